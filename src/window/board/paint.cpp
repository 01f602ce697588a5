// The board paint tool (see board_paint.hpp).
//
// Sections
//   1. paint_target, brush_glyph
//   2. BoardPainter: attach, mouse, accepting suggestions, undo/redo, save
//   3. BoardPainter: toolbar (the Accept brush while the board has suggestions), hover
#include "window/board/paint.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include <imgui_stdlib.h>

#include "window/ui/hex_layout.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

// =====================================================================================
// 1. paint_target, brush_glyph
// =====================================================================================

PaintTarget paint_target(const board::Board& b, const Brush& brush, ImVec2 p) {
    PaintTarget t;
    const hex::Cube h = hexdraw::pick(p);
    if (!b.contains(h)) return t;
    t.hex = h;
    if (brush.accept) {  // the hexside when near one, else the hex
        t.valid = true;
        if (hexdraw::from_centre(h, p) > kSideReach) t.hexside = true, t.side = hexdraw::nearest_side(h, p);
        return t;
    }
    if (!brush.hexside) {
        t.valid = true;
        return t;
    }
    if (hexdraw::from_centre(h, p) <= kSideReach) return t;  // near the centre: no hexside meant
    t.valid = true;
    t.hexside = true;
    t.side = hexdraw::nearest_side(h, p);
    return t;
}

board::Board new_board(const board::Vocabulary& v, int columns, int rows) {
    board::Board b;
    b.system = v.system;
    b.title = "New board, " + std::to_string(columns) + " x " + std::to_string(rows);
    b.numbering = v.numbering;
    b.vocabulary = v;
    b.resize(columns, rows);
    return b;
}

std::string brush_glyph(const std::string& name) {
    static const std::pair<const char*, const char*> marks[] = {
        {"clear", "."}, {"rough", "~"}, {"woods", "T"}, {"wreck", "x"}, {"berm", "="}, {"slope", "/"},
    };
    for (const auto& [n, g] : marks)
        if (name == n) return g;
    return name.empty() ? "?" : std::string(1, char(std::toupper(static_cast<unsigned char>(name[0]))));
}

// =====================================================================================
// 2. BoardPainter: attach, mouse, undo/redo, save
// =====================================================================================

void BoardPainter::attach(board::Board& b, std::string path, std::string suggestion) {
    board_ = &b;
    path_ = std::move(path);
    save_as_text_ = path_.empty() ? std::move(suggestion) : path_;
    error_.clear();
    saved_note_.clear();
    history_.reset();
    const std::size_t brushes = brush.hexside   ? b.vocabulary.hexside_features.size()
                                : brush.feature ? b.vocabulary.hex_features.size()
                                                : b.vocabulary.hex_terrain.size();
    if (brush.index >= int(brushes) || (brush.feature && b.vocabulary.hex_features.empty()) || brush.accept) brush = Brush{};
}

void BoardPainter::detach() {
    board_ = nullptr;
    path_.clear();
    error_.clear();
    saved_note_.clear();
    history_.reset();
}

bool BoardPainter::paint_at(board::Board& b, ImVec2 world) {
    const PaintTarget t = paint_target(b, brush, world);
    if (!t.valid) return false;
    if (brush.accept) return t.hexside ? history_.confirm_side(b, t.hex, t.side) : history_.confirm(b, t.hex);
    if (t.hexside) return history_.set_side(b, t.hex, t.side, brush.index);
    return brush.feature ? history_.set_hex_feature(b, t.hex, brush.index) : history_.set_terrain(b, t.hex, brush.index);
}

bool BoardPainter::on_mouse(board::Board& b, ImVec2 world, bool pressed, bool down, bool released) {
    if (&b != board_) attach(b, {});
    bool changed = false;
    if (pressed) {
        history_.begin_stroke();
        changed = paint_at(b, world);
    } else if (down && history_.in_stroke()) {
        changed = paint_at(b, world);
    }
    if (released && history_.in_stroke()) history_.end_stroke();
    if (changed) saved_note_.clear();
    return changed;
}

int BoardPainter::accept(const board::Board& b, const std::vector<hex::Cube>& hexes, const std::vector<std::pair<hex::Cube, int>>& sides) {
    if (&b != board_) return 0;
    const int n = history_.confirm_many(*board_, hexes, sides);
    if (n) saved_note_.clear();
    return n;
}

int BoardPainter::accept_all(const board::Board& b) {
    if (&b != board_) return 0;
    const int n = history_.confirm_all(*board_);
    if (n) saved_note_.clear();
    return n;
}

bool BoardPainter::undo() { return board_ && history_.undo(*board_); }
bool BoardPainter::redo() { return board_ && history_.redo(*board_); }

