// A synthetic scan for the window tests of the Picture tool (picture-board-test.sh; docs/maps.md):
// a shipped board printed and scanned by tests/scan_render.hpp (turned, lit unevenly, noise; kept
// as PNG), with the clicks a referee would give (hex centres and examples, a pixel or so off).
//
//   scan_fixture scan SYSTEM BOARD.toml OUT.png     writes the picture; prints
//       size W H                 its pixels
//       hex NUMBER X Y           a hex centre to click (the corners, the edges' middles, the centre)
//       example NAME X Y         one example of every kind of hex and hexside the board holds
//   scan_fixture score SYSTEM TRUTH.toml GOT.toml    prints "hexes P sides F1" (P: the share of
//       hexes suggested right, F1: the hexside features'), as tests/test_scan_suggest.cpp scores them
// Exit 2 on bad arguments or a board that cannot be read.
#include <cstdio>
#include <iostream>
#include <string>

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

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5 || (std::string(argv[1]) != "scan" && std::string(argv[1]) != "score")) {
        std::cerr << "usage: scan_fixture scan SYSTEM BOARD.toml OUT.png | scan_fixture score SYSTEM TRUTH.toml GOT.toml\n";
        return 2;
    }
    try {
        const Engine engine(UMPIRE_SOURCE_RULES_DATA);
        const GameSystem* g = engine.find(argv[2]);
        if (!g || !g->board_support()) {
            std::cerr << "scan_fixture: " << argv[2] << " is not a game with hex boards\n";
            return 2;
        }
        return std::string(argv[1]) == "scan" ? write_scan(*g->board_support(), argv[2], argv[3], argv[4])
                                              : score(*g->board_support(), argv[3], argv[4]);
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
        return 2;
    }
}
