// One way from a click to a ruling (issue 21; board/marks.hpp, docs/boards.md): a ruling on a board
// carries what it traced, and the window's board view draws exactly that.
//
// Sections
//   helpers        the three games with boards, a situation per game for a pair of hexes, the
//                  shipped boards of each, random pairs, marks compared field by field
//   Old and new    the marks a ruling carries are the marks BoardSupport::line() gave (every
//                  shipped board, many random pairs; kept until line() is gone)
//   Typed places   a ruling given view::Placement is the ruling of the same hexes written as keys
#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board/marks.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

// ---- helpers -----------------------------------------------------------------------------

const view::BoardSupport& support_of(const std::string& game) {
    const view::BoardSupport* s = test::engine().find(game)->board_support();
    REQUIRE(s);
    return *s;
}

// A situation of `game` on `board` with the firer in `from` and the target in `to`; `mode` is
// TANK!'s terrain mode or Panzer Squadron's target facing point ("" none). `with_hexes` false:
// the hex keys are left out (the placement gives them).
std::string situation(const std::string& game, const board::Board& b, const std::string& path, const Cube& from, const Cube& to,
                      const std::string& mode, bool with_hexes = true) {
    std::ostringstream s;
    auto hexes = [&](const char* unit, const Cube& h) {
        if (with_hexes) s << "hex = \"" << b.name(h) << "\"\n";
        (void)unit;
    };
    if (game == "spi-tank") {
        s << "system = \"spi-tank\"\nterrain_mode = \"" << mode << "\"\nboard = \"" << path << "\"\n[firer]\nunit = \"T62\"\n";
        hexes("firer", from);
        s << "[target]\nunit = \"M60A2\"\n";
        if (with_hexes) s << "facing = \"A\"\n";
        hexes("target", to);
    } else if (game == "panzerblitz") {
        s << "system = \"panzerblitz\"\nboard = \"" << path << "\"\n[firer]\n";
        hexes("firer", from);
        s << "[target]\n";
        hexes("target", to);
    } else {
        s << "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\nboard = \"" << path << "\"\n[firer]\n";
        hexes("firer", from);
        s << "[target]\n";
        hexes("target", to);
        if (with_hexes && !mode.empty()) s << "facing = \"" << mode << "\"\n";
    }
    return s.str();
}

// The choices a line depends on besides the board, as the window passed them to line().
std::vector<std::string> modes_of(const std::string& game) {
    if (game == "spi-tank") return {"closed", "mixed", "open"};
    if (game == "panzer-squadron") return {"", "NW", "E"};
    return {""};
}

std::string describe(const view::BoardPoint& p) { return std::to_string(p.hex.q) + "," + std::to_string(p.hex.r) + "@" + std::to_string(p.corner); }

// Every field of two sets of marks, in order.
void check_same(const view::BoardMarks& a, const view::BoardMarks& b) {
    CHECK(a.summary == b.summary);
    CHECK(a.verdict == b.verdict);
    REQUIRE(a.lines.size() == b.lines.size());
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        INFO("line " << i);
        CHECK(a.lines[i].label == b.lines[i].label);
        CHECK(describe(a.lines[i].from) == describe(b.lines[i].from));
        CHECK(describe(a.lines[i].to) == describe(b.lines[i].to));
        CHECK(a.lines[i].route == b.lines[i].route);
        CHECK(a.lines[i].mark == b.lines[i].mark);
        CHECK(a.lines[i].decides == b.lines[i].decides);
        CHECK(a.lines[i].text == b.lines[i].text);
    }
    REQUIRE(a.hexes.size() == b.hexes.size());
    for (std::size_t i = 0; i < a.hexes.size(); ++i) {
        CHECK(a.hexes[i].hex == b.hexes[i].hex);
        CHECK(a.hexes[i].mark == b.hexes[i].mark);
        CHECK(a.hexes[i].text == b.hexes[i].text);
    }
    REQUIRE(a.sides.size() == b.sides.size());
    for (std::size_t i = 0; i < a.sides.size(); ++i) {
        CHECK(a.sides[i].hex == b.sides[i].hex);
        CHECK(a.sides[i].side == b.sides[i].side);
        CHECK(a.sides[i].mark == b.sides[i].mark);
        CHECK(a.sides[i].text == b.sides[i].text);
    }
}

