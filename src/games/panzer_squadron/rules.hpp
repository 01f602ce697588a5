// Panzer Squadron (page 2 of the English rules): activation actions, the movement point
// calculator and attacks of opportunity.
//
// Sections
//   Data       rules-data/panzer-squadron.toml: dice, costs, actions, opportunity, choices
//   Situation  question = "movement" (docs/situations.md), "actions", "opportunity"
//   rule()     one procedure per question; movement also returns a per-step breakdown
//
// question = "line-of-fire" (two straight lines from the cannon, the armour face each strikes, the
// obstacle bonus) is typed by hand as two [[line]]s or read from a board (board = "FILE"); the
// board geometry and the readings of the missing diagrams are in ps_board.hpp. A movement plan
// with a board is placed on it (tank.hex, tank.facing: a corner).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "geometry/hex.hpp"
#include "games/game_system.hpp"

namespace umpire::panzer_squadron {

struct ActionRule {
    std::string name;
    std::vector<std::string> open_from;
    bool dice = false;
};

// rules-data [board]: how a Panzer Squadron board numbers its hexes and names its corners, the
// terrain it may hold and which of it is an obstacle (PS-obstacle).
struct BoardData {
    hex::Numbering numbering;
    std::vector<std::string> corner_names{"NW", "NE", "E", "SE", "SW", "W"};  // board corners 0..5
    std::vector<std::string> hex_terrain{"clear", "obstacle"};
    std::vector<std::string> hexside_features{"obstacle"};
    std::vector<std::string> obstacles{"obstacle"};
};

struct Data {
    int die_sides = 4;
    std::map<std::string, int> dice_by_start;  // "stationary" -> 1, "in-movement" -> 2
    int hexagon_cost = 1;
    std::vector<int> turn_cost;  // index k-1: turning k corners within one hexagon
    int move_and_fire_cost = 3;
    int min_hexagons_in_movement = 1;
    std::vector<ActionRule> actions;
    std::vector<std::string> opportunity_states;
    int opportunity_min_hexagons = 1;
    int turn_over_three = 2;
    bool floor_available_at_zero = true;
    bool free_point_after_move = true;  // Diagram 4: either point of the hexside ahead, free
    bool stationary_uses_all_points = false;  // true: a stationary start must use all its points (a contrario reading)
    bool unlisted_actions_open = false;  // one of the four actions the start state's list leaves out: true = open
    BoardData board;
    // PS-armour: the face each point of the target's hexagon denotes, counted clockwise from the
    // point the target faces (the Armour diagram is missing: rules-data [armour]).
    std::vector<std::string> armour{"front", "side", "side", "rear", "side", "side"};
    std::string line_points = "near";   // which points the two lines join: "near" | "outer"
    bool touching_passes = false;       // a line that only touches an obstacle passes it
    bool own_hexsides_count = true;     // an obstacle hexside of the firer's own hexagon counts
    bool target_hexsides_count = true;  // an obstacle hexside of the target's hexagon, facing the firer, a line ends on counts
    bool occupied_hexes_count = false;  // an obstacle hexagon a tank stands in (firer's or target's) counts
    std::filesystem::path boards_dir;   // the shipped boards (beside the rules data)
};

Data load_data(const std::filesystem::path& file);

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

// One planned step as a window draws it: the tank's hex (axial q, r relative to the start) and the
// corner it faces (0..5, counter-clockwise; corner c lies between hexside directions c and c+1).
struct StepTrace {
    std::string step;
    int cost = 0;        // points this step adds (a turn's cost is settled per hexagon)
    int total = 0;       // running total of movement points
    int q = 0, r = 0;
    int corner = 0;
    int corners_paid = 0;      // corners turned in this hexagon so far, less a free point choice
    bool free_point = false;   // this turn step took the free point choice after a move (Diagram 4)
};

// `held`: the board the window holds (may carry unsaved paint), read instead of the `board` file.
// `place` (with `held`, the window's board view): the units' places, typed; tank.hex (movement),
// firer.hex, target.hex and target.facing (line-of-fire) are then not read.
Situation parse_situation(const Data& d, const Section& root, const board::Board* held = nullptr,
                          const view::Placement* place = nullptr);
toml::table to_toml(const Situation& s);
Ruling rule(const Data& d, const Situation& s);
std::vector<StepTrace> trace(const Data& d, const Situation& s);

class PanzerSquadron final : public GameSystem {
public:
    std::string id() const override { return "panzer-squadron"; }
    std::string title() const override { return "Panzer Squadron (activation, movement, attacks of opportunity)"; }
    std::vector<std::string> data_files() const override { return {"panzer-squadron.toml"}; }
    void load(const std::filesystem::path& rules_dir) override;
    Ruling rule(const Section& root) const override;
    // As rule(root), reading `held` (the window's board) instead of the situation's board file.
    Ruling rule(const Section& root, const board::Board* held, const view::Placement* place = nullptr) const;
    std::vector<NameList> names() const override;
    std::any choices() const override;                                       // panzer_squadron_view.cpp
    std::optional<toml::table> canonical(const Section& root) const override;  // panzer_squadron_view.cpp
    const Data& data() const { return data_; }
    const view::BoardSupport* board_support() const override { return board_support_.get(); }  // ps_board.hpp

private:
    std::any ruling_view(const Situation& s, const Ruling& r) const;  // view_panzer_squadron.hpp, in panzer_squadron_view.cpp
    Data data_;
    std::unique_ptr<view::BoardSupport> board_support_;
};

}  // namespace umpire::panzer_squadron

namespace umpire {
std::unique_ptr<GameSystem> make_panzer_squadron();
}
