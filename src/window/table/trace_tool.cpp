// Tracing terrain pieces in the table view (see trace_tool.hpp).
//
// Sections
//   1. the controls
//   2. the mouse and keys
//   3. drawing
//   4. bases
#include "window/table/trace_tool.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>

#include "window/ui/number_field.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace pl = umpire::plane;
namespace tt = umpire::tabletop;

// =====================================================================================
// 1. the controls
// =====================================================================================

void TraceTool::set_rules(const tt::Rules* r) {
    rules_ = r;
    kinds_ = r ? tt::trace_kinds(*r) : std::vector<tt::TraceKind>{};
    kind_ = 0;
    trace_ = tt::Trace{};
    if (!kinds_.empty()) trace_.kind = kinds_[0];
    name_.clear(), name_edited_ = false, message_.clear();
    pieces_seen_ = bases_seen_ = std::size_t(-1);
    base_mode_ = false, base_ = tt::NewBase{}, base_name_edited_ = false;
    if (!r) on_ = false;
}

void TraceTool::set_on(bool v) {
    on_ = v && rules_ && !kinds_.empty();
    trace_.points.clear(), trace_.closed = false;
    message_.clear();
}

void TraceTool::draw_toggle() {
    bool v = on_;
    ImGui::BeginDisabled(kinds_.empty());
    if (ImGui::Checkbox("Trace", &v)) set_on(v);
    ImGui::EndDisabled();
    ui::tip("Trace terrain pieces over the table (and its photo): left clicks place the corners of an outline or the bends of a "
            "line; Enter, a double click or a click on the first corner finishes; Backspace takes back; Esc cancels.");
    ui::probe("table_trace");
}

void TraceTool::choose(std::size_t kind, const tt::Sketch& s) {
    kind_ = kind;
    base_mode_ = false;
    trace_.kind = kinds_[kind];
    if (trace_.kind.line) trace_.closed = false;
    if (!name_edited_) name_ = tt::unique_piece_name(s, trace_.kind.name);
    message_.clear();
}

