// A Great Victory! fire on a table sketch (table.hpp; docs/tables.md "What is measured"): the
// firer, then each stand of the target unit: the features it is in, those between it and the
// firer, and the keys that say which of them are the firer's own (AGV-firing, AGV-cover,
// AGV-hills).
//
// Sections
//   lines     the line and the band between the firer and one stand, and how far each feature near
//             them reaches into them
//   heights   the ground of the firer's own hill along the line (table `height`)
//   truth     what is in and between for one reading of the measurements
//   keys      a stand's situation keys for that, checked with the engine's own reading of them
//   facts     the facts, sight lines and the readings within the tolerance
#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <tuple>

#include "core/names.hpp"
#include "games/agv/table.hpp"
#include "games/agv/table_common.hpp"

namespace umpire::agv::table {

namespace pl = umpire::plane;

namespace {

using tabletop::Base;
using tabletop::kInf;
using tabletop::quoted_name;
using tabletop::Role;
using tabletop::Sight;
using tabletop::Value;
using Keys = std::vector<std::pair<std::string, Value>>;

// ---- lines ----------------------------------------------------------------------------

// One feature near the line between the firer and one stand: how far the line between their
// centres goes into it (> 0) or passes clear of it (< 0), and how far it reaches into the band
// between the two stands (their bases' hull from the firer's centre to the stand's centre). For
// the firer's own feature both are taken beyond the firer's base (past its farthest point towards
// the stand): fire through and out of it starts there.
struct Near {
    const Piece* f = nullptr;
    double line = -kInf, band = -kInf;        // from the firer's centre
    double line_out = -kInf, band_out = -kInf;  // from beyond the firer's base
    bool hill_known = false, rises = false;   // its ground along the line, beyond the firer's base (heights)
    double firer_ground = 0, top = 0;
};

struct StandMeasure {
    const Base* b = nullptr;
    std::vector<const Piece*> in;  // the features it is in or touching
    std::vector<Near> near;
};

struct FireMeasure {
    const Base* firer = nullptr;
    std::vector<const Piece*> in, wholly;
    std::vector<StandMeasure> stands;
};

pl::Vec2 unit_vec(pl::Vec2 v) { return v * (1 / pl::length(v)); }

// The hull of both bases between the two perpendiculars to the line at `from` (along it from the
// firer's centre) and at the stand's centre.
pl::Polygon band(const Base& f, const Base& s, double from) {
    const pl::Vec2 u = unit_vec(s.at - f.at);
    pl::Polygon all = f.outline;
    all.insert(all.end(), s.outline.begin(), s.outline.end());
    return pl::clip(pl::clip(pl::convex_hull(all), f.at + u * from, u), s.at, u * -1);
}

double line_depth(const Measuring& c, const pl::Segment& s, const Piece* f) { return segment_depth(c, s, f); }
double band_reach(const Measuring& c, const pl::Polygon& b, const Piece* f) { return b.size() < 3 ? -kInf : reach_into(c, b, f); }

// ---- heights --------------------------------------------------------------------------

// AGV-hills with heights: the ground of hill `f` at q (the greatest height of its pieces there, 0
// off it); nullopt when a piece of it has no height.
std::optional<double> ground(const Measuring& c, const Piece* f, pl::Vec2 q) {
    double h = 0;
    for (const Piece* p : pieces_of(c, f)) {
        if (!p->height) return std::nullopt;
        if (pl::contains(p->outline, q)) h = std::max(h, *p->height);
    }
    return h;
}

// Does the ground of hill `f` rise, along the line beyond the firer's base, above the ground under
// the firer's centre? Unknown when the hill has no heights.
void hill_rise(const Measuring& c, Near& n, pl::Vec2 firer_at, const pl::Segment& out) {
    if (n.f->kind != c.rules.hill_kind) return;
    const auto h0 = ground(c, n.f, firer_at);
    if (!h0) return;
    n.hill_known = true;
    n.firer_ground = *h0;
    for (int i = 0; i <= 64; ++i) n.top = std::max(n.top, *ground(c, n.f, out.a + (out.b - out.a) * (i / 64.0)));
    n.rises = n.top > n.firer_ground + pl::kEps;
}

// Every feature within the tolerance of the line or the band between the firer and stand `s`.
std::vector<Near> near_line(const Measuring& c, const Base& f, const Base& s) {
    std::vector<Near> out;
    const double len = pl::distance(f.at, s.at);
    if (len <= pl::kEps) return out;
    const pl::Vec2 u = unit_vec(s.at - f.at);
    double cut = 0;
    for (auto v : f.outline) cut = std::max(cut, pl::dot(v - f.at, u));
    cut = std::min(cut, len);
    const pl::Polygon whole = band(f, s, 0), past = band(f, s, cut);
    const pl::Segment from_centre{f.at, s.at}, from_base{f.at + u * cut, s.at};
    pl::Polygon both = f.outline;
    both.insert(both.end(), s.outline.begin(), s.outline.end());
    const pl::Box box = pl::bounds(both);
    for (const auto& p : c.t.pieces) {
        if (tabletop::has(c.rules.drawn, p.kind) || feature_of(c, p) != &p) continue;
        bool close = false;
        for (const Piece* q : pieces_of(c, &p)) close = close || box.meets(pl::bounds(q->is_line ? q->line : q->outline), q->width / 2 + c.tol() + pl::kEps);
        if (!close) continue;
        Near n;
        n.f = &p;
        n.line = line_depth(c, from_centre, &p);
        n.band = band_reach(c, whole, &p);
        n.line_out = line_depth(c, from_base, &p);
        n.band_out = band_reach(c, past, &p);
        if (std::max({n.line, n.band}) <= -c.tol()) continue;
        hill_rise(c, n, f.at, from_base);
        out.push_back(n);
    }
    return out;
}

// ---- truth ----------------------------------------------------------------------------

// One reading of the measurements: a feature touched or not, between or not, read the other way.
struct Flip {
    int stand = -1;  // -1: the firer
    const Piece* f = nullptr;
    bool between = false;  // flips between (else touching)
};

struct StandTruth {
    std::vector<const Piece*> in, between, behind, off;  // off: the firer's own hills it fires off (heights)
};

// AGV-cover 2, AGV-firing 3, AGV-hills: between when the line goes into it (beyond the firer's
// base for the firer's own); the firer's own hill with heights either rises between them (the
// stand is behind it) or is fired off (not between).
StandTruth stand_truth(const StandMeasure& m, const std::vector<const Piece*>& firer, int i, const Flip* x) {
    StandTruth t;
    t.in = m.in;
    if (x && x->stand == i && !x->between) {
        if (has_feature(t.in, x->f)) t.in.erase(std::find(t.in.begin(), t.in.end(), x->f));
        else t.in.push_back(x->f);
    }
    for (const auto& n : m.near) {
        const bool own = has_feature(firer, n.f);
        bool between = (own ? n.line_out : n.line) > pl::kEps;
        if (x && x->stand == i && x->between && x->f == n.f) between = !between;
        if (!between) continue;
        if (own && n.hill_known && !has_feature(t.in, n.f)) {
            (n.rises ? t.behind : t.off).push_back(n.f);
            if (!n.rises) continue;
        }
        t.between.push_back(n.f);
    }
    return t;
}

// The one feature in one list and not the other (a touch reading flips one).
const Piece* flipped_feature(const std::vector<const Piece*>& a, const std::vector<const Piece*>& b) {
    for (const Piece* f : a)
        if (!has_feature(b, f)) return f;
    for (const Piece* f : b)
        if (!has_feature(a, f)) return f;
    return nullptr;
}

// ---- keys -----------------------------------------------------------------------------

struct StandKeys {
    std::vector<std::string> in, between, apart, not_between, behind_own;
    bool exact = true;
};

// What one feature of a stand is, as read_stand says it: in the stand or only between, the
// firer's own, between (for a feature not the firer's that the stand is in), behind.
using Label = std::tuple<bool, bool, int, bool>;

void append(std::vector<std::string>& v, const std::string& n, long k) {
    for (; k > 0; --k) v.push_back(n);
}

// The keys for the features of one kind: the fewest marks whose reading by the engine
// (read_stand) is the measured one.
StandKeys encode_kind(const Data& d, const std::string& kind, long firer_copies, std::vector<Label> want) {
    long a = 0, e = 0, h = 0;
    for (const auto& [in_stand, own, between, behind] : want) {
        a += in_stand;
        e += !in_stand;
        h += behind;
    }
    std::sort(want.begin(), want.end());
    StandKeys best;
    long best_cost = -1, best_miss = -1;
    for (long q = 0; q <= a; ++q)
        for (long m = 0; m <= a; ++m)
            for (long p = 0; p <= (firer_copies ? a + e : 0); ++p) {
                Fire fire;
                append(fire.firer_in, kind, firer_copies);
                Stand s;
                append(s.in, kind, a);
                append(s.between, kind, e + m);
                append(s.not_between, kind, q);
                append(s.apart, kind, p);
                append(s.behind_own, kind, h);
                const auto read = read_stand(d, fire, s);
                if (p > static_cast<long>(read.size())) continue;  // apart may mark only features named here
                std::vector<Label> got;
                for (const auto& sf : read)
                    got.emplace_back(sf.in_stand, sf.own, sf.in_stand && !sf.own ? int(sf.between) : -1, sf.behind);
                std::sort(got.begin(), got.end());
                std::vector<Label> miss;
                std::set_symmetric_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(miss));
                const long cost = q + m + p, n_miss = static_cast<long>(miss.size());
                if (best_cost < 0 || n_miss < best_miss || (n_miss == best_miss && cost < best_cost)) {
                    best = {s.in, s.between, s.apart, s.not_between, s.behind_own, n_miss == 0};
                    best_cost = cost, best_miss = n_miss;
                }
            }
    return best;
}

// A stand's keys (docs/agv.md [[stand]]), kind by kind.
StandKeys encode(const Data& d, const std::vector<const Piece*>& firer, const StandTruth& t) {
    std::vector<std::string> order;
    for (const auto* list : {&t.in, &t.between, &firer})
        for (const Piece* f : *list)
            if (!tabletop::has(order, f->kind)) order.push_back(f->kind);
    StandKeys out;
    for (const auto& kind : order) {
        std::vector<Label> want;
        for (const Piece* f : t.in)
            if (f->kind == kind) {
                const bool own = has_feature(firer, f);
                want.emplace_back(true, own, own ? -1 : int(has_feature(t.between, f)), false);
            }
        for (const Piece* f : t.between)
            if (f->kind == kind && !has_feature(t.in, f)) want.emplace_back(false, has_feature(firer, f), -1, has_feature(t.behind, f));
        long copies = 0;
        for (const Piece* f : firer) copies += f->kind == kind;
        const StandKeys k = encode_kind(d, kind, copies, want);
        for (auto [to, from] : {std::pair{&out.in, &k.in}, {&out.between, &k.between}, {&out.apart, &k.apart},
                                {&out.not_between, &k.not_between}, {&out.behind_own, &k.behind_own}})
            to->insert(to->end(), from->begin(), from->end());
        out.exact = out.exact && k.exact;
    }
    return out;
}

struct FireKeys {
    std::vector<const Piece*> firer;
    std::vector<std::string> firer_in, wholly_in;
    std::vector<StandKeys> stands;
};

// Every fire key for one reading of the measurements (nullptr: as measured).
FireKeys fire_keys(const Data& d, const FireMeasure& m, const Flip* x) {
    FireKeys k;
    k.firer = m.in;
    if (x && x->stand < 0) {
        if (has_feature(k.firer, x->f)) k.firer.erase(std::find(k.firer.begin(), k.firer.end(), x->f));
        else k.firer.push_back(x->f);
    }
    std::vector<const Piece*> wholly;
    for (const Piece* f : m.wholly)
        if (has_feature(k.firer, f)) wholly.push_back(f);
    k.firer_in = kinds(k.firer);
    k.wholly_in = kinds(wholly);
    for (std::size_t i = 0; i < m.stands.size(); ++i)
        k.stands.push_back(encode(d, k.firer, stand_truth(m.stands[i], k.firer, static_cast<int>(i), x)));
    return k;
}

// As situation keys, all of them (a reading puts them all, so that none is left from the
// measured one).
Keys as_keys(const FireKeys& f) {
    Keys k = {{"firer.in", f.firer_in}, {"firer.wholly_in", f.wholly_in}};
    for (std::size_t i = 0; i < f.stands.size(); ++i) {
        const StandKeys& s = f.stands[i];
        const std::string key = "stand[" + std::to_string(i) + "].";
        for (const auto& [name, v] : {std::pair{"in", &s.in}, {"between", &s.between}, {"apart", &s.apart}, {"not_between", &s.not_between},
                                      {"behind_own", &s.behind_own}})
            k.push_back({key + name, *v});
    }
    return k;
}

// ---- facts ----------------------------------------------------------------------------

std::string who(std::size_t i, const Base& s) { return "stand " + std::to_string(i + 1) + " (base " + quoted_name(s.name) + ")"; }

// How far the line goes into a feature, as segment_depth measured it: a line piece crossed is
// clear of the crossing by its depth less its half width (the stands' centres, its ends).
std::string into_words(const Measuring& c, const Piece* f, double depth) {
    if (!f->is_line) return "the line goes " + c.u(depth) + " into it";
    if (depth > f->width / 2 + pl::kEps)
        return "the line crosses it, at least " + c.u(depth - f->width / 2) + " from the two centres and from its ends";
    return "the line goes " + c.u(depth) + " into its drawn width";
}

// What the line to one stand found, feature by feature, with the measurements that decided.
std::string between_words(const Measuring& c, const StandMeasure& m, const std::vector<const Piece*>& firer, const StandTruth& t) {
    std::vector<std::string> said;
    for (const auto& n : m.near) {
        const bool own = has_feature(firer, n.f), in = has_feature(t.in, n.f);
        const double line = own ? n.line_out : n.line;
        const std::string name = feature_name(c, n.f) + (own ? " (the firer's)" : in ? " (the stand's)" : "");
        if (has_feature(t.behind, n.f))
            said.push_back(name + " between, rising to " + c.u(n.top) + " on the line, above the " + c.u(n.firer_ground) + " under the firer");
        else if (has_feature(t.off, n.f))
            said.push_back(name + " fired off: nothing of it on the line is higher than the " + c.u(n.firer_ground) + " under the firer");
        else if (has_feature(t.between, n.f))
            said.push_back(name + " between: " + into_words(c, n.f, line) + (own ? " beyond the firer's base" : ""));
        else if (in)
            said.push_back(name + " not between: the line " + (own ? "beyond the firer's base " : "") + "stops " + c.u(-line) +
                           " short of it" + (line > -pl::kEps ? "" : ", and it lies behind or beside the stand"));
    }
    return said.empty() ? std::string("nothing") : join_names(said, "; ");
}

void stand_facts(Measuring& c, const FireMeasure& m, std::size_t i, const StandKeys& k) {
    const StandMeasure& s = m.stands[i];
    const StandTruth t = stand_truth(s, m.in, static_cast<int>(i), nullptr);
    const std::string key = "stand[" + std::to_string(i) + "].", w = who(i, *s.b);
    c.fact(key + "in", k.in, "AGV-cover", w + " is in or touching " + list_in(c, s.b->outline, s.in));
    record_overlaps(c, *s.b, s.b->outline, s.in);
    c.fact(key + "between", k.between, "AGV-cover", "on the line from the firer to " + w + ": " + between_words(c, s, m.in, t));
    if (!k.apart.empty()) {
        std::vector<std::string> others;
        for (const Piece* f : t.in)
            if (!has_feature(m.in, f) && tabletop::has(kinds(m.in), f->kind)) others.push_back(feature_name(c, f));
        for (const Piece* f : t.between)
            if (!has_feature(m.in, f) && !has_feature(t.in, f) && tabletop::has(kinds(m.in), f->kind)) others.push_back(feature_name(c, f));
        c.fact(key + "apart", k.apart, "AGV-cover", join_names(others, ", ") + " near " + w + " is not the firer's " + list_in(c, m.firer->outline, m.in));
    }
    if (!k.not_between.empty()) c.fact(key + "not_between", k.not_between, "AGV-cover", w + " touches it, but it does not lie between the stand and the firer");
    if (!k.behind_own.empty()) c.fact(key + "behind_own", k.behind_own, "AGV-hills", "the firer's own hill rises between the firer and " + w);
    if (!k.exact)
        c.fact("", 0.0, "AGV-cover", "the situation keys cannot say exactly which of the features of one kind near " + w +
                                         " are the firer's; the nearest reading is ruled");
}

// The sight line to one stand for the view: every feature on it and near it, with its role.
Sight stand_sight(const Measuring& c, const FireMeasure& m, std::size_t i) {
    const StandMeasure& s = m.stands[i];
    const StandTruth t = stand_truth(s, m.in, static_cast<int>(i), nullptr);
    Sight sight{m.firer->name, s.b->name, {m.firer->at, s.b->at}, {}, {}};
    for (const auto& n : s.near) {
        const bool on = n.line > pl::kEps, between = has_feature(t.between, n.f);
        const Role role = between ? Role::cover : on ? Role::own : Role::near;
        std::string says = feature_name(c, n.f) + (between ? " lies between the firer and stand " + std::to_string(i + 1)
                                                   : has_feature(t.off, n.f) ? " is the firer's own hill, fired off"
                                                   : on ? " is crossed within the firer's base"
                                                        : " lies " + c.u(-n.line) + " from the line, " + c.u(std::fabs(n.band)) +
                                                              (n.band > 0 ? " into" : " from") + " the band between the stands");
        for (const Piece* p : pieces_of(c, n.f)) {
            if (on) sight.crossed.push_back(tabletop::piece_name(*p));
            sight.found.push_back(tabletop::found(c.t, *p, role, says));
        }
    }
    return sight;
}

// The readings within the tolerance: a feature the firer or a stand is within the tolerance of
// touching, and a feature within the tolerance of the line, or in the band between the stands
// but off the line (the text does not say which part of a stand with width the feature must lie
// between, AGV-cover 2).
void fire_readings(Measuring& c, const Data& d, const FireMeasure& m) {
    touch_readings(c, *m.firer, m.in, "AGV-firing", [&](const std::vector<const Piece*>& other) {
        const Flip x{-1, flipped_feature(m.in, other), false};
        return as_keys(fire_keys(d, m, &x));
    });
    for (std::size_t i = 0; i < m.stands.size(); ++i) {
        const StandMeasure& s = m.stands[i];
        const int si = static_cast<int>(i);
        touch_readings(c, *s.b, s.in, "AGV-cover", [&](const std::vector<const Piece*>& other) {
            const Flip x{si, flipped_feature(s.in, other), false};
            return as_keys(fire_keys(d, m, &x));
        });
        for (const auto& n : s.near) {
            const bool own = has_feature(m.in, n.f);
            const double line = own ? n.line_out : n.line, band = own ? n.band_out : n.band;
            const bool on = line > pl::kEps, close = std::fabs(line) <= c.tol(), in_band = !on && band > -c.tol();
            if (!close && !in_band) continue;
            const Flip x{si, n.f, true};
            tabletop::Reading rd;
            rd.rule = "AGV-cover";
            const std::string where = "the line from firer base " + quoted_name(m.firer->name) + " to " + who(i, *s.b);
            rd.says = close ? where + (on ? " goes " + c.u(line) + " into " : " passes " + c.u(-line) + " from ") + feature_name(c, n.f) +
                                  ", within the " + c.tolerance() + " measuring tolerance: read as " + (on ? "not between them" : "between them")
                            : feature_name(c, n.f) + " reaches " + c.u(band) + " into the band between firer base " + quoted_name(m.firer->name) +
                                  " and " + who(i, *s.b) + " but passes " + c.u(-line) +
                                  " from the line between their centres: read as between them (the text does not say which part of a "
                                  "stand with width the feature must lie between)";
            if (!close && band <= 0) continue;  // in the band only within the tolerance, and clear of the line: nothing to read
            rd.keys = as_keys(fire_keys(d, m, &x));
            for (const Piece* p : pieces_of(c, n.f)) rd.items.push_back(tabletop::ref(c.t, *p));
            rd.items.push_back(tabletop::ref(c.t, *s.b));
            c.out.readings.push_back(rd);
        }
    }
}

}  // namespace

