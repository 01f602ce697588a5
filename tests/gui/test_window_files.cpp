// The window's non-drawing parts, without a display: atomic writes, the
// situation file format, the TANK! panel's load/save round trip for every
// example, and the session (autosave, reopen, recovery) through the real App.
// Then the "lost work" cases (issues 13 and 14): Save never crosses games, every game's
// situation survives a restart, a bad state file or situation file never aborts, the state
// folder is per user and locked, a broken game's rules data locks only that game, and Copy
// ruling carries the game and the situation. Last, every option of every panel has its own
// tooltip (drawn without a display).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "window/shell/app.hpp"
#include "window/shell/files.hpp"
#include "window/ui/hex_layout.hpp"
#include "window/panels/panel.hpp"
#include "window/panels/form.hpp"
#include "window/panels/util.hpp"
#include "window/ui/widgets.hpp"
#include "headless_imgui.hpp"
#include "engine/engine.hpp"
#include "tabletop/rulings.hpp"
#include "window/table/view.hpp"

namespace fs = std::filesystem;
using namespace umpire;
using namespace umpire::app;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("umpire-gui-test-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string slurp(const fs::path& p) { return read_text(p).value_or("<missing>"); }

std::vector<fs::path> examples(const std::string& system) {
    std::vector<fs::path> v;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples"))
        if (e.path().extension() == ".toml" && e.path().filename().string().rfind(system + "-", 0) == 0) v.push_back(e.path());
    std::sort(v.begin(), v.end());
    return v;
}

const Engine& engine() {
    static Engine e(default_rules_dir());
    return e;
}

// The window title for `file` of TANK!: "a.toml* — SPI TANK! ... — Umpire".
std::string tank_title(const std::string& file, bool modified = false) {
    const std::string dash = " \xe2\x80\x94 ";
    return file + (modified ? "*" : "") + dash + engine().find("spi-tank")->title() + dash + "Umpire";
}

}  // namespace

