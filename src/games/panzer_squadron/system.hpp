// Panzer Squadron: what the board code (board.hpp, board.cpp) needs of the rules: the rules data
// (rules-data/panzer-squadron.toml), a movement plan's steps as traced, where a board file is
// found, and the GameSystem its BoardSupport rules with. Apart from rules.hpp so that the includes
// run one way: board.hpp builds on this header, and rules.cpp (the procedures, which place plans
// and trace lines of fire on a board) builds on board.hpp. Defined in rules.cpp and view.cpp.
//
// Sections
//   Data            dice, costs, actions, opportunity, choices, [board], [armour]
//   StepTrace       one planned step
//   PanzerSquadron  the GameSystem
#pragma once
#include <any>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "games/game_module.hpp"
#include "geometry/hex.hpp"

namespace umpire::panzer_squadron {

// ---- Data -------------------------------------------------------------------------

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
    bool both_lines_pass_hides = false; // both lines of fire pass an obstacle: the target is not visible (PS-fire)
    std::filesystem::path boards_dir;   // the shipped boards (beside the rules data)
};

Data load_data(const std::filesystem::path& file);

// ---- StepTrace --------------------------------------------------------------------

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

// ---- PanzerSquadron ---------------------------------------------------------------

struct Situation;  // rules.hpp

inline constexpr GameAbout kAbout = {"panzer-squadron", "Panzer Squadron (activation, movement, attacks of opportunity)", "panzer-squadron.toml"};

class PanzerSquadron final : public BoardGameModule<PanzerSquadron, Data, load_data, Situation> {
public:
    PanzerSquadron();  // rules.cpp, where the game's functions are declared
};

}  // namespace umpire::panzer_squadron
