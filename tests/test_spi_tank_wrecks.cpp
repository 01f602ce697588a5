// TANK! wrecks (8.62: a destroyed armoured unit leaves a wreck in its hex, a new terrain feature),
// issue 22 items 4 and 11: a wreck typed as an obstacle touching the target, and a board's wreck layer.
//
// Sections
//   Typed wreck     a wreck obstacle touching the target with target.terrain given (10.22B, 10.4, 10.6)
//   Notes           an obstacle in the target's hex that disagrees with target.terrain/wreck is noted
//   Wreck layer     boards: [hex_features] wreck, read, written back, painted; the line of sight
//                   (10.2: a wreck obstructs in no mode, 10.6), the target's defense and spotting
//                   (10.4, 10.31, 13.5), the hand-entered ruling's equal, the kill-chance overlay
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "spi_tank_shot.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::strings;

namespace {

bool explains(const umpire::json::Value& j, const std::string& rule, const std::string& words) {
    for (const auto& s : strings(at(j, "explanation")))
        if (s.rfind(rule + ":", 0) == 0 && s.find(words) != std::string::npos) return true;
    return false;
}

// One TANK! situation by hand: T62 at range 10; `target` and `obstacles` as TOML text.
std::string shot(const std::string& mode, const std::string& target, const std::string& obstacles) {
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\n[firer]\nunit = \"T62\"\n[target]\n" + target +
           "[line]\nrange = 10\nobstacles = [ " + obstacles + " ]\n";
}

// The Terrain Effects Chart's vehicle additions (10.6): woods +3 closed, +2 mixed, as clear in open
// (10.61); rough "none"; a wreck +2 in all modes. The M60A2's front strength is 17 (17.4).
int woods_add(const std::string& mode) { return mode == "closed" ? 3 : mode == "mixed" ? 2 : 0; }
constexpr int kWreck = 2, kFront = 17;

}  // namespace

// ---- Typed wreck ------------------------------------------------------------------

TEST_CASE("8.62/10.22B: a wreck obstacle touching the target lies in its hex, on the ground target.terrain gives", "[spi-tank][wrecks]") {
    // Issue 22 item 4: with target.terrain given, the wreck obstacle was dropped. The obstacle hex
    // touching the target is the target's hex (10.22B); a wreck is a feature added to the hex (8.62),
    // so it lies on the given ground, and woods with a wreck is the two-terrains case (two_terrains_vehicle).
    for (const std::string mode : {"closed", "mixed", "open"}) {
        for (const std::string order : {"wreck-obstacle", "woods-obstacle-with-wreck", "wreck-given-woods-obstacle"}) {
            INFO(mode << " " << order);
            std::string target = "unit = \"M60A2\"\naspect = \"front\"\n", obs;
            if (order == "wreck-obstacle") target += "terrain = \"woods\"\n", obs = "{ terrain = \"wreck\", touches = \"target\" }";
            else if (order == "woods-obstacle-with-wreck") target += "terrain = \"woods\"\n", obs = "{ terrain = \"woods\", wreck = true, touches = \"target\" }";
            else target += "terrain = \"wreck\"\n", obs = "{ terrain = \"woods\", touches = \"target\" }";
            const auto j = umpire::test::rule_toml(shot(mode, target, obs));
            CHECK(at(j, "defense_strength").as_int() == kFront + woods_add(mode) + kWreck);
            CHECK(at(j, "los").as_string() == "clear");  // the target's own hex (10.22B)
            CHECK(explains(j, "10.4", "wreck lies in the target's woods hex"));
            // Both add something (woods counts in closed and mixed mode): the referee's call, the
            // larger-only reading ruled in full.
            const bool call = woods_add(mode) > 0;
            CHECK(at(j, "referee_call").as_bool() == call);
            if (call) {
                REQUIRE(at(j, "alternatives").as_array().size() == 1);
                CHECK(at(at(j, "alternatives").as_array()[0], "defense_strength").as_int() == kFront + std::max(woods_add(mode), kWreck));
            }
        }
    }
}

