// TANK! target defense strength: vehicles (8.7 aspect + 10.4/10.6 terrain), soft targets (10.31
// terrain, 14.41 improved positions), berm and slope hexsides of the target's hex (10.5, 10.61),
// the open mode (10.61: rough, woods, berm as clear), the wreck hex for soft targets ([choices]).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Chart          the Terrain Effects Chart 10.6 additions, transcribed for the test
//   Tests          vehicle aspect x terrain x behind x mode; soft unit x terrain x improved position
//                  x behind x mode; vehicles gain nothing from improved positions (14.0); aspect
//                  required for vehicles, ignored for soft targets (7.31)
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "games/spi_tank/rules.hpp"
#include "spi_tank_shot.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::ints;
using umpire::test::strings;

namespace {

using namespace umpire::test::spi_tank;  // Shot, NUL, iv, upto, rule

const char* modes[] = {"closed", "mixed", "open"};
const char* terrains[] = {"clear", "rough", "woods", "wreck"};
const char* behinds[] = {"none", "berm", "slope"};

// 10.6, "Defense Effect On Vehicle Target": additions to the aspect strength.
int vehicle_terrain_add(const std::string& mode, const std::string& terrain) {
    if (terrain == "woods") return mode == "closed" ? 3 : mode == "mixed" ? 2 : 0;  // open: as clear (10.61)
    if (terrain == "wreck") return 2;                                               // all modes
    return 0;                                                                       // clear, rough: none
}
// 10.6, "Defense Effect On Soft Target": the hex's strength (wreck: [choices] clear 1 + wreck 1).
int soft_terrain(const std::string& mode, const std::string& terrain) {
    if (terrain == "rough" || terrain == "woods") return mode == "open" ? 1 : 3;  // open: as clear (10.61)
    if (terrain == "wreck") return 1 + 1;
    return 1;
}
// 10.6/10.61: a berm (closed +6, mixed +3, open ignored) or slope (+6, all modes) hexside of the
// target's own hex through which all fire comes; the same for vehicles and soft targets.
int behind_add(const std::string& mode, const std::string& behind) {
    if (behind == "berm") return mode == "closed" ? 6 : mode == "mixed" ? 3 : 0;
    if (behind == "slope") return 6;
    return 0;
}

}  // namespace

TEST_CASE("spi-tank 8.7/10.4/10.5/10.61: vehicle defense = aspect + hex terrain + berm/slope, in every mode",
          "[spi-tank][defense]") {
    // T34/85: front 11, side 8, rear 6 (17.4). Firer M60A2, AP 30, range 5.
    const std::map<std::string, int> aspect = {{"front", 11}, {"side", 8}, {"rear", 6}};
    for (const char* mode : modes)
        for (const char* terrain : terrains)
            for (const char* behind : behinds)
                for (const auto& [asp, base] : aspect) {
                    const int expected = base + vehicle_terrain_add(mode, terrain) + behind_add(mode, behind);
                    INFO("8.7/10.6 " << mode << ": T34/85 " << asp << " in " << terrain << ", behind " << behind
                                     << " -> " << expected);
                    const auto j = rule(Shot().mode(mode).firer("M60A2").vehicle("T34/85", asp, terrain).behind(behind).range(5));
                    INFO(j.dump());
                    CHECK(at(j, "attack_type").as_string() == "AP");
                    CHECK(iv(at(j, "defense_strength")) == expected);
                    CHECK(iv(at(j, "attack_differential")) == 30 - expected);
                    CHECK(at(j, "los").as_string() == "clear");  // the berm/slope is a side of the target's own hex (10.22A)
                    // Clear and woods are decided by the chart (rough and wreck touch a spotting
                    // choice; see test_spi_tank_spotting.cpp).
                    if (std::string(terrain) == "clear" || std::string(terrain) == "woods")
                        CHECK(at(j, "referee_call").as_bool() == false);
                    const auto cites = strings(at(j, "citations"));
                    CHECK(contains(cites, "8.7"));
                    if (std::string(behind) == "slope") CHECK(contains(cites, "10.5"));
                }
}

