// The A Great Victory! views (view_agv.hpp): the per-stand results of a fire ruling, the input
// choices, and the situation in file form. Read from the module's results; no rules decided here.
#include "games/agv/rules.hpp"
#include "games/agv/view.hpp"

namespace umpire::agv {

std::any ruling_view(const Data&, const Situation&, const Ruling& r) {
    view::AgvRulingView v;
    for (const auto& [key, value] : r.fields) {  // the "stands" rule_fire set (AGV-cover)
        if (key != "stands" || !value.is_array()) continue;
        for (const auto& x : value.as_array()) {
            if (!x.is_object()) continue;
            view::AgvStandResult st;
            for (const auto& [k, f] : x.as_object()) {
                if (k == "stand" && f.is_int()) st.stand = int(f.as_int());
                if (k == "can_be_fired_at" && f.is_bool()) st.can_be_fired_at = f.as_bool();
                if (k == "cover" && f.is_bool()) st.cover = f.as_bool();
                if (k == "cover_from" && f.is_array())
                    for (const auto& n : f.as_array())
                        if (n.is_string()) st.cover_from.push_back(n.as_string());
            }
            v.stands.push_back(std::move(st));
        }
    }
    return v;
}

std::any choices(const Data& d) {
    view::AgvChoices c;
    c.questions = question_names();
    c.unit_types = unit_type_names();
    c.firer_types = firer_type_names();
    c.actions = action_names();
    for (const auto& n : d.feature_names()) {
        const Feature* f = d.find(n);
        const auto it = f ? d.citations.find(f->cite) : d.citations.end();
        std::string words = f ? f->label : n;
        for (const char* article : {"a ", "an "})
            if (words.rfind(article, 0) == 0) words = words.substr(std::string(article).size());
        c.features.push_back({n, !f ? n : f->cite + ": " + (it != d.citations.end() ? it->second : f->label), words});
    }
    return c;
}

}  // namespace umpire::agv
