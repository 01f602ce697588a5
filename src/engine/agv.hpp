// A Great Victory! terrain guidelines. PLACEHOLDER: being written; see the issue for this system.
#pragma once
#include <memory>
#include "engine/system.hpp"
namespace umpire {
std::unique_ptr<GameSystem> make_agv();
}
