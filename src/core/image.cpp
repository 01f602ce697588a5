// Pictures (see image.hpp).
//
// Sections
//   1. helpers       big/little-endian reads, what a file that is not PNG or JPEG is
//   2. structure     walk_png (chunks to IEND), walk_jpeg (markers to EOI, SOF size, EXIF orientation)
//   3. reading       probe, decode (stb_image), orientation, read_image
//   4. writing       encode_png, encode_jpeg, write_png
//   5. in files      read_pixel
#include "core/image.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "core/atomic_file.hpp"
#include "core/diag.hpp"
#include "core/input.hpp"
#include "core/toml_reader.hpp"

namespace umpire::image {

// =====================================================================================
// 1. helpers
// =====================================================================================

namespace {

using Bytes = std::string_view;

std::uint32_t be32(Bytes b, std::size_t at) {
    return std::uint32_t(std::uint8_t(b[at])) << 24 | std::uint32_t(std::uint8_t(b[at + 1])) << 16 |
           std::uint32_t(std::uint8_t(b[at + 2])) << 8 | std::uint32_t(std::uint8_t(b[at + 3]));
}
std::uint32_t be16(Bytes b, std::size_t at) { return std::uint32_t(std::uint8_t(b[at])) << 8 | std::uint8_t(b[at + 1]); }
std::uint8_t byte(Bytes b, std::size_t at) { return std::uint8_t(b[at]); }

bool starts(Bytes b, std::string_view magic, std::size_t at = 0) { return b.size() >= at + magic.size() && b.substr(at, magic.size()) == magic; }

[[noreturn]] void fail(const std::string& file, const std::string& message) { throw_file_error(file, message); }

// What a file that is neither PNG nor JPEG seems to be, so the message can say what to do.
std::string not_an_image(Bytes b) {
    const char* what = nullptr;
    if (starts(b, "GIF87a") || starts(b, "GIF89a")) what = "a GIF picture";
    else if (starts(b, "BM")) what = "a BMP picture";
    else if (starts(b, std::string_view("II*\0", 4)) || starts(b, std::string_view("MM\0*", 4))) what = "a TIFF picture";
    else if (starts(b, "RIFF") && starts(b, "WEBP", 8)) what = "a WebP picture";
    else if (starts(b, "ftypheic", 4) || starts(b, "ftypheix", 4) || starts(b, "ftypmif1", 4) || starts(b, "ftyphevc", 4))
        what = "a HEIC/HEIF photo (the iPhone's usual format)";
    else if (starts(b, "ftypavif", 4)) what = "an AVIF picture";
    else if (starts(b, "%PDF")) what = "a PDF document";
    if (what) return std::string("is ") + what + ", not a PNG or JPEG: save or export it as PNG or JPEG first";
    if (b.empty()) return "is empty: not a PNG or JPEG picture";
    return "is not a PNG or JPEG picture (a PNG begins with \\x89PNG, a JPEG with \\xff\\xd8\\xff)";
}

// =====================================================================================
// 2. structure
// =====================================================================================

// Walks the PNG's chunks from the signature to IEND, reading the size from IHDR.
Info walk_png(Bytes b, const std::string& file) {
    Info info;
    info.format = Format::png;
    std::size_t at = 8;
    bool header = false;
    for (int n = 0;; ++n) {
        if (at + 8 > b.size())
            fail(file, "the PNG is truncated: it ends at byte " + std::to_string(b.size()) + " before its IEND chunk (the file was cut off)");
        const std::uint32_t len = be32(b, at);
        const std::string type(b.substr(at + 4, 4));
        if (len > 0x7fffffffu) fail(file, "the PNG is damaged: chunk " + std::to_string(n + 1) + " at byte " + std::to_string(at) + " claims " + std::to_string(len) + " bytes");
        if (n == 0 && (type != "IHDR" || len != 13)) fail(file, "the PNG is damaged: it does not begin with its IHDR header chunk");
        if (at + 12 + std::size_t(len) > b.size())
            fail(file, "the PNG is truncated: it ends at byte " + std::to_string(b.size()) + " inside its chunk '" + escape_text(type) +
                           "' (the file was cut off)");
        if (type == "IHDR") {
            // Only the first chunk may be the header (checked 13 bytes long above); a second one
            // could be shorter than the fields read here (found by fuzz_image under ASan).
            if (n > 0) fail(file, "the PNG is damaged: a second IHDR header chunk at byte " + std::to_string(at));
            info.width = int(std::min<std::uint32_t>(be32(b, at + 8), 0x7fffffffu));
            info.height = int(std::min<std::uint32_t>(be32(b, at + 12), 0x7fffffffu));
            header = true;
        }
        if (type == "IEND") break;
        at += 12 + std::size_t(len);
    }
    if (!header) fail(file, "the PNG is damaged: no IHDR header chunk");
    return info;
}

// The EXIF orientation (1..8) in an APP1 segment's data, or 1.
int exif_orientation(Bytes seg) {
    if (!starts(seg, std::string_view("Exif\0\0", 6)) || seg.size() < 14) return 1;
    const Bytes tiff = seg.substr(6);
    const bool le = starts(tiff, "II");
    if (!le && !starts(tiff, "MM")) return 1;
    auto u16 = [&](std::size_t at) { return le ? std::uint32_t(byte(tiff, at)) | std::uint32_t(byte(tiff, at + 1)) << 8 : be16(tiff, at); };
    auto u32 = [&](std::size_t at) { return le ? u16(at) | u16(at + 2) << 16 : be32(tiff, at); };
    const std::uint32_t ifd = u32(4);
    if (ifd < 8 || std::size_t(ifd) + 2 > tiff.size()) return 1;
    const std::uint32_t count = u16(ifd);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t e = std::size_t(ifd) + 2 + std::size_t(i) * 12;
        if (e + 12 > tiff.size()) return 1;
        if (u16(e) == 0x0112 && u16(e + 2) == 3) {
            const std::uint32_t v = u16(e + 8);
            return v >= 1 && v <= 8 ? int(v) : 1;
        }
    }
    return 1;
}

bool is_sof(std::uint8_t m) { return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC; }

// After a start-of-scan header: the entropy-coded data runs to the next marker (a 0xFF byte
// not followed by 0x00, a restart marker or another 0xFF). Returns its position, or npos.
std::size_t end_of_scan(Bytes b, std::size_t at) {
    while (at < b.size()) {
        const void* ff = std::memchr(b.data() + at, 0xFF, b.size() - at);
        if (!ff) return Bytes::npos;
        at = std::size_t(static_cast<const char*>(ff) - b.data());
        if (at + 1 >= b.size()) return Bytes::npos;
        const std::uint8_t next = byte(b, at + 1);
        if (next == 0x00 || (next >= 0xD0 && next <= 0xD7)) at += 2;
        else if (next == 0xFF) at += 1;
        else return at;
    }
    return Bytes::npos;
}

// Walks the JPEG's markers from SOI to EOI: the frame size (the first SOF) and EXIF orientation.
// A DHT segment's tables (class/id byte, 16 code-length counts, then the values): a table of
// more than 256 codes, or counts running past the segment, is refused here. Debian's stb_image
// does not check the sum and writes past its tables' arrays (found by fuzz_image under UBSan).
void check_huffman_tables(Bytes seg, const std::string& file) {
    std::size_t at = 0;
    while (at < seg.size()) {
        if (at + 17 > seg.size()) fail(file, "the JPEG is damaged: a Huffman table is cut short");
        std::size_t codes = 0;
        for (std::size_t i = 1; i <= 16; ++i) codes += byte(seg, at + i);
        if (codes > 256) fail(file, "the JPEG is damaged: a Huffman table claims " + std::to_string(codes) + " codes (at most 256)");
        at += 17 + codes;
        if (at > seg.size()) fail(file, "the JPEG is damaged: a Huffman table is cut short");
    }
}

Info walk_jpeg(Bytes b, const std::string& file) {
    Info info;
    info.format = Format::jpeg;
    bool frame = false, scan = false;
    std::size_t at = 2;
    auto truncated = [&] {
        fail(file, "the JPEG is truncated: it ends at byte " + std::to_string(b.size()) + " before its end marker (the file was cut off)");
    };
    for (;;) {
        if (at >= b.size()) truncated();
        if (byte(b, at) != 0xFF) fail(file, "the JPEG is damaged: no marker where one belongs (byte " + std::to_string(at) + ")");
        while (at < b.size() && byte(b, at) == 0xFF) ++at;  // fill bytes
        if (at >= b.size()) truncated();
        const std::uint8_t m = byte(b, at++);
        if (m == 0xD9) break;                                   // EOI
        if (m == 0x01 || (m >= 0xD0 && m <= 0xD7)) continue;    // markers without a segment
        if (at + 2 > b.size()) truncated();
        const std::size_t len = be16(b, at);
        if (len < 2) fail(file, "the JPEG is damaged: a segment at byte " + std::to_string(at) + " claims " + std::to_string(len) + " bytes");
        if (at + len > b.size()) truncated();
        const Bytes seg = b.substr(at + 2, len - 2);
        if (is_sof(m) && !frame) {
            if (seg.size() < 5) fail(file, "the JPEG is damaged: its frame header is too short");
            info.height = int(be16(seg, 1));
            info.width = int(be16(seg, 3));
            frame = true;
        }
        if (m == 0xE1 && info.orientation == 1) info.orientation = exif_orientation(seg);
        if (m == 0xC4) check_huffman_tables(seg, file);
        at += len;
        if (m == 0xDA) {
            if (!frame) fail(file, "the JPEG is damaged: image data comes before its frame header");
            scan = true;
            at = end_of_scan(b, at);
            if (at == Bytes::npos) truncated();
        }
    }
    if (!frame || !scan) fail(file, "the JPEG is damaged: it ends without any image data");
    return info;
}

// =====================================================================================
// 3. reading
// =====================================================================================

void check_size(const Info& info, const std::string& file, const Limits& limits) {
    const std::string size = std::to_string(info.width) + " x " + std::to_string(info.height) + " pixels";
    if (info.width <= 0 || info.height <= 0)
        fail(file, std::string("the ") + to_string(info.format) + " claims " + size +
                       (info.format == Format::jpeg && info.height == 0 ? " (a height given later, in a DNL marker, is not supported)" : ""));
    if (info.width > limits.max_side || info.height > limits.max_side)
        fail(file, "the picture is too large: " + size + "; at most " + std::to_string(limits.max_side) +
                       " pixels a side (README.md, Limits): scan at a lower resolution (150-200 dpi is enough, docs/maps.md)");
    if (std::uint64_t(info.width) * std::uint64_t(info.height) > limits.max_pixels)
        fail(file, "the picture is too large: " + size + " (" + std::to_string(std::uint64_t(info.width) * std::uint64_t(info.height) / 1000000) +
                       " Mpixel); at most " + std::to_string(limits.max_pixels / 1000000) +
                       " Mpixel (README.md, Limits): scan at a lower resolution (150-200 dpi is enough, docs/maps.md)");
}

// `img` turned as EXIF orientation `o` says (2-8; 1 is as stored).
Image oriented(const Image& img, int o) {
    if (o <= 1 || o > 8) return img;
    const bool swap = o >= 5;
    const int w = img.width, h = img.height;
    Image out = blank(swap ? h : w, swap ? w : h, img.channels);
    const std::size_t c = std::size_t(img.channels);
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            int sx = x, sy = y;
            switch (o) {
                case 2: sx = w - 1 - x; break;
                case 3: sx = w - 1 - x, sy = h - 1 - y; break;
                case 4: sy = h - 1 - y; break;
                case 5: sx = y, sy = x; break;
                case 6: sx = y, sy = h - 1 - x; break;
                case 7: sx = w - 1 - y, sy = h - 1 - x; break;
                default: sx = w - 1 - y, sy = x; break;  // 8
            }
            std::memcpy(out.at(x, y), img.at(sx, sy), c);
        }
    return out;
}

}  // namespace

