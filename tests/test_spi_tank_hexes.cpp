// TANK! positions from the map's hex numbers (an extension of the situation format):
// firer.hex and target.hex give the range (8.3) and the hexes and hexsides the line meets (10.2);
// target.facing gives the aspect the firer lies in (8.7, read through rules-data [choices]).
//
// Sections
//   Shot        a situation with hex numbers
//   Range       counted from the hex numbers, including 9.13's plotted hexes
//   Aspect      every sector around a target facing A, other facings, boundaries (referee's calls)
//   Path        the line's hexes, hexsides crossed, hexsides run along and corners
//   House rules aspect_on_boundary = "weaker"; arc widths and [board] validated
//   Bad input   through the real CLI: exit 2, empty stdout, FILE:LINE:COL
//   Round trip  hex numbers and facing survive to_toml; a computed aspect is not written back
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::strings;
namespace fs = std::filesystem;

namespace {

// ---- Shot -----------------------------------------------------------------------

std::string shot(const std::string& firer_hex, const std::string& target_hex, const std::string& facing,
                 const std::string& target = "M60A2", const std::string& extra_target = "", const std::string& line = "") {
    std::string t = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n";
    if (!firer_hex.empty()) t += "hex = \"" + firer_hex + "\"\n";
    t += "[target]\nunit = \"" + target + "\"\n";
    if (!target_hex.empty()) t += "hex = \"" + target_hex + "\"\n";
    if (!facing.empty()) t += "facing = \"" + facing + "\"\n";
    t += extra_target;
    t += "[line]\n" + line;
    return t;
}

const umpire::json::Value& position(const umpire::json::Value& j) { return at(j, "position"); }

}  // namespace

// ---- Range ----------------------------------------------------------------------

TEST_CASE("8.3: range is the fewest hexes between the two hex numbers", "[spi-tank][hexes]") {
    struct Row { const char* firer; const char* target; int range; };
    const Row rows[] = {
        {"4007", "3706", 3},   // 9.13's first plot runs 4007 to 3706 in four moves, but three hexes apart
        {"4110", "3812", 4},   // 9.13's second plot: four moves, and no shorter way
        {"3804", "3603", 2},   // 9.13's third plot
        {"1006", "1106", 1},   // adjacent across hexside B
        {"1001", "1025", 24},  // straight down a column
        {"0101", "3001", 29},  // along a row of numbers: 29 columns
        {"3704", "3912", 9},
    };
    for (const Row& r : rows) {
        INFO(r.firer << " to " << r.target);
        const auto j = umpire::test::rule_toml(shot(r.firer, r.target, "", "M60A2", "aspect = \"front\"\n"));
        CHECK(at(j, "range").as_int() == r.range);
        CHECK(at(position(j), "range").as_int() == r.range);
        CHECK(at(position(j), "firer_hex").as_string() == r.firer);
        CHECK(umpire::test::contains(strings(at(j, "citations")), "8.3"));
    }
    // The range picks the table row: 3704 to 3912 is 9 hexes, row 6-10 of 8.91, T62 AP 21 vs front 17: 1-4.
    const auto j = umpire::test::rule_toml(shot("3704", "3912", "A"));
    CHECK(umpire::test::ints(at(j, "kill_numbers")) == std::vector<int>{1, 2, 3, 4});
    // A line.range that agrees with the hexes is accepted.
    CHECK(at(umpire::test::rule_toml(shot("3704", "3912", "A", "M60A2", "", "range = 9\n")), "range").as_int() == 9);
}

// ---- Aspect ---------------------------------------------------------------------

