// Documents and files: one document per game (its file or untitled, its title and notes),
// the shown game's text and ruling, reading situation files, New/Open/Save/Save As, recent
// files and Copy ruling.
//
// Sections
//   1. documents: each game's table and text, switching game
//   2. ruling the shown situation
//   3. reading situation files
//   4. files: New, Open, Save, Save As, recent, Copy ruling, the picture (Save / Copy picture)
#include <imgui.h>

#include "window/shell/app.hpp"
#include "window/shell/app_util.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. documents
// =====================================================================================

const App::Doc& App::doc() const {
    static const Doc none;
    const auto it = docs_.find(system_);
    return it == docs_.end() ? none : it->second;
}

// `system`'s situation as a file table: its panel's (or raw) situation with its title and notes.
toml::table App::table_of(const std::string& system) const {
    toml::table t;
    if (const Panel* p = panel(system)) t = p->situation();
    else if (const auto it = raw_.find(system); it != raw_.end()) t = it->second;
    else t.insert("system", system);
    t.erase("title");
    t.erase("notes");
    if (const auto d = docs_.find(system); d != docs_.end()) {
        if (!d->second.title.empty()) t.insert("title", d->second.title);
        if (!d->second.notes.empty()) t.insert("notes", d->second.notes);
    }
    return t;
}

std::string App::text_of(const toml::table& t, const std::string& system) const {
    std::vector<std::string> order = {"system", "title", "notes"};
    if (const Panel* p = panel(system)) order = p->key_order();
    return format_situation(t, order);
}

std::string App::text_for(const std::string& system) const { return text_of(table_of(system), system); }

// A new situation of `system` (File > New), as text: what an untitled document compares with.
std::string App::fresh_text(const std::string& system) const {
    const PanelRegistration* reg = find_panel(system);
    std::unique_ptr<Panel> fresh = reg && engine_ && engine_->usable(system) ? reg->make(*engine_) : nullptr;
    if (!fresh) return text_of(toml::table{{"system", system}}, system);
    fresh->reset();
    return text_of(fresh->situation(), system);
}

bool App::modified(const std::string& system) const {
    const auto it = docs_.find(system);
    return it != docs_.end() && text_for(system) != it->second.baseline;
}

std::string App::display_name() const {
    return doc().path.empty() ? std::string("untitled") : doc().path.filename().string();
}

// The game selector: the other game's own document (file or untitled), never this one's.
void App::switch_game(const std::string& system) {
    system_ = system;
    if (!docs_.count(system)) {
        if (Panel* p = panel(system)) p->reset();
        docs_[system].baseline = text_for(system);
    }
    session_dirty_ = true;
    edited();
    status_message(system_title(system) + ": " + (doc().path.empty() ? std::string("untitled") : doc().path.string()));
}

void App::adopt(const Loaded& l, const fs::path& file) {
    Doc& d = docs_[l.system];
    d.title = l.title;
    d.notes = l.notes;
    d.path = file;
    if (l.raw) raw_[l.system] = *l.raw;
    drop_table(l.system);  // a situation opened again reads its table file again
}

// A game's table view goes (its situation opened again, read again with the rules data, or New):
// changes to its table not saved are kept aside first (STATE/recovered-*.toml), never lost.
void App::drop_table(const std::string& system) {
    const auto it = tables_.find(system);
    if (it == tables_.end()) return;
    if (it->second)
        keep_all_aside(it->second->take_set_aside(true, "when its situation was read again (opened, New, or the rules data reloaded)"), false);
    tables_.erase(it);
}

// =====================================================================================
// 2. ruling the shown situation
// =====================================================================================

void App::edited() {
    text_ = current_text();
    const TableView* tv = table_view();
    const Panel* shown = panel(system_);
    const std::uint64_t board_revision = shown ? shown->held_board_revision() : 0;
    if (text_ != ruled_text_ || (tv && tv->revision() != ruled_table_revision_) || board_revision != ruled_board_revision_) rule_now();
    if (!headless()) autosave_due_ = Clock::now() + kAutosaveDelay;
}

