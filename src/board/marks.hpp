// What a ruling on a board traced, as plain data (docs/boards.md "What the board view shows"):
// the line or lines it followed, the hexes and hexsides it met and how each counts, and the
// verdict. A game builds these from the very trace its ruling uses and hands them over with the
// ruling (Ruling::board_marks); the window's board view draws exactly these and never traces the
// line again, so the line drawn is the line ruled.
//
// Also the units' places on a board, typed (Placement): what the board view's clicks give and
// what a ruling against the window's board takes instead of reading hex numbers from text.
//
// Sections
//   Mark         one meaning per state (the window's palette maps each to a colour and a word)
//   BoardMarks   the lines, hexes and hexsides one firer-target question lights
//   Placement    where the firer and the target stand and where the target faces
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "geometry/hex.hpp"

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

// Everything one firer-target question lights on the board: what the ruling traced.
struct BoardMarks {
    hex::Cube firer, target;  // the two hexes the ruling traced between
    std::vector<BoardLine> lines;
    std::vector<BoardHexMark> hexes;
    std::vector<BoardSideMark> sides;
    Mark verdict = Mark::clear;
    std::string summary;  // "1204 to 1709, range 6: blocked by woods in 1406 (10.22D)"
};

// ---- Placement ----------------------------------------------------------------------

// The units on a board, typed. `firer` is the unit placed first (the firer, or Panzer Squadron's
// moving tank); `facing` is the target's: a direction 0..5 (its front hexside, TANK! 8.7), or a
// corner 0..5 when the game's units face a corner (BoardSupport::faces_corner, Panzer Squadron).
struct Placement {
    std::optional<hex::Cube> firer, target;
    std::optional<int> facing;
    friend bool operator==(const Placement& a, const Placement& b) {
        return a.firer == b.firer && a.target == b.target && a.facing == b.facing;
    }
    friend bool operator!=(const Placement& a, const Placement& b) { return !(a == b); }
};

}  // namespace umpire::view
