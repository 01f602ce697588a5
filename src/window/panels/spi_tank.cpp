// The SPI TANK! panel: the fire question on the left, the ruling on the right.
//
// Every choice list, limit and chart number shown here comes from the engine's choices view
// (view::TankChoices, view_spi_tank.hpp: rules-data/spi-tank.toml); every result comes from the
// ruling and its view (view::TankRulingView). The panel only edits its inputs and draws.
//
// Sections
//   1. helpers: unit summaries, name combos
//   2. SpiTankPanel: inputs, load/save (the shared Form), what is written to the file
//   3. inputs, one function per job: terrain mode, the board (BoardHost: Open board..., New
//      board..., the board view with its paint tool, unsaved paint set aside),
//      firer, target (aspect picker, aspect, its hex), line of fire, obstacles, combined HE
//   4. ruling: verdict, key numbers, the CRT lit, spotting, explanation
//   5. registration
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/board/host.hpp"
#include "window/board/view.hpp"
#include "window/panels/board_panel.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "board/board_support.hpp"
#include "core/names.hpp"
#include "games/spi_tank/view.hpp"

namespace umpire::app {
namespace {

using view::TankChoices;
using view::TankRulingView;
using view::TankUnit;

// =====================================================================================
// 1. helpers
// =====================================================================================

// The chart row of a unit, as a referee reads it on the counter and 17.4.
std::string unit_summary(const TankChoices& c, const std::string& name) {
    const TankUnit* u = c.unit(name);
    if (u && u->infantry) return "infantry: close-range AT weapons (8.8), soft target";
    if (!u) return name + " (not in the chart)";
    std::string s;
    if (u->vehicle)
        s = "def " + std::to_string(u->front) + "/" + std::to_string(u->side) + "/" + std::to_string(u->rear) + "  ";
    else
        s = "AT gun (soft)  ";
    s += "AP " + std::to_string(u->ap) + "  HE " + std::to_string(u->he) + "  MA " + std::to_string(u->movement) +
         "  range " + std::to_string(u->effective_range) + "  " + u->fire_control;
    if (u->vehicle && !u->turreted) s += "  turretless";
    return s;
}

// The tooltip of each option word the choices view gives bare (the rules' numbers; terrain has its
// own from rules-data, terrain_tip). A word not listed has no tip: the window tests report it.
std::string word_tip(const std::string& row, const std::string& n) {
    static const std::map<std::string, std::string> tips = {
        {"aspect/front", "The firer lies in the target's front aspect: the front defense strength (8.7)"},
        {"aspect/side", "The firer lies in the target's side aspect: the side defense strength (8.7)"},
        {"aspect/rear", "The firer lies in the target's rear aspect: the rear defense strength (8.7)"},
        {"behind/none", "No berm or slope shields the target from all the fire (10.5, 10.61)"},
        {"behind/berm", "All fire reaches the target through a berm hexside of its own hex (10.61)"},
        {"behind/slope", "All fire reaches the target through the unsloped side of a slope hexside, the target on the "
                         "sloped side (10.5)"},
        {"friendly/none", "No friendly unit in the target hex or in a hex the line passes through (8.41)"},
        {"friendly/infantry", "Friendly infantry on the line (8.41): it voids the fire, except an AT gun's AP fire"},
        {"friendly/other", "Another friendly unit on the line (8.41): the fire is void"},
        {"at/hex", "The obstacle is a hex the line passes through (10.2)"},
        {"at/hexside", "The obstacle is a hexside the line crosses (10.23)"},
        {"at/along-hexside", "The line runs exactly along this hexside (10.24)"},
        {"touches/none", "The obstacle belongs to neither the firer's nor the target's hex (10.2)"},
        {"touches/firer", "For a hex: the firer is in it; for a hexside: a side of the firer's hex (10.2)"},
        {"touches/target", "For a hex: the target is in it; for a hexside: a side of the target's hex (10.2)"},
        {"touches/both", "A hexside shared by the firer's and the target's hexes (adjacent units, 10.2)"},
    };
    const auto it = tips.find(row + "/" + n);
    return it == tips.end() ? std::string() : it->second;
}
util::NameTip tips_of(const char* row) {
    return [row](const std::string& n) { return word_tip(row, n); };
}

// A combo over fixed names, each shown in `say`'s words with its own tooltip (required); returns
// true on change.
bool name_combo(const char* label, std::string* value, const std::vector<std::string>& names,
                const std::function<std::string(const std::string&)>& item_tip,
                const std::function<std::string(const std::string&)>& say = nullptr) {
    bool changed = false;
    const std::string preview = say ? say(*value) : *value;
    for (const auto& n : names)  // closed, the items are not drawn: check their tips here
        if (util::tip_of(item_tip, n).empty()) ui::untipped(std::string(label) + "/" + n);
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (const auto& n : names) {
            const bool sel = same_name(n, *value);
            const std::string shown = (say ? say(n) : n) + "###" + n;
            if (ImGui::Selectable(shown.c_str(), sel) && !sel) {
                *value = n;
                changed = true;
            }
            util::option_tip(std::string(label) + "/" + n, util::tip_of(item_tip, n));
            if (sel) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    return changed;
}

// =====================================================================================
// 2. SpiTankPanel
// =====================================================================================

// A newly added obstacle is rough terrain in a hex touching neither unit: a feature that does
// not obstruct in any mode (10.6), so adding one changes nothing until the referee says what it is.
struct Obstacle {
    std::string terrain = "rough", at = "hex", touches = "none";
    std::string hex;  // its map hex "CCRR" or hexside "CCRR/X" as typed; written when the map knows it
    bool wreck = false;  // a wreck in this woods or rough hex (8.62)
};

struct ExtraFirer {
    std::string unit;
    int range = 1;
    bool line_of_sight = true, in_field_of_fire = true;  // false: this unit may not fire (8.22)
};

struct Inputs {
    std::string mode = "mixed";
    std::string firer = "T62";  // unit name or "infantry"
    int panic_level = 1;
    bool preservation = false;
    std::string target = "M60A2";
    std::optional<std::string> aspect = std::string("front");  // none: a soft target, or the map decides
    std::string terrain = "clear";
    bool wreck = false;  // a wreck in the target's hex too; `terrain` is the ground under it (8.62)
    bool improved_position = false;
    int moving_mp = 0;
    std::string behind = "none";
    int range = 10;
    bool in_field_of_fire = true;
    std::string friendly_in_line = "none";
    std::vector<Obstacle> obstacles;
    std::vector<ExtraFirer> extra_firers;
    // Optional map positions: with both hexes the range is counted (8.3), with the facing too the aspect (8.7).
    std::optional<std::string> firer_hex, target_hex, facing;
    std::optional<std::string> firer_facing;  // with both hexes: the field of fire (7.21)
    // A board file (docs/boards.md): the map then says the obstacles, the target's terrain and
    // behind, so those are not written (a moved unit would make the old ones disagree).
    std::optional<std::string> board;
};

// An obstacle's map hex or hexside as typed is usable: "CCRR" or "CCRR/X" on this board.
bool valid_obstacle_hex(const hex::Numbering& board, const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) return board.parse(text).has_value();
    return board.parse(text.substr(0, slash)).has_value() && board.parse_side(text.substr(slash + 1)).has_value();
}

Form<Inputs> form(const hex::Numbering& board) {
    // With both hexes the map counts the range: line.range then stays out (8.3).
    const auto no_hexes = [](const Inputs& s) { return !s.firer_hex || !s.target_hex; };
    // An obstacle with its map hex takes `touches` from the map (a disagreeing one is bad input).
    const auto placed = [board](const Obstacle& o) { return !o.hex.empty() && valid_obstacle_hex(board, o.hex); };
    Form<Obstacle> obstacle;
    obstacle.field("terrain", &Obstacle::terrain)
        .field("at", &Obstacle::at)
        .field("touches", &Obstacle::touches, [placed](const Obstacle& o) { return !placed(o); })
        .field("hex", &Obstacle::hex, placed)
        .field("wreck", &Obstacle::wreck, [](const Obstacle& o) { return o.wreck; });
    Form<ExtraFirer> extra;
    extra.field("unit", &ExtraFirer::unit)
        .field("range", &ExtraFirer::range)
        .field("line_of_sight", &ExtraFirer::line_of_sight, [](const ExtraFirer& x) { return !x.line_of_sight; })
        .field("in_field_of_fire", &ExtraFirer::in_field_of_fire, [](const ExtraFirer& x) { return !x.in_field_of_fire; });
    const auto no_board = [](const Inputs& s) { return !s.board; };
    Form<Inputs> f;
    f.field("terrain_mode", &Inputs::mode)
        .field("board", &Inputs::board)
        .both("unit", &Inputs::firer, &Inputs::target)
        .both("hex", &Inputs::firer_hex, &Inputs::target_hex)
        .both("facing", &Inputs::firer_facing, &Inputs::facing)
        .field("firer.panic_level", &Inputs::panic_level)
        .field("firer.preservation", &Inputs::preservation)
        .custom([](const toml::table& t, Inputs& s) {  // left out: none (a soft target, or the map decides)
                    const toml::node* n = node_at(t, "target.aspect");
                    s.aspect = n && n->is_string() ? std::optional<std::string>(n->as_string()->get()) : std::nullopt;
                },
                [](const Inputs& s, toml::table& t) {
                    std::string key;
                    if (s.aspect) parent_for(t, "target.aspect", &key).insert_or_assign(key, *s.aspect);
                })
        .field("target.terrain", &Inputs::terrain, no_board)
        .field("target.wreck", &Inputs::wreck, [](const Inputs& s) { return s.wreck && !s.board; })
        .field("target.improved_position", &Inputs::improved_position)
        .field("target.moving_mp", &Inputs::moving_mp)
        // With a board only a `behind` the board cannot say (a corner of the target's hex) is written.
        .field("target.behind", &Inputs::behind, [](const Inputs& s) { return !s.board || s.behind != "none"; })
        .field("line.range", &Inputs::range, no_hexes)
        // With the firer's facing the map decides the field of fire (7.21): a disagreeing key is bad input.
        .field("line.in_field_of_fire", &Inputs::in_field_of_fire, [](const Inputs& s) { return !s.firer_facing; })
        .field("line.friendly_in_line", &Inputs::friendly_in_line)
        .list("line.obstacles", &Inputs::obstacles, obstacle, no_board)
        .list("extra_firer", &Inputs::extra_firers, extra);
    return f;
}

class SpiTankPanel final : public BoardFormPanel<Inputs> {
public:
    explicit SpiTankPanel(const Engine& e)
        : BoardFormPanel(e, "spi-tank", form(std::any_cast<const TankChoices&>(e.find("spi-tank")->choices()).board),
                         {"system", "title", "notes", "terrain_mode", "board", "firer", "target", "line", "extra_firer", "unit", "panic_level",
                          "preservation", "aspect", "terrain", "wreck", "improved_position", "moving_mp", "behind", "hex", "facing",
                          "range", "line_of_sight", "in_field_of_fire", "friendly_in_line", "obstacles", "at", "touches"},
                         &Inputs::board) {}

