// The board's picture under its hexes (issue 24; docs/maps.md "Checking the suggestions"): the
// scan or photo a board's [underlay] names (board/underlay.hpp), decoded once with the bounded
// picture reader (core/image.hpp), uploaded as an OpenGL texture and drawn where the board's
// calibration puts it (board::underlay_fit: hex centres of the board view's world = the
// calibration's plane, geometry/hex_layout.hpp).
//
// An affine calibration (a scan) maps the picture's rectangle to a parallelogram: one textured
// quad. A perspective one (a photo) is drawn as a grid of kCells x kCells quads, each corner
// mapped exactly, so the picture bends with the homography (ImGui interpolates a quad's texture
// linearly; over a cell of a mildly tilted photo the error is well under a pixel of the screen).
// The texture is the picture shrunk (box filter) to at most PictureTexture::kMaxTextureSide a side:
// the board view never needs more, and a 30-Mpixel scan would take 120 MB of texture. The texture
// and its drawing are ui/picture_texture.hpp's, as for the table view's photo.
//
// The picture is read, calibrated and shrunk on a worker thread (a 30-Mpixel JPEG takes most of a
// second): follow() starts it and returns at once, reading() is true meanwhile (the side panel
// says "Reading the picture…"), the worker wakes the window when it is done (ui::wake) and the
// next follow() uploads the texture on the UI thread. A board closed or changed meanwhile never
// gets the old picture: a job is only taken for the key it was started for.
//
// Sections
//   UnderlayLayer   follow() (load when the board's picture or points changed), draw(), opacity,
//                   reading(), what went wrong in words (problem())
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "window/ui/camera.hpp"
#include "window/ui/picture_texture.hpp"
#include "board/board.hpp"
#include "core/image.hpp"
#include "geometry/calibration.hpp"

namespace umpire::app {

class UnderlayLayer {
public:
    UnderlayLayer() = default;
    ~UnderlayLayer();
    UnderlayLayer(const UnderlayLayer&) = delete;
    UnderlayLayer& operator=(const UnderlayLayer&) = delete;

    // Reads, calibrates and uploads the picture of `b`'s [underlay] (its path relative to the
    // board's file, b.file) when the picture or its points changed since the last call; drops it
    // when the board has none. The reading runs on a worker; `wait`: wait for it here (a
    // screenshot renders one frame). Problems (the file unreadable, the calibration refused, no
    // OpenGL) go to problem(), never an exception: the board is drawn without it.
    void follow(const board::Board& b, bool wait = false);
    bool reading() const { return job_ != nullptr; }  // the worker has not finished yet
    // Draws the picture under the hexes at opacity() (nothing when there is none or it is hidden).
    void draw(ImDrawList* dl, const Camera& cam) const;

    bool has_underlay() const { return has_underlay_; }  // the board names a picture
    bool shown() const { return picture_.ready() && opacity_ > 0.0f; }
    const std::string& problem() const { return problem_; }
    const std::string& path() const { return path_; }  // the picture's file, as found
    int width() const { return width_; }
    int height() const { return height_; }
    // The picture's opacity, 0..1: from the file's `opacity`, then the Board menu's slider.
    float opacity() const { return opacity_; }
    void set_opacity(float o) { opacity_ = o < 0 ? 0 : o > 1 ? 1 : o; }

private:
    // One reading of the picture, on its own thread; `out` is the worker's until `done`.
    struct Job {
        std::atomic<bool> done{false};
        image::Image texture;  // the picture shrunk to the texture's size
        int width = 0, height = 0;
        calibration::Projective to_plane;
        bool affine = true;
        std::string problem;
        std::thread worker;
    };
    static void read(Job& job, const board::Board& b, const std::string& path, int max_side);
    void take(Job& job);  // the finished job's picture uploaded (UI thread)
    void release();
    std::unique_ptr<Job> job_;                   // reading for key_ now
    std::vector<std::unique_ptr<Job>> retired_;  // started for an older key: joined when done, never taken
    std::string key_;               // what the picture was loaded for: the picture's file, points
    bool has_underlay_ = false;
    PictureTexture picture_;        // the texture (none until a reading is taken)
    int width_ = 0, height_ = 0;    // the picture's pixels (before shrinking)
    calibration::Projective to_plane_;
    bool affine_ = true;
    float opacity_ = 0.5f;
    std::string problem_, path_;
};

}  // namespace umpire::app
