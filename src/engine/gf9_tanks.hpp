// Gale Force 9 TANKS, More Terrain house rules. PLACEHOLDER: being written; see the issue for this system.
#pragma once
#include <memory>
#include "engine/system.hpp"
namespace umpire {
std::unique_ptr<GameSystem> make_gf9_tanks();
}
