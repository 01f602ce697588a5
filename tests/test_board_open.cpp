// The one board dispatch (Engine::read_board_file / open_board, src/engine/open_board.cpp) and the
// one find_board (src/board/board.cpp), docs/boards.md: a board command reads its board file once
// and hands it to the game its `system` names; a `system` naming no game with hex boards is a
// located error; a situation's `board = "NAME"` is looked up the same way for every game.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "cli/app.hpp"
#include "core/input.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using umpire::test::engine;
using umpire::test::temp_file;

namespace {

// Every file the bounded reader opens while a test hook is set, by normalized path.
std::map<std::string, int>& reads() {
    static std::map<std::string, int> counted;
    return counted;
}
void count_read(const fs::path& path) { ++reads()[path.lexically_normal().string()]; }

// umpire-cli in this process (cli::run), counting the files it reads; stderr captured.
struct Counted {
    int status = 0;
    std::string out, err;
};
Counted run_counted(const std::vector<std::string>& args) {
    reads().clear();
    std::ostringstream err;
    std::streambuf* old = std::cerr.rdbuf(err.rdbuf());
    umpire::set_read_observer(count_read);
    Counted r;
    try {
        r.status = umpire::cli::run(args, r.out);
    } catch (...) {
        umpire::set_read_observer(nullptr);
        std::cerr.rdbuf(old);
        throw;
    }
    umpire::set_read_observer(nullptr);
    std::cerr.rdbuf(old);
    r.err = err.str();
    return r;
}

std::string board_path(const std::string& name) { return (fs::path(UMPIRE_SOURCE_DIR) / "boards" / name).lexically_normal().string(); }

}  // namespace

TEST_CASE("board dispatch: los, visibility and board check read the board file once, for every game", "[boards][cli][dispatch]") {
    struct Case {
        const char* board;
        const char* from;
        const char* to;
    };
    const Case cases[] = {
        {"test-small.toml", "0302", "0308"},             // TANK!
        {"panzerblitz-test-small.toml", "0304", "0308"},  // PanzerBlitz
        {"ps-test-small.toml", "0302", "0306"},           // Panzer Squadron
    };
    for (const auto& c : cases) {
        const std::string file = board_path(c.board);
        const std::vector<std::vector<std::string>> commands = {
            {"los", file, c.from, c.to}, {"los", file, c.from, c.to, "--json"}, {"visibility", file, c.from}, {"board", "check", file}};
        for (const auto& args : commands) {
            SECTION(std::string(c.board) + ": " + args[0] + (args.size() > 4 ? " --json" : "")) {
                const Counted r = run_counted(args);
                INFO(r.err);
                CHECK(r.status == 0);
                CHECK(r.err.empty());
                CHECK(!r.out.empty());
                CHECK(reads()[file] == 1);
                for (const auto& [path, n] : reads()) {  // the rules data is read once per file too
                    INFO(path);
                    CHECK(n == 1);
                }
            }
        }
    }
}

