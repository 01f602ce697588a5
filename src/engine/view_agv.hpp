// What the A Great Victory! panel draws and offers, as plain data (docs/adding-a-game.md): no
// game module, no window toolkit. Built by src/engine/agv_view.cpp.
#pragma once
#include <string>
#include <vector>

namespace umpire::view {

// A fire ruling's result for one target stand (AGV-cover).
struct AgvStandResult {
    int stand = 0;  // 1-based, in the situation's order
    bool can_be_fired_at = false;
    bool cover = false;
    std::vector<std::string> cover_from;  // the features that give it cover
};
struct AgvRulingView {
    std::vector<AgvStandResult> stands;  // question = "fire"
};

// The input choices. A feature's tip is its rule and what the rule covers (rules-data).
struct AgvFeature {
    std::string name, tip;
};
struct AgvChoices {
    std::vector<std::string> questions, unit_types, firer_types, actions;
    std::vector<AgvFeature> features;
    int max_dice = 1000;
    std::vector<std::string> feature_names() const {
        std::vector<std::string> out;
        for (const auto& f : features) out.push_back(f.name);
        return out;
    }
    std::string tip(const std::string& name) const {
        for (const auto& f : features)
            if (f.name == name) return f.tip;
        return name;
    }
};

}  // namespace umpire::view
