// What the SPI TANK! panel draws and offers, as plain data (docs/adding-a-game.md): no game
// module, no window toolkit (hex.hpp is the shared board geometry). Built by
// src/games/spi_tank/view.cpp.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "geometry/hex.hpp"
#include "core/names.hpp"
#include "core/ruling.hpp"

namespace umpire::view {

// ---- the ruling -------------------------------------------------------------------

// What the map said: the range the hexes count (8.3) and, with a facing, the aspect(s) the firer
// lies in (8.7): one, or two on a boundary, with the one used when the situation does not settle it.
struct TankPosition {
    std::string firer_hex, target_hex, facing;  // as ruled, to tell whether it is still current
    int range = 0;
    std::vector<std::string> aspects;
    std::string boundary_pick;  // two aspects: rules-data aspect_on_boundary's pick

    friend bool operator==(const TankPosition& a, const TankPosition& b) {
        return a.firer_hex == b.firer_hex && a.target_hex == b.target_hex && a.facing == b.facing && a.range == b.range &&
               a.aspects == b.aspects && a.boundary_pick == b.boundary_pick;
    }
    friend bool operator!=(const TankPosition& a, const TankPosition& b) { return !(a == b); }
};

// The results table the ruling used, as printed, with its used row and column lit.
struct TankTable {
    std::string title;       // "Combat Results Table 8.91: ...", "Infantry Fire Table 8.81"
    std::string column_tip;
    std::vector<std::string> columns, rows;
    std::vector<std::vector<std::string>> cells;  // kill numbers as the chart prints them: "1-3", "•"
    std::optional<int> lit_row, lit_column;
    std::string beyond;      // set when the range is past the last row (shown in red)
    std::string no_column;   // set when no column is used (shown dim)
};

// The spotting roll (13.5): what a die must show and the chance of it; `why` is the column the
// target falls in and, when it may not try, why not (13.1, 7.24).
struct TankSpotting {
    std::string needed;            // "1-3", "automatic", "unspottable"
    std::optional<double> chance;  // a roll: max / die sides; automatic 1, unspottable 0
    std::string why;
    bool may_try = true;           // false: the line is blocked or the target is outside the field of sighting
};

// The other reading of one point the rules leave open (JSON `alternatives`), ruled in full.
struct TankAlternative {
    std::string rule, reading, verdict;
    std::string los, defense, differential, column, kills;  // as the JSON gives them, "—" when absent
    std::optional<double> kill_probability;
};

// An extra firer that may not fire and adds nothing (8.22; JSON `combined_left_out`).
struct TankLeftOut {
    std::string unit, rule, reason;
};

struct TankRulingView {
    // The three numbers that decide the column, each as its figure (8.31, 8.7, 8.9).
    std::optional<Figure> attack, defense, differential;
    std::optional<Figure> probability;
    std::vector<Figure> others;  // every other figure, in the ruling's order
    std::optional<double> kill_probability;
    std::optional<TankTable> table;
    std::optional<TankPosition> position;  // both hexes given
    std::optional<TankSpotting> spotting;
    std::vector<TankAlternative> alternatives;
    std::vector<TankLeftOut> left_out;
    // The same numbers of this ruling, for the side-by-side with `alternatives`.
    TankAlternative as_ruled;
};

// ---- the input choices -------------------------------------------------------------

struct TankUnit {  // one row of the Weapons Systems Characteristics Chart (17.4), or infantry
    std::string name;
    std::vector<std::string> aliases;
    bool infantry = false;  // no chart row: the Infantry Fire Table (8.81)
    bool vehicle = true;    // false: an AT gun (a soft target)
    int front = 0, side = 0, rear = 0, ap = 0, he = 0, movement = 0, effective_range = 0;
    std::string fire_control;
    bool turreted = true;
};

struct TankChoices {
    std::vector<TankUnit> units;  // chart order, then infantry
    int infantry_max_moving_mp = 1;
    int max_panic = 10, max_range = 999;
    std::vector<std::string> modes, target_terrain, aspects, behind, friendly;  // the file's words
    std::vector<std::string> obstacle_terrain, obstacle_at, obstacle_touches;
    std::map<std::string, std::map<std::string, std::string>> terrain_tips;  // mode -> terrain -> what 10.6 says
    std::map<std::string, std::map<std::string, bool>> hexside_terrain;      // mode -> terrain -> a hexside feature
    int front_arc_degrees = 120, rear_arc_degrees = 60;
    std::string aspect_on_boundary;
    hex::Numbering board;

    const TankUnit* unit(const std::string& name) const;  // by name or alias, normalized
    // A file's word as the rules write it: "along-hexside" is "along hexside" (10.24).
    std::string say(const std::string& name) const {
        return spaced_words(name);
    }
};

}  // namespace umpire::view
