// The table's photo in the table view (see photo.hpp).
//
// Sections
//   1. following the sketch
//   2. drawing under
//   3. the Photo… popup
//   4. the calibration step: controls, canvas, the grid over the photo
#include "window/table/photo.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms the photo, not a panel
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/diag.hpp"
#include "window/ui/number_field.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace fs = std::filesystem;
namespace pl = umpire::plane;
namespace tt = umpire::tabletop;

namespace {

// The corners in the order they are clicked, in the words the step line uses.
const char* const kCorner[4] = {"near-left", "near-right", "far-right", "far-left"};

float button_width(const char* text) { return ImGui::CalcTextSize(text).x + ImGui::GetStyle().FramePadding.x * 2; }

fs::path image_file(const std::string& image, const fs::path& table_file) {
    tt::Photo p;
    p.image = image;
    return tt::photo_path(p, table_file);
}

bool is_picture(const fs::path& p) {
    std::string e = p.extension().string();
    std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return e == ".png" || e == ".jpg" || e == ".jpeg";
}

}  // namespace

// =====================================================================================
// 1. following the sketch
// =====================================================================================

void TablePhoto::reset() {
    key_.clear(), points_key_.clear(), opacity_key_.clear(), problem_.clear(), image_.clear();
    texture_.release();
    fit_ = {};
    step_ = Step{};
}

void TablePhoto::load(const fs::path& path, const std::string& key) {
    key_ = key;
    texture_.release();
    fit_ = {};
    points_key_.clear();
    problem_.clear();
    if (!key.empty()) loader_.start(path, path.filename().string());
}

// The read's result, when it is done: uploaded, or its problem kept.
void TablePhoto::take_loaded() {
    auto r = loader_.poll();
    if (!r || r->path.string() != key_) return;  // none yet, or a picture no longer wanted
    if (!r->image) {
        problem_ = r->problem;
        return;
    }
    if (auto e = texture_.upload(std::move(*r->image))) problem_ = *e;
    points_key_.clear();
    step_.cam.fitted = false;
}

void TablePhoto::follow(const tt::Sketch& s, const fs::path& table_file) {
    image_ = s.photo ? s.photo->image : std::string();
    unit_ = s.unit;
    take_loaded();
    const std::string want = step_.active ? step_.image : image_;
    const fs::path path = want.empty() ? fs::path() : image_file(want, table_file);
    if (path.string() != key_) load(path, path.string());
    if (!s.photo) return;
    const std::string ok = tt::fmt(s.photo->opacity) + "\n" + key_;
    if (ok != opacity_key_) opacity_key_ = ok, opacity_ = float(s.photo->opacity);
    if (!texture_.ready() || step_.active) return;
    std::string pk = std::to_string(texture_.width()) + "x" + std::to_string(texture_.height());
    for (const auto& p : s.photo->points)
        pk += ";" + tt::fmt(p.pixel.x) + "," + tt::fmt(p.pixel.y) + "=" + tt::fmt(p.at.x) + "," + tt::fmt(p.at.y);
    if (pk == points_key_) return;
    points_key_ = pk;
    points_ = s.photo->points;
    problem_.clear();
    if (s.photo->points.size() < 4) {
        fit_ = {};
        problem_ = "the photo is not lined up with the table yet: Photo\xe2\x80\xa6, Calibrate, and click its four corners";
        return;
    }
    fit_ = tt::photo_fit(*s.photo, s.unit, pl::Vec2{double(texture_.width()), double(texture_.height())});
    if (!fit_.ok) problem_ = "the photo's calibration is refused: " + fit_.error;
}

// =====================================================================================
// 2. drawing under
// =====================================================================================

// A mesh over the table and a margin round it (a quarter of its larger side), each corner taken
// to the photo's pixels through the calibration: the photo shows where it has the table, and
// nothing beyond its horizon (where the map's w changes sign).
void TablePhoto::draw_under(ImDrawList* dl, const tt::Sketch& s, const std::function<ImVec2(pl::Vec2)>& screen) const {
    if (!shown()) return;
    const double m = 0.25 * std::max(s.width, s.depth);
    const int cells = 48;
    const double sign = fit_.to_pixel.w({s.width / 2, s.depth / 2}) < 0 ? -1.0 : 1.0;
    const double w = texture_.width(), h = texture_.height();
    texture_.draw_mesh(dl, cells, [&](int i, int j) {
        const pl::Vec2 q{-m + (s.width + 2 * m) * i / cells, -m + (s.depth + 2 * m) * j / cells};
        const pl::Vec2 px = fit_.to_pixel.apply(q);
        const bool ok = sign * fit_.to_pixel.w(q) > 1e-9 && std::isfinite(px.x) && std::isfinite(px.y);
        return PictureTexture::MeshPoint{screen(q), ImVec2(float(px.x / w), float(px.y / h)), ok};
    }, opacity_);
}

