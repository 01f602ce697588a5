// A picture of a ruling on a table sketch (see picture.hpp).
//
// Sections
//   1. frame     the part of the table around the question, and the scale
//   2. looks     a colour and a pattern per kind of terrain, a colour and a sign per mark
//   3. map       grid, pieces, the ruling's lines, bases, names
//   4. words     what decided, the legend
//   5. draw_table
#include "tabletop/picture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

namespace umpire::tabletop {

using canvas::Canvas;
using canvas::Pt;
using canvas::Rgba;
namespace colour = picture::colour;
namespace pl = umpire::plane;

namespace {

// =====================================================================================
// 1. frame
// =====================================================================================

// A table fills a picture about 1200 px wide (a forum shrinks wider ones, and the words with them).
constexpr float kMapWidth = 1200, kMaxMapHeight = 900;

struct Frame {
    float s = 1;
    pl::Vec2 lo, hi;  // the table region shown
    float top = 0, bottom = 0, width = 0;
    Pt at(pl::Vec2 p) const { return {float(p.x - lo.x) * s, top + float(hi.y - p.y) * s}; }
};

void grow(pl::Vec2& lo, pl::Vec2& hi, const std::vector<pl::Vec2>& pts) {
    for (const auto& p : pts) lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)}, hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
}

const std::vector<pl::Vec2>& shape_of(const Sketch& t, ItemRef r) {
    static const std::vector<pl::Vec2> none;
    if (r.base) return r.index < t.bases.size() ? t.bases[r.index].outline : none;
    if (r.index >= t.pieces.size()) return none;
    const Piece& p = t.pieces[r.index];
    return p.is_line ? p.line : p.outline;
}

// Places [lo, hi] (grown to `len`) inside the table [0, size]: centred, slid back onto the table.
void fit_axis(double& lo, double& hi, double len, double size) {
    const double mid = (lo + hi) / 2;
    lo = mid - len / 2, hi = mid + len / 2;
    if (len >= size) lo = size / 2 - len / 2, hi = lo + len;
    else if (lo < 0) hi -= lo, lo = 0;
    else if (hi > size) lo -= hi - size, hi = size;
}

Frame frame_for(const Sketch& t, const TableView& v, float map_top) {
    pl::Vec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
    for (const auto& r : v.subjects) grow(lo, hi, shape_of(t, r));
    for (const auto& sv : v.sights) {
        grow(lo, hi, {sv.line.a, sv.line.b});
        for (const auto& c : sv.crossed) grow(lo, hi, shape_of(t, c.item));
    }
    grow(lo, hi, v.path);
    for (const auto& c : v.path_crossed) grow(lo, hi, shape_of(t, c.item));
    if (lo.x > hi.x) lo = {0, 0}, hi = {t.width, t.depth};  // nothing placed: the whole table
    // Context around the question: a fifth of its size, at least a tenth of the table.
    const double pad = std::max({(hi.x - lo.x) * 0.2, (hi.y - lo.y) * 0.2, std::max(t.width, t.depth) * 0.1});
    double w = std::max(hi.x - lo.x + 2 * pad, t.width * 0.35), h = std::max(hi.y - lo.y + 2 * pad, t.depth * 0.3);
    Frame f;
    f.s = float(std::min(double(kMapWidth) / w, double(kMaxMapHeight) / h));
    f.width = std::clamp(std::ceil(float(w) * f.s), picture::kMinWidth, picture::kMaxWidth);
    w = f.width / f.s;  // a narrow question gets the table beside it
    fit_axis(lo.x, hi.x, w, t.width);
    fit_axis(lo.y, hi.y, h, t.depth);
    f.lo = lo, f.hi = hi;
    f.top = map_top;
    f.bottom = map_top + std::ceil(float(h) * f.s);
    return f;
}

// =====================================================================================
// 2. looks
// =====================================================================================

enum class Pattern { contour, tree, house, reed, row, wave, none };
struct KindLook {
    Rgba colour;
    Pattern pattern;
    const char* glyph;  // the legend swatch's letters
};

