// Rulings from a table sketch: a situation that says `table = "FILE"` and names bases on it
// instead of typing what the table shows. The game measures the table (its TableSupport, in
// src/games/<game>/table.cpp), the driver here fills the situation keys the hand-entered form
// would have, and the game's own rules rule it; nothing here re-implements a rule or knows a game.
// The engine finds a game's TableSupport (GameSystem::table_support) and calls the driver.
// Format and keys: docs/tables.md.
//
// Sections
//   TableSupport    what a game offers: its [table] rules, what it measures, its own ruling
//   derive()        the measurements for one situation, by the game
//   rule_with_table the whole ruling: derive, check hand-entered keys, rule, add the facts to the
//                   explanation, and rule the other reading of every measurement within the
//                   tolerance of a threshold (a referee's call when the ruling changes);
//                   rule_on_table does the same against a table in memory (the window's drags)
//                   and leaves a TableView (tabletop/view.hpp) in Ruling::view
#pragma once
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/ruling.hpp"
#include "core/toml_reader.hpp"
#include "tabletop/measure.hpp"
#include "tabletop/sketch.hpp"
#include "tabletop/view.hpp"

namespace umpire::tabletop {

// ---- TableSupport -------------------------------------------------------------------

class TableSupport {
public:
    virtual ~TableSupport() = default;
    virtual std::string system() const = 0;  // the game's id, as a situation's `system`: "gf9-tanks"
    // The game's [table] rules data (unit, tolerance, kinds); valid once the game has loaded.
    virtual const Rules& rules() const = 0;
    // Measures m.t for the situation `root` (its question in m.out.question, its keys naming
    // bases) into m.out; problems go into root.sink(). A question the game does not measure on a
    // table adds nothing (the game's own rules then say what is missing).
    virtual void measure(const Section& root, Measuring& m) const = 0;
    // Rules the situation built from the measurements with the game's own rules (GameSystem::rule).
    virtual Ruling rule(const Section& root) const = 0;
    // The situation keys whose measured number is a count (a TOML integer), not a distance in
    // the table's unit: written as integers, and left out of TableView::distances.
    virtual std::vector<std::string> counts() const { return {}; }
    // The citation of the game's hills rule: a ruling on a table whose hill falls apart into parts
    // that do not touch (sketch_warnings) states the warning with it. Empty: not stated.
    virtual std::string hill_rule() const { return {}; }
    // What the ruling decided about the target of sight line `i` (Derived::sights), where the game
    // rules each target on its own (AGV: a stand's cover, and whether it can be fired at).
    struct SightRuled {
        std::optional<bool> cover, hit;
    };
    virtual SightRuled sight_ruled(const Ruling& r, std::size_t i) const {
        (void)r, (void)i;
        return {};
    }
};

// ---- derive() -------------------------------------------------------------------

// The situation keys the table format adds to name bases and paths (every game's questions;
// docs/tables.md), removed before the game rules it.
const std::vector<std::string>& table_keys();

// Measures `table` for the situation `root` (its keys naming bases); problems go into
// root.sink().
Derived derive(const TableSupport& g, const umpire::Section& root, const Sketch& table);

// ---- rule_with_table ----------------------------------------------------------------

// Rules a situation with `table = "FILE"` for the game `g`; the table file is found relative to
// `base_dir` and read with `systems` (the table games whose rules data loaded).
// Throws InputError for a bad situation or table (FILE:LINE:COL lines).
Ruling rule_with_table(const TableSupport& g, const Systems& systems, const toml::table& situation,
                       const std::string& display_name, const std::filesystem::path& base_dir);

// The same against a table already in memory (the window rules while the referee drags, before
// anything is saved). The ruling's view is a TableView (tabletop/view.hpp) holding the game's own
// view in `game`.
// Throws InputError for a bad situation, or a table of another system.
Ruling rule_on_table(const TableSupport& g, const toml::table& situation, const std::string& display_name,
                     const Sketch& table);

}  // namespace umpire::tabletop
