// umpire-cli's board commands (docs/boards.md):
//
//   umpire-cli board check FILE                          validate a board file
//   umpire-cli los BOARD FROM TO [--json] [--mode M] [--png OUT]
//                                                        the exact line and what it meets (10.2);
//                                                        --png: its picture (cli/picture_command.hpp)
//   umpire-cli visibility BOARD FROM [--json] [--mode M] every hex seen from FROM
//   umpire-cli visibility BOARD --all OUT [--mode M] [--threads N]
//                                                        every pair, one file
#pragma once
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace umpire {
class Engine;
}

namespace umpire::cli {

// A board command for one game's board file (the dispatch reads the file's `system` first):
// command "check", "los" or "visibility"; hexes: FROM (and TO for los).
struct BoardArgs {
    std::string command, file;
    std::vector<std::string> hexes;
    bool json = false, all = false;
    std::string mode;
    std::optional<std::string> png;  // los --png OUT: write the picture too
};
// Each game with boards besides TANK! has its own file (board_commands_<game>.cpp). Exit status
// as board_main's; InputError is left to the caller.
int panzerblitz_board_command(const Engine& e, const BoardArgs& a, std::ostream& out);

// True when args (without the program name) name a board command.
bool is_board_command(const std::vector<std::string>& args);

// Runs a board command, writing its report to `out` (the caller writes it to standard output
// with every write checked); diagnostics go to stderr. Returns the exit status: 0 done, 2 bad
// input (a board file or a hex), 1 anything else (usage, a failed write of --all's file).
// `png`: --png OUT (taken out of args by the caller), for los only.
int board_main(const std::vector<std::string>& args, std::ostream& out, const std::optional<std::string>& png = std::nullopt);

// The same commands on a Panzer Squadron board (ps_board_command.cpp): nullopt when the board
// named is not one (system = "panzer-squadron"), else the exit status.
std::optional<int> ps_board_main(const std::vector<std::string>& args, std::ostream& out, const std::optional<std::string>& png);

}  // namespace umpire::cli
