// The board view (see board_view.hpp; docs/window.md "The board view").
//
// Sections
//   1. look: terrain fills and glyphs, hexside features, mark colours
//   2. caches: the ruling's marks taken, the visibility map, the kill-chance job
//   3. draw: toolbar, clicks, the canvas (fit and pan, the mouse, then layer by layer: hexes,
//      overlays, hexside features, numbers, the line's marks, units, hover, tooltip), legend
#include "window/board/view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms the board, not the panel

#include "window/ui/hex_layout.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace {

// =====================================================================================
// 1. look
// =====================================================================================

ImU32 u32(ImVec4 c, float alpha = 1.0f) {
    c.w *= alpha;
    return ImGui::ColorConvertFloat4ToU32(c);
}

// A colour the game's BoardSupport::look gives (0xRRGGBBAA).
ImVec4 rgba_colour(std::uint32_t c) {
    return {float((c >> 24) & 0xFF) / 255.0f, float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f, float(c & 0xFF) / 255.0f};
}

// A game's glyph (BoardSupport::look) centred at c, `size` pixels tall; nothing when it would be
// too small to read.
void glyph_text(ImDrawList* dl, ImVec2 c, float size, const std::string& g, ImU32 ink) {
    if (g.empty() || size < 7.0f) return;
    const ImVec2 ts = ImGui::CalcTextSize(g.c_str());
    const float k = size / ImGui::GetFontSize();
    dl->AddText(nullptr, size, {c.x - ts.x * k / 2, c.y - size / 2}, ink, g.c_str());
}

// A terrain's fill: a quiet tone per name (never the only sign: see terrain_glyph).
ImVec4 terrain_fill(const std::string& t) {
    if (t == "woods") return {0.12f, 0.27f, 0.14f, 1};
    if (t == "rough") return {0.30f, 0.26f, 0.18f, 1};
    if (t == "wreck") return {0.27f, 0.27f, 0.31f, 1};
    if (t == "clear") return {0.19f, 0.21f, 0.19f, 1};
    return {0.22f, 0.20f, 0.26f, 1};
}

// A terrain's glyph in a hex of circumradius r (pixels) at c: woods three trees, rough scattered
// stones, wreck a burnt-out hull (a crossed box), clear nothing, anything else its initial.
void terrain_glyph(ImDrawList* dl, ImVec2 c, float r, const std::string& t) {
    const ImU32 ink = u32({0.85f, 0.88f, 0.80f, 1}, 0.75f);
    if (t == "woods") {
        for (const ImVec2 o : {ImVec2(-0.32f, 0.12f), ImVec2(0.32f, 0.12f), ImVec2(0, -0.22f)}) {
            const ImVec2 top{c.x + o.x * r, c.y + (o.y - 0.2f) * r}, l{c.x + (o.x - 0.16f) * r, c.y + (o.y + 0.12f) * r},
                rr{c.x + (o.x + 0.16f) * r, c.y + (o.y + 0.12f) * r};
            dl->AddTriangleFilled(top, l, rr, u32({0.45f, 0.75f, 0.45f, 1}, 0.9f));
            dl->AddLine({c.x + o.x * r, c.y + (o.y + 0.12f) * r}, {c.x + o.x * r, c.y + (o.y + 0.22f) * r}, ink, std::max(1.0f, r * 0.04f));
        }
    } else if (t == "rough") {
        for (const ImVec2 o : {ImVec2(-0.35f, -0.1f), ImVec2(0.0f, 0.25f), ImVec2(0.3f, -0.2f), ImVec2(0.35f, 0.2f), ImVec2(-0.2f, 0.3f)})
            dl->AddCircleFilled({c.x + o.x * r, c.y + o.y * r}, std::max(1.2f, r * 0.06f), ink, 6);
    } else if (t == "wreck") {
        const float w = r * 0.32f, h = r * 0.2f;
        dl->AddRect({c.x - w, c.y - h}, {c.x + w, c.y + h}, ink, 0, 0, std::max(1.0f, r * 0.05f));
        dl->AddLine({c.x - w, c.y - h}, {c.x + w, c.y + h}, ink, std::max(1.0f, r * 0.05f));
        dl->AddLine({c.x - w, c.y + h}, {c.x + w, c.y - h}, ink, std::max(1.0f, r * 0.05f));
    } else if (t != "clear" && !t.empty() && r > 8) {
        const char s[2] = {char(std::toupper(static_cast<unsigned char>(t[0]))), 0};
        const ImVec2 ts = ImGui::CalcTextSize(s);
        dl->AddText({c.x - ts.x / 2, c.y - ts.y / 2}, ink, s);
    }
}

