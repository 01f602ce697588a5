// GF9 TANKS "More Terrain" from a table sketch, checked against the text (issue 22, "Table rulings
// that contradict the texts"): every class below has several layouts, and the random ones are
// checked against an independent reading of the text written here (discs and rectangles measured
// by sampling, not by Umpire's geometry). Layouts whose measurement lies within 0.2 in of a
// threshold are left out of the random checks (the measuring tolerance is 0.125 in).
//
// Sections
//   independent geometry   tanks as rectangles, hills as unions of discs, sampled
//   hills                  GF9-hills: partly on two hills (both the tank's own), several pieces
//                          make one hill, crests on a plateau are two hills (hill to hill)
//   escarpments            GF9-escarpments: every escarpment the line crosses is judged; a hill cut
//                          by a cliff is ruled (fixed rows, and random cliffs at any angle)
//   moves                  GF9-rivers, -canals, -rough, -swamps: the bridge, the ford and the road
//                          measured on what the moving base crosses; the same layouts turned
//   hand-entered           the keys added for those ([[escarpment]], move.without_via, same_hill)
//   view                   the table view's overlaps (GF9 and AGV)
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <map>
#include <random>

#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"
#include "test_table_support.hpp"

namespace tt = umpire::tabletop;
using umpire::test::at;
using umpire::test::strings;
using namespace umpire::test::table;

namespace {

// ---- independent geometry ---------------------------------------------------------

struct P {
    double x, y;
};
struct Disc {
    double x, y, r;
};
struct Hill {
    std::string name;
    std::vector<Disc> discs;
};
struct Tank {
    std::string name;
    double x, y, facing;
};

constexpr double kMargin = 0.2;
const double kPi = std::acos(-1.0);

// The table format's rectangle (docs/tables.md): 1.5 in across the front, 2.5 in deep, facing
// degrees clockwise from +y.
P local(const Tank& t, double across, double along) {
    const double a = t.facing * kPi / 180;
    return {t.x + across * std::cos(a) + along * std::sin(a), t.y - across * std::sin(a) + along * std::cos(a)};
}
std::vector<P> tank_points(const Tank& t) {
    std::vector<P> out;
    for (int i = 0; i <= 24; ++i)
        for (int j = 0; j <= 24; ++j) out.push_back(local(t, -0.75 + 1.5 * i / 24, -1.25 + 2.5 * j / 24));
    return out;
}
std::vector<P> tank_corners(const Tank& t) { return {local(t, -0.75, 1.25), local(t, 0.75, 1.25), local(t, 0.75, -1.25), local(t, -0.75, -1.25)}; }

// Signed distance to a union of discs: < 0 inside.
double sd(const Hill& h, P p) {
    double d = 1e9;
    for (const auto& c : h.discs) d = std::min(d, std::hypot(p.x - c.x, p.y - c.y) - c.r);
    return d;
}
double seg_dist(P a, P b, P c) {
    const double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    const double t = l2 > 0 ? std::clamp(((c.x - a.x) * dx + (c.y - a.y) * dy) / l2, 0.0, 1.0) : 0.0;
    return std::hypot(a.x + t * dx - c.x, a.y + t * dy - c.y);
}

enum class On { no, partly, wholly, unclear };
// GF9-hills: partly or wholly on the hill (the whole hill: the union of its pieces).
On on(const Tank& t, const Hill& h) {
    double lo = 1e9, hi = -1e9;
    for (auto p : tank_points(t)) {
        const double d = sd(h, p);
        lo = std::min(lo, d), hi = std::max(hi, d);
    }
    if (hi < -kMargin) return On::wholly;
    if (lo > kMargin) return On::no;
    if (lo < -kMargin && hi > kMargin) return On::partly;
    return On::unclear;
}
// A line crosses a hill: -1 clear, 1 crosses, 0 too close to tell.
int crosses(P a, P b, const Hill& h) {
    double d = 1e9;
    for (const auto& c : h.discs) d = std::min(d, seg_dist(a, b, {c.x, c.y}) - c.r);
    return d < -kMargin ? 1 : d > kMargin ? -1 : 0;
}

std::string hill_pieces(const std::vector<Hill>& hills) {
    std::string s;
    for (const auto& h : hills)
        for (std::size_t i = 0; i < h.discs.size(); ++i)
            s += "[[piece]]\nkind = \"hill\"\nname = \"" + h.name + " " + std::to_string(i + 1) + "\"\nhill = \"" + h.name + "\"\ncircle = [" +
                 num(h.discs[i].x) + ", " + num(h.discs[i].y) + ", " + num(h.discs[i].r) + "]\n";
    return s;
}

tt::Systems systems() { return tt::table_systems(umpire::test::engine()); }
tt::Sketch sketch(const std::string& text) { return tt::read_sketch(toml::parse(text), "mem.toml", systems()); }
umpire::Ruling rule_mem(const std::string& table_text, const std::string& situation) {
    return umpire::test::engine().rule_on_table("gf9-tanks", toml::parse("table = \"mem.toml\"\n" + situation), "mem-situation.toml",
                                                sketch(table_text));
}
umpire::json::Value mem(const std::string& table_text, const std::string& situation) { return rule_mem(table_text, situation).to_json(); }

const std::string kLos = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\n[target]\nbase = \"B\"\n";
std::string move_to(double x, double y) {
    return "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [[" + num(x) + ", " + num(y) + "]]\n";
}
std::string tanks(const Tank& a, const Tank& b) { return tank(a.name, a.x, a.y, a.facing) + tank(b.name, b.x, b.y, b.facing); }

// The text's line of sight over hills (GF9-hills) for two tanks, read independently: each tank is
// on every hill it is partly or wholly on; those hills have no effect (the firer's) or are traced
// onto (the target's); hill to hill when the firer is wholly on a hill the target is not on and
// the target wholly on one the firer is not on (Umpire's "apart" reading, rules-data
// another_hill); else any other hill across the line to the target's centre or a corner blocks,
// and gives cover when some of those lines pass clear. `distinct`: hill to hill with any two
// different hills instead (the other reading). Empty when a measurement is too close to call.
struct Verdict {
    std::string los;
    bool cover = false, hill_to_hill = false;
    On firer = On::no, target = On::no;
};
std::optional<Verdict> text_los(const std::vector<Hill>& hills, const Tank& f, const Tank& g, bool distinct = false) {
    std::vector<On> fo, to;
    Verdict v;
    for (const auto& h : hills) {
        fo.push_back(on(f, h)), to.push_back(on(g, h));
        if (fo.back() == On::unclear || to.back() == On::unclear) return std::nullopt;
        v.firer = std::max(v.firer, fo.back()), v.target = std::max(v.target, to.back());
    }
    for (std::size_t x = 0; x < hills.size(); ++x)
        for (std::size_t y = 0; y < hills.size(); ++y)
            if (x != y && fo[x] == On::wholly && to[y] == On::wholly && (distinct || (to[x] == On::no && fo[y] == On::no))) v.hill_to_hill = true;
    if (v.hill_to_hill) return v.los = "clear", v;
    std::vector<P> ends = {{g.x, g.y}};
    for (auto c : tank_corners(g)) ends.push_back(c);
    std::vector<bool> blocked(ends.size(), false);
    bool any = false;
    for (std::size_t h = 0; h < hills.size(); ++h) {
        if (fo[h] != On::no || to[h] != On::no) continue;
        bool across = false;
        for (std::size_t i = 0; i < ends.size(); ++i) {
            const int c = crosses({f.x, f.y}, ends[i], hills[h]);
            if (c == 0) return std::nullopt;
            blocked[i] = blocked[i] || c > 0;
            across = across || c > 0;
        }
        any = any || across;
    }
    const bool some_clear = std::find(blocked.begin(), blocked.end(), false) != blocked.end();
    v.los = any && !some_clear ? "blocked" : "clear";
    v.cover = any && some_clear;
    return v;
}

const char* word(On o) { return o == On::wholly ? "wholly" : o == On::partly ? "partly" : "no"; }

}  // namespace

