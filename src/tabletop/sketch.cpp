// Tabletop files (see tabletop.hpp and docs/tables.md).
//
// Sections
//   helpers       numbers, point lists, formatting
//   load_rules    a system's [table] rules-data section
//   read_table    [[piece]] and [[base]] entries, with bounds
//   check_table   one function per kind of guideline
//   editing       move_piece, place_base, turn_base, write_table, same_table
#include "tabletop/sketch.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

#include "core/names.hpp"

namespace umpire::tabletop {

namespace pl = umpire::plane;
using Toml = umpire::Section;  // a TOML table with its reader (not a table Sketch)

// ---- helpers ----------------------------------------------------------------------

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

static bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

static std::optional<double> as_number(const toml::node& n) {
    if (n.is_integer()) return static_cast<double>(n.as_integer()->get());
    if (n.is_floating_point()) {
        const double v = n.as_floating_point()->get();
        if (std::isfinite(v)) return v;
    }
    return std::nullopt;
}

// A finite number within [lo, hi]; reports and returns nullopt otherwise.
static std::optional<double> bounded(const Toml& t, std::string_view key, bool required, double lo, double hi) {
    auto v = t.number(key, required, lo, hi);
    if (v && !std::isfinite(*v)) {
        t.error(key, "must be a finite number");
        return std::nullopt;
    }
    return v;
}

// An array of `n` numbers ("at = [x, y]", "circle = [x, y, r]").
static std::optional<std::vector<double>> numbers(const Toml& t, std::string_view key, std::size_t n, const char* form) {
    const toml::node* node = t.node(key);
    if (!node) return std::nullopt;
    const toml::array* a = node->as_array();
    std::vector<double> out;
    if (a && a->size() == n)
        for (const auto& el : *a)
            if (auto v = as_number(el)) out.push_back(*v);
    if (out.size() != n) {
        t.error(key, std::string("expected ") + form + " (finite numbers), found " + describe_type(*node));
        return std::nullopt;
    }
    return out;
}

// A list of [x, y] points within the table, at most `max` of them.
static std::optional<std::vector<pl::Vec2>> points(const Toml& t, std::string_view key, std::size_t min, std::size_t max,
                                                   double w, double d) {
    const toml::node* node = t.node(key);
    if (!node) return std::nullopt;
    const toml::array* a = node->as_array();
    if (!a) {
        t.error(key, "expected an array of [x, y] points, found " + describe_type(*node));
        return std::nullopt;
    }
    if (a->size() < min || a->size() > max) {
        t.error(key, std::to_string(a->size()) + " points (accepted: " + std::to_string(min) + " to " + std::to_string(max) + ")");
        return std::nullopt;
    }
    std::vector<pl::Vec2> out;
    bool ok = true;
    for (const auto& el : *a) {
        const toml::array* p = el.as_array();
        std::optional<double> x, y;
        if (p && p->size() == 2) x = as_number(*p->get(0)), y = as_number(*p->get(1));
        if (!x || !y) {
            t.sink().error(&el, t.key_path(key) + ": expected a point [x, y] of two finite numbers, found " + describe_type(el));
            ok = false;
            continue;
        }
        if (*x < 0 || *x > w || *y < 0 || *y > d) {
            t.sink().error(&el, t.key_path(key) + ": point [" + fmt(*x) + ", " + fmt(*y) + "] lies off the table (0 to " + fmt(w) +
                                    " by 0 to " + fmt(d) + ")");
            ok = false;
            continue;
        }
        out.push_back({*x, *y});
    }
    if (!ok) return std::nullopt;
    return out;
}

static Where where_of(const Toml& t) {
    const auto& s = t.where();
    return {static_cast<int>(s.begin.line), static_cast<int>(s.begin.column)};
}

// ---- load_rules -------------------------------------------------------------------

static std::vector<std::string> kinds(const Toml& t, std::string_view key, const std::vector<std::string>& accepted) {
    return t.choice_array(key, accepted).value_or(std::vector<std::string>{});
}

Rules load_rules(const Toml& t, const std::vector<std::string>& names, const std::vector<std::string>& cites) {
    Rules r;
    t.only_keys({"unit", "tolerance", "areas", "lines", "drawn", "hill_kind", "top_kind", "max_pieces", "max_points",
                 "max_bases", "size", "apart", "width", "near", "apart_from", "no_overlap", "crossing"});
    r.unit = t.choice("unit", {"in", "cm"}, true).value_or("in");
    r.tolerance = bounded(t, "tolerance", true, 0.0, 10.0).value_or(0.0);
    r.drawn = t.string_array("drawn").value_or(std::vector<std::string>{});
    std::vector<std::string> all = names;
    all.insert(all.end(), r.drawn.begin(), r.drawn.end());
    r.areas = kinds(t, "areas", all);
    r.lines = kinds(t, "lines", all);
    for (const auto& k : r.areas)
        if (has(r.lines, k)) t.error("lines", quoted_value(k) + " is also in areas: a kind is drawn one way");
    std::vector<std::string> drawable = r.areas;
    drawable.insert(drawable.end(), r.lines.begin(), r.lines.end());
    r.hill_kind = t.choice("hill_kind", r.areas, true).value_or("");
    if (t.has("top_kind")) r.top_kind = t.choice("top_kind", r.lines).value_or("");
    r.max_pieces = static_cast<int>(t.integer("max_pieces", true, 1, 10000).value_or(400));
    r.max_points = static_cast<int>(t.integer("max_points", true, 3, 10000).value_or(200));
    r.max_bases = static_cast<int>(t.integer("max_bases", true, 1, 10000).value_or(200));
    auto cite = [&](const Toml& x) { return x.choice("cite", cites, true).value_or(""); };
    auto kind = [&](const Toml& x, std::string_view key) { return x.choice(key, drawable, true).value_or(""); };
    for (const auto& x : t.tables("size")) {
        x.only_keys({"kind", "cite", "min_across", "max_across"});
        r.sizes.push_back({kind(x, "kind"), cite(x), bounded(x, "min_across", false, 0, 1e4), bounded(x, "max_across", false, 0, 1e4)});
    }
    for (const auto& x : t.tables("apart")) {
        x.only_keys({"kind", "cite", "min"});
        r.apart.push_back({kind(x, "kind"), cite(x), bounded(x, "min", true, 0, 1e4).value_or(0)});
    }
    for (const auto& x : t.tables("width")) {
        x.only_keys({"kind", "cite", "max_bases", "more_than_bases"});
        WidthLimit w{x.choice("kind", r.lines, true).value_or(""), cite(x), bounded(x, "max_bases", false, 0, 100),
                     bounded(x, "more_than_bases", false, 0, 100)};
        if (!w.max_bases && !w.more_than_bases) x.error("", "needs max_bases or more_than_bases");
        r.widths.push_back(w);
    }
    for (const auto& x : t.tables("near")) {
        x.only_keys({"kind", "of", "cite", "within"});
        r.near.push_back({kind(x, "kind"), kind(x, "of"), cite(x), bounded(x, "within", true, 0, 1e4).value_or(0)});
    }
    for (const auto& x : t.tables("apart_from")) {
        x.only_keys({"kind", "with", "cite"});
        r.apart_from.push_back({kind(x, "kind"), cite(x), x.choice_array("with", drawable, true).value_or(std::vector<std::string>{})});
    }
    for (const auto& x : t.tables("no_overlap")) {
        x.only_keys({"kinds", "except", "cite"});
        r.no_overlap.push_back({x.choice_array("kinds", drawable, true).value_or(std::vector<std::string>{}),
                                x.choice_array("except", drawable).value_or(std::vector<std::string>{}), cite(x)});
    }
    for (const auto& x : t.tables("crossing")) {
        x.only_keys({"kind", "of", "at", "cite"});
        r.crossings.push_back({x.choice("kind", r.lines, true).value_or(""), cite(x),
                               x.choice_array("of", r.lines, true).value_or(std::vector<std::string>{}),
                               x.choice_array("at", r.areas, true).value_or(std::vector<std::string>{})});
    }
    return r;
}

// ---- read_table -------------------------------------------------------------------

const Rules* Systems::find(const std::string& id) const {
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (ids[i] == id) return rules[i];
    return nullptr;
}

const Base* Sketch::base(const std::string& name) const {
    for (const auto& b : bases)
        if (b.name == name) return &b;
    return nullptr;
}

std::vector<const Base*> Sketch::unit_bases(const std::string& u) const {
    std::vector<const Base*> out;
    for (const auto& b : bases)
        if (b.unit == u) out.push_back(&b);
    return out;
}

static std::optional<Piece> read_piece(const Toml& p, const Rules& r, double w, double d,
                                       std::map<std::string, int>& counts) {
    p.only_keys({"kind", "name", "points", "circle", "ellipse", "line", "width", "hill", "level", "height", "top", "church"});
    std::vector<std::string> all = r.areas;
    all.insert(all.end(), r.lines.begin(), r.lines.end());
    auto kind = p.choice("kind", all, true);
    if (!kind) return std::nullopt;
    Piece x;
    x.kind = *kind;
    x.is_line = has(r.lines, x.kind);
    x.where = where_of(p);
    x.name = p.str("name").value_or(x.kind + " " + std::to_string(++counts[x.kind]));
    const auto maxp = static_cast<std::size_t>(r.max_points);
    if (x.is_line) {
        for (const char* k : {"points", "circle", "ellipse", "hill", "level", "height", "church"})
            if (p.has(k)) p.error(k, "a " + x.kind + " is a line: give `line` (and `width`), not " + k);
        if (!p.has("line")) p.error("", "a " + x.kind + " needs `line = [[x, y], ...]`");
        else if (auto l = points(p, "line", 2, maxp, w, d)) {
            x.line = *l;
            x.shape = Piece::Shape::line;
            if (pl::path_length(x.line) <= pl::kEps) p.error("line", "has no length");
        }
        x.width = bounded(p, "width", false, 0, std::max(w, d)).value_or(0.0);
        if (x.kind == r.top_kind) {
            x.has_top = true;
            auto top = p.choice("top", {"left", "right"}, true);
            x.top_left = top.value_or("left") == "left";
        } else if (p.has("top")) {
            p.error("top", "only a " + (r.top_kind.empty() ? std::string("line with a top side") : r.top_kind) + " has a top side");
        }
        return x;
    }
    for (const char* k : {"line", "width", "top"})
        if (p.has(k)) p.error(k, "a " + x.kind + " is an outline: give `points`, `circle` or `ellipse`, not " + k);
    const int shapes = int(p.has("points")) + int(p.has("circle")) + int(p.has("ellipse"));
    if (shapes != 1) {
        p.error("", "a " + x.kind + " needs exactly one of `points`, `circle = [x, y, r]` or `ellipse = [x, y, rx, ry, angle]`");
        return std::nullopt;
    }
    if (p.has("points")) {
        if (auto pts = points(p, "points", 3, maxp, w, d)) {
            x.outline = *pts;
            if (!pl::is_simple(x.outline)) p.error("points", "the outline crosses itself or has no area");
        }
    } else {
        const bool circ = p.has("circle");
        auto v = circ ? numbers(p, "circle", 3, "[x, y, r]") : numbers(p, "ellipse", 5, "[x, y, rx, ry, angle]");
        if (v) {
            const auto& n = *v;
            const double rx = n[2], ry = circ ? n[2] : n[3];
            if (rx <= 0 || ry <= 0) p.error(circ ? "circle" : "ellipse", "radius must be more than 0");
            else {
                x.outline = circ ? pl::circle({n[0], n[1]}, rx) : pl::ellipse({n[0], n[1]}, rx, ry, n[4]);
                x.shape = circ ? Piece::Shape::circle : Piece::Shape::ellipse;
                x.shape_args = n;
                for (auto q : x.outline)
                    if (q.x < -pl::kEps || q.x > w + pl::kEps || q.y < -pl::kEps || q.y > d + pl::kEps) {
                        p.error(circ ? "circle" : "ellipse", "reaches off the table (0 to " + fmt(w) + " by 0 to " + fmt(d) + ")");
                        break;
                    }
            }
        }
    }
    if (x.kind == r.hill_kind) {
        x.hill = p.str("hill").value_or(x.name);
        if (auto l = p.integer("level", false, 1, 20)) x.level = static_cast<int>(*l);
        // The height of the piece's top above the table (docs/tables.md): AGV uses it to tell fire
        // off the firer's own hill from fire at a stand behind its higher ground.
        if (auto h = bounded(p, "height", false, 0, 1e4)) {
            if (*h > 0) x.height = *h;
            else p.error("height", "must be more than 0 (the height of the piece's top above the table, in " + r.unit + ")");
        }
    } else {
        for (const char* k : {"hill", "level"})
            if (p.has(k)) p.error(k, "only a " + r.hill_kind + " belongs to a hill");
        if (p.has("height")) p.error("height", "only a " + r.hill_kind + " piece has a height");
    }
    if (auto c = p.boolean("church")) x.church = *c;
    return x;
}

static std::optional<Base> read_base(const Toml& b, double w, double d, bool typed) {
    b.only_keys({"name", "unit", "type", "at", "size", "radius", "facing", "wreck"});
    Base x;
    x.where = where_of(b);
    auto name = b.str("name", true);
    auto at = numbers(b, "at", 2, "[x, y]");
    if (!b.has("at")) b.error("", "a base needs `at = [x, y]` (its centre)");
    x.facing = bounded(b, "facing", false, -360, 360).value_or(0.0);
    if (typed) {
        static const std::vector<std::string> types = {"foot", "mounted", "elephant", "artillery", "light-artillery"};
        x.type = b.choice("type", types).value_or("foot");
    } else if (b.has("type")) {
        b.error("type", "GF9 TANKS bases have no unit type");
    }
    if (auto wr = b.boolean("wreck")) x.wreck = *wr;
    const bool has_size = b.has("size"), has_radius = b.has("radius");
    if (has_size == has_radius) b.error("", "a base needs exactly one of `size = [width, depth]` or `radius = r`");
    std::optional<std::vector<double>> size;
    std::optional<double> radius;
    if (has_size) size = numbers(b, "size", 2, "[width, depth]");
    if (has_radius) radius = bounded(b, "radius", false, 0, std::max(w, d));
    if (!name || !at || (has_size == has_radius) || (has_size && !size) || (has_radius && !radius)) return std::nullopt;
    x.name = *name;
    x.unit = b.str("unit").value_or(x.name);
    x.at = {(*at)[0], (*at)[1]};
    if (x.at.x < 0 || x.at.x > w || x.at.y < 0 || x.at.y > d) {
        b.error("at", "the base's centre lies off the table");
        return std::nullopt;
    }
    if (size) {
        x.width = (*size)[0], x.depth = (*size)[1];
        if (x.width <= 0 || x.depth <= 0 || x.width > w || x.depth > d) {
            b.error("size", "width and depth must be more than 0 and fit on the table");
            return std::nullopt;
        }
        x.outline = pl::rectangle(x.at, x.width, x.depth, x.facing);
    } else {
        x.circle = true;
        x.radius = *radius;
        if (x.radius <= 0) {
            b.error("radius", "must be more than 0");
            return std::nullopt;
        }
        x.outline = pl::circle(x.at, x.radius);
    }
    return x;
}

Sketch read_sketch(const toml::table& doc, const std::string& display_name, const Systems& systems) {
    Sink sink(display_name);
    umpire::Section root(sink, &doc, "");
    root.only_keys({"system", "title", "notes", "unit", "width", "depth", "base_width", "piece", "base", "photo"});
    Sketch t;
    t.file = display_name;
    auto sys = root.choice("system", systems.ids, true);
    sink.throw_if_errors();
    t.system = *sys;
    const Rules& r = *systems.find(t.system);
    t.title = root.str("title").value_or("");
    t.notes = root.str("notes").value_or("");
    if (auto u = root.choice("unit", {"in", "cm"}, true)) {
        t.unit = *u;
        if (t.unit != r.unit) root.error("unit", "\"" + t.unit + "\": a " + t.system + " table is measured in " + r.unit);
    }
    const double big = r.unit == "in" ? 1000 : 2500;
    t.width = bounded(root, "width", true, 1, big).value_or(0);
    t.depth = bounded(root, "depth", true, 1, big).value_or(0);
    if (r.needs_base_width()) t.base_width = bounded(root, "base_width", true, 0.1, 100);
    else if (root.has("base_width")) root.error("base_width", "only a table whose guidelines measure in base widths has one");
    sink.throw_if_errors();
    t.photo = read_photo(root, t.width, t.depth);  // [photo]: tabletop/photo.cpp
    const auto pieces = root.tables("piece");
    if (pieces.size() > static_cast<std::size_t>(r.max_pieces)) {
        root.error("piece", std::to_string(pieces.size()) + " pieces (accepted: at most " + std::to_string(r.max_pieces) + ")");
        sink.throw_if_errors();
    }
    std::map<std::string, int> counts;
    std::set<std::string> names;
    for (const auto& p : pieces)
        if (auto x = read_piece(p, r, t.width, t.depth, counts)) {
            if (!names.insert(x->name).second) p.error("name", quoted_value(x->name) + " names another piece too");
            t.pieces.push_back(std::move(*x));
        }
    const auto bases = root.tables("base");
    if (bases.size() > static_cast<std::size_t>(r.max_bases)) {
        root.error("base", std::to_string(bases.size()) + " bases (accepted: at most " + std::to_string(r.max_bases) + ")");
        sink.throw_if_errors();
    }
    std::set<std::string> base_names;
    for (const auto& b : bases)
        if (auto x = read_base(b, t.width, t.depth, t.system == "agv")) {
            if (!base_names.insert(x->name).second) b.error("name", quoted_value(x->name) + " names another base too");
            t.bases.push_back(std::move(*x));
        }
    sink.throw_if_errors();
    return t;
}

Sketch load_sketch(const std::filesystem::path& path, const std::string& display_name, const Systems& systems) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError({{display_name, 1, 1, "table file not found"}});
    const toml::table doc = parse_toml_file(path, display_name);
    return read_sketch(doc, display_name, systems);
}

