// Test support for the marks a ruling on a board carries (board/marks.hpp, Ruling::board_marks):
//   board_situation()  a situation of TANK!, PanzerBlitz or Panzer Squadron with the firer and the
//                      target on a board, as the window writes it
//   ruled_marks()      the marks of that situation's ruling against a board held in memory: what
//                      the window's board view draws
#pragma once
#include <sstream>
#include <string>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "support.hpp"

namespace umpire::test {

// A situation of `game` on the board `b` (named by its file) with the firer in `from` and the
// target in `to`. `mode`: TANK!'s terrain mode, or Panzer Squadron's target facing point ("" none).
// `with_hexes` false: the hex keys are left out (a view::Placement gives them).
inline std::string board_situation(const std::string& game, const board::Board& b, const hex::Cube& from, const hex::Cube& to,
                                   const std::string& mode, bool with_hexes = true) {
    std::ostringstream s;
    auto hex = [&](const hex::Cube& h) {
        if (with_hexes) s << "hex = \"" << b.name(h) << "\"\n";
    };
    if (game == "spi-tank") {
        s << "system = \"spi-tank\"\nterrain_mode = \"" << mode << "\"\nboard = \"" << b.file << "\"\n[firer]\nunit = \"T62\"\n";
        hex(from);
        s << "[target]\nunit = \"M60A2\"\n";
        if (with_hexes) s << "facing = \"A\"\n";
        hex(to);
    } else if (game == "panzerblitz") {
        s << "system = \"panzerblitz\"\nboard = \"" << b.file << "\"\n[firer]\n";
        hex(from);
        s << "[target]\n";
        hex(to);
    } else {
        s << "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\nboard = \"" << b.file << "\"\n[firer]\n";
        hex(from);
        s << "[target]\n";
        hex(to);
        if (with_hexes && !mode.empty()) s << "facing = \"" << mode << "\"\n";
    }
    return s.str();
}

// The ruling of board_situation() against `b` held in memory (Engine::rule_on_board, as the window).
inline Ruling ruled_on_board(const std::string& game, const board::Board& b, const hex::Cube& from, const hex::Cube& to,
                             const std::string& mode) {
    const toml::table t = parse_toml_string(board_situation(game, b, from, to, mode), "marks.toml");
    return engine().rule_on_board(t, "marks.toml", b);
}

// The marks that ruling carries: the line the board view draws (none: an empty set).
inline view::BoardMarks ruled_marks(const std::string& game, const board::Board& b, const hex::Cube& from, const hex::Cube& to,
                                    const std::string& mode) {
    const Ruling r = ruled_on_board(game, b, from, to, mode);
    return r.board_marks ? *r.board_marks : view::BoardMarks{};
}

}  // namespace umpire::test
