// A Great Victory! terrain guidelines: movement, fire and hand-to-hand rulings,
// one table per question; every case names the guideline it checks and its
// expectation was read off the text (a-great-victory-terrain-guidelines.md).
#include <catch2/catch.hpp>

#include "support.hpp"

using umpire::test::at;
using umpire::test::rule_toml;
using umpire::test::strings;

namespace {

std::string list(const std::vector<std::string>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", \"" : "\"") + v[i] + "\"";
    return out + "]";
}

struct MoveCase {
    const char* rule;
    const char* type;
    bool packed;
    const char* action;
    std::vector<std::string> terrain;
    bool on_road;
    const char* expect;
};

}  // namespace

TEST_CASE("agv movement: prohibited and half-rate terrain by unit type and action", "[agv]") {
    const MoveCase cases[] = {
        {"AGV-contour: no effect on movement", "mounted", false, "charge", {"contour"}, false, "normal"},
        {"AGV-hill: all units half rate onto/over/off hills", "foot", false, "move", {"hill"}, false, "half-rate"},
        {"AGV-hill: charging onto a hill is half rate", "mounted", false, "charge", {"hill"}, false, "half-rate"},
        {"AGV-hill: intercepting over a hill is half rate", "elephant", false, "intercept", {"hill"}, false, "half-rate"},
        {"AGV-rough: no effect on foot moving", "foot", false, "move", {"rough"}, false, "normal"},
        {"AGV-rough: other units move at half rate", "mounted", false, "move", {"rough"}, false, "half-rate"},
        {"AGV-rough: artillery moves at half rate", "artillery", true, "move", {"rough"}, false, "half-rate"},
        {"AGV-rough: foot charge at half rate", "foot", false, "charge", {"rough"}, false, "half-rate"},
        {"AGV-rough: elephants charge at half rate", "elephant", false, "charge", {"rough"}, false, "half-rate"},
        {"AGV-rough: elephants intercept at half rate", "elephant", false, "intercept", {"rough"}, false, "half-rate"},
        {"AGV-rough: mounted cannot charge", "mounted", false, "charge", {"rough"}, false, "prohibited"},
        {"AGV-rough: mounted cannot intercept", "mounted", false, "intercept", {"rough"}, false, "prohibited"},
        {"AGV-rough: impassable rough is impassable", "foot", false, "move", {"impassable-rough"}, false, "prohibited"},
        {"AGV-rough: except along roads", "mounted", false, "move", {"impassable-rough"}, true, "normal"},
        {"AGV-boggy: impassable to all units", "foot", false, "move", {"boggy"}, false, "prohibited"},
        {"AGV-boggy: except along roads", "artillery", true, "move", {"boggy"}, true, "normal"},
        {"AGV-woods: artillery cannot enter woods", "artillery", true, "move", {"woods"}, false, "prohibited"},
        {"AGV-woods: other units move at half rate", "mounted", false, "move", {"woods"}, false, "half-rate"},
        {"AGV-woods: foot charge at half rate", "foot", false, "charge", {"woods"}, false, "half-rate"},
        {"AGV-woods: elephants intercept at half rate", "elephant", false, "intercept", {"woods"}, false, "half-rate"},
        {"AGV-woods: mounted cannot charge", "mounted", false, "charge", {"woods"}, false, "prohibited"},
        {"AGV-woods: mounted cannot intercept", "mounted", false, "intercept", {"woods"}, false, "prohibited"},
        {"AGV-forest: impassable to all", "foot", false, "move", {"forest"}, false, "prohibited"},
        {"AGV-forest: except along roads", "foot", false, "move", {"forest"}, true, "normal"},
        {"AGV-village: all units half rate", "artillery", true, "move", {"village"}, false, "half-rate"},
        {"AGV-village: foot charge half rate", "foot", false, "charge", {"village"}, false, "half-rate"},
        {"AGV-village: mounted cannot charge", "mounted", false, "charge", {"village"}, false, "prohibited"},
        {"AGV-village: elephants cannot intercept", "elephant", false, "intercept", {"village"}, false, "prohibited"},
        {"AGV-landmark: only foot may enter", "mounted", false, "move", {"landmark"}, false, "prohibited"},
        {"AGV-landmark: elephants may not enter", "elephant", false, "move", {"landmark"}, false, "prohibited"},
        {"AGV-landmark: artillery may not enter", "artillery", true, "move", {"landmark"}, false, "prohibited"},
        {"AGV-hedge: foot move over at half rate", "foot", false, "move", {"hedge"}, false, "half-rate"},
        {"AGV-hedge: foot charge over at half rate", "foot", false, "charge", {"hedge"}, false, "half-rate"},
        {"AGV-hedge: mounted move over at half rate", "mounted", false, "move", {"fence"}, false, "half-rate"},
        {"AGV-hedge: mounted cannot charge over", "mounted", false, "charge", {"stone-wall"}, false, "prohibited"},
        {"AGV-hedge: elephants cannot intercept over", "elephant", false, "intercept", {"hedge"}, false, "prohibited"},
        {"AGV-hedge: artillery move over at half rate", "artillery", true, "move", {"stone-wall"}, false, "half-rate"},
        {"AGV-earthworks: treated as a stone wall", "mounted", false, "charge", {"earthworks"}, false, "prohibited"},
        {"AGV-ditch: all units move at half rate", "artillery", true, "move", {"ditch"}, false, "half-rate"},
        {"AGV-ditch: all units charge at half rate", "mounted", false, "charge", {"ditch"}, false, "half-rate"},
        {"AGV-ditch: all units intercept at half rate", "elephant", false, "intercept", {"ditch"}, false, "half-rate"},
        {"AGV-stream: unpacked artillery cannot enter", "artillery", false, "move", {"stream"}, false, "prohibited"},
        {"AGV-stream: all units move across at half rate", "foot", false, "move", {"stream"}, false, "half-rate"},
        {"AGV-stream: no charging across a stream", "foot", false, "charge", {"stream"}, false, "prohibited"},
        {"AGV-stream: no intercepting across a stream", "elephant", false, "intercept", {"stream"}, false, "prohibited"},
        {"AGV-river: impassable", "foot", false, "move", {"river"}, false, "prohibited"},
        {"AGV-river: a ford is treated as a stream", "mounted", false, "move", {"ford"}, false, "half-rate"},
        {"AGV-movement: half rate is never cumulative", "mounted", false, "move", {"hill", "woods", "ditch"}, false, "half-rate"},
        {"AGV-movement: a prohibition wins over half rate", "mounted", false, "charge", {"hill", "woods"}, false, "prohibited"},
        {"AGV-roads: along a road terrain effects are ignored", "mounted", false, "move", {"woods"}, true, "normal"},
        // A water course or ditch named with the bridge or ford it is crossed at (AGV-bridges, AGV-rivers).
        {"AGV-rivers: impassable except at bridges", "foot", false, "move", {"river", "bridge"}, false, "normal"},
        {"AGV-rivers: impassable except at fords, which are streams: half rate", "mounted", false, "move", {"river", "ford"}, false, "half-rate"},
        {"AGV-rivers: a ford is a stream: no charging across it", "foot", false, "charge", {"river", "ford"}, false, "prohibited"},
        {"AGV-rivers: a ford is a stream: unpacked artillery cannot enter", "artillery", false, "move", {"river", "ford"}, false, "prohibited"},
        {"AGV-rivers: along a road over a bridge", "artillery", true, "move", {"river", "bridge", "road"}, true, "normal"},
        {"AGV-bridges: a stream crossed at a bridge is not waded", "artillery", false, "move", {"stream", "bridge"}, false, "normal"},
        {"AGV-bridges: mounted may charge over a bridge across a stream", "mounted", false, "charge", {"stream", "bridge"}, false, "normal"},
        {"AGV-bridges: mounted may not intercept over a bridge", "mounted", false, "intercept", {"stream", "bridge"}, false, "prohibited"},
        {"AGV-bridges: elephants may intercept over a bridge", "elephant", false, "intercept", {"bridge"}, false, "normal"},
        {"AGV-bridges: a ditch crossed at a bridge", "foot", false, "move", {"ditch", "bridge"}, false, "normal"},
        // A ford is itself the crossing place (AGV-rivers: treat fords as streams): a bridge named in the
        // same move is another crossing and does not carry the unit over the ford.
        {"AGV-rivers: a ford and a bridge in one charge: the ford is still a stream, no charging", "elephant", false, "charge",
         {"ford", "stream", "bridge"}, false, "prohibited"},
        {"AGV-rivers: a ford and a bridge in one intercept: the ford is still a stream", "foot", true, "intercept",
         {"ford", "bridge", "woods"}, false, "prohibited"},
        {"AGV-rivers: a river crossed at a bridge, then a ford: half rate for the ford", "mounted", false, "move",
         {"river", "bridge", "ford"}, false, "half-rate"},
        {"AGV-rivers: unpacked artillery at a ford beside a bridge still cannot enter it", "artillery", false, "move",
         {"ford", "bridge"}, false, "prohibited"},
        {"AGV-bridges: a stream at its bridge beside a ford elsewhere: the ford decides", "foot", false, "move",
         {"stream", "bridge", "ford"}, false, "half-rate"},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            std::string t = "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"" + std::string(c.type) +
                            "\"\npacked = " + (c.packed ? "true" : "false") + "\n[move]\naction = \"" + c.action +
                            "\"\nterrain = " + list(c.terrain) + "\non_road = " + (c.on_road ? "true" : "false") + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "movement").as_string() == c.expect);
            CHECK_FALSE(strings(at(j, "citations")).empty());
        }
    }
}

