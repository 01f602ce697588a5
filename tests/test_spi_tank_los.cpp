// TANK! line of sight / line of fire (10.2): which terrain obstructs in each mode (10.21, 10.6,
// 10.61), obstructing hexsides and hexes next to or holding a unit (10.22 A-D), a line along an
// obstructing hexside (10.23) or along a side of a woods hex in closed/mixed mode (10.24), two
// hexsides each adjacent to one unit (10.25); a blocked line forbids the fire but the numbers stay.
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Tests       every obstacle x mode x touches; along-hexside; 10.25; several obstacles;
//               blocked fire keeps its numbers; impossible "touches" are bad input
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "spi_tank_shot.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::ints;
using umpire::test::strings;

namespace {

using namespace umpire::test::spi_tank;  // Shot, NUL, iv, upto, rule

// 10.6: woods hexes and berm hexsides obstruct in closed and mixed mode (open mode treats them as
// clear, 10.61); slope hexsides obstruct in all modes; rough and wreck hexes are not marked as obstructing.
bool obstructs(const std::string& mode, const std::string& terrain) {
    if (terrain == "woods" || terrain == "berm") return mode != "open";
    return terrain == "slope";
}
bool is_hexside(const std::string& terrain) { return terrain == "berm" || terrain == "slope"; }

// T55 (AP 20) at a JS II's side (9), range 10: differential 11 -> column 10, 8.91 row 6-10 -> 1-10.
Shot base(const std::string& mode, int range = 10) { return Shot().mode(mode).firer("T55").vehicle("JS II", "side").range(range); }

// def_add: a berm hexside of the target's own hex on the line adds to its defense (10.6's note),
// so the kill numbers then follow a lower column; only the defense is checked for those.
void check_los(const Shot& s, bool blocked, const char* cite, int def_add = 0) {
    INFO(s.toml());
    const auto j = rule(s);
    INFO(j.dump());
    CHECK(at(j, "los").as_string() == (blocked ? "blocked" : "clear"));
    CHECK(at(j, "fire_permitted").as_bool() == !blocked);
    CHECK(static_cast<int>(at(j, "defense_strength").as_int()) == 9 + def_add);
    if (def_add == 0) {
        CHECK(at(j, "kill_probability").as_double() == Approx(blocked ? 0.0 : 1.0));
        CHECK(ints(at(j, "kill_numbers")) == upto(s.range_ <= 10 ? 10 : 9));  // shown even when blocked
    }
    CHECK(at(j, "referee_call").as_bool() == false);
    if (cite) {
        INFO("citation " << cite);
        CHECK(contains(strings(at(j, "citations")), cite));
    }
}

}  // namespace

TEST_CASE("spi-tank 10.21/10.22: each obstacle in each mode, crossing free or touching the firer or the target",
          "[spi-tank][los]") {
    for (const char* mode : {"closed", "mixed", "open"})
        for (const char* terrain : {"woods", "berm", "slope", "rough", "wreck"})
            for (const char* touches : {"none", "firer", "target"}) {
                const bool side = is_hexside(terrain);
                const bool obs = obstructs(mode, terrain);
                const bool blocked = obs && std::string(touches) == "none";
                // 10.22C/D block; 10.22A (hexside of a unit's hex) / 10.22B (a unit's own hex) do not.
                const char* cite = !obs ? nullptr
                                   : blocked ? (side ? "10.22C" : "10.22D")
                                             : (side ? "10.22A" : "10.22B");
                INFO(cite << " " << mode << ": " << terrain << " touching " << touches);
                const bool berm_of_target = std::string(terrain) == "berm" && std::string(touches) == "target";
                // A wreck obstacle in the target's hex lies on the given clear ground (8.62, 10.22B):
                // +2 in all modes (10.6). (Before issue 22 it was dropped because target.terrain is given.)
                const bool wreck_of_target = std::string(terrain) == "wreck" && std::string(touches) == "target";
                const int add = wreck_of_target ? 2 : !berm_of_target ? 0 : std::string(mode) == "closed" ? 6 : std::string(mode) == "mixed" ? 3 : 0;
                check_los(base(mode).obstacle(terrain, side ? "hexside" : "hex", touches), blocked, cite, add);
            }
}

TEST_CASE("spi-tank 10.22A: a hexside shared by the firer's and the target's hexes (range 1) never blocks",
          "[spi-tank][los]") {
    for (const char* mode : {"closed", "mixed", "open"})
        for (const char* terrain : {"berm", "slope"}) {
            INFO(mode << " " << terrain);
            const int add = std::string(terrain) != "berm" ? 0 : std::string(mode) == "closed" ? 6 : std::string(mode) == "mixed" ? 3 : 0;
            check_los(base(mode, 1).obstacle(terrain, "hexside", "both"), false, nullptr, add);
        }
}