TEST_CASE("atomic_write: writes, replaces, keeps permissions, leaves no temporary files", "[gui]") {
    const fs::path d = fresh_dir("atomic");
    const fs::path f = d / "a.toml";
    REQUIRE_FALSE(atomic_write(f, "one\n"));
    CHECK(slurp(f) == "one\n");
    ::chmod(f.c_str(), 0600);
    REQUIRE_FALSE(atomic_write(f, "two\n"));
    CHECK(slurp(f) == "two\n");
    struct stat st {};
    REQUIRE(::stat(f.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    int files = 0;
    for (const auto& e : fs::directory_iterator(d)) files += e.is_regular_file() ? 1 : 0;
    CHECK(files == 1);
    // A folder that does not exist: an error message, not a crash or a partial file.
    const auto err = atomic_write(d / "missing" / "b.toml", "x");
    REQUIRE(err);
    CHECK(err->find("missing") != std::string::npos);
    fs::remove_all(d);
}

TEST_CASE("the state folder is per user: XDG_STATE_HOME, else HOME, else the password home, never a shared one", "[gui]") {
    struct Row { const char* xdg; const char* home; const char* pw; const char* expected; };
    const Row rows[] = {
        {"/x/state", "/home/a", "/home/b", "/x/state/umpire"},
        {"relative/state", "/home/a", "/home/b", "/home/a/.local/state/umpire"},  // XDG: relative ones are ignored
        {"", "/home/a", nullptr, "/home/a/.local/state/umpire"},
        {nullptr, nullptr, "/home/b", "/home/b/.local/state/umpire"},
        {nullptr, "", "/home/b", "/home/b/.local/state/umpire"},
        {nullptr, nullptr, nullptr, nullptr},  // none: the window refuses to run (never /tmp)
        {nullptr, "relative", "", nullptr},
    };
    for (const Row& r : rows) {
        INFO((r.xdg ? r.xdg : "(unset)") << " " << (r.home ? r.home : "(unset)") << " " << (r.pw ? r.pw : "(none)"));
        const auto got = state_dir_from(r.xdg, r.home, r.pw);
        if (r.expected) CHECK(got == fs::path(r.expected));
        else CHECK_FALSE(got);
    }
}

TEST_CASE("format_situation writes the spec's layout and parses back to the same table", "[gui]") {
    toml::table t;
    t.insert("system", "spi-tank");
    t.insert("title", "a \"quoted\" title\nwith a second line");
    t.insert("terrain_mode", "mixed");
    toml::table line;
    line.insert("range", 12);
    toml::array obs;
    obs.push_back(toml::table{{"terrain", "woods"}, {"at", "hex"}});
    obs.push_back(toml::table{{"terrain", "slope"}, {"at", "hexside"}});
    line.insert("obstacles", obs);
    t.insert("line", line);
    toml::array ex;
    ex.push_back(toml::table{{"unit", "T55"}, {"range", 14}});
    t.insert("extra_firer", ex);
    const std::string text = format_situation(t, {"system", "title", "terrain_mode", "line", "range", "obstacles", "terrain", "at"});
    CHECK(text.rfind("system = \"spi-tank\"\ntitle = ", 0) == 0);
    CHECK(text.find("[line]\nrange = 12\nobstacles = [\n  { terrain = \"woods\", at = \"hex\" },\n") != std::string::npos);
    CHECK(text.find("\n[[extra_firer]]\n") != std::string::npos);
    const toml::table back = toml::parse(text);
    CHECK(back == t);
}

TEST_CASE("TANK! panel: every example loads into the panel and rules the same from the panel's situation", "[gui]") {
    const auto files = examples("spi-tank");
    REQUIRE_FALSE(files.empty());
    const PanelRegistration* reg = find_panel("spi-tank");
    REQUIRE(reg);
    for (const auto& f : files) {
        INFO(f.string());
        auto panel = reg->make(engine());
        REQUIRE(panel);
        toml::table t = parse_toml_file(f, f.string());
        Sink sink(f.string());
        Section root(sink, &t, "");
        panel->load(root);
        REQUIRE(sink.ok());
        toml::table s = panel->situation();
        if (auto title = t["title"].value<std::string>()) s.insert("title", *title);
        const std::string text = format_situation(s, panel->key_order());
        const std::string expected = engine().rule_file(f).to_json().dump();
        CHECK(engine().rule_text(text, f.string()).to_json().dump() == expected);
    }
}

TEST_CASE("every panel: examples load and write back the module's own format, and File > New rules", "[gui]") {
    // The panels share one load/save path (panel_form.hpp) through GameSystem::canonical: what a
    // panel writes must be exactly the module's to_toml of the file (less the App's title/notes).
    for (const char* system : {"spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"}) {
        INFO(system);
        const PanelRegistration* reg = find_panel(system);
        REQUIRE(reg);
        auto fresh = reg->make(engine());
        REQUIRE(fresh);
        CHECK_NOTHROW(engine().rule_text(format_situation(fresh->situation(), fresh->key_order()), "new.toml"));
        const auto files = examples(system);
        REQUIRE_FALSE(files.empty());
        for (const auto& f : files) {
            INFO(f.string());
            auto panel = reg->make(engine());
            toml::table t = parse_toml_file(f, f.string());
            Sink sink(f.string());
            Section root(sink, &t, "");
            panel->load(root);
            REQUIRE(sink.ok());
            Sink sink2(f.string());
            // Units on the board (`[[counter]]`): the game's canonical form of the situation with the
            // picked counters' facts in the roles' keys, and the counters written beside it.
            board::Counters counters;
            auto canonical = canonical_with_counters(*engine().find(system), Section(sink2, &t, ""), &counters);
            REQUIRE(canonical);
            canonical->erase("title");
            canonical->erase("notes");
            if (const board::CounterRules* r = counter_rules_of(*engine().find(system))) board::write_counters(*canonical, counters, *r);
            CHECK(format_situation(panel->situation(), panel->key_order()) == format_situation(*canonical, panel->key_order()));
            CHECK(engine().rule_text(format_situation(panel->situation(), panel->key_order()), f.string()).to_json().dump() ==
                  engine().rule_file(f).to_json().dump());
        }
    }
}

TEST_CASE("every panel: File > New assumes nothing: no referee's call, no obstacle, a clear line", "[gui]") {
    for (const char* system : {"spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"}) {
        INFO(system);
        auto panel = find_panel(system)->make(engine());
        REQUIRE(panel);
        const toml::table s = panel->situation();
        const Ruling r = engine().rule_text(format_situation(s, panel->key_order()), "new.toml");
        CHECK_FALSE(r.referee_call);
        for (const auto& [k, v] : r.fields)
            if (k == "los") CHECK(v.as_string() == "clear");
        if (const toml::array* obstacles = s["line"]["obstacles"].as_array()) CHECK(obstacles->empty());
        if (const toml::array* terrain = s["move"]["terrain"].as_array()) CHECK(terrain->empty());
    }
}

TEST_CASE("TANK! and PanzerBlitz panels: an added obstacle blocks nothing by itself (10.6, PB-I)", "[gui]") {
    struct Row {
        const char* system;
        const char* situation;
    };
    const Row rows[] = {
        {"spi-tank", nullptr},  // File > New
        // Level 2 down to level 1: orange/red symbols never obstruct (note I), so one exists that blocks nothing.
        {"panzerblitz", "system = \"panzerblitz\"\n[firer]\nelevation = \"l2-hilltop\"\n[target]\nelevation = \"l1-hilltop\"\n"
                        "[line]\nrange = 4\n"},
    };
    for (const Row& row : rows) {
        INFO(row.system);
        auto panel = find_panel(row.system)->make(engine());
        if (row.situation) {
            toml::table t = toml::parse(row.situation);
            Sink sink("s.toml");
            panel->load(Section(sink, &t, ""));
            REQUIRE(sink.ok());
        }
        const Ruling before = engine().rule_text(format_situation(panel->situation(), panel->key_order()), "before.toml");
        REQUIRE(panel->add_obstacle());
        const toml::table s = panel->situation();
        REQUIRE(s["line"]["obstacles"].as_array());
        CHECK(s["line"]["obstacles"].as_array()->size() == 1);
        const Ruling after = engine().rule_text(format_situation(s, panel->key_order()), "after.toml");
        CHECK(after.verdict == before.verdict);
        CHECK_FALSE(after.referee_call);
    }
    for (const char* system : {"gf9-tanks", "agv", "panzer-squadron"}) CHECK_FALSE(find_panel(system)->make(engine())->add_obstacle());
}

TEST_CASE("GF9 panel: a distance of 0 is written as 0, a missing one is not made up (GF9-escarpments)", "[gui]") {
    const std::string head = "system = \"gf9-tanks\"\nquestion = \"los\"\n[firer]\non_hill = \"no\"\non_escarpment = true\n"
                             "[target]\non_hill = \"no\"\nbelow_escarpment = true\n[line]\nescarpment_between = true\n";
    auto panel = find_panel("gf9-tanks")->make(engine());
    toml::table t = toml::parse(head + "firer_distance_to_escarpment = 0.0\ntarget_distance_to_escarpment = 0\n");
    Sink sink("zero.toml");
    panel->load(Section(sink, &t, ""));
    REQUIRE(sink.ok());
    const toml::table s = panel->situation();
    CHECK(s["line"]["firer_distance_to_escarpment"].value<double>() == std::optional<double>(0.0));
    CHECK(s["line"]["target_distance_to_escarpment"].value<double>() == std::optional<double>(0.0));
    CHECK(engine().rule_text(format_situation(s, panel->key_order()), "zero.toml").to_json().dump() ==
          engine().rule_text(head + "firer_distance_to_escarpment = 0.0\ntarget_distance_to_escarpment = 0.0\n", "zero.toml").to_json().dump());
    // File > New then escarpment: the distances are not given, so the situation has no such key
    // (the engine then names the missing key rather than ruling on a made-up 0).
    auto fresh = find_panel("gf9-tanks")->make(engine());
    const toml::table n = fresh->situation();
    CHECK_FALSE(n["line"]["firer_distance_to_escarpment"]);
    CHECK_FALSE(n["line"]["target_distance_to_escarpment"]);
    toml::table missing = toml::parse(head);
    Sink sink2("missing.toml");
    panel->load(Section(sink2, &missing, ""));
    CHECK_FALSE(sink2.ok());  // refused with the missing keys named; the panel keeps its 0s
    CHECK(panel->situation()["line"]["firer_distance_to_escarpment"].value<double>() == std::optional<double>(0.0));
}

TEST_CASE("TANK! panel: the keys the ruling reads are kept (facing, wreck, obstacle hex, extra firers' sight)", "[gui]") {
    const std::string text =
        "system = \"spi-tank\"\nterrain_mode = \"mixed\"\n"
        "[firer]\nunit = \"Tiger\"\nhex = \"1006\"\nfacing = \"A\"\n"
        "[target]\nunit = \"T62\"\naspect = \"front\"\nterrain = \"woods\"\nwreck = true\nhex = \"1003\"\n"
        "[line]\nobstacles = [ { terrain = \"rough\", at = \"hex\", hex = \"1005\", wreck = true } ]\n";
    auto panel = find_panel("spi-tank")->make(engine());
    toml::table t = toml::parse(text);
    Sink sink("keys.toml");
    panel->load(Section(sink, &t, ""));
    REQUIRE(sink.ok());
    const toml::table s = panel->situation();
    CHECK(s["firer"]["unit"].value<std::string>() == std::string("Pz VI a"));  // the alias, taken as the CLI takes it
    CHECK(s["firer"]["facing"].value<std::string>() == std::string("A"));
    CHECK(s["target"]["wreck"].value<bool>() == std::optional<bool>(true));
    CHECK(s["line"]["obstacles"][0]["hex"].value<std::string>() == std::string("1005"));
    CHECK(s["line"]["obstacles"][0]["wreck"].value<bool>() == std::optional<bool>(true));
    // The same ruling as the file with the chart's name (the alias's `matched` note aside).
    std::string chart_named = text;
    chart_named.replace(chart_named.find("Tiger"), 5, "Pz VI a");
    CHECK(engine().rule_text(format_situation(s, panel->key_order()), "saved.toml").to_json().dump() ==
          engine().rule_text(chart_named, "keys.toml").to_json().dump());
}

TEST_CASE("TANK! panel: map hexes and facing are saved consistently (8.3, 8.7)", "[gui]") {
    struct Row { const char* firer; const char* aspect; bool keeps_aspect; };
    const Row rows[] = {
        {"1009", "rear", false},  // away from a boundary the facing decides: aspect not written back
        {"1106", "side", true},   // exactly 60 degrees off facing A: the referee's pick is kept
    };
    for (const Row& r : rows) {
        INFO(r.firer);
        auto panel = find_panel("spi-tank")->make(engine());
        const std::string text = std::string("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"T62\"\nhex = \"") +
                                 r.firer + "\"\n[target]\nunit = \"M60A2\"\nhex = \"1006\"\nfacing = \"A\"\naspect = \"" + r.aspect +
                                 "\"\n[line]\n";
        toml::table t = toml::parse(text);
        Sink sink("hexes.toml");
        Section root(sink, &t, "");
        panel->load(root);
        REQUIRE(sink.ok());
        const toml::table s = panel->situation();
        CHECK(s["firer"]["hex"].value<std::string>() == std::string(r.firer));
        CHECK(s["target"]["facing"].value<std::string>() == std::string("A"));
        CHECK(bool(s["target"]["aspect"]) == r.keeps_aspect);
        const std::string saved = format_situation(s, panel->key_order());
        CHECK(engine().rule_text(saved, "saved.toml").to_json().dump() == engine().rule_text(text, "hexes.toml").to_json().dump());
    }
}

TEST_CASE("TANK! panel: a broken situation is reported and the panel keeps its situation", "[gui]") {
    auto panel = find_panel("spi-tank")->make(engine());
    const std::string before = format_situation(panel->situation(), panel->key_order());
    toml::table t = toml::parse("system = \"spi-tank\"\nterrain_mode = \"mixed\"\n[firer]\nunit = \"Tiger 9\"\n"
                                "[target]\nunit = \"T62\"\naspect = \"front\"\n[line]\nrange = 3\n");
    Sink sink("bad.toml");
    Section root(sink, &t, "");
    panel->load(root);
    REQUIRE_FALSE(sink.ok());
    CHECK(sink.diagnostics().front().str().find("bad.toml:4:") == 0);
    CHECK(format_situation(panel->situation(), panel->key_order()) == before);
}

TEST_CASE("session: the window autosaves, reopens the last situation and never drops unsaved edits", "[gui]") {
    const fs::path d = fresh_dir("session");
    const fs::path state = d / "state";
    const auto files = examples("spi-tank");
    REQUIRE(files.size() >= 2);
    const fs::path a = d / "a.toml", b = d / "b.toml";
    fs::copy_file(files[0], a);
    fs::copy_file(files[1], b);

    {  // Open a file: the working copy, the ruling and the session are written.
        Options o;
        o.state_dir = state;
        o.situation = a;
        App app(o);
        app.start();
        CHECK(app.status() == 0);
        CHECK(app.window_title() == tank_title("a.toml"));
        CHECK(slurp(state / "ruling.json") == engine().rule_file(a).to_json().dump() + "\n");
        CHECK(slurp(state / "ruling.txt") == engine().rule_file(a).to_text());
        CHECK(slurp(state / "state.toml").find("a.toml") != std::string::npos);
        app.shutdown(1000, 700);
    }
    {  // Start again without a file: the same situation comes back, unmodified, at the remembered size.
        Options o;
        o.state_dir = state;
        App app(o);
        app.start();
        CHECK(app.window_title() == tank_title("a.toml"));
        CHECK(app.width() == 1000);
        CHECK(app.height() == 700);
    }
    // An edit that was autosaved but not saved to a.toml (as if the window had been killed).
    std::string working = slurp(state / "situation-spi-tank.toml");
    const std::regex range_re("range = [0-9]+");
    working = std::regex_replace(working, range_re, "range = 3", std::regex_constants::format_first_only);
    REQUIRE_FALSE(atomic_write(state / "situation-spi-tank.toml", working));
    {
        Options o;
        o.state_dir = state;
        App app(o);
        app.start();
        CHECK(app.window_title() == tank_title("a.toml", true));  // the edit is back, marked unsaved
        CHECK(slurp(state / "ruling.json").find("\"range\":3") != std::string::npos);
    }
    {  // Opening another file over unsaved edits keeps those edits in a recovered-*.toml.
        Options o;
        o.state_dir = state;
        o.situation = b;
        App app(o);
        app.start();
        CHECK(app.window_title() == tank_title("b.toml"));
        int recovered = 0;
        for (const auto& e : fs::directory_iterator(state))
            if (e.path().filename().string().rfind("recovered-", 0) == 0) {
                ++recovered;
                CHECK(slurp(e.path()) == working);
            }
        CHECK(recovered == 1);
    }
    fs::remove_all(d);
}

TEST_CASE("session: a broken situation file is reported with FILE:LINE:COL and the window keeps going", "[gui]") {
    const fs::path d = fresh_dir("broken");
    const fs::path bad = d / "bad.toml";
    REQUIRE_FALSE(atomic_write(bad, "system = \"spi-tank\"\nterrain_mode = \"hilly\"\n[firer]\nunit = \"T62\"\n"
                                    "[target]\nunit = \"T62\"\naspect = \"front\"\n[line]\nrange = 3\n"));
    Options o;
    o.state_dir = d / "state";
    o.situation = bad;
    o.screenshot = d / "never-written.png";  // headless: writes no session
    App app(o);
    app.start();
    CHECK(app.status() == 2);
    const auto p = app.problems();
    REQUIRE_FALSE(p.empty());
    CHECK(p.front().find(bad.string() + ":2:") == 0);
    CHECK(p.front().find("terrain_mode") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "state"));
    fs::remove_all(d);
}

TEST_CASE("session: broken rules data is reported, not a crash", "[gui]") {
    const fs::path d = fresh_dir("rules");
    fs::copy(default_rules_dir(), d / "rules", fs::copy_options::recursive);
    std::string text = slurp(d / "rules" / "spi-tank.toml");
    const auto at = text.find("die_sides = 6");
    REQUIRE(at != std::string::npos);
    text.replace(at, 13, "die_sides = \"six\"");
    REQUIRE_FALSE(atomic_write(d / "rules" / "spi-tank.toml", text));
    Options o;
    o.rules_dir = d / "rules";
    o.screenshot = d / "x.png";
    App app(o);
    app.start();
    CHECK(app.status() == 2);
    const auto p = app.problems();
    REQUIRE_FALSE(p.empty());
    CHECK(p.front().find("spi-tank.toml:") != std::string::npos);
    CHECK(p.front().find("die_sides") != std::string::npos);
    fs::remove_all(d);
}

TEST_CASE("session: starting without rules data keeps the autosaved situation for the next good start", "[gui]") {
    const fs::path d = fresh_dir("rules-session");
    const fs::path state = d / "state";
    const auto files = examples("spi-tank");
    REQUIRE_FALSE(files.empty());
    const fs::path a = d / "a.toml";
    fs::copy_file(files[0], a);

    std::string working;
    {  // A session with an unsaved edit.
        Options o;
        o.state_dir = state;
        o.situation = a;
        App app(o);
        app.start();
        app.shutdown(1000, 700);
        working = std::regex_replace(slurp(state / "situation-spi-tank.toml"), std::regex("range = [0-9]+"), "range = 3",
                                     std::regex_constants::format_first_only);
        REQUIRE_FALSE(atomic_write(state / "situation-spi-tank.toml", working));
    }
    const std::string session = slurp(state / "state.toml");
    {  // No rules data (a folder that is not there): errors shown, nothing of the session overwritten.
        Options o;
        o.state_dir = state;
        o.rules_dir = d / "missing";
        App app(o);
        app.start();
        CHECK(app.status() == 2);
        app.shutdown(800, 600);
        CHECK(slurp(state / "situation-spi-tank.toml") == working);
        CHECK(slurp(state / "state.toml") == session);
    }
    {  // Good data again: the edit is back, marked unsaved.
        Options o;
        o.state_dir = state;
        App app(o);
        app.start();
        CHECK(app.window_title() == tank_title("a.toml", true));
        CHECK(slurp(state / "ruling.json").find("\"range\":3") != std::string::npos);
    }
    fs::remove_all(d);
}

// =====================================================================================
// Lost work (issues 13 and 14)
// =====================================================================================

namespace {

std::string title_of(const std::string& system) { return engine().find(system)->title(); }

fs::path example(const std::string& name) { return fs::path(UMPIRE_SOURCE_DIR) / "examples" / name; }

// Every file in a folder with its contents, to show nothing in it changed.
std::map<std::string, std::string> folder_contents(const fs::path& d) {
    std::map<std::string, std::string> m;
    for (const auto& e : fs::directory_iterator(d))
        if (e.is_regular_file()) m[e.path().filename().string()] = slurp(e.path());
    return m;
}

Options window_on(const fs::path& state) {
    Options o;
    o.state_dir = state;
    return o;
}

}  // namespace

TEST_CASE("lost work: Save after switching game never writes the other game's situation over the open file", "[gui]") {
    const fs::path d = fresh_dir("switch-save");
    const fs::path a = d / "a.toml";
    fs::copy_file(examples("spi-tank").front(), a);
    const std::string tank_file = slurp(a);
    Options o = window_on(d / "state");
    o.situation = a;
    App app(o);
    REQUIRE(app.start().empty());
    app.switch_game("panzerblitz");
    // PanzerBlitz has its own document: untitled, so Save asks for a name and writes nothing.
    CHECK(app.window_title().find("untitled") == 0);
    CHECK(app.window_title().find(title_of("panzerblitz")) != std::string::npos);
    CHECK_FALSE(app.file_save());
    CHECK(slurp(a) == tank_file);
    // Save As: the saved file is PanzerBlitz's open file from then on.
    REQUIRE(app.file_save_as(d / "pb"));
    CHECK(slurp(d / "pb.toml").find("system = \"panzerblitz\"") == 0);
    CHECK(app.window_title().find("pb.toml \xe2\x80\x94 " + title_of("panzerblitz")) == 0);
    CHECK(slurp(a) == tank_file);
    // Back to TANK!: its own file again, and Save writes TANK! there.
    app.switch_game("spi-tank");
    CHECK(app.window_title() == tank_title("a.toml"));
    REQUIRE(app.file_save());
    CHECK(slurp(a).find("system = \"spi-tank\"") == 0);
    CHECK(slurp(d / "pb.toml").find("system = \"panzerblitz\"") == 0);
    app.shutdown(1000, 700);
    fs::remove_all(d);
}

TEST_CASE("lost work: every game's situation, file and unsaved edits survive a restart", "[gui]") {
    const fs::path d = fresh_dir("games-restart");
    const fs::path state = d / "state";
    const fs::path a = d / "a.toml", p = d / "p.toml";
    fs::copy_file(examples("spi-tank").front(), a);
    fs::copy_file(examples("panzerblitz").front(), p);
    {
        App app(window_on(state));
        REQUIRE(app.start().empty());
        REQUIRE(app.file_open(a));
        REQUIRE(app.file_open(p));  // switches to PanzerBlitz; TANK! keeps its document
        CHECK(app.system() == "panzerblitz");
        app.shutdown(1000, 700);
    }
    // One working copy per game; TANK!'s gets an unsaved edit (as if the window had been killed).
    const fs::path tank_copy = state / "situation-spi-tank.toml";
    REQUIRE(fs::exists(state / "situation-panzerblitz.toml"));
    const std::string edited = std::regex_replace(slurp(tank_copy), std::regex("range = [0-9]+"), "range = 3",
                                                  std::regex_constants::format_first_only);
    REQUIRE(edited != slurp(tank_copy));
    REQUIRE_FALSE(atomic_write(tank_copy, edited));
    {
        App app(window_on(state));
        REQUIRE(app.start().empty());
        CHECK(app.system() == "panzerblitz");
        CHECK(app.window_title().find("p.toml \xe2\x80\x94 " + title_of("panzerblitz")) == 0);
        CHECK(app.clipboard_text().find(slurp(state / "situation-panzerblitz.toml")) != std::string::npos);
        app.switch_game("spi-tank");
        CHECK(app.window_title() == tank_title("a.toml", true));
        CHECK(app.clipboard_text().find(edited) != std::string::npos);
        CHECK(app.status() == 0);
    }
    fs::remove_all(d);
}

TEST_CASE("lost work: a TANK! situation's board survives Save, Save As and a restart (docs/boards.md)", "[gui]") {
    const fs::path d = fresh_dir("board-save");
    const fs::path example = fs::path(UMPIRE_SOURCE_DIR) / "examples" / "spi-tank-board-woods-blocks.toml";
    const fs::path a = d / "shot.toml";
    fs::copy_file(example, a);
    Options o = window_on(d / "state");
    o.situation = a;
    {
        App app(o);
        REQUIRE(app.start().empty());
        REQUIRE(app.file_save());
        REQUIRE(app.file_save_as(d / "copy"));
        app.shutdown(1000, 700);
    }
    for (const fs::path& f : {a, d / "copy.toml"}) {
        INFO(f.string());
        const std::string text = slurp(f);
        CHECK(text.find("board = \"test-small.toml\"") != std::string::npos);
        CHECK(text.find("obstacles") == std::string::npos);  // the board decides them
        // The board's folder lookup finds the shipped board: the same ruling as the example's.
        CHECK(engine().rule_file(f).verdict == engine().rule_file(example).verdict);
        CHECK(engine().rule_file(f).to_json().find("board") != nullptr);
    }
    // A restart brings the working copy back with its board.
    App again(window_on(d / "state"));
    REQUIRE(again.start().empty());
    CHECK(slurp(d / "state" / "situation-spi-tank.toml").find("board = \"test-small.toml\"") != std::string::npos);
    CHECK(again.clipboard_text().find("board = \"test-small.toml\"") != std::string::npos);
    again.shutdown(1000, 700);
    fs::remove_all(d);
}

TEST_CASE("board view drawing math: a hex's centre picks it, its hexsides and corners meet its neighbours' (hex_layout.hpp)", "[gui]") {
    namespace hd = umpire::app::hexdraw;
    auto near = [](ImVec2 a, ImVec2 b) { return std::fabs(a.x - b.x) < 1e-4f && std::fabs(a.y - b.y) < 1e-4f; };
    for (int q = -6; q <= 6; ++q)
        for (int r = -6; r <= 6; ++r) {
            const hex::Cube h{q, r, -q - r};
            INFO(q << "," << r);
            CHECK(hd::pick(hd::centre(h)) == h);
            for (int d = 0; d < 6; ++d) {
                const hex::Cube n = hex::neighbour(h, d);
                // Hexside d runs from corner d to corner d+1; the neighbour sees it as side d+3.
                CHECK(near(hd::corner(h, d), hd::corner(n, d + 4)));
                CHECK(near(hd::corner(h, d + 1), hd::corner(n, d + 3)));
                const ImVec2 m = hd::side_midpoint(h, d), c = hd::centre(h);
                CHECK(near(m, {(hd::corner(h, d).x + hd::corner(h, d + 1).x) / 2, (hd::corner(h, d).y + hd::corner(h, d + 1).y) / 2}));
                // A point just inside the side picks this hex, that side, near the edge.
                const ImVec2 inside{c.x + (m.x - c.x) * 0.9f, c.y + (m.y - c.y) * 0.9f};
                CHECK(hd::pick(inside) == h);
                CHECK(hd::nearest_side(h, inside) == d);
                CHECK(hd::from_centre(h, inside) == Approx(0.9f).margin(1e-4));
            }
        }
    // Direction 0 (hexside A) is north: up the screen (y grows downwards).
    CHECK(hd::side_midpoint({0, 0, 0}, 0).y < 0.0f);
    CHECK(hd::side_midpoint({0, 0, 0}, 0).x == Approx(0.0f).margin(1e-6));
}

TEST_CASE("lost work: an older state folder's single working copy is still restored", "[gui]") {
    const fs::path d = fresh_dir("legacy");
    const fs::path state = d / "state";
    fs::create_directories(state);
    // The first example (a board example: the panel keeps `board` and the hexes in its working copy).
    const auto all = examples("panzerblitz");
    REQUIRE(!all.empty());
    const std::string text = slurp(all.front());
    REQUIRE_FALSE(atomic_write(state / "situation.toml", text));
    REQUIRE_FALSE(atomic_write(state / "state.toml", "system = \"panzerblitz\"\nfile = \"\"\n"));
    App app(window_on(state));
    REQUIRE(app.start().empty());
    CHECK(app.system() == "panzerblitz");
    CHECK(engine().rule_text(slurp(state / "situation-panzerblitz.toml"), "x").to_json().dump() ==
          engine().rule_text(text, "x").to_json().dump());
    fs::remove_all(d);
}

TEST_CASE("state file: every value is checked, a bad one gives the default and a note", "[gui]") {
    struct Row { const char* text; float scale; float split; int width; const char* note; };
    const Row rows[] = {
        {"scale = 1.5\nsplit = 0.3\nwidth = 900\n", 1.5f, 0.3f, 900, nullptr},
        {"scale = nan\n", 0.0f, 0.44f, 1280, "scale"},     // nan used to abort every start
        {"split = nan\n", 0.0f, 0.44f, 1280, "split"},     // nan used to hide the inputs side
        {"scale = inf\nsplit = -inf\n", 0.0f, 0.44f, 1280, "scale"},
        {"scale = 40.0\n", 0.0f, 0.44f, 1280, "scale"},
        {"split = 0.95\n", 0.0f, 0.44f, 1280, "split"},
        {"width = 5\n", 0.0f, 0.44f, 1280, "width"},
        {"width = \"wide\"\n", 0.0f, 0.44f, 1280, "width"},
        {"scale = = 2\n", 0.0f, 0.44f, 1280, "not used"},  // does not parse: all defaults
    };
    for (const Row& r : rows) {
        INFO(r.text);
        std::vector<std::string> notes;
        const Session s = parse_session(r.text, "state.toml", &notes);
        CHECK(s.scale == Approx(r.scale));
        CHECK(s.split == Approx(r.split));
        CHECK(s.width == r.width);
        if (r.note) {
            REQUIRE(notes.size() >= 1);
            CHECK(notes.front().rfind("state.toml:1:", 0) == 0);
            CHECK(notes.front().find(r.note) != std::string::npos);
        } else {
            CHECK(notes.empty());
        }
    }
}

TEST_CASE("state file: nan for the scale and the split starts with the defaults and says so", "[gui]") {
    const fs::path d = fresh_dir("nan-state");
    const fs::path state = d / "state";
    fs::create_directories(state);
    REQUIRE_FALSE(atomic_write(state / "state.toml", "system = \"spi-tank\"\nscale = nan\nsplit = nan\nwidth = 900\n"));
    App app(window_on(state));
    REQUIRE(app.start().empty());
    CHECK(app.scale() == 0.0f);  // not remembered: main() takes the monitor's
    CHECK(app.width() == 900);
    CHECK(app.status_line().find("scale") != std::string::npos);
    app.shutdown(900, 700);
    CHECK(slurp(state / "state.toml").find("nan") == std::string::npos);
    fs::remove_all(d);
}

TEST_CASE("a situation that is not a small regular file is refused with a clear message, never read", "[gui]") {
    const fs::path d = fresh_dir("odd-files");
    REQUIRE(::mkfifo((d / "fifo.toml").c_str(), 0600) == 0);
    fs::create_directories(d / "folder.toml");
    {
        std::ofstream big(d / "big.toml");
        big << std::string(kMaxReadBytes + 1, '#');
    }
    struct Row { fs::path file; const char* why; };
    const Row rows[] = {
        {"/dev/zero", "not a regular file"},
        {d / "fifo.toml", "not a regular file"},  // opened without blocking
        {d / "folder.toml", "folder"},
        {d / "big.toml", "too large"},
        {d / "missing.toml", "No such file"},
    };
    for (const Row& r : rows) {
        INFO(r.file.string());
        std::string why;
        CHECK_FALSE(read_text(r.file, &why));
        CHECK(why.find(r.why) != std::string::npos);
        // The window: a FILE:LINE:COL problem, status 2, no abort.
        Options o = window_on(d / "state");
        o.situation = r.file;
        o.screenshot = d / "never.png";
        App app(o);
        REQUIRE(app.start().empty());
        CHECK(app.status() == 2);
        REQUIRE_FALSE(app.problems().empty());
        CHECK(app.problems().front().rfind(r.file.string() + ":1:1: cannot read the file: ", 0) == 0);
    }
    {  // The same as an open command in a running window: the situation shown is kept.
        App app(window_on(d / "state"));
        REQUIRE(app.start().empty());
        const std::string before = app.clipboard_text();
        CHECK_FALSE(app.file_open("/dev/zero"));
        CHECK(app.clipboard_text() == before);
    }
    fs::remove_all(d);
}

TEST_CASE("the state folder is created 0700 and refused when it is not the user's own", "[gui]") {
    const fs::path d = fresh_dir("state-owner");
    const fs::path mine = d / "deep" / "mine";
    REQUIRE_FALSE(prepare_state_dir(mine));
    struct stat st {};
    REQUIRE(::stat(mine.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);
    REQUIRE_FALSE(atomic_write(d / "file", "x"));
    const auto not_folder = prepare_state_dir(d / "file");
    REQUIRE(not_folder);
    CHECK(not_folder->find("not a folder") != std::string::npos);
    // Another user's folder (a planted one): refused, and the window will not start on it.
    if (::geteuid() == 0) {
        const fs::path theirs = d / "theirs";
        fs::create_directories(theirs);
        REQUIRE(::chown(theirs.c_str(), 65534, 65534) == 0);
        const auto err = prepare_state_dir(theirs);
        REQUIRE(err);
        CHECK(err->find("another user") != std::string::npos);
        App app(window_on(theirs));
        const std::string cannot = app.start();
        CHECK(cannot.find("another user") != std::string::npos);
        CHECK_FALSE(fs::exists(theirs / "state.toml"));
    }
    fs::remove_all(d);
}

TEST_CASE("a second window on the same state folder says so and never writes the first one's files", "[gui]") {
    const fs::path d = fresh_dir("two-windows");
    const fs::path state = d / "state";
    const fs::path a = d / "a.toml", b = d / "b.toml";
    fs::copy_file(examples("spi-tank")[0], a);
    fs::copy_file(examples("spi-tank")[1], b);
    Options first_o = window_on(state);
    first_o.situation = a;
    auto first = std::make_unique<App>(first_o);
    REQUIRE(first->start().empty());
    CHECK(first->autosaving());
    const auto before = folder_contents(state);
    {
        Options o = window_on(state);
        o.situation = b;
        App second(o);
        REQUIRE(second.start().empty());
        CHECK_FALSE(second.autosaving());
        CHECK(second.state_problem().find("Another Umpire window is using the state folder") == 0);
        CHECK(second.window_title().find("(not autosaving)") != std::string::npos);
        CHECK(second.ini_path() == nullptr);
        second.switch_game("agv");
        second.shutdown(640, 480);
    }
    CHECK(folder_contents(state) == before);
    first.reset();  // the first window closes: the next one autosaves again
    App third(window_on(state));
    REQUIRE(third.start().empty());
    CHECK(third.autosaving());
    CHECK(third.window_title() == tank_title("a.toml"));
    fs::remove_all(d);
}

TEST_CASE("broken rules data of one game locks only that game in the window", "[gui]") {
    const fs::path d = fresh_dir("one-game-broken");
    const fs::path state = d / "state";
    fs::copy(default_rules_dir(), d / "rules", fs::copy_options::recursive);
    REQUIRE_FALSE(atomic_write(d / "rules" / "agv.toml", "broken = = 1\n" + slurp(d / "rules" / "agv.toml")));
    fs::create_directories(state);
    const std::string agv_copy = slurp(examples("agv").front());
    REQUIRE_FALSE(atomic_write(state / "situation-agv.toml", agv_copy));
    const fs::path a = d / "a.toml";
    fs::copy_file(examples("spi-tank").front(), a);
    {
        Options o = window_on(state);
        o.rules_dir = d / "rules";
        o.situation = a;
        App app(o);
        REQUIRE(app.start().empty());
        CHECK(app.status() == 0);  // TANK! still rules
        CHECK(slurp(state / "ruling.json") == engine().rule_file(a).to_json().dump() + "\n");
        app.switch_game("agv");
        CHECK(app.status() == 2);
        REQUIRE_FALSE(app.problems().empty());
        CHECK(app.problems().front().find("agv.toml:1:") != std::string::npos);
        app.switch_game("spi-tank");
        CHECK(app.status() == 0);
        // Opening an AGV file says why it cannot be used, and TANK! stays shown.
        CHECK_FALSE(app.file_open(examples("agv").front()));
        CHECK(app.system() == "spi-tank");
        REQUIRE_FALSE(app.problems().empty());
        CHECK(app.problems().front().find("its rules data has errors") != std::string::npos);
        app.shutdown(1000, 700);
    }
    CHECK(slurp(state / "situation-agv.toml") == agv_copy);  // the locked game's work is left alone
    {  // Fixed data: AGV's working copy is back.
        App app(window_on(state));
        REQUIRE(app.start().empty());
        app.switch_game("agv");
        CHECK(app.status() == 0);
        CHECK(engine().rule_text(slurp(state / "situation-agv.toml"), "x").to_json().dump() ==
              engine().rule_text(agv_copy, "x").to_json().dump());
    }
    fs::remove_all(d);
}

TEST_CASE("Copy ruling carries the game, the situation's title and the situation with the ruling", "[gui]") {
    const fs::path d = fresh_dir("copy");
    const fs::path a = d / "a.toml";
    fs::copy_file(example("spi-tank-t62-vs-m60a2-side.toml"), a);
    Options o = window_on(d / "state");
    o.situation = a;
    App app(o);
    REQUIRE(app.start().empty());
    const std::string clip = app.clipboard_text();
    const auto title = toml::parse_file(a.string())["title"].value<std::string>();
    REQUIRE(title);
    CHECK(clip.rfind("Game: " + title_of("spi-tank") + "\nSituation: " + *title + "\n\n", 0) == 0);
    CHECK(clip.find(engine().rule_file(a).to_text()) != std::string::npos);
    const std::string marker = "\n--- situation (a.toml) ---\n";
    const auto at = clip.find(marker);
    REQUIRE(at != std::string::npos);
    // The situation part is a situation file that rules the same.
    CHECK(engine().rule_text(clip.substr(at + marker.size()), "clip").to_json().dump() == engine().rule_file(a).to_json().dump());
    fs::remove_all(d);
}

// ---- every option has its own tooltip (issue 13) -------------------------------------
// The panels are drawn without a display: an ImGui context with its font atlas built but no
// renderer. The option helpers (panel_util.hpp) report an option drawn without a tip.

namespace {

struct HeadlessImGui {
    umpire::test::HeadlessContext context;
    // One frame with `body` drawn in a window; returns the options it drew without a tooltip.
    template <class F>
    std::set<std::string> frame(F&& body) {
        ImGui::NewFrame();
        ui::clear_probed();
        ImGui::SetNextWindowSize(ImVec2(600, 780));
        ImGui::Begin("inputs");
        body();
        ImGui::End();
        ImGui::Render();
        return ui::untipped_items();
    }
};

std::string joined(const std::set<std::string>& s) {
    std::string out;
    for (const auto& x : s) out += x + "; ";
    return out;
}

}  // namespace

TEST_CASE("option helpers: an option drawn without its own tooltip is reported (issue 13)", "[gui]") {
    HeadlessImGui im;
    std::string value = "a";
    const std::vector<std::string> names = {"a", "b", "c"};
    const util::NameTip all = [](const std::string& n) { return "option " + n + " (rule 1.1)"; };
    const util::NameTip all_but_b = [](const std::string& n) { return n == "b" ? std::string() : "option " + n; };
    CHECK(im.frame([&] { util::radio_row("row", &value, names, {}, all); }).empty());
    CHECK(im.frame([&] { util::radio_row("row", &value, names, {}, all_but_b); }) == std::set<std::string>{"row/b"});
    CHECK(im.frame([&] { util::radio_row("row", &value, names, {}, {}); }) ==
          std::set<std::string>{"row/a", "row/b", "row/c"});
    std::vector<std::string> ticked = {"a"};
    CHECK(im.frame([&] { util::checklist("list", &ticked, names, false, all_but_b, {}); }) == std::set<std::string>{"list/b"});
    // A closed combo draws no items, but their tips are checked all the same.
    CHECK(im.frame([&] { util::combo("##combo", &value, names, {}, all_but_b); }) == std::set<std::string>{"##combo/b"});
    bool on = false;
    CHECK(im.frame([&] { util::checkbox("box", &on, ""); }) == std::set<std::string>{"box"});
    CHECK(im.frame([&] { util::checkbox("box", &on, "what ticking it means (2.1)"); }).empty());
}

TEST_CASE("every panel: every radio button, checkbox and combo item has its own tooltip (issue 13)", "[gui]") {
    HeadlessImGui im;
    for (const char* system : {"spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"}) {
        INFO(system);
        const PanelRegistration* reg = find_panel(system);
        REQUIRE(reg);
        std::vector<fs::path> files = examples(system);
        files.insert(files.begin(), fs::path());  // File > New first
        for (const auto& f : files) {
            INFO((f.empty() ? std::string("File > New") : f.filename().string()));
            auto panel = reg->make(engine());
            if (!f.empty()) {
                toml::table t = parse_toml_file(f, f.string());
                Sink sink(f.string());
                panel->load(Section(sink, &t, ""));
            }
            PanelContext ctx{engine(), 1.0f, {}, nullptr};
            const auto untipped = im.frame([&] { panel->draw_inputs(ctx); });
            INFO("untipped: " << joined(untipped));
            CHECK(untipped.empty());
        }
    }
}

TEST_CASE("panels draw no bare checkbox or radio button: each goes through a helper that gives its tip (issue 13)", "[gui]") {
    // util::checkbox, radio_row, checklist and combo take the tip as a required argument; a raw
    // ImGui::Checkbox/RadioButton must be followed by util::option_tip for its own tooltip.
    int panels = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "src" / "window" / "panels")) {
        const std::string name = e.path().filename().string();
        if (name == "panel.cpp" || e.path().extension() != ".cpp") continue;
        ++panels;
        std::vector<std::string> lines;
        std::ifstream in(e.path());
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        for (std::size_t i = 0; i < lines.size(); ++i) {
            if (lines[i].find("ImGui::Checkbox(") == std::string::npos && lines[i].find("ImGui::RadioButton(") == std::string::npos)
                continue;
            bool tipped = false;
            for (std::size_t k = i; k < std::min(lines.size(), i + 4); ++k) tipped |= lines[k].find("util::option_tip(") != std::string::npos;
            INFO(name << ":" << i + 1 << ": " << lines[i]);
            CHECK(tipped);
        }
    }
    CHECK(panels >= 5);
}

