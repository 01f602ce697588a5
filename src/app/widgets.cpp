// Drawing helpers shared by every panel (see widgets.hpp).
//
// Sections
//   1. fonts, colours, tooltips, probe
//   2. boxes: verdict_banner, error_banner, referee_call_box, figure_card
//   3. lists: figure_table, explanation
//   4. results_grid, probability_bar
//   5. aspect_picker
#include "app/widgets.hpp"

#include <algorithm>
#include <cmath>

namespace umpire::app::ui {

// =====================================================================================
// 1. fonts, colours, tooltips, probe
// =====================================================================================

Fonts& fonts() {
    static Fonts f;
    return f;
}

ImVec4 tone_colour(Tone t) {
    switch (t) {
        case Tone::good: return ImVec4(0.30f, 0.85f, 0.42f, 1.0f);
        case Tone::bad: return ImVec4(1.00f, 0.36f, 0.33f, 1.0f);
        case Tone::caution: return amber();
        default: return ImVec4(0.72f, 0.74f, 0.80f, 1.0f);
    }
}
ImVec4 amber() { return ImVec4(1.00f, 0.72f, 0.16f, 1.0f); }
ImVec4 dim_text() { return ImVec4(0.62f, 0.64f, 0.70f, 1.0f); }

namespace {
ImVec4 darken(ImVec4 c, float k) { return ImVec4(c.x * k, c.y * k, c.z * k, 1.0f); }

struct ProbeState {
    bool on = false;
    std::map<std::string, ImVec4> rects;
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
}
void set_probing(bool on) { probe_state().on = on; }
bool probing() { return probe_state().on; }
const std::map<std::string, ImVec4>& probed() { return probe_state().rects; }
void clear_probed() { probe_state().rects.clear(); }

void same_line_if_fits(float width) {
    const float x_after = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (x_after + width <= right) ImGui::SameLine();
}

float checkbox_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}

void section(const char* title) {
    ImGui::Spacing();
    if (fonts().bold) ImGui::PushFont(fonts().bold);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.78f, 1.0f, 1.0f));
    ImGui::TextWrapped("%s", title);
    ImGui::PopStyleColor();
    if (fonts().bold) ImGui::PopFont();
    ImGui::Separator();
}

// =====================================================================================
// 2. boxes
// =====================================================================================

void verdict_banner(const Ruling& r) {
    const ImVec4 c = tone_colour(r.tone);
    boxed(darken(c, 0.22f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().big) ImGui::PushFont(fonts().big);
        ImGui::PushStyleColor(ImGuiCol_Text, c);
        ImGui::TextWrapped("%s", r.verdict.c_str());
        ImGui::PopStyleColor();
        if (fonts().big) ImGui::PopFont();
        if (!r.detail.empty()) ImGui::TextWrapped("%s", r.detail.c_str());
    });
    probe("verdict");
}

void error_banner(const char* title, const std::vector<std::string>& lines, ImVec4 c) {
    boxed(darken(c, 0.22f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().big) ImGui::PushFont(fonts().big);
        ImGui::TextColored(c, "%s", title);
        if (fonts().big) ImGui::PopFont();
        for (const auto& l : lines) ImGui::TextWrapped("%s", l.c_str());
    });
}

void referee_call_box(const std::vector<std::string>& reasons) {
    const ImVec4 c = amber();
    boxed(darken(c, 0.20f), c, ImGui::GetContentRegionAvail().x, [&] {
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        ImGui::TextColored(c, "REFEREE'S CALL");
        if (fonts().bold) ImGui::PopFont();
        ImGui::SameLine();
        ImGui::TextColored(c, "the rules as written leave this open; the ruling follows Umpire's documented reading:");
        for (const auto& why : reasons) {
            ImGui::TextColored(c, " \xe2\x80\xa2");  // bullet
            ImGui::SameLine();
            ImGui::TextWrapped("%s", why.c_str());
        }
    });
    tip("A referee's call: the rules text does not settle this case. The ruling shown is the reading "
        "recorded in rules-data [choices]; the referee may rule otherwise.");
    probe("referee_call");
}

