// A panel's board (docs/window.md "The board view"), for the games whose panels hold one beside
// their own inputs (PanzerBlitz, Panzer Squadron): the situation's `board` loaded through the
// game's BoardSupport, the "Open board…" popup, and the board view the referee clicks units onto.
// The same steps as the TANK! panel's section 3 (panel_spi_tank.cpp), gathered in one place.
//
// Sections
//   BoardHost   load(), picker(), view(): one job each
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "app/board_view.hpp"
#include "engine/board.hpp"
#include "engine/board_support.hpp"

namespace umpire::app {

class BoardHost {
public:
    // Loads `name` (the situation's `board`) when it or the situation's folder changed; a missing
    // name drops the board. A board with problems keeps them (errors()) and no board.
    void load(const view::BoardSupport& support, const std::optional<std::string>& name, const std::filesystem::path& situation_dir);
    // "Open board…" / "Change board…": a shipped board of this game, a file, or none. True when *name changed.
    bool picker(const view::BoardSupport& support, std::optional<std::string>* name, const std::filesystem::path& situation_dir) const;
    // The name line, the board's problems, or the board view; true when the referee placed a unit.
    bool view(const view::BoardSupport& support, const std::optional<std::string>& name, const std::string& mode,
              const toml::table& situation, Placement* place);
    // The board loaded for `name`, or nullptr (the window then rules the file).
    const board::Board* held(const std::optional<std::string>& name) const {
        return name && board_ && name_ == *name ? board_.get() : nullptr;
    }

private:
    std::shared_ptr<const board::Board> board_;
    std::string name_, dir_;            // what board_ was loaded for
    std::vector<std::string> errors_;   // the board file's problems (FILE:LINE:COL)
    std::uint64_t generation_ = 0;
    mutable std::string path_text_;     // the popup's file field
    BoardView view_;
};

}  // namespace umpire::app
