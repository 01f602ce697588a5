// A picture of a ruling on a board (see picture.hpp).
//
// Sections
//   1. frame     world coordinates (a hex's circumradius 1, flat-topped, y down: the board view's),
//                the region around the line and the hex size that makes it readable
//   2. looks     the game's colour, glyph and word for a name, or the picture's own
//   3. map       the board's own picture ([underlay]) under the hexes, hexes, hexside features,
//                numbers, the marks, the lines, the units
//   4. words     what decided (the marks on the deciding line), the legend
//   5. draw_board
#include "board/picture.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>

#include "board/underlay.hpp"
#include "core/image.hpp"

namespace umpire::board {

using canvas::Canvas;
using canvas::Pt;
using canvas::Rgba;
namespace colour = picture::colour;

namespace {

// =====================================================================================
// 1. frame
// =====================================================================================

constexpr float kSqrt3 = 1.7320508075688772f;
constexpr float kMinRadius = 16, kMaxRadius = 46;  // hexes 32 to 92 px across
constexpr float kMaxMapHeight = 1000;
constexpr float kPad = 2.4f;  // world units around the line: about a hex and a half of context

Pt world_centre(const hex::Cube& h) { return {1.5f * float(h.q), kSqrt3 * (float(h.r) + float(h.q) / 2.0f)}; }

// Corner k of a hex (0 the north-west one; hexside d runs from corner d to corner d + 1).
Pt world_corner(const hex::Cube& h, int k) {
    const float a = float(M_PI) / 180.0f * (240.0f + 60.0f * float(((k % 6) + 6) % 6));
    return world_centre(h) + Pt{std::cos(a), std::sin(a)};
}

struct Frame {
    float R = 1;
    Pt origin;
    float top = 0, bottom = 0, width = 0;
    Pt at(Pt world) const { return {origin.x + world.x * R, origin.y + world.y * R}; }
    Pt centre(const hex::Cube& h) const { return at(world_centre(h)); }
    Pt corner(const hex::Cube& h, int k) const { return at(world_corner(h, k)); }
    Pt side_mid(const hex::Cube& h, int d) const {
        const Pt a = corner(h, d), b = corner(h, d + 1);
        return {(a.x + b.x) / 2, (a.y + b.y) / 2};
    }
    std::vector<Pt> hexagon(const hex::Cube& h, float k = 1.0f) const {
        const Pt c = centre(h);
        std::vector<Pt> p;
        for (int i = 0; i < 6; ++i) p.push_back(c + (corner(h, i) - c) * k);
        return p;
    }
    // A label whose box [x0, x1) x [y0, y1) lies wholly in the map: one the edge would cut in half
    // is left out (a half-drawn hex number reads as another number).
    bool holds(float x0, float y0, float x1, float y1) const { return x0 >= 0 && x1 <= width && y0 >= top && y1 <= bottom; }
    bool shows(const hex::Cube& h) const {
        const Pt c = centre(h);
        return c.x > -R && c.x < width + R && c.y > top - R && c.y < bottom + R;
    }
};

struct Box {
    float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
    void add(Pt p) { x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y); }
    float w() const { return x1 - x0; }
    float h() const { return y1 - y0; }
};

// What the picture must show: the units' hexes, every line, every mark.
Box interest(const view::BoardMarks& m) {
    Box b;
    b.add(world_centre(m.firer));
    b.add(world_centre(m.target));
    for (const auto& l : m.lines)
        for (const auto& h : l.route) b.add(world_centre(h));
    for (const auto& x : m.hexes) b.add(world_centre(x.hex));
    for (const auto& x : m.sides) b.add(world_centre(x.hex));
    return b;
}

// Places the view (`len` world units) over [lo, hi] of interest inside the board's [blo, bhi]: the
// interest centred, then slid to waste no room beyond the board's edge when the board is larger.
float place_view(float lo, float hi, float len, float blo, float bhi) {
    float start = (lo + hi) / 2 - len / 2;
    if (len < bhi - blo) start = std::clamp(start, blo, bhi - len);
    else start = (blo + bhi) / 2 - len / 2;
    return start;
}

// The hex size and the map's extent: the line and a margin of context, hexes as large as the
// widest picture allows (kMaxRadius at most) and never so small that the line is cut.
Frame frame_for(const Board& b, const view::BoardMarks& m, float map_top) {
    const Box want = interest(m);
    Box board;
    for (int i = 0; i < b.hex_count(); ++i) {
        const Pt c = world_centre(b.hex_at(i));
        board.add({c.x - 1, c.y - kSqrt3 / 2});
        board.add({c.x + 1, c.y + kSqrt3 / 2});
    }
    const float ww = std::max(want.w() + 2 * kPad, 14.0f), wh = std::max(want.h() + 2 * kPad, 9.0f);
    float R = std::clamp(std::min((picture::kMaxWidth) / ww, kMaxMapHeight / wh), kMinRadius, kMaxRadius);
    R = std::min(R, picture::kMaxWidth / (want.w() + 2.2f));  // never cut the line
    Frame f;
    f.R = R;
    f.width = std::clamp(std::ceil(ww * R), picture::kMinWidth, picture::kMaxWidth);
    const float view_w = f.width / R;
    // No taller than the board (with its margin) or the interest: no empty band below a small
    // board; a board little taller than that is shown whole (no row cut in half at its edge).
    float view_h = std::min(wh, std::max(board.h() + 1.0f, want.h() + 2.2f));
    if (board.h() + 1.0f <= view_h * 1.3f && (board.h() + 1.0f) * R <= kMaxMapHeight) view_h = std::max(view_h, board.h() + 1.0f);
    const float x0 = place_view(want.x0, want.x1, view_w, board.x0 - 0.5f, board.x1 + 0.5f);
    const float y0 = place_view(want.y0, want.y1, view_h, board.y0 - 0.5f, board.y1 + 0.5f);
    f.top = map_top;
    f.bottom = map_top + std::ceil(view_h * R);
    f.origin = {-x0 * R, map_top - y0 * R};
    return f;
}

// =====================================================================================
// 2. looks
// =====================================================================================

// The picture's own tone for a name a game gives no colour: by what the word says it is.
Rgba own_fill(const std::string& name, bool ground) {
    auto has = [&](const char* w) { return name.find(w) != std::string::npos; };
    if (ground) return canvas::rgba(0x3A, 0x40, 0x37);
    if (has("wood") || has("forest")) return canvas::rgba(0x24, 0x5C, 0x2B);
    if (has("rough")) return canvas::rgba(0x6A, 0x55, 0x33);
    if (has("wreck")) return canvas::rgba(0x4D, 0x4D, 0x5C);
    if (has("water") || has("river") || has("lake") || has("swamp") || has("marsh")) return canvas::rgba(0x27, 0x4E, 0x6E);
    if (has("town") || has("build") || has("village")) return canvas::rgba(0x66, 0x66, 0x66);
    if (has("obstacle")) return canvas::rgba(0x5B, 0x4A, 0x6E);
    return canvas::rgba(0x55, 0x52, 0x44);
}

Rgba own_side_colour(const std::string& name) {
    if (name == "berm") return canvas::rgba(0xB0, 0x72, 0x3C);
    if (name == "slope") return canvas::rgba(0xD8, 0xD8, 0xC8);
    return canvas::rgba(0xC8, 0xB4, 0xF0);  // never amber, red or green: those are verdicts
}

struct Looks {
    const Board& b;
    const view::BoardSupport* support;

