// Panzer Squadron on a board (docs/panzer-squadron.md, "On a board"; src/games/panzer_squadron/board.hpp):
// the two lines of fire from the cannon to the target's hexagon (PS-fire), traced exactly; the
// armour face each strikes (PS-armour); the obstacle bonus (PS-obstacle); the readings of the
// missing diagrams as referee's calls; movement placed on the board (PS-movement, PS-turning,
// PS-reverse); board rulings equal to hand-entered ones; the CLI and the board view's interface.
//
// Corners (points) are named NW, NE, E, SE, SW, W (rules-data [board] corner_names); boards are
// numbered CCRR with even columns half a hex lower, so 0505's neighbours are 0504 (north), 0604
// (north-east), 0605 (south-east), 0506 (south), 0405 (south-west), 0404 (north-west).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "board_marks_support.hpp"
#include "games/panzer_squadron/board.hpp"
#include "games/panzer_squadron/rules.hpp"
#include "geometry/trace.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using namespace umpire;
namespace ps = umpire::panzer_squadron;

namespace {

const ps::Data& data() { return test::engine().get<ps::PanzerSquadron>()->data(); }

board::Board load(const std::string& name) {
    return board::load_board(fs::path(UMPIRE_SOURCE_DIR) / "boards" / name, name, ps::board_vocabulary(data()));
}

const board::Board& small() {
    static const board::Board b = load("ps-test-small.toml");
    return b;
}
const board::Board& sample() {
    static const board::Board b = load("ps-sample-40x28.toml");
    return b;
}

hex::Cube at(const board::Board& b, const std::string& n) {
    const auto h = b.parse_hex(n);
    REQUIRE(h);
    return *h;
}

int corner(const std::string& n) { return *ps::parse_corner(data(), n); }
std::string cname(int c) { return ps::corner_name(data(), c); }

// The Euclidean position of a point given x 3 in axial coordinates (flat-topped hexes, unit
// centre spacing), for checks written independently of the engine's integer forms.
std::pair<double, double> xy(const ps::Pt& p) {
    const double q = double(p.q) / 3.0, r = double(p.r) / 3.0;
    return {1.5 * q, std::sqrt(3.0) * (r + q / 2.0)};
}

}  // namespace

TEST_CASE("ps boards: every Panzer Squadron board in boards/ loads and is marked as sample terrain", "[ps-board]") {
    int seen = 0;
    for (const auto& e : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "boards")) {
        std::ifstream in(e.path());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (text.find("system = \"panzer-squadron\"") == std::string::npos) continue;
        INFO(e.path().string());
        const board::Board b = board::load_board(e.path(), e.path().filename().string(), ps::board_vocabulary(data()));
        CHECK(b.sample);
        CHECK(b.system == "panzer-squadron");
        ++seen;
    }
    CHECK(seen == 2);
    CHECK(small().terrain(at(small(), "0304")) == "obstacle");
    CHECK(small().side(at(small(), "0504"), 3) != nullptr);  // 0504/D: side D is south
}

TEST_CASE("ps boards: a TANK! terrain name on a Panzer Squadron board is a located error", "[ps-board]") {
    const auto f = test::temp_file("system = \"panzer-squadron\"\ncolumns = 4\nrows = 4\n[hexes]\nwoods = [\"0101\"]\n");
    try {
        (void)board::load_board(f, "b.toml", ps::board_vocabulary(data()));
        FAIL("accepted");
    } catch (const InputError& e) {
        CHECK(e.diagnostics().front().str().find("b.toml:5:9: hexes.woods: unknown terrain (accepted: clear, obstacle)") != std::string::npos);
    }
}

// The corner-to-centre tracer agrees with the exact centre-to-centre walk (trace.hpp) wherever
// both apply: every hex crossed, run along or touched at a corner, and every hexside crossed or
// run along.
TEST_CASE("ps boards: trace_segment equals hex::trace_line on random centre-to-centre lines", "[ps-board][property]") {
    const board::Board& b = sample();
    std::mt19937 rng(1616);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1);
    ps::SegmentTrace st;
    for (int n = 0; n < 2000; ++n) {
        const hex::Cube a = b.hex_at(pick(rng)), z = b.hex_at(pick(rng));
        if (a == z) continue;
        const hex::Trace t = hex::trace_line(a, z);
        ps::trace_segment(b, ps::centre_point(a), ps::centre_point(z), ps::Sides::all_sides, st);
        std::set<std::pair<std::pair<int, int>, int>> want, got;
        for (const auto& h : t.hexes) want.insert({{h.hex.q, h.hex.r}, int(h.contact)});  // crosses, along, vertex
        for (const auto& h : st.hexes) got.insert({{h.hex.q, h.hex.r}, int(h.how)});      // crosses, along, touches
        INFO(b.name(a) << " -> " << b.name(z));
        REQUIRE(want == got);
        std::set<std::pair<int, int>> want_sides, got_sides;
        for (const auto& s : t.sides) want_sides.insert({b.side_slot(s.hex, s.side), s.kind == hex::SideMeet::along});
        for (const auto& s : st.sides)
            if (s.how != ps::Meet::touches) got_sides.insert({b.side_slot(s.hex, s.side), s.how == ps::Meet::along});
        REQUIRE(want_sides == got_sides);
    }
}

