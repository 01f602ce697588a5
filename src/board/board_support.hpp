// What a game offers the board view (docs/boards.md): the names its boards hold, and — for a pair
// of hexes or one hex — what the view lights, as plain data. The window's board view calls only
// this (through GameSystem::board_support) and never a rules function of a game module; each
// game implements it beside its module (TANK!: tank_board.*, PanzerBlitz and Panzer Squadron:
// their own board files).
//
// The marks are the ruling's own reading, not a second opinion: a game builds them from the same
// trace its ruling uses, so the board view and the ruling panel can never disagree.
//
// Sections
//   Mark           one meaning per state (the window's palette maps each to a colour and a word)
//   BoardMarks     the lines, hexes and hexsides one line-of-sight question lights
//   HexFigures     one number per hex (the kill-chance overlay)
//   BoardSupport   the interface a game implements (with how the view draws its names)
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "geometry/hex.hpp"
#include "core/input.hpp"
#include "core/toml_reader.hpp"
#include "core/ruling.hpp"

namespace umpire::view {

// ---- Mark ---------------------------------------------------------------------------

// clear: met by the line and not in the way; blocking: stops the line (or a route);
// referee_call: the rules leave it open (both readings are in the text); hindering: in the way
// without blocking (a PanzerBlitz symbol that only costs, a Panzer Squadron obstacle bonus).
enum class Mark : std::uint8_t { none, clear, blocking, referee_call, hindering };
inline const char* to_string(Mark m) {
    switch (m) {
        case Mark::clear: return "clear";
        case Mark::blocking: return "blocked";
        case Mark::referee_call: return "referee's call";
        case Mark::hindering: return "hindered";
        default: return "";
    }
}

// ---- BoardMarks ---------------------------------------------------------------------

// A point of the board a line starts or ends at: a hex's centre, or (corner 0..5, numbered as
// hexside d runs from corner d to corner d+1, corner 0 the north-west one) one of its corners.
struct BoardPoint {
    hex::Cube hex;
    int corner = -1;  // -1: the centre
};

// One line the view draws: a straight segment (TANK!'s centre-to-centre line, each of Panzer
// Squadron's two lines of fire) or a route of hexes (PanzerBlitz: each candidate route, firer's
// hex to target's, inclusive).
struct BoardLine {
    std::string label;             // "line of sight", "route 2", "left line of fire"
    BoardPoint from, to;           // the segment (route empty)
    std::vector<hex::Cube> route;  // a route of hexes, drawn through their centres (segment unused)
    Mark mark = Mark::clear;       // the line's own outcome
    bool decides = true;           // false: a candidate that does not decide (drawn thinner)
    std::string text;              // one sentence with the rule: "blocked by woods in 1204 (10.22D)"
};

struct BoardHexMark {
    hex::Cube hex;
    Mark mark = Mark::clear;
    std::string text;  // "woods in 1204 blocks (10.22D)"
};

struct BoardSideMark {
    hex::Cube hex;  // one hex of the hexside ...
    int side = 0;   // ... and its direction
    Mark mark = Mark::clear;
    std::string text;
};

// Everything one firer-target question lights on the board.
struct BoardMarks {
    std::vector<BoardLine> lines;
    std::vector<BoardHexMark> hexes;
    std::vector<BoardSideMark> sides;
    Mark verdict = Mark::clear;
    std::string summary;  // "1204 to 1709, range 6: blocked by woods in 1406 (10.22D)"
};

// ---- HexFigures --------------------------------------------------------------------

// One figure per hex of a board, for an overlay: the kill-chance overlay's chance that the
// situation's firer kills its target standing in that hex (0 where the line is blocked).
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
    // One firer-target question, read exactly as the ruling reads it.
    virtual BoardMarks line(const board::Board& b, const std::string& mode, const hex::Cube& from,
                            const hex::Cube& to) const = 0;
    // What a unit in `from` can see: one Mark per hex in Board::index order (clear, blocking or
    // referee_call; the unit's own hex clear). Must be fast enough to follow the mouse
    // (docs: < 0.5 ms for a 66 x 44 board).
    virtual void visibility(const board::Board& b, const std::string& mode, const hex::Cube& from,
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
    // board file: the window's board, which may hold unsaved paint. Problems go to
    // situation.sink() and throw InputError, as GameSystem::rule.
    virtual Ruling rule(const Section& situation, const board::Board& b) const = 0;
    // The overlay figure for every hex (HexFigures), for the situation's units; false when the game
    // has none or the situation cannot be ruled. Slow (a ruling per hex): call it off the UI
    // thread; it stops early, returning false, when *cancel becomes true.
    virtual bool hex_figures(const board::Board& b, const toml::table& situation, HexFigures& out,
                             const std::atomic<bool>* cancel = nullptr) const {
        (void)b, (void)situation, (void)out, (void)cancel;
        return false;
    }
};

}  // namespace umpire::view
