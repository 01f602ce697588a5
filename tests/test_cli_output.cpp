// Output that cannot be written (issue 14, item 2): every write of umpire-cli is checked, and
// so is the close of standard output (a full disk may only report there). A ruling or report
// that did not reach its destination is exit 1 with one line on stderr, never exit 0.
#include <catch2/catch.hpp>

#include "hostile_support.hpp"

using umpire::test::lines;
using umpire::test::run_script;
using umpire::test::temp_file;

namespace {
const char* kGood = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\n"
                    "aspect = \"side\"\n[line]\nrange = 12\n";
}

TEST_CASE("output: a full disk or a closed standard output is exit 1 with one line", "[cli][output]") {
    const std::string f = temp_file(kGood);
    struct Case {
        const char* name;
        std::string command;  // umpire-cli's arguments
    };
    const Case cases[] = {
        {"ruling", "rule '" + f + "'"},
        {"ruling as JSON", "rule '" + f + "' --json"},
        {"ruling from standard input", "rule - < '" + f + "'"},
        {"systems", "systems"},
        {"check-data", "check-data"},
        {"help", "--help"},
        {"version", "--version"},
    };
    struct Target {
        const char* name;
        const char* redirect;
        const char* reason;
    };
    const Target targets[] = {
        {"/dev/full", ">/dev/full", "cannot write to standard output: No space left on device"},
        {"closed stdout", ">&-", "cannot write to standard output: Bad file descriptor"},
    };
    for (const auto& c : cases) {
        for (const auto& t : targets) {
            SECTION(std::string(c.name) + " to " + t.name) {
                // The same command succeeds when its output can be written.
                const auto ok = run_script("\"$CLI\" " + c.command);
                CHECK(ok.status == 0);
                CHECK(!ok.out.empty());
                const auto r = run_script("\"$CLI\" " + c.command + " " + t.redirect);
                INFO(r.err);
                CHECK(r.status == 1);
                CHECK(lines(r.err).size() == 1);
                CHECK(r.err == std::string("umpire-cli: ") + t.reason + "\n");
            }
        }
    }
}

TEST_CASE("output: bad input to a closed standard output is still exit 2", "[cli][output]") {
    // The diagnostics go to stderr, so a closed stdout does not change the answer.
    const std::string f = temp_file("system = \"chess\"\n");
    const auto r = run_script("\"$CLI\" rule '" + f + "' >&-");
    CHECK(r.status == 2);
    CHECK(lines(r.err).size() == 1);
    CHECK(r.err.find(f + ":1:10: system: unknown name \"chess\"") == 0);
}
