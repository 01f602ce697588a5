// umpire-cli's commands: one parser (CLI11), one subcommand per command, each with its own
// --help. Every command is one function that registers its subcommand on its parent — its
// arguments, options and help text — and a callback that sets Context::run to the work; app.cpp
// calls these functions in the order --help lists the commands.
//
// The commands say what they take through Command and Option, not CLI11's own types: only app.cpp
// includes CLI11, because every file that does makes CLI11's validators again before main
// (issue 21, point 6). Command and Option are CLI11's App and Option underneath (app.cpp).
//
// Adding a command: write `void add_NAME(Command& parent, Context& c)` in the file of its kind
// (rule_commands.cpp, board_commands.cpp, table_command.cpp, or a new one), declare it below and
// call it from make_app (app.cpp); a `board` subcommand is added to the Command add_board returns.
// Start it with parent.command (the shared settings) and give its positional arguments with
// argument().
//
// Sections
//   Context       what a command may use: --rules-data, the report it writes, its work
//   Command       a command's arguments, flags and options, and what runs when it is chosen
//   shared        UsageError, say, report
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

// ---- Command ------------------------------------------------------------------------

// One argument or option of a command.
class Option {
public:
    explicit Option(CLI::Option* o) : o_(o) {}
    Option& required();   // without it the command is refused (exit 1, naming it)
    bool given() const;   // it was on the command line (asked once the line is parsed)

private:
    CLI::Option* o_;
};

// A command (or umpire-cli itself) to which arguments, options and commands are added.
class Command {
public:
    explicit Command(CLI::App* app) : app_(app) {}
    // A command under this one with umpire-cli's settings: the options of the commands above it
    // are accepted after it (`rule FILE --rules-data DIR`), its own -h/--help, the exit statuses.
    Command command(const std::string& name, const std::string& description);
    void needs_command();  // one of its own commands must follow (`board check`)
    // A positional argument. A word that looks like an option ("-5", "--") is refused as one
    // (exit 1), as every word starting with '-' but "-" itself (standard input) always was: CLI11
    // would take a negative number as a value.
    Option argument(const std::string& name, std::string& into, const std::string& description);
    // A flag (`--json`): `into` is set when it is given; `--json=1` is refused.
    void flag(const std::string& name, bool& into, const std::string& description);
    // An option with a value (`--mode M`): *into is set when it is given (the last one given wins).
    Option value(const std::string& name, const std::string& value_name, std::optional<std::string>* into, const std::string& description);
    // The same with the value handed to `take`, which may refuse it (throw UsageError).
    Option value(const std::string& name, const std::string& value_name, std::function<void(const std::string&)> take,
                 const std::string& description);
    // An option given any number of times, one value each time, kept in order.
    Option values(const std::string& name, const std::string& value_name, std::vector<std::string>& into, const std::string& description);
    // What runs when the parser chose this command: it sets Context::run (or throws UsageError).
    void on_chosen(std::function<void()> chosen);

private:
    CLI::App* app_;
};

// ---- shared -------------------------------------------------------------------------

// A usage problem a command finds after parsing: exit 1, "umpire-cli: MESSAGE" on stderr.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One line on stderr: "umpire-cli: MESSAGE", escaped (arguments echoed in it cannot forge lines).
void say(const std::string& message);
// The problems of bad input, one FILE:LINE:COL line each on stderr; returns 2.
int report(const std::vector<Diagnostic>& diagnostics);

// ---- the commands ----------------------------------------------------------------------

void add_rule(Command& app, Context& c);        // rule FILE [--json] [--png OUT]  (rule_commands.cpp)
void add_systems(Command& app, Context& c);     // systems
void add_check_data(Command& app, Context& c);  // check-data [DIR]
Command add_board(Command& app, Context& c);    // board: the board-file commands  (board_commands.cpp)
void add_board_check(Command& board, Context& c);  // board check FILE [--json]
void add_board_from_image(Command& board, Context& c);  // board from-image IMAGE ... -o BOARD (from_image.cpp)
void add_los(Command& app, Context& c);         // los BOARD FROM TO [--json] [--mode M] [--facing C] [--png OUT]
void add_visibility(Command& app, Context& c);  // visibility BOARD FROM | --all OUT
void add_table(Command& app, Context& c);       // table check FILE               (table_command.cpp)

}  // namespace umpire::cli
