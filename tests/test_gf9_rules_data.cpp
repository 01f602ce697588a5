// GF9 TANKS rules data (rules-data/gf9-tanks.toml): the shipped file loads; a club's
// edits change rulings without code (house rules as data); broken edits are rejected
// by `umpire-cli check-data` with FILE:LINE:COL lines naming the key.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/gf9_tanks/rules.hpp"
#include "test_gf9_support.hpp"

namespace fs = std::filesystem;
namespace g = umpire::test::gf9_tanks;
using umpire::test::at;

namespace {

// A copy of the shipped rules-data with gf9-tanks.toml edited: `from` replaced by `to`.
fs::path edited_copy(const std::string& from, const std::string& to) {
    return umpire::test::rules_data_copy("gf9-tanks.toml", from, to);
}

}  // namespace

TEST_CASE("gf9 rules-data: the shipped file loads and says what the text says", "[gf9-tanks][gf9-rules-data]") {
    const auto* sys = umpire::test::engine().get<umpire::gf9_tanks::Gf9Tanks>();
    REQUIRE(sys);
    const auto& d = sys->data();
    CHECK(d.terrain.size() == 11);
    CHECK(d.terrain_names().front() == "open");  // file order, not toml++'s sorted order
    CHECK(d.severity == std::vector<umpire::gf9_tanks::Effect>{umpire::gf9_tanks::Effect::normal, umpire::gf9_tanks::Effect::single_move,
                                                         umpire::gf9_tanks::Effect::impassable});
    CHECK(d.hills.rows.size() == 4);
    REQUIRE(d.escarpments.cases.size() == 2);
    CHECK(d.escarpments.cases[0].by_more_than == Approx(0.0));
    CHECK(d.escarpments.counts_as == umpire::gf9_tanks::OnHill::wholly);
    CHECK(d.find_terrain("river")->cell("ford")->effect == umpire::gf9_tanks::Effect::single_move);
    CHECK(d.find_terrain("canal")->cell("amphibious")->effect == umpire::gf9_tanks::Effect::impassable);
    CHECK(d.find_terrain("canal")->cell("ford") == nullptr);
    CHECK(d.find_terrain("hill")->shooting.has_value() == false);
    for (const auto& t : d.terrain)
        for (const auto& [cond, cell] : t.cells) CHECK(d.citations.count(cell.rule) == 1);
    const auto r = umpire::test::run_cli("check-data " + std::string(UMPIRE_SOURCE_RULES_DATA));
    CHECK(r.status == 0);
    CHECK(r.out.find("gf9-tanks.toml  (gf9-tanks)") != std::string::npos);
}

TEST_CASE("gf9 rules-data: a club changes a house rule by editing the data", "[gf9-tanks][gf9-rules-data]") {
    struct Edit {
        const char* name;
        const char* from;
        const char* to;
        std::string situation;
        const char* key;
        const char* expect;
    };
    const Edit edits[] = {
        {"rough ground no longer slows (GF9-rough)",
         "none = { effect = \"single-move\", says = \"moving into, through or out of rough ground",
         "none = { effect = \"normal\", says = \"moving into, through or out of rough ground", g::move("terrain = [\"rough\"]"),
         "movement", "normal"},
        {"fords over canals (GF9-canals)", "bridge = { effect = \"single-move\", says = \"moving onto, over or off a bridge allows a single move only\" }\namphibious = { effect = \"impassable\"",
         "bridge = { effect = \"single-move\", says = \"moving onto, over or off a bridge allows a single move only\" }\nford = { effect = \"single-move\", says = \"club rule: canal fords\" }\namphibious = { effect = \"impassable\"",
         g::move("terrain = [\"canal\"]\nvia = \"ford\""), "movement", "single-move"},
        {"a 1-inch escarpment tolerance: 0.5\" closer no longer blocks", "blocked_when = \"target-closer\"\nby_more_than = 0.0",
         "blocked_when = \"target-closer\"\nby_more_than = 1.0",
         g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true",
                "firer_distance_to_escarpment = 4.5\ntarget_distance_to_escarpment = 4.0"),
         "los", "clear"},
        {"partly on a hill is enough for hill to hill", "firer = [\"wholly\"]\ntarget = [\"wholly\"]",
         "firer = [\"partly\", \"wholly\"]\ntarget = [\"wholly\"]", g::los("on_hill = \"partly\"", "on_hill = \"wholly\"", "hills_between = 1"),
         "los", "clear"},
        {"swamps give cover to shots across them", "shooting = { effect = \"none\", says = \"swamps do not affect shooting\" }",
         "shooting = { effect = \"cover\", says = \"club rule: swamp mist\" }",
         g::los("on_hill = \"no\"", "on_hill = \"no\"", "terrain = [\"swamp\"]"), "cover", "true"},
        {"a new via, causeway, through swamps", "vias = [\"bridge\", \"ford\", \"road\"]", "vias = [\"bridge\", \"ford\", \"road\", \"causeway\"]",
         g::move("terrain = [\"swamp\"]\nvia = \"causeway\""), "movement", "impassable"},
    };
    for (const auto& e : edits) {
        INFO(e.name);
        const fs::path dir = edited_copy(e.from, e.to);
        const auto check = umpire::test::run_cli("check-data " + dir.string());
        INFO(check.err);
        CHECK(check.status == 0);
        const auto r = umpire::test::run_cli("--rules-data " + dir.string() + " rule - --json", e.situation);
        INFO(r.err);
        REQUIRE(r.status == 0);
        CHECK(r.out.find(std::string("\"") + e.key + "\":" + (std::string(e.expect) == "true" ? "true" : "\"" + std::string(e.expect) + "\"")) !=
              std::string::npos);
        // The shipped data rules the same situation differently.
        const auto shipped = umpire::test::run_cli("rule - --json", e.situation);
        if (std::string(e.name).find("causeway") == std::string::npos)
            CHECK(shipped.out.find(std::string("\"") + e.key + "\":" + (std::string(e.expect) == "true" ? "true" : "\"" + std::string(e.expect) + "\"")) ==
                  std::string::npos);
        fs::remove_all(dir);
    }
}