// PS-fire, PS-armour: which points the two lines join (Umpire's "near" reading and the "outer"
// one), left then right as seen from the firer, and the face each point denotes for the target's
// facing (rules-data [armour]: the point faced front, the opposite rear, the others side).
TEST_CASE("ps boards: the two lines' points and armour faces by relative position and facing", "[ps-board][PS-fire][PS-armour]") {
    struct Case {
        const char* why;
        const char* firer;
        const char* target;
        const char* facing;
        const char* near_left;
        const char* near_right;
        const char* near_faces;  // left, right
        const char* outer_left;
        const char* outer_right;
    };
    const Case cases[] = {
        // Straight north (same column): the north side faces the firer; looking south, left is east.
        {"PS-fire: firer due north", "0502", "0505", "NW", "NE", "NW", "side front", "E", "W"},
        {"PS-fire: firer due north, facing away", "0502", "0505", "SE", "NE", "NW", "side rear", "E", "W"},
        // Straight south: looking north, left is west.
        {"PS-fire: firer due south", "0508", "0505", "SE", "SW", "SE", "side front", "W", "E"},
        // On the line through the E point (same row, two columns east): the E point faces the firer,
        // NE and SE tie for second (the first of them here; the mirror is another reading).
        {"PS-fire: firer in line with the E point", "0705", "0505", "E", "E", "NE", "front side", "SE", "NE"},
        {"PS-fire: firer in line with the W point", "0305", "0505", "E", "NW", "W", "side rear", "NW", "SW"},
        // Square on to the NE side (0803 lies on its normal): E and NE nearest; looking
        // south-west, left is south-east, so E is the left line.
        {"PS-fire: firer square on to the NE side", "0803", "0505", "NE", "E", "NE", "side front", "SE", "NW"},
        // Adjacent, across the S side.
        // Adjacent: the line to W would run along the SW side through the SW point, so the outer
        // reading takes the nearer point on that ray.
        {"PS-fire: adjacent across the south side", "0506", "0505", "SW", "SW", "SE", "front side", "SW", "SE"},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto l = ps::line_of_fire(data(), small(), at(small(), c.firer), at(small(), c.target), corner(c.facing));
        REQUIRE(l.readings.size() >= 2);
        const ps::Reading& near = l.readings.front();
        CHECK(near.name == "near");
        CHECK(cname(near.lines[0].corner) == c.near_left);
        CHECK(cname(near.lines[1].corner) == c.near_right);
        CHECK(near.lines[0].face + " " + near.lines[1].face == c.near_faces);
        const ps::Reading& outer = l.readings.back();
        CHECK(outer.name == "outer");
        CHECK(cname(outer.lines[0].corner) == c.outer_left);
        CHECK(cname(outer.lines[1].corner) == c.outer_right);
    }
}

TEST_CASE("ps boards: a tie for the second-nearest point gives both mirror readings", "[ps-board][PS-fire]") {
    // 0705 is in line with 0505's E point: E is nearest, NE and SE equally second.
    const auto l = ps::line_of_fire(data(), small(), at(small(), "0705"), at(small(), "0505"), corner("E"));
    REQUIRE(l.readings.size() == 3);
    std::set<std::string> seconds;
    for (int i = 0; i < 2; ++i)
        for (const auto& f : l.readings[std::size_t(i)].lines)
            if (cname(f.corner) != "E") seconds.insert(cname(f.corner));
    CHECK(seconds == std::set<std::string>{"NE", "SE"});
    // NE and SE are both side armour for a target facing E: the mirror changes nothing.
    CHECK(l.readings[0].faces == l.readings[1].faces);
}

// PS-obstacle: a line passes an obstacle when it crosses an obstacle hexagon's interior or
// crosses or runs along an obstacle hexside; touching is a referee's call (touching_passes).
TEST_CASE("ps boards: obstacle bonus, and the readings it depends on", "[ps-board][PS-obstacle]") {
    struct Case {
        const char* why;
        const char* firer;
        const char* target;
        bool bonus;        // as ruled (near reading, touching not passing)
        bool points_call;  // the outer reading changes the bonus (facing not given: faces not compared)
        bool touch_call;
        const char* obstacle;  // an obstacle the near reading's lines meet, "" none
        ps::Meet how;
    };
    const Case cases[] = {
        {"PS-obstacle: both lines cross the wood in 0304", "0302", "0306", true, false, false, "0304", ps::Meet::crosses},
        {"PS-obstacle: the near lines cross the wall 0504/D; the outer ones pass beside it", "0502", "0506", true, true, false, "0504/D",
         ps::Meet::crosses},
        {"PS-obstacle: the line to 0604's W point runs along the wall 0504/D", "0404", "0604", true, true, false, "0504/D",
         ps::Meet::along},
        {"PS-obstacle: the left line passes exactly through the W corner of the wood 0703", "0601", "0708", false, true, true, "0703",
         ps::Meet::touches},
        {"PS-obstacle: nothing between", "0102", "0108", false, false, false, "", ps::Meet::crosses},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto l = ps::line_of_fire(data(), small(), at(small(), c.firer), at(small(), c.target), -1);
        CHECK(l.bonus == c.bonus);
        CHECK(l.points_call == c.points_call);
        CHECK(l.touch_call == c.touch_call);
        bool found = std::string(c.obstacle).empty();
        for (const auto& f : l.readings.front().lines)
            for (const auto& o : f.obstacles) {
                const std::string where = o.hexside ? small().side_name(o.hex, o.side) : small().name(o.hex);
                if (where == c.obstacle && o.how == c.how) found = true;
            }
        CHECK(found);
        if (std::string(c.obstacle).empty())
            for (const auto& f : l.readings.front().lines) CHECK(f.obstacles.empty());
    }
}