std::optional<std::string> BoardPainter::save(const std::string& path) {
    if (!board_) return error_ = "no board to save";
    if (path.empty()) return error_ = "give the board a file name to save it";
    // The board becomes that file's; a picture it names is named relative to the new folder.
    if (auto err = board::save_board_as(*board_, path)) {
        error_ = "The board was not saved: " + *err;
        return error_;
    }
    path_ = path;
    save_as_text_ = path;
    error_.clear();
    saved_note_ = "saved to " + std::filesystem::path(path).filename().string();  // the name only: it never runs off the line
    history_.mark_saved();
    return std::nullopt;
}

// =====================================================================================
// 3. BoardPainter: toolbar, hover
// =====================================================================================

void BoardPainter::draw_brushes() {
    const board::Vocabulary& v = board_->vocabulary;
    // `feature`: a brush of the second per-hex layer (its "none" probe differs from the hexsides').
    auto choice = [&](bool hexside, int index, const std::string& name, const char* tip, bool feature = false) {
        std::string glyph = index < 0 ? std::string("-") : looks ? looks->look(name).glyph : std::string();
        if (glyph.empty()) glyph = brush_glyph(name);
        const std::string label = "[" + glyph + "] " + name + "##brush" +
                                  (hexside ? "s" : feature ? "f" : "h") + std::to_string(index);
        ui::same_line_if_fits(ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetFrameHeight() * 1.5f);
        if (ImGui::RadioButton(label.c_str(), !brush.accept && brush.hexside == hexside && brush.feature == feature && brush.index == index))
            brush = Brush{hexside, index, feature};
        ui::tip(tip);
        const std::string none = feature ? "feature_none" : "none";
        ui::probe(("paint_brush_" + (index < 0 ? none : name)).c_str());  // tests/gui/board-paint-test.sh
    };
    ImGui::TextUnformatted("Hexes:");
    for (std::size_t i = 0; i < v.hex_terrain.size(); ++i)
        choice(false, int(i), v.hex_terrain[i], "Click or drag over hexes to give them this terrain.");
    // The second per-hex layer (PanzerBlitz's single-hex woods and town): it stands on the hex's
    // terrain, so painting it leaves the elevation as it is.
    if (!v.hex_features.empty()) {
        ui::same_line_if_fits(ImGui::CalcTextSize("Hex features:").x);
        ImGui::TextUnformatted("Hex features:");
        for (std::size_t i = 0; i < v.hex_features.size(); ++i)
            choice(false, int(i), v.hex_features[i], "Click or drag over hexes to put this on them (their terrain stays).", true);
        choice(false, -1, "no hex feature", "Click or drag over hexes to take their hex feature away.", true);
    }
    ui::same_line_if_fits(ImGui::CalcTextSize("Hexsides:").x);
    ImGui::TextUnformatted("Hexsides:");
    for (std::size_t i = 0; i < v.hexside_features.size(); ++i) {
        if (v.is_pair(int(i))) continue;  // a pair is painted as its two features, one over the other (set_side)
        const bool directional = std::find(v.directional.begin(), v.directional.end(), v.hexside_features[i]) != v.directional.end();
        choice(true, int(i), v.hexside_features[i],
               directional ? "Click inside a hex near one of its sides: that side gets this feature, and the hex you click in is on "
                             "its sloped side (10.5)."
                           : "Click inside a hex near one of its sides: that side gets this feature.");
    }
    choice(true, -1, "no feature", "Click near a hexside to erase its feature.");
    // While the picture's suggestions are not all checked: the Accept brush (docs/maps.md).
    const board::Board& b = *board_;
    const bool suggestions = std::any_of(b.suggested_of.begin(), b.suggested_of.end(), [](std::uint8_t m) { return m != 0; }) ||
                             std::any_of(b.sides_of.records().begin(), b.sides_of.records().end(), [](const board::SideFeature& f) { return f.suggested != 0; });
    if (!suggestions && !brush.accept) return;
    const std::string label = "[\xe2\x9c\x94] Accept##brush_accept";
    ui::same_line_if_fits(ImGui::CalcTextSize(label.c_str(), nullptr, true).x + ImGui::GetFrameHeight() * 1.5f);
    if (ImGui::RadioButton(label.c_str(), brush.accept)) brush = Brush{false, 0, false, true};
    ui::tip("Drag over hexes (or near hexsides) the picture suggested and that are right: they are accepted as they stand, "
            "nothing else changes. One undo step a drag.");
    ui::probe("paint_brush_accept");
}