TEST_CASE("8.62/10.4: a wreck obstacle in the target's clear or rough hex adds the wreck's +2, nothing to choose", "[spi-tank][wrecks]") {
    for (const std::string ground : {"clear", "rough"}) {
        for (const std::string mode : {"closed", "mixed", "open"}) {
            INFO(ground << " " << mode);
            const auto j = umpire::test::rule_toml(shot(mode, "unit = \"M60A2\"\naspect = \"side\"\nterrain = \"" + ground + "\"\n",
                                                        "{ terrain = \"wreck\", at = \"hex\", touches = \"target\" }"));
            // M60A2 side 8 (17.4); rough adds "none" (10.6), the wreck 2.
            CHECK(at(j, "defense_strength").as_int() == 8 + kWreck);
            CHECK_FALSE(at(j, "referee_call").as_bool());
        }
    }
}

TEST_CASE("10.31/10.6: a soft target given in woods with a wreck obstacle in its hex: woods 3 plus the wreck's +1", "[spi-tank][wrecks]") {
    for (const std::string mode : {"closed", "mixed"}) {
        INFO(mode);
        const auto j = umpire::test::rule_toml(shot(mode, "unit = \"infantry\"\nterrain = \"woods\"\n", "{ terrain = \"wreck\", touches = \"target\" }"));
        CHECK(at(j, "defense_strength").as_int() == 3 + 1);
        CHECK(explains(j, "10.6", "wreck lies in that woods hex"));
    }
}

// ---- Notes ------------------------------------------------------------------------

TEST_CASE("10.22B: an obstacle in the target's hex that disagrees with the target's keys is noted, the keys stand", "[spi-tank][wrecks]") {
    SECTION("target.wreck = false given: the wreck obstacle is noted, not added") {
        const auto j = umpire::test::rule_toml(shot("mixed", "unit = \"M60A2\"\naspect = \"front\"\nterrain = \"woods\"\nwreck = false\n",
                                                    "{ terrain = \"wreck\", touches = \"target\" }"));
        CHECK(at(j, "defense_strength").as_int() == kFront + 2);
        CHECK(explains(j, "8.62", "target.wreck says there is none"));
    }
    SECTION("a rough obstacle (not obstructing) in a target given as woods: noted") {
        const auto j = umpire::test::rule_toml(shot("mixed", "unit = \"M60A2\"\naspect = \"front\"\nterrain = \"woods\"\n",
                                                    "{ terrain = \"rough\", touches = \"target\" }"));
        CHECK(at(j, "defense_strength").as_int() == kFront + 2);
        CHECK(explains(j, "10.6", "puts the target in a rough hex, but target.terrain says woods"));
    }
    SECTION("a woods obstacle (obstructing) in a target given as rough: noted") {
        const auto j = umpire::test::rule_toml(shot("closed", "unit = \"M60A2\"\naspect = \"front\"\nterrain = \"rough\"\n",
                                                    "{ terrain = \"woods\", touches = \"target\" }"));
        CHECK(at(j, "defense_strength").as_int() == kFront);
        CHECK(explains(j, "10.6", "puts the target in a woods hex, but target.terrain says rough"));
    }
    SECTION("agreeing obstacles are not noted") {
        const auto j = umpire::test::rule_toml(shot("mixed", "unit = \"M60A2\"\naspect = \"front\"\nterrain = \"woods\"\n",
                                                    "{ terrain = \"woods\", touches = \"target\" }, { terrain = \"wreck\", touches = \"target\" }"));
        CHECK_FALSE(explains(j, "10.6", "puts the target in"));
        CHECK_FALSE(explains(j, "8.62", "says there is none"));
    }
    SECTION("a given wreck on unknown ground and two obstacles naming different grounds: bad input") {
        const std::string f = umpire::test::temp_file(shot("mixed", "unit = \"M60A2\"\naspect = \"front\"\nterrain = \"wreck\"\n",
                                                           "{ terrain = \"woods\", touches = \"target\" }, { terrain = \"rough\", touches = \"target\" }"));
        const auto res = umpire::test::run_cli("rule " + f);
        CHECK(res.status == 2);
        CHECK(res.err.find("another obstacle puts it in a woods hex") != std::string::npos);
    }
}

// ---- Wreck layer ------------------------------------------------------------------