struct FireCase {
    const char* rule;
    const char* firer;
    std::vector<std::string> firer_in;
    int dice;
    const char* target;
    std::vector<std::vector<std::string>> stand_in, stand_between;
    const char* fire;
    int out_dice;
};

TEST_CASE("agv fire: sight, cover for the whole unit, half dice, who may not fire", "[agv]") {
    const FireCase cases[] = {
        {"AGV-firing: open ground, normal dice", "foot", {}, 4, "foot", {{}}, {{}}, "normal", 4},
        {"AGV-woods: a stand in woods claims cover: half dice", "foot", {}, 4, "foot", {{"woods"}}, {{}}, "half-dice", 2},
        {"AGV-cover: half dice round down", "foot", {}, 5, "foot", {{"village"}}, {{}}, "half-dice", 2},
        {"AGV-woods: targets behind woods cannot be seen", "foot", {}, 4, "foot", {{}}, {{"woods"}}, "blocked", 0},
        {"AGV-hill: targets behind a hill cannot be seen", "artillery", {}, 3, "foot", {{}}, {{"hill"}}, "blocked", 0},
        {"AGV-contour: targets behind a contour cannot be seen", "foot", {}, 4, "mounted", {{}}, {{"contour"}}, "blocked", 0},
        {"AGV-village: targets behind a village cannot be seen", "foot", {}, 4, "foot", {{}}, {{"village"}}, "blocked", 0},
        {"AGV-landmark: targets behind a landmark cannot be seen", "foot", {}, 4, "foot", {{}}, {{"landmark"}}, "blocked", 0},
        {"AGV-rough: no effect on fire", "foot", {}, 4, "foot", {{"rough"}}, {{"rough"}}, "normal", 4},
        {"AGV-cover: every stand must claim cover", "foot", {}, 4, "foot", {{"woods"}, {}}, {{}, {}}, "normal", 4},
        {"AGV-cover: all stands in cover -> half dice", "foot", {}, 6, "foot", {{"woods"}, {"village"}}, {{}, {}}, "half-dice", 3},
        {"AGV-stone-wall: a stone wall between gives cover", "foot", {}, 4, "foot", {{}}, {{"stone-wall"}}, "half-dice", 2},
        {"AGV-firing: a linear feature in contact has no effect", "foot", {"stone-wall"}, 4, "foot", {{}}, {{"stone-wall"}}, "normal", 4},
        {"AGV-hedge: a hedge has no effect on fire", "foot", {}, 4, "foot", {{}}, {{"hedge"}}, "normal", 4},
        {"AGV-ditch: cover to foot stands in a ditch", "foot", {}, 4, "foot", {{"ditch"}}, {{}}, "half-dice", 2},
        {"AGV-ditch: no cover to mounted stands in a ditch", "foot", {}, 4, "mounted", {{"ditch"}}, {{}}, "normal", 4},
        {"AGV-stream: a foot stand in a stream cannot fire", "foot", {"stream"}, 4, "foot", {{}}, {{}}, "cannot-fire", 0},
        {"AGV-stream: an elephant stand in a stream can fire", "elephant", {"stream"}, 2, "foot", {{}}, {{}}, "normal", 2},
        {"AGV-hedge: artillery in contact with a hedge cannot fire", "artillery", {"hedge"}, 3, "foot", {{}}, {{}}, "cannot-fire", 0},
        // A name in both a stand's `in` and `between` is one feature (spec: in = in or touching, between = between).
        {"AGV-cover: a wall the stand touches and that lies between is one cover feature", "foot", {}, 5, "foot", {{"stone-wall"}}, {{"stone-wall"}}, "half-dice", 2},
        {"AGV-earthworks: earthworks the stand touches and that lie between: cover", "foot", {}, 4, "artillery", {{"earthworks"}}, {{"earthworks"}}, "half-dice", 2},
        {"AGV-woods: a stand in woods with those woods between: cover, not hidden", "foot", {}, 4, "foot", {{"woods"}}, {{"woods"}}, "half-dice", 2},
        {"AGV-hill: a stand on a hill with that hill between: fire onto a hill not stopped", "foot", {}, 4, "foot", {{"hill"}}, {{"hill"}}, "normal", 4},
        {"AGV-cover: a second wall named again in between makes two cover features", "foot", {}, 4, "foot", {{"stone-wall"}}, {{"stone-wall", "stone-wall"}}, "blocked", 0},
        {"AGV-woods: a stand in woods behind other woods is hidden", "foot", {}, 4, "foot", {{"woods"}}, {{"woods", "woods"}}, "blocked", 0},
        {"AGV-firing: firer and stand touching the same wall between them: no cover", "foot", {"stone-wall"}, 4, "foot", {{"stone-wall"}}, {{"stone-wall"}}, "normal", 4},
        {"AGV-cover: woods plus the wall the stand touches: two cover features", "foot", {}, 4, "foot", {{"woods", "stone-wall"}}, {{"stone-wall"}}, "blocked", 0},
        {"AGV-hedges-walls: a stone wall gives no cover against (heavy) artillery", "artillery", {}, 4, "foot", {{"stone-wall"}}, {{"stone-wall"}}, "normal", 4},
        {"AGV-hedges-walls: a stone wall gives cover against light artillery", "light-artillery", {}, 4, "foot", {{"stone-wall"}}, {{"stone-wall"}}, "half-dice", 2},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            std::string t = "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"" + std::string(c.firer) + "\"\nin = " +
                            list(c.firer_in) + "\ndice = " + std::to_string(c.dice) + "\n[target]\ntype = \"" + c.target + "\"\n";
            for (std::size_t i = 0; i < c.stand_in.size(); ++i)
                t += "[[stand]]\nin = " + list(c.stand_in[i]) + "\nbetween = " + list(c.stand_between[i]) + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "fire").as_string() == c.fire);
            CHECK(at(j, "dice").as_int() == c.out_dice);
        }
    }
}

