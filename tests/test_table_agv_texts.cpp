// A Great Victory! on a table sketch, checked against the guidelines' own words (issue 22, the AGV
// classes): layouts generated here (positions, sizes, orientations and orders varied), each ruled
// on a table and compared with an independent reading of the text written in this file with plain
// geometry (not Umpire's measuring code). Layouts within the measuring tolerance of a threshold
// are left out of the generated checks (those are ruled both ways; tested on their own).
//
// Sections
//   helpers        the table text, bases, the independent geometry
//   firing out     AGV-firing 2 and 3: a stand in a wood fires out of it, not into, through and out
//   between        AGV-cover 2: the feature giving cover must lie between the two stands
//   second hill    AGV-hills: another hill between hides the stand; pieces of one hill are one hill
//   heights        AGV-hills with hill heights (table `height`): fire off the firer's own hill
//   charges        AGV-hand-to-hand: what the charging base goes over or through to reach contact
//   bridges        AGV-bridges, AGV-rivers: picked up and placed; fords are streams
//   roads          AGV-roads: only the terrain the road passes through is ignored
//   measurements   the explanation names the overlaps that decided; the view carries them
//   charge limits  a charge measured into ground its unit may not charge into is said
//   random         walls across the line and woods by a road, on random layouts (fixed seeds)
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <random>

#include "tabletop/view.hpp"
#include "test_table_support.hpp"

using umpire::test::at;
using umpire::test::strings;
using namespace umpire::test::table;

namespace {

// ---- helpers --------------------------------------------------------------------------

constexpr double kPi = 3.14159265358979323846;
constexpr double kTol = 0.3;  // rules-data/agv.toml [table] tolerance (cm)

struct P {
    double x = 0, y = 0;
};
P operator+(P a, P b) { return {a.x + b.x, a.y + b.y}; }
P operator-(P a, P b) { return {a.x - b.x, a.y - b.y}; }
P operator*(P a, double k) { return {a.x * k, a.y * k}; }
double dot(P a, P b) { return a.x * b.x + a.y * b.y; }
double len(P a) { return std::sqrt(dot(a, a)); }
// The unit vector at `deg` degrees counter-clockwise from +x, and the table's facing for it
// (degrees clockwise from +y: docs/tables.md).
P dir(double deg) { return {std::cos(deg * kPi / 180), std::sin(deg * kPi / 180)}; }
double facing_for(double deg) { return 90 - deg; }
P left_of(P d) { return {-d.y, d.x}; }

std::string n(double v) { return num(std::round(v * 1e6) / 1e6); }
std::string pt(P p) { return "[" + n(p.x) + ", " + n(p.y) + "]"; }

std::string piece(const std::string& kind, const std::string& name, const std::string& shape) {
    return "[[piece]]\nkind = \"" + kind + "\"\nname = \"" + name + "\"\n" + shape + "\n";
}
std::string circle(P c, double r) { return "circle = [" + n(c.x) + ", " + n(c.y) + ", " + n(r) + "]"; }
std::string line(P a, P b, double width) { return "line = [" + pt(a) + ", " + pt(b) + "]\nwidth = " + n(width); }
std::string polygon(const std::vector<P>& ps) {
    std::string s = "points = [";
    for (std::size_t i = 0; i < ps.size(); ++i) s += (i ? ", " : "") + pt(ps[i]);
    return s + "]";
}
// A rectangle centred at c, `along` long in direction d and `across` wide.
std::vector<P> rect(P c, P d, double along, double across) {
    const P l = left_of(d);
    return {c - d * (along / 2) - l * (across / 2), c + d * (along / 2) - l * (across / 2), c + d * (along / 2) + l * (across / 2),
            c - d * (along / 2) + l * (across / 2)};
}
// A base facing direction `d` (a unit vector): `w` across its front, `dp` deep.
std::string base(const std::string& name, const std::string& type, P c, P d, double w = 4, double dp = 2, const std::string& unit = "") {
    const double deg = std::atan2(d.y, d.x) * 180 / kPi;
    return "[[base]]\nname = \"" + name + "\"\ntype = \"" + type + "\"\nat = " + pt(c) + "\nsize = [" + n(w) + ", " + n(dp) +
           "]\nfacing = " + n(facing_for(deg)) + "\n" + (unit.empty() ? "" : "unit = \"" + unit + "\"\n");
}
// The corners of such a base.
std::vector<P> corners(P c, P d, double w = 4, double dp = 2) { return rect(c, d, dp, w); }

double dist_point_segment(P p, P a, P b) {
    const P ab = b - a;
    const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
    return len(p - (a + ab * t));
}
// Distance from p to a convex polygon (0 inside).
double dist_point_convex(P p, const std::vector<P>& poly) {
    bool inside = true;
    double best = 1e9;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const P a = poly[i], b = poly[(i + 1) % poly.size()];
        const P e = b - a;
        const double side = e.x * (p.y - a.y) - e.y * (p.x - a.x);
        if (side < 0) inside = false;
        best = std::min(best, dist_point_segment(p, a, b));
    }
    // The corners above are counter-clockwise; a clockwise polygon has every side negative.
    bool all_neg = true;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const P a = poly[i], b = poly[(i + 1) % poly.size()];
        const P e = b - a;
        all_neg = all_neg && e.x * (p.y - a.y) - e.y * (p.x - a.x) <= 0;
    }
    return inside || all_neg ? 0 : best;
}

