// A picture of a ruling on a board (docs/window.md "Pictures of a ruling", docs/boards.md): the
// part of the map around the line, large enough to read, with the terrain in the game's colours
// AND glyphs, hexside features, the hex numbers as printed, every line the ruling traced (the
// deciding one thick, the others thin), the hexes and hexsides that decided lit with their signs,
// the firer and the target with their names and the target's facing, and around it the words
// (core/picture.hpp): the verdict, the referee's call, what decided, why, a legend, "Umpire" and
// the version. The window's "Save picture…" and umpire-cli's `--png` both draw it.
//
// It draws exactly the ruling's marks (Ruling::board_marks): like the board view, it never traces
// a line itself, so the line in the picture is the line ruled.
//
// Sections
//   BoardUnits     the units' names and the target's facing (the hexes are the marks')
//   draw_board     the picture, and where each hex landed in it (for tests)
#pragma once
#include <optional>
#include <string>

#include "board/board.hpp"
#include "board/board_support.hpp"
#include "board/marks.hpp"
#include "core/canvas.hpp"
#include "core/picture.hpp"

namespace umpire::board {

// ---- BoardUnits --------------------------------------------------------------------

struct BoardUnits {
    std::string firer, target;   // "T62"; "" : "Firer" / "Target"
    std::optional<int> facing;   // the target's: a direction 0..5, or a corner when faces_corner
    std::string facing_name;     // as the game names it ("A", "NW"), for the legend
    bool faces_corner = false;   // Panzer Squadron's tanks face a point of the hexagon
};

// ---- draw_board ------------------------------------------------------------------

struct BoardPicture {
    canvas::Canvas canvas;
    float radius = 0;                 // a hex's circumradius in pixels
    canvas::Pt origin;                // the pixel of world (0, 0) (hex::Cube{0,0,0}'s centre)
    float map_top = 0, map_bottom = 0;  // the map's band (full width); the words above and below
    canvas::Pt centre(const hex::Cube& h) const;  // a hex's centre, in pixels
};

// The picture of `marks` on `b`. `support` gives the game's looks (nullptr: the picture's own
// colours and letters for every name). `caption`: the words (picture::caption_of for a ruling);
// the picture adds what decided (from the marks, when the caption has none) and the legend.
// Throws canvas::PictureError (a missing font).
BoardPicture draw_board(const Board& b, const view::BoardMarks& marks, const view::BoardSupport* support, const BoardUnits& units,
                        picture::Caption caption);

}  // namespace umpire::board
