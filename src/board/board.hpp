// Boards: a game map as data — its numbering, size, the terrain of every hex and the features on
// hexsides — read from a TOML board file (docs/boards.md) and validated with FILE:LINE:COL errors.
//
// The board knows no rules: which terrain obstructs, and when, is the game module's (for TANK!:
// board_los.hpp with the Terrain Effects Chart from rules-data). It only answers "what is here".
//
// Sections
//   Vocabulary   the terrain and hexside feature names a game accepts (read from its rules data)
//   Board        the map: size, numbering, terrain per hex, features per hexside, named areas of
//                hexes (a TANK! depression, 10.26), fast lookups
//   load_board   read and validate a board file (all problems reported at once); shipped_boards,
//                find_board (where a situation's board = "NAME" is)
//   Underlay     a picture of the printed map under the hexes, its calibration points, and the
//                marks of what was suggested from it and not yet confirmed (board/underlay.hpp)
//   shorthand    the hex and hexside notations ("0101-0110", "0305..0812", "column 12",
//                "1204/B-C-D", "1204>1205>1305"), exposed for the window's paint tool
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "geometry/hex.hpp"
#include "core/toml_reader.hpp"

namespace umpire::board {

// ---- Vocabulary -------------------------------------------------------------------

struct Vocabulary {
    std::string system;                         // "spi-tank"
    std::vector<std::string> hex_terrain;       // "clear" first: the terrain a hex can be
    std::vector<std::string> hexside_features;  // "berm", "slope": what a hexside can carry
    std::vector<std::string> directional;       // features that have a sloped side (10.5): "slope"
    // A second, optional per-hex layer (board file section [hex_features]) for games whose hex
    // holds two independent things: PanzerBlitz's elevation (hex_terrain) and a single-hex woods
    // or town standing on it. Empty: the game has no second layer and the section is refused.
    std::vector<std::string> hex_features;
    // Other spellings a board file may use for a name above (alias, name): PanzerBlitz's "gray" for
    // "grey", "red" and "orange/red" for "orange". Empty for TANK!.
    std::vector<std::pair<std::string, std::string>> aliases;
    // `name` as one of `names` (matched with same_name), or through an alias; names.end() if neither.
    std::vector<std::string>::const_iterator find(const std::vector<std::string>& names, const std::string& name) const;
    // Two hexside features one hexside may carry together, each pair with the feature that stands
    // for both (PanzerBlitz: a woods edge on a hilltop outline). A hexside listed under both names
    // holds that feature, which may also be named itself (write_board does). Empty for TANK!.
    struct SidePair {
        std::string first, second, both;
    };
    std::vector<SidePair> side_pairs;
    // The feature standing for features a and b together (indices into hexside_features), or -1.
    int pair_of(int a, int b) const;
    // Whether feature `f` is one of a pair's two (`pair` names a SidePair's `both`), or the pair itself.
    bool pair_has(int pair, int f) const;
    bool is_pair(int f) const;
    std::vector<std::string> area_kinds;        // kinds of named areas ([[area]]): "depression" (10.26)
    hex::Numbering numbering;                   // the game's own numbering (a board may restate it)
};

// ---- Board ------------------------------------------------------------------------

// What a hex or hexside holds may be a suggestion from the board's picture that the referee has
// not confirmed yet (docs/maps.md): rulings take it as it stands; `board check` counts them.
namespace suggestion {
constexpr std::uint8_t none = 0;       // confirmed (or never suggested)
constexpr std::uint8_t suggested = 1;  // suggested from the picture, not yet confirmed
constexpr std::uint8_t unsure = 2;     // suggested, and the picture left it in doubt: check it first
}  // namespace suggestion

struct SideFeature {
    int feature = -1;         // index into Vocabulary::hexside_features; -1 = none
    hex::Cube sloped;         // directional features: the hex on the sloped side (10.5)
    int line = 0, column = 0; // where the board file set it
    std::uint8_t suggested = suggestion::none;  // the feature (or its absence) is an unconfirmed suggestion
};

// The hexside features of a board, by slot (Board::side_slot). Most hexsides carry nothing -- the
// 66 x 44 sample board has 9,384 slots and 150 features -- so only the slots ever set are kept: a
// record each, found through a small open-addressing hash (a cell per record, at most half full).
// Reading that board touches a few kilobytes instead of an index over every slot (issue 21, point
// 6: a page first touched costs more than the instructions that fill it). Reading a slot never
// adds one; edit() does. Whole-board scans ask slots(), which lists only the slots set.
class SideTable {
public:
    std::size_t size() const { return slots_; }  // slots, featured or not
    void assign(std::size_t slots);                // `slots` slots, none set
    // The slot's record, or an empty one (no feature, confirmed) when it was never set.
    const SideFeature& operator[](std::size_t slot) const {
        static const SideFeature none;
        const std::uint32_t e = entry(slot);
        return e == 0 ? none : entries_[e - 1];
    }
    SideFeature& edit(std::size_t slot);  // the slot's record, made when it had none
    // The records made so far (each slot set at least once), in no particular order; a slot
    // set and then cleared keeps a record with no feature.
    const std::vector<SideFeature>& records() const { return entries_; }
    std::vector<std::size_t> slots() const;  // the slots with a record, ascending

private:
    struct Cell {
        std::uint32_t slot = 0;
        std::uint32_t entry = 0;  // 0: an empty cell; else 1 + index into entries_
    };
    // Fibonacci hashing: the top bits of the slot times 2^32 / golden ratio pick its first cell.
    std::size_t home(std::size_t slot) const { return std::size_t(std::uint32_t(std::uint32_t(slot) * 2654435769u) >> shift_); }
    std::uint32_t entry(std::size_t slot) const {
        if (cells_.empty()) return 0;
        const std::size_t mask = cells_.size() - 1;
        for (std::size_t i = home(slot);; i = (i + 1) & mask)
            if (cells_[i].entry == 0 || cells_[i].slot == slot) return cells_[i].entry;
    }
    void grow();  // twice the cells (256 at first), every record placed again

