// A Great Victory! on a table sketch (see table.hpp and docs/tables.md "What is measured"): the
// situation keys a referee would type, measured. Fire is measured in table_fire.cpp; what the
// questions share (features by identity, overlaps in words, touch readings) in table_common.cpp.
//
// Sections
//   crossings  where a move crosses water: picked up at a bridge its path goes over
//              (AGV-bridges), at a ford it wades (AGV-rivers), or in the water itself
//   roads      the road a move follows and what it passes through (AGV-roads)
//   movement   the terrain touched along the path, the road, the allowance spent (AGV-movement)
//   melee      what the charger and the defender are in, and what the charging base goes over
//              or through on its way into contact (AGV-hand-to-hand)
//   TableRules the questions dispatched; Agv's constructor
#include "games/agv/table.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/names.hpp"
#include "games/agv/rules.hpp"
#include "games/agv/table_common.hpp"
#include "games/agv/view.hpp"
#include "tabletop/measure.hpp"

namespace umpire::agv {

namespace pl = umpire::plane;

namespace {

using table::feature_name;
using table::features_of;
using table::has_feature;
using table::kinds;
using table::list_in;
using table::pieces_of;
using table::reach_into;
using tabletop::Base;
using tabletop::found;
using tabletop::kInf;
using tabletop::Measuring;
using tabletop::moved;
using tabletop::named_base;
using tabletop::Piece;
using tabletop::quoted_name;
using tabletop::read_path;
using tabletop::Role;
using tabletop::touching;

std::string agv_type(const Base& b) { return b.type == "light-artillery" ? "artillery" : b.type; }

UnitType unit_type(const Base& b) {
    const auto type = agv_type(b);
    return type == "mounted" ? UnitType::mounted : type == "elephant" ? UnitType::elephant : type == "artillery" ? UnitType::artillery : UnitType::foot;
}

// ---- crossings --------------------------------------------------------------------------

// The features (the kinds) a unit crosses water at, from the data: a bridge ends the move
// (ends_movement: picked up and placed beyond it), a ford is waded (the unit is in it).
bool is_bridge(const Data& d, const Piece& p) {
    const Feature* f = d.find(p.kind);
    return f && f->ends_movement;
}
bool carries(const Data& d, const Piece& water, const Piece& crossing) {
    const Feature* w = d.find(water.kind);
    return w && std::find(w->crossed_at.begin(), w->crossed_at.end(), crossing.kind) != w->crossed_at.end();
}
bool is_water(const Data& d, const Piece& p) {
    const Feature* f = d.find(p.kind);
    return f && !f->crossed_at.empty();
}

// The area of base `o` over the water's drawn width that no crossing piece (a ford) covers: more
// than nothing, and the base is in the water itself there.
double outside_crossings(const pl::Polygon& o, const Piece& water, const std::vector<const Piece*>& at) {
    double out = 0;
    for (const auto& s : pl::segments(water.line)) {
        const double l = pl::length(s);
        if (l <= pl::kEps) continue;
        const pl::Vec2 d = (s.b - s.a) * (1 / l), n{-d.y, d.x};
        const double w = std::max(water.width / 2, 1e-6);
        const pl::Polygon strip = {s.a - d * w - n * w, s.b + d * w - n * w, s.b + d * w + n * w, s.a - d * w + n * w};
        pl::Polygon part = o;
        for (const auto& e : pl::edges(strip)) {
            const pl::Vec2 ed = e.b - e.a;
            part = pl::clip(part, e.a, pl::Vec2{-ed.y, ed.x});
        }
        if (part.size() < 3) continue;
        double covered = 0;
        for (const Piece* f : at) covered += pl::area_inside(part, f->outline);
        out = std::max(out, pl::area(part) - covered);
    }
    return out;
}

// What the base does at one place: each feature it touches, and for water whether it is in it
// or at a ford across it.
struct Place {
    std::vector<const Piece*> touched;       // features
    std::vector<const Piece*> waded, at_ford;  // water features, in the water itself / at a ford
    std::vector<const Piece*> fords;         // ford pieces touched
};

bool is_ford(const Data& d, const Piece& p) {
    if (p.is_line || is_bridge(d, p)) return false;
    for (const auto& f : d.features)
        if (std::find(f.crossed_at.begin(), f.crossed_at.end(), p.kind) != f.crossed_at.end()) return true;
    return false;
}

Place place_at(const Data& d, const Measuring& c, const Base& b, pl::Vec2 v, const std::vector<const Piece*>& along) {
    Place out;
    const pl::Polygon o = moved(b, v);
    std::vector<const Piece*> pieces;
    for (const Piece* p : along)
        if (touching(o, *p)) pieces.push_back(p);
    for (const Piece* p : pieces)
        if (is_ford(d, *p)) out.fords.push_back(p);
    for (const Piece* p : pieces) {
        const Piece* f = table::feature_of(c, *p);
        if (!has_feature(out.touched, f)) out.touched.push_back(f);
        if (!is_water(d, *p)) continue;
        std::vector<const Piece*> fords;
        for (const Piece* x : out.fords)
            if (carries(d, *p, *x)) fords.push_back(x);
        const bool at_ford = !fords.empty() && outside_crossings(o, *p, fords) <= 1e-9;
        (at_ford ? out.at_ford : out.waded).push_back(p);
    }
    return out;
}

// ---- roads ------------------------------------------------------------------------------

// AGV-roads: how far the road's drawn width reaches into a feature (> 0: the road passes through
// it; < 0: it lies beside the road, that far off).
double road_reach(const Measuring& c, const Piece& road, const Piece* f) {
    double r = -kInf;
    for (const Piece* p : pieces_of(c, f)) {
        if (!p->is_line) {
            r = std::max(r, tabletop::reach(p->outline, road));
            continue;
        }
        double gap = kInf;
        for (const auto& s : pl::segments(p->line)) gap = std::min(gap, pl::line_distance(road.line, s));
        r = std::max(r, road.width / 2 + p->width / 2 - gap);
    }
    return r;
}

// ---- movement ---------------------------------------------------------------------------

// The move as measured: the places up to the end of the move (contact with a bridge its path
// crosses: then the crossing), what they touch, the crossing, and how far the path goes on.
struct MoveMeasure {
    std::vector<pl::Vec2> at;        // the places moved through (to the bridge's contact, when one is crossed)
    std::vector<Place> places;
    const Piece* bridge = nullptr;   // the bridge its path goes over
    std::vector<const Piece*> under;  // the water the unit is carried over there
    double approach = 0, beyond = 0;  // the path's length to the bridge; after the crossing
};

// The first place along [a, b] where the base touches `p` (a touches it not, b does).
pl::Vec2 first_touch(const Base& base, const Piece& p, pl::Vec2 a, pl::Vec2 b) {
    for (int i = 0; i < 40; ++i) {
        const pl::Vec2 m = (a + b) * 0.5;
        (touching(moved(base, m), p) ? b : a) = m;
    }
    return b;
}

MoveMeasure measure_move(const Data& d, const Measuring& c, const Base& b, const pl::Polyline& path, const std::vector<const Piece*>& along) {
    MoveMeasure mm;
    const auto at = tabletop::samples(b, path);
    for (const Piece* p : along)
        for (const auto& s : pl::segments(path))
            if (!mm.bridge && is_bridge(d, *p) && pl::touches(p->outline, s)) mm.bridge = p;
    std::size_t i0 = at.size(), i1 = at.size();
    for (std::size_t i = 0; mm.bridge && i < at.size(); ++i)
        if (touching(moved(b, at[i]), *mm.bridge)) {
            if (i0 == at.size()) i0 = i;
            i1 = i;
        }
    mm.at.assign(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(i0));
    if (mm.bridge) mm.at.push_back(i0 == 0 ? at[0] : first_touch(b, *mm.bridge, at[i0 - 1], at[i0]));
    for (auto v : mm.at) mm.places.push_back(place_at(d, c, b, v, along));
    if (mm.bridge) {  // at contact the unit is picked up: the water it is carried over is not waded
        Place& last = mm.places.back();
        for (auto* list : {&last.waded, &last.at_ford})
            list->erase(std::remove_if(list->begin(), list->end(), [&](const Piece* w) { return carries(d, *w, *mm.bridge); }), list->end());
    }
    for (std::size_t i = 1; i < mm.at.size(); ++i) mm.approach += pl::distance(mm.at[i - 1], mm.at[i]);
    for (std::size_t i = i1; mm.bridge && i + 1 < at.size(); ++i) mm.beyond += pl::distance(at[i], at[i + 1]);
    for (std::size_t i = i0; mm.bridge && i <= i1 && i < at.size(); ++i)
        for (const Piece* p : along)
            if (is_water(d, *p) && carries(d, *p, *mm.bridge) && touching(moved(b, at[i]), *p) && !has_feature(mm.under, p)) mm.under.push_back(p);
    return mm;
}

// The move's `terrain`: every feature touched before the crossing, water once for each way it
// is met (in the water itself; at a ford; carried over at the bridge), and the bridge crossed.
// A ford is named only when no water it could carry is entered beside it and never at it (the
// situation would read the ford as carrying that water: AGV-rivers, each crossing carries one).
std::vector<std::string> move_terrain(const Data& d, const MoveMeasure& mm, std::vector<const Piece*>& shown) {
    std::vector<const Piece*> feats, waded, at_ford;
    for (const auto& p : mm.places) {
        for (const Piece* f : p.touched)
            if (!is_water(d, *f) && !is_bridge(d, *f) && !has_feature(feats, f)) feats.push_back(f);
        for (const Piece* w : p.waded)
            if (!has_feature(waded, w)) waded.push_back(w);
        for (const Piece* w : p.at_ford)
            if (!has_feature(at_ford, w)) at_ford.push_back(w);
    }
    const auto beside_only = [&](const Piece* ford) {
        for (const Piece* w : waded)
            if (carries(d, *w, *ford) && !has_feature(at_ford, w)) return true;
        return false;
    };
    std::vector<std::string> out;
    for (const Piece* f : feats)
        if (!is_ford(d, *f) || !beside_only(f)) out.push_back(f->kind), shown.push_back(f);
    const std::vector<const Piece*>* lists[] = {&waded, &at_ford, &mm.under};
    for (const auto* list : lists)
        for (const Piece* w : *list) out.push_back(w->kind), shown.push_back(w);
    if (mm.bridge) out.push_back(mm.bridge->kind), shown.push_back(mm.bridge);
    return out;
}

// What the terrain does to the unit at one place (AGV-movement): the worst effect of what its
// base touches there. Water at a ford counts as the ford; water under the bridge it is being
// carried over counts nothing; a feature the road passes through counts nothing along it.
struct Mover {
    UnitType type;
    Action action;
    std::optional<bool> packed;
    const Piece* road;    // followed (in block formation), or nullptr
    const Piece* bridge;  // crossed, or nullptr
};

Effect effect_at(const Data& d, const Measuring& c, const Base& b, pl::Vec2 v, const std::vector<const Piece*>& along, const Mover& m) {
    const Place p = place_at(d, c, b, v, along);
    const bool carried = m.bridge && has_feature(p.touched, m.bridge);
    Effect worst = Effect::normal;
    for (const Piece* f : p.touched) {
        const Feature* ft = d.find(f->kind);
        if (!ft) continue;
        if (is_water(d, *f) && (!has_feature(p.waded, f) || (carried && carries(d, *f, *m.bridge)))) continue;
        if (m.road && ft->on_road == OnRoad::ignored && road_reach(c, *m.road, f) > pl::kEps) continue;
        const Effect e = ft->effect(m.type, m.action, m.packed);
        if (e == Effect::prohibited) return e;
        if (e == Effect::half_rate) worst = e;
    }
    return worst;
}

// AGV-movement: every cm moved while the base touches terrain that slows the unit costs
// half_rate_cost cm. The cm counted slow (to where the base's touching starts or ends, found by
// halving the step), or nullopt when the move is prohibited somewhere.
std::optional<double> slow_length(const Data& d, const Measuring& c, const Base& b, const MoveMeasure& mm, const std::vector<const Piece*>& along,
                                  const Mover& m) {
    double slow = 0;
    const auto at = [&](pl::Vec2 v) { return effect_at(d, c, b, v, along, m); };
    for (std::size_t i = 0; i + 1 < mm.at.size(); ++i) {
        pl::Vec2 lo = mm.at[i], hi = mm.at[i + 1];
        const Effect ea = at(lo), eb = at(hi);
        if (ea == Effect::prohibited || eb == Effect::prohibited) return std::nullopt;
        if (ea == eb) {
            if (ea == Effect::half_rate) slow += pl::distance(lo, hi);
            continue;
        }
        for (int k = 0; k < 40; ++k) {
            const pl::Vec2 mid = (lo + hi) * 0.5;
            (at(mid) == ea ? lo : hi) = mid;
        }
        slow += ea == Effect::half_rate ? pl::distance(mm.at[i], lo) : pl::distance(hi, mm.at[i + 1]);
    }
    return slow;
}

// AGV-roads: the road followed, and the features touched it does not pass through (beside_road),
// with a reading for each within the tolerance of the road's drawn width.
void road_facts(Measuring& c, const std::vector<const Piece*>& shown, const Piece* road) {
    c.fact("move.on_road", road != nullptr, "AGV-roads",
           road ? "the base's centre stays on road " + quoted_name(road->name) + " all the way" : "the move does not follow a road all the way");
    if (!road) return;
    std::vector<std::string> beside, said;
    std::vector<std::pair<const Piece*, double>> close;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const Piece* f = shown[i];
        if (f == road) continue;
        const double r = road_reach(c, *road, f);
        if (r <= pl::kEps) beside.push_back(f->kind);  // once for each time `terrain` names it
        if (std::find(shown.begin(), shown.begin() + static_cast<std::ptrdiff_t>(i), f) != shown.begin() + static_cast<std::ptrdiff_t>(i)) continue;
        if (std::fabs(r) <= c.tol()) close.push_back({f, r});
        said.push_back(r > pl::kEps ? "passes through " + feature_name(c, f) + " (" + c.u(r) + " into it)"
                                    : feature_name(c, f) + " lies beside it (" + c.u(-r) + " from its drawn width)");
    }
    if (!beside.empty() || !said.empty())
        c.fact("move.beside_road", beside, "AGV-roads", "road " + quoted_name(road->name) + " " + join_names(said, "; "));
    for (const auto& [f, r] : close) {
        std::vector<std::string> other = beside;
        if (r > pl::kEps) other.push_back(f->kind);
        else other.erase(std::find(other.begin(), other.end(), f->kind));
        tabletop::Reading rd;
        rd.rule = "AGV-roads";
        rd.says = "road " + quoted_name(road->name) + (r > pl::kEps ? " reaches " : " passes ") + c.u(std::fabs(r)) + (r > pl::kEps ? " into " : " from ") +
                  feature_name(c, f) + ", within the " + c.tolerance() + " measuring tolerance: read as " +
                  (r > pl::kEps ? "beside the road" : "passed through by the road");
        rd.keys = {{"move.beside_road", other}};
        for (const Piece* p : pieces_of(c, f)) rd.items.push_back(tabletop::ref(c.t, *p));
        rd.items.push_back(tabletop::ref(c.t, *road));
        c.out.readings.push_back(rd);
    }
}

// AGV-movement, AGV-roads, AGV-bridges, AGV-rivers: the unit's type, the path, what the move
// touches and starts in, the road, and the allowance it spends.
void agv_move(const Data& d, const Section& root, Measuring& c) {
    const Base* b = named_base(root.table("unit"), "base", c.t);
    const Section move = root.table("move");
    if (!b) return;
    auto path = read_path(move, "path", *b, c.t, true);
    if (!path) return;
    c.fact("unit.type", agv_type(*b), "AGV-movement", "base " + quoted_name(b->name) + " is " + b->type);
    tabletop::path_fact(c, "AGV-movement", *b, *path);
    const auto along = tabletop::touched_along(*b, tabletop::samples(*b, *path), c.t);
    const MoveMeasure mm = measure_move(d, c, *b, *path, along);
    std::vector<const Piece*> shown;
    const std::vector<std::string> terrain = move_terrain(d, mm, shown);
    for (const Piece* f : shown)
        for (const Piece* p : pieces_of(c, f))
            c.out.path_found.push_back(found(c.t, *p, Role::touched, "the move enters, crosses, leaves or touches " + feature_name(c, f)));
    std::vector<std::string> parts;
    for (const Piece* f : shown) {
        const bool under = has_feature(mm.under, f);
        parts.push_back(feature_name(c, f) + (under ? " (carried over it at " + feature_name(c, mm.bridge) + ")" : f == mm.bridge ? " (crossed: the unit is picked up and placed beyond it)" : ""));
    }
    c.fact("move.terrain", terrain, "AGV-movement",
           "the move enters, crosses, leaves or touches " + (parts.empty() ? std::string("nothing") : join_names(parts, ", ")));
    std::vector<std::string> starts;
    std::vector<const Piece*> start_in, roads;
    if (!mm.places.empty())
        for (const Piece* f : mm.places.front().touched) {
            if (is_bridge(d, *f) || has_feature(mm.places.front().at_ford, f) || !has_feature(shown, f)) continue;
            // A road is not a starts_in: it has no effect on movement (AGV-roads), so leaving it decides nothing.
            if (f->kind == "road") roads.push_back(f);
            else starts.push_back(f->kind), start_in.push_back(f);
        }
    c.fact("move.starts_in", starts, "AGV-movement",
           "at the start the base is in or touching " +
               (roads.empty() ? list_in(c, b->outline, start_in)
                              : (start_in.empty() ? std::string("nothing but ") : list_in(c, b->outline, start_in) + " and ") +
                                    list_in(c, b->outline, roads) + ", which has no effect on movement"));
    table::record_overlaps(c, *b, b->outline, start_in, "at the start");
    table::record_overlaps(c, *b, b->outline, roads, "at the start");
    const Piece* road = tabletop::road_followed(tabletop::samples(*b, *path), c.t, "road");
    road_facts(c, shown, road);
    const std::string act = move.str("action").value_or("move");
    const Action a = act == "charge" ? Action::charge : act == "intercept" ? Action::intercept : Action::move;
    const UnitType ut = unit_type(*b);
    std::optional<bool> packed;
    if (auto p = root.table("unit").raw() ? root.table("unit").raw()->get("packed") : nullptr)
        if (p->is_boolean()) packed = p->as_boolean()->get();
    // AGV-roads: a multi-stand unit not in block formation cannot follow the road ([unit] block).
    const bool block = root.table("unit").boolean("block").value_or(true);
    const auto slow = slow_length(d, c, *b, mm, along, Mover{ut, a, packed, block ? road : nullptr, mm.bridge});
    if (!slow) return;
    c.out.cost = mm.approach + *slow * (d.half_rate_cost - 1);
    std::string cost = "the move costs " + c.u(*c.out.cost) + " of movement allowance" + (mm.bridge ? " up to " + feature_name(c, mm.bridge) : "") +
                       (*slow > 0 ? " (" + c.u(*slow) + " of it touching terrain that slows the unit, counted " + std::to_string(d.half_rate_cost) + " times)"
                                  : " (none of it on terrain that slows the unit)");
    if (mm.bridge)
        cost += "; crossing it then uses all of the unit's remaining movement" +
                (mm.beyond > pl::kEps ? ", so the " + c.u(mm.beyond) + " of the path beyond it are not moved this phase" : std::string());
    c.fact("", *c.out.cost, "AGV-movement", cost);
}

// ---- melee ------------------------------------------------------------------------------

// The charge: from the charger's place along its path, then straight at the defender's centre,
// until its base first touches the defender's; the places its base goes through on the way.
struct Charge {
    pl::Polyline route;          // the charger's centre, to its place at contact
    std::vector<pl::Vec2> at;    // its places along it, contact last
};

Charge charge_route(const Base& a, const Base& b, pl::Polyline full) {
    full.push_back(b.at);
    Charge ch;
    ch.route = {full.front()};
    const auto hits = [&](pl::Vec2 v) { return pl::touches(moved(a, v), b.outline); };
    const double step = std::max(std::min(a.circle ? a.radius : std::min(a.width, a.depth) / 2, 1.0), 1e-3);
    ch.at.push_back(full.front());
    if (hits(full.front())) return ch;
    for (const auto& s : pl::segments(full)) {
        const int n = std::max(1, static_cast<int>(std::ceil(pl::length(s) / step)));
        pl::Vec2 prev = s.a;
        for (int i = 1; i <= n; ++i) {
            const pl::Vec2 v = s.a + (s.b - s.a) * (static_cast<double>(i) / n);
            if (hits(v)) {
                pl::Vec2 lo = prev, hi = v;
                for (int k = 0; k < 40; ++k) {
                    const pl::Vec2 m = (lo + hi) * 0.5;
                    (hits(m) ? hi : lo) = m;
                }
                ch.at.push_back(hi);
                ch.route.push_back(hi);
                return ch;
            }
            ch.at.push_back(v);
            prev = v;
        }
        ch.route.push_back(s.b);
    }
    return ch;
}

// AGV-hand-to-hand: how far the charging base goes into a defender's feature on its way into
// contact (> 0: over or through it). A line the defender lines counts too when it lies between
// the charger's centre at contact and the defender's centre (drawn through the defender's base).
struct Crossed {
    const Piece* f;
    double swept = -kInf, across = -kInf;
    bool crossed() const { return swept > pl::kEps || across > pl::kEps; }
};

Crossed crossed_by(const Measuring& c, const Base& a, const Charge& ch, const Base& b, const Piece* f) {
    Crossed x{f};
    for (auto v : ch.at) x.swept = std::max(x.swept, reach_into(c, moved(a, v), f));
    if (f->is_line && pl::distance(ch.at.back(), b.at) > pl::kEps)
        x.across = table::segment_depth(c, {ch.at.back(), b.at}, f);
    return x;
}

std::vector<std::string> crossed_kinds(const std::vector<Crossed>& xs, const std::vector<const Piece*>& in, const Piece* flip) {
    std::vector<std::string> out;
    for (const auto& x : xs)
        if (has_feature(in, x.f) && (x.crossed() != (x.f == flip))) out.push_back(x.f->kind);
    return out;
}

std::string crossed_words(const Measuring& c, const std::vector<Crossed>& xs, const std::vector<const Piece*>& in) {
    std::vector<std::string> out;
    for (const auto& x : xs) {
        if (!has_feature(in, x.f)) continue;
        const std::string n = feature_name(c, x.f);
        if (x.swept > pl::kEps) out.push_back(n + " (the charging base goes " + c.u(x.swept) + " into it)");
        else if (x.across > pl::kEps) out.push_back(n + " (between the charger and the defender at contact: " + c.u(x.across) + " into it)");
        else out.push_back("not " + n + " (the charging base stops " + c.u(-x.swept) + " short of it)");
    }
    return out.empty() ? std::string("none of the defender's features") : join_names(out, ", ");
}

// The features the charging base goes into on its way (not where it starts) that its unit may
// not charge into, through or out of (a stream, woods for mounted: AGV-movement and the feature's
// entry): said, for the movement question decides whether the charge can be made.
void charge_limits(const Data& d, Measuring& c, const Base& a, const Charge& ch) {
    const auto at_start = features_of(c, tabletop::touched(a, c.t, c.rules));
    std::vector<std::string> said, names;
    for (const Piece* f : features_of(c, tabletop::touched_along(a, ch.at, c.t))) {
        const Feature* ft = d.find(f->kind);
        if (ft && !has_feature(at_start, f) && ft->effect(unit_type(a), Action::charge, std::nullopt) == Effect::prohibited)
            said.push_back(feature_name(c, f)), names.push_back(f->kind);
    }
    if (!said.empty())
        c.fact("", names, "AGV-movement",
               "the charge as measured goes into " + join_names(said, ", ") + ", which " + agv_type(a) +
                   " units may not charge into, through or out of: whether the charge can be made is the movement question's");
}

void agv_melee(const Data& d, const Section& root, Measuring& c) {
    const Section charger = root.table("charger"), defender = root.table("defender");
    const Base* a = named_base(charger, "base", c.t);
    const Base* b = named_base(defender, "base", c.t);
    if (!a || !b) return;
    pl::Polyline full = {a->at};
    if (charger.has("path")) {
        auto p = read_path(charger, "path", *a, c.t, false);
        if (!p) return;
        full = *p;
        // A charger placed already in contact: its path is the route it came along to that
        // place (its points, then its place), so what it charged over is still measured.
        if (pl::touches(a->outline, b->outline) && full.size() > 1) {
            std::rotate(full.begin(), full.begin() + 1, full.end());
        }
    }
    const Charge ch = charge_route(*a, *b, full);
    c.out.path = ch.route;
    c.out.moved = pl::path_length(ch.route);
    const pl::Polygon at_contact = moved(*a, ch.at.back());
    const auto a_in = features_of(c, [&] {
        std::vector<const Piece*> ps;
        for (const auto& p : c.t.pieces)
            if (touching(at_contact, p)) ps.push_back(&p);
        return ps;
    }());
    const auto b_in = features_of(c, tabletop::touched(*b, c.t, c.rules));
    std::vector<Crossed> xs;
    for (const auto& p : c.t.pieces)
        if (!tabletop::has(c.rules.drawn, p.kind) && table::feature_of(c, p) == &p) {
            const Crossed x = crossed_by(c, *a, ch, *b, &p);
            if (x.crossed() || std::fabs(x.swept) <= c.tol() || has_feature(b_in, &p)) xs.push_back(x);
        }
    for (const auto& x : xs)
        if (has_feature(b_in, x.f) && x.crossed())
            for (const Piece* p : pieces_of(c, x.f))
                c.out.path_found.push_back(found(c.t, *p, Role::touched, "the charge goes over or through " + feature_name(c, x.f) + ", the defender's"));
    c.fact("", c.out.moved, "AGV-hand-to-hand", "the charger's base moves " + c.u(c.out.moved) + " into contact with the defender's");
    charge_limits(d, c, *a, ch);
    c.fact("charger.in", kinds(a_in), "AGV-hand-to-hand", "charger base " + quoted_name(a->name) + " at contact is in or touching " + list_in(c, at_contact, a_in));
    c.fact("defender.in", kinds(b_in), "AGV-hand-to-hand", "defender base " + quoted_name(b->name) + " is in or touching " + list_in(c, b->outline, b_in));
    table::record_overlaps(c, *a, at_contact, a_in, "at contact");
    table::record_overlaps(c, *b, b->outline, b_in);
    c.fact("defender.crossed", crossed_kinds(xs, b_in, nullptr), "AGV-hand-to-hand", "the charge goes over or through " + crossed_words(c, xs, b_in));
    table::touch_readings(c, *b, b_in, "AGV-hand-to-hand", [&](const std::vector<const Piece*>& other) {
        return std::vector<std::pair<std::string, tabletop::Value>>{{"defender.in", kinds(other)}, {"defender.crossed", crossed_kinds(xs, other, nullptr)}};
    });
    for (const auto& x : xs) {
        if (!has_feature(b_in, x.f) || x.across > pl::kEps || std::fabs(x.swept) > c.tol()) continue;
        tabletop::Reading rd;
        rd.rule = "AGV-hand-to-hand";
        rd.says = "the charging base " + (x.swept > pl::kEps ? "goes " + c.u(x.swept) + " into " : "stops " + c.u(-x.swept) + " short of ") + feature_name(c, x.f) +
                  ", within the " + c.tolerance() + " measuring tolerance: read as " + (x.crossed() ? "not charged over" : "charged over");
        rd.keys = {{"defender.crossed", crossed_kinds(xs, b_in, x.f)}};
        for (const Piece* p : pieces_of(c, x.f)) rd.items.push_back(tabletop::ref(c.t, *p));
        rd.items.push_back(tabletop::ref(c.t, *a));
        c.out.readings.push_back(rd);
    }
    c.out.subjects.push_back(a->name);
    c.out.subjects.push_back(b->name);
}

}  // namespace

// ---- TableRules -----------------------------------------------------------------------

void TableRules::measure(const Section& root, tabletop::Measuring& m) const {
    if (m.out.question == "movement") agv_move(sys_.data(), root, m);
    else if (m.out.question == "fire") table::measure_fire(sys_.data(), root, m);
    else if (m.out.question == "melee") agv_melee(sys_.data(), root, m);
}

// AGV-cover: each sight line runs to one target stand, in the situation's order; the ruling's view
// says whether that stand claims cover and whether it can be fired at.
std::string TableRules::hill_rule() const {
    for (const auto& f : sys_.data().features)
        if (f.name == rules().hill_kind) return f.cite;
    return {};
}

tabletop::TableSupport::SightRuled TableRules::sight_ruled(const Ruling& r, std::size_t i) const {
    const auto* v = std::any_cast<view::AgvRulingView>(&r.view);
    if (!v || i >= v->stands.size()) return {};
    return {v->stands[i].cover, v->stands[i].can_be_fired_at};
}

Agv::Agv() : GameModule(kAbout) { table_support_ = std::make_shared<TableRules>(*this); }

}  // namespace umpire::agv
