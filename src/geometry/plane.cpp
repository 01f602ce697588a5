// Plane geometry (see plane.hpp). Plain O(n*m) loops: table pieces have at most a few hundred
// vertices (the table reader bounds them), so nothing cleverer is needed.
#include "geometry/plane.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace umpire::plane {

constexpr double kInf() { return std::numeric_limits<double>::infinity(); }

// ---- Vec2, Segment --------------------------------------------------------------

double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
double length(Vec2 a) { return std::hypot(a.x, a.y); }
double distance(Vec2 a, Vec2 b) { return length(a - b); }
double length(const Segment& s) { return distance(s.a, s.b); }

Vec2 closest_point(const Segment& s, Vec2 p) {
    const Vec2 d = s.b - s.a;
    const double len2 = dot(d, d);
    if (len2 <= 0) return s.a;
    const double t = std::clamp(dot(p - s.a, d) / len2, 0.0, 1.0);
    return s.a + d * t;
}

double distance(const Segment& s, Vec2 p) { return distance(closest_point(s, p), p); }

std::optional<double> crossing(const Segment& s, const Segment& t) {
    const Vec2 r = s.b - s.a, q = t.b - t.a, w = t.a - s.a;
    const double d = cross(r, q);
    const double scale = std::max({length(r) * length(q), 1.0});
    if (std::fabs(d) <= kEps * scale) {
        // Parallel: they meet only if collinear and overlapping; report the nearest shared point.
        if (std::fabs(cross(w, r)) > kEps * std::max(length(r), 1.0)) return std::nullopt;
        const double len2 = dot(r, r);
        if (len2 <= 0) return distance(t, s.a) <= kEps ? std::optional<double>(0.0) : std::nullopt;
        double lo = dot(t.a - s.a, r) / len2, hi = dot(t.b - s.a, r) / len2;
        if (lo > hi) std::swap(lo, hi);
        if (hi < -kEps || lo > 1 + kEps) return std::nullopt;
        return std::clamp(lo, 0.0, 1.0);
    }
    const double along_s = cross(w, q) / d, along_t = cross(w, r) / d;
    if (along_s < -kEps || along_s > 1 + kEps || along_t < -kEps || along_t > 1 + kEps) return std::nullopt;
    return std::clamp(along_s, 0.0, 1.0);
}

double distance(const Segment& s, const Segment& t) {
    if (crossing(s, t)) return 0.0;
    return std::min({distance(s, t.a), distance(s, t.b), distance(t, s.a), distance(t, s.b)});
}

// ---- Box ------------------------------------------------------------------------

bool Box::meets(const Box& o, double grow) const {
    return lo.x - grow <= o.hi.x && o.lo.x <= hi.x + grow && lo.y - grow <= o.hi.y && o.lo.y <= hi.y + grow;
}

Box bounds(const std::vector<Vec2>& points) {
    Box b{points.front(), points.front()};
    for (auto v : points) b.lo = {std::min(b.lo.x, v.x), std::min(b.lo.y, v.y)}, b.hi = {std::max(b.hi.x, v.x), std::max(b.hi.y, v.y)};
    return b;
}

Box bounds(const Segment& s) { return {{std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y)}, {std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)}}; }

// ---- Polygon --------------------------------------------------------------------

double signed_area(const Polygon& p) {
    double a = 0;
    for (std::size_t i = 0; i < p.size(); ++i) a += cross(p[i], p[(i + 1) % p.size()]);
    return a / 2;
}

double area(const Polygon& p) { return std::fabs(signed_area(p)); }

Vec2 centroid(const Polygon& p) {
    const double a = signed_area(p);
    if (p.empty()) return {};
    if (std::fabs(a) <= kEps) {
        Vec2 m;
        for (auto v : p) m = m + v;
        return m * (1.0 / static_cast<double>(p.size()));
    }
    Vec2 c;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Vec2 u = p[i], v = p[(i + 1) % p.size()];
        c = c + (u + v) * cross(u, v);
    }
    return c * (1.0 / (6 * a));
}