// PS-obstacle: the page gives the bonus when a line "passes through an obstacle" and the target is
// "protected by" it; it says nothing of the tanks' own hexagons. An obstacle hexagon a tank stands
// in is not between them (occupied_hexes_count = false); an obstacle hexside of the target's
// hexagon facing the firer, on which a line ends, protects it (target_hexsides_count = true); a
// side seen edge-on or from behind does not. Each is a referee's call whenever it decides the bonus.
TEST_CASE("ps boards: the tanks' own hexagons and the target's own hexsides", "[ps-board][PS-obstacle]") {
    struct Case {
        const char* why;
        const char* terrain;  // the board's [hexes] and [hexsides] lines
        const char* firer;
        const char* target;
        bool bonus;
        bool target_call;
        bool occupied_call;
    };
    const Case cases[] = {
        {"PS-obstacle: the firer stands in a wood: not between the tanks, a referee's call", "[hexes]\nobstacle = [\"0302\"]\n", "0302", "0306",
         false, false, true},
        {"PS-obstacle: the target stands in a wood: the lines end on its points, a referee's call", "[hexes]\nobstacle = [\"0306\"]\n", "0302",
         "0306", false, false, true},
        {"PS-obstacle: the firer in a wood and another wood between: bonus whichever way", "[hexes]\nobstacle = [\"0302\", \"0304\"]\n", "0302",
         "0306", true, false, false},
        {"PS-obstacle: a wall on the target's north side, facing the firer: the lines end on it", "[hexsides]\nobstacle = [\"0306/A\"]\n", "0302",
         "0306", true, true, false},
        {"PS-obstacle: a wall on the target's far (south) side: not met", "[hexsides]\nobstacle = [\"0306/D\"]\n", "0302", "0306", false, false,
         false},
        {"PS-obstacle: a wall on the target's north side seen edge-on from the east: not facing the firer",
         "[hexsides]\nobstacle = [\"0505/A\"]\n", "0705", "0505", false, false, false},
        {"PS-obstacle: a wall between two adjacent tanks protects the target", "[hexsides]\nobstacle = [\"0505/D\"]\n", "0505", "0506", true, true,
         false},
        {"PS-obstacle: the same wall, the other tank firing", "[hexsides]\nobstacle = [\"0505/D\"]\n", "0506", "0505", true, true, false},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto f = test::temp_file(std::string("system = \"panzer-squadron\"\ncolumns = 8\nrows = 8\n") + c.terrain);
        const board::Board b = board::load_board(f, "own.toml", ps::board_vocabulary(data()));
        const auto l = ps::line_of_fire(data(), b, at(b, c.firer), at(b, c.target), -1);
        CHECK(l.bonus == c.bonus);
        CHECK(l.target_call == c.target_call);
        CHECK(l.occupied_call == c.occupied_call);
        CHECK_FALSE(l.touch_call);
        std::vector<view::Mark> marks;
        ps::visibility(data(), b, at(b, c.firer), marks);
        const view::Mark want = l.referee_call() ? view::Mark::referee_call : l.bonus ? view::Mark::hindering : view::Mark::clear;
        CHECK(marks[std::size_t(b.index(at(b, c.target)))] == want);
        // The board view: a deciding line is hindering exactly when it gives the bonus as ruled.
        const view::BoardMarks bm = test::ruled_marks("panzer-squadron", b, at(b, c.firer), at(b, c.target), "");
        bool hindering = false;
        for (const auto& bl : bm.lines)
            if (bl.decides) hindering |= bl.mark == view::Mark::hindering;
        CHECK(hindering == c.bonus);
    }
}

// The other reading of each, set in rules-data: the verdict flips and it is still a referee's call.
TEST_CASE("ps boards: target_hexsides_count and occupied_hexes_count read the other way", "[ps-board][PS-obstacle]") {
    struct Case {
        const char* why;
        const char* from;
        const char* to;
        const char* terrain;
        bool bonus;
    };
    const Case cases[] = {
        {"PS-obstacle: target_hexsides_count = false: the wall on the target's side facing the firer does not count",
         "target_hexsides_count = true", "target_hexsides_count = false", "[hexsides]\nobstacle = [\"0306/A\"]\n", false},
        {"PS-obstacle: occupied_hexes_count = true: the wood the firer stands in counts", "occupied_hexes_count = false",
         "occupied_hexes_count = true", "[hexes]\nobstacle = [\"0302\"]\n", true},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto dir = test::rules_data_copy("panzer-squadron.toml", c.from, c.to);
        const Engine e(dir);
        const ps::Data& d = e.get<ps::PanzerSquadron>()->data();
        const auto f = test::temp_file(std::string("system = \"panzer-squadron\"\ncolumns = 8\nrows = 8\n") + c.terrain);
        const board::Board b = board::load_board(f, "other.toml", ps::board_vocabulary(d));
        const auto l = ps::line_of_fire(d, b, at(b, "0302"), at(b, "0306"), -1);
        CHECK(l.bonus == c.bonus);
        CHECK(l.referee_call());
        CHECK((l.target_call || l.occupied_call));
    }
}

