// SPI TANK! (1974), standard game: fire rulings.
//
// Sections
//   1. names of enums
//   2. Data: loading and validating rules-data/spi-tank.toml
//   3. Situation: parsing (parse_firer, parse_target, parse_hexes, parse_line, parse_obstacle,
//      parse_extra_firers; obstacles checked against the traced line; apply_board: the line's
//      obstacles, target terrain and behind read from a board file) and writing situation files
//   4. rule(): the fire procedure, one short function per rule, in the order the ruling explains it:
//      rule_position (8.3, rule_path 10.2, 7.21 from firer.facing, 8.7 from target.facing),
//      rule_fire_type 8.1, check_los 10.2, rule_field_of_fire 7.21, rule_masking 8.41,
//      rule_infantry_fire 8.8 | rule_attack 8.22/8.9/8.31, rule_defense 8.7/10.3-10.6/14.41,
//      rule_differential 8.9/8.71; rule_odds, rule_spotting 13.5/7.24, set_verdict.
//      Open points push another Reading; rule() rules each in full (`alternatives`).
//   5. SpiTank: the GameSystem glue
#include "games/spi_tank/rules.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <set>
#include <tuple>
#include <utility>

#include "core/names.hpp"
#include "core/text.hpp"
#include "board/board_support.hpp"
#include "games/spi_tank/board.hpp"

namespace umpire::spi_tank {

// =====================================================================================
// 1. names of enums
// =====================================================================================

const char* to_string(Mode m) { return m == Mode::closed ? "closed" : m == Mode::mixed ? "mixed" : "open"; }
const char* to_string(Aspect a) { return a == Aspect::front ? "front" : a == Aspect::side ? "side" : "rear"; }
const char* to_string(Behind b) { return b == Behind::none ? "none" : b == Behind::berm ? "berm" : "slope"; }
const char* to_string(Friendly f) { return f == Friendly::none ? "none" : f == Friendly::infantry ? "infantry" : "other"; }
const char* to_string(At a) { return a == At::hex ? "hex" : a == At::hexside ? "hexside" : "along-hexside"; }
const char* to_string(Touches t) {
    switch (t) {
        case Touches::none: return "none";
        case Touches::firer: return "firer";
        case Touches::target: return "target";
        default: return "both";
    }
}

namespace {

const FixedNames kModes = {"closed", "mixed", "open"};
const FixedNames kTerrainNames = {"clear", "rough", "woods", "berm", "slope", "wreck", "improved-position"};
const FixedNames kHexsideTerrain = {"berm", "slope"};
const FixedNames kTargetTerrain = {"clear", "rough", "woods", "wreck"};
const FixedNames kObstacleTerrain = {"woods", "berm", "slope", "rough", "wreck"};
const FixedNames kAspects = {"front", "side", "rear"};
const FixedNames kBehind = {"none", "berm", "slope"};
const FixedNames kFriendly = {"none", "infantry", "other"};
const FixedNames kAt = {"hex", "hexside", "along-hexside"};
const FixedNames kTouches = {"none", "firer", "target", "both"};
const FixedNames kFireControls = {"N", "SR", "SC"};

// `item` added to a list said in words, "0605, 0606": appended in place (a line on a full board
// names a hundred hexes).
void add_listed(std::string& text, std::string_view item) {
    if (!text.empty()) text += ", ";
    text += item;
}

// A value the user typed, quoted for an error line: quotes, backslashes and control characters
// escaped, so one problem stays one line.
std::string typed_value(const std::string& v) {
    std::string out = "\"";
    for (const unsigned char c : v) {
        if (c == '"' || c == '\\') out += '\\', out += char(c);
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x", out += hex[c >> 4], out += hex[c & 15];
        } else out += char(c);
    }
    return out + "\"";
}

bool is_hexside_terrain(const std::string& t) {
    return std::find(kHexsideTerrain.begin(), kHexsideTerrain.end(), t) != kHexsideTerrain.end();
}

std::string kills_text(const std::vector<int>& k) {
    if (k.empty()) return "•";
    if (k.size() == 1) return std::to_string(k[0]);
    return std::to_string(k.front()) + "-" + std::to_string(k.back());
}

// Reads a die number or MP cost: decimal digits only (no sign, no spaces). The value saturates at
// ten million, so a number of any length is read without overflow; callers bound it far lower.
std::optional<std::int64_t> read_digits(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::int64_t v = 0;
    for (char ch : s) {
        if (ch < '0' || ch > '9') return std::nullopt;
        v = std::min<std::int64_t>(v * 10 + (ch - '0'), 10'000'000);
    }
    return v;
}

// Why a printed cell is refused: `text` follows the cell's name in the message.
struct CellProblem {
    enum Kind { none, format, out_of_range, backwards } kind = none;
    std::string text;
};

// Parses a printed cell: "1-3", "1", "•"/"miss"/"-" into its run of die numbers, each
// 1..max_number (an empty run for no effect). Both ends are bounded, so "1-2000000000" is refused.
CellProblem parse_run(std::string_view s, int max_number, Kills& out) {
    out = Kills{};
    if (s == "•") return {};
    // A cell starting with a digit is a die range; anything else may be a miss in words. (A
    // digit is kept as it is by normalize_name, so such a cell is never "miss" or empty.)
    if (s.empty() || s[0] < '0' || s[0] > '9') {
        const std::string t = normalize_name(s);
        if (t == "miss" || t.empty() || t == "missnoeffect") return {};
    }
    const std::size_t dash = s.find('-');
    const std::string_view lo_text = s.substr(0, dash), hi_text = dash == std::string_view::npos ? lo_text : s.substr(dash + 1);
    const auto lo = read_digits(lo_text), hi = read_digits(hi_text);
    if (!lo || !hi) return {CellProblem::format, "is not a die range (accepted: \"1-3\", \"1\", \"•\" or \"miss\")"};
    for (const auto& [v, text] : {std::pair{*lo, lo_text}, std::pair{*hi, hi_text}})
        if (v < 1 || v > max_number)
            return {CellProblem::out_of_range,
                    cat({"names die number ", text, ", out of range (accepted: 1..", max_number, ")"})};
    if (*hi < *lo) return {CellProblem::backwards, "runs backwards (accepted: a run from low to high, e.g. \"1-3\")"};
    out = Kills{int(*lo), int(*hi)};
    return {};
}

// The same, as the list of die numbers (the infantry table keeps lists).
CellProblem parse_cell(const std::string& s, int max_number, std::vector<int>& out) {
    Kills run;
    CellProblem why = parse_run(s, max_number, run);
    out = run.numbers();
    return why;
}

// A spotting value (13.5): "automatic", "unspottable", or a roll "1-N" / "1" with N a die number.
// Returns "" or why the value is refused.
std::string parse_spot(const std::string& s, int die_sides, SpotValue& v) {
    const std::string t = normalize_name(s);
    if (t == "automatic") { v = {SpotValue::automatic, 0}; return ""; }
    if (t == "unspottable") { v = {SpotValue::unspottable, 0}; return ""; }
    Kills k;
    const CellProblem why = parse_run(s, die_sides, k);
    if (why.kind == CellProblem::out_of_range) return why.text;
    if (why.kind != CellProblem::none || k.empty() || k.lo != 1)
        return "is not a spotting value (accepted: \"automatic\", \"unspottable\", \"1-N\" or \"1\")";
    v = {SpotValue::roll, k.hi};
    return "";
}

int halve_up(int v) { return (v + 1) / 2; }  // 8.31, 15.11: fractions are rounded up

}  // namespace

std::optional<Mode> mode_named(const std::string& name) {
    const auto i = match_name(name, kModes);
    if (!i) return std::nullopt;
    return *i == 0 ? Mode::closed : *i == 1 ? Mode::mixed : Mode::open;
}

// =====================================================================================
// 2. Data
// =====================================================================================

const Crt::Row* Crt::row_for(int range) const {
    for (const auto& r : rows)
        if (range >= r.lo && range <= r.hi) return &r;
    return nullptr;
}

// The chart's units as names with aliases, for resolve_name (names.hpp).
static std::vector<Named> unit_entries(const std::vector<Unit>& units) {
    std::vector<Named> v;
    for (const auto& u : units) v.push_back({u.name, u.aliases});
    return v;
}

// An exact chart name first, then an alias; an alias two units share finds neither.
static NameMatch match_unit(const std::vector<Unit>& units, std::string_view name) {
    return resolve_name_in(
        name, units, [](const Unit& u) -> const std::string& { return u.name; },
        [](const Unit& u) -> const std::vector<std::string>& { return u.aliases; });
}

const Unit* Data::find_unit(const std::string& name) const {
    const NameMatch m = match_unit(units, name);
    return m.index ? &units[*m.index] : nullptr;
}

std::vector<std::string> Data::unit_names() const {
    std::vector<std::string> v;
    for (const auto& u : units) v.push_back(u.name);
    v.push_back("infantry");
    return v;
}

const Crt* Data::crt(const std::string& id) const {
    for (const auto& c : crts)
        if (c.id == id) return &c;
    return nullptr;
}

