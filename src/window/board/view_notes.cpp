// The board view's words: its toolbar, the hover, and what the side panel shows about the map
// (see view.hpp; docs/window.md "The map").
//
// Sections
//   1. the toolbar: the Board menu, Rule | Paint | Picture, Fit, the overlays and the unit they are
//      seen from, Back (in Map only); in Paint mode the painter's brushes, in Picture the tool's row
//   2. the hover: the hex, its terrain, what the ruling says about it, its own overlay figures
//   3. the side panel: "On the map" (the line, the routes to pick from, the overlays' captions,
//      the picture's suggestions and the unsure hexes to check first) and the map key
#include "window/board/view.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "window/board/look.hpp"
#include "window/ui/hex_layout.hpp"
#include "window/ui/widgets.hpp"
#include "board/underlay.hpp"

namespace umpire::app {

using namespace boardlook;

// =====================================================================================
// 1. the toolbar
// =====================================================================================

void BoardView::draw_toolbar(MapArea& area, const std::function<void()>& board_menu, const Placement& place, BoardPainter* painter) {
    // Rule | Paint: Paint hosts the panel's painter (paint.hpp); without one it is off.
    if (!painter) tool_ = Tool::rule;
    if (board_menu) {
        board_menu();
        ui::same_line_if_fits(ui::checkbox_width("Rule"));
    }
    if (ImGui::RadioButton("Rule", tool_ == Tool::rule)) tool_ = Tool::rule;
    ui::tip("Rule mode: click hexes to place the units; the line and the ruling follow. Click a unit to see the overlays from it.");
    ui::probe("board_rule_mode");
    ui::same_line_if_fits(ui::checkbox_width("Paint"));
    ImGui::BeginDisabled(!painter);
    if (ImGui::RadioButton("Paint", tool_ == Tool::paint)) tool_ = Tool::paint;
    ImGui::EndDisabled();
    ui::tip("Paint mode: click or drag to give hexes a terrain or hexsides a feature, with undo/redo and save. "
            "The ruling follows every stroke.");
    ui::probe("board_paint_mode");
    ui::same_line_if_fits(ui::checkbox_width("Picture"));
    ImGui::BeginDisabled(!painter || !board_has_picture_);
    if (ImGui::RadioButton("Picture", tool_ == Tool::picture)) tool_ = Tool::picture;
    ImGui::EndDisabled();
    ui::tip(board_has_picture_
                ? "Picture: line the hex grid up with the board's picture (click hex centres), then show examples and let Umpire suggest the terrain (docs/maps.md)."
                : "Picture: for a board made from a scan or photo (Board menu: New board from a picture\xe2\x80\xa6).");
    ui::probe("board_picture_mode");
    ui::same_line_if_fits(ImGui::CalcTextSize("Fit").x + ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::Button("Fit")) want_fit_ = true, picture_.fit_view();
    ui::tip(tool_ == Tool::picture ? "Show the whole picture." : "Show the whole board.");
    ui::probe("board_fit");
    if (tool_ != Tool::picture) draw_overlay_toggles(place);
    if (area.map_only) {  // Map only itself is in the side panel's header (App::draw_side)
        ui::same_line_if_fits(ImGui::CalcTextSize("Back").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button("Back")) area.toggle_map_only = true;
        ui::tip("Show the ruling and the situation beside the map again (F11 or Esc).");
        ui::probe("map_only");
    }
    if (tool_ == Tool::picture) picture_.draw_toolbar();
    if (tool_ == Tool::paint && painter) {
        ui::wrapped(ui::dim_text(), "Pick a brush, then click or drag over hexes (Accept: over the picture's right suggestions) \xc2\xb7 a hexside: pick berm or slope and click inside a hex "
                                    "close to that side (a slope's sloped side is the hex you click in, 10.5) \xc2\xb7 Ctrl+Z / Ctrl+Y: undo / "
                                    "redo \xc2\xb7 right drag: pan \xc2\xb7 wheel: zoom \xc2\xb7 Rule: place the units");
        ui::probe("board_hint");
        painter->draw_toolbar(ImGui::GetFontSize() / 16.0f);
        ui::probe("board_paint_toolbar");
    }
}

// The two overlays, and the unit they are seen from (pinned: the mouse never moves it).
void BoardView::draw_overlay_toggles(const Placement& place) {
    ui::same_line_if_fits(ui::checkbox_width("What it sees"));
    if (ImGui::Checkbox("What it sees", &show_visibility_)) vis_valid_ = false;
    ui::tip("Overlay: every hex the pinned unit (the firer, or the unit you clicked) can see, by the same line-of-sight reading "
            "as the ruling (10.2). Hatched: blocked; amber " + std::string(ui::kOpenMark) + ": referee's call. Hover a hex for its own.");
    ui::probe("board_visibility");
    if (support_ && support_->has_hex_figures()) {  // TANK!'s kill chance; the other games have none
        ui::same_line_if_fits(ui::checkbox_width("Kill chance"));
        ImGui::Checkbox("Kill chance", &show_kill_);
        ui::tip("Overlay: from the firer, the chance it kills the target if the target stood in each hex (where is it safe to "
                "move?); from the target, the chance the firer kills it firing from each hex. Computed in the background.");
        ui::probe("board_kill");
    } else {
        show_kill_ = false;
    }
    if (!(show_visibility_ || show_kill_) || !place.firer || !place.target) return;
    ui::same_line_if_fits(ImGui::CalcTextSize("from").x + ui::checkbox_width("F firer") + ui::checkbox_width("T target") +
                          ImGui::GetStyle().ItemSpacing.x * 2);
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("from");
    ImGui::SameLine();
    if (ImGui::RadioButton("F firer", viewpoint_ == Viewpoint::firer)) set_viewpoint(Viewpoint::firer);
    ui::tip("The overlays are seen from the firer (or click the F counter on the board).");
    ui::probe("board_viewpoint_firer");
    ImGui::SameLine();
    if (ImGui::RadioButton("T target", viewpoint_ == Viewpoint::target)) set_viewpoint(Viewpoint::target);
    ui::tip("The overlays are seen from the target (or click the T counter on the board).");
    ui::probe("board_viewpoint_target");
}

// =====================================================================================
// 2. the hover
// =====================================================================================

// The hovered hex's own figures under the overlays: whether the pinned unit sees it, and its kill chance.
std::string BoardView::hover_figures(const board::Board& b) const {
    std::string text;
    const std::size_t i = std::size_t(b.index(*hovered_));
    if (show_visibility_ && vis_from_ && vis_.size() == std::size_t(b.hex_count()) && i < vis_.size()) {
        const view::Mark m = vis_[i];
        text += "\nseen from " + b.name(*vis_from_) + ": " +
                (m == view::Mark::blocking ? "no, blocked" : m == view::Mark::referee_call ? "referee's call" : "yes");
    }
    if (figures_ready(b)) {
        const float v = job_->result.value[i];
        if (v >= 0) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "\nkill chance here: %.1f%%", double(v) * 100.0);
            text += buf;
        }
    }
    return text;
}

