// The table view (src/tabletop/view.hpp): what a table ruling measured, for the window's table
// view — sight lines and crossings that agree with the ruling's own fields on the sample tables,
// rulings against a table in memory (the referee's drags, before anything is saved), and
// write_table round trips (docs/tables.md).
#include <catch2/catch.hpp>

#include <filesystem>

#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "games/agv/view.hpp"
#include "games/gf9_tanks/view.hpp"
#include "tabletop/view.hpp"
#include "test_table_support.hpp"

namespace fs = std::filesystem;
namespace tt = umpire::tabletop;
using umpire::test::at;
using namespace umpire::test::table;

namespace {

tt::Systems systems() { return tt::table_systems(umpire::test::engine()); }

tt::Sketch load(const fs::path& p) { return tt::load_sketch(p, p.string(), systems()); }

tt::Sketch from_text(const std::string& text) {
    const toml::table doc = toml::parse(text);
    return tt::read_sketch(doc, "mem.toml", systems());
}

umpire::Ruling rule_mem(const std::string& system, const std::string& situation, const tt::Sketch& t) {
    const toml::table s = toml::parse(situation);
    return umpire::test::engine().rule_on_table(system, s, "mem-situation.toml", t);
}

const tt::Crossing* crossing(const tt::TableView& v, const std::string& name) {
    for (const auto& s : v.sights)
        for (const auto& c : s.crossed)
            if (c.name == name) return &c;
    return nullptr;
}

const fs::path kSource = UMPIRE_SOURCE_DIR;
const std::string kLos = "system = \"gf9-tanks\"\nquestion = \"los\"\ntable = \"mem.toml\"\n[firer]\nbase = \"A\"\n[target]\nbase = \"B\"\n";

}  // namespace

TEST_CASE("table view: sight lines and crossings agree with the ruling's fields on every table example", "[table][table-view]") {
    int n = 0;
    for (const auto& e : fs::directory_iterator(kSource / "examples")) {
        const std::string name = e.path().filename().string();
        if (name.rfind("table-", 0) != 0) continue;
        INFO(name);
        ++n;
        const umpire::Ruling r = umpire::test::engine().rule_file(e.path());
        const auto* v = r.view_as<tt::TableView>();
        REQUIRE(v);
        CHECK((r.system == "agv" ? v->unit == "cm" : v->unit == "in"));
        CHECK(v->game.has_value());  // the game's own view is kept
        const auto j = r.to_json();
        const auto& sights = at(at(j, "table"), "sights").as_array();
        REQUIRE(sights.size() == v->sights.size());
        for (std::size_t i = 0; i < sights.size(); ++i) {
            const auto& line = at(sights[i], "line").as_array();
            CHECK(v->sights[i].from == at(sights[i], "from").as_string());
            CHECK(v->sights[i].line.a.x == Approx(line[0].as_array()[0].as_double()));
            CHECK(v->sights[i].line.b.y == Approx(line[1].as_array()[1].as_double()));
            // Everything the ruling says the line crosses is in the view with a sentence.
            for (const auto& c : at(sights[i], "crossed").as_array()) {
                bool seen = false;
                for (const auto& x : v->sights[i].crossed) seen = seen || (x.name == c.as_string() && !x.says.empty());
                CHECK(seen);
            }
        }
        // A move or a charge: the path and its length as the ruling measured them.
        if (const auto* moved = at(j, "table").find("moved")) CHECK(v->moved == Approx(moved->as_double()).margin(0.001));
        // The bases the question names are marked as its subjects.
        CHECK_FALSE(v->subjects.empty());
        for (const auto& s : v->subjects) CHECK(s.base);
        // Every crossing's item has its sentence among the item's notes (the hover).
        for (const auto& s : v->sights)
            for (const auto& c : s.crossed) CHECK_FALSE(v->notes_for(c.item).empty());
    }
    CHECK(n >= 6);
}

TEST_CASE("table view: GF9-escarpments, the escarpment dispute lights the escarpment as blocking with both distances", "[table][table-view]") {
    const umpire::Ruling r = umpire::test::engine().rule_file(kSource / "examples" / "table-gf9-escarpment-under-the-cliff.toml");
    const auto* v = r.view_as<tt::TableView>();
    REQUIRE(v);
    CHECK(std::any_cast<umpire::view::Gf9RulingView>(&v->game) != nullptr);
    const auto* c = crossing(*v, "escarpment \"Ridge edge\"");
    REQUIRE(c);
    INFO(c->says);
    CHECK(c->mark == tt::Mark::blocking);
    CHECK(c->says.find("target 3.1 in") != std::string::npos);
    CHECK(c->says.find("firer 6.1 in") != std::string::npos);
    // The distances the ruling used.
    bool firer = false, target = false;
    for (const auto& d : v->distances) {
        if (d.key == "line.firer_distance_to_escarpment") firer = d.value == Approx(6.15).margin(0.01);
        if (d.key == "line.target_distance_to_escarpment") target = d.value == Approx(3.07).margin(0.01);
    }
    CHECK(firer);
    CHECK(target);
}

