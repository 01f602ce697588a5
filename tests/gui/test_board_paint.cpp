// The board paint tool's window-free parts (src/window/board/paint.hpp), without a display: what a
// click paints (hex, or hexside near a side), a drag as one undo step, a slope's sloped side
// (10.5) from the hex clicked in, the Accept brush (suggestions confirmed as they stand), Save
// with its error and the unsaved mark, and the toolbar and hover outline built in a headless ImGui
// frame with Ctrl+Z / Ctrl+Y.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "window/board/paint.hpp"
#include "headless_imgui.hpp"
#include "window/ui/hex_layout.hpp"
#include "board/board_edit.hpp"
#include "board/underlay.hpp"
#include "engine/engine.hpp"
#include "games/spi_tank/rules.hpp"
#include "games/spi_tank/board.hpp"

using namespace umpire;
using namespace umpire::app;
using umpire::hex::Cube;

namespace {

board::Board small_board() {
    static const Engine engine(UMPIRE_SOURCE_RULES_DATA);
    const auto v = spi_tank::board_vocabulary(engine.get<spi_tank::SpiTank>()->data());
    return board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml", "test-small.toml", v);
}

int index_of(const std::vector<std::string>& names, const std::string& name) {
    return int(std::find(names.begin(), names.end(), name) - names.begin());
}

// A world point a fraction `f` of the way from hex h's centre to the midpoint of its side d.
ImVec2 towards_side(const Cube& h, int d, float f) {
    const ImVec2 c = hexdraw::centre(h), m = hexdraw::side_midpoint(h, d);
    return {c.x + (m.x - c.x) * f, c.y + (m.y - c.y) * f};
}

}  // namespace

