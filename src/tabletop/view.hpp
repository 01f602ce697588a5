// What a table ruling measured, as plain data for the window's table view (docs/tables.md,
// docs/window.md "Table view"): the sight lines and the move path in table units, every piece and
// base they cross with its verdict and a sentence with the measurement, the distances used, and
// each item's sentences for hovering. Filled by tabletop::rule_on_table (tabletop/rulings.cpp) from
// the measurements and the game's own ruling; the window draws it and never calls a rule itself.
// No window toolkit here.
//
// Sections
//   Mark, ItemRef   a crossing's verdict; which piece or base an entry is about
//   SightView       one line of sight and what it crosses
//   TableView       the whole view (carried in Ruling::view; the game's own view kept in `game`)
#pragma once
#include <any>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "geometry/plane.hpp"

namespace umpire::tabletop {

// ---- Mark, ItemRef ------------------------------------------------------------------

// What a crossed item does to the ruling: nothing (clear), it blocks, it gives cover, the ruling
// leaves it to the referee (a measurement within the tolerance that changes the ruling, or
// something only the core rules judge), or it is terrain a move or charge goes over, which the
// ruling rules on (crossed).
enum class Mark { clear, blocking, cover, call, crossed };
const char* to_string(Mark m);  // "clear", "blocking", "cover", "referee's call", "crossed"

// A piece (index into Sketch::pieces) or a base (index into Sketch::bases).
struct ItemRef {
    bool base = false;
    std::size_t index = 0;
    bool operator==(const ItemRef& o) const { return base == o.base && index == o.index; }
};

// ---- SightView ----------------------------------------------------------------------

struct Crossing {
    ItemRef item;
    std::string name;   // "hill \"Knoll\"", "base \"Tiger\""
    Mark mark = Mark::clear;
    std::string says;   // with its measurement: "escarpment \"Ridge edge\" crossed at [31.3, 10.0]: target 3.1 in from it, firer 6.1 in"
};

struct SightView {
    std::string from, to;      // base names
    plane::Segment line;       // centre to centre, in table units
    std::vector<Crossing> crossed;
};

// ---- TableView ----------------------------------------------------------------------

// A measurement the ruling used ("firer distance to escarpment", 6.15).
struct Distance {
    std::string key;    // the situation key it fills, or "moved" / "cost"
    double value = 0;   // in the table's unit
    std::string says;
};

// A sentence about one item (every fact and reading naming it), for the hover.
struct ItemNote {
    ItemRef item;
    std::string says;
};

struct TableView {
    std::string unit;          // "in" | "cm"
    double tolerance = 0;      // the measuring tolerance, in `unit`
    std::vector<ItemRef> subjects;  // the bases the question names (firer, target, mover...)
    std::vector<SightView> sights;
    plane::Polyline path;      // a move or a charge: the base centre's path (empty: none)
    std::vector<Crossing> path_crossed;  // the pieces the move or charge touches
    double moved = 0;
    std::optional<double> cost;
    std::vector<Distance> distances;
    std::vector<ItemNote> notes;
    std::any game;             // the game's own typed view (games/gf9_tanks/view.hpp, games/agv/view.hpp)

    // The sentences about one item, in order.
    std::vector<std::string> notes_for(ItemRef r) const {
        std::vector<std::string> out;
        for (const auto& n : notes)
            if (n.item == r) out.push_back(n.says);
        return out;
    }
};

}  // namespace umpire::tabletop