TEST_CASE("spi-tank 10.23/10.24: a line along an obstructing hexside, or along a woods hex's side in closed/mixed, is blocked",
          "[spi-tank][los]") {
    struct Case {
        const char* name;
        const char* mode;
        const char* terrain;
        bool blocked;
        const char* cite;
    };
    const Case cases[] = {
        {"10.23 closed: along a berm", "closed", "berm", true, "10.23"},
        {"10.23 mixed: along a berm", "mixed", "berm", true, "10.23"},
        {"10.61 open: along a berm (ignored)", "open", "berm", false, nullptr},
        {"10.23 closed: along a slope", "closed", "slope", true, "10.23"},
        {"10.23 mixed: along a slope", "mixed", "slope", true, "10.23"},
        {"10.23 open: along a slope (slopes obstruct in all modes)", "open", "slope", true, "10.23"},
        {"10.24 closed: along a side of a woods hex", "closed", "woods", true, "10.24"},
        {"10.24 mixed: along a side of a woods hex", "mixed", "woods", true, "10.24"},
        {"10.24 open: along a woods hex's side is not blocked (10.24 names closed and mixed only)", "open", "woods", false, nullptr},
    };
    for (const auto& c : cases) {
        SECTION(c.name) { check_los(base(c.mode).obstacle(c.terrain, "along-hexside", "none"), c.blocked, c.cite); }
    }
}

TEST_CASE("spi-tank 10.23: along an obstructing hexside blocks even when it touches a unit's hex (no 10.22A exception)",
          "[spi-tank][los]") {
    for (const char* touches : {"firer", "target"})
        for (const char* terrain : {"berm", "slope"}) {
            INFO(terrain << " along, touching " << touches);
            check_los(base("mixed").obstacle(terrain, "along-hexside", touches), true, "10.23");
        }
}

TEST_CASE("spi-tank 10.25 and several obstacles", "[spi-tank][los]") {
    struct Case {
        const char* name;
        Shot shot;
        bool blocked;
        const char* cite;
        int def_add = 0;  // a berm hexside of the target's hex adds to its defense (10.6, mixed +3)
    };
    const Case cases[] = {
        {"10.25 a berm next to the firer and a slope next to the target: clear",
         base("closed").obstacle("berm", "hexside", "firer").obstacle("slope", "hexside", "target"), false, "10.25"},
        {"10.25 ... plus a third obstructing hexside next to neither: blocked",
         base("closed").obstacle("berm", "hexside", "firer").obstacle("slope", "hexside", "target").obstacle("berm", "hexside", "none"), true, "10.22C"},
        {"10.25 ... plus a woods hex holding neither unit: blocked",
         base("mixed").obstacle("slope", "hexside", "firer").obstacle("berm", "hexside", "target").obstacle("woods", "hex", "none"), true, "10.22D", 3},
        {"10.25 ... plus a rough hex (not obstructing): clear",
         base("mixed").obstacle("slope", "hexside", "firer").obstacle("berm", "hexside", "target").obstacle("rough", "hex", "none"), false, nullptr, 3},
        {"10.22B+D the target's own woods hex and another woods hex: blocked",
         base("mixed").obstacle("woods", "hex", "target").obstacle("woods", "hex", "none"), true, "10.22D"},
        {"10.22B both units in woods hexes (closed): clear",
         base("closed").obstacle("woods", "hex", "firer").obstacle("woods", "hex", "target"), false, "10.22B"},
        {"10.61 open: woods hexes and berms between are ignored, a slope next to the target is not: clear",
         base("open").obstacle("woods", "hex", "none").obstacle("berm", "hexside", "none").obstacle("slope", "hexside", "target"), false, nullptr},
        {"10.61 open: a slope next to neither unit blocks", base("open").obstacle("woods", "hex", "none").obstacle("slope", "hexside", "none"), true, "10.22C"},
        {"10.2 no obstacles: clear", base("closed"), false, nullptr},
        {"10.6 a wreck and a rough hex between (not obstructing): clear",
         base("closed").obstacle("wreck", "hex", "none").obstacle("rough", "hex", "none"), false, nullptr},
        {"10.22D a long shot through woods at 12 is blocked", base("closed", 12).obstacle("woods", "hex", "none"), true, "10.22D"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) { check_los(c.shot, c.blocked, c.cite, c.def_add); }
    }
}