    std::vector<Cell> cells_;  // a power of two of them, or none
    unsigned shift_ = 32;      // 32 - log2(cells_.size()), kept for home()
    std::vector<SideFeature> entries_;
    std::size_t slots_ = 0;
};

// ---- Underlay -----------------------------------------------------------------------

// A picture of the printed map drawn under the hexes ([underlay] in the file, docs/maps.md).
struct UnderlayPoint {
    hex::Cube hex;             // the hex whose centre was clicked
    double x = 0, y = 0;       // where, in pixels: x right, y down from the picture's top-left corner
    int line = 0, column = 0;  // where the board file set it
};
struct Underlay {
    std::string image;         // as written: relative to the board file's folder (or absolute)
    double opacity = 0.5;      // 0 (hidden) .. 1 (opaque), as the board view draws it
    std::string model;         // "" (3 points affine, 4 or more perspective), "affine" or "perspective"
    std::vector<UnderlayPoint> points;
    int line = 0, column = 0;  // the [underlay] table
};

// A named area of hexes ([[area]] in the file): what the rules say of it is the game module's
// (TANK! 10.26: slopes on a depression's boundary). Its hexes are board indices, sorted, unique.
struct Area {
    int kind = 0;             // index into Vocabulary::area_kinds
    std::string name;         // optional label ("the depression around 3808")
    std::vector<int> hexes;   // Board::index of each hex in it
    int line = 0, column = 0; // where the board file set it
};

struct Board {
    std::string file;        // as given, for messages
    std::string system;      // "spi-tank"
    std::string title;
    bool sample = false;     // sample terrain (not a printed map)
    std::string terrain_mode;  // optional default terrain mode for the CLI ("" = not given)
    std::vector<std::string> parts;  // a map joined from several boards: where each lies (for board check)
    hex::Numbering numbering;
    int columns = 0, rows = 0;  // hexes are numbered column 1..columns, row 1..rows
    Vocabulary vocabulary;

