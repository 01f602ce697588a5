// The board view's click-to-ruling path without a display (issue 21; docs/window.md "The board
// view"): clicks in a headless ImGui frame give the units' places typed (view::Placement), the
// ruling takes them as they are (Engine::rule_on_board), and the view draws exactly the marks that
// ruling carries (Ruling::board_marks) — never a line of its own, never a stale one.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>
#include <thread>
#include <unistd.h>

#include "board/board_support.hpp"
#include "core/image.hpp"
#include "geometry/hex_layout.hpp"
#include "engine/engine.hpp"
#include "headless_imgui.hpp"
#include "board/board_edit.hpp"
#include "window/board/host.hpp"
#include "window/board/look.hpp"
#include "window/board/view.hpp"
#include "window/ui/widgets.hpp"

using namespace umpire;
using namespace umpire::app;

namespace {

const Engine& engine() {
    static const Engine e(UMPIRE_SOURCE_RULES_DATA);
    return e;
}

// One frame of a view on `b` with the mouse at `mouse`, the left button down or not; true when the
// referee moved a unit (then *place holds it).
struct Frames {
    float height;  // the display's and the window's (the side panel's notes below the map need room)
    umpire::test::HeadlessContext context;
    BoardView view;
    const view::BoardSupport& support;
    std::shared_ptr<const board::Board> board;
    toml::table situation;
    Frames(const view::BoardSupport& s, board::Board b, float h = 800)
        : height(h), context(ImVec2(1000, h)), support(s), board(std::make_shared<const board::Board>(std::move(b))) {}
    bool frame(Placement* place, const std::shared_ptr<const view::BoardMarks>& marks, ImVec2 mouse = {-1, -1}, bool down = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = mouse;
        io.MouseDown[0] = down;
        ui::clear_probed();
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(1000, height));
        ImGui::Begin("board");
        MapArea area;
        area.size = ImVec2(980, 700);
        const bool changed = view.draw(support, board, 1, "mixed", situation, marks, place, area, nullptr, BoardView::Roles{});
        view.draw_notes(*board, marks);  // the side panel's "On the map": the line as ruled
        ImGui::End();
        ImGui::Render();
        return changed;
    }
    // A click on hex `name` (pressed and released without moving): the view's own hit test.
    bool click(const std::string& name, Placement* place, const std::shared_ptr<const view::BoardMarks>& marks) {
        return click_probe("hex_" + name, place, marks);
    }
    // A click at the middle of what the last frame probed as `probe` (a hex, a button).
    bool click_probe(const std::string& probe, Placement* place, const std::shared_ptr<const view::BoardMarks>& marks) {
        const auto it = ui::probed().find(probe);
        REQUIRE(it != ui::probed().end());
        const ImVec2 at{(it->second.x + it->second.z) / 2, (it->second.y + it->second.w) / 2};
        bool changed = frame(place, marks, at, false);  // hover
        changed |= frame(place, marks, at, true);       // press
        changed |= frame(place, marks, at, false);      // release: the click
        return changed;
    }
};

// A test board's [underlay]: "scan.png" beside the board at opacity 0.7, three corner hexes
// clicked on it 20 pixels to a hex's radius (an affine map; the picture needs 480 x 480 pixels).
board::Underlay scan_underlay(const board::Board& b) {
    board::Underlay u;
    u.image = "scan.png";
    u.opacity = 0.7;
    for (const char* name : {"0101", "1201", "0110"}) {
        const hex::Cube h = *b.parse_hex(name);
        const plane::Vec2 c = hex::plane_centre(h);
        u.points.push_back({h, 30 + 20 * c.x, 30 + 20 * c.y, 0, 0});
    }
    return u;
}

}  // namespace

