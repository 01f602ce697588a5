// Test support for pictures of rulings (test_picture.cpp, test_cli_picture.cpp): a PNG decoded
// with stb_image (Debian's libstb), colour comparisons, and a board ruling's picture with the
// geometry the tests check pixels at.
#pragma once
#include <stb_image.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/board_support.hpp"
#include "board/picture.hpp"
#include "core/canvas.hpp"
#include "core/picture.hpp"
#include "core/toml_reader.hpp"
#include "support.hpp"

namespace umpire::test {

// A decoded PNG: RGBA, rows top first.
struct Decoded {
    int width = 0, height = 0;
    std::vector<std::uint8_t> px;
    canvas::Rgba at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return 0;
        const std::uint8_t* p = px.data() + (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4;
        return canvas::rgba(p[0], p[1], p[2], p[3]);
    }
};

// Decodes PNG bytes; width 0 when they are not a readable PNG.
inline Decoded decode_png(const std::string& bytes) {
    Decoded d;
    int n = 0;
    unsigned char* p = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()), int(bytes.size()), &d.width, &d.height, &n, 4);
    if (!p) return {};
    d.px.assign(p, p + std::size_t(d.width) * std::size_t(d.height) * 4);
    stbi_image_free(p);
    return d;
}

inline Decoded decode(const canvas::Canvas& c) { return decode_png(canvas::encode_png(c)); }
// The canvas's own pixels, without the PNG round trip (checked on its own in test_picture.cpp).
inline Decoded pixels(const canvas::Canvas& c) { return {c.width(), c.height(), c.pixels()}; }

// Within `tol` on each of red, green and blue.
inline bool near(canvas::Rgba a, canvas::Rgba b, int tol = 30) {
    for (int shift : {24, 16, 8})
        if (std::abs(int((a >> shift) & 0xFF) - int((b >> shift) & 0xFF)) > tol) return false;
    return true;
}

// How many pixels of the box [x0, x1) x [y0, y1) are near `c`.
inline int count_near(const Decoded& d, int x0, int y0, int x1, int y1, canvas::Rgba c, int tol = 30) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) n += near(d.at(x, y), c, tol);
    return n;
}

// The share of the pixels of the band [y0, y1) that differ from `ground` (the words drawn on it).
inline double ink_share(const Decoded& d, int y0, int y1, canvas::Rgba ground) {
    long n = 0, all = 0;
    for (int y = std::max(0, y0); y < std::min(d.height, y1); ++y)
        for (int x = 0; x < d.width; ++x) n += !near(d.at(x, y), ground, 6), ++all;
    return all ? double(n) / double(all) : 0;
}

// A ruling on a board, its board and its picture.
struct BoardCase {
    Ruling ruling;
    board::Board board;
    const view::BoardSupport* support = nullptr;
    board::BoardUnits units;
};

// Rules the situation file and reads its board as the ruling did.
inline BoardCase board_case_at(const std::filesystem::path& file) {
    BoardCase c;
    c.ruling = engine().rule_file(file);
    if (!c.ruling.board_marks) throw std::runtime_error(file.string() + ": the ruling carries no board marks");
    const toml::table t = parse_toml_file(file, file.string());
    c.support = engine().find(c.ruling.system)->board_support();
    const std::string board = t["board"].value<std::string>().value_or("");
    c.board = c.support->load(c.support->find_board(board, file.parent_path()), board);
    if (const auto* f = t["firer"].as_table()) c.units.firer = (*f)["unit"].value<std::string>().value_or("");
    if (const auto* g = t["target"].as_table()) c.units.target = (*g)["unit"].value<std::string>().value_or("");
    return c;
}

// The same for examples/NAME.toml.
inline BoardCase board_case(const std::string& name) {
    return board_case_at(std::filesystem::path(UMPIRE_SOURCE_DIR) / "examples" / (name + ".toml"));
}

}  // namespace umpire::test
