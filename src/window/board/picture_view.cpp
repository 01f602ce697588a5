// The board view's Picture tool: drawing the canvas and the side panel's lists (see picture_tool.hpp).
//
// Sections
//   1. the canvas: the picture at full opacity, the fitted grid and its numbers, the points (each
//      with a line to where the fit puts its hex's centre), the examples
//   2. the side panel: the points with their residuals and the fit's verdict; the examples
#include "window/board/picture_tool.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui_stdlib.h>

#include "window/board/look.hpp"
#include "window/ui/texture.hpp"
#include "window/ui/widgets.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::app {

using boardlook::u32;

// =====================================================================================
// 1. the canvas
// =====================================================================================

void PictureTool::draw_picture(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    dl->AddRectFilled(lo, hi, u32({0.08f, 0.09f, 0.10f, 1}));
    if (!texture_ || !image_) return;
    dl->AddImage(ui::texture_id(texture_), cam_.to_screen({0, 0}), cam_.to_screen({float(image_->width), float(image_->height)}));
}

// Every hex of the board outlined where the fit puts it (black under white: seen on any picture;
// no colour of its own), its number once a hex is at least 36 pixels across on the screen.
void PictureTool::draw_grid(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    if (!fit_.ok) return;
    const board::Board& b = *board_;
    const float em = ImGui::GetFontSize();
    auto screen = [&](plane::Vec2 board_point) {
        const plane::Vec2 p = fit_.to_pixel.apply(board_point);
        return cam_.to_screen({float(p.x), float(p.y)});
    };
    ImVec2 pts[6];
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = screen(hex::plane_centre(h));
        const ImVec2 top = screen(hex::plane_side_midpoint(h, 0));
        const float r = std::max(std::fabs(top.x - c.x), std::fabs(top.y - c.y)) * 1.16f;  // about the circumradius on the screen
        if (c.x < lo.x - r || c.x > hi.x + r || c.y < lo.y - r || c.y > hi.y + r) continue;
        for (int k = 0; k < 6; ++k) pts[k] = screen(hex::plane_corner(h, k));
        dl->AddPolyline(pts, 6, u32({0, 0, 0, 1}, 0.55f), ImDrawFlags_Closed, 2.5f);
        dl->AddPolyline(pts, 6, u32({1, 1, 1, 1}, 0.85f), ImDrawFlags_Closed, 1.0f);
        if (r < 1.6f * em) continue;
        const std::string n = b.name(h);
        const float fs = std::min(em, r * 0.42f);
        const ImVec2 ts = ImGui::CalcTextSize(n.c_str());
        const ImVec2 p{c.x - ts.x * fs / em / 2, c.y - fs / 2};
        dl->AddRectFilled({p.x - 2, p.y}, {p.x + ts.x * fs / em + 2, p.y + fs}, u32({0, 0, 0, 1}, 0.55f), 2.0f);
        dl->AddText(nullptr, fs, p, u32({1, 1, 1, 1}), n.c_str());
    }
}

// Each clicked point: a ring at the click and its hex's number beside it; when the fit stands, a
// line to where it puts that hex's centre (the residual made visible). Over half a hex: red, ✖ and
// the words "off" (never colour alone; never amber, which means a referee's call).
void PictureTool::draw_points(ImDrawList* dl) const {
    const auto& points = board_->underlay->points;
    const float em = ImGui::GetFontSize();
    const bool residuals = fit_.residual.size() == points.size();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const board::UnderlayPoint& p = points[i];
        const ImVec2 s = cam_.to_screen({float(p.x), float(p.y)});
        const bool bad = residuals && residual_words(fit_.residual[i]).bad;
        const ImU32 ink = bad ? u32(ui::bad()) : u32(ui::lit());
        if (fit_.ok || residuals) {
            const plane::Vec2 c = fit_.to_pixel.apply(hex::plane_centre(p.hex));
            dl->AddLine(s, cam_.to_screen({float(c.x), float(c.y)}), ink, 2.0f);
        }
        dl->AddCircle(s, em * 0.45f, u32({0, 0, 0, 1}, 0.8f), 0, 4.0f);
        dl->AddCircle(s, em * 0.45f, ink, 0, 2.0f);
        dl->AddLine({s.x - em * 0.25f, s.y}, {s.x + em * 0.25f, s.y}, ink, 1.5f);
        dl->AddLine({s.x, s.y - em * 0.25f}, {s.x, s.y + em * 0.25f}, ink, 1.5f);
        const std::string label = (bad ? "\xe2\x9c\x96 " : "") + board_->name(p.hex) + (bad ? " off" : "");
        const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
        const ImVec2 at{s.x + em * 0.6f, s.y - ts.y - em * 0.2f};
        dl->AddRectFilled({at.x - 3, at.y - 1}, {at.x + ts.x + 3, at.y + ts.y + 1}, u32({0.05f, 0.06f, 0.07f, 1}, 0.9f), 3.0f);
        dl->AddText(at, ink, label.c_str());
    }
}

