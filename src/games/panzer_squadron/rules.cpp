// Panzer Squadron: activation actions, movement points, attacks of opportunity.
//
// Sections
//   1. Data loading
//   2. Situation parsing and writing
//   3. Movement: costs per step, per-hexagon turning, the rules of reversing, the end state
//      (on a board: the plan placed hex by hex from tank.hex, tank.facing)
//   4. Actions and attacks of opportunity
//   5. Line of fire: typed by hand, or read from a board (ps_board.hpp)
//   6. GameSystem glue
#include "games/panzer_squadron/rules.hpp"

#include <algorithm>
#include <numeric>

#include "core/names.hpp"
#include "games/panzer_squadron/board.hpp"

namespace umpire::panzer_squadron {

namespace {
const FixedNames kStarts = {"stationary", "in-movement"};
const FixedNames kMoveActions = {"move", "move-and-fire"};
const FixedNames kQuestions = {"movement", "actions", "opportunity", "line-of-fire"};
const FixedNames kShooter = {"not-activated", "ambush", "activated"};
const FixedNames kAllActions = {"move", "fire", "move-and-fire", "ambush"};
}  // namespace

const std::vector<std::string>& step_names() {
    static const std::vector<std::string> v = {"forward-left", "forward-right", "reverse-left", "reverse-right", "turn-left",
                                               "turn-right",   "turn-left-2",   "turn-right-2", "turn-3"};
    return v;
}

// =====================================================================================
// 1. Data loading
// =====================================================================================

namespace {

// A list of distinct names (at least `min`, at most 64: a board stores a terrain in one byte), or
// the default kept.
void names_into(const Section& t, const char* key, std::size_t min, std::vector<std::string>& out) {
    const auto v = t.string_array(key);
    if (!v) return;
    std::vector<std::string> seen;
    for (const auto& n : *v) {
        if (n.empty() || std::find(seen.begin(), seen.end(), n) != seen.end()) {
            t.error(key, "needs distinct, non-empty names (" + quoted_value(n) + " is empty or repeated)");
            return;
        }
        seen.push_back(n);
    }
    if (seen.size() < min || seen.size() > 64) {
        t.error(key, "needs " + std::to_string(min) + " to 64 names, got " + std::to_string(seen.size()));
        return;
    }
    out = seen;
}

// [board] (numbering, corner names, terrain, obstacles) and [armour]; both optional (defaults in
// panzer_squadron.hpp), so a board's numbering and names are data, never code.
void load_board_data(const Section& root, Data& d) {
    const Section b = root.table("board");
    if (b.present()) {
        b.only_keys({"column_digits", "row_digits", "lower_columns", "side_names", "corner_names", "hex_terrain", "hexside_features", "obstacles"});
        auto& n = d.board.numbering;
        if (auto c = b.integer("column_digits", false, 1, 3)) n.column_digits = int(*c);
        if (auto r = b.integer("row_digits", false, 1, 3)) n.row_digits = int(*r);
        if (auto l = b.choice("lower_columns", {"even", "odd"})) n.even_columns_lower = *l == "even";
        std::vector<std::string> sides = n.side_names, corners = d.board.corner_names;
        names_into(b, "side_names", 6, sides);
        names_into(b, "corner_names", 6, corners);
        if (sides.size() != 6) b.error("side_names", "needs six names, north then clockwise");
        else n.side_names = sides;
        if (corners.size() != 6) b.error("corner_names", "needs six names, north-west then clockwise");
        else d.board.corner_names = corners;
        names_into(b, "hex_terrain", 1, d.board.hex_terrain);
        names_into(b, "hexside_features", 0, d.board.hexside_features);
        names_into(b, "obstacles", 0, d.board.obstacles);
        for (const auto& o : d.board.obstacles)
            if (std::find(d.board.hex_terrain.begin(), d.board.hex_terrain.end(), o) == d.board.hex_terrain.end() &&
                std::find(d.board.hexside_features.begin(), d.board.hexside_features.end(), o) == d.board.hexside_features.end())
                b.error("obstacles", quoted_value(o) + " is neither in hex_terrain nor in hexside_features");
    }
    const Section a = root.table("armour");
    if (a.present()) {
        a.only_keys({"points"});
        if (auto p = a.string_array("points")) {
            if (p->size() != 6 || std::any_of(p->begin(), p->end(), [](const std::string& x) { return x.empty(); }))
                a.error("points", "needs six armour faces, for the point faced and then each point clockwise");
            else d.armour = *p;
        }
    }
}

}  // namespace

Data load_data(const std::filesystem::path& file) {
    return read_rules_file<Data>(file, {"dice", "costs", "action", "opportunity", "choices", "board", "armour"}, [&file](Data& d, const Section& root) {
        Section dice = root.table("dice", true);
        dice.only_keys({"sides", "stationary", "in-movement"});
        d.die_sides = int(dice.integer("sides", true, 2, 100).value_or(4));
        for (const auto& s : kStarts) d.dice_by_start[s] = int(dice.integer(s, true, 1, 10).value_or(1));
        Section costs = root.table("costs", true);
        costs.only_keys({"hexagon", "turn", "move_and_fire", "min_hexagons_in_movement"});
        d.hexagon_cost = int(costs.integer("hexagon", true, 0, 99).value_or(1));
        if (auto tc = costs.int_array("turn", true)) {
            if (tc->size() != 3 || std::any_of(tc->begin(), tc->end(), [](auto x) { return x < 0 || x > 99; }))
                costs.error("turn", "expected three costs [1 corner, 2 corners, 3 corners], each 0..99");
            else
                for (auto x : *tc) d.turn_cost.push_back(int(x));
        }
        if (d.turn_cost.size() != 3) d.turn_cost = {1, 2, 2};
        d.move_and_fire_cost = int(costs.integer("move_and_fire", true, 0, 99).value_or(3));
        d.min_hexagons_in_movement = int(costs.integer("min_hexagons_in_movement", true, 0, 99).value_or(1));
        std::vector<std::string> seen;
        for (const Section& a : root.tables("action", true)) {
            a.only_keys({"name", "open_from", "dice"});
            ActionRule ar;
            ar.name = a.choice("name", kAllActions, true).value_or("");
            if (!ar.name.empty() && std::find(seen.begin(), seen.end(), ar.name) != seen.end())
                a.error("name", "action \"" + ar.name + "\" is listed twice");
            seen.push_back(ar.name);
            ar.open_from = a.choice_array("open_from", kStarts, true).value_or(std::vector<std::string>{});
            ar.dice = a.boolean("dice", true).value_or(false);
            d.actions.push_back(ar);
        }
        for (const auto& n : kAllActions)
            if (std::find(seen.begin(), seen.end(), n) == seen.end())
                root.error("action", "the action \"" + n + "\" is missing (needed: " + join_names(kAllActions) + ")");
        Section opp = root.table("opportunity", true);
        opp.only_keys({"eligible_states", "min_hexagons_moved"});
        d.opportunity_states = opp.choice_array("eligible_states", kShooter, true).value_or(std::vector<std::string>{});
        d.opportunity_min_hexagons = int(opp.integer("min_hexagons_moved", true, 0, 99).value_or(1));
        Section ch = root.table("choices", true);
        ch.only_keys({"turn_over_three", "floor_available_at_zero", "free_point_after_move", "stationary_uses_all_points",
                      "unlisted_actions_open", "line_points", "touching_passes", "own_hexsides_count",
                      "target_hexsides_count", "occupied_hexes_count", "both_lines_pass_hides"});
        d.turn_over_three = int(ch.integer("turn_over_three", true, 0, 99).value_or(2));
        d.floor_available_at_zero = ch.boolean("floor_available_at_zero", true).value_or(true);
        d.free_point_after_move = ch.boolean("free_point_after_move", true).value_or(true);
        d.stationary_uses_all_points = ch.boolean("stationary_uses_all_points", false).value_or(false);
        d.unlisted_actions_open = ch.boolean("unlisted_actions_open", false).value_or(false);
        d.line_points = ch.choice("line_points", {"near", "outer"}).value_or("near");
        d.touching_passes = ch.boolean("touching_passes").value_or(false);
        d.own_hexsides_count = ch.boolean("own_hexsides_count").value_or(true);
        d.target_hexsides_count = ch.boolean("target_hexsides_count").value_or(true);
        d.occupied_hexes_count = ch.boolean("occupied_hexes_count").value_or(false);
        d.both_lines_pass_hides = ch.boolean("both_lines_pass_hides").value_or(false);
        load_board_data(root, d);
        d.boards_dir = file.parent_path().parent_path() / "boards";
    });
}

// =====================================================================================
// 2. Situation
// =====================================================================================

namespace {

// board = "FILE": beside the situation file first, else the shipped boards (beside the rules data,
// or the source tree's): the window and standard input give no folder to look in. The board's own
// problems keep their file's name, after the located `board` key.
// `held`: the window's board, used instead of the file (not owned: it outlives the ruling).
std::shared_ptr<const board::Board> load_situation_board(const Data& d, const Section& root, const std::string& file, const board::Board* held) {
    if (held) return std::shared_ptr<const board::Board>(std::shared_ptr<const board::Board>(), held);
    const std::filesystem::path path = board::find_board(file, root.sink().dir(), d.boards_dir);
    const std::string shown = path.lexically_normal().string();
    try {
        return std::make_shared<board::Board>(board::load_board(path, shown, board_vocabulary(d)));
    } catch (const InputError& e) {
        root.error("board", quoted_value(file) + ": the board file has the problems reported for " + shown);
        std::vector<Diagnostic> all = root.sink().diagnostics();
        all.insert(all.end(), e.diagnostics().begin(), e.diagnostics().end());
        throw InputError(all);
    }
}

// A hex of the situation's board, or an error on `key` (required when a board is given). `placed`:
// the window's board view gave it, typed (the key is then not read).
void board_hex(const Situation& s, const Section& t, const char* key, std::string& out, std::optional<hex::Cube>& at,
               const std::optional<hex::Cube>& placed) {
    if (placed && s.board_map) {
        at = placed, out = s.board_map->name(*placed);
        return;
    }
    const auto v = t.str(key, s.board_map != nullptr);
    if (!v) return;
    if (!s.board_map) {
        t.error(key, "is a hex of a board: give board = \"FILE\" too (docs/boards.md)");
        return;
    }
    at = s.board_map->parse_hex(*v);
    if (!at) {
        const auto& b = *s.board_map;
        t.error(key, quoted_value(*v) + " is not a hex of the board " + s.board + " (" + b.numbering.describe() + "; columns 1-" +
                         std::to_string(b.columns) + ", rows 1-" + std::to_string(b.rows) + ")");
        return;
    }
    out = *v;
}

// PS-turning: a tank faces a point (corner) of its hexagon, named as in rules-data [board].
// `at`: that corner; `placed`: the window's board view gave it (the key is then not read).
void board_facing(const Data& d, const Situation& s, const Section& t, bool required, std::string& out, std::optional<int>* at = nullptr,
                  const std::optional<int>& placed = std::nullopt) {
    if (placed && s.board_map && *placed >= 0 && *placed < int(d.board.corner_names.size())) {
        out = corner_name(d, *placed);
        if (at) *at = placed;
        return;
    }
    const auto v = t.choice("facing", d.board.corner_names, required);
    if (v && !s.board_map) t.error("facing", "places the tank on a board: give board = \"FILE\" too (docs/boards.md)");
    if (v) out = *v;
    if (v && at) *at = parse_corner(d, *v);
}

// The moving tank: the window's board view places it as its first unit (view::Placement::firer).
void parse_tank_on_board(const Data& d, const Section& tank, Situation& s, const view::Placement& placed) {
    board_hex(s, tank, "hex", s.tank_hex, s.tank_at, placed.firer);
    board_facing(d, s, tank, s.board_map != nullptr, s.tank_facing);
}

// The typed lines (hand-entered) must be the board's: as a set, since which is "left" is the
// board's business. The faces are compared only when both sides name them.
void check_typed_lines(const Data& d, const Section& root, const Situation& s) {
    const LineOfFire l = line_of_fire(d, *s.board_map, *s.firer_at, *s.target_at, s.target_facing_at.value_or(-1));
    auto describe = [](std::vector<std::pair<std::string, bool>> v) {
        std::sort(v.begin(), v.end());
        std::string out;
        for (const auto& [f, o] : v) out += (out.empty() ? "" : ", ") + (f.empty() ? std::string("a line") : f) + (o ? " passing an obstacle" : "");
        return "[" + out + "]";
    };
    std::vector<std::pair<std::string, bool>> typed, board;
    for (std::size_t i = 0; i < 2; ++i) {
        const FireLine& f = l.readings.front().lines[i];
        const bool obstacle = line_counts(d, f);
        typed.push_back({s.lines[i].face, s.lines[i].obstacle});
        board.push_back({s.lines[i].face.empty() ? "" : f.face, obstacle});
    }
    if (describe(typed) == describe(board)) return;
    root.error("line", "is " + describe(typed) + " but on the board " + s.board + " the lines from " + s.firer_hex + " to " + s.target_hex +
                           " are " + describe(board) + " (" + line_text(d, *s.board_map, l.target, l.readings.front().lines[0], "the left") + "; " +
                           line_text(d, *s.board_map, l.target, l.readings.front().lines[1], "the right") + "); leave [[line]] out to take them from the board");
}

// question = "line-of-fire": by hand, two [[line]]s (face, obstacle); on a board, firer.hex,
// target.hex and target.facing (and [[line]]s, if typed, must agree with the board).
void parse_line_of_fire(const Data& d, const Section& root, Situation& s, const view::Placement& placed) {
    const Section firer = root.table("firer", s.board_map != nullptr && !placed.firer),
                  target = root.table("target", s.board_map != nullptr && !placed.target);
    if (firer.present() || placed.firer) {
        firer.only_keys({"hex"});
        board_hex(s, firer, "hex", s.firer_hex, s.firer_at, placed.firer);
    }
    if (target.present() || placed.target) {
        target.only_keys({"hex", "facing"});
        board_hex(s, target, "hex", s.target_hex, s.target_at, placed.target);
        board_facing(d, s, target, false, s.target_facing, &s.target_facing_at, placed.facing);
    }
    std::vector<std::string> faces;
    for (const auto& f : d.armour)
        if (std::find(faces.begin(), faces.end(), f) == faces.end()) faces.push_back(f);
    const auto lines = root.tables("line");
    if (lines.empty() && !s.board_map && !root.has("line"))
        root.error("line", "a line of fire needs two [[line]]s (face, obstacle) typed by hand, or board = \"FILE\" with firer.hex and "
                           "target.hex to read them from the map (PS-fire)");
    for (const Section& t : lines) {
        t.only_keys({"face", "obstacle"});
        Situation::Line x;
        x.face = t.choice("face", faces, s.board_map == nullptr).value_or("");
        x.obstacle = t.boolean("obstacle", true).value_or(false);
        if (!x.face.empty() && s.board_map && s.target_facing.empty())
            t.error("face", "names an armour face, which on a board depends on target.facing (give it, or leave face out)");
        s.lines.push_back(x);
    }
    if (!lines.empty() && lines.size() != 2)
        root.error("line", "needs exactly two [[line]]s, the two straight lines from the cannon to the target's hexagon (PS-fire); got " +
                               std::to_string(lines.size()));
    if (s.board_map && !s.firer_hex.empty() && s.firer_hex == s.target_hex)
        target.error("hex", "is the firer's hex " + s.firer_hex + ": the two lines join two different hexagons (PS-fire)");
    if (!root.sink().ok() || !s.board_map || s.lines.empty()) return;
    check_typed_lines(d, root, s);
}

}  // namespace

Situation parse_situation(const Data& d, const Section& root, const board::Board* held, const view::Placement* place) {
    Situation s;
    const view::Placement placed = held && place ? *place : view::Placement{};
    root.only_keys(common_situation_keys({"question", "tank", "shooter", "target", "board", "firer", "line"}));
    s.title = root.str("title").value_or("");
    s.print_only = root.sink().print_only();
    const auto question = root.choice("question", kQuestions, true);
    if (!question) return s;  // reported; the rest depends on the question, so no follow-on errors
    s.question = *question;
    if (const auto b = root.str("board")) {
        if (s.question == "movement" || s.question == "line-of-fire") {
            s.board = *b;
            s.board_map = load_situation_board(d, root, *b, held);
        } else {
            root.error("board", "a board is read for question = \"movement\" and \"line-of-fire\" only (this question is " + s.question + ")");
        }
    }
    if (s.question == "line-of-fire") {
        parse_line_of_fire(d, root, s, placed);
        return s;
    }
    if (s.question == "opportunity") {
        Section sh = root.table("shooter", true);
        sh.only_keys({"state"});
        s.shooter = sh.choice("state", kShooter, true).value_or("not-activated");
        Section tg = root.table("target", true);
        tg.only_keys({"moving", "hexagons_moved"});
        s.target_moving = tg.boolean("moving", true).value_or(true);
        s.target_hexagons_moved = int(tg.integer("hexagons_moved", true, 0, 99).value_or(0));
        return s;
    }
    Section tank = root.table("tank", true);
    if (s.question == "actions") {
        tank.only_keys({"start"});
        s.start = tank.choice("start", kStarts, true).value_or("stationary");
        return s;
    }
    tank.only_keys({"start", "action", "dice", "restriction", "steps", "hex", "facing"});
    parse_tank_on_board(d, tank, s, placed);
    if (auto start = tank.choice("start", kStarts)) {
        s.start = *start;
    } else if (!tank.has("start")) {
        // Left out, the start state is the one the number of dice rolled belongs to (PS-movement).
        const toml::node* dn = tank.node("dice");
        const long n = dn && dn->is_array() ? long(dn->as_array()->size()) : 1;
        for (const auto& [st, count] : d.dice_by_start)
            if (count == n) s.start = st;
        s.start_inferred = true;
    }
    s.action = tank.choice("action", kMoveActions).value_or("move");
    if (auto dice = tank.int_array("dice", true)) {
        const int want = d.dice_by_start.at(s.start);
        s.dice.clear();
        if (int(dice->size()) != want)
            tank.error("dice", "a tank starting " + s.start + " rolls " + std::to_string(want) + " D" + std::to_string(d.die_sides) +
                                   " (PS-movement), but " + std::to_string(dice->size()) + " results are given");
        for (auto v : *dice) {
            if (v < 1 || v > d.die_sides)
                tank.error("dice", std::to_string(v) + " is not a D" + std::to_string(d.die_sides) + " result (accepted: 1.." +
                                       std::to_string(d.die_sides) + ")");
            s.dice.push_back(int(v));
        }
    }
    s.restriction = int(tank.integer("restriction", false, -99, 99).value_or(0));
    // A modifier printed "-1" on the game card is one point taken away, like "1" (PS-movement: "take away").
    if (s.restriction < 0) {
        s.restriction = -s.restriction;
        s.restriction_written_negative = true;
    }
    s.steps = tank.choice_array("steps", step_names()).value_or(std::vector<std::string>{});
    return s;
}

toml::table to_toml(const Situation& s) {
    toml::table t = situation_table(kAbout.id, s.title);
    t.insert("question", s.question);
    if (!s.board.empty()) t.insert("board", s.board);
    if (s.question == "line-of-fire") {
        if (!s.firer_hex.empty()) t.insert("firer", toml::table{{"hex", s.firer_hex}});
        toml::table target;
        if (!s.target_hex.empty()) target.insert("hex", s.target_hex);
        if (!s.target_facing.empty()) target.insert("facing", s.target_facing);
        if (!target.empty()) t.insert("target", target);
        toml::array lines;
        for (const auto& l : s.lines) {
            toml::table x;
            if (!l.face.empty()) x.insert("face", l.face);
            x.insert("obstacle", l.obstacle);
            lines.push_back(x);
        }
        if (!lines.empty()) t.insert("line", lines);
        return t;
    }
    if (s.question == "opportunity") {
        t.insert("shooter", toml::table{{"state", s.shooter}});
        t.insert("target", toml::table{{"moving", s.target_moving}, {"hexagons_moved", s.target_hexagons_moved}});
        return t;
    }
    toml::table tank;
    tank.insert("start", s.start);
    if (s.question == "movement") {
        tank.insert("action", s.action);
        toml::array dice;
        for (int v : s.dice) dice.push_back(v);
        tank.insert("dice", dice);
        tank.insert("restriction", s.restriction);
        toml::array steps;
        for (const auto& st : s.steps) steps.push_back(st);
        tank.insert("steps", steps);
        if (!s.tank_hex.empty()) tank.insert("hex", s.tank_hex);
        if (!s.tank_facing.empty()) tank.insert("facing", s.tank_facing);
    }
    t.insert("tank", tank);
    return t;
}

// =====================================================================================
// 3. Movement
// =====================================================================================

namespace {

// Axial neighbour offsets by hexside direction 0..5, counter-clockwise.
const int kDq[6] = {1, 1, 0, -1, -1, 0};
const int kDr[6] = {0, -1, -1, 0, 1, 1};

int corners_of(const std::string& step) {  // signed: + left (counter-clockwise), - right
    if (step == "turn-left") return 1;
    if (step == "turn-right") return -1;
    if (step == "turn-left-2") return 2;
    if (step == "turn-right-2") return -2;
    if (step == "turn-3") return 3;
    return 0;
}

bool is_turn(const std::string& s) { return s.rfind("turn", 0) == 0; }
bool is_reverse(const std::string& s) { return s.rfind("reverse", 0) == 0; }

int turn_cost(const Data& d, int corners) {
    if (corners <= 0) return 0;
    if (corners <= 3) return d.turn_cost[corners - 1];
    return d.turn_over_three;
}

}  // namespace

std::vector<StepTrace> trace(const Data& d, const Situation& s) {
    std::vector<StepTrace> out;
    int q = 0, r = 0, corner = 0, total = 0, corners_here = 0, paid_here = 0;
    // Diagram 4 (choices.free_point_after_move): a tank that has just entered a hexagon faces the
    // hexside it crossed and picks either point of it. The trace keeps the old corner, which is one
    // of the two; `free_side` is the way to the other (+1 left, -1 right), so the first corner turned
    // that way in the new hexagon is that free choice, not a turn.
    int free_side = 0;
    for (const auto& st : s.steps) {
        StepTrace t;
        t.step = st;
        if (is_turn(st)) {
            const int c = corners_of(st);
            const bool free_choice = free_side != 0 && corners_here == 0 && (c * free_side > 0 || std::abs(c) == 3);
            const int side = free_side;  // kept: turn-3 taken as the free point goes round this side
            corners_here += std::abs(c) - (free_choice ? 1 : 0);
            t.free_point = free_choice;
            free_side = 0;
            // PS-turning: turning within one hexagon is priced by the corners turned there in all.
            const int due = turn_cost(d, corners_here);
            t.cost = due - paid_here;
            paid_here = due;
            // turn-3 taken as the free point goes round the free side (it reaches the same corner).
            corner = ((corner + (std::abs(c) == 3 && free_choice ? 3 * side : c)) % 6 + 6) % 6;
        } else {
            const bool left = st.find("left") != std::string::npos;
            const bool rev = is_reverse(st);
            const int dir = rev ? (left ? corner + 3 : corner + 4) : (left ? corner + 1 : corner);
            q += kDq[dir % 6];
            r += kDr[dir % 6];
            t.cost = d.hexagon_cost;
            corners_here = 0;
            paid_here = 0;
            // Forward-left crosses hexside corner+1 (points corner, corner+1): the other point is left.
            // Reversing mirrors it: reverse-left leaves the other point to the right (PS-reverse).
            free_side = d.free_point_after_move ? ((left != rev) ? 1 : -1) : 0;
        }
        t.corners_paid = corners_here;
        total += t.cost;
        t.total = total;
        t.q = q;
        t.r = r;
        t.corner = corner;
        out.push_back(t);
    }
    return out;
}

namespace {

using Illegal = std::vector<std::pair<std::string, std::string>>;  // rule, why

// PS-movement: the dice rolled less the game card's restriction (floored at 0 by choice).
int available_points(const Data& d, const Situation& s, Ruling& r) {
    const int rolled = std::accumulate(s.dice.begin(), s.dice.end(), 0);
    const int dice_count = int(s.dice.size());
    std::string dice_text;
    for (int v : s.dice) dice_text += (dice_text.empty() ? "" : " + ") + std::to_string(v);
    r.step("PS-movement", "A tank starting " + s.start + " rolls " + std::to_string(dice_count) + " D" + std::to_string(d.die_sides) +
                              ": " + dice_text + " = " + std::to_string(rolled) + " movement points.");
    if (s.start_inferred)
        r.step("PS-movement", "The start state is not given: " + std::to_string(dice_count) + " D" + std::to_string(d.die_sides) +
                                  (dice_count == 1 ? " is" : " are") + " rolled by a tank starting " + s.start + ".");
    if (s.restriction_written_negative)
        r.step("PS-movement", "The restriction is written as -" + std::to_string(s.restriction) + ", as a modifier printed on the game "
                              "card; a movement restriction modifier is always taken away, so it takes away " +
                                  std::to_string(s.restriction) + ".");
    int available = rolled - s.restriction;
    if (s.restriction > 0)
        r.step("PS-movement", "The game card's movement restriction of " + std::to_string(s.restriction) + " is taken away: " +
                                  std::to_string(rolled) + " - " + std::to_string(s.restriction) + " = " + std::to_string(available) + ".");
    if (available < 0 && d.floor_available_at_zero) {
        r.call("PS-movement", "the restriction is larger than the roll; the page does not say what happens, and Umpire reads it as "
                              "no movement points at all (rules-data choice floor_available_at_zero).");
        available = 0;
    }
    r.figures.push_back({"Movement points", std::to_string(available), "PS-movement",
                         dice_text + (s.restriction ? " - " + std::to_string(s.restriction) : ""), "mp_available"});
    return available;
}

// What the planned steps add up to: hexagons entered, reversing, corners turned in one hexagon.
struct PlanCounts {
    int hexagons = 0, forward = 0, reverse = 0, max_corners = 0, free_points = 0;
};

// PS-reverse: no reversing after moving forward in a turn, nor forward after reversing.
PlanCounts count_steps(const std::vector<StepTrace>& steps, Illegal& illegal) {
    PlanCounts c;
    for (const auto& t : steps) {
        if (is_turn(t.step)) {
            c.max_corners = std::max(c.max_corners, t.corners_paid);
            if (t.free_point) ++c.free_points;
            continue;
        }
        ++c.hexagons;
        if (is_reverse(t.step)) {
            if (c.forward > 0 && c.reverse == 0) illegal.push_back({"PS-reverse", "it reverses after moving forward this turn"});
            ++c.reverse;
        } else {
            if (c.reverse > 0 && c.forward == 0) illegal.push_back({"PS-reverse", "it moves forward after reversing this turn"});
            ++c.forward;
        }
    }
    return c;
}

// PS-movement, PS-turning: the hexagons and corners priced, and the turning choices flagged.
void explain_costs(const Data& d, const Situation& s, const std::vector<StepTrace>& steps, const PlanCounts& c, int used, Ruling& r) {
    if (c.hexagons > 0)
        r.step("PS-movement", "The tank moves " + std::to_string(c.hexagons) + " hexagon" + (c.hexagons == 1 ? "" : "s") +
                                  ", each into one of the two hexagons in front of (or, reversing, behind) its facing corner: " +
                                  std::to_string(c.hexagons * d.hexagon_cost) + " MP.");
    int turn_total = 0;
    for (const auto& t : steps)
        if (is_turn(t.step)) turn_total += t.cost;
    if (turn_total > 0)
        r.step("PS-turning", "Turning from corner to corner costs " + std::to_string(d.turn_cost[0]) + " MP for one corner and " +
                                 std::to_string(d.turn_cost[1]) + " MP for two or three corners within the same hexagon: " +
                                 std::to_string(turn_total) + " MP in all.");
    // The free point is a referee's call only where it changes the price: e.g. forward-left, turn-3
    // costs 2 whether or not the first corner is the free choice (three corners, or free + two).
    int paid_without_free = used;
    if (c.free_points > 0) {
        Data strict = d;
        strict.free_point_after_move = false;
        const auto alt = trace(strict, s);
        paid_without_free = alt.empty() ? 0 : alt.back().total;
    }
    if (c.free_points > 0 && paid_without_free != used)
        r.call("PS-turning", std::to_string(c.free_points) + " of the turns " + (c.free_points == 1 ? "is" : "are") +
                                 " the choice, after entering a hexagon, of the other point of the hexside just crossed; "
                                 "Diagram 4 (whose drawing is missing) has the tank choose one of the two points now facing it, "
                                 "and Umpire reads that choice as free, so that first corner costs nothing "
                                 "(rules-data choice free_point_after_move; paying every corner would cost " + std::to_string(paid_without_free - used) + " MP more).");
    if (c.max_corners > 3)
        r.call("PS-turning", "the plan turns " + std::to_string(c.max_corners) + " corners within one hexagon; the page prices only "
                             "one, two or three, and Umpire charges " + std::to_string(d.turn_over_three) +
                             " MP, since three or fewer corners reach any facing (rules-data choice turn_over_three).");
    if (c.reverse > 0)
        r.step("PS-reverse", "Reversing follows the forward rules, cannot be mixed with forward movement in the same turn, and "
                             "leaves the tank stopped at the end of the turn.");
}

// PS-movement: a tank that started in movement and rolled must move at least one hexagon.
void check_minimum_move(const Data& d, const Situation& s, const PlanCounts& c, int available, int used, Ruling& r, Illegal& illegal) {
    if (s.start != "in-movement" || c.hexagons >= d.min_hexagons_in_movement) return;
    // Only when the fire itself can be paid: otherwise the plan is illegal for that alone.
    const int fire_cost = s.action == "move-and-fire" ? d.move_and_fire_cost : 0;
    const int needed = d.min_hexagons_in_movement * d.hexagon_cost + fire_cost;
    if (available < needed && c.hexagons == 0 && available >= fire_cost) {
        // The page's two demands collide: the roll, less the restriction, cannot pay for the hexagon.
        // A plan that overspends even staying put (turns in place) is illegal whatever the reading:
        // no call then (the overspend is reported below).
        if (used <= available)
            r.call("PS-movement", "a tank that started in movement must move at least " + std::to_string(d.min_hexagons_in_movement) +
                                  " hexagon, but its " + std::to_string(available) + " movement points cannot pay for it; the page "
                                  "does not say what then happens, and Umpire reads it as the tank staying in its hexagon.");
    } else if (available >= needed || c.hexagons > 0) {
        illegal.push_back({"PS-movement", "a tank that started in movement and rolled movement dice must move at least " +
                                              std::to_string(d.min_hexagons_in_movement) + " hexagon"});
    }
}

// PS-movement: points a stationary tank leaves unused (choice), and overspending.
void check_points(const Data& d, const Situation& s, int available, int used, Ruling& r, Illegal& illegal) {
    // Unsettled only when nothing else already makes the plan illegal (then it is illegal either way).
    if (s.start == "stationary" && used < available && illegal.empty()) {
        // The page says a stationary tank "may" move up to the roll and excuses a tank in movement
        // from using all its points; it never says a stationary tank must use them all.
        r.call("PS-movement", std::string("the page says a stationary tank may move up to the number rolled, and excuses a tank that "
                                          "started in movement from using all its points without saying a stationary one must; ") +
                                  (d.stationary_uses_all_points
                                       ? "Umpire reads that a tank that started stationary must use them all"
                                       : "Umpire lets a tank that started stationary leave points unused (nothing requires it to use them)") +
                                  " (rules-data choice stationary_uses_all_points).");
        if (d.stationary_uses_all_points)
            illegal.push_back({"PS-movement", "a tank that started stationary uses all its movement points, and the plan leaves " +
                                                  std::to_string(available - used) + " unused"});
    }
    if (used > available)
        illegal.push_back({"PS-movement", "it needs " + std::to_string(used) + " movement points but has " + std::to_string(available)});
}

// PS-actions: the end state; then the contract keys, the trace, the figures and the verdict.
void finish_movement(const Data& d, const Situation& s, const std::vector<StepTrace>& steps, const std::vector<BoardStep>& placed,
                     const PlanCounts& c, int available, int used, const Illegal& illegal, Ruling& r) {
    const bool legal = illegal.empty();
    const std::string ends = s.action == "move-and-fire" || c.reverse > 0 ? "stationary" : "stationary-or-moving";
    if (ends == "stationary")
        r.step("PS-actions", std::string("A tank that ") + (c.reverse > 0 ? "reverses" : "fires") + " is stationary at the end of the turn.");
    else
        r.step("PS-actions", "A tank that only moved may be left stationary or \"in movement\" (a D4 placed behind it).");
    if (legal)
        r.step("PS-movement", "The plan uses " + std::to_string(used) + " of " + std::to_string(available) + " movement points: " +
                                  std::to_string(available - used) + " left" +
                                  (s.start == "in-movement" ? " (a tank in movement need not use them all)." : "."));
    else
        for (const auto& [rule_id, why] : illegal) r.step(rule_id, "Not allowed: " + why + ".");
    r.set("legal", legal);
    r.set("mp_available", available);
    r.set("mp_used", used);
    r.set("mp_left", available - used);
    r.set("ends", ends);
    json::Array trace_json;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const auto& t = steps[i];
        json::Object o{{"step", t.step}, {"cost", t.cost}, {"total", t.total}, {"q", t.q}, {"r", t.r}, {"corner", t.corner}};
        if (i < placed.size()) {  // on a board: the hex (its number) and the point faced after the step
            o.emplace_back("hex", s.board_map->name(placed[i].hex));
            o.emplace_back("facing", corner_name(d, placed[i].corner));
        }
        trace_json.emplace_back(std::move(o));
    }
    r.set("steps", json::Value(std::move(trace_json)));
    if (!placed.empty() || s.board_map) {
        json::Array path{json::Value(s.tank_hex)};
        for (const auto& p : placed)
            if (path.back().as_string() != s.board_map->name(p.hex)) path.emplace_back(s.board_map->name(p.hex));
        r.set("board", json::Object{{"file", s.board},
                                    {"start", s.tank_hex},
                                    {"start_facing", s.tank_facing},
                                    {"path", json::Value(std::move(path))},
                                    {"end", placed.empty() ? s.tank_hex : s.board_map->name(placed.back().hex)},
                                    {"end_facing", placed.empty() ? s.tank_facing : corner_name(d, placed.back().corner)}});
    }
    r.figures.push_back({"Used", std::to_string(used), "PS-turning", s.action == "move-and-fire" ? "includes " + std::to_string(d.move_and_fire_cost) + " to fire" : "", "mp_used"});
    r.figures.push_back({"Left", std::to_string(available - used), "PS-movement", "", "mp_left"});
    r.figures.push_back({"Ends", ends, "PS-actions", "", "ends"});
    r.tone = legal ? Tone::good : Tone::bad;
    r.verdict = legal ? "LEGAL MOVE — " + std::to_string(used) + " of " + std::to_string(available) + " MP" : "ILLEGAL MOVE";
    if (!legal) {
        std::string all;
        for (const auto& w : illegal) all += (all.empty() ? "" : "; ") + w.second + " (" + w.first + ")";
        r.detail = "Not allowed: " + all + ".";
    }
}

// On a board: the plan from tank.hex facing tank.facing, hex by hex; a step off the board cannot
// be played (the page has no board edge rule: Umpire reads leaving the map as not allowed).
std::vector<BoardStep> place_on_board(const Data& d, const Situation& s, const std::vector<StepTrace>& steps, Ruling& r, Illegal& illegal) {
    if (!s.board_map) return {};
    const board::Board& b = *s.board_map;
    const int facing = *parse_corner(d, s.tank_facing);
    std::vector<BoardStep> placed = place_steps(steps, *s.tank_at, facing);
    std::string route = s.tank_hex + " facing " + s.tank_facing;
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const bool moved = !is_turn(steps[i].step);
        route += moved ? ", enters " + b.name(placed[i].hex) + " facing " + corner_name(d, placed[i].corner)
                       : ", turns to face " + corner_name(d, placed[i].corner);
        if (!b.contains(placed[i].hex)) {
            illegal.push_back({"PS-movement", "step " + std::to_string(i + 1) + " (" + steps[i].step + ") enters " + b.name(placed[i].hex) +
                                                  ", off the board " + s.board});
            placed.resize(i);  // the path stops at the board's edge; the explanation names the hex
            break;
        }
    }
    r.step("PS-movement", "On the board " + s.board + ": " + route + ".");
    return placed;
}

