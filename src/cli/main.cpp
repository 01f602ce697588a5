// umpire-cli: the headless front end. Rulings for a person or as JSON.
//
//   umpire-cli rule FILE.toml [--json]     (FILE may be "-" for standard input)
//   umpire-cli systems                     systems and the names they accept
//   umpire-cli check-data [DIR]            validate a rules-data folder
//   --rules-data DIR, --help, --version
//
// Exit status (shared/spec/situations.md): 0 a ruling or report was printed;
// 2 the situation or the rules data is wrong (stderr: FILE:LINE:COL lines,
// nothing on stdout); 1 anything else.
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.hpp"
#include "engine/names.hpp"
#include "cli/table_command.hpp"

namespace {

const char* kUsage =
    "Usage: umpire-cli [--rules-data DIR] COMMAND\n"
    "\n"
    "Commands:\n"
    "  rule FILE [--json]   rule a situation file (FILE '-' reads standard input)\n"
    "  systems              list the game systems and the names each accepts\n"
    "  check-data [DIR]     validate a rules-data folder (default: the one in use)\n"
    "  table check FILE     check a table sketch against the terrain guidelines (exit 3: breaches)\n"
    "\n"
    "Options:\n"
    "  --rules-data DIR     use the rules data in DIR (default: the shipped rules-data)\n"
    "  --json               print the ruling as one JSON object\n"
    "  -h, --help           show this help\n"
    "  --version            show the version\n"
    "\n"
    "Exit status: 0 ruling printed (also 'blocked' or 'no fire'); 2 the situation or\n"
    "rules data is wrong (FILE:LINE:COL lines on stderr); 1 anything else.\n";

int report(const umpire::InputError& e) {
    for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::filesystem::path rules_dir;
    bool json = false;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help") { std::cout << kUsage; return 0; }
        if (a == "--version") { std::cout << "umpire-cli " << UMPIRE_VERSION << "\n"; return 0; }
        if (a == "--json") { json = true; continue; }
        if (a == "--rules-data") {
            if (i + 1 >= args.size()) { std::cerr << "umpire-cli: --rules-data needs a folder\n"; return 1; }
            rules_dir = args[++i];
            continue;
        }
        if (a.rfind("--rules-data=", 0) == 0) { rules_dir = a.substr(13); continue; }
        if (a.size() > 1 && a[0] == '-' && a != "-") {
            std::cerr << "umpire-cli: unknown option " << a << "\n" << kUsage;
            return 1;
        }
        positional.push_back(a);
    }
    if (positional.empty()) { std::cerr << kUsage; return 1; }
    const std::string cmd = positional[0];
    if (rules_dir.empty()) rules_dir = umpire::default_rules_dir();

    if (cmd == "table") return table_command(positional, rules_dir);
    try {
        if (cmd == "check-data") {
            const std::filesystem::path dir = positional.size() > 1 ? std::filesystem::path(positional[1]) : rules_dir;
            auto diags = umpire::check_rules_dir(dir);
            if (!diags.empty()) {
                for (const auto& d : diags) std::cerr << d.str() << "\n";
                return 2;
            }
            umpire::Engine e(dir);
            std::cout << "rules data OK: " << dir.string() << "\n";
            for (const auto& s : e.systems())
                for (const auto& f : s->data_files()) std::cout << "  " << f << "  (" << s->id() << ")\n";
            return 0;
        }
        // `rule` needs only its own game's rules data (a broken house-rules file locks only that
        // game); `systems` lists every game, so it needs them all.
        const auto load = cmd == "rule" ? umpire::Engine::Load::each_system : umpire::Engine::Load::all_or_nothing;
        umpire::Engine engine(rules_dir, load);
        if (cmd == "systems") {
            for (const auto& s : engine.systems()) {
                std::cout << s->id() << "  —  " << s->title() << "\n";
                for (const auto& [what, names] : s->names())
                    std::cout << "  " << what << ": " << umpire::join_names(names, ", ") << "\n";
            }
            return 0;
        }
        if (cmd == "rule") {
            if (positional.size() != 2) { std::cerr << "umpire-cli: rule takes one FILE\n" << kUsage; return 1; }
            const std::string file = positional[1];
            umpire::Ruling r;
            if (file == "-") {
                std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
                r = engine.rule_text(text, "<stdin>");
            } else {
                if (!std::filesystem::exists(file)) {
                    std::cerr << file << ":1:1: file not found\n";
                    return 2;
                }
                r = engine.rule_file(file);
            }
            if (json) std::cout << r.to_json().dump() << "\n";
            else std::cout << r.to_text();
            return 0;
        }
        std::cerr << "umpire-cli: unknown command '" << cmd << "'\n" << kUsage;
        return 1;
    } catch (const umpire::InputError& e) {
        return report(e);
    } catch (const std::exception& e) {
        std::cerr << "umpire-cli: " << e.what() << "\n";
        return 1;
    }
}
