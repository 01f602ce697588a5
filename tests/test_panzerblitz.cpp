// PanzerBlitz, Arvold's Obstacles and Elevation (modified): every Special Note and its converse,
// both sides of each distance boundary, adjacency, the count rule, hilltop woods, gullies and the
// Hill and Slope Defense Exceptions. Distances: the symbol on hexside k of n lies k/(n+1) of the
// way from the firer (rules-data [distance]), so midway is 2k = n+1, 2/3 is 3k >= 2(n+1), 1/3 is
// 3k <= n+1.
#include <catch2/catch.hpp>

#include "games/panzerblitz/rules.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::rule_toml;
using umpire::test::strings;

namespace {

struct Case {
    const char* rule;
    const char* firer;
    const char* target;
    int range;
    const char* obstacles;  // TOML inline array
    const char* los;
    std::vector<std::string> notes;  // must all be present
    bool referee_call;
};

umpire::json::Value pb(const char* firer, const char* target, int range, const char* obstacles) {
    return rule_toml(std::string("system = \"panzerblitz\"\n[firer]\nelevation = \"") + firer + "\"\n[target]\nelevation = \"" + target +
                     "\"\n[line]\nrange = " + std::to_string(range) + "\nobstacles = " + obstacles + "\n");
}

}  // namespace