namespace {

// Bounds that are Umpire's choice (the rules print no limit; rules-data/spi-tank.toml says so too).
// A movement allowance is at most 99 MP, so the 8.71 die modifier (one per two MP) is at most 49:
// a kill number above the die's sides plus 49 could never come up. Ranges run 1..999 hexes, the
// bound a situation's line.range accepts.
constexpr int kMaxMovement = 99;
constexpr int kMaxMovementModifier = kMaxMovement / 2;
constexpr int kMaxRangeHexes = 999;

// A row's `range = [from, to]` in hexes. Both ends are bounded before they are narrowed to int
// (int(4294967301) would silently read as 5 and rule from the wrong row). open_end: to = 0 means
// "or more" (13.5's last row). Reports one error naming the key and the accepted values.
std::optional<std::pair<int, int>> read_row_range(const Section& r, bool open_end) {
    auto rg = r.int_array("range", true);
    if (!rg) return std::nullopt;
    // For a message only: a rules file reads dozens of rows, and a good one reports none.
    const auto accepted = [open_end] {
        return "(accepted: [from, to] with 1 <= from <= to <= " + std::to_string(kMaxRangeHexes) +
               (open_end ? ", or to = 0 for \"or more\")" : ")");
    };
    if (rg->size() != 2) {
        r.error("range", "expected two hex ranges [from, to], found " + std::to_string(rg->size()) + " numbers " + accepted());
        return std::nullopt;
    }
    const std::int64_t lo = (*rg)[0], hi = (*rg)[1];
    auto in_bounds = [](std::int64_t v) { return v >= 1 && v <= kMaxRangeHexes; };
    if (!in_bounds(lo) || !(in_bounds(hi) || (open_end && hi == 0))) {
        r.error("range", std::to_string(in_bounds(lo) ? hi : lo) + " is out of range " + accepted());
        return std::nullopt;
    }
    if (hi != 0 && hi < lo) {
        r.error("range", "[" + std::to_string(lo) + ", " + std::to_string(hi) + "] runs backwards " + accepted());
        return std::nullopt;
    }
    return std::pair<int, int>{int(lo), int(hi)};
}

void load_units(Data& d, const Section& root) {
    // Names as matched (normalize_name): each unit's chart name, then its aliases. Plain vectors
    // searched in turn: a chart has a few dozen units.
    std::vector<std::string> seen;                    // chart names so far
    std::vector<std::vector<std::string>> matched;    // per unit: its name, then its aliases
    const std::vector<Section> units = root.tables("unit", true);
    matched.reserve(units.size());
    d.units.reserve(units.size());
    if (units.empty() && root.node("unit") && root.node("unit")->is_array())
        root.error("unit", "the weapons chart lists no units (17.4): give at least one [[unit]]");
    for (const Section& t : units) {
        t.only_keys({"name", "aliases", "kind", "defense", "ap", "he", "movement", "effective_range", "fire_control", "turreted"});
        Unit u;
        auto name = t.str("name", true);
        if (name) u.name = *name;
        if (auto a = t.string_array("aliases")) u.aliases = std::move(*a);
        auto kind = t.choice("kind", {"vehicle", "at-gun"});
        u.vehicle = !kind || *kind == "vehicle";
        // Chart names are unique. An alias may be shared by units of one family ("T34" for the
        // T34/76c and the T34/85): typing it is then reported naming both (resolve_name).
        std::vector<std::string>& own = matched.emplace_back();  // this unit's names so far
        own.reserve(u.aliases.size() + 1);
        for (std::size_t i = 0; i <= u.aliases.size(); ++i) {
            const std::string& n = i == 0 ? u.name : u.aliases[i - 1];
            const char* key = i == 0 ? "name" : "aliases";
            std::string norm = normalize_name(n);
            // The chart name against the other units' names; an alias against this unit's
            // earlier aliases (an alias may repeat the unit's own name).
            const auto first = i == 0 ? seen.begin() : own.begin() + 1, last = i == 0 ? seen.end() : own.end();
            if (norm.empty())
                t.error(key, quoted_value(n) + " cannot be a unit name: it is empty once case, spaces and / - ( ) . are ignored");
            else if (norm == "infantry") t.error(key, "\"infantry\" is reserved for infantry units (8.8)");
            else if (std::find(first, last, norm) != last)
                t.error(key, "the name \"" + n + "\" is used twice (names are matched ignoring case, spaces and / - ( ) .)");
            else if (i == 0) seen.push_back(norm);
            own.push_back(std::move(norm));
        }
        if (u.vehicle) {
            if (auto def = t.int_array("defense", true)) {
                if (def->size() != 3) t.error("defense", "expected three defense strengths [front, side, rear], found " + std::to_string(def->size()));
                else if (std::any_of(def->begin(), def->end(), [](auto x) { return x < 0 || x > 99; }))
                    t.error("defense", "defense strengths must be 0..99");
                else { u.front = int((*def)[0]); u.side = int((*def)[1]); u.rear = int((*def)[2]); }
            }
        } else if (t.has("defense")) {
            t.error("defense", "an AT gun has no defense strengths of its own: its defense comes from terrain (8.7, 10.3)");
        }
        u.ap = int(t.integer("ap", true, 0, 99).value_or(0));
        u.he = int(t.integer("he", true, 0, 99).value_or(0));
        u.movement = int(t.integer("movement", true, 0, kMaxMovement).value_or(0));
        u.effective_range = int(t.integer("effective_range", true, 1, kMaxRangeHexes).value_or(1));
        if (auto fc = t.choice("fire_control", kFireControls, true)) u.fire_control = *fc;
        if (auto tur = t.boolean("turreted")) {
            if (!u.vehicle && *tur) t.error("turreted", "an AT gun cannot be turreted: its field of fire is its front arc (7.21)");
            u.turreted = *tur;
        }
        if (!u.vehicle) {
            u.turreted = false;
            if (u.movement != 0) t.error("movement", "an AT gun cannot move (9.34): movement must be 0");
        }
        d.units.push_back(std::move(u));
    }
    // An alias spelt like another unit's chart name could never be reached (exact names win).
    for (std::size_t i = 0; i < units.size() && i < d.units.size(); ++i)
        for (std::size_t a = 0; a < d.units[i].aliases.size(); ++a)
            for (std::size_t j = 0; j < d.units.size(); ++j)
                if (j != i && matched[i][a + 1] == matched[j].front())
                    units[i].error("aliases", quoted_value(d.units[i].aliases[a]) + " is the chart name of the " + d.units[j].name +
                                                  ": an alias cannot be another unit's name");
}


void load_crts(Data& d, const Section& root) {
    std::set<std::string> ids;
    const std::vector<Section> crts = root.tables("crt", true);
    d.crts.reserve(crts.size());
    for (const Section& t : crts) {
        t.only_keys({"id", "title", "fire_control", "panic", "rows"});
        Crt c;
        c.id = t.str("id", true).value_or("");
        if (!c.id.empty() && !ids.insert(c.id).second) t.error("id", "table \"" + c.id + "\" is defined twice");
        c.title = t.str("title").value_or("");
        c.fire_control = t.choice_array("fire_control", kFireControls, true).value_or(std::vector<std::string>{});
        if (auto p = t.int_array("panic", true)) {
            if (p->size() != 2 || (*p)[0] < 0 || (*p)[1] > 10 || (*p)[0] > (*p)[1])
                t.error("panic", "expected [lowest, highest] panic levels within 0..10");
            else { c.panic_min = int((*p)[0]); c.panic_max = int((*p)[1]); }
        }
        // Rows run in order from range 1, without gaps or overlaps. After a refused range the
        // next row is not compared with it (expect_lo 0: one mistake, one error).
        int expect_lo = 1;
        // 8.71: the movement modifier is added to the roll, so kill numbers may exceed the die.
        const int max_kill = d.die_sides + kMaxMovementModifier;
        const std::vector<Section> rows = t.tables("rows", true);
        c.rows.reserve(rows.size());
        for (const Section& r : rows) {
            r.only_keys({"range", "cells"});
            Crt::Row row{0, 0, {}};
            const auto rg = read_row_range(r, false);
            if (rg) {
                std::tie(row.lo, row.hi) = *rg;
                if (expect_lo != 0 && row.lo != expect_lo)
                    r.error("range", "rows must cover ranges in order, without gaps or overlaps: expected this row to start at " +
                                         std::to_string(expect_lo));
                expect_lo = row.hi + 1;  // hi <= kMaxRangeHexes: cannot overflow
            } else {
                expect_lo = 0;
            }
            if (auto cells = r.string_views("cells", true)) {  // views: the document outlives this loop
                if (cells->size() != 11)
                    r.error("cells", "expected 11 cells (attack differentials 0..10, 8.9), found " + std::to_string(cells->size()));
                row.cells.reserve(cells->size());
                for (std::size_t i = 0; i < cells->size(); ++i) {
                    Kills k;  // a run, not a list: a table's few hundred cells are read on every ruling
                    const CellProblem why = parse_run((*cells)[i], max_kill, k);
                    if (why.kind != CellProblem::none)
                        r.error("cells", "cell " + std::to_string(i) + " \"" + std::string((*cells)[i]) + "\" " + why.text +
                                             (why.kind == CellProblem::out_of_range
                                                  ? " (a roll of 1.." + std::to_string(d.die_sides) + " plus the 8.71 movement modifier, at most " +
                                                        std::to_string(kMaxMovementModifier) + ")"
                                                  : ""));
                    row.cells.push_back(k);

                }
            }
            c.rows.push_back(std::move(row));
        }
        d.crts.push_back(std::move(c));
    }
    // 8.9: every fire control system at every panic level must find exactly one table.
    if (root.sink().ok()) {
        for (const auto& fc : kFireControls) {
            for (int p = 0; p <= 10; ++p) {
                int n = 0;
                for (const auto& c : d.crts)
                    if (std::find(c.fire_control.begin(), c.fire_control.end(), fc) != c.fire_control.end() &&
                        p >= c.panic_min && p <= c.panic_max) ++n;
                if (n != 1)
                    root.error("crt", "fire control " + fc + " at panic level " + std::to_string(p) + " is covered by " +
                                          std::to_string(n) + " tables (exactly one is needed, 8.9)");
            }
        }
    }
}

void load_infantry(Data& d, const Section& root) {
    Section inf = root.table("infantry", true);
    inf.only_keys({"max_moving_mp"});
    d.infantry_max_moving_mp = int(inf.integer("max_moving_mp", true, 0, 99).value_or(1));
    // 11.0, for units on the board only: optional, so a rules-data folder from before them loads.
    if (Section st = root.table("stacking"); st.present()) {
        st.only_keys({"max_infantry", "max_at_guns", "max_infantry_with_at_gun"});
        Data::Stacking& s = d.stacking.emplace();
        s.max_infantry = int(st.integer("max_infantry", true, 1, 99).value_or(2));
        s.max_at_guns = int(st.integer("max_at_guns", true, 1, 99).value_or(1));
        s.max_infantry_with_at_gun = int(st.integer("max_infantry_with_at_gun", true, 0, 99).value_or(1));
    }
    Section t = root.table("infantry_fire", true);
    t.only_keys({"rows"});
    int expect = 1;  // 0 after a refused range: the next row is not compared (one mistake, one error)
    const std::vector<Section> rows = t.tables("rows", true);
    d.infantry.rows.reserve(rows.size());
    for (const Section& r : rows) {
        r.only_keys({"range", "moving", "stationary"});
        InfantryTable::Row row{};
        const auto range = r.integer("range", true, 1, 99);
        row.range = int(range.value_or(0));
        if (range && expect != 0 && row.range != expect) r.error("range", "rows must run 1, 2, 3...: expected " + std::to_string(expect));
        expect = range ? row.range + 1 : 0;
        for (const char* col : {"moving", "stationary"}) {
            auto s = r.str(col, true);
            std::vector<int> k;
            // No movement modifier on this table (its moving column counts target movement): one die.
            const CellProblem why = s ? parse_cell(*s, d.die_sides, k) : CellProblem{};
            if (why.kind != CellProblem::none) r.error(col, quoted_value(*s) + " " + why.text);
            (std::string(col) == "moving" ? row.moving : row.stationary) = k;
        }
        d.infantry.rows.push_back(std::move(row));
    }
}

// A Terrain Effects Chart movement cost (10.6), as printed: a hex costs "N" MP to enter (1..99, the
// largest movement allowance), "all" (the whole allowance, 10.13) or "na"; a hexside adds "+N"
// (0..99) or is "na". The rulings only show it, but a club's copy must still say something 10.6 can.
void check_movement_cost(const Section& t, const std::string& cost, bool hexside) {
    std::string digits = cost;
    if (hexside && !digits.empty() && digits[0] == '+') digits.erase(0, 1);
    else if (hexside && cost != "na") digits.clear();
    const auto n = read_digits(digits);  // digits only, saturating: no overflow
    const bool ok = cost == "na" || (!hexside && cost == "all") || (n && *n >= (hexside ? 0 : 1) && *n <= kMaxMovement);
    if (!ok)
        t.error("movement", quoted_value(cost) + " is not a movement cost for a " + (hexside ? "hexside" : "hex") +
                                (hexside ? " (accepted: \"+0\"..\"+99\" or \"na\")" : " (accepted: \"1\"..\"99\", \"all\" or \"na\")"));
}

TerrainEffect load_effect(const Section& t, const std::string& name) {
    t.only_keys({"hexside", "movement", "vehicle_defense_add", "soft_defense", "soft_defense_add", "obstructs"});
    TerrainEffect e;
    e.name = name;
    e.hexside = t.boolean("hexside").value_or(false);
    if (e.hexside != is_hexside_terrain(name))
        t.error("hexside", name + (is_hexside_terrain(name) ? " is a hexside feature (10.12): hexside = true is required"
                                                             : " is a hex feature (10.12): it cannot be a hexside"));
    e.movement = t.str("movement", true).value_or("");
    if (t.has("movement") && t.node("movement")->is_string()) check_movement_cost(t, e.movement, is_hexside_terrain(name));
    e.vehicle_defense_add = int(t.integer("vehicle_defense_add", true, 0, 99).value_or(0));
    if (auto s = t.integer("soft_defense", false, 0, 99)) e.soft_defense = int(*s);
    e.soft_defense_add = int(t.integer("soft_defense_add", false, 0, 99).value_or(0));
    e.obstructs = t.boolean("obstructs", true).value_or(false);
    if (e.hexside && t.has("soft_defense"))
        t.error("soft_defense", "a hexside adds to a defense: use soft_defense_add (10.32)");
    if (!e.hexside && !t.has("soft_defense") && !t.has("soft_defense_add"))
        t.error("", "a hex terrain needs soft_defense (or soft_defense_add for a feature added to the ground, like a wreck)");
    return e;
}

void load_terrain(Data& d, const Section& root) {
    Section terrain = root.table("terrain", true);
    terrain.only_keys({"closed", "mixed", "all_modes", "open"});
    std::map<std::string, TerrainEffect> all;
    auto load_section = [&](const Section& sec, std::map<std::string, TerrainEffect>& into) {
        if (!sec.present()) return;
        for (const auto& [k, v] : *sec.raw()) {
            const std::string key(k.str());
            if (key == "as_clear") continue;
            auto idx = match_name(key, kTerrainNames);
            if (!idx) { sec.error(key, "unknown terrain (accepted: " + join_names(kTerrainNames) + ")"); continue; }
            Section et = sec.table(key, true);
            if (et.present()) into[kTerrainNames[*idx]] = load_effect(et, kTerrainNames[*idx]);
        }
    };
    load_section(terrain.table("all_modes", true), all);
    for (Mode m : {Mode::closed, Mode::mixed}) {
        std::map<std::string, TerrainEffect> mine = all;
        Section sec = terrain.table(to_string(m), true);
        std::map<std::string, TerrainEffect> own;
        load_section(sec, own);
        for (auto& [k, v] : own) {
            if (all.count(k)) sec.error(k, k + " is already given for all modes");
            mine[k] = v;
        }
        for (const auto& n : kTerrainNames)
            if (!mine.count(n) && sec.present()) sec.error("", std::string("the ") + to_string(m) + " mode does not define " + n + " (needed: " + join_names(kTerrainNames) + ")");
        d.terrain[m] = std::move(mine);
    }
    // Open mode: what is not listed under all_modes is named in as_clear and behaves as clear (10.61).
    Section open = terrain.table("open", true);
    open.only_keys({"as_clear"});
    std::map<std::string, TerrainEffect> mine = all;
    auto as_clear = open.choice_array("as_clear", kTerrainNames, true);
    if (as_clear && all.count("clear")) {
        for (const auto& n : *as_clear) {
            TerrainEffect e = all.at("clear");
            e.name = n;
            e.hexside = is_hexside_terrain(n);
            if (e.hexside) { e.soft_defense.reset(); e.soft_defense_add = 0; e.movement = "+0"; }
            e.as_clear_note = "open mode treats " + n + " as clear terrain";
            mine[n] = std::move(e);
        }
    }
    for (const auto& n : kTerrainNames)
        if (!mine.count(n) && open.present()) open.error("as_clear", "the open mode does not define " + n + " (give it under all_modes or as_clear)");
    d.terrain[Mode::open] = std::move(mine);
    if (!all.count("clear") || !all.at("clear").soft_defense)
        terrain.error("all_modes", "clear terrain with a soft_defense is required under all_modes (10.31)");
    if (all.count("improved-position") && !all.at("improved-position").soft_defense)
        terrain.error("all_modes", "improved-position needs soft_defense (14.41)");
}

void load_spotting(Data& d, const Section& root) {
    int expect = 1;  // 0 after a refused range: the next row is not compared (one mistake, one error)
    bool open_ended = false;
    const std::vector<Section> rows = root.tables("spotting", true);
    d.spotting.reserve(rows.size());
    for (const Section& t : rows) {
        t.only_keys({"range", "vehicle_open", "vehicle_concealed", "soft_open", "soft_concealed"});
        SpotRow row;
        const auto rg = read_row_range(t, true);
        if (rg) {
            std::tie(row.lo, row.hi) = *rg;
            if (open_ended) t.error("range", "a row after the open-ended (\"or more\") row");
            else if (expect != 0 && row.lo != expect)
                t.error("range", "rows must cover ranges in order, without gaps or overlaps: expected " + std::to_string(expect));
            open_ended = open_ended || row.hi == 0;
            expect = row.hi + 1;  // hi <= kMaxRangeHexes: cannot overflow
        } else {
            expect = 0;
        }
        auto col = [&](const char* key, SpotValue& v) {
            auto s = t.str(key, true);
            const std::string why = s ? parse_spot(*s, d.die_sides, v) : "";
            if (!why.empty()) t.error(key, quoted_value(*s) + " " + why);
        };
        col("vehicle_open", row.vehicle_open);
        col("vehicle_concealed", row.vehicle_concealed);
        col("soft_open", row.soft_open);
        col("soft_concealed", row.soft_concealed);
        d.spotting.push_back(row);
    }
    // (Not when the last row's own range was refused: that row may have meant to be open-ended.)
    if (!d.spotting.empty() && !open_ended && expect != 0) root.error("spotting", "the last spotting row must be open-ended (range = [N, 0]): 13.5 runs to \"41 or more\"");
}

void load_choices(Data& d, const Section& root) {
    Section c = root.table("choices", true);
    c.only_keys({"double_halving", "wreck_soft_base", "vehicle_rough_wreck_spotting", "combined_he_table",
                 "combined_he_halving", "front_arc_degrees", "rear_arc_degrees", "aspect_on_boundary",
                 "two_terrains_vehicle", "field_of_fire_degrees", "field_of_fire_on_boundary", "line_through_corner"});
    auto& ch = d.choices;
    ch.double_halving = c.choice("double_halving", {"twice", "once"}, true).value_or("twice");
    ch.wreck_soft_base = c.choice("wreck_soft_base", {"clear", "rough", "woods"}, true).value_or("clear");
    ch.vehicle_rough_wreck_spotting = c.choice("vehicle_rough_wreck_spotting", {"open", "concealed"}, true).value_or("open");
    ch.combined_he_table = c.choice("combined_he_table", {"least", "firer"}, true).value_or("least");
    ch.combined_he_halving = c.choice("combined_he_halving", {"own-range", "combined-range"}, true).value_or("own-range");
    ch.front_arc_degrees = int(c.integer("front_arc_degrees", true, 0, 360).value_or(120));
    ch.rear_arc_degrees = int(c.integer("rear_arc_degrees", true, 0, 360).value_or(60));
    // Multiples of 60: each boundary then lies at a multiple of 30 degrees from the facing, along
    // a hex row or a hexspine, so "exactly on the boundary" is decided exactly (hex.hpp sector_of).
    for (const char* key : {"front_arc_degrees", "rear_arc_degrees"})
        if ((key[0] == 'f' ? ch.front_arc_degrees : ch.rear_arc_degrees) % 60)
            c.error(key, "arc widths must be multiples of 60 degrees (accepted: 0, 60, 120, 180, 240, 300, 360)");
    ch.aspect_on_boundary = c.choice("aspect_on_boundary", {"stronger", "weaker"}, true).value_or("stronger");
    ch.two_terrains_vehicle = c.choice("two_terrains_vehicle", {"both", "larger"}, true).value_or("both");
    ch.field_of_fire_degrees = int(c.integer("field_of_fire_degrees", true, 60, 360).value_or(180));
    if (ch.field_of_fire_degrees % 60)
        c.error("field_of_fire_degrees", "the field of fire's width must be a multiple of 60 degrees (accepted: 60, 120, 180, 240, 300, 360)");
    ch.field_of_fire_on_boundary = c.choice("field_of_fire_on_boundary", {"in", "out"}, true).value_or("in");
    ch.line_through_corner = c.choice("line_through_corner", {"clear", "blocks"}, true).value_or("clear");
    if (ch.front_arc_degrees + ch.rear_arc_degrees > 360)
        c.error("rear_arc_degrees", "front and rear arcs together exceed 360 degrees");
}

void load_board(Data& d, const Section& root) {
    Section b = root.table("board", true);
    b.only_keys({"column_digits", "row_digits", "lower_columns", "side_names"});
    auto& n = d.board;
    n.column_digits = int(b.integer("column_digits", true, 1, 4).value_or(2));
    n.row_digits = int(b.integer("row_digits", true, 1, 4).value_or(2));
    n.even_columns_lower = b.choice("lower_columns", {"even", "odd"}, true).value_or("even") == "even";
    if (auto names = b.string_array("side_names", true)) {
        std::vector<std::string> sorted = *names;
        std::sort(sorted.begin(), sorted.end());
        if (names->size() != 6 || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end() ||
            std::find(sorted.begin(), sorted.end(), "") != sorted.end())
            b.error("side_names", "expected six different names, north first then clockwise (e.g. [\"A\", \"B\", \"C\", \"D\", \"E\", \"F\"])");
        else
            n.side_names = *names;
    }
}

// [board_areas.KIND]: ignores = hexside features (slope, berm), rule = "10.26". Optional.
void load_board_areas(Data& d, const Section& root) {
    const Section areas = root.table("board_areas");
    if (!areas.present()) return;
    areas.each_table([&d](const std::string& kind, const Section& t) {
        t.only_keys({"ignores", "rule"});
        Data::AreaKind a;
        if (auto ig = t.string_array("ignores", true))
            for (const auto& f : *ig) {
                if (!is_hexside_terrain(f)) t.error("ignores", "\"" + f + "\" is not a hexside feature (accepted: berm, slope)");
                else a.ignores.push_back(f);
            }
        a.rule = t.str("rule", true).value_or("");
        d.board_areas[kind] = a;
    });
}

}  // namespace

Data load_data(const std::filesystem::path& file) {
    return read_rules_file<Data>(file, {"game", "unit", "infantry", "crt", "infantry_fire", "terrain", "spotting", "choices", "board", "board_areas", "stacking"}, [&file](Data& d, const Section& root) {
        d.boards_dir = file.parent_path().parent_path() / "boards";
        Section game = root.table("game", true);
        game.only_keys({"die_sides"});
        d.die_sides = int(game.integer("die_sides", true, 2, 100).value_or(6));
        load_units(d, root);
        load_crts(d, root);
        load_infantry(d, root);
        load_terrain(d, root);
        load_spotting(d, root);
        load_choices(d, root);
        load_board(d, root);
        load_board_areas(d, root);
    });
}

// =====================================================================================
// 3. Situation
// =====================================================================================

