// The terrain check (`umpire-cli table check`): the A Great Victory! placement guidelines (sizes,
// spacing, widths in base widths, churches, overlaps with watercourses, road crossings) from
// rules-data/agv.toml [table]; GF9 TANKS' house rules state no limits. Exit 0 none, 3 breaches,
// 2 bad input.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include "test_table_support.hpp"

namespace fs = std::filesystem;
using namespace umpire::test::table;

TEST_CASE("table check: the deliberately wrong AGV sample is flagged at every marked piece, citing the guideline", "[table][table-check]") {
    const fs::path file = fs::path(UMPIRE_SOURCE_DIR) / "tables" / "agv-sample-wrong.toml";
    const auto c = umpire::test::run_cli("table check " + file.string());
    CHECK(c.status == 3);
    CHECK(c.err.empty());
    // Each `[[piece]]  # BREACH AGV-xxx` line must be reported at that line with that citation.
    std::istringstream in(umpire::test::read_text(file));
    std::string line;
    int n = 0, marked = 0;
    const std::regex mark(R"(# BREACH (AGV-[a-z-]+))");
    while (std::getline(in, line)) {
        ++n;
        std::smatch m;
        if (!std::regex_search(line, m, mark)) continue;
        ++marked;
        const std::string want = file.string() + ":" + std::to_string(n) + ":1: warning: ";
        const auto at = c.out.find(want);
        INFO(line);
        REQUIRE(at != std::string::npos);
        CHECK(c.out.substr(at, c.out.find('\n', at) - at).find("(" + m[1].str() + ")") != std::string::npos);
    }
    CHECK(marked >= 12);
    // Nothing else is reported: one warning per marked piece, and the summary line.
    CHECK(std::count(c.out.begin(), c.out.end(), '\n') == marked + 1);
    CHECK(c.out.find(std::to_string(marked) + " guideline breach(es)") != std::string::npos);
}

TEST_CASE("table check: the sound samples pass (exit 0)", "[table][table-check]") {
    for (const char* f : {"agv-sample-village.toml", "gf9-sample-ridge.toml"}) {
        INFO(f);
        const auto c = umpire::test::run_cli("table check " + (fs::path(UMPIRE_SOURCE_DIR) / "tables" / f).string());
        CHECK(c.status == 0);
        CHECK(c.out.find("no guideline breached") != std::string::npos);
    }
}

