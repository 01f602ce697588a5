// PanzerBlitz line of sight and hill/slope defense (Arvold's Obstacles and Elevation, modified).
//
// Sections
//   1. Data loading
//   2. Situation parsing and writing
//   3. Judging one obstacle by the notes (A-J, L, N, O, K) or, where none decides, a straight line
//   4. rule(): gullies, adjacency (M), the obstacles, the count rule (L), hill and slope defense
//   5. side_view and the GameSystem glue
#include "games/panzerblitz/rules.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "geometry/hex.hpp"
#include "core/names.hpp"

namespace umpire::panzerblitz {

const std::vector<std::string>& elevation_names() {
    static const std::vector<std::string> v = {"ground", "gully", "l1-slope", "l1-hilltop", "l2-slope", "l2-hilltop"};
    return v;
}
const std::vector<std::string>& symbol_names() {
    static const std::vector<std::string> v = {"green", "grey", "brown", "orange", "yellow", "purple", "woods-hex", "town-hex"};
    return v;
}

const Symbol* Data::symbol(const std::string& name) const {
    for (const auto& s : symbols)
        if (s.name == name) return &s;
    return nullptr;
}

// =====================================================================================
// 1. Data loading
// =====================================================================================

Data load_data(const std::filesystem::path& file) {
    toml::table t = parse_toml_file(file, file.string());
    Sink sink(file.string());
    Section root(sink, &t, "");
    root.only_keys({"elevations", "symbols", "distance", "straight_line"});
    Data d;
    Section el = root.table("elevations", true);
    el.only_keys(elevation_names());
    for (const auto& n : elevation_names()) d.elevation[n] = int(el.integer(n, true, -100, 1000).value_or(0));
    if (sink.ok()) {
        // The notes rank the elevations: ground < level 1 slope < level 1 hilltop < level 2 slope < level 2 hilltop.
        const std::vector<std::string> order = {"ground", "l1-slope", "l1-hilltop", "l2-slope", "l2-hilltop"};
        for (std::size_t i = 1; i < order.size(); ++i)
            if (d.elevation[order[i]] <= d.elevation[order[i - 1]])
                el.error(order[i], order[i] + " must be higher than " + order[i - 1]);
        if (d.elevation["gully"] >= d.elevation["ground"]) el.error("gully", "a gully is a depression: it must be below ground");
    }
    Section sy = root.table("symbols", true);
    sy.only_keys(symbol_names());
    const std::vector<std::string> kinds = {"low", "medium-low", "medium", "medium-high", "high"};
    for (const auto& n : symbol_names()) {
        Section st = sy.table(n, true);
        st.only_keys({"kind", "height", "hex", "aliases"});
        Symbol s;
        s.name = n;
        s.kind = st.choice("kind", kinds, true).value_or("low");
        s.height = int(st.integer("height", true, 0, 1000).value_or(0));
        s.hex = st.boolean("hex").value_or(false);
        s.aliases = st.string_array("aliases").value_or(std::vector<std::string>{});
        for (const auto& a : s.aliases) {
            // An alias must name this symbol only: not be empty, another symbol's name, or another's alias.
            const std::string norm = normalize_name(a);
            if (norm.empty()) {
                st.error("aliases", quoted_value(a) + " cannot be an alias: it is empty once case, spaces and / - ( ) . are ignored");
                continue;
            }
            for (const auto& other : symbol_names())
                if (other != n && normalize_name(other) == norm)
                    st.error("aliases", quoted_value(a) + " is the name of the symbol " + other + ": an alias must name " + n + " only");
            for (const auto& prev : d.symbols)
                if (match_name(a, prev.aliases))
                    st.error("aliases", quoted_value(a) + " is already an alias of " + prev.name);
        }
        const bool should_be_hex = n == "woods-hex" || n == "town-hex";
        if (st.present() && s.hex != should_be_hex)
            st.error("hex", n + (should_be_hex ? " is a single hex: hex = true is required" : " is a hexside symbol: it cannot be a hex"));
        d.symbols.push_back(s);
    }
    Section dist = root.table("distance", true);
    dist.only_keys({"hexside_position", "hex_position"});
    d.hexside_position = dist.choice("hexside_position", {"k/(range+1)", "(k-1/2)/range"}, true).value_or("k/(range+1)");
    dist.choice("hex_position", {"j/range"}, true);
    Section sl = root.table("straight_line", true);
    sl.only_keys({"hilltop_base"});
    d.boards_dir = file.parent_path().parent_path() / "boards";
    d.hilltop_base = sl.choice("hilltop_base", {"l1-hilltop", "l2-hilltop"}, true).value_or("l1-hilltop");
    sink.throw_if_errors();
    return d;
}

// =====================================================================================
// 2. Situation
// =====================================================================================

Situation parse_situation(const Data& d, const Section& root, const board::Board* held, const view::Placement* place) {
    Situation s;
    auto keys = common_situation_keys();
    for (const char* k : {"firer", "target", "line", "board"}) keys.push_back(k);
    root.only_keys(keys);
    // With board = "FILE" the units' hexes give everything else; typed keys must agree with the map.
    const bool on_board = root.has("board");
    s.title = root.str("title").value_or("");
    // The contract states no default for an elevation; left out (or its table left out), a unit is at
    // ground level, and the ruling's first step names both elevations.
    Section f = root.table("firer");
    f.only_keys(on_board ? std::vector<std::string>{"elevation", "hex"} : std::vector<std::string>{"elevation"});
    s.firer = f.choice("elevation", elevation_names()).value_or("ground");
    Section t = root.table("target");
    t.only_keys(on_board ? std::vector<std::string>{"elevation", "hex"} : std::vector<std::string>{"elevation"});
    s.target = t.choice("elevation", elevation_names()).value_or("ground");
    Section line = root.table("line", !on_board);
    line.only_keys({"range", "obstacles"});
    const auto range = line.integer("range", !on_board, 1, 999);
    s.range = int(range.value_or(1));
    // With a missing or wrong range, places are checked against the widest range only, so the
    // range's own error is not repeated as a spurious one on every obstacle.
    const int bound = range ? s.range : 999;
    for (const Section& o : line.tables("obstacles")) {
        o.only_keys({"symbol", "side", "hex", "on_hilltop"});
        // The article spells grey both ways and names orange "Orange/Red": the data's aliases accept those.
        std::vector<Named> symbols;
        for (const auto& cand : d.symbols) symbols.push_back({cand.name, cand.aliases});
        const std::optional<std::string> sym = o.choice("symbol", symbols, true, "name");
        if (!sym) continue;
        const Symbol* info = d.symbol(*sym);
        Obstacle ob;
        ob.symbol = *sym;
        if (info->hex) {
            if (o.has("side")) o.error("side", *sym + " is a single hex: give its place as hex = j (1.." + std::to_string(bound - 1) + ")");
            auto j = o.integer("hex", true, 1, std::max(1, bound - 1),
                               bound > 1 ? "1.." + std::to_string(bound - 1) + ", the hexes between the firer and the target"
                                         : "none: at range 1 no hex lies between the units");
            if (j && bound == 1) o.error("hex", "at range 1 no hex lies between the firer and the target");
            ob.index = int(j.value_or(1));
        } else {
            if (o.has("hex")) o.error("hex", *sym + " is a hexside symbol: give its place as side = k (1.." + std::to_string(bound) + ")");
            ob.index = int(o.integer("side", true, 1, bound,
                                     "1.." + std::to_string(bound) + ": the k-th hexside the line crosses from the firer").value_or(1));
        }
        ob.on_hilltop = o.boolean("on_hilltop").value_or(false);
        // Note N is about woods and towns on hilltops; a hill-edge symbol with on_hilltop = true is
        // not contradictory, the flag just says nothing about it: it is ignored (and the ruling says so).
        if (ob.on_hilltop && info->kind != "low") {
            ob.on_hilltop = false;
            ob.on_hilltop_ignored = true;
        }
        s.obstacles.push_back(ob);
    }
    if (on_board && root.sink().ok()) apply_board(d, root, f, t, line, s, held, place);
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t;
    t.insert("system", "panzerblitz");
    if (!s.title.empty()) t.insert("title", s.title);
    if (!s.board.empty()) {  // the board says the elevations, the range and the symbols (apply_board)
        t.insert("board", s.board);
        t.insert("firer", toml::table{{"hex", s.firer_hex}});
        t.insert("target", toml::table{{"hex", s.target_hex}});
        return t;
    }
    t.insert("firer", toml::table{{"elevation", s.firer}});
    t.insert("target", toml::table{{"elevation", s.target}});
    toml::table line;
    line.insert("range", s.range);
    toml::array obs;
    for (const auto& o : s.obstacles) {
        toml::table ot;
        ot.insert("symbol", o.symbol);
        const bool hex = o.symbol == "woods-hex" || o.symbol == "town-hex";
        ot.insert(hex ? "hex" : "side", o.index);
        if (o.on_hilltop || o.on_hilltop_ignored) ot.insert("on_hilltop", true);
        obs.push_back(std::move(ot));
    }
    line.insert("obstacles", std::move(obs));
    t.insert("line", std::move(line));
    return t;
}

// =====================================================================================
// 3. Judging one obstacle
// =====================================================================================

namespace {

enum Lvl { G, S1, H1, S2, H2 };  // ground (gullies facing slopes/hilltops count as ground, GULLY-B)

Lvl level_of(const std::string& e) {
    if (e == "l1-slope") return S1;
    if (e == "l1-hilltop") return H1;
    if (e == "l2-slope") return S2;
    if (e == "l2-hilltop") return H2;
    return G;
}
bool level1(Lvl l) { return l == S1 || l == H1; }
bool level2(Lvl l) { return l == S2 || l == H2; }

const char* level_text(Lvl l) {
    switch (l) {
        case G: return "ground level";
        case S1: return "a level 1 slope";
        case H1: return "a level 1 hilltop";
        case S2: return "a level 2 slope";
        default: return "a level 2 hilltop";
    }
}

}  // namespace

// Umpire's own one-line summaries of the Special Notes (A-O) and the gully notes, checked against
// the article; the ruling's steps cite the note itself.
std::string note_words(const std::string& note) {
    static const std::map<std::string, std::string> words = {
        {"A", "from a hill to ground level, green or grey sides of the target's hex (or a single-hex woods or town it stands behind) block"},
        {"B", "from ground level to a hill, green or grey sides of the firer's hex (or a single-hex woods or town it stands behind) block"},
        {"C", "from a level 1 hilltop to ground level, a brown side nearer the target or midway blocks"},
        {"D", "from ground level to a level 1 hilltop, a brown side nearer the firer or midway blocks"},
        {"E", "from a level 2 hilltop to ground level, brown, yellow and orange sides two thirds of the way or more block"},
        {"F", "from ground level to a level 2 hilltop, brown, yellow and orange sides a third of the way or less block"},
        {"G", "from a level 2 hilltop to level 1, a yellow side nearer the target or midway blocks"},
        {"H", "from level 1 to a level 2 hilltop, a yellow side nearer the firer or midway blocks"},
        {"I", "from level 2 to level 1, orange sides never block"},
        {"J", "from level 1 to level 2, orange sides never block"},
        {"K", "the converse notes B, D, F, H and J"},
        {"L", "more than one orange or purple side blocks, save between hilltops of one level and in G to J"},
        {"M", "adjacent units always see each other"},
        {"N", "woods and towns on a hilltop block all fire (level 2 against a level 1 hilltop: A and B instead)"},
        {"O", "both units at ground level: every symbol blocks"},
        {"GULLY-A", "a unit in a gully and one at ground level or in a gully see each other only when adjacent"},
        {"GULLY-B", "a unit in a gully counts as ground level against slopes and hilltops"},
        {"GULLY-C", "a ford or a road crossing a gully is clear ground"},
        {"GULLY-D", "a gully's end hex is a gully"},
    };
    const auto it = words.find(note);
    return it == words.end() ? std::string() : it->second;
}

std::string notes_in_words(const std::vector<std::string>& notes, std::vector<std::string>* named) {
    std::string out;
    for (std::size_t i = 0; i < notes.size(); ++i) {
        const std::string& n = notes[i];
        out += i == 0 ? "" : i + 1 == notes.size() ? " and " : ", ";
        out += n;
        const bool before = named && std::find(named->begin(), named->end(), n) != named->end();
        if (const std::string w = note_words(n); !w.empty() && !before) out += " (" + w + ")";
        if (named && !before) named->push_back(n);
    }
    return out;
}

// The article's words for an elevation (level_text without its article), for the window.
std::string elevation_words(const std::string& e) {
    if (e == "gully") return "Gully";
    std::string w = level_text(level_of(e));
    if (w.rfind("a ", 0) == 0) w = w.substr(2);
    w[0] = char(std::toupper(static_cast<unsigned char>(w[0])));
    return w;
}

namespace {

struct Fraction {
    int num, den;
    std::string text() const { return std::to_string(num) + "/" + std::to_string(den); }
    bool at_least(int a, int b) const { return num * b >= a * den; }  // >= a/b
    bool at_most(int a, int b) const { return num * b <= a * den; }   // <= a/b
};

Fraction position(const Data& d, const Situation& s, const Obstacle& o, const Symbol& sym) {
    if (sym.hex) return {o.index, s.range};
    if (d.hexside_position == "(k-1/2)/range") return {2 * o.index - 1, 2 * s.range};
    return {o.index, s.range + 1};
}

struct Judgement {
    enum { clear, blocks, undecided } verdict = clear;
    std::vector<std::string> notes;  // letters
    std::string rule;                // citation of the step
    std::string text;
    // Notes E and F ("2/3", "1/3 of the distance") do not say how to measure: the verdict by the
    // other measure (the range to the hex the line enters over the symbol, k/range).
    bool by_range = false;        // E or F applied: by_range_blocks holds the other measure's verdict
    bool by_range_blocks = false;
};

// Where a hexside symbol lies, counted as note C says: k hexsides from the firer and range-k+1
// from the target, both counting the units' own hexsides.
std::string hexside_count(const Situation& s, const Obstacle& o) {
    return std::to_string(o.index) + " hexside" + (o.index == 1 ? "" : "s") + " from the firer and " + std::to_string(s.range - o.index + 1) +
           " from the target, counting both units' own hexsides (note C's count)";
}

// Notes E and F measure "the distance from the FIRING UNIT" without saying how. Note C's hexside
// count gives k/(range+1); counting the range to the hex the line enters over the symbol gives
// k/range. Both are shown; where they disagree the ruling is a referee's call.
void judge_thirds(const Situation& s, const Obstacle& o, const Fraction& p, bool note_e, Judgement& j) {
    const Fraction by_range{o.index, s.range};
    const bool b = note_e ? p.at_least(2, 3) : p.at_most(1, 3);
    const bool b_range = note_e ? by_range.at_least(2, 3) : by_range.at_most(1, 3);
    const std::string test = note_e ? "2/3 or more" : "1/3 or less";
    std::string why = " (" + hexside_count(s, o) + ": " + p.text() + " of the way from the firer, " + (b ? "" : "not ") + test +
                      "; by the range to the hex beyond it, " + std::to_string(o.index) + " of " + std::to_string(s.range) +
                      " hexes: " + by_range.text() + ", " + (b_range ? "" : "not ") + test + ")";
    if (b != b_range) why += "; note " + std::string(note_e ? "E" : "F") + " does not say which measure, and they disagree: Umpire counts hexsides as note C does";
    j.text += why + (b ? ": it blocks." : ": it does not block.");
    j.verdict = b ? Judgement::blocks : Judgement::clear;
    j.rule = "PB-" + j.notes.front();
    j.by_range = true;
    j.by_range_blocks = b_range;
}

std::string where(const Situation& s, const Obstacle& o, const Symbol& sym, const Fraction& p) {
    std::string w = sym.hex ? "hex " + std::to_string(o.index) + " of " + std::to_string(s.range - 1) + " between the units"
                            : "hexside " + std::to_string(o.index) + " of " + std::to_string(s.range);
    return w + ", " + p.text() + " of the way from the firer";
}

Judgement judge(const Data& d, const Situation& s, Lvl f, Lvl t, const Obstacle& o) {
    const Symbol& sym = *d.symbol(o.symbol);
    const Fraction p = position(d, s, o, sym);
    const int n = s.range;
    Judgement j;
    auto set = [&](bool blocks, std::vector<std::string> notes, const std::string& why) {
        j.verdict = blocks ? Judgement::blocks : Judgement::clear;
        j.notes = std::move(notes);
        j.rule = "PB-" + j.notes.front();
        j.text = why + (blocks ? ": it blocks." : ": it does not block.");
    };
    const std::string name = o.symbol + (o.on_hilltop ? " on a hilltop" : "") + " (" + where(s, o, sym, p) + ")";
    const bool behind_target = sym.hex ? o.index == n - 1 : o.index == n;
    const bool behind_firer = sym.hex ? o.index == 1 : o.index == 1;
    const bool closer_target_or_mid = p.at_least(1, 2);
    const bool closer_firer_or_mid = p.at_most(1, 2);
    const std::string rel = (p.num * 2 == p.den ? " is exactly midway" : closer_target_or_mid ? " is closer to the target" : " is closer to the firer") +
                            std::string(sym.hex ? "" : ": " + hexside_count(s, o));

    if (sym.kind == "low") {
        if (o.on_hilltop) {
            const bool l2_vs_l1hill = (level2(f) && t == H1) || (level2(t) && f == H1);
            if (!l2_vs_l1hill) {
                set(true, {"N"}, "The " + name + " is a wood or town on a hilltop, which obstructs all fire between non-adjacent units");
            } else if (t == H1) {
                set(behind_target, {"N", "A"},
                    "The " + name + " stands on the target's level 1 hilltop; with the firer on level 2 the target counts as at ground "
                    "level, so it blocks only if the target is directly behind it");
            } else {
                set(behind_firer, {"N", "B", "K"},
                    "The " + name + " stands on the firer's level 1 hilltop; with the target on level 2 the firer counts as at ground "
                    "level, so it blocks only if the firer is directly behind it");
            }
        } else if (f == G && t == G) {
            set(true, {"O"}, "Both units are at ground level: every symbol on the line obstructs, including the " + name);
        } else if (t == G) {
            set(behind_target, {"A"},
                "Firing down at a ground-level target, the " + name + (behind_target ? " is directly in front of the target" : " is not directly in front of the target"));
        } else if (f == G) {
            set(behind_firer, {"B", "K"},
                "Firing up from ground level, the " + name + (behind_firer ? " is directly in front of the firer" : " is not directly in front of the firer"));
        } else {
            j.verdict = Judgement::undecided;
            j.text = "No note covers a ground-level " + name + " between units on " + level_text(f) + " and " + level_text(t);
        }
        return j;
    }
    if (f == G && t == G) {
        set(true, {"O"}, "Both units are at ground level: every symbol on the line obstructs, including the " + name);
        return j;
    }
    const std::string frac = "the " + name;
    if (o.symbol == "brown") {
        if (f == H1 && t == G) set(closer_target_or_mid, {"C"}, "From a level 1 hilltop down to ground level, " + frac + rel);
        else if (f == G && t == H1) set(closer_firer_or_mid, {"D", "K"}, "From ground level up to a level 1 hilltop, " + frac + rel);
    }
    if (o.symbol == "brown" || o.symbol == "yellow" || o.symbol == "orange") {
        if (f == H2 && t == G) {
            j.notes = {"E"};
            j.text = "From a level 2 hilltop down to ground level, " + frac + " is judged at 2/3 of the way from the firer";
            judge_thirds(s, o, p, true, j);
        } else if (f == G && t == H2) {
            j.notes = {"F", "K"};
            j.text = "From ground level up to a level 2 hilltop, " + frac + " is judged at 1/3 of the way from the firer";
            judge_thirds(s, o, p, false, j);
        }
    }
    if (o.symbol == "yellow") {
        // G and H use note C's words ("closer to", "mid-way") without its counting sentence; any
        // measure taken from both ends (hexsides, or hexes entered) orders the symbol the same way.
        const std::string same = "; note " + std::string(f == H2 ? "G" : "H") + " gives no measure of its own, and counted either as note C "
                                 "does or by hexes from each end the symbol lies on the same side of midway";
        if (f == H2 && level1(t)) set(closer_target_or_mid, {"G"}, "From a level 2 hilltop down to level 1, " + frac + rel + same);
        else if (level1(f) && t == H2) set(closer_firer_or_mid, {"H", "K"}, "From level 1 up to a level 2 hilltop, " + frac + rel + same);
    }
    if (o.symbol == "orange") {
        if (level2(f) && level1(t)) set(false, {"I"}, "From level 2 down to level 1, orange/red symbols never obstruct: " + frac);
        else if (level1(f) && level2(t)) set(false, {"J", "K"}, "From level 1 up to level 2, orange/red symbols never obstruct: " + frac);
        else if (f == H1 && t == H1) set(false, {"L"}, "Both units are on level 1 hilltops, from which the line may cross orange/red symbols: " + frac);
    }
    if ((o.symbol == "orange" || o.symbol == "purple") && f == H2 && t == H2 && j.notes.empty())
        set(false, {"L"}, "Both units are on level 2 hilltops, from which the line may cross orange/red and purple symbols: " + frac);
    if (j.notes.empty()) {
        j.verdict = Judgement::undecided;
        j.text = "No note covers a " + o.symbol + " symbol between units on " + std::string(level_text(f)) + " and " + level_text(t) + " (" + where(s, o, sym, p) + ")";
    }
    return j;
}

// A straight sight line over the data's heights: blocked iff the obstacle rises above the line
// at its position (hex.hpp's exact integer comparison; grazing the top does not block).
bool straight_line_blocks(const Data& d, int hs, int ht, const Obstacle& o, const Fraction& p) {
    const Symbol& sym = *d.symbol(o.symbol);
    const int ho = sym.height + (o.on_hilltop ? d.elevation.at(d.hilltop_base) : 0);
    return hex::sight_vs_obstacle(hs, ht, ho, p.num, p.den) < 0;
}

}  // namespace

// =====================================================================================
// 4. rule()
// =====================================================================================

namespace {

struct LosOutcome {
    bool clear = true;
    bool referee = false;
    bool converse = false;  // a converse note (B, D, F, H, J) was applied: cite K
    std::vector<std::string> notes;
    std::vector<Judgement> judged;
    std::string by_range_note;    // "E" or "F" applied: by_range_clear is the line by the other measure
    bool by_range_clear = true;
    bool measure_call = false;    // the two measures rule the line differently
};

void add_note(std::vector<std::string>& notes, const std::string& n) {
    if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);
}

// Notes E/F: when note C's hexside count and the range count rule the whole line differently, a
// referee's call naming both results.
void flag_measures(LosOutcome& out, bool decided_block, bool undecided_block, Ruling* r) {
    const bool clear = !decided_block && !undecided_block;
    if (out.by_range_note.empty() || clear == out.by_range_clear) return;
    out.measure_call = true;
    if (r)
        r->call("PB-" + out.by_range_note,
                std::string("notes E and F say \"2/3\" and \"1/3\" of the distance without saying how to measure it; counting "
                            "hexsides as note C does, the line is ") + (clear ? "clear" : "blocked") + "; by the range to the hex "
                            "beyond each symbol it is " + (out.by_range_clear ? "clear" : "blocked") + ". Umpire counts hexsides.");
}

// `whole`: the full situation when `s` holds one of its obstacles only (the side view), for the counts.
LosOutcome decide_los(const Data& d, const Situation& s, Ruling* r, const Situation* whole = nullptr) {
    LosOutcome out;
    auto step = [&](const std::string& rule, const std::string& text) { if (r) r->step(rule, text); };
    const bool fg = s.firer == "gully", tg = s.target == "gully";
    if (s.range == 1) {
        add_note(out.notes, "M");
        step("PB-M", "The units are adjacent: a unit may always fire at an adjacent target, whatever the obstacles or elevations.");
        const std::string other = fg ? s.target : s.firer;
        if ((fg || tg) && (other == "ground" || other == "gully")) {
            add_note(out.notes, "GULLY-A");
            step("PB-GULLY-A", "A unit in a gully and a unit at ground level or in another gully may fire at each other when, as here, they are adjacent.");
        }
        return out;
    }
    if (fg || tg) {
        const std::string other = fg ? s.target : s.firer;
        if (other == "ground" || other == "gully") {
            out.clear = false;
            add_note(out.notes, "GULLY-A");
            step("PB-GULLY-A", "A unit in a gully cannot fire at, or be fired at by, a unit at ground level or in another gully unless adjacent.");
            return out;
        }
        add_note(out.notes, "GULLY-B");
        step("PB-GULLY-B", "A unit in a gully and a unit on a slope or hilltop see each other as if the gully unit were at ground level.");
    }
    const Lvl f = level_of(s.firer), t = level_of(s.target);
    const int hs = fg ? d.elevation.at("ground") : d.elevation.at(s.firer);
    const int ht = tg ? d.elevation.at("ground") : d.elevation.at(s.target);
    bool decided_block = false, undecided_block = false, by_range_block = false;
    std::vector<std::string> clear_notes, block_notes;
    for (const auto& o : s.obstacles) {
        Judgement j = judge(d, s, f, t, o);
        if (j.verdict == Judgement::undecided) {
            const Symbol& sym = *d.symbol(o.symbol);
            const int ho = sym.height + (o.on_hilltop ? d.elevation.at(d.hilltop_base) : 0);
            // A hexside symbol on the raised unit's own hex, no higher than the unit, is the edge of
            // the hill it stands on (note P puts hill edges on hilltop hexes): it cannot hide that unit.
            // A flat straight line would always "pass below" it, which would empty notes C-F.
            const bool own_edge = !sym.hex && ((o.index == 1 && hs > d.elevation.at("ground") && ho <= hs) ||
                                               (o.index == s.range && ht > d.elevation.at("ground") && ho <= ht));
            // The crest of a hilltop unit's own plateau need not be on its own hexside: note P leaves a
            // plateau's interior hexes unoutlined, so a unit inside it sees out over one crest. When the
            // line from a level 1 hilltop to ground crosses exactly one orange symbol, or the line from a
            // level 2 hilltop to ground or level 1 crosses exactly one purple, that symbol can only be the
            // hilltop unit's own crest (any other hill would be entered and left: two symbols, note L).
            // Like the hexside case it does not hide the unit; notes C-J and L's G-J exception read
            // as if it never did. Still a referee's call: the notes never say so.
            const Situation& all = whole ? *whole : s;
            const auto count = [&](const char* name) {
                return std::count_if(all.obstacles.begin(), all.obstacles.end(), [&](const Obstacle& x) { return x.symbol == name; });
            };
            const bool lower_of_h2 = [&](Lvl x) { return x == G || level1(x); }(f == H2 ? t : f);
            const bool crest = !own_edge &&
                               ((o.symbol == "orange" && count("orange") == 1 && ((f == H1 && t == G) || (f == G && t == H1))) ||
                                (o.symbol == "purple" && count("purple") == 1 && (f == H2 || t == H2) && f != t && lower_of_h2));
            const bool b = !own_edge && !crest && straight_line_blocks(d, hs, ht, o, position(d, s, o, sym));
            if (crest)
                j.text += "; it is the only " + o.symbol + " symbol on the line, so it can only be the crest of the " +
                          ((o.symbol == "orange" ? f == H1 : f == H2) ? std::string("firer") : std::string("target")) +
                          "'s own hilltop (note P: a plateau's interior hexes carry no outline), which does not hide it (Umpire's reading)";
            else if (own_edge)
                j.text += "; it is a side of the " + std::string(o.index == 1 ? "firer" : "target") +
                          "'s own hex and no higher than that unit: the edge of the hill it stands on, which does not hide it (Umpire's reading)";
            else
                j.text += "; a straight sight line from " + std::to_string(hs) + " m to " + std::to_string(ht) + " m " +
                          (b ? "passes below" : "passes over") + " its " + std::to_string(ho) + " m";
            undecided_block |= b;
            j.rule = "PB-LOS";
            j.verdict = b ? Judgement::blocks : Judgement::clear;
            j.notes.clear();
            out.judged.push_back(j);
            out.referee = true;
            continue;
        }
        // K (B, D, F, H, J are the converses of A, C, E, G, I) is cited, not listed among the deciding notes.
        for (const auto& n : j.notes)
            if (n == "K") out.converse = true;
            else add_note(j.verdict == Judgement::blocks ? block_notes : clear_notes, n);
        decided_block |= j.verdict == Judgement::blocks;
        by_range_block |= j.by_range ? j.by_range_blocks : j.verdict == Judgement::blocks;
        if (j.by_range) out.by_range_note = j.notes.front();
        step(j.rule, j.text);
        out.judged.push_back(j);
    }
    // Note L: more than one orange/red or purple symbol blocks, except between same-level hilltops
    // and in the cases of notes G, H, I and J (a level 1 unit and a level 2 unit).
    const int high = int(std::count_if(s.obstacles.begin(), s.obstacles.end(), [](const Obstacle& o) { return o.symbol == "orange" || o.symbol == "purple"; }));
    if (high > 1) {
        const bool same_hilltops = (f == H1 && t == H1) || (f == H2 && t == H2);
        const bool cases_g_to_j = (level1(f) && level2(t)) || (level2(f) && level1(t));
        if (!same_hilltops && !cases_g_to_j) {
            decided_block = true;
            by_range_block = true;
            add_note(block_notes, "L");
            step("PB-L", "The line crosses " + std::to_string(high) + " orange/red or purple symbols; more than one blocks unless both units are on same-level hilltops (or in the cases of notes G-J).");
        } else {
            add_note(clear_notes, "L");
            step("PB-L", std::string("The line crosses ") + std::to_string(high) + " orange/red or purple symbols, which is allowed " +
                             (same_hilltops ? "between units on same-level hilltops." : "between a level 1 and a level 2 unit (notes G-J)."));
        }
    }
    out.by_range_clear = !by_range_block && !undecided_block;
    flag_measures(out, decided_block, undecided_block, r);
    if (decided_block) {
        out.clear = false;
        out.referee = false;  // a note decides the line whatever the undecided symbols do
        for (const auto& n : block_notes) add_note(out.notes, n);
        return out;
    }
    for (const auto& n : clear_notes) add_note(out.notes, n);
    if (out.referee) {
        out.clear = !undecided_block;
        if (r)
            for (const auto& j : out.judged)
                if (j.rule == "PB-LOS") r->call("PB-LOS", j.text + ". The notes leave this open; this is Umpire's best answer.");
    }
    return out;
}

// JSON `positions`: where each symbol lies, as the notes count it (note C: hexsides from each
// unit, both units' own hexsides included) and as a fraction of the way from the firer.
json::Value positions_json(const Data& d, const Situation& s) {
    json::Array a;
    for (const auto& o : s.obstacles) {
        const Symbol& sym = *d.symbol(o.symbol);
        json::Object p;
        p.reserve(6);  // built by emplace_back (an initializer list then growth trips GCC 12's -Warray-bounds)
        p.emplace_back("symbol", o.symbol);
        if (sym.hex) {
            p.emplace_back("hex", o.index);
        } else {
            p.emplace_back("side", o.index);
            p.emplace_back("hexsides_from_firer", o.index);
            p.emplace_back("hexsides_from_target", s.range - o.index + 1);
            p.emplace_back("by_range", Fraction{o.index, s.range}.text());
        }
        p.emplace_back("fraction", position(d, s, o, sym).text());
        a.emplace_back(std::move(p));
    }
    return json::Value(std::move(a));
}

}  // namespace

