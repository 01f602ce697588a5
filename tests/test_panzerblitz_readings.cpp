// PanzerBlitz, issue 22 (rulings review): explanations name only what decided the line, and the
// points the notes leave open are ruled both ways with the referee's-call flag.
//
// Sections
//   helpers         a situation typed by hand; a Situation ruled with edited [choices]
//   item 1          `notes` / "Decided by" name only deciding notes; `blocked_by`, `notes_applied`
//   item 2          note N's exception and woods on a level 2 hilltop (n_exception_level2_woods)
//   item 3          wording: "an orange", each fraction once, the one used
//   item 5          note L against note E: the level 2 unit's own hill (l_own_hill)
//   item 6          woods or town on a slope (woods_on_slope)
//   item 9          notes E/F: every measure the docs name, flagged where any differs
//   item 12         boards: two symbols on one hexside, woods on a slope, fords and road crossings
#include <catch2/catch.hpp>

#include <random>

#include "board/board_edit.hpp"

#include "games/panzerblitz/board.hpp"
#include "support.hpp"

namespace pb = umpire::panzerblitz;
namespace board = umpire::board;
using umpire::test::at;
using umpire::test::contains;
using umpire::test::strings;

namespace {

const pb::Data& data() { return umpire::test::engine().get<pb::PanzerBlitz>()->data(); }

umpire::json::Value hand(const std::string& firer, const std::string& target, int range, const std::string& obstacles) {
    return umpire::test::rule_toml("system = \"panzerblitz\"\n[firer]\nelevation = \"" + firer + "\"\n[target]\nelevation = \"" + target +
                                   "\"\n[line]\nrange = " + std::to_string(range) + "\nobstacles = " + obstacles + "\n");
}

std::string explanation(const umpire::json::Value& j) {
    std::string t;
    for (const auto& e : strings(at(j, "explanation"))) t += e + "\n";
    return t;
}

board::Board board_from(const std::string& text) {
    return board::parse_board(umpire::parse_toml_string(text, "t.toml"), "t.toml", pb::board_vocabulary());
}

pb::BoardLos los_on(const board::Board& b, const char* from, const char* to) {
    return pb::board_los(data(), b, *b.parse_hex(from), *b.parse_hex(to));
}

umpire::json::Value field(const umpire::Ruling& r, const std::string& key) { return at(r.to_json(), key); }

// One open case typed by hand: the line under Umpire's reading and, where the other reading of
// rules-data [choices] `choice` rules it otherwise, that verdict in `alternatives` with the
// referee's-call flag (`other` "": both readings agree, no alternative).
struct Open {
    const char* what;
    const char* firer;
    const char* target;
    int range;
    const char* obstacles;  // TOML inline array
    const char* los;
    const char* other;
};

umpire::json::Value check_open(const Open& c, const char* choice) {
    INFO(c.what);
    const auto j = hand(c.firer, c.target, c.range, c.obstacles);
    INFO(explanation(j));
    CHECK(at(j, "los").as_string() == c.los);
    const auto alts = at(j, "alternatives");
    if (*c.other) {
        REQUIRE(alts.is_array());
        CHECK(at(alts.as_array().at(0), "choice").as_string() == choice);
        CHECK(at(alts.as_array().at(0), "los").as_string() == c.other);
        CHECK(at(j, "referee_call").as_bool());
    } else {
        CHECK(alts.is_null());
    }
    return j;
}

}  // namespace