void BoardView::draw_tooltip(const board::Board& b, const Placement& place) const {
    // The hex, its terrain, a hexside's feature and what the ruling says about them.
    if (!hovered_ || ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Right)) return;
    auto say = [&](const std::string& name) {
        const std::string w = support_ ? support_->look(name).word : std::string();
        return w.empty() ? name : w;
    };
    std::string text = b.name(*hovered_) + ": " + say(b.terrain(*hovered_));
    if (const int k = b.hex_feature(*hovered_); k >= 0 && std::size_t(k) < b.vocabulary.hex_features.size())
        text += ", " + say(b.vocabulary.hex_features[std::size_t(k)]);
    if (place.firer == hovered_) text += " (firer)";
    if (place.target == hovered_) text += " (target)";
    if (hovered_side_ >= 0) {
        const board::SideFeature* f = b.side(*hovered_, hovered_side_);
        std::string feature = "no feature";
        if (f && f->feature >= 0) {
            const std::string& name = b.vocabulary.hexside_features[std::size_t(f->feature)];
            const auto& dir = b.vocabulary.directional;
            feature = say(name) + (std::find(dir.begin(), dir.end(), name) != dir.end() ? ", sloped side " + b.name(f->sloped) : "");
        }
        text += "\nhexside " + b.side_name(*hovered_, hovered_side_) + ": " + feature;
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
            text += "\n\xe2\x80\xa6 and more (the side panel lists every one)";
            break;
        }
        text += "\n" + mark_word(l.mark) + (l.decides ? " (decides) " : " ") + l.text;
    }
    text += hover_figures(b);
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(ui::unbreakable(text).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// =====================================================================================
// 3. the side panel: "On the map" and the map key
// =====================================================================================

// Several lines (PanzerBlitz's candidate routes, Panzer Squadron's two lines under each reading):
// each with its outcome, the deciding ones first and said so; hover one to see it alone on the
// board, click it to keep it drawn thick.
void BoardView::draw_routes(const view::BoardMarks& m) {
    ui::probe_value("board_lines", std::to_string(m.lines.size()));
    for (const bool deciding : {true, false})
        for (std::size_t i = 0; i < m.lines.size(); ++i) {
            const auto& l = m.lines[i];
            if (l.decides != deciding) continue;
            ImGui::PushID(int(i));
            const std::string word = mark_word(l.mark);
            const std::string sign = word.substr(0, word.find(' '));
            const std::string label = sign + " " + (deciding ? "(decides) " : "") + ui::unbreakable(l.text);
            ImGui::PushStyleColor(ImGuiCol_Text, deciding ? ui::lit() : ImGui::GetStyleColorVec4(ImGuiCol_Text));
            ImGui::PushTextWrapPos(0.0f);
            // A selectable as tall as its wrapped text: one row per line, picked with a click.
            const float wrap = std::max(1.0f, ImGui::GetContentRegionAvail().x);
            const ImVec2 ts = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap);
            const ImVec2 at = ImGui::GetCursorScreenPos();
            if (ImGui::Selectable("##route", shown_route_ == int(i), 0, ImVec2(0, ts.y))) shown_route_ = shown_route_ == int(i) ? -1 : int(i);
            if (ImGui::IsItemHovered()) hovered_route_ = int(i), hovered_route_frame_ = ImGui::GetFrameCount();
            ui::tip("Hover: this line alone, thick on the map; click: keep it drawn (click again to let go).");
            ImGui::SetCursorScreenPos(at);
            ImGui::TextWrapped("%s", label.c_str());
            ImGui::PopTextWrapPos();
            ImGui::PopStyleColor();
            ImGui::PopID();
        }
    ui::probe("board_lines");
}

