// Where a hex of the engine's cube coordinates is drawn, and which hex (and hexside) a point is
// in: the drawing side of hex.hpp, shared by the board view and its paint tool.
//
// World units: a hex's circumradius is 1 (centre to corner). Flat-topped hexes in vertical
// columns, direction 0 north then clockwise (hex.hpp), y growing downwards as on screen:
//   centre(q, r) = (1.5 q, sqrt(3) (r + q / 2)).
// Picking is for the mouse only: no ruling is ever decided by these floats (hex.hpp is exact).
//
// Sections
//   centre, corner, side_midpoint   world positions
//   pick                             the hex under a point, and the hexside nearest to it
#pragma once
#include <cmath>

#include <imgui.h>

#include "geometry/hex.hpp"

namespace umpire::app::hexdraw {

inline constexpr float kSqrt3 = 1.7320508075688772f;

// ---- centre, corner, side_midpoint -------------------------------------------------

inline ImVec2 centre(const hex::Cube& h) { return {1.5f * float(h.q), kSqrt3 * (float(h.r) + float(h.q) / 2.0f)}; }

// Corner k of hex h, k = 0..5: corner k lies between hexside k-1 and hexside k, so hexside d
// runs from corner d to corner d+1. Corner 0 is the north-west one (flat top: hexside A joins
// corners 0 and 1).
inline ImVec2 corner(const hex::Cube& h, int k) {
    const ImVec2 c = centre(h);
    const float a = float(M_PI) / 180.0f * (240.0f + 60.0f * float(((k % 6) + 6) % 6));
    return {c.x + std::cos(a), c.y + std::sin(a)};
}

// The midpoint of hexside d of h (towards neighbour(h, d)).
inline ImVec2 side_midpoint(const hex::Cube& h, int d) {
    const ImVec2 a = centre(h), b = centre(hex::neighbour(h, d));
    return {(a.x + b.x) / 2, (a.y + b.y) / 2};
}

// ---- pick --------------------------------------------------------------------------

// The hex whose interior holds world point p (cube rounding of the fractional coordinates).
inline hex::Cube pick(ImVec2 p) {
    const float fq = p.x / 1.5f;
    const float fr = p.y / kSqrt3 - fq / 2.0f;
    const float fs = -fq - fr;
    float q = std::round(fq), r = std::round(fr), s = std::round(fs);
    const float dq = std::fabs(q - fq), dr = std::fabs(r - fr), ds = std::fabs(s - fs);
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    else s = -q - r;
    return {int(q), int(r), int(s)};
}

// The hexside of `h` nearest to world point p: the direction whose side midpoint is closest.
inline int nearest_side(const hex::Cube& h, ImVec2 p) {
    int best = 0;
    float best_d = 1e30f;
    for (int d = 0; d < 6; ++d) {
        const ImVec2 m = side_midpoint(h, d);
        const float dd = (m.x - p.x) * (m.x - p.x) + (m.y - p.y) * (m.y - p.y);
        if (dd < best_d) best_d = dd, best = d;
    }
    return best;
}

// How far p is from the centre of the hex it is in, as a fraction of the inradius (0 centre,
// 1 on a hexside): a paint tool takes a click near a side (> ~0.6) as meaning that hexside.
inline float from_centre(const hex::Cube& h, ImVec2 p) {
    const ImVec2 c = centre(h);
    const float dx = p.x - c.x, dy = p.y - c.y;
    return std::sqrt(dx * dx + dy * dy) / (kSqrt3 / 2.0f);
}

}  // namespace umpire::app::hexdraw