// ---- check_table ------------------------------------------------------------------

namespace {

struct Checker {
    const Sketch& t;
    const Rules& r;
    std::vector<Breach> out;

    void breach(const Piece& p, const std::string& cite, const std::string& what) {
        out.push_back({{t.file, p.where.line, p.where.column, "warning: " + p.kind + " " + quoted_value(p.name) + ": " + what + " (" + cite + ")"},
                       cite});
    }
    std::string u(double v) const { return fmt(v) + " " + t.unit; }

    // Touching: area/area overlap, line within half its width of an area, or lines crossing.
    static pl::Box box(const Piece& p) { return pl::bounds(p.is_line ? p.line : p.outline); }
    bool overlaps(const Piece& a, const Piece& b) const {
        if (!box(a).meets(box(b), (a.width + b.width) / 2 + pl::kEps)) return false;
        if (!a.is_line && !b.is_line) return pl::overlap_depth(a.outline, b.outline) > r.tolerance;
        if (a.is_line && b.is_line) {
            for (const auto& s : pl::segments(b.line))
                if (pl::line_distance(a.line, s) <= (a.width + b.width) / 2) return true;
            return false;
        }
        const Piece& l = a.is_line ? a : b;
        const Piece& g = a.is_line ? b : a;
        return pl::line_distance(l.line, g.outline) < l.width / 2 - r.tolerance || pl::line_distance(l.line, g.outline) <= pl::kEps;
    }

