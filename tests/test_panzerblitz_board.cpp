// PanzerBlitz boards (docs/panzerblitz.md "Boards"): board files and joined maps, the routes the
// line of sight is traced along (PB-LOS: exactly `range` hexes, as straight as the grid allows,
// the least favourable to the attacker counting), the notes that depend on where a symbol lies
// (A-J, L, N) read from the map, board rulings equal to hand-entered ones, the CLI and the
// board view's interface.
//
// Sections
//   helpers            boards written as text; a column board for one note case
//   note cases         one table, each row citing its note, ruled from the board and by hand
//   ties               several routes: the defender's benefit, every route shown
//   properties         random pairs on a random board: route length, the exact line, mirroring
//   board files        the shipped boards, joined maps, located errors
//   CLI and view       los / visibility / board check, BoardSupport
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <sstream>

#include "board_marks_support.hpp"
#include "games/panzerblitz/board.hpp"
#include "support.hpp"

namespace pb = umpire::panzerblitz;
namespace hex = umpire::hex;
namespace board = umpire::board;
using umpire::test::at;
using umpire::test::strings;

namespace {

const pb::Data& data() { return umpire::test::engine().get<pb::PanzerBlitz>()->data(); }

board::Board board_from(const std::string& text) {
    return board::parse_board(umpire::parse_toml_string(text, "t.toml"), "t.toml", pb::board_vocabulary());
}

std::string num(int c, int r) {
    char buf[32];  // room for any two ints (the board sizes used here give 4 digits)
    std::snprintf(buf, sizeof buf, "%02d%02d", c, r);
    return buf;
}

// One note case on a straight column line: the firer in 0101, the target `range` hexes south in
// column 01; side k is the k-th hexside the line crosses (01kk/D, the south side of hex 01kk), hex j
// the j-th hex after the firer (01(j+1)). Hexes `hilltop_hexes` between the units are level 1
// hilltops (woods standing on a hilltop, note N).
struct NoteCase {
    const char* note;  // the note the case exercises (cited)
    const char* firer;
    const char* target;
    int range;
    std::vector<std::pair<std::string, int>> sides;  // board feature name ("brown", "hilltop-green"), k
    std::vector<std::pair<std::string, int>> hexes;  // "woods-hex" / "town-hex", j
    std::vector<int> hilltop_hexes;                  // j of hexes between the units that are l1-hilltops
    bool clear;
    const char* expect_note;  // must be among the ruling's notes
};

std::string column_board(const NoteCase& c) {
    std::map<std::string, std::vector<std::string>> elev;
    if (std::string(c.firer) != "ground") elev[c.firer].push_back(num(1, 1));
    if (std::string(c.target) != "ground") elev[c.target].push_back(num(1, 1 + c.range));
    for (int j : c.hilltop_hexes) elev["l1-hilltop"].push_back(num(1, 1 + j));
    std::string t = "system = \"panzerblitz\"\nsample = true\ncolumns = 3\nrows = 12\n[hexes]\n";
    for (const auto& [e, hs] : elev) {
        t += e + " = [";
        for (const auto& h : hs) t += "\"" + h + "\",";
        t += "]\n";
    }
    t += "[hex_features]\n";
    for (const auto& [f, j] : c.hexes) t += f + " = [\"" + num(1, 1 + j) + "\"]\n";
    t += "[hexsides]\n";
    std::map<std::string, std::vector<int>> sides;
    for (const auto& [f, k] : c.sides) sides[f].push_back(k);
    for (const auto& [f, ks] : sides) {
        t += f + " = [";
        for (int k : ks) t += "\"" + num(1, k) + "/D\",";
        t += "]\n";
    }
    return t;
}

// The same geometry typed by hand (docs/situations.md): elevations, range, each symbol and
// its place, on_hilltop.
std::string hand_situation(const NoteCase& c) {
    std::string t = "system = \"panzerblitz\"\n[firer]\nelevation = \"" + std::string(c.firer) + "\"\n[target]\nelevation = \"" + c.target +
                    "\"\n[line]\nrange = " + std::to_string(c.range) + "\nobstacles = [\n";
    for (const auto& [f, k] : c.sides) {
        const bool hill = f.rfind("hilltop-", 0) == 0;
        t += "  { symbol = \"" + (hill ? f.substr(8) : f) + "\", side = " + std::to_string(k) + (hill ? ", on_hilltop = true" : "") + " },\n";
    }
    for (const auto& [f, j] : c.hexes) {
        const bool hill = std::find(c.hilltop_hexes.begin(), c.hilltop_hexes.end(), j) != c.hilltop_hexes.end();
        t += "  { symbol = \"" + f + "\", hex = " + std::to_string(j) + (hill ? ", on_hilltop = true" : "") + " },\n";
    }
    return t + "]\n";
}

std::string board_situation(const std::string& board_file, const NoteCase& c) {
    return "system = \"panzerblitz\"\nboard = \"" + board_file + "\"\n[firer]\nhex = \"0101\"\n[target]\nhex = \"" + num(1, 1 + c.range) + "\"\n";
}

}  // namespace

// ---- note cases ------------------------------------------------------------------------

