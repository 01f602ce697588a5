// The Picture tool's window-free logic (docs/maps.md "Calibrating", "Examples"; picture_tool.hpp
// draws it): the clicked points kept in the board's [underlay] with their own undo, the hex the
// current fit puts under a click, a point's residual in words, what to do about a refused
// calibration, and the examples the referee clicked. Unit-tested in tests/gui/test_picture_tool.cpp.
//
// Sections
//   PointEdits       add, remove, renumber the underlay's points; undo, redo
//   the fit          hex_under, residual_words, calibration_advice
//   Examples         the names offered, the examples list
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/suggest.hpp"
#include "geometry/calibration.hpp"

namespace umpire::app {

// ---- PointEdits --------------------------------------------------------------------------

// Edits to board.underlay->points (the board must have an [underlay]), each one undo step.
// Refused (false, *error in words) when the list is full (board::kMaxUnderlayPoints) or the
// index is out of range; renumbering to the hex a point already has changes nothing (false).
class PointEdits {
public:
    bool add(board::Board& b, const hex::Cube& h, plane::Vec2 pixel, std::string* error = nullptr);
    bool remove(board::Board& b, std::size_t i);
    bool renumber(board::Board& b, std::size_t i, const hex::Cube& h);
    bool undo(board::Board& b);
    bool redo(board::Board& b);
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }
    void reset() { undo_.clear(), redo_.clear(), saved_.reset(); }  // another board
    // Bumped by every change (edit, undo, redo): the fit is computed again when it moves.
    std::uint64_t revision() const { return revision_; }
    // Whether b's points differ from those at mark_saved() (a Save board wrote them; undoing back
    // to them is saved again). A board never marked counts as saved.
    bool unsaved(const board::Board& b) const;
    void mark_saved(const board::Board& b);

private:
    void record(const board::Board& b);
    bool step(board::Board& b, std::vector<std::vector<board::UnderlayPoint>>& from, std::vector<std::vector<board::UnderlayPoint>>& to);
    std::vector<std::vector<board::UnderlayPoint>> undo_, redo_;
    std::uint64_t revision_ = 0;
    std::optional<std::vector<board::UnderlayPoint>> saved_;
};

// ---- the fit -----------------------------------------------------------------------------

// The hex of `b` the fit puts under `pixel` (nullopt: the fit is refused, or the pixel lies off the board).
std::optional<hex::Cube> hex_under(const calibration::Fit& fit, const board::Board& b, plane::Vec2 pixel);

// A point's residual (in hexes) as the points list shows it: "0.03", or over half a hex (the click
// lies nearer another hex's centre) "0.81: a wrong click or a wrong number?" with bad = true.
struct Residual {
    std::string text;
    bool bad = false;
};
Residual residual_words(double hexes);
// A pixel as the lists and the popup say it: "812, 433".
std::string pixel_text(plane::Vec2 p);

// What to do about a refusal (calibration::Fit::error), as docs/maps.md's table says it.
std::string calibration_advice(const std::string& error);

// ---- Examples ----------------------------------------------------------------------------

// The names an example may take (board::example_names); `on` joins a second-layer hex feature to
// a terrain ("l1-hilltop+woods-hex"): the name suggest takes for a hex of both.
std::string example_name(const board::Vocabulary& v, const std::string& name, const std::string& on);
// Whether `name` is a hexside feature only (clicked at a hexside's midpoint).
bool hexside_only(const board::Vocabulary& v, const std::string& name);

}  // namespace umpire::app
