// The rules engine facade used by both front ends: find and load the rules
// data, look up systems, and rule a situation file or text.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/system.hpp"

namespace umpire {

class Engine {
public:
    // Loads every system's rules data from `rules_dir`; throws InputError
    // listing every problem found in every file.
    explicit Engine(const std::filesystem::path& rules_dir);
    ~Engine();
    Engine(Engine&&) noexcept;
    Engine& operator=(Engine&&) noexcept;

    const std::filesystem::path& rules_dir() const { return dir_; }
    const std::vector<std::unique_ptr<GameSystem>>& systems() const { return systems_; }
    const GameSystem* find(const std::string& id) const;  // matched with normalize_name
    template <class T> const T* get() const {
        for (const auto& s : systems_)
            if (auto p = dynamic_cast<const T*>(s.get())) return p;
        return nullptr;
    }

    // Rules a parsed situation; `display_name` names it in diagnostics.
    Ruling rule(const toml::table& situation, const std::string& display_name) const;
    Ruling rule_text(std::string_view text, const std::string& display_name) const;
    Ruling rule_file(const std::filesystem::path& path) const;

private:
    std::filesystem::path dir_;
    std::vector<std::unique_ptr<GameSystem>> systems_;
};

// Every system module, freshly constructed (not yet loaded). Defined in systems.cpp.
std::vector<std::unique_ptr<GameSystem>> make_all_systems();

// The rules-data folder shipped with the program, found from the executable's
// location (so it works from any working directory), else the source tree's.
std::filesystem::path default_rules_dir();

// Validates a rules-data folder without keeping it: returns every problem found.
std::vector<Diagnostic> check_rules_dir(const std::filesystem::path& dir);

}  // namespace umpire
