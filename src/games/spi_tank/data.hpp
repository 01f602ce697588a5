// SPI TANK! (1974), standard game: the charts loaded from rules-data/spi-tank.toml (17.4, 8.81,
// 8.91-8.93, 10.6, 13.5) and the referee's choices where the text is open. Apart from rules.hpp so
// that the board code (board.hpp: line of sight on a map) builds on the data alone, and rules.cpp
// builds on the board code: the includes run one way. load_data is defined in rules.cpp.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "geometry/hex.hpp"

namespace umpire::spi_tank {

// ---- Data ---------------------------------------------------------------------

enum class Mode { closed, mixed, open };
const char* to_string(Mode m);
// The terrain mode a situation's `terrain_mode` names (matched as names are: case, spaces and
// punctuation ignored), or nullopt. The ruling and the board view's overlays read it so: one
// reading, no default.
std::optional<Mode> mode_named(const std::string& name);

struct Unit {  // one row of the Weapons Systems Characteristics Chart (17.4)
    std::string name;
    std::vector<std::string> aliases;
    bool vehicle = true;  // false: an anti-tank gun (a soft target, 8.1)
    int front = 0, side = 0, rear = 0;  // defense strengths (vehicles only)
    int ap = 0, he = 0;
    int movement = 0;
    int effective_range = 0;
    std::string fire_control;  // "N", "SR" or "SC"
    bool turreted = true;      // false: field of fire limited to the front arc (7.21)
};

// A printed cell's kill numbers (8.9): the run of die numbers lo..hi ("1-3", "1"); none for "•".
struct Kills {
    int lo = 1, hi = 0;  // hi < lo: no effect
    bool empty() const { return hi < lo; }
    int size() const { return empty() ? 0 : hi - lo + 1; }
    std::vector<int> numbers() const {
        std::vector<int> v;
        v.reserve(std::size_t(size()));
        for (int n = lo; n <= hi; ++n) v.push_back(n);
        return v;
    }
};

struct Crt {  // a combat results table (8.91, 8.92, 8.93)
    std::string id;     // "8.91"
    std::string title;
    std::vector<std::string> fire_control;  // systems that use it
    int panic_min = 0, panic_max = 10;      // panic levels that use it
    struct Row { int lo, hi; std::vector<Kills> cells; };  // cells[column] = kill numbers (empty = no effect)
    std::vector<Row> rows;
    int absolute_range() const { return rows.empty() ? 0 : rows.back().hi; }
    const Row* row_for(int range) const;
};

struct InfantryTable {  // 8.81
    struct Row { int range; std::vector<int> moving, stationary; };
    std::vector<Row> rows;
    int max_range() const { return rows.empty() ? 0 : rows.back().range; }
};

struct TerrainEffect {  // one row of the Terrain Effects Chart (10.6) in one mode
    std::string name;
    bool hexside = false;      // berm and slope are hexsides; the rest are hexes
    std::string movement;      // as printed: "1", "2", "3", "all", "+1", "+2", "na"
    int vehicle_defense_add = 0;
    std::optional<int> soft_defense;      // a hex's basic soft-target defense
    int soft_defense_add = 0;             // an addition (hexsides, wreck)
    bool obstructs = false;               // blocks line of sight (10.21)
    std::string as_clear_note;            // set when the mode treats it as clear (open mode)
};

struct SpotValue {  // a cell of the Spotting Table (13.5)
    enum Kind { automatic, unspottable, roll } kind = roll;
    int max = 0;  // roll: 1..max spots
};

struct SpotRow {
    int lo = 1, hi = 0;  // hi == 0: "or more"
    SpotValue vehicle_open, vehicle_concealed, soft_open, soft_concealed;
};

struct Choices {  // where the text is open: rules-data [choices], each a referee's call
    std::string double_halving = "twice";          // "twice" | "once" (8.31 with 15.11)
    std::string wreck_soft_base = "clear";         // a soft target in a wreck hex: this terrain's soft defense + the wreck addition
    std::string vehicle_rough_wreck_spotting = "open";  // "open" | "concealed" (13.5 names only woods for vehicles)
    std::string combined_he_halving = "own-range"; // "own-range" | "combined-range": range for 8.31 halving in combined HE
    std::string combined_he_table = "least";       // "least" | "firer": table for combined HE from different fire controls
    int front_arc_degrees = 120;                   // Defense Aspect diagram (8.7) is missing: widths of the front
    int rear_arc_degrees = 60;                     // and rear aspects around the facing; side is the rest
    std::string aspect_on_boundary = "stronger";   // "stronger" | "weaker": a firer exactly on an aspect boundary
    std::string two_terrains_vehicle = "both";     // "both" | "larger": a vehicle in a hex holding a wreck and woods (10.4)
    int field_of_fire_degrees = 180;               // Field of Fire diagram (7.22) is missing: the front arc's width
    std::string field_of_fire_on_boundary = "in";  // "in" | "out": a target exactly on the field of fire's edge
    std::string line_through_corner = "clear";     // "clear" | "blocks": an obstacle the line meets only at a corner (10.2)
    std::map<std::string, std::string> notes;      // choice -> why, shown in rulings
};

// 11.0: how many soft units may share a hex ([stacking]). Declared outside Data: clang cannot
// default-construct a nested struct with member initialisers inside std::optional of the
// enclosing class (its is_constructible is asked before the class is complete).
struct StackingLimits {
    int max_infantry = 2, max_at_guns = 1, max_infantry_with_at_gun = 1;
};

struct Data {
    int die_sides = 6;
    std::vector<Unit> units;
    std::vector<Crt> crts;
    InfantryTable infantry;
    int infantry_max_moving_mp = 1;
    using Stacking = StackingLimits;
    // Absent from an older rules-data folder: counters sharing a hex are then refused, saying so.
    std::optional<Stacking> stacking;
    std::map<Mode, std::map<std::string, TerrainEffect>> terrain;  // every terrain name, per mode
    std::vector<SpotRow> spotting;
    Choices choices;
    hex::Numbering board;  // how the map numbers its hexes ([board]; 9.13's plot example)
    // Kinds of area a board may name ([board_areas]): the hexside features its boundary loses for
    // a line between two units both outside it, and the rule (10.26: the depression's slopes).
    struct AreaKind {
        std::vector<std::string> ignores;
        std::string rule;
    };
    std::map<std::string, AreaKind> board_areas;
    // The shipped boards (docs/boards.md): the `boards` folder beside the rules-data folder, where
    // a situation's `board = "NAME"` is looked up when it is not beside the situation file.
    std::filesystem::path boards_dir;

    const Unit* find_unit(const std::string& name) const;  // by name or alias, normalized
    std::vector<std::string> unit_names() const;           // chart order, plus "infantry"
    const Crt* crt(const std::string& id) const;
};

// Loads and validates rules-data/spi-tank.toml; throws InputError (FILE:LINE:COL).
Data load_data(const std::filesystem::path& file);

}  // namespace umpire::spi_tank
