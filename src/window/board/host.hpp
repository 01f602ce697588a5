// A panel's board (docs/window.md "The map", "Painting a board"), for every game whose panel
// holds one (TANK!, PanzerBlitz, Panzer Squadron): the situation's `board` loaded through the
// game's BoardSupport, the "Open board…" and "New board…" popups (as buttons in the inputs while
// there is no board, in the map's Board menu once there is one), and the board view the referee
// clicks units onto or, in Paint mode, paints (BoardPainter), filling the board-first layout's map
// area. The board is held mutable: the painter edits it in place, the view draws it and the App
// rules against it (held()), so all three see one board.
//
// The units' places are held typed (view::Placement): a click sets them, the App's ruling takes
// them as they are (placement(), Panel::held_placement), and the situation's hex keys are written
// from them; the keys are read back only when something else changed them (a file, a typed number).
//
// Sections
//   helpers     NewBoardForm and new_board_popup, PictureBoardForm and picture_board_popup, set_aside_paint
//   BoardHost   load(), picker() and board_menu() with New board and the picture's opacity, map()
//               with the typed places, after_view() (a stroke, a Save as the situation follows), the
//               side panel's words (name_line, notes, key), the revision the App re-rules on, unsaved
//               paint set aside
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "window/board/paint.hpp"
#include "window/board/view.hpp"
#include "window/panels/panel.hpp"
#include "board/board.hpp"
#include "board/board_support.hpp"

namespace umpire::app {

// ---- helpers ------------------------------------------------------------------------------

// "New board...": the button (or, with `open_now`, a menu item that opened it) and its popup
// (columns, rows, file name). An all-clear board in the game's numbering is written at once beside
// the situation; *name then names it, the view turns to Paint mode and it returns true.
struct NewBoardForm {
    int columns = 0, rows = 0;  // 0: not opened yet
    std::string name, error;
};
bool new_board_popup(const board::Vocabulary& v, NewBoardForm* form, std::optional<std::string>* name,
                     const std::filesystem::path& situation_dir, BoardView* view, std::optional<bool> open_now = std::nullopt);
// Its fields (columns, rows, file name; true on Enter in the name), shared with "New board from a
// picture…" (picture_tool.hpp), and the writing of the new board beside the situation (never over
// a file; false with form->error set when it was not written).
bool new_board_fields(const board::Vocabulary& v, NewBoardForm* form, const std::filesystem::path& situation_dir);
bool write_new_board(board::Board& b, NewBoardForm* form, const std::filesystem::path& situation_dir);

// "New board from a picture…" (picture_board.cpp; docs/maps.md): the picture's file (beside the
// situation or a full path; read with the bounded picture reader, its refusal said in words), the
// columns, rows and file name as New board asks them. Creates an all-clear board whose [underlay]
// names the picture relative to the board file, writes it beside the situation, sets *name to it
// and turns the view to the Picture tool (picture_tool.hpp). True when *name changed.
struct PictureBoardForm {
    NewBoardForm board;
    std::string picture;
};
bool picture_board_popup(const board::Vocabulary& v, PictureBoardForm* form, std::optional<std::string>* name,
                         const std::filesystem::path& situation_dir, BoardView* view, std::optional<bool> open_now = std::nullopt);

// Unsaved paint is never lost: a board about to be dropped with unsaved strokes is detached from
// the painter and its text added to *out for the App to keep as recovered-*.toml; so is a board
// with calibration points clicked in the Picture tool (`picture`) and not saved.
void set_aside_paint(const board::Board* b, BoardPainter* painter, const std::string& name, const std::string& why,
                     std::vector<Panel::SetAside>* out, PictureTool* picture = nullptr);

// ---- BoardHost ----------------------------------------------------------------------------

class BoardHost {
public:
    // The situation's keys for the units' places, as the file writes them (hex numbers in the
    // board's numbering, the facing's name); nullptr: the panel has none (a Panzer Squadron
    // movement places one tank, as `firer`).
    struct Keys {
        std::optional<std::string>* firer = nullptr;
        std::optional<std::string>* target = nullptr;
        std::optional<std::string>* facing = nullptr;
        std::vector<std::string> facing_names;  // by index: the hexside names, or the corner names
        std::array<std::optional<std::string>, 3> values() const;
    };

