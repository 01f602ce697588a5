// The real umpire-cli binary: commands, options, exit status and error lines
// (docs/situations.md "Command line"). Bad input must exit 2 with nothing
// on stdout and one FILE:LINE:COL line per problem on stderr.
#include <catch2/catch.hpp>

#include <regex>

#include "support.hpp"

using umpire::test::run_cli;
using umpire::test::temp_file;

namespace {

const char* kGood = R"(system = "spi-tank"
terrain_mode = "mixed"
[firer]
unit = "T62"
[target]
unit = "M60A2"
aspect = "side"
[line]
range = 12
)";

bool has_location_line(const std::string& err, const std::string& file, int line, const std::string& needle) {
    const std::string prefix = file + ":" + std::to_string(line) + ":";
    std::istringstream in(err);
    std::string l;
    while (std::getline(in, l))
        if (l.rfind(prefix, 0) == 0 && l.find(needle) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("CLI: rule prints a readable ruling, verdict first", "[cli]") {
    const std::string f = temp_file(kGood);
    auto r = run_cli("rule " + f);
    CHECK(r.status == 0);
    CHECK(r.out.rfind("FIRE PERMITTED", 0) == 0);
    CHECK(r.out.find("Why:") != std::string::npos);
    CHECK(r.out.find("8.9:") != std::string::npos);
    CHECK(r.err.empty());
}

TEST_CASE("CLI: --json prints one JSON object with the contract keys", "[cli]") {
    const std::string f = temp_file(kGood);
    auto r = run_cli("rule " + f + " --json");
    REQUIRE(r.status == 0);
    CHECK(r.out.front() == '{');
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    for (const char* key : {"\"system\":\"spi-tank\"", "\"los\":\"clear\"", "\"fire_permitted\":true", "\"range\":12",
                            "\"table\":\"8.91\"", "\"attack_type\":\"AP\"", "\"attack_strength\":21", "\"defense_strength\":8",
                            "\"attack_differential\":13", "\"table_column\":10", "\"kill_numbers\":[1,2,3,4,5,6,7,8,9]",
                            "\"die_modifier\":0", "\"kill_probability\":1.0000", "\"spot_numbers\":\"automatic\"",
                            "\"citations\":[", "\"explanation\":[", "\"referee_call\":false"})
        CHECK(r.out.find(key) != std::string::npos);
}

TEST_CASE("CLI: '-' reads the situation from standard input", "[cli]") {
    auto r = run_cli("rule - --json", kGood);
    CHECK(r.status == 0);
    CHECK(r.out.find("\"fire_permitted\":true") != std::string::npos);
}

TEST_CASE("CLI: --rules-data chooses the rules folder -- a missing folder is exit 2", "[cli]") {
    auto ok = run_cli("--rules-data " + std::string(UMPIRE_SOURCE_RULES_DATA) + " rule - --json", kGood);
    CHECK(ok.status == 0);
    auto bad = run_cli("--rules-data /nonexistent/rules rule - --json", kGood);
    CHECK(bad.status == 2);
    CHECK(bad.out.empty());
    CHECK(bad.err.find("/nonexistent/rules:1:1: rules-data folder not found") != std::string::npos);
}

TEST_CASE("CLI: finds its rules data from any working directory", "[cli]") {
    const std::string f = temp_file(kGood);
    const std::string cmd = "cd / && " + std::string(UMPIRE_CLI_PATH) + " rule " + f + " --json > /dev/null 2>&1";
    CHECK(std::system(cmd.c_str()) == 0);
}

TEST_CASE("CLI: systems, check-data, --help, --version", "[cli]") {
    auto s = run_cli("systems");
    CHECK(s.status == 0);
    for (const char* id : {"spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"})
        CHECK(s.out.find(id) != std::string::npos);
    CHECK(s.out.find("Pz IV h") != std::string::npos);
    CHECK(s.out.find("88AT") != std::string::npos);

    auto c = run_cli("check-data " + std::string(UMPIRE_SOURCE_RULES_DATA));
    CHECK(c.status == 0);
    CHECK(c.out.find("rules data OK") != std::string::npos);
    CHECK(c.out.find("spi-tank.toml") != std::string::npos);

    auto h = run_cli("--help");
    CHECK(h.status == 0);
    CHECK(h.out.find("Usage: umpire-cli") != std::string::npos);
    auto v = run_cli("--version");
    CHECK(v.status == 0);
    CHECK(v.out.find("umpire-cli ") == 0);
    auto u = run_cli("frobnicate");
    CHECK(u.status == 1);
}

// Bad situations: exit 2, nothing on stdout, FILE:LINE:COL naming the key and accepted values.
struct BadCase {
    const char* name;
    const char* text;
    int line;
    const char* needle;
};

TEST_CASE("CLI: bad situations are exit 2 with FILE:LINE:COL lines", "[cli]") {
    const BadCase cases[] = {
        {"malformed TOML", "system = \"spi-tank\"\nterrain_mode = \n", 2, "TOML syntax error"},
        {"unknown unit lists accepted names (17.4)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"Tiger 3\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 3\n",
         4, "unknown unit \"Tiger 3\" (accepted: Pz IV h, Pz IIIj"},
        {"range 0 (8.3)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 0\n",
         9, "line.range: 0 is out of range (accepted: 1..999)"},
        {"wrong type",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = \"twelve\"\n",
         9, "line.range: expected an integer"},
        {"missing required key", "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n",
         1, "line: missing required key"},
        {"missing aspect for a vehicle (8.7)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\n[line]\nrange = 3\n",
         5, "target.aspect: missing required key (expected one of front, side or rear)"},
        {"unknown terrain mode", "system = \"spi-tank\"\nterrain_mode = \"jungle\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 3\n",
         2, "accepted: closed, mixed or open"},
        {"unknown system", "system = \"chess\"\n", 1, "accepted: spi-tank, panzerblitz, gf9-tanks, agv or panzer-squadron"},
        {"panic level out of range", "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\npanic_level = 11\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 3\n",
         5, "firer.panic_level: 11 is out of range (accepted: 0..10)"},
        {"moving_mp beyond the Movement Allowance (9.32)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\nmoving_mp = 6\n[line]\nrange = 3\n",
         8, "target.moving_mp: 6 is out of range (accepted: 0..5"},
        {"misspelt key is not ignored", "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\nmovingmp = 2\n[line]\nrange = 3\n",
         8, "target.movingmp: unknown key"},
        {"woods given as a hexside (10.12)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 3\nobstacles = [ { terrain = \"woods\", at = \"hexside\" } ]\n",
         10, "woods is a hex feature"},
        {"extra firer against an AFV (8.22)",
         "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M4\"\naspect = \"front\"\n[line]\nrange = 3\n[[extra_firer]]\nunit = \"T55\"\nrange = 4\n",
         10, "extra firers combine HE against soft targets only"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(c.text);
            auto r = run_cli("rule " + f + " --json");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(has_location_line(r.err, f, c.line, c.needle));
            const std::regex loc("^" + f + ":[0-9]+:[0-9]+: .+");
            std::istringstream in(r.err);
            std::string l;
            while (std::getline(in, l)) CHECK(std::regex_match(l, loc));
        }
    }
}

TEST_CASE("CLI: several problems give one line each", "[cli]") {
    const std::string f = temp_file("system = \"spi-tank\"\nterrain_mode = \"swamp\"\n[firer]\nunit = \"Tiger 3\"\n[target]\nunit = \"M4\"\naspect = \"top\"\n[line]\nrange = -2\n");
    auto r = run_cli("rule " + f);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 4);
}

TEST_CASE("CLI: a missing file is exit 2 naming the file", "[cli]") {
    auto r = run_cli("rule /nonexistent/situation.toml");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "/nonexistent/situation.toml:1:1: cannot read: No such file or directory\n");
}
