// TANK! infantry fire (8.8): the Infantry Fire Table 8.81 (moving or plotted to move vs stationary
// AFV, range 1..3), no fire beyond three hexes (8.82), terrain and aspect have no effect except on
// the line of sight (8.83), infantry fires only at AFVs (8.8), no strengths or columns (nulls) and
// no 8.71 die modifier (the table has its own moving column).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Tests    the table at ranges 1-4; 8.83 terrain/aspect/berm; panic level; soft targets;
//            line of sight; infantry as a target moving one hex
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

void check_infantry_fire(const Shot& s, bool permitted, const std::vector<int>& kills, const char* cite) {
    INFO(s.toml());
    const auto j = rule(s);
    INFO(j.dump());
    CHECK(at(j, "table").as_string() == "8.81");
    CHECK(at(j, "attack_type").as_string() == "infantry");
    CHECK(at(j, "attack_strength").is_null());
    CHECK(at(j, "defense_strength").is_null());
    CHECK(at(j, "attack_differential").is_null());
    CHECK(at(j, "table_column").is_null());
    CHECK(iv(at(j, "die_modifier")) == 0);
    CHECK(iv(at(j, "range")) == s.range_);
    CHECK(at(j, "fire_permitted").as_bool() == permitted);
    CHECK(ints(at(j, "kill_numbers")) == kills);
    const double p = permitted ? static_cast<double>(kills.size()) / 6.0 : 0.0;
    CHECK(at(j, "kill_probability").as_double() == Approx(p).margin(0.00005));
    CHECK(at(j, "referee_call").as_bool() == false);
    if (cite) {
        INFO("citation " << cite);
        CHECK(contains(strings(at(j, "citations")), cite));
    }
}

}  // namespace

TEST_CASE("spi-tank 8.81/8.82: the Infantry Fire Table, stationary and moving, ranges 1 to 4", "[spi-tank][infantry]") {
    struct Case {
        const char* name;
        int range;
        int moving_mp;
        bool permitted;
        std::vector<int> kills;
        const char* cite;
    };
    const Case cases[] = {
        {"8.81 range 1 stationary: 1,2,3", 1, 0, true, {1, 2, 3}, "8.81"},
        {"8.81 range 2 stationary: 1,2", 2, 0, true, {1, 2}, "8.81"},
        {"8.81 range 3 stationary: 1", 3, 0, true, {1}, "8.81"},
        {"8.82 range 4 stationary: beyond three hexes, no fire", 4, 0, false, {}, "8.82"},
        {"8.81 range 1 plotted to move 1 MP: 1", 1, 1, true, {1}, "8.81"},
        {"8.81 range 2 moving: 1", 2, 1, true, {1}, "8.81"},
        {"8.81 range 3 moving: miss, no effect (fire permitted, no kill)", 3, 1, true, {}, "8.81"},
        {"8.82 range 4 moving: no fire", 4, 1, false, {}, "8.82"},
        {"8.81 range 1 moving 7 MP: still 1, and no 8.71 modifier", 1, 7, true, {1}, "8.81"},
        {"8.81 range 2 moving 6 MP: 1", 2, 6, true, {1}, "8.81"},
        {"8.81 range 3 moving 2 MP: miss", 3, 2, true, {}, "8.81"},
        {"8.82 range 12 stationary: no fire", 12, 0, false, {}, "8.82"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            check_infantry_fire(Shot().firer("infantry").vehicle("M60A2", "front").moving(c.moving_mp).range(c.range),
                                c.permitted, c.kills, c.cite);
        }
    }
}

TEST_CASE("spi-tank 8.83: terrain and aspect do not change infantry fire", "[spi-tank][infantry]") {
    struct Case {
        const char* name;
        Shot shot;
        std::vector<int> kills;
    };
    const Case cases[] = {
        {"8.83 closed: a JS II's front in woods behind a berm, range 1: 1,2,3",
         Shot().mode("closed").firer("infantry").vehicle("JS II", "front", "woods").behind("berm").range(1)
             .obstacle("woods", "hex", "target").obstacle("berm", "hexside", "target"), {1, 2, 3}},
        {"8.83 mixed: an M18's rear in a wreck hex behind a slope, range 2: 1,2",
         Shot().mode("mixed").firer("infantry").vehicle("M18", "rear", "wreck").behind("slope").range(2), {1, 2}},
        {"8.83 open: a Cent 105's side in rough, range 3: 1", Shot().mode("open").firer("infantry").vehicle("Cent 105", "side", "rough").range(3), {1}},
        {"8.83/8.81 panic level 5 does not matter: range 1: 1,2,3", Shot().firer("infantry", 5).vehicle("M60A2", "rear").range(1), {1, 2, 3}},
        {"8.81 panic level 0, range 2: 1,2", Shot().firer("infantry", 0).vehicle("T62", "side").range(2), {1, 2}},
    };
    for (const auto& c : cases) {
        SECTION(c.name) { check_infantry_fire(c.shot, true, c.kills, nullptr); }
    }
}

TEST_CASE("spi-tank 8.8: infantry fires only at AFVs: not at infantry or AT guns", "[spi-tank][infantry]") {
    for (const char* target : {"infantry", "75AT", "88AT"}) {
        INFO("8.8 infantry at " << target);
        const auto j = rule(Shot().firer("infantry").soft(target).range(1));
        INFO(j.dump());
        CHECK(at(j, "attack_type").as_string() == "infantry");
        CHECK(at(j, "fire_permitted").as_bool() == false);
        CHECK(ints(at(j, "kill_numbers")).empty());
        CHECK(at(j, "kill_probability").as_double() == 0.0);
        CHECK(iv(at(j, "die_modifier")) == 0);
        CHECK(at(j, "referee_call").as_bool() == false);
    }
}

TEST_CASE("spi-tank 8.8/10.22: infantry fire needs a clear line of sight like any other", "[spi-tank][infantry]") {
    check_infantry_fire(Shot().mode("mixed").firer("infantry").vehicle("M60A2", "side").range(2).obstacle("woods", "hex", "none"),
                        false, {1, 2}, "10.22D");
    check_infantry_fire(Shot().mode("open").firer("infantry").vehicle("M60A2", "side").range(2).obstacle("woods", "hex", "none"),
                        true, {1, 2}, nullptr);
}

TEST_CASE("spi-tank 10.11/8.71: infantry as a target moves at most one hex (1 MP): no die modifier", "[spi-tank][infantry]") {
    // T55 HE 10 at infantry in clear (1) at range 3: 9 -> 8.91 row 1-5 col 9 -> 1-10.
    const auto j = rule(Shot().firer("T55").soft("infantry").moving(1).range(3));
    INFO(j.dump());
    CHECK(iv(at(j, "die_modifier")) == 0);
    CHECK(ints(at(j, "kill_numbers")) == upto(10));
    CHECK(at(j, "kill_probability").as_double() == Approx(1.0));
    const auto r = umpire::test::run_cli("rule - --json", Shot().firer("T55").soft("infantry").moving(2).range(3).toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("moving_mp") != std::string::npos);
}
