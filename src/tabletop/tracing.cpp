// Tracing a terrain piece over a table's photo (see tracing.hpp).
#include "tabletop/tracing.hpp"

#include <algorithm>
#include <cstdio>

#include "core/diag.hpp"

namespace umpire::tabletop {

namespace pl = umpire::plane;

std::vector<TraceKind> trace_kinds(const Rules& r) {
    std::vector<TraceKind> out;
    for (const auto& a : r.areas) out.push_back({a, false});
    for (const auto& l : r.lines) out.push_back({l, true});
    return out;
}

bool Trace::add(pl::Vec2 p, double snap) {
    if (closed) return true;
    if (!kind.line && points.size() >= 3 && pl::distance(p, points.front()) <= snap) return closed = true;
    if (!points.empty() && pl::distance(p, points.back()) <= snap) return false;
    points.push_back(p);
    return false;
}

void Trace::take_back() {
    if (closed) closed = false;
    else if (!points.empty()) points.pop_back();
}

std::optional<std::string> trace_problem(const Trace& t, const Sketch& s, const Rules& r) {
    const std::size_t least = t.kind.line ? 2 : 3, n = t.points.size();
    const std::string what = t.kind.line ? "bends" : "corners";
    if (n < least)
        return "a " + t.kind.name + " needs at least " + std::to_string(least) + " " + (t.kind.line ? "points" : "corners") + " (" +
               std::to_string(n) + " clicked)";
    if (n > std::size_t(r.max_points))
        return std::to_string(n) + " " + what + ": the rules data allow at most " + std::to_string(r.max_points) + " a piece";
    for (pl::Vec2 p : t.points)
        if (p.x < -pl::kEps || p.y < -pl::kEps || p.x > s.width + pl::kEps || p.y > s.depth + pl::kEps) {
            char buf[120];
            std::snprintf(buf, sizeof buf, "a point lies off the table (0 to %g by 0 to %g %s)", s.width, s.depth, s.unit.c_str());
            return std::string(buf);
        }
    if (t.kind.line) {
        if (pl::path_length(t.points) <= pl::kEps) return "the line has no length";
    } else if (!pl::is_simple(t.points)) {
        return "the outline crosses itself or has no area: take back the corner that crosses it (Backspace)";
    }
    return std::nullopt;
}

std::string unique_piece_name(const Sketch& s, const std::string& kind) {
    auto taken = [&](const std::string& name) {
        return std::any_of(s.pieces.begin(), s.pieces.end(), [&](const Piece& p) { return p.name == name; });
    };
    int n = int(std::count_if(s.pieces.begin(), s.pieces.end(), [&](const Piece& p) { return p.kind == kind; })) + 1;
    while (taken(kind + " " + std::to_string(n))) ++n;
    return kind + " " + std::to_string(n);
}

std::optional<std::string> piece_name_problem(const Sketch& s, const std::string& name) {
    if (name.find_first_not_of(" \t") == std::string::npos) return std::string("the piece needs a name");
    for (const Piece& p : s.pieces)
        if (p.name == name) return quoted_value(name) + " names another piece (a " + p.kind + ")";
    return std::nullopt;
}

Piece traced_piece(const Trace& t, const std::string& name, const Rules& r, double width, bool top_left) {
    Piece p;
    p.name = name;
    p.kind = t.kind.name;
    p.is_line = t.kind.line;
    if (p.is_line) {
        p.line = t.points;
        p.shape = Piece::Shape::line;
        p.width = std::max(0.0, width);
        p.has_top = p.kind == r.top_kind;
        p.top_left = top_left;
    } else {
        p.outline = t.points;
        p.shape = Piece::Shape::points;
        if (p.kind == r.hill_kind) p.hill = name;
    }
    return p;
}

std::string unique_base_name(const Sketch& s, const std::string& stem) {
    for (int n = 1;; ++n) {
        const std::string name = stem + " " + std::to_string(n);
        if (!s.base(name)) return name;
    }
}

std::optional<std::string> new_base_problem(const NewBase& b, const Sketch& s, const Rules& r) {
    if (b.name.find_first_not_of(" \t") == std::string::npos) return std::string("the base needs a name");
    if (s.base(b.name)) return quoted_value(b.name) + " names another base";
    if (s.bases.size() >= std::size_t(r.max_bases))
        return "the table has " + std::to_string(s.bases.size()) + " bases: the rules data allow at most " + std::to_string(r.max_bases);
    if (!(b.width > 0) || !(b.depth > 0) || b.width > s.width || b.depth > s.depth)
        return "the base's width and depth must be more than 0 and fit on the table (type its size)";
    if (b.at.x < 0 || b.at.y < 0 || b.at.x > s.width || b.at.y > s.depth) return std::string("the base's centre lies off the table");
    const auto& types = base_types();
    if (s.system == "agv" && std::find(types.begin(), types.end(), b.type) == types.end())
        return "an A Great Victory! base needs its unit type (" + b.type + " is not one)";
    if (s.system != "agv" && !b.type.empty()) return std::string("GF9 TANKS bases have no unit type");
    return std::nullopt;
}

Base new_base(const NewBase& b) {
    Base x;
    x.name = b.name;
    x.unit = b.name;
    x.type = b.type;
    x.width = b.width, x.depth = b.depth;
    x.facing = b.facing;
    place_base(x, b.at);
    return x;
}

}  // namespace umpire::tabletop
