// What the PanzerBlitz panel draws and offers, as plain data (docs/adding-a-game.md): no game
// module, no window toolkit. Built by src/engine/panzerblitz_view.cpp.
#pragma once
#include <string>
#include <vector>

namespace umpire::view {

// The side view of one ruling: the sight line from the firer's height to the target's over the
// symbols' heights, at fractions num/den of the way from the firer.
struct PbSideSymbol {
    std::string symbol;
    int num = 0, den = 1;
    int height = 0;        // metres, from rules-data
    bool blocks = false;   // as ruled (a note, or the straight line)
    bool decided = true;   // false: no note decides it (a referee's call)
};
struct PbRulingView {
    int firer_height = 0, target_height = 0;
    std::vector<PbSideSymbol> symbols;
};

// The input choices.
struct PbElevation {
    std::string name;  // "l1-hilltop"
    int metres = 0;
};
struct PbSymbolChoice {
    std::string name;           // "brown"
    bool hex = false;           // a single-hex woods or town: placed by hex index, not hexside
    bool may_be_on_hilltop = false;  // woods and towns (note N)
};
struct PbChoices {
    std::vector<PbElevation> elevations;
    std::vector<PbSymbolChoice> symbols;
    int max_range = 999;
    const PbSymbolChoice* symbol(const std::string& name) const {
        for (const auto& s : symbols)
            if (s.name == name) return &s;
        return nullptr;
    }
};

}  // namespace umpire::view
