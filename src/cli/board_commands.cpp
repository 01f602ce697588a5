// umpire-cli's board commands (see board_commands.hpp).
//
// Sections
//   options     the commands' own options (--rules-data, --json, --mode, --all, --threads)
//   commands    board check, los, visibility (one hex, all pairs)
#include "cli/board_commands.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli/board_report.hpp"
#include "cli/from_image.hpp"
#include "core/atomic_file.hpp"
#include "engine/engine.hpp"
#include "core/input.hpp"
#include "core/names.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"

namespace umpire::cli {

namespace {

// ---- options ------------------------------------------------------------------------

struct Options {
    std::filesystem::path rules_dir;
    bool json = false;
    std::string mode;
    std::string all_out;
    bool all = false;
    unsigned threads = 0;
    std::vector<std::string> positional;
};

const char* kBoardUsage =
    "Board commands:\n"
    "  board check FILE [--json]               validate a board file (--json: the whole board)\n"
    "  board from-image IMAGE --system S --columns C --rows R --hex ID=X,Y ... --sample NAME=X,Y ... -o BOARD\n"
    "                                          a board from a scan or photo of the printed map (docs/maps.md)\n"
    "  los BOARD FROM TO [--json] [--mode M]   the line between two hexes and what it meets (10.2)\n"
    "  visibility BOARD FROM [--json] [--mode M]\n"
    "                                          every hex: clear, blocked (by what, where) or referee's call\n"
    "  visibility BOARD --all OUT [--mode M] [--threads N]\n"
    "                                          every pair of hexes, written to OUT\n"
    "--mode closed|mixed|open: the scenario's terrain mode (default: the board's terrain_mode).\n";

std::optional<Options> parse_options(const std::vector<std::string>& args) {
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> std::optional<std::string> {
            if (i + 1 >= args.size()) {
                std::cerr << "umpire-cli: " << a << " needs " << what << "\n";
                return std::nullopt;
            }
            return args[++i];
        };
        if (a == "--json") o.json = true;
        else if (a == "--rules-data") { auto v = value("a folder"); if (!v) return std::nullopt; o.rules_dir = *v; }
        else if (a.rfind("--rules-data=", 0) == 0) o.rules_dir = a.substr(13);
        else if (a == "--mode") { auto v = value("closed, mixed or open"); if (!v) return std::nullopt; o.mode = *v; }
        else if (a == "--all") { auto v = value("an output file"); if (!v) return std::nullopt; o.all = true, o.all_out = *v; }
        else if (a == "--threads") {
            auto v = value("a number");
            if (!v) return std::nullopt;
            if (v->empty() || v->size() > 3 || v->find_first_not_of("0123456789") != std::string::npos) {
                std::cerr << "umpire-cli: --threads needs a number 0..999 (0: one per core), got '" << escape_text(*v) << "'\n";
                return std::nullopt;
            }
            o.threads = unsigned(std::stoi(*v));
        } else if (a.size() > 1 && a[0] == '-') {
            std::cerr << "umpire-cli: unknown option " << escape_text(a) << "\n" << kBoardUsage;
            return std::nullopt;
        } else o.positional.push_back(a);
    }
    if (o.rules_dir.empty()) o.rules_dir = default_rules_dir();
    return o;
}

int report(const InputError& e) {
    for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
    return 2;
}

const spi_tank::Data& tank_data(const Engine& e) {
    const auto* t = e.get<spi_tank::SpiTank>();
    if (!t) throw std::runtime_error("the spi-tank system is not available");
    return t->data();
}

board::Board read_board(const Engine& e, const std::string& file) {
    // The bounded reader names a missing file, a folder or a device with the OS reason.
    return board::load_board(file, file, spi_tank::board_vocabulary(tank_data(e)));
}

// The terrain mode: --mode, else the board's terrain_mode; nullopt (reported) when neither.
std::optional<spi_tank::Mode> pick_mode(const Options& o, const board::Board& b) {
    const std::string m = !o.mode.empty() ? o.mode : b.terrain_mode;
    if (m == "closed") return spi_tank::Mode::closed;
    if (m == "mixed") return spi_tank::Mode::mixed;
    if (m == "open") return spi_tank::Mode::open;
    if (m.empty()) std::cerr << "umpire-cli: give --mode closed, mixed or open (the board names no terrain_mode)\n";
    else std::cerr << "umpire-cli: --mode '" << escape_text(m) << "' is not a terrain mode (accepted: closed, mixed, open)\n";
    return std::nullopt;
}

// A hex number given on the command line, on the board; prints the problem otherwise.
std::optional<hex::Cube> arg_hex(const board::Board& b, const std::string& text) {
    if (auto h = b.parse_hex(text)) return h;
    std::cerr << "umpire-cli: '" << escape_text(text) << "' is not a hex of " << escape_text(b.file) << " (" << b.numbering.describe() << "; columns 1-"
              << b.columns << ", rows 1-" << b.rows << ")\n";
    return std::nullopt;
}

// ---- commands -------------------------------------------------------------------------

int board_check(const Engine& e, const Options& o, std::ostream& out) {
    if (o.positional.size() != 3) { std::cerr << "umpire-cli: board check takes one FILE\n" << kBoardUsage; return 1; }
    const board::Board b = read_board(e, o.positional[2]);
    if (o.json) return out << board_json(b).dump() << "\n", 0;  // the whole board (cli/board_report.hpp)
    int featured = 0;
    for (const auto& s : b.sides_of) featured += s.feature >= 0;
    out << "board OK: " << b.file << " — " << (b.title.empty() ? "untitled" : b.title) << (b.sample ? " (sample terrain)" : "") << "\n";
    out << "  " << b.columns << " columns x " << b.rows << " rows, " << b.numbering.describe() << "\n";
    std::vector<int> counts(b.vocabulary.hex_terrain.size(), 0);
    for (auto t : b.terrain_of) ++counts[t];
    out << "  hexes:";
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i]) out << " " << b.vocabulary.hex_terrain[i] << " " << counts[i];
    out << "\n  hexsides with a feature: " << featured << "\n";
    for (const auto& a : b.areas)  // [[area]]: e.g. the depression of TANK! 10.26
        out << "  area: " << escape_text(b.vocabulary.area_kinds.at(std::size_t(a.kind))) << (a.name.empty() ? "" : " \"" + escape_text(a.name) + "\"") << ", "
            << a.hexes.size() << " hexes\n";
    report_picture(b, out, std::cerr);  // its picture, and suggestions not yet confirmed
    return 0;
}

