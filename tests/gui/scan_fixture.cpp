// A synthetic scan of a shipped board for the window's tests and screenshots of a board read from
// a picture (docs/maps.md): the board printed and scanned as the suggestion tests do it
// (tests/scan_render.hpp), with the clicks a referee would give (hex centres and examples, a pixel
// or so off). One program, four uses:
//
//   scan_fixture scan SYSTEM BOARD.toml OUT.png     for picture-board-test.sh: turned 2.5 degrees,
//       light falling 30%, noise, kept as PNG; prints
//       size W H                 its pixels
//       hex NUMBER X Y           a hex centre to click (the corners, the edges' middles, the centre)
//       example NAME X Y         one example of every kind of hex and hexside the board holds
//   scan_fixture score SYSTEM TRUTH.toml GOT.toml    prints "hexes P sides F1" (P: the share of
//       hexes suggested right, F1: the hexside features'), as tests/test_scan_suggest.cpp scores them
//   scan_fixture SYSTEM BOARD.toml OUT.jpg [--omit NAME]...   for review-screenshots.sh: the default
//       shot (JPEG 80), the calibration clicks (nine hex centres, 1 px off) and examples (two of
//       each kind, 1 px off) printed one argument a line for `umpire-cli board from-image`;
//       --omit NAME leaves a kind without an example (its hexes then come back unsure), as a
//       referee who forgot one would
//   scan_fixture paint BOARD.toml HEX=TERRAIN|HEX...  a board so read, checked the way the
//       window's paint tool checks it (board_edit.hpp's EditHistory, then save_board):
//       HEX=TERRAIN paints the hex (confirming it), HEX accepts it
// Exit 2 on bad arguments or a board that cannot be read.
//
// Sections
//   style_of, scan (the PNG and its clicks), score, from_image (the JPEG and its arguments),
//   paint, main
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "core/diag.hpp"
#include "engine/engine.hpp"
#include "scan_render.hpp"

using namespace umpire;
namespace scan = umpire::test::scan;

namespace {

scan::Style style_of(const std::string& system) {
    if (system == "panzerblitz") return scan::panzerblitz_style();
    if (system == "panzer-squadron") return scan::panzer_squadron_style();
    return scan::tank_style();
}

int write_scan(const view::BoardSupport& support, const std::string& system, const std::string& board_file, const std::string& out) {
    const board::Board truth = support.load(board_file, board_file);
    scan::Shot shot;  // turned 2.5 degrees, light falling 30%, noise
    shot.scale = 22;
    shot.jpeg_quality = 0;
    const scan::Scan s = scan::render(truth, style_of(system), shot);
    if (const auto err = image::write_png(out, s.picture)) {
        std::cerr << "scan_fixture: " << *err << "\n";
        return 2;
    }
    std::printf("size %d %d\n", s.picture.width, s.picture.height);
    for (const auto& c : scan::clicks(truth, s, 0.8, 5)) std::printf("hex %s %.1f %.1f\n", c.name.c_str(), c.pixel.x, c.pixel.y);
    for (const auto& e : scan::examples(truth, s, 1, 0.5, 9)) std::printf("example %s %.1f %.1f\n", e.name.c_str(), e.pixel.x, e.pixel.y);
    return 0;
}

int score(const view::BoardSupport& support, const std::string& truth_file, const std::string& got_file) {
    const board::Board truth = support.load(truth_file, truth_file), got = support.load(got_file, got_file);
    if (truth.columns != got.columns || truth.rows != got.rows) {
        std::cerr << "scan_fixture: the boards differ in size\n";
        return 2;
    }
    const scan::Score s = scan::score(truth, got);
    std::printf("hexes %.4f sides %.4f\n", s.hex_accuracy(), s.side_f1());
    return 0;
}

// The JPEG of the default shot and the arguments of `umpire-cli board from-image` (argv[4..]: --omit NAME).
int from_image(const view::BoardSupport& support, int argc, char** argv) {
    std::set<std::string> omit;
    for (int i = 4; i + 1 < argc; i += 2)
        if (std::string(argv[i]) == "--omit") omit.insert(argv[i + 1]);
    const board::Board truth = support.load(argv[2], argv[2]);
    const scan::Scan picture = scan::render(truth, style_of(argv[1]), scan::Shot{});
    std::ofstream(argv[3], std::ios::binary) << picture.bytes;
    char buf[96];
    for (const calibration::HexClick& c : scan::clicks(truth, picture, 1.0, 12)) {
        std::snprintf(buf, sizeof buf, "%s=%.1f,%.1f", c.name.c_str(), c.pixel.x, c.pixel.y);
        std::cout << "--hex\n" << buf << "\n";
    }
    for (const board::Example& e : scan::examples(truth, picture, 2, 1.0, 24)) {
        if (omit.count(e.name)) continue;
        std::snprintf(buf, sizeof buf, "%s=%.1f,%.1f", e.name.c_str(), e.pixel.x, e.pixel.y);
        std::cout << "--sample\n" << buf << "\n";
    }
    return 0;
}

int paint(const Engine& engine, int argc, char** argv) {
    board::Board b = engine.open_board(argv[2], argv[2]).board;
    board::EditHistory history;
    for (int i = 3; i < argc; ++i) {
        const std::string arg = argv[i];
        const std::size_t eq = arg.find('=');
        const auto h = b.parse_hex(arg.substr(0, eq));
        const auto& t = b.vocabulary.hex_terrain;
        const int terrain = eq == std::string::npos ? -1 : int(std::find(t.begin(), t.end(), arg.substr(eq + 1)) - t.begin());
        if (!h || (eq != std::string::npos && terrain >= int(t.size()))) {
            std::cerr << "scan_fixture: " << arg << ": not HEX=TERRAIN or HEX of this board\n";
            return 2;
        }
        if (eq == std::string::npos) history.confirm(b, *h);
        else history.set_terrain(b, *h, terrain);
    }
    if (const auto err = board::save_board(b, argv[2])) {
        std::cerr << "scan_fixture: " << *err << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string verb = argc > 1 ? argv[1] : "";
    const bool scan_or_score = (verb == "scan" || verb == "score") && argc == 5;
    if (!(verb == "paint" && argc >= 3) && !scan_or_score && (argc < 4 || verb == "scan" || verb == "score")) {
        std::cerr << "usage: scan_fixture scan SYSTEM BOARD.toml OUT.png | scan_fixture score SYSTEM TRUTH.toml GOT.toml\n"
                     "     | scan_fixture SYSTEM BOARD.toml OUT.jpg [--omit NAME]... | scan_fixture paint BOARD.toml HEX=TERRAIN|HEX...\n";
        return 2;
    }
    try {
        const Engine engine(UMPIRE_SOURCE_RULES_DATA);
        if (verb == "paint") return paint(engine, argc, argv);
        const char* system = scan_or_score ? argv[2] : argv[1];
        const GameSystem* g = engine.find(system);
        if (!g || !g->board_support()) {
            std::cerr << "scan_fixture: " << system << " is not a game with hex boards\n";
            return 2;
        }
        if (verb == "scan") return write_scan(*g->board_support(), system, argv[3], argv[4]);
        if (verb == "score") return score(*g->board_support(), argv[3], argv[4]);
        return from_image(*g->board_support(), argc, argv);
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
        return 2;
    }
}
