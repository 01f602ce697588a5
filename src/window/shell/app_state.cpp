// The state folder: the remembered session, every game's working copy (autosave), the
// ruling files, and unsaved edits set aside (see app.hpp for the folder's files).
//
// Sections
//   1. restoring the session and every game's working copy
//   2. autosave: working copies, ruling files, session
//   3. setting unsaved edits aside
#include <cstdio>
#include <ctime>
#include <iostream>

#include "window/shell/app.hpp"
#include "window/shell/app_util.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. restoring
// =====================================================================================

void App::restore_session() {
    const fs::path state = state_dir_ / "state.toml";
    std::vector<std::string> notes;
    Session s;
    std::string why;
    std::error_code ec;
    if (auto text = read_text(state, &why)) s = parse_session(*text, state.string(), &notes);
    else if (fs::symlink_status(state, ec).type() != fs::file_type::not_found)
        notes.push_back(state.string() + ":1:1: cannot be read (" + why + "); using the defaults");
    apply_session(s);
    if (!notes.empty()) status_message(notes.front() + (notes.size() > 1 ? " (and " + std::to_string(notes.size() - 1) + " more)" : ""));
    // Without rules data nothing can be read: the working copies and the session stay on disk as
    // they are (autosave() writes nothing meanwhile); "Reload rules data" restores them.
    if (!engine_) {
        file_new();
        session_dirty_ = false;
        return;
    }
    restore_games(read_working_copies(), s.files);
}

void App::apply_session(const Session& s) {
    system_ = s.system;
    remembered_files_ = s.files;
    recent_ = s.recent;
    if (s.scale > 0) scale_ = s.scale;
    width_ = s.width;
    height_ = s.height;
    split_ = s.split;
    side_ = s.side;
    side_collapsed_ = s.side_collapsed;
}

// Every game's working copy on disk, by game id; "" holds an older version's single copy.
std::map<std::string, std::string> App::read_working_copies() {
    std::map<std::string, std::string> texts;
    if (!engine_) return texts;
    for (const auto& g : engine_->systems()) {
        std::string why;
        const fs::path p = working_copy(g->id());
        if (auto text = read_text(p, &why)) texts[g->id()] = *text;
        else if (std::error_code ec; fs::symlink_status(p, ec).type() != fs::file_type::not_found)
            status_message(p.string() + ": cannot be read (" + why + ")");
    }
    if (texts.empty())
        if (auto text = read_text(state_dir_ / "situation.toml")) texts[""] = *text;
    return texts;
}

void App::restore_games(const std::map<std::string, std::string>& texts, const std::map<std::string, fs::path>& files) {
    for (const auto& [id, text] : texts) {
        const fs::path name = id.empty() ? state_dir_ / "situation.toml" : working_copy(id);
        restore_game(id, text, name.string(), files);
    }
    // The game shown: the remembered one, if the engine has it.
    if (const GameSystem* g = engine_->find(system_)) system_ = g->id();
    else system_ = engine_->systems().front()->id();
    if (docs_.count(system_)) {
        text_ = current_text();
        return;
    }
    // No working copy for the shown game: its remembered file, else a new situation.
    const auto f = files.find(system_);
    std::error_code ec;
    if (f != files.end() && fs::is_regular_file(f->second, ec) && file_open(f->second)) return;
    file_new();
}

// One game's working copy back into its panel and document. A copy that no longer reads
// (e.g. the rules data changed) is set aside, never dropped.
bool App::restore_game(const std::string& id, const std::string& text, const std::string& name,
                       const std::map<std::string, fs::path>& files) {
    Loaded l;
    std::vector<std::string> errors;
    if (!load_into(text, name, false, &l, &errors) || (!id.empty() && l.system != id)) {
        keep_aside(text, "the autosaved situation " + name + " could not be read again");
        return false;
    }
    if (!engine_->usable(l.system)) return false;  // locked by its data errors: left on disk
    load_into(text, name, true, &l, &errors);
    const auto f = files.find(l.system);
    const fs::path file = f == files.end() ? fs::path() : f->second;
    adopt(l, file);
    Doc& d = docs_[l.system];
    // Modified when the working copy differs from its file as it is on disk now (or from a new
    // situation when untitled).
    d.baseline = file.empty() ? fresh_text(l.system) : canonical_text(file).value_or(std::string());
    d.autosaved = text;
    return true;
}

// =====================================================================================
// 2. autosave
// =====================================================================================

bool App::state_writable() const { return !headless() && engine_ && autosaving_; }

fs::path App::working_copy(const std::string& system) const { return state_dir_ / ("situation-" + system + ".toml"); }

