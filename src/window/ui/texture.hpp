// A picture as an OpenGL texture for ImGui to draw (the board's picture under its hexes, the
// Picture tool's calibration view): shrunk (box filter) to at most `max_side` a side, since a
// view never needs more and a 30-Mpixel scan would take 120 MB of texture.
//
// Sections
//   shrunk, upload_texture, delete_texture
#pragma once
#include <cstdint>
#include <string>

#include <imgui.h>

#include "core/image.hpp"

namespace umpire::app::ui {

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