// Amber, red and green are verdicts, never terrain.
KindLook look_of(const std::string& kind) {
    auto is = [&](std::initializer_list<const char*> names) {
        return std::any_of(names.begin(), names.end(), [&](const char* n) { return kind == n; });
    };
    if (is({"hill", "contour"})) return {canvas::rgba(0x8C, 0xA8, 0x6B), Pattern::contour, "^"};
    if (is({"woods", "forest", "orchard", "spinney"})) return {canvas::rgba(0x4C, 0xAE, 0x61), Pattern::tree, "o"};
    if (is({"village", "landmark", "buildings", "building", "town"})) return {canvas::rgba(0xBD, 0xA3, 0xCC), Pattern::house, "#"};
    if (is({"swamp", "marsh", "boggy", "bog"})) return {canvas::rgba(0x61, 0xB3, 0xA3), Pattern::reed, "\xe2\x8a\xa5"};
    if (is({"field", "fields", "rough", "impassable-rough", "desert"})) return {canvas::rgba(0xB3, 0xB8, 0x94), Pattern::row, "/"};
    if (is({"river", "stream", "creek", "canal", "ford", "brook", "water"})) return {canvas::rgba(0x61, 0x99, 0xEB), Pattern::wave, "~"};
    return {canvas::rgba(0xD1, 0xD1, 0xD6), Pattern::none, ""};
}

Rgba mark_colour(Mark m) {
    switch (m) {
        case Mark::blocking: return colour::bad;
        case Mark::call: return colour::referee_call;
        case Mark::cover: return colour::neutral;
        case Mark::crossed: return colour::lit;
        case Mark::clear: break;
    }
    return colour::good;
}

picture::Sign mark_sign(Mark m) {
    switch (m) {
        case Mark::blocking: return picture::Sign::cross;
        case Mark::call: return picture::Sign::triangle;
        case Mark::cover:
        case Mark::crossed: return picture::Sign::dot;
        case Mark::clear: break;
    }
    return picture::Sign::check;
}

int rank(Mark m) { return m == Mark::call ? 4 : m == Mark::blocking ? 3 : m == Mark::cover ? 2 : m == Mark::crossed ? 1 : 0; }

// The strongest mark each piece and base got (several lines may cross it).
struct Marks {
    std::vector<std::optional<Mark>> pieces, bases;
};
Marks marks_of(const Sketch& t, const TableView& v) {
    Marks m{std::vector<std::optional<Mark>>(t.pieces.size()), std::vector<std::optional<Mark>>(t.bases.size())};
    auto note = [&](const Crossing& c) {
        auto& slot = c.item.base ? m.bases : m.pieces;
        if (c.item.index >= slot.size()) return;
        if (!slot[c.item.index] || rank(c.mark) > rank(*slot[c.item.index])) slot[c.item.index] = c.mark;
    };
    for (const auto& sv : v.sights)
        for (const auto& c : sv.crossed) note(c);
    for (const auto& c : v.path_crossed) note(c);
    return m;
}

// =====================================================================================
// 3. map
// =====================================================================================

std::vector<Pt> to_px(const Frame& f, const std::vector<pl::Vec2>& pts) {
    std::vector<Pt> out;
    for (const auto& p : pts) out.push_back(f.at(p));
    return out;
}

void draw_grid(Canvas& cv, const Frame& f, const Sketch& t) {
    const auto& font = *canvas::Fonts::dejavu().regular;
    const double steps_in[] = {1, 2, 3, 6, 12, 24, 48, 96}, steps_cm[] = {1, 2, 5, 10, 20, 50, 100, 200};
    const double* steps = t.unit == "cm" ? steps_cm : steps_in;
    double step = steps[7];
    for (int i = 0; i < 8; ++i)
        if (steps[i] * f.s >= 60) {
            step = steps[i];
            break;
        }
    cv.rect(f.at({0, t.depth}).x, f.at({0, t.depth}).y, f.at({t.width, 0}).x, f.at({t.width, 0}).y, canvas::rgba(0x2C, 0x34, 0x28));
    char buf[32];
    for (double x = 0; x <= t.width + 1e-9; x += step) {
        cv.line(f.at({x, 0}), f.at({x, t.depth}), 1, canvas::rgba(0xFF, 0xFF, 0xFF, 0x26));
        if (x == 0) std::snprintf(buf, sizeof buf, "0 %s", t.unit.c_str());
        else std::snprintf(buf, sizeof buf, "%g", x);
        cv.text(font, 15, {f.at({x, 0}).x + 3, std::max(f.top, f.at({x, t.depth}).y) + 3}, buf, colour::dim);
    }
    for (double y = step; y < t.depth - 1e-9; y += step) {
        cv.line(f.at({0, y}), f.at({t.width, y}), 1, canvas::rgba(0xFF, 0xFF, 0xFF, 0x26));
        std::snprintf(buf, sizeof buf, "%g", y);
        cv.text(font, 15, {std::max(0.0f, f.at({0, y}).x) + 3, f.at({0, y}).y + 3}, buf, colour::dim);
    }
    const Pt a = f.at({0, t.depth}), b = f.at({t.width, 0});
    cv.stroke({a, {b.x, a.y}, b, {a.x, b.y}}, 2, canvas::rgba(0xC8, 0xC8, 0xC8), true);
}

