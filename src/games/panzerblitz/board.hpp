// PanzerBlitz on a board (docs/panzerblitz.md "Boards", docs/boards.md): the board files, the
// routes the rules trace line of sight along, and the ruling read from the map.
//
// The rules (Arvold, "How to determine the LOS") trace line of sight through exactly `range`
// hexes, as short and straight as the grid allows, and where several such routes exist the one
// least favourable to the attacker counts. Umpire's reading of "straightest": a route is a chain
// of `range` steps between neighbouring hexes, each step one hex closer to the target, whose i-th
// hex holds the point i/range of the way along the exact centre-to-centre line (a point on a
// hexside or corner is held by each hex it touches: the ties). Each route is turned into the
// inputs a referee types by hand (the firer's
// and target's elevations, each symbol met and its hexside count from the firer, hilltop woods,
// gully) and ruled by the notes engine (panzerblitz.hpp); the worst for the attacker decides.
//
// Sections
//   Vocabulary   the names a PanzerBlitz board holds: elevations, single-hex woods/towns, symbols
//   load_map     a board file, or a map of several boards joined side by side / end to end
//   board_los    every route, each ruled, the deciding one marked; JSON and text
//   apply_board  a situation with board = "FILE": the hand-typed inputs read from the map
//   BoardSupport what the window's board view lights (routes, symbols met, visibility)
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "core/json.hpp"
#include "games/panzerblitz/rules.hpp"

namespace umpire::panzerblitz {

// ---- Vocabulary ---------------------------------------------------------------------

// Hexes (the elevation layer, [hexes]): ground (the default), gully, l1-slope, l1-hilltop,
// l2-slope, l2-hilltop — the situation's elevation names. The second layer ([hex_features]):
// woods-hex, town-hex (a single-hex woods or town; on a hilltop hex it stands on the hilltop,
// note N). Hexsides: green, grey, brown, orange, yellow, purple, and hilltop-green, hilltop-grey
// (woods/town hexsides standing on a hilltop, note N).
board::Vocabulary board_vocabulary();

// The symbol a hexside feature is (the name without "hilltop-") and whether it stands on a hilltop.
struct SideSymbol {
    std::string symbol;
    bool on_hilltop = false;
};
SideSymbol side_symbol(const board::Board& b, const board::SideFeature& f);

// ---- load_map -----------------------------------------------------------------------

// A board file, or a map file whose [[boards]] place board files (relative to the map file)
// at a column and row of the map, rotated 180 degrees or not. Throws InputError (FILE:LINE:COL).
board::Board load_map(const std::filesystem::path& path, const std::string& display_name);
// The same from the file already read as TOML (BoardSupport::parse; `path` places the boards).
board::Board parse_map(const toml::table& root, const std::filesystem::path& path, const std::string& display_name);

// ---- board_los ----------------------------------------------------------------------

// One symbol a route meets, where it is on the map.
struct RouteSymbol {
    Obstacle obstacle;  // as typed by hand: symbol, side = k (or hex = j), on_hilltop
    hex::Cube hex;      // the hexside's hex on the firer's side (or the woods/town hex)
    int side = -1;      // the hexside's direction from `hex`; -1 for a single hex
    std::string where;  // "0305/C" or "0406"
};

struct Route {
    std::vector<hex::Cube> hexes;  // firer's hex to target's, inclusive (range + 1 hexes)
    std::vector<RouteSymbol> symbols;
    bool clear = true;             // the notes' ruling of this route
    bool referee_call = false;     // the ruling is a referee's call
    std::string notes;             // "C, L"
    bool decides = false;
};

struct BoardLos {
    hex::Cube firer, target;
    int range = 0;
    std::string firer_elevation, target_elevation;
    std::vector<Route> routes;        // every candidate route (at most kMaxRoutesListed, see below)
    std::uint64_t route_count = 0;    // how many there are (saturating)
    std::size_t decider = 0;          // index into routes
    Situation situation;              // the deciding route's inputs
    Ruling ruling;                    // its ruling
};
// Routes listed (every one when there are fewer); the decider is always among them.
inline constexpr std::size_t kMaxRoutesListed = 256;

BoardLos board_los(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target);
// Only the verdict (for visibility maps): clear, blocked, or a referee's call.
view::Mark board_sight(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target);

std::string route_text(const board::Board& b, const Route& r);  // "0302 0303 0404"
// For the board view (board/marks.hpp): every route (the deciding one said so) and the symbols
// each meets, judged as its ruling judges them. The ruling on a board builds its marks so.
view::BoardMarks board_marks(const Data& d, const board::Board& b, const BoardLos& los);
json::Object board_los_json(const board::Board& b, const BoardLos& los);
std::string board_los_text(const board::Board& b, const BoardLos& los);

// ---- apply_board --------------------------------------------------------------------

// apply_board (board = "FILE": the inputs read from the map) is declared in rules.hpp, beside
// parse_situation which calls it, and defined in board.cpp.

// ---- BoardSupport -------------------------------------------------------------------

class PanzerBlitzBoardSupport final : public view::BoardSupport {
public:
    // `sys` rules a situation against a held board (rule() below); without it (the CLI's board
    // commands) rule() rules without the window's ruling view.
    explicit PanzerBlitzBoardSupport(const Data* d, const PanzerBlitz* sys = nullptr) : data_(d), sys_(sys), vocabulary_(board_vocabulary()) {}
    const board::Vocabulary& vocabulary() const override { return vocabulary_; }
    board::Board parse(const toml::table& root, const std::filesystem::path& path, const std::string& display_name) const override {
        return parse_map(root, path, display_name);
    }
    // Elevations by their level and slope ("1s" a level 1 slope, "2H" a level 2 hilltop, "g" a gully),
    // single-hex woods/town "W"/"T", each hexside symbol its colour with two letters ("gn", "ye").
    Look look(const std::string& name) const override;
    bool visibility(const board::Board& b, const std::string& mode, const hex::Cube& from, std::vector<view::Mark>& out) const override;
    std::filesystem::path boards_dir() const override { return data_->boards_dir; }
    // The situation ruled against `b` (the window's board) instead of its board file.
    Ruling rule(const Section& situation, const board::Board& b, const view::Placement* place) const override;

private:
    const Data* data_;
    const PanzerBlitz* sys_;
    board::Vocabulary vocabulary_;
};

}  // namespace umpire::panzerblitz
