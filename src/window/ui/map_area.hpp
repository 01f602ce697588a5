// The map area of the board-first layout (docs/window.md "The map"): the App gives it to a
// panel's Panel::draw_map() (or to the table view); the board or table view fills it with its
// toolbar and its canvas, and says back what the toolbar asked of the window.
#pragma once
#include <imgui.h>

namespace umpire::app {

struct MapArea {
    ImVec2 size{0, 0};             // the area to fill: the toolbar, then the canvas under it
    bool map_only = false;         // the map has the whole window (F11, the toolbar's Map only)
    // Filled by the view for the App:
    bool toggle_map_only = false;  // Map only / Back pressed
    // The picture of the ruling (Save picture… / Copy picture in the Board menu). Offered once the
    // window can make one (picture_available); pressed: picture_asked.
    enum class Picture { none, save, copy };
    bool picture_available = false;
    Picture picture_asked = Picture::none;
};

}  // namespace umpire::app
