#include "engine/engine.hpp"
#include "board/board_support.hpp"

#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstdlib>
#include <mutex>

#include "core/names.hpp"

namespace umpire {

std::vector<std::string> common_situation_keys(std::initializer_list<const char*> more) {
    // `title` and `notes` let a referee label a situation file; they do not affect a ruling.
    std::vector<std::string> keys = {"system", "title", "notes"};
    keys.insert(keys.end(), more.begin(), more.end());
    return keys;
}

struct Engine::Loading {
    std::mutex lock;
    std::vector<bool> loaded;       // by index in systems_
    std::atomic<bool> all{false};   // every system loaded: nothing left to lock for
};

Engine::Engine(const std::filesystem::path& rules_dir, Load mode)
    : dir_(rules_dir), systems_(make_all_systems()), loading_(std::make_unique<Loading>()) {
    loading_->loaded.assign(systems_.size(), false);
    std::error_code ec;
    if (!std::filesystem::is_directory(rules_dir, ec))
        throw InputError({{rules_dir.string(), 1, 1, "rules-data folder not found"}});
    if (mode == Load::on_demand) return;
    std::vector<Diagnostic> all;
    for (std::size_t i = 0; i < systems_.size(); ++i) {
        const auto& problems = load(i);
        all.insert(all.end(), problems.begin(), problems.end());
    }
    loading_->all = true;
    if (mode == Load::all_or_nothing && !all.empty()) throw InputError(all);
}

const std::vector<Diagnostic>& Engine::load(std::size_t i) const {
    static const std::vector<Diagnostic> none;
    const std::lock_guard<std::mutex> lock(loading_->lock);
    GameSystem& s = *systems_[i];
    if (!loading_->loaded[i]) {
        try {
            s.load(dir_);
        } catch (const InputError& e) {
            data_errors_[s.id()] = e.diagnostics();
        }
        loading_->loaded[i] = true;  // any other exception leaves it to be tried again
    }
    const auto it = data_errors_.find(s.id());
    return it == data_errors_.end() ? none : it->second;
}

void Engine::load_all() const {
    if (loading_->all) return;
    for (std::size_t i = 0; i < systems_.size(); ++i) load(i);
    loading_->all = true;
}

const std::vector<Diagnostic>& Engine::data_errors(const std::string& id) const {
    static const std::vector<Diagnostic> none;
    for (std::size_t i = 0; i < systems_.size(); ++i)
        if (same_name(systems_[i]->id(), id)) return load(i);
    return none;
}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

const GameSystem* Engine::find(const std::string& id) const {
    for (std::size_t i = 0; i < systems_.size(); ++i)
        if (same_name(systems_[i]->id(), id)) {
            load(i);
            return systems_[i].get();
        }
    return nullptr;
}

// Says what each alias was taken for, first in the explanation (a referee reading "Tiger" should
// see it became the Pz VI a before any number), and in the JSON key `matched`:
// {"firer.unit": {"given": "Tiger", "name": "Pz VI a"}}. Nothing is added when no alias was used.
static void report_matches(Ruling& r, const std::vector<NameNote>& matches) {
    if (matches.empty()) return;
    json::Object m;
    std::vector<Step> steps;
    for (const auto& n : matches) {
        json::Object one;
        one.emplace_back("given", n.given);
        one.emplace_back("name", n.name);
        m.emplace_back(n.key, json::Value(std::move(one)));
        steps.push_back({n.rule, n.key + ": \"" + n.given + "\" is taken as the " + n.name +
                                     " (another name for it in rules-data)."});
    }
    r.explanation.insert(r.explanation.begin(), steps.begin(), steps.end());
    r.set("matched", json::Value(std::move(m)));
}

// Units on the board (board/counters.hpp): with counters, the table to rule is `situation` with the
// chosen counters' facts moved into the roles' keys (in `movable` itself, else in `copy`); their
// problems are thrown, located. Without counters, `situation` as it is.
static const toml::table& counters_resolved(const GameSystem& g, const Section& root, const toml::table& situation,
                                            toml::table* movable, std::optional<toml::table>& copy) {
    const view::BoardSupport* support = g.board_support();
    if (!support || !board::uses_counters(situation, support->counter_rules())) return situation;
    const board::CounterRules& rules = support->counter_rules();
    board::read_counters(root, rules);
    root.sink().throw_if_errors();
    toml::table& t = movable ? *movable : copy.emplace(situation);
    board::resolve_counters(t, rules);
    return t;
}

// The ruling's `counters` key: the name and side of each role's counter, for the dispute record.
static std::optional<json::Value> counters_named(const GameSystem& g, const toml::table& situation) {
    const view::BoardSupport* support = g.board_support();
    if (!support || !board::uses_counters(situation, support->counter_rules())) return std::nullopt;
    Sink quiet("(counters)");
    const auto c = board::read_counters(Section(quiet, &situation, ""), support->counter_rules());
    if (!c || c->chosen.empty()) return std::nullopt;
    json::Object o;
    for (const auto& [role, name] : c->chosen)
        if (const board::Counter* k = c->find(name)) o.emplace_back(role, json::Object{{"name", k->name}, {"side", k->side}});
    return json::Value(std::move(o));
}

const GameSystem& Engine::system_of(const Section& root) const {
    std::vector<std::string> ids;
    for (const auto& s : systems_) ids.push_back(s->id());
    auto sys = root.choice("system", ids, true);
    root.sink().throw_if_errors();
    const GameSystem* g = find(*sys);
    // A game whose rules data failed to load (Load::each_system) cannot rule: its data errors say why.
    if (const auto& bad = data_errors(g->id()); !bad.empty()) throw InputError(bad);
    return *g;
}

Ruling Engine::rule(const toml::table& situation, const std::string& display_name, const std::filesystem::path& base_dir) const {
    return rule_any(situation, nullptr, display_name, base_dir);
}

Ruling Engine::rule(toml::table&& situation, const std::string& display_name, const std::filesystem::path& base_dir) const {
    return rule_any(situation, &situation, display_name, base_dir);
}

Ruling Engine::rule_any(const toml::table& situation, toml::table* movable, const std::string& display_name,
                        const std::filesystem::path& base_dir) const {
    Sink sink(display_name, base_dir);  // a board the situation names is found in base_dir too
    sink.set_print_only(print_only_);
    Section root(sink, &situation, "");
    const GameSystem* g = &system_of(root);
    // A situation on a table sketch (docs/tables.md): the table file is found in base_dir, else
    // next to the situation file (the current folder for standard input).
    if (root.has("table")) return rule_table(*g, root, situation, display_name, base_dir);
    std::optional<toml::table> copy;
    const auto named = counters_named(*g, situation);  // read before the situation is changed
    const toml::table& t = counters_resolved(*g, root, situation, movable, copy);
    Ruling r = g->rule(Section(sink, &t, ""));
    sink.throw_if_errors();
    r.system = g->id();
    report_matches(r, sink.matches());
    if (named) r.set("counters", *named);
    return r;
}

Ruling Engine::rule_on_board(const toml::table& situation, const std::string& display_name, const board::Board& b,
                             const view::Placement* place) const {
    return rule_on_board_any(situation, nullptr, display_name, b, place);
}

Ruling Engine::rule_on_board(toml::table&& situation, const std::string& display_name, const board::Board& b,
                             const view::Placement* place) const {
    return rule_on_board_any(situation, &situation, display_name, b, place);
}

Ruling Engine::rule_on_board_any(const toml::table& situation, toml::table* movable, const std::string& display_name,
                                 const board::Board& b, const view::Placement* place) const {
    Sink sink(display_name);
    Section root(sink, &situation, "");
    const GameSystem* g = &system_of(root);
    const view::BoardSupport* support = g->board_support();
    if (!support) {
        root.error("system", g->title() + " has no boards");
        sink.throw_if_errors();
    }
    std::optional<toml::table> copy;
    const auto named = counters_named(*g, situation);
    const toml::table& t = counters_resolved(*g, root, situation, movable, copy);
    Ruling r = support->rule(Section(sink, &t, ""), b, place);
    sink.throw_if_errors();
    r.system = g->id();
    report_matches(r, sink.matches());
    if (named) r.set("counters", *named);
    return r;
}

Ruling Engine::rule_text(std::string_view text, const std::string& display_name, const std::filesystem::path& base_dir) const {
    toml::table t = parse_toml_string(text, display_name);
    return rule(std::move(t), display_name, base_dir);
}

Ruling Engine::rule_file(const std::filesystem::path& path) const {
    toml::table t = parse_toml_file(path, path.string());
    return rule(std::move(t), path.string());
}

namespace {

// The rules-data folder that belongs to the program `exe` (a canonical path), or "": next to it,
// then ../share/umpire/rules-data, then ../rules-data. Plain string work and one stat a candidate
// (stat of the candidate's spi-tank.toml says both that the folder exists and that it is one).
std::filesystem::path rules_dir_of(const std::string& exe) {
    const std::string dir = exe.substr(0, exe.rfind('/'));
    const std::string up = dir.substr(0, dir.rfind('/'));
    for (const std::string& cand : {dir + "/rules-data", up + "/share/umpire/rules-data", up + "/rules-data"}) {
        struct stat st {};
        if (::stat((cand + "/spi-tank.toml").c_str(), &st) != 0) continue;
        // Only a candidate that is itself a symbolic link is resolved, as before.
        if (::lstat(cand.c_str(), &st) == 0 && !S_ISLNK(st.st_mode)) return cand;
        std::error_code ec;
        return std::filesystem::weakly_canonical(cand, ec);
    }
    return {};
}

}  // namespace

std::filesystem::path default_rules_dir() {
    // Every `umpire-cli` command starts here (issue 21, point 6). The program's own file is asked
    // first by the path it was started by (AT_EXECFN) made canonical by realpath(): a few lstat()s.
    // The kernel's /proc/self/exe says the same, but reading it costs ~20 us the first time in a
    // process, as much as the rest of this function many times over; it is asked only when the
    // first way finds no rules data (a program started through a descriptor, say).
    char buf[PATH_MAX];
    if (const auto* started = reinterpret_cast<const char*>(::getauxval(AT_EXECFN)))
        if (::realpath(started, buf))
            if (auto found = rules_dir_of(buf); !found.empty()) return found;
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0)
        if (auto found = rules_dir_of(std::string(buf, std::size_t(n))); !found.empty()) return found;
    return std::filesystem::path(UMPIRE_SOURCE_RULES_DATA);
}

std::vector<Diagnostic> check_rules_dir(const std::filesystem::path& dir) {
    try {
        Engine e(dir);
    } catch (const InputError& e) {
        return e.diagnostics();
    }
    return {};
}

}  // namespace umpire