// A hexside feature from corner a to corner b; `into` points into the hex on its sloped side
// (slope: hachures drawn on that side only; 10.5), else both sides get the berm's ticks.
// `look`: the game's colour (0: the view's own) and glyph, written inside the hex `into` points to.
void side_feature(ImDrawList* dl, ImVec2 a, ImVec2 b, const std::string& f, ImVec2 into, float r, bool directional,
                  const view::BoardSupport::Look& look = {}) {
    const float th = std::max(2.0f, r * 0.10f);
    // Brown and pale grey: never the amber that means "referee's call".
    const ImU32 col = look.rgba                  ? u32(rgba_colour(look.rgba))
                      : f == "berm"              ? u32({0.62f, 0.40f, 0.22f, 1})
                      : f == "slope"             ? u32({0.80f, 0.80f, 0.74f, 1})
                                                 : u32({0.7f, 0.7f, 0.85f, 1});
    if (!look.glyph.empty()) {  // the letters inside the hex the feature's hachures point into
        const ImVec2 m{(a.x + b.x) / 2 + into.x * r * 0.28f, (a.y + b.y) / 2 + into.y * r * 0.28f};
        glyph_text(dl, m, std::min(ImGui::GetFontSize() * 0.75f, r * 0.32f), look.glyph, col);
    }
    dl->AddLine(a, b, col, th);
    const ImVec2 d{b.x - a.x, b.y - a.y};
    const int ticks = 4;
    for (int i = 1; i <= ticks; ++i) {
        const float t = float(i) / float(ticks + 1);
        const ImVec2 p{a.x + d.x * t, a.y + d.y * t};
        const float len = r * 0.18f;
        if (directional) {  // hachures into the sloped side only
            dl->AddLine(p, {p.x + into.x * len, p.y + into.y * len}, col, std::max(1.0f, th * 0.5f));
        } else {  // a berm: a bank, ticks across it
            dl->AddLine({p.x - into.x * len * 0.6f, p.y - into.y * len * 0.6f}, {p.x + into.x * len * 0.6f, p.y + into.y * len * 0.6f}, col,
                        std::max(1.0f, th * 0.5f));
        }
    }
}

const ImVec4 kKillShade{0.78f, 0.30f, 0.85f, 1.0f};  // the kill-chance overlay's shading

ImVec4 mark_colour(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return ui::bad();
        case view::Mark::referee_call: return ui::referee_call();
        case view::Mark::hindering: return ui::neutral();
        default: return ui::good();
    }
}

// A mark in words and its sign (colour is never the only sign).
std::string mark_word(view::Mark m) {
    switch (m) {
        case view::Mark::blocking: return "\xe2\x9c\x96 blocked";
        case view::Mark::referee_call: return std::string(ui::kOpenMark) + " referee's call";
        case view::Mark::hindering: return "\xe2\x97\x8f hindered";
        case view::Mark::clear: return "\xe2\x9c\x94 clear";
        default: return "";
    }
}

std::string table_text(const toml::table& t) {
    std::ostringstream s;
    s << t;
    return s.str();
}

}  // namespace

// =====================================================================================
// 2. caches
// =====================================================================================

// One frame's drawing: the draw list, the view's rectangle, the camera and a hex's size in pixels.
struct BoardView::Frame {
    ImDrawList* dl;
    ImVec2 lo, hi;
    float R;      // a hex's circumradius in pixels
    float scale;  // the UI scale (font size / 13)
    const Camera& cam;
    ImVec2 S(ImVec2 w) const { return cam.to_screen(w); }
    bool visible(ImVec2 s) const { return s.x > lo.x - R && s.x < hi.x + R && s.y > lo.y - R && s.y < hi.y + R; }
    void poly(const hex::Cube& h, ImVec2* pts) const {
        for (int k = 0; k < 6; ++k) pts[k] = S(hexdraw::corner(h, k));
    }
};

BoardView::~BoardView() { stop_figures(); }

namespace {
// Whether the ruling's marks were traced between the units placed now.
bool joins(const view::BoardMarks& m, const Placement& p) { return p.firer == m.firer && p.target == m.target; }
}  // namespace

const view::BoardMarks& BoardView::marks() const {
    static const view::BoardMarks none;
    return marks_ ? *marks_ : none;
}

// "What can this unit see": from the hovered hex while the mouse is on the board, else the firer's.
void BoardView::update_visibility(const view::BoardSupport& support, const board::Board& b, const std::string& mode, const Placement& place) {
    if (!show_visibility_) return;
    const std::optional<hex::Cube> from = hovered_ && b.contains(*hovered_) ? hovered_ : place.firer;
    if (vis_valid_ && vis_from_ == from) return;
    vis_from_ = from;
    vis_valid_ = true;
    vis_.clear();
    // Read in the situation's own mode, as the ruling reads it: a mode the game does not know gives
    // no overlay (said in the legend), never a default one.
    vis_unread_ = from && b.contains(*from) && !support.visibility(b, mode, *from, vis_);
}

void BoardView::stop_figures() {
    if (!job_) return;
    job_->cancel = true;
    if (job_->worker.joinable()) job_->worker.join();
    job_.reset();
}

