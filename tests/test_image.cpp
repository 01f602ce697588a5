// Pictures (src/core/image.hpp): PNG and JPEG read back as written; every kind of bad picture
// refused with one located line (FILE:1:1) before any pixel is decoded where that is possible.
//
// Sections
//   Round trips     PNG exact, JPEG close; RGBA; write_png atomic
//   Bad pictures    empty, other formats named, truncated PNG and JPEG, damaged, enormous claims
//   EXIF            a sideways phone photo is turned as a viewer shows it
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/diag.hpp"
#include "core/image.hpp"
#include "support.hpp"

using namespace umpire;

namespace {

// A small picture with a distinct colour per pixel, so a turn or a shift shows.
image::Image gradient(int w, int h, int channels = 3) {
    image::Image img = image::blank(w, h, channels);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            std::uint8_t* p = img.at(x, y);
            p[0] = std::uint8_t(x * 255 / std::max(1, w - 1));
            p[1] = std::uint8_t(y * 255 / std::max(1, h - 1));
            p[2] = std::uint8_t((x + y) % 2 ? 200 : 40);
            if (channels == 4) p[3] = std::uint8_t(128 + x % 100);
        }
    return img;
}

// The message of the one diagnostic decoding `bytes` gives ("" when it decodes).
std::string refusal(const std::string& bytes, const image::Limits& limits = {}) {
    try {
        (void)image::decode(bytes, "pic.png", 3, limits);
    } catch (const InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        const Diagnostic& d = e.diagnostics()[0];
        CHECK(d.file == "pic.png");
        CHECK(d.line == 1);
        CHECK(d.column == 1);
        return d.message;
    }
    return "";
}

// Big-endian 32-bit, for hand-made headers.
std::string be32(std::uint32_t v) {
    return {char(v >> 24), char(v >> 16 & 255), char(v >> 8 & 255), char(v & 255)};
}

}  // namespace

TEST_CASE("a PNG reads back exactly, a JPEG closely", "[image]") {
    const image::Image img = gradient(37, 23);
    const std::string png = image::encode_png(img);
    REQUIRE_FALSE(png.empty());
    const image::Info info = image::probe(png, "a.png");
    CHECK(info.format == image::Format::png);
    CHECK(info.width == 37);
    CHECK(info.height == 23);
    const image::Image back = image::decode(png, "a.png");
    CHECK(back.width == 37);
    CHECK(back.height == 23);
    CHECK(back.pixels == img.pixels);

    const std::string jpg = image::encode_jpeg(img, 95);
    const image::Image j = image::decode(jpg, "a.jpg");
    REQUIRE(j.width == 37);
    REQUIRE(j.height == 23);
    // JPEG is lossy: the smooth channels stay within a few levels on average.
    double err = 0;
    for (int y = 0; y < 23; ++y)
        for (int x = 0; x < 37; ++x) err += std::abs(int(j.at(x, y)[0]) - int(img.at(x, y)[0])) + std::abs(int(j.at(x, y)[1]) - int(img.at(x, y)[1]));
    CHECK(err / (37.0 * 23.0 * 2.0) < 6.0);
}

