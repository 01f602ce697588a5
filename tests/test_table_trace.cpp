// Tracing a piece over a table's photo (src/tabletop/tracing.hpp; docs/tables.md "A photo of the
// table"): the kinds offered are the table reader's own (rules-data [table] areas and lines); an
// outline closes on its first corner; too few corners, an outline crossing itself, a point off
// the table are refused in words; default names are unique ("hill 2"); a piece traced from where
// it shows in a photo, through the photo's calibration, reads back where it lies on the table;
// a base dropped at a click reads back as placed.
//
// Sections
//   kinds and names   the kinds of GF9 TANKS and A Great Victory!, unique default names
//   building          closing, taking back, the refusals
//   through the fit   corners seen in a photographed table, calibrated, traced, written, read back
//   bases             a base dropped at a click: unique names, refusals, read back (GF9 and AGV)
#include <catch2/catch.hpp>

#include <algorithm>

#include "geometry/calibration.hpp"
#include "tabletop/photo.hpp"
#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/tracing.hpp"
#include "support.hpp"

using namespace umpire;
using plane::Vec2;
namespace tt = umpire::tabletop;

namespace {

const tt::Systems& systems() {
    static const tt::Systems s = tt::table_systems(test::engine());
    return s;
}
const tt::Rules& rules(const std::string& system) { return *systems().find(system); }

tt::Sketch sketch_from(const std::string& text) { return tt::read_sketch(parse_toml_string(text, "t.toml"), "t.toml", systems()); }

const std::string kGf9 = "system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n";

tt::Trace trace(const std::string& kind, bool line, std::vector<Vec2> pts) {
    tt::Trace t;
    t.kind = {kind, line};
    t.points = std::move(pts);
    return t;
}

}  // namespace

// ---- kinds and names --------------------------------------------------------------------

TEST_CASE("tracing: the kinds offered are the table reader's own, areas then lines", "[tables][trace]") {
    // Each game's [table] areas and lines (rules-data/gf9-tanks.toml, rules-data/agv.toml): every
    // kind offered must be one load_sketch accepts, drawn as the reader draws it.
    for (const std::string system : {"gf9-tanks", "agv"}) {
        const tt::Rules& r = rules(system);
        const auto kinds = tt::trace_kinds(r);
        REQUIRE(kinds.size() == r.areas.size() + r.lines.size());
        for (const auto& k : kinds) {
            INFO(system << " " << k.name);
            CHECK(k.line == (std::find(r.lines.begin(), r.lines.end(), k.name) != r.lines.end()));
        }
    }
    const auto gf9 = tt::trace_kinds(rules("gf9-tanks"));
    auto find = [&](const std::string& n) { return std::find_if(gf9.begin(), gf9.end(), [&](const auto& k) { return k.name == n; }); };
    REQUIRE(find("hill") != gf9.end());
    CHECK_FALSE(find("hill")->line);
    REQUIRE(find("escarpment") != gf9.end());
    CHECK(find("escarpment")->line);
}

TEST_CASE("tracing: default names are unique and counted per kind as the reader counts them", "[tables][trace]") {
    const tt::Sketch s = sketch_from(kGf9 + "[[piece]]\nkind = \"hill\"\ncircle = [10, 10, 3]\n"  // reader's default: "hill 1"
                                            "[[piece]]\nkind = \"hill\"\nname = \"hill 3\"\ncircle = [30, 30, 3]\n"
                                            "[[piece]]\nkind = \"woods\"\nname = \"hill 2\"\ncircle = [20, 40, 3]\n");
    REQUIRE(s.pieces[0].name == "hill 1");
    // Two hills: the next would be "hill 3", taken; "hill 2" is taken by a wood: so "hill 4".
    CHECK(tt::unique_piece_name(s, "hill") == "hill 4");
    CHECK(tt::unique_piece_name(s, "woods") == "woods 2");
    CHECK(tt::unique_piece_name(s, "river") == "river 1");
    CHECK_THAT(*tt::piece_name_problem(s, "hill 3"), Catch::Contains("names another piece (a hill)"));
    CHECK(tt::piece_name_problem(s, "  ") == std::optional<std::string>("the piece needs a name"));
    CHECK_FALSE(tt::piece_name_problem(s, "Hill 112"));
}

// ---- building ------------------------------------------------------------------------------

