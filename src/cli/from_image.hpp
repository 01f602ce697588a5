// umpire-cli board from-image (docs/maps.md): a board file from a scan or photo of a printed map.
//
//   umpire-cli board from-image IMAGE --system SYSTEM --columns C --rows R
//       --hex ID=X,Y [--hex ID=X,Y ...]       # 3 points: affine; 4 or more: perspective, least squares
//       --sample FEATURE=X,Y [--sample ...]   # a hex terrain at a hex centre, a hexside feature at its midpoint
//       [--model affine|perspective] [--title T] -o BOARD.toml
//
// X,Y are pixels of the picture (x right, y down from its top-left corner; fractions allowed).
// The board written names the picture as its [underlay] (relative to the board file) with the
// clicked points, and every hex and hexside the picture suggested as [suggested] (docs/boards.md).
// The report on standard output: the calibration (each point's residual in hexes), what was
// suggested, and the unsure hexes and hexsides to check first.
//
// Exit status: 0 written; 2 bad input with a one-line reason (the picture unreadable, truncated
// or too large: FILE:1:1; a point off the picture, an unknown hex, system or feature, too few
// points, a calibration refused); 1 a usage error or a failed write.
#pragma once
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace umpire {
class Engine;
}

namespace umpire::cli {

struct FromImageOptions {
    std::string image;                 // the picture's file
    std::string system;                // a game with hex boards: "spi-tank", "panzerblitz", "panzer-squadron"
    int columns = 0, rows = 0;
    std::vector<std::string> hexes;    // "ID=X,Y" as given
    std::vector<std::string> samples;  // "FEATURE=X,Y" as given
    std::string model;                 // "", "affine" or "perspective"
    std::string title;
    std::string output;                // the board file to write
};

// Runs the command (add_board_from_image, commands.hpp, registers it); the report goes to `out`,
// problems to stderr. Returns the exit status.
int from_image(const Engine& engine, const FromImageOptions& o, std::ostream& out);

}  // namespace umpire::cli
