// The board view: caches, input and the canvas (see view.hpp; docs/window.md "The map").
//
// Sections
//   1. caches: the ruling's marks taken, the visibility map and the kill-chance job (both seen
//      from the pinned viewpoint; the job wakes the window when it is done)
//   2. draw: the toolbar (view_notes.cpp), then the canvas filling the map area
//   3. input: clicks (place, turn, pin the viewpoint), fit, pan and zoom kept on the board, the mouse
//   4. the canvas, layer by layer: hexes, overlays, hexside features, the line's marks, their
//      signs, numbers, units, hover, and the words that say what to click when nothing is placed
#include "window/board/view.hpp"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms the board, not the panel

#include "window/board/look.hpp"
#include "window/ui/hex_layout.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

using namespace boardlook;

namespace {

std::string table_text(const toml::table& t) {
    std::ostringstream s;
    s << t;
    return s.str();
}

// Whether the ruling's marks were traced between the units placed now.
bool joins(const view::BoardMarks& m, const Placement& p) { return p.firer == m.firer && p.target == m.target; }

// The corner of h nearest to the world point w (a facing drag for games whose units face corners).
int nearest_corner(const hex::Cube& h, ImVec2 w) {
    int best = 0;
    float best_d = 1e30f;
    for (int k = 0; k < 6; ++k) {
        const ImVec2 p = hexdraw::corner(h, k);
        const float d = (p.x - w.x) * (p.x - w.x) + (p.y - w.y) * (p.y - w.y);
        if (d < best_d) best_d = d, best = k;
    }
    return best;
}

}  // namespace

// One frame's drawing: the draw list, the view's rectangle, the camera and a hex's size in pixels.
struct BoardView::Frame {
    ImDrawList* dl;
    ImVec2 lo, hi;
    float R;      // a hex's circumradius in pixels
    float scale;  // the UI scale (font size / 16)
    const Camera& cam;
    ImVec2 S(ImVec2 w) const { return cam.to_screen(w); }
    bool visible(ImVec2 s) const { return s.x > lo.x - R && s.x < hi.x + R && s.y > lo.y - R && s.y < hi.y + R; }
    void poly(const hex::Cube& h, ImVec2* pts) const {
        for (int k = 0; k < 6; ++k) pts[k] = S(hexdraw::corner(h, k));
    }
};

// =====================================================================================
// 1. caches
// =====================================================================================

BoardView::~BoardView() { stop_figures(); }

const view::BoardMarks& BoardView::marks() const {
    static const view::BoardMarks none;
    return marks_ ? *marks_ : none;
}

void BoardView::set_viewpoint(Viewpoint v) {
    if (v == viewpoint_) return;
    viewpoint_ = v;
    vis_valid_ = false;  // both overlays follow it; the kill-chance key holds it
}

// The pinned unit's hex: the firer's by default, the target's when pinned to it (the firer's
// while no target stands on the board).
std::optional<hex::Cube> BoardView::viewpoint_hex(const Placement& place) const {
    if (viewpoint_ == Viewpoint::target && place.target) return place.target;
    return place.firer;
}

// "What it sees": from the pinned unit's hex, never from the mouse (the hover shows a hex's own figures).
void BoardView::update_visibility(const view::BoardSupport& support, const board::Board& b, const std::string& mode, const Placement& place) {
    if (!show_visibility_) return;
    const std::optional<hex::Cube> from = viewpoint_hex(place);
    if (vis_valid_ && vis_from_ == from) return;
    vis_from_ = from;
    vis_valid_ = true;
    vis_.clear();
    // Read in the situation's own mode, as the ruling reads it: a mode the game does not know gives
    // no overlay (said in the notes), never a default one.
    vis_unread_ = from && b.contains(*from) && !support.visibility(b, mode, *from, vis_);
}

void BoardView::stop_figures() {
    if (!job_) return;
    job_->cancel = true;
    if (job_->worker.joinable()) job_->worker.join();
    job_.reset();
}

// The kill chance of every hex is a ruling per hex (a few hundred ms on a 66 x 44 board): it runs
// on a worker thread, restarted (the old one cancelled) whenever the situation, the board or the
// viewpoint changes. When it is done it wakes the window (ui::wake), so the overlay appears with
// no input.
void BoardView::update_figures(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, const toml::table& situation) {
    if (!show_kill_) return;
    const view::FiguresFrom from = viewpoint_ == Viewpoint::target ? view::FiguresFrom::target : view::FiguresFrom::firer;
    const std::string key = std::to_string(generation_) + "/" + std::to_string(paint_seen_) + "/" +
                            (from == view::FiguresFrom::target ? "target" : "firer") + "\n" + table_text(situation);
    if (job_ && key == figures_key_) return;
    stop_figures();
    figures_key_ = key;
    job_ = std::make_unique<FiguresJob>();
    FiguresJob* job = job_.get();
    // The worker reads its own copy: the paint tool edits the panel's board in place meanwhile.
    auto copy = std::make_shared<const board::Board>(*board);
    job->worker = std::thread([job, &support, copy, situation, from]() {
        support.hex_figures(*copy, situation, job->result, &job->cancel, from);
        job->done = true;
        if (!job->cancel) ui::wake();
    });
    if (defaults().wait_for_figures) job->worker.join();  // a screenshot renders one frame
}

bool BoardView::figures_ready(const board::Board& b) const {
    return show_kill_ && job_ && job_->done && job_->result.complete && job_->result.value.size() == std::size_t(b.hex_count());
}

bool BoardView::figures_ready() const { return !show_kill_ || (job_ && job_->done); }

// The painter changed the board (a stroke, undo, redo): what the view derives from it is stale.
void BoardView::follow_paint(const BoardPainter* painter) {
    if (!painter || painter->revision() == paint_seen_) return;
    paint_seen_ = painter->revision();
    vis_valid_ = false;  // the kill-chance job restarts: its key holds paint_seen_; the ruling follows the stroke
}

