// Boards (src/board/board.hpp) and TANK! line of sight on them (src/games/spi_tank/board.hpp).
//
// Sections
//   helpers         a board from TOML text; the shipped boards
//   Loading         shorthand (runs, areas, columns, rows, hexside lists and paths), sample boards
//   Bad boards      each problem reported once, located FILE:LINE:COL
//   Rule cases      10.22 A-D, 10.23, 10.24, 10.5, 10.61 and a corner, each on a small board
//   Properties      range = hex distance (breadth-first count); the fast visibility scan equals
//                   the full line_of_sight on every hex; A->B and B->A agree
//   CLI             board check, los, visibility (one hex; --all written atomically, failed writes)
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <deque>
#include <filesystem>
#include <random>
#include <string>

#include "board/board.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

const spi_tank::Data& data() { return test::engine().get<spi_tank::SpiTank>()->data(); }

board::Board board_from(const std::string& text, const std::string& name = "board.toml") {
    return board::parse_board(parse_toml_string(text, name), name, spi_tank::board_vocabulary(data()));
}

std::string board_dir() { return std::string(UMPIRE_SOURCE_DIR) + "/boards/"; }

board::Board shipped(const std::string& file) {
    return board::load_board(board_dir() + file, file, spi_tank::board_vocabulary(data()));
}

spi_tank::Mode mode_of(const std::string& m) { return m == "closed" ? spi_tank::Mode::closed : m == "open" ? spi_tank::Mode::open : spi_tank::Mode::mixed; }

spi_tank::LineOfSight los(const board::Board& b, const std::string& mode, const std::string& from, const std::string& to) {
    auto f = b.parse_hex(from), t = b.parse_hex(to);
    REQUIRE(f);
    REQUIRE(t);
    return spi_tank::line_of_sight(b, spi_tank::los_rules(data(), b, mode_of(mode)), *f, *t);
}

// The one diagnostic a bad board gives, as "LINE:COL: message".
std::string only_error(const std::string& text) {
    try {
        board_from(text);
    } catch (const InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        const auto& d = e.diagnostics()[0];
        return std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message;
    }
    FAIL("the board was accepted");
    return {};
}

const char* kHead = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";

}  // namespace

// ---- Loading ------------------------------------------------------------------------------

TEST_CASE("Boards: hex shorthand names the right hexes", "[boards]") {
    const board::Board b = board_from(kHead);
    struct Row { const char* text; std::vector<std::string> hexes; };
    const Row rows[] = {
        {"0305", {"0305"}},
        {"0101-0104", {"0101", "0102", "0103", "0104"}},        // a run down a column
        {"0207-0507", {"0207", "0307", "0407", "0507"}},        // along one row number
        {"0305..0406", {"0305", "0306", "0405", "0406"}},       // the rectangle of columns 3-4, rows 5-6
        {"0406..0305", {"0305", "0306", "0405", "0406"}},       // corners in either order
        {"column 12", {"1201", "1202", "1203", "1204", "1205", "1206", "1207", "1208", "1209", "1210"}},
        {" row 3 ", {"0103", "0203", "0303", "0403", "0503", "0603", "0703", "0803", "0903", "1003", "1103", "1203"}},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        const board::Expanded e = board::expand_hexes(b, r.text);
        REQUIRE(e.error.empty());
        std::vector<std::string> got;
        for (const auto& h : e.hexes) got.push_back(b.name(h));
        CHECK(got == r.hexes);
    }
}

TEST_CASE("Boards: hexside shorthand names sides of one hex or the sides along a path", "[boards]") {
    const board::Board b = board_from(kHead);
    auto names = [&](const std::string& text) {
        const board::ExpandedSides e = board::expand_hexsides(b, text);
        REQUIRE(e.error.empty());
        std::vector<std::string> out;
        for (const auto& [h, d] : e.sides) out.push_back(b.side_name(h, d));
        return out;
    };
    CHECK(names("1204/B-C-D") == std::vector<std::string>{"1204/B", "1204/C", "1204/D"});
    // 9.13's plot: 4007 -A-> 4006 -F-> 3906 on a bigger numbering; here 0607 -A-> 0606 -F-> 0506.
    CHECK(names("0607>0606>0506") == std::vector<std::string>{"0607/A", "0606/F"});
}

