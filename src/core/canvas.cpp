// A picture drawn in software (see canvas.hpp).
//
// Sections
//   1. coverage   the area-coverage rasterizer: each edge adds its signed area to an accumulation
//                 buffer, a running sum along each row gives every pixel's coverage
//   2. Font       stb_truetype (the implementation is in Debian's libstb, linked), UTF-8
//   3. Canvas     shapes, text, clip
//   4. png        stb_image_write into memory, then an atomic write
#include "core/canvas.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <mutex>

#include <stb_image_write.h>
#include <stb_truetype.h>

#include "core/atomic_file.hpp"

namespace umpire::canvas {

namespace {

// =====================================================================================
// 1. coverage
// =====================================================================================

// Adds one edge (p0 -> p1, pixel coordinates relative to a region `w` x `h`) to `acc` (rows of
// w + 2 floats). The edge's x is already within [0, w] (see add_edge). After all edges of a
// closed shape, the running sum along a row is the shape's signed coverage of each pixel: the
// method of font-rs (R. Levien), exact for straight edges.
void accumulate(std::vector<float>& acc, int w, int h, Pt p0, Pt p1) {
    if (p0.y == p1.y) return;
    float dir = 1;
    if (p0.y > p1.y) std::swap(p0, p1), dir = -1;
    if (p1.y <= 0 || p0.y >= float(h)) return;
    const float dxdy = (p1.x - p0.x) / (p1.y - p0.y);
    if (p0.y < 0) p0.x -= p0.y * dxdy, p0.y = 0;
    if (p1.y > float(h)) p1.x -= (p1.y - float(h)) * dxdy, p1.y = float(h);
    const std::size_t stride = std::size_t(w) + 2;
    float x = p0.x;
    const int y_end = std::min(h, int(std::ceil(p1.y)));
    for (int y = std::max(0, int(std::floor(p0.y))); y < y_end; ++y) {
        float* row = acc.data() + std::size_t(y) * stride;
        const float dy = std::min(float(y + 1), p1.y) - std::max(float(y), p0.y);
        const float xnext = std::clamp(x + dxdy * dy, 0.0f, float(w));
        const float d = dy * dir;
        const float x0 = std::min(x, xnext), x1 = std::max(x, xnext);
        const float x0floor = std::floor(x0);
        const int x0i = int(x0floor);
        const float x1ceil = std::ceil(x1);
        const int x1i = int(x1ceil);
        if (x1i <= x0i + 1) {
            const float xmf = 0.5f * (x + xnext) - x0floor;
            row[x0i] += d - d * xmf;
            row[x0i + 1] += d * xmf;
        } else {
            const float s = 1.0f / (x1 - x0);
            const float x0f = x0 - x0floor;
            const float a0 = 0.5f * s * (1.0f - x0f) * (1.0f - x0f);
            const float x1f = x1 - x1ceil + 1.0f;
            const float am = 0.5f * s * x1f * x1f;
            row[x0i] += d * a0;
            if (x1i == x0i + 2) {
                row[x0i + 1] += d * (1.0f - a0 - am);
            } else {
                const float a1 = s * (1.5f - x0f);
                row[x0i + 1] += d * (a1 - a0);
                for (int xi = x0i + 2; xi < x1i - 1; ++xi) row[xi] += d * s;
                const float a2 = a1 + float(x1i - x0i - 3) * s;
                row[x1i - 1] += d * (1.0f - a2 - am);
            }
            row[x1i] += d * am;
        }
        x = xnext;
    }
}

// An edge of a shape that may reach beyond the region's left or right side: split where it
// crosses x = 0 and x = w, and each part beyond laid on that side. Coverage inside the region is
// unchanged (what lies left of a pixel counts the same wherever it lies), and nothing is written
// outside the buffer.
void add_edge(std::vector<float>& acc, int w, int h, Pt a, Pt b) {
    Pt pts[4] = {a, {}, {}, {}};
    int n = 1;
    float ts[2];
    int nt = 0;
    for (const float edge : {0.0f, float(w)})
        if ((a.x < edge) != (b.x < edge) && a.x != b.x) ts[nt++] = (edge - a.x) / (b.x - a.x);
    if (nt == 2 && ts[1] < ts[0]) std::swap(ts[0], ts[1]);
    for (int k = 0; k < nt; ++k) pts[n++] = {a.x + (b.x - a.x) * ts[k], a.y + (b.y - a.y) * ts[k]};
    pts[n++] = b;
    for (int i = 0; i + 1 < n; ++i) {
        Pt p = pts[i], q = pts[i + 1];
        p.x = std::clamp(p.x, 0.0f, float(w));
        q.x = std::clamp(q.x, 0.0f, float(w));
        accumulate(acc, w, h, p, q);
    }
}

// Twice the signed area (positive: clockwise on screen, y down).
float signed_area(const std::vector<Pt>& p) {
    float a = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const Pt& u = p[i];
        const Pt& v = p[(i + 1) % p.size()];
        a += u.x * v.y - v.x * u.y;
    }
    return a;
}

// =====================================================================================
// 2. Font
// =====================================================================================

// The next code point of `s` from `i` (advanced); a malformed sequence gives U+FFFD.
char32_t next_codepoint(std::string_view s, std::size_t& i) {
    const auto c = static_cast<unsigned char>(s[i++]);
    if (c < 0x80) return c;
    int more = c >= 0xF0 && c < 0xF8 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
    if (more < 0) return 0xFFFD;
    char32_t cp = c & (0x3F >> more);
    for (; more > 0; --more) {
        if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) return 0xFFFD;
        cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    }
    return cp > 0x10FFFF ? 0xFFFD : cp;
}

