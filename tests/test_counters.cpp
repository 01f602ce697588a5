// Units on the board (board/counters.hpp, docs/situations.md "Units on the board"): `[[counter]]`
// and `firer.counter` / `target.counter` (Panzer Squadron's `tank.counter`).
//
// Sections
//   equal     every board example, its units' places moved into counters (with a counter that is
//             not picked), rules exactly as typed; the shipped *-units-* examples as their twins
//   errors    table-driven: each bad situation's FILE:LINE:COL message
//   writing   read -> write -> read gives the same counters; the roles follow the window's keys
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "board/board_support.hpp"
#include "board/counters.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace umpire;

namespace {

// The ruling's JSON without the `counters` key (the only key counters add).
std::string json_without_counters(Ruling r) {
    auto& f = r.fields;
    for (auto it = f.begin(); it != f.end();)
        it = it->first == "counters" ? f.erase(it) : it + 1;
    return r.to_json().dump();
}

// `t` with each role's places (hex, facing, unit) moved into a counter of its own, picked by name,
// and one more counter that nothing picks, far from the others.
toml::table with_counters(toml::table t, const board::CounterRules& rules) {
    toml::array list;
    for (const auto& role : rules.roles) {
        toml::table* r = t.get_as<toml::table>(role.table);
        if (!r || !r->contains("hex")) continue;
        toml::table c{{"name", role.table + " counter"}, {"side", role.table == "firer" ? "Blue" : "Red"}};
        for (const std::string& key : {std::string("hex"), std::string("facing"), rules.type_key}) {
            if (key.empty() || (key == "facing" && !role.facing) || (key == rules.type_key && !role.type)) continue;
            if (const auto* v = r->get_as<std::string>(key)) {
                c.insert(key, v->get());
                r->erase(key);
            }
        }
        if (!rules.type_key.empty() && !c.contains(rules.type_key)) c.insert(rules.type_key, "infantry");
        r->insert("counter", role.table + " counter");
        list.push_back(std::move(c));
    }
    toml::table spare{{"name", "Spare"}, {"side", "Green"}, {"hex", "0101"}};
    if (!rules.type_key.empty()) spare.insert(rules.type_key, "infantry");
    list.push_back(std::move(spare));
    t.insert("counter", std::move(list));
    return t;
}

std::string text_of(const toml::table& t) {
    std::ostringstream o;
    o << t;
    return o.str();
}

const board::CounterRules& rules_of(const std::string& system) {
    return test::engine().find(system)->board_support()->counter_rules();
}

}  // namespace

// ---- equal ----------------------------------------------------------------------------------

TEST_CASE("counters: every board example rules the same with its units as counters", "[counters]") {
    int n = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples")) {
        const std::string file = e.path().string();
        if (e.path().extension() != ".toml" || file.find("-units-") != std::string::npos) continue;
        toml::table t = toml::parse_file(file);
        if (!t.contains("board")) continue;
        const std::string system = t["system"].value_or(std::string());
        INFO(file);
        const auto& rules = rules_of(system);
        REQUIRE_FALSE(rules.roles.empty());
        const Ruling typed = test::engine().rule_file(file);
        const std::string moved = text_of(with_counters(t, rules));
        INFO(moved);
        const Ruling from_counters = test::engine().rule_text(moved, file);
        CHECK(json_without_counters(from_counters) == json_without_counters(typed));
        // The ruling names the picked counters, for the dispute record.
        const std::string j = from_counters.to_json().dump();
        CHECK(j.find("\"counters\":{\"") != std::string::npos);
        ++n;
    }
    CHECK(n >= 10);  // TANK!, PanzerBlitz and Panzer Squadron board examples
}

