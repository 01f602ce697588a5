// TANK! 10.26 (the depression) and 10.25 on boards: a board's [[area]] of kind "depression",
// the slopes on its boundary ignored by a line between two units both outside it.
//
// Sections
//   helpers       a board from TOML text with per-case slopes, berms and depression hexes
//   Line of sight 10.26 (outside / inside, crossed / run along, boundary only), 10.25 with and
//                 without 10.26, the last sentence of 10.26 (hill to hill only by 10.22/10.25)
//   Agreement     the visibility map and all pairs equal line_of_sight on a board with depressions
//   Rulings       a board ruling equals the hand-entered ruling for the same geometry
//   File          write_board/load_board keep areas; bad areas are located errors
#include <catch2/catch.hpp>

#include <string>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using namespace umpire;

namespace {

const spi_tank::Data& data() { return test::engine().get<spi_tank::SpiTank>()->data(); }

board::Board board_from(const std::string& text, const std::string& name = "board.toml") {
    return board::parse_board(parse_toml_string(text, name), name, spi_tank::board_vocabulary(data()));
}

std::string list(const std::string& items) { return "[" + items + "]"; }

// A 12 x 10 board: the slopes and berms given, and one depression area holding `depression`.
std::string board_text(const std::string& slopes, const std::string& berms, const std::string& depression) {
    std::string t = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n[hexsides]\nslope = " + list(slopes) + "\nberm = " + list(berms) + "\n";
    if (!depression.empty()) t += "[[area]]\nkind = \"depression\"\nhexes = " + list(depression) + "\n";
    return t;
}

spi_tank::LineOfSight los(const board::Board& b, const std::string& from, const std::string& to, spi_tank::Mode m = spi_tank::Mode::mixed) {
    auto f = b.parse_hex(from), t = b.parse_hex(to);
    REQUIRE(f);
    REQUIRE(t);
    return spi_tank::line_of_sight(b, spi_tank::los_rules(data(), b, m), *f, *t);
}

std::string all_items(const spi_tank::LineOfSight& l) {
    std::string s;
    for (const auto& it : l.items) s += it.rule + ": " + it.text + "\n";
    return s;
}

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

}  // namespace

// ---- Line of sight ----------------------------------------------------------------------------

