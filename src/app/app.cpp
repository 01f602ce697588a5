// The referee window's state and frame (see app.hpp).
//
// Sections
//   1. start and stop: rules data, panels, the remembered session
//   2. the document: current text, ruling, loading situation files
//   3. files: New, Open, Save, Save As, recent, autosave, copy ruling
//   4. the frame: menus, system bar, the two sides, status bar, shortcuts
//   5. dialogs: unsaved changes, errors, file browser, about
#include "app/app.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/files.hpp"
#include "app/widgets.hpp"
#include "engine/names.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

namespace {
enum Action { kNone = 0, kNew, kOpenBrowse, kOpenPath };
constexpr std::size_t kRecentMax = 10;
constexpr auto kAutosaveDelay = std::chrono::milliseconds(300);

std::vector<std::string> lines_of(const InputError& e) {
    std::vector<std::string> v;
    for (const auto& d : e.diagnostics()) v.push_back(d.str());
    return v;
}
}  // namespace

// =====================================================================================
// 1. start and stop
// =====================================================================================

App::App(Options opts) : opts_(std::move(opts)) {}
App::~App() = default;

void App::start() {
    state_dir_ = opts_.state_dir.empty() ? default_state_dir() : opts_.state_dir;
    if (!headless()) {
        std::error_code ec;
        fs::create_directories(state_dir_, ec);
        if (ec) status_message("cannot create the state folder " + state_dir_.string() + ": " + ec.message());
    }
    ini_path_ = (state_dir_ / "imgui.ini").string();
    load_engine();
    if (!headless()) restore_session();
    else file_new();
    if (!opts_.situation.empty()) {
        if (!headless() && modified()) recover_working_copy();
        file_open(opts_.situation);
    }
    if (opts_.width > 0) width_ = opts_.width;
    if (opts_.height > 0) height_ = opts_.height;
    if (opts_.scale > 0) scale_ = opts_.scale;
    if (headless() && scale_ <= 0) scale_ = 1.0f;
    edited();
    autosave_due_.reset();
    if (!headless()) autosave();
}

void App::load_engine() {
    rules_dir_ = opts_.rules_dir.empty() ? default_rules_dir() : opts_.rules_dir;
    rules_errors_.clear();
    panels_.clear();
    engine_.reset();
    try {
        engine_ = std::make_unique<Engine>(rules_dir_);
    } catch (const InputError& e) {
        rules_errors_ = lines_of(e);
        return;
    } catch (const std::exception& e) {
        rules_errors_ = {rules_dir_.string() + ":1:1: " + e.what()};
        return;
    }
    for (const auto& reg : panel_registry())
        if (engine_->find(reg.system_id))
            if (auto p = reg.make(*engine_)) panels_[reg.system_id] = std::move(p);
}

void App::shutdown(int width, int height) {
    if (headless()) return;
    if (width > 0 && height > 0 && (width != width_ || height != height_)) {
        width_ = width;
        height_ = height;
        session_dirty_ = true;
    }
    session_dirty_ = true;
    autosave();
}

Panel* App::panel(const std::string& system) const {
    const auto it = panels_.find(system);
    return it == panels_.end() ? nullptr : it->second.get();
}

std::string App::system_title(const std::string& system) const {
    if (engine_)
        if (const GameSystem* g = engine_->find(system)) return g->title();
    return system;
}

int App::status() const {
    return rules_errors_.empty() && ruling_errors_.empty() && open_errors_.empty() ? 0 : 2;
}

std::vector<std::string> App::problems() const {
    std::vector<std::string> v = rules_errors_;
    v.insert(v.end(), open_errors_.begin(), open_errors_.end());
    v.insert(v.end(), ruling_errors_.begin(), ruling_errors_.end());
    return v;
}