TEST_CASE("RGBA pictures keep their alpha, and write_png writes a file that reads back", "[image]") {
    const image::Image img = gradient(9, 7, 4);
    const auto dir = std::filesystem::temp_directory_path() / ("umpire-image-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = dir / "shot.png";
    REQUIRE_FALSE(image::write_png(path, img));
    const image::Image back = image::read_image(path, "shot.png", 4);
    CHECK(back.channels == 4);
    CHECK(back.pixels == img.pixels);
    // A folder in the way is a written error, not a crash.
    CHECK(image::write_png(dir, img));
    std::filesystem::remove_all(dir);
}

TEST_CASE("bad pictures are refused in one located line", "[image]") {
    const std::string png = image::encode_png(gradient(16, 16));
    const std::string jpg = image::encode_jpeg(gradient(16, 16), 90);
    CHECK_THAT(refusal(""), Catch::Contains("is empty"));
    CHECK_THAT(refusal("hello, this is text"), Catch::Contains("not a PNG or JPEG"));
    CHECK_THAT(refusal("GIF89a" + std::string(40, '\0')), Catch::Contains("a GIF picture"));
    CHECK_THAT(refusal(std::string("\0\0\0\x18" "ftypheic", 12) + std::string(40, '\0')), Catch::Contains("HEIC"));
    CHECK_THAT(refusal("%PDF-1.4 ..."), Catch::Contains("a PDF document"));
    // Truncated: every cut of the file is refused as truncated or damaged, never decoded.
    for (std::size_t cut : {std::size_t(9), std::size_t(30), png.size() / 2, png.size() - 1}) {
        INFO("PNG cut at " << cut);
        CHECK_THAT(refusal(png.substr(0, cut)), Catch::Contains("truncated") || Catch::Contains("damaged"));
    }
    for (std::size_t cut : {std::size_t(3), std::size_t(20), jpg.size() / 2, jpg.size() - 1}) {
        INFO("JPEG cut at " << cut);
        CHECK_THAT(refusal(jpg.substr(0, cut)), Catch::Contains("truncated") || Catch::Contains("damaged"));
    }
    // Damaged inside: the image data overwritten with garbage.
    std::string bad = png;
    for (std::size_t i = 45; i < bad.size() - 20; ++i) bad[i] = char(i * 7);
    CHECK_THAT(refusal(bad), Catch::Contains("damaged") || Catch::Contains("cannot be decoded") || Catch::Contains("truncated"));
}

TEST_CASE("an enormous picture is refused from its header, before decoding", "[image]") {
    // A hand-made PNG header claiming 100000 x 100000 pixels, followed by an empty IDAT and IEND:
    // 10 Gpixel would need 30 GB; the header alone is enough to refuse it.
    std::string png = "\x89PNG\r\n\x1a\n";
    png += be32(13) + "IHDR" + be32(100000) + be32(100000) + std::string("\x08\x02\x00\x00\x00", 5) + be32(0);
    png += be32(0) + "IDAT" + be32(0);
    png += be32(0) + "IEND" + be32(0xAE426082);
    CHECK_THAT(refusal(png), Catch::Contains("too large") && Catch::Contains("100000 x 100000") && Catch::Contains("32768 pixels a side"));
    // Within a side but over the pixel limit.
    image::Limits small;
    small.max_pixels = 100;
    CHECK_THAT(refusal(image::encode_png(gradient(11, 10)), small), Catch::Contains("too large") && Catch::Contains("Mpixel"));
    CHECK(refusal(image::encode_png(gradient(10, 10)), small).empty());
    // A file over the byte limit is refused by the reader before it is read whole.
    const std::string big = test::temp_file("", ".png");
    REQUIRE(::truncate(big.c_str(), off_t(image::kMaxImageBytes) + 1) == 0);
    try {
        (void)image::read_image(big, "big.png");
        FAIL("read");
    } catch (const InputError& e) {
        CHECK_THAT(e.diagnostics().at(0).message, Catch::Contains("too large"));
    }
}

TEST_CASE("a JPEG's EXIF orientation is applied, as a viewer shows it", "[image]") {
    const image::Image img = gradient(8, 5);
    const std::string jpg = image::encode_jpeg(img, 100);
    // An APP1 Exif segment (little-endian TIFF, one IFD entry: Orientation = 6, turn 90 degrees
    // clockwise) put right after SOI.
    std::string tiff = std::string("II*\0", 4) + std::string("\x08\0\0\0", 4) + std::string("\x01\0", 2) +
                       std::string("\x12\x01\x03\0\x01\0\0\0\x06\0\0\0", 12) + std::string(4, '\0');
    const std::string exif = std::string("Exif\0\0", 6) + tiff;
    const std::size_t len = exif.size() + 2;
    const std::string app1 = std::string("\xff\xe1", 2) + char(len >> 8) + char(len & 255) + exif;
    const std::string turned = jpg.substr(0, 2) + app1 + jpg.substr(2);
    const image::Info info = image::probe(turned, "t.jpg");
    CHECK(info.orientation == 6);
    const image::Image shown = image::decode(turned, "t.jpg");
    REQUIRE(shown.width == 5);
    REQUIRE(shown.height == 8);
    // Turned clockwise: the stored top-left corner (red 0, green 0) is now the top-right corner.
    const image::Image plain = image::decode(jpg, "p.jpg");
    for (int c = 0; c < 3; ++c) CHECK(std::abs(int(shown.at(4, 0)[c]) - int(plain.at(0, 0)[c])) <= 2);
    for (int c = 0; c < 3; ++c) CHECK(std::abs(int(shown.at(0, 7)[c]) - int(plain.at(7, 4)[c])) <= 2);
}
