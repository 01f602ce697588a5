// The table view (see table_view.hpp and docs/window.md, "Table view").
//
// Sections
//   1. helpers           colours and patterns per kind, labels that are never cut off
//   2. loading and saving
//   3. the toolbar
//   4. the canvas        grid, pieces, sight lines and path, bases, names, tape
//   5. the mouse         the left button, picking, dragging, hovering
//   6. the crossings list
#include "window/table/view.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms the table, not a panel

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "window/shell/files.hpp"
#include "window/ui/canvas_labels.hpp"
#include "window/ui/widgets.hpp"
#include "core/diag.hpp"
#include "engine/engine.hpp"
#include "tabletop/sketch.hpp"

namespace umpire::app {

namespace fs = std::filesystem;
namespace pl = umpire::plane;
namespace tt = umpire::tabletop;

namespace {

// =====================================================================================
// 1. helpers
// =====================================================================================

ImU32 col(ImVec4 c, float alpha = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, c.w * alpha)); }

// How a kind of terrain is drawn: its colour (never its only sign: each has a pattern and its name
// is written on it) and the pattern's glyph. Amber is not used: it means referee's call only.
enum class Glyph { contour, tree, house, reed, row, none };
struct Look {
    ImVec4 colour;
    Glyph glyph;
    bool water = false;  // rivers and streams: their width is written beside the name
};

Look look(const std::string& kind) {
    auto is = [&](std::initializer_list<const char*> names) {
        for (const char* n : names)
            if (kind == n) return true;
        return false;
    };
    if (is({"hill"})) return {ImVec4(0.55f, 0.66f, 0.42f, 1), Glyph::contour};
    if (is({"woods", "orchard", "spinney"})) return {ImVec4(0.30f, 0.68f, 0.38f, 1), Glyph::tree};
    if (is({"village", "landmark", "buildings", "building", "town"})) return {ImVec4(0.74f, 0.64f, 0.80f, 1), Glyph::house};
    if (is({"swamp", "marsh", "boggy", "bog"})) return {ImVec4(0.38f, 0.70f, 0.64f, 1), Glyph::reed};
    if (is({"field", "fields"})) return {ImVec4(0.70f, 0.72f, 0.58f, 1), Glyph::row};
    if (is({"river", "stream", "creek", "canal", "ford", "brook"})) return {ImVec4(0.38f, 0.60f, 0.92f, 1), Glyph::none, true};
    if (is({"road", "bridge", "track"})) return {ImVec4(0.78f, 0.74f, 0.70f, 1), Glyph::none};
    return {ImVec4(0.82f, 0.82f, 0.84f, 1), Glyph::none};
}

ImVec4 mark_colour(tt::Mark m) {
    switch (m) {
        case tt::Mark::blocking: return ui::bad();
        case tt::Mark::call: return ui::referee_call();
        case tt::Mark::cover: return ui::neutral();
        case tt::Mark::crossed: return ui::lit();
        case tt::Mark::clear: break;
    }
    return ui::good();
}

// The mark's word, so its colour is never the only sign.
const char* mark_word(tt::Mark m) {
    switch (m) {
        case tt::Mark::blocking: return "\xe2\x9c\x96 BLOCKS";
        case tt::Mark::call: return "\xe2\x96\xb2 REFEREE'S CALL";
        case tt::Mark::cover: return "\xe2\x97\x8f COVER";
        case tt::Mark::crossed: return "\xe2\x97\x8f CROSSED";
        case tt::Mark::clear: break;
    }
    return "\xe2\x9c\x94 clear";
}

std::string length_text(double v, const std::string& unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, unit.c_str());
    return buf;
}

// Text on the canvas, always wholly inside it (a label whose anchor is off the canvas is not drawn;
// one near an edge is moved in), never over another label: with `placed`, the first free place
// among a few lines up and down and a label's width either side is taken (a label that may not
// move, a grid number, is left out instead). A dark backing keeps it
// readable on terrain. Every label drawn is noted for the clipping check (ui::note_label).
void label(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImVec2 at, const std::string& text, ImU32 colour, bool centred = true,
           std::vector<ImVec4>* placed = nullptr, bool movable = true) {
    if (at.x < lo.x || at.y < lo.y || at.x > hi.x || at.y > hi.y) return;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 p0 = centred ? ImVec2(at.x - size.x / 2, at.y - size.y / 2) : at;
    // Nowhere free: left out (the hover and the crossings list still name it); a grid number that
    // may not move is left out rather than put off its line, which would mislead.
    const std::optional<ImVec2> spot = ui::label_spot(lo, hi, p0, size, placed, movable);
    if (!spot) return;
    const ImVec2 p = *spot;
    const ImVec4 r(p.x - 2, p.y, p.x + size.x + 2, p.y + size.y);
    ui::note_label(text, r, ImVec4(lo.x, lo.y, hi.x, hi.y));
    dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.z, r.w), IM_COL32(20, 22, 26, 170), 2.0f);
    dl->AddText(p, colour, text.c_str());
}

