// A synthetic photo of a miniatures table, for the table-photo window test and the guide's
// screenshot (docs/maps.md "A table from a photo"): the sample table tables/gf9-sample-ridge.toml
// (48 x 48 in) as a camera at its near edge sees it, the far edge about a third narrower and the
// whole turned a little, on a wooden floor, with a light gradient and mottling. The photo also shows
// one hill the sketch does not have (the one a referee traces): its corners are printed.
//
//   table_photo_fixture OUT.(png|jpg)
// prints, one a line:  corner N X Y      (N = 1..4: near-left, near-right, far-right, far-left; pixels)
//                      hill X Y          (the untraced hill's corners, table inches)
// Exit 0, or 1 with a message when the picture cannot be written.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include "core/image.hpp"
#include "geometry/calibration.hpp"
#include "geometry/plane.hpp"

namespace pl = umpire::plane;
namespace cal = umpire::calibration;

namespace {

constexpr int kWidth = 1600, kHeight = 1200;
constexpr double kTable = 48;
const std::array<pl::Vec2, 4> kCorners = {{{250, 1115}, {1395, 1135}, {1205, 250}, {430, 236}}};
const pl::Polygon kHill = {{26, 39}, {33, 38}, {36, 42}, {33, 46}, {27, 45}};

double grain(int x, int y, unsigned seed) {
    std::uint32_t h = std::uint32_t(x) * 73856093u ^ std::uint32_t(y) * 19349663u ^ seed * 83492791u;
    h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
    return (h & 0xffff) / 65535.0;
}

struct Rgb {
    double r, g, b;
};

// The table's colour at q (inches, y away from the near edge): the sample ridge's pieces.
Rgb table_at(pl::Vec2 q) {
    auto near_line = [&](pl::Vec2 a, pl::Vec2 b, double half) { return pl::distance(pl::Segment{a, b}, q) <= half; };
    if (near_line({18, 10}, {46, 10}, 0.35)) return {70, 52, 38};                 // the escarpment's edge
    if (q.y < 10 && q.x > 18 && q.x < 46 && q.y > 8.5) return {120, 100, 70};     // its face
    if (near_line({40, 19}, {40, 24}, 1.5)) return {150, 130, 105};               // the bridge
    if (near_line({0, 20}, {48, 22}, 1.0)) return {60, 100, 160};                 // the river
    if (near_line({40, 12}, {40, 47}, 0.75)) return {170, 150, 115};              // the road
    if (pl::distance(q, {44, 38}) <= 3) return {35, 80, 40};                      // the copse
    if (pl::distance(q, {12, 36}) <= 2.5) return {150, 140, 85};                  // Hill 112's crest
    const double ex = (q.x - 12) / 8, ey = (q.y - 36) / 5;
    if (ex * ex + ey * ey <= 1) return {125, 125, 75};                            // Hill 112
    if (pl::distance(q, {30, 32}) <= 4) return {125, 125, 75};                    // the Knoll
    if (pl::distance(q, {21, 34}) <= 2.5) return {125, 125, 75};                  // the Low rise
    if (pl::contains(kHill, q)) return {140, 120, 70};                            // the hill not yet traced
    return {80, 120, 60};                                                         // the mat
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: table_photo_fixture OUT.png|OUT.jpg\n");
        return 1;
    }
    const cal::Fit fit = cal::calibrate_table(cal::rectangle_points(kCorners, {0, 0}, kTable, kTable), "in", pl::Vec2{kWidth, kHeight});
    if (!fit.ok) {
        std::fprintf(stderr, "table_photo_fixture: %s\n", fit.error.c_str());
        return 1;
    }
    const double sign = fit.to_pixel.w({24, 24}) < 0 ? -1 : 1;
    umpire::image::Image img = umpire::image::blank(kWidth, kHeight, 3);
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            Rgb sum{0, 0, 0};
            for (int s = 0; s < 4; ++s) {  // 2 x 2 samples a pixel: smooth edges
                const pl::Vec2 px{x + 0.25 + 0.5 * (s % 2), y + 0.25 + 0.5 * (s / 2)};
                const pl::Vec2 q = fit.to_plane.apply(px);
                const bool on = sign * fit.to_pixel.w(q) > 0 && q.x >= 0 && q.y >= 0 && q.x <= kTable && q.y <= kTable;
                Rgb c = on ? table_at(q) : Rgb{95 + 20 * std::sin(px.y / 9.0), 70, 50};  // the wooden floor's boards
                sum = {sum.r + c.r, sum.g + c.g, sum.b + c.b};
            }
            const double light = 0.8 + 0.35 * double(x) / kWidth - 0.1 * double(y) / kHeight;  // window light from the right
            const double n = 0.95 + 0.1 * grain(x / 6, y / 6, 7);  // the mat's mottling, in patches (a photo's grain would only bloat the screenshots)
            std::uint8_t* p = img.at(x, y);
            p[0] = std::uint8_t(std::clamp(sum.r / 4 * light * n, 0.0, 255.0));
            p[1] = std::uint8_t(std::clamp(sum.g / 4 * light * n, 0.0, 255.0));
            p[2] = std::uint8_t(std::clamp(sum.b / 4 * light * n, 0.0, 255.0));
        }
    const std::string out = argv[1];
    const bool jpeg = out.size() > 4 && (out.substr(out.size() - 4) == ".jpg" || out.substr(out.size() - 5) == ".jpeg");
    const std::string bytes = jpeg ? umpire::image::encode_jpeg(img, 85) : umpire::image::encode_png(img);
    std::ofstream f(out, std::ios::binary);
    if (bytes.empty() || !(f << bytes) || !f.flush()) {
        std::fprintf(stderr, "table_photo_fixture: cannot write %s\n", out.c_str());
        return 1;
    }
    for (int i = 0; i < 4; ++i) std::printf("corner %d %.1f %.1f\n", i + 1, kCorners[std::size_t(i)].x, kCorners[std::size_t(i)].y);
    for (const auto& v : kHill) std::printf("hill %g %g\n", v.x, v.y);
    return 0;
}