// PS-armour: each line meets a point denoting a face; the page decides which face a shot strikes
// by the firer's position in the fields of its missing Point of Impact diagram. When the two lines
// strike different faces Umpire names both and calls it; when they agree there is nothing to call.
TEST_CASE("ps boards: two different faces struck are a referee's call (point of impact)", "[ps-board][PS-armour]") {
    struct Case {
        const char* why;
        const char* firer;
        const char* facing;  // the target's (0505)
        const char* faces;   // sorted
        bool impact_call;
    };
    const Case cases[] = {
        {"PS-armour: due north of a target facing E: NW and NE are both side points", "0502", "E", "side side", false},
        {"PS-armour: due north of a target facing NW: front and side", "0502", "NW", "front side", true},
        {"PS-armour: due north of a target facing SE: rear and side", "0502", "SE", "rear side", true},
        {"PS-armour: in line with the faced E point: front and side", "0705", "E", "front side", true},
        {"PS-armour: due south of a target facing W: SW and SE are both side points", "0508", "W", "side side", false},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto l = ps::line_of_fire(data(), small(), at(small(), c.firer), at(small(), "0505"), corner(c.facing));
        const auto& faces = l.readings.front().faces;
        REQUIRE(faces.size() == 2);
        CHECK(faces[0] + " " + faces[1] == c.faces);
        CHECK(l.impact_call == c.impact_call);
        if (c.impact_call) CHECK(l.referee_call());
    }
    // Without a facing no face is named, so nothing to call.
    CHECK_FALSE(ps::line_of_fire(data(), small(), at(small(), "0502"), at(small(), "0505"), -1).impact_call);
}

// The line from 0403's centre to 0306's NW point runs along the side 0304 and 0404 share (through
// 0304's E and SE points, then 0305's centre).
TEST_CASE("ps boards: along the side between two obstacle hexagons passes, beside one it only touches", "[ps-board][PS-obstacle]") {
    struct Case {
        const char* why;
        const char* obstacles;
        bool bonus;
        bool touch_call;
    };
    const Case cases[] = {
        {"PS-obstacle: between two obstacle hexagons (a wood of two hexes): passes", "\"0304\", \"0404\"", true, false},
        {"PS-obstacle: along the side of one obstacle hexagon: touches only (referee's call)", "\"0304\"", false, true},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const auto f = test::temp_file(std::string("system = \"panzer-squadron\"\ncolumns = 8\nrows = 8\n[hexes]\nobstacle = [") + c.obstacles + "]\n");
        const board::Board b = board::load_board(f, "two.toml", ps::board_vocabulary(data()));
        const auto l = ps::line_of_fire(data(), b, at(b, "0403"), at(b, "0306"), -1);
        const ps::Reading& r0 = l.readings.front();
        REQUIRE((cname(r0.lines[0].corner) == "NW" || cname(r0.lines[1].corner) == "NW"));
        CHECK(l.bonus == c.bonus);
        CHECK(l.touch_call == c.touch_call);
        std::vector<view::Mark> marks;
        ps::visibility(data(), b, at(b, "0403"), marks);
        const view::Mark want = l.referee_call() ? view::Mark::referee_call : l.bonus ? view::Mark::hindering : view::Mark::clear;
        CHECK(marks[std::size_t(b.index(at(b, "0306")))] == want);
    }
}

TEST_CASE("ps boards: an obstacle hexside of the firer's own hexagon counts, as a referee's call", "[ps-board][PS-obstacle]") {
    // A wall on 0302/D: both lines from 0302 to 0306 cross it leaving the firer's hexagon.
    const auto f = test::temp_file("system = \"panzer-squadron\"\ncolumns = 6\nrows = 6\n[hexsides]\nobstacle = [\"0302/D\"]\n");
    const board::Board b = board::load_board(f, "own-wall.toml", ps::board_vocabulary(data()));
    const auto l = ps::line_of_fire(data(), b, at(b, "0302"), at(b, "0306"), -1);
    CHECK(l.bonus);  // rules-data own_hexsides_count = true: the line passes through it
    CHECK(l.own_call);
    CHECK_FALSE(l.touch_call);
    REQUIRE_FALSE(l.readings.front().lines[0].obstacles.empty());
    CHECK(l.readings.front().lines[0].obstacles.front().of_firer);
    // Seen from the other side (0306 firing at 0302) the wall is not the firer's but the target's
    // side facing the firer, on whose ends the near lines end: target_hexsides_count decides.
    const auto back = ps::line_of_fire(data(), b, at(b, "0306"), at(b, "0302"), -1);
    CHECK_FALSE(back.own_call);
    CHECK(back.bonus);
    CHECK(back.target_call);
    std::vector<view::Mark> marks;
    ps::visibility(data(), b, at(b, "0302"), marks);
    CHECK(marks[std::size_t(b.index(at(b, "0306")))] == view::Mark::referee_call);
}

// rules-data [board], [armour] and the line-of-fire choices: bad values are located errors.
TEST_CASE("ps boards: bad board and armour rules data is a located error", "[ps-board][rules-data]") {
    struct Case {
        const char* from;
        const char* to;
        const char* message;
    };
    const Case cases[] = {
        {"points = [\"front\", \"side\", \"side\", \"rear\", \"side\", \"side\"]", "points = [\"front\", \"side\"]",
         "armour.points: needs six armour faces"},
        {"obstacles = [\"obstacle\"]", "obstacles = [\"wall\"]", "board.obstacles: \"wall\" is neither in hex_terrain nor in hexside_features"},
        {"corner_names = [\"NW\", \"NE\", \"E\", \"SE\", \"SW\", \"W\"]", "corner_names = [\"NW\", \"NW\", \"E\", \"SE\", \"SW\", \"W\"]",
         "board.corner_names: needs distinct, non-empty names"},
        {"line_points = \"near\"", "line_points = \"far\"", "choices.line_points"},
        {"touching_passes = false", "touching_passes = 0", "choices.touching_passes"},
        {"target_hexsides_count = true", "target_hexsides_count = 1", "choices.target_hexsides_count"},
        {"occupied_hexes_count = false", "occupied_hexes_count = \"no\"", "choices.occupied_hexes_count"},
    };
    for (const auto& c : cases) {
        INFO(c.to);
        const auto dir = test::rules_data_copy("panzer-squadron.toml", c.from, c.to);
        try {
            const Engine e(dir);
            FAIL("accepted");
        } catch (const InputError& err) {
            std::string all;
            for (const auto& d : err.diagnostics()) all += d.str() + "\n";
            INFO(all);
            CHECK(all.find(c.message) != std::string::npos);
            CHECK(all.find("panzer-squadron.toml:") != std::string::npos);
        }
        fs::remove_all(dir);
    }
}

