// What every game's GameSystem shares, written once instead of in each game (docs/adding-a-game.md):
// its id, title and one rules-data file, the rules data loaded from that file by the game's
// load_data, data() to read it, the board or table support it offers the front ends, and rule()'s
// first steps (ruled()). A game derives from GameModule<Data, load_data>, gives its GameAbout to
// the constructor, and writes only what is its own: rule(), names(), choices(), canonical(), and
// the making of its board support (in on_loaded(), on the data) or table support (in its
// constructor).
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "games/game_system.hpp"

namespace umpire {

// A game's fixed words: the situation's `system` value, the title `umpire-cli systems` shows, and
// its file in the rules-data folder.
struct GameAbout {
    const char* id;         // "spi-tank"
    const char* title;      // "SPI TANK! (1974), standard game"
    const char* data_file;  // "spi-tank.toml"
};

template <class Data, Data (*LoadData)(const std::filesystem::path&)>
class GameModule : public GameSystem {
public:
    std::string id() const override { return about_.id; }
    std::string title() const override { return about_.title; }
    std::vector<std::string> data_files() const override { return {about_.data_file}; }
    void load(const std::filesystem::path& rules_dir) override {
        data_ = LoadData(rules_dir / about_.data_file);
        on_loaded();
    }
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
    // rule()'s first steps, the same in every game: `s`, just read from `root`, ruled by `rule` on
    // the rules data, unless reading it reported a problem (then InputError, before any ruling).
    template <class Situation>
    Ruling ruled(const Section& root, const Situation& s, Ruling (*rule)(const Data&, const Situation&)) const {
        root.sink().throw_if_errors();
        return rule(data_, s);
    }

    Data data_;
    std::shared_ptr<const view::BoardSupport> board_support_;     // a game with hex boards: made in on_loaded()
    std::shared_ptr<const tabletop::TableSupport> table_support_;  // a game with tables: made in its constructor

private:
    GameAbout about_;
};

}  // namespace umpire
