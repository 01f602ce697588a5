// GF9 TANKS examples (examples/gf9-tanks-*.toml) rule as their comments say, through the
// engine and the real CLI; and situations round-trip through to_toml / parse_situation
// (the window saves what it rules).
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "games/gf9_tanks/rules.hpp"
#include "test_gf9_support.hpp"

namespace fs = std::filesystem;
namespace g = umpire::test::gf9_tanks;
using umpire::test::at;

TEST_CASE("gf9 examples: each example's ruling", "[gf9-tanks][gf9-examples]") {
    struct Case {
        const char* file;
        const char* key;    // los or movement
        const char* value;
        bool cover;         // los examples only
        bool referee_call;
        const char* verdict;
    };
    const Case cases[] = {
        {"gf9-tanks-los-hill-to-hill.toml", "los", "clear", false, false, "LINE OF SIGHT CLEAR"},
        {"gf9-tanks-los-partly-hidden-cover.toml", "los", "clear", true, false, "LINE OF SIGHT CLEAR — TARGET IN COVER"},
        {"gf9-tanks-los-hidden-behind-hill.toml", "los", "blocked", false, false, "LINE OF SIGHT BLOCKED"},
        {"gf9-tanks-los-escarpment-below-closer.toml", "los", "blocked", false, false, "LINE OF SIGHT BLOCKED"},
        {"gf9-tanks-los-escarpment-on-top-nearer.toml", "los", "clear", false, false, "LINE OF SIGHT CLEAR"},
        {"gf9-tanks-los-escarpment-far-below.toml", "los", "clear", false, false, "LINE OF SIGHT CLEAR"},
        {"gf9-tanks-los-zigzag-cliff.toml", "los", "blocked", false, true, "LINE OF SIGHT BLOCKED"},
        {"gf9-tanks-los-terrace-two-escarpments.toml", "los", "blocked", false, false, "LINE OF SIGHT BLOCKED"},
        {"gf9-tanks-move-river-ford.toml", "movement", "single-move", false, false, "SINGLE MOVE ONLY"},
        {"gf9-tanks-move-amphibious-canal.toml", "movement", "impassable", false, false, "IMPASSABLE"},
        {"gf9-tanks-move-amphibious-river.toml", "movement", "single-move", false, false, "SINGLE MOVE ONLY"},
        {"gf9-tanks-move-swamp-road.toml", "movement", "normal", false, false, "NORMAL MOVE"},
        {"gf9-tanks-move-creek-bridge.toml", "movement", "single-move", false, true, "SINGLE MOVE ONLY"},
    };
    int found = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples"))
        if (e.path().filename().string().rfind("gf9-", 0) == 0) ++found;
    CHECK(found == static_cast<int>(std::size(cases)));  // every example is checked here
    for (const auto& c : cases) {
        INFO(c.file);
        const fs::path path = fs::path(UMPIRE_SOURCE_DIR) / "examples" / c.file;
        const auto r = umpire::test::engine().rule_file(path);
        const auto j = r.to_json();
        CHECK(at(j, c.key).as_string() == c.value);
        if (std::string(c.key) == "los") CHECK(at(j, "cover").as_bool() == c.cover);
        CHECK(at(j, "referee_call").as_bool() == c.referee_call);
        CHECK(r.verdict == c.verdict);
        const auto cli = umpire::test::run_cli("rule " + path.string() + " --json");
        CHECK(cli.status == 0);
        CHECK(cli.out.find(std::string("\"") + c.key + "\":\"" + c.value + "\"") != std::string::npos);
        const auto text = umpire::test::run_cli("rule " + path.string());
        CHECK(text.status == 0);
        CHECK(text.out.rfind(c.verdict, 0) == 0);
    }
}

