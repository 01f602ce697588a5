// TANK!'s answers to the board view (board/board_support.hpp, games/spi_tank/board_support.cpp):
// the marks a ruling on a board carries (Ruling::board_marks, what the view draws) are its own
// line of sight, item by item (10.2), the visibility map is the CLI's and reads the terrain mode as
// the ruling does, a ruling against a board held in memory (the window's unsaved paint) uses that
// board, and the kill-chance overlay is the ruling's kill probability (8.9) with the target moved
// hex by hex.
//
// Sections
//   helpers          the shipped boards, the support, the CLI's los/visibility read back
//   Marks            a ruling's marks agree with line_of_sight item by item (random lines, both
//                    sample boards) and with `los`
//   Visibility       agrees with spi_tank::visibility and with `umpire-cli visibility`; no default mode
//   Held board       Engine::rule_on_board rules the board given, not the file
//   Kill chance      each hex's figure is the ruling's kill_probability there; cancel; speed (66 x 44)
#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <regex>
#include <sstream>
#include <string>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board_marks_support.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

const spi_tank::Data& data() { return test::engine().get<spi_tank::SpiTank>()->data(); }
const view::BoardSupport& support() {
    const view::BoardSupport* s = test::engine().find("spi-tank")->board_support();
    REQUIRE(s);
    return *s;
}

std::string board_path(const std::string& file) { return std::string(UMPIRE_SOURCE_DIR) + "/boards/" + file; }

board::Board shipped(const std::string& file) { return support().load(board_path(file), board_path(file)); }

spi_tank::Mode mode_of(const std::string& m) {
    return m == "closed" ? spi_tank::Mode::closed : m == "open" ? spi_tank::Mode::open : spi_tank::Mode::mixed;
}

view::Mark mark_of(spi_tank::Sight s) {
    return s == spi_tank::Sight::clear ? view::Mark::clear : s == spi_tank::Sight::blocked ? view::Mark::blocking : view::Mark::referee_call;
}

const view::BoardHexMark* hex_mark(const view::BoardMarks& m, const Cube& h) {
    for (const auto& x : m.hexes)
        if (x.hex == h) return &x;
    return nullptr;
}

const view::BoardSideMark* side_mark(const view::BoardMarks& m, const Cube& h, int d) {
    for (const auto& x : m.sides)
        if ((x.hex == h && x.side == d) || (x.hex == hex::neighbour(h, d) && x.side == (d + 3) % 6)) return &x;
    return nullptr;
}

// Every item and corner of the ruling's line of sight is lit with its own sentence, every hex
// and hexside the line meets is lit, and the verdict is the same.
void check_marks_agree(const board::Board& b, const std::string& mode, const Cube& from, const Cube& to) {
    INFO(b.name(from) << " -> " << b.name(to) << " in " << mode << " mode");
    const spi_tank::LineOfSight los = spi_tank::line_of_sight(b, spi_tank::los_rules(data(), b, mode_of(mode)), from, to);
    const view::BoardMarks m = test::ruled_marks("spi-tank", b, from, to, mode);
    CHECK(m.verdict == mark_of(los.verdict));
    REQUIRE(m.lines.size() == 1);
    CHECK(m.lines[0].from.hex == from);
    CHECK(m.lines[0].to.hex == to);
    if (!los.blocker.empty()) CHECK_THAT(m.summary, Catch::Contains(los.blocker));
    for (const auto& h : los.trace.hexes)
        if (h.contact == hex::Contact::crosses) CHECK(hex_mark(m, h.hex));
    for (const auto& s : los.trace.sides) CHECK(side_mark(m, s.hex, s.side));
    for (const auto& it : los.items) {
        INFO(it.text);
        if (it.kind == spi_tank::LosItem::hex) {
            const auto* x = hex_mark(m, it.where);
            REQUIRE(x);
            CHECK(x->text == it.text);
            CHECK(x->mark == (it.blocks ? view::Mark::blocking : view::Mark::clear));
        } else {
            const auto* x = side_mark(m, it.where, it.side);
            REQUIRE(x);
            CHECK_THAT(x->text, Catch::Contains(it.text));
            if (it.blocks) CHECK(x->mark == view::Mark::blocking);
        }
    }
    for (const auto& c : los.corners) {
        const auto* x = hex_mark(m, c.touched);
        REQUIRE(x);
        CHECK_THAT(x->text, Catch::Contains(c.through_text));
        if (c.through_blocks != c.past_blocks) CHECK(x->mark != view::Mark::clear);
    }
}