    // A file may name a unit by a common name ("Tiger"): the panel keeps the chart's name and
    // shows what was typed beside it, as the CLI's JSON `matched` does.
    void load(const Section& root) override {
        FormPanel::load(root);
        firer_given_ = given_name(root, "firer.unit", s_.firer);
        target_given_ = given_name(root, "target.unit", s_.target);
    }

    bool draw_inputs(PanelContext& ctx) override;
    void draw_ruling(PanelContext& ctx, const Ruling& r) override;
    bool has_map() const override { return s_.board.has_value() && support(); }
    bool draw_map(PanelContext& ctx) override;
    std::string waiting_for() const override { return host_.waiting_for(s_.board, s_.firer_hex, s_.target_hex, BoardView::Roles{}); }
    // The other readings' verdicts (JSON `alternatives`), for the banner of a referee's call.
    std::vector<std::string> other_outcomes(const Ruling& r) const override {
        std::vector<std::string> out;
        if (const auto* v = r.view_as<TankRulingView>())
            for (const auto& a : v->alternatives) out.push_back(a.verdict + " (" + a.rule + ")");
        return out;
    }
    bool add_obstacle() override {
        s_.obstacles.push_back(Obstacle{});
        return true;
    }
    // The places the board view's clicks left, typed (BoardHost::Keys order, as keys() below); none
    // while the hexes are half entered, as written() leaves them out of the file.
    std::optional<view::Placement> held_placement() const override {
        if (!written().firer_hex) return std::nullopt;
        return host_.placement(s_.board, {s_.firer_hex, s_.target_hex, s_.facing});
    }

protected:
    void loaded() override {
        firer_given_.clear();
        target_given_.clear();
        firer_hex_text_ = s_.firer_hex.value_or("");
        target_hex_text_ = s_.target_hex.value_or("");
        position_.reset();
    }

