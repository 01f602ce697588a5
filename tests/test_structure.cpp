// The include rule of the house (README.md, "How it is built"), read from every `#include` in src/:
//   layers      bottom to top core, geometry, board, tabletop, games, engine, then the front
//               ends cli and window: a folder includes only itself and the folders below it
//   front ends  cli and window never include each other
//   games       src/games/<game>/ includes its own folder, the shared files directly in
//               src/games/ and lower layers; no game includes another game, and no shared file a game
//   views       a game's view.hpp includes nothing of src/games/ (the window includes it)
//   window      of src/games/ the window includes only games/<game>/view.hpp and the shared
//               interface headers directly in src/games/ (better: through the engine)
//   toolkit     no window toolkit header (imgui, GLFW, glad, GL, backends/) outside src/window/
//   cycles      x.hpp and x.cpp are one unit; the units' include graph has no cycle
// A violation is named FILE:LINE with the rule it breaks.
//
// Sections
//   1. the rule: one include line judged (judge), and the cycles of a unit graph (cycles)
//   2. the rule checked on synthetic include lines and graphs, with the verdict expected
//   3. src/ read: every violation, the files and layers found, no cycle
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// =====================================================================================
// 1. the rule
// =====================================================================================

// Rank of each folder of src/; the two front ends share the top rank.
const std::map<std::string, int>& layers() {
    static const std::map<std::string, int> m = {{"core", 0},   {"geometry", 1}, {"board", 2}, {"tabletop", 3},
                                                 {"games", 4},  {"engine", 5},   {"cli", 6},   {"window", 6}};
    return m;
}

std::vector<std::string> parts(const std::string& path) {
    std::vector<std::string> out;
    std::string cur;
    for (char ch : path) {
        if (ch == '/') out.push_back(cur), cur.clear();
        else cur += ch;
    }
    out.push_back(cur);
    return out;
}

// The game a path under src/ belongs to ("games/agv/table.cpp" -> "agv"); "" for a file directly
// in games/ or outside it.
std::string game_of(const std::vector<std::string>& p) { return p.size() > 2 && p[0] == "games" ? p[1] : ""; }

bool is_toolkit(const std::string& inc) {
    for (const char* t : {"imgui", "GLFW/", "glad/", "GL/", "backends/"})
        if (inc.rfind(t, 0) == 0) return true;
    return false;
}

// The rule an include breaks, as "rule: why", or "" when it keeps every rule. `from` is the
// including file relative to src/ ("engine/engine.cpp"); `inc` what it includes, as written
// between the quotes or the angle brackets; `quoted` whether it was "..." (a file of src/).
std::string judge(const std::string& from, const std::string& inc, bool quoted) {
    const auto f = parts(from);
    const auto& L = layers();
    if (is_toolkit(inc) && f[0] != "window")
        return "toolkit: only src/window/ includes a window toolkit header (" + inc + ")";
    if (!quoted) return "";
    const auto i = parts(inc);
    if (i.size() < 2 || !L.count(i[0]))
        return "layers: \"" + inc + "\" does not start with a folder of src/ (core, geometry, board, tabletop, games, engine, cli, window)";
    if (!L.count(f[0])) return "layers: " + from + " lies in no folder of src/";
    if (f[0] != i[0] && L.at(f[0]) == 6 && L.at(i[0]) == 6)
        return "front ends: " + f[0] + "/ includes " + inc + " (cli and window never include each other)";
    if (L.at(i[0]) > L.at(f[0]))
        return "layers: " + f[0] + "/ includes " + inc + ", a layer above it (core, geometry, board, tabletop, games, engine, "
               "then cli and window: a folder includes only itself and those below it)";
    if (f[0] == "games" && i[0] == "games") {
        const std::string fg = game_of(f), ig = game_of(i);
        if (!ig.empty() && fg.empty()) return "games: the shared " + from + " includes the game " + ig + " (" + inc + ")";
        if (!ig.empty() && fg != ig) return "games: the game " + fg + " includes the game " + ig + " (" + inc + ")";
        if (f.size() == 3 && f[2] == "view.hpp")
            return "views: " + from + " includes " + inc + " (a view holds plain data; the window includes it)";
    }
    if (f[0] == "window" && i[0] == "games" && !game_of(i).empty() && i.back() != "view.hpp")
        return "window: includes " + inc + " (of a game only its view.hpp; ask the engine for the rest)";
    return "";
}

// One include of the unit graph, where it was written.
struct Edge {
    std::string from, to;  // units: paths under src/ without the extension
    std::string where;     // "src/engine/engine.cpp:9"
};

