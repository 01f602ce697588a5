// The load/save glue every panel shares (see form.hpp): dotted key paths in a TOML table, and a
// situation read through the game's canonical form.
#include "window/panels/form.hpp"

#include <cstdio>

#include <imgui.h>

#include "core/names.hpp"
#include "window/ui/widgets.hpp"

namespace umpire::app {

namespace {
std::vector<std::string> split_path(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1)
        parts.push_back(path.substr(start, dot - start));
    parts.push_back(path.substr(start));
    return parts;
}
}  // namespace

const toml::node* node_at(const toml::table& t, const std::string& path) {
    const toml::table* cur = &t;
    const auto parts = split_path(path);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        const toml::node* n = cur->get(parts[i]);
        if (!n || !n->is_table()) return nullptr;
        cur = n->as_table();
    }
    return cur->get(parts.back());
}

toml::table& parent_for(toml::table& t, const std::string& path, std::string* key) {
    toml::table* cur = &t;
    const auto parts = split_path(path);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        toml::node* n = cur->get(parts[i]);
        if (!n || !n->is_table()) n = &cur->insert_or_assign(parts[i], toml::table{}).first->second;
        cur = n->as_table();
    }
    *key = parts.back();
    return *cur;
}

std::vector<std::string> strings_of(const toml::node* n) {
    std::vector<std::string> out;
    if (!n) return out;
    if (n->is_string()) out.push_back(n->as_string()->get());
    if (n->is_array())
        for (const auto& x : *n->as_array())
            if (x.is_string()) out.push_back(x.as_string()->get());
    return out;
}

toml::table canonical_or_raw(const GameSystem& sys, toml::table raw) {
    Sink sink("(panel)");
    const Section root(sink, &raw, "");
    std::optional<toml::table> c = canonical_of(sys, root);
    toml::table t = c ? std::move(*c) : std::move(raw);
    t.erase("title");  // the App keeps the common keys
    t.erase("notes");
    return t;
}

std::optional<toml::table> canonical_of(const GameSystem& sys, const Section& root) {
    const std::size_t before = root.sink().diagnostics().size();
    std::optional<toml::table> t;
    try {
        t = sys.canonical(root);
    } catch (const InputError&) {
        // A situation the game cannot read here (a board file named relative to a folder the
        // panel does not know): the caller keeps the table as written; the App's ruling says why.
        return std::nullopt;
    }
    if (root.sink().diagnostics().size() != before) return std::nullopt;
    return t;
}

// ---- units on the board ------------------------------------------------------------------------

const board::CounterRules* counter_rules_of(const GameSystem& sys) {
    const view::BoardSupport* b = sys.board_support();
    return b && !b->counter_rules().roles.empty() ? &b->counter_rules() : nullptr;
}

std::optional<toml::table> canonical_with_counters(const GameSystem& sys, const Section& root, board::Counters* c) {
    *c = {};
    const board::CounterRules* r = counter_rules_of(sys);
    if (!r || !root.raw() || !board::uses_counters(*root.raw(), *r)) return canonical_of(sys, root);
    auto read = board::read_counters(root, *r);
    if (!read) return std::nullopt;
    toml::table t = *root.raw();
    board::resolve_counters(t, *r);
    const auto out = canonical_of(sys, Section(root.sink(), &t, ""));
    if (out) *c = std::move(*read);
    return out;
}