TEST_CASE("tracing: an outline closes on its first corner, and Backspace takes back", "[tables][trace]") {
    tt::Trace t;
    t.kind = {"hill", false};
    CHECK_FALSE(t.add({10, 10}, 0.5));
    CHECK_FALSE(t.add({10.2, 10.1}, 0.5));  // the second press of a double click: nothing added
    CHECK(t.points.size() == 1);
    CHECK_FALSE(t.add({20, 10}, 0.5));
    CHECK_FALSE(t.add({10.3, 10.2}, 0.5));  // near the first corner, but only two corners: added
    CHECK(t.points.size() == 3);
    t.take_back();
    CHECK(t.points.size() == 2);
    t.add({20, 20}, 0.5);
    CHECK(t.add({10.3, 10.2}, 0.5));  // three corners: a click on the first closes it
    CHECK(t.closed);
    CHECK(t.points.size() == 3);
    t.take_back();  // reopens, keeps the corners
    CHECK_FALSE(t.closed);
    CHECK(t.points.size() == 3);

    tt::Trace line;
    line.kind = {"river", true};
    line.add({0, 5}, 0.5), line.add({10, 6}, 0.5);
    CHECK_FALSE(line.add({0.1, 5}, 0.5));  // a line never closes
    CHECK(line.points.size() == 3);
}

TEST_CASE("tracing: refusals in words, as the table reader would refuse the piece", "[tables][trace]") {
    const tt::Sketch s = sketch_from(kGf9);
    const tt::Rules& r = rules("gf9-tanks");
    struct Row {
        const char* why;
        tt::Trace t;
        const char* expected;  // "" when accepted
    };
    const Row rows[] = {
        {"two corners", trace("hill", false, {{1, 1}, {5, 1}}), "a hill needs at least 3 corners (2 clicked)"},
        {"one point of a line", trace("river", true, {{1, 1}}), "a river needs at least 2 points (1 clicked)"},
        {"a bow tie", trace("woods", false, {{0, 0}, {10, 10}, {10, 0}, {0, 10}}), "the outline crosses itself or has no area"},
        {"all in a line", trace("woods", false, {{0, 0}, {5, 5}, {10, 10}}), "the outline crosses itself or has no area"},
        {"off the table", trace("hill", false, {{40, 40}, {50, 40}, {45, 47}}), "a point lies off the table (0 to 48 by 0 to 48 in)"},
        {"a line going nowhere", trace("road", true, {{3, 3}, {3, 3}}), "the line has no length"},
        {"a fine hill", trace("hill", false, {{10, 10}, {20, 10}, {15, 18}}), ""},
        {"a fine escarpment", trace("escarpment", true, {{10, 10}, {20, 12}}), ""},
    };
    for (const Row& row : rows) {
        INFO(row.why);
        const auto p = tt::trace_problem(row.t, s, r);
        if (*row.expected) {
            REQUIRE(p);
            CHECK_THAT(*p, Catch::StartsWith(row.expected));
        } else {
            CHECK_FALSE(p);
        }
    }
    std::vector<Vec2> many;
    for (int i = 0; i <= r.max_points; ++i) many.push_back({1 + 40.0 * i / r.max_points, 1.0 + (i % 2)});
    CHECK_THAT(*tt::trace_problem(trace("road", true, many), s, r), Catch::Contains("the rules data allow at most"));
}

// ---- through the fit -------------------------------------------------------------------

TEST_CASE("tracing: a hill traced where it shows in a photo lies on the table where it is", "[tables][trace][photo]") {
    // A 48 x 48 in table photographed from its near edge (as tests/test_table_photo.cpp): the far
    // edge a quarter smaller. The four corners are clicked a pixel off; the hill's corners are
    // clicked where the camera shows them, a pixel off too, and taken to the table by the fit.
    calibration::Projective cam;
    cam.m = {40, 3, 300, 1, -30, 1900, 0, 0.007, 1};
    const Vec2 jitter[4] = {{0.8, -0.6}, {-1, 0.4}, {0.5, 0.9}, {-0.7, -0.8}};
    std::array<Vec2, 4> px;
    const Vec2 at[4] = {{0, 0}, {48, 0}, {48, 48}, {0, 48}};
    for (int i = 0; i < 4; ++i) px[std::size_t(i)] = cam.apply(at[i]) + jitter[i];
    tt::Sketch s = sketch_from(kGf9);
    tt::Photo photo;
    photo.image = "table.png";
    for (const auto& p : calibration::rectangle_points(px, {0, 0}, 48, 48)) photo.points.push_back({p.pixel, p.plane});
    s.photo = photo;
    const calibration::Fit fit = tt::photo_fit(*s.photo, s.unit, Vec2{2400, 2000});
    REQUIRE(fit.ok);

    const std::vector<Vec2> hill = {{12, 30}, {22, 28}, {25, 36}, {16, 42}, {9, 37}};
    tt::Trace t;
    t.kind = {"hill", false};
    for (std::size_t i = 0; i < hill.size(); ++i) t.add(fit.to_plane.apply(cam.apply(hill[i]) + jitter[i % 4]), 0.5);
    CHECK(t.add(fit.to_plane.apply(cam.apply(hill[0])), 0.5));  // closed on the first corner
    const tt::Rules& r = rules("gf9-tanks");
    REQUIRE_FALSE(tt::trace_problem(t, s, r));
    s.pieces.push_back(tt::traced_piece(t, tt::unique_piece_name(s, "hill"), r));

    // Written and read back by the table reader: the same sketch, the hill where it lies.
    const tt::Sketch back = sketch_from(tt::write_sketch(s));
    CHECK(tt::same_sketch(s, back));
    REQUIRE(back.pieces.size() == 1);
    CHECK(back.pieces[0].name == "hill 1");
    CHECK(back.pieces[0].hill == "hill 1");
    REQUIRE(back.pieces[0].outline.size() == hill.size());
    double worst = 0;
    for (std::size_t i = 0; i < hill.size(); ++i) worst = std::max(worst, plane::distance(back.pieces[0].outline[i], hill[i]));
    INFO("worst corner " << worst << " in");
    CHECK(worst < 0.1);  // a pixel is about 0.03 in here
    REQUIRE(back.photo);
    CHECK(back.photo->points.size() == 4);

    // An escarpment traced as a line: its top side written and read back.
    tt::Trace e = trace("escarpment", true, {{5, 5}, {20, 6}});
    s.pieces.push_back(tt::traced_piece(e, tt::unique_piece_name(s, "escarpment"), r, 0, false));
    const tt::Sketch back2 = sketch_from(tt::write_sketch(s));
    REQUIRE(back2.pieces.size() == 2);
    CHECK(back2.pieces[1].is_line);
    CHECK(back2.pieces[1].has_top);
    CHECK_FALSE(back2.pieces[1].top_left);
}