// =====================================================================================
// 2. draw
// =====================================================================================

bool BoardView::draw(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, std::uint64_t generation,
                     const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks,
                     Placement* place, MapArea& area, const std::function<void()>& board_menu, const Roles& roles,
                     BoardPainter* painter, board::Board* paintable) {
    const board::Board& b = *board;
    support_ = &support;
    if (!painter || !paintable) painter = nullptr, paintable = nullptr;
    painter_ = painter;  // the side panel's Accept goes through it (draw_notes)
    if (generation != generation_ || mode != mode_) {
        if (generation != generation_) want_fit_ = true, shown_route_ = -1;
        generation_ = generation;
        mode_ = mode;
        vis_valid_ = false;
    }
    // The line is the ruling's, drawn as it traced it, and only while it joins the units drawn (the
    // frame of a click, before the ruling follows it, draws none rather than the old one).
    marks_ = marks && joins(*marks, *place) ? marks : nullptr;
    if (!marks_ || shown_route_ >= int(marks_->lines.size())) shown_route_ = -1;
    ImGui::PushID("board_view");
    const float top = ImGui::GetCursorPosY();
    // The Picture tool needs the board mutable and a picture; it may hand back to Rule (a suggestion taken).
    board_has_picture_ = b.underlay.has_value();
    if (tool_ == Tool::picture && (!paintable || !b.underlay)) tool_ = Tool::rule;
    if ((tool_ == Tool::picture || picture_.suggesting()) && picture_.follow(support, paintable, painter, defaults().wait_for_figures))
        tool_ = Tool::rule, want_fit_ = true;
    draw_toolbar(area, board_menu, *place, painter);
    follow_paint(painter);  // an undo or redo from the toolbar
    bool changed = false;
    update_visibility(support, b, mode, *place);
    update_figures(support, board, situation);
    if (!show_kill_) stop_figures();
    const float used = ImGui::GetCursorPosY() - top;
    if (tool_ == Tool::picture) picture_.draw_canvas(ImVec2(area.size.x, area.size.y - used));
    else draw_canvas(b, place, &changed, ImVec2(area.size.x, area.size.y - used), roles, painter, paintable);
    // The map has the whole window (F11): the side panel's check of the picture's suggestions is
    // not drawn, so a strip over the map's corner carries it (review.hpp draw_strip).
    if (area.map_only && tool_ != Tool::picture) {
        follow_review(b);
        review_.draw_strip(b, painter_, support_, tool_ == Tool::rule, &centre_on_, {canvas_hi_.x, canvas_lo_.y});
    }
    follow_paint(painter);  // a stroke: the next frame recomputes the line and the overlays
    ImGui::PopID();
    // For the window tests (--test-layout): the zoom, the pinned unit, whether the kill chances are in.
    char zoom[32];
    std::snprintf(zoom, sizeof zoom, "%.3f", double(cam_.zoom));
    ui::probe_value("board_zoom", zoom);
    ui::probe_value("board_hex_px", std::to_string(int(std::floor(2.0f * cam_.zoom))));  // corner to corner, at this zoom
    // How much of the canvas the board covers (it never leaves the view: Camera::keep_in_view).
    const ImVec2 a = cam_.to_screen(world_lo_), z = cam_.to_screen(world_hi_);
    const float cover = std::max(0.0f, std::min(z.x, canvas_hi_.x) - std::max(a.x, canvas_lo_.x)) *
                        std::max(0.0f, std::min(z.y, canvas_hi_.y) - std::max(a.y, canvas_lo_.y));
    ui::probe_value("board_in_view_px", std::to_string(int(cover)));
    const std::optional<hex::Cube> vp = viewpoint_hex(*place);
    ui::probe_value("board_viewpoint", vp && b.contains(*vp) ? b.name(*vp) : std::string("none"));
    if (show_kill_) ui::probe_value("board_kill", figures_ready(b) ? "ready" : job_ && job_->done ? "none" : "computing");
    return changed;
}

// =====================================================================================
// 3. input
// =====================================================================================

// A click (pressed and released without dragging) on a hex places a unit: the first (the firer),
// then the second, in turn; shift-click the second. A click on a unit pins the overlays to it; on
// the unit to be placed next it also counts as placing it there (the turn moves on), on the other
// unit it places nothing. A drag from the target turns it.
bool BoardView::handle_clicks(const board::Board& b, Placement* place, ImVec2 w, const Roles& roles) {
    const ImGuiIO& io = ImGui::GetIO();
    bool changed = false;
    const hex::Cube h = hexdraw::pick(w);
    if (tool_ == Tool::paint) return false;  // the painter takes the clicks (draw_canvas)
    const bool two = !roles.second.empty();
    if (two && ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && place->target && h == *place->target) {
        dragging_facing_ = true;
        drag_facing_.reset();
    }
    if (dragging_facing_) {
        const float from_centre = hexdraw::from_centre(*place->target, w);
        if (from_centre > 0.35f) drag_facing_ = support_ && support_->faces_corner() ? nearest_corner(*place->target, w) : hexdraw::nearest_side(*place->target, w);
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            dragging_facing_ = false;
            if (drag_facing_ && drag_facing_ != place->facing) {
                place->facing = drag_facing_, changed = true;
            } else if (!drag_facing_ && piece_click(*place->target, two)) {  // a plain click on the target's counter
            } else if (!drag_facing_) {  // a plain click on the target
                set_viewpoint(Viewpoint::target);
                if (io.KeyShift || next_ == Next::target) next_ = Next::firer;
            }
            drag_facing_.reset();
        }
        return changed;
    }
    if (!(ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left) &&
          b.contains(h)))
        return false;
    if (piece_click(h, two)) return false;  // the panel picks (or adds) the counter: the keys follow from it
    const bool second = two && (io.KeyShift || next_ == Next::target);
    if (two && place->firer == h) {  // the firer's own hex
        set_viewpoint(Viewpoint::firer);
        if (!second) next_ = Next::target;
        return false;
    }
    if (second) {
        if (place->target != h) place->target = h, changed = true;
        next_ = Next::firer;
    } else {
        if (place->firer != h) place->firer = h, changed = true;
        next_ = two ? Next::target : Next::firer;
    }
    return changed;
}

