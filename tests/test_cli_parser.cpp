// The command line's parser (src/cli/app.cpp, CLI11; README.md "The command line"): every
// command has its own --help naming its arguments and options (exit 0, on stdout); an unknown
// option, a missing argument, one argument too many and an unknown command are exit 1 with one
// escaped `umpire-cli: ...` line on stderr and nothing on stdout, before any file is read.
#include <catch2/catch.hpp>

#include "support.hpp"

using umpire::test::run_cli;

namespace {

std::size_t line_count(const std::string& s) { return std::size_t(std::count(s.begin(), s.end(), '\n')); }

const std::string kBoard = std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml";

// Exit 1, nothing on stdout, one line on stderr starting with `said`.
void check_usage_error(const std::string& args, const std::string& said) {
    const auto r = run_cli(args);
    INFO(r.err);
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.rfind(said, 0) == 0);
}

}  // namespace

TEST_CASE("CLI parser: every command's --help names its arguments and options", "[cli][parser]") {
    struct Case {
        const char* command;
        std::vector<const char*> names;  // the arguments and options its help must name
    };
    const Case cases[] = {
        {"", {"Usage: umpire-cli", "--rules-data", "--version", "rule", "systems", "check-data", "board", "los", "visibility", "table",
              "Exit status"}},
        {"rule", {"Usage: umpire-cli rule", "FILE", "--json", "'-' reads", "--png OUT"}},
        {"systems", {"Usage: umpire-cli systems"}},
        {"check-data", {"Usage: umpire-cli check-data", "[DIR]"}},
        {"board", {"Usage: umpire-cli board", "check"}},
        {"board check", {"Usage: umpire-cli board check", "FILE"}},
        {"los", {"Usage: umpire-cli los", "BOARD FROM TO", "--json", "--mode MODE", "--facing POINT", "--png OUT"}},
        {"visibility", {"Usage: umpire-cli visibility", "BOARD [FROM]", "--json", "--mode MODE", "--all OUT", "--threads N"}},
        {"table", {"Usage: umpire-cli table", "check"}},
        {"table check", {"Usage: umpire-cli table check", "FILE"}},
    };
    for (const auto& c : cases) {
        for (const char* flag : {"--help", "-h"}) {
            SECTION(std::string(c.command) + " " + flag) {
                // The flag anywhere after the command, even with the command's arguments missing.
                const auto r = run_cli(std::string(c.command) + " " + flag);
                INFO(r.err);
                CHECK(r.status == 0);
                CHECK(r.err.empty());
                for (const char* name : c.names) {
                    INFO(name);
                    CHECK(r.out.find(name) != std::string::npos);
                }
                CHECK(r.out.find("-h,--help") != std::string::npos);
            }
        }
    }
    // The defect this parser fixed: `board --help` used to answer "unknown option --help".
    CHECK(run_cli("board --help").out.find("unknown option") == std::string::npos);
    // --help after a command's arguments still answers with that command's help.
    CHECK(run_cli("los " + kBoard + " 0302 --help").out.find("Usage: umpire-cli los") != std::string::npos);
}

TEST_CASE("CLI parser: an unknown option is exit 1 in every command, naming the option and the command", "[cli][parser]") {
    struct Case {
        std::string args;
        const char* said;
    };
    const std::string board = "'" + kBoard + "'";
    const Case cases[] = {
        {"--bogus", "umpire-cli: unknown option --bogus (see umpire-cli --help)"},
        // Said in the command reached, which takes no such option either.
        {"--bogus systems", "umpire-cli: systems: unknown option --bogus (see umpire-cli systems --help)"},
        {"rule x.toml --bogus", "umpire-cli: rule: unknown option --bogus (see umpire-cli rule --help)"},
        {"systems --bogus", "umpire-cli: systems: unknown option --bogus (see umpire-cli systems --help)"},
        {"check-data --bogus", "umpire-cli: check-data: unknown option --bogus (see umpire-cli check-data --help)"},
        {"board --bogus", "umpire-cli: board: unknown option --bogus (see umpire-cli board --help)"},
        {"board check x --bogus", "umpire-cli: board check: unknown option --bogus (see umpire-cli board check --help)"},
        {"los x 0101 0202 --bogus", "umpire-cli: los: unknown option --bogus (see umpire-cli los --help)"},
        {"visibility x 0101 -q", "umpire-cli: visibility: unknown option -q (see umpire-cli visibility --help)"},
        {"table check x --bogus", "umpire-cli: table check: unknown option --bogus (see umpire-cli table check --help)"},
        // An option of another command is unknown here: board check has no --mode, los no --all.
        {"board check x --mode open", "umpire-cli: board check: unknown option --mode"},
        {"los x 0101 0202 --all out", "umpire-cli: los: unknown option --all"},
        // A negative number is an option word too, as it always was (CLI11 alone would take it as a hex).
        {"los " + board + " -302 0308", "umpire-cli: los: unknown option -302"},
        {"rule -- -x.toml", "umpire-cli: rule: unknown option -x.toml"},
        // A flag takes no value.
        {"rule x.toml --json=false", "umpire-cli: rule: --json takes no value"},
    };
    for (const auto& c : cases) {
        SECTION(c.args) {
            check_usage_error(c.args, c.said);
        }
    }
}