// ---- item 1 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 1: the issue's one-column board, a yellow no note covers blocks, note C only cleared a brown",
          "[panzerblitz][issue22][PB-C][PB-LOS]") {
    // PB-C clears the brown (hexside 2 of 5: 2 sides from the firer, 4 from the target, closer to
    // the firer). No note covers a yellow between a level 1 hilltop and ground: the straight line
    // (120 m to 0 m, 4/6 of the way: 40 m) passes below its 165 m. No note decides the line.
    const board::Board b = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 6\n[hexes]\nl1-hilltop = [\"0101\"]\nl1-slope = [\"0102\"]\n"
        "l2-slope = [\"0105\"]\n[hexsides]\norange = [\"0101/D\"]\nbrown = [\"0102/D\"]\nyellow = [\"0104/D\"]\n");
    const pb::BoardLos los = los_on(b, "0101", "0106");
    const auto j = los.ruling.to_json();
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(at(j, "referee_call").as_bool());
    CHECK(strings(at(j, "notes")).empty());
    CHECK(contains(strings(at(j, "notes_applied")), "C"));
    const auto& by = at(j, "blocked_by").as_array();
    REQUIRE(by.size() == 1);
    CHECK(at(by[0], "symbol").as_string() == "yellow");
    CHECK(at(by[0], "side").as_int() == 4);
    CHECK(at(by[0], "note").is_null());
    CHECK(los.ruling.detail.find("Decided by") == std::string::npos);
    CHECK(los.ruling.detail.find("yellow on hexside 4 of 5") != std::string::npos);
    CHECK(los.ruling.detail.find("no note decides") != std::string::npos);
    CHECK(los.routes[los.decider].notes.empty());
}

TEST_CASE("panzerblitz issue 22 item 1: notes name only notes that decided, in several layouts", "[panzerblitz][issue22]") {
    struct C {
        const char* what;
        const char* firer;
        const char* target;
        int range;
        const char* obstacles;
        const char* los;
        std::vector<std::string> notes;    // exactly
        std::vector<std::string> applied;  // among notes_applied
    };
    const C cases[] = {
        // PB-A clears a green away from the target; no note covers a yellow from a level 1 slope to ground: it blocks.
        {"A clears, uncovered yellow blocks", "l1-slope", "ground", 5, "[{symbol = \"green\", side = 3}, {symbol = \"yellow\", side = 4}]", "blocked", {}, {"A"}},
        // PB-C clears a brown nearer the firer; a purple no note covers blocks (level 1 hilltop firer is lower).
        {"C clears, uncovered purple blocks", "l1-hilltop", "ground", 6, "[{symbol = \"brown\", side = 2}, {symbol = \"purple\", side = 5}]", "blocked", {}, {"C"}},
        // GULLY-B converts the gully unit; PB-B clears the green; the yellow no note covers blocks.
        {"GULLY-B converts, uncovered blocks", "gully", "l1-slope", 4, "[{symbol = \"green\", side = 2}, {symbol = \"yellow\", side = 2}]", "blocked", {}, {"GULLY-B", "B"}},
        // PB-J allows two orange between level 1 and level 2 (L); the purple no note covers blocks.
        {"L allows, uncovered purple blocks", "l1-slope", "l2-slope", 6,
         "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 3}, {symbol = \"purple\", side = 4}]", "blocked", {}, {"J", "L"}},
        // A note blocks: only the blocking note is named (C cleared nothing here, D decides).
        {"D blocks, A clears", "ground", "l1-hilltop", 6, "[{symbol = \"green\", side = 4}, {symbol = \"brown\", side = 2}]", "blocked", {"D"}, {"B", "D"}},
        // Clear: every note that cleared a symbol decided.
        {"clear: C and A both cleared", "l1-hilltop", "ground", 6, "[{symbol = \"green\", side = 4}, {symbol = \"brown\", side = 2}]", "clear", {"A", "C"}, {"A", "C"}},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        const auto j = hand(c.firer, c.target, c.range, c.obstacles);
        INFO(explanation(j));
        CHECK(at(j, "los").as_string() == c.los);
        auto notes = strings(at(j, "notes"));
        std::sort(notes.begin(), notes.end());
        CHECK(notes == c.notes);
        for (const auto& n : c.applied) CHECK(contains(strings(at(j, "notes_applied")), n));
    }
}

