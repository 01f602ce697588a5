// Terrain suggested from a picture (src/board/suggest.hpp), measured on synthetic scans and
// photos the tests make themselves (tests/scan_render.hpp): a known board is printed, scanned or
// photographed, calibrated from clicks a pixel off, and suggested from a couple of examples per
// terrain; the suggestion is scored against the board it was printed from. The goals of issue 24:
// hex centres within 0.05 hex; TANK! >= 97% of hexes and >= 85% hexside-feature F1. The same is
// measured for PanzerBlitz and Panzer Squadron. The full-size figures and the time are in
// tests/bench/bench_scan.cpp.
//
// Sections
//   helpers      the games' vocabularies and boards; one whole run
//   TANK!        the 66 x 44 sample map, as a scan and as a photo; unsure hexes listed first
//   PanzerBlitz  the two-board sample map: elevations, single-hex woods and towns, symbols
//   Panzer Squadron  obstacle hexes and hexsides
//   Refusals     unknown names, examples off the board or off a hexside
//   CLI          board from-image writes a board that board check --json reads back
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "board/underlay.hpp"
#include "scan_render.hpp"
#include "support.hpp"

using namespace umpire;
namespace scan = umpire::test::scan;

namespace {

board::Board shipped(const std::string& system, const std::string& file) {
    const view::BoardSupport* s = test::engine().find(system)->board_support();
    return s->load(std::string(UMPIRE_SOURCE_DIR) + "/boards/" + file, file);
}

// An empty board of the same size and game, to suggest into.
board::Board blank_like(const board::Board& b) {
    board::Board out;
    out.system = b.system;
    out.vocabulary = b.vocabulary;
    out.numbering = b.numbering;
    out.resize(b.columns, b.rows);
    return out;
}

struct Run {
    double centre_error = 0;  // worst hex centre, in hexes
    board::Suggestion suggestion;
    board::Board got;
    scan::Score score;
};

// Render, calibrate from clicks up to 1 px off, suggest from `per_class` examples a class.
Run run(const board::Board& truth, const scan::Style& style, const scan::Shot& shot, int per_class) {
    Run r;
    const scan::Scan s = scan::render(truth, style, shot);
    const auto cl = scan::clicks(truth, s, 1.0, shot.seed + 11);
    const std::vector<hex::Cube> corners = {truth.numbering.to_cube(1, 1), truth.numbering.to_cube(truth.columns, 1),
                                            truth.numbering.to_cube(truth.columns, truth.rows), truth.numbering.to_cube(1, truth.rows)};
    const calibration::Fit f = calibration::calibrate_board(cl, corners, calibration::Model::automatic,
                                                            plane::Vec2{double(s.picture.width), double(s.picture.height)});
    REQUIRE(f.ok);
    for (int i = 0; i < truth.hex_count(); ++i) {
        const plane::Vec2 c = hex::plane_centre(truth.hex_at(i));
        const double px = s.to_pixel.scale_at(c) * hex::kHexSpacing;
        r.centre_error = std::max(r.centre_error, plane::distance(f.to_pixel.apply(c), s.to_pixel.apply(c)) / px);
    }
    r.got = blank_like(truth);
    r.suggestion = board::suggest(r.got, s.picture, f.to_pixel, scan::examples(truth, s, per_class, 1.0, shot.seed + 23));
    REQUIRE(r.suggestion.ok());
    r.score = scan::score(truth, r.got);
    return r;
}

void print(const char* what, const Run& r) {
    WARN(what << ": centres within " << r.centre_error << " hex; hexes " << r.score.hex_accuracy() * 100 << "% right ("
              << r.score.hexes - r.score.hexes_right << " wrong, " << r.score.wrong_hexes_unsure << " of them listed unsure); hexside features F1 "
              << r.score.side_f1() << " (precision " << r.score.side_precision() << ", recall " << r.score.side_recall() << "); unsure: "
              << r.suggestion.unsure_hexes.size() << " hexes, " << r.suggestion.unsure_sides.size() << " hexsides");
}

}  // namespace

// ---- TANK! --------------------------------------------------------------------------------