// Every cycle of units as the includes closing it ("a -> b -> a", each edge's FILE:LINE), one per
// strongly connected group of units (Tarjan); an include of a file of the same unit is no edge.
std::vector<std::string> cycles(const std::vector<Edge>& edges) {
    std::map<std::string, std::vector<const Edge*>> out;
    for (const auto& e : edges)
        if (e.from != e.to) out[e.from].push_back(&e), out[e.to];
    std::map<std::string, int> index, low;
    std::vector<std::string> stack;
    std::set<std::string> on;
    std::vector<std::vector<std::string>> groups;
    std::function<void(const std::string&)> visit = [&](const std::string& v) {
        index[v] = low[v] = static_cast<int>(index.size());
        stack.push_back(v), on.insert(v);
        for (const Edge* e : out[v]) {
            if (!index.count(e->to)) visit(e->to), low[v] = std::min(low[v], low[e->to]);
            else if (on.count(e->to)) low[v] = std::min(low[v], index[e->to]);
        }
        if (low[v] != index[v]) return;
        std::vector<std::string> g;
        do {
            g.push_back(stack.back()), on.erase(stack.back()), stack.pop_back();
        } while (g.back() != v);
        if (g.size() > 1) groups.push_back(g);
    };
    for (const auto& [v, es] : out)
        if (!index.count(v)) visit(v);
    std::vector<std::string> found;
    for (const auto& g : groups) {
        // A path back to the first unit inside the group, by breadth-first search.
        const std::set<std::string> in(g.begin(), g.end());
        const std::string start = *in.begin();
        std::map<std::string, const Edge*> via;
        std::vector<std::string> todo = {start};
        for (std::size_t k = 0; k < todo.size() && !via.count(start); ++k)
            for (const Edge* e : out[todo[k]])
                if (in.count(e->to) && !via.count(e->to)) via[e->to] = e, todo.push_back(e->to);
        std::vector<const Edge*> path;
        for (std::string at = start; path.empty() || at != start; at = via.at(at)->from) path.insert(path.begin(), via.at(at));
        std::string s = "cycles: " + start;
        for (const Edge* e : path) s += " -> " + e->to;
        s += " (";
        for (std::size_t k = 0; k < path.size(); ++k) s += (k ? ", " : "") + path[k]->where;
        found.push_back(s + ")");
    }
    return found;
}

// =====================================================================================
// 3. src/ read (used by section 2's checks of the whole tree)
// =====================================================================================

struct Tree {
    std::vector<std::string> files;       // under src/
    std::vector<std::string> violations;  // FILE:LINE: rule: why
    std::vector<Edge> edges;
};

std::string unit_of(const std::string& path) { return fs::path(path).replace_extension().generic_string(); }

Tree read_src() {
    const fs::path src = fs::path(UMPIRE_SOURCE_DIR) / "src";
    const std::regex include(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
    Tree t;
    for (const auto& e : fs::recursive_directory_iterator(src)) {
        const std::string ext = e.path().extension().string();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h")) continue;
        const std::string rel = fs::relative(e.path(), src).generic_string();
        t.files.push_back(rel);
        std::ifstream in(e.path());
        std::string line;
        for (int n = 1; std::getline(in, line); ++n) {
            std::smatch m;
            if (!std::regex_search(line, m, include)) continue;
            const bool quoted = m[1].str() == "\"";
            const std::string inc = m[2].str(), where = "src/" + rel + ":" + std::to_string(n);
            if (std::string why = judge(rel, inc, quoted); !why.empty()) t.violations.push_back(where + ": " + why);
            if (!quoted) continue;
            if (!fs::is_regular_file(src / inc)) t.violations.push_back(where + ": layers: " + inc + " is not a file of src/");
            else t.edges.push_back({unit_of(rel), unit_of(inc), where});
        }
    }
    std::sort(t.files.begin(), t.files.end());
    std::sort(t.violations.begin(), t.violations.end());
    return t;
}

std::string lines(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& l : v) s += l + "\n";
    return s;
}

std::string rule_of(const std::string& verdict) { return verdict.substr(0, verdict.find(':')); }

}  // namespace

// =====================================================================================
// 2. the rule checked
// =====================================================================================

