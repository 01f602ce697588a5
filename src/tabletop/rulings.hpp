// Rulings from a table sketch: a situation that says `table = "FILE"` and names bases on it
// instead of typing what the table shows. Umpire measures the table, derives the situation keys
// the hand-entered form would have, and rules with the game's own engine (gf9_tanks, agv); it
// never re-implements a rule. Format and keys: docs/tables.md.
//
// Sections
//   Fact, Derived   what was measured: one Fact per situation key filled from the table, with
//                   its measurement, and the sight lines and move path for a drawing
//   derive()        the measurements for one situation (GF9 line of sight and movement; AGV
//                   movement, fire and melee)
//   rule_with_table the whole ruling: derive, check hand-entered keys, rule, add the facts to the
//                   explanation, and rule the other reading of every measurement within the
//                   tolerance of a threshold (a referee's call when the ruling changes);
//                   rule_on_table does the same against a table in memory (the window's drags)
//                   and leaves a TableView (view_table.hpp) in Ruling::view
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/ruling.hpp"
#include "games/game_system.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"

namespace umpire {
class Engine;
}

namespace umpire::tabletop {

// ---- Fact, Derived ----------------------------------------------------------------

using Value = std::variant<bool, double, std::string, std::vector<std::string>>;
std::string show(const Value& v);  // as TOML would write it: true, 3.2, "wholly", ["woods"]

struct Fact {
    std::string key;    // the situation key it fills: "firer.on_hill", "stand[1].between" (from 0)
    Value value;
    std::string rule;   // the citation the fact is for ("GF9-hills")
    std::string says;   // the measurement in words: "firer base \"Tiger\" wholly on hill \"Ridge\" (0.8 in inside its edge)"
};

// Another reading of a measurement that lies within the tolerance of a threshold: the keys it
// changes. Ruled too; a referee's call when its ruling differs.
struct Reading {
    std::string rule, says;
    std::vector<std::pair<std::string, Value>> keys;
    std::vector<ItemRef> items;  // the pieces and bases the measurement is of
};

// What a crossed item may do, as measured; its Mark is read from the game's ruling afterwards
// (rule_on_table): `between` blocks when the line is blocked and covers when the target is in
// cover; `obstacle` is judged by the core rules; `cover` covers a stand that claims cover.
enum class Role { own, near, terrain, between, obstacle, cover, touched };
struct Found {
    Crossing crossing;
    Role role = Role::terrain;
};

// A sight line drawn from one base's centre to another's, and the pieces and bases it crosses.
struct Sight {
    std::string from, to;
    plane::Segment line;
    std::vector<std::string> crossed;
    std::vector<Found> found;  // crossed, and hills within the tolerance of the line
};

struct Derived {
    std::string question;
    std::vector<Fact> facts;      // a fact with an empty key is a measurement only (distance moved, cost)
    std::vector<Reading> readings;
    std::vector<Sight> sights;
    plane::Polyline path;      // a move or charge: the base centre's path
    double moved = 0;          // its length, in the table's unit
    std::optional<double> cost;  // AGV movement: allowance spent (half-rate terrain counts twice)
    std::vector<Found> path_found;  // the pieces the move or charge touches
    std::vector<std::string> subjects;  // the bases the question names
};

// ---- derive() -------------------------------------------------------------------

// The situation keys that name bases and paths, per question (removed before the game rules it).
const std::vector<std::string>& table_keys();

// Measures `table` for the situation `root` (its keys naming bases); problems go into
// root.sink(). `g` is the situation's game system (gf9-tanks or agv).
Derived derive(const GameSystem& g, const umpire::Section& root, const Sketch& table);

// ---- rule_with_table ----------------------------------------------------------------

// Rules a situation with `table = "FILE"`; the table file is found relative to `base_dir`.
// Throws InputError for a bad situation or table (FILE:LINE:COL lines).
Ruling rule_with_table(const Engine& e, const GameSystem& g, const toml::table& situation, const std::string& display_name,
                       const std::filesystem::path& base_dir);

// The same against a table already in memory (the window rules while the referee drags, before
// anything is saved). The ruling's view is a TableView (view_table.hpp) holding the game's own
// view in `game`.
// Throws InputError for a bad situation, or a table of another system.
Ruling rule_on_table(const GameSystem& g, const toml::table& situation, const std::string& display_name, const Sketch& table);

// The table systems known to an engine (gf9-tanks and agv, when loaded).
Systems table_systems(const Engine& e);

}  // namespace umpire::tabletop