TEST_CASE("8.7: the aspect follows from the target's facing and where the firer lies", "[spi-tank][hexes][aspect]") {
    // Target M60A2 (front 17, side 8, rear 5) in 1006. Arcs: front 120, rear 60 (rules-data [choices]).
    struct Row { const char* firer; const char* facing; const char* aspect; int defense; bool call; const char* why; };
    const Row rows[] = {
        {"1003", "A", "front", 17, false, "straight ahead"},
        {"1104", "A", "front", 17, false, "between 0 and 30 degrees"},
        {"1106", "A", "front", 17, true, "exactly 60 degrees (the row out through side B): front/side, stronger = front"},
        {"0906", "A", "front", 17, true, "exactly 60 degrees on the other side (side F)"},
        {"1306", "A", "side", 8, false, "between 60 and 90 degrees"},
        {"1206", "A", "side", 8, false, "due east, 90 degrees"},
        {"1107", "A", "side", 8, false, "120 degrees (side C)"},
        {"1407", "A", "side", 8, false, "between 90 and 120 degrees"},
        {"1108", "A", "side", 8, true, "exactly 150 degrees: side/rear, stronger = side"},
        {"0908", "A", "side", 8, true, "150 degrees on the other side"},
        {"1009", "A", "rear", 5, false, "straight behind"},
        {"1010", "A", "rear", 5, false, "straight behind, further"},
        {"1009", "D", "front", 17, false, "facing D (south), firer to the south"},
        {"1003", "D", "rear", 5, false, "facing D, firer to the north"},
        {"1106", "B", "front", 17, false, "facing B, firer across side B"},
        {"0907", "B", "rear", 5, false, "facing B, firer across side E (opposite)"},
        {"1003", "C", "side", 8, false, "facing C, firer due north: 120 degrees"},
        {"1003", "B", "front", 17, true, "facing B, firer due north: exactly 60 degrees"},
    };
    for (const Row& r : rows) {
        INFO(r.firer << " facing " << r.facing << ": " << r.why);
        const auto j = umpire::test::rule_toml(shot(r.firer, "1006", r.facing));
        CHECK(at(j, "defense_strength").as_int() == r.defense);
        CHECK(at(j, "referee_call").as_bool() == r.call);
        const auto aspects = strings(at(position(j), "aspects"));
        CHECK(aspects.size() == (r.call ? 2u : 1u));
        CHECK(umpire::test::contains(aspects, r.aspect));
        CHECK(umpire::test::contains(strings(at(j, "citations")), "8.7"));
    }
}

TEST_CASE("8.7: target.aspect settles a boundary, and must agree with the facing elsewhere", "[spi-tank][hexes][aspect]") {
    // Exactly 60 degrees: the referee rules "side"; no referee's call is left open.
    const auto j = umpire::test::rule_toml(shot("1106", "1006", "A", "M60A2", "aspect = \"side\"\n"));
    CHECK(at(j, "defense_strength").as_int() == 8);
    CHECK_FALSE(at(j, "referee_call").as_bool());
    // Agreeing away from a boundary is fine.
    CHECK(at(umpire::test::rule_toml(shot("1009", "1006", "A", "M60A2", "aspect = \"rear\"\n")), "defense_strength").as_int() == 5);
}

TEST_CASE("7.31: a soft target's facing gives no aspect", "[spi-tank][hexes][aspect]") {
    const auto j = umpire::test::rule_toml(shot("1106", "1006", "A", "infantry", "terrain = \"woods\"\n"));
    CHECK(at(j, "attack_type").as_string() == "HE");
    CHECK_FALSE(at(j, "referee_call").as_bool());  // no aspect boundary for a soft target
    CHECK(umpire::test::contains(strings(at(j, "citations")), "7.31"));
    CHECK(at(position(j), "aspects").is_array());
}

// ---- Path -----------------------------------------------------------------------

