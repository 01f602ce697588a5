// Panzer Squadron (page 2): movement points, turning, reversing, end state, the four
// actions by start state, and attacks of opportunity. Expectations read off the page.
#include <catch2/catch.hpp>

#include "games/panzer_squadron/rules.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::rule_toml;
using umpire::test::strings;

namespace {

struct MoveCase {
    const char* rule;
    const char* start;
    const char* action;
    const char* dice;
    int restriction;
    const char* steps;
    bool legal;
    int available, used, left;
    const char* ends;
};

std::string movement(const MoveCase& c) {
    return std::string("system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"") + c.start + "\"\naction = \"" +
           c.action + "\"\ndice = " + c.dice + "\nrestriction = " + std::to_string(c.restriction) + "\nsteps = " + c.steps + "\n";
}

}  // namespace

TEST_CASE("panzer-squadron movement: points, turning, reversing, end state", "[panzer-squadron]") {
    const MoveCase cases[] = {
        {"PS-movement: stationary rolls one D4, one MP per hexagon", "stationary", "move", "[3]", 0,
         "[\"forward-left\", \"forward-right\", \"forward-left\"]", true, 3, 3, 0, "stationary-or-moving"},
        {"PS-movement: in movement rolls two D4", "in-movement", "move", "[2, 4]", 0, "[\"forward-left\"]", true, 6, 1, 5,
         "stationary-or-moving"},
        {"PS-movement: restriction modifiers are taken away", "in-movement", "move", "[2, 4]", 2,
         "[\"forward-left\", \"forward-right\", \"forward-left\", \"forward-left\"]", true, 4, 4, 0, "stationary-or-moving"},
        {"PS-movement: one hexagon too many", "stationary", "move", "[2]", 0, "[\"forward-left\", \"forward-left\", \"forward-right\"]",
         false, 2, 3, -1, "stationary-or-moving"},
        {"PS-turning: one corner costs 1", "stationary", "move", "[2]", 0, "[\"turn-left\", \"forward-left\"]", true, 2, 2, 0,
         "stationary-or-moving"},
        {"PS-turning: two corners in one hexagon cost 2", "stationary", "move", "[3]", 0, "[\"turn-right-2\", \"forward-left\"]", true, 3,
         3, 0, "stationary-or-moving"},
        {"PS-turning: three corners in one hexagon cost 2", "stationary", "move", "[3]", 0, "[\"turn-3\", \"forward-right\"]", true, 3, 3,
         0, "stationary-or-moving"},
        {"PS-turning: two single turns in the same hexagon cost 2 together", "stationary", "move", "[3]", 0,
         "[\"turn-left\", \"turn-left\", \"forward-left\"]", true, 3, 3, 0, "stationary-or-moving"},
        {"PS-turning: three single turns in the same hexagon cost 2", "in-movement", "move", "[2, 2]", 0,
         "[\"turn-left\", \"turn-left\", \"turn-left\", \"forward-left\"]", true, 4, 3, 1, "stationary-or-moving"},
        {"PS-turning: turns in different hexagons are priced separately", "stationary", "move", "[4]", 0,
         "[\"turn-left\", \"forward-left\", \"turn-right\", \"forward-right\"]", true, 4, 4, 0, "stationary-or-moving"},
        {"PS-move-and-fire: firing costs 3 of the points rolled", "in-movement", "move-and-fire", "[3, 2]", 0,
         "[\"forward-left\", \"forward-right\"]", true, 5, 5, 0, "stationary"},
        {"PS-move-and-fire: stationary may move and fire on one D4", "stationary", "move-and-fire", "[4]", 0, "[\"forward-left\"]", true,
         4, 4, 0, "stationary"},
        {"PS-move-and-fire: not enough points left to fire", "stationary", "move-and-fire", "[3]", 0, "[\"forward-left\"]", false, 3, 4,
         -1, "stationary"},
        {"PS-reverse: reversing follows the forward rules and ends stopped", "stationary", "move", "[2]", 0,
         "[\"reverse-left\", \"reverse-right\"]", true, 2, 2, 0, "stationary"},
        {"PS-reverse: no reversing after moving forward", "in-movement", "move", "[3, 3]", 0, "[\"forward-left\", \"reverse-left\"]",
         false, 6, 2, 4, "stationary"},
        {"PS-reverse: no forward movement after reversing", "stationary", "move", "[2]", 0, "[\"reverse-left\", \"forward-left\"]", false,
         2, 2, 0, "stationary"},
        // Diagram 4: after entering a hexagon the tank picks either point of the hexside it crossed.
        {"PS-turning/Diagram 4: a turn to the other point ahead after a move is a different-side turn: 1 MP", "stationary", "move", "[3]", 0,
         "[\"forward-left\", \"turn-right\", \"forward-right\"]", true, 3, 3, 0, "stationary-or-moving"},
        {"PS-turning: the spec's example plan", "in-movement", "move", "[3, 1]", 0,
         "[\"forward-left\", \"turn-right\", \"forward-right\"]", true, 4, 3, 1, "stationary-or-moving"},
        {"PS-movement: a tank in movement must move at least one hexagon", "in-movement", "move", "[1, 1]", 0, "[\"turn-left\"]", false,
         2, 1, 1, "stationary-or-moving"},
        {"PS-movement: a stationary tank need not move a hexagon", "stationary", "move", "[1]", 0, "[\"turn-left\"]", true, 1, 1, 0,
         "stationary-or-moving"},
        {"PS-movement: need not use all points", "in-movement", "move", "[4, 4]", 0, "[\"forward-right\"]", true, 8, 1, 7,
         "stationary-or-moving"},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const auto j = rule_toml(movement(c));
            CHECK(at(j, "legal").as_bool() == c.legal);
            CHECK(at(j, "mp_available").as_int() == c.available);
            CHECK(at(j, "mp_used").as_int() == c.used);
            CHECK(at(j, "mp_left").as_int() == c.left);
            CHECK(at(j, "ends").as_string() == c.ends);
            CHECK(at(j, "referee_call").as_bool() == false);
        }
    }
}