    // A name's glyph when the game gives none: picture::abbreviation ("W" woods, "Wr" wreck); the
    // list's first hex terrain (the plain ground) none.
    view::BoardSupport::Look of(const std::string& name, const std::vector<std::string>& list, bool ground) const {
        view::BoardSupport::Look l = support ? support->look(name) : view::BoardSupport::Look{};
        if (!l.rgba) {
            l.rgba = &list == &b.vocabulary.hexside_features ? own_side_colour(name) : own_fill(name, ground);
            if (l.glyph.empty() && !ground) l.glyph = picture::abbreviation(list, name);
        }
        if (l.word.empty()) l.word = name;
        return l;
    }
    view::BoardSupport::Look terrain(int i) const {
        const auto& v = b.vocabulary.hex_terrain;
        return i < 0 || std::size_t(i) >= v.size() ? view::BoardSupport::Look{"", colour::off_board, "off the board"} : of(v[std::size_t(i)], v, i == 0);
    }
    view::BoardSupport::Look feature(int i) const { return of(b.vocabulary.hex_features.at(std::size_t(i)), b.vocabulary.hex_features, false); }
    view::BoardSupport::Look side(int i) const { return of(b.vocabulary.hexside_features.at(std::size_t(i)), b.vocabulary.hexside_features, false); }
};

// Letters readable on a fill: dark on a light colour, light on a dark one.
Rgba ink_on(Rgba fill) {
    const unsigned lum = ((fill >> 24) * 3 + ((fill >> 16) & 0xFF) * 6 + ((fill >> 8) & 0xFF)) / 10;
    return lum > 140 ? colour::ink : colour::text;
}

void centred_text(Canvas& cv, const canvas::Font& f, float px, Pt c, const std::string& s, Rgba col) {
    cv.text(f, px, {c.x - f.width(px, s) / 2, c.y - f.ascent(px) * 0.62f}, s, col);
}

// centred_text, left out when the map's edge would cut it (Frame::holds).
void centred_label(Canvas& cv, const Frame& fr, const canvas::Font& f, float px, Pt c, const std::string& s, Rgba col) {
    const float w = f.width(px, s), top = c.y - f.ascent(px) * 0.62f;
    if (fr.holds(c.x - w / 2, top, c.x + w / 2, top + f.line_height(px))) centred_text(cv, f, px, c, s, col);
}

// =====================================================================================
// 3. map
// =====================================================================================

Rgba mark_colour(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return colour::bad;
        case view::Mark::referee_call: return colour::referee_call;
        case view::Mark::hindering: return colour::neutral;
        default: return colour::good;
    }
}

