// Hex geometry (src/geometry/hex.hpp): numbering, neighbours, distance, exact line tracing,
// the elevation predicate and facing sectors. Checked facts: docs/hex-geometry.md.
//
// Sections
//   Numbering   TANK!'s CCRR numbering checked against the movement plot example of rule 9.13
//   Distance    table of distances, both column parities
//   Trace       hand-worked lines (adjacent, straight row, hexspine, through a corner) and a
//               brute-force cross-check of every direction within range 10
//   Elevation   the integer sight-line predicate, above / grazing / below
//   Sectors     the 12 rays and between them, rotated to every facing
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "geometry/hex.hpp"

using namespace umpire::hex;

namespace {
const Numbering kTank{};  // CCRR, even columns lower, sides A-F: TANK!'s board (rules-data [board])

Cube H(const char* number) {
    auto c = kTank.parse(number);
    REQUIRE(c);
    return *c;
}

// Walks a plotted path given as hex numbers and hexside letters: "4007 A 4006 F 3906".
void check_walk(const std::vector<std::string>& path) {
    for (std::size_t i = 0; i + 2 < path.size(); i += 2) {
        INFO(path[i] << " -" << path[i + 1] << "-> " << path[i + 2]);
        auto side = kTank.parse_side(path[i + 1]);
        REQUIRE(side);
        CHECK(kTank.format(neighbour(H(path[i].c_str()), *side)) == path[i + 2]);
        CHECK(direction_to(H(path[i].c_str()), H(path[i + 2].c_str())) == side);
    }
}
}  // namespace

// ---- Numbering ------------------------------------------------------------------

TEST_CASE("9.13: the movement plot example's paths step through the right hexes", "[hex][numbering]") {
    // Rule 9.13's example plots; each step names the hexside the unit leaves through.
    check_walk({"4007", "A", "4006", "F", "3906", "F", "3805", "E", "3706"});
    check_walk({"4110", "D", "4111", "E", "4011", "E", "3912", "E", "3812"});
    check_walk({"3804", "F", "3704", "F", "3603"});
}

TEST_CASE("Numbering: neighbours of an even and an odd column (even columns half a hex lower)", "[hex][numbering]") {
    struct Row { const char* hex; const char* n[6]; };  // A..F
    const Row rows[] = {
        {"1006", {"1005", "1106", "1107", "1007", "0907", "0906"}},  // even column
        {"1106", {"1105", "1205", "1206", "1107", "1006", "1005"}},  // odd column
    };
    for (const Row& r : rows)
        for (int d = 0; d < 6; ++d) {
            INFO(r.hex << " side " << kTank.side_names[std::size_t(d)]);
            CHECK(kTank.format(neighbour(H(r.hex), d)) == r.n[d]);
        }
}

TEST_CASE("Numbering: round trips, odd-columns-lower boards, bad numbers", "[hex][numbering]") {
    Numbering odd = kTank;
    odd.even_columns_lower = false;
    for (int c = -5; c <= 12; ++c)
        for (int r = -3; r <= 9; ++r)
            for (const Numbering* n : {&kTank, static_cast<const Numbering*>(&odd)}) {
                int c2 = 0, r2 = 0;
                n->to_offset(n->to_cube(c, r), c2, r2);
                CHECK(c2 == c);
                CHECK(r2 == r);
            }
    // On an odd-lower board an odd column's B neighbour keeps the row.
    CHECK(odd.format(neighbour(*odd.parse("1106"), 1)) == "1206");
    CHECK(odd.format(neighbour(*odd.parse("1006"), 1)) == "1105");
    CHECK_FALSE(kTank.parse("370"));
    CHECK_FALSE(kTank.parse("37045"));
    CHECK_FALSE(kTank.parse("37a4"));
    CHECK_FALSE(kTank.parse_side("G"));
    CHECK(kTank.format(kTank.to_cube(3, 4)) == "0304");
    CHECK(kTank.format(kTank.to_cube(123, 4)) == "123,04");  // does not fit two digits: never truncated
    CHECK(kTank.describe() == "CCRR, even columns half a hex lower");
}

