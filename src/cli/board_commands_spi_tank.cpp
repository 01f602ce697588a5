// umpire-cli's board commands on a TANK! board (board_commands.hpp; docs/boards.md): board check,
// los (the exact line, 10.2), visibility from one hex, and visibility --all (every pair, one file).
//
// Sections
//   options     --mode (the terrain mode, 10.6); --facing refused
//   commands    board check, los, visibility (one hex, all pairs)
#include <chrono>
#include <iostream>

#include "cli/board_commands.hpp"
#include "core/atomic_file.hpp"
#include "core/names.hpp"
#include "engine/engine.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"

namespace umpire::cli {

namespace {

// ---- options ------------------------------------------------------------------------

// The terrain mode: --mode, else the board's terrain_mode; nullopt (reported) when neither.
std::optional<spi_tank::Mode> pick_mode(const BoardArgs& a, const board::Board& b) {
    const std::string m = a.mode && !a.mode->empty() ? *a.mode : b.terrain_mode;
    if (m == "closed") return spi_tank::Mode::closed;
    if (m == "mixed") return spi_tank::Mode::mixed;
    if (m == "open") return spi_tank::Mode::open;
    if (m.empty()) std::cerr << "umpire-cli: give --mode closed, mixed or open (the board names no terrain_mode)\n";
    else std::cerr << "umpire-cli: --mode '" << escape_text(m) << "' is not a terrain mode (accepted: closed, mixed, open)\n";
    return std::nullopt;
}

// ---- commands -------------------------------------------------------------------------

int board_check(const board::Board& b, std::ostream& out) {
    check_report(b, "", out);
    for (const auto& a : b.areas)  // [[area]]: e.g. the depression of TANK! 10.26
        out << "  area: " << escape_text(b.vocabulary.area_kinds.at(std::size_t(a.kind))) << (a.name.empty() ? "" : " \"" + escape_text(a.name) + "\"") << ", "
            << a.hexes.size() << " hexes\n";
    return 0;
}

int los_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const auto mode = pick_mode(a, b);
    if (!mode) return 1;
    const auto from = board_hex(b, a.hexes.at(0)), to = board_hex(b, a.hexes.at(1));
    if (!from || !to) return 2;
    const spi_tank::LosRules rules = spi_tank::los_rules(game_data<spi_tank::SpiTank>(e, "spi-tank"), b, *mode);
    const spi_tank::LineOfSight los = spi_tank::line_of_sight(b, rules, *from, *to);
    if (a.json) {
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

int visibility_one(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const auto mode = pick_mode(a, b);
    if (!mode) return 1;
    const auto from = board_hex(b, a.hexes.at(0));
    if (!from) return 2;
    const spi_tank::LosRules rules = spi_tank::los_rules(game_data<spi_tank::SpiTank>(e, "spi-tank"), b, *mode);
    std::vector<spi_tank::VisibilityCell> cells;
    spi_tank::visibility(b, rules, *from, cells);
    int counts[3] = {0, 0, 0};
    for (const auto& c : cells) ++counts[int(c.sight)];
    if (a.json) {
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

int visibility_all(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const auto mode = pick_mode(a, b);
    if (!mode) return 1;
    // The matrix (and the file) hold hexes x hexes bytes: bounded so a large board cannot ask for
    // gigabytes (100 x 100 hexes: 100 MB, built in memory and then written at once).
    constexpr int kMaxAllPairsHexes = 10000;
    if (b.hex_count() > kMaxAllPairsHexes) {
        std::cerr << "umpire-cli: visibility --all holds every pair in memory and in the file: at most " << kMaxAllPairsHexes
                  << " hexes, and " << escape_text(b.file) << " has " << b.hex_count() << "\n";
        return 1;
    }
    const spi_tank::LosRules rules = spi_tank::los_rules(game_data<spi_tank::SpiTank>(e, "spi-tank"), b, *mode);
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<spi_tank::Sight> all = spi_tank::visibility_all(b, rules, a.threads.value_or(0));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    const std::string& file = *a.all_out;
    if (auto err = write_all_pairs(file, all_pairs_text(b, *mode, all))) {
        std::cerr << "umpire-cli: cannot write " << escape_text(file) << ": " << escape_text(*err) << "\n";
        return 1;
    }
    out << "wrote " << escape_text(file) << ": " << b.hex_count() << " x " << b.hex_count() << " hexes (" << spi_tank::to_string(*mode)
        << " mode) in " << int(ms) << " ms\n";
    return 0;
}

}  // namespace

int spi_tank_refuse(const BoardArgs& a) {
    if (!a.facing) return 0;
    std::cerr << "umpire-cli: --facing is Panzer Squadron's target facing point; a TANK! board (" << escape_text(a.file)
              << ") has none: the target's aspect is the situation's (8.7)\n";
    return 1;
}

int spi_tank_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    if (a.command == "check") return board_check(b, out);
    if (a.command == "los") return los_command(e, b, a, out);
    if (a.all_out) return visibility_all(e, b, a, out);
    return visibility_one(e, b, a, out);
}

}  // namespace umpire::cli
