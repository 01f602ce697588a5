// A Great Victory! on a table sketch (see table.hpp and docs/tables.md "What is measured"): the
// situation keys a referee would type, measured.
//
// Sections
//   features   what a base is in or touching, in the guidelines' names, and the other reading
//              of every piece within the tolerance of touching (AGV-movement, AGV-cover)
//   movement   the terrain touched along the path, the road, the allowance spent (AGV-movement)
//   fire       the firer, then each target stand: in, between, apart (AGV-firing, AGV-cover)
//   melee      what the charger and the defender are in, and what the charge crosses
//              (AGV-hand-to-hand)
//   TableRules the questions dispatched; Agv's constructor
#include "games/agv/table.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/names.hpp"
#include "games/agv/rules.hpp"
#include "games/agv/view.hpp"
#include "tabletop/measure.hpp"

namespace umpire::agv {

namespace pl = umpire::plane;

namespace {

using tabletop::along_road;
using tabletop::Base;
using tabletop::crosses;
using tabletop::depth;
using tabletop::found;
using tabletop::has;
using tabletop::Measuring;
using tabletop::moved;
using tabletop::named_base;
using tabletop::path_fact;
using tabletop::Piece;
using tabletop::piece_name;
using tabletop::quoted_name;
using tabletop::reach;
using tabletop::read_path;
using tabletop::Reading;
using tabletop::ref;
using tabletop::Role;
using tabletop::Rules;
using tabletop::samples;
using tabletop::Sight;
using tabletop::touched;
using tabletop::touched_along;
using tabletop::touching;

// ---- features ---------------------------------------------------------------------

// The pieces' kinds, drawn-only kinds left out (the names the AGV situation keys take).
std::vector<std::string> feature_names(const std::vector<const Piece*>& ps, const Rules& r) {
    std::vector<std::string> out;
    for (const Piece* p : ps)
        if (!has(r.drawn, p->kind)) out.push_back(p->kind);
    return out;
}


std::string list_pieces(const std::vector<const Piece*>& ps) {
    std::vector<std::string> n;
    for (const Piece* p : ps) n.push_back(piece_name(*p));
    return n.empty() ? std::string("nothing") : join_names(n, ", ");
}

// A reading for every piece a base is within the tolerance of touching or leaving.
void touch_readings(Measuring& c, const Base& b, const std::string& key, const std::vector<std::string>& as_read, const std::string& rule) {
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
        rd.says = "base " + quoted_name(b.name) + (in ? " touches " : " misses ") + piece_name(p) + " by " + c.u(std::fabs(r)) + ", within the " +
                  c.tolerance() + " measuring tolerance: read as " + (in ? "not touching it" : "touching it");
        rd.keys.push_back({key, other});
        rd.items = {ref(c.t, p), ref(c.t, b)};
        c.out.readings.push_back(rd);
    }
}

std::string agv_type(const Base& b) { return b.type == "light-artillery" ? "artillery" : b.type; }

// ---- movement ---------------------------------------------------------------------

// AGV-movement, AGV-roads: the unit's type, the path, what the move touches and starts in, whether
// it follows a road all the way, and the allowance it spends.
void agv_move(const Data& d, const Section& root, Measuring& c) {
    const Base* b = named_base(root.table("unit"), "base", c.t);
    const Section move = root.table("move");
    if (!b) return;
    auto path = read_path(move, "path", *b, c.t, true);
    if (!path) return;
    c.fact("unit.type", agv_type(*b), "AGV-movement", "base " + quoted_name(b->name) + " is " + b->type);
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
    Action a = act == "charge" ? Action::charge : act == "intercept" ? Action::intercept : Action::move;
    const auto type = agv_type(*b);
    UnitType ut = type == "mounted" ? UnitType::mounted : type == "elephant" ? UnitType::elephant
                       : type == "artillery" ? UnitType::artillery : UnitType::foot;
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
            const Feature* f = d.find(p.kind);
            if (!f || !touching(moved(*b, mid), p)) continue;
            if (road && f->on_road == OnRoad::ignored) continue;
            const auto e = f->effect(ut, a, packed);
            half = half || e == Effect::half_rate;
            prohibited = prohibited || e == Effect::prohibited;
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

// ---- fire -------------------------------------------------------------------------

// AGV-firing: the firer's type, the features it is in or touching, and those it is wholly within
// (a firer wholly within a wood fires only into it). Returns the pieces it is in or touching.
std::vector<const Piece*> agv_firer_facts(Measuring& c, const Base& f) {
    const auto f_in = touched(f, c.t, c.rules);
    std::vector<std::string> wholly;
    for (const Piece* p : f_in)
        if (!p->is_line && pl::inset(p->outline, f.outline) >= 0) wholly.push_back(p->kind);
    c.fact("firer.type", f.type, "AGV-firing", "firer base " + quoted_name(f.name) + " is " + f.type);
    c.fact("firer.in", feature_names(f_in, c.rules), "AGV-firing", "firer base " + quoted_name(f.name) + " is in or touching " + list_pieces(f_in));
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
StandLine stand_line(const Measuring& c, Sight& sight, const std::vector<const Piece*>& f_in, const std::vector<const Piece*>& s_in, std::size_t i) {
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
void agv_fire_stand(Measuring& c, const Base& f, const std::vector<const Piece*>& f_in, const Base& s, std::size_t i) {
    const std::string key = "stand[" + std::to_string(i) + "]";
    Sight sight{f.name, s.name, {f.at, s.at}, {}, {}};
    const auto s_in = touched(s, c.t, c.rules);
    const std::vector<std::string> in = feature_names(s_in, c.rules);
    StandLine sl = stand_line(c, sight, f_in, s_in, i);
    name_again(in, sl);
    const std::vector<std::string> apart = apart_kinds(f_in, s_in);
    c.fact(key + ".in", in, "AGV-cover", "stand " + std::to_string(i + 1) + " (base " + quoted_name(s.name) + ") is in or touching " + list_pieces(s_in));
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
void agv_fire(const Section& root, Measuring& c) {
    const Base* f = named_base(root.table("firer"), "base", c.t);
    const Section target = root.table("target");
    auto unit = target.str("unit", true);
    if (!f || !unit) return;
    const auto stands = c.t.unit_bases(*unit);
    if (stands.empty()) {
        target.error("unit", "no base of unit " + quoted_name(*unit) + " on the table " + c.t.file);
        return;
    }
    const auto f_in = agv_firer_facts(c, *f);
    std::string type = stands.front()->type;
    for (const Base* s : stands)
        if (s->type != type) target.error("unit", "unit " + quoted_name(*unit) + " mixes " + type + " and " + s->type + " stands");
    c.fact("target.type", type == "light-artillery" ? std::string("artillery") : type, "AGV-cover", "unit " + quoted_name(*unit) + " is " + type);
    for (std::size_t i = 0; i < stands.size(); ++i) agv_fire_stand(c, *f, f_in, *stands[i], i);
}

// ---- melee ------------------------------------------------------------------------

// AGV-hand-to-hand: what the charger and the defender are in or touching, and which of the
// defender's features the charge (its path, then centre to centre) goes over or through.
void agv_melee(const Section& root, Measuring& c) {
    const Section charger = root.table("charger"), defender = root.table("defender");
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
    c.fact("charger.in", feature_names(a_in, c.rules), "AGV-hand-to-hand", "charger base " + quoted_name(a->name) + " is in or touching " + list_pieces(a_in));
    c.fact("defender.in", feature_names(b_in, c.rules), "AGV-hand-to-hand", "defender base " + quoted_name(b->name) + " is in or touching " + list_pieces(b_in));
    c.fact("defender.crossed", feature_names(crossed, c.rules), "AGV-hand-to-hand",
           "the charge (charger's centre to the defender's) goes over or through " + list_pieces(crossed) + " of the defender's");
    touch_readings(c, *b, "defender.in", feature_names(b_in, c.rules), "AGV-hand-to-hand");
    c.out.sights.push_back({a->name, b->name, {a->at, b->at}, {}, {}});
}

}  // namespace

// ---- TableRules -----------------------------------------------------------------------

void TableRules::measure(const Section& root, tabletop::Measuring& m) const {
    if (m.out.question == "movement") agv_move(sys_.data(), root, m);
    else if (m.out.question == "fire") agv_fire(root, m);
    else if (m.out.question == "melee") agv_melee(root, m);
}

// AGV-cover: each sight line runs to one target stand, in the situation's order; the ruling's view
// says whether that stand claims cover and whether it can be fired at.
tabletop::TableSupport::SightRuled TableRules::sight_ruled(const Ruling& r, std::size_t i) const {
    const auto* v = std::any_cast<view::AgvRulingView>(&r.view);
    if (!v || i >= v->stands.size()) return {};
    return {v->stands[i].cover, v->stands[i].can_be_fired_at};
}

Agv::Agv() : table_(std::make_unique<TableRules>(*this)) {}
Agv::~Agv() = default;

const tabletop::TableSupport* Agv::table_support() const { return table_.get(); }

}  // namespace umpire::agv
