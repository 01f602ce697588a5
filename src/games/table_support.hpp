// The glue every table game shares (tabletop/rulings.hpp, docs/tables.md): a game's TableSupport
// takes its id, its [table] rules data (Data::table) and its ruling from the game itself, so a
// game's table.hpp writes only what it measures (measure) and, where it needs them, counts() and
// sight_ruled().
#pragma once
#include <string>

#include "core/ruling.hpp"
#include "core/toml_reader.hpp"
#include "tabletop/rulings.hpp"

namespace umpire {

template <class Game>
class GameTableSupport : public tabletop::TableSupport {
public:
    explicit GameTableSupport(const Game& sys) : sys_(sys) {}
    std::string system() const override { return sys_.id(); }
    const tabletop::Rules& rules() const override { return sys_.data().table; }
    Ruling rule(const Section& root) const override { return sys_.rule(root); }

protected:
    const Game& sys_;  // owns this support (GameSystem::table_support)
};

}  // namespace umpire
