// The SPI TANK! panel: the fire question on the left, the ruling on the right.
//
// Every choice list, limit and chart number shown here comes from the engine's
// tank::Data (rules-data/spi-tank.toml) or from SpiTank::names(); every result
// comes from the Ruling. The panel only edits a tank::Situation and draws.
//
// Sections
//   1. helpers: names, unit summaries, kill-number text
//   2. SpiTankPanel: state, load/save
//   3. inputs: terrain mode, firer, target (aspect picker), line of fire,
//      obstacles, combined HE
//   4. ruling: verdict, key numbers, the CRT lit, spotting, explanation
//   5. registration
#include <algorithm>
#include <cstring>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/panel.hpp"
#include "app/widgets.hpp"
#include "engine/names.hpp"
#include "engine/spi_tank.hpp"

namespace umpire::app {
namespace {

using namespace umpire::tank;

// =====================================================================================
// 1. helpers
// =====================================================================================

std::vector<std::string> names_of(const SpiTank& sys, const std::string& what) {
    for (const auto& [k, v] : sys.names())
        if (k == what) return v;
    return {};
}

// The chart row of a unit, as a referee reads it on the counter and 17.4.
std::string unit_summary(const Data& d, const std::string& name) {
    if (same_name(name, "infantry")) return "infantry: close-range AT weapons (8.8), soft target";
    const Unit* u = d.find_unit(name);
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

// Kill numbers as the printed chart shows them: "1-3", "1", "•".
std::string kills_cell(const std::vector<int>& k) {
    if (k.empty()) return "\xe2\x80\xa2";
    bool run = true;
    for (std::size_t i = 1; i < k.size(); ++i) run &= k[i] == k[i - 1] + 1;
    if (k.size() == 1) return std::to_string(k[0]);
    if (run) return std::to_string(k.front()) + "-" + std::to_string(k.back());
    std::string s;
    for (int v : k) s += (s.empty() ? "" : ",") + std::to_string(v);
    return s;
}

const json::Value* field(const Ruling& r, const std::string& key) {
    for (const auto& [k, v] : r.fields)
        if (k == key) return &v;
    return nullptr;
}

const Figure* figure(const Ruling& r, const std::string& label) {
    for (const auto& f : r.figures)
        if (f.label == label) return &f;
    return nullptr;
}

// A combo over fixed names; returns true on change.
bool name_combo(const char* label, std::string* value, const std::vector<std::string>& names,
                const std::function<std::string(const std::string&)>& item_tip = nullptr) {
    bool changed = false;
    if (ImGui::BeginCombo(label, value->c_str())) {
        for (const auto& n : names) {
            const bool sel = same_name(n, *value);
            if (ImGui::Selectable(n.c_str(), sel) && !sel) {
                *value = n;
                changed = true;
            }
            if (item_tip) ui::tip(item_tip(n));
            if (sel) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
    }
    return changed;
}

// Radio buttons for an enum's names, wrapping onto a new line (aligned with the
// first button) when the panel is too narrow, e.g. at 2x scale.
template <class E>
bool enum_radio(const char* id, E* value, const std::vector<std::string>& names) {
    bool changed = false;
    ImGui::PushID(id);
    const float start_x = ImGui::GetCursorPosX();
    const float right = ImGui::GetWindowContentRegionMax().x;
    const ImGuiStyle& st = ImGui::GetStyle();
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) {
            const float w = ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + ImGui::CalcTextSize(names[i].c_str()).x;
            ImGui::SameLine();
            if (ImGui::GetCursorPosX() + w > right) {
                ImGui::NewLine();
                ImGui::SetCursorPosX(start_x);
            }
        }
        if (ImGui::RadioButton(names[i].c_str(), int(*value) == int(i))) {
            changed = int(*value) != int(i);
            *value = static_cast<E>(i);
        }
    }
    ImGui::PopID();
    return changed;
}

// =====================================================================================
// 2. SpiTankPanel
// =====================================================================================

class SpiTankPanel final : public Panel {
public:
    explicit SpiTankPanel(const Engine& e) : sys_(*e.get<SpiTank>()), d_(sys_.data()) {}

    std::string system_id() const override { return "spi-tank"; }