TEST_CASE("panzerblitz board: every note that depends on position, from the map and by hand", "[panzerblitz][board]") {
    const NoteCase cases[] = {
        // A: from a slope or hilltop down to ground, woods/town obstruct only directly in front of the target.
        {"A", "l1-hilltop", "ground", 4, {{"green", 4}}, {}, {}, false, "A"},     // a side of the target's hex
        {"A", "l1-hilltop", "ground", 4, {{"green", 3}}, {}, {}, true, "A"},      // one hexside further out
        {"A", "l2-slope", "ground", 4, {}, {{"woods-hex", 3}}, {}, false, "A"},   // the hex adjacent to the target
        {"A", "l1-slope", "ground", 4, {}, {{"town-hex", 2}}, {}, true, "A"},     // not adjacent to the target
        // B: the converse, from ground up: only directly in front of the firer.
        {"B", "ground", "l1-hilltop", 4, {{"grey", 1}}, {}, {}, false, "B"},
        {"B", "ground", "l2-slope", 4, {{"grey", 2}}, {}, {}, true, "B"},
        {"B", "ground", "l1-hilltop", 4, {}, {{"town-hex", 1}}, {}, false, "B"},
        // C: level 1 hilltop down to ground: brown blocks when closer to the target or exactly midway
        // (range 5: side 3 has 3 hexsides on each side, counting both units' own).
        {"C", "l1-hilltop", "ground", 5, {{"brown", 3}}, {}, {}, false, "C"},
        {"C", "l1-hilltop", "ground", 5, {{"brown", 2}}, {}, {}, true, "C"},
        // D: the converse: closer to the firer or midway.
        {"D", "ground", "l1-hilltop", 5, {{"brown", 3}}, {}, {}, false, "D"},
        {"D", "ground", "l1-hilltop", 5, {{"brown", 4}}, {}, {}, true, "D"},
        // E: level 2 hilltop down to ground: brown, yellow, orange block at 2/3 of the way or more
        // (range 5, side 4: 4 of 6 hexsides; side 3: 3 of 6).
        {"E", "l2-hilltop", "ground", 5, {{"brown", 4}}, {}, {}, false, "E"},
        {"E", "l2-hilltop", "ground", 5, {{"yellow", 3}}, {}, {}, true, "E"},
        {"E", "l2-hilltop", "ground", 5, {{"orange", 5}}, {}, {}, false, "E"},
        // F: the converse: 1/3 of the way or less (side 1: 1 of 6; side 3: 3 of 6).
        {"F", "ground", "l2-hilltop", 5, {{"orange", 1}}, {}, {}, false, "F"},
        {"F", "ground", "l2-hilltop", 5, {{"brown", 3}}, {}, {}, true, "F"},
        // G: level 2 hilltop down to level 1: yellow blocks closer to the target or midway.
        {"G", "l2-hilltop", "l1-hilltop", 4, {{"yellow", 3}}, {}, {}, false, "G"},
        {"G", "l2-hilltop", "l1-slope", 4, {{"yellow", 2}}, {}, {}, true, "G"},
        // H: the converse: closer to the firer or midway.
        {"H", "l1-slope", "l2-hilltop", 4, {{"yellow", 2}}, {}, {}, false, "H"},
        {"H", "l1-hilltop", "l2-hilltop", 4, {{"yellow", 3}}, {}, {}, true, "H"},
        // I, J: between level 2 and level 1, orange never obstructs, wherever it lies.
        {"I", "l2-hilltop", "l1-slope", 4, {{"orange", 2}}, {}, {}, true, "I"},
        {"I", "l2-slope", "l1-hilltop", 4, {{"orange", 4}}, {}, {}, true, "I"},
        {"J", "l1-hilltop", "l2-slope", 4, {{"orange", 1}}, {}, {}, true, "J"},
        // L: more than one orange/purple blocks, except between same-level hilltops (and G-J).
        {"L", "l1-hilltop", "ground", 5, {{"orange", 1}, {"orange", 4}}, {}, {}, false, "L"},
        {"L", "l1-hilltop", "l1-hilltop", 5, {{"orange", 1}, {"orange", 5}}, {}, {}, true, "L"},
        {"L", "l2-hilltop", "l2-hilltop", 5, {{"purple", 1}, {"purple", 5}}, {}, {}, true, "L"},
        // N: woods/towns on a hilltop block all fire, except level 2 against a level 1 hilltop (A/B then).
        {"N", "l1-hilltop", "ground", 4, {{"hilltop-green", 2}}, {}, {}, false, "N"},
        {"N", "ground", "l1-slope", 4, {}, {{"woods-hex", 2}}, {2}, false, "N"},
        {"N", "l2-hilltop", "l1-hilltop", 4, {{"hilltop-green", 4}}, {}, {}, false, "N"},
        {"N", "l2-hilltop", "l1-hilltop", 4, {{"hilltop-grey", 2}}, {}, {}, true, "N"},
        // O (position-free, as a control): both on the ground, every symbol obstructs.
        {"O", "ground", "ground", 4, {{"purple", 2}}, {}, {}, false, "O"},
        // M: adjacent units always see each other.
        {"M", "ground", "ground", 1, {{"green", 1}}, {}, {}, true, "M"},
    };
    for (const NoteCase& c : cases) {
        const std::string text = column_board(c);
        INFO("note " << c.note << ": " << c.firer << " -> " << c.target << ", range " << c.range << "\n" << text);
        const board::Board b = board_from(text);
        const hex::Cube f = *b.parse_hex("0101"), t = *b.parse_hex(num(1, 1 + c.range));
        const pb::BoardLos los = pb::board_los(data(), b, f, t);
        REQUIRE(los.routes.size() == 1);  // a straight column: one route
        CHECK(los.range == c.range);
        CHECK(los.routes[0].clear == c.clear);
        CHECK(los.routes[0].decides);

        // Ruled from a situation naming the board, and by hand: the same verdict and notes.
        const std::string file = umpire::test::temp_file(text);
        const auto on_board = umpire::test::rule_toml(board_situation(file, c));
        const auto by_hand = umpire::test::rule_toml(hand_situation(c));
        INFO(hand_situation(c));
        CHECK(at(on_board, "los").as_string() == (c.clear ? "clear" : "blocked"));
        CHECK(at(by_hand, "los").as_string() == at(on_board, "los").as_string());
        CHECK(strings(at(by_hand, "notes")) == strings(at(on_board, "notes")));
        CHECK(umpire::test::contains(strings(at(on_board, "notes")), c.expect_note));
        CHECK(at(by_hand, "attack_halved").as_bool() == at(on_board, "attack_halved").as_bool());
        // The explanation cites the hexes.
        const std::string why = umpire::test::rule_ruling(board_situation(file, c)).to_text();
        CHECK(why.find("0101") != std::string::npos);
        for (const auto& [feature, k] : c.sides) CHECK(why.find(num(1, k) + "/D") != std::string::npos);
        for (const auto& [feature, j] : c.hexes) CHECK(why.find(feature + " in " + num(1, 1 + j)) != std::string::npos);
    }
}