// One mark of a pattern, `r` px across, at q.
void pattern_mark(Canvas& cv, Pattern p, Pt q, float r, Rgba c) {
    switch (p) {
        case Pattern::contour: cv.stroke({{q.x - r, q.y + r / 2}, {q.x, q.y - r / 2}, {q.x + r, q.y + r / 2}}, 1.5f, c); break;
        case Pattern::tree: cv.ring(q, r * 0.7f, 1.5f, c); break;
        case Pattern::house: cv.stroke({{q.x - r * 0.6f, q.y - r * 0.6f}, {q.x + r * 0.6f, q.y - r * 0.6f}, {q.x + r * 0.6f, q.y + r * 0.6f}, {q.x - r * 0.6f, q.y + r * 0.6f}}, 1.5f, c, true); break;
        case Pattern::reed: cv.line({q.x - r, q.y}, {q.x + r, q.y}, 1.5f, c), cv.line(q, {q.x, q.y - r}, 1.5f, c); break;
        case Pattern::row: cv.line({q.x - r, q.y + r}, {q.x + r, q.y - r}, 1.5f, c); break;
        case Pattern::wave: cv.stroke({{q.x - r, q.y}, {q.x - r / 2, q.y - r / 3}, {q.x, q.y}, {q.x + r / 2, q.y + r / 3}, {q.x + r, q.y}}, 1.5f, c); break;
        case Pattern::none: cv.circle(q, 1.5f, c); break;
    }
}

void draw_area(Canvas& cv, const Frame& f, const Piece& p, const KindLook& lk) {
    const auto pts = to_px(f, p.outline);
    cv.fill(pts, canvas::with_alpha(lk.colour, p.level ? std::min(0xA0u, 0x40u + 0x28u * unsigned(*p.level)) : 0x48u));
    // The pattern on a staggered grid inside the outline: never the colour alone.
    const pl::Box bx = pl::bounds(p.outline);
    const float gap = 22;
    const Pt a = f.at({bx.lo.x, bx.hi.y}), b = f.at({bx.hi.x, bx.lo.y});
    int row = 0;
    for (float y = a.y + gap / 2; y < b.y && row < 400; y += gap, ++row)
        for (float x = a.x + gap / 2 + (row % 2) * gap / 2; x < b.x; x += gap) {
            const pl::Vec2 at{f.lo.x + double(x) / f.s, f.hi.y - double(y - f.top) / f.s};
            if (pl::contains(p.outline, at)) pattern_mark(cv, lk.pattern, {x, y}, 5, canvas::with_alpha(lk.colour, 0xD0));
        }
    cv.stroke(pts, 2, lk.colour, true);
}

void draw_line_piece(Canvas& cv, const Frame& f, const Piece& p, const KindLook& lk) {
    const auto pts = to_px(f, p.line);
    cv.stroke(pts, std::max(3.0f, float(p.width) * f.s), canvas::with_alpha(lk.colour, p.width > 0 ? 0x9A : 0xFF));
    if (lk.pattern == Pattern::wave && p.width > 0)
        for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
            const Pt d = pts[i + 1] - pts[i];
            const float len = std::hypot(d.x, d.y);
            for (float k = 12; k < len; k += 28) pattern_mark(cv, Pattern::wave, pts[i] + d * (k / len), 6, colour::text);
        }
    if (!p.has_top) return;
    // An escarpment's top side: hachures on that side (left of the line's direction when top_left).
    for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
        const Pt a = pts[i], b = pts[i + 1];
        const float len = std::hypot(b.x - a.x, b.y - a.y);
        if (len < 1) continue;
        Pt n{(b.y - a.y) / len, -(b.x - a.x) / len};
        if (!p.top_left) n = n * -1.0f;
        for (float d = 5; d < len; d += 12) {
            const Pt q = a + (b - a) * (d / len);
            cv.line(q, q + n * 10.0f, 2, lk.colour);
        }
        cv.line(a, b, 5, lk.colour);
        const auto& font = *canvas::Fonts::dejavu().bold;
        const Pt mid = (a + b) * 0.5f + n * 24.0f;
        cv.text(font, 16, {mid.x - font.width(16, "top") / 2, mid.y - 9}, "top", lk.colour);
    }
}

