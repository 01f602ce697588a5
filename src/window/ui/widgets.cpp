// Drawing helpers shared by every panel (see widgets.hpp).
//
// Sections
//   1. fonts, colours, tooltips, probe
//   2. boxes: verdict_banner, error_banner, referee_call_box, figure_card
//   3. lists: figure_table, explanation
//   4. results_grid, probability_bar
//   5. aspect_picker
//   6. the clipping check
//   7. text that keeps numbers whole, waking and settling, the wheel, probe values
#include "window/ui/widgets.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace umpire::app::ui {

// =====================================================================================
// 1. fonts, colours, tooltips, probe
// =====================================================================================

Fonts& fonts() {
    static Fonts f;
    return f;
}

// The palette (widgets.hpp): the one place a meaning gets its colour.
ImVec4 good() { return ImVec4(0.30f, 0.85f, 0.42f, 1.0f); }
ImVec4 bad() { return ImVec4(1.00f, 0.36f, 0.33f, 1.0f); }
ImVec4 referee_call() { return ImVec4(1.00f, 0.72f, 0.16f, 1.0f); }
ImVec4 lit() { return ImVec4(0.25f, 0.82f, 0.95f, 1.0f); }
ImVec4 neutral() { return ImVec4(0.72f, 0.74f, 0.80f, 1.0f); }
ImVec4 heading() { return ImVec4(0.55f, 0.72f, 1.0f, 1.0f); }
ImVec4 dim_text() { return ImVec4(0.62f, 0.64f, 0.70f, 1.0f); }
const char* const kOpenMark = "\xe2\x96\xb2";  // ▲

ImVec4 tone_colour(Tone t) {
    switch (t) {
        case Tone::good: return good();
        case Tone::bad: return bad();
        default: return neutral();  // "permitted but no roll can kill" is not a referee's call: not amber
    }
}
const char* tone_mark(Tone t) {
    switch (t) {
        case Tone::good: return "\xe2\x9c\x94";  // ✔
        case Tone::bad: return "\xe2\x9c\x96";   // ✖
        default: return "\xe2\x97\x8f";          // ●
    }
}

namespace {
ImVec4 darken(ImVec4 c, float k) { return ImVec4(c.x * k, c.y * k, c.z * k, 1.0f); }

struct CanvasLabel {
    std::string text;
    ImVec4 rect, canvas;
};

struct ProbeState {
    bool on = false;
    std::map<std::string, ImVec4> rects;
    std::map<std::string, std::string> values;  // probe_value
    std::vector<CanvasLabel> labels;            // note_label: checked by clipped_items
    std::vector<ImGuiID> text_boxes;  // multi-line text fields drawn this frame (text_box_drawn)
    std::set<std::string> untipped;   // options drawn this frame without a tooltip
    std::string focused;              // the probed item with the keyboard focus this frame
};
ProbeState& probe_state() {
    static ProbeState p;
    return p;
}

// Draws a filled, bordered box behind whatever `body` draws (channels: body first,
// then the box under it, so the box fits the content's real height).
template <class F> void boxed(ImVec4 fill, ImVec4 border, float width, F&& body) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImGuiStyle& st = ImGui::GetStyle();
    const float pad = st.FramePadding.x * 1.5f;
    dl->ChannelsSplit(2);
    dl->ChannelsSetCurrent(1);
    const ImVec2 start = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(start.x + pad, start.y + pad));
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2 * pad);
    body();
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    const ImVec2 end(start.x + width, ImGui::GetItemRectMax().y + pad);
    dl->ChannelsSetCurrent(0);
    dl->AddRectFilled(start, end, ImGui::GetColorU32(fill), st.FrameRounding + 2);
    dl->AddRect(start, end, ImGui::GetColorU32(border), st.FrameRounding + 2, 0, 1.5f);
    dl->ChannelsMerge();
    ImGui::SetCursorScreenPos(start);
    ImGui::Dummy(ImVec2(width, end.y - start.y));
}
}  // namespace

void tip(const char* text) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}
void tip(const std::string& text) { tip(text.c_str()); }

void probe(const char* name) {
    if (!probe_state().on) return;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    probe_state().rects[name] = ImVec4(a.x, a.y, b.x, b.y);
    // The keyboard's place: the item keyboard navigation is on, or the field being edited.
    if (ImGui::IsItemFocused() || ImGui::IsItemActive()) probe_state().focused = name;
}
void probe_rect(const std::string& name, ImVec2 min, ImVec2 max) {
    if (probe_state().on) probe_state().rects[name] = ImVec4(min.x, min.y, max.x, max.y);
}
void set_probing(bool on) { probe_state().on = on; }
bool probing() { return probe_state().on; }
const std::map<std::string, ImVec4>& probed() { return probe_state().rects; }
void clear_probed() {
    probe_state().rects.clear();
    probe_state().values.clear();
    probe_state().labels.clear();
    probe_state().text_boxes.clear();
    probe_state().untipped.clear();
    probe_state().focused.clear();
}
const std::string& focused_probe() { return probe_state().focused; }
void untipped(const std::string& where) { probe_state().untipped.insert(where); }
const std::set<std::string>& untipped_items() { return probe_state().untipped; }
void text_box_drawn() { probe_state().text_boxes.push_back(ImGui::GetItemID()); }

void same_line_if_fits(float width) {
    const float x_after = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (x_after + width <= right) ImGui::SameLine();
}

float checkbox_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}

void wrapped(ImVec4 colour, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", unbreakable(text).c_str());
    ImGui::PopStyleColor();
}

void text(const std::string& text) { ImGui::TextWrapped("%s", unbreakable(text).c_str()); }

