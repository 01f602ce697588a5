// The Panzer Squadron panel: the movement calculator (dice, restriction, planned steps as
// clickable arrows), the open actions and attack-of-opportunity questions; on the ruling side
// the MP budget bar and a drawing of the path over a few hexes with the tank facing its corner,
// or the open actions as ruled beside the other reading. Names in the page's words ("in movement").
// A line of fire on a board (docs/panzer-squadron.md "On a board"): the panel holds the board,
// firer and target placed by clicks, the target's facing point by a drag to a corner (or the
// corner chooser); the lines, faces and obstacle bonus are the board's. Typed lines without a
// board are kept as the file gives them.
//
// Sections
//   1. panel state, load/save
//   2. inputs
//   3. ruling: open actions (both readings), budget bar, hex drawing, generic ruling
//   4. registration
#include <algorithm>
#include <cmath>

#include <imgui.h>

#include <map>

#include "window/board/host.hpp"
#include "window/panels/board_panel.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "games/panzer_squadron/view.hpp"

namespace umpire::app {
namespace {

using view::PsChoices;

// =====================================================================================
// 1. panel state, load/save
// =====================================================================================

struct Inputs {
    std::string question = "movement";  // movement | actions | opportunity | line-of-fire (kept as the file gives it)
    // movement / actions
    std::string start = "stationary";
    std::string action = "move";
    std::vector<int> dice = {3};
    int restriction = 0;
    std::vector<std::string> steps;
    // opportunity
    std::string shooter = "not-activated";
    bool target_moving = true;
    int target_hexagons_moved = 1;
    // On a board (line-of-fire: firer and target; movement: the tank): the board file, the hexes,
    // the facing point (a corner name of rules-data [board]).
    std::optional<std::string> board, firer_hex, target_hex, target_facing, tank_hex, tank_facing;
};

Form<Inputs> form() {
    const auto opportunity = [](const Inputs& s) { return s.question == "opportunity"; };
    const auto tank = [](const Inputs& s) { return s.question == "movement" || s.question == "actions"; };
    const auto movement = [](const Inputs& s) { return s.question == "movement"; };
    const auto boarded = [](const Inputs& s) { return s.board && (s.question == "movement" || s.question == "line-of-fire"); };
    const auto fire_on_board = [](const Inputs& s) { return s.board && s.question == "line-of-fire"; };
    const auto move_on_board = [](const Inputs& s) { return s.board && s.question == "movement"; };
    Form<Inputs> f;
    f.field("question", &Inputs::question)
        .field("board", &Inputs::board, boarded)
        .both("hex", &Inputs::firer_hex, &Inputs::target_hex, fire_on_board)
        .field("target.facing", &Inputs::target_facing, fire_on_board)
        .field("shooter.state", &Inputs::shooter, opportunity)
        .field("target.moving", &Inputs::target_moving, opportunity)
        .field("target.hexagons_moved", &Inputs::target_hexagons_moved, opportunity)
        .field("tank.start", &Inputs::start, tank)
        .field("tank.action", &Inputs::action, movement)
        .field("tank.dice", &Inputs::dice, movement)
        .field("tank.restriction", &Inputs::restriction, movement)
        .field("tank.steps", &Inputs::steps, movement)
        .field("tank.hex", &Inputs::tank_hex, move_on_board)
        .field("tank.facing", &Inputs::tank_facing, move_on_board);
    return f;
}

class PanzerSquadronPanel final : public BoardFormPanel<Inputs> {
public:
    explicit PanzerSquadronPanel(const Engine& e)
        : BoardFormPanel(e, "panzer-squadron", form(),
                         {"system", "title", "notes", "question", "board", "firer", "tank", "shooter", "target", "start", "action", "dice",
                          "restriction", "steps", "hex", "facing"},
                         &Inputs::board) {}
    bool draw_inputs(PanelContext& ctx) override;
    // The places the board view's clicks left, typed: the tank (movement) or the two units and the
    // target's point (line of fire); BoardHost::Keys order, as keys() below.
    std::optional<view::Placement> held_placement() const override {
        if (s_.question == "movement") return host_.placement(s_.board, {s_.tank_hex, std::nullopt, std::nullopt});
        return host_.placement(s_.board, {s_.firer_hex, s_.target_hex, s_.target_facing});
    }
    bool has_map() const override { return s_.board.has_value() && support() && (s_.question == "movement" || s_.question == "line-of-fire"); }
    bool draw_map(PanelContext& ctx) override;
    std::string waiting_for() const override {
        if (s_.question == "line-of-fire" && !s_.board && !kept_)
            return "Open a board (Open board\xe2\x80\xa6 under Board) to trace the two lines of fire, or open a situation file "
                   "that types them ([[line]]).";
        if (s_.question == "movement") return host_.waiting_for(s_.board, s_.tank_hex, std::nullopt, roles());
        if (s_.question == "line-of-fire") return host_.waiting_for(s_.board, s_.firer_hex, s_.target_hex, roles());
        return "";
    }
    // A line of fire typed by hand ([[line]]s, no board: docs/panzer-squadron.md) has no inputs
    // here: the panel keeps the file's own table and rules it as written.
    void load(const Section& root) override {
        FormPanel::load(root);
        kept_.reset();
        // Units on the board (`[[counter]]`) need a board: nothing typed by hand to keep.
        if (const board::CounterRules* r = counter_rules_of(sys_); r && root.raw() && board::uses_counters(*root.raw(), *r)) return;
        kept_ = canonical_of(sys_, root);
        if (kept_ && (s_.question != "line-of-fire" || kept_->contains("board"))) kept_.reset();
    }
    void reset() override {
        kept_.reset();
        FormPanel::reset();
    }
    toml::table situation() const override {
        toml::table t = FormPanel::situation();
        if (!kept_) return t;
        const std::string kept_question = (*kept_)["question"].value_or(std::string());
        if (s_.question == "line-of-fire" && kept_question == "line-of-fire" && !s_.board) {
            t = *kept_;
            t.erase("title");  // the App keeps the common keys
            t.erase("notes");
        }
        return t;
    }

protected:
    Inputs defaults() const override {
        Inputs s;
        s.steps = {"forward-left", "turn-right", "forward-right"};
        return s;
    }
    void draw_view(PanelContext& ctx, const Ruling& r) override;

private:
    // What the board view's hints call the units: a movement places one tank.
    BoardView::Roles roles() const { return s_.question == "movement" ? BoardView::Roles{"tank", ""} : BoardView::Roles{}; }
    bool draw_fire_board(PanelContext& ctx);
    bool draw_move_board(PanelContext& ctx);
    bool draw_facing(PanelContext& ctx, const char* label, std::optional<std::string>* facing);
    // The keys the board view's clicks write (BoardHost::Keys): a movement places its tank only.
    BoardHost::Keys keys() {
        if (s_.question == "movement") return {&s_.tank_hex, nullptr, nullptr, {}};
        return {&s_.firer_hex, &s_.target_hex, &s_.target_facing, support()->modes()};
    }
    std::optional<toml::table> kept_;
};

// =====================================================================================
// 2. inputs
// =====================================================================================

// The tooltip of each option word, with its rule (the page's words; the choices view gives bare names).
std::string option_tip(const std::string& n) {
    static const std::map<std::string, std::string> tips = {
        {"movement", "The movement points calculator: roll less restriction, and what the planned steps cost (PS-movement, PS-turning)"},
        {"actions", "Which of the four actions a tank may choose from its start state (PS-actions)"},
        {"opportunity", "May this tank fire out of turn at a tank while it moves (PS-opportunity)"},
        {"line-of-fire", "The two straight lines from the firer to the target's hexagon, the armour face they strike and the "
                         "obstacle bonus (PS-fire); from a board or typed lines"},
        {"not-activated", "PS-opportunity: not yet activated this turn: it may fire at a moving tank"},
        {"ambush", "PS-opportunity: left waiting in ambush: it may fire at a moving tank"},
        {"activated", "PS-opportunity: already activated this turn and not left in ambush: it may not fire out of turn"},
        {"stationary", "The tank starts the turn stationary (PS-actions): its list of actions and its movement dice (PS-movement)"},
        {"in-movement", "The tank starts the turn in movement (PS-actions): its list of actions, its movement dice and at least "
                        "one hexagon moved (PS-movement)"},
        {"move", "Move only (PS-actions): the roll less restriction gives the movement points, spent on hexagons and turns; "
                 "a tank that started in movement need not use them all (PS-movement)"},
        {"move-and-fire", "Move, then fire (PS-move-and-fire): firing costs points from the roll"},
    };
    const auto it = tips.find(n);
    return it == tips.end() ? std::string() : it->second;
}

bool PanzerSquadronPanel::draw_inputs(PanelContext& ctx) {
    bool changed = false;
    const float col = 150 * ctx.scale;
    const PsChoices& c = choices<PsChoices>();
    ui::section("Question");
    const util::Say say = [&c](const std::string& n) { return c.say(n); };
    changed |= util::radio_row("question", &s_.question, c.questions, say, option_tip);
    if (s_.question == "line-of-fire") return draw_fire_board(ctx) || changed;
    if (s_.question == "opportunity") {
        ui::section("Shooter");
        changed |= util::radio_row("shooter", &s_.shooter, c.shooter_states, say, option_tip);
        ui::section("Target");
        changed |= util::checkbox("is the tank being moved", &s_.target_moving,
                                  "PS-opportunity: the target is moving now (only a moving tank can be fired at out of turn)");
        util::label("Hexagons moved", col);
        changed |= util::int_field("##moved", &s_.target_hexagons_moved, 0, 99, 120 * ctx.scale);
        return changed;
    }
    if (s_.question == "movement") changed |= draw_move_board(ctx);
    ui::section("Tank");
    util::label("Starts the turn", col);
    const util::NameTip start_tip = [&c](const std::string& n) {
        const auto dice = c.dice_by_start.find(n);
        return option_tip(n) + (dice == c.dice_by_start.end() ? "" : "; rolls " + std::to_string(dice->second) + " D" + std::to_string(c.die_sides));
    };
    if (util::radio_row("start", &s_.start, c.starts, say, start_tip)) {
        changed = true;
        s_.dice.resize(std::size_t(c.dice_by_start.at(s_.start)), 1);
    }
    if (s_.question == "actions") return changed;
    util::label("Action", col);
    changed |= util::radio_row("action", &s_.action, c.actions, say, [&c](const std::string& n) {
        return n == "move-and-fire" ? "Move, then fire (PS-move-and-fire): firing costs " + std::to_string(c.move_and_fire_cost) +
                                          " of the points rolled"
                                    : option_tip(n);
    });
    util::label("Dice (D4)", col);
    s_.dice.resize(std::size_t(c.dice_by_start.at(s_.start)), 1);
    for (std::size_t i = 0; i < s_.dice.size(); ++i) {
        ImGui::PushID(int(i));
        if (i) {  // the next die with its "+" wraps as a whole on a narrow panel
            const float faces = c.die_sides <= 6 ? float(c.die_sides) * (ImGui::GetFrameHeight() + 2 * ctx.scale) : 90 * ctx.scale;
            util::same_line_or_wrap(ImGui::CalcTextSize("+").x + ImGui::GetStyle().ItemSpacing.x + faces);
            ImGui::TextDisabled("+");
            ImGui::SameLine();
        }
        if (c.die_sides <= 6) {
            // One button per face: the rolled number reads at a glance and is one click.
            for (int f = 1; f <= c.die_sides; ++f) {
                if (f > 1) ImGui::SameLine(0, 2 * ctx.scale);
                const bool on = s_.dice[i] == f;
                if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
                ImGui::PushID(f);
                if (ImGui::Button(std::to_string(f).c_str(), ImVec2(ImGui::GetFrameHeight(), 0)) && !on) {
                    s_.dice[i] = f;
                    changed = true;
                }
                ImGui::PopID();
                if (on) ImGui::PopStyleColor();
            }
        } else {
            util::fit_width(90 * ctx.scale);
            changed |= ImGui::SliderInt("##die", &s_.dice[i], 1, c.die_sides, "%d", ImGuiSliderFlags_AlwaysClamp);
        }
        ImGui::PopID();
    }
    ui::tip("The D" + std::to_string(c.die_sides) + " rolled: " + std::to_string(c.dice_by_start.at("stationary")) +
            " die from stationary, " + std::to_string(c.dice_by_start.at("in-movement")) + " in movement (PS-movement)");
    util::label("Restriction", col);
    changed |= util::int_field("##restriction", &s_.restriction, 0, 99, 120 * ctx.scale);
    ui::tip("The movement restriction modifier printed on the game card, taken away from the roll (PS-movement)");

    ui::section("Planned steps");
    struct B { const char* label; const char* step; const char* tip; };
    const B buttons[] = {
        {"\xe2\x86\x96 forward-left", "forward-left", "Into the left of the two hexagons in front of the facing corner: 1 MP (PS-movement)"},
        {"\xe2\x86\x97 forward-right", "forward-right", "Into the right of the two hexagons in front: 1 MP (PS-movement)"},
        {"\xe2\x86\x99 reverse-left", "reverse-left", "Reverse into the back-left hexagon: not in a turn with forward moves; the tank ends stopped (PS-reverse)"},
        {"\xe2\x86\x98 reverse-right", "reverse-right", "Reverse into the back-right hexagon: not in a turn with forward moves; the tank ends stopped (PS-reverse)"},
        {"\xe2\x86\xb6 turn-left", "turn-left", "Turn one corner left: 1 MP (PS-turning)"},
        {"\xe2\x86\xb7 turn-right", "turn-right", "Turn one corner right: 1 MP (PS-turning)"},
        {"turn-left-2", "turn-left-2", "Two corners left in one hexagon: 2 MP (PS-turning)"},
        {"turn-right-2", "turn-right-2", "Two corners right in one hexagon: 2 MP (PS-turning)"},
        {"turn-3", "turn-3", "Three corners (about turn) in one hexagon: 2 MP (PS-turning)"},
    };
    for (std::size_t i = 0; i < std::size(buttons); ++i) {
        if (i % 2 && i != 8) util::same_line_or_wrap(170 * ctx.scale);
        if (ImGui::Button(buttons[i].label, ImVec2(170 * ctx.scale, 0))) {
            s_.steps.push_back(buttons[i].step);
            changed = true;
        }
        ui::tip(buttons[i].tip);
    }
    if (ImGui::Button("Undo last step") && !s_.steps.empty()) {
        s_.steps.pop_back();
        changed = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Clear steps") && !s_.steps.empty()) {
        s_.steps.clear();
        changed = true;
    }
    std::string plan;
    for (std::size_t i = 0; i < s_.steps.size(); ++i) plan += (i ? ", " : "") + s_.steps[i];
    ImGui::TextWrapped("Plan: %s", plan.empty() ? "(no steps)" : plan.c_str());
    return changed;
}

// A facing point: one of the six corner names (rules-data [board]), or none.
bool PanzerSquadronPanel::draw_facing(PanelContext& ctx, const char* label, std::optional<std::string>* facing) {
    bool changed = false;
    util::label(label, 150 * ctx.scale);
    // "none" first: without a facing the armour faces are not named (the bonus is still ruled).
    std::vector<std::string> names{"none"};
    for (const auto& n : support()->modes()) names.push_back(n);
    std::string value = facing->value_or("none");
    const util::NameTip tip = [](const std::string& n) {
        return n == "none" ? std::string("No facing given: the armour faces are not named (the obstacle bonus is still ruled)")
                           : "PS-turning: the tank faces its " + n + " point (a corner of its hexagon); or drag from the target on the board";
    };
    if (util::radio_row(label, &value, names, {}, tip)) {
        if (value == "none") facing->reset();
        else *facing = value;
        changed = true;
    }
    return changed;
}

// Movement on a board: the tank's hex (a click on the map) and facing point; the plan is placed from them.
bool PanzerSquadronPanel::draw_move_board(PanelContext& ctx) {
    if (!support()) return false;
    const bool open = s_.board.has_value();  // a board picked now shows its facing from the next frame, as before
    bool changed = host_.inputs_section(ctx.engine, *support(), &s_.board, ctx.situation_dir, "none: the plan is drawn over a few hexes");
    if (open) {
        changed |= draw_counter_inputs(counters_, roles().first, roles().second);
        changed |= draw_facing(ctx, "Tank faces", &s_.tank_facing);
    }
    return changed;
}

// Line of fire: a board (the lines traced on it, in the map), or the file's typed lines kept as written.
bool PanzerSquadronPanel::draw_fire_board(PanelContext& ctx) {
    if (!support()) return false;
    bool changed = false;
    ui::section("Board");
    host_.load(ctx.engine, *support(), s_.board, ctx.situation_dir);
    if (!s_.board) {
        if (host_.picker(*support(), &s_.board, ctx.situation_dir)) {
            changed = true;
            if (s_.board) kept_.reset();  // the board now says the lines
        }
        ui::text(std::string("Line of fire (PS-fire): ") + (kept_ ? "ruled as the file gives it (its typed lines); open a board to trace them."
                                                                 : "open a board to trace the two lines, or type [[line]]s in the file."));
        return changed;
    }
    host_.name_line(s_.board);
    changed |= draw_counter_inputs(counters_, roles().first, roles().second);
    ui::section("Target");
    changed |= draw_facing(ctx, "Facing point", &s_.target_facing);
    ui::wrapped(ui::dim_text(), "The two lines of fire, the armour faces they strike and the obstacle bonus: traced on the board "
                                "(PS-fire, PS-obstacle); the ruling says which reading of the missing diagrams it takes.");
    ui::probe("board_decides");
    return changed;
}

bool PanzerSquadronPanel::draw_map(PanelContext& ctx) {
    const std::string mode = s_.question == "movement" ? std::string() : s_.target_facing.value_or("");
    return draw_board_map(ctx, mode, keys(), roles());
}

// =====================================================================================
// 3. ruling
// =====================================================================================

void draw_path(PanelContext& ctx, const std::vector<view::PsPathStep>& steps) {
    int qmin = 0, qmax = 0, rmin = 0, rmax = 0;
    for (const auto& t : steps) {
        qmin = std::min(qmin, t.q); qmax = std::max(qmax, t.q);
        rmin = std::min(rmin, t.r); rmax = std::max(rmax, t.r);
    }
    // Hex radius (pointy-top axial layout): 26 px at 100 %, smaller when the drawing would be wider
    // than the side (its width is sqrt(3) per column plus a hex each side).
    float size = 26 * ctx.scale;
    {
        float lo_x = 1e9f, hi_x = -1e9f;
        for (int q = qmin - 1; q <= qmax + 1; ++q)
            for (int r = rmin - 1; r <= rmax + 1; ++r) {
                const float x = std::sqrt(3.0f) * (float(q) + float(r) / 2.0f);
                lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x);
            }
        size = std::min(size, ImGui::GetContentRegionAvail().x / (hi_x - lo_x + 2.0f));
    }
    auto centre = [&](int q, int r) { return ImVec2(size * std::sqrt(3.0f) * (q + r / 2.0f), size * 1.5f * r); };
    ImVec2 lo(1e9f, 1e9f), hi(-1e9f, -1e9f);
    for (int q = qmin - 1; q <= qmax + 1; ++q)
        for (int r = rmin - 1; r <= rmax + 1; ++r) {
            const ImVec2 c = centre(q, r);
            lo.x = std::min(lo.x, c.x); lo.y = std::min(lo.y, c.y);
            hi.x = std::max(hi.x, c.x); hi.y = std::max(hi.y, c.y);
        }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 off(origin.x - lo.x + size, origin.y - lo.y + size);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    auto hex = [&](int q, int r, ImU32 fill, ImU32 line) {
        const ImVec2 c = centre(q, r);
        ImVec2 pts[6];
        for (int i = 0; i < 6; ++i) {
            const float a = (60.0f * i - 30.0f) * 3.14159265f / 180.0f;
            pts[i] = ImVec2(off.x + c.x + size * std::cos(a), off.y + c.y + size * std::sin(a));
        }
        if (fill) dl->AddConvexPolyFilled(pts, 6, fill);
        dl->AddPolyline(pts, 6, line, ImDrawFlags_Closed, 1.0f);
    };
    for (int q = qmin - 1; q <= qmax + 1; ++q)
        for (int r = rmin - 1; r <= rmax + 1; ++r) hex(q, r, 0, IM_COL32(90, 100, 110, 255));
    // Corner c points between hexside directions c and c+1: screen angle -(60c + 30) degrees.
    auto tank = [&](int q, int r, int corner, ImU32 col) {
        const ImVec2 c = centre(q, r);
        const float a = -(60.0f * corner + 30.0f) * 3.14159265f / 180.0f;
        const ImVec2 p(off.x + c.x, off.y + c.y);
        const ImVec2 tip(p.x + size * 0.95f * std::cos(a), p.y + size * 0.95f * std::sin(a));
        dl->AddCircleFilled(p, size * 0.35f, col);
        dl->AddLine(p, tip, col, 3.0f * ctx.scale);
    };
    hex(0, 0, IM_COL32(60, 80, 60, 255), IM_COL32(150, 170, 150, 255));
    ImVec2 prev(off.x + centre(0, 0).x, off.y + centre(0, 0).y);
    for (const auto& t : steps) {
        const ImVec2 c(off.x + centre(t.q, t.r).x, off.y + centre(t.q, t.r).y);
        if (c.x != prev.x || c.y != prev.y) dl->AddLine(prev, c, ImGui::GetColorU32(ui::lit()), 2.0f * ctx.scale);  // the path: lit (what you chose)
        prev = c;
    }
    tank(0, 0, 0, IM_COL32(150, 150, 150, 255));
    if (!steps.empty()) tank(steps.back().q, steps.back().r, steps.back().corner, IM_COL32(120, 200, 120, 255));
    ImGui::Dummy(ImVec2(hi.x - lo.x + 2 * size, hi.y - lo.y + 2 * size));
    ui::tip("Grey: the tank at the start, facing its corner; green: where the plan leaves it; yellow: the path");
}

// The open actions as ruled beside those of the other reading; amber when they differ (a referee's call).
void draw_open_actions(const view::PsActions& a) {
    auto join = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
        return s.empty() ? std::string("none") : s;
    };
    ui::section("Open actions");
    const bool differ = a.open != a.open_other_reading;
    if (ImGui::BeginTable("##open", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) {
        ImGui::TableSetupColumn("As ruled");
        ImGui::TableSetupColumn("Other reading");
        ImGui::TableHeadersRow();
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextWrapped("%s", join(a.open).c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::PushStyleColor(ImGuiCol_Text, differ ? ui::referee_call() : ui::dim_text());
        ImGui::TextWrapped("%s", join(a.open_other_reading).c_str());
        ImGui::PopStyleColor();
        ImGui::EndTable();
    }
    ui::tip("PS-actions: the page's four actions are open to any activated tank, but its list for each start leaves some "
            "out. The other reading follows the other side of that question (rules-data unlisted_actions_open).");
    ui::probe("open_actions");
}

void PanzerSquadronPanel::draw_view(PanelContext& ctx, const Ruling& r) {
    const auto* v = r.view_as<view::PsRulingView>();
    if (v && v->actions) draw_open_actions(*v->actions);
    if (!v || !v->movement) return;
    const int avail = v->movement->mp_available, used = v->movement->mp_used;
    ui::section("Movement point budget");
    const float frac = avail > 0 ? std::min(1.0f, float(used) / float(avail)) : (used > 0 ? 1.0f : 0.0f);
    const bool over = used > avail;
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, over ? ImVec4(0.85f, 0.25f, 0.2f, 1) : ImVec4(0.3f, 0.65f, 0.35f, 1));
    const std::string label = std::to_string(used) + " of " + std::to_string(avail) + " MP" + (over ? " \xe2\x80\x94 over budget" : "");
    ImGui::ProgressBar(over ? 1.0f : frac, ImVec2(-1, 28 * ctx.scale), label.c_str());
    ImGui::PopStyleColor();
    ui::section("Path");
    draw_path(ctx, v->movement->path);
}

// =====================================================================================
// 4. registration
// =====================================================================================

UMPIRE_REGISTER_PANEL("panzer-squadron", [](const Engine& e) { return make_panel<PanzerSquadronPanel>(e, "panzer-squadron"); });

}  // namespace
}  // namespace umpire::app
