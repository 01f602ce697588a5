// Synthetic scans and photos of a board, for the suggestion tests and the benchmark (docs/maps.md
// "How well it works"). A known board is printed in a style of our own — paper grain, terrain
// colours with texture (printed trees, rough dots, buildings), a dark hex grid, a four-digit hex
// number at the top of every hex in a tiny bitmap font, berms as thick walls, slopes as a line
// with ticks on the sloped side (TANK! 10.5), PanzerBlitz's hexside symbols as coloured bands —
// then "scanned": turned a few degrees, scaled, seen in mild perspective (a photo), lit unevenly
// (a gradient with a colour cast), noise added and JPEG-compressed and decoded again.
// Deterministic: every random choice comes from Shot::seed.
//
// Sections
//   Style      how each name of a game is printed (TANK!, PanzerBlitz, Panzer Squadron)
//   Shot       how the picture is taken
//   render     the picture and the true board-to-pixel map
//   clicks     calibration clicks and examples, as a referee would give them (with pixel errors)
//   score      hex accuracy and hexside-feature precision, recall and F1 against the truth
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/suggest.hpp"
#include "core/image.hpp"
#include "geometry/calibration.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::test::scan {

using plane::Vec2;
using Rgb8 = std::array<double, 3>;  // 0..255

// ---- Style ----------------------------------------------------------------------------

enum class Texture { plain, trees, dots, buildings, hatch };
struct HexLook {
    Rgb8 ground;
    Texture texture = Texture::plain;
    Rgb8 mark{0, 0, 0};
    bool blob = false;  // a second-layer feature: drawn as a patch in the hex's middle
};
enum class SideMark { wall, ticks, band };
struct SideLook {
    SideMark mark = SideMark::band;
    Rgb8 colour;
};
struct Style {
    std::map<std::string, HexLook> hexes;  // terrain and second-layer names
    std::map<std::string, SideLook> sides;
    Rgb8 paper{236, 232, 218}, grid{70, 70, 70}, number{40, 40, 40};
};

inline Style tank_style() {
    Style s;
    s.hexes["clear"] = {{222, 218, 190}};
    s.hexes["rough"] = {{200, 176, 130}, Texture::dots, {110, 80, 50}};
    s.hexes["woods"] = {{120, 160, 90}, Texture::trees, {45, 85, 40}};
    s.hexes["wreck"] = {{170, 170, 165}, Texture::hatch, {60, 60, 60}};
    s.sides["berm"] = {SideMark::wall, {105, 70, 40}};
    s.sides["slope"] = {SideMark::ticks, {150, 95, 45}};
    return s;
}

// PanzerBlitz: elevations as shades of brown (Arvold's notes draw them so), single-hex woods and
// towns as patches, the hexside symbols as bands of their colour.
inline Style panzerblitz_style() {
    Style s;
    s.hexes["ground"] = {{226, 220, 186}};
    s.hexes["gully"] = {{176, 196, 200}, Texture::dots, {90, 110, 120}};
    s.hexes["l1-slope"] = {{214, 190, 140}, Texture::hatch, {170, 140, 90}};
    s.hexes["l1-hilltop"] = {{200, 165, 110}};
    s.hexes["l2-slope"] = {{186, 146, 96}, Texture::hatch, {140, 100, 60}};
    s.hexes["l2-hilltop"] = {{160, 118, 76}};
    s.hexes["woods-hex"] = {{80, 130, 70}, Texture::trees, {35, 70, 30}, true};
    s.hexes["town-hex"] = {{200, 190, 180}, Texture::buildings, {150, 60, 50}, true};
    s.sides["green"] = {SideMark::band, {40, 140, 50}};
    s.sides["hilltop-green"] = {SideMark::band, {40, 140, 50}};  // the same symbol, on a hilltop (note N)
    s.sides["grey"] = {SideMark::band, {120, 120, 125}};
    s.sides["hilltop-grey"] = {SideMark::band, {120, 120, 125}};
    s.sides["brown"] = {SideMark::band, {120, 70, 30}};
    s.sides["orange"] = {SideMark::band, {235, 120, 30}};
    s.sides["yellow"] = {SideMark::band, {240, 215, 40}};
    s.sides["purple"] = {SideMark::band, {130, 60, 160}};
    return s;
}

inline Style panzer_squadron_style() {
    Style s;
    s.hexes["clear"] = {{210, 215, 170}};
    s.hexes["obstacle"] = {{110, 150, 85}, Texture::trees, {40, 80, 35}};
    s.sides["obstacle"] = {SideMark::wall, {95, 90, 85}};
    return s;
}

// ---- Shot -----------------------------------------------------------------------------