TEST_CASE("suggest: a scanned TANK! map, 66 x 44, meets the goals", "[suggest][scan]") {
    const board::Board truth = shipped("spi-tank", "sample-66x44.toml");
    scan::Shot shot;  // 24 px a board unit (about 70 dpi), turned 2.5 degrees, light falling 30%, noise, JPEG 80
    const Run r = run(truth, scan::tank_style(), shot, 2);
    print("TANK! scan", r);
    CHECK(r.centre_error < 0.05);
    CHECK(r.score.hex_accuracy() >= 0.97);
    CHECK(r.score.side_f1() >= 0.85);
    // Every hex and every hexside between two hexes got a verdict, marked unconfirmed.
    const board::Suggestions marks = board::count_suggestions(r.got);
    CHECK(marks.hexes == truth.hex_count());
    CHECK(marks.hexsides >= r.score.side_tp);
    // The unsure ones come least sure first.
    for (std::size_t i = 1; i < r.suggestion.unsure_hexes.size(); ++i)
        CHECK(r.suggestion.hexes[std::size_t(r.suggestion.unsure_hexes[i - 1])].margin <= r.suggestion.hexes[std::size_t(r.suggestion.unsure_hexes[i])].margin);
}

// ---- Photos, PanzerBlitz, Panzer Squadron ------------------------------------------------------

TEST_CASE("suggest: a photographed TANK! map, PanzerBlitz's and Panzer Squadron's scans meet their goals", "[suggest][scan]") {
    struct Row {
        const char* what;
        const char* system;
        const char* file;
        scan::Style style;
        scan::Shot shot;
        double hexes, f1;  // the goals: issue 24's for TANK!; for the others what is measured, less a margin
    };
    const Row rows[] = {
        // The far side 15% smaller, turned -4 degrees, the light falling 40%.
        {"TANK! photo", "spi-tank", "sample-66x44.toml", scan::tank_style(), scan::photo(0.15, -4, 0.4, 7), 0.97, 0.85},
        // Elevations as shades of brown, single-hex woods and towns, seven kinds of coloured symbol.
        {"PanzerBlitz scan", "panzerblitz", "panzerblitz-sample-map.toml", scan::panzerblitz_style(), scan::photo(0, 2.5, 0.3, 3), 0.95, 0.80},
        {"PanzerBlitz photo", "panzerblitz", "panzerblitz-sample-map.toml", scan::panzerblitz_style(), scan::photo(0.15, -3, 0.4, 4), 0.95, 0.80},
        // Obstacle hexes and obstacle hexsides (one name for both: told apart by the click).
        {"Panzer Squadron scan", "panzer-squadron", "ps-sample-40x28.toml", scan::panzer_squadron_style(), scan::photo(0, 2.5, 0.3, 5), 0.97, 0.85},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        const Run r = run(shipped(row.system, row.file), row.style, row.shot, 2);
        print(row.what, r);
        CHECK(r.centre_error < 0.05);
        CHECK(r.score.hex_accuracy() >= row.hexes);
        CHECK(r.score.side_f1() >= row.f1);
    }
}

// ---- Refusals ---------------------------------------------------------------------------------

TEST_CASE("suggest: examples that name nothing or point nowhere are refused in words", "[suggest]") {
    const board::Board truth = shipped("spi-tank", "test-small.toml");
    scan::Shot shot;
    shot.jpeg_quality = 0;
    const scan::Scan s = scan::render(truth, scan::tank_style(), shot);
    auto refuse = [&](const board::Example& e) {
        board::Board b = blank_like(truth);
        const board::Board before = b;
        const board::Suggestion r = board::suggest(b, s.picture, s.to_pixel, {e});
        CHECK_FALSE(r.ok());
        CHECK(board::equal_boards(b, before));  // nothing written
        return r.error;
    };
    const plane::Vec2 woods = s.to_pixel.apply(hex::plane_centre(*truth.parse_hex("0505")));
    CHECK_THAT(refuse({"forest", woods, "--sample forest=1,2"}),
               Catch::Contains("--sample forest=1,2: 'forest' is not a terrain or feature of spi-tank (accepted: clear, rough, woods, wreck, berm, slope, or TERRAIN+FEATURE)"));
    CHECK_THAT(refuse({"woods", {2, 2}, "--sample woods=2,2"}), Catch::Contains("--sample woods=2,2 lies off the board"));
    CHECK_THAT(refuse({"berm", woods, "--sample berm=X,Y"}), Catch::Contains("is not at a hexside's midpoint"));
    board::Board b = blank_like(truth);
    CHECK_THAT(board::suggest(b, s.picture, s.to_pixel, {}).error, Catch::Contains("no examples"));
}