TEST_CASE("panzer-squadron movement: documented readings are referee's calls", "[panzer-squadron]") {
    SECTION("restriction larger than the roll: no points, never negative") {
        const MoveCase c{"", "stationary", "move", "[1]", 3, "[]", true, 0, 0, 0, "stationary-or-moving"};
        const auto j = rule_toml(movement(c));
        CHECK(at(j, "mp_available").as_int() == 0);
        CHECK(at(j, "referee_call").as_bool());
    }
    SECTION("four corners in one hexagon cost the same 2") {
        const MoveCase c{"", "stationary", "move", "[4]", 0, "[\"turn-3\", \"turn-left\"]", true, 4, 2, 2, "stationary-or-moving"};
        const auto j = rule_toml(movement(c));
        CHECK(at(j, "mp_used").as_int() == 2);
        CHECK(at(j, "referee_call").as_bool());
    }
}

TEST_CASE("panzer-squadron Diagram 4: after a move the tank chooses either point of the hexside it crossed, free",
          "[panzer-squadron]") {
    // Diagram 4 (drawing missing): "choose from one of the two points now facing the tank". The
    // trace keeps the old corner; a first turn to the other point (left after forward-left, right
    // after forward-right; mirrored when reversing) is that free choice: a referee's call.
    struct Case { const char* name; const char* start; const char* dice; const char* steps; bool legal; int used; bool call; };
    const Case cases[] = {
        {"forward-left, turn-left: the other point, free", "stationary", "[2]", "[\"forward-left\", \"turn-left\", \"forward-left\"]", true, 2, true},
        {"forward-right, turn-right: the other point, free", "stationary", "[2]", "[\"forward-right\", \"turn-right\", \"forward-right\"]", true, 2, true},
        {"forward-left, turn-right: a real corner, 1 MP", "stationary", "[3]", "[\"forward-left\", \"turn-right\", \"forward-left\"]", true, 3, false},
        {"forward-left, turn-left-2: the free point plus one corner, 1 MP", "stationary", "[3]", "[\"forward-left\", \"turn-left-2\", \"forward-left\"]", true, 3, true},
        // Three corners cost 2 with or without the free point: the reading does not matter, no call.
        {"forward-left, turn-3: 2 MP either way, not a call", "in-movement", "[2, 2]", "[\"forward-left\", \"turn-3\", \"forward-left\"]", true, 4, false},
        {"forward-right, turn-right x3: 2 MP either way, not a call", "in-movement", "[2, 2]", "[\"forward-right\", \"turn-right\", \"turn-right\", \"turn-right\"]", true, 3, false},
        {"forward-left, turn-left, turn-left: free point plus one corner, 1 MP", "stationary", "[3]", "[\"forward-left\", \"turn-left\", \"turn-left\", \"forward-left\"]", true, 3, true},
        {"reverse-left, turn-right: the other rear point, free", "stationary", "[2]", "[\"reverse-left\", \"turn-right\", \"reverse-left\"]", true, 2, true},
        {"reverse-right, turn-left: the other rear point, free", "stationary", "[2]", "[\"reverse-right\", \"turn-left\", \"reverse-right\"]", true, 2, true},
        {"no free choice in the start hexagon", "stationary", "[2]", "[\"turn-left\", \"forward-left\"]", true, 2, false},
        {"the free point is one-off: forward-left, turn-left, turn-right costs 1", "in-movement", "[2, 2]", "[\"forward-left\", \"turn-left\", \"turn-right\", \"forward-left\"]", true, 3, true},
        {"a bend is one too many on 1 point", "stationary", "[1]", "[\"forward-left\", \"turn-left\", \"forward-left\"]", false, 2, true},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const MoveCase m{"", c.start, "move", c.dice, 0, c.steps, c.legal, 0, 0, 0, ""};
            const auto j = rule_toml(movement(m));
            INFO(j.dump());
            CHECK(at(j, "legal").as_bool() == c.legal);
            CHECK(at(j, "mp_used").as_int() == c.used);
            CHECK(at(j, "referee_call").as_bool() == c.call);
        }
    }
    SECTION("the trace turns to the free point: forward-left from corner 0, turn-left faces corner 1") {
        const MoveCase m{"", "stationary", "move", "[2]", 0, "[\"forward-left\", \"turn-left\", \"forward-left\"]", true, 0, 0, 0, ""};
        const auto j = rule_toml(movement(m));  // keep the ruling alive: steps refers into it
        const auto& steps = at(j, "steps").as_array();
        REQUIRE(steps.size() == 3);
        CHECK(at(steps[1], "cost").as_int() == 0);
        CHECK(at(steps[1], "corner").as_int() == 1);
    }
    SECTION("the trace turns the tank round on turn-3 after a move (it used to keep the old corner)") {
        const MoveCase m{"", "in-movement", "move", "[2, 2]", 0, "[\"forward-left\", \"turn-3\"]", true, 0, 0, 0, ""};
        const auto j = rule_toml(movement(m));  // hold the ruling: steps refers into it
        const auto& steps = at(j, "steps").as_array();
        REQUIRE(steps.size() == 2);
        CHECK(at(steps[1], "corner").as_int() == 3);
    }
}