TEST_CASE("table view: AGV-cover, the churchyard wall gives each stand of the Levy cover", "[table][table-view]") {
    const umpire::Ruling r = umpire::test::engine().rule_file(kSource / "examples" / "table-agv-fire-over-the-wall.toml");
    const auto* v = r.view_as<tt::TableView>();
    REQUIRE(v);
    const auto* agv = std::any_cast<umpire::view::AgvRulingView>(&v->game);
    REQUIRE(agv);
    REQUIRE(v->sights.size() == agv->stands.size());
    for (std::size_t i = 0; i < v->sights.size(); ++i) {
        INFO("stand " << i + 1);
        const tt::Crossing* wall = nullptr;
        for (const auto& c : v->sights[i].crossed)
            if (c.name == "stone-wall \"Churchyard wall\"") wall = &c;
        REQUIRE(wall);
        CHECK(wall->mark == (agv->stands[i].cover ? tt::Mark::cover : tt::Mark::clear));
        CHECK(wall->mark == tt::Mark::cover);
    }
}

TEST_CASE("table view: AGV-movement, the move's path and the woods it goes through", "[table][table-view]") {
    const umpire::Ruling r = umpire::test::engine().rule_file(kSource / "examples" / "table-agv-move-horse-through-the-spinney.toml");
    const auto* v = r.view_as<tt::TableView>();
    REQUIRE(v);
    CHECK(v->sights.empty());
    REQUIRE(v->path.size() >= 2);
    CHECK(v->moved == Approx(umpire::plane::path_length(v->path)));
    REQUIRE(v->cost);
    CHECK(*v->cost > v->moved);  // half rate through the woods counts twice
    bool spinney = false;
    for (const auto& c : v->path_crossed) spinney = spinney || (c.name == "woods \"Spinney\"" && c.mark == tt::Mark::crossed);
    CHECK(spinney);
    REQUIRE(v->subjects.size() == 1);
    CHECK(v->subjects[0].base);
}

TEST_CASE("table view: GF9-hills, a hill between blocks and a hill within the tolerance of the line is the referee's call", "[table][table-view]") {
    // A 3 in hill on the line between two tanks 28 in apart.
    const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"H\"\ncircle = [24, 24, 3]\n";
    const std::string bases = tank("A", 10, 24, 90) + tank("B", 38, 24, 270);
    tt::Sketch t = from_text(gf9_table(hill + bases));
    const umpire::Ruling ruled = rule_mem("gf9-tanks", kLos, t);  // kept: the view points into it
    auto v = ruled.view_as<tt::TableView>();
    REQUIRE(v);
    REQUIRE(crossing(*v, "hill \"H\""));
    CHECK(crossing(*v, "hill \"H\"")->mark == tt::Mark::blocking);
    // Moved off the line in small steps: where the hill comes within the measuring tolerance of the
    // lines to the target, the ruling is the referee's call and so is the hill's mark.
    bool called = false;
    for (int step = 0; step < 300 && !called; ++step) {
        tt::move_piece(t.pieces[0], {0, 0.02});
        const umpire::Ruling r = rule_mem("gf9-tanks", kLos, t);
        if (!r.referee_call) continue;
        called = true;
        v = r.view_as<tt::TableView>();
        const tt::Crossing* c = crossing(*v, "hill \"H\"");
        REQUIRE(c);
        INFO(c->says);
        CHECK(c->mark == tt::Mark::call);
        CHECK(c->says.find(" in ") != std::string::npos);  // with its measurement
    }
    CHECK(called);
}

TEST_CASE("table view: moving a piece off the line clears it (in memory, nothing saved)", "[table][table-view][property]") {
    const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"H\"\ncircle = [24, 24, 3]\n";
    tt::Sketch t = from_text(gf9_table(hill + tank("A", 10, 24, 90) + tank("B", 38, 24, 270)));
    bool was_clear = false;
    for (int step = 0; step <= 24; ++step) {
        const umpire::Ruling r = rule_mem("gf9-tanks", kLos, t);
        const auto* v = r.view_as<tt::TableView>();
        REQUIRE(v);
        const tt::Crossing* c = crossing(*v, "hill \"H\"");
        const bool clear = !c || c->mark == tt::Mark::clear;
        INFO("hill moved " << step * 0.5 << " in off the line");
        if (step == 0) CHECK_FALSE(clear);
        if (was_clear) CHECK(clear);  // once off the line it stays off
        // The view agrees with the ruling: the hill blocks when the line is blocked, covers when the
        // target is in cover (a hill across the lines to some of its corners: partly hidden).
        const auto j = r.to_json();
        CHECK((c && c->mark == tt::Mark::blocking) == (at(j, "los").as_string() == "blocked"));
        CHECK((c && c->mark == tt::Mark::cover) == at(j, "cover").as_bool());
        was_clear = was_clear || clear;
        tt::move_piece(t.pieces[0], {0, 0.5});
    }
    CHECK(was_clear);
}