// One mark of a kind's pattern, centred on q, r pixels across.
void glyph(ImDrawList* dl, Glyph g, ImVec2 q, float r, ImU32 c) {
    switch (g) {
        case Glyph::contour:  // a hill: a small ridge
            dl->AddLine(ImVec2(q.x - r, q.y + r / 2), ImVec2(q.x, q.y - r / 2), c, 1);
            dl->AddLine(ImVec2(q.x, q.y - r / 2), ImVec2(q.x + r, q.y + r / 2), c, 1);
            break;
        case Glyph::tree: dl->AddCircle(q, r, c, 8, 1); break;
        case Glyph::house: dl->AddRect(ImVec2(q.x - r, q.y - r), ImVec2(q.x + r, q.y + r), c); break;
        case Glyph::reed:
            dl->AddLine(ImVec2(q.x - r, q.y), ImVec2(q.x + r, q.y), c, 1);
            dl->AddLine(ImVec2(q.x, q.y), ImVec2(q.x, q.y - r), c, 1);
            break;
        case Glyph::row: dl->AddLine(ImVec2(q.x - r, q.y + r), ImVec2(q.x + r, q.y - r), c, 1); break;
        case Glyph::none: dl->AddCircleFilled(q, r / 3, c, 4); break;
    }
}

bool inside_box(const std::vector<pl::Vec2>& pts, double w, double d) {
    for (auto p : pts)
        if (p.x < 0 || p.x > w || p.y < 0 || p.y > d) return false;
    return true;
}

}  // namespace

// =====================================================================================
// 2. loading and saving
// =====================================================================================

void TableView::load(const Engine& e, const toml::table& situation, const fs::path& dir, bool force) {
    const toml::node* n = situation.get("table");
    const std::string file = n && n->is_string() ? n->as_string()->get() : std::string();
    const std::string key = file + "\n" + dir.string();
    if (key == key_ && !force) return;
    // The situation names another table (its text edited, or read again): the drags and pieces not
    // saved to the old one are kept aside, not dropped (the window never loses the referee's work).
    if (modified_ && table_) set_aside_.push_back(unsaved("when the situation's table file changed"));
    key_ = key;
    table_.reset();
    undo_.clear();
    errors_.clear();
    modified_ = false;
    ++revision_;
    cam_.fitted = false;
    tape_a_.reset(), tape_b_.reset();
    if (file.empty()) {
        errors_ = {"the situation names no table file (table = \"FILE\")"};
        return;
    }
    path_ = fs::path(file).is_absolute() ? fs::path(file) : dir / file;
    const std::string shown = dir.empty() ? file : path_.lexically_normal().string();
    photo_.reset();
    trace_.set_rules(nullptr);
    try {
        const tt::Systems systems = tt::table_systems(e);
        table_ = tt::load_sketch(path_, shown, systems);
        trace_.set_rules(systems.find(table_->system));
    } catch (const InputError& err) {
        for (const auto& d : err.diagnostics()) errors_.push_back(d.str());
    } catch (const std::exception& err) {
        errors_ = {shown + ":1:1: " + err.what()};
    }
}

// The table as it is, for STATE/recovered-*.toml: its photo named by its full path, as it is found
// from the table file's folder, so that the kept file still shows it from the state folder.
Panel::SetAside TableView::unsaved(const std::string& when) const {
    tt::Sketch kept = *table_;
    if (kept.photo && !kept.photo->image.empty() && fs::path(kept.photo->image).is_relative())
        kept.photo->image = (path_.parent_path() / kept.photo->image).lexically_normal().string();
    return {tt::write_sketch(kept), "the table " + path_.filename().string() + " had changes not saved " + when};
}

std::vector<Panel::SetAside> TableView::take_set_aside(bool closing, const std::string& when) {
    if (closing && modified_ && table_) {
        set_aside_.push_back(unsaved(when));
        modified_ = false;  // kept once
    }
    return std::exchange(set_aside_, {});
}

std::optional<std::string> TableView::save() {
    if (!table_) return std::string("no table is loaded");
    if (auto err = atomic_write(path_, tt::write_sketch(*table_))) return err;
    modified_ = false;
    status_ = "Saved " + path_.filename().string();
    return std::nullopt;
}

void TableView::remember() {
    if (!table_) return;
    undo_.push_back(*table_);
    if (undo_.size() > 50) undo_.erase(undo_.begin());
}

bool TableView::undo() {
    if (undo_.empty()) return false;
    table_ = undo_.back();
    undo_.pop_back();
    modified_ = true;
    ++revision_;
    return true;
}

void TableView::add_piece(tt::Piece p) {
    if (!table_) return;
    remember();
    status_ = p.kind + " \"" + p.name + "\" added: Save table writes it";
    table_->pieces.push_back(std::move(p));
    modified_ = true;
    ++revision_;
}

void TableView::add_base(tt::Base b) {
    if (!table_) return;
    remember();
    status_ = "base \"" + b.name + "\" added: Save table writes it";
    table_->bases.push_back(std::move(b));
    modified_ = true;
    ++revision_;
}

void TableView::set_photo(tt::Photo p) {
    if (!table_) return;
    remember();
    table_->photo = std::move(p);
    modified_ = true;
    ++revision_;
}

