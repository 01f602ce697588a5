// umpire-cli's commands: one parser (CLI11), one subcommand per command, each with its own
// --help. Every command is one function that registers its subcommand on its parent — its
// arguments, options and help text — and a callback that sets Context::run to the work; app.cpp
// calls these functions in the order --help lists the commands.
//
// Adding a command: write `void add_NAME(CLI::App& parent, Context& c)` in the file of its kind
// (rule_commands.cpp, board_commands.cpp, table_command.cpp, or a new one), declare it below and
// call it from make_app (app.cpp); a `board` subcommand is added to the CLI::App add_board returns.
// Start it with add_command (the shared settings) and add_argument for its positional arguments.
//
// Sections
//   Context       what a command may use: --rules-data, the report it writes, its work
//   shared        add_command, add_argument, add_value, UsageError, say, report
//   the commands  rule, systems, check-data, board check, board from-image, los, visibility, table check
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diag.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace umpire::cli {

// ---- Context ------------------------------------------------------------------------

struct Context {
    std::string rules_dir;    // --rules-data DIR; "": the shipped rules data
    std::ostringstream out;   // the report: main writes it to standard output (exit 0 or 3), every write checked
    std::function<int()> run; // set by the chosen command's callback; returns the exit status
    std::filesystem::path rules() const;  // rules_dir, or default_rules_dir()
};

// ---- shared -------------------------------------------------------------------------

// A command under `parent` with umpire-cli's settings: the options of the commands above it are
// accepted after it (`rule FILE --rules-data DIR`), and its own -h/--help.
CLI::App* add_command(CLI::App& parent, const std::string& name, const std::string& description);
// A positional argument. A word that looks like an option ("-5", "--") is refused as one (exit 1),
// as every word starting with '-' but "-" itself (standard input) always was: CLI11 would take a
// negative number as a value.
CLI::Option* add_argument(CLI::App& cmd, const std::string& name, std::string& into, const std::string& description);
// An option with a value (`--mode M`): *into is set when it is given (the last one given wins).
CLI::Option* add_value(CLI::App& cmd, const std::string& name, const std::string& value_name, std::optional<std::string>* into,
                       const std::string& description);

// A usage problem a command finds after parsing: exit 1, "umpire-cli: MESSAGE" on stderr.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One line on stderr: "umpire-cli: MESSAGE", escaped (arguments echoed in it cannot forge lines).
void say(const std::string& message);
// The problems of bad input, one FILE:LINE:COL line each on stderr; returns 2.
int report(const std::vector<Diagnostic>& diagnostics);

// ---- the commands ----------------------------------------------------------------------

void add_rule(CLI::App& app, Context& c);        // rule FILE [--json] [--png OUT]  (rule_commands.cpp)
void add_systems(CLI::App& app, Context& c);     // systems
void add_check_data(CLI::App& app, Context& c);  // check-data [DIR]
CLI::App* add_board(CLI::App& app, Context& c);  // board: the board-file commands  (board_commands.cpp)
void add_board_check(CLI::App& board, Context& c);  // board check FILE [--json]
void add_board_from_image(CLI::App& board, Context& c);  // board from-image IMAGE ... -o BOARD (from_image.cpp)
void add_los(CLI::App& app, Context& c);         // los BOARD FROM TO [--json] [--mode M] [--facing C] [--png OUT]
void add_visibility(CLI::App& app, Context& c);  // visibility BOARD FROM | --all OUT
void add_table(CLI::App& app, Context& c);       // table check FILE               (table_command.cpp)

}  // namespace umpire::cli
