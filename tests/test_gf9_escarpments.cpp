// GF9 TANKS "More Terrain", ESCARPMENTS and line of sight (GF9-escarpments): the two
// blocking cases on both sides of their distance boundary, the "otherwise as a hill"
// sentence, and the documented choices (escarpment vehicles wholly on a hill; a plateau
// between two vehicles off it counts as a hill between).
#include <catch2/catch.hpp>

#include "test_gf9_support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::strings;
namespace g = umpire::test::gf9_tanks;

namespace {

struct EscCase {
    const char* name;
    const char* firer;
    const char* target;
    const char* line;
    const char* los;
    bool cover;
    bool referee_call;
    const char* explains;
};

void check(const EscCase& c) {
    INFO(c.name);
    const auto j = umpire::test::rule_toml(g::los(c.firer, c.target, c.line));
    INFO(at(j, "explanation").dump());
    CHECK(at(j, "los").as_string() == c.los);
    CHECK(at(j, "cover").as_bool() == c.cover);
    CHECK(at(j, "referee_call").as_bool() == c.referee_call);
    CHECK(contains(strings(at(j, "citations")), "GF9-escarpments"));
    if (*c.explains) CHECK(g::explanation_text(j).find(c.explains) != std::string::npos);
}

}  // namespace

TEST_CASE("gf9 escarpments: the two blocking cases and otherwise as a hill", "[gf9-tanks][gf9-escarpments]") {
    const EscCase cases[] = {
        // Sentences 2-3: LOS per the core rules first, then the escarpment check.
        {"GF9-escarpments 2-3: the core LOS comes first, then the escarpment", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 2.0\ntarget_distance_to_escarpment = 10.0", "clear", false, false,
         "first found as the core rules say"},
        // Sentence 4: firer on, target below and closer than the firer -> blocked.
        {"GF9-escarpments 4: firer on, target below and closer: blocked", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 6.0\ntarget_distance_to_escarpment = 4.0", "blocked", false, false,
         "closer by 2\""},
        {"GF9-escarpments 4: just closer (0.1\") still blocks", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 4.1\ntarget_distance_to_escarpment = 4.0", "blocked", false, false,
         "closer by 0.1\""},
        {"GF9-escarpments 4: as far as the firer: not closer, not blocked", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 4.0\ntarget_distance_to_escarpment = 4.0", "clear", false, false,
         "as far from it as the firer"},
        {"GF9-escarpments 4: target below and further: not blocked", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = 12", "clear", false, false,
         "further by 11\""},
        {"GF9-escarpments 4: target at the foot (0\") and firer back from the edge: blocked", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 3\ntarget_distance_to_escarpment = 0", "blocked", false, false, ""},
        // Sentence 5: firer not on, target on and further than the firer -> blocked.
        {"GF9-escarpments 5: firer off, target on and further: blocked", R"(on_hill = "no"
on_escarpment = false)", R"(on_hill = "no"
on_escarpment = true)", "firer_distance_to_escarpment = 4.0\ntarget_distance_to_escarpment = 6.5", "blocked", false, false,
         "further by 2.5\""},
        {"GF9-escarpments 5: firer on a hill is still not on the escarpment: blocked", R"(on_hill = "wholly"
on_escarpment = false)", R"(on_hill = "no"
on_escarpment = true)", "firer_distance_to_escarpment = 4.0\ntarget_distance_to_escarpment = 5.0", "blocked", false, false, ""},
        {"GF9-escarpments 5: target on, as far as the firer: not blocked", R"(on_hill = "no"
on_escarpment = false)", R"(on_hill = "no"
on_escarpment = true)", "firer_distance_to_escarpment = 5\ntarget_distance_to_escarpment = 5", "clear", false, false,
         "traced onto the target's hill"},
        {"GF9-escarpments 5: target on and closer to the edge: not blocked", R"(on_hill = "no"
on_escarpment = false)", R"(on_hill = "no"
on_escarpment = true)", "firer_distance_to_escarpment = 8\ntarget_distance_to_escarpment = 1", "clear", false, false, ""},
        // Sentence 6: otherwise vehicles on the escarpment count as on a hill.
        {"GF9-escarpments 6: firer on, target below but further: firer's 'hill' ignored", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = 9", "clear", false, false,
         "hill the firer is on"},
        {"GF9-escarpments 6: firer on, target elsewhere below, hill between: blocked as from a hill", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
on_escarpment = false
below_escarpment = false)", "hills_between = 1", "blocked", false, false, "counts as on a hill"},
        {"GF9-escarpments 6: firer on, target elsewhere, partly hidden: cover", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
on_escarpment = false
below_escarpment = false)", "hills_between = 1\npartly_hidden = true", "clear", true, false, ""},
        {"GF9-escarpments 6: both on one escarpment: clear", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
on_escarpment = true)", "same_hill = true", "clear", false, false, "firer's own hill"},
        {"GF9-escarpments 6: firer on, target wholly on a hill, hill between: hill to hill (wholly: referee's call)",
         R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "wholly"
on_escarpment = false
below_escarpment = false)", "hills_between = 1", "clear", false, true, "wholly on a hill"},
        {"GF9-escarpments 6: firer on, target partly on a hill, hill between: blocked either way (no call)", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "partly"
on_escarpment = false
below_escarpment = false)", "hills_between = 1", "blocked", false, false, ""},
        {"GF9-escarpments 6: a blocking case not met, target on and nearer, hills between block", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "no"
on_escarpment = true)", "firer_distance_to_escarpment = 8\ntarget_distance_to_escarpment = 1\nhills_between = 1", "blocked",
         false, false, ""},
        // Silent: an escarpment between two vehicles that are both off it (a plateau between).
        {"GF9-escarpments choice: plateau between counts as a hill between (referee's call)", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "no"
on_escarpment = false)", "escarpment_between = true", "blocked", false, true, "one more hill between"},
        // The plateau call is flagged only when counting it as a hill changes the ruling (as the
        // escarpment-vehicle call is): otherwise the text decides the case either way.
        {"GF9-escarpments choice: plateau between, target partly hidden: cover either way (no call)", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "no"
on_escarpment = false)", "escarpment_between = true\npartly_hidden = true", "clear", true, false, "does not matter here"},
        {"GF9-escarpments choice: plateau between, hill to hill over it either way (no call)", R"(on_hill = "wholly"
on_escarpment = false)",
         R"(on_hill = "wholly"
