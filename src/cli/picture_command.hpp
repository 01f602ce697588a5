// umpire-cli's pictures of rulings (docs/window.md "Pictures of a ruling", README "The command line"):
//
//   umpire-cli rule FILE --png OUT.png                 the ruling on its board, its table, or its words alone
//   umpire-cli los BOARD FROM TO --png OUT.png [...]   the line on the board (TANK!, PanzerBlitz, Panzer Squadron)
//
// The ruling is printed as without --png; the picture is written first and atomically (a
// temporary file renamed over OUT), so a failed write leaves no half-written file and prints no
// ruling, and exits 1 with the reason. OUT must be a new file or a regular one: a folder, a device
// or a pipe is refused.
//
// Sections
//   option         --png OUT, a CLI11 option of `rule` and `los` with its own help
//   writing        a picture to OUT, every failure an exit 1 with a message
//   rule, los      the pictures the commands ask for
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "board/picture.hpp"
#include "core/canvas.hpp"
#include "core/picture.hpp"
#include "cli/commands.hpp"
#include "core/ruling.hpp"

namespace umpire {
class Engine;
}

namespace umpire::cli {

// ---- option ---------------------------------------------------------------------------

// Adds `--png OUT` to `cmd` (`what`: what the picture shows, for --help); *out is set when given.
// An empty file name is a usage error (exit 1); given twice, the last one wins (as --mode).
Option add_png(Command& cmd, std::optional<std::string>* out, const std::string& what);

// ---- writing --------------------------------------------------------------------------

// Draws (draw() may throw canvas::PictureError) and writes the PNG to `out`. Returns 0, or 1 after
// saying why ("umpire-cli: cannot write the picture to OUT: ...").
int write_picture(const std::function<canvas::Canvas()>& draw, const std::string& out);

// ---- rule, los ------------------------------------------------------------------------

// `rule FILE --png OUT`: the picture of `r`, ruled from `situation` (read from `situation_dir`).
int rule_picture(const Engine& e, const toml::table& situation, const std::filesystem::path& situation_dir, const Ruling& r,
                 const std::string& out);

// `los ... --png OUT`: the marks the board command traced, with the words its game gives.
int los_picture(const board::Board& b, const view::BoardMarks& marks, const view::BoardSupport* support, const board::BoardUnits& units,
                picture::Caption caption, const std::string& out);

}  // namespace umpire::cli
