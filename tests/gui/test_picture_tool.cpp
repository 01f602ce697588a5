// The Picture tool's window-free parts (src/window/board/picture_points.hpp; docs/maps.md
// "Calibrating", "Examples"), without a display: the points' edits kept in the board's [underlay]
// with their own undo and redo, the hex the fit puts under a click (through a known affine map
// and through a photo's perspective), a residual over half a hex said as bad (calibration.hpp's
// max_residual), every refusal of calibrate_board given what to do (docs/maps.md's table), the
// names an example may take (board::example_names, the same as --sample takes), and a suggestion
// set aside, not painted over, when the board was painted while it ran.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "window/board/host.hpp"
#include "window/board/paint.hpp"
#include "window/board/picture_points.hpp"
#include "window/board/picture_tool.hpp"
#include "board/board_edit.hpp"
#include "board/underlay.hpp"
#include "core/image.hpp"
#include "engine/engine.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "geometry/hex_layout.hpp"
#include "window/ui/hex_layout.hpp"

using namespace umpire;
using namespace umpire::app;

namespace {

board::Board small_board() {
    static const Engine engine(UMPIRE_SOURCE_RULES_DATA);
    const auto v = spi_tank::board_vocabulary(engine.get<spi_tank::SpiTank>()->data());
    board::Board b = board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml", "test-small.toml", v);
    b.underlay = board::Underlay{};
    b.underlay->image = "scan.png";
    return b;
}

// A scan: 30 pixels a board unit, turned a little, shifted (x' = 30 (cos a x - sin a y) + 50, ...).
plane::Vec2 scan_pixel(plane::Vec2 p) {
    const double c = 0.9986, s = 0.0523;
    return {30 * (c * p.x - s * p.y) + 50, 30 * (s * p.x + c * p.y) + 40};
}

// TANK!'s board support (the window's words and looks for its names).
const view::BoardSupport& tank_support() {
    static const Engine engine(UMPIRE_SOURCE_RULES_DATA);
    return *engine.find("spi-tank")->board_support();
}

// A fresh folder in the temporary one holding scan.png, a blank w x h picture, for a board saved
// beside it; the test removes it.
std::filesystem::path scan_folder(const std::string& name, int w, int h) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("umpire-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    REQUIRE_FALSE(image::write_png(dir / "scan.png", image::blank(w, h, 3, 200)));
    return dir;
}

void click(PointEdits& e, board::Board& b, const char* hex, plane::Vec2 off = {0, 0}) {
    const hex::Cube h = *b.parse_hex(hex);
    const plane::Vec2 p = scan_pixel(hex::plane_centre(h));
    REQUIRE(e.add(b, h, {p.x + off.x, p.y + off.y}));
}

}  // namespace

TEST_CASE("Picture tool: points added, removed, renumbered, undone and redone in the board's [underlay]", "[picture_tool]") {
    board::Board b = small_board();
    PointEdits e;
    CHECK_FALSE(e.can_undo());
    e.mark_saved(b);  // the file as read: no points
    click(e, b, "0101");
    click(e, b, "1201");
    click(e, b, "0110");
    REQUIRE(b.underlay->points.size() == 3);
    CHECK(e.unsaved(b));
    CHECK(b.name(b.underlay->points[1].hex) == "1201");
    const auto rev = e.revision();
    CHECK(e.renumber(b, 1, *b.parse_hex("1202")));
    CHECK(e.revision() > rev);
    CHECK_FALSE(e.renumber(b, 1, *b.parse_hex("1202")));  // the same hex: nothing to record
    CHECK_FALSE(e.renumber(b, 7, *b.parse_hex("0101")));  // no such point
    CHECK(e.remove(b, 0));
    REQUIRE(b.underlay->points.size() == 2);
    CHECK(b.name(b.underlay->points[0].hex) == "1202");
    CHECK(e.undo(b));  // the removal
    REQUIRE(b.underlay->points.size() == 3);
    CHECK(b.name(b.underlay->points[0].hex) == "0101");
    CHECK(e.undo(b));  // the renumbering
    CHECK(b.name(b.underlay->points[1].hex) == "1201");
    CHECK(e.redo(b));
    CHECK(b.name(b.underlay->points[1].hex) == "1202");
    e.mark_saved(b);
    CHECK_FALSE(e.unsaved(b));
    // A new edit drops what could be redone; undoing it is the saved state again.
    CHECK(e.remove(b, 2));
    CHECK(e.unsaved(b));
    CHECK_FALSE(e.can_redo());
    CHECK(e.undo(b));
    CHECK_FALSE(e.unsaved(b));
    CHECK(e.redo(b));
    // The points are what Save board writes: the board file holds them and reads them back.
    const board::Board again = board::parse_board(toml::parse(board::write_board(b)), "again.toml", b.vocabulary);
    REQUIRE(again.underlay);
    REQUIRE(again.underlay->points.size() == 2);
    CHECK(again.name(again.underlay->points[1].hex) == "1202");
    CHECK(again.underlay->points[1].x == Approx(b.underlay->points[1].x));
}

