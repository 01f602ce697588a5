// The engine's side of table sketches (docs/tables.md): which games have tables, and the dispatch
// of a `table = "FILE"` situation to its game's TableSupport (GameSystem::table_support) and the
// table driver (tabletop/rulings.hpp). The driver knows no game; this is where they meet.
#include <string>
#include <vector>

#include "core/names.hpp"
#include "engine/engine.hpp"
#include "tabletop/rulings.hpp"

namespace umpire {

namespace {

// "a spi-tank situation cannot use a table (tables are for gf9-tanks and agv)": every game with
// a TableSupport, loaded or not.
std::string no_tables(const std::vector<std::unique_ptr<GameSystem>>& systems, const std::string& id) {
    std::vector<std::string> with;
    for (const auto& s : systems)
        if (s->table_support()) with.push_back(s->id());
    return "a " + id + " situation cannot use a table (tables are for " + join_names(with, " and ") + ")";
}

}  // namespace

Ruling Engine::rule_table(const GameSystem& g, const Section& root, const toml::table& situation,
                          const std::string& display_name, const std::filesystem::path& base_dir) const {
    const tabletop::TableSupport* tables = g.table_support();
    if (!tables) {
        if (root.str("table", true)) root.error("table", no_tables(systems_, g.id()));
        root.sink().throw_if_errors();
    }
    // The table file is found in base_dir, else next to the situation file.
    std::error_code ec;
    const std::filesystem::path named(display_name);
    auto dir = base_dir;
    if (dir.empty() && std::filesystem::is_regular_file(named, ec)) dir = named.parent_path();
    return tabletop::rule_with_table(*tables, tabletop::table_systems(*this), situation, display_name, dir);
}

Ruling Engine::rule_on_table(const std::string& system, const toml::table& situation, const std::string& display_name,
                             const tabletop::Sketch& table) const {
    const GameSystem* g = find(system);
    const tabletop::TableSupport* tables = g ? g->table_support() : nullptr;
    if (!tables) {
        Sink sink(display_name);
        Section root(sink, &situation, "");
        (void)root.str("table");
        root.error("table", no_tables(systems_, g ? g->id() : system));
        sink.throw_if_errors();
    }
    return tabletop::rule_on_table(*tables, situation, display_name, table);
}

namespace tabletop {

Systems table_systems(const Engine& e) {
    Systems s;
    for (const auto& g : e.systems())
        if (const TableSupport* t = g->table_support(); t && e.usable(g->id())) s.ids.push_back(g->id()), s.rules.push_back(&t->rules());
    return s;
}

}  // namespace tabletop

}  // namespace umpire