TEST_CASE("panzerblitz line of sight: the Special Notes", "[panzerblitz]") {
    const Case cases[] = {
        // A and its converse B (K)
        {"PB-A: target directly behind a green hexside", "l1-slope", "ground", 5, "[{symbol = \"green\", side = 5}]", "blocked", {"A"}, false},
        {"PB-A: green hexside not at the target's hex", "l2-hilltop", "ground", 5, "[{symbol = \"green\", side = 4}]", "clear", {"A"}, false},
        {"PB-A: target in the hex directly behind a single-hex town", "l1-hilltop", "ground", 5, "[{symbol = \"town-hex\", hex = 4}]", "blocked", {"A"}, false},
        {"PB-A: a single-hex woods further from the target", "l1-hilltop", "ground", 5, "[{symbol = \"woods-hex\", hex = 3}]", "clear", {"A"}, false},
        {"PB-B: firer directly behind a grey hexside", "ground", "l2-slope", 5, "[{symbol = \"grey\", side = 1}]", "blocked", {"B"}, false},
        {"PB-B: grey hexside away from the firer", "ground", "l2-slope", 5, "[{symbol = \"grey\", side = 2}]", "clear", {"B"}, false},
        {"PB-B: firer directly behind a single-hex woods", "ground", "l1-hilltop", 4, "[{symbol = \"woods-hex\", hex = 1}]", "blocked", {"B"}, false},
        // C / D: midway boundary on odd and even ranges
        {"PB-C: brown closer to the target (range 6, side 4)", "l1-hilltop", "ground", 6, "[{symbol = \"brown\", side = 4}]", "blocked", {"C"}, false},
        {"PB-C: brown closer to the firer (range 6, side 3)", "l1-hilltop", "ground", 6, "[{symbol = \"brown\", side = 3}]", "clear", {"C"}, false},
        {"PB-C: brown exactly midway (range 5, side 3)", "l1-hilltop", "ground", 5, "[{symbol = \"brown\", side = 3}]", "blocked", {"C"}, false},
        {"PB-C: brown just before midway (range 5, side 2)", "l1-hilltop", "ground", 5, "[{symbol = \"brown\", side = 2}]", "clear", {"C"}, false},
        {"PB-D: brown closer to the firer (range 6, side 3)", "ground", "l1-hilltop", 6, "[{symbol = \"brown\", side = 3}]", "blocked", {"D"}, false},
        {"PB-D: brown closer to the target (range 6, side 4)", "ground", "l1-hilltop", 6, "[{symbol = \"brown\", side = 4}]", "clear", {"D"}, false},
        {"PB-D: brown exactly midway (range 5, side 3)", "ground", "l1-hilltop", 5, "[{symbol = \"brown\", side = 3}]", "blocked", {"D"}, false},
        {"PB-D: brown just past midway (range 5, side 4)", "ground", "l1-hilltop", 5, "[{symbol = \"brown\", side = 4}]", "clear", {"D"}, false},
        // E / F: 2/3 and 1/3 (range 5: n+1 = 6, so 2/3 is side 4, 1/3 is side 2)
        // Issue 22 item 9: counted from the target (note K), the range puts hexside 4 of 5 at 3/5 (not 2/3): a call.
        {"PB-E: yellow at exactly 2/3 (range 5, side 4; 3/5 by range from the target: a call)", "l2-hilltop", "ground", 5, "[{symbol = \"yellow\", side = 4}]", "blocked", {"E"}, true},
        {"PB-E: yellow just short of 2/3 (range 5, side 3)", "l2-hilltop", "ground", 5, "[{symbol = \"yellow\", side = 3}]", "clear", {"E"}, false},
        {"PB-E: orange beyond 2/3 (range 7, side 6)", "l2-hilltop", "ground", 7, "[{symbol = \"orange\", side = 6}]", "blocked", {"E"}, false},
        {"PB-E: brown short of 2/3 (range 7, side 5; 5/7 by range: a call)", "l2-hilltop", "ground", 7, "[{symbol = \"brown\", side = 5}]", "clear", {"E"}, true},
        {"PB-F: orange at exactly 1/3 (range 5, side 2; 2/5 by range: a call)", "ground", "l2-hilltop", 5, "[{symbol = \"orange\", side = 2}]", "blocked", {"F"}, true},
        {"PB-F: orange just past 1/3 (range 5, side 3)", "ground", "l2-hilltop", 5, "[{symbol = \"orange\", side = 3}]", "clear", {"F"}, false},
        {"PB-F: brown at 1/3 (range 8, side 3; 3/8 by range: a call)", "ground", "l2-hilltop", 8, "[{symbol = \"brown\", side = 3}]", "blocked", {"F"}, true},
        // G / H
        {"PB-G: yellow closer to the target", "l2-hilltop", "l1-slope", 6, "[{symbol = \"yellow\", side = 4}]", "blocked", {"G"}, false},
        {"PB-G: yellow closer to the firer", "l2-hilltop", "l1-hilltop", 6, "[{symbol = \"yellow\", side = 3}]", "clear", {"G"}, false},
        {"PB-G: yellow midway", "l2-hilltop", "l1-hilltop", 7, "[{symbol = \"yellow\", side = 4}]", "blocked", {"G"}, false},
        {"PB-H: yellow closer to the firer", "l1-slope", "l2-hilltop", 6, "[{symbol = \"yellow\", side = 3}]", "blocked", {"H"}, false},
        {"PB-H: yellow closer to the target", "l1-hilltop", "l2-hilltop", 6, "[{symbol = \"yellow\", side = 4}]", "clear", {"H"}, false},
        // I / J
        {"PB-I: orange never obstructs level 2 down to level 1", "l2-slope", "l1-hilltop", 6, "[{symbol = \"orange\", side = 5}]", "clear", {"I"}, false},
        {"PB-I: even two orange symbols", "l2-hilltop", "l1-slope", 6, "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 5}]", "clear", {"I"}, false},
        {"PB-J: orange never obstructs level 1 up to level 2", "l1-slope", "l2-slope", 6, "[{symbol = \"orange\", side = 1}]", "clear", {"J"}, false},
        // L
        {"PB-L: two orange symbols between same-level hilltops", "l1-hilltop", "l1-hilltop", 8, "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 7}]", "clear", {"L"}, false},
        {"PB-L: orange and purple between level 2 hilltops", "l2-hilltop", "l2-hilltop", 8, "[{symbol = \"orange\", side = 2}, {symbol = \"purple\", side = 7}]", "clear", {"L"}, false},
        {"PB-L: two orange symbols otherwise block", "l2-hilltop", "ground", 9, "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 3}]", "blocked", {"L"}, false},
        {"PB-L: orange and purple between a slope and the ground", "l1-slope", "ground", 6, "[{symbol = \"orange\", side = 2}, {symbol = \"purple\", side = 4}]", "blocked", {"L"}, false},
        // M, N, O
        {"PB-M: adjacent units always see each other", "ground", "l2-hilltop", 1, "[{symbol = \"purple\", side = 1}]", "clear", {"M"}, false},
        {"PB-M: adjacent ground units across a green hexside", "ground", "ground", 1, "[{symbol = \"green\", side = 1}]", "clear", {"M"}, false},
        {"PB-N: woods on a hilltop block all fire", "l2-hilltop", "l2-hilltop", 6, "[{symbol = \"green\", side = 3, on_hilltop = true}]", "blocked", {"N"}, false},
        {"PB-N: hilltop town between level 1 and ground", "l1-hilltop", "ground", 6, "[{symbol = \"town-hex\", hex = 2, on_hilltop = true}]", "blocked", {"N"}, false},
        {"PB-N: level 2 firer, level 1 hilltop target not directly behind: as note A", "l2-hilltop", "l1-hilltop", 6, "[{symbol = \"green\", side = 4, on_hilltop = true}]", "clear", {"N", "A"}, false},
        {"PB-N: level 2 firer, level 1 hilltop target directly behind: blocked", "l2-slope", "l1-hilltop", 6, "[{symbol = \"grey\", side = 6, on_hilltop = true}]", "blocked", {"N", "A"}, false},
        {"PB-N: level 1 hilltop firer directly behind, level 2 target: as note B", "l1-hilltop", "l2-hilltop", 6, "[{symbol = \"woods-hex\", hex = 1, on_hilltop = true}]", "blocked", {"N", "B"}, false},
        {"PB-O: both at ground level, a brown symbol blocks", "ground", "ground", 6, "[{symbol = \"brown\", side = 3}]", "blocked", {"O"}, false},
        {"PB-O: both at ground level, a green symbol blocks", "ground", "ground", 3, "[{symbol = \"green\", side = 2}]", "blocked", {"O"}, false},
        {"PB-LOS: no symbols, clear", "l1-slope", "ground", 6, "[]", "clear", {}, false},
        // Gullies
        {"PB-GULLY-A: gully and ground, not adjacent", "gully", "ground", 3, "[]", "blocked", {"GULLY-A"}, false},
        {"PB-GULLY-A: gully and gully, not adjacent", "gully", "gully", 2, "[]", "blocked", {"GULLY-A"}, false},
        {"PB-GULLY-A/M: gully and ground, adjacent", "ground", "gully", 1, "[]", "clear", {"M", "GULLY-A"}, false},
        {"PB-GULLY-A/M: gully and gully, adjacent", "gully", "gully", 1, "[]", "clear", {"M", "GULLY-A"}, false},
        {"PB-GULLY-A: gully firing at ground, not adjacent", "gully", "ground", 2, "[]", "blocked", {"GULLY-A"}, false},
        {"PB-GULLY-B/M: gully and a slope, adjacent (GULLY-A does not apply)", "gully", "l1-slope", 1, "[]", "clear", {"M"}, false},
        {"PB-GULLY-B: gully to a level 1 hilltop is as ground (note D)", "gully", "l1-hilltop", 6, "[{symbol = \"brown\", side = 2}]", "blocked", {"GULLY-B", "D"}, false},
        {"PB-GULLY-B: hilltop firing into a gully, brown closer to the firer (C)", "l1-hilltop", "gully", 6, "[{symbol = \"brown\", side = 2}]", "clear", {"GULLY-B", "C"}, false},
        // Boundaries at the shortest ranges (found by an independent review; k/(n+1) and hexside midpoints agree on all of them)
        {"PB-C: range 2, brown on the firer's side", "l1-hilltop", "ground", 2, "[{symbol = \"brown\", side = 1}]", "clear", {"C"}, false},
        {"PB-C: range 2, brown on the target's side", "l1-hilltop", "ground", 2, "[{symbol = \"brown\", side = 2}]", "blocked", {"C"}, false},
        {"PB-C: range 3, brown exactly midway", "l1-hilltop", "gully", 3, "[{symbol = \"brown\", side = 2}]", "blocked", {"GULLY-B", "C"}, false},
        {"PB-D: range 2, brown on the firer's side", "ground", "l1-hilltop", 2, "[{symbol = \"brown\", side = 1}]", "blocked", {"D"}, false},
        {"PB-D: range 2, brown on the target's side", "ground", "l1-hilltop", 2, "[{symbol = \"brown\", side = 2}]", "clear", {"D"}, false},
        {"PB-E: range 2, orange at exactly 2/3 (1/2 by range from the target: a call, issue 22 item 9)", "l2-hilltop", "ground", 2, "[{symbol = \"orange\", side = 2}]", "blocked", {"E"}, true},
        {"PB-E: range 2, orange at 1/3", "l2-hilltop", "ground", 2, "[{symbol = \"orange\", side = 1}]", "clear", {"E"}, false},
        {"PB-E: range 8, brown at exactly 2/3 (side 6; 5/8 by range from the target: a call, issue 22 item 9)", "l2-hilltop", "ground", 8, "[{symbol = \"brown\", side = 6}]", "blocked", {"E"}, true},
        {"PB-E: range 8, brown short of 2/3 (side 5)", "l2-hilltop", "ground", 8, "[{symbol = \"brown\", side = 5}]", "clear", {"E"}, false},
        {"PB-F: range 2, yellow at exactly 1/3 (1/2 by range: a call)", "ground", "l2-hilltop", 2, "[{symbol = \"yellow\", side = 1}]", "blocked", {"F"}, true},
        {"PB-F: range 2, yellow at 2/3", "ground", "l2-hilltop", 2, "[{symbol = \"yellow\", side = 2}]", "clear", {"F"}, false},
        {"PB-G: level 1 slope target, yellow midway (range 3, side 2)", "l2-hilltop", "l1-slope", 3, "[{symbol = \"yellow\", side = 2}]", "blocked", {"G"}, false},
        {"PB-G: level 1 slope target, yellow closer to the firer (range 4, side 2)", "l2-hilltop", "l1-slope", 4, "[{symbol = \"yellow\", side = 2}]", "clear", {"G"}, false},
        {"PB-H: yellow midway (range 3, side 2)", "l1-hilltop", "l2-hilltop", 3, "[{symbol = \"yellow\", side = 2}]", "blocked", {"H"}, false},
        {"PB-H: yellow closer to the target (range 4, side 3)", "l1-slope", "l2-hilltop", 4, "[{symbol = \"yellow\", side = 3}]", "clear", {"H"}, false},
        // L: more than one orange/purple
        {"PB-L: two orange symbols between level 1 slopes (not hilltops) block", "l1-slope", "l1-slope", 4, "[{symbol = \"orange\", side = 1}, {symbol = \"orange\", side = 4}]", "blocked", {"L"}, false},
        {"PB-L: two purple symbols between level 2 slopes block", "l2-slope", "l2-slope", 4, "[{symbol = \"purple\", side = 1}, {symbol = \"purple\", side = 4}]", "blocked", {"L"}, false},
        // Issue 22 item 5: the purple crest and the orange under it are the level 2 target's own hill; L read
        // literally would block every such line and leave F's Orange/Red clause nothing to decide. Umpire
        // does not count them (rules-data l_own_hill), F clears the orange (4/7): clear, a referee's call.
        {"PB-L/F: orange and purple from ground up to a level 2 hilltop: its own hill, F clears the orange", "ground", "l2-hilltop", 6, "[{symbol = \"orange\", side = 4}, {symbol = \"purple\", side = 6}]", "clear", {"F"}, true},
        {"PB-L: two orange symbols from a level 1 hilltop down to ground block", "l1-hilltop", "ground", 4, "[{symbol = \"orange\", side = 1}, {symbol = \"orange\", side = 2}]", "blocked", {"L"}, false},
        {"PB-L/J: two orange symbols from a level 1 slope up to a level 2 slope", "l1-slope", "l2-slope", 5, "[{symbol = \"orange\", side = 2}, {symbol = \"orange\", side = 4}]", "clear", {"J", "L"}, false},
        // N: hilltop woods and towns
        {"PB-N: hilltop woods on the level 1 hilltop target's hexside, ground firer", "ground", "l1-hilltop", 4, "[{symbol = \"green\", side = 4, on_hilltop = true}]", "blocked", {"N"}, false},
        {"PB-N: level 2 slope and level 1 slope: the exception needs a level 1 hilltop", "l2-slope", "l1-slope", 4, "[{symbol = \"grey\", side = 3, on_hilltop = true}]", "blocked", {"N"}, false},
        {"PB-N: level 1 hilltop firer, level 2 slope target, woods not at the firer: as note B", "l1-hilltop", "l2-slope", 4, "[{symbol = \"green\", side = 3, on_hilltop = true}]", "clear", {"N", "B"}, false},
        {"PB-N: level 2 firer, hilltop town in the hex before the level 1 hilltop target: as note A", "l2-hilltop", "l1-hilltop", 4, "[{symbol = \"town-hex\", hex = 3, on_hilltop = true}]", "blocked", {"N", "A"}, false},
        {"PB-N/M: hilltop woods between adjacent units", "l1-hilltop", "l1-hilltop", 1, "[{symbol = \"green\", side = 1, on_hilltop = true}]", "clear", {"M"}, false},
        // Cases no note decides: the straight line over the data's heights, a referee's call
        {"PB-LOS: green between two slopes (no note): the line passes over", "l1-slope", "l2-slope", 6, "[{symbol = \"green\", side = 3}]", "clear", {}, true},
        {"PB-LOS: purple between a level 1 slope and ground (no note): blocked", "l1-slope", "ground", 6, "[{symbol = \"purple\", side = 3}]", "blocked", {}, true},
        // A crest symbol on the raised unit's own hex (note P: hill edges sit on hilltop hexes) does not hide it (referee's call).
        {"PB-LOS/P: orange on the level 1 hilltop firer's own hexside", "l1-hilltop", "ground", 4, "[{symbol = \"orange\", side = 1}]", "clear", {}, true},
        {"PB-LOS/P: orange on the level 1 hilltop target's own hexside", "ground", "l1-hilltop", 4, "[{symbol = \"orange\", side = 4}]", "clear", {}, true},
        {"PB-LOS/P: purple on the level 2 hilltop firer's own hexside", "l2-hilltop", "ground", 4, "[{symbol = \"purple\", side = 1}]", "clear", {}, true},
        {"PB-LOS/P: purple on the level 2 hilltop target's own hexside", "ground", "l2-hilltop", 4, "[{symbol = \"purple\", side = 4}]", "clear", {}, true},
        {"PB-LOS/P: a purple crest higher than the level 1 firer still blocks", "l1-hilltop", "ground", 4, "[{symbol = \"purple\", side = 1}]", "blocked", {}, true},
        // The only orange on a level 1 hilltop <-> ground line, or the only purple on a level 2 hilltop <-> lower line, is the
        // hilltop unit's own crest even off its own hexside (note P: plateau interiors are unoutlined): it does not hide it.
        {"PB-LOS/P: the only orange, ground up to a level 1 hilltop inside its plateau", "ground", "l1-hilltop", 4, "[{symbol = \"orange\", side = 2}]", "clear", {}, true},
        {"PB-LOS/P: the only orange, level 1 hilltop inside its plateau down to ground", "l1-hilltop", "ground", 4, "[{symbol = \"orange\", side = 3}]", "clear", {}, true},
        {"PB-LOS/P: the only purple, level 2 hilltop inside its plateau down to ground", "l2-hilltop", "ground", 6, "[{symbol = \"purple\", side = 2}]", "clear", {}, true},
        {"PB-LOS/P/L: purple crest and an orange, level 2 hilltop down to level 1 (L's G-J exception)", "l2-hilltop", "l1-hilltop", 5, "[{symbol = \"purple\", side = 2}, {symbol = \"orange\", side = 4}]", "clear", {"I", "L"}, true},
        // Issue 22 item 1: L only allows the two purples here (G-J); the second purple, which no note covers,
        // blocks by the straight line, so no note decides the line and `notes` names none (L is in notes_applied).
        {"PB-LOS/P: two purples, level 2 hilltop down to level 1: the second is another hill", "l2-hilltop", "l1-hilltop", 5, "[{symbol = \"purple\", side = 2}, {symbol = \"purple\", side = 4}]", "blocked", {}, true},
        {"PB-LOS/P: a level 1 slope is not a plateau: orange short of the level 1 hilltop target", "l1-slope", "l1-hilltop", 4, "[{symbol = \"orange\", side = 3}]", "blocked", {}, true},
        {"PB-LOS: a note decides even beside an open case", "l1-hilltop", "ground", 6, "[{symbol = \"green\", side = 6}, {symbol = \"purple\", side = 2}]", "blocked", {"A"}, false},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const auto j = pb(c.firer, c.target, c.range, c.obstacles);
            CHECK(at(j, "los").as_string() == c.los);
            const auto notes = strings(at(j, "notes"));
            for (const auto& n : c.notes) {
                INFO(n);
                CHECK(umpire::test::contains(notes, n));
                CHECK(umpire::test::contains(strings(at(j, "citations")), "PB-" + n));
            }
            CHECK(at(j, "referee_call").as_bool() == c.referee_call);
        }
    }
}

