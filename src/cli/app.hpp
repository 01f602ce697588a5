// umpire-cli as a function: the parser (CLI11) and the commands (commands.hpp), without the
// process around them (main.cpp: standard streams, the checked write of the report). Tests call
// run() in the same process to see what a command reads (tests/test_board_open.cpp).
#pragma once
#include <string>
#include <vector>

namespace umpire::cli {

// Runs umpire-cli with `args` (without the program name). Returns the exit status: 0 done; 2 bad
// input (FILE:LINE:COL lines on stderr); 3 table check found breaches; 1 anything else (a wrong
// command, option or argument: one "umpire-cli: ..." line on stderr). With 0 and 3, `out` is the
// report for standard output (also --help and --version); otherwise nothing is to be printed.
int run(const std::vector<std::string>& args, std::string& out);

}  // namespace umpire::cli
