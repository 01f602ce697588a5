// A picture as an OpenGL texture (see texture.hpp).
#include "window/ui/texture.hpp"

#include <algorithm>
#include <exception>

#include <glad/gl.h>

#include "core/diag.hpp"

namespace umpire::app::ui {

std::optional<image::Image> read_picture(const std::string& path, std::string* problem, const std::string& shown) {
    const std::string& name = shown.empty() ? path : shown;
    try {
        return image::read_image(path, name);
    } catch (const InputError& e) {
        *problem = e.diagnostics().empty() ? name + ": cannot be read" : e.diagnostics().front().str();
    } catch (const std::exception& e) {  // out of memory for the pixels: said, never thrown across a thread
        *problem = name + ": cannot be read (" + e.what() + ")";
    }
    return std::nullopt;
}

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

unsigned upload_texture(const image::Image& img, int max_side, std::string* problem) {
    if (!glad_glGenTextures) {  // no OpenGL context (a test without a window)
        if (problem) *problem = "no OpenGL to draw the picture with";
        return 0;
    }
    GLint gl_max = max_side;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &gl_max);
    const int side = std::min(max_side, std::max(64, int(gl_max)));
    const bool fits = img.width <= side && img.height <= side;
    const image::Image small = fits ? image::Image{} : shrunk(img, side);
    const image::Image& tex = fits ? img : small;
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
    return t;
}

void delete_texture(unsigned texture) {
    if (!texture || !glad_glDeleteTextures) return;
    const GLuint t = texture;
    glDeleteTextures(1, &t);
}

}  // namespace umpire::app::ui
