// PanzerBlitz line of sight and hill/slope defense (Arvold's Obstacles and Elevation, modified).
//
// Sections
//   1. Data loading (with [choices], the readings where the notes are open)
//   2. Situation parsing and writing
//   3. Judging one obstacle by the notes (A-J, L, N, O, K; E/F by every measure) or, where none
//      decides, a straight line
//   4. rule(): gullies, adjacency (M), the obstacles, the count rule (L), what decided the line
//      (notes, notes_applied, blocked_by), the other readings (alternatives), hill and slope defense
//   5. side_view and the GameSystem glue
#include "games/panzerblitz/rules.hpp"

#include <algorithm>
#include <array>
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
    return read_rules_file<Data>(file, {"elevations", "symbols", "distance", "straight_line", "choices"}, [&file](Data& d, const Section& root) {
        Section el = root.table("elevations", true);
        el.only_keys(elevation_names());
        for (const auto& n : elevation_names()) d.elevation[n] = int(el.integer(n, true, -100, 1000).value_or(0));
        if (root.sink().ok()) {
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
        Section ch = root.table("choices", true);
        ch.only_keys({"n_exception_level2_woods", "l_own_hill", "woods_on_slope"});
        d.choices.n_exception_level2_woods = ch.choice("n_exception_level2_woods", {"blocks", "notes-a-b"}, true).value_or("blocks");
        d.choices.l_own_hill = ch.choice("l_own_hill", {"not-counted", "counted"}, true).value_or("not-counted");
        d.choices.woods_on_slope = ch.choice("woods_on_slope", {"heights", "ground-level"}, true).value_or("heights");
    });
}

// =====================================================================================
// 2. Situation
// =====================================================================================

Situation parse_situation(const Data& d, const Section& root, const board::Board* held, const view::Placement* place) {
    Situation s;
    root.only_keys(common_situation_keys({"firer", "target", "line", "board"}));
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
        o.only_keys({"symbol", "side", "hex", "on_hilltop", "stands_on"});
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
        // stands_on: the elevation the woods or town stands on (note N's hilltops, a slope no note covers).
        if (const auto on = o.choice("stands_on", {"ground", "l1-slope", "l1-hilltop", "l2-slope", "l2-hilltop"})) {
            const bool hilltop = *on == "l1-hilltop" || *on == "l2-hilltop";
            if (info->kind != "low")
                o.error("stands_on", "is for a woods or town (green, grey, woods-hex, town-hex); a " + *sym + " symbol is a hill edge");
            else if (o.has("on_hilltop") && ob.on_hilltop != hilltop)
                o.error("stands_on", quoted_value(*on) + " disagrees with on_hilltop = " + (ob.on_hilltop ? "true" : "false"));
            ob.on_hilltop = hilltop;
            if (*on != "ground") ob.stands_on = *on;
        }
        s.obstacles.push_back(ob);
    }
    if (on_board && root.sink().ok()) apply_board(d, root, f, t, line, s, held, place);
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t = situation_table(kAbout.id, s.title);
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
        if (!o.stands_on.empty()) ot.insert("stands_on", o.stands_on);
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

// Notes E and F measure "2/3" and "1/3 of the distance" without saying how. The measures the docs
// name (docs/panzerblitz.md "Which measure each note uses"), as fractions of the way from the firer:
//   0  the data's: note C's hexside count k/(n+1) (or the distance along the line to the hexside's
//      midpoint, (k-1/2)/n, which always gives the same verdicts)
//   1  the range from the firer to the hex the line enters over the symbol: k/n
//   2  the same range counted from the target (F is E's converse, note K): the symbol is hexside
//      n-k+1 from the target, so (k-1)/n of the way from the firer
constexpr int kMeasures = 3;

struct Judgement {
    enum { clear, blocks, undecided } verdict = clear;
    std::vector<std::string> notes;  // letters
    std::string rule;                // citation of the step
    std::string text;
    int obstacle = -1;               // index into the situation's obstacles
    // E or F applied: the verdict by each measure (measure 0 is the verdict).
    bool thirds = false;
    std::array<bool, kMeasures> measure_blocks{};
    std::string choice;  // the rules-data [choices] reading this judgement consulted, if any
};

