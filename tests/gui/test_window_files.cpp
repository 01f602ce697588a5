// The window's non-drawing parts, without a display: atomic writes, the
// situation file format, the TANK! panel's load/save round trip for every
// example, and the session (autosave, reopen, recovery) through the real App.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/files.hpp"
#include "app/panel.hpp"
#include "engine/engine.hpp"

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

TEST_CASE("default_state_dir follows XDG_STATE_HOME, else ~/.local/state", "[gui]") {
    const char* old_xdg = std::getenv("XDG_STATE_HOME");
    const std::string keep = old_xdg ? old_xdg : "";
    ::setenv("XDG_STATE_HOME", "/tmp/xdg-state", 1);
    CHECK(default_state_dir() == fs::path("/tmp/xdg-state/umpire"));
    ::unsetenv("XDG_STATE_HOME");
    if (const char* home = std::getenv("HOME")) CHECK(default_state_dir() == fs::path(home) / ".local/state/umpire");
    if (old_xdg) ::setenv("XDG_STATE_HOME", keep.c_str(), 1);
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
        Table root(sink, &t, "");
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
            Table root(sink, &t, "");
            panel->load(root);
            REQUIRE(sink.ok());
            Sink sink2(f.string());
            auto canonical = engine().find(system)->canonical(Table(sink2, &t, ""));
            REQUIRE(canonical);
            canonical->erase("title");
            canonical->erase("notes");
            CHECK(format_situation(panel->situation(), panel->key_order()) == format_situation(*canonical, panel->key_order()));
            CHECK(engine().rule_text(format_situation(panel->situation(), panel->key_order()), f.string()).to_json().dump() ==
                  engine().rule_file(f).to_json().dump());
        }
    }
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
        Table root(sink, &t, "");
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
    Table root(sink, &t, "");
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
        CHECK(app.window_title() == "a.toml \xe2\x80\x94 Umpire");
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
        CHECK(app.window_title() == "a.toml \xe2\x80\x94 Umpire");
        CHECK(app.width() == 1000);
        CHECK(app.height() == 700);
    }
    // An edit that was autosaved but not saved to a.toml (as if the window had been killed).
    std::string working = slurp(state / "situation.toml");
    const std::regex range_re("range = [0-9]+");
    working = std::regex_replace(working, range_re, "range = 3", std::regex_constants::format_first_only);
    REQUIRE_FALSE(atomic_write(state / "situation.toml", working));
    {
        Options o;
        o.state_dir = state;
        App app(o);
        app.start();
        CHECK(app.window_title() == "a.toml* \xe2\x80\x94 Umpire");  // the edit is back, marked unsaved
        CHECK(slurp(state / "ruling.json").find("\"range\":3") != std::string::npos);
    }
    {  // Opening another file over unsaved edits keeps those edits in a recovered-*.toml.
        Options o;
        o.state_dir = state;
        o.situation = b;
        App app(o);
        app.start();
        CHECK(app.window_title() == "b.toml \xe2\x80\x94 Umpire");
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

TEST_CASE("session: starting with broken rules data keeps the autosaved situation for the next good start", "[gui]") {
    const fs::path d = fresh_dir("rules-session");
    const fs::path state = d / "state";
    const auto files = examples("spi-tank");
    REQUIRE_FALSE(files.empty());
    const fs::path a = d / "a.toml";
    fs::copy_file(files[0], a);
    fs::copy(default_rules_dir(), d / "bad", fs::copy_options::recursive);
    REQUIRE_FALSE(atomic_write(d / "bad" / "agv.toml", slurp(d / "bad" / "agv.toml") + "\nbroken = = 1\n"));

    std::string working;
    {  // A session with an unsaved edit.
        Options o;
        o.state_dir = state;
        o.situation = a;
        App app(o);
        app.start();
        app.shutdown(1000, 700);
        working = std::regex_replace(slurp(state / "situation.toml"), std::regex("range = [0-9]+"), "range = 3",
                                     std::regex_constants::format_first_only);
        REQUIRE_FALSE(atomic_write(state / "situation.toml", working));
    }
    const std::string session = slurp(state / "state.toml");
    {  // Broken rules data: errors shown, nothing of the session overwritten.
        Options o;
        o.state_dir = state;
        o.rules_dir = d / "bad";
        App app(o);
        app.start();
        CHECK(app.status() == 2);
        app.shutdown(800, 600);
        CHECK(slurp(state / "situation.toml") == working);
        CHECK(slurp(state / "state.toml") == session);
    }
    {  // Good data again: the edit is back, marked unsaved.
        Options o;
        o.state_dir = state;
        App app(o);
        app.start();
        CHECK(app.window_title() == "a.toml* \xe2\x80\x94 Umpire");
        CHECK(slurp(state / "ruling.json").find("\"range\":3") != std::string::npos);
    }
    fs::remove_all(d);
}