TEST_CASE("Board 10.26/10.25: depression slopes, units outside or inside, and hexsides next to the units", "[boards][los][depression]") {
    using S = spi_tank::Sight;
    struct Row {
        const char* rule;
        const char* slopes;
        const char* berms;
        const char* depression;  // the area's hexes ("" = no area)
        const char* from;
        const char* to;
        S verdict;
        const char* says;  // in the items (or the blocker)
    };
    const Row rows[] = {
        // 10.26: the ring of slopes 0604/A (0603|0604) and 0606/D (0606|0607) describes the depression 0604-0606.
        {"10.26 both outside: its slopes are ignored", "\"0604/A\", \"0606/D\"", "", "\"0604-0606\"", "0601", "0609", S::clear,
         "slope 0603/D ignored: both units outside the depression, the line passes over it (10.26)"},
        {"10.26 both outside, the other way", "\"0604/A\", \"0606/D\"", "", "\"0604-0606\"", "0609", "0601", S::clear,
         "slope 0607/A ignored: both units outside the depression, the line passes over it (10.26)"},
        {"10.26 target inside: its slopes obstruct (10.22C)", "\"0604/A\", \"0606/D\"", "", "\"0604-0606\"", "0601", "0605", S::blocked,
         "slope on 0603/D (between 0603 and 0604) blocks (10.22C); the target lies inside the depression, so its slopes obstruct as usual (10.26)"},
        {"10.26 firer inside: its slopes obstruct (10.22C)", "\"0604/A\", \"0606/D\"", "", "\"0604-0606\"", "0605", "0610", S::blocked,
         "slope on 0606/D (between 0606 and 0607) blocks (10.22C); the firer lies inside the depression"},
        {"10.26 no area: the same slopes obstruct (10.22C)", "\"0604/A\", \"0606/D\"", "", "", "0601", "0609", S::blocked,
         "slope on 0603/D (between 0603 and 0604) blocks (10.22C)"},
        {"10.26 open mode is not needed: slopes of another hill still block both-outside lines", "\"0604/A\", \"0605/A\"", "", "\"0606\"", "0601",
         "0609", S::blocked, "slope on 0603/D (between 0603 and 0604) blocks (10.22C)"},
        // Boundary only: a slope between two hexes of the depression is not one that describes it.
        {"10.26 a slope inside the depression still blocks (10.22C)", "\"0604/A\", \"0605/D\", \"0606/D\"", "", "\"0604-0606\"", "0601", "0609",
         S::blocked, "slope on 0605/D (between 0605 and 0606) blocks (10.22C)"},
        // 10.23 along the depression's slope 0606/D: the line 0507 -> 0707 runs along it.
        {"10.26 + 10.23 both outside: a slope run along is ignored", "\"0606/D\"", "", "\"0604-0606\"", "0507", "0707", S::clear,
         "slope 0606/D ignored: both units outside the depression, the line passes over it (10.26)"},
        {"10.26 + 10.23 target inside: a slope run along blocks", "\"0606/D\"", "", "\"0604-0606\", \"0707\"", "0507", "0707", S::blocked,
         "the slope hexside there blocks (10.23); the target lies inside the depression"},
        // 10.25: berms next to each unit (0602/D beside 0602, 0608/A beside 0608).
        {"10.25 next to both units: clear", "", "\"0602/D\", \"0608/A\"", "", "0602", "0608", S::clear,
         "berm on 0607/D (between 0607 and 0608) is a side of the target's hex, so it does not block (10.22A)"},
        {"10.25 a third obstructing hexside blocks", "\"0605/D\"", "\"0602/D\", \"0608/A\"", "", "0602", "0608", S::blocked,
         "slope on 0605/D (between 0605 and 0606) blocks (10.22C)"},
        {"10.25 + 10.26 the third is a depression slope, both outside: clear", "\"0605/D\"", "\"0602/D\", \"0608/A\"", "\"0606-0607\"", "0602",
         "0608", S::clear, "slope 0605/D ignored: both units outside the depression, the line passes over it (10.26)"},
        {"10.25 + 10.26 target inside: the depression slope is a third obstructing hexside", "\"0605/D\"", "\"0602/D\", \"0607/A\"",
         "\"0606-0607\"", "0602", "0607", S::blocked, "slope on 0605/D (between 0605 and 0606) blocks (10.22C); the target lies inside"},
        {"10.25 + 10.26 target inside, the slope a side of its hex: clear", "\"0605/D\"", "\"0602/D\"", "\"0606-0607\"", "0602", "0606",
         S::clear, "is a side of the target's hex, so it does not block (10.22A); the target lies inside the depression"},
        // 10.26, last sentence: no hill lets units see over another hill; only 10.22/10.25 do.
        {"10.26 hill to hill over a third hill: blocked (10.22C)", "\"0602/D\", \"0608/A\", \"0605/A\", \"0605/D\"", "", "", "0602", "0608",
         S::blocked, "slope on 0604/D (between 0604 and 0605) blocks (10.22C)"},
        {"10.26 hill to hill, only their own slopes between: clear (10.25)", "\"0602/D\", \"0608/A\"", "", "", "0602", "0608", S::clear,
         "slope on 0602/D (between 0602 and 0603) is a side of the firer's hex, so it does not block (10.22A)"},
    };
    for (const Row& r : rows) {
        INFO(r.rule << ": " << r.from << " -> " << r.to);
        const board::Board b = board_from(board_text(r.slopes, r.berms, r.depression));
        const spi_tank::LineOfSight l = los(b, r.from, r.to);
        INFO(all_items(l));
        CHECK(l.verdict == r.verdict);
        CHECK_THAT(all_items(l) + l.blocker, Catch::Contains(r.says));
        CHECK(los(b, r.to, r.from).verdict == r.verdict);  // 10.22: the two units alike
    }
}