picture::Sign mark_sign(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return picture::Sign::cross;
        case view::Mark::referee_call: return picture::Sign::triangle;
        case view::Mark::hindering: return picture::Sign::dot;
        case view::Mark::clear: return picture::Sign::check;
        default: return picture::Sign::none;
    }
}

// A mark in the legend's words (a terrain may be called "clear" too).
const char* mark_words(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return "blocks the line";
        case view::Mark::referee_call: return "referee's call";
        case view::Mark::hindering: return "in the way, does not block";
        default: return "met by the line, does not block";
    }
}

bool lit(view::Mark m) { return m == view::Mark::blocking || m == view::Mark::referee_call || m == view::Mark::hindering; }

// The hex's number as printed, at the top of the hex; `backed`: on a dark box, over the lines and
// signs drawn since (the hexes that decided keep their numbers readable under the line).
void hex_number(Canvas& cv, const Frame& f, const Board& b, const hex::Cube& h, bool backed) {
    const auto& font = *canvas::Fonts::dejavu().regular;
    const float px = std::min(f.R * 0.3f, 14.0f);
    if (px < 9) return;  // too small to read: the legend and the words name the hexes
    const std::string n = b.name(h);
    const Pt c = f.centre(h);
    const float w = font.width(px, n), x = c.x - w / 2, y = c.y - f.R * 0.8f, lh = font.line_height(px);
    if (!f.holds(x, y, x + w, y + lh)) return;
    if (backed) cv.rect(x - 3, y - 1, x + w + 3, y + lh, canvas::with_alpha(colour::ink, 0xC8));
    cv.text(font, px, {x, y}, n, canvas::rgba(0xE4, 0xE6, 0xE0, backed ? 0xFF : 0xD0));
}

