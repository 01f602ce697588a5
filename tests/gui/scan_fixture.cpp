// A synthetic scan of a shipped board, for the window's screenshots of a board read from a
// picture (docs/maps.md "Checking the suggestions"; review-screenshots.sh): the board printed and
// scanned as the suggestion tests do it (tests/scan_render.hpp, the default shot: turned 2.5
// degrees, lit unevenly, noise, JPEG 80), written as OUT.jpg, and the calibration clicks (nine hex
// centres, 1 px off) and examples (two of each kind, 1 px off) printed one argument a line for
// `umpire-cli board from-image`. --omit NAME leaves a kind without an example (its hexes then
// come back unsure), as a referee who forgot one would.
//   scan_fixture SYSTEM BOARD.toml OUT.jpg [--omit NAME]...
// And a board so read, checked the way the window's paint tool checks it (board_edit.hpp's
// EditHistory, then save_board): HEX=TERRAIN paints the hex (confirming it), HEX accepts it.
//   scan_fixture paint BOARD.toml HEX=TERRAIN|HEX...
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "../scan_render.hpp"
#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "core/diag.hpp"
#include "engine/engine.hpp"

namespace scan = umpire::test::scan;
using namespace umpire;

namespace {

int paint(int argc, char** argv) {
    const Engine engine(UMPIRE_SOURCE_RULES_DATA);
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
    if (argc >= 3 && std::string(argv[1]) == "paint") {
        try {
            return paint(argc, argv);
        } catch (const InputError& e) {
            for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
            return 2;
        }
    }
    if (argc < 4) {
        std::cerr << "usage: scan_fixture SYSTEM BOARD.toml OUT.jpg [--omit NAME]...\n";
        return 2;
    }
    std::set<std::string> omit;
    for (int i = 4; i + 1 < argc; i += 2)
        if (std::string(argv[i]) == "--omit") omit.insert(argv[i + 1]);
    try {
        const Engine engine(UMPIRE_SOURCE_RULES_DATA);
        const GameSystem* game = engine.find(argv[1]);
        if (!game || !game->board_support()) {
            std::cerr << "scan_fixture: " << argv[1] << " has no boards\n";
            return 2;
        }
        const board::Board truth = game->board_support()->load(argv[2], argv[2]);
        const scan::Style style = std::string(argv[1]) == "panzerblitz" ? scan::panzerblitz_style()
                                  : std::string(argv[1]) == "panzer-squadron" ? scan::panzer_squadron_style()
                                                                              : scan::tank_style();
        const scan::Scan picture = scan::render(truth, style, scan::Shot{});
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
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
        return 2;
    }
    return 0;
}