// The elevation (metres) a woods or town stands on: stands_on, else the data's hilltop_base for
// on_hilltop, else ground.
int base_of(const Data& d, const Obstacle& o) {
    if (!o.stands_on.empty()) return d.elevation.at(o.stands_on);
    return o.on_hilltop ? d.elevation.at(d.hilltop_base) : 0;
}
int height_of(const Data& d, const Obstacle& o) { return d.symbol(o.symbol)->height + base_of(d, o); }

// "an orange symbol", "a brown symbol".
std::string a_or_an(const std::string& word) {
    return (std::string("aeiou").find(word.empty() ? 'x' : word[0]) != std::string::npos ? "an " : "a ") + word;
}

// Where a hexside symbol lies, counted as note C says: k hexsides from the firer and range-k+1
// from the target, both counting the units' own hexsides.
std::string hexside_count(const Situation& s, const Obstacle& o) {
    return std::to_string(o.index) + " hexside" + (o.index == 1 ? "" : "s") + " from the firer and " + std::to_string(s.range - o.index + 1) +
           " from the target, counting both units' own hexsides (note C's count)";
}

// Notes E and F: the verdict by each measure; the ruling uses measure 0 and names the others.
void judge_thirds(const Data& d, const Situation& s, const Obstacle& o, const Fraction& p, bool note_e, Judgement& j) {
    const Fraction m[kMeasures] = {p, {o.index, s.range}, {o.index - 1, s.range}};
    const std::string test = note_e ? "2/3 or more" : "1/3 or less";
    for (int i = 0; i < kMeasures; ++i) j.measure_blocks[std::size_t(i)] = note_e ? m[i].at_least(2, 3) : m[i].at_most(1, 3);
    const bool b = j.measure_blocks[0];
    const auto verdict = [&](int i) { return std::string(j.measure_blocks[std::size_t(i)] ? "" : "not ") + test; };
    const std::string used = d.hexside_position == "(k-1/2)/range"
                                 ? "along the line to the hexside's midpoint it lies " + p.text() + " of the way from the firer"
                                 : hexside_count(s, o) + ": " + p.text() + " of the way from the firer";
    j.text += ": " + used + ", " + verdict(0) + ". Other measures: the range from the firer to the hex beyond it, " +
              std::to_string(o.index) + " of " + std::to_string(s.range) + " hexes (" + m[1].text() + "), " + verdict(1) +
              "; the range counted from the target, " + std::to_string(s.range - o.index + 1) + " of " + std::to_string(s.range) +
              " hexes (" + m[2].text() + " of the way from the firer), " + verdict(2);
    if (j.measure_blocks[1] != b || j.measure_blocks[2] != b)
        j.text += "; note " + std::string(note_e ? "E" : "F") + " does not say which measure, and they disagree: Umpire uses the first";
    j.text += b ? ": it blocks." : ": it does not block.";
    j.verdict = b ? Judgement::blocks : Judgement::clear;
    j.rule = "PB-" + j.notes.front();
    j.thirds = true;
}

std::string where(const Situation& s, const Obstacle& o, const Symbol& sym) {
    return sym.hex ? "hex " + std::to_string(o.index) + " of " + std::to_string(s.range - 1) + " between the units"
                   : "hexside " + std::to_string(o.index) + " of " + std::to_string(s.range);
}

void set_verdict(Judgement& j, bool blocks, std::vector<std::string> notes, const std::string& why) {
    j.verdict = blocks ? Judgement::blocks : Judgement::clear;
    j.notes = std::move(notes);
    j.rule = "PB-" + j.notes.front();
    j.text = why + (blocks ? ": it blocks." : ": it does not block.");
}

