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
#include <cmath>
#include <cstdio>
#include <numeric>

#include "board/underlay.hpp"
#include "core/names.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::board {

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

double lab_f(double t) {
    constexpr double e = 216.0 / 24389.0, k = 24389.0 / 27.0;
    return t > e ? std::cbrt(t) : (k * t + 16) / 116;
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

std::vector<HexSample> sample_hexes(const Board& b, const Sampler& s, const std::vector<Vec2>& pattern) {
    std::vector<HexSample> out(std::size_t(b.hex_count()));
    std::vector<double> r, g, bl, y;
    for (int i = 0; i < b.hex_count(); ++i) {
        HexSample& h = out[std::size_t(i)];
        h.where = hex::plane_centre(b.hex_at(i));
        r.clear(), g.clear(), bl.clear(), y.clear();
        for (const Vec2& o : pattern) {
            Rgb c;
            if (!s.at(h.where + o, c)) continue;
            r.push_back(c.r), g.push_back(c.g), bl.push_back(c.b), y.push_back(luminance(c));
        }
        if (r.size() < pattern.size() / 2) continue;  // mostly off the picture
        h.ok = true;
        h.lin = {median_of(r), median_of(g), median_of(bl)};
        const double y50 = median_of(y), y25 = median_of(y, 0.25), y75 = median_of(y, 0.75);
        h.tex = (y75 - y25) / std::max(y50, 1e-4);
    }
    return out;
}

// =====================================================================================
// 4. hexsides
// =====================================================================================

constexpr int kSteps = 21;           // across: -0.25 .. 0.25 in steps of 0.025
constexpr double kStep = 0.025;
constexpr int kMaxShift = 4;         // compared up to 0.1 either way
using Profile = std::array<Lab, kSteps>;
using LinProfile = std::array<Rgb, kSteps>;

struct SideSample {
    bool ok = false;
    int slot = 0;
    hex::Cube hex, other;  // the profile runs from `hex` (u < 0) to `other`
    int side = 0;
    Vec2 mid;
    LinProfile lin;        // trimmed means along the side
    Profile rel;           // Lab less the hex's own colour (filled in by name_sides)
};

// The profile across side d of h: at each step, the trimmed mean (two lowest and two highest of
// 13 dropped, per channel) of points along the middle 60% of the side.
bool side_profile(const Sampler& s, const hex::Cube& h, int d, LinProfile& out) {
    const Vec2 c = hex::plane_centre(h), o = hex::plane_centre(hex::neighbour(h, d));
    const Vec2 mid = (c + o) * 0.5;
    const double len = plane::distance(c, o);
    const Vec2 n{(o.x - c.x) / len, (o.y - c.y) / len}, t{-n.y, n.x};
    std::array<std::array<double, 13>, 3> v{};
    for (int k = 0; k < kSteps; ++k) {
        const double u = (k - kSteps / 2) * kStep;
        int got = 0;
        for (int j = 0; j < 13; ++j) {
            Rgb col;
            if (!s.at(mid + n * u + t * ((j - 6) * 0.05), col)) return false;
            v[0][std::size_t(j)] = col.r, v[1][std::size_t(j)] = col.g, v[2][std::size_t(j)] = col.b;
            ++got;
        }
        double m[3];
        for (std::size_t ch = 0; ch < 3; ++ch) {
            std::sort(v[ch].begin(), v[ch].end());
            m[ch] = std::accumulate(v[ch].begin() + 2, v[ch].end() - 2, 0.0) / 9.0;
        }
        out[std::size_t(k)] = {m[0], m[1], m[2]};
    }
    return true;
}

// Every hexside between two hexes of the board, from its slot's own hex.
std::vector<SideSample> sample_sides(const Board& b, const Sampler& s) {
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
                x.ok = side_profile(s, h, d, x.lin);
                out.push_back(x);
            }
        }
    return out;
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