void BoardPainter::draw_save_as(float em) {
    if (!ImGui::BeginPopup("Save board as")) return;
    ImGui::TextUnformatted("Save the board as (a path; an existing file is replaced):");
    ImGui::SetNextItemWidth(em * 28);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    bool go = ImGui::InputText("##board-path", &save_as_text_, ImGuiInputTextFlags_EnterReturnsTrue);
    ui::probe("paint_save_as_path");
    ui::probe_value("paint_save_as_text", save_as_text_);  // what the window tests typed
    go |= ImGui::Button("Save", ImVec2(em * 6, 0));
    ui::probe("paint_save_as_ok");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel", ImVec2(em * 6, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
    if (go) save(save_as_text_);
    if (go || cancel) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void BoardPainter::draw_toolbar(float scale) {
    scale_ = scale;
    if (!board_) {
        ImGui::TextDisabled("No board to paint.");
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    const float em = ImGui::GetFontSize();
    ImGui::PushID(this);
    draw_brushes();

    // Undo / Redo, with the usual keys (GLFW key codes are ASCII for letters, as app_frame.cpp),
    // only while the window holding the board has the focus and no text field takes the keys.
    if (io.KeyCtrl && !io.WantTextInput && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
        !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
        if (ImGui::IsKeyPressed('Z', false)) io.KeyShift ? redo() : undo();
        if (ImGui::IsKeyPressed('Y', false)) redo();
    }
    const float button = em * 5;
    ui::same_line_if_fits(button * 2 + em);
    ImGui::BeginDisabled(!history_.can_undo());
    if (ImGui::Button("Undo", ImVec2(button, 0))) undo();
    ImGui::EndDisabled();
    ui::tip("Undo the last stroke (Ctrl+Z).");
    ui::probe("paint_undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(!history_.can_redo());
    if (ImGui::Button("Redo", ImVec2(button, 0))) redo();
    ImGui::EndDisabled();
    ui::tip("Redo what was undone (Ctrl+Y or Ctrl+Shift+Z).");

    const float pad = ImGui::GetStyle().FramePadding.x * 2, gap = ImGui::GetStyle().ItemSpacing.x;
    ui::same_line_if_fits(ImGui::CalcTextSize("Save board").x + ImGui::CalcTextSize("Save board as...").x + 2 * pad + gap);
    if (ImGui::Button("Save board")) {
        if (path_.empty()) ImGui::OpenPopup("Save board as");
        else save(path_);
    }
    ui::probe("paint_save");
    ui::tip(path_.empty() ? std::string("Save the board to a file (it has none yet).") : "Save the board to " + path_ + ".");
    ImGui::SameLine();
    if (ImGui::Button("Save board as...")) ImGui::OpenPopup("Save board as");
    ui::probe("paint_save_as");
    draw_save_as(em);
    // The unsaved mark is a word with a mark, in the text colour: not amber, which means "referee's call" only.
    const std::string mark = history_.unsaved() ? "\xe2\x97\x8f unsaved" : saved_note_.empty() ? "no changes" : saved_note_;
    ui::same_line_if_fits(ImGui::CalcTextSize(mark.c_str()).x);
    if (history_.unsaved()) ImGui::TextUnformatted(mark.c_str());
    else ImGui::TextDisabled("%s", mark.c_str());
    ui::probe(history_.unsaved() ? "paint_unsaved" : "paint_saved");
    if (!error_.empty()) ui::wrapped(ui::bad(), "\xe2\x9c\x96 " + error_);
    ImGui::PopID();
}

void BoardPainter::draw_hover(ImDrawList* dl, const Camera& cam, const board::Board& b, ImVec2 world_mouse) const {
    const PaintTarget t = paint_target(b, brush, world_mouse);
    if (!t.valid || !dl) return;
    const ImU32 colour = ImGui::GetColorU32(ui::lit());
    const float thick = 2.0f * scale_;
    if (!t.hexside) {
        ImVec2 pts[6];
        for (int k = 0; k < 6; ++k) pts[k] = cam.to_screen(hexdraw::corner(t.hex, k));
        dl->AddPolyline(pts, 6, colour, ImDrawFlags_Closed, thick);
        return;
    }
    // The hexside from corner d to corner d+1, drawn thick; a slope gets a tick into its sloped hex.
    const ImVec2 a = cam.to_screen(hexdraw::corner(t.hex, t.side)), z = cam.to_screen(hexdraw::corner(t.hex, t.side + 1));
    dl->AddLine(a, z, colour, thick * 2);
    const auto& v = b.vocabulary;
    if (!brush.accept && brush.hexside && brush.index >= 0 &&
        std::find(v.directional.begin(), v.directional.end(), v.hexside_features[std::size_t(brush.index)]) != v.directional.end()) {
        const ImVec2 m = hexdraw::side_midpoint(t.hex, t.side), c = hexdraw::centre(t.hex);
        const ImVec2 tip{m.x + (c.x - m.x) * 0.35f, m.y + (c.y - m.y) * 0.35f};
        dl->AddLine(cam.to_screen(m), cam.to_screen(tip), colour, thick);
    }
}

}  // namespace umpire::app