void App::restore_session() {
    const fs::path state = state_dir_ / "state.toml";
    fs::path file;
    recent_.clear();
    if (fs::exists(state)) {
        try {
            const toml::table t = parse_toml_file(state, state.string());
            if (auto v = t["system"].value<std::string>()) system_ = *v;
            if (auto v = t["file"].value<std::string>()) file = *v;
            if (auto v = t["scale"].value<double>()) scale_ = float(std::clamp(*v, 0.5, 4.0));
            if (auto v = t["width"].value<int64_t>()) width_ = int(std::clamp<int64_t>(*v, 320, 10000));
            if (auto v = t["height"].value<int64_t>()) height_ = int(std::clamp<int64_t>(*v, 240, 10000));
            if (auto v = t["split"].value<double>()) split_ = float(std::clamp(*v, 0.2, 0.8));
            if (const toml::array* a = t["recent"].as_array())
                for (const auto& e : *a)
                    if (auto s = e.value<std::string>()) recent_.emplace_back(*s);
        } catch (const InputError& e) {
            status_message("the remembered session could not be read (" + lines_of(e).front() + "); starting afresh");
        }
    }
    // Without rules data nothing can be read: leave the working copy and the session on disk as
    // they are (autosave() writes nothing meanwhile); "Reload rules data" restores them once the
    // data is fixed.
    if (!engine_) {
        file_new();
        session_dirty_ = false;
        return;
    }
    const fs::path working = state_dir_ / "situation.toml";
    if (auto text = read_text(working)) {
        Loaded l;
        std::vector<std::string> errors;
        if (load_into(*text, working.string(), true, &l, &errors)) {
            system_ = l.system;
            title_ = l.title;
            notes_ = l.notes;
            if (l.raw) raw_[system_] = *l.raw;
            path_ = file;
            text_ = current_text();
            saved_text_ = *text;
            if (!file.empty()) {
                // Modified when the working copy differs from the file as it is on disk now.
                baseline_ = canonical_text(file).value_or(std::string());
            } else {
                // Untitled: modified when it differs from a new situation.
                Panel* p = panel(system_);
                std::unique_ptr<Panel> fresh;
                if (const PanelRegistration* reg = find_panel(system_); reg && engine_) fresh = reg->make(*engine_);
                if (fresh) {
                    fresh->reset();
                    baseline_ = text_of(fresh->situation(), system_);
                } else {
                    baseline_ = std::string();
                }
                (void)p;
            }
            return;
        }
        // The working copy cannot be read (rules data changed?): keep it aside, start from the file.
        recover_working_copy();
        status_message("the autosaved situation could not be read again; a copy was kept in " + state_dir_.string());
    }
    if (!file.empty() && fs::exists(file) && file_open(file)) return;
    file_new();
}

void App::write_session() {
    toml::table t;
    t.insert("system", system_);
    t.insert("file", path_.string());
    t.insert("scale", double(scale_ > 0 ? scale_ : 1.0f));
    t.insert("width", width_);
    t.insert("height", height_);
    t.insert("split", std::round(double(split_) * 1000.0) / 1000.0);
    toml::array r;
    for (const auto& p : recent_) r.push_back(p.string());
    t.insert("recent", std::move(r));
    const std::string text = "# Umpire window session (written by umpire; safe to delete)\n" +
                             format_situation(t, {"system", "file", "scale", "width", "height", "split", "recent"});
    if (auto err = atomic_write(state_dir_ / "state.toml", text)) status_message(*err);
    session_dirty_ = false;
}

void App::recover_working_copy() {
    const auto text = read_text(state_dir_ / "situation.toml");
    if (!text) return;
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    const fs::path keep = state_dir_ / ("recovered-" + std::string(stamp) + ".toml");
    if (auto err = atomic_write(keep, *text)) status_message(*err);
    else status_message("unsaved edits of the previous session were kept in " + keep.string());
}

// =====================================================================================
// 2. the document
// =====================================================================================

toml::table App::current_table() const {
    toml::table t;
    if (const Panel* p = panel(system_)) t = p->situation();
    else if (const auto it = raw_.find(system_); it != raw_.end()) t = it->second;
    else t.insert("system", system_);
    t.erase("title");
    t.erase("notes");
    if (!title_.empty()) t.insert("title", title_);
    if (!notes_.empty()) t.insert("notes", notes_);
    return t;
}

