// Plane geometry for table sketches (src/geometry/plane.hpp): no rules here, only the measuring the
// GF9 TANKS and A Great Victory! table rulings rest on (distances, crossings, containment, widths).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "geometry/plane.hpp"

namespace pl = umpire::plane;
using pl::Polygon;
using pl::Segment;
using pl::Vec2;

namespace {
const Polygon kSquare = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
// An L shape: the square with its top-right quarter cut away (non-convex).
const Polygon kEll = {{0, 0}, {10, 0}, {10, 5}, {5, 5}, {5, 10}, {0, 10}};

Polygon shifted(const Polygon& p, Vec2 by) {
    Polygon out = p;
    for (auto& v : out) v = v + by;
    return out;
}
}  // namespace

TEST_CASE("plane: point to segment distance and closest point", "[plane]") {
    const Segment s{{0, 0}, {10, 0}};
    struct Row { Vec2 p; double d; };
    for (const auto& r : {Row{{5, 3}, 3}, Row{{-4, 3}, 5}, Row{{13, -4}, 5}, Row{{7, 0}, 0}}) {
        INFO(r.p.x << "," << r.p.y);
        CHECK(pl::distance(s, r.p) == Approx(r.d));
    }
}

TEST_CASE("plane: segment crossings, touching ends and parallel overlaps", "[plane]") {
    const Segment s{{0, 0}, {10, 0}};
    struct Row { const char* what; Segment t; bool meets; double along; };
    const Row rows[] = {
        {"crossing in the middle", {{5, -5}, {5, 5}}, true, 0.5},
        {"touching at an end", {{10, 0}, {10, 5}}, true, 1.0},
        {"T onto the segment", {{3, 4}, {3, 0}}, true, 0.3},
        {"passing beyond its end", {{11, -5}, {11, 5}}, false, 0},
        {"parallel apart", {{0, 1}, {10, 1}}, false, 0},
        {"collinear overlap", {{4, 0}, {20, 0}}, true, 0.4},
        {"collinear apart", {{11, 0}, {20, 0}}, false, 0},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        auto c = pl::crossing(s, r.t);
        REQUIRE(c.has_value() == r.meets);
        if (r.meets) CHECK(*c == Approx(r.along));
        CHECK((pl::distance(s, r.t) == Approx(0).margin(1e-12)) == r.meets);
    }
}

TEST_CASE("plane: point in polygon, boundary included, in a non-convex outline", "[plane]") {
    struct Row { Vec2 p; bool in; double signed_d; };
    const Row rows[] = {{{2, 2}, true, -2}, {{7, 7}, false, 2}, {{5, 7}, true, 0}, {{10, 2}, true, 0}, {{-1, 2}, false, 1}, {{7, 4}, true, -1}};
    for (const auto& r : rows) {
        INFO(r.p.x << "," << r.p.y);
        CHECK(pl::contains(kEll, r.p) == r.in);
        CHECK(pl::signed_distance(kEll, r.p) == Approx(r.signed_d).margin(1e-9));
    }
}

TEST_CASE("plane: a base wholly within an outline, and one whose edge leaves a non-convex outline", "[plane]") {
    CHECK(pl::contains(kSquare, pl::rectangle({5, 5}, 4, 2, 0)));
    CHECK(pl::inset(kSquare, pl::rectangle({5, 5}, 4, 2, 0)) == Approx(3));  // 5 - 2 (half the width)... nearest edge
    // Every vertex of this bar lies in the L, but its top edge crosses the cut-away corner.
    const Polygon bar = {{1, 6}, {4, 6}, {4, 9}, {1, 9}};
    CHECK(pl::contains(kEll, bar));
    const Polygon across = {{4, 4}, {9, 4}, {9, 4.5}, {4, 4.5}};
    CHECK(pl::contains(kEll, across));
    const Polygon corner_cut = {{4, 4}, {6, 4}, {6, 9}, {4, 9}};  // reaches into the cut-away corner
    CHECK_FALSE(pl::contains(kEll, corner_cut));
    CHECK(pl::inset(kEll, corner_cut) < 0);
}