    // Loads `name` (the situation's `board`) when it or the situation's folder changed, through the
    // engine's board dispatch (Engine::open_board, as the game `support` belongs to); a missing
    // name drops the board. A board with problems keeps them (errors()) and no board. A board
    // dropped with unsaved paint is set aside first (take_set_aside).
    void load(const Engine& engine, const view::BoardSupport& support, const std::optional<std::string>& name,
              const std::filesystem::path& situation_dir);
    // Without a board, in the inputs: "Open board…" (a shipped board of this game by its title and
    // folder, a file, or none) and "New board…". `reads`: what the ruling then reads from the map,
    // for the tip. True when *name changed.
    bool picker(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                const std::string& reads = "the hexes the line meets");
    // With a board, the same as the map's Board menu (Change board…, New board…, No board, the
    // picture of the ruling). True when *name changed.
    bool board_menu(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
                    MapArea& area);
    // The map area (board-first layout): the Board menu and the board view (Rule | Paint) filling
    // `area`, with the units where `keys` place them and the line the ruling traced (`marks`,
    // Ruling::board_marks); or the board file's problems. True when the referee placed a unit or
    // turned the target (the keys are then written from the places) or picked another board.
    bool map(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir,
             const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks, const Keys& keys,
             const BoardView::Roles& roles, MapArea& area);
    // Units on the board (board/counters.hpp): the counters map() draws this frame (nullptr: none),
    // with `roles` naming the situation tables of the first and second role ("firer", "target").
    void show_counters(const board::Counters* c, const BoardView::Roles& roles) {
        counters_ = c;
        counter_roles_ = roles;
    }
    // What the referee did to a counter during the last map(), once: the panel applies it.
    std::optional<board::CounterPick> take_pick() {
        auto p = std::move(pick_);
        pick_.reset();
        return p;
    }
    // For the inputs: the board's title, file and folder, and unsaved paint (in words).
    void name_line(const std::optional<std::string>& name) const;
    // The inputs' Board section, the same in every game's panel: loads *name; without a board the
    // picker and `none` (what the ruling reads instead), with one its name line. True when *name
    // changed.
    bool inputs_section(const Engine& engine, const view::BoardSupport& support, std::optional<std::string>* name,
                        const std::filesystem::path& situation_dir, const std::string& none,
                        const std::string& reads = "the hexes the line meets");
    // For the side panel: "On the map" (the line, the routes, the overlays' captions), and the key.
    void notes(const std::shared_ptr<const view::BoardMarks>& marks);
    void key(const std::shared_ptr<const view::BoardMarks>& marks);
    // What to click next, in the game's words, while the units are not all placed on a loaded
    // board (`first`, `second`: their hex keys; roles.second empty: one unit); "" when they are.
    std::string waiting_for(const std::optional<std::string>& name, const std::optional<std::string>& first,
                            const std::optional<std::string>& second, const BoardView::Roles& roles) const;
    // The units' places on the held board, typed, while `keys` (their values) are still what the
    // places were read from or wrote; else nullopt (the ruling then reads the keys).
    std::optional<view::Placement> placement(const std::optional<std::string>& name, const std::array<std::optional<std::string>, 3>& keys) const;
    // The board loaded for `name`, or nullptr (the window then rules the file).
    const board::Board* held(const std::optional<std::string>& name) const {
        return name && board_ && name_ == *name ? board_.get() : nullptr;
    }
    // Moves with every load and every paint: the App rules the board again when it moves.
    std::uint64_t revision() const { return (generation_ << 32) ^ painter_.revision(); }
    bool painting() const { return view_.tool() == BoardView::Tool::paint; }
    BoardView& view() { return view_; }
    // For the side panel while the view's Picture tool is in use: its points or examples.
    void picture_notes() { view_.picture().draw_notes(board_.get()); }
    // Unsaved paint dropped so far (and, `closing`, the held board's), for the App to keep.
    std::vector<Panel::SetAside> take_set_aside(bool closing);

private:
    // After the view (in map()): true when the board was painted (a stroke, undo, redo) since the
    // last call, or "Save board as…" wrote it elsewhere and *name now follows that file.
    bool after_view(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir);
    void picture_opacity();  // the Board menu's Opacity slider for the board's picture
    void set_aside(const std::string& why) { set_aside_paint(board_.get(), &painter_, name_, why, &set_aside_, &view_.picture()); }
    void follow_keys(const Keys& keys);  // the keys changed by other means: read the places from them
    void write_keys(const Keys& keys);   // a click: the keys follow the places

    std::shared_ptr<board::Board> board_;
    std::string name_, dir_;            // what board_ was loaded for
    std::vector<std::string> errors_;   // the board file's problems (FILE:LINE:COL)
    std::uint64_t generation_ = 0;
    std::uint64_t announced_generation_ = 0;  // the load map() last reported as a change
    std::string path_text_;             // the "Open board" popup's file field
    struct Shipped {
        std::filesystem::path path;
        std::string title;  // the board's own title ("" when it cannot be read)
    };
    std::vector<Shipped> shipped_;      // the game's shipped boards, read once for the list
    bool open_board_popup(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir);
    BoardView view_;
    BoardPainter painter_;
    std::uint64_t seen_revision_ = 0;        // the painter's revision after_view last saw
    std::vector<Panel::SetAside> set_aside_; // unsaved paint dropped (take_set_aside)
    std::string followed_path_;              // the painter's file the situation's `board` last followed
    NewBoardForm new_board_;
    PictureBoardForm picture_board_;
    const board::Counters* counters_ = nullptr;  // show_counters
    BoardView::Roles counter_roles_;
    std::optional<board::CounterPick> pick_;
    view::Placement placed_;                                // the units' places, typed
    std::array<std::optional<std::string>, 3> placed_keys_;  // the keys' values placed_ was read from or wrote
    std::uint64_t placed_generation_ = ~std::uint64_t(0);   // the board placed_ was read on
};

}  // namespace umpire::app
