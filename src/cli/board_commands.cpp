// umpire-cli's board commands (see board_commands.hpp).
//
// Sections
//   dispatch    read the board file once (Engine::read_board_file) and hand it to its game's answer;
//               board check --json and the picture's report are the same for every game
//   commands    board check, los, visibility: their arguments, options and help (commands.hpp)
//   shared      board_hex, board_ok, check_report, write_counts
#include "cli/board_commands.hpp"

#include <iostream>
#include <memory>

#include "cli/board_report.hpp"
#include "cli/commands.hpp"
#include "cli/picture_command.hpp"
#include "core/names.hpp"
#include "engine/engine.hpp"

namespace umpire::cli {

namespace {

// ---- dispatch -------------------------------------------------------------------------

// The command line's answer for each game with hex boards (board_commands_<game>.cpp): `refuse`
// says why an option given means nothing on the game's boards (1, before the board's content is
// read), `answer` answers on the board.
struct GameBoardCommand {
    const char* system;
    int (*refuse)(const BoardArgs& a);
    int (*answer)(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out);
};
constexpr GameBoardCommand kGames[] = {
    {"spi-tank", spi_tank_refuse, spi_tank_board_command},
    {"panzerblitz", panzerblitz_refuse, panzerblitz_board_command},
    {"panzer-squadron", panzer_squadron_refuse, panzer_squadron_board_command},
};

int board_command(const Context& c, const BoardArgs& a, std::ostream& out) {
    const Engine e(c.rules());
    const Engine::BoardFile file = e.read_board_file(a.file, a.file);  // the file's one read
    for (const auto& g : kGames) {
        if (file.game->id() != g.system) continue;
        if (const int status = g.refuse(a)) return status;
        const board::Board b = file.parse();
        if (a.command != "check") return g.answer(e, b, a, out);
        if (a.json) return out << board_json(b).dump() << "\n", 0;  // the whole board, any game (cli/board_report.hpp)
        const int status = g.answer(e, b, a, out);
        if (status == 0) report_picture(b, out, std::cerr);  // its picture, and suggestions not yet confirmed
        return status;
    }
    throw std::runtime_error(file.game->id() + " has hex boards but umpire-cli has no board commands for them yet");
}

// Sets `c.run` to the command when the parser chose it.
void run_on_choice(Command& cmd, Context& c, const std::shared_ptr<BoardArgs>& a) {
    cmd.on_chosen([&c, a] { c.run = [&c, a] { return board_command(c, *a, c.out); }; });
}

// A board command and its own BoardArgs, the board file its first argument (named `file_name`).
struct BoardCommand {
    Command cmd;
    std::shared_ptr<BoardArgs> args;
};
BoardCommand board_command_of(Command& parent, const char* command, const char* file_name, const std::string& description) {
    BoardCommand b{parent.command(command, description), std::make_shared<BoardArgs>()};
    b.args->command = command;
    b.cmd.argument(file_name, b.args->file, "the board file").required();
    return b;
}

// A line-of-sight command (los, visibility) with what they share: BOARD, --json, --mode.
BoardCommand sight_command(Command& app, const char* command, const std::string& description) {
    BoardCommand b = board_command_of(app, command, "BOARD", description);
    b.cmd.flag("--json", b.args->json, "print one JSON object");
    b.cmd.value("--mode", "MODE", &b.args->mode, "TANK!: the terrain mode, closed, mixed or open (10.6;\ndefault: the board's terrain_mode)");
    return b;
}

}  // namespace

// ---- commands -------------------------------------------------------------------------

Command add_board(Command& app, Context& c) {
    (void)c;
    Command board = app.command("board", "board files (docs/boards.md): board check FILE, board from-image\nIMAGE ... -o BOARD (docs/maps.md)");
    board.needs_command();
    return board;
}

void add_board_check(Command& board, Context& c) {
    BoardCommand check = board_command_of(board, "check", "FILE",
                                          "validate a board file of any game with hex boards (its `system`):\n"
                                          "size, numbering, what its hexes and hexsides hold (docs/boards.md)");
    check.cmd.flag("--json", check.args->json, "the whole board as one JSON object: every hex, each hexside\nfeature once, what is still an unconfirmed suggestion");
    run_on_choice(check.cmd, c, check.args);
}

void add_los(Command& app, Context& c) {
    auto [cmd, a] = sight_command(app, "los",
                                  "the line between two hexes of a board and what it meets (TANK! 10.2;\n"
                                  "PanzerBlitz: every route; Panzer Squadron: the two lines of fire)");
    a->hexes.resize(2);
    cmd.argument("FROM", a->hexes[0], "the firer's hex (0302)").required();
    cmd.argument("TO", a->hexes[1], "the target's hex").required();
    cmd.value("--facing", "POINT", &a->facing, "Panzer Squadron: the target's facing point (NW, NE, E, SE,\nSW or W): which armour faces the lines hit");
    add_png(cmd, &a->png, "the board around the line: the line, the\nunits, the verdict and the deciding reasons");
    run_on_choice(cmd, c, a);
}

void add_visibility(Command& app, Context& c) {
    BoardCommand sight = sight_command(app, "visibility",
                                       "every hex seen from FROM: clear, blocked (by what, where) or\n"
                                       "referee's call; --all: every pair of a TANK! board, one file");
    Command& cmd = sight.cmd;
    const std::shared_ptr<BoardArgs> a = sight.args;
    auto from = std::make_shared<std::string>();
    const Option from_given = cmd.argument("FROM", *from, "the hex seen from (not with --all)");
    cmd.value("--all", "OUT", &a->all_out, "TANK!: write every pair of hexes to the file OUT");
    cmd.value(
        "--threads", "N",
        [a](const std::string& v) {
            if (v.empty() || v.size() > 3 || v.find_first_not_of("0123456789") != std::string::npos)
                throw UsageError("--threads needs a number 0..999 (0: one per core), got '" + v + "'");
            a->threads = unsigned(std::stoi(v));
        },
        "with --all: the threads to use, 0..999 (0, the default: one\nper core)");
    cmd.on_chosen([&c, a, from, from_given] {
        if (a->all_out && from_given.given()) throw UsageError("--all takes BOARD and the output file, without FROM");
        if (!a->all_out && !from_given.given()) throw UsageError("give BOARD FROM (or BOARD --all OUT)");
        if (from_given.given()) a->hexes = {*from};
        c.run = [&c, a] { return board_command(c, *a, c.out); };
    });
}

// ---- shared ---------------------------------------------------------------------------

std::optional<hex::Cube> board_hex(const board::Board& b, const std::string& text) {
    if (auto h = b.parse_hex(text)) return h;
    std::cerr << "umpire-cli: '" << escape_text(text) << "' is not a hex of " << escape_text(b.file) << " (" << b.numbering.describe()
              << "; columns 1-" << b.columns << ", rows 1-" << b.rows << ")\n";
    return std::nullopt;
}

std::string board_ok(const board::Board& b) {
    // A title that already says it is sample terrain is not told so twice.
    const bool said = b.title.find("(sample terrain)") != std::string::npos;
    return "board OK: " + b.file + " — " + (b.title.empty() ? "untitled" : b.title) + (b.sample && !said ? " (sample terrain)" : "");
}

void check_report(const board::Board& b, const std::string& game, std::ostream& out) {
    int featured = 0;
    for (const auto& s : b.sides_of.records()) featured += s.feature >= 0;
    out << board_ok(b) << game << "\n";
    out << "  " << b.columns << " columns x " << b.rows << " rows, " << b.numbering.describe() << "\n";
    std::vector<int> counts(b.vocabulary.hex_terrain.size(), 0);
    for (auto t : b.terrain_of) ++counts[t];
    write_counts(out, "hexes", b.vocabulary.hex_terrain, counts);
    if (!b.vocabulary.hex_features.empty()) {  // the second per-hex layer (TANK!'s wrecks, 8.62)
        std::vector<int> features(b.vocabulary.hex_features.size(), 0);
        for (auto f : b.feature_of)
            if (f > 0) ++features[std::size_t(f) - 1];
        write_counts(out, "on the hexes", b.vocabulary.hex_features, features, true);
    }
    out << "  hexsides with a feature: " << featured << "\n";
}

void write_counts(std::ostream& out, const std::string& label, const std::vector<std::string>& names, const std::vector<int>& counts,
                  bool none) {
    out << "  " << label << ":";
    bool any = false;
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i]) out << " " << names[i] << " " << counts[i], any = true;
    if (!any && none) out << " none";
    out << "\n";
}

}  // namespace umpire::cli
