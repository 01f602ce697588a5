// TANK! points the text leaves open or decides only when read closely (issue 13): each open point is
// a referee's call with both readings computed (`alternatives`); each decided one cites its rule.
//
// Sections
//   Two terrains    a wreck in a woods hex: vehicle and soft defense (10.4, 10.6), spotting (13.5), obstacle (10.21)
//   Field of fire   firer.facing: inside, outside, exactly on the edge (7.21, 7.22); sighting (7.24)
//   Aspect edge     a firer on an aspect boundary: the other aspect's ruling computed (8.7)
//   Corners         a line through a hex corner (10.2); typed obstacles must agree with the traced line
//   Combined HE     an extra firer that may not fire adds nothing, the others combine (8.22)
//   House rules     line_through_corner = "blocks"; the new [choices] validated
//   Round trip      the added keys survive to_toml
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "geometry/hex.hpp"
#include "games/spi_tank/rules.hpp"
#include "spi_tank_shot.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::ints;
using umpire::test::strings;
using umpire::test::spi_tank::rule;
using umpire::test::spi_tank::Shot;

namespace {

const umpire::json::Value& first_alternative(const umpire::json::Value& j) {
    REQUIRE(at(j, "alternatives").is_array());
    REQUIRE(at(j, "alternatives").as_array().size() == 1);
    return at(j, "alternatives").as_array()[0];
}

bool explains(const umpire::json::Value& j, const std::string& rule, const std::string& words) {
    for (const auto& s : strings(at(j, "explanation")))
        if (s.rfind(rule + ":", 0) == 0 && s.find(words) != std::string::npos) return true;
    return false;
}

// A situation written out with map hex numbers (T62 firer unless given).
std::string on_map(const std::string& firer, const std::string& firer_hex, const std::string& firer_facing, const std::string& target_hex,
                   const std::string& target_keys, const std::string& line_keys) {
    std::string t = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"" + firer + "\"\nhex = \"" + firer_hex + "\"\n";
    if (!firer_facing.empty()) t += "facing = \"" + firer_facing + "\"\n";
    t += "[target]\nhex = \"" + target_hex + "\"\n" + target_keys + "[line]\n" + line_keys;
    return t;
}

void expect_bad(const std::string& toml, const std::string& needle) {
    INFO(toml);
    const std::string f = umpire::test::temp_file(toml);
    const auto res = umpire::test::run_cli("rule " + f);
    CHECK(res.status == 2);
    CHECK(res.out.empty());
    CHECK(res.err.find(f + ":") == 0);
    CHECK(res.err.find(needle) != std::string::npos);
}

}  // namespace

// ---- Two terrains ---------------------------------------------------------------

TEST_CASE("10.4/10.6: a vehicle in a woods hex holding a wreck -- both additions, or the larger (referee's call)", "[spi-tank][readings]") {
    // M60A2 front 17; mixed mode: woods +2, wreck +2 (10.6). Default two_terrains_vehicle = "both": 21.
    const std::string t = Shot().firer("T62").vehicle("M60A2", "front", "woods").range(10).toml() + "";
    const std::string with_wreck = std::string(t).replace(t.find("terrain = \"woods\""), 17, "terrain = \"woods\"\nwreck = true");
    const auto j = umpire::test::rule_toml(with_wreck);
    CHECK(at(j, "defense_strength").as_int() == 17 + 2 + 2);
    CHECK(at(j, "referee_call").as_bool());
    const auto& alt = first_alternative(j);
    CHECK(at(alt, "rule").as_string() == "10.4");
    CHECK(at(alt, "defense_strength").as_int() == 17 + 2);  // the larger only
    CHECK(at(alt, "attack_differential").as_int() == 21 - 19);
    // Without the wreck: no call, no alternatives.
    const auto plain = rule(Shot().firer("T62").vehicle("M60A2", "front", "woods").range(10));
    CHECK(at(plain, "defense_strength").as_int() == 19);
    CHECK_FALSE(at(plain, "referee_call").as_bool());
    CHECK(at(plain, "alternatives").is_null());
    // Open mode ignores woods (10.61): only the wreck adds, nothing to choose between.
    const std::string open = std::string(with_wreck).replace(with_wreck.find("\"mixed\""), 7, "\"open\"");
    const auto o = umpire::test::rule_toml(open);
    CHECK(at(o, "defense_strength").as_int() == 17 + 2);
    CHECK(at(o, "alternatives").is_null());
}

