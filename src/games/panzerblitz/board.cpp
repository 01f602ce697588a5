// PanzerBlitz on a board (see panzerblitz_board.hpp, docs/panzerblitz.md "Boards").
//
// Sections
//   1. vocabulary   the names a PanzerBlitz board file holds (pairs on one hexside, fords)
//   2. load_map     one board file, or several joined into one map ([[boards]])
//   3. routes       the candidate routes (exact line, range hexes), each turned into typed inputs
//   4. board_los    every route ruled, the least favourable deciding; the centre line's own hexes
//                   ruled too (a referee's call where they differ); JSON and text
//   5. apply_board  board = "FILE" in a situation
//   6. BoardSupport the board view's marks and visibility
#include "games/panzerblitz/board.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "core/input.hpp"
#include "core/names.hpp"

namespace umpire::panzerblitz {

// =====================================================================================
// 1. vocabulary
// =====================================================================================

// The woods/town hexside symbols (where they stand: on the ground, a hilltop (note N) or a slope,
// which no note covers) and the hill edges; a hexside may carry one of each, or two hill edges (a
// slope corner on a hilltop outline): their pair is the feature "<edge>-with-<woods>" /
// "<edge>-with-<edge>" (Vocabulary::side_pairs).
const std::vector<std::string>& low_sides() {
    static const std::vector<std::string> v = {"green", "grey", "hilltop-green", "hilltop-grey", "slope-green", "slope-grey"};
    return v;
}
const std::vector<std::string>& edge_sides() {
    static const std::vector<std::string> v = {"brown", "orange", "yellow", "purple"};
    return v;
}

board::Vocabulary board_vocabulary() {
    board::Vocabulary v;
    v.system = "panzerblitz";
    v.hex_terrain = elevation_names();  // ground first: the default elevation
    // Gully hexes that are clear terrain (GULLY-C): a ford, and a road (or bridge) crossing the gully.
    v.hex_terrain.push_back("ford");
    v.hex_terrain.push_back("gully-crossing");
    v.hex_features = {"woods-hex", "town-hex"};
    v.hexside_features = {"green", "grey", "brown", "orange", "yellow", "purple", "hilltop-green", "hilltop-grey", "slope-green", "slope-grey"};
    const auto& e = edge_sides();
    for (const auto& edge : e)
        for (const auto& low : low_sides()) v.side_pairs.push_back({edge, low, edge + "-with-" + low});
    for (std::size_t i = 0; i < e.size(); ++i)
        for (std::size_t j = i + 1; j < e.size(); ++j) v.side_pairs.push_back({e[i], e[j], e[i] + "-with-" + e[j]});
    for (const auto& p : v.side_pairs) v.hexside_features.push_back(p.both);
    // The article's other spellings (as the situation's symbol aliases in rules-data).
    v.aliases = {{"gray", "grey"}, {"red", "orange"}, {"orange/red", "orange"}, {"hilltop-gray", "hilltop-grey"}, {"slope-gray", "slope-grey"},
                 {"woods", "woods-hex"}, {"town", "town-hex"}, {"bridge", "gully-crossing"}, {"road-crossing", "gully-crossing"}};
    // Umpire's numbering for PanzerBlitz boards (docs/panzerblitz.md "Numbering"): CCRR, column
    // then row, two digits each, even columns half a hex lower, hexsides A (north) to F clockwise.
    v.numbering = hex::Numbering{};
    return v;
}

std::vector<SideSymbol> side_symbols(const board::Board& b, const board::SideFeature& f) {
    const std::string& name = b.vocabulary.hexside_features[std::size_t(f.feature)];
    std::vector<std::string> parts = {name};
    for (const auto& p : b.vocabulary.side_pairs)
        if (p.both == name) parts = {p.first, p.second};
    std::vector<SideSymbol> out;
    for (const auto& part : parts) {
        SideSymbol s{part, false, false};
        for (const char* prefix : {"hilltop-", "slope-"})
            if (part.rfind(prefix, 0) == 0) {
                s.symbol = part.substr(std::string(prefix).size());
                (prefix[0] == 'h' ? s.on_hilltop : s.on_slope) = true;
            }
        out.push_back(s);
    }
    return out;
}

std::string elevation_at(const board::Board& b, const hex::Cube& h) {
    const std::string& t = b.terrain(h);
    return t == "ford" || t == "gully-crossing" ? std::string("ground") : t;
}

namespace {

bool is_hilltop(const std::string& elevation) { return elevation == "l1-hilltop" || elevation == "l2-hilltop"; }

// =====================================================================================
// 2. load_map
// =====================================================================================

struct Placement {
    std::string name, file;
    int column = 1, row = 1;
    bool rotated = false;
    const toml::node* node = nullptr;  // the [[boards]] entry, for messages
};

// Where hex (c, r) of a placed board of size C x R lies on the map.
void place(const Placement& p, int C, int R, int c, int r, int& mc, int& mr) {
    mc = p.rotated ? p.column + C - c : p.column - 1 + c;
    mr = p.rotated ? p.row + R - r : p.row - 1 + r;
}

// The board files a map places, each read on its own; a problem keeps its own file's name (in `errors`).
std::vector<board::Board> load_parts(const std::vector<Placement>& placements, const std::filesystem::path& path, const board::Vocabulary& v,
                                     std::vector<Diagnostic>& errors) {
    std::vector<board::Board> parts;
    for (const auto& p : placements) {
        const std::filesystem::path file = std::filesystem::path(p.file).is_relative() ? path.parent_path() / p.file : std::filesystem::path(p.file);
        const std::string shown = file.lexically_normal().string();
        try {
            const toml::table bt = parse_toml_file(file, shown, kMaxBoardBytes);
            if (bt.contains("boards")) {
                errors.push_back({shown, 1, 1, "a board placed in a map must be a board file, not another map ([[boards]])"});
                parts.emplace_back();
                continue;
            }
            parts.push_back(board::parse_board(bt, shown, v));
        } catch (const InputError& err) {
            errors.insert(errors.end(), err.diagnostics().begin(), err.diagnostics().end());
            parts.emplace_back();
        }
    }
    return parts;
}

// Placed as `p` says, does board `b` keep its hexes where the map's numbering puts them (a board moved
// by one column would be half a hex out of step)?
bool keeps_step(const Placement& p, const board::Board& b, const board::Board& map) {
    int mc0 = 0, mr0 = 0;
    place(p, b.columns, b.rows, 1, 1, mc0, mr0);
    const hex::Cube origin = map.numbering.to_cube(mc0, mr0), local0 = b.numbering.to_cube(1, 1);
    for (auto [c, r] : {std::pair{2, 1}, std::pair{3, 1}, std::pair{1, 2}, std::pair{2, 2}}) {
        if (c > b.columns || r > b.rows) continue;
        int mc = 0, mr = 0;
        place(p, b.columns, b.rows, c, r, mc, mr);
        const hex::Cube want = b.numbering.to_cube(c, r) - local0;
        const hex::Cube got = map.numbering.to_cube(mc, mr) - origin;
        if (!(got == (p.rotated ? hex::Cube{-want.q, -want.r, -want.s} : want))) return false;
    }
    return true;
}

board::Board join_boards(const toml::table& t, const std::filesystem::path& path, const std::string& display_name) {
    Sink sink(display_name);
    Section root(sink, &t, "");
    root.only_keys({"system", "title", "sample", "boards"});
    board::Board map;
    map.file = display_name;
    map.vocabulary = board_vocabulary();
    map.numbering = map.vocabulary.numbering;
    root.choice("system", {"panzerblitz"}, true);
    map.system = "panzerblitz";
    map.title = root.str("title").value_or("");
    map.sample = root.boolean("sample").value_or(false);  // or any of its boards (below)
    std::vector<Placement> placements;
    for (const Section& e : root.tables("boards")) {
        e.only_keys({"name", "file", "column", "row", "rotated"});
        Placement p;
        p.file = e.str("file", true).value_or("");
        p.name = e.str("name").value_or(p.file);
        p.column = int(e.integer("column", true, 1, 999).value_or(1));
        p.row = int(e.integer("row", true, 1, 999).value_or(1));
        p.rotated = e.boolean("rotated").value_or(false);
        p.node = e.raw();  // messages about this board point at its [[boards]] entry
        placements.push_back(p);
    }
    if (placements.empty() && sink.ok()) root.error("boards", "a map needs at least one [[boards]] entry (file, column, row)");
    sink.throw_if_errors();

    // Each board file on its own (its problems keep its own file's name).
    std::vector<Diagnostic> part_errors;
    const std::vector<board::Board> parts = load_parts(placements, path, map.vocabulary, part_errors);
    if (!part_errors.empty()) {
        sink.error(t.get("boards"), "boards: the board files have the problems reported below");
        std::vector<Diagnostic> all = sink.diagnostics();
        all.insert(all.end(), part_errors.begin(), part_errors.end());
        throw InputError(all);
    }

    // The map's size, and each placement checked: the same numbering, and the board's columns kept
    // in step with the map's (a board moved by one column would shift its hexes half a hex).
    int columns = 0, rows = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const board::Board& b = parts[i];
        const Placement& p = placements[i];
        const std::string who = "boards: " + (p.name == p.file ? p.file : p.name + " (" + p.file + ")");
        if (b.numbering.describe() != map.numbering.describe()) {
            sink.error(p.node, who + " numbers its hexes " + b.numbering.describe() + "; a board placed in a map must number them " + map.numbering.describe());
            continue;
        }
        if (!keeps_step(p, b, map)) {
            sink.error(p.node, who + ": placed at column " + std::to_string(p.column) + (p.rotated ? ", rotated," : "") +
                                   " its columns would be half a hex out of step with the map's: move it by one column");
            continue;
        }
        columns = std::max(columns, p.column - 1 + b.columns);
        rows = std::max(rows, p.row - 1 + b.rows);
    }
    if (columns > 99 || rows > 99) sink.error(t.get("boards"), "boards: the joined map is " + std::to_string(columns) + " x " + std::to_string(rows) + " hexes; numbers have two digits (at most 99 x 99)");
    sink.throw_if_errors();