TEST_CASE("Board view: a click's typed places reach the ruling, and the view draws exactly the marks it carries", "[gui][board_view]") {
    ui::set_probing(true);
    const view::BoardSupport& support = *engine().find("spi-tank")->board_support();
    const std::string path = std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml";
    Frames f(support, support.load(path, "test-small.toml"));
    const board::Board& b = *f.board;
    // The situation without the units' hexes: they come typed from the clicks.
    const toml::table bare = parse_toml_string("system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + path +
                                                   "\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\naspect = \"front\"\n",
                                               "click.toml");
    Placement place;
    f.frame(&place, nullptr);
    f.frame(&place, nullptr);  // fitted and laid out: every hex probed
    CHECK(f.view.drawn() == nullptr);
    // Two clicks: the firer, then the target, as cubes (no hex number written or read).
    REQUIRE(f.click("0302", &place, nullptr));
    REQUIRE(f.click("0308", &place, nullptr));
    REQUIRE(place.firer);
    REQUIRE(place.target);
    CHECK(*place.firer == *b.parse_hex("0302"));
    CHECK(*place.target == *b.parse_hex("0308"));
    const Ruling r = engine().rule_on_board(bare, "click.toml", b, &place);
    const json::Value j = r.to_json();
    const json::Value* pos = j.find("position");
    REQUIRE(pos);
    CHECK(pos->find("firer_hex")->as_string() == "0302");
    CHECK(pos->find("target_hex")->as_string() == "0308");
    REQUIRE(r.board_marks);
    CHECK(r.board_marks->firer == *place.firer);
    CHECK(r.board_marks->target == *place.target);
    CHECK(r.board_marks->verdict == view::Mark::blocking);  // the woods in 0305 (10.22D)
    // The view draws that ruling's marks, the very object (it traces nothing itself) ...
    f.frame(&place, r.board_marks);
    CHECK(f.view.drawn() == r.board_marks.get());
    CHECK(ui::probed().count("board_line"));
    // ... and not once a unit has moved (a third click places the firer again): the old line is
    // not drawn while its ruling follows.
    REQUIRE(f.click("0902", &place, r.board_marks));
    CHECK(*place.firer == *b.parse_hex("0902"));
    CHECK(f.view.drawn() == nullptr);
    const Ruling moved = engine().rule_on_board(bare, "click.toml", b, &place);
    REQUIRE(moved.board_marks);
    f.frame(&place, moved.board_marks);
    CHECK(f.view.drawn() == moved.board_marks.get());
    CHECK(f.view.drawn()->firer == *b.parse_hex("0902"));
    ui::set_probing(false);
}

