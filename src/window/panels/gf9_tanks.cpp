// The GF9 TANKS "More Terrain" panel: line of sight (hills, escarpments) or movement (terrain,
// bridges/fords/roads, amphibious). For escarpments the ruling side shows a small top-down sketch
// of the firer, the escarpment edge and the target with the two distances. A distance left empty
// is "not given" (not written: the engine names the missing key); 0 is 0.
//
// Sections
//   1. panel state, load/save
//   2. inputs
//   3. ruling: escarpment sketch, generic ruling
//   4. registration
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "window/panels/form.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "games/gf9_tanks/view.hpp"

namespace umpire::app {
namespace {

using view::Gf9Choices;
using view::Gf9Name;

// =====================================================================================
// 1. panel state, load/save
// =====================================================================================

struct Vehicle {
    std::string on_hill = "no";
    bool on_escarpment = false;
    bool below_escarpment = false;  // target only
};

struct Inputs {
    std::string question = "los";
    // question = "los"
    Vehicle firer, target;
    int hills_between = 0;
    bool partly_hidden = false, escarpment_between = false, same_hill = false;
    std::optional<double> firer_distance, target_distance;  // inches to the escarpment
    std::vector<std::string> line_terrain, line_obstacles;
    toml::array further;  // [[escarpment]] (further escarpments): kept as loaded, no inputs for it here
    std::string escarpment_name;  // line.escarpment_name (names its further crossings): kept as loaded, no input
    // question = "movement"
    std::vector<std::string> move_terrain;
    std::vector<std::string> via;  // empty: "none"
    std::vector<std::string> without_via;  // kept as loaded, no input for it here
    bool amphibious = false;
};

std::vector<std::string> names_of(const std::vector<Gf9Name>& v) {
    std::vector<std::string> out;
    for (const auto& n : v) out.push_back(n.name);
    return out;
}

Form<Inputs> form() {
    const auto los = [](const Inputs& s) { return s.question == "los"; };
    const auto move = [](const Inputs& s) { return s.question == "movement"; };
    Form<Inputs> f;
    f.field("question", &Inputs::question)
        .custom([](const toml::table& t, Inputs& s) {
                    for (auto [key, v] : {std::pair<const char*, Vehicle*>{"firer", &s.firer}, {"target", &s.target}}) {
                        if (const toml::node* n = node_at(t, std::string(key) + ".on_hill"); n && n->is_string()) v->on_hill = n->as_string()->get();
                        for (auto [k, b] : {std::pair<const char*, bool*>{"on_escarpment", &v->on_escarpment}, {"below_escarpment", &v->below_escarpment}})
                            if (const toml::node* n = node_at(t, std::string(key) + "." + k); n && n->is_boolean()) *b = n->as_boolean()->get();
                    }
                },
                [](const Inputs& s, toml::table& t) {
                    t.insert_or_assign("firer", toml::table{{"on_hill", s.firer.on_hill}, {"on_escarpment", s.firer.on_escarpment}});
                    t.insert_or_assign("target", toml::table{{"on_hill", s.target.on_hill}, {"on_escarpment", s.target.on_escarpment},
                                                             {"below_escarpment", s.target.below_escarpment}});
                },
                los)
        .field("line.hills_between", &Inputs::hills_between, los)
        .field("line.partly_hidden", &Inputs::partly_hidden, los)
        .field("line.escarpment_between", &Inputs::escarpment_between, los)
        .field("line.firer_distance_to_escarpment", &Inputs::firer_distance, los)
        .field("line.target_distance_to_escarpment", &Inputs::target_distance, los)
        .field("line.same_hill", &Inputs::same_hill, los)
        .field("line.terrain", &Inputs::line_terrain, los)
        .field("line.obstacles", &Inputs::line_obstacles, los)
        .custom([](const toml::table& t, Inputs& s) {
                    const toml::node* n = t.get("escarpment");
                    s.further = n && n->is_array() ? *n->as_array() : toml::array{};
                },
                [](const Inputs& s, toml::table& t) {
                    if (!s.further.empty()) t.insert_or_assign("escarpment", s.further);
                },
                los)
        .custom([](const toml::table& t, Inputs& s) {
                    const toml::node* n = node_at(t, "line.escarpment_name");
                    s.escarpment_name = n && n->is_string() ? n->as_string()->get() : std::string();
                },
                [](const Inputs& s, toml::table& t) {
                    if (s.escarpment_name.empty()) return;
                    std::string key;
                    parent_for(t, "line.escarpment_name", &key).insert_or_assign(key, s.escarpment_name);
                },
                los)
        .field("move.terrain", &Inputs::move_terrain, move)
        .custom([](const toml::table& t, Inputs& s) {  // "none", one name or a list
                    s.via = strings_of(node_at(t, "move.via"));
                    s.via.erase(std::remove(s.via.begin(), s.via.end(), "none"), s.via.end());
                },
                [](const Inputs& s, toml::table& t) {
                    std::string key;
                    toml::table& m = parent_for(t, "move.via", &key);
                    if (s.via.empty()) m.insert_or_assign(key, "none");
                    else {
                        toml::array a;
                        for (const auto& v : s.via) a.push_back(v);
                        m.insert_or_assign(key, std::move(a));
                    }
                },
                move)
        .custom([](const toml::table& t, Inputs& s) { s.without_via = strings_of(node_at(t, "move.without_via")); },
                [](const Inputs& s, toml::table& t) {
                    if (s.without_via.empty()) return;
                    std::string key;
                    toml::array a;
                    for (const auto& v : s.without_via) a.push_back(v);
                    parent_for(t, "move.without_via", &key).insert_or_assign(key, std::move(a));
                },
                move)
        .field("move.amphibious", &Inputs::amphibious, move);
    return f;
}

class Gf9Panel final : public FormPanel<Inputs> {
public:
    explicit Gf9Panel(const Engine& e)
        : FormPanel(e, "gf9-tanks", form(),
                    {"system", "title", "notes", "question", "firer", "target", "line", "move", "on_hill", "on_escarpment",
                     "below_escarpment", "hills_between", "partly_hidden", "escarpment_between", "escarpment_name", "firer_distance_to_escarpment",
                     "target_distance_to_escarpment", "terrain", "via", "without_via", "amphibious", "escarpment"}) {}
    bool draw_inputs(PanelContext& ctx) override;

protected:
    // A new situation assumes nothing: line of sight between two vehicles on open ground.
    Inputs defaults() const override { return Inputs{}; }
    // The distances as typed: empty is "not given" (the ruling then says what it needs), 0 is 0.
    void loaded() override {
        firer_distance_text_ = distance_text(s_.firer_distance);
        target_distance_text_ = distance_text(s_.target_distance);
    }
    void draw_view(PanelContext& ctx, const Ruling& r) override;

private:
    bool vehicle(const char* id, Vehicle* v, bool target, float col);
    bool distance_field(const char* id, std::string* text, std::optional<double>* value, float width);
    static std::string distance_text(const std::optional<double>& d) {
        if (!d) return "";
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", *d);
        return buf;
    }
    std::string firer_distance_text_, target_distance_text_;
    // A name in the house rules' words (rules-data labels), from the choices view.
    std::string words(const std::string& name) const {
        const Gf9Choices& c = choices<Gf9Choices>();
        for (const auto* list : {&c.questions, &c.move_terrain, &c.line_terrain, &c.line_obstacles})
            for (const auto& n : *list)
                if (n.name == name) return n.words;
        return name;
    }
    // A name's tooltip: its house rule and what the rule says, from the choices view.
    std::string name_tip(const std::string& name) const {
        const Gf9Choices& c = choices<Gf9Choices>();
        for (const auto* list : {&c.questions, &c.move_terrain, &c.line_terrain, &c.line_obstacles})
            for (const auto& n : *list)
                if (n.name == name) return n.tip;
        return {};
    }
};

// =====================================================================================
// 2. inputs
// =====================================================================================

// The tooltips of the options the choices view gives as bare words.
const util::WordTip kOnHillTips[] = {
    {"no", "GF9-hills: the vehicle is not on a hill"},
    {"partly", "GF9-hills: part of the vehicle is on a hill: it counts as on it, but hill-to-hill fire needs both wholly on"},
    {"wholly", "GF9-hills: the whole vehicle is on a hill (hill-to-hill fire needs both firer and target wholly on)"},
};
const util::WordTip kViaTips[] = {
    {"bridge", "The move crosses by a bridge (GF9-rivers, GF9-canals)"},
    {"ford", "The move crosses at a ford (GF9-rivers, GF9-canals)"},
    {"road", "The move follows a road through the terrain (GF9-rough, GF9-swamps)"},
};

bool Gf9Panel::vehicle(const char* id, Vehicle* v, bool target, float col) {
    bool changed = false;
    ImGui::PushID(id);
    util::label("On a hill", col);
    changed |= util::radio_row("hill", &v->on_hill, choices<Gf9Choices>().on_hill, {}, util::tips_of(kOnHillTips));
    changed |= util::checkbox("on the escarpment", &v->on_escarpment, "GF9-escarpments: the vehicle is on top of the escarpment");
    if (target) {
        util::same_line_or_wrap(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                                ImGui::CalcTextSize("below the escarpment").x);
        changed |= util::checkbox("below the escarpment", &v->below_escarpment,
                                  "GF9-escarpments: the target is at the foot of the escarpment");
    }
    ImGui::PopID();
    return changed;
}

bool Gf9Panel::draw_inputs(PanelContext& ctx) {
    bool changed = false;
    const float col = 150 * ctx.scale;
    const Gf9Choices& c = choices<Gf9Choices>();
    // The game's words for a name, and its tooltip (from the choices view).
    const util::Say say = [this](const std::string& n) { return words(n); };
    const util::NameTip tip = [this](const std::string& n) { return name_tip(n); };
    ui::section("Question");
    changed |= util::radio_row("q", &s_.question, names_of(c.questions), say, tip);
    if (s_.question == "movement") {
        ui::section("Move");
        changed |= util::headed_checklist("Terrain the move enters, crosses or leaves:",
                                          "Each terrain's effect is its house rule (GF9-rough, GF9-creeks, GF9-rivers, GF9-swamps, GF9-canals, "
                                          "GF9-ditches, GF9-escarpments, GF9-water, GF9-hills); the most restrictive decides",
                                          "terrain", &s_.move_terrain, names_of(c.move_terrain), true, tip, say);
        // "none" is the empty list (the choices view leaves it out): as a box beside the others it
        // would make a situation the engine rejects.
        changed |= util::headed_checklist("Via (none ticked: none):",
                                          "The move uses a bridge or ford (GF9-rivers, GF9-canals) or a road (GF9-rough, GF9-swamps); tick "
                                          "several when a move uses several",
                                          "via", &s_.via, c.via, false, util::tips_of(kViaTips), {});
        changed |= util::checkbox("amphibious vehicle", &s_.amphibious,
                                  "Amphibious vehicles cross rivers and large water with a single move, but not canals "
                                  "(GF9-rivers, GF9-water, GF9-canals)");
        return changed;
    }
    auto& l = s_;
    ui::section("Firer");
    changed |= vehicle("firer", &l.firer, false, col);
    ui::section("Target");
    changed |= vehicle("target", &l.target, true, col);
    ui::section("Line of sight");
    changed |= util::labelled_int("Hills between", col, "##hills", &l.hills_between, 0, c.max_hills_between, 140 * ctx.scale,
                                  "Hills the line crosses other than the firer's and the target's own");
    changed |= util::checkbox("a hill hides only part of the target", &l.partly_hidden,
                              "GF9-hills: a hill between that hides only part of the target gives it cover (counts as one hill between)");
    changed |= util::checkbox("same hill", &l.same_hill, "GF9-hills: the target is on the firer's own hill (or both on the one escarpment)");
    changed |= util::checkbox("an escarpment lies on the line", &l.escarpment_between,
                              "GF9-escarpments: the line of sight crosses an escarpment");
    const bool esc = l.escarpment_between || l.firer.on_escarpment || l.target.on_escarpment || l.target.below_escarpment;
    if (esc) {
        util::label("Firer to edge (in)", col);
        changed |= distance_field("##fd", &firer_distance_text_, &l.firer_distance, 140 * ctx.scale);
        ui::tip("GF9-escarpments: the firer's distance to the escarpment along the line of sight, in inches. "
                "Left empty it is not given (the ruling says it cannot decide without it); 0 means touching the edge.");
        util::label("Target to edge (in)", col);
        changed |= distance_field("##td", &target_distance_text_, &l.target_distance, 140 * ctx.scale);
        ui::tip("GF9-escarpments: the target's distance to the escarpment along the line of sight, in inches. "
                "Left empty it is not given; 0 means touching the edge.");
    }
    // Added keys (docs/gf9-tanks.md): terrain the line crosses and things only the core rules judge.
    changed |= util::headed_checklist("Terrain the line crosses:",
                                      "Movement terrain under the line of sight: each house rule says what it does to shooting "
                                      "(cover, block or no effect)",
                                      "lterrain", &l.line_terrain, names_of(c.line_terrain), false, tip, say);
    changed |= util::headed_checklist("Also on the line (the core rules decide):",
                                      "Vehicles, wrecks, woods or buildings on the line are not in \"More Terrain\": "
                                      "the core TANKS rules judge them (GF9-core), except where a hill-to-hill shot passes over",
                                      "lobst", &l.line_obstacles, names_of(c.line_obstacles), false, tip, say);
    return changed;
}

// An optional distance in inches as text: empty is "not given" (nullopt), a number in
// 0..max_distance is that number, anything else is shown in red and not used.
bool Gf9Panel::distance_field(const char* id, std::string* text, std::optional<double>* value, float width) {
    util::fit_width(width);
    ImGui::InputTextWithHint(id, "not given", text, ImGuiInputTextFlags_CharsDecimal);
    std::optional<double> now;
    bool ok = true;
    if (!text->empty()) {
        char* end = nullptr;
        const double v = std::strtod(text->c_str(), &end);
        ok = end && *end == '\0' && v >= 0.0 && v <= choices<Gf9Choices>().max_distance;
        if (ok) now = v;
    }
    if (!ok) {
        ImGui::SameLine();
        ImGui::TextColored(ui::tone_colour(Tone::bad), "0 to %g inches", choices<Gf9Choices>().max_distance);
        return false;  // the last good value stays until the text is a number again
    }
    if (now == *value) return false;
    *value = now;
    return true;
}

// =====================================================================================
// 3. ruling: the escarpment sketch from the ruling's view
// =====================================================================================

// A label of the sketch, moved wholly inside it: the vehicle farther from the edge stands near
// the sketch's side, and a label beside it would run off (the target's, at 800x600, did). Noted
// for the window's clipping check (ui::note_label: inside its canvas, over no other label).
void sketch_label(ImDrawList* dl, ImVec2 lo, ImVec2 hi, ImVec2 at, const char* text, ImU32 colour) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const float x = std::clamp(at.x, lo.x + 3, std::max(lo.x + 3, hi.x - 3 - size.x));
    const float y = std::clamp(at.y, lo.y + 1, std::max(lo.y + 1, hi.y - 1 - size.y));
    const ImVec2 p(std::floor(x), std::floor(y));
    ui::note_label(text, ImVec4(p.x, p.y, p.x + size.x, p.y + size.y), ImVec4(lo.x, lo.y, hi.x, hi.y));
    dl->AddText(p, colour, text);
}

// A top-down sketch: the escarpment edge as a vertical line, the firer and target at their
// distances from it, on the sides the situation puts them.
void escarpment_sketch(PanelContext& ctx, const view::Gf9Escarpment& e) {
    // A distance not given is drawn at the middle of the other's side and labelled so.
    const double fd = e.firer_distance.value_or(e.target_distance.value_or(1.0)),
                 td = e.target_distance.value_or(e.firer_distance.value_or(1.0));
    const float w = ImGui::GetContentRegionAvail().x, h = 110 * ctx.scale;
    const ImVec2 o = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(o, ImVec2(o.x + w, o.y + h), IM_COL32(28, 32, 38, 255), 4.0f);
    const float edge = o.x + w / 2;
    const double span = std::max({fd, td, 1.0});
    const float unit = (w / 2 - 40 * ctx.scale) / float(span);
    // The escarpment's top is to the left of the edge; below is to the right.
    dl->AddRectFilled(ImVec2(o.x, o.y), ImVec2(edge, o.y + h), IM_COL32(60, 52, 40, 255), 4.0f);
    // The edge in light grey, not amber: amber means "referee's call" only (docs/window.md, Colours).
    dl->AddLine(ImVec2(edge, o.y), ImVec2(edge, o.y + h), IM_COL32(210, 210, 215, 255), 3.0f * ctx.scale);
    const ImVec2 hi(o.x + w, o.y + h);
    sketch_label(dl, o, hi, ImVec2(o.x + 6, o.y + 4), "on the escarpment", IM_COL32(210, 210, 215, 255));
    sketch_label(dl, o, hi, ImVec2(edge + 6, o.y + 4), "below", IM_COL32(160, 160, 160, 255));
    auto side_x = [&](bool on_top, double d) { return on_top ? edge - float(d) * unit : edge + float(d) * unit; };
    const bool f_top = e.firer_on_top, t_top = e.target_on_top;
    const ImVec2 f(side_x(f_top, fd), o.y + h * 0.45f), t(side_x(t_top, td), o.y + h * 0.7f);
    dl->AddLine(f, t, IM_COL32(240, 240, 240, 255), 1.5f * ctx.scale);
    dl->AddCircleFilled(f, 7 * ctx.scale, IM_COL32(90, 160, 230, 255));
    dl->AddCircleFilled(t, 7 * ctx.scale, IM_COL32(230, 90, 90, 255));
    char buf[64];
    if (e.firer_distance) std::snprintf(buf, sizeof buf, "firer %.1f\"", fd);
    else std::snprintf(buf, sizeof buf, "firer: distance not given");
    sketch_label(dl, o, hi, ImVec2(f.x - 30 * ctx.scale, f.y - 24 * ctx.scale), buf, IM_COL32(90, 160, 230, 255));
    if (e.target_distance) std::snprintf(buf, sizeof buf, "target %.1f\"", td);
    else std::snprintf(buf, sizeof buf, "target: distance not given");
    sketch_label(dl, o, hi, ImVec2(t.x - 30 * ctx.scale, t.y + 10 * ctx.scale), buf, IM_COL32(230, 90, 90, 255));
    ImGui::Dummy(ImVec2(w, h));
    ui::tip("GF9-escarpments: distances are measured to the escarpment along the line of sight");
}

void Gf9Panel::draw_view(PanelContext& ctx, const Ruling& r) {
    const auto* v = r.view_as<view::Gf9RulingView>();
    if (!v || !v->escarpment) return;
    ui::section("Escarpment (top-down)");
    escarpment_sketch(ctx, *v->escarpment);
}

// =====================================================================================
// 4. registration
// =====================================================================================

UMPIRE_REGISTER_PANEL("gf9-tanks", [](const Engine& e) { return make_panel<Gf9Panel>(e, "gf9-tanks"); });

}  // namespace
}  // namespace umpire::app
