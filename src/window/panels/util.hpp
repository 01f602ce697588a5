// Small input helpers shared by the panels: string radio rows, combos and name checklists that
// wrap, each option with its own tooltip (option_tip, required), checkboxes with their tip,
// bounded integer fields; composed: a checklist under its heading (headed_checklist), a labelled
// integer field with its tip (labelled_int), a list's remove and "+ Add" (remove_then_add).
#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

#include "window/ui/widgets.hpp"

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
// A name's tooltip: what the option means, with its rule (from the system's choices view).
using NameTip = std::function<std::string(const std::string&)>;

// A panel's own option words and their tooltips, as a table: the tip of `name`, "" when the table
// has none (the tooltip then reports it missing, option_tip).
struct WordTip {
    const char* name;
    const char* tip;
};
template <std::size_t N>
NameTip tips_of(const WordTip (&table)[N]) {
    return [&table](const std::string& name) {
        for (const WordTip& t : table)
            if (name == t.name) return std::string(t.tip);
        return std::string();
    };
}

// The last item's own tooltip, shown on hover. Every option carries one (issue 13): an option
// drawn with an empty tip is reported under `where` (ui::untipped; the window tests fail on it).
inline void option_tip(const std::string& where, const std::string& text, const char* extra = nullptr) {
    if (text.empty()) ui::untipped(where);
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    if (!text.empty()) ImGui::TextUnformatted(text.c_str());
    if (extra) ImGui::TextDisabled("%s", extra);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}
inline std::string tip_of(const NameTip& item_tip, const std::string& name) { return item_tip ? item_tip(name) : std::string(); }

// A checkbox with its tooltip (what ticking it means, and its rule).
inline bool checkbox(const char* label, bool* v, const std::string& tip) {
    const bool changed = ImGui::Checkbox(label, v);
    option_tip(label, tip);
    return changed;
}

// Radio buttons over names, each shown in `say`'s words (none: the name) with its own tooltip
// `item_tip` (required: what the option means and its rule); wraps when the panel is narrow.
// Returns true on change.
inline bool radio_row(const char* id, std::string* value, const std::vector<std::string>& names, const Say& say,
                      const NameTip& item_tip) {
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
        option_tip(std::string(id) + "/" + names[i], tip_of(item_tip, names[i]));
    }
    ImGui::PopID();
    return changed;
}

// A combo over names: the preview is `preview` (none: the chosen name in `say`'s words), each item
// in `say`'s words with its own tooltip (required). Returns true on change.
inline bool combo(const char* id, std::string* value, const std::vector<std::string>& names, const Say& say,
                  const NameTip& item_tip, const std::string* preview = nullptr, ImGuiComboFlags flags = 0) {
    auto words = [&](const std::string& n) { return say ? say(n) : n; };
    // Closed, the items are not drawn: check their tips here so a missing one is found either way.
    for (const auto& n : names)
        if (tip_of(item_tip, n).empty()) ui::untipped(std::string(id) + "/" + n);
    bool changed = false;
    if (ImGui::BeginCombo(id, preview ? preview->c_str() : words(*value).c_str(), flags)) {
        for (const auto& n : names) {
            const bool selected = *value == n;
            if (ImGui::Selectable((words(n) + "###" + n).c_str(), selected) && !selected) {
                *value = n;
                changed = true;
            }
            if (selected) ImGui::SetItemDefaultFocus();
            option_tip(std::string(id) + "/" + n, tip_of(item_tip, n));
        }
        ImGui::EndCombo();
    }
    return changed;
}

// One checkbox per name, wrapping, each with its own tooltip `item_tip` (required); `selected`
// keeps the order of `names` (repeats together). With `repeats`, right-clicking a name adds or
// removes a further one (a second wood behind the first).
inline bool checklist(const char* id, std::vector<std::string>* selected, const std::vector<std::string>& names,
                      bool repeats, const NameTip& item_tip, const Say& say) {
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
        if (!ImGui::IsPopupOpen("##more"))
            option_tip(std::string(id) + "/" + names[i], tip_of(item_tip, names[i]),
                       repeats ? "Right-click: name another one (a separate feature)" : nullptr);
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

// A line of text (with its tooltip `tip`, when given) over a checklist of names (above).
inline bool headed_checklist(const char* heading, const char* tip, const char* id, std::vector<std::string>* selected,
                             const std::vector<std::string>& names, bool repeats, const NameTip& item_tip, const Say& say) {
    ImGui::TextUnformatted(heading);
    if (tip) ui::tip(tip);
    return checklist(id, selected, names, repeats, item_tip, say);
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

// The end of a list drawn row by row: the row whose "remove" was clicked (`remove`; -1: none)
// erased, then the button `add` (its tooltip `tip`) calling `add_row` (true when it added one).
// True when the list changed.
template <class T, class Add>
bool remove_then_add(std::vector<T>* list, int remove, const char* add, const char* tip, Add&& add_row) {
    bool changed = false;
    if (remove >= 0) {
        list->erase(list->begin() + remove);
        changed = true;
    }
    if (ImGui::Button(add)) changed |= add_row();
    ui::tip(tip);
    return changed;
}

// A labelled integer field (label() at `column`, then int_field()) with its tooltip `tip`.
inline bool labelled_int(const char* text, float column, const char* id, int* v, int lo, int hi, float width, const char* tip) {
    label(text, column);
    const bool changed = int_field(id, v, lo, hi, width);
    ui::tip(tip);
    return changed;
}

}  // namespace umpire::app::util
