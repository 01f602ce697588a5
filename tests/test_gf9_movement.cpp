// GF9 TANKS "More Terrain", movement: every impassable / single-move entry of the text and
// each exception (roads, bridges, fords, amphibious), the silent combinations with their
// documented choices, and moves that meet several terrain features.
#include <catch2/catch.hpp>

#include "test_gf9_support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::strings;
namespace g = umpire::test::gf9_tanks;

namespace {

struct MoveCase {
    const char* name;
    const char* body;  // [move] body
    const char* movement;
    bool referee_call;
    const char* cites;
};

void check(const MoveCase& c) {
    INFO(c.name);
    const auto j = umpire::test::rule_toml(g::move(c.body));
    INFO(at(j, "explanation").dump());
    CHECK(at(j, "system").as_string() == "gf9-tanks");
    CHECK(at(j, "movement").as_string() == c.movement);
    CHECK(at(j, "referee_call").as_bool() == c.referee_call);
    CHECK(contains(strings(at(j, "citations")), c.cites));
}

}  // namespace

TEST_CASE("gf9 movement: each terrain sentence", "[gf9-tanks][gf9-movement]") {
    const MoveCase cases[] = {
        // HILLS, last bullet.
        {"GF9-hills 7: hills have no effect on movement", R"(terrain = ["hill"])", "normal", false, "GF9-hills"},
        {"GF9-hills 7: an amphibious vehicle on a hill: normal", "terrain = [\"hill\"]\namphibious = true", "normal", false, "GF9-hills"},
        {"GF9-core: open ground moves normally", R"(terrain = ["open"])", "normal", false, "GF9-core"},
        {"GF9-core: a move that meets no terrain moves normally", "terrain = []", "normal", false, "GF9-core"},
        // ROUGH GROUND or DESERT.
        {"GF9-rough 1: into/through/out of rough ground: single move", R"(terrain = ["rough"])", "single-move", false, "GF9-rough"},
        {"GF9-rough 1: desert: single move", "terrain = [\"desert\"]\nvia = \"none\"", "single-move", false, "GF9-rough"},
        {"GF9-rough 2: along a road through rough ground: normal", "terrain = [\"rough\"]\nvia = \"road\"", "normal", false, "GF9-rough"},
        {"GF9-rough 2: along a road through desert: normal", "terrain = [\"desert\"]\nvia = \"road\"", "normal", false, "GF9-rough"},
        {"GF9-rough 2: a bridge is not a road: single move", "terrain = [\"rough\"]\nvia = \"bridge\"", "single-move", false, "GF9-rough"},
        {"GF9-rough 2: a ford is not a road: single move", "terrain = [\"desert\"]\nvia = \"ford\"", "single-move", false, "GF9-rough"},
        {"GF9-rough 1: amphibious is no exception: single move", "terrain = [\"rough\"]\namphibious = true", "single-move", false, "GF9-rough"},
        // CREEKS.
        {"GF9-creeks 1-2: any vehicle crosses a creek anywhere, single move", R"(terrain = ["creek"])", "single-move", false, "GF9-creeks"},
        {"GF9-creeks 2: a ford in a creek is still the creek: single move", "terrain = [\"creek\"]\nvia = \"ford\"", "single-move", false, "GF9-creeks"},
        {"GF9-creeks 2: a road has no exception at a creek: single move", "terrain = [\"creek\"]\nvia = \"road\"", "single-move", false, "GF9-creeks"},
        {"GF9-creeks choice: a bridge over a creek keeps the single move (referee's call)", "terrain = [\"creek\"]\nvia = \"bridge\"",
         "single-move", true, "GF9-creeks"},
        {"GF9-creeks 1: amphibious: still a single move", "terrain = [\"creek\"]\namphibious = true", "single-move", false, "GF9-creeks"},
        // RIVERS.
        {"GF9-rivers 1: rivers are impassable", R"(terrain = ["river"])", "impassable", false, "GF9-rivers"},
        {"GF9-rivers 1: a road is not a bridge or ford: impassable", "terrain = [\"river\"]\nvia = \"road\"", "impassable", false, "GF9-rivers"},
        {"GF9-rivers 2: onto, over or off a bridge: single move", "terrain = [\"river\"]\nvia = \"bridge\"", "single-move", false, "GF9-rivers"},
        {"GF9-rivers 3: into, through or out of a ford: single move", "terrain = [\"river\"]\nvia = \"ford\"", "single-move", false, "GF9-rivers"},
        {"GF9-rivers 4-5: amphibious crosses anywhere, single move", "terrain = [\"river\"]\namphibious = true", "single-move", false, "GF9-rivers"},
        {"GF9-rivers 4-5: amphibious with a road (no bridge): swims, single move",
         "terrain = [\"river\"]\nvia = \"road\"\namphibious = true", "single-move", false, "GF9-rivers"},
        {"GF9-rivers 2: amphibious taking a bridge: the bridge's single move",
         "terrain = [\"river\"]\nvia = \"bridge\"\namphibious = true", "single-move", false, "GF9-rivers"},
        {"GF9-rivers 4: not amphibious, no crossing: impassable", "terrain = [\"river\"]\namphibious = false", "impassable", false, "GF9-rivers"},
        // SWAMPS.
        {"GF9-swamps 1: swamps are impassable", R"(terrain = ["swamp"])", "impassable", false, "GF9-swamps"},
        {"GF9-swamps 2: along a road through a swamp: normal", "terrain = [\"swamp\"]\nvia = \"road\"", "normal", false, "GF9-swamps"},
        {"GF9-swamps 2: a bridge is not a road: impassable", "terrain = [\"swamp\"]\nvia = \"bridge\"", "impassable", false, "GF9-swamps"},
        {"GF9-swamps 1: amphibious is no exception: impassable", "terrain = [\"swamp\"]\namphibious = true", "impassable", false, "GF9-swamps"},
        // CANALS.
        {"GF9-canals 1: canals are impassable", R"(terrain = ["canal"])", "impassable", false, "GF9-canals"},
        {"GF9-canals 1: a ford is not a bridge: impassable", "terrain = [\"canal\"]\nvia = \"ford\"", "impassable", false, "GF9-canals"},
        {"GF9-canals 1: a road is not a bridge: impassable", "terrain = [\"canal\"]\nvia = \"road\"", "impassable", false, "GF9-canals"},
        {"GF9-canals 2: onto, over or off a bridge: single move", "terrain = [\"canal\"]\nvia = \"bridge\"", "single-move", false, "GF9-canals"},
        {"GF9-canals 3: no amphibious crossing of a canal", "terrain = [\"canal\"]\namphibious = true", "impassable", false, "GF9-canals"},
        {"GF9-canals 2-3: an amphibious vehicle may still use a bridge", "terrain = [\"canal\"]\nvia = \"bridge\"\namphibious = true",
         "single-move", false, "GF9-canals"},
        // ANTI-TANK DITCHES.
        {"GF9-ditches 1: anti-tank ditches are impassable", R"(terrain = ["anti-tank-ditch"])", "impassable", false, "GF9-ditches"},
        {"GF9-ditches 1: to all vehicles: amphibious too", "terrain = [\"Anti Tank Ditch\"]\namphibious = true", "impassable", false, "GF9-ditches"},
        {"GF9-ditches 1: to all vehicles: by road or bridge too", "terrain = [\"anti-tank-ditch\"]\nvia = [\"road\", \"bridge\"]",
         "impassable", false, "GF9-ditches"},
        // ESCARPMENTS.
        {"GF9-escarpments 1: escarpments are impassable", R"(terrain = ["escarpment"])", "impassable", false, "GF9-escarpments"},
        {"GF9-escarpments 1: by road too", "terrain = [\"escarpment\"]\nvia = \"road\"", "impassable", false, "GF9-escarpments"},
        // LARGE BODIES OF WATER.
        {"GF9-water 1: large water is impassable", R"(terrain = ["water"])", "impassable", false, "GF9-water"},
        {"GF9-water 1-2: amphibious may enter, single move", "terrain = [\"water\"]\namphibious = true", "single-move", false, "GF9-water"},
        {"GF9-water 1: a bridge is no exception: impassable", "terrain = [\"water\"]\nvia = \"bridge\"", "impassable", false, "GF9-water"},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("gf9 movement: several terrain features in one move (most restrictive)", "[gf9-tanks][gf9-movement]") {
    const MoveCase cases[] = {
        {"GF9-rough + GF9-rivers: rough ground then a bridge: single move", "terrain = [\"rough\", \"river\"]\nvia = \"bridge\"",
         "single-move", false, "GF9-rivers"},
        {"GF9-rough + GF9-swamps: rough then swamp: impassable", R"(terrain = ["rough", "swamp"])", "impassable", false, "GF9-swamps"},
        {"GF9-swamps + GF9-canals: road through a swamp to a bridge over a canal: single move",
         "terrain = [\"swamp\", \"canal\"]\nvia = [\"road\", \"bridge\"]", "single-move", false, "GF9-canals"},
        {"GF9-swamps + GF9-canals: road through a swamp, no bridge: impassable", "terrain = [\"swamp\", \"canal\"]\nvia = \"road\"",
         "impassable", false, "GF9-canals"},
        {"GF9-rough + GF9-hills: road through desert onto a hill: normal", "terrain = [\"desert\", \"hill\", \"open\"]\nvia = \"road\"",
         "normal", false, "GF9-rough"},
        {"GF9-rivers + GF9-water: amphibious from a river into a lake: single move",
         "terrain = [\"river\", \"water\"]\namphibious = true", "single-move", false, "GF9-water"},
        {"GF9-canals + GF9-rivers: amphibious over a river and a canal: impassable (canal)",
         "terrain = [\"river\", \"canal\"]\namphibious = true", "impassable", false, "GF9-canals"},
        {"GF9-creeks twice: two creeks: single move", R"(terrain = ["creek", "creek"])", "single-move", false, "GF9-creeks"},
        {"GF9-rivers: bridge and ford both declared: single move", "terrain = [\"river\"]\nvia = [\"bridge\", \"ford\"]",
         "single-move", false, "GF9-rivers"},
        // The creek-bridge call matters only where the creek decides the move: the other reading
        // (a bridge lifts the creek's limit) changes nothing when another terrain limits it as much.
        {"GF9-creeks + GF9-rough: bridge over a creek, then rough: single move either way (no call)",
         "terrain = [\"creek\", \"rough\"]\nvia = \"bridge\"", "single-move", false, "GF9-rough"},
        {"GF9-creeks + GF9-swamps: bridge over a creek into a swamp: impassable either way (no call)",
         "terrain = [\"creek\", \"swamp\"]\nvia = \"bridge\"", "impassable", false, "GF9-swamps"},
        {"GF9-creeks choice + GF9-hills: bridge over a creek onto a hill: the creek decides (referee's call)",
         "terrain = [\"creek\", \"hill\", \"open\"]\nvia = \"bridge\"", "single-move", true, "GF9-creeks"},
        {"GF9-creeks choice + GF9-rivers: a bridge over a creek and another over a river: single move either way (no call)",
         "terrain = [\"creek\", \"river\"]\nvia = \"bridge\"", "single-move", false, "GF9-creeks"},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("gf9 movement: by_terrain, verdicts and explanation", "[gf9-tanks][gf9-movement]") {
    const auto r = umpire::test::rule_ruling(g::move("terrain = [\"rough\", \"river\"]\nvia = \"ford\""));
    CHECK(r.verdict == "SINGLE MOVE ONLY");
    CHECK(r.tone == umpire::Tone::caution);
    const auto j = r.to_json();
    const auto& by = at(j, "by_terrain");
    REQUIRE(by.is_array());
    REQUIRE(by.as_array().size() == 2);
    CHECK(at(by.as_array()[0], "terrain").as_string() == "rough");
    CHECK(at(by.as_array()[0], "condition").as_string() == "none");
    CHECK(at(by.as_array()[0], "movement").as_string() == "single-move");
    CHECK(at(by.as_array()[1], "condition").as_string() == "ford");
    CHECK(at(by.as_array()[1], "rule").as_string() == "GF9-rivers");
    CHECK(g::explanation_text(j).find("Rough ground: a ford is no exception here") != std::string::npos);
    CHECK(g::explanation_text(j).find("most restrictive") != std::string::npos);
    REQUIRE(r.fields.size() >= 1);
    CHECK(r.fields[0].first == "movement");

    const auto i = umpire::test::rule_ruling(g::move("terrain = [\"anti-tank-ditch\"]"));
    CHECK(i.verdict == "IMPASSABLE");
    CHECK(i.tone == umpire::Tone::bad);
    CHECK(i.detail.find("GF9-ditches") != std::string::npos);
    const auto n = umpire::test::rule_ruling(g::move("terrain = [\"swamp\"]\nvia = \"road\""));
    CHECK(n.verdict == "NORMAL MOVE");
    CHECK(n.tone == umpire::Tone::good);
    // The creek-bridge choice explains itself.
    const auto c = umpire::test::rule_ruling(g::move("terrain = [\"creek\"]\nvia = \"bridge\""));
    REQUIRE(c.referee_reasons.size() == 1);
    CHECK(c.referee_reasons[0].find("no bridge exception") != std::string::npos);
}
