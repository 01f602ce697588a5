// GF9 TANKS on a table sketch (see table.hpp and docs/tables.md): the situation keys a referee
// would type, measured.
//
// Sections
//   on a hill      every hill each base stands on (GF9-hills: partly or wholly, each hill the union
//                  of its pieces), and the other reading within the tolerance
//   hill keys      on_hill, same_hill (another hill), hills between, partly hidden, from those
//                  fits: one function, so every other reading is ruled from the same measure
//   escarpment     every escarpment crossing of the line (one escarpment met twice: both), each base on or below it, the two
//                  distances (GF9-escarpments)
//   on the line    terrain, woods, buildings and other bases on the line (GF9-core)
//   moves          what the moving base crosses: water at or off a bridge or ford, terrain along
//                  or off a road through it (GF9-rivers, -canals, -creeks, -rough, -swamps)
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

using tabletop::Base;
using tabletop::corners;
using tabletop::crosses;
using tabletop::depth;
using tabletop::Fit;
using tabletop::fmt;
using tabletop::Found;
using tabletop::found;
using tabletop::has;
using tabletop::hills_of;
using tabletop::HillFit;
using tabletop::kInf;
using tabletop::Measuring;
using tabletop::moved;
using tabletop::named_base;
using tabletop::overlap;
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
using tabletop::touching;

// ---- on a hill --------------------------------------------------------------------

// GF9-hills reads a base's fit on a hill as its `on_hill`.
OnHill on_hill(Fit f) { return f == Fit::wholly ? OnHill::wholly : f == Fit::partly ? OnHill::partly : OnHill::no; }

// An escarpment as the line of sight meets it: crossed (where) or the one both bases stand by,
// and each base's side of it and distance (GF9-escarpments).
struct EscSide {
    bool within = false, top = false;
    double dist = kInf;
};
struct EscSeen {
    const Piece* p = nullptr;
    bool between = false;  // the line crosses it
    double along = kInf;   // where, as a fraction of the line
    EscSide f, g;
    double fd = 0, td = 0;  // the distances the rule compares
    std::string says;       // the crossing in words, with both distances
    bool f_on() const { return f.within && f.top; }
    bool t_on() const { return g.within && g.top; }
    bool t_below() const { return g.within && !g.top; }
};

// What gf9_los measures once and its parts share: the two bases, the line between their centres
// and the lines to the target's corners, every hill's fit for each base and its depth across
// each line, and the escarpments.
struct LosScene {
    const Base& f;
    const Base& g;
    pl::Segment line;
    std::vector<pl::Segment> rays;  // the line, then the lines to the target's corners (GF9-hills)
    std::vector<HillFit> fh, th;    // every hill, the same order for both
    std::vector<std::vector<double>> deep;  // per hill, how deep it reaches across each ray
    std::vector<EscSeen> esc;       // the escarpments, in the order the line crosses them
    bool shared_top = false;        // both bases on top of one escarpment
};

// The hill's pieces with the share of the base on each: "its pieces \"A\" 60 %, \"B\" 40 % of the base".
std::string piece_shares(const Measuring& c, const Base& b, const HillFit& h) {
    if (h.pieces.size() == 1 && h.pieces.front()->name == h.hill) {
        const auto o = overlap(c.t, b, *h.pieces.front());
        return fmt(o.fraction * 100) + " % of the base on it";
    }
    std::vector<std::string> parts;
    for (const Piece* p : h.pieces) {
        const auto o = overlap(c.t, b, *p);
        if (o.fraction > 0) parts.push_back(quoted_name(p->name) + " " + fmt(o.fraction * 100) + " %");
    }
    return "of the base on its pieces: " + join_names(parts, " and ");
}

// One hill a base stands on, in words with the numbers that decided it.
std::string fit_words(const Measuring& c, const Base& b, const HillFit& h) {
    if (h.on == Fit::wholly)
        return "wholly on hill " + quoted_name(h.hill) + " (" + c.u(h.inset) + " inside its edge" + (h.pieces.size() > 1 ? ", its pieces taken together" : "") +
               "; " + piece_shares(c, b, h) + ")";
    return "partly on hill " + quoted_name(h.hill) + " (" + c.u(h.reach) + " over its edge, " + c.u(-h.inset) + " short of wholly on; " +
           piece_shares(c, b, h) + ")";
}

void gf9_on_hill(Measuring& c, const std::string& who, const Base& b, const std::vector<HillFit>& fits) {
    std::vector<std::string> on;
    Fit best = Fit::no;
    const HillFit* nearest = nullptr;
    for (const auto& h : fits) {
        if (h.on != Fit::no) on.push_back(fit_words(c, b, h));
        best = std::max(best, h.on);
        if (!nearest || h.reach > nearest->reach) nearest = &h;
    }
    std::string says = who + " base " + quoted_name(b.name);
    if (fits.empty()) says += " on no hill (the table has none)";
    else if (on.empty()) says += " on no hill (" + c.u(-nearest->reach) + " from hill " + quoted_name(nearest->hill) + ")";
    else says += " " + join_names(on, " and ") + (on.size() > 1 ? ": on each of them (partly or wholly on a hill is on it)" : "");
    c.fact(who + ".on_hill", std::string(to_string(on_hill(best))), "GF9-hills", says);
}

// ---- hill keys --------------------------------------------------------------------

