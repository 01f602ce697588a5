// The benchmarks' yardstick, never used for a ruling: Red Blob's lerp-and-round hex line. It lists
// N + 1 hexes (a real line often meets more) and settles corners with an epsilon nudge
// (docs/hex-geometry.md). BM_*Naive time it on the same lines as the exact walk.
#pragma once
#include <cmath>
#include <vector>

#include "geometry/hex.hpp"

inline umpire::hex::Cube naive_round(double q, double r, double s) { return umpire::hex::round_cube(q, r, s); }

// The hexes from a to b (both included), firer at the origin so doubles stay exact enough.
inline void naive_line(const umpire::hex::Cube& a, const umpire::hex::Cube& b, std::vector<umpire::hex::Cube>& out) {
    out.clear();
    const int n = umpire::hex::distance(a, b);
    const double eq = 1e-6, er = 2e-6, es = -3e-6;  // the usual nudge off corners
    const double dq = b.q - a.q, dr = b.r - a.r, ds = b.s - a.s;
    const double step = n == 0 ? 0.0 : 1.0 / n;
    for (int i = 0; i <= n; ++i) {
        const double t = i * step;
        const umpire::hex::Cube c = naive_round(dq * t + eq, dr * t + er, ds * t + es);
        out.push_back(a + c);
    }
}