    toml::table situation() const override {
        toml::table t = to_toml(consistent());
        t.erase("title");  // the App keeps the common keys
        return t;
    }

    void load(const Table& root) override {
        const std::size_t before = root.sink().diagnostics().size();
        Situation s = parse_situation(d_, root);
        if (root.sink().diagnostics().size() != before) return;
        s.title.clear();
        s_ = s;
        firer_hex_text_ = s_.firer_hex;
        target_hex_text_ = s_.target_hex;
    }

    void reset() override {
        s_ = Situation{};
        firer_hex_text_.clear();
        target_hex_text_.clear();
    }

    std::vector<std::string> key_order() const override {
        return {"system", "title", "notes", "terrain_mode", "firer", "target", "line", "extra_firer",
                "unit", "panic_level", "preservation", "aspect", "terrain", "improved_position", "moving_mp",
                "behind", "hex", "facing", "range", "in_field_of_fire", "friendly_in_line", "obstacles", "at", "touches"};
    }

    bool draw_inputs(PanelContext& ctx) override;
    void draw_ruling(PanelContext& ctx, const Ruling& r) override;

private:
    bool unit_picker(const char* id, std::string* unit, bool allow_infantry, std::string* filter);
    bool target_is_vehicle() const {
        const Unit* u = d_.find_unit(s_.target);
        return u && u->vehicle;
    }
    int max_moving_mp() const {
        const Unit* u = d_.find_unit(s_.target);
        return u ? u->movement : d_.infantry_max_moving_mp;
    }
    std::string terrain_tip(const std::string& name) const;
    bool draw_map_hexes();

    // The situation as a file may hold it: half-entered map positions are left out, the range is
    // the map's, and an aspect the facing decides is not written (the CLI would reject a
    // disagreeing one). Keeps what the referee typed in the panel untouched.
    Situation consistent() const {
        Situation s = s_;
        if (s.firer_hex.empty() || s.target_hex.empty() || s.firer_hex == s.target_hex) {
            s.firer_hex.clear();
            s.target_hex.clear();
            s.facing.clear();
            return s;
        }
        if (const auto pos = hex_position(d_, s)) {
            s.range = pos->range;
            if (!pos->aspects.empty() && (pos->aspects.size() == 1 || !s.aspect ||
                                          std::find(pos->aspects.begin(), pos->aspects.end(), *s.aspect) == pos->aspects.end()))
                s.aspect.reset();
        }
        return s;
    }

