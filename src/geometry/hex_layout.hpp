// Where a hex lies in the plane, in double: the drawing side of hex.hpp for code that maps a board
// onto a picture (calibration.hpp, the suggestion from a scan). The window's ui/hex_layout.hpp draws
// with it in ImGui's floats.
//
// Board units: a hex's circumradius is 1 (centre to corner), so neighbouring centres are sqrt(3)
// apart ("one hex"). Flat-topped hexes in vertical columns, direction 0 north then clockwise
// (hex.hpp), y growing downwards as in a picture:
//   centre(q, r) = (1.5 q, sqrt(3) (r + q / 2)).
// No ruling is ever decided by these numbers (hex.hpp is exact); they place pixels.
#pragma once
#include <cmath>

#include "geometry/hex.hpp"
#include "geometry/plane.hpp"

namespace umpire::hex {

inline constexpr double kSqrt3 = 1.7320508075688772;
inline constexpr double kHexSpacing = kSqrt3;  // centre to neighbouring centre, in board units

inline plane::Vec2 plane_centre(const Cube& h) { return {1.5 * double(h.q), kSqrt3 * (double(h.r) + double(h.q) / 2.0)}; }

// Corner k of h (0..5): corner k lies between hexside k-1 and hexside k, so hexside d runs from
// corner d to corner d+1; corner 0 is the north-west one.
inline plane::Vec2 plane_corner(const Cube& h, int k) {
    const plane::Vec2 c = plane_centre(h);
    const double a = plane::kPi / 180.0 * (240.0 + 60.0 * double(((k % 6) + 6) % 6));
    return {c.x + std::cos(a), c.y + std::sin(a)};
}

// The midpoint of hexside d of h (towards neighbour(h, d)).
inline plane::Vec2 plane_side_midpoint(const Cube& h, int d) {
    const plane::Vec2 a = plane_centre(h), b = plane_centre(neighbour(h, d));
    return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

// The hex whose interior holds p (cube rounding).
inline Cube plane_pick(plane::Vec2 p) {
    const double fq = p.x / 1.5, fr = p.y / kSqrt3 - fq / 2.0;
    return round_cube(fq, fr, -fq - fr);
}

// The hexside of h whose midpoint is nearest p.
inline int plane_nearest_side(const Cube& h, plane::Vec2 p) {
    int best = 0;
    double best_d = 1e300;
    for (int d = 0; d < 6; ++d) {
        const plane::Vec2 m = plane_side_midpoint(h, d);
        const double dd = (m.x - p.x) * (m.x - p.x) + (m.y - p.y) * (m.y - p.y);
        if (dd < best_d) best_d = dd, best = d;
    }
    return best;
}

}  // namespace umpire::hex
