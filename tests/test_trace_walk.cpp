// The fast exact tracer (src/geometry/trace.hpp): properties on thousands of random lines.
//
// Sections
//   Voronoi checker   an independent exact tracer: a hex is the set of points no farther (in the
//                     plane's Euclidean metric) from its centre than from any neighbour's, so each
//                     hex gives an interval of the line from six linear inequalities in t
//   Walk == reference the walk and the candidate-set tracer give the same Trace
//   Walk == checker   every hex the segment meets is listed with its exact interval and contact,
//                     and no listed hex misses the segment
//   Symmetry          A->B and B->A meet the same hexes and hexsides, at mirrored positions
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "geometry/hex.hpp"
#include "geometry/trace.hpp"

using namespace umpire::hex;

namespace {

// ---- Voronoi checker ---------------------------------------------------------------
// Axial (q, r) of a flat-topped grid: x = 3/2 q, y = sqrt(3) (r + q/2), so |v|^2 = 3 (q^2 + qr + r^2)
// and 2<u, v>/3 = 2 uq vq + 2 ur vr + uq vr + ur vq (an integer).
std::int64_t B(const Cube& u, const Cube& v) {
    return 2LL * u.q * v.q + 2LL * u.r * v.r + std::int64_t(u.q) * v.r + std::int64_t(u.r) * v.q;
}

struct Q {  // a rational, den > 0, compared exactly
    std::int64_t n, d;
    friend bool operator<(Q a, Q b) { return a.n * b.d < b.n * a.d; }
    friend bool operator==(Q a, Q b) { return a.n * b.d == b.n * a.d; }
};

struct CheckMeet {
    bool met = false, along = false;
    Q lo{0, 1}, hi{1, 1};
};

// Where the segment t*D, t in [0, 1], lies in the closed hex at offset k: |p-k|^2 <= |p-(k+e)|^2 for
// each neighbour direction e, i.e. 2t B(D, e) <= B(k+e, k+e) - B(k, k).
CheckMeet check_meet(const Cube& D, const Cube& k) {
    CheckMeet m;
    for (int d = 0; d < 6; ++d) {
        const Cube e = direction(d), n = k + e;
        const std::int64_t alpha = 2 * B(D, e), beta = B(n, n) - B(k, k);
        if (alpha == 0) {
            if (beta < 0) return {};
            if (beta == 0) m.along = true;  // the whole line lies on the bisector of k and n
            continue;
        }
        const Q bound = alpha > 0 ? Q{beta, alpha} : Q{-beta, -alpha};
        if (alpha > 0) { if (bound < m.hi) m.hi = bound; }
        else if (m.lo < bound) m.lo = bound;
    }
    m.met = !(m.hi < m.lo);
    return m;
}

bool same(Frac f, Q q) { return f.num * q.d == q.n * f.den; }

Cube random_cube(std::mt19937& rng, int radius) {
    std::uniform_int_distribution<int> u(-radius, radius);
    for (;;) {
        const int q = u(rng), r = u(rng);
        if (std::abs(q + r) <= radius) return {q, r, -q - r};
    }
}

void require_equal(const Trace& x, const Trace& y) {
    REQUIRE(x.hexspine == y.hexspine);
    REQUIRE(x.hexes.size() == y.hexes.size());
    for (std::size_t i = 0; i < x.hexes.size(); ++i) {
        INFO("hex " << i);
        REQUIRE(x.hexes[i].hex == y.hexes[i].hex);
        REQUIRE(x.hexes[i].contact == y.hexes[i].contact);
        REQUIRE(x.hexes[i].enter == y.hexes[i].enter);
        REQUIRE(x.hexes[i].leave == y.hexes[i].leave);
    }
    REQUIRE(x.sides.size() == y.sides.size());
    for (std::size_t i = 0; i < x.sides.size(); ++i) {
        INFO("side " << i);
        REQUIRE(x.sides[i].hex == y.sides[i].hex);
        REQUIRE(x.sides[i].side == y.sides[i].side);
        REQUIRE(x.sides[i].kind == y.sides[i].kind);
        REQUIRE(x.sides[i].at == y.sides[i].at);
        REQUIRE(x.sides[i].until == y.sides[i].until);
    }
    REQUIRE(x.vertices.size() == y.vertices.size());
    for (std::size_t i = 0; i < x.vertices.size(); ++i) {
        INFO("corner " << i);
        REQUIRE(x.vertices[i].at == y.vertices[i].at);
        REQUIRE(x.vertices[i].hexes == y.vertices[i].hexes);
    }
}

// Random pairs: a third along hex rows or hexspines (where corners and runs along hexsides are
// certain), the rest anywhere within range 40.
std::vector<std::pair<Cube, Cube>> random_pairs(unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::vector<std::pair<Cube, Cube>> out;
    std::uniform_int_distribution<int> pick(0, 2), m12(0, 11), len(1, 13);
    for (int i = 0; i < count; ++i) {
        const Cube a = random_cube(rng, 30);
        Cube b;
        switch (pick(rng)) {
            case 0: {
                const Cube r = ray(m12(rng));
                const int n = len(rng);
                b = a + Cube{r.q * n, r.r * n, r.s * n};
                break;
            }
            default: b = a + random_cube(rng, 40);
        }
        out.emplace_back(a, b);
    }
    return out;
}

}  // namespace

// ---- Walk == reference ------------------------------------------------------------