TEST_CASE("spi-tank 10.2: an obstacle given as both units' hex, or a hexside of both at range > 1, is bad input",
          "[spi-tank][los]") {
    const Shot bad[] = {
        base("mixed").obstacle("woods", "hex", "both"),
        base("mixed", 10).obstacle("berm", "hexside", "both"),
        base("mixed").obstacle("woods", "hexside", "none"),  // 10.12: there are no woods hexsides
        base("mixed").obstacle("berm", "hex", "none"),       // a berm is a hexside
        base("mixed").obstacle("river", "hex", "none"),
    };
    for (const auto& s : bad) {
        const auto r = umpire::test::run_cli("rule - --json", s.toml());
        INFO(s.toml() << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("<stdin>:") != std::string::npos);
        CHECK(r.err.find("obstacles") != std::string::npos);
    }
}

TEST_CASE("spi-tank 10.0: terrain_mode is required and must be closed, mixed or open (exit 2)", "[spi-tank][los]") {
    std::string missing = base("mixed").toml();
    missing.replace(missing.find("terrain_mode = \"mixed\"\n"), 23, "");
    auto r = umpire::test::run_cli("rule - --json", missing);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("terrain_mode") != std::string::npos);
    r = umpire::test::run_cli("rule - --json", base("jungle").toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("<stdin>:2:") != std::string::npos);
    CHECK(r.err.find("terrain_mode") != std::string::npos);
    CHECK(r.err.find("closed") != std::string::npos);
    CHECK(r.err.find("open") != std::string::npos);
}

namespace {

// A situation written out in full (no builder), so keys can be left out.
std::string adjacent_toml(const std::string& mode, const std::string& target, const std::string& obstacle) {
    const bool soft = target == "infantry";
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\n[firer]\nunit = \"T55\"\n[target]\nunit = \"" + target + "\"\n" +
           (soft ? "" : "aspect = \"side\"\n") + "[line]\nrange = 1\nobstacles = [ " + obstacle + " ]\n";
}

}  // namespace

TEST_CASE("spi-tank 10.22A: at range 1 the hexside crossed is a side of both hexes, whatever touches says",
          "[spi-tank][los]") {
    // Adjacent units: the line crosses only the hexside their hexes share, so it is a side of the
    // firer's and of the target's hex (10.22A: it never blocks; 10.61/13.5: the target is directly
    // behind it). `touches` left out defaults to "none", which must not block here.
    struct Case {
        const char* name;
        const char* mode;
        const char* obstacle;
        int defense;  // JS II side 9 (+3 for a mixed berm, +6 closed: 10.6, the hexside is of its hex)
    };
    const Case cases[] = {
        {"10.22A mixed berm, touches left out", "mixed", "{ terrain = \"berm\", at = \"hexside\" }", 12},
        {"10.22A mixed berm, touches none", "mixed", "{ terrain = \"berm\", at = \"hexside\", touches = \"none\" }", 12},
        {"10.22A closed berm, touching the firer (also the target's side)", "closed", "{ terrain = \"berm\", at = \"hexside\", touches = \"firer\" }", 15},
        {"10.22A closed slope, touches none", "closed", "{ terrain = \"slope\", touches = \"none\" }", 9},
        {"10.22A open slope, touches none", "open", "{ terrain = \"slope\", at = \"hexside\", touches = \"none\" }", 9},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = umpire::test::rule_toml(adjacent_toml(c.mode, "JS II", c.obstacle));
            INFO(j.dump());
            CHECK(at(j, "los").as_string() == "clear");
            CHECK(at(j, "fire_permitted").as_bool() == true);
            CHECK(static_cast<int>(at(j, "defense_strength").as_int()) == c.defense);
            CHECK(at(j, "referee_call").as_bool() == false);
            CHECK(contains(strings(at(j, "citations")), "10.22A"));
        }
    }
    SECTION("13.5 infantry behind the shared berm at range 1 (touches firer): 1-3, not the open 1-5") {
        const auto j = umpire::test::rule_toml(adjacent_toml("mixed", "infantry", "{ terrain = \"berm\", touches = \"firer\" }"));
        INFO(j.dump());
        CHECK(at(j, "los").as_string() == "clear");
        CHECK(ints(at(j, "spot_numbers")) == std::vector<int>{1, 2, 3});
    }
}

