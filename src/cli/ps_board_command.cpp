// umpire-cli's board commands on a Panzer Squadron board (board_commands.hpp; docs/boards.md,
// docs/panzer-squadron.md). board_main hands a command over with one line when the board file
// names system = "panzer-squadron":
//
//   umpire-cli board check FILE
//   umpire-cli los BOARD FROM TO [--json] [--facing C]   the two lines of fire, faces, obstacle bonus
//   umpire-cli visibility BOARD FROM [--json]            every hex: clear, obstacle bonus, referee's call
//
// Sections
//   detect     is the named board a Panzer Squadron board
//   options    the commands' options
//   commands   board check, los, visibility
#include <iostream>
#include <optional>

#include "cli/board_commands.hpp"
#include "cli/board_report.hpp"
#include "core/diag.hpp"
#include "engine/engine.hpp"
#include "core/input.hpp"
#include "core/names.hpp"
#include "games/panzer_squadron/board.hpp"

namespace umpire::cli {

namespace {

// ---- detect ---------------------------------------------------------------------------

// The board file a board command names (positional arguments only), or "".
std::string board_argument(const std::vector<std::string>& positional) {
    if (positional.empty()) return "";
    if (positional[0] == "board") return positional.size() > 2 ? positional[2] : "";
    return positional.size() > 1 ? positional[1] : "";
}

// True when the file reads as TOML with system = "panzer-squadron". Anything else (no file, a
// syntax error) is left to the TANK! path, which reports it.
bool names_panzer_squadron(const std::string& file) {
    try {
        const toml::table t = parse_toml_file(file, file, kMaxBoardBytes);
        const auto sys = t["system"].value<std::string>();
        return sys && *sys == "panzer-squadron";
    } catch (const std::exception&) {
        return false;
    }
}

// ---- options ----------------------------------------------------------------------------

struct PsOptions {
    std::filesystem::path rules_dir;
    bool json = false;
    std::string facing;
    std::vector<std::string> positional;
};

const char* kPsUsage =
    "Panzer Squadron boards:\n"
    "  board check FILE\n"
    "  los BOARD FROM TO [--json] [--facing C]   the two lines of fire, the armour faces (C: the target's facing point), the obstacle bonus\n"
    "  visibility BOARD FROM [--json]            every hex: clear, obstacle bonus or referee's call\n";

// Options as board_commands reads them; those that mean nothing here (--mode, --all, --threads)
// are refused with the reason.
std::optional<PsOptions> parse_ps_options(const std::vector<std::string>& args) {
    PsOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--json") o.json = true;
        else if (a == "--rules-data" && i + 1 < args.size()) o.rules_dir = args[++i];
        else if (a.rfind("--rules-data=", 0) == 0) o.rules_dir = a.substr(13);
        else if (a == "--facing" && i + 1 < args.size()) o.facing = args[++i];
        else if (a == "--mode" || a == "--all" || a == "--threads") {
            std::cerr << "umpire-cli: " << a << " is for TANK! boards: a Panzer Squadron board has no terrain modes, and its visibility is "
                         "one hex at a time\n" << kPsUsage;
            return std::nullopt;
        } else if (a.size() > 1 && a[0] == '-') {
            std::cerr << "umpire-cli: unknown option or missing value: " << escape_text(a) << "\n" << kPsUsage;
            return std::nullopt;
        } else o.positional.push_back(a);
    }
    if (o.rules_dir.empty()) o.rules_dir = default_rules_dir();
    return o;
}

std::optional<hex::Cube> ps_hex(const board::Board& b, const std::string& text) {
    if (auto h = b.parse_hex(text)) return h;
    std::cerr << "umpire-cli: '" << escape_text(text) << "' is not a hex of " << escape_text(b.file) << " (" << b.numbering.describe()
              << "; columns 1-" << b.columns << ", rows 1-" << b.rows << ")\n";
    return std::nullopt;
}

// ---- commands ------------------------------------------------------------------------------

int ps_check(const panzer_squadron::Data& d, const PsOptions& o, std::ostream& out) {
    if (o.positional.size() != 3) { std::cerr << "umpire-cli: board check takes one FILE\n" << kPsUsage; return 1; }
    const board::Board b = board::load_board(o.positional[2], o.positional[2], panzer_squadron::board_vocabulary(d));
    if (o.json) return out << board_json(b).dump() << "\n", 0;  // the whole board (cli/board_report.hpp)
    int featured = 0;
    for (const auto& s : b.sides_of) featured += s.feature >= 0;
    out << "board OK: " << b.file << " — " << (b.title.empty() ? "untitled" : b.title) << (b.sample ? " (sample terrain)" : "")
        << ", Panzer Squadron\n";
    out << "  " << b.columns << " columns x " << b.rows << " rows, " << b.numbering.describe() << "\n";
    std::vector<int> counts(b.vocabulary.hex_terrain.size(), 0);
    for (auto t : b.terrain_of) ++counts[t];
    out << "  hexes:";
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i]) out << " " << b.vocabulary.hex_terrain[i] << " " << counts[i];
    out << "\n  hexsides with a feature: " << featured << "\n";
    report_picture(b, out, std::cerr);  // its picture, and suggestions not yet confirmed
    return 0;
}

