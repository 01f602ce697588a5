// umpire-cli's board commands (docs/boards.md), for every game with hex boards:
//
//   umpire-cli board check FILE [--json]                 validate a board file (--json: the whole board)
//   umpire-cli board from-image IMAGE ... -o BOARD       a board from a picture (from_image.hpp)
//   umpire-cli los BOARD FROM TO [--json] [--mode M] [--facing C] [--png OUT]
//                                                        the exact line and what it meets; --png:
//                                                        its picture (picture_command.hpp)
//   umpire-cli visibility BOARD FROM [--json] [--mode M] every hex seen from FROM
//   umpire-cli visibility BOARD --all OUT [--mode M] [--threads N]
//                                                        every pair, one file (TANK!)
//
// board_commands.cpp registers the commands (commands.hpp) and opens the board file once
// (Engine::read_board_file, which names its game); each game answers on its open board in its own
// file, board_commands_<game>.cpp. This header is what those files share.
#pragma once
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

// A board command as given. An option not given is nullopt: each game decides what an empty
// value means, as it always did.
struct BoardArgs {
    std::string command;             // "check", "los" or "visibility"
    std::string file;                // the board file, as given (it names the file in messages)
    std::vector<std::string> hexes;  // FROM (and TO for los); none for check and --all
    bool json = false;
    std::optional<std::string> mode;     // --mode: TANK!'s terrain mode
    std::optional<std::string> facing;   // --facing: Panzer Squadron's target facing point
    std::optional<std::string> all_out;  // visibility --all OUT
    std::optional<unsigned> threads;     // visibility --threads N (0..999; 0: one per core)
    std::optional<std::string> png;      // los --png OUT: the picture, written before the report
};

// One game's side of the board commands. *_refuse: the options given that the game never uses,
// said on stderr with the reason (returns 1), before the board's content is read; 0 when none.
// *_board_command: the answer on the board (read once, Engine::read_board_file); returns the exit
// status: 0 done; 2 bad input (a hex not on the board); 1 an option the game cannot use with
// this board. InputError is left to the caller.
int spi_tank_refuse(const BoardArgs& a);
int spi_tank_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out);
int panzerblitz_refuse(const BoardArgs& a);
int panzerblitz_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out);
int panzer_squadron_refuse(const BoardArgs& a);
int panzer_squadron_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out);

// ---- shared by the games' answers ------------------------------------------------------

// The loaded rules data of `Game` (the board commands load every game's, all or nothing).
template <class Game>
const auto& game_data(const Engine& e, const char* id) {
    const Game* g = e.get<Game>();
    if (!g) throw std::runtime_error(std::string("the ") + id + " system is not available");
    return g->data();
}

// A hex given on the command line, on the board; says what is wrong on stderr otherwise.
std::optional<hex::Cube> board_hex(const board::Board& b, const std::string& text);
// board check's first line: "board OK: FILE — TITLE (sample terrain)" (no newline).
std::string board_ok(const board::Board& b);
// board check's report on a board of one terrain layer (TANK!, Panzer Squadron): the first line
// (`game` after it: ", Panzer Squadron"), the size and numbering, the hexes of each terrain and
// the number of hexsides with a feature.
void check_report(const board::Board& b, const std::string& game, std::ostream& out);
// board check's counts: "  LABEL: name count name count ..." ("none" when `none` and all are 0).
void write_counts(std::ostream& out, const std::string& label, const std::vector<std::string>& names, const std::vector<int>& counts,
                  bool none = false);

}  // namespace umpire::cli