TEST_CASE("panzerblitz issue 22 item 1 on random situations: a blocked line names only notes that blocked a symbol",
          "[panzerblitz][issue22][property]") {
    // Independent check: every note in `notes` of a blocked line (GULLY-B aside: it made the note
    // apply) blocks some symbol by itself, i.e. is the `note` of an entry of `blocked_by`; when every
    // entry has no note, `notes` is empty and the ruling is a referee's call.
    std::mt19937 rng(22);
    const std::vector<std::string> elev = {"ground", "gully", "l1-slope", "l1-hilltop", "l2-slope", "l2-hilltop"};
    const std::vector<std::string> sym = {"green", "grey", "brown", "orange", "yellow", "purple"};
    int blocked_uncovered = 0;
    for (int n = 0; n < 1500; ++n) {
        const int range = 2 + int(rng() % 8);
        std::string obs = "[";
        const int k = int(rng() % 4);
        for (int i = 0; i < k; ++i)
            obs += "{symbol = \"" + sym[rng() % sym.size()] + "\", side = " + std::to_string(1 + rng() % unsigned(range)) + "},";
        obs += "]";
        const std::string f = elev[rng() % elev.size()], t = elev[rng() % elev.size()];
        const auto j = hand(f, t, range, obs);
        if (at(j, "los").as_string() != "blocked") continue;
        std::vector<std::string> by_notes;
        bool any_uncovered = false;
        for (const auto& e : at(j, "blocked_by").as_array())
            if (at(e, "note").is_null()) any_uncovered = true;
            else by_notes.push_back(at(e, "note").as_string());
        INFO(f << " -> " << t << " range " << range << " " << obs);
        for (const auto& note : strings(at(j, "notes")))
            if (note != "GULLY-B" && note != "GULLY-A") CHECK(contains(by_notes, note));
        if (by_notes.empty() && !contains(strings(at(j, "notes")), "GULLY-A")) {
            CHECK(any_uncovered);
            CHECK(strings(at(j, "notes")).empty());
            CHECK(at(j, "referee_call").as_bool());
            ++blocked_uncovered;
        }
    }
    CHECK(blocked_uncovered > 20);
}

// ---- item 2 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 2: woods on a level 2 hilltop and note N's exception, the issue's board both ways",
          "[panzerblitz][issue22][PB-N]") {
    // Note N: woods on hilltops obstruct all fire; its only exception (a level 2 unit and a level 1
    // hilltop unit) applies notes A/B with the level 1 unit as at ground level. Its premise fits woods
    // on the level 1 hilltop; here the woods stand on the level 2 hilltop: referee's call, blocked
    // by N's rule (rules-data n_exception_level2_woods = "blocks"), clear by A/B.
    const board::Board b = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 6\n[hexes]\nl2-hilltop = [\"0101-0102\"]\nl2-slope = [\"0103\"]\n"
        "l1-hilltop = [\"0104-0105\"]\n[hex_features]\nwoods-hex = [\"0102\"]\n");
    for (const auto& [from, to] : {std::pair{"0101", "0105"}, std::pair{"0105", "0101"}}) {
        INFO(from << " -> " << to);
        const auto j = los_on(b, from, to).ruling.to_json();
        const std::string text = explanation(j);
        INFO(text);
        CHECK(at(j, "los").as_string() == "blocked");
        CHECK(at(j, "referee_call").as_bool());
        CHECK(text.find("stands on a level 2 hilltop") != std::string::npos);
        CHECK(text.find("target's level 1 hilltop") == std::string::npos);
        const auto& alts = at(j, "alternatives").as_array();
        REQUIRE(alts.size() == 1);
        CHECK(at(alts[0], "choice").as_string() == "n_exception_level2_woods");
        CHECK(at(alts[0], "los").as_string() == "clear");
    }
}

