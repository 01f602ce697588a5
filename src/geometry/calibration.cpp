// Calibration (see calibration.hpp). Eigen is used here only (no header of ours includes it).
//
// Sections
//   1. Projective       apply, inverse, scale_at
//   2. solvers          Hartley normalisation, affine least squares (QR), DLT (SVD), Gauss-Newton
//   3. checks           the refusals, each in words
//   4. fit              checks, solve, residuals
//   5. board and table  calibrate_board, calibrate_table, rectangle_points
#include "geometry/calibration.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "geometry/hex_layout.hpp"

namespace umpire::calibration {

using plane::Vec2;

// =====================================================================================
// 1. Projective
// =====================================================================================

Vec2 Projective::apply(Vec2 p) const {
    const double x = m[0] * p.x + m[1] * p.y + m[2], y = m[3] * p.x + m[4] * p.y + m[5], z = w(p);
    return {x / z, y / z};
}

std::optional<Projective> Projective::inverse() const {
    Eigen::Matrix3d a;
    a << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
    const double det = a.determinant();
    if (!std::isfinite(det) || std::fabs(det) < 1e-300) return std::nullopt;
    const Eigen::Matrix3d inv = a.inverse() / a.inverse()(2, 2);
    if (!inv.allFinite()) return std::nullopt;
    Projective out;
    for (int i = 0; i < 9; ++i) out.m[std::size_t(i)] = inv(i / 3, i % 3);
    if (affine()) out.m[6] = out.m[7] = 0, out.m[8] = 1;  // exact zeros stay exact
    return out;
}

double Projective::scale_at(Vec2 p) const {
    // d(x/w)/dp for a homography: (A - t g^T) / w with A the top-left 2x2, t the mapped point, g
    // the last row's (m6, m7). Its determinant's square root is the linear scale.
    const double z = w(p);
    const Vec2 t = apply(p);
    const double j00 = (m[0] - t.x * m[6]) / z, j01 = (m[1] - t.x * m[7]) / z;
    const double j10 = (m[3] - t.y * m[6]) / z, j11 = (m[4] - t.y * m[7]) / z;
    return std::sqrt(std::fabs(j00 * j11 - j01 * j10));
}

const char* to_string(Model m) {
    switch (m) {
        case Model::affine: return "affine";
        case Model::perspective: return "perspective";
        default: return "automatic";
    }
}

// =====================================================================================
// 2. solvers
// =====================================================================================

namespace {

// Hartley: move the points' centroid to the origin and scale their mean distance to sqrt(2).
Eigen::Matrix3d normaliser(const std::vector<Vec2>& p) {
    double cx = 0, cy = 0;
    for (const Vec2& v : p) cx += v.x, cy += v.y;
    cx /= double(p.size()), cy /= double(p.size());
    double d = 0;
    for (const Vec2& v : p) d += std::hypot(v.x - cx, v.y - cy);
    d /= double(p.size());
    const double s = d > 0 ? std::sqrt(2.0) / d : 1.0;
    Eigen::Matrix3d t;
    t << s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1;
    return t;
}

Vec2 map(const Eigen::Matrix3d& h, Vec2 p) {
    const Eigen::Vector3d v = h * Eigen::Vector3d(p.x, p.y, 1);
    return {v(0) / v(2), v(1) / v(2)};
}

std::vector<Vec2> mapped(const Eigen::Matrix3d& t, const std::vector<Vec2>& p) {
    std::vector<Vec2> out;
    for (const Vec2& v : p) out.push_back(map(t, v));
    return out;
}

// Least-squares affine map src -> dst (normalised points), by QR.
Eigen::Matrix3d affine_fit(const std::vector<Vec2>& src, const std::vector<Vec2>& dst) {
    const Eigen::Index n = Eigen::Index(src.size());
    Eigen::MatrixXd a(n, 3);
    Eigen::VectorXd bx(n), by(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        a.row(i) << src[std::size_t(i)].x, src[std::size_t(i)].y, 1;
        bx(i) = dst[std::size_t(i)].x;
        by(i) = dst[std::size_t(i)].y;
    }
    const auto qr = a.colPivHouseholderQr();
    const Eigen::Vector3d rx = qr.solve(bx), ry = qr.solve(by);
    Eigen::Matrix3d h;
    h << rx(0), rx(1), rx(2), ry(0), ry(1), ry(2), 0, 0, 1;
    return h;
}

// The direct linear transform (normalised points): the right singular vector of the smallest
// singular value. `conditioning` gets sigma_8 / sigma_1: near 0, the points do not fix a map.
Eigen::Matrix3d dlt(const std::vector<Vec2>& src, const std::vector<Vec2>& dst, double& conditioning) {
    const Eigen::Index n = Eigen::Index(src.size());
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(2 * n, 9);
    for (Eigen::Index i = 0; i < n; ++i) {
        const Vec2 s = src[std::size_t(i)], d = dst[std::size_t(i)];
        a.row(2 * i) << -s.x, -s.y, -1, 0, 0, 0, d.x * s.x, d.x * s.y, d.x;
        a.row(2 * i + 1) << 0, 0, 0, -s.x, -s.y, -1, d.y * s.x, d.y * s.y, d.y;
    }
    Eigen::JacobiSVD<Eigen::MatrixXd> svd(a, Eigen::ComputeFullV);
    const Eigen::VectorXd& sv = svd.singularValues();
    conditioning = sv(0) > 0 && sv.size() >= 8 ? sv(7) / sv(0) : 0;
    const Eigen::VectorXd h = svd.matrixV().col(8);
    Eigen::Matrix3d out;
    out << h(0), h(1), h(2), h(3), h(4), h(5), h(6), h(7), h(8);
    return out;
}

// Gauss-Newton (lightly damped) on the pixel error of every point, h(2,2) held at 1: the DLT
// minimises an algebraic error; this makes the fit the least-squares one in pixels.
void refine(Eigen::Matrix3d& h, const std::vector<Vec2>& src, const std::vector<Vec2>& dst) {
    if (std::fabs(h(2, 2)) < 1e-12) return;
    h /= h(2, 2);
    auto cost = [&](const Eigen::Matrix3d& m) {
        double c = 0;
        for (std::size_t i = 0; i < src.size(); ++i) {
            const Vec2 p = map(m, src[i]);
            c += (p.x - dst[i].x) * (p.x - dst[i].x) + (p.y - dst[i].y) * (p.y - dst[i].y);
        }
        return c;
    };
    double now = cost(h);
    for (int iter = 0; iter < 10; ++iter) {
        Eigen::Matrix<double, 8, 8> jtj = Eigen::Matrix<double, 8, 8>::Zero();
        Eigen::Matrix<double, 8, 1> jtr = Eigen::Matrix<double, 8, 1>::Zero();
        for (std::size_t i = 0; i < src.size(); ++i) {
            const double x = src[i].x, y = src[i].y, w = h(2, 0) * x + h(2, 1) * y + 1;
            const double u = (h(0, 0) * x + h(0, 1) * y + h(0, 2)) / w, v = (h(1, 0) * x + h(1, 1) * y + h(1, 2)) / w;
            Eigen::Matrix<double, 8, 1> ju, jv;
            ju << x / w, y / w, 1 / w, 0, 0, 0, -u * x / w, -u * y / w;
            jv << 0, 0, 0, x / w, y / w, 1 / w, -v * x / w, -v * y / w;
            jtj += ju * ju.transpose() + jv * jv.transpose();
            jtr += ju * (u - dst[i].x) + jv * (v - dst[i].y);
        }
        jtj.diagonal() *= 1.0 + 1e-9;
        const Eigen::Matrix<double, 8, 1> step = jtj.ldlt().solve(jtr);
        if (!step.allFinite()) return;
        Eigen::Matrix3d next = h;
        for (int k = 0; k < 8; ++k) next(k / 3, k % 3) -= step(k);
        const double after = cost(next);
        if (!(after < now)) return;
        h = next;
        if (now - after < 1e-14 * (1 + now)) return;
        now = after;
    }
}

// =====================================================================================
// 3. checks
// =====================================================================================

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}
std::string at_pixel(const Point& p) { return num(p.pixel.x) + "," + num(p.pixel.y); }
std::string named(const std::vector<Point>& pts, std::size_t i) {
    return "point " + std::to_string(i + 1) + (pts[i].label.empty() ? "" : " (" + pts[i].label + ")");
}

// sqrt(smallest / largest eigenvalue) of the points' covariance: 0 when they lie in a line.
double thinness(const std::vector<Vec2>& p) {
    double cx = 0, cy = 0;
    for (const Vec2& v : p) cx += v.x, cy += v.y;
    cx /= double(p.size()), cy /= double(p.size());
    double sxx = 0, syy = 0, sxy = 0;
    for (const Vec2& v : p) sxx += (v.x - cx) * (v.x - cx), syy += (v.y - cy) * (v.y - cy), sxy += (v.x - cx) * (v.y - cy);
    const double mean = (sxx + syy) / 2, diff = std::sqrt((sxx - syy) * (sxx - syy) / 4 + sxy * sxy);
    const double hi = mean + diff, lo = std::max(0.0, mean - diff);
    return hi > 0 ? std::sqrt(lo / hi) : 0;
}

std::vector<Vec2> planes(const std::vector<Point>& p) {
    std::vector<Vec2> out;
    for (const Point& x : p) out.push_back(x.plane);
    return out;
}
std::vector<Vec2> pixels(const std::vector<Point>& p) {
    std::vector<Vec2> out;
    for (const Point& x : p) out.push_back(x.pixel);
    return out;
}

// The refusals that need no fit: count, numbers, the picture, duplicates, lines.
std::string check_points(const std::vector<Point>& pts, const Options& o, Model model) {
    const std::size_t n = pts.size();
    if (n < 3) return "too few points: " + std::to_string(n) + " given; 3 fix an affine map, 4 or more a perspective map";
    if (model == Model::perspective && n < 4) return "a perspective map needs 4 points or more; " + std::to_string(n) + " given";
    for (std::size_t i = 0; i < n; ++i) {
        const Point& p = pts[i];
        if (!std::isfinite(p.pixel.x) || !std::isfinite(p.pixel.y) || !std::isfinite(p.plane.x) || !std::isfinite(p.plane.y))
            return named(pts, i) + " is not a finite number";
        if (o.image_size && (p.pixel.x < 0 || p.pixel.y < 0 || p.pixel.x > o.image_size->x || p.pixel.y > o.image_size->y))
            return named(pts, i) + " at " + at_pixel(p) + " is off the picture (" + num(o.image_size->x) + " x " + num(o.image_size->y) +
                   " pixels, x 0-" + num(o.image_size->x) + " right, y 0-" + num(o.image_size->y) + " down)";
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            if (plane::distance(pts[i].plane, pts[j].plane) < 1e-9)
                return named(pts, i) + " and " + named(pts, j) + " are the same place: each point must be on a different " + o.unit_name;
            if (plane::distance(pts[i].pixel, pts[j].pixel) < kSamePixel)
                return named(pts, i) + " and " + named(pts, j) + " are clicked on one pixel (" + at_pixel(pts[i]) + ")";
        }
    const bool thin_plane = thinness(planes(pts)) < kLineTolerance, thin_pixel = thinness(pixels(pts)) < kLineTolerance;
    if (thin_plane || thin_pixel)
        return std::string("the points lie (nearly) in a line ") + (thin_plane ? "on the board" : "in the picture") +
               ": they fix no map; spread them out, e.g. near three corners" + (model == Model::perspective ? " and the fourth" : "");
    if (model == Model::perspective && n == 4)
        for (std::size_t skip = 0; skip < 4; ++skip) {
            std::vector<Vec2> a, b;
            std::vector<std::size_t> which;
            for (std::size_t i = 0; i < 4; ++i)
                if (i != skip) a.push_back(pts[i].plane), b.push_back(pts[i].pixel), which.push_back(i + 1);
            if (thinness(a) < kLineTolerance || thinness(b) < kLineTolerance)
                return "points " + std::to_string(which[0]) + ", " + std::to_string(which[1]) + " and " + std::to_string(which[2]) +
                       " lie (nearly) in a line: a perspective map needs four points no three of which are in a line";
        }
    return {};
}

// The map must keep every point of the extent (and the clicks) on one side of the horizon, and
// not shrink one part of it more than kMaxScaleRatio times another.
std::string check_extent(const Projective& h, const std::vector<Point>& pts, const Options& o) {
    std::vector<Vec2> where = o.extent;
    for (const Point& p : pts) where.push_back(p.plane);
    double lo = 1e300, hi = 0;
    int positive = 0, negative = 0;
    for (const Vec2& p : where) {
        const double w = h.w(p);
        (w > 0 ? positive : negative) += 1;
        const double s = h.scale_at(p);
        lo = std::min(lo, s), hi = std::max(hi, s);
    }
    if (positive && negative) return "the points give a map that folds the picture over (part of it behind the camera): a point is wrong";
    if (!(lo > 0) || !std::isfinite(hi)) return "the points give no usable map: a point is wrong";
    if (hi / lo > o.max_scale_ratio)
        return "the points make one part of the " + std::string(o.unit_name == "hex" ? "board " : "table ") + num(hi / lo) +
               " times larger than another (at most " + num(o.max_scale_ratio) +
               "): a point is wrong, or the photo is taken too far off vertical (docs/maps.md)";
    return {};
}

}  // namespace

