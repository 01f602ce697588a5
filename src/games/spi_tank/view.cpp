// The SPI TANK! views (view_spi_tank.hpp): what a ruling shows (the key figures, the results table
// with its used row and column, what the map said), the input choices (the 17.4 chart, the 10.6
// terrain, the file's words) and the situation in file form. Everything is read from the module's
// data and already computed results; no rule is decided here.
//
// Sections
//   1. the ruling's view: figures, results table, map position
//   2. the input choices
//   3. the situation in file form
#include <algorithm>

#include "core/names.hpp"
#include "games/spi_tank/rules.hpp"
#include "games/spi_tank/view.hpp"

namespace umpire {

const view::TankUnit* view::TankChoices::unit(const std::string& name) const {
    for (const auto& u : units) {
        if (same_name(u.name, name)) return &u;
        for (const auto& a : u.aliases)
            if (same_name(a, name)) return &u;
    }
    return nullptr;
}

namespace spi_tank {
namespace {

// =====================================================================================
// 1. the ruling's view
// =====================================================================================

// Kill numbers as the printed chart shows them: "1-3", "1", "•" (no effect).
std::string kills_cell(const std::vector<int>& k) {
    if (k.empty()) return "\xe2\x80\xa2";
    bool run = true;
    for (std::size_t i = 1; i < k.size(); ++i) run &= k[i] == k[i - 1] + 1;
    if (k.size() == 1) return std::to_string(k[0]);
    if (run) return std::to_string(k.front()) + "-" + std::to_string(k.back());
    std::string s;
    for (int v : k) s += (s.empty() ? "" : ",") + std::to_string(v);
    return s;
}

const json::Value* field(const Ruling& r, const std::string& key) {
    for (const auto& [k, v] : r.fields)
        if (k == key) return &v;
    return nullptr;
}

// The figures the view gives a place of their own, by the ids rule() gives them (spi_tank.cpp).
void sort_figures(const Ruling& r, view::TankRulingView& v) {
    for (const auto& f : r.figures) {
        if (f.id == "attack") v.attack = f;
        else if (f.id == "defense") v.defense = f;
        else if (f.id == "differential") v.differential = f;
        else if (f.id == "kill_probability") v.probability = f;
        else if (f.id == "spotting") continue;  // the view's spotting, shown with its chance
        else v.others.push_back(f);
    }
}

// The combat results table (8.91-8.93) with the range's row and the differential's column lit.
view::TankTable crt_table(const Crt& c, int range, const json::Value* column) {
    view::TankTable t;
    t.title = "Combat Results Table " + c.id + ": " + c.title;
    for (int i = 0; i <= 10; ++i) t.columns.push_back(i == 10 ? "10+" : std::to_string(i));
    t.column_tip = "Attack differential: attack strength minus defense strength, 10 or more in the last column (8.9).";
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const auto& row = c.rows[i];
        t.rows.push_back(std::to_string(row.lo) + "-" + std::to_string(row.hi));
        std::vector<std::string> cells;
        for (const auto& k : row.cells) cells.push_back(kills_cell(k.numbers()));
        t.cells.push_back(cells);
        if (range >= row.lo && range <= row.hi) t.lit_row = int(i);
    }
    if (column && column->is_int()) t.lit_column = int(column->as_int());
    if (!t.lit_row && range > c.absolute_range())
        t.beyond = "Range " + std::to_string(range) + " is beyond this table's last row (" + std::to_string(c.absolute_range()) + " hexes).";
    if (!t.lit_column && column && column->is_null())
        t.no_column = "No column: the attack differential is negative or not used (8.9).";
    return t;
}

// The Infantry Fire Table (8.81), the range's row lit, and the cell the kill numbers came from
// when the row tells moving and stationary apart.
view::TankTable infantry_table(const InfantryTable& inf, int range, const json::Value* kill_numbers) {
    view::TankTable t;
    t.title = "Infantry Fire Table 8.81";
    t.columns = {"moving", "stationary"};
    t.column_tip = "Whether the target vehicle moves this turn (8.81).";
    std::string used;
    if (kill_numbers && kill_numbers->is_array()) {
        std::vector<int> v;
        for (const auto& x : kill_numbers->as_array()) v.push_back(int(x.as_int()));
        used = kills_cell(v);
    }
    for (std::size_t i = 0; i < inf.rows.size(); ++i) {
        const auto& row = inf.rows[i];
        t.rows.push_back(std::to_string(row.range));
        t.cells.push_back({kills_cell(row.moving), kills_cell(row.stationary)});
        if (range == row.range) {
            t.lit_row = int(i);
            const bool m = t.cells.back()[0] == used, st = t.cells.back()[1] == used;
            if (m != st) t.lit_column = m ? 0 : 1;
        }
    }
    if (!t.lit_row)
        t.beyond = "Range " + std::to_string(range) + " is beyond the table (infantry fires at most " +
                   std::to_string(inf.max_range()) + " hexes, 8.82).";
    return t;
}

// 13.5: the spotting figure and the numbers it came from, with the chance on the game's die.
std::optional<view::TankSpotting> spotting_view(const Ruling& r, int die_sides) {
    const json::Value* numbers = field(r, "spot_numbers");
    if (!numbers) return std::nullopt;
    view::TankSpotting v;
    for (const auto& f : r.figures)
        if (f.id == "spotting") v.why = f.breakdown;
    v.may_try = v.why.find("no attempt") == std::string::npos;
    if (numbers->is_array()) {
        const auto n = numbers->as_array().size();
        v.needed = n == 1 ? "1" : "1-" + std::to_string(n);
        v.chance = double(n) / double(die_sides);
    } else if (numbers->is_string()) {
        v.needed = numbers->as_string();
        v.chance = v.needed == "automatic" ? 1.0 : 0.0;
    }
    return v;
}

// The numbers a side-by-side compares, from one JSON object of the ruling or of `alternatives`.
view::TankAlternative reading_numbers(const json::Object& o) {
    view::TankAlternative a;
    a.los = a.defense = a.differential = a.column = a.kills = "\xe2\x80\x94";
    for (const auto& [k, v] : o) {
        if (k == "rule" && v.is_string()) a.rule = v.as_string();
        else if (k == "reading" && v.is_string()) a.reading = v.as_string();
        else if (k == "verdict" && v.is_string()) a.verdict = v.as_string();
        else if (k == "los") a.los = v.text();
        else if (k == "defense_strength") a.defense = v.text();
        else if (k == "attack_differential") a.differential = v.text();
        else if (k == "table_column") a.column = v.text();
        else if (k == "kill_numbers" && v.is_array()) {
            std::vector<int> kills;
            for (const auto& x : v.as_array())
                if (x.is_int()) kills.push_back(int(x.as_int()));
            a.kills = kills.empty() ? "none" : kills_cell(kills);  // as the chart prints them: "1-7"
        }
        else if (k == "kill_probability" && v.is_number()) a.kill_probability = v.as_double();
    }
    return a;
}

std::vector<view::TankAlternative> alternatives_view(const Ruling& r) {
    std::vector<view::TankAlternative> out;
    if (const json::Value* alts = field(r, "alternatives"); alts && alts->is_array())
        for (const auto& x : alts->as_array())
            if (x.is_object()) out.push_back(reading_numbers(x.as_object()));
    return out;
}

std::vector<view::TankLeftOut> left_out_view(const Ruling& r) {
    std::vector<view::TankLeftOut> out;
    if (const json::Value* l = field(r, "combined_left_out"); l && l->is_array())
        for (const auto& x : l->as_array()) {
            if (!x.is_object()) continue;
            view::TankLeftOut o;
            if (const auto* u = x.find("unit"); u && u->is_string()) o.unit = u->as_string();
            if (const auto* u = x.find("rule"); u && u->is_string()) o.rule = u->as_string();
            if (const auto* u = x.find("reason"); u && u->is_string()) o.reason = u->as_string();
            out.push_back(std::move(o));
        }
    return out;
}

std::optional<view::TankPosition> position_view(const Data& d, const Situation& s) {
    const auto pos = hex_position(d, s);
    if (!pos) return std::nullopt;
    view::TankPosition p;
    p.firer_hex = s.firer_hex;
    p.target_hex = s.target_hex;
    p.facing = s.facing;
    p.range = pos->range;
    for (Aspect a : pos->aspects) p.aspects.push_back(to_string(a));
    const Unit* u = d.find_unit(s.target);
    if (pos->aspects.size() == 2 && u) p.boundary_pick = to_string(boundary_aspect(d, *u, pos->aspects[0], pos->aspects[1]));
    return p;
}

}  // namespace

std::any ruling_view(const Data& d, const Situation& s, const Ruling& r) {
    view::TankRulingView v;
    sort_figures(r, v);
    if (const json::Value* p = field(r, "kill_probability"); p && p->is_number()) v.kill_probability = p->as_double();
    const json::Value* table = field(r, "table");
    const json::Value* range = field(r, "range");
    const int rng = range && range->is_int() ? int(range->as_int()) : 0;
    if (table && table->is_string()) {
        if (const Crt* c = d.crt(table->as_string())) v.table = crt_table(*c, rng, field(r, "table_column"));
        else if (table->as_string() == "8.81") v.table = infantry_table(d.infantry, rng, field(r, "kill_numbers"));
    }
    v.position = position_view(d, s);
    v.spotting = spotting_view(r, d.die_sides);
    v.alternatives = alternatives_view(r);
    v.left_out = left_out_view(r);
    json::Object main(r.fields.begin(), r.fields.end());
    main.emplace_back("verdict", r.verdict);
    v.as_ruled = reading_numbers(main);
    v.as_ruled.reading = "Umpire's reading (rules-data [choices])";
    return v;
}

// =====================================================================================
// 2. the input choices
// =====================================================================================

namespace {

// A terrain's row of the Terrain Effects Chart (10.6) in one mode, in a sentence.
std::string terrain_tip(const std::string& name, Mode mode, const TerrainEffect& e) {
    std::string s = name + std::string(" in ") + to_string(mode) + " mode (10.6): ";
    if (!e.as_clear_note.empty()) s += e.as_clear_note + "; ";
    s += "vehicle defense +" + std::to_string(e.vehicle_defense_add);
    if (e.soft_defense) s += ", soft-target defense " + std::to_string(*e.soft_defense);
    if (e.soft_defense_add) s += ", soft-target defense +" + std::to_string(e.soft_defense_add);
    s += e.obstructs ? ", blocks line of sight (10.21)" : ", does not block line of sight";
    return s;
}

}  // namespace

std::any choices(const Data& d) {
    view::TankChoices c;
    for (const auto& n : d.unit_names()) {
        view::TankUnit v;
        v.name = n;
        if (const Unit* u = d.find_unit(n)) {
            v.aliases = u->aliases;
            v.vehicle = u->vehicle;
            v.front = u->front, v.side = u->side, v.rear = u->rear;
            v.ap = u->ap, v.he = u->he, v.movement = u->movement, v.effective_range = u->effective_range;
            v.fire_control = u->fire_control;
            v.turreted = u->turreted;
        } else {
            v.infantry = true;
            v.vehicle = false;
        }
        c.units.push_back(std::move(v));
    }
    c.infantry_max_moving_mp = d.infantry_max_moving_mp;
    for (const auto& [key, list] : names(d)) {
        if (key == "terrain_mode") c.modes = list;
        if (key == "target.terrain") c.target_terrain = list;
        if (key == "target.aspect") c.aspects = list;
        if (key == "target.behind") c.behind = list;
        if (key == "line.friendly_in_line") c.friendly = list;
        if (key == "obstacle terrain") c.obstacle_terrain = list;
        if (key == "obstacle at") c.obstacle_at = list;
        if (key == "obstacle touches") c.obstacle_touches = list;
    }
    for (const auto& [mode, effects] : d.terrain)
        for (const auto& [name, e] : effects) {
            c.terrain_tips[to_string(mode)][name] = terrain_tip(name, mode, e);
            c.hexside_terrain[to_string(mode)][name] = e.hexside;
        }
    c.front_arc_degrees = d.choices.front_arc_degrees;
    c.rear_arc_degrees = d.choices.rear_arc_degrees;
    c.aspect_on_boundary = d.choices.aspect_on_boundary;
    c.board = d.board;
    return c;
}

// =====================================================================================
// 3. the situation in file form
// =====================================================================================

}  // namespace spi_tank
}  // namespace umpire