TEST_CASE("panzerblitz issue 22 item 2: which hill the woods stand on, by hand, both readings", "[panzerblitz][issue22][PB-N]") {
    const Open cases[] = {
        // On the level 1 hilltop: the exception's own case, note A (target not directly behind): clear, no call.
        {"level 1 hilltop woods, target not behind", "l2-hilltop", "l1-hilltop", 5, "[{symbol = \"green\", side = 3, stands_on = \"l1-hilltop\"}]", "clear", ""},
        // on_hilltop alone means the data's hilltop_base (level 1).
        {"on_hilltop alone: level 1", "l2-slope", "l1-hilltop", 5, "[{symbol = \"green\", side = 3, on_hilltop = true}]", "clear", ""},
        // On the level 2 hilltop: N's rule blocks, A would clear: a call.
        {"level 2 hilltop woods, firer level 2", "l2-hilltop", "l1-hilltop", 5, "[{symbol = \"grey\", side = 2, stands_on = \"l2-hilltop\"}]", "blocked", "clear"},
        {"level 2 hilltop town hex, firer level 1 (B would clear)", "l1-hilltop", "l2-hilltop", 6, "[{symbol = \"town-hex\", hex = 4, stands_on = \"l2-hilltop\"}]", "blocked", "clear"},
        // Both readings block (the level 1 target directly behind, note A): no call.
        {"level 2 hilltop woods directly before the target", "l2-hilltop", "l1-hilltop", 4, "[{symbol = \"green\", side = 4, stands_on = \"l2-hilltop\"}]", "blocked", ""},
        // Not the exception's units (two level 2 hilltops): N blocks whichever hill, no call.
        {"two level 2 hilltops", "l2-hilltop", "l2-hilltop", 4, "[{symbol = \"green\", side = 2, stands_on = \"l2-hilltop\"}]", "blocked", ""},
    };
    for (const auto& c : cases) CHECK(contains(strings(at(check_open(c, "n_exception_level2_woods"), "notes")), "N"));
    // The other reading in rules-data rules the line the other way and still flags it.
    pb::Data d = data();
    d.choices.n_exception_level2_woods = "notes-a-b";
    pb::Situation s;
    s.firer = "l2-hilltop";
    s.target = "l1-hilltop";
    s.range = 5;
    s.obstacles = {pb::Obstacle{"grey", 2, true, false, "l2-hilltop"}};
    const umpire::Ruling r = pb::rule(d, s);
    CHECK(field(r, "los").as_string() == "clear");
    CHECK(r.referee_call);
}

// ---- item 3 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 3: wording, each fraction is the one the ruling used", "[panzerblitz][issue22]") {
    // No note covers an orange between a level 1 slope and a level 1 hilltop: "an orange".
    {
        const auto j = hand("l1-slope", "l1-hilltop", 6, "[{symbol = \"orange\", side = 3}]");
        const std::string text = explanation(j);
        CHECK(text.find("a orange") == std::string::npos);
        CHECK(text.find("an orange symbol") != std::string::npos);
        // The straight line's fraction is the one it used: hexside 3 of 6 lies 3/7 of the way.
        CHECK(text.find("at 3/7 of the way") != std::string::npos);
    }
    // Note F (range 5, hexside 2): the threshold is a threshold, the position is 2/6 (note C's count);
    // the other measures are named as such. "judged at 1/3 of the way" is gone.
    {
        const auto j = hand("ground", "l2-hilltop", 5, "[{symbol = \"orange\", side = 2}]");
        const std::string text = explanation(j);
        INFO(text);
        CHECK(text.find("judged at") == std::string::npos);
        CHECK(text.find("note F blocks a symbol 1/3 or less of the distance from the firer") != std::string::npos);
        CHECK(text.find("2/6 of the way from the firer, 1/3 or less") != std::string::npos);
        CHECK(text.find("the range from the firer to the hex beyond it, 2 of 5 hexes (2/5), not 1/3 or less") != std::string::npos);
    }
    // Notes A, C, G decide by "directly behind" or by counts: their steps state no fraction.
    for (const auto& [f, t, obs] : {std::tuple{"l1-hilltop", "ground", "[{symbol = \"brown\", side = 3}]"},
                                    std::tuple{"l1-hilltop", "ground", "[{symbol = \"green\", side = 3}]"},
                                    std::tuple{"l2-hilltop", "l1-slope", "[{symbol = \"yellow\", side = 2}]"}}) {
        const auto j = hand(f, t, 5, obs);
        for (const auto& step : strings(at(j, "explanation")))
            if (step.rfind("PB-A", 0) == 0 || step.rfind("PB-C", 0) == 0 || step.rfind("PB-G", 0) == 0) CHECK(step.find("of the way") == std::string::npos);
    }
}

