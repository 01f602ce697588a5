// The rules engine facade used by both front ends: find and load the rules
// data, look up systems, and rule a situation file or text.
//
// Loading is all-or-nothing by default (check-data, tests). With Load::each_system a
// problem in one game's rules data locks only that game: the others still rule, and
// ruling the broken game throws its own data errors (the window). Load::on_demand is
// each_system, but a game's rules data is read only when the game is first asked for
// (`umpire-cli rule`: one ruling reads one game's file, not all five), with the same errors.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/marks.hpp"
#include "games/game_system.hpp"
#include "tabletop/sketch.hpp"

namespace umpire {

class Engine {
public:
    enum class Load { all_or_nothing, each_system, on_demand };

    // Loads every system's rules data from `rules_dir`. A missing folder always throws
    // InputError. Load::all_or_nothing throws InputError listing every problem found in
    // every file; Load::each_system keeps each system's problems (data_errors()) instead;
    // Load::on_demand loads nothing yet: find(), get(), data_errors(), usable() and rule*()
    // load the game they are about (and systems() every game) the first time, as each_system.
    explicit Engine(const std::filesystem::path& rules_dir, Load mode = Load::all_or_nothing);
    ~Engine();
    Engine(Engine&&) noexcept;
    Engine& operator=(Engine&&) noexcept;

    const std::filesystem::path& rules_dir() const { return dir_; }
    // Rulings from rule() that will only be printed (umpire-cli rule, as text or JSON, without
    // --png): they carry no typed view and no board marks, which nothing prints (issue 21, point
    // 6). Everything printed is the same either way. Off by default.
    void set_print_only(bool on) { print_only_ = on; }
    const std::vector<std::unique_ptr<GameSystem>>& systems() const {
        load_all();
        return systems_;
    }
    const GameSystem* find(const std::string& id) const;  // matched with normalize_name
    // The problems in `id`'s rules data (empty when it loaded; only with Load::each_system).
    const std::vector<Diagnostic>& data_errors(const std::string& id) const;
    bool usable(const std::string& id) const { return find(id) && data_errors(id).empty(); }
    template <class T> const T* get() const {
        for (std::size_t i = 0; i < systems_.size(); ++i)
            if (auto p = dynamic_cast<const T*>(systems_[i].get())) {
                load(i);
                return p;
            }
        return nullptr;
    }

    // Rules a parsed situation; `display_name` names it in diagnostics. A situation on a table
    // sketch (`table = "FILE"`, docs/tables.md) or a board (`board = "FILE"`) finds it in
    // `base_dir`; when that is empty, next to `display_name` if that names a file, else in the
    // current folder.
    // Units on the board (`[[counter]]`, board/counters.hpp) are read first and the chosen ones'
    // facts put in their roles' keys; the && form moves them, so they keep their places in the file
    // for later messages (a copy loses them: toml++ copies no source positions).
    Ruling rule(const toml::table& situation, const std::string& display_name,
                const std::filesystem::path& base_dir = {}) const;
    Ruling rule(toml::table&& situation, const std::string& display_name, const std::filesystem::path& base_dir = {}) const;
    Ruling rule_text(std::string_view text, const std::string& display_name,
                     const std::filesystem::path& base_dir = {}) const;
    Ruling rule_file(const std::filesystem::path& path) const;
    // Rules a situation with `board = ...` against `b` (the window's board, maybe unsaved paint)
    // instead of the board file, through its system's BoardSupport; as rule() otherwise. `place`:
    // the units' places on `b`, typed (the board view's clicks), read instead of the situation's
    // hex keys (BoardSupport::rule).
    Ruling rule_on_board(const toml::table& situation, const std::string& display_name, const board::Board& b,
                         const view::Placement* place = nullptr) const;
    Ruling rule_on_board(toml::table&& situation, const std::string& display_name, const board::Board& b,
                         const view::Placement* place = nullptr) const;
    // Rules a situation with `table = ...` of `system` against `table` (the window's table, maybe
    // dragged and unsaved) instead of the table file, through the game's TableSupport (tables.cpp).
    Ruling rule_on_table(const std::string& system, const toml::table& situation, const std::string& display_name,
                         const tabletop::Sketch& table) const;

    // A board file opened for its game (open_board.cpp; docs/boards.md): the one board dispatch of
    // both front ends. read_board_file reads the file once (the bounded reader, TOML) and takes the
    // game its `system` names; BoardFile::parse hands the table to that game's BoardSupport::parse.
    // open_board does both. `as`: read it as that game's board whatever it names (the window's
    // panel: a board of another game is then that game's reader's `system` error). Throws
    // InputError: the file's problems; a `system` naming no game with hex boards, located at the
    // key; the game's rules-data errors; then (parse) the board's problems.
    struct BoardFile {
        const GameSystem* game = nullptr;
        toml::table root;
        std::filesystem::path path;
        std::string display_name;
        board::Board parse() const;
    };
    struct OpenBoard {
        const GameSystem* game = nullptr;
        board::Board board;
    };
    BoardFile read_board_file(const std::filesystem::path& path, const std::string& display_name,
                              const view::BoardSupport* as = nullptr) const;
    OpenBoard open_board(const std::filesystem::path& path, const std::string& display_name,
                         const view::BoardSupport* as = nullptr) const;

private:
    // The game a situation names (`system`, one of systems_), its rules data loaded; a name not
    // among them, or a game whose rules data failed to load (Load::each_system), throws.
    const GameSystem& system_of(const Section& root) const;
    // rule() and rule_on_board(), with `movable` the situation itself when it may be changed.
    Ruling rule_any(const toml::table& situation, toml::table* movable, const std::string& display_name,
                    const std::filesystem::path& base_dir) const;
    Ruling rule_on_board_any(const toml::table& situation, toml::table* movable, const std::string& display_name,
                             const board::Board& b, const view::Placement* place) const;
    // rule() for a situation on a table sketch (tables.cpp).
    Ruling rule_table(const GameSystem& g, const Section& root, const toml::table& situation, const std::string& display_name,
                      const std::filesystem::path& base_dir) const;
    // Loads systems_[i]'s rules data unless it is loaded (its problems go to data_errors_);
    // returns them. Safe from several threads: a const Engine may be shared.
    const std::vector<Diagnostic>& load(std::size_t i) const;
    void load_all() const;

    std::filesystem::path dir_;
    std::vector<std::unique_ptr<GameSystem>> systems_;
    mutable std::map<std::string, std::vector<Diagnostic>> data_errors_;  // by system id
    struct Loading;                    // which systems are loaded yet, and the lock over that and data_errors_
    std::unique_ptr<Loading> loading_;
    bool print_only_ = false;
};

// Every system module, freshly constructed (not yet loaded). Defined in registry.cpp.
std::vector<std::unique_ptr<GameSystem>> make_all_systems();

// The rules-data folder shipped with the program, found from the executable's
// location (so it works from any working directory), else the source tree's.
std::filesystem::path default_rules_dir();

// Validates a rules-data folder without keeping it: returns every problem found.
std::vector<Diagnostic> check_rules_dir(const std::filesystem::path& dir);

namespace tabletop {
// The table games of an engine whose rules data loaded (those with a TableSupport), to read table
// files with (load_sketch). Defined in tables.cpp.
Systems table_systems(const Engine& e);
}  // namespace tabletop

}  // namespace umpire
