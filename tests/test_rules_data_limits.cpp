// Rules-data numbers are bounded where they are read (issue 14, item 4): a club's copy of
// rules-data/ with an extreme number (INT64_MAX, -1, 2^31, 2^32 + 5, a huge or reversed die run,
// reversed or overlapping rows, nan, inf) gets exactly one FILE:LINE:COL error naming the key and
// the accepted values from check_rules_dir() and `umpire-cli check-data` (exit 2): never a
// truncated number and a wrong ruling, an overflow, or a cell expanded until memory runs out.
//
// Sections
//   cases        one edit per row: file, text replaced, replacement, key and accepted values expected
//   tests        the unmodified data loads; every case gives one located error; the CLI exits 2
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include "support.hpp"

namespace fs = std::filesystem;

namespace {

// ---- cases --------------------------------------------------------------------------

struct LimitCase {
    const char* name;    // what is broken, with the rule the number comes from
    const char* file;    // a file of rules-data/
    const char* from;    // first occurrence replaced...
    const char* to;      // ...by this
    const char* key;     // the message starts with this key path
    const char* needle;  // and contains this (the refused value and the accepted values)
};

const LimitCase kCases[] = {
    // SPI TANK! Combat Results Tables (8.9): row ranges in hexes, 1..999 (Umpire's bound).
    {"8.91 row upper bound 2^32+5 (would read as 5: a wrong row)", "spi-tank.toml", "{ range = [6, 10]", "{ range = [6, 4294967301]",
     "crt[0].rows[1].range: ", "4294967301 is out of range (accepted: [from, to] with 1 <= from <= to <= 999)"},
    {"8.91 row upper bound INT64_MAX", "spi-tank.toml", "{ range = [1, 5]", "{ range = [1, 9223372036854775807]",
     "crt[0].rows[0].range: ", "9223372036854775807 is out of range (accepted: [from, to]"},
    {"8.91 row upper bound 2^31-1 (to + 1 overflowed)", "spi-tank.toml", "{ range = [46, 50]", "{ range = [46, 2147483647]",
     "crt[0].rows[9].range: ", "2147483647 is out of range"},
    {"8.91 row lower bound -1", "spi-tank.toml", "{ range = [1, 5]", "{ range = [-1, 5]", "crt[0].rows[0].range: ",
     "-1 is out of range"},
    {"8.91 row range reversed", "spi-tank.toml", "{ range = [11, 15]", "{ range = [15, 11]", "crt[0].rows[2].range: ",
     "[15, 11] runs backwards (accepted: [from, to] with 1 <= from <= to <= 999)"},
    {"8.91 rows overlapping", "spi-tank.toml", "{ range = [11, 15]", "{ range = [10, 15]", "crt[0].rows[2].range: ",
     "without gaps or overlaps: expected this row to start at 11"},
    {"8.91 cell with a huge die run (filled memory)", "spi-tank.toml", "\"1-10\", \"1-10\"]", "\"1-10\", \"1-2000000000\"]",
     "crt[0].rows[0].cells: ", "cell 10 \"1-2000000000\" names die number 2000000000, out of range (accepted: 1..55)"},
    {"8.91 cell with a 30-digit die number", "spi-tank.toml", "\"1-10\", \"1-10\"]", "\"1-10\", \"1-100000000000000000000000000000\"]",
     "crt[0].rows[0].cells: ", "names die number 100000000000000000000000000000, out of range (accepted: 1..55)"},
    {"8.91 cell with a reversed die run", "spi-tank.toml", "\"1-10\", \"1-10\"]", "\"1-10\", \"10-1\"]", "crt[0].rows[0].cells: ",
     "cell 10 \"10-1\" runs backwards"},
    {"8.91 cell beyond the die plus the 8.71 modifier", "spi-tank.toml", "\"1-10\", \"1-10\"]", "\"1-10\", \"1-56\"]",
     "crt[0].rows[0].cells: ", "names die number 56, out of range (accepted: 1..55)"},
    {"8.91 cell with die number 0", "spi-tank.toml", "\"1-10\", \"1-10\"]", "\"1-10\", \"0-3\"]", "crt[0].rows[0].cells: ",
     "names die number 0, out of range"},
    {"8.9 panic level INT64_MAX", "spi-tank.toml", "panic = [0, 2]", "panic = [0, 9223372036854775807]", "crt[0].panic: ",
     "within 0..10"},
    // Infantry Fire Table 8.81: rows 1, 2, 3...; cells are one die (no movement modifier there).
    {"8.81 row range -1", "spi-tank.toml", "{ range = 1, moving", "{ range = -1, moving", "infantry_fire.rows[0].range: ",
     "-1 is out of range (accepted: 1..99)"},
    {"8.81 cell beyond the die", "spi-tank.toml", "stationary = \"1-3\"", "stationary = \"1-7\"", "infantry_fire.rows[0].stationary: ",
     "\"1-7\" names die number 7, out of range (accepted: 1..6)"},
    {"8.81 cell with a huge die run", "spi-tank.toml", "stationary = \"1-3\"", "stationary = \"1-2147483648\"",
     "infantry_fire.rows[0].stationary: ", "names die number 2147483648, out of range (accepted: 1..6)"},
    // Spotting Table 13.5: ranges 1..999 or to = 0 for "or more"; a roll 1..N with N on the die.
    {"13.5 open end -1", "spi-tank.toml", "range = [41, 0]", "range = [41, -1]", "spotting[4].range: ",
     "-1 is out of range (accepted: [from, to] with 1 <= from <= to <= 999, or to = 0 for \"or more\")"},
    {"13.5 row upper bound 2^31", "spi-tank.toml", "range = [21, 30]", "range = [21, 2147483648]", "spotting[2].range: ",
     "2147483648 is out of range"},
    {"13.5 rows overlapping", "spi-tank.toml", "range = [21, 30]", "range = [20, 30]", "spotting[2].range: ",
     "without gaps or overlaps: expected 21"},
    {"13.5 row range reversed", "spi-tank.toml", "range = [21, 30]", "range = [30, 21]", "spotting[2].range: ", "runs backwards"},
    {"13.5 spotting roll with a huge die run", "spi-tank.toml", "soft_open = \"1-5\"", "soft_open = \"1-2000000000\"",
     "spotting[0].soft_open: ", "names die number 2000000000, out of range (accepted: 1..6)"},
    // Terrain Effects Chart 10.6: MP costs, 1..99 to enter a hex, +0..+99 to cross a hexside.
    {"10.6 hex movement cost 2^31", "spi-tank.toml", "woods = { movement = \"all\"", "woods = { movement = \"2147483648\"",
     "terrain.closed.woods.movement: ", "\"2147483648\" is not a movement cost for a hex (accepted: \"1\"..\"99\", \"all\" or \"na\")"},
    {"10.6 hexside movement cost -1", "spi-tank.toml", "movement = \"+2\"", "movement = \"+-1\"", "terrain.closed.berm.movement: ",
     "\"+-1\" is not a movement cost for a hexside (accepted: \"+0\"..\"+99\" or \"na\")"},
    // The die and the weapons chart (17.4).
    {"die sides 2^31", "spi-tank.toml", "die_sides = 6", "die_sides = 2147483648", "game.die_sides: ",
     "2147483648 is out of range (accepted: 2..100)"},
    {"17.4 AP strength INT64_MAX", "spi-tank.toml", "ap = 14\n", "ap = 9223372036854775807\n", "unit[0].ap: ",
     "9223372036854775807 is out of range (accepted: 0..99)"},
    {"17.4 movement allowance 100", "spi-tank.toml", "movement = 4\n", "movement = 100\n", "unit[0].movement: ",
     "100 is out of range (accepted: 0..99)"},
    {"17.4 defense strength -1", "spi-tank.toml", "defense = [7, 3, 2]", "defense = [7, 3, -1]", "unit[0].defense: ",
     "defense strengths must be 0..99"},
    {"17.4 defense strength 2^32", "spi-tank.toml", "defense = [7, 3, 2]", "defense = [4294967296, 3, 2]", "unit[0].defense: ",
     "defense strengths must be 0..99"},
    // PanzerBlitz (Arvold's notes): elevations and symbol heights in metres.
    {"PB elevation INT64_MAX", "panzerblitz.toml", "l1-slope = 55", "l1-slope = 9223372036854775807", "elevations.l1-slope: ",
     "out of range (accepted: -100..1000)"},
    {"PB symbol height 2^31", "panzerblitz.toml", "green = { kind = \"low\", height = 15 }",
     "green = { kind = \"low\", height = 2147483648 }", "symbols.green.height: ", "out of range (accepted: 0..1000)"},
    // Panzer Squadron: the die, the dice by start state, movement point costs.
    {"PS die sides -1", "panzer-squadron.toml", "sides = 4", "sides = -1", "dice.sides: ", "-1 is out of range (accepted: 2..100)"},
    {"PS dice INT64_MAX", "panzer-squadron.toml", "in-movement = 2", "in-movement = 9223372036854775807", "dice.in-movement: ",
     "out of range (accepted: 1..10)"},
    {"PS turning cost 2^31", "panzer-squadron.toml", "turn = [1, 2, 2]", "turn = [1, 2, 2147483648]", "costs.turn: ",
     "each 0..99"},
    // GF9 TANKS house rules: limits and escarpment distances (floats must be finite).
    {"GF9 max distance nan", "gf9-tanks.toml", "max_distance_inches = 144.0", "max_distance_inches = nan",
     "limits.max_distance_inches: ", "must be a finite number above 0 (accepted: above 0, up to 10000)"},
    {"GF9 max distance inf", "gf9-tanks.toml", "max_distance_inches = 144.0", "max_distance_inches = inf",
     "limits.max_distance_inches: ", "inf is out of range (accepted: 0 to 10000)"},
    {"GF9 escarpment by_more_than nan", "gf9-tanks.toml", "by_more_than = 0.0", "by_more_than = nan",
     "los.escarpments.case[0].by_more_than: ", "must be a finite number of inches (accepted: 0 to 144\")"},
    {"GF9 escarpment by_more_than -inf", "gf9-tanks.toml", "by_more_than = 0.0", "by_more_than = -inf",
     "los.escarpments.case[0].by_more_than: ", "-inf is out of range (accepted: 0 to 144)"},
    {"GF9 max hills INT64_MAX", "gf9-tanks.toml", "max_hills_between = 20", "max_hills_between = 9223372036854775807",
     "limits.max_hills_between: ", "out of range (accepted: 0..1000)"},
    // A Very Godly War (AGV): the movement and cover numbers.
    {"AGV half-rate cost INT64_MAX", "agv.toml", "half_rate_cost = 2", "half_rate_cost = 9223372036854775807",
     "game.half_rate_cost: ", "out of range (accepted: 1..10)"},
    {"AGV cover block count 2^31", "agv.toml", "cover_block_count = 2", "cover_block_count = 2147483648",
     "game.cover_block_count: ", "out of range (accepted: 1..99)"},
    {"AGV cover divisor 0", "agv.toml", "cover_divisor = 2", "cover_divisor = 0", "game.cover_divisor: ",
     "0 is out of range (accepted: 1..10)"},
};

// The 1-based line of the first `from` in the shipped file: where the edited value now is.
int line_of(const std::string& file, const std::string& from) {
    const std::string text = umpire::test::read_text(fs::path(UMPIRE_SOURCE_RULES_DATA) / file);
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    return 1 + int(std::count(text.begin(), text.begin() + long(pos), '\n'));
}

}  // namespace