// The hill keys of the situation, from every hill's fit for each base and its depth across the
// lines (GF9-hills): `on_hill` is the best fit; the hills each base is on are its own (no effect,
// traced onto); every other hill across a line is between; `same_hill` says no hill-to-hill pair
// exists under the reading of "another hill" given.
struct HillKeys {
    OnHill f = OnHill::no, t = OnHill::no;
    bool both_up = false, same = false;
    int between = 0;
    bool partly = false;
    std::vector<std::size_t> between_hills;
};

struct HillInput {
    std::vector<Fit> ff, tf;
    std::vector<std::vector<double>> deep;
    bool shared_top = false;     // both on top of one escarpment: a hill both are on (GF9-escarpments)
    OnHill top_counts_as = OnHill::wholly;
};

// Is the target on "another hill" (GF9-hills, hill to hill)? `apart`: a hill the firer stands on
// wholly that the target is not on, and one the target stands on wholly that the firer is not on;
// else any two different hills, one each. The escarpment top both stand on counts as a hill.
bool another_hill(const HillInput& in, bool apart) {
    const std::size_t n = in.ff.size(), top = n;  // index n: the shared escarpment top
    const bool top_wholly = in.shared_top && in.top_counts_as == OnHill::wholly;
    auto f_on = [&](std::size_t h) { return h == top ? in.shared_top : in.ff[h] != Fit::no; };
    auto t_on = [&](std::size_t h) { return h == top ? in.shared_top : in.tf[h] != Fit::no; };
    auto f_wholly = [&](std::size_t h) { return h == top ? top_wholly : in.ff[h] == Fit::wholly; };
    auto t_wholly = [&](std::size_t h) { return h == top ? top_wholly : in.tf[h] == Fit::wholly; };
    for (std::size_t x = 0; x <= n; ++x)
        for (std::size_t y = 0; y <= n; ++y)
            if (x != y && f_wholly(x) && t_wholly(y) && (!apart || (!t_on(x) && !f_on(y)))) return true;
    return false;
}

HillKeys hill_keys(const HillInput& in, bool apart) {
    HillKeys k;
    for (Fit x : in.ff) k.f = std::max(k.f, on_hill(x));
    for (Fit x : in.tf) k.t = std::max(k.t, on_hill(x));
    k.both_up = (k.f != OnHill::no || in.shared_top) && (k.t != OnHill::no || in.shared_top);
    if (k.both_up) {
        bool shared = in.shared_top;
        for (std::size_t h = 0; h < in.ff.size(); ++h) shared = shared || (in.ff[h] != Fit::no && in.tf[h] != Fit::no);
        // Both wholly on: the hill-to-hill question; otherwise whether they share a hill (no rule reads it then).
        const bool both_wholly = k.f == OnHill::wholly && k.t == OnHill::wholly;
        k.same = both_wholly ? !another_hill(in, apart) : shared;
        // same_hill = true needs both on hills or both on the escarpment top (parse_los).
        if (k.same && !(k.f != OnHill::no && k.t != OnHill::no) && !in.shared_top) k.same = false;
    }
    std::vector<bool> blocked(in.deep.empty() ? 0 : in.deep.front().size(), false);
    for (std::size_t h = 0; h < in.deep.size(); ++h) {
        if (in.ff[h] != Fit::no || in.tf[h] != Fit::no) continue;  // the firer's or the target's own
        const auto& d = in.deep[h];
        if (*std::max_element(d.begin(), d.end()) <= pl::kEps) continue;
        ++k.between;
        k.between_hills.push_back(h);
        for (std::size_t i = 0; i < d.size(); ++i) blocked[i] = blocked[i] || d[i] > pl::kEps;
    }
    k.partly = k.between > 0 && std::find(blocked.begin(), blocked.end(), false) != blocked.end();
    return k;
}

HillInput hill_input(const Data& d, const LosScene& s) {
    HillInput in;
    for (const auto& h : s.fh) in.ff.push_back(h.on);
    for (const auto& h : s.th) in.tf.push_back(h.on);
    in.deep = s.deep;
    in.shared_top = s.shared_top;
    in.top_counts_as = d.escarpments.counts_as;
    return in;
}

bool apart_reading(const Data& d) { return d.hills.another_hill != "distinct"; }

// A reading's keys: every hill key, so that each other reading is ruled whole.
void push_hill_keys(Reading& rd, const HillKeys& k) {
    rd.keys.push_back({"firer.on_hill", std::string(to_string(k.f))});
    rd.keys.push_back({"target.on_hill", std::string(to_string(k.t))});
    rd.keys.push_back({"line.same_hill", k.same});
    rd.keys.push_back({"line.hills_between", static_cast<double>(k.between)});
    rd.keys.push_back({"line.partly_hidden", k.partly});
}

void hill_items(const Measuring& c, Reading& rd, const HillFit& h) {
    for (const Piece* p : h.pieces) rd.items.push_back(ref(c.t, *p));
}

