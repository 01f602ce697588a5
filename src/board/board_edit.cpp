// Editing and writing boards (see board_edit.hpp, docs/boards.md "Painting a board").
//
// Sections
//   1. EditHistory    edits, strokes, undo/redo, bounds, the saved mark
//   2. write_board    header keys, [numbering], [hexes] as a rectangle cover, [hexsides] per hex,
//                     [[area]] (its hexes as the same cover)
//   3. equal_boards
#include "board/board_edit.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "board/underlay.hpp"
#include "core/atomic_file.hpp"

namespace umpire::board {

namespace {

bool is_directional(const Board& b, int feature) {
    if (feature < 0) return false;
    const auto& dir = b.vocabulary.directional;
    return std::find(dir.begin(), dir.end(), b.vocabulary.hexside_features[std::size_t(feature)]) != dir.end();
}

// Two hexside states mean the same thing: the same feature and, for a slope, the same sloped hex,
// both confirmed or both the same kind of suggestion (board/underlay.hpp).
bool same_side(const Board& b, const SideFeature& x, const SideFeature& y) {
    if (x.feature != y.feature || x.suggested != y.suggested) return false;
    return !is_directional(b, x.feature) || x.sloped == y.sloped;
}

// The suggestion mark of hex index i (none on a board without marks).
std::uint8_t mark_of(const Board& b, int i) { return b.suggested_of.empty() ? suggestion::none : b.suggested_of[std::size_t(i)]; }

}  // namespace

// =====================================================================================
// 1. EditHistory
// =====================================================================================

bool EditHistory::set_terrain(Board& b, const hex::Cube& h, int terrain) {
    const int i = b.index(h);
    if (i < 0 || terrain < 0 || std::size_t(terrain) >= b.vocabulary.hex_terrain.size()) return false;
    if (b.terrain_of[std::size_t(i)] == terrain && mark_of(b, i) == suggestion::none) return false;
    Change c;
    c.index = i;
    c.terrain_before = b.terrain_of[std::size_t(i)];
    c.terrain_after = std::uint8_t(terrain);
    c.mark_before = mark_of(b, i);  // painting a suggested hex confirms it
    in_stroke([&] { record(b, c); });
    return true;
}

bool EditHistory::set_hex_feature(Board& b, const hex::Cube& h, int feature) {
    const int i = b.index(h);
    if (i < 0 || b.feature_of.empty() || feature < -1 || (feature >= 0 && std::size_t(feature) >= b.vocabulary.hex_features.size()))
        return false;
    const auto stored = std::uint8_t(feature + 1);  // feature_of keeps 0 for none
    if (b.feature_of[std::size_t(i)] == stored && mark_of(b, i) == suggestion::none) return false;
    Change c;
    c.feature = true;
    c.index = i;
    c.terrain_before = b.feature_of[std::size_t(i)];
    c.terrain_after = stored;
    c.mark_before = mark_of(b, i);
    in_stroke([&] { record(b, c); });
    return true;
}

bool EditHistory::set_side(Board& b, const hex::Cube& h, int d, int feature) {
    if (!b.contains(h) || d < 0 || d > 5) return false;
    if (feature < -1 || (feature >= 0 && std::size_t(feature) >= b.vocabulary.hexside_features.size())) return false;
    const int slot = b.side_slot(h, d);
    if (slot < 0) return false;
    const SideFeature& was = b.sides_of[std::size_t(slot)];
    // A feature that may share the hexside with the one there (Vocabulary::side_pairs) joins it;
    // one the side already holds (in its pair) changes nothing, so a drag does not undo the pair.
    if (feature >= 0 && was.feature >= 0 && was.feature != feature && b.vocabulary.pair_has(was.feature, feature)) return false;
    if (const int both = feature >= 0 ? b.vocabulary.pair_of(was.feature, feature) : -1; both >= 0) feature = both;
    SideFeature now;  // cleared: no feature
    if (feature >= 0) now = SideFeature{feature, h, 0, 0};
    if (same_side(b, was, now)) return false;
    Change c;
    c.side = true;
    c.index = slot;
    c.side_before = was;
    c.side_after = now;
    in_stroke([&] { record(b, c); });
    return true;
}

std::string EditHistory::fill_hexes(Board& b, const std::string& shorthand, int terrain) {
    if (terrain < 0 || std::size_t(terrain) >= b.vocabulary.hex_terrain.size()) return "unknown terrain";
    const Expanded e = expand_hexes(b, shorthand);
    if (!e.error.empty()) return e.error;
    in_stroke([&] {
        for (const hex::Cube& h : e.hexes) set_terrain(b, h, terrain);
    });
    return {};
}

std::string EditHistory::fill_sides(Board& b, const std::string& shorthand, int feature) {
    if (feature < -1 || (feature >= 0 && std::size_t(feature) >= b.vocabulary.hexside_features.size())) return "unknown hexside feature";
    if (is_directional(b, feature) && shorthand.find('>') != std::string::npos)
        return "a " + b.vocabulary.hexside_features[std::size_t(feature)] +
               " has a sloped side (10.5), which a path of hexes does not say: write HEX/SIDES with HEX on the sloped side";
    const ExpandedSides e = expand_hexsides(b, shorthand);
    if (!e.error.empty()) return e.error;
    in_stroke([&] {
        for (const auto& [h, d] : e.sides) set_side(b, h, d, feature);
    });
    return {};
}

bool EditHistory::confirm(Board& b, const hex::Cube& h) {
    const int i = b.index(h);
    if (i < 0 || mark_of(b, i) == suggestion::none) return false;
    return set_terrain(b, h, b.terrain_of[std::size_t(i)]);
}

int EditHistory::confirm_many(Board& b, const std::vector<hex::Cube>& hexes, const std::vector<std::pair<hex::Cube, int>>& sides) {
    int n = 0;
    in_stroke([&] {
        for (const hex::Cube& h : hexes) n += confirm(b, h) ? 1 : 0;
        for (const auto& [h, d] : sides) n += confirm_side(b, h, d) ? 1 : 0;
    });
    return n;
}

int EditHistory::confirm_all(Board& b) {
    std::vector<hex::Cube> hexes;
    for (std::size_t i = 0; i < b.suggested_of.size(); ++i)
        if (b.suggested_of[i] != suggestion::none) hexes.push_back(b.hex_at(int(i)));
    std::vector<std::pair<hex::Cube, int>> sides;
    for (const std::size_t slot : b.sides_of.slots())
        if (b.sides_of[slot].suggested != suggestion::none)
            if (const auto side = side_of_slot(b, int(slot))) sides.push_back(*side);
    return confirm_many(b, hexes, sides);
}

bool EditHistory::confirm_side(Board& b, const hex::Cube& h, int d) {
    if (!b.contains(h) || d < 0 || d > 5) return false;
    const int slot = b.side_slot(h, d);
    if (slot < 0 || b.sides_of[std::size_t(slot)].suggested == suggestion::none) return false;
    const SideFeature& f = b.sides_of[std::size_t(slot)];
    // A directional feature keeps its sloped hex: set it from that hex (h, or the hex across).
    if (f.feature >= 0 && is_directional(b, f.feature) && f.sloped != h) return set_side(b, f.sloped, (d + 3) % 6, f.feature);
    return set_side(b, h, d, f.feature);
}

void EditHistory::begin_stroke() {
    if (stroke_) end_stroke();
    stroke_ = true;
}

void EditHistory::end_stroke() {
    stroke_ = false;
    commit();
}

// Applies one change and adds it to the open step. A place changed twice in one step keeps its
// first "before" and its last "after", so a drag back and forth records each hex once.
void EditHistory::record(Board& b, Change c) {
    if (current_.changes.empty()) {
        current_.id = next_id_++;
        // A new edit after undoing: the undone steps can no longer be redone.
        for (const Step& s : redo_) recorded_ -= s.changes.size();
        redo_.clear();
    }
    const std::int64_t key = (c.side ? (std::int64_t(1) << 40) : c.feature ? (std::int64_t(1) << 41) : 0) + c.index;
    auto it = current_at_.find(key);
    if (it == current_at_.end()) {
        current_at_.emplace(key, current_.changes.size());
        current_.changes.push_back(c);
    } else {
        Change& was = current_.changes[it->second];
        was.terrain_after = c.terrain_after;
        was.mark_after = c.mark_after;
        was.side_after = c.side_after;
    }
    put(b, c, true);
    ++revision_;
}

void EditHistory::commit() {
    current_at_.clear();
    if (current_.changes.empty()) return;
    recorded_ += current_.changes.size();
    undo_.push_back(std::move(current_));
    current_ = Step{};
    trim();
}

// Drops the oldest steps past the limits (the newest step is always kept, however large: one
// step holds each place of the board at most once).
void EditHistory::trim() {
    std::size_t drop = 0;
    std::size_t recorded = recorded_;
    while (undo_.size() - drop > 1 && (undo_.size() - drop > limits_.max_steps || recorded > limits_.max_changes)) {
        recorded -= undo_[drop].changes.size();
        ++drop;
    }
    if (drop == 0) return;
    base_id_ = undo_[drop - 1].id;
    undo_.erase(undo_.begin(), undo_.begin() + std::ptrdiff_t(drop));
    recorded_ = recorded;
}

std::uint64_t EditHistory::state_id() const {
    if (stroke_ && !current_.changes.empty()) return current_.id;
    return undo_.empty() ? base_id_ : undo_.back().id;
}

// One change's after (or before) state put on the board.
void EditHistory::put(Board& b, const Change& c, bool forward) {
    if (c.side) {
        b.sides_of.edit(std::size_t(c.index)) = forward ? c.side_after : c.side_before;
        return;
    }
    (c.feature ? b.feature_of : b.terrain_of)[std::size_t(c.index)] = forward ? c.terrain_after : c.terrain_before;
    if (!b.suggested_of.empty()) b.suggested_of[std::size_t(c.index)] = forward ? c.mark_after : c.mark_before;
}

// A hex's terrain and second layer share its suggestion mark, so a step is undone last change
// first: each change's "before" mark is then the one it found.
void EditHistory::apply(Board& b, const Step& s, bool forward) {
    if (forward)
        for (const Change& c : s.changes) put(b, c, true);
    else
        for (auto it = s.changes.rbegin(); it != s.changes.rend(); ++it) put(b, *it, false);
    ++revision_;
}

bool EditHistory::undo(Board& b) { return move_step(b, undo_, redo_, false); }

bool EditHistory::redo(Board& b) { return move_step(b, redo_, undo_, true); }

bool EditHistory::move_step(Board& b, std::vector<Step>& from, std::vector<Step>& to, bool forward) {
    if (stroke_) end_stroke();
    if (from.empty()) return false;
    apply(b, from.back(), forward);
    to.push_back(std::move(from.back()));
    from.pop_back();
    return true;
}

void EditHistory::reset() {
    undo_.clear();
    redo_.clear();
    current_ = Step{};
    current_at_.clear();
    stroke_ = false;
    recorded_ = 0;
    base_id_ = saved_id_ = next_id_++;
    ++revision_;
}

// =====================================================================================
// 2. write_board
// =====================================================================================

namespace {

std::string quoted(const std::string& s) {
    static const char* hex = "0123456789abcdef";
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) out += std::string("\\u00") + hex[c >> 4] + hex[c & 15];
        else out += char(c);
    }
    return out + "\"";
}