void draw_pieces(Canvas& cv, const Frame& f, const Sketch& t, const Marks& m) {
    for (const bool lines : {false, true})
        for (std::size_t i = 0; i < t.pieces.size(); ++i) {
            const Piece& p = t.pieces[i];
            if (p.is_line != lines) continue;
            const KindLook lk = look_of(p.kind);
            lines ? draw_line_piece(cv, f, p, lk) : draw_area(cv, f, p, lk);
            if (!m.pieces[i]) continue;
            // Crossed: outlined again in its mark's colour (hatched red when it blocks).
            const auto pts = to_px(f, lines ? p.line : p.outline);
            if (*m.pieces[i] == Mark::blocking && !lines) cv.hatch(pts, 12, 2, canvas::with_alpha(colour::bad, 0x80));
            cv.stroke(pts, 4, colour::ink, !lines);
            cv.stroke(pts, 2.5f, mark_colour(*m.pieces[i]), !lines);
        }
}

void draw_lines(Canvas& cv, const Frame& f, const TableView& v) {
    for (const auto& sv : v.sights) {
        const Pt a = f.at(sv.line.a), b = f.at(sv.line.b);
        cv.line(a, b, 9, colour::ink);
        cv.line(a, b, 5, colour::lit);
        cv.circle(b, 6, colour::lit);
    }
    if (v.path.size() >= 2) {
        const auto pts = to_px(f, v.path);
        cv.stroke(pts, 9, colour::ink);
        cv.stroke(pts, 5, colour::lit);
        cv.arrow(pts[pts.size() - 2], pts.back(), 5, 18, colour::lit);
    }
}

void draw_bases(Canvas& cv, const Frame& f, const Sketch& t, const TableView& v, const Marks& m) {
    for (std::size_t i = 0; i < t.bases.size(); ++i) {
        const Base& b = t.bases[i];
        const auto it = std::find(v.subjects.begin(), v.subjects.end(), ItemRef{true, i});
        const bool subject = it != v.subjects.end();
        const auto pts = to_px(f, b.outline);
        const Rgba edge = m.bases[i] ? mark_colour(*m.bases[i]) : subject ? (it == v.subjects.begin() ? colour::lit : colour::target) : colour::ink;
        cv.fill(pts, subject ? (it == v.subjects.begin() ? colour::lit : colour::target) : canvas::rgba(0xE1, 0xE1, 0xE6));
        cv.stroke(pts, subject || m.bases[i] ? 4.0f : 2.0f, subject && !m.bases[i] ? colour::ink : edge, true);
        // The front: the base's first edge drawn thick, and a stroke from its centre to the front.
        const double rad = b.facing * pl::kPi / 180.0, reach = b.circle ? b.radius : b.depth / 2;
        cv.line(f.at(b.at), f.at({b.at.x + std::sin(rad) * reach, b.at.y + std::cos(rad) * reach}), 3, colour::ink);
        if (!b.circle && pts.size() == 4) cv.line(pts[0], pts[1], 5, colour::ink);
        if (b.wreck && pts.size() == 4) cv.line(pts[0], pts[2], 2, colour::ink), cv.line(pts[1], pts[3], 2, colour::ink);
    }
}

