// Rulings name a board or a table as the situation names it (`board = "test-small.toml"`,
// `table = "../tables/gf9-sample-ridge.toml"`), never by where this machine found it: the
// explanation, the JSON and the picture's caption are the same on every machine. TANK! (10.2),
// PanzerBlitz (PB-LOS), Panzer Squadron (PS-movement, PS-fire), and the table games.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "support.hpp"

namespace fs = std::filesystem;
using umpire::test::at;

namespace {

// The situation's own `board` / `table` value (the first such line of the file).
std::string named(const fs::path& file, const char* key) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(std::string(key) + " = \"", 0) == 0) {
            const auto a = line.find('"') + 1;
            return line.substr(a, line.find('"', a) - a);
        }
    return "";
}

}  // namespace

TEST_CASE("board named: every example on a board or a table names it as the situation does", "[boards][tables][examples]") {
    struct Row { const char* file; const char* key; const char* says; };
    const Row rows[] = {
        {"spi-tank-board-woods-blocks.toml", "board", "Read from the board "},
        {"spi-tank-board-sample-map.toml", "board", "Read from the board "},
        {"panzerblitz-board-hill-to-valley.toml", "board", "Read from the board "},
        {"panzerblitz-board-joined-map.toml", "board", "Read from the board "},
        {"panzer-squadron-board-move.toml", "board", "On the board "},
        {"panzer-squadron-board-line-of-fire-through-wood.toml", "board", "On the board "},
        {"table-gf9-escarpment-under-the-cliff.toml", "table", ""},
        {"table-agv-fire-over-the-wall.toml", "table", ""},
    };
    const fs::path dir = fs::path(UMPIRE_SOURCE_DIR) / "examples";
    for (const auto& r : rows) {
        INFO(r.file);
        const fs::path path = dir / r.file;
        const std::string name = named(path, r.key);
        REQUIRE(!name.empty());
        const auto j = umpire::test::run_cli("rule " + path.string() + " --json");
        INFO(j.err);
        REQUIRE(j.status == 0);
        const auto v = umpire::test::engine().rule_file(path).to_json();
        CHECK(at(at(v, r.key), "file").as_string() == name);
        CHECK(j.out.find("\"file\":\"" + name + "\"") != std::string::npos);
        if (*r.says) CHECK(j.out.find(std::string(r.says) + name) != std::string::npos);
        // Nothing of where this machine keeps the files, in the JSON or the text.
        CHECK(j.out.find(UMPIRE_SOURCE_DIR) == std::string::npos);
        const auto t = umpire::test::run_cli("rule " + path.string());
        CHECK(t.status == 0);
        CHECK(t.out.find(UMPIRE_SOURCE_DIR) == std::string::npos);
    }
}

TEST_CASE("board named: a board's own problems still name the file found", "[boards][bad-input]") {
    // The located `board` key names the board as written; the board's own lines name its path.
    const std::string bad = umpire::test::temp_file("system = \"spi-tank\"\ncolumns = 0\n");
    const auto r = umpire::test::run_cli("rule - --json", "system = \"spi-tank\"\nboard = \"" + bad +
                                                              "\"\n[firer]\nunit = \"T62\"\nhex = \"0101\"\n[target]\nunit = \"M60A2\"\nhex = \"0105\"\n");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("the board file has the problems reported for " + bad) != std::string::npos);
    CHECK(r.err.find("\n" + bad + ":") != std::string::npos);  // its own lines, under its path
}
