// GF9 TANKS on a table sketch (docs/tables.md): what the "More Terrain" house rules need measured
// for a `los` question (each base's hill, the escarpment and its two distances, the hills
// between, what is on the line) and for a `movement` question (the terrain touched along the path,
// by road, bridge or ford). The table driver (tabletop/rulings.hpp) asks this through
// GameSystem::table_support and rules the measured situation with Gf9Tanks::rule.
#pragma once
#include <string>
#include <vector>

#include "tabletop/rulings.hpp"

namespace umpire::gf9_tanks {

class Gf9Tanks;

class TableRules final : public tabletop::TableSupport {
public:
    explicit TableRules(const Gf9Tanks& sys) : sys_(sys) {}
    std::string system() const override;
    const tabletop::Rules& rules() const override;
    void measure(const Section& root, tabletop::Measuring& m) const override;
    Ruling rule(const Section& root) const override;
    std::vector<std::string> counts() const override;

private:
    const Gf9Tanks& sys_;
};

}  // namespace umpire::gf9_tanks