TEST_CASE("CLI parser: a missing or extra argument, an unknown command, an option without its value are exit 1", "[cli][parser]") {
    struct Case {
        const char* args;
        const char* said;
    };
    const Case cases[] = {
        {"rule", "umpire-cli: rule: FILE is required (see umpire-cli rule --help)"},
        {"rule a.toml b.toml", "umpire-cli: rule: unexpected argument 'b.toml'"},
        {"board", "umpire-cli: board: give its command: check"},
        {"board frob", "umpire-cli: board: unknown command 'frob'"},
        {"board check", "umpire-cli: board check: FILE is required"},
        {"los b.toml 0101", "umpire-cli: los: TO is required"},
        {"los b.toml 0101 0202 0303", "umpire-cli: los: unexpected argument '0303'"},
        {"visibility", "umpire-cli: visibility: BOARD is required"},
        {"visibility b.toml", "umpire-cli: visibility: give BOARD FROM (or BOARD --all OUT)"},
        {"visibility b.toml 0101 --all out.txt", "umpire-cli: visibility: --all takes BOARD and the output file, without FROM"},
        {"visibility b.toml --all out.txt --threads x", "umpire-cli: visibility: --threads needs a number 0..999 (0: one per core), got 'x'"},
        {"los b.toml 0101 0202 --mode", "umpire-cli: los: --mode needs a value (MODE)"},
        {"--rules-data", "umpire-cli: --rules-data needs a value (DIR)"},
        {"table", "umpire-cli: table: give its command: check"},
        {"table check", "umpire-cli: table check: FILE is required"},
        {"frob", "umpire-cli: unknown command 'frob' (see umpire-cli --help)"},
        // Only the command the words name gets a parser (app.cpp, named_command): a later word
        // naming another command is still an argument, and --rules-data's value names none.
        {"rule a.toml los", "umpire-cli: rule: unexpected argument 'los'"},
        {"board check b.toml table", "umpire-cli: board check: unexpected argument 'table'"},
        {"--rules-data rule frob", "umpire-cli: unknown command 'frob' (see umpire-cli --help)"},
        {"-- rule a.toml", "umpire-cli: unknown option -- (see umpire-cli --help)"},
    };
    for (const auto& c : cases) {
        SECTION(c.args) {
            // The files named do not exist: a usage problem is said before any file is read.
            check_usage_error(c.args, c.said);
        }
    }
    // No command at all: the help, on stderr.
    const auto none = run_cli("");
    CHECK(none.status == 1);
    CHECK(none.out.empty());
    CHECK(none.err.find("Usage: umpire-cli") != std::string::npos);
}

TEST_CASE("CLI parser: the shared options go before or after the command, the last one given wins", "[cli][parser]") {
    const std::string rules = UMPIRE_SOURCE_RULES_DATA;
    const std::string example = std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-t62-vs-m60a2-side.toml";
    const auto before = run_cli("--rules-data '" + rules + "' rule '" + example + "' --json");
    REQUIRE(before.status == 0);
    for (const std::string& args : {"rule '" + example + "' --json --rules-data '" + rules + "'",
                                    "rule --json --rules-data='" + rules + "' '" + example + "'",
                                    "--rules-data /nonexistent rule '" + example + "' --json --rules-data '" + rules + "'"}) {
        INFO(args);
        const auto r = run_cli(args);
        CHECK(r.status == 0);
        CHECK(r.out == before.out);
    }
    const auto mode = run_cli("los '" + kBoard + "' 0302 0308 --mode closed --mode open --json");
    CHECK(mode.status == 0);
    CHECK(mode.out.find("\"terrain_mode\":\"open\"") != std::string::npos);
    CHECK(run_cli("--version").out == std::string("umpire-cli ") + UMPIRE_VERSION + "\n");
    CHECK(run_cli("systems --version").out == std::string("umpire-cli ") + UMPIRE_VERSION + "\n");
}