bool TableView::move_base(const std::string& name, pl::Vec2 at) {
    if (!table_) return false;
    for (auto& b : table_->bases)
        if (b.name == name) {
            remember();
            tt::place_base(b, at);
            modified_ = true;
            ++revision_;
            return true;
        }
    return false;
}

// =====================================================================================
// 3. the toolbar
// =====================================================================================

void TableView::draw_toolbar(PanelContext& ctx, MapArea& area) {
    (void)ctx;
    if (ImGui::Button("Fit")) cam_.fitted = false, panned_ = false;
    ui::tip("Shows the whole table.");
    ui::probe("table_fit");
    ui::same_line_if_fits(ui::checkbox_width("Tape"));
    if (ImGui::Checkbox("Tape", &tape_mode_) && tape_mode_) trace_.set_on(false);
    ui::tip("Measuring tape: left drag measures in the table's unit (or hold Shift while dragging).");
    ui::probe("table_tape");
    ui::same_line_if_fits(ui::checkbox_width("Trace"));
    const bool tracing = trace_.on();
    trace_.draw_toggle();
    if (trace_.on() && !tracing) tape_mode_ = false;
    ui::same_line_if_fits(ImGui::CalcTextSize("Undo").x + ImGui::GetStyle().FramePadding.x * 2);
    ImGui::BeginDisabled(undo_.empty());
    if (ImGui::Button("Undo")) undo();
    ImGui::EndDisabled();
    ui::tip("Takes back the last change: a drag, a traced piece, the photo's corners.");
    ui::same_line_if_fits(ImGui::CalcTextSize("Save table").x + ImGui::GetStyle().FramePadding.x * 2);
    ImGui::BeginDisabled(!modified_);
    if (ImGui::Button("Save table")) {
        if (auto err = save()) status_ = "Could not save " + path_.string() + ": " + *err;
    }
    ImGui::EndDisabled();
    ui::tip("Writes the table file (" + path_.string() + ") with the pieces and bases where they are now; "
            "the situation file is not changed. Comments in the table file are not kept.");
    ui::probe("table_save");
    ui::same_line_if_fits(ImGui::CalcTextSize("Photo\xe2\x80\xa6").x + ImGui::GetStyle().FramePadding.x * 2);
    if (const auto o = photo_.draw_button(*table_, path_); o && table_->photo && table_->photo->opacity != double(*o)) {
        tt::Photo p = *table_->photo;
        p.opacity = std::round(double(*o) * 100) / 100;
        set_photo(p);
    }
    const char* picture = "Picture \xe2\x96\xbe";  // the Board menu's picture items, on a table
    ui::same_line_if_fits(ImGui::CalcTextSize(picture).x + ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button(picture)) ImGui::OpenPopup("##table_picture");
    ui::tip("The picture of the ruling: the table with the line and the pieces, the verdict and the reasons, as a PNG.");
    ui::probe("table_picture");
    if (ImGui::BeginPopup("##table_picture")) {
        picture_menu_items(area);
        ImGui::EndPopup();
    }
    if (area.map_only) {  // Map only itself is in the side panel's header (App::draw_side)
        ui::same_line_if_fits(ImGui::CalcTextSize("Back").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button("Back")) area.toggle_map_only = true;
        ui::tip("Show the ruling and the situation beside the table again (F11 or Esc).");
        ui::probe("map_only");
    }
    const std::string state = modified_ ? "\xe2\x97\x8f table changed, not saved" : "table as saved";
    ui::same_line_if_fits(ImGui::CalcTextSize(state.c_str()).x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", state.c_str());
    ui::probe_value("table_modified", modified_ ? "yes" : "no");
    ui::tip("Left drag: move a piece or a base. Ctrl + wheel on a base: turn it. Right or middle drag: pan. "
            "Wheel: zoom. Shift + left drag (or Tape): measure.");
    if (!status_.empty()) ui::wrapped(ui::dim_text(), status_);
    if (photo_.reading()) ui::wrapped(ui::dim_text(), "Reading the photo\xe2\x80\xa6");
    else if (!photo_.problem().empty() && !photo_.calibrating()) ui::wrapped(ui::tone_colour(Tone::bad), "\xe2\x9c\x96 Photo: " + photo_.problem());
}

// =====================================================================================
// 4. the canvas
// =====================================================================================

ImVec2 TableView::screen(pl::Vec2 p) const {
    // The table's y grows northwards; the screen's downwards.
    return cam_.to_screen(ImVec2(static_cast<float>(p.x), static_cast<float>(table_->depth - p.y)));
}

pl::Vec2 TableView::table_at(ImVec2 s) const {
    const ImVec2 w = cam_.to_world(s);
    return {w.x, table_->depth - w.y};
}

bool TableView::draw(PanelContext& ctx, const tt::TableView* view, MapArea& area) {
    if (!table_) {
        ui::error_banner("THE TABLE FILE CANNOT BE READ", {"Fix these in the table file, then open the situation again:"},
                         ui::tone_colour(Tone::bad));
        for (const auto& l : errors_) ui::text(l);
        ui::probe("table_errors");
        return false;
    }
    const float top = ImGui::GetCursorPosY();
    const int before = revision_;
    photo_.follow(*table_, path_);
    draw_toolbar(ctx, area);
    const ImVec2 rest(area.size.x, area.size.y - (ImGui::GetCursorPosY() - top));
    if (photo_.calibrating()) {  // the photo itself, in its own pixels, instead of the table
        if (auto p = photo_.draw_calibration(*table_, rest, ctx.scale)) set_photo(std::move(*p));
        return revision_ != before;
    }
    trace_.draw_controls(*table_, ctx.scale);
    draw_canvas(ctx, view, ImVec2(area.size.x, area.size.y - (ImGui::GetCursorPosY() - top)));
    return revision_ != before;
}

bool TableView::draw_canvas(PanelContext& ctx, const tt::TableView* view, ImVec2 size) {
    const tt::Sketch& t = *table_;
    const float w = std::max(size.x, 50.0f), height = std::max(size.y, ImGui::GetFontSize() * 6.0f);
    // Until the referee pans or zooms, the whole table stays fitted as the canvas changes size
    // (the side panel's splitter, the window, Map only).
    // Not while a trace is under way: its step line may wrap, and the table must not move under the clicks.
    if (!panned_ && trace_.trace().points.empty() &&
        (std::fabs(canvas_hi_.x - canvas_lo_.x - w) > 0.5f || std::fabs(canvas_hi_.y - canvas_lo_.y - height) > 0.5f))
        cam_.fitted = false;
    canvas_lo_ = ImGui::GetCursorScreenPos();
    canvas_hi_ = ImVec2(canvas_lo_.x + w, canvas_lo_.y + height);
    ImGui::InvisibleButton("##table_canvas", ImVec2(w, height),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    ImGui::SetItemUsingMouseWheel();
    ui::probe("table_canvas");
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    if (!cam_.fitted) {
        cam_.min_zoom = 0.01f, cam_.max_zoom = 1000.0f;
        cam_.fit(ImVec2(0, 0), ImVec2(float(t.width), float(t.depth)), canvas_lo_, canvas_hi_, 12.0f * ctx.scale);
        cam_.min_zoom = cam_.zoom * 0.25f;  // never smaller than a quarter of the whole table
    }
    const ImGuiIO& io = ImGui::GetIO();
    const Pick under = hovered && !trace_.on() ? pick(io.MousePos) : Pick{};
    // Ctrl + wheel over a base turns it 15 degrees a notch (clockwise with the wheel towards you);
    // else the wheel zooms about the mouse and right drag pans (the shared camera); middle drag pans too.
    if (hovered && io.KeyCtrl && io.MouseWheel != 0.0f && under.found && under.item.base) {
        tt::Base& b = table_->bases[under.item.index];
        remember();
        double f = std::fmod(b.facing - 15.0 * io.MouseWheel, 360.0);
        if (f < 0) f += 360.0;
        tt::turn_base(b, f);
        modified_ = true;
        ++revision_;
    } else if (handle_input(cam_, ImGuiMouseButton_Right)) {
        panned_ = true;
    }
    if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f)) {
        cam_.origin = {cam_.origin.x + io.MouseDelta.x, cam_.origin.y + io.MouseDelta.y};
        panned_ = true;
    }
    // Some of the table stays in view whatever the pan or zoom.
    cam_.keep_in_view(ImVec2(0, 0), ImVec2(float(t.width), float(t.depth)), canvas_lo_, canvas_hi_, std::min(w, height) * 0.25f);
    if (trace_.on()) {
        TraceTool::Made made = trace_.handle(t, hovered, table_at(io.MousePos), 6.0 * ctx.scale / std::max(cam_.zoom, 1e-3f));
        if (made.piece) add_piece(std::move(*made.piece));
        if (made.base) add_base(std::move(*made.base));
    } else {
        handle_left_mouse(hovered, active, under);
    }
    if (ui::probing()) {  // for the window tests: table point (x, y) is at origin + (x, depth - y) * zoom
        char buf[96];
        std::snprintf(buf, sizeof buf, "%.3f %.3f %.6f", cam_.origin.x, cam_.origin.y, cam_.zoom);
        ui::probe_value("table_camera", buf);
        ui::probe_value("table_photo_shown", photo_.shown() ? "yes" : "no");
    }

    // ---- drawing ----
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(canvas_lo_, canvas_hi_, true);
    dl->AddRectFilled(canvas_lo_, canvas_hi_, IM_COL32(24, 26, 30, 255));
    const ImVec2 tl = screen({0, t.depth}), br = screen({t.width, 0});
    dl->AddRectFilled(tl, br, IM_COL32(44, 52, 40, 255));
    photo_.draw_under(dl, t, [&](pl::Vec2 p) { return screen(p); });
    dl->AddRect(tl, br, IM_COL32(200, 200, 200, 255), 0, 0, 1.5f);
    const float s = ctx.scale;
    placed_.clear();  // every label of this frame, so none covers another
    draw_grid(dl, s, false);
    const Marks m = marks_of(view);
    draw_pieces(dl, s, under);
    draw_ruling_lines(dl, s, view, m);
    draw_bases(dl, s, view, under, m);
    draw_names(dl, s, m);
    draw_tape(dl, s);
    trace_.draw(dl, [&](pl::Vec2 p) { return screen(p); }, io.MousePos, hovered, s);
    draw_grid(dl, s, true);  // the grid's numbers last: where a name stands, the number gives way
    dl->PopClipRect();

    // Hover: the item's sentences from the ruling.
    if (hovered && !dragging_.found && !measuring_ && under.found && !trace_.on()) ui::tip(hover_text(under, view));
    if (hovered) ImGui::SetMouseCursor(under.found && !tape_mode_ ? ImGuiMouseCursor_Hand : ImGuiMouseCursor_Arrow);
    return false;
}

