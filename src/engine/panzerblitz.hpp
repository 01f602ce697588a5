// PanzerBlitz, Arvold's Obstacles and Elevation (modified). PLACEHOLDER: being written; see the issue for this system.
#pragma once
#include <memory>
#include "engine/system.hpp"
namespace umpire {
std::unique_ptr<GameSystem> make_panzerblitz();
}
