// What the A Great Victory! panel draws and offers, as plain data (docs/adding-a-game.md): no
// game module, no window toolkit. Built by src/games/agv/view.cpp.
#pragma once
#include <string>
#include <vector>

#include "core/names.hpp"

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
    std::string words;  // how the rules name it (rules-data label, without its article): "stone wall"
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
    // A name in the rules' words: a feature's label, else the file's word with spaces ("half-rate" -> "half rate").
    std::string say(const std::string& name) const {
        for (const auto& f : features)
            if (f.name == name) return f.words;
        return spaced_words(name);
    }
    std::string tip(const std::string& name) const {
        for (const auto& f : features)
            if (f.name == name) return f.tip;
        return name;
    }
};

}  // namespace umpire::view