TEST_CASE("10.31/10.6: a soft target in a woods hex holding a wreck -- woods 3 plus the wreck's +1, decided", "[spi-tank][readings]") {
    std::string t = Shot().firer("T62").soft("infantry", "woods").range(15).toml();
    t.replace(t.find("terrain = \"woods\""), 17, "terrain = \"woods\"\nwreck = true");
    const auto j = umpire::test::rule_toml(t);
    CHECK(at(j, "defense_strength").as_int() == 3 + 1);
    CHECK_FALSE(at(j, "referee_call").as_bool());
    CHECK(explains(j, "10.6", "wreck lies in that woods hex"));
    // 13.5: rough, woods or wreck conceal a soft target: at 11-20 only a 1 spots it.
    CHECK(ints(at(j, "spot_numbers")) == std::vector<int>{1});
}

TEST_CASE("13.5: a vehicle in a woods hex holding a wreck is in a woods hex (concealed), no call", "[spi-tank][readings]") {
    std::string t = Shot().firer("T62").vehicle("M60A2", "side", "woods").range(15).toml();
    t.replace(t.find("terrain = \"woods\""), 17, "terrain = \"woods\"\nwreck = true");
    const auto j = umpire::test::rule_toml(t);
    CHECK(ints(at(j, "spot_numbers")) == std::vector<int>{1, 2, 3, 4, 5});  // the woods column at 11-20
    for (const auto& reason : strings(at(j, "referee_reasons"))) CHECK(reason.find("13.5") == std::string::npos);
}

TEST_CASE("10.21/10.22: an obstacle hex holding woods and a wreck obstructs as woods, and touching the target it is the target's hex", "[spi-tank][readings]") {
    SECTION("between the units: blocks (10.22D)") {
        std::string t = Shot().firer("T62").vehicle("M60A2", "front").range(10).toml();
        t.replace(t.find("obstacles = ["), 13, "obstacles = [ { terrain = \"woods\", wreck = true, touches = \"none\" }");
        const auto j = umpire::test::rule_toml(t);
        CHECK(at(j, "los").as_string() == "blocked");
        CHECK(explains(j, "10.21", "wreck in it changes nothing"));
    }
    SECTION("rough with a wreck between the units: neither obstructs (10.6)") {
        std::string t = Shot().firer("T62").vehicle("M60A2", "front").range(10).toml();
        t.replace(t.find("obstacles = ["), 13, "obstacles = [ { terrain = \"rough\", wreck = true, touches = \"none\" }");
        CHECK(at(umpire::test::rule_toml(t), "los").as_string() == "clear");
    }
    SECTION("woods and wreck obstacles both touching the target: a woods hex with a wreck (target.terrain left out)") {
        const std::string t = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\naspect = \"front\"\n"
                              "[line]\nrange = 10\nobstacles = [ { terrain = \"wreck\", touches = \"target\" }, { terrain = \"woods\", touches = \"target\" } ]\n";
        const auto j = umpire::test::rule_toml(t);
        CHECK(at(j, "defense_strength").as_int() == 17 + 2 + 2);
        CHECK(at(j, "los").as_string() == "clear");
    }
    SECTION("wreck = true with terrain = \"wreck\" is bad input") {
        std::string t = Shot().firer("T62").vehicle("M60A2", "front", "wreck").toml();
        t.replace(t.find("terrain = \"wreck\""), 17, "terrain = \"wreck\"\nwreck = true");
        expect_bad(t, "target.wreck: target.terrain is already \"wreck\"");
    }
}

// ---- Field of fire ----------------------------------------------------------------

