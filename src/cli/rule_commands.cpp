// umpire-cli's situation and rules-data commands (commands.hpp):
//
//   umpire-cli rule FILE [--json] [--png OUT]
//                                    rule a situation file (FILE "-": standard input); --png: its
//                                    picture (picture_command.hpp)
//   umpire-cli systems               the game systems and the names each accepts
//   umpire-cli check-data [DIR]      validate a rules-data folder
#include <memory>

#include "cli/commands.hpp"
#include "cli/picture_command.hpp"
#include "core/input.hpp"
#include "core/names.hpp"
#include "core/toml_reader.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

namespace {

// `rule` reads only its own game's rules data, when the situation names the game (Load::on_demand:
// a broken house-rules file locks only that game, and the other games cost nothing).
// With --png the picture is written first: a picture that cannot be written prints no ruling.
int rule(Context& c, const std::string& file, bool json, const std::optional<std::string>& png) {
    // The engine outlives the command: the process ends right after, and taking the rules data
    // apart would only delay that (issue 21, point 6). Held by a static, it stays reachable (no
    // leak to report); a second call in one process (the tests) frees the first.
    static Engine* kept = nullptr;
    delete kept;
    kept = new Engine(c.rules(), Engine::Load::on_demand);
    Engine& engine = *kept;
    engine.set_print_only(!png);  // the picture draws the view and the marks; the text and JSON do not
    // As Engine::rule_text and rule_file, keeping the situation for the picture.
    const bool from_stdin = file == "-";
    const toml::table situation = from_stdin ? parse_toml_string(read_standard_input("<stdin>"), "<stdin>") : parse_toml_file(file, file);
    const Ruling r = engine.rule(situation, from_stdin ? "<stdin>" : file);
    if (png)
        if (const int status = rule_picture(engine, situation, from_stdin ? "" : std::filesystem::path(file).parent_path(), r, *png)) return status;
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

void add_rule(Command& app, Context& c) {
    Command cmd = app.command("rule", "rule a situation file: the verdict, then every step with its rule");
    auto file = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto png = std::make_shared<std::optional<std::string>>();
    cmd.argument("FILE", *file, "the situation file (docs/situations.md); '-' reads standard\ninput").required();
    cmd.flag("--json", *json, "print the ruling as one JSON object");
    add_png(cmd, png.get(), "the ruling: its board or table with the line,\nthe units, the verdict and the deciding reasons");
    cmd.on_chosen([&c, file, json, png] { c.run = [&c, file, json, png] { return rule(c, *file, *json, *png); }; });
}

void add_systems(Command& app, Context& c) {
    Command cmd = app.command("systems", "list the game systems and the names each accepts (units, ...)");
    cmd.on_chosen([&c] { c.run = [&c] { return systems(c); }; });
}

void add_check_data(Command& app, Context& c) {
    Command cmd = app.command("check-data", "validate a rules-data folder (e.g. a club's house rules)");
    auto dir = std::make_shared<std::string>();
    const Option given = cmd.argument("DIR", *dir, "the folder (default: the one in use: --rules-data, else the\nshipped one)");
    cmd.on_chosen([&c, dir, given] {
        c.run = [&c, dir, given] { return check_data(c, given.given() ? std::filesystem::path(*dir) : c.rules()); };
    });
}

}  // namespace umpire::cli