const std::string kFire = "system = \"agv\"\nquestion = \"fire\"\n[firer]\nbase = \"F\"\ndice = 4\n[target]\nunit = \"T\"\n";
const std::string kMelee = "system = \"agv\"\nquestion = \"melee\"\n[charger]\nbase = \"C\"\ndice = 6\n[defender]\nbase = \"D\"\n";

struct Result {
    std::string fire;
    long long dice = 0;
    bool call = false;
    std::string why;
};
Result fire_on(const std::string& table) {
    const auto j = rule_on(agv_table(table), kFire);
    return {at(j, "fire").as_string(), at(j, "dice").as_int(), at(j, "referee_call").as_bool(), explanation(j)};
}

// How far the line from the firer's centre to the target's centre runs beyond the firer's base:
// from its farthest point along the line (the firer's own wood must lie beyond its base to be
// fired through and out of).
P beyond_firer(P f, P t, const std::vector<P>& firer_corners) {
    const P d = (t - f) * (1 / len(t - f));
    double far = 0;
    for (const P& c : firer_corners) far = std::max(far, dot(c - f, d));
    return f + d * far;
}

}  // namespace

// ---- firing out -----------------------------------------------------------------------

TEST_CASE("table agv text: a stand partly in a wood fires out of it, not into, through and out of it", "[table][agv][agv-text]") {
    // AGV-firing 2: a stand partially interpenetrated with a general cover feature fires away from
    // (out of) it normally. AGV-firing 3: it cannot fire into, through and out of that same
    // feature. Independent reading: the line beyond the firer's base enters the wood (by more than
    // the tolerance) -> through and out of it: no fire; clear of it by more than a stand's
    // half-width -> fired away from it: normal dice. Both are decided by the text (no call).
    const P wood{60, 40};
    int through = 0, away = 0;
    for (double r : {3.5, 4.5})
        for (double out : {0.0, 50.0, 135.0, 200.0, 290.0})
            for (double turn : {0.0, 30.0, 60.0, 120.0, 150.0, 180.0, 210.0, 240.0, 300.0, 330.0}) {
                const P u = dir(out);
                const P f = wood + u * (r + 0.2);  // the firer's rear 0.8 cm in the wood, facing out
                const P d = dir(out + turn);
                const P t = f + d * 25;
                const P from = beyond_firer(f, t, corners(f, u));
                const double clear = dist_point_segment(wood, from, t) - r;
                INFO("wood r " << r << ", firer facing " << out << ", target at " << turn << " from it; line clear of the wood by " << clear);
                if (std::fabs(clear) <= kTol) continue;  // within the tolerance: ruled both ways
                const Result res = fire_on(piece("woods", "Wood", circle(wood, r)) + base("F", "foot", f, u) + base("T1", "foot", t, d * -1, 4, 2, "T"));
                INFO(res.why);
                CHECK_FALSE(res.call);
                if (clear <= -kTol) {
                    ++through;
                    CHECK(res.fire == "blocked");
                    CHECK(res.dice == 0);
                    CHECK(res.why.find("through and out of") != std::string::npos);
                } else {
                    ++away;
                    CHECK(res.fire == "normal");
                    CHECK(res.dice == 4);
                }
            }
    CHECK(through >= 20);
    CHECK(away >= 20);
}

TEST_CASE("table agv text: a stand wholly within a wood fires only into and through it", "[table][agv][agv-text]") {
    // AGV-firing 3: wholly within it, a stand may fire into and through the wood (a stand in the
    // same wood can be fired at, without cover: the firer is in it, AGV-cover 3) but never out.
    const P wood{60, 40};
    for (double a : {0.0, 45.0, 100.0, 230.0}) {
        const P u = dir(a);
        INFO("facing " << a);
        const std::string w = piece("woods", "Wood", circle(wood, 4.5));
        for (double turn : {0.0, 90.0, 180.0, 270.0}) {
            const Result out = fire_on(w + base("F", "foot", wood, u) + base("T1", "foot", wood + dir(a + turn) * 25, dir(a + turn) * -1, 4, 2, "T"));
            INFO(out.why);
            CHECK(out.fire == "blocked");
        }
        const Result in = fire_on(w + base("F", "foot", wood - u * 1.2, u) + base("T1", "foot", wood + u * 1.5, u * -1, 4, 2, "T"));
        INFO(in.why);
        CHECK(in.fire == "normal");
        CHECK(in.dice == 4);
        CHECK_FALSE(in.call);
    }
}

// ---- between --------------------------------------------------------------------------

