// umpire-cli --png (issue 23, docs/boards.md and docs/tables.md "Pictures of a ruling"): the
// picture is written and readable for `los` on each game's board and for `rule` on board, table
// and plain situations; the printed ruling is unchanged by --png; a bad OUT (a folder, a missing
// folder, /dev/full, a pipe, no name) is a clear error, exit 1, with nothing half-written; --png
// is an option of `rule` and `los` only (CLI11), the last one given wins as for every option.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "picture_support.hpp"

using umpire::test::run_cli;
namespace fs = std::filesystem;

namespace {

fs::path out_dir() {
    static const fs::path d = [] {
        const fs::path p = fs::temp_directory_path() / ("umpire-cli-picture-" + std::to_string(::getpid()));
        fs::remove_all(p);
        fs::create_directories(p);
        return p;
    }();
    return d;
}

std::string src(const std::string& rel) { return std::string(UMPIRE_SOURCE_DIR) + "/" + rel; }

// The file is a PNG a viewer reads, of a forum-friendly size.
void check_png(const fs::path& p) {
    INFO(p.string());
    REQUIRE(fs::is_regular_file(p));
    const auto d = umpire::test::decode_png(umpire::test::read_text(p));
    CHECK(d.width >= 1000);
    CHECK(d.width <= 1800);
    CHECK(d.height >= 300);
}

}  // namespace

TEST_CASE("CLI --png: los on a TANK!, PanzerBlitz and Panzer Squadron board writes the picture, the report unchanged", "[cli][picture]") {
    struct Case {
        const char *board, *rest;
    };
    const Case cases[] = {
        {"boards/test-small.toml", "0302 0308 --mode mixed"},        // blocked by woods (10.22D)
        {"boards/panzerblitz-test-small.toml", "0304 0308"},         // routes, notes N and C
        {"boards/ps-test-small.toml", "0502 0506 --facing NW"},      // two lines of fire, a referee's call
        {"boards/sample-66x44.toml", "0101 6644 --mode open --json"},  // corner to corner of the large map
    };
    int n = 0;
    for (const auto& c : cases) {
        const std::string args = "los " + src(c.board) + " " + c.rest;
        INFO(args);
        const fs::path out = out_dir() / ("los-" + std::to_string(n++) + ".png");
        const auto with = run_cli(args + " --png " + out.string());
        CHECK(with.status == 0);
        CHECK(with.err.empty());
        CHECK(with.out == run_cli(args).out);
        check_png(out);
    }
}

TEST_CASE("CLI --png: rule draws a board, a table and a plain situation, with --png=OUT and from standard input", "[cli][picture]") {
    const char* examples[] = {"spi-tank-board-woods-blocks", "panzerblitz-board-hill-to-valley", "panzer-squadron-board-line-of-fire-wall-call",
                              "table-gf9-move-over-the-bridge", "table-agv-melee-up-the-hill", "spi-tank-t62-vs-m60a2-side"};
    for (const char* e : examples) {
        INFO(e);
        const fs::path out = out_dir() / (std::string(e) + ".png");
        const std::string file = src("examples/" + std::string(e) + ".toml");
        const auto r = run_cli("rule " + file + " --png=" + out.string());
        CHECK(r.status == 0);
        CHECK(r.err.empty());
        CHECK(r.out == run_cli("rule " + file).out);
        check_png(out);
    }
    // From standard input: a board named by the situation is looked up as `rule -` looks it up.
    const fs::path out = out_dir() / "stdin.png";
    const auto r = run_cli("rule - --json --png " + out.string(), umpire::test::read_text(src("examples/spi-tank-t62-vs-m60a2-side.toml")));
    CHECK(r.status == 0);
    CHECK(r.out.front() == '{');
    check_png(out);
}

TEST_CASE("CLI --png: a bad OUT is a clear error, exit 1, nothing half-written, nothing on stdout", "[cli][picture]") {
    const fs::path dir = out_dir() / "bad";
    fs::create_directories(dir);
    REQUIRE(::mkfifo((dir / "pipe.png").c_str(), 0600) == 0);
    const std::string los = "los " + src("boards/test-small.toml") + " 0302 0308 --mode mixed --png ";
    const std::string rule = "rule " + src("examples/spi-tank-board-woods-blocks.toml") + " --png ";
    struct Case {
        std::string args, says;
    };
    const Case cases[] = {
        {los + dir.string(), "folder"},
        {rule + (dir / "missing" / "x.png").string(), "does not exist"},
        {los + "/dev/full", "device or a pipe"},
        {rule + (dir / "pipe.png").string(), "device or a pipe"},  // refused, never opened (no hang)
        // The parser's own answers (CLI11, src/cli/app.cpp): before any file is read.
        {"los " + src("boards/test-small.toml") + " 0302 0308 --mode mixed --png", "--png needs a value (OUT)"},
        {rule + "''", "--png needs a file name"},
        {"visibility " + src("boards/test-small.toml") + " 0302 --mode mixed --png " + (dir / "v.png").string(), "visibility: unknown option --png"},
        {"systems --png " + (dir / "s.png").string(), "systems: unknown option --png"},
    };
    for (const auto& c : cases) {
        INFO(c.args);
        const auto r = run_cli(c.args);
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.find(c.says) != std::string::npos);
        CHECK(r.err.find("umpire-cli: ") == 0);
    }
    // Nothing was left in the folder but the pipe: no picture, no temporary file.
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(dir)) left.push_back(e.path().filename().string());
    CHECK(left == std::vector<std::string>{"pipe.png"});
    CHECK(fs::is_fifo(dir / "pipe.png"));
    // A bad situation is still exit 2 with its located lines, and no picture.
    const std::string bad = umpire::test::temp_file("system = \"spi-tank\"\nterrain_mode = \"swampy\"\n");
    const auto r = run_cli("rule " + bad + " --png " + (dir / "never.png").string());
    CHECK(r.status == 2);
    CHECK_FALSE(fs::exists(dir / "never.png"));
}

TEST_CASE("CLI --png: given twice, the last one is written (as --mode)", "[cli][picture]") {
    const fs::path dir = out_dir() / "twice";
    fs::create_directories(dir);
    const auto r = run_cli("rule " + src("examples/spi-tank-board-woods-blocks.toml") + " --png " + (dir / "a.png").string() + " --png " +
                           (dir / "b.png").string());
    CHECK(r.status == 0);
    CHECK_FALSE(fs::exists(dir / "a.png"));
    check_png(dir / "b.png");
}

TEST_CASE("CLI --png: an existing picture is replaced whole", "[cli][picture]") {
    const fs::path out = out_dir() / "replaced.png";
    { std::ofstream(out) << "an old file that is not a picture"; }
    const auto r = run_cli("los " + src("boards/panzerblitz-test-small.toml") + " 0401 0601 --png " + out.string());
    CHECK(r.status == 0);
    check_png(out);
}
