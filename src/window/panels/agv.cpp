// The A Great Victory! panel: movement (unit type, action, terrain features, the features it
// starts in, road), missile and
// artillery fire (firer, dice, each target stand's features) and hand-to-hand (the charger's dice,
// the features defended and crossed). The ruling side is the shared layout.
//
// Sections
//   1. panel state, load/save
//   2. inputs per question
//   3. registration
#include <imgui.h>

#include <algorithm>
#include <initializer_list>

#include "window/panels/form.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "games/agv/view.hpp"

namespace umpire::app {
namespace {

using view::AgvChoices;

// =====================================================================================
// 1. panel state, load/save
// =====================================================================================

struct Stand {
    std::vector<std::string> in, between, apart, not_between, behind_own;
};

struct Inputs {
    std::string question = "movement";  // movement | fire | melee
    // movement
    std::string type = "foot";
    std::optional<bool> packed;  // artillery only
    std::string action = "move";
    std::vector<std::string> terrain;
    std::vector<std::string> starts_in;  // the features of `terrain` the unit starts in (it leaves them)
    bool on_road = false;
    std::vector<std::string> beside_road;  // the features of `terrain` the road does not pass through
    std::optional<bool> block;
    // fire
    std::string firer = "foot";
    std::vector<std::string> firer_in, wholly_in;
    int fire_dice = 1;
    std::string target = "foot";
    std::vector<Stand> stands;
    // melee
    int melee_dice = 1;
    std::vector<std::string> charger_in, defender_in, crossed;
};

Form<Inputs> form() {
    const auto movement = [](const Inputs& s) { return s.question == "movement"; };
    const auto fire = [](const Inputs& s) { return s.question == "fire"; };
    const auto melee = [](const Inputs& s) { return s.question == "melee"; };
    Form<Stand> stand;
    stand.field("in", &Stand::in).field("between", &Stand::between).field("apart", &Stand::apart);
    stand.field("not_between", &Stand::not_between).field("behind_own", &Stand::behind_own);
    Form<Inputs> f;
    f.field("question", &Inputs::question)
        .field("unit.type", &Inputs::type, movement)
        .field("unit.packed", &Inputs::packed, movement)
        .field("unit.block", &Inputs::block, movement)
        .field("move.action", &Inputs::action, movement)
        .field("move.terrain", &Inputs::terrain, movement)
        .field("move.starts_in", &Inputs::starts_in, [](const Inputs& s) { return s.question == "movement" && !s.starts_in.empty(); })
        .field("move.on_road", &Inputs::on_road, movement)
        .field("move.beside_road", &Inputs::beside_road, [](const Inputs& s) { return s.question == "movement" && s.on_road && !s.beside_road.empty(); })
        .both("type", &Inputs::firer, &Inputs::target, fire)
        .field("firer.in", &Inputs::firer_in, fire)
        .field("firer.wholly_in", &Inputs::wholly_in, fire)
        .field("firer.dice", &Inputs::fire_dice, fire)
        .list("stand", &Inputs::stands, stand, fire)
        .field("charger.dice", &Inputs::melee_dice, melee)
        .field("charger.in", &Inputs::charger_in, melee)
        .field("defender.in", &Inputs::defender_in, melee)
        .field("defender.crossed", &Inputs::crossed, melee);
    return f;
}

class AgvPanel final : public FormPanel<Inputs> {
public:
    explicit AgvPanel(const Engine& e)
        : FormPanel(e, "agv", form(),
                    {"system", "title", "notes", "question", "unit", "move", "firer", "target", "stand", "charger", "defender",
                     "type", "packed", "action", "terrain", "starts_in", "on_road", "beside_road", "in", "wholly_in", "between", "apart",
                     "not_between", "behind_own", "dice", "crossed"}) {
        spaced_call_ = true;  // the generic layout
    }
    bool draw_inputs(PanelContext& ctx) override;