// =====================================================================================
// hills
// =====================================================================================

TEST_CASE("table gf9 review: GF9-hills, a tank partly on two hills is on both, and neither blocks its line", "[table][gf9-tanks][gf9-review]") {
    // Two hills whose edges meet; the firer straddles the seam (partly on each); the target stands
    // beyond the second hill. Both hills are the firer's own ("partially or wholly on the hill";
    // "that hill you are on has no affect"), so neither blocks. Laid out along x, y and a diagonal.
    struct Row { const char* what; double angle; double r1, r2; double beyond; };
    const Row rows[] = {
        {"along +x, equal hills", 0, 4, 4, 6},
        {"along +y, a small hill then a large one", 90, 3, 5, 5},
        {"along a diagonal, a large hill then a small one", 45, 5, 2.5, 7},
        {"along -x", 180, 3.5, 3.5, 4},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const double a = r.angle * kPi / 180, cx = 24, cy = 24;
        auto pt = [&](double d) { return P{cx + d * std::cos(a), cy + d * std::sin(a)}; };
        const P h1 = pt(-r.r1), h2 = pt(r.r2), seam = pt(0), tgt = pt(2 * r.r2 + r.beyond);
        const std::vector<Hill> hills = {{"West", {{h1.x, h1.y, r.r1}}}, {"East", {{h2.x, h2.y, r.r2}}}};
        const Tank f{"A", seam.x, seam.y, 90 - r.angle}, g{"B", tgt.x, tgt.y, 270 - r.angle};
        const auto j = mem(gf9_table(hill_pieces(hills) + tanks(f, g)), kLos);
        INFO(explanation(j));
        CHECK(fact(j, "firer.on_hill").as_string() == "partly");
        CHECK(fact(j, "line.hills_between").as_double() == 0);
        CHECK(at(j, "los").as_string() == "clear");
        CHECK(at(j, "cover").as_bool() == false);
        // The fact names both hills, each with what decided it.
        const std::string text = explanation(j);
        CHECK(text.find("partly on hill \"West\"") != std::string::npos);
        CHECK(text.find("partly on hill \"East\"") != std::string::npos);
        // And the other way round: the target on both hills, the firer beyond: traced onto both.
        const Tank f2{"A", tgt.x, tgt.y, 270 - r.angle}, g2{"B", seam.x, seam.y, 90 - r.angle};
        const auto k = mem(gf9_table(hill_pieces(hills) + tanks(f2, g2)), kLos);
        INFO(explanation(k));
        CHECK(fact(k, "target.on_hill").as_string() == "partly");
        CHECK(at(k, "los").as_string() == "clear");
        // A third hill across the line still blocks (it is no hill of either tank).
        const P h3 = pt(2 * r.r2 + r.beyond / 2);
        const std::vector<Hill> three = {hills[0], hills[1], {"Third", {{h3.x, h3.y, 1.8}}}};
        const Tank far{"B", pt(2 * r.r2 + r.beyond + 4).x, pt(2 * r.r2 + r.beyond + 4).y, 0};
        const auto b = mem(gf9_table(hill_pieces(three) + tanks(f, far)), kLos);
        INFO(explanation(b));
        CHECK(fact(b, "line.hills_between").as_double() == 1);
        CHECK(at(b, "los").as_string() == "blocked");
    }
}