struct MeleeCase {
    const char* rule;
    int dice;
    std::vector<std::string> charger_in, defender_in, crossed;
    int out_dice;
    std::vector<std::string> advantage;
};

TEST_CASE("agv melee: hand-to-hand advantage halves the charger's dice, cumulatively", "[agv]") {
    const MeleeCase cases[] = {
        {"AGV-hill: defending a hill the charger crossed", 6, {}, {"hill"}, {"hill"}, 3, {"hill"}},
        {"AGV-hand-to-hand: not crossed, no advantage", 6, {}, {"hill"}, {}, 6, {}},
        {"AGV-hand-to-hand: halving is cumulative", 6, {}, {"hill", "woods"}, {"hill", "woods"}, 1, {"hill", "woods"}},
        {"AGV-hand-to-hand: round down", 7, {}, {"village"}, {"village"}, 3, {"village"}},
        {"AGV-stone-wall: defending a wall", 4, {}, {"stone-wall"}, {"stone-wall"}, 2, {"stone-wall"}},
        {"AGV-contour: no hand-to-hand advantage", 6, {}, {"contour"}, {"contour"}, 6, {}},
        {"AGV-stream: units not in a stream have the advantage over units in it", 6, {"stream"}, {}, {}, 3, {"stream"}},
        // AGV-rivers: fords are treated as streams, so a unit in a ford is a unit in a stream.
        {"AGV-rivers: a charger in a ford, defender out of the water: the defender has the advantage", 8, {"ford"}, {}, {}, 4, {"ford"}},
        {"AGV-rivers: charger in a ford, defender in a stream: both in streams, no advantage", 10, {"ford"}, {"stream"}, {}, 10, {}},
        {"AGV-rivers: charger in a stream, defender in a ford: both in streams, no advantage", 10, {"stream"}, {"ford"}, {}, 10, {}},
        {"AGV-rivers: charger in a ford, defender in a stream behind a hedge it defends: the hedge only", 9, {"ford"},
         {"stream", "hedge"}, {"hedge"}, 4, {"hedge"}},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const std::string t = "system = \"agv\"\nquestion = \"melee\"\n[charger]\ndice = " + std::to_string(c.dice) +
                                  "\nin = " + list(c.charger_in) + "\n[defender]\nin = " + list(c.defender_in) +
                                  "\ncrossed = " + list(c.crossed) + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "dice").as_int() == c.out_dice);
            CHECK(strings(at(j, "advantage")) == c.advantage);
        }
    }
}