    map.resize(columns, rows);
    std::vector<int> owner(std::size_t(map.hex_count()), -1);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const board::Board& b = parts[i];
        const Placement& p = placements[i];
        for (int c = 1; c <= b.columns; ++c)
            for (int r = 1; r <= b.rows; ++r) {
                int mc = 0, mr = 0;
                place(p, b.columns, b.rows, c, r, mc, mr);
                const hex::Cube local = b.numbering.to_cube(c, r), there = map.numbering.to_cube(mc, mr);
                const std::size_t at = std::size_t(map.index(there));
                if (owner[at] >= 0) {
                    sink.error(p.node, "boards: " + p.name + " and " + placements[std::size_t(owner[at])].name + " both cover map hex " + map.name(there) +
                                           ": boards are joined edge to edge, never overlapping");
                    sink.throw_if_errors();
                }
                owner[at] = int(i);
                map.terrain_of[at] = b.terrain_of[std::size_t(b.index(local))];
                map.feature_of[at] = b.feature_of[std::size_t(b.index(local))];
                for (int d = 0; d < 6; ++d) {
                    const board::SideFeature* f = b.side(local, d);
                    if (!f) continue;
                    board::SideFeature g = *f;
                    g.sloped = there;
                    board::SideFeature& slot = map.sides_of.edit(std::size_t(map.side_slot(there, p.rotated ? d + 3 : d)));
                    // Where two boards meet, a symbol given on either side holds; two different ones contradict.
                    const int both = map.vocabulary.pair_of(slot.feature, g.feature);  // e.g. a woods edge on a hilltop outline
                    if (slot.feature >= 0 && slot.feature != g.feature && both >= 0) {
                        g.feature = both;
                    } else if (slot.feature >= 0 && slot.feature != g.feature) {
                        sink.error(p.node, "boards: " + p.name + " puts " + b.vocabulary.hexside_features[std::size_t(g.feature)] + " on map hexside " +
                                               map.side_name(there, p.rotated ? d + 3 : d) + ", where the board beside it has " +
                                               b.vocabulary.hexside_features[std::size_t(slot.feature)] + ": a hexside has one symbol");
                        sink.throw_if_errors();
                    }
                    slot = g;
                }
            }
        map.parts.push_back(p.name + ": " + p.file + " (" + std::to_string(b.columns) + " x " + std::to_string(b.rows) + ") at columns " +
                            std::to_string(p.column) + "-" + std::to_string(p.column - 1 + b.columns) + ", rows " + std::to_string(p.row) + "-" +
                            std::to_string(p.row - 1 + b.rows) + (p.rotated ? ", rotated 180 degrees" : ""));
    }
    for (const auto& b : parts) map.sample |= b.sample;  // a map with a sample board is sample terrain
    for (int i = 0; i < map.hex_count(); ++i)
        if (owner[std::size_t(i)] < 0) {
            sink.error(t.get("boards"), "boards: map hex " + map.name(map.hex_at(i)) + " lies on no board: the boards must fill the " +
                                            std::to_string(columns) + " x " + std::to_string(rows) + " rectangle they span");
            break;
        }
    sink.throw_if_errors();
    return map;
}

}  // namespace

board::Board parse_map(const toml::table& t, const std::filesystem::path& path, const std::string& display_name) {
    if (t.contains("boards")) return join_boards(t, path, display_name);
    return board::parse_board(t, display_name, board_vocabulary());
}