TEST_CASE("panzer-squadron PS-movement: leftover points and a tank in movement that cannot pay a hexagon are referee's calls",
          "[panzer-squadron]") {
    // PS-movement: a stationary tank may move up to its roll; the page excuses a tank in movement from
    // using all its points and never requires a stationary one to (rules-data choice
    // stationary_uses_all_points = false). Leftovers from a stationary start stay flagged.
    struct Case { const char* name; const char* start; const char* action; const char* dice; int restriction; const char* steps;
                  bool legal; int left; bool call; };
    const Case cases[] = {
        {"stationary, 4 rolled, one hexagon: 3 unused, legal", "stationary", "move", "[4]", 0, "[\"forward-right\"]", true, 3, true},
        {"stationary, rolled but stays put: legal", "stationary", "move", "[3]", 0, "[]", true, 3, true},
        {"stationary, forward after reversing with 2 unused: illegal either way, no call", "stationary", "move", "[4]", 0,
         "[\"reverse-left\", \"forward-left\"]", false, 2, false},
        {"stationary, turn and reverse, 1 unused: legal", "stationary", "move", "[3]", 0, "[\"turn-left\", \"reverse-left\"]", true, 1, true},
        {"stationary move-and-fire on 4, fires in place: 1 unused, legal", "stationary", "move-and-fire", "[4]", 0, "[]", true, 1, true},
        {"stationary, all points used: no call", "stationary", "move", "[2]", 0, "[\"forward-right\", \"forward-left\"]", true, 0, false},
        {"stationary move-and-fire on 4: 3 to fire and 1 hexagon", "stationary", "move-and-fire", "[4]", 0, "[\"forward-right\"]", true, 0, false},
        {"in movement, 3 unused: allowed, no call", "in-movement", "move", "[2, 2]", 0, "[\"forward-right\"]", true, 3, false},
        {"in movement, the restriction leaves 0 points: cannot move the hexagon", "in-movement", "move", "[1, 1]", 2, "[]", true, 0, true},
        {"in movement, 0 points and a hexagon planned: too many points", "in-movement", "move", "[1, 1]", 2, "[\"forward-left\"]", false, -1, false},
        {"in movement, 1 point and no hexagon: it must move", "in-movement", "move", "[1, 1]", 1, "[]", false, 1, false},
        // A turn in place on 0 points overspends whatever happens to the one-hexagon minimum: no call.
        {"in movement, 0 points and a turn in place: too many points, no call", "in-movement", "move", "[1, 1]", 2,
         "[\"turn-left\"]", false, -1, false},
        // PS-move-and-fire: 2 points cannot pay the 3 to fire; illegal for that alone, no call.
        {"in movement, move-and-fire on 2: cannot pay to fire", "in-movement", "move-and-fire", "[1, 1]", 0, "[]", false, -1, false},
        {"in movement, move-and-fire on 3: fires, cannot pay a hexagon", "in-movement", "move-and-fire", "[1, 2]", 0, "[]", true, 0, true},
        {"in movement, move-and-fire on 3 with a turn in place: needs 4, illegal either way, no call", "in-movement",
         "move-and-fire", "[1, 2]", 0, "[\"turn-left\"]", false, -1, false},
        {"stationary, move-and-fire on 2: cannot pay to fire", "stationary", "move-and-fire", "[2]", 0, "[]", false, -1, false},
        {"stationary, move-and-fire on 3: fires in place", "stationary", "move-and-fire", "[3]", 0, "[]", true, 0, false},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const MoveCase m{"", c.start, c.action, c.dice, c.restriction, c.steps, c.legal, 0, 0, 0, ""};
            const auto j = rule_toml(movement(m));
            INFO(j.dump());
            CHECK(at(j, "legal").as_bool() == c.legal);
            CHECK(at(j, "mp_left").as_int() == c.left);
            CHECK(at(j, "referee_call").as_bool() == c.call);
        }
    }
}