void TraceTool::draw_controls(const tt::Sketch& s, float scale) {
    if (!on_) return;
    (void)scale;
    system_ = s.system;
    const float em = ImGui::GetFontSize();
    if (pieces_seen_ != s.pieces.size()) {  // a piece made, an undo: the default name moves on
        pieces_seen_ = s.pieces.size();
        if (!name_edited_) name_ = tt::unique_piece_name(s, trace_.kind.name);
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Piece");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 9);
    if (ImGui::BeginCombo("##trace_kind", base_mode_ ? "a base" : trace_.kind.name.c_str(), ImGuiComboFlags_HeightLargest)) {
        for (std::size_t i = 0; i < kinds_.size(); ++i) {
            const std::string label = kinds_[i].name + (kinds_[i].line ? "  (line)" : "");
            if (ImGui::Selectable(label.c_str(), !base_mode_ && i == kind_)) choose(i, s);
            if (ui::probing()) ui::probe(("table_trace_kind_" + kinds_[i].name).c_str());  // for the window tests
        }
        ImGui::Separator();
        if (ImGui::Selectable("a base", base_mode_)) choose_base(s);
        ui::probe("table_trace_kind_base");
        ImGui::EndCombo();
    }
    ui::tip("The kind of piece: the game's own terrain names (an outline, or a line for rivers, roads and the like); "
            "or a base, dropped at a click.");
    ui::probe("table_trace_kind");
    if (base_mode_) {
        draw_base_controls(s);
        return;
    }
    ui::same_line_if_fits(em * 14);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 10);
    if (ImGui::InputText("##trace_name", &name_)) name_edited_ = true, message_.clear();
    ui::tip("The piece's name, unique on the table (shown on it and in the ruling).");
    ui::probe("table_trace_name");
    if (trace_.kind.line) {
        ui::same_line_if_fits(em * 10);
        ImGui::AlignTextToFramePadding();
        ImGui::Text("Width (%s)", s.unit.c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(em * 4);
        if (ImGui::InputDouble("##trace_width", &width_, 0, 0, "%.1f")) width_ = std::clamp(width_, 0.0, std::max(s.width, s.depth));
        ui::tip("The line's full width across, in the table's unit (0: a thin line).");
        ui::probe("table_trace_width");
        if (rules_ && trace_.kind.name == rules_->top_kind) {
            ui::same_line_if_fits(em * 12);
            int top = top_left_ ? 0 : 1;
            ImGui::TextUnformatted("Top on the");
            ImGui::SameLine();
            if (ImGui::RadioButton("left", &top, 0)) top_left_ = true;
            ui::tip("The top of the " + trace_.kind.name + " lies left of the line, walking from its first point to its last.");
            ImGui::SameLine();
            if (ImGui::RadioButton("right", &top, 1)) top_left_ = false;
            ui::tip("The top of the " + trace_.kind.name + " lies right of the line, walking from its first point to its last.");
        }
    }
    const std::size_t n = trace_.points.size();
    std::string step;
    if (trace_.kind.line)
        step = n == 0 ? "Click where the " + trace_.kind.name + " starts." : "Click the next bend; Enter or a double click ends the line (" + std::to_string(n) + " so far).";
    else
        step = n == 0 ? "Click the first corner of the " + trace_.kind.name + "."
                      : n < 3 ? "Click the next corner (" + std::to_string(n) + " so far)."
                              : "Click the next corner, or the first one (or Enter, or a double click) to close it (" + std::to_string(n) + " so far).";
    ui::wrapped(ui::dim_text(), step + " Backspace takes back, Esc cancels.");
    ui::probe("table_trace_step");
    if (ui::probing()) {
        ui::probe_value("table_trace_points", std::to_string(trace_.points.size()));
        ui::probe_value("table_trace_message", message_.empty() ? "none" : message_);
    }
    if (!message_.empty()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 " + message_);
}

// =====================================================================================
// 2. the mouse and keys
// =====================================================================================

std::optional<tt::Piece> TraceTool::finish(const tt::Sketch& s) {
    if (!rules_) return std::nullopt;
    auto problem = tt::trace_problem(trace_, s, *rules_);
    if (!problem) problem = tt::piece_name_problem(s, name_);
    if (problem) {
        message_ = *problem;
        trace_.closed = false;
        return std::nullopt;
    }
    tt::Piece p = tt::traced_piece(trace_, name_, *rules_, width_, top_left_);
    trace_.points.clear(), trace_.closed = false;
    name_edited_ = false, message_.clear();
    name_.clear();
    pieces_seen_ = std::size_t(-1);  // the next default name is taken when the sketch has the piece
    return p;
}

TraceTool::Made TraceTool::handle(const tt::Sketch& s, bool hovered, pl::Vec2 at, double snap) {
    if (!on_) return {};
    at_mouse_ = at;
    if (base_mode_) {
        if (!ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
            base_mode_ = false, message_.clear();
            return {};
        }
        if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) return {std::nullopt, drop_base(s, at)};
        return {};
    }
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantTextInput) {
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
            trace_.points.clear(), trace_.closed = false, message_.clear();
            return {};
        }
        if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace))) trace_.take_back(), message_.clear();
        if (!trace_.points.empty() && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)))
            return {finish(s), std::nullopt};
    }
    if (!hovered) return {};
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !trace_.points.empty()) return {finish(s), std::nullopt};
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        message_.clear();
        // On the table, to a hundredth of its unit (finer than any click; the file stays readable).
        auto hundredth = [](double v) { return std::round(v * 100) / 100; };
        const pl::Vec2 q{hundredth(std::clamp(at.x, 0.0, s.width)), hundredth(std::clamp(at.y, 0.0, s.depth))};
        if (trace_.add(q, snap)) return {finish(s), std::nullopt};
    }
    return {};
}

// =====================================================================================
// 3. drawing
// =====================================================================================

void TraceTool::draw(ImDrawList* dl, const std::function<ImVec2(pl::Vec2)>& screen, ImVec2 mouse, bool hovered, float scale) const {
    if (on_ && base_mode_ && hovered && base_.width > 0 && base_.depth > 0) {  // where a click drops the base
        tt::NewBase b = base_;
        b.at = at_mouse_;
        const tt::Base x = tt::new_base(b);
        std::vector<ImVec2> pts;
        for (auto p : x.outline) pts.push_back(screen(p));
        dl->AddPolyline(pts.data(), int(pts.size()), IM_COL32(255, 255, 255, 200), ImDrawFlags_Closed, std::max(1.0f, 1.5f * scale));
        return;
    }
    if (!on_ || trace_.points.empty()) return;
    std::vector<ImVec2> pts;
    for (auto p : trace_.points) pts.push_back(screen(p));
    const float thin = std::max(1.0f, 1.5f * scale);
    const ImU32 white = IM_COL32(255, 255, 255, 255), dark = IM_COL32(20, 20, 24, 230);
    dl->AddPolyline(pts.data(), int(pts.size()), dark, 0, 3.5f * thin);
    dl->AddPolyline(pts.data(), int(pts.size()), white, 0, 1.5f * thin);
    if (hovered) {  // the rubber band: where the next click puts the next vertex (and the closing edge)
        dl->AddLine(pts.back(), mouse, IM_COL32(255, 255, 255, 150), thin);
        if (!trace_.kind.line && pts.size() >= 2) dl->AddLine(mouse, pts.front(), IM_COL32(255, 255, 255, 80), thin);
    }
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const float r = (i == 0 && !trace_.kind.line ? 6.0f : 4.0f) * scale;  // the first corner larger: a click on it closes
        dl->AddCircleFilled(pts[i], r, dark, 12);
        dl->AddCircle(pts[i], r, white, 12, thin);
    }
}

}  // namespace umpire::app

