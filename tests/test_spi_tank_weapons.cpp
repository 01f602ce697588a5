// TANK! Weapons Systems Characteristics Chart (17.4; the chart sheet's second copy, with movement
// allowance, effective range and fire control): every system's numbers as loaded, and as rulings use them.
//
// Sections
//   Chart      the 21 systems transcribed independently from the chart sheet
//   Tests      loaded data; AP and HE attack strengths in rulings (8.1); fire control -> table (8.9);
//              defense strengths per aspect (8.7); effective range (8.31); turretless JPz V (7.21/7.23);
//              names as the scenario chart spells them (17.2)
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <sstream>
#include <string>
#include <vector>

#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::ints;

namespace {

struct System {
    const char* name;
    bool vehicle;
    int front, side, rear;  // vehicles only
    int ap, he, movement, effective;
    const char* fire_control;
    bool turreted;
};

// 17.4, second copy on the chart sheet.
const System chart[] = {
    {"Pz IV h", true, 7, 3, 2, 14, 10, 4, 50, "N", true},
    {"Pz IIIj", true, 5, 3, 5, 8, 5, 5, 40, "N", true},
    {"Pz V", true, 11, 3, 3, 18, 10, 7, 50, "N", true},
    {"JPz V", true, 11, 4, 4, 21, 10, 7, 50, "N", false},  // "(turretless)"
    {"Pz VI a", true, 9, 7, 7, 15, 10, 5, 50, "N", true},
    {"Pz VI b", true, 13, 7, 7, 21, 10, 4, 50, "N", true},
    {"T34/76c", true, 8, 5, 5, 7, 10, 8, 30, "N", true},
    {"T34/85", true, 11, 8, 6, 14, 10, 8, 50, "N", true},
    {"JS II", true, 10, 9, 6, 15, 10, 4, 50, "N", true},
    {"T55", true, 12, 6, 6, 20, 10, 7, 50, "SR", true},
    {"T62", true, 14, 6, 6, 21, 10, 7, 30, "SR", true},
    {"CII", true, 6, 4, 3, 6, 0, 8, 25, "N", true},
    {"CIII", true, 6, 4, 3, 12, 0, 8, 50, "N", true},
    {"Cent 105", true, 16, 9, 6, 22, 10, 6, 60, "SC", true},
    {"M4", true, 6, 3, 2, 10, 10, 5, 50, "N", true},
    {"M4/76", true, 6, 3, 2, 13, 10, 5, 50, "N", true},
    {"M18", true, 2, 1, 1, 13, 10, 5, 50, "N", true},
    {"M60A2", true, 17, 8, 5, 30, 15, 7, 50, "SC", true},
    {"75AT", false, 0, 0, 0, 14, 0, 0, 50, "N", false},
    {"76AT", false, 0, 0, 0, 7, 0, 0, 35, "N", false},
    {"88AT", false, 0, 0, 0, 21, 0, 0, 50, "N", false},
};

constexpr int NUL = INT_MIN;
int iv(const umpire::json::Value& v) { return v.is_null() ? NUL : static_cast<int>(v.as_int()); }
std::vector<int> upto(int n) {
    std::vector<int> v;
    for (int i = 1; i <= n; ++i) v.push_back(i);
    return v;
}

// A situation: mixed mode, clear terrain, panic 1, everything else at its default.
std::string situation(const std::string& firer, const std::string& target, const std::string& aspect, int range) {
    std::ostringstream o;
    o << "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"" << firer << "\"\npanic_level = 1\n"
      << "[target]\nunit = \"" << target << "\"\n";
    if (!aspect.empty()) o << "aspect = \"" << aspect << "\"\n";
    o << "[line]\nrange = " << range << "\n";
    return o.str();
}

const umpire::spi_tank::Data& data() { return umpire::test::engine().get<umpire::spi_tank::SpiTank>()->data(); }

}  // namespace

