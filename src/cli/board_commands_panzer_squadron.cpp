// umpire-cli's board commands on a Panzer Squadron board (board_commands.hpp; docs/boards.md,
// docs/panzer-squadron.md). board_commands.cpp hands a command over when the board file names
// system = "panzer-squadron":
//
//   umpire-cli board check FILE
//   umpire-cli los BOARD FROM TO [--json] [--facing C]   the two lines of fire, faces, obstacle bonus
//   umpire-cli visibility BOARD FROM [--json]            every hex: clear, obstacle bonus, referee's call
//
// Sections
//   commands   board check, los, visibility
//   entry      TANK!'s options refused; the command
#include <iostream>
#include <optional>

#include "cli/board_commands.hpp"
#include "core/names.hpp"
#include "engine/engine.hpp"
#include "games/panzer_squadron/board.hpp"

namespace umpire::cli {

namespace {

// ---- commands ------------------------------------------------------------------------------

int ps_los(const panzer_squadron::Data& d, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const auto from = board_hex(b, a.hexes.at(0)), to = board_hex(b, a.hexes.at(1));
    if (!from || !to) return 2;
    if (*from == *to) { std::cerr << "umpire-cli: FROM and TO are the same hex: the lines of fire join two hexagons\n"; return 2; }
    int facing = -1;
    if (a.facing && !a.facing->empty()) {
        const auto f = panzer_squadron::parse_corner(d, *a.facing);
        if (!f) {
            std::cerr << "umpire-cli: --facing '" << escape_text(*a.facing) << "' is not a point of a hexagon (accepted: "
                      << join_names(d.board.corner_names, ", ") << ")\n";
            return 2;
        }
        facing = *f;
    }
    const auto l = panzer_squadron::line_of_fire(d, b, *from, *to, facing);
    if (a.json) {
        json::Object obj{{"board", b.file}, {"system", "panzer-squadron"}};
        for (auto& kv : panzer_squadron::lof_json(d, b, l)) obj.push_back(std::move(kv));
        out << json::Value(std::move(obj)).dump() << "\n";
    } else {
        out << panzer_squadron::lof_text(d, b, l);
    }
    return 0;
}

int ps_visibility(const panzer_squadron::Data& d, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const auto from = board_hex(b, a.hexes.at(0));
    if (!from) return 2;
    std::vector<view::Mark> marks;
    panzer_squadron::visibility(d, b, *from, marks);
    auto word = [](view::Mark m) { return m == view::Mark::hindering ? "obstacle bonus" : m == view::Mark::referee_call ? "referee's call" : "clear"; };
    int counts[3] = {0, 0, 0};
    for (auto m : marks) ++counts[m == view::Mark::hindering ? 1 : m == view::Mark::referee_call ? 2 : 0];
    if (a.json) {
        json::Array hexes;
        for (int i = 0; i < b.hex_count(); ++i)
            hexes.emplace_back(json::Object{{"hex", b.name(b.hex_at(i))}, {"sight", word(marks[std::size_t(i)])}});
        out << json::Value(json::Object{{"board", b.file},
                                        {"system", "panzer-squadron"},
                                        {"from", b.name(*from)},
                                        {"clear", counts[0]},
                                        {"obstacle_bonus", counts[1]},
                                        {"referee_call", counts[2]},
                                        {"hexes", json::Value(std::move(hexes))}})
                   .dump()
            << "\n";
        return 0;
    }
    out << "Seen from " << b.name(*from) << " on " << b.file << " (every tank is visible, PS-fire): " << counts[0] << " clear, " << counts[1]
        << " with the obstacle bonus, " << counts[2] << " referee's call\n";
    for (int i = 0; i < b.hex_count(); ++i) out << b.name(b.hex_at(i)) << " " << word(marks[std::size_t(i)]) << "\n";
    return 0;
}

}  // namespace

// ---- entry -----------------------------------------------------------------------------------

// --mode, --all and --threads mean nothing on this board.
int panzer_squadron_refuse(const BoardArgs& a) {
    const char* given = a.mode ? "--mode" : a.all_out ? "--all" : a.threads ? "--threads" : nullptr;
    if (!given) return 0;
    std::cerr << "umpire-cli: " << given << " is for TANK! boards: a Panzer Squadron board has no terrain modes, and its visibility is "
                 "one hex at a time\n";
    return 1;
}

int panzer_squadron_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    const panzer_squadron::Data& d = game_data<panzer_squadron::PanzerSquadron>(e, "panzer-squadron");
    if (a.command == "check") return check_report(b, ", Panzer Squadron", out), 0;
    if (a.command == "los") return ps_los(d, b, a, out);
    return ps_visibility(d, b, a, out);
}

}  // namespace umpire::cli