TEST_CASE("10.2: the line's hexes and hexsides are listed for the referee", "[spi-tank][hexes][los]") {
    SECTION("down a column: every hex between, each south side crossed") {
        const auto p = position(umpire::test::rule_toml(shot("1001", "1004", "A")));
        CHECK(strings(at(p, "hexes")) == std::vector<std::string>{"1002", "1003"});
        CHECK(strings(at(p, "hexsides_crossed")) == std::vector<std::string>{"1001/D", "1002/D", "1003/D"});
        CHECK(at(p, "hexsides_along").as_array().empty());
        CHECK(at(p, "corners").as_array().empty());
    }
    SECTION("due east along a hexspine: the line runs along the side between 1106 and 1107 (10.23)") {
        const auto j = umpire::test::rule_toml(shot("1006", "1206", "A"));
        const auto p = position(j);
        CHECK(at(p, "hexes").as_array().empty());
        CHECK(at(p, "hexsides_crossed").as_array().empty());
        const auto along = strings(at(p, "hexsides_along"));
        REQUIRE(along.size() == 1);
        CHECK((along[0] == "1106/D" || along[0] == "1107/A"));
        CHECK(at(p, "corners").as_array().size() == 2);
        bool mentions = false;
        for (const auto& s : strings(at(j, "explanation"))) mentions |= s.find("runs along") != std::string::npos && s.find("10.23") != std::string::npos;
        CHECK(mentions);
    }
    SECTION("through a corner: the three hexes at the corner are named") {
        // 1006 to (5,-4,-1) away: column 15, row 1 + ... : a line through corners, not along sides.
        const umpire::hex::Numbering n{};
        const auto from = *n.parse("1006");
        const std::string to = n.format(from + umpire::hex::Cube{5, -4, -1});
        const auto p = position(umpire::test::rule_toml(shot("1006", to, "A")));
        REQUIRE_FALSE(at(p, "corners").as_array().empty());
        for (const auto& c : at(p, "corners").as_array()) CHECK(c.as_array().size() == 3);
        CHECK(at(p, "hexsides_along").as_array().empty());
    }
}

// ---- House rules ----------------------------------------------------------------