board::Board load_map(const std::filesystem::path& path, const std::string& display_name) {
    return parse_map(parse_toml_file(path, display_name, kMaxBoardBytes), path, display_name);
}

// =====================================================================================
// 3. routes
// =====================================================================================

namespace {

// The search for the straightest routes: the i-th hex of a route holds the point i/range of the way
// along the centre-to-centre line (exactly: a point on a hexside or a corner is held by every hex
// it touches, and those are the ties), each hex a neighbour of the last and one hex closer to the
// target. docs/panzerblitz.md "The route" says why.
struct RouteSearch {
    const board::Board& b;
    hex::Cube firer, target, D;
    int range = 0;

    RouteSearch(const board::Board& board, const hex::Cube& f, const hex::Cube& t) : b(board), firer(f), target(t), D(t - f) {
        range = hex::distance(f, t);
    }
    // Does hex h hold the point i/range of the way? The point p lies in h when, with d = p - h,
    // |dq - dr|, |dr - ds| and |ds - dq| are all at most 1 (hex.hpp); times range, in integers.
    bool holds(const hex::Cube& h, int i) const {
        const std::int64_t n = range;
        const std::int64_t dq = std::int64_t(i) * D.q - n * (h.q - firer.q), dr = std::int64_t(i) * D.r - n * (h.r - firer.r),
                           ds = std::int64_t(i) * D.s - n * (h.s - firer.s);
        const auto mag = [](std::int64_t x) { return x < 0 ? -x : x; };
        return mag(dq - dr) <= n && mag(dr - ds) <= n && mag(ds - dq) <= n;
    }
    // The next hexes of a route from `h`, in direction order (A..F) so that routes are listed the
    // same way every time.
    std::vector<hex::Cube> next(const hex::Cube& h) const {
        std::vector<hex::Cube> out;
        const int dist = hex::distance(h, target);
        const int i = range - dist + 1;  // the step the next hex is
        for (int d = 0; d < 6; ++d) {
            const hex::Cube n = hex::neighbour(h, d);
            if (hex::distance(n, target) == dist - 1 && holds(n, i) && b.contains(n)) out.push_back(n);
        }
        return out;
    }
};

// What the step from `a` (the i-th hex after the firer, i = 0 for the firer) to `n` meets: the
// hexside between them (side i + 1) and, unless `n` is the target, a woods or town in `n` (hex i + 1).
void step_symbols(const board::Board& b, const hex::Cube& a, const hex::Cube& n, int i, const hex::Cube& target, std::vector<RouteSymbol>& out) {
    const int d = *hex::direction_to(a, n);
    const std::string ea = elevation_at(b, a), en = elevation_at(b, n);
    if (const board::SideFeature* f = b.side(a, d)) {
        for (const SideSymbol& s : side_symbols(b, *f)) {
            // Note N: a woods or town hexside between two hilltop hexes stands on the hilltop, however
            // the board names it (the article's symbol is plain Green/Grey; note P: a plateau's interior
            // hexes are hilltops). Between a hilltop and a lower hex the board's name says which.
            const bool low = s.symbol == "green" || s.symbol == "grey";
            const bool on_hilltop = s.on_hilltop || (low && !s.on_slope && is_hilltop(ea) && is_hilltop(en));
            Obstacle o{s.symbol, i + 1, on_hilltop, false, ""};
            // The hilltop it stands on: the higher of the two hexes' (a woods on a level 2 hilltop is
            // not note N's exception's case); a slope: the higher slope beside it (no note covers it).
            if (on_hilltop) o.stands_on = ea == "l2-hilltop" || en == "l2-hilltop" ? "l2-hilltop" : "l1-hilltop";
            if (s.on_slope) o.stands_on = ea == "l2-slope" || en == "l2-slope" ? "l2-slope" : "l1-slope";
            out.push_back({o, a, d, b.side_name(a, d)});
        }
    }
    if (n != target) {
        const int hf = b.hex_feature(n);
        if (hf >= 0) {
            // A single-hex woods or town stands on its hex's elevation (a hilltop: note N; a slope:
            // no note covers it, rules-data woods_on_slope).
            const bool raised = en != "ground" && en != "gully";
            out.push_back({Obstacle{b.vocabulary.hex_features[std::size_t(hf)], i + 1, is_hilltop(en), false, raised ? en : ""}, n, -1, b.name(n)});
        }
    }
}

std::vector<RouteSymbol> route_symbols(const board::Board& b, const std::vector<hex::Cube>& hexes) {
    std::vector<RouteSymbol> out;
    for (std::size_t i = 0; i + 1 < hexes.size(); ++i) step_symbols(b, hexes[i], hexes[i + 1], int(i), hexes.back(), out);
    return out;
}

// Two routes meeting the same symbols at the same places are the same to the notes.
std::string key_of(const std::vector<RouteSymbol>& symbols) {
    std::string k;
    for (const auto& s : symbols) k += s.obstacle.symbol + "@" + std::to_string(s.obstacle.index) + (s.obstacle.on_hilltop ? "h" : "") + s.obstacle.stands_on + ";";
    return k;
}

// Every distinct set of symbols a route from `h` (the i-th hex) to the target can meet, each with the
// first route (in listing order) that meets it. Memoised per hex: a hex's step number is fixed.
struct Suffix {
    std::vector<RouteSymbol> symbols;
    std::vector<hex::Cube> hexes;  // from h to the target
};
constexpr std::size_t kMaxDistinct = 4096;

const std::vector<Suffix>& suffixes(const RouteSearch& rs, const hex::Cube& h, std::map<hex::Cube, std::vector<Suffix>>& memo) {
    if (auto it = memo.find(h); it != memo.end()) return it->second;
    std::vector<Suffix> out;
    if (h == rs.target) {
        out.push_back({{}, {h}});
    } else {
        const int i = rs.range - hex::distance(h, rs.target);
        std::vector<std::string> keys;
        for (const hex::Cube& n : rs.next(h)) {
            std::vector<RouteSymbol> here;
            step_symbols(rs.b, h, n, i, rs.target, here);
            for (const Suffix& s : suffixes(rs, n, memo)) {
                Suffix x;
                x.symbols = here;
                x.symbols.insert(x.symbols.end(), s.symbols.begin(), s.symbols.end());
                const std::string k = key_of(x.symbols);
                if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
                if (out.size() >= kMaxDistinct)
                    throw std::runtime_error("the routes from " + rs.b.name(rs.firer) + " to " + rs.b.name(rs.target) + " meet more than " +
                                             std::to_string(kMaxDistinct) + " different sets of symbols: too many to rule one by one");
                keys.push_back(k);
                x.hexes.push_back(h);
                x.hexes.insert(x.hexes.end(), s.hexes.begin(), s.hexes.end());
                out.push_back(std::move(x));
            }
        }
    }
    return memo.emplace(h, std::move(out)).first->second;
}

// How many routes there are (saturating), for the listing's "N routes".
std::uint64_t count_routes(const RouteSearch& rs, const hex::Cube& h, std::map<hex::Cube, std::uint64_t>& memo) {
    if (h == rs.target) return 1;
    if (auto it = memo.find(h); it != memo.end()) return it->second;
    std::uint64_t n = 0;
    for (const hex::Cube& x : rs.next(h)) n = std::min<std::uint64_t>(n + count_routes(rs, x, memo), UINT64_MAX / 8);
    memo[h] = n;
    return n;
}

// The first `cap` routes in listing order.
void list_routes(const RouteSearch& rs, std::vector<hex::Cube>& path, std::vector<std::vector<hex::Cube>>& out, std::size_t cap) {
    if (out.size() >= cap) return;
    if (path.back() == rs.target) {
        out.push_back(path);
        return;
    }
    for (const hex::Cube& n : rs.next(path.back())) {
        path.push_back(n);
        list_routes(rs, path, out, cap);
        path.pop_back();
    }
}

Situation situation_of(const board::Board& b, const hex::Cube& firer, const hex::Cube& target, const std::vector<RouteSymbol>& symbols) {
    Situation s;
    s.firer = elevation_at(b, firer);
    s.target = elevation_at(b, target);
    s.range = hex::distance(firer, target);
    for (const auto& x : symbols) s.obstacles.push_back(x.obstacle);
    return s;
}

// Least favourable to the attacker first: blocked by a note, blocked by the referee's-call
// straight line, clear by the straight line, clear.
int badness(const Ruling& r) {
    const json::Value* los = nullptr;
    for (const auto& [k, v] : r.fields)
        if (k == "los") los = &v;
    const bool blocked = los && los->is_string() && los->as_string() == "blocked";
    return blocked ? (r.referee_call ? 2 : 3) : (r.referee_call ? 1 : 0);
}

std::string notes_of(const Ruling& r) {
    std::string out;
    for (const auto& [k, v] : r.fields)
        if (k == "notes" && v.is_array())
            for (const auto& n : v.as_array()) out += (out.empty() ? "" : ", ") + n.as_string();
    return out;
}

view::Mark mark_of(int bad) {
    return bad == 3 ? view::Mark::blocking : bad == 0 ? view::Mark::clear : view::Mark::referee_call;
}

}  // namespace