std::string key_text(const std::string& k) {
    const bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](unsigned char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
    return bare ? k : quoted(k);
}

bool same_numbering(const hex::Numbering& a, const hex::Numbering& b) {
    return a.column_digits == b.column_digits && a.row_digits == b.row_digits && a.even_columns_lower == b.even_columns_lower &&
           a.side_names == b.side_names;
}

// `name = [...]`, six strings a line. The reader takes at most kMaxArrayItems strings in one
// array; a longer list goes on under the same name with a '-' added ("woods-"), which names the
// same terrain (names ignore '-', names.hpp) — the split docs/boards.md describes.
void write_lists(std::string& out, const std::string& name, const std::vector<std::string>& items) {
    for (std::size_t start = 0, part = 0; start < items.size(); start += kMaxArrayItems, ++part) {
        const std::size_t end = std::min(items.size(), start + kMaxArrayItems);
        out += key_text(name + std::string(part, '-')) + " = [";
        for (std::size_t i = start; i < end; ++i) {
            out += (i - start) % 6 == 0 ? "\n  " : " ";
            out += quoted(items[i]) + ",";
        }
        out += "\n]\n";
    }
}

// The hexes of terrain t as few shorthand strings: from each hex not yet written, the longest
// run down its column, then as many whole columns of that run to the east as hold the same
// terrain (hexes already written may be named again: the same terrain twice is allowed).
template <class Holds>
std::vector<std::string> cover_if(const Board& b, Holds holds) {
    std::vector<std::string> out;
    std::vector<std::uint8_t> done(std::size_t(b.hex_count()), 0);
    auto at = [&](int c, int r) { return std::size_t((c - 1) * b.rows + (r - 1)); };
    auto name = [&](int c, int r) { return b.name(b.numbering.to_cube(c, r)); };
    for (int c = 1; c <= b.columns; ++c)
        for (int r = 1; r <= b.rows; ++r) {
            if (!holds(at(c, r)) || done[at(c, r)]) continue;
            int r2 = r, c2 = c;
            while (r2 < b.rows && holds(at(c, r2 + 1))) ++r2;
            auto column_holds = [&](int cc) {
                for (int rr = r; rr <= r2; ++rr)
                    if (!holds(at(cc, rr))) return false;
                return true;
            };
            while (c2 < b.columns && column_holds(c2 + 1)) ++c2;
            for (int cc = c; cc <= c2; ++cc)
                for (int rr = r; rr <= r2; ++rr) done[at(cc, rr)] = 1;
            if (c == c2 && r == r2) out.push_back(name(c, r));
            else if (c == c2 && r == 1 && r2 == b.rows) out.push_back("column " + std::to_string(c));
            else if (r == r2 && c == 1 && c2 == b.columns) out.push_back("row " + std::to_string(r));
            else if (c == c2 || r == r2) out.push_back(name(c, r) + "-" + name(c2, r2));
            else out.push_back(name(c, r) + ".." + name(c2, r2));
        }
    return out;
}
std::vector<std::string> cover(const Board& b, const std::vector<std::uint8_t>& layer, int t) {
    return cover_if(b, [&](std::size_t i) { return layer[i] == t; });
}

