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

// How far the outline's deepest point lies inside an area piece (the least move that would take
// that point out of it), sampled at the outline's corners, 64 points along each edge and a 17 x 17
// grid over it; apart, the gap. (tabletop::reach gives the overlap's thickness, which reads a thin
// sliver across a slanted base short; the charge and the touch readings want how far it reaches.)
static double deepest_in(const pl::Polygon& o, const pl::Polygon& piece) {
    if (!pl::touches(o, piece)) return pl::overlap_depth(o, piece);  // minus the gap
    std::vector<pl::Vec2> at(o.begin(), o.end());
    for (const auto& e : pl::edges(o))
        for (int i = 1; i < 64; ++i) at.push_back(e.a + (e.b - e.a) * (i / 64.0));
    const pl::Box box = pl::bounds(o);
    for (int i = 0; i <= 16; ++i)
        for (int j = 0; j <= 16; ++j) {
            const pl::Vec2 q{box.lo.x + (box.hi.x - box.lo.x) * i / 16, box.lo.y + (box.hi.y - box.lo.y) * j / 16};
            if (pl::contains(o, q)) at.push_back(q);
        }
    double deepest = 0;
    for (auto q : at) deepest = std::max(deepest, -pl::signed_distance(piece, q));
    return deepest;
}

double reach_into(const Measuring& c, const pl::Polygon& o, const Piece* f) {
    double r = -tabletop::kInf;
    for (const Piece* p : pieces_of(c, f)) r = std::max(r, p->is_line ? tabletop::reach(o, *p) : deepest_in(o, p->outline));
    return r;
}

// A line piece crossed by s: its half width and the least of how far each end of s lies from
// the line and how far each end of the line lies from s (moving either by that much, the segment
// would no longer cross). Not crossed: the half width less the gap (tabletop::depth).
static double line_piece_depth(const pl::Segment& s, const Piece& p) {
    bool crossed = false;
    for (const auto& e : pl::segments(p.line)) crossed = crossed || pl::crossing(s, e).has_value();
    if (!crossed) return tabletop::depth(s, p);
    double clear = std::min(pl::line_distance(p.line, s.a), pl::line_distance(p.line, s.b));
    if (!p.line.empty()) clear = std::min({clear, pl::distance(s, p.line.front()), pl::distance(s, p.line.back())});
    return p.width / 2 + clear;
}

double segment_depth(const Measuring& c, const pl::Segment& s, const Piece* f) {
    if (pl::length(s) <= pl::kEps) return -tabletop::kInf;
    double d = -tabletop::kInf;
    for (const Piece* p : pieces_of(c, f)) d = std::max(d, p->is_line ? line_piece_depth(s, *p) : tabletop::depth(s, *p));
    return d;
}

std::string overlap(const Measuring& c, const pl::Polygon& o, const Piece* f) {
    const auto ps = pieces_of(c, f);
    const Piece* best = nullptr;
    double share = -1;
    const double whole = pl::area(o);
    for (const Piece* p : ps)
        if (!p->is_line && whole > 0) {
            const double a = pl::area_inside(o, p->outline) / whole;
            if (a >= share - 1e-9) share = a, best = p;  // equal shares: the later piece (drawn on top, a hill's crest)
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

void record_overlaps(Measuring& c, const Base& b, const pl::Polygon& o, const std::vector<const Piece*>& fs, const std::string& when) {
    const double whole = pl::area(o);
    for (const Piece* f : fs)
        for (const Piece* p : pieces_of(c, f)) {
            if (!tabletop::touching(o, *p)) continue;
            tabletop::Reach x{tabletop::ref(c.t, b), tabletop::ref(c.t, *p), p->is_line ? tabletop::reach(o, *p) : deepest_in(o, p->outline), {}, {}};
            std::string how = p->is_line ? "reaching " + c.u(x.reach) + " into its drawn width" : "reaching " + c.u(x.reach) + " into it";
            if (!p->is_line && whole > 0) {
                x.share = pl::area_inside(o, p->outline) / whole;
                const long pct = std::lround(*x.share * 100);
                how = (pct == 0 ? std::string("under 1%") : std::to_string(pct) + "%") + " of its area in it, " + how;
            }
            x.says = "base " + quoted_name(b.name) + (when.empty() ? "" : " " + when) + " is in or touching " + tabletop::piece_name(*p) + ": " + how;
            c.out.overlaps.push_back(std::move(x));
        }
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
