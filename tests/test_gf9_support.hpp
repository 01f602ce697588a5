// Helpers shared by the GF9 TANKS test files (tests/test_gf9_*.cpp): build line-of-sight
// and movement situations from short TOML fragments, and rule them through the engine.
#pragma once
#include <string>

#include "support.hpp"

namespace umpire::test::gf9_tanks {

// A line-of-sight situation: each argument is the body of its table ("on_hill = \"no\"").
inline std::string los(const std::string& firer, const std::string& target, const std::string& line = "") {
    return "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\n" + firer + "\n[target]\n" + target + "\n[line]\n" + line + "\n";
}

// A movement situation: the body of [move].
inline std::string move(const std::string& body) {
    return "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\n" + body + "\n";
}

inline std::string explanation_text(const json::Value& j) {
    std::string all;
    for (const auto& s : strings(at(j, "explanation"))) all += s + "\n";
    return all;
}

}  // namespace umpire::test::gf9_tanks