// A board keeps a record only for the hexsides something was set on (issue 21, point 6): reading a
// slot never makes one, so a ruling reading a board touches a small table.
TEST_CASE("Boards: the hexside table keeps records only for hexsides set", "[boards]") {
    umpire::board::SideTable t;
    t.assign(9384);  // the 66 x 44 board's slots
    CHECK(t.size() == 9384);
    CHECK(t.records().empty());
    CHECK(t[17].feature == -1);
    CHECK(t[17].suggested == umpire::board::suggestion::none);
    CHECK(t.records().empty());  // reading made nothing
    t.edit(17).feature = 2;
    t.edit(9000).sloped = umpire::hex::Cube{1, -1, 0};
    CHECK(&t.edit(17) == &t[17]);  // the same record again, not a second one
    CHECK(t.records().size() == 2);
    CHECK(t[17].feature == 2);
    CHECK(t[9000].feature == -1);
    CHECK(t[9000].sloped == umpire::hex::Cube{1, -1, 0});
    CHECK(t[18].feature == -1);
    t.assign(10);  // a new board: every slot empty again
    CHECK(t.size() == 10);
    CHECK(t.records().empty());
    CHECK(t[5].feature == -1);
}

TEST_CASE("Boards: the small test board loads with its features", "[boards]") {
    const board::Board b = shipped("test-small.toml");
    CHECK(b.sample);
    CHECK(b.columns == 12);
    CHECK(b.rows == 10);
    CHECK(b.terrain(*b.parse_hex("0305")) == "woods");
    CHECK(b.terrain(*b.parse_hex("1102")) == "woods");
    CHECK(b.terrain(*b.parse_hex("0208")) == "rough");
    // 8.62: wrecks are the second per-hex layer, on the hex's ground.
    CHECK(b.terrain(*b.parse_hex("0408")) == "clear");
    for (const char* h : {"0408", "0209", "1202"}) CHECK(b.vocabulary.hex_features.at(std::size_t(b.hex_feature(*b.parse_hex(h)))) == "wreck");
    CHECK(b.terrain(*b.parse_hex("1202")) == "woods");
    CHECK(b.hex_feature(*b.parse_hex("0305")) == -1);
    CHECK(b.terrain(*b.parse_hex("0101")) == "clear");
    const Cube h0505 = *b.parse_hex("0505"), h0506 = *b.parse_hex("0506");
    REQUIRE(b.side(h0505, 3));
    CHECK(b.vocabulary.hexside_features[std::size_t(b.side(h0505, 3)->feature)] == "berm");
    REQUIRE(b.side(h0506, 0));  // the same hexside named from the other hex
    CHECK(b.side(h0506, 0) == b.side(h0505, 3));
    const auto* slope = b.side(*b.parse_hex("0809"), 0);
    REQUIRE(slope);
    CHECK(slope->sloped == *b.parse_hex("0809"));
    CHECK(b.side(*b.parse_hex("1106"), 3));  // from the path 1105>1106>1107
}

TEST_CASE("Boards: the full-size sample board loads (66 x 44, sample terrain)", "[boards]") {
    const board::Board b = shipped("sample-66x44.toml");
    CHECK(b.sample);
    CHECK(b.hex_count() == 66 * 44);
    int woods = 0, sides = 0;
    for (auto t : b.terrain_of) woods += b.vocabulary.hex_terrain[t] == "woods";
    for (const auto& s : b.sides_of.records()) sides += s.feature >= 0;
    CHECK(woods > 100);
    CHECK(sides > 60);
}

// ---- Bad boards ---------------------------------------------------------------------------

