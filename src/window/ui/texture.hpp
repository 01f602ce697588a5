// A picture as an OpenGL texture for ImGui to draw (the board's picture under its hexes, the
// Picture tool's calibration view): shrunk (box filter) to at most `max_side` a side, since a
// view never needs more and a 30-Mpixel scan would take 120 MB of texture.
//
// Sections
//   read_picture, shrunk, upload_texture, delete_texture; join_finished (a worker's picture
//   no longer wanted)
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "core/image.hpp"

namespace umpire::app::ui {

// Reads a picture with the bounded reader (core/image.hpp) and never throws, so it may run on a
// worker thread: nothing, and *problem in the reader's words, when it cannot be read.
// `shown`: the picture's name in the words ("" : its path).
std::optional<image::Image> read_picture(const std::string& path, std::string* problem, const std::string& shown = "");

// Readings started for a picture no longer wanted (the board changed meanwhile): each joined once
// its worker is done (Job: `done`, `worker`), never taken; the rest left to finish.
template <class Job>
void join_finished(std::vector<std::unique_ptr<Job>>& jobs) {
    jobs.erase(std::remove_if(jobs.begin(), jobs.end(),
                              [](std::unique_ptr<Job>& j) {
                                  if (!j->done) return false;
                                  j->worker.join();
                                  return true;
                              }),
               jobs.end());
}

// The picture shrunk by a whole factor (each texel the mean of a factor x factor block) so that
// neither side exceeds `max_side`; the picture itself when it already fits.
image::Image shrunk(image::Image img, int max_side);

// Uploads `img` (RGB or RGBA), shrunk to at most min(max_side, the GL's own limit) a side, with
// linear filtering. Returns the texture (0 and *problem set when there is no OpenGL: a test
// without a window).
unsigned upload_texture(const image::Image& img, int max_side, std::string* problem);
void delete_texture(unsigned texture);  // 0: nothing
inline ImTextureID texture_id(unsigned texture) { return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)); }

}  // namespace umpire::app::ui