namespace {

std::string centre_line_call(const board::Board& b, const BoardLos& los);  // below, beside the text helpers

// The centre line as a Route, for the JSON and the marks (never the deciding one).
Route centre_route(const CentreLine& c) {
    Route r;
    r.hexes = c.hexes;
    r.symbols = c.symbols;
    r.clear = c.clear;
    r.referee_call = c.referee_call;
    r.notes = c.notes;
    r.decides = false;
    return r;
}

// The hexes the exact line passes through and what they meet (CentreLine, board.hpp); false where
// it is not traced (a corner, a hexspine, off the board).
bool centre_symbols(const board::Board& b, const hex::Cube& firer, const hex::Cube& target, CentreLine& c) {
    const hex::Trace tr = hex::trace_line(firer, target);
    if (!tr.vertices.empty() || tr.hexspine) return false;
    for (const auto& m : tr.hexes)
        if (m.contact == hex::Contact::crosses) {
            if (!b.contains(m.hex)) return false;
            c.hexes.push_back(m.hex);
        }
    const int range = hex::distance(firer, target);
    for (std::size_t i = 0; i + 1 < c.hexes.size(); ++i) {
        const hex::Cube& a = c.hexes[i];
        const hex::Cube& n = c.hexes[i + 1];
        const int k = std::clamp(std::max(hex::distance(firer, a), hex::distance(firer, n)), 1, range);
        const std::size_t first = c.symbols.size();
        step_symbols(b, a, n, k - 1, target, c.symbols);
        for (std::size_t x = first; x < c.symbols.size(); ++x)
            if (c.symbols[x].side < 0) c.symbols[x].obstacle.index = std::clamp(hex::distance(firer, n), 1, std::max(1, range - 1));
    }
    return c.traced = true;
}

CentreLine centre_line_of(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target) {
    CentreLine c;
    if (!centre_symbols(b, firer, target, c)) return CentreLine{};
    const Ruling r = rule(d, situation_of(b, firer, target, c.symbols));
    const int bad = badness(r);
    c.clear = bad <= 1;
    c.referee_call = bad == 1 || bad == 2;
    c.notes = notes_of(r);
    return c;
}

// A verdict of the routes (badness: 0 clear ... 3 blocked by a note) with the centre line's: a
// referee's call where the centre line rules the line the other way (CentreLine).
view::Mark with_centre_line(int worst, const std::optional<bool>& centre_clear) {
    if (centre_clear && *centre_clear != (worst <= 1)) return view::Mark::referee_call;
    return mark_of(worst);
}

}  // namespace

// =====================================================================================
// 4. board_los
// =====================================================================================

BoardLos board_los(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target) {
    BoardLos los;
    los.firer = firer;
    los.target = target;
    los.range = hex::distance(firer, target);
    los.firer_elevation = elevation_at(b, firer);
    los.target_elevation = elevation_at(b, target);
    const RouteSearch rs(b, firer, target);
    std::map<hex::Cube, std::uint64_t> counts;
    los.route_count = count_routes(rs, firer, counts);

    // Each distinct set of symbols ruled once; the worst for the attacker found.
    std::map<hex::Cube, std::vector<Suffix>> memo;
    const std::vector<Suffix>& all = suffixes(rs, firer, memo);
    std::map<std::string, Ruling> ruled;
    int worst = -1;
    const Suffix* worst_suffix = nullptr;
    for (const Suffix& s : all) {
        Ruling r = rule(d, situation_of(b, firer, target, s.symbols));
        const int bad = badness(r);
        if (bad > worst) worst = bad, worst_suffix = &s;
        ruled.emplace(key_of(s.symbols), std::move(r));
    }

    std::vector<std::vector<hex::Cube>> listed;
    std::vector<hex::Cube> path{firer};
    list_routes(rs, path, listed, kMaxRoutesListed);
    bool have_decider = false;
    for (const auto& hexes : listed) {
        Route r;
        r.hexes = hexes;
        r.symbols = route_symbols(b, hexes);
        const Ruling& ru = ruled.at(key_of(r.symbols));
        const int bad = badness(ru);
        r.clear = bad <= 1;
        r.referee_call = bad == 1 || bad == 2;
        r.notes = notes_of(ru);
        if (!have_decider && bad == worst) r.decides = have_decider = true, los.decider = los.routes.size();
        los.routes.push_back(std::move(r));
    }
    if (!have_decider && worst_suffix) {  // beyond the listing: shown last
        Route r;
        r.hexes = worst_suffix->hexes;
        r.symbols = worst_suffix->symbols;
        const Ruling& ru = ruled.at(key_of(r.symbols));
        r.clear = worst <= 1;
        r.referee_call = worst == 1 || worst == 2;
        r.notes = notes_of(ru);
        r.decides = true;
        los.decider = los.routes.size();
        los.routes.push_back(std::move(r));
    }
    if (los.routes.empty())  // cannot happen (a test checks random pairs): the sampled points always chain
        throw std::runtime_error("no route of exactly " + std::to_string(los.range) + " hexes found from " + b.name(firer) + " to " + b.name(target));
    Route& dec = los.routes[los.decider];
    los.situation = situation_of(b, firer, target, dec.symbols);
    los.ruling = ruled.at(key_of(dec.symbols));
    los.centre_line = centre_line_of(d, b, firer, target);
    if (los.centre_line.traced && los.centre_line.clear != dec.clear) {
        los.centre_line.differs = true;
        dec.referee_call = true;
        los.ruling.call("PB-LOS", centre_line_call(b, los));
        los.ruling.tone = Tone::caution;
    }
    return los;
}

