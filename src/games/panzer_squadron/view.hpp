// What the Panzer Squadron panel draws and offers, as plain data (docs/adding-a-game.md): no
// game module, no window toolkit. Built by src/games/panzer_squadron/view.cpp.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/names.hpp"

namespace umpire::view {

// One planned step where it leaves the tank: its hex (axial q, r from the start) and the corner
// it faces (0..5 counter-clockwise; corner c lies between hexside directions c and c+1).
struct PsPathStep {
    std::string step;
    int q = 0, r = 0;
    int corner = 0;
};
struct PsMovement {
    int mp_available = 0, mp_used = 0;
    std::vector<PsPathStep> path;
};
// question = "actions": the open actions as ruled and under the other reading of the page
// (rules-data unlisted_actions_open); they differ where the page's list leaves an action out.
struct PsActions {
    std::vector<std::string> open, open_other_reading;
};
struct PsRulingView {
    std::optional<PsMovement> movement;  // question = "movement"
    std::optional<PsActions> actions;    // question = "actions"
};

// The input choices.
struct PsChoices {
    std::vector<std::string> questions, starts, actions, steps, shooter_states;
    int die_sides = 4;
    std::map<std::string, int> dice_by_start;  // "stationary" -> 1, "in-movement" -> 2
    int move_and_fire_cost = 3;
    // A name in the page's words: "in-movement" is "in movement", "move-and-fire" "move and fire".
    std::string say(const std::string& name) const {
        return spaced_words(name);
    }
};

}  // namespace umpire::view