void App::rule_now() {
    ruling_.reset();
    ruling_errors_.clear();
    ruled_text_ = text_;
    if (!engine_) return;
    if (const auto& bad = data_errors(system_); !bad.empty()) {
        for (const auto& d : bad) ruling_errors_.push_back(d.str());
        return;
    }
    if (!panel(system_) && !raw_.count(system_)) return;  // nothing to rule yet
    try {
        const TableView* tv = table_view();
        ruled_table_revision_ = tv ? tv->revision() : -1;
        const Panel* p = panel(system_);
        const board::Board* held = p ? p->held_board() : nullptr;
        ruled_board_revision_ = p ? p->held_board_revision() : 0;
        if (tv && tv->loaded()) {
            // The table as the referee has it on screen (dragged, perhaps not saved yet).
            const toml::table t = parse_toml_string(text_, display_name());
            ruling_ = engine_->rule_on_table(system_, t, display_name(), *tv->table());
        } else if (held) {
            // The board drawn, and the units where the board view's clicks put them, typed (the
            // situation's other keys are read from its text, so a problem is located in the file).
            const std::optional<view::Placement> place = p->held_placement();
            ruling_ = engine_->rule_on_board(parse_toml_string(text_, display_name()), display_name(), *held, place ? &*place : nullptr);
        } else {
            ruling_ = engine_->rule_text(text_, display_name(), doc().path.parent_path());  // a table sketch lies beside the file
        }
    } catch (const InputError& e) {
        ruling_errors_ = lines_of(e);
    } catch (const std::exception& e) {
        ruling_errors_ = {display_name() + ": " + e.what()};
    }
}

// =====================================================================================
// 3. reading situation files
// =====================================================================================

bool App::load_into(const std::string& text, const std::string& name, bool commit, Loaded* out,
                    std::vector<std::string>* errors) {
    if (!engine_) {
        *errors = {name + ":1:1: the rules data failed to load, so no situation can be read"};
        return false;
    }
    try {
        toml::table t = parse_toml_string(text, name);
        Sink sink(name);
        Section root(sink, &t, "");
        std::vector<std::string> ids;
        for (const auto& s : engine_->systems()) ids.push_back(s->id());
        const auto sys = root.choice("system", ids, true);
        const auto title = root.str("title");
        const auto notes = root.str("notes");
        sink.throw_if_errors();
        out->system = *sys;
        out->title = title.value_or("");
        out->notes = notes.value_or("");
        std::unique_ptr<Panel> temp;
        // A situation on a table sketch (docs/tables.md) has no panel yet: the read-only view shows it.
        Panel* p = root.has("table") ? nullptr : panel(*sys);
        if (p && !commit) {
            temp = find_panel(*sys)->make(*engine_);
            p = temp.get();
        }
        if (p) {
            p->load(root);
            sink.throw_if_errors();
        } else {
            out->raw = t;
        }
        if (!commit) {
            toml::table c = p ? p->situation() : t;
            c.erase("title");
            c.erase("notes");
            if (!out->title.empty()) c.insert("title", out->title);
            if (!out->notes.empty()) c.insert("notes", out->notes);
            out->raw = std::move(c);  // the canonical table, for canonical_text()
        }
        return true;
    } catch (const InputError& e) {
        *errors = lines_of(e);
    } catch (const std::exception& e) {
        *errors = {name + ":1:1: " + e.what()};
    }
    return false;
}

std::optional<std::string> App::canonical_text(const fs::path& p) {
    const auto text = read_text(p);
    if (!text) return std::nullopt;
    Loaded l;
    std::vector<std::string> errors;
    if (!load_into(*text, p.string(), false, &l, &errors) || !l.raw) return std::nullopt;
    return text_of(*l.raw, l.system);
}

// =====================================================================================
// 4. files
// =====================================================================================

void App::file_new() {
    raw_.erase(system_);  // first: a table situation's raw copy hides the panel (App::panel)
    drop_table(system_);
    if (Panel* p = panel(system_)) p->reset();
    Doc& d = doc();
    d.title.clear();
    d.notes.clear();
    d.path.clear();
    text_ = current_text();
    d.baseline = text_;
    session_dirty_ = true;
    edited();
}

void App::show_problem(std::string title, std::vector<std::string> lines) {
    open_errors_ = std::move(lines);
    open_errors_title_ = std::move(title);
    show_open_errors_ = true;
}