TEST_CASE("Boards: bad boards give one located error each", "[boards][bad-input]") {
    struct Row { std::string text; const char* where_and_what; };
    const std::string h = kHead;
    const Row rows[] = {
        {h + "[hexes]\nwoods = [\"0311\"]\n", "5:11: hexes.woods: hex 0311 is off the board"},
        {h + "[hexes]\nwoods = [\"0101-1399\"]\n", "5:16: hexes.woods: hex 1399 is off the board"},
        {h + "[hexes]\nforest = [\"0101\"]\n", "5:10: hexes.forest: unknown terrain"},
        {h + "[hexes]\nberm = [\"0101\"]\n", "5:8: hexes.berm: unknown terrain"},
        {h + "[hexes]\nwoods = [\"0101-0303\"]\n", "5:11: hexes.woods: a run 'A-B' needs A and B in the same column or the same row"},
        {h + "[hexes]\nwoods = [\"0101..0202\"]\nrough = [\"0202\"]\n", "6:10: hexes.rough: hex 0202 is already woods (line 5, column 10)"},
        {h + "[hexsides]\nberm = [\"0101/B\"]\nslope = [\"0101/B\"]\n", "6:10: hexsides.slope: hexside 0101/B is already berm (line 5, column 9)"},
        {h + "[hexsides]\nslope = [\"0202/A\", \"0201/D\"]\n", "5:20: hexsides.slope: hexside 0201/D is already slope sloped towards 0202"},
        {h + "[hexsides]\nberm = [\"0202/G\"]\n", "5:15: hexsides.berm: 'G' is not a hexside name"},
        {h + "[hexsides]\nberm = [\"0202>0404\"]\n", "5:15: hexsides.berm: hexes 0202 and 0404 are not adjacent"},
        {h + "[hexsides]\nslope = [\"0202>0203\"]\n", "5:11: hexsides.slope: a slope has a sloped side (10.5)"},
        {h + "[hexsides]\nwoods = [\"0202/A\"]\n", "5:9: hexsides.woods: unknown hexside feature"},
        {"system = \"spi-tank\"\ncolumns = 100\nrows = 10\n", "2:11: columns: 100 columns do not fit 2-digit column numbers"},
        {"system = \"spi-tank\"\ncolumns = 12\n", "rows"},
        {"system = \"panzerblitz\"\ncolumns = 12\nrows = 10\n", "1:10: system"},
        {h + "colour = \"green\"\n", "colour"},
        {h + "[hexes]\nwoods = \"0101\"\n", "5:9: hexes.woods: expected an array"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        const std::string e = only_error(r.text);
        CHECK_THAT(e, Catch::Contains(r.where_and_what));
    }
}

// ---- Rule cases -----------------------------------------------------------------------------

TEST_CASE("Board line of sight: rule cases 10.22 A-D, 10.23, 10.24, 10.5, 10.61", "[boards][los]") {
    const board::Board b = shipped("test-small.toml");
    struct Row {
        const char* rule;
        const char* mode;
        const char* from;
        const char* to;
        spi_tank::Sight verdict;
        const char* says;  // an item's text (or the blocker)
    };
    const Row rows[] = {
        {"10.22D", "mixed", "0302", "0308", spi_tank::Sight::blocked, "woods in 0305 blocks (10.22D)"},
        {"10.22D", "closed", "0302", "0308", spi_tank::Sight::blocked, "woods in 0305 blocks (10.22D)"},
        {"10.22B", "mixed", "0305", "0309", spi_tank::Sight::clear, "woods in 0305 holds the firer, so it does not block (10.22B)"},
        {"10.22B", "mixed", "0301", "0305", spi_tank::Sight::clear, "woods in 0305 holds the target, so it does not block (10.22B)"},
        {"10.22C", "mixed", "0502", "0509", spi_tank::Sight::blocked, "berm on 0505/D (between 0505 and 0506) blocks (10.22C)"},
        {"10.22A", "mixed", "0505", "0509", spi_tank::Sight::clear, "is a side of the firer's hex, so it does not block (10.22A)"},
        {"10.22A", "mixed", "0502", "0506", spi_tank::Sight::clear, "is a side of the target's hex, so it does not block (10.22A)"},
        {"10.23", "mixed", "0802", "1002", spi_tank::Sight::blocked, "the berm hexside there blocks (10.23)"},
        {"10.23", "mixed", "0903", "1001", spi_tank::Sight::blocked, "runs along 0902/C (between 0902 and 1002), clear in 0902 and clear in 1002: the berm hexside there blocks (10.23)"},
        {"10.24", "mixed", "0705", "0803", spi_tank::Sight::blocked, "a side of the woods hex 0704 blocks in mixed mode (10.24)"},
        {"10.24", "closed", "0803", "0705", spi_tank::Sight::blocked, "a side of the woods hex 0704 blocks in closed mode (10.24)"},
        {"10.61", "open", "0705", "0803", spi_tank::Sight::clear, "nothing there obstructs"},
        {"10.61", "open", "0302", "0308", spi_tank::Sight::clear, "woods in 0305 does not obstruct: open mode treats woods as clear terrain (10.61)"},
        {"10.61", "open", "0502", "0509", spi_tank::Sight::clear, "berm on 0505/D (between 0505 and 0506) does not obstruct: open mode treats berm as clear terrain (10.61)"},
    };
    for (const Row& r : rows) {
        INFO(r.rule << " " << r.mode << " " << r.from << " -> " << r.to);
        const spi_tank::LineOfSight l = los(b, r.mode, r.from, r.to);
        CHECK(l.verdict == r.verdict);
        std::string all = l.blocker;
        for (const auto& it : l.items) all += "\n" + it.text;
        CHECK_THAT(all, Catch::Contains(r.says));
        // The other way round gives the same verdict (10.22 treats the two units alike).
        CHECK(los(b, r.mode, r.to, r.from).verdict == r.verdict);
    }
}

TEST_CASE("Board line of sight: 10.23 names both hexes beside a hexside the line runs along", "[boards][los]") {
    const board::Board b = shipped("test-small.toml");
    const spi_tank::LineOfSight l = los(b, "mixed", "0705", "0803");
    REQUIRE(l.trace.hexspine);
    const spi_tank::LosItem* along = nullptr;
    for (const auto& it : l.items)
        if (it.kind == spi_tank::LosItem::along) along = &it;
    REQUIRE(along);
    CHECK(b.side_name(along->where, along->side) == "0704/C");
    CHECK(along->beside[0] == "woods");
    CHECK(along->beside[1] == "clear");
    CHECK_THAT(along->text, Catch::Contains("between 0704 and 0804"));
}

TEST_CASE("Board line of sight: 10.5 and 10.61 — the side of the target's hex the fire comes through", "[boards][los]") {
    const board::Board b = shipped("test-small.toml");
    // Down column 8, fire enters 0809 through its side A: a slope with 0809 on the sloped side.
    spi_tank::LineOfSight l = los(b, "mixed", "0802", "0809");
    REQUIRE(l.target_entry_sides == std::vector<int>{0});
    const auto* f = b.side(l.target, 0);
    REQUIRE(f);
    CHECK(f->sloped == l.target);  // 10.5: the target is on the sloped side
    CHECK(l.verdict == spi_tank::Sight::clear);  // 10.22A: a side of the target's hex
    const auto j = spi_tank::los_json(b, l);
    const json::Value v(j);
    const auto& entry = test::at(v, "target_entry_sides").as_array();
    REQUIRE(entry.size() == 1);
    CHECK(test::at(entry[0], "feature").as_string() == "slope");
    CHECK(test::at(entry[0], "target_on_sloped_side").as_bool());
    // 1009 behind the slope 1008/D, whose sloped side is 1008: the target is on the unsloped side.
    l = los(b, "mixed", "1004", "1009");
    REQUIRE(l.target_entry_sides == std::vector<int>{0});
    CHECK(!(b.side(l.target, 0)->sloped == l.target));
    // The berm 0505/D seen from 0502 by a target in 0506: fire comes through the berm side (10.61).
    l = los(b, "mixed", "0502", "0506");
    REQUIRE(l.target_entry_sides == std::vector<int>{0});
    CHECK(b.vocabulary.hexside_features[std::size_t(b.side(l.target, 0)->feature)] == "berm");
}

TEST_CASE("Board line of sight: a line exactly through a corner is a referee's call with both readings", "[boards][los]") {
    // 0205 -> 0608 passes exactly through corners (D = (4, 1, -5), (Dq - Dr) divisible by 3).
    board::Board b = board_from(std::string(kHead));
    const Cube from = *b.parse_hex("0205"), to = *b.parse_hex("0608");
    const hex::Trace t = hex::trace_line(from, to);
    REQUIRE(!t.hexspine);
    REQUIRE(!t.vertices.empty());
    const auto& v = t.vertices.front();
    // Woods in the hex that only touches the corner: blocks if the line is read through it.
    const std::string text = std::string(kHead) + "[hexes]\nwoods = [\"" + b.name(v.hexes[1]) + "\"]\n";
    b = board_from(text);
    spi_tank::LineOfSight l = los(b, "mixed", "0205", "0608");
    CHECK(l.verdict == spi_tank::Sight::referee_call);
    REQUIRE(!l.corners.empty());
    CHECK(l.corners.front().through_blocks);
    CHECK(!l.corners.front().past_blocks);
    CHECK_THAT(l.blocker, Catch::Contains("the rules are silent"));
    CHECK_THAT(l.blocker, Catch::Contains(b.name(v.hexes[1])));
    // In open mode nothing obstructs either way: clear.
    CHECK(los(b, "open", "0205", "0608").verdict == spi_tank::Sight::clear);
}

// ---- Properties -------------------------------------------------------------------------------

TEST_CASE("Board line of sight: range equals the hex distance counted step by step", "[boards][properties]") {
    const board::Board b = shipped("sample-66x44.toml");
    const auto rules = spi_tank::los_rules(data(), b, spi_tank::Mode::mixed);
    std::mt19937 rng(8);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1);
    for (int n = 0; n < 20; ++n) {
        const Cube from = b.hex_at(pick(rng));
        // Breadth-first steps over neighbours (no formula), over the whole board.
        std::vector<int> dist(std::size_t(b.hex_count()), -1);
        std::deque<Cube> q{from};
        dist[std::size_t(b.index(from))] = 0;
        while (!q.empty()) {
            const Cube h = q.front();
            q.pop_front();
            for (int d = 0; d < 6; ++d) {
                const Cube nb = hex::neighbour(h, d);
                const int i = b.index(nb);
                if (i < 0 || dist[std::size_t(i)] >= 0) continue;
                dist[std::size_t(i)] = dist[std::size_t(b.index(h))] + 1;
                q.push_back(nb);
            }
        }
        for (int k = 0; k < 50; ++k) {
            const int i = pick(rng);
            CHECK(spi_tank::line_of_sight(b, rules, from, b.hex_at(i)).range == dist[std::size_t(i)]);
        }
    }
}

