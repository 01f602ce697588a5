// GF9 TANKS on a table sketch (docs/tables.md): what the "More Terrain" house rules need measured
// for a `los` question (each base's hill, the escarpment and its two distances, the hills
// between, what is on the line) and for a `movement` question (the terrain touched along the path,
// by road, bridge or ford). The table driver (tabletop/rulings.hpp) asks this through
// GameSystem::table_support and rules the measured situation with Gf9Tanks::rule.
#pragma once
#include <string>
#include <vector>

#include "games/gf9_tanks/rules.hpp"
#include "games/table_support.hpp"

namespace umpire::gf9_tanks {

class TableRules final : public GameTableSupport<Gf9Tanks> {
public:
    using GameTableSupport::GameTableSupport;
    void measure(const Section& root, tabletop::Measuring& m) const override;
    std::vector<std::string> counts() const override;
    std::string hill_rule() const override;
};

}  // namespace umpire::gf9_tanks