view::Mark board_sight(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target) {
    const RouteSearch rs(b, firer, target);
    std::map<hex::Cube, std::vector<Suffix>> memo;
    int worst = 0;
    for (const Suffix& s : suffixes(rs, firer, memo)) worst = std::max(worst, badness(rule(d, situation_of(b, firer, target, s.symbols))));
    const CentreLine c = centre_line_of(d, b, firer, target);
    return with_centre_line(worst, c.traced ? std::optional<bool>(c.clear) : std::nullopt);
}

std::string route_text(const board::Board& b, const Route& r) {
    std::string out;
    for (const auto& h : r.hexes) out += (out.empty() ? "" : " ") + b.name(h);
    return out;
}

namespace {

std::string verdict_words(const Route& r) {
    std::string v = r.clear ? "clear" : "blocked";
    if (r.referee_call) v += " (referee's call)";
    if (!r.notes.empty()) v += ", notes " + r.notes;
    return v;
}

// "brown on 0304/C (side 3 of 6)", "woods-hex in 0406 (hex 4 of 5 between the units), on a hilltop"
std::string symbol_text(const RouteSymbol& s, int range) {
    const Obstacle& o = s.obstacle;
    std::string t = o.symbol + (s.side >= 0 ? " on " : " in ") + s.where;
    t += s.side >= 0 ? " (hexside " + std::to_string(o.index) + " of " + std::to_string(range) + " from the firer)"
                     : " (hex " + std::to_string(o.index) + " of " + std::to_string(range - 1) + " between the units)";
    if (o.on_hilltop) t += ", on a hilltop (note N)";
    if (!o.stands_on.empty()) t += ", standing on " + elevation_words(o.stands_on);
    return t;
}

std::string centre_line_call(const board::Board& b, const BoardLos& los) {
    const Route& dec = los.routes[los.decider];
    const Route c = centre_route(los.centre_line);
    std::string met;
    for (const auto& x : c.symbols) met += (met.empty() ? "" : "; ") + symbol_text(x, los.range);
    return "which hexes the line takes is open: the routes (the i-th hex holding the point i/range of the way along the line) rule it " +
           std::string(dec.clear ? "clear" : "blocked") + " (route " + std::to_string(los.decider + 1) + "); the hexes the centre line itself passes through (" +
           route_text(b, c) + ", " + std::to_string(c.hexes.size()) + " hexes) meet " + (met.empty() ? std::string("no symbol") : met) + " and rule it " +
           verdict_words(c) + ". Umpire rules by the routes.";
}

json::Value route_json(const board::Board& b, const Route& r) {
    json::Array hexes, symbols;
    for (const auto& h : r.hexes) hexes.emplace_back(b.name(h));
    for (const auto& s : r.symbols) {
        json::Object o{{"symbol", s.obstacle.symbol}, {"at", s.where}};
        o.emplace_back(s.side >= 0 ? "side" : "hex", s.obstacle.index);
        o.emplace_back("on_hilltop", s.obstacle.on_hilltop);
        if (!s.obstacle.stands_on.empty()) o.emplace_back("stands_on", s.obstacle.stands_on);
        symbols.emplace_back(std::move(o));
    }
    json::Array notes;
    for (std::size_t a = 0; a < r.notes.size();) {
        std::size_t z = r.notes.find(", ", a);
        notes.emplace_back(r.notes.substr(a, z == std::string::npos ? std::string::npos : z - a));
        if (z == std::string::npos) break;
        a = z + 2;
    }
    return json::Value(json::Object{{"hexes", std::move(hexes)},
                                    {"symbols", std::move(symbols)},
                                    {"los", r.clear ? "clear" : "blocked"},
                                    {"referee_call", r.referee_call},
                                    {"notes", std::move(notes)},
                                    {"decides", r.decides}});
}

}  // namespace

json::Object board_los_json(const board::Board& b, const BoardLos& los) {
    json::Array routes;
    for (const auto& r : los.routes) routes.push_back(route_json(b, r));
    const Route& dec = los.routes[los.decider];
    json::Object o{{"firer_hex", b.name(los.firer)},
                   {"target_hex", b.name(los.target)},
                   {"range", los.range},
                   {"firer_elevation", los.firer_elevation},
                   {"target_elevation", los.target_elevation},
                   {"route_count", std::int64_t(los.route_count)},
                   {"routes", std::move(routes)},
                   {"decides", std::int64_t(los.decider)},
                   {"los", dec.clear ? "clear" : "blocked"},
                   {"referee_call", dec.referee_call}};
    // Only where the centre line rules the line otherwise (a referee's call): its hexes and verdict.
    if (los.centre_line.differs) o.emplace_back("centre_line", route_json(b, centre_route(los.centre_line)));
    o.emplace_back("ruling", los.ruling.to_json());
    return o;
}