    void sizes() {
        for (const auto& s : r.sizes)
            for (const auto& p : t.pieces) {
                if (p.kind != s.kind || p.is_line) continue;
                const double least = pl::least_width(p.outline), most = pl::greatest_width(p.outline);
                if (s.min_across && least < *s.min_across - r.tolerance)
                    breach(p, s.cite, u(least) + " across at its narrowest: the guidelines ask at least " + u(*s.min_across));
                if (s.max_across && most > *s.max_across + r.tolerance)
                    breach(p, s.cite, u(most) + " across at its widest: the guidelines allow at most " + u(*s.max_across));
            }
    }
    void apart() {
        for (const auto& a : r.apart)
            for (std::size_t i = 0; i < t.pieces.size(); ++i)
                for (std::size_t j = i + 1; j < t.pieces.size(); ++j) {
                    const Piece &p = t.pieces[i], &q = t.pieces[j];
                    if (p.kind != a.kind || q.kind != a.kind || p.is_line) continue;
                    if (!box(p).meets(box(q), a.min)) continue;  // farther apart than the guideline asks
                    const double gap = pl::distance(p.outline, q.outline);
                    if (gap < a.min - r.tolerance)
                        breach(q, a.cite, u(gap) + " from " + p.kind + " " + quoted_value(p.name) + ": the guidelines ask at least " + u(a.min) + " apart");
                }
    }
    void widths() {
        if (!t.base_width) return;
        const double bw = *t.base_width;
        for (const auto& w : r.widths)
            for (const auto& p : t.pieces) {
                if (p.kind != w.kind || !p.is_line) continue;
                if (w.max_bases && p.width > *w.max_bases * bw + r.tolerance)
                    breach(p, w.cite, u(p.width) + " wide: the guidelines allow at most " + fmt(*w.max_bases) + " base width (" + u(bw) + ")");
                if (w.more_than_bases && p.width <= *w.more_than_bases * bw - r.tolerance)
                    breach(p, w.cite, u(p.width) + " wide: the guidelines ask more than " + fmt(*w.more_than_bases) + " base width (" + u(bw) + ")");
            }
    }
    void near() {
        for (const auto& n : r.near)
            for (const auto& p : t.pieces) {
                if (p.kind != n.kind || !p.church || p.is_line) continue;
                double best = -1;
                bool part = false;
                for (const auto& v : t.pieces) {
                    if (v.kind != n.of || v.is_line) continue;
                    if (pl::overlap_depth(p.outline, v.outline) > r.tolerance) part = true;
                    const double gap = pl::distance(p.outline, v.outline);
                    if (best < 0 || gap < best) best = gap;
                }
                if (part) breach(p, n.cite, "a church stands on a " + n.of + ": the guidelines keep it within " + u(n.within) + " of one but not part of it");
                else if (best < 0) breach(p, n.cite, "a church with no " + n.of + " on the table: it must stand within " + u(n.within) + " of one");
                else if (best > n.within + r.tolerance)
                    breach(p, n.cite, u(best) + " from the nearest " + n.of + ": a church must stand within " + u(n.within));
            }
    }
    void apart_from() {
        for (const auto& a : r.apart_from)
            for (const auto& p : t.pieces) {
                if (p.kind != a.kind) continue;
                for (const auto& q : t.pieces)
                    if (&q != &p && has(a.with, q.kind) && overlaps(p, q))
                        breach(p, a.cite, "overlaps " + q.kind + " " + quoted_value(q.name) + ": it cannot be part of one");
            }
    }
    void no_overlap() {
        for (const auto& n : r.no_overlap)
            for (const auto& w : t.pieces) {
                if (!has(n.kinds, w.kind)) continue;
                for (const auto& q : t.pieces) {
                    if (&q == &w || has(n.except, q.kind) || has(r.drawn, q.kind)) continue;
                    if (has(n.kinds, q.kind) && &q < &w) continue;  // a pair of watercourses is reported once
                    if (overlaps(w, q)) breach(q, n.cite, "overlaps " + w.kind + " " + quoted_value(w.name) + ": only a bridge may");
                }
            }
    }
    void crossings() {
        for (const auto& c : r.crossings)
            for (const auto& road : t.pieces) {
                if (road.kind != c.kind || !road.is_line) continue;
                for (const auto& water : t.pieces) {
                    if (!has(c.of, water.kind) || !water.is_line) continue;
                    for (const auto& s : pl::segments(water.line)) {
                        auto x = pl::first_crossing(road.line, s);
                        if (!x) continue;
                        const auto rs = pl::segments(road.line)[x->segment];
                        const pl::Vec2 at = pl::closest_point(rs, s.a + (s.b - s.a) * *pl::crossing(s, rs));
                        bool covered = false;
                        for (const auto& b : t.pieces)
                            if (has(c.at, b.kind) && !b.is_line && pl::contains(b.outline, at)) covered = true;
                        if (!covered)
                            breach(road, c.cite, "crosses " + water.kind + " " + quoted_value(water.name) + " at [" + fmt(at.x) + ", " + fmt(at.y) +
                                                     "] with no " + join_names(c.at, " or ") + " there");
                    }
                }
            }
    }
};

}  // namespace