std::vector<Segment> edges(const Polygon& p) {
    std::vector<Segment> e;
    for (std::size_t i = 0; i < p.size(); ++i) e.push_back({p[i], p[(i + 1) % p.size()]});
    return e;
}

bool is_simple(const Polygon& p) {
    if (p.size() < 3 || area(p) <= kEps) return false;
    const auto e = edges(p);
    const std::size_t n = e.size();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const bool adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if (adjacent) {
                // Adjacent edges share one vertex; they must not fold back onto each other.
                const Vec2 u = e[i].b - e[i].a, v = e[j].b - e[j].a;
                if (std::fabs(cross(u, v)) <= kEps && dot(u, v) < 0) return false;
                continue;
            }
            if (distance(e[i], e[j]) <= kEps) return false;
        }
    return true;
}

double boundary_distance(const Polygon& p, Vec2 q) {
    double d = std::numeric_limits<double>::infinity();
    for (const auto& e : edges(p)) d = std::min(d, distance(e, q));
    return d;
}

bool strictly_inside(const Polygon& p, Vec2 q) {
    bool in = false;
    for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++) {
        const Vec2 a = p[i], b = p[j];
        if ((a.y > q.y) != (b.y > q.y)) {
            const double x = a.x + (q.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (q.x < x) in = !in;
        }
    }
    return in;
}

bool contains(const Polygon& p, Vec2 q) {
    if (p.size() < 3) return false;
    return boundary_distance(p, q) <= kEps || strictly_inside(p, q);
}

double signed_distance(const Polygon& p, Vec2 q) {
    const double d = boundary_distance(p, q);
    return strictly_inside(p, q) ? -d : d;
}

// The fractions along s where it meets the edges `es` (of an outline at most `extent` across),
// with 0 and 1, sorted.
std::vector<double> cuts(const std::vector<Segment>& es, double extent, const Segment& s) {
    std::vector<double> t = {0.0, 1.0};
    // An edge whose box is apart from s's by more than the tolerances below (kEps along either
    // segment, a fraction of its length) neither crosses s nor comes within kEps of it.
    const Box sb = bounds(s);
    const double grow = kEps * (1 + length(s) + extent);
    for (const auto& e : es) {
        if (!bounds(e).meets(sb, grow)) continue;
        if (auto c = crossing(s, e)) t.push_back(*c);
        // A collinear overlap meets at both of e's ends too.
        const Vec2 d = s.b - s.a;
        const double len2 = dot(d, d);
        if (len2 > 0)
            for (Vec2 v : {e.a, e.b})
                if (distance(s, v) <= kEps) t.push_back(std::clamp(dot(v - s.a, d) / len2, 0.0, 1.0));
    }
    std::sort(t.begin(), t.end());
    return t;
}

// The fractions along s where it meets p's edges, with 0 and 1, sorted.
std::vector<double> cuts(const Polygon& p, const Segment& s) {
    const Box pb = bounds(p);
    return cuts(edges(p), length(pb.hi - pb.lo), s);
}

bool contains(const Polygon& outer, const Polygon& inner) {
    for (auto v : inner)
        if (!contains(outer, v)) return false;
    // A non-convex outline can have every vertex inside and an edge that leaves it: check the
    // middle of every piece of every edge between its meeting points with the outline.
    for (const auto& e : edges(inner)) {
        const auto t = cuts(outer, e);
        for (std::size_t i = 0; i + 1 < t.size(); ++i) {
            const Vec2 mid = e.a + (e.b - e.a) * ((t[i] + t[i + 1]) / 2);
            if (!contains(outer, mid)) return false;
        }
    }
    return true;
}

double edge_distance(const Polygon& a, const Polygon& b) {
    double d = std::numeric_limits<double>::infinity();
    for (const auto& e : edges(a))
        for (const auto& f : edges(b)) d = std::min(d, distance(e, f));
    return d;
}

bool touches(const Polygon& a, const Polygon& b) {
    if (a.empty() || b.empty() || !bounds(a).meets(bounds(b), kEps)) return false;
    if (contains(b, a[0]) || contains(a, b[0])) return true;
    return edge_distance(a, b) <= kEps;
}

double distance(const Polygon& a, const Polygon& b) { return touches(a, b) ? 0.0 : edge_distance(a, b); }

