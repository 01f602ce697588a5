// The board view's Picture tool (docs/maps.md "Calibrating", "Examples"; docs/window.md "A board
// from a picture"): the referee's path from a scan or photo of the printed map to a suggested
// board, in two steps, for every hex-board game.
//
//   1. Calibrate: the picture at full opacity in its own pixel space (the camera's world is the
//      picture's pixels; pan and zoom as elsewhere). A left click asks, in a small popup at the
//      click, for the printed number of the hex clicked (prefilled with the hex the current fit
//      puts there once 3 points exist; Enter accepts, Esc cancels). The points are kept in the
//      board's [underlay] (Save board writes them), listed in the side panel with their hex, pixel
//      and residual in hexes (over half a hex: bad, ✖ and words), each removable and renumberable;
//      Ctrl+Z / Ctrl+Y undo and redo them. The calibration is fitted again at every change
//      (calibration::calibrate_board, about 40 µs) and the board's grid drawn over the picture
//      through it, every hex outlined and numbered when zoomed in enough; a refusal is said in
//      words with what to do.
//   2. Examples: pick a name of the game (a hex terrain, a second-layer feature, a hexside
//      feature: board::example_names), click the picture where it is; "Suggest the terrain" runs
//      board::suggest on a worker thread (about 0.5 s for 66 x 44: the window stays responsive,
//      says "Suggesting…" and is woken when it is done), fills the board (hatched as suggested),
//      saves it and hands back to Rule, the picture under the hexes. The examples are not kept in
//      the board file (docs/maps.md says so): once the board is suggested they are spent.
//
// The window-free parts (the points' edits, the hex under a click, the words) are picture_points.hpp.
// "New board from a picture…" (the Board menu, and a button beside Open board… while there is no
// board) creates the board and enters this tool: host.hpp's picture_board_popup (picture_board.cpp).
//
// Sources: picture_tool.cpp (the picture, the fit, input, the suggestion), picture_view.cpp
// (drawing the canvas, the side panel's lists), picture_board.cpp (the new board's popup).
//
// Sections
//   PictureTool   follow(), the toolbar, the canvas, the side panel's lists
#pragma once
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "window/board/paint.hpp"
#include "window/board/picture_points.hpp"
#include "window/ui/camera.hpp"
#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board/suggest.hpp"
#include "core/image.hpp"
#include "geometry/calibration.hpp"

namespace umpire::app {

// ---- PictureTool ----------------------------------------------------------------------------

class PictureTool {
public:
    enum class Step { calibrate, examples };
    PictureTool() = default;
    ~PictureTool();
    PictureTool(const PictureTool&) = delete;
    PictureTool& operator=(const PictureTool&) = delete;