TEST_CASE("Picture tool: at most kMaxUnderlayPoints points, said in words", "[picture_tool]") {
    board::Board b = small_board();
    PointEdits e;
    for (std::size_t i = 0; i < board::kMaxUnderlayPoints; ++i) REQUIRE(e.add(b, b.hex_at(int(i % 120)), {double(i), 1}));
    std::string error;
    CHECK_FALSE(e.add(b, b.hex_at(0), {1, 1}, &error));
    CHECK(error.find("at most 64 points") != std::string::npos);
}

TEST_CASE("Picture tool: the hex under a click through the fit, and the residuals", "[picture_tool]") {
    board::Board b = small_board();
    PointEdits e;
    click(e, b, "0101", {1, -1});  // a pixel off, as a referee clicks
    click(e, b, "1201", {-1, 1});
    click(e, b, "1210", {1, 1});
    click(e, b, "0110");
    click(e, b, "0605", {-1, 0});
    const calibration::Fit fit = board::underlay_fit(b, plane::Vec2{600, 600});
    REQUIRE(fit.ok);
    REQUIRE(fit.residual.size() == 5);
    for (double r : fit.residual) CHECK_FALSE(residual_words(r).bad);
    struct Row { const char* hex; plane::Vec2 from_centre; const char* why; };
    const Row rows[] = {
        {"0303", {0, 0}, "a hex's centre"},
        {"0707", {0.6, 0.3}, "well inside the hex (0.67 of the way to a corner)"},
        {"1105", {-0.5, -0.5}, "towards its north-west corner"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        const hex::Cube h = *b.parse_hex(r.hex);
        const plane::Vec2 c = hex::plane_centre(h);
        const auto got = hex_under(fit, b, scan_pixel({c.x + r.from_centre.x, c.y + r.from_centre.y}));
        REQUIRE(got);
        CHECK(b.name(*got) == r.hex);
    }
    CHECK_FALSE(hex_under(fit, b, scan_pixel(hex::plane_centre(b.numbering.to_cube(14, 5)))));  // off the board
    calibration::Fit refused = fit;
    refused.ok = false;
    CHECK_FALSE(hex_under(refused, b, scan_pixel(hex::plane_centre(*b.parse_hex("0303")))));
    // One number mistyped (0605 given as 0606): its residual is a whole hex, and the fit is refused.
    CHECK(e.renumber(b, 4, *b.parse_hex("0606")));
    const calibration::Fit wrong = board::underlay_fit(b, plane::Vec2{600, 600});
    CHECK_FALSE(wrong.ok);
    REQUIRE(wrong.residual.size() == 5);
    CHECK(residual_words(wrong.residual[4]).bad);
    CHECK(residual_words(wrong.residual[4]).text.find("a wrong click or a wrong number?") != std::string::npos);
    CHECK(calibration_advice(wrong.error).find("check its number") != std::string::npos);
}

TEST_CASE("Picture tool: every refusal of the calibration gets what to do (docs/maps.md)", "[picture_tool]") {
    board::Board b = small_board();
    struct Row { std::vector<std::pair<const char*, plane::Vec2>> points; const char* advice; const char* why; };
    auto at = [&](const char* hex) { return scan_pixel(hex::plane_centre(*b.parse_hex(hex))); };
    const Row rows[] = {
        {{{"0101", at("0101")}, {"1201", at("1201")}}, "at least 3 hex centres", "too few points"},
        {{{"0101", at("0101")}, {"0101", at("1201")}, {"0110", at("0110")}}, "a number typed twice", "one hex twice"},
        {{{"0101", at("0101")}, {"1201", at("0101")}, {"0110", at("0110")}}, "Two numbers given to one click", "one pixel twice"},
        {{{"0101", at("0101")}, {"0601", at("0601")}, {"1201", at("1201")}}, "Spread the points out", "in a line"},
        {{{"0101", {-40, 5}}, {"1201", at("1201")}, {"0110", at("0110")}}, "on the picture itself", "off the picture"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        b.underlay->points.clear();
        for (const auto& [hex, p] : r.points) b.underlay->points.push_back({*b.parse_hex(hex), p.x, p.y, 0, 0});
        const calibration::Fit fit = board::underlay_fit(b, plane::Vec2{600, 600});
        REQUIRE_FALSE(fit.ok);
        INFO(fit.error);
        CHECK(calibration_advice(fit.error).find(r.advice) != std::string::npos);
    }
}

TEST_CASE("Picture tool: the names an example may take are the game's, as --sample takes them", "[picture_tool]") {
    const board::Board b = small_board();
    const std::vector<std::string> names = board::example_names(b.vocabulary);
    for (const char* n : {"clear", "woods", "berm", "slope"}) CHECK(std::find(names.begin(), names.end(), n) != names.end());
    CHECK(hexside_only(b.vocabulary, "berm"));
    CHECK_FALSE(hexside_only(b.vocabulary, "woods"));
    // A second-layer feature on a terrain is joined as suggest reads it (PanzerBlitz's "l1-hilltop+woods-hex").
    board::Vocabulary pb = b.vocabulary;
    pb.hex_terrain = {"ground", "l1-hilltop"};
    pb.hex_features = {"woods-hex"};
    CHECK(example_name(pb, "woods-hex", "l1-hilltop") == "l1-hilltop+woods-hex");
    CHECK(example_name(pb, "woods-hex", "ground") == "woods-hex");
    CHECK(example_name(pb, "woods-hex", "") == "woods-hex");
    CHECK(example_name(pb, "l1-hilltop", "ground") == "l1-hilltop");
    // Panzer Squadron's "obstacle" is a hex terrain and a hexside feature: offered once, not as a hexside only.
    board::Vocabulary ps;
    ps.hex_terrain = {"clear", "obstacle"};
    ps.hexside_features = {"obstacle"};
    const auto ps_names = board::example_names(ps);
    CHECK(std::count(ps_names.begin(), ps_names.end(), "obstacle") == 1);
    CHECK_FALSE(hexside_only(ps, "obstacle"));
}

TEST_CASE("Picture tool: calibration points not saved are kept when the board goes, as unsaved paint is", "[picture_tool]") {
    // The window never loses the referee's work: points clicked and not saved are set aside as a
    // recovered board (set_aside_paint), once; a board the tool does not follow is not set aside.
    const view::BoardSupport& support = tank_support();
    const std::filesystem::path dir = scan_folder("points-set-aside", 480, 400);
    board::Board b = small_board();
    REQUIRE_FALSE(board::save_board(b, dir / "mine.toml"));
    BoardPainter painter;
    PictureTool tool;
    tool.follow(support, &b, &painter, true);
    std::vector<Panel::SetAside> kept;
    set_aside_paint(&b, &painter, "mine.toml", "the window closed", &kept, &tool);
    CHECK(kept.empty());  // nothing clicked yet
    click(tool.edits(), b, "0101");
    click(tool.edits(), b, "1201");
    REQUIRE(tool.points_unsaved(b));
    board::Board other = small_board();  // a board the tool does not follow
    set_aside_paint(&other, &painter, "other.toml", "the window closed", &kept, &tool);
    CHECK(kept.empty());
    set_aside_paint(&b, &painter, "mine.toml", "the window closed", &kept, &tool);
    REQUIRE(kept.size() == 1);
    CHECK_THAT(kept[0].what, Catch::Contains("unsaved calibration points on board mine.toml"));
    CHECK_THAT(kept[0].text, Catch::Contains("[underlay]") && Catch::Contains("hex = \"1201\""));
    set_aside_paint(&b, &painter, "mine.toml", "the window closed", &kept, &tool);
    CHECK(kept.size() == 1);  // kept once
    std::filesystem::remove_all(dir);
}

TEST_CASE("Picture tool: a suggestion that finishes after the board was painted is set aside, not painted over it", "[picture_tool]") {
    // The window never loses the referee's work. board::suggest runs on a copy of the board (about
    // half a second for 66 x 44); paint made meanwhile would be replaced by the copy when it is
    // taken, so then the suggestion is set aside and said so. Without paint it fills the board.
    const view::BoardSupport& support = tank_support();
    const std::filesystem::path dir = scan_folder("suggest-race", 640, 640);
    // Follows the tool until its suggestion is done (it is on a worker thread); true when it was taken.
    auto finish = [&](PictureTool& tool, board::Board& b, BoardPainter& painter) {
        bool taken = false;
        for (int i = 0; i < 2000 && tool.suggesting(); ++i) {
            taken = tool.follow(support, &b, &painter, true) || taken;
            if (tool.suggesting()) ::usleep(5000);
        }
        REQUIRE_FALSE(tool.suggesting());
        return taken;
    };
    for (const bool paint_meanwhile : {false, true}) {
        INFO((paint_meanwhile ? "the board painted while the suggestion runs" : "the board left alone"));
        board::Board b = small_board();
        REQUIRE_FALSE(board::save_board_as(b, dir / "mine.toml"));
        b.underlay->image = "scan.png";  // beside mine.toml (Save as kept it pointing where it was)
        BoardPainter painter;
        painter.attach(b, b.file);
        PictureTool tool;
        tool.follow(support, &b, &painter, true);  // reads scan.png (no OpenGL here: no texture, the picture kept)
        for (const char* h : {"0101", "1201", "0110", "1210"}) click(tool.edits(), b, h);
        tool.follow(support, &b, &painter, true);  // the fit
        {
            const calibration::Fit f = board::underlay_fit(b, plane::Vec2{640, 640});
            INFO("the calibration: " << f.error);
            REQUIRE(f.ok);
        }
        tool.set_step(PictureTool::Step::examples);
        const plane::Vec2 at = scan_pixel(hex::plane_centre(*b.parse_hex("0606")));
        tool.add_example("woods", at);
        tool.suggest();
        REQUIRE(tool.suggesting());
        const hex::Cube painted = *b.parse_hex("0909");
        const std::string before = b.terrain(painted);
        if (paint_meanwhile) {
            const auto& terrains = b.vocabulary.hex_terrain;
            painter.brush = Brush{false, int(std::find(terrains.begin(), terrains.end(), "rough") - terrains.begin()), false, false};
            REQUIRE(painter.on_mouse(b, hexdraw::centre(painted), true, true, true));
            REQUIRE(b.terrain(painted) == "rough");
        }
        const bool taken = finish(tool, b, painter);
        if (paint_meanwhile) {
            CHECK_FALSE(taken);
            CHECK(b.terrain(painted) == "rough");  // the paint is still there ...
            CHECK(painter.can_undo());             // ... and so is its undo
            CHECK_FALSE(board::count_suggestions(b).any());
            CHECK_THAT(tool.suggest_problem(), Catch::Contains("changed while the suggestion ran") && Catch::Contains("Suggest the terrain again"));
        } else {
            CHECK(taken);
            CHECK(tool.suggest_problem().empty());
            CHECK(board::count_suggestions(b).hexes == b.hex_count());  // every hex suggested from the one example
            CHECK(b.terrain(painted) == "woods");
            CHECK(before != "woods");
        }
    }
    std::filesystem::remove_all(dir);
}