Image blank(int width, int height, int channels, std::uint8_t value) {
    Image img;
    img.width = width, img.height = height, img.channels = channels;
    img.pixels.assign(std::size_t(width) * std::size_t(height) * std::size_t(channels), value);
    return img;
}

const char* to_string(Format f) { return f == Format::png ? "PNG" : "JPEG"; }

Info probe(std::string_view b, const std::string& file, const Limits& limits) {
    if (b.size() > kMaxImageBytes)
        fail(file, "the file is too large: more than " + describe_size(kMaxImageBytes) + " (the limit for a picture; see README.md, Limits)");
    Info info;
    if (starts(b, "\x89PNG\r\n\x1a\n")) info = walk_png(b, file);
    else if (starts(b, "\xff\xd8\xff")) info = walk_jpeg(b, file);
    else fail(file, not_an_image(b));
    check_size(info, file, limits);
    // stb_image reads the header its own way: it must agree before it is asked to decode.
    int w = 0, h = 0, comp = 0;
    if (!stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(b.data()), int(b.size()), &w, &h, &comp) || w != info.width ||
        h != info.height)
        fail(file, std::string("the ") + to_string(info.format) + " is damaged or of a kind not supported: its header cannot be read" +
                       (stbi_failure_reason() ? std::string(" (") + stbi_failure_reason() + ")" : ""));
    return info;
}