    const SpiTank& sys_;
    const Data& d_;
    Situation s_;
    std::string firer_hex_text_, target_hex_text_;  // as typed; s_ holds them only when valid
    std::string firer_filter_, target_filter_, extra_filter_;
};

std::string SpiTankPanel::terrain_tip(const std::string& name) const {
    const auto mode = d_.terrain.find(s_.mode);
    if (mode == d_.terrain.end()) return name;
    const auto it = mode->second.find(name);
    if (it == mode->second.end()) return name;
    const TerrainEffect& e = it->second;
    std::string s = name + std::string(" in ") + to_string(s_.mode) + " mode (10.6): ";
    if (!e.as_clear_note.empty()) s += e.as_clear_note + "; ";
    s += "vehicle defense +" + std::to_string(e.vehicle_defense_add);
    if (e.soft_defense) s += ", soft-target defense " + std::to_string(*e.soft_defense);
    if (e.soft_defense_add) s += ", soft-target defense +" + std::to_string(e.soft_defense_add);
    s += e.obstructs ? ", blocks line of sight (10.21)" : ", does not block line of sight";
    return s;
}

// =====================================================================================
// 3. inputs
// =====================================================================================

bool SpiTankPanel::unit_picker(const char* id, std::string* unit, bool allow_infantry, std::string* filter) {
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
        for (const auto& n : d_.unit_names()) {
            if (!allow_infantry && same_name(n, "infantry")) continue;
            bool match = f.empty() || normalize_name(n).find(f) != std::string::npos;
            if (const Unit* u = d_.find_unit(n))
                for (const auto& a : u->aliases) match |= !f.empty() && normalize_name(a).find(f) != std::string::npos;
            if (match) shown.push_back(n);
        }
        if (enter && !shown.empty()) {
            changed = !same_name(*unit, shown.front());
            *unit = shown.front();
            ImGui::CloseCurrentPopup();
        }
        const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV;
        if (ImGui::BeginTable("##units", 8, tf)) {
            for (const char* h : {"Unit", "Def F/S/R", "AP", "HE", "MA", "Range", "FC", ""})
                ImGui::TableSetupColumn(h);
            ImGui::TableHeadersRow();
            for (const auto& n : shown) {
                const Unit* u = d_.find_unit(n);
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                const bool sel = same_name(n, *unit);
                if (ImGui::Selectable(n.c_str(), sel, ImGuiSelectableFlags_SpanAllColumns) && !sel) {
                    *unit = n;
                    changed = true;
                }
                if (sel && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
                if (!u) {
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
    // The chart row under the picker, so the referee sees the numbers without opening it.
    ImGui::PushStyleColor(ImGuiCol_Text, ui::dim_text());
    ImGui::TextWrapped("%s", unit_summary(d_, *unit).c_str());
    ImGui::PopStyleColor();
    return changed;
}

bool SpiTankPanel::draw_inputs(PanelContext& ctx) {
    bool changed = false;
    // Labels take a fixed column, narrower when the panel is narrow (large UI scale).
    const float label_w = std::min(ImGui::GetFontSize() * 9.0f, ImGui::GetContentRegionAvail().x * 0.34f);
    auto label = [&](const char* text) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(text);
        // A label too long for the column gets its own line rather than overlapping the widget.
        if (ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x <= label_w) ImGui::SameLine(label_w);
    };
    auto width = [&](float ems) { ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * ems, ImGui::GetContentRegionAvail().x)); };

    // ---- terrain mode ----
    ui::section("Map");
    label("Terrain mode");
    changed |= enum_radio("mode", &s_.mode, names_of(sys_, "terrain_mode"));
    ui::tip("Terrain mode (10.6): closed, mixed or open country changes what woods and berms do; "
            "in open mode rough, woods and berms count as clear.");

    // ---- firer ----
    ui::section("Firer");
    label("Unit");
    if (unit_picker("##firer", &s_.firer, true, &firer_filter_)) changed = true;
    label("Panic level");
    width(12);
    if (ImGui::SliderInt("##panic", &s_.panic_level, 0, 10, "%d", ImGuiSliderFlags_AlwaysClamp)) changed = true;
    ui::tip("The firing force's panic level (0..10): it picks the Combat Results Table for N and SR "
            "fire control (8.9: 8.91 or 8.92).");
    ui::probe("panic");
    ui::same_line_if_fits(ui::checkbox_width("Preservation"));
    if (ImGui::Checkbox("Preservation", &s_.preservation)) changed = true;
    ui::tip("The force reached its Preservation Level on an earlier turn (15.11): attack strengths are halved.");

    // ---- target ----
    ui::section("Target");
    label("Unit");
    const bool was_vehicle = target_is_vehicle();
    if (unit_picker("##target", &s_.target, true, &target_filter_)) changed = true;
    const bool vehicle = target_is_vehicle();
    // With both hexes and a facing the map decides the aspect (8.7); on a boundary the referee may settle it.
    const Situation fixed = consistent();
    const auto pos = hex_position(d_, fixed);
    const std::vector<Aspect> map_aspects = pos ? pos->aspects : std::vector<Aspect>{};
    const bool map_aspect = vehicle && !map_aspects.empty();
    if (vehicle && !s_.aspect && !map_aspect) s_.aspect = Aspect::front, changed = true;
    if (!vehicle && was_vehicle && s_.aspect) s_.aspect.reset(), changed = true;
    if (map_aspect && s_.aspect && (map_aspects.size() == 1 ||
                                    std::find(map_aspects.begin(), map_aspects.end(), *s_.aspect) == map_aspects.end()))
        s_.aspect.reset(), changed = true;
    s_.moving_mp = std::min(s_.moving_mp, max_moving_mp());

    const float pick = ImGui::GetFontSize() * 10.5f;
    if (vehicle) {
        // What the picker shows: the referee's aspect, else the map's (the stronger/weaker pick on a boundary).
        Aspect shown = s_.aspect.value_or(map_aspects.empty() ? Aspect::front : map_aspects.front());
        if (map_aspect && !s_.aspect && map_aspects.size() == 2)
            shown = boundary_aspect(d_, *d_.find_unit(s_.target), map_aspects[0], map_aspects[1]);
        int a = int(shown);
        ImGui::BeginGroup();
        ImGui::BeginDisabled(map_aspect && map_aspects.size() == 1);
        if (ui::aspect_picker("aspect", &a, float(d_.choices.front_arc_degrees), float(d_.choices.rear_arc_degrees), pick)) {
            const Aspect picked = static_cast<Aspect>(a);
            if (!map_aspect || std::find(map_aspects.begin(), map_aspects.end(), picked) != map_aspects.end()) {
                s_.aspect = picked;
                changed = true;
            }
        }
        ImGui::EndDisabled();
        ui::probe("aspect");
        ui::tip("Defense aspect (8.7): click the sector around the target counter that the firer lies in. "
                "Sector widths come from rules-data [choices] (front " + std::to_string(d_.choices.front_arc_degrees) +
                "\xc2\xb0, rear " + std::to_string(d_.choices.rear_arc_degrees) + "\xc2\xb0, the sides the rest): "
                "the aspect diagram is missing from the rules, so this is Umpire's reading.");
        ImGui::EndGroup();
        ImGui::SameLine();
    }
    ImGui::BeginGroup();
    if (vehicle) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Aspect");
        ImGui::SameLine();
        if (!map_aspect) {
            changed |= enum_radio("aspect_radio", &*s_.aspect, names_of(sys_, "target.aspect"));
            ui::tip("The target aspect the firer lies in (8.7); also chosen by clicking the counter.");
        } else if (map_aspects.size() == 1) {
            ImGui::Text("%s", to_string(map_aspects[0]));
            ImGui::SameLine();
            ImGui::TextDisabled("from the facing (8.7)");
            ui::tip("The firer's hex, the target's hex and its facing decide the aspect (8.7, arcs from rules-data [choices]). "
                    "Clear the facing to choose the aspect by hand.");
        } else {
            const std::string pair = std::string(to_string(map_aspects[0])) + "/" + to_string(map_aspects[1]);
            for (Aspect x : map_aspects) {
                if (ImGui::RadioButton(to_string(x), s_.aspect && *s_.aspect == x)) s_.aspect = x, changed = true;
                ImGui::SameLine();
            }
            ImGui::SameLine();
            if (ImGui::RadioButton("default", !s_.aspect)) {
                if (s_.aspect) changed = true;
                s_.aspect.reset();
            }
            ImGui::TextColored(ui::amber(), "on the %s boundary: referee's call", pair.c_str());
            ui::tip("The firer lies exactly on the boundary between two aspects (8.7; the diagram is missing). "
                    "\"default\" uses rules-data's aspect_on_boundary (" + d_.choices.aspect_on_boundary +
                    "); pick an aspect to settle it.");
        }
    } else {
        ImGui::TextDisabled("Soft target: no aspect (8.1, 10.31)");
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Hex");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    changed |= name_combo("##terrain", &s_.terrain, names_of(sys_, "target.terrain"),
                          [&](const std::string& n) { return terrain_tip(n); });
    ui::tip(terrain_tip(s_.terrain));
    if (ImGui::Checkbox("Improved position", &s_.improved_position)) changed = true;
    ui::tip("The target is dug in (14.4): soft targets only.");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Plotted MP");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    const int max_mp = max_moving_mp();
    if (max_mp == 0) {
        ImGui::TextDisabled("0 (it cannot move)");
    } else if (ImGui::SliderInt("##moving", &s_.moving_mp, 0, max_mp, "%d", ImGuiSliderFlags_AlwaysClamp)) {
        s_.moving_mp = std::clamp(s_.moving_mp, 0, max_mp);
        changed = true;
    }
    ui::tip("Movement Points the target is plotted to expend this turn (8.71); at most its Movement Allowance.");
    ui::probe("moving_mp");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Behind");
    ImGui::SameLine();
    changed |= enum_radio("behind", &s_.behind, names_of(sys_, "target.behind"));
    ui::tip("All fire reaches the target through a berm hexside of its own hex, or through the unsloped side of a "
            "slope hexside with the target on the sloped side (10.5, 10.61).");
    ImGui::EndGroup();

    // ---- line of fire ----
    ui::section("Line of fire");
    changed |= draw_map_hexes();
    label("Range (hexes)");
    width(8);
    if (pos && pos->range > 0) {
        if (s_.range != pos->range) s_.range = pos->range, changed = true;
        ImGui::BeginDisabled();
        int shown_range = pos->range;
        ImGui::InputInt("##range", &shown_range, 0, 0);
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::TextDisabled("counted from the hexes (8.3)");
    } else if (ImGui::InputInt("##range", &s_.range, 1, 5)) {
        s_.range = std::clamp(s_.range, 1, 999);
        changed = true;
    }
    ui::probe("range");
    ui::tip("Range in hexes: the fewest hexes from the firer to the target hex (8.3).");
    if (const Unit* fu = d_.find_unit(s_.firer)) {
        const std::string eff = "effective range " + std::to_string(fu->effective_range);
        ui::same_line_if_fits(ImGui::CalcTextSize(eff.c_str()).x);
        ImGui::TextDisabled("%s", eff.c_str());
        ui::tip("Beyond its effective range a unit's attack strength is halved (8.31).");
    }
    if (ImGui::Checkbox("Target in the firer's field of fire", &s_.in_field_of_fire)) changed = true;
    ui::tip("Clear this when the target lies outside the three-hex front arc (7.21); it matters only for AT guns and "
            "turretless vehicles.");
    label("Friendly in line");
    changed |= enum_radio("friendly", &s_.friendly_in_line, names_of(sys_, "line.friendly_in_line"));
    ui::tip("A friendly unit is in the target hex or a hex the line passes through (8.41).");

    // ---- obstacles ----
    ImGui::Spacing();
    ImGui::TextUnformatted("Obstacles the line meets");
    ui::tip("Every obstructing feature the line of fire meets (10.2): its terrain, whether it is a hex, a hexside or a "
            "hexside the line runs along (10.23, 10.24), and whether it belongs to the firer's or the target's hex.");
    const auto terrains = names_of(sys_, "obstacle terrain");
    const auto ats = names_of(sys_, "obstacle at");
    const auto touches = names_of(sys_, "obstacle touches");
    int remove = -1;
    if (!s_.obstacles.empty() &&
        ImGui::BeginTable("##obstacles", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("Terrain", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("At", ImGuiTableColumnFlags_WidthStretch, 1.3f);
        ImGui::TableSetupColumn("Touches", ImGuiTableColumnFlags_WidthStretch, 1.0f);
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
                const auto& eff = d_.terrain.at(s_.mode);
                const auto e = eff.find(o.terrain);
                const bool side = e != eff.end() && e->second.hexside;
                if (o.at != At::along_hexside) o.at = side ? At::hexside : At::hex;
                changed = true;
            }
            ImGui::TableSetColumnIndex(1);
            ImGui::SetNextItemWidth(-1);
            std::string at = to_string(o.at);
            if (name_combo("##at", &at, ats)) {
                o.at = static_cast<At>(std::find(ats.begin(), ats.end(), at) - ats.begin());
                changed = true;
            }
            ImGui::TableSetColumnIndex(2);
            ImGui::SetNextItemWidth(-1);
            std::string to = to_string(o.touches);
            if (name_combo("##touches", &to, touches)) {
                o.touches = static_cast<Touches>(std::find(touches.begin(), touches.end(), to) - touches.begin());
                changed = true;
            }
            ui::tip("For a hex: the firer or target is in it. For a hexside: it is a side of the firer's or target's hex.");
            ImGui::TableSetColumnIndex(3);
            if (ImGui::SmallButton("remove")) remove = int(i);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    if (remove >= 0) {
        s_.obstacles.erase(s_.obstacles.begin() + remove);
        changed = true;
    }
    if (ImGui::Button("+ Add obstacle")) {
        s_.obstacles.push_back(Obstacle{"woods", At::hex, Touches::none});
        changed = true;
    }
    ui::probe("add_obstacle");

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
            ImGui::PopID();
        }
        if (xremove >= 0) {
            s_.extra_firers.erase(s_.extra_firers.begin() + xremove);
            changed = true;
        }
        ImGui::Spacing();
        if (ImGui::Button("+ Add a firer combining HE")) {
            s_.extra_firers.push_back(ExtraFirer{d_.units.empty() ? std::string("T62") : d_.units.front().name, s_.range});
            changed = true;
        }
        ui::tip("More units firing HE at the same soft target combine their strengths (8.22).");
    }
    (void)ctx;
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
    auto hex_input = [&](const char* id, std::string* text, std::string* into) {
        ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + ImGui::GetStyle().FramePadding.x * 2);
        ImGui::InputTextWithHint(id, "CCRR", text, ImGuiInputTextFlags_CharsDecimal);
        const bool valid = text->empty() || d_.board.parse(*text).has_value();
        bad |= !valid;
        const std::string use = valid ? *text : std::string();
        if (*into != use) *into = use, changed = true;
    };
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Map hexes");
    ImGui::SameLine();
    ImGui::TextDisabled("firer");
    ImGui::SameLine();
    hex_input("##firer_hex", &firer_hex_text_, &s_.firer_hex);
    ui::tip("Optional: the firer's hex number on the map (" + d_.board.describe() + ", e.g. 3704). With the target's "
            "hex the range is counted (8.3) and the ruling lists the hexes and hexsides the line meets (10.2).");
    ui::probe("firer_hex");
    ImGui::SameLine();
    ImGui::TextDisabled("target");
    ImGui::SameLine();
    hex_input("##target_hex", &target_hex_text_, &s_.target_hex);
    ui::tip("Optional: the target's hex number on the map (" + d_.board.describe() + ").");
    ui::probe("target_hex");
    ImGui::SameLine();
    ImGui::TextDisabled("facing");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.2f);
    std::vector<std::string> sides{"-"};
    for (const auto& n : d_.board.side_names) sides.push_back(n);
    std::string facing = s_.facing.empty() ? "-" : s_.facing;
    if (name_combo("##facing", &facing, sides)) {
        s_.facing = facing == "-" ? std::string() : facing;
        changed = true;
    }
    ui::tip("Optional: the hexside the target faces, " + d_.board.side_names.front() +
            " = north, then clockwise. With both hexes it decides the target aspect (8.7).");
    // Wrapped: on a narrow panel the note must not run off the edge.
    auto bad_note = [](const std::string& text) {
        ImGui::PushStyleColor(ImGuiCol_Text, ui::tone_colour(Tone::bad));
        ImGui::TextWrapped("%s", text.c_str());
        ImGui::PopStyleColor();
    };
    if (bad) bad_note("not a hex number on this map (" + d_.board.describe() + "): ignored");
    else if (!s_.firer_hex.empty() && s_.firer_hex == s_.target_hex)
        bad_note("firer and target in the same hex: ignored (range >= 1)");
    else if (s_.firer_hex.empty() != s_.target_hex.empty())
        ImGui::TextDisabled("enter both hexes to count the range");
    return changed;
}

