// Editing a board in place (the window's paint tool) and writing it back as a board file.
//
// Every edit goes through an EditHistory, which applies it to the Board and records what each
// place held before, so it can be undone and redone. Edits made between begin_stroke() and
// end_stroke() (a mouse drag, a filled area) are one step. The history is bounded: the oldest
// steps are dropped past a number of steps or of recorded changes.
//
// write_board() gives the board as a board file (docs/boards.md) that load_board reads back to
// the same board: runs and areas of one terrain in the shorthand, the most common terrain as
// `default`, hexsides as HEX/SIDES. The title, sample flag, terrain mode and numbering are kept;
// the original file's comments and its way of writing the shorthand are not.
//
// Sections
//   EditHistory   set_terrain, set_hex_feature, set_side, fill_hexes, fill_sides; confirming
//                 suggestions (one, many, all); strokes; undo, redo; saved mark
//   write_board   the board as board-file text; save_board writes it atomically (the picture's
//                 path rewritten for the new file: write_board_at, save_board_as); the writing
//                 helpers other sections' writers share (board/underlay.cpp)
//   equal_boards  same size, numbering, keys, terrain and hexside features (for tests and "unsaved")
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "board/board.hpp"

namespace umpire::board {

// ---- EditHistory --------------------------------------------------------------------

// One place changed: a hex's terrain (terrain_of[index]), its second-layer feature
// (feature_of[index], stored as 0 none else 1 + feature) or a hexside (sides_of[index]).
struct Change {
    bool side = false;
    bool feature = false;  // the second per-hex layer (Vocabulary::hex_features)
    int index = 0;
    std::uint8_t terrain_before = 0, terrain_after = 0;  // for `feature`: feature_of's values
    std::uint8_t mark_before = 0, mark_after = 0;        // hexes: suggested_of (a hexside's is in SideFeature)
    SideFeature side_before, side_after;
};

struct Step {
    std::vector<Change> changes;  // at most one per place: a stroke painting a hex twice keeps one
    std::uint64_t id = 0;         // identifies the board state this step leads to
};

class EditHistory {
public:
    struct Limits {
        std::size_t max_steps = 500;        // undo steps kept
        std::size_t max_changes = 200000;   // places recorded over all kept steps (~60 bytes each)
    };
    EditHistory() = default;
    explicit EditHistory(Limits limits) : limits_(limits) {}

    // Edits. Each applies to `b` at once and returns whether anything changed; outside a stroke
    // it is one undo step of its own. Hexes off the board, unknown terrain or feature indices and
    // hexsides of hexes off the board change nothing (false).
    bool set_terrain(Board& b, const hex::Cube& h, int terrain);
    // The second per-hex layer: h gets `feature` (an index into vocabulary.hex_features; -1
    // clears it). False as well on a board whose game has no such layer.
    bool set_hex_feature(Board& b, const hex::Cube& h, int feature);
    // Side d of h gets `feature` (an index into vocabulary.hexside_features; -1 clears it). For a
    // directional feature (a slope, 10.5) h is the hex on the sloped side.
    bool set_side(Board& b, const hex::Cube& h, int d, int feature);
    // Every hex (hexside) a shorthand names (docs/boards.md), as one step. Returns the shorthand's
    // error ("" when it was fine); nothing changes on an error. A directional feature needs the
    // HEX/SIDES form (a path does not say the sloped side), as in a board file.
    std::string fill_hexes(Board& b, const std::string& shorthand, int terrain);
    std::string fill_sides(Board& b, const std::string& shorthand, int feature);
    // Suggestions from the picture (board/underlay.hpp): every edit above confirms the hex or
    // hexside it paints; these confirm one as it stands (the referee accepts it). False when it
    // was not a suggestion. Undone like any edit.
    bool confirm(Board& b, const hex::Cube& h);
    bool confirm_side(Board& b, const hex::Cube& h, int d);
    // Many accepted at once ("Accept all shown" in the window): the hexes and hexsides (a hex on
    // the board and a direction) given, as one undo step. Returns how many were suggestions.
    int confirm_many(Board& b, const std::vector<hex::Cube>& hexes, const std::vector<std::pair<hex::Cube, int>>& sides);
    // Every suggestion still on the board ("Accept the rest"), as one undo step; how many.
    int confirm_all(Board& b);

    // Strokes: every edit until end_stroke() is one step (nothing recorded: no step).
    void begin_stroke();
    void end_stroke();
    bool in_stroke() const { return stroke_; }