namespace {

// A unit name from the weapons chart or "infantry"; reports unknown names with the accepted list.
std::optional<std::string> unit_field(const Data& d, const Section& t, const char* key, bool allow_infantry) {
    auto s = t.str(key, true);
    if (!s) return std::nullopt;
    if (same_name(*s, "infantry")) {
        if (allow_infantry) return std::string("infantry");
        t.error(key, "infantry cannot be used here (accepted: " + join_names([&] { auto v = d.unit_names(); v.pop_back(); return v; }()) + ")");
        return std::nullopt;
    }
    // The chart itself first, without copying it (a ruling reads two or three units): the same
    // match Section::choice makes below, where only a name it refuses goes, for the message.
    const NameMatch m = match_unit(d.units, *s);
    if (m.index) {
        const std::string& name = d.units[*m.index].name;
        if (m.by_alias) t.sink().note_match({t.key_path(key), *s, name, "17.4"});  // a common name is noted in the ruling
        return name;
    }
    std::vector<Named> entries = unit_entries(d.units);
    if (allow_infantry) entries.push_back({"infantry", {}});
    return t.choice(key, entries, true, "unit", "17.4");
}


// The aspect(s) whose arc holds a sector (8.7 as read in rules-data [choices]): two on a boundary.
std::vector<Aspect> aspects_in(const Choices& c, const hex::Sector& sec) {
    const int front = c.front_arc_degrees / 2, rear = 180 - c.rear_arc_degrees / 2;  // folded angles
    const int lo = sec.lo_degrees(), hi = sec.hi_degrees();
    if (sec.on_ray) {
        if (lo < front) return {Aspect::front};
        if (lo == front) return {Aspect::front, front == rear ? Aspect::rear : Aspect::side};
        if (lo > rear) return {Aspect::rear};
        if (lo == rear) return {Aspect::side, Aspect::rear};
        return {Aspect::side};
    }
    // Strictly between two multiples of 30: the arcs' edges (multiples of 30) never cut it.
    if (hi <= front) return {Aspect::front};
    if (lo >= rear) return {Aspect::rear};
    return {Aspect::side};
}

}  // namespace

Aspect boundary_aspect(const Data& d, const Unit& target, Aspect a, Aspect b) {
    auto strength = [&](Aspect x) { return x == Aspect::front ? target.front : x == Aspect::side ? target.side : target.rear; };
    if (strength(a) == strength(b)) return a;
    return (strength(b) > strength(a)) == (d.choices.aspect_on_boundary == "stronger") ? b : a;
}

std::optional<HexPosition> hex_position(const Data& d, const Situation& s) {
    if (!s.firer_at || !s.target_at) return std::nullopt;
    const hex::Cube f = *s.firer_at, t = *s.target_at;
    HexPosition p;
    p.firer = f;
    p.target = t;
    p.range = hex::distance(f, t);
    if (p.range > 0 && s.facing_at) {
        p.sector = hex::sector_of(f - t, *s.facing_at);
        p.aspects = aspects_in(d.choices, *p.sector);
    }
    return p;
}

// Where an obstacle given by its map hex (`hex`, "CCRR" or "CCRR/X" for a hexside) lies on the
// traced line (10.2): entered (crossed, or run along), met only at a corner, or not on the line.
// Also which unit's hex it belongs to (10.22A/B), from the map.
ObstacleMeet locate_obstacle(const Data& d, const HexPosition& pos, const Obstacle& o) {
    ObstacleMeet m;
    if (o.hex.empty()) return m;
    const auto& board = d.board;
    const hex::Trace tr = hex::trace_line(pos.firer, pos.target);
    auto touches_of = [&](const hex::Cube& a, const hex::Cube& b) {
        const bool f = a == pos.firer || b == pos.firer, t = a == pos.target || b == pos.target;
        return f && t ? Touches::both : f ? Touches::firer : t ? Touches::target : Touches::none;
    };
    // A hexside between two hexes meeting at a corner of the line, neither crossed nor run along:
    // met only at that corner (on a hexspine: a side of a hex whose centre the line passes, met at
    // the end where the line joins or leaves a run along a hexside; issue 22 item 8).
    auto at_corner = [&](const hex::Cube& a, const hex::Cube& b) {
        for (const auto& v : tr.vertices)
            if (std::count(v.hexes.begin(), v.hexes.end(), a) && std::count(v.hexes.begin(), v.hexes.end(), b)) return true;
        return false;
    };
    const auto slash = o.hex.find('/');
    if (o.at == At::hex) {
        const auto h = board.parse(o.hex);
        if (!h || slash != std::string::npos) { m.where = OnLine::bad; return m; }
        m.touches = touches_of(*h, *h);
        for (const auto& meet : tr.hexes) {
            if (meet.hex != *h) continue;
            if (meet.contact == hex::Contact::crosses) m.where = OnLine::entered;
            else if (meet.contact == hex::Contact::vertex && !tr.hexspine) m.where = OnLine::corner;
            else m.where = OnLine::beside;  // the line runs along one of its sides (10.24), or only touches a corner of a hexspine line
        }
        if (m.where == OnLine::unknown) m.where = OnLine::off;
        return m;
    }
    const auto h = slash == std::string::npos ? std::nullopt : board.parse(o.hex.substr(0, slash));
    const auto side = slash == std::string::npos ? std::nullopt : board.parse_side(o.hex.substr(slash + 1));
    if (!h || !side) { m.where = OnLine::bad; return m; }
    const hex::Cube other = hex::neighbour(*h, *side);
    m.touches = touches_of(*h, other);
    const auto want = o.at == At::hexside ? hex::SideMeet::crossed : hex::SideMeet::along;
    for (const auto& sd : tr.sides) {
        const hex::Cube n = hex::neighbour(sd.hex, sd.side);
        if ((sd.hex == *h && n == other) || (sd.hex == other && n == *h)) m.where = sd.kind == want ? OnLine::entered : OnLine::beside;
    }
    if (m.where == OnLine::unknown) m.where = o.at == At::hexside && at_corner(*h, other) ? OnLine::corner : OnLine::off;
    return m;
}

// What the line meets, for an error naming both what was typed and what the line meets.
std::string trace_summary(const Data& d, const HexPosition& pos) {
    const hex::Trace tr = hex::trace_line(pos.firer, pos.target);
    std::string hexes, crossed, along;
    for (const auto& h : tr.hexes)
        if (h.contact == hex::Contact::crosses) add_listed(hexes, d.board.format(h.hex));
    for (const auto& sd : tr.sides)
        add_listed(sd.kind == hex::SideMeet::crossed ? crossed : along, d.board.format(sd.hex) + "/" + d.board.side_names[std::size_t(sd.side)]);
    return "the line from " + d.board.format(pos.firer) + " to " + d.board.format(pos.target) + " enters " + hexes + "; crosses " +
           (crossed.empty() ? "no hexside" : crossed) + "; runs along " + (along.empty() ? "no hexside" : along);
}

FieldOfFire field_of_fire_at(const Choices& c, const HexPosition& pos, int facing) {
    // Widths are multiples of 60 (load_choices), so the edges lie at multiples of 30 degrees: a
    // sector strictly between two such rays is never cut by an edge (hex.hpp sector_of).
    const hex::Sector sec = hex::sector_of(pos.target - pos.firer, facing);
    const int half = c.field_of_fire_degrees / 2;
    if (half >= 180) return FieldOfFire::in;
    if (sec.on_ray) return sec.lo_degrees() < half ? FieldOfFire::in : sec.lo_degrees() == half ? FieldOfFire::boundary : FieldOfFire::out;
    return sec.hi_degrees() <= half ? FieldOfFire::in : FieldOfFire::out;
}