// Green and grey hexsides, single-hex woods and towns: notes A, B, O, and N on hilltops. On a slope
// no note covers them (rules-data woods_on_slope).
Judgement judge_low(const Data& d, const Situation& s, Lvl f, Lvl t, const Obstacle& o) {
    const Symbol& sym = *d.symbol(o.symbol);
    const int n = s.range;
    Judgement j;
    std::string name = o.symbol + " (" + where(s, o, sym) + ")";
    const bool behind_target = sym.hex ? o.index == n - 1 : o.index == n;
    const bool behind_firer = o.index == 1;
    const Lvl on = level_of(o.stands_on);
    if (on == S1 || on == S2) {
        j.choice = "woods_on_slope";
        if (d.choices.woods_on_slope == "heights") {
            j.verdict = Judgement::undecided;
            j.text = "No note covers the " + name + ": a woods or town standing on " + level_text(on) +
                     " (notes A, B and O speak of ground-level woods and towns; rules-data woods_on_slope = \"heights\")";
            return j;
        }
        name += ", standing on " + std::string(level_text(on)) + " but read as a ground-level woods or town (rules-data woods_on_slope = \"ground-level\")";
    }
    if (o.on_hilltop) {
        const Lvl hill = level_of(o.stands_on.empty() ? d.hilltop_base : o.stands_on);
        const std::string hill_words = hill == H2 ? "a level 2 hilltop" : "a level 1 hilltop";
        const bool l2_vs_l1hill = (level2(f) && t == H1) || (level2(t) && f == H1);
        if (!l2_vs_l1hill) {
            set_verdict(j, true, {"N"}, "The " + name + " is a woods or town on " + hill_words + ", which obstructs all fire between non-adjacent units");
        } else if (hill == H2 && d.choices.n_exception_level2_woods == "blocks") {
            j.choice = "n_exception_level2_woods";
            set_verdict(j, true, {"N"},
                        "The " + name + " stands on a level 2 hilltop. Note N's exception (notes A/B, the level 1 hilltop unit treated as at "
                        "ground level) is read as being about woods on the level 1 hilltop; on the level 2 hilltop N's rule holds and it "
                        "obstructs all fire (rules-data n_exception_level2_woods = \"blocks\")");
        } else {
            if (hill == H2) j.choice = "n_exception_level2_woods";
            const std::string reading = hill == H2 ? " (note N's exception read for woods on either hill: rules-data n_exception_level2_woods = \"notes-a-b\")" : "";
            if (t == H1)
                set_verdict(j, behind_target, {"N", "A"},
                            "The " + name + " stands on " + hill_words + "; with the firer on level 2 the level 1 hilltop target counts as at "
                            "ground level" + reading + ", so it blocks only if the target is directly behind it, and the target is " +
                                (behind_target ? "" : "not ") + "directly behind it");
            else
                set_verdict(j, behind_firer, {"N", "B", "K"},
                            "The " + name + " stands on " + hill_words + "; with the target on level 2 the level 1 hilltop firer counts as at "
                            "ground level" + reading + ", so it blocks only if the firer is directly behind it, and the firer is " +
                                (behind_firer ? "" : "not ") + "directly behind it");
        }
    } else if (f == G && t == G) {
        set_verdict(j, true, {"O"}, "Both units are at ground level: every symbol on the line obstructs, including the " + name);
    } else if (t == G) {
        set_verdict(j, behind_target, {"A"},
                    "Firing down at a ground-level target, the " + name + (behind_target ? " is directly in front of the target" : " is not directly in front of the target"));
    } else if (f == G) {
        set_verdict(j, behind_firer, {"B", "K"},
                    "Firing up from ground level, the " + name + (behind_firer ? " is directly in front of the firer" : " is not directly in front of the firer"));
    } else {
        j.verdict = Judgement::undecided;
        j.text = "No note covers a ground-level " + name + " between units on " + level_text(f) + " and " + level_text(t);
    }
    return j;
}