TEST_CASE("spi-tank 10.31/14.41/10.61: soft-target defense = hex terrain, or 12 in an improved position, + berm/slope",
          "[spi-tank][defense]") {
    // Firer T55, HE 10, range 5.
    for (const char* unit : {"infantry", "75AT"})
        for (const char* mode : modes)
            for (const char* terrain : terrains)
                for (bool ip : {false, true})
                    for (const char* behind : behinds) {
                        // 14.41: constant 12 whatever the terrain, raised only by a berm/slope it is behind.
                        const int expected = (ip ? 12 : soft_terrain(mode, terrain)) + behind_add(mode, behind);
                        INFO((ip ? "14.41 " : "10.31 ") << mode << ": " << unit << " in " << terrain
                                                        << (ip ? " (improved position)" : "") << ", behind " << behind
                                                        << " -> " << expected);
                        const auto j = rule(Shot().mode(mode).soft(unit, terrain, ip).behind(behind).range(5));
                        INFO(j.dump());
                        CHECK(at(j, "attack_type").as_string() == "HE");
                        CHECK(iv(at(j, "attack_strength")) == 10);
                        CHECK(iv(at(j, "defense_strength")) == expected);
                        CHECK(iv(at(j, "attack_differential")) == 10 - expected);
                        CHECK(at(j, "fire_permitted").as_bool() == (expected <= 10));
                        // The wreck's soft defense is [choices] wreck_soft_base (a referee's call), but
                        // not in an improved position, whose 12 ignores the terrain (14.41).
                        const bool call = std::string(terrain) == "wreck" && !ip;
                        CHECK(at(j, "referee_call").as_bool() == call);
                        const auto cites = strings(at(j, "citations"));
                        // The deciding rule: 14.41 (improved position), 10.6 (the wreck's chart entry),
                        // 10.61 (open mode: rough and woods as clear), else 10.31.
                        const std::string t = terrain;
                        const char* rule_id = ip ? "14.41"
                                              : t == "wreck" ? "10.6"
                                              : (std::string(mode) == "open" && (t == "rough" || t == "woods")) ? "10.61"
                                                                                                              : "10.31";
                        INFO("citation " << rule_id);
                        CHECK(contains(cites, rule_id));
                    }
}

TEST_CASE("spi-tank 10.6 worked cells: a few defenses written out", "[spi-tank][defense]") {
    struct Case {
        const char* name;
        Shot shot;
        int defense;
        std::vector<int> kills;
    };
    const Case cases[] = {
        // T55 AP 20 at range 12 (8.91 row 11-15).
        {"10.6 closed: JS II side 9 + woods 3 + berm 6 = 18; 2 -> 1", Shot().mode("closed").vehicle("JS II", "side", "woods").behind("berm").range(12), 18, upto(1)},
        {"10.6 mixed: JS II side 9 + woods 2 + berm 3 = 14; 6 -> 1-5", Shot().mode("mixed").vehicle("JS II", "side", "woods").behind("berm").range(12), 14, upto(5)},
        {"10.61 open: JS II side 9, woods and berm ignored; 11 -> col 10 -> 1-9", Shot().mode("open").vehicle("JS II", "side", "woods").behind("berm").range(12), 9, upto(9)},
        {"10.5 open: JS II side 9 + slope 6 = 15; 5 -> 1-4", Shot().mode("open").vehicle("JS II", "side").behind("slope").range(12), 15, upto(4)},
        {"10.6 wreck (all modes): JS II rear 6 + 2 = 8 in open; 12 -> 1-9", Shot().mode("open").vehicle("JS II", "rear", "wreck").range(12), 8, upto(9)},
        {"14.41 closed: infantry in an IP in woods behind a berm 12 + 6 = 18 > HE 10: no attack", Shot().mode("closed").soft("infantry", "woods", true).behind("berm").range(12), 18, {}},
        {"10.31 closed: 88AT in rough 3; 7 -> 1-6", Shot().mode("closed").soft("88AT", "rough").range(12), 3, upto(6)},
        {"10.61 open: 88AT in rough as clear 1; 9 -> 1-8", Shot().mode("open").soft("88AT", "rough").range(12), 1, upto(8)},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = rule(c.shot);
            INFO(j.dump());
            CHECK(iv(at(j, "defense_strength")) == c.defense);
            CHECK(ints(at(j, "kill_numbers")) == c.kills);
        }
    }
}