// The grid: lines every `step` of the table's unit, at least ~48 px apart (`numbers`: their
// numbers instead, each where no other label stands).
void TableView::draw_grid(ImDrawList* dl, float s, bool numbers) const {
    const tt::Sketch& t = *table_;
    const double steps_in[] = {1, 2, 3, 6, 12, 24, 48, 96};
    const double steps_cm[] = {1, 2, 5, 10, 20, 50, 100, 200};
    const double* steps = t.unit == "cm" ? steps_cm : steps_in;
    double step = steps[7];
    for (int i = 0; i < 8; ++i)
        if (steps[i] * cam_.zoom >= 48.0f * s) {
            step = steps[i];
            break;
        }
    const ImU32 grid = IM_COL32(255, 255, 255, 34), grid_text = col(ui::dim_text());
    for (double x = 0; x <= t.width + 1e-9; x += step) {
        const ImVec2 a = screen({x, 0}), b = screen({x, t.depth});
        if (!numbers) {
            dl->AddLine(a, b, grid);
            continue;
        }
        char buf[32];
        if (x == 0) std::snprintf(buf, sizeof buf, "0 %s", t.unit.c_str());
        else std::snprintf(buf, sizeof buf, "%g", x);
        label(dl, canvas_lo_, canvas_hi_, ImVec2(a.x + 2, std::max(b.y, canvas_lo_.y) + 2), buf, grid_text, false, &placed_, false);
    }
    for (double y = 0; y <= t.depth + 1e-9; y += step) {
        const ImVec2 a = screen({0, y}), b = screen({t.width, y});
        if (!numbers) {
            dl->AddLine(a, b, grid);
            continue;
        }
        if (y > 0 && y < t.depth - step / 2) {  // not beside the top edge's labels
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", y);
            label(dl, canvas_lo_, canvas_hi_, ImVec2(std::max(a.x, canvas_lo_.x) + 2, a.y + 2), buf, grid_text, false, &placed_, false);
        }
    }

}