// Each example: its mark and its word in a dark box pinned at the click.
void PictureTool::draw_examples(ImDrawList* dl) const {
    const float em = ImGui::GetFontSize();
    for (const Marker& m : examples_) {
        const ImVec2 s = cam_.to_screen({float(m.example.pixel.x), float(m.example.pixel.y)});
        const std::string label = m.glyph + " " + m.word;
        const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
        dl->AddCircleFilled(s, em * 0.22f, u32({0, 0, 0, 1}, 0.9f));
        dl->AddCircleFilled(s, em * 0.14f, u32({1, 1, 1, 1}));
        const ImVec2 at{s.x - ts.x / 2, s.y + em * 0.35f};
        dl->AddRectFilled({at.x - 4, at.y - 1}, {at.x + ts.x + 4, at.y + ts.y + 1}, u32({0.05f, 0.06f, 0.07f, 1}, 0.9f), 3.0f);
        dl->AddRect({at.x - 4, at.y - 1}, {at.x + ts.x + 4, at.y + ts.y + 1}, u32({1, 1, 1, 1}, 0.7f), 3.0f);
        dl->AddText(at, u32({1, 1, 1, 1}), label.c_str());
    }
}

// =====================================================================================
// 2. the side panel
// =====================================================================================

void PictureTool::draw_notes() {
    if (!board_) return;
    if (step_ == Step::calibrate) draw_points_list();
    else draw_examples_list();
}

// The fit's verdict (or its refusal and what to do), then every point: its hex (editable), its
// pixel, its residual in hexes, and a button that removes it.
void PictureTool::draw_points_list() {
    auto& points = board_->underlay->points;
    ui::text("Calibration points: " + std::to_string(points.size()));
    if (fit_.ok) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "\xe2\x9c\x93 %s map; residuals: worst %.2f, mean square %.2f hex", calibration::to_string(fit_.model),
                      fit_.worst, fit_.rms);
        ui::wrapped(ui::good(), buf);
        for (const std::string& n : fit_.notes) ui::wrapped(ui::dim_text(), n);
    } else {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 No calibration yet: " + fit_.error);
        ui::wrapped(ui::dim_text(), calibration_advice(fit_.error));
    }
    ui::probe("picture_fit_verdict");
    const bool residuals = fit_.residual.size() == points.size();
    if (points.empty() || !ImGui::BeginTable("##picture_points", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) return;
    ImGui::TableSetupColumn("hex");
    ImGui::TableSetupColumn("pixel");
    ImGui::TableSetupColumn("residual", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
    std::optional<std::size_t> remove;
    renumber_text_.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        ImGui::PushID(int(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4);
        ImGui::InputText("##hex", &renumber_text_[i], ImGuiInputTextFlags_CharsDecimal);
        if (ImGui::IsItemDeactivatedAfterEdit()) {
            if (const auto h = board_->parse_hex(renumber_text_[i])) edits_.renumber(*board_, i, *h);
            else renumber_text_[i] = board_->name(points[i].hex);  // not a hex of the board: as it was
        }
        ui::tip("The printed number of the hex clicked: correct it here (Enter).");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(pixel_text({points[i].x, points[i].y}).c_str());
        ImGui::TableNextColumn();
        if (residuals) {
            const Residual r = residual_words(fit_.residual[i]);
            if (r.bad) ImGui::TextColored(ui::bad(), "\xe2\x9c\x96 %s", r.text.c_str());
            else ImGui::TextUnformatted(r.text.c_str());
        } else {
            ImGui::TextDisabled("-");
        }
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("Remove")) remove = i;
        ui::tip("Take this point out (Ctrl+Z puts it back).");
        ImGui::PopID();
    }
    ImGui::EndTable();
    ui::probe("picture_points_list");
    if (remove && !suggesting()) edits_.remove(*board_, *remove);
}

void PictureTool::draw_examples_list() {
    ui::text("Examples: " + std::to_string(examples_.size()));
    if (examples_.empty()) ui::wrapped(ui::dim_text(), "None yet: pick a name above the picture, then click where it is.");
    std::optional<std::size_t> remove;
    for (std::size_t i = 0; i < examples_.size(); ++i) {
        ImGui::PushID(int(i));
        ImGui::AlignTextToFramePadding();
        ImGui::Text("%s %s at %.0f, %.0f", examples_[i].glyph.c_str(), examples_[i].example.name.c_str(), examples_[i].example.pixel.x,
                    examples_[i].example.pixel.y);
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) remove = i;
        ImGui::PopID();
    }
    ui::probe("picture_examples_list");
    if (remove && !suggesting()) examples_.erase(examples_.begin() + std::ptrdiff_t(*remove));
    ui::wrapped(ui::dim_text(), "The examples are not written in the board file: once the terrain is suggested they are spent "
                                "(docs/maps.md).");
}

}  // namespace umpire::app