struct Shot {
    double scale = 24;        // pixels per board unit (a hex is 2 units corner to corner, 1.73 across)
    double degrees = 2.5;     // turned clockwise
    double perspective = 0;   // 0: a flat scan; 0.15: the far side 15% smaller (a phone photo)
    double gradient = 0.3;    // the light falls by this fraction from one corner to the other
    double noise = 4;         // standard deviation, in 8-bit levels
    int jpeg_quality = 80;    // 0: kept as PNG
    unsigned seed = 1;
};

// A shot: `perspective` 0 is a flat scan; the rest at the defaults (24 px a board unit, noise 4, JPEG 80).
inline Shot photo(double perspective, double degrees, double gradient, unsigned seed) {
    Shot s;
    s.perspective = perspective, s.degrees = degrees, s.gradient = gradient, s.seed = seed;
    return s;
}

struct Scan {
    image::Image picture;
    calibration::Projective to_pixel;  // the truth: board units to pixels
    std::string bytes;                 // the picture as its file holds it (JPEG or PNG)
};

// ---- render ---------------------------------------------------------------------------

namespace detail {

inline double hash01(long long a, long long b, unsigned seed) {
    std::uint64_t h = std::uint64_t(a) * 0x9E3779B97F4A7C15ull ^ std::uint64_t(b) * 0xC2B2AE3D27D4EB4Full ^ std::uint64_t(seed) * 0x165667B19E3779F9ull;
    h ^= h >> 31, h *= 0xBF58476D1CE4E5B9ull, h ^= h >> 29;
    return double(h >> 11) / double(1ull << 53);
}

// True on a mark of a texture at board point p (in board coordinates, so it runs across hexes).
inline bool textured(Texture t, Vec2 p, unsigned seed) {
    switch (t) {
        case Texture::trees: {  // round tree crowns on a jittered lattice
            const double step = 0.28;
            const long long i = (long long)std::floor(p.x / step), j = (long long)std::floor(p.y / step);
            for (long long a = i - 1; a <= i + 1; ++a)
                for (long long b = j - 1; b <= j + 1; ++b) {
                    const Vec2 c{(double(a) + 0.2 + 0.6 * hash01(a, b, seed)) * step, (double(b) + 0.2 + 0.6 * hash01(b, a, seed + 7)) * step};
                    if (plane::distance(c, p) < 0.085) return true;
                }
            return false;
        }
        case Texture::dots: {
            const double step = 0.17;
            const long long i = (long long)std::floor(p.x / step), j = (long long)std::floor(p.y / step);
            const Vec2 c{(double(i) + 0.5) * step, (double(j) + 0.5) * step};
            return hash01(i, j, seed) < 0.7 && plane::distance(c, p) < 0.03;
        }
        case Texture::buildings: {
            const double step = 0.22;
            const double fx = p.x / step - std::floor(p.x / step), fy = p.y / step - std::floor(p.y / step);
            return fx > 0.2 && fx < 0.75 && fy > 0.25 && fy < 0.8;
        }
        case Texture::hatch: return std::fmod(std::fabs(p.x + p.y) + 100, 0.16) < 0.03;
        default: return false;
    }
}

// A 3 x 5 bitmap font for the hex numbers.
inline bool digit_cell(int digit, int col, int row) {
    static const char* kFont[10] = {"111101101101111", "010110010010111", "111001111100111", "111001111001111", "101101111001001",
                                    "111100111001111", "111100111101111", "111001001010010", "111101111101111", "111101111001111"};
    return kFont[digit][row * 3 + col] == '1';
}

// The colour printed at board point p.
inline Rgb8 print_at(const board::Board& b, const Style& st, Vec2 p, unsigned seed) {
    const hex::Cube h = hex::plane_pick(p);
    const double grain = 1 + 0.03 * (hash01((long long)std::floor(p.x * 40), (long long)std::floor(p.y * 40), seed + 3) - 0.5);
    auto grained = [&](Rgb8 c) { return Rgb8{c[0] * grain, c[1] * grain, c[2] * grain}; };
    if (!b.contains(h)) return grained(st.paper);
    const Vec2 local = p - hex::plane_centre(h);
    // Distance to the nearest hexside, and which: the unit normals of sides A-F.
    static const std::array<Vec2, 6> normals = [] {
        std::array<Vec2, 6> out;
        for (int k = 0; k < 6; ++k) {
            const Vec2 m = hex::plane_side_midpoint({0, 0, 0}, k);
            out[std::size_t(k)] = m * (1.0 / plane::length(m));
        }
        return out;
    }();
    int d = 0;
    double best = -1e9;
    for (int k = 0; k < 6; ++k) {
        const double v = local.x * normals[std::size_t(k)].x + local.y * normals[std::size_t(k)].y;
        if (v > best) best = v, d = k;
    }
    const double edge = hex::kSqrt3 / 2 - best;
    const Vec2 n = normals[std::size_t(d)], t{-n.y, n.x};
    const double along = plane::dot(local, t);
    if (const board::SideFeature* f = b.side(h, d)) {
        const SideLook& look = st.sides.at(b.vocabulary.hexside_features[std::size_t(f->feature)]);
        switch (look.mark) {
            case SideMark::wall:
                if (edge < 0.08) return grained(hash01((long long)std::floor(along * 30), d, seed) < 0.2 ? Rgb8{70, 45, 25} : look.colour);
                break;
            case SideMark::ticks:  // a line, and ticks on the sloped side (10.5)
                if (edge < 0.04) return grained(look.colour);
                if (f->sloped == h && edge < 0.18 && std::fabs(along) < 0.45 && std::fmod(along + 10.0, 0.12) < 0.05) return grained(look.colour);
                break;
            case SideMark::band:
                if (edge < 0.07) return grained(look.colour);
                break;
        }
    }
    if (edge < 0.022) return st.grid;
    // The hex number: four digits, centred, near the top.
    const double cell = 0.035, top = -0.72;
    if (local.y >= top && local.y < top + 5 * cell && std::fabs(local.x) < 2 * 4 * cell) {
        const int pos = int(std::floor((local.x + 8 * cell) / (4 * cell)));
        const int col = int(std::floor((local.x + 8 * cell - pos * 4 * cell) / cell)), row = int(std::floor((local.y - top) / cell));
        const std::string num = b.name(h);
        if (pos >= 0 && pos < 4 && col < 3 && std::size_t(pos) < num.size() && num[std::size_t(pos)] >= '0' && num[std::size_t(pos)] <= '9' &&
            digit_cell(num[std::size_t(pos)] - '0', col, row))
            return st.number;
    }
    const int fi = b.hex_feature(h);
    if (fi >= 0 && plane::length(local) < 0.58) {
        const HexLook& look = st.hexes.at(b.vocabulary.hex_features[std::size_t(fi)]);
        return grained(textured(look.texture, p, seed) ? look.mark : look.ground);
    }
    const HexLook& look = st.hexes.at(b.terrain(h));
    return grained(textured(look.texture, p, seed) ? look.mark : look.ground);
}

// The sRGB transfer both ways, by tables (4096 steps: finer than the 8-bit output).
inline double to_linear(double v) {
    static const std::vector<double> lut = [] {
        std::vector<double> t(4097);
        for (int i = 0; i <= 4096; ++i) {
            const double c = i / 4096.0;
            t[std::size_t(i)] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        }
        return t;
    }();
    return lut[std::size_t(std::lround(std::clamp(v / 255.0, 0.0, 1.0) * 4096))];
}
inline double to_srgb(double l) {
    static const std::vector<double> lut = [] {
        std::vector<double> t(4097);
        for (int i = 0; i <= 4096; ++i) {
            const double c = i / 4096.0;
            t[std::size_t(i)] = 255.0 * (c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055);
        }
        return t;
    }();
    return lut[std::size_t(std::lround(std::clamp(l, 0.0, 1.0) * 4096))];
}

// The map from board units to pixels: turned, scaled, in perspective, placed with a margin.
inline calibration::Projective camera(const board::Board& b, const Shot& shot, int& width, int& height) {
    const double a = shot.degrees * plane::kPi / 180, s = shot.scale;
    const std::vector<Vec2> corners = {hex::plane_corner(b.hex_at(0), 0) + Vec2{-1, -1},
                                       hex::plane_centre(b.numbering.to_cube(b.columns, 1)) + Vec2{1.5, -1.5},
                                       hex::plane_centre(b.hex_at(b.hex_count() - 1)) + Vec2{1.5, 1.5},
                                       hex::plane_centre(b.numbering.to_cube(1, b.rows)) + Vec2{-1.5, 1.5}};
    const Vec2 span = corners[2] - corners[0];
    calibration::Projective h;
    // Perspective: w grows towards the far (bottom right) side, shrinking it by `perspective`.
    const double px = shot.perspective * 0.6 / std::max(1.0, span.x), py = shot.perspective * 0.6 / std::max(1.0, span.y);
    h.m = {s * std::cos(a), -s * std::sin(a), 0, s * std::sin(a), s * std::cos(a), 0, px, py, 1};
    double lx = 1e300, ly = 1e300, hx = -1e300, hy = -1e300;
    for (const Vec2& c : corners) {
        const Vec2 q = h.apply(c);
        lx = std::min(lx, q.x), ly = std::min(ly, q.y), hx = std::max(hx, q.x), hy = std::max(hy, q.y);
    }
    const double margin = 2 * s;
    // Shift: add (margin - lo) * w to the first two rows.
    for (int r = 0; r < 2; ++r) {
        const double shift = margin - (r == 0 ? lx : ly);
        for (int k = 0; k < 3; ++k) h.m[std::size_t(r * 3 + k)] += shift * h.m[std::size_t(6 + k)];
    }
    width = int(std::ceil(hx - lx + 2 * margin)), height = int(std::ceil(hy - ly + 2 * margin));
    return h;
}

}  // namespace detail