TEST_CASE("gf9 situations round-trip through to_toml", "[gf9-tanks][gf9-examples]") {
    const auto* sys = umpire::test::engine().get<umpire::gf9_tanks::Gf9Tanks>();
    REQUIRE(sys);
    const std::string situations[] = {
        g::los("on_hill = \"no\"\non_escarpment = true", "on_hill = \"no\"\nbelow_escarpment = true",
               "firer_distance_to_escarpment = 6.5\ntarget_distance_to_escarpment = 4.25\nescarpment_between = true"),
        g::los("on_hill = \"wholly\"", "on_hill = \"wholly\"", "hills_between = 3\npartly_hidden = true\nobstacles = [\"woods\", \"vehicles\"]\nterrain = [\"river\"]"),
        g::los("on_hill = \"partly\"", "on_hill = \"wholly\"", "same_hill = true"),
        "title = \"t\"\nnotes = \"n\"\n" + g::move("terrain = [\"swamp\", \"canal\"]\nvia = [\"road\", \"bridge\"]\namphibious = true"),
        g::move("terrain = [\"river\"]\nvia = \"ford\""),
        g::move("terrain = [\"water\"]"),
        // Added keys (issue 22): a further escarpment; terrain also met off the via.
        g::los("on_escarpment = true", "below_escarpment = true",
               "escarpment_between = true\nfirer_distance_to_escarpment = 3\ntarget_distance_to_escarpment = 6") +
            "[[escarpment]]\nname = \"Lower step\"\nfirer_on = true\ntarget_below = true\nbetween = true\nfirer_distance = 8\ntarget_distance = 1\n",
        g::move("terrain = [\"swamp\", \"rough\"]\nvia = \"road\"\nwithout_via = [\"rough\"]"),
    };
    for (const auto& text : situations) {
        INFO(text);
        toml::table t = umpire::parse_toml_string(text, "a.toml");
        umpire::Sink sink("a.toml");
        const auto s = umpire::gf9_tanks::parse_situation(sys->data(), umpire::Section(sink, &t, ""));
        REQUIRE(sink.ok());
        const toml::table back = umpire::gf9_tanks::to_toml(s);
        std::ostringstream os;
        os << back;
        INFO(os.str());
        // The written file parses again, to the same ruling.
        const auto j1 = umpire::test::rule_toml(text);
        const auto j2 = umpire::test::rule_toml(os.str());
        CHECK(j1.dump() == j2.dump());
        toml::table t2 = umpire::parse_toml_string(os.str(), "b.toml");
        umpire::Sink sink2("b.toml");
        const auto s2 = umpire::gf9_tanks::parse_situation(sys->data(), umpire::Section(sink2, &t2, ""));
        REQUIRE(sink2.ok());
        CHECK(s2.title == s.title);
        CHECK(s2.notes == s.notes);
        CHECK(s2.move.via == s.move.via);
        CHECK(s2.los.firer_distance == s.los.firer_distance);
        CHECK(s2.los.obstacles == s.los.obstacles);
        CHECK(s2.los.further.size() == s.los.further.size());
        CHECK(s2.move.without_via == s.move.without_via);
    }
}

TEST_CASE("gf9 API: rule() works on a Situation built in code (for the window panel)", "[gf9-tanks][gf9-examples]") {
    const auto* sys = umpire::test::engine().get<umpire::gf9_tanks::Gf9Tanks>();
    REQUIRE(sys);
    umpire::gf9_tanks::Situation s;
    s.question = umpire::gf9_tanks::Question::movement;
    s.move.terrain = {"river"};
    s.move.amphibious = true;
    auto r = umpire::gf9_tanks::rule(sys->data(), s);
    CHECK(r.system == "gf9-tanks");
    CHECK(at(r.to_json(), "movement").as_string() == "single-move");
    s.question = umpire::gf9_tanks::Question::los;
    s.los.firer.on_hill = umpire::gf9_tanks::OnHill::wholly;
    s.los.target.on_hill = umpire::gf9_tanks::OnHill::wholly;
    s.los.hills_between = 2;
    r = umpire::gf9_tanks::rule(sys->data(), s);
    CHECK(at(r.to_json(), "los").as_string() == "clear");
    CHECK(at(r.to_json(), "hill_to_hill").as_bool() == true);
    const auto names = sys->names();
    REQUIRE(names.size() >= 3);
    CHECK(names[2].first == "move.terrain");
}
