// A Great Victory! on a table sketch (docs/tables.md): what the terrain guidelines need measured
// for a `movement` question (what the move touches and starts in, the road, the allowance
// spent), a `fire` question (the firer, then each stand of the target unit: what it is in, what
// lies between, what is apart) and a `melee` question (what each side is in, what the charge
// crosses). The table driver (tabletop/rulings.hpp) asks this through GameSystem::table_support
// and rules the measured situation with Agv::rule.
#pragma once
#include <cstddef>
#include <string>

#include "games/agv/rules.hpp"
#include "games/table_support.hpp"

namespace umpire::agv {

class TableRules final : public GameTableSupport<Agv> {
public:
    using GameTableSupport::GameTableSupport;
    void measure(const Section& root, tabletop::Measuring& m) const override;
    SightRuled sight_ruled(const Ruling& r, std::size_t i) const override;
    std::string hill_rule() const override;
};

}  // namespace umpire::agv
