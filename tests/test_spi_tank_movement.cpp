// TANK! target movement (8.71): +1 on the die for every two Movement Points the target is plotted
// to expend, rounded down (worked example: 7 MP adds 3); the kill chance is the share of one six-sided
// die's results that, after the modifier, fall in the table's kill numbers (8.9 steps 3-5), printed
// with 4 decimals; moving_mp is bounded by the target's Movement Allowance (9.32, 9.34).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Tests    modifier per MP; kill probability table; 4-decimal JSON; bad moving_mp
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cstdio>
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

std::string four_decimals(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "\"kill_probability\":%.4f", p);
    return buf;
}

}  // namespace

TEST_CASE("spi-tank 8.71: one per two plotted MP, rounded down -- the worked example 7 MP -> +3", "[spi-tank][movement]") {
    struct Case {
        const char* name;
        const char* unit;
        int mp;
        int modifier;
    };
    const Case cases[] = {
        {"8.71 stationary: 0", "M60A2", 0, 0}, {"8.71 1 MP: 0 (rounded down)", "M60A2", 1, 0},
        {"8.71 2 MP: 1", "M60A2", 2, 1},       {"8.71 3 MP: 1", "M60A2", 3, 1},
        {"8.71 4 MP: 2", "M60A2", 4, 2},       {"8.71 5 MP: 2", "M60A2", 5, 2},
        {"8.71 6 MP: 3", "M60A2", 6, 3},       {"8.71 worked example, 7 MP: 3", "M60A2", 7, 3},
        {"8.71 T34/76c 8 MP (its allowance): 4", "T34/76c", 8, 4},
        {"8.71 Pz IV h 4 MP (its allowance): 2", "Pz IV h", 4, 2},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = rule(Shot().firer("T55").vehicle(c.unit, "side").moving(c.mp).range(10));
            INFO(j.dump());
            CHECK(iv(at(j, "die_modifier")) == c.modifier);
            if (c.mp >= 2) CHECK(contains(strings(at(j, "citations")), "8.71"));
            CHECK(at(j, "referee_call").as_bool() == false);
        }
    }
}

TEST_CASE("spi-tank 8.9/8.71: kill probability on one d6 after the modifier, 4 decimals", "[spi-tank][movement]") {
    // T55 (AP 20) at a T34/76c's front (8): 12 -> column 10. 8.91 column 10 by range row:
    // 1-5 and 6-10: 1-10, 11-15: 1-9, 16-20: 1-8, 21-25: 1-7, 26-30: 1-6, 31-35: 1-5, 36-40: 1-4,
    // 41-45: 1-3, 46-50: 1-2. Kills on d when d + modifier <= top: min(6, top - modifier) faces.
    struct Case {
        const char* name;
        int range;
        int mp;
        int top;
        int modifier;
        double p;
    };
    const Case cases[] = {
        {"8.71 kills 1-3 with +1: rolls 1-2 -> 2/6", 41, 2, 3, 1, 2 / 6.0},
        {"8.9 kills 1-3 stationary: 3/6", 41, 0, 3, 0, 3 / 6.0},
        {"8.71 kills 1-3 with +3: none -> 0 (the shot is still permitted)", 41, 6, 3, 3, 0.0},
        {"8.71 kills 1-2 with 1 MP (+0): 2/6", 46, 1, 2, 0, 2 / 6.0},
        {"8.71 kills 1-2 with +1: 1/6", 46, 2, 2, 1, 1 / 6.0},
        {"8.71 kills 1-2 with +2: 0", 46, 4, 2, 2, 0.0},
        {"8.71 kills 1-7 with +3 (7 MP): 4/6", 21, 7, 7, 3, 4 / 6.0},
        {"8.71 kills 1-4 with +1: 3/6", 36, 3, 4, 1, 3 / 6.0},
        {"8.71 kills 1-5 with +2: 3/6", 31, 5, 5, 2, 3 / 6.0},
        {"8.71 kills 1-6 with +0: 6/6", 26, 1, 6, 0, 1.0},
        {"8.71 kills 1-6 with +1: 5/6", 26, 2, 6, 1, 5 / 6.0},
        {"8.71 kills 1-10 with +4 (8 MP): 6/6 (numbers above 6 matter only after the modifier)", 1, 8, 10, 4, 1.0},
        {"8.71 kills 1-9 with +4: 5/6", 11, 8, 9, 4, 5 / 6.0},
        {"8.71 kills 1-8 with +4: 4/6", 16, 8, 8, 4, 4 / 6.0},
        {"8.71 kills 1-8 with +3: 5/6", 20, 7, 8, 3, 5 / 6.0},
        {"8.71 kills 1-10 with +3: 6/6", 10, 6, 10, 3, 1.0},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = rule(Shot().firer("T55").vehicle("T34/76c", "front").moving(c.mp).range(c.range));
            INFO(j.dump());
            CHECK(iv(at(j, "table_column")) == 10);
            CHECK(ints(at(j, "kill_numbers")) == upto(c.top));
            CHECK(iv(at(j, "die_modifier")) == c.modifier);
            CHECK(at(j, "fire_permitted").as_bool() == true);
            CHECK(at(j, "kill_probability").as_double() == Approx(c.p).margin(0.00005));
            CHECK(j.dump().find(four_decimals(c.p)) != std::string::npos);
        }
    }
}

TEST_CASE("spi-tank 8.9: kill probability is 0 (0.0000) when the shot is not permitted, moving or not", "[spi-tank][movement]") {
    // Masked (8.41): 1-10 stays shown, the chance is 0.
    const auto j = rule(Shot().firer("T55").vehicle("T34/76c", "front").moving(3).range(5).friendly("other"));
    INFO(j.dump());
    CHECK(iv(at(j, "die_modifier")) == 1);
    CHECK(ints(at(j, "kill_numbers")) == upto(10));
    CHECK(at(j, "kill_probability").as_double() == 0.0);
    CHECK(j.dump().find("\"kill_probability\":0.0000") != std::string::npos);
}

TEST_CASE("spi-tank 9.32/9.34: moving_mp beyond the target's Movement Allowance, negative, or for an AT gun is bad input",
          "[spi-tank][movement]") {
    const Shot bad[] = {
        Shot().vehicle("M60A2", "side").moving(8),    // allowance 7
        Shot().vehicle("Pz IV h", "side").moving(5),  // allowance 4
        Shot().vehicle("T34/76c", "side").moving(9),  // allowance 8
        Shot().vehicle("M60A2", "side").moving(-1),
        Shot().soft("88AT").moving(1),                // AT guns cannot move
    };
    for (const auto& s : bad) {
        const auto r = umpire::test::run_cli("rule - --json", s.toml());
        INFO(s.toml() << r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("<stdin>:") != std::string::npos);
        CHECK(r.err.find("moving_mp") != std::string::npos);
    }
}
