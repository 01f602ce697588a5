// The A Great Victory! panel: movement (unit type, action, terrain features, road), missile and
// artillery fire (firer, dice, each target stand's features) and hand-to-hand (the charger's dice,
// the features defended and crossed). The ruling side is the shared layout.
//
// Sections
//   1. panel state, load/save
//   2. inputs per question
//   3. registration
#include <imgui.h>

#include <algorithm>

#include "app/panel.hpp"
#include "app/panel_util.hpp"
#include "app/widgets.hpp"
#include "engine/agv.hpp"

namespace umpire::app {
namespace {

using namespace umpire::agv;

template <class E>
bool enum_row(const char* id, E* v, const std::vector<std::string>& names) {
    std::string s = names[std::size_t(*v)];
    if (!util::radio_row(id, &s, names)) return false;
    *v = E(std::find(names.begin(), names.end(), s) - names.begin());
    return true;
}

class AgvPanel final : public Panel {
public:
    explicit AgvPanel(const Engine& e) : sys_(*e.get<Agv>()), d_(sys_.data()) { reset(); }
    std::string system_id() const override { return "agv"; }
    toml::table situation() const override {
        toml::table t = to_toml(s_);
        t.erase("title");
        return t;
    }
    void load(const Table& root) override {
        const std::size_t before = root.sink().diagnostics().size();
        Situation s = parse_situation(d_, root);
        if (root.sink().diagnostics().size() != before) return;
        s.title.clear();
        s_ = s;
    }
    void reset() override {
        s_ = Situation{};
        s_.movement.terrain = {"woods"};
        s_.fire.dice = 4;
        s_.fire.stands = {Stand{}};
        s_.melee.dice = 6;
    }
    std::vector<std::string> key_order() const override {
        return {"system", "title", "notes", "question", "unit", "move", "firer", "target", "stand", "charger", "defender",
                "type", "packed", "action", "terrain", "on_road", "in", "wholly_in", "between", "dice", "crossed"};
    }
    bool draw_inputs(PanelContext& ctx) override;

private:
    // A feature's tooltip: its rule and what the rule covers, from rules-data.
    std::string feature_tip(const std::string& name) const {
        const Feature* f = d_.find(name);
        if (!f) return name;
        const auto it = d_.citations.find(f->cite);
        return f->cite + ": " + (it != d_.citations.end() ? it->second : f->label);
    }
    const Agv& sys_;
    const Data& d_;
    Situation s_;
};

bool AgvPanel::draw_inputs(PanelContext& ctx) {
    bool changed = false;
    const util::NameTip tip = [this](const std::string& n) { return feature_tip(n); };
    const float col = 150 * ctx.scale;
    const auto features = d_.feature_names();
    ui::section("Question");
    changed |= enum_row("question", &s_.question, question_names());
    if (s_.question == Question::movement) {
        auto& m = s_.movement;
        ui::section("Unit");
        util::label("Type", col);
        changed |= enum_row("type", &m.type, unit_type_names());
        ui::tip("AGV-movement: each feature's effect depends on the unit type (hover a feature for its rule)");
        if (m.type == UnitType::artillery) {
            // Left out, packed reads as false (unpacked), the contract's default (docs/agv.md).
            bool packed = m.packed.value_or(false);
            if (ImGui::Checkbox("packed (limbered)", &packed)) {
                m.packed = packed;
                changed = true;
            }
            ui::tip("AGV-streams: an unpacked artillery unit cannot enter a stream");
        }
        util::label("Action", col);
        changed |= enum_row("action", &m.action, action_names());
        ui::tip("AGV-movement: some features forbid charging or intercepting (e.g. AGV-streams, AGV-hedges-walls)");
        ui::section("Terrain entered, crossed or left");
        changed |= util::checklist("terrain", &m.terrain, features, false, tip);
        changed |= ImGui::Checkbox("moving along a road", &m.on_road);
        ui::tip("AGV-roads: a unit in block formation moving along a road ignores the terrain the road passes through");
        if (m.on_road) {
            util::same_line_or_wrap(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                                    ImGui::CalcTextSize("in block formation").x);
            bool block = m.block.value_or(true);
            if (ImGui::Checkbox("in block formation", &block)) {
                m.block = block;
                changed = true;
            }
            ui::tip("AGV-roads: a multi-stand unit not in block formation cannot follow a road, so the road then "
                    "ignores nothing ([unit] block)");
        }
    } else if (s_.question == Question::fire) {
        auto& f = s_.fire;
        ui::section("Firer");
        util::label("Type", col);
        changed |= enum_row("ftype", &f.firer, firer_type_names());
        ui::tip("AGV-cover: which features give cover depends on the firer (walls against light artillery, ...)");
        util::label("Dice", col);
        changed |= util::int_field("##dice", &f.dice, 1, 1000, 140 * ctx.scale);
        ui::tip("Dice the unit would normally use; cover halves them, rounded down (AGV-cover)");
        ImGui::TextUnformatted("In or touching:");
        changed |= util::checklist("fin", &f.firer_in, features, false, tip);
        // wholly_in marks which of those features the stand is wholly within (AGV-firing: it may
        // then fire only into and through that wood or village); it must stay a subset of `in`.
        f.wholly_in.erase(std::remove_if(f.wholly_in.begin(), f.wholly_in.end(),
                                         [&](const std::string& w) {
                                             return std::find(f.firer_in.begin(), f.firer_in.end(), w) == f.firer_in.end();
                                         }),
                          f.wholly_in.end());
        if (!f.firer_in.empty()) {
            ImGui::TextDisabled("wholly within (not just partly in):");
            ui::tip("AGV-firing: a stand wholly within a wood or village fires only into and through it; partly in, it may fire out");
            changed |= util::checklist("fwholly", &f.wholly_in, f.firer_in);
        }
        ui::section("Target unit");
        util::label("Type", col);
        changed |= enum_row("ttype", &f.target, unit_type_names());
        ui::tip("AGV-ditches: only foot stands take cover in a ditch; elsewhere the target type does not matter");
        int remove = -1;
        for (std::size_t i = 0; i < f.stands.size(); ++i) {
            ImGui::PushID(int(i));
            ImGui::Text("Stand %d", int(i) + 1);
            ImGui::SameLine();
            if (f.stands.size() > 1 && ImGui::SmallButton("remove")) remove = int(i);
            ImGui::TextDisabled("in or touching:");
            changed |= util::checklist("in", &f.stands[i].in, features, false, tip);
            ImGui::TextDisabled("between the firer and this stand:");
            changed |= util::checklist("between", &f.stands[i].between, features, true, tip);
            // apart: names both this stand and the firer are in that are different features (a wood of
            // its own); it must stay a subset of both lists.
            Stand& st = f.stands[i];
            std::vector<std::string> shared;
            for (const auto& n : st.in)
                if (std::find(f.firer_in.begin(), f.firer_in.end(), n) != f.firer_in.end() &&
                    std::find(shared.begin(), shared.end(), n) == shared.end())
                    shared.push_back(n);
            st.apart.erase(std::remove_if(st.apart.begin(), st.apart.end(),
                                          [&](const std::string& a) {
                                              return std::find(shared.begin(), shared.end(), a) == shared.end();
                                          }),
                           st.apart.end());
            if (!shared.empty()) {
                ImGui::TextDisabled("a different one from the firer's (not the same feature):");
                ui::tip("AGV-cover: a feature the firer is also in gives this stand no cover unless it is a different "
                        "feature of the same kind ([[stand]] apart)");
                changed |= util::checklist("apart", &st.apart, shared);
            }
            ImGui::Separator();
            ImGui::PopID();
        }
        if (remove >= 0) {
            f.stands.erase(f.stands.begin() + remove);
            changed = true;
        }
        if (ImGui::Button("+ Add stand")) {
            f.stands.push_back(Stand{});
            changed = true;
        }
        ui::tip("AGV-cover: the unit claims cover only if every stand that can be fired at can");
    } else {
        auto& m = s_.melee;
        ui::section("Charger");
        util::label("Dice", col);
        changed |= util::int_field("##cdice", &m.dice, 1, 1000, 140 * ctx.scale);
        ui::tip("The charger's dice for hand-to-hand (AGV-hand-to-hand)");
        ImGui::TextUnformatted("In:");
        changed |= util::checklist("cin", &m.charger_in, features, false, tip);
        ui::section("Defender");
        ImGui::TextUnformatted("In or in contact with:");
        changed |= util::checklist("din", &m.defender_in, features, false, tip);
        ImGui::TextUnformatted("Crossed by the charger to reach contact:");
        ui::tip("AGV-hand-to-hand: each feature defended that the charger crossed halves its dice, for the next phase only");
        changed |= util::checklist("crossed", &m.crossed, features, false, tip);
    }
    return changed;
}

std::unique_ptr<Panel> make(const Engine& e) {
    if (!e.get<Agv>()) return nullptr;
    return std::make_unique<AgvPanel>(e);
}
UMPIRE_REGISTER_PANEL("agv", make);

}  // namespace
}  // namespace umpire::app
