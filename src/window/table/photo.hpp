// The table's photo in the table view (issue 24 item 4; docs/window.md "A photo of the table";
// docs/tables.md "A photo of the table"): the picture the sketch's [photo] names, drawn under the
// sketch through its calibration so the table's rectangle is a rectangle, at an opacity; and the
// calibration step, in the photo's own pixels: click four corners of a rectangle of known size
// (the table, or a mat) in order near-left, near-right, far-right, far-left, type its size and
// where it lies on the table, see the table's grid follow the clicks, Done.
//
// The picture is read off the UI thread (ui/picture_texture.hpp's PictureLoader: the bounded
// picture reader, a worker, the window woken when done) and drawn with ui/picture_texture.hpp's
// PictureTexture. Every problem (an unreadable file, a calibration refused) is said in words, in
// red or grey, never in amber (amber means a referee's call only).
//
// Sections (photo.cpp)
//   1. following the sketch   read the picture when its file changes, refit when its points do
//   2. drawing under          the photo warped onto the table
//   3. the Photo… popup       choose a file, calibrate, opacity
//   4. the calibration step   corners, size, origin, the grid over the photo, Done / Cancel
#pragma once
#include <array>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "geometry/calibration.hpp"
#include "tabletop/photo.hpp"
#include "tabletop/sketch.hpp"
#include "window/ui/camera.hpp"
#include "window/ui/picture_texture.hpp"

namespace umpire::app {

class TablePhoto {
public:
    // ---- 1. following the sketch
    // Reads the photo the sketch names (its path relative to `table_file`) when it changed since
    // the last call, and refits it when its points changed. Call once a frame.
    void follow(const tabletop::Sketch& s, const std::filesystem::path& table_file);
    void reset();  // another table: drop the picture and any calibration under way
    bool has_photo() const { return !image_.empty(); }  // the sketch names one
    bool reading() const { return loader_.busy(); }
    bool shown() const { return texture_.ready() && fit_.ok && opacity_ > 0.0f; }
    const std::string& problem() const { return problem_; }
    float opacity() const { return opacity_; }
    void set_opacity(float o) { opacity_ = o < 0 ? 0 : o > 1 ? 1 : o; }

    // ---- 2. drawing under: the photo under the table, `screen` mapping table units to pixels.
    void draw_under(ImDrawList* dl, const tabletop::Sketch& s, const std::function<ImVec2(plane::Vec2)>& screen) const;

    // ---- 3. the toolbar's Photo… button and its popup (choosing a file starts calibrating).
    // Returns the opacity the referee set with its slider, once the slider is let go (the caller
    // keeps it in the sketch's [photo], so Save table writes it).
    std::optional<float> draw_button(const tabletop::Sketch& s, const std::filesystem::path& table_file);

    // ---- 4. the calibration step, drawn instead of the table while calibrating(): in `size`.
    // Returns the sketch's new [photo] when Done is pressed (the caller keeps it as an undo step).
    bool calibrating() const { return step_.active; }
    std::optional<tabletop::Photo> draw_calibration(const tabletop::Sketch& s, ImVec2 size, float scale);
    // Starts calibrating `image` (as the table file names it): what the popup's Calibrate does.
    void start_calibration(const tabletop::Sketch& s, const std::filesystem::path& table_file, const std::string& image);

private:
    struct Step {
        bool active = false;
        std::string image;                 // as the table file will name it
        std::vector<plane::Vec2> clicks;   // up to four pixels, in corner order
        double width = 0, depth = 0;       // the rectangle's size, in the table's unit
        double origin_x = 0, origin_y = 0; // its near-left corner on the table
        Camera cam;                        // over the photo's pixels
        calibration::Fit fit;              // from the four clicks (fit.ok false before)
        std::string refusal;               // why Done cannot be pressed yet, in words
        int dragging = -1;                 // the corner being moved
    };
    void load(const std::filesystem::path& path, const std::string& key);
    void take_loaded();
    void refit_step(const tabletop::Sketch& s);
    void draw_step_controls(const tabletop::Sketch& s, float scale, bool* done, bool* cancel);
    void draw_step_canvas(const tabletop::Sketch& s, ImVec2 size, float scale);
    void draw_step_grid(ImDrawList* dl, const tabletop::Sketch& s, float scale) const;

    PictureLoader loader_;
    PictureTexture texture_;
    std::string key_;                 // the picture file loaded (or being read)
    std::string points_key_;          // the points the fit was made from
    std::string image_;               // the sketch's [photo] image ("" when none)
    std::vector<tabletop::PhotoPoint> points_;
    std::string unit_;
    calibration::Fit fit_;            // the sketch's photo: table units <-> pixels
    std::string problem_;
    float opacity_ = 0.5f;
    std::string opacity_key_;         // the [photo] opacity last taken from the file
    Step step_;
    std::string chosen_;              // the popup's file field
    std::vector<std::string> files_;  // pictures in the table's folder
};

}  // namespace umpire::app