// Every hexside carrying a feature, as (hex named, direction): a slope from its sloped hex
// (10.5), any other feature from the hex the board file named (else the one on the board).
struct SideAt {
    int hex_index;
    int direction;
};
std::vector<std::vector<SideAt>> sides_by_feature(const Board& b) {
    std::vector<std::vector<SideAt>> out(b.vocabulary.hexside_features.size());
    for (int c = 0; c <= b.columns + 1; ++c)
        for (int r = 0; r <= b.rows + 1; ++r) {
            const hex::Cube h = b.numbering.to_cube(c, r);
            for (int d = 0; d < 3; ++d) {
                const int slot = b.side_slot(h, d);
                if (slot < 0) continue;
                const SideFeature& f = b.sides_of[std::size_t(slot)];
                if (f.feature < 0) continue;
                const hex::Cube other = hex::neighbour(h, d);
                hex::Cube named;
                if (is_directional(b, f.feature)) {
                    if (!b.contains(f.sloped) || !(f.sloped == h || f.sloped == other))
                        throw std::logic_error("board_edit: the " + b.vocabulary.hexside_features[std::size_t(f.feature)] + " on " +
                                               b.side_name(h, d) + " has its sloped hex off the board");
                    named = f.sloped;
                } else if (b.contains(f.sloped) && (f.sloped == h || f.sloped == other)) {
                    named = f.sloped;
                } else if (b.contains(h)) {
                    named = h;
                } else if (b.contains(other)) {
                    named = other;
                } else {
                    continue;  // between two hexes off the board: no file can name it, no edit makes it
                }
                const hex::Cube across = named == h ? other : h;
                out[std::size_t(f.feature)].push_back({b.index(named), *hex::direction_to(named, across)});
            }
        }
    return out;
}

}  // namespace