    // The inputs as a file may hold them: half-entered map positions are left out, and an aspect
    // the map decides is not written (the engine would reject a disagreeing one). What the map
    // decides comes from the engine's ruling of these same hexes (its view's position).
    Inputs written() const override {
        Inputs s = s_;
        if (!s.firer_hex || !s.target_hex || *s.firer_hex == *s.target_hex) {
            s.firer_hex.reset();
            s.target_hex.reset();
            s.facing.reset();
            s.firer_facing.reset();
            for (auto& o : s.obstacles) o.hex.clear();
            return s;
        }
        if (s.facing) {
            const view::TankPosition* pos = current_position();
            const bool settles_boundary = pos && pos->aspects.size() == 2 && s.aspect &&
                                          std::find(pos->aspects.begin(), pos->aspects.end(), *s.aspect) != pos->aspects.end();
            if (!settles_boundary) s.aspect.reset();
        }
        return s;
    }

private:
    const TankChoices& c() const { return choices<TankChoices>(); }
    bool unit_picker(const char* id, std::string* unit, bool allow_infantry, std::string* filter, std::string* given = nullptr);
    bool target_is_vehicle() const {
        const TankUnit* u = c().unit(s_.target);
        return u && u->vehicle;
    }
    int max_moving_mp() const {
        const TankUnit* u = c().unit(s_.target);
        return u && !u->infantry ? u->movement : c().infantry_max_moving_mp;
    }
    // A terrain mode's tooltip: what each terrain does in it (10.6), from the choices view.
    std::string mode_tip(const std::string& mode) const {
        const auto it = c().terrain_tips.find(mode);
        if (it == c().terrain_tips.end()) return {};
        std::string s = "Terrain mode " + mode + " (10.6), what each terrain then does:";
        for (const auto& [terrain, tip] : it->second) s += "\n" + tip;
        return s;
    }
    std::string terrain_tip(const std::string& name) const {
        const auto mode = c().terrain_tips.find(s_.mode);
        if (mode == c().terrain_tips.end()) return name;
        const auto it = mode->second.find(name);
        return it == mode->second.end() ? name : it->second;
    }
    // The inputs side, by job (section 3).
    struct MapAspect {  // what the map says about the aspect (8.7)
        bool vehicle = false;
        const view::TankPosition* pos = nullptr;
        std::vector<std::string> aspects;  // one, or two on a boundary; empty: the map does not say
        bool from_map = false;             // a vehicle whose aspect the last ruling's map gave
        bool decides = false;              // both hexes and a facing: the map decides
    };
    void label(const char* text) const;
    void width(float ems) const;
    bool draw_mode();
    bool draw_board(PanelContext& ctx);
    bool draw_firer();
    bool draw_target();
    bool draw_aspect_picker(const MapAspect& m);
    bool draw_aspect_choice(const MapAspect& m);
    bool draw_target_ground();
    bool draw_target_terrain();
    bool draw_line();
    bool draw_obstacles();
    bool draw_combined_he();
    bool draw_map_hexes();
    float label_w_ = 0;

    // The board (section 3, draw_board): loaded from the situation's `board`, held and drawn by
    // host_ (the same hosting as the other games' panels), units placed by clicks.
    // The keys the board view's clicks write (BoardHost::Keys): the hexes and the target's facing.
    BoardHost::Keys keys() { return {&s_.firer_hex, &s_.target_hex, &s_.facing, c().board.side_names}; }
    // What the map says for the hexes and facing now entered (nullptr: not both hexes): the last
    // ruling's view, or else the engine's ruling of them with the aspect left to the map.
    const view::TankPosition* current_position() const {
        if (!s_.firer_hex || !s_.target_hex || *s_.firer_hex == *s_.target_hex) return nullptr;
        const auto current = [&] {
            return position_ && position_->firer_hex == *s_.firer_hex && position_->target_hex == *s_.target_hex &&
                   position_->facing == s_.facing.value_or("");
        };
        if (!current()) ask_the_map();
        return current() ? &*position_ : nullptr;
    }
    void ask_the_map() const {
        Inputs q = s_;
        if (q.facing) q.aspect.reset();
        toml::table raw = table_of(q);
        if (raw == asked_) return;  // asked already (a broken situation is not re-ruled every frame)
        asked_ = raw;
        Sink sink("(panel)");
        try {
            const Ruling r = sys_.rule(Section(sink, &raw, ""));
            if (const auto* v = r.view_as<TankRulingView>()) position_ = v->position;
        } catch (const InputError&) {
            // Something else is wrong: the App's own ruling reports it.
        }
    }

    // What a file or the search field named a unit by when that was an alias ("Tiger"); empty: the chart name.
    std::string given_name(const Section& root, const std::string& key, const std::string& chart_name) const {
        const toml::node* n = root.raw() ? node_at(*root.raw(), key) : nullptr;
        if (!n || !n->is_string()) return "";
        const std::string typed = n->as_string()->get();
        return typed == chart_name ? "" : typed;
    }

    std::string firer_given_, target_given_;
    std::string firer_hex_text_, target_hex_text_;  // as typed; s_ holds them only when valid
    std::string firer_filter_, target_filter_, extra_filter_;
    mutable std::optional<view::TankPosition> position_;  // from the last ruling's view (a cache)
    mutable toml::table asked_;  // the situation ask_the_map() last ruled
    bool position_news_ = false;  // position_ changed: what is written may change with it
};

// =====================================================================================
// 3. inputs
// =====================================================================================

bool SpiTankPanel::unit_picker(const char* id, std::string* unit, bool allow_infantry, std::string* filter, std::string* given) {
    bool changed = false;
    const std::string preview = *unit;
    ImGui::SetNextItemWidth(-1);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(FLT_MAX, ImGui::GetFontSize() * 24));
    const bool open = ImGui::BeginCombo(id, preview.c_str(), ImGuiComboFlags_HeightLargest);
    ui::probe(id + 2);  // "##firer" -> "firer"
    if (open) {
        if (ImGui::IsWindowAppearing()) {
            filter->clear();
            ImGui::SetKeyboardFocusHere();
        }
        ImGui::SetNextItemWidth(-1);
        const bool enter = ImGui::InputTextWithHint("##filter", "type to search the 17.4 chart (Enter picks the first)",
                                                    filter, ImGuiInputTextFlags_EnterReturnsTrue);
        const std::string f = normalize_name(*filter);
        std::vector<std::string> shown;
        for (const TankUnit& u : c().units) {
            if (!allow_infantry && u.infantry) continue;
            bool match = f.empty() || normalize_name(u.name).find(f) != std::string::npos;
            for (const auto& a : u.aliases) match |= !f.empty() && normalize_name(a).find(f) != std::string::npos;
            if (match) shown.push_back(u.name);
        }
        // Enter takes a name typed in full, or an alias of one ("tiger"), as the CLI reads it
        // (case, spaces and / - ( ) . ignored); else the first unit the search shows.
        const TankUnit* exact = c().unit(*filter);
        if (exact && exact->infantry && !allow_infantry) exact = nullptr;  // extra firers: chart units only (8.22)
        if (enter && (exact || !shown.empty())) {
            const std::string pick = exact ? exact->name : shown.front();
            changed = !same_name(*unit, pick);
            *unit = pick;
            if (given) *given = exact && !same_name(exact->name, *filter) ? *filter : "";
            ImGui::CloseCurrentPopup();
        }
        const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV;
        if (ImGui::BeginTable("##units", 8, tf)) {
            for (const char* h : {"Unit", "Def F/S/R", "AP", "HE", "MA", "Range", "FC", ""})
                ImGui::TableSetupColumn(h);
            ImGui::TableHeadersRow();
            for (const auto& n : shown) {
                const TankUnit* u = c().unit(n);
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                const bool sel = same_name(n, *unit);
                if (ImGui::Selectable(n.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns) && !sel) {
                    *unit = n;
                    if (given) given->clear();
                    changed = true;
                }
                if (sel && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
                if (!u || u->infantry) {
                    ImGui::TableSetColumnIndex(1);
                    ImGui::TextDisabled("soft");
                    ImGui::TableSetColumnIndex(7);
                    ImGui::TextDisabled("Infantry Fire Table 8.81");
                    continue;
                }
                ImGui::TableSetColumnIndex(1);
                if (u->vehicle) ImGui::Text("%d / %d / %d", u->front, u->side, u->rear);
                else ImGui::TextDisabled("AT gun");
                ImGui::TableSetColumnIndex(2); ImGui::Text("%d", u->ap);
                ImGui::TableSetColumnIndex(3); ImGui::Text("%d", u->he);
                ImGui::TableSetColumnIndex(4); ImGui::Text("%d", u->movement);
                ImGui::TableSetColumnIndex(5); ImGui::Text("%d", u->effective_range);
                ImGui::TableSetColumnIndex(6); ImGui::TextUnformatted(u->fire_control.c_str());
                ImGui::TableSetColumnIndex(7);
                if (u->vehicle && !u->turreted) ImGui::TextDisabled("turretless (7.21)");
            }
            ImGui::EndTable();
        }
        if (shown.empty()) ImGui::TextDisabled("no unit matches \"%s\"", filter->c_str());
        ImGui::EndCombo();
    }
    ui::tip("Weapons Systems Characteristics Chart (17.4): defense front/side/rear, AP and HE attack strengths, "
            "movement allowance, effective range in hexes, fire control (N, SR, SC: 8.9). Click, then type to search.");
    // A common name the referee typed or the file used, and the chart row it was taken for.
    if (given && !given->empty()) {
        ImGui::Text("%s \xe2\x86\x92 %s", given->c_str(), unit->c_str());
        ui::tip("\"" + *given + "\" is a common name: it was taken for the chart's " + *unit +
                " (names are matched ignoring case, spaces and / - ( ) .; the JSON key `matched` says the same).");
    }
    // The chart row under the picker, so the referee sees the numbers without opening it.
    ImGui::PushStyleColor(ImGuiCol_Text, ui::dim_text());
    ImGui::TextWrapped("%s", unit_summary(c(), *unit).c_str());
    ImGui::PopStyleColor();
    return changed;
}

// The inputs side, by job: the map (terrain mode, board), firer, target, line of fire, obstacles,
// combined HE. Each returns true when it changed the situation.
bool SpiTankPanel::draw_inputs(PanelContext& ctx) {
    bool changed = position_news_;  // the last ruling told the map's answer: rule what it implies
    position_news_ = false;
    // Labels take a fixed column, narrower when the panel is narrow (large UI scale).
    label_w_ = std::min(ImGui::GetFontSize() * 9.0f, ImGui::GetContentRegionAvail().x * 0.34f);
    changed |= draw_mode();
    changed |= draw_board(ctx);
    changed |= draw_firer();
    changed |= draw_target();
    changed |= draw_line();
    changed |= draw_obstacles();
    changed |= draw_combined_he();
    return changed;
}

void SpiTankPanel::label(const char* text) const {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    // A label too long for the column gets its own line rather than overlapping the widget.
    if (ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x <= label_w_) ImGui::SameLine(label_w_);
}

void SpiTankPanel::width(float ems) const {
    ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * ems, ImGui::GetContentRegionAvail().x));
}

