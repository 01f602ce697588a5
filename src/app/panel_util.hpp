// Small input helpers shared by the panels of the board and miniatures systems:
// string radio rows that wrap, name checklists that wrap, bounded integer fields.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>

namespace umpire::app::util {

// Radio buttons over names; wraps when the panel is narrow. Returns true on change.
inline bool radio_row(const char* id, std::string* value, const std::vector<std::string>& names) {
    bool changed = false;
    ImGui::PushID(id);
    const float start_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) {
            const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(names[i].c_str()).x;
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + w > right) {
                ImGui::NewLine();
                ImGui::SetCursorPosX(start_x);
            }
        }
        if (ImGui::RadioButton(names[i].c_str(), *value == names[i]) && *value != names[i]) {
            *value = names[i];
            changed = true;
        }
    }
    ImGui::PopID();
    return changed;
}

// One checkbox per name, wrapping; `selected` keeps the order of `names`.
inline bool checklist(const char* id, std::vector<std::string>* selected, const std::vector<std::string>& names) {
    bool changed = false;
    ImGui::PushID(id);
    const float start_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        bool on = std::find(selected->begin(), selected->end(), names[i]) != selected->end();
        if (i) {
            const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(names[i].c_str()).x;
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + w > right) {
                ImGui::NewLine();
                ImGui::SetCursorPosX(start_x);
            }
        }
        if (ImGui::Checkbox(names[i].c_str(), &on)) changed = true;
        if (on) out.push_back(names[i]);
    }
    // Keep names the list does not offer (e.g. repeated features) so nothing is lost silently.
    for (const auto& s : *selected)
        if (std::find(names.begin(), names.end(), s) == names.end()) out.push_back(s);
    if (changed) *selected = out;
    ImGui::PopID();
    return changed;
}

// An integer field with -/+ buttons, clamped to lo..hi.
inline bool int_field(const char* label, int* v, int lo, int hi, float width) {
    ImGui::SetNextItemWidth(width);
    const int before = *v;
    ImGui::InputInt(label, v);
    *v = std::clamp(*v, lo, hi);
    return *v != before;
}

// SameLine(), or a new line when an item `width` wide would not fit in the panel.
inline void same_line_or_wrap(float width, float indent = 0.0f) {
    ImGui::SameLine();
    if (ImGui::GetCursorPosX() + width > ImGui::GetWindowContentRegionMax().x) {
        ImGui::NewLine();
        if (indent > 0) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + indent);
    }
}

inline void label(const char* text, float column) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine(column);
}

}  // namespace umpire::app::util
