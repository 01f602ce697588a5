// GF9 TANKS "More Terrain", HILLS and line of sight (GF9-hills), one row per sentence
// of the section (and both sides of each condition), plus the shooting sentences of the
// other terrain sections and the things only the core rules judge.
#include <catch2/catch.hpp>

#include "test_gf9_support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::strings;
namespace g = umpire::test::gf9_tanks;

namespace {

struct LosCase {
    const char* name;  // the rule sentence it checks
    const char* firer;
    const char* target;
    const char* line;
    const char* los;
    bool cover;
    bool referee_call;
    bool hill_to_hill;
    const char* cites;    // a citation that must be present
    const char* explains;  // a phrase the explanation must contain ("" = none)
};

void check(const LosCase& c) {
    INFO(c.name);
    const auto j = umpire::test::rule_toml(g::los(c.firer, c.target, c.line));
    INFO(at(j, "explanation").dump());
    CHECK(at(j, "system").as_string() == "gf9-tanks");
    CHECK(at(j, "los").as_string() == c.los);
    CHECK(at(j, "cover").as_bool() == c.cover);
    CHECK(at(j, "referee_call").as_bool() == c.referee_call);
    CHECK(at(j, "hill_to_hill").as_bool() == c.hill_to_hill);
    CHECK(contains(strings(at(j, "citations")), c.cites));
    if (*c.explains) CHECK(g::explanation_text(j).find(c.explains) != std::string::npos);
}

}  // namespace