Ruling rule_movement(const Data& d, const Situation& s) {
    Ruling r;
    const int available = available_points(d, s, r);
    const auto steps = trace(d, s);
    int used = steps.empty() ? 0 : steps.back().total;
    Illegal illegal;
    const PlanCounts c = count_steps(steps, illegal);
    explain_costs(d, s, steps, c, used, r);
    if (s.action == "move-and-fire") {
        used += d.move_and_fire_cost;
        r.step("PS-move-and-fire", "Moving and firing costs " + std::to_string(d.move_and_fire_cost) +
                                       " of the movement points rolled; after firing the tank may not move again this turn.");
    }
    check_minimum_move(d, s, c, available, used, r, illegal);
    check_points(d, s, available, used, r, illegal);
    const std::vector<BoardStep> placed = place_on_board(d, s, steps, r, illegal);
    finish_movement(d, s, steps, placed, c, available, used, illegal, r);
    return r;
}

// =====================================================================================
// 4. Actions and attacks of opportunity
// =====================================================================================

// PS-actions: the page opens with four actions for any activated tank, then lists what a tank
// starting stationary and one starting "in movement" may do. An action of the four that the
// start state's list leaves out (fire, ambush for a tank in movement) is neither granted nor
// forbidden: a referee's call, both readings shown (rules-data choice unlisted_actions_open).
struct ActionReading {
    bool listed = false;  // in the list for this start state
    bool open = false;    // as ruled (the choice decides an unlisted one)
    int dice = 0;
};

