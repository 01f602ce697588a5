// The map area's picture items (see map_area.hpp).
#include "window/ui/map_area.hpp"

#include "window/ui/widgets.hpp"

namespace umpire::app {

void picture_menu_items(MapArea& area) {
    if (ImGui::MenuItem("Save picture\xe2\x80\xa6", "Ctrl+Shift+P", false, area.picture_available)) area.picture_asked = MapArea::Picture::save;
    ui::tip("Writes a PNG of the ruling: the map with the line and the units, the verdict and the deciding reasons.");
    ui::probe("map_save_picture");
    if (ImGui::MenuItem("Copy picture", nullptr, false, area.picture_available)) area.picture_asked = MapArea::Picture::copy;
    ui::tip("Puts that PNG on the clipboard, to paste into a forum post or a chat (needs xclip or wl-copy).");
    ui::probe("map_copy_picture");
}

}  // namespace umpire::app