TEST_CASE("table gf9 review: GF9-hills, several pieces make one hill: wholly on is judged on their union", "[table][gf9-tanks][gf9-review]") {
    // A hill of two overlapping discs; a tank across the seam, inside the union but in neither disc
    // alone, is wholly on the hill (docs/tables.md "Hills": the pieces of one `hill` name).
    struct Row { const char* what; std::vector<Disc> discs; Tank t; const char* on; };
    const Row rows[] = {
        {"two overlapping discs side by side, the tank across the seam", {{20, 24, 3}, {24.5, 24, 3}}, {"A", 22.25, 24, 0}, "wholly"},
        {"one above the other, the tank turned across the seam", {{24, 20, 3.2}, {24, 24.8, 3.2}}, {"A", 24, 22.4, 90}, "wholly"},
        {"three discs in a row", {{16, 24, 2.5}, {19.5, 24, 2.5}, {23, 24, 2.5}}, {"A", 17.75, 24, 90}, "wholly"},
        {"two discs apart (a gap between): across the gap only partly", {{20, 24, 2}, {25, 24, 2}}, {"A", 22.5, 24, 90}, "partly"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const std::vector<Hill> hills = {{"Twin", r.discs}};
        // Independent check of the layout itself.
        CHECK(std::string(word(on(r.t, hills[0]))) == r.on);
        const auto j = mem(gf9_table(hill_pieces(hills) + tanks(r.t, {"B", 44, 44, 0})), kLos);
        INFO(explanation(j));
        CHECK(fact(j, "firer.on_hill").as_string() == r.on);
        if (std::string(r.on) == "wholly") CHECK(explanation(j).find("its pieces taken together") != std::string::npos);
    }
}

TEST_CASE("table gf9 review: GF9-hills, two crests on one plateau are two hills: hill to hill over what lies between", "[table][gf9-tanks][gf9-review]") {
    // A plateau (a hill of its own name) with crests standing on it. Tanks wholly on two different
    // crests are each wholly on a hill the other is not on: hill to hill, over the third crest and
    // over a tank between ("wholly on a hill ... wholly on another hill").
    const std::vector<Hill> hills = {{"Plateau", {{24, 24, 14}}}, {"North crest", {{24, 33, 3}}}, {"South crest", {{24, 15, 3}}},
                                     {"Middle crest", {{24, 24, 2.5}}}};
    for (const double dx : {-1.0, 0.0, 1.0}) {
        const Tank f{"A", 24 + dx, 33, 180}, g{"B", 24 - dx, 15, 0};
        INFO("offset " << dx);
        const auto j = mem(gf9_table(hill_pieces(hills) + tanks(f, g) + tank("C", 24, 27.5, 90)), kLos);
        INFO(explanation(j));
        CHECK(fact(j, "line.same_hill").as_bool() == false);
        CHECK(at(j, "hill_to_hill").as_bool());
        CHECK(at(j, "los").as_string() == "clear");
        CHECK(at(j, "referee_call").as_bool() == false);  // over the tank between: hill to hill passes over tanks
        const auto v = text_los(hills, f, g);
        REQUIRE(v);
        CHECK(v->hill_to_hill);
    }
    // A crest and the plateau it stands on are not "another hill" for the tank on the crest (it is
    // on the plateau too): from the north crest to a tank on the plateau south of the middle crest
    // the middle crest blocks; read as any two different hills it would be hill to hill, so the
    // ruling is a referee's call showing both.
    const Tank f{"A", 24, 33, 180}, g{"B", 24, 17.5, 0};
    const auto j = mem(gf9_table(hill_pieces({hills[0], hills[1], hills[3]}) + tanks(f, g)), kLos);
    INFO(explanation(j));
    const auto apart = text_los({hills[0], hills[1], hills[3]}, f, g, false), distinct = text_los({hills[0], hills[1], hills[3]}, f, g, true);
    REQUIRE(apart);
    REQUIRE(distinct);
    CHECK(apart->los == "blocked");
    CHECK(distinct->los == "clear");
    CHECK(at(j, "los").as_string() == apart->los);
    CHECK(at(j, "referee_call").as_bool());
    CHECK(explanation(j).find("LINE OF SIGHT CLEAR; as measured: LINE OF SIGHT BLOCKED") != std::string::npos);
}

TEST_CASE("table gf9 review: GF9-hills on random tables agree with an independent reading of the text", "[table][gf9-tanks][gf9-review][property]") {
    std::mt19937 rng(22);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    int checked = 0, on_two = 0, multi_wholly = 0, hill_to_hill = 0, blocked = 0, cover = 0, calls = 0;
    for (int n = 0; n < 600; ++n) {
        std::vector<Hill> hills;
        Tank f{"A", u(4, 44), u(4, 44), 15.0 * static_cast<int>(u(0, 24))}, g{"B", u(4, 44), u(4, 44), 15.0 * static_cast<int>(u(0, 24))};
        const int layout = n % 5;
        if (layout == 0) {  // two hills meeting, the firer (or the target) on their seam
            const double a = u(0, 2 * kPi), r1 = u(2, 5), r2 = u(2, 5), cx = u(12, 36), cy = u(12, 36);
            hills = {{"H1", {{cx - r1 * std::cos(a), cy - r1 * std::sin(a), r1}}}, {"H2", {{cx + r2 * std::cos(a), cy + r2 * std::sin(a), r2}}}};
            Tank& t = n % 8 == 0 ? f : g;
            t.x = cx + u(-0.5, 0.5), t.y = cy + u(-0.5, 0.5);
        } else if (layout == 1) {  // a hill of 2 or 3 overlapping pieces, a tank near a seam
            const double cx = u(12, 36), cy = u(12, 36), r = u(2.5, 4);
            Hill h{"Multi", {{cx, cy, r}}};
            const int k = 1 + static_cast<int>(u(1, 3));
            for (int i = 1; i < k; ++i) h.discs.push_back({cx + u(0.8, 1.6) * r * (i % 2 ? 1 : -1), cy + u(-1, 1), r * u(0.8, 1.2)});
            hills = {h, {"Other", {{u(4, 44), u(4, 44), u(2, 4)}}}};
            f.x = (h.discs[0].x + h.discs[1].x) / 2, f.y = (h.discs[0].y + h.discs[1].y) / 2;
        } else if (layout == 2) {  // a plateau with crests
            const double cx = u(16, 32), cy = u(16, 32), R = u(9, 12);
            hills = {{"Plateau", {{cx, cy, R}}}};
            for (int i = 0; i < 3; ++i) {
                const double a = u(0, 2 * kPi), d = u(0, R - 4);
                hills.push_back({"Crest " + std::to_string(i), {{cx + d * std::cos(a), cy + d * std::sin(a), u(1.8, 3)}}});
            }
            f.x = hills[1].discs[0].x + u(-1, 1), f.y = hills[1].discs[0].y + u(-1, 1);
            g.x = hills[2].discs[0].x + u(-1, 1), g.y = hills[2].discs[0].y + u(-1, 1);
        } else if (layout == 4) {  // a small hill just in front of the target, to one side of the line
            const double dx = g.x - f.x, dy = g.y - f.y, l = std::hypot(dx, dy), back = u(2.5, 4), side = u(-1.2, 1.2);
            if (l < 6) continue;
            hills = {{"Hump", {{g.x - dx / l * back - dy / l * side, g.y - dy / l * back + dx / l * side, u(0.3, 0.9)}}}};
        } else {  // anything: 3 to 5 hills of 1 or 2 pieces, one of them near the middle of the line
            const double mx = (f.x + g.x) / 2 + u(-2, 2), my = (f.y + g.y) / 2 + u(-2, 2);
            hills.push_back({"Mid", {{mx, my, u(0.4, 3)}}});
            const int k = 2 + static_cast<int>(u(0, 3));
            for (int i = 0; i < k; ++i) {
                Hill h{"R" + std::to_string(i), {{u(4, 44), u(4, 44), u(1.5, 5)}}};
                if (u(0, 1) < 0.4) h.discs.push_back({h.discs[0].x + u(-3, 3), h.discs[0].y + u(-3, 3), u(1.5, 4)});
                hills.push_back(h);
            }
        }
        auto clamp_in = [](Tank& t) { t.x = std::clamp(t.x, 2.0, 46.0), t.y = std::clamp(t.y, 2.0, 46.0); };
        clamp_in(f), clamp_in(g);
        bool fits = true;  // every disc on the table
        for (const auto& h : hills)
            for (const auto& d : h.discs) fits = fits && d.x - d.r > 0 && d.x + d.r < 48 && d.y - d.r > 0 && d.y + d.r < 48;
        if (!fits || std::hypot(f.x - g.x, f.y - g.y) < 3) continue;
        const auto apart = text_los(hills, f, g), distinct = text_los(hills, f, g, true);
        if (!apart || !distinct) continue;
        ++checked;
        const auto j = mem(gf9_table(hill_pieces(hills) + tanks(f, g)), kLos);
        INFO("layout " << n << "\n" << hill_pieces(hills) << tanks(f, g) << explanation(j));
        CHECK(fact(j, "firer.on_hill").as_string() == word(apart->firer));
        CHECK(fact(j, "target.on_hill").as_string() == word(apart->target));
        CHECK(at(j, "los").as_string() == apart->los);
        CHECK(at(j, "cover").as_bool() == apart->cover);
        CHECK(at(j, "hill_to_hill").as_bool() == apart->hill_to_hill);
        // The other reading of "another hill" is a referee's call exactly when it changes the verdict.
        const bool differs = apart->los != distinct->los || apart->cover != distinct->cover;
        CHECK(at(j, "referee_call").as_bool() == differs);
        int on_count = 0;
        for (const auto& h : hills) on_count += on(f, h) != On::no ? 1 : 0;
        on_two += on_count > 1;
        for (const auto& h : hills)
            if (h.discs.size() > 1 && on(f, h) == On::wholly) {
                bool in_one = false;
                for (const auto& d : h.discs) in_one = in_one || on(f, {"", {d}}) == On::wholly;
                multi_wholly += !in_one;
            }
        hill_to_hill += apart->hill_to_hill, blocked += apart->los == "blocked", cover += apart->cover, calls += differs;
    }
    INFO("checked " << checked << ", firer on two hills " << on_two << ", wholly on a union only " << multi_wholly << ", hill to hill " << hill_to_hill
                    << ", blocked " << blocked << ", cover " << cover << ", calls " << calls);
    CHECK(checked >= 300);
    CHECK(on_two >= 20);
    CHECK(multi_wholly >= 5);
    CHECK(hill_to_hill >= 10);
    CHECK(blocked >= 10);
    CHECK(cover >= 5);
}

TEST_CASE("table gf9 review: GF9-hills, a hill of 200 overlapping pieces is measured in bounded time", "[table][gf9-tanks][gf9-review][bounds]") {
    // The union of a hill's pieces is measured from every piece's edges against every other's:
    // 200 pieces of 30 points (the most values a table file holds), all overlapping, both tanks on
    // the hill: one hill, so neither affects the line (GF9-hills), in well under the bound.
    std::string body;
    for (int i = 0; i < 200; ++i) {
        const double cx = 24 + 3 * std::cos(i * 0.7), cy = 24 + 3 * std::sin(i * 0.7);
        body += "[[piece]]\nkind = \"hill\"\nname = \"p" + std::to_string(i) + "\"\nhill = \"Big\"\npoints = [";
        for (int k = 0; k < 30; ++k)
            body += (k ? ", [" : "[") + num(std::round((cx + 8 * std::cos(2 * kPi * k / 30)) * 100) / 100) + ", " +
                    num(std::round((cy + 8 * std::sin(2 * kPi * k / 30)) * 100) / 100) + "]";
        body += "]\n";
    }
    const auto start = std::chrono::steady_clock::now();
    const auto j = mem(gf9_table(body + tank("A", 24, 24) + tank("B", 30, 28, 45)), kLos);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    INFO(explanation(j));
    CHECK(fact(j, "firer.on_hill").as_string() == "wholly");
    CHECK(fact(j, "target.on_hill").as_string() == "wholly");
    CHECK(fact(j, "line.same_hill").as_bool());
    CHECK(at(j, "los").as_string() == "clear");
}

// =====================================================================================
// escarpments
// =====================================================================================

namespace {

// A straight escarpment across the table (from x = 0 to 48 at height y, or from y = 0 to 48 at
// x when `vertical`); `top_high`: its top is the side of larger y (or x).
struct Cliff {
    std::string name;
    double at;
    bool top_high;
};
std::string cliffs(const std::vector<Cliff>& cs, bool vertical) {
    std::string s;
    for (const auto& c : cs) {
        // Walking towards +x (or +y), the left side is +y (or -x).
        const bool left = vertical ? !c.top_high : c.top_high;
        s += "[[piece]]\nkind = \"escarpment\"\nname = \"" + c.name + "\"\nline = " +
             (vertical ? "[[" + num(c.at) + ", 0], [" + num(c.at) + ", 48]]" : "[[0, " + num(c.at) + "], [48, " + num(c.at) + "]]") + "\ntop = \"" +
             (left ? "left" : "right") + "\"\n";
    }
    return s;
}

// The text's escarpment verdict (GF9-escarpments), per escarpment the line crosses: a firer on
// top with the target below and closer, or a firer not on it with the target on top and further,
// blocks. Empty when a difference is too close to call. `u`, `v`: the coordinates across and
// along each cliff line.
std::optional<bool> text_escarpments_block(const std::vector<Cliff>& cs, double fu, double fv, double tu, double tv) {
    bool blocks = false;
    for (const auto& c : cs) {
        if ((fu - c.at) * (tu - c.at) >= 0) continue;  // not crossed
        const double k = (c.at - fu) / (tu - fu);
        const double cv = fv + k * (tv - fv);
        const double fd = std::hypot(c.at - fu, cv - fv), td = std::hypot(c.at - tu, cv - tv);
        const bool f_top = (fu > c.at) == c.top_high, t_top = (tu > c.at) == c.top_high;
        if (std::fabs(fd - td) < kMargin) return std::nullopt;
        if (f_top && !t_top && td < fd) blocks = true;
        if (!f_top && t_top && td > fd) blocks = true;
    }
    return blocks;
}

}  // namespace

TEST_CASE("table gf9 review: GF9-escarpments, every escarpment the line crosses is judged, not only the first", "[table][gf9-tanks][gf9-review]") {
    // Two cliffs stepping down (a terrace). Rows give the cliffs (across-coordinate, top side), the
    // firer's and the target's across-coordinates, and which cliff blocks (0 none).
    struct Row { const char* what; std::vector<Cliff> cs; double fu, tu; int blocker; };
    const Row rows[] = {
        {"terrace down: the target under the lower step, closer to it than the firer: the second blocks",
         {{"Upper", 30, true}, {"Lower", 18, true}}, 34, 16, 2},
        {"terrace down: the target well out from the lower step: neither blocks", {{"Upper", 30, true}, {"Lower", 18, true}}, 31, 4, 0},
        {"the target under the upper step, closer to it: the first blocks", {{"Upper", 30, true}, {"Lower", 18, true}}, 40, 27, 1},
        {"the terrace the other way round (its tops towards lower coordinates): the second crossed blocks",
         {{"Upper", 18, false}, {"Lower", 30, false}}, 14, 32, 2},
        {"across a raised strip from foot to foot: both faces block", {{"South face", 16, true}, {"North face", 32, false}}, 12, 36, 1},
        {"the firer below, the target on top of both steps and further back than the firer: both block", {{"Lower", 18, true}, {"Upper", 22, true}},
         16, 40, 1},
    };
    for (const bool vertical : {false, true})
        for (const auto& r : rows) {
            INFO(r.what << (vertical ? " (cliffs along y)" : " (cliffs along x)"));
            const double v = 20;
            const Tank f{"A", vertical ? r.fu : v, vertical ? v : r.fu, 0}, g{"B", vertical ? r.tu : v + 2, vertical ? v + 2 : r.tu, 0};
            const auto expect = text_escarpments_block(r.cs, r.fu, v, r.tu, v + 2);
            REQUIRE(expect);
            CHECK(*expect == (r.blocker != 0));
            const auto j = mem(gf9_table(cliffs(r.cs, vertical) + tanks(f, g)), kLos);
            INFO(explanation(j));
            CHECK(at(j, "los").as_string() == (r.blocker ? "blocked" : "clear"));
            CHECK(at(j, "referee_call").as_bool() == false);
            // A second escarpment crossed is measured into [[escarpment]] and named in the explanation.
            int crossed = 0;
            for (const auto& c : r.cs) crossed += (r.fu - c.at) * (r.tu - c.at) < 0;
            CHECK(fact(j, "escarpment[0].name").is_string() == (crossed == 2));
            if (r.blocker && crossed == 2)
                CHECK(at(j, "verdict_detail").as_string().find(r.blocker == 1 ? "Escarpment 1" : "Escarpment 2") != std::string::npos);
        }
}

TEST_CASE("table gf9 review: GF9-escarpments on random tables with two cliffs agree with the text", "[table][gf9-tanks][gf9-review][property]") {
    std::mt19937 rng(2022);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    int checked = 0, blocked = 0, second_only = 0;
    for (int n = 0; n < 500; ++n) {
        const bool vertical = n % 2 == 1;
        std::vector<Cliff> cs = {{"First", u(8, 22), u(0, 1) < 0.5}, {"Second", u(26, 40), u(0, 1) < 0.5}};
        const double fu = u(2, 46), fv = u(4, 44), tu = u(2, 46), tv = u(4, 44);
        bool near_line = false;
        for (const auto& c : cs) near_line = near_line || std::fabs(fu - c.at) < 2 || std::fabs(tu - c.at) < 2;
        if (near_line) continue;  // a base across a cliff line: not this test's question
        const auto expect = text_escarpments_block(cs, fu, fv, tu, tv);
        if (!expect) continue;
        ++checked;
        const Tank f{"A", vertical ? fu : fv, vertical ? fv : fu, 0}, g{"B", vertical ? tu : tv, vertical ? tv : tu, 0};
        const auto j = mem(gf9_table(cliffs(cs, vertical) + tanks(f, g)), kLos);
        INFO("layout " << n << "\n" << cliffs(cs, vertical) << tanks(f, g) << explanation(j));
        CHECK(at(j, "los").as_string() == (*expect ? "blocked" : "clear"));
        blocked += *expect;
        // Blocked by the second cliff crossed alone: the class that judged only the first missed these.
        const bool both = (fu - cs[0].at) * (tu - cs[0].at) < 0 && (fu - cs[1].at) * (tu - cs[1].at) < 0;
        const bool first_alone = text_escarpments_block({fu < tu ? cs[0] : cs[1]}, fu, fv, tu, tv).value_or(false);
        second_only += both && *expect && !first_alone;
    }
    INFO("checked " << checked << ", blocked " << blocked << ", blocked by the second only " << second_only);
    CHECK(checked >= 250);
    CHECK(blocked >= 30);
    CHECK(second_only >= 5);
}

TEST_CASE("table gf9 review: GF9-escarpments and GF9-hills, a hill cut by a cliff is ruled", "[table][gf9-tanks][gf9-review]") {
    // A hill with a cliff across it: both tanks on the hill, one on top of the cliff, one below it.
    // The escarpment is judged first (a target below and closer than the firer is hidden); else
    // both are on the one hill, which has no effect.
    struct Row { const char* what; double fy, ty; const char* los; };
    const Row rows[] = {
        {"firer on top 4 in back, target below 1.5 in out (closer): blocked", 28, 22.5, "blocked"},
        {"firer on top 1.5 in back, target below 4 in out (further): clear, the same hill", 25.5, 20, "clear"},
        {"firer below 1.5 in out, target on top 4 in back (further): blocked", 22.5, 28, "blocked"},
        {"firer below 4 in out, target on top 1.5 in back (closer): clear", 20, 25.5, "clear"},
    };
    const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"Cut hill\"\ncircle = [24, 24, 7]\n";
    for (const double x : {21.0, 24.0, 27.0})
        for (const auto& r : rows) {
            INFO(r.what << " at x = " << x);
            const auto j = mem(gf9_table(hill + cliffs({{"Cliff", 24, true}}, false) + tank("A", x, r.fy) + tank("B", x, r.ty)), kLos);
            INFO(explanation(j));
            CHECK(at(j, "los").as_string() == r.los);
            CHECK(fact(j, "line.same_hill").as_bool());
            CHECK(fact(j, "firer.on_hill").as_string() == "wholly");
        }
}

TEST_CASE("table gf9 review: GF9-escarpments and GF9-hills, random hills cut by a cliff at any angle agree with the text", "[table][gf9-tanks][gf9-review][property]") {
    // A round hill with a straight cliff through it at a random angle, both tanks wholly on the
    // hill, each at least 1.5 in from the cliff line. The text read here: both are on the one hill,
    // which has no effect (GF9-hills); the cliff blocks when the firer is on top and the target
    // below and closer to it along the line, or the firer below and the target on top and further
    // (GF9-escarpments); otherwise clear.
    std::mt19937 rng(1941);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    int checked = 0, blocked = 0;
    for (int n = 0; n < 600; ++n) {
        const double cx = u(20, 28), cy = u(20, 28), R = u(6, 9), th = u(0, 2 * kPi);
        const P d{std::cos(th), std::sin(th)}, p0{cx + u(-2, 2) * -d.y, cy + u(-2, 2) * d.x};  // the cliff's direction and a point on it
        const bool top_left = n % 2 == 0;
        auto place = [&]() {
            const double a = u(0, 2 * kPi), r = u(0, R - 1.6);
            return Tank{"", cx + r * std::cos(a), cy + r * std::sin(a), 15.0 * static_cast<int>(u(0, 24))};
        };
        Tank f = place(), g = place();
        f.name = "A", g.name = "B";
        auto side = [&](const Tank& t) { return d.x * (t.y - p0.y) - d.y * (t.x - p0.x); };  // > 0: left of the cliff's direction
        const double sf = side(f), sg = side(g);
        if (std::fabs(sf) < 1.5 || std::fabs(sg) < 1.5 || std::hypot(f.x - g.x, f.y - g.y) < 3) continue;
        const bool f_top = (sf > 0) == top_left, t_top = (sg > 0) == top_left;
        bool block = false;
        if (f_top != t_top) {
            const double k = sf / (sf - sg);  // where the line of sight crosses the cliff
            const double fd = k * std::hypot(g.x - f.x, g.y - f.y), td = (1 - k) * std::hypot(g.x - f.x, g.y - f.y);
            if (std::fabs(fd - td) < kMargin) continue;
            block = f_top ? td < fd : td > fd;
        }
        ++checked;
        blocked += block;
        const std::string table = "[[piece]]\nkind = \"hill\"\nname = \"Cut hill\"\ncircle = [" + num(cx) + ", " + num(cy) + ", " + num(R) +
                                  "]\n[[piece]]\nkind = \"escarpment\"\nname = \"Cliff\"\nline = [[" + num(p0.x - 20 * d.x) + ", " + num(p0.y - 20 * d.y) +
                                  "], [" + num(p0.x + 20 * d.x) + ", " + num(p0.y + 20 * d.y) + "]]\ntop = \"" + (top_left ? "left" : "right") + "\"\n" +
                                  tanks(f, g);
        const auto j = mem(gf9_table(table), kLos);
        INFO("layout " << n << "\n" << table << explanation(j));
        CHECK(at(j, "los").as_string() == (block ? "blocked" : "clear"));
        CHECK(fact(j, "line.same_hill").as_bool());
        CHECK(at(j, "referee_call").as_bool() == false);
    }
    INFO("checked " << checked << ", blocked " << blocked);
    CHECK(checked >= 120);
    CHECK(blocked >= 25);
    CHECK(checked - blocked >= 15);
}

// =====================================================================================
// moves
// =====================================================================================

namespace {

// A river along y = ry, `w` wide, across the table, and a bridge over it: a rectangle from bx0 to
// bx1, reaching `over` beyond each bank.
struct Crossing {
    double ry, w, bx0, bx1, over;
};
std::string river_and_bridge(const Crossing& c, const std::string& kind = "river", const std::string& via = "bridge") {
    return "[[piece]]\nkind = \"" + kind + "\"\nname = \"Water\"\nline = [[0, " + num(c.ry) + "], [48, " + num(c.ry) + "]]\nwidth = " + num(c.w) +
           "\n[[piece]]\nkind = \"" + via + "\"\nname = \"Span\"\npoints = [[" + num(c.bx0) + ", " + num(c.ry - c.w / 2 - c.over) + "], [" +
           num(c.bx1) + ", " + num(c.ry - c.w / 2 - c.over) + "], [" + num(c.bx1) + ", " + num(c.ry + c.w / 2 + c.over) + "], [" + num(c.bx0) +
           ", " + num(c.ry + c.w / 2 + c.over) + "]]\n";
}

// The text's ruling of a straight move of a tank facing along y (GF9-rivers): impassable when the
// base is ever over the water off the bridge; a single move when it goes onto, over or off the
// bridge, or into the water at it; normal otherwise. The tank sampled on a 13 x 13 grid every
// 0.05 in of the move; empty when a deciding measure lies within the margin of its threshold.
std::optional<std::string> text_move(const Crossing& c, double x, double y0, double y1) {
    double off_strict = -1e9, off_loose = -1e9;  // how far outside the bridge a point over the water lies
    double touch = -1e9;                         // how far into the bridge or the water the base reaches
    const int n = std::max(1, static_cast<int>(std::ceil(std::fabs(y1 - y0) / 0.05)));
    for (int i = 0; i <= n; ++i) {
        const Tank t{"A", x, y0 + (y1 - y0) * i / n, 0};
        for (int a = 0; a <= 12; ++a)
            for (int b = 0; b <= 12; ++b) {
                const P p = local(t, -0.75 + 1.5 * a / 12, -1.25 + 2.5 * b / 12);
                const double water = c.w / 2 - std::fabs(p.y - c.ry);  // > 0 over the water
                const double bridge = std::min({p.x - c.bx0, c.bx1 - p.x, c.ry + c.w / 2 + c.over - p.y, p.y - (c.ry - c.w / 2 - c.over)});
                if (water > kMargin) off_strict = std::max(off_strict, -bridge);
                if (water > -kMargin) off_loose = std::max(off_loose, -bridge);
                touch = std::max({touch, bridge, water});
            }
    }
    if (off_strict > kMargin && off_loose > kMargin) return std::string("impassable");
    const bool not_off = off_strict < -kMargin && off_loose < -kMargin;
    if (!not_off && off_loose > -1e8) return std::nullopt;
    if (touch > kMargin) return std::string("single-move");
    if (touch < -kMargin) return std::string("normal");
    return std::nullopt;
}

}  // namespace

TEST_CASE("table gf9 review: GF9-rivers, a tank that only touches a bridge while crossing beside it cannot cross", "[table][gf9-tanks][gf9-review]") {
    // The bridge from x = 22 to 26; the tank (1.5 in wide) crosses with its centre at x, so part of
    // it is over the water off the bridge: rivers are impassable except at bridges or fords.
    for (const double w : {1.0, 2.0, 3.0})
        for (const double x : {21.0, 21.6, 26.4, 27.0}) {
            INFO("river " << w << " in wide, the tank's centre at x = " << x);
            const Crossing c{20, w, 22, 26, 1};
            REQUIRE(text_move(c, x, 30, 10) == std::optional<std::string>("impassable"));
            const auto j = mem(gf9_table(river_and_bridge(c) + tank("A", x, 30)), move_to(x, 10));
            INFO(explanation(j));
            CHECK(at(j, "movement").as_string() == "impassable");
            CHECK(umpire::test::contains(strings(at(j, "citations")), "GF9-rivers"));
            CHECK(explanation(j).find("beyond the bridge's edge") != std::string::npos);
        }
    // The same on a canal, and at a ford.
    const Crossing c{20, 2, 22, 26, 1};
    CHECK(at(mem(gf9_table(river_and_bridge(c, "canal") + tank("A", 21.5, 30)), move_to(21.5, 10)), "movement").as_string() == "impassable");
    CHECK(at(mem(gf9_table(river_and_bridge(c, "river", "ford") + tank("A", 21.5, 30)), move_to(21.5, 10)), "movement").as_string() == "impassable");
}

TEST_CASE("table gf9 review: GF9-rivers and GF9-canals, onto, over or off a bridge is a single move in every layout", "[table][gf9-tanks][gf9-review]") {
    // The bridge reaches 2 in beyond each bank, so a move onto or off it need not reach the water.
    const Crossing c{20, 2, 22, 26, 2};
    struct Row { const char* what; double y0, y1; };
    const Row rows[] = {
        {"over it, south to north", 10, 30},
        {"over it, north to south", 30, 10},
        {"onto its south end, short of the water", 14, 17},
        {"off its north end, from above the bank", 23.5, 30},
        {"onto it and stopping over the water", 12, 20},
        {"off it from the middle of the span", 20, 12},
    };
    for (const char* kind : {"river", "canal"})
        for (const double x : {23.0, 24.0, 25.0})
            for (const auto& r : rows) {
                INFO(kind << ", " << r.what << ", x = " << x);
                REQUIRE(text_move(c, x, r.y0, r.y1) == std::optional<std::string>("single-move"));
                const auto j = mem(gf9_table(river_and_bridge(c, kind) + tank("A", x, r.y0)), move_to(x, r.y1));
                INFO(explanation(j));
                CHECK(at(j, "movement").as_string() == "single-move");
                CHECK(fact(j, "move.via").dump().find("bridge") != std::string::npos);
                CHECK(fact(j, "move.without_via").is_null());
            }
}

TEST_CASE("table gf9 review: GF9-rough and GF9-swamps, a road excuses only the ground it passes through, while the move follows it", "[table][gf9-tanks][gf9-review]") {
    // A road along x = 24, 2 in wide, from y = 0 to 48. Pieces: one the road runs through, one
    // beside it (the road does not pass through it). The tank (1.5 in wide) drives north.
    const std::string road = "[[piece]]\nkind = \"road\"\nname = \"Lane\"\nline = [[24, 0], [24, 48]]\nwidth = 2\n";
    auto area = [](const std::string& kind, const std::string& name, double x0, double y0, double x1, double y1) {
        return "[[piece]]\nkind = \"" + kind + "\"\nname = \"" + name + "\"\npoints = [[" + num(x0) + ", " + num(y0) + "], [" + num(x1) + ", " +
               num(y0) + "], [" + num(x1) + ", " + num(y1) + "], [" + num(x0) + ", " + num(y1) + "]]\n";
    };
    struct Row { const char* what; std::string pieces; double x0, y0; std::string path; const char* movement; };
    const Row rows[] = {
        {"along the road through rough ground: normal", area("rough", "Scrub", 18, 16, 30, 26), 24, 8, "[[24, 34]]", "normal"},
        {"along the road through desert, near the road's edge: normal", area("desert", "Sand", 20, 16, 28, 26), 24.8, 8, "[[24.8, 34]]", "normal"},
        {"along the road brushing rough ground beside it (the road does not pass through it): single move",
         area("rough", "Verge", 25.2, 16, 32, 26), 24.6, 8, "[[24.6, 34]]", "single-move"},
        {"along the road brushing a swamp beside it: impassable", area("swamp", "Bog", 25.2, 16, 32, 26), 24.6, 8, "[[24.6, 34]]", "impassable"},
        {"along the road through a swamp: normal", area("swamp", "Bog", 18, 16, 30, 26), 24, 8, "[[24, 34]]", "normal"},
        {"into the rough ground along the road, then off the road inside it: single move", area("rough", "Scrub", 18, 16, 30, 26), 24, 8,
         "[[24, 20], [28, 24]]", "single-move"},
        {"a swamp crossed along the road, rough ground beside it brushed: single move (the rough ground's limit)",
         area("swamp", "Bog", 18, 10, 30, 16) + area("rough", "Verge", 25.2, 26, 32, 30), 24.6, 6, "[[24.6, 34]]", "single-move"},
        {"off the road through the rough ground, parallel to it: single move", area("rough", "Scrub", 18, 16, 30, 26), 20, 8, "[[20, 34]]", "single-move"},
        {"onto the road from the rough ground beside it: single move", area("rough", "Scrub", 18, 16, 30, 26), 19, 20, "[[24, 20], [24, 34]]", "single-move"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = mem(gf9_table(road + r.pieces + tank("A", r.x0, r.y0)),
                           "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = " + r.path + "\n");
        INFO(explanation(j));
        CHECK(at(j, "movement").as_string() == r.movement);
    }
}


namespace {

// A layout turned by `deg` degrees anticlockwise about the table's centre: the same text applies,
// so the ruling must not change (issue 22: "some layouts" were ruled differently).
struct Turn {
    double deg;
    P operator()(double x, double y) const {
        const double a = deg * kPi / 180, dx = x - 24, dy = y - 24;
        return {24 + dx * std::cos(a) - dy * std::sin(a), 24 + dx * std::sin(a) + dy * std::cos(a)};
    }
    // A tank facing +y before the turn (facing is clockwise from +y).
    double facing() const { return std::fmod(360 - deg, 360.0); }
    std::string pt(double x, double y) const {
        const P p = (*this)(x, y);
        return "[" + num(p.x) + ", " + num(p.y) + "]";
    }
    std::string rect(const std::string& kind, const std::string& name, double x0, double y0, double x1, double y1) const {
        return "[[piece]]\nkind = \"" + kind + "\"\nname = \"" + name + "\"\npoints = [" + pt(x0, y0) + ", " + pt(x1, y0) + ", " + pt(x1, y1) + ", " +
               pt(x0, y1) + "]\n";
    }
    std::string band(const std::string& kind, const std::string& name, double x0, double y0, double x1, double y1, double w) const {
        return "[[piece]]\nkind = \"" + kind + "\"\nname = \"" + name + "\"\nline = [" + pt(x0, y0) + ", " + pt(x1, y1) + "]\nwidth = " + num(w) + "\n";
    }
    std::string tank_at(double x, double y) const {
        const P p = (*this)(x, y);
        return tank("A", p.x, p.y, facing());
    }
    std::string move(const std::vector<P>& path) const {
        std::string s = "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [";
        for (std::size_t i = 0; i < path.size(); ++i) s += (i ? ", " : "") + pt(path[i].x, path[i].y);
        return s + "]\n";
    }
};

}  // namespace

TEST_CASE("table gf9 review: GF9-rivers, -canals, -rough, -swamps: the same crossings turned on the table rule the same", "[table][gf9-tanks][gf9-review][property]") {
    // Random river-and-bridge crossings (the river 40 in long so that it stays on the table when
    // turned), one in four as drawn and the others turned by a random angle, each checked against
    // the text's ruling of the unturned layout (text_move).
    std::mt19937 rng(2222);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    std::map<std::string, int> seen;
    int checked = 0;
    for (int n = 0; n < 300; ++n) {
        const double bx0 = u(16, 26);
        const Crossing c{u(16, 30), u(0.5, 3), bx0, bx0 + u(1.6, 5), u(0, 2.5)};
        const double x = u(bx0 - 3, c.bx1 + 3), y0 = u(5, 43), y1 = u(5, 43);
        const auto expect = text_move(c, x, y0, y1);
        if (!expect) continue;
        const Turn t{n % 4 == 0 ? 0.0 : u(0, 360)};
        const char* kind = n % 3 == 0 ? "canal" : "river";
        const std::string table = t.band(kind, "Water", 4, c.ry, 44, c.ry, c.w) +
                                  t.rect("bridge", "Span", c.bx0, c.ry - c.w / 2 - c.over, c.bx1, c.ry + c.w / 2 + c.over) + t.tank_at(x, y0);
        ++checked;
        ++seen[*expect];
        const auto j = mem(gf9_table(table), t.move({{x, y1}}));
        INFO("layout " << n << " turned " << t.deg << "\n" << table << " to " << t.pt(x, y1) << "\n" << explanation(j));
        CHECK(at(j, "movement").as_string() == *expect);
        CHECK(at(j, "referee_call").as_bool() == false);
    }
    INFO("checked " << checked << ": normal " << seen["normal"] << ", single " << seen["single-move"] << ", impassable " << seen["impassable"]);
    CHECK(checked >= 150);
    CHECK(seen["normal"] >= 10);
    CHECK(seen["single-move"] >= 10);
    CHECK(seen["impassable"] >= 10);

    // The road rows above (GF9-rough, -swamps), turned: the road excuses only the ground it passes
    // through, while the move follows it, whichever way the table lies.
    struct Area { const char* kind; double x0, y0, x1, y1; };
    struct Row { const char* what; std::vector<Area> areas; P from; std::vector<P> path; const char* movement; };
    const Row rows[] = {
        {"along the road through rough ground", {{"rough", 18, 16, 30, 26}}, {24, 8}, {{24, 34}}, "normal"},
        {"along the road brushing rough ground beside it", {{"rough", 25.2, 16, 32, 26}}, {24.6, 8}, {{24.6, 34}}, "single-move"},
        {"along the road through a swamp", {{"swamp", 18, 16, 30, 26}}, {24, 8}, {{24, 34}}, "normal"},
        {"along the road brushing a swamp beside it", {{"swamp", 25.2, 16, 32, 26}}, {24.6, 8}, {{24.6, 34}}, "impassable"},
        {"off the road inside the rough ground", {{"rough", 18, 16, 30, 26}}, {24, 8}, {{24, 20}, {28, 24}}, "single-move"},
        {"a swamp along the road, rough ground beside it", {{"swamp", 18, 10, 30, 16}, {"rough", 25.2, 26, 32, 30}}, {24.6, 6}, {{24.6, 34}}, "single-move"},
    };
    for (const double deg : {0.0, 30.0, 90.0, 135.0, 250.0})
        for (const auto& r : rows) {
            const Turn t{deg};
            std::string table = t.band("road", "Lane", 24, 3, 24, 45, 2);
            int i = 0;
            for (const auto& a : r.areas) table += t.rect(a.kind, std::string(a.kind) + " " + std::to_string(++i), a.x0, a.y0, a.x1, a.y1);
            const auto j = mem(gf9_table(table + t.tank_at(r.from.x, r.from.y)), t.move(r.path));
            INFO(r.what << ", turned " << deg << "\n" << explanation(j));
            CHECK(at(j, "movement").as_string() == r.movement);
        }
}

TEST_CASE("table gf9 review: GF9-rough and GF9-swamps on random roads agree with the text", "[table][gf9-tanks][gf9-review][property]") {
    // A road along x = 24 (w wide) and one rough or swamp rectangle; the tank drives north with its
    // centre at a fixed x, or steps sideways half-way. The text read here: the ground limits the
    // move when the base touches it, unless the road passes through that ground and the move goes
    // along the road there (the centre on the road's width wherever the base touches the ground).
    // The base sampled every 0.05 in; layouts within the margin of a threshold left out.
    std::mt19937 rng(1944);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    std::map<std::string, int> seen;
    int checked = 0;
    for (int n = 0; n < 300; ++n) {
        const double w = u(1, 3), x0 = u(14, 30), x1 = x0 + u(1, 10), y0 = u(12, 24), y1 = y0 + u(2, 12);
        const bool swamp = n % 4 == 0;
        const double cx = 24 + u(-w / 2 - 3, w / 2 + 3), cx2 = n % 3 == 0 ? cx + u(-4, 4) : cx;
        // The road passes through the ground: its width overlaps the rectangle's x range.
        const double through = std::min(x1, 24 + w / 2) - std::max(x0, 24 - w / 2);
        if (std::fabs(through) < kMargin) continue;
        std::vector<P> path = {{cx, 4}, {cx, 24}, {cx2, 24}, {cx2, 44}};
        double touch = -1e9, off_road = -1e9;  // how far the base reaches into the ground; how far off the road while it touches
        bool unclear = false;
        for (std::size_t k = 0; k + 1 < path.size(); ++k) {
            const P a = path[k], b = path[k + 1];
            const int steps = std::max(1, static_cast<int>(std::ceil(std::hypot(b.x - a.x, b.y - a.y) / 0.05)));
            for (int i = 0; i <= steps; ++i) {
                const Tank t{"A", a.x + (b.x - a.x) * i / steps, a.y + (b.y - a.y) * i / steps, 0};
                // Reach into the rectangle of the 1.5 x 2.5 base (axis-aligned): the overlap's lesser side.
                const double reach = std::min(std::min(t.x + 0.75, x1) - std::max(t.x - 0.75, x0), std::min(t.y + 1.25, y1) - std::max(t.y - 1.25, y0));
                touch = std::max(touch, reach);
                const double off = std::fabs(t.x - 24) - w / 2;
                if (reach > kMargin) off_road = std::max(off_road, off);
                else if (reach > -kMargin && std::fabs(off) < kMargin) unclear = true;
            }
        }
        if (unclear || std::fabs(touch) < kMargin || (touch > 0 && std::fabs(off_road) < kMargin)) continue;
        const bool excused = through > 0 && off_road < 0;
        const std::string expect = touch < 0 || excused ? "normal" : swamp ? "impassable" : "single-move";
        ++checked;
        ++seen[expect];
        const std::string table = "[[piece]]\nkind = \"road\"\nname = \"Lane\"\nline = [[24, 1], [24, 47]]\nwidth = " + num(w) + "\n[[piece]]\nkind = \"" +
                                  (swamp ? "swamp" : "rough") + "\"\nname = \"Ground\"\npoints = [[" + num(x0) + ", " + num(y0) + "], [" + num(x1) + ", " +
                                  num(y0) + "], [" + num(x1) + ", " + num(y1) + "], [" + num(x0) + ", " + num(y1) + "]]\n" + tank("A", cx, 4);
        const std::string move = "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [[" + num(cx) + ", 24], [" + num(cx2) +
                                 ", 24], [" + num(cx2) + ", 44]]\n";
        const auto j = mem(gf9_table(table), move);
        INFO("layout " << n << "\n" << table << move << explanation(j));
        CHECK(at(j, "movement").as_string() == expect);
    }
    INFO("checked " << checked << ": normal " << seen["normal"] << ", single " << seen["single-move"] << ", impassable " << seen["impassable"]);
    CHECK(checked >= 150);
    CHECK(seen["normal"] >= 20);
    CHECK(seen["single-move"] >= 20);
    CHECK(seen["impassable"] >= 5);
}

// =====================================================================================
// hand-entered
// =====================================================================================

TEST_CASE("gf9 review: [[escarpment]] judges each further escarpment, and its keys are required as the first's", "[gf9-tanks][gf9-review]") {
    const std::string head = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\non_escarpment = true\n[target]\non_escarpment = false\nbelow_escarpment = true\n"
                             "[line]\nescarpment_between = true\nfirer_distance_to_escarpment = 3\ntarget_distance_to_escarpment = 6\n";
    // The first escarpment does not block (the target further out); the second does (closer).
    const auto j = umpire::test::rule_toml(head + "[[escarpment]]\nname = \"Lower step\"\nfirer_on = true\ntarget_below = true\nbetween = true\n"
                                                  "firer_distance = 8\ntarget_distance = 1\n");
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(at(j, "verdict_detail").as_string().find("Escarpment 2 (\"Lower step\")") != std::string::npos);
    // Neither blocks.
    CHECK(at(umpire::test::rule_toml(head + "[[escarpment]]\nfirer_on = true\ntarget_below = true\nbetween = true\nfirer_distance = 1\ntarget_distance = 8\n"),
             "los")
              .as_string() == "clear");
    // A further escarpment both stand off (a plateau between) counts as a hill between (rules-data choice, flagged when it matters).
    const auto p = umpire::test::rule_toml("system = \"gf9-tanks\"\nquestion = \"los\"\n[[escarpment]]\nfirer_on = false\ntarget_on = false\nbetween = true\n");
    CHECK(at(p, "los").as_string() == "blocked");
    CHECK(at(p, "referee_call").as_bool());
    // Missing keys are located bad input.
    for (const auto& [body, says] : std::vector<std::pair<std::string, std::string>>{
             {"[[escarpment]]\ntarget_on = true\n", "escarpment[0].firer_on: missing required key"},
             {"[[escarpment]]\nfirer_on = true\ntarget_on = false\n", "escarpment[0].target_below: missing required key"},
             {"[[escarpment]]\nfirer_on = true\ntarget_below = true\n", "escarpment[0].firer_distance: missing required key"},
             {"[[escarpment]]\nfirer_on = true\ntarget_on = true\ntarget_below = true\n", "cannot be both on the escarpment and below it"},
         }) {
        INFO(body);
        const auto c = umpire::test::run_cli("rule -", "system = \"gf9-tanks\"\nquestion = \"los\"\n" + body);
        CHECK(c.status == 2);
        CHECK(c.err.find(says) != std::string::npos);
    }
}

TEST_CASE("gf9 review: move.without_via, terrain met by none of the move's vias", "[gf9-tanks][gf9-review]") {
    struct Row { const char* what; std::string move; const char* movement; };
    const Row rows[] = {
        {"a swamp by the road and rough ground beside it: the rough ground's single move", "terrain = [\"swamp\", \"rough\"]\nvia = \"road\"\nwithout_via = [\"rough\"]\n",
         "single-move"},
        {"a swamp by the road and another off it: impassable", "terrain = [\"swamp\", \"swamp\"]\nvia = \"road\"\nwithout_via = [\"swamp\"]\n", "impassable"},
        {"a river at the bridge and again off it: impassable", "terrain = [\"river\", \"river\"]\nvia = \"bridge\"\nwithout_via = [\"river\"]\n", "impassable"},
        {"the same, amphibious: the amphibious single move", "terrain = [\"river\"]\nvia = \"bridge\"\nwithout_via = [\"river\"]\namphibious = true\n", "single-move"},
        {"nothing off the via: the via's cell", "terrain = [\"swamp\"]\nvia = \"road\"\n", "normal"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        CHECK(at(umpire::test::rule_toml("system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\n" + r.move), "movement").as_string() == r.movement);
    }
    const auto c = umpire::test::run_cli("rule -", "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nterrain = [\"swamp\"]\nvia = \"road\"\nwithout_via = [\"rough\"]\n");
    CHECK(c.status == 2);
    CHECK(c.err.find("move.without_via: \"rough\" is not in move.terrain") != std::string::npos);
}

TEST_CASE("gf9 review: same_hill with one vehicle on top of an escarpment cutting the hill is no contradiction", "[gf9-tanks][gf9-review]") {
    // GF9-hills and GF9-escarpments: both on one hill, the firer on top of the cliff across it, the target below.
    const std::string s = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\non_hill = \"wholly\"\non_escarpment = true\n[target]\non_hill = \"wholly\"\n"
                          "on_escarpment = false\nbelow_escarpment = true\n[line]\nescarpment_between = true\nsame_hill = true\n"
                          "firer_distance_to_escarpment = 2\ntarget_distance_to_escarpment = 5\n";
    const auto j = umpire::test::rule_toml(s);
    CHECK(at(j, "los").as_string() == "clear");
    // Still refused: same_hill with the target on no hill and not on the escarpment.
    const auto c = umpire::test::run_cli("rule -", "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\non_hill = \"wholly\"\n[line]\nsame_hill = true\n");
    CHECK(c.status == 2);
    CHECK(c.err.find("line.same_hill: needs the firer and the target both on hills or both on the escarpment") != std::string::npos);
}

// =====================================================================================
// view
// =====================================================================================

TEST_CASE("table view: overlaps say how much of each subject base lies on each piece it touches", "[table][table-view][gf9-review]") {
    // A square hill from x = 20 to 30; the tank (1.5 x 2.5, facing +y) centred at x = 20 + d has
    // (0.75 + d) / 1.5 of its area on the hill, and lies 0.75 - d outside its edge.
    for (const double d : {-0.5, -0.25, 0.0, 0.3, 0.6}) {
        INFO("d = " << d);
        const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"Block\"\npoints = [[20, 10], [30, 10], [30, 30], [20, 30]]\n";
        const auto r = rule_mem(gf9_table(hill + tank("A", 20 + d, 20) + tank("B", 40, 40)), kLos);
        const auto* v = r.view_as<tt::TableView>();
        REQUIRE(v);
        const tt::Overlap* o = nullptr;
        for (const auto& x : v->overlaps)
            if (!x.piece.base && x.piece.index == 0 && x.base.base && x.base.index == 0) o = &x;
        REQUIRE(o);
        CHECK(o->fraction == Approx((0.75 + d) / 1.5).margin(1e-9));
        CHECK(o->inside == Approx(-(0.75 - d)).margin(1e-6));
        CHECK(o->says.find("base \"A\" on hill \"Block\"") != std::string::npos);
        // In the hover sentences of both the base and the piece.
        CHECK(umpire::test::contains(v->notes_for(o->base), o->says));
        CHECK(umpire::test::contains(v->notes_for(o->piece), o->says));
        // The fact names the share that decided it.
        const auto j = r.to_json();
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.1f", (0.75 + d) / 1.5 * 100);
        CHECK(explanation(j).find(std::string(pct) + " % of the base on it") != std::string::npos);
    }
    // AGV gets them from the same driver: a stand in a wood.
    const std::string agv = agv_table("[[piece]]\nkind = \"woods\"\nname = \"Copse\"\ncircle = [60, 40, 4]\n" + stand("Archers", "foot", 60, 40) +
                                      stand("Foe", "foot", 60, 70));
    const auto r = umpire::test::engine().rule_on_table(
        "agv", toml::parse("table = \"mem.toml\"\nsystem = \"agv\"\nquestion = \"fire\"\n[firer]\nbase = \"Archers\"\ndice = 4\n[target]\nunit = \"Foe\"\n"),
        "mem-situation.toml", tt::read_sketch(toml::parse(agv), "mem.toml", systems()));
    const auto* v = r.view_as<tt::TableView>();
    REQUIRE(v);
    bool found = false;
    for (const auto& o : v->overlaps) found = found || (o.fraction == Approx(1.0) && o.inside > 0 && o.says.find("woods \"Copse\"") != std::string::npos);
    CHECK(found);
}
