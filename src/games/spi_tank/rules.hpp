// SPI TANK! (1974), standard game: fire rulings.
//
// Sections
//   Data       the charts loaded from rules-data/spi-tank.toml (17.4, 8.81, 8.91-8.93, 10.6, 13.5):
//              in data.hpp, which the board code (board.hpp) builds on
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
#include "games/game_module.hpp"
#include "games/spi_tank/data.hpp"
#include "geometry/hex.hpp"

namespace umpire::spi_tank {

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
// For the engine and the window (games/game_module.hpp): the names a user may type (`umpire-cli
// systems`), what the panel offers (view.cpp) and a ruling's typed view for the panel (view.cpp).
std::vector<NameList> names(const Data& d);
std::any choices(const Data& d);
std::any ruling_view(const Data& d, const Situation& s, const Ruling& r);
// The kill probability of the ruling of `s` as made (rule-data choices; no other readings), 0 when
// the fire is not permitted (a blocked line, 10.2).
double kill_chance(const Data& d, const Situation& s);

inline constexpr GameAbout kAbout = {"spi-tank", "SPI TANK! (1974), standard game", "spi-tank.toml"};

class SpiTank final : public BoardGameModule<SpiTank, Data, load_data, Situation> {
public:
    SpiTank() : BoardGameModule(kAbout) {}
};

}  // namespace umpire::spi_tank

namespace umpire::spi_tank {
// The board view's questions answered for TANK! (games/spi_tank/board_support.cpp), on sys's data.
std::unique_ptr<view::BoardSupport> make_board_support(const SpiTank& sys);
}  // namespace umpire::spi_tank

namespace umpire {
std::unique_ptr<GameSystem> make_spi_tank();
}
