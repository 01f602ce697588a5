// The board view's click-to-ruling path without a display (issue 21; docs/window.md "The board
// view"): clicks in a headless ImGui frame give the units' places typed (view::Placement), the
// ruling takes them as they are (Engine::rule_on_board), and the view draws exactly the marks that
// ruling carries (Ruling::board_marks) — never a line of its own, never a stale one.
#include <catch2/catch.hpp>

#include <string>

#include "board/board_support.hpp"
#include "engine/engine.hpp"
#include "headless_imgui.hpp"
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
    umpire::test::HeadlessContext context{ImVec2(1000, 800)};
    BoardView view;
    const view::BoardSupport& support;
    std::shared_ptr<const board::Board> board;
    toml::table situation;
    Frames(const view::BoardSupport& s, board::Board b) : support(s), board(std::make_shared<const board::Board>(std::move(b))) {}
    bool frame(Placement* place, const std::shared_ptr<const view::BoardMarks>& marks, ImVec2 mouse = {-1, -1}, bool down = false) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = mouse;
        io.MouseDown[0] = down;
        ui::clear_probed();
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(1000, 800));
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
        const auto it = ui::probed().find("hex_" + name);
        REQUIRE(it != ui::probed().end());
        const ImVec2 at{(it->second.x + it->second.z) / 2, (it->second.y + it->second.w) / 2};
        bool changed = frame(place, marks, at, false);  // hover
        changed |= frame(place, marks, at, true);       // press
        changed |= frame(place, marks, at, false);      // release: the click
        return changed;
    }
};

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