// The board's own picture (a scan or a photo, [underlay], docs/maps.md) under the hexes, as the
// board view draws it (issue 24): each pixel of the map looked up through the board's calibration
// (nearest pixel of the picture) at the file's opacity. Returns that opacity: the hexes' fills are
// then as transparent as the picture is opaque. A picture that cannot be read or whose points are
// refused is left out (0): the ruling's picture is right without it, and `board check` and the
// window say what is wrong with it.
float draw_underlay(Canvas& cv, const Frame& f, const Board& b) {
    if (!b.underlay || b.file.empty() || b.underlay->opacity <= 0) return 0;
    try {
        const image::Image img = image::read_image(underlay_path(b, b.file), b.underlay->image);
        const calibration::Fit fit = underlay_fit(b, plane::Vec2{double(img.width), double(img.height)});
        if (!fit.ok) return 0;
        const float opacity = float(std::min(1.0, b.underlay->opacity));
        const unsigned alpha = unsigned(std::lround(opacity * 255.0f));
        for (int y = int(f.top); y < int(std::ceil(f.bottom)); ++y)
            for (int x = 0; x < int(std::ceil(f.width)); ++x) {
                const plane::Vec2 world{(double(x) + 0.5 - double(f.origin.x)) / double(f.R), (double(y) + 0.5 - double(f.origin.y)) / double(f.R)};
                const plane::Vec2 p = fit.to_pixel.apply(world);
                const long px = std::lround(std::floor(p.x)), py = std::lround(std::floor(p.y));
                if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
                const std::uint8_t* q = img.at(int(px), int(py));
                cv.pixel(x, y, canvas::rgba(q[0], q[1], q[2], alpha));
            }
        return opacity;
    } catch (const std::exception&) {  // unreadable, truncated, too large: drawn without it
        return 0;
    }
}

void draw_hexes(Canvas& cv, const Frame& f, const Board& b, const Looks& looks, float underlay = 0) {
    const auto& fonts = canvas::Fonts::dejavu();
    const float glyph_px = std::clamp(f.R * 0.36f, 10.0f, 17.0f);
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        if (!f.shows(h)) continue;
        const auto look = looks.terrain(b.terrain_index(h));
        const Pt c = f.centre(h);
        const unsigned fill_alpha = unsigned(std::lround(float(look.rgba & 0xFF) * (1.0f - underlay)));
        cv.fill(f.hexagon(h), canvas::with_alpha(look.rgba, fill_alpha));  // the picture shows through
        if (!look.glyph.empty()) centred_label(cv, f, *fonts.bold, glyph_px, {c.x, c.y + f.R * 0.56f}, look.glyph, canvas::with_alpha(ink_on(look.rgba), 0xE0));
        if (const int k = b.hex_feature(h); k >= 0 && std::size_t(k) < b.vocabulary.hex_features.size()) {
            // The second layer (a PanzerBlitz single-hex woods or town): a disc with its glyph, left of the centre.
            const auto fl = looks.feature(k);
            const Pt p{c.x - f.R * 0.5f, c.y + f.R * 0.1f};
            const float rr = std::max(6.0f, f.R * 0.24f);
            cv.circle(p, rr + 1.5f, colour::ink);
            cv.circle(p, rr, fl.rgba);
            centred_text(cv, *fonts.bold, std::min(glyph_px, rr * 1.2f), p, fl.glyph, ink_on(fl.rgba));
        }
        cv.stroke(f.hexagon(h), 1.0f, canvas::rgba(0x8A, 0x92, 0x8A, 0x70), true);
        hex_number(cv, f, b, h, false);
    }
}

// Hexside features: a bank across the side with ticks (a slope's hachures only on its sloped
// side, TANK! 10.5) and the feature's letters inside the hex they point into.
void draw_sides(Canvas& cv, const Frame& f, const Board& b, const Looks& looks) {
    const auto& fonts = canvas::Fonts::dejavu();
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        if (!f.shows(h)) continue;
        for (int d = 0; d < 6; ++d) {
            const SideFeature* sf = b.side(h, d);
            if (!sf || sf->feature < 0) continue;
            if (b.contains(hex::neighbour(h, d)) && d >= 3) continue;  // each shared side once
            const std::string& name = b.vocabulary.hexside_features[std::size_t(sf->feature)];
            const auto& dir = b.vocabulary.directional;
            const bool directional = std::find(dir.begin(), dir.end(), name) != dir.end();
            const auto look = looks.side(sf->feature);
            const Pt a = f.corner(h, d), e = f.corner(h, d + 1), mid = f.side_mid(h, d);
            const Pt sc = f.centre(directional ? sf->sloped : h);
            Pt into = sc - mid;
            const float len = std::hypot(into.x, into.y);
            if (len > 0) into = into * (1.0f / len);
            const float th = std::max(3.0f, f.R * 0.12f);
            cv.line(a, e, th + 2, colour::ink);
            cv.line(a, e, th, look.rgba);
            for (int t = 1; t <= 4; ++t) {
                const Pt p = a + (e - a) * (float(t) / 5.0f);
                const float l = f.R * 0.2f;
                if (directional) cv.line(p, p + into * l, std::max(1.5f, th * 0.5f), look.rgba);
                else cv.line(p - into * (l * 0.6f), p + into * (l * 0.6f), std::max(1.5f, th * 0.5f), look.rgba);
            }
            const float px = std::clamp(f.R * 0.28f, 10.0f, 15.0f);
            if (!look.glyph.empty()) centred_label(cv, f, *fonts.bold, px, mid + into * (f.R * 0.36f), look.glyph, look.rgba);
        }
    }
}

