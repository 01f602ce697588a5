// A picture (a scan, a photo) drawn on a canvas as an OpenGL texture, and read off the UI thread
// (issue 24). Shared by the window's views: the table view's photo (window/table/photo.hpp) and
// the board's picture under its hexes (window/board/underlay_layer.hpp) are drawn with it; the
// shrinking and the upload are ui/texture.hpp's, which the Picture tool uses too.
//
// PictureTexture: the picture shrunk (box filter, a whole factor) to at most kMaxTextureSide a
// side (a view never needs more, and a 30-Mpixel scan would take 120 MB of texture), uploaded
// once, and drawn through any map from the picture's pixels to the screen. An affine map is one
// textured quad; a perspective map (a homography: a photo taken at an angle) a grid of
// kCells x kCells quads, each corner mapped exactly (ImGui interpolates a quad's texture
// linearly; over a cell of a tilted photo the error is a fraction of a screen pixel).
//
// PictureLoader: reads and decodes a picture file with the bounded picture reader (core/image.hpp)
// on a worker thread, and wakes the window (ui::wake) when done; the UI thread takes the result
// with poll() and uploads it. A new start() leaves an older read to finish unseen.
//
// Sections
//   PictureTexture   upload, release, draw
//   PictureLoader    start, poll, busy
#pragma once
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "core/image.hpp"
#include "geometry/plane.hpp"

namespace umpire::app {

// ---- PictureTexture ----------------------------------------------------------------

class PictureTexture {
public:
    static constexpr int kCells = 16;             // a perspective picture's grid of quads, each way
    static constexpr int kMaxTextureSide = 4096;  // the texture's longest side, in pixels

    PictureTexture() = default;
    ~PictureTexture();
    PictureTexture(const PictureTexture&) = delete;
    PictureTexture& operator=(const PictureTexture&) = delete;

    // Uploads the picture (shrunk to fit the texture limits), replacing any earlier one. Returns
    // the problem ("no OpenGL to draw the picture with": a test without a window), or nothing.
    std::optional<std::string> upload(image::Image img);
    void release();
    bool ready() const { return texture_ != 0; }
    int width() const { return width_; }    // the picture's pixels (before shrinking)
    int height() const { return height_; }

    // Draws the picture at `opacity` (0..1), each of its pixels p (x right, y down from its
    // top-left corner) at to_screen(p); `cells` quads each way (1 for an affine map).
    void draw(ImDrawList* dl, const std::function<ImVec2(plane::Vec2)>& to_screen, float opacity, int cells) const;

    // A corner of a mesh: where it is on the screen, and which point of the picture it shows (uv:
    // 0..1 of its sides); `ok` false where the map has no sane value (beyond a photo's horizon).
    struct MeshPoint {
        ImVec2 screen;
        ImVec2 uv;
        bool ok = true;
    };
    // Draws a grid of cells x cells quads whose corner (i, j), 0..cells each way, is at(i, j): a
    // quad is drawn when its four corners are ok and on the picture (so a mesh laid over a region
    // of a table shows the photo only where the photo has it).
    void draw_mesh(ImDrawList* dl, int cells, const std::function<MeshPoint(int i, int j)>& at, float opacity) const;

private:
    unsigned texture_ = 0;  // the OpenGL texture (0: none)
    int width_ = 0, height_ = 0;
};

// ---- PictureLoader -----------------------------------------------------------------

class PictureLoader {
public:
    struct Result {
        std::filesystem::path path;
        std::optional<image::Image> image;  // nothing when it could not be read
        std::string problem;                // why, in words (FILE:1:1: ... from the reader)
    };
    PictureLoader() = default;
    ~PictureLoader();
    PictureLoader(const PictureLoader&) = delete;
    PictureLoader& operator=(const PictureLoader&) = delete;

    // Starts reading `path` (named `shown` in messages) on a worker thread.
    void start(const std::filesystem::path& path, const std::string& shown);
    // The latest read's result, once, when it is done; nothing while it runs (or none started).
    std::optional<Result> poll();
    bool busy() const { return job_ && !job_->done; }
    // Read on the calling thread instead (a screenshot renders a single frame).
    static bool& synchronous() {
        static bool s = false;
        return s;
    }

private:
    struct Job {
        std::atomic<bool> done{false};
        Result result;
        std::thread worker;
    };
    void reap(bool all);  // joins retired reads that are done (all: every one)
    std::unique_ptr<Job> job_;
    std::vector<std::unique_ptr<Job>> retired_;  // superseded reads, left to finish
};

}  // namespace umpire::app