TEST_CASE("Board 10.26: an ignored slope is marked, does not obstruct and is no obstacle of the ruling", "[boards][los][depression]") {
    const board::Board b = board_from(board_text("\"0604/A\"", "", "\"0604-0606\""));
    const spi_tank::LineOfSight l = los(b, "0601", "0609");
    int ignored = 0;
    for (const auto& it : l.items)
        if (it.ignored) {
            ++ignored;
            CHECK(it.rule == "10.26");
            CHECK_FALSE(it.obstructs);
            CHECK_FALSE(it.blocks);
        }
    CHECK(ignored == 1);
}

// ---- Agreement -------------------------------------------------------------------------------

TEST_CASE("Board 10.26: visibility and all pairs equal line_of_sight on a board with depressions", "[boards][properties][depression]") {
    // Two depressions, slopes on their boundaries and inside one of them, a berm beside one.
    const board::Board b = board_from(
        "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n[hexes]\nwoods = [\"1002\"]\n[hexsides]\n"
        "slope = [\"0604/F-A-B\", \"0606/C-D-E\", \"0505/A-F\", \"0705/A-B\", \"0903/A\", \"0905/D\", \"0904/D\", \"0210/A\"]\nberm = [\"0807/B\"]\n"
        "[[area]]\nkind = \"depression\"\nhexes = [\"0604-0606\", \"0505\", \"0705\"]\n[[area]]\nkind = \"depression\"\nhexes = [\"0903-0905\"]\n");
    REQUIRE(b.areas.size() == 2);
    const auto rules = spi_tank::los_rules(data(), b, spi_tank::Mode::mixed);
    const auto one = spi_tank::visibility_all(b, rules, 1), two = spi_tank::visibility_all(b, rules, 2);
    CHECK(one == two);
    std::vector<spi_tank::VisibilityCell> cells;
    const int n = b.hex_count();
    int ignored_lines = 0;
    for (int i = 0; i < n; ++i) {
        spi_tank::visibility(b, rules, b.hex_at(i), cells);
        for (int k = 0; k < n; ++k) {
            const spi_tank::LineOfSight l = spi_tank::line_of_sight(b, rules, b.hex_at(i), b.hex_at(k));
            INFO(b.name(b.hex_at(i)) << " -> " << b.name(b.hex_at(k)) << ": " << l.blocker);
            REQUIRE(cells[std::size_t(k)].sight == l.verdict);
            REQUIRE(one[std::size_t(i * n + k)] == l.verdict);
            for (const auto& it : l.items) ignored_lines += it.ignored;
        }
    }
    CHECK(ignored_lines > 100);  // the depressions matter on many lines
}

TEST_CASE("Board 10.26: the sample board's depression around 3808 agrees in the visibility map", "[boards][properties][depression]") {
    const board::Board b = board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/sample-66x44.toml", "sample-66x44.toml",
                                             spi_tank::board_vocabulary(data()));
    REQUIRE(b.areas.size() == 1);
    CHECK(b.vocabulary.area_kinds.at(std::size_t(b.areas[0].kind)) == "depression");
    CHECK(b.in_area(b.areas[0], *b.parse_hex("3808")));
    const auto rules = spi_tank::los_rules(data(), b, spi_tank::Mode::mixed);
    std::vector<spi_tank::VisibilityCell> cells;
    for (const char* from : {"3808", "3807", "3805", "3811", "4208"}) {
        const auto f = *b.parse_hex(from);
        spi_tank::visibility(b, rules, f, cells);
        for (int i = 0; i < b.hex_count(); ++i) {
            const spi_tank::LineOfSight l = spi_tank::line_of_sight(b, rules, f, b.hex_at(i));
            INFO(from << " -> " << b.name(b.hex_at(i)) << ": " << l.blocker);
            REQUIRE(cells[std::size_t(i)].sight == l.verdict);
        }
    }
    CHECK(los(b, "3805", "3811").verdict == spi_tank::Sight::clear);    // 10.26: both outside
    CHECK(los(b, "3805", "3808").verdict == spi_tank::Sight::blocked);  // 10.26: the target inside
}