std::string board_los_text(const board::Board& b, const BoardLos& los) {
    const Route& dec = los.routes[los.decider];
    std::string out = "Line of sight " + b.name(los.firer) + " -> " + b.name(los.target) + ", range " + std::to_string(los.range) + " (PB-LOS): " +
                      (dec.clear ? "CLEAR" : "BLOCKED") + (dec.referee_call ? " (referee's call)" : "") + " — route " + std::to_string(los.decider + 1) +
                      " decides\n";
    out += "  firer " + b.name(los.firer) + " " + elevation_words(los.firer_elevation) + ", target " + b.name(los.target) + " " +
           elevation_words(los.target_elevation) + "\n";
    out += "  " + std::to_string(los.route_count) + " route" + (los.route_count == 1 ? "" : "s") + " of exactly " + std::to_string(los.range) +
           " hexes " + (los.route_count == 1 ? "follows" : "follow") + " the straight line" + (los.route_count > 1 ? "; the one least favourable to the attacker decides (PB-LOS)" : "") + "\n";
    for (std::size_t i = 0; i < los.routes.size(); ++i) {
        const Route& r = los.routes[i];
        out += "  route " + std::to_string(i + 1) + (r.decides ? " (decides)" : "") + ": " + route_text(b, r) + " — " + verdict_words(r) + "\n";
        for (const auto& s : r.symbols) out += "    " + symbol_text(s, los.range) + "\n";
    }
    if (los.routes.size() < los.route_count) out += "  (" + std::to_string(los.route_count - los.routes.size()) + " more routes not listed)\n";
    if (los.centre_line.differs) {
        const Route c = centre_route(los.centre_line);
        out += "  the centre line itself (referee's call, PB-LOS): " + route_text(b, c) + " — " + verdict_words(c) + "\n";
        for (const auto& x : c.symbols) out += "    " + symbol_text(x, los.range) + "\n";
    }
    out += "  ruling of route " + std::to_string(los.decider + 1) + ": " + los.ruling.verdict + "\n";
    for (const auto& st : los.ruling.explanation) out += "    " + st.line() + "\n";
    return out;
}

// =====================================================================================
// 5. apply_board
// =====================================================================================

namespace {


// The routes grouped by outcome, each note named in words the first time: "12 blocked by notes O
// (both units at ground level: every symbol blocks) and N (...) — routes 1, 2, 5; 4 clear — routes
// 3, 4, 6, 7". With three routes or fewer each is listed with its hexes.
std::string grouped_routes(const board::Board& b, const BoardLos& los) {
    struct Group {
        bool clear, call;
        std::string notes;
        std::vector<std::size_t> routes;
    };
    std::vector<Group> groups;
    for (std::size_t i = 0; i < los.routes.size(); ++i) {
        const Route& r = los.routes[i];
        auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.clear == r.clear && g.call == r.referee_call && g.notes == r.notes; });
        if (it == groups.end()) groups.push_back({r.clear, r.referee_call, r.notes, {}}), it = groups.end() - 1;
        it->routes.push_back(i);
    }
    const bool with_hexes = los.routes.size() <= 3;
    std::vector<std::string> named;
    std::string out;
    for (const Group& g : groups) {
        std::vector<std::string> notes;
        for (std::size_t a = 0; a < g.notes.size();) {
            const std::size_t z = g.notes.find(", ", a);
            notes.push_back(g.notes.substr(a, z == std::string::npos ? std::string::npos : z - a));
            a = z == std::string::npos ? g.notes.size() : z + 2;
        }
        std::string list;
        for (std::size_t k = 0; k < g.routes.size(); ++k) {
            const std::size_t i = g.routes[k];
            list += (k ? ", " : "") + std::to_string(i + 1) + (with_hexes ? " (" + route_text(b, los.routes[i]) + ")" : "");
        }
        const std::string outcome = std::string(g.clear ? "clear" : "blocked") + (g.call ? " (referee's call)" : "") +
                                    (notes.empty() ? "" : std::string(" by note") + (notes.size() > 1 ? "s " : " ") + notes_in_words(notes, &named));
        out += out.empty() ? "" : "; ";
        if (los.routes.size() == 1) out += "route " + list + " " + outcome;
        else out += std::to_string(g.routes.size()) + " " + outcome + " \xe2\x80\x94 route" + (g.routes.size() > 1 ? "s " : " ") + list;
    }
    if (los.routes.size() < los.route_count) out += "; " + std::to_string(los.route_count - los.routes.size()) + " more not listed";
    return out;
}

std::string obstacles_text(const std::vector<Obstacle>& obs) {
    std::string out;
    for (const auto& o : obs) {
        const bool hex = o.symbol == "woods-hex" || o.symbol == "town-hex";
        out += (out.empty() ? "" : ", ") + o.symbol + (hex ? " hex " : " side ") + std::to_string(o.index) + (o.on_hilltop ? " on a hilltop" : "");
    }
    return "[" + out + "]";
}

bool same_obstacles(std::vector<Obstacle> a, std::vector<Obstacle> b) {
    auto less = [](const Obstacle& x, const Obstacle& y) {
        return std::tie(x.index, x.symbol, x.on_hilltop, x.stands_on) < std::tie(y.index, y.symbol, y.on_hilltop, y.stands_on);
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].symbol != b[i].symbol || a[i].index != b[i].index || a[i].on_hilltop != b[i].on_hilltop ||
            (!a[i].stands_on.empty() && a[i].stands_on != b[i].stands_on))
            return false;
    return true;
}

}  // namespace

