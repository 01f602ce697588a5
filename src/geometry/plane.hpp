// Plane geometry for tabletop games measured in inches or centimetres (no rules here).
//
// Everything is in double. Predicates that decide "touching" or "inside" use kEps, a purely
// numerical tolerance (1e-9 of the table unit) so that a base edge laid exactly on a piece's
// edge counts as touching; the referee's measuring tolerance is a rules-data number and is
// applied by the callers (engine/table_rulings), never here.
//
// Sections
//   Vec2, Segment      points and segments; distances; segment intersection
//   Box                bounding boxes, to skip the exact tests early
//   Polygon            outlines (simple polygons, either winding); area, point-in-polygon,
//                      signed distance to the boundary, containment, overlap, widths
//   Region             the union of several outlines (one hill's pieces): its boundary, how deep
//                      an outline lies inside it; the area an outline shares with a convex one
//   Polyline           linear pieces (walls, streams) with a width
//   Shapes             circles, ellipses and rectangular bases as polygons
#pragma once
#include <optional>
#include <vector>

namespace umpire::plane {

constexpr double kEps = 1e-9;
constexpr double kPi = 3.14159265358979323846;

// ---- Vec2, Segment --------------------------------------------------------------

struct Vec2 {
    double x = 0, y = 0;
};
inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(Vec2 a, double k) { return {a.x * k, a.y * k}; }
inline bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
double dot(Vec2 a, Vec2 b);
double cross(Vec2 a, Vec2 b);  // z of the 3-D cross product: > 0 when b is counter-clockwise of a
double length(Vec2 a);
double distance(Vec2 a, Vec2 b);

struct Segment {
    Vec2 a, b;
};
double length(const Segment& s);
Vec2 closest_point(const Segment& s, Vec2 p);
double distance(const Segment& s, Vec2 p);
double distance(const Segment& s, const Segment& t);  // 0 when they touch or cross
// Where s crosses t, as the fraction along s (0..1); nullopt when they do not meet in one point
// (parallel overlapping segments give the nearest shared point's fraction).
std::optional<double> crossing(const Segment& s, const Segment& t);

// ---- Box ------------------------------------------------------------------------

// An axis-aligned bounding box: a cheap first test before the exact ones (which are O(n*m)).
struct Box {
    Vec2 lo, hi;
    bool meets(const Box& o, double grow = 0) const;  // the boxes, one grown by `grow` all round, share a point
};
Box bounds(const std::vector<Vec2>& points);  // of at least one point
Box bounds(const Segment& s);

// ---- Polygon --------------------------------------------------------------------

using Polygon = std::vector<Vec2>;  // vertices in order, not repeated at the end

double area(const Polygon& p);          // absolute
Vec2 centroid(const Polygon& p);        // area centroid (vertex mean for a degenerate one)
std::vector<Segment> edges(const Polygon& p);
bool is_simple(const Polygon& p);       // at least 3 vertices, no edge crossing a non-adjacent one, area > 0
// Inside or on the boundary (within kEps).
bool contains(const Polygon& p, Vec2 q);
// Distance from q to the boundary: negative inside, positive outside.
double signed_distance(const Polygon& p, Vec2 q);
// Every point of `inner` is inside `outer` (boundary contact allowed).
bool contains(const Polygon& outer, const Polygon& inner);
// The two share at least one point (overlap or touch).
bool touches(const Polygon& a, const Polygon& b);
// Smallest distance between the two outlines' areas (0 when they touch or overlap).
double distance(const Polygon& a, const Polygon& b);
// How deep `inner` lies inside `outer` at its shallowest vertex (>= 0: wholly inside by that
// much; < 0: some vertex pokes out by that much). Used for "within the tolerance of the edge".
double inset(const Polygon& outer, const Polygon& inner);
// How much the two overlap (> 0: the overlap's thickness, twice the largest circle that fits in
// both, found on a 17 x 17 grid over the overlap of their bounding boxes, so to within 1/16 of the overlap's extent); < 0: apart by that much.
double overlap_depth(const Polygon& a, const Polygon& b);
// The segment meets the polygon (crosses it, or lies partly or wholly inside it).
bool touches(const Polygon& p, const Segment& s);
// Length of the part of the segment inside the polygon.
double length_inside(const Polygon& p, const Segment& s);
// Greatest distance across (the diameter: the longest vertex-to-vertex distance).
double greatest_width(const Polygon& p);
// Least width across (of the convex hull, by rotating callipers over the hull's edges).
double least_width(const Polygon& p);
Polygon convex_hull(Polygon p);
// The part of `p` on the side of the line through `at` that `normal` points to (dot(q - at,
// normal) >= 0): one Sutherland-Hodgman step; empty when nothing is on that side.
Polygon clip(const Polygon& p, Vec2 at, Vec2 normal);
// The area of `p` inside the convex polygon `convex` (either winding; `p` may be concave).
double area_inside(const Polygon& convex, const Polygon& p);

// ---- Region ---------------------------------------------------------------------

// The union of outlines (the pieces of one hill). A point is in it when it is in any of them.
using Region = std::vector<Polygon>;
bool contains(const Region& r, Vec2 q);
// The region's edge: the parts of its outlines' edges with the region on one side only (a seam
// where two outlines overlap or abut lies inside the region, and is not part of its edge).
std::vector<Segment> boundary(const Region& r);
// How deep `inner` lies inside the region: >= 0, wholly inside it, by the least distance from
// its outline to the region's edge (exact); < 0, the point of `inner` farthest outside the region
// lies that far out (sampled every 1/256 of inner's perimeter along its outline, and on a 9 x 9
// grid inside it, so read at most 1/512 of the perimeter short). A one-outline region gives
// inset(outer, inner) for a convex outer.
double inset(const Region& r, const Polygon& inner);
// The area of the part of `subject` (any simple outline) inside the convex outline `convex`
// (Sutherland-Hodgman clipping; exact).
double overlap_area(const Polygon& subject, const Polygon& convex);

// ---- Polyline -------------------------------------------------------------------

using Polyline = std::vector<Vec2>;  // at least two points
std::vector<Segment> segments(const Polyline& l);
double path_length(const Polyline& l);
double line_distance(const Polyline& l, Vec2 p);
double line_distance(const Polyline& l, const Segment& s);
double line_distance(const Polyline& l, const Polygon& p);  // 0 when the line crosses or enters it
// The first crossing of s with the line: fraction along s and the index of the line's segment.
struct LineCrossing {
    double along = 0;
    std::size_t segment = 0;
};
std::optional<LineCrossing> first_crossing(const Polyline& l, const Segment& s);
// Every point where s meets the line (crossing or touching it), in order along s; a point met by
// two of the line's segments (at a vertex) is listed once, with the first of them.
std::vector<LineCrossing> crossings(const Polyline& l, const Segment& s);

// ---- Shapes ---------------------------------------------------------------------

// Circles and ellipses become regular polygons with this many vertices, inscribed: the outline
// lies inside the true curve by at most r * (1 - cos(pi / kCurveVertices)), 0.12 % of the radius.
constexpr int kCurveVertices = 64;
Polygon circle(Vec2 c, double r);
Polygon ellipse(Vec2 c, double rx, double ry, double angle_degrees);
// A rectangular base centred on c: `width` across its front, `depth` front to back, facing
// `facing_degrees` clockwise from +y (0 = facing +y, 90 = facing +x).
Polygon rectangle(Vec2 c, double width, double depth, double facing_degrees);

}  // namespace umpire::plane