TEST_CASE("spi-tank 10.22B: at range 1 no hex lies between the units, so an obstacle hex touching neither is one of theirs",
          "[spi-tank][los]") {
    for (const char* mode : {"closed", "mixed"})
        for (const char* obstacle : {"{ terrain = \"woods\", at = \"hex\", touches = \"none\" }", "{ terrain = \"woods\" }"}) {
            INFO(mode << " " << obstacle);
            const auto j = umpire::test::rule_toml(adjacent_toml(mode, "JS II", obstacle));
            INFO(j.dump());
            CHECK(at(j, "los").as_string() == "clear");
            CHECK(at(j, "fire_permitted").as_bool() == true);
            CHECK(contains(strings(at(j, "citations")), "10.22B"));
        }
}

TEST_CASE("spi-tank 10.23/10.24: at range 1 the line runs along no hexside (bad input)", "[spi-tank][los]") {
    for (const char* obstacle : {"{ terrain = \"berm\", at = \"along-hexside\", touches = \"none\" }",
                                 "{ terrain = \"woods\", at = \"along-hexside\", touches = \"none\" }"}) {
        const auto r = umpire::test::run_cli("rule - --json", adjacent_toml("mixed", "JS II", obstacle));
        INFO(obstacle << "\n" << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("obstacles[0]") != std::string::npos);
        CHECK(r.err.find("range 1") != std::string::npos);
    }
}

TEST_CASE("spi-tank 10.22B: an obstacle hex holding the target gives target.terrain when that key is left out",
          "[spi-tank][los]") {
    struct Case {
        const char* name;
        const char* mode;
        const char* target;
        const char* terrain;  // the obstacle hex touching the target
        int range;
        std::vector<int> spot;  // [] = automatic
        int defense;
    };
    // T55 at range 12. JS II side 9: woods +2 mixed / +3 closed, wreck +2 (10.6); soft targets:
    // woods 3 (10.6). Spotting 13.5 at 11-20: vehicle in woods 1-5, soft target in woods/rough 1.
    const Case cases[] = {
        {"13.5/10.6 vehicle in a woods hex (mixed)", "mixed", "JS II", "woods", 12, {1, 2, 3, 4, 5}, 11},
        {"13.5/10.6 vehicle in a woods hex (closed)", "closed", "JS II", "woods", 12, {1, 2, 3, 4, 5}, 12},
        {"13.5/10.61 vehicle in a woods hex, open mode: as clear", "open", "JS II", "woods", 12, {}, 9},
        {"13.5/10.6 infantry in a woods hex (mixed)", "mixed", "infantry", "woods", 12, {1}, 3},
        {"13.5/10.6 infantry in a rough hex (closed)", "closed", "infantry", "rough", 12, {1}, 3},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const bool soft = std::string(c.target) == "infantry";
            const std::string toml = std::string("system = \"spi-tank\"\nterrain_mode = \"") + c.mode + "\"\n[firer]\nunit = \"T55\"\n[target]\nunit = \"" +
                                     c.target + "\"\n" + (soft ? "" : "aspect = \"side\"\n") + "[line]\nrange = " + std::to_string(c.range) +
                                     "\nobstacles = [ { terrain = \"" + c.terrain + "\", at = \"hex\", touches = \"target\" } ]\n";
            const auto j = umpire::test::rule_toml(toml);
            INFO(toml << j.dump());
            CHECK(at(j, "los").as_string() == "clear");
            if (c.spot.empty()) CHECK(at(j, "spot_numbers").as_string() == "automatic");
            else CHECK(ints(at(j, "spot_numbers")) == c.spot);
            CHECK(static_cast<int>(at(j, "defense_strength").as_int()) == c.defense);
        }
    }
    SECTION("10.22B two different obstacle hexes holding the target, terrain left out: bad input") {
        const auto r = umpire::test::run_cli("rule - --json",
            "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T55\"\n[target]\nunit = \"infantry\"\n[line]\nrange = 5\n"
            "obstacles = [ { terrain = \"woods\", touches = \"target\" }, { terrain = \"rough\", touches = \"target\" } ]\n");
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.err.find("target.terrain") != std::string::npos);
    }
    SECTION("10.6 target.terrain given stands; a disagreeing obstacle is noted in the explanation") {
        const auto j = rule(base("mixed", 12).obstacle("woods", "hex", "target"));  // terrain = "clear" written out
        INFO(j.dump());
        CHECK(at(j, "los").as_string() == "clear");
        CHECK(static_cast<int>(at(j, "defense_strength").as_int()) == 9);
        bool noted = false;
        for (const auto& e : strings(at(j, "explanation"))) noted |= e.find("target.terrain says clear") != std::string::npos;
        CHECK(noted);
    }
}