void section(const char* title) {
    ImGui::Spacing();
    if (fonts().bold) ImGui::PushFont(fonts().bold);
    ImGui::PushStyleColor(ImGuiCol_Text, heading());
    ImGui::TextWrapped("%s", title);
    ImGui::PopStyleColor();
    if (fonts().bold) ImGui::PopFont();
    ImGui::Separator();
}

// =====================================================================================
// 2. boxes
// =====================================================================================

namespace {
// The largest of the verdict fonts whose wrapped `text` fits `max_height` in `width` (a small
// window at 200 % still leaves room for the ruling under it).
ImFont* fitting_font(const std::string& text, float width, float max_height) {
    ImFont* f = nullptr;
    for (ImFont* cand : {fonts().verdict, fonts().big, fonts().bold}) {
        if (!cand) continue;
        f = cand;
        const float wrap = width - ImGui::GetStyle().FramePadding.x * 3.0f;
        const float hgt = cand->CalcTextSizeA(cand->FontSize, FLT_MAX, std::max(1.0f, wrap), text.c_str()).y;
        if (max_height <= 0 || hgt <= max_height) break;
    }
    return f;
}

// A bullet in `c`, then `text` wrapped beside it.
void bullet_line(ImVec4 c, const std::string& text) {
    ImGui::TextColored(c, " \xe2\x80\xa2");
    ImGui::SameLine();
    ui::text(text);
}
}  // namespace

namespace {
std::size_t g_reasons_shown = 0;  // verdict_banner's reasons shown, for reasons_in_banner()
}  // namespace

std::size_t reasons_in_banner() { return g_reasons_shown; }

void verdict_banner(const Ruling& r, float max_height, const std::vector<std::string>& other_outcomes) {
    // A referee's call is amber with its mark and words in the banner itself (the outcome as ruled,
    // then the other reading's), never a green or red verdict with the call only further down.
    const bool call = r.referee_call;
    const ImVec4 c = call ? referee_call() : tone_colour(r.tone);
    // The mark first, so the verdict reads without its colour too.
    const std::string text = call ? std::string(kOpenMark) + " REFEREE'S CALL \xe2\x80\x94 " + r.verdict
                                  : std::string(tone_mark(r.tone)) + " " + r.verdict;
    const float width = ImGui::GetContentRegionAvail().x;
    ImFont* f = fitting_font(text, width, max_height);
    boxed(darken(c, 0.22f), c, width, [&] {
        if (f) ImGui::PushFont(f);
        ImGui::PushStyleColor(ImGuiCol_Text, c);
        ImGui::TextWrapped("%s", unbreakable(text).c_str());
        ImGui::PopStyleColor();
        if (f) ImGui::PopFont();
        if (!r.detail.empty()) ui::text(r.detail);
        g_reasons_shown = 0;
        if (!call) return;
        for (const auto& o : other_outcomes) bullet_line(c, "Read the other way: " + o);
        // The reasons that fit (each names both outcomes where the ruling gives them); the rest below.
        const float wrap = std::max(1.0f, width - ImGui::GetStyle().FramePadding.x * 3.0f - ImGui::CalcTextSize(" \xe2\x80\xa2 ").x);
        float used = 0;
        for (const auto& why : r.referee_reasons) {
            used += ImGui::CalcTextSize(unbreakable(why).c_str(), nullptr, false, wrap).y + ImGui::GetStyle().ItemSpacing.y;
            if (max_height > 0 && used > max_height * 1.2f) break;
            bullet_line(c, why);
            ++g_reasons_shown;
        }
        if (g_reasons_shown < r.referee_reasons.size())
            wrapped(dim_text(), (g_reasons_shown ? "and " + std::to_string(r.referee_reasons.size() - g_reasons_shown) + " more" : std::string("Why")) +
                                    " under \"REFEREE'S CALL\" below");
    });
    tip(call                  ? std::string(kOpenMark) + " amber: a referee's call. The rules as written leave this open; the verdict is "
                                                         "Umpire's documented reading (rules-data [choices]) and the referee may rule the other way."
        : r.tone == Tone::good ? std::string("\xe2\x9c\x94 green: fire is permitted and a roll can kill.")
        : r.tone == Tone::bad  ? std::string("\xe2\x9c\x96 red: blocked or not permitted.")
                               : std::string("\xe2\x97\x8f grey: permitted, but no roll can change anything."));
    probe("verdict");
}

void waiting_banner(const std::string& title, const std::string& what) {
    const ImVec4 c = neutral();
    const std::string text = std::string(tone_mark(Tone::neutral)) + " " + title;
    boxed(darken(c, 0.22f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().big) ImGui::PushFont(fonts().big);
        ImGui::TextColored(c, "%s", text.c_str());
        if (fonts().big) ImGui::PopFont();
        ui::text(what);
    });
    probe("verdict");
}

void error_banner(const char* title, const std::vector<std::string>& lines, ImVec4 c) {
    boxed(darken(c, 0.22f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().big) ImGui::PushFont(fonts().big);
        ImGui::TextColored(c, "%s", title);
        if (fonts().big) ImGui::PopFont();
        for (const auto& l : lines) ui::text(l);
    });
}

void referee_call_box(const std::vector<std::string>& reasons) {
    const ImVec4 c = referee_call();
    boxed(darken(c, 0.20f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        ImGui::TextColored(c, "%s REFEREE'S CALL", kOpenMark);
        if (fonts().bold) ImGui::PopFont();
        ImGui::PushStyleColor(ImGuiCol_Text, c);  // wraps: a long line must not run off a narrow side
        ImGui::TextWrapped("the rules as written leave this open; the ruling follows Umpire's documented reading:");
        ImGui::PopStyleColor();
        for (const auto& why : reasons) bullet_line(c, why);
    });
    tip("A referee's call: the rules text does not settle this case. The ruling shown is the reading "
        "recorded in rules-data [choices]; the referee may rule otherwise.");
    probe("referee_call");
}

