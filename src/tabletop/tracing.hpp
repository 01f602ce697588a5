// Tracing a terrain piece over a table's photo (docs/tables.md "A photo of the table"; the
// window's table view, docs/window.md "Tracing a piece"): the referee clicks the corners of an
// outline (hills, woods, buildings...) or the bends of a line (rivers, roads, escarpments...), in
// table units (the photo is drawn under the table through its calibration, tabletop/photo.hpp),
// and the trace becomes a piece of the sketch.
//
// The kinds offered are exactly those the system's table reader accepts (Rules::areas and
// Rules::lines in rules-data/*.toml [table]), so a traced piece always reads back. A trace is
// refused in words when load_sketch would refuse the piece (too few corners, an outline that
// crosses itself, a point off the table, more points than the rules data allow).
//
// Sections
//   kinds      the piece kinds of a system's table, areas and lines
//   Trace      the vertices clicked: add (a click on the first corner closes an outline), take back
//   finishing  the trace's problem in words, a unique default name, the piece itself
//   bases      a base dropped at a click: its size typed (the rules texts give no base sizes; the
//              window offers the size of a base already on the table), refused in words as the
//              table reader would refuse it
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "geometry/plane.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::tabletop {

// ---- kinds -------------------------------------------------------------------------

struct TraceKind {
    std::string name;   // the rules data's word ("hill", "escarpment")
    bool line = false;  // traced as a line (not closed)
};
// The areas, then the lines, in the rules data's order.
std::vector<TraceKind> trace_kinds(const Rules& r);

// ---- Trace -------------------------------------------------------------------------

struct Trace {
    TraceKind kind;
    std::vector<plane::Vec2> points;
    bool closed = false;  // an outline whose last click was on its first corner
    // Adds a vertex. An outline with 3 or more corners is closed instead by a click within `snap`
    // of its first corner (true is returned); a click within `snap` of the last vertex is a
    // double click's second press and adds nothing.
    bool add(plane::Vec2 p, double snap);
    void take_back();  // the last vertex (Backspace); reopens a closed outline
};

// ---- finishing ---------------------------------------------------------------------

// Why the trace cannot become a piece of `s`, in words; nothing when it can.
std::optional<std::string> trace_problem(const Trace& t, const Sketch& s, const Rules& r);
// "KIND N": the first N from the number of `kind` pieces + 1 upwards that names no piece yet (the
// table reader's own default names count the same way).
std::string unique_piece_name(const Sketch& s, const std::string& kind);
// Why `name` cannot name a new piece of `s` (empty, or another piece's); nothing when it can.
std::optional<std::string> piece_name_problem(const Sketch& s, const std::string& name);
// The piece (call only when trace_problem says nothing): an outline as `points`, a line as `line`
// with `width` (0: a thin line) and, for the kind with a top side, the top on the `top_left` side;
// a hill piece is its own hill.
Piece traced_piece(const Trace& t, const std::string& name, const Rules& r, double width = 0, bool top_left = true);

// ---- bases -------------------------------------------------------------------------

struct NewBase {
    std::string name, type;       // type: AGV's (base_types()); "" for GF9
    plane::Vec2 at;               // its centre, in the table's unit
    double width = 0, depth = 0;  // its size across its front and front to back
    double facing = 0;            // degrees clockwise from the table's far edge (north)
};
// "STEM N": the first N from 1 that names no base yet ("base 1").
std::string unique_base_name(const Sketch& s, const std::string& stem);
// Why `b` cannot join `s` (a name empty or another base's, a size that is not more than 0 or does
// not fit on the table, a centre off the table, an AGV base without a known type, a GF9 base with
// one, more bases than the rules data allow); nothing when it can.
std::optional<std::string> new_base_problem(const NewBase& b, const Sketch& s, const Rules& r);
// The base (call only when new_base_problem says nothing): its outline built as the reader builds it.
Base new_base(const NewBase& b);

}  // namespace umpire::tabletop
