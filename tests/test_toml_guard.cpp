// toml++ 3.3.0 asserts on some malformed TOML (upstream marzer/tomlplusplus PR #301 and issue
// #294: "[[[a]]]", "[[[1]]]", "[[[]]", "[[=", "[&"). The parser and the inline header code are
// compiled into ours (umpire_toml, from Debian's headers), and the top-level CMakeLists.txt makes
// TOML_ASSERT a no-op there and for every user of umpire_engine, so no build type (Debug,
// release, sanitizer, fuzz) can abort on bad input. See docs/fuzzing.md.
// The guard comes from the compiler command line (toml++ #undefs its macros at the end of
// toml.h, and with NDEBUG swaps TOML_ASSERT for a no-op itself), so check it before any include.
#ifndef TOML_ASSERT
#error "TOML_ASSERT is not defined: the toml++ assertion guard in CMakeLists.txt is missing"
#endif
static int toml_assert_evaluations() {
    int evaluated = 0;
    TOML_ASSERT(++evaluated == 42);  // assert() here would abort whenever NDEBUG is off
    return evaluated;
}

#include <catch2/catch.hpp>

#include <string>

#include "engine/engine.hpp"
#include "support.hpp"

TEST_CASE("toml++ guard: TOML_ASSERT never aborts (no-op in every build type)", "[toml-guard]") {
    CHECK(toml_assert_evaluations() == 0);  // not even evaluated: a no-op, as the guard says
}

TEST_CASE("toml++ guard: input that trips toml++ 3.3.0's asserts is a located syntax error", "[toml-guard]") {
    struct Case {
        const char* text;
        int line, column;
    };
    // Upstream: parse_key() called on a character that cannot start a key.
    const Case cases[] = {
        {"[[[a]]]\n", 1, 3}, {"[[[1]]]\n", 1, 3}, {"[[[]]\n", 1, 3}, {"[[=\n", 1, 3}, {"[&", 1, 2},
        {"system = \"spi-tank\"\n[[[a]]]\n", 2, 3},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        try {
            umpire::test::rule_ruling(c.text);
            FAIL("accepted");
        } catch (const umpire::InputError& e) {
            REQUIRE(e.diagnostics().size() == 1);
            const auto& d = e.diagnostics()[0];
            CHECK(d.file == "test.toml");
            CHECK(d.line == c.line);
            CHECK(d.column == c.column);
            CHECK(d.message.rfind("TOML syntax error", 0) == 0);
        }
    }
}

TEST_CASE("toml++ guard: the same input as a rules-data file is a located error", "[toml-guard][rules-data]") {
    const auto dir = umpire::test::rules_data_copy("agv.toml", "#", "[[[a]]]\n#");
    try {
        umpire::Engine e(dir);
        FAIL("accepted");
    } catch (const umpire::InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        CHECK(e.diagnostics()[0].file == (dir / "agv.toml").string());
        CHECK(e.diagnostics()[0].line == 1);
        CHECK(e.diagnostics()[0].column == 3);
        CHECK(e.diagnostics()[0].message.rfind("TOML syntax error", 0) == 0);
    }
    std::filesystem::remove_all(dir);
}