Ruling rule(const Data& d, const Situation& s) {
    Ruling r;
    r.system = "panzerblitz";
    for (const auto& st : s.board_steps) r.step(st.rule, st.text);
    // The article's words for the elevations, the file's names after them for the referee who edits the file.
    auto where = [](const std::string& e) { return elevation_words(e) + " (" + e + ")"; };
    r.step("PB-LOS", "Firer: " + where(s.firer) + "; target: " + where(s.target) + "; range " + std::to_string(s.range) + "; " +
                         std::to_string(s.obstacles.size()) + " obstacle symbol" + (s.obstacles.size() == 1 ? "" : "s") + " on the line.");
    for (std::size_t i = 0; i < s.obstacles.size(); ++i)
        if (s.obstacles[i].on_hilltop_ignored)
            r.step("PB-LOS", "Obstacle " + std::to_string(i + 1) + " (" + s.obstacles[i].symbol +
                               ") is marked on_hilltop, but note N is about woods and towns on a hilltop (green, grey, "
                               "woods-hex, town-hex); a " + s.obstacles[i].symbol +
                               " symbol is a hill edge, so on_hilltop is ignored for it.");
    const LosOutcome los = decide_los(d, s, &r);
    if (s.obstacles.empty() && s.range > 1 && los.clear && los.notes.size() <= 1)
        r.step("PB-LOS", "No obstacle symbol lies on the line: the line of sight is clear.");

    // Hill and slope defense exceptions.
    const Lvl t = s.target == "gully" ? G : level_of(s.target);
    const Lvl f = s.firer == "gully" ? G : level_of(s.firer);
    bool halved = false;
    if (t == G) {
        r.step("PB-HSD", "The defender is not on a slope or hilltop: no hill or slope defense, the attack is not halved.");
    } else if (t == H1 || t == H2) {
        const bool a = (f == H1 && t == H1) || f == H2 || (f == S2 && t == H1);
        halved = !a;
        if (a) r.step("PB-HSD-A", std::string("The defender is on a hilltop and the attacker on ") + level_text(f) + ", a hilltop of the same or higher level (or a level 2 slope firing down at a level 1 hilltop): not halved.");
        else r.step("PB-HSD-C", std::string("The defender is on a hilltop and the attacker ") +
                                    (s.firer == "gully" ? std::string("in a gully") : "on " + std::string(level_text(f))) + ": the attack is halved.");
    } else {
        const bool adjacent = s.range == 1;
        bool symbol_between = false;
        for (const auto& o : s.obstacles)
            if ((o.symbol == "brown" || o.symbol == "yellow") && o.index == 1) symbol_between = true;
        if (adjacent && !symbol_between) r.step("PB-HSD-B", "The defender is on a slope and the attacker is adjacent with no brown or yellow symbol between: not halved.");
        else if (adjacent) { halved = true; r.step("PB-HSD-B", "The defender is on a slope; the attacker is adjacent but a brown or yellow symbol lies between them: halved."); }
        else { halved = true; r.step("PB-HSD-C", "The defender is on a slope and the attacker is not adjacent: the attack is halved."); }
    }
    json::Array notes;
    for (const auto& n : los.notes) notes.emplace_back(n);
    for (const auto& n : los.notes) r.cite("PB-" + n);
    if (los.converse) r.cite("PB-K");
    r.set("los", los.clear ? "clear" : "blocked");
    r.set("notes", json::Value(std::move(notes)));
    r.set("attack_halved", halved);
    r.set("positions", positions_json(d, s));
    if (!los.by_range_note.empty()) r.set("los_by_range", los.by_range_clear ? "clear" : "blocked");
    if (!s.board.empty()) r.set("board", s.board_json);
    std::string notes_text;
    for (const auto& n : los.notes) notes_text += (notes_text.empty() ? "" : ", ") + n;
    r.figures.push_back({"Line of sight", los.clear ? "clear" : "blocked", "PB-LOS", notes_text.empty() ? "" : "notes " + notes_text, "line_of_sight"});
    r.figures.push_back({"Attack", halved ? "halved" : "not halved", "PB-HSD", "", "attack"});
    r.tone = los.referee || los.measure_call ? Tone::caution : los.clear ? Tone::good : Tone::bad;
    r.verdict = std::string(los.clear ? "LINE OF SIGHT CLEAR" : "LINE OF SIGHT BLOCKED") + (halved ? " — attack halved" : "");
    if (!notes_text.empty()) r.detail = "Decided by note" + std::string(los.notes.size() > 1 ? "s " : " ") + notes_in_words(los.notes) + ".";
    return r;
}