TEST_CASE("table agv text: a wall gives cover only when it lies between the firer and the stand", "[table][agv][agv-text]") {
    // AGV-cover 2: the feature giving cover must be between the stand firing and the stand fired
    // at; AGV-hedges-walls: a stone wall gives cover against missile fire. A long wall across the
    // line: independent reading, it lies between when it separates the firer's centre from the
    // stand's centre (so a wall through the stand's front half is between, one through its rear
    // half or behind it is not, even though the stand touches it).
    struct Case {
        const char* what;
        double at;  // the wall's centre line, cm from the firer's centre along the line (the stand's centre at 25)
        bool between;
    };
    const Case cases[] = {
        {"touching the stand's front", 23.75, true}, {"through the stand's front half", 24.5, true},
        {"through the stand's rear half", 25.7, false}, {"touching the stand's back", 26.25, false},
        {"half way", 12.5, true},                      {"behind the firer, clear of it", -3, false},
    };
    const P f{60, 40};
    for (double a : {0.0, 37.0, 90.0, 151.0, 220.0, 300.0})
        for (const auto& c : cases) {
            const P d = dir(a), l = left_of(d);
            const P w = f + d * c.at;
            INFO("line at " << a << " degrees; wall " << c.what);
            const Result res = fire_on(piece("stone-wall", "Wall", line(w - l * 12, w + l * 12, 0.5)) + base("F", "foot", f, d) +
                                       base("T1", "foot", f + d * 25, d * -1, 4, 2, "T"));
            INFO(res.why);
            CHECK_FALSE(res.call);
            CHECK(res.dice == (c.between ? 2 : 4));
            if (!c.between) CHECK(res.why.find("lies between") == std::string::npos);
        }
}

TEST_CASE("table agv text: a wall between a stand's end and the firer but off the centre line is ruled both ways", "[table][agv][agv-text]") {
    // AGV-cover 2 for stands with width: the text does not say whether the feature must cross the
    // line between the stands' centres or only lie somewhere between the two stands. A short wall
    // in front of one end of the target stand does the second and not the first: a referee's call.
    const P f{60, 40};
    for (double a : {0.0, 60.0, 135.0, 250.0})
        for (double side : {-1.6, 1.6}) {
            const P d = dir(a), l = left_of(d);
            const P w = f + d * 23.75 + l * side;
            INFO("line at " << a << ", wall at " << side << " cm to the side");
            const Result res = fire_on(piece("stone-wall", "Stub", line(w - l * 0.75, w + l * 0.75, 0.5)) + base("F", "foot", f, d) +
                                       base("T1", "foot", f + d * 25, d * -1, 4, 2, "T"));
            INFO(res.why);
            CHECK(res.call);
            CHECK(res.dice == 4);
            CHECK(res.why.find("HALF DICE") != std::string::npos);
        }
}

TEST_CASE("table agv text: a stand at the near edge of a wood with the wood behind it has no cover", "[table][agv][agv-text]") {
    // AGV-cover 2: a stand partly in a wood whose wood lies wholly behind its centre (seen from the
    // firer) does not have the wood between it and the firer; one whose centre is in the wood does.
    const P f{30, 40};
    for (double a : {-10.0, 0.0, 20.0}) {
        const P d = dir(a);
        const P t = f + d * 30;
        const std::string fs = base("F", "foot", f, d);
        INFO("line at " << a);
        // Wood behind: its near edge 0.5 cm behind the stand's centre (the stand's rear 0.5 cm in it).
        const Result behind = fire_on(piece("woods", "Wood", circle(t + d * 5, 4.5)) + fs + base("T1", "foot", t, d * -1, 4, 2, "T"));
        INFO(behind.why);
        CHECK(behind.dice == 4);
        CHECK_FALSE(behind.call);
        // Wood around the stand's centre: cover.
        const Result in = fire_on(piece("woods", "Wood", circle(t + d * 2, 4.5)) + fs + base("T1", "foot", t, d * -1, 4, 2, "T"));
        INFO(in.why);
        CHECK(in.dice == 2);
    }
}

// ---- second hill ----------------------------------------------------------------------

TEST_CASE("table agv text: a second hill between hides the stand, not being the firer's own hill", "[table][agv][agv-text]") {
    // AGV-hills: hills stop fire at targets behind and beyond a hill, not fire onto or off one.
    // The firer stands at the edge of its own hill A facing away from it; hill B lies on the line.
    // Independent reading: the target beyond B is hidden (no fire); a target partly on B is fired
    // onto (normal dice). B is named "hill" as A is: identity, not the name, decides.
    const P f{20, 40};
    const std::string hill_a = piece("hill", "A", circle(f - P{4, 0}, 4.5));
    for (double a : {-15.0, 0.0, 10.0, 20.0})
        for (double rb : {4.0, 6.0})
            for (double db : {20.0, 30.0}) {
                const P d = dir(a);
                const P b = f + d * db;
                INFO("line at " << a << ", hill B radius " << rb << " at " << db);
                const std::string layout = hill_a + piece("hill", "B", circle(b, rb)) + base("F", "foot", f, {1, 0});
                const P beyond = f + d * (db + rb + 8);
                const Result hidden = fire_on(layout + base("T1", "foot", beyond, d * -1, 4, 2, "T"));
                INFO(hidden.why);
                CHECK(hidden.fire == "blocked");
                CHECK_FALSE(hidden.call);
                const P onto = f + d * (db + rb - 1);
                const Result on = fire_on(layout + base("T1", "foot", onto, d * -1, 4, 2, "T"));
                INFO(on.why);
                CHECK(on.fire == "normal");
                CHECK_FALSE(on.call);
            }
}