TEST_CASE("agv fire: a sight call is flagged only when the other reading changes the unit's ruling", "[agv]") {
    // The forest (forest-sight) and fire off one's own hill (fire-off-own-hill) are readings where
    // the guidelines are silent. Where another feature already decides the stand, or the unit's
    // cover does not turn on that stand (AGV-cover: all stands that can be fired at), the text
    // decides the ruling either way and it is no referee's call.
    struct C {
        const char* rule;
        std::vector<std::string> firer_in;
        std::vector<std::vector<std::string>> stand_in, stand_between;
        const char* fire;
        int dice;
        bool call;
    };
    const C cases[] = {
        {"AGV-woods choice: a forest alone hides the stand (referee's call)", {}, {{}}, {{"forest"}}, "blocked", 0, true},
        {"AGV-woods: a wood between hides the stand whatever the forest does", {}, {{}}, {{"woods", "forest"}}, "blocked", 0, false},
        {"AGV-cover: another stand in the open, normal dice whatever the forest does", {}, {{}, {}}, {{}, {"forest"}}, "normal", 6,
         false},
        {"AGV-cover: the other stand in a wood, the forest decides half or normal (referee's call)", {}, {{"woods"}, {}},
         {{}, {"forest"}}, "half-dice", 3, true},
        {"AGV-cover: the other stand behind two cover features, the forest decides (referee's call)", {}, {{"woods"}, {}},
         {{"stone-wall"}, {"forest"}}, "blocked", 0, true},
        {"AGV-hills choice: fire off the firer's own hill at a stand beyond it (referee's call)", {"hill"}, {{}}, {{"hill"}},
         "normal", 6, true},
        {"AGV-hills: another stand in the open, normal dice either way", {"hill"}, {{}, {}}, {{}, {"hill"}}, "normal", 6, false},
        {"AGV-woods: a wood beyond the firer's hill hides the stand either way", {"hill"}, {{}}, {{"hill", "woods"}}, "blocked", 0,
         false},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            std::string t = "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = " + list(c.firer_in) +
                            "\ndice = 6\n[target]\ntype = \"foot\"\n";
            for (std::size_t i = 0; i < c.stand_in.size(); ++i)
                t += "[[stand]]\nin = " + list(c.stand_in[i]) + "\nbetween = " + list(c.stand_between[i]) + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "fire").as_string() == c.fire);
            CHECK(at(j, "dice").as_int() == c.dice);
            CHECK(at(j, "referee_call").as_bool() == c.call);
        }
    }
}

