// The registry of game systems: one line per module.
#include "engine/engine.hpp"
#include "games/agv/rules.hpp"
#include "games/gf9_tanks/rules.hpp"
#include "games/panzer_squadron/rules.hpp"
#include "games/panzerblitz/rules.hpp"
#include "games/spi_tank/rules.hpp"

namespace umpire {

std::vector<std::unique_ptr<GameSystem>> make_all_systems() {
    std::vector<std::unique_ptr<GameSystem>> v;
    v.push_back(make_spi_tank());
    v.push_back(make_panzerblitz());
    v.push_back(make_gf9_tanks());
    v.push_back(make_agv());
    v.push_back(make_panzer_squadron());
    return v;
}

}  // namespace umpire
