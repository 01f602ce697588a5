// The board view (docs/window.md, "The board view"): a hex board drawn from a board::Board, with
// pan and zoom (camera.hpp), hex numbers, terrain told apart by a glyph per terrain (not colour
// alone) and its legend, hexside features (berm; slope with its sloped side hatched), the firer
// and the target placed by clicks, the target's facing by a drag (8.7), the line lit exactly as
// the ruling traced it (Ruling::board_marks: the view never traces or rules a line itself) and two
// overlays: what a unit in the hovered hex can see (BoardSupport::visibility) and the kill chance
// per hex (BoardSupport::hex_figures, computed on a worker thread so the window never waits for it).
//
// It knows no game: every word and mark comes from the game's BoardSupport and the ruling. A panel
// owns one and gives it the board, the terrain mode, the ruling's marks and the units' places
// (view::Placement, typed); it returns what the referee changed, typed, for the ruling to take.
//
// Sections
//   Placement   where the firer and the target stand and where the target faces (board/marks.hpp)
//   BoardView   draw() each frame; the mode switch "Rule | Paint" (Paint hosts the panel's
//               BoardPainter, board_paint.hpp: its toolbar, the clicks, the hover outline)
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>
#include <toml++/toml.h>

#include "window/board/paint.hpp"
#include "window/ui/camera.hpp"
#include "board/board.hpp"
#include "board/board_support.hpp"
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

    // Draws the view `height` pixels tall, the full width. `generation` changes whenever the board's
    // contents change (a new file, a paint stroke): the caches follow it. `situation` is the
    // situation as written (for the kill-chance overlay). `marks`: what the last ruling traced
    // (Ruling::board_marks; nullptr: no ruling, or none on the board), drawn as they are when they
    // join the units placed. Returns true when the referee moved a unit or turned the target (then
    // *place holds the new places).
    // Paint mode: `painter` (nullptr: no paint mode) edits `paintable`, the same board as `board`
    // held mutable by the panel; the view's caches follow painter->revision() (a stroke, undo, redo)
    // without refitting the board, which only a new `generation` does.
    bool draw(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, std::uint64_t generation,
              const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks,
              Placement* place, float height, BoardPainter* painter = nullptr, board::Board* paintable = nullptr);
    // The marks the last frame drew (the ruling's own; nullptr: none). For tests.
    const view::BoardMarks* drawn() const { return marks_.get(); }

    // How a new view starts (umpire --board-overlay; --screenshot waits for the kill chances so
    // the one frame it renders shows them).
    struct Defaults {
        bool visibility = false, kill_chance = false;
        bool wait_for_figures = false;
        bool paint = false;  // umpire --board-mode paint: start in Paint mode
    };
    static Defaults& defaults() {
        static Defaults d;
        return d;
    }

    enum class Tool { rule, paint };
    enum class Next { firer, target };
    Tool tool() const { return tool_; }
    void set_tool(Tool t) { tool_ = t; }

private:
    struct FiguresJob {
        std::atomic<bool> cancel{false}, done{false};
        view::HexFigures result;
        std::thread worker;
    };

    struct Frame;  // one frame's drawing context (board_view.cpp)
    void draw_toolbar(const board::Board& b, BoardPainter* painter);
    void follow_paint(const BoardPainter* painter);
    void draw_canvas(const view::BoardSupport& support, const board::Board& b, Placement* place, bool* changed, float height,
                     BoardPainter* painter, board::Board* paintable);
    void fit_and_pan(const board::Board& b, ImVec2 size, ImVec2 lo, ImVec2 hi);
    ImVec2 track_mouse(const board::Board& b);
    // The canvas, layer by layer.
    void draw_hexes(const Frame& f, const board::Board& b) const;
    void draw_hex_feature(const Frame& f, const board::Board& b, const hex::Cube& h, ImVec2 c) const;
    void draw_visibility(const Frame& f, const board::Board& b) const;
    void draw_kill_chance(const Frame& f, const board::Board& b) const;
    void draw_sides(const Frame& f, const board::Board& b) const;
    void draw_numbers(const Frame& f, const board::Board& b) const;
    void draw_marks(const Frame& f) const;
    void draw_units(const Frame& f, const board::Board& b, const Placement& place) const;
    void draw_hover(const Frame& f) const;
    void draw_tooltip(const board::Board& b, const Placement& place) const;
    bool figures_ready(const board::Board& b) const;
    void draw_legend(const board::Board& b);
    bool handle_clicks(const board::Board& b, Placement* place, ImVec2 mouse_world);
    const view::BoardMarks& marks() const;  // marks_, or none
    void update_visibility(const view::BoardSupport& support, const board::Board& b, const std::string& mode, const Placement& place);
    void update_figures(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, const toml::table& situation);
    void stop_figures();

    const view::BoardSupport* support_ = nullptr;  // this frame's (draw()): the game's looks, its facing kind
    Camera cam_;
    Tool tool_ = defaults().paint ? Tool::paint : Tool::rule;
    std::uint64_t paint_seen_ = 0;  // the painter's revision the caches were computed for
    Next next_ = Next::firer;
    bool show_visibility_ = defaults().visibility, show_kill_ = defaults().kill_chance;
    bool want_fit_ = true;
    bool user_moved_ = false;    // panned or zoomed since the last fit
    ImVec2 fitted_size_{0, 0};   // the view's size at the last fit
    bool dragging_facing_ = false;
    std::optional<int> drag_facing_;
    std::optional<hex::Cube> hovered_;
    int hovered_side_ = -1;  // the hexside of hovered_ under the mouse (near its edge), -1 none
    ImVec2 canvas_lo_{0, 0}, canvas_hi_{0, 0};

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
};

}  // namespace umpire::app
