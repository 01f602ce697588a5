// Panzer Squadron: a target both of whose lines of fire pass an obstacle (issue 22 item 10).
//
// PS-fire makes a tank visible when two straight lines can be shown from the cannon to its
// hexagon; PS-obstacle gives a bonus when "one of these lines" passes an obstacle. Whether a target
// behind obstacles on both lines is still visible is not said: rules-data both_lines_pass_hides
// (false: visible with the bonus; true: not visible), always a referee's call with both readings.
//
// Sections
//   By hand     two [[line]]s, each with or without an obstacle, under both readings
//   On a board  the small test board's wood, the los JSON, the visibility map; random pairs
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "engine/engine.hpp"
#include "games/panzer_squadron/board.hpp"
#include "games/panzer_squadron/rules.hpp"
#include "support.hpp"

using namespace umpire;
namespace ps = umpire::panzer_squadron;

namespace {

const char* kHead = "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n";

std::string two_lines(bool a, bool b) {
    return std::string(kHead) + "[[line]]\nface = \"front\"\nobstacle = " + (a ? "true" : "false") + "\n[[line]]\nface = \"side\"\nobstacle = " +
           (b ? "true" : "false") + "\n";
}

// The engine with the other reading (both_lines_pass_hides = true) in its rules data.
const Engine& hides() {
    static const Engine e(test::rules_data_copy("panzer-squadron.toml", "both_lines_pass_hides = false", "both_lines_pass_hides = true"));
    return e;
}

bool cites(const json::Value& j, const std::string& rule, const std::string& words) {
    for (const auto& s : test::strings(test::at(j, "explanation")))
        if (s.rfind(rule + ":", 0) == 0 && s.find(words) != std::string::npos) return true;
    return false;
}

}  // namespace

// ---- By hand ----------------------------------------------------------------------

TEST_CASE("PS-fire: both lines passing an obstacle is the referee's call, visible or not by the reading", "[panzer-squadron][PS-fire]") {
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b) {
            INFO("line obstacles " << a << " " << b);
            const bool both = a && b;
            const json::Value as_ruled = test::rule_toml(two_lines(a, b));
            const json::Value other = hides().rule_text(two_lines(a, b), "x.toml").to_json();
            // Umpire's reading: visible either way; the bonus when a line passes an obstacle.
            CHECK(test::at(as_ruled, "visible").as_bool());
            CHECK(test::at(as_ruled, "obstacle_bonus").as_bool() == (a || b));
            CHECK(test::at(as_ruled, "referee_call").as_bool() == both);
            // The other reading hides the target only when both lines pass an obstacle.
            CHECK(test::at(other, "visible").as_bool() == !both);
            CHECK(test::at(other, "referee_call").as_bool() == both);
            if (both) {
                CHECK(test::at(as_ruled, "visible_other_reading").as_bool() == false);
                CHECK(test::at(other, "visible_other_reading").as_bool() == true);
                CHECK(cites(as_ruled, "PS-fire", "Both lines pass an obstacle"));
                CHECK(test::at(other, "verdict").as_string().rfind("NOT VISIBLE", 0) == 0);
                CHECK(test::at(as_ruled, "verdict").as_string().rfind("VISIBLE", 0) == 0);
            } else {
                CHECK(test::at(as_ruled, "visible_other_reading").is_null());
                CHECK(test::at(as_ruled, "verdict").as_string() == test::at(other, "verdict").as_string());
            }
        }
}

// ---- On a board -------------------------------------------------------------------

TEST_CASE("PS-fire on a board: both lines through the wood in 0304 (ps-test-small)", "[panzer-squadron][PS-fire][ps-board]") {
    const std::string text = std::string(kHead) + "board = \"ps-test-small.toml\"\n[firer]\nhex = \"0302\"\n[target]\nhex = \"0306\"\nfacing = \"NW\"\n";
    const json::Value as_ruled = test::rule_toml(text);
    CHECK(test::at(as_ruled, "visible").as_bool());
    CHECK(test::at(as_ruled, "referee_call").as_bool());
    CHECK(test::at(test::at(as_ruled, "board"), "visible").as_bool());
    const json::Value other = hides().rule_text(text, "x.toml").to_json();
    CHECK_FALSE(test::at(other, "visible").as_bool());
    CHECK_FALSE(test::at(test::at(other, "board"), "visible").as_bool());
    // One line past the wall 0504/D, the other beside it (0502 -> 0506, outer points not ruled):
    // nothing to call about visibility.
    const auto b = board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/ps-test-small.toml", "ps-test-small.toml",
                                     ps::board_vocabulary(test::engine().get<ps::PanzerSquadron>()->data()));
    const auto& d = test::engine().get<ps::PanzerSquadron>()->data();
    const auto l = ps::line_of_fire(d, b, *b.parse_hex("0302"), *b.parse_hex("0306"), -1);
    CHECK(l.both_call);
    CHECK_THAT(ps::lof_text(d, b, l), Catch::Contains("both_lines_pass_hides"));
}

TEST_CASE("PS-fire on random pairs: the call exactly when both lines as ruled count an obstacle", "[panzer-squadron][PS-fire][ps-board][property]") {
    const auto& d = test::engine().get<ps::PanzerSquadron>()->data();
    const auto b = board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/ps-sample-40x28.toml", "ps-sample-40x28.toml", ps::board_vocabulary(d));
    std::mt19937 rng(2210);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1);
    int both = 0;
    for (int n = 0; n < 300; ++n) {
        const hex::Cube f = b.hex_at(pick(rng)), t = b.hex_at(pick(rng));
        if (f == t) continue;
        const auto l = ps::line_of_fire(d, b, f, t, -1);
        const auto& r0 = l.readings.front();
        // Independently of both_call: each line's obstacles as the readings ruled count them.
        bool counts[2] = {false, false};
        for (int k = 0; k < 2; ++k) {
            const ps::FireLine& fl = r0.lines[std::size_t(k)];
            counts[k] = fl.passes_beyond || (d.own_hexsides_count && fl.passes) || (d.touching_passes && fl.touches) ||
                        (d.target_hexsides_count && fl.target_side) || (d.occupied_hexes_count && fl.occupied);
        }
        INFO(b.name(f) << " -> " << b.name(t));
        CHECK(l.both_call == (counts[0] && counts[1]));
        CHECK(test::at(json::Value(ps::lof_json(d, b, l)), "visible").as_bool());
        both += l.both_call;
    }
    CHECK(both > 0);
}
