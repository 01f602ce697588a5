// Small input helpers shared by the panels of the board and miniatures systems:
// string radio rows that wrap, name checklists that wrap, bounded integer fields.
#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

namespace umpire::app::util {

// Beside the last item when an item `w` wide still fits before `right` (window-local x), else at
// `start_x` on a new line. Decided before SameLine(): SameLine() then NewLine() would leave the
// line's end past the edge (the window would count it as content cut off).
inline void wrap_before(float w, float right, float start_x) {
    const float x_after = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX() + ImGui::GetStyle().ItemSpacing.x;
    if (x_after + w <= right) ImGui::SameLine();
    else ImGui::SetCursorPosX(start_x);
}

// How a name is shown: the game's words for a file's name ("line of sight" for "los"); none: the name.
using Say = std::function<std::string(const std::string&)>;
// A name's tooltip, e.g. the rule that decides it (from the system's choices view).
using NameTip = std::function<std::string(const std::string&)>;

// Radio buttons over names, each shown in `say`'s words; wraps when the panel is narrow. Returns
// true on change. `item_tip` (optional) gives each option its own tooltip (its rule).
inline bool radio_row(const char* id, std::string* value, const std::vector<std::string>& names, const Say& say = {},
                      const NameTip& item_tip = {}) {
    bool changed = false;
    ImGui::PushID(id);
    const float start_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string shown = (say ? say(names[i]) : names[i]) + "###" + names[i];
        if (i) {
            const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(shown.c_str(), nullptr, true).x;
            wrap_before(w, right, start_x);
        }
        if (ImGui::RadioButton(shown.c_str(), *value == names[i]) && *value != names[i]) {
            *value = names[i];
            changed = true;
        }
        if (item_tip && ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            ImGui::TextUnformatted(item_tip(names[i]).c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::PopID();
    return changed;
}

// One checkbox per name, wrapping; `selected` keeps the order of `names` (repeats together).
// With `repeats`, right-clicking a name adds or removes a further one (a second wood behind the first).
// `item_tip` (optional) gives each name's tooltip, e.g. the rule that decides it.
inline bool checklist(const char* id, std::vector<std::string>* selected, const std::vector<std::string>& names,
                      bool repeats = false, const NameTip& item_tip = {}, const Say& say = {}) {
    bool changed = false;
    ImGui::PushID(id);
    const float start_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        // A name may be given more than once (a second wood behind the first): keep the count and show it.
        const auto count = std::count(selected->begin(), selected->end(), names[i]);
        bool on = count > 0;
        const std::string word = say ? say(names[i]) : names[i];
        const std::string text = word + (count > 1 ? " \xc3\x97" + std::to_string(count) : std::string()) + "###" + names[i];
        if (i) {
            const float w = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                            ImGui::CalcTextSize(text.c_str(), nullptr, true).x;
            wrap_before(w, right, start_x);
        }
        ImGui::PushID(names[i].c_str());
        if (ImGui::Checkbox(text.c_str(), &on)) changed = true;
        std::ptrdiff_t n = on ? std::max<std::ptrdiff_t>(count, 1) : 0;
        if ((repeats || item_tip) && ImGui::IsItemHovered() && !ImGui::IsPopupOpen("##more")) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            if (item_tip) ImGui::TextUnformatted(item_tip(names[i]).c_str());
            if (repeats) ImGui::TextDisabled("Right-click: name another one (a separate feature)");
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        if (repeats) {
            if (ImGui::BeginPopupContextItem("##more")) {
                if (ImGui::MenuItem(("Another " + word).c_str())) ++n, changed = true;
                if (n > 0 && ImGui::MenuItem(("One " + word + " fewer").c_str())) --n, changed = true;
                ImGui::EndPopup();
            }
        }
        ImGui::PopID();
        for (std::ptrdiff_t k = 0; k < n; ++k) out.push_back(names[i]);
    }
    // Keep names the list does not offer (e.g. repeated features) so nothing is lost silently.
    for (const auto& s : *selected)
        if (std::find(names.begin(), names.end(), s) == names.end()) out.push_back(s);
    if (changed) *selected = out;
    ImGui::PopID();
    return changed;
}

// An integer field with -/+ buttons, clamped to lo..hi. A visible label ("side") is drawn after
// the buttons, outside the item width: the field is narrowed by it so the label is never cut off.
inline bool int_field(const char* label, int* v, int lo, int hi, float width) {
    const float label_w = ImGui::CalcTextSize(label, nullptr, true).x;
    const float label_room = label_w > 0.0f ? label_w + ImGui::GetStyle().ItemInnerSpacing.x : 0.0f;
    ImGui::SetNextItemWidth(std::min(width, ImGui::GetContentRegionAvail().x - label_room));
    const int before = *v;
    ImGui::InputInt(label, v);
    *v = std::clamp(*v, lo, hi);
    return *v != before;
}

// SameLine(), or a new line when an item `width` wide would not fit in the panel.
inline void same_line_or_wrap(float width, float indent = 0.0f) {
    wrap_before(width, ImGui::GetWindowContentRegionMax().x, ImGui::GetCursorPosX() + indent);
}

// The next item `width` wide, or narrower when the panel has less room left (never cut off).
inline void fit_width(float width) { ImGui::SetNextItemWidth(std::min(width, ImGui::GetContentRegionAvail().x)); }

// A label, then the input at x = `column`; on a panel too narrow for the label and an input of
// 6 characters beside it (or when the label is wider than the column), the input goes under it.
inline void label(const char* text, float column) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    const float right = ImGui::GetWindowContentRegionMax().x;
    const bool fits = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetStyle().ItemSpacing.x <= column &&
                      column + ImGui::GetFontSize() * 6.0f <= right;
    if (fits) ImGui::SameLine(column);
}

}  // namespace umpire::app::util