// ---- the table view (docs/window.md, "Table view"): no display needed for its file side ----------

namespace {

// A fresh folder with examples/s.toml (the GF9 escarpment dispute on a table) and
// tables/gf9-sample-ridge.toml, the table it names.
fs::path table_folder(const std::string& name) {
    const fs::path dir = fresh_dir(name);
    fs::create_directories(dir / "examples");
    fs::create_directories(dir / "tables");
    const fs::path src = UMPIRE_SOURCE_DIR;
    fs::copy_file(src / "examples" / "table-gf9-escarpment-under-the-cliff.toml", dir / "examples" / "s.toml");
    fs::copy_file(src / "tables" / "gf9-sample-ridge.toml", dir / "tables" / "gf9-sample-ridge.toml");
    return dir;
}

}  // namespace

TEST_CASE("table view: a drag changes the ruling in memory, Undo takes it back, Save table writes what load_table reads back", "[gui][table-view]") {
    const fs::path dir = table_folder("table-view");
    const fs::path table = dir / "tables" / "gf9-sample-ridge.toml";
    const std::string before = slurp(table);
    const toml::table sit = parse_toml_file(dir / "examples" / "s.toml", "s.toml");
    auto los = [&](const TableView& tv) {
        return json::Value(engine().rule_on_table("gf9-tanks", sit, "s.toml", *tv.table()).to_json()).find("los")->as_string();
    };

    TableView tv;
    tv.load(engine(), sit, dir / "examples");
    REQUIRE(tv.loaded());
    CHECK(tv.errors().empty());
    CHECK(los(tv) == "blocked");
    const int rev = tv.revision();
    const plane::Vec2 at = tv.table()->base("Panther")->at;
    REQUIRE(tv.move_base("Panther", {at.x, at.y + 5}));
    CHECK(tv.modified());
    CHECK(tv.revision() > rev);
    CHECK(los(tv) == "clear");
    CHECK(slurp(table) == before);  // nothing written yet
    REQUIRE(tv.undo());
    CHECK(los(tv) == "blocked");
    REQUIRE(tv.move_base("Panther", {at.x, at.y + 5}));
    // Loading the same file again keeps the drags; only `force` reads the file again.
    tv.load(engine(), sit, dir / "examples");
    CHECK(los(tv) == "clear");
    REQUIRE_FALSE(tv.save());
    CHECK_FALSE(tv.modified());
    CHECK(slurp(table) != before);
    const auto back = tabletop::load_sketch(table, table.string(), tabletop::table_systems(engine()));
    CHECK(tabletop::same_sketch(back, *tv.table()));
    TableView again;
    again.load(engine(), sit, dir / "examples");
    CHECK(los(again) == "clear");
    fs::remove_all(dir);
}