std::vector<Breach> check_sketch(const Sketch& t, const Rules& r) {
    Checker c{t, r, {}};
    c.sizes();
    c.apart();
    c.widths();
    c.near();
    c.apart_from();
    c.no_overlap();
    c.crossings();
    std::stable_sort(c.out.begin(), c.out.end(), [](const Breach& a, const Breach& b) {
        return a.where.line < b.where.line || (a.where.line == b.where.line && a.where.column < b.where.column);
    });
    return c.out;
}

namespace {

// The parts of one hill: its pieces grouped by touching (sharing any point), each part in file order.
std::vector<std::vector<const Piece*>> hill_parts(const std::vector<const Piece*>& ps) {
    std::vector<std::size_t> up(ps.size());
    for (std::size_t i = 0; i < ps.size(); ++i) up[i] = i;
    auto find = [&](std::size_t i) {
        while (up[i] != i) i = up[i] = up[up[i]];
        return i;
    };
    for (std::size_t i = 0; i < ps.size(); ++i)
        for (std::size_t j = i + 1; j < ps.size(); ++j) {
            if (find(i) == find(j) || !pl::bounds(ps[i]->outline).meets(pl::bounds(ps[j]->outline), pl::kEps)) continue;
            if (pl::distance(ps[i]->outline, ps[j]->outline) <= pl::kEps) up[find(j)] = find(i);
        }
    std::vector<std::vector<const Piece*>> parts;
    std::map<std::size_t, std::size_t> index;  // root -> part
    for (std::size_t i = 0; i < ps.size(); ++i) {
        auto [it, added] = index.emplace(find(i), parts.size());
        if (added) parts.emplace_back();
        parts[it->second].push_back(ps[i]);
    }
    return parts;
}

}  // namespace

