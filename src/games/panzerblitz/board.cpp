// PanzerBlitz on a board (see panzerblitz_board.hpp, docs/panzerblitz.md "Boards").
//
// Sections
//   1. vocabulary   the names a PanzerBlitz board file holds
//   2. load_map     one board file, or several joined into one map ([[boards]])
//   3. routes       the candidate routes (exact line, range hexes), each turned into typed inputs
//   4. board_los    every route ruled, the least favourable deciding; JSON and text
//   5. apply_board  board = "FILE" in a situation
//   6. BoardSupport the board view's marks and visibility
#include "games/panzerblitz/board.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

#include "core/input.hpp"
#include "core/names.hpp"

namespace umpire::panzerblitz {

// =====================================================================================
// 1. vocabulary
// =====================================================================================

board::Vocabulary board_vocabulary() {
    board::Vocabulary v;
    v.system = "panzerblitz";
    v.hex_terrain = elevation_names();  // ground first: the default elevation
    v.hex_features = {"woods-hex", "town-hex"};
    v.hexside_features = {"green", "grey", "brown", "orange", "yellow", "purple", "hilltop-green", "hilltop-grey"};
    // The article's other spellings (as the situation's symbol aliases in rules-data).
    v.aliases = {{"gray", "grey"}, {"red", "orange"}, {"orange/red", "orange"}, {"hilltop-gray", "hilltop-grey"},
                 {"woods", "woods-hex"}, {"town", "town-hex"}};
    // Umpire's numbering for PanzerBlitz boards (docs/panzerblitz.md "Numbering"): CCRR, column
    // then row, two digits each, even columns half a hex lower, hexsides A (north) to F clockwise.
    v.numbering = hex::Numbering{};
    return v;
}

SideSymbol side_symbol(const board::Board& b, const board::SideFeature& f) {
    const std::string& name = b.vocabulary.hexside_features[std::size_t(f.feature)];
    const std::string prefix = "hilltop-";
    if (name.rfind(prefix, 0) == 0) return {name.substr(prefix.size()), true};
    return {name, false};
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
    std::vector<board::Board> parts;
    std::vector<Diagnostic> part_errors;
    for (const auto& p : placements) {
        const std::filesystem::path file = std::filesystem::path(p.file).is_relative() ? path.parent_path() / p.file : std::filesystem::path(p.file);
        const std::string shown = file.lexically_normal().string();
        try {
            const toml::table bt = parse_toml_file(file, shown, kMaxBoardBytes);
            if (bt.contains("boards")) {
                part_errors.push_back({shown, 1, 1, "a board placed in a map must be a board file, not another map ([[boards]])"});
                parts.emplace_back();
                continue;
            }
            parts.push_back(board::parse_board(bt, shown, map.vocabulary));
        } catch (const InputError& err) {
            part_errors.insert(part_errors.end(), err.diagnostics().begin(), err.diagnostics().end());
            parts.emplace_back();
        }
    }
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
        int mc0 = 0, mr0 = 0;
        place(p, b.columns, b.rows, 1, 1, mc0, mr0);
        const hex::Cube origin = map.numbering.to_cube(mc0, mr0), local0 = b.numbering.to_cube(1, 1);
        bool fits = true;
        for (auto [c, r] : {std::pair{2, 1}, std::pair{3, 1}, std::pair{1, 2}, std::pair{2, 2}}) {
            if (c > b.columns || r > b.rows) continue;
            int mc = 0, mr = 0;
            place(p, b.columns, b.rows, c, r, mc, mr);
            const hex::Cube want = b.numbering.to_cube(c, r) - local0;
            const hex::Cube got = map.numbering.to_cube(mc, mr) - origin;
            if (!(got == (p.rotated ? hex::Cube{-want.q, -want.r, -want.s} : want))) fits = false;
        }
        if (!fits) {
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
                    board::SideFeature& slot = map.sides_of[std::size_t(map.side_slot(there, p.rotated ? d + 3 : d))];
                    // Where two boards meet, a symbol given on either side holds; two different ones contradict.
                    if (slot.feature >= 0 && slot.feature != g.feature) {
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
    if (const board::SideFeature* f = b.side(a, d)) {
        const SideSymbol s = side_symbol(b, *f);
        // Note N: a woods or town hexside between two hilltop hexes stands on the hilltop, however
        // the board names it (the article's symbol is plain Green/Grey; note P: a plateau's interior
        // hexes are hilltops). Between a hilltop and a lower hex the board's name says which.
        const bool low = s.symbol == "green" || s.symbol == "grey";
        const bool on_hilltop = s.on_hilltop || (low && is_hilltop(b.terrain(a)) && is_hilltop(b.terrain(n)));
        out.push_back({Obstacle{s.symbol, i + 1, on_hilltop, false}, a, d, b.side_name(a, d)});
    }
    if (n != target) {
        const int hf = b.hex_feature(n);
        if (hf >= 0)
            out.push_back({Obstacle{b.vocabulary.hex_features[std::size_t(hf)], i + 1, is_hilltop(b.terrain(n)), false}, n, -1, b.name(n)});
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
    for (const auto& s : symbols) k += s.obstacle.symbol + "@" + std::to_string(s.obstacle.index) + (s.obstacle.on_hilltop ? "h;" : ";");
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
    s.firer = b.terrain(firer);
    s.target = b.terrain(target);
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

// =====================================================================================
// 4. board_los
// =====================================================================================

BoardLos board_los(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target) {
    BoardLos los;
    los.firer = firer;
    los.target = target;
    los.range = hex::distance(firer, target);
    los.firer_elevation = b.terrain(firer);
    los.target_elevation = b.terrain(target);
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
    const Route& dec = los.routes[los.decider];
    los.situation = situation_of(b, firer, target, dec.symbols);
    los.ruling = ruled.at(key_of(dec.symbols));
    return los;
}

view::Mark board_sight(const Data& d, const board::Board& b, const hex::Cube& firer, const hex::Cube& target) {
    const RouteSearch rs(b, firer, target);
    std::map<hex::Cube, std::vector<Suffix>> memo;
    int worst = 0;
    for (const Suffix& s : suffixes(rs, firer, memo)) worst = std::max(worst, badness(rule(d, situation_of(b, firer, target, s.symbols))));
    return mark_of(worst);
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
    return t;
}

json::Value route_json(const board::Board& b, const Route& r) {
    json::Array hexes, symbols;
    for (const auto& h : r.hexes) hexes.emplace_back(b.name(h));
    for (const auto& s : r.symbols) {
        json::Object o{{"symbol", s.obstacle.symbol}, {"at", s.where}};
        o.emplace_back(s.side >= 0 ? "side" : "hex", s.obstacle.index);
        o.emplace_back("on_hilltop", s.obstacle.on_hilltop);
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
    return json::Object{{"firer_hex", b.name(los.firer)},
                        {"target_hex", b.name(los.target)},
                        {"range", los.range},
                        {"firer_elevation", los.firer_elevation},
                        {"target_elevation", los.target_elevation},
                        {"route_count", std::int64_t(los.route_count)},
                        {"routes", std::move(routes)},
                        {"decides", std::int64_t(los.decider)},
                        {"los", dec.clear ? "clear" : "blocked"},
                        {"referee_call", dec.referee_call},
                        {"ruling", los.ruling.to_json()}};
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
        return std::tie(x.index, x.symbol, x.on_hilltop) < std::tie(y.index, y.symbol, y.on_hilltop);
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].symbol != b[i].symbol || a[i].index != b[i].index || a[i].on_hilltop != b[i].on_hilltop) return false;
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
    const std::filesystem::path path = board::find_board(*file, std::filesystem::path(root.sink().file()).parent_path(), d.boards_dir);
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
    if (!f) firer.error("hex", quoted_value(*fh) + " is not a hex of the board " + shown + extent);
    if (!t) target.error("hex", quoted_value(*th) + " is not a hex of the board " + shown + extent);
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
        firer.error("elevation", "is \"" + s.firer + "\" but on the board " + shown + " the firer's hex " + s.firer_hex + " is " + los.firer_elevation);
    if (target.has("elevation") && s.target != los.target_elevation)
        target.error("elevation", "is \"" + s.target + "\" but on the board " + shown + " the target's hex " + s.target_hex + " is " + los.target_elevation);
    if (line.has("range") && s.range != los.range)
        line.error("range", "is " + std::to_string(s.range) + " but on the board " + shown + " " + s.firer_hex + " to " + s.target_hex + " is range " +
                                std::to_string(los.range));
    if (line.has("obstacles") && !same_obstacles(s.obstacles, los.situation.obstacles))
        line.error("obstacles", "are " + obstacles_text(s.obstacles) + " but on the board " + shown + " the deciding route meets " +
                                    obstacles_text(los.situation.obstacles) + "; leave line.obstacles out to take them from the board");
    s.firer = los.firer_elevation;
    s.target = los.target_elevation;
    s.range = los.range;
    s.obstacles = los.situation.obstacles;

    // What the ruling says about the board, each with its hex.
    s.board_steps.push_back({"PB-LOS", "Read from the board " + shown + (b.sample ? " (sample terrain)" : "") + ": the firer's hex " + s.firer_hex +
                                           " is " + elevation_words(s.firer) + ", the target's hex " + s.target_hex + " is " + elevation_words(s.target) +
                                           "; range " + std::to_string(s.range) + "."});
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
    json::Array rj;
    for (const auto& r : los.routes) rj.push_back(route_json(b, r));
    s.board_marks = std::make_shared<const view::BoardMarks>(board_marks(d, b, los));
    s.board_json = json::Value(json::Object{{"file", shown},
                                            {"firer_hex", s.firer_hex},
                                            {"target_hex", s.target_hex},
                                            {"route_count", std::int64_t(los.route_count)},
                                            {"routes", std::move(rj)},
                                            {"decides", std::int64_t(los.decider)}});
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
    };
    const auto it = looks.find(name);
    return it == looks.end() ? Look{} : it->second;
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
                const bool seen = std::any_of(m.sides.begin(), m.sides.end(), [&](const view::BoardSideMark& e) {
                    return (e.hex == x.hex && e.side == x.side) || (e.hex == hex::neighbour(x.hex, x.side) && e.side == (x.side + 3) % 6);
                });
                if (!seen) m.sides.push_back({x.hex, x.side, mk, text});
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
    m.summary = b.name(from) + " to " + b.name(to) + ", range " + std::to_string(los.range) + ": " + verdict_words(dec) + " (route " +
                std::to_string(los.decider + 1) + " of " + std::to_string(los.route_count) + " decides)";
    return m;
}

bool PanzerBlitzBoardSupport::visibility(const board::Board& b, const std::string& mode, const hex::Cube& from, std::vector<view::Mark>& out) const {
    (void)mode;
    out.assign(std::size_t(b.hex_count()), view::Mark::clear);
    // Many hexes share their inputs (elevations, range, symbols): each distinct set is ruled once.
    std::map<std::string, int> cache;
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
        for (const Suffix& s : *all) {
            const Situation sit = situation_of(b, from, to, s.symbols);
            const std::string key = sit.firer + "|" + sit.target + "|" + std::to_string(sit.range) + "|" + key_of(s.symbols);
            auto it = cache.find(key);
            if (it == cache.end()) it = cache.emplace(key, badness(panzerblitz::rule(*data_, sit))).first;
            worst = std::max(worst, it->second);
        }
        out[std::size_t(i)] = mark_of(worst);
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
