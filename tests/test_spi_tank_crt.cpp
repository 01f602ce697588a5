// TANK! combat results tables 8.91, 8.92, 8.93 (and 8.9's use of them), checked against an
// independent transcription of the chart sheet.
//
// Sections
//   Shot           a situation builder (TOML from fields)
//   Expected grids the three tables as the highest kill number per (row, column); 0 = "•"
//   Targets        firer/target pairs giving each attack differential from -1 to 21
//   Tests          full grid at both ends of every range band; column edges; absolute range;
//                  table choice by fire control and panic level; the 8.92 31-35 cell
//
// Transcription (seeds README): the first copy of each table has ten cells per row = columns
// 0..9; column 10 comes from the partial copies (columns 4..10). Where they disagree (8.92 row
// 31-35: first copy's only "1" in column 9, partial copy's in column 10) the diagonal pattern of
// 8.92 (first kill at columns 4, 6, 8 for rows 16-20, 21-25, 26-30) puts it in column 10.
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support.hpp"

using umpire::test::at;
using umpire::test::ints;

namespace {

// ---- Shot: one situation, written as TOML ------------------------------------------------
struct Shot {
    std::string mode_ = "mixed";
    std::string firer_ = "T55";
    int panic_ = 1;  // INT_MIN: leave panic_level out (default 1)
    bool preservation_ = false;
    std::string target_ = "M60A2", aspect_ = "front", terrain_ = "clear";
    std::string behind_ = "none";
    int moving_ = 0;
    int range_ = 10;

    Shot& mode(const std::string& m) { mode_ = m; return *this; }
    Shot& firer(const std::string& u, int panic = 1) { firer_ = u; panic_ = panic; return *this; }
    Shot& target(const std::string& u, const std::string& aspect, const std::string& terrain = "clear",
                 const std::string& behind = "none") {
        target_ = u; aspect_ = aspect; terrain_ = terrain; behind_ = behind; return *this;
    }
    Shot& range(int r) { range_ = r; return *this; }