// GF9-hills: a base within the tolerance of another fit on a hill (wholly/partly/no) is ruled
// that way too, every hill key measured again.
void on_hill_readings(const Data& d, Measuring& c, const LosScene& s) {
    const HillInput base = hill_input(d, s);
    for (const bool firer : {true, false}) {
        const auto& fits = firer ? s.fh : s.th;
        const Base& b = firer ? s.f : s.g;
        for (std::size_t h = 0; h < fits.size(); ++h) {
            const HillFit& x = fits[h];
            std::vector<std::pair<Fit, double>> near;  // the other fit and how close it is
            if (x.on == Fit::wholly && x.inset <= c.tol()) near.push_back({Fit::partly, x.inset});
            if (x.on == Fit::partly && -x.inset <= c.tol()) near.push_back({Fit::wholly, -x.inset});
            if (x.on == Fit::partly && x.reach <= c.tol()) near.push_back({Fit::no, x.reach});
            if (x.on == Fit::no && -x.reach <= c.tol()) near.push_back({Fit::partly, -x.reach});
            for (const auto& [other, by] : near) {
                HillInput in = base;
                (firer ? in.ff : in.tf)[h] = other;
                Reading rd;
                rd.rule = "GF9-hills";
                rd.says = std::string(firer ? "firer" : "target") + " base " + quoted_name(b.name) + " is " + c.u(by) + " from reading " +
                          to_string(on_hill(other)) + " on hill " + quoted_name(x.hill) + ", within the " + c.tolerance() +
                          " measuring tolerance: read as " + to_string(on_hill(other));
                push_hill_keys(rd, hill_keys(in, apart_reading(d)));
                rd.items.push_back(ref(c.t, b));
                hill_items(c, rd, x);
                c.out.readings.push_back(rd);
            }
        }
    }
}

// GF9-hills: the hill-to-hill question when a base stands on more than one hill: the other
// reading of "another hill" (rules-data [los.hills] another_hill), ruled when it differs.
void another_hill_reading(const Data& d, Measuring& c, const LosScene& s, const HillKeys& measured) {
    if (!(measured.f == OnHill::wholly && measured.t == OnHill::wholly)) return;
    const HillInput in = hill_input(d, s);
    const bool apart = apart_reading(d);
    if (another_hill(in, apart) == another_hill(in, !apart)) return;
    const HillKeys other = hill_keys(in, !apart);
    Reading rd;
    rd.rule = "GF9-hills";
    rd.says = d.hills.another_hill_call + " Read the other way, the target is " + (other.same ? "not " : "") + "on another hill";
    push_hill_keys(rd, other);
    rd.items = {ref(c.t, s.f), ref(c.t, s.g)};
    c.out.readings.push_back(rd);
}

// ---- escarpment -------------------------------------------------------------------

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

// Does the line pass from one side of escarpment p to the other where it meets it (`along`)? A
// touch at a corner or an end, or a run along the escarpment, does not.
bool passes(const Piece& p, const pl::Segment& line, double along) {
    const double len = pl::length(line.b - line.a), step = 1e-6 / std::max(len, 1e-9);
    const EscSide a = side_of(p, line.a + (line.b - line.a) * std::max(0.0, along - step));
    const EscSide b = side_of(p, line.a + (line.b - line.a) * std::min(1.0, along + step));
    return a.dist > pl::kEps && b.dist > pl::kEps && a.top != b.top;
}

// GF9-escarpments: every place the line crosses (or touches) an escarpment, in the order along the
// line (each escarpment of the text judged on its own, and one escarpment met twice -- a U-shaped
// cliff, a zig-zag edge -- judged at each crossing with the distances to it); else the nearest one
// both bases stand by (within its length, on either side). Each with the bases' sides of it (where
// they stand, the same for every crossing of one escarpment) and the distances along the line (the
// nearest distances when it is not crossed). With neither base on top of it, a place where the
// line only touches it or runs along it is no raised ground between (as a hill the line only
// touches is none), and is left out.
std::vector<EscSeen> escarpments_seen(const Measuring& c, const Base& f, const Base& g, const pl::Segment& line) {
    std::vector<EscSeen> out;
    for (const auto& p : c.t.pieces) {
        if (p.kind != c.rules.top_kind) continue;
        const EscSide a = side_of(p, f.at), b = side_of(p, g.at);
        const bool one_on_top = (a.within && a.top) || (b.within && b.top);
        for (const auto& x : pl::crossings(p.line, line))
            if (one_on_top || passes(p, line, x.along)) out.push_back({&p, true, x.along, {}, {}, 0, 0, {}});
    }
    std::stable_sort(out.begin(), out.end(), [](const EscSeen& a, const EscSeen& b) { return a.along < b.along; });
    if (out.empty()) {
        double best = kInf;
        for (const auto& p : c.t.pieces) {
            if (p.kind != c.rules.top_kind) continue;
            const EscSide a = side_of(p, f.at), b = side_of(p, g.at);
            if (a.within && b.within && a.dist < best) best = a.dist, out = {{&p, false, kInf, {}, {}, 0, 0, {}}};
        }
    }
    for (auto& e : out) {
        e.f = side_of(*e.p, f.at), e.g = side_of(*e.p, g.at);
        e.fd = e.f.dist, e.td = e.g.dist;
        std::string how = " (nearest distance: the line does not cross it)";
        if (e.between) {
            const pl::Vec2 x = line.a + (line.b - line.a) * e.along;
            e.fd = pl::distance(f.at, x), e.td = pl::distance(g.at, x);
            how = " along the line of sight (it crosses at [" + fmt(x.x) + ", " + fmt(x.y) + "])";
        }
        e.says = "escarpment " + quoted_name(e.p->name) + how + ": firer " + c.u(e.fd) + " from it, target " + c.u(e.td);
    }
    return out;
}

