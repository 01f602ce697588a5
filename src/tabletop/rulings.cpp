// Rulings from a table sketch (see table_rulings.hpp and docs/tables.md).
//
// Sections
//   helpers        values, base lookups, paths, how far a base or a line reaches into a piece
//   gf9            line of sight (hills, escarpments, terrain and obstacles on the line), movement
//   agv            movement (terrain touched, road, cost), fire (stands, in/between), melee
//   derive()       dispatch on the system and question
//   rule_with_table building the game's situation, checking typed keys, the other readings
#include "tabletop/rulings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "games/agv/rules.hpp"
#include "engine/engine.hpp"
#include "games/gf9_tanks/rules.hpp"
#include "core/names.hpp"
#include "games/agv/view.hpp"

namespace umpire::tabletop {

namespace pl = umpire::plane;
using Toml = umpire::Section;

namespace {

// ---- helpers ----------------------------------------------------------------------

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxPathPoints = 50;
constexpr std::size_t kMaxSamples = 4000;

struct Ctx {
    const Sketch& t;
    const Rules& rules;
    Derived& out;
    std::string u(double v) const { return fmt(v) + " " + t.unit; }
    double tol() const { return rules.tolerance; }
    std::string tolerance() const {  // the tolerance as the rules data gives it (0.125, not 0.1)
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", rules.tolerance);
        return std::string(buf) + " " + t.unit;
    }
    void fact(std::string key, Value v, std::string rule, std::string says) {
        out.facts.push_back({std::move(key), std::move(v), std::move(rule), std::move(says)});
    }
};

std::string dq(const std::string& s) { return quoted_value(s); }  // names echoed from the files, escaped

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }
bool has_ref(const std::vector<ItemRef>& v, ItemRef r) { return std::find(v.begin(), v.end(), r) != v.end(); }

// The base a situation key names (`firer.base = "Tiger"`).
const Base* named_base(const Toml& t, std::string_view key, const Sketch& table) {
    auto name = t.str(key, true);
    if (!name) return nullptr;
    if (const Base* b = table.base(*name)) return b;
    std::vector<std::string> names;
    for (const auto& b : table.bases) names.push_back(b.name);
    t.error(key, "no base " + dq(*name) + " on the table " + table.file + " (bases: " +
                     (names.empty() ? std::string("none") : join_names(names, ", ")) + ")");
    return nullptr;
}

// A path: points the base's centre moves through after its position on the table.
std::optional<pl::Polyline> read_path(const Toml& t, std::string_view key, const Base& from, const Sketch& table, bool required) {
    const toml::node* n = t.node(key);
    if (!n) {
        if (required) t.error(key, "missing required key: the points [[x, y], ...] the base's centre moves through");
        return std::nullopt;
    }
    const toml::array* a = n->as_array();
    if (!a || a->empty() || a->size() > kMaxPathPoints) {
        t.error(key, "expected 1 to " + std::to_string(kMaxPathPoints) + " points [[x, y], ...], found " + describe_type(*n) +
                         (a ? " of " + std::to_string(a->size()) : std::string()));
        return std::nullopt;
    }
    pl::Polyline path = {from.at};
    for (const auto& el : *a) {
        const toml::array* p = el.as_array();
        std::optional<double> x, y;
        auto num = [](const toml::node* v) -> std::optional<double> {
            if (v && v->is_integer()) return static_cast<double>(v->as_integer()->get());
            if (v && v->is_floating_point() && std::isfinite(v->as_floating_point()->get())) return v->as_floating_point()->get();
            return std::nullopt;
        };
        if (p && p->size() == 2) x = num(p->get(0)), y = num(p->get(1));
        if (!x || !y || *x < 0 || *x > table.width || *y < 0 || *y > table.depth) {
            t.sink().error(&el, t.key_path(key) + ": expected a point [x, y] on the table (0 to " + fmt(table.width) + " by 0 to " +
                                    fmt(table.depth) + ")");
            return std::nullopt;
        }
        path.push_back({*x, *y});
    }
    return path;
}

pl::Polygon moved(const Base& b, pl::Vec2 to) {
    pl::Polygon p = b.outline;
    for (auto& v : p) v = v + (to - b.at);
    return p;
}

// The base's centre at small steps along the path (half its least size, bounded in count).
std::vector<pl::Vec2> samples(const Base& b, const pl::Polyline& path) {
    const double least = b.circle ? b.radius : std::min(b.width, b.depth) / 2;
    const double len = pl::path_length(path);
    double step = std::max(least, 1e-3);
    if (len / step > static_cast<double>(kMaxSamples)) step = len / static_cast<double>(kMaxSamples);
    std::vector<pl::Vec2> out = {path.front()};
    for (const auto& s : pl::segments(path)) {
        const double l = pl::length(s);
        const int n = std::max(1, static_cast<int>(std::ceil(l / step)));
        for (int i = 1; i <= n; ++i) out.push_back(s.a + (s.b - s.a) * (static_cast<double>(i) / n));
    }
    return out;
}

// How far an outline reaches into a piece: > 0 overlapping (an area) or within a line's drawn
// width by that much; < 0 apart by that much.
double reach(const pl::Polygon& o, const Piece& p) {
    if (!p.is_line) return pl::overlap_depth(o, p.outline);
    const double gap = pl::line_distance(p.line, o);
    if (gap > pl::kEps) return p.width / 2 - gap;
    // The line runs into the outline: add how far inside it goes (sampled at 65 points a segment).
    double inside = 0;
    for (const auto& s : pl::segments(p.line))
        for (int i = 0; i <= 64; ++i) inside = std::max(inside, -pl::signed_distance(o, s.a + (s.b - s.a) * (i / 64.0)));
    return p.width / 2 + inside;
}
// Touching: on, in or in contact with it (AGV "interpenetrated"; GF9 "partly on"). Exact (to kEps).
bool touching(const pl::Polygon& o, const Piece& p) {
    if (p.is_line) return pl::bounds(p.line).meets(pl::bounds(o), p.width / 2 + pl::kEps) && pl::line_distance(p.line, o) <= p.width / 2 + pl::kEps;
    return pl::touches(o, p.outline);
}

// How far a sight line goes into a piece (> 0), or passes clear of it (< 0). Areas are sampled
// at 65 points along the line, so a line through a corner reads at most 1/64 of its length short.
double depth(const pl::Segment& s, const Piece& p) {
    if (p.is_line) return p.width / 2 - pl::line_distance(p.line, s);
    if (!pl::touches(p.outline, s)) {
        double d = kInf;
        for (const auto& e : pl::edges(p.outline)) d = std::min(d, pl::distance(e, s));
        return -d;
    }
    double deepest = 0;
    for (int i = 0; i <= 64; ++i) deepest = std::max(deepest, -pl::signed_distance(p.outline, s.a + (s.b - s.a) * (i / 64.0)));
    return deepest;
}

bool crosses(const pl::Segment& s, const Piece& p) {
    const pl::Box b = pl::bounds(p.is_line ? p.line : p.outline);
    return b.meets(pl::bounds(s), p.width / 2 + pl::kEps) && depth(s, p) > pl::kEps;
}

std::string piece_name(const Piece& p) { return p.kind + " " + dq(p.name); }

ItemRef ref(const Sketch& t, const Piece& p) { return {false, static_cast<std::size_t>(&p - t.pieces.data())}; }
ItemRef ref(const Sketch& t, const Base& b) { return {true, static_cast<std::size_t>(&b - t.bases.data())}; }
Found found(const Sketch& t, const Piece& p, Role role, std::string says) { return {{ref(t, p), piece_name(p), Mark::clear, std::move(says)}, role}; }
Found found(const Sketch& t, const Base& b, Role role, std::string says) {
    return {{ref(t, b), "base " + dq(b.name), Mark::clear, std::move(says)}, role};
}

// The outline points used as the target's corners for "partly hidden" (all four of a rectangle;
// eight around a circle).
std::vector<pl::Vec2> corners(const Base& b) {
    if (!b.circle) return b.outline;
    std::vector<pl::Vec2> out;
    for (std::size_t i = 0; i < b.outline.size(); i += b.outline.size() / 8) out.push_back(b.outline[i]);
    return out;
}

// ---- gf9 --------------------------------------------------------------------------

struct HillFit {
    std::string hill;
    double inset = -kInf, reach = -kInf;
    gf9_tanks::OnHill on = gf9_tanks::OnHill::no;
};

HillFit hill_of(const Base& b, const Sketch& t, const Rules& r) {
    std::map<std::string, HillFit> by;
    for (const auto& p : t.pieces) {
        if (p.kind != r.hill_kind) continue;
        HillFit& h = by[p.hill];
        h.hill = p.hill;
        h.inset = std::max(h.inset, pl::inset(p.outline, b.outline));
        h.reach = std::max(h.reach, reach(b.outline, p));
    }
    HillFit best;
    for (auto& [name, h] : by) {
        h.on = h.inset >= 0 ? gf9_tanks::OnHill::wholly : h.reach > pl::kEps ? gf9_tanks::OnHill::partly : gf9_tanks::OnHill::no;
        const bool better = best.hill.empty() || h.on > best.on || (h.on == best.on && (h.inset > best.inset || h.reach > best.reach));
        if (better) best = h;
    }
    return best;
}

void gf9_on_hill(Ctx& c, const std::string& who, const Base& b, const HillFit& h) {
    const std::string key = who + ".on_hill";
    std::string says = who + " base " + dq(b.name);
    if (h.hill.empty()) says += " on no hill (the table has none)";
    else if (h.on == gf9_tanks::OnHill::wholly) says += " wholly on hill " + dq(h.hill) + " (" + c.u(h.inset) + " inside its edge)";
    else if (h.on == gf9_tanks::OnHill::partly)
        says += " partly on hill " + dq(h.hill) + " (" + c.u(h.reach) + " over its edge, " + c.u(-h.inset) + " short of wholly on)";
    else says += " on no hill (" + c.u(-h.reach) + " from hill " + dq(h.hill) + ")";
    c.fact(key, std::string(gf9_tanks::to_string(h.on)), "GF9-hills", says);
}

struct EscSide {
    bool within = false, top = false;
    double dist = kInf;
};

EscSide side_of(const Piece& e, pl::Vec2 p) {
    EscSide s;
    const auto segs = pl::segments(e.line);
    std::size_t best = 0;
    for (std::size_t i = 0; i < segs.size(); ++i) {
        const double d = pl::distance(segs[i], p);
        if (d < s.dist) s.dist = d, best = i;
    }
    const pl::Segment& g = segs[best];
    const pl::Vec2 q = pl::closest_point(g, p);
    const bool at_start = best == 0 && pl::distance(q, g.a) <= pl::kEps;
    const bool at_end = best + 1 == segs.size() && pl::distance(q, g.b) <= pl::kEps;
    s.within = !(at_start || at_end) || s.dist <= pl::kEps;
    const bool left = pl::cross(g.b - g.a, p - q) > 0;
    s.top = left == e.top_left;
    return s;
}

// Hills between the firer and the target (GF9-hills): a hill counts if it lies across the line
// to the target's centre or to any of its corners; a target some of whose lines are clear is
// partly hidden. `skip` toggles one hill in (or out) for the other reading.
struct Between {
    int count = 0;
    bool partly = false;
};

Between hills_between(const std::map<std::string, std::vector<double>>& depth_by_hill, std::size_t rays, const std::string& toggle = {}) {
    Between b;
    std::vector<bool> blocked(rays, false);
    for (const auto& [h, d] : depth_by_hill) {
        bool counted = false;
        for (std::size_t i = 0; i < rays; ++i) counted = counted || d[i] > pl::kEps;
        if (h == toggle) counted = !counted;
        if (!counted) continue;
        ++b.count;
        for (std::size_t i = 0; i < rays; ++i) blocked[i] = blocked[i] || d[i] > pl::kEps || (h == toggle);
    }
    const bool any_clear = std::find(blocked.begin(), blocked.end(), false) != blocked.end();
    b.partly = b.count > 0 && any_clear;
    return b;
}

// A hill piece as the sight line meets it: the firer's or target's own hill; between (across the
// line to the target's centre or a corner); or passing within the tolerance of it (near). An
// empty `says` when it is none of these.
Found hill_crossing(const Ctx& c, const Piece& p, const std::vector<pl::Segment>& rays, const HillFit& fh, const HillFit& th, bool on_line) {
    const bool own = (fh.on != gf9_tanks::OnHill::no && p.hill == fh.hill) || (th.on != gf9_tanks::OnHill::no && p.hill == th.hill);
    const std::string of = p.hill != p.name ? " (of hill " + dq(p.hill) + ")" : std::string();
    if (own) return found(c.t, p, Role::own, on_line ? piece_name(p) + of + ": the firer's or the target's own hill, not between" : "");
    double deepest = -kInf;
    for (const auto& r : rays) deepest = std::max(deepest, depth(r, p));
    if (deepest > pl::kEps)
        return found(c.t, p, Role::between, piece_name(p) + of + " between: reaches " + c.u(deepest) + " across the line" +
                                                 (on_line ? "" : " to one of the target's corners"));
    if (-deepest <= c.tol()) return found(c.t, p, Role::near, piece_name(p) + of + " passes " + c.u(-deepest) + " clear of the line");
    return found(c.t, p, Role::near, "");
}

// What gf9_los measures once and its parts share: the two bases, the line between their centres
// and the lines to the target's corners, the hill each stands on, and the escarpment the line is
// ruled against (with its crossing in words, for the table view).
struct LosScene {
    const Base& f;
    const Base& g;
    pl::Segment line;
    std::vector<pl::Segment> rays;  // the line, then the lines to the target's corners (GF9-hills)
    HillFit fh, th;
    const Piece* esc = nullptr;
    bool esc_between = false;  // the line crosses `esc`
    double along = kInf;       // where it crosses, as a fraction of the line
    std::string esc_says;      // the escarpment's crossing, with both distances
};

// GF9-hills: a base within the tolerance of another on-hill reading (wholly/partly/no) is ruled
// that way too.
void on_hill_readings(Ctx& c, const std::string& who, const Base& b, const HillFit& h) {
    if (h.hill.empty()) return;
    std::vector<std::pair<gf9_tanks::OnHill, double>> near;  // the other reading and how close it is
    if (h.on == gf9_tanks::OnHill::wholly && h.inset <= c.tol()) near.push_back({gf9_tanks::OnHill::partly, h.inset});
    if (h.on == gf9_tanks::OnHill::partly && -h.inset <= c.tol()) near.push_back({gf9_tanks::OnHill::wholly, -h.inset});
    if (h.on == gf9_tanks::OnHill::partly && h.reach <= c.tol()) near.push_back({gf9_tanks::OnHill::no, h.reach});
    if (h.on == gf9_tanks::OnHill::no && -h.reach <= c.tol()) near.push_back({gf9_tanks::OnHill::partly, -h.reach});
    for (const auto& [other, by] : near) {
        Reading rd;
        rd.rule = "GF9-hills";
        rd.says = who + " base " + dq(b.name) + " is " + c.u(by) + " from reading " + gf9_tanks::to_string(other) + " on hill " +
                  dq(h.hill) + ", within the " + c.tolerance() + " measuring tolerance: read as " + gf9_tanks::to_string(other);
        rd.keys.push_back({who + ".on_hill", std::string(gf9_tanks::to_string(other))});
        rd.items.push_back(ref(c.t, b));
        for (const auto& p : c.t.pieces)
            if (p.kind == c.rules.hill_kind && p.hill == h.hill) rd.items.push_back(ref(c.t, p));
        if (other == gf9_tanks::OnHill::no) rd.keys.push_back({"line.same_hill", false});
        c.out.readings.push_back(rd);
    }
}

// GF9-escarpments: the escarpment the line crosses first, else the nearest one both bases stand
// by (within its length, on either side).
void pick_escarpment(const Ctx& c, LosScene& s) {
    for (const auto& p : c.t.pieces) {
        if (p.kind != c.rules.top_kind) continue;
        if (auto x = pl::first_crossing(p.line, s.line))
            if (x->along < s.along) s.along = x->along, s.esc = &p;
    }
    s.esc_between = s.esc != nullptr;
    if (s.esc) return;
    double best = kInf;
    for (const auto& p : c.t.pieces) {
        if (p.kind != c.rules.top_kind) continue;
        const EscSide a = side_of(p, s.f.at), b = side_of(p, s.g.at);
        if (a.within && b.within && a.dist < best) best = a.dist, s.esc = &p;
    }
}

// GF9-escarpments: a difference of the two distances within the tolerance of a blocking case's
// threshold is ruled the other side of it too (the target nearer and farther by twice the tolerance).
void escarpment_readings(const gf9_tanks::Data& d, Ctx& c, const LosScene& s, double fd, double td) {
    const std::string e = "escarpment " + dq(s.esc->name);
    for (const auto& k : d.escarpments.cases) {
        const double diff = k.target_closer ? fd - td : td - fd;
        if (std::fabs(diff - k.by_more_than) > c.tol()) continue;
        for (const double shift : {-2 * c.tol(), 2 * c.tol()}) {
            Reading rd;
            rd.rule = "GF9-escarpments";
            rd.says = "the two distances to " + e + " (target " + c.u(td) + ", firer " + c.u(fd) + ") differ by " + c.u(std::fabs(fd - td)) +
                      ", within the " + c.tolerance() + " measuring tolerance of the rule's threshold: read with the target " +
                      c.u(std::max(0.0, td + shift)) + " away";
            rd.keys.push_back({"line.target_distance_to_escarpment", std::max(0.0, td + shift)});
            rd.items = {ref(c.t, *s.esc), ref(c.t, s.g), ref(c.t, s.f)};
            c.out.readings.push_back(rd);
        }
        break;
    }
}

// GF9-escarpments: each base on top of the escarpment or not (the target below it), whether the
// line crosses it, and each base's distance to it: along the line where it crosses, else the
// nearest distance. Fills s.esc_says; returns whether both bases are on top of it.
bool escarpment_facts(const gf9_tanks::Data& d, Ctx& c, LosScene& s) {
    if (!s.esc) return false;
    const EscSide a = side_of(*s.esc, s.f.at), b = side_of(*s.esc, s.g.at);
    const bool f_on = a.within && a.top, t_on = b.within && b.top, t_below = b.within && !b.top;
    const std::string e = "escarpment " + dq(s.esc->name);
    c.fact("firer.on_escarpment", f_on, "GF9-escarpments", "firer base " + dq(s.f.name) + (f_on ? " on top of " : " not on ") + e);
    c.fact("target.on_escarpment", t_on, "GF9-escarpments", "target base " + dq(s.g.name) + (t_on ? " on top of " : " not on ") + e);
    if (!t_on)
        c.fact("target.below_escarpment", t_below, "GF9-escarpments",
               "target base " + dq(s.g.name) + (t_below ? " below " : " not below ") + e);
    c.fact("line.escarpment_between", s.esc_between, "GF9-escarpments",
           "the line of sight " + std::string(s.esc_between ? "crosses " : "does not cross ") + e);
    double fd = a.dist, td = b.dist;
    std::string how = " (nearest distance: the line does not cross it)";
    if (s.esc_between) {
        const pl::Vec2 x = s.line.a + (s.line.b - s.line.a) * s.along;
        fd = pl::distance(s.f.at, x), td = pl::distance(s.g.at, x);
        how = " along the line of sight (it crosses at [" + fmt(x.x) + ", " + fmt(x.y) + "])";
    }
    s.esc_says = e + how + ": firer " + c.u(fd) + " from it, target " + c.u(td);
    c.fact("line.firer_distance_to_escarpment", fd, "GF9-escarpments", "firer " + c.u(fd) + " from " + e + how);
    c.fact("line.target_distance_to_escarpment", td, "GF9-escarpments", "target " + c.u(td) + " from " + e + how);
    escarpment_readings(d, c, s, fd, td);
    return f_on && t_on;
}

// GF9-hills: the same hill: both on one hill, or both on top of the one escarpment (stated only
// when both are on a hill or both on top).
void same_hill_fact(Ctx& c, const LosScene& s, bool both_on_esc) {
    const bool both_hills = s.fh.on != gf9_tanks::OnHill::no && s.th.on != gf9_tanks::OnHill::no;
    if (!both_hills && !both_on_esc) return;
    const bool one_hill = both_hills && s.fh.hill == s.th.hill;
    c.fact("line.same_hill", one_hill || both_on_esc, "GF9-hills",
           one_hill      ? "both on hill " + dq(s.fh.hill)
           : both_on_esc ? "both on top of escarpment " + dq(s.esc->name)
                         : "firer on hill " + dq(s.fh.hill) + ", target on another hill " + dq(s.th.hill));
}

// GF9-hills: how deep each hill reaches across each line to the target, every hill but the
// firer's own and the target's own, by hill name.
std::map<std::string, std::vector<double>> hill_depths(const Ctx& c, const LosScene& s) {
    std::map<std::string, std::vector<double>> depth_by_hill;
    for (const auto& p : c.t.pieces) {
        if (p.kind != c.rules.hill_kind) continue;
        if ((s.fh.on != gf9_tanks::OnHill::no && p.hill == s.fh.hill) || (s.th.on != gf9_tanks::OnHill::no && p.hill == s.th.hill)) continue;
        auto& ds = depth_by_hill[p.hill];
        ds.resize(s.rays.size(), -kInf);
        for (std::size_t i = 0; i < s.rays.size(); ++i) ds[i] = std::max(ds[i], depth(s.rays[i], p));
    }
    return depth_by_hill;
}

// GF9-hills: a hill that reaches across the lines, or passes clear of them, by no more than the
// tolerance is ruled the other way too (without it, or with it between).
void hill_between_reading(Ctx& c, const std::map<std::string, std::vector<double>>& depth_by_hill, std::size_t rays, const std::string& h,
                          double deepest) {
    const Between o = hills_between(depth_by_hill, rays, h);
    Reading rd;
    rd.rule = "GF9-hills";
    rd.says = "hill " + dq(h) + (deepest > pl::kEps ? " reaches " + c.u(deepest) + " across" : " passes " + c.u(-deepest) + " clear of") +
              " the line to the target, within the " + c.tolerance() + " measuring tolerance: read " +
              (deepest > pl::kEps ? "without it" : "with it between");
    rd.keys.push_back({"line.hills_between", static_cast<double>(o.count)});
    for (const auto& p : c.t.pieces)
        if (p.kind == c.rules.hill_kind && p.hill == h) rd.items.push_back(ref(c.t, p));
    rd.keys.push_back({"line.partly_hidden", o.partly});
    c.out.readings.push_back(rd);
}

// GF9-hills: the hills between the firer and the target, and whether the target is partly hidden
// (some lines to its corners pass clear).
void hills_between_facts(Ctx& c, const LosScene& s) {
    const auto depth_by_hill = hill_depths(c, s);
    const Between b = hills_between(depth_by_hill, s.rays.size());
    std::vector<std::string> between_names;
    for (const auto& [h, ds] : depth_by_hill) {
        const double deepest = *std::max_element(ds.begin(), ds.end());
        if (deepest > pl::kEps) between_names.push_back(dq(h) + " (" + c.u(deepest) + " across the line at its deepest)");
        if (std::fabs(deepest) <= c.tol()) hill_between_reading(c, depth_by_hill, s.rays.size(), h, deepest);
    }
    c.fact("line.hills_between", static_cast<double>(b.count), "GF9-hills",
           b.count == 0 ? "no hill between (lines to the target's centre and " + std::to_string(s.rays.size() - 1) + " corners)"
                        : std::to_string(b.count) + " hill(s) between: " + join_names(between_names, ", ") + "; " +
                              (b.partly ? "some lines to the target's corners pass clear: partly hidden" : "every line to the target crosses one: hidden"));
    c.fact("line.partly_hidden", b.partly, "GF9-hills", b.partly ? "the target is partly hidden" : "the target is not partly hidden");
}

// GF9-core: the pieces on the line: terrain (no effect on shooting in the house rules) and what
// only the core rules judge (woods, buildings); the hills and the escarpment as the line meets
// them, for the table view. Adds the kinds to `terrain` and `obstacles`.
void pieces_on_line(const gf9_tanks::Data& d, const Ctx& c, const LosScene& s, Sight& sight, std::vector<std::string>& terrain,
                    std::vector<std::string>& obstacles) {
    const auto shooting = d.shooting_terrain_names();
    for (const auto& p : c.t.pieces) {
        const bool on_line = crosses(s.line, p);
        if (p.kind == c.rules.hill_kind) sight.found.push_back(hill_crossing(c, p, s.rays, s.fh, s.th, on_line));
        // An escarpment is a line with no width: it is crossed where first_crossing found it.
        if (&p == s.esc && s.esc_between) sight.found.push_back(found(c.t, p, Role::between, s.esc_says));
        if (!on_line) continue;
        sight.crossed.push_back(piece_name(p));
        if (has(shooting, p.kind) && !has(terrain, p.kind)) terrain.push_back(p.kind);
        if (d.find_core(p.kind) && !has(obstacles, p.kind)) obstacles.push_back(p.kind);
        if (&p == s.esc) continue;
        if (d.find_core(p.kind)) sight.found.push_back(found(c.t, p, Role::obstacle, piece_name(p) + " on the line: the core rules judge it"));
        else if (p.kind != c.rules.hill_kind)
            sight.found.push_back(found(c.t, p, Role::terrain, piece_name(p) + " on the line: no effect on the line of sight in the house rules"));
    }
    sight.found.erase(std::remove_if(sight.found.begin(), sight.found.end(), [](const Found& x) { return x.crossing.says.empty(); }),
                      sight.found.end());
}

// GF9-core: other vehicles and wrecks on the line, which only the core rules judge.
void bases_on_line(const Ctx& c, const LosScene& s, Sight& sight, std::vector<std::string>& obstacles) {
    for (const auto& o : c.t.bases) {
        if (&o == &s.f || &o == &s.g || !pl::touches(o.outline, s.line)) continue;
        sight.crossed.push_back("base " + dq(o.name));
        const std::string k = o.wreck ? "wrecks" : "vehicles";
        if (!has(obstacles, k)) obstacles.push_back(k);
        sight.found.push_back(found(c.t, o, Role::obstacle, "base " + dq(o.name) + (o.wreck ? " (a wreck)" : " (a vehicle)") +
                                                                " on the line: the core rules judge it"));
    }
}

// GF9-core: what is on the line (terrain, obstacles) as facts, and the sight line for the view.
void on_line_facts(const gf9_tanks::Data& d, Ctx& c, const LosScene& s) {
    Sight sight{s.f.name, s.g.name, s.line, {}, {}};
    std::vector<std::string> terrain, obstacles;
    pieces_on_line(d, c, s, sight, terrain, obstacles);
    bases_on_line(c, s, sight, obstacles);
    c.fact("line.terrain", terrain, "GF9-core", terrain.empty() ? "the line crosses no movement terrain" : "the line crosses " + join_names(terrain, ", "));
    c.fact("line.obstacles", obstacles, "GF9-core",
           obstacles.empty() ? "no woods, buildings, vehicles or wrecks on the line" : "on the line: " + join_names(obstacles, ", "));
    c.out.sights.push_back(sight);
}

// GF9 line of sight from the firer's base to the target's: hills (GF9-hills), the escarpment
// (GF9-escarpments), the same hill, hills between, and what is on the line (GF9-core).
void gf9_los(const gf9_tanks::Data& d, const Toml& root, Ctx& c) {
    const Base* f = named_base(root.table("firer"), "base", c.t);
    const Base* g = named_base(root.table("target"), "base", c.t);
    if (!f || !g) return;
    const pl::Segment line{f->at, g->at};
    std::vector<pl::Segment> rays = {line};
    for (auto v : corners(*g)) rays.push_back({f->at, v});
    LosScene s{*f, *g, line, rays, hill_of(*f, c.t, c.rules), hill_of(*g, c.t, c.rules), nullptr, false, kInf, {}};
    gf9_on_hill(c, "firer", *f, s.fh);
    gf9_on_hill(c, "target", *g, s.th);
    on_hill_readings(c, "firer", *f, s.fh);
    on_hill_readings(c, "target", *g, s.th);
    pick_escarpment(c, s);
    const bool both_on_esc = escarpment_facts(d, c, s);
    same_hill_fact(c, s, both_on_esc);
    hills_between_facts(c, s);
    on_line_facts(d, c, s);
}

// The pieces a base touches anywhere along a path, in table order. A piece whose box the swept
// base's box misses is passed over at once (the sampled places are bounded, and so is the work).
std::vector<const Piece*> touched_along(const Base& b, const std::vector<pl::Vec2>& at, const Sketch& t) {
    std::vector<const Piece*> out;
    std::vector<pl::Vec2> corners;
    for (auto v : at)
        for (auto q : b.outline) corners.push_back(q + (v - b.at));
    const pl::Box swept = pl::bounds(corners);
    for (const auto& p : t.pieces) {
        if (!swept.meets(pl::bounds(p.is_line ? p.line : p.outline), p.width / 2 + pl::kEps)) continue;
        for (auto v : at)
            if (touching(moved(b, v), p)) {
                out.push_back(&p);
                break;
            }
    }
    return out;
}

// Along a road all the way: every step's centre lies on one road's drawn width.
bool along_road(const std::vector<pl::Vec2>& at, const Sketch& t, const std::string& road) {
    for (const auto& p : t.pieces) {
        if (p.kind != road || !p.is_line) continue;
        bool all = true;
        for (auto v : at) all = all && pl::line_distance(p.line, v) <= p.width / 2 + pl::kEps;
        if (all) return true;
    }
    return false;
}

void path_fact(Ctx& c, const std::string& rule, const Base& b, const pl::Polyline& path) {
    c.out.path = path;
    c.out.moved = pl::path_length(path);
    c.out.subjects.push_back(b.name);
    c.fact("", c.out.moved, rule, "base " + dq(b.name) + " moves " + c.u(c.out.moved) + " (its centre's path)");
}

void gf9_move(const gf9_tanks::Data& d, const Toml& root, Ctx& c) {
    const Toml move = root.table("move");
    const Base* b = named_base(move, "base", c.t);
    if (!b) return;
    auto path = read_path(move, "path", *b, c.t, true);
    if (!path) return;
    path_fact(c, "GF9-core", *b, *path);
    const auto at = samples(*b, *path);
    const auto names = d.terrain_names();
    std::vector<std::string> terrain, via, said;
    for (const Piece* p : touched_along(*b, at, c.t)) {
        if (has(names, p->kind)) terrain.push_back(p->kind), said.push_back(piece_name(*p));
        c.out.path_found.push_back(found(c.t, *p, Role::touched, "the move enters, crosses or leaves " + piece_name(*p)));
        if ((p->kind == "bridge" || p->kind == "ford") && !has(via, p->kind)) via.push_back(p->kind);
    }
    if (along_road(at, c.t, "road")) via.insert(via.begin(), "road");
    c.fact("move.terrain", terrain, "GF9-core",
           terrain.empty() ? "the move touches no terrain piece" : "the move enters, crosses or leaves " + join_names(said, ", "));
    if (!via.empty()) c.fact("move.via", via, "GF9-core", "the move goes by " + join_names(via, " and "));
}

// ---- agv --------------------------------------------------------------------------

std::vector<std::string> feature_names(const std::vector<const Piece*>& ps, const Rules& r) {
    std::vector<std::string> out;
    for (const Piece* p : ps)
        if (!has(r.drawn, p->kind)) out.push_back(p->kind);
    return out;
}

std::vector<const Piece*> touched(const Base& b, const Sketch& t, const Rules& r) {
    std::vector<const Piece*> out;
    for (const auto& p : t.pieces)
        if (!has(r.drawn, p.kind) && touching(b.outline, p)) out.push_back(&p);
    return out;
}

std::string list_pieces(const std::vector<const Piece*>& ps) {
    std::vector<std::string> n;
    for (const Piece* p : ps) n.push_back(piece_name(*p));
    return n.empty() ? std::string("nothing") : join_names(n, ", ");
}

// A reading for every piece a base is within the tolerance of touching or leaving.
void touch_readings(Ctx& c, const Base& b, const std::string& key, const std::vector<std::string>& as_read, const std::string& rule) {
    for (const auto& p : c.t.pieces) {
        if (has(c.rules.drawn, p.kind)) continue;
        if (!pl::bounds(b.outline).meets(pl::bounds(p.is_line ? p.line : p.outline), p.width / 2 + c.tol() + pl::kEps)) continue;
        const double r = reach(b.outline, p);
        if (std::fabs(r) > c.tol()) continue;
        std::vector<std::string> other = as_read;
        const bool in = r >= -pl::kEps;
        if (in) {
            auto it = std::find(other.begin(), other.end(), p.kind);
            if (it != other.end()) other.erase(it);
        } else {
            other.push_back(p.kind);
        }
        Reading rd;
        rd.rule = rule;
        rd.says = "base " + dq(b.name) + (in ? " touches " : " misses ") + piece_name(p) + " by " + c.u(std::fabs(r)) + ", within the " +
                  c.tolerance() + " measuring tolerance: read as " + (in ? "not touching it" : "touching it");
        rd.keys.push_back({key, other});
        rd.items = {ref(c.t, p), ref(c.t, b)};
        c.out.readings.push_back(rd);
    }
}

std::string agv_type(const Base& b) { return b.type == "light-artillery" ? "artillery" : b.type; }

void agv_move(const agv::Data& d, const Toml& root, Ctx& c) {
    const Base* b = named_base(root.table("unit"), "base", c.t);
    const Toml move = root.table("move");
    if (!b) return;
    auto path = read_path(move, "path", *b, c.t, true);
    if (!path) return;
    c.fact("unit.type", agv_type(*b), "AGV-movement", "base " + dq(b->name) + " is " + b->type);
    path_fact(c, "AGV-movement", *b, *path);
    const auto at = samples(*b, *path);
    const auto along = touched_along(*b, at, c.t);
    std::vector<const Piece*> feats;
    for (const Piece* p : along)
        if (!has(c.rules.drawn, p->kind)) {
            feats.push_back(p);
            c.out.path_found.push_back(found(c.t, *p, Role::touched, "the move enters, crosses, leaves or touches " + piece_name(*p)));
        }
    const auto start = touched(*b, c.t, c.rules);
    std::vector<std::string> starts;
    for (const Piece* p : start)
        if (p->kind != "bridge") starts.push_back(p->kind);
    const bool road = along_road(at, c.t, "road");
    c.fact("move.terrain", feature_names(feats, c.rules), "AGV-movement", "the move enters, crosses, leaves or touches " + list_pieces(feats));
    c.fact("move.starts_in", starts, "AGV-movement", "at the start the base is in or touching " + list_pieces(start));
    c.fact("move.on_road", road, "AGV-roads", road ? "the base's centre stays on a road all the way" : "the move does not follow a road all the way");
    // AGV-movement: every cm moved while touching half-rate terrain costs half_rate_cost cm.
    std::string act = move.str("action").value_or("move");
    agv::Action a = act == "charge" ? agv::Action::charge : act == "intercept" ? agv::Action::intercept : agv::Action::move;
    const auto type = agv_type(*b);
    agv::UnitType ut = type == "mounted" ? agv::UnitType::mounted : type == "elephant" ? agv::UnitType::elephant
                       : type == "artillery" ? agv::UnitType::artillery : agv::UnitType::foot;
    std::optional<bool> packed;
    if (auto p = root.table("unit").raw() ? root.table("unit").raw()->get("packed") : nullptr)
        if (p->is_boolean()) packed = p->as_boolean()->get();
    double slow = 0;
    bool prohibited = false;
    for (std::size_t i = 0; i + 1 < at.size(); ++i) {
        bool half = false;
        const pl::Vec2 mid = (at[i] + at[i + 1]) * 0.5;  // the step counts as where its middle is
        for (const Piece* pp : feats) {  // only what the move touches at all
            const Piece& p = *pp;
            const agv::Feature* f = d.find(p.kind);
            if (!f || !touching(moved(*b, mid), p)) continue;
            if (road && f->on_road == agv::OnRoad::ignored) continue;
            const auto e = f->effect(ut, a, packed);
            half = half || e == agv::Effect::half_rate;
            prohibited = prohibited || e == agv::Effect::prohibited;
        }
        if (half) slow += pl::distance(at[i], at[i + 1]);
    }
    if (!prohibited) {
        c.out.cost = c.out.moved + slow * (d.half_rate_cost - 1);
        c.fact("", *c.out.cost, "AGV-movement",
               "the move costs " + c.u(*c.out.cost) + " of movement allowance (" + c.u(slow) + " of it while touching half-rate terrain, counted " +
                   std::to_string(d.half_rate_cost) + " times)");
    }
}

// AGV-firing: the firer's type, the features it is in or touching, and those it is wholly within
// (a firer wholly within a wood fires only into it). Returns the pieces it is in or touching.
std::vector<const Piece*> agv_firer_facts(Ctx& c, const Base& f) {
    const auto f_in = touched(f, c.t, c.rules);
    std::vector<std::string> wholly;
    for (const Piece* p : f_in)
        if (!p->is_line && pl::inset(p->outline, f.outline) >= 0) wholly.push_back(p->kind);
    c.fact("firer.type", f.type, "AGV-firing", "firer base " + dq(f.name) + " is " + f.type);
    c.fact("firer.in", feature_names(f_in, c.rules), "AGV-firing", "firer base " + dq(f.name) + " is in or touching " + list_pieces(f_in));
    c.fact("firer.wholly_in", wholly, "AGV-firing",
           wholly.empty() ? "the firer is wholly within no feature" : "the firer is wholly within " + join_names(wholly, ", "));
    touch_readings(c, f, "firer.in", feature_names(f_in, c.rules), "AGV-firing");
    return f_in;
}

// What the line from the firer to one stand crosses, as AGV-cover counts it.
struct StandLine {
    std::vector<std::string> between;  // the `between` key
    std::vector<const Piece*> others;  // crossed, neither the stand's own nor the firer's
};

// AGV-firing, AGV-cover: every piece the line to stand i crosses. The firer's and the stand's own
// general features are not "between": the engine rules fire out of, into and through them from
// `in` and `wholly_in`. A line feature the stand touches (the wall it stands behind) is between.
StandLine stand_line(const Ctx& c, Sight& sight, const std::vector<const Piece*>& f_in, const std::vector<const Piece*>& s_in, std::size_t i) {
    StandLine sl;
    for (const auto& p : c.t.pieces) {
        if (has(c.rules.drawn, p.kind) || !crosses(sight.line, p)) continue;
        sight.crossed.push_back(piece_name(p));
        const bool fire_own = std::find(f_in.begin(), f_in.end(), &p) != f_in.end();
        const bool stand_own = std::find(s_in.begin(), s_in.end(), &p) != s_in.end();
        const bool own = (fire_own || stand_own) && !p.is_line;
        sight.found.push_back(found(c.t, p, own ? Role::own : Role::cover,
                                    piece_name(p) + (own ? std::string(fire_own ? " is the firer's own: fired out of, not between"
                                                                                : " is the stand's own: fired into, not between")
                                                         : " lies between the firer and stand " + std::to_string(i + 1))));
        if (own) continue;
        sl.between.push_back(p.kind);  // the wall it stands behind is one feature, named once
        if (!stand_own && !fire_own) sl.others.push_back(&p);
    }
    return sl;
}

// AGV-cover: a further feature of a kind the stand is in is named again (in = ["woods"],
// between = ["woods", "woods"]: in one wood, behind another).
void name_again(const std::vector<std::string>& in, StandLine& sl) {
    for (const auto& k : std::set<std::string>(in.begin(), in.end())) {
        const auto n_other = std::count_if(sl.others.begin(), sl.others.end(), [&](const Piece* p) { return p->kind == k; });
        const auto n_between = std::count(sl.between.begin(), sl.between.end(), k);
        const auto n_in = std::count(in.begin(), in.end(), k);
        for (auto j = n_between - n_other; n_other > 0 && j < n_in; ++j) sl.between.push_back(k);
    }
}

// AGV-cover: a feature of the firer's kind that the stand touches but the firer does not is a
// different one: `apart`.
std::vector<std::string> apart_kinds(const std::vector<const Piece*>& f_in, const std::vector<const Piece*>& s_in) {
    std::vector<std::string> apart;
    for (const Piece* p : s_in)
        if (std::find(f_in.begin(), f_in.end(), p) == f_in.end())
            for (const Piece* q : f_in)
                if (q->kind == p->kind && !has(apart, p->kind)) apart.push_back(p->kind);
    return apart;
}

// AGV-cover: one target stand (index i from 0): what it is in or touching, what lies between it
// and the firer, what is apart, and its sight line.
void agv_fire_stand(Ctx& c, const Base& f, const std::vector<const Piece*>& f_in, const Base& s, std::size_t i) {
    const std::string key = "stand[" + std::to_string(i) + "]";
    Sight sight{f.name, s.name, {f.at, s.at}, {}, {}};
    const auto s_in = touched(s, c.t, c.rules);
    const std::vector<std::string> in = feature_names(s_in, c.rules);
    StandLine sl = stand_line(c, sight, f_in, s_in, i);
    name_again(in, sl);
    const std::vector<std::string> apart = apart_kinds(f_in, s_in);
    c.fact(key + ".in", in, "AGV-cover", "stand " + std::to_string(i + 1) + " (base " + dq(s.name) + ") is in or touching " + list_pieces(s_in));
    c.fact(key + ".between", sl.between, "AGV-cover",
           "the line from the firer to stand " + std::to_string(i + 1) + " crosses " +
               (sight.crossed.empty() ? std::string("nothing") : join_names(sight.crossed, ", ")));
    if (!apart.empty())
        c.fact(key + ".apart", apart, "AGV-cover", "stand " + std::to_string(i + 1) + "'s " + join_names(apart, ", ") + " is not the firer's");
    touch_readings(c, s, key + ".in", in, "AGV-cover");
    c.out.sights.push_back(sight);
}

// AGV-firing and AGV-cover from the table: the firer, then each stand of the target unit (its
// bases, in file order; one unit is one type of troops).
void agv_fire(const Toml& root, Ctx& c) {
    const Base* f = named_base(root.table("firer"), "base", c.t);
    const Toml target = root.table("target");
    auto unit = target.str("unit", true);
    if (!f || !unit) return;
    const auto stands = c.t.unit_bases(*unit);
    if (stands.empty()) {
        target.error("unit", "no base of unit " + dq(*unit) + " on the table " + c.t.file);
        return;
    }
    const auto f_in = agv_firer_facts(c, *f);
    std::string type = stands.front()->type;
    for (const Base* s : stands)
        if (s->type != type) target.error("unit", "unit " + dq(*unit) + " mixes " + type + " and " + s->type + " stands");
    c.fact("target.type", type == "light-artillery" ? std::string("artillery") : type, "AGV-cover", "unit " + dq(*unit) + " is " + type);
    for (std::size_t i = 0; i < stands.size(); ++i) agv_fire_stand(c, *f, f_in, *stands[i], i);
}

void agv_melee(const Toml& root, Ctx& c) {
    const Toml charger = root.table("charger"), defender = root.table("defender");
    const Base* a = named_base(charger, "base", c.t);
    const Base* b = named_base(defender, "base", c.t);
    if (!a || !b) return;
    pl::Polyline route;
    if (charger.has("path")) {
        auto p = read_path(charger, "path", *a, c.t, false);
        if (!p) return;
        route = *p;
    } else {
        route = {a->at};
    }
    route.push_back(b->at);
    c.out.path = route;
    c.out.moved = pl::path_length(route);
    const auto a_in = touched(*a, c.t, c.rules), b_in = touched(*b, c.t, c.rules);
    std::vector<const Piece*> crossed;
    for (const Piece* p : b_in)
        for (const auto& s : pl::segments(route))
            if (depth(s, *p) >= -pl::kEps) {
                crossed.push_back(p);
                c.out.path_found.push_back(found(c.t, *p, Role::touched, "the charge goes over or through " + piece_name(*p) + ", the defender's"));
                break;
            }
    c.fact("charger.in", feature_names(a_in, c.rules), "AGV-hand-to-hand", "charger base " + dq(a->name) + " is in or touching " + list_pieces(a_in));
    c.fact("defender.in", feature_names(b_in, c.rules), "AGV-hand-to-hand", "defender base " + dq(b->name) + " is in or touching " + list_pieces(b_in));
    c.fact("defender.crossed", feature_names(crossed, c.rules), "AGV-hand-to-hand",
           "the charge (charger's centre to the defender's) goes over or through " + list_pieces(crossed) + " of the defender's");
    touch_readings(c, *b, "defender.in", feature_names(b_in, c.rules), "AGV-hand-to-hand");
    c.out.sights.push_back({a->name, b->name, {a->at, b->at}, {}, {}});
}

}  // namespace

