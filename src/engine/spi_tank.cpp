// SPI TANK! (1974), standard game: fire rulings.
//
// Sections
//   1. names of enums
//   2. Data: loading and validating rules-data/spi-tank.toml
//   3. Situation: parsing and writing situation files
//   4. rule(): the fire procedure, one helper per rule family
//   5. SpiTank: the GameSystem glue
#include "engine/spi_tank.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/names.hpp"

namespace umpire::tank {

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

const std::vector<std::string> kModes = {"closed", "mixed", "open"};
const std::vector<std::string> kTerrainNames = {"clear", "rough", "woods", "berm", "slope", "wreck", "improved-position"};
const std::vector<std::string> kHexsideTerrain = {"berm", "slope"};
const std::vector<std::string> kTargetTerrain = {"clear", "rough", "woods", "wreck"};
const std::vector<std::string> kObstacleTerrain = {"woods", "berm", "slope", "rough", "wreck"};
const std::vector<std::string> kAspects = {"front", "side", "rear"};
const std::vector<std::string> kBehind = {"none", "berm", "slope"};
const std::vector<std::string> kFriendly = {"none", "infantry", "other"};
const std::vector<std::string> kAt = {"hex", "hexside", "along-hexside"};
const std::vector<std::string> kTouches = {"none", "firer", "target", "both"};
const std::vector<std::string> kFireControls = {"N", "SR", "SC"};

Mode mode_from(const std::string& s) { return s == "closed" ? Mode::closed : s == "mixed" ? Mode::mixed : Mode::open; }
template <class E> E enum_from(const std::string& s, const std::vector<std::string>& names) {
    return static_cast<E>(std::find(names.begin(), names.end(), s) - names.begin());
}
bool is_hexside_terrain(const std::string& t) {
    return std::find(kHexsideTerrain.begin(), kHexsideTerrain.end(), t) != kHexsideTerrain.end();
}

std::string kills_text(const std::vector<int>& k) {
    if (k.empty()) return "•";
    if (k.size() == 1) return std::to_string(k[0]);
    return std::to_string(k.front()) + "-" + std::to_string(k.back());
}

// Parses a printed cell: "1-3", "1", "•"/"miss"/"-". Returns false on anything else.
bool parse_cell(const std::string& s, std::vector<int>& out) {
    out.clear();
    const std::string t = normalize_name(s);
    if (s == "•" || t == "miss" || t.empty() || t == "missnoeffect") return true;
    std::size_t dash = s.find('-');
    try {
        std::size_t used = 0;
        if (dash == std::string::npos) {
            int v = std::stoi(s, &used);
            if (used != s.size() || v < 1) return false;
            out.push_back(v);
            return true;
        }
        int lo = std::stoi(s.substr(0, dash), &used);
        if (used != dash) return false;
        const std::string rest = s.substr(dash + 1);
        int hi = std::stoi(rest, &used);
        if (used != rest.size() || lo < 1 || hi < lo) return false;
        for (int v = lo; v <= hi; ++v) out.push_back(v);
        return true;
    } catch (...) {
        return false;
    }
}

bool parse_spot(const std::string& s, SpotValue& v) {
    const std::string t = normalize_name(s);
    if (t == "automatic") { v = {SpotValue::automatic, 0}; return true; }
    if (t == "unspottable") { v = {SpotValue::unspottable, 0}; return true; }
    std::vector<int> k;
    if (!parse_cell(s, k) || k.empty() || k.front() != 1) return false;
    v = {SpotValue::roll, k.back()};
    return true;
}

int halve_up(int v) { return (v + 1) / 2; }  // 8.31, 15.11: fractions are rounded up

}  // namespace

// =====================================================================================
// 2. Data
// =====================================================================================

const Crt::Row* Crt::row_for(int range) const {
    for (const auto& r : rows)
        if (range >= r.lo && range <= r.hi) return &r;
    return nullptr;
}

