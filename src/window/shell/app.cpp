// The referee window: start, stop and the rules data (see app.hpp for the other files).
//
// Sections
//   1. start and stop: the state folder and its lock, the remembered session
//   2. rules data: loading (a broken game locks only that game), reloading
//   3. status for --screenshot
#include "window/shell/app.hpp"

#include "window/shell/app_util.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. start and stop
// =====================================================================================

App::App(Options opts) : opts_(std::move(opts)) {}
App::~App() = default;

std::string App::start() {
    if (!headless()) {
        if (std::string err = open_state_dir(); !err.empty()) return err;
    }
    // A window that does not autosave does not write Dear ImGui's layout file either.
    if (autosaving_) ini_path_ = (state_dir_ / "imgui.ini").string();
    load_engine();
    if (!headless()) restore_session();
    else file_new();
    if (!opts_.situation.empty()) file_open(opts_.situation);
    if (opts_.width > 0) width_ = opts_.width;
    if (opts_.height > 0) height_ = opts_.height;
    if (opts_.scale > 0) scale_ = opts_.scale;
    if (headless() && scale_ <= 0) scale_ = 1.0f;
    edited();
    autosave_due_.reset();
    if (!headless()) autosave();
    return {};
}

// The per-user state folder, and its lock: only the window holding the lock writes there.
std::string App::open_state_dir() {
    if (!opts_.state_dir.empty()) {
        state_dir_ = opts_.state_dir;
    } else if (auto d = default_state_dir()) {
        state_dir_ = *d;
    } else {
        return "no state folder: neither XDG_STATE_HOME nor HOME is set and the user has no home "
               "folder; set HOME or give --state-dir DIR (a shared folder such as /tmp is never used)";
    }
    if (auto err = prepare_state_dir(state_dir_)) return "cannot use the state folder: " + *err + " (give --state-dir DIR)";
    std::string why;
    switch (lock_.take(state_dir_, &why)) {
        case StateLock::Result::taken: autosaving_ = true; break;
        case StateLock::Result::busy:
            state_problem_ = "Another Umpire window is using the state folder " + state_dir_.string() +
                             "; this window will not autosave (Save still writes situation files).";
            break;
        case StateLock::Result::failed: state_problem_ = why + "; this window will not autosave."; break;
    }
    return {};
}

void App::shutdown(int width, int height) {
    if (headless()) return;
    if (width > 0 && height > 0) {
        width_ = width;
        height_ = height;
    }
    session_dirty_ = true;
    autosave();
    keep_panels_aside(true);  // a painted board not saved is kept, not lost
}

// =====================================================================================
// 2. rules data
// =====================================================================================

void App::load_engine() {
    rules_dir_ = opts_.rules_dir.empty() ? default_rules_dir() : opts_.rules_dir;
    rules_errors_.clear();
    panels_.clear();
    engine_.reset();
    try {
        // Each game on its own: a broken house-rules file locks only its game.
        engine_ = std::make_unique<Engine>(rules_dir_, Engine::Load::each_system);
    } catch (const InputError& e) {
        rules_errors_ = lines_of(e);
        return;
    } catch (const std::exception& e) {
        rules_errors_ = {rules_dir_.string() + ":1:1: " + e.what()};
        return;
    }
    for (const auto& reg : panel_registry())
        if (engine_->usable(reg.system_id))
            if (auto p = reg.make(*engine_)) panels_[reg.system_id] = std::move(p);
}

void App::reload_rules_data() {
    // Every game's situation survives the reload: in memory (this window may not autosave),
    // then back into the fresh panels; one that no longer fits is set aside.
    const bool had_engine = engine_ != nullptr;
    // A game locked by its data errors kept its working copy on disk; the others are in memory.
    std::map<std::string, std::string> texts = had_engine ? read_working_copies() : std::map<std::string, std::string>{};
    for (const auto& [id, text] : snapshot_games()) texts[id] = text;
    std::map<std::string, fs::path> files = remembered_files_;
    for (const auto& [id, d] : docs_) files[id] = d.path;
    if (had_engine) autosave();
    load_engine();
    if (!engine_) {
        status_message("Rules data has errors");
        return;
    }
    if (!had_engine) {
        restore_session();  // the session was left on disk while the data was broken
    } else {
        restore_games(texts, files);
    }
    ruled_text_.clear();
    edited();
    if (!show_open_errors_) status_message("Rules data reloaded");
}

Panel* App::panel(const std::string& system) const {
    // A situation on a table sketch (`table = "FILE"`, docs/tables.md) has no panel yet: the
    // generic read-only view shows it and the ruling side rules it.
    if (const auto r = raw_.find(system); r != raw_.end() && r->second.contains("table")) return nullptr;
    const auto it = panels_.find(system);
    return it == panels_.end() ? nullptr : it->second.get();
}

TableView* App::table_view() {
    if (!engine_) return nullptr;
    const auto r = raw_.find(system_);
    if (r == raw_.end() || !r->second.contains("table") || !tabletop::table_systems(*engine_).find(system_)) return nullptr;
    auto& tv = tables_[system_];
    if (!tv) tv = std::make_unique<TableView>();
    tv->load(*engine_, r->second, doc().path.parent_path());
    return tv.get();
}

bool App::table_modified() const {
    const auto it = tables_.find(system_);
    return it != tables_.end() && it->second && it->second->modified();
}

std::string App::system_title(const std::string& system) const {
    if (engine_)
        if (const GameSystem* g = engine_->find(system)) return g->title();
    return system;
}

const std::vector<Diagnostic>& App::data_errors(const std::string& system) const {
    static const std::vector<Diagnostic> none;
    return engine_ ? engine_->data_errors(system) : none;
}

// =====================================================================================
// 3. status for --screenshot
// =====================================================================================

int App::status() const { return problems().empty() ? 0 : 2; }

std::vector<std::string> App::problems() const {
    std::vector<std::string> v = rules_errors_;
    for (const auto& d : data_errors(system_)) v.push_back(d.str());
    v.insert(v.end(), open_errors_.begin(), open_errors_.end());
    // The shown game's data errors are also its ruling errors: list them once. A window waiting
    // for the referee (units not placed yet) has no problem.
    if (waiting().empty())
        for (const auto& l : ruling_errors_)
            if (std::find(v.begin(), v.end(), l) == v.end()) v.push_back(l);
    return v;
}

}  // namespace umpire::app
