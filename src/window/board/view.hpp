// The board view (docs/window.md, "The map"): a hex board drawn from a board::Board, filling the
// board-first layout's map area, with pan and zoom (camera.hpp, kept on the board), hex numbers,
// terrain told apart by a glyph per terrain (not colour alone) and its key, hexside features (berm;
// slope with its sloped side hatched), the firer and the target placed by clicks, the target's
// facing by a drag (8.7), the line lit exactly as the ruling traced it (Ruling::board_marks: the
// view never traces or rules a line itself) and two overlays seen from one pinned unit (the
// firer by default): what it can see (BoardSupport::visibility) and the kill chance per hex
// (BoardSupport::hex_figures, computed on a worker thread that wakes the window when done).
//
// It knows no game: every word and mark comes from the game's BoardSupport and the ruling. A panel
// owns one (through BoardHost) and gives it the board, the terrain mode, the ruling's marks and the
// units' places (view::Placement, typed); it returns what the referee changed, typed, for the
// ruling to take. The side panel shows what the view says about the map (draw_notes: the line,
// the routes to pick from, the overlays' captions) and its key (draw_key).
//
// Sections
//   Placement   where the firer and the target stand and where the target faces (board/marks.hpp)
//   BoardView   draw() each frame (toolbar, canvas); the notes and the key for the side panel;
//               the mode switch "Rule | Paint | Picture" (Paint hosts the panel's BoardPainter,
//               paint.hpp; Picture, for a board with a picture, its calibration and examples,
//               picture_tool.hpp, in place of the canvas and the notes)
// A board with a picture ([underlay], underlay_layer.hpp) has it drawn under the hexes (their fill
// then as transparent as the picture is opaque); hexes the picture suggested and the referee has
// not confirmed are hatched (never amber: amber is a referee's call), and the side panel lists the
// unsure ones to check first, each with Accept, the selected one outlined on the map (review.hpp).
// Sources: view.cpp (caches, input, the canvas layer by layer), view_notes.cpp (toolbar, hover,
// the notes and the key).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>
#include <toml++/toml.h>

#include "window/board/paint.hpp"
#include "window/board/picture_tool.hpp"
#include "window/board/review.hpp"
#include "window/board/underlay_layer.hpp"
#include "window/ui/camera.hpp"
#include "window/ui/map_area.hpp"
#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board/counters.hpp"
#include "geometry/hex.hpp"

namespace umpire::app {

// ---- Placement ---------------------------------------------------------------------

// The units' places, typed: what a click gives and what the ruling takes (Engine::rule_on_board).
using Placement = view::Placement;

// ---- BoardView ---------------------------------------------------------------------

class BoardView {
public:
    BoardView() = default;
    ~BoardView();
    BoardView(const BoardView&) = delete;
    BoardView& operator=(const BoardView&) = delete;

    // What the units placed are called in the hints ("firer", "target"; Panzer Squadron's movement
    // places one "tank": second empty).
    struct Roles {
        std::string first = "firer", second = "target";
    };

