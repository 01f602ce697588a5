// SPI TANK! (1974), standard game: fire rulings.
//
// Sections
//   Data       the charts loaded from rules-data/spi-tank.toml (17.4, 8.81, 8.91-8.93, 10.6, 13.5)
//   Situation  one fire question (docs/situations.md, system = "spi-tank")
//   rule()     the fire procedure: 8.1 fire type, 8.3/8.31/15.11 range and halving,
//              8.9 table, 8.7/10.3-10.6/14.4 defense, 8.71 movement, 8.8 infantry fire,
//              8.22 combined HE, 10.2 line of sight, 7.21 field of fire, 8.41 masking, 13.5/7.24 spotting;
//              where the text is open, the other reading ruled too (JSON `alternatives`)
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "geometry/hex.hpp"
#include "games/game_system.hpp"

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

struct Crt {  // a combat results table (8.91, 8.92, 8.93)
    std::string id;     // "8.91"
    std::string title;
    std::vector<std::string> fire_control;  // systems that use it
    int panic_min = 0, panic_max = 10;      // panic levels that use it
    struct Row { int lo, hi; std::vector<std::vector<int>> cells; };  // cells[column] = kill numbers ([] = miss)
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

struct Data {
    int die_sides = 6;
    std::vector<Unit> units;
    std::vector<Crt> crts;
    InfantryTable infantry;
    int infantry_max_moving_mp = 1;
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

// ---- Situation ----------------------------------------------------------------

enum class Aspect { front, side, rear };
enum class Behind { none, berm, slope };
enum class Friendly { none, infantry, other };
enum class At { hex, hexside, along_hexside };
enum class Touches { none, firer, target, both };

struct Obstacle {
    // A constructor (not an aggregate), so Obstacle{terrain, at, touches} leaves the optional
    // fields below at their defaults without a missing-initializer warning.
    Obstacle(std::string terrain_ = {}, At at_ = At::hex, Touches touches_ = Touches::none)
        : terrain(std::move(terrain_)), at(at_), touches(touches_) {}
    std::string terrain;  // woods | berm | slope | rough | wreck
    At at = At::hex;
    Touches touches = Touches::none;
    std::string hex;      // optional map position: "CCRR" for a hex, "CCRR/X" for a hexside ("" = not given)
    bool wreck = false;   // a wreck lies in this (woods or rough) hex too (8.62)
};

struct ExtraFirer {
    std::string unit;
    int range = 1;
    bool line_of_sight = true;     // false: this unit may not fire (10.2), it adds nothing (8.22)
    bool in_field_of_fire = true;  // false: an AT gun or turretless vehicle facing away (7.21)
};

struct Situation {
    Mode mode = Mode::mixed;
    std::string firer = "T62";  // unit name or "infantry"
    int panic_level = 1;
    bool preservation = false;
    std::string target = "M60A2";
    std::optional<Aspect> aspect = Aspect::front;
    std::string terrain = "clear";
    bool wreck = false;  // a wreck lies in the target's hex besides its terrain (8.62; terrain = the ground)
    bool improved_position = false;
    int moving_mp = 0;
    Behind behind = Behind::none;
    int range = 10;
    bool in_field_of_fire = true;
    bool in_field_of_fire_given = false;  // stated in the file (settles a target on the field of fire's edge)
    Friendly friendly_in_line = Friendly::none;
    std::vector<Obstacle> obstacles;
    std::vector<ExtraFirer> extra_firers;
    std::string title;  // optional label
    // Optional positions (an extension of the spec): with both hexes the range is counted
    // (8.3); with the target's facing too, the aspect is found (8.7).
    std::string firer_hex, target_hex;  // map numbers, "" = not given
    std::string facing;                 // the hexside the target faces, a board side name ("" = not given)
    std::string firer_facing;           // the hexside the firer faces: its field of fire (7.21), "" = not given
    // The same places typed: what the ruling reads (hex_position), never the numbers above again.
    // parse_situation reads the numbers once, or takes the places as given (the window's board
    // view, view::Placement); the numbers are then written from them, for the explanation.
    std::optional<hex::Cube> firer_at, target_at;
    std::optional<int> facing_at;       // the direction 0..5 of `facing`
    // A board file (docs/boards.md): the line's obstacles, the target's terrain and behind are
    // then read from the map (parse_situation fills them in) and the ruling names what the board
    // shows on the line, each with its hex and rule.
    std::string board;                  // as written in the situation ("" = none), relative to its file
    std::vector<std::pair<std::string, std::string>> board_steps;  // (rule, text) from the board, for the explanation
    bool behind_from_referee = false;   // with a board: target.behind given where the board cannot say it (a corner, extra firers)
    // With a board: what the line of sight met, marked for the board view (board/marks.hpp),
    // built from the same trace as the obstacles above; the ruling hands it on (Ruling::board_marks).
    std::shared_ptr<const view::BoardMarks> board_marks;
};

// What the hex numbers say: range, the line's path, and the target aspect the firer lies in.
struct HexPosition {
    hex::Cube firer, target;
    int range = 0;
    std::optional<hex::Sector> sector;  // with a facing: where the firer lies around it
    std::vector<Aspect> aspects;        // with a facing: one aspect, or two on a boundary
};
std::optional<HexPosition> hex_position(const Data& d, const Situation& s);  // nullopt: hexes not both given
// Where an obstacle given by its map hex lies on the traced line (10.2).
enum class OnLine { unknown, entered, corner, beside, off, bad };  // unknown: no map hex given
struct ObstacleMeet {
    OnLine where = OnLine::unknown;
    Touches touches = Touches::none;  // which unit's hex it is part of, from the map
};
ObstacleMeet locate_obstacle(const Data& d, const HexPosition& pos, const Obstacle& o);
// Whether the target lies in a field of fire of rules-data field_of_fire_degrees around `facing` (7.21).
enum class FieldOfFire { in, out, boundary };
FieldOfFire field_of_fire_at(const Choices& c, const HexPosition& pos, int facing);
// The aspect used for a firer exactly on the boundary between a and b when the situation does not
// settle it: rules-data choice aspect_on_boundary (the stronger or the weaker defense; ties: a).
Aspect boundary_aspect(const Data& d, const Unit& target, Aspect a, Aspect b);

// Reads a situation (the `root` table of a file); reports problems into root.sink(). With `held`,
// a situation's `board` is that board (the window's, maybe unsaved paint) instead of the file.
// With `place` (the window's board view) the units' places are taken from it, typed, and
// firer.hex, target.hex and target.facing are not read.
Situation parse_situation(const Data& d, const Section& root, const board::Board* held = nullptr,
                          const view::Placement* place = nullptr);
// `s` (read with its board, both hexes given) with the target standing in `target` instead: what
// the board says there replaces the obstacles, the target's terrain and `behind` (the window's
// kill-chance overlay; the facing stays as given, so the aspect follows the new hex, 8.7).
Situation moved_target(const Data& d, Situation s, const board::Board& b, const hex::Cube& target);
// Writes a situation in the file format (round-trips through parse_situation).
toml::table to_toml(const Situation& s);

const char* to_string(Aspect a);
const char* to_string(Behind b);
const char* to_string(Friendly f);
const char* to_string(At a);
const char* to_string(Touches t);

// ---- rule() -------------------------------------------------------------------

Ruling rule(const Data& d, const Situation& s);
// The kill probability of the ruling of `s` as made (rule-data choices; no other readings), 0 when
// the fire is not permitted (a blocked line, 10.2).
double kill_chance(const Data& d, const Situation& s);

class SpiTank final : public GameSystem {
public:
    std::string id() const override { return "spi-tank"; }
    std::string title() const override { return "SPI TANK! (1974), standard game"; }
    std::vector<std::string> data_files() const override { return {"spi-tank.toml"}; }
    void load(const std::filesystem::path& rules_dir) override;
    Ruling rule(const Section& root) const override;
    // The same with the situation's `board` taken as `held` (the window's board) when given, and
    // the units' places as `place` says (parse_situation) when given.
    Ruling rule(const Section& root, const board::Board* held, const view::Placement* place = nullptr) const;
    std::vector<NameList> names() const override;
    std::any choices() const override;                                       // spi_tank_view.cpp
    std::optional<toml::table> canonical(const Section& root) const override;  // spi_tank_view.cpp
    const view::BoardSupport* board_support() const override;              // games/spi_tank/board_support.cpp
    const Data& data() const { return data_; }
    ~SpiTank() override;
    SpiTank();

private:
    std::unique_ptr<view::BoardSupport> board_support_;  // made by load(), on data_
    std::any ruling_view(const Situation& s, const Ruling& r) const;  // view_spi_tank.hpp, in spi_tank_view.cpp
    Data data_;
};

}  // namespace umpire::spi_tank

namespace umpire::spi_tank {
// The board view's questions answered for TANK! (games/spi_tank/board_support.cpp), on sys's data.
std::unique_ptr<view::BoardSupport> make_board_support(const SpiTank& sys);
}  // namespace umpire::spi_tank

namespace umpire {
std::unique_ptr<GameSystem> make_spi_tank();
}
