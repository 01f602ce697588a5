// The board's picture under its hexes (see underlay_layer.hpp).
//
// Sections
//   1. load: the key of what is loaded, the worker, the texture (ui/texture.hpp)
//   2. draw: one quad (affine) or a grid of them (perspective), through ui/picture_texture.hpp
#include "window/board/underlay_layer.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "window/ui/texture.hpp"
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

}  // namespace

UnderlayLayer::~UnderlayLayer() {
    release();
    // A reading still running finishes (bounded: the picture reader's limits) before the layer goes.
    if (job_ && job_->worker.joinable()) job_->worker.join();
    for (auto& j : retired_)
        if (j->worker.joinable()) j->worker.join();
}

void UnderlayLayer::release() { picture_.release(); }

// The worker: read the picture with the bounded reader, calibrate it, shrink it for the texture.
// `b` is the worker's own copy of the board.
void UnderlayLayer::read(Job& job, const board::Board& b, const std::string& path, int max_side) {
    std::optional<image::Image> img = ui::read_picture(path, &job.problem);
    if (!img) return;
    job.width = img->width, job.height = img->height;
    const calibration::Fit fit = board::underlay_fit(b, plane::Vec2{double(img->width), double(img->height)});
    if (!fit.ok) {
        job.problem = "the picture's calibration is refused: " + fit.error;
        return;
    }
    job.to_plane = fit.to_plane;
    job.affine = fit.to_pixel.affine();
    job.texture = ui::shrunk(std::move(*img), max_side);
}

void UnderlayLayer::follow(const board::Board& b, bool wait) {
    ui::join_finished(retired_);  // old readings: joined once done, never taken
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
        job_ = std::make_unique<Job>();
        Job* job = job_.get();
        job->worker = std::thread([job, copy = std::make_shared<const board::Board>(b), path = path_]() {
            read(*job, *copy, path, PictureTexture::kMaxTextureSide);  // shrunk again on upload if the GL allows less
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
    if (auto err = picture_.upload(std::move(job.texture))) problem_ = *err;  // the pixels live in the texture now
}

// =====================================================================================
// 2. draw
// =====================================================================================

void UnderlayLayer::draw(ImDrawList* dl, const Camera& cam) const {
    if (!shown()) return;
    const int cells = affine_ ? 1 : PictureTexture::kCells;
    // Picture pixel (u, v in 0..1 of its sides, of the picture as read, not the shrunk texture) ->
    // the board's world -> the screen.
    picture_.draw_mesh(dl, cells, [&](int i, int j) {
        const float u = float(i) / float(cells), v = float(j) / float(cells);
        const plane::Vec2 w = to_plane_.apply({double(width_) * u, double(height_) * v});
        return PictureTexture::MeshPoint{cam.to_screen(ImVec2(float(w.x), float(w.y))), ImVec2(u, v), true};
    }, opacity_);
}

}  // namespace umpire::app