// =====================================================================================
// 4. fit
// =====================================================================================

Fit fit(const std::vector<Point>& pts, const Options& o) {
    Fit f;
    f.model = o.model != Model::automatic ? o.model : pts.size() <= 3 ? Model::affine : Model::perspective;
    if (std::string e = check_points(pts, o, f.model); !e.empty()) {
        f.error = std::move(e);
        return f;
    }
    const std::vector<Vec2> src = planes(pts), dst = pixels(pts);
    const Eigen::Matrix3d ts = normaliser(src), td = normaliser(dst);
    const std::vector<Vec2> ns = mapped(ts, src), nd = mapped(td, dst);
    Eigen::Matrix3d hn;
    if (f.model == Model::affine) {
        hn = affine_fit(ns, nd);
    } else {
        double conditioning = 0;
        hn = dlt(ns, nd, conditioning);
        if (conditioning < 1e-9) {
            f.error = "the points do not fix a perspective map (too many of them in a line): spread them out";
            return f;
        }
        refine(hn, ns, nd);
    }
    Eigen::Matrix3d h = td.inverse() * hn * ts;
    if (!h.allFinite() || std::fabs(h(2, 2)) < 1e-300) {
        f.error = "the points give no usable map: a point is wrong";
        return f;
    }
    h /= h(2, 2);
    for (int i = 0; i < 9; ++i) f.to_pixel.m[std::size_t(i)] = h(i / 3, i % 3);
    if (f.model == Model::affine) f.to_pixel.m[6] = f.to_pixel.m[7] = 0, f.to_pixel.m[8] = 1;
    const auto inv = f.to_pixel.inverse();
    if (!inv) {
        f.error = "the points give no usable map (it squeezes the board to a line): a point is wrong";
        return f;
    }
    f.to_plane = *inv;
    if (std::string e = check_extent(f.to_pixel, pts, o); !e.empty()) {
        f.error = std::move(e);
        return f;
    }
    double sum = 0;
    std::size_t worst = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const double r = plane::distance(f.to_plane.apply(pts[i].pixel), pts[i].plane) / o.unit;
        f.residual.push_back(r);
        sum += r * r;
        if (r > f.residual[worst]) worst = i;
    }
    f.worst = f.residual[worst];
    f.rms = std::sqrt(sum / double(pts.size()));
    if (f.worst > o.max_residual) {
        f.error = named(pts, worst) + " at " + at_pixel(pts[worst]) + " lies " + num(f.worst) + " " + o.unit_name + " from where the map through all the points puts it (at most " +
                  num(o.max_residual) + "): a wrong click or a mistyped number?";
        return f;
    }
    const std::size_t minimum = f.model == Model::affine ? 3 : 4;
    if (pts.size() == minimum)
        f.notes.push_back("with " + std::to_string(minimum) + " points the " + to_string(f.model) +
                          " map passes through every click exactly, so a wrong click cannot show: add a point to check them");
    f.ok = true;
    return f;
}

