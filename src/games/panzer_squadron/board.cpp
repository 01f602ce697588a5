// Panzer Squadron on a board (see ps_board.hpp and docs/panzer-squadron.md).
//
// Sections
//   1. vocabulary and corners
//   2. trace_segment: exact segment-hex and segment-hexside classification
//   3. line_of_fire: the points each reading joins, obstacles on each line, faces, calls
//   4. report: JSON and text
//   5. visibility
//   6. movement on the board
//   7. board marks (the BoardSupport itself is in board_support.cpp)
#include "games/panzer_squadron/board.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/names.hpp"

namespace umpire::panzer_squadron {

// =====================================================================================
// 1. vocabulary and corners
// =====================================================================================

board::Vocabulary board_vocabulary(const Data& d) {
    board::Vocabulary v;
    v.system = "panzer-squadron";
    v.hex_terrain = d.board.hex_terrain;
    v.hexside_features = d.board.hexside_features;
    v.numbering = d.board.numbering;
    return v;
}

std::optional<int> parse_corner(const Data& d, const std::string& name) {
    for (int k = 0; k < 6; ++k)
        if (same_name(d.board.corner_names[std::size_t(k)], name)) return k;
    return std::nullopt;
}

const std::string& corner_name(const Data& d, int corner) { return d.board.corner_names[std::size_t(((corner % 6) + 6) % 6)]; }

const std::string& face_at(const Data& d, int facing, int corner) {
    return d.armour[std::size_t((((corner - facing) % 6) + 6) % 6)];
}

// =====================================================================================
// 2. trace_segment
// =====================================================================================

Pt centre_point(const hex::Cube& h) { return {3 * std::int64_t(h.q), 3 * std::int64_t(h.r)}; }

Pt corner_point(const hex::Cube& h, int corner) {
    // Corner k sits where hexsides k-1 and k meet: (direction(k-1) + direction(k)) / 3 from the centre.
    const hex::Cube a = hex::direction(corner - 1), c = hex::direction(corner);
    return {3 * std::int64_t(h.q) + a.q + c.q, 3 * std::int64_t(h.r) + a.r + c.r};
}

const char* to_string(Meet m) {
    switch (m) {
        case Meet::crosses: return "crosses";
        case Meet::along: return "along";
        default: return "touches";
    }
}

namespace {

using hex::Frac;

Frac frac(std::int64_t num, std::int64_t den) { return den < 0 ? Frac{-num, -den} : Frac{num, den}; }
Frac max_of(const Frac& a, const Frac& b) { return a < b ? b : a; }
Frac min_of(const Frac& a, const Frac& b) { return a < b ? a : b; }

// Twice the signed area of p, q, r in axial coordinates: its sign says on which side of p->q r
// lies (negative: to the left as seen from p looking at q, with rows numbered southwards).
std::int64_t orient(const Pt& p, const Pt& q, const Pt& r) { return (q.q - p.q) * (r.r - p.r) - (q.r - p.r) * (r.q - p.q); }

// Squared distance in units of the axial form q^2 + qr + r^2 (proportional to the Euclidean one).
std::int64_t norm(const Pt& a, const Pt& b) {
    const std::int64_t dq = b.q - a.q, dr = b.r - a.r;
    return dq * dq + dq * dr + dr * dr;
}

// Where x, known to lie on the line a-b, is along it (0 at a, 1 at b).
Frac param(const Pt& a, const Pt& b, const Pt& x) {
    const std::int64_t dq = b.q - a.q, dr = b.r - a.r;
    return std::llabs(dq) >= std::llabs(dr) ? frac(x.q - a.q, dq) : frac(x.r - a.r, dr);
}

// How the closed segment a-b meets hex h: a point p is in h when its three pair differences
// from the centre are within 3 (hex.hpp's test, scaled by 3). Returns false when it does not.
bool classify_hex(const Pt& a, const Pt& b, const hex::Cube& h, HexHit& out) {
    const std::int64_t aq = a.q - 3 * std::int64_t(h.q), ar = a.r - 3 * std::int64_t(h.r);
    const std::int64_t dq = b.q - a.q, dr = b.r - a.r;
    const std::int64_t u0[3] = {aq - ar, aq + 2 * ar, -2 * aq - ar};
    const std::int64_t du[3] = {dq - dr, dq + 2 * dr, -2 * dq - dr};
    Frac lo{0, 1}, hi{1, 1};
    bool on_edge = false;
    for (int i = 0; i < 3; ++i) {
        if (du[i] == 0) {
            if (std::llabs(u0[i]) > 3) return false;
            on_edge |= std::llabs(u0[i]) == 3;
            continue;
        }
        const Frac x = frac(-3 - u0[i], du[i]), y = frac(3 - u0[i], du[i]);
        lo = max_of(lo, min_of(x, y));
        hi = min_of(hi, max_of(x, y));
    }
    if (hi < lo) return false;
    out.hex = h;
    out.enter = lo;
    out.leave = hi;
    out.how = lo == hi ? Meet::touches : on_edge ? Meet::along : Meet::crosses;
    return true;
}

// How the closed segment a-b meets the hexside c-e (its two corners).
bool classify_side(const Pt& a, const Pt& b, const Pt& c, const Pt& e, SideHit& out) {
    const std::int64_t o1 = orient(a, b, c), o2 = orient(a, b, e);
    if (o1 == 0 && o2 == 0) {  // on one line: an overlap of positive length runs along the hexside
        const Frac tc = param(a, b, c), te = param(a, b, e);
        const Frac lo = max_of(min_of(tc, te), Frac{0, 1}), hi = min_of(max_of(tc, te), Frac{1, 1});
        if (hi < lo) return false;
        out.how = lo == hi ? Meet::touches : Meet::along;
        out.at = lo;
        return true;
    }
    if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) return false;
    const std::int64_t o3 = orient(c, e, a), o4 = orient(c, e, b);
    if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) return false;
    if (o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0) {
        out.how = Meet::crosses;
        out.at = frac(o3, o3 - o4);
        return true;
    }
    out.how = Meet::touches;  // at an end of the hexside, or an end of the segment lies on it
    out.at = o1 == 0 ? param(a, b, c) : o2 == 0 ? param(a, b, e) : o3 == 0 ? Frac{0, 1} : Frac{1, 1};
    return true;
}