inline Scan render(const board::Board& b, const Style& st, const Shot& shot) {
    Scan out;
    int w = 0, h = 0;
    out.to_pixel = detail::camera(b, shot, w, h);
    const calibration::Projective to_board = *out.to_pixel.inverse();
    image::Image img = image::blank(w, h, 3);
    std::mt19937 rng(shot.seed);
    std::normal_distribution<double> noise(0, shot.noise);
    // Lit from the top left: the gain falls by `gradient` to the bottom right, warmer at the top.
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const Rgb8 c = detail::print_at(b, st, to_board.apply({x + 0.5, y + 0.5}), shot.seed);
            const double fall = shot.gradient * (0.6 * x / w + 0.4 * double(y) * y / (double(h) * h));
            const double gain[3] = {1.02 - fall, 1.0 - fall, 0.96 - fall * 1.1};
            std::uint8_t* p = img.at(x, y);
            for (int k = 0; k < 3; ++k)
                p[k] = std::uint8_t(std::clamp(std::lround(detail::to_srgb(detail::to_linear(c[std::size_t(k)]) * gain[k]) + noise(rng)), 0L, 255L));
        }
    // A scanner's optics: a light blur (1-2-1 in each direction).
    image::Image blurred = img;
    for (int y = 1; y + 1 < h; ++y)
        for (int x = 1; x + 1 < w; ++x)
            for (int k = 0; k < 3; ++k) {
                int s = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) s += img.at(x + dx, y + dy)[k] * (dx ? 1 : 2) * (dy ? 1 : 2);
                blurred.at(x, y)[k] = std::uint8_t(s / 16);
            }
    if (shot.jpeg_quality > 0) {
        out.bytes = image::encode_jpeg(blurred, shot.jpeg_quality);
        out.picture = image::decode(out.bytes, "scan.jpg");
    } else {
        out.bytes = image::encode_png(blurred);
        out.picture = std::move(blurred);
    }
    return out;
}

