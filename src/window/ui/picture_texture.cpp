// A picture drawn as a texture, read off the UI thread (see picture_texture.hpp).
//
// Sections
//   1. PictureTexture   upload (ui/texture.hpp), draw
//   2. PictureLoader    the worker
#include "window/ui/picture_texture.hpp"

#include <algorithm>
#include <cstdint>

#include "core/diag.hpp"
#include "window/ui/texture.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

// =====================================================================================
// 1. PictureTexture
// =====================================================================================

PictureTexture::~PictureTexture() { release(); }

void PictureTexture::release() {
    ui::delete_texture(texture_);
    texture_ = 0;
    width_ = height_ = 0;
}

std::optional<std::string> PictureTexture::upload(image::Image img) {
    release();
    std::string problem;
    const unsigned t = ui::upload_texture(img, kMaxTextureSide, &problem);  // ui/texture.hpp: shared with the board's picture
    if (!t) return problem.empty() ? std::string("the picture could not be uploaded") : problem;
    texture_ = t;
    width_ = img.width, height_ = img.height;
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
    const ImTextureID id = ui::texture_id(texture_);
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
    r.image = ui::read_picture(r.path.string(), &r.problem, shown);  // never throws: safe on the worker
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
