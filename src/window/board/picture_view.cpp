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
#include "window/ui/canvas_labels.hpp"
#include "window/ui/texture.hpp"
#include "window/ui/widgets.hpp"
#include "geometry/hex_layout.hpp"

namespace umpire::app {

using boardlook::u32;

// =====================================================================================
// 1. the canvas
// =====================================================================================

namespace {

// Text in a dark box wanted with its top-left corner at `at`, moved inside the canvas [lo, hi] and
// off the labels already in `placed` (ui::label_spot), so none is cut and none covers another;
// when it had to move away from where it was wanted, a thin line joins it to its `mark`. Nothing
// when the canvas is smaller than the box or no place is free (the side panel lists them all).
void canvas_label(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImVec2 mark, ImVec2 at, const std::string& text, ImU32 ink,
                  std::vector<ImVec4>* placed, bool framed = false) {
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    const ImVec2 size{ts.x + 4, ts.y + 2};  // the box: 4 pixels either side of the text, 1 above and below
    const ImVec2 wanted{at.x - 2, at.y - 1};
    const std::optional<ImVec2> spot = ui::label_spot(lo, hi, wanted, size, placed);
    if (!spot) return;
    const ImVec2 b0{spot->x - 2, spot->y}, b1{spot->x + size.x + 2, spot->y + size.y};
    if (std::fabs(spot->x - wanted.x) + std::fabs(spot->y - wanted.y) > ts.y)
        dl->AddLine(mark, {std::clamp(mark.x, b0.x, b1.x), std::clamp(mark.y, b0.y, b1.y)}, u32({1, 1, 1, 1}, 0.7f), 1.0f);
    ui::note_label(text, ImVec4(b0.x, b0.y, b1.x, b1.y), ImVec4(lo.x, lo.y, hi.x, hi.y));
    dl->AddRectFilled(b0, b1, u32({0.05f, 0.06f, 0.07f, 1}, 0.9f), 3.0f);
    if (framed) dl->AddRect(b0, b1, u32({1, 1, 1, 1}, 0.7f), 3.0f);
    dl->AddText({spot->x + 2, spot->y + 1}, ink, text.c_str());
}

}  // namespace

void PictureTool::draw_picture(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    dl->AddRectFilled(lo, hi, u32({0.08f, 0.09f, 0.10f, 1}));
    if (!texture_ || !image_) return;
    dl->AddImage(ui::texture_id(texture_), cam_.to_screen({0, 0}), cam_.to_screen({float(image_->width), float(image_->height)}));
}

// Every hex of the board outlined where the fit puts it (black under white: seen on any picture;
// no colour of its own), its number once a hex is about 2.8 letters across on the screen. Drawn
// also when the fit is refused for a point too far off (the map through all the points exists):
// the grid then shows where that point went wrong.
void PictureTool::draw_grid(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    if (!has_map()) return;
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
        if (r < 1.4f * em) continue;
        const std::string n = b.name(h);
        const float fs = std::min(em * 0.85f, r * 0.5f);
        const ImVec2 ts = ImGui::CalcTextSize(n.c_str());
        const ImVec2 p{c.x - ts.x * fs / em / 2, c.y - fs / 2};
        if (p.x - 2 < lo.x || p.y < lo.y || p.x + ts.x * fs / em + 2 > hi.x || p.y + fs > hi.y) continue;  // never a cut-off number
        dl->AddRectFilled({p.x - 2, p.y}, {p.x + ts.x * fs / em + 2, p.y + fs}, u32({0, 0, 0, 1}, 0.55f), 2.0f);
        dl->AddText(nullptr, fs, p, u32({1, 1, 1, 1}), n.c_str());
    }
}

// Each clicked point: a ring at the click and its hex's number beside it; when the fit stands, a
// line to where it puts that hex's centre (the residual made visible). Over half a hex: red, ✖ and
// the words "off" (never colour alone; never amber, which means a referee's call).
void PictureTool::draw_points(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    const auto& points = board_->underlay->points;
    const float em = ImGui::GetFontSize();
    const bool residuals = fit_.residual.size() == points.size();
    for (std::size_t i = 0; i < points.size(); ++i) {
        const board::UnderlayPoint& p = points[i];
        const ImVec2 s = cam_.to_screen({float(p.x), float(p.y)});
        const bool bad = residuals && residual_words(fit_.residual[i]).bad;
        const ImU32 ink = bad ? u32(ui::bad()) : u32(ui::lit());
        if (has_map()) {
            const plane::Vec2 c = fit_.to_pixel.apply(hex::plane_centre(p.hex));
            dl->AddLine(s, cam_.to_screen({float(c.x), float(c.y)}), ink, 2.0f);
        }
        dl->AddCircle(s, em * 0.45f, u32({0, 0, 0, 1}, 0.8f), 0, 4.0f);
        dl->AddCircle(s, em * 0.45f, ink, 0, 2.0f);
        dl->AddLine({s.x - em * 0.25f, s.y}, {s.x + em * 0.25f, s.y}, ink, 1.5f);
        dl->AddLine({s.x, s.y - em * 0.25f}, {s.x, s.y + em * 0.25f}, ink, 1.5f);
        const std::string label = (bad ? "\xe2\x9c\x96 " : "") + board_->name(p.hex) + (bad ? " off" : "");
        canvas_label(dl, lo, hi, s, {s.x + em * 0.6f, s.y - em * 1.4f}, label, ink, &labels_);
    }
}