TEST_CASE("Trace walk: equals the reference tracer on 5000 random lines and every direction within 12", "[hex][trace][walk]") {
    Trace walk;
    for (const auto& [a, b] : random_pairs(15, 5000)) {
        INFO("from (" << a.q << "," << a.r << ") to (" << b.q << "," << b.r << ")");
        trace_into(a, b, walk);
        require_equal(walk, trace_line_reference(a, b));
    }
    for (int q = -12; q <= 12; ++q)
        for (int r = -12; r <= 12; ++r) {
            const Cube b{q, r, -q - r};
            if (distance({}, b) > 12) continue;
            INFO("to (" << q << "," << r << ")");
            require_equal(trace_line({}, b), trace_line_reference({}, b));
        }
}

TEST_CASE("Trace walk: reusing one Trace gives the same as a fresh one", "[hex][trace][walk]") {
    Trace reused;
    for (const auto& [a, b] : random_pairs(7, 300)) {
        trace_into(a, b, reused);
        require_equal(reused, trace_line(a, b));
    }
}

// ---- Walk == Voronoi checker -----------------------------------------------------------

TEST_CASE("Trace walk: every hex the segment meets is listed, exactly, checked with rational Voronoi cells", "[hex][trace][walk]") {
    int corners = 0, along = 0;
    for (const auto& [a, b] : random_pairs(1974, 3000)) {
        const Cube D = b - a;
        const Trace t = trace_line(a, b);
        INFO("from (" << a.q << "," << a.r << ") to (" << b.q << "," << b.r << ")");
        std::map<Cube, const HexMeet*> listed;
        for (const auto& h : t.hexes) listed[h.hex - a] = &h;
        REQUIRE(listed.size() == t.hexes.size());  // no hex twice
        // Every hex near the segment's bounding box, one hex of margin.
        const int n = distance({}, D);
        int found = 0;
        for (int q = std::min(0, D.q) - 2; q <= std::max(0, D.q) + 2; ++q)
            for (int r = std::min(0, D.r) - 2 - n; r <= std::max(0, D.r) + 2 + n; ++r) {
                const Cube k{q, r, -q - r};
                const CheckMeet m = check_meet(D, k);
                auto it = listed.find(k);
                if (!m.met) {
                    INFO("hex offset (" << q << "," << r << ") is listed but the segment misses it");
                    REQUIRE(it == listed.end());
                    continue;
                }
                INFO("hex offset (" << q << "," << r << ") meets the segment");
                REQUIRE(it != listed.end());
                ++found;
                const HexMeet& h = *it->second;
                CHECK(same(h.enter, m.lo));
                CHECK(same(h.leave, m.hi));
                const Contact want = m.lo == m.hi ? Contact::vertex : m.along ? Contact::along : Contact::crosses;
                CHECK(h.contact == want);
                corners += want == Contact::vertex;
                along += want == Contact::along;
            }
        REQUIRE(found == int(t.hexes.size()));
        // Consecutive crossing hexes share the hexside or corner between them.
        for (const auto& s : t.sides)
            if (s.kind == SideMeet::crossed) CHECK(listed.count(neighbour(s.hex, s.side) - a) == 1);
    }
    // The random lines did exercise the ambiguous cases.
    CHECK(corners > 100);
    CHECK(along > 100);
}

// ---- Symmetry ------------------------------------------------------------------------

TEST_CASE("Trace walk: A->B and B->A meet the same hexes, hexsides and corners", "[hex][trace][walk]") {
    using SideKey = std::tuple<Cube, Cube, int>;  // the two hexes (ordered) and the kind
    auto sides_of = [](const Trace& t) {
        std::set<SideKey> out;
        for (const auto& s : t.sides) {
            Cube x = s.hex, y = neighbour(s.hex, s.side);
            if (y < x) std::swap(x, y);
            out.insert({x, y, int(s.kind)});
        }
        return out;
    };
    auto hexes_of = [](const Trace& t) {
        // contact and the exact length of the line inside the hex, as a reduced fraction
        std::map<Cube, std::tuple<Contact, std::int64_t, std::int64_t>> out;
        for (const auto& h : t.hexes) {
            std::int64_t num = h.leave.num * h.enter.den - h.enter.num * h.leave.den, den = h.leave.den * h.enter.den;
            const std::int64_t g = std::gcd(num, den);
            out[h.hex] = {h.contact, num / g, den / g};
        }
        return out;
    };
    for (const auto& [a, b] : random_pairs(44, 3000)) {
        INFO("from (" << a.q << "," << a.r << ") to (" << b.q << "," << b.r << ")");
        const Trace ab = trace_line(a, b), ba = trace_line(b, a);
        CHECK(hexes_of(ab) == hexes_of(ba));
        CHECK(sides_of(ab) == sides_of(ba));
        REQUIRE(ab.vertices.size() == ba.vertices.size());
        for (std::size_t i = 0; i < ab.vertices.size(); ++i) {
            const auto& x = ab.vertices[i];
            const auto& y = ba.vertices[ab.vertices.size() - 1 - i];
            CHECK(Frac{x.at.den - x.at.num, x.at.den} == y.at);  // the same point, measured from the other end
            CHECK(std::set<Cube>(x.hexes.begin(), x.hexes.end()) == std::set<Cube>(y.hexes.begin(), y.hexes.end()));
        }
    }
}