TEST_CASE("gf9 hills: on the hill, onto but not off, own hill, hill to hill", "[gf9-tanks][gf9-hills]") {
    const LosCase cases[] = {
        // Bullet 1: "on the hill" is partly or wholly on it -> the firer's own hill is ignored either way.
        {"GF9-hills 1: partly on a hill counts as on it (own hill ignored)", R"(on_hill = "partly")", R"(on_hill = "no")", "",
         "clear", false, false, false, "GF9-hills", "does not affect its line of sight"},
        {"GF9-hills 1: wholly on a hill counts as on it (own hill ignored)", R"(on_hill = "wholly")", R"(on_hill = "no")", "",
         "clear", false, false, false, "GF9-hills", "does not affect its line of sight"},
        {"GF9-hills 1: not on a hill: no own-hill step", R"(on_hill = "no")", R"(on_hill = "no")", "", "clear", false, false,
         false, "GF9-hills", "No other hill lies on the line"},
        // Bullet 2: not on the hill -> LOS may go onto a hill (the target's) but not off it (a hill between).
        {"GF9-hills 2: onto the target's hill (partly on it)", R"(on_hill = "no")", R"(on_hill = "partly")", "", "clear",
         false, false, false, "GF9-hills", "traced onto the target's hill"},
        {"GF9-hills 2: onto the target's hill (wholly on it)", R"(on_hill = "no")", R"(on_hill = "wholly")", "", "clear",
         false, false, false, "GF9-hills", "traced onto the target's hill"},
        {"GF9-hills 2: not off a hill between to a target on another hill", R"(on_hill = "no")", R"(on_hill = "wholly")",
         "hills_between = 1", "blocked", false, false, false, "GF9-hills", "not off it"},
        // Bullet 3: neither on a hill: a hill between blocks hidden targets, covers partly hidden ones.
        {"GF9-hills 3: hidden behind a hill between: blocked", R"(on_hill = "no")", R"(on_hill = "no")", "hills_between = 1",
         "blocked", false, false, false, "GF9-hills", "cannot be seen"},
        {"GF9-hills 3: behind two hills: blocked", R"(on_hill = "no")", R"(on_hill = "no")", "hills_between = 2", "blocked",
         false, false, false, "GF9-hills", ""},
        {"GF9-hills 3: partly hidden behind a hill: clear with cover", R"(on_hill = "no")", R"(on_hill = "no")",
         "hills_between = 1\npartly_hidden = true", "clear", true, false, false, "GF9-hills", "gives it cover"},
        {"GF9-hills 3: not hidden, no hill between: no cover", R"(on_hill = "no")", R"(on_hill = "no")",
         "hills_between = 0\npartly_hidden = false", "clear", false, false, false, "GF9-hills", ""},
        // Bullet 4: a firer on a hill ignores that hill, but not other hills between.
        {"GF9-hills 4: own hill has no effect (target below it)", R"(on_hill = "wholly")", R"(on_hill = "no")",
         "hills_between = 0", "clear", false, false, false, "GF9-hills", "hill the firer is on"},
        {"GF9-hills 4: a firer partly on a hill still cannot see past another hill", R"(on_hill = "partly")",
         R"(on_hill = "no")", "hills_between = 1", "blocked", false, false, false, "GF9-hills", ""},
        {"GF9-hills 4: a firer wholly on a hill, target off hills, hill between: blocked", R"(on_hill = "wholly")",
         R"(on_hill = "no")", "hills_between = 1", "blocked", false, false, false, "GF9-hills", ""},
        {"GF9-hills 4: firer on a hill, target partly hidden by another hill: cover", R"(on_hill = "wholly")",
         R"(on_hill = "no")", "hills_between = 1\npartly_hidden = true", "clear", true, false, false, "GF9-hills", ""},
        {"GF9-hills 4: same hill: neither vehicle's hill counts", R"(on_hill = "partly")", R"(on_hill = "wholly")",
         "same_hill = true", "clear", false, false, false, "GF9-hills", "firer's own hill"},
        // "Possibly": wholly on a hill to wholly on another hill fires over everything between.
        {"GF9-hills 5: wholly to wholly over one hill", R"(on_hill = "wholly")", R"(on_hill = "wholly")", "hills_between = 1",
         "clear", false, false, true, "GF9-hills", "hill to hill"},
        {"GF9-hills 5: wholly to wholly over several hills, partly hidden: no cover", R"(on_hill = "wholly")",
         R"(on_hill = "wholly")", "hills_between = 4\npartly_hidden = true", "clear", false, false, true, "GF9-hills",
         "hill to hill"},
        {"GF9-hills 5: wholly to wholly over tanks and vehicles", R"(on_hill = "wholly")", R"(on_hill = "wholly")",
         "hills_between = 1\nobstacles = [\"vehicles\"]", "clear", false, false, true, "GF9-hills",
         "passes over tanks and vehicles"},
        {"GF9-hills 5: firer only partly on its hill: not hill to hill", R"(on_hill = "partly")", R"(on_hill = "wholly")",
         "hills_between = 1", "blocked", false, false, false, "GF9-hills", ""},
        {"GF9-hills 5: target only partly on its hill: not hill to hill", R"(on_hill = "wholly")", R"(on_hill = "partly")",
         "hills_between = 1", "blocked", false, false, false, "GF9-hills", ""},
        {"GF9-hills 5: target only partly on its hill, partly hidden: cover", R"(on_hill = "wholly")",
         R"(on_hill = "partly")", "hills_between = 1\npartly_hidden = true", "clear", true, false, false, "GF9-hills", ""},
        {"GF9-hills 5: the same hill is not another hill", R"(on_hill = "wholly")", R"(on_hill = "wholly")",
         "same_hill = true\nhills_between = 1", "blocked", false, false, false, "GF9-hills", ""},
        {"GF9-hills 5: wholly to wholly, nothing between: still hill to hill", R"(on_hill = "wholly")", R"(on_hill = "wholly")", "", "clear",
         false, false, true, "GF9-hills", "hill to hill"},
        // The text asks only that both be wholly on different hills: no hill between is needed to fire over vehicles.
        {"GF9-hills 5: wholly to wholly over vehicles, no hill between", R"(on_hill = "wholly")", R"(on_hill = "wholly")",
         "obstacles = [\"vehicles\"]", "clear", false, false, true, "GF9-hills", "passes over tanks and vehicles"},
        // Bullet 6: hill to hill over destroyed tanks, woods or buildings follows the core rules: a referee's call.
        {"GF9-hills 6: hill to hill over woods: core rules (referee's call)", R"(on_hill = "wholly")",
         R"(on_hill = "wholly")", "hills_between = 1\nobstacles = [\"woods\"]", "clear", false, true, true, "GF9-hills",
         "fire over woods is exactly as the core rules say"},
        {"GF9-hills 6: hill to hill over a destroyed tank: core rules (referee's call)", R"(on_hill = "wholly")",
         R"(on_hill = "wholly")", "obstacles = [\"wrecks\"]\nhills_between = 2", "clear", false, true, true, "GF9-hills",
         "destroyed tanks"},
        {"GF9-hills 6: hill to hill over buildings: core rules (referee's call)", R"(on_hill = "wholly")",
         R"(on_hill = "wholly")", "obstacles = [\"buildings\"]\nhills_between = 1", "clear", false, true, true, "GF9-hills",
         "buildings"},
        {"GF9-core: vehicles between on level ground are the core rules' (referee's call)", R"(on_hill = "no")",
         R"(on_hill = "no")", "obstacles = [\"vehicles\"]", "clear", false, true, false, "GF9-core", "core rules"},
        {"GF9-core: woods behind a blocking hill need no call", R"(on_hill = "no")", R"(on_hill = "no")",
         "hills_between = 1\nobstacles = [\"woods\"]", "blocked", false, false, false, "GF9-core", "already blocked"},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("gf9 hills: partly_hidden implies a hill between, and on_hill left out is not on a hill", "[gf9-tanks][gf9-hills]") {
    // situations.md: partly_hidden = "a hill between hides only part of the target", so it
    // asserts a hill between even when hills_between is left at its default 0 (GF9-hills
    // bullet 3: partly hidden behind a hill = cover). No gf9 key is marked required there.
    const LosCase cases[] = {
        {"GF9-hills 3: partly hidden, hills_between left out: one hill counted, cover", R"(on_hill = "no")", R"(on_hill = "no")",
         "partly_hidden = true", "clear", true, false, false, "GF9-hills", "one hill between is counted"},
        {"GF9-hills 3: partly hidden, hills_between = 0 (template default): cover", R"(on_hill = "no")", R"(on_hill = "no")",
         "hills_between = 0\npartly_hidden = true", "clear", true, false, false, "GF9-hills", "gives it cover"},
        {"GF9-hills 5: wholly to wholly, partly hidden, no count: hill to hill, no cover", R"(on_hill = "wholly")",
         R"(on_hill = "wholly")", "partly_hidden = true", "clear", false, false, true, "GF9-hills", "hill to hill"},
        {"GF9-hills 3: on_hill left out on both: not on hills, hill between blocks", "", "", "hills_between = 1", "blocked", false,
         false, false, "GF9-hills", "cannot be seen"},
        {"GF9-hills 2: firer's on_hill left out, target wholly on a hill: onto it", "", R"(on_hill = "wholly")", "", "clear", false,
         false, false, "GF9-hills", "traced onto the target's hill"},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("gf9 shooting: the terrain sections' 'no effect on shooting' sentences", "[gf9-tanks][gf9-shooting]") {
    struct Case {
        const char* name;
        const char* terrain;
        const char* rule;
    };
    const Case cases[] = {
        {"GF9-rough 3: rough ground has no effect on shooting", "rough", "GF9-rough"},
        {"GF9-rough 3: desert has no effect on shooting", "desert", "GF9-rough"},
        {"GF9-creeks 3: creeks have no effect on shooting", "creek", "GF9-creeks"},
        {"GF9-rivers 6: rivers have no effect on shooting", "river", "GF9-rivers"},
        {"GF9-swamps 3: swamps have no effect on shooting", "swamp", "GF9-swamps"},
        {"GF9-canals 4: canals have no effect on shooting", "canal", "GF9-canals"},
        {"GF9-ditches 2: anti-tank ditches have no effect on shooting", "anti-tank-ditch", "GF9-ditches"},
        {"GF9-water 3: large water has no effect on shooting", "water", "GF9-water"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        // Neither blocks nor gives cover, on a clear line or on a partly hidden one.
        const auto j = umpire::test::rule_toml(
            g::los(R"(on_hill = "no")", R"(on_hill = "no")", std::string("terrain = [\"") + c.terrain + "\"]"));
        CHECK(at(j, "los").as_string() == "clear");
        CHECK(at(j, "cover").as_bool() == false);
        CHECK(at(j, "referee_call").as_bool() == false);
        CHECK(contains(strings(at(j, "citations")), c.rule));
        const auto k = umpire::test::rule_toml(g::los(R"(on_hill = "no")", R"(on_hill = "no")",
                                                      std::string("hills_between = 1\nterrain = [\"") + c.terrain + "\"]"));
        CHECK(at(k, "los").as_string() == "blocked");
    }
    // Several at once, names matched loosely ("Anti Tank Ditch").
    const auto j = umpire::test::rule_toml(
        g::los(R"(on_hill = "partly")", R"(on_hill = "no")", R"(terrain = ["River", "Anti Tank Ditch", "swamp"])"));
    CHECK(at(j, "los").as_string() == "clear");
    CHECK(contains(strings(at(j, "citations")), "GF9-ditches"));
    CHECK(contains(strings(at(j, "citations")), "GF9-swamps"));
}

TEST_CASE("gf9 hills: rulings carry a verdict, a tone and contract keys in spec order", "[gf9-tanks][gf9-hills]") {
    const auto r = umpire::test::rule_ruling(g::los(R"(on_hill = "no")", R"(on_hill = "no")", "hills_between = 1\npartly_hidden = true"));
    CHECK(r.verdict == "LINE OF SIGHT CLEAR — TARGET IN COVER");
    CHECK(r.tone == umpire::Tone::caution);
    REQUIRE(r.fields.size() >= 2);
    CHECK(r.fields[0].first == "los");
    CHECK(r.fields[1].first == "cover");
    const auto b = umpire::test::rule_ruling(g::los(R"(on_hill = "no")", R"(on_hill = "no")", "hills_between = 1"));
    CHECK(b.verdict == "LINE OF SIGHT BLOCKED");
    CHECK(b.tone == umpire::Tone::bad);
    const auto c = umpire::test::rule_ruling(g::los(R"(on_hill = "wholly")", R"(on_hill = "no")"));
    CHECK(c.verdict == "LINE OF SIGHT CLEAR");
    CHECK(c.tone == umpire::Tone::good);
    // Every explanation sentence names its rule.
    for (const auto& s : c.explanation) CHECK(s.rule.rfind("GF9-", 0) == 0);
}