double inset(const Polygon& outer, const Polygon& inner) {
    if (contains(outer, inner)) return edge_distance(outer, inner);
    double out = 0;
    for (auto v : inner) out = std::max(out, signed_distance(outer, v));
    return -std::max(out, kEps);
}

double overlap_depth(const Polygon& a, const Polygon& b) {
    if (!touches(a, b)) return -edge_distance(a, b);
    // The thickness of the overlap: twice the largest circle inside both outlines, found among the
    // vertices of both and a 17 x 17 grid (its middle included) over the overlap of their bounding boxes.
    auto box = [](const Polygon& p, Vec2& lo, Vec2& hi) {
        lo = {kInf(), kInf()}, hi = {-kInf(), -kInf()};
        for (auto v : p) lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)}, hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
    };
    Vec2 alo, ahi, blo, bhi;
    box(a, alo, ahi);
    box(b, blo, bhi);
    const Vec2 lo{std::max(alo.x, blo.x), std::max(alo.y, blo.y)}, hi{std::min(ahi.x, bhi.x), std::min(ahi.y, bhi.y)};
    std::vector<Vec2> at(a.begin(), a.end());
    at.insert(at.end(), b.begin(), b.end());
    constexpr int n = 16;
    for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) at.push_back({lo.x + (hi.x - lo.x) * i / n, lo.y + (hi.y - lo.y) * j / n});
    double depth = 0;
    for (auto p : at) depth = std::max(depth, std::min(-signed_distance(a, p), -signed_distance(b, p)));
    return 2 * depth;
}

bool touches(const Polygon& p, const Segment& s) {
    if (p.empty() || !bounds(p).meets(bounds(s), kEps)) return false;
    if (contains(p, s.a) || contains(p, s.b)) return true;
    for (const auto& e : edges(p))
        if (distance(e, s) <= kEps) return true;
    return false;
}

double length_inside(const Polygon& p, const Segment& s) {
    const auto t = cuts(p, s);
    double inside = 0;
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        if (t[i + 1] - t[i] <= 0) continue;
        const Vec2 mid = s.a + (s.b - s.a) * ((t[i] + t[i + 1]) / 2);
        if (contains(p, mid)) inside += (t[i + 1] - t[i]) * length(s);
    }
    return inside;
}

double greatest_width(const Polygon& p) {
    double w = 0;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = i + 1; j < p.size(); ++j) w = std::max(w, distance(p[i], p[j]));
    return w;
}

Polygon convex_hull(Polygon p) {
    std::sort(p.begin(), p.end(), [](Vec2 a, Vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    p.erase(std::unique(p.begin(), p.end()), p.end());
    if (p.size() < 3) return p;
    Polygon h(2 * p.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        while (k >= 2 && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0) --k;
        h[k++] = p[i];
    }
    for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
        while (k >= t && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0) --k;
        h[k++] = p[i];
    }
    h.resize(k - 1);
    return h;
}

Polygon clip(const Polygon& p, Vec2 at, Vec2 normal) {
    Polygon out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Vec2 u = p[i], v = p[(i + 1) % p.size()];
        const double su = dot(u - at, normal), sv = dot(v - at, normal);
        if (su >= 0) out.push_back(u);
        if ((su < 0) != (sv < 0)) out.push_back(u + (v - u) * (su / (su - sv)));
    }
    return out;
}

double area_inside(const Polygon& convex, const Polygon& p) {
    Polygon part = p;
    const double turn = signed_area(convex) >= 0 ? 1 : -1;  // the inside is left of each edge when counter-clockwise
    for (const auto& e : edges(convex)) {
        if (part.size() < 3) return 0;
        const Vec2 d = e.b - e.a;
        part = clip(part, e.a, Vec2{-d.y, d.x} * turn);
    }
    return part.size() < 3 ? 0 : area(part);
}

double least_width(const Polygon& p) {
    const Polygon h = convex_hull(p);
    if (h.size() < 3) return 0.0;
    double best = std::numeric_limits<double>::infinity();
    for (const auto& e : edges(h)) {
        const Vec2 d = e.b - e.a;
        const double len = length(d);
        if (len <= 0) continue;
        double far = 0;
        for (auto v : h) far = std::max(far, std::fabs(cross(d, v - e.a)) / len);
        best = std::min(best, far);
    }
    return best;
}