ActionReading read_action(const Data& d, const ActionRule& a, const std::string& start) {
    ActionReading x;
    x.listed = std::find(a.open_from.begin(), a.open_from.end(), start) != a.open_from.end();
    x.open = x.listed || d.unlisted_actions_open;
    x.dice = x.open && a.dice ? d.dice_by_start.at(start) : 0;
    return x;
}

std::string action_step(const Data& d, const ActionRule& a, const ActionReading& x, const std::string& start) {
    const std::string dice = x.dice ? ", rolling " + std::to_string(x.dice) + " D" + std::to_string(d.die_sides) + " for movement" : "";
    if (x.listed) return "From " + start + ": " + a.name + " is open" + dice + ".";
    return "From " + start + ": " + a.name + " is one of the four actions any activated tank may choose, but the list for a tank "
           "starting " + start + " does not name it; " + (x.open ? "Umpire takes it as open" + dice : "Umpire takes it as not open") +
           " (the other reading: " + (x.open ? "not open" : "open") + ").";
}

Ruling rule_actions(const Data& d, const Situation& s) {
    Ruling r;
    json::Array acts, open, open_other;
    std::string open_text, unlisted;
    for (const auto& a : d.actions) {
        const ActionReading x = read_action(d, a, s.start);
        const bool other_open = x.listed || !d.unlisted_actions_open;
        acts.emplace_back(json::Object{{"action", a.name}, {"open", x.open}, {"dice", x.dice}, {"listed", x.listed},
                                       {"referee_call", !x.listed}});
        if (x.open) {
            open.emplace_back(a.name);
            open_text += (open_text.empty() ? "" : ", ") + a.name + (x.dice ? " (" + std::to_string(x.dice) + "D" + std::to_string(d.die_sides) + ")" : "");
        }
        if (other_open) open_other.emplace_back(a.name);
        if (!x.listed) unlisted += (unlisted.empty() ? "" : " or ") + a.name;
        r.step("PS-actions", action_step(d, a, x, s.start));
    }
    if (!unlisted.empty())
        r.call("PS-actions", "the page's four actions are open to any activated tank, but its list for a tank starting " + s.start +
                                 " does not name " + unlisted + "; Umpire " + (d.unlisted_actions_open ? "follows the four actions (open)" : "follows the list (not open)") +
                                 " (rules-data choice unlisted_actions_open).");
    if (s.start == "in-movement")
        r.step("PS-movement", "A tank in movement that rolls its dice must move at least one hexagon.");
    r.set("open_actions", json::Value(std::move(open)));
    r.set("open_actions_other_reading", json::Value(std::move(open_other)));
    r.set("actions", json::Value(std::move(acts)));
    r.tone = unlisted.empty() ? Tone::neutral : Tone::caution;
    r.verdict = "OPEN ACTIONS — " + open_text;
    return r;
}

