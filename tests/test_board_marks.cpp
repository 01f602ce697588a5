// One way from a click to a ruling (issue 21; board/marks.hpp, docs/boards.md "What the board view
// shows"): a ruling on a board carries what it traced, built from the very trace it ruled by, and
// a click's places reach it typed.
//
// (When the marks moved into the ruling, a test compared them field by field with the old
// BoardSupport::line() on every shipped board for many random pairs and found them equal; line()
// is gone, and these properties stand in for that comparison.)
//
// Sections
//   helpers        the three games with boards, random pairs, marks compared field by field, the
//                  ruling's own verdict as a mark, what the games' traces meet
//   Properties     every shipped board, random pairs: the marks join the firer and the target,
//                  every mark lies on the traced line(s), the verdict mark is the ruling's
//   Typed places   a ruling given view::Placement is the ruling of the same hexes written as keys
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board_marks_support.hpp"
#include "games/panzer_squadron/board.hpp"
#include "geometry/hex.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

// ---- helpers -----------------------------------------------------------------------------

const char* const kGames[] = {"spi-tank", "panzerblitz", "panzer-squadron"};

const view::BoardSupport& support_of(const std::string& game) {
    const view::BoardSupport* s = test::engine().find(game)->board_support();
    REQUIRE(s);
    return *s;
}

// The choices a line depends on besides the board: TANK!'s terrain modes, Panzer Squadron's
// target facing (none, or a point).
std::vector<std::string> modes_of(const std::string& game) {
    if (game == "spi-tank") return {"closed", "mixed", "open"};
    if (game == "panzer-squadron") return {"", "NW", "E"};
    return {""};
}

// Random pairs of distinct hexes of `b` at most `max_range` apart.
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

std::string describe(const view::BoardPoint& p) { return std::to_string(p.hex.q) + "," + std::to_string(p.hex.r) + "@" + std::to_string(p.corner); }

