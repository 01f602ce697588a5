// A photo under a table sketch (src/tabletop/photo.hpp; docs/tables.md "A photo of the table"):
// [photo] read, checked and written back; four clicked corners (a pixel off) give the table's
// scale: every point of the table maps back within a small fraction of an inch; clicks out of
// order are refused; `table check` reports the photo and its calibration.
//
// Sections
//   Reading      the section, round trip, bad input located
//   Calibration  a photographed 48 x 48 in table (perspective): the scale from four corners
//   CLI          table check names the photo and the map, warns when it cannot be used
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "core/image.hpp"
#include "tabletop/photo.hpp"
#include "tabletop/rulings.hpp"
#include "tabletop/sketch.hpp"
#include "support.hpp"

using namespace umpire;
using plane::Vec2;

namespace {

tabletop::Sketch sketch_from(const std::string& text) {
    static const tabletop::Systems systems = tabletop::table_systems(test::engine());
    return tabletop::read_sketch(parse_toml_string(text, "t.toml"), "t.toml", systems);
}

std::string problem(const std::string& text) {
    try {
        (void)sketch_from(text);
    } catch (const InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        const auto& d = e.diagnostics()[0];
        return std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message;
    }
    return "(no problem)";
}

// A 48 x 48 in table photographed from its near edge: the far edge shrunk by a quarter.
calibration::Projective camera() {
    calibration::Projective p;
    p.m = {40, 3, 300, 1, -30, 1900, 0, 0.007, 1};
    return p;
}

std::string photo_table(const std::array<Vec2, 4>& px) {
    std::string t = "system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n\n[photo]\nimage = \"table.png\"\nopacity = 0.6\npoints = [\n";
    const Vec2 at[4] = {{0, 0}, {48, 0}, {48, 48}, {0, 48}};
    for (int i = 0; i < 4; ++i)
        t += "  { pixel = [" + std::to_string(px[std::size_t(i)].x) + ", " + std::to_string(px[std::size_t(i)].y) + "], at = [" +
             std::to_string(at[i].x) + ", " + std::to_string(at[i].y) + "] },\n";
    return t + "]\n";
}

std::array<Vec2, 4> corners(const calibration::Projective& cam, double error, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> e(-error, error);
    std::array<Vec2, 4> out;
    const Vec2 at[4] = {{0, 0}, {48, 0}, {48, 48}, {0, 48}};
    for (int i = 0; i < 4; ++i) {
        const Vec2 p = cam.apply(at[i]);
        out[std::size_t(i)] = {p.x + e(rng), p.y + e(rng)};
    }
    return out;
}

}  // namespace

// ---- Reading ----------------------------------------------------------------------------

TEST_CASE("table photo: read, written back, problems located", "[tables][photo]") {
    const tabletop::Sketch t = sketch_from(photo_table(corners(camera(), 0, 1)));
    REQUIRE(t.photo);
    CHECK(t.photo->image == "table.png");
    CHECK(t.photo->opacity == 0.6);
    REQUIRE(t.photo->points.size() == 4);
    CHECK(t.photo->points[2].at == Vec2{48, 48});
    CHECK(tabletop::photo_path(*t.photo, "/club/tables/mine.toml") == std::filesystem::path("/club/tables/table.png"));
    const std::string text = tabletop::write_sketch(t);
    CHECK_THAT(text, Catch::Contains("[photo]\nimage = 'table.png'\nopacity = 0.6\npoints = [\n  { pixel = ["));
    CHECK(tabletop::same_sketch(t, sketch_from(text)));

    const std::string head = "system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n";
    struct Row { std::string body, expected; };
    const Row rows[] = {
        {"[photo]\nopacity = 0.5\n", "5:1: photo.image: missing required key"},
        {"[photo]\nimage = \"t.png\"\nopacity = 1.5\n", "7:11: photo.opacity: 1.5 is out of range (accepted: 0 to 1)"},
        {"[photo]\nimage = \"t.png\"\npoints = [{ pixel = [1, 2], at = [60, 2] }]\n", "7:34: photo.points[0].at: [60, 2] lies off the table (0 to 48 by 0 to 48)"},
        {"[photo]\nimage = \"t.png\"\npoints = [{ pixel = [1, -2], at = [6, 2] }]\n", "7:21: photo.points[0].pixel: expected [x, y]"},
        {"[photo]\nimage = \"t.png\"\npoints = [{ pixel = [1, 2] }]\n", "7:11: photo.points[0].at: missing required key"},
        {"[photo]\nimage = \"t.png\"\nscale = 2\n", "7:9: photo.scale: unknown key (accepted keys here: image, opacity, points)"},
    };
    for (const Row& r : rows) {
        INFO(r.body);
        CHECK_THAT(problem(head + r.body), Catch::StartsWith(r.expected));
    }
}

// ---- Calibration -----------------------------------------------------------------------------

TEST_CASE("table photo: four corners a pixel off give the table's scale within a fiftieth of an inch", "[tables][photo]") {
    const calibration::Projective cam = camera();
    double worst = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const tabletop::Sketch t = sketch_from(photo_table(corners(cam, 1.0, seed)));
        const calibration::Fit f = tabletop::photo_fit(*t.photo, t.unit, Vec2{2400, 2000});
        REQUIRE(f.ok);
        CHECK(f.model == calibration::Model::perspective);
        // Every point of the table, from where it shows in the photo back to the table.
        for (double x = 0; x <= 48; x += 4)
            for (double y = 0; y <= 48; y += 4) worst = std::max(worst, plane::distance(f.to_plane.apply(cam.apply({x, y})), {x, y}));
    }
    INFO("worst point " << worst << " in");
    CHECK(worst < 0.02 * 48 / 10);  // under 0.1 in on a 48 in table, from 1 px clicks (a pixel is ~0.03 in here)
    // Clicked out of order (the far corners swapped): refused in words.
    std::array<Vec2, 4> px = corners(cam, 0, 1);
    std::swap(px[2], px[3]);
    const tabletop::Sketch bad = sketch_from(photo_table(px));
    CHECK_THAT(tabletop::photo_fit(*bad.photo, bad.unit).error, Catch::Contains("not clicked in order"));
}

// ---- CLI ------------------------------------------------------------------------------------

TEST_CASE("table check reports the photo and its calibration, and warns when it cannot be used", "[tables][photo][cli]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-photo-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "t.toml") << photo_table(corners(camera(), 1.0, 3));
    test::CliResult r = test::run_cli("table check " + (dir / "t.toml").string());
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("t.toml:6:1: warning: photo.image: the photo cannot be used (") && Catch::Contains("cannot read"));
    REQUIRE_FALSE(image::write_png(dir / "table.png", image::blank(2400, 2000, 3, 128)));
    r = test::run_cli("table check " + (dir / "t.toml").string());
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains("photo: table.png, 4 calibration points") && Catch::Contains("picture: PNG, 2400 x 2000 pixels") &&
                          Catch::Contains("calibration: perspective map"));
    fs::remove_all(dir);
}