TEST_CASE("panzerblitz notes: K (the converse list) is cited, not listed as a deciding note", "[panzerblitz]") {
    // Note K only says B, D, F, H and J are the converses of A, C, E, G and I: the converse note decides.
    struct K {
        const char* rule;
        const char* firer;
        const char* target;
        int range;
        const char* obstacles;
        const char* los;
        std::vector<std::string> notes;  // exactly these
    } cases[] = {
        {"PB-B/K: firer directly behind a green hexside", "ground", "l1-slope", 4, "[{symbol = \"green\", side = 1}]", "blocked", {"B"}},
        {"PB-D/K: brown midway (range 3, side 2)", "ground", "l1-hilltop", 3, "[{symbol = \"brown\", side = 2}]", "blocked", {"D"}},
        // (range 2, side 1 is 1/3 by hexsides but 1/2 by range: a referee's call, in the Special Notes table)
        {"PB-F/K: yellow within 1/3 by either measure (range 5, side 1)", "ground", "l2-hilltop", 5, "[{symbol = \"yellow\", side = 1}]", "blocked", {"F"}},
        {"PB-H/K: yellow midway (range 5, side 3)", "l1-slope", "l2-hilltop", 5, "[{symbol = \"yellow\", side = 3}]", "blocked", {"H"}},
        {"PB-J/K: orange from level 1 up to level 2", "l1-hilltop", "l2-slope", 4, "[{symbol = \"orange\", side = 2}]", "clear", {"J"}},
        {"PB-N/B/K: hilltop woods on the level 1 firer's hexside, level 2 target", "l1-hilltop", "l2-slope", 4, "[{symbol = \"green\", side = 1, on_hilltop = true}]", "blocked", {"N", "B"}},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const auto j = pb(c.firer, c.target, c.range, c.obstacles);
            CHECK(at(j, "los").as_string() == c.los);
            CHECK(strings(at(j, "notes")) == c.notes);
            CHECK(umpire::test::contains(strings(at(j, "citations")), "PB-K"));
            CHECK_FALSE(at(j, "referee_call").as_bool());
        }
    }
}