TEST_CASE("Board visibility: the fast scan agrees with line_of_sight on every hex, both ways", "[boards][properties]") {
    const board::Board b = shipped("sample-66x44.toml");
    for (const char* m : {"mixed", "open"}) {
        const auto rules = spi_tank::los_rules(data(), b, mode_of(m));
        std::vector<spi_tank::VisibilityCell> cells;
        int counts[3] = {0, 0, 0};
        for (const char* from : {"3322", "0101", "6644", "1510"}) {
            const Cube f = *b.parse_hex(from);
            spi_tank::visibility(b, rules, f, cells);
            REQUIRE(int(cells.size()) == b.hex_count());
            for (int i = 0; i < b.hex_count(); ++i) {
                const Cube t = b.hex_at(i);
                const spi_tank::LineOfSight l = spi_tank::line_of_sight(b, rules, f, t);
                INFO(m << " " << from << " -> " << b.name(t) << ": " << l.blocker);
                REQUIRE(cells[std::size_t(i)].sight == l.verdict);
                REQUIRE(spi_tank::line_of_sight(b, rules, t, f).verdict == l.verdict);
                ++counts[int(l.verdict)];
            }
        }
        if (std::string(m) == "mixed") {
            CHECK(counts[0] > 100);  // the sample board has clear lines, blocked lines and corners
            CHECK(counts[1] > 100);
            CHECK(counts[2] > 0);
        } else {
            CHECK(counts[1] > 0);  // slopes still obstruct in open mode
        }
    }
}

