// TANK! range and strength halving: effective range (8.31, fractions up), absolute range (8.31 with
// the tables 8.91-8.93), preservation (15.11), both together (rules-data [choices] double_halving:
// "twice", a referee's call), and combined HE fire (8.22, range of the most distant firer 8.3).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Cases      one row per ruling: the expected numbers are worked out in the comment beside each
//   Tests      table-driven check; combined-HE bad input through the CLI
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
    const char* name;  // the rule it checks
    Shot shot;
    int range;         // JSON range (8.3: the most distant firer's)
    const char* table;
    int attack;        // NUL: not asserted (past the absolute range)
    int defense;
    bool permitted;
    std::vector<int> kills;
    bool referee_call;
    std::vector<const char*> cites;
};

// Targets: an M18's rear (defense 1) for AP; infantry in clear (1) or an improved position (12) for HE.
Shot ap(const char* firer, int range, int panic = 1) { return Shot().firer(firer, panic).vehicle("M18", "rear").range(range); }
Shot he(const char* firer, int range, int panic = 1) { return Shot().firer(firer, panic).soft("infantry").range(range); }

const std::vector<Case>& cases() {
    static const std::vector<Case> c = {
        // ---- 8.31 effective range: full strength at it, halved (fractions up) one hex beyond ----
        {"8.31 T62 AP at its effective range 30: 21 - 1 = 20 -> col 10, 8.91 26-30 -> 1-6", ap("T62", 30), 30, "8.91", 21, 1, true, upto(6), false, {}},
        {"8.31 T62 AP at 31: 21 halved -> 11; 11 - 1 = 10, 8.91 31-35 -> 1-5", ap("T62", 31), 31, "8.91", 11, 1, true, upto(5), false, {"8.31"}},
        {"8.31 T62 HE at 30: 10 - 1 = 9, 8.91 26-30 col 9 -> 1-5", he("T62", 30), 30, "8.91", 10, 1, true, upto(5), false, {}},
        {"8.31 T62 HE at 31: 10 -> 5; 4, 8.91 31-35 col 4 -> miss", he("T62", 31), 31, "8.91", 5, 1, true, {}, false, {"8.31"}},
        {"8.31 T34/76c AP at 30: 7 - 1 = 6, 8.91 26-30 col 6 -> 1-2", ap("T34/76c", 30), 30, "8.91", 7, 1, true, upto(2), false, {}},
        {"8.31 T34/76c AP at 31: 7 -> 4 (fraction up); col 3 -> miss", ap("T34/76c", 31), 31, "8.91", 4, 1, true, {}, false, {"8.31"}},
        {"8.31 T34/76c HE at 31: 10 -> 5", he("T34/76c", 31), 31, "8.91", 5, 1, true, {}, false, {"8.31"}},
        {"8.31 CII AP at its effective range 25: 6 - 1 = 5, 8.91 21-25 col 5 -> 1-2", ap("CII", 25), 25, "8.91", 6, 1, true, upto(2), false, {}},
        {"8.31 CII AP at 26: 6 -> 3; col 2, 8.91 26-30 -> miss", ap("CII", 26), 26, "8.91", 3, 1, true, {}, false, {"8.31"}},
        {"8.31 76AT AP at its effective range 35: 7 - 1 = 6, 8.91 31-35 col 6 -> 1", ap("76AT", 35), 35, "8.91", 7, 1, true, upto(1), false, {}},
        {"8.31 76AT AP at 36: 7 -> 4; col 3 -> miss", ap("76AT", 36), 36, "8.91", 4, 1, true, {}, false, {"8.31"}},
        {"8.31 Pz IIIj AP at its effective range 40: 8 - 1 = 7, 8.91 36-40 col 7 -> 1", ap("Pz IIIj", 40), 40, "8.91", 8, 1, true, upto(1), false, {}},
        {"8.31 Pz IIIj AP at 41: 8 -> 4", ap("Pz IIIj", 41), 41, "8.91", 4, 1, true, {}, false, {"8.31"}},
        {"8.31 Pz IIIj HE at 41: 5 -> 3 (fraction up)", he("Pz IIIj", 41), 41, "8.91", 3, 1, true, {}, false, {"8.31"}},
        {"8.31 T55 at 50 (effective 50): 20, col 10, 8.91 46-50 -> 1-2", ap("T55", 50), 50, "8.91", 20, 1, true, upto(2), false, {}},
        {"8.31 Cent 105 at 50 (effective 60, past 8.93's end): never halved, 8.93 46-50 col 10 -> 1-4", ap("Cent 105", 50), 50, "8.93", 22, 1, true, upto(4), false, {}},
        // ---- absolute range: the table's last row (8.91 and 8.93: 50; 8.92: 35) ----
        {"8.31 absolute: Cent 105 at 51 is past 8.93: no fire", ap("Cent 105", 51), 51, "8.93", 22, 1, false, {}, false, {}},
        {"8.31 absolute: T62 at 50 (panic 1, 8.91): halved to 11, col 10 -> 1-2", ap("T62", 50), 50, "8.91", 11, 1, true, upto(2), false, {"8.31"}},
        {"8.31 absolute: T62 at 51 (8.91 ends at 50): no fire", ap("T62", 51), 51, "8.91", NUL, 1, false, {}, false, {}},
        {"8.31 absolute: T62 panic 3 at 31 (8.92): 11, col 10, 31-35 -> 1", ap("T62", 31, 3), 31, "8.92", 11, 1, true, upto(1), false, {"8.31"}},
        {"8.31 absolute: T62 panic 3 at 35 (8.92's last row) -> 1", ap("T62", 35, 3), 35, "8.92", 11, 1, true, upto(1), false, {}},
        {"8.31 absolute: T62 panic 3 at 36 (8.92 ends at 35): no fire", ap("T62", 36, 3), 36, "8.92", 11, 1, false, {}, false, {}},
        {"8.31 absolute: T55 panic 3 at 35: 20 -> col 10, 8.92 31-35 -> 1", ap("T55", 35, 3), 35, "8.92", 20, 1, true, upto(1), false, {}},
        {"8.31 absolute: T55 panic 3 at 36: no fire, strength still 20 (within effective 50)", ap("T55", 36, 3), 36, "8.92", 20, 1, false, {}, false, {}},
        // ---- 15.11 preservation: strengths halved, fractions up ----
        {"15.11 T55 AP with preservation at 10: 20 -> 10; 9, 8.91 6-10 col 9 -> 1-9", ap("T55", 10).preservation(), 10, "8.91", 10, 1, true, upto(9), false, {"15.11"}},
        {"15.11 T55 HE with preservation at 10: 10 -> 5; 4 -> 1-4", he("T55", 10).preservation(), 10, "8.91", 5, 1, true, upto(4), false, {"15.11"}},
        {"15.11 Pz IIIj HE with preservation at 1: 5 -> 3 (up); 2, 8.91 1-5 -> 1-3", he("Pz IIIj", 1).preservation(), 1, "8.91", 3, 1, true, upto(3), false, {"15.11"}},
        {"15.11 T34/76c AP with preservation at 10: 7 -> 4; 3, 8.91 6-10 -> 1-3", ap("T34/76c", 10).preservation(), 10, "8.91", 4, 1, true, upto(3), false, {"15.11"}},
        {"15.11 M60A2 AP with preservation at 10: 30 -> 15; 14 -> col 10, 8.93 6-10 -> 1-10", ap("M60A2", 10).preservation(), 10, "8.93", 15, 1, true, upto(10), false, {"15.11"}},
        {"15.11 preservation = false: full strength", ap("T55", 10).preservation(false), 10, "8.91", 20, 1, true, upto(10), false, {}},
        // ---- 8.31 + 15.11 together: [choices] double_halving = "twice" (a referee's call) ----
        {"8.31+15.11 T62 at 31 with preservation: 21 -> 11 -> 6 (referee's call); 5, 31-35 -> miss", ap("T62", 31).preservation(), 31, "8.91", 6, 1, true, {}, true, {"8.31", "15.11"}},
        {"8.31+15.11 T34/76c at 31 with preservation: 7 -> 4 -> 2 (referee's call)", ap("T34/76c", 31).preservation(), 31, "8.91", 2, 1, true, {}, true, {"8.31", "15.11"}},
        {"8.31+15.11 CII at 26 with preservation: 6 -> 3 -> 2 (referee's call)", ap("CII", 26).preservation(), 26, "8.91", 2, 1, true, {}, true, {"8.31", "15.11"}},
        {"8.31+15.11 Pz IIIj HE at 41 with preservation: 5 -> 3 -> 2 (referee's call)", he("Pz IIIj", 41).preservation(), 41, "8.91", 2, 1, true, {}, true, {"8.31", "15.11"}},
        {"8.31+15.11 T62 at 30 with preservation: only 15.11 halves: 11, col 10, 26-30 -> 1-6", ap("T62", 30).preservation(), 30, "8.91", 11, 1, true, upto(6), false, {"15.11"}},
        // ---- 8.22 combined HE on a soft target; 8.3 the most distant firer's range ----
        {"8.22/8.3 T55 at 12 + T55 at 14 on infantry in clear: 20 - 1 = 19 -> col 10, range 14, 8.91 11-15 -> 1-9",
         he("T55", 12).extra("T55", 14), 14, "8.91", 20, 1, true, upto(9), false, {"8.22", "8.3"}},
        {"8.22/8.3 T55 at 14 + T55 at 12: still range 14 (the most distant)", he("T55", 14).extra("T55", 12), 14, "8.91", 20, 1, true, upto(9), false, {"8.22", "8.3"}},
        {"8.22/8.31 each firer halved for its own range: T62 at 31 (10 -> 5) + T55 at 20 (10) = 15; range 31 -> 1-5",
         he("T62", 31).extra("T55", 20), 31, "8.91", 15, 1, true, upto(5), false, {"8.22", "8.31"}},
        {"8.22/8.31 the extra firer beyond its effective range: T55 at 20 + T62 at 31 = 15; range 31 -> 1-5",
         he("T55", 20).extra("T62", 31), 31, "8.91", 15, 1, true, upto(5), false, {"8.22", "8.31"}},
        {"8.22/15.11 preservation halves each unit (fractions up): Pz IIIj 5 -> 3, twice = 6; 5, 8.91 6-10 -> 1-5",
         he("Pz IIIj", 10).extra("Pz IIIj", 10).preservation(), 10, "8.91", 6, 1, true, upto(5), false, {"8.22", "15.11"}},
        {"8.22 three firers: T55 + Pz IV h + M4 at 10 on infantry in an improved position: 30 - 12 = 18 -> 1-10",
         Shot().firer("T55").soft("infantry", "clear", true).range(10).extra("Pz IV h", 8).extra("M4", 9), 10, "8.91", 30, 12, true, upto(10), false, {"8.22"}},
        {"8.22 N + SR firers both use 8.91: Pz IV h + T62 on an improved position: 20 - 12 = 8 -> 1-8, no call",
         Shot().firer("Pz IV h").soft("infantry", "clear", true).range(10).extra("T62", 10), 10, "8.91", 20, 12, true, upto(8), false, {"8.22"}},
        {"8.22 [choices] combined_he_table = least: M60A2 (SC) + T55 (SR) at panic 1 -> 8.91 (referee's call); 25 - 12 = 13, 16-20 -> 1-8",
         Shot().firer("M60A2").soft("infantry", "clear", true).range(16).extra("T55", 10), 16, "8.91", 25, 12, true, upto(8), true, {"8.22"}},
        {"8.22 [choices] combined_he_table = least: M60A2 + T55 at panic 3 -> 8.92 (referee's call); 8.92 16-20 col 10 -> 1-7",
         Shot().firer("M60A2", 3).soft("infantry", "clear", true).range(16).extra("T55", 10), 16, "8.92", 25, 12, true, upto(7), true, {"8.22"}},
        {"8.22 [choices] combined_he_table: T55 (SR, 8.91) leading an M60A2 (SC, 8.93): both readings pick 8.91, no call; 25 - 12 = 13, 16-20 -> 1-8",
         Shot().firer("T55").soft("infantry", "clear", true).range(16).extra("M60A2", 10), 16, "8.91", 25, 12, true, upto(8), false, {"8.22"}},
        {"8.22 combined HE on an AT gun in woods (mixed 3): T55 + T55 = 20 - 3 = 17 -> col 10, 6-10 -> 1-10",
         Shot().firer("T55").soft("88AT", "woods").range(6).extra("T55", 7), 7, "8.91", 20, 3, true, upto(10), false, {"8.22"}},
        {"8.22 two SC firers share 8.93: M60A2 + Cent 105 = 25 on infantry in clear; range 12, 8.93 11-15 col 10 -> 1-10, no call",
         he("M60A2", 10).extra("Cent 105", 12), 12, "8.93", 25, 1, true, upto(10), false, {"8.22"}},
        // [choices] combined_he_halving: the T62 (effective range 30) fires from 20, but the combined
        // fire's range is 35 (8.3); whether 8.31 halves it is open: own range (default) keeps 10.
        {"8.22/8.31 [choices] combined_he_halving = own-range: T55 at 35 + T62 at 20 = 10 + 10 = 20; range 35, 8.91 31-35 col 10 -> 1-5 (referee's call)",
         he("T55", 35).extra("T62", 20), 35, "8.91", 20, 1, true, upto(5), true, {"8.22", "8.3", "8.31"}},
        {"8.22/8.31 no call when the nearer firer is beyond its effective range either way: T55 at 35 + T62 at 32 -> 10 + 5 = 15",
         he("T55", 35).extra("T62", 32), 35, "8.91", 15, 1, true, upto(5), false, {"8.22", "8.31"}},
        // 8.22 (issue 13): an extra firer beyond its table's absolute range may not fire (8.31), so it
        // adds nothing and sets no range; the [firer] fires alone (these two used to refuse all fire).
        {"8.22/8.31 an extra firer at 51 is past 8.91: left out; the T55 at 20 alone: 10 - 1 = 9, 8.91 16-20 col 9 -> 1-7",
         he("T55", 20).extra("T55", 51), 20, "8.91", 10, 1, true, upto(7), false, {"8.22", "8.31"}},
        {"8.22/8.31 panic 3: an extra firer at 36 is past 8.92: left out; the T55 at 20 alone: 8.92 16-20 col 9 -> 1-6",
         he("T55", 20, 3).extra("T55", 36), 20, "8.92", 10, 1, true, upto(6), false, {"8.22", "8.31"}},
    };
    return c;
}

}  // namespace