// The kill chance of every hex is a ruling per hex (a few hundred ms on a 66 x 44 board): it runs
// on a worker thread, restarted (the old one cancelled) whenever the situation or board changes.
void BoardView::update_figures(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, const toml::table& situation) {
    if (!show_kill_) return;
    const std::string key = std::to_string(generation_) + "/" + std::to_string(paint_seen_) + "\n" + table_text(situation);
    if (job_ && key == figures_key_) return;
    stop_figures();
    figures_key_ = key;
    job_ = std::make_unique<FiguresJob>();
    FiguresJob* job = job_.get();
    // The worker reads its own copy: the paint tool edits the panel's board in place meanwhile.
    auto copy = std::make_shared<const board::Board>(*board);
    job->worker = std::thread([job, &support, copy, situation]() {
        support.hex_figures(*copy, situation, job->result, &job->cancel);
        job->done = true;
    });
    if (defaults().wait_for_figures) job->worker.join();  // a screenshot renders one frame
}

// =====================================================================================
// 3. draw
// =====================================================================================

bool BoardView::draw(const view::BoardSupport& support, const std::shared_ptr<const board::Board>& board, std::uint64_t generation,
                     const std::string& mode, const toml::table& situation, const std::shared_ptr<const view::BoardMarks>& marks,
                     Placement* place, float height, BoardPainter* painter, board::Board* paintable) {
    const board::Board& b = *board;
    support_ = &support;
    if (!painter || !paintable) painter = nullptr, paintable = nullptr;
    if (generation != generation_ || mode != mode_) {
        if (generation != generation_) want_fit_ = true;
        generation_ = generation;
        mode_ = mode;
        vis_valid_ = false;
    }
    // The line is the ruling's, drawn as it traced it, and only while it joins the units drawn (the
    // frame of a click, before the ruling follows it, draws none rather than the old one).
    marks_ = marks && joins(*marks, *place) ? marks : nullptr;
    ImGui::PushID("board_view");
    draw_toolbar(b, painter);
    follow_paint(painter);  // an undo or redo from the toolbar
    bool changed = false;
    update_visibility(support, b, mode, *place);
    update_figures(support, board, situation);
    if (!show_kill_) stop_figures();
    draw_canvas(support, b, place, &changed, height, painter, paintable);
    follow_paint(painter);  // a stroke: the next frame recomputes the line and the overlays
    draw_legend(b);
    ImGui::PopID();
    return changed;
}

// The painter changed the board (a stroke, undo, redo): what the view derives from it is stale.
void BoardView::follow_paint(const BoardPainter* painter) {
    if (!painter || painter->revision() == paint_seen_) return;
    paint_seen_ = painter->revision();
    vis_valid_ = false;  // the kill-chance job restarts: its key holds paint_seen_; the ruling follows the stroke
}

void BoardView::draw_toolbar(const board::Board& b, BoardPainter* painter) {
    // Rule | Paint: Paint hosts the panel's painter (board_paint.hpp); without one it is off.
    if (!painter) tool_ = Tool::rule;
    if (ImGui::RadioButton("Rule", tool_ == Tool::rule)) tool_ = Tool::rule;
    ui::tip("Rule mode: click hexes to place the firer and the target; the line and the ruling follow.");
    ui::probe("board_rule_mode");
    ImGui::SameLine();
    ImGui::BeginDisabled(!painter);
    if (ImGui::RadioButton("Paint", tool_ == Tool::paint)) tool_ = Tool::paint;
    ImGui::EndDisabled();
    ui::tip("Paint mode: click or drag to give hexes a terrain or hexsides a feature, with undo/redo and save. "
            "The ruling follows every stroke.");
    ui::probe("board_paint_mode");
    ui::same_line_if_fits(ImGui::CalcTextSize("Fit").x + ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button("Fit")) want_fit_ = true;
    ui::tip("Show the whole board.");
    ui::probe("board_fit");
    ui::same_line_if_fits(ui::checkbox_width("What it sees"));
    if (ImGui::Checkbox("What it sees", &show_visibility_)) vis_valid_ = false;
    ui::tip("Overlay: every hex a unit in the hex under the mouse can see (the firer's hex when the mouse is off the "
            "board), by the same line-of-sight reading as the ruling (10.2). Hatched: blocked; amber " +
            std::string(ui::kOpenMark) + ": referee's call.");
    ui::probe("board_visibility");
    if (support_ && support_->has_hex_figures()) {  // TANK!'s kill chance; the other games have none
        ui::same_line_if_fits(ui::checkbox_width("Kill chance"));
        ImGui::Checkbox("Kill chance", &show_kill_);
        ui::tip("Overlay: the chance that this firer kills this target if the target stood in each hex (its facing as "
                "given): where is it safe to move? Computed in the background.");
        ui::probe("board_kill");
    } else {
        show_kill_ = false;
    }
    // What a click does now, said on screen.
    std::string say;
    if (tool_ == Tool::paint) {
        say = "Pick a brush, then click or drag over hexes \xc2\xb7 a hexside: pick berm or slope and click inside a hex "
              "close to that side (a slope's sloped side is the hex you click in, 10.5) \xc2\xb7 Ctrl+Z / Ctrl+Y: undo / "
              "redo \xc2\xb7 right drag: pan \xc2\xb7 wheel: zoom \xc2\xb7 Rule: place the units";
    } else {
        const std::string facing_rule = support_ ? support_->facing_rule() : std::string();
        const bool corner = support_ && support_->faces_corner();
        say = std::string("Click a hex: places the ") + (next_ == Next::firer ? "FIRER" : "TARGET") + " \xc2\xb7 shift-click: the target" +
              (facing_rule.empty() ? std::string()
                                   : std::string(" \xc2\xb7 drag from the target towards ") + (corner ? "a point" : "a hexside") +
                                         ": its facing (" + facing_rule + ")") +
              " \xc2\xb7 right/middle drag or drag empty space: pan \xc2\xb7 wheel: zoom";
    }
    ui::wrapped(ui::dim_text(), say);
    ui::probe("board_hint");
    if (tool_ == Tool::paint && painter) {
        painter->draw_toolbar(ImGui::GetFontSize() / 13.0f);
        ui::probe("board_paint_toolbar");
    }
    (void)b;
}