TEST_CASE("Board visibility: all pairs equal one-hex maps, on 1 and 2 threads", "[boards][properties]") {
    const board::Board b = shipped("test-small.toml");
    const auto rules = spi_tank::los_rules(data(), b, spi_tank::Mode::mixed);
    const auto one = spi_tank::visibility_all(b, rules, 1), two = spi_tank::visibility_all(b, rules, 2);
    CHECK(one == two);
    std::vector<spi_tank::VisibilityCell> cells;
    const int n = b.hex_count();
    for (int i = 0; i < n; ++i) {
        spi_tank::visibility(b, rules, b.hex_at(i), cells);
        for (int k = 0; k < n; ++k) REQUIRE(one[std::size_t(i * n + k)] == cells[std::size_t(k)].sight);
    }
}

// ---- Rulings from a board -------------------------------------------------------------------

namespace {

std::string board_path(const std::string& file) { return board_dir() + file; }

// A TANK! situation on the test board (absolute board path, so the text can be ruled from anywhere).
std::string board_situation(const std::string& mode, const std::string& from, const std::string& to, const std::string& extra_target = "",
                            const std::string& extra = "") {
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\nboard = \"" + board_path("test-small.toml") + "\"\n" + extra +
           "[firer]\nunit = \"T62\"\nhex = \"" + from + "\"\n[target]\nunit = \"M60A2\"\nhex = \"" + to + "\"\nfacing = \"A\"\n" + extra_target;
}

// The same geometry entered by hand: hexes and the obstacles the referee would type.
std::string hand_situation(const std::string& mode, const std::string& from, const std::string& to, const std::string& target_keys,
                           const std::string& obstacles) {
    return "system = \"spi-tank\"\nterrain_mode = \"" + mode + "\"\n[firer]\nunit = \"T62\"\nhex = \"" + from + "\"\n[target]\nunit = \"M60A2\"\nhex = \"" +
           to + "\"\nfacing = \"A\"\n" + target_keys + "[line]\nobstacles = [" + obstacles + "]\n";
}

std::string board_error(const std::string& text) {
    try {
        test::rule_ruling(text);
    } catch (const InputError& e) {
        return e.what();
    }
    FAIL("the situation was accepted");
    return {};
}

}  // namespace