namespace {

const umpire::spi_tank::Data& data() { return umpire::test::engine().get<umpire::spi_tank::SpiTank>()->data(); }

umpire::board::Board tank_board(const std::string& text) {
    return umpire::board::parse_board(umpire::parse_toml_string(text, "wrecks.toml"), "wrecks.toml", umpire::spi_tank::board_vocabulary(data()));
}

const char* kBoard =
    "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n"
    "[hexes]\nwoods = [\"0305\", \"0110\", \"0904\"]\nrough = [\"0505\", \"0905\"]\n"
    "[hex_features]\nwreck = [\"0305\", \"0505\", \"0605\", \"0904\"]\n";

std::string on_board(const std::string& file, const std::string& mode, const std::string& from, const std::string& to, const std::string& unit,
                     const std::string& target_keys = "") {
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\nboard = \"" + file + "\"\n[firer]\nunit = \"T62\"\nhex = \"" + from +
           "\"\n[target]\nunit = \"" + unit + "\"\n" + (unit == "infantry" ? "" : "aspect = \"front\"\n") + "hex = \"" + to + "\"\n" + target_keys;
}

}  // namespace

TEST_CASE("8.62 boards: wrecks are a second per-hex layer on the hex's ground, read and written back", "[spi-tank][wrecks][boards]") {
    const auto b = tank_board(kBoard);
    REQUIRE(b.vocabulary.hex_features == std::vector<std::string>{"wreck"});
    // The wreck is not a hex terrain any more: the brushes and the board's [hexes] hold the ground.
    CHECK(std::find(b.vocabulary.hex_terrain.begin(), b.vocabulary.hex_terrain.end(), "wreck") == b.vocabulary.hex_terrain.end());
    for (const auto& [hex, ground, wreck] : std::vector<std::tuple<std::string, std::string, bool>>{
             {"0305", "woods", true}, {"0505", "rough", true}, {"0605", "clear", true}, {"0110", "woods", false}, {"0101", "clear", false}}) {
        INFO(hex);
        CHECK(b.terrain(*b.parse_hex(hex)) == ground);
        CHECK((b.hex_feature(*b.parse_hex(hex)) == 0) == wreck);
    }
    // write_board round-trips the layer.
    const std::string text = umpire::board::write_board(b);
    CHECK(text.find("[hex_features]") != std::string::npos);
    CHECK(umpire::board::equal_boards(b, tank_board(text)));
    // A board that lists wrecks as terrain gets a located error saying where they go.
    try {
        tank_board("system = \"spi-tank\"\ncolumns = 4\nrows = 4\n[hexes]\nwreck = [\"0202\"]\n");
        FAIL("accepted");
    } catch (const umpire::InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics()[0].line == 5);
        CHECK_THAT(e.diagnostics()[0].message, Catch::Contains("list it under [hex_features]"));
    }
    // Painted: the layer is one undoable edit, the ground stays.
    auto p = b;
    umpire::board::EditHistory h;
    CHECK(h.set_hex_feature(p, *p.parse_hex("0110"), 0));
    CHECK(p.terrain(*p.parse_hex("0110")) == "woods");
    CHECK(p.hex_feature(*p.parse_hex("0110")) == 0);
    CHECK(h.undo(p));
    CHECK(p.hex_feature(*p.parse_hex("0110")) == -1);
    // The board view's look: a glyph, never the colour alone.
    const auto* support = umpire::test::engine().get<umpire::spi_tank::SpiTank>()->board_support();
    REQUIRE(support);
    CHECK(!support->look("wreck").glyph.empty());
}