// Fits the board to the view (when asked, or when the view changed size and the referee has not
// moved it), then pans and zooms with the mouse, always keeping part of the board in view.
void BoardView::fit_and_pan(const board::Board& b, ImVec2 size, ImVec2 lo, ImVec2 hi) {
    // Fitted again when the view changes size, until the referee pans or zooms it.
    const bool resized = std::fabs(size.x - fitted_size_.x) > 0.5f || std::fabs(size.y - fitted_size_.y) > 0.5f;
    if (want_fit_ || !cam_.fitted || (resized && !user_moved_)) {  // the board's world rectangle: every hex's corners
        ImVec2 wlo{1e9f, 1e9f}, whi{-1e9f, -1e9f};
        for (int i = 0; i < b.hex_count(); ++i)
            for (int k = 0; k < 6; ++k) {
                const ImVec2 p = hexdraw::corner(b.hex_at(i), k);
                wlo.x = std::min(wlo.x, p.x), wlo.y = std::min(wlo.y, p.y), whi.x = std::max(whi.x, p.x), whi.y = std::max(whi.y, p.y);
            }
        world_lo_ = wlo, world_hi_ = whi;
        cam_.min_zoom = 0.05f, cam_.max_zoom = 400.0f;
        cam_.fit(wlo, whi, lo, hi, 4.0f);
        // Never smaller than a quarter of the whole board, never larger than a hex filling the view.
        cam_.min_zoom = cam_.zoom * 0.25f;
        cam_.max_zoom = std::max(cam_.zoom, std::min(size.x, size.y) * 0.5f);
        want_fit_ = false;
        user_moved_ = false;
        fitted_size_ = size;
    }

    // Pan: right or middle drag anywhere, or a left drag that does not start on the target.
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 before = cam_.origin;
    const float zoom_before = cam_.zoom;
    handle_input(cam_, ImGuiMouseButton_Right);
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f)) cam_.origin.x += io.MouseDelta.x, cam_.origin.y += io.MouseDelta.y;
    if (ImGui::IsItemActive() && !dragging_facing_ && tool_ == Tool::rule && ImGui::IsMouseDragging(ImGuiMouseButton_Left))
        cam_.origin.x += io.MouseDelta.x, cam_.origin.y += io.MouseDelta.y;
    // Some of the board stays in view: a quarter of the view's smaller side, or the whole board when smaller.
    cam_.keep_in_view(world_lo_, world_hi_, lo, hi, std::min(size.x, size.y) * 0.25f);
    user_moved_ |= cam_.origin.x != before.x || cam_.origin.y != before.y || cam_.zoom != zoom_before;
}

// The hex (and hexside, near its edge) under the mouse; returns the mouse in world units.
ImVec2 BoardView::track_mouse(const board::Board& b) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 mw = cam_.to_world(io.MousePos);
    const bool inside = ImGui::IsItemHovered();
    hovered_.reset();
    hovered_side_ = -1;
    if (inside) {
        const hex::Cube h = hexdraw::pick(mw);
        if (b.contains(h)) {
            hovered_ = h;
            if (hexdraw::from_centre(h, mw) > 0.7f) hovered_side_ = hexdraw::nearest_side(h, mw);
        }
    }
    return mw;
}

// =====================================================================================
// 4. the canvas
// =====================================================================================

