// Every situation in examples/ rules without error through the real CLI, and the
// TANK! examples give the rulings their comments describe.
#include <catch2/catch.hpp>

#include <filesystem>

#include "support.hpp"

namespace fs = std::filesystem;
using umpire::test::at;
using umpire::test::ints;

TEST_CASE("examples: every example situation rules (exit 0, JSON)", "[examples]") {
    int n = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples")) {
        if (e.path().extension() != ".toml") continue;
        ++n;
        INFO(e.path().string());
        auto r = umpire::test::run_cli("rule " + e.path().string() + " --json");
        INFO(r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("\"citations\":[\"") != std::string::npos);
        auto t = umpire::test::run_cli("rule " + e.path().string());
        CHECK(t.status == 0);
    }
    CHECK(n >= 7);
}

struct ExampleCase {
    const char* file;
    bool permitted;
    const char* los;
    int attack;  // -1: null
    int defense;
    std::vector<int> kills;
    bool referee_call;
};

TEST_CASE("examples: TANK! rulings", "[examples][spi-tank]") {
    const ExampleCase cases[] = {
        // 8.7 side 8 + 10.6 mixed woods 2 = 10; 21-10 = 11 -> column 10; 8.91 row 21-25 -> 1-7; 8.71 7 MP -> +3.
        {"spi-tank-t62-vs-m60a2-side.toml", true, "clear", 21, 10, {1, 2, 3, 4, 5, 6, 7}, false},
        // 8.31: 34 > 30 -> 21 halved to 11; front 12 -> -1: no attack.
        {"spi-tank-long-range-halved.toml", false, "clear", 11, 12, {}, false},
        // 10.22D woods hex blocks; 8.92 (panic 4), 14 vs rear 2 = 12 -> column 10, row 6-10 -> 1-10.
        {"spi-tank-blocked-by-woods.toml", false, "blocked", 14, 2, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, false},
        // 8.22 10 + 10 HE vs 14.41 IP 12 -> 8; 8.3 range 9 -> 8.91 row 6-10 col 8 -> 1-8.
        {"spi-tank-he-at-gun-improved-position.toml", true, "clear", 20, 12, {1, 2, 3, 4, 5, 6, 7, 8}, false},
        // 8.81 range 2 moving -> 1.
        {"spi-tank-infantry-close-assault.toml", true, "clear", -1, -1, {1}, false},
        // 7.21 outside the front arc; 21 vs Cent 105 side 9 = 12 -> col 10, 8.91 row 11-15 -> 1-9.
        {"spi-tank-jagdpanther-out-of-arc.toml", false, "clear", 21, 9, {1, 2, 3, 4, 5, 6, 7, 8, 9}, false},
        // 8.31 + 15.11: 21 -> 11 -> 6 (referee's call); side 1 -> 5; 8.91 row 31-35 col 5 -> •.
        {"spi-tank-preservation-and-range.toml", true, "clear", 6, 1, {}, true},
        // 8.3 4001-4023 = 22; 8.7 facing B, firer due north = 60 degrees: front/side boundary (referee's
        // call), stronger = front 17; 21-17 = 4, 8.91 row 21-25 col 4 -> 1.
        {"spi-tank-hex-numbers-aspect-boundary.toml", true, "clear", 21, 17, {1}, true},
    };
    for (const auto& c : cases) {
        SECTION(c.file) {
            const auto j = umpire::test::engine().rule_file(fs::path(UMPIRE_SOURCE_DIR) / "examples" / c.file).to_json();
            CHECK(at(j, "fire_permitted").as_bool() == c.permitted);
            CHECK(at(j, "los").as_string() == c.los);
            if (c.attack < 0) CHECK(at(j, "attack_strength").is_null());
            else CHECK(at(j, "attack_strength").as_int() == c.attack);
            if (c.defense < 0) CHECK(at(j, "defense_strength").is_null());
            else CHECK(at(j, "defense_strength").as_int() == c.defense);
            CHECK(ints(at(j, "kill_numbers")) == c.kills);
            CHECK(at(j, "referee_call").as_bool() == c.referee_call);
        }
    }
}