TEST_CASE("7.21/7.22: firer.facing gives a turretless firer's field of fire, its exact edge a referee's call", "[spi-tank][readings]") {
    // JPz V at 1006 facing A (north). 1004 lies straight ahead; 1009 straight behind; 1206 exactly
    // 90 degrees off the facing, along the hexspine: the edge of the 180-degree field (rules-data).
    const std::string target = "unit = \"M60A2\"\naspect = \"side\"\n";
    SECTION("ahead: inside") {
        const auto j = umpire::test::rule_toml(on_map("JPz V", "1006", "A", "1004", target, ""));
        CHECK(at(at(j, "position"), "field_of_fire").as_string() == "in");
        CHECK(at(j, "fire_permitted").as_bool());
        CHECK_FALSE(at(j, "referee_call").as_bool());
    }
    SECTION("behind: outside, no fire, and no spotting attempt either (7.24)") {
        const auto j = umpire::test::rule_toml(on_map("JPz V", "1006", "A", "1009", target, ""));
        CHECK(at(at(j, "position"), "field_of_fire").as_string() == "out");
        CHECK_FALSE(at(j, "fire_permitted").as_bool());
        CHECK(explains(j, "7.24", "field of sighting is its field of fire"));
    }
    SECTION("on the edge: inside by default, the outside reading computed") {
        const auto j = umpire::test::rule_toml(on_map("JPz V", "1006", "A", "1206", target, ""));
        CHECK(at(at(j, "position"), "field_of_fire").as_string() == "boundary");
        CHECK(at(j, "referee_call").as_bool());
        CHECK(at(j, "fire_permitted").as_bool());
        const auto& alt = first_alternative(j);
        CHECK(at(alt, "rule").as_string() == "7.21");
        CHECK_FALSE(at(alt, "fire_permitted").as_bool());
    }
    SECTION("on the edge, settled by line.in_field_of_fire") {
        const auto j = umpire::test::rule_toml(on_map("JPz V", "1006", "A", "1206", target, "in_field_of_fire = false\n"));
        CHECK_FALSE(at(j, "referee_call").as_bool());
        CHECK_FALSE(at(j, "fire_permitted").as_bool());
    }
    SECTION("a turreted firer: facing does not limit it (7.23)") {
        const auto j = umpire::test::rule_toml(on_map("T62", "1006", "A", "1009", target, ""));
        CHECK(at(j, "fire_permitted").as_bool());
        CHECK(explains(j, "7.23", "fires all round"));
    }
    SECTION("7.24 without hex numbers: a target outside the field of fire cannot be spotted by that unit") {
        const auto j = rule(Shot().firer("JPz V").vehicle("M60A2", "side").field_of_fire(false));
        CHECK(explains(j, "7.24", "cannot attempt to spot"));
    }
    SECTION("bad input: a stated field of fire the facing contradicts; a facing without hexes") {
        expect_bad(on_map("JPz V", "1006", "A", "1009", target, "in_field_of_fire = true\n"),
                   "line.in_field_of_fire: is true but facing A from 1006 puts the target outside the JPz V's field of fire (7.21)");
        expect_bad("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"JPz V\"\nfacing = \"A\"\n[target]\n" + target + "[line]\nrange = 3\n",
                   "firer.facing: the field of fire follows from the facing only with firer.hex and target.hex");
    }
}

// ---- Aspect edge --------------------------------------------------------------------

TEST_CASE("8.7: a firer exactly on an aspect boundary -- the other aspect is ruled too", "[spi-tank][readings]") {
    // 4001 is due north of 4023; the target faces B: 60 degrees off, the front/side boundary.
    const auto j = umpire::test::rule_toml(on_map("T62", "4001", "", "4023", "unit = \"M60A2\"\nfacing = \"B\"\n", ""));
    CHECK(at(j, "referee_call").as_bool());
    CHECK(at(j, "defense_strength").as_int() == 17);  // "stronger": front
    const auto& alt = first_alternative(j);
    CHECK(at(alt, "rule").as_string() == "8.7");
    CHECK(at(alt, "reading").as_string() == "the side aspect");
    CHECK(at(alt, "defense_strength").as_int() == 8);
    CHECK(at(alt, "attack_differential").as_int() == 21 - 8);
}

