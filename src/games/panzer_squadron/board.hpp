// Panzer Squadron on a board (docs/panzer-squadron.md, "On a board"): the two lines of fire from
// the firer's cannon to the target's hexagon, traced exactly, the armour face each strikes, the
// obstacle bonus; the visibility map; the movement plan placed on the board; the BoardSupport the
// window's board view calls.
//
// The page's Line of Fire and Armour diagrams are missing. Umpire's reading (rules-data [choices]
// line_points, touching_passes; [armour]):
//   - the cannon is the centre of the firer's hexagon;
//   - "near": the two lines join it to the two points (corners) of the target's hexagon nearest to
//     it; when two points are equally second-nearest (the firer looks straight at a point) each of
//     them is one reading. The other reading, "outer": the two lines that frame the hexagon (the
//     extreme left and right points as seen from the cannon);
//   - a line passes an obstacle when its open segment crosses the interior of an obstacle hex
//     (not the firer's own, not the target's), runs along the side two obstacle hexes share, or
//     crosses or runs along an obstacle hexside (one of
//     the firer's own hexsides too: own_hexsides_count). Only touching one (a corner, or running
//     along a side of an obstacle hex) is a referee's call (touching_passes).
//   - the tanks' own places: an obstacle hexside of the target's hexagon facing the firer, on which a
//     line ends, counts (target_hexsides_count); an obstacle hexagon a tank stands in does not
//     (occupied_hexes_count); two lines striking different faces leave the point of impact to the
//     referee (its diagram is missing).
// A ruling that changes with either reading is a referee's call with every reading shown.
//
// Geometry is exact: points are axial coordinates times 3 (every corner is then an integer point)
// and every decision is a comparison of integer products. hex::walk_line (trace.hpp) traces only
// centre-to-centre lines, so corner endpoints use trace_segment below, which tests/test_ps_board.cpp checks
// against hex::trace_line on centre-to-centre lines.
//
// Sections
//   Vocabulary, corners   the names a Panzer Squadron board holds; corner names and numbering
//   trace_segment         which hexes and hexsides a segment between two points meets, and how
//   line_of_fire          the two lines under every reading, faces, obstacle bonus, calls
//   report                JSON and text for the CLI's `los`
//   visibility            per hex: clear, obstacle bonus (hindering) or referee's call
//   movement              the movement plan's steps placed on the board
//   BoardSupport          the board view's interface (board_support.hpp)
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "geometry/hex.hpp"
#include "core/json.hpp"
#include "games/panzer_squadron/system.hpp"

