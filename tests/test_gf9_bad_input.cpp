// GF9 TANKS: bad situations through the real umpire-cli: exit status 2, nothing on
// stdout, and a FILE:LINE:COL line naming the key (and, for a bad name, the accepted ones).
// Wrong types, unknown names, negative / too large / non-finite distances, missing keys,
// unknown keys and contradictory positions (a target on and below the escarpment; same_hill
// off hills). Absent on_hill, on_hill with on_escarpment, and partly_hidden with no hill
// counted are accepted: see test_gf9_escarpments.cpp and test_gf9_hills.cpp.
#include <catch2/catch.hpp>

#include <regex>

#include "test_gf9_support.hpp"

namespace g = umpire::test::gf9_tanks;

namespace {

struct BadCase {
    const char* name;
    std::string situation;
    const char* needle;  // must appear on one FILE:LINE:COL line of stderr
};

const std::string kLosHead = "system = \"gf9-tanks\"\nquestion = \"los\"\n";
const std::string kFlat = "[firer]\non_hill = \"no\"\n[target]\non_hill = \"no\"\n";

}  // namespace

TEST_CASE("gf9 bad input: reported with FILE:LINE:COL, exit 2, empty stdout", "[gf9-tanks][gf9-bad-input]") {
    const BadCase cases[] = {
        {"question missing", "system = \"gf9-tanks\"\n", "question: missing required key (expected one of los or movement)"},
        {"question unknown", "system = \"gf9-tanks\"\nquestion = \"fire\"\n", "unknown name \"fire\" (accepted: los or movement)"},
        {"question wrong type", "system = \"gf9-tanks\"\nquestion = 1\n", "question: expected a name"},
        {"unknown root key", "system = \"gf9-tanks\"\nquestion = \"movement\"\nmvoe = 1\n[move]\nterrain = [\"open\"]\n",
         "mvoe: unknown key"},
        {"movement table in a los question", g::los("on_hill = \"no\"", "on_hill = \"no\"") + "[move]\nterrain = [\"open\"]\n",
         "move: unknown key"},
        // Line of sight.
        {"firer not a table", kLosHead + "firer = \"wholly\"\n[target]\non_hill = \"no\"\n", "firer: expected a table"},
        {"on_hill unknown name", g::los("on_hill = \"half\"", "on_hill = \"no\""),
         "firer.on_hill: unknown name \"half\" (accepted: no, partly or wholly)"},
        {"on_hill as a boolean", g::los("on_hill = true", "on_hill = \"no\""), "firer.on_hill: expected a name, one of no, partly or wholly"},
        {"on_escarpment wrong type", g::los("on_hill = \"no\"\non_escarpment = \"yes\"", "on_hill = \"no\""),
         "firer.on_escarpment: expected true or false, found a string"},
        {"below_escarpment wrong type", g::los("on_hill = \"no\"", "on_hill = \"no\"\nbelow_escarpment = 1"),
         "target.below_escarpment: expected true or false, found an integer"},
        {"firer below_escarpment is not a firer key", g::los("on_hill = \"no\"\nbelow_escarpment = true", "on_hill = \"no\""),
         "firer.below_escarpment: unknown key (accepted keys here: on_hill, on_escarpment)"},
        {"hills_between negative", g::los("on_hill = \"no\"", "on_hill = \"no\"", "hills_between = -1"),
         "line.hills_between: -1 is out of range (accepted: 0..20)"},
        {"hills_between too many", g::los("on_hill = \"no\"", "on_hill = \"no\"", "hills_between = 21"),
         "line.hills_between: 21 is out of range (accepted: 0..20)"},
        {"hills_between a fraction", g::los("on_hill = \"no\"", "on_hill = \"no\"", "hills_between = 1.5"),
         "line.hills_between: expected an integer (0..20), found a number with a fraction"},
        {"partly_hidden wrong type", g::los("on_hill = \"no\"", "on_hill = \"no\"", "hills_between = 1\npartly_hidden = \"yes\""),
         "line.partly_hidden: expected true or false, found a string"},
        {"firer distance negative",
         g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true",
                "firer_distance_to_escarpment = -0.5\ntarget_distance_to_escarpment = 2"),
         "line.firer_distance_to_escarpment: -0.5 is out of range (accepted: 0 to 144)"},
        {"target distance negative",
         g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true",
                "firer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = -3"),
         "line.target_distance_to_escarpment: -3 is out of range"},
        {"distance beyond the table", g::los("on_hill = \"no\"", "on_hill = \"no\"\non_escarpment = true",
                                             "firer_distance_to_escarpment = 200\ntarget_distance_to_escarpment = 2"),
         "line.firer_distance_to_escarpment: 200 is out of range (accepted: 0 to 144)"},
        {"distance not a number", g::los("on_hill = \"no\"", "on_hill = \"no\"\non_escarpment = true",
                                         "firer_distance_to_escarpment = \"6in\"\ntarget_distance_to_escarpment = 2"),
         "line.firer_distance_to_escarpment: expected a number, found a string"},
        {"distance nan", g::los("on_hill = \"no\"", "on_hill = \"no\"\non_escarpment = true",
                                "firer_distance_to_escarpment = nan\ntarget_distance_to_escarpment = 2"),
         "line.firer_distance_to_escarpment: must be a finite number of inches"},
        {"distances missing for a blocking case (firer on, target below)",
         g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true"),
         "line.firer_distance_to_escarpment: missing required key"},
        {"target distance missing for a blocking case (target on)",
         g::los("on_hill = \"no\"\non_escarpment = false", "on_hill = \"no\"\non_escarpment = true", "firer_distance_to_escarpment = 3"),
         "line.target_distance_to_escarpment: missing required key"},
        {"target on and below the escarpment",
         g::los("on_hill = \"no\"", "on_hill = \"no\"\non_escarpment = true\nbelow_escarpment = true",
                "firer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = 1"),
         "target.below_escarpment: the target cannot be both on the escarpment and below it"},
        {"same hill with the firer off hills", g::los("on_hill = \"no\"", "on_hill = \"wholly\"", "same_hill = true"),
         "line.same_hill: needs the firer and the target both on hills or both on the escarpment"},
        {"line terrain: a hill is described by its own keys", g::los("on_hill = \"no\"", "on_hill = \"no\"", "terrain = [\"hill\"]"),
         "line.terrain[0]: unknown name \"hill\" (accepted: open, rough, desert, creek, river, swamp, canal, anti-tank-ditch or water)"},
        {"line obstacle unknown", g::los("on_hill = \"no\"", "on_hill = \"no\"", "obstacles = [\"smoke\"]"),
         "line.obstacles[0]: unknown name \"smoke\" (accepted: vehicles, wrecks, woods or buildings)"},
        {"unknown line key", g::los("on_hill = \"no\"", "on_hill = \"no\"", "hill_between = 1"), "line.hill_between: unknown key"},
        // Movement.
        {"move table missing", "system = \"gf9-tanks\"\nquestion = \"movement\"\n", "move: missing required key (expected a table)"},
        {"terrain missing", g::move("via = \"road\""), "move.terrain: missing required key"},
        {"terrain a number", g::move("terrain = 3"), "move.terrain: expected an array of names"},
        {"terrain a single unknown name", g::move("terrain = \"lava\""), "move.terrain: unknown name \"lava\""},
        {"terrain unknown name", g::move("terrain = [\"lava\"]"),
         "move.terrain[0]: unknown name \"lava\" (accepted: open, hill, rough, desert, creek, river, swamp, canal, anti-tank-ditch, escarpment or water)"},
        {"terrain element wrong type", g::move("terrain = [\"river\", 3]"), "move.terrain[1]: expected a name, found an integer"},
        {"via unknown name", g::move("terrain = [\"river\"]\nvia = \"tunnel\""),
         "move.via: unknown name \"tunnel\" (accepted: none, bridge, ford or road)"},
        {"via wrong type", g::move("terrain = [\"river\"]\nvia = true"), "move.via: expected a name"},
        {"via none among others", g::move("terrain = [\"river\"]\nvia = [\"none\", \"ford\"]"), "move.via: \"none\" cannot be listed"},
        {"via twice", g::move("terrain = [\"river\"]\nvia = [\"ford\", \"Ford\"]"), "move.via: \"ford\" is listed twice"},
        {"amphibious wrong type", g::move("terrain = [\"river\"]\namphibious = \"yes\""),
         "move.amphibious: expected true or false, found a string"},
        {"unknown move key", g::move("terrain = [\"river\"]\nvai = \"ford\""),
         "move.vai: unknown key (accepted keys here: terrain, via, without_via, amphibious)"},
    };
    const std::regex located(R"(^<stdin>:\d+:\d+: .+)");
    for (const auto& c : cases) {
        INFO(c.name);
        INFO(c.situation);
        const auto r = umpire::test::run_cli("rule - --json", c.situation);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        bool found = false;
        std::istringstream lines(r.err);
        for (std::string l; std::getline(lines, l);) {
            CHECK(std::regex_match(l, located));
            if (l.find(c.needle) != std::string::npos) found = true;
        }
        CHECK(found);
    }
}