// format and parse write and read the digits themselves (issue 21, point 6): the same text as
// zero-padded decimal, for every width a board allows, off the board and past its digits too.
TEST_CASE("Numbering: hex numbers written and read for 1 to 3 digits, off the board and too wide", "[hex][numbering]") {
    const struct {
        int column_digits, row_digits, column, row;
        const char* text;
    } cases[] = {
        {2, 2, 1, 1, "0101"},      {2, 2, 0, 0, "0000"},      {2, 2, 66, 44, "6644"},  {2, 2, 99, 99, "9999"},
        {1, 1, 3, 7, "37"},        {3, 3, 5, 12, "005012"},   {3, 2, 100, 9, "10009"}, {1, 3, 9, 250, "9250"},
        {2, 2, -1, 3, "-103"},     {2, 2, 4, -12, "04,-12"},  {2, 2, 100, 1, "100,01"}, {1, 1, 10, 0, "10,0"},
        {2, 2, -123, -7, "-123,-7"}, {2, 2, -5, -5, "-5-5"},  // a short negative fits the width: as before, no comma
    };
    for (const auto& c : cases) {
        Numbering n;
        n.column_digits = c.column_digits, n.row_digits = c.row_digits;
        INFO(c.text);
        CHECK(n.format(n.to_cube(c.column, c.row)) == c.text);
        const bool fits = c.column >= 0 && c.row >= 0 && std::string(c.text).find(',') == std::string::npos;
        const auto back = n.parse(c.text);
        CHECK(back.has_value() == fits);
        if (back) CHECK(*back == n.to_cube(c.column, c.row));
    }
    CHECK_FALSE(kTank.parse("01-1"));
    CHECK_FALSE(kTank.parse(""));
    CHECK_FALSE(kTank.parse("01 1"));
}

// ---- Distance -------------------------------------------------------------------

TEST_CASE("Distance: hexes counted between centres", "[hex][distance]") {
    struct Row { const char* a; const char* b; int d; };
    const Row rows[] = {
        {"3704", "3704", 0}, {"3704", "3705", 1}, {"3704", "3804", 1}, {"3704", "3805", 2},
        {"4007", "3706", 3},  // 9.13's first plot: three hexes west, ending one row up
        {"1001", "1010", 9}, {"1001", "2001", 10}, {"1006", "1501", 8}, {"1106", "1601", 7},
        {"0101", "4020", 39},
    };
    for (const Row& r : rows) {
        INFO(r.a << " to " << r.b);
        CHECK(distance(H(r.a), H(r.b)) == r.d);
        CHECK(distance(H(r.b), H(r.a)) == r.d);
    }
}

// ---- Trace ----------------------------------------------------------------------

TEST_CASE("Trace: adjacent hexes share one crossed hexside at the midpoint", "[hex][trace]") {
    const Trace t = trace_line(H("1006"), H("1106"));  // side B of 1006
    REQUIRE(t.hexes.size() == 2);
    CHECK(t.hexes[0].hex == H("1006"));
    CHECK(t.hexes[1].hex == H("1106"));
    REQUIRE(t.sides.size() == 1);
    CHECK(t.sides[0].kind == SideMeet::crossed);
    CHECK(t.sides[0].hex == H("1006"));
    CHECK(t.sides[0].side == 1);
    CHECK(t.sides[0].at == Frac{1, 2});
    CHECK(t.vertices.empty());
    CHECK_FALSE(t.hexspine);
}

TEST_CASE("Trace: a straight hex row meets only its own hexes, each side at k + 1/2", "[hex][trace]") {
    const Trace t = trace_line(H("1001"), H("1005"));
    REQUIRE(t.hexes.size() == 5);
    for (int i = 0; i < 5; ++i) {
        CHECK(t.hexes[std::size_t(i)].contact == Contact::crosses);
        CHECK(t.hexes[std::size_t(i)].hex == H(("100" + std::to_string(i + 1)).c_str()));
    }
    REQUIRE(t.sides.size() == 4);
    for (int i = 0; i < 4; ++i) {
        CHECK(t.sides[std::size_t(i)].side == 3);  // D, south
        CHECK(t.sides[std::size_t(i)].at == Frac{2 * i + 1, 8});
    }
}

