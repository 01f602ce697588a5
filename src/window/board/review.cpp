// Checking the picture's suggestions (see review.hpp).
//
// Sections
//   1. counting and selecting: follow, select, accept_selected, the keys
//   2. the side panel: the counts, the list with Accept and Next / Previous, the bulk accepts and
//      their confirmation
//   3. the map: the selected entry's outline
#include "window/board/review.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "window/board/look.hpp"
#include "window/ui/hex_layout.hpp"
#include "window/ui/widgets.hpp"
#include "board/underlay.hpp"

namespace umpire::app {

using namespace boardlook;

namespace {

// A count as the referee reads it: 2904 as "2,904".
std::string grouped(int n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(std::size_t(i), ",");
    return s;
}

std::string plural(int n, const char* one, const char* many) { return grouped(n) + " " + (n == 1 ? one : many); }

}  // namespace

// =====================================================================================
// 1. counting and selecting
// =====================================================================================

void SuggestionReview::follow(const board::Board& b, std::uint64_t generation, std::uint64_t revision) {
    if (generation == generation_ && revision == revision_) return;
    if (generation != generation_) selected_ = -1, done_.clear();  // another board
    generation_ = generation, revision_ = revision;
    count(b);
}

void SuggestionReview::count(const board::Board& b) {
    const board::Suggestions s = board::count_suggestions(b);
    hexes_ = s.hexes, sides_ = s.hexsides;
    unsure_.clear();
    for (int i : s.unsure_hexes) unsure_.push_back({b.hex_at(i), -1});
    for (const auto& [h, d] : s.unsure_sides) unsure_.push_back({h, d});
    if (selected_ >= int(unsure_.size())) selected_ = unsure_.empty() ? -1 : int(unsure_.size()) - 1;
}

std::optional<SuggestionReview::Entry> SuggestionReview::selected() const {
    if (selected_ < 0 || selected_ >= int(unsure_.size())) return std::nullopt;
    return unsure_[std::size_t(selected_)];
}

void SuggestionReview::select(int i, std::optional<hex::Cube>* centre_on) {
    if (unsure_.empty()) {
        selected_ = -1;
        return;
    }
    selected_ = std::clamp(i, 0, int(unsure_.size()) - 1);
    if (centre_on) *centre_on = unsure_[std::size_t(selected_)].hex;
}

// The next (step 1) or previous (step -1) unsure entry, round the list; with none selected, the
// first or the last. Selected and centred.
void SuggestionReview::step(int by, std::optional<hex::Cube>* centre_on) {
    const int n = int(unsure_.size());
    if (n == 0) return;
    select(selected_ < 0 ? (by > 0 ? 0 : n - 1) : ((selected_ + by) % n + n) % n, centre_on);
}

// ◀ Previous and Next ▶ (the list's and the map-only strip's, probed PREFIX_prev / PREFIX_next).
void SuggestionReview::draw_steps(const std::string& prefix, std::optional<hex::Cube>* centre_on) {
    if (ImGui::SmallButton("\xe2\x97\x80 Previous")) step(-1, centre_on);
    ui::tip("The previous unsure one, centred on the map (P).");
    ui::probe((prefix + "_prev").c_str());
    ui::same_line_if_fits(ImGui::CalcTextSize("Next \xe2\x96\xb6").x + ImGui::GetStyle().FramePadding.x * 2);
    if (ImGui::SmallButton("Next \xe2\x96\xb6")) step(1, centre_on);
    ui::tip("The next unsure one, centred on the map (N).");
    ui::probe((prefix + "_next").c_str());
}

// Accepts the selected entry as it stands; the next one (now at the same place in the list) is
// selected and centred. False when nothing was accepted.
bool SuggestionReview::accept_selected(const board::Board& b, BoardPainter* painter, std::optional<hex::Cube>* centre_on) {
    const std::optional<Entry> e = selected();
    if (!e || !painter) return false;
    const std::string name = e->side < 0 ? b.name(e->hex) : b.side_name(e->hex, e->side);
    const int n = e->side < 0 ? painter->accept(b, {e->hex}, {}) : painter->accept(b, {}, {{e->hex, e->side}});
    if (n == 0) return false;
    done_ = "accepted " + name;
    count(b);  // at once: the counts and the list follow this frame
    select(selected_, centre_on);
    return true;
}

// Enter: accept the selected one and go to the next (the first press with none selected selects
// the first); N / P: next / previous, round the list; Ctrl+Z / Ctrl+Y: undo / redo where the
// Paint toolbar does not take them. Never while a text field or a popup has the keys, and Enter
// not while the keyboard is moving the focus between widgets (Enter then presses the focused one).
void SuggestionReview::handle_keys(const board::Board& b, BoardPainter* painter, bool undo_keys, std::optional<hex::Cube>* centre_on) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };  // GLFW key codes: ASCII for letters
    if (io.KeyCtrl) {
        if (!undo_keys || !painter) return;
        if (pressed('Z')) {
            if (io.KeyShift ? painter->redo() : painter->undo()) done_.clear(), count(b);
        } else if (pressed('Y') && painter->redo()) {
            done_.clear(), count(b);
        }
        return;
    }
    if (io.KeyAlt || io.KeySuper || unsure_.empty()) return;
    if (pressed('N')) step(1, centre_on);
    if (pressed('P')) step(-1, centre_on);
    if (!io.NavVisible && (pressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) || pressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter)))) {
        if (selected_ < 0) select(0, centre_on);
        else accept_selected(b, painter, centre_on);
    }
}