TEST_CASE("table agv text: the pieces of one hill are one hill", "[table][agv][agv-text]") {
    // AGV-hills with a hill drawn as two pieces (a slope and its crest, `hill = "Ridge"`): the
    // firer on the crest firing across the slope at a stand beyond is firing off its own hill,
    // not at a stand behind another hill. With no heights the sketch cannot say whether the
    // ground rises between, so fire off one's own hill is the referee's call (fire-off-own-hill).
    for (double a : {0.0, 90.0, 200.0}) {
        const P d = dir(a);
        const P c{60, 40};
        const std::string ridge = piece("hill", "Ridge slope", "hill = \"Ridge\"\n" + circle(c, 12)) +
                                  piece("hill", "Ridge crest", "hill = \"Ridge\"\nlevel = 2\n" + circle(c, 4));
        const Result res = fire_on(ridge + base("F", "foot", c, d) + base("T1", "foot", c + d * 25, d * -1, 4, 2, "T"));
        INFO("line at " << a << "\n" << res.why);
        CHECK(res.fire == "normal");
        CHECK(res.call);
        CHECK(res.why.find("fire-off-own-hill") != std::string::npos);
    }
}

// ---- heights --------------------------------------------------------------------------

TEST_CASE("table agv text: hill heights decide fire off the firer's own hill", "[table][agv][agv-text]") {
    // AGV-hills: fire off a hill is not stopped; targets behind and beyond a hill cannot be seen.
    // With heights on the hill's pieces (docs/tables.md `height`): the firer on the crest looks
    // down over the lower slope (nothing of the hill higher than it between: fired off it, normal);
    // the firer on the slope with the crest between (higher ground between: the target is behind
    // the hill, no fire). Without heights on every piece of the hill: the referee's call.
    const P c{60, 40};
    for (double psi : {0.0, 35.0, 120.0, 250.0}) {
        const P d = dir(psi);
        auto ridge = [&](const char* slope_h, const char* crest_h) {
            return piece("hill", "Ridge slope", std::string("hill = \"Ridge\"\n") + slope_h + "ellipse = [60, 40, 20, 10, " + n(psi) + "]") +
                   piece("hill", "Ridge crest", std::string("hill = \"Ridge\"\nlevel = 2\n") + crest_h + circle(c, 4));
        };
        const std::string heights = ridge("height = 2\n", "height = 5\n");
        INFO("ridge turned " << psi);
        const std::string beyond = base("T1", "foot", c + d * 35, d * -1, 4, 2, "T");
        const Result off = fire_on(heights + base("F", "foot", c, d) + beyond);
        INFO(off.why);
        CHECK(off.fire == "normal");
        CHECK_FALSE(off.call);
        const Result behind = fire_on(heights + base("F", "foot", c - d * 15, d) + beyond);
        INFO(behind.why);
        CHECK(behind.fire == "blocked");
        CHECK_FALSE(behind.call);
        CHECK(behind.why.find("rising to 5.0 cm on the line, above the 2.0 cm under the firer") != std::string::npos);
        const Result away = fire_on(heights + base("F", "foot", c - d * 15, d * -1) + base("T1", "foot", c - d * 35, d, 4, 2, "T"));
        INFO(away.why);
        CHECK(away.fire == "normal");
        CHECK_FALSE(away.call);
        for (const auto& partial : {ridge("", ""), ridge("height = 2\n", "")}) {
            const Result unknown = fire_on(partial + base("F", "foot", c - d * 15, d) + beyond);
            INFO(unknown.why);
            CHECK(unknown.fire == "normal");
            CHECK(unknown.call);
        }
    }
}

// ---- charges --------------------------------------------------------------------------

TEST_CASE("table agv text: the hill advantage needs the charging base to go over the hill", "[table][agv][agv-text]") {
    // AGV-hand-to-hand 2: the defender claims the advantage only if the charger actually charged
    // into contact over or through part of the hill. The charger comes straight at the defender
    // and stops at contact. Independent reading: its base at contact (the nearest it comes to the
    // hill) reaches into the hill -> 6 dice halved to 3; clear of it -> 6.
    int adv = 0, none = 0;
    const P h{60, 40};
    for (double r : {7.0, 9.0})
        for (double a : {0.0, 70.0, 160.0, 225.0, 300.0})
            for (double rho : {r - 3, r - 0.5, r - 1.4})
                for (bool path : {false, true}) {
                    const P u = dir(a);
                    const P def = h + u * rho;
                    const P contact = def + u * 2;  // both 2 cm deep, front to front
                    const double gap = dist_point_convex(h, corners(contact, u * -1)) - r;
                    INFO("hill r " << r << ", defender at " << rho << " along " << a << (path ? ", charge bending in" : "") << "; charger at contact "
                                   << gap << " cm from the hill");
                    if (std::fabs(gap) <= kTol) continue;
                    // The charger starts 14 cm out facing the defender; or 8 cm to the side of that, its
                    // path (charger.path) taking it there first.
                    const P start = def + u * 14;
                    const std::string charger = base("C", "foot", path ? start + left_of(u) * 8 : start, u * -1);
                    std::string sit = kMelee;
                    if (path) sit.insert(sit.find("dice = 6"), "path = [" + pt(start) + "]\n");
                    const auto j = rule_on(agv_table(piece("hill", "Hill", circle(h, r)) + charger + base("D", "foot", def, u)), sit);
                    INFO(explanation(j));
                    const bool over = gap < 0;
                    CHECK(at(j, "dice").as_int() == (over ? 3 : 6));
                    CHECK_FALSE(at(j, "referee_call").as_bool());
                    (over ? adv : none)++;
                }
    CHECK(adv >= 10);
    CHECK(none >= 10);
}

