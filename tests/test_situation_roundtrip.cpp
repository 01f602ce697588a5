// The window saves situations with to_toml() and reopens them with
// parse_situation(): every example must survive the round trip unchanged,
// and rule identically before and after.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "games/spi_tank/rules.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

TEST_CASE("spi-tank situations round-trip through to_toml (window save/open)", "[spi-tank][roundtrip]") {
    const auto* sys = umpire::test::engine().get<umpire::spi_tank::SpiTank>();
    REQUIRE(sys);
    int n = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples")) {
        if (e.path().filename().string().rfind("spi-tank-", 0) != 0) continue;
        // Units on the board are read before the game (board/counters.hpp; tests/test_counters.cpp).
        if (e.path().filename().string().find("-units-") != std::string::npos) continue;
        ++n;
        INFO(e.path().string());
        const auto original = umpire::test::engine().rule_file(e.path()).to_json().dump();
        toml::table t = umpire::parse_toml_file(e.path(), e.path().string());
        umpire::Sink sink(e.path().string());
        const auto s = umpire::spi_tank::parse_situation(sys->data(), umpire::Section(sink, &t, ""));
        REQUIRE(sink.ok());
        std::ostringstream written;
        written << umpire::spi_tank::to_toml(s);
        // Named beside the original: a `board = "..."` path is relative to the situation's folder.
        const auto again = umpire::test::engine().rule_text(written.str(), (e.path().parent_path() / "roundtrip.toml").string()).to_json().dump();
        CHECK(again == original);
    }
    CHECK(n >= 5);
}