TEST_CASE("Board rulings equal the hand-entered rulings for the same geometry", "[boards][rulings]") {
    struct Row {
        const char* rule;
        const char* mode;
        const char* from;
        const char* to;
        const char* target_keys;  // what the referee types about the target's hex
        const char* obstacles;    // and the line
    };
    const Row rows[] = {
        {"10.22D", "mixed", "0302", "0308", "", "{ terrain = \"woods\", at = \"hex\", hex = \"0305\" }"},
        {"10.22B", "mixed", "0305", "0309", "", "{ terrain = \"woods\", at = \"hex\", hex = \"0305\", touches = \"firer\" }"},
        {"10.22B", "closed", "0301", "0305", "terrain = \"woods\"\n", "{ terrain = \"woods\", at = \"hex\", hex = \"0305\", touches = \"target\" }"},
        {"10.22C", "mixed", "0502", "0509", "", "{ terrain = \"berm\", at = \"hexside\", hex = \"0505/D\" }"},
        {"10.22A", "mixed", "0502", "0506", "", "{ terrain = \"berm\", at = \"hexside\", hex = \"0505/D\", touches = \"target\" }"},
        {"10.23", "mixed", "0802", "1002", "", "{ terrain = \"berm\", at = \"along-hexside\", hex = \"0902/D\" }"},
        {"10.24", "mixed", "0705", "0803", "", "{ terrain = \"woods\", at = \"along-hexside\", hex = \"0704/C\" }"},
        {"10.61", "open", "0302", "0308", "", "{ terrain = \"woods\", at = \"hex\", hex = \"0305\" }"},
        {"10.5", "mixed", "0802", "0809", "behind = \"slope\"\n", "{ terrain = \"slope\", at = \"hexside\", hex = \"0808/D\", touches = \"target\" }"},
        {"10.5", "mixed", "1004", "1009", "", "{ terrain = \"slope\", at = \"hexside\", hex = \"1008/D\", touches = \"target\" }"},
        {"10.6", "mixed", "0202", "0208", "terrain = \"rough\"\n",
         "{ terrain = \"rough\", at = \"hex\", hex = \"0207\" }, { terrain = \"rough\", at = \"hex\", hex = \"0208\", touches = \"target\" }"},
    };
    for (const Row& r : rows) {
        INFO(r.rule << " " << r.mode << " " << r.from << " -> " << r.to);
        const json::Value by_board = test::rule_toml(board_situation(r.mode, r.from, r.to));
        const json::Value by_hand = test::rule_toml(hand_situation(r.mode, r.from, r.to, r.target_keys, r.obstacles));
        for (const char* key : {"los", "fire_permitted", "defense_strength", "attack_differential", "kill_numbers", "kill_probability", "referee_call"})
            CHECK(test::at(by_board, key).dump() == test::at(by_hand, key).dump());
        CHECK(test::at(by_board, "position").dump() == test::at(by_hand, "position").dump());
        CHECK(test::at(test::at(by_board, "board"), "file").as_string() == board_path("test-small.toml"));
    }
}

TEST_CASE("Board rulings: each obstacle is named with its hex and rule", "[boards][rulings]") {
    const Ruling r = test::rule_ruling(board_situation("mixed", "0302", "0308"));
    std::string all;
    for (const auto& s : r.explanation) all += s.line() + "\n";
    CHECK_THAT(all, Catch::Contains("10.22D: Board: woods in 0305 blocks (10.22D)."));
    CHECK_THAT(all, Catch::Contains("the target's hex 0308 is clear"));
    CHECK(r.to_json().find("los")->as_string() == "blocked");
}

TEST_CASE("Board rulings: a line through a corner is the referee's call with both readings", "[boards][rulings]") {
    // 0205 -> 0608 passes exactly through corners; woods in the hex touching the first one.
    board::Board b = board_from(kHead);
    const hex::Trace t = hex::trace_line(*b.parse_hex("0205"), *b.parse_hex("0608"));
    REQUIRE(!t.vertices.empty());
    const std::string touched = b.name(t.vertices.front().hexes[1]);
    const std::string file = test::temp_file(std::string(kHead) + "[hexes]\nwoods = [\"" + touched + "\"]\n");
    const std::string text = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + file +
                             "\"\n[firer]\nunit = \"T62\"\nhex = \"0205\"\n[target]\nunit = \"M60A2\"\nhex = \"0608\"\nfacing = \"A\"\n";
    const json::Value v = test::rule_toml(text);
    CHECK(test::at(v, "referee_call").as_bool());
    REQUIRE(test::at(v, "alternatives").is_array());
    CHECK(test::at(v, "alternatives").as_array().size() >= 1);
    const std::string los_main = test::at(v, "los").as_string();
    const std::string los_other = test::at(test::at(v, "alternatives").as_array()[0], "los").as_string();
    CHECK(los_main != los_other);  // both readings computed: one clear, one blocked
}

