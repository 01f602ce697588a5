// The Picture tool's window-free logic (see picture_points.hpp).
//
// Sections
//   1. PointEdits
//   2. the fit
//   3. Examples
#include "window/board/picture_points.hpp"

#include <algorithm>
#include <cstdio>

#include "board/underlay.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::app {

// =====================================================================================
// 1. PointEdits
// =====================================================================================

void PointEdits::record(const board::Board& b) {
    undo_.push_back(b.underlay->points);
    if (undo_.size() > 200) undo_.erase(undo_.begin());  // a few kilobytes at most
    redo_.clear();
    ++revision_;
}

bool PointEdits::unsaved(const board::Board& b) const {
    if (!b.underlay || !saved_) return false;
    const auto& now = b.underlay->points;
    if (now.size() != saved_->size()) return true;
    for (std::size_t i = 0; i < now.size(); ++i)
        if (!(now[i].hex == (*saved_)[i].hex) || now[i].x != (*saved_)[i].x || now[i].y != (*saved_)[i].y) return true;
    return false;
}

void PointEdits::mark_saved(const board::Board& b) {
    if (b.underlay) saved_ = b.underlay->points;
}

bool PointEdits::add(board::Board& b, const hex::Cube& h, plane::Vec2 pixel, std::string* error) {
    if (!b.underlay) return false;
    if (b.underlay->points.size() >= board::kMaxUnderlayPoints) {
        if (error) *error = "at most " + std::to_string(board::kMaxUnderlayPoints) + " points: remove one first";
        return false;
    }
    record(b);
    b.underlay->points.push_back({h, pixel.x, pixel.y, 0, 0});
    return true;
}

bool PointEdits::remove(board::Board& b, std::size_t i) {
    if (!b.underlay || i >= b.underlay->points.size()) return false;
    record(b);
    b.underlay->points.erase(b.underlay->points.begin() + std::ptrdiff_t(i));
    return true;
}

bool PointEdits::renumber(board::Board& b, std::size_t i, const hex::Cube& h) {
    if (!b.underlay || i >= b.underlay->points.size() || b.underlay->points[i].hex == h) return false;
    record(b);
    b.underlay->points[i].hex = h;
    return true;
}

// Undo and redo: the points as they are go onto one stack, the last of the other comes back.
bool PointEdits::step(board::Board& b, std::vector<std::vector<board::UnderlayPoint>>& from, std::vector<std::vector<board::UnderlayPoint>>& to) {
    if (!b.underlay || from.empty()) return false;
    to.push_back(std::move(b.underlay->points));
    b.underlay->points = std::move(from.back());
    from.pop_back();
    ++revision_;
    return true;
}

bool PointEdits::undo(board::Board& b) { return step(b, undo_, redo_); }
bool PointEdits::redo(board::Board& b) { return step(b, redo_, undo_); }

// =====================================================================================
// 2. the fit
// =====================================================================================

std::optional<hex::Cube> hex_under(const calibration::Fit& fit, const board::Board& b, plane::Vec2 pixel) {
    if (!fit.ok) return std::nullopt;
    const hex::Cube h = hex::plane_pick(fit.to_plane.apply(pixel));
    if (!b.contains(h)) return std::nullopt;
    return h;
}

Residual residual_words(double hexes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", hexes);
    // Over half a hex the click lies nearer another hex's centre (calibration.hpp's max_residual).
    if (hexes > 0.5) return {std::string(buf) + ": a wrong click or a wrong number?", true};
    return {buf, false};
}

std::string pixel_text(plane::Vec2 p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f, %.0f", p.x, p.y);
    return buf;
}

std::string calibration_advice(const std::string& error) {
    auto has = [&](const char* s) { return error.find(s) != std::string::npos; };
    if (has("too few points")) return "Click at least 3 hex centres; 5 to 9 spread over the map are best (the corners, the edges' middles, the centre).";
    if (has("are the same place")) return "One point a hex: a number typed twice. Correct one of them in the list.";
    if (has("on one pixel")) return "Two numbers given to one click: remove one of them.";
    if (has("in a line")) return "Spread the points out: three corners of the map at least.";
    if (has("off the picture")) return "Click on the picture itself.";
    if (has("lies ") && has("hex from where")) return "Click that hex's centre again, or check its number in the list.";
    if (has("folds") || has("times larger")) return "A point is wrong (check the numbers), or the photo is taken too far off vertical.";
    return "Check the points' numbers in the list, or remove the last point (Ctrl+Z).";
}

// =====================================================================================
// 3. Examples
// =====================================================================================

std::string example_name(const board::Vocabulary& v, const std::string& name, const std::string& on) {
    const bool feature = std::find(v.hex_features.begin(), v.hex_features.end(), name) != v.hex_features.end();
    if (!feature || on.empty() || (!v.hex_terrain.empty() && on == v.hex_terrain.front())) return name;
    return on + "+" + name;
}

bool hexside_only(const board::Vocabulary& v, const std::string& name) {
    const auto in = [&](const std::vector<std::string>& l) { return std::find(l.begin(), l.end(), name) != l.end(); };
    return in(v.hexside_features) && !in(v.hex_terrain) && !in(v.hex_features);
}

}  // namespace umpire::app