std::string App::text_of(const toml::table& t, const std::string& system) const {
    std::vector<std::string> order = {"system", "title", "notes"};
    if (const Panel* p = panel(system)) order = p->key_order();
    return format_situation(t, order);
}

std::string App::current_text() const { return text_of(current_table(), system_); }

std::string App::display_name() const { return path_.empty() ? std::string("untitled") : path_.filename().string(); }

void App::edited() {
    text_ = current_text();
    if (text_ != ruled_text_) rule_now();
    if (!headless()) autosave_due_ = Clock::now() + kAutosaveDelay;
}

void App::rule_now() {
    ruling_.reset();
    ruling_errors_.clear();
    ruled_text_ = text_;
    if (!engine_) return;
    if (!panel(system_) && !raw_.count(system_)) return;  // nothing to rule yet
    try {
        ruling_ = engine_->rule_text(text_, display_name());
    } catch (const InputError& e) {
        ruling_errors_ = lines_of(e);
    } catch (const std::exception& e) {
        ruling_errors_ = {display_name() + ": " + e.what()};
    }
}

bool App::load_into(const std::string& text, const std::string& name, bool commit, Loaded* out,
                    std::vector<std::string>* errors) {
    if (!engine_) {
        *errors = {name + ":1:1: the rules data failed to load, so no situation can be read"};
        return false;
    }
    try {
        toml::table t = parse_toml_string(text, name);
        Sink sink(name);
        Table root(sink, &t, "");
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
        Panel* p = panel(*sys);
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
// 3. files
// =====================================================================================

void App::file_new() {
    if (Panel* p = panel(system_)) p->reset();
    raw_.erase(system_);
    title_.clear();
    notes_.clear();
    path_.clear();
    text_ = current_text();
    baseline_ = text_;
    session_dirty_ = true;
    edited();
}

bool App::file_open(const fs::path& p) {
    const auto text = read_text(p);
    if (!text) {
        open_errors_ = {p.string() + ":1:1: cannot read the file"};
        open_errors_title_ = "Cannot open " + p.filename().string();
        show_open_errors_ = true;
        return false;
    }
    Loaded l;
    std::vector<std::string> errors;
    if (!load_into(*text, p.string(), true, &l, &errors)) {
        open_errors_ = errors;
        open_errors_title_ = "Cannot open " + p.filename().string();
        show_open_errors_ = true;
        return false;
    }
    open_errors_.clear();
    system_ = l.system;
    title_ = l.title;
    notes_ = l.notes;
    if (l.raw) raw_[system_] = *l.raw;
    std::error_code ec;
    path_ = fs::absolute(p, ec);
    if (ec) path_ = p;
    text_ = current_text();
    baseline_ = text_;
    remember_recent(path_);
    session_dirty_ = true;
    status_message("Opened " + path_.filename().string() + "  (" + path_.parent_path().filename().string() + "/)");
    edited();
    return true;
}

bool App::file_save() {
    if (path_.empty()) {
        browse(true);
        return false;
    }
    text_ = current_text();
    if (auto err = atomic_write(path_, text_)) {
        open_errors_ = {*err};
        open_errors_title_ = "Cannot save " + path_.filename().string();
        show_open_errors_ = true;
        return false;
    }
    open_errors_.clear();
    baseline_ = text_;
    remember_recent(path_);
    session_dirty_ = true;
    status_message("Saved " + path_.filename().string() + "  (" + path_.parent_path().filename().string() + "/)");
    autosave_due_ = Clock::now();
    return true;
}

bool App::file_save_as(const fs::path& p) {
    fs::path q = p;
    if (q.extension().empty()) q += ".toml";
    std::error_code ec;
    const fs::path old = path_;
    path_ = fs::absolute(q, ec);
    if (ec) path_ = q;
    if (!file_save()) {
        path_ = old;
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

void App::copy_ruling() {
    std::string text;
    if (ruling_) text = ruling_->to_text();
    else if (!ruling_errors_.empty())
        for (const auto& l : ruling_errors_) text += l + "\n";
    if (text.empty()) return;
    ImGui::SetClipboardText(text.c_str());
    status_message("Ruling copied to the clipboard");
}

void App::autosave() {
    // No rules data, no situation: keep the last working copy and session instead of overwriting
    // them with an empty one (see restore_session).
    if (headless() || !engine_) return;
    autosave_due_.reset();
    text_ = current_text();
    if (text_ != saved_text_) {
        if (auto err = atomic_write(state_dir_ / "situation.toml", text_)) status_message("autosave failed: " + *err);
        else saved_text_ = text_;
    }
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
    if (session_dirty_) write_session();
}

void App::tick() {
    if (autosave_due_ && Clock::now() >= *autosave_due_) autosave();
    else if (!autosave_due_ && session_dirty_ && !headless()) autosave_due_ = Clock::now() + kAutosaveDelay;
}

double App::seconds_until_due() const {
    if (!autosave_due_) return 1e9;
    const auto left = std::chrono::duration<double>(*autosave_due_ - Clock::now()).count();
    return std::max(0.0, left);
}

void App::open_dropped(const fs::path& p) { ask_then(kOpenPath, p); }

void App::status_message(std::string m) {
    status_ = std::move(m);
    status_time_ = Clock::now();
}

void App::after_frame() {
    if (!opts_.test_layout || headless()) return;
    std::string s = "title " + window_title() + "\nmodified " + (modified() ? "1" : "0") + "\n";
    for (const auto& [name, r] : ui::probed())
        s += "widget " + name + " " + std::to_string(int(r.x)) + " " + std::to_string(int(r.y)) + " " +
             std::to_string(int(r.z)) + " " + std::to_string(int(r.w)) + "\n";
    if (s == last_layout_) return;
    if (!atomic_write(state_dir_ / "layout.txt", s)) last_layout_ = s;
}

// =====================================================================================
// 4. the frame
// =====================================================================================

std::string App::window_title() const {
    return display_name() + (modified() ? "*" : "") + " \xe2\x80\x94 Umpire";
}

bool App::take_scale_change(float* s) {
    if (pending_scale_ <= 0) return false;
    scale_ = *s = pending_scale_;
    pending_scale_ = 0;
    session_dirty_ = true;
    return true;
}

void App::draw() {
    ui::clear_probed();
    draw_menus();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##umpire", nullptr, flags);
    if (!engine_) {
        draw_rules_errors();
    } else {
        draw_system_bar();
        draw_body();
    }
    draw_status();
    ImGui::End();
    draw_modals();
    shortcuts();
}

void App::draw_menus() {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("New", "Ctrl+N", false, engine_ != nullptr)) ask_then(kNew);
        if (ImGui::MenuItem("Open...", "Ctrl+O", false, engine_ != nullptr)) ask_then(kOpenBrowse);
        if (ImGui::BeginMenu("Open recent", !recent_.empty() && engine_)) {
            for (const auto& p : recent_) {
                const bool exists = fs::exists(p);
                if (ImGui::MenuItem(p.filename().string().c_str(), nullptr, false, exists)) ask_then(kOpenPath, p);
                ui::tip(p.string() + (exists ? "" : " (missing)"));
            }
            ImGui::Separator();
            if (ImGui::MenuItem("Clear the list")) {
                recent_.clear();
                session_dirty_ = true;
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S", false, engine_ != nullptr)) file_save();
        if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S", false, engine_ != nullptr)) browse(true);
        ImGui::Separator();
        if (ImGui::MenuItem("Copy ruling", "Ctrl+Shift+C", false, ruling_.has_value() || !ruling_errors_.empty())) copy_ruling();
        ui::tip("Puts the ruling as plain text on the clipboard, ready for a chat message.");
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_ = true;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        for (float s : {1.0f, 1.25f, 1.5f, 2.0f}) {
            char label[32];
            std::snprintf(label, sizeof label, "Text size %d%%", int(std::lround(s * 100)));
            const char* keys = s == 1.0f ? "Ctrl+0" : nullptr;
            if (ImGui::MenuItem(label, keys, std::fabs(scale_ - s) < 0.01f)) pending_scale_ = s;
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Larger", "Ctrl+=")) pending_scale_ = std::min(3.0f, scale_ + 0.25f);
        if (ImGui::MenuItem("Smaller", "Ctrl+-")) pending_scale_ = std::max(0.75f, scale_ - 0.25f);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Rules data")) {
        ImGui::TextDisabled("%s", rules_dir_.string().c_str());
        if (ImGui::MenuItem("Reload")) reload_rules_data();
        ui::tip("Read the rules-data folder again, e.g. after editing a house-rules copy.");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("About Umpire")) show_about_ = true;
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void App::reload_rules_data() {
    const bool had_engine = engine_ != nullptr;
    if (had_engine) autosave();  // the working copy on disk is the current one
    load_engine();
    if (!engine_) {
        // Broken now: nothing is written until it is fixed (autosave), the working copy stays on disk.
        status_message("Rules data has errors");
        return;
    }
    if (!had_engine) {
        // The session was left on disk while the data was broken: bring it back.
        restore_session();
    } else {
        // Re-read the working copy into the fresh panels.
        Loaded l;
        std::vector<std::string> errors;
        if (!load_into(text_, display_name(), true, &l, &errors)) {
            // The panels now hold their defaults: keep the working copy aside before it is replaced.
            recover_working_copy();
            open_errors_ = errors;
            open_errors_.push_back("(the situation before the reload was kept in " + state_dir_.string() + ")");
            open_errors_title_ = "The situation does not fit the reloaded rules data";
            show_open_errors_ = true;
        } else if (l.raw) {
            raw_[l.system] = *l.raw;
        }
    }
    ruled_text_.clear();
    edited();
    if (!show_open_errors_) status_message("Rules data reloaded");
}

void App::draw_rules_errors() {
    ui::error_banner("THE RULES DATA HAS ERRORS", {"No ruling can be given until these are fixed in " + rules_dir_.string() + ":"},
                     ui::tone_colour(Tone::bad));
    ImGui::Spacing();
    ImGui::BeginChild("##rules_errors", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2.2f), true);
    for (const auto& l : rules_errors_) ImGui::TextWrapped("%s", l.c_str());
    ImGui::EndChild();
    ui::probe("rules_errors");
    if (ImGui::Button("Reload rules data")) reload_rules_data();
    ImGui::SameLine();
    ImGui::TextDisabled("Check a folder from a terminal with: umpire-cli check-data DIR");
}

void App::draw_system_bar() {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Game");
    ImGui::SameLine();
    const std::string preview = system_title(system_) + (panel(system_) ? "" : "  (coming in a later release)");
    ImGui::SetNextItemWidth(std::min(ImGui::CalcTextSize(preview.c_str()).x + ImGui::GetFrameHeight() * 2.0f,
                                     ImGui::GetContentRegionAvail().x * 0.6f));
    if (ImGui::BeginCombo("##system", preview.c_str())) {
        for (const auto& s : engine_->systems()) {
            const bool ready = panel(s->id()) != nullptr;
            const std::string label = s->title() + (ready ? "" : "  \xe2\x80\x94 coming in a later release");
            if (!ready) ImGui::PushStyleColor(ImGuiCol_Text, ui::dim_text());
            if (ImGui::Selectable(label.c_str(), s->id() == system_) && s->id() != system_) {
                system_ = s->id();
                session_dirty_ = true;
                edited();
            }
            if (!ready) ImGui::PopStyleColor();
        }
        ImGui::EndCombo();
    }
    ui::tip("The game whose rules decide the situation.");
    ui::probe("system");
    ImGui::SameLine();
    ImGui::TextUnformatted("Title");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##title", "a label for this situation (optional)", &title_)) edited();
    ui::probe("title");
}

void App::draw_body() {
    const float status_h = ImGui::GetFrameHeightWithSpacing();
    const float h = std::max(50.0f, ImGui::GetContentRegionAvail().y - status_h);
    const float w = ImGui::GetContentRegionAvail().x;
    const float splitter = std::max(4.0f, 6.0f * scale_);
    const float lw = std::floor((w - splitter) * split_);
    PanelContext ctx{*engine_, scale_ > 0 ? scale_ : 1.0f};
    Panel* p = panel(system_);

    bool changed = false;
    ImGui::BeginChild("##inputs", ImVec2(lw, h), true, ImGuiWindowFlags_NavFlattened);
    if (p) {
        changed |= p->draw_inputs(ctx);
    } else {
        ui::error_banner("Coming in a later release",
                         {"The inputs for " + system_title(system_) + " are not in this window yet.",
                          "Its situations can be ruled now with umpire-cli; a situation file opened here is ruled on the right."},
                         ui::amber());
        if (const auto it = raw_.find(system_); it != raw_.end()) {
            ui::section("Situation (read-only)");
            ImGui::TextUnformatted(text_.c_str());
        }
    }
    ui::section("Notes");
    if (ImGui::InputTextMultiline("##notes", &notes_, ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f))) changed = true;
    ui::tip("Free notes saved with the situation (they never change the ruling).");
    ImGui::EndChild();

    // The splitter between the two sides: drag to resize, remembered in the session.
    ImGui::SameLine(0, 0);
    ImGui::InvisibleButton("##split", ImVec2(splitter, h));
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (ImGui::IsItemActive() && ImGui::GetIO().MouseDelta.x != 0.0f) {
        split_ = std::clamp(split_ + ImGui::GetIO().MouseDelta.x / w, 0.25f, 0.75f);
        session_dirty_ = true;
    }
    ImGui::SameLine(0, 0);

    ImGui::BeginChild("##ruling", ImVec2(0, h), true, ImGuiWindowFlags_NavFlattened);
    if (ruling_ || !ruling_errors_.empty()) {
        if (ImGui::Button("Copy ruling")) copy_ruling();
        ui::tip("Puts the ruling as plain text on the clipboard, ready for a chat message (Ctrl+Shift+C).");
        ui::probe("copy");
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", system_title(system_).c_str());  // wraps, not cut off, on a narrow side
        ImGui::PopStyleColor();
    }
    if (!ruling_errors_.empty()) {
        ui::error_banner("CANNOT RULE THIS SITUATION", {"Something in the situation is missing or wrong:"},
                         ui::tone_colour(Tone::bad));
        for (const auto& l : ruling_errors_) ImGui::TextWrapped("%s", l.c_str());
        ui::probe("ruling_errors");
    } else if (ruling_) {
        if (p) p->draw_ruling(ctx, *ruling_);
        else draw_generic_ruling(ctx, *ruling_, system_title(system_));
    } else if (!p) {
        ImGui::TextDisabled("Open a %s situation file to see its ruling here.", system_title(system_).c_str());
    }
    ImGui::EndChild();

    if (changed) edited();
}

void App::draw_status() {
    ImGui::Separator();
    if (modified()) {
        ImGui::TextColored(ui::amber(), "%s", path_.empty() ? "unsaved (kept by autosave)" : "modified (kept by autosave)");
        ui::tip("Every edit is autosaved in " + state_dir_.string() + " and comes back when the window reopens; "
                "Save writes it to the situation file.");
    } else {
        ImGui::TextDisabled("%s", path_.empty() ? "untitled" : "saved");
    }
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    ImGui::TextUnformatted(status_.c_str());
}

void App::shortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.KeyCtrl || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    // io.KeysDown is indexed by GLFW key codes, which are ASCII for letters and digits.
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
    if (pressed('N') && engine_) ask_then(kNew);
    if (pressed('O') && engine_) ask_then(kOpenBrowse);
    if (pressed('S') && engine_) {
        if (io.KeyShift) browse(true);
        else file_save();
    }
    if (pressed('C') && io.KeyShift) copy_ruling();
    if (pressed('Q')) quit_ = true;
    if (pressed('0')) pending_scale_ = 1.0f;
    if (pressed('=')) pending_scale_ = std::min(3.0f, scale_ + 0.25f);
    if (pressed('-')) pending_scale_ = std::max(0.75f, scale_ - 0.25f);
}

// =====================================================================================
// 5. dialogs
// =====================================================================================

void App::ask_then(int action, fs::path arg) {
    if (modified()) {
        pending_action_ = action;
        pending_arg_ = std::move(arg);
        show_confirm_ = true;
    } else {
        run(action, arg);
    }
}

void App::run(int action, const fs::path& arg) {
    switch (action) {
        case kNew: file_new(); status_message("New situation"); break;
        case kOpenBrowse: browse(false); break;
        case kOpenPath: file_open(arg); break;
        default: break;
    }
}

void App::browse(bool saving) {
    browser_ = Browser{};
    browser_.open = true;
    browser_.saving = saving;
    std::error_code ec;
    browser_.dir = !path_.empty() ? path_.parent_path() : fs::current_path(ec);
    browser_.name = saving ? (path_.empty() ? std::string("situation.toml") : path_.filename().string()) : std::string();
    browser_list();
}

void App::browser_list() {
    browser_.entries.clear();
    browser_.error.clear();
    browser_.dir_text = browser_.dir.string();
    std::error_code ec;
    for (fs::directory_iterator it(browser_.dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string n = it->path().filename().string();
        if (n.empty() || n[0] == '.') continue;
        std::error_code e2;
        if (it->is_directory(e2)) browser_.entries.emplace_back(n, true);
        else if (it->path().extension() == ".toml") browser_.entries.emplace_back(n, false);
    }
    if (ec) browser_.error = "cannot list " + browser_.dir.string() + ": " + ec.message();
    std::sort(browser_.entries.begin(), browser_.entries.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second : a.first < b.first;
    });
}

void App::draw_file_browser() {
    const char* id = browser_.saving ? "Save the situation as###browser" : "Open a situation file###browser";
    if (browser_.open && !ImGui::IsPopupOpen("###browser")) ImGui::OpenPopup(id);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.7f, vp->WorkSize.y * 0.75f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(id, nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    bool accept = false;
    if (ImGui::Button("Up")) {
        browser_.dir = browser_.dir.parent_path();
        browser_list();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputText("##dir", &browser_.dir_text, ImGuiInputTextFlags_EnterReturnsTrue)) {
        browser_.dir = browser_.dir_text;
        browser_list();
    }
    const float foot = ImGui::GetFrameHeightWithSpacing() * 3.2f;
    ImGui::BeginChild("##entries", ImVec2(0, -foot), true);
    if (!browser_.error.empty()) ImGui::TextColored(ui::tone_colour(Tone::bad), "%s", browser_.error.c_str());
    fs::path go;
    for (const auto& [n, folder] : browser_.entries) {
        const std::string label = folder ? n + "/" : n;
        if (ImGui::Selectable(label.c_str(), !folder && n == browser_.name, ImGuiSelectableFlags_AllowDoubleClick)) {
            if (folder) go = browser_.dir / n;
            else {
                browser_.name = n;
                browser_.confirm_replace = false;
                if (ImGui::IsMouseDoubleClicked(0)) accept = true;
            }
        }
    }
    if (browser_.entries.empty() && browser_.error.empty()) ImGui::TextDisabled("no folders or .toml files here");
    ImGui::EndChild();
    if (!go.empty()) {
        browser_.dir = go;
        browser_list();
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("File name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    if (ImGui::InputText("##name", &browser_.name, ImGuiInputTextFlags_EnterReturnsTrue)) accept = true;
    ui::probe("browser_name");
    if (ImGui::IsItemEdited()) browser_.confirm_replace = false;
    fs::path target = browser_.name.empty() ? fs::path() : fs::path(browser_.name).is_absolute()
                                                                ? fs::path(browser_.name)
                                                                : browser_.dir / browser_.name;
    if (browser_.saving && !target.empty() && target.extension().empty()) target += ".toml";
    const bool exists = !target.empty() && fs::exists(target);
    if (browser_.confirm_replace)
        ImGui::TextColored(ui::amber(), "%s exists: press Replace to overwrite it.", target.filename().string().c_str());
    else
        ImGui::TextDisabled("%s", target.string().c_str());
    const char* ok = browser_.saving ? (browser_.confirm_replace ? "Replace" : "Save") : "Open";
    if (ImGui::Button(ok, ImVec2(ImGui::GetFontSize() * 7, 0))) accept = true;
    ui::probe("browser_ok");
    ImGui::SameLine();
    bool close = false;
    if (ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        close = true;
    if (accept && !target.empty()) {
        if (fs::is_directory(target)) {
            browser_.dir = target;
            browser_.name.clear();
            browser_list();
        } else if (browser_.saving) {
            if (exists && !browser_.confirm_replace) {
                browser_.confirm_replace = true;
            } else {
                file_save_as(target);
                close = true;
            }
        } else {
            file_open(target);
            close = true;
        }
    }
    if (close) {
        browser_.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void App::draw_modals() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const ImVec2 centre(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f);
    const float em = ImGui::GetFontSize();

    // ---- unsaved changes ----
    if (show_confirm_) {
        ImGui::OpenPopup("Unsaved changes");
        show_confirm_ = false;
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(em * 30, 0));
    if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextWrapped("%s has changes that are not saved to a file. Save them first?", display_name().c_str());
        ImGui::Spacing();
        const bool save = ImGui::Button("Save", ImVec2(em * 7, 0));
        ui::probe("confirm_save");
        if (save) {
            const bool untitled = path_.empty();
            ImGui::CloseCurrentPopup();
            if (file_save()) run(pending_action_, pending_arg_);
            else if (untitled) status_message("Choose a file name; then repeat the command");
            pending_action_ = kNone;
        }
        ImGui::SameLine();
        const bool discard = ImGui::Button("Discard", ImVec2(em * 7, 0));
        ui::probe("confirm_discard");
        if (discard) {
            ImGui::CloseCurrentPopup();
            run(pending_action_, pending_arg_);
            pending_action_ = kNone;
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(em * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            ImGui::CloseCurrentPopup();
            pending_action_ = kNone;
        }
        ImGui::EndPopup();
    }

    // ---- errors opening or saving ----
    if (show_open_errors_) {
        ImGui::OpenPopup("Problem");
        show_open_errors_ = false;
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x * 0.75f, 0));
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar)) {
        ui::error_banner(open_errors_title_.c_str(), open_errors_, ui::tone_colour(Tone::bad));
        ui::probe("open_errors");
        ImGui::Spacing();
        ImGui::TextDisabled("The situation shown before is kept unchanged.");
        if (ImGui::Button("OK", ImVec2(em * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            open_errors_.clear();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    // ---- about ----
    if (show_about_) {
        ImGui::OpenPopup("About Umpire");
        show_about_ = false;
    }
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(em * 34, 0));
    if (ImGui::BeginPopupModal("About Umpire", nullptr, ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::Text("Umpire %s: rulings for wargame referees", UMPIRE_VERSION);
        ImGui::TextWrapped("Rules data: %s", rules_dir_.string().c_str());
        ImGui::TextWrapped("Session and autosave: %s", state_dir_.string().c_str());
        ImGui::TextWrapped("Every number shown comes from the rules engine and the rules-data files; rule numbers "
                           "are cited, rules text is not reproduced.");
        if (ImGui::Button("Close", ImVec2(em * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
            ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }

    draw_file_browser();
}

}  // namespace umpire::app