constexpr std::uintmax_t kMaxFontBytes = std::uintmax_t(32) << 20;
constexpr const char* kDejaVuDir = "/usr/share/fonts/truetype/dejavu";

}  // namespace

struct Font::Impl {
    std::string data;
    stbtt_fontinfo info{};
    float scale(float px) const { return stbtt_ScaleForPixelHeight(&info, px); }
};

Font::Font() : impl_(std::make_unique<Impl>()) {}
Font::~Font() = default;

std::shared_ptr<const Font> Font::load(const std::filesystem::path& file) {
    auto fail = [&](const std::string& why) { return PictureError("cannot read the font " + file.string() + ": " + why); };
    std::error_code ec;
    const auto st = std::filesystem::status(file, ec);
    if (!std::filesystem::exists(st)) throw fail("no such file (Debian package fonts-dejavu-core installs it)");
    if (!std::filesystem::is_regular_file(st)) throw fail("not a regular file");
    const auto size = std::filesystem::file_size(file, ec);
    if (ec || size > kMaxFontBytes) throw fail(ec ? ec.message() : "larger than 32 MiB");
    std::ifstream in(file, std::ios::binary);
    std::shared_ptr<Font> f(new Font());
    f->file_ = file;
    f->impl_->data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) throw fail("read error");
    const auto* bytes = reinterpret_cast<const unsigned char*>(f->impl_->data.data());
    const int offset = f->impl_->data.size() >= 12 ? stbtt_GetFontOffsetForIndex(bytes, 0) : -1;
    if (offset < 0 || !stbtt_InitFont(&f->impl_->info, bytes, offset)) throw fail("not a TrueType font");
    return f;
}

bool Font::has(char32_t cp) const { return stbtt_FindGlyphIndex(&impl_->info, int(cp)) != 0; }

float Font::ascent(float px) const {
    int a = 0, d = 0, g = 0;
    stbtt_GetFontVMetrics(&impl_->info, &a, &d, &g);
    return float(a) * impl_->scale(px);
}

float Font::line_height(float px) const {
    int a = 0, d = 0, g = 0;
    stbtt_GetFontVMetrics(&impl_->info, &a, &d, &g);
    return float(a - d + g) * impl_->scale(px);
}

float Font::width(float px, std::string_view s) const {
    const float k = impl_->scale(px);
    float w = 0;
    char32_t prev = 0;
    for (std::size_t i = 0; i < s.size();) {
        const char32_t cp = next_codepoint(s, i);
        int adv = 0, lsb = 0;
        stbtt_GetCodepointHMetrics(&impl_->info, int(cp), &adv, &lsb);
        if (prev) w += float(stbtt_GetCodepointKernAdvance(&impl_->info, int(prev), int(cp))) * k;
        w += float(adv) * k;
        prev = cp;
    }
    return w;
}

const Fonts& Fonts::dejavu() {
    static std::mutex m;
    static std::unique_ptr<Fonts> fonts;
    const std::lock_guard<std::mutex> lock(m);
    if (!fonts) {  // a failure is not kept: installing the package and trying again works
        auto f = std::make_unique<Fonts>();
        f->regular = Font::load(std::filesystem::path(kDejaVuDir) / "DejaVuSans.ttf");
        f->bold = Font::load(std::filesystem::path(kDejaVuDir) / "DejaVuSans-Bold.ttf");
        fonts = std::move(f);
    }
    return *fonts;
}

