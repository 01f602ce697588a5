// GF9 TANKS "More Terrain", ESCARPMENTS (GF9-escarpments): one escarpment that the line of sight
// meets more than once -- a U-shaped cliff, a zig-zag edge, a line going down the cliff and up it
// again -- is judged at every crossing, with the two distances to that crossing. The text gives
// one distance to "the escarpment" and does not say which crossing; the shipped reading
// (`crossings = "every"`) is a referee's call when judging only the first crossing would rule
// otherwise. Sections:
//   table layouts   U-shaped cliffs, zig-zags, a line touching the cliff's end or along it
//   hand-entered    line.escarpment_name and [[escarpment]] entries of the same name
//   rules data      crossings = "first"
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "test_gf9_support.hpp"
#include "test_table_support.hpp"

namespace fs = std::filesystem;
namespace g = umpire::test::gf9_tanks;
using umpire::test::at;
using namespace umpire::test::table;

namespace {

const std::string kLos = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\n[target]\nbase = \"B\"\n";

std::string cliff(const std::string& name, const std::string& points, const char* top) {
    return "[[piece]]\nkind = \"escarpment\"\nname = \"" + name + "\"\nline = " + points + "\ntop = \"" + top + "\"\n";
}

// A snake of cliff faces across y = 20 at x = a, b, c (joined away from the line, below y = 5 and
// above y = 40). `top`: "right" puts the top west of a and between b and c, "left" between a and b
// and east of c.
std::string snake(double a, double b, double c, const char* top) {
    return cliff("Snake", "[[" + num(a) + ", 40], [" + num(a) + ", 5], [" + num(b) + ", 5], [" + num(b) + ", 40], [" + num(c) + ", 40], [" + num(c) +
                              ", 5]]",
                 top);
}

// A tongue of cliff (a U open to the north) with its arms at x = 16 and x = 32: `top` "left" is a
// raised tongue, "right" a bay cut into high ground.
std::string tongue(const char* top) { return cliff("Tongue", "[[16, 44], [16, 10], [32, 10], [32, 44]]", top); }

int count_of(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("gf9 crossings: GF9-escarpments, one escarpment met several times is judged at every crossing", "[gf9-tanks][gf9-escarpments][table]") {
    struct Row {
        const char* what;
        std::string pieces;
        double ax, bx;      // the tanks at (ax, 20) and (bx, 20)
        const char* los;
        bool call;          // the crossings reading is a referee's call (other calls excluded by the layout)
        int crossings;      // escarpment entries measured
        const char* explains;
    };
    const Row rows[] = {
        // GF9-escarpments, firer on / target below: the target sits 4 in from the last face, the
        // firer 36 in from it: hidden there, though farther than the firer from the first face.
        {"zig-zag, firer on top, target at the foot of the last face: blocked at the third crossing (a call: the first alone is clear)",
         snake(12, 20, 40, "right"), 4, 44, "blocked", true, 3, "Escarpment 3 (\"Snake\")"},
        {"zig-zag, firer on top, target well out from every face: clear at each crossing, no call", snake(24, 28, 32, "right"), 20, 46, "clear",
         false, 3, "Escarpment 3 (\"Snake\")"},
        // GF9-escarpments, firer not on / target on: the first crossing is the one that hides it.
        {"zig-zag, firer below at the foot, target on top far behind: blocked at the first crossing already, no call",
         snake(12, 20, 40, "right"), 44, 4, "blocked", false, 3, "Escarpment 1 (\"Snake\"): a firer off"},
        // GF9-escarpments, neither on it: the tongue of high ground between is one plateau (the
        // plateau choice), counted once although the line crosses it up and down.
        {"U-shaped cliff, both tanks below it on either side: one raised ground between, counted once", tongue("left"), 4, 44, "blocked", false, 2,
         "The escarpment between counts as one more hill between (1 in all)"},
        // GF9-escarpments sentence 6: both on top of one escarpment count as on a hill, the same one.
        {"a bay cut into high ground, both tanks on top either side: down the cliff and up again, clear", tongue("right"), 4, 44, "clear", false, 2,
         "Escarpment 2 (\"Tongue\") is the line crossing \"Tongue\" again"},
        // A line that only touches the cliff's end, the firer on top, the target beyond the end:
        // not below it, so neither blocking case holds.
        {"line touching the cliff's end, target beyond it: not below the escarpment, clear", cliff("Stub", "[[0, 24], [24, 20]]", "right"), 8, 40,
         "clear", false, 1, "target base \"B\" not below escarpment \"Stub\""},
        // The line runs along the cliff's line, past both its ends, neither tank on it: no raised
        // ground between (as a hill the line only touches is none), so no plateau: clear.
        {"line along the cliff past both ends, neither tank on it: not crossed, clear", cliff("Edge", "[[12, 20], [36, 20]]", "left"), 4, 44,
         "clear", false, 0, ""},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = rule_on(gf9_table(r.pieces + tank("A", r.ax, 20, 90) + tank("B", r.bx, 20, 270)), kLos);
        const std::string text = explanation(j);
        INFO(text);
        CHECK(at(j, "los").as_string() == r.los);
        CHECK((at(j, "citations").dump().find("GF9-escarpments") != std::string::npos) == (r.crossings > 0));
        CHECK(text.find(r.explains) != std::string::npos);
        CHECK((text.find("counts as one more hill between") != std::string::npos) == (std::string(r.what).find("U-shaped") == 0));
        CHECK((text.find("which crossing counts") != std::string::npos) == r.call);
        if (r.call) CHECK(at(j, "referee_call").as_bool());
        // The first escarpment is named only when the line meets it again; each further crossing
        // is an [[escarpment]] entry of the same name.
        CHECK(fact(j, "line.escarpment_name").is_string() == (r.crossings > 1));
        for (int i = 0; i + 1 < r.crossings; ++i) CHECK(fact(j, "escarpment[" + std::to_string(i) + "].name").is_string());
        CHECK(fact(j, "escarpment[" + std::to_string(std::max(r.crossings - 1, 0)) + "].name").is_null());
        CHECK(fact(j, "line.escarpment_between").is_bool() == (r.crossings > 0));
    }
}

TEST_CASE("gf9 crossings: the zig-zag's three crossings each compare the distances to themselves", "[gf9-tanks][gf9-escarpments][table]") {
    // Faces at x = 12, 20, 40; firer at x = 4, target at x = 44: distances along the line.
    const auto j = rule_on(gf9_table(snake(12, 20, 40, "right") + tank("A", 4, 20, 90) + tank("B", 44, 20, 270)), kLos);
    INFO(explanation(j));
    CHECK(fact(j, "line.firer_distance_to_escarpment").as_double() == Approx(8));
    CHECK(fact(j, "line.target_distance_to_escarpment").as_double() == Approx(32));
    CHECK(fact(j, "escarpment[0].firer_distance").as_double() == Approx(16));
    CHECK(fact(j, "escarpment[0].target_distance").as_double() == Approx(24));
    CHECK(fact(j, "escarpment[1].firer_distance").as_double() == Approx(36));
    CHECK(fact(j, "escarpment[1].target_distance").as_double() == Approx(4));
    // The firer is on top of the snake and the target below it, at every crossing (where they stand).
    CHECK(fact(j, "firer.on_escarpment").as_bool());
    CHECK(fact(j, "escarpment[1].target_below").as_bool());
    CHECK(count_of(explanation(j), "the escarpment does not block") == 2);
    CHECK(count_of(explanation(j), "the escarpment blocks the line of sight") == 1);
}

TEST_CASE("gf9 crossings: hand-entered crossings of one escarpment share its name", "[gf9-tanks][gf9-escarpments]") {
    const std::string firer = "on_hill = \"no\"\non_escarpment = true", target = "on_escarpment = false\nbelow_escarpment = true";
    const std::string first = "escarpment_between = true\nfirer_distance_to_escarpment = 8\ntarget_distance_to_escarpment = 32\n";
    auto again = [](const char* name, double fd, double td) {
        return std::string("[[escarpment]]\nname = \"") + name + "\"\nfirer_on = true\ntarget_on = false\ntarget_below = true\nbetween = true\n" +
               "firer_distance = " + num(fd) + "\ntarget_distance = " + num(td) + "\n";
    };
    struct Row { const char* what; std::string line, more; const char* los; bool call; };
    const Row rows[] = {
        {"the same escarpment crossed again, blocking there only: blocked, a referee's call", first + "escarpment_name = \"Snake\"\n",
         again("Snake", 36, 4), "blocked", true},
        {"another escarpment (another name) blocking: blocked, no call", first + "escarpment_name = \"Snake\"\n", again("Ledge", 36, 4), "blocked",
         false},
        {"unnamed entries are different escarpments: blocked, no call", first, again("", 36, 4), "blocked", false},
        {"the same escarpment crossed again, neither crossing blocks: clear, no call", first + "escarpment_name = \"Snake\"\n", again("Snake", 16, 24),
         "clear", false},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = umpire::test::rule_toml(g::los(firer, target, r.line) + r.more);
        INFO(g::explanation_text(j));
        CHECK(at(j, "los").as_string() == r.los);
        CHECK(at(j, "referee_call").as_bool() == r.call);
        CHECK((g::explanation_text(j).find("judging only the first crossing, the escarpment would not block") != std::string::npos) == r.call);
    }
}

TEST_CASE("gf9 crossings: rules data crossings = \"first\" judges the first crossing only, and calls it", "[gf9-tanks][gf9-escarpments][gf9-rules-data]") {
    const fs::path dir = umpire::test::rules_data_copy("gf9-tanks.toml", "crossings = \"every\"", "crossings = \"first\"");
    const std::string sit = g::los("on_hill = \"no\"\non_escarpment = true", "on_escarpment = false\nbelow_escarpment = true",
                                   "escarpment_between = true\nfirer_distance_to_escarpment = 8\ntarget_distance_to_escarpment = 32\n"
                                   "escarpment_name = \"Snake\"\n") +
                            "[[escarpment]]\nname = \"Snake\"\nfirer_on = true\ntarget_on = false\ntarget_below = true\nbetween = true\n"
                            "firer_distance = 36\ntarget_distance = 4\n";
    const auto first = umpire::test::run_cli("--rules-data " + dir.string() + " rule - --json", sit);
    INFO(first.err);
    REQUIRE(first.status == 0);
    CHECK(first.out.find("\"los\":\"clear\"") != std::string::npos);
    CHECK(first.out.find("judging every crossing, the escarpment would block") != std::string::npos);
    CHECK(first.out.find("\"referee_call\":true") != std::string::npos);
    const auto every = umpire::test::run_cli("rule - --json", sit);
    CHECK(every.out.find("\"los\":\"blocked\"") != std::string::npos);
    // A bad value is located bad input.
    const fs::path bad = umpire::test::rules_data_copy("gf9-tanks.toml", "crossings = \"every\"", "crossings = \"last\"");
    const auto check = umpire::test::run_cli("check-data " + bad.string());
    CHECK(check.status == 2);
    CHECK(check.err.find("gf9-tanks.toml:") != std::string::npos);
    CHECK(check.err.find("crossings") != std::string::npos);
    fs::remove_all(dir);
    fs::remove_all(bad);
}