TEST_CASE("panzerblitz symbol spellings of the article: gray, orange/red", "[panzerblitz]") {
    // Notes A and B write "Gray", the obstacle list "Grey"; orange is "Orange/Red" throughout.
    const auto gray = pb("l1-hilltop", "ground", 4, "[{symbol = \"Gray\", side = 4}]");
    CHECK(at(gray, "los").as_string() == "blocked");
    CHECK(strings(at(gray, "notes")) == std::vector<std::string>{"A"});
    const auto red = pb("l2-hilltop", "ground", 5, "[{symbol = \"Orange/Red\", side = 4}]");
    CHECK(at(red, "los").as_string() == "blocked");
    CHECK(strings(at(red, "notes")) == std::vector<std::string>{"E"});
}

TEST_CASE("panzerblitz hill and slope defense exceptions", "[panzerblitz]") {
    struct D {
        const char* rule;
        const char* firer;
        const char* target;
        int range;
        const char* obstacles;
        bool halved;
    } cases[] = {
        {"PB-HSD-A: hilltop attacker on the same level", "l1-hilltop", "l1-hilltop", 4, "[]", false},
        {"PB-HSD-A: hilltop attacker on a higher level", "l2-hilltop", "l1-hilltop", 4, "[]", false},
        {"PB-HSD-A: level 2 slope firing down at a level 1 hilltop", "l2-slope", "l1-hilltop", 4, "[]", false},
        {"PB-HSD-C: level 1 hilltop attacker against a level 2 hilltop", "l1-hilltop", "l2-hilltop", 4, "[]", true},
        {"PB-HSD-C: ground attacker against a hilltop, even adjacent", "ground", "l1-hilltop", 1, "[]", true},
        {"PB-HSD-C: level 2 slope against a level 2 hilltop", "l2-slope", "l2-hilltop", 3, "[]", true},
        {"PB-HSD-B: adjacent attacker against a slope", "ground", "l1-slope", 1, "[]", false},
        {"PB-HSD-B: adjacent but a brown symbol between", "ground", "l1-slope", 1, "[{symbol = \"brown\", side = 1}]", true},
        {"PB-HSD-B: adjacent but a yellow symbol between", "l2-hilltop", "l2-slope", 1, "[{symbol = \"yellow\", side = 1}]", true},
        {"PB-HSD-C: non-adjacent attacker against a slope, even from above", "l2-hilltop", "l1-slope", 3, "[]", true},
        {"PB-HSD: defender at ground level", "l2-hilltop", "ground", 3, "[]", false},
        {"PB-HSD: defender in a gully", "l1-slope", "gully", 3, "[]", false},
        {"PB-HSD-A: level 2 hilltop attacker against a level 2 hilltop", "l2-hilltop", "l2-hilltop", 5, "[]", false},
        {"PB-HSD-A: level 2 slope adjacent to a level 1 hilltop", "l2-slope", "l1-hilltop", 1, "[]", false},
        {"PB-HSD-C: level 1 slope against a level 1 hilltop", "l1-slope", "l1-hilltop", 2, "[]", true},
        {"PB-HSD-C: gully attacker against a level 1 hilltop", "gully", "l1-hilltop", 3, "[]", true},
        {"PB-HSD-B: gully attacker adjacent to a slope", "gully", "l1-slope", 1, "[]", false},
        {"PB-HSD-B: an orange symbol between adjacent units does not halve", "ground", "l2-slope", 1, "[{symbol = \"orange\", side = 1}]", false},
        {"PB-HSD-B: adjacent level 1 hilltop attacker against a level 2 slope", "l1-hilltop", "l2-slope", 1, "[]", false},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const auto j = pb(c.firer, c.target, c.range, c.obstacles);
            CHECK(at(j, "attack_halved").as_bool() == c.halved);
        }
    }
}

