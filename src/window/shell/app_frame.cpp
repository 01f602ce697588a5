// The frame: menus, the game selector, the two sides, the status bar and shortcuts.
//
// Sections
//   1. frame-level bits: title, scale, messages, dropped files, layout.txt
//   2. menus
//   3. the game selector and the two sides
//   4. rules-data errors, the state banner, the status bar, shortcuts
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/shell/app.hpp"
#include "window/shell/app_util.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace fs = std::filesystem;

// =====================================================================================
// 1. frame-level bits
// =====================================================================================

void App::open_dropped(const fs::path& p) { ask_then(kOpenPath, p); }

void App::status_message(std::string m) {
    status_ = std::move(m);
    status_time_ = Clock::now();
}

void App::after_frame() {
    if (!opts_.test_layout || headless() || !autosaving_) return;  // never into another window's folder
    std::string s = "title " + window_title() + "\nmodified " + (modified() ? "1" : "0") + "\n";
    // The pinned verdict, for tests that click and read the outcome (the board view's test).
    s += "verdict " + (ruling_ && ruling_errors_.empty() ? ruling_->verdict : std::string("(none)")) + "\n";
    // What the window waits for (units not placed), or the problems it shows (tests read both).
    if (const std::string wait = waiting(); !wait.empty()) s += "waiting " + wait + "\n";
    else for (const auto& l : shown_errors()) s += "problem " + l + "\n";
    s += std::string("layout ") + (has_map(panel(system_)) ? (map_only_ ? "map-only" : "map") : "form") + "\n";
    for (const auto& [name, r] : ui::probed())
        s += "widget " + name + " " + std::to_string(int(r.x)) + " " + std::to_string(int(r.y)) + " " +
             std::to_string(int(r.z)) + " " + std::to_string(int(r.w)) + "\n";
    for (const auto& [name, value] : ui::probed_values()) s += "value " + name + " " + value + "\n";
    for (const auto& where : ui::untipped_items()) s += "untipped " + where + "\n";
    if (!ui::focused_probe().empty()) s += "focused " + ui::focused_probe() + "\n";
    if (s == last_layout_) return;
    if (!atomic_write(state_dir_ / "layout.txt", s)) last_layout_ = s;
}

// The file (or untitled), `*` when modified, the game, and a warning when not autosaving.
std::string App::window_title() const {
    const std::string dash = " \xe2\x80\x94 ";
    return display_name() + (modified() ? "*" : "") + dash + system_title(system_) + dash + "Umpire" +
           (autosaving_ || headless() ? "" : " (not autosaving)");
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
    ui::new_frame_wheel();
    if (map_only_ && !has_map(panel(system_))) map_only_ = false;
    draw_menus();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    // No NoScrollbar: on a window too small for the two sides' minimum height (800x600 at
    // 200 %) the whole page scrolls instead of cutting them off.
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##umpire", nullptr, flags);
    draw_state_banner();
    if (!engine_) {
        draw_rules_errors("THE RULES DATA HAS ERRORS", rules_errors_);
    } else {
        if (!map_only_) draw_system_bar();
        draw_body();
    }
    if (!map_only_) draw_status();
    ImGui::End();
    draw_modals();
    if (const auto said = pictures_.draw([this] { return picture_source(); })) status_message(*said);
    draw_shortcut_list();
    shortcuts();
}

// =====================================================================================
// 2. menus
// =====================================================================================

