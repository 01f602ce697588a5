// Calibration (src/geometry/calibration.hpp): clicked hex centres or table corners to a map of
// the picture. A known map is made up, points are "clicked" through it (with and without a pixel
// of error), and the fit must give the map back; every refusal of calibration.hpp is met once.
//
// Sections
//   Fits        affine from 3 points, perspective from 4 and from 8 noisy points, residuals
//   Refusals    too few, one hex twice, one pixel twice, in a line, off the picture, a wrong click,
//               a fold, too much perspective
//   Tables      four corners of a table; clicks out of order
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "geometry/calibration.hpp"
#include "geometry/hex_layout.hpp"

using namespace umpire;
using calibration::Fit;
using calibration::HexClick;
using plane::Vec2;

namespace {

// TANK!'s numbering: CCRR, even columns lower.
hex::Cube at(int column, int row) { return hex::Numbering{}.to_cube(column, row); }
std::string name(int column, int row) { return hex::Numbering{}.format(at(column, row)); }

// A made-up picture of a 66 x 44 board: 20 pixels a board unit, turned 3 degrees, a little
// perspective (perspective = 0: a flat scan), shifted.
calibration::Projective picture_map(double perspective) {
    const double a = 3.0 * plane::kPi / 180, s = 20;
    calibration::Projective p;
    p.m = {s * std::cos(a), -s * std::sin(a), 150, s * std::sin(a), s * std::cos(a), 90, perspective, perspective * 0.5, 1};
    return p;
}

const std::vector<hex::Cube> kCorners = {at(1, 1), at(66, 1), at(66, 44), at(1, 44)};

std::vector<HexClick> clicks(const calibration::Projective& m, const std::vector<std::pair<int, int>>& hexes, double noise, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> err(-noise, noise);
    std::vector<HexClick> out;
    for (auto [c, r] : hexes) {
        const Vec2 p = m.apply(hex::plane_centre(at(c, r)));
        out.push_back({at(c, r), name(c, r), {p.x + err(rng), p.y + err(rng)}});
    }
    return out;
}

// The largest distance, in hexes, between where the fit and the true map put a hex centre, over
// every hex of the board.
double worst_centre_error(const Fit& f, const calibration::Projective& truth) {
    double worst = 0;
    for (int c = 1; c <= 66; ++c)
        for (int r = 1; r <= 44; ++r) {
            const Vec2 p = hex::plane_centre(at(c, r));
            const Vec2 a = f.to_pixel.apply(p), b = truth.apply(p);
            worst = std::max(worst, plane::distance(a, b) / (truth.scale_at(p) * hex::kHexSpacing));
        }
    return worst;
}

const Vec2 kImage{2400, 2000};

}  // namespace

TEST_CASE("three clicked centres fix an affine map exactly", "[calibration]") {
    const auto truth = picture_map(0);
    const Fit f = calibration::calibrate_board(clicks(truth, {{1, 1}, {66, 1}, {1, 44}}, 0, 1), kCorners, calibration::Model::automatic, kImage);
    REQUIRE(f.ok);
    CHECK(f.model == calibration::Model::affine);
    CHECK(f.to_pixel.affine());
    CHECK(worst_centre_error(f, truth) < 1e-9);
    CHECK(f.worst < 1e-9);
    REQUIRE(f.notes.size() == 1);  // with the minimum, a wrong click cannot show
    CHECK_THAT(f.notes[0], Catch::Contains("add a point"));
    // Back and forth: to_plane undoes to_pixel.
    const Vec2 p{37.5, 12.25};
    CHECK(plane::distance(f.to_plane.apply(f.to_pixel.apply(p)), p) < 1e-9);
}

TEST_CASE("four or more clicks fix a perspective map, and with 1 px errors centres stay within 0.05 hex", "[calibration]") {
    const auto truth = picture_map(0.0004);
    const Fit four = calibration::calibrate_board(clicks(truth, {{2, 2}, {65, 2}, {65, 43}, {2, 43}}, 0, 1), kCorners,
                                                  calibration::Model::automatic, kImage);
    REQUIRE(four.ok);
    CHECK(four.model == calibration::Model::perspective);
    CHECK(worst_centre_error(four, truth) < 1e-6);
    // Eight clicks, each up to a pixel off (a hex is about 35 pixels here): least squares.
    for (unsigned seed = 1; seed <= 20; ++seed) {
        INFO("seed " << seed);
        const auto cl = clicks(truth, {{2, 2}, {33, 2}, {65, 2}, {65, 22}, {65, 43}, {33, 43}, {2, 43}, {2, 22}}, 1.0, seed);
        const Fit f = calibration::calibrate_board(cl, kCorners, calibration::Model::automatic, kImage);
        REQUIRE(f.ok);
        CHECK(f.notes.empty());
        CHECK(f.residual.size() == 8);
        CHECK(f.worst < 0.05);
        CHECK(worst_centre_error(f, truth) < 0.05);
    }
}

