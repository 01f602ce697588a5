// Panzer Squadron (page 2 of the English rules): activation actions, the movement point
// calculator and attacks of opportunity.
//
// Sections
//   Data       rules-data/panzer-squadron.toml: dice, costs, actions, opportunity, choices; with
//              the steps' trace and the GameSystem in system.hpp, which the board code builds on
//   Situation  question = "movement" (docs/situations.md), "actions", "opportunity"
//   rule()     one procedure per question; movement also returns a per-step breakdown
//
// question = "line-of-fire" (two straight lines from the cannon, the armour face each strikes, the
// obstacle bonus) is typed by hand as two [[line]]s or read from a board (board = "FILE"); the
// board geometry and the readings of the missing diagrams are in board.hpp. A movement plan
// with a board is placed on it (tank.hex, tank.facing: a corner).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "games/panzer_squadron/system.hpp"
#include "geometry/hex.hpp"

namespace umpire::panzer_squadron {

const std::vector<std::string>& step_names();  // forward-left ... turn-3

struct Situation {
    std::string question = "movement";  // movement | actions | opportunity
    // movement / actions
    std::string start = "stationary";   // stationary | in-movement
    std::string action = "move";        // move | move-and-fire
    std::vector<int> dice = {3};
    int restriction = 0;                // points taken away (a modifier written negative, as printed: its size)
    bool restriction_written_negative = false;
    bool start_inferred = false;        // start left out: read from the number of dice rolled
    std::vector<std::string> steps;
    // opportunity
    std::string shooter = "not-activated";  // not-activated | ambush | activated
    bool target_moving = true;
    int target_hexagons_moved = 1;
    std::string title;
    // On a board (board = "FILE"): movement places the plan from tank.hex facing tank.facing;
    // line-of-fire reads the two lines from firer.hex to target.hex (facing: the target's point).
    std::string board;                             // as written
    std::shared_ptr<const board::Board> board_map; // loaded, when board is given
    bool print_only = false;  // the ruling will only be printed: no board marks (Sink::print_only)
    std::string tank_hex, tank_facing;
    std::string firer_hex, target_hex, target_facing;
    // The same places typed, which the ruling reads (never the numbers above again): read once from
    // the situation, or given by the window's board view (view::Placement: firer is the moving tank
    // in a movement question; facing is the target's point).
    std::optional<hex::Cube> tank_at, firer_at, target_at;
    std::optional<int> target_facing_at;  // a board corner 0..5
    // line-of-fire typed by hand: the two lines, each its armour face and whether it passes an
    // obstacle (on a board these must agree with it).
    struct Line {
        std::string face;
        bool obstacle = false;
    };
    std::vector<Line> lines;
};

// `held`: the board the window holds (may carry unsaved paint), read instead of the `board` file.
// `place` (with `held`, the window's board view): the units' places, typed; tank.hex (movement),
// firer.hex, target.hex and target.facing (line-of-fire) are then not read.
Situation parse_situation(const Data& d, const Section& root, const board::Board* held = nullptr,
                          const view::Placement* place = nullptr);
toml::table to_toml(const Situation& s);
Ruling rule(const Data& d, const Situation& s);
// For the engine and the window (games/game_module.hpp): the names a user may type (`umpire-cli
// systems`), what the panel offers (view.cpp) and a ruling's typed view for the panel (view.cpp).
std::vector<NameList> names(const Data& d);
std::any choices(const Data& d);
std::any ruling_view(const Data& d, const Situation& s, const Ruling& r);
std::vector<StepTrace> trace(const Data& d, const Situation& s);

}  // namespace umpire::panzer_squadron

namespace umpire {
std::unique_ptr<GameSystem> make_panzer_squadron();
}
