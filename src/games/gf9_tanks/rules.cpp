// Gale Force 9 TANKS, "More Terrain" house rules (see gf9_tanks.hpp).
//
// Sections
//   names and small helpers
//   load_data()          rules-data/gf9-tanks.toml: citations, limits, movement cells,
//                        hills table (checked complete), escarpment cases, core obstacles
//   parse_situation()    situation keys, defaults for absent features, contradictions,
//                        the escarpment sides and distances a case needs (asked, not assumed)
//   to_toml()
//   rule_los()           escarpment_blocks() (GF9-escarpments), else rule_hills() (GF9-hills:
//                        hills between, escarpment vehicles as on a hill, the two choices),
//                        rule_terrain_on_line(), rule_core_obstacles(), finish_los()
//   rule_movement()      one cell per terrain entry, the most restrictive decides
//   Gf9Tanks             the GameSystem
#include "games/gf9_tanks/rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/names.hpp"

namespace umpire::gf9_tanks {

// ---- names and small helpers ------------------------------------------------

namespace {

const FixedNames kEffects = {"normal", "single-move", "impassable"};
const FixedNames kLos = {"clear", "blocked"};
const FixedNames kOnHill = {"no", "partly", "wholly"};
const FixedNames kShooting = {"none", "cover", "block"};
const FixedNames kCore = {"over", "core"};
const FixedNames kQuestions = {"los", "movement"};
const FixedNames kTargetHill = {"other", "same"};
const FixedNames kBetween = {"none", "some"};
const FixedNames kHidden = {"fully", "partly"};
// The situation format (docs/situations.md) names these; the data must define them.
const FixedNames kRequiredTerrain = {"rough", "desert", "creek", "river", "swamp", "canal",
                                     "anti-tank-ditch", "escarpment", "water", "hill", "open"};
const FixedNames kRequiredVias = {"bridge", "ford", "road"};

Effect effect_from(const std::string& s) {
    return s == "normal" ? Effect::normal : s == "single-move" ? Effect::single_move : Effect::impassable;
}
OnHill on_hill_from(const std::string& s) {
    return s == "no" ? OnHill::no : s == "partly" ? OnHill::partly : OnHill::wholly;
}

// Inches for people: 6 -> 6", 4.5 -> 4.5", 3.25 -> 3.25".
std::string inches(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s + "\"";
}

std::string capitalize(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string hill_phrase(OnHill h) {
    switch (h) {
        case OnHill::no: return "not on a hill";
        case OnHill::partly: return "partly on a hill";
        case OnHill::wholly: return "wholly on a hill";
    }
    return "";
}

}  // namespace

// Each enum's name in the files and the JSON: its entry in the names table above (rules.hpp lists
// the enumerators in the tables' order).
const char* to_string(Effect e) { return enum_name(e, kEffects); }
const char* to_string(Los l) { return enum_name(l, kLos); }
const char* to_string(OnHill h) { return enum_name(h, kOnHill); }
const char* to_string(Shooting s) { return enum_name(s, kShooting); }
const char* to_string(CoreEffect c) { return enum_name(c, kCore); }
const char* to_string(Question q) { return enum_name(q, kQuestions); }

std::vector<EscarpmentLine> LosSituation::escarpments() const {
    std::vector<EscarpmentLine> out;
    if (firer.on_escarpment || target.on_escarpment || target.below_escarpment || escarpment_between)
        out.push_back({escarpment_name, firer.on_escarpment, target.on_escarpment, target.below_escarpment, escarpment_between, firer_distance,
                       target_distance});
    out.insert(out.end(), further.begin(), further.end());
    return out;
}

const Cell* Terrain::cell(const std::string& condition) const {
    auto it = cells.find(condition);
    return it == cells.end() ? nullptr : &it->second;
}

bool HillRow::matches(OnHill f, OnHill t, bool same, bool some_between, bool partly_hidden) const {
    auto in = [](const auto& list, const auto& v) { return list.empty() || std::find(list.begin(), list.end(), v) != list.end(); };
    return in(firer, f) && in(target, t) && in(target_hill, std::string(same ? "same" : "other")) &&
           in(between, std::string(some_between ? "some" : "none")) && in(hidden, std::string(partly_hidden ? "partly" : "fully"));
}

const HillRow* Hills::match(OnHill f, OnHill t, bool same, bool some_between, bool partly_hidden) const {
    for (const auto& r : rows)
        if (r.matches(f, t, same, some_between, partly_hidden)) return &r;
    return nullptr;
}

bool EscarpmentCase::applies(bool f_on, bool t_on, bool t_below) const {
    return f_on == firer_on && (target_below ? t_below : t_on);
}

bool EscarpmentCase::blocks(double firer_distance, double target_distance) const {
    // A hair of tolerance so that 4.1 - 3.6 is not read as just under 0.5.
    const double diff = target_closer ? firer_distance - target_distance : target_distance - firer_distance;
    return diff > by_more_than + 1e-9;
}

const Terrain* Data::find_terrain(const std::string& name) const {
    for (const auto& t : terrain)
        if (same_name(t.name, name)) return &t;
    return nullptr;
}
const CoreObstacle* Data::find_core(const std::string& name) const {
    for (const auto& c : core)
        if (same_name(c.name, name)) return &c;
    return nullptr;
}
int Data::rank(Effect e) const {
    for (std::size_t i = 0; i < severity.size(); ++i)
        if (severity[i] == e) return static_cast<int>(i);
    return 0;
}
std::vector<std::string> Data::terrain_names() const {
    std::vector<std::string> v;
    for (const auto& t : terrain) v.push_back(t.name);
    return v;
}
std::vector<std::string> Data::shooting_terrain_names() const {
    std::vector<std::string> v;
    for (const auto& t : terrain)
        if (t.shooting) v.push_back(t.name);
    return v;
}
std::vector<std::string> Data::obstacle_names() const {
    std::vector<std::string> v;
    for (const auto& c : core) v.push_back(c.name);
    return v;
}

// ---- load_data() ------------------------------------------------------------

namespace {

// A `rule` key: a citation id listed in [citations]; `fallback` when absent (if given).
std::optional<std::string> read_rule(const Data& d, const Section& t, const std::string& fallback = {}) {
    const bool required = fallback.empty();
    auto r = t.str("rule", required);
    if (!r) return t.has("rule") ? std::nullopt : (required ? std::nullopt : std::optional<std::string>(fallback));
    if (!d.citations.count(*r)) {
        std::vector<std::string> ids;
        for (const auto& [k, v] : d.citations) ids.push_back(k);
        t.error("rule", "unknown citation \"" + *r + "\" (accepted: " + join_names(ids) + "; add it to [citations])");
        return std::nullopt;
    }
    return r;
}

// A non-empty string (explanation text).
std::optional<std::string> read_text(const Section& t, const std::string& key, bool required = true) {
    auto s = t.str(key, required);
    if (s && s->find_first_not_of(" \t") == std::string::npos) {
        t.error(key, "must not be empty");
        return std::nullopt;
    }
    return s;
}

void load_citations(Data& d, const Section& root) {
    Section c = root.table("citations", true);
    if (!c.present()) return;
    for (const auto& [k, v] : *c.raw()) {
        const std::string id(k.str());
        auto text = read_text(c, id);
        if (text) d.citations[id] = *text;
    }
    if (c.raw()->empty()) c.error("", "lists no citation ids");
}

void load_limits(Data& d, const Section& root) {
    Section l = root.table("limits", true);
    l.only_keys({"max_hills_between", "max_distance_inches"});
    if (auto v = l.integer("max_hills_between", true, 0, 1000)) d.max_hills_between = static_cast<int>(*v);
    if (auto v = l.number("max_distance_inches", true, 0.0, 10000.0)) {
        // Table::number lets nan through (no comparison holds for it): refused here.
        if (!std::isfinite(*v) || *v <= 0.0)
            l.error("max_distance_inches", "must be a finite number above 0 (accepted: above 0, up to 10000)");
        else d.max_distance = *v;
    }
}

std::optional<Cell> load_cell(const Data& d, const Section& t, const std::string& terrain_rule) {
    t.only_keys({"effect", "says", "rule", "call", "alternative"});
    Cell c;
    auto e = t.choice("effect", kEffects, true);
    auto says = read_text(t, "says");
    auto rule = read_rule(d, t, terrain_rule);
    std::optional<std::string> call;
    if (t.has("call")) call = read_text(t, "call");
    std::optional<std::string> alt;
    if (t.has("alternative")) {
        alt = t.choice("alternative", kEffects, true);
        if (alt && !call) t.error("alternative", "only a cell with a `call` has an alternative reading");
    }
    if (!e || !says || !rule || (t.has("call") && !call) || (t.has("alternative") && !alt)) return std::nullopt;
    if (alt) c.alternative = effect_from(*alt);
    c.effect = effect_from(*e);
    c.says = *says;
    c.rule = *rule;
    if (call) c.call = *call;
    return c;
}

void load_movement(Data& d, const Section& root) {
    Section m = root.table("movement", true);
    m.only_keys({"severity", "vias", "terrain"});
    if (auto sev = m.choice_array("severity", kEffects, true)) {
        std::set<std::string> seen(sev->begin(), sev->end());
        if (sev->size() != kEffects.size() || seen.size() != kEffects.size())
            m.error("severity", "must list each of normal, single-move and impassable exactly once, least restrictive first");
        else
            for (const auto& s : *sev) d.severity.push_back(effect_from(s));
    }
    if (auto vias = m.string_array("vias", true)) {
        std::set<std::string> seen;
        for (const auto& v : *vias) {
            const std::string n = normalize_name(v);
            if (n.empty() || n == "none" || n == "amphibious")
                m.error("vias", quoted_value(v) + " cannot be a via name (none and amphibious are conditions of their own)");
            else if (!seen.insert(n).second)
                m.error("vias", quoted_value(v) + " is listed twice");
            else
                d.vias.push_back(v);
        }
        for (const auto& r : kRequiredVias)
            if (!match_name(r, d.vias)) m.error("vias", "must include \"" + r + "\" (the situation format names it)");
    }
    Section terr = m.table("terrain", true);
    if (!terr.present()) return;
    // toml++ keeps tables sorted by key: restore the file's order for names lists.
    std::vector<std::pair<std::size_t, std::string>> order;
    for (const auto& [k, v] : *terr.raw()) order.emplace_back(v.source().begin.line, std::string(k.str()));
    std::sort(order.begin(), order.end());
    std::set<std::string> seen;
    for (const auto& [line, name] : order) {
        Section t = terr.table(name, true);
        if (!t.present()) continue;
        if (!seen.insert(normalize_name(name)).second) {
            terr.error(name, "names the same terrain as another entry (names are matched ignoring case, spaces and - / ( ) .)");
            continue;
        }
        std::vector<std::string> keys = {"label", "rule", "none", "amphibious", "shooting"};
        for (const auto& v : d.vias) keys.push_back(v);
        t.only_keys(keys);
        Terrain tr;
        tr.name = name;
        auto label = read_text(t, "label");
        auto rule = read_rule(d, t);
        if (label) tr.label = *label;
        if (rule) tr.rule = *rule;
        const std::string fallback = rule ? *rule : std::string("GF9-core");
        std::vector<std::string> conds = {"none"};
        for (const auto& v : d.vias) conds.push_back(v);
        conds.push_back("amphibious");
        for (const auto& c : conds) {
            Section ct = t.table(c, c == "none");
            if (!ct.present()) continue;
            if (auto cell = load_cell(d, ct, fallback)) tr.cells[c] = *cell;
        }
        if (t.has("shooting")) {
            Section st = t.table("shooting");
            if (st.present()) {
                st.only_keys({"effect", "says", "rule"});
                auto e = st.choice("effect", kShooting, true);
                auto says = read_text(st, "says");
                auto r = read_rule(d, st, fallback);
                if (e && says && r) {
                    TerrainShooting s;
                    s.effect = *e == "none" ? Shooting::none : *e == "cover" ? Shooting::cover : Shooting::block;
                    s.says = *says;
                    s.rule = *r;
                    tr.shooting = s;
                }
            }
        }
        d.terrain.push_back(std::move(tr));
    }
    for (const auto& r : kRequiredTerrain)
        if (!d.find_terrain(r)) terr.error("", "must define terrain \"" + r + "\" (the situation format names it)");
}

void load_hills(Data& d, const Section& los) {
    Section h = los.table("hills", true);
    if (!h.present()) return;
    h.only_keys({"rule", "own_hill", "onto_hill", "same_hill", "another_hill", "another_hill_call", "row"});
    Hills& hills = d.hills;
    if (auto r = read_rule(d, h)) hills.rule = *r;
    if (auto s = read_text(h, "own_hill")) hills.own_hill = *s;
    if (auto s = read_text(h, "onto_hill")) hills.onto_hill = *s;
    if (auto s = read_text(h, "same_hill")) hills.same_hill = *s;
    if (auto s = h.choice("another_hill", {"apart", "distinct"}, true)) hills.another_hill = *s;
    if (auto s = read_text(h, "another_hill_call")) hills.another_hill_call = *s;
    bool rows_ok = true;
    for (const Section& rt : h.tables("row", true)) {
        rt.only_keys({"firer", "target", "target_hill", "between", "hidden", "los", "cover", "hill_to_hill", "says"});
        HillRow row;
        auto list = [&](const char* key, const std::vector<std::string>& accepted) -> std::vector<std::string> {
            if (!rt.has(key)) return {};
            auto v = rt.choice_array(key, accepted);
            if (!v) { rows_ok = false; return {}; }
            if (v->empty()) {
                rt.error(key, "an empty list matches nothing; leave the key out to match anything");
                rows_ok = false;
            }
            return *v;
        };
        for (const auto& s : list("firer", kOnHill)) row.firer.push_back(on_hill_from(s));
        for (const auto& s : list("target", kOnHill)) row.target.push_back(on_hill_from(s));
        row.target_hill = list("target_hill", kTargetHill);
        row.between = list("between", kBetween);
        row.hidden = list("hidden", kHidden);
        auto l = rt.choice("los", kLos, true);
        auto cover = rt.boolean("cover", true);
        auto h2h = rt.boolean("hill_to_hill");
        auto says = read_text(rt, "says");
        if (!l || !cover || !says || (rt.has("hill_to_hill") && !h2h)) { rows_ok = false; continue; }
        row.los = *l == "clear" ? Los::clear : Los::blocked;
        row.cover = *cover;
        row.hill_to_hill = h2h.value_or(false);
        if (row.los == Los::blocked && row.cover) {
            rt.error("cover", "a blocked line cannot give cover: set cover = false");
            rows_ok = false;
        }
        row.says = *says;
        hills.rows.push_back(std::move(row));
    }
    if (!rows_ok || !h.has("row")) return;
    // Every case must be decided by some row.
    std::vector<std::string> missing;
    for (OnHill f : {OnHill::no, OnHill::partly, OnHill::wholly})
        for (OnHill t : {OnHill::no, OnHill::partly, OnHill::wholly})
            for (bool same : {false, true}) {
                if (same && (f == OnHill::no || t == OnHill::no)) continue;
                for (int b = 0; b < 3; ++b) {
                    const bool some = b > 0, partly = b == 2;
                    if (hills.match(f, t, same, some, partly)) continue;
                    missing.push_back(std::string("firer ") + to_string(f) + ", target " + to_string(t) + ", target_hill " +
                                      (same ? "same" : "other") + ", between " + (some ? "some" : "none") + ", hidden " +
                                      (partly ? "partly" : "fully"));
                }
            }
    if (!missing.empty()) {
        std::string msg = "no row decides " + std::to_string(missing.size()) + " case(s), e.g. " + missing.front();
        if (missing.size() > 1) msg += "; " + missing[1];
        h.error("row", msg + " (add a row, or widen a row's lists)");
    }
}

void load_escarpments(Data& d, const Section& los) {
    Section e = los.table("escarpments", true);
    if (!e.present()) return;
    e.only_keys({"rule", "first", "on_escarpment_counts_as", "on_escarpment_call", "plateau_counts_as_hill",
                 "plateau_call", "crossings", "crossings_call", "case"});
    Escarpments& es = d.escarpments;
    if (auto r = read_rule(d, e)) es.rule = *r;
    if (auto s = read_text(e, "first")) es.first = *s;
    if (auto c = e.choice("on_escarpment_counts_as", {"partly", "wholly"}, true)) es.counts_as = on_hill_from(*c);
    if (auto s = read_text(e, "on_escarpment_call")) es.counts_as_call = *s;
    if (auto b = e.boolean("plateau_counts_as_hill", true)) es.plateau_counts_as_hill = *b;
    if (auto s = read_text(e, "plateau_call")) es.plateau_call = *s;
    // Optional, so a club's copy from before the choice still loads (docs/gf9-tanks.md).
    if (auto c = e.choice("crossings", {"every", "first"}, false)) es.every_crossing = *c == "every";
    if (auto s = read_text(e, "crossings_call", false)) es.crossings_call = *s;
    std::set<std::pair<bool, bool>> seen;
    for (const Section& ct : e.tables("case", true)) {
        ct.only_keys({"firer", "target", "blocked_when", "by_more_than", "says"});
        auto f = ct.choice("firer", {"on", "not-on"}, true);
        auto t = ct.choice("target", {"on", "below"}, true);
        auto w = ct.choice("blocked_when", {"target-closer", "target-further"}, true);
        const auto by_read = ct.number("by_more_than", true, 0.0, d.max_distance);
        const double by = by_read.value_or(-1.0);
        if (by_read && !std::isfinite(by))
            ct.error("by_more_than", "must be a finite number of inches (accepted: 0 to " + inches(d.max_distance) + ")");
        auto says = read_text(ct, "says");
        if (!f || !t || !w || !by_read || !std::isfinite(by) || !says) continue;
        EscarpmentCase c;
        c.firer_on = *f == "on";
        c.target_below = *t == "below";
        c.target_closer = *w == "target-closer";
        c.by_more_than = by;
        c.says = *says;
        if (!seen.insert({c.firer_on, c.target_below}).second) {
            ct.error("target", "another case already covers firer " + *f + " / target " + *t);
            continue;
        }
        es.cases.push_back(c);
    }
}

void load_core(Data& d, const Section& los) {
    Section c = los.table("core", true);
    if (!c.present()) return;
    std::vector<std::pair<std::size_t, std::string>> order;
    for (const auto& [k, v] : *c.raw()) order.emplace_back(v.source().begin.line, std::string(k.str()));
    std::sort(order.begin(), order.end());
    for (const auto& [line, name] : order) {
        Section t = c.table(name, true);
        if (!t.present()) continue;
        t.only_keys({"label", "hill_to_hill", "otherwise"});
        CoreObstacle o;
        o.name = name;
        bool ok = true;
        if (auto l = read_text(t, "label")) o.label = *l;
        else ok = false;
        for (auto [key, out] : {std::pair<const char*, CoreOutcome*>{"hill_to_hill", &o.hill_to_hill}, {"otherwise", &o.otherwise}}) {
            Section ot = t.table(key, true);
            if (!ot.present()) { ok = false; continue; }
            ot.only_keys({"effect", "rule", "says"});
            auto eff = ot.choice("effect", kCore, true);
            auto r = read_rule(d, ot);
            auto s = read_text(ot, "says");
            if (!eff || !r || !s) { ok = false; continue; }
            out->effect = *eff == "over" ? CoreEffect::over : CoreEffect::core;
            out->rule = *r;
            out->says = *s;
        }
        if (ok) d.core.push_back(std::move(o));
    }
}

// [los]: hills, escarpments and the core obstacles.
void load_los(Data& d, const Section& root) {
    Section los = root.table("los", true);
    if (!los.present()) return;
    los.only_keys({"hills", "escarpments", "core"});
    load_hills(d, los);
    load_escarpments(d, los);
    load_core(d, los);
}

// [table]: tabletop files for this game (tabletop/sketch.hpp, docs/tables.md); a table's kinds are
// the terrain, the core obstacles and the vias.
void load_table(Data& d, const Section& root) {
    std::vector<std::string> names = d.terrain_names();
    for (const auto& c : d.core) names.push_back(c.name);
    for (const auto& v : d.vias) names.push_back(v);
    d.table = tabletop::load_rules(root.table("table", true), names, d.citations);
}

}  // namespace

Data load_data(const std::filesystem::path& file) {
    return read_rules_file<Data>(file, {"citations", "limits", "movement", "los", "table"},
                                 {load_citations, load_limits, load_movement, load_los, load_table});
}

// ---- parse_situation() ------------------------------------------------------
// Absent feature keys mean the feature is absent (false, 0, "none", []); with an escarpment
// involved, the keys that pick its blocking case are required (require_escarpment_sides());
// escarpment distances are required exactly when a blocking case's positions hold
// (docs/gf9-tanks.md).

namespace {

std::optional<double> read_distance(const Data& d, const Section& line, const char* key) {
    auto v = line.number(key, false, 0.0, d.max_distance);
    if (v && !std::isfinite(*v)) {
        line.error(key, "must be a finite number of inches (accepted: 0 to " + inches(d.max_distance) + ")");
        return std::nullopt;
    }
    return v;
}

// GF9-escarpments picks its blocking case by where each vehicle stands: the firer on the
// escarpment or not, the target on it, below it, or elsewhere. When an escarpment is involved
// those keys must be given, not defaulted: a verdict on an assumed side could be the wrong case.
// False when one is missing (then which distances the case needs is not known either).
bool require_escarpment_sides(const Section& f, const Section& t, const LosSituation& s) {
    const bool involved = s.firer.on_escarpment || s.target.on_escarpment || s.target.below_escarpment || s.escarpment_between;
    if (!involved) return true;
    bool ok = true;
    auto ask = [&](const Section& table, const char* key, const std::string& message) {
        table.error(key, message);
        ok = false;
    };
    const std::string why = " (an escarpment is involved, and GF9-escarpments' blocking cases depend on it: give true or false)";
    if (!f.has("on_escarpment")) ask(f, "on_escarpment", "missing required key: is the firer on the escarpment?" + why);
    if (!t.has("on_escarpment") && !s.target.below_escarpment)
        ask(t, "on_escarpment", "missing required key: is the target on the escarpment?" + why);
    if (s.firer.on_escarpment && !s.target.on_escarpment && !t.has("below_escarpment"))
        ask(t, "below_escarpment", "missing required key: is the target below the escarpment the firer is on?" + why);
    return ok;
}

// The distances a blocking case needs, when its positions hold (GF9-escarpments).
void require_distances(const Data& d, const Section& t, bool f_on, bool t_on, bool t_below, const char* fkey, const char* tkey) {
    for (const auto& c : d.escarpments.cases)
        if (c.applies(f_on, t_on, t_below)) {
            if (!t.has(fkey))
                t.error(fkey, "missing required key (inches from the firer to the escarpment, 0 or more): the escarpment case of GF9-escarpments needs it");
            if (!t.has(tkey))
                t.error(tkey, "missing required key (inches from the target to the escarpment, 0 or more): the escarpment case of GF9-escarpments needs it");
            return;
        }
}

// [[escarpment]] (added): every further escarpment, with the same sides and distances the main
// keys give the first; the sides are required, as there (require_escarpment_sides).
void parse_further_escarpments(const Data& d, const Section& root, LosSituation& s) {
    if (!root.has("escarpment")) return;
    for (const Section& e : root.tables("escarpment")) {
        e.only_keys({"name", "firer_on", "target_on", "target_below", "between", "firer_distance", "target_distance"});
        EscarpmentLine x;
        x.name = e.str("name").value_or("");
        const auto f_on = e.boolean("firer_on", true);
        x.firer_on = f_on.value_or(false);
        x.target_below = e.boolean("target_below").value_or(false);
        x.target_on = e.boolean("target_on", !x.target_below).value_or(false);
        x.between = e.boolean("between").value_or(false);
        x.firer_distance = read_distance(d, e, "firer_distance");
        x.target_distance = read_distance(d, e, "target_distance");
        if (x.target_on && x.target_below) e.error("target_below", "the target cannot be both on the escarpment and below it");
        if (x.firer_on && !x.target_on && !e.has("target_below"))
            e.error("target_below", "missing required key: is the target below this escarpment, which the firer is on? (GF9-escarpments' "
                                    "blocking cases depend on it: give true or false)");
        if (f_on) require_distances(d, e, x.firer_on, x.target_on, x.target_below, "firer_distance", "target_distance");
        s.further.push_back(std::move(x));
    }
}

void parse_los(const Data& d, const Section& root, LosSituation& s) {
    // Every key of [firer] and [target] has a default, so the tables may be left out too.
    Section f = root.table("firer");
    Section t = root.table("target");
    Section line = root.table("line");
    f.only_keys({"on_hill", "on_escarpment"});
    t.only_keys({"on_hill", "on_escarpment", "below_escarpment"});
    line.only_keys({"hills_between", "partly_hidden", "escarpment_between", "firer_distance_to_escarpment",
                    "target_distance_to_escarpment", "same_hill", "terrain", "obstacles", "escarpment_name"});
    // on_hill: absent means not on a hill (the contract marks no gf9 key required; an
    // escarpment-only situation need not say it).
    if (f.present())
        if (auto v = f.choice("on_hill", kOnHill, false)) s.firer.on_hill = on_hill_from(*v);
    if (t.present())
        if (auto v = t.choice("on_hill", kOnHill, false)) s.target.on_hill = on_hill_from(*v);
    s.firer.on_escarpment = f.boolean("on_escarpment").value_or(false);
    s.target.on_escarpment = t.boolean("on_escarpment").value_or(false);
    s.target.below_escarpment = t.boolean("below_escarpment").value_or(false);
    const auto hills = line.integer("hills_between", false, 0, d.max_hills_between);
    s.hills_between = static_cast<int>(hills.value_or(0));
    s.partly_hidden = line.boolean("partly_hidden").value_or(false);
    s.escarpment_between = line.boolean("escarpment_between").value_or(false);
    s.same_hill = line.boolean("same_hill").value_or(false);
    s.escarpment_name = line.str("escarpment_name").value_or("");
    s.firer_distance = read_distance(d, line, "firer_distance_to_escarpment");
    s.target_distance = read_distance(d, line, "target_distance_to_escarpment");
    if (auto v = line.choice_array("terrain", d.shooting_terrain_names())) s.terrain = *v;
    if (auto v = line.choice_array("obstacles", d.obstacle_names())) s.obstacles = *v;

    parse_further_escarpments(d, root, s);
    // on_hill with on_escarpment = true is no contradiction: outside the blocking cases the
    // vehicle counts as on a hill (GF9-escarpments), and on_hill = partly / wholly says how.
    if (s.target.on_escarpment && s.target.below_escarpment)
        t.error("below_escarpment", "the target cannot be both on the escarpment and below it");
    // Both on hills (one may also stand on top of an escarpment that cuts the hill, the other
    // below it), or both on top of an escarpment.
    bool f_top = s.firer.on_escarpment, t_top = s.target.on_escarpment;
    for (const auto& e : s.further) f_top = f_top || e.firer_on, t_top = t_top || e.target_on;
    const bool both_hills = s.firer.on_hill != OnHill::no && s.target.on_hill != OnHill::no;
    if (s.same_hill && !both_hills && !(f_top && t_top))
        line.error("same_hill", "needs the firer and the target both on hills or both on the escarpment");
    // partly_hidden says a hill between hides part of the target, so it implies a hill between
    // even when hills_between is left at 0 (rule_los() counts one and says so).
    if (!require_escarpment_sides(f, t, s)) return;
    // Distances are needed when a blocking case's positions hold.
    require_distances(d, line, s.firer.on_escarpment, s.target.on_escarpment, s.target.below_escarpment, "firer_distance_to_escarpment",
                      "target_distance_to_escarpment");
}

void parse_move(const Data& d, const Section& root, MoveSituation& s) {
    Section m = root.table("move", true);
    if (!m.present()) return;
    m.only_keys({"terrain", "via", "without_via", "amphibious"});
    // An array per situations.md; a single name is taken as a one-terrain move.
    const toml::node* tn = m.node("terrain");
    if (tn && tn->is_string()) {
        if (auto v = m.choice("terrain", d.terrain_names())) s.terrain = {*v};
    } else if (auto v = m.choice_array("terrain", d.terrain_names(), true)) {
        s.terrain = *v;
    }
    std::vector<std::string> accepted = {"none"};
    for (const auto& v : d.vias) accepted.push_back(v);
    if (const toml::node* n = m.node("via")) {
        if (n->is_array()) {
            if (auto v = m.choice_array("via", accepted)) {
                std::set<std::string> seen;
                for (const auto& x : *v) {
                    if (x == "none") m.error("via", "\"none\" cannot be listed with other vias (give via = \"none\" or an empty list)");
                    else if (!seen.insert(x).second) m.error("via", quoted_value(x) + " is listed twice");
                    else s.via.push_back(x);
                }
            }
        } else if (auto v = m.choice("via", accepted)) {
            if (*v != "none") s.via.push_back(*v);
        }
    }
    // without_via (added): entries of move.terrain that the move also meets by none of its vias.
    if (auto v = m.choice_array("without_via", d.terrain_names())) {
        for (const auto& x : *v)
            if (!match_name(x, s.terrain)) m.error("without_via", quoted_value(x) + " is not in move.terrain (list only terrain the move meets)");
            else if (!match_name(x, s.without_via)) s.without_via.push_back(x);
    }
    s.amphibious = m.boolean("amphibious").value_or(false);
}

}  // namespace

Situation parse_situation(const Data& d, const Section& root) {
    Situation s;
    auto q = root.choice("question", kQuestions, true);
    std::vector<std::string> keys = common_situation_keys({"question"});
    if (q && *q == "los") for (const char* k : {"firer", "target", "line", "escarpment"}) keys.push_back(k);
    if (q && *q == "movement") keys.push_back("move");
    if (q) root.only_keys(keys);
    if (auto t = root.str("title")) s.title = *t;
    if (auto n = root.str("notes")) s.notes = *n;
    if (!q) return s;
    s.question = *q == "los" ? Question::los : Question::movement;
    if (s.question == Question::los) parse_los(d, root, s.los);
    else parse_move(d, root, s.move);
    return s;
}

// ---- to_toml() --------------------------------------------------------------

toml::table to_toml(const Situation& s) {
    toml::table t = situation_table(kAbout.id, s.title);
    if (!s.notes.empty()) t.insert("notes", s.notes);
    t.insert("question", to_string(s.question));
    auto strings = [](const std::vector<std::string>& v) {
        toml::array a;
        for (const auto& x : v) a.push_back(x);
        return a;
    };
    if (s.question == Question::los) {
        const LosSituation& l = s.los;
        toml::table f, g, line;
        f.insert("on_hill", to_string(l.firer.on_hill));
        f.insert("on_escarpment", l.firer.on_escarpment);
        g.insert("on_hill", to_string(l.target.on_hill));
        g.insert("on_escarpment", l.target.on_escarpment);
        g.insert("below_escarpment", l.target.below_escarpment);
        line.insert("hills_between", l.hills_between);
        line.insert("partly_hidden", l.partly_hidden);
        line.insert("escarpment_between", l.escarpment_between);
        if (!l.escarpment_name.empty()) line.insert("escarpment_name", l.escarpment_name);
        if (l.firer_distance) line.insert("firer_distance_to_escarpment", *l.firer_distance);
        if (l.target_distance) line.insert("target_distance_to_escarpment", *l.target_distance);
        line.insert("same_hill", l.same_hill);
        line.insert("terrain", strings(l.terrain));
        line.insert("obstacles", strings(l.obstacles));
        t.insert("firer", std::move(f));
        t.insert("target", std::move(g));
        t.insert("line", std::move(line));
        if (!l.further.empty()) {
            toml::array es;
            for (const auto& e : l.further) {
                toml::table x;
                if (!e.name.empty()) x.insert("name", e.name);
                x.insert("firer_on", e.firer_on);
                x.insert("target_on", e.target_on);
                x.insert("target_below", e.target_below);
                x.insert("between", e.between);
                if (e.firer_distance) x.insert("firer_distance", *e.firer_distance);
                if (e.target_distance) x.insert("target_distance", *e.target_distance);
                es.push_back(std::move(x));
            }
            t.insert("escarpment", std::move(es));
        }
    } else {
        toml::table m;
        m.insert("terrain", strings(s.move.terrain));
        if (s.move.via.empty()) m.insert("via", "none");
        else if (s.move.via.size() == 1) m.insert("via", s.move.via.front());
        else m.insert("via", strings(s.move.via));
        if (!s.move.without_via.empty()) m.insert("without_via", strings(s.move.without_via));
        m.insert("amphibious", s.move.amphibious);
        t.insert("move", std::move(m));
    }
    return t;
}

// ---- rule_los() -------------------------------------------------------------

namespace {

struct HillOutcome {
    const HillRow* row = nullptr;
    OnHill f = OnHill::no, t = OnHill::no;
};

HillOutcome hills_for(const Data& d, const LosSituation& s, OnHill escarpment_as, int between) {
    HillOutcome o;
    // A vehicle on the escarpment counts as on a hill: as on_hill says when it says partly or
    // wholly, else as the rules-data choice.
    auto as_hill = [&](const Vehicle& v) {
        if (!v.on_escarpment) return v.on_hill;
        return v.on_hill != OnHill::no ? v.on_hill : escarpment_as;
    };
    o.f = as_hill(s.firer);
    o.t = as_hill(s.target);
    o.row = d.hills.match(o.f, o.t, s.same_hill, between > 0, s.partly_hidden && between > 0);
    return o;
}

std::string position(const Vehicle& v, bool target) {
    if (v.on_escarpment) return v.on_hill == OnHill::no ? "on the escarpment" : "on the escarpment, " + hill_phrase(v.on_hill);
    std::string p = hill_phrase(v.on_hill);
    if (target && v.below_escarpment) p += ", below the escarpment";
    return p;
}

// What the line of sight has come to so far, passed from one stage of rule_los() to the next.
struct LosState {
    Los los = Los::clear;
    bool cover = false;
    bool hill_to_hill = false;
    std::string deciding;  // the sentence that decided the line, for the verdict's detail
};

// GF9-escarpments, one blocking case whose positions hold on escarpment `e` (named `which` when
// the line has more than one): compare the two distances.
bool escarpment_case_blocks(const Data& d, const EscarpmentLine& e, const std::string& which, const EscarpmentCase& c, Ruling& r) {
    const std::string& rule = d.escarpments.rule;
    const double fd = e.firer_distance.value_or(0.0), td = e.target_distance.value_or(0.0);
    const bool closer = c.target_closer;
    const double diff = closer ? fd - td : td - fd;
    // The figure names the escarpment by number only (its name is in the steps), to fit the window.
    const std::string short_which = which.empty() ? std::string("the escarpment") : which.substr(0, which.find(" ("));
    const bool blocking_side = diff >= 0;  // diff > 0: the target lies the way the case blocks
    const std::string word = (diff >= 0) == closer ? "closer" : "further";
    r.figures.push_back({"Distances to " + short_which, "firer " + inches(fd) + ", target " + inches(td), rule,
                         "target " + word + " by " + inches(std::fabs(diff)) +
                             (blocking_side ? "; blocks when more than " + inches(c.by_more_than) : std::string(" (not ") + (closer ? "closer" : "further") + ")"),
                         "escarpment_distances"});
    std::string text = (which.empty() ? "" : capitalize(which) + ": ") + (which.empty() ? capitalize(c.says) : c.says) + ": firer " + inches(fd) +
                       " and target " + inches(td) + " from " + (which.empty() ? std::string("the escarpment") : "it") + ", so the target is ";
    if (diff > 0) text += (closer ? "closer by " : "further by ") + inches(diff);
    else if (diff < 0) text += (closer ? "further by " : "closer by ") + inches(-diff);
    else text += "as far from it as the firer";
    const bool blocks = c.blocks(fd, td);
    if (blocks) text += " (more than " + inches(c.by_more_than) + "): the escarpment blocks the line of sight.";
    else if (c.by_more_than > 0) text += " (not more than " + inches(c.by_more_than) + "): the escarpment does not block.";
    else text += ": the escarpment does not block.";
    r.step(rule, text);
    return blocks;
}

// An escarpment's name in the explanation when the line has more than one: "escarpment 2
// (\"Lower step\")"; empty when it has one.
std::string escarpment_label(const std::vector<EscarpmentLine>& all, std::size_t i) {
    if (all.size() < 2) return "";
    return "escarpment " + std::to_string(i + 1) + (all[i].name.empty() ? "" : " (" + quoted_value(all[i].name) + ")");
}

// Is escarpment i a further crossing of an escarpment listed before it (one of the same name)?
bool crossed_before(const std::vector<EscarpmentLine>& all, std::size_t i) {
    if (all[i].name.empty()) return false;
    for (std::size_t j = 0; j < i; ++j)
        if (all[j].name == all[i].name) return true;
    return false;
}

// Would escarpment e block, by a case whose positions hold? (no explanation: the other reading)
bool would_block(const Escarpments& es, const EscarpmentLine& e) {
    for (const auto& c : es.cases)
        if (c.applies(e.firer_on, e.target_on, e.target_below) && c.blocks(e.firer_distance.value_or(0.0), e.target_distance.value_or(0.0)))
            return true;
    return false;
}

// GF9-escarpments: after the core line of sight, the two blocking cases, judged for every
// escarpment taking part (each one the line crosses is an escarpment of the text). One escarpment
// the line meets again (an entry of the same name) is judged at every crossing or only the first
// (`crossings`), a referee's call when the other reading decides otherwise. True if one blocks.
bool escarpment_blocks(const Data& d, const LosSituation& s, Ruling& r, LosState& st) {
    const Escarpments& es = d.escarpments;
    const std::vector<EscarpmentLine> all = s.escarpments();
    if (all.empty()) return false;
    r.step(es.rule, capitalize(es.first) + (all.size() > 1 ? " (for each of the " + std::to_string(all.size()) + " escarpments)." : "."));
    bool blocked = false, other = false;  // other: the verdict under the other crossings reading
    for (std::size_t i = 0; i < all.size(); ++i) {
        const EscarpmentLine& e = all[i];
        const std::string which = escarpment_label(all, i);
        const bool again = crossed_before(all, i);
        if (again && !es.every_crossing) {
            r.step(es.rule, capitalize(which) + " is the line meeting " + quoted_value(e.name) +
                                " again: only its first crossing is judged (rules-data crossings = \"first\").");
            other = other || would_block(es, e);
            continue;
        }
        if (!again) other = other || would_block(es, e);
        for (const auto& c : es.cases) {
            if (!c.applies(e.firer_on, e.target_on, e.target_below) || !escarpment_case_blocks(d, e, which, c, r)) continue;
            if (!blocked) st.deciding = (which.empty() ? std::string("the escarpment") : which) + " blocks the line of sight (GF9-escarpments)";
            blocked = true;
        }
        if (e.between && (e.firer_on || e.target_on))
            r.step(es.rule, capitalize(which.empty() ? std::string("the escarpment") : which) +
                                (again ? " is the line crossing " + quoted_value(e.name) + " again, judged like the first crossing" : " on the line is judged") +
                                " by where the firer and the target stand on it.");
    }
    if (other != blocked)
        r.call(es.rule, es.crossings_call + " Umpire judges " + (es.every_crossing ? "every crossing" : "only the first crossing") +
                            " (rules-data crossings = \"" + (es.every_crossing ? "every" : "first") + "\"); judging " +
                            (es.every_crossing ? "only the first crossing" : "every crossing") + ", the escarpment would " +
                            (other ? "block" : "not block") + " the line of sight.");
    return blocked;
}

// Does the other reading of a choice rule the line differently? (los, cover, or hill to hill
// when something on the line depends on it)
bool outcome_differs(const HillOutcome& o, const HillOutcome& alt, const LosSituation& s) {
    return !alt.row || alt.row->los != o.row->los || alt.row->cover != o.row->cover ||
           (alt.row->hill_to_hill != o.row->hill_to_hill && !s.obstacles.empty());
}

// The escarpments the line crosses with neither vehicle on top of them (raised ground between);
// one escarpment met again (a U-shaped cliff crossed up and down) is one raised ground.
int plateaus(const LosSituation& s) {
    int n = 0;
    const auto all = s.escarpments();
    for (std::size_t i = 0; i < all.size(); ++i) n += all[i].between && !all[i].firer_on && !all[i].target_on && !crossed_before(all, i) ? 1 : 0;
    return n;
}

// The hills between as the hills table counts them: plateau escarpments between (choice) and a
// partly hidden target (which asserts a hill between). `alt`: the count under the other plateau reading.
int hills_between(const Data& d, const LosSituation& s, Ruling& r, int& alt) {
    const Escarpments& es = d.escarpments;
    const int plateau = plateaus(s);
    const std::string one = plateau == 1 ? "The escarpment between" : "Each of the " + std::to_string(plateau) + " escarpments between";
    int between = s.hills_between;
    alt = s.hills_between + (!es.plateau_counts_as_hill ? plateau : 0);
    if (plateau > 0 && es.plateau_counts_as_hill) {
        between += plateau;
        r.step(es.rule, one + " counts as one more hill between (" + std::to_string(between) + " in all).");
    } else if (plateau > 0) {
        r.step(es.rule, one + (plateau == 1 ? " does" : " do") + " not count as a hill between.");
    }
    if (s.partly_hidden && alt == 0) alt = 1;
    if (s.partly_hidden && between == 0) {
        between = 1;
        r.step(d.hills.rule, "A hill between hides part of the target, so one hill between is counted.");
    }
    return between;
}

// GF9-escarpments sentence 6: outside the blocking cases a vehicle on the escarpment counts as on
// a hill; on_hill says how, or (left at "no") the rules-data choice. True if the choice is used.
bool explain_escarpment_as_hill(const Data& d, const LosSituation& s, Ruling& r) {
    const Escarpments& es = d.escarpments;
    const bool f_default = s.firer.on_escarpment && s.firer.on_hill == OnHill::no;
    const bool t_default = s.target.on_escarpment && s.target.on_hill == OnHill::no;
    if (f_default || t_default)
        r.step(es.rule, std::string("Outside the blocking cases a vehicle on the escarpment counts as on a hill: ") +
                            (es.counts_as == OnHill::wholly ? "wholly" : "partly") + " on it.");
    if ((s.firer.on_escarpment && !f_default) || (s.target.on_escarpment && !t_default))
        r.step(es.rule, "Outside the blocking cases a vehicle on the escarpment counts as on a hill, as partly or wholly as its on_hill says.");
    return f_default || t_default;
}

// The two escarpment choices: a referee's call only when the other reading changes the outcome.
void flag_escarpment_choices(const Data& d, const LosSituation& s, const HillOutcome& o, int between, int alt_between, int plateau,
                             bool counts_as_used, Ruling& r) {
    const Escarpments& es = d.escarpments;
    if (plateau > 0) {
        if (outcome_differs(o, hills_for(d, s, es.counts_as, alt_between), s))
            r.call(es.rule, es.plateau_call);
        else
            r.step(es.rule, "Whether or not the escarpment between counts as a hill, the line of sight and cover are the "
                            "same, so the house rules' silence on it does not matter here.");
    }
    if (counts_as_used) {
        const OnHill other = es.counts_as == OnHill::wholly ? OnHill::partly : OnHill::wholly;
        if (outcome_differs(o, hills_for(d, s, other, between), s)) r.call(es.rule, es.counts_as_call);
    }
}

// GF9-hills: the hills table decides (vehicles on the escarpment count as on a hill: on top of
// any escarpment taking part).
void rule_hills(const Data& d, const LosSituation& given, Ruling& r, LosState& st) {
    LosSituation s = given;  // on top of any escarpment: the hills table's "on the escarpment"
    for (const auto& e : given.further) {
        s.firer.on_escarpment = s.firer.on_escarpment || e.firer_on;
        s.target.on_escarpment = s.target.on_escarpment || e.target_on;
    }
    int alt_between = 0;
    const int between = hills_between(d, given, r, alt_between);
    const bool counts_as_used = explain_escarpment_as_hill(d, s, r);
    const HillOutcome o = hills_for(d, s, d.escarpments.counts_as, between);
    if (o.f != OnHill::no) r.step(d.hills.rule, capitalize(d.hills.own_hill) + ".");
    if (s.same_hill) r.step(d.hills.rule, capitalize(d.hills.same_hill) + ".");
    else if (o.t != OnHill::no) r.step(d.hills.rule, capitalize(d.hills.onto_hill) + ".");
    r.figures.push_back({"Hills between", std::to_string(between) + (s.partly_hidden && between > 0 ? ", target partly hidden" : ""),
                         d.hills.rule, "", "hills_between"});
    if (!o.row) {  // load_data() checks the table is complete; kept as a guard.
        r.call(d.hills.rule, "no row of the hills table decides this case; the line is taken as clear");
        return;
    }
    r.step(d.hills.rule, capitalize(o.row->says) + ".");
    st.los = o.row->los;
    st.cover = o.row->cover;
    st.hill_to_hill = o.row->hill_to_hill;
    st.deciding = o.row->says + " (" + d.hills.rule + ")";
    flag_escarpment_choices(d, s, o, between, alt_between, plateaus(given), counts_as_used, r);
}

// Movement terrain on the line: each has its own shooting entry (mostly "no effect").
void rule_terrain_on_line(const Data& d, const LosSituation& s, Ruling& r, LosState& st) {
    for (const auto& name : s.terrain) {
        const Terrain* t = d.find_terrain(name);
        if (!t || !t->shooting) continue;
        const TerrainShooting& sh = *t->shooting;
        std::string text = capitalize(sh.says);
        if (sh.effect == Shooting::block) {
            text += ": the line of sight is blocked.";
            if (st.los == Los::clear) st.deciding = sh.says + " (" + sh.rule + ")";
            st.los = Los::blocked;
        } else if (sh.effect == Shooting::cover) {
            text += ": the target has cover.";
            st.cover = true;
        } else {
            text += ".";
        }
        r.step(sh.rule, text);
    }
}

// Things on the line that only the core rules judge.
void rule_core_obstacles(const Data& d, const LosSituation& s, Ruling& r, const LosState& st) {
    for (const auto& name : s.obstacles) {
        const CoreObstacle* c = d.find_core(name);
        if (!c) continue;
        const CoreOutcome& out = st.hill_to_hill ? c->hill_to_hill : c->otherwise;
        if (st.los == Los::blocked) {
            r.step(out.rule, capitalize(c->label) + ": not needed, the line is already blocked.");
            continue;
        }
        r.step(out.rule, capitalize(out.says) + ".");
        if (out.effect == CoreEffect::core)
            r.call(out.rule, "The core TANKS rules, not part of the house rules text, decide what " + c->label +
                                 " do to this shot; Umpire rules the hills and escarpments only.");
    }
}

// The contract keys, the figures and the verdict.
void finish_los(Ruling& r, LosState st) {
    if (st.los == Los::blocked) st.cover = false;
    r.set("los", to_string(st.los));
    r.set("cover", st.cover);
    r.set("hill_to_hill", st.hill_to_hill && st.los == Los::clear);
    r.figures.push_back({"Line of sight", to_string(st.los), "", "", "line_of_sight"});
    r.figures.push_back({"Cover", st.cover ? "yes" : "no", "", "", "cover"});
    if (st.los == Los::blocked) {
        r.verdict = "LINE OF SIGHT BLOCKED";
        r.tone = Tone::bad;
    } else if (st.cover) {
        r.verdict = "LINE OF SIGHT CLEAR — TARGET IN COVER";
        r.tone = Tone::caution;
    } else {
        r.verdict = "LINE OF SIGHT CLEAR";
        r.tone = Tone::good;
    }
    r.detail = capitalize(st.deciding);
}

Ruling rule_los(const Data& d, const LosSituation& s) {
    Ruling r;
    r.step(d.hills.rule, "The firer is " + position(s.firer, false) + "; the target is " + position(s.target, true) +
                             " (on a hill means partly or wholly on it).");
    r.figures.push_back({"Firer", position(s.firer, false), d.hills.rule, "", "firer_position"});
    r.figures.push_back({"Target", position(s.target, true), d.hills.rule, "", "target_position"});
    LosState st;
    if (escarpment_blocks(d, s, r, st)) st.los = Los::blocked;
    else rule_hills(d, s, r, st);
    rule_terrain_on_line(d, s, r, st);
    rule_core_obstacles(d, s, r, st);
    finish_los(r, st);
    return r;
}

// ---- rule_movement() --------------------------------------------------------

Ruling rule_movement(const Data& d, const MoveSituation& s) {
    Ruling r;
    Effect overall = d.severity.empty() ? Effect::normal : d.severity.front();
    const Terrain* worst = nullptr;
    const Cell* worst_cell = nullptr;
    json::Array by;
    std::vector<std::pair<const Cell*, std::size_t>> called;  // cells that are referee's calls, and their entry
    std::vector<Effect> effects;                              // each entry's effect
    for (const auto& name : s.terrain) {
        const Terrain* t = d.find_terrain(name);
        if (!t) continue;
        // The condition: a declared via this terrain has a cell for (the least restrictive
        // if several), else the amphibious function if the vehicle has it and the terrain a
        // cell for it, else none.
        std::string cond = "none";
        std::vector<std::string> unused;
        // A terrain the move also meets by none of its vias (without_via) takes no via's cell.
        const bool off_via = match_name(name, s.without_via).has_value();
        if (off_via && !s.via.empty())
            r.step(t->rule, capitalize(t->label) + ": the move also meets it away from its " + join_names(s.via, " or ") +
                                ", so no via is an exception for it.");
        for (const auto& v : off_via ? std::vector<std::string>{} : s.via) {
            const Cell* c = t->cell(v);
            if (!c) { unused.push_back(v); continue; }
            if (cond == "none" || d.rank(c->effect) < d.rank(t->cell(cond)->effect)) cond = v;
        }
        if (cond == "none" && s.amphibious && t->cell("amphibious")) cond = "amphibious";
        const Cell* c = t->cell(cond);
        if (!c) continue;
        if (cond == "none" || cond == "amphibious") {  // a declared via that does not help here
            for (const auto& v : unused)
                r.step(t->rule, capitalize(t->label) + ": a " + v + " is no exception here, so it is ruled as without one.");
        }
        if (s.amphibious && cond == "none" && c->effect != Effect::normal)
            r.step(t->rule, capitalize(t->label) + ": being amphibious is no exception here.");
        std::string how = cond == "none" ? "" : cond == "amphibious" ? " (amphibious)" : " (via " + cond + ")";
        r.step(c->rule, capitalize(t->label) + how + ": " + c->says + " — " + to_string(c->effect) + ".");
        if (!c->call.empty()) called.push_back({c, by.size()});
        effects.push_back(c->effect);
        r.figures.push_back({capitalize(t->label) + how, to_string(c->effect), c->rule, "", "terrain:" + t->name});
        json::Object o;
        o.emplace_back("terrain", t->name);
        o.emplace_back("condition", cond);
        o.emplace_back("movement", to_string(c->effect));
        o.emplace_back("rule", c->rule);
        by.emplace_back(std::move(o));
        if (!worst || d.rank(c->effect) > d.rank(overall)) {  // the first of the most restrictive
            overall = c->effect;
            worst = t;
            worst_cell = c;
        }
    }
    // A call is flagged unless its cell names the other reading and that reading leaves the
    // move's result unchanged (another terrain decides the move either way).
    for (const auto& [c, i] : called) {
        bool matters = true;
        if (c->alternative) {
            std::vector<Effect> alt = effects;
            alt[i] = *c->alternative;
            Effect m = d.severity.empty() ? Effect::normal : d.severity.front();
            for (Effect e : alt)
                if (d.rank(e) > d.rank(m)) m = e;
            matters = m != overall;
        }
        if (matters) r.call(c->rule, c->call);
        else
            r.step(c->rule, "The house rules are silent here, but the other reading (" + std::string(to_string(*c->alternative)) +
                                ") gives the same result for the whole move, so it is not a referee's call.");
    }
    if (!worst) {
        r.step("GF9-core", "The move meets no terrain of the house rules, so the core rules move it normally.");
        overall = Effect::normal;
    } else if (s.terrain.size() > 1) {
        r.step(worst_cell->rule, "Each terrain limits the move on its own, so the most restrictive decides: " +
                                     std::string(to_string(overall)) + " (" + worst->label + ").");
    }
    r.set("movement", to_string(overall));
    r.set("by_terrain", std::move(by));
    switch (overall) {
        case Effect::normal: r.verdict = "NORMAL MOVE"; r.tone = Tone::good; break;
        case Effect::single_move: r.verdict = "SINGLE MOVE ONLY"; r.tone = Tone::caution; break;
        case Effect::impassable: r.verdict = "IMPASSABLE"; r.tone = Tone::bad; break;
    }
    if (worst_cell) r.detail = capitalize(worst->label) + ": " + worst_cell->says + " (" + worst_cell->rule + ")";
    else r.detail = "No terrain of the house rules on the move";
    return r;
}

}  // namespace

Ruling rule(const Data& d, const Situation& s) {
    Ruling r = s.question == Question::los ? rule_los(d, s.los) : rule_movement(d, s.move);
    r.system = "gf9-tanks";
    return r;
}

// ---- Gf9Tanks ---------------------------------------------------------------

std::vector<NameList> names(const Data& d) {
    std::vector<std::string> vias = {"none"};
    for (const auto& v : d.vias) vias.push_back(v);
    return {{"question", kQuestions},
            {"on_hill", kOnHill},
            {"move.terrain", d.terrain_names()},
            {"move.via", vias},
            {"line.terrain", d.shooting_terrain_names()},
            {"line.obstacles", d.obstacle_names()}};
}

}  // namespace umpire::gf9_tanks

namespace umpire {
std::unique_ptr<GameSystem> make_gf9_tanks() { return std::make_unique<gf9_tanks::Gf9Tanks>(); }
}  // namespace umpire