TEST_CASE("bad calibrations are refused in words naming the point", "[calibration]") {
    const auto truth = picture_map(0.0002);
    auto refuse = [&](const std::vector<HexClick>& cl, calibration::Model m = calibration::Model::automatic) {
        const Fit f = calibration::calibrate_board(cl, kCorners, m, kImage);
        CHECK_FALSE(f.ok);
        return f.error;
    };
    CHECK_THAT(refuse(clicks(truth, {{1, 1}, {66, 44}}, 0, 1)), Catch::Contains("too few points: 2 given"));
    CHECK_THAT(refuse(clicks(truth, {{1, 1}, {66, 44}, {5, 9}}, 0, 1), calibration::Model::perspective), Catch::Contains("needs 4 points"));
    // One hex twice.
    auto twice = clicks(truth, {{1, 1}, {66, 1}, {1, 44}, {66, 1}}, 0, 1);
    twice[3].pixel.x += 10;
    CHECK_THAT(refuse(twice), Catch::Contains("point 2 (hex 6601) and point 4 (hex 6601) are the same place"));
    // Two hexes clicked on one pixel.
    auto one_pixel = clicks(truth, {{1, 1}, {66, 1}, {1, 44}, {30, 30}}, 0, 1);
    one_pixel[3].pixel = one_pixel[0].pixel;
    CHECK_THAT(refuse(one_pixel), Catch::Contains("clicked on one pixel"));
    // In a line: a row of hexes (on the board) ...
    CHECK_THAT(refuse(clicks(truth, {{1, 10}, {20, 10}, {41, 10}, {61, 10}}, 0, 1)), Catch::Contains("in a line on the board"));
    // ... and three of four in a line.
    CHECK_THAT(refuse(clicks(truth, {{1, 1}, {1, 20}, {1, 40}, {60, 20}}, 0, 1)), Catch::Contains("points 1, 2 and 3 lie (nearly) in a line"));
    // Off the picture.
    auto off = clicks(truth, {{1, 1}, {66, 1}, {1, 44}}, 0, 1);
    off[1].pixel.x = 2500;
    CHECK_THAT(refuse(off), Catch::Contains("point 2 (hex 6601) at 2500,") && Catch::Contains("off the picture (2400 x 2000 pixels"));
    // A wrong click: hex 3322 clicked where 3422 is (one hex off), among seven good points.
    auto wrong = clicks(truth, {{2, 2}, {65, 2}, {65, 43}, {2, 43}, {33, 2}, {2, 22}, {65, 22}, {33, 22}}, 0, 1);
    wrong[7].pixel = truth.apply(hex::plane_centre(at(34, 22)));
    CHECK_THAT(refuse(wrong), Catch::Contains("point 8 (hex 3322)") && Catch::Contains("a wrong click or a mistyped number"));
    // A mistyped number among four points: the map folds or stretches the board beyond belief.
    auto typo = clicks(truth, {{2, 2}, {65, 2}, {65, 43}, {2, 43}}, 0, 1);
    typo[2].hex = at(6, 4), typo[2].name = "0604";
    CHECK_FALSE(calibration::calibrate_board(typo, kCorners, calibration::Model::automatic, kImage).ok);
}

TEST_CASE("a table photo: four corners fix the perspective and the scale", "[calibration]") {
    // A 48 x 48 in table photographed from its near edge: the far edge (y = 48) is smaller.
    calibration::Projective truth;
    truth.m = {20, 2, 500, 0.5, -14, 1300, 0.0, 0.006, 1};  // table y grows away from the camera (up the photo)
    std::array<Vec2, 4> px;
    const std::array<Vec2, 4> table = {Vec2{0, 0}, Vec2{48, 0}, Vec2{48, 48}, Vec2{0, 48}};
    for (int i = 0; i < 4; ++i) px[std::size_t(i)] = truth.apply(table[std::size_t(i)]);
    const Fit f = calibration::calibrate_table(calibration::rectangle_points(px, {0, 0}, 48, 48), "in", Vec2{2000, 1500});
    REQUIRE(f.ok);
    CHECK(f.model == calibration::Model::perspective);
    for (const Vec2 p : {Vec2{12, 30}, Vec2{40, 2}, Vec2{24, 24}}) {
        const Vec2 back = f.to_plane.apply(truth.apply(p));
        CHECK(plane::distance(back, p) < 1e-6);
    }
    // Clicked in the wrong order (corners 3 and 4 swapped): the outline crosses itself.
    std::array<Vec2, 4> swapped = px;
    std::swap(swapped[2], swapped[3]);
    const Fit bad = calibration::calibrate_table(calibration::rectangle_points(swapped, {0, 0}, 48, 48), "in", Vec2{2000, 1500});
    CHECK_FALSE(bad.ok);
    CHECK_THAT(bad.error, Catch::Contains("not clicked in order"));
}
