// Loading the rules data per game: one game's bad house-rules number locks only that
// game (Engine::Load::each_system, used by the window; Load::on_demand, used by
// `umpire-cli rule`, which also reads a game's file only when the game is asked for), while
// the strict load and `umpire-cli check-data` still report every problem (exit 2).
#include <catch2/catch.hpp>

#include "support.hpp"
#include "tabletop/view.hpp"

using umpire::Engine;
using umpire::InputError;
using umpire::test::rules_data_copy;
using umpire::test::run_cli;

namespace {

const std::filesystem::path kRoot = UMPIRE_SOURCE_DIR;

// One broken number in agv.toml (a house-rules copy with a typo).
std::filesystem::path broken_agv() { return rules_data_copy("agv.toml", "\n[", "\nbroken = = 1\n["); }

}  // namespace

TEST_CASE("engine: a broken game's rules data locks only that game (each_system)", "[engine]") {
    const auto dir = broken_agv();
    const Engine e(dir, Engine::Load::each_system);
    CHECK_FALSE(e.usable("agv"));
    REQUIRE_FALSE(e.data_errors("agv").empty());
    CHECK(e.data_errors("agv").front().str().find("agv.toml:") != std::string::npos);
    // The other games load and rule exactly as with the shipped data.
    for (const char* other : {"spi-tank", "panzerblitz", "gf9-tanks", "panzer-squadron"}) {
        INFO(other);
        CHECK(e.usable(other));
        CHECK(e.data_errors(other).empty());
    }
    const auto tank = kRoot / "examples" / "spi-tank-blocked-by-woods.toml";
    CHECK(e.rule_file(tank).to_json().dump() == umpire::test::engine().rule_file(tank).to_json().dump());
    // Ruling the broken game reports its data errors, not a ruling.
    try {
        e.rule_file(kRoot / "examples" / "agv-fire-out-of-woods.toml");
        FAIL("ruled with broken rules data");
    } catch (const InputError& err) {
        CHECK(err.diagnostics().front().str().find("agv.toml:") != std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("engine: on demand, a game's rules data is read when the game is first asked for", "[engine]") {
    namespace fs = std::filesystem;
    // A good copy: the engine is made and rules a TANK! shot; only then is agv.toml broken on
    // disk. AGV's problems are found when AGV is first asked for, so it had not been read.
    const auto dir = umpire::test::rules_data_copy("agv.toml", "\n[", "\n[");
    const Engine lazy(dir, Engine::Load::on_demand);
    const auto tank = kRoot / "examples" / "spi-tank-blocked-by-woods.toml";
    CHECK(lazy.rule_file(tank).to_json().dump() == umpire::test::engine().rule_file(tank).to_json().dump());
    const auto broken = broken_agv();
    fs::copy_file(broken / "agv.toml", dir / "agv.toml", fs::copy_options::overwrite_existing);
    fs::remove_all(broken);
    CHECK_FALSE(lazy.usable("agv"));
    REQUIRE_FALSE(lazy.data_errors("agv").empty());
    CHECK(lazy.data_errors("agv").front().str().find("agv.toml:") != std::string::npos);
    // The same problems as the load that reads every file at once, and the other games as usable.
    const Engine eager(dir, Engine::Load::each_system);
    CHECK(lazy.data_errors("agv").front().str() == eager.data_errors("agv").front().str());
    CHECK(lazy.systems().size() == eager.systems().size());
    for (const auto& s : lazy.systems()) {
        INFO(s->id());
        CHECK(lazy.usable(s->id()) == eager.usable(s->id()));
    }
    fs::remove_all(dir);
}

TEST_CASE("engine: on demand, every example is ruled exactly as with every game loaded at once", "[engine]") {
    for (const auto& f : std::filesystem::directory_iterator(kRoot / "examples")) {
        INFO(f.path().filename().string());
        const Engine lazy(UMPIRE_SOURCE_RULES_DATA, Engine::Load::on_demand);
        CHECK(lazy.rule_file(f.path()).to_json().dump() == umpire::test::engine().rule_file(f.path()).to_json().dump());
        CHECK(lazy.rule_file(f.path()).to_text() == umpire::test::engine().rule_file(f.path()).to_text());
    }
}

// `umpire-cli rule` without --png asks for rulings only to print them (Engine::set_print_only):
// the games then leave out the typed view and the board marks, and everything printed stays the
// same, byte for byte (issue 21, point 6).
TEST_CASE("engine: a ruling only printed has the same text and JSON, without the view or the marks", "[engine]") {
    Engine printing(UMPIRE_SOURCE_RULES_DATA, Engine::Load::on_demand);
    printing.set_print_only(true);
    int views = 0, marks = 0;
    for (const auto& f : std::filesystem::directory_iterator(kRoot / "examples")) {
        INFO(f.path().filename().string());
        const umpire::Ruling full = umpire::test::engine().rule_file(f.path());
        const umpire::Ruling printed = printing.rule_file(f.path());
        CHECK(printed.to_json().dump() == full.to_json().dump());
        CHECK(printed.to_text() == full.to_text());
        CHECK_FALSE(printed.board_marks);
        views += full.view.has_value();
        marks += full.board_marks != nullptr;
        // A table's ruling keeps its table view: its picture is the ruling (tables.cpp).
        if (!full.view_as<umpire::tabletop::TableView>()) CHECK_FALSE(printed.view.has_value());
    }
    CHECK(views > 20);  // the comparison covered rulings that do carry them
    CHECK(marks > 5);
}

TEST_CASE("engine: the strict load still throws every problem, and a missing folder throws in both modes", "[engine]") {
    const auto dir = broken_agv();
    CHECK_THROWS_AS(Engine(dir), InputError);
    CHECK_THROWS_AS(Engine(dir / "missing", Engine::Load::each_system), InputError);
    std::filesystem::remove_all(dir);
}

TEST_CASE("CLI: rule works for another game when one game's rules data is broken, check-data still fails", "[cli]") {
    const auto dir = broken_agv();
    const std::string data = "--rules-data " + dir.string() + " ";
    const auto tank = (kRoot / "examples" / "spi-tank-blocked-by-woods.toml").string();
    const auto ok = run_cli(data + "rule " + tank + " --json");
    CHECK(ok.status == 0);
    CHECK(ok.out == run_cli("rule " + tank + " --json").out);
    const auto agv = run_cli(data + "rule " + (kRoot / "examples" / "agv-fire-out-of-woods.toml").string());
    CHECK(agv.status == 2);
    CHECK(agv.out.empty());
    CHECK(agv.err.find("agv.toml:") != std::string::npos);
    const auto check = run_cli("check-data " + dir.string());
    CHECK(check.status == 2);
    CHECK(check.err.find("agv.toml:") != std::string::npos);
    std::filesystem::remove_all(dir);
}