// The situation keys of escarpment i: the main keys for the first, `escarpment[i-1].` for the others.
struct EscKeys {
    std::string f_on, t_on, t_below, between, fd, td;
};
EscKeys esc_keys(std::size_t i) {
    if (i == 0)
        return {"firer.on_escarpment", "target.on_escarpment", "target.below_escarpment", "line.escarpment_between",
                "line.firer_distance_to_escarpment", "line.target_distance_to_escarpment"};
    const std::string k = "escarpment[" + std::to_string(i - 1) + "].";
    return {k + "firer_on", k + "target_on", k + "target_below", k + "between", k + "firer_distance", k + "target_distance"};
}

// GF9-escarpments: a difference of the two distances within the tolerance of a blocking case's
// threshold is ruled the other side of it too (the target nearer and farther by twice the tolerance).
void escarpment_readings(const Data& d, Measuring& c, const LosScene& s, const EscSeen& e, const EscKeys& k) {
    const std::string name = "escarpment " + quoted_name(e.p->name);
    for (const auto& cs : d.escarpments.cases) {
        if (!cs.applies(e.f_on(), e.t_on(), e.t_below())) continue;
        const double diff = cs.target_closer ? e.fd - e.td : e.td - e.fd;
        if (std::fabs(diff - cs.by_more_than) > c.tol()) continue;
        for (const double shift : {-2 * c.tol(), 2 * c.tol()}) {
            Reading rd;
            rd.rule = "GF9-escarpments";
            rd.says = "the two distances to " + name + " (target " + c.u(e.td) + ", firer " + c.u(e.fd) + ") differ by " + c.u(std::fabs(e.fd - e.td)) +
                      ", within the " + c.tolerance() + " measuring tolerance of the rule's threshold: read with the target " +
                      c.u(std::max(0.0, e.td + shift)) + " away";
            rd.keys.push_back({k.td, std::max(0.0, e.td + shift)});
            rd.items = {ref(c.t, *e.p), ref(c.t, s.g), ref(c.t, s.f)};
            c.out.readings.push_back(rd);
        }
    }
}

// GF9-escarpments: for each escarpment, each base on top of it or not (the target below it),
// whether the line crosses it, and each base's distance to it. Sets s.shared_top.
void escarpment_facts(const Data& d, Measuring& c, LosScene& s) {
    for (std::size_t i = 0; i < s.esc.size(); ++i) {
        const EscSeen& e = s.esc[i];
        const EscKeys k = esc_keys(i);
        const std::string n = "escarpment " + quoted_name(e.p->name);
        const bool again = std::any_of(s.esc.begin(), s.esc.begin() + static_cast<std::ptrdiff_t>(i), [&](const EscSeen& x) { return x.p == e.p; });
        const bool met_again = std::any_of(s.esc.begin() + 1, s.esc.end(), [&](const EscSeen& x) { return x.p == e.p; });
        // The first escarpment's name is stated only when the line meets it again: the crossings of
        // one escarpment share its name (GF9-escarpments, the crossings choice).
        if (i == 0 && met_again) c.fact("line.escarpment_name", e.p->name, "GF9-escarpments", "the line meets " + n + " more than once");
        if (i > 0)
            c.fact("escarpment[" + std::to_string(i - 1) + "].name", e.p->name, "GF9-escarpments",
                   again ? "the line crosses " + n + " again" : "the line also crosses " + n);
        c.fact(k.f_on, e.f_on(), "GF9-escarpments", "firer base " + quoted_name(s.f.name) + (e.f_on() ? " on top of " : " not on ") + n);
        c.fact(k.t_on, e.t_on(), "GF9-escarpments", "target base " + quoted_name(s.g.name) + (e.t_on() ? " on top of " : " not on ") + n);
        if (!e.t_on())
            c.fact(k.t_below, e.t_below(), "GF9-escarpments", "target base " + quoted_name(s.g.name) + (e.t_below() ? " below " : " not below ") + n);
        c.fact(k.between, e.between, "GF9-escarpments", "the line of sight " + std::string(e.between ? "crosses " : "does not cross ") + n);
        const std::string how = e.between ? " along the line of sight" : " (nearest distance: the line does not cross it)";
        c.fact(k.fd, e.fd, "GF9-escarpments", "firer " + c.u(e.fd) + " from " + n + how);
        c.fact(k.td, e.td, "GF9-escarpments", "target " + c.u(e.td) + " from " + n + how);
        escarpment_readings(d, c, s, e, k);
        s.shared_top = s.shared_top || (e.f_on() && e.t_on());
    }
}

// ---- between ----------------------------------------------------------------------

