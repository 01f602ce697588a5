// Terrain suggested from a picture (see suggest.hpp for the method and its numbers).
//
// Sections
//   1. colour        sRGB to linear (a table), linear to CIELAB
//   2. sampling      bilinear reads of the picture at board points
//   3. hexes         the sample of every hex: median colour, brightness spread
//   4. hexsides      the profile across every hexside
//   5. examples      names to classes, clicks to hexes and hexsides
//   6. light         the gain field: fitted, divided out
//   7. naming hexes  distances, margins, rounds with the light corrected and classes re-centred
//   8. naming sides  profile distances (shifted, turned), look-alikes by their hexes
//   9. suggest       all of it, and the board filled
#include "board/suggest.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <thread>

#include "board/underlay.hpp"
#include "core/names.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::board {

std::vector<std::string> example_names(const Vocabulary& v) {
    std::vector<std::string> all = v.hex_terrain;
    all.insert(all.end(), v.hex_features.begin(), v.hex_features.end());
    for (const std::string& f : v.hexside_features)  // Panzer Squadron's "obstacle" is a hex terrain and a hexside feature
        if (std::find(all.begin(), all.end(), f) == all.end()) all.push_back(f);
    return all;
}

namespace {

using plane::Vec2;

// =====================================================================================
// 1. colour
// =====================================================================================

struct Rgb {  // linear light, 0..1
    double r = 0, g = 0, b = 0;
};
struct Lab {
    double L = 0, a = 0, b = 0;
};

const std::array<double, 256>& srgb_to_linear() {
    static const std::array<double, 256> lut = [] {
        std::array<double, 256> t{};
        for (int i = 0; i < 256; ++i) {
            const double c = i / 255.0;
            t[std::size_t(i)] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
        }
        return t;
    }();
    return lut;
}

// The cube root for t in (0.0088, ~1.1]: a first guess from the float's exponent bits, then
// three Newton steps (relative error below 1e-12; std::cbrt is several times slower and this is
// the hot path of naming every hexside).
double cube_root(double t) {
    float f = float(t);
    std::uint32_t bits;
    std::memcpy(&bits, &f, 4);
    bits = bits / 3 + 709921077u;
    std::memcpy(&f, &bits, 4);
    double y = f;
    for (int i = 0; i < 3; ++i) y = y - (y * y * y - t) / (3 * y * y);
    return y;
}

double lab_f(double t) {
    constexpr double e = 216.0 / 24389.0, k = 24389.0 / 27.0;
    return t > e ? cube_root(t) : (k * t + 16) / 116;
}

// Linear sRGB (D65) to CIELAB.
Lab to_lab(const Rgb& c) {
    const double x = (0.4124564 * c.r + 0.3575761 * c.g + 0.1804375 * c.b) / 0.95047;
    const double y = 0.2126729 * c.r + 0.7151522 * c.g + 0.0721750 * c.b;
    const double z = (0.0193339 * c.r + 0.1191920 * c.g + 0.9503041 * c.b) / 1.08883;
    const double fx = lab_f(x), fy = lab_f(y), fz = lab_f(z);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double sq(double v) { return v * v; }

// f(i) for every i < n, on up to 8 threads (one per core): the hexes and hexsides are sampled and
// named independently. f must not throw.
template <class F>
void parallel_for(std::size_t n, const F& f) {
    const unsigned threads = std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
    if (threads == 1 || n < 512) {
        for (std::size_t i = 0; i < n; ++i) f(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (;;) {
            const std::size_t from = next.fetch_add(64);
            if (from >= n) return;
            for (std::size_t i = from; i < std::min(n, from + 64); ++i) f(i);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}
double dist2(const Lab& p, const Lab& q) { return sq(p.L - q.L) + sq(p.a - q.a) + sq(p.b - q.b); }
double luminance(const Rgb& c) { return 0.2126729 * c.r + 0.7151522 * c.g + 0.0721750 * c.b; }

// =====================================================================================
// 2. sampling
// =====================================================================================

struct Sampler {
    const image::Image& img;
    calibration::Projective to_pixel;

    // The picture's colour at board point p, bilinear between pixel centres (pixel (i, j) covers
    // [i, i+1) x [j, j+1)); false off the picture.
    bool at(Vec2 p, Rgb& out) const {
        const Vec2 px = to_pixel.apply(p);
        const double x = px.x - 0.5, y = px.y - 0.5;
        if (!(x >= 0 && y >= 0 && x <= img.width - 1 && y <= img.height - 1)) return false;
        const int x0 = std::min(int(x), img.width - 2 < 0 ? 0 : img.width - 2), y0 = std::min(int(y), img.height - 2 < 0 ? 0 : img.height - 2);
        const int x1 = std::min(x0 + 1, img.width - 1), y1 = std::min(y0 + 1, img.height - 1);
        const double fx = x - x0, fy = y - y0;
        const auto& lut = srgb_to_linear();
        const std::uint8_t *a = img.at(x0, y0), *b = img.at(x1, y0), *c = img.at(x0, y1), *d = img.at(x1, y1);
        double v[3];
        for (int k = 0; k < 3; ++k)
            v[k] = (lut[a[k]] * (1 - fx) + lut[b[k]] * fx) * (1 - fy) + (lut[c[k]] * (1 - fx) + lut[d[k]] * fx) * fy;
        out = {v[0], v[1], v[2]};
        return true;
    }
};

// =====================================================================================
// 3. hexes
// =====================================================================================

struct HexSample {
    bool ok = false;
    Vec2 where;      // the hex centre, board units
    Rgb lin;         // median of each channel (linear)
    Rgb mean;        // mean of each channel, the lowest and highest 8% left out: how a hexside's
                     // profile (a mean along the side) sees the hex's texture
    double tex = 0;  // brightness spread: (Y75 - Y25) / Y50
};

// The sample points of a hex, relative to its centre: a triangular lattice within 0.62 of it,
// the band where the number is printed left out.
std::vector<Vec2> hex_pattern(double number_band) {
    std::vector<Vec2> out;
    const double step = 0.09;
    for (int j = -8; j <= 8; ++j)
        for (int i = -8; i <= 8; ++i) {
            const Vec2 p{(i + (j & 1) * 0.5) * step, j * step * 0.8660254};
            if (plane::length(p) <= 0.62 && p.y >= number_band) out.push_back(p);
        }
    return out;
}

double median_of(std::vector<double>& v, double q = 0.5) {
    const auto k = std::size_t(q * double(v.size() - 1) + 0.5);
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    return v[k];
}

double trimmed_mean(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t cut = v.size() / 12;
    return std::accumulate(v.begin() + std::ptrdiff_t(cut), v.end() - std::ptrdiff_t(cut), 0.0) / double(v.size() - 2 * cut);
}

std::vector<HexSample> sample_hexes(const Board& b, const Sampler& s, const std::vector<Vec2>& pattern) {
    std::vector<HexSample> out(std::size_t(b.hex_count()));
    parallel_for(out.size(), [&](std::size_t i) {
        HexSample& h = out[i];
        h.where = hex::plane_centre(b.hex_at(int(i)));
        std::vector<double> r, g, bl, y;
        for (const Vec2& o : pattern) {
            Rgb c;
            if (!s.at(h.where + o, c)) continue;
            r.push_back(c.r), g.push_back(c.g), bl.push_back(c.b), y.push_back(luminance(c));
        }
        if (r.size() < pattern.size() / 2) return;  // mostly off the picture
        h.ok = true;
        h.mean = {trimmed_mean(r), trimmed_mean(g), trimmed_mean(bl)};
        h.lin = {median_of(r), median_of(g), median_of(bl)};
        const double y50 = median_of(y), y25 = median_of(y, 0.25), y75 = median_of(y, 0.75);
        h.tex = (y75 - y25) / std::max(y50, 1e-4);
    });
    return out;
}

// =====================================================================================
// 4. hexsides
// =====================================================================================

constexpr int kSteps = 21;           // across: -0.25 .. 0.25 in steps of 0.025
constexpr double kStep = 0.025;
constexpr int kMaxShift = 4;         // compared up to 0.1 either way

// The colour across a hexside, step by step (linear light); a step whose samples fall mostly
// where a hex number is printed is not `ok` and is left out of every comparison.
struct Profile {
    std::array<Rgb, kSteps> v{};
    std::array<bool, kSteps> ok{};
};

struct SideSample {
    bool ok = false;
    int slot = 0;
    hex::Cube hex, other;  // the profile runs from `hex` (u < 0) to `other`
    int side = 0;
    Vec2 mid;
    Profile raw;           // as sampled
    bool numbered = false; // some of its steps lie on a printed hex number (a side A, usually)
    Profile lin;           // the light divided out (name_sides)
    std::array<Lab, kSteps> lab{};
    Rgb fill[2];           // the colour of `hex` and of `other` (light divided out)
};

// A printed number keeps clear of the hexside by at least this (board units; the side is 0.87
// from the centre): the profile's steps nearest the line stay in use under a number.
constexpr double kNumberClearance = 0.1;

// True where a hex number may be printed: within 0.45 of the middle of hex h (centre c), above
// number_band and kNumberClearance below its top side.
bool in_number(Vec2 p, Vec2 c, double number_band) {
    const Vec2 local = p - c;
    return local.y < number_band && local.y > -hex::kSqrt3 / 2 + kNumberClearance && std::fabs(local.x) < 0.45;
}

// The profile across side d of h: at each step, the mean (the lowest and the highest of 13
// dropped, per channel) of points along the middle 60% of the side; a step with more than 4 of
// its points on a hex number is left out.
bool side_profile(const Sampler& s, const hex::Cube& h, int d, double number_band, Profile& out) {
    const Vec2 c = hex::plane_centre(h), o = hex::plane_centre(hex::neighbour(h, d));
    const Vec2 mid = (c + o) * 0.5;
    const double len = plane::distance(c, o);
    const Vec2 n{(o.x - c.x) / len, (o.y - c.y) / len}, t{-n.y, n.x};
    std::array<std::vector<double>, 3> v;
    for (int k = 0; k < kSteps; ++k) {
        const double u = (k - kSteps / 2) * kStep;
        for (auto& x : v) x.clear();
        // The middle 60% of the side lies in its two hexes (the corners are 0.5 along it).
        const Vec2 in = u < 0 ? c : o;
        for (int j = 0; j < 13; ++j) {
            const Vec2 p = mid + n * u + t * ((j - 6) * 0.05);
            Rgb col;
            if (!s.at(p, col)) return false;
            if (in_number(p, in, number_band)) continue;
            v[0].push_back(col.r), v[1].push_back(col.g), v[2].push_back(col.b);
        }
        out.ok[std::size_t(k)] = v[0].size() >= 9;
        if (!out.ok[std::size_t(k)]) continue;
        double m[3];
        for (std::size_t ch = 0; ch < 3; ++ch) {
            std::sort(v[ch].begin(), v[ch].end());
            m[ch] = std::accumulate(v[ch].begin() + 1, v[ch].end() - 1, 0.0) / double(v[ch].size() - 2);
        }
        out.v[std::size_t(k)] = {m[0], m[1], m[2]};
    }
    return true;
}

// Every hexside between two hexes of the board, from its slot's own hex (profiles not yet taken).
std::vector<SideSample> list_sides(const Board& b) {
    std::vector<SideSample> out;
    for (int c = 1; c <= b.columns; ++c)
        for (int r = 1; r <= b.rows; ++r) {
            const hex::Cube h = b.numbering.to_cube(c, r);
            for (int d = 0; d < 3; ++d) {
                const hex::Cube o = hex::neighbour(h, d);
                if (!b.contains(o)) continue;
                SideSample x;
                x.slot = b.side_slot(h, d);
                x.hex = h, x.other = o, x.side = d;
                x.mid = hex::plane_side_midpoint(h, d);
                out.push_back(x);
            }
        }
    return out;
}

void sample_sides(std::vector<SideSample>& sides, const Sampler& s, double number_band) {
    parallel_for(sides.size(), [&](std::size_t i) {
        SideSample& x = sides[i];
        x.ok = side_profile(s, x.hex, x.side, number_band, x.raw);
        x.numbered = x.ok && std::find(x.raw.ok.begin(), x.raw.ok.end(), false) != x.raw.ok.end();
    });
}

// =====================================================================================
// 5. examples
// =====================================================================================

struct HexClass {
    std::string name;
    int terrain = 0, feature = -1;
    std::vector<int> examples;  // hex indices
    // Filled in by the rounds:
    Rgb lin;
    double tex = 0, spread = 0;
    Lab lab;
};

struct SideExample {
    std::size_t sample = 0;  // index into the side samples
    bool flip = false;       // the profile read from `other` to `hex` (a slope's sloped hex first)
    bool on_line = false;    // directional, clicked right on the line: the marks settle `flip`
};

// A hexside class as a printed mark: its colour, and how much of each step across the hexside it
// covers (a berm: most of the middle; a slope: its line, and its ticks on the sloped side first;
// "none": the grid line). Seen over any hexes, a step's colour is cover * mark + (1 - cover) *
// the colour of the hex the step lies in, mixed in linear light as ink on paper is.
struct SideClass {
    std::string name;  // "none" for the plain hexside
    int feature = -1;  // -1: plain (classes 0 and, when some hexsides run by a hex number, 1)
    bool numbered = false;  // plain: the hexsides beside a printed hex number (its blur darkens them)
    bool directional = false;
    std::vector<SideExample> examples;
    Rgb mark;
    std::array<double, kSteps> cover{};
    std::array<bool, kSteps> known{};
    double spread = 0;
    std::vector<int> lookalikes;  // classes whose marks match this one's (told apart by their hexes)
};

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string accepted_names(const Vocabulary& v) {
    return join_names(example_names(v), ", ") + (v.hex_features.empty() ? "" : ", or TERRAIN+FEATURE");
}

// The hex class a name means: (terrain, feature), or false.
bool hex_class_of(const Vocabulary& v, const std::string& name, int& terrain, int& feature) {
    terrain = 0, feature = -1;
    const auto plus = name.find('+');
    const std::string first = name.substr(0, plus), second = plus == std::string::npos ? "" : name.substr(plus + 1);
    if (auto t = v.find(v.hex_terrain, first); t != v.hex_terrain.end()) {
        terrain = int(t - v.hex_terrain.begin());
        if (second.empty()) return true;
        auto f = v.find(v.hex_features, second);
        if (f == v.hex_features.end()) return false;
        feature = int(f - v.hex_features.begin());
        return true;
    }
    if (!second.empty()) return false;
    auto f = v.find(v.hex_features, first);
    if (f == v.hex_features.end()) return false;
    feature = int(f - v.hex_features.begin());
    return true;
}

struct Classes {
    std::vector<HexClass> hexes;
    std::vector<SideClass> sides;  // [0] is "none" when there are any
    std::string error;
};

// Where an example's click falls on the board (its hex, and the nearest hexside), or an error.
struct Placed {
    Vec2 at;
    hex::Cube hex;
    int side = 0;
    double to_midpoint = 0, off_line = 0;  // board units
};
Placed place(const calibration::Projective& to_plane, Vec2 pixel) {
    Placed p;
    p.at = to_plane.apply(pixel);
    p.hex = hex::plane_pick(p.at);
    p.side = hex::plane_nearest_side(p.hex, p.at);
    p.to_midpoint = plane::distance(p.at, hex::plane_side_midpoint(p.hex, p.side));
    const Vec2 c = hex::plane_centre(p.hex), m = hex::plane_side_midpoint(p.hex, p.side);
    const Vec2 n = (m - c) * (1.0 / plane::length(m - c));
    p.off_line = std::fabs(plane::dot(p.at - m, n));
    return p;
}

// The side sample of hexside (h, d), or npos.
std::size_t find_side(const std::vector<SideSample>& sides, const Board& b, const hex::Cube& h, int d) {
    const int slot = b.side_slot(h, d);
    for (std::size_t i = 0; i < sides.size(); ++i)
        if (sides[i].slot == slot) return i;
    return std::size_t(-1);
}

// A hexside example: its side sample and which way to read it (directional: sloped hex first;
// clicked on the line, the side its marks lie on, measured once the profiles are relative).
std::string add_side_example(Classes& cl, const Board& b, const std::vector<SideSample>& sides, const Example& e, const Placed& p,
                             int feature) {
    if (p.to_midpoint > 0.45)
        return e.label + " is not at a hexside's midpoint (it lies " + fmt(p.to_midpoint / hex::kHexSpacing * 10) +
               " tenths of a hex from the nearest): click the middle of the hexside";
    const std::size_t at = find_side(sides, b, p.hex, p.side);
    if (at == std::size_t(-1)) return e.label + ": hexside " + b.side_name(p.hex, p.side) + " is not between two hexes of the board";
    const std::string& name = b.vocabulary.hexside_features[std::size_t(feature)];
    auto it = std::find_if(cl.sides.begin(), cl.sides.end(), [&](const SideClass& c) { return c.feature == feature; });
    if (it == cl.sides.end()) {
        SideClass c;
        c.name = name;
        c.feature = feature;
        c.directional = std::find(b.vocabulary.directional.begin(), b.vocabulary.directional.end(), name) != b.vocabulary.directional.end();
        cl.sides.push_back(c);
        it = cl.sides.end() - 1;
    }
    // Directional, clicked clearly inside a hex: that hex is the sloped one; clicked right on the
    // line (closer than 0.08), `flip` is settled later by the side its marks lie on.
    SideExample x;
    x.sample = at;
    x.flip = !(sides[at].hex == p.hex);
    x.on_line = it->directional && p.off_line < 0.08;
    it->examples.push_back(x);
    return {};
}

Classes read_examples(const Board& b, const calibration::Projective& to_plane, const std::vector<SideSample>& sides,
                      const std::vector<Example>& examples) {
    Classes cl;
    const Vocabulary& v = b.vocabulary;
    for (const Example& e : examples) {
        const Placed p = place(to_plane, e.pixel);
        int terrain = 0, feature = -1;
        const auto side_feature = v.find(v.hexside_features, e.name);
        // A name both a hex and a hexside may hold (Panzer Squadron's "obstacle"): a hexside when
        // clicked near a hexside's midpoint (within 0.3; a hex centre is 0.87 away), else the hex.
        const bool as_side = side_feature != v.hexside_features.end() && p.to_midpoint < 0.3;
        if (!as_side && hex_class_of(v, e.name, terrain, feature)) {
            if (!b.contains(p.hex)) return cl.error = e.label + " lies off the board", cl;
            std::string name = v.hex_terrain[std::size_t(terrain)] + (feature >= 0 ? "+" + v.hex_features[std::size_t(feature)] : "");
            auto it = std::find_if(cl.hexes.begin(), cl.hexes.end(), [&](const HexClass& c) { return c.terrain == terrain && c.feature == feature; });
            if (it == cl.hexes.end()) {
                HexClass c;
                c.name = name, c.terrain = terrain, c.feature = feature;
                cl.hexes.push_back(c);
                it = cl.hexes.end() - 1;
            }
            it->examples.push_back(b.index(p.hex));
            continue;
        }
        const auto f = side_feature;
        if (f == v.hexside_features.end())
            return cl.error = e.label + ": '" + e.name + "' is not a terrain or feature of " + v.system + " (accepted: " + accepted_names(v) + ")", cl;
        if (cl.sides.empty()) {
            cl.sides.emplace_back();
            cl.sides.back().name = "none";
        }
        if (std::string err = add_side_example(cl, b, sides, e, p, int(f - v.hexside_features.begin())); !err.empty())
            return cl.error = err, cl;
    }
    if (cl.hexes.empty() && cl.sides.empty()) cl.error = "no examples: give at least one --sample NAME=X,Y";
    return cl;
}

// =====================================================================================
// 6. light
// =====================================================================================

// A smooth gain per channel: exp(quadratic in the board position), positions scaled to -1..1.
struct Gain {
    std::array<std::array<double, 6>, 3> c{};
    Vec2 centre, half{1, 1};
    static std::array<double, 6> basis(double x, double y) { return {1, x, y, x * x, x * y, y * y}; }
    std::array<double, 6> at_basis(Vec2 p) const { return basis((p.x - centre.x) / half.x, (p.y - centre.y) / half.y); }
    Rgb apply_inverse(const Rgb& v, Vec2 p) const {
        const auto f = at_basis(p);
        double g[3];
        for (std::size_t ch = 0; ch < 3; ++ch) {
            double s = 0;
            for (std::size_t k = 0; k < 6; ++k) s += c[ch][k] * f[k];
            g[ch] = std::exp(s);
        }
        return {v.r / g[0], v.g / g[1], v.b / g[2]};
    }
};

double channel(const Rgb& c, std::size_t ch) { return ch == 0 ? c.r : ch == 1 ? c.g : c.b; }

// Fits log(raw) - log(class colour) over the hexes marked `use`, twice: the second time without
// the hexes the first fit leaves more than three robust deviations off (wrong names).
Gain fit_gain(const Board& b, const std::vector<HexSample>& raw, const std::vector<int>& label, const std::vector<char>& use,
              const std::vector<HexClass>& classes) {
    Gain g;
    const Vec2 lo = hex::plane_centre(b.hex_at(0)), hi = hex::plane_centre(b.hex_at(b.hex_count() - 1));
    g.centre = (lo + hi) * 0.5;
    g.half = {std::max(1.0, std::fabs(hi.x - lo.x) / 2), std::max(1.0, std::fabs(hi.y - lo.y) / 2)};
    for (std::size_t ch = 0; ch < 3; ++ch) {
        std::vector<char> keep = use;
        for (int pass = 0; pass < 2; ++pass) {
            Eigen::Matrix<double, 6, 6> ata = Eigen::Matrix<double, 6, 6>::Zero();
            Eigen::Matrix<double, 6, 1> atb = Eigen::Matrix<double, 6, 1>::Zero();
            std::vector<double> res;
            int n = 0;
            for (std::size_t i = 0; i < raw.size(); ++i) {
                if (!keep[i]) continue;
                const auto f = g.at_basis(raw[i].where);
                const Eigen::Map<const Eigen::Matrix<double, 6, 1>> fv(f.data());
                const double r = std::log(std::max(channel(raw[i].lin, ch), 1e-4)) - std::log(std::max(channel(classes[std::size_t(label[i])].lin, ch), 1e-4));
                ata += fv * fv.transpose(), atb += fv * r, ++n;
            }
            if (n < 12) break;
            ata.diagonal().array() += 1e-6;
            const Eigen::Matrix<double, 6, 1> x = ata.ldlt().solve(atb);
            for (std::size_t k = 0; k < 6; ++k) g.c[ch][k] = x(Eigen::Index(k));
            // Residuals for the second pass.
            for (std::size_t i = 0; i < raw.size(); ++i) {
                if (!keep[i]) continue;
                const auto f = g.at_basis(raw[i].where);
                double s = 0;
                for (std::size_t k = 0; k < 6; ++k) s += g.c[ch][k] * f[k];
                res.push_back(std::fabs(std::log(std::max(channel(raw[i].lin, ch), 1e-4)) - std::log(std::max(channel(classes[std::size_t(label[i])].lin, ch), 1e-4)) - s));
            }
            std::vector<double> sorted = res;
            const double mad = median_of(sorted) * 1.4826 + 1e-3;
            std::size_t j = 0;
            for (std::size_t i = 0; i < raw.size(); ++i)
                if (keep[i]) keep[i] = res[j++] <= 3 * mad;
        }
    }
    return g;
}

// =====================================================================================
// 7. naming hexes
// =====================================================================================

constexpr double kTexWeight = 20;  // a brightness spread of 0.1 counts as 2 Lab units

struct HexFeat {
    Lab lab;
    double tex = 0;
};
double hex_dist(const HexFeat& f, const HexClass& c) { return std::sqrt(dist2(f.lab, c.lab) + sq(kTexWeight * (f.tex - c.tex))); }

struct HexRound {
    std::vector<int> label, second;
    std::vector<double> margin, d1;
};

// Every hex to its nearest class; distances over max(spread, 2) once spreads are known.
HexRound name_hexes_once(const std::vector<HexFeat>& feat, const std::vector<HexSample>& raw, const std::vector<HexClass>& classes) {
    HexRound r;
    const std::size_t n = feat.size();
    r.label.assign(n, 0), r.second.assign(n, -1), r.margin.assign(n, 0), r.d1.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (!raw[i].ok) continue;
        double best = 1e300, next = 1e300;
        for (std::size_t c = 0; c < classes.size(); ++c) {
            const double d = hex_dist(feat[i], classes[c]) / std::max(classes[c].spread, 2.0);
            if (d < best) next = best, r.second[i] = r.label[i], best = d, r.label[i] = int(c);
            else if (d < next) next = d, r.second[i] = int(c);
        }
        if (classes.size() < 2) r.second[i] = -1, next = 1e300;
        r.d1[i] = best;
        r.margin[i] = next >= 1e299 ? 1.0 : (next - best) / (next + best + 1e-9);
    }
    return r;
}

// Each class's colour and spread: the median of its examples and of the hexes confidently named
// after it (all rounds after the first), its spread the median distance of those.
void centre_classes(std::vector<HexClass>& classes, const std::vector<HexFeat>& feat, const std::vector<Rgb>& lin, const HexRound* named) {
    for (std::size_t c = 0; c < classes.size(); ++c) {
        std::vector<int> members = classes[c].examples;
        if (named)
            for (std::size_t i = 0; i < feat.size(); ++i)
                if (named->label[i] == int(c) && named->margin[i] > 0.3) members.push_back(int(i));
        std::vector<double> r, g, b, t;
        for (int i : members) r.push_back(lin[std::size_t(i)].r), g.push_back(lin[std::size_t(i)].g), b.push_back(lin[std::size_t(i)].b), t.push_back(feat[std::size_t(i)].tex);
        HexClass& k = classes[c];
        k.lin = {median_of(r), median_of(g), median_of(b)};
        k.tex = median_of(t);
        k.lab = to_lab(k.lin);
        if (named && members.size() > classes[c].examples.size() + 4) {
            std::vector<double> d;
            for (int i : members) d.push_back(hex_dist(feat[std::size_t(i)], k));
            k.spread = median_of(d) * 1.4826;
        }
    }
}

// Three rounds: name, fit the light from the names, divide it out, re-centre the classes, name again.
HexRound name_hexes(const Board& b, const std::vector<HexSample>& raw, std::vector<HexClass>& classes, Gain& gain) {
    const std::size_t n = raw.size();
    std::vector<Rgb> lin(n);
    std::vector<HexFeat> feat(n);
    auto correct = [&] {
        for (std::size_t i = 0; i < n; ++i) {
            lin[i] = raw[i].ok ? gain.apply_inverse(raw[i].lin, raw[i].where) : Rgb{};
            feat[i] = {to_lab(lin[i]), raw[i].tex};
        }
    };
    correct();
    centre_classes(classes, feat, lin, nullptr);
    HexRound r = name_hexes_once(feat, raw, classes);
    for (int round = 0; round < 3; ++round) {
        std::vector<char> use(n, 0);
        for (std::size_t i = 0; i < n; ++i) use[i] = raw[i].ok && r.margin[i] > 0.2;
        // Class colours in the raw light, for the fit: the median raw colour of the examples.
        std::vector<HexClass> raw_classes = classes;
        std::vector<HexFeat> raw_feat(n);
        std::vector<Rgb> raw_lin(n);
        for (std::size_t i = 0; i < n; ++i) raw_lin[i] = raw[i].lin, raw_feat[i] = {to_lab(raw[i].lin), raw[i].tex};
        centre_classes(raw_classes, raw_feat, raw_lin, round == 0 ? nullptr : &r);
        if (classes.size() >= 1) gain = fit_gain(b, raw, r.label, use, raw_classes);
        correct();
        centre_classes(classes, feat, lin, &r);
        r = name_hexes_once(feat, raw, classes);
    }
    return r;
}

// =====================================================================================
// 8. naming sides
// =====================================================================================

// The light divided out of every profile, its Lab colours, and the colours of its two hexes.
void correct_sides(std::vector<SideSample>& sides, const Board& b, const std::vector<Rgb>& hex_lin, const Gain& gain) {
    for (SideSample& s : sides) {
        if (!s.ok) continue;
        s.lin.ok = s.raw.ok;
        for (int k = 0; k < kSteps; ++k) {
            s.lin.v[std::size_t(k)] = gain.apply_inverse(s.raw.v[std::size_t(k)], s.mid);
            s.lab[std::size_t(k)] = to_lab(s.lin.v[std::size_t(k)]);
        }
        // The colour of each hex beside the line: the profile's two outermost steps on its side
        // (a single-hex woods or town in its middle leaves the hex's edge its ground's colour),
        // or the hex's own colour where a number hides them.
        for (int f = 0; f < 2; ++f) {
            const std::size_t a = f == 0 ? 0 : kSteps - 1, c = f == 0 ? 1 : kSteps - 2;
            const Rgb whole = hex_lin[std::size_t(b.index(f == 0 ? s.hex : s.other))];
            const int n = int(s.lin.ok[a]) + int(s.lin.ok[c]);
            if (n == 0) {
                s.fill[f] = whole;
                continue;
            }
            Rgb sum;
            for (std::size_t k : {a, c})
                if (s.lin.ok[k]) sum.r += s.lin.v[k].r, sum.g += s.lin.v[k].g, sum.b += s.lin.v[k].b;
            s.fill[f] = {sum.r / n, sum.g / n, sum.b / n};
        }
    }
}

// The hex colour under step i of a side: its own hex's, the other's, their mean on the line.
Rgb fill_at(const SideSample& s, int i) {
    if (i < kSteps / 2) return s.fill[0];
    if (i > kSteps / 2) return s.fill[1];
    return {(s.fill[0].r + s.fill[1].r) / 2, (s.fill[0].g + s.fill[1].g) / 2, (s.fill[0].b + s.fill[1].b) / 2};
}
int fill_index(int i) { return i < kSteps / 2 ? 0 : i > kSteps / 2 ? 1 : 2; }

Rgb mix(const Rgb& mark, const Rgb& under, double cover) {
    return {cover * mark.r + (1 - cover) * under.r, cover * mark.g + (1 - cover) * under.g, cover * mark.b + (1 - cover) * under.b};
}

// The class's step for the side's step i read turned round (`flip`) and moved by `shift`.
int class_step(int i, bool flip, int shift) { return (flip ? kSteps - 1 - i : i) + shift; }

struct Match {
    double d = 1e300;  // RMS Lab distance between the side and the class's mark drawn on its hexes
    bool flip = false;
    int shift = 0;
};

// How well class c's mark, drawn over this side's two hexes, fits the side: the best of every
// turn and shift (a small penalty per step of shift keeps a symmetric mark in place).
Match match(const SideSample& s, const SideClass& c) {
    // The predicted colours: each cover value of the class over each of the three fills.
    std::array<std::array<Lab, 3>, kSteps> predicted{};
    std::array<Lab, 3> bare{};
    for (int f = 0; f < 3; ++f) {
        const Rgb under = fill_at(s, f == 0 ? 0 : f == 1 ? kSteps - 1 : kSteps / 2);
        bare[std::size_t(f)] = to_lab(under);
        for (int j = 0; j < kSteps; ++j)
            if (c.known[std::size_t(j)])
                predicted[std::size_t(j)][std::size_t(f)] = c.cover[std::size_t(j)] < 0.005 ? bare[std::size_t(f)] : to_lab(mix(c.mark, under, c.cover[std::size_t(j)]));
    }
    Match best;
    for (int flip = 0; flip < 2; ++flip)
        for (int shift = -kMaxShift; shift <= kMaxShift; ++shift) {
            double sum = 0;
            int n = 0;
            for (int i = 0; i < kSteps; ++i) {
                if (!s.lin.ok[std::size_t(i)]) continue;
                const int j = class_step(i, flip == 1, shift);
                const std::size_t f = std::size_t(fill_index(i));
                if (j >= 0 && j < kSteps && !c.known[std::size_t(j)]) continue;
                const Lab& p = j >= 0 && j < kSteps ? predicted[std::size_t(j)][f] : bare[f];  // beyond the mark: the hex
                sum += dist2(s.lab[std::size_t(i)], p), ++n;
            }
            if (n < 6) continue;
            const double d = std::sqrt(sum / n) * (1 + 0.01 * std::abs(shift));
            if (d < best.d) best = {d, flip == 1, shift};
        }
    return best;
}

// The cover of each class step: the median over the members of the least-squares cover of
// mark over hex colour (linear light) at the member's step that lands there.
void fit_cover(SideClass& c, const std::vector<SideSample>& sides, const std::vector<std::pair<std::size_t, Match>>& members) {
    for (int j = 0; j < kSteps; ++j) {
        std::vector<double> cover;
        for (const auto& [i, m] : members) {
            const SideSample& s = sides[i];
            const int k = class_step(j - m.shift, m.flip, 0);  // the side's step that lands on class step j
            if (k < 0 || k >= kSteps || !s.lin.ok[std::size_t(k)]) continue;
            const Rgb o = s.lin.v[std::size_t(k)], f = fill_at(s, k);
            const double mr = c.mark.r - f.r, mg = c.mark.g - f.g, mb = c.mark.b - f.b;
            const double den = mr * mr + mg * mg + mb * mb;
            if (den < 1e-6) continue;  // the mark is the colour of this hex: it says nothing here
            cover.push_back(std::clamp(((o.r - f.r) * mr + (o.g - f.g) * mg + (o.b - f.b) * mb) / den, 0.0, 1.0));
        }
        c.known[std::size_t(j)] = !cover.empty();
        c.cover[std::size_t(j)] = cover.empty() ? 0 : median_of(cover);
    }
}

// Over hexes of different colours the ink shows directly: at the step the mark covers most,
// observed = cover * ink + (1 - cover) * hex, so the observed colours against the hexes' colours
// lie on a line of slope 1 - cover (least squares, the three channels together). Used when the
// members' hexes differ enough (a spread of brightness over 0.03); false otherwise.
bool ink_from_fills(SideClass& c, const std::vector<SideSample>& sides, const std::vector<std::pair<std::size_t, Match>>& members) {
    const int peak = int(std::max_element(c.cover.begin(), c.cover.end()) - c.cover.begin());
    std::vector<std::pair<Rgb, Rgb>> seen;  // (hex, observed)
    for (const auto& [i, m] : members) {
        const int k = class_step(peak - m.shift, m.flip, 0);
        if (k >= 0 && k < kSteps && sides[i].lin.ok[std::size_t(k)]) seen.push_back({fill_at(sides[i], k), sides[i].lin.v[std::size_t(k)]});
    }
    if (seen.size() < 8) return false;
    double mf[3] = {0, 0, 0}, mo[3] = {0, 0, 0};
    for (const auto& [f, o] : seen)
        for (std::size_t ch = 0; ch < 3; ++ch) mf[ch] += channel(f, ch), mo[ch] += channel(o, ch);
    for (std::size_t ch = 0; ch < 3; ++ch) mf[ch] /= double(seen.size()), mo[ch] /= double(seen.size());
    double sff = 0, sfo = 0, yy = 0, y2 = 0;
    for (const auto& [f, o] : seen) {
        for (std::size_t ch = 0; ch < 3; ++ch) {
            const double df = channel(f, ch) - mf[ch];
            sff += df * df, sfo += df * (channel(o, ch) - mo[ch]);
        }
        yy += luminance(f), y2 += sq(luminance(f));
    }
    const double y_spread = std::sqrt(std::max(0.0, y2 / double(seen.size()) - sq(yy / double(seen.size()))));
    if (y_spread < 0.03 || sff < 1e-9) return false;
    const double beta = sfo / sff, cover = 1 - beta;
    if (!(cover > 0.05 && cover <= 1.0)) return false;
    double ink[3];
    for (std::size_t ch = 0; ch < 3; ++ch) ink[ch] = std::clamp((mo[ch] - beta * mf[ch]) / cover, 0.0, 1.0);
    c.mark = {ink[0], ink[1], ink[2]};
    fit_cover(c, sides, members);
    return true;
}

// A class's mark from sides read its way (each with the turn and shift that aligns it). A thin
// line is blurred into its hexes, so its colour is not what the eye sees at its middle: the ink
// and the covers are fitted in turn (least squares over every member and step; members over
// different hexes tell ink from blur), starting from the colour where each side departs most
// from its hexes.
void fit_class(SideClass& c, const std::vector<SideSample>& sides, const std::vector<std::pair<std::size_t, Match>>& members) {
    if (members.empty()) return;
    std::vector<double> r, g, bl;
    for (const auto& [i, m] : members) {
        const SideSample& s = sides[i];
        double far = -1;
        Rgb at;
        for (int k = 0; k < kSteps; ++k) {
            if (!s.lin.ok[std::size_t(k)]) continue;
            const double d = dist2(s.lab[std::size_t(k)], to_lab(fill_at(s, k)));
            if (d > far) far = d, at = s.lin.v[std::size_t(k)];
        }
        if (far >= 0) r.push_back(at.r), g.push_back(at.g), bl.push_back(at.b);
    }
    if (r.empty()) return;
    c.mark = {median_of(r), median_of(g), median_of(bl)};
    fit_cover(c, sides, members);
    if (ink_from_fills(c, sides, members)) return;
    for (int round = 0; round < 4; ++round) {
        double num[3] = {0, 0, 0}, den = 0;
        for (const auto& [i, m] : members)
            for (int j = 0; j < kSteps; ++j) {
                const int k = class_step(j - m.shift, m.flip, 0);
                const double a = c.cover[std::size_t(j)];
                if (k < 0 || k >= kSteps || !c.known[std::size_t(j)] || !sides[i].lin.ok[std::size_t(k)] || a < 0.05) continue;
                const Rgb o = sides[i].lin.v[std::size_t(k)], f = fill_at(sides[i], k);
                num[0] += a * (o.r - (1 - a) * f.r), num[1] += a * (o.g - (1 - a) * f.g), num[2] += a * (o.b - (1 - a) * f.b);
                den += a * a;
            }
        if (den < 1e-9) break;
        c.mark = {std::clamp(num[0] / den, 0.0, 1.0), std::clamp(num[1] / den, 0.0, 1.0), std::clamp(num[2] / den, 0.0, 1.0)};
        fit_cover(c, sides, members);
    }
}

// A directional example clicked right on the line: its sloped hex is the side its marks lie on
// (the half further from the colour of its hex).
void settle_flips(std::vector<SideClass>& classes, const std::vector<SideSample>& sides) {
    for (SideClass& c : classes)
        for (SideExample& e : c.examples) {
            if (!e.on_line) continue;
            e.on_line = false;
            const SideSample& s = sides[e.sample];
            double half[2] = {0, 0};
            for (int k = 0; k < kSteps; ++k)
                if (k != kSteps / 2 && s.lin.ok[std::size_t(k)]) half[k > kSteps / 2] += std::sqrt(dist2(s.lab[std::size_t(k)], to_lab(fill_at(s, k))));
            e.flip = half[1] > half[0];
        }
}

struct SideRound {
    std::vector<int> label, second;
    std::vector<Match> match;
    std::vector<double> margin, d1;
};

// How alike the two hexes of two sides are (unordered): for telling look-alike marks apart.
double context_dist(const std::vector<Lab>& hex_lab, const Board& b, const SideSample& s, const SideSample& e) {
    const Lab &a = hex_lab[std::size_t(b.index(s.hex))], &c = hex_lab[std::size_t(b.index(s.other))];
    const Lab &x = hex_lab[std::size_t(b.index(e.hex))], &y = hex_lab[std::size_t(b.index(e.other))];
    return std::min(std::sqrt(dist2(a, x)) + std::sqrt(dist2(c, y)), std::sqrt(dist2(a, y)) + std::sqrt(dist2(c, x)));
}

SideRound name_sides_once(const std::vector<SideSample>& sides, const std::vector<SideClass>& classes, const std::vector<Lab>& hex_lab,
                          const Board& b) {
    SideRound r;
    const std::size_t n = sides.size();
    r.label.assign(n, 0), r.second.assign(n, -1), r.match.assign(n, {}), r.margin.assign(n, 0), r.d1.assign(n, 0);
    parallel_for(n, [&](std::size_t i) {
        if (!sides[i].ok) return;
        std::vector<Match> m(classes.size());
        double best = 1e300, next = 1e300;
        for (std::size_t c = 0; c < classes.size(); ++c) {
            if (classes[c].feature < 0 && classes[c].numbered != sides[i].numbered) continue;  // each its own plain
            m[c] = match(sides[i], classes[c]);
            if (m[c].d < best) next = best, r.second[i] = r.label[i], best = m[c].d, r.label[i] = int(c);
            else if (m[c].d < next) next = m[c].d, r.second[i] = int(c);
        }
        r.match[i] = m[std::size_t(r.label[i])];
        // Look-alikes: the class whose examples lie between the most similar hexes.
        const SideClass& won = classes[std::size_t(r.label[i])];
        if (!won.lookalikes.empty()) {
            double ctx = 1e300;
            int pick = r.label[i];
            for (int c : won.lookalikes)
                for (const SideExample& e : classes[std::size_t(c)].examples)
                    if (const double d = context_dist(hex_lab, b, sides[i], sides[e.sample]); d < ctx) ctx = d, pick = c;
            r.label[i] = pick, r.match[i] = m[std::size_t(pick)];
        }
        r.d1[i] = best;
        // A difference within the noise of plain hexsides is no difference: the margin's scale
        // is at least six times that noise (the "none" class's spread, at least 1.5 Lab units).
        const double noise = std::max(classes[0].spread, 1.5);
        r.margin[i] = next >= 1e299 ? 1.0 : (next - best) / std::max(next + best, 6 * noise);
    });
    return r;
}

// Two marks alike: colours within 6 Lab units and covers within 0.15 (RMS, best aligned).
bool alike(const SideClass& a, const SideClass& c) {
    if (std::sqrt(dist2(to_lab(a.mark), to_lab(c.mark))) > 6) return false;
    for (int flip = 0; flip < 2; ++flip)
        for (int shift = -kMaxShift; shift <= kMaxShift; ++shift) {
            double sum = 0;
            int n = 0;
            for (int i = 0; i < kSteps; ++i) {
                const int j = class_step(i, flip == 1, shift);
                if (j < 0 || j >= kSteps || !a.known[std::size_t(i)] || !c.known[std::size_t(j)]) continue;
                sum += sq(a.cover[std::size_t(i)] - c.cover[std::size_t(j)]), ++n;
            }
            if (n >= 10 && std::sqrt(sum / n) < 0.15) return true;
        }
    return false;
}

// The marks: "none" from every hexside at first (most hexsides are plain), then from the
// confidently plain ones; a feature from its examples (read sloped side first), then with the
// hexsides confidently named after it. Spreads: the median distance of the members.
void centre_sides(std::vector<SideClass>& classes, const std::vector<SideSample>& sides, const SideRound* named) {
    for (std::size_t c = 0; c < classes.size(); ++c) {
        SideClass& k = classes[c];
        std::vector<std::pair<std::size_t, Match>> members;
        for (const SideExample& e : k.examples) members.push_back({e.sample, Match{0, e.flip, 0}});
        for (std::size_t i = 0; i < sides.size(); ++i) {
            if (!sides[i].ok || (k.feature < 0 && sides[i].numbered != k.numbered)) continue;
            if (!named ? k.feature < 0 : named->label[i] == int(c) && named->margin[i] > 0.3) members.push_back({i, named ? named->match[i] : Match{}});
        }
        fit_class(k, sides, members);
        // The spread: how far the members named after it lay (in the round that named them).
        if (named && members.size() >= 5) {
            std::vector<double> d;
            for (const auto& [i, m] : members) d.push_back(m.d);
            k.spread = median_of(d) * 1.4826;
        }
    }
    for (std::size_t c = 0; c < classes.size(); ++c) {
        classes[c].lookalikes.clear();
        for (std::size_t o = 0; o < classes.size() && classes[c].feature >= 0; ++o)
            if (o != c && classes[o].feature >= 0 && alike(classes[c], classes[o])) {
                if (classes[c].lookalikes.empty()) classes[c].lookalikes.push_back(int(c));
                classes[c].lookalikes.push_back(int(o));
            }
    }
}

SideRound name_sides(std::vector<SideSample>& sides, std::vector<SideClass>& classes, const std::vector<Lab>& hex_lab, const Board& b) {
    settle_flips(classes, sides);
    centre_sides(classes, sides, nullptr);
    SideRound r = name_sides_once(sides, classes, hex_lab, b);
    for (int round = 0; round < 2; ++round) {
        centre_sides(classes, sides, &r);
        r = name_sides_once(sides, classes, hex_lab, b);
    }
    return r;
}

}  // namespace

// =====================================================================================
// 9. suggest
// =====================================================================================

std::string Suggestion::hex_text(int index) const {
    const HexVerdict& v = hexes.at(std::size_t(index));
    if (v.cls < 0) return "";
    std::string name = hex_classes.at(std::size_t(v.cls));
    if (v.second >= 0) name += " (or " + hex_classes.at(std::size_t(v.second)) + ")";
    return name;
}

namespace {

// The verdicts written into the board, each marked; the unsure ones listed least sure first.
void fill_board(Board& b, Suggestion& out, const std::vector<HexClass>& hc, const HexRound* hr, const std::vector<HexSample>& raw,
                const std::vector<SideClass>& sc, const SideRound* sr, const std::vector<SideSample>& sides, double unsure_margin) {
    if (hr) {
        out.hexes.resize(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (!raw[i].ok) continue;
            HexVerdict& v = out.hexes[i];
            const HexClass& c = hc[std::size_t(hr->label[i])];
            v.cls = hr->label[i], v.terrain = c.terrain, v.feature = c.feature, v.second = hr->second[i], v.margin = hr->margin[i];
            v.unsure = v.margin < unsure_margin || (c.spread > 0 && hr->d1[i] > 5.0);
            b.terrain_of[i] = std::uint8_t(c.terrain);
            if (!b.feature_of.empty()) b.feature_of[i] = std::uint8_t(c.feature + 1);
            b.suggested_of[i] = v.unsure ? suggestion::unsure : suggestion::suggested;
            if (v.unsure) out.unsure_hexes.push_back(int(i));
        }
        std::sort(out.unsure_hexes.begin(), out.unsure_hexes.end(), [&](int x, int y) { return out.hexes[std::size_t(x)].margin < out.hexes[std::size_t(y)].margin; });
    }
    if (!sr) return;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const SideSample& s = sides[i];
        if (!s.ok) continue;  // not on the picture: no verdict
        SideVerdict v;
        v.slot = s.slot, v.hex = s.hex, v.side = s.side;
        const SideClass& c = sc[std::size_t(sr->label[i])];
        v.feature = c.feature;
        v.sloped = c.directional && sr->match[i].flip ? s.other : s.hex;
        v.margin = sr->margin[i];
        v.unsure = v.margin < unsure_margin || (c.spread > 0 && sr->d1[i] > 4 * std::max(c.spread, 2.0));
        SideFeature& f = b.sides_of.edit(std::size_t(s.slot));
        f = SideFeature{};
        f.feature = v.feature;
        f.sloped = v.feature >= 0 ? v.sloped : hex::Cube{};
        f.suggested = v.unsure ? suggestion::unsure : v.feature >= 0 ? suggestion::suggested : suggestion::none;
        if (v.unsure) out.unsure_sides.push_back(int(out.sides.size()));
        out.sides.push_back(v);
    }
    std::sort(out.unsure_sides.begin(), out.unsure_sides.end(), [&](int x, int y) { return out.sides[std::size_t(x)].margin < out.sides[std::size_t(y)].margin; });
}

}  // namespace

Suggestion suggest(Board& b, const image::Image& picture, const calibration::Projective& to_pixel, const std::vector<Example>& examples,
                   const SuggestOptions& options) {
    Suggestion out;
    const auto to_plane = to_pixel.inverse();
    if (!to_plane || b.hex_count() == 0) {
        out.error = "the calibration does not map the picture back onto the board";
        return out;
    }
    const Sampler sampler{picture, to_pixel};
    std::vector<SideSample> sides = list_sides(b);
    Classes cl = read_examples(b, *to_plane, sides, examples);
    if (!cl.error.empty()) {
        out.error = cl.error;
        return out;
    }
    if (!cl.sides.empty()) {
        sample_sides(sides, sampler, options.number_band);
        // Hexsides beside a printed number get their own plain class: the number's blur darkens them.
        if (std::any_of(sides.begin(), sides.end(), [](const SideSample& x) { return x.numbered; })) {
            SideClass plain;
            plain.name = "none";
            plain.numbered = true;
            cl.sides.insert(cl.sides.begin() + 1, plain);
        }
    }
    for (const SideClass& c : cl.sides)
        for (const SideExample& e : c.examples)
            if (!sides[e.sample].ok) return out.error = "the picture does not cover the example hexside " + b.side_name(sides[e.sample].hex, sides[e.sample].side), out;
    const std::vector<HexSample> raw = sample_hexes(b, sampler, hex_pattern(options.number_band));
    for (const HexClass& c : cl.hexes) {
        out.hex_classes.push_back(c.name);
        out.hex_examples += int(c.examples.size());
        for (int i : c.examples)
            if (!raw[std::size_t(i)].ok) return out.error = "the picture does not cover the example hex " + b.name(b.hex_at(i)), out;
    }
    for (const SideClass& c : cl.sides) out.side_examples += int(c.examples.size());
    Gain gain;
    HexRound hr;
    if (!cl.hexes.empty()) hr = name_hexes(b, raw, cl.hexes, gain);
    // The hexes' colours as the sides see them (light corrected): the sampled median.
    std::vector<Rgb> hex_lin(raw.size());
    std::vector<Lab> hex_lab(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i)
        hex_lin[i] = gain.apply_inverse(raw[i].mean, raw[i].where), hex_lab[i] = to_lab(gain.apply_inverse(raw[i].lin, raw[i].where));
    correct_sides(sides, b, hex_lin, gain);
    SideRound sr;
    if (!cl.sides.empty()) sr = name_sides(sides, cl.sides, hex_lab, b);
    fill_board(b, out, cl.hexes, cl.hexes.empty() ? nullptr : &hr, raw, cl.sides, cl.sides.empty() ? nullptr : &sr, sides,
               options.unsure_margin);
    return out;
}

}  // namespace umpire::board