TEST_CASE("table check: each AGV guideline on its own, at its threshold and past it", "[table][table-check]") {
    auto piece = [](const std::string& kind, const std::string& shape) { return "[[piece]]\nkind = \"" + kind + "\"\n" + shape + "\n"; };
    struct Row { const char* what; std::string pieces; int status; const char* cite; };
    const Row rows[] = {
        {"AGV-woods: a 10 cm wood is allowed", piece("woods", "circle = [20, 20, 5]"), 0, ""},
        {"AGV-woods: a 5 cm wide, 9 cm long wood is allowed", piece("woods", "points = [[10, 10], [19, 10], [19, 15], [10, 15]]"), 0, ""},
        {"AGV-woods: 4 cm wide is too narrow", piece("woods", "points = [[10, 10], [18, 10], [18, 14], [10, 14]]"), 3, "AGV-woods"},
        {"AGV-woods: 15 cm apart is enough", piece("woods", "circle = [20, 20, 3]") + piece("woods", "circle = [41, 20, 3]"), 0, ""},
        {"AGV-woods: 14 cm apart is not", piece("woods", "circle = [20, 20, 3]") + piece("woods", "circle = [40, 20, 3]"), 3, "AGV-woods"},
        {"AGV-villages: 39 cm apart is not enough",
         piece("village", "points = [[10, 10], [16, 10], [16, 16], [10, 16]]") + piece("village", "points = [[55, 10], [61, 10], [61, 16], [55, 16]]"), 3,
         "AGV-villages"},
        {"AGV-landmarks: a church 5 cm from a village is allowed",
         piece("village", "points = [[10, 10], [16, 10], [16, 16], [10, 16]]") + piece("landmark", "church = true\npoints = [[21, 10], [24, 10], [24, 13], [21, 13]]"),
         0, ""},
        {"AGV-landmarks: 6 cm is too far",
         piece("village", "points = [[10, 10], [16, 10], [16, 16], [10, 16]]") + piece("landmark", "church = true\npoints = [[22, 10], [25, 10], [25, 13], [22, 13]]"),
         3, "AGV-landmarks"},
        {"AGV-streams: one base width wide is a stream", piece("stream", "line = [[0, 40], [120, 40]]\nwidth = 4"), 0, ""},
        {"AGV-rivers: 3.5 cm (less than one base width) is no river", piece("river", "line = [[0, 40], [120, 40]]\nwidth = 3.5"), 3, "AGV-rivers"},
        {"AGV-rivers: exactly one base width is within the measuring tolerance: not flagged", piece("river", "line = [[0, 40], [120, 40]]\nwidth = 4"), 0, ""},
        {"AGV-placement: a bridge may overlap a stream",
         piece("stream", "line = [[0, 40], [120, 40]]\nwidth = 3") + piece("bridge", "points = [[50, 37], [54, 37], [54, 43], [50, 43]]"), 0, ""},
        {"AGV-placement: a hill may not", piece("stream", "line = [[0, 40], [120, 40]]\nwidth = 3") + piece("hill", "circle = [50, 44, 4]"), 3, "AGV-placement"},
        {"AGV-placement: a road over a stream at a ford",
         piece("stream", "line = [[0, 40], [120, 40]]\nwidth = 3") + piece("road", "line = [[52, 0], [52, 80]]\nwidth = 4") +
             piece("ford", "points = [[48, 36], [56, 36], [56, 44], [48, 44]]"),
         0, ""},
        {"AGV-placement: a road may cross a ditch without a bridge (it is one automatically)",
         piece("ditch", "line = [[0, 40], [120, 40]]\nwidth = 3") + piece("road", "line = [[52, 0], [52, 80]]\nwidth = 4"), 0, ""},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        const auto c = umpire::test::run_cli("table check " + umpire::test::temp_file(agv_table(r.pieces)));
        INFO(c.out << c.err);
        CHECK(c.status == r.status);
        if (*r.cite) CHECK(c.out.find(std::string("(") + r.cite + ")") != std::string::npos);
    }
}

TEST_CASE("table check: the limits are rules data, validated like the rest", "[table][table-check][rules-data]") {
    // A club's house rule: woods up to 12 cm. The 11 cm wood then passes.
    const auto dir = umpire::test::rules_data_copy("agv.toml", "min_across = 5.0\nmax_across = 10.0\ncite = \"AGV-woods\"",
                                                   "min_across = 5.0\nmax_across = 12.0\ncite = \"AGV-woods\"");
    const std::string t = umpire::test::temp_file(agv_table("[[piece]]\nkind = \"woods\"\ncircle = [20, 20, 5.5]\n"));
    CHECK(umpire::test::run_cli("table check " + t).status == 3);
    CHECK(umpire::test::run_cli("--rules-data " + dir.string() + " table check " + t).status == 0);
    // Broken limits are located errors in the rules data.
    const auto bad = umpire::test::rules_data_copy("agv.toml", "tolerance = 0.3", "tolerance = -1");
    const auto c = umpire::test::run_cli("check-data " + bad.string());
    CHECK(c.status == 2);
    CHECK(c.err.find("agv.toml:") != std::string::npos);
    CHECK(c.err.find("table.tolerance: -1 is out of range") != std::string::npos);
    const auto cite = umpire::test::rules_data_copy("agv.toml", "cite = \"AGV-placement\"", "cite = \"AGV-nowhere\"");
    CHECK(umpire::test::run_cli("check-data " + cite.string()).err.find("unknown name \"AGV-nowhere\"") != std::string::npos);
    fs::remove_all(dir);
    fs::remove_all(bad);
    fs::remove_all(cite);
}
