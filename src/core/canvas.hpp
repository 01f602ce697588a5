// A picture drawn in software: an RGBA canvas with anti-aliased shapes and text, encoded as PNG.
// It needs no window toolkit and no GPU, so umpire-cli and the window draw the very same picture
// of a ruling (board/picture.hpp, tabletop/picture.hpp, docs/window.md "Pictures of a ruling").
//
// Shapes are filled by exact area coverage (each pixel gets the share of its square the shape
// covers, accumulated edge by edge), so a line 1.3 px wide is drawn 1.3 px wide, not rounded to a
// pixel. Everything drawn is clipped to the canvas (and to the clip rectangle): nothing is written
// outside the picture. Text goes through stb_truetype with the DejaVu fonts (Debian
// fonts-dejavu-core); a missing font is a PictureError naming the file and the package.
//
// Sections
//   Rgba, Pt      colours (0xRRGGBBAA, as BoardSupport::Look) and points (pixels, y down)
//   Font, Fonts   a TrueType font read from a file; the DejaVu pair the pictures use
//   Canvas        the pixels: shapes (polygons, polylines, circles, arrows, hatching), text, clip
//   png           encoding, and writing a file atomically (a failed write leaves nothing half-written)
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::canvas {

// ---- Rgba, Pt ---------------------------------------------------------------------

using Rgba = std::uint32_t;  // 0xRRGGBBAA
constexpr Rgba rgba(unsigned r, unsigned g, unsigned b, unsigned a = 255) { return (r << 24) | (g << 16) | (b << 8) | a; }
constexpr Rgba with_alpha(Rgba c, unsigned a) { return (c & 0xFFFFFF00u) | (a & 0xFFu); }

struct Pt {
    float x = 0, y = 0;
};
inline Pt operator+(Pt a, Pt b) { return {a.x + b.x, a.y + b.y}; }
inline Pt operator-(Pt a, Pt b) { return {a.x - b.x, a.y - b.y}; }
inline Pt operator*(Pt a, float k) { return {a.x * k, a.y * k}; }

// Drawing a picture failed for a reason the person can act on (a missing font, a picture too
// large): the message says what and where.
struct PictureError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// ---- Font, Fonts -------------------------------------------------------------------

class Font {
public:
    // Reads a TrueType file; throws PictureError ("cannot read the font FILE: reason") when it is
    // missing, unreadable, larger than 32 MiB or not a font.
    static std::shared_ptr<const Font> load(const std::filesystem::path& file);
    ~Font();
    Font(const Font&) = delete;
    Font& operator=(const Font&) = delete;

    const std::filesystem::path& file() const { return file_; }
    bool has(char32_t codepoint) const;  // the font draws this character (else a box would show)
    // Pixel metrics at `px` pixels (the font's ascent minus descent).
    float ascent(float px) const;
    float line_height(float px) const;  // ascent - descent + line gap
    float width(float px, std::string_view utf8) const;

private:
    friend class Canvas;
    Font();
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::filesystem::path file_;
};

// DejaVu Sans and DejaVu Sans Bold, read once from the system's fonts
// (/usr/share/fonts/truetype/dejavu/). Throws PictureError naming the missing file and the Debian
// package (fonts-dejavu-core) when they are absent.
struct Fonts {
    std::shared_ptr<const Font> regular, bold;
    static const Fonts& dejavu();
};

// ---- Canvas ------------------------------------------------------------------------

class Canvas {
public:
    // At most kMaxSide pixels a side (a picture of a ruling is a few thousand at most).
    static constexpr int kMaxSide = 8192;
    Canvas(int width, int height, Rgba background);  // throws PictureError beyond kMaxSide

    int width() const { return w_; }
    int height() const { return h_; }
    const std::vector<std::uint8_t>& pixels() const { return px_; }  // RGBA, rows top first
    Rgba at(int x, int y) const;  // 0 outside

    // Everything drawn afterwards stays inside this rectangle (and the canvas); reset_clip() lifts it.
    void clip(float x0, float y0, float x1, float y1);
    void reset_clip();

    // Shapes (source-over, straight alpha). A polygon may be convex or not; several polygons given
    // together are drawn as one shape (their union), so overlaps are not painted twice.
    void fill(const std::vector<Pt>& polygon, Rgba c);
    void fill(const std::vector<std::vector<Pt>>& polygons, Rgba c);
    void rect(float x0, float y0, float x1, float y1, Rgba c);
    // A line `width` px wide through the points, round joins and ends; closed joins the last to the first.
    void stroke(const std::vector<Pt>& points, float width, Rgba c, bool closed = false);
    void line(Pt a, Pt b, float width, Rgba c) { stroke({a, b}, width, c); }
    // One pixel painted over (source-over), inside the clip: a picture laid under a drawing.
    void pixel(int x, int y, Rgba c) { blend(x, y, c, 1.0f); }
    void circle(Pt centre, float radius, Rgba c);
    void ring(Pt centre, float radius, float width, Rgba c);
    // A shaft from `from` to `to` with a filled head `head` px long at `to`.
    void arrow(Pt from, Pt to, float width, float head, Rgba c);
    // Parallel lines `spacing` px apart at `degrees` (0: horizontal), only inside `area`.
    void hatch(const std::vector<Pt>& area, float spacing, float width, Rgba c, float degrees = 45);

    // Text, one line, its top at `top_left.y`; returns its width. A character the font lacks is
    // drawn as a box (never silently dropped).
    float text(const Font& font, float px, Pt top_left, std::string_view utf8, Rgba c);
    // Words of `utf8` laid in lines at most `max_width` px wide (a word longer than that is cut).
    static std::vector<std::string> wrap(const Font& font, float px, std::string_view utf8, float max_width);

private:
    struct Region {
        int x0, y0, x1, y1;  // pixels, x1/y1 exclusive
        bool empty() const { return x1 <= x0 || y1 <= y0; }
    };
    Region bounds_of(const std::vector<std::vector<Pt>>& polys) const;
    std::vector<float> coverage(const std::vector<std::vector<Pt>>& polys, const Region& r) const;
    void composite(const Region& r, const std::vector<float>& cov, Rgba c);
    void blend(int x, int y, Rgba c, float coverage);
    float glyph(const Font& font, float px, float pen_x, float baseline, char32_t cp, char32_t prev, Rgba c);

    int w_ = 0, h_ = 0;
    std::vector<std::uint8_t> px_;
    float cx0_ = 0, cy0_ = 0, cx1_ = 0, cy1_ = 0;  // the clip rectangle
};

// The outline of a circle as a polygon (enough sides that no facet shows at that radius).
std::vector<Pt> circle_outline(Pt centre, float radius);

// ---- png ---------------------------------------------------------------------------

// The canvas as PNG bytes; throws PictureError when the encoder fails.
std::string encode_png(const Canvas& c);

// Writes `bytes` to `path` atomically (core/atomic_file.hpp) when `path` is a regular file or
// does not exist yet: a folder, a device (/dev/full) or a pipe is refused, since the picture would
// replace it. Returns the problem in words, or nothing when written.
std::optional<std::string> write_file(const std::filesystem::path& path, const std::string& bytes);

}  // namespace umpire::canvas
