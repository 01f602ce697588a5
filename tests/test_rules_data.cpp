// Every file in rules-data/ is loaded by a test, and broken copies are rejected
// with FILE:LINE:COL errors naming the key (never a crash, never a silent default).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "support.hpp"

namespace fs = std::filesystem;

namespace {

fs::path broken_copy(const std::string& file, const std::string& from, const std::string& to) {
    return umpire::test::rules_data_copy(file, from, to);
}

}  // namespace

TEST_CASE("rules-data: every file is read by a system and loads cleanly", "[rules-data]") {
    const auto& e = umpire::test::engine();
    std::set<std::string> used;
    for (const auto& s : e.systems())
        for (const auto& f : s->data_files()) used.insert(f);
    for (const auto& entry : fs::directory_iterator(UMPIRE_SOURCE_RULES_DATA)) {
        if (entry.path().extension() != ".toml") continue;
        INFO(entry.path().filename().string());
        CHECK(used.count(entry.path().filename().string()) == 1);
    }
    CHECK(umpire::check_rules_dir(UMPIRE_SOURCE_RULES_DATA).empty());
}

struct DataCase {
    const char* name;
    const char* file;
    const char* from;
    const char* to;
    const char* needle;
};

TEST_CASE("rules-data: broken TANK! data is rejected with FILE:LINE:COL", "[rules-data][spi-tank]") {
    const DataCase cases[] = {
        {"syntax error", "spi-tank.toml", "die_sides = 6", "die_sides = ", "TOML syntax error"},
        {"wrong type (17.4)", "spi-tank.toml", "ap = 14\n", "ap = \"fourteen\"\n", "unit[0].ap: expected an integer"},
        {"unknown fire control (17.4)", "spi-tank.toml", "fire_control = \"SR\"", "fire_control = \"XX\"",
         "unknown name \"XX\" (accepted: N, SR or SC)"},
        {"missing defense strengths (17.4)", "spi-tank.toml", "defense = [7, 3, 2]\n", "", "unit[0].defense: missing required key"},
        {"short CRT row (8.9)", "spi-tank.toml", "\"1-9\", \"1-10\", \"1-10\"] },\n  { range = [6, 10]", "\"1-9\", \"1-10\"] },\n  { range = [6, 10]",
         "expected 11 cells"},
        {"bad cell", "spi-tank.toml", "cells = [\"1\", \"1-2\"", "cells = [\"one\", \"1-2\"", "is not a die range"},
        {"gap in ranges", "spi-tank.toml", "{ range = [11, 15], cells", "{ range = [12, 15], cells",
         "expected this row to start at 11"},
        {"panic levels not covered (8.9)", "spi-tank.toml", "panic = [3, 10]", "panic = [4, 10]", "panic level 3 is covered by 0 tables"},
        {"unknown terrain (10.6)", "spi-tank.toml", "[terrain.closed]\nrough", "[terrain.closed]\nswamp = { movement = \"2\", vehicle_defense_add = 0, soft_defense = 3, obstructs = false }\nrough",
         "unknown terrain (accepted: clear, rough"},
        {"berm not a hexside (10.12)", "spi-tank.toml", "berm = { hexside = true, movement = \"+2\"", "berm = { movement = \"+2\"", "berm is a hexside feature"},
        {"bad choice", "spi-tank.toml", "double_halving = \"twice\"", "double_halving = \"thrice\"", "accepted: twice or once"},
        {"bad spotting value (13.5)", "spi-tank.toml", "soft_open = \"1-5\"", "soft_open = \"sometimes\"", "is not a spotting value"},
        {"unknown key", "spi-tank.toml", "[game]\n", "[game]\ndice = 2\n", "game.dice: unknown key"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const fs::path dir = broken_copy(c.file, c.from, c.to);
            const auto diags = umpire::check_rules_dir(dir);
            REQUIRE_FALSE(diags.empty());
            bool found = false;
            for (const auto& d : diags) {
                CHECK(d.line >= 1);
                CHECK(d.column >= 1);
                CHECK(d.file == (dir / c.file).string());
                if (d.message.find(c.needle) != std::string::npos) found = true;
            }
            INFO(diags.front().str());
            CHECK(found);
            // The CLI reports the same through check-data, exit 2.
            auto r = umpire::test::run_cli("check-data " + dir.string());
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err.find((dir / c.file).string() + ":") == 0);
            fs::remove_all(dir);
        }
    }
}