TEST_CASE("spi-tank 17.4: the chart's 21 systems are loaded with the chart's numbers", "[spi-tank][weapons]") {
    const auto& d = data();
    CHECK(d.units.size() == 21);
    for (const auto& c : chart) {
        SECTION(std::string("17.4 ") + c.name) {
            const auto* u = d.find_unit(c.name);
            REQUIRE(u != nullptr);
            CHECK(u->vehicle == c.vehicle);
            if (c.vehicle) {
                CHECK(u->front == c.front);
                CHECK(u->side == c.side);
                CHECK(u->rear == c.rear);
            }
            CHECK(u->ap == c.ap);
            CHECK(u->he == c.he);
            CHECK(u->movement == c.movement);
            CHECK(u->effective_range == c.effective);
            CHECK(u->fire_control == c.fire_control);
            // 7.21: AT guns and turretless vehicles fire only into their front arc; 7.23: turreted all round.
            if (c.vehicle) CHECK(u->turreted == c.turreted);
        }
    }
}

TEST_CASE("spi-tank 8.1/17.4: each system fires its AP strength at an AFV, on its fire control's table",
          "[spi-tank][weapons]") {
    for (const auto& c : chart) {
        SECTION(std::string("8.1 AP ") + c.name) {
            // Against an M18's rear (1) at range 1: never halved, differential AP - 1.
            const auto j = umpire::test::rule_toml(situation(c.name, "M18", "rear", 1));
            INFO(j.dump());
            const bool sc = std::string(c.fire_control) == "SC";
            CHECK(at(j, "attack_type").as_string() == "AP");
            CHECK(at(j, "table").as_string() == (sc ? "8.93" : "8.91"));  // panic 1
            CHECK(iv(at(j, "attack_strength")) == c.ap);
            CHECK(iv(at(j, "defense_strength")) == 1);
            CHECK(iv(at(j, "attack_differential")) == c.ap - 1);
            const int column = std::min(c.ap - 1, 10);
            CHECK(iv(at(j, "table_column")) == column);
            // Row 1-5 is 1..column+1 in every table, capped at 1-10.
            CHECK(ints(at(j, "kill_numbers")) == upto(std::min(column + 1, 10)));
            CHECK(at(j, "fire_permitted").as_bool() == true);
            CHECK(at(j, "referee_call").as_bool() == false);
        }
    }
}

TEST_CASE("spi-tank 8.1/17.4: each system fires its HE strength at a soft target -- zero HE cannot fire",
          "[spi-tank][weapons]") {
    for (const auto& c : chart) {
        SECTION(std::string("8.1 HE ") + c.name) {
            // Infantry in clear (10.6: 1 DSP) at range 1.
            const auto j = umpire::test::rule_toml(situation(c.name, "infantry", "", 1));
            INFO(j.dump());
            CHECK(at(j, "attack_type").as_string() == "HE");
            CHECK(iv(at(j, "attack_strength")) == c.he);
            CHECK(iv(at(j, "defense_strength")) == 1);
            CHECK(iv(at(j, "attack_differential")) == c.he - 1);
            CHECK(at(j, "fire_permitted").as_bool() == (c.he > 0));
            if (c.he > 0) {
                CHECK(iv(at(j, "table_column")) == std::min(c.he - 1, 10));
                CHECK(ints(at(j, "kill_numbers")) == upto(std::min(c.he, 10)));
            } else {
                CHECK(at(j, "table_column").is_null());
                CHECK(ints(at(j, "kill_numbers")).empty());
                CHECK(at(j, "kill_probability").as_double() == 0.0);
            }
        }
    }
}

