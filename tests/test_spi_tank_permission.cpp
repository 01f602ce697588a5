// TANK! what forbids a shot, and what the ruling still shows: field of fire (7.21 AT guns and the
// turretless JPz V; 7.23 turreted vehicles and infantry all round), friendly masking (8.41 and its
// AT-gun/infantry exception), zero HE strength at soft targets (8.1, 17.4), a negative attack
// differential (8.9 step 1: no column, no kill numbers); table_column and kill_numbers stay shown
// when the shot is forbidden for another reason (the contract).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Cases    one row per ruling, expected numbers worked out in the name
//   Tests    the table; bad friendly_in_line names
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

struct Case {
    const char* name;
    Shot shot;
    bool permitted;
    const char* attack_type;
    int differential;  // NUL for infantry fire
    int column;        // NUL: null
    std::vector<int> kills;
    const char* cite;  // nullptr: not asserted
};

// An M18's side (defense 1) at range 5, mixed mode, clear: differential = AP - 1, 8.91/8.93 row 1-5.
Shot at_m18(const char* firer, int range = 5) { return Shot().firer(firer).vehicle("M18", "side").range(range); }

const std::vector<Case>& cases() {
    static const std::vector<Case> c = {
        // ---- 7.21/7.23 field of fire ----
        {"7.21 75AT outside its front arc: no fire; 14 - 1 = 13 -> col 10 -> 1-10 still shown", at_m18("75AT").field_of_fire(false), false, "AP", 13, 10, upto(10), "7.21"},
        {"7.21 75AT inside its front arc: fire", at_m18("75AT").field_of_fire(true), true, "AP", 13, 10, upto(10), nullptr},
        {"7.21 76AT outside its front arc: 7 - 1 = 6 -> 1-7 shown", at_m18("76AT").field_of_fire(false), false, "AP", 6, 6, upto(7), "7.21"},
        {"7.21 88AT outside its front arc", at_m18("88AT").field_of_fire(false), false, "AP", 20, 10, upto(10), "7.21"},
        {"7.21 JPz V (turretless) outside its front arc", at_m18("JPz V").field_of_fire(false), false, "AP", 20, 10, upto(10), "7.21"},
        {"7.21 JPz V inside its front arc", at_m18("JPz V").field_of_fire(true), true, "AP", 20, 10, upto(10), nullptr},
        {"7.23 T55 (turreted) with the target outside the front arc: fire", at_m18("T55").field_of_fire(false), true, "AP", 19, 10, upto(10), nullptr},
        {"7.23 Pz IV h (turreted) outside the front arc: fire", at_m18("Pz IV h").field_of_fire(false), true, "AP", 13, 10, upto(10), nullptr},
        {"7.23 M60A2 (turreted) outside the front arc: fire", at_m18("M60A2").field_of_fire(false), true, "AP", 29, 10, upto(10), nullptr},
        {"7.23 infantry (360 degrees) outside the 'front arc': fire; 8.81 range 2 stationary -> 1-2",
         at_m18("infantry", 2).field_of_fire(false), true, "infantry", NUL, NUL, upto(2), nullptr},
        // ---- 8.41 friendly masking ----
        {"8.41 T55 with a friendly vehicle on the line: void; 19 -> 1-10 shown", at_m18("T55").friendly("other"), false, "AP", 19, 10, upto(10), "8.41"},
        {"8.41 T55 with friendly infantry on the line: void", at_m18("T55").friendly("infantry"), false, "AP", 19, 10, upto(10), "8.41"},
        {"8.41 JPz V with friendly infantry on the line: void (the exception is for AT guns)", at_m18("JPz V").friendly("infantry"), false, "AP", 20, 10, upto(10), "8.41"},
        {"8.41 exception: 88AT fires AP through friendly infantry", at_m18("88AT").friendly("infantry"), true, "AP", 20, 10, upto(10), "8.41"},
        {"8.41 exception: 75AT fires AP through friendly infantry", at_m18("75AT").friendly("infantry"), true, "AP", 13, 10, upto(10), "8.41"},
        {"8.41 88AT with a friendly vehicle on the line: void", at_m18("88AT").friendly("other"), false, "AP", 20, 10, upto(10), "8.41"},
        {"8.41 infantry firing through friendly infantry: void (8.8: same restrictions)", at_m18("infantry", 1).friendly("infantry"), false, "infantry", NUL, NUL, upto(3), "8.41"},
        {"8.41 infantry firing with a friendly vehicle on the line: void", at_m18("infantry", 1).friendly("other"), false, "infantry", NUL, NUL, upto(3), "8.41"},
        {"8.41 friendly_in_line none: fire", at_m18("T55").friendly("none"), true, "AP", 19, 10, upto(10), nullptr},
        // ---- 8.1/17.4 zero HE at soft targets ----
        {"8.1 CII (HE 0) at infantry in clear: 0 - 1 = -1, no attack", Shot().firer("CII").soft("infantry").range(5), false, "HE", -1, NUL, {}, nullptr},
        {"8.1 CIII (HE 0) at a 75AT in woods (3): -3", Shot().firer("CIII").soft("75AT", "woods").range(5), false, "HE", -3, NUL, {}, nullptr},
        {"8.1 75AT (HE 0) at infantry", Shot().firer("75AT").soft("infantry").range(5), false, "HE", -1, NUL, {}, nullptr},
        {"8.1 76AT (HE 0) at infantry", Shot().firer("76AT").soft("infantry").range(5), false, "HE", -1, NUL, {}, nullptr},
        {"8.1 88AT (HE 0) at infantry in an improved position: -12", Shot().firer("88AT").soft("infantry", "clear", true).range(5), false, "HE", -12, NUL, {}, nullptr},
        {"8.1/8.41 88AT HE through friendly infantry: the exception covers AP only (and HE is 0)", Shot().firer("88AT").soft("infantry").range(5).friendly("infantry"), false, "HE", -1, NUL, {}, nullptr},
        // ---- 8.9 step 1 negative differential ----
        {"8.9 T34/76c 7 at an M60A2's front 17: -10, no attack, no column", Shot().firer("T34/76c").vehicle("M60A2", "front").range(5), false, "AP", -10, NUL, {}, "8.9"},
        {"8.9 M4 10 at a Pz V's front 11: -1, no attack", Shot().firer("M4").vehicle("Pz V", "front").range(5), false, "AP", -1, NUL, {}, "8.9"},
        {"8.9 M4 10 at a JS II's front 10: 0 is column 0, 8.91 1-5 -> 1", Shot().firer("M4").vehicle("JS II", "front").range(5), true, "AP", 0, 0, upto(1), nullptr},
        {"8.9 M4 10 at a JS II's front 10 at range 6: column 0, 8.91 6-10 -> miss (permitted, no effect)", Shot().firer("M4").vehicle("JS II", "front").range(6), true, "AP", 0, 0, {}, nullptr},
        // ---- numbers still shown when forbidden for another reason ----
        {"7.21 JPz V outside its arc at a Cent 105's side: 21 - 9 = 12 -> col 10, 8.91 11-15 -> 1-9 shown",
         Shot().firer("JPz V").vehicle("Cent 105", "side").range(12).field_of_fire(false), false, "AP", 12, 10, upto(9), "7.21"},
        {"8.41 masked T55 at a JS II's front at 7: 10 -> col 10, 6-10 -> 1-10 shown",
         Shot().firer("T55").vehicle("JS II", "front").range(7).friendly("other"), false, "AP", 10, 10, upto(10), "8.41"},
        {"10.22D+7.21+8.41 all at once: 88AT still shows 20 -> col 10 -> 1-10",
         at_m18("88AT").field_of_fire(false).friendly("other").obstacle("woods", "hex", "none"), false, "AP", 20, 10, upto(10), nullptr},
        {"8.31 past 8.92's end (panic 3, range 40): column 10 shown, kill numbers [] (no row)",
         Shot().firer("T55", 3).vehicle("JS II", "front").range(40), false, "AP", 10, 10, {}, nullptr},
        {"8.9+8.41 negative and masked: column null, []",
         Shot().firer("T34/76c").vehicle("M60A2", "front").range(5).friendly("other"), false, "AP", -10, NUL, {}, nullptr},
    };
    return c;
}

}  // namespace