// Every field of two sets of marks, in order.
void check_same(const view::BoardMarks& a, const view::BoardMarks& b) {
    CHECK(a.firer == b.firer);
    CHECK(a.target == b.target);
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

// The verdict mark is the ruling's own line of sight (its JSON). TANK!: `los` blocked is blocking,
// clear is clear, and a corner whose two readings differ (a referee's call) leaves the ruling a
// referee's call with `los` one of the two (its other points may be calls too, so only these
// implications hold). PanzerBlitz: the deciding route is the ruling, so its `los` and referee_call
// give the mark exactly. Panzer Squadron: a referee's call, else the obstacle bonus (hindering), else clear.
void check_verdict(const std::string& game, const view::Mark verdict, const Ruling& r) {
    const json::Value j = r.to_json();
    if (game == "panzer-squadron") {
        CHECK(verdict == (r.referee_call ? view::Mark::referee_call : test::at(j, "obstacle_bonus").as_bool() ? view::Mark::hindering : view::Mark::clear));
        return;
    }
    const bool blocked = test::at(j, "los").as_string() == "blocked";
    if (game == "panzerblitz") {
        CHECK(verdict == (r.referee_call ? view::Mark::referee_call : blocked ? view::Mark::blocking : view::Mark::clear));
        return;
    }
    if (verdict == view::Mark::blocking) CHECK(blocked);
    if (verdict == view::Mark::clear) CHECK_FALSE(blocked);
    if (verdict == view::Mark::referee_call) CHECK(r.referee_call);
    CHECK((verdict == view::Mark::blocking || verdict == view::Mark::clear || verdict == view::Mark::referee_call));
}

using SideKey = std::pair<Cube, Cube>;  // the two hexes of a hexside, ordered
SideKey side_key(const Cube& h, int d) { return std::minmax(h, hex::neighbour(h, d)); }

// What the game's trace meets between the marks' firer and target: hexes and hexsides (TANK!: the
// centre-to-centre line; PanzerBlitz: every route listed, and the sides between its steps; Panzer
// Squadron: each line drawn, traced to its point).
struct Met {
    std::set<Cube> hexes;
    std::set<SideKey> sides;
};
Met met_by(const std::string& game, const board::Board& b, const view::BoardMarks& m) {
    Met out;
    if (game == "spi-tank") {  // and the three hexsides meeting at a corner the line passes through
        const hex::Trace t = hex::trace_line(m.firer, m.target);
        for (const auto& h : t.hexes) out.hexes.insert(h.hex);
        for (const auto& s : t.sides) out.sides.insert(side_key(s.hex, s.side));
        for (const auto& v : t.vertices)
            for (const auto& x : v.hexes)
                for (const auto& y : v.hexes)
                    if (hex::distance(x, y) == 1) out.sides.insert(std::minmax(x, y));
    } else if (game == "panzerblitz") {
        for (const auto& l : m.lines) {
            for (std::size_t i = 0; i < l.route.size(); ++i) {
                out.hexes.insert(l.route[i]);
                if (i > 0) out.sides.insert(std::minmax(l.route[i - 1], l.route[i]));
            }
            if (l.route.empty()) {  // the centre line itself (a referee's call, issue 22 item 7): what it crosses
                const hex::Trace t = hex::trace_line(l.from.hex, l.to.hex);
                for (const auto& h : t.hexes) out.hexes.insert(h.hex);
                for (const auto& sd : t.sides) out.sides.insert(side_key(sd.hex, sd.side));
            }
        }
    } else {
        namespace ps = panzer_squadron;
        for (const auto& l : m.lines) {
            ps::SegmentTrace t;
            ps::trace_segment(b, ps::centre_point(l.from.hex), ps::corner_point(l.to.hex, l.to.corner), ps::Sides::all_sides, t);
            for (const auto& h : t.hexes) out.hexes.insert(h.hex);
            for (const auto& s : t.sides) out.sides.insert(side_key(s.hex, s.side));
        }
    }
    return out;
}

// The properties of one ruling's marks (see the test case below).
void check_properties(const std::string& game, const board::Board& b, const Cube& from, const Cube& to, const Ruling& r) {
    REQUIRE(r.board_marks);
    const view::BoardMarks& m = *r.board_marks;
    CHECK(m.firer == from);
    CHECK(m.target == to);
    REQUIRE_FALSE(m.lines.empty());
    int deciding = 0;
    for (const auto& l : m.lines) {
        deciding += l.decides;
        if (l.route.empty()) {  // a segment from the firer's centre to the target (its centre or one of its points)
            CHECK(l.from.hex == from);
            CHECK(l.from.corner == -1);
            CHECK(l.to.hex == to);
        } else {  // a route: the firer's hex to the target's, each step to a neighbour
            CHECK(l.route.front() == from);
            CHECK(l.route.back() == to);
            CHECK(int(l.route.size()) == hex::distance(from, to) + 1);
            for (std::size_t i = 1; i < l.route.size(); ++i) CHECK(hex::distance(l.route[i - 1], l.route[i]) == 1);
        }
    }
    CHECK(deciding >= 1);
    check_verdict(game, m.verdict, r);
    const Met met = met_by(game, b, m);
    for (const auto& h : m.hexes) {
        INFO("hex mark " << b.name(h.hex) << ": " << h.text);
        CHECK(met.hexes.count(h.hex));
        CHECK_FALSE(h.text.empty());
        CHECK(h.mark != view::Mark::none);
    }
    for (const auto& s : m.sides) {
        INFO("hexside mark " << b.side_name(s.hex, s.side) << ": " << s.text);
        CHECK(met.sides.count(side_key(s.hex, s.side)));
        CHECK_FALSE(s.text.empty());
        CHECK(s.mark != view::Mark::none);
    }
}

}  // namespace

// ---- Properties --------------------------------------------------------------------------