// Is `h` (or the hexside h|d) on a deciding line? A segment's marks are all its own; a route's are
// the hexes it passes and the sides between two of them in a row.
bool on_deciding(const view::BoardMarks& m, const hex::Cube& h, int d = -1) {
    for (const auto& l : m.lines) {
        if (!l.decides) continue;
        if (l.route.empty()) return true;
        for (std::size_t i = 0; i < l.route.size(); ++i) {
            if (d < 0 && l.route[i] == h) return true;
            if (d >= 0 && i + 1 < l.route.size()) {
                const hex::Cube o = hex::neighbour(h, d);
                if ((l.route[i] == h && l.route[i + 1] == o) || (l.route[i] == o && l.route[i + 1] == h)) return true;
            }
        }
    }
    return false;
}

void draw_lines(Canvas& cv, const Frame& f, const view::BoardMarks& m) {
    auto point = [&](const view::BoardPoint& p) { return p.corner < 0 ? f.centre(p.hex) : f.corner(p.hex, p.corner); };
    for (const bool deciding : {false, true})
        for (const auto& l : m.lines) {
            if (l.decides != deciding) continue;
            std::vector<Pt> pts;
            if (!l.route.empty())
                for (const auto& h : l.route) pts.push_back(f.centre(h));
            else
                pts = {point(l.from), point(l.to)};
            if (deciding) {
                const float w = std::max(4.0f, f.R * 0.14f);
                cv.stroke(pts, w + 4, colour::ink);
                cv.stroke(pts, w, colour::lit);
                if (l.route.empty() && l.to.corner >= 0) cv.circle(pts.back(), w * 0.9f, colour::lit);
            } else {  // a candidate that does not decide: thin, dimmed, in its own outcome's colour
                cv.stroke(pts, std::max(2.0f, f.R * 0.05f), canvas::with_alpha(mark_colour(l.mark), 0x90));
            }
        }
}

void draw_marks(Canvas& cv, const Frame& f, const view::BoardMarks& m) {
    for (const auto& x : m.hexes) {
        const auto poly = f.hexagon(x.hex, 0.86f);
        if (x.mark == view::Mark::blocking) cv.hatch(f.hexagon(x.hex), f.R * 0.22f, 2.0f, canvas::with_alpha(colour::bad, 0x70));
        cv.stroke(poly, lit(x.mark) ? std::max(3.0f, f.R * 0.09f) : 2.0f, canvas::with_alpha(mark_colour(x.mark), lit(x.mark) ? 0xFF : 0xB0), true);
    }
    for (const auto& s : m.sides) {
        const Pt a = f.corner(s.hex, s.side), e = f.corner(s.hex, s.side + 1);
        if (!lit(s.mark)) {
            cv.line(a, e, 2.5f, canvas::with_alpha(colour::good, 0xC0));
            continue;
        }
        // Wider than a hexside feature's bank, which is drawn over it: the symbol keeps its own
        // colour, the mark shows on both sides of it.
        const float w = std::max(8.0f, f.R * 0.3f);
        cv.line(a, e, w + 3, colour::ink);
        cv.line(a, e, w, mark_colour(s.mark));
    }
}