struct SideClass {
    std::string name;  // "none" for the plain hexside
    int feature = -1;
    bool directional = false;
    std::vector<SideExample> examples;
    Profile proto{};
    double spread = 0;
    std::vector<int> lookalikes;  // classes whose profiles match this one's (told apart by their hexes)
};

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string accepted_names(const Vocabulary& v) {
    std::vector<std::string> all = v.hex_terrain;
    all.insert(all.end(), v.hex_features.begin(), v.hex_features.end());
    all.insert(all.end(), v.hexside_features.begin(), v.hexside_features.end());
    return join_names(all, ", ") + (v.hex_features.empty() ? "" : ", or TERRAIN+FEATURE");
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
    if (!sides[at].ok) return e.label + ": the picture does not cover hexside " + b.side_name(p.hex, p.side);
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
        if (hex_class_of(v, e.name, terrain, feature)) {
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
        const auto f = v.find(v.hexside_features, e.name);
        if (f == v.hexside_features.end())
            return cl.error = e.label + ": '" + e.name + "' is not a terrain or feature of " + v.system + " (accepted: " + accepted_names(v) + ")", cl;
        if (cl.sides.empty()) cl.sides.push_back(SideClass{"none", -1, false, {}, {}, 0, {}});
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

// RMS Lab distance between profile p (turned round when `flip`) and prototype q shifted by k.
double profile_dist(const Profile& p, bool flip, const Profile& q, int k) {
    double s = 0;
    int n = 0;
    for (int i = 0; i < kSteps; ++i) {
        const int j = i + k;
        if (j < 0 || j >= kSteps) continue;
        const Lab& a = p[std::size_t(flip ? kSteps - 1 - i : i)];
        s += dist2(a, q[std::size_t(j)]), ++n;
    }
    return std::sqrt(s / std::max(n, 1));
}

struct Match {
    double d = 1e300;
    bool flip = false;
    int shift = 0;
};
Match best_match(const Profile& p, const Profile& q, bool may_flip = true) {
    Match m;
    for (int f = 0; f < (may_flip ? 2 : 1); ++f)
        for (int k = -kMaxShift; k <= kMaxShift; ++k) {
            // A shift costs a little, so a symmetric profile keeps its own alignment.
            const double d = profile_dist(p, f == 1, q, k) * (1 + 0.01 * std::abs(k));
            if (d < m.d) m = {d, f == 1, k};
        }
    return m;
}

// p read the other way round and moved back by `shift`: aligned with the prototype it matched.
Profile aligned(const Profile& p, const Match& m) {
    Profile out;
    for (int j = 0; j < kSteps; ++j) {
        const int i = std::clamp(j - m.shift, 0, kSteps - 1);
        out[std::size_t(j)] = p[std::size_t(m.flip ? kSteps - 1 - i : i)];
    }
    return out;
}

Profile median_profile(const std::vector<Profile>& ps) {
    Profile out{};
    std::vector<double> L, a, b;
    for (int k = 0; k < kSteps && !ps.empty(); ++k) {
        L.clear(), a.clear(), b.clear();
        for (const Profile& p : ps) L.push_back(p[std::size_t(k)].L), a.push_back(p[std::size_t(k)].a), b.push_back(p[std::size_t(k)].b);
        out[std::size_t(k)] = {median_of(L), median_of(a), median_of(b)};
    }
    return out;
}

// The side profiles in light-corrected Lab, less the colour of the hex each half lies in.
void relative_profiles(std::vector<SideSample>& sides, const Board& b, const std::vector<Lab>& hex_lab, const Gain& gain) {
    for (SideSample& s : sides) {
        if (!s.ok) continue;
        const Lab& near = hex_lab[std::size_t(b.index(s.hex))];
        const Lab& far = hex_lab[std::size_t(b.index(s.other))];
        for (int k = 0; k < kSteps; ++k) {
            const Lab v = to_lab(gain.apply_inverse(s.lin[std::size_t(k)], s.mid));
            const Lab& f = k < kSteps / 2 ? near : k > kSteps / 2 ? far : Lab{(near.L + far.L) / 2, (near.a + far.a) / 2, (near.b + far.b) / 2};
            s.rel[std::size_t(k)] = {v.L - f.L, v.a - f.a, v.b - f.b};
        }
    }
}

// A directional example clicked right on the line: its sloped hex is the side its marks lie on
// (the half of the profile further from plain).
void settle_flips(std::vector<SideClass>& classes, const std::vector<SideSample>& sides) {
    for (SideClass& c : classes)
        for (SideExample& e : c.examples) {
            if (!e.on_line) continue;
            e.on_line = false;
            const Profile& p = sides[e.sample].rel;
            const Profile& none = classes[0].proto;
            double near = 0, far = 0;
            for (int k = 0; k < kSteps / 2 - 1; ++k) near += dist2(p[std::size_t(k)], none[std::size_t(k)]);
            for (int k = kSteps / 2 + 2; k < kSteps; ++k) far += dist2(p[std::size_t(k)], none[std::size_t(k)]);
            e.flip = far > near;
        }
}

struct SideRound {
    std::vector<int> label, second;
    std::vector<Match> match;
    std::vector<double> margin, d1;
};

// The mean Lab colour of the two hexes of a side, unordered: for telling look-alikes apart.
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
    for (std::size_t i = 0; i < n; ++i) {
        if (!sides[i].ok) continue;
        double best = 1e300, next = 1e300;
        for (std::size_t c = 0; c < classes.size(); ++c) {
            const Match m = best_match(sides[i].rel, classes[c].proto);
            const double d = m.d / std::max(classes[c].spread, 1.5);
            if (d < best) next = best, r.second[i] = r.label[i], best = d, r.label[i] = int(c), r.match[i] = m;
            else if (d < next) next = d, r.second[i] = int(c);
        }
        // Look-alikes: the class whose examples lie between the most similar hexes.
        const SideClass& won = classes[std::size_t(r.label[i])];
        if (!won.lookalikes.empty()) {
            double ctx = 1e300;
            int pick = r.label[i];
            for (int c : won.lookalikes)
                for (const SideExample& e : classes[std::size_t(c)].examples)
                    if (const double d = context_dist(hex_lab, b, sides[i], sides[e.sample]); d < ctx) ctx = d, pick = c;
            if (pick != r.label[i]) r.label[i] = pick, r.match[i] = best_match(sides[i].rel, classes[std::size_t(pick)].proto);
        }
        r.d1[i] = best;
        r.margin[i] = (next - best) / (next + best + 1e-9);
    }
    return r;
}

// Prototypes: "none" from the median of every profile (most hexsides are plain), then of the
// confidently plain ones; a feature from its examples (read sloped side first), then with the
// hexsides confidently named after it.
void centre_sides(std::vector<SideClass>& classes, const std::vector<SideSample>& sides, const SideRound* named) {
    for (std::size_t c = 0; c < classes.size(); ++c) {
        SideClass& k = classes[c];
        std::vector<Profile> ps;
        std::vector<std::size_t> members;
        if (c == 0) {
            for (std::size_t i = 0; i < sides.size(); ++i)
                if (sides[i].ok && (!named || (named->label[i] == 0 && named->margin[i] > 0.3))) ps.push_back(sides[i].rel), members.push_back(i);
        } else {
            for (const SideExample& e : k.examples) ps.push_back(aligned(sides[e.sample].rel, {0, e.flip, 0}));
            if (named)
                for (std::size_t i = 0; i < sides.size(); ++i)
                    if (named->label[i] == int(c) && named->margin[i] > 0.3) ps.push_back(aligned(sides[i].rel, named->match[i])), members.push_back(i);
        }
        if (ps.empty()) continue;
        k.proto = median_profile(ps);
        if (named && members.size() >= 5) {
            std::vector<double> d;
            for (std::size_t i : members) d.push_back(best_match(sides[i].rel, k.proto).d);
            k.spread = median_of(d) * 1.4826;
        }
    }
    // Look-alikes: prototypes closer than 3 Lab units (RMS over the profile).
    for (std::size_t c = 1; c < classes.size(); ++c) {
        classes[c].lookalikes.clear();
        for (std::size_t o = 1; o < classes.size(); ++o)
            if (o != c && best_match(classes[c].proto, classes[o].proto).d < 3.0) {
                if (classes[c].lookalikes.empty()) classes[c].lookalikes.push_back(int(c));
                classes[c].lookalikes.push_back(int(o));
            }
    }
}

SideRound name_sides(std::vector<SideSample>& sides, std::vector<SideClass>& classes, const std::vector<Lab>& hex_lab, const Board& b,
                     const Gain& gain) {
    relative_profiles(sides, b, hex_lab, gain);
    centre_sides(classes, sides, nullptr);
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
        v.unsure = v.margin < unsure_margin || (c.spread > 0 && sr->d1[i] > 5.0);
        SideFeature& f = b.sides_of[std::size_t(s.slot)];
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
    std::vector<SideSample> sides = sample_sides(b, sampler);
    Classes cl = read_examples(b, *to_plane, sides, examples);
    if (!cl.error.empty()) {
        out.error = cl.error;
        return out;
    }
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
    std::vector<Lab> hex_lab(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) hex_lab[i] = to_lab(gain.apply_inverse(raw[i].lin, raw[i].where));
    SideRound sr;
    if (!cl.sides.empty()) sr = name_sides(sides, cl.sides, hex_lab, b, gain);
    fill_board(b, out, cl.hexes, cl.hexes.empty() ? nullptr : &hr, raw, cl.sides, cl.sides.empty() ? nullptr : &sr, sides,
               options.unsure_margin);
    return out;
}

}  // namespace umpire::board