TEST_CASE("agv fire: a firer on a hill firing at a stand beyond that hill is a referee's call", "[agv]") {
    // AGV-hills: fire off a hill is not stopped, but targets behind and beyond a hill are hidden;
    // both read on this shot, so the ruling (fire allowed) is flagged. Contours read the same.
    for (const char* f : {"hill", "contour"}) {
        SECTION(f) {
            const std::string t = std::string("system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"") + f +
                                  "\"]\ndice = 4\n[target]\ntype = \"foot\"\n[[stand]]\nin = []\nbetween = [\"" + f + "\"]\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "fire").as_string() == "normal");
            CHECK(at(j, "referee_call").as_bool());
        }
    }
    SECTION("a stand on the firer's hill is no call") {
        const auto j = rule_toml(
            "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"hill\"]\ndice = 4\n[target]\n"
            "type = \"foot\"\n[[stand]]\nin = [\"hill\"]\nbetween = [\"hill\"]\n");
        CHECK(at(j, "fire").as_string() == "normal");
        CHECK_FALSE(at(j, "referee_call").as_bool());
    }
    SECTION("the stone wall's own entry is cited for its cover") {
        const auto j = rule_toml(
            "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = []\ndice = 4\n[target]\n"
            "type = \"foot\"\n[[stand]]\nin = [\"stone-wall\"]\nbetween = []\n");
        const auto c = strings(at(j, "citations"));
        CHECK(std::find(c.begin(), c.end(), "AGV-hedges-walls") != c.end());
    }
}

TEST_CASE("agv fire: a firer partly in, or wholly within, a general cover feature firing out of it", "[agv]") {
    // AGV-firing 2 and 3: partly in woods/villages a stand fires out normally; wholly within, only
    // into and through the same feature. AGV-landmarks: missile fire out of a landmark is not stopped.
    struct C {
        const char* rule;
        const char* feature;
        bool wholly;
        bool target_in_same;
        const char* fire;
    };
    const C cases[] = {
        {"AGV-firing: partly in woods, firing out", "woods", false, false, "normal"},
        {"AGV-firing: wholly within woods, cannot fire out", "woods", true, false, "blocked"},
        {"AGV-firing: wholly within a village, cannot fire out", "village", true, false, "blocked"},
        {"AGV-firing: wholly within woods, firing into the same woods", "woods", true, true, "normal"},
        {"AGV-landmarks: missile fire out of a landmark is not stopped", "landmark", true, false, "normal"},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const std::string f = c.feature;
            const std::string t = "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = [\"" + f + "\"]\n" +
                                  (c.wholly ? "wholly_in = [\"" + f + "\"]\n" : std::string()) + "dice = 4\n[target]\ntype = \"foot\"\n" +
                                  "[[stand]]\nin = " + (c.target_in_same ? "[\"" + f + "\"]" : std::string("[]")) + "\nbetween = []\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "fire").as_string() == c.fire);
            CHECK_FALSE(at(j, "referee_call").as_bool());
        }
    }
}