namespace umpire::app {

// =====================================================================================
// 4. bases
// =====================================================================================

void TraceTool::choose_base(const tt::Sketch& s) {
    base_mode_ = true;
    message_.clear();
    if (!(base_.width > 0) && !s.bases.empty()) {  // the size of the table's last base, to begin with
        const tt::Base& last = s.bases.back();
        base_.width = last.circle ? 2 * last.radius : last.width;
        base_.depth = last.circle ? 2 * last.radius : last.depth;
        base_.facing = last.facing;
        base_.type = last.type;
    }
    if (s.system == "agv" && base_.type.empty()) base_.type = tt::base_types().front();
    if (!base_name_edited_) base_.name = tt::unique_base_name(s, "base");
}

void TraceTool::draw_base_controls(const tt::Sketch& s) {
    const float em = ImGui::GetFontSize();
    if (bases_seen_ != s.bases.size()) {  // a base dropped, an undo: the default name moves on
        bases_seen_ = s.bases.size();
        if (!base_name_edited_) base_.name = tt::unique_base_name(s, "base");
    }
    ui::same_line_if_fits(em * 14);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Name");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 9);
    if (ImGui::InputText("##newbase_name", &base_.name)) base_name_edited_ = true, message_.clear();
    ui::tip("The base's name, unique on the table (a situation names the bases it asks about).");
    ui::probe("table_newbase_name");
    auto number = [&](const char* label, const char* id, double* v, const char* tip) {
        if (ui::number_field(label, id, v, tip, 4.0f)) message_.clear();
    };
    const std::string w = "width (" + s.unit + ")", d = "depth (" + s.unit + ")";
    number(w.c_str(), "##newbase_width", &base_.width, "Across the base's front, in the table's unit (the rules give no sizes: measure yours).");
    number(d.c_str(), "##newbase_depth", &base_.depth, "From the base's front to its back, in the table's unit.");
    number("facing", "##newbase_facing", &base_.facing, "Degrees clockwise from the table's far edge (0: facing away from the near edge).");
    if (s.system == "agv") {
        ui::same_line_if_fits(em * 12);
        ImGui::SetNextItemWidth(em * 9);
        if (ImGui::BeginCombo("##newbase_type", base_.type.c_str())) {
            for (const auto& t : tt::base_types())
                if (ImGui::Selectable(t.c_str(), t == base_.type)) base_.type = t, message_.clear();
            ImGui::EndCombo();
        }
        ui::tip("The unit type of the base (A Great Victory!): it decides how the terrain under it counts.");
        ui::probe("table_newbase_type");
    }
    ui::wrapped(ui::dim_text(), "Click where the base's centre goes. Esc or another piece kind ends it.");
    ui::probe("table_trace_step");
    if (ui::probing()) ui::probe_value("table_trace_message", message_.empty() ? "none" : message_);
    if (!message_.empty()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 " + message_);
}

std::optional<tt::Base> TraceTool::drop_base(const tt::Sketch& s, pl::Vec2 at) {
    if (!rules_) return std::nullopt;
    auto hundredth = [](double v) { return std::round(v * 100) / 100; };
    tt::NewBase b = base_;
    b.at = {hundredth(at.x), hundredth(at.y)};
    if (const auto problem = tt::new_base_problem(b, s, *rules_)) {
        message_ = *problem;
        return std::nullopt;
    }
    message_.clear();
    base_name_edited_ = false;
    bases_seen_ = std::size_t(-1);  // the next default name is taken when the sketch has the base
    return tt::new_base(b);
}

}  // namespace umpire::app
