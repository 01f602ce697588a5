// The board's picture under its hexes (see underlay_layer.hpp).
//
// Sections
//   1. load: the key of what is loaded, the picture shrunk, the worker, the texture
//   2. draw: one quad (affine) or a grid of them (perspective)
#include "window/board/underlay_layer.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <vector>

#include <glad/gl.h>

#include "window/ui/widgets.hpp"
#include "board/underlay.hpp"
#include "core/diag.hpp"
#include "core/image.hpp"

namespace umpire::app {

// =====================================================================================
// 1. load
// =====================================================================================

namespace {

// Everything the picture's placement depends on, as text: a change to any reloads it. The
// picture by its absolute path: a board saved as another file (its image path rewritten for the
// new folder, board_edit.hpp save_board_as) names the same picture and keeps it.
std::string key_of(const board::Board& b) {
    if (!b.underlay) return "";
    std::error_code ec;
    const std::filesystem::path picture = std::filesystem::absolute(board::underlay_path(b, b.file), ec).lexically_normal();
    std::string k = picture.string() + "\n" + b.underlay->model + "\n";
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

UnderlayLayer::~UnderlayLayer() {
    release();
    // A reading still running finishes (bounded: the picture reader's limits) before the layer goes.
    if (job_ && job_->worker.joinable()) job_->worker.join();
    for (auto& j : retired_)
        if (j->worker.joinable()) j->worker.join();
}

void UnderlayLayer::release() {
    if (texture_ && glad_glDeleteTextures) {
        const GLuint t = texture_;
        glDeleteTextures(1, &t);
    }
    texture_ = 0;
}

// The worker: read the picture with the bounded reader, calibrate it, shrink it for the texture.
// `b` is the worker's own copy of the board.
void UnderlayLayer::read(Job& job, const board::Board& b, const std::string& path, int max_side) {
    image::Image img;
    try {
        img = image::read_image(path, path);
    } catch (const InputError& e) {
        job.problem = e.diagnostics().empty() ? path + ": cannot be read" : e.diagnostics().front().str();
        return;
    } catch (const std::exception& e) {  // out of memory for the pixels: said, never thrown across the thread
        job.problem = path + ": cannot be read (" + e.what() + ")";
        return;
    }
    job.width = img.width, job.height = img.height;
    const calibration::Fit fit = board::underlay_fit(b, plane::Vec2{double(img.width), double(img.height)});
    if (!fit.ok) {
        job.problem = "the picture's calibration is refused: " + fit.error;
        return;
    }
    job.to_plane = fit.to_plane;
    job.affine = fit.to_pixel.affine();
    job.texture = shrunk(std::move(img), max_side);
}

void UnderlayLayer::follow(const board::Board& b, bool wait) {
    for (auto it = retired_.begin(); it != retired_.end();) {  // old readings: joined once done, never taken
        if ((*it)->done) {
            (*it)->worker.join();
            it = retired_.erase(it);
        } else {
            ++it;
        }
    }
    const std::string key = key_of(b);
    if (key != key_) {
        key_ = key;
        release();
        problem_.clear();
        path_.clear();
        width_ = height_ = 0;
        if (job_) retired_.push_back(std::move(job_));  // the old picture is not this board's
        has_underlay_ = b.underlay.has_value();
        if (!has_underlay_) return;
        opacity_ = float(std::clamp(b.underlay->opacity, 0.0, 1.0));
        path_ = board::underlay_path(b, b.file).string();
        GLint max_side = kMaxTextureSide;
        if (glad_glGetIntegerv) glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);  // on this thread: the context is here
        const int side = std::min(kMaxTextureSide, std::max(64, int(max_side)));
        job_ = std::make_unique<Job>();
        Job* job = job_.get();
        job->worker = std::thread([job, copy = std::make_shared<const board::Board>(b), path = path_, side]() {
            read(*job, *copy, path, side);
            job->done = true;
            ui::wake();  // the next frame uploads it, with no input needed
        });
        if (wait) job->worker.join();
    }
    if (job_ && job_->done) {
        if (job_->worker.joinable()) job_->worker.join();
        take(*job_);
        job_.reset();
    }
}

void UnderlayLayer::take(Job& job) {
    width_ = job.width, height_ = job.height;
    if (!job.problem.empty()) {
        problem_ = job.problem;
        return;
    }
    to_plane_ = job.to_plane;
    affine_ = job.affine;
    if (!glad_glGenTextures) {  // no OpenGL context (a test without a window)
        problem_ = "no OpenGL to draw the picture with";
        return;
    }
    const image::Image& tex = job.texture;
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
    job.texture = {};  // the pixels live in the texture now
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