// Note N: the article's woods and town hexsides are plain Green and Grey; one between two hilltop
// hexes stands on the hilltop whether the board writes green or hilltop-green. Between a hilltop
// and a lower hex the board's name decides.
TEST_CASE("panzerblitz board: a woods hexside between two hilltop hexes is on the hilltop (note N)", "[panzerblitz][board]") {
    struct Case {
        const char* why;
        const char* symbol;       // on 0102/D (side 2 of 4 from the firer in 0101)
        const char* hilltops;     // l1-hilltop hexes besides the firer's
        bool clear;
        const char* note;
    };
    const Case cases[] = {
        {"PB-N: green between two hilltop hexes: on the hilltop, blocks", "green", "\"0102\", \"0103\"", false, "N"},
        {"PB-N: hilltop-green, the same", "hilltop-green", "\"0102\", \"0103\"", false, "N"},
        {"PB-A: green between a hilltop and a ground hex, as written: not in front of the target", "green", "\"0102\"", true, "A"},
        {"PB-N: grey between two hilltop hexes", "grey", "\"0102\", \"0103\"", false, "N"},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const std::string text = std::string("system = \"panzerblitz\"\ncolumns = 2\nrows = 8\n[hexes]\nl1-hilltop = [\"0101\", ") + c.hilltops +
                                 "]\n[hexsides]\n" + c.symbol + " = [\"0102/D\"]\n";
        const board::Board b = board_from(text);
        const pb::BoardLos los = pb::board_los(data(), b, *b.parse_hex("0101"), *b.parse_hex("0105"));
        REQUIRE(los.routes.size() == 1);
        REQUIRE(los.routes[0].symbols.size() == 1);
        CHECK(los.routes[0].symbols[0].obstacle.on_hilltop == !c.clear);
        CHECK(los.routes[0].clear == c.clear);
        CHECK(los.routes[0].notes.find(c.note) != std::string::npos);
    }
}

TEST_CASE("panzerblitz board: gullies from the map (GULLY-A, GULLY-B)", "[panzerblitz][board]") {
    const board::Board b = board_from(
        "system = \"panzerblitz\"\ncolumns = 2\nrows = 8\n[hexes]\ngully = [\"0101\"]\nl1-hilltop = [\"0106\"]\n");
    // GULLY-A: a gully unit and a ground unit, not adjacent: blocked.
    CHECK_FALSE(pb::board_los(data(), b, *b.parse_hex("0101"), *b.parse_hex("0104")).routes[0].clear);
    // GULLY-A's exception and note M: adjacent.
    CHECK(pb::board_los(data(), b, *b.parse_hex("0101"), *b.parse_hex("0102")).routes[0].clear);
    // GULLY-B: against a hilltop the gully unit counts as at ground level: clear here.
    const pb::BoardLos up = pb::board_los(data(), b, *b.parse_hex("0101"), *b.parse_hex("0106"));
    CHECK(up.routes[0].clear);
    CHECK(up.situation.firer == "gully");
}

// ---- ties ---------------------------------------------------------------------------------