// ---- CLI ------------------------------------------------------------------------------------

TEST_CASE("board from-image writes a board that board check --json reads back, and bad input is exit 2", "[suggest][cli]") {
    namespace fs = std::filesystem;
    const board::Board truth = shipped("spi-tank", "test-small.toml");
    scan::Shot shot;
    const scan::Scan s = scan::render(truth, scan::tank_style(), shot);
    const fs::path dir = fs::temp_directory_path() / ("umpire-from-image-" + std::to_string(::getpid()));
    fs::create_directories(dir / "boards");
    const fs::path pic = dir / "scan.jpg";
    { std::ofstream(pic, std::ios::binary) << s.bytes; }
    std::string args = "board from-image " + pic.string() + " --system spi-tank --columns " + std::to_string(truth.columns) + " --rows " +
                       std::to_string(truth.rows);
    for (const auto& c : scan::clicks(truth, s, 1.0, 3)) args += " --hex " + c.name + "=" + std::to_string(c.pixel.x) + "," + std::to_string(c.pixel.y);
    for (const auto& e : scan::examples(truth, s, 2, 1.0, 4)) args += " --sample " + e.name + "=" + std::to_string(e.pixel.x) + "," + std::to_string(e.pixel.y);
    const fs::path out = dir / "boards" / "mine.toml";
    const test::CliResult r = test::run_cli(args + " -o " + out.string());
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Calibration: perspective map from 9 points"));
    CHECK_THAT(r.out, Catch::Contains("wrote " + out.string()));
    // The board names its picture relative to itself, and reads back.
    CHECK_THAT(test::read_text(out), Catch::Contains("image = \"../scan.jpg\""));
    const test::CliResult check = test::run_cli("board check " + out.string() + " --json");
    REQUIRE(check.status == 0);
    CHECK_THAT(check.out, Catch::StartsWith("{\"system\":\"spi-tank\",\"title\":\"Suggested from scan.jpg\",\"columns\":12,\"rows\":10,\"hexes\":{\"0101\":"));
    CHECK_THAT(check.out, Catch::Contains("\"unconfirmed\":{\"hexes\":120,"));
    const test::CliResult text = test::run_cli("board check " + out.string());
    CHECK_THAT(text.out, Catch::Contains("calibration: perspective map"));
    CHECK_THAT(text.err, Catch::Contains("warning: suggested: 120 hexes"));
    // Bad input: one line, exit 2.
    struct Row { std::string change, expected; };
    const Row rows[] = {
        {" --hex 9999=1,1", "'9999' is not a hex of this board"},
        {" --sample forest=20,20", "'forest' is not a terrain or feature of spi-tank"},
        {" --hex 0505=100000,3", "the point is off the picture"},
        {" --sample woods=12,abc", "X and Y must be numbers of pixels"},
    };
    for (const Row& row : rows) {
        INFO(row.change);
        const test::CliResult bad = test::run_cli(args + row.change + " -o " + (dir / "bad.toml").string());
        CHECK(bad.status == 2);
        CHECK_THAT(bad.err, Catch::StartsWith("umpire-cli: ") && Catch::Contains(row.expected));
        CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
        CHECK_FALSE(fs::exists(dir / "bad.toml"));
    }
    // Too few points; a picture that is not one; a truncated one.
    const std::string three = "board from-image " + pic.string() + " --system spi-tank --columns 12 --rows 10 --hex 0101=10,10 --hex 1201=300,10 --sample clear=50,50 -o " + (dir / "bad.toml").string();
    CHECK_THAT(test::run_cli(three).err, Catch::Contains("too few --hex points: 2 given"));
    { std::ofstream(dir / "cut.jpg", std::ios::binary) << s.bytes.substr(0, s.bytes.size() / 2); }
    std::string cut = args;
    cut.replace(cut.find(pic.string()), pic.string().size(), (dir / "cut.jpg").string());
    const test::CliResult truncated = test::run_cli(cut + " -o " + (dir / "bad.toml").string());
    CHECK(truncated.status == 2);
    CHECK_THAT(truncated.err, Catch::StartsWith((dir / "cut.jpg").string() + ":1:1: the JPEG is truncated"));
    fs::remove_all(dir);
}