void BoardView::draw_notes(const board::Board& b, const std::shared_ptr<const view::BoardMarks>& m) {
    if (m) {
        ui::wrapped(mark_colour(m->verdict), mark_word(m->verdict) + " \xe2\x80\x94 " + m->summary);
        ui::probe("board_line");
        if (m->lines.size() > 1) draw_routes(*m);
    }
    if (show_visibility_ && vis_unread_) {
        std::string known;
        for (const auto& x : support_->modes()) known += (known.empty() ? "" : ", ") + x;
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 What it sees: no overlay, the situation's mode \"" + mode_ + "\" is not one of " + known);
    } else if (show_visibility_) {
        ui::wrapped(ui::dim_text(), "What it sees" + (vis_from_ ? " from " + b.name(*vis_from_) : std::string()) +
                                        ": plain = can see, dark and hatched = blocked, amber " + std::string(ui::kOpenMark) + " = referee's call (10.2)");
    }
    if (show_kill_) {
        if (job_ && job_->done && job_->result.complete) {
            ui::wrapped(ui::dim_text(), job_->result.title + ": deeper magenta = likelier (numbers in %). " + job_->result.legend);
        } else if (job_ && job_->done) {
            ui::wrapped(ui::dim_text(), "Kill chance: needs the firer's and the target's hexes and a situation that can be ruled.");
        } else {
            ui::wrapped(ui::dim_text(), "Kill chance: computing in the background\xe2\x80\xa6");
        }
        ui::probe("board_kill_legend");
    }
    draw_suggestions(b);
}

