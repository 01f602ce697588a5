// GF9 TANKS "More Terrain" ruled from a table sketch (docs/tables.md): every hill, escarpment
// and river rule that depends on where the tanks stand, measured on the table and ruled by the
// GF9 engine; the table's ruling equals the hand-entered one for the same layout; measurements
// within the tolerance are a referee's call; typed keys that disagree are bad input.
#include <catch2/catch.hpp>

#include "test_table_support.hpp"

using umpire::test::at;
using umpire::test::strings;
using namespace umpire::test::table;

namespace {

const std::string kHill = "[[piece]]\nkind = \"hill\"\nname = \"Big hill\"\ncircle = [24, 24, 6]\n";
const std::string kLos = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\n[target]\nbase = \"B\"\n";
// An escarpment along y = 24 whose top is the north (y > 24): walking east, north is on the left.
const std::string kEsc = "[[piece]]\nkind = \"escarpment\"\nname = \"Cliff\"\nline = [[0, 24], [48, 24]]\ntop = \"left\"\n";

}  // namespace

TEST_CASE("table gf9: GF9-hills, partly or wholly on the hill from where the base stands", "[table][gf9-tanks]") {
    struct Row { const char* what; double x, y; const char* on; };
    const Row rows[] = {
        {"at the hill's centre: wholly on", 24, 24, "wholly"},
        {"straddling its edge: partly on", 24, 30, "partly"},
        {"clear of it: not on", 24, 36, "no"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = rule_on(gf9_table(kHill + tank("A", r.x, r.y) + tank("B", 5, 5)), kLos);
        CHECK(fact(j, "firer.on_hill").as_string() == r.on);
        CHECK(umpire::test::contains(strings(at(j, "citations")), "GF9-hills"));
    }
}

TEST_CASE("table gf9: GF9-hills, a hill between blocks, partly hidden gives cover, hill to hill shoots over", "[table][gf9-tanks]") {
    struct Row { const char* what; std::string pieces; double ax, ay, bx, by; const char* los; bool cover; int between; bool hill_to_hill; };
    const std::string two_hills = "[[piece]]\nkind = \"hill\"\nname = \"West\"\ncircle = [8, 24, 4]\n"
                                  "[[piece]]\nkind = \"hill\"\nname = \"East\"\ncircle = [40, 24, 4]\n";
    const std::string small = "[[piece]]\nkind = \"hill\"\nname = \"Hump\"\ncircle = [24, 23.3, 0.5]\n";
    const Row rows[] = {
        {"no hill between: clear", "", 10, 24, 38, 24, "clear", false, 0, false},
        {"hill between, target hidden: blocked", kHill, 10, 24, 38, 24, "blocked", false, 1, false},
        {"a small hill hides only the target's lower corners: partly hidden, cover", small, 10, 24, 38, 24, "clear", true, 1, false},
        {"wholly on one hill to wholly on another over a hill between: clear", two_hills + "[[piece]]\nkind = \"hill\"\nname = \"Mid\"\ncircle = [24, 24, 3]\n",
         8, 24, 40, 24, "clear", false, 1, true},
        {"the firer's own hill does not count", kHill, 24, 24, 44, 24, "clear", false, 0, false},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = rule_on(gf9_table(r.pieces + tank("A", r.ax, r.ay, 90) + tank("B", r.bx, r.by, 270)), kLos);
        INFO(explanation(j));
        CHECK(at(j, "los").as_string() == r.los);
        CHECK(at(j, "cover").as_bool() == r.cover);
        CHECK(fact(j, "line.hills_between").as_double() == r.between);
        CHECK(at(j, "hill_to_hill").as_bool() == r.hill_to_hill);
    }
}

TEST_CASE("table gf9: GF9-escarpments, the two blocking cases from the measured distances", "[table][gf9-tanks]") {
    struct Row { const char* what; double ay, by; const char* los; double fd, td; };
    const Row rows[] = {
        {"firer on top 6 in back, target below 4 in out (closer): blocked", 30, 20, "blocked", 6, 4},
        {"firer on top 6 in back, target below 8 in out (further): clear", 30, 16, "clear", 6, 8},
        {"firer below 4 in out, target on top 6 in back (further): blocked", 20, 30, "blocked", 4, 6},
        {"firer below 4 in out, target on top 2 in back (closer): clear", 20, 26, "clear", 4, 2},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = rule_on(gf9_table(kEsc + tank("A", 24, r.ay) + tank("B", 24, r.by)), kLos);
        INFO(explanation(j));
        CHECK(at(j, "los").as_string() == r.los);
        CHECK(fact(j, "line.firer_distance_to_escarpment").as_double() == Approx(r.fd));
        CHECK(fact(j, "line.target_distance_to_escarpment").as_double() == Approx(r.td));
        CHECK(fact(j, "line.escarpment_between").as_bool());
        CHECK(at(j, "referee_call").as_bool() == false);
        CHECK(explanation(j).find("Table: target " + num(r.td) + ".0 in from escarpment \"Cliff\" along the line of sight") != std::string::npos);
    }
}

TEST_CASE("table gf9: GF9-escarpments, distances within the measuring tolerance are a referee's call showing both readings", "[table][gf9-tanks]") {
    // Firer on top 6 in back; target below 5.95 in out: closer by 0.05 in, within the 0.125 in tolerance.
    const auto j = rule_on(gf9_table(kEsc + tank("A", 24, 30) + tank("B", 24, 18.05)), kLos);
    INFO(explanation(j));
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(at(j, "referee_call").as_bool());
    const auto text = explanation(j);
    CHECK(text.find("within the 0.125 in measuring tolerance") != std::string::npos);
    CHECK(text.find("LINE OF SIGHT CLEAR") != std::string::npos);    // the other reading
    CHECK(text.find("as measured: LINE OF SIGHT BLOCKED") != std::string::npos);
    // Well clear of the threshold: no call.
    CHECK_FALSE(at(rule_on(gf9_table(kEsc + tank("A", 24, 30) + tank("B", 24, 20)), kLos), "referee_call").as_bool());
}

TEST_CASE("table gf9: GF9-hills, a base at the hill's edge within the tolerance is a referee's call when it matters", "[table][gf9-tanks]") {
    // The target's rear edge (y = 17.2 - 1.25 = 15.95) reaches 0.05 in over the rim of the hill (y = 16): partly on
    // it by less than the 0.125 in tolerance, so it is ruled as off it too.
    const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"Rim\"\ncircle = [24, 10, 6]\n";
    const auto j = rule_on(gf9_table(hill + "[[piece]]\nkind = \"hill\"\nname = \"Mid\"\ncircle = [24, 30, 3]\n" + tank("A", 24, 44) +
                                     tank("B", 24, 17.2)),
                           kLos);
    INFO(explanation(j));
    CHECK(fact(j, "target.on_hill").as_string() == "partly");
    CHECK(explanation(j).find("measuring tolerance") != std::string::npos);
}

TEST_CASE("table gf9: moving a piece off the line clears it", "[table][gf9-tanks][property]") {
    bool was_clear = false;
    for (double dy = 0; dy <= 12; dy += 0.5) {
        const std::string hill = "[[piece]]\nkind = \"hill\"\nname = \"H\"\ncircle = [24, " + num(24 + dy) + ", 3]\n";
        const auto j = rule_on(gf9_table(hill + tank("A", 10, 24, 90) + tank("B", 38, 24, 270)), kLos);
        const bool clear = at(j, "los").as_string() == "clear";
        INFO("hill moved " << dy << " in off the line");
        if (dy == 0) CHECK_FALSE(clear);
        if (was_clear) CHECK(clear);  // once off the line it stays off
        was_clear = was_clear || clear;
        if (dy >= 5) CHECK(fact(j, "line.hills_between").as_double() == 0);  // 3 in radius + 1.25 in half a tank + margin
    }
    CHECK(was_clear);
}

TEST_CASE("table gf9: a unit wholly on a hill is also partly on it (touching it)", "[table][gf9-tanks][property]") {
    for (double x = 14; x <= 34; x += 1) {
        const auto j = rule_on(gf9_table(kHill + tank("A", x, 24) + tank("B", 2, 2)), kLos);
        const std::string on = fact(j, "firer.on_hill").as_string();
        INFO("x = " << x << ": " << on);
        // Wholly on implies on (partly or wholly); and a base clear of the 6 in circle is on no hill.
        if (std::abs(x - 24) <= 6 - 1.25) CHECK(on == "wholly");
        if (on == "wholly") CHECK(on != "no");
        if (std::abs(x - 24) > 6 + 1.25) CHECK(on == "no");
    }
}

TEST_CASE("table gf9: table rulings equal the hand-entered rulings for the same layout", "[table][gf9-tanks]") {
    struct Row { const char* example; std::string table; std::string situation; };
    const std::string move = "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [[24, 10]]\n";
    const Row rows[] = {
        {"gf9-tanks-los-escarpment-below-closer.toml", gf9_table(kEsc + tank("A", 24, 30) + tank("B", 24, 20)), kLos},
        {"gf9-tanks-los-hidden-behind-hill.toml",
         gf9_table("[[piece]]\nkind = \"hill\"\nname = \"Own\"\ncircle = [6, 24, 4]\n" +
                   std::string("[[piece]]\nkind = \"hill\"\nname = \"Next\"\ncircle = [24, 24, 4]\n") + tank("A", 10, 24, 90) + tank("B", 40, 24)),
         kLos},
        {"gf9-tanks-los-partly-hidden-cover.toml",
         gf9_table("[[piece]]\nkind = \"hill\"\nname = \"Hump\"\ncircle = [24, 23.3, 0.5]\n" + tank("A", 10, 24, 90) + tank("B", 38, 24, 270)), kLos},
        {"gf9-tanks-move-river-ford.toml",
         gf9_table("[[piece]]\nkind = \"river\"\nline = [[0, 20], [48, 20]]\nwidth = 2\n"
                   "[[piece]]\nkind = \"ford\"\npoints = [[21, 18], [27, 18], [27, 22], [21, 22]]\n"
                   "[[piece]]\nkind = \"rough\"\npoints = [[20, 26], [28, 26], [28, 32], [20, 32]]\n" + tank("A", 24, 30)),
         move},
    };
    for (const auto& r : rows) {
        INFO(r.example);
        const auto hand = umpire::test::engine().rule_file(std::filesystem::path(UMPIRE_SOURCE_DIR) / "examples" / r.example).to_json();
        const auto j = rule_on(r.table, r.situation);
        INFO(explanation(j));
        for (const char* key : {"los", "cover", "hill_to_hill", "movement", "referee_call", "verdict"})
            if (at(hand, key).is_null()) CHECK(at(j, key).is_null());
            else CHECK(at(j, key).dump() == at(hand, key).dump());
    }
}

TEST_CASE("table gf9: GF9-rivers, creeks, swamps, escarpments: terrain crossed by a move", "[table][gf9-tanks]") {
    const std::string river = "[[piece]]\nkind = \"river\"\nline = [[0, 20], [48, 20]]\nwidth = 2\n";
    const std::string road = "[[piece]]\nkind = \"road\"\nline = [[24, 0], [24, 48]]\nwidth = 2\n";
    struct Row { const char* what; std::string pieces; std::string extra; const char* movement; const char* rule; };
    const Row rows[] = {
        {"a river with no bridge or ford: impassable", river, "", "impassable", "GF9-rivers"},
        {"a river at a bridge: single move", river + "[[piece]]\nkind = \"bridge\"\npoints = [[22, 17], [26, 17], [26, 23], [22, 23]]\n", "",
         "single-move", "GF9-rivers"},
        {"a river, amphibious: single move", river, "amphibious = true\n", "single-move", "GF9-rivers"},
        {"a creek: single move", "[[piece]]\nkind = \"creek\"\nline = [[0, 20], [48, 20]]\nwidth = 1\n", "", "single-move", "GF9-creeks"},
        {"a swamp off the road: impassable", "[[piece]]\nkind = \"swamp\"\npoints = [[18, 16], [30, 16], [30, 24], [18, 24]]\n", "", "impassable",
         "GF9-swamps"},
        {"a swamp along a road through it: normal", road + "[[piece]]\nkind = \"swamp\"\npoints = [[18, 16], [30, 16], [30, 24], [18, 24]]\n", "",
         "normal", "GF9-swamps"},
        {"down an escarpment: impassable", kEsc, "", "impassable", "GF9-escarpments"},
        {"open ground: normal", "", "", "normal", "GF9-core"},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto j = rule_on(gf9_table(r.pieces + tank("A", 24, 30)),
                               "system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [[24, 10]]\n" + r.extra);
        INFO(explanation(j));
        CHECK(at(j, "movement").as_string() == r.movement);
        CHECK(umpire::test::contains(strings(at(j, "citations")), r.rule));
        CHECK(at(at(j, "table"), "moved").as_double() == Approx(20));
    }
}

TEST_CASE("table gf9: a typed key the table disagrees with is bad input naming both", "[table][gf9-tanks][bad-input]") {
    const std::string table = umpire::test::temp_file(gf9_table(kHill + tank("A", 24, 24) + tank("B", 40, 40)));
    const std::string sit = umpire::test::temp_file("table = \"" + table + "\"\nsystem = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\non_hill = \"no\"\n[target]\nbase = \"B\"\n");
    const auto r = umpire::test::run_cli("rule " + sit);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(sit + ":6:11: firer.on_hill: \"no\" is typed here, but the table gives \"wholly\" (firer base \"A\" wholly on hill \"Big hill\"") !=
          std::string::npos);
    // A typed key that agrees is accepted.
    const std::string ok = umpire::test::temp_file("table = \"" + table + "\"\nsystem = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"A\"\non_hill = \"wholly\"\n[target]\nbase = \"B\"\n");
    CHECK(umpire::test::run_cli("rule " + ok).status == 0);
}