void figure_card(const Figure& f, float width) {
    const ImVec4 edge(0.40f, 0.44f, 0.52f, 1.0f);
    boxed(ImVec4(0.13f, 0.14f, 0.17f, 1.0f), edge, width, [&] {
        ImGui::TextColored(dim_text(), "%s", f.label.c_str());
        if (fonts().big) ImGui::PushFont(fonts().big);
        ImGui::TextUnformatted(f.value.c_str());
        if (fonts().big) ImGui::PopFont();
        if (!f.rule.empty()) {
            ImGui::SameLine();
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
    if (!ImGui::BeginTable(id, 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    // Label and rule columns fit their longest text, so ids like "GF9-escarpments" are never clipped.
    float label_w = 0, rule_w = 0;
    for (const auto& f : figures) {
        label_w = std::max(label_w, ImGui::CalcTextSize(f.label.c_str()).x);
        rule_w = std::max(rule_w, ImGui::CalcTextSize(f.rule.c_str()).x);
    }
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
        ImGui::TextWrapped("%s", f.value.c_str());
        if (!f.breakdown.empty()) tip(f.label + ": " + f.value + "\n" + f.breakdown + (f.rule.empty() ? "" : "\nRule " + f.rule));
        ImGui::TableSetColumnIndex(2);
        if (!f.rule.empty()) {
            ImGui::TextColored(dim_text(), "%s", f.rule.c_str());
            tip("Rule " + f.rule);
        }
    }
    ImGui::EndTable();
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
        if (!first) {
            ImGui::SameLine(0, gap);
            if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
        }
        first = false;
        ImGui::PushID(n++);
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
        ImGui::TextColored(ImVec4(0.55f, 0.78f, 1.0f, 1.0f), "%s", s.rule.c_str());
        if (fonts().bold) ImGui::PopFont();
        tip(std::string("Rule ") + s.rule + " of " + system_title);
        ImGui::TableSetColumnIndex(1);
        ImGui::TextWrapped("%s", s.text.c_str());
    }
    ImGui::EndTable();
}

// =====================================================================================
// 4. results_grid, probability_bar
// =====================================================================================

void results_grid(const Grid& g) {
    const int ncol = int(g.columns.size()) + 1;
    const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame;
    if (!ImGui::BeginTable(g.id.c_str(), ncol, flags)) return;
    ImGui::TableSetupColumn(g.corner.c_str(), ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00-00 ").x);
    for (const auto& c : g.columns) ImGui::TableSetupColumn(c.c_str(), ImGuiTableColumnFlags_WidthStretch);

    const ImU32 lit_line = ImGui::GetColorU32(ImVec4(0.16f, 0.30f, 0.50f, 1.0f));
    const ImU32 lit_cell = ImGui::GetColorU32(ImVec4(0.95f, 0.68f, 0.12f, 1.0f));
    const ImU32 header_bg = ImGui::GetColorU32(ImVec4(0.20f, 0.22f, 0.27f, 1.0f));

    auto centred = [](const std::string& s) {
        const float w = ImGui::CalcTextSize(s.c_str()).x;
        const float avail = ImGui::GetContentRegionAvail().x;
        if (avail > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (avail - w) * 0.5f);
        ImGui::TextUnformatted(s.c_str());
    };

    // Header row, lit column header included.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < ncol; ++c) {
        ImGui::TableSetColumnIndex(c);
        const bool lit = c > 0 && g.lit_column && *g.lit_column == c - 1;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit ? lit_cell : header_bg);
        if (lit) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.05f, 1.0f));
        if (fonts().bold) ImGui::PushFont(fonts().bold);
        centred(c == 0 ? g.corner : g.columns[c - 1]);
        if (fonts().bold) ImGui::PopFont();
        if (lit) ImGui::PopStyleColor();
        if (c > 0 && !g.column_tip.empty()) tip(g.column_tip);
    }
    for (int r = 0; r < int(g.rows.size()); ++r) {
        ImGui::TableNextRow();
        const bool row_lit = g.lit_row && *g.lit_row == r;
        for (int c = 0; c < ncol; ++c) {
            ImGui::TableSetColumnIndex(c);
            const bool col_lit = c > 0 && g.lit_column && *g.lit_column == c - 1;
            const bool hit = row_lit && col_lit;
            if (hit) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_cell);
            else if (row_lit && c == 0) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_cell);
            else if (row_lit || col_lit) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, lit_line);
            else if (c == 0) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, header_bg);
            const bool dark_text = hit || (row_lit && c == 0);
            if (dark_text) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.05f, 0.05f, 0.05f, 1.0f));
            if ((hit || c == 0) && fonts().bold) ImGui::PushFont(fonts().bold);
            const std::string& s = c == 0 ? g.rows[r] : (c - 1 < int(g.cells[r].size()) ? g.cells[r][c - 1] : std::string());
            centred(s);
            if ((hit || c == 0) && fonts().bold) ImGui::PopFont();
            if (dark_text) ImGui::PopStyleColor();
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
    const ImVec4 base[3] = {ImVec4(0.25f, 0.70f, 0.40f, 1), ImVec4(0.90f, 0.65f, 0.15f, 1), ImVec4(0.90f, 0.30f, 0.30f, 1)};
    // The four sectors as bearing intervals (degrees clockwise from the facing).
    struct Arc { float from, to; int sector; };
    const Arc arcs[4] = {{-front * 0.5f, front * 0.5f, 0},
                         {front * 0.5f, 180.0f - rear * 0.5f, 1},
                         {180.0f - rear * 0.5f, 180.0f + rear * 0.5f, 2},
                         {180.0f + rear * 0.5f, 360.0f - front * 0.5f, 1}};
    for (const Arc& a : arcs) {
        const bool sel = a.sector == *aspect, hov = a.sector == hover_sector;
        const float k = sel ? 0.95f : hov ? 0.50f : 0.22f;
        const ImU32 col = ImGui::GetColorU32(ImVec4(base[a.sector].x * k, base[a.sector].y * k, base[a.sector].z * k, 1.0f));
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

}  // namespace umpire::app::ui
