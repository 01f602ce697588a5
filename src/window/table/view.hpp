// The table view (docs/window.md, "Table view"): a GF9 TANKS or A Great Victory! situation that
// names a table sketch (`table = "FILE"`, docs/tables.md) is shown as the table itself. Pan
// (right or middle drag), zoom about the mouse (wheel), fit; a grid in the table's unit; terrain
// pieces as outlines with a pattern and their name; bases with their facing; left drag moves a
// piece or a base (the ruling follows on every change, before anything is saved); a measuring
// tape (the Tape toggle, or Shift + left drag); the sight lines and the move path drawn with what
// they cross lit from the ruling's TableView (tabletop/view.hpp); hover shows each item's
// sentences; Save table writes the file atomically; Undo takes back the last change. A photo of
// the table under the sketch, lined up by four clicked corners (Photo…: table/photo.hpp), and
// pieces traced over it (Trace: table/trace_tool.hpp).
//
// It draws only what the ruling's view says: it never calls a rule (the table's geometry is used
// to draw and to pick what is under the mouse).
//
// Sections (table_view.cpp)
//   loading and saving   the table file named by the situation, write_table + atomic_write
//   the toolbar          Fit, Tape, Undo, Save table, the mouse help line
//   the canvas           grid, pieces, bases, sight lines, path, tape, marks
//   the mouse            picking, dragging, measuring, hovering
//   the crossings list   what each line crosses, in words (the side panel's)
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "window/ui/camera.hpp"
#include "window/ui/map_area.hpp"
#include "window/panels/panel.hpp"
#include "window/table/photo.hpp"
#include "window/table/trace_tool.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"

namespace umpire::app {

class TableView {
public:
    // Reads the table file the situation's `table` key names (relative to `dir`, the situation
    // file's folder). Does nothing when that file was already loaded (drags are kept); `force`
    // reads it again. Problems are kept in errors() (the FILE:LINE:COL lines).
    void load(const Engine& e, const toml::table& situation, const std::filesystem::path& dir, bool force = false);
    bool loaded() const { return table_.has_value(); }
    const tabletop::Sketch* table() const { return table_ ? &*table_ : nullptr; }
    const std::vector<std::string>& errors() const { return errors_; }
    const std::filesystem::path& path() const { return path_; }
    bool modified() const { return modified_; }
    int revision() const { return revision_; }  // grows with every change to the table

    // Draws the toolbar and the canvas filling the board-first layout's map area (or the table
    // file's problems). `view` is the current ruling's table view (nullptr when the situation cannot
    // be ruled). Returns true when the table changed this frame.
    bool draw(PanelContext& ctx, const tabletop::TableView* view, MapArea& area);
    // For the side panel: what each line crosses, in words, with its measurement.
    void draw_crossings(const tabletop::TableView* view);

    // Writes the table file atomically; the problem, or nothing when it was written.
    std::optional<std::string> save();
    bool undo();  // takes back the last change; false when there is none

    // A traced piece joins the table (one undo step); the [photo] set (Calibrate's Done, the
    // opacity slider), also one undo step.
    void add_piece(tabletop::Piece p);
    void add_base(tabletop::Base b);  // a base dropped with Trace's "a base" (one undo step)
    void set_photo(tabletop::Photo p);
    const TablePhoto& photo() const { return photo_; }

    // For tests: moves a base's centre (table units), as a drag does.
    bool move_base(const std::string& name, plane::Vec2 at);

    // What would otherwise be lost, as the table file's text for the App to keep as
    // STATE/recovered-*.toml (as a panel's unsaved paint is): changes not saved to a table the
    // situation stopped naming (load), and with `closing` (the window closing, or the view going)
    // the changes not saved now.
    std::vector<Panel::SetAside> take_set_aside(bool closing, const std::string& when = "when the window closed");

private:
    struct Pick {
        tabletop::ItemRef item;
        bool found = false;
    };
    struct Marks {
        std::vector<std::optional<tabletop::Mark>> pieces, bases;  // by index into the table
    };
    void draw_toolbar(PanelContext& ctx, MapArea& area);
    bool draw_canvas(PanelContext& ctx, const tabletop::TableView* view, ImVec2 size);
    void handle_left_mouse(bool hovered, bool active, const Pick& under);
    void draw_grid(ImDrawList* dl, float s, bool numbers) const;
    Marks marks_of(const tabletop::TableView* view) const;
    void draw_pieces(ImDrawList* dl, float s, const Pick& under) const;
    void draw_ruling_lines(ImDrawList* dl, float s, const tabletop::TableView* view, const Marks& m) const;
    void draw_bases(ImDrawList* dl, float s, const tabletop::TableView* view, const Pick& under, const Marks& m) const;
    void draw_names(ImDrawList* dl, float s, const Marks& m) const;
    void draw_tape(ImDrawList* dl, float s) const;
    Pick pick(ImVec2 mouse) const;
    void drag_by(const Pick& p, plane::Vec2 by);
    std::string hover_text(const Pick& p, const tabletop::TableView* view) const;
    ImVec2 screen(plane::Vec2 p) const;  // table units (y north) to screen pixels
    plane::Vec2 table_at(ImVec2 s) const;
    void remember();  // an undo step

    Panel::SetAside unsaved(const std::string& when) const;  // the table as it is, to keep aside

    std::optional<tabletop::Sketch> table_;
    std::vector<tabletop::Sketch> undo_;
    std::vector<Panel::SetAside> set_aside_;  // tables dropped with changes not saved (take_set_aside)
    std::vector<std::string> errors_;
    std::filesystem::path path_;
    std::string key_;  // the `table` value and folder last loaded
    bool modified_ = false;
    int revision_ = 0;
    std::string status_;

    Camera cam_;
    bool panned_ = false;  // the referee has panned or zoomed: keep the view when the canvas resizes
    ImVec2 canvas_lo_{0, 0}, canvas_hi_{0, 0};
    mutable std::vector<ImVec4> placed_;  // this frame's labels (none may cover another)
    bool tape_mode_ = false;
    bool measuring_ = false;
    std::optional<plane::Vec2> tape_a_, tape_b_;
    Pick dragging_;
    plane::Vec2 drag_last_{};
    TablePhoto photo_;  // the photo under the sketch, and its calibration step
    TraceTool trace_;   // the Trace tool
};

}  // namespace umpire::app
