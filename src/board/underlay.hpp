// A board's picture ([underlay]) and the suggestions made from it ([suggested]): reading and
// writing both sections of a board file (docs/boards.md, docs/maps.md), counting what is still
// unconfirmed, and the board's calibration from its clicked points.
//
//   [underlay]
//   image = "my-map.jpg"                 # relative to the board file's folder
//   opacity = 0.5                        # 0..1, how the board view draws it (default 0.5)
//   model = "perspective"                # optional: "affine" or "perspective" (default: 3 points
//                                        # affine, 4 or more perspective)
//   points = [ { hex = "0101", pixel = [112.5, 86] }, ... ]   # clicked hex centres, at most 64
//
//   [suggested]                          # what the picture suggested and the referee has not confirmed
//   hexes = ["0101..6644"]               # hexes whose terrain (and second layer) is a suggestion
//   hexsides = ["0304/A-B", ...]         # hexsides whose feature is a suggestion, and hexsides
//                                        # the picture left in doubt (even when it suggests none)
//   unsure_hexes = ["0512", ...]         # of those, the ones to check first
//   unsure_hexsides = ["0304/B", ...]
//
// Rulings read a suggested hex as what it suggests; only the marks differ. A hexside that carries
// no feature and that the picture was sure of is not listed: there is nothing drawn to confirm.
// Lists longer than an array may hold go on under the same key with '-' added ("hexes-"), as
// write_board splits every list.
//
// Reading and writing the two sections: board.hpp's read_underlay / read_suggested (parse_board
// calls them) and board_edit.hpp's write_underlay / write_suggested (write_board), defined in
// board_sections.cpp.
//
// Sections
//   counting       count_suggestions, side_of_slot
//   the picture    underlay_path, underlay_image_name, underlay_image_for,
//                  underlay_fit
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "core/toml_reader.hpp"
#include "geometry/calibration.hpp"

namespace umpire::board {

constexpr std::size_t kMaxUnderlayPoints = 64;

// ---- counting -------------------------------------------------------------------------

struct Suggestions {
    int hexes = 0, hexsides = 0;                          // unconfirmed
    std::vector<int> unsure_hexes;                        // Board::index, in board order
    std::vector<std::pair<hex::Cube, int>> unsure_sides;  // a hex on the board and a direction
    bool any() const { return hexes > 0 || hexsides > 0; }
};
Suggestions count_suggestions(const Board& b);

// The hexside of slot `slot` (Board::side_slot) named from a hex on the board, as (hex, direction);
// nullopt when neither of its hexes is on the board.
std::optional<std::pair<hex::Cube, int>> side_of_slot(const Board& b, int slot);

// ---- the picture ------------------------------------------------------------------------

// The picture's file: the underlay's `image` taken relative to the folder of `board_file`.
std::filesystem::path underlay_path(const Board& b, const std::filesystem::path& board_file);

// The picture's name as a board file at `board_file` writes it (`image`): relative to the board
// file's folder when it can be, else absolute (the CLI's from-image and the window's "New board
// from a picture…").
std::string underlay_image_name(const std::filesystem::path& image, const std::filesystem::path& board_file);

// The underlay's `image` as a board file at `new_file` must write it to name the same picture:
// relative to new_file's folder when the two share a root (a board saved into a subfolder or
// another folder), else absolute; an absolute image stays as written, and so does the image of a
// board with no file yet (b.file empty: made in memory, its image written for the file it is saved
// as); an empty new_file gives the picture's absolute path. "" for a board without an underlay.
std::string underlay_image_for(const Board& b, const std::filesystem::path& new_file);

// The board's calibration from its underlay's points (calibration::calibrate_board, the board's
// corner hexes as the extent). A board without an underlay gets a refusal saying so.
calibration::Fit underlay_fit(const Board& b, std::optional<plane::Vec2> image_size = std::nullopt);

}  // namespace umpire::board
