// What the PanzerBlitz panel draws and offers, as plain data (docs/adding-a-game.md): no game
// module, no window toolkit. Built by src/games/panzerblitz/view.cpp.
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
// Where one symbol lies (JSON `positions`): hexsides counted from each unit (note C) and the
// fraction of the way the data's measure gives; a single hex has only its index and fraction.
struct PbPosition {
    std::string symbol;
    bool hex = false;
    int index = 0;                         // side k or hex j
    int from_firer = 0, from_target = 0;   // hexsides, both counted inclusively (a hexside symbol)
    std::string by_range, fraction;        // "k/range" (notes E, F's other measure), the data's "k/(range+1)"
};
struct PbRulingView {
    int firer_height = 0, target_height = 0;
    std::vector<PbSideSymbol> symbols;
    std::vector<PbPosition> positions;
    std::string los;           // "clear" / "blocked"
    std::string los_by_range;  // set when notes E/F measured by range disagree or apply: that measure's line
};

// The input choices.
struct PbElevation {
    std::string name;   // "l1-hilltop", the file's word
    std::string words;  // "Level 1 hilltop", the article's
    int metres = 0;
};
struct PbSymbolChoice {
    std::string name;           // "brown"
    std::string words;          // "brown hexside", "woods hex"
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