TEST_CASE("spi-tank 8.7/17.4: each AFV's front, side and rear defense strengths -- AT guns are soft targets",
          "[spi-tank][weapons]") {
    for (const auto& c : chart) {
        SECTION(std::string("8.7 defense ") + c.name) {
            if (c.vehicle) {
                const char* aspects[] = {"front", "side", "rear"};
                const int strengths[] = {c.front, c.side, c.rear};
                for (int i = 0; i < 3; ++i) {
                    const auto j = umpire::test::rule_toml(situation("M60A2", c.name, aspects[i], 1));
                    INFO(aspects[i] << ": " << j.dump());
                    CHECK(at(j, "attack_type").as_string() == "AP");
                    CHECK(iv(at(j, "defense_strength")) == strengths[i]);
                    CHECK(iv(at(j, "attack_differential")) == 30 - strengths[i]);
                }
            } else {
                // 8.1/8.7: an AT gun is a soft target: HE fire, defense from its hex (clear: 1).
                const auto j = umpire::test::rule_toml(situation("M60A2", c.name, "", 1));
                INFO(j.dump());
                CHECK(at(j, "attack_type").as_string() == "HE");
                CHECK(iv(at(j, "attack_strength")) == 15);
                CHECK(iv(at(j, "defense_strength")) == 1);
            }
        }
    }
}

TEST_CASE("spi-tank 8.31/17.4: each system's effective range: full strength at it, halved one hex beyond",
          "[spi-tank][weapons]") {
    for (const auto& c : chart) {
        SECTION(std::string("8.31 effective range ") + c.name) {
            // Panic 1: N/SR on 8.91 and SC on 8.93, both 50 hexes long.
            const auto j = umpire::test::rule_toml(situation(c.name, "M18", "rear", std::min(c.effective, 50)));
            INFO(j.dump());
            CHECK(iv(at(j, "attack_strength")) == c.ap);
            CHECK(at(j, "fire_permitted").as_bool() == true);
            if (c.effective < 50) {
                const auto k = umpire::test::rule_toml(situation(c.name, "M18", "rear", c.effective + 1));
                INFO(k.dump());
                CHECK(iv(at(k, "attack_strength")) == (c.ap + 1) / 2);  // fractions rounded up
                CHECK(at(k, "fire_permitted").as_bool() == true);
            }
        }
    }
}

TEST_CASE("spi-tank 7.21/7.23: the turretless JPz V and the AT guns fire only into the front arc -- turreted AFVs all round",
          "[spi-tank][weapons]") {
    for (const auto& c : chart) {
        SECTION(std::string("7.21 field of fire ") + c.name) {
            const auto j = umpire::test::rule_toml(situation(c.name, "M18", "rear", 5) + "in_field_of_fire = false\n");
            INFO(j.dump());
            CHECK(at(j, "fire_permitted").as_bool() == c.turreted);
        }
    }
}

TEST_CASE("spi-tank 17.2/17.4 names: the scenario chart's and the weapons chart's spellings name one unit",
          "[spi-tank][weapons]") {
    struct Case {
        const char* spelling;
        const char* unit;
    };
    const Case cases[] = {
        {"pzivh", "Pz IV h"},          {"PZ IV H", "Pz IV h"},     {"PzIVh", "Pz IV h"},
        {"JPz V(turretless)", "JPz V"}, {"PzVjgd", "JPz V"},        {"T34/76", "T34/76c"},
        {"t34-85", "T34/85"},           {"JSII", "JS II"},          {"M60a2", "M60A2"},
        {"Cent105", "Cent 105"},        {"Pz VI a", "Pz VI a"},     {"pzvib", "Pz VI b"},
    };
    for (const auto& c : cases) {
        SECTION(std::string("17.2 ") + c.spelling) {
            const auto* u = data().find_unit(c.spelling);
            REQUIRE(u != nullptr);
            CHECK(u->name == c.unit);
            const auto j = umpire::test::rule_toml(situation(c.spelling, "M18", "rear", 1));
            CHECK(iv(at(j, "attack_strength")) == data().find_unit(c.unit)->ap);
        }
    }
}

TEST_CASE("spi-tank 17.4: a unit name not on the chart is bad input naming the accepted units", "[spi-tank][weapons]") {
    const auto r = umpire::test::run_cli("rule - --json", situation("Tiger III", "M18", "rear", 1));
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("unit") != std::string::npos);
    CHECK(r.err.find("T62") != std::string::npos);   // the accepted names are listed
    CHECK(r.err.find("<stdin>:4:") != std::string::npos);  // FILE:LINE:COL of [firer].unit (line 4)
}
