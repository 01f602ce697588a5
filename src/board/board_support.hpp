// What a game offers the board view (docs/boards.md): the names its boards hold, how it draws
// them, a ruling against the window's board with the units placed typed, and two per-hex
// overlays. The window's board view calls only this (through GameSystem::board_support) and never
// a rules function of a game module; each game implements it beside its module (TANK!:
// games/spi_tank/board_support.cpp, PanzerBlitz and Panzer Squadron: their own board files).
//
// The line the view draws is not asked for here: it comes with the ruling (Ruling::board_marks,
// board/marks.hpp), built from the very trace the ruling used, so the line drawn is the line ruled.
//
// Sections
//   HexFigures     one number per hex (the kill-chance overlay)
//   BoardSupport   the interface a game implements (with how the view draws its names)
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "geometry/hex.hpp"
#include "core/input.hpp"
#include "core/toml_reader.hpp"
#include "core/ruling.hpp"

namespace umpire::view {

// ---- HexFigures --------------------------------------------------------------------

// One figure per hex of a board, for an overlay: the kill-chance overlay's chance that the
// situation's firer kills its target standing in that hex (0 where the line is blocked).
// The overlay is seen from one unit (the window's pinned viewpoint): it keeps its hex while the
// other unit stands in each hex in turn. From the firer: where the target may stand; from the
// target: where the firer may fire from.
enum class FiguresFrom { firer, target };

struct HexFigures {
    std::string title;          // "Chance that T62 in 0302 kills M60A2 standing in each hex"
    std::string legend;         // how to read it, with the rules it follows
    std::vector<float> value;   // by Board::index; 0..1, or -1 where there is no figure (the firer's hex)
    bool complete = false;      // false: cancelled or not computed
};

// ---- BoardSupport ------------------------------------------------------------------

class BoardSupport {
public:
    virtual ~BoardSupport() = default;
    // The names a board of this game may hold (loaded rules data), to read, check and paint boards.
    virtual const board::Vocabulary& vocabulary() const = 0;
    // A board file of this game, already read as TOML (Engine::open_board reads the file once and
    // hands it here): throws InputError with FILE:LINE:COL problems. `path` finds the files a board
    // file names (a PanzerBlitz map's boards); `display_name` names it in messages.
    virtual board::Board parse(const toml::table& root, const std::filesystem::path& path, const std::string& display_name) const {
        (void)path;
        return board::parse_board(root, display_name, vocabulary());
    }
    // Reads a board file of this game (the bounded reader, then parse()).
    board::Board load(const std::filesystem::path& path, const std::string& display_name) const {
        return parse(parse_toml_file(path, display_name, kMaxBoardBytes), path, display_name);
    }
    // The choices a line of sight depends on besides the board (TANK!: "closed", "mixed", "open"
    // terrain modes, 10.6); empty when none. `mode` below is one of these, or "".
    virtual std::vector<std::string> modes() const { return {}; }
    // How the view draws one name of the vocabulary (a terrain, a second-layer hex feature or a
    // hexside feature): a short glyph drawn with it (letters or digits, so colour is never the only
    // sign) and a colour, 0xRRGGBBAA (0: the view's own). A colour without a glyph: no glyph (a plain
    // ground). Default: nothing said, the view's own look.
    struct Look {
        std::string glyph;
        std::uint32_t rgba = 0;
        std::string word;  // the game's own words for the name ("Level 1 hilltop"); "": the name itself
    };
    virtual Look look(const std::string& name) const {
        (void)name;
        return {};
    }
    // True when a unit faces a corner of its hex (Panzer Squadron's points), not a hexside (TANK!):
    // the view's facing drag then picks a corner, and Placement::facing is a corner 0..5.
    virtual bool faces_corner() const { return false; }
    // The rule that sets the target's facing on the board ("8.7"), or "" when the game's line of
    // sight has no facing (PanzerBlitz): the view then offers no facing drag in its hint.
    virtual std::string facing_rule() const { return ""; }
    // True when hex_figures() gives an overlay (TANK!'s kill chance): the view offers it only then.
    virtual bool has_hex_figures() const { return false; }
    // What a unit in `from` can see: one Mark per hex in Board::index order (clear, blocking or
    // referee_call; the unit's own hex clear). Must be fast enough to follow the mouse
    // (docs: < 0.5 ms for a 66 x 44 board). `mode` is read as the ruling reads the situation's (no
    // default): false, and no marks, when it is not one of modes().
    virtual bool visibility(const board::Board& b, const std::string& mode, const hex::Cube& from,
                            std::vector<Mark>& out) const = 0;
    // The folder of the boards shipped for this game (docs/boards.md; beside the rules data).
    virtual std::filesystem::path boards_dir() const = 0;
    // Where a situation's `board = "NAME"` is read from (`situation_dir`: the situation file's
    // folder, empty when it has none): board::find_board, the lookup the ruling makes.
    std::filesystem::path find_board(const std::string& name, const std::filesystem::path& situation_dir) const {
        return board::find_board(name, situation_dir, boards_dir());
    }
    // The boards shipped with the program for this game, to offer in the window.
    std::vector<std::filesystem::path> shipped_boards() const { return board::shipped_boards(boards_dir(), vocabulary().system); }
    // Rules `situation` (a whole situation table with `board = ...`) against `b` instead of the
    // board file: the window's board, which may hold unsaved paint. With `place` the units stand
    // where it says, typed (the board view's clicks): the situation's own hex keys (firer.hex,
    // target.hex, the target's facing; Panzer Squadron's tank.hex) are then not read. nullptr:
    // they are read from the situation. The ruling carries what it traced (Ruling::board_marks).
    // Problems go to situation.sink() and throw InputError, as GameSystem::rule.
    virtual Ruling rule(const Section& situation, const board::Board& b, const Placement* place) const = 0;
    // The overlay figure for every hex (HexFigures), for the situation's units, seen from `from`;
    // false when the game has none or the situation cannot be ruled. Slow (a ruling per hex): call
    // it off the UI thread; it stops early, returning false, when *cancel becomes true.
    virtual bool hex_figures(const board::Board& b, const toml::table& situation, HexFigures& out,
                             const std::atomic<bool>* cancel = nullptr, FiguresFrom from = FiguresFrom::firer) const {
        (void)b, (void)situation, (void)out, (void)cancel, (void)from;
        return false;
    }
};

}  // namespace umpire::view
