// Small helpers shared by the App's source files (app*.cpp); not part of the App's interface.
#pragma once
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "core/diag.hpp"

namespace umpire::app {

constexpr std::size_t kRecentMax = 10;
constexpr auto kAutosaveDelay = std::chrono::milliseconds(300);

inline std::vector<std::string> lines_of(const InputError& e) {
    std::vector<std::string> v;
    for (const auto& d : e.diagnostics()) v.push_back(d.str());
    return v;
}

}  // namespace umpire::app
