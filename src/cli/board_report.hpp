// What `umpire-cli board check` says of any game's board besides its own counts (docs/boards.md,
// docs/maps.md): the whole board as JSON (`board check --json`), and what is still an unconfirmed
// suggestion from the board's picture.
#pragma once
#include <ostream>

#include "board/board.hpp"
#include "core/json.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::cli {

// {"system", "title", "columns", "rows", "hexes": {"0101": "clear", ... every hex},
//  "hex_features": {"0210": "woods-hex", ...} (a game with a second layer), "hexsides":
//  {"0504/B": "berm", ... each feature once, a slope named from its sloped hex (10.5)},
//  "unconfirmed": {"hexes", "hexsides", "unsure_hexes": [...], "unsure_hexsides": [...]}
//  (suggestions from the picture, docs/maps.md), "underlay": {"image", "opacity", "points"}}.
json::Value board_json(const board::Board& b);

// Adds to a `board check` report how many hexes and hexsides are unconfirmed suggestions (and the
// unsure ones, to check first), and a `FILE:LINE:COL: warning: ...` line on `warnings` (stderr)
// at the file's [suggested]; nothing when there are none. Also the underlay's picture and
// calibration, warned about when it does not fit.
void report_picture(const board::Board& b, std::ostream& out, std::ostream& warnings);

// The same for a table sketch's [photo] (`table check`): the photo, its calibration to the
// table's unit, a warning when either cannot be used.
void report_photo(const tabletop::Sketch& t, std::ostream& out, std::ostream& warnings);

}  // namespace umpire::cli
