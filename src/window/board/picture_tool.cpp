// The board view's Picture tool: the picture, the fit, input and the suggestion (see picture_tool.hpp).
//
// Sections
//   1. follow: the picture read (on a worker) and uploaded, the fit kept current, a finished
//      suggestion taken
//   2. the suggestion: started on a worker thread (it wakes the window), taken, the board saved
//   3. the toolbar: the steps, Undo / Redo, Save board; Examples' names and "Suggest the terrain"
//   4. input: pan and zoom over the picture, a click adds a point (the number popup) or an example
#include "window/board/picture_tool.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms the picture, not the panel
#include <imgui_stdlib.h>

#include "window/ui/texture.hpp"
#include "window/ui/widgets.hpp"
#include "board/underlay.hpp"
#include "core/diag.hpp"

namespace umpire::app {

// =====================================================================================
// 1. follow
// =====================================================================================

PictureTool::~PictureTool() {
    if (job_ && job_->worker.joinable()) job_->worker.join();  // suggest() cannot be stopped; it takes under a second
    // A reading still running finishes (bounded: the picture reader's limits) before the tool goes.
    if (read_ && read_->worker.joinable()) read_->worker.join();
    for (auto& j : read_old_)
        if (j->worker.joinable()) j->worker.join();
    ui::delete_texture(texture_);
}

bool PictureTool::follow(const view::BoardSupport& support, board::Board* b, BoardPainter* painter, bool wait) {
    support_ = &support;
    board_ = b && b->underlay ? b : nullptr;
    painter_ = painter;
    const bool taken = job_ && job_->done && take_suggestion();
    if (!board_) return taken;
    const std::string key = board_->file + "\n" + board_->underlay->image;
    ui::join_finished(read_old_);
    if (key != picture_key_) {
        picture_key_ = key;
        load_picture(wait);
    }
    if (read_ && read_->done) take_picture();
    refit();
    return taken;
}

// The picture at full resolution (the suggestion samples it), read on a worker thread (a
// 30-Mpixel JPEG takes most of a second), then as a texture (take_picture); a picture the bounded
// reader refuses is said in its words. A new board: its points' undo and the examples go.
void PictureTool::load_picture(bool wait) {
    ui::delete_texture(texture_);
    texture_ = 0;
    image_.reset();
    problem_.clear();
    edits_.reset();
    edits_.mark_saved(*board_);  // the points as the file holds them
    examples_.clear();
    suggest_error_.clear();
    want_fit_ = true;
    path_ = board::underlay_path(*board_, board_->file).string();
    if (read_) read_old_.push_back(std::move(read_));  // the old picture is not this board's
    read_ = std::make_unique<ReadJob>();
    ReadJob* job = read_.get();
    job->worker = std::thread([job, path = path_]() {
        if (std::optional<image::Image> img = ui::read_picture(path, &job->problem))
            job->image = std::make_shared<const image::Image>(std::move(*img));
        job->done = true;
        ui::wake();  // the next frame takes it, with no input needed
    });
    if (wait) job->worker.join();
}

// The finished reading (UI thread): the picture kept, uploaded, fitted to the canvas, and the
// calibration fitted again with the picture's size.
void PictureTool::take_picture() {
    if (read_->worker.joinable()) read_->worker.join();
    const std::unique_ptr<ReadJob> job = std::move(read_);
    problem_ = job->problem;
    image_ = job->image;
    if (image_) texture_ = ui::upload_texture(*image_, 4096, &problem_);
    want_fit_ = true;
    fit_key_.clear();
}

// The fit, again whenever the points changed (by this tool, undo, or a file read again).
void PictureTool::refit() {
    std::string key = std::to_string(board_->columns) + "x" + std::to_string(board_->rows) + ";" + board_->underlay->model + ";";
    for (const board::UnderlayPoint& p : board_->underlay->points)
        key += board_->name(p.hex) + "=" + std::to_string(p.x) + "," + std::to_string(p.y) + ";";
    if (key == fit_key_ && !fit_key_.empty()) return;
    fit_key_ = key;
    const std::optional<plane::Vec2> size =
        image_ ? std::optional<plane::Vec2>(plane::Vec2{double(image_->width), double(image_->height)}) : std::nullopt;
    fit_ = board::underlay_fit(*board_, size);
    renumber_text_.clear();
    for (const board::UnderlayPoint& p : board_->underlay->points) renumber_text_.push_back(board_->name(p.hex));
}

// =====================================================================================
// 2. the suggestion
// =====================================================================================

// board::suggest on a copy of the board, on a worker thread: about half a second for 66 x 44. The
// window says "Suggesting…" meanwhile and is woken when it is done (ui::wake).
void PictureTool::suggest() {
    if (job_ || !board_ || !image_ || !fit_.ok) return;
    std::vector<board::Example> examples;
    for (const Marker& m : examples_) examples.push_back(m.example);
    suggest_error_.clear();
    job_ = std::make_unique<SuggestJob>();
    job_->board = *board_;
    job_->revision = painter_ ? painter_->revision() : 0;
    SuggestJob* job = job_.get();
    job->worker = std::thread([job, picture = image_, to_pixel = fit_.to_pixel, examples]() {
        try {
            job->result = board::suggest(job->board, *picture, to_pixel, examples);
        } catch (const std::exception& e) {
            job->result.error = std::string("the suggestion failed: ") + e.what();
        }
        job->done = true;
        ui::wake();
    });
}

// A finished suggestion: the board filled (every hex and hexside it suggested marked so), its
// painter's history started afresh from it, and the file written, so the suggestions are never
// lost; a refusal is said in words and nothing changes. The suggestion was made on a copy of the
// board as it was when it started: if the board was painted (or a suggestion accepted, or an
// edit undone) while it ran, taking it would paint over that work, so it is set aside and said so
// (Suggest again fills the board as it is now). Returns true when the board was filled.
bool PictureTool::take_suggestion() {
    job_->worker.join();
    const std::unique_ptr<SuggestJob> job = std::move(job_);
    if (!job->result.ok()) {
        suggest_error_ = job->result.error;
        return false;
    }
    if (!board_ || board_->file != job->board.file) return false;  // the board went (or another came) while it ran
    if (painter_ && painter_->revision() != job->revision) {
        suggest_error_ = "the board was changed while the suggestion ran (a stroke, an accept or an undo), so the suggestion was "
                         "set aside and the change kept. Suggest the terrain again fills the board from the picture anew, that "
                         "change included; or go on painting.";
        return false;
    }
    if (board_->underlay && job->board.underlay) job->board.underlay->opacity = board_->underlay->opacity;  // the slider meanwhile
    *board_ = std::move(job->board);
    if (painter_) {
        painter_->attach(*board_, painter_->path());
        save();
    }
    return true;
}

void PictureTool::save() {
    if (!painter_ || !board_) return;
    if (painter_->path().empty()) {
        saved_note_ = "this board has no file of its own yet: Paint's Save board as\xe2\x80\xa6 names one";
        return;
    }
    if (const auto err = painter_->save(painter_->path())) {
        saved_note_ = *err;
        return;
    }
    edits_.mark_saved(*board_);
    saved_note_ = "saved to " + std::filesystem::path(painter_->path()).filename().string();
}

// =====================================================================================
// 3. the toolbar
// =====================================================================================

void PictureTool::draw_toolbar() {
    if (!board_) return;
    const float em = ImGui::GetFontSize();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Picture:");
    ImGui::SameLine();
    if (ImGui::RadioButton("1 Calibrate", step_ == Step::calibrate)) step_ = Step::calibrate;
    ui::tip("Line the board's hex grid up with the picture: click hex centres and type their printed numbers.");
    ui::probe("picture_step_calibrate");
    ui::same_line_if_fits(ui::checkbox_width("2 Examples"));
    ImGui::BeginDisabled(!fit_.ok);
    if (ImGui::RadioButton("2 Examples", step_ == Step::examples)) step_ = Step::examples;
    ImGui::EndDisabled();
    ui::tip(fit_.ok ? "Show Umpire an example of each terrain and hexside feature, then let it suggest the rest."
                    : "First calibrate: at least 3 hex centres, and a calibration that is not refused.");
    ui::probe("picture_step_examples");
    ui::same_line_if_fits(em * 9);
    // Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) while the window has the focus and no text field takes the keys.
    const ImGuiIO& io = ImGui::GetIO();
    const bool keys = io.KeyCtrl && !io.WantTextInput && !suggesting() && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
                      !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    const bool undo_key = keys && ImGui::IsKeyPressed('Z', false) && !io.KeyShift;
    const bool redo_key = keys && (ImGui::IsKeyPressed('Y', false) || (ImGui::IsKeyPressed('Z', false) && io.KeyShift));
    ImGui::BeginDisabled(!edits_.can_undo() || suggesting());
    if (ImGui::Button("Undo") || undo_key) edits_.undo(*board_);
    ImGui::EndDisabled();
    ui::tip("Undo the last point added, removed or renumbered (Ctrl+Z).");
    ui::probe("picture_undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(!edits_.can_redo() || suggesting());
    if (ImGui::Button("Redo") || redo_key) edits_.redo(*board_);
    ImGui::EndDisabled();
    ui::tip("Redo what was undone (Ctrl+Y or Ctrl+Shift+Z).");
    ui::probe("picture_redo");
    ui::same_line_if_fits(ImGui::CalcTextSize("Save board").x + em);
    ImGui::BeginDisabled(suggesting());
    if (ImGui::Button("Save board")) save();
    ImGui::EndDisabled();
    ui::tip("Write the board with its picture's points ([underlay]) to its file.");
    ui::probe("picture_save");
    if (edits_.unsaved(*board_)) {
        ImGui::SameLine();
        ImGui::TextColored(ui::neutral(), "\xe2\x97\x8f points not saved");
        ui::probe("picture_unsaved");
    } else if (!saved_note_.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", saved_note_.c_str());
    }
    draw_step_controls();
}

// Under the row: what to do in this step, in words; in Examples the names and the Suggest button.
void PictureTool::draw_step_controls() {
    if (reading()) {
        ui::wrapped(ui::dim_text(), "Reading the picture\xe2\x80\xa6 (" + std::filesystem::path(path_).filename().string() + ")");
        ui::probe("picture_reading");
        return;
    }
    if (!problem_.empty()) {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 The picture cannot be shown: " + problem_);
        ui::probe("picture_problem");
        return;
    }
    if (step_ == Step::calibrate) {
        ui::wrapped(ui::dim_text(), "Click a hex's centre, type its printed number, Enter \xc2\xb7 5 to 9 points: the corners, the edges' "
                                    "middles, the centre \xc2\xb7 drag: pan \xc2\xb7 wheel: zoom \xc2\xb7 Ctrl+Z: undo");
        ui::probe("picture_hint");
        return;
    }
    draw_name_choice();
    ui::same_line_if_fits(ImGui::CalcTextSize("Suggest the terrain").x + ImGui::GetStyle().FramePadding.x * 2);
    ImGui::BeginDisabled(examples_.empty() || suggesting() || !fit_.ok);
    if (ImGui::Button("Suggest the terrain")) suggest();
    ImGui::EndDisabled();
    ui::tip("Name every hex and hexside after the examples (about a second). Everything suggested is hatched until you accept it "
            "or paint over it; the unsure ones are listed to check first.");
    ui::probe("picture_suggest");
    if (suggesting()) {
        ImGui::SameLine();
        ImGui::TextColored(ui::neutral(), "Suggesting\xe2\x80\xa6");
        ui::probe("picture_suggesting");
    }
    ui::wrapped(ui::dim_text(), "Pick a name, click where it is: a hex anywhere inside, a hexside at its middle (a slope a little inside its "
                                "sloped hex) \xc2\xb7 one or two of each kind");
    ui::probe("picture_hint");
    if (!suggest_error_.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 Nothing was suggested: " + suggest_error_);
}

// The game's names in one drop-down (PanzerBlitz has some thirty), each with its mark and its
// word (never colour alone); a second-layer feature can stand on a terrain ("l1-hilltop+woods-hex").
void PictureTool::draw_name_choice() {
    const board::Vocabulary& v = board_->vocabulary;
    const std::vector<std::string> names = board::example_names(v);
    if (names.empty()) return;
    if (name_ >= int(names.size())) name_ = 0;
    auto label_of = [&](const std::string& n) {
        const view::BoardSupport::Look look = support_ ? support_->look(n) : view::BoardSupport::Look{};
        return (look.glyph.empty() ? brush_glyph(n) : look.glyph) + "  " + (look.word.empty() ? n : look.word);
    };
    const float em = ImGui::GetFontSize();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Example of:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::min(em * 16, std::max(em * 6, ImGui::GetContentRegionAvail().x)));
    const std::string& name = names[std::size_t(name_)];
    if (ImGui::BeginCombo("##example_name", label_of(name).c_str(), ImGuiComboFlags_HeightLarge)) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (ImGui::Selectable((label_of(names[i]) + "##" + names[i]).c_str(), name_ == int(i))) name_ = int(i);
            ui::probe(("picture_name_" + names[i]).c_str());
        }
        ImGui::EndCombo();
    }
    ui::tip(hexside_only(v, name) ? name + ": a hexside feature; click the middle of the hexside"
                                  : name + ": click anywhere inside such a hex");
    ui::probe("picture_name");
    if (std::find(v.hex_features.begin(), v.hex_features.end(), name) == v.hex_features.end()) return;
    ui::same_line_if_fits(em * 11);
    ImGui::SetNextItemWidth(em * 9);
    const std::string shown = on_.empty() ? v.hex_terrain.front() : on_;
    if (ImGui::BeginCombo("on##example_on", shown.c_str())) {
        for (const std::string& t : v.hex_terrain) {
            if (ImGui::Selectable(t.c_str(), t == shown)) on_ = t;
            ui::probe(("picture_on_" + t).c_str());
        }
        ImGui::EndCombo();
    }
    ui::tip("The terrain this " + name + " stands on in the hex clicked.");
    ui::probe("picture_on");
}