void BoardView::draw_canvas(const board::Board& b, Placement* place, bool* changed, ImVec2 want, const Roles& roles,
                            BoardPainter* painter, board::Board* paintable) {
    const float scale = ImGui::GetFontSize() / 16.0f;
    const ImVec2 size{std::max(want.x, 40.0f), std::max(want.y, ImGui::GetFontSize() * 8.0f)};
    const ImVec2 lo = ImGui::GetCursorScreenPos(), hi{lo.x + size.x, lo.y + size.y};
    // The board moves with its canvas: a toolbar that wraps (the paint tool's saved note) or the
    // side panel's splitter shifts the canvas, and the board must not slide under its edge.
    if (cam_.fitted) cam_.origin.x += lo.x - canvas_lo_.x, cam_.origin.y += lo.y - canvas_lo_.y;
    canvas_lo_ = lo, canvas_hi_ = hi;
    ImGui::InvisibleButton("##board", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    ImGui::SetItemUsingMouseWheel();
    ui::probe("board");
    fit_and_pan(b, size, lo, hi);
    if (centre_on_) {  // a hex picked in the side panel's list of unsure ones: centred, zoomed in to be seen
        cam_.zoom = std::clamp(std::max(cam_.zoom, 30.0f * scale), cam_.min_zoom, cam_.max_zoom);
        const ImVec2 w = hexdraw::centre(*centre_on_);
        cam_.origin = {(lo.x + hi.x) / 2 - w.x * cam_.zoom, (lo.y + hi.y) / 2 - w.y * cam_.zoom};
        user_moved_ = true;
        centre_on_.reset();
    }
    const ImVec2 mw = track_mouse(b);
    if (ImGui::IsItemActive() || ImGui::IsItemDeactivated() || dragging_facing_) *changed |= handle_clicks(b, place, mw, roles);
    if (tool_ == Tool::rule) piece_menu(b, hexdraw::pick(mw), !roles.second.empty());
    if (marks_ && !joins(*marks_, *place)) marks_.reset();  // a unit just moved: its ruling comes next frame
    const bool painting = tool_ == Tool::paint && painter;
    underlay_.follow(b, defaults().wait_for_figures);  // read again (on a worker) only when its file or points changed
    if (painting && (ImGui::IsItemHovered() || painter->painting()))
        painter->on_mouse(*paintable, mw, ImGui::IsItemClicked(ImGuiMouseButton_Left), ImGui::IsMouseDown(ImGuiMouseButton_Left),
                          ImGui::IsMouseReleased(ImGuiMouseButton_Left));

    Frame f{ImGui::GetWindowDrawList(), lo, hi, cam_.zoom, scale, cam_};
    f.dl->PushClipRect(lo, hi, true);
    f.dl->AddRectFilled(lo, hi, u32({0.08f, 0.09f, 0.10f, 1}));
    underlay_.draw(f.dl, cam_);  // the picture, under the hexes
    draw_hexes(f, b);
    draw_visibility(f, b);
    draw_kill_chance(f, b);
    draw_sides(f, b);
    draw_marks(f);
    draw_signs(f);
    draw_numbers(f, b);
    draw_units(f, b, *place);
    draw_pieces(f, b);
    review_.draw_selected(f.dl, cam_, b, f.R);  // the suggestion being checked
    if (painting && hovered_) painter->draw_hover(f.dl, cam_, b, mw);  // what a click would paint
    else draw_hover(f, b);
    if (tool_ == Tool::rule) draw_waiting(f, *place, roles);
    f.dl->PopClipRect();
    draw_tooltip(b, *place);
}

void BoardView::draw_hexes(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    const float fill_alpha = underlay_.shown() ? 1.0f - underlay_.opacity() : 1.0f;
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (!f.visible(c)) continue;
        f.poly(h, pts);
        const std::string& t = b.terrain(h);
        const view::BoardSupport::Look look = support_ ? support_->look(t) : view::BoardSupport::Look{};
        // Over the picture the fill is as transparent as the picture is opaque: both stay readable.
        f.dl->AddConvexPolyFilled(pts, 6, u32(look.rgba ? rgba_colour(look.rgba) : terrain_fill(t), fill_alpha));
        // A game's look draws its glyph (none when it gives a colour and no glyph: PanzerBlitz's ground).
        if (!look.glyph.empty()) glyph_text(f.dl, c, std::min(ImGui::GetFontSize(), f.R * 0.5f), look.glyph, u32({0.92f, 0.92f, 0.86f, 1}, 0.85f));
        else if (!look.rgba && f.R >= 5) terrain_glyph(f.dl, c, f.R, t);
        draw_hex_feature(f, b, h, c);
        draw_suggested(f, b, i, c);
        f.dl->AddPolyline(pts, 6, u32({0.45f, 0.48f, 0.45f, 1}, 0.6f), ImDrawFlags_Closed, 1.0f);
        // For end-to-end tests (--test-layout): each hex of a small board wholly in view, by its number.
        if (ui::probing() && b.hex_count() <= 400 && c.x - f.R >= f.lo.x && c.x + f.R <= f.hi.x && c.y - f.R >= f.lo.y && c.y + f.R <= f.hi.y)
            ui::probe_rect("hex_" + b.name(h), {c.x - f.R * 0.5f, c.y - f.R * 0.5f}, {c.x + f.R * 0.5f, c.y + f.R * 0.5f});
    }
}

// The second per-hex layer (a PanzerBlitz single-hex woods or town): a disc in its colour low in the
// hex, with its glyph (or its name's initial) in it.
void BoardView::draw_hex_feature(const Frame& f, const board::Board& b, const hex::Cube& h, ImVec2 c) const {
    const int k = b.hex_feature(h);
    if (k < 0 || std::size_t(k) >= b.vocabulary.hex_features.size()) return;
    const std::string& name = b.vocabulary.hex_features[std::size_t(k)];
    view::BoardSupport::Look look = support_ ? support_->look(name) : view::BoardSupport::Look{};
    if (look.glyph.empty()) look.glyph = std::string(1, char(std::toupper(static_cast<unsigned char>(name[0]))));
    const ImVec2 p{c.x + f.R * 0.42f, c.y + f.R * 0.38f};
    const float rr = std::max(3.0f, f.R * 0.24f);
    f.dl->AddCircleFilled(p, rr, u32(look.rgba ? rgba_colour(look.rgba) : ImVec4{0.6f, 0.6f, 0.7f, 1}));
    f.dl->AddCircle(p, rr, u32({0, 0, 0, 1}, 0.8f), 0, 1.2f);
    glyph_text(f.dl, p, std::min(ImGui::GetFontSize(), rr * 1.5f), look.glyph, u32({0.05f, 0.05f, 0.05f, 1}));
}

// A hex the picture suggested and the referee has not confirmed: hatched (look.hpp's hatch_hex).
void BoardView::draw_suggested(const Frame& f, const board::Board& b, int index, ImVec2 c) const {
    const std::size_t i = std::size_t(index);
    if (i >= b.suggested_of.size() || b.suggested_of[i] == board::suggestion::none || f.R < 5) return;
    hatch_hex(f.dl, c, f.R, b.suggested_of[i] == board::suggestion::unsure);
}

