// Tabletop files: a sketch of an open table (GF9 TANKS in inches, A Great Victory! in cm) with
// terrain pieces as outlines or lines and units as bases. Format: docs/tables.md.
//
// Sections
//   Rules        a system's [table] section of its rules data: unit, measuring tolerance, which
//                terrain names are areas or lines, and the guideline limits the check applies
//   Sketch       a loaded table file (a sketch of the table): Piece (area or line) and Base (rectangle or circle)
//   load_table   reading and validating a table file (FILE:LINE:COL errors, bounded counts)
//   check_table  the placement guidelines: one Breach per piece that breaks one
//   editing      moving pieces and bases (the window's drags), write_table (a file load_table
//                reads back identically)
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "geometry/plane.hpp"
#include "core/toml_reader.hpp"
#include "tabletop/photo.hpp"

namespace umpire::tabletop {

// ---- Rules ------------------------------------------------------------------------

// A size guideline: a piece of `kind` (with `church` only church landmarks) must measure at
// least `min_across` in every direction and at most `max_across` in any direction.
struct SizeLimit {
    std::string kind, cite;
    std::optional<double> min_across, max_across;
};
// Two pieces of `kind` must be at least `min` apart.
struct ApartLimit {
    std::string kind, cite;
    double min = 0;
};
// A line piece of `kind` must be at most `max_bases` / more than `more_than_bases` base widths wide.
struct WidthLimit {
    std::string kind, cite;
    std::optional<double> max_bases, more_than_bases;
};
// A landmark marked `church = true` must lie within `within` of a piece of `of`, not overlapping it.
struct NearLimit {
    std::string kind, of, cite;
    double within = 0;
};
// A piece of `kind` may not overlap a piece of any of `with` (a landmark is not part of a village).
struct ApartFrom {
    std::string kind, cite;
    std::vector<std::string> with;
};
// Nothing may overlap a piece of `kinds` except pieces of `except`.
struct NoOverlap {
    std::vector<std::string> kinds, except;
    std::string cite;
};
// A line of `kind` crossing a line of one of `of` needs a piece of one of `at` over the crossing.
struct CrossingNeeds {
    std::string kind, cite;
    std::vector<std::string> of, at;
};

struct Rules {
    std::string unit;             // "in" | "cm"
    double tolerance = 0;         // a referee's measuring tolerance, in `unit`
    std::vector<std::string> areas, lines;  // terrain names drawn as outlines / as lines
    std::vector<std::string> drawn;         // names drawn only, with no rule effect (fields)
    std::string hill_kind;        // the area kind whose pieces name a hill (and a level)
    std::string top_kind;         // the line kind with a top side (escarpments); empty: none
    int max_pieces = 400, max_points = 200, max_bases = 200;
    std::vector<SizeLimit> sizes;
    std::vector<ApartLimit> apart;
    std::vector<WidthLimit> widths;
    std::vector<NearLimit> near;
    std::vector<ApartFrom> apart_from;
    std::vector<NoOverlap> no_overlap;
    std::vector<CrossingNeeds> crossings;
    bool needs_base_width() const { return !widths.empty(); }
};

// Reads a system's [table] section. `names` are the system's terrain names (every kind must be
// one of them or in `drawn`); `cites` its citation ids. Problems go into t.sink().
Rules load_rules(const umpire::Section& t, const std::vector<std::string>& names, const std::vector<std::string>& cites);

// ---- Sketch -----------------------------------------------------------------------

struct Where {
    int line = 1, column = 1;
};

struct Piece {
    // How the file gave the outline: kept so that write_table writes the shorthand back.
    enum class Shape { points, circle, ellipse, line };
    std::string name;        // as given, else "KIND N" (N counts that kind from 1)
    std::string kind;        // a terrain name of the table's system
    bool is_line = false;
    plane::Polygon outline;  // area pieces
    plane::Polyline line;    // line pieces
    Shape shape = Shape::points;
    std::vector<double> shape_args;  // circle: x, y, r; ellipse: x, y, rx, ry, angle (degrees)
    double width = 0;        // line pieces: full width across (0 = a thin line)
    std::string hill;        // hill pieces: the hill it belongs to (default: its own name)
    std::optional<int> level;  // hill pieces: the level of that hill it is (1 = lowest)
    std::optional<double> height;  // hill pieces: its top's height above the table, in the table's unit (optional)
    bool top_left = true;    // escarpments: the top lies left of the line's direction
    bool has_top = false;    // the kind has a top side (Rules::top_kind)
    bool church = false;     // landmarks: a village church
    Where where;
};

struct Base {
    std::string name;        // unique on the table
    std::string unit;        // the unit it belongs to (several stands make one AGV unit); default: name
    std::string type;        // AGV unit type (foot, mounted, elephant, artillery, light-artillery); GF9: empty
    bool circle = false;
    plane::Vec2 at;
    double width = 0, depth = 0, radius = 0, facing = 0;
    bool wreck = false;      // GF9: a destroyed tank
    plane::Polygon outline;
    Where where;
};

struct Sketch {
    std::string file;        // as named in messages
    std::string system;      // "gf9-tanks" | "agv"
    std::string title;
    std::string notes;
    std::string unit;        // "in" | "cm"
    double width = 0, depth = 0;
    std::optional<double> base_width;  // AGV: one base width, for the stream / river / ditch guideline
    std::vector<Piece> pieces;
    std::vector<Base> bases;
    std::optional<Photo> photo;  // [photo]: a photo of the table under the sketch (tabletop/photo.hpp)
    const Base* base(const std::string& name) const;
    std::vector<const Base*> unit_bases(const std::string& unit) const;
};

// ---- load_table -------------------------------------------------------------------

struct Systems {
    std::vector<std::string> ids;
    std::vector<const Rules*> rules;  // same order
    const Rules* find(const std::string& id) const;
};
// Reads a table file; every problem is reported (FILE:LINE:COL: key: what) and InputError thrown.
Sketch load_sketch(const std::filesystem::path& path, const std::string& display_name, const Systems& systems);
Sketch read_sketch(const toml::table& root, const std::string& display_name, const Systems& systems);

// ---- check_table ------------------------------------------------------------------

struct Breach {
    Diagnostic where;  // message starts "warning: "
    std::string cite;
};
std::vector<Breach> check_sketch(const Sketch& t, const Rules& r);

// Warnings about a table that still rules (each a located "warning: ..." Diagnostic): the pieces
// of one hill (one `hill` name) that fall apart into parts touching none of the others. They are
// taken together as one hill all the same, as the file names them (docs/tables.md); the warning
// is at the first piece of every part after the first.
std::vector<Diagnostic> sketch_warnings(const Sketch& t, const Rules& r);

// ---- editing ----------------------------------------------------------------------

// Moves a piece by `by` (its outline or line, and its circle or ellipse centre).
void move_piece(Piece& p, plane::Vec2 by);
// Puts a base's centre at `at` / turns it to `facing` degrees; its outline is rebuilt as
// load_table builds it.
void place_base(Base& b, plane::Vec2 at);
void turn_base(Base& b, double facing);
// The table as a table file (docs/tables.md) that load_table reads back to an equal Table
// (every number written in the fewest digits that read back exactly). Comments are not kept.
std::string write_sketch(const Sketch& t);
// Two tables hold the same pieces and bases, at the same places (file and source places aside).
bool same_sketch(const Sketch& a, const Sketch& b);

std::string fmt(double v);  // one decimal place ("3.2"), more only when needed to tell near values apart

}  // namespace umpire::tabletop