std::vector<Diagnostic> sketch_warnings(const Sketch& t, const Rules& r) {
    std::vector<Diagnostic> out;
    if (r.hill_kind.empty()) return out;
    std::map<std::string, std::vector<const Piece*>> hills;
    std::vector<std::string> order;
    for (const auto& p : t.pieces)
        if (p.kind == r.hill_kind && !p.is_line) {
            if (!hills.count(p.hill)) order.push_back(p.hill);
            hills[p.hill].push_back(&p);
        }
    for (const auto& name : order) {
        const auto parts = hill_parts(hills[name]);
        for (std::size_t k = 1; k < parts.size(); ++k) {
            const Piece* nearest = nullptr;
            double gap = std::numeric_limits<double>::infinity();
            for (std::size_t o = 0; o < parts.size(); ++o)
                for (const Piece* q : parts[o])
                    for (const Piece* p : parts[k])
                        if (o != k && pl::distance(p->outline, q->outline) < gap) gap = pl::distance(p->outline, q->outline), nearest = q;
            const Piece& p = *parts[k].front();
            out.push_back({t.file, p.where.line, p.where.column,
                           "warning: " + r.hill_kind + " " + quoted_value(p.name) + ": " +
                               (parts[k].size() > 1 ? "it and the " + std::to_string(parts[k].size() - 1) + " other piece(s) touching it do" : "it does") +
                               " not touch the rest of hill " + quoted_value(name) + " (the nearest piece, " + quoted_value(nearest->name) + ", is " +
                               fmt(gap) + " " + t.unit + " away); all its pieces are taken together as one hill, as the file names them: give a "
                               "separate hill its own `hill` name"});
        }
    }
    return out;
}