// Opens `p` as its game's document (switching game if needed). Unsaved edits of that game's
// document are set aside in the state folder, unless the referee chose Discard for them.
bool App::file_open(const fs::path& p, bool discarding) {
    const std::string title = "Cannot open " + p.filename().string();
    std::string why;
    const auto text = read_text(p, &why);
    if (!text) {
        show_problem(title, {p.string() + ":1:1: cannot read the file: " + why});
        return false;
    }
    Loaded l;
    std::vector<std::string> errors;
    if (!load_into(*text, p.string(), false, &l, &errors)) {
        show_problem(title, errors);
        return false;
    }
    if (const auto& bad = data_errors(l.system); !bad.empty()) {
        errors = {p.string() + ":1:1: " + system_title(l.system) + " cannot be used: its rules data has errors"};
        for (const auto& d : bad) errors.push_back(d.str());
        show_problem(title, errors);
        return false;
    }
    if (modified(l.system) && !(discarding && l.system == system_))
        keep_aside(text_for(l.system), "unsaved edits of " + system_title(l.system) + " were replaced by " + p.filename().string());
    load_into(*text, p.string(), true, &l, &errors);
    open_errors_.clear();
    system_ = l.system;
    std::error_code ec;
    fs::path abs = fs::absolute(p, ec);
    adopt(l, ec ? p : abs);
    text_ = current_text();
    doc().baseline = text_;
    remember_recent(doc().path);
    session_dirty_ = true;
    status_message("Opened " + doc().path.filename().string() + "  (" + doc().path.parent_path().filename().string() + "/)");
    edited();
    return true;
}

// Writes the shown game's situation to that game's own file (Save As when it has none).
bool App::file_save() {
    Doc& d = doc();
    if (d.path.empty()) {
        browse(true);
        return false;
    }
    text_ = current_text();
    if (auto err = atomic_write(d.path, text_)) {
        show_problem("Cannot save " + d.path.filename().string(), {*err});
        return false;
    }
    // A moved table is saved with its situation (the table view's Save table does it alone).
    if (const auto it = tables_.find(system_); it != tables_.end() && it->second && it->second->modified())
        if (auto err = it->second->save()) {
            show_problem("Cannot save the table " + it->second->path().string(), {*err});
            return false;
        }
    open_errors_.clear();
    d.baseline = text_;
    remember_recent(d.path);
    session_dirty_ = true;
    status_message("Saved " + d.path.filename().string() + "  (" + d.path.parent_path().filename().string() + "/)");
    autosave_due_ = Clock::now();
    return true;
}

// After Save As the saved file is the shown game's open file.
bool App::file_save_as(const fs::path& p) {
    fs::path q = p;
    if (q.extension().empty()) q += ".toml";
    std::error_code ec;
    Doc& d = doc();
    const fs::path old = d.path;
    d.path = fs::absolute(q, ec);
    if (ec) d.path = q;
    if (!file_save()) {
        d.path = old;
        return false;
    }
    return true;
}

void App::remember_recent(const fs::path& p) {
    recent_.erase(std::remove(recent_.begin(), recent_.end(), p), recent_.end());
    recent_.insert(recent_.begin(), p);
    if (recent_.size() > kRecentMax) recent_.resize(kRecentMax);
    session_dirty_ = true;
}

// What Copy ruling puts on the clipboard: the game, the situation's title, the ruling (or why
// there is none) and the situation itself, so a chat message can be checked and re-ruled.
std::string App::clipboard_text() const {
    std::string ruling;
    if (ruling_) ruling = ruling_->to_text();
    else
        for (const auto& l : ruling_errors_) ruling += l + "\n";
    if (ruling.empty()) return {};
    const std::string label = doc().title.empty() ? display_name() : doc().title;
    std::string out = "Game: " + system_title(system_) + "\nSituation: " + label + "\n\n" + ruling;
    if (out.back() != '\n') out += "\n";
    return out + "\n--- situation (" + display_name() + ") ---\n" + text_;
}

PictureSource App::picture_source() const {
    PictureSource s;
    s.engine = engine_.get();
    s.situation = table_of(system_);
    s.ruling = ruling_ && ruling_errors_.empty() ? &*ruling_ : nullptr;
    s.situation_dir = doc().path.parent_path();
    s.stem = doc().path.stem().string();
    if (const Panel* p = panel(system_)) {
        s.board = p->held_board();
        s.place = p->held_placement();
    }
    if (const auto t = tables_.find(system_); t != tables_.end() && t->second && t->second->loaded()) s.table = t->second->table();
    return s;
}

bool App::picture_ready() const { return ruling_ && ruling_errors_.empty() && waiting().empty(); }

void App::picture(MapArea::Picture what) {
    if (what == MapArea::Picture::none || !picture_ready()) return;
    if (what == MapArea::Picture::save) pictures_.ask_save(picture_source());
    else status_message(PictureActions::copy(picture_source()));
}

void App::copy_ruling() {
    const std::string text = clipboard_text();
    if (text.empty()) return;
    ImGui::SetClipboardText(text.c_str());
    status_message("Ruling copied to the clipboard (with the game and the situation)");
}

}  // namespace umpire::app