namespace {

// The tables of one situation file being read, and what earlier parts found that later ones need.
struct Parse {
    const Data& d;
    const Section& root;
    Situation s;
    Section firer, target, line;
    std::optional<std::string> target_unit;  // the target's name when it was read
    const Unit* tunit = nullptr;             // nullptr: infantry (or unknown)
    const view::Placement* place = nullptr;  // the window's board view: the places typed (parse_hexes)
    bool hexes_given = false;                // both firer.hex and target.hex given
    bool facing_given = false;               // target.facing given
    std::optional<HexPosition> pos;          // both hexes valid and different
    Parse(const Data& data, const Section& r, const view::Placement* placed)
        : d(data), root(r), firer(r.sink(), nullptr, "firer"), target(r.sink(), nullptr, "target"), line(r.sink(), nullptr, "line"),
          place(placed) {}
    bool target_vehicle() const { return target_unit && tunit && tunit->vehicle; }
    bool target_soft() const { return target_unit && (!tunit || !tunit->vehicle); }
};

void parse_firer(Parse& p) {
    p.firer = p.root.table("firer", true);
    p.firer.only_keys({"unit", "panic_level", "preservation", "hex", "facing"});
    if (p.firer.present()) p.s.firer = unit_field(p.d, p.firer, "unit", true).value_or(p.s.firer);
    p.s.panic_level = int(p.firer.integer("panic_level", false, 0, 10).value_or(1));
    p.s.preservation = p.firer.boolean("preservation").value_or(false);
}

// firer.hex, target.hex, target.facing, firer.facing: range (8.3), aspect (8.7) and field of fire
// (7.21) then follow from the map. A place the window's board view gives (p.place,
// view::Placement) is taken as it is, typed, and its key is not read; the hex number is written
// from it (for the explanation).
void parse_hexes(Parse& p) {
    const Data& d = p.d;
    Situation& s = p.s;
    const view::Placement placed = p.place ? *p.place : view::Placement{};
    // Whether the key (or its place) is given; `at` the hex when it is a hex of the map.
    auto hex_field = [&](const Section& t, const std::optional<hex::Cube>& place, std::string& out, std::optional<hex::Cube>& at) {
        if (place) {
            at = place, out = d.board.format(*place);
            return true;
        }
        auto v = t.str("hex");
        if (!v) return t.has("hex");
        at = d.board.parse(*v);
        if (at) out = *v;
        else t.error("hex", typed_value(*v) + " is not a hex number on the TANK! map (accepted: " + d.board.describe() + ", e.g. \"3704\")");
        return true;
    };
    const bool firer_given = hex_field(p.firer, placed.firer, s.firer_hex, s.firer_at);
    const bool target_given = hex_field(p.target, placed.target, s.target_hex, s.target_at);
    if (placed.facing && *placed.facing >= 0 && *placed.facing < int(d.board.side_names.size())) {
        s.facing_at = placed.facing;
        s.facing = d.board.side_names[std::size_t(*placed.facing)];
        p.facing_given = true;
    } else {
        s.facing = p.target.choice("facing", d.board.side_names).value_or("");
        if (!s.facing.empty()) s.facing_at = d.board.parse_side(s.facing);
        p.facing_given = p.target.has("facing");
    }
    s.firer_facing = p.firer.choice("facing", d.board.side_names).value_or("");
    const bool both_hexes = !s.firer_hex.empty() && !s.target_hex.empty();
    if (firer_given != target_given && (!s.firer_hex.empty() || !s.target_hex.empty())) {
        const Section& given = s.firer_hex.empty() ? p.target : p.firer;
        given.error("hex", std::string("needs ") + (s.firer_hex.empty() ? "firer.hex" : "target.hex") +
                               " as well: the range and the aspect come from both hexes");
    }
    if (both_hexes && s.firer_hex == s.target_hex)
        p.target.error("hex", "the firer and the target are both in " + s.target_hex + "; range must be at least 1 (8.3)");
    // Only when neither hex is given: a hex that is given but wrong is reported on its own key.
    if (!firer_given && !target_given) {
        if (!s.facing.empty())
            p.target.error("facing", "the aspect follows from the facing only with firer.hex and target.hex; give both, or give target.aspect instead");
        if (!s.firer_facing.empty())
            p.firer.error("facing", "the field of fire follows from the facing only with firer.hex and target.hex; give both, or give line.in_field_of_fire instead");
    }
    p.hexes_given = firer_given && target_given;
    if (both_hexes && s.firer_hex != s.target_hex) p.pos = hex_position(d, s);
}

void parse_target(Parse& p) {
    const Data& d = p.d;
    Situation& s = p.s;
    p.target = p.root.table("target", true);
    p.target.only_keys({"unit", "aspect", "terrain", "wreck", "improved_position", "moving_mp", "behind", "hex", "facing"});
    if (p.target.present()) p.target_unit = unit_field(d, p.target, "unit", true);
    if (p.target_unit) s.target = *p.target_unit;
    p.tunit = p.target_unit ? d.find_unit(*p.target_unit) : nullptr;
    parse_hexes(p);
    // Given hexes and facing stand in for the aspect even when one of them is wrong: that one is
    // reported on its own key, not again as a missing aspect.
    const bool aspect_from_map = p.facing_given && p.hexes_given;
    if (auto a = p.target.choice("aspect", kAspects, p.target_vehicle() && s.firer != "infantry" && !aspect_from_map))
        s.aspect = enum_from<Aspect>(*a, kAspects);
    else
        s.aspect.reset();
    s.terrain = p.target.choice("terrain", kTargetTerrain).value_or("clear");
    s.wreck = p.target.boolean("wreck").value_or(false);
    if (s.wreck && s.terrain == "wreck")
        p.target.error("wreck", "target.terrain is already \"wreck\"; with wreck = true give target.terrain the ground under the wreck (clear, rough or woods)");
    s.improved_position = p.target.boolean("improved_position").value_or(false);
    if (p.target_unit) {
        // 8.71 counts the MP the target is plotted to expend: at most its Movement Allowance (9.32);
        // AT guns cannot move (9.34); infantry moves one hex (10.11).
        const Unit* tu = p.tunit;
        const int max_mp = !tu ? d.infantry_max_moving_mp : tu->movement;
        const std::string why = !tu ? " (infantry moves at most one hex a turn, 10.11)"
                                : tu->vehicle ? " (the " + tu->name + "'s Movement Allowance, 9.32)"
                                              : " (an AT gun cannot move, 9.34)";
        s.moving_mp = int(p.target.integer("moving_mp", false, 0, max_mp, "0.." + std::to_string(max_mp) + why).value_or(0));
    } else {
        s.moving_mp = int(p.target.integer("moving_mp", false, 0, 99).value_or(0));
    }
    s.behind = enum_from<Behind>(p.target.choice("behind", kBehind).value_or("none"), kBehind);
}

// With both hexes the map decides the range (8.3); a given range, aspect (8.7) or field of fire
// (7.21) must agree with it.
void check_against_map(Parse& p) {
    Situation& s = p.s;
    const HexPosition& pos = *p.pos;
    if (p.line.has("range") && s.range != pos.range)
        p.line.error("range", "is " + std::to_string(s.range) + " but " + s.firer_hex + " and " + s.target_hex + " are " +
                                  std::to_string(pos.range) + " hexes apart (8.3); leave range out or correct the hexes");
    s.range = pos.range;
    if (s.aspect && !pos.aspects.empty() && std::find(pos.aspects.begin(), pos.aspects.end(), *s.aspect) == pos.aspects.end())
        p.target.error("aspect", std::string("is \"") + to_string(*s.aspect) + "\" but from " + s.firer_hex +
                                     (pos.aspects.size() > 1
                                          ? std::string(" the firer lies on the boundary of the target's ") + to_string(pos.aspects.front()) +
                                                " and " + to_string(pos.aspects.back()) + " aspects"
                                          : std::string(" the firer lies in the target's ") + to_string(pos.aspects.front()) + " aspect") +
                                     " (facing " + s.facing + ", 8.7); leave aspect out or correct the facing");
    const Unit* fu = p.d.find_unit(s.firer);
    if (s.in_field_of_fire_given && !s.firer_facing.empty() && fu && !fu->turreted) {
        const auto fof = field_of_fire_at(p.d.choices, pos, *p.d.board.parse_side(s.firer_facing));
        if (fof != FieldOfFire::boundary && (fof == FieldOfFire::in) != s.in_field_of_fire)
            p.line.error("in_field_of_fire", std::string("is ") + (s.in_field_of_fire ? "true" : "false") + " but facing " + s.firer_facing +
                                                 " from " + s.firer_hex + " puts the target " + (fof == FieldOfFire::in ? "inside" : "outside") +
                                                 " the " + fu->name + "'s field of fire (7.21); leave it out or correct firer.facing");
    }
}

// An obstacle given by its map hex must be one the traced line meets (10.2): a hexside the line does
// not cross cannot block it, nor a hex it does not enter. Its `touches` then follows from the map.
void check_obstacle_on_map(Parse& p, const Section& o, Obstacle& ob) {
    const ObstacleMeet m = locate_obstacle(p.d, *p.pos, ob);
    const std::string what = ob.at == At::hex ? "hex " : "hexside ";
    if (m.where == OnLine::bad) {
        o.error("hex", typed_value(ob.hex) + " is not a " + (ob.at == At::hex ? "hex number (e.g. \"3704\")" : "hexside (a hex number, a slash and a side name, e.g. \"3704/B\")") +
                           " on the TANK! map");
        return;
    }
    if (m.where == OnLine::off || m.where == OnLine::beside) {
        const std::string hint = m.where == OnLine::off ? "" :
                                 ob.at == At::hex ? " (the line runs along a side of it: use at = \"along-hexside\" with that hexside, 10.24)"
                                 : ob.at == At::hexside ? " (the line runs along it: use at = \"along-hexside\", 10.23)" : " (the line crosses it: use at = \"hexside\")";
        o.error("hex", "the " + what + ob.hex + " is not " + (ob.at == At::along_hexside ? "run along" : ob.at == At::hex ? "entered" : "crossed") +
                           " by the line, so it cannot block it (10.2): " + trace_summary(p.d, *p.pos) + hint);
        return;
    }
    if (o.has("touches") && ob.touches != m.touches)
        o.error("touches", std::string("is \"") + to_string(ob.touches) + "\" but on the map the " + what + ob.hex + " is " +
                               (m.touches == Touches::none ? std::string(ob.at == At::hex ? "neither unit's hex" : "a side of neither unit's hex")
                                : m.touches == Touches::both ? std::string("a side of both units' hexes")
                                : std::string(ob.at == At::hex ? "the " : "a side of the ") + to_string(m.touches) + "'s hex") +
                               " (10.22); leave touches out or correct the hex");
    ob.touches = m.touches;
}

// Without its map hex, an obstacle must still be of a kind the traced line can meet (10.2).
void check_obstacle_kind_on_map(Parse& p, const Section& o, const Obstacle& ob) {
    const hex::Trace tr = hex::trace_line(p.pos->firer, p.pos->target);
    bool between_hex = false, between_side = false;
    for (const auto& h : tr.hexes)
        between_hex |= h.hex != p.pos->firer && h.hex != p.pos->target && (h.contact == hex::Contact::crosses || h.contact == hex::Contact::vertex);
    for (const auto& sd : tr.sides) {
        const hex::Cube n = hex::neighbour(sd.hex, sd.side);
        const bool of_unit = sd.hex == p.pos->firer || sd.hex == p.pos->target || n == p.pos->firer || n == p.pos->target;
        between_side |= sd.kind == hex::SideMeet::crossed && !of_unit;
    }
    between_side |= !tr.vertices.empty() && !tr.hexspine;  // a corner's hexsides: a referee's call, see check_los
    std::string problem;
    if (ob.at == At::along_hexside && !tr.hexspine) problem = "runs along no hexside";
    else if (ob.at == At::hexside && ob.touches == Touches::none && !between_side) problem = "crosses no hexside that is a side of neither unit's hex";
    else if (ob.at == At::hex && ob.touches == Touches::none && !between_hex) problem = "enters no hex between the two units";
    if (!problem.empty())
        o.error("at", "the line " + problem + " (" + trace_summary(p.d, *p.pos) + "), so this obstacle cannot lie on it (10.2); correct it or give its hex");
}

Obstacle parse_obstacle(Parse& p, const Section& o, bool& ok) {
    const Situation& s = p.s;
    o.only_keys({"terrain", "at", "touches", "hex", "wreck"});
    Obstacle ob;
    auto terr = o.choice("terrain", kObstacleTerrain, true);
    ok = bool(terr);
    if (!terr) return ob;
    ob.terrain = *terr;
    const bool side_feature = is_hexside_terrain(ob.terrain);
    // `at` may be left out: a woods/rough/wreck feature is a hex, a berm/slope a hexside (10.12).
    auto at = o.choice("at", kAt);
    ob.at = at ? enum_from<At>(*at, kAt) : (side_feature ? At::hexside : At::hex);
    if (ob.at == At::hexside && !side_feature)
        o.error("at", ob.terrain + " is a hex feature and has no hexsides of its own (10.12); use at = \"hex\", or \"along-hexside\" for a line running along the side of such a hex (10.24)");
    if (ob.at == At::hex && side_feature)
        o.error("at", ob.terrain + " is a hexside feature (10.12); use at = \"hexside\" or \"along-hexside\"");
    ob.wreck = o.boolean("wreck").value_or(false);
    if (ob.wreck && (ob.at != At::hex || ob.terrain == "wreck"))
        o.error("wreck", "a wreck lies in a hex (8.62): wreck = true goes with a woods or rough hex obstacle (terrain = \"wreck\" alone for a wreck in clear terrain)");
    ob.touches = enum_from<Touches>(o.choice("touches", kTouches).value_or("none"), kTouches);
    ob.hex = o.str("hex").value_or("");
    if (!ob.hex.empty() && !p.pos)
        o.error("hex", "an obstacle's map hex needs firer.hex and target.hex: the line is traced between them (10.2)");
    if (ob.touches == Touches::both && ob.at == At::hex)
        o.error("touches", "the firer and the target cannot be in the same hex (range >= 1)");
    if (ob.touches == Touches::both && ob.at != At::hex && s.range != 1)
        o.error("touches", "a hexside is a side of both units' hexes only when they are adjacent (range 1), but line.range is " + std::to_string(s.range));
    if (s.range == 1) {
        // Adjacent units (10.22): the line crosses only the hexside their hexes share, so that
        // hexside is a side of both hexes whatever `touches` says (left out, it defaults to none);
        // the line runs along no hexside. (No hex lies between them either: see check_los.)
        if (ob.at == At::hexside) ob.touches = Touches::both;
        else if (ob.at == At::along_hexside)
            o.error("at", "at range 1 the line crosses the one hexside the two hexes share and runs along none; use at = \"hexside\"");
    }
    if (p.pos && !ob.hex.empty()) check_obstacle_on_map(p, o, ob);
    else if (p.pos && s.range > 1) check_obstacle_kind_on_map(p, o, ob);
    return ob;
}

// An obstacle hex touching the target is the target's hex (10.22B): with target.terrain left out,
// its terrain (and a wreck lying there, 8.62) is taken from there. Two different grounds: the
// referee must say which counts. A given target.terrain stands, but a wreck such an obstacle puts
// there lies on it (8.62: a wreck is a feature added to the hex, not its ground; issue 22 item 4),
// and a given "wreck" (on unknown ground) takes the ground a woods or rough obstacle names. A given
// target.wreck stands too. check_los notes every obstacle that disagrees with what is used.
void target_hex_from_obstacle(Parse& p, const Section& o, const Obstacle& ob, std::optional<std::string>& ground) {
    Situation& s = p.s;
    if (ob.at != At::hex || ob.touches != Touches::target) return;
    const bool wreck_given = p.target.has("wreck");
    if (p.target.has("terrain")) {
        if ((ob.wreck || ob.terrain == "wreck") && !wreck_given && s.terrain != "wreck") s.wreck = true;
        if (ob.terrain == "wreck" || ob.terrain == s.terrain) return;
        if (ground && *ground != ob.terrain) {
            o.error("terrain", "puts the target in a " + ob.terrain + " hex, but another obstacle puts it in a " + *ground +
                                   " hex: give target.terrain the terrain that counts for the target's hex (10.22B, 10.6)");
            return;
        }
        if (s.terrain == "wreck" || ground) {  // the given wreck lies on this ground
            ground = ob.terrain;
            s.terrain = ob.terrain;
            s.wreck = true;
        }
        return;
    }
    if (ob.wreck && !wreck_given) s.wreck = true;
    if (ob.terrain == "wreck") {  // a wreck hex: on the ground another obstacle names, else ground unknown
        if (ground) s.wreck = s.wreck || !wreck_given;
        else if (!s.wreck) s.terrain = "wreck";  // a stated target.wreck already lies on the (clear) ground
        return;
    }
    if (ground && *ground != ob.terrain) {
        o.error("terrain", "puts the target in a " + ob.terrain + " hex, but another obstacle puts it in a " + *ground +
                               " hex: give target.terrain the terrain that counts for the target's hex (10.22B, 10.6)");
        return;
    }
    if (s.terrain == "wreck" && !wreck_given) s.wreck = true;  // a wreck obstacle came first: it lies on this ground
    ground = ob.terrain;
    s.terrain = ob.terrain;
}

void parse_line(Parse& p) {
    Situation& s = p.s;
    p.line = p.root.table("line", !p.hexes_given);
    p.line.only_keys({"range", "in_field_of_fire", "friendly_in_line", "obstacles"});
    s.range = int(p.line.integer("range", !p.hexes_given, 1, 999).value_or(1));
    const auto fof = p.line.boolean("in_field_of_fire");
    s.in_field_of_fire = fof.value_or(true);
    s.in_field_of_fire_given = fof.has_value();
    if (p.pos) check_against_map(p);
    s.friendly_in_line = enum_from<Friendly>(p.line.choice("friendly_in_line", kFriendly).value_or("none"), kFriendly);
    std::optional<std::string> ground;  // target.terrain left out and taken from an obstacle hex
    for (const Section& o : p.line.tables("obstacles")) {
        bool ok = false;
        Obstacle ob = parse_obstacle(p, o, ok);
        if (!ok) continue;
        target_hex_from_obstacle(p, o, ob, ground);
        s.obstacles.push_back(ob);
    }
}

// [[extra_firer]]: combined HE (8.22) against soft targets, led by an HE-firing [firer] (8.3).
void parse_extra_firers(Parse& p) {
    const Data& d = p.d;
    Situation& s = p.s;
    const bool firer_infantry = s.firer == "infantry";
    const Unit* funit = firer_infantry ? nullptr : d.find_unit(s.firer);
    bool lead_told = false;
    for (const Section& e : p.root.tables("extra_firer")) {
        e.only_keys({"unit", "range", "line_of_sight", "in_field_of_fire"});
        ExtraFirer x;
        auto u = unit_field(d, e, "unit", false);
        x.range = int(e.integer("range", true, 1, 999).value_or(1));
        x.line_of_sight = e.boolean("line_of_sight").value_or(true);
        x.in_field_of_fire = e.boolean("in_field_of_fire").value_or(true);
        if (!u) continue;
        x.unit = *u;
        if (p.target_unit && !p.target_soft())
            e.error("", "extra firers combine HE against soft targets only (8.22); against an AFV each firer's AP fire is resolved separately");
        else if (firer_infantry)
            e.error("", "combined HE (8.22) needs an HE-firing [firer]; infantry fire uses the Infantry Fire Table (8.8)");
        else if (p.target_unit && funit && funit->he == 0 && !lead_told) {
            // The [firer]'s range, table and line lead combined HE (8.3); a unit with no HE does not
            // fire it (17.4), so letting it lead would rule a different fire from the one made.
            lead_told = true;
            e.error("", "combined HE (8.22) needs an HE-firing [firer], and the " + funit->name +
                            " has no HE (17.4): name one of the HE-firing units as [firer] and the others as [[extra_firer]]");
        }
        s.extra_firers.push_back(x);
    }
}

// ---- board = "FILE": what the hand-entered keys say, read from the map ----

// A board hex as the referee types it (10.22B/D, 8.62): its terrain, with wreck = true for a wreck
// lying in a woods or rough hex; a wreck on clear ground is a "wreck" hex.
Obstacle hex_obstacle(const board::Board& b, const hex::Cube& h, Touches touches) {
    const bool wreck = b.hex_feature(h) >= 0;  // TANK!'s one hex feature (board_vocabulary)
    const std::string& t = b.terrain(h);
    Obstacle o(wreck && t == "clear" ? std::string("wreck") : t, At::hex, touches);
    o.wreck = wreck && t != "clear";
    o.hex = b.name(h);
    return o;
}

// The obstacles the board puts on the line, as a referee would enter them with their map hexes:
// every non-clear hex entered (the units' own too), every featured hexside crossed, every hexside
// run along with its feature or a woods hex beside it (10.24), and at each corner the hex that only
// touches it and the three hexsides meeting there (the module rules those as a corner, 10.2).
std::vector<Obstacle> board_obstacles(const board::Board& b, const LineOfSight& los) {
    std::vector<Obstacle> out;
    auto touches = [&](const hex::Cube& x, const hex::Cube& y) {
        const bool f = x == los.firer || y == los.firer, t = x == los.target || y == los.target;
        return f && t ? Touches::both : f ? Touches::firer : t ? Touches::target : Touches::none;
    };
    auto feature = [&](const hex::Cube& h, int d) { return b.vocabulary.hexside_features[std::size_t(b.side(h, d)->feature)]; };
    for (const auto& it : los.items) {
        if (it.ignored && it.kind == LosItem::hexside) continue;  // 10.26: the referee leaves it out
        if (it.kind == LosItem::hex) {
            out.push_back(hex_obstacle(b, it.where, touches(it.where, it.where)));
        } else if (it.kind == LosItem::hexside) {
            Obstacle o(it.terrain, At::hexside, touches(it.where, hex::neighbour(it.where, it.side)));
            o.hex = b.side_name(it.where, it.side);
            out.push_back(o);
        } else {
            if (!it.terrain.empty() && !it.ignored) {
                Obstacle o(it.terrain, At::along_hexside, Touches::none);
                o.hex = b.side_name(it.where, it.side);
                out.push_back(o);
            }
            if (it.beside[0] == "woods" || it.beside[1] == "woods") {  // 10.24: a side of a woods hex
                Obstacle o("woods", At::along_hexside, Touches::none);
                o.hex = b.side_name(it.where, it.side);
                out.push_back(o);
            }
        }
    }
    for (const auto& c : los.corners) {
        const std::string& t = b.terrain(c.touched);
        if (!t.empty() && (t != "clear" || b.hex_feature(c.touched) >= 0)) out.push_back(hex_obstacle(b, c.touched, Touches::none));
        int k = 0;
        for (auto [x, y] : {std::pair{c.left, c.touched}, std::pair{c.touched, c.entered}, std::pair{c.left, c.entered}}) {
            const int d = *hex::direction_to(x, y);
            const bool ignored = c.side_ignored[k++];  // 10.26
            if (!b.side(x, d) || ignored) continue;
            Obstacle o(feature(x, d), At::hexside, touches(x, y));
            o.hex = b.side_name(x, d);
            out.push_back(o);
        }
    }
    for (const auto& e : los.side_ends) {  // met only at an end: ruled as a corner (10.2)
        Obstacle o(feature(e.where, e.side), At::hexside, Touches::none);
        o.hex = b.side_name(e.where, e.side);
        out.push_back(o);
    }
    return out;
}

std::string obstacle_text(const Obstacle& o) {
    return o.terrain + (o.wreck ? " with a wreck" : "") + " " + to_string(o.at) + (o.hex.empty() ? "" : " " + o.hex) + (o.touches == Touches::none ? "" : std::string(" touching ") + to_string(o.touches));
}

// The hand-entered obstacles must be the board's (ignoring map hexes a referee left out).
void check_typed_obstacles(Parse& p, const std::vector<Obstacle>& board_obs, const std::string& file) {
    std::vector<std::string> typed, derived;
    bool any_hex = false;
    for (const auto& o : p.s.obstacles) any_hex |= !o.hex.empty();
    for (const auto& o : p.s.obstacles) typed.push_back(obstacle_text(o));
    for (const auto& o : board_obs) {
        Obstacle x = o;
        if (!any_hex) x.hex.clear();
        derived.push_back(obstacle_text(x));
    }
    std::vector<std::string> a = typed, b = derived;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a == b) return;
    auto list = [](const std::vector<std::string>& v) {
        std::string out;
        for (const auto& x : v) out += (out.empty() ? "" : "; ") + x;
        return out.empty() ? std::string("nothing") : out;
    };
    p.line.error("obstacles", "are [" + list(typed) + "] but on the board " + file + " the line meets [" + list(derived) +
                                  "]; leave line.obstacles out to take them from the board");
}

// What the board says for one firer-target pair: the obstacles, the target's ground and whether
// the fire comes through a berm or slope side of its hex (10.5, 10.61); `why` says the latter.
struct BoardRead {
    LineOfSight los;
    std::vector<Obstacle> obstacles;
    std::string ground;
    bool wreck = false;  // a wreck lies in the target's hex (8.62; the board's [hex_features])
    Behind behind = Behind::none;  // berm: the side the fire comes through (it comes with its obstacle)
    std::string why;
};

BoardRead read_board(const Data& d, const board::Board& b, Mode mode, const hex::Cube& firer, const hex::Cube& target) {
    BoardRead r;
    r.los = line_of_sight(b, los_rules(d, b, mode), firer, target);
    r.obstacles = board_obstacles(b, r.los);
    r.ground = b.terrain(target);
    r.wreck = b.hex_feature(target) >= 0;
    // The side of the target's hex the fire comes through (10.61; a slope only from its unsloped
    // side, 10.5). A berm there is an obstacle touching the target (the module adds it); a slope
    // needs target.behind. Arriving exactly at a corner, each side is one reading: not derived.
    r.why = "the fire enters the target's hex through no berm or slope side";
    const auto& entry = r.los.target_entry_sides;
    if (entry.size() == 1) {
        const int side = entry.front();
        if (const board::SideFeature* f = b.side(target, side)) {
            const std::string name = b.vocabulary.hexside_features[std::size_t(f->feature)];
            if (name == "slope" && f->sloped == target) r.behind = Behind::slope, r.why = "the fire enters the target's hex through the slope " + b.side_name(target, side) + ", and the target is on its sloped side (10.5)";
            else if (name == "slope") r.why = "the fire enters the target's hex through the slope " + b.side_name(target, side) + " from its sloped side: no defense addition (10.5)";
            else if (name == "berm") r.behind = Behind::berm, r.why = "the fire enters the target's hex through the berm " + b.side_name(target, side) + " (10.61)";
        }
    } else if (entry.size() == 2) {
        r.why = "the fire arrives exactly at the corner of the target's hex between " + b.side_name(target, entry[0]) + " and " +
                b.side_name(target, entry[1]) + ": which side it comes through is the referee's (target.behind)";
    }
    return r;
}