// =====================================================================================
// 2. the side panel
// =====================================================================================

std::string SuggestionReview::entry_label(const board::Board& b, const view::BoardSupport* support, const Entry& e) const {
    auto say = [&](const std::string& what) {
        const std::string word = support ? support->look(what).word : std::string();
        return word.empty() ? what : word;
    };
    if (e.side < 0) return b.name(e.hex) + " " + say(b.terrain(e.hex)) + "?";
    const board::SideFeature* sf = b.side(e.hex, e.side);
    const bool feature = sf && sf->feature >= 0;
    return b.side_name(e.hex, e.side) + " " + (feature ? say(b.vocabulary.hexside_features[std::size_t(sf->feature)]) : std::string("none")) + "?";
}

void SuggestionReview::draw(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support, bool undo_keys,
                            std::optional<hex::Cube>* centre_on) {
    if (painter && painter->board() != &b) painter = nullptr;  // another board is being painted: list only
    probe_values(b);
    if (hexes_ == 0 && sides_ == 0 && done_.empty()) return;  // no suggestions, and none accepted here
    handle_keys(b, painter, undo_keys, centre_on);
    if (hexes_ == 0 && sides_ == 0) {  // all accepted just now: said, with the undo at hand
        ui::wrapped(ui::dim_text(), "Every suggestion from the picture is checked (last: " + done_ + "). Save board keeps it.");
        ui::probe("review_all_checked");
        draw_undo(b, painter);
        return;
    }
    ui::wrapped(ui::neutral(), "Suggested from the picture, still to check: " + plural(hexes_, "hex", "hexes") + ", " +
                                   plural(sides_, "hexside", "hexsides") + " (hatched on the map). Painting a hex, or accepting it, confirms it.");
    ui::probe("board_suggested");
    if (!unsure_.empty()) draw_entries(b, painter, support, centre_on);
    draw_bulk(b, painter);
}

// For the window tests (--test-layout): the counts and the selected entry.
void SuggestionReview::probe_values(const board::Board& b) const {
    ui::probe_value("review_unconfirmed", std::to_string(hexes_) + "/" + std::to_string(sides_));
    ui::probe_value("review_unsure", std::to_string(unsure_.size()));
    const std::optional<Entry> sel = selected();
    ui::probe_value("review_selected", !sel ? std::string("none") : sel->side < 0 ? b.name(sel->hex) : b.side_name(sel->hex, sel->side));
}

