// Tracing terrain pieces in the table view (issue 24 item 4; docs/window.md "Tracing a piece"):
// with Trace on, left clicks over the table (and its photo under it) place the corners of an
// outline or the bends of a line; Backspace takes back the last, Enter, a double click or a click
// on the first corner finishes, Esc cancels. The piece's kind is one of the game's own (the names
// the table reader accepts: tabletop/tracing.hpp), its name a unique default ("hill 2") the
// referee may edit; a line has a width and, for the kind with a top side (GF9's escarpment), its
// top side. A finished piece joins the sketch as one undo step and the ruling follows. The last
// item of the kinds, "a base", drops a base at a click instead: its name, its size (typed; the
// rules texts give no base sizes, so it starts as the size of the table's last base), its facing
// and, for A Great Victory!, its unit type.
//
// The window-free part (kinds, closing, refusals, names, the piece) is tabletop/tracing.hpp,
// tested in tests/test_table_trace.cpp; this is its controls, mouse and keys, and drawing.
//
// Sections (trace_tool.cpp)
//   1. the controls   Trace toggle, kind, name, width, top side, the step line, the refusal
//   2. the mouse      clicks, double click, keys
//   3. drawing        the trace so far, the rubber band to the mouse
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "tabletop/sketch.hpp"
#include "tabletop/tracing.hpp"

namespace umpire::app {

class TraceTool {
public:
    // The rules of the table's system (the kinds offered); nullptr: none (tracing unavailable).
    void set_rules(const tabletop::Rules* r);
    bool on() const { return on_; }
    void set_on(bool v);
    // The Trace toggle (in the toolbar's row).
    void draw_toggle();
    // The tool's own row under the toolbar while on: kind, name, width, top, what to do next.
    void draw_controls(const tabletop::Sketch& s, float scale);
    // The canvas's left button and keys while on; `at` the mouse in table units, `snap` how near
    // (in table units) a click must be to the first corner to close. The finished piece or the
    // base dropped, when there is one.
    struct Made {
        std::optional<tabletop::Piece> piece;
        std::optional<tabletop::Base> base;
    };
    Made handle(const tabletop::Sketch& s, bool hovered, plane::Vec2 at, double snap);
    void draw(ImDrawList* dl, const std::function<ImVec2(plane::Vec2)>& screen, ImVec2 mouse, bool hovered, float scale) const;
    const tabletop::Trace& trace() const { return trace_; }

private:
    std::optional<tabletop::Piece> finish(const tabletop::Sketch& s);
    void choose(std::size_t kind, const tabletop::Sketch& s);
    void choose_base(const tabletop::Sketch& s);
    void draw_base_controls(const tabletop::Sketch& s);
    std::optional<tabletop::Base> drop_base(const tabletop::Sketch& s, plane::Vec2 at);

    const tabletop::Rules* rules_ = nullptr;
    std::vector<tabletop::TraceKind> kinds_;
    std::size_t kind_ = 0;
    bool on_ = false;
    tabletop::Trace trace_;
    std::string name_;
    bool name_edited_ = false;  // the referee typed a name: kept until the piece is made
    double width_ = 0;
    bool top_left_ = true;
    std::string message_;       // why the trace could not be finished, in words
    std::size_t pieces_seen_ = std::size_t(-1);
    bool base_mode_ = false;    // "a base" chosen: a click drops one
    tabletop::NewBase base_;    // its name, type, size and facing (`at` from the click)
    bool base_name_edited_ = false;
    std::size_t bases_seen_ = std::size_t(-1);
    std::string system_;        // the table's system: AGV bases have a type
    plane::Vec2 at_mouse_{};    // the mouse on the table (where a click drops the base)
};

}  // namespace umpire::app