bool SpiTankPanel::draw_mode() {
    bool changed = false;
    // ---- terrain mode ----
    ui::section("Map");
    label("Terrain mode");
    changed |= util::radio_row("mode", &s_.mode, c().modes, {}, [this](const std::string& n) { return mode_tip(n); });

    return changed;
}

// ---- the board ----

// Without a board: Open board… / New board… and a note; with one: its title, file and folder (the
// board itself fills the map, draw_map).
bool SpiTankPanel::draw_board(PanelContext& ctx) {
    return draw_board_inputs(ctx, "none: the line is described by hand below", "the line of sight, the obstacles and the target's terrain");
}

// The map: the board view filling the map area; a click writes the hex keys (and the facing), and
// the map hex fields show them too.
bool SpiTankPanel::draw_map(PanelContext& ctx) {
    const bool changed = draw_board_map(ctx, s_.mode, keys());
    if (changed) {
        firer_hex_text_ = s_.firer_hex.value_or(firer_hex_text_);
        target_hex_text_ = s_.target_hex.value_or(target_hex_text_);
    }
    return changed;
}

bool SpiTankPanel::draw_firer() {
    bool changed = false;
    // ---- firer ----
    ui::section("Firer");
    label("Unit");
    if (unit_picker("##firer", &s_.firer, true, &firer_filter_, &firer_given_)) changed = true;
    label("Panic level");
    width(12);
    if (ImGui::SliderInt("##panic", &s_.panic_level, 0, 10, "%d", ImGuiSliderFlags_AlwaysClamp)) changed = true;
    ui::tip("The firing force's panic level (0..10): it picks the Combat Results Table for N and SR "
            "fire control (8.9: 8.91 or 8.92).");
    ui::probe("panic");
    ui::same_line_if_fits(ui::checkbox_width("Preservation"));
    if (util::checkbox("Preservation", &s_.preservation,
                       "The force reached its Preservation Level on an earlier turn (15.11): attack strengths are halved."))
        changed = true;

    return changed;
}

bool SpiTankPanel::draw_target() {
    bool changed = false;
    // ---- target ----
    ui::section("Target");
    label("Unit");
    const bool was_vehicle = target_is_vehicle();
    if (unit_picker("##target", &s_.target, true, &target_filter_, &target_given_)) changed = true;
    const bool vehicle = target_is_vehicle();
    // With both hexes and a facing the map decides the aspect (8.7), as the last ruling's view says;
    // on a boundary the referee may settle it.
    MapAspect m;
    m.vehicle = vehicle;
    m.pos = current_position();
    m.aspects = m.pos && s_.facing ? m.pos->aspects : std::vector<std::string>{};
    m.from_map = vehicle && !m.aspects.empty();
    m.decides = vehicle && s_.facing && s_.firer_hex && s_.target_hex && *s_.firer_hex != *s_.target_hex;
    const std::vector<std::string>& map_aspects = m.aspects;
    if (vehicle && !s_.aspect && !m.decides) s_.aspect = c().aspects.front(), changed = true;
    if (!vehicle && was_vehicle && s_.aspect) s_.aspect.reset(), changed = true;
    if (m.from_map && s_.aspect && (map_aspects.size() == 1 ||
                                   std::find(map_aspects.begin(), map_aspects.end(), *s_.aspect) == map_aspects.end()))
        s_.aspect.reset(), changed = true;
    s_.moving_mp = std::min(s_.moving_mp, max_moving_mp());

    changed |= draw_aspect_picker(m);
    ImGui::BeginGroup();
    changed |= draw_aspect_choice(m);
    changed |= draw_target_ground();
    ImGui::EndGroup();
    return changed;
}