TEST_CASE("panzerblitz board: several routes, the one least favourable to the attacker decides (PB-LOS)", "[panzerblitz][board]") {
    // 0304 to 0504 runs exactly along hexsides: two routes of 2 hexes, by 0403 or by 0404.
    for (const std::string blocked_via : {"0403", "0404"}) {
        const std::string other = blocked_via == "0403" ? "0404" : "0403";
        const board::Board b = board_from("system = \"panzerblitz\"\ncolumns = 6\nrows = 6\n[hexsides]\ngreen = [\"0304>" + blocked_via + "\"]\n");
        const pb::BoardLos los = pb::board_los(data(), b, *b.parse_hex("0304"), *b.parse_hex("0504"));
        INFO("green between 0304 and " << blocked_via);
        REQUIRE(los.routes.size() == 2);
        CHECK(los.route_count == 2);
        const pb::Route& dec = los.routes[los.decider];
        CHECK(dec.decides);
        CHECK_FALSE(dec.clear);  // note O: both on the ground, the green obstructs: the defender's benefit
        CHECK(b.name(dec.hexes[1]) == blocked_via);
        const pb::Route& alt = los.routes[1 - los.decider];
        CHECK_FALSE(alt.decides);
        CHECK(alt.clear);
        CHECK(b.name(alt.hexes[1]) == other);
        CHECK(std::count_if(los.routes.begin(), los.routes.end(), [](const pb::Route& r) { return r.decides; }) == 1);
    }
    // A tie decided by position (note C): from a level 1 hilltop down to ground at range 4 along
    // hexsides; the brown is on side 2 of one route (closer to the firer: clear) and side 3 of the
    // other (closer to the target: blocks). The second counts.
    const board::Board c = board_from(
        "system = \"panzerblitz\"\ncolumns = 10\nrows = 6\n[hexes]\nl1-hilltop = [\"0103\"]\n[hexsides]\nbrown = [\"0303>0403\"]\n");
    const pb::BoardLos los = pb::board_los(data(), c, *c.parse_hex("0103"), *c.parse_hex("0503"));
    CHECK(los.route_count == 4);
    CHECK_FALSE(los.routes[los.decider].clear);
    CHECK(umpire::test::contains(strings(at(los.ruling.to_json(), "notes")), "C"));
    bool some_clear = false;
    for (const auto& r : los.routes) some_clear |= r.clear;
    CHECK(some_clear);
}

// ---- properties ---------------------------------------------------------------------------

namespace {

std::string random_board(std::mt19937& rng, int columns, int rows) {
    const char* elevs[] = {"gully", "l1-slope", "l1-hilltop", "l2-slope", "l2-hilltop"};
    const char* syms[] = {"green", "grey", "brown", "orange", "yellow", "purple", "hilltop-green", "hilltop-grey"};
    std::map<std::string, std::vector<std::string>> hexes, sides, features;
    for (int c = 1; c <= columns; ++c)
        for (int r = 1; r <= rows; ++r) {
            const int roll = int(rng() % 10);
            if (roll < 5) hexes[elevs[rng() % 5]].push_back(num(c, r));
            if (rng() % 12 == 0) features[rng() % 2 ? "woods-hex" : "town-hex"].push_back(num(c, r));
            for (const char* d : {"A", "B", "C"})
                if (rng() % 5 == 0) sides[syms[rng() % 8]].push_back(num(c, r) + "/" + d);
        }
    std::string t = "system = \"panzerblitz\"\ncolumns = " + std::to_string(columns) + "\nrows = " + std::to_string(rows) + "\n";
    for (auto [name, m] : {std::pair{"hexes", &hexes}, std::pair{"hex_features", &features}, std::pair{"hexsides", &sides}}) {
        t += std::string("[") + name + "]\n";
        for (const auto& [k, v] : *m) {
            t += k + " = [";
            for (const auto& x : v) t += "\"" + x + "\",";
            t += "]\n";
        }
    }
    return t;
}

int badness(const pb::Route& r) { return r.clear ? (r.referee_call ? 1 : 0) : (r.referee_call ? 2 : 3); }

}  // namespace

