// The remembered session (STATE/state.toml), free of window-toolkit code so tests can use
// it: which game is shown, each game's open file, UI scale, window size, the splits, recent files.
// Every value is checked on load: a wrong type, a non-finite number or one out of range
// falls back to the default, and a note says so (shown in the status bar).
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace umpire::app {

struct Session {
    std::string system = "spi-tank";                       // the game shown
    std::map<std::string, std::filesystem::path> files;    // each game's open file (absent: untitled)
    float scale = 0.0f;                                    // 0: not remembered
    int width = 1280, height = 800;
    float split = 0.44f;                                   // share of the width for the inputs side (form layout)
    float side = 0.34f;                                    // share of the width for the side panel beside a map
    bool side_collapsed = false;                           // the side panel beside a map folded away
    std::vector<std::filesystem::path> recent;
};

// Limits shared by the loader and the window (the View menu, the splitter).
constexpr float kScaleMin = 0.5f, kScaleMax = 4.0f;
constexpr float kSplitMin = 0.2f, kSplitMax = 0.8f;
constexpr float kSideMin = 0.15f, kSideMax = 0.6f;
constexpr int kSizeMin[2] = {320, 240};
constexpr int kSizeMax = 10000;

// Reads state.toml's text; `name` labels the notes. Never throws: a file that does not
// parse gives the defaults and one note.
Session parse_session(const std::string& text, const std::string& name, std::vector<std::string>* notes);

// The text of state.toml for `s`.
std::string session_text(const Session& s);

}  // namespace umpire::app
