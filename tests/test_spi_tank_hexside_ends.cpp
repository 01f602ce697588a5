// TANK! a line that meets an obstructing hexside only at its end (issue 22 item 8).
//
// A hexspine line (one running along hexsides, 10.23) passes through hex centres and corners: at
// each corner where it leaves a hex's centre for a run along a hexside, or ends such a run, the
// hex's two other sides there are met at one end point only. 10.22C speaks of a line intersecting
// a hexside and 10.23 of one running along it; a single end point is neither, exactly as a line
// through a corner (10.2, rules-data line_through_corner). So an obstructing side met so, part of
// neither unit's hex (10.22A), is a referee's call with both readings, on a board and by hand.
//
// Sections
//   helpers       boards from TOML text, the line's verdict, the board ruling
//   Layouts       the berm 0408/E-F, each side alone, the far end, both directions,
//                 all six hexspine directions, a unit's own hex, open mode, a block elsewhere
//   Rulings       on a board and typed by hand with the map hex: flagged, the other reading ruled
//   Random        random boards: the sides met only at an end equal an independent computation,
//                 and the visibility map agrees with line_of_sight on every line
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

const spi_tank::Data& data() { return test::engine().get<spi_tank::SpiTank>()->data(); }

const char* kHead = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";

board::Board board_from(const std::string& text) {
    return board::parse_board(parse_toml_string(std::string(kHead) + text, "ends.toml"), "ends.toml", spi_tank::board_vocabulary(data()));
}

spi_tank::Mode mode_of(const std::string& m) { return m == "closed" ? spi_tank::Mode::closed : m == "open" ? spi_tank::Mode::open : spi_tank::Mode::mixed; }

spi_tank::LineOfSight los(const board::Board& b, const std::string& mode, const std::string& from, const std::string& to) {
    const auto f = b.parse_hex(from), t = b.parse_hex(to);
    REQUIRE(f);
    REQUIRE(t);
    return spi_tank::line_of_sight(b, spi_tank::los_rules(data(), b, mode_of(mode)), *f, *t);
}

// A hexside by one name whichever of its two hexes names it (the lesser of the two names).
std::string canonical(const board::Board& b, const Cube& h, int d) {
    return std::min(b.side_name(h, d), b.side_name(hex::neighbour(h, d), (d + 3) % 6));
}

std::set<std::string> end_sides(const board::Board& b, const spi_tank::LineOfSight& l) {
    std::set<std::string> out;
    for (const auto& e : l.side_ends) out.insert(canonical(b, e.where, e.side));
    return out;
}

// The side name as a board names it (either of its two hexes may be given).
std::string side(const board::Board& b, const std::string& hexside) {
    const auto slash = hexside.find('/');
    const auto h = b.parse_hex(hexside.substr(0, slash));
    const auto d = b.numbering.parse_side(hexside.substr(slash + 1));
    REQUIRE(h);
    REQUIRE(d);
    return canonical(b, *h, *d);
}

std::string board_situation(const std::string& file, const std::string& mode, const std::string& from, const std::string& to) {
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\nboard = \"" + file + "\"\n[firer]\nunit = \"T62\"\nhex = \"" + from +
           "\"\n[target]\nunit = \"M60A2\"\naspect = \"front\"\nhex = \"" + to + "\"\n";
}

}  // namespace

// ---- Layouts ------------------------------------------------------------------------------