// ---- show, table_keys ---------------------------------------------------------------

std::string show(const Value& v) {
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto d = std::get_if<double>(&v)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", *d);
        return buf;
    }
    if (auto s = std::get_if<std::string>(&v)) return dq(*s);
    std::string out = "[";
    for (const auto& s : std::get<std::vector<std::string>>(v)) out += (out.size() > 1 ? ", " : "") + dq(s);
    return out + "]";
}

const std::vector<std::string>& table_keys() {
    static const std::vector<std::string> k = {"firer.base", "target.base", "target.unit", "move.base", "move.path",
                                               "unit.base", "charger.base", "charger.path", "defender.base"};
    return k;
}

// ---- derive() -------------------------------------------------------------------------

Derived derive(const GameSystem& g, const Toml& root, const Sketch& table) {
    Derived out;
    auto q = root.str("question");
    out.question = q.value_or("");
    if (const auto* gf = dynamic_cast<const gf9_tanks::Gf9Tanks*>(&g)) {
        Ctx c{table, gf->data().table, out};
        if (out.question == "los") gf9_los(gf->data(), root, c);
        else if (out.question == "movement") gf9_move(gf->data(), root, c);
    } else if (const auto* ag = dynamic_cast<const agv::Agv*>(&g)) {
        Ctx c{table, ag->data().table, out};
        if (out.question == "movement") agv_move(ag->data(), root, c);
        else if (out.question == "fire") agv_fire(root, c);
        else if (out.question == "melee") agv_melee(root, c);
    }
    return out;
}

}  // namespace umpire::tabletop