// "What it sees" from the pinned unit: blocked hexes darkened and hatched, the referee's call
// outlined amber with a dot, the pinned unit's hex outlined lit.
void BoardView::draw_visibility(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    if (!show_visibility_ || vis_.size() != std::size_t(b.hex_count())) return;
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (!f.visible(c)) continue;
        const view::Mark m = vis_[std::size_t(i)];
        if (m == view::Mark::blocking) {  // shaded and hatched: not by colour alone
            f.poly(h, pts);
            f.dl->AddConvexPolyFilled(pts, 6, u32({0, 0, 0, 1}, 0.55f));
            if (f.R >= 6) {
                const float a = f.R * 0.45f;
                f.dl->AddLine({c.x - a, c.y + a * 0.5f}, {c.x + a * 0.5f, c.y - a}, u32(ui::bad(), 0.7f), 1.0f);
                f.dl->AddLine({c.x - a * 0.5f, c.y + a}, {c.x + a, c.y - a * 0.5f}, u32(ui::bad(), 0.7f), 1.0f);
            }
        } else if (m == view::Mark::referee_call) {
            f.poly(h, pts);
            f.dl->AddPolyline(pts, 6, u32(ui::referee_call()), ImDrawFlags_Closed, std::max(1.5f, f.R * 0.08f));
            if (f.R >= 6) f.dl->AddCircleFilled(c, std::max(2.0f, f.R * 0.12f), u32(ui::referee_call()));
        }
    }
    if (vis_from_ && b.contains(*vis_from_)) {
        f.poly(*vis_from_, pts);
        f.dl->AddPolyline(pts, 6, u32(ui::lit()), ImDrawFlags_Closed, std::max(2.0f, f.R * 0.1f));
    }
}

void BoardView::draw_kill_chance(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    if (!figures_ready(b)) return;
    char buf[16];
    // A hex the line marks keeps its sign there (draw_signs): its figure is in the hover.
    auto signed_hex = [&](const hex::Cube& h) {
        return std::any_of(marks().hexes.begin(), marks().hexes.end(), [&](const view::BoardHexMark& m) { return m.hex == h && m.mark != view::Mark::clear; });
    };
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (!f.visible(c)) continue;
        const float v = job_->result.value[std::size_t(i)];
        if (v < 0) continue;
        f.poly(h, pts);
        // Deeper magenta = likelier to die there; the number says it too when there is room. Its
        // own hue: a quantity, not a verdict (red means blocked, amber the referee's call).
        if (v > 0) f.dl->AddConvexPolyFilled(pts, 6, u32(kKillShade, 0.15f + 0.6f * v));
        if (f.R >= 11.0f * f.scale && !signed_hex(h)) {
            std::snprintf(buf, sizeof buf, "%d", int(std::lround(v * 100)));
            const float fs = std::min(ImGui::GetFontSize(), f.R * 0.6f);
            const ImVec2 ts = ImGui::CalcTextSize(buf);
            const ImVec2 p{c.x - ts.x * fs / ImGui::GetFontSize() / 2, c.y + f.R * 0.15f};
            const ImVec2 q{p.x + ts.x * fs / ImGui::GetFontSize(), p.y + fs};
            if (p.x >= f.lo.x && q.x <= f.hi.x && p.y >= f.lo.y && q.y <= f.hi.y) f.dl->AddText(nullptr, fs, p, u32({1, 1, 1, 1}), buf);
        }
    }
}

void BoardView::draw_sides(const Frame& f, const board::Board& b) const {
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        if (!f.visible(f.S(hexdraw::centre(h)))) continue;
        for (int d = 0; d < 6; ++d) {
            const board::SideFeature* sf = b.side(h, d);
            if (!sf || (sf->feature < 0 && sf->suggested == board::suggestion::none)) continue;
            const hex::Cube o = hex::neighbour(h, d);
            if (b.contains(o) && d >= 3) continue;  // each shared side once (from its A-C hex)
            if (sf->suggested != board::suggestion::none && f.R >= 5)  // from the picture, not confirmed
                hatch_side(f.dl, f.S(hexdraw::corner(h, d)), f.S(hexdraw::corner(h, d + 1)), f.R, sf->feature >= 0,
                           sf->suggested == board::suggestion::unsure);
            if (sf->feature < 0) continue;
            const std::string& name = b.vocabulary.hexside_features[std::size_t(sf->feature)];
            const auto& dir = b.vocabulary.directional;
            const bool directional = std::find(dir.begin(), dir.end(), name) != dir.end();
            const hex::Cube sloped = directional ? sf->sloped : h;
            const ImVec2 sc = f.S(hexdraw::centre(sloped)), mid = f.S(hexdraw::side_midpoint(h, d));
            ImVec2 into{sc.x - mid.x, sc.y - mid.y};
            const float len = std::sqrt(into.x * into.x + into.y * into.y);
            if (len > 0) into.x /= len, into.y /= len;
            side_feature(f.dl, f.S(hexdraw::corner(h, d)), f.S(hexdraw::corner(h, d + 1)), name, into, f.R, directional,
                         support_ ? support_->look(name) : view::BoardSupport::Look{});
        }
    }
}