// Each example: its mark and its word in a dark box pinned at the click.
void PictureTool::draw_examples(ImDrawList* dl, ImVec2 lo, ImVec2 hi) const {
    const float em = ImGui::GetFontSize();
    for (const Marker& m : examples_) {
        const ImVec2 s = cam_.to_screen({float(m.example.pixel.x), float(m.example.pixel.y)});
        const std::string label = m.glyph + " " + m.word;
        dl->AddCircleFilled(s, em * 0.22f, u32({0, 0, 0, 1}, 0.9f));
        dl->AddCircleFilled(s, em * 0.14f, u32({1, 1, 1, 1}));
        canvas_label(dl, lo, hi, s, {s.x - ImGui::CalcTextSize(label.c_str()).x / 2, s.y + em * 0.35f}, label, u32({1, 1, 1, 1}), &labels_,
                     true);
    }
}

// =====================================================================================
// 2. the side panel
// =====================================================================================

void PictureTool::draw_notes(board::Board* b) {
    if (b != board_ || !board_) return;  // not yet followed (the map draws it first next frame)
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
        std::snprintf(buf, sizeof buf, "\xe2\x9c\x94 %s map; residuals: worst %.2f, mean square %.2f hex", calibration::to_string(fit_.model),
                      fit_.worst, fit_.rms);
        ui::wrapped(ui::good(), buf);
        for (const std::string& n : fit_.notes) ui::wrapped(ui::dim_text(), n);
    } else {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 No calibration yet: " + fit_.error);
        ui::wrapped(ui::dim_text(), calibration_advice(fit_.error) + (has_map() ? " The grid shows the map through all the points." : ""));
    }
    ui::probe("picture_fit_verdict");
    const bool residuals = fit_.residual.size() == points.size();
    if (points.empty() || !ImGui::BeginTable("##picture_points", 3, ImGuiTableFlags_RowBg)) return;
    const float em = ImGui::GetFontSize();
    ImGui::TableSetupColumn("hex", ImGuiTableColumnFlags_WidthFixed, em * 3.4f);
    ImGui::TableSetupColumn("residual (hexes), pixel", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Remove").x + ImGui::GetStyle().FramePadding.x * 2);
    ImGui::TableHeadersRow();
    std::optional<std::size_t> remove;
    renumber_text_.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        ImGui::PushID(int(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::SetNextItemWidth(-1);
        ImGui::InputText("##hex", &renumber_text_[i], ImGuiInputTextFlags_CharsDecimal);
        if (ImGui::IsItemDeactivatedAfterEdit()) {
            if (const auto h = board_->parse_hex(renumber_text_[i])) edits_.renumber(*board_, i, *h);
            else renumber_text_[i] = board_->name(points[i].hex);  // not a hex of the board: as it was
        }
        ui::tip("The printed number of the hex clicked: correct it here (Enter).");
        ImGui::TableNextColumn();
        const std::string at = "at " + pixel_text({points[i].x, points[i].y});
        if (residuals) {
            const Residual r = residual_words(fit_.residual[i]);
            ui::wrapped(r.bad ? ui::bad() : ImGui::GetStyle().Colors[ImGuiCol_Text], (r.bad ? "\xe2\x9c\x96 " : "") + r.text + "  " + at);
        } else {
            ui::wrapped(ui::dim_text(), at);
        }
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("Remove")) remove = i;
        ui::tip("Take this point out (Ctrl+Z puts it back).");
        ImGui::PopID();
    }
    ImGui::EndTable();
    ui::probe("picture_points_list");
    int bad = 0;
    if (residuals)
        for (double r : fit_.residual) bad += residual_words(r).bad;
    ui::probe_value("picture_bad_points", std::to_string(bad));
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