TEST_CASE("spi-tank 8.31/15.11/8.22/8.3: range, halving and combined HE", "[spi-tank][range]") {
    for (const auto& c : cases()) {
        SECTION(c.name) {
            INFO(c.shot.toml());
            const auto j = rule(c.shot);
            INFO(j.dump());
            CHECK(iv(at(j, "range")) == c.range);
            CHECK(at(j, "table").as_string() == c.table);
            if (c.attack != NUL) {
                CHECK(iv(at(j, "attack_strength")) == c.attack);
                CHECK(iv(at(j, "attack_differential")) == c.attack - c.defense);
                CHECK(iv(at(j, "table_column")) == (c.attack < c.defense ? NUL : std::min(c.attack - c.defense, 10)));
            }
            CHECK(iv(at(j, "defense_strength")) == c.defense);
            CHECK(at(j, "fire_permitted").as_bool() == c.permitted);
            CHECK(ints(at(j, "kill_numbers")) == c.kills);
            const double p = c.permitted ? std::min<int>(static_cast<int>(c.kills.size()), 6) / 6.0 : 0.0;
            CHECK(at(j, "kill_probability").as_double() == Approx(p).margin(0.00005));
            CHECK(at(j, "referee_call").as_bool() == c.referee_call);
            const auto cites = strings(at(j, "citations"));
            for (const char* r : c.cites) {
                INFO("citation " << r);
                CHECK(contains(cites, r));
            }
        }
    }
}

