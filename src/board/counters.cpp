// Units on the board (counters.hpp): reading `[[counter]]` and the roles' picks, located; moving
// the chosen counters' facts into the role tables; writing them back for the window.
//
// Sections: lookups · reading (one counter, stacking, the roles' picks) · resolving · writing
#include "board/counters.hpp"

#include <map>

#include "core/diag.hpp"
#include "core/names.hpp"

namespace umpire::board {

// ---- lookups --------------------------------------------------------------------------------

const Counter* Counters::find(const std::string& name) const {
    for (const auto& c : list)
        if (same_name(c.name, name)) return &c;
    return nullptr;
}

const Counter* Counters::chosen_for(const std::string& role) const {
    for (const auto& [r, name] : chosen)
        if (r == role) return find(name);
    return nullptr;
}

const CounterRules::Role* CounterRules::role(const std::string& table) const {
    for (const auto& r : roles)
        if (r.table == table) return &r;
    return nullptr;
}

bool uses_counters(const toml::table& situation, const CounterRules& rules) {
    if (rules.roles.empty()) return false;
    if (situation.contains("counter")) return true;
    for (const auto& r : rules.roles)
        if (const toml::table* t = situation.get_as<toml::table>(r.table); t && t->contains("counter")) return true;
    return false;
}

// ---- reading --------------------------------------------------------------------------------

namespace {

std::string line_of(const Section& s) { return "line " + std::to_string(s.where().begin.line); }

// One `[[counter]]` table; false when a required key is missing or wrong.
std::optional<Counter> read_one(const Section& s, const CounterRules& rules) {
    std::vector<std::string> keys = {"name", "side", "hex"};
    if (rules.facing) keys.push_back("facing");
    if (!rules.type_key.empty()) keys.push_back(rules.type_key);
    s.only_keys(keys);
    const auto name = s.str("name", true), side = s.str("side", true), hex = s.str("hex", true);
    std::optional<std::string> facing = rules.facing ? s.str("facing") : std::nullopt;
    std::optional<std::string> type = rules.type_key.empty() ? std::nullopt : s.str(rules.type_key, true);
    bool ok = name && side && hex && (rules.type_key.empty() || type);
    if (name && normalize_name(*name).empty()) s.error("name", "is empty: a counter needs a name to be picked by"), ok = false;
    if (side && normalize_name(*side).empty()) s.error("side", "is empty: name the side the unit belongs to"), ok = false;
    if (type && rules.type_problem)
        if (const std::string why = rules.type_problem(*type); !why.empty()) s.error(rules.type_key, why), ok = false;
    if (!ok) return std::nullopt;
    return Counter{*name, *side, *hex, facing, type};
}

// Counters sharing a hex, checked against the game's stacking rule (none: any number may).
void check_stacking(const std::vector<Section>& secs, const std::vector<Counter>& list, const CounterRules& rules) {
    if (!rules.stacking) return;
    std::map<std::string, std::vector<std::size_t>> by_hex;
    for (std::size_t i = 0; i < list.size(); ++i) by_hex[normalize_name(list[i].hex)].push_back(i);
    for (const auto& [hex, idx] : by_hex) {
        if (idx.size() < 2) continue;
        std::vector<const Counter*> here;
        for (std::size_t i : idx) here.push_back(&list[i]);
        const std::string why = rules.stacking(here);
        if (why.empty()) continue;
        std::string others;
        for (std::size_t k = 0; k + 1 < idx.size(); ++k) others += (k ? ", " : "") + quoted_value(list[idx[k]].name);
        secs[idx.back()].error("hex", quoted_value(list[idx.back()].hex) + " also holds " + others + ": " + why);
    }
}

// A role key typed beside `counter` must say what the counter says.
void check_agrees(const Section& t, const std::string& key, const std::optional<std::string>& counter_value, const Counter& k,
                  const Section& counter_section) {
    if (!counter_value || !t.has(key)) return;
    const toml::node* n = t.node(key);
    if (!n->is_string() || same_name(n->as_string()->get(), *counter_value)) return;
    t.error(key, "is " + quoted_value(n->as_string()->get()) + " but the counter " + quoted_value(k.name) + " it picks has " +
                     key + " = " + quoted_value(*counter_value) + " (" + counter_section.path() + ", " + line_of(counter_section) +
                     "): give one of them, or make them agree");
}

// Each role's `counter`: a name of the list, no two roles on one counter, typed keys agreeing.
void read_roles(const Section& root, const std::vector<Section>& secs, Counters& c, const CounterRules& rules) {
    std::vector<std::string> names;
    for (const auto& k : c.list) names.push_back(k.name);
    for (const auto& role : rules.roles) {
        const Section t = root.table(role.table);
        if (!t.has("counter")) continue;
        const auto name = t.str("counter", true);
        if (!name) continue;
        const Counter* k = c.find(*name);
        if (!k) {
            t.error("counter", quoted_value(*name) + (names.empty() ? " names no counter: no [[counter]] places a unit"
                                                                     : " names no counter (counters: " + join_names(names, ", ") + ")"));
            continue;
        }
        bool taken = false;
        for (const auto& [other, picked] : c.chosen)
            if (same_name(picked, k->name)) {
                t.error("counter", quoted_value(*name) + " is also the " + other + ": pick two different counters");
                taken = true;
            }
        if (taken) continue;
        const Section& ks = secs[std::size_t(k - c.list.data())];
        check_agrees(t, "hex", k->hex, *k, ks);
        if (role.facing) check_agrees(t, "facing", k->facing, *k, ks);
        if (role.type && !rules.type_key.empty()) check_agrees(t, rules.type_key, k->type, *k, ks);
        c.chosen.emplace_back(role.table, k->name);
    }
}

}  // namespace

std::optional<Counters> read_counters(const Section& root, const CounterRules& rules) {
    const std::size_t before = root.sink().diagnostics().size();
    Counters c;
    std::vector<Section> secs;
    for (const Section& s : root.tables("counter")) {
        auto one = read_one(s, rules);
        if (!one) continue;
        if (const Counter* d = c.find(one->name)) {
            s.error("name", quoted_value(one->name) + " is also the name of " + secs[std::size_t(d - c.list.data())].path() +
                                " (" + line_of(secs[std::size_t(d - c.list.data())]) + "): each counter needs its own name");
            continue;
        }
        c.list.push_back(std::move(*one));
        secs.push_back(s);
    }
    check_stacking(secs, c.list, rules);
    read_roles(root, secs, c, rules);
    if (root.sink().diagnostics().size() != before) return std::nullopt;
    return c;
}

// ---- resolving ------------------------------------------------------------------------------

// Moves `key` of the counter table into the role table unless the role typed it (it agrees).
static void move_key(toml::table& counter, toml::table& role, const std::string& key) {
    toml::node* n = counter.get(key);
    if (!n || role.contains(key) || !n->is_string()) return;
    role.insert(key, std::move(*n->as_string()));  // a move keeps the value's place in the file
}

void resolve_counters(toml::table& situation, const CounterRules& rules) {
    toml::array* list = situation.get_as<toml::array>("counter");
    for (const auto& role : rules.roles) {
        toml::table* t = situation.get_as<toml::table>(role.table);
        if (!t) continue;
        const toml::value<std::string>* name = t->get_as<std::string>("counter");
        toml::table* picked = nullptr;
        if (name && list)
            for (auto& el : *list)
                if (toml::table* ct = el.as_table())
                    if (const auto* n = ct->get_as<std::string>("name"); n && same_name(n->get(), name->get())) picked = ct;
        if (picked) {
            move_key(*picked, *t, "hex");
            if (role.facing) move_key(*picked, *t, "facing");
            if (role.type && !rules.type_key.empty()) move_key(*picked, *t, rules.type_key);
        }
        t->erase("counter");
    }
    situation.erase("counter");
}

// ---- writing --------------------------------------------------------------------------------

void write_counters(toml::table& situation, const Counters& c, const CounterRules& rules) {
    if (c.empty() || rules.roles.empty()) return;
    toml::array a;
    for (const auto& k : c.list) {
        toml::table t{{"name", k.name}, {"side", k.side}, {"hex", k.hex}};
        if (rules.facing && k.facing) t.insert("facing", *k.facing);
        if (!rules.type_key.empty() && k.type) t.insert(rules.type_key, *k.type);
        a.push_back(std::move(t));
    }
    situation.insert_or_assign("counter", std::move(a));
    for (const auto& [role, name] : c.chosen) {
        if (!situation.contains(role)) situation.insert(role, toml::table{});
        if (toml::table* t = situation.get_as<toml::table>(role)) t->insert_or_assign("counter", name);
    }
}

bool follow_roles(Counters& c, const toml::table& situation, const CounterRules& rules) {
    bool changed = false;
    auto take = [&](const toml::table& t, const std::string& key, std::optional<std::string>& into) {
        if (const auto* v = t.get_as<std::string>(key); v && into != v->get()) into = v->get(), changed = true;
    };
    for (const auto& [role_name, name] : c.chosen) {
        const CounterRules::Role* role = rules.role(role_name);
        const toml::table* t = situation.get_as<toml::table>(role_name);
        Counter* k = const_cast<Counter*>(c.find(name));
        if (!role || !t || !k) continue;
        if (const auto* v = t->get_as<std::string>("hex"); v && k->hex != v->get()) k->hex = v->get(), changed = true;
        if (role->facing) take(*t, "facing", k->facing);
        if (role->type && !rules.type_key.empty()) take(*t, rules.type_key, k->type);
    }
    return changed;
}

}  // namespace umpire::board