// ---- clicks ---------------------------------------------------------------------------

// Calibration clicks on hex centres, each up to `error` pixels off in x and in y: the four corner
// hexes, the middles of the edges (`more` adds them) and the centre.
inline std::vector<calibration::HexClick> clicks(const board::Board& b, const Scan& s, double error, unsigned seed, bool more = true) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> err(-error, error);
    std::vector<std::pair<int, int>> at = {{1, 1}, {b.columns, 1}, {b.columns, b.rows}, {1, b.rows}};
    if (more) {
        const int mc = (b.columns + 1) / 2, mr = (b.rows + 1) / 2;
        for (auto p : std::vector<std::pair<int, int>>{{mc, 1}, {b.columns, mr}, {mc, b.rows}, {1, mr}, {mc, mr}}) at.push_back(p);
    }
    std::vector<calibration::HexClick> out;
    for (auto [c, r] : at) {
        const hex::Cube h = b.numbering.to_cube(c, r);
        const Vec2 p = s.to_pixel.apply(hex::plane_centre(h));
        out.push_back({h, b.name(h), {p.x + err(rng), p.y + err(rng)}});
    }
    return out;
}

// The class name of a hex as an example names it: "woods", "woods-hex", "l1-hilltop+woods-hex".
inline std::string hex_class(const board::Board& b, int i) {
    const hex::Cube h = b.hex_at(i);
    const int f = b.hex_feature(h);
    if (f < 0) return b.terrain(h);
    const std::string feature = b.vocabulary.hex_features[std::size_t(f)];
    return b.terrain_index(h) == 0 ? feature : b.terrain(h) + "+" + feature;
}

