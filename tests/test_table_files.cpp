// Table files (docs/tables.md, src/tabletop/sketch.hpp): every sample table in tables/ loads, and
// bad tables are reported as FILE:LINE:COL problems (exit 2), bounded in what they may hold.
#include <catch2/catch.hpp>

#include <chrono>

#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "test_table_support.hpp"

namespace fs = std::filesystem;
using namespace umpire::test::table;

namespace {
umpire::tabletop::Sketch load(const std::string& path) {
    return umpire::tabletop::load_sketch(path, path, umpire::tabletop::table_systems(umpire::test::engine()));
}
}  // namespace

TEST_CASE("table files: every sample table in tables/ loads", "[table][table-files]") {
    int n = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "tables")) {
        if (e.path().extension() != ".toml") continue;
        INFO(e.path().string());
        ++n;
        const auto t = load(e.path().string());
        CHECK_FALSE(t.pieces.empty());
        CHECK((t.system == "gf9-tanks" ? t.unit == "in" : t.unit == "cm"));
        CHECK(umpire::test::read_text(e.path()).find("SAMPLE TABLE") != std::string::npos);  // clearly marked
    }
    CHECK(n >= 3);
}

TEST_CASE("table files: the sample tables' pieces and bases read as written", "[table][table-files]") {
    const auto t = load((fs::path(UMPIRE_SOURCE_DIR) / "tables" / "gf9-sample-ridge.toml").string());
    const umpire::tabletop::Piece* crest = nullptr;
    for (const auto& p : t.pieces)
        if (p.name == "Hill 112 crest") crest = &p;
    REQUIRE(crest);
    CHECK(crest->hill == "Hill 112");
    CHECK(crest->level == 2);
    CHECK(crest->outline.size() == static_cast<std::size_t>(umpire::plane::kCurveVertices));
    const auto* esc = &t.pieces.front();
    CHECK(esc->is_line);
    CHECK_FALSE(esc->top_left);
    const auto* b = t.base("Panther");
    REQUIRE(b);
    CHECK(b->unit == "Panther");
    CHECK(umpire::plane::area(b->outline) == Approx(1.5 * 2.5));
}