TEST_CASE("10.2/10.22C: a hexspine line meeting an obstructing hexside only at its end is a referee's call", "[spi-tank][hexside-ends]") {
    // 0208 -> 0608 runs centre 0208, corner, along 0308|0309, corner, centre 0408, corner, along
    // 0508|0509, corner, centre 0608 (even columns lie half a hex lower). 0408's sides E and F meet at the corner where the line
    // enters its centre; B and C at the corner where it leaves. A and D are not met at all.
    struct Row {
        const char* why;
        const char* terrain;  // [hexsides]
        const char* mode;
        const char* from;
        const char* to;
        std::vector<const char*> ends;  // the obstructing sides met only at an end
        spi_tank::Sight verdict;
    };
    const Row rows[] = {
        {"the issue's berm on 0408/E-F, where the line enters 0408", "berm = [\"0408/E-F\"]", "mixed", "0208", "0608", {"0408/E", "0408/F"}, spi_tank::Sight::referee_call},
        {"the same line the other way", "berm = [\"0408/E-F\"]", "mixed", "0608", "0208", {"0408/E", "0408/F"}, spi_tank::Sight::referee_call},
        {"only E", "berm = [\"0408/E\"]", "closed", "0208", "0608", {"0408/E"}, spi_tank::Sight::referee_call},
        {"only F", "berm = [\"0408/F\"]", "mixed", "0208", "0608", {"0408/F"}, spi_tank::Sight::referee_call},
        {"where the line leaves 0408 for the run along 0508|0509", "slope = [\"0408/B-C\"]", "mixed", "0208", "0608", {"0408/B", "0408/C"}, spi_tank::Sight::referee_call},
        {"a slope obstructs in open mode too (10.6 all modes)", "slope = [\"0408/C\"]", "open", "0208", "0608", {"0408/C"}, spi_tank::Sight::referee_call},
        {"a berm is ignored in open mode (10.61)", "berm = [\"0408/E-F\"]", "open", "0208", "0608", {}, spi_tank::Sight::clear},
        {"A and D of 0408 are not met at all", "berm = [\"0408/A\", \"0408/D\"]", "mixed", "0208", "0608", {}, spi_tank::Sight::clear},
        {"a side of the firer's hex does not block (10.22A)", "berm = [\"0408/B-C\"]", "mixed", "0408", "0808", {}, spi_tank::Sight::clear},
        {"a side of the target's hex does not block (10.22A)", "berm = [\"0608/E-F\"]", "mixed", "0208", "0608", {}, spi_tank::Sight::clear},
        {"a longer line: its middle centres are 0408 and 0608", "berm = [\"0608/F\"]", "mixed", "0208", "0808", {"0608/F"}, spi_tank::Sight::referee_call},
        {"blocked elsewhere (10.23: along the berm 0508/D) stays blocked", "berm = [\"0408/E\", \"0508/D\"]", "mixed", "0208", "0608", {"0408/E"}, spi_tank::Sight::blocked},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        const board::Board b = board_from(std::string("[hexsides]\n") + r.terrain + "\n");
        const spi_tank::LineOfSight l = los(b, r.mode, r.from, r.to);
        REQUIRE(l.trace.hexspine);
        std::set<std::string> want;
        for (const char* s : r.ends) want.insert(side(b, s));
        CHECK(end_sides(b, l) == want);
        CHECK(l.verdict == r.verdict);
        if (r.verdict == spi_tank::Sight::referee_call) CHECK_THAT(l.blocker, Catch::Contains("only at its end"));
        CHECK(l.corners.empty());  // not a corner reading of the other kind
    }
}

TEST_CASE("10.2: every hexspine direction, each side of the middle hex", "[spi-tank][hexside-ends]") {
    // The middle hex H = 0605 and units two hexspine steps away on either side, in all six
    // directions: of H's six sides, the four touching the two corners the line passes are met
    // at an end, the two others not at all.
    const board::Board plain = board_from("");
    const Cube h = *plain.parse_hex("0605");
    int calls = 0;
    for (int k = 0; k < 6; ++k) {
        // A hexspine step: two neighbours' directions k and k+1 added.
        const Cube step = hex::direction(k) + hex::direction((k + 1) % 6);
        const Cube f = h - step - step, t = h + step + step;
        if (!plain.contains(f) || !plain.contains(t)) continue;
        for (int d = 0; d < 6; ++d) {
            INFO("spine " << k << " side " << d);
            board::Board b = plain;
            board::EditHistory e;
            REQUIRE(e.set_side(b, h, d, 0));  // berm (the first hexside feature)
            const auto rules = spi_tank::los_rules(data(), b, spi_tank::Mode::mixed);
            const spi_tank::LineOfSight l = spi_tank::line_of_sight(b, rules, f, t);
            REQUIRE(l.trace.hexspine);
            // The spine from H runs through its corners between directions k, k+1 and k+3, k+4.
            const bool met = d == k || d == (k + 1) % 6 || d == (k + 3) % 6 || d == (k + 4) % 6;
            CHECK(l.side_ends.size() == (met ? 1u : 0u));
            CHECK(l.verdict == (met ? spi_tank::Sight::referee_call : spi_tank::Sight::clear));
            calls += met;
        }
    }
    CHECK(calls > 0);
}

// ---- Rulings ------------------------------------------------------------------------------