TEST_CASE("panzer-squadron movement: the step trace a window draws", "[panzer-squadron]") {
    const MoveCase c{"", "stationary", "move", "[4]", 0, "[\"forward-right\", \"turn-left\", \"forward-left\"]", true, 4, 3, 1, ""};
    const auto j = rule_toml(movement(c));
    const auto& steps = at(j, "steps").as_array();
    REQUIRE(steps.size() == 3);
    CHECK(at(steps[0], "total").as_int() == 1);
    CHECK(at(steps[1], "total").as_int() == 2);
    CHECK(at(steps[1], "corner").as_int() == 1);
    CHECK(at(steps[2], "total").as_int() == 3);
    // facing corner 0 lies between hexside directions 0 and 1: forward-right is direction 0 (+1, 0);
    // after one left turn, forward-left is direction 2 (0, -1).
    CHECK(at(steps[0], "q").as_int() == 1);
    CHECK(at(steps[0], "r").as_int() == 0);
    CHECK(at(steps[2], "q").as_int() == 1);
    CHECK(at(steps[2], "r").as_int() == -1);
}

TEST_CASE("panzer-squadron actions: which of the four actions each start state opens", "[panzer-squadron]") {
    struct Case {
        const char* start;
        std::vector<std::string> open;
    } cases[] = {
        {"stationary", {"move", "fire", "move-and-fire", "ambush"}},
        {"in-movement", {"move", "move-and-fire"}},
    };
    for (const auto& c : cases) {
        SECTION(c.start) {
            const auto j = rule_toml(std::string("system = \"panzer-squadron\"\nquestion = \"actions\"\n[tank]\nstart = \"") + c.start + "\"\n");
            CHECK(strings(at(j, "open_actions")) == c.open);
            for (const auto& a : at(j, "actions").as_array())
                if (at(a, "action").as_string() == "move")
                    CHECK(at(a, "dice").as_int() == (std::string(c.start) == "stationary" ? 1 : 2));
            CHECK(umpire::test::contains(strings(at(j, "citations")), "PS-actions"));
        }
    }
}

