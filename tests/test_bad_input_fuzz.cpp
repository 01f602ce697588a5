// Bad input found by mutating the examples and the shipped rules-data (a tester's sweep):
// each problem must give exit 2, nothing on stdout, and one FILE:LINE:COL line per real
// problem -- no follow-on lines about keys that are fine, no empty names in the data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/toml_reader.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using umpire::test::run_cli;
using umpire::test::temp_file;

namespace {

std::size_t count_lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

bool every_line_located(const std::string& err, const std::string& file) {
    const std::regex loc("^" + file + ":[0-9]+:[0-9]+: .+");
    std::istringstream in(err);
    std::string l;
    while (std::getline(in, l))
        if (!std::regex_match(l, loc)) return false;
    return true;
}

// Runs `rule FILE --json` and checks the bad-input contract for a single problem: exit 2, nothing
// on stdout, exactly one FILE:LINE:COL line on stderr. Returns that line.
std::string one_error_line(const std::string& f) {
    auto r = run_cli("rule " + f + " --json");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(count_lines(r.err) == 1);
    CHECK(every_line_located(r.err, f));
    return r.err;
}

fs::path broken_rules(const std::string& file, const std::string& from, const std::string& to) {
    return umpire::test::rules_data_copy(file, from, to);
}

}  // namespace

TEST_CASE("bad input: a folder given as the situation file is exit 2", "[cli]") {
    const fs::path dir = fs::temp_directory_path() / ("umpire-fuzz-dir-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto r = run_cli("rule " + dir.string() + " --json");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == dir.string() + ":1:1: is a folder, not a TOML file\n");
    fs::remove_all(dir);
}

TEST_CASE("bad input: a wrong TANK! hex number is one line, not also a facing error", "[cli][spi-tank]") {
    struct Case {
        const char* name;
        const char* firer_hex;
        const char* needle;
    };
    const Case cases[] = {
        {"letters in the number", "\"40a1\"", "firer.hex: \"40a1\" is not a hex number"},
        {"empty string", "\"\"", "firer.hex: \"\" is not a hex number"},
        {"integer instead of string", "4001", "firer.hex: expected a string, found an integer"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string text = std::string("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\nhex = ") +
                                     c.firer_hex + "\n[target]\nunit = \"M60A2\"\nhex = \"4010\"\nfacing = \"A\"\n";
            const std::string f = temp_file(text);
            const std::string err = one_error_line(f);
            CHECK(err.rfind(f + ":5:", 0) == 0);
            CHECK(err.find(c.needle) != std::string::npos);
            CHECK(err.find("target.facing") == std::string::npos);
        }
    }
}

TEST_CASE("bad input: a wrong PanzerBlitz range is one line, not also one per obstacle", "[cli][panzerblitz]") {
    struct Case {
        const char* name;
        const char* range_line;
        const char* needle;
    };
    const Case cases[] = {
        {"range 0", "range = 0\n", "line.range: 0 is out of range (accepted: 1..999)"},
        {"range too large", "range = 9223372036854775807\n", "line.range: 9223372036854775807 is out of range"},
        {"range a string", "range = \"six\"\n", "line.range: expected an integer"},
        {"range a float", "range = 6.5\n", "line.range: expected an integer"},
        {"range missing", "", "line.range: missing required key"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string text = std::string("system = \"panzerblitz\"\n[firer]\nelevation = \"l2-hilltop\"\n[target]\nelevation = \"ground\"\n[line]\n") +
                                     c.range_line +
                                     "obstacles = [ { symbol = \"brown\", side = 5 }, { symbol = \"woods-hex\", hex = 3 } ]\n";
            const std::string f = temp_file(text);
            const std::string err = one_error_line(f);
            CHECK(err.find(c.needle) != std::string::npos);
            CHECK(err.find("obstacles") == std::string::npos);
        }
    }
    SECTION("a place beyond the widest range is still reported") {
        const std::string f = temp_file(
            "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 0\n"
            "obstacles = [ { symbol = \"brown\", side = 1000 } ]\n");
        auto r = run_cli("rule " + f + " --json");
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(count_lines(r.err) == 2);
        CHECK(r.err.find("line.obstacles[0].side: 1000 is out of range") != std::string::npos);
    }
}

TEST_CASE("bad input: a name from an empty rules-data list says no names are accepted", "[cli][rules-data]") {
    umpire::Sink sink("x.toml");
    const toml::table tbl = umpire::parse_toml_string("name = \"woods\"\nnames = [\"woods\"]\n", "x.toml");
    const umpire::Section t(sink, &tbl, "");
    const std::vector<std::string> none;
    CHECK_FALSE(t.choice("name", none).has_value());
    CHECK_FALSE(t.choice_array("names", none).has_value());
    REQUIRE(sink.diagnostics().size() == 2);
    for (const auto& d : sink.diagnostics()) {
        INFO(d.str());
        CHECK(d.message.find("(accepted: none: the rules data lists no names here)") != std::string::npos);
    }
}

TEST_CASE("bad input: empty or clashing names in rules data are rejected by check-data", "[rules-data]") {
    struct Case {
        const char* name;
        const char* file;
        const char* from;
        const char* to;
        const char* needle;
    };
    const Case cases[] = {
        {"TANK! unit named with an empty string", "spi-tank.toml", "name = \"Pz IV h\"", "name = \"\"",
         "unit[0].name: \"\" cannot be a unit name"},
        {"TANK! unit named only with ignored characters", "spi-tank.toml", "name = \"Pz IV h\"", "name = \"( )\"",
         "unit[0].name: \"( )\" cannot be a unit name"},
        {"TANK! empty alias", "spi-tank.toml", "aliases = [\"JPz V (turretless)\"", "aliases = [\"\"",
         "unit[3].aliases: \"\" cannot be a unit name"},
        {"PanzerBlitz empty alias", "panzerblitz.toml", "aliases = [\"gray\"]", "aliases = [\"\"]",
         "symbols.grey.aliases: \"\" cannot be an alias"},
        {"PanzerBlitz alias that is another symbol", "panzerblitz.toml", "aliases = [\"gray\"]", "aliases = [\"Green\"]",
         "symbols.grey.aliases: \"Green\" is the name of the symbol green"},
        {"PanzerBlitz alias of two symbols", "panzerblitz.toml", "aliases = [\"orange/red\", \"red\"]", "aliases = [\"orange/red\", \"gray\"]",
         "symbols.orange.aliases: \"gray\" is already an alias of grey"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const fs::path dir = broken_rules(c.file, c.from, c.to);
            auto r = run_cli("check-data " + dir.string());
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind((dir / c.file).string() + ":", 0) == 0);
            CHECK(every_line_located(r.err, (dir / c.file).string()));
            CHECK(r.err.find(c.needle) != std::string::npos);
            fs::remove_all(dir);
        }
    }
    SECTION("TANK! weapons chart with no units") {
        // Every [[unit]] block replaced by an empty array.
        const fs::path dir = broken_rules("spi-tank.toml", "[[unit]]", "[[unit]]");
        std::string text = umpire::test::read_text(dir / "spi-tank.toml");
        const auto from = text.find("[[unit]]");
        const auto to = text.find("# ---- Infantry");
        REQUIRE(from != std::string::npos);
        REQUIRE(to != std::string::npos);
        text.replace(from, to - from, "");
        text = "unit = []\n" + text;
        std::ofstream(dir / "spi-tank.toml") << text;
        auto r = run_cli("check-data " + dir.string());
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.rfind((dir / "spi-tank.toml").string() + ":", 0) == 0);
        CHECK(r.err.find("unit: the weapons chart lists no units") != std::string::npos);
        fs::remove_all(dir);
    }
}

