// What a table ruling measures, and the measuring every game's table rules share (docs/tables.md
// "What is measured"). A game's table rules (src/games/<game>/table.cpp) call these and write
// their facts into a Measuring; the driver (tabletop/rulings.hpp) turns them into the situation
// the game rules. Nothing here knows a game.
//
// Sections
//   Fact, Derived   what was measured: one Fact per situation key filled from the table, with its
//                   measurement; the other readings within the tolerance; the sight lines and the
//                   move path for a drawing
//   Measuring       the table, its rules and the Derived being filled, with the unit and tolerance
//                   in words
//   bases, paths    a base named by a situation key; a path; the base's places along it
//   reach           how far a base or a line reaches into a piece; touching; crossing
//   items           a piece's name; ItemRef and Found for a piece or a base; a base's corners
//   hills           which hill a base stands on, and how far inside or over its edge
//   moves           what a base touches, where it stands or anywhere along a path; the road test;
//                   the distance moved as a fact
#pragma once
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/toml_reader.hpp"
#include "geometry/plane.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"

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

// ---- Measuring ----------------------------------------------------------------------

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Measuring {
    const Sketch& t;
    const Rules& rules;
    Derived& out;
    std::string u(double v) const { return fmt(v) + " " + t.unit; }  // "3.2 in"
    double tol() const { return rules.tolerance; }
    std::string tolerance() const;  // the tolerance as the rules data gives it (0.125, not 0.1), with the unit
    void fact(std::string key, Value v, std::string rule, std::string says) {
        out.facts.push_back({std::move(key), std::move(v), std::move(rule), std::move(says)});
    }
};

std::string quoted_name(const std::string& s);  // a name echoed from the files, escaped and quoted
bool has(const std::vector<std::string>& v, const std::string& s);

// ---- bases, paths -------------------------------------------------------------------

// The base a situation key names (`firer.base = "Tiger"`); an error at the key (listing the
// table's bases) and nullptr when there is none of that name.
const Base* named_base(const Section& t, std::string_view key, const Sketch& table);
// A path: points the base's centre moves through after its position on the table (1 to 50, each
// on the table); the path starts at the base's centre. Errors go into t.sink().
std::optional<plane::Polyline> read_path(const Section& t, std::string_view key, const Base& from, const Sketch& table,
                                         bool required);
// The base's outline with its centre at `to` (same facing).
plane::Polygon moved(const Base& b, plane::Vec2 to);
// The base's centre at small steps along the path (half its least size, at most 4,000 places).
std::vector<plane::Vec2> samples(const Base& b, const plane::Polyline& path);

// ---- reach --------------------------------------------------------------------------

// How far an outline reaches into a piece: > 0 overlapping (an area) or within a line's drawn
// width by that much; < 0 apart by that much.
double reach(const plane::Polygon& o, const Piece& p);
// Touching: on, in or in contact with it (AGV "interpenetrated"; GF9 "partly on"). Exact (to kEps).
bool touching(const plane::Polygon& o, const Piece& p);
// How far a sight line goes into a piece (> 0), or passes clear of it (< 0). Areas are sampled
// at 65 points along the line, so a line through a corner reads at most 1/64 of its length short.
double depth(const plane::Segment& s, const Piece& p);
bool crosses(const plane::Segment& s, const Piece& p);  // depth > kEps

// ---- items --------------------------------------------------------------------------

std::string piece_name(const Piece& p);  // kind "name"
ItemRef ref(const Sketch& t, const Piece& p);
ItemRef ref(const Sketch& t, const Base& b);
Found found(const Sketch& t, const Piece& p, Role role, std::string says);
Found found(const Sketch& t, const Base& b, Role role, std::string says);
// The outline points used as the target's corners for "partly hidden" (all four of a rectangle;
// eight around a circle).
std::vector<plane::Vec2> corners(const Base& b);

// ---- hills --------------------------------------------------------------------------

// How a base sits on a hill: wholly inside one of its pieces, partly (overlapping one), or not.
enum class Fit { no, partly, wholly };
struct HillFit {
    std::string hill;          // the hill (empty: the table has none)
    double inset = -kInf;      // how far inside its edge the base lies (< 0: short of wholly on)
    double reach = -kInf;      // how far over its edge the base reaches (< 0: apart by that much)
    Fit on = Fit::no;
};
// The hill (pieces of Rules::hill_kind, by their `hill`) the base is most on.
HillFit hill_of(const Base& b, const Sketch& t, const Rules& r);

// ---- moves --------------------------------------------------------------------------

// The pieces a base is in or touching where it stands (drawn-only kinds left out).
std::vector<const Piece*> touched(const Base& b, const Sketch& t, const Rules& r);
// The pieces a base touches anywhere along a path (its places `at`), in table order.
std::vector<const Piece*> touched_along(const Base& b, const std::vector<plane::Vec2>& at, const Sketch& t);
// Along a road all the way: every place's centre lies on one `road` piece's drawn width.
bool along_road(const std::vector<plane::Vec2>& at, const Sketch& t, const std::string& road);
// The move's path and length into c.out, the base among the subjects, and the distance moved as
// a fact with no key.
void path_fact(Measuring& c, const std::string& rule, const Base& b, const plane::Polyline& path);

}  // namespace umpire::tabletop