// Issue 24, points 1 and 3 in the window (docs/maps.md "Checking the suggestions"): hexes the
// picture suggested are drawn hatched, never in amber (amber is a referee's call only); the side
// panel counts them and lists the unsure ones to check first; a click on one centres the map on it.
TEST_CASE("Board view: suggestions hatched not amber, the unsure ones listed, a click centres one", "[gui][board_view][underlay]") {
    ui::set_probing(true);
    const view::BoardSupport& support = *engine().find("spi-tank")->board_support();
    const std::string path = std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml";
    const board::Board plain = support.load(path, "test-small.toml");
    board::Board b = plain;
    REQUIRE(b.suggested_of.size() == std::size_t(b.hex_count()));
    for (auto& m : b.suggested_of) m = board::suggestion::suggested;
    for (const char* h : {"0305", "1108"}) b.suggested_of[std::size_t(b.index(*b.parse_hex(h)))] = board::suggestion::unsure;
    const hex::Cube side_hex = *b.parse_hex("0907");  // and one hexside left in doubt, listed by its name
    b.sides_of.edit(std::size_t(b.side_slot(side_hex, 1))).suggested = board::suggestion::unsure;
    const std::string side = b.side_name(side_hex, 1);
    // Vertices drawn, and whether any is in the referee's-call colour, over one frame.
    auto drawn = [](Frames& f, Placement* place) {
        f.frame(place, nullptr);
        f.frame(place, nullptr);
        int vertices = 0;
        bool amber = false;
        const ImU32 call = boardlook::u32(ui::referee_call());
        const ImDrawData* d = ImGui::GetDrawData();
        for (int n = 0; n < d->CmdListsCount; ++n) {
            vertices += d->CmdLists[n]->VtxBuffer.Size;
            for (const ImDrawVert& v : d->CmdLists[n]->VtxBuffer) amber |= (v.col | IM_COL32_A_MASK) == (call | IM_COL32_A_MASK);
        }
        return std::make_pair(vertices, amber);
    };
    Placement none;
    std::pair<int, bool> plain_drawn;
    {  // one ImGui context at a time
        Frames bare(support, plain);
        plain_drawn = drawn(bare, &none);
        CHECK_FALSE(ui::probed().count("board_suggested"));
    }
    const auto [plain_vertices, plain_amber] = plain_drawn;
    Frames f(support, b, 1000);  // the list's rows (Accept, the name) below the map: in the window
    const auto [vertices, amber] = drawn(f, &none);
    CHECK(vertices > plain_vertices + b.hex_count() * 3 * 4);  // at least three hatch lines in every hex
    CHECK_FALSE(plain_amber);
    CHECK_FALSE(amber);  // a suggestion is not a referee's call
    CHECK(ui::probed().count("board_suggested"));
    CHECK(ui::probed().count("board_unsure_0305"));
    CHECK(ui::probed().count("board_unsure_1108"));
    CHECK_FALSE(ui::probed().count("board_unsure_0101"));
    CHECK(ui::probed().count("board_unsure_" + side));
    // 1108 is off the middle; its button in the list centres it. (No picture: nothing said of one.)
    CHECK_FALSE(ui::probed().count("board_picture_problem"));
    auto middle = [](const std::string& probe) {
        const ImVec4 r = ui::probed().at(probe);
        return ImVec2((r.x + r.z) / 2, (r.y + r.w) / 2);
    };
    const ImVec2 canvas = middle("board");
    f.click_probe("board_unsure_1108", &none, nullptr);
    f.frame(&none, nullptr);
    CHECK(ui::probed_values().at("review_selected") == "1108");  // selected, and marked so in the list
    REQUIRE(ui::probed().count("hex_1108"));
    CHECK(std::fabs(middle("hex_1108").x - canvas.x) < 1.0f);
    CHECK(std::fabs(middle("hex_1108").y - canvas.y) < 1.0f);
    f.click_probe("board_unsure_0305", &none, nullptr);
    f.frame(&none, nullptr);
    CHECK(std::fabs(middle("hex_0305").x - canvas.x) < 1.0f);
    CHECK(std::fabs(middle("hex_0305").y - canvas.y) < 1.0f);
    f.click_probe("board_unsure_" + side, &none, nullptr);  // a hexside centres its hex
    f.frame(&none, nullptr);
    CHECK(std::fabs(middle("hex_0907").x - canvas.x) < 1.0f);
    CHECK(std::fabs(middle("hex_0907").y - canvas.y) < 1.0f);
    CHECK_FALSE(none.firer);  // a click in the list places no unit
    ui::set_probing(false);
}