namespace {

// The role's own keys counter `k` fills (hex, and its facing and unit type when it has them),
// dropped so the counter's are read; a key the counter lacks stays typed (and the counter takes it).
void drop_role_keys(toml::table& t, const board::CounterRules& r, const std::string& role, const board::Counter* k) {
    const board::CounterRules::Role* ro = r.role(role);
    toml::table* rt = t.get_as<toml::table>(role);
    if (!ro || !rt) return;
    rt->erase("hex");
    if (ro->facing && (!k || k->facing)) rt->erase("facing");
    if (ro->type && !r.type_key.empty() && (!k || k->type)) rt->erase(r.type_key);
}

board::Counter new_counter(const board::Counters& c, const board::CounterRules& r, const toml::table& t, const std::string& first,
                           const std::string& hex) {
    board::Counter k;
    for (int n = int(c.list.size()) + 1;; ++n)
        if (!c.find("Unit " + std::to_string(n))) {
            k.name = "Unit " + std::to_string(n);
            break;
        }
    k.side = c.list.empty() ? std::string("Side 1") : c.list.back().side;
    k.hex = hex;
    // The unit type the game needs (TANK!'s weapons chart name): the first role's, to be changed there.
    if (!r.type_key.empty()) {
        if (const auto* v = t[first][r.type_key].as_string()) k.type = v->get();
        else if (!c.list.empty()) k.type = c.list.back().type;
    }
    // A facing where the game's units have one: the last counter's, else the one a role has.
    if (r.facing) {
        if (!c.list.empty() && c.list.back().facing) k.facing = c.list.back().facing;
        for (const auto& role : r.roles)
            if (const auto* v = t[role.table]["facing"].as_string(); v && !k.facing) k.facing = v->get();
    }
    return k;
}

}  // namespace

bool apply_counter_pick(toml::table t, board::Counters& c, const board::CounterRules& r, const board::CounterPick& pick,
                        const std::string& first, const std::string& second, const std::function<void(const toml::table&)>& take) {
    if (pick.kind == board::CounterPick::add) {
        c.list.push_back(new_counter(c, r, t, first, pick.hex));
        return true;
    }
    const std::string& role = pick.kind == board::CounterPick::first ? first : second;
    const std::string& other = pick.kind == board::CounterPick::first ? second : first;
    if (role.empty() || !r.role(role)) return false;
    const board::Counter* was = c.chosen_for(role);
    if (was && same_name(was->name, pick.name)) return false;
    // The other role held this counter: the two swap (or the other waits for a click).
    if (const board::Counter* o = other.empty() ? nullptr : c.chosen_for(other); o && same_name(o->name, pick.name)) {
        drop_role_keys(t, r, other, was);
        if (toml::table* ot = t.get_as<toml::table>(other)) {
            if (was) ot->insert_or_assign("counter", was->name);
            else ot->erase("counter");
        }
    }
    drop_role_keys(t, r, role, c.find(pick.name));
    if (!t.contains(role)) t.insert(role, toml::table{});
    t.get_as<toml::table>(role)->insert_or_assign("counter", pick.name);
    Sink sink("(map)");
    auto read = board::read_counters(Section(sink, &t, ""), r);
    if (!read) return false;
    board::resolve_counters(t, r);
    c = std::move(*read);
    take(t);
    return true;
}

bool draw_counter_inputs(board::Counters& c, const std::string& first, const std::string& second) {
    bool changed = false;
    ui::section("Units on the board");
    ui::wrapped(ui::dim_text(), "Click a unit on the map: the " + first + (second.empty() ? "" : "; Shift+click: the " + second) +
                                    ". Alt+click an empty hex (or right-click it): add a unit.");
    int remove = -1;
    for (std::size_t i = 0; i < c.list.size(); ++i) {
        board::Counter& k = c.list[i];
        ImGui::PushID(int(i));
        std::string role;
        for (auto& [r, name] : c.chosen)
            if (same_name(name, k.name)) role = r;
        char name[64], side[64];
        std::snprintf(name, sizeof name, "%s", k.name.c_str());
        std::snprintf(side, sizeof side, "%s", k.side.c_str());
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        if (ImGui::InputText("##name", name, sizeof name)) {
            for (auto& [r, picked] : c.chosen)
                if (same_name(picked, k.name)) picked = name;
            k.name = name, changed = true;
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        if (ImGui::InputText("##side", side, sizeof side)) k.side = side, changed = true;
        ImGui::SameLine();
        ImGui::TextUnformatted((k.hex + (role.empty() ? "" : " \xe2\x80\x94 " + role)).c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) remove = int(i);
        ImGui::PopID();
    }
    if (remove >= 0) {
        const std::string gone = c.list[std::size_t(remove)].name;
        c.list.erase(c.list.begin() + remove);
        for (auto it = c.chosen.begin(); it != c.chosen.end();)
            it = same_name(it->second, gone) ? c.chosen.erase(it) : it + 1;
        changed = true;
    }
    ui::probe("units_list");
    return changed;
}

}  // namespace umpire::app
