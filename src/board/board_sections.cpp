// A board file's [underlay] and [suggested] sections, read and written (board/underlay.hpp has
// the format). These define board.hpp's read_underlay / read_suggested (parse_board calls them)
// and board_edit.hpp's write_underlay / write_suggested (write_board calls them): kept in a file of
// their own so board.cpp and board_edit.cpp only call them, and no unit of board/ includes another
// both ways (tests/test_structure.cpp).
//
// Sections
//   1. reading     read_underlay (image, opacity, model, points), read_suggested (four lists)
//   2. writing     write_underlay, write_suggested
#include <algorithm>
#include <cmath>
#include <map>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "board/underlay.hpp"
#include "core/image.hpp"

namespace umpire::board {

// =====================================================================================
// 1. reading
// =====================================================================================

namespace {

// One clicked point: { hex = "0101", pixel = [x, y] }.
std::optional<UnderlayPoint> read_point(const Section& p, const Board& b) {
    p.only_keys({"hex", "pixel"});
    UnderlayPoint out;
    out.line = int(p.where().begin.line);
    out.column = int(p.where().begin.column);
    bool ok = false;
    if (const auto h = p.str("hex", true)) {
        if (const auto c = b.parse_hex(*h)) {
            out.hex = *c;
            ok = true;
        } else {
            p.error("hex", quoted_value(*h) + " is not a hex of this board (" + b.numbering.describe() + "; columns 1-" +
                               std::to_string(b.columns) + ", rows 1-" + std::to_string(b.rows) + ")");
        }
    }
    const auto xy = image::read_pixel(p, "pixel");
    if (!xy || !ok) return std::nullopt;
    out.x = (*xy)[0], out.y = (*xy)[1];
    return out;
}

// Every array of a section under `base`, `base-`, `base--`, ... (write_board splits long lists so).
bool is_split_key(const std::string& key, const std::string& base) {
    return key.rfind(base, 0) == 0 && key.find_first_not_of('-', base.size()) == std::string::npos;
}

}  // namespace

void read_underlay(const Section& root, Board& b) {
    const Section t = root.table("underlay");
    if (!t.present()) return;
    t.only_keys({"image", "opacity", "model", "points"});
    Underlay u;
    u.line = int(t.where().begin.line);
    u.column = int(t.where().begin.column);
    image::read_picture_keys(t, u.image, u.opacity);
    if (const auto m = t.choice("model", {"affine", "perspective"})) u.model = *m;
    const std::vector<Section> points = t.tables("points");
    if (points.size() > kMaxUnderlayPoints)
        t.error("points", std::to_string(points.size()) + " points (accepted: at most " + std::to_string(kMaxUnderlayPoints) + ")");
    std::map<int, const UnderlayPoint*> seen;
    for (std::size_t i = 0; i < points.size() && i < kMaxUnderlayPoints; ++i)
        if (auto p = read_point(points[i], b)) u.points.push_back(*p);
    for (const UnderlayPoint& p : u.points) {
        const auto [it, fresh] = seen.emplace(b.index(p.hex), &p);
        if (!fresh)
            root.sink().error_at(p.line, p.column, "underlay.points: hex " + b.name(p.hex) + " is clicked twice (also line " +
                                                       std::to_string(it->second->line) + "): one point a hex");
    }
    b.underlay = std::move(u);
}

void read_suggested(const Section& root, Board& b) {
    const Section t = root.table("suggested");
    if (!t.present()) return;
    Sink& sink = root.sink();
    b.suggested_line = int(t.where().begin.line);
    b.suggested_column = int(t.where().begin.column);
    for (const auto& [k, node] : *t.raw()) {
        const std::string key(k.str());
        const bool hexes = is_split_key(key, "hexes") || is_split_key(key, "unsure_hexes");
        const bool sides = is_split_key(key, "hexsides") || is_split_key(key, "unsure_hexsides");
        if (!hexes && !sides) {
            sink.error(&node, t.key_path(key) + ": unknown key (accepted keys here: hexes, hexsides, unsure_hexes, unsure_hexsides)");
            continue;
        }
        const std::uint8_t mark = key.rfind("unsure_", 0) == 0 ? suggestion::unsure : suggestion::suggested;
        const toml::array* arr = node.as_array();
        if (!arr) {
            sink.error(&node, t.key_path(key) + ": expected an array of " + (hexes ? "hex" : "hexside") + " strings, got " + describe_type(node));
            continue;
        }
        for (const toml::node& item : *arr) {
            const auto* s = item.as_string();
            if (!s) {
                sink.error(&item, t.key_path(key) + ": expected a string such as " + (hexes ? "\"0101-0110\"" : "\"1204/B-C-D\"") + ", got " +
                                      describe_type(item));
                continue;
            }
            std::string error;
            if (hexes) {
                const Expanded e = expand_hexes(b, s->get());
                error = e.error;
                for (const hex::Cube& h : e.hexes) {
                    std::uint8_t& m = b.suggested_of[std::size_t(b.index(h))];
                    m = std::max(m, mark);
                }
            } else {
                const ExpandedSides e = expand_hexsides(b, s->get());
                error = e.error;
                for (const auto& [h, d] : e.sides) {
                    std::uint8_t& m = b.sides_of.edit(std::size_t(b.side_slot(h, d))).suggested;
                    m = std::max(m, mark);
                }
            }
            if (!error.empty()) sink.error(&item, t.key_path(key) + ": " + error);
        }
    }
}

// =====================================================================================
// 2. writing
// =====================================================================================

namespace {

// The hexsides whose mark is at least `mark`, one string per hex: "1204/B-C".
std::vector<std::string> marked_sides(const Board& b, std::uint8_t mark) {
    std::map<int, std::vector<int>> per_hex;
    for (const std::size_t slot : b.sides_of.slots()) {
        if (b.sides_of[slot].suggested < mark) continue;
        if (const auto side = side_of_slot(b, int(slot))) per_hex[b.index(side->first)].push_back(side->second);
    }
    std::vector<std::string> out;
    for (auto& [i, dirs] : per_hex) out.push_back(sides_text(b, b.hex_at(i), dirs));
    return out;
}

}  // namespace

std::string write_underlay(const Board& b) {
    if (!b.underlay) return "";
    const Underlay& u = *b.underlay;
    std::string out = "\n[underlay]\nimage = " + toml_quoted(u.image) + "\nopacity = " + toml_number(u.opacity) + "\n";
    if (!u.model.empty()) out += "model = " + toml_quoted(u.model) + "\n";
    out += "points = [";
    for (const UnderlayPoint& p : u.points)
        out += "\n  { hex = " + toml_quoted(b.name(p.hex)) + ", pixel = [" + toml_number(p.x) + ", " + toml_number(p.y) + "] },";
    out += u.points.empty() ? "]\n" : "\n]\n";
    return out;
}

std::string write_suggested(const Board& b) {
    std::string body;
    auto hexes_marked = [&](std::uint8_t mark) {
        return hex_cover(b, [&](std::size_t i) { return b.suggested_of.size() > i && b.suggested_of[i] >= mark; });
    };
    if (auto h = hexes_marked(suggestion::suggested); !h.empty()) write_list(body, "hexes", h);
    if (auto s = marked_sides(b, suggestion::suggested); !s.empty()) write_list(body, "hexsides", s);
    if (auto h = hexes_marked(suggestion::unsure); !h.empty()) write_list(body, "unsure_hexes", h);
    if (auto s = marked_sides(b, suggestion::unsure); !s.empty()) write_list(body, "unsure_hexsides", s);
    return body.empty() ? "" : "\n[suggested]\n" + body;
}


}  // namespace umpire::board
