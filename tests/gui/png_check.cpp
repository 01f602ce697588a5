// png_check: checks that a PNG is a real render of the window, not a blank or
// garbage frame. Used by the window tests under CTest.
//
//   png_check FILE [--size WxH] [--min-colours N] [--min-content F]
//                  [--has-colour R,G,B,TOL,COUNT]...
//
//   --size          the image must be exactly W x H
//   --min-colours   at least N distinct RGB colours (default 8)
//   --min-content   at least this fraction of pixels differ from the most common
//                   colour (default 0.05): text, boxes and tables were drawn
//   --has-colour    at least COUNT pixels within TOL (each channel) of R,G,B, e.g.
//                   the verdict banner's fill colour
// Prints one line of measurements; exit 0 when every check holds, 1 otherwise.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <stb_image.h>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: png_check FILE [--size WxH] [--min-colours N] [--min-content F] [--has-colour R,G,B,TOL,COUNT]\n");
        return 1;
    }
    const char* file = argv[1];
    int want_w = 0, want_h = 0, min_colours = 8;
    double min_content = 0.05;
    struct Want { int r, g, b, tol, count; };
    std::vector<Want> wants;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : "";
        if (a == "--size") { std::sscanf(v, "%dx%d", &want_w, &want_h); ++i; }
        else if (a == "--min-colours") { min_colours = std::atoi(v); ++i; }
        else if (a == "--min-content") { min_content = std::atof(v); ++i; }
        else if (a == "--has-colour") {
            Want w{};
            if (std::sscanf(v, "%d,%d,%d,%d,%d", &w.r, &w.g, &w.b, &w.tol, &w.count) != 5) {
                std::fprintf(stderr, "png_check: --has-colour takes R,G,B,TOL,COUNT\n");
                return 1;
            }
            wants.push_back(w);
            ++i;
        } else {
            std::fprintf(stderr, "png_check: unknown option %s\n", a.c_str());
            return 1;
        }
    }
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(file, &w, &h, &n, 3);
    if (!px) {
        std::fprintf(stderr, "png_check: %s: not a readable image (%s)\n", file, stbi_failure_reason());
        return 1;
    }
    std::map<unsigned, long> counts;
    const long total = long(w) * long(h);
    for (long i = 0; i < total; ++i) {
        const unsigned c = (unsigned(px[3 * i]) << 16) | (unsigned(px[3 * i + 1]) << 8) | px[3 * i + 2];
        ++counts[c];
    }
    long most = 0;
    for (const auto& [c, k] : counts) most = k > most ? k : most;
    const double content = total ? double(total - most) / double(total) : 0.0;
    std::vector<long> found(wants.size(), 0);
    for (long i = 0; i < total; ++i)
        for (std::size_t j = 0; j < wants.size(); ++j)
            if (std::abs(px[3 * i] - wants[j].r) <= wants[j].tol && std::abs(px[3 * i + 1] - wants[j].g) <= wants[j].tol &&
                std::abs(px[3 * i + 2] - wants[j].b) <= wants[j].tol)
                ++found[j];
    stbi_image_free(px);

    std::printf("%s: %dx%d, %zu colours, %.1f%% content\n", file, w, h, counts.size(), content * 100.0);
    bool ok = true;
    if (want_w && (w != want_w || h != want_h)) {
        std::fprintf(stderr, "png_check: size %dx%d, expected %dx%d\n", w, h, want_w, want_h);
        ok = false;
    }
    if (int(counts.size()) < min_colours) {
        std::fprintf(stderr, "png_check: only %zu colours (blank render?), expected at least %d\n", counts.size(), min_colours);
        ok = false;
    }
    if (content < min_content) {
        std::fprintf(stderr, "png_check: only %.2f%% of pixels differ from the background, expected %.2f%%\n",
                     content * 100.0, min_content * 100.0);
        ok = false;
    }
    for (std::size_t j = 0; j < wants.size(); ++j) {
        std::printf("  colour %d,%d,%d (+-%d): %ld pixels\n", wants[j].r, wants[j].g, wants[j].b, wants[j].tol, found[j]);
        if (found[j] < wants[j].count) {
            std::fprintf(stderr, "png_check: colour %d,%d,%d found on %ld pixels, expected at least %d\n", wants[j].r,
                         wants[j].g, wants[j].b, found[j], wants[j].count);
            ok = false;
        }
    }
    return ok ? 0 : 1;
}