// ---- bases ----------------------------------------------------------------------------

TEST_CASE("dropping a base: unique names, refusals in words, read back as placed", "[tables][trace]") {
    tt::Sketch s = sketch_from(kGf9 + "[[base]]\nname = \"base 1\"\nat = [10, 10]\nsize = [2, 3]\n");
    const tt::Rules& r = rules("gf9-tanks");
    CHECK(tt::unique_base_name(s, "base") == "base 2");
    struct Row {
        const char* why;
        tt::NewBase b;
        const char* expected;  // "" when accepted
    };
    const Row rows[] = {
        {"no name", {" ", "", {5, 5}, 2, 3, 0}, "the base needs a name"},
        {"a name taken", {"base 1", "", {5, 5}, 2, 3, 0}, "\"base 1\" names another base"},
        {"no size typed", {"Tiger", "", {5, 5}, 0, 3, 0}, "the base's width and depth must be more than 0"},
        {"too big for the table", {"Tiger", "", {5, 5}, 60, 3, 0}, "the base's width and depth must be more than 0 and fit"},
        {"off the table", {"Tiger", "", {50, 5}, 2, 3, 0}, "the base's centre lies off the table"},
        {"a GF9 base with a type", {"Tiger", "foot", {5, 5}, 2, 3, 0}, "GF9 TANKS bases have no unit type"},
        {"a good one", {"Tiger", "", {20, 30}, 2, 3.5, 90}, ""},
    };
    for (const Row& row : rows) {
        INFO(row.why);
        const auto p = tt::new_base_problem(row.b, s, r);
        if (*row.expected) {
            REQUIRE(p);
            CHECK_THAT(*p, Catch::StartsWith(row.expected));
        } else {
            CHECK_FALSE(p);
        }
    }
    s.bases.push_back(tt::new_base(rows[6].b));
    const tt::Sketch back = sketch_from(tt::write_sketch(s));
    CHECK(tt::same_sketch(s, back));
    const tt::Base* t = back.base("Tiger");
    REQUIRE(t);
    CHECK(t->at == Vec2{20, 30});
    CHECK(t->width == 2);
    CHECK(t->depth == 3.5);
    CHECK(t->facing == 90);
    CHECK(plane::area(t->outline) == Approx(7.0));

    // A Great Victory!: a base has its unit type (rules-data names none; the reader's own list).
    tt::Sketch agv = sketch_from("system = \"agv\"\nunit = \"cm\"\nwidth = 120\ndepth = 80\nbase_width = 4\n");
    const tt::Rules& ra = rules("agv");
    CHECK_THAT(*tt::new_base_problem({"Archers", "", {40, 50}, 4, 2, 0}, agv, ra), Catch::Contains("needs its unit type"));
    const tt::NewBase horse{"Horse", "mounted", {60, 48}, 4, 3, 180};
    REQUIRE_FALSE(tt::new_base_problem(horse, agv, ra));
    agv.bases.push_back(tt::new_base(horse));
    const tt::Sketch agv_back = sketch_from(tt::write_sketch(agv));
    REQUIRE(agv_back.base("Horse"));
    CHECK(agv_back.base("Horse")->type == "mounted");
    CHECK(tt::same_sketch(agv, agv_back));
}