TEST_CASE("structure: the include rule judges each kind of include line as the house rule says", "[structure]") {
    struct Row {
        const char* from;
        const char* inc;
        bool quoted;
        const char* rule;  // "" = allowed
    };
    const Row rows[] = {
        // layers: itself and below
        {"core/diag.cpp", "core/input.hpp", true, ""},
        {"geometry/hex.cpp", "core/diag.hpp", true, ""},
        {"geometry/hex.cpp", "board/board.hpp", true, "layers"},
        {"tabletop/rulings.cpp", "engine/engine.hpp", true, "layers"},
        {"tabletop/rulings.cpp", "games/gf9_tanks/rules.hpp", true, "layers"},
        {"board/board.hpp", "tabletop/sketch.hpp", true, "layers"},
        {"games/agv/table.cpp", "tabletop/rulings.hpp", true, ""},
        {"engine/engine.cpp", "games/spi_tank/rules.hpp", true, ""},
        {"engine/engine.cpp", "cli/main.cpp", true, "layers"},
        {"cli/main.cpp", "engine/engine.hpp", true, ""},
        {"cli/main.cpp", "games/spi_tank/board.hpp", true, ""},
        {"window/shell/app.cpp", "engine/engine.hpp", true, ""},
        {"core/json.cpp", "json.hpp", true, "layers"},  // paths start at src/
        {"core/json.cpp", "third_party/x.hpp", true, "layers"},
        // front ends
        {"cli/main.cpp", "window/shell/app.hpp", true, "front ends"},
        {"window/shell/main.cpp", "cli/table_command.hpp", true, "front ends"},
        // games
        {"games/agv/table.cpp", "games/agv/rules.hpp", true, ""},
        {"games/agv/rules.hpp", "games/game_system.hpp", true, ""},
        {"games/agv/table.cpp", "games/gf9_tanks/rules.hpp", true, "games"},
        {"games/game_system.hpp", "games/spi_tank/rules.hpp", true, "games"},
        {"games/panzerblitz/board.cpp", "games/spi_tank/board.hpp", true, "games"},
        // views
        {"games/agv/view.hpp", "games/agv/rules.hpp", true, "views"},
        {"games/spi_tank/view.hpp", "geometry/hex.hpp", true, ""},
        {"games/spi_tank/view.cpp", "games/spi_tank/rules.hpp", true, ""},
        // window
        {"window/panels/agv.cpp", "games/agv/view.hpp", true, ""},
        {"window/panels/agv.cpp", "games/agv/rules.hpp", true, "window"},
        {"window/board/view.cpp", "games/spi_tank/board.hpp", true, "window"},
        {"window/panels/panel.hpp", "games/game_system.hpp", true, ""},
        // toolkit
        {"window/ui/widgets.cpp", "imgui.h", false, ""},
        {"window/shell/main.cpp", "backends/imgui_impl_glfw.h", false, ""},
        {"engine/engine.cpp", "imgui.h", false, "toolkit"},
        {"games/agv/view.hpp", "imgui_internal.h", false, "toolkit"},
        {"cli/main.cpp", "GLFW/glfw3.h", false, "toolkit"},
        {"board/board.cpp", "glad/gl.h", false, "toolkit"},
        {"core/json.cpp", "backends/imgui_impl_opengl3.h", false, "toolkit"},
        {"core/json.cpp", "vector", false, ""},
        {"core/toml_reader.hpp", "toml++/toml.h", false, ""},
    };
    for (const auto& r : rows) {
        const std::string verdict = judge(r.from, r.inc, r.quoted);
        INFO(r.from << " includes " << r.inc << ": " << verdict);
        CHECK(rule_of(verdict) == r.rule);
        if (*r.rule) CHECK(verdict.find(r.inc) != std::string::npos);  // the message names what was included
    }
}

TEST_CASE("structure: a cycle of units is found and named with each include closing it (x.hpp and x.cpp are one unit)", "[structure]") {
    struct Row {
        const char* what;
        std::vector<Edge> edges;
        std::vector<std::string> expected;
    };
    const std::vector<Row> rows = {
        {"a file including its own header is no cycle", {{"core/a", "core/a", "src/core/a.cpp:1"}}, {}},
        {"a chain is no cycle", {{"core/a", "core/b", "A:1"}, {"core/b", "core/c", "B:1"}}, {}},
        {"two units including each other (a.cpp -> b.hpp, b.hpp -> a.hpp)",
         {{"core/a", "core/b", "src/core/a.cpp:3"}, {"core/b", "core/a", "src/core/b.hpp:7"}},
         {"cycles: core/a -> core/b -> core/a (src/core/a.cpp:3, src/core/b.hpp:7)"}},
        {"three units round, beside one outside",
         {{"x/c", "x/a", "C:2"}, {"x/a", "x/b", "A:1"}, {"x/b", "x/c", "B:5"}, {"x/d", "x/a", "D:1"}},
         {"cycles: x/a -> x/b -> x/c -> x/a (A:1, B:5, C:2)"}},
        {"two separate cycles",
         {{"p/a", "p/b", "1"}, {"p/b", "p/a", "2"}, {"q/a", "q/b", "3"}, {"q/b", "q/a", "4"}},
         {"cycles: p/a -> p/b -> p/a (1, 2)", "cycles: q/a -> q/b -> q/a (3, 4)"}},
    };
    for (const auto& r : rows) {
        INFO(r.what);
        auto got = cycles(r.edges);
        std::sort(got.begin(), got.end());
        CHECK(got == r.expected);
    }
}

// =====================================================================================
// 3. src/ read
// =====================================================================================

TEST_CASE("structure: every #include in src/ keeps the include rule, and the units have no cycle", "[structure]") {
    const Tree t = read_src();
    // The check is real: it read the whole tree, every layer and every game.
    CHECK(t.files.size() > 90);
    std::set<std::string> folders, games;
    for (const auto& f : t.files) {
        const auto p = parts(f);
        folders.insert(p[0]);
        if (!game_of(p).empty()) games.insert(game_of(p));
    }
    for (const auto& [layer, rank] : layers()) CHECK(folders.count(layer) == 1);
    CHECK(games == std::set<std::string>{"agv", "gf9_tanks", "panzer_squadron", "panzerblitz", "spi_tank"});
    CHECK(t.edges.size() > 200);

    INFO("include rule violations (README.md, \"How it is built\"):\n" << lines(t.violations));
    CHECK(t.violations.empty());
    const auto loops = cycles(t.edges);
    INFO("include cycles between units (x.hpp and x.cpp are one unit):\n" << lines(loops));
    CHECK(loops.empty());
}
