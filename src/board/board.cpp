// Boards (see board.hpp and docs/boards.md).
//
// Sections
//   1. lookups       index, terrain, side slots; SideTable (the hexside records and their hash)
//   2. shorthand     hex runs/areas/columns/rows; hexside lists and paths
//   3. load_board    keys, numbering, size, [hexes], [hexsides], [[area]]; every problem located;
//                    shipped_boards, find_board
#include "board/board.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <map>
#include <stdexcept>

#include "core/names.hpp"

namespace umpire::board {

// =====================================================================================
// 1. lookups
// =====================================================================================

std::vector<std::string>::const_iterator Vocabulary::find(const std::vector<std::string>& names, const std::string& name) const {
    auto it = std::find_if(names.begin(), names.end(), [&](const std::string& t) { return same_name(t, name); });
    if (it != names.end()) return it;
    for (const auto& [alias, canonical] : aliases)
        if (same_name(alias, name)) return std::find(names.begin(), names.end(), canonical);
    return names.end();
}

namespace {
// The name of hexside feature i, or "" when i names none.
std::string side_feature_name(const Vocabulary& v, int i) {
    return i >= 0 && std::size_t(i) < v.hexside_features.size() ? v.hexside_features[std::size_t(i)] : std::string();
}
}  // namespace

int Vocabulary::pair_of(int a, int b) const {
    const auto name = [&](int i) { return side_feature_name(*this, i); };
    for (const auto& p : side_pairs)
        if ((p.first == name(a) && p.second == name(b)) || (p.first == name(b) && p.second == name(a))) {
            const auto it = std::find(hexside_features.begin(), hexside_features.end(), p.both);
            return it == hexside_features.end() ? -1 : int(it - hexside_features.begin());
        }
    return -1;
}

bool Vocabulary::pair_has(int pair, int f) const {
    if (pair == f) return true;
    const auto name = [&](int i) { return side_feature_name(*this, i); };
    for (const auto& p : side_pairs)
        if (p.both == name(pair)) return p.first == name(f) || p.second == name(f);
    return false;
}

bool Vocabulary::is_pair(int f) const {
    return f >= 0 && std::size_t(f) < hexside_features.size() &&
           std::any_of(side_pairs.begin(), side_pairs.end(), [&](const SidePair& p) { return p.both == hexside_features[std::size_t(f)]; });
}

hex::Cube Board::hex_at(int i) const { return numbering.to_cube(i / rows + 1, i % rows + 1); }

const std::string& Board::terrain(const hex::Cube& h) const {
    static const std::string none;
    const int t = terrain_index(h);
    return t < 0 ? none : vocabulary.hex_terrain[std::size_t(t)];
}

const SideFeature* Board::side(const hex::Cube& h, int d) const {
    const int s = side_slot(h, d);
    if (s < 0) return nullptr;
    const SideFeature& f = sides_of[std::size_t(s)];
    return f.feature < 0 ? nullptr : &f;
}

void SideTable::assign(std::size_t slots) {
    // A slot is kept in 32 bits: a board of 2^32 hexsides would need 16 GB for its terrain alone.
    if (slots > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("SideTable: too many hexsides");
    slots_ = slots;
    cells_.clear();
    shift_ = 32;
    entries_.clear();
}

SideFeature& SideTable::edit(std::size_t slot) {
    if (2 * (entries_.size() + 1) > cells_.size()) grow();
    const std::size_t mask = cells_.size() - 1;
    std::size_t i = home(slot);
    while (cells_[i].entry != 0 && cells_[i].slot != slot) i = (i + 1) & mask;
    if (cells_[i].entry == 0) {
        entries_.emplace_back();
        cells_[i] = {std::uint32_t(slot), std::uint32_t(entries_.size())};
    }
    return entries_[cells_[i].entry - 1];
}

void SideTable::grow() {
    const std::vector<Cell> old = std::move(cells_);
    // 256 cells at first (2 KB): a board's hexsides are set by the hundred, one grow each doubling.
    const std::size_t n = old.empty() ? 256 : old.size() * 2;
    cells_.assign(n, Cell{});
    entries_.reserve(n / 2);  // at most half the cells are used
    shift_ = 32;
    for (std::size_t k = n; k > 1; k /= 2) --shift_;
    for (const Cell& c : old) {
        if (c.entry == 0) continue;
        std::size_t i = home(c.slot);
        while (cells_[i].entry != 0) i = (i + 1) & (n - 1);
        cells_[i] = c;
    }
}

std::vector<std::size_t> SideTable::slots() const {
    std::vector<std::size_t> out;
    out.reserve(entries_.size());
    for (const Cell& c : cells_)
        if (c.entry != 0) out.push_back(c.slot);
    std::sort(out.begin(), out.end());
    return out;
}

std::string Board::side_name(const hex::Cube& h, int d) const {
    d = ((d % 6) + 6) % 6;
    return name(h) + "/" + numbering.side_names[std::size_t(d)];
}

std::optional<hex::Cube> Board::parse_hex(const std::string& number) const {
    auto c = numbering.parse(number);
    if (!c || !contains(*c)) return std::nullopt;
    return c;
}

bool Board::in_area(const Area& a, const hex::Cube& h) const {
    const int i = index(h);
    return i >= 0 && std::binary_search(a.hexes.begin(), a.hexes.end(), i);
}

void Board::resize(int c, int r) {
    columns = c;
    rows = r;
    terrain_of.assign(std::size_t(c) * std::size_t(r), 0);
    feature_of.assign(vocabulary.hex_features.empty() ? 0 : std::size_t(c) * std::size_t(r), 0);
    sides_of.assign(std::size_t(c + 2) * std::size_t(r + 2) * 3);
    suggested_of.assign(std::size_t(c) * std::size_t(r), suggestion::none);
}

// =====================================================================================
// 2. shorthand
// =====================================================================================

namespace {

// Views, not copies: a board file names hundreds of hexes and hexsides (issue 21, point 6).
std::string_view trim(std::string_view s, std::size_t& offset) {
    std::size_t a = 0, b = s.size();
    // The C locale's white space (std::isspace's, as umpire never sets a locale), without a call per byte.
    auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    while (a < b && space(s[a])) ++a;
    while (b > a && space(s[b - 1])) --b;
    offset = a;
    return s.substr(a, b - a);
}

std::string board_extent(const Board& b) {
    return "this board has columns 1-" + std::to_string(b.columns) + " and rows 1-" + std::to_string(b.rows);
}

// One hex number on the board, or an error message.
std::optional<hex::Cube> one_hex(const Board& b, std::string_view text, std::string& error) {
    auto c = b.numbering.parse(text);
    if (!c) {
        error = "'" + std::string(text) + "' is not a hex number (" + b.numbering.describe() + ")";
        return std::nullopt;
    }
    if (!b.contains(*c)) {
        error = "hex " + std::string(text) + " is off the board (" + board_extent(b) + ")";
        return std::nullopt;
    }
    return c;
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// expand_hexes' and expand_hexsides' way out on a problem: `items` emptied, the message and where
// it is (`at` in the trimmed text, which starts `off` characters into the raw one), `out` returned.
template <class Out, class Items>
auto failing(Out& out, Items& items, std::size_t off) {
    return [&out, &items, off](std::string msg, std::size_t at) {
        items.clear();
        out.error = std::move(msg);
        out.error_at = off + at;
        return out;
    };
}

}  // namespace

Expanded expand_hexes(const Board& b, const std::string& raw) {
    Expanded out;
    std::size_t off = 0;
    const std::string_view text = trim(raw, off);
    const auto fail = failing(out, out.hexes, off);
    // "column 12" / "row 7": a whole column or row.
    for (const std::string_view w : {std::string_view("column "), std::string_view("row ")}) {
        if (text.substr(0, w.size()) != w) continue;
        std::size_t o2 = 0;
        const std::string num(trim(text.substr(w.size()), o2));
        const int limit = w == "column " ? b.columns : b.rows;
        if (!all_digits(num) || num.size() > 4 || std::stoi(num) < 1 || std::stoi(num) > limit)
            return fail("'" + num + "' is not a " + std::string(w.substr(0, w.size() - 1)) + " of this board (1-" + std::to_string(limit) + ")", w.size() + o2);
        const int n = std::stoi(num);
        out.hexes.reserve(std::size_t(w == "column " ? b.rows : b.columns));
        if (w == "column ")
            for (int r = 1; r <= b.rows; ++r) out.hexes.push_back(b.numbering.to_cube(n, r));
        else
            for (int c = 1; c <= b.columns; ++c) out.hexes.push_back(b.numbering.to_cube(c, n));
        return out;
    }
    std::string err;
    // The hexes either side of a separator at `at`, `len` characters long ("..", "-"): their
    // columns and rows in c1, r1 and c2, r2, or false with the failure in `out`.
    std::string_view left, right;
    int c1 = 0, r1 = 0, c2 = 0, r2 = 0;
    auto ends = [&](std::size_t at, std::size_t len) {
        std::size_t o1 = 0, o2 = 0;
        left = trim(text.substr(0, at), o1), right = trim(text.substr(at + len), o2);
        auto a = one_hex(b, left, err);
        if (!a) {
            fail(err, o1);
            return false;
        }
        auto z = one_hex(b, right, err);
        if (!z) {
            fail(err, at + len + o2);
            return false;
        }
        b.numbering.to_offset(*a, c1, r1);
        b.numbering.to_offset(*z, c2, r2);
        return true;
    };
    // "0305..0812": the rectangle of columns 03-08 and rows 05-12.
    if (auto dots = text.find(".."); dots != std::string::npos) {
        if (!ends(dots, 2)) return out;
        out.hexes.reserve(std::size_t(std::abs(c2 - c1) + 1) * std::size_t(std::abs(r2 - r1) + 1));
        for (int c = std::min(c1, c2); c <= std::max(c1, c2); ++c)
            for (int r = std::min(r1, r2); r <= std::max(r1, r2); ++r) out.hexes.push_back(b.numbering.to_cube(c, r));
        return out;
    }
    // "0101-0110": a run down one column, or along one row number.
    if (auto dash = text.find('-'); dash != std::string::npos) {
        if (!ends(dash, 1)) return out;
        out.hexes.reserve(std::size_t(std::max(std::abs(c2 - c1), std::abs(r2 - r1)) + 1));
        if (c1 == c2)
            for (int r = std::min(r1, r2); r <= std::max(r1, r2); ++r) out.hexes.push_back(b.numbering.to_cube(c1, r));
        else if (r1 == r2)
            for (int c = std::min(c1, c2); c <= std::max(c1, c2); ++c) out.hexes.push_back(b.numbering.to_cube(c, r1));
        else
            return fail("a run 'A-B' needs A and B in the same column or the same row; for an area write '" + std::string(left) + ".." +
                            std::string(right) + "'",
                        0);
        return out;
    }
    auto h = one_hex(b, text, err);
    if (!h) return fail(err + " (accepted: HEX, HEX-HEX, HEX..HEX, column N, row N)", 0);
    out.hexes.push_back(*h);
    return out;
}

ExpandedSides expand_hexsides(const Board& b, const std::string& raw) {
    ExpandedSides out;
    std::size_t off = 0;
    const std::string_view text = trim(raw, off);
    const auto fail = failing(out, out.sides, off);
    std::string err;
    // "1204/B-C-D": sides of one hex.
    if (auto slash = text.find('/'); slash != std::string::npos) {
        std::size_t o1 = 0;
        const std::string_view hexpart = trim(text.substr(0, slash), o1);
        auto h = one_hex(b, hexpart, err);
        if (!h) return fail(err, o1);
        std::size_t pos = slash + 1;
        out.sides.reserve(6);
        for (;;) {
            const std::size_t dash = text.find('-', pos);
            std::size_t o2 = 0;
            const std::string_view name = trim(text.substr(pos, dash == std::string::npos ? std::string::npos : dash - pos), o2);
            auto d = b.numbering.parse_side(name);
            if (!d)
                return fail("'" + std::string(name) + "' is not a hexside name (accepted: " + join_names(b.numbering.side_names, ", ") + ")", pos + o2);
            out.sides.emplace_back(*h, *d);
            if (dash == std::string::npos) break;
            pos = dash + 1;
        }
        return out;
    }
    // "1204>1205>1305": the sides shared by consecutive hexes of a path.
    if (text.find('>') != std::string::npos) {
        std::vector<std::pair<hex::Cube, std::size_t>> path;
        std::size_t pos = 0;
        for (;;) {
            const std::size_t gt = text.find('>', pos);
            std::size_t o2 = 0;
            const std::string_view part = trim(text.substr(pos, gt == std::string::npos ? std::string::npos : gt - pos), o2);
            auto h = one_hex(b, part, err);
            if (!h) return fail(err, pos + o2);
            path.emplace_back(*h, pos + o2);
            if (gt == std::string::npos) break;
            pos = gt + 1;
        }
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            auto d = hex::direction_to(path[i].first, path[i + 1].first);
            if (!d)
                return fail("hexes " + b.name(path[i].first) + " and " + b.name(path[i + 1].first) +
                                " are not adjacent: a path 'A>B>C' steps from each hex to a neighbour",
                            path[i + 1].second);
            out.sides.emplace_back(path[i].first, *d);
        }
        return out;
    }
    return fail("'" + std::string(text) + "' names no hexside (accepted: HEX/SIDE, HEX/SIDE-SIDE-..., HEX>HEX>...)", 0);
}

// =====================================================================================
// 3. load_board
// =====================================================================================

namespace {

// toml++ positions point at a string's opening quote; messages point into the string.
void error_in_string(Sink& sink, const toml::node& n, std::size_t offset, const std::string& message) {
    const auto& src = n.source();
    sink.error_at(int(src.begin.line), int(src.begin.column) + 1 + int(offset), message);
}

// A table's entries in the order the file gives them (toml++ keeps them sorted by key), so
// "already ... (line N)" always points back to the earlier line.
std::vector<std::pair<std::string, const toml::node*>> in_file_order(const toml::table& t) {
    std::vector<std::pair<std::string, const toml::node*>> out;
    for (const auto& [k, n] : t) out.emplace_back(std::string(k.str()), &n);
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
        const auto &a = x.second->source().begin, &b = y.second->source().begin;
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return out;
}

constexpr int kMaxAreas = 32;  // areas on one board (see read_areas)
constexpr int kMaxSide = 999;  // columns or rows: bounded so a typo cannot ask for gigabytes

void read_numbering(const Section& root, const Vocabulary& v, hex::Numbering& n) {
    n = v.numbering;
    const Section t = root.table("numbering");
    if (!t.present()) return;
    t.only_keys({"column_digits", "row_digits", "lower_columns", "side_names"});
    if (auto c = t.integer("column_digits", false, 1, 3)) n.column_digits = int(*c);
    if (auto r = t.integer("row_digits", false, 1, 3)) n.row_digits = int(*r);
    if (auto l = t.choice("lower_columns", {"even", "odd"})) n.even_columns_lower = *l == "even";
    if (auto s = t.string_array("side_names")) {
        if (s->size() != 6) t.error("side_names", "needs six names, north then clockwise (got " + std::to_string(s->size()) + ")");
        else n.side_names = *s;
    }
}

// [[area]]: kind = one of the game's area kinds, name (optional), hexes = ["shorthand", ...].
// At most kMaxAreas, so a rules module can hold which areas hold a unit in one 32-bit mask.
void read_areas(const Section& root, Board& b) {
    const Vocabulary& v = b.vocabulary;
    Sink& sink = root.sink();
    int n = 0;
    for (const Section& t : root.tables("area")) {
        if (++n > kMaxAreas) {
            t.error("", "a board has at most " + std::to_string(kMaxAreas) + " areas");
            break;
        }
        Area a;
        a.line = int(t.where().begin.line);
        a.column = int(t.where().begin.column);
        if (v.area_kinds.empty()) {
            t.error("kind", "this game names no kinds of area (" + v.system + ")");
            continue;
        }
        const auto kind = t.choice("kind", v.area_kinds, true);
        a.name = t.str("name").value_or("");
        // "hexes", then "hexes-", "hexes--", ...: a list longer than one array may hold goes on
        // under the same name with '-' added, as write_board splits it (docs/boards.md).
        std::vector<const toml::node*> lists;
        for (const auto& [k, node] : *t.raw()) {
            const std::string key(k.str());
            if (key == "kind" || key == "name") continue;
            if (key.rfind("hexes", 0) == 0 && key.find_first_not_of('-', 5) == std::string::npos) lists.push_back(&node);
            else sink.error(&node, t.key_path(key) + ": unknown key (accepted keys here: kind, name, hexes)");
        }
        if (lists.empty()) {
            t.error("hexes", "missing required key: the area's hexes in the shorthand, e.g. [\"3707..3909\"]");
            continue;
        }
        for (const toml::node* node : lists) {
            const toml::array* arr = node->as_array();
            if (!arr || arr->empty()) {
                sink.error(node, t.key_path("hexes") + ": expected a non-empty array of hex strings such as \"3707..3909\", got " +
                                     (arr ? std::string("an empty array") : describe_type(*node)));
                continue;
            }
            for (const toml::node& item : *arr) {
                const auto* s = item.as_string();
                if (!s) {
                    sink.error(&item, t.key_path("hexes") + ": expected a string such as \"3707..3909\", got " + describe_type(item));
                    continue;
                }
                const Expanded e = expand_hexes(b, s->get());
                if (!e.error.empty()) {
                    error_in_string(sink, item, e.error_at, t.key_path("hexes") + ": " + e.error);
                    continue;
                }
                for (const hex::Cube& h : e.hexes) a.hexes.push_back(b.index(h));
            }
        }
        if (!kind) continue;
        a.kind = int(std::find(v.area_kinds.begin(), v.area_kinds.end(), *kind) - v.area_kinds.begin());
        std::sort(a.hexes.begin(), a.hexes.end());
        a.hexes.erase(std::unique(a.hexes.begin(), a.hexes.end()), a.hexes.end());
        b.areas.push_back(std::move(a));
    }
}

// The size must fit the numbering's digits (99 columns for two digits), so every hex prints.
int read_side_length(Section& root, const char* key, int digits, const char* what) {
    const auto v = root.integer(key, true, 1, kMaxSide);
    if (!v) return 0;
    int cap = 1;
    for (int i = 0; i < digits; ++i) cap *= 10;
    if (*v < cap) return int(*v);
    root.error(key, std::to_string(*v) + " " + key + " do not fit " + std::to_string(digits) + "-digit " + what + " numbers");
    return 0;
}

// One per-hex layer: [hexes] (the terrain) or [hex_features] (PanzerBlitz's single-hex woods and
// towns). Each key a name of `names`, its value an array of hex shorthands; `of[i]` gets the
// name's index plus `first` (1 where 0 means "none"). A hex given two different names is an
// error naming both places; the same name twice (overlapping areas) is fine.
struct HexLayer {
    const char* table;                       // "hexes"
    const std::vector<std::string>& names;   // the vocabulary's names for this layer
    std::vector<std::uint8_t>& of;           // the board's layer
    int first;                               // what names[0] is stored as
    const char* unknown;                     // "unknown terrain"
    const char* one;                         // "terrain": "a hex has one terrain"
    std::string (*hint)(const Vocabulary&, const std::string&);  // more words for an unknown name
};

// The entries read so far from one layer, in file order, and which hexes were set: a bit per hex
// (363 bytes on a 66 x 44 map, where a position per hex took 23 KB of pages to touch). Where an
// entry set a hex is wanted only for a message, so it is found again then: the latest entry that
// set it, by expanding the entries afresh (issue 21, point 6).
struct LayerEntries {
    struct Entry {
        const toml::node* item;
        std::size_t applied;  // how many of its hexes it set (all, unless it stopped at a clash)
    };
    std::vector<Entry> done;
    std::vector<bool> set;

    // The line and column of the latest entry that set hex i.
    std::pair<int, int> origin(const Board& b, int i) const {
        for (auto e = done.rbegin(); e != done.rend(); ++e) {
            const Expanded x = expand_hexes(b, e->item->as_string()->get());
            for (std::size_t k = 0; k < e->applied && k < x.hexes.size(); ++k)
                if (b.index(x.hexes[k]) == i) return {int(e->item->source().begin.line), int(e->item->source().begin.column)};
        }
        return {0, 0};
    }
};

void read_hex_layer(Sink& sink, const Section& section, Board& b, const HexLayer& layer) {
    const Vocabulary& v = b.vocabulary;
    LayerEntries entries;
    entries.set.assign(std::size_t(b.hex_count()), false);
    const std::string table = layer.table;
    for (const auto& [key, node_ptr] : in_file_order(*section.raw())) {
        const toml::node& node = *node_ptr;
        const std::string& name = key;
        auto it = v.find(layer.names, name);
        if (it == layer.names.end()) {
            sink.error(&node, table + "." + name + ": " + layer.unknown + " (accepted: " + join_names(layer.names, ", ") + ")" +
                                  (layer.hint ? layer.hint(v, name) : std::string()));
            continue;
        }
        const int t = int(it - layer.names.begin()) + layer.first;
        const toml::array* arr = node.as_array();
        if (!arr) {
            sink.error(&node, table + "." + name + ": expected an array of hex strings, got " + describe_type(node));
            continue;
        }
        for (const toml::node& item : *arr) {
            const auto* s = item.as_string();
            if (!s) {
                sink.error(&item, table + "." + name + ": expected a string such as \"0101-0110\", got " + describe_type(item));
                continue;
            }
            const Expanded e = expand_hexes(b, s->get());
            if (!e.error.empty()) {
                error_in_string(sink, item, e.error_at, table + "." + name + ": " + e.error);
                continue;
            }
            const int line = int(item.source().begin.line), col = int(item.source().begin.column);
            std::size_t applied = 0;
            for (const hex::Cube& h : e.hexes) {
                const std::size_t i = std::size_t(b.index(h));
                if (entries.set[i] && layer.of[i] != t) {
                    const auto [was_line, was_column] = entries.origin(b, int(i));
                    sink.error_at(line, col, table + "." + name + ": hex " + b.name(h) + " is already " + layer.names[std::size_t(layer.of[i] - layer.first)] +
                                                 " (line " + std::to_string(was_line) + ", column " + std::to_string(was_column) + "): a hex has one " + layer.one);
                    break;
                }
                layer.of[i] = std::uint8_t(t);
                entries.set[i] = true;
                ++applied;
            }
            entries.done.push_back({&item, applied});
        }
    }
}

// An unknown [hexes] name that is a feature of another layer says where it goes.
std::string terrain_hint(const Vocabulary& v, const std::string& name) {
    std::string extra;
    if (std::find(v.hexside_features.begin(), v.hexside_features.end(), name) != v.hexside_features.end())
        extra = "; " + name + " lies on hexsides (10.12): list it under [hexsides]";
    if (std::find(v.hex_features.begin(), v.hex_features.end(), name) != v.hex_features.end())
        extra = "; " + name + " lies on a hex's terrain: list it under [hex_features]";
    return extra;
}

// One [hexsides] entry's hexsides, given by `item`: a hexside named twice with different features
// (or a slope with the other sloped side) is an error naming both places.
void read_hexside_item(Sink& sink, const toml::node& item, Board& b, const std::string& name, int f, bool directional) {
    const Vocabulary& v = b.vocabulary;
    const auto* s = item.as_string();
    if (!s) {
        sink.error(&item, "hexsides." + name + ": expected a string such as \"1204/B-C-D\", got " + describe_type(item));
        return;
    }
    if (directional && s->get().find('>') != std::string::npos) {
        error_in_string(sink, item, 0, "hexsides." + name + ": a " + name + " has a sloped side (10.5), which a path of hexes does not say: write HEX/SIDES with HEX on the sloped side");
        return;
    }
    const ExpandedSides e = expand_hexsides(b, s->get());
    if (!e.error.empty()) {
        error_in_string(sink, item, e.error_at, "hexsides." + name + ": " + e.error);
        return;
    }
    const int line = int(item.source().begin.line), col = int(item.source().begin.column);
    for (const auto& [h, d] : e.sides) {
        const int slot = b.side_slot(h, d);
        SideFeature& sf = b.sides_of.edit(std::size_t(slot));
        const SideFeature want{f, h, line, col};
        // Two features a hexside may carry together (Vocabulary::side_pairs) make their pair.
        if (const int both = v.pair_of(sf.feature, f); sf.feature >= 0 && sf.feature != f && both >= 0) {
            sf.feature = both;
            continue;
        }
        if (sf.feature >= 0 && (sf.feature != f || (directional && !(sf.sloped == h)))) {
            const std::string was = v.hexside_features[std::size_t(sf.feature)] +
                                    (directional && sf.feature == f ? " sloped towards " + b.name(sf.sloped) : "");
            const std::string now = name + (directional ? " sloped towards " + b.name(h) : "");
            sink.error_at(line, col, "hexsides." + name + ": hexside " + b.side_name(h, d) + " is already " + was + " (line " +
                                         std::to_string(sf.line) + ", column " + std::to_string(sf.column) + "), here " + now +
                                         ": a hexside has one feature");
            break;
        }
        if (sf.feature < 0) sf = want;
    }
}

// [hexsides]: feature = ["shorthand", ...].
void read_hexsides(Sink& sink, const Section& sides, Board& b) {
    const Vocabulary& v = b.vocabulary;
    for (const auto& [key, node_ptr] : in_file_order(*sides.raw())) {
        const toml::node& node = *node_ptr;
        const std::string& name = key;
        auto it = v.find(v.hexside_features, name);
        if (it == v.hexside_features.end()) {
            std::string extra;
            if (std::find(v.hex_terrain.begin(), v.hex_terrain.end(), name) != v.hex_terrain.end())
                extra = "; there is no " + name + " hexside (10.12): list the hexes under [hexes]";
            // A pair (Vocabulary::side_pairs) is named by its two features, so the list gives singles.
            std::vector<std::string> singles;
            for (int i = 0; i < int(v.hexside_features.size()); ++i)
                if (!v.is_pair(i)) singles.push_back(v.hexside_features[std::size_t(i)]);
            const std::string pairs = v.side_pairs.empty() ? "" : "; two on one hexside: list it under both, or name the pair, e.g. " + v.side_pairs.front().both;
            sink.error(&node, "hexsides." + name + ": unknown hexside feature (accepted: " + join_names(singles, ", ") + pairs + ")" + extra);
            continue;
        }
        const int f = int(it - v.hexside_features.begin());
        const bool directional = std::find(v.directional.begin(), v.directional.end(), name) != v.directional.end();
        const toml::array* arr = node.as_array();
        if (!arr) {
            sink.error(&node, "hexsides." + name + ": expected an array of hexside strings, got " + describe_type(node));
            continue;
        }
        for (const toml::node& item : *arr) read_hexside_item(sink, item, b, name, f, directional);
    }
}

}  // namespace

Board parse_board(const toml::table& table, const std::string& display_name, const Vocabulary& v) {
    Sink sink(display_name);
    Section root(sink, &table, "");
    std::vector<std::string> keys = {"system", "title", "sample", "terrain_mode", "columns", "rows", "default", "numbering", "hexes", "hexsides", "area",
                                     "underlay", "suggested"};
    if (!v.hex_features.empty()) keys.push_back("hex_features");  // only games with a second per-hex layer
    root.only_keys(keys);
    Board b;
    b.file = display_name;
    b.vocabulary = v;
    if (auto s = root.choice("system", {v.system}, true)) b.system = *s;
    b.title = root.str("title").value_or("");
    b.sample = root.boolean("sample").value_or(false);
    if (auto m = root.choice("terrain_mode", {"closed", "mixed", "open"})) b.terrain_mode = *m;
    read_numbering(root, v, b.numbering);
    const int columns = read_side_length(root, "columns", b.numbering.column_digits, "column");
    const int rows = read_side_length(root, "rows", b.numbering.row_digits, "row");
    int default_terrain = 0;
    if (auto d = root.choice("default", v.hex_terrain))
        default_terrain = int(std::find(v.hex_terrain.begin(), v.hex_terrain.end(), *d) - v.hex_terrain.begin());
    if (columns == 0 || rows == 0) {
        sink.throw_if_errors();
        return b;
    }
    b.resize(columns, rows);
    std::fill(b.terrain_of.begin(), b.terrain_of.end(), std::uint8_t(default_terrain));

    const Section hexes = root.table("hexes");
    if (hexes.present())
        read_hex_layer(sink, hexes, b, {"hexes", b.vocabulary.hex_terrain, b.terrain_of, 0, "unknown terrain", "terrain", terrain_hint});
    const Section features = v.hex_features.empty() ? Section(sink, nullptr, "") : root.table("hex_features");
    if (features.present())
        read_hex_layer(sink, features, b, {"hex_features", b.vocabulary.hex_features, b.feature_of, 1, "unknown hex feature", "feature", nullptr});
    const Section sides = root.table("hexsides");
    if (sides.present()) read_hexsides(sink, sides, b);
    read_areas(root, b);
    read_underlay(root, b);    // [underlay] and [suggested]: board/underlay.cpp
    read_suggested(root, b);
    sink.throw_if_errors();
    return b;
}

Board load_board(const std::filesystem::path& path, const std::string& display_name, const Vocabulary& v) {
    // The bounded reader (input.hpp): regular files only, at most kMaxBoardBytes, UTF-8; a
    // missing file, a folder and syntax errors are FILE:LINE:COL diagnostics too.
    const toml::table t = parse_toml_file(path, display_name, kMaxBoardBytes);
    return parse_board(t, display_name, v);
}

}  // namespace umpire::board

namespace umpire::board {

std::vector<std::filesystem::path> shipped_boards(const std::filesystem::path& boards_dir, const std::string& system) {
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    for (const std::filesystem::path& dir : {boards_dir, std::filesystem::path(UMPIRE_SOURCE_DIR) / "boards"}) {
        if (dir.empty() || !std::filesystem::is_directory(dir, ec)) continue;
        for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
            if (e.path().extension() != ".toml") continue;
            try {
                const toml::table t = parse_toml_file(e.path(), e.path().string(), kMaxBoardBytes);
                if (t["system"].value<std::string>() == system) out.push_back(e.path());
            } catch (const InputError&) {
                // Not a board this game can offer; `board check` reports it.
            }
        }
        if (!out.empty()) break;  // the installed folder first; the source tree's only without it
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::filesystem::path find_board(const std::string& name, const std::filesystem::path& situation_dir, const std::filesystem::path& boards_dir) {
    std::filesystem::path path = name;
    if (!path.is_relative()) return path;
    path = situation_dir / name;
    std::error_code ec;
    for (const std::filesystem::path& dir : {boards_dir, std::filesystem::path(UMPIRE_SOURCE_DIR) / "boards"}) {
        if (std::filesystem::exists(path, ec) || dir.empty()) break;
        if (std::filesystem::exists(dir / name, ec)) path = dir / name;
    }
    return path;
}

}  // namespace umpire::board