TEST_CASE("panzer-squadron actions: fire and ambush from movement are the referee's call (PS-actions)", "[panzer-squadron]") {
    // PS-actions: the page's four actions (move, fire, move and fire, ambush) are offered to any
    // activated tank; the list for a tank starting "in movement" names only move and move-and-fire.
    // Fire without moving and ambush are neither granted nor forbidden there: a referee's call with
    // both readings, the list's reading by default (rules-data choice unlisted_actions_open).
    const auto j = rule_toml("system = \"panzer-squadron\"\nquestion = \"actions\"\n[tank]\nstart = \"in-movement\"\n");
    CHECK(at(j, "referee_call").as_bool());
    CHECK(strings(at(j, "open_actions")) == std::vector<std::string>{"move", "move-and-fire"});
    CHECK(strings(at(j, "open_actions_other_reading")) == std::vector<std::string>{"move", "fire", "move-and-fire", "ambush"});
    for (const auto& a : at(j, "actions").as_array()) {
        const std::string name = at(a, "action").as_string();
        const bool listed = name == "move" || name == "move-and-fire";
        INFO(name);
        CHECK(at(a, "listed").as_bool() == listed);
        CHECK(at(a, "referee_call").as_bool() == !listed);
    }
    std::string text;
    for (const auto& e : strings(at(j, "explanation"))) text += e + "\n";
    CHECK(text.find("fire is one of the four actions any activated tank may choose") != std::string::npos);
    CHECK(text.find("rules-data choice unlisted_actions_open") != std::string::npos);
    // From stationary every one of the four is on the list: no call.
    const auto st = rule_toml("system = \"panzer-squadron\"\nquestion = \"actions\"\n[tank]\nstart = \"stationary\"\n");
    CHECK_FALSE(at(st, "referee_call").as_bool());
    CHECK(strings(at(st, "open_actions_other_reading")) == strings(at(st, "open_actions")));
}

TEST_CASE("panzer-squadron actions: the other reading of unlisted_actions_open opens fire and ambush", "[panzer-squadron]") {
    umpire::panzer_squadron::Data d = umpire::test::engine().get<umpire::panzer_squadron::PanzerSquadron>()->data();
    d.unlisted_actions_open = true;
    umpire::panzer_squadron::Situation s;
    s.question = "actions";
    s.start = "in-movement";
    const auto j = umpire::panzer_squadron::rule(d, s).to_json();
    CHECK(at(j, "referee_call").as_bool());
    CHECK(strings(at(j, "open_actions")) == std::vector<std::string>{"move", "fire", "move-and-fire", "ambush"});
    CHECK(strings(at(j, "open_actions_other_reading")) == std::vector<std::string>{"move", "move-and-fire"});
}

TEST_CASE("panzer-squadron attacks of opportunity", "[panzer-squadron]") {
    struct Case {
        const char* rule;
        const char* state;
        bool moving;
        int moved;
        bool eligible;
    } cases[] = {
        {"PS-opportunity: a tank not yet activated may fire at the moving tank", "not-activated", true, 1, true},
        {"PS-opportunity: a tank waiting in ambush may", "ambush", true, 3, true},
        {"PS-opportunity: an activated tank may not", "activated", true, 2, false},
        {"PS-opportunity: the target must have moved a hexagon", "ambush", true, 0, false},
        {"PS-opportunity: only on the moving tank", "not-activated", false, 2, false},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const auto j = rule_toml(std::string("system = \"panzer-squadron\"\nquestion = \"opportunity\"\n[shooter]\nstate = \"") +
                                     c.state + "\"\n[target]\nmoving = " + (c.moving ? "true" : "false") +
                                     "\nhexagons_moved = " + std::to_string(c.moved) + "\n");
            CHECK(at(j, "eligible").as_bool() == c.eligible);
            CHECK(at(j, "shooter_activated").as_bool() == c.eligible);
        }
    }
}

