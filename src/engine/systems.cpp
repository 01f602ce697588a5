// The registry of game systems: one line per module.
#include "engine/engine.hpp"
#include "engine/agv.hpp"
#include "engine/gf9_tanks.hpp"
#include "engine/panzer_squadron.hpp"
#include "engine/panzerblitz.hpp"
#include "engine/spi_tank.hpp"

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