// The map-only strip (F11): the side panel's check in a few lines over the map's corner, so that
// the referee can go through the unsure ones with the map as large as it gets.
void SuggestionReview::draw_strip(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support, bool undo_keys,
                                  std::optional<hex::Cube>* centre_on, ImVec2 corner) {
    if (painter && painter->board() != &b) painter = nullptr;
    probe_values(b);
    if (hexes_ == 0 && sides_ == 0 && done_.empty()) return;
    const float pad = ImGui::GetStyle().WindowPadding.x;
    ImGui::SetNextWindowPos({corner.x - pad, corner.y + pad}, ImGuiCond_Always, {1, 0});
    ImGui::SetNextWindowBgAlpha(0.92f);
    // At most half the map's width: the words wrap rather than cover the board.
    ImGui::SetNextWindowSizeConstraints({ImGui::GetFontSize() * 10, 0}, {std::max(ImGui::GetFontSize() * 10, ImGui::GetIO().DisplaySize.x * 0.5f), FLT_MAX});
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    const bool drawn = ImGui::Begin("##review_strip", nullptr, flags);
    // The keys as in the list. The strip is a window of its own: once clicked it has the focus,
    // and the Paint toolbar (which undoes only while the map's window has it) would then miss
    // Ctrl+Z / Ctrl+Y, so the strip takes them while it is focused.
    handle_keys(b, painter, undo_keys || ImGui::IsWindowFocused(), centre_on);
    if (drawn) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetIO().DisplaySize.x * 0.5f - pad * 2);
        if (hexes_ == 0 && sides_ == 0) {
            ImGui::TextColored(ui::dim_text(), "Every suggestion from the picture is checked (last: %s).", done_.c_str());
        } else if (unsure_.empty()) {
            ImGui::TextColored(ui::neutral(), "Suggested from the picture, still to check: %s, %s; none unsure. F11: the whole list.",
                               plural(hexes_, "hex", "hexes").c_str(), plural(sides_, "hexside", "hexsides").c_str());
        } else {
            const int n = int(unsure_.size());
            const std::optional<Entry> sel = selected();
            if (selected_ < 0) ImGui::TextColored(ui::heading(), "Check these first: %d unsure", n);
            else ImGui::TextColored(ui::heading(), "Check these first: %d of %d unsure", selected_ + 1, n);
            ImGui::TextUnformatted(sel ? ("\xe2\x96\xb6 " + entry_label(b, support, *sel)).c_str() : "N selects the first");
            draw_steps("review_strip", centre_on);
            ImGui::SameLine();
            ImGui::BeginDisabled(!painter || !sel);
            if (ImGui::SmallButton("\xe2\x9c\x94 Accept")) accept_selected(b, painter, centre_on);
            ImGui::EndDisabled();
            ui::tip("Keep what the picture suggested for the selected one; the next one is selected (Enter). One undo step.");
            ui::probe("review_strip_accept");
            ImGui::TextColored(ui::dim_text(), "Enter: accept \xc2\xb7 N / P: next / previous \xc2\xb7 F11: the whole list");
        }
        ImGui::PopTextWrapPos();
        ui::probe("review_strip");
    }
    ImGui::End();
}