void figure_card(const Figure& f, float width) {
    const ImVec4 edge(0.40f, 0.44f, 0.52f, 1.0f);
    const float right = ImGui::GetCursorScreenPos().x + width - ImGui::GetStyle().FramePadding.x * 1.5f;
    boxed(ImVec4(0.13f, 0.14f, 0.17f, 1.0f), edge, width, [&] {
        ImGui::PushStyleColor(ImGuiCol_Text, dim_text());
        ui::text(f.label);
        ImGui::PopStyleColor();
        if (fonts().big) ImGui::PushFont(fonts().big);
        ui::text(f.value);
        if (fonts().big) ImGui::PopFont();
        if (!f.rule.empty()) {
            // Beside the value when it fits in the card, else under it.
            const float rule_w = ImGui::CalcTextSize(("[" + f.rule + "]").c_str()).x;
            if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + rule_w <= right) ImGui::SameLine();
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ImGui::GetStyle().FramePadding.y);
            ImGui::TextColored(dim_text(), "[%s]", f.rule.c_str());
        }
    });
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::Text("%s: %s", f.label.c_str(), f.value.c_str());
        if (!f.breakdown.empty()) ImGui::TextUnformatted(f.breakdown.c_str());
        if (!f.rule.empty()) ImGui::TextColored(dim_text(), "Rule %s", f.rule.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// =====================================================================================
// 3. lists
// =====================================================================================

void figure_table(const char* id, const std::vector<Figure>& figures, const std::vector<std::string>& skip) {
    // Label and rule columns fit their longest text, so ids like "GF9-escarpments" are never clipped.
    float label_w = 0, rule_w = 0;
    for (const auto& f : figures) {
        label_w = std::max(label_w, ImGui::CalcTextSize(f.label.c_str()).x);
        rule_w = std::max(rule_w, ImGui::CalcTextSize(f.rule.c_str()).x);
    }
    if (label_w + rule_w + ImGui::GetFontSize() * 8.0f > ImGui::GetContentRegionAvail().x) {
        figure_list(figures, skip);  // too narrow for three columns: each figure on its own lines
        return;
    }
    if (!ImGui::BeginTable(id, 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, label_w + ImGui::GetFontSize());
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed, rule_w + ImGui::GetFontSize() * 0.5f);
    for (const auto& f : figures) {
        bool skipped = false;
        for (const auto& s : skip) skipped |= s == f.label;
        if (skipped) continue;
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextColored(dim_text(), "%s", f.label.c_str());
        ImGui::TableSetColumnIndex(1);
        ui::text(f.value);
        if (!f.breakdown.empty()) tip(f.label + ": " + f.value + "\n" + f.breakdown + (f.rule.empty() ? "" : "\nRule " + f.rule));
        ImGui::TableSetColumnIndex(2);
        if (!f.rule.empty()) {
            ImGui::TextColored(dim_text(), "%s", f.rule.c_str());
            tip("Rule " + f.rule);
        }
    }
    ImGui::EndTable();
}

// The narrow form of figure_table: label and rule on one line (wrapping), the value under them.
void figure_list(const std::vector<Figure>& figures, const std::vector<std::string>& skip) {
    int n = 0;
    for (const auto& f : figures) {
        if (std::find(skip.begin(), skip.end(), f.label) != skip.end()) continue;
        ImGui::PushID(n++);
        ImGui::BeginGroup();
        ImGui::PushStyleColor(ImGuiCol_Text, dim_text());
        ui::text(f.label + (f.rule.empty() ? "" : "  [" + f.rule + "]"));
        ImGui::PopStyleColor();
        ImGui::Indent();
        ui::text(f.value);
        ImGui::Unindent();
        ImGui::EndGroup();
        ImGui::PopID();
        if (!f.breakdown.empty() || !f.rule.empty())
            tip(f.label + ": " + f.value + (f.breakdown.empty() ? "" : "\n" + f.breakdown) + (f.rule.empty() ? "" : "\nRule " + f.rule));
    }
}

void figure_chips(const std::vector<Figure>& figures, const std::vector<std::string>& skip) {
    const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    const float gap = ImGui::GetFontSize() * 1.2f;
    bool first = true;
    int n = 0;
    for (const auto& f : figures) {
        bool skipped = false;
        for (const auto& s : skip) skipped |= s == f.label;
        if (skipped) continue;
        const std::string rule = f.rule.empty() ? "" : "[" + f.rule + "]";
        const float sp = ImGui::GetStyle().ItemSpacing.x;
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        const float vw = ImGui::CalcTextSize(f.value.c_str()).x;
        if (fonts().bold) ImGui::PopFont();
        const float w = ImGui::CalcTextSize(f.label.c_str()).x + vw + ImGui::CalcTextSize(rule.c_str()).x + 2 * sp;
        // Beside the previous chip only when it fits (deciding first: a SameLine() then NewLine()
        // would leave the line's end past the right edge).
        if (!first && ImGui::GetItemRectMax().x + gap + w <= right) ImGui::SameLine(0, gap);
        first = false;
        ImGui::PushID(n++);
        if (w > right - ImGui::GetCursorScreenPos().x) {
            // Wider than the whole line (a narrow side): one wrapped line of text instead.
            ui::text(f.label + " " + f.value + " " + rule);
            ImGui::PopID();
            tip(f.label + ": " + f.value + (f.breakdown.empty() ? "" : "\n" + f.breakdown) + (f.rule.empty() ? "" : "\nRule " + f.rule));
            continue;
        }
        ImGui::BeginGroup();
        ImGui::TextColored(dim_text(), "%s", f.label.c_str());
        ImGui::SameLine();
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        ImGui::TextUnformatted(f.value.c_str());
        if (fonts().bold) ImGui::PopFont();
        if (!rule.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(dim_text(), "%s", rule.c_str());
        }
        ImGui::EndGroup();
        ImGui::PopID();
        tip(f.label + ": " + f.value + (f.breakdown.empty() ? "" : "\n" + f.breakdown) + (f.rule.empty() ? "" : "\nRule " + f.rule));
    }
}

void explanation(const std::vector<Step>& steps, const char* system_title) {
    if (!ImGui::BeginTable("##explanation", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
    ImGui::TableSetupColumn("rule", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& s : steps) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        ImGui::TextColored(heading(), "%s", s.rule.c_str());
        if (fonts().bold) ImGui::PopFont();
        tip(std::string("Rule ") + s.rule + " of " + system_title);
        ImGui::TableSetColumnIndex(1);
        ui::text(s.text);
    }
    ImGui::EndTable();
}

// =====================================================================================
// 4. results_grid, probability_bar
// =====================================================================================

// Each column as wide as its widest text (bold: the lit cells are). When the whole grid does
// not fit the side, it keeps those widths and scrolls sideways with a visible scrollbar instead
// of cutting cells off (800x600, 200 % text).
void results_grid(const Grid& g) {
    const int ncol = int(g.columns.size()) + 1;
    const ImGuiStyle& st = ImGui::GetStyle();
    std::vector<float> need(std::size_t(ncol), 0.0f);
    if (fonts().bold) ImGui::PushFont(fonts().bold);
    auto widen = [&](int c, const std::string& s) { need[std::size_t(c)] = std::max(need[std::size_t(c)], ImGui::CalcTextSize(s.c_str()).x); };
    widen(0, g.corner);
    for (int c = 1; c < ncol; ++c) widen(c, g.columns[std::size_t(c - 1)]);
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        widen(0, g.rows[r]);
        for (int c = 1; c < ncol && std::size_t(c - 1) < g.cells[r].size(); ++c) widen(c, g.cells[r][std::size_t(c - 1)]);
    }
    if (fonts().bold) ImGui::PopFont();
    float total = 0;
    for (float& w : need) {
        w += st.CellPadding.x * 2.0f;  // TableSetupColumn widths exclude the padding
        total += w + 1.0f;             // and the border between columns
    }
    ImGuiTableFlags flags = ImGuiTableFlags_Borders;
    ImVec2 outer(0, 0);
    const bool scroll = fit_or_scroll_table(total, g.rows.size(), &flags, &outer);
    if (!ImGui::BeginTable(g.id.c_str(), ncol, flags, outer)) return;
    if (scroll) ImGui::TableSetupScrollFreeze(1, 0);  // the row labels stay in view while it scrolls
    for (int c = 0; c < ncol; ++c) {
        const char* name = c == 0 ? g.corner.c_str() : g.columns[std::size_t(c - 1)].c_str();
        const float w = need[std::size_t(c)] - st.CellPadding.x * 2.0f;
        if (scroll || c == 0) ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthFixed, w);
        else ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, w);  // weights: never below their text
    }

    // The ruling's row and column in the lit colour (cyan); their crossing filled, bold and outlined.
    const ImVec4 l = lit();
    const ImU32 lit_line = ImGui::GetColorU32(ImVec4(l.x * 0.28f, l.y * 0.28f, l.z * 0.28f, 1.0f));
    const ImU32 lit_cell = ImGui::GetColorU32(l);
    const ImU32 header_bg = ImGui::GetColorU32(ImVec4(0.20f, 0.22f, 0.27f, 1.0f));
    const ImU32 outline = ImGui::GetColorU32(ImVec4(1, 1, 1, 1));

    auto centred = [](const std::string& s) {
        const float w = ImGui::CalcTextSize(s.c_str()).x;
        const float avail = ImGui::GetContentRegionAvail().x;
        if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail - w) * 0.5f);
        ImGui::TextUnformatted(s.c_str());
    };
    auto outline_cell = [&](int c) {
        ImGuiTable* t = ImGui::GetCurrentTable();
        const ImRect r = ImGui::TableGetCellBgRect(t, c);
        ImGui::GetWindowDrawList()->AddRect(ImVec2(r.Min.x + 1, r.Min.y + 1), ImVec2(r.Max.x - 1, r.Max.y - 1), outline, 0.0f, 0, 2.0f);
    };
    auto cell = [&](const std::string& s, bool filled, bool bold) {
        if (filled) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.03f, 0.05f, 0.08f, 1.0f));
        if (bold && fonts().bold) ImGui::PushFont(fonts().bold);
        centred(s);
        if (bold && fonts().bold) ImGui::PopFont();
        if (filled) ImGui::PopStyleColor();
    };

    // Header row, lit column header included.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < ncol; ++c) {
        ImGui::TableSetColumnIndex(c);
        const bool lit_here = c > 0 && g.lit_column && *g.lit_column == c - 1;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_here ? lit_cell : header_bg);
        cell(c == 0 ? g.corner : g.columns[std::size_t(c - 1)], lit_here, true);
        if (lit_here) outline_cell(c);
        if (lit_here && scroll) {
            // A grid that scrolls sideways brings the lit column into view when it changes (not
            // every frame: the referee may scroll away from it).
            static std::map<std::string, int> shown;
            auto it = shown.find(g.id);
            if (it == shown.end() || it->second != c) {
                ImGui::SetScrollHereX(0.5f);
                shown[g.id] = c;
            }
        }
        if (c > 0 && !g.column_tip.empty()) tip(g.column_tip + (lit_here ? "\n(lit: the column the ruling used)" : ""));
    }
    for (int r = 0; r < int(g.rows.size()); ++r) {
        ImGui::TableNextRow();
        const bool row_lit = g.lit_row && *g.lit_row == r;
        for (int c = 0; c < ncol; ++c) {
            ImGui::TableSetColumnIndex(c);
            const bool col_lit = c > 0 && g.lit_column && *g.lit_column == c - 1;
            const bool hit = row_lit && col_lit;
            const bool filled = hit || (row_lit && c == 0);
            if (filled) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_cell);
            else if (row_lit || col_lit) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_line);
            else if (c == 0) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, header_bg);
            const std::size_t ci = std::size_t(c - 1);
            const std::string& s = c == 0 ? g.rows[std::size_t(r)] : (ci < g.cells[std::size_t(r)].size() ? g.cells[std::size_t(r)][ci] : std::string());
            cell(s, filled, c == 0 || row_lit || col_lit);
            if (filled) outline_cell(c);
            if (hit) tip("The cell the ruling used: row " + g.rows[std::size_t(r)] + ", column " + g.columns[ci] + ".");
        }
    }
    ImGui::EndTable();
}