std::string write_board(const Board& b) {
    const Vocabulary& v = b.vocabulary;
    std::string out = "# A board for Umpire (format: docs/boards.md), written by its board painter.\n";
    out += "system = " + quoted(b.system.empty() ? v.system : b.system) + "\n";
    if (!b.title.empty()) out += "title = " + quoted(b.title) + "\n";
    if (b.sample) out += "sample = true\n";
    if (!b.terrain_mode.empty()) out += "terrain_mode = " + quoted(b.terrain_mode) + "\n";
    out += "columns = " + std::to_string(b.columns) + "\nrows = " + std::to_string(b.rows) + "\n";

    // The most common terrain is the default, so only the rest is listed.
    std::vector<std::size_t> count(v.hex_terrain.size(), 0);
    for (std::uint8_t t : b.terrain_of) ++count[t];
    const int def = int(std::max_element(count.begin(), count.end()) - count.begin());
    if (!v.hex_terrain.empty()) out += "default = " + quoted(v.hex_terrain[std::size_t(def)]) + "\n";

    if (!same_numbering(b.numbering, v.numbering)) {
        const hex::Numbering& n = b.numbering;
        out += "\n[numbering]\ncolumn_digits = " + std::to_string(n.column_digits) + "\nrow_digits = " + std::to_string(n.row_digits) +
               "\nlower_columns = " + (n.even_columns_lower ? "\"even\"" : "\"odd\"") + "\nside_names = [";
        for (std::size_t i = 0; i < n.side_names.size(); ++i) out += (i ? ", " : "") + quoted(n.side_names[i]);
        out += "]\n";
    }

    std::string hexes;
    for (int t = 0; t < int(v.hex_terrain.size()); ++t) {
        if (t == def || count[std::size_t(t)] == 0) continue;
        write_lists(hexes, v.hex_terrain[std::size_t(t)], cover(b, b.terrain_of, t));
    }
    if (!hexes.empty()) out += "\n[hexes]\n" + hexes;

    // The second per-hex layer (a single-hex woods or town in PanzerBlitz): 0 none, else 1 + feature.
    std::string features;
    for (std::size_t f = 0; f < v.hex_features.size() && !b.feature_of.empty(); ++f)
        if (std::find(b.feature_of.begin(), b.feature_of.end(), std::uint8_t(f + 1)) != b.feature_of.end())
            write_lists(features, v.hex_features[f], cover(b, b.feature_of, int(f + 1)));
    if (!features.empty()) out += "\n[hex_features]\n" + features;

    std::string sides;
    const auto by_feature = sides_by_feature(b);
    for (std::size_t f = 0; f < by_feature.size(); ++f) {
        // One string per hex, its sides in order: "1204/B-C-D".
        std::map<int, std::vector<int>> per_hex;
        for (const SideAt& s : by_feature[f]) per_hex[s.hex_index].push_back(s.direction);
        std::vector<std::string> items;
        for (auto& [i, dirs] : per_hex) items.push_back(sides_text(b, b.hex_at(i), dirs));
        if (!items.empty()) write_lists(sides, v.hexside_features[f], items);
    }
    if (!sides.empty()) out += "\n[hexsides]\n" + sides;

    for (const Area& a : b.areas) {
        out += "\n[[area]]\nkind = " + quoted(v.area_kinds.at(std::size_t(a.kind))) + "\n";
        if (!a.name.empty()) out += "name = " + quoted(a.name) + "\n";
        std::vector<std::uint8_t> in(std::size_t(b.hex_count()), 0);
        for (int i : a.hexes) in.at(std::size_t(i)) = 1;
        write_lists(out, "hexes", cover_if(b, [&](std::size_t i) { return in[i] != 0; }));
    }
    out += write_underlay(b);  // [underlay] and [suggested]: board_sections.cpp
    out += write_suggested(b);
    return out;
}

