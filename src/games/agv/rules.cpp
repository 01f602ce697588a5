// A Great Victory! terrain guidelines (January 2015): movement, fire and hand-to-hand rulings.
//
// Sections
//   1. names of enums and small text helpers
//   2. Data: loading and validating rules-data/agv.toml
//   3. Situation: parsing and writing situation files
//   4. rule(): movement (AGV-movement, AGV-roads), fire (AGV-firing, AGV-cover),
//      hand-to-hand (AGV-hand-to-hand)
//   5. Agv: the GameSystem glue
#include "games/agv/rules.hpp"

#include <algorithm>
#include <set>

#include "core/names.hpp"

namespace umpire::agv {

// =====================================================================================
// 1. names of enums and small text helpers
// =====================================================================================

namespace {

const FixedNames kUnitTypes = {"foot", "mounted", "elephant", "artillery"};
const FixedNames kFirerTypes = {"foot", "mounted", "elephant", "artillery", "light-artillery"};
const FixedNames kActions = {"move", "charge", "intercept"};
const FixedNames kEffects = {"normal", "half-rate", "prohibited"};
const FixedNames kKinds = {"general", "linear"};
const FixedNames kOnRoad = {"ignored", "applies", "designate", "replaced"};
const FixedNames kSight = {"none", "blocks-beyond"};
const FixedNames kMelee = {"none", "defended", "against-units-in-it"};
const FixedNames kQuestions = {"movement", "fire", "melee"};

// Citation ids the procedures themselves use; the data file must list them in [citations].
constexpr const char* kMovement = "AGV-movement";
constexpr const char* kFiring = "AGV-firing";
constexpr const char* kCover = "AGV-cover";
constexpr const char* kMeleeRule = "AGV-hand-to-hand";
constexpr const char* kRoads = "AGV-roads";
constexpr const char* kPlacement = "AGV-placement";
const FixedNames kProcedureCitations = {kMovement, kFiring, kCover, kMeleeRule, kRoads, kPlacement};

std::string cap(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string join(const std::vector<std::string>& v) { return join_names(v, " and "); }

const char* acting(Action a) { return a == Action::move ? "moving" : a == Action::charge ? "charging" : "intercepting"; }

// "into, through or out of woods" / "over a stone wall"
std::string where_phrase(const Feature& f) {
    return (f.kind == Kind::general ? "into, through or out of " : "into, across or out of ") + f.label;
}

std::string plural(int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

}  // namespace

const char* to_string(UnitType t) { return enum_name(t, kUnitTypes); }
const char* to_string(FirerType t) { return enum_name(t, kFirerTypes); }
const char* to_string(Action a) { return enum_name(a, kActions); }
const char* to_string(Effect e) { return enum_name(e, kEffects); }
const char* to_string(Kind k) { return enum_name(k, kKinds); }
const char* to_string(OnRoad r) { return enum_name(r, kOnRoad); }
const char* to_string(Sight s) { return enum_name(s, kSight); }
const char* to_string(MeleeEffect m) { return enum_name(m, kMelee); }
const char* to_string(Question q) { return enum_name(q, kQuestions); }

const std::vector<std::string>& unit_type_names() { return kUnitTypes; }
const std::vector<std::string>& firer_type_names() { return kFirerTypes; }
const std::vector<std::string>& action_names() { return kActions; }
const std::vector<std::string>& question_names() { return kQuestions; }

UnitType moves_as(FirerType t) {
    return t == FirerType::light_artillery ? UnitType::artillery : static_cast<UnitType>(static_cast<int>(t));
}

// =====================================================================================
// 2. Data
// =====================================================================================

Effect Feature::effect(UnitType t, Action a, std::optional<bool> packed) const {
    if (t == UnitType::artillery && packed == false && artillery_unpacked) return (*artillery_unpacked)[static_cast<int>(a)];
    return movement[static_cast<int>(t)][static_cast<int>(a)];
}

bool Feature::gives_cover_against(FirerType f) const {
    return std::find(cover_against.begin(), cover_against.end(), f) != cover_against.end();
}
bool Feature::cover_claimable_by(UnitType t) const {
    return std::find(cover_targets.begin(), cover_targets.end(), t) != cover_targets.end();
}
bool Feature::cannot_fire_from(FirerType f) const {
    return std::find(no_fire_from.begin(), no_fire_from.end(), f) != no_fire_from.end();
}
const std::string* Feature::call(const std::string& cell) const {
    auto it = calls.find(cell);
    return it == calls.end() ? nullptr : &it->second;
}

const Feature* Data::find(const std::string& name) const {
    for (const auto& f : features)
        if (same_name(f.name, name)) return &f;
    return nullptr;
}

std::vector<std::string> Data::feature_names() const {
    std::vector<std::string> v;
    for (const auto& f : features) v.push_back(f.name);
    return v;
}

const Choice* Data::choice(const std::string& id) const {
    auto it = choices.find(id);
    return it == choices.end() ? nullptr : &it->second;
}

namespace {

template <class E> std::vector<E> enums_from(const std::vector<std::string>& given, const std::vector<std::string>& names) {
    std::vector<E> out;
    for (const auto& s : given) out.push_back(enum_from<E>(s, names));
    return out;
}

std::optional<Row> load_row(const Section& rows, const std::string& key, bool required) {
    Section t = rows.table(key, required);
    if (!t.present()) return std::nullopt;
    t.only_keys(kActions);
    Row row{};
    bool ok = true;
    for (std::size_t a = 0; a < kActions.size(); ++a) {
        if (auto e = t.choice(kActions[a], kEffects, true)) row[a] = enum_from<Effect>(*e, kEffects);
        else ok = false;
    }
    if (!ok) return std::nullopt;
    return row;
}

// The cells a [calls] table may name.
bool valid_call_cell(const std::string& cell) {
    if (cell == "sight" || cell == "sight-off" || cell == "melee.charger") return true;
    if (cell.rfind("fire-from.", 0) == 0)
        return std::find(kFirerTypes.begin(), kFirerTypes.end(), cell.substr(10)) != kFirerTypes.end();
    if (cell.rfind("movement.", 0) == 0) {
        const std::string rest = cell.substr(9);
        const auto dot = rest.find('.');
        if (dot == std::string::npos) return false;
        const std::string unit = rest.substr(0, dot), action = rest.substr(dot + 1);
        const bool unit_ok = unit == "artillery-unpacked" || std::find(kUnitTypes.begin(), kUnitTypes.end(), unit) != kUnitTypes.end();
        return unit_ok && std::find(kActions.begin(), kActions.end(), action) != kActions.end();
    }
    return false;
}

void check_cite(const Data& d, const Section& t, const std::string& key, const std::string& id) {
    if (!d.citations.count(id)) {
        std::vector<std::string> ids;
        for (const auto& [k, v] : d.citations) ids.push_back(k);
        t.error(key, "unknown citation id \"" + id + "\" (accepted: the ids in [citations]: " + join_names(ids, ", ") + ")");
    }
}

void load_cites(Data& d, const Section& t, Feature& f) {
    if (auto c = t.str("cite", true)) {
        f.cite = *c;
        check_cite(d, t, "cite", *c);
    }
    if (auto also = t.string_array("also_cite")) {
        f.also_cite = *also;
        for (const auto& c : *also) check_cite(d, t, "also_cite", c);
    }
}

const FixedNames kFeatureKeys = {"kind", "label", "cite", "also_cite", "movement", "ends_movement",
                                 "on_road", "road_as", "crossed_at", "sight", "cover_against", "cover_targets",
                                 "cover_only_in", "fire_through_own", "no_fire_from", "melee", "calls"};

// [feature.NAME.movement]: a row per unit type (AGV-movement: prohibited, half rate or normal
// for move, charge and intercept), and artillery-unpacked where it differs (streams).
void load_movement(const Section& t, Feature& f) {
    Section mv = t.table("movement", true);
    if (!mv.present()) return;
    std::vector<std::string> rows = kUnitTypes;
    rows.push_back("artillery-unpacked");
    mv.only_keys(rows);
    for (std::size_t u = 0; u < kUnitTypes.size(); ++u)
        if (auto r = load_row(mv, kUnitTypes[u], true)) f.movement[u] = *r;
    f.artillery_unpacked = load_row(mv, "artillery-unpacked", false);
}

// AGV-roads, AGV-placement, AGV-bridges: what a road through the feature does to it, and where
// the feature is crossed (bridge, ford).
void load_road(const Section& t, Feature& f) {
    if (auto r = t.choice("on_road", kOnRoad, true)) f.on_road = enum_from<OnRoad>(*r, kOnRoad);
    if (auto ra = t.str("road_as")) {
        if (f.on_road != OnRoad::replaced) t.error("road_as", "only used with on_road = \"replaced\"");
        f.road_as = *ra;  // checked once every feature is known
    } else if (f.on_road == OnRoad::replaced) {
        t.error("road_as", "missing required key (on_road = \"replaced\" needs the feature it counts as)");
    }
    if (auto c = t.string_array("crossed_at")) f.crossed_at = *c;  // checked once every feature is known
}

// AGV-firing, AGV-cover: sight, the cover the feature gives (against which fire, to which
// targets, only to stands in it), and who cannot fire from it.
void load_fire(const Section& t, Feature& f) {
    if (auto s = t.choice("sight", kSight)) f.sight = enum_from<Sight>(*s, kSight);
    if (auto c = t.choice_array("cover_against", kFirerTypes)) f.cover_against = enums_from<FirerType>(*c, kFirerTypes);
    if (auto c = t.choice_array("cover_targets", kUnitTypes)) {
        f.cover_targets = enums_from<UnitType>(*c, kUnitTypes);
        if (f.cover_against.empty()) t.error("cover_targets", "this feature gives no cover (cover_against is empty)");
    } else {
        f.cover_targets = enums_from<UnitType>(kUnitTypes, kUnitTypes);
    }
    if (auto b = t.boolean("cover_only_in")) {
        f.cover_only_in = *b;
        if (*b && f.cover_against.empty()) t.error("cover_only_in", "this feature gives no cover (cover_against is empty)");
    }
    f.fire_through_own = t.boolean("fire_through_own").value_or(true);
    if (auto c = t.choice_array("no_fire_from", kFirerTypes)) f.no_fire_from = enums_from<FirerType>(*c, kFirerTypes);
}

// [feature.NAME.calls]: the cells where the guidelines are silent, each naming a [choices] id,
// and only cells this feature can rule on.
void load_calls(const Section& t, Feature& f) {
    Section calls = t.table("calls");
    if (calls.present()) {
        for (const auto& [k, v] : *calls.raw()) {
            const std::string cell(k.str());
            if (!valid_call_cell(cell)) {
                calls.error(cell, "unknown cell (accepted: movement.UNIT.ACTION with UNIT " + join_names(kUnitTypes, ", ") +
                                      " or artillery-unpacked and ACTION " + join_names(kActions) + "; fire-from.FIRER with FIRER " +
                                      join_names(kFirerTypes) + "; sight; sight-off; melee.charger)");
                continue;
            }
            if (!v.is_string()) {
                calls.error(cell, "expected the id of a [choices] entry, found " + describe_type(v));
                continue;
            }
            f.calls[cell] = v.as_string()->get();  // checked once [choices] is read
        }
    }
    if (f.calls.count("melee.charger") && f.melee != MeleeEffect::against_units_in_it)
        calls.error("melee.charger", "only a feature with melee = \"against-units-in-it\" gives a charger an advantage");
    if (f.calls.count("movement.artillery-unpacked.move") + f.calls.count("movement.artillery-unpacked.charge") +
            f.calls.count("movement.artillery-unpacked.intercept") >
        0 && !f.artillery_unpacked)
        calls.error("", "names an artillery-unpacked cell, but [movement] has no artillery-unpacked row");
}

// One [feature.NAME] table: its kind (AGV-terrain-types), movement, roads and crossings, fire,
// hand-to-hand effect (AGV-hand-to-hand) and calls.
Feature load_feature(Data& d, const std::string& name, const Section& t) {
    t.only_keys(kFeatureKeys);
    Feature f;
    f.name = name;
    if (auto k = t.choice("kind", kKinds, true)) f.kind = enum_from<Kind>(*k, kKinds);
    f.label = t.str("label", true).value_or(name);
    load_cites(d, t, f);
    load_movement(t, f);
    f.ends_movement = t.boolean("ends_movement").value_or(false);
    load_road(t, f);
    load_fire(t, f);
    if (auto m = t.choice("melee", kMelee, true)) f.melee = enum_from<MeleeEffect>(*m, kMelee);
    load_calls(t, f);
    return f;
}

// [game]: the numbers the procedures use (half rate, cover and melee divisors, stands for cover).
void load_game(Data& d, const Section& root) {
    Section game = root.table("game", true);
    game.only_keys({"half_rate_cost", "cover_divisor", "melee_divisor", "cover_block_count"});
    d.half_rate_cost = static_cast<int>(game.integer("half_rate_cost", true, 1, 10).value_or(2));
    d.cover_divisor = static_cast<int>(game.integer("cover_divisor", true, 1, 10).value_or(2));
    d.melee_divisor = static_cast<int>(game.integer("melee_divisor", true, 1, 10).value_or(2));
    d.cover_block_count = static_cast<int>(game.integer("cover_block_count", true, 1, 99).value_or(2));
}

// [citations]: every id the rulings cite must be there.
void load_citations(Data& d, const Section& root) {
    Section cites = root.table("citations", true);
    if (!cites.present()) return;
    for (const auto& [k, v] : *cites.raw()) {
        const std::string id(k.str());
        if (auto s = cites.str(id, true)) d.citations[id] = *s;
    }
    for (const auto& id : kProcedureCitations)
        if (!d.citations.count(id)) cites.error("", "missing the citation id \"" + id + "\" that the rulings use");
}

// [choices]: Umpire's readings where the guidelines are silent.
void load_choices(Data& d, const Section& root) {
    Section choices = root.table("choices", true);
    if (!choices.present()) return;
    choices.each_table([&d](const std::string& id, const Section& c) {
        c.only_keys({"reading", "why"});
        Choice ch{id, c.str("reading", true).value_or(""), c.str("why", true).value_or("")};
        d.choices[id] = std::move(ch);
    });
}

// A [feature.NAME] table with its line in the file (toml++ keeps tables sorted by key).
struct Pending {
    std::string name;
    Section t;
    std::int64_t line;
};

// The [feature.*] tables in file order.
std::vector<Pending> pending_features(const Section& feats) {
    std::vector<Pending> pending;
    if (feats.present()) {
        for (const auto& [k, v] : *feats.raw()) {
            const std::string name(k.str());
            Section t = feats.table(name, true);
            if (t.present()) pending.push_back({name, t, static_cast<std::int64_t>(v.source().begin.line)});
        }
    }
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& a, const Pending& b) { return a.line < b.line; });
    return pending;
}

// same_as: a feature that copies another's effects (fords are streams, earthworks are stone walls).
void load_copy(Data& d, const Pending& p) {
    p.t.only_keys({"same_as", "label", "cite", "also_cite", "crossed_at"});
    auto target = p.t.str("same_as", true);
    if (!target) return;
    const Feature* base = nullptr;
    for (const auto& f : d.features)
        if (same_name(f.name, *target)) base = &f;
    if (!base) {
        p.t.error("same_as", "unknown feature \"" + *target + "\" (accepted: a feature with its own effects: " +
                                 join_names(d.feature_names(), ", ") + ")");
        return;
    }
    Feature f = *base;
    f.name = p.name;
    f.same_as = base->name;
    // A copy may name its own crossings: a ford is a stream, but it is itself the crossing
    // place, so no bridge carries a unit over it.
    if (p.t.has("crossed_at")) f.crossed_at = p.t.string_array("crossed_at").value_or(std::vector<std::string>{});
    f.label = p.t.str("label", true).value_or(p.name);
    f.also_cite.clear();
    load_cites(d, p.t, f);
    d.features.push_back(std::move(f));
}

// Every feature: names unique, those with their own effects first, then the copies; listed in
// file order so lists read naturally.
void load_features(Data& d, const std::vector<Pending>& pending) {
    std::set<std::string> seen;
    for (const auto& p : pending) {
        if (!seen.insert(normalize_name(p.name)).second)
            p.t.error("", "the name \"" + p.name + "\" is used twice (names are matched ignoring case, spaces and / - ( ) .)");
        if (p.t.has("same_as")) continue;
        d.features.push_back(load_feature(d, p.name, p.t));
    }
    for (const auto& p : pending)
        if (p.t.has("same_as")) load_copy(d, p);
    std::stable_sort(d.features.begin(), d.features.end(), [&](const Feature& a, const Feature& b) {
        auto line = [&](const std::string& n) {
            for (const auto& p : pending)
                if (p.name == n) return p.line;
            return std::int64_t{0};
        };
        return line(a.name) < line(b.name);
    });
}

// Cross-references, once everything is read: road_as, crossed_at and calls name known features
// and choices.
void check_references(const Data& d, const std::vector<Pending>& pending) {
    const auto unknown = [&](const std::string& n) { return "unknown feature \"" + n + "\" (accepted: " + join_names(d.feature_names(), ", ") + ")"; };
    for (const auto& p : pending) {
        const Feature* f = d.find(p.name);
        if (f && p.t.has("same_as") && p.t.has("crossed_at"))
            for (const auto& c : f->crossed_at)
                if (!d.find(c)) p.t.error("crossed_at", unknown(c));
        if (!f || p.t.has("same_as")) continue;
        if (f->on_road == OnRoad::replaced && !f->road_as.empty()) {
            const Feature* as = d.find(f->road_as);
            if (!as) p.t.error("road_as", unknown(f->road_as));
            else if (as->on_road == OnRoad::replaced) p.t.error("road_as", quoted_value(f->road_as) + " is itself replaced on a road");
        }
        for (const auto& c : f->crossed_at)
            if (!d.find(c)) p.t.error("crossed_at", unknown(c));
        Section calls = p.t.table("calls");
        for (const auto& [cell, id] : f->calls)
            if (!d.choice(id)) {
                std::vector<std::string> ids;
                for (const auto& [k, v] : d.choices) ids.push_back(k);
                calls.error(cell, "unknown choice \"" + id + "\" (accepted: the ids in [choices]: " + join_names(ids, ", ") + ")");
            }
    }
}

// [[feature]]: every terrain feature, then what they name of each other checked.
void load_feature_tables(Data& d, const Section& root) {
    Section feats = root.table("feature", true);
    const std::vector<Pending> pending = pending_features(feats);
    load_features(d, pending);
    check_references(d, pending);
    if (d.features.empty() && feats.present()) feats.error("", "no terrain features");
}

// [table]: tabletop files and the placement guidelines (tabletop/sketch.hpp, docs/tables.md), after
// the features, whose names a table's kinds must be.
void load_table(Data& d, const Section& root) {
    d.table = tabletop::load_rules(root.table("table", true), d.feature_names(), d.citations);
}

}  // namespace

Data load_data(const std::filesystem::path& file) {
    return read_rules_file<Data>(file, {"game", "citations", "feature", "choices", "table"},
                                 {load_game, load_citations, load_choices, load_feature_tables, load_table});
}

// =====================================================================================
// 3. Situation
// =====================================================================================

namespace {

std::vector<std::string> names_or_empty(const Section& t, const std::string& key, const Data& d) {
    return t.choice_array(key, d.feature_names()).value_or(std::vector<std::string>{});
}

long count_of(const std::vector<std::string>& v, const std::string& n) { return std::count(v.begin(), v.end(), n); }
bool contains_name(const std::vector<std::string>& v, const std::string& n) { return count_of(v, n) > 0; }

// A key whose names mark some of another list's: each name must be in `within`, and a name may be
// given at most as often as `within` holds it (one copy marks one feature). Reports at `key`.
void marks_within(const Section& t, const std::string& key, const std::vector<std::string>& marks, const std::vector<std::string>& within,
                  const std::string& within_key, const std::string& why) {
    for (const auto& n : std::set<std::string>(marks.begin(), marks.end()))
        if (count_of(marks, n) > count_of(within, n))
            t.error(key, quoted_value(n) + " is given " + std::to_string(count_of(marks, n)) + " times here but " + std::to_string(count_of(within, n)) +
                             " times in " + within_key + " (" + why + ")");
}

void parse_movement(const Data& d, const Section& root, Movement& m) {
    Section unit = root.table("unit", true);
    unit.only_keys({"type", "packed", "block"});
    if (auto t = unit.choice("type", kUnitTypes, true)) m.type = enum_from<UnitType>(*t, kUnitTypes);
    m.packed = unit.boolean("packed");
    m.block = unit.boolean("block");
    Section move = root.table("move", true);
    move.only_keys({"action", "terrain", "on_road", "starts_in", "beside_road"});
    if (auto a = move.choice("action", kActions, true)) m.action = enum_from<Action>(*a, kActions);
    if (auto t = move.choice_array("terrain", d.feature_names(), true)) m.terrain = *t;
    // Added key: the features the unit is interpenetrated with when it begins; the movement leaves
    // them ("out of"), so each must also be in `terrain` (features entered, crossed or left).
    m.starts_in = names_or_empty(move, "starts_in", d);
    for (const auto& n : m.starts_in)
        if (const Feature* f = d.find(n); f && f->ends_movement)  // AGV-bridges: a crossing unit is placed beyond it
            move.error("starts_in", quoted_value(n) + ": a unit never stands on it (crossing picks the unit up and places it on the far "
                                       "side), so it cannot start there");
        else if (std::find(m.terrain.begin(), m.terrain.end(), n) == m.terrain.end())
            move.error("starts_in", quoted_value(n) + " must also be named in move.terrain (starts_in marks the features of `terrain` the unit " +
                                       "is in when it begins, and so moves out of)");
    m.on_road = move.boolean("on_road").value_or(false);
    // Added key (AGV-roads): features of `terrain` the unit touches beside the road, which the road
    // does not pass through, so their effects still apply along it.
    m.beside_road = names_or_empty(move, "beside_road", d);
    marks_within(move, "beside_road", m.beside_road, m.terrain, "move.terrain",
                 "beside_road marks features of `terrain` the road does not pass through; each copy marks one");
    // An unpacked artillery unit may be barred where a packed one is not (AGV-streams): then the
    // situation must say which it is.
    if (unit.present() && m.type == UnitType::artillery && !m.packed) {
        std::vector<std::string> needs;
        for (const auto& n : m.terrain)
            if (const Feature* f = d.find(n); f && f->artillery_unpacked && *f->artillery_unpacked != f->movement[3]) {
                // a stream under a bridge also named is not entered, unless the unit starts in it
                bool crossed_at = false;
                if (std::find(m.starts_in.begin(), m.starts_in.end(), n) == m.starts_in.end())
                    for (const auto& c : f->crossed_at)
                        for (const auto& o : m.terrain) crossed_at = crossed_at || same_name(o, c);
                if (!crossed_at) needs.push_back(n);
            }
        // The contract's template shows `packed = false` (unpacked) like every other boolean key
        // it shows: left out, it is false. Where that matters the ruling says so.
        if (!needs.empty()) {
            m.packed = false;
            m.packed_assumed = true;
        }
    }
}

// One [[stand]]: the features it is in and those between, and the added keys marking some of
// them (apart, not_between, behind_own; docs/agv.md).
Stand parse_stand(const Data& d, const Section& t, const Fire& f) {
    t.only_keys({"in", "between", "apart", "not_between", "behind_own"});
    Stand s;
    s.in = names_or_empty(t, "in", d);
    s.between = names_or_empty(t, "between", d);
    s.apart = names_or_empty(t, "apart", d);
    s.not_between = names_or_empty(t, "not_between", d);
    s.behind_own = names_or_empty(t, "behind_own", d);
    marks_within(t, "not_between", s.not_between, s.in, "this stand's `in`",
                 "not_between marks features the stand is in or touching that do not lie between it and the firer");
    // The features of each name here: those in `in`, and the copies in `between` beyond those
    // that are one of them (a name in both is one feature, unless it is marked not_between).
    std::vector<std::string> here = s.in;
    for (const auto& n : std::set<std::string>(s.between.begin(), s.between.end()))
        for (long k = count_of(s.between, n) - (count_of(s.in, n) - count_of(s.not_between, n)); k > 0; --k) here.push_back(n);
    for (const auto& a : s.apart)
        if (!contains_name(f.firer_in, a) || !contains_name(here, a))
            t.error("apart", quoted_value(a) + " must be named in firer.in and in this stand's `in` or `between` (apart marks a " +
                                 "feature here as a different one from the firer's feature of the same name)");
    marks_within(t, "apart", s.apart, here, "this stand's `in` and `between`", "each copy marks one feature");
    for (const auto& b : s.behind_own) {
        const Feature* feat = d.find(b);
        if (!contains_name(f.firer_in, b) || !contains_name(s.between, b))
            t.error("behind_own", quoted_value(b) + " must be named in firer.in and in this stand's `between` (behind_own marks the " +
                                      "firer's own hill or contour as rising between the firer and the stand)");
        else if (feat && (feat->sight != Sight::blocks_beyond || !feat->fire_through_own))
            t.error("behind_own", quoted_value(b) + ": only a feature that hides stands beyond it but lets a firer on it fire off it " +
                                      "(a hill or a contour) can rise between the firer on it and a stand");
    }
    marks_within(t, "behind_own", s.behind_own, f.firer_in, "firer.in", "each copy marks one of the firer's features");
    return s;
}

void parse_fire(const Data& d, const Section& root, Fire& f) {
    Section firer = root.table("firer", true);
    firer.only_keys({"type", "in", "dice", "wholly_in"});
    if (auto t = firer.choice("type", kFirerTypes, true)) f.firer = enum_from<FirerType>(*t, kFirerTypes);
    f.firer_in = names_or_empty(firer, "in", d);
    f.wholly_in = names_or_empty(firer, "wholly_in", d);
    for (const auto& w : f.wholly_in)
        if (std::find(f.firer_in.begin(), f.firer_in.end(), w) == f.firer_in.end())
            firer.error("wholly_in", quoted_value(w) + " must also be named in firer.in (wholly_in marks the features of `in` the " +
                                         "firing stand is wholly within, not just partly in or touching)");
    f.dice = static_cast<int>(firer.integer("dice", true, 1, 1000).value_or(1));
    auto stands = root.tables("stand");
    // The target's type matters only through a feature whose cover depends on it (ditches cover
    // foot stands only): elsewhere it may be left out.
    bool type_matters = false;
    for (const Section& t : stands)
        for (const char* key : {"in", "between"})
            if (const toml::node* arr = t.node(key); arr && arr->is_array())
                for (const auto& el : *arr->as_array())
                    if (const Feature* feat = el.is_string() ? d.find(el.as_string()->get()) : nullptr)
                    for (const auto& u : kUnitTypes)
                        type_matters = type_matters || feat->cover_claimable_by(enum_from<UnitType>(u, kUnitTypes)) !=
                                                           feat->cover_claimable_by(UnitType::foot);
    Section target = root.table("target", type_matters);
    target.only_keys({"type"});
    if (auto t = target.choice("type", kUnitTypes, type_matters)) f.target = enum_from<UnitType>(*t, kUnitTypes);
    for (const Section& t : stands) f.stands.push_back(parse_stand(d, t, f));
    // No [[stand]] (or an empty array): nothing is said to be in or between, so the target is read as
    // one stand in the open; the ruling says so.
    if (f.stands.empty()) {
        f.stands.emplace_back();
        f.stands_assumed = true;
    }
}

void parse_melee(const Data& d, const Section& root, Melee& m) {
    Section charger = root.table("charger", true);
    charger.only_keys({"dice", "in"});
    m.dice = static_cast<int>(charger.integer("dice", true, 1, 1000).value_or(1));
    m.charger_in = names_or_empty(charger, "in", d);
    Section defender = root.table("defender");  // both its keys may be left out
    defender.only_keys({"in", "crossed"});
    m.defender_in = names_or_empty(defender, "in", d);
    m.crossed = names_or_empty(defender, "crossed", d);
}

toml::array to_array(const std::vector<std::string>& v) {
    toml::array a;
    for (const auto& s : v) a.push_back(s);
    return a;
}

}  // namespace

Situation parse_situation(const Data& d, const Section& root) {
    Situation s;
    auto q = root.choice("question", kQuestions, true);
    std::vector<std::string> keys = common_situation_keys({"question"});
    if (!q) {
        root.sink().throw_if_errors();
        return s;
    }
    s.question = enum_from<Question>(*q, kQuestions);
    if (auto t = root.str("title")) s.title = *t;
    switch (s.question) {
        case Question::movement:
            keys.insert(keys.end(), {"unit", "move"});
            parse_movement(d, root, s.movement);
            break;
        case Question::fire:
            keys.insert(keys.end(), {"firer", "target", "stand"});
            parse_fire(d, root, s.fire);
            break;
        case Question::melee:
            keys.insert(keys.end(), {"charger", "defender"});
            parse_melee(d, root, s.melee);
            break;
    }
    root.only_keys(keys);
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t = situation_table(kAbout.id, s.title);
    t.insert("question", to_string(s.question));
    switch (s.question) {
        case Question::movement: {
            toml::table unit{{"type", to_string(s.movement.type)}};
            if (s.movement.packed) unit.insert("packed", *s.movement.packed);
            if (s.movement.block) unit.insert("block", *s.movement.block);
            t.insert("unit", std::move(unit));
            toml::table move{{"action", to_string(s.movement.action)}};
            move.insert("terrain", to_array(s.movement.terrain));
            move.insert("on_road", s.movement.on_road);
            if (!s.movement.starts_in.empty()) move.insert("starts_in", to_array(s.movement.starts_in));
            if (!s.movement.beside_road.empty()) move.insert("beside_road", to_array(s.movement.beside_road));
            t.insert("move", std::move(move));
            break;
        }
        case Question::fire: {
            toml::table firer{{"type", to_string(s.fire.firer)}};
            firer.insert("in", to_array(s.fire.firer_in));
            if (!s.fire.wholly_in.empty()) firer.insert("wholly_in", to_array(s.fire.wholly_in));
            firer.insert("dice", s.fire.dice);
            t.insert("firer", std::move(firer));
            t.insert("target", toml::table{{"type", to_string(s.fire.target)}});
            toml::array stands;
            for (const auto& st : s.fire.stands) {
                toml::table x;
                x.insert("in", to_array(st.in));
                x.insert("between", to_array(st.between));
                if (!st.apart.empty()) x.insert("apart", to_array(st.apart));
                if (!st.not_between.empty()) x.insert("not_between", to_array(st.not_between));
                if (!st.behind_own.empty()) x.insert("behind_own", to_array(st.behind_own));
                stands.push_back(std::move(x));
            }
            t.insert("stand", std::move(stands));
            break;
        }
        case Question::melee: {
            toml::table charger{{"dice", s.melee.dice}};
            charger.insert("in", to_array(s.melee.charger_in));
            t.insert("charger", std::move(charger));
            toml::table defender;
            defender.insert("in", to_array(s.melee.defender_in));
            defender.insert("crossed", to_array(s.melee.crossed));
            t.insert("defender", std::move(defender));
            break;
        }
    }
    return t;
}

// =====================================================================================
// 4. rule()
// =====================================================================================

namespace {

// Flags a referee's call for a cell the data marks as unsettled.
void maybe_call(const Data& d, Ruling& r, const Feature& f, const std::string& cell) {
    if (const std::string* id = f.call(cell))
        if (const Choice* c = d.choice(*id)) r.call(f.cite, c->reading + " (" + c->why + "; rules-data choice " + c->id + ")");
}

void cite_feature(Ruling& r, const Feature& f) {
    for (const auto& c : f.also_cite) r.cite(c);
}

bool contains(const std::vector<std::string>& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// ---- movement: AGV-movement, per-feature entries, AGV-roads, AGV-bridges ----

// A movement that starts in a feature leaves it. Each feature entry words its limits as "into,
// through (across) or out of", so "out of" covers a charge or intercept that begins in a stream,
// ford or ditch (AGV-streams, AGV-rivers: fords are streams, AGV-ditches): decided by the text.
void explain_starts_in(Ruling& r, const Feature& f, Action a) {
    r.step(f.cite, "The unit starts in " + f.label + ", so this " + (a == Action::move ? std::string("move") : to_string(a)) +
                       " goes out of it: the guidelines' \"" + (f.kind == Kind::general ? "into, through or out of" : "into, across or out of") +
                       "\" covers it, and no crossing carries the unit over what it stands in.");
}

// What the features a movement names add up to, gathered feature by feature.
struct MoveTally {
    json::Array effects;                      // the JSON `effects`
    std::vector<std::string> prohibited, half;  // labels of features prohibiting it / slowing it
    std::vector<std::string> prohibited_out_of;  // those of `prohibited` the unit starts in
    bool ends = false;                         // a bridge crossed ends the move (AGV-bridges)
    std::map<std::string, long> crossings_used;  // bridges and fords named that already carry a feature over
    std::map<std::string, long> beside_left;     // beside_road copies not yet matched with a feature of `terrain`
};

// The unit's description in rulings ("unpacked artillery units") and its movement row in the data.
std::string mover(const Movement& m) {
    const bool unpacked = m.type == UnitType::artillery && m.packed == false;
    return std::string(unpacked ? "unpacked artillery" : to_string(m.type)) + " units";
}
std::string movement_row(const Movement& m) {
    return m.type == UnitType::artillery && m.packed == false ? "artillery-unpacked" : to_string(m.type);
}

// AGV-roads: a multi-stand unit follows a road only in block formation, and then ignores the
// terrain the road passes through.
void explain_road(Ruling& r, const Movement& m) {
    if (!m.on_road) return;
    if (m.block == false)
        r.step(kRoads, "A multi-stand unit must be in block formation to move along a road; this unit is not, so the "
                       "terrain the road passes through counts in full.");
    else
        r.step(kRoads, "The unit moves along the road (a multi-stand unit doing so is in block formation) and ignores the "
                       "terrain the road passes through; the road itself has no effect on movement.");
}

// AGV-bridges, AGV-rivers: the bridge or ford named in the move at which a water course or ditch
// is crossed (nullptr: none). A unit that starts in the feature is not carried over it by a
// crossing: it moves out of it.
// Each bridge or ford named carries one feature over (a second stream named with one bridge is
// waded), so a crossing once used is not used again.
const Feature* crossing_for(const Data& d, const Movement& m, const Feature& f, bool leaves, MoveTally& t) {
    if (leaves) return nullptr;
    for (const auto& c : f.crossed_at) {
        const Feature* via = d.find(c);
        if (!via || count_of(m.terrain, via->name) <= t.crossings_used[via->name]) continue;
        ++t.crossings_used[via->name];
        return via;
    }
    return nullptr;
}

// AGV-roads, AGV-placement: the feature whose effect applies along a road: `f` itself, the
// feature a road across it counts as (a ditch: a bridge), or nullptr when the road ignores it.
const Feature* along_road(const Data& d, Ruling& r, const Feature* f, MoveTally& t) {
    if (f->on_road == OnRoad::ignored) {
        r.step(kRoads, "Along the road the unit ignores " + f->label + " (" + f->cite + ").");
        t.effects.push_back(json::Object{{"feature", f->name}, {"effect", "ignored"}, {"rule", kRoads}});
        return nullptr;
    }
    if (f->on_road == OnRoad::replaced) {
        const Feature* as = d.find(f->road_as);
        r.step(kPlacement, "Where a road crosses " + f->label + " it counts as " + as->label + ".");
        return as;
    }
    if (f->on_road == OnRoad::designate)
        r.step(kPlacement, "A road crosses " + f->label + " only at a bridge or a ford designated before play; name that "
                           "crossing in the terrain list. As given, " + f->label + " itself applies.");
    return f;
}

// The feature entry's own effect on this unit type and action (prohibited, half rate or none),
// and whether crossing it ends the move (AGV-bridges).
void apply_feature(const Data& d, Ruling& r, const Movement& m, const Feature& f, bool leaves, MoveTally& t) {
    const std::string who = mover(m);
    const Effect e = f.effect(m.type, m.action, m.packed);
    const std::string where = where_phrase(f);
    if (leaves) explain_starts_in(r, f, m.action);
    switch (e) {
        case Effect::prohibited:
            r.step(f.cite, cap(who) + " cannot " + to_string(m.action) + " " + where + ".");
            t.prohibited.push_back(f.label);
            if (leaves) t.prohibited_out_of.push_back(f.label);
            break;
        case Effect::half_rate:
            r.step(f.cite, cap(who) + " " + to_string(m.action) + " " + where + " at half rate.");
            t.half.push_back(f.label);
            break;
        case Effect::normal:
            r.step(f.cite, cap(f.label) + " has no effect on " + who + " " + acting(m.action) + ".");
            break;
    }
    maybe_call(d, r, f, "movement." + movement_row(m) + "." + to_string(m.action));
    if (f.ends_movement && e != Effect::prohibited) {
        t.ends = true;
        r.step(f.cite, "Crossing " + f.label + " uses all of the unit's remaining movement allowance, and the unit keeps "
                       "the same formation on the far side.");
    }
    json::Object eo{{"feature", f.name}, {"effect", to_string(e)}, {"rule", f.cite}};
    if (leaves) eo.emplace_back("starts_in", true);
    t.effects.push_back(std::move(eo));
}

// One feature named in the move: crossed at a bridge or ford, ignored along a road, or its own
// effect.
void rule_feature_move(const Data& d, Ruling& r, const Movement& m, const std::string& name, MoveTally& t) {
    const Feature* f = d.find(name);
    if (!f) return;
    cite_feature(r, *f);
    const bool leaves = contains(m.starts_in, name);
    if (const Feature* via = crossing_for(d, m, *f, leaves, t)) {
        r.step(via->cite, "The unit crosses " + f->label + " at " + via->label + ", so " + f->label +
                              " itself has no effect on this movement; " + via->label + " decides it.");
        t.effects.push_back(json::Object{{"feature", f->name}, {"effect", "crossed-at-" + via->name}, {"rule", via->cite}});
        return;
    }
    // AGV-roads: only the terrain the road passes through is ignored, not a feature beside it.
    const bool beside = t.beside_left[name] > 0;
    if (beside) --t.beside_left[name];
    if (m.on_road && m.block != false && beside)
        r.step(kRoads, cap(f->label) + " lies beside the road, which does not pass through it: the unit touching it moves with its " +
                           "effects (only the terrain the road passes through is ignored).");
    else if (m.on_road && m.block != false) f = along_road(d, r, f, t);
    if (f) apply_feature(d, r, m, *f, leaves, t);
}

// AGV-movement: any prohibition forbids the move; otherwise any half rate gives half rate, once
// (the penalty is not cumulative). Sets the verdict and returns the movement value.
Effect movement_verdict(const Data& d, Ruling& r, const Movement& m, const MoveTally& t) {
    const std::string who = mover(m);
    if (!t.prohibited.empty()) {
        r.step(kMovement, "A unit cannot enter or interpenetrate terrain prohibited to it under any circumstances: " + join(t.prohibited) +
                              " " + (t.prohibited.size() == 1 ? "forbids" : "forbid") + " this.");
        r.verdict = "PROHIBITED";
        r.tone = Tone::bad;
        r.detail = cap(who) + " cannot " + to_string(m.action) + " into or across " + join(t.prohibited) + ".";
        if (t.prohibited_out_of.size() == t.prohibited.size())  // every prohibition is a feature the unit starts in
            r.detail = cap(who) + " cannot " + to_string(m.action) + " out of " + join(t.prohibited) + " (the unit starts in it).";
        return Effect::prohibited;
    }
    if (!t.half.empty()) {
        r.step(kMovement, "While interpenetrated with " + join(t.half) + " every form of movement costs " +
                              std::to_string(d.half_rate_cost) + " cm of allowance per 1 cm moved" +
                              (t.half.size() > 1 ? "; the penalty is not cumulative, so the unit still moves at half rate, no slower."
                                                 : "."));
        r.verdict = "HALF RATE";
        r.tone = Tone::caution;
        r.detail = "Half rate (" + std::to_string(d.half_rate_cost) + " cm of allowance per cm) while in or crossing " + join(t.half) + ".";
        return Effect::half_rate;
    }
    r.step(kMovement, m.terrain.empty() ? "No terrain feature is involved: the unit moves normally."
                                        : "Nothing here prohibits or slows this movement: the unit moves normally.");
    r.verdict = "NORMAL MOVEMENT";
    r.tone = Tone::good;
    r.detail = cap(who) + " " + acting(m.action) + " at the normal rate.";
    return Effect::normal;
}

// Movement, charges and intercepts: each feature named (AGV-movement and the feature entries,
// AGV-roads, AGV-bridges), then the combined rate.
Ruling rule_movement(const Data& d, const Movement& m) {
    Ruling r;
    if (m.packed_assumed)
        r.step(kMovement, "The situation does not say whether the artillery is packed; packed and unpacked artillery "
                          "are treated differently here, and packed left out means false: the unit is unpacked.");
    explain_road(r, m);
    MoveTally t;
    for (const auto& n : m.beside_road) ++t.beside_left[n];
    for (const auto& name : m.terrain) rule_feature_move(d, r, m, name, t);
    const Effect result = movement_verdict(d, r, m, t);
    const bool ends = t.ends && result != Effect::prohibited;
    if (ends) r.detail += " Crossing the bridge ends its movement this phase.";

    r.set("movement", to_string(result));
    r.set("ends_movement", ends);
    r.set("effects", std::move(t.effects));
    r.figures.push_back({"Movement", to_string(result), kMovement, "", "movement"});
    if (result == Effect::half_rate)
        r.figures.push_back({"Cost", std::to_string(d.half_rate_cost) + " cm of allowance per 1 cm moved", kMovement, join(t.half), "cost"});
    return r;
}

// ---- fire: AGV-firing, AGV-cover, per-feature entries ----

// One feature a target stand is in or behind, as the situation names it (docs/agv.md): what the
// stand's keys say about it.
struct Occurrence {
    const Feature* f;
    bool in_stand;              // the stand is in or touching it (else it lies between, only)
    bool own = false;           // it is the very feature the firer is in or touching
    bool also_between = false;  // the stand is in or touching it and it is also named in `between`
    bool not_between = false;   // the stand touches it, but it does not lie between it and the firer
    bool apart = false;         // marked as a different feature from the firer's of that name
    bool behind = false;        // the firer's own hill or contour, rising between the firer and the stand
};

// The features one stand names, with what marks them. A name in both `in` and `between` is one
// feature (the wall the stand lines, the wood it is in), unless that feature is marked
// not_between; a further copy in `between` is a further feature. Each copy of a name in `apart`
// marks one feature of that name as not the firer's (those in `in` first); each feature the firer
// is in is then the first unmarked one of its name (in `in` first, else between); each copy in
// behind_own marks one of the firer's features that lies between as rising between them.
std::vector<Occurrence> occurrences(const Data& d, const Fire& fire, const Stand& s) {
    std::vector<Occurrence> out;
    for (const auto& n : s.in) out.push_back({d.find(n), true});
    for (const auto& n : s.not_between)  // the last ones of the name, so `between` pairs with the first
        for (auto it = out.rbegin(); it != out.rend(); ++it)
            if (it->f->name == n && !it->not_between) { it->not_between = true; break; }
    for (const auto& n : s.between) {
        bool merged = false;
        for (auto& o : out)
            if (o.in_stand && !o.also_between && !o.not_between && o.f->name == n) { o.also_between = merged = true; break; }
        if (!merged) out.push_back({d.find(n), false});
    }
    for (const auto& n : s.apart)
        for (auto& o : out)
            if (o.f->name == n && !o.apart) { o.apart = true; break; }
    for (const auto& n : fire.firer_in)
        for (auto& o : out)
            if (!o.apart && !o.own && o.f->name == n) { o.own = true; break; }
    for (const auto& n : s.behind_own)
        for (auto& o : out)
            if (o.own && !o.in_stand && !o.behind && o.f->name == n) { o.behind = true; break; }
    return out;
}

struct StandResult {
    bool fired_at = true;
    std::vector<std::string> cover;  // features it can claim cover from (counted)
};

// A sight call met while ruling a stand: the feature, its cell ("sight" or "sight-off") and its
// choice id. rule_fire() flags it only when the other reading would change the unit's ruling.
struct SightCall {
    const Feature* f;
    std::string cell, id;
};

// What ruling one stand shares between its steps: the ruling the steps go into, the fire, the
// stand's label, and the sight calls met (collected into `calls`; `flip`, a choice id read the
// other way: a called "sight" cell then does not hide the stand, a called "sight-off" cell then
// stops the fire; used to test whether the call matters).
struct StandCtx {
    const Data& d;
    Ruling& r;
    const Fire& fire;
    std::string who;  // "Stand 2"
    std::vector<SightCall>* calls;
    const std::string* flip;

    bool flipped(const Feature& f, const std::string& cell) const {
        const std::string* id = f.call(cell);
        return id && flip && *id == *flip;
    }
    void note_call(const Feature& f, const std::string& cell) const {
        if (const std::string* id = f.call(cell))
            if (calls) calls->push_back({&f, cell, *id});
    }
};

bool fire_relevant(const Feature& f) { return f.sight != Sight::none || !f.cover_against.empty(); }

// AGV-firing: a feature the firer is in that lies between it and the stand (the stand is not in
// it): a stand fires into and through its own feature but not out of it, unless the feature lets
// it; a linear one it touches it fires over. Returns false when the stand cannot be fired at.
bool fire_past_own(const StandCtx& c, const Feature& f, bool behind) {
    if (behind) {
        c.r.step(f.cite, c.who + " is behind " + f.label + " that the firer is on: higher ground of it lies between them, so the " +
                             "stand cannot be seen and cannot be fired at (fire off it is stopped only by its higher ground).");
        return false;
    }
    if (!f.fire_through_own) {
        c.r.step(kFiring, c.who + " is beyond " + f.label + " that the firer is in, which lies between them: a stand may fire " +
                              "into and through the feature it is in but not into, through and out of it, so it cannot fire at this stand.");
        return false;
    }
    if (f.kind == Kind::linear && !f.cover_against.empty()) {
        c.r.step(kFiring, "The firer is in contact with " + f.label + ", so it fires over it as if it were not there.");
        return true;
    }
    if (!fire_relevant(f)) return true;
    if (f.sight == Sight::blocks_beyond && c.flipped(f, "sight-off")) return false;  // the other reading: it hides the stand beyond it
    c.r.step(f.cite, "Fire off " + f.label + " that the firer is in or on is not stopped by it.");
    if (f.sight == Sight::blocks_beyond) c.note_call(f, "sight-off");
    return true;
}

// AGV-cover and the feature's own entry: a feature the stand is in or behind (not the firer's):
// one that blocks sight beyond it hides a stand behind it; else it gives the stand cover against
// this fire or says why not. Returns false when the stand cannot be seen; adds the feature's label
// to `cover` when it gives cover.
bool stand_feature(const StandCtx& c, const Occurrence& o, std::vector<std::string>& cover) {
    const Feature& f = *o.f;
    if (!o.in_stand && f.sight == Sight::blocks_beyond && !c.flipped(f, "sight")) {
        c.r.step(f.cite, c.who + " is behind " + f.label + ": it cannot be seen, so it cannot be fired at.");
        c.note_call(f, "sight");
        return false;
    }
    if (o.in_stand && f.sight == Sight::blocks_beyond) c.r.step(f.cite, cap(f.label) + " does not stop fire at a stand in or on it.");
    if (f.cover_against.empty()) return true;
    if (o.not_between && !f.cover_only_in) {
        c.r.step(kCover, c.who + " is in or touching " + f.label + ", but it does not lie between the stand and the firer (it is " +
                             "behind or beside the stand): the feature giving cover must be between them, so no cover from it.");
        return true;
    }
    const std::string firer = to_string(c.fire.firer);
    if (!f.gives_cover_against(c.fire.firer)) {
        c.r.step(f.cite, cap(f.label) + " gives no cover against " + firer + " fire.");
    } else if (!f.cover_claimable_by(c.fire.target)) {
        c.r.step(f.cite, cap(f.label) + " gives no cover to " + to_string(c.fire.target) + " stands.");
    } else if (f.cover_only_in && !o.in_stand) {
        c.r.step(f.cite, cap(f.label) + " gives cover only to stands interpenetrated with it; " + c.who + " is not.");
    } else {
        c.r.step(f.cite, cap(f.label) + " gives cover against " + firer + " fire" +
                             (f.cover_only_in ? " to a " + std::string(to_string(c.fire.target)) + " stand in it." : "."));
        cover.push_back(f.label);
    }
    return true;
}

// AGV-firing, AGV-cover: each feature the stand is in or behind, and each of the firer's own on
// the way. Returns false when one of them stops the fire; fills `cover` with those giving cover.
bool rule_features(const StandCtx& c, const Stand& s, std::vector<std::string>& cover) {
    bool fired_at = true;
    for (const auto& o : occurrences(c.d, c.fire, s)) {
        const Feature& f = *o.f;
        cite_feature(c.r, f);
        if (o.also_between && fire_relevant(f))
            c.r.step(kCover, c.who + " is in or touching " + f.label + ", also named between it and the firer: that is one feature, "
                                     "counted once (name it twice in `between` for a second one).");
        if (o.own && !o.in_stand) {
            if (!fire_past_own(c, f, o.behind)) fired_at = false;
        } else if (o.own && o.in_stand) {
            if (fire_relevant(f))
                c.r.step(kCover, c.who + " is in the same " + f.name + " as the firer: fire into it is not stopped, and the firer, "
                                         "being interpenetrated with it, leaves it no cover from this fire.");
        } else if (!stand_feature(c, o, cover)) {
            fired_at = false;
        }
    }
    return fired_at;
}

// AGV-firing: a firer in a general cover feature that does not reach this stand fires away from
// (out of) it. Partly in it, that is normal; wholly within it, the stand could fire only into
// and through it, not out (unless the feature lets fire out, as a landmark does). Returns false
// when the firer cannot fire out at this stand.
bool fire_out_of_own(const StandCtx& c, const Stand& s) {
    bool fired_at = true;
    const auto occ = occurrences(c.d, c.fire, s);
    for (const auto& n : c.fire.firer_in) {
        const Feature* f = c.d.find(n);
        if (f->kind != Kind::general || f->cover_against.empty()) continue;
        bool matched = false, shared = false;
        for (const auto& o : occ)
            if (o.own && o.f->name == n) { matched = true; shared = shared || o.in_stand; }
        if (shared || (matched && !f->fire_through_own)) continue;  // told by rule_features
        const bool wholly = contains(c.fire.wholly_in, n);
        if (wholly && !f->fire_through_own) {
            c.r.step(kFiring, c.who + " is outside " + f->label + " that the firer is wholly within: a stand may fire into and through " +
                                  "the feature it is in but not out of it, so it cannot fire at this stand.");
            fired_at = false;
        } else if (!matched && wholly) {
            c.r.step(f->cite, "The firer is within " + f->label + ", and fire out of it is not stopped.");
        } else if (!matched) {
            c.r.step(kFiring, "The firer is partly in " + f->label + " and fires away from it, out of it, normally" +
                                  (f->fire_through_own ? "." : " (a stand wholly within it could not fire out of it)."));
        }
    }
    return fired_at;
}

// AGV-cover: the features giving a stand that can be seen cover: none, cover, or so many
// (cover_block_count or more) that it cannot be fired at at all.
StandResult stand_cover(const StandCtx& c, const std::vector<std::string>& cover) {
    StandResult res;
    const int n = static_cast<int>(cover.size());
    if (n >= c.d.cover_block_count) {
        c.r.step(kCover, c.who + " has " + std::to_string(n) + " features giving cover between it and the firer (" + join(cover) +
                             "): with " + std::to_string(c.d.cover_block_count) + " or more the firer cannot fire at it at all.");
        res.fired_at = false;
    } else if (n >= 1) {
        c.r.step(kCover, c.who + " can claim cover from " + join(cover) + ": it lies between the stand and the firer, in the " +
                             "firer's zone of fire, and the firer is not touching it.");
        res.cover = cover;
    } else {
        c.r.step(kCover, c.who + " has no feature giving it cover from this fire.");
    }
    return res;
}

// One target stand (index from 1): the features it is in or behind and the firer's own on the
// way (AGV-firing, AGV-cover, each feature's entry), fire out of the firer's feature
// (AGV-firing), then its cover (AGV-cover). `calls` and `flip`: see StandCtx.
StandResult rule_stand(const Data& d, Ruling& r, const Fire& fire, const Stand& s, int index,
                       std::vector<SightCall>* calls = nullptr, const std::string* flip = nullptr) {
    const StandCtx c{d, r, fire, "Stand " + std::to_string(index), calls, flip};
    std::vector<std::string> cover;
    const bool seen = rule_features(c, s, cover);
    const bool out_of = fire_out_of_own(c, s);
    if (!seen || !out_of) {
        StandResult res;
        res.fired_at = false;
        return res;
    }
    return stand_cover(c, cover);
}

// AGV-firing: who may fire at all: the features of the firer's stand where its type may not be,
// or that it cannot fire from. Returns their labels (empty: it may fire).
std::vector<std::string> cannot_fire_from(const Data& d, Ruling& r, const Fire& fire) {
    const std::string firer = to_string(fire.firer);
    std::vector<std::string> cannot;
    for (const auto& n : fire.firer_in) {
        const Feature* f = d.find(n);
        cite_feature(r, *f);
        if (f->effect(moves_as(fire.firer), Action::move, std::nullopt) == Effect::prohibited) {
            r.step(f->cite, cap(firer) + " units cannot enter " + f->label + ", so a " + firer + " stand cannot fire from it.");
            cannot.push_back(f->label);
        } else if (f->cannot_fire_from(fire.firer)) {
            r.step(f->cite, "A " + firer + " stand interpenetrated with " + f->label + " cannot fire.");
            cannot.push_back(f->label);
        } else if (!f->no_fire_from.empty()) {
            r.step(f->cite, "A " + firer + " stand may fire while interpenetrated with " + f->label + ".");
            maybe_call(d, r, *f, std::string("fire-from.") + firer);
        }
    }
    return cannot;
}

// The ruling when the firer cannot fire from where it is (AGV-firing).
void rule_cannot_fire(Ruling& r, const Fire& fire, const std::vector<std::string>& cannot) {
    const std::string firer = to_string(fire.firer);
    r.verdict = "CANNOT FIRE";
    r.tone = Tone::bad;
    r.detail = "A " + firer + " stand cannot fire from " + join(cannot) + ".";
    r.set("fire", "cannot-fire");
    r.set("dice", 0);
    r.set("stands", json::Array{});
    r.figures.push_back({"Dice", "0", cannot.size() ? r.explanation.back().rule : kFiring, "", "dice"});
}

// AGV-cover: the unit's fire value and dice from its stands' results (a stand fired at without
// cover makes the whole unit fire normally).
std::pair<std::string, int> unit_outcome(const Data& d, const Fire& fire, const std::vector<StandResult>& rs) {
    int at = 0;
    bool bare = false;
    for (const auto& x : rs) {
        if (!x.fired_at) continue;
        ++at;
        bare = bare || x.cover.empty();
    }
    if (at == 0) return {"blocked", 0};
    if (!bare) return {"half-dice", fire.dice / d.cover_divisor};
    return {"normal", fire.dice};
}

// Every target stand's result, and the counts the unit's ruling needs.
struct StandTally {
    std::vector<StandResult> results;
    json::Array stands;  // the JSON `stands`
    int fired_at = 0, with_cover = 0;
    std::vector<std::string> exposed, blocked;  // stand numbers
};

StandTally rule_stands(const Data& d, Ruling& r, const Fire& fire, std::vector<SightCall>* sight_calls) {
    StandTally t;
    for (std::size_t i = 0; i < fire.stands.size(); ++i) {
        const StandResult sr = rule_stand(d, r, fire, fire.stands[i], static_cast<int>(i + 1), sight_calls);
        t.results.push_back(sr);
        json::Array cover;
        for (const auto& c : sr.cover) cover.emplace_back(c);
        t.stands.push_back(json::Object{{"stand", static_cast<int>(i + 1)}, {"can_be_fired_at", sr.fired_at},
                                        {"cover", sr.fired_at && !sr.cover.empty()}, {"cover_from", std::move(cover)}});
        const std::string label = std::to_string(i + 1);
        if (!sr.fired_at) { t.blocked.push_back(label); continue; }
        ++t.fired_at;
        if (sr.cover.empty()) t.exposed.push_back(label);
        else ++t.with_cover;
    }
    return t;
}

// A sight call (forest, fire off one's own hill or contour) is a referee's call only when the
// other reading would change the unit's ruling; otherwise the text decides it either way.
void settle_sight_calls(const Data& d, Ruling& r, const Fire& fire, const std::vector<StandResult>& results,
                        const std::vector<SightCall>& sight_calls) {
    const auto ruled = unit_outcome(d, fire, results);
    std::set<std::string> done;
    for (const auto& c : sight_calls) {
        if (!done.insert(c.id).second) continue;
        Ruling scratch;
        std::vector<StandResult> alt;
        for (std::size_t i = 0; i < fire.stands.size(); ++i)
            alt.push_back(rule_stand(d, scratch, fire, fire.stands[i], static_cast<int>(i + 1), nullptr, &c.id));
        if (unit_outcome(d, fire, alt) != ruled) {
            maybe_call(d, r, *c.f, c.cell);
        } else if (const Choice* ch = d.choice(c.id)) {
            r.step(c.f->cite, "The guidelines are silent on this (" + ch->id + "), but either reading gives the same ruling "
                              "here, so it is not a referee's call.");
        }
    }
}

// AGV-cover: the unit's verdict from the tally: no fire, half dice (every stand fired at has
// cover) or normal dice. Returns the fire value and the dice.
std::pair<std::string, int> unit_verdict(const Data& d, Ruling& r, const Fire& fire, const StandTally& t) {
    if (t.fired_at == 0) {
        r.step(kCover, "No stand of the target unit can be fired at, so the unit cannot fire at it.");
        r.verdict = "NO FIRE";
        r.tone = Tone::bad;
        r.detail = "No stand of the target can be fired at.";
        return {"blocked", 0};
    }
    if (!t.blocked.empty())
        r.step(kCover, std::string(t.blocked.size() == 1 ? "Stand " : "Stands ") + join(t.blocked) +
                           " cannot be fired at, so only the " + plural(t.fired_at, "stand", "stands") +
                           (t.fired_at == 1 ? " that can be fired at decides" : " that can be fired at decide") +
                           " whether the unit claims cover.");
    if (t.exposed.empty()) {
        const int dice = fire.dice / d.cover_divisor;
        r.step(kCover, std::string(t.fired_at == 1 ? "The one stand" : "Every one of the " + std::to_string(t.fired_at) + " stands") +
                           " that can be fired at can claim cover, so the unit claims cover: the firer uses half its dice, "
                           "rounded down: " + std::to_string(fire.dice) + " -> " + std::to_string(dice) + ".");
        r.verdict = "HALF DICE — " + plural(dice, "die", "dice");
        r.tone = Tone::caution;
        r.detail = "The target claims cover: " + std::to_string(fire.dice) + " dice halved, rounded down.";
        return {"half-dice", dice};
    }
    r.step(kCover, std::string(t.exposed.size() == 1 ? "Stand " : "Stands ") + join(t.exposed) + " cannot claim cover, so the "
                       "whole unit cannot: the firer uses its normal " + plural(fire.dice, "die", "dice") + ".");
    r.verdict = "FIRE NORMALLY — " + plural(fire.dice, "die", "dice");
    r.tone = Tone::good;
    r.detail = "No cover for the unit: not every stand that can be fired at can claim it.";
    return {"normal", fire.dice};
}

// Missile and artillery fire: may the firer fire (AGV-firing), then each target stand, then the
// unit's cover and dice (AGV-cover).
Ruling rule_fire(const Data& d, const Fire& fire) {
    Ruling r;
    const std::vector<std::string> cannot = cannot_fire_from(d, r, fire);
    if (!cannot.empty()) {
        rule_cannot_fire(r, fire, cannot);
        return r;
    }
    if (fire.stands_assumed)
        r.step(kCover, "No [[stand]] is given: the target is read as one stand with no feature in, touching or between.");
    std::vector<SightCall> sight_calls;
    StandTally t = rule_stands(d, r, fire, &sight_calls);
    settle_sight_calls(d, r, fire, t.results, sight_calls);
    const auto [fire_value, dice] = unit_verdict(d, r, fire, t);
    r.set("fire", fire_value);
    r.set("dice", dice);
    r.set("stands", std::move(t.stands));
    r.figures.push_back({"Dice", std::to_string(dice), kCover,
                         fire_value == "half-dice" ? std::to_string(fire.dice) + " / " + std::to_string(d.cover_divisor) + ", rounded down"
                                                   : "", "dice"});
    r.figures.push_back({"Stands fired at", std::to_string(t.fired_at) + " of " + std::to_string(fire.stands.size()), kCover,
                         std::to_string(t.with_cover) + " with cover", "stands_fired_at"});
    return r;
}

// ---- hand-to-hand: AGV-hand-to-hand, per-feature entries ----

// Who has the hand-to-hand advantage, gathered rule step by rule step.
struct MeleeTally {
    std::vector<const Feature*> advantage;      // the defender's: each halves the charger's dice
    std::vector<std::string> charger_advantage;  // names of streams the defender is in and the charger is not
    std::vector<bool> used;                      // crossings matched with a feature the defender is in
    std::set<std::string> told;                  // notes already given, once each
};

// AGV-hand-to-hand: a defender in (general) or in contact with (linear) a feature giving the
// advantage defends it when the charger charged over or through it. Each feature the defender is
// in is matched with one crossing of a feature of that name (duplicates are separate features).
void rule_defended(const Data& d, Ruling& r, const Melee& m, MeleeTally& t) {
    for (const auto& n : m.defender_in) {
        const Feature* f = d.find(n);
        cite_feature(r, *f);
        if (f->melee != MeleeEffect::defended) continue;
        const char* rel = f->kind == Kind::general ? "is in or partly in " : "is in contact with ";
        bool crossed = false;
        for (std::size_t i = 0; i < m.crossed.size(); ++i)
            if (!t.used[i] && m.crossed[i] == n) { t.used[i] = crossed = true; break; }
        if (crossed) {
            r.step(f->cite, "The defender " + std::string(rel) + f->label + ", which gives the hand-to-hand advantage, and the " +
                                "charger charged over or through it: the defender is defending it and claims the advantage.");
            t.advantage.push_back(f);
        } else {
            r.step(kMeleeRule, "The defender " + std::string(rel) + f->label + ", but the charger did not charge over or through "
                                   "it: no advantage from it.");
        }
    }
}

// The features the charger crossed that the defender is not defending (AGV-hand-to-hand), and a
// note where the feature entry lets no unit charge across it at all (a stream not crossed at a
// bridge also named, AGV-streams, AGV-bridges).
void rule_crossed(const Data& d, Ruling& r, const Melee& m, MeleeTally& t) {
    for (std::size_t i = 0; i < m.crossed.size(); ++i) {
        const Feature* f = d.find(m.crossed[i]);
        cite_feature(r, *f);
        bool at_crossing = false;
        for (const auto& c : f->crossed_at) at_crossing = at_crossing || contains(m.crossed, c);
        bool no_charge = true;
        for (UnitType u : {UnitType::foot, UnitType::mounted, UnitType::elephant, UnitType::artillery})
            no_charge = no_charge && f->effect(u, Action::charge, std::nullopt) == Effect::prohibited;
        if (!at_crossing && no_charge && t.told.insert("x" + f->name).second)
            r.step(f->cite, "Note: no unit may charge " + where_phrase(*f) + "; check that this charge was allowed.");
        if (t.used[i] || f->melee != MeleeEffect::defended) continue;
        r.step(kMeleeRule, "The charger crossed " + f->label + ", but the defender is not in or touching it: no advantage from it.");
    }
    // Features that never give the advantage, named once each.
    for (const auto* list : {&m.defender_in, &m.crossed})
        for (const auto& n : *list) {
            const Feature* f = d.find(n);
            if (f->melee == MeleeEffect::none && t.told.insert(f->name).second)
                r.step(f->cite, cap(f->label) + " gives no hand-to-hand advantage.");
        }
}

// AGV-streams: units not in a stream have the advantage over units in one. A feature that copies
// another (a ford is a stream, AGV-rivers) is the same kind: a unit in a ford is in a stream.
void rule_against_units_in(const Data& d, Ruling& r, const Melee& m, MeleeTally& t) {
    auto kind_of = [&](const std::string& n) {
        const Feature* f = d.find(n);
        return f->same_as.empty() ? f->name : f->same_as;
    };
    auto first_of_kind = [&](const std::vector<std::string>& list, const std::string& kind) -> const Feature* {
        for (const auto& n : list)
            if (kind_of(n) == kind) return d.find(n);
        return nullptr;
    };
    std::vector<std::string> kinds;
    for (const auto* list : {&m.defender_in, &m.charger_in})
        for (const auto& n : *list)
            if (d.find(n)->melee == MeleeEffect::against_units_in_it && !contains(kinds, kind_of(n))) kinds.push_back(kind_of(n));
    for (const auto& kind : kinds) {
        const Feature* def_f = first_of_kind(m.defender_in, kind);
        const Feature* chg_f = first_of_kind(m.charger_in, kind);
        const Feature* f = chg_f ? chg_f : def_f;
        cite_feature(r, *f);
        const Feature* base = d.find(kind);
        const std::string kind_label = base ? base->label : f->label;
        if (chg_f && !def_f) {
            r.step(f->cite, "Units not in " + kind_label + " have the hand-to-hand advantage over units in one: the charger is in " +
                                f->label + ", the defender is not, so the defender claims the advantage.");
            t.advantage.push_back(f);
        } else if (def_f && !chg_f) {
            r.step(f->cite, "Units not in " + kind_label + " have the hand-to-hand advantage over units in one: the defender is in " +
                                f->label + ", the charger is not, so the advantage is the charger's.");
            t.charger_advantage.push_back(f->name);
            maybe_call(d, r, *f, "melee.charger");
        } else {
            const std::string both = def_f == chg_f ? f->label : def_f->label + " and " + chg_f->label;
            r.step(f->cite, "Both units are in " + kind_label + " (" + both + "): neither has an advantage from it.");
        }
    }
}

// AGV-hand-to-hand: the charger halves its dice once per feature giving the defender the
// advantage, rounding down each time (cumulative), for the very next hand-to-hand phase only.
void rule_melee_dice(const Data& d, Ruling& r, const Melee& m, const MeleeTally& t) {
    int dice = m.dice;
    json::Array adv;
    std::string breakdown = std::to_string(m.dice);
    for (const Feature* f : t.advantage) {
        const int before = dice;
        dice /= d.melee_divisor;
        adv.emplace_back(f->name);
        breakdown += " -> " + std::to_string(dice);
        r.step(kMeleeRule, "The charger halves its dice for " + f->label + ", rounding down: " + std::to_string(before) + " -> " +
                               std::to_string(dice) + ".");
    }
    if (t.advantage.size() > 1)
        r.step(kMeleeRule, "The halving is cumulative: one halving per feature giving the advantage, each rounded down.");
    if (t.advantage.empty()) {
        r.step(kMeleeRule, "The defender claims no hand-to-hand advantage: the charger uses its normal " + plural(m.dice, "die", "dice") + ".");
        r.verdict = "NO ADVANTAGE — " + plural(dice, "die", "dice");
        r.tone = Tone::good;
        r.detail = "The charger fights with its normal dice.";
    } else {
        r.step(kMeleeRule, "The halved dice apply to the very next hand-to-hand phase only; after that the charger is fully engaged "
                           "and fights with its normal " + plural(m.dice, "die", "dice") + ".");
        r.verdict = "DEFENDER HAS THE ADVANTAGE — charger " + plural(dice, "die", "dice");
        r.tone = Tone::caution;
        r.detail = "The charger halves its dice " + plural(static_cast<int>(t.advantage.size()), "time", "times") +
                   " for the next hand-to-hand phase only.";
    }
    json::Array cadv;
    for (const auto& c : t.charger_advantage) cadv.emplace_back(c);
    r.set("dice", dice);
    r.set("advantage", std::move(adv));
    r.set("dice_later_phases", m.dice);
    r.set("charger_advantage", std::move(cadv));
    r.figures.push_back({"Charger's dice, next phase", std::to_string(dice), kMeleeRule, t.advantage.empty() ? "" : breakdown,
                         "dice_next_phase"});
    r.figures.push_back({"Charger's dice, later phases", std::to_string(m.dice), kMeleeRule, "", "dice_later_phases"});
}

// Hand-to-hand: features defended (AGV-hand-to-hand), those crossed or giving nothing, streams
// (AGV-streams), then the charger's dice.
Ruling rule_melee(const Data& d, const Melee& m) {
    Ruling r;
    MeleeTally t;
    t.used.assign(m.crossed.size(), false);
    rule_defended(d, r, m, t);
    rule_crossed(d, r, m, t);
    rule_against_units_in(d, r, m, t);
    rule_melee_dice(d, r, m, t);
    return r;
}

}  // namespace

std::vector<StandFeature> read_stand(const Data& d, const Fire& fire, const Stand& s) {
    std::vector<StandFeature> out;
    for (const auto& o : occurrences(d, fire, s))
        out.push_back({o.f->name, o.in_stand, o.own, !o.in_stand || o.also_between || !o.not_between, o.behind});
    return out;
}

Ruling rule(const Data& d, const Situation& s) {
    Ruling r;
    switch (s.question) {
        case Question::movement: r = rule_movement(d, s.movement); break;
        case Question::fire: r = rule_fire(d, s.fire); break;
        case Question::melee: r = rule_melee(d, s.melee); break;
    }
    r.system = "agv";
    return r;
}

// =====================================================================================
// 5. Agv
// =====================================================================================

std::vector<NameList> names(const Data& d) {
    return {{"questions", kQuestions},
            {"unit types", kUnitTypes},
            {"firer types", kFirerTypes},
            {"actions", kActions},
            {"terrain", d.feature_names()}};
}

}  // namespace umpire::agv

namespace umpire {
std::unique_ptr<GameSystem> make_agv() { return std::make_unique<agv::Agv>(); }
}  // namespace umpire
