// Lining a picture up with a board or a table (docs/maps.md): from a few clicked points, the map
// from board (or table) coordinates to the picture's pixels, and back.
//
// Three points fix an affine map (scale, rotation, shear, shift): right for a flat scan. Four or
// more fix a perspective map (a homography: a phone photo taken a little off vertical), fitted by
// least squares: the direct linear transform on Hartley-normalised points (Eigen's SVD), then a
// few Gauss-Newton steps on the pixel error of every click. Each point's residual is said in the
// plane's own unit (hexes for a board), so a wrong click stands out.
//
// A calibration is refused, in words naming the point(s), when it cannot be trusted:
//   too few points; a point off the picture; two points on one hex (one plane point); two clicks
//   on one pixel; the points (nearly) in a line; a map that folds the board over or shrinks one
//   side of it more than kMaxScaleRatio times the other (a wrong point, or a photo too far off
//   vertical; kMaxTableScaleRatio for a table); a residual over half a hex (Options::max_residual;
//   for a table 2% of its size).
//
// Floating point throughout (no ruling reads these numbers; they place pixels). Tolerances:
//   kLineTolerance   points whose spread across their best line is under 5% of their spread along
//                    it count as "in a line" (for three points: a triangle thinner than that);
//   kSamePixel       clicks closer than 2 pixels are "on one pixel";
//   max_residual     0.5 hex by default: a click further off lies in the next hex.
// With the minimum number of points (3 affine, 4 perspective) the map passes through every click
// exactly and a wrong click cannot show: Fit::notes says so, and asks for one more point.
//
// Sections
//   Projective        a 3 x 3 map of the plane; apply, inverse
//   fit               the generic fit: plane points to pixels, with its checks
//   calibrate_board   clicked hex centres (hex_layout.hpp's plane) -> board calibration
//   calibrate_table   four clicked corners of a rectangle of known size (a table, a mat)
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "geometry/hex.hpp"
#include "geometry/plane.hpp"

namespace umpire::calibration {

constexpr double kLineTolerance = 0.05;
constexpr double kSamePixel = 2.0;
constexpr double kMaxScaleRatio = 4.0;        // a board: a scan or a photo a little off vertical
constexpr double kMaxTableScaleRatio = 8.0;   // a table: photographed from its edge, at an angle

// ---- Projective ---------------------------------------------------------------------

// p' = (m * [x y 1]) / w, row-major. Affine when the last row is 0 0 1.
struct Projective {
    std::array<double, 9> m{1, 0, 0, 0, 1, 0, 0, 0, 1};
    plane::Vec2 apply(plane::Vec2 p) const;
    double w(plane::Vec2 p) const { return m[6] * p.x + m[7] * p.y + m[8]; }
    std::optional<Projective> inverse() const;
    bool affine() const { return m[6] == 0 && m[7] == 0; }
    // How many pixels one plane unit spans near p (the square root of the Jacobian's |det|).
    double scale_at(plane::Vec2 p) const;
};

// ---- fit ------------------------------------------------------------------------------

enum class Model { automatic, affine, perspective };  // automatic: 3 points affine, 4 or more perspective
const char* to_string(Model m);

struct Point {
    plane::Vec2 plane;  // board units (hex_layout.hpp) or table units
    plane::Vec2 pixel;  // x right, y down, from the picture's top-left corner
    std::string label;  // names it in messages: "hex 0505", "corner 2"
};

struct Options {
    Model model = Model::automatic;
    double unit = 1;               // one unit of the messages, in plane units (a hex: sqrt(3))
    std::string unit_name = "unit";  // "hex", "in"
    double max_residual = 0.5;     // in units
    std::optional<plane::Vec2> image_size;  // width, height in pixels: every click must lie on it
    std::vector<plane::Vec2> extent;        // plane points the map must carry sanely (a board's corners)
    double max_scale_ratio = kMaxScaleRatio;  // largest / smallest scale over the extent
};

struct Fit {
    bool ok = false;
    std::string error;             // why refused, one sentence ("" when ok)
    Model model = Model::affine;   // the model fitted (never automatic)
    Projective to_pixel, to_plane;
    std::vector<double> residual;  // per point, in units: |to_plane(pixel) - plane|
    double worst = 0, rms = 0;     // of residual
    std::vector<std::string> notes;  // said to the referee, not refusals
};

Fit fit(const std::vector<Point>& points, const Options& options);

// ---- calibrate_board -------------------------------------------------------------------

struct HexClick {
    hex::Cube hex;
    std::string name;    // the hex's printed number, for messages
    plane::Vec2 pixel;
};
// Fits clicked hex centres; `corners` are the board's corner hexes (the extent checked).
// Residuals in hexes (centre-to-centre spacing).
Fit calibrate_board(const std::vector<HexClick>& clicks, const std::vector<hex::Cube>& corners, Model model,
                    std::optional<plane::Vec2> image_size);

// ---- calibrate_table -------------------------------------------------------------------

// Four clicked corners of a rectangle lying on the table, in order round it, and the rectangle's
// corners in table coordinates (the same order): e.g. the table's own (0,0), (w,0), (w,d), (0,d).
// Refused also when the clicks are not in order round a convex quadrilateral.
Fit calibrate_table(const std::vector<Point>& corners, const std::string& unit_name, std::optional<plane::Vec2> image_size);
// The table's corners (0,0), (w,0), (w,d), (0,d) as the points of calibrate_table, with pixels.
std::vector<Point> rectangle_points(const std::array<plane::Vec2, 4>& pixels, plane::Vec2 origin, double width, double depth);

}  // namespace umpire::calibration