// =====================================================================================
// 4. input
// =====================================================================================

void PictureTool::draw_canvas(ImVec2 want) {
    const ImVec2 size{std::max(want.x, 40.0f), std::max(want.y, ImGui::GetFontSize() * 8.0f)};
    const ImVec2 lo = ImGui::GetCursorScreenPos(), hi{lo.x + size.x, lo.y + size.y};
    ImGui::InvisibleButton("##picture", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    ImGui::SetItemUsingMouseWheel();
    ui::probe("picture_canvas");
    if (!board_) return;
    handle_canvas_input(lo, hi);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(lo, hi, true);
    draw_picture(dl, lo, hi);
    draw_grid(dl, lo, hi);
    labels_.clear();  // the points' and the examples' labels of this frame: none may cover another
    draw_points(dl, lo, hi);
    draw_examples(dl, lo, hi);
    dl->PopClipRect();
    point_popup();
    // For the window tests (--test-layout): picture pixel (x, y) is at screen (ox + x * zoom, oy + y * zoom).
    char cam[96];
    std::snprintf(cam, sizeof cam, "%.3f %.3f %.5f", double(cam_.origin.x), double(cam_.origin.y), double(cam_.zoom));
    if (image_) ui::probe_value("picture_camera", cam);  // once the picture is read: the tests click through it
    ui::probe_value("picture_points", std::to_string(board_->underlay->points.size()));
    if (!board_->underlay->points.empty()) ui::probe_value("picture_last_point", board_->name(board_->underlay->points.back().hex));
    ui::probe_value("picture_fit", fit_.ok ? "ok" : "refused");
    ui::probe_value("picture_examples", std::to_string(examples_.size()));
    ui::probe_value("picture_job", suggesting() ? "running" : suggest_error_.empty() ? "idle" : "refused");
}

// Pan (right, middle, or a left drag) and zoom over the picture, kept in view; a left click (not a
// drag) adds a point (Calibrate: the number popup) or an example (Examples) where it was.
void PictureTool::handle_canvas_input(ImVec2 lo, ImVec2 hi) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 pic{image_ ? float(image_->width) : 100.0f, image_ ? float(image_->height) : 100.0f};
    // The picture moves with its canvas (a toolbar that wraps shifts it), and is fitted again when
    // the canvas changes size until the referee pans or zooms.
    if (cam_.fitted) cam_.origin.x += lo.x - canvas_lo_.x, cam_.origin.y += lo.y - canvas_lo_.y;
    canvas_lo_ = lo;
    const ImVec2 size{hi.x - lo.x, hi.y - lo.y};
    if (!user_moved_ && (std::fabs(size.x - fitted_size_.x) > 0.5f || std::fabs(size.y - fitted_size_.y) > 0.5f)) want_fit_ = true;
    if (want_fit_ || !cam_.fitted) {
        cam_.min_zoom = 1e-4f, cam_.max_zoom = 1e4f;
        cam_.fit({0, 0}, pic, lo, hi, 4.0f);
        cam_.min_zoom = cam_.zoom * 0.25f, cam_.max_zoom = std::max(cam_.zoom, 16.0f);  // up to 16 screen pixels a picture pixel
        want_fit_ = false;
        user_moved_ = false;
        fitted_size_ = size;
    }
    const ImVec2 before = cam_.origin;
    const float zoom_before = cam_.zoom;
    handle_input(cam_, ImGuiMouseButton_Right);
    if (ImGui::IsItemActive() && (ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f) || ImGui::IsMouseDragging(ImGuiMouseButton_Left)))
        cam_.origin.x += io.MouseDelta.x, cam_.origin.y += io.MouseDelta.y;
    user_moved_ |= cam_.origin.x != before.x || cam_.origin.y != before.y || cam_.zoom != zoom_before;
    cam_.keep_in_view({0, 0}, pic, lo, hi, std::min(hi.x - lo.x, hi.y - lo.y) * 0.25f);
    const bool click = ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left);
    if (!click || !image_ || suggesting()) return;
    const ImVec2 w = cam_.to_world(io.MousePos);
    const plane::Vec2 p{std::round(double(w.x) * 10) / 10, std::round(double(w.y) * 10) / 10};  // a tenth of a pixel: the file stays readable
    if (!image_->contains(p.x, p.y)) return;
    if (step_ == Step::calibrate) {
        pending_ = p;
        popup_at_ = io.MousePos;
        const std::optional<hex::Cube> h = board_->underlay->points.size() >= 3 ? hex_under(fit_, *board_, p) : std::nullopt;
        popup_text_ = h ? board_->name(*h) : "";
        popup_error_.clear();
        popup_focus_ = true;
        ImGui::OpenPopup("##picture_point");
        return;
    }
    const std::vector<std::string> names = board::example_names(board_->vocabulary);
    if (names.empty()) return;
    add_example(names[std::size_t(std::clamp(name_, 0, int(names.size()) - 1))], p);
}