// ---- Corners ------------------------------------------------------------------------

namespace {
// A line through corners (not along hexsides): 1006 to 1006 + (5,-4,-1). Returns a hex the line
// meets only at a corner, and the target hex.
std::pair<std::string, std::string> corner_line() {
    const umpire::hex::Numbering n{};
    const auto from = *n.parse("1006");
    const auto to = from + umpire::hex::Cube{5, -4, -1};
    const auto tr = umpire::hex::trace_line(from, to);
    std::string corner_hex;
    for (const auto& h : tr.hexes)
        if (h.contact == umpire::hex::Contact::vertex) corner_hex = n.format(h.hex);
    return {corner_hex, n.format(to)};
}
}  // namespace

TEST_CASE("10.2: woods met only at a corner of the line -- not blocking by default, the blocking reading computed", "[spi-tank][readings]") {
    const auto [corner, to] = corner_line();
    REQUIRE_FALSE(corner.empty());
    const auto j = umpire::test::rule_toml(on_map("T62", "1006", "", to, "unit = \"M60A2\"\naspect = \"front\"\n",
                                                  "obstacles = [ { terrain = \"woods\", hex = \"" + corner + "\" } ]\n"));
    CHECK(at(j, "los").as_string() == "clear");
    CHECK(at(j, "referee_call").as_bool());
    const auto& alt = first_alternative(j);
    CHECK(at(alt, "rule").as_string() == "10.2");
    CHECK(at(alt, "los").as_string() == "blocked");
    CHECK_FALSE(at(alt, "fire_permitted").as_bool());
}

TEST_CASE("10.2: obstacles typed with hex numbers must agree with the traced line (exit 2 naming both)", "[spi-tank][readings]") {
    const std::string target = "unit = \"M60A2\"\naspect = \"front\"\n";
    // 1001 to 1004 runs straight down column 10: it enters 1002 and 1003 and crosses their south sides.
    expect_bad(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"woods\", hex = \"1102\" } ]\n"),
               "the hex 1102 is not entered by the line, so it cannot block it (10.2): the line from 1001 to 1004 enters 1001, 1002, 1003, 1004");
    expect_bad(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"berm\", hex = \"1002/B\" } ]\n"),
               "the hexside 1002/B is not crossed by the line");
    expect_bad(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"woods\", hex = \"1002\", touches = \"target\" } ]\n"),
               "touches: is \"target\" but on the map the hex 1002 is neither unit's hex");
    // A typed value is quoted with its control characters escaped: one problem, one line.
    {
        const std::string f = umpire::test::temp_file(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"berm\", hex = \"1002/\\nD\" } ]\n"));
        const auto res = umpire::test::run_cli("rule " + f);
        CHECK(res.status == 2);
        CHECK(res.err.find("line.obstacles[0].hex: \"1002/\\nD\" is not a hexside") != std::string::npos);
        CHECK(std::count(res.err.begin(), res.err.end(), '\n') == 1);
    }
    // Without a hex: a line that runs along no hexside cannot be blocked along one (10.23).
    expect_bad(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"woods\", at = \"along-hexside\" } ]\n"),
               "the line runs along no hexside");
    // Agreeing: the hex between blocks (10.22D); the target's own hex is found from the map (10.22B).
    const auto j = umpire::test::rule_toml(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"woods\", hex = \"1003\" } ]\n"));
    CHECK(at(j, "los").as_string() == "blocked");
    const auto k = umpire::test::rule_toml(on_map("T62", "1001", "", "1004", target, "obstacles = [ { terrain = \"woods\", hex = \"1004\" } ]\n"));
    CHECK(at(k, "los").as_string() == "clear");
    CHECK(at(k, "defense_strength").as_int() == 17 + 2);  // the target's hex is woods (10.6)
}