// The target counter with its clickable sectors (8.7), for a vehicle.
bool SpiTankPanel::draw_aspect_picker(const MapAspect& m) {
    bool changed = false;
    const std::vector<std::string>& map_aspects = m.aspects;
    const bool map_aspect = m.from_map;
    const float pick = std::min(ImGui::GetFontSize() * 10.5f, ImGui::GetContentRegionAvail().x);
    if (m.vehicle) {
        // What the picker shows: the referee's aspect, else the map's (the stronger/weaker pick on a boundary).
        const std::vector<std::string>& names = c().aspects;
        std::string shown = s_.aspect.value_or(map_aspects.empty() ? names.front() : map_aspects.front());
        if (map_aspect && !s_.aspect && map_aspects.size() == 2) shown = m.pos->boundary_pick;
        int a = int(std::find(names.begin(), names.end(), shown) - names.begin());
        ImGui::BeginGroup();
        ImGui::BeginDisabled(map_aspect && map_aspects.size() == 1);
        if (ui::aspect_picker("aspect", &a, float(c().front_arc_degrees), float(c().rear_arc_degrees), pick) &&
            a >= 0 && a < int(names.size())) {
            const std::string& picked = names[std::size_t(a)];
            if ((!map_aspect && !m.decides) || std::find(map_aspects.begin(), map_aspects.end(), picked) != map_aspects.end()) {
                s_.aspect = picked;
                changed = true;
            }
        }
        ImGui::EndDisabled();
        ui::probe("aspect");
        ui::tip("Defense aspect (8.7): click the sector around the target counter that the firer lies in. "
                "Sector widths come from rules-data [choices] (front " + std::to_string(c().front_arc_degrees) +
                "\xc2\xb0, rear " + std::to_string(c().rear_arc_degrees) + "\xc2\xb0, the sides the rest): "
                "the aspect diagram is missing from the rules, so this is Umpire's reading.");
        ImGui::EndGroup();
        ui::same_line_if_fits(ImGui::GetFontSize() * 15.0f);  // beside the picker only when the inputs fit there
    }
    return changed;
}

// The aspect in words: chosen, from the facing, or a boundary for the referee to settle.
bool SpiTankPanel::draw_aspect_choice(const MapAspect& m) {
    bool changed = false;
    const std::vector<std::string>& map_aspects = m.aspects;
    const bool map_aspect = m.from_map, map_decides = m.decides;
    if (m.vehicle) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Aspect");
        ImGui::SameLine();
        if (!map_aspect && map_decides) {
            ImGui::TextDisabled("from the facing (8.7)");  // the next ruling brings the map's answer
        } else if (!map_aspect) {
            changed |= util::radio_row("aspect_radio", &*s_.aspect, c().aspects, {}, [](const std::string& n) {
                const std::string t = word_tip("aspect", n);
                return t.empty() ? t : t + "; also chosen by clicking the counter.";
            });
        } else if (map_aspects.size() == 1) {
            ImGui::Text("%s", map_aspects[0].c_str());
            ImGui::SameLine();
            ImGui::TextDisabled("from the facing (8.7)");
            ui::tip("The firer's hex, the target's hex and its facing decide the aspect (8.7, arcs from rules-data [choices]). "
                    "Clear the facing to choose the aspect by hand.");
        } else {
            const std::string pair = map_aspects[0] + "/" + map_aspects[1];
            // The two aspects and "default", wrapping on a narrow panel.
            const float start_x = ImGui::GetCursorPosX(), right = ImGui::GetWindowContentRegionMax().x;
            for (std::size_t i = 0; i < map_aspects.size(); ++i) {
                const std::string& x = map_aspects[i];
                if (i) util::wrap_before(ui::checkbox_width(x.c_str()), right, start_x);
                if (ImGui::RadioButton(x.c_str(), s_.aspect && *s_.aspect == x)) s_.aspect = x, changed = true;
                util::option_tip("boundary/" + x, word_tip("aspect", x) + ": the referee settles the boundary this way.");
            }
            util::wrap_before(ui::checkbox_width("default"), right, start_x);
            const bool by_default = ImGui::RadioButton("default", !s_.aspect);
            util::option_tip("boundary/default", "Use rules-data's aspect_on_boundary (" + c().aspect_on_boundary +
                                                     ") for a firer exactly on the boundary (8.7).");
            if (by_default) {
                if (s_.aspect) changed = true;
                s_.aspect.reset();
            }
            ui::wrapped(ui::referee_call(), std::string(ui::kOpenMark) + " on the " + pair + " boundary: referee's call");
            ui::tip("The firer lies exactly on the boundary between two aspects (8.7; the diagram is missing). "
                    "\"default\" uses rules-data's aspect_on_boundary (" + c().aspect_on_boundary +
                    "); pick an aspect to settle it.");
        }
    } else {
        ImGui::TextDisabled("Soft target: no aspect (8.1, 10.31)");
    }
    return changed;
}

// The target's terrain and a wreck in its hex (8.62), when no board says them.
bool SpiTankPanel::draw_target_terrain() {
    bool changed = false;
    changed |= name_combo("##terrain", &s_.terrain, c().target_terrain, [&](const std::string& n) { return terrain_tip(n); });
    ui::tip(terrain_tip(s_.terrain));
    if (s_.terrain != "wreck") {
        ImGui::SameLine();
        if (util::checkbox("and a wreck", &s_.wreck,
                           "A wreck (8.62) lies in the target's hex too; the terrain chosen is the ground under it. "
                           "A wreck on ground nobody names: choose the terrain \"wreck\" instead."))
            changed = true;
    } else if (s_.wreck) {
        s_.wreck = false, changed = true;
    }
    return changed;
}

// The target's hex: terrain (or the board's), wreck, improved position, plotted MP, behind.
bool SpiTankPanel::draw_target_ground() {
    bool changed = false;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Hex");
    ImGui::SameLine();
    width(8);
    if (s_.board) {  // the board says the terrain and behind (10.6, 10.61)
        ui::wrapped(ui::dim_text(), "terrain and behind: from the board (10.6, 10.61)");
    } else {
        changed |= draw_target_terrain();
    }
    if (util::checkbox("Improved position", &s_.improved_position, "The target is dug in (14.4): soft targets only."))
        changed = true;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Plotted MP");
    ImGui::SameLine();
    width(8);
    const int max_mp = max_moving_mp();
    if (max_mp == 0) {
        ImGui::TextDisabled("0 (it cannot move)");
    } else if (ImGui::SliderInt("##moving", &s_.moving_mp, 0, max_mp, "%d", ImGuiSliderFlags_AlwaysClamp)) {
        s_.moving_mp = std::clamp(s_.moving_mp, 0, max_mp);
        changed = true;
    }
    ui::tip("Movement Points the target is plotted to expend this turn (8.71); at most its Movement Allowance.");
    ui::probe("moving_mp");
    if (s_.board) return changed;  // behind: from the board
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Behind");
    ImGui::SameLine();
    changed |= util::radio_row("behind", &s_.behind, c().behind, {}, tips_of("behind"));
    return changed;
}