    std::string toml() const {
        std::ostringstream o;
        o << "system = \"spi-tank\"\nterrain_mode = \"" << mode_ << "\"\n";
        o << "[firer]\nunit = \"" << firer_ << "\"\n";
        if (panic_ != INT_MIN) o << "panic_level = " << panic_ << "\n";
        o << "preservation = " << (preservation_ ? "true" : "false") << "\n";
        o << "[target]\nunit = \"" << target_ << "\"\naspect = \"" << aspect_ << "\"\nterrain = \"" << terrain_
          << "\"\nmoving_mp = " << moving_ << "\nbehind = \"" << behind_ << "\"\n";
        o << "[line]\nrange = " << range_ << "\n";
        return o.str();
    }
};

constexpr int NUL = INT_MIN;  // a JSON null
int iv(const umpire::json::Value& v) { return v.is_null() ? NUL : static_cast<int>(v.as_int()); }

std::vector<int> upto(int n) {  // kill numbers 1..n ([] for 0)
    std::vector<int> v;
    for (int i = 1; i <= n; ++i) v.push_back(i);
    return v;
}

// ---- Expected grids: highest kill number per (range row, column 0..10); 0 = "•" ----------
struct Grid {
    const char* id;
    std::vector<std::pair<int, int>> rows;  // range bands
    std::vector<std::vector<int>> top;      // top[row][column]
    int absolute() const { return rows.back().second; }
    int row_of(int range) const {
        for (size_t i = 0; i < rows.size(); ++i)
            if (range >= rows[i].first && range <= rows[i].second) return static_cast<int>(i);
        return -1;
    }
};

const Grid g891{"8.91",
                {{1, 5}, {6, 10}, {11, 15}, {16, 20}, {21, 25}, {26, 30}, {31, 35}, {36, 40}, {41, 45}, {46, 50}},
                {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10},
                 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                 {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                 {0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8},
                 {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7},
                 {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6},
                 {0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5},
                 {0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4},
                 {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3},
                 {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2}}};

const Grid g892{"8.92",
                {{1, 5}, {6, 10}, {11, 15}, {16, 20}, {21, 25}, {26, 30}, {31, 35}},
                {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10},
                 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                 {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                 {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7},
                 {0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5},
                 {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3},
                 {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}}};

const Grid g893{"8.93",
                {{1, 5}, {6, 10}, {11, 15}, {16, 20}, {21, 25}, {26, 30}, {31, 35}, {36, 40}, {41, 45}, {46, 50}},
                {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10},
                 {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10},
                 {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10},
                 {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
                 {0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8},
                 {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7},
                 {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7},
                 {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6},
                 {0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6},
                 {0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}}};

// ---- Targets giving each differential (mixed mode; 17.4 strengths, 10.6 mixed additions) ----
struct Target {
    int diff;
    const char* unit;
    const char* aspect;
    const char* terrain;
    const char* behind;
    int defense;  // expected defense strength
};

// T55: SR fire control, AP 20, effective range 50 (never halved within 8.91/8.92).
const Target vs_t55[] = {
    {-1, "Cent 105", "front", "woods", "berm", 21},  // 16 + woods 2 + berm 3
    {0, "M60A2", "front", "clear", "berm", 20},      // 17 + berm 3
    {1, "M60A2", "front", "woods", "none", 19},      // 17 + woods 2
    {2, "Cent 105", "front", "woods", "none", 18},   // 16 + 2
    {3, "M60A2", "front", "clear", "none", 17},
    {4, "Cent 105", "front", "clear", "none", 16},
    {5, "Pz VI b", "front", "woods", "none", 15},    // 13 + 2
    {6, "T62", "front", "clear", "none", 14},
    {7, "Pz VI b", "front", "clear", "none", 13},
    {8, "T55", "front", "clear", "none", 12},
    {9, "Pz V", "front", "clear", "none", 11},
    {10, "JS II", "front", "clear", "none", 10},
    {11, "JS II", "side", "clear", "none", 9},
    {15, "M60A2", "rear", "clear", "none", 5},
    {19, "M18", "rear", "clear", "none", 1},
};

// Cent 105: SC fire control, AP 22, effective range 60 (beyond 8.93's last row: never halved).
const Target vs_cent[] = {
    {-1, "M60A2", "front", "clear", "slope", 23},    // 17 + slope 6
    {0, "M60A2", "front", "woods", "berm", 22},      // 17 + 2 + 3
    {1, "Cent 105", "front", "woods", "berm", 21},   // 16 + 2 + 3
    {2, "M60A2", "front", "clear", "berm", 20},
    {3, "M60A2", "front", "woods", "none", 19},
    {4, "Cent 105", "front", "woods", "none", 18},
    {5, "M60A2", "front", "clear", "none", 17},
    {6, "Cent 105", "front", "clear", "none", 16},
    {7, "Pz VI b", "front", "woods", "none", 15},
    {8, "T62", "front", "clear", "none", 14},
    {9, "Pz VI b", "front", "clear", "none", 13},
    {10, "T55", "front", "clear", "none", 12},
    {11, "Pz V", "front", "clear", "none", 11},
    {15, "Pz VI a", "side", "clear", "none", 7},
    {21, "M18", "rear", "clear", "none", 1},
};

// Ranges on both sides of every band edge, and one past the last row of every table.
const int edge_ranges[] = {1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 30, 31, 35, 36, 40, 41, 45, 46, 50, 51};

// Checks one ruling against the grid. Past both the absolute range and the firer's effective range
// the strengths are not asserted (8.31 halves only within the absolute range; beyond it there is no fire).
void check_cell(const Grid& g, const char* firer, int panic, int attack, int effective, const Target& t, int range) {
    const Shot s = Shot().firer(firer, panic).target(t.unit, t.aspect, t.terrain, t.behind).range(range);
    INFO(g.id << " " << firer << " (attack " << attack << ") at " << t.unit << " " << t.aspect << " " << t.terrain
              << " behind " << t.behind << ", range " << range << ", differential " << t.diff);
    const auto j = umpire::test::rule_toml(s.toml());
    INFO(j.dump());
    const int row = g.row_of(range);
    const bool within = row >= 0;
    const int column = t.diff < 0 ? NUL : std::min(t.diff, 10);
    const int top = (within && t.diff >= 0) ? g.top[row][column] : 0;
    const bool permitted = within && t.diff >= 0;

    CHECK(at(j, "table").as_string() == g.id);                     // 8.9: table by fire control & panic
    CHECK(at(j, "attack_type").as_string() == "AP");                // 8.1
    CHECK(at(j, "los").as_string() == "clear");
    CHECK(iv(at(j, "range")) == range);
    CHECK(iv(at(j, "defense_strength")) == t.defense);              // 8.7 + 10.6
    if (within || range <= effective) {
        CHECK(iv(at(j, "attack_strength")) == attack);
        CHECK(iv(at(j, "attack_differential")) == t.diff);          // not capped
        CHECK(iv(at(j, "table_column")) == column);                 // capped at 10; null below 0; shown past the end
    }
    CHECK(ints(at(j, "kill_numbers")) == upto(top));                // [] for "•", negative, past last row
    CHECK(at(j, "fire_permitted").as_bool() == permitted);          // 8.9 step 1; 8.31 absolute range
    CHECK(iv(at(j, "die_modifier")) == 0);
    CHECK(at(j, "kill_probability").as_double() == Approx(std::min(top, 6) / 6.0).margin(0.00005));
    CHECK(at(j, "referee_call").as_bool() == false);                // every cell here is decided by the text
}

}  // namespace