TEST_CASE("table view: dragging a base changes the ruling before anything is saved", "[table][table-view]") {
    const fs::path table = kSource / "tables" / "gf9-sample-ridge.toml";
    tt::Sketch t = load(table);
    const std::string los = "system = \"gf9-tanks\"\nquestion = \"los\"\ntable = \"gf9-sample-ridge.toml\"\n[firer]\nbase = \"Sherman A\"\n"
                            "[target]\nbase = \"Panther\"\n";
    CHECK(at(rule_mem("gf9-tanks", los, t).to_json(), "los").as_string() == "blocked");
    // The Panther backs off 5 in from the cliff: now further from it than the firer, so it is seen.
    tt::Base* panther = nullptr;
    for (auto& b : t.bases)
        if (b.name == "Panther") panther = &b;
    REQUIRE(panther);
    tt::place_base(*panther, {panther->at.x, panther->at.y + 5});
    const umpire::Ruling r = rule_mem("gf9-tanks", los, t);
    CHECK(at(r.to_json(), "los").as_string() == "clear");
    const auto* c = crossing(*r.view_as<tt::TableView>(), "escarpment \"Ridge edge\"");
    REQUIRE(c);
    CHECK(c->mark == tt::Mark::clear);
    // The file on disk is untouched.
    CHECK(tt::same_sketch(load(table), load(table)));
    CHECK_FALSE(tt::same_sketch(load(table), t));
}

TEST_CASE("table view: a table of another game is refused, located at the situation's table key", "[table][table-view][bad-input]") {
    const tt::Sketch t = load(kSource / "tables" / "agv-sample-village.toml");
    try {
        rule_mem("gf9-tanks", kLos, t);
        FAIL("no error");
    } catch (const umpire::InputError& e) {
        const std::string first = e.diagnostics().front().str();
        CHECK(first.rfind("mem-situation.toml:3:", 0) == 0);
        CHECK(first.find("table: \"mem.toml\" is a table for agv; this situation is gf9-tanks") != std::string::npos);
    }
}

TEST_CASE("write_table: every sample table reads back identically, also after drags", "[table][table-files][write]") {
    int n = 0;
    for (const auto& e : fs::directory_iterator(kSource / "tables")) {
        if (e.path().extension() != ".toml") continue;
        INFO(e.path().string());
        ++n;
        tt::Sketch t = load(e.path());
        const std::string text = tt::write_sketch(t);
        const tt::Sketch back = from_text(text);
        CHECK(tt::same_sketch(t, back));
        CHECK(tt::write_sketch(back) == text);  // and writes the same text again
        // Drag every piece and base a little (odd amounts, so the numbers need many digits).
        for (auto& p : t.pieces) {  // as the window drags: a piece stays on the table
            tt::Piece q = p;
            tt::move_piece(q, {0.1, 1.0 / 3});
            bool on = true;
            for (auto v : q.is_line ? q.line : q.outline) on = on && v.x >= 0 && v.x <= t.width && v.y >= 0 && v.y <= t.depth;
            if (on) p = q;
        }
        for (auto& b : t.bases) {
            tt::place_base(b, {b.at.x - 0.7, b.at.y + 0.3});
            tt::turn_base(b, b.facing + 45);
        }
        const tt::Sketch moved = from_text(tt::write_sketch(t));
        CHECK(tt::same_sketch(t, moved));
        CHECK_FALSE(tt::same_sketch(back, moved));
    }
    CHECK(n >= 3);
}

TEST_CASE("write_table: names and titles with quotes, backslashes and newlines survive", "[table][table-files][write]") {
    const std::string odd = R"(title = "A \"quoted\" title\\ with\nlines")" "\n";
    const tt::Sketch t = from_text("system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n" + odd +
                                  "[[piece]]\nkind = \"woods\"\nname = \"Bois \\\"Noir\\\"\"\ncircle = [5, 5, 2]\n" + tank("T\\\\1", 20, 20));
    const tt::Sketch back = from_text(tt::write_sketch(t));
    CHECK(tt::same_sketch(t, back));
    CHECK(back.title == "A \"quoted\" title\\ with\nlines");
    CHECK(back.pieces[0].name == "Bois \"Noir\"");
    CHECK(back.bases[0].name == "T\\1");
}