TEST_CASE("panzerblitz board properties on random pairs: range hexes, on the exact line, mirrored, worst decides", "[panzerblitz][board][property]") {
    std::mt19937 rng(16);
    const board::Board b = board_from(random_board(rng, 14, 12));
    int ties = 0;
    for (int n = 0; n < 400; ++n) {
        const hex::Cube f = b.hex_at(int(rng() % unsigned(b.hex_count()))), t = b.hex_at(int(rng() % unsigned(b.hex_count())));
        if (f == t) continue;
        INFO(b.name(f) << " -> " << b.name(t));
        const pb::BoardLos los = pb::board_los(data(), b, f, t);
        const hex::Trace tr = hex::trace_line(f, t);
        REQUIRE(!los.routes.empty());
        CHECK(los.route_count == los.routes.size());
        // A line that meets exactly range + 1 hexes leaves nothing to choose: one route
        // (docs/panzerblitz.md, "straightest"); a line along hexsides always leaves a choice.
        if (int(tr.hexes.size()) == los.range + 1) CHECK(los.routes.size() == 1);
        if (tr.hexspine) CHECK(los.routes.size() > 1);
        ties += los.routes.size() > 1;
        std::set<std::vector<std::string>> forward;
        for (const auto& r : los.routes) {
            // Exactly range hexes after the firer's, each a neighbour of the last, one hex closer.
            REQUIRE(int(r.hexes.size()) == los.range + 1);
            CHECK(r.hexes.front() == f);
            CHECK(r.hexes.back() == t);
            std::vector<std::string> names;
            for (std::size_t i = 0; i < r.hexes.size(); ++i) {
                names.push_back(b.name(r.hexes[i]));
                if (i) CHECK(hex::distance(r.hexes[i - 1], r.hexes[i]) == 1);
                CHECK(hex::distance(r.hexes[i], t) == los.range - int(i));
                // Every hex of the route is met by the exact centre-to-centre line ...
                CHECK(std::any_of(tr.hexes.begin(), tr.hexes.end(), [&](const hex::HexMeet& m) { return m.hex == r.hexes[i]; }));
                // ... and holds the point i/range of the way: its centre is at most half a hex
                // from it, measured in doubles here (the engine decides in integers).
                const double x = f.q + double(t.q - f.q) * double(i) / los.range, y = f.r + double(t.r - f.r) * double(i) / los.range;
                const double dq = x - r.hexes[i].q, dr = y - r.hexes[i].r, ds = -dq - dr;
                CHECK(std::max({std::abs(dq - dr), std::abs(dr - ds), std::abs(ds - dq)}) <= 1.0 + 1e-9);
            }
            forward.insert(names);
            // The deciding route is the least favourable to the attacker.
            CHECK(badness(r) <= badness(los.routes[los.decider]));
        }
        // Swapping firer and target gives the same routes, reversed.
        const pb::BoardLos back = pb::board_los(data(), b, t, f);
        std::set<std::vector<std::string>> mirrored;
        for (const auto& r : back.routes) {
            std::vector<std::string> names;
            for (auto it = r.hexes.rbegin(); it != r.hexes.rend(); ++it) names.push_back(b.name(*it));
            mirrored.insert(names);
        }
        CHECK(forward == mirrored);
        // The deciding route's inputs, written as a hand-entered situation and ruled from the file
        // format, give the board's ruling (note letters and verdict).
        if (n < 60) {
            std::ostringstream typed;
            typed << pb::to_toml(los.situation);
            const auto by_hand = umpire::test::rule_toml(typed.str());
            const auto on_board = los.ruling.to_json();
            CHECK(at(by_hand, "los").as_string() == at(on_board, "los").as_string());
            CHECK(strings(at(by_hand, "notes")) == strings(at(on_board, "notes")));
            CHECK(at(by_hand, "referee_call").as_bool() == at(on_board, "referee_call").as_bool());
        }
        // The verdict-only scan agrees with the full account.
        const umpire::view::Mark m = pb::board_sight(data(), b, f, t);
        const int bad = badness(los.routes[los.decider]);
        CHECK(m == (bad == 3 ? umpire::view::Mark::blocking : bad == 0 ? umpire::view::Mark::clear : umpire::view::Mark::referee_call));
    }
    CHECK(ties > 10);  // the sample of pairs includes lines along hexsides and through corners
}

// ---- board files ----------------------------------------------------------------------------

TEST_CASE("panzerblitz board files: the shipped boards load and are marked as samples", "[panzerblitz][board]") {
    const std::string dir = std::string(UMPIRE_SOURCE_DIR) + "/boards/";
    const board::Board small = pb::load_map(dir + "panzerblitz-test-small.toml", "small");
    CHECK(small.sample);
    CHECK(small.columns == 12);
    CHECK(small.terrain(*small.parse_hex("0304")) == "l1-hilltop");
    CHECK(small.vocabulary.hex_features[std::size_t(small.hex_feature(*small.parse_hex("0808")))] == "woods-hex");
    const board::Board one = pb::load_map(dir + "panzerblitz-sample-board.toml", "one");
    CHECK(one.sample);
    const board::Board map = pb::load_map(dir + "panzerblitz-sample-map.toml", "map");
    CHECK(map.sample);
    CHECK(map.columns == 20);
    CHECK(map.rows == 16);
    REQUIRE(map.parts.size() == 2);
    // The west board as it is; the east board turned 180 degrees: its hex (c, r) is map hex
    // (21 - c, 17 - r), and its side d is side d + 3 there.
    for (int c = 1; c <= one.columns; ++c)
        for (int r = 1; r <= one.rows; ++r) {
            const hex::Cube local = one.numbering.to_cube(c, r);
            const hex::Cube west = map.numbering.to_cube(c, r), east = map.numbering.to_cube(21 - c, 17 - r);
            CHECK(map.terrain(west) == one.terrain(local));
            CHECK(map.terrain(east) == one.terrain(local));
            CHECK(map.hex_feature(east) == one.hex_feature(local));
            for (int d = 0; d < 6; ++d) {
                const board::SideFeature* s = one.side(local, d);
                const board::SideFeature* e = map.side(east, d + 3);
                REQUIRE((s == nullptr) == (e == nullptr));
                if (s) CHECK(s->feature == e->feature);
            }
        }
}

