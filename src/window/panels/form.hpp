// The glue every panel shares, written once: a binding table between a panel's own input
// struct and the situation file's keys (Form), and a Panel base (FormPanel) that loads, saves,
// resets and draws the common ruling layout with it. A panel only lists its fields and draws.
//
// Load and save go through the engine (GameSystem::canonical): a file is validated and read in
// the module's own spelling, and what the panel writes is the module's file format exactly.
//
// Sections
//   1. Form<S>: dotted key path <-> member, with an optional "only when" condition (both: the
//      firer's and the target's same key)
//   2. FormPanel<S>: situation(), load(), reset(), key_order(), draw_ruling() with a view hook
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <toml++/toml.h>

#include "window/panels/panel.hpp"
#include "board/board_support.hpp"
#include "board/counters.hpp"

namespace umpire::app {

// =====================================================================================
// 1. Form
// =====================================================================================

// The node at a dotted path ("firer.elevation"), or nullptr.
const toml::node* node_at(const toml::table& t, const std::string& path);
// The table that holds the last key of `path`, created as needed; `key` gets that last key.
toml::table& parent_for(toml::table& t, const std::string& path, std::string* key);
// Strings in a node: a string gives one, an array its strings.
std::vector<std::string> strings_of(const toml::node* n);

template <class S>
class Form {
public:
    using When = std::function<bool(const S&)>;
    using Read = std::function<void(const toml::table&, S&)>;
    using Write = std::function<void(const S&, toml::table&)>;

    // A string, integer, boolean or number member; a missing key keeps the member as it is.
    template <class T>
    Form& field(std::string path, T S::*m, When when = {}) {
        rows_.push_back({[path, m](const toml::table& t, S& s) { read_one(node_at(t, path), s.*m); },
                         [path, m](const S& s, toml::table& t) { write_one(t, path, s.*m); }, std::move(when)});
        return *this;
    }
    // Optional members are written only when set.
    template <class T>
    Form& field(std::string path, std::optional<T> S::*m, When when = {}) {
        rows_.push_back({[path, m](const toml::table& t, S& s) {
                             if (const toml::node* n = node_at(t, path)) {
                                 T v{};
                                 read_one(n, v);
                                 s.*m = v;
                             }
                         },
                         [path, m](const S& s, toml::table& t) {
                             if (s.*m) write_one(t, path, *(s.*m));
                         },
                         std::move(when)});
        return *this;
    }
    // The same key in the firer's and the target's tables ("firer.hex" and "target.hex").
    template <class M>
    Form& both(const std::string& key, M S::*firer, M S::*target, When when = {}) {
        field("firer." + key, firer, when);
        return field("target." + key, target, std::move(when));
    }
    // An array of tables ([[obstacles]]), each bound by `rows`.
    template <class E>
    Form& list(std::string path, std::vector<E> S::*m, Form<E> rows, When when = {}) {
        rows_.push_back({[path, m, rows](const toml::table& t, S& s) {
                             (s.*m).clear();
                             if (const toml::node* n = node_at(t, path); n && n->is_array())
                                 for (const auto& x : *n->as_array())
                                     if (const toml::table* xt = x.as_table()) (s.*m).push_back(rows.read(*xt));
                         },
                         [path, m, rows](const S& s, toml::table& t) {
                             toml::array a;
                             for (const E& e : s.*m) a.push_back(rows.write(e));
                             std::string key;
                             parent_for(t, path, &key).insert_or_assign(key, std::move(a));
                         },
                         std::move(when)});
        return *this;
    }
    // A key whose spelling depends on other fields (a side or a hex index).
    Form& custom(Read read, Write write, When when = {}) {
        rows_.push_back({std::move(read), std::move(write), std::move(when)});
        return *this;
    }

    S read(const toml::table& t, S s = S{}) const {
        for (const auto& r : rows_) r.read(t, s);
        return s;
    }
    toml::table write(const S& s) const {
        toml::table t;
        for (const auto& r : rows_)
            if (!r.when || r.when(s)) r.write(s, t);
        return t;
    }

private:
    struct Row {
        Read read;
        Write write;
        When when;
    };
    std::vector<Row> rows_;

