// Rulings from a table sketch: the driver (see rulings.hpp and docs/tables.md).
//
// Sections
//   table_keys, derive  the table format's keys; the game's measurements for one situation
//   keys                reading and writing a situation key by its path ("stand[1].between")
//   build               the game's situation from the typed one and the facts (typed keys checked)
//   decorate            the facts, sight lines and path in the ruling's explanation and JSON
//   table_view          the TableView: every crossing's mark read from the game's ruling; what
//                       each subject base overlaps where it stands
//   rule_with_table     reading the table file; rule_on_table: derive, build, rule, decorate, rule
//                       the other readings, the view
#include "tabletop/rulings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "core/names.hpp"

namespace umpire::tabletop {

// ---- table_keys, derive ---------------------------------------------------------------

const std::vector<std::string>& table_keys() {
    static const std::vector<std::string> k = {"firer.base", "target.base", "target.unit", "move.base", "move.path",
                                               "unit.base", "charger.base", "charger.path", "defender.base"};
    return k;
}

Derived derive(const TableSupport& g, const Section& root, const Sketch& table) {
    Derived out;
    auto q = root.str("question");
    out.question = q.value_or("");
    Measuring m{table, g.rules(), out};
    g.measure(root, m);
    return out;
}

namespace {

// ---- keys -----------------------------------------------------------------------------

struct KeyPath {
    std::string table;       // "firer", "stand"
    std::optional<std::size_t> index;  // stand[i]
    std::string key;         // "on_hill"
};

KeyPath split(const std::string& path) {
    KeyPath k;
    const auto dot = path.find('.');
    std::string head = path.substr(0, dot);
    k.key = path.substr(dot + 1);
    if (const auto br = head.find('['); br != std::string::npos) {
        k.index = static_cast<std::size_t>(std::stoul(head.substr(br + 1)));
        head = head.substr(0, br);
    }
    k.table = head;
    return k;
}

// The table a key lives in, created when absent (stand[i] grows the array of tables).
toml::table* holder(toml::table& root, const KeyPath& k, bool create) {
    if (!k.index) {
        toml::node* n = root.get(k.table);
        if (!n && create) n = &root.insert_or_assign(k.table, toml::table{}).first->second;
        return n ? n->as_table() : nullptr;
    }
    toml::node* n = root.get(k.table);
    if (!n && create) n = &root.insert_or_assign(k.table, toml::array{}).first->second;
    toml::array* a = n ? n->as_array() : nullptr;
    if (!a) return nullptr;
    while (create && a->size() <= *k.index) a->push_back(toml::table{});
    return *k.index < a->size() ? a->get(*k.index)->as_table() : nullptr;
}

// `counts`: the keys whose number is written as an integer (TableSupport::counts).
void put(toml::table& root, const std::string& path, const Value& v, const std::vector<std::string>& counts) {
    const KeyPath k = split(path);
    toml::table* t = holder(root, k, true);
    if (!t) return;
    if (auto b = std::get_if<bool>(&v)) t->insert_or_assign(k.key, *b);
    else if (auto d = std::get_if<double>(&v)) {
        if (has(counts, path)) t->insert_or_assign(k.key, static_cast<std::int64_t>(std::llround(*d)));
        else t->insert_or_assign(k.key, *d);
    } else if (auto s = std::get_if<std::string>(&v)) t->insert_or_assign(k.key, *s);
    else {
        toml::array a;
        for (const auto& x : std::get<std::vector<std::string>>(v)) a.push_back(x);
        t->insert_or_assign(k.key, std::move(a));
    }
}

// Does a typed value agree with the table's? Numbers within the tolerance agree; names match
// as the games match them; lists as multisets.
bool agrees(const toml::node& n, const Value& v, double tol) {
    if (auto b = std::get_if<bool>(&v)) return n.is_boolean() && n.as_boolean()->get() == *b;
    if (auto d = std::get_if<double>(&v)) {
        double x;
        if (n.is_integer()) x = static_cast<double>(n.as_integer()->get());
        else if (n.is_floating_point()) x = n.as_floating_point()->get();
        else return false;
        return std::fabs(x - *d) <= std::max(tol, 1e-9);
    }
    if (auto s = std::get_if<std::string>(&v)) return n.is_string() && same_name(n.as_string()->get(), *s);
    std::vector<std::string> typed, want;
    if (n.is_string()) typed.push_back(normalize_name(n.as_string()->get()));
    else if (const toml::array* a = n.as_array()) {
        for (const auto& el : *a) {
            if (!el.is_string()) return false;
            typed.push_back(normalize_name(el.as_string()->get()));
        }
    } else return false;
    for (const auto& x : std::get<std::vector<std::string>>(v)) want.push_back(normalize_name(x));
    std::sort(typed.begin(), typed.end());
    std::sort(want.begin(), want.end());
    return typed == want;
}

std::string show_node(const toml::node& n) {
    std::ostringstream os;
    if (n.is_string()) os << quoted_value(n.as_string()->get());
    else if (const toml::array* a = n.as_array()) {
        os << "[";
        for (std::size_t i = 0; i < a->size(); ++i) os << (i ? ", " : "") << show_node(*a->get(i));
        os << "]";
    }
    else if (n.is_boolean()) os << (n.as_boolean()->get() ? "true" : "false");
    else if (n.is_integer()) os << n.as_integer()->get();
    else if (n.is_floating_point()) os << n.as_floating_point()->get();
    else os << describe_type(n);
    return os.str();
}

// The typed node of a key in the situation as read (with its place in the file), if any.
const toml::node* typed_node(const toml::table& root, const KeyPath& k) {
    const toml::node* n = root.get(k.table);
    if (!n) return nullptr;
    const toml::table* t = nullptr;
    if (!k.index) t = n->as_table();
    else if (const toml::array* a = n->as_array(); a && *k.index < a->size()) t = a->get(*k.index)->as_table();
    return t ? t->get(k.key) : nullptr;
}

void remove_key(toml::table& root, const std::string& path) {
    const KeyPath k = split(path);
    if (toml::table* t = holder(root, k, false)) t->erase(k.key);
}

// ---- build --------------------------------------------------------------------------

// The game's situation: the typed one without the table keys, with every fact filled in. A typed
// key the table disagrees with is bad input naming both.
toml::table build(const toml::table& situation, const Derived& dv, Sink& sink, const TableSupport& g, const std::string& unit) {
    const double tol = g.rules().tolerance;
    const std::vector<std::string> counts = g.counts();
    toml::table out = situation;
    out.erase("table");
    for (const auto& k : table_keys()) remove_key(out, k);
    for (const auto& f : dv.facts) {
        if (f.key.empty()) continue;
        const toml::node* n = typed_node(situation, split(f.key));
        if (n && !agrees(*n, f.value, tol)) {
            sink.error(n->source(), f.key + ": " + show_node(*n) + " is typed here, but the table gives " + show(f.value) + " (" + f.says +
                                        (std::holds_alternative<double>(f.value) ? "; measuring tolerance " + show(tol) + " " + unit : std::string()) + ")");
            continue;
        }
        put(out, f.key, f.value, counts);
    }
    // Stands typed beyond those of the unit on the table.
    if (const toml::node* st = situation.get("stand"))
        if (const toml::array* a = st->as_array()) {
            std::size_t n = 0;
            for (const auto& f : dv.facts)
                if (f.key.rfind("stand[", 0) == 0) n = std::max(n, split(f.key).index.value_or(0) + 1);
            if (a->size() > n) sink.error(a->get(n)->source(), "stand: " + std::to_string(a->size()) + " stands typed, but the table's target unit has " + std::to_string(n));
        }
    return out;
}

// The game's ruling of a built situation.
Ruling rule_built(const TableSupport& g, const toml::table& t, const std::string& display_name) {
    Sink sink(display_name);
    Section root(sink, &t, "");
    Ruling r = g.rule(root);
    sink.throw_if_errors();
    r.system = g.system();
    return r;
}

// ---- decorate -----------------------------------------------------------------------

json::Value to_json(const Value& v) {
    if (auto b = std::get_if<bool>(&v)) return *b;
    if (auto d = std::get_if<double>(&v)) return std::round(*d * 1000) / 1000;
    if (auto s = std::get_if<std::string>(&v)) return *s;
    json::Array a;
    for (const auto& x : std::get<std::vector<std::string>>(v)) a.push_back(x);
    return a;
}

void decorate(Ruling& r, const Derived& dv, const Sketch& t, const Rules& rules, const std::string& shown) {
    std::vector<Step> facts;
    json::Array jf;
    for (const auto& f : dv.facts) {
        facts.push_back({f.rule, "Table: " + f.says + "."});
        jf.push_back(json::Object{{"key", f.key.empty() ? json::Value(nullptr) : json::Value(f.key)},
                                  {"value", to_json(f.value)},
                                  {"rule", f.rule},
                                  {"says", f.says}});
    }
    r.explanation.insert(r.explanation.begin(), facts.begin(), facts.end());
    json::Array sights;
    for (const auto& s : dv.sights) {
        json::Array crossed;
        for (const auto& c : s.crossed) crossed.push_back(c);
        sights.push_back(json::Object{{"from", s.from},
                                      {"to", s.to},
                                      {"line", json::Array{json::Array{s.line.a.x, s.line.a.y}, json::Array{s.line.b.x, s.line.b.y}}},
                                      {"crossed", crossed}});
    }
    json::Object table{{"file", shown}, {"unit", t.unit}, {"tolerance", rules.tolerance}, {"facts", jf}, {"sights", sights}};
    if (!dv.path.empty()) {
        json::Array path;
        for (auto p : dv.path) path.push_back(json::Array{p.x, p.y});
        table.push_back({"path", path});
        table.push_back({"moved", std::round(dv.moved * 1000) / 1000});
    }
    if (dv.cost) table.push_back({"cost", std::round(*dv.cost * 1000) / 1000});
    if (!dv.overlaps.empty()) {  // AGV: which pieces each base is in or touching, and how much
        json::Array ov;
        for (const auto& o : dv.overlaps) {
            json::Object x{{"base", t.bases[o.base.index].name}, {"piece", t.pieces[o.piece.index].name}, {"reach", std::round(o.reach * 1000) / 1000}};
            if (o.share) x.push_back({"share", std::round(*o.share * 1000) / 1000});
            x.push_back({"says", o.says});
            ov.push_back(x);
        }
        table.push_back({"overlaps", ov});
    }
    r.set("table", table);
}

// ---- table_view ---------------------------------------------------------------------

bool has_ref(const std::vector<ItemRef>& v, ItemRef r) { return std::find(v.begin(), v.end(), r) != v.end(); }

// A crossing's mark, read from the game's ruling (never from the rules themselves): what the
// ruling decided about the line (GF9 `los` and `cover`; AGV each stand's cover).
Mark mark_of(Role role, const Ruling& r, std::optional<bool> stand_cover, std::optional<bool> stand_hit) {
    const json::Value* los = nullptr;
    const json::Value* cover = nullptr;
    for (const auto& [k, v] : r.fields) {
        if (k == "los") los = &v;
        if (k == "cover") cover = &v;
    }
    const bool blocked = los && los->is_string() && los->as_string() == "blocked";
    const bool covered = cover && cover->is_bool() && cover->as_bool();
    switch (role) {
        case Role::between: return blocked ? Mark::blocking : covered ? Mark::cover : Mark::clear;
        case Role::obstacle: return blocked ? Mark::clear : Mark::call;
        case Role::cover:
            if (stand_hit && !*stand_hit) return Mark::blocking;
            return stand_cover.value_or(false) ? Mark::cover : Mark::clear;
        case Role::touched: return Mark::crossed;  // the ruling's verdict says what the move over it costs
        default: return Mark::clear;
    }
}

std::string mark_words(Mark m, Role role) {
    switch (m) {
        case Mark::blocking: return "blocks (as ruled)";
        case Mark::cover: return "gives cover (as ruled)";
        case Mark::call: return role == Role::obstacle ? "the referee's call (the core rules judge it)" : "the referee's call (within the measuring tolerance)";
        case Mark::crossed: return "ruled on as terrain crossed (see the ruling)";
        case Mark::clear: break;
    }
    return role == Role::obstacle ? "not needed: the line is already blocked" : "no effect on this ruling";
}

TableView table_view(const TableSupport& g, const Ruling& r, const Derived& dv, const Sketch& t, const std::vector<ItemRef>& called) {
    const Rules& rules = g.rules();
    const std::vector<std::string> counts = g.counts();
    TableView v;
    v.unit = t.unit;
    v.tolerance = rules.tolerance;
    v.game = r.view;
    auto is_called = [&](ItemRef i) { return std::find(called.begin(), called.end(), i) != called.end(); };
    auto finish = [&](const Found& f, std::optional<bool> cover, std::optional<bool> hit) {
        Crossing c = f.crossing;
        c.mark = is_called(c.item) ? Mark::call : mark_of(f.role, r, cover, hit);
        c.says += ": " + mark_words(c.mark, f.role);
        v.notes.push_back({c.item, c.says});
        return c;
    };
    std::vector<std::string> subjects = dv.subjects;
    for (std::size_t i = 0; i < dv.sights.size(); ++i) {
        const Sight& s = dv.sights[i];
        subjects.push_back(s.from);
        subjects.push_back(s.to);
        const TableSupport::SightRuled ruled = g.sight_ruled(r, i);
        SightView sv{s.from, s.to, s.line, {}};
        for (const auto& f : s.found) sv.crossed.push_back(finish(f, ruled.cover, ruled.hit));
        v.sights.push_back(std::move(sv));
    }
    v.path = dv.path;
    v.moved = dv.moved;
    v.cost = dv.cost;
    for (const auto& f : dv.path_found) v.path_crossed.push_back(finish(f, std::nullopt, std::nullopt));
    for (const auto& name : subjects)
        if (const Base* b = t.base(name); b && !has_ref(v.subjects, ref(t, *b))) v.subjects.push_back(ref(t, *b));
    // What each subject base was measured on where it stands: every piece it touches.
    for (const ItemRef s : v.subjects)
        for (auto& o : overlaps(t, rules, t.bases[s.index])) {
            v.notes.push_back({o.base, o.says});
            v.notes.push_back({o.piece, o.says});
            v.overlaps.push_back(std::move(o));
        }
    // Every fact and reading on the items it names (a quoted name in its sentence).
    auto note_all = [&](const std::string& says) {
        for (const auto& p : t.pieces)
            if (says.find(quoted_name(p.name)) != std::string::npos) v.notes.push_back({ref(t, p), says});
        for (const auto& b : t.bases)
            if (says.find(quoted_name(b.name)) != std::string::npos) v.notes.push_back({ref(t, b), says});
    };
    for (const auto& f : dv.facts) {
        note_all(f.says);
        if (const double* d = std::get_if<double>(&f.value); d && !has(counts, f.key))
            v.distances.push_back({f.key.empty() ? std::string("measured") : f.key, *d, f.says});
    }
    for (const auto& rd : dv.readings) note_all(rd.says);
    v.reaches = dv.overlaps;
    return v;
}

}  // namespace

const char* to_string(Mark m) {
    switch (m) {
        case Mark::blocking: return "blocking";
        case Mark::cover: return "cover";
        case Mark::call: return "referee's call";
        case Mark::crossed: return "crossed";
        case Mark::clear: break;
    }
    return "clear";
}

// ---- rule_with_table ------------------------------------------------------------------

Ruling rule_with_table(const TableSupport& g, const Systems& systems, const toml::table& situation,
                       const std::string& display_name, const std::filesystem::path& base_dir) {
    Sink sink(display_name);
    Section root(sink, &situation, "");
    auto file = root.str("table", true);
    sink.throw_if_errors();
    const std::filesystem::path path = std::filesystem::path(*file).is_absolute() ? std::filesystem::path(*file) : base_dir / *file;
    std::string shown = path.lexically_normal().string();
    if (std::filesystem::path(*file).is_relative() && base_dir.empty()) shown = *file;
    Sketch t;
    try {
        t = load_sketch(path, shown, systems);
    } catch (const InputError& e) {
        // The table's problems keep their own file's name, after one located at the situation's
        // `table` key, so the first line always names the file the referee opened.
        root.error("table", quoted_name(*file) + ": the table file has the problems reported for " + shown);
        std::vector<Diagnostic> all = sink.diagnostics();
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw InputError(all);
    }
    return rule_on_table(g, situation, display_name, t);
}

Ruling rule_on_table(const TableSupport& g, const toml::table& situation, const std::string& display_name, const Sketch& t) {
    Sink sink(display_name);
    Section root(sink, &situation, "");
    const std::string file = root.str("table").value_or(t.file);
    if (t.system != g.system()) root.error("table", quoted_name(file) + " is a table for " + t.system + "; this situation is " + g.system());
    sink.throw_if_errors();
    const Derived dv = derive(g, root, t);
    sink.throw_if_errors();
    const toml::table built = build(situation, dv, sink, g, t.unit);
    sink.throw_if_errors();
    Ruling r = rule_built(g, built, display_name);
    decorate(r, dv, t, g.rules(), file);  // the table as the situation names it, the same on every machine
    // The table's warnings (a hill drawn in parts that do not touch) are the referee's to see in
    // every ruling on it, not only in `table check`.
    if (!g.hill_rule().empty())
        for (const auto& w : sketch_warnings(t, g.rules()))
            r.step(g.hill_rule(), "Table: " + w.message + " (table line " + std::to_string(w.line) + ").");
    const std::vector<std::string> counts = g.counts();
    // Every measurement within the tolerance of a threshold: rule the other reading too.
    std::vector<ItemRef> called;
    for (const auto& rd : dv.readings) {
        toml::table other = built;
        for (const auto& [k, v] : rd.keys) put(other, k, v, counts);
        std::string verdict;
        try {
            verdict = rule_built(g, other, display_name).verdict;
        } catch (const InputError&) {
            r.step(rd.rule, "Table: " + rd.says + " — that reading is not a situation the rules cover, so the measured one stands.");
            continue;
        }
        if (verdict != r.verdict) {
            r.call(rd.rule, rd.says + ": " + verdict + "; as measured: " + r.verdict + ".");
            called.insert(called.end(), rd.items.begin(), rd.items.end());
        } else {
            r.step(rd.rule, "Table: " + rd.says + ": the same ruling either way.");
        }
    }
    r.view = table_view(g, r, dv, t, called);
    return r;
}

}  // namespace umpire::tabletop
