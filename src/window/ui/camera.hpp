// The view onto a board or a table sketch: pan and zoom, shared by the hex board view and the
// table view so both move the same way under the mouse (docs/window.md, "Board and table views").
//
// World coordinates are the drawing's own (hex-size units for a board, inches or centimetres for a
// table); screen coordinates are ImGui's pixels. y grows downwards in both.
//
// Sections
//   Camera        world <-> screen, fit a rectangle, zoom about a point, keep the drawing in view
//   handle_input  wheel zooms about the mouse, a drag with the chosen button pans
#pragma once
#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "window/ui/widgets.hpp"

namespace umpire::app {

// ---- Camera -----------------------------------------------------------------------

struct Camera {
    ImVec2 origin{0, 0};  // the screen position of world (0, 0)
    float zoom = 1.0f;    // pixels per world unit
    float min_zoom = 0.05f, max_zoom = 400.0f;
    bool fitted = false;  // set by fit(); a view fits itself once, then keeps the referee's pan

    ImVec2 to_screen(ImVec2 w) const { return {origin.x + w.x * zoom, origin.y + w.y * zoom}; }
    ImVec2 to_world(ImVec2 s) const { return {(s.x - origin.x) / zoom, (s.y - origin.y) / zoom}; }

    // Shows the world rectangle [lo, hi] centred in the screen rectangle [rect_lo, rect_hi].
    void fit(ImVec2 lo, ImVec2 hi, ImVec2 rect_lo, ImVec2 rect_hi, float margin_px = 8.0f) {
        const float ww = std::max(hi.x - lo.x, 1e-6f), wh = std::max(hi.y - lo.y, 1e-6f);
        const float sw = std::max(rect_hi.x - rect_lo.x - 2 * margin_px, 1.0f);
        const float sh = std::max(rect_hi.y - rect_lo.y - 2 * margin_px, 1.0f);
        zoom = std::clamp(std::min(sw / ww, sh / wh), min_zoom, max_zoom);
        const ImVec2 mid{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2};
        const ImVec2 centre{(rect_lo.x + rect_hi.x) / 2, (rect_lo.y + rect_hi.y) / 2};
        origin = {centre.x - mid.x * zoom, centre.y - mid.y * zoom};
        fitted = true;
    }

    // Keeps part of the world rectangle [lo, hi] on the screen rectangle [rect_lo, rect_hi]: at least
    // `keep` pixels of it each way (all of it when it is smaller), so no pan or zoom into empty space
    // leaves a blank view (docs/window.md "Moving about").
    void keep_in_view(ImVec2 lo, ImVec2 hi, ImVec2 rect_lo, ImVec2 rect_hi, float keep) {
        const ImVec2 a = to_screen(lo), b = to_screen(hi);
        const float kx = std::min({keep, b.x - a.x, rect_hi.x - rect_lo.x}), ky = std::min({keep, b.y - a.y, rect_hi.y - rect_lo.y});
        if (b.x < rect_lo.x + kx) origin.x += rect_lo.x + kx - b.x;
        else if (a.x > rect_hi.x - kx) origin.x -= a.x - (rect_hi.x - kx);
        if (b.y < rect_lo.y + ky) origin.y += rect_lo.y + ky - b.y;
        else if (a.y > rect_hi.y - ky) origin.y -= a.y - (rect_hi.y - ky);
    }

    // Multiplies the zoom by `factor`, keeping the world point under screen point `at` still.
    void zoom_about(ImVec2 at, float factor) {
        const ImVec2 w = to_world(at);
        zoom = std::clamp(zoom * factor, min_zoom, max_zoom);
        origin = {at.x - w.x * zoom, at.y - w.y * zoom};
    }
};

// ---- handle_input -----------------------------------------------------------------

// Call right after the ImGui item covering the view: an InvisibleButton made with
// ImGuiButtonFlags_MouseButtonLeft | _MouseButtonRight | _MouseButtonMiddle, so any of those
// buttons makes it active. The wheel zooms about the mouse when this item owns the wheel gesture
// (ui::wheel_claim: the gesture began over it, or Ctrl is held); dragging with `pan_button` pans.
// Returns true when the camera moved (the caller need not redraw anything else: ImGui redraws the
// frame anyway).
inline bool handle_input(Camera& cam, ImGuiMouseButton pan_button = ImGuiMouseButton_Right) {
    const ImGuiIO& io = ImGui::GetIO();
    bool moved = false;
    if (ui::wheel_claim(ImGui::IsItemHovered())) {
        cam.zoom_about(io.MousePos, std::pow(1.15f, io.MouseWheel));
        moved = true;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(pan_button, 0.0f)) {
        cam.origin.x += io.MouseDelta.x;
        cam.origin.y += io.MouseDelta.y;
        moved = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;
    }
    return moved;
}

}  // namespace umpire::app