TEST_CASE("table agv text: a charger placed in contact is judged on the route it came along", "[table][agv][agv-text]") {
    // AGV-hand-to-hand 2 asks what the charger charged over on its way into contact. A charger
    // placed at contact with `charger.path` (docs/tables.md): the path is the route it came along,
    // so the ruling is the one of the same charge started from the path's first point.
    const P h{60, 40};
    for (double a : {0.0, 120.0, 250.0})
        for (double rho : {6.0, 9.5}) {  // the defender up the slope (its front 2 cm inside the edge); at the foot (its rear 0.5 cm on the hill, its front 1.5 cm off it)
            const P u = dir(a);
            const P def = h + u * rho, contact = def + u * 2, start = def + u * 14;
            std::string sit = kMelee;
            sit.insert(sit.find("dice = 6"), "path = [" + pt(start) + "]\n");
            const auto placed = rule_on(agv_table(piece("hill", "Hill", circle(h, 9)) + base("C", "foot", contact, u * -1) + base("D", "foot", def, u)), sit);
            const auto charged = rule_on(agv_table(piece("hill", "Hill", circle(h, 9)) + base("C", "foot", start, u * -1) + base("D", "foot", def, u)), kMelee);
            INFO("facing " << a << ", defender " << rho << " from the hill's middle\n" << explanation(placed));
            const int want = rho < 9 ? 3 : 6;
            CHECK(at(placed, "dice").as_int() == want);
            CHECK(at(charged, "dice").as_int() == want);
            CHECK_FALSE(at(placed, "referee_call").as_bool());
        }
}

TEST_CASE("table agv text: a hedge the defender lines is charged over, one behind it is not", "[table][agv][agv-text]") {
    // AGV-hand-to-hand, defending a linear feature: the defender is in contact with the hedge and
    // the charger charged into contact over it. A hedge along the defender's front (touching it, or
    // drawn through its front half) lies between the charger and the defender: over it, 6 -> 3. A
    // hedge the defender's back touches was not charged over: 6.
    const P c{60, 40};
    struct Case {
        const char* what;
        double at;  // the hedge's line, cm ahead of the defender's centre
        int dice;
    };
    const Case cases[] = {{"along its front edge", 1.1, 3}, {"through its front half", 0.6, 3}, {"touching its back", -1.2, 6}};
    for (double a : {0.0, 90.0, 215.0})
        for (const auto& k : cases) {
            const P u = dir(a), l = left_of(u);
            const P hp = c + u * k.at;
            const auto j = rule_on(agv_table(piece("hedge", "Hedge", line(hp - l * 10, hp + l * 10, 0.5)) + base("C", "foot", c + u * 15, u * -1) +
                                             base("D", "foot", c, u)),
                                   kMelee);
            INFO("facing " << a << ", hedge " << k.what << "\n" << explanation(j));
            CHECK(at(j, "dice").as_int() == k.dice);
        }
}

// ---- bridges --------------------------------------------------------------------------

namespace {

struct Move {
    std::string movement;
    bool ends = false;
    double cost = -1;
    bool call = false;
    std::string why;
};
Move move_on(const std::string& table, P path_end) {
    const auto j = rule_on(agv_table(table), "system = \"agv\"\nquestion = \"movement\"\n[unit]\nbase = \"U\"\n[move]\naction = \"move\"\npath = [" +
                                                 pt(path_end) + "]\n");
    const auto& cost = at(at(j, "table"), "cost");
    return {at(j, "movement").as_string(), at(j, "ends_movement").as_bool(), cost.is_number() ? cost.as_double() : -1,
            at(j, "referee_call").as_bool(), explanation(j)};
}

}  // namespace

