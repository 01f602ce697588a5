// "Save picture…" and "Copy picture" (docs/window.md "Pictures of a ruling"): a PNG of the
// ruling shown, drawn by the same renderer as umpire-cli's --png (engine/picture.hpp): the board
// or the table as the referee has it on screen (unsaved paint, dragged bases, the units where the
// clicks put them), the line, the verdict and the deciding reasons.
//
// GLFW's clipboard holds text only, so Copy picture hands the PNG to `wl-copy --type image/png`
// (Wayland) or `xclip -selection clipboard -t image/png` (X11) when one is installed; otherwise it
// says so plainly and offers Save picture… instead. Nothing fails silently: every outcome is a
// message for the status line.
//
// Sections
//   PictureSource    what the picture is of (the App fills it)
//   PictureActions   the Save popup, save(), copy()
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <toml++/toml.h>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "core/ruling.hpp"
#include "engine/engine.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::app {

// ---- PictureSource -----------------------------------------------------------------

struct PictureSource {
    const Engine* engine = nullptr;
    toml::table situation;                 // as ruled, with its title
    const Ruling* ruling = nullptr;        // nullptr: nothing ruled (no picture)
    std::filesystem::path situation_dir;   // the situation file's folder (empty: untitled)
    std::string stem;                      // the situation file's name without .toml ("" untitled)
    const board::Board* board = nullptr;   // the board on screen (nullptr: none, or the file's)
    const tabletop::Sketch* table = nullptr;
    std::optional<view::Placement> place;  // the units' places on the board, typed
};

// ---- PictureActions ----------------------------------------------------------------

class PictureActions {
public:
    // Opens the "Save picture" popup with a file name beside the situation (or in the home folder).
    void ask_save(const PictureSource& s);
    // Draws the popup when open; `source` is called only when the picture is written. Returns the
    // status line's message when something happened ("Picture saved: …", or why not).
    std::optional<std::string> draw(const std::function<PictureSource()>& source);
    bool open() const { return open_; }

    // Writes the picture to `out` (atomically); the problem in words, or nothing when written.
    static std::optional<std::string> save(const PictureSource& s, const std::filesystem::path& out);
    // Puts the PNG on the clipboard; the status line's message either way.
    static std::string copy(const PictureSource& s);
    // The program Copy picture runs ("wl-copy", "xclip"), or "" when neither is installed (or
    // there is no display to copy to).
    static std::string clipboard_tool();
    // The file name Save picture offers.
    static std::filesystem::path default_path(const PictureSource& s);

private:
    bool open_ = false, want_open_ = false, confirm_replace_ = false;
    std::string path_text_;
    std::string error_;
};

}  // namespace umpire::app
