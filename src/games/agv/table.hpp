// A Great Victory! on a table sketch (docs/tables.md): what the terrain guidelines need measured
// for a `movement` question (what the move touches and starts in, the road, the allowance
// spent), a `fire` question (the firer, then each stand of the target unit: what it is in, what
// lies between, what is apart) and a `melee` question (what each side is in, what the charge
// crosses). The table driver (tabletop/rulings.hpp) asks this through GameSystem::table_support
// and rules the measured situation with Agv::rule.
#pragma once
#include <cstddef>
#include <string>

#include "tabletop/rulings.hpp"

namespace umpire::agv {

class Agv;

class TableRules final : public tabletop::TableSupport {
public:
    explicit TableRules(const Agv& sys) : sys_(sys) {}
    std::string system() const override;
    const tabletop::Rules& rules() const override;
    void measure(const Section& root, tabletop::Measuring& m) const override;
    Ruling rule(const Section& root) const override;
    SightRuled sight_ruled(const Ruling& r, std::size_t i) const override;

private:
    const Agv& sys_;
};

}  // namespace umpire::agv
