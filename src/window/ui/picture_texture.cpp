// A picture drawn as a texture, read off the UI thread (see picture_texture.hpp).
//
// Sections
//   1. PictureTexture   shrink, upload, draw
//   2. PictureLoader    the worker
#include "window/ui/picture_texture.hpp"

#include <algorithm>
#include <cstdint>

#include <glad/gl.h>

#include "core/diag.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

// =====================================================================================
// 1. PictureTexture
// =====================================================================================

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

PictureTexture::~PictureTexture() { release(); }

void PictureTexture::release() {
    if (texture_ && glad_glDeleteTextures) {
        const GLuint t = texture_;
        glDeleteTextures(1, &t);
    }
    texture_ = 0;
    width_ = height_ = 0;
}

std::optional<std::string> PictureTexture::upload(image::Image img) {
    release();
    if (!glad_glGenTextures) return std::string("no OpenGL to draw the picture with");
    const int w = img.width, h = img.height;
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
    width_ = w, height_ = h;
    return std::nullopt;
}

void PictureTexture::draw(ImDrawList* dl, const std::function<ImVec2(plane::Vec2)>& to_screen, float opacity, int cells) const {
    cells = std::max(1, cells);
    draw_mesh(dl, cells, [&](int i, int j) {
        const float u = float(i) / float(cells), v = float(j) / float(cells);
        return MeshPoint{to_screen({double(width_) * u, double(height_) * v}), ImVec2(u, v), true};
    }, opacity);
}

void PictureTexture::draw_mesh(ImDrawList* dl, int cells, const std::function<MeshPoint(int i, int j)>& at, float opacity) const {
    if (!texture_ || opacity <= 0.0f || cells < 1) return;
    const ImTextureID id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_));
    const ImU32 tint = ImGui::GetColorU32(ImVec4(1, 1, 1, std::min(opacity, 1.0f)));
    // Each corner mapped once.
    const std::size_t n = std::size_t(cells + 1);
    std::vector<MeshPoint> grid(n * n);
    for (int j = 0; j <= cells; ++j)
        for (int i = 0; i <= cells; ++i) grid[std::size_t(j) * n + std::size_t(i)] = at(i, j);
    const float slack = 1e-3f;
    auto usable = [&](const MeshPoint& m) {
        return m.ok && m.uv.x >= -slack && m.uv.y >= -slack && m.uv.x <= 1 + slack && m.uv.y <= 1 + slack;
    };
    for (int j = 0; j < cells; ++j)
        for (int i = 0; i < cells; ++i) {
            const MeshPoint& a = grid[std::size_t(j) * n + std::size_t(i)];
            const MeshPoint& b = grid[std::size_t(j) * n + std::size_t(i + 1)];
            const MeshPoint& c = grid[std::size_t(j + 1) * n + std::size_t(i + 1)];
            const MeshPoint& d = grid[std::size_t(j + 1) * n + std::size_t(i)];
            if (!usable(a) || !usable(b) || !usable(c) || !usable(d)) continue;
            dl->AddImageQuad(id, a.screen, b.screen, c.screen, d.screen, a.uv, b.uv, c.uv, d.uv, tint);
        }
}

// =====================================================================================
// 2. PictureLoader
// =====================================================================================

namespace {

void read_into(PictureLoader::Result& r, const std::string& shown) {
    try {
        r.image = image::read_image(r.path, shown);
    } catch (const InputError& e) {
        r.problem = e.diagnostics().empty() ? shown + ": cannot be read" : e.diagnostics().front().str();
    } catch (const std::exception& e) {
        r.problem = shown + ":1:1: " + e.what();
    }
}

}  // namespace

PictureLoader::~PictureLoader() {
    if (job_) retired_.push_back(std::move(job_));
    reap(true);
}

void PictureLoader::reap(bool all) {
    for (auto it = retired_.begin(); it != retired_.end();) {
        if (all || (*it)->done) {
            if ((*it)->worker.joinable()) (*it)->worker.join();
            it = retired_.erase(it);
        } else {
            ++it;
        }
    }
}

void PictureLoader::start(const std::filesystem::path& path, const std::string& shown) {
    if (job_) retired_.push_back(std::move(job_));
    reap(false);
    job_ = std::make_unique<Job>();
    job_->result.path = path;
    if (synchronous()) {
        read_into(job_->result, shown);
        job_->done = true;
        return;
    }
    Job* job = job_.get();
    job->worker = std::thread([job, shown]() {
        read_into(job->result, shown);
        job->done = true;
        ui::wake();
    });
}

std::optional<PictureLoader::Result> PictureLoader::poll() {
    reap(false);
    if (!job_ || !job_->done) return std::nullopt;
    if (job_->worker.joinable()) job_->worker.join();
    Result r = std::move(job_->result);
    job_.reset();
    return r;
}

}  // namespace umpire::app
