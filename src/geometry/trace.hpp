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

#include "geometry/hex.hpp"

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
    auto advance = [&s](std::int64_t* cc, int i) {  // the bounds after stepping across pair i's edge
        for (int j = 0; j < 3; ++j) cc[j] -= s[i] * s[j];
        cc[i] += 3;  // +2 for the crossed pair (the loop above took 1 off it)
    };
    const Cube step[3] = {step_vector(0, s[0]), step_vector(1, s[1]), step_vector(2, s[2])};
    const int step_dir[3] = {step_direction(0, s[0]), step_direction(1, s[1]), step_direction(2, s[2])};
    // What crossing pair i's edge does to every bound, and to the three cross-differences
    // e_jk = c_k A_j - c_j A_k (negative: edge k comes before edge j), kept incrementally so that
    // choosing the next edge is three sign tests on a short dependency chain.
    std::int64_t inc[3][3], e_inc[3][3];
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) inc[i][j] = 0;
        advance(inc[i], i);
        e_inc[i][0] = inc[i][1] * A[0] - inc[i][0] * A[1];
        e_inc[i][1] = inc[i][2] * A[0] - inc[i][0] * A[2];
        e_inc[i][2] = inc[i][2] * A[1] - inc[i][1] * A[2];
    }
    std::int64_t c0 = 1, c1 = 1, c2 = 1;
    std::int64_t e01 = A[0] - A[1], e02 = A[0] - A[2], e12 = A[1] - A[2];
    Cube h = from;
    Frac enter{0, 1};
    // The line is strictly inside hex `to` once it is reached, so at most 2 * distance steps.
    const int limit = 4 * (distance(from, to) + 2);
    for (int guard = 0; guard < limit; ++guard) {
        if (h.q == to.q && h.r == to.r) {
            v.on_hex(h, Contact::crosses, enter, Frac{1, 1});
            return;
        }
        // The first edge reached (m), and another reached at the same point (tie: a corner).
        if ((e01 != 0) & (e02 != 0) & (e12 != 0)) {
            // No two edges reached at one point: the first edge by sign masks alone (all ones for
            // the winner), so the next differences follow from this step without a branch or a
            // table look-up on the chain from one step to the next.
            const std::int64_t n01 = -std::int64_t(e01 < 0), n02 = -std::int64_t(e02 < 0), n12 = -std::int64_t(e12 < 0);
            const std::int64_t k0 = ~n01 & ~n02, k1 = n01 & ~n12, k2 = ~(k0 | k1);
            const int m = int((k1 & 1) | (k2 & 2));
            const Frac t{(c0 & k0) | (c1 & k1) | (c2 & k2), A[m]};
            if (!v.on_hex(h, Contact::crosses, enter, t)) return;
            if (!v.on_side(h, step_dir[m], SideMeet::crossed, t, t)) return;
            h = h + step[m];
            c0 += inc[m][0], c1 += inc[m][1], c2 += inc[m][2];
            e01 += (e_inc[0][0] & k0) | (e_inc[1][0] & k1) | (e_inc[2][0] & k2);
            e02 += (e_inc[0][1] & k0) | (e_inc[1][1] & k1) | (e_inc[2][1] & k2);
            e12 += (e_inc[0][2] & k0) | (e_inc[1][2] & k1) | (e_inc[2][2] & k2);
            enter = t;
            continue;
        }
        // Argmin by sign tests; an edge tied with the first one means a corner (only the first
        // edge's ties matter: two later edges meeting elsewhere are no corner of this hex).
        const int m = e01 < 0 ? (e12 < 0 ? 2 : 1) : (e02 < 0 ? 2 : 0);
        const int tie = m == 0 ? (e01 == 0 ? 1 : e02 == 0 ? 2 : -1) : m == 1 ? (e12 == 0 ? 2 : -1) : -1;
        const std::int64_t cm = m == 0 ? c0 : m == 1 ? c1 : c2;
        const Frac t{cm, A[m]};
        if (!v.on_hex(h, Contact::crosses, enter, t)) return;
        int go = m;  // the pair whose edge (or corner) leads into the next hex
        if (tie < 0) {
            if (!v.on_side(h, step_dir[m], SideMeet::crossed, t, t)) return;
        } else {
            // A corner of edges m and tie (their signs differ). The hex across one of them only
            // touches the corner: its one bound that can equal t is the third pair k's, which
            // stepping across m moves by -s_m s_k. So the hex across m is touched exactly when
            // c_k - s_m s_k reaches t, i.e. c_k A_m - c_m A_k == s_m s_k A_m.
            const int k = 3 - m - tie;
            const std::int64_t ck = k == 0 ? c0 : k == 1 ? c1 : c2;
            const bool m_touched = ck * A[m] - cm * A[k] == std::int64_t(s[m] * s[k]) * A[m];
            go = m_touched ? tie : m;
            const Cube touched = h + step[m_touched ? m : tie];
            if (!v.on_vertex(t, h, touched, h + step[go])) return;
            if (!v.on_hex(touched, Contact::vertex, t, t)) return;
        }
        // Entering through a corner changes the bounds exactly as crossing that pair's edge.
        h = h + step[go];
        c0 += inc[go][0], c1 += inc[go][1], c2 += inc[go][2];
        e01 += e_inc[go][0], e02 += e_inc[go][1], e12 += e_inc[go][2];
        enter = t;
    }
}

// ---- trace_into ---------------------------------------------------------------------

// The whole Trace of the line (equal to trace_line_reference's), written into `out` so a caller
// tracing many lines reuses its buffers.
void trace_into(const Cube& from, const Cube& to, Trace& out);

}  // namespace umpire::hex