    // Lookups. A hex off the board has no terrain (-1) and no hexside features.
    bool contains(const hex::Cube& h) const { return index(h) >= 0; }
    // 0..hex_count()-1, column-major; -1 off the board. Inline: visibility scans call it per hex.
    int index(const hex::Cube& h) const {
        int c = 0, r = 0;
        numbering.to_offset(h, c, r);
        if (c < 1 || c > columns || r < 1 || r > rows) return -1;
        return (c - 1) * rows + (r - 1);
    }
    hex::Cube hex_at(int index) const;
    int hex_count() const { return columns * rows; }
    int terrain_index(const hex::Cube& h) const {  // into vocabulary.hex_terrain; -1 off the board
        const int i = index(h);
        return i < 0 ? -1 : terrain_of[std::size_t(i)];
    }
    const std::string& terrain(const hex::Cube& h) const;  // "" off the board
    // The second layer (Vocabulary::hex_features): its index, or -1 for none or off the board.
    int hex_feature(const hex::Cube& h) const {
        const int i = index(h);
        return i < 0 || feature_of.empty() ? -1 : int(feature_of[std::size_t(i)]) - 1;
    }
    // The feature on the hexside of h in direction d (either of its two hexes may be named).
    const SideFeature* side(const hex::Cube& h, int d) const;
    std::string name(const hex::Cube& h) const { return numbering.format(h); }
    std::string side_name(const hex::Cube& h, int d) const;  // "1204/B"
    std::optional<hex::Cube> parse_hex(const std::string& number) const;  // on the board only

    // Storage (public so a paint tool can edit in place): terrain per hex index, and for each
    // hex of a grid one wider than the board on every side, its sides A, B and C (the other
    // three are sides A-C of neighbours).
    std::vector<std::uint8_t> terrain_of;
    std::vector<std::uint8_t> feature_of;  // the second layer per hex index: 0 none, else 1 + feature
    SideTable sides_of;
    int side_slot(hex::Cube h, int d) const {  // index into sides_of, -1 when off the grid
        if (unsigned(d) >= 6u) d = ((d % 6) + 6) % 6;
        if (d >= 3) h = hex::neighbour(h, d), d -= 3;  // side d of h is side d-3 of the hex across it
        int c = 0, r = 0;
        numbering.to_offset(h, c, r);
        if (c < 0 || c > columns + 1 || r < 0 || r > rows + 1) return -1;
        return (c * (rows + 2) + r) * 3 + d;
    }
    std::vector<Area> areas;  // in file order
    std::optional<Underlay> underlay;        // the picture under the hexes, if any
    std::vector<std::uint8_t> suggested_of;  // per hex index: suggestion::none, suggested or unsure
    int suggested_line = 0, suggested_column = 0;  // where the file's [suggested] is (0: none)
    bool in_area(const Area& a, const hex::Cube& h) const;  // h lies in a (false off the board)
    void resize(int columns, int rows);              // every hex the first terrain, no features
};

// ---- load_board -------------------------------------------------------------------

// Reads and validates a board file; throws InputError with every problem (FILE:LINE:COL).
// `display_name` names the file in messages.
Board load_board(const std::filesystem::path& path, const std::string& display_name, const Vocabulary& vocabulary);
Board parse_board(const toml::table& root, const std::string& display_name, const Vocabulary& vocabulary);
// [underlay] and [suggested] of `root` into `b` (sized already; board/underlay.hpp has the format);
// problems go to root.sink(). parse_board calls them; defined in board_sections.cpp.
void read_underlay(const Section& root, Board& b);
void read_suggested(const Section& root, Board& b);

// The board files shipped for one game (`system` = its id): the .toml files of `boards_dir` (the
// installed folder beside the rules data), or of the source tree's boards/ without it, sorted.
// A file that does not parse, or names another game, is left out (the window offers these).
std::vector<std::filesystem::path> shipped_boards(const std::filesystem::path& boards_dir, const std::string& system);

// Where a situation's `board = "NAME"` is read from, for every game: an absolute NAME as it is;
// else beside the situation (`situation_dir`, the situation file's folder) when it is there, else
// the game's shipped boards (`boards_dir`, beside the rules data), else the source tree's boards/
// (the window and standard input give no folder to look in). Where none has it, the path beside
// the situation, so the read error names that.
std::filesystem::path find_board(const std::string& name, const std::filesystem::path& situation_dir,
                                 const std::filesystem::path& boards_dir);

// ---- shorthand ----------------------------------------------------------------------

// The hexes a hex shorthand names, or an error message (and the offset in the text it is about).
struct Expanded {
    std::vector<hex::Cube> hexes;
    std::string error;
    std::size_t error_at = 0;
};
Expanded expand_hexes(const Board& b, const std::string& text);

// Hexsides named by a hexside shorthand: each as (hex, direction), the hex first named being the
// "sloped" one for directional features.
struct ExpandedSides {
    std::vector<std::pair<hex::Cube, int>> sides;
    std::string error;
    std::size_t error_at = 0;
};
ExpandedSides expand_hexsides(const Board& b, const std::string& text);

}  // namespace umpire::board