const Unit* Data::find_unit(const std::string& name) const {
    const std::string n = normalize_name(name);
    for (const auto& u : units) {
        if (normalize_name(u.name) == n) return &u;
        for (const auto& a : u.aliases)
            if (normalize_name(a) == n) return &u;
    }
    return nullptr;
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

void load_units(Data& d, const Table& root) {
    std::set<std::string> seen;
    const std::vector<Table> units = root.tables("unit", true);
    if (units.empty() && root.node("unit") && root.node("unit")->is_array())
        root.error("unit", "the weapons chart lists no units (17.4): give at least one [[unit]]");
    for (const Table& t : units) {
        t.only_keys({"name", "aliases", "kind", "defense", "ap", "he", "movement", "effective_range", "fire_control", "turreted"});
        Unit u;
        auto name = t.str("name", true);
        if (name) u.name = *name;
        if (auto a = t.string_array("aliases")) u.aliases = *a;
        auto kind = t.choice("kind", {"vehicle", "at-gun"});
        u.vehicle = !kind || *kind == "vehicle";
        for (std::size_t i = 0; i <= u.aliases.size(); ++i) {
            const std::string& n = i == 0 ? u.name : u.aliases[i - 1];
            const char* key = i == 0 ? "name" : "aliases";
            const std::string norm = normalize_name(n);
            if (norm.empty())
                t.error(key, "\"" + n + "\" cannot be a unit name: it is empty once case, spaces and / - ( ) . are ignored");
            else if (norm == "infantry") t.error(key, "\"infantry\" is reserved for infantry units (8.8)");
            else if (!seen.insert(norm).second)
                t.error(key, "the name \"" + n + "\" is used twice (names are matched ignoring case, spaces and / - ( ) .)");
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
        u.movement = int(t.integer("movement", true, 0, 99).value_or(0));
        u.effective_range = int(t.integer("effective_range", true, 1, 999).value_or(1));
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
}

void load_crts(Data& d, const Table& root) {
    std::set<std::string> ids;
    for (const Table& t : root.tables("crt", true)) {
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
        int expect_lo = 1;
        for (const Table& r : t.tables("rows", true)) {
            r.only_keys({"range", "cells"});
            Crt::Row row{0, 0, {}};
            if (auto rg = r.int_array("range", true)) {
                if (rg->size() != 2 || (*rg)[0] > (*rg)[1]) r.error("range", "expected [from, to] hexes");
                else {
                    row.lo = int((*rg)[0]); row.hi = int((*rg)[1]);
                    if (row.lo != expect_lo)
                        r.error("range", "rows must cover ranges without gaps: expected this row to start at " + std::to_string(expect_lo));
                    expect_lo = row.hi + 1;
                }
            }
            if (auto cells = r.string_array("cells", true)) {
                if (cells->size() != 11)
                    r.error("cells", "expected 11 cells (attack differentials 0..10, 8.9), found " + std::to_string(cells->size()));
                for (std::size_t i = 0; i < cells->size(); ++i) {
                    std::vector<int> k;
                    if (!parse_cell((*cells)[i], k))
                        r.error("cells", "cell " + std::to_string(i) + " \"" + (*cells)[i] + "\" is not a die range (accepted: \"1-3\", \"1\", \"•\" or \"miss\")");
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

void load_infantry(Data& d, const Table& root) {
    Table inf = root.table("infantry", true);
    inf.only_keys({"max_moving_mp"});
    d.infantry_max_moving_mp = int(inf.integer("max_moving_mp", true, 0, 99).value_or(1));
    Table t = root.table("infantry_fire", true);
    t.only_keys({"rows"});
    int expect = 1;
    for (const Table& r : t.tables("rows", true)) {
        r.only_keys({"range", "moving", "stationary"});
        InfantryTable::Row row{};
        row.range = int(r.integer("range", true, 1, 99).value_or(0));
        if (row.range != 0 && row.range != expect) r.error("range", "rows must run 1, 2, 3...: expected " + std::to_string(expect));
        expect = row.range + 1;
        for (const char* col : {"moving", "stationary"}) {
            auto s = r.str(col, true);
            std::vector<int> k;
            if (s && !parse_cell(*s, k)) r.error(col, "\"" + *s + "\" is not a die range (accepted: \"1-3\", \"1\", \"•\" or \"miss\")");
            (std::string(col) == "moving" ? row.moving : row.stationary) = k;
        }
        d.infantry.rows.push_back(std::move(row));
    }
}

TerrainEffect load_effect(const Table& t, const std::string& name) {
    t.only_keys({"hexside", "movement", "vehicle_defense_add", "soft_defense", "soft_defense_add", "obstructs"});
    TerrainEffect e;
    e.name = name;
    e.hexside = t.boolean("hexside").value_or(false);
    if (e.hexside != is_hexside_terrain(name))
        t.error("hexside", name + (is_hexside_terrain(name) ? " is a hexside feature (10.12): hexside = true is required"
                                                             : " is a hex feature (10.12): it cannot be a hexside"));
    e.movement = t.str("movement", true).value_or("");
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

void load_terrain(Data& d, const Table& root) {
    Table terrain = root.table("terrain", true);
    terrain.only_keys({"closed", "mixed", "all_modes", "open"});
    std::map<std::string, TerrainEffect> all;
    auto load_section = [&](const Table& sec, std::map<std::string, TerrainEffect>& into) {
        if (!sec.present()) return;
        for (const auto& [k, v] : *sec.raw()) {
            const std::string key(k.str());
            if (key == "as_clear") continue;
            auto idx = match_name(key, kTerrainNames);
            if (!idx) { sec.error(key, "unknown terrain (accepted: " + join_names(kTerrainNames) + ")"); continue; }
            Table et = sec.table(key, true);
            if (et.present()) into[kTerrainNames[*idx]] = load_effect(et, kTerrainNames[*idx]);
        }
    };
    load_section(terrain.table("all_modes", true), all);
    for (Mode m : {Mode::closed, Mode::mixed}) {
        std::map<std::string, TerrainEffect> mine = all;
        Table sec = terrain.table(to_string(m), true);
        std::map<std::string, TerrainEffect> own;
        load_section(sec, own);
        for (auto& [k, v] : own) {
            if (all.count(k)) sec.error(k, k + " is already given for all modes");
            mine[k] = v;
        }
        for (const auto& n : kTerrainNames)
            if (!mine.count(n) && sec.present()) sec.error("", std::string("the ") + to_string(m) + " mode does not define " + n + " (needed: " + join_names(kTerrainNames) + ")");
        d.terrain[m] = mine;
    }
    // Open mode: what is not listed under all_modes is named in as_clear and behaves as clear (10.61).
    Table open = terrain.table("open", true);
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
            mine[n] = e;
        }
    }
    for (const auto& n : kTerrainNames)
        if (!mine.count(n) && open.present()) open.error("as_clear", "the open mode does not define " + n + " (give it under all_modes or as_clear)");
    d.terrain[Mode::open] = mine;
    if (!all.count("clear") || !all.at("clear").soft_defense)
        terrain.error("all_modes", "clear terrain with a soft_defense is required under all_modes (10.31)");
    if (all.count("improved-position") && !all.at("improved-position").soft_defense)
        terrain.error("all_modes", "improved-position needs soft_defense (14.41)");
}

void load_spotting(Data& d, const Table& root) {
    int expect = 1;
    bool open_ended = false;
    for (const Table& t : root.tables("spotting", true)) {
        t.only_keys({"range", "vehicle_open", "vehicle_concealed", "soft_open", "soft_concealed"});
        SpotRow row;
        if (auto rg = t.int_array("range", true)) {
            if (rg->size() != 2) t.error("range", "expected [from, to] (to = 0: or more)");
            else {
                row.lo = int((*rg)[0]); row.hi = int((*rg)[1]);
                if (open_ended) t.error("range", "a row after the open-ended (\"or more\") row");
                if (row.lo != expect) t.error("range", "rows must cover ranges without gaps: expected " + std::to_string(expect));
                if (row.hi != 0 && row.hi < row.lo) t.error("range", "to must be >= from, or 0 for \"or more\"");
                open_ended = row.hi == 0;
                expect = row.hi + 1;
            }
        }
        auto col = [&](const char* key, SpotValue& v) {
            auto s = t.str(key, true);
            if (s && !parse_spot(*s, v)) t.error(key, "\"" + *s + "\" is not a spotting value (accepted: \"automatic\", \"unspottable\", \"1-N\" or \"1\")");
        };
        col("vehicle_open", row.vehicle_open);
        col("vehicle_concealed", row.vehicle_concealed);
        col("soft_open", row.soft_open);
        col("soft_concealed", row.soft_concealed);
        d.spotting.push_back(row);
    }
    if (!d.spotting.empty() && !open_ended) root.error("spotting", "the last spotting row must be open-ended (range = [N, 0]): 13.5 runs to \"41 or more\"");
}

void load_choices(Data& d, const Table& root) {
    Table c = root.table("choices", true);
    c.only_keys({"double_halving", "wreck_soft_base", "vehicle_rough_wreck_spotting", "combined_he_table",
                 "combined_he_halving", "front_arc_degrees", "rear_arc_degrees", "aspect_on_boundary"});
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
    if (ch.front_arc_degrees + ch.rear_arc_degrees > 360)
        c.error("rear_arc_degrees", "front and rear arcs together exceed 360 degrees");
}

void load_board(Data& d, const Table& root) {
    Table b = root.table("board", true);
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

}  // namespace

Data load_data(const std::filesystem::path& file) {
    const std::string shown = file.string();
    toml::table t = parse_toml_file(file, shown);
    Sink sink(shown);
    Table root(sink, &t, "");
    root.only_keys({"game", "unit", "infantry", "crt", "infantry_fire", "terrain", "spotting", "choices", "board"});
    Data d;
    Table game = root.table("game", true);
    game.only_keys({"die_sides"});
    d.die_sides = int(game.integer("die_sides", true, 2, 100).value_or(6));
    load_units(d, root);
    load_crts(d, root);
    load_infantry(d, root);
    load_terrain(d, root);
    load_spotting(d, root);
    load_choices(d, root);
    load_board(d, root);
    sink.throw_if_errors();
    return d;
}

// =====================================================================================
// 3. Situation
// =====================================================================================

namespace {

// A unit name from the weapons chart or "infantry"; reports unknown names with the accepted list.
std::optional<std::string> unit_field(const Data& d, const Table& t, const char* key, bool allow_infantry) {
    auto s = t.str(key, true);
    if (!s) return std::nullopt;
    if (same_name(*s, "infantry")) {
        if (allow_infantry) return std::string("infantry");
        t.error(key, "infantry cannot be used here (accepted: " + join_names([&] { auto v = d.unit_names(); v.pop_back(); return v; }()) + ")");
        return std::nullopt;
    }
    if (const Unit* u = d.find_unit(*s)) return u->name;
    auto names = d.unit_names();
    if (!allow_infantry) names.pop_back();
    t.error(key, "unknown unit \"" + *s + "\" (accepted: " + join_names(names) + ")");
    return std::nullopt;
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
    if (s.firer_hex.empty() || s.target_hex.empty()) return std::nullopt;
    const auto f = d.board.parse(s.firer_hex), t = d.board.parse(s.target_hex);
    if (!f || !t) return std::nullopt;
    HexPosition p;
    p.firer = *f;
    p.target = *t;
    p.range = hex::distance(*f, *t);
    if (p.range > 0 && !s.facing.empty())
        if (auto side = d.board.parse_side(s.facing)) {
            p.sector = hex::sector_of(*f - *t, *side);
            p.aspects = aspects_in(d.choices, *p.sector);
        }
    return p;
}

Situation parse_situation(const Data& d, const Table& root) {
    Situation s;
    auto keys = common_situation_keys();
    for (const char* k : {"terrain_mode", "firer", "target", "line", "extra_firer"}) keys.push_back(k);
    root.only_keys(keys);
    s.title = root.str("title").value_or("");
    if (auto m = root.choice("terrain_mode", kModes, true)) s.mode = mode_from(*m);

    Table firer = root.table("firer", true);
    firer.only_keys({"unit", "panic_level", "preservation", "hex"});
    if (firer.present()) s.firer = unit_field(d, firer, "unit", true).value_or(s.firer);
    s.panic_level = int(firer.integer("panic_level", false, 0, 10).value_or(1));
    s.preservation = firer.boolean("preservation").value_or(false);

    Table target = root.table("target", true);
    target.only_keys({"unit", "aspect", "terrain", "improved_position", "moving_mp", "behind", "hex", "facing"});
    std::optional<std::string> tu;
    if (target.present()) tu = unit_field(d, target, "unit", true);
    if (tu) s.target = *tu;
    const Unit* tunit = tu ? d.find_unit(*tu) : nullptr;
    const bool target_vehicle = tu && tunit && tunit->vehicle;
    const bool firer_infantry = s.firer == "infantry";
    // Optional hex numbers and facing: range (8.3) and aspect (8.7) then follow from the map.
    auto hex_field = [&](const Table& t, const char* key, std::string& out) {
        auto v = t.str(key);
        if (!v) return;
        if (d.board.parse(*v)) out = *v;
        else t.error(key, "\"" + *v + "\" is not a hex number on the TANK! map (accepted: " + d.board.describe() + ", e.g. \"3704\")");
    };
    hex_field(firer, "hex", s.firer_hex);
    hex_field(target, "hex", s.target_hex);
    s.facing = target.choice("facing", d.board.side_names).value_or("");
    const bool both_hexes = !s.firer_hex.empty() && !s.target_hex.empty();
    if (firer.has("hex") != target.has("hex") && (!s.firer_hex.empty() || !s.target_hex.empty())) {
        const Table& given = s.firer_hex.empty() ? target : firer;
        given.error("hex", std::string("needs ") + (s.firer_hex.empty() ? "firer.hex" : "target.hex") +
                               " as well: the range and the aspect come from both hexes");
    }
    if (both_hexes && s.firer_hex == s.target_hex)
        target.error("hex", "the firer and the target are both in " + s.target_hex + "; range must be at least 1 (8.3)");
    // Only when neither hex is given: a hex that is given but wrong is reported on its own key.
    if (!s.facing.empty() && !firer.has("hex") && !target.has("hex"))
        target.error("facing", "the aspect follows from the facing only with firer.hex and target.hex; give both, or give target.aspect instead");

    // Given hexes and facing stand in for range and aspect even when one of them is wrong: that
    // one is reported on its own key, not again as a missing range, [line] or aspect.
    const bool hexes_given = firer.has("hex") && target.has("hex");
    const bool aspect_from_map = target.has("facing") && hexes_given;
    if (auto a = target.choice("aspect", kAspects, target_vehicle && !firer_infantry && !aspect_from_map))
        s.aspect = enum_from<Aspect>(*a, kAspects);
    else
        s.aspect.reset();
    s.terrain = target.choice("terrain", kTargetTerrain).value_or("clear");
    s.improved_position = target.boolean("improved_position").value_or(false);
    if (tu) {
        // 8.71 counts the MP the target is plotted to expend: at most its Movement Allowance (9.32);
        // AT guns cannot move (9.34); infantry moves one hex (10.11).
        const int max_mp = !tunit ? d.infantry_max_moving_mp : tunit->movement;
        const std::string why = !tunit ? " (infantry moves at most one hex a turn, 10.11)"
                                : tunit->vehicle ? " (the " + tunit->name + "'s Movement Allowance, 9.32)"
                                                 : " (an AT gun cannot move, 9.34)";
        s.moving_mp = int(target.integer("moving_mp", false, 0, max_mp, "0.." + std::to_string(max_mp) + why).value_or(0));
    } else {
        s.moving_mp = int(target.integer("moving_mp", false, 0, 99).value_or(0));
    }
    s.behind = enum_from<Behind>(target.choice("behind", kBehind).value_or("none"), kBehind);

    Table line = root.table("line", !hexes_given);
    line.only_keys({"range", "in_field_of_fire", "friendly_in_line", "obstacles"});
    const bool range_from_map = both_hexes && s.firer_hex != s.target_hex;
    s.range = int(line.integer("range", !hexes_given, 1, 999).value_or(1));
    if (range_from_map) {
        const auto pos = hex_position(d, s);
        if (line.has("range") && s.range != pos->range)
            line.error("range", "is " + std::to_string(s.range) + " but " + s.firer_hex + " and " + s.target_hex + " are " +
                                    std::to_string(pos->range) + " hexes apart (8.3); leave range out or correct the hexes");
        s.range = pos->range;
        if (s.aspect && !pos->aspects.empty() &&
            std::find(pos->aspects.begin(), pos->aspects.end(), *s.aspect) == pos->aspects.end())
            target.error("aspect", std::string("is \"") + to_string(*s.aspect) + "\" but from " + s.firer_hex +
                                       (pos->aspects.size() > 1
                                            ? std::string(" the firer lies on the boundary of the target's ") + to_string(pos->aspects.front()) +
                                                  " and " + to_string(pos->aspects.back()) + " aspects"
                                            : std::string(" the firer lies in the target's ") + to_string(pos->aspects.front()) + " aspect") +
                                       " (facing " + s.facing +
                                       ", 8.7); leave aspect out or correct the facing");
    }
    s.in_field_of_fire = line.boolean("in_field_of_fire").value_or(true);
    s.friendly_in_line = enum_from<Friendly>(line.choice("friendly_in_line", kFriendly).value_or("none"), kFriendly);
    bool terrain_from_obstacle = false;  // target.terrain left out and taken from an obstacle hex
    for (const Table& o : line.tables("obstacles")) {
        o.only_keys({"terrain", "at", "touches"});
        Obstacle ob;
        auto terr = o.choice("terrain", kObstacleTerrain, true);
        if (!terr) continue;
        ob.terrain = *terr;
        const bool side_feature = is_hexside_terrain(ob.terrain);
        // `at` may be left out: a woods/rough/wreck feature is a hex, a berm/slope a hexside (10.12).
        auto at = o.choice("at", kAt);
        ob.at = at ? enum_from<At>(*at, kAt) : (side_feature ? At::hexside : At::hex);
        if (ob.at == At::hexside && !side_feature)
            o.error("at", ob.terrain + " is a hex feature and has no hexsides of its own (10.12); use at = \"hex\", or \"along-hexside\" for a line running along the side of such a hex (10.24)");
        if (ob.at == At::hex && side_feature)
            o.error("at", ob.terrain + " is a hexside feature (10.12); use at = \"hexside\" or \"along-hexside\"");
        ob.touches = enum_from<Touches>(o.choice("touches", kTouches).value_or("none"), kTouches);
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
        if (ob.at == At::hex && ob.touches == Touches::target && ob.terrain != s.terrain && !target.has("terrain")) {
            // The obstacle says the target is in this hex (10.22B), and target.terrain (left out) names
            // the same hex: take it from here. Two different ones: the referee must say which counts.
            // (Given, target.terrain stands; the ruling notes any disagreement, see check_los.)
            if (!terrain_from_obstacle) {
                s.terrain = ob.terrain;
                terrain_from_obstacle = true;
            } else {
                o.error("terrain", "puts the target in a " + ob.terrain + " hex, but another obstacle puts it in a " + s.terrain +
                                       " hex: give target.terrain the terrain that counts for the target's hex (10.22B, 10.6)");
            }
        }
        s.obstacles.push_back(ob);
    }

    const bool target_soft = tu && (!tunit || !tunit->vehicle);
    const Unit* funit = firer_infantry ? nullptr : d.find_unit(s.firer);
    bool lead_told = false;
    for (const Table& e : root.tables("extra_firer")) {
        e.only_keys({"unit", "range"});
        ExtraFirer x;
        auto u = unit_field(d, e, "unit", false);
        x.range = int(e.integer("range", true, 1, 999).value_or(1));
        if (!u) continue;
        x.unit = *u;
        if (tu && !target_soft)
            e.error("", "extra firers combine HE against soft targets only (8.22); against an AFV each firer's AP fire is resolved separately");
        else if (firer_infantry)
            e.error("", "combined HE (8.22) needs an HE-firing [firer]; infantry fire uses the Infantry Fire Table (8.8)");
        else if (tu && funit && funit->he == 0 && !lead_told) {
            // The [firer]'s range, table and line lead combined HE (8.3); a unit with no HE does not
            // fire it (17.4), so letting it lead would rule a different fire from the one made.
            lead_told = true;
            e.error("", "combined HE (8.22) needs an HE-firing [firer], and the " + funit->name +
                            " has no HE (17.4): name one of the HE-firing units as [firer] and the others as [[extra_firer]]");
        }
        s.extra_firers.push_back(x);
    }
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t;
    t.insert("system", "spi-tank");
    if (!s.title.empty()) t.insert("title", s.title);
    t.insert("terrain_mode", to_string(s.mode));
    toml::table f;
    f.insert("unit", s.firer);
    f.insert("panic_level", s.panic_level);
    f.insert("preservation", s.preservation);
    if (!s.firer_hex.empty()) f.insert("hex", s.firer_hex);
    t.insert("firer", std::move(f));
    toml::table g;
    g.insert("unit", s.target);
    if (s.aspect) g.insert("aspect", to_string(*s.aspect));
    g.insert("terrain", s.terrain);
    g.insert("improved_position", s.improved_position);
    g.insert("moving_mp", s.moving_mp);
    g.insert("behind", to_string(s.behind));
    if (!s.target_hex.empty()) g.insert("hex", s.target_hex);
    if (!s.facing.empty()) g.insert("facing", s.facing);
    t.insert("target", std::move(g));
    toml::table l;
    l.insert("range", s.range);
    l.insert("in_field_of_fire", s.in_field_of_fire);
    l.insert("friendly_in_line", to_string(s.friendly_in_line));
    toml::array obs;
    for (const auto& o : s.obstacles) {
        toml::table ot;
        ot.insert("terrain", o.terrain);
        ot.insert("at", to_string(o.at));
        ot.insert("touches", to_string(o.touches));
        obs.push_back(std::move(ot));
    }
    l.insert("obstacles", std::move(obs));
    t.insert("line", std::move(l));
    if (!s.extra_firers.empty()) {
        toml::array ex;
        for (const auto& e : s.extra_firers) {
            toml::table et;
            et.insert("unit", e.unit);
            et.insert("range", e.range);
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

LosResult check_los(const Data& d, const Situation& s, Ruling& r) {
    LosResult res;
    const auto& eff = d.terrain.at(s.mode);
    const std::string mode = to_string(s.mode);
    bool touches_firer = false, touches_target = false;
    int n = 0;
    for (const auto& o : adjacent_sides_shared(s)) {
        ++n;
        const TerrainEffect& e = eff.at(o.terrain);
        const std::string what = "Obstacle " + std::to_string(n) + " (" + o.terrain + " " + to_string(o.at) +
                                 (o.touches == Touches::none ? "" : std::string(", touching ") + to_string(o.touches)) + ")";
        if (!e.obstructs) {
            if (!e.as_clear_note.empty())
                r.step("10.61", what + ": " + e.as_clear_note + ", so it does not obstruct.");
            else
                r.step("10.6", what + ": the Terrain Effects Chart does not mark " + o.terrain + " as obstructing in " + mode + " mode.");
            continue;
        }
        if (o.at == At::along_hexside) {
            if (o.terrain == "woods") {
                r.step("10.24", what + ": in " + mode + " mode a line running along a side of a woods hex is blocked.");
            } else {
                r.step("10.23", what + ": a line running along an obstructing hexside is blocked.");
            }
            if (res.clear) res = {false, o.terrain + " along the line"};
            continue;
        }
        const bool touching = o.touches != Touches::none;
        if (o.at == At::hexside) {
            if (touching) {
                touches_firer |= o.touches == Touches::firer || o.touches == Touches::both;
                touches_target |= o.touches == Touches::target || o.touches == Touches::both;
                r.step("10.22A", what + ": it is a side of the " + (o.touches == Touches::both ? std::string("firer's and the target's hexes") : std::string(to_string(o.touches)) + "'s hex") + ", so it does not block.");
            } else {
                r.step("10.22C", what + ": it is a side of neither unit's hex, so it blocks the line.");
                if (res.clear) res = {false, o.terrain + " hexside"};
            }
        } else {
            if (!touching && s.range == 1) {
                r.step("10.22B", what + ": at range 1 no hex lies between the units, so this is the firer's or the target's hex: it does not block.");
            } else if (touching) {
                r.step("10.22B", what + ": the " + to_string(o.touches) + " is in that hex, so it does not block.");
                const bool wreck_on_ground = (o.terrain == "wreck") != (s.terrain == "wreck") && s.terrain != "clear";
                if (o.touches == Touches::target && o.terrain != s.terrain && !wreck_on_ground)
                    r.step("10.6", what + ": it puts the target in a " + o.terrain + " hex, but target.terrain says " + s.terrain +
                                       "; the target's defense and spotting follow target.terrain.");
            } else {
                r.step("10.22D", what + ": neither unit is in that hex, so it blocks the line.");
                if (res.clear) res = {false, o.terrain + " hex"};
            }
        }
    }
    if (res.clear && touches_firer && touches_target)
        r.step("10.25", "The line crosses obstructing hexsides next to both units and nothing else that obstructs, so it is not blocked.");
    if (s.obstacles.empty())
        r.step("10.2", "No obstructing terrain lies on the line: line of sight is clear.");
    else
        r.step("10.2", res.clear ? "Line of sight is clear." : "Line of sight is blocked by the " + res.blocker + ".");
    return res;
}

// Positions from the map (firer.hex, target.hex, target.facing): the range counted (8.3), the
// hexes and hexsides the line meets (for 10.2), and the aspect the firer lies in (8.7).
// Returns the aspect to use and fills `position` (the JSON extension key of the same name).
std::optional<Aspect> rule_position(const Data& d, const Situation& s, const HexPosition& pos, const Unit* tu,
                                    bool target_soft, Ruling& r, json::Object& position) {
    const auto& board = d.board;
    position.emplace_back("firer_hex", s.firer_hex);
    position.emplace_back("target_hex", s.target_hex);
    position.emplace_back("range", pos.range);
    r.step("8.3", "From " + s.firer_hex + " to " + s.target_hex + " the fewest hexes counted are " + std::to_string(pos.range) +
                      ": range " + std::to_string(pos.range) + ".");

    // The path, so the referee knows which hexes and hexsides to look at for obstacles (10.2).
    const hex::Trace tr = hex::trace_line(pos.firer, pos.target);
    json::Array hexes, crossed, along, corners;
    std::string hexes_text, crossed_text, along_text, corners_text;
    auto add = [](std::string& text, const std::string& item) { text += (text.empty() ? "" : ", ") + item; };
    for (const auto& h : tr.hexes)
        if (h.contact == hex::Contact::crosses && h.hex != pos.firer && h.hex != pos.target) {
            hexes.push_back(board.format(h.hex));
            add(hexes_text, board.format(h.hex));
        }
    for (const auto& sd : tr.sides) {
        const std::string name = board.format(sd.hex) + "/" + board.side_names[std::size_t(sd.side)];
        const std::string both = name + " (between " + board.format(sd.hex) + " and " + board.format(hex::neighbour(sd.hex, sd.side)) + ")";
        if (sd.kind == hex::SideMeet::crossed) crossed.push_back(name), add(crossed_text, name);
        else along.push_back(name), add(along_text, both);
    }
    for (const auto& v : tr.vertices) {
        json::Array at;
        std::string text;
        for (const auto& h : v.hexes) at.push_back(board.format(h)), add(text, board.format(h));
        corners.push_back(std::move(at));
        add(corners_text, "[" + text + "]");
    }
    position.emplace_back("hexes", std::move(hexes));
    position.emplace_back("hexsides_crossed", std::move(crossed));
    position.emplace_back("hexsides_along", std::move(along));
    position.emplace_back("corners", std::move(corners));
    std::string path = "The line between the two hexes' centres passes through " + (hexes_text.empty() ? "no other hex" : hexes_text) +
                       " and crosses " + (crossed_text.empty() ? "no hexside" : "the hexsides " + crossed_text) + ".";
    if (!along_text.empty()) path += " It runs along " + along_text + ": an obstructing hexside there blocks (10.23; a woods hex's side, 10.24).";
    if (!corners_text.empty()) path += " It passes exactly through the corner of " + corners_text + ".";
    r.step("10.2", path + " Enter what lies there as the line's obstacles.");

    if (s.facing.empty() || !pos.sector) return s.aspect;
    const hex::Sector& sec = *pos.sector;
    const std::string angle = sec.on_ray ? "exactly " + std::to_string(sec.lo_degrees()) + "\xc2\xb0"
                                         : "between " + std::to_string(sec.lo_degrees()) + "\xc2\xb0 and " + std::to_string(sec.hi_degrees()) + "\xc2\xb0";
    position.emplace_back("facing", s.facing);
    json::Array deg{sec.lo_degrees(), sec.hi_degrees()};
    position.emplace_back("angle_degrees", std::move(deg));
    json::Array asp;
    for (Aspect a : pos.aspects) asp.push_back(to_string(a));
    position.emplace_back("aspects", std::move(asp));
    const std::string arcs = "front " + std::to_string(d.choices.front_arc_degrees) + "\xc2\xb0, rear " +
                             std::to_string(d.choices.rear_arc_degrees) + "\xc2\xb0: Umpire's reading of the missing Defense Aspect diagram, rules-data [choices]";
    const std::string where = "The target faces hexside " + s.facing + "; seen from the target, the firer lies " + angle + " off that facing";
    if (target_soft) {
        r.step("7.31", where + ", but facing does not affect the defense of infantry and AT guns.");
        return s.aspect;
    }
    if (pos.aspects.size() == 1) {
        r.step("8.7", where + ": in its " + std::string(to_string(pos.aspects[0])) + " aspect (" + arcs + ").");
        return pos.aspects[0];
    }
    const Aspect a = pos.aspects[0], b = pos.aspects[1];
    const std::string pair = std::string(to_string(a)) + " and " + to_string(b);
    if (s.aspect) {
        r.step("8.7", where + ": exactly on the boundary between the " + pair + " aspects (" + arcs + "); target.aspect settles it as " +
                          to_string(*s.aspect) + ".");
        return s.aspect;
    }
    auto strength = [&](Aspect x) { return x == Aspect::front ? tu->front : x == Aspect::side ? tu->side : tu->rear; };
    const bool stronger = d.choices.aspect_on_boundary == "stronger";
    const Aspect pick = boundary_aspect(d, *tu, a, b);
    r.step("8.7", where + ": exactly on the boundary between the " + pair + " aspects (" + arcs + ").");
    r.call("8.7", "the firer lies exactly on the boundary between the target's " + pair + " aspects and the Defense Aspect diagram is missing; Umpire uses the " +
                      (stronger ? "stronger" : "weaker") + " one, " + to_string(pick) + " (" + std::to_string(strength(pick)) +
                      "; rules-data choice aspect_on_boundary). Set target.aspect to rule otherwise.");
    return pick;
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
        for (const auto& cell : row.cells) n += int(cell.size());
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
    const std::string kind = he ? "HE" : "AP";
    f.final = f.base;
    f.breakdown = u.name + " " + kind + " " + std::to_string(f.base);
    const bool beyond_effective = range > u.effective_range;
    const bool both = beyond_effective && preservation;
    const bool once_only = both && d.choices.double_halving == "once";
    if (beyond_effective) {
        const int before = f.final;
        f.final = halve_up(f.final);
        f.breakdown += ", halved for range " + std::to_string(range) + " > effective " + std::to_string(u.effective_range) +
                       " -> " + std::to_string(f.final);
        r.step("8.31", "The " + u.name + " fires at range " + std::to_string(range) + ", beyond its effective range of " +
                           std::to_string(u.effective_range) + (range <= abs_range ? " but within the table's absolute range" : "") +
                           ": its " + kind + " strength " + std::to_string(before) + " is halved to " + std::to_string(f.final) +
                           " (fractions rounded up).");
    } else if (primary || range > 0) {
        r.step("8.31", "Range " + std::to_string(range) + " is within the " + u.name + "'s effective range of " +
                           std::to_string(u.effective_range) + ": no range halving.");
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
            f.breakdown += ", halved for preservation -> " + std::to_string(f.final);
            r.step("15.11", "The firing force reached its Preservation Level on an earlier turn: " + kind + " strength " +
                                std::to_string(before) + " is halved to " + std::to_string(f.final) + " (fractions rounded up).");
            if (both)
                r.call("15.11", "range halving (8.31) and preservation halving (15.11) both apply to the " + u.name +
                                "; the rules do not say whether they compound. Umpire halves twice, rounding up each time "
                                "(rules-data choice double_halving = \"twice\").");
        }
    }
    return f;
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
    for (int i = 1; i <= v.max; ++i) a.emplace_back(i);
    return json::Value(std::move(a));
}

std::string spot_text(const SpotValue& v) {
    if (v.kind == SpotValue::automatic) return "automatic";
    if (v.kind == SpotValue::unspottable) return "unspottable";
    return v.max == 1 ? "1" : "1-" + std::to_string(v.max);
}

// 13.5: which spotting column the target falls in.
void rule_spotting(const Data& d, const Situation& s, const Unit* tunit, Ruling& r) {
    const auto& eff = d.terrain.at(s.mode);
    const bool vehicle = tunit && tunit->vehicle;
    // "Directly behind an obstructing hexside": the target's own-hex hexside the fire comes through.
    bool behind_obstruction = (s.behind != Behind::none && eff.at(to_string(s.behind)).obstructs);
    for (const auto& o : adjacent_sides_shared(s))
        if (o.at == At::hexside && (o.touches == Touches::target || o.touches == Touches::both) && eff.at(o.terrain).obstructs)
            behind_obstruction = true;
    const TerrainEffect& hex = eff.at(s.terrain);
    const bool as_clear = !hex.as_clear_note.empty();
    bool concealed = false;
    std::string why;
    if (vehicle) {
        if (s.moving_mp > 0) {
            why = "a vehicle plotted to move (13.3)";
            r.step("13.3", "A vehicle plotted to move is spotted automatically by any enemy unit with a line of sight to it.");
        } else if (s.terrain == "woods" && !as_clear) {
            concealed = true;
            why = "a vehicle in a woods hex";
        } else if (behind_obstruction) {
            concealed = true;
            why = "a vehicle directly behind an obstructing hexside";
        } else if ((s.terrain == "rough" || s.terrain == "wreck") && !as_clear) {
            concealed = d.choices.vehicle_rough_wreck_spotting == "concealed";
            const SpotValue a = spot_lookup(d, s.range, true, true), b = spot_lookup(d, s.range, true, false);
            if (a.kind != b.kind || a.max != b.max)
            r.call("13.5", "13.5's vehicle columns name only woods hexes and obstructing hexsides; a vehicle in a " + s.terrain +
                           " hex is read as " + (concealed ? "concealed (the woods column)" : "in open terrain") +
                           " (rules-data choice vehicle_rough_wreck_spotting).");
            why = std::string("a vehicle in a ") + s.terrain + " hex, read as " + (concealed ? "concealed" : "open terrain");
        } else {
            why = "a vehicle in open terrain";
        }
    } else {
        if (s.improved_position) { concealed = true; why = "a soft target in an improved position"; }
        else if ((s.terrain == "rough" || s.terrain == "woods" || s.terrain == "wreck") && !as_clear) {
            concealed = true;
            why = "a soft target in a " + s.terrain + " hex";
        } else if (behind_obstruction) { concealed = true; why = "a soft target directly behind an obstructing hexside"; }
        else why = "a soft target in open terrain, not in an improved position";
    }
    const SpotValue v = spot_lookup(d, s.range, vehicle, concealed);
    std::string sentence = "Spotting at range " + std::to_string(s.range) + ", " + why + ": ";
    if (v.kind == SpotValue::automatic) sentence += "automatic.";
    else if (v.kind == SpotValue::unspottable) sentence += "it cannot be spotted at this range.";
    else sentence += "a roll of " + spot_text(v) + " spots it.";
    r.step("13.5", sentence);
    // 13.0/13.1: spotting needs an unobstructed line of sight (13.3: automatic only for a unit that can
    // see the target). The numbers stay, like the kill numbers, but the ruling says this unit cannot try.
    for (const auto& [key, value] : r.fields)
        if (key == "los" && value.is_string() && value.as_string() == "blocked") {
            why += "; no attempt: the line is blocked (13.1)";
            r.step("13.1", "The line of sight is blocked, so this unit cannot attempt to spot the target: the spotting "
                           "numbers above are what 13.5 would give with a clear line.");
        }
    r.set("spot_numbers", spot_json(v));
    r.figures.push_back({"Spotting", spot_text(v), "13.5", why});  // stays last: rule() adds its figures before this
}

double kill_probability(const std::vector<int>& kills, int modifier, int sides) {
    int n = 0;
    for (int roll = 1; roll <= sides; ++roll)
        if (std::find(kills.begin(), kills.end(), roll + modifier) != kills.end()) ++n;
    return double(n) / sides;
}

std::string percent(double p) {
    std::ostringstream os;
    os.precision(3);
    os << p * 100 << "%";
    return os.str();
}

json::Value ints_json(const std::vector<int>& v) {
    json::Array a;
    for (int x : v) a.emplace_back(x);
    return json::Value(std::move(a));
}

}  // namespace

Ruling rule(const Data& d, const Situation& given) {
    // With both hex numbers the map decides the range (8.3), whatever line.range says: the
    // window may hold a stale range while the referee edits the hexes.
    const std::optional<HexPosition> pos = hex_position(d, given);
    Situation s = given;
    if (pos && pos->range > 0) s.range = pos->range;
    Ruling r;
    r.system = "spi-tank";
    const bool firer_inf = same_name(s.firer, "infantry");
    const bool target_inf = same_name(s.target, "infantry");
    const Unit* fu = firer_inf ? nullptr : d.find_unit(s.firer);
    const Unit* tu = target_inf ? nullptr : d.find_unit(s.target);
    if ((!firer_inf && !fu) || (!target_inf && !tu)) throw std::invalid_argument("unknown unit in situation");
    const bool target_soft = !tu || !tu->vehicle;
    const auto& eff = d.terrain.at(s.mode);
    const std::string firer_name = fu ? fu->name : "infantry";
    const std::string target_name = tu ? tu->name : "infantry";
    std::vector<std::string> forbidden;  // every reason fire is not permitted

    // ---- 8.3, 10.2, 8.7 from the map's hex numbers (optional) ----
    std::optional<Aspect> aspect = s.aspect;
    json::Object position;
    if (pos && pos->range > 0) aspect = rule_position(d, s, *pos, tu, target_soft, r, position);

    // ---- 8.1 fire type ----
    std::string attack_type;
    if (firer_inf) {
        attack_type = "infantry";
        r.step("8.8", "Infantry fires with its close-range anti-tank weapons on the Infantry Fire Table 8.81, not with attack strength points.");
    } else if (target_soft) {
        attack_type = "HE";
        r.step("8.1", "The " + target_name + " is a soft target (infantry or AT gun), so the " + firer_name + " fires HE.");
    } else {
        attack_type = "AP";
        r.step("8.1", "The " + target_name + " is an armored vehicle, so the " + firer_name + " fires AP.");
    }

    // ---- 10.2 line of sight ----
    const LosResult los = check_los(d, s, r);
    if (!los.clear) forbidden.push_back("line of sight blocked by the " + los.blocker + " (10.2)");

    // ---- 7.21 field of fire ----
    if (fu && !fu->turreted) {
        if (!s.in_field_of_fire) {
            r.step("7.21", "The " + firer_name + (fu->vehicle ? " is turretless" : " is an AT gun") +
                               ": it may fire only into the three-hex front arc it faces, and the target is outside it.");
            forbidden.push_back("target outside the " + firer_name + "'s field of fire (7.21)");
        } else {
            r.step("7.21", "The " + firer_name + (fu->vehicle ? " is turretless" : " is an AT gun") + " and the target lies in its front field of fire.");
        }
    } else if (!s.in_field_of_fire) {
        r.step("7.23", std::string("The ") + (fu ? firer_name + " is turreted" : "infantry has a 360-degree field of fire") +
                           ", so facing does not limit its field of fire (in_field_of_fire = false does not matter).");
    }

    // ---- 8.41 friendly masking ----
    if (s.friendly_in_line == Friendly::other) {
        r.step("8.41", "A friendly unit in the target hex or on the line masks the fire.");
        forbidden.push_back("masked by a friendly unit on the line (8.41)");
    } else if (s.friendly_in_line == Friendly::infantry) {
        if (fu && !fu->vehicle && attack_type == "AP") {
            r.step("8.41", "Friendly infantry on the line does not mask an AT gun's AP fire (the exception in 8.41).");
        } else {
            r.step("8.41", "Friendly infantry on the line masks the fire (only AT guns firing AP may fire through friendly infantry).");
            forbidden.push_back("masked by friendly infantry on the line (8.41)");
        }
    }

    std::optional<int> attack, defense, differential, column;
    std::vector<int> kills;
    int modifier = 0;
    std::string table_id;
    int range_used = s.range;

    if (firer_inf) {
        // ---- 8.8 infantry fire ----
        table_id = "8.81";
        if (target_soft) {
            r.step("8.8", "Infantry fires only at AFVs in the standard game; it cannot fire at the " + target_name + ".");
            forbidden.push_back("infantry fires only at AFVs (8.8)");
        }
        const bool moving = s.moving_mp > 0;
        const InfantryTable::Row* row = nullptr;
        for (const auto& rw : d.infantry.rows)
            if (rw.range == s.range) row = &rw;
        r.cite("8.81");
        if (target_soft) {
            // 8.8: the table covers only AFV targets, so there is no cell to read.
        } else if (!row) {
            r.step("8.82", "Infantry may not fire at a target more than " + std::to_string(d.infantry.max_range()) + " hexes away; range is " + std::to_string(s.range) + ".");
            forbidden.push_back("infantry fire beyond " + std::to_string(d.infantry.max_range()) + " hexes (8.82)");
        } else {
            kills = moving ? row->moving : row->stationary;
            r.step("8.81", "At range " + std::to_string(s.range) + " against a " + (moving ? "moving" : "stationary") +
                               " target the Infantry Fire Table gives " + kills_text(kills) + ".");
        }
        r.step("8.83", "Terrain and target aspect do not affect infantry fire (only line of sight).");
        if (moving) r.step("8.71", "Target movement is already counted by the table's moving column: no die modifier.");
    } else {
        // ---- 8.9 table, 8.3 range, 8.31/15.11 strength ----
        const bool he = attack_type == "HE";
        std::vector<std::pair<const Unit*, int>> firers = {{fu, s.range}};
        for (const auto& x : s.extra_firers) {
            const Unit* xu = d.find_unit(x.unit);
            if (xu->he == 0) {
                // 8.22 combines the HE of the units that fire it; a unit with no HE cannot (17.4),
                // so it neither adds strength nor sets the range (8.3) or the table.
                r.step("8.22", "The extra firer " + xu->name + " has no HE attack strength, so it takes no part in the combined fire.");
                continue;
            }
            firers.push_back({xu, x.range});
        }
        const Crt* table = table_for(d, fu->fire_control, s.panic_level);
        if (!table) throw std::invalid_argument("no combat results table for fire control " + fu->fire_control);
        const std::string panic_text = "panic level " + std::to_string(s.panic_level);
        r.step("8.9", "The " + firer_name + " has " + fu->fire_control + " fire control; at " + panic_text + " it uses table " +
                          table->id + " (" + table->title + ").");
        if (firers.size() > 1) {
            // 8.22 is silent on the table when combining firers' fire controls differ: the two
            // readings are the [firer]'s table and the least capable one (rules-data choice
            // combined_he_table). A referee's call only where they pick different tables.
            const Crt* least = table;
            std::string controls = fu->fire_control;
            for (std::size_t i = 1; i < firers.size(); ++i) {
                range_used = std::max(range_used, firers[i].second);
                const Crt* other = table_for(d, firers[i].first->fire_control, s.panic_level);
                if (other && table_capability(*other) < table_capability(*least)) least = other;
                if (controls.find(firers[i].first->fire_control) == std::string::npos) controls += " and " + firers[i].first->fire_control;
            }
            if (least != table) {
                if (d.choices.combined_he_table == "least") table = least;
                r.call("8.22", "the combining firers use different results tables (" + controls +
                                   " fire control); the rules do not say which applies to combined HE. Umpire uses " +
                                   (d.choices.combined_he_table == "least" ? "the least capable firer's table" : "the [firer]'s table") +
                                   " (rules-data choice combined_he_table): " + table->id + ".");
            }
            r.step("8.3", "Combined HE fire uses the range of the most distant firer: " + std::to_string(range_used) + " hexes.");
        }
        table_id = table->id;
        const int abs_range = table->absolute_range();
        if (range_used > abs_range) {
            r.step("8.31", "Range " + std::to_string(range_used) + " is beyond table " + table->id + "'s absolute range of " +
                               std::to_string(abs_range) + " hexes: the target cannot be engaged.");
            forbidden.push_back("beyond the absolute range of " + std::to_string(abs_range) + " hexes (8.31)");
            r.cite(table->id);  // the table's last row is what sets the absolute range (8.31)
        }
        int total = 0;
        std::string breakdown;
        for (std::size_t i = 0; i < firers.size(); ++i) {
            // 8.3 sets the combined fire's range (the table row) from the most distant firer; 8.31
            // halves a unit firing beyond its own effective range. Which range 8.31 uses for a
            // nearer combining firer is open: rules-data choice combined_he_halving.
            const Unit& u = *firers[i].first;
            const int own = firers[i].second;
            const bool combined = d.choices.combined_he_halving == "combined-range";
            if (firers.size() > 1 && own <= u.effective_range && range_used > u.effective_range && range_used <= abs_range)
                r.call("8.31", "the " + u.name + " fires from " + std::to_string(own) + " hexes, within its effective range of " +
                                   std::to_string(u.effective_range) + ", but the combined fire uses " + std::to_string(range_used) +
                                   " (8.3); the rules do not say which range decides its halving. Umpire uses " +
                                   (combined ? "the combined range" : "its own range") + " (rules-data choice combined_he_halving).");
            FirerStrength f = strength_of(d, u, combined ? range_used : own, he, s.preservation, abs_range, r, i == 0);
            total += f.final;
            if (!breakdown.empty()) breakdown += "; ";
            breakdown += f.breakdown;
        }
        if (firers.size() > 1) {
            r.step("8.22", "HE strengths of " + (firers.size() == 2 ? std::string("both") : "all " + std::to_string(firers.size())) + " firers are combined into one attack strength of " + std::to_string(total) + ".");
            breakdown += " = " + std::to_string(total);
        }
        attack = total;
        if (he && total == 0) {
            r.step("8.1", "The firing unit" + std::string(firers.size() > 1 ? "s have" : " has") + " no HE attack strength (0 on the chart), so it cannot harm a soft target.");
            forbidden.push_back("no HE attack strength (17.4)");
        }
        r.figures.push_back({"Attack strength", std::to_string(total), firers.size() > 1 ? "8.22" : "8.31", breakdown});

        // ---- 8.7, 10.3-10.6, 14.4 defense ----
        int def = 0;
        std::string dbreak;
        const std::string mode = to_string(s.mode);
        if (!target_soft) {
            const Aspect a = aspect.value_or(Aspect::front);
            def = a == Aspect::front ? tu->front : a == Aspect::side ? tu->side : tu->rear;
            dbreak = std::string(to_string(a)) + " " + std::to_string(def);
            r.step("8.7", "The firer lies in the target's " + std::string(to_string(a)) + " aspect: the " + target_name + "'s " +
                              to_string(a) + " defense strength is " + std::to_string(def) + ".");
            const TerrainEffect& h = eff.at(s.terrain);
            if (h.vehicle_defense_add > 0) {
                def += h.vehicle_defense_add;
                dbreak += " + " + s.terrain + " " + std::to_string(h.vehicle_defense_add);
                r.step("10.4", "A vehicle in a " + s.terrain + " hex in " + mode + " mode adds " + std::to_string(h.vehicle_defense_add) + " (10.6).");
                r.cite("10.6");  // the number comes from the Terrain Effects Chart
            } else if (s.terrain != "clear") {
                r.step(h.as_clear_note.empty() ? "10.6" : "10.61",
                       h.as_clear_note.empty() ? "A " + s.terrain + " hex adds nothing to a vehicle's defense in " + mode + " mode."
                                               : "In open mode the " + s.terrain + " hex counts as clear: no addition.");
            }
            if (s.improved_position)
                r.step("14.0", "Improved positions benefit only infantry and AT guns: no addition for a vehicle (10.6).");
        } else {
            if (s.aspect) r.step("7.31", "Facing and aspect do not affect the defense of infantry and AT guns.");
            if (s.improved_position) {
                def = *eff.at("improved-position").soft_defense;
                dbreak = "improved position " + std::to_string(def);
                r.step("14.41", "A soft target in an improved position has a constant defense strength of " + std::to_string(def) +
                                    ", whatever the terrain of its hex (10.33).");
                r.cite("14.4");
                r.cite("10.33");
            } else if (s.terrain == "wreck") {
                const TerrainEffect& w = eff.at("wreck");
                const TerrainEffect& base = eff.at(d.choices.wreck_soft_base);
                const int b = base.soft_defense.value_or(0);
                def = b + w.soft_defense_add;
                dbreak = d.choices.wreck_soft_base + " " + std::to_string(b) + " + wreck " + std::to_string(w.soft_defense_add);
                r.call("10.6", "the chart gives a wreck hex only \"+" + std::to_string(w.soft_defense_add) +
                                   "\" for soft targets without saying what it adds to; Umpire adds it to the soft defense of " +
                                   d.choices.wreck_soft_base + " terrain (" + std::to_string(b) + "), giving " + std::to_string(def) +
                                   " (rules-data choice wreck_soft_base).");
            } else {
                const TerrainEffect& h = eff.at(s.terrain);
                def = h.soft_defense.value_or(0);
                dbreak = s.terrain + " " + std::to_string(def);
                r.step(h.as_clear_note.empty() ? "10.31" : "10.61",
                       "A soft target's defense is its hex's terrain: " + s.terrain + " in " + mode + " mode gives " + std::to_string(def) +
                           (h.as_clear_note.empty() ? "." : " (" + h.as_clear_note + ")."));
                r.cite("10.6");  // 10.31: the number is the Terrain Effects Chart's soft-target column
            }
        }
        // 10.6's notes: the berm addition goes to a unit receiving fire through a berm hexside of its
        // own hex. A berm obstacle on this line that is a side of the target's hex is exactly that,
        // for a single firer; combined HE needs all the fire through it, which only `behind` says.
        Behind behind = s.behind;
        if (behind == Behind::none)
            for (const auto& o : adjacent_sides_shared(s)) {
                if (o.at != At::hexside || (o.touches != Touches::target && o.touches != Touches::both)) continue;
                if (o.terrain == "berm" && s.extra_firers.empty()) {
                    behind = Behind::berm;
                    r.step("10.6", "The line enters the target's hex through a berm hexside of that hex (obstacle list), so the "
                                   "target receives this fire through it.");
                    break;
                }
                if (o.terrain == "berm")
                    r.step("10.6", "A berm hexside of the target's hex is on the [firer]'s line, but combined fire adds it only "
                                   "when all the fire comes through it: set target.behind = \"berm\" if it does.");
                else if (o.terrain == "slope")
                    r.step("10.5", "A slope hexside of the target's hex is on the line; it adds only when the target is on its "
                                   "sloped side and the fire comes through the unsloped side: set target.behind = \"slope\" if so.");
            }
        if (behind != Behind::none) {
            const std::string b = to_string(behind);
            const TerrainEffect& h = eff.at(b);
            const int add = target_soft ? h.soft_defense_add : h.vehicle_defense_add;
            const std::string rule_id = target_soft ? "10.32" : "10.61";
            if (!h.as_clear_note.empty()) {
                r.step("10.61", "In open mode the " + b + " hexside is ignored: no addition.");
            } else if (add > 0) {
                def += add;
                dbreak += " + " + b + " " + std::to_string(add);
                r.step(behind == Behind::slope ? "10.5" : rule_id,
                       "All fire reaches the target through a " + b + " hexside of its own hex" +
                           (behind == Behind::slope ? ", with the target on the sloped side," : "") + " so it adds " +
                           std::to_string(add) + " (10.6).");
                r.cite("10.61");
                r.cite("10.6");
            }
        }
        defense = def;
        r.figures.push_back({"Defense strength", std::to_string(def), target_soft ? "10.31" : "8.7", dbreak});

        // ---- 8.9 differential and column ----
        differential = total - def;
        if (*differential < 0) {
            r.step("8.9", "Attack differential " + std::to_string(total) + " - " + std::to_string(def) + " = " +
                              std::to_string(*differential) + ": below zero, no attack is permitted.");
            forbidden.push_back("negative attack differential (8.9)");
        } else {
            column = std::min(*differential, 10);
            r.step("8.9", "Attack differential " + std::to_string(total) + " - " + std::to_string(def) + " = " +
                              std::to_string(*differential) + (*differential > 10 ? ", counted as 10" : "") + ": column " +
                              std::to_string(*column) + ".");
            if (const Crt::Row* row = table->row_for(range_used)) {
                kills = row->cells[*column];
                r.step(table->id, "Row " + std::to_string(row->lo) + "-" + std::to_string(row->hi) + ", column " +
                                      std::to_string(*column) + ": " + (kills.empty() ? "no effect (•)." : "a roll of " + kills_text(kills) + " destroys the target."));
            }
        }
        r.figures.push_back({"Attack differential", differential ? std::to_string(*differential) : "—", "8.9",
                             column ? "column " + std::to_string(*column) : "no column"});

        // ---- 8.71 target movement ----
        modifier = s.moving_mp / 2;
        if (s.moving_mp > 0)
            r.step("8.71", "The target is plotted to expend " + std::to_string(s.moving_mp) + " MP: add " + std::to_string(modifier) +
                               " to the die roll (one per two MP, rounded down).");
    }

    const bool permitted = forbidden.empty();
    const double p = permitted ? kill_probability(kills, modifier, d.die_sides) : 0.0;
    if (permitted && kills.empty())
        r.step("8.9", "The table cell is a dot: no roll can destroy the target.");
    else if (permitted && p == 0.0)
        r.step("8.71", "Even a roll of 1 plus " + std::to_string(modifier) + " falls outside " + kills_text(kills) + ": no roll can destroy the moving target.");
    else if (permitted)
        r.step("8.9", "A roll of 1-" + std::to_string(d.die_sides) + (modifier ? " plus " + std::to_string(modifier) : "") +
                          " must fall in " + kills_text(kills) + ": the chance of a kill is " + percent(p) + ".");

    // ---- contract keys, in the spec's order ----
    r.set("los", los.clear ? "clear" : "blocked");
    r.set("fire_permitted", permitted);
    r.set("range", range_used);
    r.set("table", table_id);
    r.set("attack_type", attack_type);
    r.set("attack_strength", attack ? json::Value(*attack) : json::Value());
    r.set("defense_strength", defense ? json::Value(*defense) : json::Value());
    r.set("attack_differential", differential ? json::Value(*differential) : json::Value());
    r.set("table_column", column ? json::Value(*column) : json::Value());
    r.set("kill_numbers", ints_json(kills));
    r.set("die_modifier", modifier);
    r.set("kill_probability", json::Fixed{p, 4});
    if (!position.empty()) r.set("position", std::move(position));  // an extension: only with hex numbers

    r.figures.insert(r.figures.begin(), {"Line of sight", los.clear ? "clear" : "blocked", "10.2", los.blocker});
    r.figures.insert(r.figures.begin() + 1, {"Table", table_id, "8.9", "range " + std::to_string(range_used)});
    r.figures.push_back({"Kill numbers", kills_text(kills), table_id, ""});
    r.figures.push_back({"Die modifier", "+" + std::to_string(modifier), "8.71", std::to_string(s.moving_mp) + " MP plotted"});
    r.figures.push_back({"Kill probability", percent(p), "8.9", ""});

    // ---- 13.5 spotting ----
    rule_spotting(d, s, tu, r);

    if (permitted) {
        // A dot, or kill numbers the movement modifier pushes out of reach (8.71): no roll can kill.
        r.tone = p == 0.0 ? Tone::caution : Tone::good;
        r.verdict = p == 0.0 ? "FIRE PERMITTED — but no roll can kill" + (kills.empty() ? std::string() : " (" + kills_text(kills) + " after +" + std::to_string(modifier) + ")") :
                    "FIRE PERMITTED — kills on " + kills_text(kills) + (modifier ? " after +" + std::to_string(modifier) : "") + " (" + percent(p) + ")";
    } else {
        r.tone = Tone::bad;
        r.verdict = los.clear ? "NO FIRE — " + forbidden.front() : "LINE OF SIGHT BLOCKED — no fire";
        std::string all;
        for (const auto& f : forbidden) all += (all.empty() ? "" : "; ") + f;
        r.detail = "Fire not permitted: " + all + ".";
    }
    return r;
}

// =====================================================================================
// 5. SpiTank
// =====================================================================================

void SpiTank::load(const std::filesystem::path& rules_dir) { data_ = load_data(rules_dir / "spi-tank.toml"); }

Ruling SpiTank::rule(const Table& root) const {
    Situation s = parse_situation(data_, root);
    root.sink().throw_if_errors();
    Ruling r = tank::rule(data_, s);
    r.view = ruling_view(s, r);
    return r;
}

std::vector<NameList> SpiTank::names() const {
    return {{"units", data_.unit_names()},
            {"terrain_mode", kModes},
            {"target.terrain", kTargetTerrain},
            {"target.aspect", kAspects},
            {"target.behind", kBehind},
            {"line.friendly_in_line", kFriendly},
            {"obstacle terrain", kObstacleTerrain},
            {"obstacle at", kAt},
            {"obstacle touches", kTouches}};
}

}  // namespace umpire::tank

namespace umpire {
std::unique_ptr<GameSystem> make_spi_tank() { return std::make_unique<tank::SpiTank>(); }
}  // namespace umpire
