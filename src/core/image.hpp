// Pictures: a scan or a photo of a map or a table (docs/maps.md), read defensively, and PNG/JPEG
// writing for the window's screenshots and the tests' synthetic scans.
//
// A picture comes from anywhere (a phone, a scanner, a stranger's download), so reading it follows
// the bounded reader's rules (input.hpp) and adds its own:
// - at most kMaxImageBytes bytes are read (a regular file or standard input, as input.hpp);
// - only PNG and JPEG are accepted, told by their first bytes; anything else is named when it can
//   be (a HEIC phone photo, a GIF, a PDF...) so the message says what to do;
// - the file's structure is walked before decoding (PNG chunks to IEND, JPEG markers to EOI), so a
//   truncated file is refused as truncated instead of decoded with a grey or black bottom part;
// - width x height is read from the header and checked (kMaxImagePixels, kMaxImageSide) BEFORE any
//   pixel is decoded, so a 50-byte file claiming 100000 x 100000 pixels costs nothing;
// - a JPEG's EXIF orientation (phones store the picture sideways and say so) is applied, so pixel
//   coordinates are those an image viewer shows.
// Every refusal is an InputError located at FILE:1:1 (exit 2 in the CLI), escaped as every message.
//
// Decoding is stb_image (Debian's libstb, linked: the implementation is not compiled here).
//
// Sections
//   limits     the documented limits (README.md "Limits")
//   Image      pixels in memory: 8 bits a channel, rows top first, RGB or RGBA
//   reading    probe (format and size only), decode, read_image
//   writing    encode_png, encode_jpeg, write_png (atomic, core/atomic_file.hpp)
//   in files   read_pixel: a clicked point `[x, y]` in a board or table file
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace umpire {
class Section;
}

namespace umpire::image {

// ---- limits ---------------------------------------------------------------------
// A TANK! map (22 x 34 in) scanned at 200 dpi is 4400 x 6800 = 30 Mpixel; a 48-megapixel phone
// photo is 8000 x 6000. 64 Mpixel takes both, and bounds the memory a picture may take: 192 MB as
// RGB, about three times that at the peak of decoding a progressive JPEG.
constexpr std::uint64_t kMaxImagePixels = 64'000'000;
constexpr int kMaxImageSide = 32768;  // either side, in pixels
// A 64-Mpixel PNG of a photo compresses to well under 128 MiB; a JPEG of it to a fraction.
constexpr std::size_t kMaxImageBytes = std::size_t(128) << 20;

struct Limits {
    std::uint64_t max_pixels = kMaxImagePixels;
    int max_side = kMaxImageSide;
};

// ---- Image ----------------------------------------------------------------------

struct Image {
    int width = 0, height = 0;
    int channels = 3;                   // 3: RGB, 4: RGBA
    std::vector<std::uint8_t> pixels;   // width * height * channels bytes, rows top first
    const std::uint8_t* at(int x, int y) const {
        return pixels.data() + (std::size_t(y) * std::size_t(width) + std::size_t(x)) * std::size_t(channels);
    }
    std::uint8_t* at(int x, int y) {
        return pixels.data() + (std::size_t(y) * std::size_t(width) + std::size_t(x)) * std::size_t(channels);
    }
    bool contains(double x, double y) const { return x >= 0 && y >= 0 && x <= width && y <= height; }
};
Image blank(int width, int height, int channels, std::uint8_t value = 0);

// ---- reading --------------------------------------------------------------------

enum class Format { png, jpeg };
const char* to_string(Format f);  // "PNG", "JPEG"

struct Info {
    Format format = Format::png;
    int width = 0, height = 0;  // as stored (before the EXIF orientation turns it)
    int orientation = 1;        // EXIF orientation 1..8 (JPEG); 1 = as stored
};

// The format and size of the picture in `bytes`, checked against `limits` (and its structure
// walked: a truncated file is refused here). Throws InputError at display_name:1:1.
Info probe(std::string_view bytes, const std::string& display_name, const Limits& limits = {});

// Decodes `bytes` (probe first) to `channels` (3 or 4) channels, the EXIF orientation applied.
Image decode(std::string_view bytes, const std::string& display_name, int channels = 3, const Limits& limits = {});

// Reads a picture file with the bounded reader (at most kMaxImageBytes; "-" is standard input)
// and decodes it.
Image read_image(const std::filesystem::path& path, const std::string& display_name, int channels = 3,
                 const Limits& limits = {});

// ---- writing --------------------------------------------------------------------

// The picture as PNG / JPEG bytes (quality 1..100). Empty when the encoder fails.
std::string encode_png(const Image& img);
std::string encode_jpeg(const Image& img, int quality);

// encode_png, then atomic_write: a failed write leaves the old file whole. Returns the error.
std::optional<std::string> write_png(const std::filesystem::path& path, const Image& img);

// ---- in files -------------------------------------------------------------------

// A point of a picture as a board or table file gives it: `key = [x, y]`, pixels from the
// picture's top-left corner (x right, y down), each 0 to kMaxImageSide. Reports a missing or
// wrong value into t's sink (FILE:LINE:COL) and returns nullopt.
std::optional<std::array<double, 2>> read_pixel(const Section& t, std::string_view key);

// The `image` (required: a file name without control characters) and `opacity` (0..1) keys of a
// section holding a picture ([underlay] of a board, [photo] of a table), into `image`, `opacity`.
void read_picture_keys(const Section& t, std::string& image, double& opacity);

}  // namespace umpire::image
