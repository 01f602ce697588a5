// A Great Victory! on a table sketch: features by identity, overlaps in words, touch readings
// (see table_common.hpp).
#include "games/agv/table_common.hpp"

#include <algorithm>
#include <cmath>

#include "core/names.hpp"

namespace umpire::agv::table {

namespace pl = umpire::plane;
using tabletop::Base;
using tabletop::has;
using tabletop::quoted_name;

// ---- features -------------------------------------------------------------------------

const Piece* feature_of(const Measuring& c, const Piece& p) {
    if (p.kind == c.rules.hill_kind)
        for (const auto& q : c.t.pieces)
            if (q.kind == p.kind && q.hill == p.hill) return &q;
    return &p;
}

std::vector<const Piece*> pieces_of(const Measuring& c, const Piece* f) {
    if (f->kind != c.rules.hill_kind) return {f};
    std::vector<const Piece*> out;
    for (const auto& q : c.t.pieces)
        if (q.kind == f->kind && q.hill == f->hill) out.push_back(&q);
    return out;
}

std::vector<const Piece*> features_of(const Measuring& c, const std::vector<const Piece*>& ps) {
    std::vector<const Piece*> out;
    for (const Piece* p : ps) {
        if (has(c.rules.drawn, p->kind)) continue;
        const Piece* f = feature_of(c, *p);
        if (!has_feature(out, f)) out.push_back(f);
    }
    return out;
}

std::string feature_name(const Measuring& c, const Piece* f) {
    return f->kind == c.rules.hill_kind ? f->kind + " " + quoted_name(f->hill) : tabletop::piece_name(*f);
}

std::vector<std::string> kinds(const std::vector<const Piece*>& fs) {
    std::vector<std::string> out;
    for (const Piece* f : fs) out.push_back(f->kind);
    return out;
}

bool has_feature(const std::vector<const Piece*>& fs, const Piece* f) { return std::find(fs.begin(), fs.end(), f) != fs.end(); }

// ---- overlaps -------------------------------------------------------------------------

double reach_into(const Measuring& c, const pl::Polygon& o, const Piece* f) {
    double r = -tabletop::kInf;
    for (const Piece* p : pieces_of(c, f)) r = std::max(r, tabletop::reach(o, *p));
    return r;
}

std::string overlap(const Measuring& c, const pl::Polygon& o, const Piece* f) {
    const auto ps = pieces_of(c, f);
    const Piece* best = nullptr;
    double share = -1;
    const double whole = pl::area(o);
    for (const Piece* p : ps)
        if (!p->is_line && whole > 0) {
            const double a = pl::area_inside(o, p->outline) / whole;
            if (a > share) share = a, best = p;
        }
    if (best) {
        const long pct = std::lround(share * 100);
        const std::string where = ps.size() > 1 ? "in its piece " + quoted_name(best->name) : "in it";
        if (share <= 0) return "touching its edge";
        return (pct == 0 ? std::string("under 1%") : std::to_string(pct) + "%") + " of its area " + where;
    }
    const double r = reach_into(c, o, f);
    return r <= pl::kEps ? std::string("touching its drawn edge") : "reaching " + c.u(r) + " into its drawn width";
}

std::string list_in(const Measuring& c, const pl::Polygon& o, const std::vector<const Piece*>& fs) {
    std::vector<std::string> out;
    for (const Piece* f : fs) out.push_back(feature_name(c, f) + " (" + overlap(c, o, f) + ")");
    return out.empty() ? std::string("nothing") : join_names(out, ", ");
}

// ---- readings -------------------------------------------------------------------------

void touch_readings(Measuring& c, const Base& b, const std::vector<const Piece*>& in, const std::string& rule,
                    const std::function<std::vector<std::pair<std::string, tabletop::Value>>(const std::vector<const Piece*>&)>& with) {
    for (const auto& p : c.t.pieces) {
        if (has(c.rules.drawn, p.kind) || feature_of(c, p) != &p) continue;  // each feature once
        const auto box = pl::bounds(b.outline);
        bool near = false;
        for (const Piece* q : pieces_of(c, &p))
            near = near || box.meets(pl::bounds(q->is_line ? q->line : q->outline), q->width / 2 + c.tol() + pl::kEps);
        if (!near) continue;
        const double r = reach_into(c, b.outline, &p);
        if (std::fabs(r) > c.tol()) continue;
        std::vector<const Piece*> other = in;
        const bool touching = has_feature(in, &p);
        if (touching) other.erase(std::find(other.begin(), other.end(), &p));
        else other.push_back(&p);
        tabletop::Reading rd;
        rd.rule = rule;
        rd.says = "base " + quoted_name(b.name) + (touching ? " touches " : " misses ") + feature_name(c, &p) + " by " + c.u(std::fabs(r)) +
                  ", within the " + c.tolerance() + " measuring tolerance: read as " + (touching ? "not touching it" : "touching it");
        rd.keys = with(other);
        rd.items = {tabletop::ref(c.t, p), tabletop::ref(c.t, b)};
        c.out.readings.push_back(rd);
    }
}

}  // namespace umpire::agv::table