// Properties on random pairs of the sample board.
TEST_CASE("ps boards: properties of the lines on random pairs", "[ps-board][property]") {
    const board::Board& b = sample();
    std::mt19937 rng(16);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1), face(0, 5);
    for (int n = 0; n < 400; ++n) {
        const hex::Cube a = b.hex_at(pick(rng)), z = b.hex_at(pick(rng));
        if (a == z) continue;
        const int facing = face(rng);
        INFO(b.name(a) << " -> " << b.name(z) << " facing " << cname(facing));
        const auto l = ps::line_of_fire(data(), b, a, z, facing);
        const auto [fx, fy] = xy(ps::centre_point(a));
        for (const auto& r : l.readings) {
            for (const auto& f : r.lines) {
                // Each line ends on a point of the target's hexagon: the target is met at t = 1.
                bool ends_in_target = false;
                for (const auto& h : f.trace.hexes) ends_in_target |= h.hex == z && h.leave == hex::Frac{1, 1};
                CHECK(ends_in_target);
                CHECK(f.face == ps::face_at(data(), facing, f.corner));
            }
            // Swapping the two lines gives the same faces: faces are kept as a sorted pair.
            std::vector<std::string> swapped{r.lines[1].face, r.lines[0].face};
            std::sort(swapped.begin(), swapped.end());
            CHECK(swapped == r.faces);
            // Left then right as seen from the firer (rows run south, so left is a negative cross product).
            const auto [lx, ly] = xy(ps::corner_point(z, r.lines[0].corner));
            const auto [rx, ry] = xy(ps::corner_point(z, r.lines[1].corner));
            CHECK((lx - fx) * (ry - fy) - (ly - fy) * (rx - fx) >= -1e-9);
        }
        // The near reading joins the two nearest points (by floating distance, ties allowed).
        std::vector<double> dist;
        for (int k = 0; k < 6; ++k) {
            const auto [x, y] = xy(ps::corner_point(z, k));
            dist.push_back(std::hypot(x - fx, y - fy));
        }
        std::vector<double> sorted = dist;
        std::sort(sorted.begin(), sorted.end());
        const auto& near = l.readings.front();
        CHECK(std::max(dist[std::size_t(near.lines[0].corner)], dist[std::size_t(near.lines[1].corner)]) <= sorted[1] + 1e-9);
        // The outer reading's two lines frame the hexagon: every point lies between them.
        const auto& outer = l.readings.back();
        const auto [ox0, oy0] = xy(ps::corner_point(z, outer.lines[0].corner));
        const auto [ox1, oy1] = xy(ps::corner_point(z, outer.lines[1].corner));
        for (int k = 0; k < 6; ++k) {
            const auto [x, y] = xy(ps::corner_point(z, k));
            CHECK((ox0 - fx) * (y - fy) - (oy0 - fy) * (x - fx) >= -1e-9);  // not left of the left line
            CHECK((ox1 - fx) * (y - fy) - (oy1 - fy) * (x - fx) <= 1e-9);   // not right of the right line
        }
    }
}

// A situation with board = "FILE" rules from the board; the same lines typed by hand give the same
// ruling, and typed lines that disagree with the board are bad input naming both.
TEST_CASE("ps boards: board ruling equals the hand-entered ruling", "[ps-board][PS-fire]") {
    const board::Board& b = sample();
    std::mt19937 rng(1605);
    std::uniform_int_distribution<int> pick(0, b.hex_count() - 1), face(0, 5);
    for (int n = 0; n < 40; ++n) {
        const hex::Cube a = b.hex_at(pick(rng)), z = b.hex_at(pick(rng));
        if (a == z) continue;
        const std::string facing = cname(face(rng));
        const std::string head = "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n";
        const std::string on_board = head + "board = \"ps-sample-40x28.toml\"\n[firer]\nhex = \"" + b.name(a) + "\"\n[target]\nhex = \"" +
                                     b.name(z) + "\"\nfacing = \"" + facing + "\"\n";
        INFO(on_board);
        const json::Value rb = test::rule_toml(on_board);
        std::string hand = head;
        std::string typed = on_board;
        for (const auto& line : test::at(rb, "lines").as_array()) {
            const std::string l = "[[line]]\nface = \"" + test::at(line, "face").as_string() + "\"\nobstacle = " +
                                  (test::at(line, "obstacle").as_bool() ? "true" : "false") + "\n";
            hand += l;
            typed += l;
        }
        const json::Value rh = test::rule_toml(hand);
        CHECK(test::at(rh, "verdict").as_string() == test::at(rb, "verdict").as_string());
        CHECK(test::strings(test::at(rh, "faces")) == test::strings(test::at(rb, "faces")));
        CHECK(test::at(rh, "obstacle_bonus").as_bool() == test::at(rb, "obstacle_bonus").as_bool());
        // The board's own lines typed beside it agree with it.
        CHECK(test::at(test::rule_toml(typed), "verdict").as_string() == test::at(rb, "verdict").as_string());
    }
    // Typed in the other order: the same ruling.
    const std::string head = "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n";
    const json::Value x = test::rule_toml(head + "[[line]]\nface = \"front\"\nobstacle = false\n[[line]]\nface = \"side\"\nobstacle = true\n");
    const json::Value y = test::rule_toml(head + "[[line]]\nface = \"side\"\nobstacle = true\n[[line]]\nface = \"front\"\nobstacle = false\n");
    CHECK(test::at(x, "verdict").as_string() == test::at(y, "verdict").as_string());
    CHECK(test::at(x, "obstacle_bonus").as_bool());
}