TEST_CASE("panzerblitz bad input: exit 2 with FILE:LINE:COL", "[panzerblitz][cli]") {
    struct Bad {
        const char* name;
        const char* text;
        const char* needle;
    } cases[] = {
        {"unknown elevation", "system = \"panzerblitz\"\n[firer]\nelevation = \"mountain\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 3\n",
         "accepted: ground, gully, l1-slope, l1-hilltop, l2-slope or l2-hilltop"},
        {"side beyond the range", "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 3\nobstacles = [{symbol = \"green\", side = 4}]\n",
         "line.obstacles[0].side: 4 is out of range (accepted: 1..3"},
        {"hex at the target", "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 3\nobstacles = [{symbol = \"woods-hex\", hex = 3}]\n",
         "accepted: 1..2"},
        {"unknown symbol", "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 3\nobstacles = [{symbol = \"blue\", side = 1}]\n",
         "unknown name \"blue\""},
        {"range 0", "system = \"panzerblitz\"\n[firer]\nelevation = \"ground\"\n[target]\nelevation = \"ground\"\n[line]\nrange = 0\n", "line.range"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = umpire::test::temp_file(c.text);
            auto r = umpire::test::run_cli("rule " + f + " --json");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind(f + ":", 0) == 0);
            CHECK(r.err.find(c.needle) != std::string::npos);
        }
    }
}