// ---- item 5 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 5: note L against note E, the level 2 unit's own hill", "[panzerblitz][issue22][PB-L][PB-E]") {
    const Open cases[] = {
        // Own purple crest then the plateau's orange: not counted, E clears the orange (2/7): clear; literally L blocks.
        {"own hill, E clears", "l2-hilltop", "ground", 6, "[{symbol = \"purple\", side = 1}, {symbol = \"orange\", side = 2}]", "clear", "blocked"},
        // The converse (F, K): ground up to the level 2 hilltop, its crest at side 6, the orange at 5 (5/7: not 1/3 or less).
        {"own hill, F clears", "ground", "l2-hilltop", 6, "[{symbol = \"orange\", side = 5}, {symbol = \"purple\", side = 6}]", "clear", "blocked"},
        // Purple inside the plateau (note P), the orange far out: E blocks it (6/8 >= 2/3) under both readings: no call.
        {"E blocks either way", "l2-hilltop", "ground", 7, "[{symbol = \"purple\", side = 2}, {symbol = \"orange\", side = 6}]", "blocked", ""},
        // Another hill entered and left beyond the own hill: two symbols remain, L blocks either way.
        {"another hill: L blocks either way", "l2-hilltop", "ground", 9,
         "[{symbol = \"purple\", side = 1}, {symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 4}, {symbol = \"orange\", side = 5}]", "blocked", ""},
        // No purple: the two oranges are not the level 2 unit's own hill: L blocks, no call.
        {"no crest: L blocks", "l2-hilltop", "ground", 9, "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 3}]", "blocked", ""},
        // The orange before the purple (from the level 2 unit) is not its plateau edge: L blocks.
        {"orange before the crest: L blocks", "l2-hilltop", "ground", 6, "[{symbol = \"orange\", side = 1}, {symbol = \"purple\", side = 2}]", "blocked", ""},
    };
    for (const auto& c : cases) check_open(c, "l_own_hill");
    // "counted" in rules-data: L read literally blocks, still flagged.
    pb::Data d = data();
    d.choices.l_own_hill = "counted";
    pb::Situation s;
    s.firer = "l2-hilltop";
    s.target = "ground";
    s.range = 6;
    s.obstacles = {pb::Obstacle{"purple", 1, false, false, ""}, pb::Obstacle{"orange", 2, false, false, ""}};
    const umpire::Ruling r = pb::rule(d, s);
    CHECK(field(r, "los").as_string() == "blocked");
    CHECK(strings(field(r, "notes")) == std::vector<std::string>{"L"});
    CHECK(r.referee_call);
}

