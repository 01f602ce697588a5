// Hex geometry: coordinates, board numbering, exact line classification, elevation, aspect.
//
// Everything here is exact integer arithmetic (see docs/hex-geometry.md): a referee's
// "does the line cross that hexside or only touch its corner?" must never be decided by a
// floating-point nudge. Rules modules ask the questions; this module knows no game.
//
// Sections
//   Cube, Frac       cube coordinates (q + r + s = 0) and exact fractions for positions on a line
//   Directions       the six hexside directions (flat-topped hexes: 0 north, clockwise) and rotation
//   Numbering        a board's hex numbers ("3704" = column 37, row 4) <-> cube, as data
//   trace_line       which hexes, hexsides and vertices a centre-to-centre line meets, and where
//   sight_vs_obstacle  is the straight sight line above, at or below an obstacle's height
//   sector_of        the 30-degree sector a vector lies in, relative to a facing (aspect arcs)
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::hex {

// ---- Cube, Frac -----------------------------------------------------------------

struct Cube {
    int q = 0, r = 0, s = 0;
    friend bool operator==(const Cube& a, const Cube& b) { return a.q == b.q && a.r == b.r && a.s == b.s; }
    friend bool operator!=(const Cube& a, const Cube& b) { return !(a == b); }
    friend bool operator<(const Cube& a, const Cube& b) { return a.q != b.q ? a.q < b.q : a.r < b.r; }
    friend Cube operator+(const Cube& a, const Cube& b) { return {a.q + b.q, a.r + b.r, a.s + b.s}; }
    friend Cube operator-(const Cube& a, const Cube& b) { return {a.q - b.q, a.r - b.r, a.s - b.s}; }
};

// Hexes between centres: max(|dq|, |dr|, |ds|). Inline (with direction and neighbour below): the
// line walk and visibility scans call them for every hex.
inline int distance(const Cube& a, const Cube& b) {
    const int dq = a.q > b.q ? a.q - b.q : b.q - a.q, dr = a.r > b.r ? a.r - b.r : b.r - a.r,
              ds = a.s > b.s ? a.s - b.s : b.s - a.s;
    return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

// A non-negative position along a line, t = num / den (den > 0), compared exactly.
struct Frac {
    std::int64_t num = 0, den = 1;
    double value() const { return double(num) / double(den); }
    friend bool operator<(const Frac& a, const Frac& b) { return a.num * b.den < b.num * a.den; }
    friend bool operator==(const Frac& a, const Frac& b) { return a.num * b.den == b.num * a.den; }
    friend bool operator!=(const Frac& a, const Frac& b) { return !(a == b); }
    friend bool operator<=(const Frac& a, const Frac& b) { return !(b < a); }
};

// ---- Directions -----------------------------------------------------------------

// Flat-topped hexes in vertical columns: direction 0 is north (hexside A in TANK!), then
// clockwise: 1 northeast, 2 southeast, 3 south, 4 southwest, 5 northwest.
inline constexpr Cube kDirections[6] = {{0, -1, 1}, {1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}};
inline Cube direction(int d) { return kDirections[unsigned(d) < 6u ? d : ((d % 6) + 6) % 6]; }  // d taken modulo 6
inline Cube neighbour(const Cube& h, int d) { return h + direction(d); }  // the hex across hexside d
Cube rotate_cw(const Cube& v, int steps);  // rotate a vector by steps x 60 degrees clockwise
// The vector at 30 x m degrees clockwise from north (m modulo 12): a direction for even m,
// the sum of two neighbouring directions (a "hexspine", along hexsides) for odd m.
Cube ray(int m);
// The direction d with neighbour(a, d) == b, or nullopt when a and b are not adjacent.
std::optional<int> direction_to(const Cube& a, const Cube& b);
// The hex nearest a fractional cube point (cube rounding): for picking and candidate selection
// only, never for a ruling (floating point).
Cube round_cube(double q, double r, double s);

// ---- Numbering ------------------------------------------------------------------

// How one board prints its hex numbers. TANK!'s: four digits CCRR, even columns half a hex lower.
struct Numbering {
    int column_digits = 2;
    int row_digits = 2;
    bool even_columns_lower = true;                            // false: odd columns are lower
    std::vector<std::string> side_names{"A", "B", "C", "D", "E", "F"};  // direction 0..5

    // Columns shifted half a hex down get +1 ("even-q" when even columns are lower); & not %:
    // correct for negative columns too.
    int shift(int column) const {
        const int odd = column & 1;
        return even_columns_lower ? (column + odd) / 2 : (column - odd) / 2;
    }
    Cube to_cube(int column, int row) const {
        const int r = row - shift(column);
        return {column, r, -column - r};
    }
    void to_offset(const Cube& h, int& column, int& row) const {
        column = h.q;
        row = h.r + shift(h.q);
    }
    // "3704" -> cube; nullopt when the text is not column_digits + row_digits digits.
    std::optional<Cube> parse(std::string_view number) const;
    std::string format(const Cube& h) const;  // cube -> "3704" (columns/rows below 0 print with '-')
    std::optional<int> parse_side(std::string_view name) const;  // "B" -> 1
    std::string describe() const;  // "CCRR (column 2 digits, row 2 digits), even columns lower"
};

// ---- trace_line -----------------------------------------------------------------

// How the straight line between two hex centres meets one hex.
enum class Contact {
    crosses,  // passes through the hex's interior over an interval of the line
    along,    // runs along one of its hexsides (the line is a hexspine), never inside it
    vertex,   // touches only one corner
};
const char* to_string(Contact c);

struct HexMeet {
    Cube hex;
    Contact contact = Contact::crosses;
    Frac enter, leave;  // positions on the line, 0 = firer's centre, 1 = target's centre
};

// A hexside the line meets: crossed through its interior, run along, or touched at a corner.
struct SideMeet {
    Cube hex;   // one hex of the side ...
    int side;   // ... and its direction (the other hex is neighbour(hex, side))
    enum Kind { crossed, along } kind = crossed;
    Frac at, until;  // crossed: at == until, the crossing point; along: the interval
};

struct VertexMeet {
    Frac at;
    std::array<Cube, 3> hexes;  // the three hexes meeting at the corner, in the order of Trace::hexes
};

struct Trace {
    Cube from, to;
    std::vector<HexMeet> hexes;       // every hex met, ordered by (enter, leave); from and to included
    std::vector<SideMeet> sides;      // hexsides crossed or run along, in order
    std::vector<VertexMeet> vertices; // corners the line passes through, in order (the ambiguous cases)
    bool hexspine = false;            // the line runs along hexsides (D / gcd is a permutation of +-(2,-1,-1))
};

// Exact classification (docs/hex-geometry.md): a point p lies in hex h when
// max(|dq-dr|, |dr-ds|, |ds-dq|) <= 1 with d = p - h, so each hex gives an interval of t.
// Answered by the O(range) walk in trace.hpp (trace_into reuses a Trace's buffers); defined in
// trace.cpp.
Trace trace_line(const Cube& from, const Cube& to);
// The first tracer (every candidate hex near the line tested on its own, O(range log range)): the
// same result, kept as the reference the walk is tested against.
Trace trace_line_reference(const Cube& from, const Cube& to);

// ---- sight_vs_obstacle --------------------------------------------------------------

// The straight sight line from height hs (at distance 0) to height ht (at distance range)
// against an obstacle of height ho at distance d, 0 <= d <= range, all in the same units:
// +1 the line passes above, 0 it grazes the top exactly, -1 the obstacle is above the line.
// Integer: compares ho*range with hs*range + (ht-hs)*d.
int sight_vs_obstacle(std::int64_t hs, std::int64_t ht, std::int64_t ho, std::int64_t d, std::int64_t range);

// ---- sector_of ------------------------------------------------------------------

// Where a vector lies, measured clockwise from a facing direction in 30-degree steps:
// on_ray: exactly at 30 x m degrees; otherwise strictly between 30 x m and 30 x (m + 1).
struct Sector {
    int m = 0;          // 0..11
    bool on_ray = false;
    // The unsigned angle from the facing, folded to 0..180, as an interval of degrees:
    // on a ray lo == hi, otherwise lo < angle < hi.
    int lo_degrees() const;
    int hi_degrees() const;
};
// v must not be zero. facing: direction 0..5 the unit faces (its front hexside).
Sector sector_of(const Cube& v, int facing);

}  // namespace umpire::hex