namespace umpire::panzer_squadron {

// ---- Vocabulary, corners --------------------------------------------------------------

board::Vocabulary board_vocabulary(const Data& d);

// Corners use board_support.hpp's numbering: corner k is where hexside k-1 meets hexside k
// (0 north-west, 1 north-east, 2 east, 3 south-east, 4 south-west, 5 west).
std::optional<int> parse_corner(const Data& d, const std::string& name);
const std::string& corner_name(const Data& d, int corner);
// The armour face a line ending at `corner` strikes on a target facing `facing` (both board
// corners): points counted clockwise from the facing point, named by rules-data [armour].
const std::string& face_at(const Data& d, int facing, int corner);

// ---- trace_segment ------------------------------------------------------------------------

struct Pt {  // axial coordinates x 3
    std::int64_t q = 0, r = 0;
    friend bool operator==(const Pt& a, const Pt& b) { return a.q == b.q && a.r == b.r; }
};
Pt centre_point(const hex::Cube& h);
Pt corner_point(const hex::Cube& h, int corner);

enum class Meet : std::uint8_t { crosses, along, touches };
const char* to_string(Meet m);

struct HexHit {
    hex::Cube hex;
    Meet how = Meet::crosses;
    hex::Frac enter, leave;  // 0 = the segment's start, 1 = its end (touches: enter == leave)
};
struct SideHit {
    hex::Cube hex;  // one hex of the hexside ...
    int side = 0;   // ... and its direction
    Meet how = Meet::crosses;
    hex::Frac at;   // where it is crossed or touched (along: where the run starts)
};
struct SegmentTrace {
    std::vector<HexHit> hexes;  // ordered by (enter, leave)
    std::vector<SideHit> sides; // ordered by at
};
// Everything the closed segment a-b meets. Hexsides: every one met when `sides` is all_sides,
// else only those carrying a feature on `b` (visibility needs no others). Hexes off the board
// are included (a line may leave it), sides only within the board's side grid.
enum class Sides { all_sides, featured };
void trace_segment(const board::Board& b, const Pt& from, const Pt& to, Sides sides, SegmentTrace& out);

// ---- line_of_fire ------------------------------------------------------------------------

struct LineObstacle {
    bool hexside = false;
    hex::Cube hex;
    int side = -1;
    std::string terrain;
    Meet how = Meet::crosses;
    bool passes = false;  // crossed or run along (a hexside), crossed (a hex)
    bool of_firer = false;  // a hexside of the firer's own hexagon (rules-data own_hexsides_count)
    bool of_target = false; // a hexside of the target's hexagon facing the firer, the line ending on it (target_hexsides_count)
    bool occupied = false;  // the firer's or the target's own hexagon is the obstacle (occupied_hexes_count)
    std::string text;     // "obstacle in 0305 crossed"
};

struct FireLine {
    int corner = 0;          // the target hexagon's point the line ends at (board corner)
    std::string face;        // the armour face that point denotes ("" when the facing is unknown)
    SegmentTrace trace;
    std::vector<LineObstacle> obstacles;  // passed or touched, in line order
    bool passes = false, touches = false;
    bool passes_beyond = false;  // passes an obstacle other than a hexside of the firer's own hexagon
    bool target_side = false;    // ends on an obstacle hexside of the target's hexagon that faces the firer
    bool occupied = false;       // starts in an obstacle hexagon (the firer's) or ends on one (the target's)
};

// The PS-obstacle readings a line's obstacle flag depends on (rules-data [choices]).
struct ObstacleReadings {
    bool touching = false, own_sides = true, target_sides = true, occupied = false;
};
ObstacleReadings obstacle_readings(const Data& d);
// Whether the line gives the target the obstacle bonus under the readings `o` (the data's: line_counts).
bool line_counts(const FireLine& f, const ObstacleReadings& o);
bool line_counts(const Data& d, const FireLine& f);

struct Reading {
    std::string name;                // "near", "near (mirror)", "outer"
    std::array<FireLine, 2> lines;   // left then right, as seen from the firer
    bool bonus = false;              // as ruled (touching_passes)
    bool bonus_other_touch = false;  // under the other reading of touching
    bool bonus_other_own = false;    // under the other reading of the firer's own hexsides
    bool bonus_other_target = false; // under the other reading of the target's own hexsides
    bool bonus_other_occupied = false;  // under the other reading of the tanks' own obstacle hexagons
    std::vector<std::string> faces;  // the two faces, sorted (the order of the lines does not matter)
};

struct LineOfFire {
    hex::Cube firer, target;
    int range = 0;
    int facing = -1;                // the target's facing point, -1 unknown
    std::vector<Reading> readings;  // [0] as ruled; then every other reading
    bool bonus = false;             // readings[0].bonus
    bool points_call = false;       // another reading of the points changes faces or bonus
    bool touch_call = false;        // the reading of touching changes the bonus
    bool own_call = false;          // counting the firer's own hexsides or not changes the bonus
    bool target_call = false;       // counting the target's own hexsides or not changes the bonus
    bool occupied_call = false;     // counting an obstacle hexagon a tank stands in or not changes the bonus
    bool impact_call = false;       // the two lines (as ruled) strike different faces: the point of impact decides
    bool both_call = false;         // both lines (as ruled) pass an obstacle: is the target visible? (both_lines_pass_hides)
    struct Call {
        std::string rule;  // PS-fire (which points) or PS-obstacle (touching, own hexsides)
        std::string text;  // one sentence
    };
    std::vector<Call> calls;
    bool referee_call() const { return points_call || touch_call || own_call || target_call || occupied_call || impact_call || both_call; }
    bool visible(const Data& d) const { return !(both_call && d.both_lines_pass_hides); }
};

LineOfFire line_of_fire(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target, int facing);

// ---- report ---------------------------------------------------------------------------------

// The referee's call when both lines pass an obstacle (PS-fire; rules-data both_lines_pass_hides).
std::string both_lines_call_text(const Data& d);
json::Object lof_json(const Data& d, const board::Board& b, const LineOfFire& l);
std::string lof_text(const Data& d, const board::Board& b, const LineOfFire& l);
// "the left line ends at 0305's NE point (side armour) and crosses obstacle in 0304": one line each.
std::string line_text(const Data& d, const board::Board& b, const hex::Cube& target, const FireLine& f, const char* label);
// For the board view (board/marks.hpp): both lines under every reading (those ruled decide), the
// hexes they cross and each obstacle met, marked as the ruling counts it. The ruling builds its marks so.
view::BoardMarks board_marks(const Data& d, const board::Board& b, const LineOfFire& l);

// ---- visibility -------------------------------------------------------------------------------

// One Mark per hex (Board::index order) seen from `from`: clear (no obstacle bonus), hindering
// (the target there would have the obstacle bonus), referee_call (a reading decides). Nothing on
// the page hides a tank, so no hex is blocking; `from` itself is clear.
void visibility(const Data& d, const board::Board& b, const hex::Cube& from, std::vector<view::Mark>& out);

// ---- movement -------------------------------------------------------------------------------

struct BoardStep {
    hex::Cube hex;
    int corner = 0;     // board corner faced
    bool on_board = true;
};
// The trace() steps placed on the board from a tank in `start` facing board corner `facing`.
std::vector<BoardStep> place_steps(const std::vector<StepTrace>& steps, const hex::Cube& start, int facing);

// ---- BoardSupport ---------------------------------------------------------------------------

// modes() are the target's possible facings (corner names): the armour face depends on it.
// `sys` rules situations against a held board (BoardSupport::rule).
std::unique_ptr<view::BoardSupport> make_board_support(const PanzerSquadron& sys);

}  // namespace umpire::panzer_squadron