// ---- Rulings ---------------------------------------------------------------------------------

namespace {

std::string sample_board() { return std::string(UMPIRE_SOURCE_DIR) + "/boards/sample-66x44.toml"; }

std::string situation(const std::string& from, const std::string& to, const std::string& rest) {
    return "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n" + rest.substr(0, rest.find("[line]")) + "[firer]\nunit = \"T62\"\nhex = \"" + from +
           "\"\n[target]\nunit = \"M60A2\"\nhex = \"" + to + "\"\nfacing = \"A\"\n" +
           (rest.find("[line]") == std::string::npos ? "" : rest.substr(rest.find("[line]")));
}

}  // namespace

TEST_CASE("Board 10.26 rulings equal the hand-entered rulings for the same geometry", "[boards][rulings][depression]") {
    struct Row {
        const char* rule;
        const char* from;
        const char* to;
        const char* obstacles;  // what the referee types (10.26: the ignored slopes left out)
        const char* los;
    };
    const Row rows[] = {
        {"10.26 both outside: the slopes 3806/D and 3809/D are left out", "3805", "3811", "", "clear"},
        {"10.26 target inside: the slope 3806/D blocks (10.22C)", "3805", "3808", "{ terrain = \"slope\", at = \"hexside\", hex = \"3806/D\" }",
         "blocked"},
        {"10.26 firer inside: the slope 3809/D blocks (10.22C)", "3808", "3811", "{ terrain = \"slope\", at = \"hexside\", hex = \"3809/D\" }",
         "blocked"},
    };
    for (const Row& r : rows) {
        INFO(r.rule);
        const json::Value by_board = test::rule_toml(situation(r.from, r.to, "board = \"" + sample_board() + "\"\n"));
        const json::Value by_hand = test::rule_toml(situation(r.from, r.to, std::string("[line]\nobstacles = [") + r.obstacles + "]\n"));
        CHECK(test::at(by_board, "los").as_string() == r.los);
        for (const char* key : {"los", "fire_permitted", "defense_strength", "attack_differential", "kill_numbers", "kill_probability", "referee_call"})
            CHECK(test::at(by_board, key).dump() == test::at(by_hand, key).dump());
        CHECK(test::at(by_board, "position").dump() == test::at(by_hand, "position").dump());
    }
    // The explanation names the ignored slope with its hex and the rule.
    const Ruling r = test::rule_ruling(situation("3805", "3811", "board = \"" + sample_board() + "\"\n"));
    std::string all;
    for (const auto& s : r.explanation) all += s.line() + "\n";
    CHECK_THAT(all, Catch::Contains("10.26: Board: slope 3806/D ignored: both units outside the depression around 3808, the line passes over it (10.26)."));
}

// ---- File ------------------------------------------------------------------------------------

TEST_CASE("Board areas: write_board and load_board keep them", "[boards][board_edit][depression]") {
    const board::Board b = board::load_board(sample_board(), "sample-66x44.toml", spi_tank::board_vocabulary(data()));
    const std::string text = board::write_board(b);
    CHECK_THAT(text, Catch::Contains("[[area]]\nkind = \"depression\"\nname = \"the depression around 3808\"\n"));
    const board::Board back = board_from(text, "written.toml");
    CHECK(board::equal_boards(b, back));
    REQUIRE(back.areas.size() == 1);
    CHECK(back.areas[0].hexes == b.areas[0].hexes);
    CHECK(back.areas[0].hexes.size() == 7);
    // Two areas, one without a name, round-trip in order; a change to one is seen.
    board::Board two = board_from(board_text("\"0604/A\"", "", "\"0604-0606\"") + "[[area]]\nkind = \"depression\"\nname = \"east\"\nhexes = [\"1001..1102\"]\n");
    const board::Board two_back = board_from(board::write_board(two), "written.toml");
    CHECK(board::equal_boards(two, two_back));
    REQUIRE(two_back.areas.size() == 2);
    CHECK(two_back.areas[1].name == "east");
    two.areas[1].hexes.pop_back();
    CHECK_FALSE(board::equal_boards(two, two_back));
    // A scattered area needs more strings than one array holds (1000): written as hexes, hexes-.
    board::Board wide = board_from("system = \"spi-tank\"\ncolumns = 66\nrows = 44\n[[area]]\nkind = \"depression\"\nhexes = [\"0101\"]\n");
    wide.areas[0].hexes.clear();
    for (int i = 0; i < wide.hex_count(); ++i)
        if ((i / wide.rows + i % wide.rows) % 2 == 0) wide.areas[0].hexes.push_back(i);  // a checkerboard: 1452 single hexes
    const std::string wide_text = board::write_board(wide);
    CHECK_THAT(wide_text, Catch::Contains("\nhexes- = ["));
    CHECK(board::equal_boards(wide, board_from(wide_text, "wide.toml")));
}

