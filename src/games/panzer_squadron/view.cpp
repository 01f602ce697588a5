// The Panzer Squadron views (view_panzer_squadron.hpp): the budget and path of a movement
// ruling, the input choices, and the situation in file form. Read from the module's results.
#include "games/panzer_squadron/rules.hpp"
#include "games/panzer_squadron/view.hpp"

namespace umpire::panzer_squadron {

std::any PanzerSquadron::ruling_view(const Situation& s, const Ruling& r) const {
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
    for (const auto& t : trace(data_, s)) m.path.push_back({t.step, t.q, t.r, t.corner});
    v.movement = std::move(m);
    return v;
}

std::any PanzerSquadron::choices() const {
    view::PsChoices c;
    for (const auto& [key, list] : names()) {
        if (key == "question") c.questions = list;  // line-of-fire too: the panel holds its board
        if (key == "tank.start") c.starts = list;
        if (key == "tank.action") c.actions = list;
        if (key == "tank.steps") c.steps = list;
        if (key == "shooter.state") c.shooter_states = list;
    }
    c.die_sides = data_.die_sides;
    c.dice_by_start = data_.dice_by_start;
    c.move_and_fire_cost = data_.move_and_fire_cost;
    return c;
}

std::optional<toml::table> PanzerSquadron::canonical(const Section& root) const {
    return canonical_with(root, data_, [](const Data& d, const Section& r) { return parse_situation(d, r); }, to_toml);
}

}  // namespace umpire::panzer_squadron