TEST_CASE("table agv text: crossing a bridge is not moving through the stream under it", "[table][agv][agv-text]") {
    // AGV-bridges: the unit moves normally until it contacts the bridge, is picked up and placed
    // on the other side in contact with it, and the crossing uses all its remaining movement: the
    // stream under the bridge has no effect and costs nothing per cm. AGV-streams: a unit that
    // wades the stream beside the bridge (its path not over the bridge) moves at half rate.
    for (double a : {90.0, 30.0, 200.0, 300.0})
        for (double bw : {6.0, 9.0})
            for (double sw : {2.0, 3.5}) {
                const P c{60, 40};
                const P d = dir(a), l = left_of(d);
                const std::string stream = piece("stream", "Brook", line(c - l * 35, c + l * 35, sw));
                const double half = sw / 2 + 2.5;  // the bridge reaches 2.5 cm past each bank
                const std::string bridge = piece("bridge", "Bridge", polygon(rect(c, d, 2 * half, bw)));
                INFO("crossing at " << a << ", bridge " << bw << " wide, stream " << sw << " wide");
                // Over the bridge: 15 cm from the centre out, the base's front meets the bridge after 15 - 1 - half cm.
                const Move over = move_on(stream + bridge + base("U", "foot", c - d * 15, d), c + d * 15);
                INFO(over.why);
                CHECK(over.movement == "normal");
                CHECK(over.ends);
                CHECK(over.cost == Approx(15 - 1 - half).margin(0.6));
                CHECK(over.why.find("half rate") == std::string::npos);
                CHECK(over.why.find("all of the unit's remaining movement") != std::string::npos);
                // Wading beside it, its side touching the bridge but its path not over it.
                const P side = c + l * (bw / 2 + 2 - 0.5);  // its flank 0.5 cm over the bridge's side
                const Move wade = move_on(stream + bridge + base("U", "foot", side - d * 15, d), side + d * 15);
                INFO(wade.why);
                CHECK(wade.movement == "half-rate");
                CHECK_FALSE(wade.ends);
                // Far from it.
                const P far = c + l * 30;
                const Move apart = move_on(stream + bridge + base("U", "foot", far - d * 15, d), far + d * 15);
                INFO(apart.why);
                CHECK(apart.movement == "half-rate");
                CHECK(apart.cost == Approx(30 + sw + 2).margin(0.6));  // half rate while touching: sw + 2 cm counted twice
            }
}

TEST_CASE("table agv text: a river is crossed at a ford as a stream, and only there", "[table][agv][agv-text]") {
    // AGV-rivers: impassable except at bridges and fords; fords are treated as streams (half rate).
    // A base that also overlaps the river beyond the ford's edge enters the river there.
    for (double a : {90.0, 20.0, 250.0}) {
        const P c{60, 40};
        const P d = dir(a), l = left_of(d);
        const std::string river = piece("river", "River", line(c - l * 35, c + l * 35, 6));
        const std::string ford = piece("ford", "Ford", polygon(rect(c, d, 10, 8)));
        INFO("crossing at " << a);
        const Move in = move_on(river + ford + "[[base]]\nname = \"U\"\ntype = \"mounted\"\nat = " + pt(c - d * 15) + "\nsize = [4, 3]\nfacing = " +
                                    n(facing_for(a)) + "\n",
                                c + d * 15);
        INFO(in.why);
        CHECK(in.movement == "half-rate");
        CHECK(in.cost == Approx(30 + 13).margin(0.8));  // touching the ford over 10 + 3 cm, counted twice
        const P off = c + l * 3;  // the base reaches 1 cm past the ford's side, into the river
        const Move out = move_on(river + ford + base("U", "foot", off - d * 15, d), off + d * 15);
        INFO(out.why);
        CHECK(out.movement == "prohibited");
    }
}

// ---- roads ----------------------------------------------------------------------------

TEST_CASE("table agv text: along a road only the terrain the road passes through is ignored", "[table][agv][agv-text]") {
    // AGV-roads: a unit moving along a road ignores the terrain effects of the terrain that the
    // road is passing through. A wood the road runs through is ignored; a wood beside the road that
    // the stand's flank touches is not (foot move through woods at half rate, AGV-woods), nor a bog
    // beside it (impassable, AGV-boggy-ground).
    for (double a : {90.0, 10.0, 135.0, 280.0}) {
        const P c{60, 40};
        const P d = dir(a), l = left_of(d);
        const std::string road = piece("road", "Lane", line(c - d * 35, c + d * 35, 4));
        const P on = c + l * 1;  // the stand's centre 1 cm off the road's middle: its flank reaches 1 cm past the road
        const std::string stand = base("U", "foot", on - d * 20, d);
        INFO("road at " << a);
        const Move through = move_on(road + piece("woods", "Wood", circle(c, 4)) + stand, on + d * 20);
        INFO(through.why);
        CHECK(through.movement == "normal");
        const P beside = c + l * (2 + 0.6 + 4);  // its edge 0.6 cm past the road's edge, 0.4 cm inside the stand's flank
        const Move flank = move_on(road + piece("woods", "Wood", circle(beside, 4)) + stand, on + d * 20);
        INFO(flank.why);
        CHECK(flank.movement == "half-rate");
        const Move bog = move_on(road + piece("boggy", "Bog", circle(beside, 4)) + stand, on + d * 20);
        INFO(bog.why);
        CHECK(bog.movement == "prohibited");
        const Move both = move_on(road + piece("woods", "Wood", circle(c - d * 12, 4)) + piece("woods", "Copse", circle(beside + d * 10, 4)) + stand,
                                  on + d * 20);
        INFO(both.why);
        CHECK(both.movement == "half-rate");
    }
}

// ---- measurements ---------------------------------------------------------------------