void probability_bar(double p, const std::string& label) {
    const float h = ImGui::GetFrameHeight() * 1.3f;
    const ImVec2 a = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton("##probability", ImVec2(w, h));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 b(a.x + w, a.y + h);
    const float round = ImGui::GetStyle().FrameRounding;
    dl->AddRectFilled(a, b, ImGui::GetColorU32(ImVec4(0.16f, 0.17f, 0.20f, 1.0f)), round);
    const float frac = float(std::fmin(1.0, std::fmax(0.0, p)));
    if (frac > 0)
        dl->AddRectFilled(a, ImVec2(a.x + w * frac, b.y), ImGui::GetColorU32(ImVec4(0.22f, 0.62f, 0.32f, 1.0f)), round);
    // Sixths of the die: faint ticks help read a d6 probability at a glance.
    for (int i = 1; i < 6; ++i) {
        const float x = a.x + w * float(i) / 6.0f;
        dl->AddLine(ImVec2(x, a.y), ImVec2(x, a.y + h * 0.25f), ImGui::GetColorU32(ImVec4(1, 1, 1, 0.35f)));
    }
    dl->AddRect(a, b, ImGui::GetColorU32(ImVec4(0.45f, 0.48f, 0.55f, 1.0f)), round);
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    dl->AddText(ImVec2(a.x + (w - ts.x) * 0.5f, a.y + (h - ts.y) * 0.5f), ImGui::GetColorU32(ImGuiCol_Text), label.c_str());
}