// =====================================================================================
// 3. the Photo… popup
// =====================================================================================

std::optional<float> TablePhoto::draw_button(const tt::Sketch& s, const fs::path& table_file) {
    std::optional<float> out;
    if (ImGui::Button("Photo\xe2\x80\xa6")) {
        ImGui::OpenPopup("##table_photo");
        chosen_ = image_;
        files_.clear();
        std::error_code ec;
        for (fs::directory_iterator it(table_file.parent_path().empty() ? fs::path(".") : table_file.parent_path(), ec), end;
             !ec && it != end; it.increment(ec))
            if (is_picture(it->path())) files_.push_back(it->path().filename().string());
        std::sort(files_.begin(), files_.end());
    }
    ui::tip("A photo of the table under the sketch: choose the file, line it up by clicking four corners, set how strongly it shows.");
    ui::probe("table_photo");
    if (!ImGui::BeginPopup("##table_photo")) return out;
    const float em = ImGui::GetFontSize();
    ImGui::TextUnformatted("Photo file (PNG or JPEG), from the table file's folder:");
    ImGui::SetNextItemWidth(em * 22);
    ImGui::InputText("##photo_file", &chosen_);
    ui::probe("table_photo_file");
    if (!files_.empty()) {
        ImGui::BeginChild("##photo_files", ImVec2(em * 22, std::min(float(files_.size()), 6.0f) * ImGui::GetTextLineHeightWithSpacing() + 8), true);
        for (const auto& f : files_)
            if (ImGui::Selectable(f.c_str(), f == chosen_)) chosen_ = f;
        ImGui::EndChild();
    } else {
        ImGui::TextDisabled("(no PNG or JPEG files beside the table file)");
    }
    ImGui::BeginDisabled(chosen_.empty());
    if (ImGui::Button("Calibrate\xe2\x80\xa6")) {
        start_calibration(s, table_file, chosen_);
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndDisabled();
    ui::tip("Shows the photo itself: click four corners of the table (or of a mat of known size) to line it up.");
    ui::probe("table_photo_calibrate");
    if (has_photo()) {
        float o = opacity_;
        ImGui::SetNextItemWidth(em * 12);
        if (ImGui::SliderFloat("Opacity", &o, 0.0f, 1.0f, "%.2f")) set_opacity(o);
        if (ImGui::IsItemDeactivatedAfterEdit()) out = opacity_;
        ui::tip("How strongly the photo shows under the sketch (0: hidden). Save table keeps it.");
        ui::probe("table_photo_opacity");
    }
    if (!problem_.empty()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 " + problem_);
    ImGui::EndPopup();
    return out;
}

// =====================================================================================
// 4. the calibration step
// =====================================================================================

void TablePhoto::start_calibration(const tt::Sketch& s, const fs::path& table_file, const std::string& image) {
    step_ = Step{};
    step_.active = true;
    // The file as the table file will name it: relative to its folder when it lies inside it.
    fs::path p(image);
    const fs::path dir = table_file.parent_path();
    if (p.is_absolute() && !dir.empty()) {
        const fs::path rel = p.lexically_relative(fs::absolute(dir));
        if (!rel.empty() && *rel.begin() != "..") p = rel;
    }
    step_.image = p.generic_string();
    step_.width = s.width, step_.depth = s.depth;
    // Calibrating the photo the sketch already has: its corners and rectangle to start from.
    if (s.photo && s.photo->image == step_.image && s.photo->points.size() == 4) {
        const auto& q = s.photo->points;
        for (const auto& x : q) step_.clicks.push_back(x.pixel);
        step_.origin_x = q[0].at.x, step_.origin_y = q[0].at.y;
        step_.width = q[1].at.x - q[0].at.x, step_.depth = q[3].at.y - q[0].at.y;
    }
    refit_step(s);
}

// The fit from the clicks so far, or why there is none yet (in words).
void TablePhoto::refit_step(const tt::Sketch& s) {
    Step& st = step_;
    st.fit = {};
    st.refusal.clear();
    if (st.clicks.size() < 4) return;
    if (!(st.width > 0) || !(st.depth > 0)) {
        st.refusal = "the rectangle's width and depth must be more than 0";
        return;
    }
    const double x1 = st.origin_x + st.width, y1 = st.origin_y + st.depth;
    if (st.origin_x < 0 || st.origin_y < 0 || x1 > s.width + 1e-9 || y1 > s.depth + 1e-9) {
        st.refusal = "the rectangle reaches off the table (0 to " + tt::fmt(s.width) + " by 0 to " + tt::fmt(s.depth) + " " + s.unit +
                     "): set its size and its near-left corner";
        return;
    }
    std::optional<pl::Vec2> size;
    if (texture_.ready()) size = pl::Vec2{double(texture_.width()), double(texture_.height())};
    const std::array<pl::Vec2, 4> px{st.clicks[0], st.clicks[1], st.clicks[2], st.clicks[3]};
    st.fit = calibration::calibrate_table(calibration::rectangle_points(px, {st.origin_x, st.origin_y}, st.width, st.depth), s.unit, size);
    if (!st.fit.ok) st.refusal = st.fit.error;
}

std::optional<tt::Photo> TablePhoto::draw_calibration(const tt::Sketch& s, ImVec2 size, float scale) {
    if (!step_.active) return std::nullopt;
    const float top = ImGui::GetCursorPosY();
    bool done = false, cancel = false;
    draw_step_controls(s, scale, &done, &cancel);
    draw_step_canvas(s, ImVec2(size.x, size.y - (ImGui::GetCursorPosY() - top)), scale);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false) && !ImGui::GetIO().WantTextInput) cancel = true;
    if (cancel) {
        step_.active = false;
        return std::nullopt;
    }
    if (!done || !step_.fit.ok) return std::nullopt;
    tt::Photo out;
    out.image = step_.image;
    out.opacity = std::round(double(opacity_) * 100) / 100;
    const std::array<pl::Vec2, 4> px{step_.clicks[0], step_.clicks[1], step_.clicks[2], step_.clicks[3]};
    for (const auto& p : calibration::rectangle_points(px, {step_.origin_x, step_.origin_y}, step_.width, step_.depth))
        out.points.push_back({{std::round(p.pixel.x * 10) / 10, std::round(p.pixel.y * 10) / 10}, p.plane});
    step_.active = false;
    points_key_.clear();
    return out;
}