namespace {
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

bool BoardView::handle_clicks(const board::Board& b, Placement* place, ImVec2 w) {
    const ImGuiIO& io = ImGui::GetIO();
    bool changed = false;
    const hex::Cube h = hexdraw::pick(w);
    if (tool_ == Tool::paint) return false;  // the painter takes the clicks (draw_canvas)
    if (ImGui::IsItemActivated() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && place->target && h == *place->target) {
        dragging_facing_ = true;
        drag_facing_.reset();
    }
    if (dragging_facing_) {
        const float from_centre = hexdraw::from_centre(*place->target, w);
        if (from_centre > 0.35f) drag_facing_ = support_ && support_->faces_corner() ? nearest_corner(*place->target, w) : hexdraw::nearest_side(*place->target, w);
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            dragging_facing_ = false;
            // A plain click on the target (no drag) changes nothing.
            if (drag_facing_ && drag_facing_ != place->facing) place->facing = drag_facing_, changed = true;
            drag_facing_.reset();
        }
        return changed;
    }
    // A click (pressed and released without dragging) on a board hex places a unit.
    if (ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !ImGui::IsMouseDragPastThreshold(ImGuiMouseButton_Left) &&
        b.contains(h)) {
        if (io.KeyShift || next_ == Next::target) {
            if (place->target != h) place->target = h, changed = true;
            next_ = Next::firer;
        } else {
            if (place->firer != h) place->firer = h, changed = true;
            next_ = Next::target;
        }
    }
    return changed;
}

// Fits the board to the view (when asked, or when the view changed size and the referee has not
// moved it), then pans and zooms with the mouse.
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
        cam_.fit(wlo, whi, lo, hi);
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

