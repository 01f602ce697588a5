// GF9 TANKS on a table sketch (see table.hpp and docs/tables.md "What is measured"): the
// situation keys a referee would type, measured.
//
// Sections
//   on a hill      each base's hill (GF9-hills), and the other reading within the tolerance
//   escarpment     the escarpment ruled against, each base on or below it, the two distances
//                  (GF9-escarpments)
//   between        the same hill; the hills between and partly hidden (GF9-hills)
//   on the line    terrain, woods, buildings and other bases on the line (GF9-core)
//   los, movement  the two questions; TableRules and Gf9Tanks's constructor
#include "games/gf9_tanks/table.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/names.hpp"
#include "games/gf9_tanks/rules.hpp"
#include "tabletop/measure.hpp"

namespace umpire::gf9_tanks {

namespace pl = umpire::plane;

namespace {

using tabletop::along_road;
using tabletop::Base;
using tabletop::corners;
using tabletop::crosses;
using tabletop::depth;
using tabletop::Fit;
using tabletop::fmt;
using tabletop::Found;
using tabletop::found;
using tabletop::has;
using tabletop::hill_of;
using tabletop::HillFit;
using tabletop::kInf;
using tabletop::Measuring;
using tabletop::named_base;
using tabletop::path_fact;
using tabletop::Piece;
using tabletop::piece_name;
using tabletop::quoted_name;
using tabletop::read_path;
using tabletop::Reading;
using tabletop::ref;
using tabletop::Role;
using tabletop::samples;
using tabletop::Sight;
using tabletop::touched_along;

// ---- on a hill --------------------------------------------------------------------

// GF9-hills reads a base's fit on a hill as its `on_hill`.
OnHill on_hill(Fit f) { return f == Fit::wholly ? OnHill::wholly : f == Fit::partly ? OnHill::partly : OnHill::no; }

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

void gf9_on_hill(Measuring& c, const std::string& who, const Base& b, const HillFit& h) {
    const std::string key = who + ".on_hill";
    std::string says = who + " base " + quoted_name(b.name);
    if (h.hill.empty()) says += " on no hill (the table has none)";
    else if (h.on == Fit::wholly) says += " wholly on hill " + quoted_name(h.hill) + " (" + c.u(h.inset) + " inside its edge)";
    else if (h.on == Fit::partly)
        says += " partly on hill " + quoted_name(h.hill) + " (" + c.u(h.reach) + " over its edge, " + c.u(-h.inset) + " short of wholly on)";
    else says += " on no hill (" + c.u(-h.reach) + " from hill " + quoted_name(h.hill) + ")";
    c.fact(key, std::string(to_string(on_hill(h.on))), "GF9-hills", says);
}

// GF9-hills: a base within the tolerance of another on-hill reading (wholly/partly/no) is ruled
// that way too.
void on_hill_readings(Measuring& c, const std::string& who, const Base& b, const HillFit& h) {
    if (h.hill.empty()) return;
    std::vector<std::pair<OnHill, double>> near;  // the other reading and how close it is
    if (h.on == Fit::wholly && h.inset <= c.tol()) near.push_back({OnHill::partly, h.inset});
    if (h.on == Fit::partly && -h.inset <= c.tol()) near.push_back({OnHill::wholly, -h.inset});
    if (h.on == Fit::partly && h.reach <= c.tol()) near.push_back({OnHill::no, h.reach});
    if (h.on == Fit::no && -h.reach <= c.tol()) near.push_back({OnHill::partly, -h.reach});
    for (const auto& [other, by] : near) {
        Reading rd;
        rd.rule = "GF9-hills";
        rd.says = who + " base " + quoted_name(b.name) + " is " + c.u(by) + " from reading " + to_string(other) + " on hill " +
                  quoted_name(h.hill) + ", within the " + c.tolerance() + " measuring tolerance: read as " + to_string(other);
        rd.keys.push_back({who + ".on_hill", std::string(to_string(other))});
        rd.items.push_back(ref(c.t, b));
        for (const auto& p : c.t.pieces)
            if (p.kind == c.rules.hill_kind && p.hill == h.hill) rd.items.push_back(ref(c.t, p));
        if (other == OnHill::no) rd.keys.push_back({"line.same_hill", false});
        c.out.readings.push_back(rd);
    }
}

// ---- escarpment -------------------------------------------------------------------

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

// GF9-escarpments: the escarpment the line crosses first, else the nearest one both bases stand
// by (within its length, on either side).
void pick_escarpment(const Measuring& c, LosScene& s) {
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
void escarpment_readings(const Data& d, Measuring& c, const LosScene& s, double fd, double td) {
    const std::string e = "escarpment " + quoted_name(s.esc->name);
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
bool escarpment_facts(const Data& d, Measuring& c, LosScene& s) {
    if (!s.esc) return false;
    const EscSide a = side_of(*s.esc, s.f.at), b = side_of(*s.esc, s.g.at);
    const bool f_on = a.within && a.top, t_on = b.within && b.top, t_below = b.within && !b.top;
    const std::string e = "escarpment " + quoted_name(s.esc->name);
    c.fact("firer.on_escarpment", f_on, "GF9-escarpments", "firer base " + quoted_name(s.f.name) + (f_on ? " on top of " : " not on ") + e);
    c.fact("target.on_escarpment", t_on, "GF9-escarpments", "target base " + quoted_name(s.g.name) + (t_on ? " on top of " : " not on ") + e);
    if (!t_on)
        c.fact("target.below_escarpment", t_below, "GF9-escarpments",
               "target base " + quoted_name(s.g.name) + (t_below ? " below " : " not below ") + e);
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

// ---- between ----------------------------------------------------------------------

// GF9-hills: the same hill: both on one hill, or both on top of the one escarpment (stated only
// when both are on a hill or both on top).
void same_hill_fact(Measuring& c, const LosScene& s, bool both_on_esc) {
    const bool both_hills = s.fh.on != Fit::no && s.th.on != Fit::no;
    if (!both_hills && !both_on_esc) return;
    const bool one_hill = both_hills && s.fh.hill == s.th.hill;
    c.fact("line.same_hill", one_hill || both_on_esc, "GF9-hills",
           one_hill      ? "both on hill " + quoted_name(s.fh.hill)
           : both_on_esc ? "both on top of escarpment " + quoted_name(s.esc->name)
                         : "firer on hill " + quoted_name(s.fh.hill) + ", target on another hill " + quoted_name(s.th.hill));
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

// GF9-hills: how deep each hill reaches across each line to the target, every hill but the
// firer's own and the target's own, by hill name.
std::map<std::string, std::vector<double>> hill_depths(const Measuring& c, const LosScene& s) {
    std::map<std::string, std::vector<double>> depth_by_hill;
    for (const auto& p : c.t.pieces) {
        if (p.kind != c.rules.hill_kind) continue;
        if ((s.fh.on != Fit::no && p.hill == s.fh.hill) || (s.th.on != Fit::no && p.hill == s.th.hill)) continue;
        auto& ds = depth_by_hill[p.hill];
        ds.resize(s.rays.size(), -kInf);
        for (std::size_t i = 0; i < s.rays.size(); ++i) ds[i] = std::max(ds[i], depth(s.rays[i], p));
    }
    return depth_by_hill;
}

// GF9-hills: a hill that reaches across the lines, or passes clear of them, by no more than the
// tolerance is ruled the other way too (without it, or with it between).
void hill_between_reading(Measuring& c, const std::map<std::string, std::vector<double>>& depth_by_hill, std::size_t rays, const std::string& h,
                          double deepest) {
    const Between o = hills_between(depth_by_hill, rays, h);
    Reading rd;
    rd.rule = "GF9-hills";
    rd.says = "hill " + quoted_name(h) + (deepest > pl::kEps ? " reaches " + c.u(deepest) + " across" : " passes " + c.u(-deepest) + " clear of") +
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
void hills_between_facts(Measuring& c, const LosScene& s) {
    const auto depth_by_hill = hill_depths(c, s);
    const Between b = hills_between(depth_by_hill, s.rays.size());
    std::vector<std::string> between_names;
    for (const auto& [h, ds] : depth_by_hill) {
        const double deepest = *std::max_element(ds.begin(), ds.end());
        if (deepest > pl::kEps) between_names.push_back(quoted_name(h) + " (" + c.u(deepest) + " across the line at its deepest)");
        if (std::fabs(deepest) <= c.tol()) hill_between_reading(c, depth_by_hill, s.rays.size(), h, deepest);
    }
    c.fact("line.hills_between", static_cast<double>(b.count), "GF9-hills",
           b.count == 0 ? "no hill between (lines to the target's centre and " + std::to_string(s.rays.size() - 1) + " corners)"
                        : std::to_string(b.count) + " hill(s) between: " + join_names(between_names, ", ") + "; " +
                              (b.partly ? "some lines to the target's corners pass clear: partly hidden" : "every line to the target crosses one: hidden"));
    c.fact("line.partly_hidden", b.partly, "GF9-hills", b.partly ? "the target is partly hidden" : "the target is not partly hidden");
}

// ---- on the line ------------------------------------------------------------------

// A hill piece as the sight line meets it: the firer's or target's own hill; between (across the
// line to the target's centre or a corner); or passing within the tolerance of it (near). An
// empty `says` when it is none of these.
Found hill_crossing(const Measuring& c, const Piece& p, const std::vector<pl::Segment>& rays, const HillFit& fh, const HillFit& th, bool on_line) {
    const bool own = (fh.on != Fit::no && p.hill == fh.hill) || (th.on != Fit::no && p.hill == th.hill);
    const std::string of = p.hill != p.name ? " (of hill " + quoted_name(p.hill) + ")" : std::string();
    if (own) return found(c.t, p, Role::own, on_line ? piece_name(p) + of + ": the firer's or the target's own hill, not between" : "");
    double deepest = -kInf;
    for (const auto& r : rays) deepest = std::max(deepest, depth(r, p));
    if (deepest > pl::kEps)
        return found(c.t, p, Role::between, piece_name(p) + of + " between: reaches " + c.u(deepest) + " across the line" +
                                                 (on_line ? "" : " to one of the target's corners"));
    if (-deepest <= c.tol()) return found(c.t, p, Role::near, piece_name(p) + of + " passes " + c.u(-deepest) + " clear of the line");
    return found(c.t, p, Role::near, "");
}

// GF9-core: the pieces on the line: terrain (no effect on shooting in the house rules) and what
// only the core rules judge (woods, buildings); the hills and the escarpment as the line meets
// them, for the table view. Adds the kinds to `terrain` and `obstacles`.
void pieces_on_line(const Data& d, const Measuring& c, const LosScene& s, Sight& sight, std::vector<std::string>& terrain,
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
void bases_on_line(const Measuring& c, const LosScene& s, Sight& sight, std::vector<std::string>& obstacles) {
    for (const auto& o : c.t.bases) {
        if (&o == &s.f || &o == &s.g || !pl::touches(o.outline, s.line)) continue;
        sight.crossed.push_back("base " + quoted_name(o.name));
        const std::string k = o.wreck ? "wrecks" : "vehicles";
        if (!has(obstacles, k)) obstacles.push_back(k);
        sight.found.push_back(found(c.t, o, Role::obstacle, "base " + quoted_name(o.name) + (o.wreck ? " (a wreck)" : " (a vehicle)") +
                                                                " on the line: the core rules judge it"));
    }
}

// GF9-core: what is on the line (terrain, obstacles) as facts, and the sight line for the view.
void on_line_facts(const Data& d, Measuring& c, const LosScene& s) {
    Sight sight{s.f.name, s.g.name, s.line, {}, {}};
    std::vector<std::string> terrain, obstacles;
    pieces_on_line(d, c, s, sight, terrain, obstacles);
    bases_on_line(c, s, sight, obstacles);
    c.fact("line.terrain", terrain, "GF9-core", terrain.empty() ? "the line crosses no movement terrain" : "the line crosses " + join_names(terrain, ", "));
    c.fact("line.obstacles", obstacles, "GF9-core",
           obstacles.empty() ? "no woods, buildings, vehicles or wrecks on the line" : "on the line: " + join_names(obstacles, ", "));
    c.out.sights.push_back(sight);
}

// ---- los, movement ----------------------------------------------------------------

// GF9 line of sight from the firer's base to the target's: hills (GF9-hills), the escarpment
// (GF9-escarpments), the same hill, hills between, and what is on the line (GF9-core).
void gf9_los(const Data& d, const Section& root, Measuring& c) {
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

// GF9-core: a move's path and length, the terrain pieces the base touches on the way, and whether
// it goes by road (all the way), bridge or ford.
void gf9_move(const Data& d, const Section& root, Measuring& c) {
    const Section move = root.table("move");
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

}  // namespace

// ---- TableRules -----------------------------------------------------------------------

void TableRules::measure(const Section& root, tabletop::Measuring& m) const {
    if (m.out.question == "los") gf9_los(sys_.data(), root, m);
    else if (m.out.question == "movement") gf9_move(sys_.data(), root, m);
}

// GF9-hills: the number of hills between is a count (a TOML integer), not a distance.
std::vector<std::string> TableRules::counts() const { return {"line.hills_between"}; }

Gf9Tanks::Gf9Tanks() : table_(std::make_unique<TableRules>(*this)) {}
Gf9Tanks::~Gf9Tanks() = default;

const tabletop::TableSupport* Gf9Tanks::table_support() const { return table_.get(); }

}  // namespace umpire::gf9_tanks