// "Check these first": the keys' hint, Previous / Next, then one row per entry (Accept, then its
// name and what the picture suggested, a click selecting and centring it); a long list scrolls in
// a box a few rows high, so the ruling below stays in reach.
void SuggestionReview::draw_entries(const board::Board& b, BoardPainter* painter, const view::BoardSupport* support,
                                    std::optional<hex::Cube>* centre_on) {
    const int n = int(unsure_.size());
    int hexes = 0;
    for (const Entry& e : unsure_) hexes += e.side < 0 ? 1 : 0;
    ui::wrapped(ui::heading(), "Check these first (" + plural(hexes, "unsure hex", "unsure hexes") + ", " +
                                   plural(n - hexes, "unsure hexside", "unsure hexsides") + "):");
    ui::tip("What the picture left in doubt: hexes cross-hatched, hexsides ringed on the map. Click one to centre the map on it; "
            "Accept keeps what the picture suggested; to change it, paint it (Paint mode).");
    draw_steps("review", centre_on);
    const std::string keys = "Enter: accept the selected one and go to the next \xc2\xb7 N / P: next / previous";
    ui::same_line_if_fits(ImGui::CalcTextSize(keys.c_str()).x);
    ui::wrapped(ui::dim_text(), keys);
    const float row = ImGui::GetFrameHeightWithSpacing();
    const bool boxed = n > 6;
    if (boxed) ImGui::BeginChild("##unsure_list", ImVec2(0, row * 6.5f + ImGui::GetStyle().WindowPadding.y * 2), true);
    for (int i = 0; i < n; ++i) {
        const Entry& e = unsure_[std::size_t(i)];
        const std::string name = e.side < 0 ? b.name(e.hex) : b.side_name(e.hex, e.side);
        ImGui::PushID(i);
        ImGui::BeginDisabled(!painter);
        if (ImGui::SmallButton("\xe2\x9c\x94 Accept")) {
            selected_ = i;
            accept_selected(b, painter, centre_on);
            ImGui::EndDisabled();
            ImGui::PopID();
            break;  // the list changed under the loop: drawn again next frame
        }
        ImGui::EndDisabled();
        ui::tip("Keep what the picture suggested for " + name + " (confirm it as it stands); the next one is selected. One undo step.");
        ui::probe(("review_accept_" + name).c_str());
        ImGui::SameLine();
        const bool is_selected = i == selected_;
        const std::string label = (is_selected ? "\xe2\x96\xb6 " : "") + entry_label(b, support, e);
        if (ImGui::Selectable(label.c_str(), is_selected)) select(i, centre_on);
        if (is_selected && centre_on && *centre_on) ImGui::SetScrollHereY(0.3f);  // a key moved it: kept in the box's view
        ui::probe(("board_unsure_" + name).c_str());
        ImGui::PopID();
    }
    if (boxed) ImGui::EndChild();
}

// "Accept all shown" (the unsure list) and "Accept the rest" (every suggestion still on the board),
// each asking first with the count; Undo while there is a step to undo.
void SuggestionReview::draw_bulk(const board::Board& b, BoardPainter* painter) {
    const float pad = ImGui::GetStyle().FramePadding.x * 2;
    ImGui::BeginDisabled(!painter);
    if (!unsure_.empty()) {
        const std::string shown = "Accept all " + grouped(int(unsure_.size())) + " shown\xe2\x80\xa6";
        if (ImGui::Button(shown.c_str())) ask_shown_ = true;
        ui::tip("Keep what the picture suggested for every unsure hex and hexside listed (asks first). One undo step.");
        ui::probe("review_accept_shown");
    }
    const std::string rest = "Accept the rest\xe2\x80\xa6";
    if (!unsure_.empty()) ui::same_line_if_fits(ImGui::CalcTextSize(rest.c_str()).x + pad);
    if (ImGui::Button(rest.c_str())) ask_rest_ = true;
    ui::tip("Keep what the picture suggested for every hex and hexside still to check, the unsure ones too (asks first). "
            "One undo step.");
    ui::probe("review_accept_rest");
    ImGui::EndDisabled();
    if (painter && painter->can_undo()) {
        ui::same_line_if_fits(ImGui::CalcTextSize("Undo").x + pad);
        draw_undo(b, painter);
    }
    if (!done_.empty()) ui::wrapped(ui::dim_text(), "Last: " + done_ + " (Ctrl+Z undoes it; Save board keeps it).");
    if (!painter) ui::wrapped(ui::dim_text(), "(Accepting needs the board's editor: open the board from its file.)");

    if (ask_shown_ || ask_rest_) {
        confirm_rest_ = ask_rest_;
        ImGui::OpenPopup("Accept suggestions##review");
    }
    ask_shown_ = ask_rest_ = false;
    draw_confirmation(b, painter);
}

