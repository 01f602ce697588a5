// The fast exact line tracer: an O(range) walk from hex to hex along a centre-to-centre line.
//
// trace_line (hex.hpp) answers with this walk; the older candidate-set tracer stays as
// hex::trace_line_reference, and tests/test_trace_walk.cpp checks the two agree on thousands of
// random lines and against an independent rational checker. No floating point anywhere: every
// decision compares two fractions by cross-multiplying small integers.
//
// How it works (docs/hex-geometry.md, "The walk"). With d = p - h, a point p lies in hex h when
// |d_q - d_r|, |d_r - d_s| and |d_s - d_q| are all <= 1. Along the line t*D the three pair
// coordinates grow as t*a_i (a = (Dq-Dr, Dr-Ds, Ds-Dq)); the current hex is left through the
// edge of the pair i whose bound (b_i + sign(a_i)) / a_i comes first. One winner: a hexside is
// crossed. Two equal: the line passes exactly through a corner, and of the two hexes beyond it the
// one the line stays in after the corner is entered, the other only touched. Some a_i = 0: the line
// is a hexspine (runs along hexsides), and the pattern centre-corner-along-corner repeats.
//
// Sections
//   Visitor     what walk_line reports, in line order, and how a visitor stops the walk
//   walk_line   the walk itself (a template, so a visibility scan inlines its visitor)
//   trace_into  builds a Trace (hex.hpp) from the walk, reusing the Trace's buffers
#pragma once
#include <cstdint>

#include "engine/hex.hpp"