TEST_CASE("panzerblitz board files: located errors", "[panzerblitz][board][bad-input]") {
    const std::string head = "system = \"panzerblitz\"\ncolumns = 4\nrows = 4\n";
    struct Bad {
        std::string text, expect;
    };
    const Bad bad[] = {
        {head + "[hex_features]\nforest = [\"0101\"]\n", "t.toml:5:10: hex_features.forest: unknown hex feature (accepted: woods-hex, town-hex)"},
        {head + "[hex_features]\nwoods-hex = [\"0101\"]\ntown-hex = [\"0101-0102\"]\n", "hex 0101 is already woods-hex (line 5, column 14)"},
        {head + "[hex_features]\nwoods-hex = [\"0109\"]\n", "t.toml:5:15: hex_features.woods-hex: hex 0109 is off the board"},
        {head + "[hexes]\nhill = [\"0101\"]\n", "unknown terrain (accepted: ground, gully, l1-slope, l1-hilltop, l2-slope, l2-hilltop)"},
        {head + "[hexsides]\npink = [\"0101/A\"]\n", "unknown hexside feature (accepted: green, grey, brown, orange, yellow, purple, hilltop-green, hilltop-grey)"},
    };
    for (const auto& c : bad) {
        INFO(c.text);
        try {
            board_from(c.text);
            FAIL("no error");
        } catch (const umpire::InputError& e) {
            std::string all;
            for (const auto& d : e.diagnostics()) all += d.str() + "\n";
            INFO(all);
            CHECK(all.find(c.expect) != std::string::npos);
        }
    }
    // The article's other spellings are accepted: gray, red, orange/red; woods and town for the single hexes.
    const board::Board spelled = board_from(head + "[hex_features]\nwoods = [\"0102\"]\ntown = [\"0103\"]\n[hexsides]\ngray = [\"0101/A\"]\n"
                                                  "red = [\"0101/B\"]\n\"orange/red\" = [\"0101/C\"]\nhilltop-gray = [\"0101/D\"]\n");
    CHECK(spelled.vocabulary.hex_features[std::size_t(spelled.hex_feature(*spelled.parse_hex("0102")))] == "woods-hex");
    CHECK(spelled.vocabulary.hex_features[std::size_t(spelled.hex_feature(*spelled.parse_hex("0103")))] == "town-hex");
    const hex::Cube h = *spelled.parse_hex("0101");
    CHECK(pb::side_symbol(spelled, *spelled.side(h, 0)).symbol == "grey");
    CHECK(pb::side_symbol(spelled, *spelled.side(h, 1)).symbol == "orange");
    CHECK(pb::side_symbol(spelled, *spelled.side(h, 2)).symbol == "orange");
    CHECK(pb::side_symbol(spelled, *spelled.side(h, 3)).on_hilltop);
    // A TANK! board's second per-hex layer holds only its wrecks (8.62; issue 22), not PanzerBlitz's woods.
    const auto tank = umpire::test::run_cli("board check " + umpire::test::temp_file("system = \"spi-tank\"\ncolumns = 4\nrows = 4\n[hex_features]\nwoods-hex = [\"0101\"]\n"));
    CHECK(tank.status == 2);
    CHECK(tank.err.find("hex_features.woods-hex: unknown hex feature (accepted: wreck)") != std::string::npos);
}

TEST_CASE("panzerblitz maps joined from boards: placement errors are located", "[panzerblitz][board][bad-input]") {
    const std::string part = umpire::test::temp_file("system = \"panzerblitz\"\ncolumns = 4\nrows = 3\n[hexes]\nl1-hilltop = [\"0101\"]\n[hexsides]\norange = [\"0101/C\"]\n");
    const std::string name = std::filesystem::path(part).filename().string();
    auto map = [&](const std::string& boards) {
        const std::string f = umpire::test::temp_file("system = \"panzerblitz\"\nsample = true\n" + boards);
        return umpire::test::run_cli("board check " + f);
    };
    auto entry = [&](int column, int row, bool rotated) {
        return "[[boards]]\nfile = \"" + name + "\"\ncolumn = " + std::to_string(column) + "\nrow = " + std::to_string(row) +
               (rotated ? "\nrotated = true\n" : "\n");
    };
    // End to end (rows 1-3 and 4-6), the second turned: fine.
    const auto ok = map(entry(1, 1, false) + entry(1, 4, true));
    INFO(ok.err);
    CHECK(ok.status == 0);
    CHECK(ok.out.find("4 columns x 6 rows") != std::string::npos);
    CHECK(ok.out.find("rotated 180 degrees") != std::string::npos);
    // One column over: half a hex out of step.
    const auto shifted = map(entry(1, 1, false) + entry(6, 1, false));
    CHECK(shifted.status == 2);
    CHECK(shifted.err.find("half a hex out of step") != std::string::npos);
    // Overlapping, and leaving a gap.
    const auto overlap = map(entry(1, 1, false) + entry(1, 3, false));
    CHECK(overlap.status == 2);
    CHECK(overlap.err.find("both cover map hex") != std::string::npos);
    const auto gap = map(entry(1, 1, false) + entry(1, 5, false));
    CHECK(gap.status == 2);
    CHECK(gap.err.find("lies on no board") != std::string::npos);
    // Two boards meeting with different symbols on the hexside they share.
    const std::string west = umpire::test::temp_file("system = \"panzerblitz\"\ncolumns = 2\nrows = 2\n[hexsides]\nbrown = [\"0201/C\"]\n");
    const std::string east = umpire::test::temp_file("system = \"panzerblitz\"\ncolumns = 2\nrows = 2\n[hexsides]\norange = [\"0102/F\"]\n");
    auto at_column = [](const std::string& f, int column) {
        return "[[boards]]\nfile = \"" + std::filesystem::path(f).filename().string() + "\"\ncolumn = " + std::to_string(column) + "\nrow = 1\n";
    };
    const auto clash = map(at_column(west, 1) + at_column(east, 3));
    CHECK(clash.status == 2);
    CHECK(clash.err.find("a hexside has one symbol") != std::string::npos);
    // A board file with a problem: reported in its own file.
    const std::string broken = umpire::test::temp_file("system = \"panzerblitz\"\ncolumns = 4\nrows = 3\n[hexes]\nhill = [\"0101\"]\n");
    const auto b = map("[[boards]]\nfile = \"" + std::filesystem::path(broken).filename().string() + "\"\ncolumn = 1\nrow = 1\n");
    CHECK(b.status == 2);
    CHECK(b.err.find(std::filesystem::path(broken).filename().string() + ":5:8: hexes.hill: unknown terrain") != std::string::npos);
}

