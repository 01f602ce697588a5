// The referee window's state: the rules engine, one document per game (its file or
// untitled, its working copy), the per-game panels, files (New/Open/Save/Save As/recent),
// autosave and the remembered session, and the frame's UI (menus, game selector, the two
// sides, modal dialogs). main.cpp owns GLFW/OpenGL and calls draw() once per frame.
//
// Each game has its own document: switching game shows that game's file (or untitled) and
// working copy, and Save writes only to the shown game's own file.
//
// The state folder (--state-dir, else default_state_dir(); created 0700, must be ours):
//   lock                     flock'ed by the window that autosaves; a second window does not
//   state.toml               the session: game shown, each game's file, scale, size, split, recent
//   situation-<game>.toml    each game's working copy, written after every edit (autosave)
//   situation.toml           the shown game's working copy (for scripts and older versions)
//   ruling.txt, ruling.json  the current ruling as to_text() and as the CLI's JSON
//   imgui.ini                Dear ImGui's layout file
//   recovered-*.toml         unsaved edits set aside instead of being replaced
//   layout.txt               only with --test-layout: named widget rectangles for tests
// Every write is atomic (temp file + fsync + rename).
//
// Sources, by job: app.cpp (start, stop, rules data), app_state.cpp (state folder, session,
// autosave), app_document.cpp (documents and files), app_frame.cpp (menus, the form layout's two
// sides, status bar, shortcuts), app_map.cpp (the board-first layout: the map, the side panel,
// the pinned verdict), app_dialogs.cpp (modal dialogs, file browser).
#pragma once
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "window/board/picture_actions.hpp"
#include "window/shell/files.hpp"
#include "window/panels/panel.hpp"
#include "window/shell/session.hpp"
#include "window/table/view.hpp"
#include "engine/engine.hpp"

namespace umpire::app {

struct Options {
    std::filesystem::path rules_dir;   // empty: umpire::default_rules_dir()
    std::filesystem::path state_dir;   // empty: default_state_dir() (refused when there is none)
    std::filesystem::path situation;   // --situation FILE: open it
    std::filesystem::path screenshot;  // --screenshot OUT.png: render, write, exit (writes no state)
    float scale = 0.0f;                // 0: remembered, else the monitor's
    int width = 0, height = 0;         // 0: remembered, else 1280 x 800
    bool test_layout = false;          // write layout.txt for end-to-end tests
    bool show_shortcuts = false;       // --show-shortcuts: start with the F1 list open (its clipping check)
    bool map_only = false;             // --map-only: start with the map filling the window (F11)
};

class App {
public:
    explicit App(Options opts);
    ~App();

    // ---- start and stop ----
    // Rules data, remembered session, the situation to show. Returns why the window cannot
    // run (no usable state folder), else an empty string.
    std::string start();
    void shutdown(int width, int height);  // final autosave and session
    bool headless() const { return !opts_.screenshot.empty(); }
    int width() const { return width_; }
    int height() const { return height_; }
    float scale() const { return scale_; }  // 0 until known
    void set_scale(float s) { scale_ = s; }
    const std::filesystem::path& state_dir() const { return state_dir_; }
    const char* ini_path() const { return headless() || ini_path_.empty() ? nullptr : ini_path_.c_str(); }
    // 0 fine; 2 the situation or the rules data is wrong (screenshot mode's exit status).
    int status() const;
    std::vector<std::string> problems() const;  // the FILE:LINE:COL lines behind status() == 2

    // ---- each frame ----
    void draw();
    std::string window_title() const;
    bool wants_quit() const { return quit_; }
    bool autosaving() const { return autosaving_; }  // false: another window holds the state folder
    bool take_scale_change(float* s);        // the View menu picked a new scale
    double seconds_until_due() const;        // until the pending autosave (large when none)
    void tick();                             // autosave when due
    void after_frame();                      // layout.txt for tests
    void open_dropped(const std::filesystem::path& p);
    void show_shortcut_list() { show_shortcuts_ = true; }
    void show_map_only() { map_only_ = true; }  // as F11 (left again when the game has no map)