// ---- Combined HE ----------------------------------------------------------------------

TEST_CASE("8.22: extra firers that may not fire add nothing, the others still combine", "[spi-tank][readings]") {
    // Infantry in clear (defense 1). T62 HE 10 at 10; Pz IIIj HE 5 at 10 combines. Left out: Pz IV h
    // at 60 (beyond 8.91's absolute range 50, 8.31), Pz V with no line of sight (10.2), JPz V facing
    // away (turretless, 7.21). The turreted Pz VI a "outside its field of fire" still fires (7.23).
    std::string t = Shot().firer("T62").soft("infantry").range(10).extra("Pz IIIj", 10).extra("Pz IV h", 60).toml();
    t += "\n[[extra_firer]]\nunit = \"Pz V\"\nrange = 10\nline_of_sight = false\n";
    t += "\n[[extra_firer]]\nunit = \"JPz V\"\nrange = 10\nin_field_of_fire = false\n";
    const auto j = umpire::test::rule_toml(t);
    CHECK(at(j, "attack_strength").as_int() == 10 + 5);
    CHECK(at(j, "range").as_int() == 10);  // the most distant firer that fires (8.3)
    CHECK(at(j, "fire_permitted").as_bool());
    const auto& out = at(j, "combined_left_out");
    REQUIRE(out.is_array());
    std::vector<std::string> names, rules;
    for (const auto& o : out.as_array()) names.push_back(at(o, "unit").as_string()), rules.push_back(at(o, "rule").as_string());
    CHECK(names == std::vector<std::string>{"Pz IV h", "Pz V", "JPz V"});
    CHECK(rules == std::vector<std::string>{"8.31", "10.2", "7.21"});
    CHECK(explains(j, "8.22", "The extra firer Pz IV h may not fire"));
    // A turreted extra firer marked outside its field of fire still combines (7.23).
    std::string u = Shot().firer("T62").soft("infantry").range(10).toml() + "\n[[extra_firer]]\nunit = \"Pz V\"\nrange = 10\nin_field_of_fire = false\n";
    CHECK(at(umpire::test::rule_toml(u), "attack_strength").as_int() == 10 + 10);
}

TEST_CASE("10.2: a berm hexside met only at the corner the line passes through is the same referee's call", "[spi-tank][readings]") {
    const umpire::hex::Numbering n{};
    const auto from = *n.parse("1006");
    const auto to = from + umpire::hex::Cube{5, -4, -1};
    const auto tr = umpire::hex::trace_line(from, to);
    // At a corner the line passes from one hex into the next through the end of the hexside they
    // share: that hexside is met only at the corner.
    std::string side;
    for (const auto& v : tr.vertices) {
        std::vector<umpire::hex::Cube> crossing;
        for (const auto& h : tr.hexes)
            for (const auto& c : v.hexes)
                if (h.hex == c && h.contact == umpire::hex::Contact::crosses && c != from && c != to) crossing.push_back(c);
        if (crossing.size() == 2 && side.empty())
            side = n.format(crossing[0]) + "/" + n.side_names[std::size_t(*umpire::hex::direction_to(crossing[0], crossing[1]))];
    }
    REQUIRE_FALSE(side.empty());
    const auto j = umpire::test::rule_toml(on_map("T62", "1006", "", n.format(to), "unit = \"M60A2\"\naspect = \"front\"\n",
                                                  "obstacles = [ { terrain = \"berm\", hex = \"" + side + "\" } ]\n"));
    INFO(j.dump());
    CHECK(at(j, "los").as_string() == "clear");
    CHECK(at(j, "referee_call").as_bool());
    CHECK(at(first_alternative(j), "los").as_string() == "blocked");
}