// Names last, so nothing covers them; a label that would cover one already placed moves down or up.
struct Labels {
    Canvas& cv;
    const Frame& f;
    std::vector<std::array<float, 4>> placed;
    std::vector<std::pair<Pt, Pt>> lines;  // the ruling's lines: a name never covers them when it can move
    bool covers_line(float x0, float y0, float x1, float y1) const {
        for (const auto& [a, b] : lines) {
            const float len = std::hypot(b.x - a.x, b.y - a.y);
            for (float d = 0; d <= len; d += 3) {
                const Pt q = a + (b - a) * (len > 0 ? d / len : 0.0f);
                if (q.x >= x0 - 4 && q.x <= x1 + 4 && q.y >= y0 - 4 && q.y <= y1 + 4) return true;
            }
        }
        return false;
    }
    void put(Pt at, const std::string& text, Rgba c, picture::Sign sign = picture::Sign::none, Rgba sign_colour = 0) {
        if (at.x < 0 || at.x > f.width || at.y < f.top || at.y > f.bottom) return;  // its item is out of the picture
        const auto& font = *canvas::Fonts::dejavu().bold;
        const float px = 17, h = px * 1.4f, extra = sign != picture::Sign::none ? 26 : 0;
        const float w = font.width(px, text) + 10 + extra;
        Pt p{std::clamp(at.x - w / 2, 2.0f, f.width - w - 2), at.y - h / 2};
        for (const float k : {0.f, 1.f, -1.f, 2.f, -2.f, 3.f, -3.f, 4.f, -4.f}) {
            const Pt q{p.x, p.y + k * h};
            const bool free = std::none_of(placed.begin(), placed.end(), [&](const auto& r) {
                return !(q.x + w < r[0] || q.x > r[2] || q.y + h < r[1] || q.y > r[3]);
            }) && !covers_line(q.x, q.y, q.x + w, q.y + h);
            if (free) {
                p = q;
                break;
            }
        }
        p.y = std::clamp(p.y, f.top + 2, f.bottom - h - 2);
        placed.push_back({p.x, p.y, p.x + w, p.y + h});
        cv.rect(p.x, p.y, p.x + w, p.y + h, canvas::with_alpha(colour::ink, 0xC8));
        if (extra > 0) picture::draw_sign(cv, sign, {p.x + 14, p.y + h / 2}, 18, sign_colour);
        cv.text(font, px, {p.x + 5 + extra, p.y + px * 0.2f}, text, c);
    }
};

void draw_names(Canvas& cv, const Frame& f, const Sketch& t, const TableView& v, const Marks& m) {
    Labels labels{cv, f, {}, {}};
    for (const auto& sv : v.sights) labels.lines.push_back({f.at(sv.line.a), f.at(sv.line.b)});
    for (std::size_t i = 0; i + 1 < v.path.size(); ++i) labels.lines.push_back({f.at(v.path[i]), f.at(v.path[i + 1])});
    for (const Base& b : t.bases) {  // a piece's name never covers a base
        const pl::Box bx = pl::bounds(b.outline);
        const Pt a = f.at({bx.lo.x, bx.hi.y}), z = f.at({bx.hi.x, bx.lo.y});
        labels.placed.push_back({a.x, a.y, z.x, z.y});
    }
    for (std::size_t i = 0; i < t.bases.size(); ++i) {
        const Base& b = t.bases[i];
        const pl::Box bx = pl::bounds(b.outline);
        const Pt at = f.at({(bx.lo.x + bx.hi.x) / 2, bx.lo.y});
        const picture::Sign sg = m.bases[i] ? mark_sign(*m.bases[i]) : picture::Sign::none;
        labels.put({at.x, at.y + 16}, b.name, colour::text, sg, m.bases[i] ? mark_colour(*m.bases[i]) : 0);
    }
    for (std::size_t i = 0; i < t.pieces.size(); ++i) {
        const Piece& p = t.pieces[i];
        const pl::Vec2 at = p.is_line ? (p.line[(p.line.size() - 1) / 2] + p.line[p.line.size() / 2]) * 0.5 : pl::centroid(p.outline);
        std::string text = p.name;
        if (m.pieces[i]) text += " \xe2\x80\x94 " + std::string(to_string(*m.pieces[i]));  // its mark in words
        const picture::Sign sg = m.pieces[i] ? mark_sign(*m.pieces[i]) : picture::Sign::none;
        labels.put(f.at(at), text, m.pieces[i] ? mark_colour(*m.pieces[i]) : look_of(p.kind).colour, sg, m.pieces[i] ? mark_colour(*m.pieces[i]) : 0);
    }
}

// =====================================================================================
// 4. words
// =====================================================================================