TEST_CASE("gf9 rules-data: broken edits are rejected with FILE:LINE:COL", "[gf9-tanks][gf9-rules-data]") {
    struct Broken {
        const char* name;
        const char* from;
        const char* to;
        const char* needle;
    };
    const Broken cases[] = {
        {"unknown effect name", "none = { effect = \"impassable\", says = \"swamps", "none = { effect = \"slow\", says = \"swamps",
         "movement.terrain.swamp.none.effect: unknown name \"slow\" (accepted: normal, single-move or impassable)"},
        {"effect wrong type", "none = { effect = \"impassable\", says = \"canals", "none = { effect = 2, says = \"canals",
         "movement.terrain.canal.none.effect: expected a name"},
        {"uncited rule", "rule = \"GF9-water\"", "rule = \"GF9-lakes\"", "rule: unknown citation \"GF9-lakes\""},
        {"typo in a condition key", "bridge = { effect = \"single-move\", says = \"moving onto, over or off a bridge allows a single move only\" }\nford",
         "brige = { effect = \"single-move\", says = \"x\" }\nford", "movement.terrain.river.brige: unknown key (accepted keys here: label, rule, none, amphibious, shooting, bridge, ford, road)"},
        {"a terrain without its none cell", "none = { effect = \"impassable\", says = \"escarpments", "nothing = { effect = \"impassable\", says = \"escarpments",
         "movement.terrain.escarpment.none: missing required key (expected a table)"},
        {"a required terrain removed", "[movement.terrain.water]", "[movement.terrain.lake]", "must define terrain \"water\""},
        {"severity incomplete", "severity = [\"normal\", \"single-move\", \"impassable\"]", "severity = [\"normal\", \"impassable\"]",
         "movement.severity: must list each of normal, single-move and impassable exactly once"},
        {"a required via removed", "vias = [\"bridge\", \"ford\", \"road\"]", "vias = [\"bridge\", \"road\"]", "movement.vias: must include \"ford\""},
        {"none as a via", "vias = [\"bridge\", \"ford\", \"road\"]", "vias = [\"bridge\", \"ford\", \"road\", \"none\"]",
         "movement.vias: \"none\" cannot be a via name"},
        {"hills table incomplete", "between = [\"some\"]\nhidden = [\"fully\"]", "between = [\"some\"]\nhidden = [\"fully\"]\nfirer = [\"no\"]",
         "los.hills.row: no row decides"},
        {"hills row with an unknown value (the second row: hill to hill comes first)", "between = [\"none\"]", "between = [\"nil\"]",
         "los.hills.row[1].between[0]: unknown name \"nil\" (accepted: none or some)"},
        {"hills row blocked with cover", "hidden = [\"fully\"]\nlos = \"blocked\"\ncover = false", "hidden = [\"fully\"]\nlos = \"blocked\"\ncover = true",
         "cover: a blocked line cannot give cover"},
        {"hills row with an empty list", "between = [\"none\"]", "between = []", "an empty list matches nothing"},
        {"negative escarpment threshold", "blocked_when = \"target-closer\"\nby_more_than = 0.0", "blocked_when = \"target-closer\"\nby_more_than = -1.0",
         "los.escarpments.case[0].by_more_than: -1 is out of range"},
        {"escarpment threshold as text", "blocked_when = \"target-further\"\nby_more_than = 0.0", "blocked_when = \"target-further\"\nby_more_than = \"0\"",
         "los.escarpments.case[1].by_more_than: expected a number, found a string"},
        {"escarpment case unknown comparison", "blocked_when = \"target-closer\"", "blocked_when = \"nearer\"",
         "los.escarpments.case[0].blocked_when: unknown name \"nearer\" (accepted: target-closer or target-further)"},
        {"two cases for the same positions", "firer = \"not-on\"\ntarget = \"on\"", "firer = \"on\"\ntarget = \"below\"",
         "another case already covers firer on / target below"},
        {"escarpment counts as 'no'", "on_escarpment_counts_as = \"wholly\"", "on_escarpment_counts_as = \"no\"",
         "los.escarpments.on_escarpment_counts_as: unknown name \"no\" (accepted: partly or wholly)"},
        {"core obstacle effect unknown", "hill_to_hill = { effect = \"over\"", "hill_to_hill = { effect = \"under\"",
         "los.core.vehicles.hill_to_hill.effect: unknown name \"under\" (accepted: over or core)"},
        {"negative limit", "max_hills_between = 20", "max_hills_between = -2", "limits.max_hills_between: -2 is out of range"},
        {"empty explanation text", "label = \"creek\"", "label = \"  \"", "movement.terrain.creek.label: must not be empty"},
        {"unknown top-level section", "\n[limits]\n", "\n[limit]\n", "limit: unknown key"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const fs::path dir = edited_copy(c.from, c.to);
        const auto r = umpire::test::run_cli("check-data " + dir.string());
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find((dir / "gf9-tanks.toml").string() + ":") != std::string::npos);
        CHECK(r.err.find(c.needle) != std::string::npos);
        // Ruling with broken data fails the same way (exit 2), never a crash.
        const auto rule = umpire::test::run_cli("--rules-data " + dir.string() + " rule - --json", g::move("terrain = [\"open\"]"));
        CHECK(rule.status == 2);
        CHECK(rule.out.empty());
        fs::remove_all(dir);
    }
}