TEST_CASE("table view: changes not saved are handed over to be kept aside, never dropped (the window never loses work)", "[gui][table-view]") {
    const fs::path dir = table_folder("table-view-aside");
    const fs::path src = UMPIRE_SOURCE_DIR;
    fs::copy_file(src / "tables" / "gf9-sample-ridge.toml", dir / "tables" / "other.toml");
    const toml::table sit = parse_toml_file(dir / "examples" / "s.toml", "s.toml");
    const auto systems = tabletop::table_systems(engine());
    TableView tv;
    tv.load(engine(), sit, dir / "examples");
    REQUIRE(tv.loaded());
    CHECK(tv.take_set_aside(true).empty());  // nothing changed: nothing to keep
    const plane::Vec2 at = tv.table()->base("Panther")->at;
    REQUIRE(tv.move_base("Panther", {at.x, at.y + 5}));
    tabletop::Photo photo;  // a photo named beside the table file, as Photo... writes it
    photo.image = "ridge.jpg";
    tv.set_photo(photo);
    CHECK(tv.take_set_aside(false).empty());  // still open and changed: nothing yet
    // The situation comes to name another table file: the changed one is handed over, once.
    toml::table other = sit;
    other.insert_or_assign("table", "../tables/other.toml");
    tv.load(engine(), other, dir / "examples");
    const auto kept = tv.take_set_aside(false);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].what == "the table gf9-sample-ridge.toml had changes not saved when the situation's table file changed");
    CHECK(tv.take_set_aside(true).empty());  // the other table is as read
    const fs::path file = dir / "kept.toml";
    { std::ofstream(file) << kept[0].text; }
    const auto back = tabletop::load_sketch(file, file.string(), systems);
    CHECK(std::abs(back.base("Panther")->at.y - (at.y + 5)) < 1e-9);  // the drag is in it
    REQUIRE(back.photo);
    CHECK(fs::path(back.photo->image) == (dir / "tables" / "ridge.jpg").lexically_normal());  // found from anywhere
    // Closing (or the view going) hands over what is changed then, with the words given.
    REQUIRE(tv.move_base("Panther", {at.x, at.y + 3}));
    const auto closing = tv.take_set_aside(true, "when the window closed");
    REQUIRE(closing.size() == 1);
    CHECK(closing[0].what == "the table other.toml had changes not saved when the window closed");
    CHECK_FALSE(tv.modified());
    CHECK(tv.take_set_aside(true).empty());  // kept once
    CHECK(slurp(dir / "tables" / "other.toml") == slurp(src / "tables" / "gf9-sample-ridge.toml"));  // no file written
    fs::remove_all(dir);
}

TEST_CASE("table view: a broken table file is reported with FILE:LINE:COL, nothing drawn from it", "[gui][table-view][bad-input]") {
    const fs::path dir = fresh_dir("table-view-bad");
    std::ofstream(dir / "t.toml") << "system = \"gf9-tanks\"\nunit = \"in\"\nwidth = 48\ndepth = 48\n[[piece]]\nkind = \"lava\"\ncircle = [5, 5, 1]\n";
    const toml::table sit = toml::parse("system = \"gf9-tanks\"\nquestion = \"los\"\ntable = \"t.toml\"\n");
    TableView tv;
    tv.load(engine(), sit, dir);
    CHECK_FALSE(tv.loaded());
    REQUIRE_FALSE(tv.errors().empty());
    CHECK(tv.errors().front().find("t.toml:6:8: piece[0].kind: unknown name \"lava\"") != std::string::npos);
    CHECK(tv.save().has_value());  // nothing to save
    fs::remove_all(dir);
}