// The explanation's board steps: what was read, each with its hex and rule.
void board_steps(Situation& s, const board::Board& b, const BoardRead& r, const std::string& shown) {
    s.board_steps.clear();
    s.board_steps.push_back({"10.2", "Read from the board " + shown + (b.sample ? " (sample terrain)" : "") + " in " + to_string(s.mode) +
                                         " mode: the target's hex " + s.target_hex + " is " + r.ground + (r.wreck ? " with a wreck (8.62)" : "") + "; " + r.why + "."});
    for (const auto& it : r.los.items) s.board_steps.push_back({it.rule, "Board: " + it.text + "."});
    for (const auto& c : r.los.corners)
        s.board_steps.push_back({"10.2", "Board: the line passes exactly through the corner of " + b.name(c.left) + ", " + b.name(c.touched) + " and " +
                                             b.name(c.entered) + " — " + c.through_text + "; " + c.past_text + "."});
}

// board = "FILE": the line's obstacles, the target's terrain and whether the fire comes through a
// berm or slope side of its hex are read from the map; hand-entered ones must agree (both values
// named). `held`: the board the window holds (maybe unsaved paint), used instead of the file.
void apply_board(Parse& p, const board::Board* held) {
    const Data& d = p.d;
    Situation& s = p.s;
    const auto file = p.root.str("board");
    if (!file) return;
    s.board = *file;
    if (!p.pos) {
        p.root.error("board", "a board needs firer.hex and target.hex (two different hexes): the line is traced between them (10.2)");
        return;
    }
    board::Board loaded;
    std::string shown;
    if (held) {
        shown = held->file;
    } else {
        const std::filesystem::path path = board::find_board(*file, p.root.sink().dir(), d.boards_dir);
        shown = path.lexically_normal().string();
        try {
            loaded = board::load_board(path, shown, board_vocabulary(d));
        } catch (const InputError& e) {
            // The board's problems keep their own file's name (Sink::absorb would re-file them under
            // the situation's), after the situation's problems so far and the located board key.
            p.root.error("board", typed_value(*file) + ": the board file has the problems reported for " + shown);
            std::vector<Diagnostic> all = p.root.sink().diagnostics();
            all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
            throw InputError(all);
        }
    }
    const board::Board& b = held ? *held : loaded;
    if (b.numbering.describe() != d.board.describe() || b.numbering.side_names != d.board.side_names) {
        p.root.error("board", "numbers its hexes " + b.numbering.describe() + " but the situation's hexes are read as " + d.board.describe() + " (rules-data [board])");
        return;
    }
    for (auto [t, name, at] : {std::tuple{&p.firer, &s.firer_hex, &s.firer_at}, std::tuple{&p.target, &s.target_hex, &s.target_at}})
        if (!b.contains(**at))
            t->error("hex", typed_value(*name) + " is off the board " + s.board + " (columns 1-" + std::to_string(b.columns) + ", rows 1-" + std::to_string(b.rows) + ")");
    if (!p.root.sink().ok()) return;
    const BoardRead r = read_board(d, b, s.mode, p.pos->firer, p.pos->target);

    // The obstacles.
    if (p.line.has("obstacles")) check_typed_obstacles(p, r.obstacles, s.board);
    s.obstacles = r.obstacles;

    // The target's hex (10.22B, 10.6) and a wreck lying there (8.62). A typed "wreck" (on ground
    // unknown) agrees with any board hex holding a wreck: the board gives the ground under it.
    const std::string board_hex = r.ground + (r.wreck ? " with a wreck" : "");
    const bool typed_wreck = p.target.has("terrain") && s.terrain == "wreck";
    if (p.target.has("terrain") && s.terrain != r.ground && !(typed_wreck && r.wreck))
        p.target.error("terrain", "is \"" + s.terrain + "\" but on the board " + s.board + " the target's hex " + s.target_hex + " is " + board_hex + " (10.6)");
    if (p.target.has("wreck") && s.wreck != r.wreck)
        p.target.error("wreck", std::string("is ") + (s.wreck ? "true" : "false") + " but on the board " + s.board + " the target's hex " + s.target_hex + " is " + board_hex + " (8.62)");
    if (!p.target.has("terrain") || typed_wreck) s.terrain = r.ground;
    if (!p.target.has("wreck")) s.wreck = r.wreck;

    // Behind: a berm comes with its obstacle; a slope is derived only with one entry side.
    const Behind derived = r.behind == Behind::slope ? Behind::slope : Behind::none;
    if (p.target.has("behind") && s.behind != derived && !(s.behind == Behind::berm && r.behind == Behind::berm) && r.los.target_entry_sides.size() == 1)
        p.target.error("behind", std::string("is \"") + to_string(s.behind) + "\" but on the board " + s.board + " " + r.why);
    if (!p.target.has("behind") && s.extra_firers.empty()) s.behind = derived;
    s.behind_from_referee = p.target.has("behind") && (r.los.target_entry_sides.size() != 1 || !s.extra_firers.empty());
    board_steps(s, b, r, s.board);
    if (!p.root.sink().print_only()) s.board_marks = std::make_shared<const view::BoardMarks>(board_marks(b, r.los));
}

}  // namespace

Situation parse_situation(const Data& d, const Section& root, const board::Board* held, const view::Placement* place) {
    Parse p(d, root, place);
    root.only_keys(common_situation_keys({"terrain_mode", "firer", "target", "line", "extra_firer", "board"}));
    p.s.title = root.str("title").value_or("");
    if (auto m = root.choice("terrain_mode", kModes, true)) p.s.mode = *mode_named(*m);
    parse_firer(p);
    parse_target(p);
    parse_line(p);
    parse_extra_firers(p);
    apply_board(p, held);
    return p.s;
}

Situation moved_target(const Data& d, Situation s, const board::Board& b, const hex::Cube& target) {
    s.target_hex = b.name(target);
    s.target_at = target;
    s.board_marks.reset();  // they were the line to the target's own hex
    const auto firer = s.firer_at;
    if (!firer || *firer == target) return s;
    const BoardRead r = read_board(d, b, s.mode, *firer, target);
    s.obstacles = r.obstacles;
    s.terrain = r.ground;
    s.wreck = r.wreck;
    if (s.extra_firers.empty()) s.behind = r.behind == Behind::slope ? Behind::slope : Behind::none;
    board_steps(s, b, r, s.board);  // named as the situation names it, on every machine
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t = situation_table(kAbout.id, s.title);
    t.insert("terrain_mode", to_string(s.mode));
    if (!s.board.empty()) t.insert("board", s.board);
    toml::table f;
    f.insert("unit", s.firer);
    f.insert("panic_level", s.panic_level);
    f.insert("preservation", s.preservation);
    if (!s.firer_hex.empty()) f.insert("hex", s.firer_hex);
    if (!s.firer_facing.empty()) f.insert("facing", s.firer_facing);
    t.insert("firer", std::move(f));
    toml::table g;
    g.insert("unit", s.target);
    if (s.aspect) g.insert("aspect", to_string(*s.aspect));
    // With a board, the board says the target's terrain, behind and the obstacles (apply_board):
    // written out they would disagree with the board as soon as a unit moves. A `behind` the board
    // cannot say (fire arriving at a corner of the target's hex) is the referee's and is kept.
    const bool on_board = !s.board.empty();
    if (!on_board) g.insert("terrain", s.terrain);
    if (s.wreck && !on_board) g.insert("wreck", true);
    g.insert("improved_position", s.improved_position);
    g.insert("moving_mp", s.moving_mp);
    if (!on_board || s.behind_from_referee) g.insert("behind", to_string(s.behind));
    if (!s.target_hex.empty()) g.insert("hex", s.target_hex);
    if (!s.facing.empty()) g.insert("facing", s.facing);
    t.insert("target", std::move(g));
    toml::table l;
    l.insert("range", s.range);
    // With firer.facing the map decides the field of fire; only a stated one is written back.
    if (s.firer_facing.empty() || s.in_field_of_fire_given) l.insert("in_field_of_fire", s.in_field_of_fire);
    l.insert("friendly_in_line", to_string(s.friendly_in_line));
    toml::array obs;
    for (const auto& o : s.obstacles) {
        toml::table ot;
        ot.insert("terrain", o.terrain);
        ot.insert("at", to_string(o.at));
        ot.insert("touches", to_string(o.touches));
        if (!o.hex.empty()) ot.insert("hex", o.hex);
        if (o.wreck) ot.insert("wreck", true);
        obs.push_back(std::move(ot));
    }
    if (!on_board) l.insert("obstacles", std::move(obs));
    t.insert("line", std::move(l));
    if (!s.extra_firers.empty()) {
        toml::array ex;
        for (const auto& e : s.extra_firers) {
            toml::table et;
            et.insert("unit", e.unit);
            et.insert("range", e.range);
            if (!e.line_of_sight) et.insert("line_of_sight", false);
            if (!e.in_field_of_fire) et.insert("in_field_of_fire", false);
            ex.push_back(std::move(et));
        }
        t.insert("extra_firer", std::move(ex));
    }
    return t;
}

// =====================================================================================
// 4. rule(): the fire procedure
// =====================================================================================

namespace {

// What the line of sight check found (10.2).
struct LosResult {
    bool clear = true;
    std::string blocker;  // first obstacle that blocks, for the verdict line
};

// Adjacent units (range 1): the only hexside the line crosses is the one their hexes share, a side
// of both whatever `touches` says (10.22A). The parser already says so; the window may not.
std::vector<Obstacle> adjacent_sides_shared(const Situation& s) {
    std::vector<Obstacle> obs = s.obstacles;
    if (s.range == 1)
        for (auto& o : obs)
            if (o.at == At::hexside) o.touches = Touches::both;
    return obs;
}

// Which combat results table a fire-control system uses at a panic level (8.9).
const Crt* table_for(const Data& d, const std::string& fire_control, int panic) {
    for (const auto& c : d.crts)
        if (std::find(c.fire_control.begin(), c.fire_control.end(), fire_control) != c.fire_control.end() &&
            panic >= c.panic_min && panic <= c.panic_max) return &c;
    return nullptr;
}

int table_capability(const Crt& c) {
    int n = 0;
    for (const auto& row : c.rows)
        for (const auto& cell : row.cells) n += cell.size();
    return n;
}

struct FirerStrength {
    std::string unit;
    int range = 0;
    int base = 0;
    int final = 0;
    std::string breakdown;
};

// 8.31 range halving and 15.11 preservation halving for one firer; `abs_range` is the table's.
FirerStrength strength_of(const Data& d, const Unit& u, int range, bool he, bool preservation, int abs_range,
                          Ruling& r, bool primary) {
    FirerStrength f;
    f.unit = u.name;
    f.range = range;
    f.base = he ? u.he : u.ap;
    const char* kind = he ? "HE" : "AP";
    f.final = f.base;
    f.breakdown = cat({u.name, " ", kind, " ", f.base});
    const bool beyond_effective = range > u.effective_range;
    const bool both = beyond_effective && preservation;
    const bool once_only = both && d.choices.double_halving == "once";
    if (beyond_effective) {
        const int before = f.final;
        f.final = halve_up(f.final);
        append(f.breakdown, {", halved for range ", range, " > effective ", u.effective_range, " -> ", f.final});
        r.step("8.31", cat({"The ", u.name, " fires at range ", range, ", beyond its effective range of ", u.effective_range,
                            range <= abs_range ? " but within the table's absolute range" : "", ": its ", kind, " strength ", before,
                            " is halved to ", f.final, " (fractions rounded up)."}));
    } else if (primary || range > 0) {
        r.step("8.31", cat({"Range ", range, " is within the ", u.name, "'s effective range of ", u.effective_range, ": no range halving."}));
    }
    if (preservation) {
        if (once_only) {
            r.call("15.11", "the " + u.name + " is beyond its effective range and its force has reached Preservation; the rules "
                            "do not say whether the two halvings compound. Umpire's rules-data choice (double_halving = \"once\") "
                            "halves only once.");
            f.breakdown += ", preservation (not halved again)";
        } else {
            const int before = f.final;
            f.final = halve_up(f.final);
            append(f.breakdown, {", halved for preservation -> ", f.final});
            r.step("15.11", cat({"The firing force reached its Preservation Level on an earlier turn: ", kind, " strength ", before,
                                 " is halved to ", f.final, " (fractions rounded up)."}));

            if (both)
                r.call("15.11", "range halving (8.31) and preservation halving (15.11) both apply to the " + u.name +
                                "; the rules do not say whether they compound. Umpire halves twice, rounding up each time "
                                "(rules-data choice double_halving = \"twice\").");
        }
    }
    return f;
}

double kill_probability(const std::vector<int>& kills, int modifier, int sides) {
    int n = 0;
    for (int roll = 1; roll <= sides; ++roll)
        if (std::find(kills.begin(), kills.end(), roll + modifier) != kills.end()) ++n;
    return double(n) / sides;
}

// Three significant digits, as printf's %.3g writes them ("50%", "33.3%", "2.78%"): std::to_chars
// is that format without a stream's locale and allocations (a ruling says it three times).
std::string percent(double p) {
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf - 1, p * 100, std::chars_format::general, 3).ptr;
    *end = '%';
    return std::string(buf, end + 1);
}

json::Value ints_json(const std::vector<int>& v) {
    json::Array a;
    a.reserve(v.size());
    for (int x : v) a.emplace_back(x);
    return json::Value(std::move(a));
}


// Another reading of a point the text leaves open: the situation and choices that rule it.
struct Reading {
    std::string rule, text;
    Situation s;
    Choices ch;
};

// One fire question being ruled: the situation, the units, and what each rule step found.
// The steps below fill it in the order the ruling explains them.
struct Fire {
    const Data& d;
    Situation s;
    const Choices& ch;  // d.choices, or another reading's (the caller keeps it alive while the Fire is used)
    Ruling r;
    std::optional<HexPosition> pos;
    std::vector<Reading> others;  // other readings of open points, ruled after this one
    json::Array left_out;         // extra firers that may not fire (8.22), for the JSON
    const Unit* fu = nullptr;  // nullptr: infantry
    const Unit* tu = nullptr;
    bool firer_inf = false, target_soft = false;
    std::string firer_name, target_name;
    std::vector<std::string> forbidden;  // every reason fire is not permitted
    std::optional<Aspect> aspect;
    json::Object position;
    LosResult los;
    std::string attack_type;
    std::optional<int> attack, defense, differential, column;
    std::vector<int> kills;
    int modifier = 0;
    std::string table_id;
    const Crt* table = nullptr;
    int range_used = 0;
    std::string odds_text;   // the kill probability for a person ("2.78%"), said three times
    std::string kills_said;  // the kill numbers for a person ("1-3", "•"), said three or four times


    Fire(const Data& data, const Situation& given, const Choices& choices) : d(data), s(given), ch(choices) {}
    const std::map<std::string, TerrainEffect>& eff() const { return d.terrain.at(s.mode); }
};

// 10.2 with the map: an obstructing obstacle, part of neither unit's hex, that the line meets only
// at a corner. 10.22C/D speak of a line passing through a hexside or hex, 10.23/10.24 of one running
// along a hexside; none of a single point. Rules-data choice line_through_corner, the other reading
// computed. Returns whether it blocks.
bool corner_blocks(Fire& f, const Obstacle& o, const std::string& what) {
    const bool blocks = f.ch.line_through_corner == "blocks";
    f.r.step("10.2", what + ": the line meets " + o.hex + " only at a corner; Umpire rules that it " +
                         (blocks ? "blocks the line." : "does not block the line."));
    const bool first = std::none_of(f.others.begin(), f.others.end(), [](const Reading& x) { return x.rule == "10.2"; });
    if (first) {
        f.r.call("10.2", "the line passes exactly through a corner of an obstructing " + std::string(o.at == At::hex ? "hex" : "hexside") + " (" + o.hex +
                             ") that is part of neither unit's hex; 10.22-10.24 speak only of hexes and hexsides the line passes through or runs along. Umpire rules it " +
                             (blocks ? "blocking" : "not blocking") + " (rules-data choice line_through_corner).");
        Choices other = f.ch;
        other.line_through_corner = blocks ? "clear" : "blocks";
        f.others.push_back({"10.2", blocks ? "a line through a corner is not blocked there" : "a line through a corner is blocked there", f.s, other});
    }
    return blocks;
}