int los_command(const Engine& e, const Options& o, std::ostream& out) {
    if (o.positional.size() != 4) { std::cerr << "umpire-cli: los takes BOARD FROM TO\n" << kBoardUsage; return 1; }
    const board::Board b = read_board(e, o.positional[1]);
    const auto mode = pick_mode(o, b);
    if (!mode) return 1;
    const auto from = arg_hex(b, o.positional[2]), to = arg_hex(b, o.positional[3]);
    if (!from || !to) return 2;
    const spi_tank::LosRules rules = spi_tank::los_rules(tank_data(e), b, *mode);
    const spi_tank::LineOfSight los = spi_tank::line_of_sight(b, rules, *from, *to);
    if (o.json) {
        json::Object obj{{"board", b.file}, {"terrain_mode", spi_tank::to_string(*mode)}};
        for (auto& kv : spi_tank::los_json(b, los)) obj.push_back(std::move(kv));
        out << json::Value(std::move(obj)).dump() << "\n";
    } else {
        out << spi_tank::los_text(b, los);
    }
    return 0;
}

// What blocked a hex in a visibility map, for a person.
std::string blocked_by(const board::Board& b, const spi_tank::VisibilityCell& c) {
    switch (c.kind) {
        case spi_tank::LosItem::hex: return b.terrain(c.at) + " in " + b.name(c.at) + " (10.22D)";
        case spi_tank::LosItem::hexside: {
            const board::SideFeature* f = b.side(c.at, c.side);
            return b.vocabulary.hexside_features[std::size_t(f->feature)] + " on " + b.side_name(c.at, c.side) + " (10.22C)";
        }
        case spi_tank::LosItem::along:
            if (c.side >= 0) {
                const board::SideFeature* f = b.side(c.at, c.side);
                return "along " + b.vocabulary.hexside_features[std::size_t(f->feature)] + " hexside " + b.side_name(c.at, c.side) + " (10.23)";
            }
            return "along a side of " + b.terrain(c.at) + " hex " + b.name(c.at) + " (10.24)";
        default: return "the corner at " + b.name(c.at) + ", either reading (10.22)";
    }
}