// `per_class` examples of every hex class and hexside feature the board holds, at random places
// (seeded), each clicked up to `error` pixels off: hexes at their centre, hexsides at their
// midpoint (a slope 0.15 inside its sloped hex).
inline std::vector<board::Example> examples(const board::Board& b, const Scan& s, int per_class, double error, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> err(-error, error);
    std::map<std::string, std::vector<int>> hexes;
    for (int i = 0; i < b.hex_count(); ++i) hexes[hex_class(b, i)].push_back(i);
    std::vector<board::Example> out;
    auto add = [&](const std::string& name, Vec2 board_point) {
        const Vec2 p = s.to_pixel.apply(board_point);
        board::Example e{name, {p.x + err(rng), p.y + err(rng)}, ""};
        e.label = "sample " + std::to_string(out.size() + 1) + " (" + name + ")";
        out.push_back(e);
    };
    for (auto& [name, list] : hexes) {
        std::shuffle(list.begin(), list.end(), rng);
        for (int k = 0; k < per_class && k < int(list.size()); ++k) add(name, hex::plane_centre(b.hex_at(list[std::size_t(k)])));
    }
    std::map<std::string, std::vector<std::pair<hex::Cube, int>>> sides;
    for (int i = 0; i < b.hex_count(); ++i)
        for (int d = 0; d < 3; ++d) {
            const hex::Cube h = b.hex_at(i);
            if (!b.contains(hex::neighbour(h, d))) continue;
            if (const board::SideFeature* f = b.side(h, d)) sides[b.vocabulary.hexside_features[std::size_t(f->feature)]].push_back({h, d});
        }
    for (auto& [name, list] : sides) {
        std::shuffle(list.begin(), list.end(), rng);
        for (int k = 0; k < per_class && k < int(list.size()); ++k) {
            auto [h, d] = list[std::size_t(k)];
            const board::SideFeature* f = b.side(h, d);
            Vec2 at = hex::plane_side_midpoint(h, d);
            const bool directional = std::find(b.vocabulary.directional.begin(), b.vocabulary.directional.end(), name) != b.vocabulary.directional.end();
            if (directional) at = at + (hex::plane_centre(f->sloped) - at) * (0.15 / (hex::kSqrt3 / 2));
            add(name, at);
        }
    }
    return out;
}

// ---- score ----------------------------------------------------------------------------

struct Score {
    int hexes = 0, hexes_right = 0;
    int side_tp = 0, side_fp = 0, side_fn = 0;
    int wrong_hexes_unsure = 0;  // of the wrong hexes, those listed as unsure
    int wrong_sides = 0, wrong_sides_unsure = 0;  // hexsides suggested wrong (a feature or its absence), and of them those listed unsure
    double hex_accuracy() const { return hexes ? double(hexes_right) / hexes : 0; }
    double side_f1() const { return side_tp ? 2.0 * side_tp / (2.0 * side_tp + side_fp + side_fn) : (side_fp + side_fn ? 0 : 1); }
    double side_precision() const { return side_tp + side_fp ? double(side_tp) / (side_tp + side_fp) : 1; }
    double side_recall() const { return side_tp + side_fn ? double(side_tp) / (side_tp + side_fn) : 1; }
};

inline Score score(const board::Board& truth, const board::Board& got) {
    Score s;
    for (int i = 0; i < truth.hex_count(); ++i) {
        ++s.hexes;
        const bool right = truth.terrain_of[std::size_t(i)] == got.terrain_of[std::size_t(i)] &&
                           (truth.feature_of.empty() || truth.feature_of[std::size_t(i)] == got.feature_of[std::size_t(i)]);
        s.hexes_right += right;
        if (!right && got.suggested_of[std::size_t(i)] == board::suggestion::unsure) ++s.wrong_hexes_unsure;
    }
    for (int i = 0; i < truth.hex_count(); ++i)
        for (int d = 0; d < 3; ++d) {
            const hex::Cube h = truth.hex_at(i);
            if (!truth.contains(hex::neighbour(h, d))) continue;
            const board::SideFeature *t = truth.side(h, d), *g = got.side(h, d);
            const bool directional = t && std::find(truth.vocabulary.directional.begin(), truth.vocabulary.directional.end(),
                                                    truth.vocabulary.hexside_features[std::size_t(t->feature)]) != truth.vocabulary.directional.end();
            if (t && g && t->feature == g->feature && (!directional || t->sloped == g->sloped)) ++s.side_tp;
            else {
                if (g) ++s.side_fp;
                if (t) ++s.side_fn;
            }
            const bool right = (!t && !g) || (t && g && t->feature == g->feature && (!directional || t->sloped == g->sloped));
            if (!right) {
                ++s.wrong_sides;
                if (got.sides_of[std::size_t(got.side_slot(h, d))].suggested == board::suggestion::unsure) ++s.wrong_sides_unsure;
            }
        }
    return s;
}

}  // namespace umpire::test::scan