// AGV-firing and AGV-cover from the table: the firer, then each stand of the target unit (its
// bases, in file order; one unit is one type of troops).
void measure_fire(const Data& d, const Section& root, Measuring& c) {
    FireMeasure m;
    m.firer = tabletop::named_base(root.table("firer"), "base", c.t);
    const Section target = root.table("target");
    auto unit = target.str("unit", true);
    if (!m.firer || !unit) return;
    const auto stands = c.t.unit_bases(*unit);
    if (stands.empty()) {
        target.error("unit", "no base of unit " + quoted_name(*unit) + " on the table " + c.t.file);
        return;
    }
    std::string type = stands.front()->type;
    for (const Base* s : stands)
        if (s->type != type) target.error("unit", "unit " + quoted_name(*unit) + " mixes " + type + " and " + s->type + " stands");
    const Base& f = *m.firer;
    m.in = features_of(c, tabletop::touched(f, c.t, c.rules));
    for (const Piece* x : m.in)
        for (const Piece* p : pieces_of(c, x))
            if (!p->is_line && pl::inset(p->outline, f.outline) >= 0 && !has_feature(m.wholly, x)) m.wholly.push_back(x);
    for (const Base* s : stands) m.stands.push_back({s, features_of(c, tabletop::touched(*s, c.t, c.rules)), near_line(c, f, *s)});
    const FireKeys k = fire_keys(d, m, nullptr);
    c.fact("firer.type", f.type, "AGV-firing", "firer base " + quoted_name(f.name) + " is " + f.type);
    c.fact("firer.in", k.firer_in, "AGV-firing", "firer base " + quoted_name(f.name) + " is in or touching " + list_in(c, f.outline, m.in));
    record_overlaps(c, f, f.outline, m.in);
    c.fact("firer.wholly_in", k.wholly_in, "AGV-firing",
           m.wholly.empty() ? "the firer is wholly within no feature" : "the firer is wholly within " + list_in(c, f.outline, m.wholly));
    c.fact("target.type", type == "light-artillery" ? std::string("artillery") : type, "AGV-cover", "unit " + quoted_name(*unit) + " is " + type);
    for (std::size_t i = 0; i < m.stands.size(); ++i) {
        stand_facts(c, m, i, k.stands[i]);
        c.out.sights.push_back(stand_sight(c, m, i));
    }
    fire_readings(c, d, m);
}

}  // namespace umpire::agv::table