hex::Cube round_cube(double q, double r) {
    const double s = -q - r;
    double rq = std::round(q), rr = std::round(r), rs = std::round(s);
    const double eq = std::fabs(rq - q), er = std::fabs(rr - r), es = std::fabs(rs - s);
    if (eq > er && eq > es) rq = -rr - rs;
    else if (er > es) rr = -rq - rs;
    return {int(rq), int(rr), -int(rq) - int(rr)};
}

}  // namespace

void trace_segment(const board::Board& b, const Pt& from, const Pt& to, Sides sides, SegmentTrace& out) {
    out.hexes.clear();
    out.sides.clear();
    // Candidates: the hex of every sample point a quarter hex apart, and its neighbours. A hex the
    // segment meets holds a point within an eighth of a hex of a sample, so it is that sample's
    // hex or a neighbour (rounding only decides which of two neighbours a boundary sample gets).
    const std::int64_t dq = to.q - from.q, dr = to.r - from.r;
    const std::int64_t span = std::max({std::llabs(dq), std::llabs(dr), std::llabs(dq + dr)}) / 3 + 2;
    const std::int64_t samples = 4 * span;
    std::vector<hex::Cube> cand;
    cand.reserve(std::size_t(samples + 1) * 7);
    for (std::int64_t k = 0; k <= samples; ++k) {
        const double t = double(k) / double(samples);
        const hex::Cube c = round_cube((double(from.q) + t * double(dq)) / 3.0, (double(from.r) + t * double(dr)) / 3.0);
        cand.push_back(c);
        for (int d = 0; d < 6; ++d) cand.push_back(hex::neighbour(c, d));
    }
    std::sort(cand.begin(), cand.end());
    cand.erase(std::unique(cand.begin(), cand.end()), cand.end());

    HexHit hh;
    for (const hex::Cube& h : cand)
        if (classify_hex(from, to, h, hh)) out.hexes.push_back(hh);
    std::sort(out.hexes.begin(), out.hexes.end(), [](const HexHit& x, const HexHit& y) {
        return x.enter != y.enter ? x.enter < y.enter : x.leave != y.leave ? x.leave < y.leave : x.hex < y.hex;
    });

    // Hexsides: every side of a candidate hex once (by its storage slot on the board's side grid).
    std::vector<std::pair<int, std::pair<hex::Cube, int>>> slots;
    for (const hex::Cube& h : cand)
        for (int d = 0; d < 6; ++d) {
            const int slot = b.side_slot(h, d);
            if (slot < 0) continue;
            if (sides == Sides::featured && b.sides_of[std::size_t(slot)].feature < 0) continue;
            // One name per hexside: as side 0..2 of one of its hexes (the storage's own form).
            slots.push_back({slot, d < 3 ? std::pair{h, d} : std::pair{hex::neighbour(h, d), d - 3}});
        }
    std::sort(slots.begin(), slots.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    slots.erase(std::unique(slots.begin(), slots.end(), [](const auto& x, const auto& y) { return x.first == y.first; }), slots.end());
    SideHit sh;
    for (const auto& [slot, hd] : slots) {
        const auto [h, d] = hd;
        // Hexside d runs from corner d to corner d+1 (board_support.hpp's numbering).
        if (!classify_side(from, to, corner_point(h, d), corner_point(h, d + 1), sh)) continue;
        sh.hex = h;
        sh.side = d;
        out.sides.push_back(sh);
    }
    std::sort(out.sides.begin(), out.sides.end(), [](const SideHit& x, const SideHit& y) {
        return x.at != y.at ? x.at < y.at : x.hex != y.hex ? x.hex < y.hex : x.side < y.side;
    });
}

// =====================================================================================
// 3. line_of_fire
// =====================================================================================

namespace {

bool is_obstacle(const Data& d, const std::string& name) {
    return std::find(d.board.obstacles.begin(), d.board.obstacles.end(), name) != d.board.obstacles.end();
}

bool inside_open(const Frac& t) { return Frac{0, 1} < t && t < Frac{1, 1}; }

// PS-obstacle: the obstacle hexsides of the target's hexagon a line ending at `corner` arrives on:
// those with that corner at one end whose outside faces the cannon (the cannon strictly on the
// far side of the hexside's line from the target's centre). A side seen edge-on or from behind
// does not stand between the tanks.
std::vector<int> target_sides_met(const Data& d, const board::Board& b, const Pt& cannon, const hex::Cube& target, int corner) {
    std::vector<int> out;
    for (const int k : {(corner + 5) % 6, corner}) {  // side k runs from corner k to corner k + 1
        const board::SideFeature* sf = b.side(target, k);
        if (!sf || !is_obstacle(d, b.vocabulary.hexside_features[std::size_t(sf->feature)])) continue;
        const Pt c0 = corner_point(target, k), c1 = corner_point(target, k + 1);
        const std::int64_t inside = orient(c0, c1, centre_point(target)), from = orient(c0, c1, cannon);
        if ((inside > 0 && from < 0) || (inside < 0 && from > 0)) out.push_back(k);
    }
    return out;
}

// PS-obstacle: what one line passes or touches. The firer's own hexagon (the cannon is in it) and
// the target's (the line ends on its point) are not between them; touches at the segment's ends
// are not on the way.
FireLine trace_fire_line(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target, int corner,
                         Sides sides, bool texts) {
    FireLine f;
    f.corner = corner;
    trace_segment(b, centre_point(firer), corner_point(target, corner), sides, f.trace);
    for (const HexHit& h : f.trace.hexes) {
        const std::string& t = b.terrain(h.hex);
        if (t.empty() || !is_obstacle(d, t)) continue;
        if (h.hex == firer || h.hex == target) {
            // The tank's own hexagon: the line starts inside the firer's and ends on the target's
            // boundary. Not between the tanks unless occupied_hexes_count.
            LineObstacle o;
            o.hex = h.hex;
            o.terrain = t;
            o.how = h.how;
            o.occupied = true;
            o.of_firer = h.hex == firer;
            if (texts) o.text = t + " in " + b.name(h.hex) + (h.hex == firer ? ", the firer's own hexagon" : ", the target's own hexagon");
            f.obstacles.push_back(std::move(o));
            continue;
        }
        if (h.how == Meet::touches && !inside_open(h.enter)) continue;
        LineObstacle o;
        o.hex = h.hex;
        o.terrain = t;
        o.how = h.how;
        o.passes = h.how == Meet::crosses;
        if (texts)
            o.text = t + " in " + b.name(h.hex) + (h.how == Meet::crosses ? " crossed" : h.how == Meet::along ? " touched along one of its sides" : " touched at a corner");
        f.obstacles.push_back(std::move(o));
    }
    for (const SideHit& s : f.trace.sides) {
        const board::SideFeature* sf = b.side(s.hex, s.side);
        if (!sf) continue;
        const std::string& t = b.vocabulary.hexside_features[std::size_t(sf->feature)];
        if (!is_obstacle(d, t)) continue;
        if (s.how == Meet::touches && !inside_open(s.at)) continue;
        LineObstacle o;
        o.hexside = true;
        // Named as the board file wrote it (from the hex named there).
        const bool other = sf->sloped == hex::neighbour(s.hex, s.side);
        o.hex = other ? sf->sloped : s.hex;
        o.side = other ? (s.side + 3) % 6 : s.side;
        o.terrain = t;
        o.how = s.how;
        o.passes = s.how != Meet::touches;
        o.of_firer = s.hex == firer || hex::neighbour(s.hex, s.side) == firer;
        if (texts)
            o.text = t + " on hexside " + b.side_name(o.hex, o.side) + (s.how == Meet::crosses ? " crossed" : s.how == Meet::along ? " run along" : " touched at its end");
        f.obstacles.push_back(std::move(o));
    }
    for (const int k : target_sides_met(d, b, centre_point(firer), target, corner)) {
        const board::SideFeature* sf = b.side(target, k);
        LineObstacle o;
        o.hexside = true;
        const bool other = sf->sloped == hex::neighbour(target, k);
        o.hex = other ? sf->sloped : target;
        o.side = other ? (k + 3) % 6 : k;
        o.terrain = b.vocabulary.hexside_features[std::size_t(sf->feature)];
        o.how = Meet::touches;
        o.of_target = true;
        if (texts) o.text = o.terrain + " on hexside " + b.side_name(o.hex, o.side) + " of the target's hexagon, facing the firer: the line ends on it";
        f.obstacles.push_back(std::move(o));
    }
    // Along the side shared by two obstacle hexagons the line runs through the middle of one
    // obstacle (a wood of two hexes): it passes it, though it touches each hexagon only.
    for (const SideHit& s : f.trace.sides) {
        if (s.how != Meet::along) continue;
        const hex::Cube n = hex::neighbour(s.hex, s.side);
        if (!is_obstacle(d, b.terrain(s.hex)) || !is_obstacle(d, b.terrain(n))) continue;
        LineObstacle o;
        o.hexside = true;
        o.hex = s.hex;
        o.side = s.side;
        o.terrain = b.terrain(s.hex) + " on both sides";
        o.how = Meet::along;
        o.passes = true;
        if (texts) o.text = "between " + b.terrain(s.hex) + " in " + b.name(s.hex) + " and " + b.terrain(n) + " in " + b.name(n) + ", along their side " + b.side_name(s.hex, s.side);
        f.obstacles.push_back(std::move(o));
    }
    for (const auto& o : f.obstacles) {
        if (o.occupied) f.occupied = true;
        else if (o.of_target) f.target_side = true;
        else (o.passes ? f.passes : f.touches) = true;
        f.passes_beyond |= o.passes && !o.of_firer;
    }
    return f;
}

struct PointPair {
    std::string reading;
    int a, b;
};

// The points each reading joins. "near": the two nearest to the cannon, or, when the second is
// tied, one reading per tied point. "outer": the extreme left and right points (collinear: the
// nearer, where the line first reaches the hexagon).
std::vector<PointPair> point_pairs(const Data& d, const Pt& cannon, const hex::Cube& target) {
    std::array<Pt, 6> p;
    for (int k = 0; k < 6; ++k) p[std::size_t(k)] = corner_point(target, k);
    std::array<int, 6> by_near = {0, 1, 2, 3, 4, 5};
    std::stable_sort(by_near.begin(), by_near.end(), [&](int x, int y) { return norm(cannon, p[std::size_t(x)]) < norm(cannon, p[std::size_t(y)]); });
    std::vector<PointPair> near{{"near", by_near[0], by_near[1]}};
    if (norm(cannon, p[std::size_t(by_near[1])]) == norm(cannon, p[std::size_t(by_near[2])]))
        near.push_back({"near (the other tied point)", by_near[0], by_near[2]});
    auto extreme = [&](int sign) {
        int best = -1;
        for (int k = 0; k < 6; ++k) {
            if (best < 0) { best = k; continue; }
            const std::int64_t o = orient(cannon, p[std::size_t(best)], p[std::size_t(k)]) * sign;
            if (o < 0 || (o == 0 && norm(cannon, p[std::size_t(k)]) < norm(cannon, p[std::size_t(best)]))) best = k;
        }
        return best;
    };
    std::vector<PointPair> outer{{"outer", extreme(1), extreme(-1)}};
    std::vector<PointPair> all = d.line_points == "outer" ? outer : near;
    for (const auto& x : d.line_points == "outer" ? near : outer) all.push_back(x);
    return all;
}

Reading make_reading(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target, int facing,
                     const PointPair& pp, Sides sides, bool texts) {
    const Pt cannon = centre_point(firer);
    int left = pp.a, right = pp.b;
    // Left then right as seen from the firer (orient < 0: to the left); on one ray, the nearer first.
    const std::int64_t o = orient(cannon, corner_point(target, left), corner_point(target, right));
    if (o < 0 || (o == 0 && norm(cannon, corner_point(target, right)) < norm(cannon, corner_point(target, left)))) std::swap(left, right);
    Reading r;
    r.name = pp.reading;
    r.lines[0] = trace_fire_line(d, b, firer, target, left, sides, texts);
    r.lines[1] = trace_fire_line(d, b, firer, target, right, sides, texts);
    // The bonus under the readings as ruled, and with each of the PS-obstacle readings flipped.
    const ObstacleReadings as_ruled = obstacle_readings(d);
    auto bonus = [&](ObstacleReadings o) { return line_counts(r.lines[0], o) || line_counts(r.lines[1], o); };
    ObstacleReadings x = as_ruled;
    r.bonus = bonus(x);
    x.touching = !x.touching;
    r.bonus_other_touch = bonus(x);
    x = as_ruled;
    x.own_sides = !x.own_sides;
    r.bonus_other_own = bonus(x);
    x = as_ruled;
    x.target_sides = !x.target_sides;
    r.bonus_other_target = bonus(x);
    x = as_ruled;
    x.occupied = !x.occupied;
    r.bonus_other_occupied = bonus(x);
    if (facing >= 0) {
        for (auto& l : r.lines) {
            l.face = face_at(d, facing, l.corner);
            r.faces.push_back(l.face);
        }
        std::sort(r.faces.begin(), r.faces.end());
    }
    return r;
}

LineOfFire compute(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target, int facing, Sides sides,
                   bool texts) {
    LineOfFire l;
    l.firer = firer;
    l.target = target;
    l.range = hex::distance(firer, target);
    l.facing = facing;
    for (const auto& pp : point_pairs(d, centre_point(firer), target))
        l.readings.push_back(make_reading(d, b, firer, target, facing, pp, sides, texts));
    const Reading& r0 = l.readings.front();
    l.bonus = r0.bonus;
    l.touch_call = r0.bonus != r0.bonus_other_touch;
    l.own_call = r0.bonus != r0.bonus_other_own;
    l.target_call = r0.bonus != r0.bonus_other_target;
    l.occupied_call = r0.bonus != r0.bonus_other_occupied;
    l.impact_call = facing >= 0 && r0.lines[0].face != r0.lines[1].face;
    l.both_call = line_counts(d, r0.lines[0]) && line_counts(d, r0.lines[1]);
    for (std::size_t i = 1; i < l.readings.size(); ++i) {
        const Reading& ri = l.readings[i];
        if (ri.faces == r0.faces && ri.bonus == r0.bonus) continue;
        l.points_call = true;
        if (!texts) continue;
        auto say = [&](const Reading& r) {
            return corner_name(d, r.lines[0].corner) + " and " + corner_name(d, r.lines[1].corner) + " points" +
                   (r.faces.empty() ? "" : " (" + r.lines[0].face + ", " + r.lines[1].face + ")") + (r.bonus ? ", obstacle bonus" : ", no obstacle bonus");
        };
        l.calls.push_back({"PS-fire", "the Line of Fire diagram is missing: Umpire's reading (" + r0.name + ") joins the cannon to the " + say(r0) +
                                          "; the " + ri.name + " reading joins it to the " + say(ri) + " (rules-data choice line_points)."});
    }
    // A reading the page leaves open (PS-obstacle): what Umpire reads, what the other reading gives,
    // and the rules-data choice that picks it.
    const auto obstacle_call = [&](const std::string& what, const char* reading, bool other_bonus, const char* choice) {
        l.calls.push_back({"PS-obstacle", what + reading + ", the other reading gives " + (other_bonus ? "the obstacle bonus" : "no obstacle bonus") +
                                              " (rules-data choice " + choice + ")."});
    };
    if (l.touch_call && texts)
        obstacle_call("a line only touches an obstacle (a corner, or along the side of an obstacle hexagon); Umpire reads touching as ",
                      d.touching_passes ? "passing (obstacle bonus)" : "not passing (no obstacle bonus)", r0.bonus_other_touch, "touching_passes");
    if (l.own_call && texts)
        obstacle_call("the obstacle a line passes is a hexside of the firer's own hexagon; the page says only that the line "
                      "passes through it, and Umpire ",
                      d.own_hexsides_count ? "counts it (obstacle bonus)" : "does not count it (no obstacle bonus)", r0.bonus_other_own,
                      "own_hexsides_count");
    if (l.target_call && texts)
        obstacle_call("a line ends on an obstacle hexside of the target's hexagon facing the firer (it reaches the "
                      "hexagon at the obstacle without passing beyond it); Umpire ",
                      d.target_hexsides_count ? "counts it: the target is behind it (obstacle bonus)" : "does not count it (no obstacle bonus)",
                      r0.bonus_other_target, "target_hexsides_count");
    if (l.occupied_call && texts)
        obstacle_call("a tank stands in an obstacle hexagon (the line starts inside the firer's or ends on the target's); Umpire ",
                      d.occupied_hexes_count ? "counts it (obstacle bonus)" : "does not count it: it is not between the tanks (no obstacle bonus)",
                      r0.bonus_other_occupied, "occupied_hexes_count");
    if (l.impact_call && texts)
        l.calls.push_back({"PS-armour", "the two lines strike different faces (" + r0.lines[0].face + " at the " + corner_name(d, r0.lines[0].corner) + " point, " +
                                            r0.lines[1].face + " at the " + corner_name(d, r0.lines[1].corner) +
                                            " point); the page decides the point of impact by the firer's position in fields drawn on its missing "
                                            "diagram: Umpire names both faces and the referee picks one."});
    return l;
}

}  // namespace

ObstacleReadings obstacle_readings(const Data& d) {
    return {d.touching_passes, d.own_hexsides_count, d.target_hexsides_count, d.occupied_hexes_count};
}

bool line_counts(const FireLine& f, const ObstacleReadings& o) {
    return f.passes_beyond || (o.own_sides && f.passes) || (o.touching && f.touches) || (o.target_sides && f.target_side) ||
           (o.occupied && f.occupied);
}

bool line_counts(const Data& d, const FireLine& f) { return line_counts(f, obstacle_readings(d)); }

LineOfFire line_of_fire(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target, int facing) {
    return compute(d, b, firer, target, facing, Sides::all_sides, true);
}

// =====================================================================================
// 4. report
// =====================================================================================

std::string line_text(const Data& d, const board::Board& b, const hex::Cube& target, const FireLine& f, const char* label) {
    std::string s = std::string(label) + " line ends at " + b.name(target) + "'s " +
                    corner_name(d, f.corner) + " point";
    if (!f.face.empty()) s += " (" + f.face + " armour)";
    if (f.obstacles.empty()) return s + " and meets no obstacle";
    std::string list;
    for (const auto& o : f.obstacles) list += (list.empty() ? "" : "; ") + o.text;
    return s + ": " + list;
}

namespace {

json::Value hex_list(const board::Board& b, const SegmentTrace& t) {
    json::Array a;
    for (const auto& h : t.hexes) a.emplace_back(json::Object{{"hex", b.name(h.hex)}, {"contact", to_string(h.how)}});
    return json::Value(std::move(a));
}

json::Value line_json(const Data& d, const board::Board& b, const LineOfFire& l, const FireLine& f, const char* label) {
    json::Array obs;
    for (const auto& o : f.obstacles) {
        json::Object x{{"kind", o.hexside ? "hexside" : "hex"},
                       {"at", o.hexside ? b.side_name(o.hex, o.side) : b.name(o.hex)},
                       {"terrain", o.terrain},
                       {"contact", to_string(o.how)},
                       {"passes", o.passes},
                       {"own_hexagon", o.occupied},
                       {"target_hexside", o.of_target},
                       {"text", o.text}};
        obs.push_back(std::move(x));
    }
    json::Array sides;
    for (const auto& s : f.trace.sides)
        sides.emplace_back(json::Object{{"hexside", b.side_name(s.hex, s.side)}, {"contact", to_string(s.how)}});
    return json::Value(json::Object{{"label", label},
                                    {"from", b.name(l.firer)},
                                    {"from_point", "centre"},
                                    {"to", b.name(l.target)},
                                    {"to_point", corner_name(d, f.corner)},
                                    {"face", f.face.empty() ? json::Value() : json::Value(f.face)},
                                    {"hexes", hex_list(b, f.trace)},
                                    {"hexsides", json::Value(std::move(sides))},
                                    {"obstacles", json::Value(std::move(obs))},
                                    {"passes_obstacle", f.passes},
                                    {"touches_obstacle", f.touches}});
}

}  // namespace

std::string both_lines_call_text(const Data& d) {
    return std::string("both lines of fire pass an obstacle; the page makes a tank visible when two straight lines can be shown to its hexagon and "
                       "gives the obstacle bonus when one of them passes an obstacle, but does not say whether a target behind obstacles on both "
                       "lines is still visible. Umpire reads it as ") +
           (d.both_lines_pass_hides ? "not visible, no fire; the other reading: visible with the obstacle bonus" : "visible with the obstacle bonus; the other reading: not visible, no fire") +
           " (rules-data choice both_lines_pass_hides).";
}

json::Object lof_json(const Data& d, const board::Board& b, const LineOfFire& l) {
    const Reading& r0 = l.readings.front();
    json::Array lines{line_json(d, b, l, r0.lines[0], "left"), line_json(d, b, l, r0.lines[1], "right")};
    json::Array faces;
    for (const auto& f : r0.lines)
        if (!f.face.empty()) faces.emplace_back(f.face);
    json::Array others;
    for (std::size_t i = 1; i < l.readings.size(); ++i) {
        const Reading& r = l.readings[i];
        json::Array ls{line_json(d, b, l, r.lines[0], "left"), line_json(d, b, l, r.lines[1], "right")};
        others.emplace_back(json::Object{{"reading", r.name}, {"lines", json::Value(std::move(ls))}, {"obstacle_bonus", r.bonus}});
    }
    json::Array calls;
    for (const auto& c : l.calls) calls.emplace_back(c.text);
    if (l.both_call) calls.emplace_back(both_lines_call_text(d));
    return json::Object{{"firer_hex", b.name(l.firer)},
                        {"target_hex", b.name(l.target)},
                        {"range", l.range},
                        {"target_facing", l.facing < 0 ? json::Value() : json::Value(corner_name(d, l.facing))},
                        {"reading", r0.name},
                        {"visible", l.visible(d)},
                        {"lines", json::Value(std::move(lines))},
                        {"faces", json::Value(std::move(faces))},
                        {"obstacle_bonus", l.bonus},
                        {"referee_call", l.referee_call()},
                        {"calls", json::Value(std::move(calls))},
                        {"other_readings", json::Value(std::move(others))}};
}

std::string lof_text(const Data& d, const board::Board& b, const LineOfFire& l) {
    const Reading& r0 = l.readings.front();
    std::string s = "Line of fire " + b.name(l.firer) + " -> " + b.name(l.target) + ", range " + std::to_string(l.range) + " (PS-fire): " +
                    (l.bonus ? "OBSTACLE BONUS" : "no obstacle bonus") + (l.referee_call() ? " — REFEREE'S CALL" : "") + "\n";
    s += "  two lines from the cannon (the centre of " + b.name(l.firer) + ") to the target's hexagon, " + r0.name + " reading\n";
    for (int k = 0; k < 2; ++k) {
        const FireLine& f = r0.lines[std::size_t(k)];
        s += "  " + line_text(d, b, l.target, f, k == 0 ? "left" : "right") + "\n";
        std::string hexes;
        for (const HexHit& h : f.trace.hexes)
            hexes += (hexes.empty() ? "" : ", ") + b.name(h.hex) + (b.terrain(h.hex).empty() || b.terrain(h.hex) == b.vocabulary.hex_terrain.front() ? "" : " " + b.terrain(h.hex)) +
                     (h.how == Meet::crosses ? "" : h.how == Meet::along ? " (along a side)" : " (a corner)");
        s += "    hexes: " + hexes + "\n";
    }
    if (l.facing < 0) s += "  armour: give --facing (the target's facing point) to name the faces struck (PS-armour)\n";
    for (const auto& c : l.calls) s += "  referee's call: " + c.text + "\n";
    if (l.both_call) s += "  referee's call: " + both_lines_call_text(d) + "\n";
    return s;
}

// =====================================================================================
// 5. visibility
// =====================================================================================

namespace {

// The board's obstacles as a flat list, so a visibility scan tests each line against them alone
// (after a bounding-box check) instead of tracing it: the same classification as trace_fire_line.
struct ObstacleIndex {
    struct HexObs {
        hex::Cube hex;
        Pt centre;
    };
    struct SideObs {
        Pt a, b;
        hex::Cube h, n;  // its two hexes
    };
    std::vector<HexObs> hexes;
    std::vector<SideObs> sides;
};

ObstacleIndex index_obstacles(const Data& d, const board::Board& b) {
    ObstacleIndex x;
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const std::string& t = b.terrain(h);
        if (is_obstacle(d, t)) x.hexes.push_back({h, centre_point(h)});
    }
    // Every slot of the side grid holds sides 0..2 of one grid hex (board.hpp); walk the grid.
    for (int c = 0; c <= b.columns + 1; ++c)
        for (int r = 0; r <= b.rows + 1; ++r) {
            const hex::Cube h = b.numbering.to_cube(c, r);
            for (int dir = 0; dir < 3; ++dir) {
                const board::SideFeature* sf = b.side(h, dir);
                if (sf && is_obstacle(d, b.vocabulary.hexside_features[std::size_t(sf->feature)]))
                    x.sides.push_back({corner_point(h, dir), corner_point(h, dir + 1), h, hex::neighbour(h, dir)});
            }
        }
    return x;
}

// PS-obstacle for one line, against the index (trace_fire_line's rules: the firer's and the
// target's own hexagons apart; touches at the line's ends do not count). Fills the FireLine flags
// line_counts reads; the target's own hexsides and hexagons are added by the caller.
FireLine line_flags(const ObstacleIndex& x, const hex::Cube& firer, const hex::Cube& target, const Pt& a, const Pt& z) {
    FireLine f;
    const std::int64_t lq = std::min(a.q, z.q), hq = std::max(a.q, z.q), lr = std::min(a.r, z.r), hr = std::max(a.r, z.r);
    HexHit hh;
    hex::Cube along[8];  // obstacle hexagons the line runs along a side of (two adjacent: between them)
    int alongs = 0;
    for (const auto& o : x.hexes) {
        if (o.centre.q + 2 < lq || o.centre.q - 2 > hq || o.centre.r + 2 < lr || o.centre.r - 2 > hr) continue;
        if (o.hex == firer || o.hex == target || !classify_hex(a, z, o.hex, hh)) continue;
        if (hh.how == Meet::crosses) f.passes = f.passes_beyond = true;
        else if (hh.how == Meet::along || inside_open(hh.enter)) f.touches = true;
        if (hh.how != Meet::along || f.passes_beyond) continue;
        for (int k = 0; k < alongs; ++k)
            if (hex::distance(along[k], o.hex) == 1) f.passes = f.passes_beyond = true;
        if (alongs < 8) along[alongs++] = o.hex;
    }
    SideHit sh;
    for (const auto& o : x.sides) {
        if (std::max(o.a.q, o.b.q) < lq || std::min(o.a.q, o.b.q) > hq || std::max(o.a.r, o.b.r) < lr || std::min(o.a.r, o.b.r) > hr) continue;
        if (!classify_side(a, z, o.a, o.b, sh)) continue;
        if (sh.how != Meet::touches) {
            f.passes = true;
            f.passes_beyond |= !(o.h == firer || o.n == firer);
        }
        else if (inside_open(sh.at)) f.touches = true;
    }
    return f;
}

}  // namespace