// The signs over the lines: ✖ blocks, ▲ the referee's call, ● hinders; full size on the deciding
// line, smaller elsewhere. A sign in a unit's hex moves to the hex's upper right, clear of the counter.
void draw_signs(Canvas& cv, const Frame& f, const view::BoardMarks& m) {
    for (const auto& x : m.hexes) {
        if (!lit(x.mark)) continue;
        const bool unit = x.hex == m.firer || x.hex == m.target;
        // Large enough to find on a whole-map picture (small hexes) on the deciding line.
        const float size = on_deciding(m, x.hex) ? std::max(20.0f, f.R * 0.55f) : f.R * 0.36f;
        const Pt c = f.centre(x.hex) + (unit ? Pt{f.R * 0.5f, -f.R * 0.3f} : Pt{0, 0});
        picture::draw_sign(cv, mark_sign(x.mark), c, unit ? size * 0.75f : size, mark_colour(x.mark));
    }
    for (const auto& s : m.sides)
        if (lit(s.mark))
            picture::draw_sign(cv, mark_sign(s.mark), f.side_mid(s.hex, s.side),
                               on_deciding(m, s.hex, s.side) ? std::max(18.0f, f.R * 0.46f) : f.R * 0.32f, mark_colour(s.mark));
}

// The numbers of the hexes that decided (blocking, a referee's call, hindering), over the line.
void draw_lit_numbers(Canvas& cv, const Frame& f, const Board& b, const view::BoardMarks& m) {
    for (const auto& x : m.hexes)
        if (lit(x.mark) && f.shows(x.hex)) hex_number(cv, f, b, x.hex, true);
}

// A counter (a letter on the unit's colour) and its name in a box below the hex (above it at the
// map's foot).
void draw_counter(Canvas& cv, const Frame& f, const hex::Cube& h, const std::string& letter, const std::string& name, Rgba col) {
    const auto& fonts = canvas::Fonts::dejavu();
    const Pt c = f.centre(h);
    const float s = std::max(9.0f, f.R * 0.36f);
    const std::vector<Pt> sq{{c.x - s, c.y - s}, {c.x + s, c.y - s}, {c.x + s, c.y + s}, {c.x - s, c.y + s}};
    cv.stroke(sq, 3.0f, colour::ink, true);
    cv.fill(sq, col);
    centred_text(cv, *fonts.bold, s * 1.3f, c, letter, colour::ink);
    if (name.empty()) return;  // the letter and the legend say which is which
    const float px = 18;
    const float tw = fonts.bold->width(px, name);
    float y = c.y + f.R * 0.9f;
    if (y + px * 1.5f > f.bottom) y = c.y - f.R * 0.9f - px * 1.5f;
    const float x = std::clamp(c.x - tw / 2 - 6, 2.0f, f.width - tw - 14);
    cv.rect(x, y, x + tw + 12, y + px * 1.45f, canvas::with_alpha(colour::ink, 0xD8));
    cv.stroke({{x, y}, {x + tw + 12, y}, {x + tw + 12, y + px * 1.45f}, {x, y + px * 1.45f}}, 2.0f, col, true);
    cv.text(*fonts.bold, px, {x + 6, y + px * 0.2f}, name, col);
}

void draw_units(Canvas& cv, const Frame& f, const view::BoardMarks& m, const BoardUnits& u) {
    if (u.facing) {  // the target's facing: an arrow from its counter across the side (or to the point) it faces
        const Pt c = f.centre(m.target);
        const Pt to = u.faces_corner ? f.corner(m.target, *u.facing) : f.side_mid(m.target, *u.facing);
        const Pt d = to - c;
        const float len = std::hypot(d.x, d.y);
        if (len > 0) {
            const Pt n = d * (1.0f / len);
            const Pt a = c + n * (f.R * 0.3f), e = c + n * (len + f.R * 0.45f);
            const float w = std::max(4.0f, f.R * 0.12f);
            cv.arrow(a - n * 1.5f, e + n * 2.5f, w + 4, f.R * 0.42f + 4, colour::ink);
            cv.arrow(a, e, w, f.R * 0.42f, colour::target);
        }
    }
    draw_counter(cv, f, m.firer, "F", u.firer, colour::lit);
    draw_counter(cv, f, m.target, "T", u.target, colour::target);
}

// =====================================================================================
// 4. words
// =====================================================================================

