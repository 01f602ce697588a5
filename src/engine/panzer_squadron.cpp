// Panzer Squadron: activation actions, movement points, attacks of opportunity.
//
// Sections
//   1. Data loading
//   2. Situation parsing and writing
//   3. Movement: costs per step, per-hexagon turning, the rules of reversing, the end state
//   4. Actions and attacks of opportunity
//   5. GameSystem glue
#include "engine/panzer_squadron.hpp"

#include <algorithm>
#include <numeric>

#include "engine/names.hpp"

namespace umpire::ps {

namespace {
const std::vector<std::string> kStarts = {"stationary", "in-movement"};
const std::vector<std::string> kMoveActions = {"move", "move-and-fire"};
const std::vector<std::string> kQuestions = {"movement", "actions", "opportunity"};
const std::vector<std::string> kShooter = {"not-activated", "ambush", "activated"};
const std::vector<std::string> kAllActions = {"move", "fire", "move-and-fire", "ambush"};
}  // namespace

const std::vector<std::string>& step_names() {
    static const std::vector<std::string> v = {"forward-left", "forward-right", "reverse-left", "reverse-right", "turn-left",
                                               "turn-right",   "turn-left-2",   "turn-right-2", "turn-3"};
    return v;
}

// =====================================================================================
// 1. Data loading
// =====================================================================================

Data load_data(const std::filesystem::path& file) {
    toml::table t = parse_toml_file(file, file.string());
    Sink sink(file.string());
    Table root(sink, &t, "");
    root.only_keys({"dice", "costs", "action", "opportunity", "choices"});
    Data d;
    Table dice = root.table("dice", true);
    dice.only_keys({"sides", "stationary", "in-movement"});
    d.die_sides = int(dice.integer("sides", true, 2, 100).value_or(4));
    for (const auto& s : kStarts) d.dice_by_start[s] = int(dice.integer(s, true, 1, 10).value_or(1));
    Table costs = root.table("costs", true);
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
    for (const Table& a : root.tables("action", true)) {
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
    Table opp = root.table("opportunity", true);
    opp.only_keys({"eligible_states", "min_hexagons_moved"});
    d.opportunity_states = opp.choice_array("eligible_states", kShooter, true).value_or(std::vector<std::string>{});
    d.opportunity_min_hexagons = int(opp.integer("min_hexagons_moved", true, 0, 99).value_or(1));
    Table ch = root.table("choices", true);
    ch.only_keys({"turn_over_three", "floor_available_at_zero", "free_point_after_move", "stationary_uses_all_points",
                  "unlisted_actions_open"});
    d.turn_over_three = int(ch.integer("turn_over_three", true, 0, 99).value_or(2));
    d.floor_available_at_zero = ch.boolean("floor_available_at_zero", true).value_or(true);
    d.free_point_after_move = ch.boolean("free_point_after_move", true).value_or(true);
    d.stationary_uses_all_points = ch.boolean("stationary_uses_all_points", false).value_or(false);
    d.unlisted_actions_open = ch.boolean("unlisted_actions_open", false).value_or(false);
    sink.throw_if_errors();
    return d;
}

// =====================================================================================
// 2. Situation
// =====================================================================================

Situation parse_situation(const Data& d, const Table& root) {
    Situation s;
    auto keys = common_situation_keys();
    for (const char* k : {"question", "tank", "shooter", "target"}) keys.push_back(k);
    root.only_keys(keys);
    s.title = root.str("title").value_or("");
    // The line of fire needs a board and the page's missing diagrams: reserved, said plainly.
    if (const auto q = root.str("question"); q && same_name(*q, "line-of-fire")) {
        root.error("question", quoted_value(*q) + " is not ruled yet: the line of fire needs a board and the missing Line of Fire and "
                               "Armour diagrams (accepted: " + join_names(kQuestions) + ")");
        return s;
    }
    const auto question = root.choice("question", kQuestions, true);
    if (!question) return s;  // reported; the rest depends on the question, so no follow-on errors
    s.question = *question;
    if (s.question == "opportunity") {
        Table sh = root.table("shooter", true);
        sh.only_keys({"state"});
        s.shooter = sh.choice("state", kShooter, true).value_or("not-activated");
        Table tg = root.table("target", true);
        tg.only_keys({"moving", "hexagons_moved"});
        s.target_moving = tg.boolean("moving", true).value_or(true);
        s.target_hexagons_moved = int(tg.integer("hexagons_moved", true, 0, 99).value_or(0));
        return s;
    }
    Table tank = root.table("tank", true);
    if (s.question == "actions") {
        tank.only_keys({"start"});
        s.start = tank.choice("start", kStarts, true).value_or("stationary");
        return s;
    }
    tank.only_keys({"start", "action", "dice", "restriction", "steps"});
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
    toml::table t;
    t.insert("system", "panzer-squadron");
    if (!s.title.empty()) t.insert("title", s.title);
    t.insert("question", s.question);
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
void finish_movement(const Data& d, const Situation& s, const std::vector<StepTrace>& steps, const PlanCounts& c, int available,
                     int used, const Illegal& illegal, Ruling& r) {
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
    for (const auto& t : steps)
        trace_json.emplace_back(json::Object{{"step", t.step}, {"cost", t.cost}, {"total", t.total}, {"q", t.q}, {"r", t.r}, {"corner", t.corner}});
    r.set("steps", json::Value(std::move(trace_json)));
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
    finish_movement(d, s, steps, c, available, used, illegal, r);
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

}  // namespace

Ruling rule(const Data& d, const Situation& s) {
    Ruling r = s.question == "actions" ? rule_actions(d, s) : s.question == "opportunity" ? rule_opportunity(d, s) : rule_movement(d, s);
    r.system = "panzer-squadron";
    return r;
}

// =====================================================================================
// 5. GameSystem glue
// =====================================================================================

void PanzerSquadron::load(const std::filesystem::path& rules_dir) { data_ = load_data(rules_dir / "panzer-squadron.toml"); }

Ruling PanzerSquadron::rule(const Table& root) const {
    Situation s = parse_situation(data_, root);
    root.sink().throw_if_errors();
    Ruling r = ps::rule(data_, s);
    r.view = ruling_view(s, r);
    return r;
}

std::vector<NameList> PanzerSquadron::names() const {
    return {{"question", kQuestions}, {"tank.start", kStarts}, {"tank.action", kMoveActions}, {"tank.steps", step_names()},
            {"shooter.state", kShooter}};
}

}  // namespace umpire::ps

namespace umpire {
std::unique_ptr<GameSystem> make_panzer_squadron() { return std::make_unique<ps::PanzerSquadron>(); }
}  // namespace umpire