// ---- editing ----------------------------------------------------------------------

void move_piece(Piece& p, pl::Vec2 by) {
    for (auto& v : p.outline) v = v + by;
    for (auto& v : p.line) v = v + by;
    if (p.shape_args.size() >= 2) {
        p.shape_args[0] += by.x, p.shape_args[1] += by.y;
        // Rebuilt from the shorthand, as load_table builds it, so a saved file reads back equal.
        const auto& n = p.shape_args;
        p.outline = p.shape == Piece::Shape::circle ? pl::circle({n[0], n[1]}, n[2]) : pl::ellipse({n[0], n[1]}, n[2], n[3], n[4]);
    }
}

static void rebuild(Base& b) {
    b.outline = b.circle ? pl::circle(b.at, b.radius) : pl::rectangle(b.at, b.width, b.depth, b.facing);
}

void place_base(Base& b, pl::Vec2 at) {
    b.at = at;
    rebuild(b);
}

void turn_base(Base& b, double facing) {
    b.facing = facing;
    rebuild(b);
}

namespace {

// The fewest significant digits that read back as exactly `v` (so 0.1 stays "0.1"), and a
// string with its escapes: core/toml_reader.hpp's writers' helpers.
std::string num(double v) { return toml_number(v); }
std::string str(const std::string& s) { return toml_string(s); }

std::string point(pl::Vec2 p) { return "[" + num(p.x) + ", " + num(p.y) + "]"; }

std::string points_text(const std::vector<pl::Vec2>& ps) {
    std::string out = "[";
    for (std::size_t i = 0; i < ps.size(); ++i) out += (i ? ", " : "") + point(ps[i]);
    return out + "]";
}

std::string numbers_text(const std::vector<double>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + num(v[i]);
    return out + "]";
}

}  // namespace