// Random pairs of distinct hexes of `b`; PanzerBlitz's (every route ruled) kept within `max_range`.
std::vector<std::pair<Cube, Cube>> random_pairs(const board::Board& b, int n, unsigned seed, int max_range) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1);
    std::vector<std::pair<Cube, Cube>> out;
    for (int tries = 0; int(out.size()) < n && tries < n * 50; ++tries) {
        const Cube from = b.hex_at(pick(rng)), to = b.hex_at(pick(rng));
        if (from == to || hex::distance(from, to) > max_range) continue;
        out.push_back({from, to});
    }
    return out;
}

const char* const kGames[] = {"spi-tank", "panzerblitz", "panzer-squadron"};

}  // namespace

// ---- Old and new -------------------------------------------------------------------------

TEST_CASE("Board marks: a ruling on a board carries the marks BoardSupport::line gave (every shipped board)", "[boards][board-marks]") {
    for (const std::string game : kGames) {
        const view::BoardSupport& support = support_of(game);
        REQUIRE_FALSE(support.shipped_boards().empty());
        for (const auto& path : support.shipped_boards()) {
            const board::Board b = support.load(path, path.string());
            const int pairs = game == "panzerblitz" ? 40 : 120;
            int compared = 0;
            for (const auto& [from, to] : random_pairs(b, pairs, 2104, game == "panzerblitz" ? 10 : 1000)) {
                for (const auto& mode : modes_of(game)) {
                    INFO(game << " " << path.filename().string() << " " << b.name(from) << " -> " << b.name(to) << " mode " << mode);
                    const toml::table t = parse_toml_string(situation(game, b, path.string(), from, to, mode), "marks.toml");
                    const Ruling r = test::engine().rule_on_board(t, "marks.toml", b);
                    REQUIRE(r.board_marks);
                    check_same(*r.board_marks, support.line(b, mode, from, to));
                    CHECK(r.board_marks->firer == from);
                    CHECK(r.board_marks->target == to);
                    ++compared;
                }
            }
            CHECK(compared >= pairs);
        }
    }
}

// ---- Typed places ------------------------------------------------------------------------

TEST_CASE("Board marks: a click's typed places rule as the same hexes written as keys (no text round trip)", "[boards][board-marks]") {
    for (const std::string game : kGames) {
        const view::BoardSupport& support = support_of(game);
        const auto path = support.shipped_boards().front();
        const board::Board b = support.load(path, path.string());
        for (const auto& [from, to] : random_pairs(b, 25, 77, game == "panzerblitz" ? 8 : 1000)) {
            const std::string mode = game == "spi-tank" ? "mixed" : game == "panzer-squadron" ? "NW" : "";
            INFO(game << " " << b.name(from) << " -> " << b.name(to));
            const toml::table keys = parse_toml_string(situation(game, b, path.string(), from, to, mode), "keys.toml");
            const toml::table bare = parse_toml_string(situation(game, b, path.string(), from, to, mode, false), "keys.toml");
            view::Placement place;
            place.firer = from, place.target = to;
            if (game == "spi-tank") place.facing = 0;  // "A"
            if (game == "panzer-squadron") place.facing = 0;  // "NW"
            const Ruling by_keys = test::engine().rule_on_board(keys, "keys.toml", b);
            const Ruling typed = test::engine().rule_on_board(bare, "keys.toml", b, &place);
            CHECK(typed.to_json().dump() == by_keys.to_json().dump());
            REQUIRE(typed.board_marks);
            check_same(*typed.board_marks, *by_keys.board_marks);
        }
    }
}