// The suggestions counted again once per board and edit (a stroke, an accept, undo), not every frame.
void BoardView::follow_review(const board::Board& b) { review_.follow(b, generation_, painter_ ? painter_->revision() : paint_seen_); }

// The board's picture and what it suggested (docs/maps.md "Checking the suggestions"): a picture
// still being read says so, one that cannot be drawn says why; the suggestions are checked in
// review.hpp's list (counts, Check these first with Accept, the bulk accepts). No amber.
void BoardView::draw_suggestions(const board::Board& b) {
    if (underlay_.reading()) {
        ui::wrapped(ui::dim_text(), "Reading the picture\xe2\x80\xa6 (" + std::filesystem::path(underlay_.path()).filename().string() + ")");
        ui::probe("board_picture_reading");
    } else if (underlay_.has_underlay() && !underlay_.problem().empty()) {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 The board's picture is not drawn: " + underlay_.problem());
        ui::probe("board_picture_problem");
    }
    // A suggestion that ended while the referee was out of the Picture tool (painting, checking):
    // said here, where they are, until dismissed (the tool's own row says it too).
    if (tool_ != Tool::picture && !picture_.suggest_problem().empty()) {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 Nothing was suggested from the picture: " + picture_.suggest_problem());
        ui::probe("board_suggest_problem");
        if (ImGui::SmallButton("Dismiss##suggest_problem")) picture_.clear_suggest_problem();
        ui::tip("Hide this message (the board is as it was before the suggestion).");
    }
    follow_review(b);
    review_.draw(b, painter_, support_, tool_ == Tool::rule, &centre_on_);
}