// Undo, while there is a step to undo (an accept, or a paint stroke).
void SuggestionReview::draw_undo(const board::Board& b, BoardPainter* painter) {
    if (!painter || !painter->can_undo()) return;
    if (ImGui::Button("Undo") && painter->undo()) done_.clear(), count(b);
    ui::tip("Undo the last accept or paint stroke: the marks come back (Ctrl+Z).");
    ui::probe("review_undo");
}

// The confirmation of a bulk accept, stating what it accepts and how many.
void SuggestionReview::draw_confirmation(const board::Board& b, BoardPainter* painter) {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Accept suggestions##review", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) return;
    int hexes = 0;
    for (const Entry& e : unsure_) hexes += e.side < 0 ? 1 : 0;
    const int sides = int(unsure_.size()) - hexes;
    const std::string what = confirm_rest_ ? "every suggestion still to check: " + plural(hexes_, "hex", "hexes") + " and " +
                                                 plural(sides_, "hexside", "hexsides") +
                                                 (unsure_.empty() ? std::string() : " (" + grouped(int(unsure_.size())) + " of them unsure, not checked)")
                                           : "the " + plural(hexes, "unsure hex", "unsure hexes") + " and " +
                                                 plural(sides, "unsure hexside", "unsure hexsides") + " listed";
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextWrapped("Accept %s, as the picture suggested them?", what.c_str());
    ImGui::TextDisabled("One undo step (Ctrl+Z). Save board writes it.");
    ImGui::PopTextWrapPos();
    const int count_now = confirm_rest_ ? hexes_ + sides_ : int(unsure_.size());
    const bool go = ImGui::Button(("Accept " + grouped(count_now)).c_str());
    ui::probe("review_confirm_ok");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
    ui::probe("review_confirm_cancel");
    if (go && painter) {
        std::vector<hex::Cube> hs;
        std::vector<std::pair<hex::Cube, int>> ss;
        for (const Entry& e : unsure_) {
            if (e.side < 0) hs.push_back(e.hex);
            else ss.emplace_back(e.hex, e.side);
        }
        const int n = confirm_rest_ ? painter->accept_all(b) : painter->accept(b, hs, ss);
        done_ = "accepted " + grouped(n) + (confirm_rest_ ? " suggestions" : " unsure ones");
        count(b);
    }
    if (go || cancel) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

// =====================================================================================
// 3. the map
// =====================================================================================

void SuggestionReview::draw_selected(ImDrawList* dl, const Camera& cam, const board::Board& b, float R) const {
    const std::optional<Entry> e = selected();
    if (!e || !b.contains(e->hex)) return;
    const float w = std::max(2.5f, R * 0.1f);
    const ImU32 black = ImGui::GetColorU32(ImVec4(0, 0, 0, 0.9f)), white = ImGui::GetColorU32(ImVec4(1, 1, 1, 1));
    ImVec2 pts[6];
    for (int k = 0; k < 6; ++k) pts[k] = cam.to_screen(hexdraw::corner(e->hex, k));
    if (e->side < 0) {  // the hex: a thick double outline, and corner ticks outside it so it shows at any zoom
        dl->AddPolyline(pts, 6, black, ImDrawFlags_Closed, w + 3.0f);
        dl->AddPolyline(pts, 6, white, ImDrawFlags_Closed, w);
        const ImVec2 c = cam.to_screen(hexdraw::centre(e->hex));
        for (const ImVec2& p : pts) {
            const ImVec2 out{p.x + (p.x - c.x) * 0.35f, p.y + (p.y - c.y) * 0.35f};
            dl->AddLine(p, out, black, w + 2.0f);
            dl->AddLine(p, out, white, w * 0.6f);
        }
        return;
    }
    // The hexside: its hex thinly outlined, the side itself thick.
    dl->AddPolyline(pts, 6, white, ImDrawFlags_Closed, 1.5f);
    const ImVec2 a = pts[e->side], z = pts[(e->side + 1) % 6];
    dl->AddLine(a, z, black, w * 2.0f + 3.0f);
    dl->AddLine(a, z, white, w * 2.0f);
}

}  // namespace umpire::app
