// Where a hex of the engine's cube coordinates is drawn, and which hex (and hexside) a point is
// in: geometry/hex_layout.hpp's layout (written once there, in double) in ImGui's floats, for the
// board view and its paint tool.
//
// World units: a hex's circumradius is 1 (centre to corner). Flat-topped hexes in vertical
// columns, direction 0 north then clockwise (hex.hpp), y growing downwards as on screen:
//   centre(q, r) = (1.5 q, sqrt(3) (r + q / 2)).
// Picking is for the mouse only: no ruling is ever decided by these numbers (hex.hpp is exact).
//
// Sections
//   centre, corner, side_midpoint   world positions
//   pick                             the hex under a point, and the hexside nearest to it
#pragma once
#include <cmath>

#include <imgui.h>

#include "geometry/hex.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::app::hexdraw {

inline constexpr float kSqrt3 = float(hex::kSqrt3);

inline ImVec2 to_world(plane::Vec2 v) { return {float(v.x), float(v.y)}; }

// ---- centre, corner, side_midpoint -------------------------------------------------

inline ImVec2 centre(const hex::Cube& h) { return to_world(hex::plane_centre(h)); }

// Corner k of hex h, k = 0..5: corner k lies between hexside k-1 and hexside k, so hexside d
// runs from corner d to corner d+1. Corner 0 is the north-west one (flat top: hexside A joins
// corners 0 and 1).
inline ImVec2 corner(const hex::Cube& h, int k) { return to_world(hex::plane_corner(h, k)); }

// The midpoint of hexside d of h (towards neighbour(h, d)).
inline ImVec2 side_midpoint(const hex::Cube& h, int d) { return to_world(hex::plane_side_midpoint(h, d)); }

// ---- pick --------------------------------------------------------------------------

// The hex whose interior holds world point p (cube rounding of the fractional coordinates).
inline hex::Cube pick(ImVec2 p) { return hex::plane_pick({double(p.x), double(p.y)}); }

// The hexside of `h` nearest to world point p: the direction whose side midpoint is closest.
inline int nearest_side(const hex::Cube& h, ImVec2 p) { return hex::plane_nearest_side(h, {double(p.x), double(p.y)}); }

// How far p is from the centre of the hex it is in, as a fraction of the inradius (0 centre,
// 1 on a hexside): a paint tool takes a click near a side (> ~0.6) as meaning that hexside.
inline float from_centre(const hex::Cube& h, ImVec2 p) {
    const ImVec2 c = centre(h);
    const float dx = p.x - c.x, dy = p.y - c.y;
    return std::sqrt(dx * dx + dy * dy) / (kSqrt3 / 2.0f);
}

}  // namespace umpire::app::hexdraw