// line.same_hill in words, naming the hills that decided it (GF9-hills): the hills both are on,
// and for hill to hill the hills each is wholly on that the other is not on.
std::string same_hill_words(const LosScene& s, const HillInput& in, const HillKeys& k, bool apart) {
    std::vector<std::string> shared, f_only, t_only;
    for (std::size_t h = 0; h < in.ff.size(); ++h) {
        const std::string n = "hill " + quoted_name(s.fh[h].hill);
        if (in.ff[h] != Fit::no && in.tf[h] != Fit::no) shared.push_back(n);
        if (in.ff[h] == Fit::wholly && in.tf[h] == Fit::no) f_only.push_back(n);
        if (in.tf[h] == Fit::wholly && in.ff[h] == Fit::no) t_only.push_back(n);
    }
    if (in.shared_top) shared.push_back("the top of one escarpment (which counts as a hill)");
    const std::string both = shared.empty() ? "" : " (both on " + join_names(shared, " and ") + ")";
    if (!(k.f == OnHill::wholly && k.t == OnHill::wholly)) return (k.same ? "firer and target share a hill" : "firer and target share no hill") + both;
    if (!k.same && !f_only.empty() && !t_only.empty())
        return "firer wholly on " + f_only.front() + ", which the target is not on, and target wholly on " + t_only.front() +
               ", which the firer is not on: the target is on another hill" + both;
    if (!k.same) return "firer and target wholly on two different hills: the target is on another hill" + both;
    if (!apart) return "firer and target wholly on no two different hills: the target is not on another hill" + both;
    return std::string(t_only.empty() ? "the target is wholly on no hill the firer is not on" : "the firer is wholly on no hill the target is not on") + both +
           ": the target is not on another hill";
}

// GF9-hills: the same hill (stated when both stand on a hill or on top of one escarpment); the
// hills between and whether the target is partly hidden; and the other readings.
void hill_key_facts(const Data& d, Measuring& c, const LosScene& s) {
    const HillInput in = hill_input(d, s);
    const bool apart = apart_reading(d);
    const HillKeys k = hill_keys(in, apart);
    if (k.both_up) c.fact("line.same_hill", k.same, "GF9-hills", same_hill_words(s, in, k, apart));
    std::vector<std::string> names;
    for (std::size_t h : k.between_hills) {
        const auto& ds = s.deep[h];
        names.push_back(quoted_name(s.fh[h].hill) + " (" + c.u(*std::max_element(ds.begin(), ds.end())) + " across the line at its deepest)");
    }
    c.fact("line.hills_between", static_cast<double>(k.between), "GF9-hills",
           k.between == 0 ? "no hill between that neither base stands on (lines to the target's centre and " + std::to_string(s.rays.size() - 1) + " corners)"
                          : std::to_string(k.between) + " hill(s) between that neither base stands on: " + join_names(names, ", ") + "; " +
                                (k.partly ? "some lines to the target's corners pass clear: partly hidden" : "every line to the target crosses one: hidden"));
    c.fact("line.partly_hidden", k.partly, "GF9-hills", k.partly ? "the target is partly hidden" : "the target is not partly hidden");
    // A hill that reaches across the lines, or passes clear of them, by no more than the tolerance.
    for (std::size_t h = 0; h < s.deep.size(); ++h) {
        if (in.ff[h] != Fit::no || in.tf[h] != Fit::no) continue;
        const double deepest = *std::max_element(s.deep[h].begin(), s.deep[h].end());
        if (std::fabs(deepest) > c.tol()) continue;
        HillInput other = in;
        // Without it: no line crosses it; with it: every line it passes within the tolerance of crosses it.
        for (auto& x : other.deep[h]) x = deepest > pl::kEps ? -1.0 : (x >= -c.tol() ? 1.0 : x);
        Reading rd;
        rd.rule = "GF9-hills";
        const bool across = deepest > pl::kEps;
        rd.says = "hill " + quoted_name(s.fh[h].hill) + (across ? " reaches " + c.u(deepest) + " across" : " passes " + c.u(-deepest) + " clear of") +
                  " the line to the target, within the " + c.tolerance() + " measuring tolerance: read " +
                  (across ? "without it" : "with it between");
        push_hill_keys(rd, hill_keys(other, apart));
        hill_items(c, rd, s.fh[h]);
        c.out.readings.push_back(rd);
    }
    on_hill_readings(d, c, s);
    another_hill_reading(d, c, s, k);
}

// ---- on the line ------------------------------------------------------------------

// A hill piece as the sight line meets it: a hill either base stands on (own); between (across the
// line to the target's centre or a corner); or passing within the tolerance of it (near). An
// empty `says` when it is none of these.
Found hill_crossing(const Measuring& c, const Piece& p, const LosScene& s, bool on_line) {
    bool own = false;
    for (std::size_t h = 0; h < s.fh.size(); ++h)
        if (s.fh[h].hill == p.hill) own = s.fh[h].on != Fit::no || s.th[h].on != Fit::no;
    const std::string of = p.hill != p.name ? " (of hill " + quoted_name(p.hill) + ")" : std::string();
    if (own) return found(c.t, p, Role::own, on_line ? piece_name(p) + of + ": a hill the firer or the target stands on, not between" : "");
    double deepest = -kInf;
    for (const auto& r : s.rays) deepest = std::max(deepest, depth(r, p));
    if (deepest > pl::kEps)
        return found(c.t, p, Role::between, piece_name(p) + of + " between: reaches " + c.u(deepest) + " across the line" +
                                                 (on_line ? "" : " to one of the target's corners"));
    if (-deepest <= c.tol()) return found(c.t, p, Role::near, piece_name(p) + of + " passes " + c.u(-deepest) + " clear of the line");
    return found(c.t, p, Role::near, "");
}