TEST_CASE("panzer-squadron bad input: exit 2 with FILE:LINE:COL", "[panzer-squadron][cli]") {
    struct Bad {
        const char* name;
        const char* text;
        const char* needle;
    } cases[] = {
        {"two dice when stationary",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"stationary\"\naction = \"move\"\ndice = [2, 3]\nsteps = []\n",
         "tank.dice: a tank starting stationary rolls 1 D4"},
        {"one die in movement",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"in-movement\"\naction = \"move\"\ndice = [2]\nsteps = []\n",
         "rolls 2 D4"},
        {"a die outside 1..4",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"stationary\"\naction = \"move\"\ndice = [5]\nsteps = []\n",
         "5 is not a D4 result (accepted: 1..4)"},
        {"unknown step",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"stationary\"\naction = \"move\"\ndice = [2]\nsteps = [\"jump\"]\n",
         "unknown name \"jump\" (accepted: forward-left"},
        {"restriction beyond -99..99",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\nstart = \"stationary\"\naction = \"move\"\ndice = [2]\nrestriction = -100\nsteps = []\n",
         "tank.restriction"},
        {"line of fire with neither lines nor a board (PS-fire)", "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n",
         "line: a line of fire needs two [[line]]s"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string f = umpire::test::temp_file(c.text);
            auto r = umpire::test::run_cli("rule " + f + " --json");
            INFO(r.err);
            CHECK(r.status == 2);
            CHECK(r.out.empty());
            CHECK(r.err.rfind(f + ":", 0) == 0);
            CHECK(r.err.find(c.needle) != std::string::npos);
        }
    }
}

TEST_CASE("panzer-squadron: restriction written negative, start and action left out", "[panzer-squadron]") {
    struct Case {
        const char* name;
        const char* tank;  // the body of [tank]
        bool legal;
        int available, used, left;
        const char* says;  // a phrase of the explanation
    };
    const Case cases[] = {
        {"restriction -1 takes away 1, as 1 does", "start = \"in-movement\"\naction = \"move\"\ndice = [2, 3]\nrestriction = -1\n"
                                                   "steps = [\"forward-left\", \"forward-right\"]",
         true, 4, 2, 2, "written as -1"},
        {"restriction -2 larger than a stationary roll", "start = \"stationary\"\naction = \"move\"\ndice = [1]\nrestriction = -2\nsteps = []",
         true, 0, 0, 0, "takes away 2"},
        {"start left out, two dice: in movement", "action = \"move\"\ndice = [2, 2]\nsteps = [\"forward-left\"]", true, 4, 1, 3,
         "rolled by a tank starting in-movement"},
        {"start left out, one die: stationary", "action = \"move\"\ndice = [3]\nsteps = [\"forward-left\"]", true, 3, 1, 2,
         "rolled by a tank starting stationary"},
        {"action left out: move", "start = \"stationary\"\ndice = [4]\nsteps = [\"forward-left\", \"forward-left\"]", true, 4, 2, 2, ""},
        {"steps left out: no step", "start = \"stationary\"\naction = \"move\"\ndice = [2]", true, 2, 0, 2, ""},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = rule_toml(std::string("system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\n") + c.tank + "\n");
            CHECK(at(j, "legal").as_bool() == c.legal);
            CHECK(at(j, "mp_available").as_int() == c.available);
            CHECK(at(j, "mp_used").as_int() == c.used);
            CHECK(at(j, "mp_left").as_int() == c.left);
            std::string all;
            for (const auto& s : strings(at(j, "explanation"))) all += s + "\n";
            INFO(all);
            CHECK(all.find(c.says) != std::string::npos);
        }
    }
}
