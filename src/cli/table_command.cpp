// umpire-cli table check FILE: read a table sketch (docs/tables.md) and check its terrain against
// the game's placement guidelines (commands.hpp).
//
// Exit status: 0 the table is sound and breaks no guideline; 3 it breaks one or more (one
// `FILE:LINE:COL: warning: ...` line per breach on stdout, citing the guideline); 2 the table
// (or the rules data) is bad input (FILE:LINE:COL lines on stderr, nothing on stdout).
#include <iostream>
#include <memory>

#include "cli/board_report.hpp"
#include "cli/commands.hpp"
#include "engine/engine.hpp"
#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::cli {

namespace {

int table_check(const std::string& file, const std::filesystem::path& rules_dir, std::ostream& out) {
    Engine engine(rules_dir, Engine::Load::each_system);
    const auto systems = tabletop::table_systems(engine);
    tabletop::Sketch table;
    try {
        table = tabletop::load_sketch(file, file, systems);
    } catch (const InputError& e) {
        // A game whose rules data is broken has no table rules: say why, with the table's problems.
        auto all = e.diagnostics();
        for (const char* id : {"gf9-tanks", "agv"})
            for (const auto& d : engine.data_errors(id)) all.push_back(d);
        throw InputError(all);
    }
    const auto breaches = tabletop::check_sketch(table, *systems.find(table.system));
    for (const auto& b : breaches) out << b.where.str() << "\n";
    out << escape_text(file) << ": " << table.system << " table " << tabletop::fmt(table.width) << " x " << tabletop::fmt(table.depth) << " "
        << table.unit << ", " << table.pieces.size() << " pieces, " << table.bases.size() << " bases: "
        << (breaches.empty() ? std::string("no guideline breached") : std::to_string(breaches.size()) + " guideline breach(es)") << "\n";
    report_photo(table, out, std::cerr);  // its photo and calibration (cli/board_report.hpp)
    // Warnings about the sketch itself (a hill in parts that do not touch): it still rules.
    for (const auto& w : tabletop::sketch_warnings(table, *systems.find(table.system))) std::cerr << w.str() << "\n";
    return breaches.empty() ? 0 : 3;
}

}  // namespace

void add_table(Command& app, Context& c) {
    Command table = app.command("table", "table sketches (docs/tables.md): table check FILE");
    table.needs_command();
    Command check = table.command("check",
                                  "check a table sketch against its game's terrain placement\n"
                                  "guidelines (exit 3: breaches, one FILE:LINE:COL warning each\n"
                                  "on standard output)");
    auto file = std::make_shared<std::string>();
    check.argument("FILE", *file, "the table sketch").required();
    check.on_chosen([&c, file] { c.run = [&c, file] { return table_check(*file, c.rules(), c.out); }; });
}

}  // namespace umpire::cli