// The marks the ruling gave each item (the worst mark when several lines cross it).
TableView::Marks TableView::marks_of(const tt::TableView* view) const {
    const tt::Sketch& t = *table_;
    auto rank = [](tt::Mark m) {
        return m == tt::Mark::call ? 4 : m == tt::Mark::blocking ? 3 : m == tt::Mark::cover ? 2 : m == tt::Mark::crossed ? 1 : 0;
    };
    Marks m{std::vector<std::optional<tt::Mark>>(t.pieces.size()), std::vector<std::optional<tt::Mark>>(t.bases.size())};
    auto note_mark = [&](const tt::Crossing& c) {
        auto& slot = c.item.base ? m.bases : m.pieces;
        if (c.item.index >= slot.size()) return;
        if (!slot[c.item.index] || rank(c.mark) > rank(*slot[c.item.index])) slot[c.item.index] = c.mark;
    };
    if (view) {
        for (const auto& sv : view->sights)
            for (const auto& c : sv.crossed) note_mark(c);
        for (const auto& c : view->path_crossed) note_mark(c);
    }
    return m;
}

// Pieces: areas first (patterned outlines), then lines (drawn at their true width).
void TableView::draw_pieces(ImDrawList* dl, float s, const Pick& under) const {
    const tt::Sketch& t = *table_;
    const float thin = std::max(1.0f, 1.5f * s);
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < t.pieces.size(); ++i) {
            const tt::Piece& p = t.pieces[i];
            if (p.is_line != (pass == 1)) continue;
            const Look lk = look(p.kind);
            const ImU32 c = col(lk.colour), faint = col(lk.colour, 0.55f);
            const bool picked = under.found && !under.item.base && under.item.index == i;
            if (!p.is_line) {
                std::vector<ImVec2> pts;
                for (auto v : p.outline) pts.push_back(screen(v));
                // The pattern: the kind's glyph on a screen grid inside the outline.
                pl::Box bx = pl::bounds(p.outline);
                const ImVec2 a = screen({bx.lo.x, bx.hi.y}), b = screen({bx.hi.x, bx.lo.y});
                float gap = 14.0f * s;
                while (((b.x - a.x) / gap) * ((b.y - a.y) / gap) > 600) gap *= 1.5f;
                for (float y = std::max(a.y, canvas_lo_.y) + gap / 2; y < std::min(b.y, canvas_hi_.y); y += gap)
                    for (float x = std::max(a.x, canvas_lo_.x) + gap / 2; x < std::min(b.x, canvas_hi_.x); x += gap) {
                        const float ox = std::fmod(std::floor((y - a.y) / gap), 2.0f) * gap / 2;  // staggered rows
                        const ImVec2 q(x + ox, y);
                        if (!pl::contains(p.outline, table_at(q))) continue;
                        glyph(dl, lk.glyph, q, 3.0f * s, faint);
                    }
                dl->AddPolyline(pts.data(), int(pts.size()), c, ImDrawFlags_Closed, picked ? 3 * thin : thin);
            } else {
                std::vector<ImVec2> pts;
                for (auto v : p.line) pts.push_back(screen(v));
                const float wpx = std::max(float(p.width) * cam_.zoom, thin);
                dl->AddPolyline(pts.data(), int(pts.size()), col(lk.colour, p.width > 0 ? 0.6f : 1.0f), 0, wpx);
                if (picked) dl->AddPolyline(pts.data(), int(pts.size()), IM_COL32(255, 255, 255, 200), 0, thin);
                if (p.has_top) {
                    // The escarpment's top side: hachures (short ticks) on the top side, and the word "top".
                    for (const auto& sg : pl::segments(p.line)) {
                        const ImVec2 a = screen(sg.a), b = screen(sg.b);
                        const float len = std::hypot(b.x - a.x, b.y - a.y);
                        if (len < 1) continue;
                        // Left of the direction in table space (y north) is, on screen (y down), the normal (dy, -dx).
                        ImVec2 n(( b.y - a.y) / len, -(b.x - a.x) / len);
                        if (!p.top_left) n = ImVec2(-n.x, -n.y);
                        const float tick = 6.0f * s;
                        for (float d = tick / 2; d < len; d += tick * 1.5f) {
                            const ImVec2 q(a.x + (b.x - a.x) * d / len, a.y + (b.y - a.y) * d / len);
                            dl->AddLine(q, ImVec2(q.x + n.x * tick, q.y + n.y * tick), c, thin);
                        }
                        dl->AddLine(a, b, c, 2.5f * thin);
                        const ImVec2 mid((a.x + b.x) / 2 + n.x * 16 * s, (a.y + b.y) / 2 + n.y * 16 * s);
                        label(dl, canvas_lo_, canvas_hi_, mid, "top", c, true, &placed_);
                    }
                }
            }
        }

}