TEST_CASE("gf9 escarpments: where a vehicle stands is asked for, never assumed (GF9-escarpments)", "[gf9-tanks][gf9-bad-input]") {
    // GF9-escarpments chooses its blocking case by whether the firer is on the escarpment and
    // whether the target is on it or below it. With an escarpment involved, a side left out
    // would pick a case on an assumed side: exit 2 and a located message naming the key.
    const BadCase cases[] = {
        {"target on, the firer's side not given",
         g::los("on_hill = \"no\"", "on_escarpment = true", "firer_distance_to_escarpment = 2\ntarget_distance_to_escarpment = 5"),
         "firer.on_escarpment: missing required key: is the firer on the escarpment?"},
        {"target below, the firer's side not given", g::los("on_hill = \"no\"", "below_escarpment = true"),
         "firer.on_escarpment: missing required key"},
        {"escarpment between, neither side given", g::los("on_hill = \"no\"", "on_hill = \"no\"", "escarpment_between = true"),
         "firer.on_escarpment: missing required key"},
        {"escarpment between, the target's side not given", g::los("on_escarpment = false", "on_hill = \"no\"", "escarpment_between = true"),
         "target.on_escarpment: missing required key: is the target on the escarpment?"},
        {"firer on, whether the target is below not given", g::los("on_escarpment = true", "on_escarpment = false", "hills_between = 1"),
         "target.below_escarpment: missing required key: is the target below the escarpment the firer is on?"},
        {"no [firer] table at all, target on the escarpment",
         kLosHead + "[target]\non_escarpment = true\n[line]\nfirer_distance_to_escarpment = 1\ntarget_distance_to_escarpment = 7\n",
         "firer.on_escarpment: missing required key"},
        {"a distance the case needs (firer off, target on)",
         g::los("on_escarpment = false", "on_escarpment = true", "target_distance_to_escarpment = 3"),
         "line.firer_distance_to_escarpment: missing required key"},
    };
    const std::regex located(R"(^<stdin>:\d+:\d+: .+)");
    for (const auto& c : cases) {
        INFO(c.name);
        INFO(c.situation);
        const auto r = umpire::test::run_cli("rule - --json", c.situation);
        INFO(r.err);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        bool found = false;
        std::istringstream lines(r.err);
        for (std::string l; std::getline(lines, l);) {
            CHECK(std::regex_match(l, located));
            if (l.find(c.needle) != std::string::npos) found = true;
        }
        CHECK(found);
    }
    // Every side given (false included) is ruled: firer off, target on, nearer the edge: clear.
    const auto j = umpire::test::rule_toml(
        g::los("on_escarpment = false", "on_escarpment = true", "firer_distance_to_escarpment = 6\ntarget_distance_to_escarpment = 2"));
    CHECK(umpire::test::at(j, "los").as_string() == "clear");
}