TEST_CASE("Board paint: a click paints the hex, or the hexside when it is near a side", "[board_paint]") {
    const board::Board b = small_board();
    const Cube h = *b.parse_hex("0505");
    const Brush woods{false, index_of(b.vocabulary.hex_terrain, "woods")};
    const Brush berm{true, index_of(b.vocabulary.hexside_features, "berm")};
    struct Row { Brush brush; ImVec2 at; bool valid, hexside; int side; const char* why; };
    const Row rows[] = {
        {woods, hexdraw::centre(h), true, false, -1, "a hex brush at the centre"},
        {woods, towards_side(h, 2, 0.9f), true, false, -1, "a hex brush near a side still paints the hex"},
        {berm, hexdraw::centre(h), false, false, -1, "a hexside brush at the centre means no side"},
        {berm, towards_side(h, 2, 0.4f), false, false, -1, "nor well inside the hex"},
        {berm, towards_side(h, 2, 0.85f), true, true, 2, "near side C"},
        {berm, towards_side(h, 5, 0.95f), true, true, 5, "near side F"},
        {woods, hexdraw::centre(Cube{40, 0, -40}), false, false, -1, "off the board"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        const PaintTarget t = paint_target(b, r.brush, r.at);
        CHECK(t.valid == r.valid);
        if (!r.valid) continue;
        CHECK(t.hex == h);
        CHECK(t.hexside == r.hexside);
        CHECK(t.side == r.side);
    }
    CHECK(brush_glyph("woods") == "T");
    CHECK(brush_glyph("marsh") == "M");
}

// The Accept brush (docs/maps.md "Checking the suggestions"): a drag over suggested hexes, or
// near a suggested hexside, confirms them as they stand, as one undo step; nothing else changes.
TEST_CASE("Board paint: the Accept brush confirms what it is dragged over without changing it", "[board_paint]") {
    board::Board b = small_board();
    for (auto& m : b.suggested_of) m = board::suggestion::suggested;
    const Cube berm_hex = *b.parse_hex("0505");
    REQUIRE(b.side(berm_hex, 3));  // the shipped 0505/D berm
    b.sides_of.edit(std::size_t(b.side_slot(berm_hex, 3))).suggested = board::suggestion::unsure;
    const board::Board before = b;
    const Brush accept{false, 0, false, true};
    // At a hex's centre: the hex; near a side: that hexside.
    const PaintTarget at_centre = paint_target(b, accept, hexdraw::centre(berm_hex));
    CHECK((at_centre.valid && !at_centre.hexside));
    const PaintTarget near_side = paint_target(b, accept, towards_side(berm_hex, 3, 0.9f));
    CHECK((near_side.valid && near_side.hexside && near_side.side == 3));
    BoardPainter p;
    p.attach(b, "");
    p.brush = accept;
    const Cube from = *b.parse_hex("0304"), to = *b.parse_hex("0307");  // a drag down column 3
    REQUIRE(p.on_mouse(b, hexdraw::centre(from), true, true, false));
    for (const char* h : {"0305", "0306"}) p.on_mouse(b, hexdraw::centre(*b.parse_hex(h)), false, true, false);
    p.on_mouse(b, hexdraw::centre(to), false, true, false);
    p.on_mouse(b, towards_side(berm_hex, 3, 0.9f), false, true, true);  // and the berm, released there
    CHECK(p.history().undo_steps() == 1);
    const board::Suggestions s = board::count_suggestions(b);
    CHECK(s.hexes == b.hex_count() - 4);
    CHECK(s.hexsides == 0);
    for (int i = 0; i < b.hex_count(); ++i) CHECK(b.terrain_of[std::size_t(i)] == before.terrain_of[std::size_t(i)]);
    REQUIRE(b.side(berm_hex, 3));
    CHECK(b.vocabulary.hexside_features[std::size_t(b.side(berm_hex, 3)->feature)] == "berm");
    // Accepting through the painter: the attached board only; one step; undo brings the marks back.
    board::Board other = before;
    CHECK(p.accept(other, {*b.parse_hex("0101")}, {}) == 0);
    CHECK(p.accept(b, {*b.parse_hex("0101"), *b.parse_hex("0304")}, {}) == 1);  // 0304 was accepted already
    CHECK(p.accept_all(b) == b.hex_count() - 5);
    CHECK_FALSE(board::count_suggestions(b).any());
    CHECK(p.history().undo_steps() == 3);
    while (p.undo()) {}
    CHECK(board::equal_boards(b, before));
}

TEST_CASE("Board paint: a drag is one undo step and a slope's sloped side is the hex clicked in", "[board_paint]") {
    board::Board b = small_board();
    const board::Board original = b;
    BoardPainter p;
    p.attach(b, "");
    p.brush = Brush{false, index_of(b.vocabulary.hex_terrain, "rough")};
    const char* path[] = {"0202", "0203", "0204", "0204", "0305"};
    CHECK(p.on_mouse(b, hexdraw::centre(*b.parse_hex(path[0])), true, true, false));
    for (int i = 1; i < 5; ++i) p.on_mouse(b, hexdraw::centre(*b.parse_hex(path[i])), false, true, false);
    p.on_mouse(b, hexdraw::centre(*b.parse_hex("0305")), false, false, true);
    CHECK_FALSE(p.painting());
    for (const char* at : path) CHECK(b.terrain(*b.parse_hex(at)) == "rough");
    CHECK(p.history().undo_steps() == 1);
    CHECK(p.unsaved());
    // Moving without the button paints nothing.
    CHECK_FALSE(p.on_mouse(b, hexdraw::centre(*b.parse_hex("0606")), false, false, false));
    CHECK(b.terrain(*b.parse_hex("0606")) == "clear");

    const Cube h = *b.parse_hex("0606");
    p.brush = Brush{true, index_of(b.vocabulary.hexside_features, "slope")};
    CHECK(p.on_mouse(b, towards_side(h, 3, 0.9f), true, true, true));
    REQUIRE(b.side(h, 3));
    CHECK(b.side(h, 3)->sloped == h);
    p.brush = Brush{true, -1};  // erase it
    CHECK(p.on_mouse(b, towards_side(h, 3, 0.9f), true, true, true));
    CHECK_FALSE(b.side(h, 3));

    CHECK(p.undo());
    CHECK(p.undo());
    CHECK(p.undo());
    CHECK(board::equal_boards(b, original));
    CHECK_FALSE(p.unsaved());
    CHECK(p.redo());
    CHECK(b.terrain(*b.parse_hex("0204")) == "rough");
}

TEST_CASE("Board paint: Save writes the board, a failed save says why and keeps it unsaved", "[board_paint]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-board-paint-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    board::Board b = small_board();
    BoardPainter p;
    p.attach(b, "");
    p.brush = Brush{false, index_of(b.vocabulary.hex_terrain, "woods")};
    p.on_mouse(b, hexdraw::centre(*b.parse_hex("0101")), true, true, true);
    REQUIRE(p.unsaved());

    const auto err = p.save((dir / "missing" / "b.toml").string());
    REQUIRE(err);
    CHECK(err->find("The board was not saved: cannot create a file in") != std::string::npos);
    CHECK(p.error() == *err);
    CHECK(p.unsaved());
    CHECK(p.save(""));

    const fs::path file = dir / "painted.toml";
    REQUIRE_FALSE(p.save(file.string()));
    CHECK_FALSE(p.unsaved());
    CHECK(p.error().empty());
    CHECK(p.path() == file.string());
    const board::Board loaded = board::load_board(file, "painted.toml", b.vocabulary);
    CHECK(board::equal_boards(loaded, b));
    fs::remove_all(dir);
}

namespace {

// A Dear ImGui context with no display or renderer: frames are built and ended, never drawn.
struct HeadlessImGui {
    umpire::test::HeadlessContext context{ImVec2(1000, 700)};
    // One frame: the toolbar in a window, the hover outline on its draw list.
    void frame(BoardPainter& p, const board::Board& b, ImVec2 world) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(1000, 700));
        ImGui::Begin("board");
        p.draw_toolbar(1.0f);
        Camera cam;
        cam.zoom = 20;
        p.draw_hover(ImGui::GetWindowDrawList(), cam, b, world);
        ImGui::End();
        ImGui::Render();
    }
};

}  // namespace

