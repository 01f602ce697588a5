// What the GF9 TANKS panel draws and offers, as plain data (docs/adding-a-game.md): no game
// module, no window toolkit. Built by src/games/gf9_tanks/view.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace umpire::view {

// The escarpment sketch of a line-of-sight ruling: distances in inches to the edge, and on
// which side of it each vehicle stands.
struct Gf9Escarpment {
    std::optional<double> firer_distance, target_distance;  // nullopt: not given (the ruling cannot decide)
    bool firer_on_top = false, target_on_top = false;
};
struct Gf9RulingView {
    std::optional<Gf9Escarpment> escarpment;  // set when an escarpment takes part in the line
};

// The input choices. A name's tip is its house rule and what the rule says (rules-data).
struct Gf9Name {
    std::string name, tip;
    std::string words;  // the house rules' own words ("line of sight", "a river")
};
struct Gf9Choices {
    std::vector<Gf9Name> questions;        // los, movement, in the rules' words
    std::vector<std::string> on_hill;      // no, partly, wholly
    std::vector<Gf9Name> move_terrain;     // move.terrain
    std::vector<std::string> via;          // move.via without "none" (none = the empty list)
    std::vector<Gf9Name> line_terrain;     // line.terrain
    std::vector<Gf9Name> line_obstacles;  // line.obstacles: tip = what each reading says (rules-data)
    int max_hills_between = 20;
    double max_distance = 144.0;  // inches
};

}  // namespace umpire::view
