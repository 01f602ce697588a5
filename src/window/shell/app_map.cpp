// The board-first layout (docs/window.md "The map"): for a situation with a board or a table
// sketch the map fills the main area, and the ruling (pinned verdict, figures, why, chart) and the
// situation's inputs share a side panel that can be resized by its splitter or folded away; F11
// (or Map only) gives the map the whole window with the verdict on one line under it. A window
// too narrow for a side panel (800x600 at 200 %) shows Map, Ruling and Situation as tabs.
// Also the verdict pinned above every ruling, in both layouts: the banner, the neutral words while
// the window waits for the referee, or the problems in the game's words.
//
// Sections
//   1. the layout: map and side panel, folded, tabs, Map only
//   2. the map area
//   3. the side panel: its splitter, folded form, tabs
//   4. the pinned verdict and the ruling under it (both layouts)
#include <cmath>
#include <regex>

#include <imgui.h>

#include "window/shell/app.hpp"
#include "window/shell/app_util.hpp"
#include "window/panels/form.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

// =====================================================================================
// 1. the layout
// =====================================================================================

bool App::has_map(const Panel* p) {
    if (!engine_ || !data_errors(system_).empty()) return false;
    if (p) return p->has_map();
    return table_view() != nullptr;
}

bool App::draw_map_layout(Panel* p, PanelContext& ctx, float w, float h) {
    const float em = ImGui::GetFontSize();
    bool changed = false;
    if (map_only_) {
        // The verdict on one line under the map (two when it must wrap), so the map never hides it.
        const float line_h = ImGui::GetTextLineHeightWithSpacing() * 2.0f + ImGui::GetStyle().ItemSpacing.y;
        changed = draw_map_area(p, ctx, ImVec2(w, h - line_h));
        draw_verdict_line();
        return changed;
    }
    if (w < em * 46.0f) {
        // Too narrow for a side panel beside a useful map (800x600 at 200 %): one at a time.
        if (ImGui::BeginTabBar("##narrow")) {
            if (ImGui::BeginTabItem("Map")) {
                changed |= draw_map_area(p, ctx, ImGui::GetContentRegionAvail());
                ImGui::EndTabItem();
            }
            ui::probe("map_tab");
            changed |= draw_side_tabs(p, ctx, true, h);
            ImGui::EndTabBar();
        }
        return changed;
    }
    if (side_collapsed_) {
        const float fold_w = std::ceil(ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.x * 2.0f + 2.0f);
        changed = draw_map_area(p, ctx, ImVec2(w - fold_w - ImGui::GetStyle().ItemSpacing.x, h));
        ImGui::SameLine();
        draw_side_folded(fold_w, h);
        return changed;
    }
    const float splitter = std::max(4.0f, 6.0f * scale_);
    const float sw = side_width(w - splitter);
    changed = draw_map_area(p, ctx, ImVec2(w - sw - splitter, h));
    draw_splitter("##side_split", "side_split", w, h, &side_, -1.0f, kSideMin, kSideMax);
    changed |= draw_side(p, ctx, sw, h);
    return changed;
}

// The side panel's width: its remembered share, at least 16 characters wide, leaving the map at least 24.
float App::side_width(float w) const {
    const float em = ImGui::GetFontSize();
    return std::floor(std::clamp(w * side_, em * 16.0f, std::max(em * 16.0f, w - em * 24.0f)));
}

// Map only: the verdict, its mark and words, on a line under the map.
void App::draw_verdict_line() {
    std::string text;
    ImVec4 colour = ui::dim_text();
    if (const std::string wait = waiting(); !wait.empty()) {
        text = std::string(ui::tone_mark(Tone::neutral)) + " " + wait;
    } else if (!ruling_errors_.empty()) {
        text = "\xe2\x9c\x96 CANNOT RULE THIS SITUATION (F11: the side panel says why)";
        colour = ui::bad();
    } else if (ruling_) {
        const bool call = ruling_->referee_call;
        colour = call ? ui::referee_call() : ui::tone_colour(ruling_->tone);
        text = (call ? std::string(ui::kOpenMark) + " REFEREE'S CALL \xe2\x80\x94 " : std::string(ui::tone_mark(ruling_->tone)) + " ") +
               ruling_->verdict + (ruling_->detail.empty() ? "" : " \xc2\xb7 " + ruling_->detail);
    }
    if (ui::fonts().bold) ImGui::PushFont(ui::fonts().bold);
    ui::wrapped(colour, text);
    if (ui::fonts().bold) ImGui::PopFont();
    ui::probe("verdict_line");
}

