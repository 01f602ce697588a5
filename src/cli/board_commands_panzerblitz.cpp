// umpire-cli's board commands on PanzerBlitz boards (docs/boards.md, docs/panzerblitz.md "Boards"):
// board check, los (every route, the deciding one marked) and visibility from one hex. The
// dispatch is in board_commands.cpp (Engine::read_board_file reads the board file's `system`); this
// file holds only PanzerBlitz's side, as each game keeps its own.
//
// Sections
//   board check   size, numbering, joined boards, counts per elevation, feature and symbol
//   los           every route with what it meets; --json adds `routes`
//   visibility    every hex from one hex (the view's marks)
#include <iostream>

#include "cli/board_commands.hpp"
#include "cli/picture_command.hpp"
#include "engine/engine.hpp"
#include "core/names.hpp"
#include "games/panzerblitz/board.hpp"

namespace umpire::cli {

namespace {

int pb_check(const board::Board& b, std::ostream& out) {
    out << board_ok(b) << "\n";
    out << "  PanzerBlitz, " << b.columns << " columns x " << b.rows << " rows, " << b.numbering.describe() << "\n";
    for (const auto& p : b.parts) out << "  board " << p << "\n";
    std::vector<int> counts(b.vocabulary.hex_terrain.size(), 0), features(b.vocabulary.hex_features.size(), 0),
        symbols(b.vocabulary.hexside_features.size(), 0);
    for (auto t : b.terrain_of) ++counts[t];
    for (auto f : b.feature_of)
        if (f > 0) ++features[f - 1u];  // 0: no woods or town in the hex
    for (const auto& s : b.sides_of.records())
        if (s.feature >= 0) ++symbols[std::size_t(s.feature)];
    write_counts(out, "elevations", b.vocabulary.hex_terrain, counts);
    write_counts(out, "single-hex woods/towns", b.vocabulary.hex_features, features, true);
    write_counts(out, "hexside symbols", b.vocabulary.hexside_features, symbols, true);
    return 0;
}

}  // namespace

int panzerblitz_refuse(const BoardArgs& a) {
    if (!a.facing) return 0;
    std::cerr << "umpire-cli: --facing is Panzer Squadron's target facing point; a PanzerBlitz board (" << escape_text(a.file) << ") has none\n";
    return 1;
}

int panzerblitz_board_command(const Engine& e, const board::Board& b, const BoardArgs& a, std::ostream& out) {
    if (a.command == "check") return pb_check(b, out);
    if (a.mode && !a.mode->empty()) {
        std::cerr << "umpire-cli: --mode is TANK!'s terrain mode; a PanzerBlitz board (" << escape_text(b.file) << ") has none\n";
        return 1;
    }
    if (a.all_out) {
        std::cerr << "umpire-cli: visibility --all is for TANK! boards; on a PanzerBlitz board ask visibility BOARD FROM\n";
        return 1;
    }
    const panzerblitz::Data& d = game_data<panzerblitz::PanzerBlitz>(e, "panzerblitz");
    const auto from = board_hex(b, a.hexes.at(0));
    if (!from) return 2;
    if (a.command == "los") {
        const auto to = board_hex(b, a.hexes.at(1));
        if (!to) return 2;
        if (*from == *to) {
            std::cerr << "umpire-cli: the firer and the target are both in " << b.name(*from) << ": give two different hexes\n";
            return 2;
        }
        const panzerblitz::BoardLos los = panzerblitz::board_los(d, b, *from, *to);
        if (a.png) {  // the deciding route's own ruling gives the words (cli/picture_command.hpp)
            const view::BoardMarks marks = panzerblitz::board_marks(d, b, los);
            picture::Caption c = picture::caption_of(los.ruling, e.find("panzerblitz")->title(), "Line of sight " + b.name(*from) + " to " + b.name(*to));
            c.detail = marks.summary;
            const panzerblitz::PanzerBlitzBoardSupport looks(&d);
            if (const int status = los_picture(b, marks, &looks, {}, std::move(c), *a.png)) return status;
        }
        if (a.json) {
            json::Object obj{{"board", b.file}, {"system", "panzerblitz"}};
            for (auto& kv : panzerblitz::board_los_json(b, los)) obj.push_back(std::move(kv));
            out << json::Value(std::move(obj)).dump() << "\n";
        } else {
            out << panzerblitz::board_los_text(b, los);
        }
        return 0;
    }
    // visibility BOARD FROM
    const panzerblitz::PanzerBlitzBoardSupport support(&d);
    std::vector<view::Mark> marks;
    support.visibility(b, "", *from, marks);
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < b.hex_count(); ++i) {
        const view::Mark m = marks[std::size_t(i)];
        ++counts[m == view::Mark::clear ? 0 : m == view::Mark::blocking ? 1 : 2];
    }
    if (a.json) {
        json::Array hexes;
        for (int i = 0; i < b.hex_count(); ++i)
            hexes.push_back(json::Object{{"hex", b.name(b.hex_at(i))}, {"sight", view::to_string(marks[std::size_t(i)])}});
        json::Object obj{{"board", b.file}, {"system", "panzerblitz"}, {"from", b.name(*from)}, {"clear", counts[0]},
                         {"blocked", counts[1]}, {"referee_call", counts[2]}, {"hexes", std::move(hexes)}};
        out << json::Value(std::move(obj)).dump() << "\n";
        return 0;
    }
    out << "Seen from " << b.name(*from) << " on " << b.file << " (PanzerBlitz, the route least favourable to the attacker): " << counts[0]
        << " clear, " << counts[1] << " blocked, " << counts[2] << " referee's call\n";
    for (int i = 0; i < b.hex_count(); ++i) out << b.name(b.hex_at(i)) << " " << view::to_string(marks[std::size_t(i)]) << "\n";
    return 0;
}

}  // namespace umpire::cli