// The sight lines and the move path (lit: what the ruling used), and each crossed piece outlined
// again in its mark's colour.
void TableView::draw_ruling_lines(ImDrawList* dl, float s, const tt::TableView* view, const Marks& m) const {
    const tt::Sketch& t = *table_;
    const float thin = std::max(1.0f, 1.5f * s);
    const ImU32 lit = col(ui::lit());
    if (view) {
        for (const auto& sv : view->sights) {
            dl->AddLine(screen(sv.line.a), screen(sv.line.b), lit, 2.0f * thin);
            dl->AddCircleFilled(screen(sv.line.b), 3.0f * s, lit);
        }
        if (view->path.size() >= 2) {
            std::vector<ImVec2> pts;
            for (auto v : view->path) pts.push_back(screen(v));
            dl->AddPolyline(pts.data(), int(pts.size()), lit, 0, 2.5f * thin);
            for (const auto& q : pts) dl->AddCircleFilled(q, 3.0f * s, lit);
            label(dl, canvas_lo_, canvas_hi_, ImVec2(pts.back().x + 8 * s, pts.back().y + 6 * s),
                  "moved " + length_text(view->moved, t.unit), lit, false, &placed_);
        }
    }

    // Crossed items: drawn again in their mark's colour, thicker.
    for (std::size_t i = 0; i < t.pieces.size(); ++i) {
        if (!m.pieces[i]) continue;
        const tt::Piece& p = t.pieces[i];
        const ImU32 c = col(mark_colour(*m.pieces[i]));
        std::vector<ImVec2> pts;
        for (auto v : p.is_line ? p.line : p.outline) pts.push_back(screen(v));
        dl->AddPolyline(pts.data(), int(pts.size()), c, p.is_line ? 0 : ImDrawFlags_Closed, 2.5f * thin);
    }
}