void apply_board(const Data& d, const Section& root, const Section& firer, const Section& target, const Section& line, Situation& s,
                 const board::Board* held, const view::Placement* place) {
    const auto file = root.str("board");
    if (!file) return;
    s.board = *file;
    // The window's board view gives the places typed on its board (the hex keys are then not read).
    const view::Placement* typed = held ? place : nullptr;
    auto named = [&](const std::optional<hex::Cube>& h) { return h ? std::optional<std::string>(held->name(*h)) : std::nullopt; };
    const std::optional<std::string> fh = typed ? named(typed->firer) : firer.str("hex");
    const std::optional<std::string> th = typed ? named(typed->target) : target.str("hex");
    if (!fh || !th) {
        root.error("board", "a board needs firer.hex and target.hex: the line of sight is traced between them (PB-LOS)");
        return;
    }
    const std::filesystem::path path = board::find_board(*file, root.sink().dir(), d.boards_dir);
    const std::string shown = path.lexically_normal().string();
    board::Board loaded;
    try {
        if (!held) loaded = load_map(path, shown);
    } catch (const InputError& e) {
        // The board's problems keep their own file's name, after the situation's located board key.
        root.error("board", quoted_value(*file) + ": the board file has the problems reported for " + shown);
        std::vector<Diagnostic> all = root.sink().diagnostics();
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw InputError(all);
    }
    const board::Board& b = held ? *held : loaded;  // the window's board may hold unsaved paint
    const auto f = typed ? typed->firer : b.parse_hex(*fh), t = typed ? typed->target : b.parse_hex(*th);
    const std::string extent = " (" + b.numbering.describe() + "; columns 1-" + std::to_string(b.columns) + ", rows 1-" + std::to_string(b.rows) + ")";
    if (!f) firer.error("hex", quoted_value(*fh) + " is not a hex of the board " + s.board + extent);
    if (!t) target.error("hex", quoted_value(*th) + " is not a hex of the board " + s.board + extent);
    if (!f || !t) return;
    if (*f == *t) {
        target.error("hex", "is the firer's hex " + *fh + ": the firer and the target must be in different hexes");
        return;
    }
    s.firer_hex = b.name(*f);
    s.target_hex = b.name(*t);
    BoardLos los;
    try {
        los = board_los(d, b, *f, *t);
    } catch (const std::runtime_error& e) {
        root.error("board", e.what());
        return;
    }
    // Typed keys must agree with the board (both values named).
    if (firer.has("elevation") && s.firer != los.firer_elevation)
        firer.error("elevation", "is \"" + s.firer + "\" but on the board " + s.board + " the firer's hex " + s.firer_hex + " is " + los.firer_elevation);
    if (target.has("elevation") && s.target != los.target_elevation)
        target.error("elevation", "is \"" + s.target + "\" but on the board " + s.board + " the target's hex " + s.target_hex + " is " + los.target_elevation);
    if (line.has("range") && s.range != los.range)
        line.error("range", "is " + std::to_string(s.range) + " but on the board " + s.board + " " + s.firer_hex + " to " + s.target_hex + " is range " +
                                std::to_string(los.range));
    if (line.has("obstacles") && !same_obstacles(s.obstacles, los.situation.obstacles))
        line.error("obstacles", "are " + obstacles_text(s.obstacles) + " but on the board " + s.board + " the deciding route meets " +
                                    obstacles_text(los.situation.obstacles) + "; leave line.obstacles out to take them from the board");
    s.firer = los.firer_elevation;
    s.target = los.target_elevation;
    s.range = los.range;
    s.obstacles = los.situation.obstacles;

    // What the ruling says about the board, each with its hex.
    s.board_steps.push_back({"PB-LOS", "Read from the board " + s.board + (b.sample ? " (sample terrain)" : "") + ": the firer's hex " + s.firer_hex +
                                           " is " + elevation_words(s.firer) + ", the target's hex " + s.target_hex + " is " + elevation_words(s.target) +
                                           "; range " + std::to_string(s.range) + "."});
    for (const auto& [h, who] : {std::pair{*f, "firer"}, std::pair{*t, "target"}}) {
        const std::string& terrain = b.terrain(h);
        if (terrain == "ford" || terrain == "gully-crossing")
            s.board_steps.push_back({"PB-GULLY-C", std::string("The ") + who + "'s hex " + b.name(h) + " is " +
                                                       (terrain == "ford" ? "a ford" : "where a road or bridge crosses the gully") +
                                                       ": clear terrain, so ground level, not a gully."});
    }
    s.board_steps.push_back(
        {"PB-LOS", std::to_string(los.route_count) + " route" + (los.route_count == 1 ? "" : "s") + " through exactly " + std::to_string(s.range) +
                       " hexes " + (los.route_count == 1 ? "follows" : "follow") + " the straight line: " + grouped_routes(b, los) +
                       (los.route_count > 1 ? ". The route least favourable to the attacker counts (the defender gets the benefit of the doubt): route " +
                                                  std::to_string(los.decider + 1) + "."
                                            : ".")});
    const Route& dec = los.routes[los.decider];
    if (dec.symbols.empty())
        s.board_steps.push_back({"PB-LOS", "Route " + std::to_string(los.decider + 1) + " meets no obstacle symbol."});
    for (const auto& x : dec.symbols) s.board_steps.push_back({"PB-LOS", "Route " + std::to_string(los.decider + 1) + " meets " + symbol_text(x, s.range) + "."});
    if (los.centre_line.differs) s.board_calls.push_back({"PB-LOS", centre_line_call(b, los)});
    json::Array rj;
    for (const auto& r : los.routes) rj.push_back(route_json(b, r));
    if (!root.sink().print_only()) s.board_marks = std::make_shared<const view::BoardMarks>(board_marks(d, b, los));
    json::Object bj{{"file", s.board},
                    {"firer_hex", s.firer_hex},
                    {"target_hex", s.target_hex},
                    {"route_count", std::int64_t(los.route_count)},
                    {"routes", std::move(rj)},
                    {"decides", std::int64_t(los.decider)}};
    if (los.centre_line.differs) bj.emplace_back("centre_line", route_json(b, centre_route(los.centre_line)));
    s.board_json = json::Value(std::move(bj));
}

// =====================================================================================
// 6. BoardSupport
// =====================================================================================

// The symbols' own colours (the article names them by colour), each with letters: yellow is a
// lemon, never the amber the window keeps for "referee's call". Elevations: darker to lighter
// with height, and their level and slope written in the hex.
view::BoardSupport::Look PanzerBlitzBoardSupport::look(const std::string& name) const {
    // Glyph, colour and the article's words (Arvold's notes name the elevations and symbols so).
    static const std::map<std::string, Look> looks = {
        {"ground", {"", 0x2F352FFF, "Ground level"}},
        {"gully", {"g", 0x263A44FF, "Gully"}},
        {"l1-slope", {"1s", 0x4A4632FF, "Level 1 slope"}},
        {"l1-hilltop", {"1H", 0x5E5636FF, "Level 1 hilltop"}},
        {"l2-slope", {"2s", 0x6E5E3EFF, "Level 2 slope"}},
        {"l2-hilltop", {"2H", 0x86704AFF, "Level 2 hilltop"}},
        {"woods-hex", {"W", 0x3E9A46FF, "Woods hex"}},
        {"town-hex", {"T", 0xA0A0A0FF, "Town hex"}},
        {"green", {"gn", 0x3CB44BFF, "Green hexside"}},
        {"grey", {"gy", 0xA8A8A8FF, "Grey hexside"}},
        {"brown", {"br", 0x8B5A2BFF, "Brown hexside"}},
        {"orange", {"or", 0xF07828FF, "Orange/Red hexside"}},
        {"yellow", {"ye", 0xF4F46AFF, "Yellow hexside"}},
        {"purple", {"pu", 0xA050D2FF, "Purple hexside"}},
        {"hilltop-green", {"gn^", 0x3CB44BFF, "Green hexside on a hilltop (N)"}},
        {"hilltop-grey", {"gy^", 0xA8A8A8FF, "Grey hexside on a hilltop (N)"}},
        {"slope-green", {"gn/", 0x3CB44BFF, "Green hexside on a slope"}},
        {"slope-grey", {"gy/", 0xA8A8A8FF, "Grey hexside on a slope"}},
        {"ford", {"f", 0x2F352FFF, "Ford (clear, GULLY-C)"}},
        {"gully-crossing", {"=", 0x2F352FFF, "Road/bridge over gully"}},
    };
    if (const auto it = looks.find(name); it != looks.end()) return it->second;
    // A pair on one hexside: the hill edge's colour, both glyphs, both names.
    for (const auto& p : vocabulary_.side_pairs)
        if (p.both == name) {
            const Look a = look(p.first), b = look(p.second);
            std::string second = b.word;
            if (!second.empty()) second[0] = char(std::tolower(static_cast<unsigned char>(second[0])));
            return {a.glyph + "+" + b.glyph, a.rgba, a.word + " with a " + second};
        }
    return Look{};
}