// "woods in 0305 blocks (10.22D)" -> rule "10.22D", text "woods in 0305 blocks": a rule number
// at the end of a mark's sentence goes into the reasons' rule column.
picture::Reason split_rule(const std::string& text) {
    if (text.size() > 3 && text.back() == ')') {
        const auto open = text.rfind('(');
        if (open != std::string::npos && open > 0) {
            const std::string rule = text.substr(open + 1, text.size() - open - 2);
            const bool looks_like_rule = !rule.empty() && rule.size() <= 14 && rule.find(' ') == std::string::npos &&
                                         std::any_of(rule.begin(), rule.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) || ch == '-'; });
            if (looks_like_rule) {
                std::string rest = text.substr(0, open);
                while (!rest.empty() && rest.back() == ' ') rest.pop_back();
                return {rule, rest};
            }
        }
    }
    return {"", text};
}

// What decided: the deciding lines' sentences, then every lit mark on them (what blocks, the
// referee's call, what hinders), each once; at most kMaxDecided, the rest counted.
std::vector<picture::Reason> decided_of(const view::BoardMarks& m, const picture::Caption& c) {
    constexpr std::size_t kMaxDecided = 8;
    std::vector<picture::Reason> out;
    std::vector<std::string> seen{c.detail};  // said already: the detail and the referee's call box
    seen.insert(seen.end(), c.calls.begin(), c.calls.end());
    std::size_t more = 0;
    auto add = [&](const std::string& text) {
        if (text.empty()) return;
        for (const auto& s : seen)
            if (s.find(text) != std::string::npos) return;
        seen.push_back(text);
        if (out.size() < kMaxDecided) out.push_back(split_rule(text));
        else ++more;
    };
    if (c.calls.empty())  // with a call, its box says what the line met
        for (const auto& l : m.lines)
            if (l.decides) add(l.text);
    for (const auto& x : m.hexes)
        if (lit(x.mark) && on_deciding(m, x.hex)) add(x.text);
    for (const auto& s : m.sides)
        if (lit(s.mark) && on_deciding(m, s.hex, s.side)) add(s.text);
    if (more) out.push_back({"", "\xe2\x80\xa6 and " + std::to_string(more) + " more (the ruling lists every one)"});
    return out;
}

std::vector<picture::LegendItem> legend_of(const Frame& f, const Board& b, const Looks& looks, const view::BoardMarks& m, const BoardUnits& u) {
    using Item = picture::LegendItem;
    std::vector<Item> out;
    const std::string facing = u.facing_name.empty() ? "" : ", facing " + u.facing_name;
    out.push_back({Item::Kind::unit, picture::Sign::none, colour::lit, "F", "Firer: " + (u.firer.empty() ? "" : u.firer + " in ") + b.name(m.firer)});
    out.push_back({Item::Kind::unit, picture::Sign::none, colour::target, "T",
                   "Target: " + (u.target.empty() ? "" : u.target + " in ") + b.name(m.target) + facing});
    std::vector<std::string> deciding;
    std::size_t others = 0;
    std::optional<view::Mark> other_mark;  // the others' one outcome, when they share one (their colour)
    bool mixed = false;
    for (const auto& l : m.lines) {
        if (l.decides) {
            deciding.push_back(l.label);
            continue;
        }
        ++others;
        mixed |= other_mark && *other_mark != l.mark;
        other_mark = l.mark;
    }
    if (!deciding.empty())
        out.push_back({Item::Kind::line, picture::Sign::none, colour::lit, "", deciding.size() == 1 ? deciding[0] + " (as ruled)" : "the lines as ruled"});
    if (others)
        out.push_back({Item::Kind::thin_line, picture::Sign::none, mixed ? colour::neutral : mark_colour(*other_mark), "",
                       std::to_string(others) + " other line" + (others > 1 ? "s (do not decide" : " (does not decide") +
                           (mixed ? "; each in its outcome's colour)" : ": " + std::string(view::to_string(*other_mark)) + ")")});
    // Each mark shown, its sign and word.
    bool shown[5] = {false, false, false, false, false};
    for (const auto& x : m.hexes) shown[int(x.mark)] = true;
    for (const auto& s : m.sides) shown[int(s.mark)] = true;
    for (const view::Mark k : {view::Mark::clear, view::Mark::blocking, view::Mark::hindering, view::Mark::referee_call})
        if (shown[int(k)]) out.push_back({Item::Kind::sign, mark_sign(k), mark_colour(k), "", mark_words(k)});
    // The terrain, second-layer features and hexside features in view, in the game's words.
    std::vector<bool> terrain(b.vocabulary.hex_terrain.size()), feature(b.vocabulary.hex_features.size()), side(b.vocabulary.hexside_features.size());
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        if (!f.shows(h)) continue;
        if (const int t = b.terrain_index(h); t >= 0) terrain[std::size_t(t)] = true;
        if (const int k = b.hex_feature(h); k >= 0 && std::size_t(k) < feature.size()) feature[std::size_t(k)] = true;
        for (int d = 0; d < 6; ++d)
            if (const SideFeature* sf = b.side(h, d); sf && sf->feature >= 0) side[std::size_t(sf->feature)] = true;
    }
    for (std::size_t i = 0; i < terrain.size(); ++i)
        if (terrain[i]) {
            const auto l = looks.terrain(int(i));
            out.push_back({Item::Kind::swatch, picture::Sign::none, l.rgba, l.glyph, l.word});
        }
    for (std::size_t i = 0; i < feature.size(); ++i)
        if (feature[i]) {
            const auto l = looks.feature(int(i));
            out.push_back({Item::Kind::swatch, picture::Sign::none, l.rgba, l.glyph, l.word});
        }
    for (std::size_t i = 0; i < side.size(); ++i)
        if (side[i]) {
            const auto l = looks.side(int(i));
            out.push_back({Item::Kind::swatch, picture::Sign::none, l.rgba, l.glyph,
                           l.word.find("hexside") == std::string::npos ? l.word + " (hexside)" : l.word});
        }
    return out;
}

}  // namespace