// The step line, the rectangle's size and place, the buttons, and what the fit says.
void TablePhoto::draw_step_controls(const tt::Sketch& s, float scale, bool* done, bool* cancel) {
    Step& st = step_;
    std::string line;
    if (!problem_.empty()) line = "";
    else if (!texture_.ready()) line = "Reading " + st.image + "\xe2\x80\xa6";
    else if (st.clicks.size() < 4)
        line = "Click corner " + std::to_string(st.clicks.size() + 1) + " of 4: the " + kCorner[st.clicks.size()] +
               " corner of the rectangle (near: the table's edge nearest the camera).";
    else line = "All four corners clicked: the table's grid should follow the photo's table. Drag a corner to move it; then Done.";
    ui::wrapped(ImGui::GetStyleColorVec4(ImGuiCol_Text), line);
    ui::probe("table_photo_step");
    bool changed = false;
    auto number = [&](const char* label, const char* id, double* v, const char* tip) { changed |= ui::number_field(label, id, v, tip); };
    const std::string unit = " (" + s.unit + ")";
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Rectangle%s:", unit.c_str());
    number("width", "##photo_width", &st.width, "The rectangle's width (near edge), in the table's unit: the table's own, or a mat's.");
    number("depth", "##photo_depth", &st.depth, "The rectangle's depth (away from the camera), in the table's unit.");
    number("near-left at x", "##photo_origin_x", &st.origin_x, "Where the rectangle's near-left corner lies on the table (0 for the table itself).");
    number("y", "##photo_origin_y", &st.origin_y, "Where the rectangle's near-left corner lies on the table (0 for the table itself).");
    ImGui::BeginDisabled(st.clicks.empty());
    if (ImGui::Button("Take back") || (!st.clicks.empty() && !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace))))
        st.clicks.pop_back(), changed = true;
    ImGui::EndDisabled();
    ui::tip("Takes back the last corner clicked (Backspace).");
    ui::same_line_if_fits(button_width("Start again"));
    if (ImGui::Button("Start again")) st.clicks.clear(), changed = true;
    ui::tip("Forgets the four corners.");
    ui::same_line_if_fits(button_width("Done"));
    ImGui::BeginDisabled(!st.fit.ok);
    *done = ImGui::Button("Done");
    ImGui::EndDisabled();
    ui::tip("Keeps the photo and its four corners in the table (Save table writes them) and shows the table over it.");
    ui::probe("table_photo_done");
    ui::same_line_if_fits(button_width("Cancel"));
    *cancel = ImGui::Button("Cancel");
    ui::tip("Leaves the photo as it was (Esc).");
    ui::probe("table_photo_cancel");
    if (changed) refit_step(s);
    if (!problem_.empty()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 " + problem_);
    else if (!st.refusal.empty()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 Not lined up: " + st.refusal);
    else if (st.fit.ok) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "\xe2\x9c\x94 Lined up (%s map); 1 %s is about %.1f pixels of the photo at the table's middle.",
                      calibration::to_string(st.fit.model), s.unit.c_str(), st.fit.to_pixel.scale_at({s.width / 2, s.depth / 2}));
        ui::wrapped(ui::tone_colour(Tone::good), buf);
    }
    ui::probe("table_photo_status");
    (void)scale;
}