TEST_CASE("Trace: a hexspine line runs along a hexside between two hexes, corner to corner", "[hex][trace]") {
    // 1006 to 1206: two columns due east, D = (2,-1,-1), between sides B and C.
    const Cube a = H("1006"), b = neighbour(neighbour(a, 1), 2);  // B then C: the spine at 90 degrees
    const Trace t = trace_line(a, b);
    CHECK(t.hexspine);
    REQUIRE(t.hexes.size() == 4);
    CHECK(t.hexes[0].hex == a);
    CHECK(t.hexes[0].leave == Frac{1, 3});
    CHECK(t.hexes[1].contact == Contact::along);
    CHECK(t.hexes[2].contact == Contact::along);
    CHECK(t.hexes[1].enter == Frac{1, 3});
    CHECK(t.hexes[1].leave == Frac{2, 3});
    CHECK(t.hexes[3].hex == b);
    REQUIRE(t.sides.size() == 1);
    CHECK(t.sides[0].kind == SideMeet::along);
    CHECK(t.sides[0].at == Frac{1, 3});
    CHECK(t.sides[0].until == Frac{2, 3});
    const std::set<Cube> pair{t.sides[0].hex, neighbour(t.sides[0].hex, t.sides[0].side)};
    CHECK(pair == std::set<Cube>{neighbour(a, 1), neighbour(a, 2)});
    REQUIRE(t.vertices.size() == 2);
    CHECK(t.vertices[0].at == Frac{1, 3});
    CHECK(t.vertices[1].at == Frac{2, 3});
    CHECK(t.vertices[0].hexes.size() == 3);
}

TEST_CASE("Trace: a line through a corner (not a hexspine) names the corner, not a hexside", "[hex][trace]") {
    // D / gcd = (5,-4,-1): (Pq - Pr) mod 3 == 0, so the line passes through corners.
    const Cube a{0, 0, 0}, b{5, -4, -1};
    const Trace t = trace_line(a, b);
    CHECK_FALSE(t.hexspine);
    REQUIRE_FALSE(t.vertices.empty());
    for (const VertexMeet& v : t.vertices) {
        CHECK(v.hexes.size() == 3);
        for (const SideMeet& s : t.sides) CHECK(s.at != v.at);  // no hexside is "crossed" at a corner
    }
    bool touched_only = false;
    for (const HexMeet& h : t.hexes) touched_only |= h.contact == Contact::vertex;
    CHECK(touched_only);  // the third hex at the corner is touched, not entered
    // A line that never reaches a corner: (4,-1,-3), (Pq - Pr) = 5.
    CHECK(trace_line(a, Cube{4, -1, -3}).vertices.empty());
}

TEST_CASE("Trace: every direction within range 10 agrees with dense sampling", "[hex][trace]") {
    // Independent check: sample the segment at 400 points per hex of range and round each
    // point to its hex with floating point. Every hex the exact trace says the line crosses
    // must be sampled, and every sampled hex must be crossed or (on a hexside) run along.
    int lines = 0;
    for (int q = -10; q <= 10; ++q)
        for (int r = -10; r <= 10; ++r) {
            const Cube b{q, r, -q - r};
            const int n = distance(Cube{}, b);
            if (n == 0 || n > 10) continue;
            ++lines;
            const Trace t = trace_line(Cube{}, b);
            std::set<Cube> crossed, allowed;
            for (const HexMeet& h : t.hexes) {
                if (h.contact == Contact::crosses) crossed.insert(h.hex);
                if (h.contact != Contact::vertex) allowed.insert(h.hex);
            }
            std::set<Cube> sampled;
            const int m = 400 * n;
            for (int i = 0; i <= m; ++i) {
                const double s = double(i) / m;
                double fq = q * s, fr = r * s, fs = -fq - fr;
                double rq = std::round(fq), rr = std::round(fr), rs = std::round(fs);
                const double dq = std::abs(rq - fq), dr = std::abs(rr - fr), ds = std::abs(rs - fs);
                if (dq > dr && dq > ds) rq = -rr - rs;
                else if (dr > ds) rr = -rq - rs;
                else rs = -rq - rr;
                sampled.insert(Cube{int(rq), int(rr), int(rs)});
            }
            INFO("line to (" << q << "," << r << ")");
            for (const Cube& c : crossed) CHECK(sampled.count(c) == 1);
            for (const Cube& c : sampled) CHECK(allowed.count(c) == 1);
            // Consecutive crossed hexes are adjacent, and sides + corners account for every change.
            CHECK(t.sides.size() + t.vertices.size() >= std::size_t(n));
            CHECK(t.hexspine == (t.sides.size() > 0 && t.sides.front().kind == SideMeet::along));
        }
    CHECK(lines == 330);
}