// ---- item 6 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 6: a woods or town on a slope, no note covers it, ruled both ways", "[panzerblitz][issue22][PB-LOS]") {
    const Open cases[] = {
        // 120 m to 0 m, the woods at 4/6 of the way (40 m) stands 55 + 15 = 70 m: hidden; note A: not directly behind.
        {"level 1 hilltop down, woods hex on a level 1 slope", "l1-hilltop", "ground", 6, "[{symbol = \"woods-hex\", hex = 4, stands_on = \"l1-slope\"}]", "blocked", "clear"},
        // Converse: ground up to a level 1 hilltop, the woods at 2/6 (80 m) under 70 m: passes over; note B: not behind the firer, clear both.
        {"ground up, woods hex on a slope near the target", "ground", "l1-hilltop", 6, "[{symbol = \"woods-hex\", hex = 4, stands_on = \"l1-slope\"}]", "clear", ""},
        // Green hexside on a level 2 slope between level 2 hilltop and ground: 155 + 15 = 170 m at 3/6 of 220 -> 110 m: blocks; A clears.
        {"green on a level 2 slope", "l2-hilltop", "ground", 5, "[{symbol = \"green\", side = 3, stands_on = \"l2-slope\"}]", "blocked", "clear"},
        // Directly behind (A blocks) and the heights block too: the same.
        {"town hex before the target on a slope", "l1-hilltop", "ground", 4, "[{symbol = \"town-hex\", hex = 3, stands_on = \"l1-slope\"}]", "blocked", ""},
    };
    for (const auto& c : cases) {
        const auto j = check_open(c, "woods_on_slope");
        CHECK(at(j, "referee_call").as_bool());  // no note covers it: always a referee's call
        CHECK(explanation(j).find("No note covers") != std::string::npos);
    }
    // From a board: a woods hex on a slope hex stands on the slope.
    const board::Board b = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 7\n[hexes]\nl1-hilltop = [\"0101\"]\nl1-slope = [\"0105\"]\n"
        "[hex_features]\nwoods-hex = [\"0105\"]\n");
    const auto j = los_on(b, "0101", "0107").ruling.to_json();
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(at(j, "referee_call").as_bool());
    CHECK(at(at(j, "alternatives").as_array().at(0), "choice").as_string() == "woods_on_slope");
}

// ---- item 9 ----------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 9: notes E and F flagged where any measure the docs name differs", "[panzerblitz][issue22][PB-E][PB-F]") {
    // Independent of the engine: the three measures of hexside k of range n as fractions of the way
    // from the firer: note C's count k/(n+1) (the distance along the line, (k-1/2)/n, always agrees),
    // the range to the hex beyond it k/n, and that range counted from the target (note K), (k-1)/n.
    int calls = 0;
    for (int n = 2; n <= 12; ++n)
        for (int k = 1; k <= n; ++k)
            for (const bool e : {true, false}) {
                const bool m0 = e ? 3 * k >= 2 * (n + 1) : 3 * k <= n + 1;
                const bool m1 = e ? 3 * k >= 2 * n : 3 * k <= n;
                const bool m2 = e ? 3 * (k - 1) >= 2 * n : 3 * (k - 1) <= n;
                const auto j = e ? hand("l2-hilltop", "ground", n, "[{symbol = \"brown\", side = " + std::to_string(k) + "}]")
                                 : hand("ground", "l2-hilltop", n, "[{symbol = \"yellow\", side = " + std::to_string(k) + "}]");
                INFO((e ? "E" : "F") << " range " << n << " side " << k);
                CHECK(at(j, "los").as_string() == (m0 ? "blocked" : "clear"));
                const auto& m = at(j, "los_by_measure");
                CHECK(at(m, "hexsides").as_string() == (m0 ? "blocked" : "clear"));
                CHECK(at(m, "range_from_firer").as_string() == (m1 ? "blocked" : "clear"));
                CHECK(at(m, "range_from_target").as_string() == (m2 ? "blocked" : "clear"));
                CHECK(at(j, "los_by_range").as_string() == (m1 ? "blocked" : "clear"));
                const bool call = m0 != m1 || m0 != m2;
                CHECK(at(j, "referee_call").as_bool() == call);
                calls += call;
            }
    CHECK(calls > 20);
    // A note that blocks elsewhere on the line decides it whatever E measures: no call.
    const auto j = hand("l2-hilltop", "ground", 5, "[{symbol = \"yellow\", side = 4}, {symbol = \"green\", side = 5}]");
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK_FALSE(at(j, "referee_call").as_bool());
}