int visibility_one(const Engine& e, const Options& o, std::ostream& out) {
    if (o.positional.size() != 3) { std::cerr << "umpire-cli: visibility takes BOARD FROM (or BOARD --all OUT)\n" << kBoardUsage; return 1; }
    const board::Board b = read_board(e, o.positional[1]);
    const auto mode = pick_mode(o, b);
    if (!mode) return 1;
    const auto from = arg_hex(b, o.positional[2]);
    if (!from) return 2;
    const spi_tank::LosRules rules = spi_tank::los_rules(tank_data(e), b, *mode);
    std::vector<spi_tank::VisibilityCell> cells;
    spi_tank::visibility(b, rules, *from, cells);
    int counts[3] = {0, 0, 0};
    for (const auto& c : cells) ++counts[int(c.sight)];
    if (o.json) {
        json::Array hexes;
        for (int i = 0; i < b.hex_count(); ++i) {
            const auto& c = cells[std::size_t(i)];
            json::Object x{{"hex", b.name(b.hex_at(i))}, {"sight", spi_tank::to_string(c.sight)}};
            if (c.sight == spi_tank::Sight::blocked) x.emplace_back("blocked_by", blocked_by(b, c));
            if (c.sight == spi_tank::Sight::referee_call) x.emplace_back("corner_at", b.name(c.at));
            hexes.push_back(std::move(x));
        }
        json::Object obj{{"board", b.file},
                         {"terrain_mode", spi_tank::to_string(*mode)},
                         {"from", b.name(*from)},
                         {"clear", counts[0]},
                         {"blocked", counts[1]},
                         {"referee_call", counts[2]},
                         {"hexes", std::move(hexes)}};
        out << json::Value(std::move(obj)).dump() << "\n";
        return 0;
    }
    out << "Seen from " << b.name(*from) << " on " << b.file << " (" << spi_tank::to_string(*mode) << " mode): " << counts[0] << " clear, "
              << counts[1] << " blocked, " << counts[2] << " referee's call\n";
    for (int i = 0; i < b.hex_count(); ++i) {
        const auto& c = cells[std::size_t(i)];
        out << b.name(b.hex_at(i)) << " " << spi_tank::to_string(c.sight);
        if (c.sight == spi_tank::Sight::blocked) out << " by " << blocked_by(b, c);
        if (c.sight == spi_tank::Sight::referee_call) out << " (the line passes exactly through a corner of " << b.name(c.at) << ": see `los`)";
        out << "\n";
    }
    return 0;
}

// The file `visibility --all` writes: a header, then one line per hex seen from, one character
// per hex seen (TANK! 10.2 ruled for every pair).
std::string all_pairs_text(const board::Board& b, spi_tank::Mode mode, const std::vector<spi_tank::Sight>& all) {
    std::string text = "# umpire visibility, board " + b.file + ", " + spi_tank::to_string(mode) + " mode, " +
                       std::to_string(b.hex_count()) + " hexes\n"
                       "# one line per hex seen from (in board order: column by column, rows down);\n"
                       "# then one character per hex in the same order: . clear, # blocked, ? referee's call, @ itself\n";
    const int n = b.hex_count();
    text.reserve(text.size() + std::size_t(n) * (std::size_t(n) + 8));
    for (int i = 0; i < n; ++i) {
        text += b.name(b.hex_at(i)) + " ";
        for (int k = 0; k < n; ++k) {
            const spi_tank::Sight s = all[std::size_t(i) * std::size_t(n) + std::size_t(k)];
            text += i == k ? '@' : s == spi_tank::Sight::clear ? '.' : s == spi_tank::Sight::blocked ? '#' : '?';
        }
        text += '\n';
    }
    return text;
}

