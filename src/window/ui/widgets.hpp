// Drawing helpers shared by every panel: the verdict banner, the referee's-call
// box, figure cards with their breakdown on hover, the explanation list, a
// results grid with its used row and column lit, a probability bar and the
// aspect picker (a small target counter with clickable front/side/rear sectors).
//
// Sections
//   fonts and colours
//   tooltips and the layout probe (for end-to-end tests)
//   ruling parts: verdict_banner, error_banner, referee_call_box, figure_card,
//                 figure_table, explanation
//   results_grid, probability_bar, aspect_picker
//   text that keeps numbers whole, waking and settling, the wheel, probe values
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/ruling.hpp"

namespace umpire::app::ui {

// ---- fonts and colours ----------------------------------------------------------

struct Fonts {
    ImFont* regular = nullptr;
    ImFont* bold = nullptr;
    ImFont* big = nullptr;      // the key numbers (1.5x the body)
    ImFont* verdict = nullptr;  // the pinned verdict, readable from two metres (1.9x the body, bold)
};
Fonts& fonts();

// ---- the palette: one meaning per colour, each paired with a word or a mark --------
//
// Every colour that carries a meaning in the window comes from here (docs/window.md,
// "Colours"). None is ever the only sign: each is drawn with its word or mark.
//   good()    green  a roll can kill / the move is allowed          mark "✔"
//   bad()     red    blocked, not permitted, an error, a warning   mark "✖"
//   referee_call() amber  the rules leave it open, and nothing else   mark "▲ REFEREE'S CALL"
//   lit()     cyan   what the ruling used: the lit table row/column, the chosen sector, a path
//                    (also bold and outlined)
//   neutral() grey   a verdict with no effect either way (permitted but no roll can kill)  mark "●"
//   heading() blue   section titles and rule numbers (a label, no meaning)
//   dim_text()       secondary text
ImVec4 good();
ImVec4 bad();
ImVec4 referee_call();
ImVec4 lit();
ImVec4 neutral();
ImVec4 heading();
ImVec4 dim_text();
ImVec4 tone_colour(Tone t);    // good, bad, neutral (caution and neutral are both grey)
const char* tone_mark(Tone t);  // "✔", "✖", "●"
extern const char* const kOpenMark;  // "▲" before every referee's-call note

// ---- tooltips and the layout probe -----------------------------------------------

// Shows `text` as a tooltip when the last item is hovered (wrapped at a readable width).
void tip(const char* text);
void tip(const std::string& text);

// Records the last item's rectangle under `name` when probing is on (umpire --test-layout),
// so end-to-end tests can click real widgets without guessing coordinates.
void probe(const char* name);
// The same for a rectangle that is not an item (a hex of the board view, a base of the table view).
void probe_rect(const std::string& name, ImVec2 min, ImVec2 max);
void set_probing(bool on);
bool probing();
const std::map<std::string, ImVec4>& probed();  // name -> (x0, y0, x1, y1) in window pixels
// The probed item that has the keyboard focus (navigation or editing) this frame; empty: none.
const std::string& focused_probe();
void clear_probed();  // every frame (also forgets text_box_drawn and untipped)
// Every option (radio button, checkbox, combo item) says what it means in its own tooltip, with
// its rule (issue 13). The option helpers (panel_util.hpp) report one drawn without a tip here;
// layout.txt lists them ("untipped WHERE") and the tests fail on any.
void untipped(const std::string& where);
const std::set<std::string>& untipped_items();
// Call right after an InputTextMultiline: its lines scroll with the text cursor, as in any text
// field, so the clipping check does not count a long line in it as cut off.
void text_box_drawn();

// SameLine() when an item `width` wide still fits on this line; else stay on a new line.
void same_line_if_fits(float width);
float checkbox_width(const char* label);

// Text in `colour` that wraps at the panel's edge (a note must never run off it); numbers are
// kept whole (unbreakable).
void wrapped(ImVec4 colour, const std::string& text);
// The same in the text colour.
void text(const std::string& text);
// `text` for drawing wrapped: a number is never split across lines. ImGui wraps after '.', so a
// '.' between digits ("10.22D", "3.07"") becomes U+2024 (one dot leader, drawn as a full stop),
// and a number and its unit ("6.1 in", "5 MP") are joined by a no-break space.
std::string unbreakable(const std::string& text);

// A section title with a rule under it.
void section(const char* title);

// ---- ruling parts ------------------------------------------------------------------

// The verdict in the large verdict font with its tone's mark; pinned by the App above the
// scrolling part of the ruling side (app_frame.cpp), so panels do not draw it. With
// `max_height`, a smaller bold font is used when the wrapped verdict would be taller.
// A ruling that is a referee's call (Ruling::referee_call) is drawn in amber, marked ▲ REFEREE'S
// CALL, with the reasons under it, each naming both outcomes where the ruling gives them, and
// `other_outcomes` (the other readings' verdicts, when the panel knows them).
// With `max_height` the verdict steps down to a smaller bold font when it would be taller, and the
// reasons shown are those that fit in about as much again (the rest: "more below").
void verdict_banner(const Ruling& r, float max_height = 0.0f, const std::vector<std::string>& other_outcomes = {});
// How many of its reasons the last verdict banner showed: the ruling's body repeats them all in
// referee_call_box (draw_ruling_head) when it could not show every one.
std::size_t reasons_in_banner();
// No ruling yet because the window is waiting for the referee (units not placed): neutral, marked ●.
void waiting_banner(const std::string& title, const std::string& what);
void error_banner(const char* title, const std::vector<std::string>& lines, ImVec4 colour);
void referee_call_box(const std::vector<std::string>& reasons);
// A box with the figure's label, a large value and, on hover, its rule and breakdown.
void figure_card(const Figure& f, float width);
// Label / value / rule rows; breakdown on hover. Figures whose label is in `skip` are left out.
void figure_table(const char* id, const std::vector<Figure>& figures, const std::vector<std::string>& skip = {});
// Each figure as "label [rule]" over its value (figure_table's form on a narrow side).
void figure_list(const std::vector<Figure>& figures, const std::vector<std::string>& skip = {});
// The figures as compact "label value [rule]" chips that wrap; breakdown on hover.
void figure_chips(const std::vector<Figure>& figures, const std::vector<std::string>& skip = {});
void explanation(const std::vector<Step>& steps, const char* system_title);

// ---- results_grid, probability_bar, aspect_picker -------------------------------------

struct Grid {
    std::string id;
    std::string corner;                          // top-left header, e.g. "Range"
    std::vector<std::string> columns;            // column headers
    std::vector<std::string> rows;               // row headers
    std::vector<std::vector<std::string>> cells;  // cells[row][column]
    std::optional<int> lit_row, lit_column;
    std::string column_tip;                      // tooltip on the column headers
};
void results_grid(const Grid& g);

// A bar filled to `p` (0..1) with `label` on it.
void probability_bar(double p, const std::string& label);

// aspect: 0 front, 1 side, 2 rear. Sectors: the front arc centred on the facing (up),
// the rear arc centred behind, the sides the rest. Returns true when a sector is clicked.
bool aspect_picker(const char* id, int* aspect, float front_degrees, float rear_degrees, float size);

// ---- waking and settling (docs/window.md "Never stale") -----------------------------

// From any thread: background work finished (a kill-chance map, ...). The main loop is woken
// (set_waker: glfwPostEmptyEvent) and draws a few frames, so the result shows with no input.
void wake();
void set_waker(void (*waker)());
int take_requested_frames();  // main loop: frames asked for since the last call (0: none)
// After ImGui::Render(): a digest of the frame's layout (each window's place, size and content
// size, each table's column widths). The main loop keeps drawing while it changes: auto-sized
// windows and table columns take a frame or two to settle.
std::uint64_t layout_signature();

// ---- the mouse wheel -----------------------------------------------------------------

// A wheel gesture (notches less than 0.35 s apart, or a few frames apart when frames are slow) belongs to what the mouse was over when it
// began: the board zooms only for a gesture that began over it (or with Ctrl), never when a
// panel being scrolled brings it under the mouse. Call new_frame_wheel() once a frame before
// drawing; wheel_claim(hovered) right after the item that zooms: true when it owns this frame's wheel.
void new_frame_wheel();
bool wheel_claim(bool hovered);

// ---- probe values (--test-layout) ----------------------------------------------------

// A named value for the window tests ("value NAME VALUE" in layout.txt): the board's zoom, the
// pinned viewpoint, whether the kill chances are ready.
void probe_value(const std::string& name, const std::string& value);
const std::map<std::string, std::string>& probed_values();

// ---- labels drawn on a canvas (the clipping check covers them) ------------------------

// A label drawn straight into a draw list at `rect`, inside the canvas `canvas`: the clipping
// check reports one that leaves its canvas or covers another label of the same canvas.
void note_label(const std::string& text, ImVec4 rect, ImVec4 canvas);

// ---- the clipping check (umpire --check-clipping, tests/gui/clipping-test.sh) ----------

// After ImGui::Render(): every window, table column and text run of this frame whose content is
// cut off by its clip rectangle (wider than a window without a horizontal scrollbar, taller than
// one without a vertical scrollbar, a table cell wider than its column, a glyph across a clip
// edge). One line per problem, naming the window; empty when nothing is clipped.
std::vector<std::string> clipped_items(const ImDrawData* draw_data);

// A table whose columns need `total` pixels, with `rows` data rows under one header row: stretched
// to the width when it fits, else fixed columns scrolling sideways in a box sized to its rows
// (never clipped at 800x600 or 2x). Adds to *flags, sets *outer; returns true when it scrolls.
bool fit_or_scroll_table(float total, std::size_t rows, ImGuiTableFlags* flags, ImVec2* outer);

}  // namespace umpire::app::ui