// =====================================================================================
// 5. aspect_picker
// =====================================================================================

namespace {
constexpr float kPi = 3.14159265358979f;
float rad(float deg) { return deg * kPi / 180.0f; }

// Sector of a bearing measured clockwise from the target's facing, in degrees.
int sector_of(float bearing, float front, float rear) {
    bearing = std::fmod(std::fmod(bearing, 360.0f) + 360.0f, 360.0f);
    const float off = bearing > 180.0f ? 360.0f - bearing : bearing;  // 0 ahead .. 180 behind
    if (off <= front * 0.5f) return 0;
    if (off >= 180.0f - rear * 0.5f) return 2;
    return 1;
}
}  // namespace

bool aspect_picker(const char* id, int* aspect, float front, float rear, float size) {
    ImGui::PushID(id);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##aspect", ImVec2(size, size));
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 c(p0.x + size * 0.5f, p0.y + size * 0.5f);
    const float R = size * 0.48f;
    const float counter = size * 0.15f;  // half side of the target counter

    int hover_sector = -1;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const float dx = m.x - c.x, dy = m.y - c.y;
    const float dist = std::sqrt(dx * dx + dy * dy);
    if (hovered && dist > counter && dist <= R * 1.02f) {
        // Screen angle from "up", clockwise (y grows downwards).
        const float bearing = std::atan2(dx, -dy) * 180.0f / kPi;
        hover_sector = sector_of(bearing, front, rear);
    }
    bool changed = false;
    if (hover_sector >= 0 && ImGui::IsItemClicked(ImGuiMouseButton_Left) && hover_sector != *aspect) {
        *aspect = hover_sector;
        changed = true;
    }

    ImDrawList* dl = ImGui::GetWindowDrawList();
    // Sectors in greys (an aspect is neither good nor bad); the chosen one in the lit colour,
    // outlined in white, its label dark: the choice reads without colour too.
    const float grey[3] = {0.36f, 0.28f, 0.22f};
    // The four sectors as bearing intervals (degrees clockwise from the facing).
    struct Arc { float from, to; int sector; };
    const Arc arcs[4] = {{-front * 0.5f, front * 0.5f, 0},
                         {front * 0.5f, 180.0f - rear * 0.5f, 1},
                         {180.0f - rear * 0.5f, 180.0f + rear * 0.5f, 2},
                         {180.0f + rear * 0.5f, 360.0f - front * 0.5f, 1}};
    for (const Arc& a : arcs) {
        const bool sel = a.sector == *aspect, hov = a.sector == hover_sector;
        const float k = grey[a.sector] + (hov && !sel ? 0.14f : 0.0f);
        const ImU32 col = ImGui::GetColorU32(sel ? lit() : ImVec4(k, k, k * 1.12f, 1.0f));
        // Pie slices of at most 60 degrees stay convex whatever the data's widths.
        const int pieces = std::max(1, int(std::ceil((a.to - a.from) / 60.0f)));
        for (int i = 0; i < pieces; ++i) {
            const float f0 = a.from + (a.to - a.from) * float(i) / float(pieces);
            const float f1 = a.from + (a.to - a.from) * float(i + 1) / float(pieces);
            dl->PathLineTo(c);
            dl->PathArcTo(c, R, rad(f0 - 90.0f), rad(f1 - 90.0f), 16);
            dl->PathFillConvex(col);
        }
        // Boundary line.
        const float t = rad(a.from - 90.0f);
        dl->AddLine(c, ImVec2(c.x + std::cos(t) * R, c.y + std::sin(t) * R), ImGui::GetColorU32(ImVec4(0.1f, 0.1f, 0.12f, 1)), 2.0f);
        // Label in the middle of the arc.
        const char* name = a.sector == 0 ? "FRONT" : a.sector == 1 ? "SIDE" : "REAR";
        const float mid = rad((a.from + a.to) * 0.5f - 90.0f);
        const float lr = (a.sector == 1) ? R * 0.66f : R * 0.72f;
        const ImVec2 ts = ImGui::CalcTextSize(name);
        const ImVec2 at(c.x + std::cos(mid) * lr - ts.x * 0.5f, c.y + std::sin(mid) * lr - ts.y * 0.5f);
        dl->AddText(at, ImGui::GetColorU32(sel ? ImVec4(0.05f, 0.05f, 0.05f, 1) : ImVec4(0.92f, 0.92f, 0.92f, 1)), name);
    }
    dl->AddCircle(c, R, ImGui::GetColorU32(ImVec4(0.55f, 0.58f, 0.65f, 1)), 48, 1.5f);
    // The chosen aspect's outline, so the choice reads without colour too.
    for (const Arc& a : arcs) {
        if (a.sector != *aspect) continue;
        dl->PathLineTo(c);
        dl->PathArcTo(c, R, rad(a.from - 90.0f), rad(a.to - 90.0f), 24);
        dl->PathStroke(ImGui::GetColorU32(ImVec4(1, 1, 1, 1)), ImDrawFlags_Closed, 2.5f);
    }

    // The target counter: a square with a tank drawn facing up.
    const ImU32 olive = ImGui::GetColorU32(ImVec4(0.42f, 0.45f, 0.30f, 1));
    const ImU32 ink = ImGui::GetColorU32(ImVec4(0.08f, 0.08f, 0.06f, 1));
    dl->AddRectFilled(ImVec2(c.x - counter, c.y - counter), ImVec2(c.x + counter, c.y + counter), olive, 3.0f);
    dl->AddRect(ImVec2(c.x - counter, c.y - counter), ImVec2(c.x + counter, c.y + counter), ink, 3.0f, 0, 1.5f);
    const float hw = counter * 0.42f, hh = counter * 0.62f;
    dl->AddRect(ImVec2(c.x - hw, c.y - hh * 0.6f), ImVec2(c.x + hw, c.y + hh), ink, 1.0f, 0, 1.5f);  // hull
    dl->AddCircleFilled(ImVec2(c.x, c.y + hh * 0.15f), hw * 0.6f, ink, 16);                          // turret
    dl->AddLine(ImVec2(c.x, c.y + hh * 0.15f), ImVec2(c.x, c.y - counter * 0.95f), ink, 2.5f);       // gun: the facing

    if (hover_sector >= 0) {
        ImGui::BeginTooltip();
        ImGui::Text("Firer in the target's %s aspect: click to choose",
                    hover_sector == 0 ? "front" : hover_sector == 1 ? "side" : "rear");
        ImGui::EndTooltip();
    }
    ImGui::PopID();
    return changed;
}

