// TANK! line of sight on a board (10.2): what lies on the exact centre-to-centre line, which of it
// obstructs in the scenario's terrain mode (10.21, 10.6), and whether it blocks (10.22-10.25).
// Also the visibility map from one hex and for all pairs of hexes.
//
// Obstruction is read from the Terrain Effects Chart in rules-data (spi_tank::Data::terrain); this
// file only applies 10.22-10.24 to the board's geometry. The fire ruling itself stays in
// spi_tank.cpp: a situation with `board = ...` turns this into the obstacles it already takes.
//
// Readings (docs/boards.md):
//   - A line through a corner (not along hexsides): the rules are silent. Both readings are
//     computed — the line taken as passing through the hex that only touches the corner (crossing
//     two of its sides) or past it (crossing the side between the other two) — and where they
//     differ the result is a referee's call.
//   - A depression (10.26; a board's [[area]] of kind "depression"): the slopes that describe it are
//     those on its boundary (a hexside between a hex in the area and one outside). A line between
//     two units both outside the area ignores them, crossed or run along; a unit inside sees them
//     obstruct as usual (10.22, 10.25). Slopes between two hexes inside the area are other terrain.
//   - A line along a hexside (a hexspine): blocked by an obstructing hexside there (10.23) or, in
//     closed and mixed modes, by a woods hex on either side (10.24): both hexes are shown. The
//     corners where such a line leaves one hex centre for the next hexside are not corner readings
//     of their own (10.23/10.24 speak to the run along), but an obstructing side of that hex met
//     there only at its end is (SideEnd): the rules are silent, a referee's call.
//
// Sections
//   Vocabulary     the names a TANK! board accepts, from rules data
//   LosRules       obstruction per terrain in one mode, as lookup tables
//   line_of_sight  the full account of one line (for the CLI's `los` and the ruling), as JSON/text
//   visibility     one hex to every hex (fast walk), and all pairs (threads)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "core/json.hpp"
#include "games/spi_tank/data.hpp"
#include "geometry/trace.hpp"