TEST_CASE("gf9 bad input: the engine reports every problem at once", "[gf9-tanks][gf9-bad-input]") {
    try {
        umpire::test::rule_ruling(g::los("on_hill = \"up\"", "on_hill = 2", "hills_between = -4\nfirer_distance_to_escarpment = -1"));
        FAIL("no InputError");
    } catch (const umpire::InputError& e) {
        CHECK(e.diagnostics().size() == 4);
    }
}

TEST_CASE("gf9 input: names are matched loosely and defaults are the absence of a feature", "[gf9-tanks][gf9-bad-input]") {
    // "Wholly", "WHOLLY" and "wholly" are one name; "Anti Tank Ditch" is anti-tank-ditch.
    const auto a = umpire::test::rule_toml(g::los("on_hill = \"Wholly\"", "on_hill = \"WHOLLY\"", "hills_between = 1"));
    CHECK(umpire::test::at(a, "los").as_string() == "clear");
    const auto b = umpire::test::rule_toml(g::move("terrain = [\"Anti Tank Ditch\", \"Open\"]\nvia = \"ROAD\""));
    CHECK(umpire::test::at(b, "movement").as_string() == "impassable");
    // No [line] at all: no hills between, nothing hidden.
    const auto c = umpire::test::rule_toml(kLosHead + kFlat);
    CHECK(umpire::test::at(c, "los").as_string() == "clear");
    CHECK(umpire::test::at(c, "cover").as_bool() == false);
    // title and notes are accepted at the root.
    const auto d = umpire::test::rule_toml("title = \"t\"\nnotes = \"n\"\n" + g::move("terrain = [\"creek\"]"));
    CHECK(umpire::test::at(d, "movement").as_string() == "single-move");
    // A single terrain name instead of an array is a one-terrain move (GF9-rivers: a ford).
    const auto e = umpire::test::rule_toml(g::move("terrain = \"River\"\nvia = \"ford\""));
    CHECK(umpire::test::at(e, "movement").as_string() == "single-move");
}

TEST_CASE("gf9-tanks: [firer] and [target] may be left out (every key in them has a default)", "[gf9-tanks]") {
    struct Case {
        const char* name;
        const char* text;
        const char* los;
        bool cover;
    };
    const Case cases[] = {
        {"no tables at all", "system = \"gf9-tanks\"\nquestion = \"los\"\n", "clear", false},
        {"only [line]: a hill between", "system = \"gf9-tanks\"\nquestion = \"los\"\n[line]\nhills_between = 1\n", "blocked", false},
        {"only [firer]", "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\non_hill = \"wholly\"\n", "clear", false},
        {"only [target], partly hidden", "system = \"gf9-tanks\"\nquestion = \"los\"\n[target]\non_hill = \"no\"\n[line]\npartly_hidden = true\n",
         "clear", true},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = umpire::test::rule_toml(c.text);
            CHECK(umpire::test::at(j, "los").as_string() == c.los);
            CHECK(umpire::test::at(j, "cover").as_bool() == c.cover);
        }
    }
}
