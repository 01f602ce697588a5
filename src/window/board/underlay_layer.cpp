// The board's picture under its hexes (see underlay_layer.hpp).
//
// Sections
//   1. load: the key of what is loaded, the picture shrunk, the texture
//   2. draw: one quad (affine) or a grid of them (perspective)
#include "window/board/underlay_layer.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <glad/gl.h>

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

// The picture shrunk by a whole factor (each texel the mean of a factor x factor block) so that
// neither side exceeds `max_side`; the picture itself when it already fits.
image::Image shrunk(image::Image img, int max_side) {
    const int factor = std::max((img.width + max_side - 1) / max_side, (img.height + max_side - 1) / max_side);
    if (factor <= 1) return img;
    image::Image out = image::blank(std::max(1, img.width / factor), std::max(1, img.height / factor), img.channels);
    const int n = img.channels;
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            unsigned sum[4] = {0, 0, 0, 0};
            for (int dy = 0; dy < factor; ++dy)
                for (int dx = 0; dx < factor; ++dx) {
                    const std::uint8_t* p = img.at(x * factor + dx, y * factor + dy);
                    for (int c = 0; c < n; ++c) sum[c] += p[c];
                }
            std::uint8_t* q = out.at(x, y);
            for (int c = 0; c < n; ++c) q[c] = std::uint8_t(sum[c] / unsigned(factor * factor));
        }
    return out;
}

}  // namespace

UnderlayLayer::~UnderlayLayer() { release(); }

void UnderlayLayer::release() {
    if (texture_ && glad_glDeleteTextures) {
        const GLuint t = texture_;
        glDeleteTextures(1, &t);
    }
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
    if (!glad_glGenTextures) {  // no OpenGL context (a test without a window)
        problem_ = "no OpenGL to draw the picture with";
        return;
    }
    GLint max_side = kMaxTextureSide;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
    const image::Image tex = shrunk(std::move(img), std::min(kMaxTextureSide, std::max(64, int(max_side))));
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    const bool rgba = tex.channels == 4;
    glTexImage2D(GL_TEXTURE_2D, 0, rgba ? GL_RGBA8 : GL_RGB8, tex.width, tex.height, 0, rgba ? GL_RGBA : GL_RGB, GL_UNSIGNED_BYTE,
                 tex.pixels.data());
    texture_ = t;
}

// =====================================================================================
// 2. draw
// =====================================================================================

void UnderlayLayer::draw(ImDrawList* dl, const Camera& cam) const {
    if (!shown()) return;
    const ImTextureID id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_));
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
