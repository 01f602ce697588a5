// The measuring every game's table rules share (see measure.hpp and docs/tables.md).
//
// Sections
//   Measuring, show   the tolerance and a value in words
//   bases, paths      named_base, read_path, moved, samples
//   reach             reach, touching, depth, crosses
//   items             piece_name, ref, found, corners
//   hills             hill_of
//   moves             touched, touched_along, along_road, path_fact
#include "tabletop/measure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/diag.hpp"
#include "core/names.hpp"

namespace umpire::tabletop {

namespace pl = umpire::plane;

namespace {

constexpr std::size_t kMaxPathPoints = 50;
constexpr std::size_t kMaxSamples = 4000;

}  // namespace

// ---- Measuring, show ----------------------------------------------------------------

std::string Measuring::tolerance() const {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", rules.tolerance);
    return std::string(buf) + " " + t.unit;
}

std::string quoted_name(const std::string& s) { return quoted_value(s); }

bool has(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::string show(const Value& v) {
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto d = std::get_if<double>(&v)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", *d);
        return buf;
    }
    if (auto s = std::get_if<std::string>(&v)) return quoted_name(*s);
    std::string out = "[";
    for (const auto& s : std::get<std::vector<std::string>>(v)) out += (out.size() > 1 ? ", " : "") + quoted_name(s);
    return out + "]";
}

// ---- bases, paths -------------------------------------------------------------------

// The base a situation key names (`firer.base = "Tiger"`).
const Base* named_base(const Section& t, std::string_view key, const Sketch& table) {
    auto name = t.str(key, true);
    if (!name) return nullptr;
    if (const Base* b = table.base(*name)) return b;
    std::vector<std::string> names;
    for (const auto& b : table.bases) names.push_back(b.name);
    t.error(key, "no base " + quoted_name(*name) + " on the table " + table.file + " (bases: " +
                     (names.empty() ? std::string("none") : join_names(names, ", ")) + ")");
    return nullptr;
}

// A path: points the base's centre moves through after its position on the table.
std::optional<pl::Polyline> read_path(const Section& t, std::string_view key, const Base& from, const Sketch& table, bool required) {
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

// ---- reach --------------------------------------------------------------------------

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

// ---- items --------------------------------------------------------------------------

std::string piece_name(const Piece& p) { return p.kind + " " + quoted_name(p.name); }

ItemRef ref(const Sketch& t, const Piece& p) { return {false, static_cast<std::size_t>(&p - t.pieces.data())}; }
ItemRef ref(const Sketch& t, const Base& b) { return {true, static_cast<std::size_t>(&b - t.bases.data())}; }
Found found(const Sketch& t, const Piece& p, Role role, std::string says) { return {{ref(t, p), piece_name(p), Mark::clear, std::move(says)}, role}; }
Found found(const Sketch& t, const Base& b, Role role, std::string says) {
    return {{ref(t, b), "base " + quoted_name(b.name), Mark::clear, std::move(says)}, role};
}

// The outline points used as the target's corners for "partly hidden" (all four of a rectangle;
// eight around a circle).
std::vector<pl::Vec2> corners(const Base& b) {
    if (!b.circle) return b.outline;
    std::vector<pl::Vec2> out;
    for (std::size_t i = 0; i < b.outline.size(); i += b.outline.size() / 8) out.push_back(b.outline[i]);
    return out;
}

// ---- hills --------------------------------------------------------------------------

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
        h.on = h.inset >= 0 ? Fit::wholly : h.reach > pl::kEps ? Fit::partly : Fit::no;
        const bool better = best.hill.empty() || h.on > best.on || (h.on == best.on && (h.inset > best.inset || h.reach > best.reach));
        if (better) best = h;
    }
    return best;
}

// ---- moves --------------------------------------------------------------------------

std::vector<const Piece*> touched(const Base& b, const Sketch& t, const Rules& r) {
    std::vector<const Piece*> out;
    for (const auto& p : t.pieces)
        if (!has(r.drawn, p.kind) && touching(b.outline, p)) out.push_back(&p);
    return out;
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

void path_fact(Measuring& c, const std::string& rule, const Base& b, const pl::Polyline& path) {
    c.out.path = path;
    c.out.moved = pl::path_length(path);
    c.out.subjects.push_back(b.name);
    c.fact("", c.out.moved, rule, "base " + quoted_name(b.name) + " moves " + c.u(c.out.moved) + " (its centre's path)");
}

}  // namespace umpire::tabletop