TEST_CASE("table agv text: the explanation names the overlaps that decided", "[table][agv][agv-text]") {
    // A stand half in a square wood (its centre on the wood's edge): 50% of its area in it.
    const std::string wood = piece("woods", "Spinney", polygon({{56, 50}, {64, 50}, {64, 58}, {56, 58}}));
    const auto j = rule_on(agv_table(wood + base("F", "foot", {60, 30}, {0, 1}) + base("T1", "foot", {60, 50}, {0, -1}, 4, 2, "T")), kFire);
    INFO(explanation(j));
    CHECK(explanation(j).find("stand 1 (base \"T1\") is in or touching woods \"Spinney\" (50% of its area in it)") != std::string::npos);
    // A stand 30% in the wood: 0.6 cm of its 2 cm depth.
    const auto k = rule_on(agv_table(wood + base("F", "foot", {60, 30}, {0, 1}) + base("T1", "foot", {60, 49.6}, {0, -1}, 4, 2, "T")), kFire);
    INFO(explanation(k));
    CHECK(explanation(k).find("(30% of its area in it)") != std::string::npos);
}

TEST_CASE("table agv text: the table view carries which pieces each base is in and by how much", "[table][agv][agv-text]") {
    // Issue 22: the table view shows what was measured. AGV-general: a unit interacts with a feature
    // it is partly or wholly on, in or in contact with; the view gives, per base and piece, how far
    // the base reaches into it and the share of its area in it. Independent reading: an axis-
    // aligned stand (4 x 2, facing the firer) whose front edge lies `in` cm inside a square wood's
    // near edge has in/2 of its area in it (in <= 2) and reaches `in` cm into it.
    namespace tt = umpire::tabletop;
    const std::string wood = piece("woods", "Spinney", polygon({{50, 50}, {70, 50}, {70, 70}, {50, 70}}));
    for (double in : {0.4, 0.9, 1.5, 2.0})
        for (double x : {55.0, 60.0, 64.0}) {
            const double y = 50 + in - 1;  // the stand's centre: its front (towards the wood) `in` cm past y = 50
            const auto r = ruling_on(agv_table(wood + base("F", "foot", {x, 20}, {0, 1}) + base("T1", "foot", {x, y}, {0, -1}, 4, 2, "T")), kFire);
            const auto* v = r.view_as<tt::TableView>();
            REQUIRE(v);
            INFO("stand " << in << " cm into the wood at x " << x);
            std::vector<tt::Reach> mine;
            for (const auto& o : v->reaches)
                if (o.base.base && o.base.index == 1) mine.push_back(o);
            REQUIRE(mine.size() == 1);
            CHECK_FALSE(mine[0].piece.base);
            CHECK(mine[0].piece.index == 0);
            CHECK(mine[0].reach == Approx(in).margin(0.02));
            REQUIRE(mine[0].share);
            CHECK(*mine[0].share == Approx(in / 2).margin(0.01));
            // The firer in the open overlaps nothing.
            for (const auto& o : v->reaches) CHECK(o.base.index == 1);
            // The explanation says the same share.
            const std::string pct = std::to_string(std::lround(in / 2 * 100)) + "% of its area in it";
            CHECK(explanation(r.to_json()).find(pct) != std::string::npos);
            const auto& js = at(at(r.to_json(), "table"), "overlaps").as_array();
            REQUIRE(js.size() == 1);
            CHECK(at(js[0], "piece").as_string() == "Spinney");
            CHECK(at(js[0], "share").as_double() == Approx(in / 2).margin(0.01));
        }
}

// ---- charge limits --------------------------------------------------------------------

TEST_CASE("table agv text: a charge measured into a stream says the charge is not the melee's to allow", "[table][agv][agv-text]") {
    // AGV-streams: a unit cannot charge into, across or out of a stream; AGV-woods: mounted units
    // cannot charge into woods. The melee ruling measures the charge into contact; when the charging
    // base goes into such a feature on the way it says so (the movement question decides the
    // charge), and says nothing of the kind when it does not.
    for (double a : {0.0, 90.0, 200.0}) {
        const P u = dir(a), l = left_of(u);
        const P c{60, 40};
        const std::string stream = piece("stream", "Brook", line(c + u * 6 - l * 30, c + u * 6 + l * 30, 2));
        const std::string wood = piece("woods", "Wood", circle(c + u * 7, 2.5));
        struct Case {
            std::string pieces, type;
            bool says;
        };
        const Case cases[] = {{stream, "foot", true}, {wood, "mounted", true}, {wood, "foot", false}, {"", "mounted", false}};
        for (const auto& k : cases) {
            const auto j = rule_on(agv_table(k.pieces + base("C", k.type, c + u * 14, u * -1) + base("D", "foot", c, u)), kMelee);
            INFO("facing " << a << ", " << k.type << "\n" << explanation(j));
            CHECK((explanation(j).find("may not charge into, through or out of") != std::string::npos) == k.says);
        }
    }
}

// ---- random ---------------------------------------------------------------------------