// The line, lit from the ruling's marks: every hex and hexside it meets outlined in its mark's
// colour; the lines themselves. Several lines (PanzerBlitz's candidate routes): the deciding one
// thick and lit, the others thin and dimmed; a route picked in the side panel's list thick in its
// own outcome's colour.
void BoardView::draw_marks(const Frame& f) const {
    ImVec2 pts[6];
    const float thick = std::max(2.0f, f.R * 0.12f);
    for (const auto& m : marks().hexes) {
        f.poly(m.hex, pts);
        f.dl->AddPolyline(pts, 6, u32(mark_colour(m.mark)), ImDrawFlags_Closed, std::max(1.5f, thick * 0.6f));
    }
    for (const auto& m : marks().sides)
        f.dl->AddLine(f.S(hexdraw::corner(m.hex, m.side)), f.S(hexdraw::corner(m.hex, m.side + 1)), u32(mark_colour(m.mark)), thick);
    auto point = [&](const view::BoardPoint& p) { return f.S(p.corner < 0 ? hexdraw::centre(p.hex) : hexdraw::corner(p.hex, p.corner)); };
    const bool hover_now = hovered_route_ >= 0 && hovered_route_frame_ >= ImGui::GetFrameCount() - 1;
    const int picked = hover_now ? hovered_route_ : shown_route_;
    const auto& lines = marks().lines;
    const bool several = lines.size() > 1;
    // 0: the others (thin, dimmed), 1: the deciding ones, 2: the one picked in the list.
    for (int pass = 0; pass < 3; ++pass) {
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const auto& l = lines[i];
            const bool is_picked = int(i) == picked;
            const int my_pass = is_picked ? 2 : l.decides ? 1 : 0;
            if (my_pass != pass) continue;
            std::vector<ImVec2> p;
            if (!l.route.empty()) {
                for (const auto& h : l.route) p.push_back(f.S(hexdraw::centre(h)));
            } else {
                p = {point(l.from), point(l.to)};
            }
            const bool dim = several && pass == 0;
            const float w = pass == 0 ? (several ? std::max(1.0f, thick * 0.2f) : std::max(1.0f, thick * 0.25f))
                                      : std::max(several ? 3.0f : 1.5f, thick * (several ? 0.6f : 0.5f));
            const ImVec4 colour = pass == 1 ? ui::lit() : mark_colour(l.mark);
            if (!dim) f.dl->AddPolyline(p.data(), int(p.size()), u32({0, 0, 0, 1}, 0.6f), ImDrawFlags_None, w + 2.0f);
            f.dl->AddPolyline(p.data(), int(p.size()), u32(colour, dim ? 0.35f : 1.0f), ImDrawFlags_None, w);
            if (l.route.empty() && l.to.corner >= 0)  // the target's point the line ends at
                f.dl->AddCircleFilled(p.back(), std::max(2.5f, thick * (pass ? 0.5f : 0.3f)), u32(colour, dim ? 0.5f : 1.0f));
        }
    }
}

// What blocks (✖), what is the referee's call (▲) and what hinders (●), marked at a size readable
// at any zoom, so colour is never the only sign and a blocker on a whole-board view is still found.
// Each sign sits where no hex number or level letter is: a hex's low left, a hexside's midpoint
// moved a little into the hex below it.
void BoardView::draw_signs(const Frame& f) const {
    const float sign = std::clamp(f.R * 0.22f, 5.0f * f.scale, 11.0f * f.scale);
    auto sign_at = [&](ImVec2 p, view::Mark m) {
        if (m == view::Mark::blocking) {  // red, edged in black so it shows on any terrain
            const float inner = std::max(2.5f, sign * 0.4f);
            for (const float w : {inner + 2.0f, inner}) {
                const ImU32 col = w > inner ? u32({0, 0, 0, 1}, 0.8f) : u32(ui::bad());
                f.dl->AddLine({p.x - sign, p.y - sign}, {p.x + sign, p.y + sign}, col, w);
                f.dl->AddLine({p.x - sign, p.y + sign}, {p.x + sign, p.y - sign}, col, w);
            }
        } else if (m == view::Mark::referee_call) {
            const ImVec2 a{p.x, p.y - sign * 1.1f}, b{p.x - sign, p.y + sign * 0.7f}, c{p.x + sign, p.y + sign * 0.7f};
            f.dl->AddTriangleFilled(a, b, c, u32(ui::referee_call()));
            f.dl->AddTriangle(a, b, c, u32({0, 0, 0, 1}, 0.8f), 1.5f);
        } else if (m == view::Mark::hindering) {  // ● in the way without blocking (Panzer Squadron's obstacle bonus)
            f.dl->AddCircleFilled(p, sign * 0.55f, u32(ui::neutral()));
            f.dl->AddCircle(p, sign * 0.55f, u32({0, 0, 0, 1}, 0.8f), 0, 1.5f);
        }
    };
    for (const auto& m : marks().hexes) {
        const ImVec2 c = f.S(hexdraw::centre(m.hex));
        sign_at({c.x - f.R * 0.48f, c.y + f.R * 0.42f}, m.mark);
    }
    for (const auto& m : marks().sides) {
        // Into the hex this side is a lower side of (directions 2, 3, 4: south-east to south-west).
        const bool lower = m.side >= 2 && m.side <= 4;
        const hex::Cube in = lower ? m.hex : hex::neighbour(m.hex, m.side);
        const ImVec2 mid = f.S(hexdraw::side_midpoint(m.hex, m.side)), c = f.S(hexdraw::centre(in));
        sign_at({mid.x + (c.x - mid.x) * 0.2f, mid.y + (c.y - mid.y) * 0.2f}, m.mark);
    }
}

// Hex numbers as printed, once they are readable (at least 7 px tall); the hovered hex's always
// (draw_hover). Drawn over the lines, never under a sign.
void BoardView::draw_numbers(const Frame& f, const board::Board& b) const {
    const float label_size = std::min(ImGui::GetFontSize() * 0.8f, f.R * 0.45f);
    if (label_size < 7.0f) return;
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (!f.visible(c)) continue;
        const std::string n = b.name(h);
        const ImVec2 ts = ImGui::CalcTextSize(n.c_str());
        const float k = label_size / ImGui::GetFontSize();
        const ImVec2 p{c.x - ts.x * k / 2, c.y - f.R * 0.80f};
        const ImVec2 q{p.x + ts.x * k, p.y + label_size};
        if (p.x < f.lo.x || q.x > f.hi.x || p.y < f.lo.y || q.y > f.hi.y) continue;  // never a cut-off number
        f.dl->AddText(nullptr, label_size, p, u32({0.85f, 0.87f, 0.85f, 1}, 0.85f), n.c_str());
    }
}

