// A picture of a ruling on a table sketch (docs/tables.md, docs/window.md "A picture of the
// ruling"): the part of the table the question is about, with a grid in the table's unit, every
// terrain piece in its colour AND its pattern with its name, the bases with their front edge and
// facing and their names (the question's own lit), the sight lines and the move path the ruling
// measured, what they cross lit in its mark's colour with its sign and word, and around it the
// words (core/picture.hpp). The window's "Save picture…" and `umpire-cli rule --png` draw it.
//
// It draws the ruling's TableView (Ruling::view) as it is: it never measures anything itself.
//
// Sections
//   draw_table   the picture, and where a table point landed in it (for tests)
#pragma once
#include "core/canvas.hpp"
#include "core/picture.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"

namespace umpire::tabletop {

struct TablePicture {
    canvas::Canvas canvas;
    float scale = 1;                  // pixels per table unit
    plane::Vec2 top_left;             // the table point at the map's top-left corner
    float map_top = 0, map_bottom = 0;
    canvas::Pt at(plane::Vec2 p) const;  // a table point (y north), in pixels
};

// The picture of `view` (the ruling's TableView) on `t`. The picture adds what decided (from the
// crossings, when the caption has none) and the legend. Throws canvas::PictureError.
TablePicture draw_table(const Sketch& t, const TableView& view, picture::Caption caption);

}  // namespace umpire::tabletop