Image decode(std::string_view b, const std::string& file, int channels, const Limits& limits) {
    if (channels != 3 && channels != 4) throw std::logic_error("image::decode: channels must be 3 or 4");
    const Info info = probe(b, file, limits);
    int w = 0, h = 0, comp = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> data(
        stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(b.data()), int(b.size()), &w, &h, &comp, channels), stbi_image_free);
    if (!data || w != info.width || h != info.height) {
        const char* why = stbi_failure_reason();
        fail(file, std::string("the ") + to_string(info.format) + " cannot be decoded: " + (why ? why : "unknown reason") + " (the file is damaged)");
    }
    Image img;
    img.width = w, img.height = h, img.channels = channels;
    img.pixels.assign(data.get(), data.get() + std::size_t(w) * std::size_t(h) * std::size_t(channels));
    return oriented(img, info.orientation);
}

Image read_image(const std::filesystem::path& path, const std::string& display_name, int channels, const Limits& limits) {
    const std::string bytes = path == "-" ? read_standard_input(display_name, kMaxImageBytes)
                                          : read_input_file(path, display_name, kMaxImageBytes);
    return decode(bytes, display_name, channels, limits);
}

// =====================================================================================
// 4. writing
// =====================================================================================

namespace {
void append(void* context, void* data, int size) { static_cast<std::string*>(context)->append(static_cast<const char*>(data), std::size_t(size)); }
}  // namespace

