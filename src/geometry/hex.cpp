// Hex geometry (see hex.hpp). All decisions are exact. trace_line is the walk, in trace.cpp; the
// reference tracer's only floating point is in choosing which hexes to test, and that step
// over-includes (radius 2) so it cannot lose a hex.
//
// Sections
//   1. cube, directions
//   2. numbering
//   3. trace_line_reference (trace_line itself is in trace.cpp)
//   4. sight_vs_obstacle, sector_of
#include "geometry/hex.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>

namespace umpire::hex {

Cube round_cube(double q, double r, double s) {
    double rq = std::round(q), rr = std::round(r), rs = std::round(s);
    const double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs;
    else if (dr > ds) rr = -rq - rs;
    else rs = -rq - rr;
    return {int(rq), int(rr), int(rs)};
}

// =====================================================================================
// 1. cube, directions
// =====================================================================================

// distance, direction and neighbour are inline in hex.hpp (flat-topped hexes, clockwise from
// north, y growing downward on the page).

Cube rotate_cw(const Cube& v, int steps) {
    Cube w = v;
    for (int i = 0, n = ((steps % 6) + 6) % 6; i < n; ++i) w = {-w.r, -w.s, -w.q};
    return w;
}

Cube ray(int m) {
    m = ((m % 12) + 12) % 12;
    if (m % 2 == 0) return direction(m / 2);
    return direction(m / 2) + direction(m / 2 + 1);
}

std::optional<int> direction_to(const Cube& a, const Cube& b) {
    for (int d = 0; d < 6; ++d)
        if (neighbour(a, d) == b) return d;
    return std::nullopt;
}

// =====================================================================================
// 2. numbering
// =====================================================================================

// to_cube and to_offset are inline in hex.hpp.

// Both run for every hex a board file or a ruling names (hundreds per ruling on a board), so they
// read and write the digits themselves: no substr, stoi, to_string or temporary strings (issue 21,
// point 6). Boards allow 1 to 3 digits each (board.cpp); the int cannot overflow below 10.
std::optional<Cube> Numbering::parse(std::string_view number) const {
    if (int(number.size()) != column_digits + row_digits || column_digits > 9 || row_digits > 9) return std::nullopt;
    int column = 0, row = 0;
    for (std::size_t i = 0; i < number.size(); ++i) {
        const char c = number[i];
        if (c < '0' || c > '9') return std::nullopt;
        int& v = int(i) < column_digits ? column : row;
        v = v * 10 + (c - '0');
    }
    return to_cube(column, row);
}

// `v` in decimal into `out` (at least 24 chars), a non-negative one padded with zeros to `digits`
// (at most 12; a negative one, off the board, is written as it is); returns the length.
static int padded(char* out, int v, int digits) {
    char rev[12];
    int n = 0;
    unsigned u = v < 0 ? 0u - unsigned(v) : unsigned(v);
    do {
        rev[n++] = char('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0) rev[n++] = '-';
    int len = 0;
    if (v >= 0)
        for (int k = n; k < std::min(digits, 12); ++k) out[len++] = '0';
    while (n > 0) out[len++] = rev[--n];
    return len;
}

std::string Numbering::format(const Cube& h) const {
    int column = 0, row = 0;
    to_offset(h, column, row);
    char c[24], r[24];
    const int cn = padded(c, column, column_digits), rn = padded(r, row, row_digits);
    std::string out(c, std::size_t(cn));
    // A number that does not fit the board's digits is written with a comma, never truncated.
    if (cn != column_digits || rn != row_digits) out += ',';
    out.append(r, std::size_t(rn));
    return out;
}

std::optional<int> Numbering::parse_side(std::string_view name) const {
    for (int d = 0; d < int(side_names.size()); ++d)
        if (side_names[std::size_t(d)] == name) return d;
    return std::nullopt;
}

std::string Numbering::describe() const {
    return std::string(std::size_t(column_digits), 'C') + std::string(std::size_t(row_digits), 'R') + ", " +
           (even_columns_lower ? "even" : "odd") + " columns half a hex lower";
}

// =====================================================================================
// 3. trace_line_reference
// =====================================================================================

const char* to_string(Contact c) {
    switch (c) {
        case Contact::crosses: return "crosses";
        case Contact::along: return "along";
        case Contact::vertex: return "vertex";
    }
    return "?";
}

namespace {

Frac make(std::int64_t num, std::int64_t den) {
    if (den < 0) num = -num, den = -den;
    return {num, den};
}


struct Meet {
    bool met = false;
    bool along = false;
    Frac lo, hi;
};

// The closed interval of t in [0, 1] for which the point t*D lies in the hex at offset k.
Meet meet(const Cube& D, const Cube& k) {
    const std::int64_t a[3] = {D.q - D.r, D.r - D.s, D.s - D.q};
    const std::int64_t b[3] = {k.q - k.r, k.r - k.s, k.s - k.q};
    Meet m;
    m.lo = {0, 1};
    m.hi = {1, 1};
    for (int i = 0; i < 3; ++i) {
        if (a[i] == 0) {
            if (std::llabs(b[i]) > 1) return {};
            if (std::llabs(b[i]) == 1) m.along = true;  // the whole line lies on this pair's edge line
            continue;
        }
        Frac t1 = make(b[i] - 1, a[i]), t2 = make(b[i] + 1, a[i]);
        if (t2 < t1) std::swap(t1, t2);
        if (m.lo < t1) m.lo = t1;
        if (t2 < m.hi) m.hi = t2;
    }
    m.met = m.lo <= m.hi;
    return m;
}

}  // namespace

// The first tracer: every candidate hex near the line tested on its own. O(range log range) with a
// set of candidates; kept as the reference the walk is tested against.
Trace trace_line_reference(const Cube& from, const Cube& to) {
    Trace tr;
    tr.from = from;
    tr.to = to;
    const Cube D = to - from;
    const int n = distance(from, to);
    if (n == 0) {
        tr.hexes.push_back({from, Contact::crosses, {0, 1}, {1, 1}});
        return tr;
    }
    const int g = std::gcd(std::gcd(std::abs(D.q), std::abs(D.r)), std::abs(D.s));
    {
        int p[3] = {std::abs(D.q) / g, std::abs(D.r) / g, std::abs(D.s) / g};
        std::sort(p, p + 3);
        tr.hexspine = p[0] == 1 && p[1] == 1 && p[2] == 2;
    }

    // Candidates: every hex within 2 of a rounded sample (the line is never further than
    // one hex from a sample, so this over-includes and the exact test decides).
    std::set<Cube> candidates;
    for (int i = 0; i <= n; ++i) {
        const double t = double(i) / n;
        const Cube c = round_cube(D.q * t, D.r * t, D.s * t);
        for (int dq = -2; dq <= 2; ++dq)
            for (int dr = std::max(-2, -dq - 2); dr <= std::min(2, -dq + 2); ++dr)
                candidates.insert(c + Cube{dq, dr, -dq - dr});
    }
    for (const Cube& k : candidates) {
        const Meet m = meet(D, k);
        if (!m.met) continue;
        const Contact c = m.lo == m.hi ? Contact::vertex : m.along ? Contact::along : Contact::crosses;
        tr.hexes.push_back({from + k, c, m.lo, m.hi});
    }
    std::sort(tr.hexes.begin(), tr.hexes.end(), [](const HexMeet& x, const HexMeet& y) {
        if (x.enter != y.enter) return x.enter < y.enter;
        if (x.leave != y.leave) return x.leave < y.leave;
        return x.hex < y.hex;
    });

    // Every boundary point strictly between the centres: two hexes there = a hexside crossed,
    // three = a corner (the ambiguous case the rules must settle).
    std::vector<Frac> points;
    for (const HexMeet& h : tr.hexes)
        for (const Frac& f : {h.enter, h.leave})
            if (Frac{0, 1} < f && f < Frac{1, 1}) points.push_back(f);
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    for (const Frac& t : points) {
        std::vector<Cube> at;
        for (const HexMeet& h : tr.hexes)
            if (h.enter <= t && t <= h.leave) at.push_back(h.hex);
        if (at.size() >= 3) {
            tr.vertices.push_back({t, {at[0], at[1], at[2]}});
        } else if (at.size() == 2) {
            if (auto d = direction_to(at[0], at[1])) tr.sides.push_back({at[0], *d, SideMeet::crossed, t, t});
        }
    }
    // Hexsides run along: the two "along" hexes sharing the same interval.
    for (std::size_t i = 0; i < tr.hexes.size(); ++i) {
        const HexMeet& x = tr.hexes[i];
        if (x.contact != Contact::along) continue;
        for (std::size_t j = i + 1; j < tr.hexes.size(); ++j) {
            const HexMeet& y = tr.hexes[j];
            if (y.contact != Contact::along || y.enter != x.enter || y.leave != x.leave) continue;
            if (auto d = direction_to(x.hex, y.hex)) tr.sides.push_back({x.hex, *d, SideMeet::along, x.enter, x.leave});
        }
    }
    std::sort(tr.sides.begin(), tr.sides.end(), [](const SideMeet& x, const SideMeet& y) { return x.at < y.at; });
    return tr;
}

// =====================================================================================
// 4. sight_vs_obstacle, sector_of
// =====================================================================================

int sight_vs_obstacle(std::int64_t hs, std::int64_t ht, std::int64_t ho, std::int64_t d, std::int64_t range) {
    const std::int64_t obstacle = ho * range;
    const std::int64_t line = hs * range + (ht - hs) * d;
    return obstacle > line ? -1 : obstacle == line ? 0 : 1;
}

namespace {
// Sign of the turn from a to b in axial coordinates: > 0 when b is clockwise of a (by < 180).
std::int64_t cross(const Cube& a, const Cube& b) { return std::int64_t(a.q) * b.r - std::int64_t(a.r) * b.q; }
bool same_direction(const Cube& a, const Cube& b) {
    return cross(a, b) == 0 && std::int64_t(a.q) * b.q >= 0 && std::int64_t(a.r) * b.r >= 0 &&
           std::int64_t(a.s) * b.s >= 0;
}
}  // namespace

int Sector::lo_degrees() const {
    const int lo = 30 * m, hi = on_ray ? lo : lo + 30;
    return hi <= 180 ? lo : 360 - hi;
}

int Sector::hi_degrees() const {
    const int lo = 30 * m, hi = on_ray ? lo : lo + 30;
    return hi <= 180 ? hi : 360 - lo;
}

Sector sector_of(const Cube& v, int facing) {
    const Cube w = rotate_cw(v, -facing);  // turn the board so the facing points north
    for (int m = 0; m < 12; ++m)
        if (same_direction(ray(m), w)) return {m, true};
    for (int m = 0; m < 12; ++m)
        if (cross(ray(m), w) > 0 && cross(w, ray(m + 1)) > 0) return {m, false};
    return {0, true};  // v == 0: unreachable for callers that check
}

}  // namespace umpire::hex