TEST_CASE("spi-tank 7.21/7.23/8.41/8.1/8.9: when fire is forbidden, and what stays shown", "[spi-tank][permission]") {
    for (const auto& c : cases()) {
        SECTION(c.name) {
            INFO(c.shot.toml());
            const auto j = rule(c.shot);
            INFO(j.dump());
            CHECK(at(j, "fire_permitted").as_bool() == c.permitted);
            CHECK(at(j, "attack_type").as_string() == c.attack_type);
            CHECK(iv(at(j, "attack_differential")) == c.differential);
            CHECK(iv(at(j, "table_column")) == c.column);
            CHECK(ints(at(j, "kill_numbers")) == c.kills);
            const double p = c.permitted ? std::min<int>(static_cast<int>(c.kills.size()), 6) / 6.0 : 0.0;
            CHECK(at(j, "kill_probability").as_double() == Approx(p).margin(0.00005));
            CHECK(at(j, "referee_call").as_bool() == false);
            if (c.cite) {
                INFO("citation " << c.cite);
                CHECK(contains(strings(at(j, "citations")), c.cite));
            }
        }
    }
}

TEST_CASE("spi-tank 8.41: friendly_in_line and in_field_of_fire reject bad values (exit 2)", "[spi-tank][permission]") {
    auto s = at_m18("T55").friendly("enemy");
    auto r = umpire::test::run_cli("rule - --json", s.toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("friendly_in_line") != std::string::npos);
    CHECK(r.err.find("infantry") != std::string::npos);  // the accepted names
    std::string t = at_m18("T55").toml();
    t.replace(t.find("in_field_of_fire = true"), 23, "in_field_of_fire = \"yes\"");
    r = umpire::test::run_cli("rule - --json", t);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("in_field_of_fire") != std::string::npos);
}
