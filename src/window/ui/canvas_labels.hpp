// Where a label goes on a canvas so that it is wholly inside it and covers no other label: the
// table view's names and measurements and the Picture tool's point numbers and example marks.
//
//   std::vector<ImVec4> placed;  // this frame's labels, cleared when the canvas is drawn again
//   if (auto p = ui::label_spot(lo, hi, wanted, size, &placed)) draw at *p;
#pragma once
#include <optional>
#include <vector>

#include <imgui.h>

namespace umpire::app::ui {

// The top-left corner for a label of `size` wanted at `wanted` on the canvas [lo, hi]: moved in
// from an edge, then, when it would cover a label in `placed` (rectangles x0, y0, x1, y1), the
// first free place among a few lines up and down and a label's width either side. Nothing when the
// canvas is smaller than the label, or (`movable` false, or no place free) when it would cover
// another. A label drawn at the spot is added to `placed` (with 2 pixels either side).
std::optional<ImVec2> label_spot(ImVec2 lo, ImVec2 hi, ImVec2 wanted, ImVec2 size, std::vector<ImVec4>* placed, bool movable = true);

}  // namespace umpire::app::ui