namespace umpire::hex {

// ---- Visitor ----------------------------------------------------------------------
// walk_line calls, in order along the line from `from` to `to`:
//   bool on_hex(const Cube& h, Contact c, Frac enter, Frac leave)
//   bool on_side(const Cube& h, int side, SideMeet::Kind k, Frac at, Frac until)
//   bool on_vertex(Frac at, const Cube& a, const Cube& b, const Cube& c)
// A callback returning false stops the walk. Hexes come in the order of Trace::hexes (by entry,
// then exit, then Cube order), hexsides and corners in the order of Trace::sides / vertices.
// At a corner (not on a hexspine) the three hexes are: the one left, the one only touched, the
// one entered. For a hexside crossed, `h` is the hex left and `side` its direction towards the
// hex entered.

namespace walk_detail {
// Direction index (0 north, clockwise) of the step that raises pair i by 2 (sign +1) or lowers it.
inline int step_direction(int pair, int sign) {
    static const int up[3] = {1, 3, 5}, down[3] = {4, 0, 2};
    return sign > 0 ? up[pair] : down[pair];
}
inline Cube step_vector(int pair, int sign) { return direction(step_direction(pair, sign)); }
inline int direction_of(const Cube& v) {  // v must be one of the six unit vectors
    if (v.q == 0) return v.r < 0 ? 0 : 3;
    if (v.r == 0) return v.q > 0 ? 2 : 5;
    return v.q > 0 ? 1 : 4;
}
}  // namespace walk_detail

// ---- walk_line ----------------------------------------------------------------------

template <class Visitor>
void walk_line(const Cube& from, const Cube& to, Visitor& v) {
    using walk_detail::step_vector;
    using walk_detail::step_direction;
    using walk_detail::direction_of;
    const Cube D = to - from;
    if (D.q == 0 && D.r == 0) {
        v.on_hex(from, Contact::crosses, Frac{0, 1}, Frac{1, 1});
        return;
    }
    const std::int64_t a[3] = {D.q - D.r, D.r - D.s, D.s - D.q};

    // Hexspine: one pair never changes, the line lies on hexsides between hex centres.
    for (int z = 0; z < 3; ++z) {
        if (a[z] != 0) continue;
        const int x = (z + 1) % 3, y = (z + 2) % 3;
        const int sx = a[x] > 0 ? 1 : -1, sy = a[y] > 0 ? 1 : -1;
        const Cube ex = step_vector(x, sx), ey = step_vector(y, sy);  // ex + ey = D / g
        const std::int64_t den = a[x] > 0 ? a[x] : -a[x];             // 3g
        const std::int64_t g = den / 3;
        Cube c = from;
        for (std::int64_t j = 0; j <= g; ++j) {
            const Frac lo{j == 0 ? 0 : 3 * j - 1, j == 0 ? 1 : den};
            const Frac hi{j == g ? 1 : 3 * j + 1, j == g ? 1 : den};
            if (!v.on_hex(c, Contact::crosses, lo, hi)) return;
            if (j == g) break;
            const Frac t1{3 * j + 1, den}, t2{3 * j + 2, den};
            Cube p = c + ex, q = c + ey;
            if (q < p) std::swap(p, q);
            if (!v.on_vertex(t1, c, p, q)) return;
            if (!v.on_hex(p, Contact::along, t1, t2)) return;
            if (!v.on_hex(q, Contact::along, t1, t2)) return;
            if (!v.on_side(p, direction_of(q - p), SideMeet::along, t1, t2)) return;
            c = c + ex + ey;
            if (!v.on_vertex(t2, p, q, c)) return;
        }
        return;
    }

    // General line: c_i / A_i is where the current hex's edge of pair i is reached.
    const int s[3] = {a[0] > 0 ? 1 : -1, a[1] > 0 ? 1 : -1, a[2] > 0 ? 1 : -1};
    const std::int64_t A[3] = {a[0] * s[0], a[1] * s[1], a[2] * s[2]};
    std::int64_t c[3] = {1, 1, 1};
    Cube h = from;
    Frac enter{0, 1};
    auto first_exit = [&A](const std::int64_t* cc) {  // index of the smallest cc[i] / A[i]
        int m = 0;
        if (cc[1] * A[m] < cc[m] * A[1]) m = 1;
        if (cc[2] * A[m] < cc[m] * A[2]) m = 2;
        return m;
    };
    auto advance = [&s](std::int64_t* cc, int i) {  // the bounds after stepping across pair i's edge
        for (int j = 0; j < 3; ++j) cc[j] -= s[i] * s[j];
        cc[i] += 3;  // +2 for the crossed pair (the loop above took 1 off it)
    };
    // The line is strictly inside hex `to` once it is reached, so at most 2 * distance steps.
    for (int guard = 0; guard < 4 * (distance(from, to) + 2); ++guard) {
        if (h == to) {
            v.on_hex(h, Contact::crosses, enter, Frac{1, 1});
            return;
        }
        const int m = first_exit(c);
        const Frac t{c[m], A[m]};
        int tie = -1;
        for (int j = 0; j < 3; ++j)
            if (j != m && c[j] * A[m] == c[m] * A[j]) tie = j;
        if (!v.on_hex(h, Contact::crosses, enter, t)) return;
        if (tie < 0) {
            const int dir = step_direction(m, s[m]);
            if (!v.on_side(h, dir, SideMeet::crossed, t, t)) return;
            h = h + direction(dir);
            advance(c, m);
        } else {
            // A corner: the hex beyond whose next edge comes after t is entered; the other is touched.
            std::int64_t cm[3] = {c[0], c[1], c[2]}, ct[3] = {c[0], c[1], c[2]};
            advance(cm, m);
            advance(ct, tie);
            const int em = first_exit(cm);
            const bool enter_m = cm[em] * A[m] > c[m] * A[em];
            const Cube touched = h + step_vector(enter_m ? tie : m, s[enter_m ? tie : m]);
            const Cube entered = h + step_vector(enter_m ? m : tie, s[enter_m ? m : tie]);
            if (!v.on_vertex(t, h, touched, entered)) return;
            if (!v.on_hex(touched, Contact::vertex, t, t)) return;
            h = entered;
            const std::int64_t* next = enter_m ? cm : ct;
            c[0] = next[0], c[1] = next[1], c[2] = next[2];
        }
        enter = t;
    }
}

// ---- trace_into ---------------------------------------------------------------------

// The whole Trace of the line (equal to trace_line_reference's), written into `out` so a caller
// tracing many lines reuses its buffers.
void trace_into(const Cube& from, const Cube& to, Trace& out);

}  // namespace umpire::hex