void SpiTankPanel::draw_ruling(PanelContext& ctx, const Ruling& r) {
    ui::verdict_banner(r);
    if (r.referee_call) {
        ImGui::Spacing();
        ui::referee_call_box(r.referee_reasons);
    }
    ImGui::Spacing();

    // ---- the three numbers that decide the column ----
    const char* key_labels[] = {"Attack strength", "Defense strength", "Attack differential"};
    std::vector<const Figure*> cards;
    for (const char* l : key_labels)
        if (const Figure* f = figure(r, l)) cards.push_back(f);
    if (!cards.empty()) {
        const float gap = ImGui::GetStyle().ItemSpacing.x;
        const float w = (ImGui::GetContentRegionAvail().x - gap * float(cards.size() - 1)) / float(cards.size());
        for (std::size_t i = 0; i < cards.size(); ++i) {
            if (i) ImGui::SameLine();
            ImGui::BeginGroup();
            ImGui::PushID(int(i));
            ui::figure_card(*cards[i], w);
            ImGui::PopID();
            ImGui::EndGroup();
        }
        ui::probe("numbers");
    }

    // ---- the other figures (line of sight, table, kill numbers, modifier, spotting), then the odds ----
    ImGui::Spacing();
    const Figure* prob = figure(r, "Kill probability");
    ui::figure_chips(r.figures, {"Attack strength", "Defense strength", "Attack differential", "Kill probability"});
    ui::probe("figures");
    if (const json::Value* p = field(r, "kill_probability"); p && p->is_number()) {
        ui::probability_bar(p->as_double(), "Kill probability " + (prob ? prob->value : std::string()));
        ui::tip("The chance that one die roll, after the modifier, falls in the kill numbers (8.9). Ticks mark sixths.");
        ui::probe("probability");
    }

    // ---- the results table, used row and column lit ----
    const json::Value* table = field(r, "table");
    const json::Value* range = field(r, "range");
    const json::Value* column = field(r, "table_column");
    if (table && table->is_string()) {
        const std::string id = table->as_string();
        const int rng = range && range->is_int() ? int(range->as_int()) : 0;
        ui::Grid g;
        g.id = "##crt";
        g.corner = "Range";
        if (const Crt* c = d_.crt(id)) {
            ui::section(("Combat Results Table " + c->id + ": " + c->title).c_str());
            for (int i = 0; i <= 10; ++i) g.columns.push_back(i == 10 ? "10+" : std::to_string(i));
            g.column_tip = "Attack differential: attack strength minus defense strength, 10 or more in the last column (8.9).";
            for (std::size_t i = 0; i < c->rows.size(); ++i) {
                const auto& row = c->rows[i];
                g.rows.push_back(std::to_string(row.lo) + "-" + std::to_string(row.hi));
                std::vector<std::string> cells;
                for (const auto& k : row.cells) cells.push_back(kills_cell(k));
                g.cells.push_back(cells);
                if (rng >= row.lo && rng <= row.hi) g.lit_row = int(i);
            }
            if (column && column->is_int()) g.lit_column = int(column->as_int());
            ui::results_grid(g);
            ui::probe("crt");
            if (!g.lit_row && rng > c->absolute_range())
                ImGui::TextColored(ui::tone_colour(Tone::bad), "Range %d is beyond this table's last row (%d hexes).", rng,
                                   c->absolute_range());
            if (!g.lit_column && column && column->is_null())
                ImGui::TextColored(ui::dim_text(), "No column: the attack differential is negative or not used (8.9).");
        } else if (id == "8.81") {
            ui::section("Infantry Fire Table 8.81");
            g.columns = {"moving", "stationary"};
            g.column_tip = "Whether the target vehicle moves this turn (8.81).";
            const json::Value* kn = field(r, "kill_numbers");
            const std::string used = kn && kn->is_array() ? [&] {
                std::vector<int> v;
                for (const auto& x : kn->as_array()) v.push_back(int(x.as_int()));
                return kills_cell(v);
            }() : std::string();
            for (std::size_t i = 0; i < d_.infantry.rows.size(); ++i) {
                const auto& row = d_.infantry.rows[i];
                g.rows.push_back(std::to_string(row.range));
                g.cells.push_back({kills_cell(row.moving), kills_cell(row.stationary)});
                if (rng == row.range) {
                    g.lit_row = int(i);
                    // Light the cell the ruling's kill numbers came from when the row tells them apart.
                    const bool m = g.cells.back()[0] == used, st = g.cells.back()[1] == used;
                    if (m != st) g.lit_column = m ? 0 : 1;
                }
            }
            ui::results_grid(g);
            ui::probe("crt");
            if (!g.lit_row)
                ImGui::TextColored(ui::tone_colour(Tone::bad), "Range %d is beyond the table (infantry fires at most %d hexes, 8.82).",
                                   rng, d_.infantry.max_range());
        }
    }

    ui::section("Why");
    ui::explanation(r.explanation, sys_.title().c_str());
    (void)ctx;
}

// =====================================================================================
// 5. registration
// =====================================================================================

std::unique_ptr<Panel> make(const Engine& e) {
    if (!e.get<SpiTank>()) return nullptr;
    return std::make_unique<SpiTankPanel>(e);
}

UMPIRE_REGISTER_PANEL("spi-tank", make);

}  // namespace
}  // namespace umpire::app