// `umpire-cli los BOARD FROM TO --json`: its verdict and the sentences of its items.
struct CliLos {
    std::string verdict;
    std::vector<std::string> texts;
};
CliLos cli_los(const std::string& board, const std::string& from, const std::string& to, const std::string& mode) {
    const auto r = test::run_cli("los '" + board + "' " + from + " " + to + " --json --mode " + mode);
    REQUIRE(r.status == 0);
    CliLos out;
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex("\"verdict\":\"([^\"]*)\"")));
    out.verdict = m[1];
    const std::string items = r.out.substr(r.out.find("\"items\":"), r.out.find("\"corner_readings\"") - r.out.find("\"items\":"));
    const std::regex text("\"text\":\"([^\"]*)\"");
    for (std::sregex_iterator i(items.begin(), items.end(), text), e; i != e; ++i) out.texts.push_back((*i)[1]);
    return out;
}

}  // namespace

// ---- Marks ---------------------------------------------------------------------------------

TEST_CASE("Board support: a ruling's marks are its own line of sight, item by item (10.2)", "[boards][board-support]") {
    for (const char* file : {"test-small.toml", "sample-66x44.toml"}) {
        const board::Board b = shipped(file);
        std::mt19937 rng(1504);
        std::uniform_int_distribution<int> pick(0, b.hex_count() - 1);
        for (int n = 0; n < 300; ++n) {
            const Cube from = b.hex_at(pick(rng)), to = b.hex_at(pick(rng));
            if (from == to) continue;
            for (const char* mode : {"closed", "mixed", "open"}) check_marks_agree(b, mode, from, to);
        }
    }
}

TEST_CASE("Board support: the rule cases light what the rules name (10.22D, 10.23, 10.24, a corner)", "[boards][board-support]") {
    const board::Board b = shipped("test-small.toml");
    auto line = [&](const char* from, const char* to) { return test::ruled_marks("spi-tank", b, *b.parse_hex(from), *b.parse_hex(to), "mixed"); };
    // 10.22D: the woods in 0305 blocks; the hexes before it are clear.
    auto m = line("0302", "0308");
    CHECK(m.verdict == view::Mark::blocking);
    REQUIRE(hex_mark(m, *b.parse_hex("0305")));
    CHECK(hex_mark(m, *b.parse_hex("0305"))->mark == view::Mark::blocking);
    CHECK(hex_mark(m, *b.parse_hex("0305"))->text == "woods in 0305 blocks (10.22D)");
    CHECK(hex_mark(m, *b.parse_hex("0303"))->mark == view::Mark::clear);
    // 10.23: along the berm 0902/D, judged from both sides.
    m = line("0802", "1002");
    CHECK(m.verdict == view::Mark::blocking);
    REQUIRE(side_mark(m, *b.parse_hex("0902"), 3));
    CHECK(side_mark(m, *b.parse_hex("0902"), 3)->mark == view::Mark::blocking);
    CHECK_THAT(side_mark(m, *b.parse_hex("0902"), 3)->text, Catch::Contains("(10.23)"));
    // 10.24: along a side of the woods hex 0704: both hexes beside it are shown, the woods blocking.
    m = line("0705", "0803");
    CHECK(m.verdict == view::Mark::blocking);
    REQUIRE(hex_mark(m, *b.parse_hex("0704")));
    CHECK(hex_mark(m, *b.parse_hex("0704"))->mark == view::Mark::blocking);
    CHECK_THAT(hex_mark(m, *b.parse_hex("0704"))->text, Catch::Contains("(10.24)"));
    // A corner the rules are silent on: amber (referee's call) only there.
    const std::string kHead = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";
    const hex::Trace t = hex::trace_line(*b.parse_hex("0205"), *b.parse_hex("0608"));
    REQUIRE(!t.vertices.empty());
    const std::string touched = b.name(t.vertices.front().hexes[1]);
    const board::Board c = board::parse_board(parse_toml_string(kHead + "[hexes]\nwoods = [\"" + touched + "\"]\n", "c.toml"), "c.toml", support().vocabulary());
    m = test::ruled_marks("spi-tank", c, *c.parse_hex("0205"), *c.parse_hex("0608"), "mixed");
    CHECK(m.verdict == view::Mark::referee_call);
    CHECK(hex_mark(m, *c.parse_hex(touched))->mark == view::Mark::referee_call);
    CHECK_THAT(hex_mark(m, *c.parse_hex(touched))->text, Catch::Contains("the rules are silent"));
    for (const auto& h : m.hexes)
        if (h.hex != *c.parse_hex(touched)) CHECK(h.mark != view::Mark::referee_call);
}