TEST_CASE("spi-tank 8.91: every column 0..10 and the edges -1/11/15/19, both ends of every range band, 51 past the end",
          "[spi-tank][crt]") {
    for (int r : edge_ranges)
        for (const auto& t : vs_t55) check_cell(g891, "T55", 1, 20, 50, t, r);
}

TEST_CASE("spi-tank 8.92: every column, both ends of every range band, 36 past the end (8.92 stops at 35)",
          "[spi-tank][crt]") {
    for (int r : edge_ranges)
        for (const auto& t : vs_t55) check_cell(g892, "T55", 3, 20, 50, t, r);
}

TEST_CASE("spi-tank 8.93: every column, both ends of every range band, 51 past the end", "[spi-tank][crt]") {
    for (int r : edge_ranges)
        for (const auto& t : vs_cent) check_cell(g893, "Cent 105", 1, 22, 60, t, r);
}

TEST_CASE("spi-tank 8.93: SC uses 8.93 at every panic level (it carries no panic label)", "[spi-tank][crt]") {
    for (int panic : {0, 2, 3, 10})
        for (int r : {16, 46, 50, 51})
            for (const auto& t : vs_cent) check_cell(g893, "Cent 105", panic, 22, 60, t, r);
}

TEST_CASE("spi-tank 8.9 table choice: N and SR at panic 0-2 use 8.91, at 3 and above 8.92", "[spi-tank][crt]") {
    struct Case {
        const char* name;
        const char* firer;
        int panic;
        const char* table;
        int attack;
    };
    const Case cases[] = {
        {"8.91 SR panic 0", "T55", 0, "8.91", 20},   {"8.91 SR panic 2", "T62", 2, "8.91", 21},
        {"8.92 SR panic 3", "T62", 3, "8.92", 21},   {"8.92 SR panic 10", "T55", 10, "8.92", 20},
        {"8.91 N panic 0", "Pz IV h", 0, "8.91", 14}, {"8.91 N panic 2", "Pz IV h", 2, "8.91", 14},
        {"8.92 N panic 3", "Pz IV h", 3, "8.92", 14}, {"8.92 N panic 10", "88AT", 10, "8.92", 21},
        {"8.93 SC panic 0", "M60A2", 0, "8.93", 30}, {"8.93 SC panic 10", "M60A2", 10, "8.93", 30},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            // Range 16, against an M18's rear (1): row 16-20 differs between all three tables.
            const auto j = umpire::test::rule_toml(Shot().firer(c.firer, c.panic).target("M18", "rear").range(16).toml());
            INFO(j.dump());
            CHECK(at(j, "table").as_string() == c.table);
            CHECK(iv(at(j, "attack_strength")) == c.attack);
            const Grid& g = std::string(c.table) == "8.91" ? g891 : std::string(c.table) == "8.92" ? g892 : g893;
            CHECK(ints(at(j, "kill_numbers")) == upto(g.top[3][std::min(c.attack - 1, 10)]));
        }
    }
}

TEST_CASE("spi-tank 8.9: panic_level left out defaults to 1, so N/SR fire uses 8.91", "[spi-tank][crt]") {
    // Range 16, differential 3: 8.91 gives a kill on 1, 8.92 a "•".
    const auto j = umpire::test::rule_toml(Shot().firer("T55", INT_MIN).target("M60A2", "front").range(16).toml());
    CHECK(at(j, "table").as_string() == "8.91");
    CHECK(ints(at(j, "kill_numbers")) == std::vector<int>{1});
    const auto k = umpire::test::rule_toml(Shot().firer("T55", 3).target("M60A2", "front").range(16).toml());
    CHECK(at(k, "table").as_string() == "8.92");
    CHECK(ints(at(k, "kill_numbers")).empty());
    CHECK(at(k, "fire_permitted").as_bool() == true);  // a "•" is a shot without effect, not a forbidden one
    CHECK(at(k, "kill_probability").as_double() == 0.0);
}