TEST_CASE("agv movement: crossing a bridge ends the unit's movement", "[agv]") {
    // AGV-bridges: crossing a bridge uses all the unit's remaining movement allowance.
    const auto j = rule_toml("system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\naction = \"move\"\n"
                             "terrain = [\"river\", \"bridge\"]\non_road = false\n");
    CHECK(at(j, "movement").as_string() == "normal");
    CHECK(at(j, "ends_movement").as_bool());
    CHECK_FALSE(at(j, "referee_call").as_bool());
    SECTION("artillery over a bridge across a stream need not say whether it is packed") {
        const auto k = rule_toml("system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"artillery\"\n[move]\n"
                                 "action = \"move\"\nterrain = [\"stream\", \"bridge\"]\non_road = false\n");
        CHECK(at(k, "movement").as_string() == "normal");
    }
}

TEST_CASE("agv: keys a situation may leave out", "[agv]") {
    struct Case {
        const char* name;
        const char* text;
        const char* key;     // the contract key checked
        const char* expect;  // its value (string), or "" to check dice only
        int dice;            // -1: not checked
    };
    const Case cases[] = {
        {"artillery into a stream, packed left out: unpacked (the template's false)",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"artillery\"\n[move]\naction = \"move\"\nterrain = [\"stream\"]\n",
         "movement", "prohibited", -1},
        {"artillery at a ford, packed left out",
         "system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"artillery\"\n[move]\naction = \"move\"\nterrain = [\"river\", \"ford\"]\n",
         "movement", "prohibited", -1},
        {"no [[stand]]: one stand in the open",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = []\ndice = 4\n[target]\ntype = \"foot\"\n", "fire", "normal", 4},
        {"stand = [] and a firer in a stream: cannot fire",
         "system = \"agv\"\nquestion = \"fire\"\nstand = []\n[firer]\ntype = \"foot\"\nin = [\"stream\"]\ndice = 4\n[target]\ntype = \"foot\"\n",
         "fire", "cannot-fire", -1},
        {"target type left out, no ditch",
         "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\ndice = 4\n[[stand]]\nin = [\"woods\"]\n", "fire", "half-dice", 2},
        {"[defender] left out", "system = \"agv\"\nquestion = \"melee\"\n[charger]\ndice = 6\n", "", "", 6},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const auto j = rule_toml(c.text);
            if (*c.key) CHECK(at(j, c.key).as_string() == c.expect);
            if (c.dice >= 0) CHECK(at(j, "dice").as_int() == c.dice);
        }
    }
}

