// What every game's GameSystem shares, written once instead of in each game (docs/adding-a-game.md):
// its id, title and one rules-data file, the rules data loaded from that file by the game's
// load_data, and data() to read it. A game derives from GameModule<Data, load_data>, gives its
// GameAbout to the constructor, and writes only what is its own: rule(), names(), choices(),
// canonical() and any board or table support (made in on_loaded() when it needs the data).
#pragma once
#include <filesystem>
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

protected:
    explicit GameModule(const GameAbout& about) : about_(about) {}
    // Called after each load, on the new data: where a game makes what refers to data_.
    virtual void on_loaded() {}
    Data data_;

private:
    GameAbout about_;
};

}  // namespace umpire