// ---- Elevation ------------------------------------------------------------------

TEST_CASE("Elevation: the sight line against an obstacle, exactly", "[hex][elevation]") {
    struct Row { int hs, ht, ho, d, range, expect; const char* why; };
    const Row rows[] = {
        {0, 0, 1, 3, 6, -1, "level ground, any obstacle above the ground blocks"},
        {0, 0, 0, 3, 6, 0, "an obstacle of height 0 only grazes"},
        {2, 0, 1, 3, 6, 0, "midway the line from 2 to 0 is at 1: grazes a height-1 obstacle"},
        {2, 0, 1, 2, 6, 1, "closer to the high end: passes above"},
        {2, 0, 1, 4, 6, -1, "closer to the low end: blocked"},
        {0, 3, 2, 4, 6, 0, "two thirds of the way up from 0 to 3 is 2"},
        {0, 3, 2, 5, 6, 1, "beyond two thirds: above"},
        {220, 0, 120, 3, 6, -1, "PanzerBlitz heights: 110 at midway is below a hill of 120"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        CHECK(sight_vs_obstacle(r.hs, r.ht, r.ho, r.d, r.range) == r.expect);
    }
}

// ---- Sectors --------------------------------------------------------------------

TEST_CASE("Sectors: the twelve rays and the sectors between them, for every facing", "[hex][aspect]") {
    for (int facing = 0; facing < 6; ++facing)
        for (int m = 0; m < 12; ++m) {
            INFO("facing " << facing << ", ray " << m);
            const Cube on = rotate_cw(ray(m), facing);
            const Sector s = sector_of(on + on, facing);  // twice as far: same ray
            CHECK(s.on_ray);
            CHECK(s.m == m);
            // Between ray m and ray m+1: the sum of the two (never on a ray).
            const Sector b = sector_of(rotate_cw(ray(m) + ray(m) + ray(m + 1), facing), facing);
            CHECK_FALSE(b.on_ray);
            CHECK(b.m == m);
        }
    // Folded angles: 150 < angle < 180 on both sides of the rear.
    CHECK(Sector{5, false}.lo_degrees() == 150);
    CHECK(Sector{5, false}.hi_degrees() == 180);
    CHECK(Sector{6, false}.lo_degrees() == 150);
    CHECK(Sector{6, false}.hi_degrees() == 180);
    CHECK(Sector{10, true}.lo_degrees() == 60);
    CHECK(Sector{10, true}.hi_degrees() == 60);
    CHECK(Sector{11, false}.lo_degrees() == 0);
    CHECK(Sector{11, false}.hi_degrees() == 30);
}

TEST_CASE("Sectors: hexes around a target facing hexside A", "[hex][aspect]") {
    // Target in 1006 facing A (north). The hex row straight out through side B (1106, 1205,
    // 1305) lies exactly at 60 degrees, as does the row through F (0906); 1104 lies between
    // the north row and the B row; 1206 is due east along a hexspine (90); 1108 and 0908 lie on
    // the hexspines either side of the rear (150).
    struct Row { const char* firer; int lo, hi; };
    const Row rows[] = {
        {"1003", 0, 0}, {"1106", 60, 60}, {"1305", 60, 60}, {"1306", 60, 90}, {"1104", 0, 30},
        {"1107", 120, 120}, {"1207", 120, 120}, {"1009", 180, 180}, {"1108", 150, 150},
        {"0908", 150, 150}, {"1206", 90, 90}, {"1407", 90, 120}, {"0906", 60, 60},
    };
    for (const Row& r : rows) {
        INFO("firer in " << r.firer);
        const Sector s = sector_of(H(r.firer) - H("1006"), 0);
        CHECK(s.lo_degrees() == r.lo);
        CHECK(s.hi_degrees() == r.hi);
    }
}