TEST_CASE("spi-tank 14.0: an improved position gives a vehicle nothing", "[spi-tank][defense]") {
    for (const char* mode : modes) {
        auto s = Shot().mode(mode).firer("M60A2").vehicle("T34/85", "rear").range(5);
        s.ip_ = true;
        const auto j = rule(s);
        INFO(j.dump());
        CHECK(iv(at(j, "defense_strength")) == 6);
        CHECK(at(j, "referee_call").as_bool() == false);
    }
}

TEST_CASE("spi-tank 7.31: aspect does not change a soft target's defense", "[spi-tank][defense]") {
    for (const char* asp : {"front", "side", "rear"}) {
        auto s = Shot().mode("mixed").soft("infantry", "woods").range(5);
        s.aspect_ = asp;
        const auto j = rule(s);
        CHECK(iv(at(j, "defense_strength")) == 3);
    }
}

TEST_CASE("spi-tank 8.7: a vehicle target needs its aspect -- a bad aspect names the accepted ones (exit 2)",
          "[spi-tank][defense]") {
    auto missing = Shot().vehicle("T34/85", "");
    auto r = umpire::test::run_cli("rule - --json", missing.toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("aspect") != std::string::npos);
    auto wrong = Shot().vehicle("T34/85", "top");
    r = umpire::test::run_cli("rule - --json", wrong.toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("aspect") != std::string::npos);
    CHECK(r.err.find("front") != std::string::npos);
    CHECK(r.err.find("rear") != std::string::npos);
    auto terrain = Shot().vehicle("T34/85", "side", "swamp");
    r = umpire::test::run_cli("rule - --json", terrain.toml());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("terrain") != std::string::npos);
    CHECK(r.err.find("woods") != std::string::npos);
}

TEST_CASE("spi-tank situation: an unknown key in [target] is bad input, not silently ignored (exit 2)", "[spi-tank][defense]") {
    std::string s = Shot().vehicle("T34/85", "side").toml();
    s.replace(s.find("behind = \"none\""), 15, "behind = \"none\"\nhull_down = true");
    const auto r = umpire::test::run_cli("rule - --json", s);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("hull_down") != std::string::npos);
}

TEST_CASE("spi-tank 10.6/10.61: a berm hexside of the target's hex on the line adds to defense even without target.behind",
          "[spi-tank][defense]") {
    // 10.6's note: the berm addition goes to a unit receiving fire through a berm hexside of the
    // hex it occupies. A berm obstacle on the line touching the target is that hexside, for a
    // single firer. Found by an independent review: the obstacle made the target concealed for
    // spotting (13.5) but added nothing to its defense.
    struct Case { const char* mode; const char* touches; const char* behind; int expected; };
    const Case cases[] = {
        // Pz V front 11 (17.4); closed berm +6, mixed +3, open ignored (10.61)
        {"closed", "target", "none", 17}, {"mixed", "target", "none", 14}, {"open", "target", "none", 11},
        {"closed", "both", "none", 17},                  // adjacent units across a berm (range 1): still the target's hexside
        {"closed", "firer", "none", 11},                 // the firer's own hexside: nothing for the target
        {"closed", "target", "berm", 17},                // said twice, added once
        {"closed", "target", "slope", 17},               // behind = slope decides (+6), not added to the berm
    };
    for (const auto& c : cases) {
        INFO(c.mode << ": berm hexside touching " << c.touches << ", behind " << c.behind << " -> " << c.expected);
        const int range = std::string(c.touches) == "both" ? 1 : 12;
        const auto j = rule(Shot().mode(c.mode).firer("T55").vehicle("Pz V", "front").behind(c.behind).range(range)
                                .obstacle("berm", "hexside", c.touches));
        INFO(j.dump());
        CHECK(iv(at(j, "defense_strength")) == c.expected);
        CHECK(iv(at(j, "attack_differential")) == 20 - c.expected);  // T55 AP 20
    }
    // Along the hexside (10.23), not through it: no addition.
    const auto along = rule(Shot().mode("closed").firer("T55").vehicle("Pz V", "front").range(12)
                                .obstacle("berm", "along-hexside", "target"));
    CHECK(iv(at(along, "defense_strength")) == 11);
    // A slope hexside on the line needs the target on its sloped side, which only target.behind
    // says (10.5): no addition, and the ruling says how to give it.
    const auto slope = rule(Shot().mode("closed").firer("T55").vehicle("Pz V", "front").range(12)
                                .obstacle("slope", "hexside", "target"));
    INFO(slope.dump());
    CHECK(iv(at(slope, "defense_strength")) == 11);
    CHECK(slope.dump().find("target.behind") != std::string::npos);
    // Combined HE needs all the fire through the berm (10.6): the [firer]'s line alone does not say so.
    const auto combined = rule(Shot().mode("closed").firer("T55").soft("infantry").range(5).extra("T62", 6)
                                   .obstacle("berm", "hexside", "target"));
    INFO(combined.dump());
    CHECK(iv(at(combined, "defense_strength")) == 1);
    const auto single = rule(Shot().mode("closed").firer("T55").soft("infantry").range(5).obstacle("berm", "hexside", "target"));
    CHECK(iv(at(single, "defense_strength")) == 1 + 6);
}