void visibility(const Data& d, const board::Board& b, const hex::Cube& from, std::vector<view::Mark>& out) {
    out.assign(std::size_t(b.hex_count()), view::Mark::clear);
    const ObstacleIndex x = index_obstacles(d, b);
    const Pt cannon = centre_point(from);
    const ObstacleReadings as_ruled = obstacle_readings(d);
    const bool firer_in_obstacle = is_obstacle(d, b.terrain(from));
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube t = b.hex_at(i);
        if (t == from) continue;
        // As compute() with no facing: the bonus under each reading of the points, and under the
        // other PS-obstacle readings for the reading ruled.
        const bool occupied = firer_in_obstacle || is_obstacle(d, b.terrain(t));
        bool first = true, bonus0 = false, call = false;
        for (const auto& pp : point_pairs(d, cannon, t)) {
            std::array<FireLine, 2> ls;
            for (int k = 0; k < 2; ++k) {
                const int corner = k == 0 ? pp.a : pp.b;
                ls[std::size_t(k)] = line_flags(x, from, t, cannon, corner_point(t, corner));
                ls[std::size_t(k)].occupied = occupied;
                ls[std::size_t(k)].target_side = !target_sides_met(d, b, cannon, t, corner).empty();
            }
            auto bonus = [&](const ObstacleReadings& o) { return line_counts(ls[0], o) || line_counts(ls[1], o); };
            const bool here = bonus(as_ruled);
            if (first) {
                bonus0 = here;
                for (int flip = 0; flip < 4; ++flip) {
                    ObstacleReadings o = as_ruled;
                    bool& b_ = flip == 0 ? o.touching : flip == 1 ? o.own_sides : flip == 2 ? o.target_sides : o.occupied;
                    b_ = !b_;
                    call |= bonus(o) != here;
                }
                // Both lines pass an obstacle: whether the target is still visible is the referee's (both_lines_pass_hides).
                call |= line_counts(ls[0], as_ruled) && line_counts(ls[1], as_ruled);
                first = false;
            } else {
                call |= here != bonus0;
            }
        }
        out[std::size_t(i)] = call ? view::Mark::referee_call : bonus0 ? view::Mark::hindering : view::Mark::clear;
    }
}