// =====================================================================================
// 5. side_view and the GameSystem glue
// =====================================================================================

SideView side_view(const Data& d, const Situation& s) {
    SideView v;
    v.firer_height = d.elevation.at(s.firer);
    v.target_height = d.elevation.at(s.target);
    Situation one = s;
    for (const auto& o : s.obstacles) {
        one.obstacles = {o};
        const LosOutcome out = decide_los(d, one, nullptr, &s);
        const Symbol& sym = *d.symbol(o.symbol);
        const Fraction p = position(d, s, o, sym);
        v.obstacles.push_back({o.symbol, p.num, p.den, sym.height + (o.on_hilltop ? d.elevation.at(d.hilltop_base) : 0), !out.clear, !out.referee});
    }
    return v;
}

void PanzerBlitz::load(const std::filesystem::path& rules_dir) {
    data_ = load_data(rules_dir / "panzerblitz.toml");
    board_support_ = make_board_support(*this);
}

const view::BoardSupport* PanzerBlitz::board_support() const { return board_support_.get(); }

Ruling PanzerBlitz::rule(const Section& root) const { return rule(root, nullptr); }

Ruling PanzerBlitz::rule(const Section& root, const board::Board* held, const view::Placement* place) const {
    Situation s = parse_situation(data_, root, held, place);
    root.sink().throw_if_errors();
    Ruling r = panzerblitz::rule(data_, s);
    r.view = ruling_view(s, r);
    r.board_marks = s.board_marks;
    return r;
}

std::vector<NameList> PanzerBlitz::names() const { return {{"elevation", elevation_names()}, {"symbol", symbol_names()}}; }

}  // namespace umpire::panzerblitz

namespace umpire {
std::unique_ptr<GameSystem> make_panzerblitz() { return std::make_unique<panzerblitz::PanzerBlitz>(); }
}  // namespace umpire