std::string write_sketch(const Sketch& t) {
    std::string o = "# A table sketch written by Umpire (format: docs/tables.md).\n";
    o += "system = " + str(t.system) + "\n";
    if (!t.title.empty()) o += "title = " + str(t.title) + "\n";
    if (!t.notes.empty()) o += "notes = " + str(t.notes) + "\n";
    o += "unit = " + str(t.unit) + "\n";
    o += "width = " + num(t.width) + "\ndepth = " + num(t.depth) + "\n";
    if (t.base_width) o += "base_width = " + num(*t.base_width) + "\n";
    if (t.photo) o += write_photo(*t.photo);  // [photo]: tabletop/photo.cpp
    for (const auto& p : t.pieces) {
        o += "\n[[piece]]\nkind = " + str(p.kind) + "\nname = " + str(p.name) + "\n";
        if (!p.hill.empty()) o += "hill = " + str(p.hill) + "\n";
        if (p.level) o += "level = " + std::to_string(*p.level) + "\n";
        if (p.height) o += "height = " + num(*p.height) + "\n";
        if (p.church) o += "church = true\n";
        switch (p.shape) {
            case Piece::Shape::line:
                o += "line = " + points_text(p.line) + "\nwidth = " + num(p.width) + "\n";
                if (p.has_top) o += std::string("top = ") + (p.top_left ? "\"left\"" : "\"right\"") + "\n";
                break;
            case Piece::Shape::circle: o += "circle = " + numbers_text(p.shape_args) + "\n"; break;
            case Piece::Shape::ellipse: o += "ellipse = " + numbers_text(p.shape_args) + "\n"; break;
            case Piece::Shape::points: o += "points = " + points_text(p.outline) + "\n"; break;
        }
    }
    for (const auto& b : t.bases) {
        o += "\n[[base]]\nname = " + str(b.name) + "\n";
        if (b.unit != b.name) o += "unit = " + str(b.unit) + "\n";
        if (!b.type.empty()) o += "type = " + str(b.type) + "\n";
        o += "at = " + point(b.at) + "\n";
        if (b.circle) o += "radius = " + num(b.radius) + "\n";
        else o += "size = [" + num(b.width) + ", " + num(b.depth) + "]\n";
        o += "facing = " + num(b.facing) + "\n";
        if (b.wreck) o += "wreck = true\n";
    }
    return o;
}