TEST_CASE("spi-tank 10.6: a defense read from the Terrain Effects Chart cites 10.6 (vehicle additions, soft-target strengths)",
          "[spi-tank][defense]") {
    // 10.4 and 10.31 send the reader to the chart (10.6) for the number; the ruling cites the chart
    // beside them. Found by an independent review: a woods addition cited only 10.4, a soft
    // target's terrain strength only 10.31.
    struct Case { const char* mode; bool soft; const char* terrain; int defense; const char* also; };
    const Case cases[] = {
        {"closed", false, "woods", 6 + 3, "10.4"},   // T34/85 rear 6 + woods 3
        {"mixed",  false, "woods", 6 + 2, "10.4"},   // + woods 2
        {"open",   false, "wreck", 6 + 2, "10.4"},   // + wreck 2 (all modes)
        {"closed", true,  "clear", 1, "10.31"},      // infantry: clear 1
        {"closed", true,  "rough", 3, "10.31"},      // rough 3
        {"mixed",  true,  "woods", 3, "10.31"},      // woods 3
        {"open",   true,  "woods", 1, "10.61"},      // open mode: woods as clear
    };
    for (const auto& c : cases) {
        INFO(c.mode << (c.soft ? " infantry in " : " T34/85 rear in ") << c.terrain << " -> " << c.defense);
        const Shot s = c.soft ? Shot().mode(c.mode).soft("infantry", c.terrain).range(5)
                              : Shot().mode(c.mode).firer("M60A2").vehicle("T34/85", "rear", c.terrain).range(5);
        const auto j = rule(s);
        INFO(j.dump());
        CHECK(iv(at(j, "defense_strength")) == c.defense);
        const auto cites = strings(at(j, "citations"));
        CHECK(contains(cites, "10.6"));
        CHECK(contains(cites, c.also));
    }
}

TEST_CASE("spi-tank 10.22A/10.6: adjacent units, a berm hexside given without touches adds to the defense as in the file",
          "[spi-tank][defense]") {
    // At range 1 the only hexside on the line is the one both hexes share (10.22A), so a berm there
    // is a berm hexside of the target's hex and adds to its defense (10.6's note). The parser fixes
    // `touches`; the window builds the Situation itself, so the engine must do the same.
    const auto& d = umpire::test::engine().get<umpire::spi_tank::SpiTank>()->data();
    umpire::spi_tank::Situation s;
    s.firer = "T62";
    s.target = "M60A2";
    s.aspect = umpire::spi_tank::Aspect::front;
    s.range = 1;
    s.obstacles.push_back({"berm", umpire::spi_tank::At::hexside, umpire::spi_tank::Touches::none});
    const auto direct = umpire::spi_tank::rule(d, s).to_json();
    INFO(direct.dump());
    const auto file = rule(Shot().firer("T62").vehicle("M60A2", "front").range(1).obstacle("berm", "hexside", "target"));
    INFO(file.dump());
    CHECK(at(direct, "los").as_string() == "clear");
    CHECK(iv(at(direct, "defense_strength")) == iv(at(file, "defense_strength")));
    CHECK(iv(at(direct, "defense_strength")) > 17);  // M60A2 front 17 plus the berm
}