// Bases: outline, front edge and facing stroke; the question's bases lit.
void TableView::draw_bases(ImDrawList* dl, float s, const tt::TableView* view, const Pick& under, const Marks& m) const {
    const tt::Sketch& t = *table_;
    const float thin = std::max(1.0f, 1.5f * s);
    const ImU32 lit = col(ui::lit());
    for (std::size_t i = 0; i < t.bases.size(); ++i) {
        const tt::Base& b = t.bases[i];
        const bool subject = view && std::find(view->subjects.begin(), view->subjects.end(), tt::ItemRef{true, i}) != view->subjects.end();
        const bool picked = under.found && under.item.base && under.item.index == i;
        std::vector<ImVec2> pts;
        for (auto v : b.outline) pts.push_back(screen(v));
        dl->AddConvexPolyFilled(pts.data(), int(pts.size()), IM_COL32(225, 225, 230, 200));
        ImU32 edge = subject ? lit : IM_COL32(40, 40, 44, 255);
        if (m.bases[i]) edge = col(mark_colour(*m.bases[i]));
        dl->AddPolyline(pts.data(), int(pts.size()), edge, ImDrawFlags_Closed, (subject || picked || m.bases[i]) ? 2.5f * thin : thin);
        // Facing: a line from the centre to the front, clockwise from north.
        const double rad = b.facing * pl::kPi / 180.0;
        const double reach = b.circle ? b.radius : b.depth / 2;
        const ImVec2 c0 = screen(b.at), c1 = screen({b.at.x + std::sin(rad) * reach, b.at.y + std::cos(rad) * reach});
        dl->AddLine(c0, c1, IM_COL32(30, 30, 34, 255), 2.0f * thin);
        if (!b.circle && pts.size() == 4) dl->AddLine(pts[0], pts[1], IM_COL32(30, 30, 34, 255), 2.5f * thin);
        if (ui::probing()) {  // for the window tests: where each base is drawn ("table_base_Sherman_A")
            std::string id = "table_base_" + b.name;
            std::replace_if(id.begin(), id.end(), [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }, '_');
            ImVec2 lo = pts[0], hi = pts[0];
            for (const auto& q : pts) lo = ImVec2(std::min(lo.x, q.x), std::min(lo.y, q.y)), hi = ImVec2(std::max(hi.x, q.x), std::max(hi.y, q.y));
            ui::probe_rect(id, lo, hi);
        }
        if (b.wreck) dl->AddLine(pts[0], pts[2], IM_COL32(30, 30, 34, 255), thin), dl->AddLine(pts[1], pts[3], IM_COL32(30, 30, 34, 255), thin);
    }
}

// Names last, so nothing covers them: bases beside them, then pieces at their middle, each moved
// off a label already drawn.
void TableView::draw_names(ImDrawList* dl, float s, const Marks& m) const {
    const tt::Sketch& t = *table_;
    for (std::size_t i = 0; i < t.bases.size(); ++i) {
        const tt::Base& b = t.bases[i];
        const pl::Box bx = pl::bounds(b.outline);
        const ImVec2 at = screen({bx.hi.x, bx.hi.y});
        std::string text = b.name;
        if (m.bases[i]) text += "  " + std::string(mark_word(*m.bases[i]));
        label(dl, canvas_lo_, canvas_hi_, ImVec2(at.x + 4 * s, at.y), text, IM_COL32(240, 240, 244, 255), false, &placed_);
    }
    for (std::size_t i = 0; i < t.pieces.size(); ++i) {
        const tt::Piece& p = t.pieces[i];
        pl::Vec2 at = p.is_line ? (p.line[(p.line.size() - 1) / 2] + p.line[p.line.size() / 2]) * 0.5 : pl::centroid(p.outline);
        std::string text = p.name;
        if (p.is_line && p.width > 0 && look(p.kind).water)
            text += " (" + length_text(p.width, t.unit) + " wide)";
        if (m.pieces[i]) text += "  " + std::string(mark_word(*m.pieces[i]));
        label(dl, canvas_lo_, canvas_hi_, screen(at), text, m.pieces[i] ? col(mark_colour(*m.pieces[i])) : col(look(p.kind).colour), true,
              &placed_);
    }
}

// The tape: a line with its length in the table's unit.
void TableView::draw_tape(ImDrawList* dl, float s) const {
    const tt::Sketch& t = *table_;
    const float thin = std::max(1.0f, 1.5f * s);
    if (tape_a_ && tape_b_) {
        const ImVec2 a = screen(*tape_a_), b = screen(*tape_b_);
        const ImU32 tape = IM_COL32(255, 255, 255, 235);
        dl->AddLine(a, b, tape, 2.0f * thin);
        dl->AddCircle(a, 4 * s, tape), dl->AddCircle(b, 4 * s, tape);
        label(dl, canvas_lo_, canvas_hi_, ImVec2(b.x + 10 * s, b.y - 10 * s), "tape " + length_text(pl::distance(*tape_a_, *tape_b_), t.unit), tape, false, &placed_);
    }
}


// =====================================================================================
// 5. the mouse
// =====================================================================================

// Left button: a press picks a piece or a base to drag, or starts the tape (Tape, or Shift); a
// drag moves the piece (one undo step per drag) or stretches the tape.
void TableView::handle_left_mouse(bool hovered, bool active, const Pick& under) {
    const ImGuiIO& io = ImGui::GetIO();
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (tape_mode_ || io.KeyShift || !under.found) {
            measuring_ = tape_mode_ || io.KeyShift;
            if (measuring_) tape_a_ = tape_b_ = table_at(io.MousePos);
            dragging_ = Pick{};
        } else {
            dragging_ = under;
            drag_last_ = table_at(io.MousePos);
            remember();
        }
    }
    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        const pl::Vec2 now = table_at(io.MousePos);
        if (measuring_) tape_b_ = now;
        else if (dragging_.found && !(now == drag_last_)) {
            drag_by(dragging_, now - drag_last_);
            drag_last_ = now;
        }
    }
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        if (dragging_.found && !undo_.empty() && tt::same_sketch(undo_.back(), *table_)) undo_.pop_back();  // a click, not a drag
        dragging_ = Pick{};
        measuring_ = false;
    }
}