void PictureTool::add_example(const std::string& base, plane::Vec2 p) {
    if (!board_ || suggesting()) return;
    const std::string name = example_name(board_->vocabulary, base, on_);
    const view::BoardSupport::Look look = support_ ? support_->look(base) : view::BoardSupport::Look{};
    Marker m{{name, p, "example " + std::to_string(examples_.size() + 1) + " (" + name + " at " + pixel_text(p) + ")"},
             look.glyph.empty() ? brush_glyph(base) : look.glyph, look.word.empty() ? name : look.word};
    examples_.push_back(std::move(m));
    suggest_error_.clear();
}

// The number popup at the click: the hex's printed number (prefilled from the fit once there are
// 3 points), Enter accepts, Esc cancels; a number not on the board is said in words.
void PictureTool::point_popup() {
    ImGui::SetNextWindowPos(popup_at_, ImGuiCond_Appearing);
    if (!ImGui::BeginPopup("##picture_point")) return;
    if (!pending_) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return;
    }
    ImGui::Text("Hex number at pixel %s", pixel_text(*pending_).c_str());
    if (popup_focus_) ImGui::SetKeyboardFocusHere(), popup_focus_ = false;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const bool enter = ImGui::InputTextWithHint("##point_hex", board_->name(board_->hex_at(0)).c_str(), &popup_text_,
                                                ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    ui::probe("picture_point_hex");
    ui::probe_value("picture_point_prefill", popup_text_.empty() ? "none" : popup_text_);
    ImGui::SameLine();
    const bool ok = ImGui::Button("Add");
    ui::probe("picture_point_ok");
    if (enter || ok) {
        const std::optional<hex::Cube> h = board_->parse_hex(popup_text_);
        std::string error;
        if (!h) {
            popup_error_ = "'" + popup_text_ + "' is not a hex of this board (" + board_->numbering.describe() + "; columns 1-" +
                           std::to_string(board_->columns) + ", rows 1-" + std::to_string(board_->rows) + ")";
            popup_focus_ = true;
        } else if (!edits_.add(*board_, *h, *pending_, &error)) {
            popup_error_ = error;
        } else {
            pending_.reset();
            ImGui::CloseCurrentPopup();
        }
    }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) pending_.reset(), ImGui::CloseCurrentPopup();
    if (!popup_error_.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + popup_error_);
    ImGui::TextDisabled("Enter: add \xc2\xb7 Esc: cancel");
    ImGui::EndPopup();
}

}  // namespace umpire::app
