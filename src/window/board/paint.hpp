// The board paint tool: a brush chooser in the game's words, painting hexes and hexsides with
// the mouse (a drag is one undo step), Undo/Redo (Ctrl+Z, Ctrl+Y) and an atomic Save / Save as.
// Self-contained: the board view hosts it (docs/window.md, "Painting a board"); the editing and
// writing are the engine's (board/board_edit.hpp).
//
// Hosting it, in the board view's frame while paint mode is on (about ten lines):
//
//     painter.attach(board, board_path);     // once, when the board is loaded (clears undo)
//     painter.draw_toolbar(scale);           // above the canvas
//     ImGui::InvisibleButton("##board", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
//     handle_input(camera);                  // right-drag pans, the wheel zooms (camera.hpp)
//     const ImVec2 world = camera.to_world(ImGui::GetIO().MousePos);
//     if (ImGui::IsItemHovered() || painter.painting())
//         painter.on_mouse(board, world, ImGui::IsItemClicked(ImGuiMouseButton_Left),
//                          ImGui::IsMouseDown(ImGuiMouseButton_Left), ImGui::IsMouseReleased(ImGuiMouseButton_Left));
//     if (ImGui::IsItemHovered()) painter.draw_hover(ImGui::GetWindowDrawList(), camera, board, world);
//     if (painter.revision() != seen) seen = painter.revision(), recompute_what_the_board_shows();
//
// Sections
//   Brush, paint_target   what a click at a world point paints (window-free, unit-tested);
//                         new_board, the all-clear board "New board..." starts from
//   BoardPainter          the toolbar (with the Accept brush while the board has suggestions),
//                         the mouse, the hover outline, accepting suggestions, save
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "window/ui/camera.hpp"
#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "board/board_support.hpp"

namespace umpire::app {

// ---- Brush, paint_target ----------------------------------------------------------------

// What a click paints: a hex terrain (index into vocabulary.hex_terrain), a hex feature of the
// second per-hex layer (`feature`: index into vocabulary.hex_features, PanzerBlitz's single-hex
// woods/town; -1 erases it), or a hexside feature (index into vocabulary.hexside_features; -1
// erases the hexside's feature).
// `accept`: the Accept brush (docs/maps.md "Checking the suggestions"): it confirms the suggested
// hexes and hexsides it is dragged over as they stand, changing nothing else (a click near a
// hexside means the hexside, near the centre the hex).
struct Brush {
    bool hexside = false;
    int index = 0;
    bool feature = false;
    bool accept = false;
};

// A click further than this from a hex's centre (a fraction of the way to its side) means the
// hexside nearest it (hexdraw::from_centre).
inline constexpr float kSideReach = 0.6f;

// What a click at world point p would paint: a hex brush, the hex under p; a hexside brush, the
// side of the hex under p nearest to p when p is near that side (hex = the hex clicked in, on
// the sloped side for a slope, 10.5). Nothing off the board or near a hex's centre. The Accept
// brush: the hexside when p is near one, else the hex.
struct PaintTarget {
    bool valid = false;
    bool hexside = false;
    hex::Cube hex;
    int side = -1;
};
PaintTarget paint_target(const board::Board& b, const Brush& brush, ImVec2 p);

// "New board...": an all-clear board of `columns` x `rows` hexes in the game's own numbering
// (its rules data, `v.numbering`), titled with its size, no hexside features.
board::Board new_board(const board::Vocabulary& v, int columns, int rows);

// A short mark for a terrain or feature name, shown beside its name (never colour alone):
// clear ".", rough "~", woods "T", wreck "x", berm "=", slope "/"; other names their initial.
std::string brush_glyph(const std::string& name);

// ---- BoardPainter ------------------------------------------------------------------------

class BoardPainter {
public:
    // The board to paint (its owner keeps it alive while attached) and its file ("": none yet,
    // or one not to write over: Save asks for a name, offering `suggestion`). Clears the undo
    // history; the board counts as saved.
    void attach(board::Board& b, std::string path, std::string suggestion = {});
    // The board is going away: forget it (and its history).
    void detach();
    bool attached() const { return board_ != nullptr; }

    // The brushes, Undo/Redo (also Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z while the window it is drawn in
    // has the focus), Save, Save as, the "unsaved" mark and the last save's error. `scale` is the
    // window's UI scale.
    void draw_toolbar(float scale);

    // Mouse over the board at world point `world` (hex units, hex_layout.hpp): `pressed` starts a
    // stroke, `down` paints while it lasts, `released` ends it (one undo step). Returns true when
    // the board changed. A board other than the attached one is attached first (without a path).
    bool on_mouse(board::Board& b, ImVec2 world, bool pressed, bool down, bool released);
    bool painting() const { return history_.in_stroke(); }

    // Outlines what a click at `world_mouse` would paint: the hex, or the hexside (with a tick
    // towards the sloped hex for a slope).
    void draw_hover(ImDrawList* dl, const Camera& cam, const board::Board& b, ImVec2 world_mouse) const;

    // Writes the board to `path` atomically (board/board_edit.hpp save_board). On success the
    // path becomes the board's file and the board counts as saved; returns the error otherwise
    // (also shown under the toolbar), and the old file is untouched.
    std::optional<std::string> save(const std::string& path);

    bool undo();
    bool redo();
    bool can_undo() const { return history_.can_undo(); }

    // Accepting the picture's suggestions as they stand (board/board_edit.hpp confirm_many,
    // confirm_all), on the attached board `b` (nothing when another board is attached), as one
    // undo step; returns how many were suggestions. `all`: every suggestion still on the board.
    int accept(const board::Board& b, const std::vector<hex::Cube>& hexes, const std::vector<std::pair<hex::Cube, int>>& sides);
    int accept_all(const board::Board& b);
    const board::Board* board() const { return board_; }

    Brush brush;
    // The game's own marks for its names (BoardSupport::look's glyph, the ones the board view
    // draws: PanzerBlitz's "1H", "2s", "W"), used beside a brush's name when given; else brush_glyph.
    const view::BoardSupport* looks = nullptr;
    bool unsaved() const { return history_.unsaved(); }
    const std::string& path() const { return path_; }
    const std::string& error() const { return error_; }
    std::uint64_t revision() const { return history_.revision(); }
    const board::EditHistory& history() const { return history_; }

private:
    bool paint_at(board::Board& b, ImVec2 world);
    void draw_brushes();
    void draw_save_as(float em);

    board::Board* board_ = nullptr;
    board::EditHistory history_;
    std::string path_, error_, saved_note_;
    std::string save_as_text_;
    float scale_ = 1.0f;
};

}  // namespace umpire::app