TableView::Pick TableView::pick(ImVec2 mouse) const {
    const tt::Sketch& t = *table_;
    const pl::Vec2 q = table_at(mouse);
    const double slop = 4.0 / std::max(cam_.zoom, 1e-3f);  // 4 px, in table units
    // Bases first (they stand on the terrain), the last drawn on top.
    for (std::size_t i = t.bases.size(); i-- > 0;)
        if (pl::contains(t.bases[i].outline, q) || pl::signed_distance(t.bases[i].outline, q) <= slop) return {{true, i}, true};
    // Then lines (thin, on top of areas), then the smallest area under the mouse.
    for (std::size_t i = t.pieces.size(); i-- > 0;)
        if (t.pieces[i].is_line && pl::line_distance(t.pieces[i].line, q) <= t.pieces[i].width / 2 + slop) return {{false, i}, true};
    Pick best;
    double best_area = 0;
    for (std::size_t i = 0; i < t.pieces.size(); ++i) {
        const auto& p = t.pieces[i];
        if (p.is_line || !pl::contains(p.outline, q)) continue;
        const double a = pl::area(p.outline);
        if (!best.found || a < best_area) best = {{false, i}, true}, best_area = a;
    }
    return best;
}

void TableView::drag_by(const Pick& p, pl::Vec2 by) {
    tt::Sketch& t = *table_;
    if (p.item.base) {
        tt::Base& b = t.bases[p.item.index];
        const pl::Vec2 to{std::clamp(b.at.x + by.x, 0.0, t.width), std::clamp(b.at.y + by.y, 0.0, t.depth)};
        if (to == b.at) return;
        tt::place_base(b, to);
    } else {
        tt::Piece moved = t.pieces[p.item.index];
        tt::move_piece(moved, by);
        // A piece stays wholly on the table (load_table refuses one that reaches off it).
        if (!inside_box(moved.is_line ? moved.line : moved.outline, t.width, t.depth)) return;
        t.pieces[p.item.index] = std::move(moved);
    }
    modified_ = true;
    ++revision_;
}

std::string TableView::hover_text(const Pick& p, const tt::TableView* view) const {
    const tt::Sketch& t = *table_;
    std::string s;
    if (p.item.base) {
        const tt::Base& b = t.bases[p.item.index];
        s = "base \"" + b.name + "\"" + (b.type.empty() ? "" : " (" + b.type + ")") + " at [" + tt::fmt(b.at.x) + ", " + tt::fmt(b.at.y) +
            "], facing " + tt::fmt(b.facing) + "\xc2\xb0";
    } else {
        const tt::Piece& pc = t.pieces[p.item.index];
        s = pc.kind + " \"" + pc.name + "\"";
        if (pc.is_line && pc.width > 0) s += ", " + length_text(pc.width, t.unit) + " wide";
        if (pc.has_top) s += std::string(", top on the ") + (pc.top_left ? "left" : "right") + " of its line";
        if (pc.level) s += ", level " + std::to_string(*pc.level) + " of hill \"" + pc.hill + "\"";
    }
    const auto notes = view ? view->notes_for(p.item) : std::vector<std::string>{};
    if (notes.empty()) s += "\n(not part of this ruling)";
    for (const auto& n : notes) s += "\n\xe2\x80\xa2 " + n;
    s += p.item.base ? "\nLeft drag to move it; Ctrl + wheel to turn it." : "\nLeft drag to move it.";
    return s;
}

// =====================================================================================
// 6. the crossings list
// =====================================================================================

void TableView::draw_crossings(const tt::TableView* view) {
    if (!view) return;
    ui::section("What the lines cross");
    bool any = false;
    auto row = [&](const tt::Crossing& c) {
        any = true;
        ImGui::PushStyleColor(ImGuiCol_Text, mark_colour(c.mark));
        ImGui::TextUnformatted(mark_word(c.mark));
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ui::text(c.says);
    };
    for (const auto& sv : view->sights) {
        if (view->sights.size() > 1 || !view->path.empty()) ImGui::TextDisabled("%s to %s", sv.from.c_str(), sv.to.c_str());
        for (const auto& c : sv.crossed) row(c);
    }
    for (const auto& c : view->path_crossed) row(c);
    if (!any) ImGui::TextDisabled("Nothing: the lines cross no piece or base.");
    ui::probe("table_crossings");
    for (const auto& d : view->distances) ui::wrapped(ui::dim_text(), d.says);
    // Which pieces each base is in or touching, and by how much: the game's own measures where it
    // made them (tt::TableView::reaches, AGV), else the driver's (tt::TableView::overlaps).
    if (!view->reaches.empty())
        for (const auto& o : view->reaches) ui::wrapped(ui::dim_text(), o.says);
    else
        for (const auto& o : view->overlaps) ui::wrapped(ui::dim_text(), o.says);
}

}  // namespace umpire::app