// ---- Region ---------------------------------------------------------------------

bool contains(const Region& r, Vec2 q) {
    for (const auto& p : r)
        if (contains(p, q)) return true;
    return false;
}

std::vector<Segment> boundary(const Region& r) {
    // Each outline's box once; a probe is in the region when it is strictly inside an outline
    // whose box holds it (the probes lie far above kEps from every edge they are not cut at).
    std::vector<Box> box;
    std::vector<std::vector<Segment>> es;
    std::vector<double> extent;  // each outline's box diagonal
    for (const auto& p : r) box.push_back(bounds(p)), es.push_back(edges(p)), extent.push_back(length(box.back().hi - box.back().lo));
    auto in_region = [&](Vec2 q) {
        for (std::size_t j = 0; j < r.size(); ++j)
            if (box[j].meets(Box{q, q}) && strictly_inside(r[j], q)) return true;
        return false;
    };
    std::vector<Segment> out;
    for (std::size_t i = 0; i < r.size(); ++i)
        for (const auto& e : es[i]) {
            const double len = length(e);
            if (len <= 0) continue;
            std::vector<double> t = {0.0, 1.0};
            const Box eb = bounds(e);
            for (std::size_t j = 0; j < r.size(); ++j) {
                if (j != i && box[j].meets(eb, kEps * (1 + len + extent[j]))) {
                    const auto c = cuts(es[j], extent[j], e);
                    t.insert(t.end(), c.begin(), c.end());
                }
            }
            std::sort(t.begin(), t.end());
            // Each piece between meeting points is edge when the region lies on one side of it only
            // (probed a hair to either side, far above kEps).
            const Vec2 n = Vec2{-(e.b - e.a).y, (e.b - e.a).x} * (1e-6 / len);
            for (std::size_t k = 0; k + 1 < t.size(); ++k) {
                if (t[k + 1] - t[k] <= 0) continue;
                const Vec2 a = e.a + (e.b - e.a) * t[k], b = e.a + (e.b - e.a) * t[k + 1], m = (a + b) * 0.5;
                if (in_region(m + n) != in_region(m - n)) out.push_back({a, b});
            }
        }
    return out;
}

namespace {

double nearest(const std::vector<Segment>& segs, Vec2 q) {
    double d = kInf();
    for (const auto& s : segs) d = std::min(d, distance(s, q));
    return d;
}

// A boundary segment passes through the inside of `inner` (not only along or outside its edge).
bool enters(const Polygon& inner, const Segment& s) {
    if (!touches(inner, s)) return false;
    const auto t = cuts(inner, s);
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
        if (t[i + 1] - t[i] <= 0) continue;
        const Vec2 m = s.a + (s.b - s.a) * ((t[i] + t[i + 1]) / 2);
        if (strictly_inside(inner, m) && boundary_distance(inner, m) > kEps) return true;
    }
    return false;
}

}  // namespace

double inset(const Region& r, const Polygon& inner) {
    const auto edge = boundary(r);
    bool inside = !inner.empty();
    for (auto v : inner) inside = inside && contains(r, v);
    for (const auto& s : edge) inside = inside && !enters(inner, s);
    if (inside) {
        double d = kInf();
        for (const auto& s : edge)
            for (const auto& e : edges(inner)) d = std::min(d, distance(s, e));
        return d;
    }
    // Short of wholly inside: the farthest sampled point of inner outside the region.
    double perimeter = 0;
    for (const auto& e : edges(inner)) perimeter += length(e);
    const double step = std::max(perimeter / 256, kEps);
    std::vector<Vec2> at;
    for (const auto& e : edges(inner)) {
        const int n = std::max(1, static_cast<int>(std::ceil(length(e) / step)));
        for (int i = 0; i < n; ++i) at.push_back(e.a + (e.b - e.a) * (static_cast<double>(i) / n));
    }
    const Box b = bounds(inner);
    for (int i = 0; i <= 8; ++i)
        for (int j = 0; j <= 8; ++j) {
            const Vec2 q{b.lo.x + (b.hi.x - b.lo.x) * i / 8, b.lo.y + (b.hi.y - b.lo.y) * j / 8};
            if (contains(inner, q)) at.push_back(q);
        }
    double out = 0;
    for (auto q : at)
        if (!contains(r, q)) out = std::max(out, nearest(edge, q));
    return -std::max(out, kEps);
}