TEST_CASE("Board rulings: hand-entered keys that disagree with the board are bad input naming both", "[boards][rulings][bad-input]") {
    struct Row { std::string text; const char* says; };
    const Row rows[] = {
        {board_situation("mixed", "0302", "0308", "terrain = \"woods\"\n"), "target.terrain: is \"woods\" but on the board"},
        {board_situation("mixed", "0302", "0308", "", "") + "[line]\nobstacles = [{ terrain = \"berm\", at = \"hexside\" }]\n",
         "are [berm hexside] but on the board"},
        {board_situation("mixed", "0802", "0809", "behind = \"none\"\n"), "target.behind: is \"none\" but on the board"},
        {board_situation("mixed", "0302", "0311"), "target.hex: \"0311\" is off the board"},
        {"system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"nowhere.toml\"\n[firer]\nunit = \"T62\"\nhex = \"0302\"\n[target]\nunit = \"M60A2\"\nhex = \"0308\"\nfacing = \"A\"\n",
         "nowhere.toml:1:1: cannot read"},
        {"system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + board_path("test-small.toml") +
             "\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\naspect = \"front\"\n[line]\nrange = 3\n",
         "board: a board needs firer.hex and target.hex"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        CHECK_THAT(board_error(r.text), Catch::Contains(r.says));
    }
    // Typed keys that agree are accepted.
    CHECK_NOTHROW(test::rule_ruling(board_situation("mixed", "0302", "0308", "terrain = \"clear\"\n", "") +
                                    "[line]\nobstacles = [{ terrain = \"woods\", at = \"hex\" }]\n"));
}

TEST_CASE("Board rulings: a board named without a folder is found among the shipped boards", "[boards][rulings]") {
    // Ruled from text (as the window and standard input do): no situation folder to look in.
    std::string text = board_situation("mixed", "0302", "0308");
    const std::string abs = board_path("test-small.toml");
    text.replace(text.find(abs), abs.size(), "test-small.toml");
    const json::Value v = test::rule_toml(text);
    CHECK(test::at(v, "los").as_string() == "blocked");
    CHECK(test::at(test::at(v, "board"), "file").as_string() == "test-small.toml");
}

TEST_CASE("Board examples rule, and name the board's sample terrain", "[boards][rulings]") {
    for (const char* f : {"spi-tank-board-woods-blocks.toml", "spi-tank-board-slope-sloped-side.toml", "spi-tank-board-sample-map.toml"}) {
        INFO(f);
        const Ruling r = test::engine().rule_file(std::string(UMPIRE_SOURCE_DIR) + "/examples/" + f);
        std::string all;
        for (const auto& s : r.explanation) all += s.line() + "\n";
        CHECK_THAT(all, Catch::Contains("(sample terrain)"));
    }
    // The sloped side adds the slope's 6 to the front strength (10.5, 10.6).
    const json::Value v = test::engine().rule_file(std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-board-slope-sloped-side.toml").to_json();
    CHECK(test::at(v, "defense_strength").as_int() == 11 + 6);
}

// ---- Command line ---------------------------------------------------------------------------

TEST_CASE("CLI: board check, los and visibility", "[boards][cli]") {
    const std::string small = "'" + board_path("test-small.toml") + "'", big = "'" + board_path("sample-66x44.toml") + "'";
    auto r = test::run_cli("board check " + small);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("board OK"));
    CHECK_THAT(r.out, Catch::Contains("12 columns x 10 rows"));

    const std::string bad = test::temp_file(std::string(kHead) + "[hexes]\nwoods = [\"0311\"]\n");
    r = test::run_cli("board check " + bad);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(bad + ":5:11: hexes.woods: hex 0311 is off the board"));

    r = test::run_cli("los " + small + " 0302 0308");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("BLOCKED — woods in 0305 blocks (10.22D)"));

    r = test::run_cli("los " + small + " 0302 0308 --json");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("\"firer_hex\":\"0302\""));
    CHECK_THAT(r.out, Catch::Contains("\"hexsides_crossed\":[\"0302/D\""));
    CHECK_THAT(r.out, Catch::Contains("\"verdict\":\"blocked\""));

    r = test::run_cli("los " + small + " 0302 0399");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("'0399' is not a hex of"));

    r = test::run_cli("visibility " + small + " 0302 --mode open");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Seen from 0302"));
    CHECK_THAT(r.out, Catch::Contains("0308 clear"));

    r = test::run_cli("visibility " + small + " 0302 --mode mixed");
    CHECK_THAT(r.out, Catch::Contains("0308 blocked by woods in 0305 (10.22D)"));

    r = test::run_cli("visibility " + small + " 0302 --mode swamp");
    CHECK(r.status == 1);

    const std::string out = test::temp_file("", ".txt");
    r = test::run_cli("visibility " + big + " --all '" + out + "' --threads 2");
    CHECK(r.status == 0);
    std::ifstream f(out);
    std::string line;
    int lines = 0, width = 0;
    while (std::getline(f, line))
        if (!line.empty() && line[0] != '#') ++lines, width = int(line.size());
    CHECK(lines == 66 * 44);
    CHECK(width == 5 + 66 * 44);

    const std::string huge = test::temp_file("system = \"spi-tank\"\nterrain_mode = \"mixed\"\ncolumns = 99\nrows = 200\n[numbering]\nrow_digits = 3\n");
    r = test::run_cli("visibility '" + huge + "' --all '" + out + "'");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("at most 10000 hexes"));

    r = test::run_cli("visibility " + small + " --all /nonexistent-dir/out.txt");
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("cannot write"));
}