TEST_CASE("Board support: the marks agree with `umpire-cli los` on the sample boards", "[boards][board-support][cli]") {
    struct Row {
        const char *file, *from, *to, *mode;
    };
    const Row rows[] = {{"test-small.toml", "0302", "0308", "mixed"}, {"test-small.toml", "0802", "1002", "mixed"},
                        {"test-small.toml", "0705", "0803", "mixed"}, {"test-small.toml", "0802", "0809", "mixed"},
                        {"test-small.toml", "0302", "0308", "open"},  {"sample-66x44.toml", "1010", "3024", "closed"},
                        {"sample-66x44.toml", "0101", "6644", "mixed"}};
    for (const Row& r : rows) {
        INFO(r.file << " " << r.from << " -> " << r.to << " " << r.mode);
        const board::Board b = shipped(r.file);
        const view::BoardMarks m = test::ruled_marks("spi-tank", b, *b.parse_hex(r.from), *b.parse_hex(r.to), r.mode);
        const CliLos cli = cli_los(board_path(r.file), r.from, r.to, r.mode);
        CHECK(cli.verdict == view::to_string(m.verdict));
        for (const auto& text : cli.texts) {
            INFO(text);
            bool found = false;
            for (const auto& h : m.hexes) found |= h.text.find(text) != std::string::npos;
            for (const auto& s : m.sides) found |= s.text.find(text) != std::string::npos;
            CHECK(found);
        }
    }
}

// ---- Visibility ----------------------------------------------------------------------------

TEST_CASE("Board support: visibility agrees with the visibility scan and `umpire-cli visibility`", "[boards][board-support][cli]") {
    const board::Board b = shipped("test-small.toml");
    for (const char* mode : {"closed", "mixed", "open"}) {
        INFO(mode);
        const Cube from = *b.parse_hex("0302");
        std::vector<view::Mark> marks;
        REQUIRE(support().visibility(b, mode, from, marks));
        std::vector<spi_tank::VisibilityCell> cells;
        spi_tank::visibility(b, spi_tank::los_rules(data(), b, mode_of(mode)), from, cells);
        REQUIRE(marks.size() == cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) CHECK(marks[i] == mark_of(cells[i].sight));
        // The CLI's one line per hex: "CCRR clear", "CCRR blocked by ...", "CCRR referee's call ...".
        const auto r = test::run_cli("visibility '" + board_path("test-small.toml") + "' 0302 --mode " + mode);
        REQUIRE(r.status == 0);
        std::istringstream in(r.out);
        std::string line;
        int compared = 0;
        while (std::getline(in, line)) {
            if (line.size() < 6 || line[4] != ' ') continue;
            const auto h = b.parse_hex(line.substr(0, 4));
            if (!h) continue;
            const std::string said = line.substr(5);
            const view::Mark m = marks[std::size_t(b.index(*h))];
            INFO(line);
            CHECK(said.rfind(view::to_string(m), 0) == 0);
            ++compared;
        }
        CHECK(compared == b.hex_count());
    }
}

TEST_CASE("Board support: visibility reads the terrain mode as the ruling reads terrain_mode, with no default (10.6)", "[boards][board-support]") {
    const board::Board b = shipped("test-small.toml");
    const Cube from = *b.parse_hex("0302");
    std::vector<view::Mark> marks, exact;
    // Matched as the situation's key is matched (case ignored): the same map.
    REQUIRE(support().visibility(b, "closed", from, exact));
    REQUIRE(support().visibility(b, "Closed", from, marks));
    CHECK(marks == exact);
    CHECK(spi_tank::mode_named("Closed") == spi_tank::Mode::closed);
    // No mode, or one the rules do not know: no map at all, never a quiet "mixed" (the board's own
    // terrain_mode is the CLI's default for `los`, not the situation's).
    for (const char* mode : {"", "bogus"}) {
        INFO("mode \"" << mode << "\"");
        CHECK_FALSE(support().visibility(b, mode, from, marks));
        CHECK(marks.empty());
        CHECK_FALSE(spi_tank::mode_named(mode));
    }
}

// ---- Held board ----------------------------------------------------------------------------