int ps_los(const panzer_squadron::Data& d, const PsOptions& o, std::ostream& out) {
    if (o.positional.size() != 4) { std::cerr << "umpire-cli: los takes BOARD FROM TO\n" << kPsUsage; return 1; }
    const board::Board b = board::load_board(o.positional[1], o.positional[1], panzer_squadron::board_vocabulary(d));
    const auto from = ps_hex(b, o.positional[2]), to = ps_hex(b, o.positional[3]);
    if (!from || !to) return 2;
    if (*from == *to) { std::cerr << "umpire-cli: FROM and TO are the same hex: the lines of fire join two hexagons\n"; return 2; }
    int facing = -1;
    if (!o.facing.empty()) {
        const auto f = panzer_squadron::parse_corner(d, o.facing);
        if (!f) {
            std::cerr << "umpire-cli: --facing '" << escape_text(o.facing) << "' is not a point of a hexagon (accepted: "
                      << join_names(d.board.corner_names, ", ") << ")\n";
            return 2;
        }
        facing = *f;
    }
    const auto l = panzer_squadron::line_of_fire(d, b, *from, *to, facing);
    if (o.json) {
        json::Object obj{{"board", b.file}, {"system", "panzer-squadron"}};
        for (auto& kv : panzer_squadron::lof_json(d, b, l)) obj.push_back(std::move(kv));
        out << json::Value(std::move(obj)).dump() << "\n";
    } else {
        out << panzer_squadron::lof_text(d, b, l);
    }
    return 0;
}

int ps_visibility(const panzer_squadron::Data& d, const PsOptions& o, std::ostream& out) {
    if (o.positional.size() != 3) { std::cerr << "umpire-cli: visibility takes BOARD FROM\n" << kPsUsage; return 1; }
    const board::Board b = board::load_board(o.positional[1], o.positional[1], panzer_squadron::board_vocabulary(d));
    const auto from = ps_hex(b, o.positional[2]);
    if (!from) return 2;
    std::vector<view::Mark> marks;
    panzer_squadron::visibility(d, b, *from, marks);
    auto word = [](view::Mark m) { return m == view::Mark::hindering ? "obstacle bonus" : m == view::Mark::referee_call ? "referee's call" : "clear"; };
    int counts[3] = {0, 0, 0};
    for (auto m : marks) ++counts[m == view::Mark::hindering ? 1 : m == view::Mark::referee_call ? 2 : 0];
    if (o.json) {
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

std::optional<int> ps_board_main(const std::vector<std::string>& args, std::ostream& out) {
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--rules-data" || args[i] == "--mode" || args[i] == "--all" || args[i] == "--threads" || args[i] == "--facing") { ++i; continue; }
        if (!args[i].empty() && args[i][0] != '-') positional.push_back(args[i]);
    }
    if (!names_panzer_squadron(board_argument(positional))) return std::nullopt;
    const auto o = parse_ps_options(args);
    if (!o) return 1;
    try {
        const Engine e(o->rules_dir);
        const auto* ps = e.get<panzer_squadron::PanzerSquadron>();
        if (!ps) throw std::runtime_error("the panzer-squadron system is not available");
        const std::string& cmd = o->positional.at(0);
        if (cmd == "board") return ps_check(ps->data(), *o, out);
        if (cmd == "los") return ps_los(ps->data(), *o, out);
        return ps_visibility(ps->data(), *o, out);
    } catch (const InputError& e) {
        for (const auto& d : e.diagnostics()) std::cerr << d.str() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "umpire-cli: " << escape_text(e.what()) << "\n";
        return 1;
    }
}

}  // namespace umpire::cli
