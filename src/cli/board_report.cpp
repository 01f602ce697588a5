// board check's JSON and picture report (see board_report.hpp).
#include "cli/board_report.hpp"

#include <cstdio>

#include "board/board_edit.hpp"
#include "board/underlay.hpp"
#include "core/diag.hpp"
#include "core/image.hpp"
#include "core/input.hpp"
#include "core/text.hpp"

namespace umpire::cli {

namespace {

json::Value unconfirmed_json(const board::Board& b) {
    const board::Suggestions s = board::count_suggestions(b);
    json::Array hexes, sides;
    for (int i : s.unsure_hexes) hexes.emplace_back(b.name(b.hex_at(i)));
    for (const auto& [h, d] : s.unsure_sides) sides.emplace_back(b.side_name(h, d));
    return json::Object{{"hexes", s.hexes}, {"hexsides", s.hexsides}, {"unsure_hexes", std::move(hexes)}, {"unsure_hexsides", std::move(sides)}};
}

}  // namespace

json::Value board_json(const board::Board& b) {
    const board::Vocabulary& v = b.vocabulary;
    json::Object hexes, features, sides;
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        hexes.emplace_back(b.name(h), b.terrain(h));
        if (const int f = b.hex_feature(h); f >= 0) features.emplace_back(b.name(h), v.hex_features[std::size_t(f)]);
    }
    std::vector<board::NamedSide> named = board::named_sides(b);
    std::sort(named.begin(), named.end(), [&](const board::NamedSide& x, const board::NamedSide& y) {
        const int a = b.index(x.hex), c = b.index(y.hex);
        return a != c ? a < c : x.direction < y.direction;
    });
    for (const board::NamedSide& s : named) sides.emplace_back(b.side_name(s.hex, s.direction), v.hexside_features[std::size_t(s.feature)]);
    json::Object out{{"system", b.system}, {"title", b.title}, {"columns", b.columns}, {"rows", b.rows}, {"hexes", std::move(hexes)}};
    if (!v.hex_features.empty()) out.emplace_back("hex_features", std::move(features));
    out.emplace_back("hexsides", std::move(sides));
    out.emplace_back("unconfirmed", unconfirmed_json(b));
    if (b.underlay) {
        json::Array points;
        for (const board::UnderlayPoint& p : b.underlay->points)
            points.push_back(json::Object{{"hex", b.name(p.hex)}, {"pixel", json::Array{p.x, p.y}}});
        out.emplace_back("underlay", json::Object{{"image", b.underlay->image}, {"opacity", b.underlay->opacity}, {"points", std::move(points)}});
    }
    return out;
}

// The size of the picture at `path` (as shown: EXIF orientation applied), or a warning at `where`.
std::optional<plane::Vec2> picture_size(const std::filesystem::path& path, const Diagnostic& where, std::ostream& out, std::ostream& warnings) {
    try {
        const std::string bytes = read_input_file(path, path.string(), image::kMaxImageBytes);
        const image::Info info = image::probe(bytes, path.string());
        const bool turned = info.orientation >= 5;
        const plane::Vec2 size{double(turned ? info.height : info.width), double(turned ? info.width : info.height)};
        out << "  picture: " << image::to_string(info.format) << ", " << size.x << " x " << size.y << " pixels\n";
        return size;
    } catch (const InputError& e) {
        Diagnostic d = where;
        d.message += " (" + e.diagnostics().at(0).message + ")";
        warnings << d.str() << "\n";
        return std::nullopt;
    }
}

void report_photo(const tabletop::Sketch& t, std::ostream& out, std::ostream& warnings) {
    if (!t.photo) return;
    const tabletop::Photo& p = *t.photo;
    out << "  photo: " << escape_text(p.image) << ", " << p.points.size() << " calibration points, opacity " << formatted(p.opacity) << "\n";
    const auto size = picture_size(tabletop::photo_path(p, t.file), {t.file, p.line, p.column, "warning: photo.image: the photo cannot be used"}, out,
                                   warnings);
    const calibration::Fit f = tabletop::photo_fit(p, t.unit, size);
    if (f.ok) out << "  calibration: " << calibration::to_string(f.model) << " map, worst point " << formatted(f.worst) << " " << t.unit << "\n";
    else warnings << Diagnostic{t.file, p.line, p.column, "warning: photo.points: the calibration is refused: " + f.error}.str() << "\n";
}

void report_picture(const board::Board& b, std::ostream& out, std::ostream& warnings) {
    if (b.underlay) {
        const board::Underlay& u = *b.underlay;
        const std::filesystem::path path = board::underlay_path(b, b.file);
        out << "  underlay: " << escape_text(u.image) << ", " << u.points.size() << " calibration points, opacity " << formatted(u.opacity) << "\n";
        const auto size = picture_size(path, {b.file, u.line, u.column, "warning: underlay.image: the picture cannot be used"}, out, warnings);
        if (!u.points.empty()) {
            const calibration::Fit f = board::underlay_fit(b, size);
            if (f.ok) out << "  calibration: " << calibration::to_string(f.model) << " map, worst point " << formatted(f.worst) << " hex, RMS " << formatted(f.rms) << " hex\n";
            else warnings << Diagnostic{b.file, u.line, u.column, "warning: underlay.points: the calibration is refused: " + f.error}.str() << "\n";
        }
    }
    const board::Suggestions s = board::count_suggestions(b);
    if (!s.any()) return;
    out << "  suggested from the picture, not yet confirmed: " << s.hexes << " hexes, " << s.hexsides << " hexsides";
    std::vector<std::string> first;
    for (int i : s.unsure_hexes) first.push_back(b.name(b.hex_at(i)));
    for (const auto& [h, d] : s.unsure_sides) first.push_back(b.side_name(h, d));
    if (!first.empty()) {
        out << "; " << first.size() << " unsure, check these first:";
        for (std::size_t i = 0; i < first.size() && i < 40; ++i) out << (i ? ", " : " ") << first[i];
        if (first.size() > 40) out << ", ... (" << first.size() - 40 << " more: board check --json lists them all)";
    }
    out << "\n";
    warnings << Diagnostic{b.file, std::max(1, b.suggested_line), std::max(1, b.suggested_column),
                           "warning: suggested: " + std::to_string(s.hexes) + " hexes and " + std::to_string(s.hexsides) +
                               " hexsides are suggestions from the picture, not yet confirmed (rulings take them as suggested; docs/maps.md)"}
                    .str()
             << "\n";
}

}  // namespace umpire::cli