TEST_CASE("Board marks: a ruling on a board carries the line it traced, joining its units, every mark on it (every shipped board)",
          "[boards][board-marks]") {
    for (const std::string game : kGames) {
        const view::BoardSupport& support = support_of(game);
        REQUIRE_FALSE(support.shipped_boards().empty());
        for (const auto& path : support.shipped_boards()) {
            const board::Board b = support.load(path, path.string());
            const int pairs = game == "panzerblitz" ? 40 : 120;
            int checked = 0;
            for (const auto& [from, to] : random_pairs(b, pairs, 2104, game == "panzerblitz" ? 10 : 1000)) {
                for (const auto& mode : modes_of(game)) {
                    INFO(game << " " << path.filename().string() << " " << b.name(from) << " -> " << b.name(to) << " mode " << mode);
                    check_properties(game, b, from, to, test::ruled_on_board(game, b, from, to, mode));
                    ++checked;
                }
            }
            CHECK(checked >= pairs);
        }
    }
}

TEST_CASE("Board marks: a ruling without a board, or without both units on it, carries none", "[boards][board-marks]") {
    CHECK_FALSE(test::rule_ruling("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\n"
                                  "aspect = \"front\"\n[line]\nrange = 5\n")
                    .board_marks);
    // Panzer Squadron's movement on a board places its tank, and traces no line of fire.
    CHECK_FALSE(test::rule_ruling("system = \"panzer-squadron\"\nquestion = \"movement\"\nboard = \"" + std::string(UMPIRE_SOURCE_DIR) +
                                  "/boards/ps-test-small.toml\"\n[tank]\nhex = \"0303\"\nfacing = \"NW\"\ndice = [3]\nsteps = []\n")
                    .board_marks);
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
            const toml::table keys = parse_toml_string(test::board_situation(game, b, from, to, mode), "keys.toml");
            const toml::table bare = parse_toml_string(test::board_situation(game, b, from, to, mode, false), "keys.toml");
            view::Placement place;
            place.firer = from, place.target = to;
            if (game != "panzerblitz") place.facing = 0;  // TANK!'s hexside "A", Panzer Squadron's point "NW"
            const Ruling by_keys = test::engine().rule_on_board(keys, "keys.toml", b);
            const Ruling typed = test::engine().rule_on_board(bare, "keys.toml", b, &place);
            CHECK(typed.to_json().dump() == by_keys.to_json().dump());
            REQUIRE(typed.board_marks);
            check_same(*typed.board_marks, *by_keys.board_marks);
        }
    }
}

TEST_CASE("Board marks: a typed place stands in for its key, and a key it leaves out is still read", "[boards][board-marks]") {
    const view::BoardSupport& support = support_of("spi-tank");
    const board::Board b = support.load(std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml", "test-small.toml");
    const Cube f = *b.parse_hex("0302"), t = *b.parse_hex("0308"), elsewhere = *b.parse_hex("0902");
    // The text says 0902 for the target; the placement puts it in 0308: the placement wins.
    const toml::table text = parse_toml_string(test::board_situation("spi-tank", b, f, elsewhere, "mixed"), "keys.toml");
    view::Placement place;
    place.target = t;
    const Ruling r = test::engine().rule_on_board(text, "keys.toml", b, &place);
    CHECK(test::at(test::at(r.to_json(), "position"), "firer_hex").as_string() == "0302");  // read from its key
    CHECK(test::at(test::at(r.to_json(), "position"), "target_hex").as_string() == "0308");  // the placement's
    CHECK(test::at(r.to_json(), "los").as_string() == "blocked");                            // the woods in 0305 (10.22D)
    REQUIRE(r.board_marks);
    CHECK(r.board_marks->target == t);
    // A placed unit off the board is bad input like a typed one, located on its key.
    // (Board::parse_hex refuses a hex off the board; the numbering alone places it.)
    const auto off = b.numbering.parse("0399");
    REQUIRE(off);
    REQUIRE_FALSE(b.contains(*off));
    place.target = *off;
    try {
        test::engine().rule_on_board(text, "keys.toml", b, &place);
        FAIL("a target off the board was accepted");
    } catch (const InputError& e) {
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("keys.toml:"));
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("is off the board"));
    }
}