TEST_CASE("panzerblitz side view gives the heights and positions a drawing needs", "[panzerblitz]") {
    const auto* sys = umpire::test::engine().get<umpire::panzerblitz::PanzerBlitz>();
    REQUIRE(sys);
    umpire::panzerblitz::Situation s;
    s.firer = "l1-hilltop";
    s.target = "ground";
    s.range = 6;
    s.obstacles = {{"brown", 4, false, false, ""}, {"brown", 2, false, false, ""}};
    const auto v = umpire::panzerblitz::side_view(sys->data(), s);
    CHECK(v.firer_height == 120);
    CHECK(v.target_height == 0);
    REQUIRE(v.obstacles.size() == 2);
    CHECK(v.obstacles[0].num == 4);
    CHECK(v.obstacles[0].den == 7);
    CHECK(v.obstacles[0].blocks);
    CHECK_FALSE(v.obstacles[1].blocks);
    CHECK(v.obstacles[1].decided);
}

TEST_CASE("panzerblitz: on_hilltop on a hill-edge symbol is ignored, not bad input", "[panzerblitz]") {
    struct Edge {
        const char* firer;
        const char* target;
        int range;
        const char* with_flag;
        const char* without;
    };
    const Edge cases[] = {
        {"ground", "ground", 3, "[{symbol = \"brown\", side = 1, on_hilltop = true}]", "[{symbol = \"brown\", side = 1}]"},
        {"l1-hilltop", "ground", 5, "[{symbol = \"brown\", side = 4, on_hilltop = true}]", "[{symbol = \"brown\", side = 4}]"},
        {"l2-hilltop", "ground", 6, "[{symbol = \"orange\", side = 5, on_hilltop = true}]", "[{symbol = \"orange\", side = 5}]"},
        {"l2-hilltop", "l1-hilltop", 4, "[{symbol = \"yellow\", side = 3, on_hilltop = true}]", "[{symbol = \"yellow\", side = 3}]"},
        {"l2-hilltop", "ground", 4, "[{symbol = \"purple\", side = 1, on_hilltop = true}]", "[{symbol = \"purple\", side = 1}]"},
        {"l1-slope", "l1-hilltop", 4, "[{symbol = \"Brown\", side = 2, on_hilltop = true}, {symbol = \"green\", side = 3, on_hilltop = true}]",
         "[{symbol = \"brown\", side = 2}, {symbol = \"green\", side = 3, on_hilltop = true}]"},
    };
    for (const auto& c : cases) {
        SECTION(std::string(c.firer) + " to " + c.target + " " + c.with_flag) {
            const auto a = pb(c.firer, c.target, c.range, c.with_flag);
            const auto b = pb(c.firer, c.target, c.range, c.without);
            CHECK(at(a, "los").as_string() == at(b, "los").as_string());
            CHECK(strings(at(a, "notes")) == strings(at(b, "notes")));
            CHECK(at(a, "attack_halved").as_bool() == at(b, "attack_halved").as_bool());
            CHECK(at(a, "referee_call").as_bool() == at(b, "referee_call").as_bool());
            bool said = false;
            for (const auto& s : strings(at(a, "explanation"))) said = said || s.find("on_hilltop is ignored") != std::string::npos;
            CHECK(said);
        }
    }
}