// =====================================================================================
// 6. movement on the board
// =====================================================================================

std::vector<BoardStep> place_steps(const std::vector<StepTrace>& steps, const hex::Cube& start, int facing) {
    // trace() works in the tank's own frame: axial (q, r) from the start, its direction k
    // counter-clockwise with the start facing corner 0 between its directions 0 and 1. On the
    // board its direction k is hexside direction facing - k, so (1, 0) is direction(facing) and
    // (0, 1) direction(facing + 1), and its corner c is board corner facing - c.
    std::vector<BoardStep> out;
    for (const auto& t : steps) {
        const hex::Cube a = hex::direction(facing), c = hex::direction(facing + 1);
        BoardStep s;
        s.hex = {start.q + t.q * a.q + t.r * c.q, start.r + t.q * a.r + t.r * c.r, start.s + t.q * a.s + t.r * c.s};
        s.corner = (((facing - t.corner) % 6) + 6) % 6;
        out.push_back(s);
    }
    return out;
}

// =====================================================================================
// 7. board marks
// =====================================================================================

namespace {

// Hindering when the obstacle (or the line) counts under the readings as ruled; an obstacle met
// that does not count is shown as a referee's call (another reading would count it).
bool obstacle_counts(const Data& d, const LineObstacle& o) {
    if (o.occupied) return d.occupied_hexes_count;
    if (o.of_target) return d.target_hexsides_count;
    if (!o.passes) return d.touching_passes;
    return !o.of_firer || d.own_hexsides_count;
}

view::Mark line_mark(const Data& d, const FireLine& f) {
    return line_counts(d, f) ? view::Mark::hindering : f.obstacles.empty() ? view::Mark::clear : view::Mark::referee_call;
}

}  // namespace