    static void read_one(const toml::node* n, std::string& v) {
        if (n && n->is_string()) v = n->as_string()->get();
    }
    static void read_one(const toml::node* n, int& v) {
        if (n && n->is_integer()) v = int(n->as_integer()->get());
    }
    static void read_one(const toml::node* n, bool& v) {
        if (n && n->is_boolean()) v = n->as_boolean()->get();
    }
    static void read_one(const toml::node* n, double& v) {
        if (n && n->is_floating_point()) v = n->as_floating_point()->get();
        else if (n && n->is_integer()) v = double(n->as_integer()->get());
    }
    static void read_one(const toml::node* n, std::vector<std::string>& v) {
        if (n) v = strings_of(n);
    }
    static void read_one(const toml::node* n, std::vector<int>& v) {
        if (!n || !n->is_array()) return;
        v.clear();
        for (const auto& x : *n->as_array())
            if (x.is_integer()) v.push_back(int(x.as_integer()->get()));
    }
    template <class T>
    static void write_one(toml::table& t, const std::string& path, const T& v) {
        std::string key;
        toml::table& p = parent_for(t, path, &key);
        if constexpr (std::is_same_v<T, std::vector<std::string>> || std::is_same_v<T, std::vector<int>>) {
            toml::array a;
            for (const auto& x : v) a.push_back(x);
            p.insert_or_assign(key, std::move(a));
        } else {
            p.insert_or_assign(key, v);
        }
    }
};

// =====================================================================================
// 2. FormPanel
// =====================================================================================

// The situation of `raw` as the system writes it, when it reads without a problem; else `raw`
// itself (the App then rules it and shows the engine's messages). Without `title`/`notes`.
toml::table canonical_or_raw(const GameSystem& sys, toml::table raw);
// The system's canonical form of a whole situation file, or nullopt after reporting its
// problems into root.sink().
std::optional<toml::table> canonical_of(const GameSystem& sys, const Section& root);

// ---- units on the board (board/counters.hpp) ----
// The game's counter rules, or nullptr when its boards have no counters (or it has no boards).
const board::CounterRules* counter_rules_of(const GameSystem& sys);
// The panel's situation read with its counters: `root` with the chosen counters' facts moved into
// the roles' keys, canonical (nullopt after a problem, reported into root.sink()); *c the counters.
std::optional<toml::table> canonical_with_counters(const GameSystem& sys, const Section& root, board::Counters* c);
// The referee's pick on the map (BoardHost::take_pick) applied to `situation` (the panel's): a
// counter picked for the role table `first` or `second` (the one that held it before swaps), or one
// added (named "Unit N", on the side of the last one). The roles' keys the picked counters fill are
// handed to `take` (the panel reads them as typed, unvalidated: the ruling then says what is wrong,
// as after a click). True when the situation changed.
bool apply_counter_pick(toml::table situation, board::Counters& c, const board::CounterRules& r, const board::CounterPick& pick,
                        const std::string& first, const std::string& second, const std::function<void(const toml::table&)>& take);
// The inputs' "Units on the board": each counter's name and side to edit, its hex and role, Remove;
// with the map's gestures in words. True when a counter changed.
bool draw_counter_inputs(board::Counters& c, const std::string& first, const std::string& second);

template <class S>
class FormPanel : public Panel {
public:
    FormPanel(const Engine& e, std::string id, Form<S> form, std::vector<std::string> key_order)
        : sys_(*e.find(id)), choices_(sys_.choices()), id_(std::move(id)), form_(std::move(form)),
          key_order_(std::move(key_order)) {}

    std::string system_id() const override { return id_; }
    // With counters (units on the board), the chosen ones follow the roles' keys (a click moved the
    // firer, another unit typed) and are written with their `counter` picks beside those keys.
    toml::table situation() const override {
        toml::table t = canonical_or_raw(sys_, table_of(written()));
        if (const board::CounterRules* r = counter_rules_of(sys_)) {
            board::follow_roles(counters_, t, *r);
            board::write_counters(t, counters_, *r);
        }
        return t;
    }
    void load(const Section& root) override {
        board::Counters c;
        if (const auto t = canonical_with_counters(sys_, root, &c)) {
            s_ = form_.read(*t);
            counters_ = std::move(c);
            loaded();
        }
    }
    void reset() override {
        s_ = defaults();
        counters_ = {};
        loaded();
    }
    std::vector<std::string> key_order() const override { return key_order_; }

    // The shared ruling layout with the system's own drawing (from the ruling's typed view)
    // between the referee's call and the figures.
    void draw_ruling(PanelContext& ctx, const Ruling& r) override {
        draw_map_notes(ctx);
        draw_ruling_head(r, spaced_call_);
        draw_view(ctx, r);
        draw_ruling_tail(r, sys_.title());
        draw_map_key(ctx);
    }

protected:
    // File > New: the panel's starting situation.
    virtual S defaults() const { return S{}; }
    // After a load or reset: reset any text the panel keeps besides s_.
    virtual void loaded() {}
    // The inputs as they are written to the file: s_ less what is half entered.
    virtual S written() const { return s_; }
    // With a map: what the map shows ("On the map", first) and its key (last); nothing by default.
    virtual void draw_map_notes(PanelContext& ctx) { (void)ctx; }
    virtual void draw_map_key(PanelContext& ctx) { (void)ctx; }
    // The system's drawing from r.view_as<...>(); nothing by default.
    virtual void draw_view(PanelContext& ctx, const Ruling& r) {
        (void)ctx;
        (void)r;
    }
    // `s` as a situation-file table, as the form writes it (not yet canonical).
    toml::table table_of(const S& s) const {
        toml::table raw = form_.write(s);
        raw.insert_or_assign("system", id_);
        return raw;
    }
    // The system's choices view (checked: a wrong type is a programming error, thrown).
    template <class C>
    const C& choices() const {
        return std::any_cast<const C&>(choices_);
    }

    // After host.map(): the referee's pick on the map, applied (apply_counter_pick).
    template <class Host>
    bool take_counter_pick(Host& host, const std::string& first, const std::string& second) {
        const auto pick = host.take_pick();
        const board::CounterRules* r = counter_rules_of(sys_);
        return pick && r && apply_counter_pick(situation(), counters_, *r, *pick, first, second, [this](const toml::table& t) {
                   s_ = form_.read(t, s_);
                   loaded();
               });
    }

    const GameSystem& sys_;
    S s_{};
    // Units on the board (board/counters.hpp): mutable, as situation() lets the chosen ones follow
    // the roles' keys the inputs and the map changed.
    mutable board::Counters counters_;
    bool spaced_call_ = false;  // a little space above the referee's-call box (the generic layout's)

private:
    std::any choices_;
    std::string id_;
    Form<S> form_;
    std::vector<std::string> key_order_;
};

// A panel factory for the registry: the panel, holding its defaults, only when its system is loaded.
template <class P>
std::unique_ptr<Panel> make_panel(const Engine& e, const char* id) {
    if (!e.find(id)) return nullptr;
    auto p = std::make_unique<P>(e);
    p->reset();
    return p;
}

}  // namespace umpire::app
