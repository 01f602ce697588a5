// umpire-cli's situation and rules-data commands (commands.hpp):
//
//   umpire-cli rule FILE [--json]    rule a situation file (FILE "-": standard input)
//   umpire-cli systems               the game systems and the names each accepts
//   umpire-cli check-data [DIR]      validate a rules-data folder
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/input.hpp"
#include "core/names.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

namespace {

// `rule` reads only its own game's rules data, when the situation names the game (Load::on_demand:
// a broken house-rules file locks only that game, and the other games cost nothing).
int rule(Context& c, const std::string& file, bool json) {
    const Engine engine(c.rules(), Engine::Load::on_demand);
    const Ruling r = file == "-" ? engine.rule_text(read_standard_input("<stdin>"), "<stdin>") : engine.rule_file(file);
    if (json) c.out << r.to_json().dump() << "\n";
    else c.out << r.to_text();
    return 0;
}

// `systems` lists every game, so it needs all their rules data.
int systems(Context& c) {
    const Engine engine(c.rules(), Engine::Load::all_or_nothing);
    for (const auto& s : engine.systems()) {
        c.out << s->id() << "  —  " << s->title() << "\n";
        for (const auto& [what, names] : s->names()) c.out << "  " << what << ": " << escape_text(join_names(names, ", ")) << "\n";
    }
    return 0;
}

int check_data(Context& c, const std::filesystem::path& dir) {
    const auto diags = check_rules_dir(dir);
    if (!diags.empty()) return report(diags);
    const Engine e(dir);
    c.out << "rules data OK: " << escape_text(dir.string()) << "\n";
    for (const auto& s : e.systems())
        for (const auto& f : s->data_files()) c.out << "  " << escape_text(f) << "  (" << s->id() << ")\n";
    return 0;
}

}  // namespace

void add_rule(CLI::App& app, Context& c) {
    CLI::App* cmd = add_command(app, "rule", "rule a situation file: the verdict, then every step with its rule");
    auto file = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    add_argument(*cmd, "FILE", *file, "the situation file (docs/situations.md); '-' reads standard\ninput")->required();
    cmd->add_flag("--json", *json, "print the ruling as one JSON object")->disable_flag_override();
    cmd->callback([&c, file, json] { c.run = [&c, file, json] { return rule(c, *file, *json); }; });
}

void add_systems(CLI::App& app, Context& c) {
    CLI::App* cmd = add_command(app, "systems", "list the game systems and the names each accepts (units, ...)");
    cmd->callback([&c] { c.run = [&c] { return systems(c); }; });
}

void add_check_data(CLI::App& app, Context& c) {
    CLI::App* cmd = add_command(app, "check-data", "validate a rules-data folder (e.g. a club's house rules)");
    auto dir = std::make_shared<std::string>();
    auto* given = add_argument(*cmd, "DIR", *dir, "the folder (default: the one in use: --rules-data, else the\nshipped one)");
    cmd->callback([&c, dir, given] {
        c.run = [&c, dir, given] { return check_data(c, given->count() ? std::filesystem::path(*dir) : c.rules()); };
    });
}

}  // namespace umpire::cli