TEST_CASE("agv: the target's type is still needed where a ditch's cover depends on it", "[agv][cli]") {
    const std::string text = "system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\ndice = 4\n[[stand]]\nin = [\"ditch\"]\n";
    const auto r = umpire::test::run_cli("rule - --json", text);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("target") != std::string::npos);
}

TEST_CASE("agv movement: a charge or intercept that starts in the water goes out of it", "[agv]") {
    // AGV-streams: no charge or intercept "into, across or out of" a stream. A unit standing in a
    // stream that charges leaves it: "out of" covers it, so the text decides (no referee's call).
    // Fords are streams (AGV-rivers); ditches allow it at half rate (AGV-ditches). A bridge named
    // in the same move does not carry a unit over the stream it stands in (AGV-bridges).
    struct Case {
        const char* rule;
        const char* type;
        const char* action;
        std::vector<std::string> terrain;
        std::vector<std::string> starts_in;
        const char* expect;
    };
    const Case cases[] = {
        {"AGV-streams: foot cannot charge out of a stream", "foot", "charge", {"stream"}, {"stream"}, "prohibited"},
        {"AGV-streams: mounted cannot intercept out of a stream", "mounted", "intercept", {"stream"}, {"stream"}, "prohibited"},
        {"AGV-streams: moving out of a stream is half rate", "foot", "move", {"stream"}, {"stream"}, "half-rate"},
        {"AGV-rivers: a ford is a stream: no charge out of it", "elephant", "charge", {"ford", "river"}, {"ford"}, "prohibited"},
        {"AGV-ditches: charging out of a ditch is half rate", "mounted", "charge", {"ditch"}, {"ditch"}, "half-rate"},
        {"AGV-bridges: a bridge does not lift a unit out of the stream it stands in", "foot", "charge", {"stream", "bridge"}, {"stream"},
         "prohibited"},
        {"AGV-bridges: without starts_in the stream is crossed at the bridge", "foot", "charge", {"stream", "bridge"}, {}, "normal"},
    };
    for (const auto& c : cases) {
        INFO(c.rule);
        const auto j = rule_toml(std::string("system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"") + c.type +
                                 "\"\n[move]\naction = \"" + c.action + "\"\nterrain = " + list(c.terrain) +
                                 "\nstarts_in = " + list(c.starts_in) + "\n");
        CHECK(at(j, "movement").as_string() == c.expect);
        CHECK_FALSE(at(j, "referee_call").as_bool());
        std::string text;
        for (const auto& e : strings(at(j, "explanation"))) text += e + "\n";
        if (!c.starts_in.empty()) {
            CHECK(text.find("The unit starts in") != std::string::npos);
            CHECK(text.find("out of\" covers it") != std::string::npos);
            bool flagged = false;
            for (const auto& e : at(j, "effects").as_array())
                if (at(e, "feature").as_string() == c.starts_in.front()) flagged = at(e, "starts_in").as_bool();
            CHECK(flagged);
        }
    }
    const auto r = umpire::test::rule_ruling("system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"foot\"\n[move]\n"
                                             "action = \"charge\"\nterrain = [\"stream\"]\nstarts_in = [\"stream\"]\n");
    CHECK(r.detail == "Foot units cannot charge out of a stream (the unit starts in it).");
}

TEST_CASE("agv: which feature is the firer's, and which lie between, by the added keys", "[agv]") {
    // docs/agv.md: apart (another feature of the firer's kind), not_between (touched, but not
    // between the two stands), behind_own (the firer's own hill rising between them).
    struct C {
        const char* rule;
        const char* firer_in;
        const char* stand;
        const char* fire;
        int dice;
        bool call;
    };
    const C cases[] = {
        // AGV-hills: targets behind and beyond a hill cannot be seen; a second hill is not the firer's own.
        {"AGV-hills: another hill between hides the stand", "[\"hill\"]", "between = [\"hill\"]\napart = [\"hill\"]", "blocked", 0, false},
        {"AGV-hills: the firer's own hill between: fire off it (referee's call)", "[\"hill\"]", "between = [\"hill\"]", "normal", 6, true},
        {"AGV-hills: the firer's own hill and another one between", "[\"hill\"]", "between = [\"hill\", \"hill\"]\napart = [\"hill\"]", "blocked", 0,
         false},
        {"AGV-hills: onto another hill, the firer's own between", "[\"hill\"]", "in = [\"hill\"]\nbetween = [\"hill\", \"hill\"]\napart = [\"hill\"]",
         "normal", 6, true},
        {"AGV-hills: the firer's own hill rising between them hides the stand", "[\"hill\"]", "between = [\"hill\"]\nbehind_own = [\"hill\"]", "blocked",
         0, false},
        // AGV-firing 3: partly in a wood, a stand cannot fire into, through and out of it.
        {"AGV-firing: partly in woods, the same woods between it and the stand", "[\"woods\"]", "between = [\"woods\"]", "blocked", 0, false},
        {"AGV-firing: partly in woods, another wood the stand is in", "[\"woods\"]", "in = [\"woods\"]\napart = [\"woods\"]", "half-dice", 3, false},
        // AGV-cover 2: the feature giving cover must be between the two stands.
        {"AGV-cover: a wall the stand touches behind it gives no cover", "[]", "in = [\"stone-wall\"]\nnot_between = [\"stone-wall\"]", "normal", 6, false},
        {"AGV-cover: the wood at the stand's back gives no cover", "[]", "in = [\"woods\"]\nnot_between = [\"woods\"]", "normal", 6, false},
        {"AGV-cover: a wall behind, another wall between: one cover feature", "[]",
         "in = [\"stone-wall\"]\nnot_between = [\"stone-wall\"]\nbetween = [\"stone-wall\"]", "half-dice", 3, false},
        {"AGV-ditches: a ditch gives cover to foot in it, wherever it runs", "[]", "in = [\"ditch\"]\nnot_between = [\"ditch\"]", "half-dice", 3, false},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const std::string t = std::string("system = \"agv\"\nquestion = \"fire\"\n[firer]\ntype = \"foot\"\nin = ") + c.firer_in +
                                  "\ndice = 6\n[target]\ntype = \"foot\"\n[[stand]]\n" + c.stand + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "fire").as_string() == c.fire);
            CHECK(at(j, "dice").as_int() == c.dice);
            CHECK(at(j, "referee_call").as_bool() == c.call);
        }
    }
}

