// The fast exact line tracer (see trace.hpp): the Trace builder over walk_line, and trace_line
// (declared with the Trace in hex.hpp, so hex.cpp needs nothing of the walk).
#include "geometry/trace.hpp"

#include <numeric>

namespace umpire::hex {

namespace {

// Collects the walk into a Trace; the walk already reports everything in the Trace's order.
struct TraceBuilder {
    Trace& out;
    bool on_hex(const Cube& h, Contact c, Frac enter, Frac leave) {
        out.hexes.push_back({h, c, enter, leave});
        return true;
    }
    bool on_side(const Cube& h, int side, SideMeet::Kind k, Frac at, Frac until) {
        out.sides.push_back({h, side, k, at, until});
        return true;
    }
    bool on_vertex(Frac at, const Cube& a, const Cube& b, const Cube& c) {
        out.vertices.push_back({at, {a, b, c}});
        return true;
    }
};

}  // namespace

void trace_into(const Cube& from, const Cube& to, Trace& out) {
    out.from = from;
    out.to = to;
    out.hexes.clear();
    out.sides.clear();
    out.vertices.clear();
    const Cube D = to - from;
    out.hexspine = D.q != D.r && D.r != D.s && D.s != D.q ? false : !(D.q == 0 && D.r == 0);
    // A line n hexes long meets at most 2n + 1 hexes and 2n hexsides (two a step along a hexspine):
    // room for them at once, not grown a few times (a ruling traces one or two lines).
    const std::size_t n = std::size_t(distance(from, to));
    out.hexes.reserve(2 * n + 1);
    out.sides.reserve(2 * n);
    TraceBuilder b{out};
    walk_line(from, to, b);
}

Trace trace_line(const Cube& from, const Cube& to) {
    Trace tr;
    trace_into(from, to, tr);
    return tr;
}

}  // namespace umpire::hex