TEST_CASE("10.2: on a board and typed by hand, a hexside met only at its end is the referee's call, both readings ruled", "[spi-tank][hexside-ends][rulings]") {
    for (const std::string sides : {"0408/E-F", "0408/E", "0408/C"}) {
        INFO(sides);
        const std::string file = test::temp_file(std::string(kHead) + "[hexsides]\nberm = [\"" + sides + "\"]\n");
        const json::Value v = test::rule_toml(board_situation(file, "mixed", "0208", "0608"));
        CHECK(test::at(v, "referee_call").as_bool());
        CHECK(test::at(v, "los").as_string() == "clear");  // rules-data line_through_corner = "clear"
        REQUIRE(test::at(v, "alternatives").as_array().size() == 1);
        const auto& other = test::at(v, "alternatives").as_array()[0];
        CHECK(test::at(other, "rule").as_string() == "10.2");
        CHECK(test::at(other, "los").as_string() == "blocked");
    }
    // By hand, the side given with its map hex: the same call.
    const std::string hand = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\nhex = \"0208\"\n[target]\nunit = \"M60A2\"\n"
                             "aspect = \"front\"\nhex = \"0608\"\n[line]\nobstacles = [ { terrain = \"berm\", at = \"hexside\", hex = \"0408/E\" } ]\n";
    const json::Value v = test::rule_toml(hand);
    CHECK(test::at(v, "referee_call").as_bool());
    CHECK(test::at(v, "los").as_string() == "clear");
    REQUIRE(test::at(v, "alternatives").as_array().size() == 1);
    CHECK(test::at(test::at(v, "alternatives").as_array()[0], "los").as_string() == "blocked");
    // Without its hex, a berm touching neither unit cannot be placed on this line (it crosses no
    // hexside): bad input asking for the hex, which makes it the call above.
    const std::string no_hex = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\nhex = \"0208\"\n[target]\nunit = \"M60A2\"\n"
                               "aspect = \"front\"\nhex = \"0608\"\n[line]\nobstacles = [ { terrain = \"berm\", at = \"hexside\" } ]\n";
    const std::string f = test::temp_file(no_hex);
    const auto res = test::run_cli("rule " + f);
    CHECK(res.status == 2);
    CHECK(res.err.find("give its hex") != std::string::npos);
}

// ---- Random -------------------------------------------------------------------------------

namespace {

// Independent geometry: three times the axial coordinates of a hex centre, and of the corner of
// h between its directions d and d+1 (the centroid of h and those two neighbours).
struct P { long long q, r; };
P centre3(const Cube& h) { return {3LL * h.q, 3LL * h.r}; }
P corner3(const Cube& h, int d) {
    const Cube a = hex::neighbour(h, d), c = hex::neighbour(h, (d + 1) % 6);
    return {0LL + h.q + a.q + c.q, 0LL + h.r + a.r + c.r};
}
// Strictly inside the segment f-t (collinear, 0 < t < 1).
bool inside(const P& p, const P& f, const P& t) {
    const long long dx = t.q - f.q, dy = t.r - f.r, px = p.q - f.q, py = p.r - f.r;
    if (dx * py - dy * px != 0) return false;
    const long long dot = px * dx + py * dy;
    return dot > 0 && dot < dx * dx + dy * dy;
}

}  // namespace

TEST_CASE("10.2 random boards: the sides met only at an end equal an independent computation, and the scan agrees", "[spi-tank][hexside-ends][properties]") {
    std::mt19937 rng(22008);
    for (int round = 0; round < 12; ++round) {
        board::Board b = board_from("[hexes]\nwoods = [\"0101\"]\n");
        board::EditHistory e;
        std::uniform_int_distribution<int> col(1, b.columns), row(1, b.rows), dir(0, 5), feat(0, 1);
        for (int k = 0; k < 30; ++k) e.set_side(b, b.numbering.to_cube(col(rng), row(rng)), dir(rng), feat(rng));
        const spi_tank::Mode mode = round % 3 == 0 ? spi_tank::Mode::open : spi_tank::Mode::mixed;
        const auto rules = spi_tank::los_rules(data(), b, mode);
        std::vector<spi_tank::VisibilityCell> cells;
        int lines = 0, with_ends = 0;
        for (int from = 0; from < b.hex_count(); from += 7) {
            const Cube f = b.hex_at(from);
            spi_tank::visibility(b, rules, f, cells);
            for (int to = 0; to < b.hex_count(); ++to) {
                const Cube t = b.hex_at(to);
                const Cube D = t - f;
                const bool spine = (D.q == D.r || D.r == D.s || D.s == D.q) && !(D == Cube{0, 0, 0});
                if (!spine) continue;
                const spi_tank::LineOfSight l = spi_tank::line_of_sight(b, rules, f, t);
                INFO(b.name(f) << " -> " << b.name(t));
                // Expected: every obstructing side with exactly one end strictly inside the line,
                // part of neither unit's hex.
                std::set<std::string> want;
                for (int i = 0; i < b.hex_count(); ++i) {
                    const Cube h = b.hex_at(i);
                    for (int d = 0; d < 6; ++d) {
                        const board::SideFeature* sf = b.side(h, d);
                        if (!sf || !rules.side_obstructs[std::size_t(sf->feature)]) continue;
                        const Cube n = hex::neighbour(h, d);
                        if (h == f || h == t || n == f || n == t) continue;
                        const int ends = int(inside(corner3(h, (d + 5) % 6), centre3(f), centre3(t))) + int(inside(corner3(h, d), centre3(f), centre3(t)));
                        if (ends == 1) want.insert(canonical(b, h, d));
                    }
                }
                CHECK(end_sides(b, l) == want);
                CHECK(cells[std::size_t(to)].sight == l.verdict);
                ++lines;
                with_ends += !want.empty();
            }
        }
        CHECK(lines > 50);
        if (mode == spi_tank::Mode::mixed) CHECK(with_ends > 0);
    }
}