TEST_CASE("panzerblitz: a left-out elevation is ground level", "[panzerblitz]") {
    struct Omit {
        const char* name;
        const char* text;
        const char* firer;
        const char* target;
    };
    const Omit cases[] = {
        {"firer elevation left out", "system = \"panzerblitz\"\n[firer]\n[target]\nelevation = \"l1-hilltop\"\n[line]\nrange = 4\n", "ground", "l1-hilltop"},
        {"target table left out", "system = \"panzerblitz\"\n[firer]\nelevation = \"l2-hilltop\"\n[line]\nrange = 4\n", "l2-hilltop", "ground"},
        {"both left out", "system = \"panzerblitz\"\n[line]\nrange = 4\nobstacles = [{symbol = \"green\", side = 2}]\n", "ground", "ground"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto a = rule_toml(c.text);
            const std::string obstacles = std::string(c.text).find("green") != std::string::npos ? "[{symbol = \"green\", side = 2}]" : "[]";
            const auto b = pb(c.firer, c.target, 4, obstacles.c_str());
            CHECK(at(a, "los").as_string() == at(b, "los").as_string());
            CHECK(strings(at(a, "notes")) == strings(at(b, "notes")));
            CHECK(at(a, "attack_halved").as_bool() == at(b, "attack_halved").as_bool());
        }
    }
}