TEST_CASE("board dispatch: a PanzerBlitz map is read once, and each board it places once per placement", "[boards][cli][dispatch][panzerblitz]") {
    // The sample map places the sample board twice (west, and east rotated): join_boards reads the
    // board file for each placement.
    const std::string map = board_path("panzerblitz-sample-map.toml"), part = board_path("panzerblitz-sample-board.toml");
    const Counted r = run_counted({"los", map, "0304", "1508"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(reads()[map] == 1);
    CHECK(reads()[part] == 2);
    for (const auto& [path, n] : reads()) {
        INFO(path);
        if (path != part) CHECK(n == 1);
    }
}

TEST_CASE("board dispatch: a system naming no game with hex boards is a located error", "[boards][dispatch]") {
    struct Case {
        const char* name;
        const char* text;
        const char* where;  // ":LINE:COL: message"
    };
    const Case cases[] = {
        {"unknown game", "system = \"chess\"\ncolumns = 4\nrows = 4\n",
         ":1:10: system: unknown name \"chess\" (accepted: spi-tank, panzerblitz or panzer-squadron)"},
        {"a game without hex boards (GF9 is played on a table)", "system = \"gf9-tanks\"\ncolumns = 4\nrows = 4\n",
         ":1:10: system: unknown name \"gf9-tanks\" (accepted: spi-tank, panzerblitz or panzer-squadron)"},
        {"no system", "columns = 4\nrows = 4\n", ":1:1: system: missing required key (expected one of spi-tank, panzerblitz or panzer-squadron)"},
        {"system not a string", "system = 3\ncolumns = 4\nrows = 4\n",
         ":1:10: system: expected a name, one of spi-tank, panzerblitz or panzer-squadron; found an integer"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = temp_file(c.text);
            try {
                (void)engine().open_board(f, f);
                FAIL("opened");
            } catch (const umpire::InputError& e) {
                REQUIRE(e.diagnostics().size() == 1);
                CHECK(e.diagnostics()[0].str() == f + c.where);
            }
            // The command line says the same, exit 2, nothing on stdout.
            const auto r = umpire::test::run_cli("los '" + f + "' 0101 0202");
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err == f + c.where + "\n");
        }
    }
}

TEST_CASE("board dispatch: each shipped board opens as the game it names, a panel reads only its own game's", "[boards][dispatch]") {
    const std::map<std::string, std::string> game_of = {
        {"test-small.toml", "spi-tank"},
        {"sample-66x44.toml", "spi-tank"},
        {"panzerblitz-test-small.toml", "panzerblitz"},
        {"panzerblitz-sample-board.toml", "panzerblitz"},
        {"panzerblitz-sample-map.toml", "panzerblitz"},
        {"ps-test-small.toml", "panzer-squadron"},
        {"ps-sample-40x28.toml", "panzer-squadron"},
    };
    for (const auto& [name, id] : game_of) {
        INFO(name);
        const auto open = engine().open_board(board_path(name), name);
        REQUIRE(open.game);
        CHECK(open.game->id() == id);
        CHECK(open.board.system == id);
        CHECK(open.board.hex_count() > 0);
        // As its own panel reads it: the same board.
        const auto as_own = engine().open_board(board_path(name), name, open.game->board_support());
        CHECK(umpire::board::equal_boards(as_own.board, open.board));
    }
    // A TANK! board opened by the PanzerBlitz panel: PanzerBlitz's reader says what is wrong, as before.
    const auto* pb = engine().find("panzerblitz")->board_support();
    try {
        (void)engine().open_board(board_path("test-small.toml"), "test-small.toml", pb);
        FAIL("opened");
    } catch (const umpire::InputError& e) {
        std::string all;
        for (const auto& d : e.diagnostics()) all += d.str() + "\n";
        CHECK(all.rfind("test-small.toml:", 0) == 0);
        CHECK(all.find(":10: system: unknown name \"spi-tank\" (accepted: panzerblitz)\n") != std::string::npos);
    }
}

TEST_CASE("find_board: one lookup for every game -- beside the situation, then the shipped boards", "[boards][dispatch]") {
    const fs::path root = fs::temp_directory_path() / ("umpire-find-board-" + std::to_string(::getpid()));
    fs::remove_all(root);
    const fs::path situation = root / "situation", shipped = root / "shipped";
    fs::create_directories(situation);
    fs::create_directories(shipped);
    std::ofstream(situation / "here.toml") << "x";
    std::ofstream(situation / "both.toml") << "x";
    std::ofstream(shipped / "both.toml") << "x";
    std::ofstream(shipped / "shipped-only.toml") << "x";
    using umpire::board::find_board;
    CHECK(find_board("here.toml", situation, shipped) == situation / "here.toml");
    CHECK(find_board("both.toml", situation, shipped) == situation / "both.toml");            // the situation's folder first
    CHECK(find_board("shipped-only.toml", situation, shipped) == shipped / "shipped-only.toml");
    CHECK(find_board("test-small.toml", situation, shipped) == fs::path(UMPIRE_SOURCE_DIR) / "boards" / "test-small.toml");  // the source tree's
    CHECK(find_board("test-small.toml", situation, "") == situation / "test-small.toml");    // no shipped folder: beside the situation only
    CHECK(find_board("nowhere.toml", situation, shipped) == situation / "nowhere.toml");     // the read error names it there
    CHECK(find_board((shipped / "both.toml").string(), situation, "") == shipped / "both.toml");  // a full path as it is
    // The three games with boards ask the same lookup, each with its own shipped folder.
    for (const char* id : {"spi-tank", "panzerblitz", "panzer-squadron"}) {
        INFO(id);
        const auto* support = engine().find(id)->board_support();
        REQUIRE(support);
        for (const char* name : {"here.toml", "both.toml", "shipped-only.toml", "test-small.toml", "nowhere.toml"})
            CHECK(support->find_board(name, situation) == find_board(name, situation, support->boards_dir()));
    }
    fs::remove_all(root);
}
