// umpire-cli table check FILE: read a table sketch (docs/tables.md) and check its terrain against
// the game's placement guidelines.
//
// Exit status: 0 the table is sound and breaks no guideline; 3 it breaks one or more (one
// `FILE:LINE:COL: warning: ...` line per breach on stdout, citing the guideline); 2 the table
// (or the rules data) is bad input (FILE:LINE:COL lines on stderr, nothing on stdout).
#include "cli/table_command.hpp"

#include <iostream>
#include <sstream>

#include "cli/board_report.hpp"
#include "engine/engine.hpp"
#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"

namespace {

const char* kTableUsage = "Usage: umpire-cli table check FILE\n";

int check(const std::string& file, const std::filesystem::path& rules_dir, std::ostream& out) {
    umpire::Engine engine(rules_dir, umpire::Engine::Load::each_system);
    const auto systems = umpire::tabletop::table_systems(engine);
    umpire::tabletop::Sketch table;
    try {
        table = umpire::tabletop::load_sketch(file, file, systems);
    } catch (const umpire::InputError& e) {
        // A game whose rules data is broken has no table rules: say why, with the table's problems.
        auto all = e.diagnostics();
        for (const char* id : {"gf9-tanks", "agv"})
            for (const auto& d : engine.data_errors(id)) all.push_back(d);
        throw umpire::InputError(all);
    }
    const auto breaches = umpire::tabletop::check_sketch(table, *systems.find(table.system));
    for (const auto& b : breaches) out << b.where.str() << "\n";
    out << umpire::escape_text(file) << ": " << table.system << " table " << umpire::tabletop::fmt(table.width) << " x "
              << umpire::tabletop::fmt(table.depth) << " " << table.unit << ", " << table.pieces.size() << " pieces, "
              << table.bases.size() << " bases: "
              << (breaches.empty() ? std::string("no guideline breached") : std::to_string(breaches.size()) + " guideline breach(es)") << "\n";
    umpire::cli::report_photo(table, out, std::cerr);  // its photo and calibration (cli/board_report.hpp)
    return breaches.empty() ? 0 : 3;
}

}  // namespace

int table_command(const std::vector<std::string>& positional, const std::filesystem::path& rules_dir, std::string& report) {
    if (positional.size() != 3 || positional[1] != "check") {
        std::cerr << "umpire-cli: " << kTableUsage;  // usage text has nothing to escape
        return 1;
    }
    try {
        std::ostringstream out;
        const int status = check(positional[2], rules_dir, out);
        report = out.str();
        return status;
    } catch (const umpire::InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
        return 2;
    }
}
