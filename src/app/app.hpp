// The referee window's state: the rules engine, the open situation (a document),
// the per-system panels, files (New/Open/Save/Save As/recent), autosave and the
// remembered session, and the frame's UI (menus, system selector, the two sides,
// modal dialogs). main.cpp owns GLFW/OpenGL and calls draw() once per frame.
//
// The state folder (--state-dir, else $XDG_STATE_HOME/umpire or ~/.local/state/umpire):
//   state.toml      the session: open file, system, UI scale, window size, split, recent files
//   situation.toml  the working copy of the situation, written after every edit (autosave)
//   ruling.txt      the current ruling as Ruling::to_text() (what "Copy ruling" copies)
//   ruling.json     the current ruling as the CLI's JSON (or {"error": [...]})
//   imgui.ini       Dear ImGui's layout file
//   layout.txt      only with --test-layout: named widget rectangles for end-to-end tests
// Every write is atomic (temp file + fsync + rename).
#pragma once
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/panel.hpp"
#include "engine/engine.hpp"

namespace umpire::app {

struct Options {
    std::filesystem::path rules_dir;   // empty: umpire::default_rules_dir()
    std::filesystem::path state_dir;   // empty: default_state_dir()
    std::filesystem::path situation;   // --situation FILE: open it
    std::filesystem::path screenshot;  // --screenshot OUT.png: render, write, exit (writes no state)
    float scale = 0.0f;                // 0: remembered, else the monitor's
    int width = 0, height = 0;         // 0: remembered, else 1280 x 800
    bool test_layout = false;          // write layout.txt for end-to-end tests
};

class App {
public:
    explicit App(Options opts);
    ~App();

    // ---- start and stop ----
    void start();                    // rules data, remembered session, the situation to show
    void shutdown(int width, int height);  // final autosave and session
    bool headless() const { return !opts_.screenshot.empty(); }
    int width() const { return width_; }
    int height() const { return height_; }
    float scale() const { return scale_; }  // 0 until known
    void set_scale(float s) { scale_ = s; }
    const std::filesystem::path& state_dir() const { return state_dir_; }
    const char* ini_path() const { return headless() ? nullptr : ini_path_.c_str(); }
    // 0 fine; 2 the situation or the rules data is wrong (screenshot mode's exit status).
    int status() const;
    std::vector<std::string> problems() const;  // the FILE:LINE:COL lines behind status() == 2

    // ---- each frame ----
    void draw();
    std::string window_title() const;
    bool wants_quit() const { return quit_; }
    bool take_scale_change(float* s);        // the View menu picked a new scale
    double seconds_until_due() const;        // until the pending autosave (large when none)
    void tick();                             // autosave when due
    void after_frame();                      // layout.txt for tests
    void open_dropped(const std::filesystem::path& p);

private:
    using Clock = std::chrono::steady_clock;

    // ---- engine and panels ----
    void load_engine();
    Panel* panel(const std::string& system) const;
    std::string system_title(const std::string& system) const;

    // ---- document ----
    toml::table current_table() const;
    std::string current_text() const;
    std::string text_of(const toml::table& t, const std::string& system) const;
    std::string display_name() const;
    bool modified() const { return text_ != baseline_; }
    void edited();  // after any change: re-rule, schedule autosave
    void rule_now();
    struct Loaded {
        std::string system, title, notes;
        std::optional<toml::table> raw;  // a system without a panel
    };
    // Parses a situation file into a panel (or raw); false with errors_ filled on any problem.
    bool load_into(const std::string& text, const std::string& name, bool commit, Loaded* out,
                   std::vector<std::string>* errors);
    std::optional<std::string> canonical_text(const std::filesystem::path& p);

    // ---- files ----
    void file_new();
    bool file_open(const std::filesystem::path& p);
    bool file_save();
    bool file_save_as(const std::filesystem::path& p);
    void remember_recent(const std::filesystem::path& p);
    void copy_ruling();
    void restore_session();
    void write_session();
    void autosave();
    void recover_working_copy();
    void reload_rules_data();  // Rules data > Reload and the "Reload rules data" button

    // ---- UI ----
    void draw_menus();
    void draw_system_bar();
    void draw_body();
    void draw_rules_errors();
    void draw_status();
    void draw_modals();
    void draw_file_browser();
    void shortcuts();
    void ask_then(int action, std::filesystem::path arg = {});  // confirm discarding edits first
    void run(int action, const std::filesystem::path& arg);
    void status_message(std::string m);

    Options opts_;
    std::filesystem::path state_dir_;
    std::string ini_path_;
    std::unique_ptr<Engine> engine_;
    std::filesystem::path rules_dir_;
    std::vector<std::string> rules_errors_;

    std::map<std::string, std::unique_ptr<Panel>> panels_;
    std::map<std::string, toml::table> raw_;  // situations of systems that have no panel yet

    // The document.
    std::string system_ = "spi-tank";
    std::filesystem::path path_;  // empty: untitled
    std::string title_, notes_;
    std::string text_;      // current situation text
    std::string baseline_;  // text as last opened or saved: modified() compares
    std::optional<Ruling> ruling_;
    std::vector<std::string> ruling_errors_;
    std::string ruled_text_;

    // Session.
    std::vector<std::filesystem::path> recent_;
    float scale_ = 0.0f, pending_scale_ = 0.0f;
    int width_ = 1280, height_ = 800;
    float split_ = 0.44f;
    bool quit_ = false;
    bool session_dirty_ = false;
    std::optional<Clock::time_point> autosave_due_;
    std::string saved_text_, saved_ruling_txt_, saved_ruling_json_;  // last autosaved contents
    std::string last_layout_;

    // Messages and dialogs.
    std::string status_;
    Clock::time_point status_time_{};
    std::vector<std::string> open_errors_;  // shown in a modal
    std::string open_errors_title_;
    bool show_open_errors_ = false, show_confirm_ = false, show_about_ = false;
    int pending_action_ = 0;
    std::filesystem::path pending_arg_;
    struct Browser {
        bool open = false, saving = false, confirm_replace = false;
        std::filesystem::path dir;
        std::string dir_text, name;
        std::vector<std::pair<std::string, bool>> entries;  // name, is folder
        std::string error;
    } browser_;
    void browse(bool saving);
    void browser_list();
};

}  // namespace umpire::app