Ruling rule_opportunity(const Data& d, const Situation& s) {
    Ruling r;
    std::vector<std::string> why_not;
    const bool state_ok = std::find(d.opportunity_states.begin(), d.opportunity_states.end(), s.shooter) != d.opportunity_states.end();
    r.step("PS-opportunity", state_ok ? "The shooter is " + s.shooter + ": it may launch an attack of opportunity."
                                      : std::string("The shooter has already been activated this turn: only a tank not yet activated or waiting in ambush may."));
    if (!state_ok) why_not.push_back("the shooter has already been activated this turn");
    if (!s.target_moving) {
        r.step("PS-opportunity", "An attack of opportunity is made only while the opponent is moving the tank, and only on that moving tank.");
        why_not.push_back("the target is not the tank being moved");
    }
    if (s.target_hexagons_moved < d.opportunity_min_hexagons) {
        r.step("PS-opportunity", "The target has moved " + std::to_string(s.target_hexagons_moved) + " hexagons; it must have moved at least " +
                                     std::to_string(d.opportunity_min_hexagons) + ".");
        why_not.push_back("the target has not yet moved a hexagon");
    } else if (s.target_moving) {
        r.step("PS-opportunity", "The moving target has moved " + std::to_string(s.target_hexagons_moved) + " hexagon" +
                                     (s.target_hexagons_moved == 1 ? "" : "s") + ": enough.");
    }
    const bool eligible = why_not.empty();
    if (eligible)
        r.step("PS-opportunity", "Firing counts as the shooter's activation: it may not shoot again or move this turn.");
    r.set("eligible", eligible);
    r.set("shooter_activated", eligible);
    r.tone = eligible ? Tone::good : Tone::bad;
    r.verdict = eligible ? "ATTACK OF OPPORTUNITY ALLOWED" : "NO ATTACK OF OPPORTUNITY";
    if (!eligible) {
        std::string all;
        for (const auto& w : why_not) all += (all.empty() ? "" : "; ") + w;
        r.detail = "Not allowed: " + all + ".";
    }
    return r;
}