// ---- tests ----------------------------------------------------------------------------

TEST_CASE("rules-data limits: the shipped data is within every bound", "[rules-data][limits]") {
    CHECK(umpire::check_rules_dir(UMPIRE_SOURCE_RULES_DATA).empty());
    // A copy with a value replaced by itself checks the copying, not just the source folder.
    const fs::path dir = umpire::test::rules_data_copy("spi-tank.toml", "die_sides = 6", "die_sides = 6");
    CHECK(umpire::check_rules_dir(dir).empty());
    CHECK_NOTHROW(umpire::Engine(dir));
    fs::remove_all(dir);
}

TEST_CASE("rules-data limits: an extreme number gives exactly one located error naming the key", "[rules-data][limits]") {
    for (const auto& c : kCases) {
        SECTION(c.name) {
            const fs::path dir = umpire::test::rules_data_copy(c.file, c.from, c.to);
            const auto diags = umpire::check_rules_dir(dir);
            std::string all;
            for (const auto& d : diags) all += d.str() + "\n";
            INFO(all);
            REQUIRE(diags.size() == 1);
            const auto& d = diags.front();
            INFO(d.str());
            CHECK(d.file == (dir / c.file).string());
            CHECK(d.line == line_of(c.file, c.from));
            CHECK(d.column >= 1);
            CHECK(d.message.rfind(c.key, 0) == 0);
            CHECK(d.message.find(c.needle) != std::string::npos);
            // The engine refuses the same data: nothing is ruled from it.
            CHECK_THROWS_AS(umpire::Engine(dir), umpire::InputError);
            fs::remove_all(dir);
        }
    }
}

TEST_CASE("rules-data limits: check-data exits 2 with the located error (8.9 row range truncation)", "[rules-data][limits][cli]") {
    const LimitCase& c = kCases[0];
    const fs::path dir = umpire::test::rules_data_copy(c.file, c.from, c.to);
    const auto r = umpire::test::run_cli("check-data " + dir.string());
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    const std::string where = (dir / c.file).string() + ":" + std::to_string(line_of(c.file, c.from)) + ":";
    CHECK(r.err.rfind(where, 0) == 0);
    CHECK(r.err.find(std::string(c.key) + c.needle) != std::string::npos);
    fs::remove_all(dir);
}
