// Name matching: a name a referee typed is matched to the chart name first (ignoring case, spaces
// and / - ( ) .), then to the other names rules-data lists for it (aliases: the scenario chart's
// spellings, 17.2, and common names such as "Tiger" for the Pz VI a); an alias two units share is
// bad input naming both; the ruling says what an alias was taken for (explanation and JSON `matched`).
//
// Sections
//   normalize_name      the folding (the C locale's isspace/tolower), and same_name/normalizes_to,
//                       which compare without building strings, agreeing with it byte for byte
//   resolve_name        the matching order itself (names.hpp)
//   TANK! units         every alias in rules-data against the weapons chart (17.4), as rulings use it
//   shared names        a family name ("Pz VI", "T34") names two units: exit 2 naming both
//   rules data          an alias spelt like another unit's chart name is rejected
//   PanzerBlitz         the symbol aliases go through the same machinery
//   CLI                 `--json` carries `matched`; an ambiguous name exits 2 with FILE:LINE:COL
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "core/names.hpp"
#include "support.hpp"

using umpire::Named;
using umpire::resolve_name;
using umpire::test::at;
using umpire::test::run_cli;
using umpire::test::temp_file;

namespace {

std::string shot(const std::string& firer, const std::string& target = "M4") {
    return "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"" + firer +
           "\"\n[target]\nunit = \"" + target + "\"\naspect = \"front\"\n[line]\nrange = 10\n";
}

// The message of the InputError a situation raises, or "" when it is accepted.
std::string rejection(const std::string& toml) {
    try {
        umpire::test::rule_toml(toml);
    } catch (const umpire::InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("normalize_name folds case and drops white space and / - ( ) . _ and the fast comparisons agree with it", "[names]") {
    // The rule as first written, with the C library's isspace and tolower (the C locale).
    const auto reference = [](const std::string& s) {
        std::string out;
        for (const unsigned char c : s) {
            if (std::isspace(c) || c == '/' || c == '-' || c == '(' || c == ')' || c == '.' || c == '_') continue;
            out += static_cast<char>(std::tolower(c));
        }
        return out;
    };
    for (int c = 0; c < 256; ++c) {
        const std::string one(1, static_cast<char>(c));
        INFO(c);
        CHECK(umpire::normalize_name(one) == reference(one));
    }
    const std::vector<std::string> names = {"Pz IV h", "pzivh", "PzIVh", "PZ-IV(h)", "Pz IV", "Pz IVh.", "", " ", "( )",
                                            "M4/76", "m4-76", "M4 76", "M47 6", "M4", "Königstiger", "KÖNIGSTIGER",
                                            "koenigstiger", std::string("a\0b", 3), "ab", std::string("ab\0", 3),
                                            "a_b", "A\tB", "a\x7f", "a\xff", "T34/85", "t3485", "T348", "T34855"};
    for (const auto& a : names)
        for (const auto& b : names) {
            INFO(a << " | " << b);
            CHECK(umpire::same_name(a, b) == (reference(a) == reference(b)));
            CHECK(umpire::normalizes_to(a, reference(b)) == (reference(a) == reference(b)));
        }
}

TEST_CASE("resolve_name: exact names before aliases, never a guess between two entries", "[names]") {
    // An alias listed first must not beat a later entry's own name.
    const std::vector<Named> entries = {
        {"M4/76", {"M4", "Sherman 76"}},
        {"M4", {"Sherman"}},
        {"Pz VI a", {"Tiger", "Pz VI"}},
        {"Pz VI b", {"King Tiger", "Pz VI"}},
    };
    struct Case {
        const char* given;
        int index;  // -1: no match
        bool by_alias;
        std::vector<std::size_t> ambiguous;
    };
    const Case cases[] = {
        {"M4", 1, false, {}},            // the chart name wins over M4/76's alias "M4"
        {"m 4", 1, false, {}},           // spaces and case ignored
        {"M4/76", 0, false, {}},
        {"m4-76", 0, false, {}},         // / and - ignored
        {"Sherman", 1, true, {}},
        {"sherman 76", 0, true, {}},
        {"TIGER", 2, true, {}},
        {"king tiger", 3, true, {}},
        {"Pz.VI", -1, false, {2, 3}},     // shared alias: both named, none chosen
        {"Tiger 3", -1, false, {}},
        {"", -1, false, {}},
        {"( )", -1, false, {}},          // empty once ignored characters go
    };
    for (const auto& c : cases) {
        INFO(c.given);
        const auto m = resolve_name(c.given, entries);
        if (c.index < 0) CHECK_FALSE(m.index.has_value());
        else {
            REQUIRE(m.index.has_value());
            CHECK(*m.index == std::size_t(c.index));
        }
        CHECK(m.by_alias == c.by_alias);
        CHECK(m.ambiguous == c.ambiguous);
    }
}

TEST_CASE("TANK! units: chart names and common names find the unit of the weapons chart (17.4)", "[names][spi-tank]") {
    struct Case {
        const char* given;
        const char* unit;  // chart name (17.4)
        int ap;            // its AP attack strength on the chart, seen in the ruling
        bool alias;        // an alias: the ruling names what it matched
    };
    const Case cases[] = {
        {"Pz VI a", "Pz VI a", 15, false},
        {"pzvia", "Pz VI a", 15, false},
        {"Tiger", "Pz VI a", 15, true},
        {"tiger i", "Pz VI a", 15, true},
        {"King Tiger", "Pz VI b", 21, true},
        {"Tiger II", "Pz VI b", 21, true},
        {"Königstiger", "Pz VI b", 21, true},
        {"Panther", "Pz V", 18, true},
        {"PzV", "Pz V", 18, false},            // scenario chart spelling (17.2) is the name itself
        {"Jagdpanther", "JPz V", 21, true},
        {"PzVjgd", "JPz V", 21, true},         // scenario chart spelling (17.2)
        {"JPz V(turretless)", "JPz V", 21, true},  // weapons chart spelling (17.4)
        {"Panzer IV", "Pz IV h", 14, true},
        {"PzIVh", "Pz IV h", 14, false},
        {"Panzer III", "Pz IIIj", 8, true},
        {"Stalin", "JS II", 15, true},
        {"IS-2", "JS II", 15, true},
        {"JSII", "JS II", 15, false},          // 17.2
        {"T34/76", "T34/76c", 7, true},        // 17.2
        {"T-34-85", "T34/85", 14, false},
        {"Sherman", "M4", 10, true},
        {"Sherman 76", "M4/76", 13, true},
        {"M4/76", "M4/76", 13, false},
        {"Hellcat", "M18", 13, true},
        {"Centurion", "Cent 105", 22, true},
        {"Cent105", "Cent 105", 22, false},     // 17.2
        {"M60", "M60A2", 30, true},
        {"m60a2", "M60A2", 30, false},          // 17.2 prints "M60a2"
    };
    for (const auto& c : cases) {
        INFO(c.given);
        const auto j = umpire::test::rule_toml(shot(c.given));
        CHECK(at(j, "attack_strength").as_int() == c.ap);
        const auto& m = at(j, "matched");
        if (c.alias) {
            REQUIRE(m.is_object());
            CHECK(at(at(m, "firer.unit"), "given").as_string() == c.given);
            CHECK(at(at(m, "firer.unit"), "name").as_string() == c.unit);
            const auto expl = umpire::test::strings(at(j, "explanation"));
            REQUIRE_FALSE(expl.empty());
            CHECK(expl.front() == std::string("17.4: firer.unit: \"") + c.given + "\" is taken as the " + c.unit +
                                      " (another name for it in rules-data).");
            CHECK(umpire::test::strings(at(j, "citations")).front() == "17.4");
        } else {
            CHECK(m.is_null());  // nothing to report when the chart name was typed
        }
    }
}

TEST_CASE("TANK! units: both firer and target named by aliases are both reported (17.4)", "[names][spi-tank]") {
    const auto j = umpire::test::rule_toml(shot("Tiger", "Sherman"));
    const auto& m = at(j, "matched");
    CHECK(at(at(m, "firer.unit"), "name").as_string() == "Pz VI a");
    CHECK(at(at(m, "target.unit"), "name").as_string() == "M4");
    CHECK(at(j, "defense_strength").as_int() == 6);  // the M4's front (17.4)
}

TEST_CASE("TANK! units: a name two units share is bad input naming both (17.4)", "[names][spi-tank]") {
    struct Case {
        const char* given;
        const char* both;
    };
    const Case cases[] = {
        {"Pz VI", "\"Pz VI\" names more than one unit: Pz VI a and Pz VI b"},
        {"panzer vi", "\"panzer vi\" names more than one unit: Pz VI a and Pz VI b"},
        {"T34", "\"T34\" names more than one unit: T34/76c and T34/85"},
    };
    for (const auto& c : cases) {
        INFO(c.given);
        const std::string msg = rejection(shot(c.given));
        CHECK(msg.rfind("test.toml:4:8: firer.unit: ", 0) == 0);
        CHECK(msg.find(c.both) != std::string::npos);
    }
    // An unknown name still lists the chart names.
    CHECK(rejection(shot("Tiger 3")).find("unknown unit \"Tiger 3\" (accepted: Pz IV h, ") != std::string::npos);
}

TEST_CASE("TANK! rules data: an alias spelt like another unit's chart name is rejected (17.4)", "[names][spi-tank]") {
    namespace fs = std::filesystem;
    const fs::path dir = umpire::test::rules_data_copy("spi-tank.toml", "aliases = [\"Hellcat\"]", "aliases = [\"M4\"]");
    auto r = run_cli("check-data " + dir.string());
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("aliases: \"M4\" is the chart name of the M4: an alias cannot be another unit's name") != std::string::npos);
    fs::remove_all(dir);
    // The same alias twice on one unit is a slip, not a family name.
    const fs::path dir2 = umpire::test::rules_data_copy("spi-tank.toml", "aliases = [\"Hellcat\"]", "aliases = [\"Hellcat\", \"hell cat\"]");
    r = run_cli("check-data " + dir2.string());
    CHECK(r.status == 2);
    CHECK(r.err.find("the name \"hell cat\" is used twice") != std::string::npos);
    fs::remove_all(dir2);
}

TEST_CASE("PanzerBlitz: symbol aliases match like unit names and are reported (PB-C)", "[names][panzerblitz]") {
    const std::string base = "system = \"panzerblitz\"\n[firer]\nelevation = \"l1-hilltop\"\n[target]\nelevation = \"ground\"\n"
                             "[line]\nrange = 6\nobstacles = [{symbol = \"";
    const auto j = umpire::test::rule_toml(base + "Gray\", side = 4}]\n");
    CHECK(at(at(at(j, "matched"), "line.obstacles[0].symbol"), "name").as_string() == "grey");
    // The chart name itself: nothing reported.
    CHECK(at(umpire::test::rule_toml(base + "grey\", side = 4}]\n"), "matched").is_null());
}

TEST_CASE("CLI: --json has matched for an alias, and an ambiguous name exits 2 at FILE:LINE:COL", "[names][cli]") {
    const std::string good = temp_file(shot("King Tiger"));
    auto r = run_cli("rule " + good + " --json");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("\"matched\":{\"firer.unit\":{\"given\":\"King Tiger\",\"name\":\"Pz VI b\"}}") != std::string::npos);
    const std::string bad = temp_file(shot("Pz VI"));
    r = run_cli("rule " + bad);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == bad + ":4:8: firer.unit: \"Pz VI\" names more than one unit: Pz VI a and Pz VI b (give the one meant by its own name)\n");
}