// =====================================================================================
// 5. board and table
// =====================================================================================

Fit calibrate_board(const std::vector<HexClick>& clicks, const std::vector<hex::Cube>& corners, Model model,
                    std::optional<Vec2> image_size) {
    std::vector<Point> pts;
    for (const HexClick& c : clicks) pts.push_back({hex::plane_centre(c.hex), c.pixel, "hex " + c.name});
    Options o;
    o.model = model;
    o.unit = hex::kHexSpacing;
    o.unit_name = "hex";
    o.max_residual = 0.5;
    o.image_size = image_size;
    for (const hex::Cube& h : corners) o.extent.push_back(hex::plane_centre(h));
    return fit(pts, o);
}

Fit calibrate_table(const std::vector<Point>& corners, const std::string& unit_name, std::optional<Vec2> image_size) {
    Options o;
    o.model = corners.size() == 3 ? Model::affine : Model::perspective;
    o.unit_name = unit_name;
    o.image_size = image_size;
    // The table's own size bounds how far a click may be off: 2% of its larger side.
    double span = 0;
    for (const Point& a : corners)
        for (const Point& b : corners) span = std::max(span, plane::distance(a.plane, b.plane));
    o.max_residual = std::max(0.02 * span, 1e-9);
    o.max_scale_ratio = kMaxTableScaleRatio;
    for (const Point& c : corners) o.extent.push_back(c.plane);
    if (corners.size() == 4) {
        // In order round a convex quadrilateral, both on the table and in the picture, turning the
        // same way (a photo is never mirrored, but the table's y grows away from the camera).
        auto turns = [&](auto get) {
            int pos = 0, neg = 0;
            for (std::size_t i = 0; i < 4; ++i) {
                const Vec2 a = get(corners[i]), b = get(corners[(i + 1) % 4]), c = get(corners[(i + 2) % 4]);
                (plane::cross(b - a, c - b) > 0 ? pos : neg) += 1;
            }
            return pos == 4 ? 1 : neg == 4 ? -1 : 0;
        };
        const int on_table = turns([](const Point& p) { return p.plane; }), in_picture = turns([](const Point& p) { return p.pixel; });
        if (on_table != 0 && in_picture == 0) {
            Fit f;
            f.error = "the four corners are not clicked in order round the rectangle (the outline they draw crosses itself or bends in)";
            return f;
        }
    }
    return fit(corners, o);
}

std::vector<Point> rectangle_points(const std::array<Vec2, 4>& px, Vec2 origin, double width, double depth) {
    return {{origin, px[0], "corner 1 (" + num(origin.x) + ", " + num(origin.y) + ")"},
            {{origin.x + width, origin.y}, px[1], "corner 2 (" + num(origin.x + width) + ", " + num(origin.y) + ")"},
            {{origin.x + width, origin.y + depth}, px[2], "corner 3 (" + num(origin.x + width) + ", " + num(origin.y + depth) + ")"},
            {{origin.x, origin.y + depth}, px[3], "corner 4 (" + num(origin.x) + ", " + num(origin.y + depth) + ")"}};
}

}  // namespace umpire::calibration