// Writes the file atomically (atomic_file.hpp: a temporary file beside it, fsync, rename), so a
// failed or interrupted write leaves the old file or none, never half a file. Only a regular file
// (or none) is replaced: renaming over a device, a pipe or a folder would swap it for a file.
std::optional<std::string> write_all_pairs(const std::string& out, const std::string& text) {
    std::error_code ec;
    const auto st = std::filesystem::status(out, ec);
    if (std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
        return std::string("not a regular file but a folder, a device or a pipe (the output goes to a new file renamed over it)");
    return atomic_write(out, text);
}

int visibility_all(const Engine& e, const Options& o, std::ostream& out) {
    if (o.positional.size() != 2) { std::cerr << "umpire-cli: visibility --all takes BOARD and the output file\n" << kBoardUsage; return 1; }
    const board::Board b = read_board(e, o.positional[1]);
    const auto mode = pick_mode(o, b);
    if (!mode) return 1;
    // The matrix (and the file) hold hexes x hexes bytes: bounded so a large board cannot ask for
    // gigabytes (100 x 100 hexes: 100 MB, built in memory and then written at once).
    constexpr int kMaxAllPairsHexes = 10000;
    if (b.hex_count() > kMaxAllPairsHexes) {
        std::cerr << "umpire-cli: visibility --all holds every pair in memory and in the file: at most " << kMaxAllPairsHexes
                  << " hexes, and " << escape_text(b.file) << " has " << b.hex_count() << "\n";
        return 1;
    }
    const spi_tank::LosRules rules = spi_tank::los_rules(tank_data(e), b, *mode);
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<spi_tank::Sight> all = spi_tank::visibility_all(b, rules, o.threads);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    if (auto err = write_all_pairs(o.all_out, all_pairs_text(b, *mode, all))) {
        std::cerr << "umpire-cli: cannot write " << escape_text(o.all_out) << ": " << escape_text(*err) << "\n";
        return 1;
    }
    out << "wrote " << escape_text(o.all_out) << ": " << b.hex_count() << " x " << b.hex_count() << " hexes (" << spi_tank::to_string(*mode)
              << " mode) in " << int(ms) << " ms\n";
    return 0;
}

// The game a board file is for (its `system`), read before the game's own reader checks the rest.
std::string board_system(const std::string& file) {
    const toml::table t = parse_toml_file(file, file, kMaxBoardBytes);
    if (auto s = t["system"].value<std::string>()) return *s;
    return "";
}

// A board of another game than TANK!: the game's own board commands (one line per game). Only
// with the right number of arguments (else TANK!'s usage messages, unchanged, answer).
std::optional<int> other_game(const Engine& e, const Options& o, std::ostream& out) {
    const std::string& cmd = o.positional.at(0);
    const std::size_t want = cmd == "board" ? 3 : cmd == "los" ? 4 : o.all ? 2 : 3;
    if (o.positional.size() != want) return std::nullopt;
    const std::size_t file_at = cmd == "board" ? 2 : 1;
    const std::string system = board_system(o.positional[file_at]);
    BoardArgs a;
    a.command = cmd == "board" ? "check" : cmd;
    a.file = o.positional[file_at];
    a.hexes.assign(o.positional.begin() + long(file_at) + 1, o.positional.end());
    a.json = o.json, a.all = o.all, a.mode = o.mode;
    if (system == "panzerblitz") return panzerblitz_board_command(e, a, out);
    return std::nullopt;
}

}  // namespace

bool is_board_command(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--rules-data" || a == "--mode" || a == "--all" || a == "--threads" || a == "--facing") { ++i; continue; }
        if (!a.empty() && a[0] == '-') continue;
        return a == "board" || a == "los" || a == "visibility";
    }
    return false;
}

// `board from-image ...` (cli/from_image.hpp): the first two words.
static bool is_from_image(const std::vector<std::string>& args) {
    std::vector<std::string> words;
    for (std::size_t i = 0; i < args.size() && words.size() < 2; ++i) {
        if (args[i] == "--rules-data") { ++i; continue; }
        if (!args[i].empty() && args[i][0] != '-') words.push_back(args[i]);
    }
    return words.size() == 2 && words[0] == "board" && words[1] == "from-image";
}

int board_main(const std::vector<std::string>& args, std::ostream& out) {
    if (is_from_image(args)) {
        const auto o = parse_from_image(args);
        if (!o) return 1;
        try {
            const Engine e(o->rules_dir.empty() ? default_rules_dir() : o->rules_dir);
            return from_image(e, *o, out);
        } catch (const InputError& e) {
            return report(e);
        } catch (const std::exception& e) {
            std::cerr << "umpire-cli: " << escape_text(e.what()) << "\n";
            return 1;
        }
    }
    if (const auto ps = ps_board_main(args, out)) return *ps;  // Panzer Squadron boards: ps_board_command.cpp
    const auto o = parse_options(args);
    if (!o) return 1;
    try {
        const Engine e(o->rules_dir);
        const std::string& cmd = o->positional.at(0);
        if (cmd != "board" || (o->positional.size() > 1 && o->positional[1] == "check"))
            if (const auto status = other_game(e, *o, out)) return *status;
        if (cmd == "board") {
            if (o->positional.size() < 2 || o->positional[1] != "check") { std::cerr << "umpire-cli: board takes 'check FILE'\n" << kBoardUsage; return 1; }
            return board_check(e, *o, out);
        }
        if (cmd == "los") return los_command(e, *o, out);
        if (o->all) return visibility_all(e, *o, out);
        return visibility_one(e, *o, out);
    } catch (const InputError& e) {
        return report(e);
    } catch (const std::exception& e) {
        std::cerr << "umpire-cli: " << escape_text(e.what()) << "\n";
        return 1;
    }
}

}  // namespace umpire::cli