// =====================================================================================
// 5. draw_board
// =====================================================================================

Pt BoardPicture::centre(const hex::Cube& h) const { return origin + world_centre(h) * radius; }

BoardPicture draw_board(const Board& b, const view::BoardMarks& marks, const view::BoardSupport* support, const BoardUnits& units,
                        picture::Caption caption) {
    const Looks looks{b, support};
    // A mark the rules leave open on a ruling that is no referee's call did not decide anything
    // (a PanzerBlitz symbol no note decides, on a route other symbols block): it is drawn as met
    // and not blocking, never amber, which means a referee's call only.
    view::BoardMarks shown = marks;
    if (!caption.referee_call) {
        auto settle = [](view::Mark& m) {
            if (m == view::Mark::referee_call) m = view::Mark::clear;
        };
        for (auto& x : shown.hexes) settle(x.mark);
        for (auto& x : shown.sides) settle(x.mark);
        for (auto& x : shown.lines) settle(x.mark);
    }
    if (caption.decided.empty()) caption.decided = decided_of(shown, caption);
    Frame f = frame_for(b, shown, 0);
    const float header = std::ceil(picture::draw_header(nullptr, caption, 0, f.width));
    f.top += header, f.bottom += header, f.origin.y += header;
    caption.legend = legend_of(f, b, looks, shown, units);
    const float footer = std::ceil(picture::draw_footer(nullptr, caption, 0, f.width));
    BoardPicture out{Canvas(int(f.width), int(f.bottom + footer), colour::ground), f.R, f.origin, f.top, f.bottom};
    Canvas& cv = out.canvas;
    picture::draw_header(&cv, caption, 0, f.width);
    cv.clip(0, f.top, f.width, f.bottom);
    cv.rect(0, f.top, f.width, f.bottom, colour::off_board);
    draw_hexes(cv, f, b, looks, draw_underlay(cv, f, b));
    draw_marks(cv, f, shown);
    draw_sides(cv, f, b, looks);  // over the marks: a symbol that decided keeps its colour
    draw_lines(cv, f, shown);
    draw_signs(cv, f, shown);
    draw_lit_numbers(cv, f, b, shown);
    draw_units(cv, f, shown, units);
    cv.reset_clip();
    picture::draw_footer(&cv, caption, f.bottom, f.width);
    return out;
}

}  // namespace umpire::board