on_escarpment = false)", "escarpment_between = true", "clear", false, false, "hill to hill"},
        {"GF9-escarpments choice: plateau and a hill between, target hidden: blocked either way (no call)", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "no"
on_escarpment = false)", "escarpment_between = true\nhills_between = 1", "blocked", false, false, "does not matter here"},
        {"GF9-escarpments choice: plateau the only thing between a partly-on-hill firer and its target (referee's call)",
         R"(on_hill = "partly"
on_escarpment = false)", R"(on_hill = "wholly"
on_escarpment = false)", "escarpment_between = true", "blocked", false, true,
         "one more hill between"},
        {"GF9-escarpments: escarpment between with the firer on it is judged by the cases", R"(on_hill = "no"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "escarpment_between = true\nfirer_distance_to_escarpment = 3\ntarget_distance_to_escarpment = 2",
         "blocked", false, false, "where the firer and the target stand"},
        {"GF9-escarpments: target below, firer off it: no blocking case, target not on a hill", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "no"
below_escarpment = true)", "", "clear", false, false, ""},
    };
    for (const auto& c : cases) check(c);
}

TEST_CASE("gf9 escarpments: the verdict names the escarpment and shows the distances", "[gf9-tanks][gf9-escarpments]") {
    const auto r = umpire::test::rule_ruling(g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true",
                                                    "firer_distance_to_escarpment = 6\ntarget_distance_to_escarpment = 4"));
    CHECK(r.verdict == "LINE OF SIGHT BLOCKED");
    CHECK(r.detail.find("escarpment") != std::string::npos);
    bool shown = false;
    for (const auto& f : r.figures)
        if (f.label == "Distances to the escarpment") {
            shown = true;
            CHECK(f.value == "firer 6\", target 4\"");
            CHECK(f.rule == "GF9-escarpments");
        }
    CHECK(shown);
}

TEST_CASE("gf9 escarpments: situations shaped like the contract's template are ruled, not rejected", "[gf9-tanks][gf9-escarpments]") {
    // The contract's template gives the target on_hill = "wholly"; a referee who only turns
    // on_escarpment on must get a ruling (GF9-escarpments: a vehicle on it counts as on a
    // hill, and on_hill then says partly or wholly). on_hill may also be left out (= "no").
    const EscCase cases[] = {
        {"GF9-escarpments 5: target on (template on_hill = wholly) and further: blocked", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "wholly"
on_escarpment = true)", "firer_distance_to_escarpment = 2.0\ntarget_distance_to_escarpment = 5.0", "blocked", false, false,
         "further by 3\""},
        {"GF9-escarpments 5-6: target on (on_hill = wholly) and closer: clear, onto its hill", R"(on_hill = "no"
on_escarpment = false)",
         R"(on_hill = "wholly"
on_escarpment = true)", "firer_distance_to_escarpment = 5.0\ntarget_distance_to_escarpment = 2.0", "clear", false, false,
         "traced onto the target's hill"},
        {"GF9-escarpments 4: firer on (on_hill = wholly), target below and closer: blocked", R"(on_hill = "wholly"
on_escarpment = true)", R"(on_hill = "no"
below_escarpment = true)", "firer_distance_to_escarpment = 6\ntarget_distance_to_escarpment = 3", "blocked", false, false, ""},
        {"GF9-escarpments 6: firer wholly on the escarpment (stated), hill to hill over a hill: no call", R"(on_hill = "wholly"
on_escarpment = true)", R"(on_hill = "wholly"
on_escarpment = false
below_escarpment = false)", "hills_between = 1", "clear", false, false, "as partly or wholly as its on_hill says"},
        {"GF9-escarpments 6: firer partly on the escarpment (stated), hill between: blocked, no call", R"(on_hill = "partly"
on_escarpment = true)", R"(on_hill = "wholly"
on_escarpment = false
below_escarpment = false)", "hills_between = 1", "blocked", false, false, ""},
        {"GF9-escarpments 4: on_hill left out: firer on, target below and closer: blocked", R"(on_escarpment = true)",
         R"(below_escarpment = true)", "firer_distance_to_escarpment = 6\ntarget_distance_to_escarpment = 2", "blocked", false, false,
         "closer by 4\""},
        {"GF9-escarpments 5: on_hill left out: target on and further: blocked", "on_escarpment = false", R"(on_escarpment = true)",
         "firer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = 7", "blocked", false, false, ""},
    };
    for (const auto& c : cases) check(c);
}