// 10.22A-D for one obstructing hex or hexside on the line, not run along. Returns whether it blocks.
bool obstacle_blocks(Fire& f, const Obstacle& o, const std::string& what) {
    const Situation& s = f.s;
    if (o.touches == Touches::none && f.pos && locate_obstacle(f.d, *f.pos, o).where == OnLine::corner) return corner_blocks(f, o, what);
    if (o.at == At::hexside) {
        if (o.touches == Touches::none) {
            f.r.step("10.22C", cat({what, ": it is a side of neither unit's hex, so it blocks the line."}));
            return true;
        }
        f.r.step("10.22A", cat({what, ": it is a side of the ", o.touches == Touches::both ? "firer's and the target's hexes" : to_string(o.touches),
                                o.touches == Touches::both ? "" : "'s hex", ", so it does not block."}));
        return false;
    }
    if (o.touches == Touches::none && s.range == 1) {
        f.r.step("10.22B", cat({what, ": at range 1 no hex lies between the units, so this is the firer's or the target's hex: it does not block."}));
        return false;
    }
    if (o.touches == Touches::none) {
        f.r.step("10.22D", cat({what, ": neither unit is in that hex, so it blocks the line."}));
        return true;
    }
    f.r.step("10.22B", cat({what, ": the ", to_string(o.touches), " is in that hex, so it does not block."}));
    return false;
}

// An obstacle hex touching the target is the target's hex (10.22B). What it says that the target's
// terrain and wreck used do not (a given target.terrain or target.wreck stands, see
// target_hex_from_obstacle) is noted: the defense and spotting follow the target's keys.
void note_target_hex(Fire& f, const Obstacle& o, const std::string& what) {
    const Situation& s = f.s;
    if (o.at != At::hex || o.touches != Touches::target) return;
    const bool says_wreck = o.wreck || o.terrain == "wreck";
    const bool has_wreck = s.wreck || s.terrain == "wreck";
    if (o.terrain != "wreck" && o.terrain != s.terrain)
        f.r.step("10.6", cat({what, ": it puts the target in a ", o.terrain, " hex, but target.terrain says ", s.terrain,
                              "; the target's defense and spotting follow target.terrain."}));
    if (says_wreck && !has_wreck)
        f.r.step("8.62", cat({what, ": it puts a wreck in the target's hex, but target.wreck says there is none; the target's defense and spotting follow target.wreck."}));
}

LosResult check_los(Fire& f) {
    const Situation& s = f.s;
    LosResult res;
    const auto& eff = f.eff();
    const char* mode = to_string(s.mode);
    bool touches_firer = false, touches_target = false;
    int n = 0;
    for (const auto& o : adjacent_sides_shared(s)) {
        ++n;
        const TerrainEffect& e = eff.at(o.terrain);
        const std::string what = cat({"Obstacle ", n, " (", o.terrain, o.wreck ? " with a wreck" : "", " ", to_string(o.at),
                                      o.touches == Touches::none ? "" : ", touching ", o.touches == Touches::none ? "" : to_string(o.touches), ")"});
        note_target_hex(f, o, what);
        if (!e.obstructs) {
            if (!e.as_clear_note.empty())
                f.r.step("10.61", cat({what, ": ", e.as_clear_note, ", so it does not obstruct", o.wreck ? " (a wreck does not obstruct either, 10.6)." : "."}));
            else
                f.r.step("10.6", cat({what, ": the Terrain Effects Chart does not mark ", o.terrain, o.wreck ? " or a wreck" : "", " as obstructing in ", mode, " mode."}));
            continue;
        }
        if (o.wreck) f.r.step("10.21", cat({what, ": the hex obstructs as ", o.terrain, "; the wreck in it changes nothing (10.6 marks only woods, berm and slope)."}));
        if (o.at == At::along_hexside) {
            if (o.terrain == "woods") f.r.step("10.24", cat({what, ": in ", mode, " mode a line running along a side of a woods hex is blocked."}));
            else f.r.step("10.23", cat({what, ": a line running along an obstructing hexside is blocked."}));
            if (res.clear) res = {false, o.terrain + " along the line"};
            continue;
        }
        if (o.at == At::hexside && o.touches != Touches::none) {
            touches_firer |= o.touches == Touches::firer || o.touches == Touches::both;
            touches_target |= o.touches == Touches::target || o.touches == Touches::both;
        }
        if (obstacle_blocks(f, o, what) && res.clear) res = {false, o.terrain + (o.at == At::hex ? " hex" : " hexside")};
    }
    if (res.clear && touches_firer && touches_target)
        f.r.step("10.25", "The line crosses obstructing hexsides next to both units and nothing else that obstructs, so it is not blocked.");
    if (s.obstacles.empty())
        f.r.step("10.2", "No obstructing terrain lies on the line: line of sight is clear.");
    else
        f.r.step("10.2", res.clear ? std::string("Line of sight is clear.") : cat({"Line of sight is blocked by the ", res.blocker, "."}));

    return res;
}

// 10.2 with the map's hex numbers: the hexes, hexsides and corners the line meets, listed for the
// referee and in `position` (Umpire holds no map, so it does not enter them itself).
void rule_path(Fire& f, const HexPosition& pos) {
    const auto& board = f.d.board;
    const hex::Trace tr = hex::trace_line(pos.firer, pos.target);
    json::Array hexes, crossed, along, corners;
    std::string hexes_text, crossed_text, along_text, corners_text;
    for (const auto& h : tr.hexes)
        if (h.contact == hex::Contact::crosses && h.hex != pos.firer && h.hex != pos.target) {
            std::string name = board.format(h.hex);
            add_listed(hexes_text, name);
            hexes.push_back(std::move(name));
        }
    for (const auto& sd : tr.sides) {
        const std::string hex_name = board.format(sd.hex);
        std::string name = cat({hex_name, "/", board.side_names[std::size_t(sd.side)]});
        if (sd.kind == hex::SideMeet::crossed) {
            add_listed(crossed_text, name);
            crossed.push_back(std::move(name));
        } else {
            add_listed(along_text, cat({name, " (between ", hex_name, " and ", board.format(hex::neighbour(sd.hex, sd.side)), ")"}));
            along.push_back(std::move(name));
        }
    }
    for (const auto& v : tr.vertices) {
        json::Array at;
        std::string text;
        for (const auto& h : v.hexes) {
            std::string name = board.format(h);
            add_listed(text, name);
            at.push_back(std::move(name));
        }
        corners.push_back(std::move(at));
        add_listed(corners_text, "[" + text + "]");
    }
    f.position.emplace_back("hexes", std::move(hexes));
    f.position.emplace_back("hexsides_crossed", std::move(crossed));
    f.position.emplace_back("hexsides_along", std::move(along));
    f.position.emplace_back("corners", std::move(corners));
    std::string path = "The line between the two hexes' centres passes through " + (hexes_text.empty() ? "no other hex" : hexes_text) +
                       " and crosses " + (crossed_text.empty() ? "no hexside" : "the hexsides " + crossed_text) + ".";
    if (!along_text.empty()) path += " It runs along " + along_text + ": an obstructing hexside there blocks (10.23; a woods hex's side, 10.24).";
    if (!corners_text.empty() && !tr.hexspine)
        path += " It passes exactly through the corner of " + corners_text +
                " (10.23/10.24 speak only of hexsides: an obstacle met only at a corner is a referee's call; give the obstacle's hex to have it ruled).";
    else if (!corners_text.empty())
        path += " It passes exactly through the corner of " + corners_text + ".";
    f.r.step("10.2", path + (f.s.board.empty() ? " Enter what lies there as the line's obstacles." : " The board says what lies there (below)."));
}

// 8.7 with target.facing: the aspect the firer lies in by the arcs in rules-data [choices]. On a
// boundary the ruling uses aspect_on_boundary and computes the other aspect as well.
std::optional<Aspect> rule_aspect_from_facing(Fire& f, const HexPosition& pos) {
    const Situation& s = f.s;
    const hex::Sector& sec = *pos.sector;
    const std::string angle = sec.on_ray ? "exactly " + std::to_string(sec.lo_degrees()) + "\xc2\xb0"
                                         : "between " + std::to_string(sec.lo_degrees()) + "\xc2\xb0 and " + std::to_string(sec.hi_degrees()) + "\xc2\xb0";
    f.position.emplace_back("facing", s.facing);
    f.position.emplace_back("angle_degrees", json::Array{sec.lo_degrees(), sec.hi_degrees()});
    json::Array asp;
    for (Aspect a : pos.aspects) asp.push_back(to_string(a));
    f.position.emplace_back("aspects", std::move(asp));
    const std::string arcs = "front " + std::to_string(f.ch.front_arc_degrees) + "\xc2\xb0, rear " + std::to_string(f.ch.rear_arc_degrees) +
                             "\xc2\xb0: Umpire's reading of the missing Defense Aspect diagram, rules-data [choices]";
    const std::string where = "The target faces hexside " + s.facing + "; seen from the target, the firer lies " + angle + " off that facing";
    if (f.target_soft) {
        f.r.step("7.31", where + ", but facing does not affect the defense of infantry and AT guns.");
        return s.aspect;
    }
    if (pos.aspects.size() == 1) {
        f.r.step("8.7", where + ": in its " + std::string(to_string(pos.aspects[0])) + " aspect (" + arcs + ").");
        return pos.aspects[0];
    }
    const Aspect a = pos.aspects[0], b = pos.aspects[1];
    const std::string pair = std::string(to_string(a)) + " and " + to_string(b);
    if (s.aspect) {
        f.r.step("8.7", where + ": exactly on the boundary between the " + pair + " aspects (" + arcs + "); target.aspect settles it as " +
                            to_string(*s.aspect) + ".");
        return s.aspect;
    }
    const Unit& tu = *f.tu;
    auto strength = [&](Aspect x) { return x == Aspect::front ? tu.front : x == Aspect::side ? tu.side : tu.rear; };
    const bool stronger = f.ch.aspect_on_boundary == "stronger";
    Aspect pick = a;  // ties: either aspect gives the same strength
    if (strength(a) != strength(b)) pick = (strength(b) > strength(a)) == stronger ? b : a;
    f.r.step("8.7", where + ": exactly on the boundary between the " + pair + " aspects (" + arcs + ").");
    f.r.call("8.7", "the firer lies exactly on the boundary between the target's " + pair + " aspects and the Defense Aspect diagram is missing; Umpire uses the " +
                        (stronger ? "stronger" : "weaker") + " one, " + to_string(pick) + " (" + std::to_string(strength(pick)) +
                        "; rules-data choice aspect_on_boundary). Set target.aspect to rule otherwise.");
    if (strength(a) == strength(b)) return pick;
    Situation other = s;
    other.aspect = pick == a ? b : a;
    f.others.push_back({"8.7", std::string("the ") + to_string(*other.aspect) + " aspect", other, f.ch});
    return pick;
}

// 7.21/7.22 with firer.facing: whether the target lies in an AT gun's or turretless vehicle's field
// of fire. The Field of Fire diagram (7.22) is missing; Umpire reads "the arc of the three front
// hexes" as field_of_fire_degrees centred on the facing (rules-data [choices]). A target exactly on
// the arc's edge is a referee's call: field_of_fire_on_boundary, the other reading computed.
void rule_field_of_fire_from_facing(Fire& f, const HexPosition& pos) {
    const Situation& s = f.s;
    if (!f.fu || f.fu->turreted) {
        f.r.step("7.23", "The " + f.firer_name + " faces hexside " + s.firer_facing + ", but a " +
                             (f.fu ? "turreted vehicle" : "infantry unit") + " fires all round: facing does not limit its field of fire.");
        return;
    }
    const hex::Sector sec = hex::sector_of(pos.target - pos.firer, *f.d.board.parse_side(s.firer_facing));
    const int half = f.ch.field_of_fire_degrees / 2;
    const bool on_edge = sec.on_ray && sec.lo_degrees() == half && half < 180;
    const bool inside = sec.on_ray ? sec.lo_degrees() < half || half >= 180 : sec.hi_degrees() <= half;
    const std::string angle = sec.on_ray ? "exactly " + std::to_string(sec.lo_degrees()) + "\xc2\xb0"
                                         : "between " + std::to_string(sec.lo_degrees()) + "\xc2\xb0 and " + std::to_string(sec.hi_degrees()) + "\xc2\xb0";
    const std::string where = "The " + f.firer_name + " faces hexside " + s.firer_facing + "; the target lies " + angle +
                              " off that facing (field of fire " + std::to_string(f.ch.field_of_fire_degrees) +
                              "\xc2\xb0: Umpire's reading of the missing Field of Fire diagram 7.22, rules-data [choices])";
    f.position.emplace_back("firer_facing", s.firer_facing);
    f.position.emplace_back("field_of_fire", on_edge ? "boundary" : inside ? "in" : "out");
    if (!on_edge) {
        f.s.in_field_of_fire = inside;
        f.r.step("7.21", where + ": " + (inside ? "inside it." : "outside it."));
        return;
    }
    if (s.in_field_of_fire_given) {
        f.r.step("7.21", where + ": exactly on its edge; line.in_field_of_fire settles it as " + (s.in_field_of_fire ? "inside." : "outside."));
        return;
    }
    const bool in = f.ch.field_of_fire_on_boundary == "in";
    f.s.in_field_of_fire = in;
    f.r.step("7.21", where + ": exactly on its edge.");
    f.r.call("7.21", "the target lies exactly on the edge of the " + f.firer_name + "'s field of fire and the Field of Fire diagram (7.22) is "
                     "missing; Umpire rules it " + (in ? "inside" : "outside") +
                     " (rules-data choice field_of_fire_on_boundary). Set line.in_field_of_fire to rule otherwise.");
    Situation other = f.s;
    other.in_field_of_fire = !in;
    other.in_field_of_fire_given = true;
    f.others.push_back({"7.21", in ? "the target outside the field of fire" : "the target inside the field of fire", other, f.ch});
}

// Positions from the map (firer.hex, target.hex, target.facing, firer.facing): the range counted
// (8.3), the line's path (10.2), the field of fire (7.21) and the aspect (8.7). Fills `position`
// (the JSON extension key of the same name).
void rule_position(Fire& f, const HexPosition& pos) {
    const Situation& s = f.s;
    f.position.emplace_back("firer_hex", s.firer_hex);
    f.position.emplace_back("target_hex", s.target_hex);
    f.position.emplace_back("range", pos.range);
    f.r.step("8.3", "From " + s.firer_hex + " to " + s.target_hex + " the fewest hexes counted are " + std::to_string(pos.range) +
                        ": range " + std::to_string(pos.range) + ".");
    rule_path(f, pos);
    if (!s.firer_facing.empty()) rule_field_of_fire_from_facing(f, pos);
    if (!s.facing.empty() && pos.sector) f.aspect = rule_aspect_from_facing(f, pos);
}

SpotValue spot_lookup(const Data& d, int range, bool vehicle, bool concealed) {
    for (const auto& row : d.spotting)
        if (range >= row.lo && (row.hi == 0 || range <= row.hi))
            return vehicle ? (concealed ? row.vehicle_concealed : row.vehicle_open) : (concealed ? row.soft_concealed : row.soft_open);
    return {};
}

json::Value spot_json(const SpotValue& v) {
    if (v.kind == SpotValue::automatic) return json::Value("automatic");
    if (v.kind == SpotValue::unspottable) return json::Value("unspottable");
    json::Array a;
    a.reserve(std::size_t(std::max(v.max, 0)));
    for (int i = 1; i <= v.max; ++i) a.emplace_back(i);
    return json::Value(std::move(a));
}

std::string spot_text(const SpotValue& v) {
    if (v.kind == SpotValue::automatic) return "automatic";
    if (v.kind == SpotValue::unspottable) return "unspottable";
    return v.max == 1 ? "1" : "1-" + std::to_string(v.max);
}

// 13.5 for a vehicle: open or moving; in a woods hex or behind an obstructing hexside. A wreck lying
// in a woods hex leaves it a woods hex; rough and wreck alone are rules-data choice vehicle_rough_wreck_spotting.
bool vehicle_concealed(Fire& f, bool behind_obstruction, std::string& why) {
    const Situation& s = f.s;
    const bool as_clear = !f.eff().at(s.terrain).as_clear_note.empty();
    const bool wreck_hex = s.terrain == "wreck" || s.wreck;
    if (s.moving_mp > 0) {
        why = "a vehicle plotted to move (13.3)";
        f.r.step("13.3", "A vehicle plotted to move is spotted automatically by any enemy unit with a line of sight to it.");
        return false;
    }
    if (s.terrain == "woods" && !as_clear) {
        why = s.wreck ? "a vehicle in a woods hex (a wreck there too)" : "a vehicle in a woods hex";
        return true;
    }
    if (behind_obstruction) {
        why = "a vehicle directly behind an obstructing hexside";
        return true;
    }
    if ((s.terrain == "rough" && !as_clear) || wreck_hex) {
        const bool concealed = f.ch.vehicle_rough_wreck_spotting == "concealed";
        const std::string kind = wreck_hex && s.terrain != "wreck" && s.terrain != "clear" && !as_clear ? s.terrain + " hex with a wreck"
                                 : wreck_hex ? "wreck hex" : "rough hex";
        const SpotValue a = spot_lookup(f.d, s.range, true, true), b = spot_lookup(f.d, s.range, true, false);
        if (a.kind != b.kind || a.max != b.max)
            f.r.call("13.5", cat({"13.5's vehicle columns name only woods hexes and obstructing hexsides; a vehicle in a ", kind,
                                  " is read as ", concealed ? "concealed (the woods column)" : "in open terrain",
                                  " (rules-data choice vehicle_rough_wreck_spotting)."}));
        why = cat({"a vehicle in a ", kind, ", read as ", concealed ? "concealed" : "open terrain"});
        return concealed;
    }
    why = "a vehicle in open terrain";
    return false;
}