TEST_CASE("valid edge: TANK! hex numbers with a facing need no [line] table and no aspect", "[cli][spi-tank]") {
    const std::string f = temp_file(
        "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\nhex = \"4001\"\n"
        "[target]\nunit = \"M60A2\"\nhex = \"4010\"\nfacing = \"A\"\n");
    auto r = run_cli("rule " + f + " --json");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("\"range\":9") != std::string::npos);
}

TEST_CASE("valid edge: limits of the contract's ranges are accepted", "[cli]") {
    const char* cases[] = {
        "system = \"spi-tank\"\nterrain_mode = \"open\"\n[firer]\nunit = \"T62\"\npanic_level = 0\n[target]\nunit = \"T55\"\naspect = \"front\"\n[line]\nrange = 999\n",
        "system = \"spi-tank\"\nterrain_mode = \"open\"\n[firer]\nunit = \"T62\"\npanic_level = 10\n[target]\nunit = \"T55\"\naspect = \"front\"\n[line]\nrange = 1\n",
        "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 999\nobstacles = [ { symbol = \"green\", side = 999 } ]\n",
        "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\n[target]\n",
        "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"stationary\"\naction = \"move\"\ndice = [4]\nsteps = []\n",
    };
    for (const char* text : cases) {
        const std::string f = temp_file(text);
        auto r = run_cli("rule " + f + " --json");
        INFO(text << "\n" << r.err);
        CHECK(r.status == 0);
        CHECK(r.err.empty());
    }
}

TEST_CASE("bad input: an unknown question is one line for every system that asks one", "[cli]") {
    // The keys a situation needs depend on its question: a wrong question must not also report
    // the tables of some default question as missing (GF9 TANKS, AGV, Panzer Squadron).
    const char* systems[] = {"gf9-tanks", "agv", "panzer-squadron"};
    for (const char* sys : systems) {
        SECTION(sys) {
            const auto f = temp_file(std::string("system = \"") + sys + "\"\nquestion = \"parley\"\n");
            const std::string err = one_error_line(f);
            CHECK(err.find(":2:") != std::string::npos);
            CHECK(err.find("question: unknown name \"parley\"") != std::string::npos);
        }
    }
    SECTION("panzer-squadron line-of-fire with neither lines nor a board: what it needs, in one line") {
        const auto f = temp_file("system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n");
        const std::string err = one_error_line(f);
        CHECK(err.find("line: a line of fire needs two [[line]]s") != std::string::npos);
        CHECK(err.find("or board = \"FILE\" with firer.hex and target.hex") != std::string::npos);
    }
}