// =====================================================================================
// 2. the map area
// =====================================================================================

bool App::draw_map_area(Panel* p, PanelContext& ctx, ImVec2 size) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    // The map never scrolls with the wheel (the wheel zooms it); only when a toolbar is taller than
    // the map leaves room for (Paint's brushes at 200 % in a small window) does a scrollbar show.
    ImGui::BeginChild("##map", size, false, ImGuiWindowFlags_NavFlattened | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    MapArea area;
    area.size = ImGui::GetContentRegionAvail();
    area.map_only = map_only_;
    area.picture_available = picture_ready();
    PanelContext map_ctx = ctx;
    map_ctx.map = &area;
    bool changed = false;
    if (p) {
        changed = p->draw_map(map_ctx);
    } else if (TableView* tv = table_view()) {
        const tabletop::TableView* view = ruling_ && ruling_errors_.empty() ? ruling_->view_as<tabletop::TableView>() : nullptr;
        changed = tv->draw(map_ctx, view, area);
    }
    ImGui::EndChild();
    ui::probe("map");
    if (area.toggle_map_only) map_only_ = !map_only_;
    picture(area.picture_asked);
    return changed;
}

// =====================================================================================
// 3. the side panel
// =====================================================================================

// The side panel: the verdict pinned at its top, then the Ruling and Situation tabs.
bool App::draw_side(Panel* p, PanelContext& ctx, float w, float h) {
    bool changed = false;
    ImGui::BeginChild("##side", ImVec2(w, h), true, ImGuiWindowFlags_NavFlattened | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    if (ImGui::Button("\xe2\x96\xb6")) side_collapsed_ = true, session_dirty_ = true;
    ui::tip("Fold the side panel away: the map takes its room (the verdict's mark stays beside it).");
    ui::probe("side_fold");
    ImGui::SameLine();
    if (ImGui::Button("Map only")) map_only_ = true;
    ui::tip("Give the map the whole window (F11); the verdict stays on a line under it. F11, Esc or Back gives this panel back.");
    ui::probe("map_only");
    ui::same_line_if_fits(ImGui::CalcTextSize("Copy ruling").x + ImGui::GetStyle().FramePadding.x * 2);
    draw_ruling_pinned(p, h);
    if (ImGui::BeginTabBar("##side_tabs")) {
        changed |= draw_side_tabs(p, ctx, false, h);
        ImGui::EndTabBar();
    }
    ImGui::EndChild();
    return changed;
}

bool App::draw_side_tabs(Panel* p, PanelContext& ctx, bool pin_verdict, float h) {
    bool changed = false;
    if (ImGui::BeginTabItem("Ruling")) {
        if (pin_verdict) {
            ImGui::BeginChild("##ruling", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened | ImGuiWindowFlags_NoScrollbar);
            draw_ruling_pinned(p, h);
        }
        ImGui::BeginChild("##ruling_body", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
        draw_ruling_body(p, ctx);
        ImGui::EndChild();
        if (pin_verdict) ImGui::EndChild();
        ImGui::EndTabItem();
    }
    ui::probe("ruling_tab");
    if (ImGui::BeginTabItem("Situation")) {
        ImGui::BeginChild("##inputs", ImVec2(0, 0), false, ImGuiWindowFlags_NavFlattened);
        changed |= draw_inputs_body(p, ctx);
        ImGui::EndChild();
        ImGui::EndTabItem();
    }
    ui::probe("situation_tab");
    return changed;
}

// Folded: a button to unfold it, and the verdict's mark in its colour (its words on hover).
void App::draw_side_folded(float w, float h) {
    ImGui::BeginChild("##side_folded", ImVec2(w, h), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    if (ImGui::Button("\xe2\x97\x80")) side_collapsed_ = false, session_dirty_ = true;
    ui::tip("Show the ruling and the situation beside the map again.");
    ui::probe("side_unfold");
    if (ruling_ && ruling_errors_.empty()) {
        const bool call = ruling_->referee_call;
        ImGui::TextColored(call ? ui::referee_call() : ui::tone_colour(ruling_->tone), "%s", call ? ui::kOpenMark : ui::tone_mark(ruling_->tone));
        ui::tip((call ? "REFEREE'S CALL \xe2\x80\x94 " : "") + ruling_->verdict);
    }
    ImGui::EndChild();
}

// =====================================================================================
// 4. the pinned verdict and the ruling under it
// =====================================================================================

std::string App::waiting() const {
    if (ruling_errors_.empty() || !engine_ || !data_errors(system_).empty()) return "";
    const Panel* p = panel(system_);
    return p ? p->waiting_for() : "";
}

// The ruling's problems as the window shows them: the location in the window's own copy of the
// situation (the file as the window would write it, which the referee has not seen) is left out;
// a board's or a table's own FILE:LINE:COL lines stay.
std::vector<std::string> App::shown_errors() const {
    std::vector<std::string> out;
    const std::string own = display_name() + ":";
    for (const auto& l : ruling_errors_) {
        std::smatch m;
        static const std::regex located(R"(^(\d+):(\d+): )");
        if (l.rfind(own, 0) == 0) {
            const std::string rest = l.substr(own.size());
            if (std::regex_search(rest, m, located)) {
                out.push_back(rest.substr(std::size_t(m.length(0))));
                continue;
            }
        }
        out.push_back(l);
    }
    return out;
}

// Copy ruling (with the game's name when it fits) and the verdict, pinned: they never scroll away.
void App::draw_ruling_pinned(Panel* p, float h) {
    if (ruling_ || !ruling_errors_.empty()) {
        if (ImGui::Button("Copy ruling")) copy_ruling();
        ui::tip("Puts the game, the situation's title, the ruling and the situation as plain text on the clipboard, "
                "ready for a chat message (Ctrl+Shift+C).");
        ui::probe("copy");
        if (picture_ready()) {
            const char* save = "Save picture\xe2\x80\xa6";  // beside Copy ruling when it fits (800x600: under it)
            ui::same_line_if_fits(ImGui::CalcTextSize(save).x + ImGui::GetStyle().FramePadding.x * 2);
            if (ImGui::Button(save)) picture(MapArea::Picture::save);
            ui::tip("Writes a PNG of the ruling (the map, the line, the verdict, the reasons) for the dispute record "
                    "or a forum post (Ctrl+Shift+P; File > Copy picture, or the map's menu, puts it on the clipboard).");
            ui::probe("save_picture");
        }
        // The game's name beside it when it fits (it is also in the window's title).
        const std::string game = system_title(system_);
        const float game_w = ImGui::CalcTextSize(game.c_str()).x;
        ImGui::SameLine();
        if (game_w <= ImGui::GetContentRegionAvail().x) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextDisabled("%s", game.c_str());
        } else {
            ImGui::NewLine();
        }
    }
    if (const std::string wait = waiting(); !wait.empty()) {
        ui::waiting_banner("NOTHING TO RULE YET", wait);
    } else if (!ruling_errors_.empty()) {
        ui::error_banner("\xe2\x9c\x96 CANNOT RULE THIS SITUATION", {"Something in the situation is missing or wrong (below)."},
                         ui::tone_colour(Tone::bad));
    } else if (ruling_) {
        ui::verdict_banner(*ruling_, h * 0.22f, p ? p->other_outcomes(*ruling_) : std::vector<std::string>{});
    }
}

void App::draw_ruling_body(Panel* p, PanelContext& ctx) {
    if (p && p->draw_tool_notes()) return;  // the Picture tool's lists, while it is in use
    if (!waiting().empty()) {
        ui::wrapped(ui::dim_text(), "The ruling appears here as soon as the situation is complete.");
    } else if (!ruling_errors_.empty()) {
        for (const auto& l : shown_errors()) ui::text(l);
        ui::probe("ruling_errors");
    } else if (ruling_) {
        if (p) {
            p->draw_ruling(ctx, *ruling_);
        } else if (TableView* tv = table_view()) {
            draw_ruling_head(*ruling_, true);
            tv->draw_crossings(ruling_->view_as<tabletop::TableView>());
            draw_ruling_tail(*ruling_, system_title(system_));
        } else {
            draw_generic_ruling(ctx, *ruling_, system_title(system_));
        }
    } else if (!p) {
        ImGui::TextDisabled("Open a %s situation file to see its ruling here.", system_title(system_).c_str());
    }
}

}  // namespace umpire::app
