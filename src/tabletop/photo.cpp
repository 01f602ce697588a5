// A photo under a table sketch (see photo.hpp).
#include "tabletop/photo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/image.hpp"

namespace umpire::tabletop {

namespace {

// { pixel = [x, y], at = [x, y] } with `at` on the table.
std::optional<PhotoPoint> read_point(const Section& p, double width, double depth) {
    p.only_keys({"pixel", "at"});
    PhotoPoint out;
    out.line = int(p.where().begin.line);
    out.column = int(p.where().begin.column);
    const auto px = image::read_pixel(p, "pixel");
    const toml::node* at = p.node("at");
    const toml::array* arr = at ? at->as_array() : nullptr;
    double xy[2] = {0, 0};
    bool good = arr && arr->size() == 2;
    for (std::size_t i = 0; good && i < 2; ++i) {
        const auto v = arr->get(i)->value<double>();
        good = v && std::isfinite(*v);
        if (good) xy[i] = *v;
    }
    if (!good) {
        p.error("at", at ? "expected [x, y]: where the point lies on the table, in the table's unit"
                         : "missing required key: where the point lies on the table, [x, y] in the table's unit");
        return std::nullopt;
    }
    if (xy[0] < 0 || xy[1] < 0 || xy[0] > width || xy[1] > depth) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "[%g, %g] lies off the table (0 to %g by 0 to %g)", xy[0], xy[1], width, depth);
        p.error("at", buf);
        return std::nullopt;
    }
    if (!px) return std::nullopt;
    out.pixel = {(*px)[0], (*px)[1]};
    out.at = {xy[0], xy[1]};
    return out;
}

}  // namespace

bool operator==(const Photo& a, const Photo& b) {
    if (a.image != b.image || a.opacity != b.opacity || a.points.size() != b.points.size()) return false;
    for (std::size_t i = 0; i < a.points.size(); ++i)
        if (!(a.points[i].pixel == b.points[i].pixel) || !(a.points[i].at == b.points[i].at)) return false;
    return true;
}

std::optional<Photo> read_photo(const Section& root, double width, double depth) {
    const Section t = root.table("photo");
    if (!t.present()) return std::nullopt;
    t.only_keys({"image", "opacity", "points"});
    Photo ph;
    ph.line = int(t.where().begin.line);
    ph.column = int(t.where().begin.column);
    image::read_picture_keys(t, ph.image, ph.opacity);
    const std::vector<Section> points = t.tables("points");
    if (points.size() > kMaxPhotoPoints)
        t.error("points", std::to_string(points.size()) + " points (accepted: at most " + std::to_string(kMaxPhotoPoints) + ")");
    for (std::size_t i = 0; i < points.size() && i < kMaxPhotoPoints; ++i)
        if (auto p = read_point(points[i], width, depth)) ph.points.push_back(*p);
    return ph;
}

std::string write_photo(const Photo& p) {
    std::string out = "\n[photo]\nimage = " + toml_string(p.image) + "\nopacity = " + toml_number(p.opacity) + "\npoints = [";
    for (const PhotoPoint& x : p.points)
        out += "\n  { pixel = [" + toml_number(x.pixel.x) + ", " + toml_number(x.pixel.y) + "], at = [" + toml_number(x.at.x) + ", " +
               toml_number(x.at.y) + "] },";
    out += p.points.empty() ? "]\n" : "\n]\n";
    return out;
}

std::filesystem::path photo_path(const Photo& p, const std::filesystem::path& table_file) {
    const std::filesystem::path image(p.image);
    return image.is_absolute() ? image : table_file.parent_path() / image;
}

calibration::Fit photo_fit(const Photo& p, const std::string& unit, std::optional<plane::Vec2> image_size) {
    std::vector<calibration::Point> pts;
    for (std::size_t i = 0; i < p.points.size(); ++i) {
        char label[80];
        std::snprintf(label, sizeof label, "at %g, %g", p.points[i].at.x, p.points[i].at.y);
        pts.push_back({p.points[i].at, p.points[i].pixel, label});
    }
    return calibration::calibrate_table(pts, unit, image_size);
}

}  // namespace umpire::tabletop