std::string toml_quoted(const std::string& s) { return quoted(s); }
std::string sides_text(const Board& b, const hex::Cube& h, std::vector<int> directions) {
    std::sort(directions.begin(), directions.end());
    std::string s = b.name(h) + "/";
    for (std::size_t k = 0; k < directions.size(); ++k) s += (k ? "-" : "") + b.numbering.side_names[std::size_t(directions[k])];
    return s;
}
std::vector<NamedSide> named_sides(const Board& b) {
    std::vector<NamedSide> out;
    const auto by_feature = sides_by_feature(b);
    for (std::size_t f = 0; f < by_feature.size(); ++f)
        for (const auto& s : by_feature[f]) out.push_back({int(f), b.hex_at(s.hex_index), s.direction});
    return out;
}
void write_list(std::string& out, const std::string& key, const std::vector<std::string>& items) { write_lists(out, key, items); }
std::vector<std::string> hex_cover(const Board& b, const std::function<bool(std::size_t)>& holds) { return cover_if(b, holds); }

std::string write_board_at(const Board& b, const std::filesystem::path& path) {
    if (!b.underlay) return write_board(b);
    const std::string image = underlay_image_for(b, path);
    if (image == b.underlay->image) return write_board(b);
    Board moved = b;  // a board's copy is a few vectors: cheap beside writing the file
    moved.underlay->image = image;
    return write_board(moved);
}