// =====================================================================================
// 6. the clipping check
// =====================================================================================

namespace {
std::string rect_text(float x0, float y0, float x1, float y1) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.0f,%.0f-%.0f,%.0f", double(x0), double(y0), double(x1), double(y1));
    return buf;
}
bool skipped_window(const ImGuiWindow* w) {
    // Tooltips and popups size themselves to their content; hidden windows drew nothing; the
    // menu bar lays its items out its own way (it is checked by its text, below).
    return !w->Active || w->Hidden || (w->Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup));
}
// The window's own clip rectangle, as Begin() makes InnerClipRect but not cut by its parents
// (a child partly scrolled out of its parent's view is not clipped content).
ImRect own_clip(const ImGuiWindow* w) {
    const float px = std::max(std::floor(w->WindowPadding.x * 0.5f), w->WindowBorderSize);
    return ImRect(std::floor(0.5f + w->InnerRect.Min.x + px), std::floor(0.5f + w->InnerRect.Min.y + w->WindowBorderSize),
                  std::floor(0.5f + w->InnerRect.Max.x - px), std::floor(0.5f + w->InnerRect.Max.y - w->WindowBorderSize));
}
// Whether `w` or a window it sits in scrolls along x (or y): content cut there can be scrolled to.
bool scrolls(const ImGuiWindow* w, bool x) {
    for (; w; w = w->ParentWindow)
        if (x ? w->ScrollbarX : w->ScrollbarY) return true;
    return false;
}
}  // namespace