    // Each frame, before the toolbar: the board (mutable: the points are its [underlay]) and the
    // painter that saves it. Reads the picture again when the board's file or picture changed; takes
    // a finished suggestion into the board. Returns true when a suggestion was just taken (the view
    // then turns to Rule). The picture is read on a worker thread (reading() meanwhile; it wakes
    // the window) and uploaded by the next follow(); `wait`: wait for it here (a screenshot
    // renders one frame).
    bool follow(const view::BoardSupport& support, board::Board* b, BoardPainter* painter, bool wait = false);
    // The tool's own row: the steps, Undo / Redo, Save board, a step's controls and its hint.
    void draw_toolbar();
    // The canvas: the picture, the grid, the points and the examples; clicks; the number popup.
    void draw_canvas(ImVec2 size);
    // The side panel: the points with their residuals, or the examples, of `b` (the board held
    // now: the side panel may be drawn before the map in a frame).
    void draw_notes(board::Board* b);
    void fit_view() { want_fit_ = true; }
    Step step() const { return step_; }
    void set_step(Step s) { step_ = s; }
    bool suggesting() const { return job_ != nullptr; }
    bool reading() const { return read_ != nullptr; }  // the picture's worker has not finished yet
    // Points clicked on `b` (the board this tool follows) since it was read or saved: the host keeps
    // them like unsaved paint when the board goes or the window closes (set_aside_paint), then
    // counts them as kept.
    bool points_unsaved(const board::Board& b) const { return board_ == &b && edits_.unsaved(b); }
    void points_set_aside(const board::Board& b) {
        if (board_ == &b) edits_.mark_saved(b);
    }
    PointEdits& edits() { return edits_; }  // for tests: the points' edits
    // What a click on the picture in Examples does: an example of `base` (one of
    // board::example_names) at picture pixel `p`, joined with the feature chosen beside it.
    void add_example(const std::string& base, plane::Vec2 p);
    // What "Suggest the terrain" does: board::suggest on a copy of the board, on a worker thread;
    // follow() takes it when it is done (nothing without a picture, a fit or while one runs).
    void suggest();
    // Why the last suggestion filled nothing ("" when it did, or none was asked for); the board
    // view says it in its side panel too, out of the tool (dismissed with clear_suggest_problem).
    const std::string& suggest_problem() const { return suggest_error_; }
    void clear_suggest_problem() { suggest_error_.clear(); }

private:
    struct SuggestJob {
        std::atomic<bool> done{false};
        board::Board board;  // a copy of the board it suggests for (its file names it)
        std::uint64_t revision = 0;  // the painter's revision when it started (take_suggestion)
        board::Suggestion result;
        std::thread worker;
    };
    struct ReadJob {  // the picture read on a worker thread (ui::read_picture); the worker's until `done`
        std::atomic<bool> done{false};
        std::shared_ptr<const image::Image> image;
        std::string problem;
        std::thread worker;
    };
    struct Marker {  // an example as drawn and listed
        board::Example example;
        std::string glyph, word;
    };

    // ---- picture_tool.cpp ----
    void load_picture(bool wait);
    void take_picture();
    void refit();
    bool take_suggestion();
    void save();
    void draw_step_controls();
    void draw_name_choice();
    void handle_canvas_input(ImVec2 lo, ImVec2 hi);
    void point_popup();
    // A map from the board to the picture: the fit stands, or it is refused only for a point too
    // far off (its residuals are in).
    bool has_map() const { return fit_.ok || (!fit_.residual.empty() && board_ && fit_.residual.size() == board_->underlay->points.size()); }
    // ---- picture_view.cpp: drawing ----
    void draw_picture(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const;
    void draw_grid(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const;
    void draw_points(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const;
    void draw_examples(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const;
    void draw_points_list();
    void draw_examples_list();

    const view::BoardSupport* support_ = nullptr;
    mutable std::vector<ImVec4> labels_;  // this frame's labels on the canvas (ui::label_spot)
    board::Board* board_ = nullptr;  // this frame's (follow)
    BoardPainter* painter_ = nullptr;
    Step step_ = Step::calibrate;
    Camera cam_;
    bool want_fit_ = true;
    bool user_moved_ = false;     // panned or zoomed since the last fit
    ImVec2 canvas_lo_{0, 0};      // where the canvas was last frame
    ImVec2 fitted_size_{0, 0};    // the canvas's size at the last fit
    // The picture: full resolution for the suggestion (shared with its worker), and its texture.
    std::string picture_key_, problem_, path_;
    std::shared_ptr<const image::Image> image_;
    unsigned texture_ = 0;
    std::unique_ptr<ReadJob> read_;                   // reading for picture_key_ now
    std::vector<std::unique_ptr<ReadJob>> read_old_;  // for an older picture: joined when done, never taken
    // The points and their fit.
    PointEdits edits_;
    std::string fit_key_;
    calibration::Fit fit_;
    // The number popup: where it was clicked, the number typed.
    std::optional<plane::Vec2> pending_;
    ImVec2 popup_at_{0, 0};
    std::string popup_text_, popup_error_;
    bool popup_focus_ = false;
    std::vector<std::string> renumber_text_;  // the points list's number fields
    // The examples.
    std::vector<Marker> examples_;
    int name_ = 0;             // index into board::example_names
    std::string on_;           // a second-layer feature's terrain ("" : the first)
    std::unique_ptr<SuggestJob> job_;
    std::string suggest_error_, saved_note_;
};

}  // namespace umpire::app