TEST_CASE("ps boards: bad input on a board names both values and the place", "[ps-board][bad-input]") {
    const std::string head = "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\nboard = \"ps-test-small.toml\"\n";
    struct Case {
        const char* why;
        std::string toml;
        const char* message;
    };
    const Case cases[] = {
        {"typed lines disagreeing with the board (0304 lies between)",
         head + "[firer]\nhex = \"0302\"\n[target]\nhex = \"0306\"\nfacing = \"NW\"\n[[line]]\nface = \"front\"\nobstacle = false\n[[line]]\nface = \"side\"\nobstacle = false\n",
         "line: is [front, side] but on the board"},
        {"the board's values are named too",
         head + "[firer]\nhex = \"0302\"\n[target]\nhex = \"0306\"\nfacing = \"NW\"\n[[line]]\nface = \"front\"\nobstacle = false\n[[line]]\nface = \"side\"\nobstacle = false\n",
         "are [front passing an obstacle, side passing an obstacle]"},
        {"a hex off the board", head + "[firer]\nhex = \"0399\"\n[target]\nhex = \"0306\"\n", "firer.hex: \"0399\" is not a hex of the board"},
        {"the same hex twice", head + "[firer]\nhex = \"0302\"\n[target]\nhex = \"0302\"\n", "target.hex: is the firer's hex 0302"},
        {"no firer on a board", head + "[target]\nhex = \"0302\"\n", "firer"},
        {"a facing that is not a point", head + "[firer]\nhex = \"0302\"\n[target]\nhex = \"0306\"\nfacing = \"N\"\n", "target.facing"},
        {"only one typed line", "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\n[[line]]\nface = \"front\"\nobstacle = false\n",
         "line: needs exactly two [[line]]s"},
        {"a hex without a board", "system = \"panzer-squadron\"\nquestion = \"movement\"\n[tank]\ndice = [3]\nhex = \"0505\"\n", "tank.hex: is a hex of a board: give board"},
        {"movement on a board needs the facing",
         "system = \"panzer-squadron\"\nquestion = \"movement\"\nboard = \"ps-test-small.toml\"\n[tank]\ndice = [3]\nhex = \"0505\"\n", "tank.facing"},
        {"a board for a question that has none",
         "system = \"panzer-squadron\"\nquestion = \"actions\"\nboard = \"ps-test-small.toml\"\n[tank]\nstart = \"stationary\"\n", "board: a board is read for"},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        try {
            (void)test::rule_toml(c.toml);
            FAIL("accepted");
        } catch (const InputError& e) {
            std::string all;
            for (const auto& d : e.diagnostics()) all += d.str() + "\n";
            INFO(all);
            CHECK(all.find(c.message) != std::string::npos);
            CHECK(all.find("test.toml:") != std::string::npos);
        }
    }
}

// PS-movement, PS-turning, PS-reverse: the plan placed on the board from tank.hex facing a point.
TEST_CASE("ps boards: movement plotted on the board", "[ps-board][PS-movement]") {
    struct Case {
        const char* why;
        const char* hex;
        const char* facing;
        const char* steps;
        const char* path;  // the hexes entered, start first
        const char* end_facing;
        int mp_used;
        bool legal;
    };
    const Case cases[] = {
        {"PS-movement: forward-left enters the hexagon across the side left of the NE point (north)", "0505", "NE", "\"forward-left\"",
         "0505 0504", "NE", 1, true},
        {"PS-movement: forward-right enters the one across the side right of it (north-east)", "0505", "NE", "\"forward-right\"",
         "0505 0604", "NE", 1, true},
        {"PS-turning: a paid turn to E, then forward-right (south-east)", "0505", "NE",
         "\"forward-left\", \"turn-right\", \"forward-right\"", "0505 0504 0604", "E", 3, true},
        {"PS-movement: facing SW, forward-left is south", "0505", "SW", "\"forward-left\"", "0505 0506", "SW", 1, true},
        {"PS-movement: facing SW, forward-right is south-west", "0505", "SW", "\"forward-right\"", "0505 0405", "SW", 1, true},
        {"PS-reverse: reverse-left backs into the south-west hexagon", "0505", "NE", "\"reverse-left\"", "0505 0405", "NE", 1, true},
        {"PS-reverse: reverse-right backs into the south one", "0505", "NE", "\"reverse-right\"", "0505 0506", "NE", 1, true},
        {"PS-turning: turning in place changes the point faced only", "0505", "W", "\"turn-left\"", "0505", "SW", 1, true},
        {"PS-movement: a step off the board cannot be played", "0101", "NW", "\"forward-left\"", "0101", "NW", 1, false},
    };
    for (const auto& c : cases) {
        INFO(c.why);
        const std::string toml = std::string("system = \"panzer-squadron\"\nquestion = \"movement\"\nboard = \"ps-test-small.toml\"\n[tank]\nstart = \"stationary\"\ndice = [4]\nhex = \"") +
                                 c.hex + "\"\nfacing = \"" + c.facing + "\"\nsteps = [" + c.steps + "]\n";
        const json::Value r = test::rule_toml(toml);
        const json::Value& b = test::at(r, "board");
        std::string path;
        for (const auto& h : test::strings(test::at(b, "path"))) path += (path.empty() ? "" : " ") + h;
        if (c.legal) {
            CHECK(path == c.path);
            CHECK(test::at(b, "end_facing").as_string() == c.end_facing);
        }
        CHECK(test::at(r, "mp_used").as_int() == c.mp_used);
        CHECK(test::at(r, "legal").as_bool() == c.legal);
    }
}