std::vector<std::string> clipped_items(const ImDrawData* draw_data) {
    std::vector<std::string> out;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const float slack = 1.0f;  // sub-pixel rounding is not clipping

    // 1. Windows: content wider than a window without a horizontal scrollbar, or taller than one
    //    without a vertical scrollbar (CursorMaxPos is this frame's furthest item edge).
    for (ImGuiWindow* w : g.Windows) {
        if (skipped_window(w) || w->LastFrameActive != g.FrameCount || (w->Flags & ImGuiWindowFlags_MenuBar)) continue;
        const auto& boxes = probe_state().text_boxes;
        if (std::find(boxes.begin(), boxes.end(), w->ChildId) != boxes.end()) continue;
        const ImRect clip = own_clip(w);
        const ImVec2 m = w->DC.CursorMaxPos;
        if (!w->ScrollbarX && m.x > clip.Max.x + slack)
            out.push_back(std::string(w->Name) + ": content reaches x=" + std::to_string(int(m.x)) + ", past its right edge at x=" +
                          std::to_string(int(clip.Max.x)) + " (no horizontal scrollbar)");
        if (!w->ScrollbarY && m.y > clip.Max.y + slack)
            out.push_back(std::string(w->Name) + ": content reaches y=" + std::to_string(int(m.y)) + ", past its bottom edge at y=" +
                          std::to_string(int(clip.Max.y)) + " (no vertical scrollbar)");
    }
    // 1b. Windows of their own (the shortcuts list, dialogs) that run off the screen.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    for (ImGuiWindow* w : g.Windows) {
        if (!w->Active || w->Hidden || w->LastFrameActive != g.FrameCount || (w->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip)))
            continue;
        const ImVec2 lo = w->Pos, hi{w->Pos.x + w->Size.x, w->Pos.y + w->Size.y};
        if (lo.x < vp->Pos.x - slack || lo.y < vp->Pos.y - slack || hi.x > vp->Pos.x + vp->Size.x + slack || hi.y > vp->Pos.y + vp->Size.y + slack)
            out.push_back(std::string(w->Name) + ": the window at " + rect_text(lo.x, lo.y, hi.x, hi.y) + " runs off the screen " +
                          rect_text(vp->Pos.x, vp->Pos.y, vp->Pos.x + vp->Size.x, vp->Pos.y + vp->Size.y));
    }
    // 1c. Labels drawn on a canvas (note_label): wholly inside it, none covering another.
    const auto& labels = probe_state().labels;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const ImVec4 r = labels[i].rect, c = labels[i].canvas;
        if (r.x < c.x - slack || r.y < c.y - slack || r.z > c.z + slack || r.w > c.w + slack)
            out.push_back("label \"" + labels[i].text + "\" at " + rect_text(r.x, r.y, r.z, r.w) + " leaves its canvas " + rect_text(c.x, c.y, c.z, c.w));
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            const ImVec4 q = labels[j].rect;
            if (labels[j].canvas.x != c.x || labels[j].canvas.y != c.y) continue;
            const bool overlap = r.x < q.z - slack && q.x < r.z - slack && r.y < q.w - slack && q.y < r.w - slack;
            if (overlap)
                out.push_back("label \"" + labels[i].text + "\" at " + rect_text(r.x, r.y, r.z, r.w) + " covers label \"" + labels[j].text +
                              "\" at " + rect_text(q.x, q.y, q.z, q.w));
        }
    }
    // 2. Table cells wider than their column (a cut-off results-table cell).
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
        ImGuiTable* t = g.Tables.TryGetMapData(n);
        if (!t || t->LastFrameActive != g.FrameCount || !t->InnerWindow || skipped_window(t->InnerWindow)) continue;
        for (int c = 0; c < t->ColumnsCount; ++c) {
            const ImGuiTableColumn& col = t->Columns[c];
            if (!col.IsEnabled) continue;
            const float used = std::max({col.ContentMaxXFrozen, col.ContentMaxXUnfrozen, col.ContentMaxXHeadersUsed});
            if (used > col.MaxX + slack)
                out.push_back(std::string(t->InnerWindow->Name) + ": table column " + std::to_string(c) + " needs x=" +
                              std::to_string(int(used)) + " but ends at x=" + std::to_string(int(col.MaxX)));
        }
    }
    // 3. Glyphs across the edge of their clip rectangle (text drawn straight into a draw list).
    //    Glyphs are the vertices not at the font atlas's white pixel (shapes use that one).
    if (!draw_data) return out;
    const ImVec2 white = g.IO.Fonts->TexUvWhitePixel;
    // Anti-aliased lines also sample the atlas (its baked line strip): not text.
    ImRect line_uv(FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX);
    for (const ImVec4& u : g.IO.Fonts->TexUvLines) {
        line_uv.Add(ImVec2(u.x, u.y));
        line_uv.Add(ImVec2(u.z, u.w));
    }
    line_uv.Expand(1e-4f);
    for (int i = 0; i < draw_data->CmdListsCount; ++i) {
        const ImDrawList* dl = draw_data->CmdLists[i];
        const ImGuiWindow* owner = nullptr;
        for (ImGuiWindow* w : g.Windows)
            if (w->DrawList == dl) owner = w;
        if (!owner || skipped_window(owner)) continue;
        const bool sx = scrolls(owner, true), sy = scrolls(owner, false);
        for (const ImDrawCmd& cmd : dl->CmdBuffer) {
            // Only the font atlas holds glyphs: a picture (the board's underlay texture) is cut by
            // its canvas on purpose.
            if (cmd.UserCallback || cmd.TextureId != g.IO.Fonts->TexID) continue;
            const ImVec4 cr = cmd.ClipRect;
            float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
            for (unsigned k = 0; k < cmd.ElemCount; ++k) {
                const ImDrawVert& v = dl->VtxBuffer[int(cmd.VtxOffset + dl->IdxBuffer[int(cmd.IdxOffset + k)])];
                if ((v.uv.x == white.x && v.uv.y == white.y) || line_uv.Contains(v.uv)) continue;
                const bool out_x = !sx && (v.pos.x < cr.x - slack || v.pos.x > cr.z + slack);
                const bool out_y = !sy && (v.pos.y < cr.y - slack || v.pos.y > cr.w + slack);
                // A glyph wholly outside is a scrolled-away line: only a glyph across the edge is cut.
                const bool inside_x = v.pos.x > cr.x && v.pos.x < cr.z, inside_y = v.pos.y > cr.y && v.pos.y < cr.w;
                if ((out_x && inside_y) || (out_y && inside_x)) {
                    x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y);
                    x1 = std::max(x1, v.pos.x), y1 = std::max(y1, v.pos.y);
                }
            }
            if (x0 <= x1)
                out.push_back(std::string(owner->Name) + ": text at " + rect_text(x0, y0, x1, y1) + " is cut by its clip rectangle " +
                              rect_text(cr.x, cr.y, cr.z, cr.w));
        }
    }
    return out;
}