static bool same_points(const std::vector<pl::Vec2>& a, const std::vector<pl::Vec2>& b) { return a == b; }

bool same_sketch(const Sketch& a, const Sketch& b) {
    if (a.system != b.system || a.title != b.title || a.notes != b.notes || a.unit != b.unit || a.width != b.width ||
        a.depth != b.depth || a.base_width != b.base_width || a.pieces.size() != b.pieces.size() || a.bases.size() != b.bases.size() ||
        !(a.photo == b.photo))
        return false;
    for (std::size_t i = 0; i < a.pieces.size(); ++i) {
        const Piece &p = a.pieces[i], &q = b.pieces[i];
        if (p.name != q.name || p.kind != q.kind || p.is_line != q.is_line || !same_points(p.outline, q.outline) ||
            !same_points(p.line, q.line) || p.shape != q.shape || p.shape_args != q.shape_args || p.width != q.width ||
            p.hill != q.hill || p.level != q.level || p.height != q.height || p.top_left != q.top_left || p.has_top != q.has_top || p.church != q.church)
            return false;
    }
    for (std::size_t i = 0; i < a.bases.size(); ++i) {
        const Base &p = a.bases[i], &q = b.bases[i];
        if (p.name != q.name || p.unit != q.unit || p.type != q.type || p.circle != q.circle || !(p.at == q.at) || p.width != q.width ||
            p.depth != q.depth || p.radius != q.radius || p.facing != q.facing || p.wreck != q.wreck || !same_points(p.outline, q.outline))
            return false;
    }
    return true;
}

}  // namespace umpire::tabletop
