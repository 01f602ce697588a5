// The board's picture under its hexes (see underlay_layer.hpp).
//
// Sections
//   1. load: the key of what is loaded, the texture (ui/texture.hpp)
//   2. draw: one quad (affine) or a grid of them (perspective)
#include "window/board/underlay_layer.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "window/ui/texture.hpp"
#include "board/underlay.hpp"
#include "core/diag.hpp"
#include "core/image.hpp"

namespace umpire::app {

// =====================================================================================
// 1. load
// =====================================================================================

namespace {

// Everything the picture's placement depends on, as text: a change to any reloads it.
std::string key_of(const board::Board& b) {
    if (!b.underlay) return "";
    std::string k = b.file + "\n" + b.underlay->image + "\n" + b.underlay->model + "\n";
    for (const board::UnderlayPoint& p : b.underlay->points)
        k += b.name(p.hex) + "=" + std::to_string(p.x) + "," + std::to_string(p.y) + ";";
    return k;
}

}  // namespace

UnderlayLayer::~UnderlayLayer() { release(); }

void UnderlayLayer::release() {
    ui::delete_texture(texture_);
    texture_ = 0;
}

void UnderlayLayer::follow(const board::Board& b) {
    const std::string key = key_of(b);
    if (key == key_) return;
    key_ = key;
    release();
    problem_.clear();
    path_.clear();
    width_ = height_ = 0;
    has_underlay_ = b.underlay.has_value();
    if (!has_underlay_) return;
    opacity_ = float(std::clamp(b.underlay->opacity, 0.0, 1.0));
    path_ = board::underlay_path(b, b.file).string();
    image::Image img;
    try {
        img = image::read_image(path_, path_);
    } catch (const InputError& e) {
        problem_ = e.diagnostics().empty() ? path_ + ": cannot be read" : e.diagnostics().front().str();
        return;
    }
    width_ = img.width, height_ = img.height;
    const calibration::Fit fit = board::underlay_fit(b, plane::Vec2{double(img.width), double(img.height)});
    if (!fit.ok) {
        problem_ = "the picture's calibration is refused: " + fit.error;
        return;
    }
    to_plane_ = fit.to_plane;
    affine_ = fit.to_pixel.affine();
    texture_ = ui::upload_texture(img, kMaxTextureSide, &problem_);
}

// =====================================================================================
// 2. draw
// =====================================================================================

void UnderlayLayer::draw(ImDrawList* dl, const Camera& cam) const {
    if (!shown()) return;
    const ImTextureID id = ui::texture_id(texture_);
    const ImU32 tint = ImGui::GetColorU32(ImVec4(1, 1, 1, opacity_));
    const int cells = affine_ ? 1 : kCells;
    // Picture pixel (u, v in 0..1 of its sides) -> the board's world -> the screen.
    auto at = [&](int i, int j) {
        const plane::Vec2 w = to_plane_.apply({double(width_) * i / cells, double(height_) * j / cells});
        return cam.to_screen(ImVec2(float(w.x), float(w.y)));
    };
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const float u0 = float(i) / float(cells), u1 = float(i + 1) / float(cells);
            const float v0 = float(j) / float(cells), v1 = float(j + 1) / float(cells);
            dl->AddImageQuad(id, at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1), {u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}, tint);
        }
}

}  // namespace umpire::app