TEST_CASE("ps boards: placing steps matches the movement trace's own frame", "[ps-board][PS-movement][property]") {
    // Every one-step plan from every facing: the hexagon entered lies across one of the two sides
    // that meet at the point faced (forward) or at the opposite point (reverse).
    const hex::Cube start = at(small(), "0505");
    for (int facing = 0; facing < 6; ++facing)
        for (const char* step : {"forward-left", "forward-right", "reverse-left", "reverse-right"}) {
            ps::Situation s;
            s.steps = {step};
            const auto placed = ps::place_steps(ps::trace(data(), s), start, facing);
            REQUIRE(placed.size() == 1);
            const auto d = hex::direction_to(start, placed[0].hex);
            REQUIRE(d);
            // Hexside d runs from corner d to corner d+1: the corner faced (or its opposite) is one end.
            const int point = std::string(step).rfind("reverse", 0) == 0 ? (facing + 3) % 6 : facing;
            INFO(step << " facing " << cname(facing));
            CHECK((*d == point || (*d + 1) % 6 == point));
            // Left is counter-clockwise of the point faced (for reversing, seen from the tank: the mirror).
            const bool left = std::string(step).find("left") != std::string::npos;
            const bool forward = std::string(step).rfind("forward", 0) == 0;
            CHECK((*d == point) == (left != forward));
            CHECK(placed[0].corner == facing);
        }
}

TEST_CASE("ps boards: the board view's BoardSupport", "[ps-board][board-support]") {
    const view::BoardSupport* bs = test::engine().get<ps::PanzerSquadron>()->board_support();
    REQUIRE(bs);
    CHECK(bs->vocabulary().system == "panzer-squadron");
    CHECK(bs->modes() == data().board.corner_names);
    const view::BoardMarks m = test::ruled_marks("panzer-squadron", small(), at(small(), "0302"), at(small(), "0306"), "NW");
    int deciding = 0;
    for (const auto& l : m.lines) {
        if (!l.decides) continue;
        ++deciding;
        CHECK(l.from.corner == -1);           // from the cannon, the firer's centre
        CHECK(l.to.corner >= 0);              // to a point of the target's hexagon
        CHECK(l.mark == view::Mark::hindering);  // both cross the wood in 0304
    }
    CHECK(deciding == 2);
    bool wood = false;
    for (const auto& h : m.hexes) wood |= h.hex == at(small(), "0304") && h.mark == view::Mark::hindering;
    CHECK(wood);
    CHECK(m.verdict == view::Mark::referee_call);  // facing NW: the outer reading strikes other faces
    std::vector<view::Mark> vis;
    CHECK(bs->visibility(small(), "", at(small(), "0302"), vis));
    REQUIRE(int(vis.size()) == small().hex_count());
    // Both lines cross the wood in 0304: visible or not is the referee's (both_lines_pass_hides, issue 22).
    CHECK(vis[std::size_t(small().index(at(small(), "0306")))] == view::Mark::referee_call);
    CHECK(vis[std::size_t(small().index(at(small(), "0302")))] == view::Mark::clear);
    CHECK(vis[std::size_t(small().index(at(small(), "0303")))] == view::Mark::clear);
}

// The visibility scan tests lines against the board's obstacle list: it must equal line_of_fire's
// verdict for every hex.
TEST_CASE("ps boards: the visibility map equals line_of_fire hex by hex", "[ps-board][property]") {
    for (const board::Board* b : {&small(), &sample()}) {
        std::mt19937 rng(4);
        std::uniform_int_distribution<int> pick(0, b->hex_count() - 1);
        for (int n = 0; n < (b == &small() ? b->hex_count() : 6); ++n) {
            const hex::Cube from = b == &small() ? b->hex_at(n) : b->hex_at(pick(rng));
            std::vector<view::Mark> marks;
            ps::visibility(data(), *b, from, marks);
            for (int i = 0; i < b->hex_count(); ++i) {
                const hex::Cube t = b->hex_at(i);
                if (t == from) {
                    CHECK(marks[std::size_t(i)] == view::Mark::clear);
                    continue;
                }
                const auto l = ps::line_of_fire(data(), *b, from, t, -1);
                const view::Mark want = l.referee_call() ? view::Mark::referee_call
                                        : l.bonus                     ? view::Mark::hindering
                                                                      : view::Mark::clear;
                INFO(b->name(from) << " -> " << b->name(t));
                REQUIRE(marks[std::size_t(i)] == want);
            }
        }
    }
}