bool fit_or_scroll_table(float total, std::size_t rows, ImGuiTableFlags* flags, ImVec2* outer) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const bool scroll = total > ImGui::GetContentRegionAvail().x;
    if (scroll) {
        *flags |= ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
        const float row_h = ImGui::GetTextLineHeight() + st.CellPadding.y * 2.0f + 1.0f;
        outer->y = row_h * float(rows + 1) + st.ScrollbarSize + st.CellPadding.y * 2.0f + 2.0f;
    } else {
        *flags |= ImGuiTableFlags_SizingStretchProp;
    }
    return scroll;
}

}  // namespace umpire::app::ui

// =====================================================================================
// 7. text that keeps numbers whole, waking and settling, the wheel, probe values
// =====================================================================================

namespace umpire::app::ui {

namespace {
bool digit(char c) { return c >= '0' && c <= '9'; }
// A unit written after a number and a space ("6.1 in", "5 MP", "40 m", "3 hexes").
bool unit_at(const std::string& s, std::size_t i) {
    static const char* const units[] = {"inches", "in", "cm", "mm", "m", "MP", "hexes", "hex", "hexagons", "km"};
    for (const char* u : units) {
        const std::size_t n = std::strlen(u);
        if (s.compare(i, n, u) != 0) continue;
        const std::size_t after = i + n;
        if (after == s.size() || !std::isalpha(static_cast<unsigned char>(s[after]))) return true;
    }
    return false;
}
}  // namespace

std::string unbreakable(const std::string& text) {
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool after_digit = i > 0 && digit(text[i - 1]);
        if (c == '.' && after_digit && i + 1 < text.size() && digit(text[i + 1])) out += "\xe2\x80\xa4";  // one dot leader
        else if (c == ' ' && after_digit && unit_at(text, i + 1)) out += "\xc2\xa0";                      // no-break space
        else out += c;
    }
    return out;
}

namespace {
std::atomic<int> g_requested{0};
std::atomic<void (*)()> g_waker{nullptr};
}  // namespace

void set_waker(void (*waker)()) { g_waker = waker; }
void wake() {
    g_requested.store(3);
    if (void (*w)() = g_waker.load()) w();
}
int take_requested_frames() { return g_requested.exchange(0); }

std::uint64_t layout_signature() {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](float v) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        h = (h ^ bits) * 1099511628211ull;
    };
    for (ImGuiWindow* w : g.Windows) {
        if (!w->Active || w->LastFrameActive != g.FrameCount) continue;
        for (float v : {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y, w->ContentSize.x, w->ContentSize.y, w->Scroll.x, w->Scroll.y})
            mix(v);
    }
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
        ImGuiTable* t = g.Tables.TryGetMapData(n);
        if (!t || t->LastFrameActive != g.FrameCount) continue;
        for (int c = 0; c < t->ColumnsCount; ++c) mix(t->Columns[c].WidthGiven);
    }
    return h;
}

namespace {
struct Wheel {
    double last = -1e9;        // the time of the last notch
    float frame_time = 0.02f;  // a running average of the time between frames (at most 1 s each)
    bool began = false;        // this frame's notch began a gesture
    ImGuiID owner = 0;         // the item the gesture belongs to (0: none that zooms)
};
Wheel& wheel() {
    static Wheel w;
    return w;
}
}  // namespace

void new_frame_wheel() {
    const ImGuiIO& io = ImGui::GetIO();
    Wheel& w = wheel();
    w.began = false;
    w.frame_time = 0.8f * w.frame_time + 0.2f * std::min(io.DeltaTime, 1.0f);
    if (io.MouseWheel == 0.0f && io.MouseWheelH == 0.0f) return;
    // A gesture goes on while notches come less than 0.35 s apart, or less than a few frames apart
    // when frames are slow (a software renderer takes a third of a second a frame: its notches
    // arrive a frame apart and must not split a gesture in two).
    const double now = ImGui::GetTime();
    if (now - w.last > std::max(0.35, 2.5 * double(w.frame_time))) w.began = true, w.owner = 0;
    w.last = now;
}

bool wheel_claim(bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseWheel == 0.0f || !hovered) return false;
    const ImGuiID id = ImGui::GetItemID();
    Wheel& w = wheel();
    if (w.began) w.owner = id;
    return io.KeyCtrl || w.owner == id;
}

void probe_value(const std::string& name, const std::string& value) {
    if (probe_state().on) probe_state().values[name] = value;
}
const std::map<std::string, std::string>& probed_values() { return probe_state().values; }

void note_label(const std::string& text, ImVec4 rect, ImVec4 canvas) { probe_state().labels.push_back({text, rect, canvas}); }

}  // namespace umpire::app::ui