TEST_CASE("agv movement: along a road, a feature beside it still applies, and one crossing carries one feature", "[agv]") {
    struct C {
        const char* rule;
        const char* type;
        const char* terrain;
        const char* extra;
        const char* movement;
        bool ends;
    };
    const C cases[] = {
        // AGV-roads: the unit ignores only the terrain the road passes through.
        {"AGV-roads: a wood the road passes through is ignored", "foot", "[\"woods\"]", "on_road = true", "normal", false},
        {"AGV-roads: a wood beside the road applies", "foot", "[\"woods\"]", "on_road = true\nbeside_road = [\"woods\"]", "half-rate", false},
        {"AGV-roads: one wood through, one beside", "foot", "[\"woods\", \"woods\"]", "on_road = true\nbeside_road = [\"woods\"]", "half-rate", false},
        {"AGV-boggy-ground: boggy ground beside the road is impassable", "foot", "[\"boggy\"]", "on_road = true\nbeside_road = [\"boggy\"]",
         "prohibited", false},
        {"AGV-roads: beside_road means nothing off the road", "foot", "[\"woods\"]", "on_road = false\nbeside_road = [\"woods\"]", "half-rate", false},
        // AGV-rivers: impassable except at bridges or fords; each crossing carries one.
        {"AGV-rivers: a river at the ford and the river beside it", "mounted", "[\"river\", \"ford\", \"river\"]", "on_road = false", "prohibited", false},
        {"AGV-bridges: a stream at its bridge and another stream waded", "foot", "[\"stream\", \"stream\", \"bridge\"]", "on_road = false", "half-rate",
         true},
        {"AGV-bridges: two bridges, two streams", "foot", "[\"stream\", \"bridge\", \"stream\", \"bridge\"]", "on_road = false", "normal", true},
    };
    for (const auto& c : cases) {
        SECTION(c.rule) {
            const std::string t = std::string("system = \"agv\"\nquestion = \"movement\"\n[unit]\ntype = \"") + c.type +
                                  "\"\n[move]\naction = \"move\"\nterrain = " + c.terrain + "\n" + c.extra + "\n";
            const auto j = rule_toml(t);
            CHECK(at(j, "movement").as_string() == c.movement);
            CHECK(at(j, "ends_movement").as_bool() == c.ends);
        }
    }
}
