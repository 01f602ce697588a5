// The interface every game system module implements: load and validate its
// rules data, then turn a situation (a parsed TOML table) into a Ruling.
// One module per game system: spi_tank, panzerblitz, gf9_tanks, agv,
// panzer_squadron. The registry is in engine/registry.cpp.
#pragma once
#include <any>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "core/toml_reader.hpp"
#include "core/ruling.hpp"

namespace umpire {

namespace view { class BoardSupport; }
namespace tabletop { class TableSupport; }

// A named list shown by `umpire-cli systems`, e.g. {"units", {"Pz IV h", ...}}.
using NameList = std::pair<std::string, std::vector<std::string>>;

class GameSystem {
public:
    virtual ~GameSystem() = default;
    virtual std::string id() const = 0;     // "spi-tank": the situation's `system` value
    virtual std::string title() const = 0;  // "SPI TANK! (1974), standard game"
    // The rules-data files (relative to the rules-data folder) this system reads.
    virtual std::vector<std::string> data_files() const = 0;
    // Loads and validates the rules data; reports problems into `sinks` (one per file)
    // and throws InputError if any.
    virtual void load(const std::filesystem::path& rules_dir) = 0;
    // Rules one situation. `root` is the whole situation table (with `system`);
    // problems with it are reported into root.sink() and InputError thrown.
    virtual Ruling rule(const Section& root) const = 0;
    // Names a user may type, for `umpire-cli systems`.
    virtual std::vector<NameList> names() const = 0;

    // For the window (docs/adding-a-game.md). The typed view of what a user may choose (unit
    // lists with their chart numbers, terrain names, ranges), built from the loaded rules data:
    // a view::<System>Choices from src/games/<system>/view.hpp. Empty: the system has no panel.
    virtual std::any choices() const { return {}; }
    // The situation in `root` read and written back in the file format (the module's
    // parse_situation then to_toml): one spelling for every name, defaults filled in. Problems
    // go to root.sink() and give nullopt.
    virtual std::optional<toml::table> canonical(const Section& root) const {
        (void)root;
        return std::nullopt;
    }
    // The board view's questions for this game (board/board_support.hpp), or nullptr when the
    // game has no hex boards. Valid while the system lives.
    virtual const view::BoardSupport* board_support() const { return nullptr; }
    // What the table driver asks of this game for a situation on a table sketch (`table = "FILE"`,
    // tabletop/rulings.hpp, docs/tables.md), or nullptr when the game has no tables. Valid while
    // the system lives, whether or not its rules data loaded.
    virtual const tabletop::TableSupport* table_support() const { return nullptr; }
};

// GameSystem::canonical's usual body: `parse` (the module's parse_situation) then `write` (its
// to_toml), or nullopt when parsing reported a problem.
template <class Data, class Parse, class Write>
std::optional<toml::table> canonical_with(const Section& root, const Data& d, Parse parse, Write write) {
    const std::size_t before = root.sink().diagnostics().size();
    const auto s = parse(d, root);
    if (root.sink().diagnostics().size() != before) return std::nullopt;
    return write(s);
}

// The start of a situation as a game's to_toml writes it: its `system`, and its `title` when given.
inline toml::table situation_table(const char* system, const std::string& title) {
    toml::table t;
    t.insert("system", system);
    if (!title.empty()) t.insert("title", title);
    return t;
}

// Keys every situation may carry besides its system's own (documented in README), then `more`
// (the system's own top-level keys).
std::vector<std::string> common_situation_keys(std::initializer_list<const char*> more = {});

}  // namespace umpire