namespace umpire::spi_tank {

// ---- Vocabulary -------------------------------------------------------------------

// Hex terrain: every hex row of the Terrain Effects Chart (10.6) in any mode except the improved
// position (a unit's entrenchment, 14.4: target.improved_position) and the features added to a
// hex's ground (a row with an addition, no soft defense of its own: the wreck, 8.62), which are the
// second per-hex layer ([hex_features] wreck = [...]: a wreck in a woods, rough or clear hex);
// hexside features: berm and slope; slope is directional (10.5). "clear" comes first (a board's default).
board::Vocabulary board_vocabulary(const Data& d);

// ---- LosRules -----------------------------------------------------------------------

struct LosRules {
    Mode mode = Mode::mixed;
    std::vector<std::uint8_t> hex_obstructs;   // by vocabulary hex terrain index (10.21)
    std::vector<std::uint8_t> side_obstructs;  // by vocabulary hexside feature index
    std::vector<std::uint8_t> feature_obstructs;  // by vocabulary hex feature index (a wreck: 10.6 says no)
    std::vector<std::string> hex_notes, side_notes;  // why a terrain does not obstruct (10.61 open mode)
    // Per board area (Board::areas, in order): bit f set when a line between two units both
    // outside the area ignores an obstructing feature f on its boundary (10.26: the depression's
    // slopes), and the rule to cite. Areas with a zero mask change nothing.
    std::vector<std::uint32_t> area_ignores;
    std::vector<std::string> area_rule, area_kind;
};
LosRules los_rules(const Data& d, const board::Board& b, Mode m);

// ---- line_of_sight ------------------------------------------------------------------

enum class Sight : std::uint8_t { clear, blocked, referee_call };
const char* to_string(Sight s);

// One thing on the line the rules look at: a hex crossed (or the firer's/target's own hex), a
// hexside crossed, or a hexside run along (with the hexes on both sides).
struct LosItem {
    enum Kind : std::uint8_t { hex, hexside, along } kind = hex;
    hex::Cube where;       // the hex, or a hex of the hexside
    int side = -1;         // hexside: direction from `where`
    std::string terrain;   // "woods", "berm", ...; for `along`, the hexside's feature or ""
    std::string feature;   // hex: the second layer's feature there ("wreck", 8.62), or ""
    std::string beside[2]; // along: the terrain of the two hexes (10.24)
    bool obstructs = false;
    bool of_firer = false, of_target = false;  // is (a side of) the firer's / target's hex
    bool blocks = false;
    bool ignored = false;  // an obstructing feature the line passes over (10.26: both units outside a depression)
    std::string rule;  // "10.22D"
    std::string text;  // "woods in 1204 blocks (10.22D)"
};

// A corner the line passes exactly through (not on a hexspine): the hex it leaves, the one that
// only touches the corner and the one it enters; each reading's verdict and why.
struct CornerReading {
    hex::Frac at;
    hex::Cube left, touched, entered;
    bool through_blocks = false;  // read as passing through `touched` (two sides and that hex)
    bool past_blocks = false;     // read as passing past it (the side between left and entered)
    std::string through_text, past_text;
    // The hexsides left|touched, touched|entered, left|entered: a feature there the line passes
    // over (10.26: both units outside a depression it bounds).
    bool side_ignored[3] = {false, false, false};
};

// A hexside the line meets only at one end (issue 22 item 8): on a hexspine, a side of a hex whose
// centre the line passes, at the corner where the line joins or leaves a run along a hexside (the
// other two hexsides there are the one run along and the hex's other side). 10.22C speaks of a line
// intersecting a hexside, 10.23 of one running along it; one end point is neither: obstructing
// and part of neither unit's hex, it is a referee's call, like a line through a corner.
struct SideEnd {
    hex::Frac at;
    hex::Cube where;  // the hex whose centre the line passes
    int side = -1;    // the side of `where` met only at its end
    std::string text;
};

struct LineOfSight {
    hex::Cube firer, target;
    int range = 0;  // 8.3: hexes counted
    hex::Trace trace;
    std::vector<LosItem> items;            // in line order
    std::vector<CornerReading> corners;
    std::vector<SideEnd> side_ends;        // on a hexspine: obstructing hexsides met only at an end
    Sight verdict = Sight::clear;          // blocked by an item or by both readings of a corner
    std::string blocker;                   // the first blocking item's text (or corner's)
    // The sides of the target's hex the fire comes through (10.61): one, or two when it arrives
    // exactly at a corner (then each is one reading). As (target hex, direction).
    std::vector<int> target_entry_sides;
};

LineOfSight line_of_sight(const board::Board& b, const LosRules& rules, const hex::Cube& firer, const hex::Cube& target);

// The geometry keys exactly as a ruling's `position` (firer_hex, target_hex, range, hexes,
// hexsides_crossed, hexsides_along, corners), then items, corner_readings, target_entry_sides,
// verdict and blocker.
json::Object los_json(const board::Board& b, const LineOfSight& los);
// For a person: the verdict, the path and every item with its rule.
std::string los_text(const board::Board& b, const LineOfSight& los);
// For the board view (board/marks.hpp): the line, every hex it enters and hexside it crosses or
// runs along, each with the ruling's own sentence and mark, and the corners' two readings
// (games/spi_tank/board_support.cpp). The ruling on a board builds its marks so.
view::BoardMarks board_marks(const board::Board& b, const LineOfSight& los);

// ---- visibility ---------------------------------------------------------------------

struct VisibilityCell {
    Sight sight = Sight::clear;
    std::uint8_t kind = 0;  // blocked: LosItem::Kind of the first blocker; 3 = a corner (both readings)
    std::int8_t side = -1;  // blocked by a hexside: its direction from `at`
    hex::Cube at;           // blocked: where; referee's call: the hex touching the first disputed corner
};

// Every hex of the board seen from `from`, in board index order (Board::index). The firer's own
// hex is clear. Uses the O(range) walk with early exit at the first block.
void visibility(const board::Board& b, const LosRules& rules, const hex::Cube& from, std::vector<VisibilityCell>& out);

// Every ordered pair (row = from, column = to, by board index) as Sight, computed once per
// unordered pair (10.22 treats the two units alike) on `threads` threads (0: the hardware's).
std::vector<Sight> visibility_all(const board::Board& b, const LosRules& rules, unsigned threads);

}  // namespace umpire::spi_tank