std::map<std::string, std::string> App::snapshot_games() const {
    std::map<std::string, std::string> texts;
    for (const auto& [id, d] : docs_)
        if (engine_ && engine_->usable(id)) texts[id] = text_for(id);
    return texts;
}

void App::autosave() {
    autosave_due_.reset();
    // No rules data, or another window's folder: write nothing (see restore_session, open_state_dir).
    if (!state_writable()) return;
    text_ = current_text();
    write_working_copies();
    write_ruling_files();
    if (session_dirty_) write_session();
}

void App::write_working_copies() {
    for (auto& [id, d] : docs_) {
        if (!engine_->usable(id)) continue;  // a locked game's copy stays as it was
        const std::string text = text_for(id);
        if (text == d.autosaved) continue;
        if (auto err = atomic_write(working_copy(id), text)) status_message("autosave failed: " + *err);
        else d.autosaved = text;
    }
    if (text_ != saved_text_) {
        if (auto err = atomic_write(state_dir_ / "situation.toml", text_)) status_message("autosave failed: " + *err);
        else saved_text_ = text_;
    }
}

void App::write_ruling_files() {
    std::string rt, rj;
    if (ruling_) {
        rt = ruling_->to_text();
        rj = ruling_->to_json().dump() + "\n";
    } else {
        json::Array errs;
        for (const auto& l : ruling_errors_) {
            rt += l + "\n";
            errs.emplace_back(l);
        }
        rj = json::Value(json::Object{{"error", json::Value(errs)}}).dump() + "\n";
    }
    if (rt != saved_ruling_txt_ && !atomic_write(state_dir_ / "ruling.txt", rt)) saved_ruling_txt_ = rt;
    if (rj != saved_ruling_json_ && !atomic_write(state_dir_ / "ruling.json", rj)) saved_ruling_json_ = rj;
}

void App::write_session() {
    Session s;
    s.system = system_;
    s.files = remembered_files_;  // games locked by data errors keep theirs
    for (const auto& [id, d] : docs_) s.files[id] = d.path;
    s.scale = scale_;
    s.width = width_;
    s.height = height_;
    s.split = split_;
    s.side = side_;
    s.side_collapsed = side_collapsed_;
    s.recent = recent_;
    if (auto err = atomic_write(state_dir_ / "state.toml", session_text(s))) status_message(*err);
    session_dirty_ = false;
}

void App::tick() {
    if (autosave_due_ && Clock::now() >= *autosave_due_) autosave();
    else if (!autosave_due_ && session_dirty_ && state_writable()) autosave_due_ = Clock::now() + kAutosaveDelay;
}

double App::seconds_until_due() const {
    if (!autosave_due_) return 1e9;
    const auto left = std::chrono::duration<double>(*autosave_due_ - Clock::now()).count();
    return std::max(0.0, left);
}

// =====================================================================================
// 3. setting unsaved edits aside
// =====================================================================================

// Writes `text` to a new STATE/recovered-YYYYmmdd-HHMMSS[-N].toml and says so.
void App::keep_aside(const std::string& text, const std::string& what) {
    if (!state_writable()) {
        status_message(what + "; this window does not autosave, so it was not kept");
        return;
    }
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    fs::path keep = state_dir_ / ("recovered-" + std::string(stamp) + ".toml");
    std::error_code ec;
    for (int n = 2; fs::symlink_status(keep, ec).type() != fs::file_type::not_found; ++n)
        keep = state_dir_ / ("recovered-" + std::string(stamp) + "-" + std::to_string(n) + ".toml");
    if (auto err = atomic_write(keep, text)) status_message(what + "; it could not be kept: " + *err);
    else status_message(what + "; it was kept in " + keep.string());
}

// What a panel would otherwise lose (unsaved paint on a board it dropped) and what a table view
// would (drags and pieces not saved): kept the same way, and on stderr too when the window is
// closing (its status line is gone).
void App::keep_panels_aside(bool closing) {
    for (auto& [id, p] : panels_)
        if (p) keep_all_aside(p->take_set_aside(closing), closing);
    for (auto& [id, t] : tables_)
        if (t) keep_all_aside(t->take_set_aside(closing), closing);
}

// Each handed over is kept (or, with no text, only said); on stderr too while closing.
void App::keep_all_aside(const std::vector<Panel::SetAside>& kept, bool closing) {
    for (const auto& a : kept) {
        if (a.text.empty()) status_message(a.what);
        else keep_aside(a.text, a.what);
        if (closing) std::cerr << "umpire: " << status_ << "\n";
    }
}

}  // namespace umpire::app