    // Draws the toolbar (`board_menu` first: the host's Board menu) and the canvas filling the rest
    // of `area`. `generation` changes whenever the board's contents change (a new file, a paint
    // stroke): the caches follow it. `situation` is the situation as written (for the kill-chance
    // overlay). `marks`: what the last ruling traced (Ruling::board_marks; nullptr: no ruling, or
    // none on the board), drawn as they are when they join the units placed. Returns true when the
    // referee moved a unit or turned the target (then *place holds the new places).
    // Paint mode: `painter` (nullptr: no paint mode) edits `paintable`, the same board as `board`
    // held mutable by the panel; the view's caches follow painter->revision() (a stroke, undo, redo)
    // without refitting the board, which only a new `generation` does.
    bool draw(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, std::uint64_t generation,
              const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks,
              Placement* place, MapArea& area, const std::function<void()>& board_menu, const Roles& roles,
              BoardPainter* painter = nullptr, board::Board* paintable = nullptr);
    // For the side panel: "On the map" (the line as ruled, the routes to pick one from, the
    // overlays' captions) and the map key (each terrain and feature in the game's words, the marks).
    void draw_notes(const board::Board& b, const std::shared_ptr<const view::BoardMarks>& marks);
    void draw_key(const board::Board& b, const std::shared_ptr<const view::BoardMarks>& marks);
    // Units on the board (board/counters.hpp, docs/window.md "Units on the board"): each drawn with
    // its name and its side's initial (never colour alone); a click on one picks it as the first
    // role (the firer), Shift+click as the second (the target), Alt+click on an empty hex adds one,
    // and a right-click offers the same in a menu. `role`: 0 none, 1 the first role's, 2 the second's.
    struct Piece {
        hex::Cube at;
        std::string name, side;
        int role = 0;
    };
    void set_pieces(std::vector<Piece> p) { pieces_ = std::move(p); }
    // What the referee did to the pieces this frame (a hex number for an added one), once.
    struct PieceEvent {
        board::CounterPick::Kind kind;
        std::string name;
        hex::Cube at;
    };
    std::optional<PieceEvent> take_piece_event() {
        auto e = std::move(piece_event_);
        piece_event_.reset();
        return e;
    }
    // The marks the last frame drew (the ruling's own; nullptr: none). For tests.
    const view::BoardMarks* drawn() const { return marks_.get(); }

    // How a new view starts (umpire --board-overlay; --screenshot waits for the kill chances so
    // the one frame it renders shows them).
    struct Defaults {
        bool visibility = false, kill_chance = false;
        bool wait_for_figures = false;
        bool paint = false;    // umpire --board-mode paint: start in Paint mode
        bool picture = false;  // umpire --board-mode picture: start in the Picture tool (a board with a picture)
    };
    static Defaults& defaults() {
        static Defaults d;
        return d;
    }

    enum class Tool { rule, paint, picture };
    enum class Next { firer, target };
    // The unit the overlays are seen from (pinned: the mouse never moves it).
    enum class Viewpoint { firer, target };
    Tool tool() const { return tool_; }
    void set_tool(Tool t) { tool_ = t; }
    Viewpoint viewpoint() const { return viewpoint_; }
    void set_viewpoint(Viewpoint v);
    bool figures_ready() const;  // the kill chances are in (or the overlay is off)
    float zoom() const { return cam_.zoom; }
    // The board's picture under the hexes ([underlay]; the Board menu's opacity slider sets it).
    UnderlayLayer& underlay() { return underlay_; }
    const UnderlayLayer& underlay() const { return underlay_; }
    // The Picture tool (picture_tool.hpp): calibration by clicks and examples for the suggestion.
    PictureTool& picture() { return picture_; }

private:
    struct FiguresJob {
        std::atomic<bool> cancel{false}, done{false};
        view::HexFigures result;
        std::thread worker;
    };