// The photo in its own pixels: pan (right or middle drag), zoom (wheel); a left click adds the
// next corner, a left drag on a corner moves it.
void TablePhoto::draw_step_canvas(const tt::Sketch& s, ImVec2 size, float scale) {
    Step& st = step_;
    const float em = ImGui::GetFontSize();
    const float w = std::max(size.x, 50.0f), h = std::max(size.y, em * 6.0f);
    const ImVec2 lo = ImGui::GetCursorScreenPos(), hi(lo.x + w, lo.y + h);
    ImGui::InvisibleButton("##photo_canvas", ImVec2(w, h),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    ImGui::SetItemUsingMouseWheel();
    ui::probe("table_photo_canvas");
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    const bool ready = texture_.ready();
    const pl::Vec2 size_px{double(texture_.width()), double(texture_.height())};
    if (ready && !st.cam.fitted) {
        st.cam.min_zoom = 1e-4f, st.cam.max_zoom = 64.0f;
        st.cam.fit(ImVec2(0, 0), ImVec2(float(size_px.x), float(size_px.y)), lo, hi, 8.0f * scale);
        st.cam.min_zoom = st.cam.zoom * 0.25f;
    }
    const ImGuiIO& io = ImGui::GetIO();
    handle_input(st.cam, ImGuiMouseButton_Right);
    if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f))
        st.cam.origin = {st.cam.origin.x + io.MouseDelta.x, st.cam.origin.y + io.MouseDelta.y};
    auto screen = [&](pl::Vec2 p) { return st.cam.to_screen(ImVec2(float(p.x), float(p.y))); };
    const ImVec2 mw = st.cam.to_world(io.MousePos);
    const pl::Vec2 at{std::clamp(double(mw.x), 0.0, size_px.x), std::clamp(double(mw.y), 0.0, size_px.y)};
    if (ready && hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        st.dragging = -1;
        for (std::size_t i = 0; i < st.clicks.size(); ++i) {
            const ImVec2 q = screen(st.clicks[i]);
            if (std::hypot(q.x - io.MousePos.x, q.y - io.MousePos.y) <= 8.0f * scale) st.dragging = int(i);
        }
        if (st.dragging < 0 && st.clicks.size() < 4 && mw.x >= 0 && mw.y >= 0 && mw.x <= size_px.x && mw.y <= size_px.y) {
            st.clicks.push_back(at);
            refit_step(s);
        }
    }
    if (st.dragging >= 0 && ImGui::IsMouseDown(ImGuiMouseButton_Left) && !(st.clicks[std::size_t(st.dragging)] == at)) {
        st.clicks[std::size_t(st.dragging)] = at;
        refit_step(s);
    }
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) st.dragging = -1;
    if (ui::probing()) {  // for the window tests: the photo's pixel p is at origin + p * zoom
        char buf[96];
        std::snprintf(buf, sizeof buf, "%.3f %.3f %.6f", st.cam.origin.x, st.cam.origin.y, st.cam.zoom);
        ui::probe_value("table_photo_camera", buf);
        ui::probe_value("table_photo_corners", std::to_string(st.clicks.size()));
        ui::probe_value("table_photo_fit", st.fit.ok ? "ok" : st.refusal.empty() ? "none" : st.refusal);
    }

    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(lo, hi, true);
    dl->AddRectFilled(lo, hi, IM_COL32(24, 26, 30, 255));
    texture_.draw(dl, screen, 1.0f, 1);
    if (st.fit.ok) draw_step_grid(dl, s, scale);
    // The clicked corners: an outline through them, a numbered marker on each.
    std::vector<ImVec2> pts;
    for (auto p : st.clicks) pts.push_back(screen(p));
    const float thin = std::max(1.0f, 1.5f * scale);
    if (pts.size() >= 2) dl->AddPolyline(pts.data(), int(pts.size()), IM_COL32(255, 255, 255, 220), pts.size() == 4 ? ImDrawFlags_Closed : 0, thin);
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const ImVec2 q = pts[i];
        dl->AddCircle(q, 7.0f * scale, IM_COL32(20, 20, 24, 255), 16, 3.0f * thin);
        dl->AddCircle(q, 7.0f * scale, IM_COL32(255, 255, 255, 255), 16, thin);
        dl->AddLine(ImVec2(q.x - 3 * scale, q.y), ImVec2(q.x + 3 * scale, q.y), IM_COL32(255, 255, 255, 255), 1);
        dl->AddLine(ImVec2(q.x, q.y - 3 * scale), ImVec2(q.x, q.y + 3 * scale), IM_COL32(255, 255, 255, 255), 1);
        const std::string text = std::to_string(i + 1) + " " + kCorner[i];
        const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
        ImVec2 p(q.x + 10 * scale, q.y - ts.y - 4 * scale);
        p.x = std::clamp(p.x, lo.x + 2, std::max(lo.x + 2, hi.x - ts.x - 4)), p.y = std::clamp(p.y, lo.y + 1, std::max(lo.y + 1, hi.y - ts.y - 1));
        const ImVec4 r(p.x - 2, p.y, p.x + ts.x + 2, p.y + ts.y);
        ui::note_label(text, r, ImVec4(lo.x, lo.y, hi.x, hi.y));
        dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.z, r.w), IM_COL32(20, 22, 26, 200), 2.0f);
        dl->AddText(p, IM_COL32(255, 255, 255, 255), text.c_str());
    }
    dl->PopClipRect();
    if (hovered && ready) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "photo pixel %.0f, %.0f", at.x, at.y);
        ui::tip(st.clicks.size() < 4 ? std::string(buf) + "\nLeft click: corner " + std::to_string(st.clicks.size() + 1) + " (" +
                                           kCorner[st.clicks.size()] + "). Right drag: pan. Wheel: zoom."
                                     : std::string(buf) + "\nLeft drag on a corner: move it. Right drag: pan. Wheel: zoom.");
    }
}