double overlap_area(const Polygon& subject, const Polygon& convex) {
    // area_inside clips with the same Sutherland-Hodgman steps; the boxes first spare the far pieces.
    if (subject.size() < 3 || convex.size() < 3 || !bounds(subject).meets(bounds(convex))) return 0.0;
    return area_inside(convex, subject);
}

// ---- Polyline -------------------------------------------------------------------

std::vector<Segment> segments(const Polyline& l) {
    std::vector<Segment> s;
    for (std::size_t i = 0; i + 1 < l.size(); ++i) s.push_back({l[i], l[i + 1]});
    return s;
}

double path_length(const Polyline& l) {
    double n = 0;
    for (const auto& s : segments(l)) n += length(s);
    return n;
}

double line_distance(const Polyline& l, Vec2 p) {
    double d = std::numeric_limits<double>::infinity();
    for (const auto& s : segments(l)) d = std::min(d, distance(s, p));
    return d;
}

double line_distance(const Polyline& l, const Segment& t) {
    double d = std::numeric_limits<double>::infinity();
    for (const auto& s : segments(l)) d = std::min(d, distance(s, t));
    return d;
}

double line_distance(const Polyline& l, const Polygon& p) {
    if (!l.empty() && contains(p, l[0])) return 0.0;
    double d = std::numeric_limits<double>::infinity();
    for (const auto& s : segments(l))
        for (const auto& e : edges(p)) d = std::min(d, distance(s, e));
    return d;
}

std::optional<LineCrossing> first_crossing(const Polyline& l, const Segment& s) {
    std::optional<LineCrossing> best;
    const auto segs = segments(l);
    for (std::size_t i = 0; i < segs.size(); ++i)
        if (auto c = crossing(s, segs[i]))
            if (!best || *c < best->along) best = LineCrossing{*c, i};
    return best;
}

std::vector<LineCrossing> crossings(const Polyline& l, const Segment& s) {
    std::vector<LineCrossing> out;
    const auto segs = segments(l);
    for (std::size_t i = 0; i < segs.size(); ++i)
        if (auto c = crossing(s, segs[i])) out.push_back({*c, i});
    std::stable_sort(out.begin(), out.end(), [](const LineCrossing& a, const LineCrossing& b) { return a.along < b.along; });
    // Two segments meeting at a vertex on s both report it: one point, kept once.
    const double len = std::max(length(s.b - s.a), 1.0);
    std::vector<LineCrossing> merged;
    for (const auto& c : out)
        if (merged.empty() || (c.along - merged.back().along) * len > kEps) merged.push_back(c);
    return merged;
}

// ---- Shapes ---------------------------------------------------------------------

Polygon ellipse(Vec2 c, double rx, double ry, double angle_degrees) {
    Polygon p;
    const double a = angle_degrees * kPi / 180;
    for (int i = 0; i < kCurveVertices; ++i) {
        const double t = 2 * kPi * i / kCurveVertices;
        const double x = rx * std::cos(t), y = ry * std::sin(t);
        p.push_back({c.x + x * std::cos(a) - y * std::sin(a), c.y + x * std::sin(a) + y * std::cos(a)});
    }
    return p;
}

Polygon circle(Vec2 c, double r) { return ellipse(c, r, r, 0); }

Polygon rectangle(Vec2 c, double width, double depth, double facing_degrees) {
    const double a = facing_degrees * kPi / 180;
    const Vec2 front{std::sin(a), std::cos(a)}, right{std::cos(a), -std::sin(a)};
    const Vec2 f = front * (depth / 2), r = right * (width / 2);
    return {c + f - r, c + f + r, c - f + r, c - f - r};
}

}  // namespace umpire::plane