TEST_CASE("Board areas: bad areas give one located error each", "[boards][bad-input][depression]") {
    const std::string head = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";
    struct Row { std::string text; const char* error; };
    const Row rows[] = {
        {head + "[[area]]\nkind = \"crater\"\nhexes = [\"0101\"]\n", "5:8: area[0].kind: unknown name \"crater\" (accepted: depression)"},
        {head + "[[area]]\nkind = \"depression\"\nhexes = [\"0101\", \"1399\"]\n", "6:19: area[0].hexes: hex 1399 is off the board"},
        {head + "[[area]]\nkind = \"depression\"\nhexes = []\n", "6:9: area[0].hexes: expected a non-empty array of hex strings"},
        {head + "[[area]]\nkind = \"depression\"\nhexes = \"0101\"\n", "6:9: area[0].hexes: expected a non-empty array of hex strings"},
        {head + "[[area]]\nkind = \"depression\"\nhexes = [3808]\n", "6:10: area[0].hexes: expected a string such as \"3707..3909\", got an integer"},
        {head + "[[area]]\nkind = \"depression\"\n", "4:1: area[0].hexes: missing required key: the area's hexes in the shorthand"},
        {head + "[[area]]\nkind = \"depression\"\nhexes = [\"0101\"]\ndepth = 2\n", "7:9: area[0].depth: unknown key (accepted keys here: kind, name, hexes)"},
        {head + "[[area]]\nhexes = [\"0101\"]\n", "4:1: area[0].kind: missing required key (expected one of depression)"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        CHECK_THAT(only_error(r.text), Catch::StartsWith(r.error));
    }
    // At most 32 areas (a rules module keeps the areas holding a unit in one 32-bit mask).
    std::string many = head;
    for (int i = 0; i < 33; ++i) many += "[[area]]\nkind = \"depression\"\nhexes = [\"0101\"]\n";
    CHECK_THAT(only_error(many), Catch::Contains("area[32]: a board has at most 32 areas"));
}

TEST_CASE("CLI: board check lists areas and los names the ignored slope (10.26)", "[boards][cli][depression]") {
    const std::string big = "'" + sample_board() + "'";
    auto r = test::run_cli("board check " + big);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("area: depression \"the depression around 3808\", 7 hexes"));
    r = test::run_cli("los " + big + " 3805 3811 --mode mixed");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("CLEAR"));
    CHECK_THAT(r.out, Catch::Contains("10.26: slope 3806/D ignored: both units outside the depression around 3808"));
    r = test::run_cli("los " + big + " 3805 3811 --mode mixed --json");
    CHECK_THAT(r.out, Catch::Contains("\"ignored\":true,\"rule\":\"10.26\""));
}

TEST_CASE("Board example: firing over the depression is clear (10.26)", "[boards][rulings][depression]") {
    const json::Value v = test::engine().rule_file(std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-board-depression.toml").to_json();
    CHECK(test::at(v, "los").as_string() == "clear");
    CHECK_THAT(test::at(v, "explanation").dump(), Catch::Contains("slope 3809/D ignored: both units outside the depression around 3808"));
}