void BoardView::draw_canvas(const view::BoardSupport& support, const board::Board& b, Placement* place, bool* changed, float height,
                            BoardPainter* painter, board::Board* paintable) {
    (void)support;
    const float scale = ImGui::GetFontSize() / 13.0f;
    const ImVec2 size{std::max(ImGui::GetContentRegionAvail().x, 40.0f), std::max(height, 60.0f)};
    const ImVec2 lo = ImGui::GetCursorScreenPos(), hi{lo.x + size.x, lo.y + size.y};
    // The board moves with its canvas: a toolbar line that wraps (the paint tool's saved note) or
    // a scrolled panel shifts the canvas, and the board must not slide under its edge.
    if (cam_.fitted) cam_.origin.x += lo.x - canvas_lo_.x, cam_.origin.y += lo.y - canvas_lo_.y;
    canvas_lo_ = lo, canvas_hi_ = hi;
    ImGui::InvisibleButton("##board", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    ImGui::SetItemUsingMouseWheel();
    ui::probe("board");
    fit_and_pan(b, size, lo, hi);
    const ImVec2 mw = track_mouse(b);
    if (ImGui::IsItemActive() || ImGui::IsItemDeactivated() || dragging_facing_) *changed |= handle_clicks(b, place, mw);
    if (marks_ && !joins(*marks_, *place)) marks_.reset();  // a unit just moved: its ruling comes next frame
    const bool painting = tool_ == Tool::paint && painter;
    if (painting && (ImGui::IsItemHovered() || painter->painting()))
        painter->on_mouse(*paintable, mw, ImGui::IsItemClicked(ImGuiMouseButton_Left), ImGui::IsMouseDown(ImGuiMouseButton_Left),
                          ImGui::IsMouseReleased(ImGuiMouseButton_Left));

    Frame f{ImGui::GetWindowDrawList(), lo, hi, cam_.zoom, scale, cam_};
    f.dl->PushClipRect(lo, hi, true);
    f.dl->AddRectFilled(lo, hi, u32({0.08f, 0.09f, 0.10f, 1}));
    draw_hexes(f, b);
    draw_visibility(f, b);
    draw_kill_chance(f, b);
    draw_sides(f, b);
    draw_numbers(f, b);
    draw_marks(f);
    draw_units(f, b, *place);
    if (painting && hovered_) painter->draw_hover(f.dl, cam_, b, mw);  // what a click would paint
    else draw_hover(f);
    f.dl->PopClipRect();
    draw_tooltip(b, *place);
}

bool BoardView::figures_ready(const board::Board& b) const {
    return show_kill_ && job_ && job_->done && job_->result.complete && job_->result.value.size() == std::size_t(b.hex_count());
}

void BoardView::draw_hexes(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        const ImVec2 c = f.S(hexdraw::centre(h));
        if (!f.visible(c)) continue;
        f.poly(h, pts);
        const std::string& t = b.terrain(h);
        const view::BoardSupport::Look look = support_ ? support_->look(t) : view::BoardSupport::Look{};
        f.dl->AddConvexPolyFilled(pts, 6, u32(look.rgba ? rgba_colour(look.rgba) : terrain_fill(t)));
        // A game's look draws its glyph (none when it gives a colour and no glyph: PanzerBlitz's ground).
        if (!look.glyph.empty()) glyph_text(f.dl, c, std::min(ImGui::GetFontSize(), f.R * 0.5f), look.glyph, u32({0.92f, 0.92f, 0.86f, 1}, 0.85f));
        else if (!look.rgba && f.R >= 5) terrain_glyph(f.dl, c, f.R, t);
        draw_hex_feature(f, b, h, c);
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

// "What it sees": blocked hexes darkened and hatched, the referee's call outlined amber with a dot.
void BoardView::draw_visibility(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    if (show_visibility_ && vis_.size() == std::size_t(b.hex_count())) {
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
}

void BoardView::draw_kill_chance(const Frame& f, const board::Board& b) const {
    ImVec2 pts[6];
    if (figures_ready(b)) {
        char buf[16];
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
            if (f.R >= 11.0f * f.scale) {
                std::snprintf(buf, sizeof buf, "%d", int(std::lround(v * 100)));
                const float fs = std::min(ImGui::GetFontSize(), f.R * 0.6f);
                const ImVec2 ts = ImGui::CalcTextSize(buf);
                const ImVec2 p{c.x - ts.x * fs / ImGui::GetFontSize() / 2, c.y + f.R * 0.15f};
                const ImVec2 q{p.x + ts.x * fs / ImGui::GetFontSize(), p.y + fs};
                if (p.x >= f.lo.x && q.x <= f.hi.x && p.y >= f.lo.y && q.y <= f.hi.y)
                    f.dl->AddText(nullptr, fs, p, u32({1, 1, 1, 1}), buf);
            }
        }
    }
}

void BoardView::draw_sides(const Frame& f, const board::Board& b) const {
    for (int i = 0; i < b.hex_count(); ++i) {
        const hex::Cube h = b.hex_at(i);
        if (!f.visible(f.S(hexdraw::centre(h)))) continue;
        for (int d = 0; d < 6; ++d) {
            const board::SideFeature* sf = b.side(h, d);
            if (!sf || sf->feature < 0) continue;
            const hex::Cube o = hex::neighbour(h, d);
            if (b.contains(o) && d >= 3) continue;  // each shared side once (from its A-C hex)
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

void BoardView::draw_numbers(const Frame& f, const board::Board& b) const {
    // Hex numbers as printed, once they are readable (at least 7 px tall, about 16 px hexes).
    const float label_size = std::min(ImGui::GetFontSize() * 0.8f, f.R * 0.45f);
    if (label_size >= 7.0f) {
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
            f.dl->AddText(nullptr, label_size, p, u32({0.85f, 0.87f, 0.85f, 1}, 0.8f), n.c_str());
        }
    }
}

// The line, lit from the ruling's marks.
void BoardView::draw_marks(const Frame& f) const {
    ImVec2 pts[6];
    const float thick = std::max(2.0f, f.R * 0.12f);
    for (const auto& m : marks().hexes) {
        f.poly(m.hex, pts);
        f.dl->AddPolyline(pts, 6, u32(mark_colour(m.mark)), ImDrawFlags_Closed, std::max(1.5f, thick * 0.6f));
    }
    for (const auto& m : marks().sides)
        f.dl->AddLine(f.S(hexdraw::corner(m.hex, m.side)), f.S(hexdraw::corner(m.hex, m.side + 1)), u32(mark_colour(m.mark)), thick);
    // Candidates that do not decide first, thin and in their own outcome's colour; the deciding
    // line(s) over them, thick and lit. A route runs through its hexes' centres; a segment from a
    // centre or a corner (Panzer Squadron's lines end at the target's points) to another.
    auto point = [&](const view::BoardPoint& p) { return f.S(p.corner < 0 ? hexdraw::centre(p.hex) : hexdraw::corner(p.hex, p.corner)); };
    for (const bool deciding : {false, true}) {
        for (const auto& l : marks().lines) {
            if (l.decides != deciding) continue;
            std::vector<ImVec2> pts;
            if (!l.route.empty()) {
                for (const auto& h : l.route) pts.push_back(f.S(hexdraw::centre(h)));
            } else {
                pts = {point(l.from), point(l.to)};
            }
            const float w = deciding ? std::max(1.5f, thick * 0.5f) : std::max(1.0f, thick * 0.25f);
            f.dl->AddPolyline(pts.data(), int(pts.size()), u32({0, 0, 0, 1}, 0.6f), ImDrawFlags_None, w + 2.0f);
            f.dl->AddPolyline(pts.data(), int(pts.size()), u32(deciding ? ui::lit() : mark_colour(l.mark), deciding ? 1.0f : 0.85f),
                              ImDrawFlags_None, w);
            if (l.route.empty() && l.to.corner >= 0)  // the target's point the line ends at
                f.dl->AddCircleFilled(pts.back(), std::max(2.5f, thick * (deciding ? 0.5f : 0.3f)), u32(deciding ? ui::lit() : mark_colour(l.mark)));
        }
    }
    // What blocks (✖), what is the referee's call (▲) and what hinders (●), marked at a size readable at any zoom:
    // the colour is never the only sign, and a blocker on a whole-board view is still found.
    const float sign = std::max(7.0f * f.scale, f.R * 0.28f);
    auto sign_at = [&](ImVec2 p, view::Mark m) {
        if (m == view::Mark::blocking) {
            for (const float w : {std::max(4.0f, sign * 0.45f), std::max(2.0f, sign * 0.25f)}) {
                const ImU32 col = w > sign * 0.3f ? u32({0, 0, 0, 1}, 0.8f) : u32(ui::bad());
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
    for (const auto& m : marks().hexes) sign_at(f.S(hexdraw::centre(m.hex)), m.mark);
    for (const auto& m : marks().sides) sign_at(f.S(hexdraw::side_midpoint(m.hex, m.side)), m.mark);
}

// The units: F and T counters, the target's facing arrow.
void BoardView::draw_units(const Frame& f, const board::Board& b, const Placement& place_now) const {
    const Placement* place = &place_now;
    const float thick = std::max(2.0f, f.R * 0.12f);
    auto counter = [&](const hex::Cube& h, const char* letter, ImVec4 col) {
        const ImVec2 c = f.S(hexdraw::centre(h));
        const float rr = std::max(6.0f * f.scale, f.R * 0.38f);
        f.dl->AddRectFilled({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32({0.1f, 0.1f, 0.12f, 1}, 0.9f), rr * 0.2f);
        f.dl->AddRect({c.x - rr, c.y - rr}, {c.x + rr, c.y + rr}, u32(col), rr * 0.2f, 0, std::max(1.5f, rr * 0.15f));
        const float fs = std::min(ImGui::GetFontSize(), rr * 1.4f);
        const ImVec2 ts = ImGui::CalcTextSize(letter);
        const float k = fs / ImGui::GetFontSize();
        const ImVec2 p{c.x - ts.x * k / 2, c.y - fs / 2};
        if (p.x >= f.lo.x && p.y >= f.lo.y && p.x + ts.x * k <= f.hi.x && p.y + fs <= f.hi.y) f.dl->AddText(nullptr, fs, p, u32(col), letter);
    };
    if (place->firer && b.contains(*place->firer)) counter(*place->firer, "F", ui::lit());
    if (place->target && b.contains(*place->target)) {
        const std::optional<int> facing = dragging_facing_ && drag_facing_ ? drag_facing_ : place->facing;
        if (facing) {
            const bool corner = support_ && support_->faces_corner();  // Panzer Squadron: towards a point of the hexagon
            const ImVec2 c = f.S(hexdraw::centre(*place->target)),
                         m0 = f.S(corner ? hexdraw::corner(*place->target, *facing) : hexdraw::side_midpoint(*place->target, *facing)),
                         m{c.x + (m0.x - c.x) * (corner ? 0.8f : 1.0f), c.y + (m0.y - c.y) * (corner ? 0.8f : 1.0f)};
            // In the target counter's blue, outlined: it stays visible on the cyan line.
            const ImVec2 d{m.x - c.x, m.y - c.y}, n{-d.y * 0.3f, d.x * 0.3f};
            const ImVec2 tip{m.x + d.x * 0.25f, m.y + d.y * 0.25f};
            f.dl->AddLine(c, m, u32({0, 0, 0, 1}, 0.8f), std::max(4.0f, thick * 1.2f));
            f.dl->AddLine(c, m, u32(ui::heading()), std::max(2.0f, thick * 0.7f));
            f.dl->AddTriangleFilled(tip, {m.x + n.x, m.y + n.y}, {m.x - n.x, m.y - n.y}, u32(ui::heading()));
            f.dl->AddTriangle(tip, {m.x + n.x, m.y + n.y}, {m.x - n.x, m.y - n.y}, u32({0, 0, 0, 1}, 0.8f), 1.5f);
        }
        counter(*place->target, "T", ui::heading());
    }
}

// The hex or hexside under the mouse.
void BoardView::draw_hover(const Frame& f) const {
    ImVec2 pts[6];
    if (hovered_) {
        f.poly(*hovered_, pts);
        f.dl->AddPolyline(pts, 6, u32({1, 1, 1, 1}, 0.8f), ImDrawFlags_Closed, 1.5f);
        if (hovered_side_ >= 0)
            f.dl->AddLine(f.S(hexdraw::corner(*hovered_, hovered_side_)), f.S(hexdraw::corner(*hovered_, hovered_side_ + 1)), u32({1, 1, 1, 1}), 2.5f);
    }
}

void BoardView::draw_tooltip(const board::Board& b, const Placement& place_now) const {
    const Placement* place = &place_now;
    // The hex, its terrain, a hexside's feature and what the ruling says about them.
    if (hovered_ && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right)) {
        std::string text = b.name(*hovered_) + ": " + b.terrain(*hovered_);
        if (const int k = b.hex_feature(*hovered_); k >= 0 && std::size_t(k) < b.vocabulary.hex_features.size())
            text += ", " + b.vocabulary.hex_features[std::size_t(k)];
        if (place->firer == hovered_) text += " (firer)";
        if (place->target == hovered_) text += " (target)";
        if (hovered_side_ >= 0) {
            const board::SideFeature* f = b.side(*hovered_, hovered_side_);
            text += "\nhexside " + b.side_name(*hovered_, hovered_side_) + ": " +
                    (f && f->feature >= 0 ? b.vocabulary.hexside_features[std::size_t(f->feature)] +
                                                (std::find(b.vocabulary.directional.begin(), b.vocabulary.directional.end(),
                                                           b.vocabulary.hexside_features[std::size_t(f->feature)]) != b.vocabulary.directional.end()
                                                     ? ", sloped side " + b.name(f->sloped)
                                                     : "")
                                          : std::string("no feature"));
            for (const auto& m : marks().sides)
                if ((m.hex == *hovered_ && m.side == hovered_side_) ||
                    (m.hex == hex::neighbour(*hovered_, hovered_side_) && m.side == (hovered_side_ + 3) % 6))
                    text += "\n" + mark_word(m.mark) + ": " + m.text;
        }
        for (const auto& m : marks().hexes)
            if (m.hex == *hovered_) text += "\n" + mark_word(m.mark) + ": " + m.text;
        // The lines through this hex, each with its outcome: every candidate route met here, or the
        // segments that start or end here (Panzer Squadron's two lines on the firer's or target's hex).
        int listed = 0;
        for (const auto& l : marks().lines) {
            const bool here = l.route.empty() ? (l.from.hex == *hovered_ || l.to.hex == *hovered_)
                                              : std::find(l.route.begin(), l.route.end(), *hovered_) != l.route.end();
            if (!here || marks().lines.size() < 2) continue;
            if (++listed > 8) {
                text += "\n\xe2\x80\xa6 and more (the ruling lists every one)";
                break;
            }
            text += "\n" + mark_word(l.mark) + (l.decides ? " (decides) " : " ") + l.text;
        }
        if (show_visibility_ && vis_from_) text += "\n(overlay: what a unit in " + b.name(*vis_from_) + " sees)";
        if (figures_ready(b)) {
            const float v = job_->result.value[std::size_t(b.index(*hovered_))];
            if (v >= 0) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "\nkill chance here: %.1f%%", double(v) * 100.0);
                text += buf;
            }
        }
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// The legend: each terrain in the game's words with its glyph, the hexside features, the marks,
// and the overlays' keys. Wraps on a narrow panel.
void BoardView::draw_legend(const board::Board& b) {
    const float sw = ImGui::GetFontSize() * 1.4f;
    auto swatch = [&](const std::string& terrain) {
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::Dummy({sw, sw});
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 c{p.x + sw / 2, p.y + sw / 2};
        ImVec2 pts[6];
        for (int k = 0; k < 6; ++k) {
            const ImVec2 w = hexdraw::corner({0, 0, 0}, k);
            pts[k] = {c.x + w.x * sw / 2, c.y + w.y * sw / 2};
        }
        const view::BoardSupport::Look look = support_ ? support_->look(terrain) : view::BoardSupport::Look{};
        dl->AddConvexPolyFilled(pts, 6, u32(look.rgba ? rgba_colour(look.rgba) : terrain_fill(terrain)));
        if (!look.glyph.empty()) glyph_text(dl, c, ImGui::GetFontSize() * 0.75f, look.glyph, u32({0.92f, 0.92f, 0.86f, 1}));
        else if (!look.rgba) terrain_glyph(dl, c, sw / 2, terrain);
    };
    auto item = [&](const std::string& word, float extra) {
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(word.c_str());
        (void)extra;
    };
    // The game's words for a name (BoardSupport::Look::word), else the name with spaces.
    auto say = [&](const std::string& name) {
        std::string w = support_ ? support_->look(name).word : std::string();
        if (w.empty()) {
            w = name;
            std::replace(w.begin(), w.end(), '-', ' ');
        }
        return w;
    };
    bool first = true;
    for (const auto& t : b.vocabulary.hex_terrain) {
        const float w = sw + ImGui::CalcTextSize(say(t).c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
        if (!first) ui::same_line_if_fits(w);
        first = false;
        ImGui::BeginGroup();
        swatch(t);
        item(say(t), 0);
        ImGui::EndGroup();
    }
    for (const auto& t : b.vocabulary.hex_features) {  // the second layer: its disc and glyph
        ui::same_line_if_fits(sw + ImGui::CalcTextSize(say(t).c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2);
        ImGui::BeginGroup();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::Dummy({sw, sw});
        view::BoardSupport::Look look = support_ ? support_->look(t) : view::BoardSupport::Look{};
        if (look.glyph.empty()) look.glyph = std::string(1, char(std::toupper(static_cast<unsigned char>(t[0]))));
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const ImVec2 c{p.x + sw / 2, p.y + sw / 2};
        dl->AddCircleFilled(c, sw * 0.4f, u32(look.rgba ? rgba_colour(look.rgba) : ImVec4{0.6f, 0.6f, 0.7f, 1}));
        glyph_text(dl, c, ImGui::GetFontSize() * 0.8f, look.glyph, u32({0.05f, 0.05f, 0.05f, 1}));
        item(say(t), 0);
        ImGui::EndGroup();
    }
    for (const auto& f : b.vocabulary.hexside_features) {
        const bool directional = std::find(b.vocabulary.directional.begin(), b.vocabulary.directional.end(), f) != b.vocabulary.directional.end();
        const std::string word = say(f) + (directional ? " (hatched: sloped side)" : "");
        ui::same_line_if_fits(sw + ImGui::CalcTextSize(word.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2);
        ImGui::BeginGroup();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::Dummy({sw, sw});
        view::BoardSupport::Look look = support_ ? support_->look(f) : view::BoardSupport::Look{};
        const std::string glyph = look.glyph;
        look.glyph.clear();  // written below the line, at the legend's size
        side_feature(ImGui::GetWindowDrawList(), {p.x + 1, p.y + sw * 0.25f}, {p.x + sw - 1, p.y + sw * 0.25f}, f, {0, 1}, sw / 2, directional, look);
        glyph_text(ImGui::GetWindowDrawList(), {p.x + sw / 2, p.y + sw * 0.7f}, ImGui::GetFontSize() * 0.7f, glyph,
                   look.rgba ? u32(rgba_colour(look.rgba)) : u32({0.85f, 0.85f, 0.85f, 1}));
        item(word, 0);
        ImGui::EndGroup();
    }
    ui::probe("board_legend");
    if (!marks().lines.empty()) {
        // The line's marks, each in its colour and with its sign.
        const bool hinders = std::any_of(marks().lines.begin(), marks().lines.end(), [](const view::BoardLine& l) { return l.mark == view::Mark::hindering; });
        for (view::Mark m : {view::Mark::clear, view::Mark::blocking, view::Mark::referee_call, view::Mark::hindering}) {
            if (m == view::Mark::hindering && !hinders) continue;
            const std::string w = mark_word(m);
            ui::same_line_if_fits(ImGui::CalcTextSize(w.c_str()).x);
            ImGui::TextColored(mark_colour(m), "%s", w.c_str());
        }
        ui::same_line_if_fits(ImGui::CalcTextSize("\xe2\x80\x94 the line").x);
        ImGui::TextColored(ui::lit(), "\xe2\x80\x94 the line");
        ui::wrapped(ui::dim_text(), "Line: " + marks().summary + " (hover a lit hex or hexside for its rule)");
        ui::probe("board_line");
        // Several lines (PanzerBlitz's candidate routes, Panzer Squadron's two lines under each
        // reading): each with its outcome, the deciding ones first and said so.
        if (marks().lines.size() > 1) {
            int shown = 0;
            for (const bool deciding : {true, false})
                for (const auto& l : marks().lines) {
                    if (l.decides != deciding) continue;
                    if (++shown > 8) break;
                    ImGui::PushStyleColor(ImGuiCol_Text, deciding ? ui::lit() : ui::dim_text());
                    // Its sign (✔ ✖ ▲ ●) and sentence; "decides" said in words, not by the colour alone.
                    const std::string word = mark_word(l.mark);
                    ImGui::TextWrapped("%s %s%s", word.substr(0, word.find(' ')).c_str(), deciding ? "(decides) " : "", l.text.c_str());
                    ImGui::PopStyleColor();
                }
            if (marks().lines.size() > 8) ui::wrapped(ui::dim_text(), "\xe2\x80\xa6 " + std::to_string(marks().lines.size() - 8) + " more (the ruling lists every one)");
            ui::probe("board_lines");
        }
    }
    if (show_visibility_ && vis_unread_) {
        std::string known;
        for (const auto& m : support_->modes()) known += (known.empty() ? "" : ", ") + m;
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 What it sees: no overlay, the situation's mode \"" + mode_ + "\" is not one of " + known);
    } else if (show_visibility_) {
        ui::wrapped(ui::dim_text(), "What it sees" + (vis_from_ ? " from " + b.name(*vis_from_) : std::string()) +
                                        ": plain = can see, dark and hatched = blocked, amber " + std::string(ui::kOpenMark) + " = referee's call (10.2)");
    }
    if (show_kill_) {
        if (job_ && job_->done && job_->result.complete) {
            ui::wrapped(ui::dim_text(), job_->result.title + ": deeper magenta = likelier (numbers in %). " + job_->result.legend);
        } else if (job_ && job_->done) {
            ui::wrapped(ui::dim_text(), "Kill chance: needs the firer's hex and a situation that can be ruled.");
        } else {
            ui::wrapped(ui::dim_text(), "Kill chance: computing in the background\xe2\x80\xa6");
        }
        ui::probe("board_kill_legend");
    }
}

}  // namespace umpire::app