// ---- CLI and view -----------------------------------------------------------------------------

TEST_CASE("panzerblitz board CLI: los with routes, visibility, board check", "[panzerblitz][board][cli]") {
    const std::string small = std::string(UMPIRE_SOURCE_DIR) + "/boards/panzerblitz-test-small.toml";
    const auto check = umpire::test::run_cli("board check " + small);
    CHECK(check.status == 0);
    CHECK(check.out.find("(sample terrain)") != std::string::npos);
    CHECK(check.out.find("hilltop-green 1") != std::string::npos);

    // 0401 to 0601 runs along hexsides: by 0501 (clear) or by the town in 0502 (note O: blocked).
    const auto j = umpire::test::run_cli("los " + small + " 0401 0601 --json");
    INFO(j.err);
    REQUIRE(j.status == 0);
    // Every route from the firer's hex to the target's, inclusive; exactly one decides.
    auto count = [](const std::string& text, const std::string& what) {
        int n = 0;
        for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
        return n;
    };
    const int routes = count(j.out, "{\"hexes\":[");
    CHECK(routes == 2);
    CHECK(count(j.out, "{\"hexes\":[\"0401\",") == routes);
    CHECK(count(j.out, "\"0601\"],\"symbols\":") == routes);
    CHECK(j.out.find("{\"hexes\":[\"0401\",\"0502\",\"0601\"],\"symbols\":[{\"symbol\":\"town-hex\",\"at\":\"0502\",\"hex\":1,"
                     "\"on_hilltop\":false}],\"los\":\"blocked\",\"referee_call\":false,\"notes\":[\"O\"],\"decides\":true}") != std::string::npos);
    CHECK(count(j.out, "\"decides\":true") == 1);
    CHECK(j.out.find("\"route_count\":" + std::to_string(routes)) != std::string::npos);

    const auto text = umpire::test::run_cli("los " + small + " 0304 0308");
    CHECK(text.status == 0);
    CHECK(text.out.find("BLOCKED") != std::string::npos);
    CHECK(text.out.find("brown on 0306/D (hexside 3 of 4 from the firer)") != std::string::npos);

    const auto vis = umpire::test::run_cli("visibility " + small + " 0304 --json");
    REQUIRE(vis.status == 0);
    CHECK(count(vis.out, "{\"hex\":") == 120);
    CHECK(vis.out.find("{\"hex\":\"0304\",\"sight\":\"clear\"}") != std::string::npos);

    // Bad input: a hex off the board (exit 2); TANK!'s --mode and --all are refused (exit 1).
    CHECK(umpire::test::run_cli("los " + small + " 0304 1399").status == 2);
    CHECK(umpire::test::run_cli("los " + small + " 0304 0308 --mode open").status == 1);
    CHECK(umpire::test::run_cli("visibility " + small + " --all /tmp/umpire-pb-all.txt").status == 1);
}

TEST_CASE("panzerblitz board view: BoardSupport lights every route and the symbols met", "[panzerblitz][board][view]") {
    const umpire::GameSystem* sys = umpire::test::engine().find("panzerblitz");
    REQUIRE(sys);
    const umpire::view::BoardSupport* support = sys->board_support();
    REQUIRE(support);
    CHECK(support->modes().empty());
    const board::Board b = support->load(std::string(UMPIRE_SOURCE_DIR) + "/boards/panzerblitz-test-small.toml", "small");
    const auto marks = umpire::test::ruled_marks("panzerblitz", b, *b.parse_hex("0304"), *b.parse_hex("0308"), "");
    REQUIRE(marks.lines.size() == 1);
    CHECK(marks.lines[0].decides);
    CHECK(marks.lines[0].route.size() == 5u);
    CHECK(marks.verdict == umpire::view::Mark::blocking);
    // green on the hilltop 0304/D (N) and brown 0306/D (C) block; the orange 0305/D is the hilltop's
    // own crest (a referee's call, Umpire's reading), never a clear "blocking".
    auto side_mark = [&](const std::string& hex, int d) {
        for (const auto& s : marks.sides)
            if (b.name(s.hex) == hex && s.side == d) return s.mark;
        return umpire::view::Mark::none;
    };
    CHECK(side_mark("0304", 3) == umpire::view::Mark::blocking);
    CHECK(side_mark("0306", 3) == umpire::view::Mark::blocking);
    CHECK(side_mark("0305", 3) != umpire::view::Mark::none);

    const auto tie = umpire::test::ruled_marks("panzerblitz", b, *b.parse_hex("0401"), *b.parse_hex("0601"), "");
    REQUIRE(tie.lines.size() == 2);
    CHECK(tie.lines[1].decides);
    CHECK(tie.lines[1].mark == umpire::view::Mark::blocking);
    CHECK(tie.lines[0].mark == umpire::view::Mark::clear);
    CHECK(tie.verdict == umpire::view::Mark::blocking);
    REQUIRE(tie.hexes.size() == 1);
    CHECK(b.name(tie.hexes[0].hex) == "0502");
    CHECK(std::count_if(tie.lines.begin(), tie.lines.end(), [](const umpire::view::BoardLine& l) { return l.decides; }) == 1);

    std::vector<umpire::view::Mark> seen;
    const hex::Cube from = *b.parse_hex("0304");
    CHECK(support->visibility(b, "", from, seen));
    REQUIRE(int(seen.size()) == b.hex_count());
    CHECK(seen[std::size_t(b.index(from))] == umpire::view::Mark::clear);
    for (const char* h : {"0308", "1006", "0101", "1210"})
        CHECK(seen[std::size_t(b.index(*b.parse_hex(h)))] == pb::board_sight(data(), b, from, *b.parse_hex(h)));
}