// =====================================================================================
// 3. Canvas
// =====================================================================================

Canvas::Canvas(int width, int height, Rgba background) {
    if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
        throw PictureError("a picture of " + std::to_string(width) + " x " + std::to_string(height) + " pixels: each side must be 1 to " +
                           std::to_string(kMaxSide));
    w_ = width, h_ = height;
    px_.resize(std::size_t(w_) * std::size_t(h_) * 4);
    for (std::size_t i = 0; i < px_.size(); i += 4) {
        px_[i] = std::uint8_t(background >> 24), px_[i + 1] = std::uint8_t(background >> 16);
        px_[i + 2] = std::uint8_t(background >> 8), px_[i + 3] = std::uint8_t(background);
    }
    reset_clip();
}

Rgba Canvas::at(int x, int y) const {
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return 0;
    const std::uint8_t* p = px_.data() + (std::size_t(y) * std::size_t(w_) + std::size_t(x)) * 4;
    return rgba(p[0], p[1], p[2], p[3]);
}

void Canvas::clip(float x0, float y0, float x1, float y1) {
    cx0_ = std::clamp(x0, 0.0f, float(w_)), cy0_ = std::clamp(y0, 0.0f, float(h_));
    cx1_ = std::clamp(x1, cx0_, float(w_)), cy1_ = std::clamp(y1, cy0_, float(h_));
}

void Canvas::reset_clip() { cx0_ = 0, cy0_ = 0, cx1_ = float(w_), cy1_ = float(h_); }

void Canvas::blend(int x, int y, Rgba c, float cov) {
    if (x < int(cx0_) || y < int(cy0_) || x >= int(std::ceil(cx1_)) || y >= int(std::ceil(cy1_))) return;
    const float a = std::min(1.0f, cov) * float(c & 0xFF) / 255.0f;
    if (a <= 0) return;
    std::uint8_t* p = px_.data() + (std::size_t(y) * std::size_t(w_) + std::size_t(x)) * 4;
    const float src[3] = {float(c >> 24), float((c >> 16) & 0xFF), float((c >> 8) & 0xFF)};
    const float dst_a = float(p[3]) / 255.0f;
    const float out_a = a + dst_a * (1 - a);
    for (int k = 0; k < 3; ++k) {
        const float v = out_a > 0 ? (src[k] * a + float(p[k]) * dst_a * (1 - a)) / out_a : 0;
        p[k] = std::uint8_t(std::clamp(std::lround(v), 0L, 255L));
    }
    p[3] = std::uint8_t(std::clamp(std::lround(out_a * 255.0f), 0L, 255L));
}

Canvas::Region Canvas::bounds_of(const std::vector<std::vector<Pt>>& polys) const {
    float lx = 1e30f, ly = 1e30f, hx = -1e30f, hy = -1e30f;
    for (const auto& p : polys)
        for (const Pt& q : p) {
            if (!std::isfinite(q.x) || !std::isfinite(q.y)) return {0, 0, 0, 0};
            lx = std::min(lx, q.x), ly = std::min(ly, q.y), hx = std::max(hx, q.x), hy = std::max(hy, q.y);
        }
    Region r{int(std::floor(std::max(lx, cx0_))), int(std::floor(std::max(ly, cy0_))), int(std::ceil(std::min(hx, cx1_))),
             int(std::ceil(std::min(hy, cy1_)))};
    return r;
}

// The coverage (0..1) of each pixel of `r` by the union of `polys`.
std::vector<float> Canvas::coverage(const std::vector<std::vector<Pt>>& polys, const Region& r) const {
    const int w = r.x1 - r.x0, h = r.y1 - r.y0;
    const std::size_t stride = std::size_t(w) + 2;
    std::vector<float> acc(stride * std::size_t(h), 0.0f);
    for (const auto& p : polys) {
        if (p.size() < 3) continue;
        // Every polygon the same way round, so that overlaps add up (and are clamped) instead of cancelling.
        const bool reverse = signed_area(p) < 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            Pt a = p[i], b = p[(i + 1) % p.size()];
            if (reverse) std::swap(a, b);
            add_edge(acc, w, h, {a.x - float(r.x0), a.y - float(r.y0)}, {b.x - float(r.x0), b.y - float(r.y0)});
        }
    }
    std::vector<float> cov(std::size_t(w) * std::size_t(h));
    for (int y = 0; y < h; ++y) {
        float sum = 0;
        for (int x = 0; x < w; ++x) {
            sum += acc[std::size_t(y) * stride + std::size_t(x)];
            cov[std::size_t(y) * std::size_t(w) + std::size_t(x)] = std::min(1.0f, std::fabs(sum));
        }
    }
    return cov;
}