// Brown, orange, yellow and purple: notes C-J, L (same-level hilltops) and O.
Judgement judge(const Data& d, const Situation& s, Lvl f, Lvl t, const Obstacle& o) {
    const Symbol& sym = *d.symbol(o.symbol);
    if (sym.kind == "low") return judge_low(d, s, f, t, o);
    const Fraction p = position(d, s, o, sym);
    Judgement j;
    const std::string name = o.symbol + " (" + where(s, o, sym) + ")";
    const bool closer_target_or_mid = 2 * o.index >= s.range + 1;
    const bool closer_firer_or_mid = 2 * o.index <= s.range + 1;
    const std::string rel = (2 * o.index == s.range + 1 ? " is exactly midway" : closer_target_or_mid ? " is closer to the target" : " is closer to the firer") +
                            std::string(": ") + hexside_count(s, o);
    if (f == G && t == G) {
        set_verdict(j, true, {"O"}, "Both units are at ground level: every symbol on the line obstructs, including the " + name);
        return j;
    }
    const std::string frac = "the " + name;
    if (o.symbol == "brown") {
        if (f == H1 && t == G) set_verdict(j, closer_target_or_mid, {"C"}, "From a level 1 hilltop down to ground level, " + frac + rel);
        else if (f == G && t == H1) set_verdict(j, closer_firer_or_mid, {"D", "K"}, "From ground level up to a level 1 hilltop, " + frac + rel);
    }
    if (o.symbol == "brown" || o.symbol == "yellow" || o.symbol == "orange") {
        if (f == H2 && t == G) {
            j.notes = {"E"};
            j.text = "From a level 2 hilltop down to ground level, note E blocks a symbol 2/3 or more of the distance from the firer; " + frac;
            judge_thirds(d, s, o, p, true, j);
        } else if (f == G && t == H2) {
            j.notes = {"F", "K"};
            j.text = "From ground level up to a level 2 hilltop, note F blocks a symbol 1/3 or less of the distance from the firer; " + frac;
            judge_thirds(d, s, o, p, false, j);
        }
    }
    if (o.symbol == "yellow") {
        // G and H use note C's words ("closer to", "mid-way") without its counting sentence; any
        // measure taken from both ends (hexsides, or hexes entered) orders the symbol the same way.
        const std::string same = "; note " + std::string(f == H2 ? "G" : "H") + " gives no measure of its own, and counted either as note C "
                                 "does or by hexes from each end the symbol lies on the same side of midway";
        if (f == H2 && level1(t)) set_verdict(j, closer_target_or_mid, {"G"}, "From a level 2 hilltop down to level 1, " + frac + rel + same);
        else if (level1(f) && t == H2) set_verdict(j, closer_firer_or_mid, {"H", "K"}, "From level 1 up to a level 2 hilltop, " + frac + rel + same);
    }
    if (o.symbol == "orange") {
        if (level2(f) && level1(t)) set_verdict(j, false, {"I"}, "From level 2 down to level 1, orange/red symbols never obstruct: " + frac);
        else if (level1(f) && level2(t)) set_verdict(j, false, {"J", "K"}, "From level 1 up to level 2, orange/red symbols never obstruct: " + frac);
        else if (f == H1 && t == H1) set_verdict(j, false, {"L"}, "Both units are on level 1 hilltops, from which the line may cross orange/red symbols: " + frac);
    }
    if ((o.symbol == "orange" || o.symbol == "purple") && f == H2 && t == H2 && j.notes.empty())
        set_verdict(j, false, {"L"}, "Both units are on level 2 hilltops, from which the line may cross orange/red and purple symbols: " + frac);
    if (j.notes.empty()) {
        j.verdict = Judgement::undecided;
        j.text = "No note covers " + a_or_an(o.symbol) + " symbol between units on " + std::string(level_text(f)) + " and " + level_text(t) + " (" + where(s, o, sym) + ")";
    }
    return j;
}

// A straight sight line over the data's heights: blocked iff the obstacle rises above the line
// at its position (hex.hpp's exact integer comparison; grazing the top does not block).
bool straight_line_blocks(const Data& d, int hs, int ht, const Obstacle& o, const Fraction& p) {
    return hex::sight_vs_obstacle(hs, ht, height_of(d, o), p.num, p.den) < 0;
}

}  // namespace

// =====================================================================================
// 4. rule()
// =====================================================================================

