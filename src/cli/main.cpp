// umpire-cli: the headless front end. Rulings for a person or as JSON.
//
//   umpire-cli rule FILE.toml [--json]     (FILE may be "-" for standard input)
//   umpire-cli systems                     systems and the names they accept
//   umpire-cli check-data [DIR]            validate a rules-data folder
//   umpire-cli board check | los | visibility ...   boards (cli/board_commands.hpp)
//   umpire-cli table check FILE                   tables (cli/table_command.hpp, docs/tables.md)
//   --rules-data DIR, --help, --version
//
// Exit status (docs/situations.md, README.md): 0 a ruling or report was printed;
// 2 the situation or the rules data is wrong, including a file that cannot be read
// (stderr: FILE:LINE:COL lines, nothing on stdout); 1 anything else, including a
// failed write of the output (a full disk, a closed standard output).
//
// Output is composed in memory and written at the end with every write and the close
// of standard output checked (emit), so a ruling is never reported as printed when it
// was not.
//
// Sections
//   usage, report        help text; diagnostics to stderr (escaped by Diagnostic::str)
//   standard streams     reserve_standard_fds, emit
//   main                 options, commands
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/board_commands.hpp"
#include "engine/engine.hpp"
#include "core/input.hpp"
#include "core/names.hpp"
#include "cli/table_command.hpp"

namespace {

const char* kUsage =
    "Usage: umpire-cli [--rules-data DIR] COMMAND\n"
    "\n"
    "Commands:\n"
    "  rule FILE [--json]   rule a situation file (FILE '-' reads standard input)\n"
    "  systems              list the game systems and the names each accepts\n"
    "  check-data [DIR]     validate a rules-data folder (default: the one in use)\n"
    "  board check FILE [--json]   validate a board file (docs/boards.md); --json: the whole board\n"
    "  board from-image IMAGE --system S --columns C --rows R --hex ID=X,Y ... --sample NAME=X,Y ... -o BOARD\n"
    "                       a board from a scan or photo of the printed map (docs/maps.md)\n"
    "  los BOARD FROM TO [--json] [--mode M]\n"
    "                       the exact line between two hexes and what it meets (TANK! 10.2)\n"
    "  visibility BOARD FROM [--json] [--mode M]\n"
    "                       every hex seen from FROM: clear, blocked (by what) or referee's call\n"
    "  visibility BOARD --all OUT [--mode M] [--threads N]\n"
    "                       every pair of hexes, one file\n"
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

int report(const std::vector<umpire::Diagnostic>& diags) {
    for (const auto& d : diags) std::cerr << d.str() << "\n";
    return 2;
}

// A one-line message of the CLI's own (argument echoes escaped like diagnostics).
void say(const std::string& message) { std::cerr << "umpire-cli: " << umpire::escape_text(message) << "\n"; }

// ---- standard streams ---------------------------------------------------------

// A closed standard stream (`>&-`) would let the next open() take its number, and the
// ruling could then go to an input file's descriptor. Each closed one is filled with
// /dev/null opened in the opposite direction, so using it fails just as a closed one would.
void reserve_standard_fds() {
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        const int n = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (n >= 0 && n != fd) { ::dup2(n, fd); ::close(n); }
    }
}

// Writes `text` to standard output and closes it, checking both: a full disk reports an
// error only at write or close. Returns the exit status (0, or 1 with a message).
int emit(const std::string& text) {
    std::size_t done = 0;
    int err = 0;
    while (done < text.size() && !err) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) err = n < 0 ? errno : EIO;
        else done += static_cast<std::size_t>(n);
    }
    if (::close(STDOUT_FILENO) != 0 && !err && errno != EINTR) err = errno;
    if (!err) return 0;
    say(std::string("cannot write to standard output: ") + std::strerror(err));
    return 1;
}

}  // namespace

// ---- main ---------------------------------------------------------------------

int main(int argc, char** argv) {
    reserve_standard_fds();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (umpire::cli::is_board_command(args)) {
        std::ostringstream out;
        const int status = umpire::cli::board_main(args, out);
        return status != 0 ? status : emit(out.str());
    }
    std::filesystem::path rules_dir;
    bool json = false;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help") return emit(kUsage);
        if (a == "--version") return emit(std::string("umpire-cli ") + UMPIRE_VERSION + "\n");
        if (a == "--json") { json = true; continue; }
        if (a == "--rules-data") {
            if (i + 1 >= args.size()) { say("--rules-data needs a folder"); return 1; }
            rules_dir = args[++i];
            continue;
        }
        if (a.rfind("--rules-data=", 0) == 0) { rules_dir = a.substr(13); continue; }
        if (a.size() > 1 && a[0] == '-' && a != "-") {
            say("unknown option " + a);
            std::cerr << kUsage;
            return 1;
        }
        positional.push_back(a);
    }
    if (positional.empty()) { std::cerr << kUsage; return 1; }
    const std::string cmd = positional[0];
    if (rules_dir.empty()) rules_dir = umpire::default_rules_dir();

    if (cmd == "table") {  // src/cli/table_command.cpp; its report is written like every other output
        std::string report;
        const int status = table_command(positional, rules_dir, report);
        if (status != 0 && status != 3) return status;
        const int written = emit(report);
        return written ? written : status;
    }
    std::ostringstream out;
    try {
        if (cmd == "check-data") {
            const std::filesystem::path dir = positional.size() > 1 ? std::filesystem::path(positional[1]) : rules_dir;
            auto diags = umpire::check_rules_dir(dir);
            if (!diags.empty()) return report(diags);
            umpire::Engine e(dir);
            out << "rules data OK: " << umpire::escape_text(dir.string()) << "\n";
            for (const auto& s : e.systems())
                for (const auto& f : s->data_files()) out << "  " << umpire::escape_text(f) << "  (" << s->id() << ")\n";
            return emit(out.str());
        }
        // `rule` needs only its own game's rules data (a broken house-rules file locks only that
        // game); `systems` lists every game, so it needs them all.
        const auto load = cmd == "rule" ? umpire::Engine::Load::each_system : umpire::Engine::Load::all_or_nothing;
        umpire::Engine engine(rules_dir, load);
        if (cmd == "systems") {
            for (const auto& s : engine.systems()) {
                out << s->id() << "  —  " << s->title() << "\n";
                for (const auto& [what, names] : s->names())
                    out << "  " << what << ": " << umpire::escape_text(umpire::join_names(names, ", ")) << "\n";
            }
            return emit(out.str());
        }
        if (cmd == "rule") {
            if (positional.size() != 2) { say("rule takes one FILE"); std::cerr << kUsage; return 1; }
            const std::string file = positional[1];
            const umpire::Ruling r = file == "-" ? engine.rule_text(umpire::read_standard_input("<stdin>"), "<stdin>")
                                                 : engine.rule_file(file);
            if (json) out << r.to_json().dump() << "\n";
            else out << r.to_text();
            return emit(out.str());
        }
        say("unknown command '" + cmd + "'");
        std::cerr << kUsage;
        return 1;
    } catch (const umpire::InputError& e) {
        return report(e.diagnostics());
    } catch (const std::exception& e) {
        say(e.what());
        return 1;
    }
}
