// The picture of a ruling (docs/window.md "Pictures of a ruling"): on its board when it was
// ruled on one (board/picture.hpp), on its table when it was measured on one
// (tabletop/picture.hpp), else the words alone (core/picture.hpp). umpire-cli's `rule --png` and
// the window's "Save picture…" / "Copy picture" call this one function, so both give the same
// picture of the same ruling.
#pragma once
#include <filesystem>
#include <string>

#include <toml++/toml.h>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "core/canvas.hpp"
#include "core/ruling.hpp"
#include "tabletop/sketch.hpp"

namespace umpire {

class Engine;

struct PictureRequest {
    const toml::table* situation = nullptr;  // the situation as ruled (its title, board, table, units' names)
    const Ruling* ruling = nullptr;
    std::filesystem::path situation_dir;     // where its `board` / `table` file names are read from
    // The window's own board and table (unsaved paint, dragged bases) and typed places; nullptr:
    // the situation's files and keys are read, as the ruling read them.
    const board::Board* board = nullptr;
    const tabletop::Sketch* table = nullptr;
    const view::Placement* place = nullptr;
};

// The picture. Throws canvas::PictureError (a missing font) and InputError (the situation's board
// or table file cannot be read again).
canvas::Canvas ruling_picture(const Engine& e, const PictureRequest& req);

}  // namespace umpire