// ---- item 12 ---------------------------------------------------------------------------

TEST_CASE("panzerblitz issue 22 item 12: two symbols on one hexside, drawn, written back and ruled by their notes",
          "[panzerblitz][issue22][board][PB-N][PB-C]") {
    // A woods edge on a hilltop outline: the level 1 hilltop 0101-0102 ends at 0102/D, where a woods
    // on the hilltop also stands. Alone, the orange is the firer's own crest (no note; a referee's
    // call, clear); the woods on the hilltop obstructs all fire (note N): blocked by N.
    const std::string text =
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 7\n[hexes]\nl1-hilltop = [\"0101-0102\"]\n[hexsides]\n"
        "orange = [\"0102/D\"]\nhilltop-green = [\"0102/D\"]\nbrown = [\"0104/D\"]\norange-with-hilltop-grey = [\"0105/D\"]\n";
    const board::Board b = board_from(text);
    const auto* f = b.side(*b.parse_hex("0102"), 3);
    REQUIRE(f);
    CHECK(b.vocabulary.hexside_features[std::size_t(f->feature)] == "orange-with-hilltop-green");
    // write_board writes the pair under its own name; read back, the board is the same.
    const std::string written = board::write_board(b);
    CHECK(written.find("orange-with-hilltop-green = ") != std::string::npos);
    CHECK(board::equal_boards(b, board_from(written)));
    const pb::BoardLos los = los_on(b, "0101", "0104");
    std::vector<std::string> met;
    for (const auto& x : los.routes[los.decider].symbols) met.push_back(x.obstacle.symbol + (x.obstacle.on_hilltop ? "^" : "") + "@" + std::to_string(x.obstacle.index));
    CHECK(met == std::vector<std::string>{"orange@2", "green^@2"});
    const auto j = los.ruling.to_json();
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(strings(at(j, "notes")) == std::vector<std::string>{"N"});
    // A slope corner on a hilltop outline (brown with orange) counts both: the brown by note C (hexside
    // 3 of 5 from the level 1 hilltop: midway, blocks), the orange by note L (two with 0102/D's).
    const board::Board corner = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 7\n[hexes]\nl1-hilltop = [\"0101\"]\n[hexsides]\n"
        "brown = [\"0103/D\"]\norange = [\"0103/D\"]\n");
    CHECK(corner.vocabulary.hexside_features[std::size_t(corner.side(*corner.parse_hex("0103"), 3)->feature)] == "brown-with-orange");
    const auto cj = los_on(corner, "0101", "0106").ruling.to_json();
    CHECK(at(cj, "los").as_string() == "blocked");
    CHECK(contains(strings(at(cj, "notes")), "C"));
    // Painted (the window's Paint mode, board_edit's set_side): a woods edge painted over an orange
    // side joins it; painting it again changes nothing; undo gives the orange back.
    {
        board::Board p = board_from("system = \"panzerblitz\"\ncolumns = 2\nrows = 3\n[hexes]\nl1-hilltop = [\"0101\"]\n");
        const auto& names = p.vocabulary.hexside_features;
        const auto index = [&](const char* n) { return int(std::find(names.begin(), names.end(), n) - names.begin()); };
        board::EditHistory h;
        const auto at0101 = *p.parse_hex("0101");
        CHECK(h.set_side(p, at0101, 3, index("orange")));
        CHECK(h.set_side(p, at0101, 3, index("hilltop-green")));
        CHECK(names[std::size_t(p.side(at0101, 3)->feature)] == "orange-with-hilltop-green");
        CHECK_FALSE(h.set_side(p, at0101, 3, index("hilltop-green")));
        CHECK_FALSE(h.set_side(p, at0101, 3, index("orange")));
        CHECK(h.undo(p));
        CHECK(names[std::size_t(p.side(at0101, 3)->feature)] == "orange");
        CHECK(h.set_side(p, at0101, 3, index("grey")));  // a town edge on the same outline
        CHECK(names[std::size_t(p.side(at0101, 3)->feature)] == "orange-with-grey");
        CHECK(h.set_side(p, at0101, 3, -1));
        CHECK(p.side(at0101, 3) == nullptr);
    }
    // Two woods/town symbols on one hexside are still refused, located.
    try {
        board_from("system = \"panzerblitz\"\ncolumns = 2\nrows = 2\n[hexsides]\ngreen = [\"0101/D\"]\ngrey = [\"0101/D\"]\n");
        FAIL("two woods/town symbols on one hexside were accepted");
    } catch (const umpire::InputError& e) {
        REQUIRE(!e.diagnostics().empty());
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("t.toml:6:"));
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("a hexside has one feature"));
    }
}