void Canvas::composite(const Region& r, const std::vector<float>& cov, Rgba c) {
    const int w = r.x1 - r.x0;
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) {
            const float v = cov[std::size_t(y - r.y0) * std::size_t(w) + std::size_t(x - r.x0)];
            if (v > 1.0f / 512) blend(x, y, c, v);
        }
}

void Canvas::fill(const std::vector<std::vector<Pt>>& polys, Rgba c) {
    const Region r = bounds_of(polys);
    if (r.empty() || (c & 0xFF) == 0) return;
    composite(r, coverage(polys, r), c);
}

void Canvas::fill(const std::vector<Pt>& polygon, Rgba c) { fill(std::vector<std::vector<Pt>>{polygon}, c); }

void Canvas::rect(float x0, float y0, float x1, float y1, Rgba c) { fill({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, c); }

std::vector<Pt> circle_outline(Pt centre, float radius) {
    const int n = std::clamp(int(radius * 1.2f), 12, 180);
    std::vector<Pt> p;
    p.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        const float a = 2.0f * float(M_PI) * float(i) / float(n);
        p.push_back({centre.x + radius * std::cos(a), centre.y + radius * std::sin(a)});
    }
    return p;
}

void Canvas::circle(Pt centre, float radius, Rgba c) {
    if (radius > 0) fill(circle_outline(centre, radius), c);
}

void Canvas::ring(Pt centre, float radius, float width, Rgba c) {
    std::vector<Pt> p = circle_outline(centre, radius);
    stroke(p, width, c, true);
}

void Canvas::stroke(const std::vector<Pt>& pts, float width, Rgba c, bool closed) {
    if (pts.empty() || width <= 0) return;
    const float hw = width / 2;
    std::vector<std::vector<Pt>> shape;
    // Round joins and ends: a disc at every point, a quad along every segment; drawn as one union.
    for (const Pt& p : pts) shape.push_back(circle_outline(p, hw));
    const std::size_t n = pts.size();
    for (std::size_t i = 0; i + 1 < n + (closed && n > 2 ? 1 : 0); ++i) {
        const Pt a = pts[i], b = pts[(i + 1) % n];
        const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
        if (len <= 0) continue;
        const Pt nrm{-dy / len * hw, dx / len * hw};
        shape.push_back({a + nrm, b + nrm, b - nrm, a - nrm});
    }
    fill(shape, c);
}

void Canvas::arrow(Pt from, Pt to, float width, float head, Rgba c) {
    const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    const Pt u{dx / len, dy / len}, n{-u.y, u.x};
    const Pt base = to - u * std::min(head, len);
    const float hw = std::max(head * 0.55f, width);
    std::vector<std::vector<Pt>> shape{{to, base + n * hw, base - n * hw}};
    const float w2 = width / 2;
    shape.push_back({from + n * w2, base + n * w2, base - n * w2, from - n * w2});
    fill(shape, c);
}

void Canvas::hatch(const std::vector<Pt>& area, float spacing, float width, Rgba c, float degrees) {
    const Region r = bounds_of({area});
    if (r.empty() || spacing <= 0) return;
    const std::vector<float> inside = coverage({area}, r);
    // Stripes over the area's bounding box, then kept only where the area covers.
    const float a = degrees * float(M_PI) / 180.0f;
    const Pt u{std::cos(a), std::sin(a)}, n{-u.y, u.x};
    const Pt mid{float(r.x0 + r.x1) / 2, float(r.y0 + r.y1) / 2};
    const float reach = std::hypot(float(r.x1 - r.x0), float(r.y1 - r.y0));
    std::vector<std::vector<Pt>> stripes;
    for (float off = -reach / 2; off <= reach / 2; off += spacing) {
        const Pt o = mid + n * off;
        stripes.push_back({o - u * reach + n * (width / 2), o + u * reach + n * (width / 2), o + u * reach - n * (width / 2),
                           o - u * reach - n * (width / 2)});
    }
    std::vector<float> cov = coverage(stripes, r);
    for (std::size_t i = 0; i < cov.size(); ++i) cov[i] *= inside[i];
    composite(r, cov, c);
}

