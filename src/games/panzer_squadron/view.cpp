// The Panzer Squadron views (view_panzer_squadron.hpp): the budget and path of a movement
// ruling, the input choices, and the situation in file form. Read from the module's results.
#include "games/panzer_squadron/rules.hpp"
#include "games/panzer_squadron/view.hpp"

namespace umpire::panzer_squadron {

std::any ruling_view(const Data& d, const Situation& s, const Ruling& r) {
    view::PsRulingView v;
    if (s.question == "actions") {
        view::PsActions a;
        for (const auto& [key, value] : r.fields) {  // the lists rule_actions set (PS-actions)
            auto* into = key == "open_actions" ? &a.open : key == "open_actions_other_reading" ? &a.open_other_reading : nullptr;
            if (into && value.is_array())
                for (const auto& x : value.as_array())
                    if (x.is_string()) into->push_back(x.as_string());
        }
        v.actions = std::move(a);
        return v;
    }
    if (s.question != "movement") return v;
    view::PsMovement m;
    for (const auto& [key, value] : r.fields) {  // the numbers rule_movement set (PS-movement)
        if (key == "mp_available" && value.is_int()) m.mp_available = int(value.as_int());
        if (key == "mp_used" && value.is_int()) m.mp_used = int(value.as_int());
    }
    for (const auto& t : trace(d, s)) m.path.push_back({t.step, t.q, t.r, t.corner});
    v.movement = std::move(m);
    return v;
}

std::any choices(const Data& d) {
    view::PsChoices c;
    for (const auto& [key, list] : names(d)) {
        if (key == "question") c.questions = list;  // line-of-fire too: the panel holds its board
        if (key == "tank.start") c.starts = list;
        if (key == "tank.action") c.actions = list;
        if (key == "tank.steps") c.steps = list;
        if (key == "shooter.state") c.shooter_states = list;
    }
    c.die_sides = d.die_sides;
    c.dice_by_start = d.dice_by_start;
    c.move_and_fire_cost = d.move_and_fire_cost;
    return c;
}

}  // namespace umpire::panzer_squadron