    // ---- commands (the menus and shortcuts call these; so do tests) ----
    void switch_game(const std::string& system);  // shows that game's own document
    bool file_open(const std::filesystem::path& p, bool discarding = false);
    bool file_save();                             // false: failed, or no file yet (Save As opens)
    bool file_save_as(const std::filesystem::path& p);
    std::string clipboard_text() const;           // what Copy ruling copies
    // What Save picture / Copy picture draw (window/board/picture_actions.hpp): the shown ruling,
    // with the board or table and the units' places as they are on screen.
    PictureSource picture_source() const;
    // The one way to a picture: the File menu, Ctrl+Shift+P, the button beside Copy ruling and the
    // map's own menu (Board ▾ on a board, Picture ▾ on a table) all call picture(); it
    // does nothing until picture_ready() (a ruling shown, nothing missing or wrong).
    bool picture_ready() const;
    void picture(MapArea::Picture what);
    const std::string& system() const { return system_; }
    const Ruling* ruling() const { return ruling_ && ruling_errors_.empty() ? &*ruling_ : nullptr; }  // the shown ruling (tests)
    const std::string& status_line() const { return status_; }
    const std::string& state_problem() const { return state_problem_; }  // why this window does not autosave

private:
    using Clock = std::chrono::steady_clock;
    enum Action { kNone = 0, kNew, kOpenBrowse, kOpenPath };

    // One game's document.
    struct Doc {
        std::filesystem::path path;  // empty: untitled
        std::string title, notes;
        std::string baseline;        // the text as opened, saved or new: modified() compares
        std::string autosaved;       // the working copy as last written to the state folder
    };
    struct Loaded {
        std::string system, title, notes;
        std::optional<toml::table> raw;  // a system without a panel
    };

    // ---- start, stop, rules data (app.cpp) ----
    std::string open_state_dir();
    void load_engine();
    void reload_rules_data();  // Rules data > Reload and the "Reload rules data" buttons
    Panel* panel(const std::string& system) const;
    // The shown game's table view: a GF9 TANKS or AGV situation naming a table sketch (loaded
    // on first use, kept with its drags until the situation is opened again); else nullptr.
    TableView* table_view();
    std::string system_title(const std::string& system) const;
    const std::vector<Diagnostic>& data_errors(const std::string& system) const;

    // ---- state folder, session, autosave (app_state.cpp) ----
    void restore_session();
    void apply_session(const Session& s);
    void restore_games(const std::map<std::string, std::string>& texts, const std::map<std::string, std::filesystem::path>& files);
    bool restore_game(const std::string& id, const std::string& text, const std::string& name,
                      const std::map<std::string, std::filesystem::path>& files);
    std::map<std::string, std::string> read_working_copies();
    std::map<std::string, std::string> snapshot_games() const;
    void write_session();
    void autosave();
    void write_working_copies();
    void write_ruling_files();
    bool state_writable() const;
    std::filesystem::path working_copy(const std::string& system) const;
    void keep_aside(const std::string& text, const std::string& what);
    void keep_panels_aside(bool closing);  // Panel::take_set_aside of every panel and table view, kept
    void keep_all_aside(const std::vector<Panel::SetAside>& kept, bool closing);
    void drop_table(const std::string& system);  // its table view gone, unsaved changes kept first

    // ---- documents and files (app_document.cpp) ----
    Doc& doc() { return docs_[system_]; }
    const Doc& doc() const;
    toml::table table_of(const std::string& system) const;
    std::string text_for(const std::string& system) const;
    std::string text_of(const toml::table& t, const std::string& system) const;
    std::string current_text() const { return text_for(system_); }
    std::string fresh_text(const std::string& system) const;
    std::string display_name() const;
    // The situation's text differs from its file, or its table has been moved and not saved.
    bool modified() const { return text_ != doc().baseline || table_modified(); }
    bool table_modified() const;
    bool modified(const std::string& system) const;
    void edited();  // after any change: re-rule, schedule autosave
    void rule_now();
    void adopt(const Loaded& l, const std::filesystem::path& file);  // title, notes, file; not the baseline
    // Parses a situation file into a panel (or raw); false with errors filled on any problem.
    bool load_into(const std::string& text, const std::string& name, bool commit, Loaded* out,
                   std::vector<std::string>* errors);
    std::optional<std::string> canonical_text(const std::filesystem::path& p);
    void file_new();
    void remember_recent(const std::filesystem::path& p);
    void copy_ruling();
    void show_problem(std::string title, std::vector<std::string> lines);

