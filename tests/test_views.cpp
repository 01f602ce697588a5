// The typed views (src/games/<system>/view.hpp, docs/adding-a-game.md): every ruling carries
// its system's view with the numbers a panel draws, every system gives its input choices and
// its canonical file form. (That the window includes of a game only its view header, so a panel
// draws only from those views, is checked with the rest of the include rule in test_structure.cpp.)
//
// Sections
//   1. each system's ruling view and choices view (one row per system)
//   2. what the views hold, per system, against the rules they show
//   3. canonical(): the file format round trip the panels load and save through
#include <catch2/catch.hpp>

#include <fstream>
#include <map>

#include "games/agv/view.hpp"
#include "games/gf9_tanks/view.hpp"
#include "games/panzer_squadron/view.hpp"
#include "games/panzerblitz/view.hpp"
#include "games/spi_tank/view.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::test::engine;
using umpire::test::rule_ruling;

namespace {

std::string example(const std::string& name) {
    std::ifstream in(std::string(UMPIRE_SOURCE_DIR) + "/examples/" + name);
    REQUIRE(in);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

// =====================================================================================
// 1. every system: a ruling view and a choices view of its own type
// =====================================================================================

TEST_CASE("views: every system's ruling carries its typed view, and it gives its choices view", "[views]") {
    struct Row {
        const char* system;
        const char* example;  // rules-cited in the example's comments
        bool (*ruling_has_view)(const Ruling&);
        bool (*choices_typed)(const std::any&);
    };
    const Row rows[] = {
        {"spi-tank", "spi-tank-t62-vs-m60a2-side.toml", [](const Ruling& r) { return r.view_as<view::TankRulingView>() != nullptr; },
         [](const std::any& a) { return std::any_cast<view::TankChoices>(&a) != nullptr; }},
        {"panzerblitz", "panzerblitz-hilltop-brown-midway.toml", [](const Ruling& r) { return r.view_as<view::PbRulingView>() != nullptr; },
         [](const std::any& a) { return std::any_cast<view::PbChoices>(&a) != nullptr; }},
        {"gf9-tanks", "gf9-tanks-los-escarpment-below-closer.toml", [](const Ruling& r) { return r.view_as<view::Gf9RulingView>() != nullptr; },
         [](const std::any& a) { return std::any_cast<view::Gf9Choices>(&a) != nullptr; }},
        {"agv", "agv-fire-behind-stone-wall.toml", [](const Ruling& r) { return r.view_as<view::AgvRulingView>() != nullptr; },
         [](const std::any& a) { return std::any_cast<view::AgvChoices>(&a) != nullptr; }},
        {"panzer-squadron", "panzer-squadron-move-and-turn.toml", [](const Ruling& r) { return r.view_as<view::PsRulingView>() != nullptr; },
         [](const std::any& a) { return std::any_cast<view::PsChoices>(&a) != nullptr; }},
    };
    for (const Row& row : rows) {
        INFO(row.system);
        const GameSystem* sys = engine().find(row.system);
        REQUIRE(sys);
        CHECK(row.choices_typed(sys->choices()));
        const Ruling r = rule_ruling(example(row.example));
        CHECK(r.view.has_value());
        CHECK(row.ruling_has_view(r));
        // The checked accessor refuses another system's view type.
        CHECK((row.system == std::string("agv") || r.view_as<view::AgvRulingView>() == nullptr));
    }
}

// =====================================================================================
// 2. what the views hold
// =====================================================================================

TEST_CASE("views: TANK! map position, lit table row and key figures (8.3, 8.7, 8.9, 8.91)", "[views][spi-tank]") {
    // 4001 -> 4023 facing B: range 22, the firer on the front/side boundary; rules-data picks the stronger (front).
    const Ruling r = rule_ruling(example("spi-tank-hex-numbers-aspect-boundary.toml"));
    const auto* v = r.view_as<view::TankRulingView>();
    REQUIRE(v);
    REQUIRE(v->position);
    CHECK(v->position->range == 22);
    CHECK(v->position->aspects == std::vector<std::string>{"front", "side"});
    CHECK(v->position->boundary_pick == "front");
    REQUIRE(v->attack);
    REQUIRE(v->defense);
    REQUIRE(v->differential);
    CHECK(v->defense->value == "17");  // the M60A2's front (17.4)
    CHECK(v->differential->value == "4");
    REQUIRE(v->table);
    CHECK(v->table->title.find("8.91") != std::string::npos);
    REQUIRE(v->table->lit_row);
    CHECK(v->table->rows[std::size_t(*v->table->lit_row)] == "21-25");
    CHECK(v->table->lit_column == std::optional<int>(4));
    CHECK(v->table->cells[std::size_t(*v->table->lit_row)][4] == "1");  // kills on 1, as the verdict says
    CHECK(v->kill_probability);
    for (const auto& f : v->others) CHECK(f.label != "Attack strength");
}

TEST_CASE("views: TANK! choices carry the 17.4 chart numbers and the 10.6 terrain", "[views][spi-tank]") {
    const auto c = std::any_cast<view::TankChoices>(engine().find("spi-tank")->choices());
    const view::TankUnit* t62 = c.unit("t-62");  // names match normalized, as in a situation
    REQUIRE(t62);
    CHECK(t62->front == 14);
    CHECK(t62->ap == 21);
    const view::TankUnit* inf = c.unit("infantry");
    REQUIRE(inf);
    CHECK(inf->infantry);
    CHECK(c.aspects == std::vector<std::string>{"front", "side", "rear"});
    CHECK(c.hexside_terrain.at("mixed").at("berm"));
    CHECK_FALSE(c.hexside_terrain.at("mixed").at("woods"));
    CHECK(c.terrain_tips.at("open").at("woods").find("10.6") != std::string::npos);
    CHECK(c.board.parse("3704").has_value());
}

TEST_CASE("views: the PanzerBlitz side view - GF9 escarpment - PS budget and path - AGV stands", "[views]") {
    SECTION("PanzerBlitz: one side-view symbol per obstacle, at k/(range+1) (PB-LOS)") {
        const Ruling v_ruling = rule_ruling(example("panzerblitz-hilltop-brown-midway.toml"));
        const auto* v = v_ruling.view_as<view::PbRulingView>();
        REQUIRE(v);
        REQUIRE(v->symbols.size() == 1);
        CHECK(v->symbols[0].symbol == "brown");
        CHECK(v->symbols[0].num * 2 == v->symbols[0].den);  // side 3 of range 5: exactly midway (note C)
        CHECK(v->firer_height > v->target_height);
    }
    SECTION("GF9: the escarpment sketch's distances (GF9-escarpments)") {
        const Ruling v_ruling = rule_ruling(example("gf9-tanks-los-escarpment-below-closer.toml"));
        const auto* v = v_ruling.view_as<view::Gf9RulingView>();
        REQUIRE(v);
        REQUIRE(v->escarpment);
        CHECK(v->escarpment->firer_distance == std::optional<double>(6.0));
        CHECK(v->escarpment->target_distance == std::optional<double>(4.0));
        CHECK(v->escarpment->firer_on_top);
        CHECK_FALSE(v->escarpment->target_on_top);
        const Ruling move_ruling = rule_ruling(example("gf9-tanks-move-swamp-road.toml"));
        const auto* move = move_ruling.view_as<view::Gf9RulingView>();
        REQUIRE(move);
        CHECK_FALSE(move->escarpment);
    }
    SECTION("Panzer Squadron: 3 MP rolled, 3 used, three steps (PS-movement, PS-turning)") {
        const Ruling v_ruling = rule_ruling(example("panzer-squadron-move-and-turn.toml"));
        const auto* v = v_ruling.view_as<view::PsRulingView>();
        REQUIRE(v);
        REQUIRE(v->movement);
        CHECK(v->movement->mp_available == 3);
        CHECK(v->movement->mp_used == 3);
        REQUIRE(v->movement->path.size() == 3);
        CHECK(v->movement->path[1].corner == 5);  // turned one corner right
    }
    SECTION("AGV: both stands behind the wall have cover (AGV-cover)") {
        const Ruling v_ruling = rule_ruling(example("agv-fire-behind-stone-wall.toml"));
        const auto* v = v_ruling.view_as<view::AgvRulingView>();
        REQUIRE(v);
        REQUIRE(v->stands.size() == 2);
        for (const auto& s : v->stands) {
            CHECK(s.can_be_fired_at);
            CHECK(s.cover);
        }
    }
}

TEST_CASE("views: figures are picked by their stable id, not their label (every system)", "[views]") {
    // Each figure is given an id where it is created; the TANK! view's cards are found by it.
    for (const char* name : {"spi-tank-t62-vs-m60a2-side.toml", "spi-tank-he-at-gun-improved-position.toml",
                             "panzerblitz-open-case.toml", "gf9-tanks-los-escarpment-below-closer.toml",
                             "gf9-tanks-move-creek-bridge.toml", "agv-fire-behind-stone-wall.toml",
                             "agv-melee-hill-and-woods.toml", "agv-move-river-at-ford.toml", "panzer-squadron-move-and-turn.toml"}) {
        INFO(name);
        const Ruling r = rule_ruling(example(name));
        REQUIRE_FALSE(r.figures.empty());
        for (const auto& f : r.figures) {
            INFO(f.label);
            CHECK_FALSE(f.id.empty());
        }
    }
    const Ruling r = rule_ruling(example("spi-tank-t62-vs-m60a2-side.toml"));
    const auto* v = r.view_as<view::TankRulingView>();
    REQUIRE(v);
    REQUIRE(v->attack);
    REQUIRE(v->defense);
    REQUIRE(v->differential);
    REQUIRE(v->probability);
    CHECK(v->attack->id == "attack");
    CHECK(v->attack->value == "21");      // the T62's AP within effective range (17.4, 8.31)
    CHECK(v->defense->value == "10");     // M60A2 side 8 + woods 2 in mixed mode (8.7, 10.4)
    CHECK(v->differential->value == "11");
    CHECK(v->probability->value == "66.7%");
    for (const auto& f : v->others) CHECK(f.id != "spotting");  // the spotting roll has its own place
}

TEST_CASE("views: TANK! spotting roll, both readings of a referee's call (13.5, 8.7)", "[views][spi-tank]") {
    SECTION("a soft target in an improved position: a roll of 1-3 spots it, 3 in 6 (13.5)") {
        const Ruling r = rule_ruling(example("spi-tank-he-at-gun-improved-position.toml"));
        const auto* v = r.view_as<view::TankRulingView>();
        REQUIRE(v);
        REQUIRE(v->spotting);
        CHECK(v->spotting->needed == "1-3");
        REQUIRE(v->spotting->chance);
        CHECK(*v->spotting->chance == Approx(0.5));
        CHECK(v->spotting->may_try);
    }
    SECTION("a vehicle plotted to move is spotted automatically (13.3)") {
        const Ruling r = rule_ruling(example("spi-tank-t62-vs-m60a2-side.toml"));
        const auto* v = r.view_as<view::TankRulingView>();
        REQUIRE(v);
        REQUIRE(v->spotting);
        CHECK(v->spotting->needed == "automatic");
        CHECK(v->spotting->chance == std::optional<double>(1.0));
        CHECK(v->alternatives.empty());
    }
    SECTION("a blocked line: the numbers stay, but this unit may not try (13.1)") {
        const Ruling r = rule_ruling(example("spi-tank-blocked-by-woods.toml"));
        const auto* v = r.view_as<view::TankRulingView>();
        REQUIRE(v);
        REQUIRE(v->spotting);
        CHECK_FALSE(v->spotting->may_try);
    }
    SECTION("on the front/side boundary the other aspect is ruled beside the main one (8.7)") {
        const Ruling r = rule_ruling(example("spi-tank-hex-numbers-aspect-boundary.toml"));
        const auto* v = r.view_as<view::TankRulingView>();
        REQUIRE(v);
        REQUIRE(v->alternatives.size() == 1);
        const auto& other = v->alternatives[0];
        CHECK(other.rule == "8.7");
        CHECK_FALSE(other.reading.empty());
        CHECK(v->as_ruled.defense == "17");      // front (rules-data aspect_on_boundary: stronger)
        CHECK(other.defense != v->as_ruled.defense);  // side: weaker
        CHECK(other.verdict != v->as_ruled.verdict);
        REQUIRE(other.kill_probability);
        REQUIRE(v->as_ruled.kill_probability);
        CHECK(*other.kill_probability > *v->as_ruled.kill_probability);
    }
    SECTION("an extra firer without a line of sight is left out of combined HE (8.22)") {
        const Ruling r = rule_ruling("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n"
                                     "[target]\nunit = \"infantry\"\n[line]\nrange = 5\n"
                                     "[[extra_firer]]\nunit = \"T62\"\nrange = 6\nline_of_sight = false\n");
        const auto* v = r.view_as<view::TankRulingView>();
        REQUIRE(v);
        REQUIRE(v->left_out.size() == 1);
        CHECK(v->left_out[0].unit == "T62");
        CHECK(v->left_out[0].rule == "10.2");  // no line of sight (10.2): it may not fire (8.22)
        CHECK_FALSE(v->left_out[0].reason.empty());
    }
}

TEST_CASE("views: PanzerBlitz positions and the game's words, PS both readings, GF9 words", "[views]") {
    SECTION("PanzerBlitz: side 3 of range 5 is 3 hexsides from each unit, 3/6 of the way, 3/5 by range (note C)") {
        const Ruling r = rule_ruling(example("panzerblitz-hilltop-brown-midway.toml"));
        const auto* v = r.view_as<view::PbRulingView>();
        REQUIRE(v);
        REQUIRE(v->positions.size() == 1);
        CHECK(v->positions[0].symbol == "brown");
        CHECK_FALSE(v->positions[0].hex);
        CHECK(v->positions[0].index == 3);
        CHECK(v->positions[0].from_firer == 3);
        CHECK(v->positions[0].from_target == 3);
        CHECK(v->positions[0].fraction == "3/6");
        CHECK(v->positions[0].by_range == "3/5");
        CHECK(v->los == "blocked");
    }
    SECTION("PanzerBlitz choices speak the article's words") {
        const auto c = std::any_cast<view::PbChoices>(engine().find("panzerblitz")->choices());
        std::map<std::string, std::string> words;
        for (const auto& e : c.elevations) words[e.name] = e.words;
        for (const auto& x : c.symbols) words[x.name] = x.words;
        CHECK(words.at("l1-hilltop") == "Level 1 hilltop");
        CHECK(words.at("l2-slope") == "Level 2 slope");
        CHECK(words.at("ground") == "Ground level");
        CHECK(words.at("woods-hex") == "woods hex");
        CHECK(words.at("brown") == "brown hexside");
    }
    SECTION("GF9 choices: los is \"line of sight\", terrain by its house-rule label") {
        const auto c = std::any_cast<view::Gf9Choices>(engine().find("gf9-tanks")->choices());
        REQUIRE(c.questions.size() == 2);
        CHECK(c.questions[0].name == "los");
        CHECK(c.questions[0].words == "line of sight");
        bool ditch = false;
        for (const auto& t : c.move_terrain) ditch |= t.words == "anti-tank ditch";
        CHECK(ditch);
    }
    SECTION("Panzer Squadron: a tank in movement, open actions as ruled and by the other reading (PS-actions)") {
        const Ruling r = rule_ruling(example("panzer-squadron-actions-in-movement.toml"));
        const auto* v = r.view_as<view::PsRulingView>();
        REQUIRE(v);
        REQUIRE(v->actions);
        CHECK(v->actions->open == std::vector<std::string>{"move", "move-and-fire"});
        CHECK(v->actions->open_other_reading == std::vector<std::string>{"move", "fire", "move-and-fire", "ambush"});
    }
}

// =====================================================================================
// 3. canonical(): the panels' load/save path
// =====================================================================================

TEST_CASE("views: canonical() writes a situation that rules the same, and reports a broken one", "[views]") {
    for (const char* name : {"spi-tank-hex-numbers-aspect-boundary.toml", "panzerblitz-open-case.toml", "gf9-tanks-move-creek-bridge.toml",
                             "agv-melee-hill-and-woods.toml", "panzer-squadron-opportunity-ambush.toml"}) {
        INFO(name);
        const std::string text = example(name);
        toml::table t = parse_toml_string(text, name);
        Sink sink(name);
        const Section root(sink, &t, "");
        const GameSystem* sys = engine().find(*root.str("system"));
        REQUIRE(sys);
        const auto c = sys->canonical(root);
        REQUIRE(c);
        CHECK(sink.ok());
        std::ostringstream again;
        again << *c;
        CHECK(engine().rule_text(again.str(), name).to_json().dump() == engine().rule_text(text, name).to_json().dump());
    }
    toml::table bad = parse_toml_string("system = \"panzerblitz\"\n[firer]\nelevation = \"moon\"\n", "bad.toml");
    Sink sink("bad.toml");
    CHECK_FALSE(engine().find("panzerblitz")->canonical(Section(sink, &bad, "")));
    CHECK_FALSE(sink.ok());
}