TEST_CASE("table files: bad tables are located", "[table][table-files][bad-input]") {
    const std::string ok_base = "[[base]]\nname = \"A\"\nat = [5, 5]\nsize = [1.5, 2.5]\n";
    struct Row { const char* what; std::string text; std::string says; };
    const Row rows[] = {
        {"unknown kind", gf9_table("[[piece]]\nkind = \"lava\"\ncircle = [5, 5, 1]\n"), ":6:8: piece[0].kind: unknown name \"lava\""},
        {"point off the table", gf9_table("[[piece]]\nkind = \"hill\"\npoints = [[1, 1], [50, 1], [1, 5]]\n"),
         ":7:19: piece[0].points: point [50.0, 1.0] lies off the table"},
        {"self-crossing outline", gf9_table("[[piece]]\nkind = \"hill\"\npoints = [[0, 0], [10, 10], [10, 0], [0, 10]]\n"),
         ":7:10: piece[0].points: the outline crosses itself or has no area"},
        {"escarpment without a top side", gf9_table("[[piece]]\nkind = \"escarpment\"\nline = [[0, 0], [10, 0]]\n"),
         ":5:1: piece[0].top: missing required key"},
        {"a line given as an outline", gf9_table("[[piece]]\nkind = \"river\"\ncircle = [5, 5, 1]\n"), "a river is a line: give `line`"},
        {"an outline with two shapes", gf9_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\npoints = [[0, 0], [1, 0], [0, 1]]\n"),
         "needs exactly one of `points`, `circle"},
        {"a base with size and radius", gf9_table("[[base]]\nname = \"A\"\nat = [5, 5]\nsize = [1, 1]\nradius = 1\n"), "exactly one of `size"},
        {"two bases of one name", gf9_table(ok_base + ok_base), ":10:8: base[1].name: \"A\" names another base too"},
        {"a table in the wrong unit", "system = \"gf9-tanks\"\nunit = \"cm\"\nwidth = 48\ndepth = 48\n", ":2:8: unit: \"cm\": a gf9-tanks table is measured in in"},
        {"AGV without a base width", "system = \"agv\"\nunit = \"cm\"\nwidth = 120\ndepth = 80\n", "base_width: missing required key"},
        {"a non-finite number", gf9_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, nan]\n"), "piece[0].circle: expected [x, y, r] (finite numbers)"},
        {"unknown key", gf9_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\nheigth = 3\n"), "unknown key"},
        // docs/tables.md: `height` (optional) is the top of a hill piece above the table, more than 0.
        {"a hill height of 0", agv_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\nheight = 0\n"),
         ":9:10: piece[0].height: must be more than 0 (the height of the piece's top above the table, in cm)"},
        {"a negative hill height", agv_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\nheight = -2\n"), "piece[0].height:"},
        {"a height on a wood", agv_table("[[piece]]\nkind = \"woods\"\ncircle = [5, 5, 1]\nheight = 3\n"),
         "piece[0].height: only a hill piece has a height"},
        {"a height on a wall", agv_table("[[piece]]\nkind = \"stone-wall\"\nline = [[1, 1], [9, 1]]\nheight = 3\n"),
         "piece[0].height: a stone-wall is a line: give `line` (and `width`), not height"},
        {"a height that is not a number", agv_table("[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\nheight = \"tall\"\n"), "piece[0].height:"},
        {"a GF9 base with an AGV type", gf9_table("[[base]]\nname = \"A\"\ntype = \"foot\"\nat = [5, 5]\nsize = [1, 1]\n"), "GF9 TANKS bases have no unit type"},
        {"a hill level out of range", gf9_table("[[piece]]\nkind = \"hill\"\nlevel = 0\ncircle = [5, 5, 1]\n"), "piece[0].level: 0 is out of range"},
        {"an unknown system", "system = \"spi-tank\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n", ":1:10: system: unknown name \"spi-tank\""},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const std::string path = umpire::test::temp_file(r.text);
        const auto c = umpire::test::run_cli("table check " + path);
        INFO(c.err);
        CHECK(c.status == 2);
        CHECK(c.out.empty());
        CHECK(c.err.find(path + r.says.substr(0, r.says[0] == ':' ? r.says.size() : 0)) != std::string::npos);
        CHECK(c.err.find(r.says) != std::string::npos);
    }
}

TEST_CASE("table files: counts are bounded (no huge tables)", "[table][table-files][bad-input]") {
    std::string many;
    for (int i = 0; i < 401; ++i) many += "[[piece]]\nkind = \"hill\"\ncircle = [5, 5, 1]\n";
    const auto c = umpire::test::run_cli("table check " + umpire::test::temp_file(gf9_table(many)));
    CHECK(c.status == 2);
    CHECK(c.err.find("401 pieces (accepted: at most 400)") != std::string::npos);
    std::string pts = "[[piece]]\nkind = \"hill\"\npoints = [";
    for (int i = 0; i < 201; ++i) pts += "[" + std::to_string(i % 40) + ", 1],";
    const auto d = umpire::test::run_cli("table check " + umpire::test::temp_file(gf9_table(pts + "]\n")));
    CHECK(d.status == 2);
    CHECK(d.err.find("201 points (accepted: 3 to 200)") != std::string::npos);
}

TEST_CASE("table files: a missing table file named by a situation", "[table][table-files][bad-input]") {
    const std::string sit = umpire::test::temp_file("table = \"/nonexistent/t.toml\"\nsystem = \"gf9-tanks\"\nquestion = \"los\"\n");
    const auto c = umpire::test::run_cli("rule " + sit);
    CHECK(c.status == 2);
    CHECK(c.err.find("/nonexistent/t.toml:1:1: table file not found") != std::string::npos);
    // The first line names the situation the referee opened, at its `table` key (found by fuzzing:
    // the table file's own line came alone, naming a file that does not exist).
    CHECK(c.err.rfind(sit + ":1:9: table: ", 0) == 0);
    const auto d = umpire::test::run_cli("table check /nonexistent/t.toml");
    CHECK(d.status == 2);
}

TEST_CASE("table files: the largest table allowed is checked and ruled in bounded time", "[table][table-files][bounds]") {
    // 400 woods and 200 stands on a 20 m table, a 50-point move across it: every pair and every
    // sampled place is tested, but bounding boxes skip the far ones (seconds, not minutes).
    std::string body;
    unsigned x = 17;
    auto next = [&]() { return (x = x * 1103515245u + 12345u) % 1980 + 10; };
    for (int i = 0; i < 400; ++i) body += "[[piece]]\nkind = \"woods\"\ncircle = [" + std::to_string(next()) + ", " + std::to_string(next()) + ", 4]\n";
    for (int i = 0; i < 199; ++i)
        body += "[[base]]\nname = \"S" + std::to_string(i) + "\"\nunit = \"T\"\nat = [" + std::to_string(next()) + ", " + std::to_string(next()) +
                "]\nsize = [4, 2]\n";
    body += "[[base]]\nname = \"F\"\nat = [1000, 1000]\nsize = [4, 2]\n";
    const std::string table = umpire::test::temp_file("system = \"agv\"\nunit = \"cm\"\nwidth = 2000\ndepth = 2000\nbase_width = 4\n" + body);
    const auto start = std::chrono::steady_clock::now();
    CHECK(umpire::test::run_cli("table check " + table).status == 3);  // random woods lie closer than 15 cm somewhere
    std::string path;
    for (int i = 0; i < 50; ++i) path += (i ? ", [" : "[") + std::to_string(next()) + ", " + std::to_string(next()) + "]";
    const auto move = umpire::test::run_cli("rule " + umpire::test::temp_file("table = \"" + table +
                                                                              "\"\nsystem = \"agv\"\nquestion = \"movement\"\n[unit]\nbase = \"F\"\n"
                                                                              "[move]\naction = \"move\"\npath = [" + path + "]\n"));
    CHECK(move.status == 0);
    const auto fire = umpire::test::run_cli("rule " + umpire::test::temp_file("table = \"" + table +
                                                                              "\"\nsystem = \"agv\"\nquestion = \"fire\"\n[firer]\nbase = \"F\"\ndice = 4\n"
                                                                              "[target]\nunit = \"T\"\n"));
    CHECK(fire.status == 0);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
}
