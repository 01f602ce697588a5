// What every game's GameSystem is, written once instead of in each game (docs/adding-a-game.md).
// A game is a set of free functions in its namespace, on its Data and Situation:
//   load_data(file)                  its rules data, from its one rules-data file
//   parse_situation(d, root[, held, place])   a situation read; problems into root.sink()
//   rule(d, s)                       the ruling
//   to_toml(s)                       the situation written back in the file format
//   names(d)                         the names a user may type (`umpire-cli systems`)
//   choices(d)                       what a user may choose, for its panel (a view::<Game>Choices)
//   ruling_view(d, s, r)             the typed view of a ruling its panel draws
// and GameModule<Data, load_data, Situation> makes them a GameSystem: id, title and data file
// (GameAbout), load(), data(), rule() (refused on any problem in the situation, then ruled, with
// its view and the marks its trace put on the board), canonical(), names(), choices(), and the
// board or table support the front ends ask. A game with tables makes its table support in its
// constructor; a game on hex boards derives from BoardGameModule, which adds rule() on the
// window's board and makes the board support (the game's make_board_support) on each load.
//
// The free functions are found by argument-dependent lookup on Data and Situation, from the
// helpers in `module_calls` below: outside the class, where the members of the same names do not
// hide them.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "board/board_support.hpp"  // a game on hex boards makes one (BoardGameModule::on_loaded)
#include "games/game_system.hpp"

namespace umpire {

// A game's fixed words: the situation's `system` value, the title `umpire-cli systems` shows, and
// its file in the rules-data folder.
struct GameAbout {
    const char* id;         // "spi-tank"
    const char* title;      // "SPI TANK! (1974), standard game"
    const char* data_file;  // "spi-tank.toml"
};

namespace module_calls {
template <class Data, class... Where>
auto parse(const Data& d, const Section& root, Where... where) {
    return parse_situation(d, root, where...);
}
template <class Data, class Situation>
Ruling rule_situation(const Data& d, const Situation& s) {
    return rule(d, s);
}
template <class Situation>
toml::table write(const Situation& s) {
    return to_toml(s);
}
template <class Data>
std::vector<NameList> names_of_game(const Data& d) {
    return names(d);
}
template <class Data>
std::any choices_of_game(const Data& d) {
    return choices(d);
}
template <class Data, class Situation>
std::any view_of_ruling(const Data& d, const Situation& s, const Ruling& r) {
    return ruling_view(d, s, r);
}
// Whether a game's Situation carries the marks its trace put on the board (TANK!, PanzerBlitz).
template <class Situation, class = void>
struct has_board_marks : std::false_type {};
template <class Situation>
struct has_board_marks<Situation, std::void_t<decltype(std::declval<const Situation&>().board_marks)>> : std::true_type {};
}  // namespace module_calls

template <class Data, Data (*LoadData)(const std::filesystem::path&), class Situation>
class GameModule : public GameSystem {
public:
    std::string id() const override { return about_.id; }
    std::string title() const override { return about_.title; }
    std::vector<std::string> data_files() const override { return {about_.data_file}; }
    void load(const std::filesystem::path& rules_dir) override {
        data_ = LoadData(rules_dir / about_.data_file);
        on_loaded();
    }
    Ruling rule(const Section& root) const override { return ruled(root, module_calls::parse(data_, root)); }
    std::optional<toml::table> canonical(const Section& root) const override {
        return canonical_with(root, data_, module_calls::parse<Data>, module_calls::write<Situation>);
    }
    std::vector<NameList> names() const override { return module_calls::names_of_game(data_); }
    std::any choices() const override { return module_calls::choices_of_game(data_); }
    const Data& data() const { return data_; }
    const view::BoardSupport* board_support() const override { return board_support_.get(); }
    const tabletop::TableSupport* table_support() const override { return table_support_.get(); }
    // The supports refer to this object.
    GameModule(const GameModule&) = delete;
    GameModule& operator=(const GameModule&) = delete;

protected:
    explicit GameModule(const GameAbout& about) : about_(about) {}
    // Called after each load, on the new data: where a game makes what refers to data_.
    virtual void on_loaded() {}
    // rule()'s steps, the same in every game: `s`, just read from `root`, ruled on the rules data
    // unless reading it reported a problem (then InputError, before any ruling), with the game's
    // view and the marks its trace put on the board (neither when it will only be printed).
    Ruling ruled(const Section& root, const Situation& s) const {
        root.sink().throw_if_errors();
        Ruling r = module_calls::rule_situation(data_, s);
        if (root.sink().print_only()) return r;
        r.view = module_calls::view_of_ruling(data_, s, r);
        if constexpr (module_calls::has_board_marks<Situation>::value) r.board_marks = s.board_marks;
        return r;
    }

    Data data_;
    std::shared_ptr<const view::BoardSupport> board_support_;     // a game with hex boards: made in on_loaded()
    std::shared_ptr<const tabletop::TableSupport> table_support_;  // a game with tables: made in its constructor

private:
    GameAbout about_;
};

// A game on hex boards (TANK!, PanzerBlitz, Panzer Squadron): rule() on the window's board too, and
// the board support made on each load by the game's make_board_support(const Game&).
template <class Game, class Data, Data (*LoadData)(const std::filesystem::path&), class Situation>
class BoardGameModule : public GameModule<Data, LoadData, Situation> {
    using Module = GameModule<Data, LoadData, Situation>;

public:
    using Module::rule;
    // As rule(root), reading `held` (the window's board) instead of the situation's board file,
    // the units where `place` says when given (the game's parse_situation).
    Ruling rule(const Section& root, const board::Board* held, const view::Placement* place = nullptr) const {
        return this->ruled(root, module_calls::parse(this->data_, root, held, place));
    }

protected:
    using Module::Module;
    void on_loaded() override { this->board_support_ = make_board_support(static_cast<const Game&>(*this)); }
};

}  // namespace umpire