TEST_CASE("Board support: a ruling against a board held in memory uses that board, not the file", "[boards][board-support][rulings]") {
    const std::string text = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + board_path("test-small.toml") +
                             "\"\n[firer]\nunit = \"T62\"\nhex = \"0302\"\n[target]\nunit = \"M60A2\"\nhex = \"0308\"\nfacing = \"A\"\n";
    const toml::table t = parse_toml_string(text, "held.toml");
    board::Board b = shipped("test-small.toml");
    // The same board as the file: exactly the file's ruling.
    CHECK(test::engine().rule_on_board(t, "held.toml", b).to_json().dump() == test::engine().rule(t, "held.toml").to_json().dump());
    CHECK(test::at(test::engine().rule(t, "held.toml").to_json(), "los").as_string() == "blocked");
    // Unsaved paint: the woods in 0305 cleared in memory. The held board rules clear; the file still blocks.
    b.terrain_of[std::size_t(b.index(*b.parse_hex("0305")))] = 0;
    const Ruling painted = test::engine().rule_on_board(t, "held.toml", b);
    CHECK(test::at(painted.to_json(), "los").as_string() == "clear");
    CHECK(painted.view.has_value());  // the panel's typed view comes with it
    CHECK(test::at(test::engine().rule(t, "held.toml").to_json(), "los").as_string() == "blocked");
    // Bad input is still bad input, located in the situation.
    const toml::table off = parse_toml_string(std::regex_replace(text, std::regex("0308"), "0399"), "held.toml");
    try {
        test::engine().rule_on_board(off, "held.toml", b);
        FAIL("a target off the board was accepted");
    } catch (const InputError& e) {
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("held.toml:"));
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("is off the board"));
    }
}

// ---- Kill chance ---------------------------------------------------------------------------

TEST_CASE("Board support: the kill-chance figure of a hex is the ruling's kill probability there (8.9, 10.2)", "[boards][board-support][rulings]") {
    const std::string head = "system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + board_path("test-small.toml") +
                             "\"\n[firer]\nunit = \"T62\"\nhex = \"0302\"\n[target]\nunit = \"M60A2\"\nfacing = \"A\"\nhex = ";
    const toml::table t = parse_toml_string(head + "\"0308\"\n", "kill.toml");
    const board::Board b = shipped("test-small.toml");
    view::HexFigures f;
    REQUIRE(support().hex_figures(b, t, f));
    REQUIRE(f.complete);
    REQUIRE(f.value.size() == std::size_t(b.hex_count()));
    CHECK(f.value[std::size_t(b.index(*b.parse_hex("0302")))] == -1.0f);  // the firer's own hex
    CHECK(f.value[std::size_t(b.index(*b.parse_hex("0308")))] == 0.0f);   // behind the woods in 0305 (10.22D)
    CHECK_THAT(f.title, Catch::Contains("T62"));
    CHECK_THAT(f.title, Catch::Contains("M60A2"));
    // Each hex's figure is exactly the kill probability of the situation with the target there.
    int positive = 0;
    for (const char* h : {"0303", "0304", "0306", "0401", "0502", "0506", "0809", "0908", "1009", "1205", "0208"}) {
        INFO(h);
        const double p = test::at(test::rule_toml(head + "\"" + h + "\"\n"), "kill_probability").as_double();
        CHECK(double(f.value[std::size_t(b.index(*b.parse_hex(h)))]) == Approx(p).margin(1e-4));
        positive += p > 0;
    }
    CHECK(positive > 0);  // the check is real: some hexes can be hit
    // Cancelled at once: no figures.
    std::atomic<bool> cancel{true};
    CHECK_FALSE(support().hex_figures(b, t, f, &cancel));
    CHECK_FALSE(f.complete);
    // A situation without the firer's hex has no overlay.
    CHECK_FALSE(support().hex_figures(b, parse_toml_string("system = \"spi-tank\"\n", "none.toml"), f));
}

TEST_CASE("Board support: the kill-chance overlay of the 66 x 44 sample board (measured)", "[boards][board-support][speed]") {
    const toml::table t = parse_toml_file(std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-board-sample-map.toml",
                                          std::string(UMPIRE_SOURCE_DIR) + "/examples/spi-tank-board-sample-map.toml");
    const board::Board b = shipped("sample-66x44.toml");
    view::HexFigures f;
    const auto t0 = std::chrono::steady_clock::now();
    REQUIRE(support().hex_figures(b, t, f));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    WARN("kill-chance overlay, 66 x 44 board (" << b.hex_count() << " rulings): " << ms << " ms");
    CHECK(f.complete);
    // Off the UI thread anyway; this only catches a runaway (a sanitizer build is far slower).
    CHECK(ms < 60000.0);
}