    // What every question's inputs share: the features' tips and words, their names, the label column.
    struct Words {
        util::NameTip tip;
        util::Say say;
        std::vector<std::string> features;
        float col = 0;
    };

protected:
    Inputs defaults() const override {
        Inputs s;  // nothing assumed: open ground, no feature named
        s.fire_dice = 4;
        s.stands = {Stand{}};
        s.melee_dice = 6;
        return s;
    }

private:
    bool draw_movement(const Words& w);
    bool draw_road();
    bool draw_fire(PanelContext& ctx, const Words& w);
    bool draw_stand(std::size_t i, const Words& w, int* remove);
    bool draw_melee(PanelContext& ctx, const Words& w);
    // The names in `lists` that pass `keep` and that the firer is also in, each once, in order.
    std::vector<std::string> firer_also_in(std::initializer_list<const std::vector<std::string>*> lists,
                                           bool (*keep)(const std::string&)) const {
        std::vector<std::string> out;
        for (const auto* list : lists)
            for (const auto& n : *list)
                if (keep(n) && std::find(s_.firer_in.begin(), s_.firer_in.end(), n) != s_.firer_in.end() &&
                    std::find(out.begin(), out.end(), n) == out.end())
                    out.push_back(n);
        return out;
    }
    // A list narrowing another (which of the features named are beside the road, a different one,
    // not between...): nothing when `names` is empty, else a dim `heading` with its tooltip `tip`
    // over a checklist of `names`, each name's tip `before` + its words + `after`.
    bool narrowing(const char* id, std::vector<std::string>* v, const std::vector<std::string>& names, bool repeats, const char* heading,
                   const char* tip, const char* before, const char* after);
};

// =====================================================================================
// 2. inputs per question
// =====================================================================================

// The tooltip of each of the panel's own option words (a feature's comes from rules-data).
const util::WordTip kQuestionTips[] = {
    {"movement", "Movement (AGV-movement): may the unit enter, cross or leave the features named, and at what rate"},
    {"fire", "Missile and artillery fire (AGV-firing, AGV-cover): can each target stand be fired at, and has it cover"},
    {"melee", "Hand-to-hand (AGV-hand-to-hand): the charger's dice after the features the defender holds"},
};
const util::WordTip kUnitTips[] = {
    {"foot", "Foot (AGV-movement): the feature tables' foot column; only foot stands take cover in a ditch (AGV-ditches)"},
    {"mounted", "Mounted (AGV-movement): the feature tables' mounted column"},
    {"elephant", "Elephants (AGV-movement): the feature tables' elephant column"},
    {"artillery", "Artillery (AGV-movement): the feature tables' artillery column; packed or not matters at streams (AGV-streams)"},
    {"light-artillery", "Light artillery (AGV-cover): moves as artillery, but a stone wall gives cover against its fire, not against heavier artillery's"},
};
// A unit's type ("Type" in the label column): one radio per type, with the types' tips.
bool unit_type_row(const char* id, std::string* v, const std::vector<std::string>& types, const AgvPanel::Words& w) {
    util::label("Type", w.col);
    return util::radio_row(id, v, types, w.say, util::tips_of(kUnitTips));
}
const util::WordTip kActionTips[] = {
    {"move", "A normal move (AGV-movement): the features' rates apply"},
    {"charge", "A charge into contact (AGV-movement): some features forbid it (e.g. AGV-streams, AGV-hedges-walls)"},
    {"intercept", "An intercept move (AGV-movement): some features forbid it or slow it (e.g. AGV-streams, AGV-rough-ground)"},
};

bool AgvPanel::draw_inputs(PanelContext& ctx) {
    const AgvChoices& c = choices<AgvChoices>();
    const Words w{[&c](const std::string& n) { return c.tip(n); }, [&c](const std::string& n) { return c.say(n); },
                  c.feature_names(), 150 * ctx.scale};
    ui::section("Question");
    bool changed = util::radio_row("question", &s_.question, c.questions, w.say, util::tips_of(kQuestionTips));
    if (s_.question == "movement") changed |= draw_movement(w);
    else if (s_.question == "fire") changed |= draw_fire(ctx, w);
    else changed |= draw_melee(ctx, w);
    return changed;
}

// The names, each once, in order.
std::vector<std::string> unique(const std::vector<std::string>& v) {
    std::vector<std::string> out;
    for (const auto& n : v)
        if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    return out;
}

// Names that must stay among others: drops from *v every name not in `allowed` (a starts_in not
// in the terrain, a wholly_in the firer is not in). True when any was dropped.
bool keep_within(std::vector<std::string>* v, const std::vector<std::string>& allowed) {
    const auto before = v->size();
    v->erase(std::remove_if(v->begin(), v->end(),
                            [&](const std::string& n) { return std::find(allowed.begin(), allowed.end(), n) == allowed.end(); }),
             v->end());
    return v->size() != before;
}

// AGV-movement: the unit (type, packed artillery), its action, the features it meets, the road.
bool AgvPanel::draw_movement(const Words& w) {
    bool changed = false;
    const AgvChoices& c = choices<AgvChoices>();
    auto& m = s_;
    ui::section("Unit");
    changed |= unit_type_row("type", &m.type, c.unit_types, w);
    if (m.type == "artillery") {
        // Left out, packed reads as false (unpacked), the contract's default (docs/agv.md).
        bool packed = m.packed.value_or(false);
        if (util::checkbox("packed (limbered)", &packed, "AGV-streams: an unpacked artillery unit cannot enter a stream")) {
            m.packed = packed;
            changed = true;
        }
    }
    util::label("Action", w.col);
    changed |= util::radio_row("action", &m.action, c.actions, w.say, util::tips_of(kActionTips));
    ui::section("Terrain entered, crossed or left");
    changed |= util::checklist("terrain", &m.terrain, w.features, false, w.tip, w.say);
    // Only features named above can be started in: drop any that were unticked there.
    changed |= keep_within(&m.starts_in, m.terrain);
    if (!m.terrain.empty()) {
        std::vector<std::string> named;
        for (const auto& n : w.features)
            if (std::find(m.terrain.begin(), m.terrain.end(), n) != m.terrain.end()) named.push_back(n);
        changed |= util::headed_checklist("Of these, the unit starts in:",
                                          "AGV-movement: a move that starts in a feature leaves it (the explanation says so); the effect is "
                                          "the same as entering or crossing it",
                                          "starts_in", &m.starts_in, named, false, w.tip, w.say);
    }
    return changed | draw_road();
}

// AGV-roads: moving along a road, and whether the unit is in block formation.
bool AgvPanel::draw_road() {
    auto& m = s_;
    bool changed = util::checkbox("moving along a road", &m.on_road,
                                  "AGV-roads: a unit in block formation moving along a road ignores the terrain the road passes through");
    if (!m.on_road) return changed;
    util::same_line_or_wrap(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                            ImGui::CalcTextSize("in block formation").x);
    bool block = m.block.value_or(true);
    if (util::checkbox("in block formation", &block,
                       "AGV-roads: a multi-stand unit not in block formation cannot follow a road, so the road then "
                       "ignores nothing ([unit] block)")) {
        m.block = block;
        changed = true;
    }
    // beside_road: features of the terrain named that the road does not pass through (AGV-roads
    // ignores only the terrain the road passes through); it must stay a subset of `terrain`.
    keep_within(&m.beside_road, m.terrain);
    changed |= narrowing("beside", &m.beside_road, unique(m.terrain), true, "beside the road, not passed through by it:",
                         "AGV-roads: the unit ignores only the terrain the road passes through; a feature beside the road that it "
                         "touches still applies ([move] beside_road)",
                         "AGV-roads: the road does not pass through this ", ", so it applies ([move] beside_road)");
    return changed;
}

// AGV-firing, AGV-cover: the firer (type, dice, features it is in), the target type and its stands.
bool AgvPanel::draw_fire(PanelContext& ctx, const Words& w) {
    bool changed = false;
    const AgvChoices& c = choices<AgvChoices>();
    auto& f = s_;
    ui::section("Firer");
    changed |= unit_type_row("ftype", &f.firer, c.firer_types, w);
    changed |= util::labelled_int("Dice", w.col, "##dice", &f.fire_dice, 1, c.max_dice, 140 * ctx.scale,
                                  "Dice the unit would normally use; cover halves them, rounded down (AGV-cover)");
    changed |= util::headed_checklist("In or touching:", nullptr, "fin", &f.firer_in, w.features, false, w.tip, w.say);
    // wholly_in marks which of those features the stand is wholly within (AGV-firing: it may
    // then fire only into and through that wood or village); it must stay a subset of `in`.
    keep_within(&f.wholly_in, f.firer_in);
    if (!f.firer_in.empty()) {
        ImGui::TextDisabled("wholly within (not just partly in):");
        ui::tip("AGV-firing: a stand wholly within a wood or village fires only into and through it; partly in, it may fire out");
        changed |= util::checklist("fwholly", &f.wholly_in, f.firer_in, false, [&c](const std::string& n) {
            return "AGV-firing: wholly within this " + c.say(n) + ", the stand fires only into and through it; cleared, it is partly in and may fire out";
        }, w.say);
    }
    ui::section("Target unit");
    changed |= unit_type_row("ttype", &f.target, c.unit_types, w);
    int remove = -1;
    for (std::size_t i = 0; i < f.stands.size(); ++i) {
        ImGui::PushID(int(i));
        changed |= draw_stand(i, w, &remove);
        ImGui::PopID();
    }
    changed |= util::remove_then_add(&f.stands, remove, "+ Add stand", "AGV-cover: the unit claims cover only if every stand that can be fired at can",
                                     [&f] {
                                         f.stands.push_back(Stand{});
                                         return true;
                                     });
    return changed;
}

// AGV-cover: one target stand: the features it is in, those between it and the firer, and which
// of the features it shares with the firer are different ones. Sets *remove to `i` on "remove".
bool AgvPanel::draw_stand(std::size_t i, const Words& w, int* remove) {
    bool changed = false;
    Stand& st = s_.stands[i];
    ImGui::Text("Stand %d", int(i) + 1);
    ImGui::SameLine();
    if (s_.stands.size() > 1 && ImGui::SmallButton("remove")) *remove = int(i);
    ImGui::TextDisabled("in or touching:");
    changed |= util::checklist("in", &st.in, w.features, false, w.tip, w.say);
    ImGui::TextDisabled("between the firer and this stand:");
    changed |= util::checklist("between", &st.between, w.features, true, w.tip, w.say);
    // apart: names of this stand's features (in or between) the firer is also in, that are
    // different features (a wood of its own, another hill); it must stay a subset of those.
    const std::vector<std::string> shared = firer_also_in({&st.in, &st.between}, [](const std::string&) { return true; });
    keep_within(&st.apart, shared);
    changed |= narrowing("apart", &st.apart, shared, false, "a different one from the firer's (not the same feature):",
                         "AGV-cover, AGV-hills: a feature the firer is also in gives this stand no cover and does not hide it unless it "
                         "is a different feature of the same kind ([[stand]] apart)",
                         "AGV-cover: this stand's ", " is a different one from the firer's ([[stand]] apart)");
    // not_between: features the stand touches that do not lie between it and the firer.
    keep_within(&st.not_between, st.in);
    changed |= narrowing("notbetween", &st.not_between, unique(st.in), true, "touched, but not between it and the firer (behind or beside it):",
                         "AGV-cover: the feature giving cover must lie between the two stands ([[stand]] not_between)", "AGV-cover: this ",
                         " is behind or beside the stand, so it gives no cover ([[stand]] not_between)");
    // behind_own: the firer's own hill or contour rising between them (higher ground of it).
    const std::vector<std::string> own_between =
        firer_also_in({&st.between}, [](const std::string& n) { return n == "hill" || n == "contour"; });
    keep_within(&st.behind_own, own_between);
    changed |= narrowing("behind", &st.behind_own, own_between, false, "the firer's own, rising between them (the stand is behind it):",
                         "AGV-hills, AGV-contours: fire off a hill is not stopped, but a stand behind its higher ground cannot be seen "
                         "([[stand]] behind_own); unticked, the referee's call",
                         "AGV-hills: higher ground of the firer's own ", " lies between them ([[stand]] behind_own)");
    ImGui::Separator();
    return changed;
}

bool AgvPanel::narrowing(const char* id, std::vector<std::string>* v, const std::vector<std::string>& names, bool repeats,
                         const char* heading, const char* tip, const char* before, const char* after) {
    if (names.empty()) return false;
    const AgvChoices& c = choices<AgvChoices>();
    ui::wrapped(ui::dim_text(), heading);
    ui::tip(tip);
    return util::checklist(id, v, names, repeats, [&c, before, after](const std::string& n) { return before + c.say(n) + after; },
                           [&c](const std::string& n) { return c.say(n); });
}

// AGV-hand-to-hand: the charger's dice and features, the defender's, and those the charger crossed.
bool AgvPanel::draw_melee(PanelContext& ctx, const Words& w) {
    bool changed = false;
    const AgvChoices& c = choices<AgvChoices>();
    auto& m = s_;
    ui::section("Charger");
    changed |= util::labelled_int("Dice", w.col, "##cdice", &m.melee_dice, 1, c.max_dice, 140 * ctx.scale,
                                  "The charger's dice for hand-to-hand (AGV-hand-to-hand)");
    changed |= util::headed_checklist("In:", nullptr, "cin", &m.charger_in, w.features, false, w.tip, w.say);
    ui::section("Defender");
    changed |= util::headed_checklist("In or in contact with:", nullptr, "din", &m.defender_in, w.features, false, w.tip, w.say);
    changed |= util::headed_checklist("Crossed by the charger to reach contact:",
                                      "AGV-hand-to-hand: each feature defended that the charger crossed halves its dice, for the next phase only",
                                      "crossed", &m.crossed, w.features, false, w.tip, w.say);
    return changed;
}

// =====================================================================================
// 3. registration
// =====================================================================================

UMPIRE_REGISTER_PANEL("agv", [](const Engine& e) { return make_panel<AgvPanel>(e, "agv"); });

}  // namespace
}  // namespace umpire::app