bool SpiTankPanel::draw_line() {
    bool changed = false;
    const view::TankPosition* pos = current_position();
    // ---- line of fire ----
    ui::section("Line of fire");
    changed |= draw_map_hexes();
    label("Range (hexes)");
    width(8);
    if (pos && pos->range > 0) {  // the hexes count it (8.3)
        if (s_.range != pos->range) s_.range = pos->range, changed = true;
        ImGui::BeginDisabled();
        int shown_range = pos->range;
        ImGui::InputInt("##range", &shown_range, 0, 0);
        ImGui::EndDisabled();
        ImGui::SameLine();
        ui::wrapped(ui::dim_text(), "counted from the hexes (8.3)");  // wraps beside the field
    } else if (ImGui::InputInt("##range", &s_.range, 1, 5)) {
        s_.range = std::clamp(s_.range, 1, 999);
        changed = true;
    }
    ui::probe("range");
    ui::tip("Range in hexes: the fewest hexes from the firer to the target hex (8.3).");
    if (const TankUnit* fu = c().unit(s_.firer); fu && !fu->infantry) {
        const std::string eff = "effective range " + std::to_string(fu->effective_range);
        ui::same_line_if_fits(ImGui::CalcTextSize(eff.c_str()).x);
        ImGui::TextDisabled("%s", eff.c_str());
        ui::tip("Beyond its effective range a unit's attack strength is halved (8.31).");
    }
    if (s_.firer_facing && s_.firer_hex && s_.target_hex && *s_.firer_hex != *s_.target_hex) {
        ImGui::TextDisabled("Field of fire: from the firer's facing (7.21)");
    } else if (util::checkbox("Target in the firer's field of fire", &s_.in_field_of_fire,
                              "Clear this when the target lies outside the three-hex front arc (7.21); it matters only for "
                              "AT guns and turretless vehicles.")) {
        changed = true;
    }
    label("Friendly in line");
    changed |= util::radio_row("friendly", &s_.friendly_in_line, c().friendly, {}, tips_of("friendly"));

    return changed;
}