TEST_CASE("panzerblitz notes C-H: the measure each note uses, the count shown, and where measures disagree", "[panzerblitz]") {
    // PB-C counts hexagon sides, both units' own included: hexside k of range n is k sides from the
    // firer and n-k+1 from the target. D, G and H (converses, K; G/H use C's words) compare the
    // same counts, and every measure taken from both ends agrees there: no call. E and F say "2/3"
    // and "1/3 of the distance from the FIRING UNIT" with no measure: note C's count gives
    // k/(n+1), the range to the hex beyond the symbol k/n; a call where they rule differently.
    struct M {
        const char* rule;
        const char* firer;
        const char* target;
        int range;
        int side;
        const char* symbol;
        const char* los;
        bool call;
        const char* by_range;  // JSON los_by_range ("" = absent: no E/F)
        const char* explains;
    };
    const M cases[] = {
        {"PB-C: brown midway, 3 sides from each unit", "l1-hilltop", "ground", 5, 3, "brown", "blocked", false, "",
         "3 hexsides from the firer and 3 from the target"},
        {"PB-D: brown closer to the firer, 2 sides from it and 5 from the target", "ground", "l1-hilltop", 6, 2, "brown", "blocked", false, "",
         "2 hexsides from the firer and 5 from the target"},
        {"PB-G: yellow closer to the firer (range 4, side 2): no measure of its own, none disagrees", "l2-hilltop", "l1-hilltop", 4, 2,
         "yellow", "clear", false, "", "gives no measure of its own"},
        {"PB-E: hexsides 2/4 (not 2/3), range 2/3: the measures disagree", "l2-hilltop", "ground", 3, 2, "brown", "clear", true, "blocked",
         "2 of 3 hexes (2/3), 2/3 or more"},
        {"PB-E: hexsides 5/7 and range 5/6 agree: blocked, no call", "l2-hilltop", "ground", 6, 5, "orange", "blocked", false, "blocked",
         "5/7 of the way from the firer, 2/3 or more"},
        {"PB-F: hexsides 2/6 (1/3), range 2/5: the measures disagree", "ground", "l2-hilltop", 5, 2, "brown", "blocked", true, "clear",
         "2 of 5 hexes (2/5), not 1/3 or less"},
    };
    for (const auto& c : cases) {
        INFO(c.rule);
        const std::string obstacles = std::string("[{symbol = \"") + c.symbol + "\", side = " + std::to_string(c.side) + "}]";
        const auto j = pb(c.firer, c.target, c.range, obstacles.c_str());
        std::string text;
        for (const auto& e : strings(at(j, "explanation"))) text += e + "\n";
        INFO(text);
        CHECK(at(j, "los").as_string() == c.los);
        CHECK(at(j, "referee_call").as_bool() == c.call);
        CHECK(text.find(c.explains) != std::string::npos);
        if (*c.by_range) CHECK(at(j, "los_by_range").as_string() == c.by_range);
        else CHECK(at(j, "los_by_range").is_null());
        const auto& p = at(j, "positions").as_array().at(0);
        CHECK(at(p, "hexsides_from_firer").as_int() == c.side);
        CHECK(at(p, "hexsides_from_target").as_int() == c.range - c.side + 1);
        CHECK(at(p, "fraction").as_string() == std::to_string(c.side) + "/" + std::to_string(c.range + 1));
        CHECK(at(p, "by_range").as_string() == std::to_string(c.side) + "/" + std::to_string(c.range));
        if (c.call) CHECK(text.find("Umpire counts hexsides") != std::string::npos);
    }
}