// 13.5 for a soft target: an improved position, or a rough, woods or wreck hex, or behind an
// obstructing hexside, conceals it (a wreck lies in every mode: 10.6 "All modes").
bool soft_concealed(Fire& f, bool behind_obstruction, std::string& why) {
    const Situation& s = f.s;
    const bool as_clear = !f.eff().at(s.terrain).as_clear_note.empty();
    if (s.improved_position) { why = "a soft target in an improved position"; return true; }
    if ((s.terrain == "rough" || s.terrain == "woods" || s.terrain == "wreck") && !as_clear) {
        why = cat({"a soft target in a ", s.terrain, " hex", s.wreck ? " (a wreck there too)" : ""});
        return true;
    }
    if (s.wreck) { why = "a soft target in a wreck hex"; return true; }
    if (behind_obstruction) { why = "a soft target directly behind an obstructing hexside"; return true; }
    why = "a soft target in open terrain, not in an improved position";
    return false;
}

// 13.5: which spotting column the target falls in; 13.1 and 7.24: whether this unit may try.
void rule_spotting(Fire& f) {
    const Situation& s = f.s;
    const auto& eff = f.eff();
    const bool vehicle = f.tu && f.tu->vehicle;
    // "Directly behind an obstructing hexside": the target's own-hex hexside the fire comes through.
    bool behind_obstruction = (s.behind != Behind::none && eff.at(to_string(s.behind)).obstructs);
    for (const auto& o : adjacent_sides_shared(s))
        if (o.at == At::hexside && (o.touches == Touches::target || o.touches == Touches::both) && eff.at(o.terrain).obstructs)
            behind_obstruction = true;
    std::string why;
    const bool concealed = vehicle ? vehicle_concealed(f, behind_obstruction, why) : soft_concealed(f, behind_obstruction, why);
    const SpotValue v = spot_lookup(f.d, s.range, vehicle, concealed);
    const std::string spot = spot_text(v);
    f.r.step("13.5", cat({"Spotting at range ", s.range, ", ", why, ": ",
                          v.kind == SpotValue::automatic     ? "automatic."
                          : v.kind == SpotValue::unspottable ? "it cannot be spotted at this range."
                                                             : "a roll of ",
                          v.kind == SpotValue::roll ? spot : "", v.kind == SpotValue::roll ? " spots it." : ""}));
    // 13.0/13.1: spotting needs an unobstructed line of sight (13.3: automatic only for a unit that can
    // see the target). The numbers stay, like the kill numbers, but the ruling says this unit cannot try.
    if (!f.los.clear) {
        why += "; no attempt: the line is blocked (13.1)";
        f.r.step("13.1", "The line of sight is blocked, so this unit cannot attempt to spot the target: the spotting "
                         "numbers above are what 13.5 would give with a clear line.");
    }
    // 7.24: a unit's field of sighting is its field of fire, so an AT gun or turretless vehicle
    // cannot spot a target outside its front arc either.
    if (f.fu && !f.fu->turreted && !f.s.in_field_of_fire) {
        why += "; no attempt: outside the field of sighting (7.24)";
        f.r.step("7.24", "The " + f.firer_name + "'s field of sighting is its field of fire, and the target is outside it: this unit "
                         "cannot attempt to spot the target either.");
    }
    f.r.set("spot_numbers", spot_json(v));
    f.r.figures.push_back({"Spotting", spot, "13.5", std::move(why), "spotting"});  // stays last: rule_one() adds its figures before this

}

// 8.1 (and 8.8): the kind of fire, from the firer and the target.
void rule_fire_type(Fire& f) {
    if (f.firer_inf) {
        f.attack_type = "infantry";
        f.r.step("8.8", "Infantry fires with its close-range anti-tank weapons on the Infantry Fire Table 8.81, not with attack strength points.");
    } else if (f.target_soft) {
        f.attack_type = "HE";
        f.r.step("8.1", cat({"The ", f.target_name, " is a soft target (infantry or AT gun), so the ", f.firer_name, " fires HE."}));
    } else {
        f.attack_type = "AP";
        f.r.step("8.1", cat({"The ", f.target_name, " is an armored vehicle, so the ", f.firer_name, " fires AP."}));
    }
}

// 7.21/7.23: only AT guns and turretless vehicles are limited to their front arc.
void rule_field_of_fire(Fire& f) {
    const Unit* fu = f.fu;
    if (fu && !fu->turreted) {
        const std::string kind = fu->vehicle ? " is turretless" : " is an AT gun";
        if (!f.s.in_field_of_fire) {
            f.r.step("7.21", "The " + f.firer_name + kind + ": it may fire only into the three-hex front arc it faces, and the target is outside it.");
            f.forbidden.push_back("target outside the " + f.firer_name + "'s field of fire (7.21)");
        } else {
            f.r.step("7.21", "The " + f.firer_name + kind + " and the target lies in its front field of fire.");
        }
    } else if (!f.s.in_field_of_fire) {
        f.r.step("7.23", std::string("The ") + (fu ? f.firer_name + " is turreted" : "infantry has a 360-degree field of fire") +
                             ", so facing does not limit its field of fire (in_field_of_fire = false does not matter).");
    }
}

// 8.41: a friendly unit on the line masks the fire, except friendly infantry under an AT gun's AP.
void rule_masking(Fire& f) {
    if (f.s.friendly_in_line == Friendly::other) {
        f.r.step("8.41", "A friendly unit in the target hex or on the line masks the fire.");
        f.forbidden.push_back("masked by a friendly unit on the line (8.41)");
    } else if (f.s.friendly_in_line == Friendly::infantry) {
        if (f.fu && !f.fu->vehicle && f.attack_type == "AP") {
            f.r.step("8.41", "Friendly infantry on the line does not mask an AT gun's AP fire (the exception in 8.41).");
        } else {
            f.r.step("8.41", "Friendly infantry on the line masks the fire (only AT guns firing AP may fire through friendly infantry).");
            f.forbidden.push_back("masked by friendly infantry on the line (8.41)");
        }
    }
}

// 8.8/8.81/8.82/8.83: infantry fire reads its own table by range and target movement.
void rule_infantry_fire(Fire& f) {
    const Situation& s = f.s;
    f.table_id = "8.81";
    if (f.target_soft) {
        f.r.step("8.8", "Infantry fires only at AFVs in the standard game; it cannot fire at the " + f.target_name + ".");
        f.forbidden.push_back("infantry fires only at AFVs (8.8)");
    }
    const bool moving = s.moving_mp > 0;
    const InfantryTable::Row* row = nullptr;
    for (const auto& rw : f.d.infantry.rows)
        if (rw.range == s.range) row = &rw;
    f.r.cite("8.81");
    if (f.target_soft) {
        // 8.8: the table covers only AFV targets, so there is no cell to read.
    } else if (!row) {
        const std::string max = std::to_string(f.d.infantry.max_range());
        f.r.step("8.82", "Infantry may not fire at a target more than " + max + " hexes away; range is " + std::to_string(s.range) + ".");
        f.forbidden.push_back("infantry fire beyond " + max + " hexes (8.82)");
    } else {
        f.kills = moving ? row->moving : row->stationary;
        f.r.step("8.81", "At range " + std::to_string(s.range) + " against a " + (moving ? "moving" : "stationary") +
                             " target the Infantry Fire Table gives " + kills_text(f.kills) + ".");
    }
    f.r.step("8.83", "Terrain and target aspect do not affect infantry fire (only line of sight).");
    if (moving) f.r.step("8.71", "Target movement is already counted by the table's moving column: no die modifier.");
}

// 8.22: the firers whose HE combines. An extra firer that may not fire adds nothing and the others
// still combine: no HE (17.4), no line of sight (10.2), outside a limited field of fire (7.21), or
// beyond the absolute range of its own table (8.31). The [firer] leads (its line, range, table).
std::vector<std::pair<const Unit*, int>> combining_firers(Fire& f) {
    std::vector<std::pair<const Unit*, int>> firers = {{f.fu, f.s.range}};
    for (const auto& x : f.s.extra_firers) {
        const Unit* xu = f.d.find_unit(x.unit);
        std::string why, rule;
        const Crt* own = table_for(f.d, xu->fire_control, f.s.panic_level);
        if (xu->he == 0) why = "it has no HE attack strength", rule = "17.4";
        else if (!x.line_of_sight) why = "it has no line of sight to the target", rule = "10.2";
        else if (!x.in_field_of_fire && !xu->turreted) why = "the target is outside its field of fire", rule = "7.21";
        else if (own && x.range > own->absolute_range())
            why = "its range " + std::to_string(x.range) + " is beyond table " + own->id + "'s absolute range of " +
                  std::to_string(own->absolute_range()), rule = "8.31";
        if (why.empty()) {
            firers.push_back({xu, x.range});
            continue;
        }
        if (xu->he == 0)
            f.r.step("8.22", "The extra firer " + xu->name + " has no HE attack strength, so it takes no part in the combined fire.");
        else
            f.r.step("8.22", "The extra firer " + xu->name + " may not fire: " + why + " (" + rule + "). It adds nothing; the others still combine.");
        json::Object o;
        o.emplace_back("unit", xu->name);
        o.emplace_back("rule", rule);
        o.emplace_back("reason", why);
        f.left_out.push_back(std::move(o));
    }
    return firers;
}

// 8.9: the [firer]'s table; with combined HE, 8.22's open question of whose table (rules-data
// choice combined_he_table) and 8.3's range of the most distant firer.
void rule_table(Fire& f, const std::vector<std::pair<const Unit*, int>>& firers) {
    f.table = table_for(f.d, f.fu->fire_control, f.s.panic_level);
    if (!f.table) throw std::invalid_argument("no combat results table for fire control " + f.fu->fire_control);
    f.r.step("8.9", cat({"The ", f.firer_name, " has ", f.fu->fire_control, " fire control; at panic level ", f.s.panic_level,
                         " it uses table ", f.table->id, " (", f.table->title, ")."}));
    f.range_used = f.s.range;
    if (firers.size() < 2) return;
    const Crt* least = f.table;
    std::string controls = f.fu->fire_control;
    for (std::size_t i = 1; i < firers.size(); ++i) {
        f.range_used = std::max(f.range_used, firers[i].second);
        const Crt* other = table_for(f.d, firers[i].first->fire_control, f.s.panic_level);
        if (other && table_capability(*other) < table_capability(*least)) least = other;
        if (controls.find(firers[i].first->fire_control) == std::string::npos) controls += " and " + firers[i].first->fire_control;
    }
    if (least != f.table) {
        const bool use_least = f.d.choices.combined_he_table == "least";
        if (use_least) f.table = least;
        f.r.call("8.22", "the combining firers use different results tables (" + controls +
                             " fire control); the rules do not say which applies to combined HE. Umpire uses " +
                             (use_least ? "the least capable firer's table" : "the [firer]'s table") +
                             " (rules-data choice combined_he_table): " + f.table->id + ".");
    }
    f.r.step("8.3", cat({"Combined HE fire uses the range of the most distant firer: ", f.range_used, " hexes."}));
}

// 8.31 absolute range, then each firer's strength (8.31/15.11 halving) summed for 8.22.
void rule_attack(Fire& f) {
    const bool he = f.attack_type == "HE";
    const auto firers = combining_firers(f);
    rule_table(f, firers);
    f.table_id = f.table->id;
    const int abs_range = f.table->absolute_range();
    if (f.range_used > abs_range) {
        f.r.step("8.31", cat({"Range ", f.range_used, " is beyond table ", f.table->id, "'s absolute range of ", abs_range,
                              " hexes: the target cannot be engaged."}));
        f.forbidden.push_back(cat({"beyond the absolute range of ", abs_range, " hexes (8.31)"}));
        f.r.cite(f.table->id);  // the table's last row is what sets the absolute range (8.31)
    }
    int total = 0;
    std::string breakdown;
    const bool combined = f.d.choices.combined_he_halving == "combined-range";
    for (std::size_t i = 0; i < firers.size(); ++i) {
        // 8.3 sets the combined fire's range (the table row) from the most distant firer; 8.31
        // halves a unit firing beyond its own effective range. Which range 8.31 uses for a
        // nearer combining firer is open: rules-data choice combined_he_halving.
        const Unit& u = *firers[i].first;
        const int own = firers[i].second;
        if (firers.size() > 1 && own <= u.effective_range && f.range_used > u.effective_range && f.range_used <= abs_range)
            f.r.call("8.31", "the " + u.name + " fires from " + std::to_string(own) + " hexes, within its effective range of " +
                                 std::to_string(u.effective_range) + ", but the combined fire uses " + std::to_string(f.range_used) +
                                 " (8.3); the rules do not say which range decides its halving. Umpire uses " +
                                 (combined ? "the combined range" : "its own range") + " (rules-data choice combined_he_halving).");
        const FirerStrength fs = strength_of(f.d, u, combined ? f.range_used : own, he, f.s.preservation, abs_range, f.r, i == 0);
        total += fs.final;
        append(breakdown, {breakdown.empty() ? "" : "; ", fs.breakdown});
    }
    if (firers.size() > 1) {
        f.r.step("8.22", "HE strengths of " + (firers.size() == 2 ? std::string("both") : "all " + std::to_string(firers.size())) +
                             " firers are combined into one attack strength of " + std::to_string(total) + ".");
        breakdown += " = " + std::to_string(total);
    }
    f.attack = total;
    if (he && total == 0) {
        f.r.step("8.1", "The firing unit" + std::string(firers.size() > 1 ? "s have" : " has") + " no HE attack strength (0 on the chart), so it cannot harm a soft target.");
        f.forbidden.push_back("no HE attack strength (17.4)");
    }
    f.r.figures.push_back({"Attack strength", std::to_string(total), firers.size() > 1 ? "8.22" : "8.31", std::move(breakdown), "attack"});

}

// A wreck in a hex of other terrain (8.62 makes a wreck a terrain feature in the hex it fell in):
// 10.6 gives each its own vehicle addition and no row for the two together, and 10.4 speaks of "a
// bonus". Both additions, or only the larger: rules-data choice two_terrains_vehicle (a referee's
// call whenever both add something; the other reading is computed in `alternatives`).
int with_wreck_vehicle(Fire& f, int terrain_add, std::string& dbreak) {
    const int wreck_add = f.eff().at("wreck").vehicle_defense_add;
    const bool both = f.ch.two_terrains_vehicle == "both";
    f.r.step("10.4", "A wreck lies in the target's " + f.s.terrain + " hex too; a wreck adds " + std::to_string(wreck_add) +
                         " to a vehicle's defense (10.6).");
    if (terrain_add == 0) {
        dbreak += " + wreck " + std::to_string(wreck_add);
        return wreck_add;
    }
    const int add = both ? terrain_add + wreck_add : std::max(terrain_add, wreck_add);
    dbreak += both ? " + wreck " + std::to_string(wreck_add) : " (wreck " + std::to_string(wreck_add) + " not added: the larger only)";
    f.r.call("10.4", "the target's hex holds both " + f.s.terrain + " (+" + std::to_string(terrain_add) + ") and a wreck (+" +
                         std::to_string(wreck_add) + "); the chart has no row for the two together. Umpire " +
                         (both ? "adds both (" + std::to_string(add) + ")" : "adds only the larger (" + std::to_string(add) + ")") +
                         " (rules-data choice two_terrains_vehicle).");
    Choices other = f.ch;
    other.two_terrains_vehicle = both ? "larger" : "both";
    f.others.push_back({"10.4", both ? "only the larger terrain addition" : "both terrain additions", f.s, other});
    return add;
}