bool SpiTankPanel::draw_obstacles() {
    bool changed = false;
    if (s_.board) {
        ImGui::Spacing();
        ui::wrapped(ui::dim_text(), "Obstacles the line meets: read from the board (10.2); the ruling names each with its hex.");
        return changed;
    }
    ImGui::Spacing();
    ImGui::TextUnformatted("Obstacles the line meets");
    ui::tip("Every obstructing feature the line of fire meets (10.2): its terrain, whether it is a hex, a hexside or a "
            "hexside the line runs along (10.23, 10.24), and whether it belongs to the firer's or the target's hex.");
    const auto& terrains = c().obstacle_terrain;
    const auto& ats = c().obstacle_at;
    const auto& touches = c().obstacle_touches;
    int remove = -1;
    // The obstacle's own map hex only means something when the line is traced between two hexes.
    const bool on_map = s_.firer_hex && s_.target_hex && *s_.firer_hex != *s_.target_hex;
    if (!s_.obstacles.empty() &&
        ImGui::BeginTable("##obstacles", 6, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("Terrain", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("At", ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableSetupColumn("Touches", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("Map hex", ImGuiTableColumnFlags_WidthStretch, 0.9f);
        ImGui::TableSetupColumn("Wreck", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < s_.obstacles.size(); ++i) {
            Obstacle& o = s_.obstacles[i];
            ImGui::PushID(int(i));
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::SetNextItemWidth(-1);
            if (name_combo("##t", &o.terrain, terrains, [&](const std::string& n) { return terrain_tip(n); })) {
                // A hexside feature sits on a hexside, a hex feature in a hex (10.12): keep `at` meaningful.
                const auto eff = c().hexside_terrain.find(s_.mode);
                const bool side = eff != c().hexside_terrain.end() && eff->second.count(o.terrain) && eff->second.at(o.terrain);
                if (o.at != "along-hexside") o.at = side ? "hexside" : "hex";
                changed = true;
            }
            ImGui::TableSetColumnIndex(1);
            ImGui::SetNextItemWidth(-1);
            changed |= name_combo("##at", &o.at, ats, tips_of("at"), [this](const std::string& n) { return c().say(n); });
            ImGui::TableSetColumnIndex(2);
            ImGui::SetNextItemWidth(-1);
            const bool placed = on_map && !o.hex.empty() && valid_obstacle_hex(c().board, o.hex);
            if (placed) {  // wrapped: the column may be narrower than the words
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                ImGui::TextWrapped("from the map");
                ImGui::PopStyleColor();
            }
            else changed |= name_combo("##touches", &o.touches, touches, tips_of("touches"));
            ui::tip("For a hex: the firer or target is in it. For a hexside: it is a side of the firer's or target's hex. "
                    "With the obstacle's map hex the map says it.");
            ImGui::TableSetColumnIndex(3);
            ImGui::SetNextItemWidth(-1);
            ImGui::BeginDisabled(!on_map);
            const std::string before = o.hex;
            ImGui::InputTextWithHint("##hex", on_map ? "not given" : "", &o.hex);  // disabled: the tooltip says why
            ImGui::EndDisabled();
            if (o.hex != before && (o.hex.empty() || valid_obstacle_hex(c().board, o.hex) ||
                                    (!before.empty() && valid_obstacle_hex(c().board, before))))
                changed = true;
            if (!o.hex.empty() && !valid_obstacle_hex(c().board, o.hex))
                ImGui::TextColored(ui::tone_colour(Tone::bad), "not a hex or hexside");
            ui::tip("Optional: where this obstacle is on the map, a hex (\"1003\") or a hexside (\"1002/D\"); it must be one "
                    "the traced line meets (10.2). Needs the firer's and target's hexes (Map hexes above).");
            ImGui::TableSetColumnIndex(4);
            if (o.at == "hex" && o.terrain != "wreck") {
                changed |= util::checkbox("##wreck", &o.wreck, "A wreck (8.62) lies in this woods or rough hex too.");
            } else if (o.wreck) {
                o.wreck = false, changed = true;
            }
            ImGui::TableSetColumnIndex(5);
            if (ImGui::SmallButton("remove")) remove = int(i);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    changed |= util::remove_then_add(&s_.obstacles, remove, "+ Add obstacle",
                                     "A new obstacle is rough terrain in a hex, which never blocks (10.6): then say what it is.",
                                     [this] { return add_obstacle(); });
    ui::probe("add_obstacle");

    return changed;
}

bool SpiTankPanel::draw_combined_he() {
    bool changed = false;
    const bool vehicle = target_is_vehicle();
    // ---- combined HE ----
    // Shown for an HE shot, and whenever extra firers exist so the engine's complaint about them can be fixed here.
    if ((!vehicle && !same_name(s_.firer, "infantry")) || !s_.extra_firers.empty()) {
        ui::section("Combined HE (8.22)");
        int xremove = -1;
        for (std::size_t i = 0; i < s_.extra_firers.size(); ++i) {
            ExtraFirer& x = s_.extra_firers[i];
            ImGui::PushID(int(1000 + i));
            label((std::string("Firer ") + std::to_string(i + 2)).c_str());
            std::string u = x.unit;
            if (unit_picker("##xunit", &u, false, &extra_filter_)) x.unit = u, changed = true;
            label("Its range");
            width(8);
            if (ImGui::InputInt("##xrange", &x.range, 1, 5)) x.range = std::clamp(x.range, 1, 999), changed = true;
            ui::tip("This firer's range to the target hex (8.3).");
            ImGui::SameLine();
            if (ImGui::SmallButton("remove")) xremove = int(i);
            changed |= util::checkbox("sees the target", &x.line_of_sight,
                                      "Clear this when this firer has no line of sight to the target (10.2): it may not fire and "
                                      "adds nothing (8.22).");
            ImGui::SameLine();
            changed |= util::checkbox("in its field of fire", &x.in_field_of_fire,
                                      "Clear this when the target is outside this AT gun's or turretless vehicle's field of "
                                      "fire (7.21): it may not fire and adds nothing (8.22).");
            ImGui::PopID();
        }
        ImGui::Spacing();
        changed |= util::remove_then_add(&s_.extra_firers, xremove, "+ Add a firer combining HE",
                                         "More units firing HE at the same soft target combine their strengths (8.22).", [this] {
                                             s_.extra_firers.push_back(
                                                 ExtraFirer{c().units.front().infantry ? std::string("T62") : c().units.front().name, s_.range});
                                             return true;
                                         });
    }
    return changed;
}

// =====================================================================================
// 4. ruling
// =====================================================================================

// Optional map positions: the hex numbers count the range (8.3) and list what the line meets
// (10.2); with the target's facing they decide the aspect (8.7). A number that is not on the
// board is shown in red and not used.
bool SpiTankPanel::draw_map_hexes() {
    bool changed = false;
    bool bad = false;
    const hex::Numbering& board = c().board;
    auto hex_input = [&](const char* id, std::string* text, std::optional<std::string>* into) {
        ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::InputTextWithHint(id, "CCRR", text, ImGuiInputTextFlags_CharsDecimal);
        const bool valid = text->empty() || board.parse(*text).has_value();
        bad |= !valid;
        const std::optional<std::string> use = valid && !text->empty() ? std::optional<std::string>(*text) : std::nullopt;
        if (*into != use) *into = use, changed = true;
    };
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Map hexes");
    ImGui::SameLine();
    ImGui::TextDisabled("firer");
    ImGui::SameLine();
    hex_input("##firer_hex", &firer_hex_text_, &s_.firer_hex);
    ui::tip("Optional: the firer's hex number on the map (" + board.describe() + ", e.g. 3704). With the target's "
            "hex the range is counted (8.3) and the ruling lists the hexes and hexsides the line meets (10.2).");
    ui::probe("firer_hex");
    // Each "name field" pair wraps to the next line as a whole when the panel is narrow.
    const float hex_w = ImGui::CalcTextSize("00000").x + ImGui::GetStyle().FramePadding.x * 2;
    const float sp = ImGui::GetStyle().ItemSpacing.x;
    ui::same_line_if_fits(ImGui::CalcTextSize("target").x + sp + hex_w);
    ImGui::TextDisabled("target");
    ImGui::SameLine();
    hex_input("##target_hex", &target_hex_text_, &s_.target_hex);
    ui::tip("Optional: the target's hex number on the map (" + board.describe() + ").");
    ui::probe("target_hex");
    ui::same_line_if_fits(ImGui::CalcTextSize("facing").x + sp + ImGui::GetFontSize() * 3.2f);
    ImGui::TextDisabled("facing");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.2f);
    std::vector<std::string> sides{"-"};
    for (const auto& n : board.side_names) sides.push_back(n);
    std::string facing = s_.facing.value_or("-");
    const auto facing_tip = [&board](const char* who, const char* rule) -> util::NameTip {
        return [&board, who, rule](const std::string& n) {
            if (n == "-") return std::string("Not given: the ") + who + "'s facing is not used";
            return std::string("The ") + who + " faces hexside " + n + " (" + board.side_names.front() +
                   " = north, then clockwise; " + rule + ")";
        };
    };
    if (name_combo("##facing", &facing, sides, facing_tip("target", "8.7"))) {
        s_.facing = facing == "-" ? std::nullopt : std::optional<std::string>(facing);
        changed = true;
    }
    ui::tip("Optional: the hexside the target faces, " + board.side_names.front() +
            " = north, then clockwise. With both hexes it decides the target aspect (8.7).");
    ui::same_line_if_fits(ImGui::CalcTextSize("firer facing").x + ImGui::GetFontSize() * 3.6f);
    ImGui::TextDisabled("firer facing");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.2f);
    std::string firer_facing = s_.firer_facing.value_or("-");
    if (name_combo("##firer_facing", &firer_facing, sides, facing_tip("firer", "7.21"))) {
        s_.firer_facing = firer_facing == "-" ? std::nullopt : std::optional<std::string>(firer_facing);
        changed = true;
    }
    ui::tip("Optional: the hexside the firer faces. With both hexes it decides whether the target lies in an AT gun's "
            "or turretless vehicle's field of fire (7.21); a turreted firer's facing is noted and ignored (7.23).");
    ui::probe("firer_facing");
    // Wrapped: on a narrow panel the note must not run off the edge.
    auto bad_note = [](const std::string& text) {
        ImGui::PushStyleColor(ImGuiCol_Text, ui::tone_colour(Tone::bad));
        ImGui::TextWrapped("%s", text.c_str());
        ImGui::PopStyleColor();
    };
    if (bad) bad_note("not a hex number on this map (" + board.describe() + "): ignored");
    else if (s_.firer_hex && s_.firer_hex == s_.target_hex)
        bad_note("firer and target in the same hex: ignored (range >= 1)");
    else if (s_.firer_hex.has_value() != s_.target_hex.has_value())
        ImGui::TextDisabled("enter both hexes to count the range");
    return changed;
}

void draw_cards(const TankRulingView& v);
void draw_table(const TankRulingView& v, bool fires);
void draw_spotting(const TankRulingView& v);
void draw_left_out(const TankRulingView& v);
void draw_alternatives(const TankRulingView& v);

namespace {
// Whether the ruling lets the shot be taken (JSON `fire_permitted`): a blocked or forbidden shot
// shows no kill numbers, no odds and no lit chart cell.
bool fire_permitted(const Ruling& r) {
    for (const auto& [k, v] : r.fields)
        if (k == "fire_permitted" && v.is_bool()) return v.as_bool();
    return true;
}
}  // namespace

void SpiTankPanel::draw_ruling(PanelContext& ctx, const Ruling& r) {
    const TankRulingView* v = r.view_as<TankRulingView>();
    // What the map said, kept for the inputs side (the aspect picker) and for what is written.
    if (v && v->position != position_) position_ = v->position, position_news_ = true;
    draw_map_notes(ctx);
    // The verdict, with a referee's call and its reasons, is pinned above this by the App.
    draw_ruling_head(r, false);
    ImGui::Spacing();
    if (!v) {  // a ruling without its view: the shared layout
        draw_ruling_tail(r, sys_.title());
        return;
    }
    const bool fires = fire_permitted(r);
    draw_cards(*v);

    // ---- the other figures (line of sight, table, kill numbers, modifier), then the odds ----
    ImGui::Spacing();
    std::vector<Figure> others;
    for (const auto& f : v->others)
        if (fires || (f.id != "kill_numbers" && f.id != "die_modifier")) others.push_back(f);
    ui::figure_chips(others);
    ui::probe("figures");
    if (!fires) {
        ui::wrapped(ui::bad(), "\xe2\x9c\x96 No kill numbers and no roll: the shot may not be taken (the verdict says why).");
        ui::probe("no_shot");
    } else if (v->kill_probability) {
        ui::probability_bar(*v->kill_probability, "Kill probability " + (v->probability ? v->probability->value : std::string()));
        ui::tip("The chance that one die roll, after the modifier, falls in the kill numbers (8.9). Ticks mark sixths.");
        ui::probe("probability");
    }
    draw_table(*v, fires);
    draw_spotting(*v);
    draw_left_out(*v);
    draw_alternatives(*v);

    ui::section("Why");
    ui::explanation(r.explanation, sys_.title().c_str());
    draw_map_key(ctx);
}

// The three numbers that decide the column (8.31, 8.7, 8.9), as cards side by side (one per line
// on a narrow side).
void draw_cards(const TankRulingView& v) {
    std::vector<const Figure*> cards;
    for (const auto* f : {&v.attack, &v.defense, &v.differential})
        if (*f) cards.push_back(&**f);
    if (cards.empty()) return;
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    float w = (ImGui::GetContentRegionAvail().x - gap * float(cards.size() - 1)) / float(cards.size());
    const bool in_a_row = w >= ImGui::GetFontSize() * 7.0f;  // else one card per line, full width
    if (!in_a_row) w = ImGui::GetContentRegionAvail().x;
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i && in_a_row) ImGui::SameLine();
        ImGui::BeginGroup();
        ImGui::PushID(int(i));
        ui::figure_card(*cards[i], w);
        ImGui::PopID();
        ImGui::EndGroup();
    }
    ui::probe("numbers");
}

// The results table the ruling used, its row and column lit; a shot that may not be taken lights
// nothing (there is no roll to read).
void draw_table(const TankRulingView& v, bool fires) {
    const auto& t = v.table;
    if (!t) return;
    ui::section(t->title.c_str());
    ui::Grid g;
    g.id = "##crt";
    g.corner = "Range";
    g.columns = t->columns;
    g.column_tip = t->column_tip;
    g.rows = t->rows;
    g.cells = t->cells;
    if (fires) g.lit_row = t->lit_row, g.lit_column = t->lit_column;
    ui::results_grid(g);
    ui::probe("crt");
    if (!fires) ui::wrapped(ui::dim_text(), "Not used: the shot may not be taken.");
    if (fires && !t->beyond.empty()) ui::wrapped(ui::bad(), t->beyond);
    if (fires && !t->no_column.empty()) ui::wrapped(ui::dim_text(), t->no_column);
}

// 13.5: the roll that spots the target and its chance on the game's die; dim when this unit may not try.
void draw_spotting(const TankRulingView& v) {
    if (!v.spotting) return;
    const view::TankSpotting& sp = *v.spotting;
    ui::section("Spotting (13.5)");
    // A unit that may not try has no roll to make: say so, not what the roll would have been.
    std::string line;
    if (!sp.may_try) line = "No spotting attempt: this unit may not try";
    else if (sp.needed == "automatic") line = "spotted automatically";
    else if (sp.needed == "unspottable") line = "cannot be spotted at this range";
    else line = "a roll of " + sp.needed + " spots it";
    if (sp.may_try && sp.chance && sp.needed != "automatic" && sp.needed != "unspottable") {
        char pct[32];
        std::snprintf(pct, sizeof pct, " (%.1f%%)", *sp.chance * 100.0);
        line += pct;
    }
    // Wrapped: at a large UI scale the line is wider than the ruling side.
    ui::wrapped(sp.may_try ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : ui::dim_text(), line);
    ui::probe("spotting");
    if (!sp.why.empty()) ui::wrapped(ui::dim_text(), sp.why);
    ui::tip("The Spotting Table (13.5): the number a die must show for an enemy unit to spot this target, by range and "
            "whether it is in the open or concealed. A unit may try only with a clear line of sight (13.1) and, for an AT gun "
            "or turretless vehicle, inside its field of sighting (7.24).");
}

// 8.22: extra firers that may not fire and add nothing to the combined HE.
void draw_left_out(const TankRulingView& v) {
    if (v.left_out.empty()) return;
    ui::section("Left out of the combined fire (8.22)");
    for (const auto& o : v.left_out) {
        ImGui::PushStyleColor(ImGuiCol_Text, ui::tone_colour(Tone::bad));
        ImGui::TextWrapped("%s: %s (%s)", o.unit.c_str(), o.reason.c_str(), o.rule.c_str());
        ImGui::PopStyleColor();
    }
}

// The referee's calls ruled both ways (JSON `alternatives`): this ruling and each other reading side
// by side, the other readings marked amber.
void draw_alternatives(const TankRulingView& v) {
    if (v.alternatives.empty()) return;
    ui::section("Both readings (referee's call)");
    const int cols = 1 + 1 + int(v.alternatives.size());
    const ImGuiTableFlags tf = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("##alternatives", cols, tf)) return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("As ruled");
    for (std::size_t i = 0; i < v.alternatives.size(); ++i)
        ImGui::TableSetupColumn(("Other reading (" + v.alternatives[i].rule + ")").c_str());
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int i = 0; i < cols; ++i) {
        ImGui::TableSetColumnIndex(i);
        if (i >= 2) ImGui::PushStyleColor(ImGuiCol_Text, ui::referee_call());
        ImGui::TableHeader(ImGui::TableGetColumnName(i));
        if (i >= 2) {
            ImGui::PopStyleColor();
            ui::tip(v.alternatives[std::size_t(i - 2)].reading);
        }
    }
    auto percent = [](const std::optional<double>& p) {
        if (!p) return std::string("\xe2\x80\x94");
        char b[32];
        std::snprintf(b, sizeof b, "%.1f%%", *p * 100.0);
        return std::string(b);
    };
    using Get = std::function<std::string(const view::TankAlternative&)>;
    const std::vector<std::pair<const char*, Get>> rows = {
        {"Reading", [](const view::TankAlternative& a) { return a.reading; }},
        {"Line of sight", [](const view::TankAlternative& a) { return a.los; }},
        {"Defense", [](const view::TankAlternative& a) { return a.defense; }},
        {"Differential", [](const view::TankAlternative& a) { return a.differential; }},
        {"Column", [](const view::TankAlternative& a) { return a.column; }},
        {"Kill numbers", [](const view::TankAlternative& a) { return a.kills; }},
        {"Kill probability", [&](const view::TankAlternative& a) { return percent(a.kill_probability); }},
        {"Verdict", [](const view::TankAlternative& a) { return a.verdict; }},
    };
    for (const auto& [name, get] : rows) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextColored(ui::dim_text(), "%s", name);
        const std::string mine = get(v.as_ruled);
        ImGui::TableSetColumnIndex(1);
        ImGui::TextWrapped("%s", mine.c_str());
        for (std::size_t i = 0; i < v.alternatives.size(); ++i) {
            ImGui::TableSetColumnIndex(int(i) + 2);
            const std::string other = get(v.alternatives[i]);
            // A number the other reading changes is amber: that is what the referee decides.
            if (other != mine && std::string(name) != "Reading") ImGui::PushStyleColor(ImGuiCol_Text, ui::referee_call());
            else ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_Text));
            ImGui::TextWrapped("%s", other.c_str());
            ImGui::PopStyleColor();
        }
    }
    ImGui::EndTable();
    ui::probe("alternatives");
}

// =====================================================================================
// 5. registration
// =====================================================================================

UMPIRE_REGISTER_PANEL("spi-tank", [](const Engine& e) { return make_panel<SpiTankPanel>(e, "spi-tank"); });

}  // namespace
}  // namespace umpire::app