// Both lines of every reading (the one ruled decides), the hexes they cross and every obstacle met,
// each marked as the ruling counts it.
view::BoardMarks board_marks(const Data& d, const board::Board& b, const LineOfFire& l) {
    view::BoardMarks m;
    const hex::Cube from = l.firer, to = l.target;
    m.firer = from;
    m.target = to;
    for (std::size_t i = 0; i < l.readings.size(); ++i) {
        const Reading& r = l.readings[i];
        for (int k = 0; k < 2; ++k) {
            const FireLine& f = r.lines[std::size_t(k)];
            view::BoardLine bl;
            bl.label = std::string(k == 0 ? "left" : "right") + " line of fire" + (i == 0 ? "" : " (" + r.name + " reading)");
            bl.from = {from, -1};
            bl.to = {to, f.corner};
            bl.mark = line_mark(d, f);
            bl.decides = i == 0;
            bl.text = line_text(d, b, to, f, k == 0 ? "the left" : "the right");
            m.lines.push_back(std::move(bl));
            if (i != 0) continue;
            for (const HexHit& h : f.trace.hexes)
                if (h.how != Meet::touches) m.hexes.push_back({h.hex, view::Mark::clear, b.name(h.hex) + " " + b.terrain(h.hex)});
            for (const auto& o : f.obstacles) {
                const view::Mark mk = obstacle_counts(d, o) ? view::Mark::hindering : view::Mark::referee_call;
                if (o.hexside) m.sides.push_back({o.hex, o.side, mk, o.text});
                else m.hexes.push_back({o.hex, mk, o.text});
            }
        }
    }
    // One mark per hex: an obstacle's mark replaces the plain "clear" of the same hex.
    std::stable_sort(m.hexes.begin(), m.hexes.end(), [](const auto& x, const auto& y) {
        return x.hex != y.hex ? x.hex < y.hex : int(x.mark) > int(y.mark);
    });
    m.hexes.erase(std::unique(m.hexes.begin(), m.hexes.end(), [](const auto& x, const auto& y) { return x.hex == y.hex; }), m.hexes.end());
    m.verdict = l.referee_call() ? view::Mark::referee_call : l.bonus ? view::Mark::hindering : view::Mark::clear;
    m.summary = b.name(from) + " to " + b.name(to) + ", range " + std::to_string(l.range) + ": " +
                (l.bonus ? "obstacle bonus (PS-obstacle)" : "no obstacle bonus") + (m.verdict == view::Mark::referee_call ? ", referee's call" : "");
    return m;
}

}  // namespace umpire::panzer_squadron