// 8.7, 10.4, 10.6: a vehicle's aspect strength plus its hex's terrain (and a wreck lying there too).
int vehicle_defense(Fire& f, std::string& dbreak) {
    const Situation& s = f.s;
    const Unit& tu = *f.tu;
    const char* mode = to_string(s.mode);
    const Aspect a = f.aspect.value_or(Aspect::front);
    int def = a == Aspect::front ? tu.front : a == Aspect::side ? tu.side : tu.rear;
    dbreak = cat({to_string(a), " ", def});
    f.r.step("8.7", cat({"The firer lies in the target's ", to_string(a), " aspect: the ", f.target_name, "'s ", to_string(a),
                         " defense strength is ", def, "."}));
    const TerrainEffect& h = f.eff().at(s.terrain);
    int add = h.vehicle_defense_add;
    if (add > 0) {
        append(dbreak, {" + ", s.terrain, " ", add});
        f.r.step("10.4", cat({"A vehicle in a ", s.terrain, " hex in ", mode, " mode adds ", add, " (10.6)."}));
        f.r.cite("10.6");  // the number comes from the Terrain Effects Chart
    } else if (s.terrain != "clear") {
        f.r.step(h.as_clear_note.empty() ? "10.6" : "10.61",
                 h.as_clear_note.empty() ? cat({"A ", s.terrain, " hex adds nothing to a vehicle's defense in ", mode, " mode."})
                                         : cat({"In open mode the ", s.terrain, " hex counts as clear: no addition."}));
    }
    if (s.wreck && s.terrain != "wreck") add = with_wreck_vehicle(f, add, dbreak);
    if (s.improved_position)
        f.r.step("14.0", "Improved positions benefit only infantry and AT guns: no addition for a vehicle (10.6).");
    return def + add;
}

// 10.31, 10.6, 14.41: a soft target's defense is its hex's (improved position: a constant).
int soft_defense(Fire& f, std::string& dbreak) {
    const Situation& s = f.s;
    const auto& eff = f.eff();
    if (f.s.aspect) f.r.step("7.31", "Facing and aspect do not affect the defense of infantry and AT guns.");
    if (s.improved_position) {
        const int def = *eff.at("improved-position").soft_defense;
        dbreak = "improved position " + std::to_string(def);
        f.r.step("14.41", "A soft target in an improved position has a constant defense strength of " + std::to_string(def) +
                              ", whatever the terrain of its hex (10.33).");
        f.r.cite("14.4");
        f.r.cite("10.33");
        return def;
    }
    const TerrainEffect& w = eff.at("wreck");
    if (s.terrain == "wreck") {
        // The ground under the wreck is not in the situation: rules-data choice wreck_soft_base.
        const int b = eff.at(f.ch.wreck_soft_base).soft_defense.value_or(0);
        const int def = b + w.soft_defense_add;
        dbreak = f.ch.wreck_soft_base + " " + std::to_string(b) + " + wreck " + std::to_string(w.soft_defense_add);
        f.r.call("10.6", "the chart gives a wreck hex only \"+" + std::to_string(w.soft_defense_add) +
                             "\" for soft targets without saying what it adds to; Umpire adds it to the soft defense of " +
                             f.ch.wreck_soft_base + " terrain (" + std::to_string(b) + "), giving " + std::to_string(def) +
                             " (rules-data choice wreck_soft_base; set target.terrain to the ground and target.wreck = true to settle it).");
        return def;
    }
    const TerrainEffect& h = eff.at(s.terrain);
    int def = h.soft_defense.value_or(0);
    dbreak = cat({s.terrain, " ", def});
    const char* mode = to_string(s.mode);
    const bool note = !h.as_clear_note.empty();
    f.r.step(note ? "10.61" : "10.31", cat({"A soft target's defense is its hex's terrain: ", s.terrain, " in ", mode, " mode gives ", def,
                                            note ? " (" : ".", note ? h.as_clear_note : "", note ? ")." : ""}));
    f.r.cite("10.6");  // 10.31: the number is the Terrain Effects Chart's soft-target column
    if (s.wreck) {
        // 10.31 gives the hex's terrain as the basic strength; the chart prints the wreck's soft
        // value as an addition ("+1"), so the text decides: ground plus wreck.
        def += w.soft_defense_add;
        dbreak += " + wreck " + std::to_string(w.soft_defense_add);
        f.r.step("10.6", "A wreck lies in that " + s.terrain + " hex too: the chart gives a wreck as an addition (+" +
                             std::to_string(w.soft_defense_add) + ") to the hex's soft defense, so " + std::to_string(def) + ".");
    }
    return def;
}

// 10.5, 10.32, 10.61: a berm or slope hexside of the target's own hex that all fire comes through.
// A berm obstacle on this line that is a side of the target's hex is exactly that for a single
// firer; combined HE needs all the fire through it, which only `behind` says.
Behind behind_from_line(Fire& f) {
    if (f.s.behind != Behind::none) return f.s.behind;
    for (const auto& o : adjacent_sides_shared(f.s)) {
        if (o.at != At::hexside || (o.touches != Touches::target && o.touches != Touches::both)) continue;
        if (o.terrain == "berm" && f.s.extra_firers.empty()) {
            f.r.step("10.6", "The line enters the target's hex through a berm hexside of that hex (obstacle list), so the "
                             "target receives this fire through it.");
            return Behind::berm;
        }
        if (o.terrain == "berm")
            f.r.step("10.6", "A berm hexside of the target's hex is on the [firer]'s line, but combined fire adds it only "
                             "when all the fire comes through it: set target.behind = \"berm\" if it does.");
        else if (o.terrain == "slope")
            f.r.step("10.5", "A slope hexside of the target's hex is on the line; it adds only when the target is on its "
                             "sloped side and the fire comes through the unsloped side: set target.behind = \"slope\" if so.");
    }
    return Behind::none;
}

int behind_defense(Fire& f, std::string& dbreak) {
    const Behind behind = behind_from_line(f);
    if (behind == Behind::none) return 0;
    const std::string b = to_string(behind);
    const TerrainEffect& h = f.eff().at(b);
    const int add = f.target_soft ? h.soft_defense_add : h.vehicle_defense_add;
    if (!h.as_clear_note.empty()) {
        f.r.step("10.61", cat({"In open mode the ", b, " hexside is ignored: no addition."}));
        return 0;
    }
    if (add <= 0) return 0;
    append(dbreak, {" + ", b, " ", add});
    f.r.step(behind == Behind::slope ? "10.5" : f.target_soft ? "10.32" : "10.61",
             cat({"All fire reaches the target through a ", b, " hexside of its own hex",
                  behind == Behind::slope ? ", with the target on the sloped side," : "", " so it adds ", add, " (10.6)."}));
    f.r.cite("10.61");
    f.r.cite("10.6");
    return add;
}

void rule_defense(Fire& f) {
    std::string dbreak;
    int def = f.target_soft ? soft_defense(f, dbreak) : vehicle_defense(f, dbreak);
    def += behind_defense(f, dbreak);
    f.defense = def;
    f.r.figures.push_back({"Defense strength", std::to_string(def), f.target_soft ? "10.31" : "8.7", std::move(dbreak), "defense"});

}

// 8.9: differential, column and kill numbers; 8.71: the movement die modifier.
void rule_differential(Fire& f) {
    const int total = *f.attack, def = *f.defense;
    f.differential = total - def;
    const std::string sum = cat({"Attack differential ", total, " - ", def, " = ", *f.differential});
    if (*f.differential < 0) {
        f.r.step("8.9", cat({sum, ": below zero, no attack is permitted."}));
        f.forbidden.push_back("negative attack differential (8.9)");
    } else {
        f.column = std::min(*f.differential, 10);
        f.r.step("8.9", cat({sum, *f.differential > 10 ? ", counted as 10" : "", ": column ", *f.column, "."}));
        if (const Crt::Row* row = f.table->row_for(f.range_used)) {
            f.kills = row->cells[std::size_t(*f.column)].numbers();
            f.r.step(f.table->id, cat({"Row ", row->lo, "-", row->hi, ", column ", *f.column, ": ",
                                       f.kills.empty() ? "no effect (•)." : "a roll of ", f.kills.empty() ? "" : kills_text(f.kills),
                                       f.kills.empty() ? "" : " destroys the target."}));
        }
    }
    f.r.figures.push_back({"Attack differential", f.differential ? std::to_string(*f.differential) : "—", "8.9",
                           f.column ? cat({"column ", *f.column}) : "no column", "differential"});
    f.modifier = f.s.moving_mp / 2;
    if (f.s.moving_mp > 0)
        f.r.step("8.71", cat({"The target is plotted to expend ", f.s.moving_mp, " MP: add ", f.modifier,
                              " to the die roll (one per two MP, rounded down)."}));
}

// 8.9/8.71: the chance of a kill, said in the explanation.
void rule_odds(Fire& f, double p) {
    const bool permitted = f.forbidden.empty();
    if (permitted && f.kills.empty())
        f.r.step("8.9", "The table cell is a dot: no roll can destroy the target.");
    else if (permitted && p == 0.0)
        f.r.step("8.71", cat({"Even a roll of 1 plus ", f.modifier, " falls outside ", f.kills_said, ": no roll can destroy the moving target."}));
    else if (permitted)
        f.r.step("8.9", cat({"A roll of 1-", f.d.die_sides, f.modifier ? " plus " : "", f.modifier ? Piece(f.modifier) : Piece(""),
                             " must fall in ", f.kills_said, ": the chance of a kill is ", f.odds_text, "."}));
}

// The contract keys in the spec's order, and the figures shown beside them.
void set_contract_keys(Fire& f, double p) {
    Ruling& r = f.r;
    r.set("los", f.los.clear ? "clear" : "blocked");
    r.set("fire_permitted", f.forbidden.empty());
    r.set("range", f.range_used);
    r.set("table", f.table_id);
    r.set("attack_type", f.attack_type);
    r.set("attack_strength", f.attack ? json::Value(*f.attack) : json::Value());
    r.set("defense_strength", f.defense ? json::Value(*f.defense) : json::Value());
    r.set("attack_differential", f.differential ? json::Value(*f.differential) : json::Value());
    r.set("table_column", f.column ? json::Value(*f.column) : json::Value());
    r.set("kill_numbers", ints_json(f.kills));
    r.set("die_modifier", f.modifier);
    r.set("kill_probability", json::Fixed{p, 4});
    if (!f.position.empty()) r.set("position", std::move(f.position));  // an extension: only with hex numbers
    if (!f.left_out.empty()) r.set("combined_left_out", std::move(f.left_out));  // an extension: extra firers that may not fire
    r.figures[0] = {"Line of sight", f.los.clear ? "clear" : "blocked", "10.2", f.los.blocker, "line_of_sight"};
    r.figures[1] = {"Table", f.table_id, "8.9", cat({"range ", f.range_used}), "table"};
    r.figures.push_back({"Kill numbers", f.kills_said, f.table_id, "", "kill_numbers"});
    r.figures.push_back({"Die modifier", cat({"+", f.modifier}), "8.71", cat({f.s.moving_mp, " MP plotted"}), "die_modifier"});
    r.figures.push_back({"Kill probability", f.odds_text, "8.9", "", "kill_probability"});
}

void set_verdict(Fire& f, double p) {
    Ruling& r = f.r;
    if (f.forbidden.empty()) {
        // A dot, or kill numbers the movement modifier pushes out of reach (8.71): no roll can kill.
        r.tone = p == 0.0 ? Tone::caution : Tone::good;
        if (p == 0.0 && f.kills.empty()) r.verdict = "FIRE PERMITTED — but no roll can kill";
        else if (p == 0.0) r.verdict = cat({"FIRE PERMITTED — but no roll can kill (", f.kills_said, " after +", f.modifier, ")"});
        else r.verdict = cat({"FIRE PERMITTED — kills on ", f.kills_said, f.modifier ? " after +" : "", f.modifier ? Piece(f.modifier) : Piece(""),
                              " (", f.odds_text, ")"});
        return;
    }
    r.tone = Tone::bad;
    r.verdict = f.los.clear ? cat({"NO FIRE — ", f.forbidden.front()}) : "LINE OF SIGHT BLOCKED — no fire";
    r.detail = "Fire not permitted: ";
    for (std::size_t i = 0; i < f.forbidden.size(); ++i) append(r.detail, {i ? "; " : "", f.forbidden[i]});
    r.detail += ".";
}

// The whole procedure for one reading, in the order the ruling explains it.
Fire rule_one(const Data& d, const Situation& given, const Choices& ch) {
    Fire f(d, given, ch);
    // With both hex numbers the map decides the range (8.3), whatever line.range says: the
    // window may hold a stale range while the referee edits the hexes.
    f.pos = hex_position(d, given);
    if (f.pos && f.pos->range > 0) f.s.range = f.pos->range;
    else f.pos.reset();
    f.r.system = "spi-tank";
    // Room for what a ruling holds (9 figures, ~20 contract keys, a dozen or two steps): growing
    // these vectors of strings step by step was a fifth of a ruling's time.
    f.r.figures.reserve(10);
    f.r.fields.reserve(20);
    f.r.explanation.reserve(32);
    f.r.figures.resize(2);  // line of sight and table lead; set_contract_keys fills them in

    f.firer_inf = same_name(f.s.firer, "infantry");
    const bool target_inf = same_name(f.s.target, "infantry");
    f.fu = f.firer_inf ? nullptr : d.find_unit(f.s.firer);
    f.tu = target_inf ? nullptr : d.find_unit(f.s.target);
    if ((!f.firer_inf && !f.fu) || (!target_inf && !f.tu)) throw std::invalid_argument("unknown unit in situation");
    f.target_soft = !f.tu || !f.tu->vehicle;
    f.firer_name = f.fu ? f.fu->name : "infantry";
    f.target_name = f.tu ? f.tu->name : "infantry";
    f.aspect = f.s.aspect;
    f.range_used = f.s.range;
    if (f.pos) rule_position(f, *f.pos);
    for (const auto& [rule, text] : f.s.board_steps) f.r.step(rule, text);
    rule_fire_type(f);
    f.los = check_los(f);
    if (!f.los.clear) f.forbidden.push_back(cat({"line of sight blocked by the ", f.los.blocker, " (10.2)"}));
    rule_field_of_fire(f);
    rule_masking(f);
    if (f.firer_inf) {
        rule_infantry_fire(f);
    } else {
        rule_attack(f);
        rule_defense(f);
        rule_differential(f);
    }
    const double p = f.forbidden.empty() ? kill_probability(f.kills, f.modifier, d.die_sides) : 0.0;
    f.odds_text = percent(p);
    f.kills_said = kills_text(f.kills);
    rule_odds(f, p);
    set_contract_keys(f, p);
    if (!f.s.board.empty()) {  // an extension: what the board put on the line
        json::Array from_board;
        for (const auto& o : f.s.obstacles) from_board.push_back(obstacle_text(o));
        f.r.set("board", json::Object{{"file", f.s.board}, {"target_terrain", f.s.terrain}, {"behind", to_string(f.s.behind)}, {"obstacles", std::move(from_board)}});
    }
    rule_spotting(f);
    set_verdict(f, p);
    return f;
}

// Each other reading of an open point, ruled in full and summed up: in the explanation, and in
// the JSON extension key `alternatives` (one object per reading).
void add_other_readings(const Data& d, Fire& main) {
    json::Array alts;
    for (const Reading& o : main.others) {
        const Fire alt = rule_one(d, o.s, o.ch);
        json::Object a;
        a.emplace_back("rule", o.rule);
        a.emplace_back("reading", o.text);
        for (const char* key : {"los", "fire_permitted", "defense_strength", "attack_differential", "table_column", "kill_numbers", "kill_probability"})
            for (const auto& [k, v] : alt.r.fields)
                if (k == key) a.emplace_back(k, v);
        a.emplace_back("verdict", alt.r.verdict);
        alts.push_back(std::move(a));
        main.r.step(o.rule, "Other reading (" + o.text + "): " + alt.r.verdict + ".");
    }
    if (!alts.empty()) main.r.set("alternatives", std::move(alts));
}

}  // namespace

Ruling rule(const Data& d, const Situation& given) {
    Fire f = rule_one(d, given, d.choices);
    add_other_readings(d, f);
    return std::move(f.r);
}

double kill_chance(const Data& d, const Situation& s) {
    // rule_one without the other readings: the ruling as made, at a fraction of rule()'s cost.
    const Fire f = rule_one(d, s, d.choices);
    return f.forbidden.empty() ? kill_probability(f.kills, f.modifier, d.die_sides) : 0.0;
}

// =====================================================================================
// 5. SpiTank
// =====================================================================================


std::vector<NameList> names(const Data& d) {
    return {{"units", d.unit_names()},
            {"terrain_mode", kModes},
            {"target.terrain", kTargetTerrain},
            {"target.aspect", kAspects},
            {"target.behind", kBehind},
            {"line.friendly_in_line", kFriendly},
            {"obstacle terrain", kObstacleTerrain},
            {"obstacle at", kAt},
            {"obstacle touches", kTouches}};
}

}  // namespace umpire::spi_tank

namespace umpire {
std::unique_ptr<GameSystem> make_spi_tank() { return std::make_unique<spi_tank::SpiTank>(); }
}  // namespace umpire