TEST_CASE("panzerblitz issue 22 item 12: a woods hexside on a slope, fords and road crossings from a board", "[panzerblitz][issue22][board][PB-GULLY-C]") {
    // slope-green on the level 1 slope 0103: no note covers it (rules-data woods_on_slope); by the
    // heights (120 m to 0 m; 55 + 15 = 70 m at 3/7 of the way, where the line is at 69 m) it blocks,
    // read as ground-level woods note A clears it (not a side of the target's hex): a call.
    const board::Board b = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 8\n[hexes]\nl1-hilltop = [\"0101\"]\nl1-slope = [\"0102-0103\"]\n"
        "gully = [\"0106\"]\nford = [\"0107\"]\nbridge = [\"0108\"]\n[hexsides]\nslope-green = [\"0103/D\"]\n");
    CHECK(b.terrain(*b.parse_hex("0108")) == "gully-crossing");
    const pb::BoardLos los = los_on(b, "0101", "0107");
    const auto& sym = los.routes[los.decider].symbols.at(0).obstacle;
    CHECK(sym.symbol == "green");
    CHECK(sym.stands_on == "l1-slope");
    const auto j = los.ruling.to_json();
    CHECK(at(j, "los").as_string() == "blocked");
    CHECK(at(j, "referee_call").as_bool());
    CHECK(at(at(j, "alternatives").as_array().at(0), "los").as_string() == "clear");
    // A ford is clear terrain (GULLY-C): ground level, seen from the ground 4 hexes off (a gully would be GULLY-A).
    const board::Board flat = board_from(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 6\n[hexes]\ngully = [\"0102\"]\nford = [\"0105\"]\n"
        "gully-crossing = [\"0106\"]\n");
    for (const char* to : {"0105", "0106"}) {
        const pb::BoardLos l = los_on(flat, "0101", to);
        CHECK(l.target_elevation == "ground");
        CHECK(at(l.ruling.to_json(), "los").as_string() == "clear");
    }
    CHECK(at(los_on(flat, "0102", "0105").ruling.to_json(), "los").as_string() == "blocked");  // the gully unit: GULLY-A
    const std::string shot = umpire::test::temp_file(
        "system = \"panzerblitz\"\nsample = true\ncolumns = 1\nrows = 6\n[hexes]\nford = [\"0105\"]\n", ".toml");
    const auto r = umpire::test::rule_toml("system = \"panzerblitz\"\nboard = \"" + shot + "\"\n[firer]\nhex = \"0101\"\n[target]\nhex = \"0105\"\n");
    CHECK(explanation(r).find("PB-GULLY-C: The target's hex 0105 is a ford") != std::string::npos);
    // Every name a board may hold has its look for the Paint mode's brushes (glyph and the game's words).
    const auto* support = umpire::test::engine().get<pb::PanzerBlitz>()->board_support();
    for (const auto* names : {&b.vocabulary.hex_terrain, &b.vocabulary.hexside_features})
        for (const auto& n : *names) {
            INFO(n);
            if (n != "ground") CHECK_FALSE(support->look(n).glyph.empty());
            CHECK_FALSE(support->look(n).word.empty());
        }
}
