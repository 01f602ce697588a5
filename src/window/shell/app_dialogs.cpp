// Modal dialogs: unsaved changes, problems, about, and the file browser (Open, Save As).
//
// Sections
//   1. confirming, and running a command
//   2. the file browser
//   3. modal dialogs
#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/shell/app.hpp"
#include "window/ui/widgets.hpp"
#include "core/toml_reader.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. confirming, and running a command
// =====================================================================================

// Each game keeps its own situation: opening a file of another game never asks about the shown
// game's edits (that game's own unsaved edits, if any, are kept aside by file_open), and Open…
// asks only once the file is chosen and known to be of the shown game.
void App::ask_then(Action action, fs::path arg) {
    bool ask = modified();
    if (action == kOpenBrowse) ask = false;
    if (action == kOpenPath) {
        std::optional<std::string> game;
        if (const auto text = read_text(arg)) {
            try {
                const toml::table t = parse_toml_string(*text, arg.string());
                if (const auto* s = t["system"].as_string()) game = s->get();
            } catch (const std::exception&) {
                // Not readable as a situation: file_open says why, with nothing to save first.
            }
        }
        ask = ask && game && *game == system_;
    }
    if (ask) {
        pending_action_ = action;
        pending_arg_ = std::move(arg);
        show_confirm_ = true;
    } else {
        run(action, arg, false);
    }
}

// `discarding`: the referee chose Discard for the shown game's unsaved edits.
void App::run(Action action, const fs::path& arg, bool discarding) {
    switch (action) {
        case kNew: file_new(); status_message("New situation"); break;
        case kOpenBrowse: browse(false); break;
        case kOpenPath: file_open(arg, discarding); break;
        default: break;
    }
}

// =====================================================================================
// 2. the file browser
// =====================================================================================

void App::browse(bool saving) {
    browser_ = Browser{};
    browser_.open = true;
    browser_.saving = saving;
    std::error_code ec;
    const fs::path& path = doc().path;
    browser_.dir = !path.empty() ? path.parent_path() : fs::current_path(ec);
    browser_.name = saving ? (path.empty() ? std::string("situation.toml") : path.filename().string()) : std::string();
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
    draw_browser_folder();
    bool accept = draw_browser_entries();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("File name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    if (ImGui::InputText("##name", &browser_.name, ImGuiInputTextFlags_EnterReturnsTrue)) accept = true;
    ui::probe("browser_name");
    if (ImGui::IsItemEdited()) browser_.confirm_replace = false;
    const fs::path target = browser_target();
    if (browser_.confirm_replace)
        ImGui::TextColored(ui::bad(), "\xe2\x9c\x96 %s exists: press Replace to overwrite it.", target.filename().string().c_str());
    else
        ImGui::TextDisabled("%s", target.string().c_str());
    const char* ok = browser_.saving ? (browser_.confirm_replace ? "Replace" : "Save") : "Open";
    if (ImGui::Button(ok, ImVec2(ImGui::GetFontSize() * 7, 0))) accept = true;
    ui::probe("browser_ok");
    ImGui::SameLine();
    bool close = ImGui::Button("Cancel", ImVec2(ImGui::GetFontSize() * 7, 0)) ||
                 ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
    if (accept && !target.empty()) close |= browser_accept(target);
    if (close) {
        browser_.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// The folder line: Up, and the folder as text (Enter goes there).
void App::draw_browser_folder() {
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
}

// The folders and .toml files; true when a file was double-clicked.
bool App::draw_browser_entries() {
    bool accept = false;
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
    return accept;
}

// The file the name field names (".toml" added when saving without an extension).
fs::path App::browser_target() const {
    if (browser_.name.empty()) return {};
    fs::path target = fs::path(browser_.name).is_absolute() ? fs::path(browser_.name) : browser_.dir / browser_.name;
    if (browser_.saving && target.extension().empty()) target += ".toml";
    return target;
}

// Open, Save or Replace pressed; true when the browser is done.
bool App::browser_accept(const fs::path& target) {
    std::error_code ec;
    if (fs::is_directory(target, ec)) {
        browser_.dir = target;
        browser_.name.clear();
        browser_list();
        return false;
    }
    if (!browser_.saving) {
        ask_then(kOpenPath, target);  // asks first only when the file is the shown game's and it has unsaved edits
        return true;
    }
    if (fs::exists(target, ec) && !browser_.confirm_replace) {
        browser_.confirm_replace = true;  // ask once before replacing a file
        return false;
    }
    file_save_as(target);
    return true;
}

// =====================================================================================
// 3. modal dialogs
// =====================================================================================

void App::draw_modals() {
    draw_confirm();
    draw_problem();
    draw_about();
    draw_file_browser();
}

namespace {
ImVec2 centre() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    return ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f);
}
}  // namespace

// Unsaved changes of the shown game before New or Open.
void App::draw_confirm() {
    const float em = ImGui::GetFontSize();
    if (show_confirm_) {
        ImGui::OpenPopup("Unsaved changes");
        show_confirm_ = false;
    }
    ImGui::SetNextWindowPos(centre(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(em * 30, 0));
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    ImGui::TextWrapped("%s has changes that are not saved to a file. Save them first?", display_name().c_str());
    ImGui::Spacing();
    const bool save = ImGui::Button("Save", ImVec2(em * 7, 0));
    ui::probe("confirm_save");
    if (save) {
        const bool untitled = doc().path.empty();
        ImGui::CloseCurrentPopup();
        if (file_save()) run(pending_action_, pending_arg_, false);
        else if (untitled) status_message("Choose a file name; then repeat the command");
        pending_action_ = kNone;
    }
    ImGui::SameLine();
    const bool discard = ImGui::Button("Discard", ImVec2(em * 7, 0));
    ui::probe("confirm_discard");
    if (discard) {
        ImGui::CloseCurrentPopup();
        run(pending_action_, pending_arg_, true);
        pending_action_ = kNone;
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(em * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        ImGui::CloseCurrentPopup();
        pending_action_ = kNone;
    }
    ImGui::EndPopup();
}

// Errors opening or saving a file.
void App::draw_problem() {
    const float em = ImGui::GetFontSize();
    if (show_open_errors_) {
        ImGui::OpenPopup("Problem");
        show_open_errors_ = false;
    }
    ImGui::SetNextWindowPos(centre(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetMainViewport()->WorkSize.x * 0.75f, 0));
    if (!ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar)) return;
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

void App::draw_about() {
    const float em = ImGui::GetFontSize();
    if (show_about_) {
        ImGui::OpenPopup("About Umpire");
        show_about_ = false;
    }
    ImGui::SetNextWindowPos(centre(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(em * 34, 0));
    if (!ImGui::BeginPopupModal("About Umpire", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
    ImGui::Text("Umpire %s: rulings for wargame referees", UMPIRE_VERSION);
    ImGui::TextWrapped("Rules data: %s", rules_dir_.string().c_str());
    ImGui::TextWrapped("Session and autosave: %s%s", state_dir_.string().c_str(), autosaving_ ? "" : " (not autosaving)");
    ImGui::TextWrapped("Every number shown comes from the rules engine and the rules-data files; rule numbers "
                       "are cited, rules text is not reproduced.");
    if (ImGui::Button("Close", ImVec2(em * 7, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

}  // namespace umpire::app