    // Undo and redo a whole step (an open stroke is ended first). False when there is none.
    bool undo(Board& b);
    bool redo(Board& b);
    bool can_undo() const { return !undo_.empty() || (stroke_ && !current_.changes.empty()); }
    bool can_redo() const { return !redo_.empty(); }
    std::size_t undo_steps() const { return undo_.size(); }
    std::size_t recorded_changes() const { return recorded_; }

    // Bumped by every change to the board made through this history (edits, undo, redo): a view
    // recomputes what it derives from the board when this moves.
    std::uint64_t revision() const { return revision_; }
    // The saved mark: unsaved() is true when the board differs, by this history's steps, from
    // the state it was in at the last mark_saved() (undoing back to it clears it again).
    void mark_saved() { saved_id_ = state_id(); }
    bool unsaved() const { return state_id() != saved_id_; }
    // Forget every step (a board was loaded); the board as it is now counts as saved.
    void reset();

private:
    void record(Board& b, Change c);
    void commit();
    void trim();
    std::uint64_t state_id() const;
    void apply(Board& b, const Step& s, bool forward);
    // Runs `edit` in the open stroke, or as a stroke of its own (one undo step) when none is open.
    template <class Edit>
    void in_stroke(Edit edit) {
        const bool open = stroke_;
        if (!open) begin_stroke();
        edit();
        if (!open) end_stroke();
    }
    // undo or redo: the last step of `from` applied (backwards for an undo) and moved to `to`.
    bool move_step(Board& b, std::vector<Step>& from, std::vector<Step>& to, bool forward);
    static void put(Board& b, const Change& c, bool forward);

    Limits limits_;
    std::vector<Step> undo_, redo_;
    Step current_;
    std::unordered_map<std::int64_t, std::size_t> current_at_;  // place -> its change in current_
    bool stroke_ = false;
    std::size_t recorded_ = 0;
    std::uint64_t next_id_ = 1, base_id_ = 0, saved_id_ = 0, revision_ = 0;
};

// ---- write_board ------------------------------------------------------------------

// The board as the text of a board file that load_board reads back to an equal board (see
// equal_boards). Throws std::logic_error only for a board no file can state (a slope whose
// sloped hex is off the board), which neither load_board nor EditHistory makes.
std::string write_board(const Board& b);

// write_board, then atomic_write (core/atomic_file.hpp): the old file stays whole if anything
// fails. Returns the error, or nothing on success. The text is written for `path`: a picture the
// board names ([underlay] image, relative to b.file's folder) is named relative to path's folder
// (write_board_at), so a board saved into another folder still finds its picture.
std::optional<std::string> save_board(const Board& b, const std::filesystem::path& path);
// save_board, and on success the board is that file's: b.file = path, and its underlay's image
// as written there. On an error the board is unchanged.
std::optional<std::string> save_board_as(Board& b, const std::filesystem::path& path);
// write_board with the underlay's image named for a file at `path` (board/underlay.hpp
// underlay_image_for; an empty path: the picture's absolute path, for text kept elsewhere, such as
// the window's recovered-*.toml).
std::string write_board_at(const Board& b, const std::filesystem::path& path);

// The [underlay] and [suggested] sections as board-file text (each from a blank line), "" when the
// board has none; write_board calls them. Defined in board_sections.cpp.
std::string write_underlay(const Board& b);
std::string write_suggested(const Board& b);

// Writing helpers: a TOML string with its escapes; `key = [...]` split into key, key-, key--, ...
// past kMaxArrayItems items (read back as one list); the hexes for which holds(index) is true
// as few shorthand strings.
std::string toml_quoted(const std::string& s);
// Sides of one hex in the shorthand, in order: "1204/B-C-D" (directions 1, 2, 3).
std::string sides_text(const Board& b, const hex::Cube& h, std::vector<int> directions);
// Every hexside carrying a feature, named as write_board names it (a slope from its sloped hex,
// 10.5; another feature from the hex its file named, else a hex on the board), feature by feature.
struct NamedSide {
    int feature = 0;
    hex::Cube hex;
    int direction = 0;
};
std::vector<NamedSide> named_sides(const Board& b);
void write_list(std::string& out, const std::string& key, const std::vector<std::string>& items);
std::vector<std::string> hex_cover(const Board& b, const std::function<bool(std::size_t)>& holds);

// ---- equal_boards ---------------------------------------------------------------------

// Same system, title, sample flag, terrain mode, numbering, size, terrain of every hex and
// feature of every hexside (with its sloped hex), the same underlay and the same suggestion marks.
// Where a board file set a feature is not compared.
bool equal_boards(const Board& a, const Board& b);

}  // namespace umpire::board