std::string encode_png(const Image& img) {
    std::string out;
    if (!stbi_write_png_to_func(append, &out, img.width, img.height, img.channels, img.pixels.data(), img.width * img.channels)) out.clear();
    return out;
}

std::string encode_jpeg(const Image& img, int quality) {
    std::string out;
    if (!stbi_write_jpg_to_func(append, &out, img.width, img.height, img.channels, img.pixels.data(), quality)) out.clear();
    return out;
}

std::optional<std::string> write_png(const std::filesystem::path& path, const Image& img) {
    const std::string bytes = encode_png(img);
    if (bytes.empty()) return std::string("cannot encode the picture as PNG");
    return atomic_write(path, bytes);
}

// =====================================================================================
// 5. in files
// =====================================================================================

void read_picture_keys(const Section& t, std::string& image, double& opacity) {
    if (const auto img = t.str("image", true)) {
        if (img->empty() || std::any_of(img->begin(), img->end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
            t.error("image", "expected the picture's file name (relative to this file), without control characters");
        image = *img;
    }
    if (const auto o = t.number("opacity", false, 0, 1)) {
        if (std::isfinite(*o)) opacity = *o;
        else t.error("opacity", "expected a number from 0 (hidden) to 1 (opaque)");
    }
}

std::optional<std::array<double, 2>> read_pixel(const Section& t, std::string_view key) {
    const toml::node* node = t.node(key);
    const toml::array* arr = node ? node->as_array() : nullptr;
    std::array<double, 2> xy{};
    bool good = arr && arr->size() == 2;
    for (std::size_t i = 0; good && i < 2; ++i) {
        const toml::node& n = *arr->get(i);
        if (n.is_integer()) xy[i] = double(n.as_integer()->get());
        else if (n.is_floating_point()) xy[i] = n.as_floating_point()->get();
        else good = false;
        good = good && std::isfinite(xy[i]) && xy[i] >= 0 && xy[i] <= double(kMaxImageSide);
    }
    if (good) return xy;
    if (!node) t.error(key, "missing required key: a point of the picture, [x, y] in pixels from its top-left corner");
    else t.error(key, "expected [x, y]: two numbers of pixels from the picture's top-left corner, 0 to " + std::to_string(kMaxImageSide));
    return std::nullopt;
}

}  // namespace umpire::image