// The units: F and T counters (the pinned one ringed), the target's facing arrow, readable at any zoom.
void BoardView::draw_units(const Frame& f, const board::Board& b, const Placement& place) const {
    const float thick = std::max(2.0f, f.R * 0.12f);
    const float rr = std::max(7.0f * f.scale, f.R * 0.38f);
    const std::optional<hex::Cube> pinned = (show_visibility_ || show_kill_) ? viewpoint_hex(place) : std::nullopt;
    auto counter = [&](const hex::Cube& h, const char* letter, ImVec4 col) {
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (pinned == h) f.dl->AddCircle(c, rr * 1.75f, u32(ui::lit()), 0, std::max(2.0f, rr * 0.18f));
        f.dl->AddRectFilled({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32({0.1f, 0.1f, 0.12f, 1}, 0.9f), rr * 0.2f);
        f.dl->AddRect({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32(col), rr * 0.2f, 0, std::max(1.5f, rr * 0.15f));
        const float fs = std::min(ImGui::GetFontSize(), rr * 1.4f);
        const ImVec2 ts = ImGui::CalcTextSize(letter);
        const float k = fs / ImGui::GetFontSize();
        const ImVec2 p{c.x - ts.x * k / 2, c.y - fs / 2};
        if (p.x >= f.lo.x && p.y >= f.lo.y && p.x + ts.x * k <= f.hi.x && p.y + fs <= f.hi.y) f.dl->AddText(nullptr, fs, p, u32(col), letter);
    };
    if (place.firer && b.contains(*place.firer)) counter(*place.firer, "F", ui::lit());
    if (!place.target || !b.contains(*place.target)) return;
    counter(*place.target, "T", ui::heading());
    const std::optional<int> facing = dragging_facing_ && drag_facing_ ? drag_facing_ : place.facing;
    if (!facing) return;
    // The facing arrow over the counter, from its edge out to the hexside (or the point), never
    // shorter than a readable head past the counter: it shows at Fit on the largest board.
    const bool corner = support_ && support_->faces_corner();  // Panzer Squadron: towards a point of the hexagon
    const ImVec2 c = f.S(hexdraw::centre(*place.target)),
                 m0 = f.S(corner ? hexdraw::corner(*place.target, *facing) : hexdraw::side_midpoint(*place.target, *facing));
    const float dx = m0.x - c.x, dy = m0.y - c.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    const ImVec2 u{dx / len, dy / len};
    const float head = std::max(7.0f * f.scale, f.R * 0.25f);
    const float reach = std::max(len * (corner ? 0.8f : 1.0f), rr * 1.45f + head);  // the head's tip
    const ImVec2 from{c.x + u.x * rr * 0.6f, c.y + u.y * rr * 0.6f}, base{c.x + u.x * (reach - head), c.y + u.y * (reach - head)};
    const ImVec2 tip{c.x + u.x * reach, c.y + u.y * reach}, n{-u.y * head * 0.6f, u.x * head * 0.6f};
    const float w = std::max(2.5f, thick * 0.8f);
    // In the target counter's blue, outlined in black: it stays visible on the cyan line and any terrain.
    f.dl->AddLine(from, base, u32({0, 0, 0, 1}, 0.85f), w + 2.5f);
    f.dl->AddTriangleFilled(tip, {base.x + n.x, base.y + n.y}, {base.x - n.x, base.y - n.y}, u32(ui::heading()));
    f.dl->AddTriangle(tip, {base.x + n.x, base.y + n.y}, {base.x - n.x, base.y - n.y}, u32({0, 0, 0, 1}, 0.85f), 1.5f);
    f.dl->AddLine(from, base, u32(ui::heading()), w);
}

// ---- units on the board (counters) ----

const BoardView::Piece* BoardView::piece_at(const hex::Cube& h) const {
    for (const auto& p : pieces_)
        if (p.at == h) return &p;
    return nullptr;
}

// A click released on a counter picks it (Shift: as the second role); Alt+click on an empty hex
// adds one. False when the click is not about counters (the view then places units as before).
bool BoardView::piece_click(const hex::Cube& h, bool two) {
    const ImGuiIO& io = ImGui::GetIO();
    const Piece* p = piece_at(h);
    if (!p && io.KeyAlt) {
        piece_event_ = PieceEvent{board::CounterPick::add, "", h};
        return true;
    }
    if (!p) return false;
    const bool second = two && io.KeyShift;
    piece_event_ = PieceEvent{second ? board::CounterPick::second : board::CounterPick::first, p->name, h};
    return true;
}

// Right-click on a hex: fire with / target the counter there, or add a unit to an empty hex.
void BoardView::piece_menu(const board::Board& b, const hex::Cube& h, bool two) {
    if (ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Right) && b.contains(h)) {
        menu_hex_ = h;
        ImGui::OpenPopup("##unit_menu");
    }
    if (!ImGui::BeginPopup("##unit_menu")) return;
    if (menu_hex_) {
        const Piece* p = piece_at(*menu_hex_);
        ImGui::TextDisabled("%s", b.name(*menu_hex_).c_str());
        if (p && ImGui::MenuItem(("Fire with " + p->name).c_str())) piece_event_ = PieceEvent{board::CounterPick::first, p->name, *menu_hex_};
        if (p && two && ImGui::MenuItem(("Target " + p->name).c_str())) piece_event_ = PieceEvent{board::CounterPick::second, p->name, *menu_hex_};
        if (!p && ImGui::MenuItem("Add a unit here")) piece_event_ = PieceEvent{board::CounterPick::add, "", *menu_hex_};
    }
    ImGui::EndPopup();
}

// Every counter: a small square with its side's initial (the side is never told by colour alone)
// and, where there is room, its name under it. The picked ones are the firer's and target's
// counters drawn by draw_units; they get the name and side label only.
void BoardView::draw_pieces(const Frame& f, const board::Board& b) const {
    const float rr = std::max(6.0f * f.scale, f.R * 0.32f);
    for (const auto& p : pieces_) {
        if (!b.contains(p.at)) continue;
        const ImVec2 c = f.S(hexdraw::centre(p.at));
        if (!f.visible(c)) continue;
        const std::string initial(1, p.side.empty() ? '?' : char(std::toupper(static_cast<unsigned char>(p.side[0]))));
        if (p.role == 0) {
            f.dl->AddRectFilled({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32({0.1f, 0.1f, 0.12f, 1}, 0.9f), rr * 0.2f);
            f.dl->AddRect({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32(ui::dim_text()), rr * 0.2f, 0, std::max(1.5f, rr * 0.12f));
            const float fs = std::min(ImGui::GetFontSize(), rr * 1.4f);
            const ImVec2 ts = ImGui::CalcTextSize(initial.c_str());
            const float k = fs / ImGui::GetFontSize();
            f.dl->AddText(nullptr, fs, {c.x - ts.x * k / 2, c.y - fs / 2}, u32({0.92f, 0.92f, 0.86f, 1}), initial.c_str());
        }
        const std::string label = p.name + " (" + initial + ")";
        const ImVec2 ls = ImGui::CalcTextSize(label.c_str());
        const ImVec2 at{c.x - ls.x / 2, c.y + std::max(rr * 1.1f, f.R * 0.45f)};
        if (f.R >= 12.0f * f.scale && at.x >= f.lo.x && at.x + ls.x <= f.hi.x && at.y + ls.y <= f.hi.y) {
            f.dl->AddRectFilled({at.x - 2, at.y}, {at.x + ls.x + 2, at.y + ls.y}, u32({0, 0, 0, 1}, 0.65f));
            f.dl->AddText(at, u32({0.95f, 0.95f, 0.92f, 1}), label.c_str());
        }
        if (ui::probing()) ui::probe_rect("unit_" + p.name, {c.x - rr, c.y - rr}, {c.x + rr, c.y + rr});
    }
}

// The hex or hexside under the mouse, and its number (and the game's glyph, a PanzerBlitz level)
// at a readable size, always: however far out the board is zoomed.
void BoardView::draw_hover(const Frame& f, const board::Board& b) const {
    if (!hovered_) return;
    ImVec2 pts[6];
    f.poly(*hovered_, pts);
    f.dl->AddPolyline(pts, 6, u32({1, 1, 1, 1}, 0.8f), ImDrawFlags_Closed, 1.5f);
    if (hovered_side_ >= 0)
        f.dl->AddLine(f.S(hexdraw::corner(*hovered_, hovered_side_)), f.S(hexdraw::corner(*hovered_, hovered_side_ + 1)), u32({1, 1, 1, 1}), 2.5f);
    std::string label = b.name(*hovered_);
    if (support_)
        if (const std::string g = support_->look(b.terrain(*hovered_)).glyph; !g.empty()) label += "  " + g;
    const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
    const ImVec2 c = f.S(hexdraw::centre(*hovered_));
    const float pad = 3.0f * f.scale;
    ImVec2 p{c.x - ts.x / 2, c.y - f.R - ts.y - pad * 2};  // above the hex, else below it, kept inside the canvas
    if (p.y < f.lo.y + pad) p.y = c.y + f.R + pad;
    p.x = std::clamp(p.x, f.lo.x + pad, f.hi.x - ts.x - pad);
    p.y = std::clamp(p.y, f.lo.y + pad, f.hi.y - ts.y - pad);
    f.dl->AddRectFilled({p.x - pad, p.y - pad * 0.5f}, {p.x + ts.x + pad, p.y + ts.y + pad * 0.5f}, u32({0.05f, 0.06f, 0.07f, 1}, 0.92f), 3.0f);
    f.dl->AddText(p, u32({1, 1, 1, 1}), label.c_str());
}

// Nothing placed yet (or only the first unit): what to click next, in words, in the map's middle,
// in neutral colours (a first step, not a problem).
void BoardView::draw_waiting(const Frame& f, const Placement& place, const Roles& roles) const {
    std::string say;
    if (!place.firer) say = "Click a hex to place the " + roles.first;
    else if (!roles.second.empty() && !place.target) say = "Now click the " + roles.second + "'s hex";
    if (say.empty()) return;
    const std::string more = roles.second.empty() ? std::string("right drag: pan \xc2\xb7 wheel: zoom")
                                                  : "then the " + roles.second + " \xc2\xb7 shift-click: the " + roles.second +
                                                        " \xc2\xb7 right drag: pan \xc2\xb7 wheel: zoom";
    ImFont* font = ui::fonts().big ? ui::fonts().big : ImGui::GetFont();
    const ImVec2 ts = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, say.c_str());
    const ImVec2 ms = ImGui::CalcTextSize(more.c_str());
    const float pad = 10.0f * f.scale;
    const float w = std::max(ts.x, ms.x) + pad * 2, h = ts.y + ms.y + pad * 2.5f;
    if (w > f.hi.x - f.lo.x || h > f.hi.y - f.lo.y) return;
    const ImVec2 a{(f.lo.x + f.hi.x - w) / 2, f.lo.y + pad}, z{a.x + w, a.y + h};
    f.dl->AddRectFilled(a, z, u32({0.10f, 0.11f, 0.13f, 1}, 0.94f), 4.0f);
    f.dl->AddRect(a, z, u32(ui::neutral()), 4.0f, 0, 1.5f);
    f.dl->AddText(font, font->FontSize, {a.x + (w - ts.x) / 2, a.y + pad}, u32(ui::neutral()), say.c_str());
    f.dl->AddText({a.x + (w - ms.x) / 2, a.y + pad * 1.5f + ts.y}, u32(ui::dim_text()), more.c_str());
    ui::probe_rect("board_waiting", a, z);
}

}  // namespace umpire::app