std::vector<picture::Reason> decided_of(const TableView& v, const std::string& detail) {
    constexpr std::size_t kMaxDecided = 8;
    std::vector<picture::Reason> out;
    std::vector<std::string> seen{detail};
    std::size_t more = 0;
    auto add = [&](const Crossing& c) {
        if (c.mark == Mark::clear || c.says.empty() || std::find(seen.begin(), seen.end(), c.says) != seen.end()) return;
        seen.push_back(c.says);
        if (out.size() < kMaxDecided) out.push_back({"", std::string(to_string(c.mark)) + ": " + c.says});
        else ++more;
    };
    for (const auto& sv : v.sights)
        for (const auto& c : sv.crossed) add(c);
    for (const auto& c : v.path_crossed) add(c);
    if (more) out.push_back({"", "\xe2\x80\xa6 and " + std::to_string(more) + " more (the ruling lists every one)"});
    return out;
}

std::vector<picture::LegendItem> legend_of(const Frame& f, const Sketch& t, const TableView& v, const Marks& m) {
    using Item = picture::LegendItem;
    std::vector<Item> out;
    for (std::size_t k = 0; k < v.subjects.size() && k < 4; ++k) {
        const ItemRef& r = v.subjects[k];
        if (!r.base || r.index >= t.bases.size()) continue;
        out.push_back({Item::Kind::unit, picture::Sign::none, k == 0 ? colour::lit : colour::target, "", t.bases[r.index].name + (k == 0 ? " (firer or mover)" : "")});
    }
    if (!v.sights.empty()) out.push_back({Item::Kind::line, picture::Sign::none, colour::lit, "", "line of sight, centre to centre"});
    if (v.path.size() >= 2) out.push_back({Item::Kind::line, picture::Sign::none, colour::lit, "", "the move's path"});
    bool shown[5] = {};
    for (const auto& x : m.pieces) if (x) shown[int(*x)] = true;
    for (const auto& x : m.bases) if (x) shown[int(*x)] = true;
    for (const Mark k : {Mark::clear, Mark::blocking, Mark::cover, Mark::crossed, Mark::call})
        if (shown[int(k)]) out.push_back({Item::Kind::sign, mark_sign(k), mark_colour(k), "", to_string(k)});
    // The kinds of terrain in the picture (a piece whose bounds meet the part of the table shown).
    std::vector<std::string> kinds;
    const pl::Box in_view{f.lo, f.hi};
    for (const auto& p : t.pieces)
        if (pl::bounds(p.is_line ? p.line : p.outline).meets(in_view, p.width / 2) && std::find(kinds.begin(), kinds.end(), p.kind) == kinds.end())
            kinds.push_back(p.kind);
    for (const auto& k : kinds) {
        const KindLook lk = look_of(k);
        // A kind drawn without a pattern is told apart in the legend by its letters (on the map, by its name).
        out.push_back({Item::Kind::swatch, picture::Sign::none, lk.colour, *lk.glyph ? lk.glyph : picture::abbreviation(kinds, k), k});
    }
    return out;
}

}  // namespace

// =====================================================================================
// 5. draw_table
// =====================================================================================

Pt TablePicture::at(pl::Vec2 p) const { return {float(p.x - top_left.x) * scale, map_top + float(top_left.y - p.y) * scale}; }

TablePicture draw_table(const Sketch& t, const TableView& v, picture::Caption caption) {
    const Marks m = marks_of(t, v);
    if (caption.decided.empty()) caption.decided = decided_of(v, caption.detail);
    Frame f = frame_for(t, v, 0);
    caption.legend = legend_of(f, t, v, m);
    const float header = std::ceil(picture::draw_header(nullptr, caption, 0, f.width));
    f.top += header, f.bottom += header;
    const float footer = std::ceil(picture::draw_footer(nullptr, caption, 0, f.width));
    TablePicture out{Canvas(int(f.width), int(f.bottom + footer), colour::ground), f.s, {f.lo.x, f.hi.y}, f.top, f.bottom};
    Canvas& cv = out.canvas;
    picture::draw_header(&cv, caption, 0, f.width);
    cv.clip(0, f.top, f.width, f.bottom);
    cv.rect(0, f.top, f.width, f.bottom, colour::off_board);
    draw_grid(cv, f, t);
    draw_pieces(cv, f, t, m);
    draw_lines(cv, f, v);
    draw_bases(cv, f, t, v, m);
    draw_names(cv, f, t, v, m);
    cv.reset_clip();
    picture::draw_footer(&cv, caption, f.bottom, f.width);
    return out;
}

}  // namespace umpire::tabletop