float Canvas::glyph(const Font& font, float px, float pen_x, float baseline, char32_t cp, char32_t prev, Rgba c) {
    const stbtt_fontinfo* info = &font.impl_->info;
    const float k = font.impl_->scale(px);
    if (prev) pen_x += float(stbtt_GetCodepointKernAdvance(info, int(prev), int(cp))) * k;
    int adv = 0, lsb = 0;
    const bool known = stbtt_FindGlyphIndex(info, int(cp)) != 0;
    stbtt_GetCodepointHMetrics(info, int(known ? cp : U'\u25A1'), &adv, &lsb);
    const char32_t drawn = known ? cp : (font.has(U'\u25A1') ? U'\u25A1' : U'?');  // a box for a character the font lacks
    const float shift = pen_x - std::floor(pen_x);
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetCodepointBitmapBoxSubpixel(info, int(drawn), k, k, shift, 0, &x0, &y0, &x1, &y1);
    const int gw = x1 - x0, gh = y1 - y0;
    if (gw > 0 && gh > 0 && gw < 4096 && gh < 4096) {
        std::vector<unsigned char> bmp(std::size_t(gw) * std::size_t(gh));
        stbtt_MakeCodepointBitmapSubpixel(info, bmp.data(), gw, gh, gw, k, k, shift, 0, int(drawn));
        const int ox = int(std::floor(pen_x)) + x0, oy = int(std::lround(baseline)) + y0;
        for (int y = 0; y < gh; ++y)
            for (int x = 0; x < gw; ++x)
                if (const unsigned char v = bmp[std::size_t(y) * std::size_t(gw) + std::size_t(x)])
                    if (ox + x >= 0 && oy + y >= 0 && ox + x < w_ && oy + y < h_) blend(ox + x, oy + y, c, float(v) / 255.0f);
    }
    return pen_x + float(adv) * k;
}

float Canvas::text(const Font& font, float px, Pt top_left, std::string_view s, Rgba c) {
    const float baseline = top_left.y + font.ascent(px);
    float pen = top_left.x;
    char32_t prev = 0;
    for (std::size_t i = 0; i < s.size();) {
        const char32_t cp = next_codepoint(s, i);
        pen = glyph(font, px, pen, baseline, cp, prev, c);
        prev = cp;
    }
    return pen - top_left.x;
}

std::vector<std::string> Canvas::wrap(const Font& font, float px, std::string_view s, float max_width) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t sp = s.find(' ', i);
        std::string word(s.substr(i, sp == std::string_view::npos ? std::string_view::npos : sp - i));
        i = sp == std::string_view::npos ? s.size() : sp + 1;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (font.width(px, joined) <= max_width || line.empty()) {
            line = joined;
        } else {
            lines.push_back(line);
            line = word;
        }
        // A single word wider than the line: cut it where it no longer fits (at a character boundary).
        while (font.width(px, line) > max_width && line.size() > 1) {
            std::size_t cut = line.size();
            while (cut > 1 && font.width(px, std::string_view(line).substr(0, cut)) > max_width) {
                --cut;
                while (cut > 1 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
            }
            lines.push_back(line.substr(0, cut));
            line = line.substr(cut);
        }
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

// =====================================================================================
// 4. png
// =====================================================================================

std::string encode_png(const Canvas& c) {
    // An opaque picture (every one a ruling gives) is written as RGB: a quarter smaller to post.
    const auto& px = c.pixels();
    bool opaque = true;
    for (std::size_t i = 3; i < px.size() && opaque; i += 4) opaque = px[i] == 255;
    std::vector<std::uint8_t> rgb;
    if (opaque) {
        rgb.reserve(px.size() / 4 * 3);
        for (std::size_t i = 0; i < px.size(); i += 4) rgb.insert(rgb.end(), {px[i], px[i + 1], px[i + 2]});
    }
    const int n = opaque ? 3 : 4;
    std::string out;
    auto sink = [](void* ctx, void* data, int size) { static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), std::size_t(size)); };
    if (!stbi_write_png_to_func(sink, &out, c.width(), c.height(), n, opaque ? rgb.data() : px.data(), c.width() * n) || out.empty())
        throw PictureError("the PNG encoder failed");
    return out;
}

std::optional<std::string> write_file(const std::filesystem::path& path, const std::string& bytes) {
    if (path.empty()) return std::string("no file name given");
    std::error_code ec;
    const auto st = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(st)) return std::string("it is a folder (give a file name, e.g. ruling.png)");
    if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
        return std::string("not a regular file but a device or a pipe (the picture is written to a new file renamed over it)");
    const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    if (!std::filesystem::is_directory(dir, ec)) return "the folder " + dir.string() + " does not exist";
    return atomic_write(path, bytes);
}

}  // namespace umpire::canvas