    // ---- the frame (app_frame.cpp) ----
    void draw_menus();
    void draw_file_menu();
    void draw_view_menu();
    void draw_system_bar();
    void draw_body();
    // The form layout (no board, no table): the inputs beside the ruling.
    bool draw_inputs_side(Panel* p, PanelContext& ctx, float width, float height);  // the inputs child's width
    // A splitter `id` between two sides, `height` high: dragging it moves *share, the left side's
    // share of `width` (`sign` -1: the right side's), within [lo, hi], remembered in the session.
    // `probe`: its name for the window tests, or nullptr.
    void draw_splitter(const char* id, const char* probe, float width, float height, float* share, float sign, float lo, float hi);
    void draw_ruling_side(Panel* p, PanelContext& ctx, float height);
    // The board-first layout (docs/window.md "The map"): the map fills the main area; the ruling and
    // the situation in a side panel that can be resized or folded; F11 gives the map the whole window.
    bool has_map(const Panel* p);
    bool draw_map_layout(Panel* p, PanelContext& ctx, float width, float height);
    bool draw_map_area(Panel* p, PanelContext& ctx, ImVec2 size);
    bool draw_side(Panel* p, PanelContext& ctx, float width, float height);
    // The side panel's Ruling and Situation tabs, in the tab bar open now; `pin_verdict`: the Ruling
    // tab pins the verdict at its own top (the narrow layout, where the map is the first tab).
    bool draw_side_tabs(Panel* p, PanelContext& ctx, bool pin_verdict, float height);
    void draw_side_folded(float width, float height);
    float side_width(float width) const;
    void draw_verdict_line();
    // Shared by both layouts: the inputs with the notes, the pinned verdict, the ruling under it.
    bool draw_inputs_body(Panel* p, PanelContext& ctx);
    void draw_ruling_pinned(Panel* p, float height);
    void draw_ruling_body(Panel* p, PanelContext& ctx);
    std::string waiting() const;  // what the window waits for (Panel::waiting_for), when it cannot rule yet
    std::vector<std::string> shown_errors() const;  // the ruling's problems as the window shows them
    void draw_rules_errors(const std::string& heading, const std::vector<std::string>& lines);
    void draw_state_banner();
    void draw_status();
    void draw_status_line();
    void shortcuts();
    void draw_shortcut_list();  // Help > Keyboard shortcuts
    void status_message(std::string m);

    // ---- dialogs (app_dialogs.cpp) ----
    void ask_then(Action action, std::filesystem::path arg = {});  // confirm discarding edits first
    void run(Action action, const std::filesystem::path& arg, bool discarding);
    void draw_modals();
    void draw_confirm();
    void draw_problem();
    void draw_about();
    void draw_file_browser();
    void draw_browser_folder();
    bool draw_browser_entries();
    std::filesystem::path browser_target() const;
    bool browser_accept(const std::filesystem::path& target);
    void browse(bool saving);
    void browser_list();

    Options opts_;
    std::filesystem::path state_dir_;
    std::string ini_path_;
    StateLock lock_;
    bool autosaving_ = false;      // this window holds the state folder's lock
    std::string state_problem_;    // why this window does not autosave (shown as a banner)
    std::map<std::string, std::filesystem::path> remembered_files_;  // each game's file, from state.toml
    std::unique_ptr<Engine> engine_;
    std::filesystem::path rules_dir_;
    std::vector<std::string> rules_errors_;  // the whole folder failed (not found)

    std::map<std::string, std::unique_ptr<Panel>> panels_;
    std::map<std::string, toml::table> raw_;  // situations of systems that have no panel yet
    std::map<std::string, std::unique_ptr<TableView>> tables_;  // the table views, per game
    int ruled_table_revision_ = -1;           // the table view's revision last ruled
    std::uint64_t ruled_board_revision_ = 0;  // the panel's held_board_revision() last ruled

    // The documents, one per game shown so far; system_ is the game shown.
    std::string system_ = "spi-tank";
    std::map<std::string, Doc> docs_;
    std::string text_;  // the shown game's situation text
    std::optional<Ruling> ruling_;
    std::vector<std::string> ruling_errors_;
    std::string ruled_text_;

    // Session.
    std::vector<std::filesystem::path> recent_;
    float scale_ = 0.0f, pending_scale_ = 0.0f;
    int width_ = 1280, height_ = 800;
    float split_ = 0.44f;
    float side_ = 0.34f;          // the side panel's share of the width beside a map
    bool side_collapsed_ = false; // the side panel folded away
    bool map_only_ = false;       // the map has the whole window (F11)
    bool quit_ = false;
    bool session_dirty_ = false;
    std::optional<Clock::time_point> autosave_due_;
    std::string saved_text_, saved_ruling_txt_, saved_ruling_json_;  // last autosaved contents
    std::string last_layout_;

    // Messages and dialogs.
    std::string status_;
    Clock::time_point status_time_{};
    PictureActions pictures_;  // the Save picture popup
    std::vector<std::string> open_errors_;  // shown in a modal
    std::string open_errors_title_;
    bool show_open_errors_ = false, show_confirm_ = false, show_about_ = false;
    bool show_shortcuts_ = false;
    float status_h_ = 0;  // the status line's height last frame (it wraps on a narrow window)
    Action pending_action_ = kNone;
    std::filesystem::path pending_arg_;
    struct Browser {
        bool open = false, saving = false, confirm_replace = false;
        std::filesystem::path dir;
        std::string dir_text, name;
        std::vector<std::pair<std::string, bool>> entries;  // name, is folder
        std::string error;
    } browser_;
};

}  // namespace umpire::app