TEST_CASE("CLI: visibility --all writes OUT atomically, and a failed write exits 1, says why and leaves OUT as it was", "[boards][cli]") {
    namespace fs = std::filesystem;
    const std::string small = "'" + board_path("test-small.toml") + "'";
    const fs::path dir = fs::path(test::temp_file("", ".txt")).string() + ".d";
    fs::create_directories(dir);
    const fs::path out = dir / "all.txt";
    auto files_in_dir = [&] {
        std::size_t n = 0;
        for ([[maybe_unused]] const auto& x : fs::directory_iterator(dir)) ++n;
        return n;
    };

    // Written, and no temporary file left beside it (TANK! 10.2 for every pair: one line per hex).
    auto r = test::run_cli("visibility " + small + " --all '" + out.string() + "'");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("wrote " + out.string()));
    const std::string first = test::read_text(out.string());
    CHECK_THAT(first, Catch::StartsWith("# umpire visibility, board "));
    CHECK(files_in_dir() == 1);

    // Written again over the old file: the same text, still one file.
    r = test::run_cli("visibility " + small + " --all '" + out.string() + "'");
    REQUIRE(r.status == 0);
    CHECK(test::read_text(out.string()) == first);
    CHECK(files_in_dir() == 1);

    struct Bad {
        std::string why, target, says;
    };
    const fs::path not_a_folder = out / "x.txt";  // its "folder" is a regular file
    const fs::path pipe = dir / "pipe";
    REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
    const std::vector<Bad> bad = {
        {"a missing folder", (dir / "missing" / "x.txt").string(), "No such file or directory"},
        {"a folder that is a file", not_a_folder.string(), "Not a directory"},
        {"a folder as OUT", dir.string(), "not a regular file"},
        {"a pipe as OUT (a device such as /dev/full is refused the same way)", pipe.string(), "not a regular file"},
    };
    for (const auto& b : bad) {
        INFO(b.why);
        r = test::run_cli("visibility " + small + " --all '" + b.target + "'");
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("umpire-cli: cannot write " + b.target + ": "));
        CHECK_THAT(r.err, Catch::Contains(b.says));
        CHECK(r.out.empty());
    }
    // Nothing was replaced, and no temporary file was left behind.
    CHECK(fs::is_fifo(pipe));
    CHECK(test::read_text(out.string()) == first);
    CHECK(files_in_dir() == 2);

    // A folder the program may not write to (root may write anywhere: checked only for others).
    if (::geteuid() != 0) {
        const fs::path locked = dir / "locked";
        fs::create_directories(locked);
        fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
        r = test::run_cli("visibility " + small + " --all '" + (locked / "x.txt").string() + "'");
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("Permission denied"));
        fs::permissions(locked, fs::perms::owner_all);
    }
    fs::remove_all(dir);
}