// The map key: each terrain in the game's words with its glyph, the hexside features, and the
// marks the map shows now (a mark's colour is drawn only where the map has it: amber appears
// only with a referee's call). Wraps on a narrow panel.
void BoardView::draw_key(const board::Board& b, const std::shared_ptr<const view::BoardMarks>& marks) {
    const float sw = ImGui::GetFontSize() * 1.4f;
    const float sp = ImGui::GetStyle().ItemSpacing.x;
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
    // One entry: a swatch `sw` wide drawn by `paint` at its top-left, then its words.
    auto entry = [&](const std::string& word, const std::function<void(ImDrawList*, ImVec2)>& paint) {
        if (!first) ui::same_line_if_fits(sw + ImGui::CalcTextSize(word.c_str()).x + sp * 2);
        first = false;
        ImGui::BeginGroup();
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::Dummy({sw, sw});
        paint(ImGui::GetWindowDrawList(), p);
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::AlignTextToFramePadding();
        ImGui::TextWrapped("%s", word.c_str());  // wraps beside its swatch when wider than the panel
        ImGui::EndGroup();
    };
    for (const auto& t : b.vocabulary.hex_terrain)
        entry(say(t), [&](ImDrawList* dl, ImVec2 p) {
            const ImVec2 c{p.x + sw / 2, p.y + sw / 2};
            ImVec2 pts[6];
            for (int k = 0; k < 6; ++k) {
                const ImVec2 w = hexdraw::corner({0, 0, 0}, k);
                pts[k] = {c.x + w.x * sw / 2, c.y + w.y * sw / 2};
            }
            const view::BoardSupport::Look look = support_ ? support_->look(t) : view::BoardSupport::Look{};
            dl->AddConvexPolyFilled(pts, 6, u32(look.rgba ? rgba_colour(look.rgba) : terrain_fill(t)));
            if (!look.glyph.empty()) glyph_text(dl, c, ImGui::GetFontSize() * 0.75f, look.glyph, u32({0.92f, 0.92f, 0.86f, 1}));
            else if (!look.rgba) terrain_glyph(dl, c, sw / 2, t);
        });
    for (const auto& t : b.vocabulary.hex_features)  // the second layer: its disc and glyph
        entry(say(t), [&](ImDrawList* dl, ImVec2 p) {
            view::BoardSupport::Look look = support_ ? support_->look(t) : view::BoardSupport::Look{};
            if (look.glyph.empty()) look.glyph = std::string(1, char(std::toupper(static_cast<unsigned char>(t[0]))));
            const ImVec2 c{p.x + sw / 2, p.y + sw / 2};
            dl->AddCircleFilled(c, sw * 0.4f, u32(look.rgba ? rgba_colour(look.rgba) : ImVec4{0.6f, 0.6f, 0.7f, 1}));
            glyph_text(dl, c, ImGui::GetFontSize() * 0.8f, look.glyph, u32({0.05f, 0.05f, 0.05f, 1}));
        });
    for (const auto& f : b.vocabulary.hexside_features) {
        // A pair on one hexside (Vocabulary::side_pairs) wears its first feature's colour and both glyphs
        // (BoardSupport::look): no key of its own.
        if (b.vocabulary.is_pair(int(&f - b.vocabulary.hexside_features.data()))) continue;
        const bool directional = std::find(b.vocabulary.directional.begin(), b.vocabulary.directional.end(), f) != b.vocabulary.directional.end();
        entry(say(f) + (directional ? " (hatched: sloped side)" : ""), [&](ImDrawList* dl, ImVec2 p) {
            view::BoardSupport::Look look = support_ ? support_->look(f) : view::BoardSupport::Look{};
            const std::string glyph = look.glyph;
            look.glyph.clear();  // written below the line, at the key's size
            side_feature(dl, {p.x + 1, p.y + sw * 0.25f}, {p.x + sw - 1, p.y + sw * 0.25f}, f, {0, 1}, sw / 2, directional, look);
            glyph_text(dl, {p.x + sw / 2, p.y + sw * 0.7f}, ImGui::GetFontSize() * 0.7f, glyph,
                       look.rgba ? u32(rgba_colour(look.rgba)) : u32({0.85f, 0.85f, 0.85f, 1}));
        });
    }
    // The picture's suggestions, while the board has some (draw_suggestions counts them).
    auto hatched = [&](bool crossed) {
        return [&, crossed](ImDrawList* dl, ImVec2 p) {
            const ImVec2 c{p.x + sw / 2, p.y + sw / 2};
            dl->AddCircleFilled(c, sw / 2, u32({0.3f, 0.32f, 0.3f, 1}));
            hatch_hex(dl, c, sw / 2, crossed);
        };
    };
    if (review_.unconfirmed_hexes() > 0) entry("suggested, not confirmed", hatched(false));
    if (!review_.unsure().empty()) entry("unsure: check first", hatched(true));
    // The line's marks on the map now, each in its colour and with its sign; the line itself.
    auto shown = [&](view::Mark m) {
        if (!marks) return false;
        auto has = [m](const auto& v) { return std::any_of(v.begin(), v.end(), [m](const auto& x) { return x.mark == m; }); };
        return marks->verdict == m || has(marks->lines) || has(marks->hexes) || has(marks->sides);
    };
    for (view::Mark m : {view::Mark::clear, view::Mark::blocking, view::Mark::referee_call, view::Mark::hindering}) {
        if (!shown(m)) continue;
        const std::string w = mark_word(m);
        ui::same_line_if_fits(ImGui::CalcTextSize(w.c_str()).x);
        ImGui::TextColored(mark_colour(m), "%s", w.c_str());
    }
    if (marks) {
        ui::same_line_if_fits(ImGui::CalcTextSize("\xe2\x80\x94 the line").x);
        ImGui::TextColored(ui::lit(), "\xe2\x80\x94 the line");
    }
    ui::probe("board_legend");
}

}  // namespace umpire::app