    struct Frame;  // one frame's drawing context (view.cpp)
    // ---- view.cpp ----
    void follow_paint(const BoardPainter* painter);
    void draw_canvas(const board::Board& b, Placement* place, bool* changed, ImVec2 size, const Roles& roles, BoardPainter* painter,
                     board::Board* paintable);
    void fit_and_pan(const board::Board& b, ImVec2 size, ImVec2 lo, ImVec2 hi);
    ImVec2 track_mouse(const board::Board& b);
    bool handle_clicks(const board::Board& b, Placement* place, ImVec2 mouse_world, const Roles& roles);
    std::optional<hex::Cube> viewpoint_hex(const Placement& place) const;
    // The canvas, layer by layer.
    void draw_hexes(const Frame& f, const board::Board& b) const;
    void draw_hex_feature(const Frame& f, const board::Board& b, const hex::Cube& h, ImVec2 c) const;
    void draw_suggested(const Frame& f, const board::Board& b, int index, ImVec2 c) const;
    void draw_visibility(const Frame& f, const board::Board& b) const;
    void draw_kill_chance(const Frame& f, const board::Board& b) const;
    void draw_sides(const Frame& f, const board::Board& b) const;
    void draw_marks(const Frame& f) const;
    void draw_signs(const Frame& f) const;
    void draw_numbers(const Frame& f, const board::Board& b) const;
    void draw_units(const Frame& f, const board::Board& b, const Placement& place) const;
    void draw_pieces(const Frame& f, const board::Board& b) const;
    const Piece* piece_at(const hex::Cube& h) const;
    bool piece_click(const hex::Cube& h, bool two);  // a click picked or added a piece (piece_event_)
    void piece_menu(const board::Board& b, const hex::Cube& h, bool two);  // the right-click menu
    void draw_hover(const Frame& f, const board::Board& b) const;
    void draw_waiting(const Frame& f, const Placement& place, const Roles& roles) const;
    const view::BoardMarks& marks() const;  // marks_, or none
    void update_visibility(const view::BoardSupport& support, const board::Board& b, const std::string& mode, const Placement& place);
    void update_figures(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, const toml::table& situation);
    void stop_figures();
    bool figures_ready(const board::Board& b) const;
    // ---- view_notes.cpp ----
    void draw_toolbar(MapArea& area, const std::function<void()>& board_menu, const Placement& place, BoardPainter* painter);
    void draw_overlay_toggles(const Placement& place);
    void draw_tooltip(const board::Board& b, const Placement& place) const;
    std::string hover_figures(const board::Board& b) const;  // the hovered hex's own figures
    void draw_routes(const view::BoardMarks& m);
    void draw_suggestions(const board::Board& b);  // the picture's suggestions: how many, the unsure ones
    void follow_review(const board::Board& b);     // review_ counted again when the board changed

    const view::BoardSupport* support_ = nullptr;  // this frame's (draw()): the game's looks, its facing kind
    Camera cam_;
    Tool tool_ = defaults().paint ? Tool::paint : defaults().picture ? Tool::picture : Tool::rule;
    std::uint64_t paint_seen_ = 0;  // the painter's revision the caches were computed for
    Next next_ = Next::firer;
    Viewpoint viewpoint_ = Viewpoint::firer;
    bool show_visibility_ = defaults().visibility, show_kill_ = defaults().kill_chance;
    bool want_fit_ = true;
    bool user_moved_ = false;    // panned or zoomed since the last fit
    ImVec2 fitted_size_{0, 0};   // the view's size at the last fit
    ImVec2 world_lo_{0, 0}, world_hi_{0, 0};  // the board's extent in world units (kept in view)
    bool dragging_facing_ = false;
    std::optional<int> drag_facing_;
    std::optional<hex::Cube> hovered_;
    int hovered_side_ = -1;  // the hexside of hovered_ under the mouse (near its edge), -1 none
    ImVec2 canvas_lo_{0, 0}, canvas_hi_{0, 0};
    int shown_route_ = -1;    // a route picked in the side panel's list (index into marks().lines), -1 none
    int hovered_route_ = -1;  // a route under the mouse in that list (drawn the next frame) ...
    int hovered_route_frame_ = -1;  // ... as of this frame

    // This frame's line: the ruling's marks, when they join the units drawn.
    std::shared_ptr<const view::BoardMarks> marks_;
    // Caches, keyed by what they were computed from.
    std::uint64_t generation_ = 0;
    std::string mode_;
    std::optional<hex::Cube> vis_from_;
    bool vis_valid_ = false;
    bool vis_unread_ = false;  // the game could not read the mode: no overlay (BoardSupport::visibility)
    std::vector<view::Mark> vis_;
    std::string figures_key_;
    std::unique_ptr<FiguresJob> job_;
    std::vector<Piece> pieces_;
    std::optional<PieceEvent> piece_event_;
    std::optional<hex::Cube> menu_hex_;  // the hex the right-click menu is about
    // The board's picture, and checking its suggestions (review.hpp: the side panel's list, the
    // selected one outlined on the map), accepted through this frame's painter.
    UnderlayLayer underlay_;
    PictureTool picture_;
    bool board_has_picture_ = false;  // this frame's board has an [underlay]: the Picture tool can open
    SuggestionReview review_;
    BoardPainter* painter_ = nullptr;     // draw()'s: the board's editor (nullptr: none)
    std::optional<hex::Cube> centre_on_;  // a hex picked in the side panel's list: centred next frame
};

}  // namespace umpire::app