namespace {
fs::path data_copy(const std::string& from, const std::string& to) {
    static int n = 0;
    std::ifstream in(fs::path(UMPIRE_SOURCE_RULES_DATA) / "spi-tank.toml");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    text.replace(pos, from.size(), to);
    const fs::path p = fs::temp_directory_path() / ("umpire-hexes-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + ".toml");
    std::ofstream(p) << text;
    return p;
}
}  // namespace

TEST_CASE("House rules: aspect_on_boundary = \"weaker\" rules a boundary with the weaker aspect", "[spi-tank][hexes][rules-data]") {
    const fs::path p = data_copy("aspect_on_boundary = \"stronger\"", "aspect_on_boundary = \"weaker\"");
    const auto d = umpire::spi_tank::load_data(p);
    fs::remove(p);
    umpire::spi_tank::Situation s;
    s.firer = "T62";
    s.target = "M60A2";
    s.aspect.reset();
    s.firer_hex = "1106";
    s.target_hex = "1006";
    s.facing = "A";
    // The ruling reads the places typed (parse_situation fills them from the numbers above).
    s.firer_at = d.board.parse(s.firer_hex);
    s.target_at = d.board.parse(s.target_hex);
    s.facing_at = d.board.parse_side(s.facing);
    const auto r = umpire::spi_tank::rule(d, s);
    CHECK(at(r.to_json(), "defense_strength").as_int() == 8);  // side, the weaker of front 17 / side 8
    CHECK(r.referee_call);
}

TEST_CASE("House rules: arc widths and the board's numbering are validated", "[spi-tank][hexes][rules-data]") {
    struct Row { const char* from; const char* to; const char* needle; };
    const Row rows[] = {
        {"front_arc_degrees = 120", "front_arc_degrees = 90", "choices.front_arc_degrees: arc widths must be multiples of 60"},
        {"aspect_on_boundary = \"stronger\"", "aspect_on_boundary = \"toss\"", "accepted: stronger or weaker"},
        {"lower_columns = \"even\"", "lower_columns = \"both\"", "board.lower_columns"},
        {"side_names = [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\"]", "side_names = [\"A\", \"B\", \"C\", \"D\", \"E\", \"A\"]", "expected six different names"},
        {"row_digits = 2", "row_digits = 0", "board.row_digits"},
    };
    for (const Row& r : rows) {
        INFO(r.to);
        const fs::path p = data_copy(r.from, r.to);
        try {
            umpire::spi_tank::load_data(p);
            FAIL("accepted broken data");
        } catch (const umpire::InputError& e) {
            bool found = false;
            for (const auto& dg : e.diagnostics()) {
                found |= dg.message.find(r.needle) != std::string::npos;
                CHECK(dg.line >= 1);
                CHECK(dg.file == p.string());
            }
            INFO(e.what());
            CHECK(found);
        }
        fs::remove(p);
    }
}

// ---- Bad input ------------------------------------------------------------------

TEST_CASE("Bad input: hex numbers, facing and disagreements are rejected (exit 2)", "[spi-tank][hexes][cli]") {
    struct Row { std::string toml; const char* needle; };
    const Row rows[] = {
        {shot("37045", "3912", "A"), "firer.hex: \"37045\" is not a hex number on the TANK! map (accepted: CCRR"},
        {shot("3704", "39x2", "A"), "target.hex: \"39x2\" is not a hex number"},
        {shot("3704", "3912", "G"), "target.facing: unknown name \"G\" (accepted: A, B, C, D, E or F)"},
        {shot("3704", "3912", "A", "M60A2", "", "range = 3\n"), "line.range: is 3 but 3704 and 3912 are 9 hexes apart (8.3)"},
        {shot("3704", "3912", "A", "M60A2", "aspect = \"rear\"\n"), "target.aspect: is \"rear\" but from 3704 the firer lies in the target's front aspect"},
        {shot("3704", "", "A", "M60A2", "", "range = 3\n"), "firer.hex: needs target.hex as well"},
        {shot("", "3912", "", "M60A2", "aspect = \"front\"\n", "range = 3\n"), "target.hex: needs firer.hex as well"},
        {shot("", "", "A", "M60A2", "aspect = \"front\"\n", "range = 3\n"), "target.facing: the aspect follows from the facing only with firer.hex and target.hex"},
        // 8.7: a firer on a boundary is named with both aspects (4001 is due north of 4023: 60 degrees off facing B)
        {shot("4001", "4023", "B", "M60A2", "aspect = \"rear\"\n"), "the firer lies on the boundary of the target's front and side aspects"},
        {shot("3704", "3704", "A"), "target.hex: the firer and the target are both in 3704"},
        {shot("", "", "", "M60A2", "aspect = \"front\"\n"), "line.range: missing required key"},  // no hexes: range required
    };
    for (const Row& r : rows) {
        INFO(r.toml);
        const std::string f = umpire::test::temp_file(r.toml);
        const auto res = umpire::test::run_cli("rule " + f);
        CHECK(res.status == 2);
        CHECK(res.out.empty());
        CHECK(res.err.find(f + ":") == 0);
        CHECK(res.err.find(r.needle) != std::string::npos);
    }
}

// ---- Round trip -----------------------------------------------------------------

TEST_CASE("Round trip: hex numbers and facing are written back -- a computed aspect is not", "[spi-tank][hexes]") {
    const auto path = umpire::test::temp_file(shot("1106", "1006", "A"));
    umpire::Sink sink(path);
    const toml::table t = umpire::parse_toml_file(path, path);
    const auto d = umpire::spi_tank::load_data(fs::path(UMPIRE_SOURCE_RULES_DATA) / "spi-tank.toml");
    const auto s = umpire::spi_tank::parse_situation(d, umpire::Section(sink, &t, ""));
    REQUIRE(sink.ok());
    CHECK(s.range == 1);
    CHECK_FALSE(s.aspect);
    const toml::table back = umpire::spi_tank::to_toml(s);
    CHECK(back["firer"]["hex"].value<std::string>() == "1106");
    CHECK(back["target"]["hex"].value<std::string>() == "1006");
    CHECK(back["target"]["facing"].value<std::string>() == "A");
    CHECK_FALSE(back["target"]["aspect"]);  // still a referee's call when read again
    umpire::Sink sink2("again");
    const auto s2 = umpire::spi_tank::parse_situation(d, umpire::Section(sink2, &back, ""));
    CHECK(sink2.ok());
    CHECK(umpire::spi_tank::rule(d, s2).referee_call);
}