// ---- rule_with_table ------------------------------------------------------------------

namespace umpire::tabletop {

namespace {

struct KeyPath {
    std::string table;       // "firer", "stand"
    std::optional<std::size_t> index;  // stand[i]
    std::string key;         // "on_hill"
};

KeyPath split(const std::string& path) {
    KeyPath k;
    const auto dot = path.find('.');
    std::string head = path.substr(0, dot);
    k.key = path.substr(dot + 1);
    if (const auto br = head.find('['); br != std::string::npos) {
        k.index = static_cast<std::size_t>(std::stoul(head.substr(br + 1)));
        head = head.substr(0, br);
    }
    k.table = head;
    return k;
}

// The table a key lives in, created when absent (stand[i] grows the array of tables).
toml::table* holder(toml::table& root, const KeyPath& k, bool create) {
    if (!k.index) {
        toml::node* n = root.get(k.table);
        if (!n && create) n = &root.insert_or_assign(k.table, toml::table{}).first->second;
        return n ? n->as_table() : nullptr;
    }
    toml::node* n = root.get(k.table);
    if (!n && create) n = &root.insert_or_assign(k.table, toml::array{}).first->second;
    toml::array* a = n ? n->as_array() : nullptr;
    if (!a) return nullptr;
    while (create && a->size() <= *k.index) a->push_back(toml::table{});
    return *k.index < a->size() ? a->get(*k.index)->as_table() : nullptr;
}

void put(toml::table& root, const std::string& path, const Value& v) {
    const KeyPath k = split(path);
    toml::table* t = holder(root, k, true);
    if (!t) return;
    if (auto b = std::get_if<bool>(&v)) t->insert_or_assign(k.key, *b);
    else if (auto d = std::get_if<double>(&v)) {
        if (path == "line.hills_between") t->insert_or_assign(k.key, static_cast<std::int64_t>(std::llround(*d)));
        else t->insert_or_assign(k.key, *d);
    } else if (auto s = std::get_if<std::string>(&v)) t->insert_or_assign(k.key, *s);
    else {
        toml::array a;
        for (const auto& x : std::get<std::vector<std::string>>(v)) a.push_back(x);
        t->insert_or_assign(k.key, std::move(a));
    }
}

// Does a typed value agree with the table's? Numbers within the tolerance agree; names match
// as the games match them; lists as multisets.
bool agrees(const toml::node& n, const Value& v, double tol) {
    if (auto b = std::get_if<bool>(&v)) return n.is_boolean() && n.as_boolean()->get() == *b;
    if (auto d = std::get_if<double>(&v)) {
        double x;
        if (n.is_integer()) x = static_cast<double>(n.as_integer()->get());
        else if (n.is_floating_point()) x = n.as_floating_point()->get();
        else return false;
        return std::fabs(x - *d) <= std::max(tol, 1e-9);
    }
    if (auto s = std::get_if<std::string>(&v)) return n.is_string() && same_name(n.as_string()->get(), *s);
    std::vector<std::string> typed, want;
    if (n.is_string()) typed.push_back(normalize_name(n.as_string()->get()));
    else if (const toml::array* a = n.as_array()) {
        for (const auto& el : *a) {
            if (!el.is_string()) return false;
            typed.push_back(normalize_name(el.as_string()->get()));
        }
    } else return false;
    for (const auto& x : std::get<std::vector<std::string>>(v)) want.push_back(normalize_name(x));
    std::sort(typed.begin(), typed.end());
    std::sort(want.begin(), want.end());
    return typed == want;
}

std::string show_node(const toml::node& n) {
    std::ostringstream os;
    if (n.is_string()) os << quoted_value(n.as_string()->get());
    else if (const toml::array* a = n.as_array()) {
        os << "[";
        for (std::size_t i = 0; i < a->size(); ++i) os << (i ? ", " : "") << show_node(*a->get(i));
        os << "]";
    }
    else if (n.is_boolean()) os << (n.as_boolean()->get() ? "true" : "false");
    else if (n.is_integer()) os << n.as_integer()->get();
    else if (n.is_floating_point()) os << n.as_floating_point()->get();
    else os << describe_type(n);
    return os.str();
}

// The typed node of a key in the situation as read (with its place in the file), if any.
const toml::node* typed_node(const toml::table& root, const KeyPath& k) {
    const toml::node* n = root.get(k.table);
    if (!n) return nullptr;
    const toml::table* t = nullptr;
    if (!k.index) t = n->as_table();
    else if (const toml::array* a = n->as_array(); a && *k.index < a->size()) t = a->get(*k.index)->as_table();
    return t ? t->get(k.key) : nullptr;
}

void remove_key(toml::table& root, const std::string& path) {
    const KeyPath k = split(path);
    if (toml::table* t = holder(root, k, false)) t->erase(k.key);
}

// The game's situation: the typed one without the table keys, with every fact filled in. A typed
// key the table disagrees with is bad input naming both.
toml::table build(const toml::table& situation, const Derived& dv, Sink& sink, double tol, const std::string& unit) {
    toml::table out = situation;
    out.erase("table");
    for (const auto& k : table_keys()) remove_key(out, k);
    for (const auto& f : dv.facts) {
        if (f.key.empty()) continue;
        const toml::node* n = typed_node(situation, split(f.key));
        if (n && !agrees(*n, f.value, tol)) {
            sink.error(n->source(), f.key + ": " + show_node(*n) + " is typed here, but the table gives " + show(f.value) + " (" + f.says +
                                        (std::holds_alternative<double>(f.value) ? "; measuring tolerance " + show(tol) + " " + unit : std::string()) + ")");
            continue;
        }
        put(out, f.key, f.value);
    }
    // Stands typed beyond those of the unit on the table.
    if (const toml::node* st = situation.get("stand"))
        if (const toml::array* a = st->as_array()) {
            std::size_t n = 0;
            for (const auto& f : dv.facts)
                if (f.key.rfind("stand[", 0) == 0) n = std::max(n, split(f.key).index.value_or(0) + 1);
            if (a->size() > n) sink.error(a->get(n)->source(), "stand: " + std::to_string(a->size()) + " stands typed, but the table's target unit has " + std::to_string(n));
        }
    return out;
}

Ruling rule_built(const GameSystem& g, const toml::table& t, const std::string& display_name) {
    Sink sink(display_name);
    Toml root(sink, &t, "");
    Ruling r = g.rule(root);
    sink.throw_if_errors();
    r.system = g.id();
    return r;
}

json::Value to_json(const Value& v) {
    if (auto b = std::get_if<bool>(&v)) return *b;
    if (auto d = std::get_if<double>(&v)) return std::round(*d * 1000) / 1000;
    if (auto s = std::get_if<std::string>(&v)) return *s;
    json::Array a;
    for (const auto& x : std::get<std::vector<std::string>>(v)) a.push_back(x);
    return a;
}

void decorate(Ruling& r, const Derived& dv, const Sketch& t, const Rules& rules, const std::string& shown) {
    std::vector<Step> facts;
    json::Array jf;
    for (const auto& f : dv.facts) {
        facts.push_back({f.rule, "Table: " + f.says + "."});
        jf.push_back(json::Object{{"key", f.key.empty() ? json::Value(nullptr) : json::Value(f.key)},
                                  {"value", to_json(f.value)},
                                  {"rule", f.rule},
                                  {"says", f.says}});
    }
    r.explanation.insert(r.explanation.begin(), facts.begin(), facts.end());
    json::Array sights;
    for (const auto& s : dv.sights) {
        json::Array crossed;
        for (const auto& c : s.crossed) crossed.push_back(c);
        sights.push_back(json::Object{{"from", s.from},
                                      {"to", s.to},
                                      {"line", json::Array{json::Array{s.line.a.x, s.line.a.y}, json::Array{s.line.b.x, s.line.b.y}}},
                                      {"crossed", crossed}});
    }
    json::Object table{{"file", shown}, {"unit", t.unit}, {"tolerance", rules.tolerance}, {"facts", jf}, {"sights", sights}};
    if (!dv.path.empty()) {
        json::Array path;
        for (auto p : dv.path) path.push_back(json::Array{p.x, p.y});
        table.push_back({"path", path});
        table.push_back({"moved", std::round(dv.moved * 1000) / 1000});
    }
    if (dv.cost) table.push_back({"cost", std::round(*dv.cost * 1000) / 1000});
    r.set("table", table);
}

const Rules* rules_of(const GameSystem& g) {
    if (const auto* gf = dynamic_cast<const gf9_tanks::Gf9Tanks*>(&g)) return &gf->data().table;
    if (const auto* ag = dynamic_cast<const agv::Agv*>(&g)) return &ag->data().table;
    return nullptr;
}

// A crossing's mark, read from the game's ruling (never from the rules themselves): what the
// ruling decided about the line (GF9 `los` and `cover`; AGV each stand's cover).
Mark mark_of(Role role, const Ruling& r, std::optional<bool> stand_cover, std::optional<bool> stand_hit) {
    const json::Value* los = nullptr;
    const json::Value* cover = nullptr;
    for (const auto& [k, v] : r.fields) {
        if (k == "los") los = &v;
        if (k == "cover") cover = &v;
    }
    const bool blocked = los && los->is_string() && los->as_string() == "blocked";
    const bool covered = cover && cover->is_bool() && cover->as_bool();
    switch (role) {
        case Role::between: return blocked ? Mark::blocking : covered ? Mark::cover : Mark::clear;
        case Role::obstacle: return blocked ? Mark::clear : Mark::call;
        case Role::cover:
            if (stand_hit && !*stand_hit) return Mark::blocking;
            return stand_cover.value_or(false) ? Mark::cover : Mark::clear;
        case Role::touched: return Mark::crossed;  // the ruling's verdict says what the move over it costs
        default: return Mark::clear;
    }
}

std::string mark_words(Mark m, Role role) {
    switch (m) {
        case Mark::blocking: return "blocks (as ruled)";
        case Mark::cover: return "gives cover (as ruled)";
        case Mark::call: return role == Role::obstacle ? "the referee's call (the core rules judge it)" : "the referee's call (within the measuring tolerance)";
        case Mark::crossed: return "ruled on as terrain crossed (see the ruling)";
        case Mark::clear: break;
    }
    return role == Role::obstacle ? "not needed: the line is already blocked" : "no effect on this ruling";
}

TableView table_view(const Ruling& r, const Derived& dv, const Sketch& t, const Rules& rules, const std::vector<ItemRef>& called) {
    TableView v;
    v.unit = t.unit;
    v.tolerance = rules.tolerance;
    v.game = r.view;
    const auto* agv_view = std::any_cast<view::AgvRulingView>(&r.view);
    auto is_called = [&](ItemRef i) { return std::find(called.begin(), called.end(), i) != called.end(); };
    auto finish = [&](const Found& f, std::optional<bool> cover, std::optional<bool> hit) {
        Crossing c = f.crossing;
        c.mark = is_called(c.item) ? Mark::call : mark_of(f.role, r, cover, hit);
        c.says += ": " + mark_words(c.mark, f.role);
        v.notes.push_back({c.item, c.says});
        return c;
    };
    std::vector<std::string> subjects = dv.subjects;
    for (std::size_t i = 0; i < dv.sights.size(); ++i) {
        const Sight& s = dv.sights[i];
        subjects.push_back(s.from);
        subjects.push_back(s.to);
        std::optional<bool> cover, hit;
        if (agv_view && i < agv_view->stands.size()) cover = agv_view->stands[i].cover, hit = agv_view->stands[i].can_be_fired_at;
        SightView sv{s.from, s.to, s.line, {}};
        for (const auto& f : s.found) sv.crossed.push_back(finish(f, cover, hit));
        v.sights.push_back(std::move(sv));
    }
    v.path = dv.path;
    v.moved = dv.moved;
    v.cost = dv.cost;
    for (const auto& f : dv.path_found) v.path_crossed.push_back(finish(f, std::nullopt, std::nullopt));
    for (const auto& name : subjects)
        if (const Base* b = t.base(name); b && !has_ref(v.subjects, ref(t, *b))) v.subjects.push_back(ref(t, *b));
    // Every fact and reading on the items it names (a quoted name in its sentence).
    auto note_all = [&](const std::string& says) {
        for (const auto& p : t.pieces)
            if (says.find(dq(p.name)) != std::string::npos) v.notes.push_back({ref(t, p), says});
        for (const auto& b : t.bases)
            if (says.find(dq(b.name)) != std::string::npos) v.notes.push_back({ref(t, b), says});
    };
    for (const auto& f : dv.facts) {
        note_all(f.says);
        if (const double* d = std::get_if<double>(&f.value); d && f.key != "line.hills_between")
            v.distances.push_back({f.key.empty() ? std::string("measured") : f.key, *d, f.says});
    }
    for (const auto& rd : dv.readings) note_all(rd.says);
    return v;
}

}  // namespace

const char* to_string(Mark m) {
    switch (m) {
        case Mark::blocking: return "blocking";
        case Mark::cover: return "cover";
        case Mark::call: return "referee's call";
        case Mark::crossed: return "crossed";
        case Mark::clear: break;
    }
    return "clear";
}

Systems table_systems(const Engine& e) {
    Systems s;
    if (const auto* g = e.get<gf9_tanks::Gf9Tanks>(); g && e.usable(g->id())) s.ids.push_back(g->id()), s.rules.push_back(&g->data().table);
    if (const auto* a = e.get<agv::Agv>(); a && e.usable(a->id())) s.ids.push_back(a->id()), s.rules.push_back(&a->data().table);
    return s;
}

Ruling rule_with_table(const Engine& e, const GameSystem& g, const toml::table& situation, const std::string& display_name,
                       const std::filesystem::path& base_dir) {
    Sink sink(display_name);
    Toml root(sink, &situation, "");
    auto file = root.str("table", true);
    const Systems systems = table_systems(e);
    const Rules* rules = systems.find(g.id());
    if (file && !rules) root.error("table", "a " + g.id() + " situation cannot use a table (tables are for gf9-tanks and agv)");
    sink.throw_if_errors();
    const std::filesystem::path path = std::filesystem::path(*file).is_absolute() ? std::filesystem::path(*file) : base_dir / *file;
    std::string shown = path.lexically_normal().string();
    if (std::filesystem::path(*file).is_relative() && base_dir.empty()) shown = *file;
    Sketch t;
    try {
        t = load_sketch(path, shown, systems);
    } catch (const InputError& e) {
        // The table's problems keep their own file's name, after one located at the situation's
        // `table` key, so the first line always names the file the referee opened.
        root.error("table", dq(*file) + ": the table file has the problems reported for " + shown);
        std::vector<Diagnostic> all = sink.diagnostics();
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw InputError(all);
    }
    return rule_on_table(g, situation, display_name, t);
}

Ruling rule_on_table(const GameSystem& g, const toml::table& situation, const std::string& display_name, const Sketch& t) {
    Sink sink(display_name);
    Toml root(sink, &situation, "");
    const Rules* rules = rules_of(g);
    const std::string file = root.str("table").value_or(t.file);
    if (!rules) root.error("table", "a " + g.id() + " situation cannot use a table (tables are for gf9-tanks and agv)");
    else if (t.system != g.id()) root.error("table", dq(file) + " is a table for " + t.system + "; this situation is " + g.id());
    sink.throw_if_errors();
    const Derived dv = derive(g, root, t);
    sink.throw_if_errors();
    const toml::table built = build(situation, dv, sink, rules->tolerance, t.unit);
    sink.throw_if_errors();
    Ruling r = rule_built(g, built, display_name);
    decorate(r, dv, t, *rules, t.file);
    // Every measurement within the tolerance of a threshold: rule the other reading too.
    std::vector<ItemRef> called;
    for (const auto& rd : dv.readings) {
        toml::table other = built;
        for (const auto& [k, v] : rd.keys) put(other, k, v);
        std::string verdict;
        try {
            verdict = rule_built(g, other, display_name).verdict;
        } catch (const InputError&) {
            r.step(rd.rule, "Table: " + rd.says + " — that reading is not a situation the rules cover, so the measured one stands.");
            continue;
        }
        if (verdict != r.verdict) {
            r.call(rd.rule, rd.says + ": " + verdict + "; as measured: " + r.verdict + ".");
            called.insert(called.end(), rd.items.begin(), rd.items.end());
        } else {
            r.step(rd.rule, "Table: " + rd.says + ": the same ruling either way.");
        }
    }
    r.view = table_view(r, dv, t, *rules, called);
    return r;
}

}  // namespace umpire::tabletop