TEST_CASE("counters: each shipped units example rules as its typed twin", "[counters][examples]") {
    struct Twin {
        const char* units;
        const char* typed;
    };
    const Twin twins[] = {
        {"spi-tank-units-on-sample-map.toml", "spi-tank-board-sample-map.toml"},
        {"panzerblitz-units-hill-to-valley.toml", "panzerblitz-board-hill-to-valley.toml"},
    };
    const fs::path dir = fs::path(UMPIRE_SOURCE_DIR) / "examples";
    for (const auto& t : twins) {
        INFO(t.units);
        Ruling a = test::engine().rule_file(dir / t.units), b = test::engine().rule_file(dir / t.typed);
        // The titles differ, nothing else: the board, the line, the verdict.
        CHECK(json_without_counters(a) == json_without_counters(b));
    }
    // Panzer Squadron: the typed twin of the units example, written here (the shipped board
    // example leaves the target's facing out).
    const std::string typed = "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\nboard = \"../boards/ps-test-small.toml\"\n"
                              "[firer]\nhex = \"0302\"\n[target]\nhex = \"0306\"\nfacing = \"NW\"\n";
    const std::string units_file = (dir / "panzer-squadron-units-line-of-fire.toml").string();
    CHECK(json_without_counters(test::engine().rule_file(units_file)) ==
          json_without_counters(test::engine().rule_text(typed, units_file)));
}

// ---- errors ---------------------------------------------------------------------------------