namespace {

struct LosOutcome {
    bool clear = true;
    bool referee = false;   // a symbol no note covers was judged by the straight line
    bool converse = false;  // a converse note (B, D, F, H, J) was applied: cite K
    std::vector<std::string> notes;    // the notes that decided the line (JSON `notes`)
    std::vector<std::string> applied;  // every note applied, whatever it did (JSON `notes_applied`)
    std::vector<Judgement> judged;
    int l_count = 0;         // note L blocked: the orange/red and purple symbols it counted
    // Notes E/F applied: the line by each measure (judge_thirds); measure_call when they differ.
    std::string thirds_note;
    std::array<bool, kMeasures> measure_clear{true, true, true};
    bool measure_call = false;
    std::vector<std::string> choices;  // rules-data [choices] consulted
};

void add_note(std::vector<std::string>& notes, const std::string& n) {
    if (std::find(notes.begin(), notes.end(), n) == notes.end()) notes.push_back(n);
}

// Notes E/F: when the measures rule the whole line differently, a referee's call naming each.
void flag_measures(LosOutcome& out, bool clear, Ruling* r) {
    if (out.thirds_note.empty()) return;
    for (bool m : out.measure_clear) out.measure_call |= m != clear;
    if (!out.measure_call || !r) return;
    const auto v = [&](int i) { return std::string(out.measure_clear[std::size_t(i)] ? "clear" : "blocked"); };
    r->call("PB-" + out.thirds_note,
            "notes E and F say \"2/3\" and \"1/3\" of the distance without saying how to measure it; counting hexsides as note C "
            "does, the line is " + v(0) + "; by the range from the firer to the hex beyond each symbol it is " + v(1) +
            "; by the range counted from the target it is " + v(2) + ". Umpire counts hexsides.");
}

// A symbol no note covers: the straight sight line over the data's heights, except a raised unit's
// own hill edge or crest (docs/panzerblitz.md "How a ruling is made", 5). Always a referee's call.
void judge_undecided(const Data& d, const Situation& s, const Situation& all, Lvl f, Lvl t, int hs, int ht, const Obstacle& o, Judgement& j) {
    const Symbol& sym = *d.symbol(o.symbol);
    const int ho = height_of(d, o);
    // A hexside symbol on the raised unit's own hex, no higher than the unit, is the edge of the hill
    // it stands on (note P puts hill edges on hilltop hexes): it cannot hide that unit. A flat
    // straight line would always "pass below" it, which would empty notes C-F.
    const bool own_edge = !sym.hex && ((o.index == 1 && hs > d.elevation.at("ground") && ho <= hs) ||
                                       (o.index == s.range && ht > d.elevation.at("ground") && ho <= ht));
    // The crest of a hilltop unit's own plateau need not be on its own hexside: note P leaves a
    // plateau's interior hexes unoutlined. When the line from a level 1 hilltop to ground crosses
    // exactly one orange symbol, or the line from a level 2 hilltop to ground or level 1 crosses
    // exactly one purple, that symbol can only be the hilltop unit's own crest (any other hill would
    // be entered and left: two symbols). It does not hide the unit (Umpire's reading).
    const auto count = [&](const char* name) {
        return std::count_if(all.obstacles.begin(), all.obstacles.end(), [&](const Obstacle& x) { return x.symbol == name; });
    };
    const bool lower_of_h2 = [&](Lvl x) { return x == G || level1(x); }(f == H2 ? t : f);
    const bool crest = !own_edge && ((o.symbol == "orange" && count("orange") == 1 && ((f == H1 && t == G) || (f == G && t == H1))) ||
                                     (o.symbol == "purple" && count("purple") == 1 && (f == H2 || t == H2) && f != t && lower_of_h2));
    const Fraction p = position(d, s, o, sym);
    const bool b = !own_edge && !crest && straight_line_blocks(d, hs, ht, o, p);
    if (crest)
        j.text += "; it is the only " + o.symbol + " symbol on the line, so it can only be the crest of the " +
                  ((o.symbol == "orange" ? f == H1 : f == H2) ? std::string("firer") : std::string("target")) +
                  "'s own hilltop (note P: a plateau's interior hexes carry no outline), which does not hide it (Umpire's reading)";
    else if (own_edge)
        j.text += "; it is a side of the " + std::string(o.index == 1 ? "firer" : "target") +
                  "'s own hex and no higher than that unit: the edge of the hill it stands on, which does not hide it (Umpire's reading)";
    else
        j.text += "; a straight sight line from " + std::to_string(hs) + " m to " + std::to_string(ht) + " m " + (b ? "passes below" : "passes over") +
                  " its " + std::to_string(ho) + " m at " + p.text() + " of the way from the firer";
    j.rule = "PB-LOS";
    j.verdict = b ? Judgement::blocks : Judgement::clear;
    j.notes.clear();
}

// Note L: more than one orange/red or purple symbol blocks, except between same-level hilltops and
// in the cases of notes G-J (a level 1 and a level 2 unit). Between a level 2 hilltop and ground
// the level 2 unit's own hill (its purple crest, then the orange edge of the level 1 plateau under
// it, the first of each from that unit) is left out under l_own_hill = "not-counted" (otherwise
// every such line is blocked and note E's Orange/Red clause has nothing to decide).
struct CountRule {
    int high = 0, own = 0;
    bool applies = false, blocks = false, reading_matters = false;
    std::string text;
};
CountRule count_rule(const Data& d, const Situation& s, Lvl f, Lvl t) {
    CountRule c;
    std::vector<const Obstacle*> hi;
    for (const auto& o : s.obstacles)
        if (o.symbol == "orange" || o.symbol == "purple") hi.push_back(&o);
    c.high = int(hi.size());
    if (c.high <= 1) return c;
    c.applies = true;
    const bool same_hilltops = (f == H1 && t == H1) || (f == H2 && t == H2);
    const bool cases_g_to_j = (level1(f) && level2(t)) || (level2(f) && level1(t));
    const std::string n = std::to_string(c.high);
    if (same_hilltops || cases_g_to_j) {
        c.text = "The line crosses " + n + " orange/red or purple symbols, which is allowed " +
                 (same_hilltops ? "between units on same-level hilltops." : "between a level 1 and a level 2 unit (notes G-J).");
        return c;
    }
    if ((f == H2 && t == G) || (f == G && t == H2)) {
        std::sort(hi.begin(), hi.end(), [&](const Obstacle* a, const Obstacle* b) { return (f == H2) == (a->index < b->index); });
        const auto purple = std::find_if(hi.begin(), hi.end(), [](const Obstacle* o) { return o->symbol == "purple"; });
        if (purple != hi.end() && std::find_if(purple, hi.end(), [](const Obstacle* o) { return o->symbol == "orange"; }) != hi.end()) c.own = 2;
    }
    const bool literal = c.high > 1, reading = c.high - c.own > 1;
    c.reading_matters = literal != reading;
    c.blocks = d.choices.l_own_hill == "counted" ? literal : reading;
    const std::string unit = f == H2 ? "firer" : "target";
    if (!c.own)
        c.text = "The line crosses " + n + " orange/red or purple symbols; more than one blocks unless both units are on same-level hilltops (or in the cases of notes G-J).";
    else if (d.choices.l_own_hill == "counted")
        c.text = "The line crosses " + n + " orange/red or purple symbols, counting the " + unit + "'s own purple crest and the orange edge of the "
                 "level 1 plateau under it (note L read literally: rules-data l_own_hill = \"counted\"); more than one blocks.";
    else
        c.text = "The line crosses " + n + " orange/red or purple symbols; the first purple and the first orange after it from the level 2 " + unit +
                 " are its own hill (its crest and the edge of the level 1 plateau under it), not counted (rules-data l_own_hill = \"not-counted\"), which leaves " +
                 std::to_string(c.high - 2) + (reading ? ": more than one blocks." : ": note L does not block.");
    return c;
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
        out.applied = out.notes;
        return out;
    }
    if (fg || tg) {
        const std::string other = fg ? s.target : s.firer;
        if (other == "ground" || other == "gully") {
            out.clear = false;
            add_note(out.notes, "GULLY-A");
            out.applied = out.notes;
            step("PB-GULLY-A", "A unit in a gully cannot fire at, or be fired at by, a unit at ground level or in another gully unless adjacent.");
            return out;
        }
        add_note(out.applied, "GULLY-B");
        step("PB-GULLY-B", "A unit in a gully and a unit on a slope or hilltop see each other as if the gully unit were at ground level.");
    }
    const Lvl f = level_of(s.firer), t = level_of(s.target);
    const int hs = fg ? d.elevation.at("ground") : d.elevation.at(s.firer);
    const int ht = tg ? d.elevation.at("ground") : d.elevation.at(s.target);
    bool decided_block = false, undecided_block = false;
    std::array<bool, kMeasures> measure_block{};
    std::vector<std::string> clear_notes, block_notes;
    for (std::size_t i = 0; i < s.obstacles.size(); ++i) {
        const Obstacle& o = s.obstacles[i];
        Judgement j = judge(d, s, f, t, o);
        j.obstacle = int(i);
        if (!j.choice.empty()) add_note(out.choices, j.choice);
        if (j.verdict == Judgement::undecided) {
            judge_undecided(d, s, whole ? *whole : s, f, t, hs, ht, o, j);
            undecided_block |= j.verdict == Judgement::blocks;
            out.judged.push_back(j);
            out.referee = true;
            continue;
        }
        // K (B, D, F, H, J are the converses of A, C, E, G, I) is cited, not listed among the notes.
        for (const auto& n : j.notes)
            if (n == "K") out.converse = true;
            else {
                add_note(j.verdict == Judgement::blocks ? block_notes : clear_notes, n);
                add_note(out.applied, n);
            }
        decided_block |= j.verdict == Judgement::blocks;
        for (int m = 0; m < kMeasures; ++m) measure_block[std::size_t(m)] |= j.thirds ? j.measure_blocks[std::size_t(m)] : j.verdict == Judgement::blocks;
        if (j.thirds) out.thirds_note = j.notes.front();
        step(j.rule, j.text);
        out.judged.push_back(j);
    }
    const CountRule l = count_rule(d, s, f, t);
    if (l.reading_matters) add_note(out.choices, "l_own_hill");
    if (l.applies) {
        add_note(out.applied, "L");
        add_note(l.blocks ? block_notes : clear_notes, "L");
        step("PB-L", l.text);
        if (l.blocks) out.l_count = l.high - (d.choices.l_own_hill == "counted" ? 0 : l.own);
        decided_block |= l.blocks;
        for (auto& m : measure_block) m |= l.blocks;
    }
    for (int m = 0; m < kMeasures; ++m) out.measure_clear[std::size_t(m)] = !measure_block[std::size_t(m)] && !undecided_block;
    flag_measures(out, !decided_block && !undecided_block, r);
    const bool gully_b = std::find(out.applied.begin(), out.applied.end(), "GULLY-B") != out.applied.end();
    if (decided_block) {
        // A note decides the line whatever the symbols no note covers do; GULLY-B is why it applied.
        out.clear = false;
        out.referee = false;
        if (gully_b) add_note(out.notes, "GULLY-B");
        for (const auto& n : block_notes) add_note(out.notes, n);
        return out;
    }
    if (undecided_block) {
        // Blocked only by symbols no note covers: no note decides the line (the notes that cleared
        // other symbols are in `applied`, not in `notes`).
        out.clear = false;
    } else {
        if (gully_b) add_note(out.notes, "GULLY-B");
        for (const auto& n : clear_notes) add_note(out.notes, n);
    }
    if (out.referee && r)
        for (const auto& j : out.judged)
            if (j.rule == "PB-LOS") r->call("PB-LOS", j.text + ". The notes leave this open; this is Umpire's best answer.");
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


// What blocked the line (JSON `blocked_by`): each blocking symbol with the note that decided it
// (null: no note covers it, the straight line did), and note L's count.
json::Value blocked_by_json(const Data& d, const Situation& s, const LosOutcome& los) {
    json::Array a;
    if (los.clear) return json::Value(std::move(a));
    for (const auto& j : los.judged) {
        if (j.verdict != Judgement::blocks || j.obstacle < 0) continue;
        const Obstacle& o = s.obstacles[std::size_t(j.obstacle)];
        json::Object e;
        e.reserve(3);
        e.emplace_back("symbol", o.symbol);
        e.emplace_back(d.symbol(o.symbol)->hex ? "hex" : "side", o.index);
        e.emplace_back("note", j.notes.empty() ? json::Value() : json::Value(j.notes.front()));
        a.emplace_back(std::move(e));
    }
    if (los.l_count > 0) a.emplace_back(json::Object{{"symbol", "orange/purple"}, {"count", los.l_count}, {"note", "L"}});
    return json::Value(std::move(a));
}

// The line under the one line: what decided it, with the places it used.
std::string detail_of(const Data& d, const Situation& s, const LosOutcome& los) {
    std::string notes;
    for (const auto& n : los.notes) notes += (notes.empty() ? "" : ", ") + n;
    std::string uncovered;  // symbols no note covers that block
    for (const auto& j : los.judged)
        if (j.verdict == Judgement::blocks && j.notes.empty() && j.obstacle >= 0) {
            const Obstacle& o = s.obstacles[std::size_t(j.obstacle)];
            uncovered += (uncovered.empty() ? "" : ", ") + ("the " + o.symbol + " on " + where(s, o, *d.symbol(o.symbol)));
        }
    if (!los.clear && notes.empty() && !uncovered.empty())
        return "Blocked by " + uncovered + ", which no note covers (a straight sight line over the heights: referee's call); no note decides this line.";
    if (notes.empty()) return "";
    return "Decided by note" + std::string(los.notes.size() > 1 ? "s " : " ") + notes_in_words(los.notes) + ".";
}

// The other reading of each rules-data [choices] point this ruling consulted: ruled again with the
// choice flipped; where the line comes out differently, a referee's call and JSON `alternatives`.
json::Array other_readings(const Data& d, const Situation& s, const LosOutcome& los, Ruling& r) {
    json::Array alts;
    struct Point { const char* key; std::string Choices::*field; const char* a; const char* b; const char* rule; const char* what; };
    const Point points[] = {
        {"n_exception_level2_woods", &Choices::n_exception_level2_woods, "blocks", "notes-a-b", "PB-N",
         "note N's exception (a level 2 and a level 1 hilltop unit: notes A/B) with the woods or town on a level 2 hilltop"},
        {"l_own_hill", &Choices::l_own_hill, "not-counted", "counted", "PB-L",
         "note L between a level 2 hilltop and ground: whether the level 2 unit's own purple crest and the orange edge under it count"},
        {"woods_on_slope", &Choices::woods_on_slope, "heights", "ground-level", "PB-LOS",
         "a woods or town standing on a slope, which no note covers"},
    };
    for (const Point& p : points) {
        if (std::find(los.choices.begin(), los.choices.end(), p.key) == los.choices.end()) continue;
        Data other = d;
        std::string& field = other.choices.*p.field;
        field = field == p.a ? p.b : p.a;
        const LosOutcome alt = decide_los(other, s, nullptr);
        if (alt.clear == los.clear) continue;
        r.call(p.rule, std::string(p.what) + " is open: as Umpire reads it (" + p.key + " = \"" + d.choices.*p.field + "\") the line is " +
                           (los.clear ? "clear" : "blocked") + "; read as " + p.key + " = \"" + field + "\" it is " + (alt.clear ? "clear" : "blocked") + ".");
        json::Array notes;
        for (const auto& n : alt.notes) notes.emplace_back(n);
        alts.emplace_back(json::Object{{"rule", p.rule}, {"choice", p.key}, {"reading", field}, {"los", alt.clear ? "clear" : "blocked"}, {"notes", std::move(notes)}});
    }
    return alts;
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
    for (const auto& c : s.board_calls) r.call(c.rule, c.text);
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
    json::Array notes, applied;
    for (const auto& n : los.notes) notes.emplace_back(n);
    for (const auto& n : los.applied) applied.emplace_back(n);
    for (const auto& n : los.applied) r.cite("PB-" + n);
    if (los.converse) r.cite("PB-K");
    json::Array alternatives = other_readings(d, s, los, r);
    r.set("los", los.clear ? "clear" : "blocked");
    r.set("notes", json::Value(std::move(notes)));
    r.set("attack_halved", halved);
    r.set("positions", positions_json(d, s));
    if (!los.thirds_note.empty()) {
        r.set("los_by_range", los.measure_clear[1] ? "clear" : "blocked");
        const auto v = [&](int i) { return json::Value(los.measure_clear[std::size_t(i)] ? "clear" : "blocked"); };
        r.set("los_by_measure", json::Object{{"hexsides", v(0)}, {"range_from_firer", v(1)}, {"range_from_target", v(2)}});
    }
    if (!s.board.empty()) r.set("board", s.board_json);
    r.set("notes_applied", json::Value(std::move(applied)));
    r.set("blocked_by", blocked_by_json(d, s, los));
    if (!alternatives.empty()) r.set("alternatives", json::Value(std::move(alternatives)));
    std::string notes_text;
    for (const auto& n : los.notes) notes_text += (notes_text.empty() ? "" : ", ") + n;
    r.figures.push_back({"Line of sight", los.clear ? "clear" : "blocked", "PB-LOS", notes_text.empty() ? "" : "notes " + notes_text, "line_of_sight"});
    r.figures.push_back({"Attack", halved ? "halved" : "not halved", "PB-HSD", "", "attack"});
    r.tone = r.referee_call || los.referee || los.measure_call ? Tone::caution : los.clear ? Tone::good : Tone::bad;
    r.verdict = std::string(los.clear ? "LINE OF SIGHT CLEAR" : "LINE OF SIGHT BLOCKED") + (halved ? " — attack halved" : "");
    r.detail = detail_of(d, s, los);
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
        v.obstacles.push_back({o.symbol, p.num, p.den, height_of(d, o), !out.clear, !out.referee});
    }
    return v;
}


std::vector<NameList> names(const Data&) { return {{"elevation", elevation_names()}, {"symbol", symbol_names()}}; }

}  // namespace umpire::panzerblitz

namespace umpire {
std::unique_ptr<GameSystem> make_panzerblitz() { return std::make_unique<panzerblitz::PanzerBlitz>(); }
}  // namespace umpire