void App::draw_menus() {
    if (!ImGui::BeginMainMenuBar()) return;
    draw_file_menu();
    draw_view_menu();
    if (ImGui::BeginMenu("Rules data")) {
        ImGui::TextDisabled("%s", rules_dir_.string().c_str());
        if (ImGui::MenuItem("Reload")) reload_rules_data();
        ui::tip("Read the rules-data folder again, e.g. after editing a house-rules copy.");
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keyboard shortcuts", "F1")) show_shortcuts_ = true;
        if (ImGui::MenuItem("About Umpire")) show_about_ = true;
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void App::draw_file_menu() {
    const bool open = ImGui::BeginMenu("File");
    ui::probe("menu_file");
    if (!open) return;
    {
        if (ImGui::MenuItem("New", "Ctrl+N", false, engine_ != nullptr)) ask_then(kNew);
        if (ImGui::MenuItem("Open...", "Ctrl+O", false, engine_ != nullptr)) ask_then(kOpenBrowse);
        if (ImGui::BeginMenu("Open recent", !recent_.empty() && engine_)) {
            for (const auto& p : recent_) {
                std::error_code ec;
                const bool exists = fs::exists(p, ec);
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
        ui::tip("Puts the game, the situation's title, the ruling and the situation as plain text on the clipboard, ready for a chat message.");
        const bool ready = picture_ready();
        if (ImGui::MenuItem("Save picture\xe2\x80\xa6", "Ctrl+Shift+P", false, ready)) picture(MapArea::Picture::save);
        ui::tip("Writes a PNG of the ruling: the map or table with the line and the units, the verdict and the deciding reasons.");
        if (ImGui::MenuItem("Copy picture", nullptr, false, ready)) picture(MapArea::Picture::copy);
        ui::probe("menu_copy_picture");
        ui::tip("Puts that PNG on the clipboard, to paste into a forum post or a chat (needs xclip or wl-copy).");
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_ = true;
        ImGui::EndMenu();
    }
}

void App::draw_view_menu() {
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
}

// =====================================================================================
// 3. the game selector and the two sides
// =====================================================================================

void App::draw_system_bar() {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Game");
    ImGui::SameLine();
    auto note = [&](const std::string& id) -> std::string {
        if (!data_errors(id).empty()) return "  (its rules data has errors)";
        return panels_.count(id) ? "" : "  (coming in a later release)";  // a table situation has its table view
    };
    const std::string preview = system_title(system_) + note(system_);
    // As wide as the game's name needs; when the name does not fit on the line, the selector is
    // only its arrow button and the name wraps beside it (a combo would cut it off). The Title
    // field goes to the next line when it would be left narrower than 12 characters.
    const float need = ImGui::CalcTextSize(preview.c_str()).x + ImGui::GetFrameHeight() * 2.0f;
    const bool name_fits = need <= ImGui::GetContentRegionAvail().x;
    if (name_fits) ImGui::SetNextItemWidth(need);
    if (ImGui::BeginCombo("##system", preview.c_str(), name_fits ? 0 : ImGuiComboFlags_NoPreview)) {
        for (const auto& s : engine_->systems()) {
            const bool ready = panel(s->id()) != nullptr;
            const std::string label = s->title() + note(s->id());
            if (!ready) ImGui::PushStyleColor(ImGuiCol_Text, ui::dim_text());
            if (ImGui::Selectable(label.c_str(), s->id() == system_) && s->id() != system_) switch_game(s->id());
            ui::probe(("game_" + s->id()).c_str());
            if (!ready) ImGui::PopStyleColor();
            std::string files;
            for (const auto& f : s->data_files()) files += (files.empty() ? "rules-data/" : ", rules-data/") + f;
            util::option_tip("system/" + s->id(), s->title() + " (system = \"" + s->id() + "\"): its own situation and file; "
                                                      "its numbers from " + files + (ready ? "" : "; its panel is coming in a later release"));
        }
        ImGui::EndCombo();
    }
    ui::tip("The game whose rules decide the situation. Each game keeps its own situation and file.");
    ui::probe("system");
    if (!name_fits) {
        ImGui::SameLine();
        ImGui::TextWrapped("%s", preview.c_str());
    }
    ui::same_line_if_fits(ImGui::CalcTextSize("Title").x + ImGui::GetFontSize() * 12.0f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Title");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##title", "a label for this situation (optional)", &doc().title)) edited();
    ui::probe("title");
}

void App::draw_body() {
    // The status line wraps on a narrow window (never cut off): reserve the height it took last
    // frame. The sides keep at least 16 lines; a smaller window scrolls as a whole.
    const float status_h = map_only_ ? 0.0f : status_h_ > 0 ? status_h_ : ImGui::GetFrameHeightWithSpacing() * 1.5f;
    const float min_h = ImGui::GetFontSize() * 16.0f;
    const float h = std::max(min_h, ImGui::GetContentRegionAvail().y - status_h);
    const float w = ImGui::GetContentRegionAvail().x;
    if (const auto& bad = data_errors(system_); !bad.empty()) {
        // This game's rules data is broken: only this game is locked, the others still rule.
        std::vector<std::string> lines;
        for (const auto& d : bad) lines.push_back(d.str());
        draw_rules_errors("THE RULES DATA OF " + system_title(system_) + " HAS ERRORS", lines);
        return;
    }
    // The last ruling goes with it: a board view draws the line that ruling traced.
    PanelContext ctx{*engine_, scale_ > 0 ? scale_ : 1.0f, doc().path.parent_path(), ruling_ && ruling_errors_.empty() ? &*ruling_ : nullptr};
    Panel* p = panel(system_);
    bool changed = false;
    if (has_map(p)) {
        changed = draw_map_layout(p, ctx, w, h);
    } else if (w < ImGui::GetFontSize() * 40.0f) {
        // Too narrow for two sides (800x600 at 200 %): the ruling above, the inputs under it,
        // each the full width; the page scrolls when they do not both fit.
        const float rh = std::max(min_h, std::floor(h * 0.5f));
        draw_ruling_side(p, ctx, rh);
        changed = draw_inputs_side(p, ctx, w, std::max(min_h, h - rh - ImGui::GetStyle().ItemSpacing.y));
    } else {
        const float splitter = std::max(4.0f, 6.0f * scale_);
        changed = draw_inputs_side(p, ctx, std::floor((w - splitter) * split_), h);
        draw_splitter("##split", nullptr, w, h, &split_, 1.0f, 0.25f, 0.75f);
        draw_ruling_side(p, ctx, h);
    }
    if (changed) edited();
    keep_panels_aside(false);
}

bool App::draw_inputs_side(Panel* p, PanelContext& ctx, float lw, float h) {
    ImGui::BeginChild("##inputs", ImVec2(lw, h), true, ImGuiWindowFlags_NavFlattened);
    const bool changed = draw_inputs_body(p, ctx);
    ImGui::EndChild();
    return changed;
}

// The inputs of the shown game, then its notes: the form layout's left side, or the side panel's
// Situation tab beside a map (where a table situation shows its text, read-only).
bool App::draw_inputs_body(Panel* p, PanelContext& ctx) {
    bool changed = false;
    if (p) {
        changed |= p->draw_inputs(ctx);
    } else if (table_view()) {
        ui::section("Situation (read-only)");
        ui::wrapped(ui::dim_text(), "A situation on a table sketch: move the bases and pieces on the table; the other keys are "
                                    "the file's (docs/tables.md).");
        ImGui::PushTextWrapPos(0.0f);  // wrapped: a long title or path must not run past the panel's edge
        ImGui::TextUnformatted(text_.c_str());
        ImGui::PopTextWrapPos();
    } else {
        ui::error_banner("Coming in a later release",
                         {"The inputs for " + system_title(system_) + " are not in this window yet.",
                          "Its situations can be ruled now with umpire-cli; a situation file opened here is ruled on the right."},
                         ui::neutral());
        if (const auto it = raw_.find(system_); it != raw_.end()) {
            ui::section("Situation (read-only)");
            ImGui::PushTextWrapPos(0.0f);  // wrapped: a long title or path must not run past the panel's edge
            ImGui::TextUnformatted(text_.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ui::section("Notes");
    if (ImGui::InputTextMultiline("##notes", &doc().notes, ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f))) changed = true;
    ui::text_box_drawn();
    ui::tip("Free notes saved with the situation (they never change the ruling).");
    return changed;
}

// The splitter between the two sides: drag to resize, remembered in the session.
void App::draw_splitter(const char* id, const char* probe, float w, float h, float* share, float sign, float lo, float hi) {
    const float splitter = std::max(4.0f, 6.0f * scale_);
    ImGui::SameLine(0, 0);
    ImGui::InvisibleButton(id, ImVec2(splitter, h));
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (probe) ui::probe(probe);
    if (ImGui::IsItemActive() && ImGui::GetIO().MouseDelta.x != 0.0f) {
        *share = std::clamp(*share + sign * ImGui::GetIO().MouseDelta.x / w, lo, hi);
        session_dirty_ = true;
    }
    ImGui::SameLine(0, 0);
}

// The ruling side: the Copy button and the verdict stay pinned at the top (they never scroll
// away); everything under them scrolls in its own region.
void App::draw_ruling_side(Panel* p, PanelContext& ctx, float h) {
    ImGui::BeginChild("##ruling", ImVec2(0, h), true,
                      ImGuiWindowFlags_NavFlattened | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    draw_ruling_pinned(p, h);
    ImGui::BeginChild("##ruling_body", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
    draw_ruling_body(p, ctx);
    ImGui::EndChild();
    ImGui::EndChild();
}

// =====================================================================================
// 4. rules-data errors, the state banner, the status bar, shortcuts
// =====================================================================================

// Every FILE:LINE:COL line of broken rules data (the whole folder, or one game's files).
void App::draw_rules_errors(const std::string& heading, const std::vector<std::string>& lines) {
    ui::error_banner(heading.c_str(), {"No ruling can be given until these are fixed in " + rules_dir_.string() + ":"},
                     ui::tone_colour(Tone::bad));
    ImGui::Spacing();
    ImGui::BeginChild("##rules_errors", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2.2f), true);
    for (const auto& l : lines) ImGui::TextWrapped("%s", l.c_str());
    ImGui::EndChild();
    ui::probe("rules_errors");
    if (ImGui::Button("Reload rules data")) reload_rules_data();
    ImGui::SameLine();
    ImGui::TextDisabled("Check a folder from a terminal with: umpire-cli check-data DIR");
}

// A second window on the same state folder says, at the top, that it does not autosave.
void App::draw_state_banner() {
    if (state_problem_.empty() || headless()) return;
    ui::error_banner("\xe2\x9c\x96 THIS WINDOW DOES NOT AUTOSAVE", {state_problem_}, ui::bad());
    ui::probe("state_banner");
}

void App::draw_status() {
    const float top = ImGui::GetCursorPosY();
    draw_status_line();
    status_h_ = ImGui::GetCursorPosY() - top;
}

void App::draw_status_line() {
    ImGui::Separator();
    if (table_modified()) {
        // The table sketch is not autosaved: say so (Save or the table view's Save table writes it;
        // closing the window keeps the changes aside, App::keep_panels_aside).
        ImGui::Text("\xe2\x97\x8f %s", "table changed, not saved (Ctrl+S or Save table writes it)");
        ui::tip("Changes to the table are not autosaved. Closing the window keeps them aside in the state folder "
                "(recovered-*.toml, a table file) rather than losing them.");
    } else if (modified()) {
        const char* what = !autosaving_ ? (doc().path.empty() ? "unsaved (not autosaved)" : "modified (not autosaved)")
                                        : (doc().path.empty() ? "unsaved (kept by autosave)" : "modified (kept by autosave)");
        ImGui::Text("\xe2\x97\x8f %s", what);  // a mark, not amber: amber means referee's call only
        ui::tip("Every edit is autosaved in " + state_dir_.string() + " and comes back when the window reopens; "
                "Save writes it to the situation file.");
    } else {
        ImGui::TextDisabled("%s", doc().path.empty() ? "untitled" : "saved");
    }
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", status_.c_str());
}

void App::shortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsKeyPressed(290 /* GLFW_KEY_F1 */, false)) show_shortcuts_ = true;
    // F11: the map takes the whole window, or gives the side panel back; Esc gives it back too.
    const bool popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    if (ImGui::IsKeyPressed(300 /* GLFW_KEY_F11 */, false) && !popup && has_map(panel(system_))) map_only_ = !map_only_;
    if (map_only_ && !popup && !show_shortcuts_ && !io.WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
        map_only_ = false;
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
    if (pressed('P') && io.KeyShift) picture(MapArea::Picture::save);
    if (pressed('Q')) quit_ = true;
    if (pressed('0')) pending_scale_ = 1.0f;
    if (pressed('=')) pending_scale_ = std::min(3.0f, scale_ + 0.25f);
    if (pressed('-')) pending_scale_ = std::max(0.75f, scale_ - 0.25f);
}

// Help > Keyboard shortcuts (also F1): every key the window answers, in one list.
void App::draw_shortcut_list() {
    if (!show_shortcuts_) return;
    static const char* const keys[][2] = {
        {"Ctrl+N", "New situation (this game)"},
        {"Ctrl+O", "Open a situation file"},
        {"Ctrl+S", "Save"},
        {"Ctrl+Shift+S", "Save As"},
        {"Ctrl+Shift+C", "Copy the ruling (and the situation) to the clipboard"},
        {"Ctrl+Shift+P", "Save a picture of the ruling (PNG: map, line, verdict, reasons)"},
        {"Ctrl+= / Ctrl+- / Ctrl+0", "Larger text / smaller text / 100 %"},
        {"Ctrl+Q", "Quit (every edit is autosaved)"},
        {"Tab / Shift+Tab", "Next / previous text field or slider, in reading order"},
        {"Arrow keys", "Move the keyboard focus between inputs"},
        {"Space or Enter", "Open the focused list or combo, choose the focused item, tick a box"},
        {"Esc", "Close a list, a menu or this window"},
        {"Ctrl+click on a slider", "Type its value"},
        {"F11 (or Map only)", "The map takes the whole window, the verdict on a line under it; F11 or Esc gives the side panel back"},
        {"Board view: click a hex", "Place the firer, then the target (the map says which)"},
        {"Board view: Shift+click", "Place the target"},
        {"Board view: click a unit", "See the overlays (What it sees, Kill chance) from that unit"},
        {"Board view: drag from the target", "Turn the target to face that hexside (8.7)"},
        {"Board view: right or middle drag", "Pan (a left drag on the board pans too)"},
        {"Board view: mouse wheel", "Zoom about the mouse when the wheel starts over the board (or with Ctrl); Fit shows the whole board"},
        {"Paint mode: click or drag over hexes", "Give them the chosen terrain (one drag is one undo step)"},
        {"Paint mode: click inside a hex near a side", "With a hexside brush: paint that hexside (a slope's sloped side is the hex clicked in, 10.5)"},
        {"Paint mode: Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z)", "Undo / redo a paint stroke while the board has the focus"},
        {"Check these first: Enter", "Accept the selected suggestion from the picture and go to the next unsure one"},
        {"Check these first: N / P", "Next / previous unsure hex or hexside, centred on the map"},
        {"Check these first: Ctrl+Z / Ctrl+Y", "Undo / redo an accept (one, all shown, the rest), in Rule mode as in Paint"},
        {"Table view: left drag", "Move a piece or a base (Shift + left drag: the measuring tape)"},
        {"Table view: right or middle drag, wheel", "Pan, zoom about the mouse (Ctrl + wheel on a base: turn it)"},
        {"Table view, Trace: click, Backspace, Enter, Esc", "Place a corner, take the last back, finish (or click the first corner, or double-click), cancel"},
        {"Table view, calibrating a photo: click, Backspace, Esc", "Place the next corner (drag one to move it), take the last back, cancel"},
        {"F1", "This list"},
    };
    // Inside the window whatever its size: as wide as 34 characters or the window allows, as tall as
    // the list or the window allows (then it scrolls), placed in the work area.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float margin = ImGui::GetFontSize();
    const ImVec2 most{vp->WorkSize.x - margin * 2, vp->WorkSize.y - margin * 2};
    ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(most.x, ImGui::GetFontSize() * 12.0f), 0), most);
    ImGui::SetNextWindowSize(ImVec2(std::min(most.x, ImGui::GetFontSize() * 34.0f), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + margin, vp->WorkPos.y + margin), ImGuiCond_Appearing);
    if (ImGui::Begin("Keyboard shortcuts", &show_shortcuts_, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            for (const auto& k : keys) {
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                if (ui::fonts().bold) ImGui::PushFont(ui::fonts().bold);
                ImGui::TextWrapped("%s", k[0]);
                if (ui::fonts().bold) ImGui::PopFont();
                ImGui::TableSetColumnIndex(1);
                ImGui::TextWrapped("%s", k[1]);
            }
            ImGui::EndTable();
            ui::probe("shortcuts");  // tests/gui/keyboard-test.sh: F1 shows this list
        }
        if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
            show_shortcuts_ = false;
    }
    ImGui::End();
}

}  // namespace umpire::app