// The board's picture: read from the path its [underlay] names (relative to the board file) and
// calibrated from its points; what stops it being drawn is said in words, never thrown.
TEST_CASE("Board view: the board's picture found beside the board, calibrated, or what is wrong said", "[gui][board_view][underlay]") {
    namespace fs = std::filesystem;
    ui::set_probing(true);
    const view::BoardSupport& support = *engine().find("spi-tank")->board_support();
    const std::string path = std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml";
    const fs::path dir = fs::temp_directory_path() / ("umpire-underlay-view-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    board::Board b = support.load(path, "test-small.toml");
    b.file = (dir / "mine.toml").string();
    b.underlay = scan_underlay(b);
    struct Row {
        const char* what;
        bool write;
        const char* said;
    };
    const Row rows[] = {
        {"the picture missing", false, "scan.png"},
        {"the picture there: calibrated, and only OpenGL is missing here", true, "no OpenGL to draw the picture with"},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        if (row.write) REQUIRE_FALSE(image::write_png(dir / "scan.png", image::blank(480, 480, 3, 200)));
        Frames f(support, b);
        Placement none;
        f.frame(&none, nullptr);
        // The picture is read on a worker: the side panel says so meanwhile, and no frame waits.
        CHECK((f.view.underlay().reading() || !f.view.underlay().problem().empty()));
        for (int i = 0; i < 1000 && f.view.underlay().reading(); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
            f.frame(&none, nullptr);
        }
        REQUIRE_FALSE(f.view.underlay().reading());
        f.frame(&none, nullptr);
        CHECK(f.view.underlay().has_underlay());
        CHECK(std::fabs(f.view.underlay().opacity() - 0.7f) < 1e-6f);
        CHECK_THAT(f.view.underlay().problem(), Catch::Contains(row.said));
        CHECK(ui::probed().count("board_picture_problem"));
        CHECK_FALSE(f.view.underlay().shown());
        CHECK(f.view.underlay().path() == (dir / "scan.png").string());
    }
    fs::remove_all(dir);
    ui::set_probing(false);
}

// The picture is read on a worker (docs/window.md "A board from a picture"): a board changed or
// closed while its picture is read never gets that picture, nor what went wrong with it.
TEST_CASE("Board view: a board changed while its picture is read does not get the old picture", "[gui][board_view][underlay]") {
    namespace fs = std::filesystem;
    const view::BoardSupport& support = *engine().find("spi-tank")->board_support();
    const fs::path dir = fs::temp_directory_path() / ("umpire-underlay-worker-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    board::Board with = support.load(std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml", "test-small.toml");
    with.file = (dir / "mine.toml").string();
    with.underlay = scan_underlay(with);  // scan.png is not there: its reading ends in a problem
    board::Board without = with;
    without.underlay.reset();
    UnderlayLayer layer;
    layer.follow(with);
    CHECK(layer.has_underlay());
    layer.follow(without);  // changed at once: the reading for `with` is dropped, whenever it ends
    CHECK_FALSE(layer.reading());
    for (int i = 0; i < 100; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        layer.follow(without);
    }
    CHECK_FALSE(layer.has_underlay());
    CHECK(layer.problem().empty());
    // Back to the board with a picture: read again, and this time its problem is said.
    layer.follow(with, true);
    CHECK_FALSE(layer.reading());
    CHECK_THAT(layer.problem(), Catch::Contains("scan.png"));
    fs::remove_all(dir);
}

// The Board menu's Opacity slider (docs/window.md "A board from a picture"): it starts at the
// file's opacity, sets how strongly the view draws the picture, and writes it to the held board's
// [underlay] so a Save board keeps it.
TEST_CASE("Board menu: the picture's Opacity slider sets the view's and the board's opacity", "[gui][board_view][underlay]") {
    namespace fs = std::filesystem;
    ui::set_probing(true);
    const view::BoardSupport& support = *engine().find("spi-tank")->board_support();
    const fs::path dir = fs::temp_directory_path() / ("umpire-underlay-menu-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    board::Board b = support.load(std::string(UMPIRE_SOURCE_DIR) + "/boards/test-small.toml", "test-small.toml");
    b.underlay = scan_underlay(b);
    REQUIRE_FALSE(board::save_board(b, dir / "mine.toml"));
    REQUIRE_FALSE(image::write_png(dir / "scan.png", image::blank(480, 480, 3, 200)));
    {
        umpire::test::HeadlessContext context{ImVec2(1000, 800)};
        BoardHost host;
        std::optional<std::string> name = "mine.toml";
        host.load(engine(), support, name, dir);
        REQUIRE(host.held(name));
        const toml::table situation;
        auto frame = [&](ImVec2 mouse, bool down) {
            ImGuiIO& io = ImGui::GetIO();
            io.MousePos = mouse;
            io.MouseDown[0] = down;
            ui::clear_probed();
            ImGui::NewFrame();
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(1000, 800));
            ImGui::Begin("map");
            MapArea area;
            area.size = ImVec2(980, 700);
            host.map(support, &name, dir, "mixed", situation, nullptr, BoardHost::Keys{}, BoardView::Roles{}, area);
            ImGui::End();
            ImGui::Render();
        };
        auto at = [](const std::string& probe, float fx) {
            REQUIRE(ui::probed().count(probe));
            const ImVec4 r = ui::probed().at(probe);
            return ImVec2(r.x + (r.z - r.x) * fx, (r.y + r.w) / 2);
        };
        auto click = [&](ImVec2 p) {
            frame(p, false);
            frame(p, true);
            frame(p, false);
        };
        frame({-1, -1}, false);
        frame({-1, -1}, false);
        CHECK(std::fabs(host.view().underlay().opacity() - 0.7f) < 1e-6f);
        click(at("board_menu", 0.5f));
        frame({-1, -1}, false);
        // The slider's left end (a click sets a slider to where it lands): 0%, the picture hidden.
        const ImVec2 left = at("picture_opacity", 0.0f);
        click({left.x + 1, left.y});
        CHECK(host.view().underlay().opacity() < 0.02f);
        CHECK(host.held(name)->underlay->opacity < 0.02);
    }
    fs::remove_all(dir);
    ui::set_probing(false);
}