// =====================================================================================
// 5. Line of fire (PS-fire, PS-armour, PS-obstacle)
// =====================================================================================

// The verdict shared by the hand-entered and the board rulings, from the two lines' faces and
// obstacle flags (so both give the same ruling for the same geometry).
// The faces are listed in the order of rules-data [armour] (front, side, rear), not in the lines'
// order: which line is typed first changes nothing.
void finish_line_of_fire(const Data& d, const std::vector<Situation::Line>& lines, Ruling& r) {
    bool bonus = false;
    json::Array faces, ls;
    std::string face_text;
    std::vector<std::string> named;
    for (const auto& l : lines) {
        bonus |= l.obstacle;
        if (!l.face.empty()) named.push_back(l.face);
        ls.emplace_back(json::Object{{"face", l.face.empty() ? json::Value() : json::Value(l.face)}, {"obstacle", l.obstacle}});
    }
    auto rank = [&d](const std::string& f) { return std::find(d.armour.begin(), d.armour.end(), f) - d.armour.begin(); };
    std::sort(named.begin(), named.end(), [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
    for (const auto& f : named) {
        faces.emplace_back(f);
        face_text += (face_text.empty() ? "" : " and ") + f;
    }
    // Both lines pass an obstacle (issue 22 item 10): the page makes a tank visible when two lines
    // can be shown to its hexagon, and gives a bonus when "one of these lines" passes an obstacle;
    // it does not say whether a target behind obstacles on both lines is still seen. Rules-data
    // choice both_lines_pass_hides, always flagged.
    const bool both = lines.size() >= 2 && std::all_of(lines.begin(), lines.end(), [](const Situation::Line& l) { return l.obstacle; });
    const bool visible = !(both && d.both_lines_pass_hides);
    if (both) {
        r.step("PS-fire", std::string("Both lines pass an obstacle: Umpire reads the target as ") +
                              (visible ? "visible, protected by the obstacle (rules-data choice both_lines_pass_hides = false)."
                                       : "not visible: no two lines can be shown past the obstacles (rules-data choice both_lines_pass_hides = true)."));
        r.call("PS-fire", both_lines_call_text(d));
        r.set("visible_other_reading", !visible);
    } else {
        r.step("PS-fire", "Two straight lines can be shown from the cannon to the target's hexagon: the target is visible.");
    }
    if (!face_text.empty()) r.step("PS-armour", "The lines meet points denoting the target's " + face_text + " armour.");
    r.step("PS-obstacle", !visible ? "The target is not visible, so there is no combat and no obstacle bonus to apply."
                          : bonus  ? "A line passes through an obstacle: the target has the obstacle bonus in this combat."
                                   : "Neither line passes through an obstacle: no obstacle bonus.");
    r.set("visible", visible);
    r.set("faces", json::Value(std::move(faces)));
    r.set("obstacle_bonus", bonus);
    r.set("lines", json::Value(std::move(ls)));
    r.figures.push_back({"Armour", face_text.empty() ? "—" : face_text, "PS-armour", "the faces the two lines strike", "faces"});
    r.figures.push_back({"Obstacle bonus", bonus ? "yes" : "no", "PS-obstacle", "", "obstacle_bonus"});
    r.tone = !visible ? Tone::bad : bonus ? Tone::caution : Tone::good;
    r.verdict = !visible ? std::string("NOT VISIBLE — both lines pass an obstacle")
                         : std::string("VISIBLE — ") + (face_text.empty() ? "" : face_text + " armour, ") + (bonus ? "obstacle bonus" : "no obstacle bonus");
}

Ruling rule_line_of_fire(const Data& d, const Situation& s) {
    Ruling r;
    if (!s.board_map) {
        finish_line_of_fire(d, s.lines, r);
        return r;
    }
    const board::Board& b = *s.board_map;
    const LineOfFire l = line_of_fire(d, b, *s.firer_at, *s.target_at, s.target_facing_at.value_or(-1));
    const Reading& r0 = l.readings.front();
    r.step("PS-fire", "On the board " + s.board + ": from the cannon (the centre of " + s.firer_hex + ") to the points of " + s.target_hex +
                          "'s hexagon, " + r0.name + " reading (rules-data choice line_points); range " + std::to_string(l.range) + ".");
    std::vector<Situation::Line> lines;
    for (int k = 0; k < 2; ++k) {
        const FireLine& f = r0.lines[std::size_t(k)];
        r.step("PS-obstacle", "The " + line_text(d, b, l.target, f, k == 0 ? "left" : "right") + ".");
        lines.push_back({f.face, line_counts(d, f)});
    }
    if (l.facing < 0) r.step("PS-armour", "target.facing is not given: the faces struck are not named.");
    for (const auto& c : l.calls) r.call(c.rule, c.text);
    finish_line_of_fire(d, lines, r);
    r.set("position", json::Object{{"firer_hex", s.firer_hex}, {"target_hex", s.target_hex}, {"range", l.range}});
    json::Object board{{"file", s.board}};  // as the situation names it
    for (auto& kv : lof_json(d, b, l)) board.push_back(std::move(kv));
    r.set("board", json::Value(std::move(board)));
    if (l.referee_call()) r.tone = Tone::caution;
    if (!s.print_only) r.board_marks = std::make_shared<const view::BoardMarks>(board_marks(d, b, l));
    return r;
}

}  // namespace

Ruling rule(const Data& d, const Situation& s) {
    Ruling r = s.question == "actions"        ? rule_actions(d, s)
               : s.question == "opportunity"  ? rule_opportunity(d, s)
               : s.question == "line-of-fire" ? rule_line_of_fire(d, s)
                                              : rule_movement(d, s);
    r.system = "panzer-squadron";
    return r;
}

// =====================================================================================
// 6. GameSystem glue
// =====================================================================================

PanzerSquadron::PanzerSquadron() : BoardGameModule(kAbout) {}

std::vector<NameList> names(const Data& d) {
    std::vector<std::string> faces;
    for (const auto& f : d.armour)
        if (std::find(faces.begin(), faces.end(), f) == faces.end()) faces.push_back(f);
    return {{"question", kQuestions}, {"tank.start", kStarts}, {"tank.action", kMoveActions}, {"tank.steps", step_names()},
            {"shooter.state", kShooter}, {"tank.facing", d.board.corner_names}, {"line.face", faces}};
}

}  // namespace umpire::panzer_squadron

namespace umpire {
std::unique_ptr<GameSystem> make_panzer_squadron() { return std::make_unique<panzer_squadron::PanzerSquadron>(); }
}  // namespace umpire