TEST_CASE("10.2 house rule line_through_corner = \"blocks\": the corner obstacle blocks, the clear reading computed", "[spi-tank][readings]") {
    const auto dir = umpire::test::rules_data_copy("spi-tank.toml", "line_through_corner = \"clear\"", "line_through_corner = \"blocks\"");
    const auto [corner, to] = corner_line();
    const std::string f = umpire::test::temp_file(on_map("T62", "1006", "", to, "unit = \"M60A2\"\naspect = \"front\"\n",
                                                         "obstacles = [ { terrain = \"woods\", hex = \"" + corner + "\" } ]\n"));
    const auto res = umpire::test::run_cli("--rules-data " + dir.string() + " rule " + f + " --json");
    INFO(res.err);
    REQUIRE(res.status == 0);
    CHECK(res.out.find("\"los\":\"blocked\"") == res.out.find("\"los\""));  // the main ruling's los comes first
    CHECK(res.out.find("\"reading\":\"a line through a corner is not blocked there\",\"los\":\"clear\"") != std::string::npos);
}

TEST_CASE("[choices]: the new readings are validated (check-data exit 2)", "[spi-tank][readings]") {
    struct Row { const char* from; const char* to; const char* needle; };
    const Row rows[] = {
        {"field_of_fire_degrees = 180", "field_of_fire_degrees = 150", "field_of_fire_degrees: the field of fire's width must be a multiple of 60"},
        {"two_terrains_vehicle = \"both\"", "two_terrains_vehicle = \"sum\"", "two_terrains_vehicle"},
        {"field_of_fire_on_boundary = \"in\"", "field_of_fire_on_boundary = \"maybe\"", "field_of_fire_on_boundary"},
        {"line_through_corner = \"clear\"", "line_through_corner = \"never\"", "line_through_corner"},
    };
    for (const Row& r : rows) {
        INFO(r.to);
        const auto dir = umpire::test::rules_data_copy("spi-tank.toml", r.from, r.to);
        const auto res = umpire::test::run_cli("check-data " + dir.string());
        CHECK(res.status == 2);
        CHECK(res.err.find(r.needle) != std::string::npos);
    }
}

TEST_CASE("Round trip: target.wreck, firer.facing, an obstacle's hex and wreck, extra firer flags survive to_toml", "[spi-tank][readings]") {
    std::string t = on_map("JPz V", "1006", "A", "1004", "unit = \"infantry\"\nterrain = \"woods\"\nwreck = true\n",
                           "obstacles = [ { terrain = \"woods\", hex = \"1005\", wreck = true } ]\n");
    t += "[[extra_firer]]\nunit = \"Pz V\"\nrange = 3\nline_of_sight = false\n[[extra_firer]]\nunit = \"T62\"\nrange = 3\nin_field_of_fire = false\n";
    const auto path = umpire::test::temp_file(t);
    umpire::Sink sink(path);
    const toml::table tt = umpire::parse_toml_file(path, path);
    const auto d = umpire::spi_tank::load_data(std::filesystem::path(UMPIRE_SOURCE_RULES_DATA) / "spi-tank.toml");
    const auto s = umpire::spi_tank::parse_situation(d, umpire::Section(sink, &tt, ""));
    REQUIRE(sink.ok());
    const toml::table back = umpire::spi_tank::to_toml(s);
    CHECK(back["target"]["wreck"].value<bool>() == true);
    CHECK(back["firer"]["facing"].value<std::string>() == "A");
    CHECK_FALSE(back["line"]["in_field_of_fire"]);  // the facing decides it: not written back
    umpire::Sink sink2("again");
    const auto s2 = umpire::spi_tank::parse_situation(d, umpire::Section(sink2, &back, ""));
    REQUIRE(sink2.ok());
    REQUIRE(s2.obstacles.size() == 1);
    CHECK(s2.obstacles[0].hex == "1005");
    CHECK(s2.obstacles[0].wreck);
    REQUIRE(s2.extra_firers.size() == 2);
    CHECK_FALSE(s2.extra_firers[0].line_of_sight);
    CHECK_FALSE(s2.extra_firers[1].in_field_of_fire);
    CHECK(umpire::spi_tank::rule(d, s2).to_json().dump() == umpire::spi_tank::rule(d, s).to_json().dump());
}