std::optional<std::string> save_board(const Board& b, const std::filesystem::path& path) {
    std::string text;
    try {
        text = write_board_at(b, path);
    } catch (const std::logic_error& e) {
        return std::string(e.what());
    }
    return atomic_write(path, text);
}

std::optional<std::string> save_board_as(Board& b, const std::filesystem::path& path) {
    const std::string image = b.underlay ? underlay_image_for(b, path) : std::string();
    if (auto err = save_board(b, path)) return err;
    b.file = path.string();
    if (b.underlay) b.underlay->image = image;
    return std::nullopt;
}

// =====================================================================================
// 3. equal_boards
// =====================================================================================

bool equal_boards(const Board& a, const Board& b) {
    if (a.system != b.system || a.title != b.title || a.sample != b.sample || a.terrain_mode != b.terrain_mode) return false;
    if (!same_numbering(a.numbering, b.numbering) || a.columns != b.columns || a.rows != b.rows) return false;
    if (a.terrain_of != b.terrain_of || a.sides_of.size() != b.sides_of.size()) return false;
    if (a.feature_of != b.feature_of && !(a.feature_of.empty() && std::all_of(b.feature_of.begin(), b.feature_of.end(), [](auto x) { return x == 0; })) &&
        !(b.feature_of.empty() && std::all_of(a.feature_of.begin(), a.feature_of.end(), [](auto x) { return x == 0; })))
        return false;
    // Only slots either board ever set can differ (SideTable::slots).
    for (const Board* x : {&a, &b})
        for (const std::size_t i : x->sides_of.slots())
            if (!same_side(a, a.sides_of[i], b.sides_of[i])) return false;
    if (a.areas.size() != b.areas.size()) return false;
    if (a.suggested_of != b.suggested_of || a.underlay.has_value() != b.underlay.has_value()) return false;
    if (a.underlay) {
        const Underlay &x = *a.underlay, &y = *b.underlay;
        if (x.image != y.image || x.opacity != y.opacity || x.model != y.model || x.points.size() != y.points.size()) return false;
        for (std::size_t i = 0; i < x.points.size(); ++i)
            if (x.points[i].hex != y.points[i].hex || x.points[i].x != y.points[i].x || x.points[i].y != y.points[i].y) return false;
    }
    for (std::size_t i = 0; i < a.areas.size(); ++i) {
        const Area &x = a.areas[i], &y = b.areas[i];
        if (a.vocabulary.area_kinds.at(std::size_t(x.kind)) != b.vocabulary.area_kinds.at(std::size_t(y.kind)) || x.name != y.name || x.hexes != y.hexes)
            return false;
    }
    return true;
}

}  // namespace umpire::board