TEST_CASE("spi-tank 8.92 row 31-35: only column 10 kills (the diagonal decides between the two copies)",
          "[spi-tank][crt]") {
    // T55 at panic 3, range 31 and 35: differential 9 (Pz V front 11) -> "•"; 10 (JS II front) -> 1.
    for (int r : {31, 35}) {
        const auto nine = umpire::test::rule_toml(Shot().firer("T55", 3).target("Pz V", "front").range(r).toml());
        CHECK(iv(at(nine, "table_column")) == 9);
        CHECK(ints(at(nine, "kill_numbers")).empty());
        const auto ten = umpire::test::rule_toml(Shot().firer("T55", 3).target("JS II", "front").range(r).toml());
        CHECK(iv(at(ten, "table_column")) == 10);
        CHECK(ints(at(ten, "kill_numbers")) == std::vector<int>{1});
    }
}

TEST_CASE("spi-tank 8.9 step 1: a differential above ten is read in column 10 (the 1-10 cap of row 1-5)",
          "[spi-tank][crt]") {
    // M60A2 (SC, AP 30) at an M18's rear (1): differential 29, column 10; 8.93 rows 1-15 give 1-10.
    for (int r : {1, 5, 10, 15}) {
        const auto j = umpire::test::rule_toml(Shot().firer("M60A2").target("M18", "rear").range(r).toml());
        CHECK(iv(at(j, "attack_differential")) == 29);
        CHECK(iv(at(j, "table_column")) == 10);
        CHECK(ints(at(j, "kill_numbers")) == upto(10));
        CHECK(at(j, "kill_probability").as_double() == Approx(1.0));
    }
}

TEST_CASE("spi-tank 8.9: a panic level outside 0..10 is bad input (exit 2, FILE:LINE:COL naming the key)", "[spi-tank][crt]") {
    for (int panic : {-1, 11}) {
        const auto r = umpire::test::run_cli("rule - --json", Shot().firer("T55", panic).target("M18", "rear").toml());
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("<stdin>:5:") != std::string::npos);  // line 5: panic_level
        CHECK(r.err.find("panic_level") != std::string::npos);
    }
}

TEST_CASE("spi-tank rulings: every explanation sentence names its rule, and that rule is cited", "[spi-tank][crt]") {
    const char* firers[] = {"T55", "Cent 105", "T62"};
    for (const char* f : firers)
        for (int r : {3, 18, 33, 48}) {
            const auto j = umpire::test::rule_toml(Shot().firer(f, r > 30 ? 1 : 3).target("JS II", "side", "woods", "berm").range(r).toml());
            const auto cites = umpire::test::strings(at(j, "citations"));
            const auto steps = umpire::test::strings(at(j, "explanation"));
            CHECK(!steps.empty());
            for (const auto& step : steps) {
                INFO(step);
                const auto colon = step.find(": ");
                REQUIRE(colon != std::string::npos);
                CHECK(umpire::test::contains(cites, step.substr(0, colon)));
            }
        }
}

TEST_CASE("spi-tank 8.31: a shot beyond the absolute range cites the table whose last row sets that range",
          "[spi-tank][crt]") {
    // 8.31: the results tables determine the absolute range, so the table that refused the shot is
    // cited beside 8.31. Found by an independent review: only 8.9 and 8.31 were cited.
    struct Case { const char* firer; int panic; int range; const char* table; };
    const Case cases[] = {
        {"T55", 1, 51, "8.91"},     // 8.91 runs to 50
        {"T62", 3, 36, "8.92"},     // 8.92 stops at 35
        {"M60A2", 5, 51, "8.93"},   // 8.93 runs to 50
        {"Cent 105", 1, 55, "8.93"} // effective range 60 does not stretch the table
    };
    for (const auto& c : cases) {
        INFO(c.firer << " panic " << c.panic << " at " << c.range << " -> beyond " << c.table);
        const auto j = umpire::test::rule_toml(Shot().firer(c.firer, c.panic).target("M18", "rear").range(c.range).toml());
        INFO(j.dump());
        CHECK(at(j, "fire_permitted").as_bool() == false);
        CHECK(at(j, "table").as_string() == c.table);
        CHECK(ints(at(j, "kill_numbers")).empty());
        const auto cites = umpire::test::strings(at(j, "citations"));
        CHECK(umpire::test::contains(cites, "8.31"));
        CHECK(umpire::test::contains(cites, c.table));
    }
}
