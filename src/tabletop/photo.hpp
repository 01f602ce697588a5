// A photo of the table under a table sketch (docs/tables.md "A photo of the table", docs/maps.md):
// the picture, and the clicked corners of a rectangle of known size lying on the table (the table
// itself, or a mat) that fix the photo's perspective and scale.
//
//   [photo]
//   image = "my-table.jpg"          # relative to the table file
//   opacity = 0.5                   # 0..1, how the table view draws it (default 0.5)
//   points = [                      # 4 or more, in order round the rectangle
//     { pixel = [412, 1880], at = [0, 0] },     # the picture's pixel, and where it is on the table
//     { pixel = [3650, 1902], at = [48, 0] },   # (table units, 0..width by 0..depth)
//     { pixel = [3121, 402], at = [48, 48] },
//     { pixel = [905, 390], at = [0, 48] },
//   ]
//
// The table's y grows away from the near edge (docs/tables.md), a picture's y downwards: the map
// between them is a perspective map (calibration::calibrate_table) fitted to the points.
//
// Sections
//   Photo            the section as read
//   reading/writing  read_photo (read_sketch calls it), write_photo (write_sketch calls it)
//   the picture      photo_path, photo_fit
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/toml_reader.hpp"
#include "geometry/calibration.hpp"
#include "geometry/plane.hpp"

namespace umpire::tabletop {

constexpr std::size_t kMaxPhotoPoints = 64;

// ---- Photo --------------------------------------------------------------------------

struct PhotoPoint {
    plane::Vec2 pixel;         // x right, y down from the picture's top-left corner
    plane::Vec2 at;            // the same point on the table, in the table's unit
    int line = 0, column = 0;  // where the file set it
};
struct Photo {
    std::string image;         // as written: relative to the table file's folder (or absolute)
    double opacity = 0.5;
    std::vector<PhotoPoint> points;
    int line = 0, column = 0;
    friend bool operator==(const Photo& a, const Photo& b);
};

// ---- reading/writing ------------------------------------------------------------------

// [photo] of a table `width` x `depth` (problems into root.sink()); nullopt when there is none.
std::optional<Photo> read_photo(const Section& root, double width, double depth);
// The section as table-file text (starting with a blank line).
std::string write_photo(const Photo& p);

// ---- the picture ------------------------------------------------------------------------

std::filesystem::path photo_path(const Photo& p, const std::filesystem::path& table_file);

// The perspective map from table units to the photo's pixels through the points
// (calibration::calibrate_table, refused in words when the corners are out of order, in a line,
// off the picture...). `unit` names the table's unit in messages ("in", "cm").
calibration::Fit photo_fit(const Photo& p, const std::string& unit, std::optional<plane::Vec2> image_size = std::nullopt);

}  // namespace umpire::tabletop