TEST_CASE("table gf9: bad situations on a table are located", "[table][gf9-tanks][bad-input]") {
    const std::string table = umpire::test::temp_file(gf9_table(tank("A", 24, 24) + tank("B", 40, 40)));
    struct Row { std::string body; std::string says; };
    const Row rows[] = {
        {"system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\nbase = \"Tigre\"\n[target]\nbase = \"B\"\n",
         ":5:8: firer.base: no base \"Tigre\" on the table"},
        {"system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\npath = [[60, 2]]\n", ":6:9: move.path: expected a point [x, y] on the table"},
        {"system = \"gf9-tanks\"\nquestion = \"movement\"\n[move]\nbase = \"A\"\n", "move.path: missing required key"},
    };
    for (const auto& r : rows) {
        INFO(r.body);
        const std::string sit = umpire::test::temp_file("table = \"" + table + "\"\n" + r.body);
        const auto c = umpire::test::run_cli("rule " + sit);
        CHECK(c.status == 2);
        CHECK(c.err.find(r.says) != std::string::npos);
    }
    // An AGV table named by a GF9 situation.
    const std::string agv = umpire::test::temp_file(agv_table(""));
    const std::string sit = umpire::test::temp_file("table = \"" + agv + "\"\nsystem = \"gf9-tanks\"\nquestion = \"los\"\n");
    const auto c = umpire::test::run_cli("rule " + sit);
    CHECK(c.status == 2);
    CHECK(c.err.find(":1:9: table: \"" + agv + "\" is a table for agv; this situation is gf9-tanks") != std::string::npos);
}