// Every route, the deciding one said so, and the symbols each meets as its ruling judges them.
view::BoardMarks board_marks(const Data& d, const board::Board& b, const BoardLos& los) {
    view::BoardMarks m;
    const hex::Cube from = los.firer, to = los.target;
    m.firer = from;
    m.target = to;
    // Symbols met: the deciding route's first, each judged as its ruling judges it (side_view), then
    // the other routes' symbols not already lit.
    std::vector<std::size_t> order{los.decider};
    for (std::size_t i = 0; i < los.routes.size(); ++i)
        if (i != los.decider) order.push_back(i);
    for (std::size_t i : order) {
        const Route& r = los.routes[i];
        const int bad = r.clear ? (r.referee_call ? 1 : 0) : (r.referee_call ? 2 : 3);
        m.lines.push_back({"route " + std::to_string(i + 1), {}, {}, r.hexes, mark_of(bad), r.decides,
                           "route " + std::to_string(i + 1) + ": " + route_text(b, r) + " — " + verdict_words(r)});
        const Situation s = situation_of(b, from, to, r.symbols);
        const SideView sv = side_view(d, s);
        for (std::size_t k = 0; k < r.symbols.size() && k < sv.obstacles.size(); ++k) {
            const RouteSymbol& x = r.symbols[k];
            const view::Mark mk = !sv.obstacles[k].decided ? view::Mark::referee_call : sv.obstacles[k].blocks ? view::Mark::blocking : view::Mark::clear;
            const std::string text = symbol_text(x, los.range) + (mk == view::Mark::blocking ? ": blocks" : mk == view::Mark::clear ? ": does not block" : ": no note decides (referee's call)");
            if (x.side >= 0) {
                const auto seen = std::find_if(m.sides.begin(), m.sides.end(), [&](const view::BoardSideMark& e) {
                    return (e.hex == x.hex && e.side == x.side) || (e.hex == hex::neighbour(x.hex, x.side) && e.side == (x.side + 3) % 6);
                });
                if (seen == m.sides.end()) m.sides.push_back({x.hex, x.side, mk, text});
                // Two symbols on one hexside (a pair such as orange-with-hilltop-green) on the same route:
                // the hexside shows both, marked blocking if either blocks.
                else if (i == los.decider && seen->text.find(text) == std::string::npos) {
                    seen->text += "; " + text;
                    if (mk == view::Mark::blocking || seen->mark == view::Mark::clear) seen->mark = mk;
                }
            } else if (std::none_of(m.hexes.begin(), m.hexes.end(), [&](const view::BoardHexMark& e) { return e.hex == x.hex; })) {
                m.hexes.push_back({x.hex, mk, text});
            }
        }
    }
    // The deciding route is drawn first above; keep the lines in route order for the legend.
    std::sort(m.lines.begin(), m.lines.end(), [](const view::BoardLine& a, const view::BoardLine& b) {
        return std::stoi(a.label.substr(6)) < std::stoi(b.label.substr(6));
    });
    const Route& dec = los.routes[los.decider];
    m.verdict = m.lines.empty() ? view::Mark::clear : m.lines[los.decider].mark;
    if (los.centre_line.differs) {
        // The other reading of which hexes the line takes: the straight segment, amber (a referee's call).
        const Route c = centre_route(los.centre_line);
        m.lines.push_back({"centre line", {from, -1}, {to, -1}, {}, view::Mark::referee_call, false,
                           "the centre line itself: " + route_text(b, c) + " — " + verdict_words(c) + " (which hexes the line takes is the referee's call)"});
        for (const auto& x : c.symbols) {
            const std::string text = symbol_text(x, los.range) + ": met by the centre line only";
            if (x.side >= 0 && std::none_of(m.sides.begin(), m.sides.end(), [&](const view::BoardSideMark& e) {
                    return (e.hex == x.hex && e.side == x.side) || (e.hex == hex::neighbour(x.hex, x.side) && e.side == (x.side + 3) % 6);
                }))
                m.sides.push_back({x.hex, x.side, view::Mark::referee_call, text});
            else if (x.side < 0 && std::none_of(m.hexes.begin(), m.hexes.end(), [&](const view::BoardHexMark& e) { return e.hex == x.hex; }))
                m.hexes.push_back({x.hex, view::Mark::referee_call, text});
        }
    }
    m.summary = b.name(from) + " to " + b.name(to) + ", range " + std::to_string(los.range) + ": " + verdict_words(dec) + " (route " +
                std::to_string(los.decider + 1) + " of " + std::to_string(los.route_count) + " decides)";
    return m;
}

bool PanzerBlitzBoardSupport::visibility(const board::Board& b, const std::string& mode, const hex::Cube& from, std::vector<view::Mark>& out) const {
    (void)mode;
    out.assign(std::size_t(b.hex_count()), view::Mark::clear);
    // Many hexes share their inputs (elevations, range, symbols): each distinct set is ruled once.
    std::map<std::string, int> cache;
    const auto badness_of = [&](const hex::Cube& to, const std::vector<RouteSymbol>& symbols) {
        const Situation sit = situation_of(b, from, to, symbols);
        const std::string key = sit.firer + "|" + sit.target + "|" + std::to_string(sit.range) + "|" + key_of(symbols);
        auto it = cache.find(key);
        if (it == cache.end()) it = cache.emplace(key, badness(panzerblitz::rule(*data_, sit))).first;
        return it->second;
    };
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube to = b.hex_at(i);
        if (to == from) continue;
        const RouteSearch rs(b, from, to);
        std::map<hex::Cube, std::vector<Suffix>> memo;
        int worst = 0;
        const std::vector<Suffix>* all = nullptr;
        try {
            all = &suffixes(rs, from, memo);
        } catch (const std::runtime_error&) {
            out[std::size_t(i)] = view::Mark::referee_call;  // too many routes to rule one by one (los says so)
            continue;
        }
        for (const Suffix& s : *all) worst = std::max(worst, badness_of(to, s.symbols));
        CentreLine c;
        std::optional<bool> centre_clear;
        if (centre_symbols(b, from, to, c)) centre_clear = badness_of(to, c.symbols) <= 1;
        out[std::size_t(i)] = with_centre_line(worst, centre_clear);
    }
    return true;
}

Ruling PanzerBlitzBoardSupport::rule(const Section& situation, const board::Board& b, const view::Placement* place) const {
    if (sys_) return sys_->rule(situation, &b, place);
    const Situation s = parse_situation(*data_, situation, &b, place);
    situation.sink().throw_if_errors();
    Ruling r = panzerblitz::rule(*data_, s);
    r.board_marks = s.board_marks;
    return r;
}

}  // namespace umpire::panzerblitz
