// Checking the picture's suggestions (issue 24; docs/maps.md "Checking the suggestions",
// docs/window.md "Checking a board from a picture"): the side panel's count of what is still
// unconfirmed and its "Check these first" list of the unsure hexes and hexsides, each with Accept;
// a selected entry outlined on the map; Next / Previous; the keys (Enter accepts the selected
// one and goes to the next, N / P next and previous, Ctrl+Z undoes in Rule mode too); "Accept all
// shown" and "Accept the rest", each after a confirmation stating the count. Every accept is the
// board's own edit (BoardPainter::accept, board/board_edit.hpp confirm_many / confirm_all): one
// undo step, and the board's Save writes it (the [suggested] lists shrink).
//
// Nothing here is amber (amber is the referee's call only): suggestions are hatched on the map,
// the selected one outlined white on black and named in the list, never told by colour alone.
//
// Sections
//   SuggestionReview   follow() (count again when the board changed), draw() (the side panel's
//                      part, the keys, the confirmations), draw_selected() (the map's outline)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "window/board/paint.hpp"
#include "window/ui/camera.hpp"
#include "board/board.hpp"
#include "board/board_support.hpp"

namespace umpire::app {

class SuggestionReview {
public:
    // One entry of "Check these first": an unsure hex, or an unsure hexside (side >= 0).
    struct Entry {
        hex::Cube hex;
        int side = -1;
    };

    // Counts the board's suggestions again when the board (`generation`: another file) or its
    // edit revision moved since the last call; another board also forgets the selection.
    void follow(const board::Board& b, std::uint64_t generation, std::uint64_t revision);
    // The side panel's part (nothing while the board has no suggestions). `painter`: the board's
    // editor (nullptr: nothing can be accepted, the list only centres). `undo_keys`: Ctrl+Z /
    // Ctrl+Y undo here (the Paint toolbar takes them in Paint mode). *centre_on gets an entry the
    // referee picked, for the map to centre.
    void draw(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support, bool undo_keys,
              std::optional<hex::Cube>* centre_on);
    // The same check while the map has the whole window (F11), where the side panel is not drawn:
    // a small strip over the map's top-right corner (at `corner`) with the counts, the selected
    // entry, Previous / Next / Accept, and the keys (Enter, N / P, Ctrl+Z) working as in the list.
    // Nothing while the board has no suggestions.
    void draw_strip(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support, bool undo_keys,
                    std::optional<hex::Cube>* centre_on, ImVec2 corner);
    // The selected entry outlined on the map: a hex by a thick white-on-black hexagon, a hexside
    // by a thick white-on-black stroke along it (`R`: a hex's circumradius on screen).
    void draw_selected(ImDrawList* dl, const Camera& cam, const board::Board& b, float R) const;

    int unconfirmed_hexes() const { return hexes_; }
    int unconfirmed_sides() const { return sides_; }
    const std::vector<Entry>& unsure() const { return unsure_; }
    std::optional<Entry> selected() const;

private:
    void count(const board::Board& b);
    void probe_values(const board::Board& b) const;
    void select(int i, std::optional<hex::Cube>* centre_on);
    void step(int by, std::optional<hex::Cube>* centre_on);  // next (1) / previous (-1), round the list
    void draw_steps(const std::string& prefix, std::optional<hex::Cube>* centre_on);
    bool accept_selected(const board::Board& b, BoardPainter* painter, std::optional<hex::Cube>* centre_on);
    void handle_keys(const board::Board& b, BoardPainter* painter, bool undo_keys, std::optional<hex::Cube>* centre_on);
    void draw_entries(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support, std::optional<hex::Cube>* centre_on);
    void draw_bulk(const board::Board& b, BoardPainter* painter);
    void draw_confirmation(const board::Board& b, BoardPainter* painter);
    void draw_undo(const board::Board& b, BoardPainter* painter);
    std::string entry_label(const board::Board& b, const view::BoardSupport* support, const Entry& e) const;

    std::uint64_t generation_ = ~std::uint64_t(0), revision_ = 0;  // what was counted
    int hexes_ = 0, sides_ = 0;  // unconfirmed suggestions
    std::vector<Entry> unsure_;  // the unsure ones, hexes in board order then hexsides
    int selected_ = -1;          // index into unsure_, -1 none
    bool ask_shown_ = false, ask_rest_ = false;  // a confirmation to open
    bool confirm_rest_ = false;                   // the open one is "Accept the rest"
    std::string done_;           // what the last accept did, in words
};

}  // namespace umpire::app
