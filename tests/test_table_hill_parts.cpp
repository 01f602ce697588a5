// Table sketches (docs/tables.md, "Hills and plateaus"): the pieces of one `hill` name are taken
// together as one hill. When they fall apart into parts that do not touch, the file still rules
// as written (the referee named them one hill), but `table check` gives a located
// `FILE:LINE:COL: warning:` line on standard error for every part after the first, and every
// ruling on that table states the warning, citing the game's hills rule (GF9-hills, AGV-hills).
#include <catch2/catch.hpp>

#include "test_table_support.hpp"

using umpire::test::at;
using namespace umpire::test::table;

namespace {

std::string hill(const std::string& name, const std::string& of, double x, double y, double r) {
    return "[[piece]]\nkind = \"hill\"\nname = \"" + name + "\"\nhill = \"" + of + "\"\ncircle = [" + num(x) + ", " + num(y) + ", " + num(r) + "]\n";
}

const std::string kLos = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\n[target]\nbase = \"B\"\n";

}  // namespace

TEST_CASE("table hill parts: a hill whose pieces do not touch is warned of, located, in table check", "[table][table-check][gf9-tanks]") {
    struct Row { const char* what; std::string pieces; int warnings; const char* says; };
    const Row rows[] = {
        {"two pieces of one hill 4 in apart: a warning at the second", hill("Twin 1", "Twin", 10, 24, 4) + hill("Twin 2", "Twin", 26, 24, 4), 1,
         ":10:1: warning: hill \"Twin 2\": it does not touch the rest of hill \"Twin\" (the nearest piece, \"Twin 1\", is 8.0 in away)"},
        {"two overlapping pieces: one hill, no warning", hill("Twin 1", "Twin", 10, 24, 4) + hill("Twin 2", "Twin", 16, 24, 4), 0, ""},
        {"a chain of three touching pieces: no warning", hill("C1", "Chain", 10, 24, 4) + hill("C2", "Chain", 17, 24, 4) + hill("C3", "Chain", 24, 24, 4),
         0, ""},
        {"two parts of two pieces each: one warning, at the second part's first piece, naming its size",
         hill("P1", "Pair", 8, 10, 3) + hill("P2", "Pair", 12, 10, 3) + hill("P3", "Pair", 30, 40, 3) + hill("P4", "Pair", 34, 40, 3), 1,
         "warning: hill \"P3\": it and the 1 other piece(s) touching it do not touch the rest of hill \"Pair\""},
        {"different hill names apart: two hills, no warning", hill("West", "West", 10, 24, 4) + hill("East", "East", 30, 24, 4), 0, ""},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const std::string file = umpire::test::temp_file(gf9_table(r.pieces));
        const auto c = umpire::test::run_cli("table check " + file);
        INFO(c.out << c.err);
        CHECK(c.status == 0);  // a warning, not a guideline breach: the table rules
        int n = 0;
        for (auto p = c.err.find(": warning: hill "); p != std::string::npos; p = c.err.find(": warning: hill ", p + 1)) ++n;
        CHECK(n == r.warnings);
        if (r.warnings) CHECK(c.err.find(*r.says == ':' ? file + r.says : std::string(r.says)) != std::string::npos);
    }
}

TEST_CASE("table hill parts: GF9-hills, a ruling on such a table takes the parts as one hill and says so", "[table][gf9-tanks]") {
    // The firer on the west part, the target beyond the east part: as one hill the east part is the
    // firer's own hill (no effect), and the ruling states the warning so the referee sees it.
    const std::string pieces = hill("Twin 1", "Twin", 10, 24, 4) + hill("Twin 2", "Twin", 26, 24, 4);
    const auto j = rule_on(gf9_table(pieces + tank("A", 10, 24, 90) + tank("B", 40, 24, 270)), kLos);
    const std::string text = explanation(j);
    INFO(text);
    CHECK(text.find("Table: warning: hill \"Twin 2\": it does not touch the rest of hill \"Twin\"") != std::string::npos);
    CHECK(text.find("(table line 10).") != std::string::npos);
    CHECK(at(j, "citations").dump().find("GF9-hills") != std::string::npos);
    CHECK(fact(j, "line.hills_between").as_double() == 0);
    // Named as two hills, the east one is a hill between: the warning's advice changes the ruling.
    const std::string two = hill("Twin 1", "West", 10, 24, 4) + hill("Twin 2", "East", 26, 24, 4);
    const auto k = rule_on(gf9_table(two + tank("A", 10, 24, 90) + tank("B", 40, 24, 270)), kLos);
    CHECK(explanation(k).find("warning") == std::string::npos);
    CHECK(fact(k, "line.hills_between").as_double() == 1);
    CHECK(at(k, "los").as_string() == "blocked");
}

TEST_CASE("table hill parts: AGV-hills, the same warning in table check and in a ruling", "[table][agv]") {
    const std::string pieces = "[[piece]]\nkind = \"hill\"\nname = \"Knoll 1\"\nhill = \"Knoll\"\ncircle = [30, 40, 6]\n"
                               "[[piece]]\nkind = \"hill\"\nname = \"Knoll 2\"\nhill = \"Knoll\"\ncircle = [90, 40, 6]\n";
    const std::string bases = stand("F", "foot", 10, 40, "", 90) + stand("T1", "foot", 60, 40, "T", 270);
    const std::string file = umpire::test::temp_file(agv_table(pieces + bases));
    const auto c = umpire::test::run_cli("table check " + file);
    INFO(c.out << c.err);
    CHECK(c.err.find(file + ":11:1: warning: hill \"Knoll 2\": it does not touch the rest of hill \"Knoll\" (the nearest piece, \"Knoll 1\", is 48.0 cm away)") !=
          std::string::npos);
    const auto j = rule_on(agv_table(pieces + bases), "system = \"agv\"\nquestion = \"fire\"\n[firer]\nbase = \"F\"\ndice = 4\n[target]\nunit = \"T\"\n");
    INFO(explanation(j));
    CHECK(explanation(j).find("Table: warning: hill \"Knoll 2\"") != std::string::npos);
    CHECK(at(j, "citations").dump().find("AGV-hills") != std::string::npos);
}
