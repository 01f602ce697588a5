// Units standing on a board (docs/situations.md "Units on the board"): a situation may place
// several counters once, each with a name, a side, a hex (and a facing and a unit type where the
// game has them), and pick two of them as the firer and the target (`firer.counter = "NAME"`).
// The chosen counters' facts become the role's own keys (firer.hex, firer.facing, firer.unit ...),
// so a ruling from counters is the ruling from those keys typed: the games never see counters.
//
// Sections
//   Counter, Counters   one unit on the board; the list and the names each role picked
//   CounterRules        what a game's counters carry and where a chosen one's facts go
//   reading             uses_counters, read_counters (every problem located), resolve_counters
//   writing             write_counters (the window saves them), follow_roles (the chosen counters
//                       follow the role keys the window changed)
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "core/toml_reader.hpp"

namespace umpire::board {

// ---- Counter, Counters ---------------------------------------------------------------------

struct Counter {
    std::string name, side, hex;
    std::optional<std::string> facing;  // the game's facing name ("A".."F"; Panzer Squadron's "NW" ...)
    std::optional<std::string> type;    // the game's unit type (TANK!: a weapons chart name, 17.4)
    friend bool operator==(const Counter& a, const Counter& b) {
        return a.name == b.name && a.side == b.side && a.hex == b.hex && a.facing == b.facing && a.type == b.type;
    }
};

struct Counters {
    std::vector<Counter> list;
    // Each role table that picked a counter, with the counter's name: {"firer", "Alpha"}.
    std::vector<std::pair<std::string, std::string>> chosen;
    const Counter* find(const std::string& name) const;  // matched as names are (same_name)
    const Counter* chosen_for(const std::string& role) const;
    bool empty() const { return list.empty() && chosen.empty(); }
};

// What the referee did to the counters on the window's board: picked one for the first role (the
// firer, Panzer Squadron's moving tank) or the second (the target), or added one in an empty hex.
struct CounterPick {
    enum Kind { first, second, add } kind = first;
    std::string name;  // first, second: the counter picked
    std::string hex;   // add: the hex's number
};

// ---- CounterRules --------------------------------------------------------------------------

struct CounterRules {
    struct Role {
        std::string table;   // "firer", "target", "tank"
        bool facing = false; // the role table has a `facing` key the counter's facing fills
        bool type = false;   // the role table has the type key the counter's type fills
    };
    std::vector<Role> roles;  // empty: the game has no counters
    std::string type_key;     // the key of the unit type, in a counter and in a role table ("unit"); "" none
    bool facing = false;      // counters may carry a facing
    // What is wrong with these counters sharing one hex ("" nothing), the sentence naming the rule
    // (TANK! 11.0); unset: the game's rules say nothing of stacking and any number may share a hex.
    std::function<std::string(const std::vector<const Counter*>&)> stacking;
    // What is wrong with a counter's unit type ("" nothing): every counter's is checked, picked or not.
    std::function<std::string(const std::string&)> type_problem;
    const Role* role(const std::string& table) const;
};

// ---- reading -------------------------------------------------------------------------------

// True when `situation` has a `counter` key, or a role table of `rules` a `counter` key.
bool uses_counters(const toml::table& situation, const CounterRules& rules);
// Reads `[[counter]]` and each role's `counter` from `root`, reporting every problem into
// root.sink() (located): a missing or unknown key, a duplicate name, a name no counter has, two
// roles picking one counter, counters sharing a hex against the game's stacking rule, a role key
// typed that disagrees with the counter picked (naming both). nullopt after any problem.
std::optional<Counters> read_counters(const Section& root, const CounterRules& rules);
// `situation` with the chosen counters' facts moved into their role tables (hex, facing, type)
// and the counter keys dropped: what the game rules. Run after read_counters found no problem;
// the facts are moved, not copied, so they keep their place in the file for later messages.
void resolve_counters(toml::table& situation, const CounterRules& rules);

// ---- writing -------------------------------------------------------------------------------

// Adds `[[counter]]` and each chosen role's `counter` key to `situation` (the role's own keys are
// left as they are: the window writes them agreeing). Nothing when `c` is empty.
void write_counters(toml::table& situation, const Counters& c, const CounterRules& rules);
// The chosen counters take the role keys of `situation` (the window moved the firer, typed another
// unit type): hex, facing, type as written there. Returns true when any counter changed.
bool follow_roles(Counters& c, const toml::table& situation, const CounterRules& rules);

}  // namespace umpire::board