// The window rules against the board it holds (BoardSupport::rule, Engine::rule_on_board): the same
// ruling as the file while the two agree, the held board's ruling once it is painted (PB-LOS).
TEST_CASE("panzerblitz board view: a ruling against the held board equals the file's, and follows its paint", "[panzerblitz][board][view][PB-LOS]") {
    const std::string dir = std::string(UMPIRE_SOURCE_DIR) + "/examples/";
    const std::string name = dir + "panzerblitz-board-tie-for-the-defender.toml";
    const toml::table t = umpire::parse_toml_file(name, name);
    const umpire::view::BoardSupport* support = umpire::test::engine().find("panzerblitz")->board_support();
    REQUIRE(support);
    const std::filesystem::path path = support->find_board("panzerblitz-test-small.toml", dir);
    CHECK(std::filesystem::exists(path));  // not beside the example: the shipped board
    board::Board b = support->load(path, path.lexically_normal().string());
    const umpire::Ruling file = umpire::test::engine().rule(t, name);
    const umpire::Ruling held = umpire::test::engine().rule_on_board(t, name, b);
    CHECK(held.to_json().dump() == file.to_json().dump());
    CHECK(at(file.to_json(), "los").as_string() == "blocked");  // the town in 0502 decides (note O)
    CHECK(held.view.has_value());  // the panel's side view comes with it
    // Unsaved paint: the single-hex town in 0502 removed. Both routes are then clear.
    b.feature_of[std::size_t(b.index(*b.parse_hex("0502")))] = 0;
    const umpire::Ruling painted = umpire::test::engine().rule_on_board(t, name, b);
    CHECK(at(painted.to_json(), "los").as_string() == "clear");
    CHECK(at(umpire::test::engine().rule(t, name).to_json(), "los").as_string() == "blocked");
    // Bad input stays located in the situation.
    const toml::table off = umpire::parse_toml_string("system = \"panzerblitz\"\nboard = \"x.toml\"\n[firer]\nhex = \"0401\"\n[target]\nhex = \"1399\"\n", "off.toml");
    try {
        umpire::test::engine().rule_on_board(off, "off.toml", b);
        FAIL("a target off the board was accepted");
    } catch (const umpire::InputError& e) {
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("off.toml:"));
        CHECK_THAT(e.diagnostics().front().str(), Catch::Contains("not a hex of the board"));
    }
    // The window offers the PanzerBlitz boards only.
    const auto shipped = support->shipped_boards();
    CHECK(!shipped.empty());
    for (const auto& p : shipped) CHECK(p.filename().string().rfind("panzerblitz-", 0) == 0);
}

// The board view draws each name of the vocabulary with its glyph as well as its colour (never
// colour alone); elevations are told apart by their glyphs; no symbol is the amber kept for a
// referee's call (docs/window.md "PanzerBlitz and Panzer Squadron on the board").
TEST_CASE("panzerblitz board view: every elevation, hex feature and symbol has its glyph", "[panzerblitz][board][view]") {
    const umpire::view::BoardSupport* support = umpire::test::engine().find("panzerblitz")->board_support();
    REQUIRE(support);
    const board::Vocabulary& v = support->vocabulary();
    std::set<std::string> glyphs;
    for (const auto& e : v.hex_terrain) {
        const auto look = support->look(e);
        CHECK(look.rgba != 0u);
        if (e != "ground") CHECK(!look.glyph.empty());  // ground: the plain map, no glyph
        CHECK(glyphs.insert(look.glyph).second);          // the five elevations and gully told apart
    }
    for (const auto& names : {v.hex_features, v.hexside_features})
        for (const auto& n : names) {
            INFO(n);
            const auto look = support->look(n);
            CHECK(!look.glyph.empty());
            CHECK(look.rgba != 0u);
            const unsigned r = look.rgba >> 24, g = (look.rgba >> 16) & 0xFF, b = (look.rgba >> 8) & 0xFF;
            CHECK_FALSE((r > 200 && g > 120 && g < 200 && b < 90));  // not an amber
        }
    CHECK(support->look("no such name").glyph.empty());
    CHECK_FALSE(support->faces_corner());
    CHECK(umpire::test::engine().find("panzer-squadron")->board_support()->faces_corner());
}