// GF9-core: the pieces on the line: terrain (no effect on shooting in the house rules) and what
// only the core rules judge (woods, buildings); the hills and the escarpments as the line meets
// them, for the table view. Adds the kinds to `terrain` and `obstacles`.
void pieces_on_line(const Data& d, const Measuring& c, const LosScene& s, Sight& sight, std::vector<std::string>& terrain,
                    std::vector<std::string>& obstacles) {
    const auto shooting = d.shooting_terrain_names();
    for (const auto& p : c.t.pieces) {
        const bool on_line = crosses(s.line, p);
        if (p.kind == c.rules.hill_kind) sight.found.push_back(hill_crossing(c, p, s, on_line));
        // An escarpment is a line with no width: it is crossed where escarpments_seen found it (each crossing).
        for (const EscSeen& e : s.esc)
            if (e.p == &p && e.between) sight.found.push_back(found(c.t, p, Role::between, e.says));
        if (!on_line) continue;
        sight.crossed.push_back(piece_name(p));
        if (has(shooting, p.kind) && !has(terrain, p.kind)) terrain.push_back(p.kind);
        if (d.find_core(p.kind) && !has(obstacles, p.kind)) obstacles.push_back(p.kind);
        if (p.kind == c.rules.top_kind) continue;
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

// ---- moves ------------------------------------------------------------------------

bool on_piece(const Piece& p, pl::Vec2 q) {
    return p.is_line ? pl::line_distance(p.line, q) <= p.width / 2 + pl::kEps : pl::contains(p.outline, q);
}

// The points of a base's outline `o` that lie over the piece `w`: its vertices, 16 points along
// each edge and a 17 x 17 grid inside it; for a line piece also its middle line and both edges
// every 1/64 in where they run under the base (so a thin creek is not missed between grid points).
std::vector<pl::Vec2> points_over(const pl::Polygon& o, const Piece& w) {
    std::vector<pl::Vec2> at;
    for (const auto& e : pl::edges(o))
        for (int i = 0; i < 16; ++i) at.push_back(e.a + (e.b - e.a) * (i / 16.0));
    const pl::Box b = pl::bounds(o);
    for (int i = 1; i < 17; ++i)
        for (int j = 1; j < 17; ++j) at.push_back({b.lo.x + (b.hi.x - b.lo.x) * i / 17, b.lo.y + (b.hi.y - b.lo.y) * j / 17});
    if (w.is_line)
        for (const auto& s : pl::segments(w.line)) {
            if (!pl::bounds(s).meets(b, w.width / 2 + pl::kEps)) continue;
            const pl::Vec2 d = s.b - s.a;
            const double len = pl::length(d);
            if (len <= 0) continue;
            const pl::Vec2 across = pl::Vec2{-d.y, d.x} * (1 / len);
            const int n = static_cast<int>(std::ceil(len * 64));
            for (int i = 0; i <= n; ++i)
                for (const double k : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
                    const pl::Vec2 q = s.a + d * (static_cast<double>(i) / n) + across * (k * w.width / 2);
                    if (q.x >= b.lo.x && q.x <= b.hi.x && q.y >= b.lo.y && q.y <= b.hi.y) at.push_back(q);
                }
        }
    std::vector<pl::Vec2> out;
    for (auto q : at)
        if (pl::contains(o, q) && on_piece(w, q)) out.push_back(q);
    return out;
}

// How one terrain piece the move meets is crossed: by a via (a bridge or ford over it, a road
// through it) or by none, with the margin that decided it (> 0: off the via by that much; <= 0:
// on it by -margin) and the sentence.
struct Met {
    const Piece* p = nullptr;
    std::string via;       // "" none
    std::string near_via;  // the via the margin is measured against ("" none possible)
    double margin = kInf;
    std::string says;
    bool own = true;       // touched itself (false: only the bridge or ford over it)
};

// GF9-rivers, -canals, -creeks: wherever the base is over the water, is it on a bridge or ford
// over that water? Every place along the path where the base touches the water is checked, each
// point of the base over the water against the crossings' outlines.
Met over_water(const Data& d, const Measuring& c, const Base& b, const std::vector<pl::Vec2>& at, const Piece& w,
               const std::vector<std::string>& crossing_kinds) {
    Met m{&w, "", "", -kInf, "", true};
    const Terrain* tr = d.find_terrain(w.kind);
    std::vector<const Piece*> crossings;
    for (const auto& p : c.t.pieces)
        if (has(crossing_kinds, p.kind) && tr && tr->cell(p.kind) && !p.is_line && touching(p.outline, w)) crossings.push_back(&p);
    pl::Vec2 worst_at{};
    const Piece* worst_crossing = nullptr;
    for (auto v : at) {
        const pl::Polygon o = moved(b, v);
        if (!touching(o, w)) continue;
        for (auto q : points_over(o, w)) {
            double sd = kInf;
            const Piece* by = nullptr;
            for (const Piece* x : crossings)
                if (const double e = pl::signed_distance(x->outline, q); e < sd) sd = e, by = x;
            if (sd > m.margin) m.margin = sd, worst_at = q, worst_crossing = by;
        }
    }
    if (m.margin == -kInf) {  // touched, with no point of the base over the water: its edge only
        m.margin = kInf;
        m.says = "the move touches the edge of " + piece_name(w) + " (no part of the base over it)";
        return m;
    }
    if (worst_crossing) m.near_via = worst_crossing->kind;
    if (m.margin <= pl::kEps && worst_crossing) {
        m.via = worst_crossing->kind;
        m.says = "the move crosses " + piece_name(w) + " at " + piece_name(*worst_crossing) + ": wherever the base is over the water it is on the " +
                 worst_crossing->kind + " (" + c.u(-m.margin) + " inside its edge at the closest)";
    } else if (!worst_crossing) {
        m.says = "the move enters " + piece_name(w) + " where no bridge or ford crosses it";
    } else {
        m.says = "the move enters " + piece_name(w) + " off " + piece_name(*worst_crossing) + ": at [" + fmt(worst_at.x) + ", " + fmt(worst_at.y) +
                 "] the base is over the water " + c.u(m.margin) + " beyond the " + worst_crossing->kind + "'s edge";
    }
    return m;
}

// GF9-rough, -swamps: is the terrain crossed along a road through it? A road passes through the
// piece (its drawn width reaches into it), and wherever the base touches the piece its centre is
// on that road.
Met along_road_through(const Measuring& c, const Base& b, const std::vector<pl::Vec2>& at, const Piece& p, const std::string& road) {
    Met m{&p, "", "", kInf, "", true};
    const Piece* best = nullptr;
    pl::Vec2 worst_at{};
    for (const auto& r : c.t.pieces) {
        if (r.kind != road || !r.is_line || p.is_line) continue;
        // The road passes through the piece when its drawn width reaches into it.
        if (tabletop::reach(p.outline, r) <= pl::kEps) continue;
        double off = -kInf;
        pl::Vec2 where{};
        for (auto v : at)
            if (touching(moved(b, v), p))
                if (const double e = pl::line_distance(r.line, v) - r.width / 2; e > off) off = e, where = v;
        if (off < m.margin) m.margin = off, best = &r, worst_at = where;
    }
    if (!best) {
        m.says = "the move enters, crosses or leaves " + piece_name(p) + " (no road passes through it)";
        return m;
    }
    m.near_via = road;
    if (m.margin <= pl::kEps) {
        m.via = road;
        m.says = "the move goes through " + piece_name(p) + " along " + piece_name(*best) +
                 " through it: wherever the base touches it, its centre is on the road (" + c.u(-m.margin) + " inside the road's edge at the closest)";
    } else {
        m.says = "the move meets " + piece_name(p) + " off " + piece_name(*best) + " through it: at [" + fmt(worst_at.x) + ", " + fmt(worst_at.y) +
                 "] the base touches it with its centre " + c.u(m.margin) + " outside the road's edge";
    }
    return m;
}

// The move's keys from how each piece is met: the terrain (one entry per piece), the vias used,
// and the kinds also met by none of them where a via would be an exception.
struct MoveKeys {
    std::vector<std::string> terrain, via, without;
};
MoveKeys move_keys(const Data& d, const std::vector<Met>& met) {
    MoveKeys k;
    for (const auto& m : met) {
        k.terrain.push_back(m.p->kind);
        if (!m.via.empty() && !has(k.via, m.via)) k.via.push_back(m.via);
    }
    for (const auto& m : met) {
        const Terrain* t = d.find_terrain(m.p->kind);
        bool helped = false;
        for (const auto& v : k.via) helped = helped || (t && t->cell(v));
        if (m.via.empty() && helped && !has(k.without, m.p->kind)) k.without.push_back(m.p->kind);
    }
    return k;
}

void move_facts(Measuring& c, const MoveKeys& k, const std::vector<std::string>& said) {
    std::string all;
    for (const auto& x : said) all += (all.empty() ? "" : "; ") + x;
    c.fact("move.terrain", k.terrain, "GF9-core", k.terrain.empty() ? "the move touches no terrain piece" : all);
    if (!k.via.empty()) c.fact("move.via", k.via, "GF9-core", "the move goes by " + join_names(k.via, " and "));
    if (!k.without.empty())
        c.fact("move.without_via", k.without, "GF9-core", "the move also meets " + join_names(k.without, ", ") + " by no " + join_names(k.via, " or "));
}

// ---- los, movement ----------------------------------------------------------------

// GF9 line of sight from the firer's base to the target's: hills (GF9-hills), the escarpments
// (GF9-escarpments), the same hill, hills between, and what is on the line (GF9-core).
void gf9_los(const Data& d, const Section& root, Measuring& c) {
    const Base* f = named_base(root.table("firer"), "base", c.t);
    const Base* g = named_base(root.table("target"), "base", c.t);
    if (!f || !g) return;
    const pl::Segment line{f->at, g->at};
    std::vector<pl::Segment> rays = {line};
    for (auto v : corners(*g)) rays.push_back({f->at, v});
    LosScene s{*f, *g, line, rays, hills_of(*f, c.t, c.rules), hills_of(*g, c.t, c.rules), {}, {}, false};
    for (const auto& h : s.fh) {
        std::vector<double> ds(rays.size(), -kInf);
        for (const Piece* p : h.pieces)
            for (std::size_t i = 0; i < rays.size(); ++i) ds[i] = std::max(ds[i], depth(rays[i], *p));
        s.deep.push_back(ds);
    }
    gf9_on_hill(c, "firer", *f, s.fh);
    gf9_on_hill(c, "target", *g, s.th);
    s.esc = escarpments_seen(c, *f, *g, line);
    escarpment_facts(d, c, s);
    hill_key_facts(d, c, s);
    on_line_facts(d, c, s);
}

// The other reading of a piece met within the tolerance of its via: ruled with the keys measured again.
void move_reading(const Data& d, Measuring& c, const Base& b, std::vector<Met> met, std::size_t i) {
    Met& m = met[i];
    const bool was = !m.via.empty();
    m.via = was ? "" : m.near_via;
    const MoveKeys k = move_keys(d, met);
    Reading rd;
    rd.rule = d.find_terrain(m.p->kind) ? d.find_terrain(m.p->kind)->rule : "GF9-core";
    rd.says = "base " + quoted_name(b.name) + " is " + c.u(std::fabs(m.margin)) + (was ? " inside the edge of the " : " beyond the edge of the ") + m.near_via +
              " where it meets " + piece_name(*m.p) + ", within the " + c.tolerance() + " measuring tolerance: read as " +
              (was ? "off the " : "on the ") + m.near_via;
    rd.keys = {{"move.terrain", k.terrain}, {"move.via", k.via}, {"move.without_via", k.without}};
    rd.items = {ref(c.t, b), ref(c.t, *m.p)};
    c.out.readings.push_back(rd);
}

// GF9 movement: the move's path and length, and how it meets each terrain piece: water at or off
// a bridge or ford over it (GF9-rivers, -canals: impassable except at them; onto, over or off a
// bridge is the bridge's single move even where the base does not reach the water), terrain
// along or off a road through it (GF9-rough, -swamps), anything else it touches.
void gf9_move(const Data& d, const Section& root, Measuring& c) {
    const Section move = root.table("move");
    const Base* b = named_base(move, "base", c.t);
    if (!b) return;
    auto path = read_path(move, "path", *b, c.t, true);
    if (!path) return;
    path_fact(c, "GF9-core", *b, *path);
    const auto at = samples(*b, *path);
    const auto names = d.terrain_names();
    std::vector<std::string> crossing_kinds, roads;  // the vias drawn as outlines (bridge, ford) and as lines (road)
    for (const auto& v : d.vias) {
        if (has(c.rules.areas, v)) crossing_kinds.push_back(v);
        if (has(c.rules.lines, v)) roads.push_back(v);
    }
    std::vector<Met> met;
    const auto touched = touched_along(*b, at, c.t);
    for (const Piece* p : touched) {
        if (!has(names, p->kind)) continue;
        const Terrain* t = d.find_terrain(p->kind);
        bool by_crossing = false, by_road = false;
        for (const auto& v : crossing_kinds) by_crossing = by_crossing || t->cell(v);
        for (const auto& v : roads) by_road = by_road || t->cell(v);
        if (by_crossing) met.push_back(over_water(d, c, *b, at, *p, crossing_kinds));
        else if (by_road) met.push_back(along_road_through(c, *b, at, *p, roads.front()));
        else met.push_back({p, "", "", kInf, "the move enters, crosses or leaves " + piece_name(*p), true});
    }
    // Onto, over or off a bridge (or into, through or out of a ford): the water under it, even untouched.
    for (const Piece* x : touched) {
        if (!has(crossing_kinds, x->kind)) continue;
        for (const auto& w : c.t.pieces) {
            const Terrain* t = has(names, w.kind) ? d.find_terrain(w.kind) : nullptr;
            if (!t || !t->cell(x->kind) || !touching(x->outline, w)) continue;
            if (std::find_if(met.begin(), met.end(), [&](const Met& m) { return m.p == &w; }) != met.end()) continue;
            met.push_back({&w, x->kind, x->kind, -kInf, "the move goes onto, over or off " + piece_name(*x) + ", which crosses " + piece_name(w), false});
        }
    }
    std::vector<std::string> said;
    for (const auto& m : met) {
        said.push_back(m.says);
        if (m.own) c.out.path_found.push_back(found(c.t, *m.p, Role::touched, m.says));
    }
    for (const Piece* p : touched)
        if (!has(names, p->kind) || has(crossing_kinds, p->kind)) {
            std::string says = "the move enters, crosses or leaves " + piece_name(*p);
            for (const auto& m : met)
                if (!m.own && m.via == p->kind) says = m.says;
            c.out.path_found.push_back(found(c.t, *p, Role::touched, says));
        }
    move_facts(c, move_keys(d, met), said);
    for (std::size_t i = 0; i < met.size(); ++i)
        if (met[i].own && !met[i].near_via.empty() && std::fabs(met[i].margin) <= c.tol()) move_reading(d, c, *b, met, i);
}

}  // namespace

// ---- TableRules -----------------------------------------------------------------------

void TableRules::measure(const Section& root, tabletop::Measuring& m) const {
    if (m.out.question == "los") gf9_los(sys_.data(), root, m);
    else if (m.out.question == "movement") gf9_move(sys_.data(), root, m);
}

// GF9-hills: the number of hills between is a count (a TOML integer), not a distance.
std::vector<std::string> TableRules::counts() const { return {"line.hills_between"}; }

std::string TableRules::hill_rule() const { return sys_.data().hills.rule; }

Gf9Tanks::Gf9Tanks() : GameModule(kAbout) { table_support_ = std::make_shared<TableRules>(*this); }

}  // namespace umpire::gf9_tanks