TEST_CASE("plane: overlap depth, touching and distance between outlines", "[plane]") {
    CHECK(pl::overlap_depth(kSquare, shifted(kSquare, {9, 0})) == Approx(1));
    CHECK(pl::touches(kSquare, shifted(kSquare, {10, 0})));                         // sharing an edge
    CHECK(pl::overlap_depth(kSquare, shifted(kSquare, {10, 0})) == Approx(0).margin(1e-9));
    CHECK_FALSE(pl::touches(kSquare, shifted(kSquare, {13, 4})));
    CHECK(pl::distance(kSquare, shifted(kSquare, {13, 4})) == Approx(3));
    CHECK(pl::overlap_depth(kSquare, shifted(kSquare, {13, 4})) == Approx(-3));
    // One inside the other with no edge crossing still touches.
    CHECK(pl::touches(kSquare, pl::rectangle({5, 5}, 1, 1, 0)));
}

TEST_CASE("plane: segment against a polygon: touches, length inside", "[plane]") {
    CHECK(pl::touches(kSquare, Segment{{-5, 5}, {15, 5}}));
    CHECK(pl::length_inside(kSquare, Segment{{-5, 5}, {15, 5}}) == Approx(10));
    CHECK(pl::length_inside(kEll, Segment{{0, 7}, {10, 7}}) == Approx(5));  // leaves the L at x = 5
    CHECK_FALSE(pl::touches(kSquare, Segment{{-5, 11}, {15, 11}}));
    CHECK(pl::touches(kSquare, Segment{{2, 2}, {3, 3}}));  // wholly inside
}

TEST_CASE("plane: widths across: greatest (any direction) and least (every direction)", "[plane]") {
    CHECK(pl::greatest_width(kSquare) == Approx(std::sqrt(200.0)));  // the diagonal
    CHECK(pl::least_width(kSquare) == Approx(10));
    const Polygon strip = {{0, 0}, {12, 0}, {12, 3}, {0, 3}};
    CHECK(pl::least_width(strip) == Approx(3));
    CHECK(pl::least_width(pl::circle({0, 0}, 5)) == Approx(10).epsilon(0.002));  // inscribed 64-gon
    CHECK(pl::greatest_width(pl::ellipse({0, 0}, 6, 2, 30)) == Approx(12).epsilon(0.002));
}

TEST_CASE("plane: rectangle bases face clockwise from +y", "[plane]") {
    const Polygon north = pl::rectangle({0, 0}, 4, 2, 0), east = pl::rectangle({0, 0}, 4, 2, 90);
    auto extent_x = [](const Polygon& p) {
        double lo = 1e9, hi = -1e9;
        for (auto v : p) lo = std::min(lo, v.x), hi = std::max(hi, v.x);
        return hi - lo;
    };
    CHECK(extent_x(north) == Approx(4));  // facing +y: the 4 cm front runs along x
    CHECK(extent_x(east) == Approx(2));   // facing +x: the 2 cm depth runs along x
    CHECK(pl::area(east) == Approx(8));
}

TEST_CASE("plane: simple outlines only", "[plane]") {
    CHECK(pl::is_simple(kEll));
    CHECK_FALSE(pl::is_simple({{0, 0}, {10, 10}, {10, 0}, {0, 10}}));  // a bow tie
    CHECK_FALSE(pl::is_simple({{0, 0}, {5, 0}, {10, 0}}));            // no area
}

TEST_CASE("plane: properties: distances are symmetric, a wholly-contained base also touches", "[plane][property]") {
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> u(-20, 20), a(0, 360);
    for (int i = 0; i < 300; ++i) {
        const Vec2 p{u(rng), u(rng)}, q{u(rng), u(rng)};
        const Segment s{{u(rng), u(rng)}, {u(rng), u(rng)}}, t{{u(rng), u(rng)}, {u(rng), u(rng)}};
        CHECK(pl::distance(p, q) == pl::distance(q, p));
        CHECK(pl::distance(s, t) == Approx(pl::distance(t, s)).margin(1e-12));
        const Polygon b1 = pl::rectangle(p, 3, 2, a(rng)), b2 = pl::rectangle(q, 4, 1, a(rng));
        CHECK(pl::distance(b1, b2) == Approx(pl::distance(b2, b1)).margin(1e-12));
        CHECK(pl::touches(b1, b2) == pl::touches(b2, b1));
        const Polygon base = pl::rectangle({u(rng) / 4, u(rng) / 4}, 2, 1, a(rng));
        const Polygon hill = pl::circle({0, 0}, 6);
        if (pl::contains(hill, base)) {
            CHECK(pl::touches(hill, base));
            CHECK(pl::overlap_depth(base, hill) > 0);
        }
    }
}