TEST_CASE("10.2/10.6 boards: a wreck obstructs in no mode, woods with a wreck obstructs as woods", "[spi-tank][wrecks][boards][los]") {
    const auto b = tank_board(kBoard);
    struct Row { const char* mode; const char* from; const char* to; umpire::spi_tank::Sight verdict; const char* text; };
    const Row rows[] = {
        {"mixed", "0605", "0601", umpire::spi_tank::Sight::clear, nullptr},                       // from the wreck's own hex
        {"mixed", "0602", "0608", umpire::spi_tank::Sight::clear, "wreck in 0605 does not obstruct"},  // across a wreck on clear ground
        {"closed", "0502", "0508", umpire::spi_tank::Sight::clear, "rough with a wreck in 0505 does not obstruct"},
        {"mixed", "0302", "0308", umpire::spi_tank::Sight::blocked, "woods with a wreck in 0305 blocks (10.22D)"},
        {"open", "0302", "0308", umpire::spi_tank::Sight::clear, "the wreck does not obstruct either (10.6)"},
    };
    for (const Row& r : rows) {
        INFO(r.mode << " " << r.from << " -> " << r.to);
        const auto l = umpire::spi_tank::line_of_sight(b, umpire::spi_tank::los_rules(data(), b, umpire::spi_tank::mode_named(r.mode).value()),
                                                       *b.parse_hex(r.from), *b.parse_hex(r.to));
        CHECK(l.verdict == r.verdict);
        if (r.text) {
            bool found = false;
            for (const auto& it : l.items) found |= it.text.find(r.text) != std::string::npos;
            CHECK(found);
        }
    }
}

TEST_CASE("10.2 random boards: wrecks never change a line of sight, scan or trace", "[spi-tank][wrecks][boards][properties]") {
    std::mt19937 rng(862);
    for (int round = 0; round < 6; ++round) {
        auto with = tank_board("system = \"spi-tank\"\ncolumns = 10\nrows = 8\n");
        umpire::board::EditHistory h;
        std::uniform_int_distribution<int> pick(0, with.hex_count() - 1), dir(0, 5);
        for (int k = 0; k < 25; ++k) h.set_terrain(with, with.hex_at(pick(rng)), int(rng() % with.vocabulary.hex_terrain.size()));
        for (int k = 0; k < 10; ++k) h.set_side(with, with.hex_at(pick(rng)), dir(rng), int(rng() % 2));
        auto without = with;
        for (int k = 0; k < 25; ++k) h.set_hex_feature(with, with.hex_at(pick(rng)), 0);
        for (const char* m : {"closed", "mixed", "open"}) {
            const auto mode = umpire::spi_tank::mode_named(m).value();
            const auto rw = umpire::spi_tank::los_rules(data(), with, mode), ro = umpire::spi_tank::los_rules(data(), without, mode);
            std::vector<umpire::spi_tank::VisibilityCell> cw, co;
            for (int f = 0; f < with.hex_count(); f += 9) {
                umpire::spi_tank::visibility(with, rw, with.hex_at(f), cw);
                umpire::spi_tank::visibility(without, ro, without.hex_at(f), co);
                for (int t = 0; t < with.hex_count(); ++t) {
                    INFO(m << " " << with.name(with.hex_at(f)) << " -> " << with.name(with.hex_at(t)));
                    CHECK(cw[std::size_t(t)].sight == co[std::size_t(t)].sight);
                    if (t % 5 == 0)
                        CHECK(umpire::spi_tank::line_of_sight(with, rw, with.hex_at(f), with.hex_at(t)).verdict == cw[std::size_t(t)].sight);
                }
            }
        }
    }
}