TEST_CASE("table agv text: random walls across the line give cover exactly when they lie between", "[table][agv][agv-text]") {
    // AGV-cover 2 and AGV-hedges-walls on 300 random layouts (fixed seed): a long stone wall,
    // turned up to 25 degrees from square to the line, anywhere from behind the firer to behind
    // the stand; stands of varied sizes. Independent reading: the wall lies between when its
    // centre line separates the firer's centre from the stand's centre (cover: 4 dice -> 2);
    // otherwise no cover. Layouts where the wall's drawn width comes within the tolerance plus the
    // stands' reach of either centre (where a stand with width is open to both readings) are left
    // out.
    std::mt19937 rng(22);
    std::uniform_real_distribution<double> U(0, 1);
    int between = 0, clear = 0;
    for (int i = 0; i < 300; ++i) {
        const double a = U(rng) * 360, range = 10 + U(rng) * 14, skew = (U(rng) * 2 - 1) * 25, width = 0.3 + U(rng) * 0.7;
        const double w = 3 + U(rng) * 3, dp = 1.5 + U(rng) * 2;
        const P d = dir(a), f = P{60 + (U(rng) * 2 - 1) * 3, 40 + (U(rng) * 2 - 1) * 3} - d * (range / 2), t = f + d * range;  // all on the table
        const double along = (U(rng) * 2 - 0.5) * range;  // where the wall meets the line
        const P wd = dir(a + 90 + skew), mid = f + d * along;
        const P w0 = mid - wd * 8, w1 = mid + wd * 8;
        // The distance from each centre to the wall's centre line, along the line.
        const double reach = std::max(w, dp) / 2 * std::tan(std::fabs(skew) * kPi / 180) + dp / 2 + 0.1;
        const double gap = std::min(std::fabs(along), std::fabs(along - range)) * std::cos(skew * kPi / 180);
        if (gap <= width / 2 + kTol + reach) continue;
        const bool is_between = along > 0 && along < range;
        const Result res = fire_on(piece("stone-wall", "Wall", line(w0, w1, width)) + base("F", "foot", f, d, w, dp) +
                                   base("T1", "foot", t, d * -1, w, dp, "T"));
        INFO("layout " << i << ": line at " << a << ", range " << range << ", wall at " << along << " turned " << skew << "\n" << res.why);
        CHECK(res.dice == (is_between ? 2 : 4));
        CHECK_FALSE(res.call);
        (is_between ? between : clear)++;
    }
    CHECK(between >= 60);
    CHECK(clear >= 30);
}

TEST_CASE("table agv text: random woods by a road are ignored only where the road passes through them", "[table][agv][agv-text]") {
    // AGV-roads on 200 random layouts (fixed seed): a foot stand moves 30 cm along a road 4 cm
    // wide, its centre off the road's middle by up to 1.5 cm; a round wood lies at a random offset
    // across the road. Independent reading: the road passes through the wood when the road's
    // drawn width reaches into it (the wood's centre less than its radius plus 2 cm from the
    // road's middle): ignored, normal movement; a wood the stand touches that the road does not
    // reach: half rate (AGV-woods); a wood the stand never touches: normal. Layouts within the
    // tolerance of either threshold are left out.
    std::mt19937 rng(2215);
    std::uniform_real_distribution<double> U(0, 1);
    int ignored = 0, slowed = 0, apart = 0;
    for (int i = 0; i < 200; ++i) {
        const double a = U(rng) * 360, r = 2.5 + U(rng) * 2.5, along = (U(rng) * 2 - 1) * 8;
        double off = (U(rng) * 2 - 1) * 1.5, side = (U(rng) * 2 - 1) * (r + 6);
        if (i % 2) {  // every other layout: the wood's edge 0.3 to 1.5 cm past the road's edge, the stand on that side
            const double s = U(rng) < 0.5 ? -1 : 1;
            side = s * (r + 2 + 0.3 + U(rng) * 1.2);
            off = s * 1.5;
        }
        const P d = dir(a), l = left_of(d), c{60, 40};
        const P wood = c + d * along + l * side;
        // The road's reach into the wood, and the stand's: it moves along the line `off` to the
        // left of the road's middle, 4 wide and 2 deep facing along it, from -15 to +15.
        const double road_in = r + 2 - std::fabs(side);
        const double lat = std::fabs(side - off);  // the wood's centre from the stand's centre line
        const double stand_in = r + 2 - lat;        // its flank reaches 2 cm to each side (the stand moves past the wood)
        if (std::fabs(road_in) <= kTol || std::fabs(stand_in) <= kTol) continue;
        const P start = c + l * off - d * 15;
        const Move m = move_on(piece("road", "Lane", line(c - d * 30, c + d * 30, 4)) + piece("woods", "Wood", circle(wood, r)) + base("U", "foot", start, d),
                               start + d * 30);
        INFO("layout " << i << ": road at " << a << ", wood r " << r << " at " << side << " across, stand " << off << " off the middle\n" << m.why);
        const char* want = stand_in < 0 ? "normal" : road_in > 0 ? "normal" : "half-rate";
        CHECK(m.movement == want);
        (stand_in < 0 ? apart : road_in > 0 ? ignored : slowed)++;
    }
    CHECK(ignored >= 30);
    CHECK(slowed >= 20);
    CHECK(apart >= 20);
}