TEST_CASE("Board paint: the toolbar and hover draw, and Ctrl+Z / Ctrl+Y undo and redo", "[board_paint]") {
    HeadlessImGui gui;
    board::Board b = small_board();
    BoardPainter p;
    p.attach(b, "");
    const Cube h = *b.parse_hex("0707");
    p.brush = Brush{false, index_of(b.vocabulary.hex_terrain, "woods")};
    gui.frame(p, b, hexdraw::centre(h));
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 0);
    p.on_mouse(b, hexdraw::centre(h), true, true, true);
    REQUIRE(b.terrain(h) == "woods");
    p.brush = Brush{true, index_of(b.vocabulary.hexside_features, "slope")};
    gui.frame(p, b, towards_side(h, 1, 0.9f));  // the hexside outline with the slope's tick

    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    io.KeysDown['Z'] = true;
    gui.frame(p, b, hexdraw::centre(h));
    CHECK(b.terrain(h) == "clear");
    io.KeysDown['Z'] = false;
    gui.frame(p, b, hexdraw::centre(h));
    io.KeysDown['Y'] = true;
    gui.frame(p, b, hexdraw::centre(h));
    CHECK(b.terrain(h) == "woods");
    io.KeysDown['Y'] = false;
    io.KeyCtrl = false;
    gui.frame(p, b, hexdraw::centre(h));
}

TEST_CASE("Board paint: the revision a view follows moves on every change, and detach forgets the board", "[board_paint]") {
    board::Board b = small_board();
    BoardPainter p;
    p.attach(b, "", "beside-the-situation.toml");  // a shipped board: no file to write over
    CHECK(p.path().empty());
    CHECK(p.save("").has_value());  // Save needs a name (the toolbar then asks, offering the suggestion)
    p.brush = Brush{false, index_of(b.vocabulary.hex_terrain, "woods")};
    const Cube h = *b.parse_hex("0605");
    std::uint64_t seen = p.revision();
    auto step = [&](const char* what, bool expect_move) {
        INFO(what);
        CHECK((p.revision() != seen) == expect_move);
        seen = p.revision();
    };
    p.on_mouse(b, hexdraw::centre(h), false, false, false);
    step("hovering paints nothing", false);
    p.on_mouse(b, hexdraw::centre(h), true, true, true);
    step("a click paints", true);
    p.on_mouse(b, hexdraw::centre(h), true, true, true);
    step("painting woods over woods changes nothing", false);
    p.undo();
    step("undo", true);
    p.redo();
    step("redo", true);
    CHECK(p.unsaved());
    p.detach();  // the panel drops the board (another board opened)
    CHECK_FALSE(p.attached());
    CHECK_FALSE(p.unsaved());
    CHECK_FALSE(p.undo());
}

TEST_CASE("Board paint: New board is all clear in the game's numbering and round-trips through its file", "[board_paint]") {
    static const Engine engine(UMPIRE_SOURCE_RULES_DATA);
    const auto v = spi_tank::board_vocabulary(engine.get<spi_tank::SpiTank>()->data());
    struct Row { int columns, rows; };
    for (const Row r : {Row{1, 1}, Row{3, 2}, Row{12, 10}, Row{66, 44}}) {
        INFO(r.columns << " x " << r.rows);
        const board::Board b = new_board(v, r.columns, r.rows);
        CHECK(b.hex_count() == r.columns * r.rows);
        for (int i = 0; i < b.hex_count(); ++i) CHECK(b.terrain(b.hex_at(i)) == "clear");
        CHECK(b.name(b.hex_at(0)) == "0101");  // TANK!'s CCRR numbering from the rules data
        const std::string path = (std::filesystem::temp_directory_path() / ("umpire-new-board-" + std::to_string(::getpid()) + ".toml")).string();
        REQUIRE_FALSE(board::save_board(b, path).has_value());
        const board::Board back = board::load_board(path, "new.toml", v);
        std::filesystem::remove(path);
        CHECK(board::equal_boards(b, back));
    }
}