TEST_CASE("10.4/10.31/13.5 boards: the target's hex gives its ground and its wreck, ruled as by hand", "[spi-tank][wrecks][boards][rulings]") {
    const std::string file = umpire::test::temp_file(kBoard);
    struct Row {
        const char* why;
        const char* mode;
        const char* to;
        const char* unit;
        int defense;  // from the chart (10.6) by hand
        bool call;    // two_terrains_vehicle: woods and a wreck both add
        const char* hand_target;  // the same target typed by hand
    };
    const Row rows[] = {
        {"10.4: woods +2 and a wreck +2 (mixed), both (two_terrains_vehicle)", "mixed", "0904", "M60A2", 17 + 2 + 2, true, "terrain = \"woods\"\nwreck = true\n"},
        {"10.4: woods +3 and a wreck +2 (closed)", "closed", "0904", "M60A2", 17 + 3 + 2, true, "terrain = \"woods\"\nwreck = true\n"},
        {"10.4/10.61: open mode, woods as clear: the wreck's +2 only", "open", "0904", "M60A2", 17 + 2, false, "terrain = \"woods\"\nwreck = true\n"},
        {"10.4: a wreck on clear ground", "mixed", "0605", "M60A2", 17 + 2, false, "terrain = \"clear\"\nwreck = true\n"},
        {"10.31/10.6: a soft target, wreck on clear ground: clear 1 + 1, the ground known (no wreck_soft_base call)", "mixed", "0605", "infantry", 1 + 1, false,
         "terrain = \"clear\"\nwreck = true\n"},
        {"10.31/10.6: a soft target in rough with a wreck: 3 + 1", "mixed", "0505", "infantry", 3 + 1, false, "terrain = \"rough\"\nwreck = true\n"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        const auto j = umpire::test::rule_toml(on_board(file, r.mode, "0901", r.to, r.unit));
        CHECK(at(j, "defense_strength").as_int() == r.defense);
        CHECK(at(j, "referee_call").as_bool() == r.call);
        // The same geometry typed by hand, with the board's obstacles on the line, rules alike.
        std::string hand = "system = \"spi-tank\"\nterrain_mode = \"" + std::string(r.mode) + "\"\n[firer]\nunit = \"T62\"\nhex = \"0901\"\n[target]\nunit = \"" +
                           r.unit + "\"\n" + (std::string(r.unit) == "infantry" ? "" : "aspect = \"front\"\n") + "hex = \"" + r.to + "\"\n" + r.hand_target;
        const auto jh = umpire::test::rule_toml(hand + "[line]\n");
        for (const char* key : {"defense_strength", "kill_numbers", "spot_numbers", "referee_call"}) CHECK(at(j, key).dump() == at(jh, key).dump());
    }
    // Typed keys that disagree with the board are bad input naming both; "wreck" (ground unknown)
    // agrees with any hex holding a wreck and takes the board's ground.
    const auto typed = umpire::test::rule_toml(on_board(file, "mixed", "0901", "0904", "M60A2", "terrain = \"wreck\"\n"));
    CHECK(at(typed, "defense_strength").as_int() == 17 + 2 + 2);
    for (const auto& [keys, needle] : std::vector<std::pair<std::string, std::string>>{
             {"wreck = false\n", "target.wreck: is false but on the board"},
             {"terrain = \"wreck\"\n", "is woods (10.6)"}}) {
        const std::string to = keys == "wreck = false\n" ? "0904" : "0110";
        const std::string f = umpire::test::temp_file(on_board(file, "mixed", "0901", to, "M60A2", keys));
        const auto res = umpire::test::run_cli("rule " + f);
        CHECK(res.status == 2);
        CHECK(res.err.find(needle) != std::string::npos);
    }
}

TEST_CASE("8.9 boards: the kill-chance overlay reads each hex's wreck", "[spi-tank][wrecks][boards]") {
    const auto b = tank_board(kBoard);
    const std::string file = umpire::test::temp_file(kBoard);
    umpire::Sink sink("overlay");
    const auto root_table = umpire::parse_toml_string(on_board(file, "mixed", "0901", "0101", "M60A2"), "overlay.toml");
    const umpire::Section root(sink, &root_table, "");
    const auto s = umpire::spi_tank::parse_situation(data(), root, &b);
    REQUIRE(sink.ok());
    for (const auto& [hex, wreck, ground] : std::vector<std::tuple<std::string, bool, std::string>>{
             {"0605", true, "clear"}, {"0904", true, "woods"}, {"0110", false, "woods"}, {"0102", false, "clear"}}) {
        INFO(hex);
        const auto moved = umpire::spi_tank::moved_target(data(), s, b, *b.parse_hex(hex));
        CHECK(moved.wreck == wreck);
        CHECK(moved.terrain == ground);
    }
    // The overlay's ruling counts the wreck (10.4: +2), so the chance there is no higher than
    // with the wreck taken away.
    const auto m = umpire::spi_tank::moved_target(data(), s, b, *b.parse_hex("0605"));
    auto bare = m;
    bare.wreck = false;
    CHECK(at(umpire::spi_tank::rule(data(), m).to_json(), "defense_strength").as_int() ==
          at(umpire::spi_tank::rule(data(), bare).to_json(), "defense_strength").as_int() + 2);
    CHECK(umpire::spi_tank::kill_chance(data(), m) <= umpire::spi_tank::kill_chance(data(), bare));
}
