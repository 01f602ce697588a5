// The GF9 TANKS "More Terrain" panel: line of sight (hills, escarpments) or movement (terrain,
// bridges/fords/roads, amphibious). For escarpments the ruling side shows a small top-down sketch
// of the firer, the escarpment edge and the target with the two distances.
//
// Sections
//   1. panel state, load/save
//   2. inputs
//   3. ruling: escarpment sketch, generic ruling
//   4. registration
#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/panel.hpp"
#include "app/panel_util.hpp"
#include "app/widgets.hpp"
#include "engine/gf9_tanks.hpp"

namespace umpire::app {
namespace {

using namespace umpire::gf9;

const std::vector<std::string> kOnHill = {"no", "partly", "wholly"};

std::vector<std::string> names_of(const Gf9Tanks& sys, const std::string& what) {
    for (const auto& [k, v] : sys.names())
        if (k == what) return v;
    return {};
}

// A terrain's tooltip: its house rule and what the rule says, from rules-data.
std::string terrain_tip(const Data& d, const std::string& name) {
    for (const auto& t : d.terrain)
        if (t.name == name) {
            const auto it = d.citations.find(t.rule);
            return t.rule + ": " + (it != d.citations.end() ? it->second : t.label);
        }
    return name;
}

class Gf9Panel final : public Panel {
public:
    explicit Gf9Panel(const Engine& e) : sys_(*e.get<Gf9Tanks>()), d_(sys_.data()) { reset(); }
    std::string system_id() const override { return "gf9-tanks"; }
    toml::table situation() const override {
        toml::table t = to_toml(s_);
        t.erase("title");
        t.erase("notes");
        return t;
    }
    void load(const Table& root) override {
        const std::size_t before = root.sink().diagnostics().size();
        Situation s = parse_situation(d_, root);
        if (root.sink().diagnostics().size() != before) return;
        s.title.clear();
        s.notes.clear();
        s_ = s;
    }
    void reset() override {
        s_ = Situation{};
        s_.move.terrain = {"river"};
    }
    std::vector<std::string> key_order() const override {
        return {"system", "title", "notes", "question", "firer", "target", "line", "move", "on_hill", "on_escarpment",
                "below_escarpment", "hills_between", "partly_hidden", "escarpment_between", "firer_distance_to_escarpment",
                "target_distance_to_escarpment", "terrain", "via", "amphibious"};
    }
    bool draw_inputs(PanelContext& ctx) override;
    void draw_ruling(PanelContext& ctx, const Ruling& r) override;

private:
    bool vehicle(const char* id, Vehicle* v, bool target, float col);
    const Gf9Tanks& sys_;
    const Data& d_;
    Situation s_;
};

bool Gf9Panel::vehicle(const char* id, Vehicle* v, bool target, float col) {
    bool changed = false;
    ImGui::PushID(id);
    util::label("On a hill", col);
    std::string h = kOnHill[std::size_t(v->on_hill)];
    if (util::radio_row("hill", &h, kOnHill)) {
        v->on_hill = OnHill(std::find(kOnHill.begin(), kOnHill.end(), h) - kOnHill.begin());
        changed = true;
    }
    ui::tip("GF9-hills: a vehicle partly or wholly on a hill counts as on it; hill-to-hill fire needs both wholly on");
    changed |= ImGui::Checkbox("on the escarpment", &v->on_escarpment);
    ui::tip("GF9-escarpments: the vehicle is on top of the escarpment");
    if (target) {
        util::same_line_or_wrap(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                                ImGui::CalcTextSize("below the escarpment").x);
        changed |= ImGui::Checkbox("below the escarpment", &v->below_escarpment);
        ui::tip("GF9-escarpments: the target is at the foot of the escarpment");
    }
    ImGui::PopID();
    return changed;
}

bool Gf9Panel::draw_inputs(PanelContext& ctx) {
    bool changed = false;
    const float col = 150 * ctx.scale;
    ui::section("Question");
    std::string q = to_string(s_.question);
    if (util::radio_row("q", &q, {"los", "movement"})) {
        s_.question = q == "los" ? Question::los : Question::movement;
        changed = true;
    }
    if (s_.question == Question::movement) {
        ui::section("Move");
        ImGui::TextUnformatted("Terrain the move enters, crosses or leaves:");
        ui::tip("Each terrain's effect is its house rule (GF9-rough, GF9-creeks, GF9-rivers, GF9-swamps, GF9-canals, "
                "GF9-ditches, GF9-escarpments, GF9-water, GF9-hills); the most restrictive decides");
        changed |= util::checklist("terrain", &s_.move.terrain, names_of(sys_, "move.terrain"), true,
                                   [this](const std::string& n) { return terrain_tip(d_, n); });
        ImGui::TextUnformatted("Via (none ticked: none):");
        ui::tip("The move uses a bridge or ford (GF9-rivers, GF9-canals) or a road (GF9-rough, GF9-swamps); tick "
                "several when a move uses several");
        // "none" is the empty list; as a box beside the others it would make a situation the engine rejects.
        std::vector<std::string> vias = names_of(sys_, "move.via");
        vias.erase(std::remove(vias.begin(), vias.end(), "none"), vias.end());
        s_.move.via.erase(std::remove(s_.move.via.begin(), s_.move.via.end(), "none"), s_.move.via.end());
        changed |= util::checklist("via", &s_.move.via, vias);
        changed |= ImGui::Checkbox("amphibious vehicle", &s_.move.amphibious);
        ui::tip("Amphibious vehicles cross rivers and large water with a single move, but not canals "
                "(GF9-rivers, GF9-water, GF9-canals)");
        return changed;
    }
    auto& l = s_.los;
    ui::section("Firer");
    changed |= vehicle("firer", &l.firer, false, col);
    ui::section("Target");
    changed |= vehicle("target", &l.target, true, col);
    ui::section("Line of sight");
    util::label("Hills between", col);
    changed |= util::int_field("##hills", &l.hills_between, 0, d_.max_hills_between, 140 * ctx.scale);
    ui::tip("Hills the line crosses other than the firer's and the target's own");
    changed |= ImGui::Checkbox("a hill hides only part of the target", &l.partly_hidden);
    ui::tip("GF9-hills: a hill between that hides only part of the target gives it cover (counts as one hill between)");
    changed |= ImGui::Checkbox("same hill", &l.same_hill);
    ui::tip("GF9-hills: the target is on the firer's own hill (or both on the one escarpment)");
    changed |= ImGui::Checkbox("an escarpment lies on the line", &l.escarpment_between);
    ui::tip("GF9-escarpments: the line of sight crosses an escarpment");
    const bool esc = l.escarpment_between || l.firer.on_escarpment || l.target.on_escarpment || l.target.below_escarpment;
    if (esc) {
        for (auto [label, dist] : {std::pair<const char*, std::optional<double>*>{"Firer to edge (in)", &l.firer_distance},
                                   {"Target to edge (in)", &l.target_distance}}) {
            util::label(label, col);
            float v = float(dist->value_or(0.0));
            ImGui::PushID(label);
            ImGui::SetNextItemWidth(140 * ctx.scale);
            if (ImGui::InputFloat("##d", &v, 0.5f, 1.0f, "%.1f")) {
                *dist = std::clamp(double(v), 0.0, d_.max_distance);
                changed = true;
            }
            ImGui::PopID();
        }
    }
    // Added keys (docs/gf9-tanks.md): terrain the line crosses and things only the core rules judge.
    ImGui::TextUnformatted("Terrain the line crosses:");
    ui::tip("Movement terrain under the line of sight: each house rule says what it does to shooting "
            "(cover, block or no effect)");
    changed |= util::checklist("lterrain", &l.terrain, d_.shooting_terrain_names(), false,
                               [this](const std::string& n) { return terrain_tip(d_, n); });
    ImGui::TextUnformatted("Also on the line (the core rules decide):");
    ui::tip("Vehicles, wrecks, woods or buildings on the line are not in \"More Terrain\": "
            "the core TANKS rules judge them (GF9-core), except where a hill-to-hill shot passes over");
    changed |= util::checklist("lobst", &l.obstacles, d_.obstacle_names());
    return changed;
}

// A top-down sketch: the escarpment edge as a vertical line, the firer and target at their
// distances from it, on the sides the situation puts them.
void escarpment_sketch(PanelContext& ctx, const LosSituation& l) {
    const double fd = l.firer_distance.value_or(0.0), td = l.target_distance.value_or(0.0);
    const float w = ImGui::GetContentRegionAvail().x, h = 110 * ctx.scale;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(28, 32, 38, 255), 4.0f);
    const float edge = o.x + w / 2;
    const double span = std::max({fd, td, 1.0});
    const float unit = (w / 2 - 40 * ctx.scale) / float(span);
    // The escarpment's top is to the left of the edge; below is to the right.
    dl->AddRectFilled(ImVec2(o.x, o.y), ImVec2(edge, o.y + h), IM_COL32(60, 52, 40, 255), 4.0f);
    dl->AddLine(ImVec2(edge, o.y), ImVec2(edge, o.y + h), IM_COL32(200, 160, 90, 255), 3.0f * ctx.scale);
    dl->AddText(ImVec2(o.x + 6, o.y + 4), IM_COL32(200, 160, 90, 255), "on the escarpment");
    dl->AddText(ImVec2(edge + 6, o.y + 4), IM_COL32(160, 160, 160, 255), "below");
    auto side_x = [&](bool on_top, double d) { return on_top ? edge - float(d) * unit : edge + float(d) * unit; };
    const bool f_top = l.firer.on_escarpment, t_top = l.target.on_escarpment && !l.target.below_escarpment;
    const ImVec2 f(side_x(f_top, fd), o.y + h * 0.45f), t(side_x(t_top, td), o.y + h * 0.7f);
    dl->AddLine(f, t, IM_COL32(240, 240, 240, 255), 1.5f * ctx.scale);
    dl->AddCircleFilled(f, 7 * ctx.scale, IM_COL32(90, 160, 230, 255));
    dl->AddCircleFilled(t, 7 * ctx.scale, IM_COL32(230, 90, 90, 255));
    char buf[64];
    std::snprintf(buf, sizeof buf, "firer %.1f\"", fd);
    dl->AddText(ImVec2(f.x - 30 * ctx.scale, f.y - 24 * ctx.scale), IM_COL32(90, 160, 230, 255), buf);
    std::snprintf(buf, sizeof buf, "target %.1f\"", td);
    dl->AddText(ImVec2(t.x - 30 * ctx.scale, t.y + 10 * ctx.scale), IM_COL32(230, 90, 90, 255), buf);
    ImGui::Dummy(ImVec2(w, h));
    ui::tip("GF9-escarpments: distances are measured to the escarpment along the line of sight");
}

void Gf9Panel::draw_ruling(PanelContext& ctx, const Ruling& r) {
    ui::verdict_banner(r);
    if (r.referee_call) ui::referee_call_box(r.referee_reasons);
    const auto& l = s_.los;
    if (s_.question == Question::los &&
        (l.escarpment_between || l.firer.on_escarpment || l.target.on_escarpment || l.target.below_escarpment)) {
        ui::section("Escarpment (top-down)");
        escarpment_sketch(ctx, l);
    }
    ui::section("Figures");
    ui::figure_table("##figures", r.figures);
    ui::section("Why");
    ui::explanation(r.explanation, sys_.title().c_str());
}

std::unique_ptr<Panel> make(const Engine& e) {
    if (!e.get<Gf9Tanks>()) return nullptr;
    return std::make_unique<Gf9Panel>(e);
}
UMPIRE_REGISTER_PANEL("gf9-tanks", make);

}  // namespace
}  // namespace umpire::app