TEST_CASE("counters: bad units on the board are located errors", "[counters][bad-input]") {
    const std::string tank = "system = \"spi-tank\"\nterrain_mode = \"open\"\nboard = \"test-small.toml\"\n";
    const std::string a = "[[counter]]\nname = \"A\"\nside = \"Blue\"\nunit = \"T62\"\nhex = \"0302\"\n";
    const std::string b = "[[counter]]\nname = \"B\"\nside = \"Red\"\nunit = \"M60A2\"\nhex = \"0308\"\nfacing = \"A\"\n";
    const std::string pick = "[firer]\ncounter = \"A\"\n[target]\ncounter = \"B\"\n";
    struct Case {
        std::string text, where, says;
    };
    const Case cases[] = {
        // A name no counter has: the names there are listed.
        {tank + "[firer]\ncounter = \"Z\"\n[target]\ncounter = \"B\"\n" + a + b, "test.toml:5:11",
         "firer.counter: \"Z\" names no counter (counters: A, B)"},
        // No counters at all.
        {tank + "[firer]\ncounter = \"A\"\n[target]\nunit = \"T62\"\nhex = \"0308\"\n", "test.toml:5:11", "firer.counter: \"A\" names no counter: no [[counter]] places a unit"},
        // Two counters of one name.
        {tank + pick + a + a, "test.toml:14:8", "counter[1].name: \"A\" is also the name of counter[0] (line 8)"},
        // The firer and the target one counter.
        {tank + "[firer]\ncounter = \"A\"\n[target]\ncounter = \"a\"\n" + a + b, "test.toml:7:11", "target.counter: \"a\" is also the firer"},
        // A typed key that disagrees with the counter picked: both named.
        {tank + "[firer]\ncounter = \"A\"\nhex = \"0303\"\n[target]\ncounter = \"B\"\n" + a + b, "test.toml:6:7",
         "firer.hex: is \"0303\" but the counter \"A\" it picks has hex = \"0302\" (counter[0], line 9)"},
        // Missing keys, an unknown key, a unit not on the chart (17.4).
        {tank + pick + "[[counter]]\nname = \"A\"\nhex = \"0302\"\nunit = \"T62\"\n" + b, "test.toml:8:1", "counter[0].side: missing required key"},
        {tank + pick + a + b + "colour = \"red\"\n", "test.toml:19:10", "counter[1].colour: unknown key"},
        {tank + pick + "[[counter]]\nname = \"A\"\nside = \"Blue\"\nunit = \"Tigger\"\nhex = \"0302\"\n" + b, "test.toml:11:8",
         "counter[0].unit: \"Tigger\" is not a unit of the weapons chart (17.4"},
        // Stacking: a vehicle alone (11.0); two sides never (11.2); three infantry (11.0, [stacking]).
        {tank + pick + a + b + "[[counter]]\nname = \"C\"\nside = \"Blue\"\nunit = \"infantry\"\nhex = \"0302\"\n", "test.toml:23:7",
         "counter[2].hex: \"0302\" also holds \"A\": a vehicle (T62) may not share its hex with any other unit (11.0)"},
        {tank + pick + a + b + "[[counter]]\nname = \"C\"\nside = \"Red\"\nunit = \"infantry\"\nhex = \"0505\"\n" +
             "[[counter]]\nname = \"D\"\nside = \"Blue\"\nunit = \"infantry\"\nhex = \"0505\"\n",
         "test.toml:28:7", "counter[3].hex: \"0505\" also holds \"C\": units of two sides may not share a hex (11.2)"},
        {tank + pick + a + b + "[[counter]]\nname = \"C\"\nside = \"Red\"\nunit = \"infantry\"\nhex = \"0505\"\n" +
             "[[counter]]\nname = \"D\"\nside = \"Red\"\nunit = \"infantry\"\nhex = \"0505\"\n" +
             "[[counter]]\nname = \"E\"\nside = \"Red\"\nunit = \"infantry\"\nhex = \"0505\"\n",
         "test.toml:33:7", "counter[4].hex: \"0505\" also holds \"C\", \"D\": at most 2 infantry, or 1 infantry with 1 anti-tank gun, may share a hex (11.0)"},
        // The counter's facts are checked by the game where they land: located at the counter.
        {tank + pick + "[[counter]]\nname = \"A\"\nside = \"Blue\"\nunit = \"T62\"\nhex = \"9999\"\n" + b, "test.toml:12:7", "firer.hex"},
        // PanzerBlitz counters have no facing (its line of sight has none).
        {"system = \"panzerblitz\"\nboard = \"panzerblitz-test-small.toml\"\n[firer]\ncounter = \"A\"\n[target]\ncounter = \"B\"\n"
         "[[counter]]\nname = \"A\"\nside = \"G\"\nhex = \"0304\"\nfacing = \"A\"\n[[counter]]\nname = \"B\"\nside = \"S\"\nhex = \"0308\"\n",
         "test.toml:11:10", "counter[0].facing: unknown key"},
        // A game without boards has no counters: an unknown key as before.
        {"system = \"gf9-tanks\"\nquestion = \"los\"\n[[counter]]\nname = \"A\"\n", "test.toml:3:1", "counter: unknown key"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        std::string got;
        try {
            test::engine().rule_text(c.text, "test.toml");
        } catch (const InputError& e) {
            for (const auto& d : e.diagnostics()) got += d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
        }
        INFO(got);
        CHECK(got.find(c.where + ": " + c.says) != std::string::npos);
    }
}

// ---- writing --------------------------------------------------------------------------------

TEST_CASE("counters: written and read back unchanged, the picked ones follow the roles' keys", "[counters]") {
    const auto& rules = rules_of("spi-tank");
    const fs::path file = fs::path(UMPIRE_SOURCE_DIR) / "examples" / "spi-tank-units-on-sample-map.toml";
    const toml::table t = toml::parse_file(file.string());
    Sink sink("x");
    const auto c = board::read_counters(Section(sink, &t, ""), rules);
    REQUIRE(c);
    REQUIRE(c->list.size() == 3);
    CHECK(c->chosen_for("firer")->name == "Able");
    CHECK(c->chosen_for("target")->hex == "3024");

    toml::table out{{"system", "spi-tank"}};
    board::write_counters(out, *c, rules);
    Sink again("y");
    const auto back = board::read_counters(Section(again, &out, ""), rules);
    REQUIRE(back);
    CHECK(back->list == c->list);
    CHECK(back->chosen == c->chosen);

    // The window moved the firer and typed another unit: the picked counter follows, the others stay.
    board::Counters moved = *c;
    toml::table keys{{"firer", toml::table{{"hex", "1111"}, {"unit", "Cent 105"}, {"facing", "D"}}}};
    CHECK(board::follow_roles(moved, keys, rules));
    CHECK(moved.find("Able")->hex == "1111");
    CHECK(moved.find("Able")->facing == "D");
    CHECK(moved.find("Red 2")->hex == "2015");
    CHECK_FALSE(board::follow_roles(moved, keys, rules));
}