// A name list fixed in the source reads as the vector the readers take, made once even when
// several threads ask first; made at compile time, so it costs a process nothing until read.
namespace {
const umpire::FixedNames kTestModes = {"closed", "mixed", "open"};
}  // namespace

TEST_CASE("FixedNames: a source list reads as the vector of its names, built once across threads", "[names]") {
    static_assert(std::is_trivially_destructible_v<decltype(kTestModes)>, "no destructor to register at start-up");
    std::vector<const std::vector<std::string>*> seen(8, nullptr);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < seen.size(); ++i) threads.emplace_back([&seen, i] { seen[i] = &kTestModes.get(); });
    for (auto& t : threads) t.join();
    for (const auto* v : seen) CHECK(v == seen.front());
    const std::vector<std::string>& v = kTestModes;  // the readers' type, by conversion
    CHECK(v == std::vector<std::string>{"closed", "mixed", "open"});
    CHECK(kTestModes.size() == 3);
    CHECK(kTestModes[1] == "mixed");
    CHECK(std::find(kTestModes.begin(), kTestModes.end(), "open") - kTestModes.begin() == 2);
    CHECK(umpire::match_name("Mixed", kTestModes) == std::optional<std::size_t>(1));
    CHECK(umpire::join_names(kTestModes) == "closed, mixed or open");
}
