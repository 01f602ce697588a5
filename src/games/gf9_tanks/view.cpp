// The GF9 TANKS views (view_gf9_tanks.hpp): the escarpment sketch of a ruling, the input
// choices, and the situation in file form. Read from the module's data; no rules decided here.
#include "games/gf9_tanks/rules.hpp"
#include "games/gf9_tanks/view.hpp"

namespace umpire::gf9_tanks {

std::any ruling_view(const Data&, const Situation& s, const Ruling&) {
    view::Gf9RulingView v;
    const LosSituation& l = s.los;
    if (s.question == Question::los &&
        (l.escarpment_between || l.firer.on_escarpment || l.target.on_escarpment || l.target.below_escarpment))
        v.escarpment = view::Gf9Escarpment{l.firer_distance, l.target_distance,
                                           l.firer.on_escarpment, l.target.on_escarpment && !l.target.below_escarpment};
    return v;
}

std::any choices(const Data& d) {
    auto words = [&](const std::string& name) {  // the terrain as the house rules name it (rules-data label)
        for (const auto& t : d.terrain)
            if (t.name == name) return t.label;
        return name;
    };
    auto tip = [&](const std::string& name) {  // the terrain's house rule: what it says
        for (const auto& t : d.terrain)
            if (t.name == name) {
                const auto it = d.citations.find(t.rule);
                return t.rule + ": " + (it != d.citations.end() ? it->second : t.label);
            }
        return name;
    };
    view::Gf9Choices c;
    c.questions = {{to_string(Question::los), "line of sight and cover (GF9-hills, GF9-escarpments)", "line of sight"},
                   {to_string(Question::movement), "what terrain does to a move (the terrain's house rule)", "movement"}};
    c.on_hill = {to_string(OnHill::no), to_string(OnHill::partly), to_string(OnHill::wholly)};
    for (const auto& n : d.terrain_names()) c.move_terrain.push_back({n, tip(n), words(n)});
    c.via = d.vias;
    for (const auto& n : d.shooting_terrain_names()) c.line_terrain.push_back({n, tip(n), words(n)});
    for (const auto& o : d.core)
        c.line_obstacles.push_back({o.name, o.otherwise.rule + ": " + o.otherwise.says + "; " + o.hill_to_hill.rule + ": " + o.hill_to_hill.says,
                                    o.label});
    c.max_hills_between = d.max_hills_between;
    c.max_distance = d.max_distance;
    return c;
}

}  // namespace umpire::gf9_tanks