TEST_CASE("spi-tank 8.22: AP strengths are never combined: an extra firer at a vehicle is bad input (exit 2)",
          "[spi-tank][range]") {
    const auto r = umpire::test::run_cli("rule - --json", ap("T55", 10).extra("T62", 12).toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("<stdin>:") != std::string::npos);
    CHECK(r.err.find("extra_firer") != std::string::npos);
}

TEST_CASE("spi-tank 8.3: range below 1 is bad input (exit 2)", "[spi-tank][range]") {
    for (int r : {0, -3}) {
        const auto res = umpire::test::run_cli("rule - --json", ap("T55", r).toml());
        INFO(res.err);
        CHECK(res.status == 2);
        CHECK(res.out.empty());
        CHECK(res.err.find("range") != std::string::npos);
    }
}

TEST_CASE("spi-tank 8.22/8.1: an extra firer with no HE strength adds no fire: it neither lowers the table nor sets the range",
          "[spi-tank][range]") {
    // M60A2 (SC, HE 15) at 10 hexes plus a CII (N, HE 0) at 30: the CII cannot fire HE (8.1/17.4),
    // so it is not one of the "firing units" of 8.22. Either the situation is refused as bad input,
    // or the ruling is the M60A2's alone: 8.93, 15 - 1 = 14 -> column 10, range 10 -> 1-10, and no
    // referee's call about mixing fire-control tables.
    const std::string text = he("M60A2", 10).extra("CII", 30).toml();
    bool refused = false;
    umpire::json::Value j;
    try {
        j = umpire::test::rule_toml(text);
    } catch (const std::exception& e) {
        refused = std::string(e.what()).find("extra_firer") != std::string::npos;
        INFO(e.what());
        CHECK(refused);
        return;
    }
    INFO(j.dump());
    CHECK(at(j, "table").as_string() == "8.93");
    CHECK(iv(at(j, "range")) == 10);
    CHECK(iv(at(j, "attack_strength")) == 15);
    CHECK(ints(at(j, "kill_numbers")) == upto(10));
    CHECK(at(j, "referee_call").as_bool() == false);
}

TEST_CASE("spi-tank 8.22/8.3/17.4: a [firer] with no HE cannot lead combined HE -- bad input naming the fix (exit 2)",
          "[spi-tank][range]") {
    // The [firer]'s range, table and line lead combined HE; a 75AT (HE 0) does not fire HE, so
    // with a T55 as extra firer the ruling would depend on which unit was typed first.
    // Found by an independent review: the swapped situation ruled range 45, the other range 10.
    for (const char* lead : {"75AT", "CII", "CIII"}) {
        INFO(lead);
        const auto r = umpire::test::run_cli("rule - --json", he(lead, 45).extra("T55", 10).toml());
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("<stdin>:") != std::string::npos);
        CHECK(r.err.find("needs an HE-firing [firer]") != std::string::npos);
        CHECK(r.err.find("[[extra_firer]]") != std::string::npos);
    }
    // The same two units the right way round rule the T55's fire alone: 8.91 (panic 1), range 10.
    const auto j = umpire::test::rule_toml(he("T55", 10).extra("75AT", 45).toml());
    INFO(j.dump());
    CHECK(iv(at(j, "range")) == 10);
    CHECK(at(j, "fire_permitted").as_bool());
}