// The table's grid over the photo, through the fit: its edge, and lines every few units.
void TablePhoto::draw_step_grid(ImDrawList* dl, const tt::Sketch& s, float scale) const {
    const Step& st = step_;
    auto screen = [&](pl::Vec2 q) {
        const pl::Vec2 p = st.fit.to_pixel.apply(q);
        return st.cam.to_screen(ImVec2(float(p.x), float(p.y)));
    };
    const double steps_in[] = {1, 2, 3, 6, 12, 24, 48}, steps_cm[] = {1, 2, 5, 10, 20, 50, 100};
    const double* steps = s.unit == "cm" ? steps_cm : steps_in;
    double step = steps[6];
    for (int i = 0; i < 7; ++i)
        if (steps[i] >= std::max(s.width, s.depth) / 12) {
            step = steps[i];
            break;
        }
    const ImU32 grid = IM_COL32(255, 255, 255, 150), edge = IM_COL32(255, 255, 255, 255), shade = IM_COL32(0, 0, 0, 160);
    const float thin = std::max(1.0f, 1.2f * scale);
    auto line = [&](pl::Vec2 a, pl::Vec2 b, ImU32 c, float t) {
        dl->AddLine(screen(a), screen(b), shade, t + 2.0f);  // a dark edge: the line shows on any photo
        dl->AddLine(screen(a), screen(b), c, t);
    };
    for (double x = step; x < s.width - 1e-9; x += step) line({x, 0}, {x, s.depth}, grid, thin);
    for (double y = step; y < s.depth - 1e-9; y += step) line({0, y}, {s.width, y}, grid, thin);
    const pl::Vec2 c[4] = {{0, 0}, {s.width, 0}, {s.width, s.depth}, {0, s.depth}};
    for (int i = 0; i < 4; ++i) line(c[i], c[(i + 1) % 4], edge, 2.0f * thin);
}

}  // namespace umpire::app