TEST_CASE("ps boards: umpire-cli board check, los and visibility on a Panzer Squadron board", "[ps-board][cli]") {
    const std::string board = std::string(UMPIRE_SOURCE_DIR) + "/boards/ps-test-small.toml";
    const auto check = test::run_cli("board check " + board);
    CHECK(check.status == 0);
    CHECK(check.out.find("(sample terrain), Panzer Squadron") != std::string::npos);

    const auto los = test::run_cli("los " + board + " 0502 0506 --facing NW --json");
    REQUIRE(los.status == 0);
    for (const char* key : {"\"lines\":[{\"label\":\"left\",\"from\":\"0502\",\"from_point\":\"centre\",\"to\":\"0506\",\"to_point\":\"NE\",\"face\":\"side\"",
                            "{\"label\":\"right\",\"from\":\"0502\",\"from_point\":\"centre\",\"to\":\"0506\",\"to_point\":\"NW\",\"face\":\"front\"",
                            "\"obstacles\":[{\"kind\":\"hexside\",\"at\":\"0504/D\",\"terrain\":\"obstacle\",\"contact\":\"crosses\",\"passes\":true",
                            "\"obstacle_bonus\":true,\"referee_call\":true", "\"other_readings\":[{\"reading\":\"outer\""}) {
        INFO(key);
        CHECK(los.out.find(key) != std::string::npos);
    }

    const auto text = test::run_cli("los " + board + " 0302 0306");
    CHECK(text.status == 0);
    CHECK(text.out.find("obstacle in 0304 crossed") != std::string::npos);
    // A hexside obstacle is named as the board file writes it (0504/D, not 0505/A).
    const auto wall = test::run_cli("los " + board + " 0502 0506");
    CHECK(wall.out.find("obstacle on hexside 0504/D crossed") != std::string::npos);

    const auto vis = test::run_cli("visibility " + board + " 0302 --json");
    REQUIRE(vis.status == 0);
    // Both lines cross the wood: a referee's call (both_lines_pass_hides, issue 22).
    CHECK(vis.out.find("{\"hex\":\"0306\",\"sight\":\"referee's call\"}") != std::string::npos);
    CHECK(vis.out.find("{\"hex\":\"0303\",\"sight\":\"clear\"}") != std::string::npos);

    CHECK(test::run_cli("los " + board + " 0302 0399").status == 2);
    CHECK(test::run_cli("los " + board + " 0302 0306 --facing N").status == 2);
    const auto mode = test::run_cli("los " + board + " 0302 0306 --mode open");
    CHECK(mode.status == 1);
    CHECK(mode.err.find("--mode is for TANK! boards") != std::string::npos);
}

TEST_CASE("ps boards: the board examples rule as their comments say", "[ps-board][examples]") {
    const fs::path ex = fs::path(UMPIRE_SOURCE_DIR) / "examples";
    const json::Value wood = test::engine().rule_file(ex / "panzer-squadron-board-line-of-fire-through-wood.toml").to_json();
    CHECK(test::at(wood, "obstacle_bonus").as_bool());
    // Both lines cross the wood: still visible is the referee's call (PS-fire, both_lines_pass_hides; issue 22).
    CHECK(test::at(wood, "referee_call").as_bool());
    CHECK(test::at(wood, "visible").as_bool());
    CHECK(test::at(wood, "visible_other_reading").as_bool() == false);
    const json::Value wall = test::engine().rule_file(ex / "panzer-squadron-board-line-of-fire-wall-call.toml").to_json();
    CHECK(test::at(wall, "obstacle_bonus").as_bool());
    CHECK(test::at(wall, "referee_call").as_bool());
    CHECK(test::strings(test::at(wall, "faces")) == std::vector<std::string>{"front", "side"});  // in [armour] order
    const json::Value move = test::engine().rule_file(ex / "panzer-squadron-board-move.toml").to_json();
    CHECK(test::at(move, "mp_used").as_int() == 3);
    CHECK(test::strings(test::at(test::at(move, "board"), "path")) == std::vector<std::string>{"0505", "0504", "0604"});
}

// The window rules against the board it holds (BoardSupport::rule, Engine::rule_on_board): the same
// ruling as the file while the two agree, the held board's once it is painted (PS-obstacle).
TEST_CASE("ps boards: a ruling against the held board equals the file's, and follows its paint", "[ps-board][board-support][PS-obstacle]") {
    const std::string dir = std::string(UMPIRE_SOURCE_DIR) + "/examples/";
    const std::string name = dir + "panzer-squadron-board-line-of-fire-through-wood.toml";
    const toml::table t = parse_toml_file(name, name);
    const view::BoardSupport* bs = test::engine().get<ps::PanzerSquadron>()->board_support();
    REQUIRE(bs);
    const fs::path path = bs->find_board("../boards/ps-test-small.toml", dir);
    REQUIRE(fs::exists(path));
    board::Board b = bs->load(path, path.lexically_normal().string());
    const Ruling file = test::engine().rule(t, name);
    const Ruling held = test::engine().rule_on_board(t, name, b);
    CHECK(held.to_json().dump() == file.to_json().dump());
    CHECK(held.view.has_value());
    CHECK(file.to_json().dump().find("\"obstacle_bonus\":true") != std::string::npos);
    // Unsaved paint: the wood in 0304 cleared. No line passes an obstacle any more.
    b.terrain_of[std::size_t(b.index(at(b, "0304")))] = 0;
    REQUIRE(b.terrain(at(b, "0304")) == "clear");
    const std::string painted = test::engine().rule_on_board(t, name, b).to_json().dump();
    CHECK(painted.find("\"obstacle_bonus\":false") != std::string::npos);
    CHECK(test::engine().rule(t, name).to_json().dump() == file.to_json().dump());
    // The window offers the Panzer Squadron boards only.
    const auto shipped = bs->shipped_boards();
    CHECK(!shipped.empty());
    for (const auto& p : shipped) CHECK(p.filename().string().rfind("ps-", 0) == 0);
}
