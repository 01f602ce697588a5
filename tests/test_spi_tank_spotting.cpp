// TANK! spotting (13.5 Spotting Table; 13.3 moving vehicles are spotted automatically; 14.1
// improved positions are harder to spot): every column at both sides of every row edge (10/11,
// 20/21, 30/31, 40/41) and past the last (41 or more); which column each target uses in each mode
// (10.61: open mode treats rough, woods and berm as clear); the rough/wreck vehicle reading
// ([choices] vehicle_rough_wreck_spotting = "open", a referee's call where the columns differ).
//
// Sections
//   Shot       (tests/spi_tank_shot.hpp) situation builder
//   Columns    the four columns by range, transcribed from 13.5
//   Cases      target situations and the column each reads
//   Tests      every case at every edge range; referee-call behaviour of the rough/wreck choice
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "spi_tank_shot.hpp"
#include "support.hpp"

using umpire::test::at;
using umpire::test::contains;
using umpire::test::ints;
using umpire::test::strings;

namespace {

using namespace umpire::test::spi_tank;  // Shot, NUL, iv, upto, rule

enum Column { vehicle_open, vehicle_concealed, soft_open, soft_concealed };
constexpr int AUTO = -1, NEVER = -2;  // "automatic", "unspottable"; else the top die result

// 13.5, by range row (1-10, 11-20, 21-30, 31-40, 41+).
int cell(Column c, int range) {
    const int row = range <= 10 ? 0 : range <= 20 ? 1 : range <= 30 ? 2 : range <= 40 ? 3 : 4;
    static const int table[4][5] = {
        {AUTO, AUTO, AUTO, AUTO, AUTO},  // a vehicle in open terrain or moving in any terrain
        {AUTO, 5, 3, 2, 1},              // a vehicle in a woods hex or directly behind an obstructing hexside
        {5, 3, 1, 1, 1},                 // a non-vehicle in open terrain, not in an improved position
        {3, 1, NEVER, NEVER, NEVER},     // a non-vehicle in an IP, rough, woods or wreck, or behind an obstructing hexside
    };
    return table[c][row];
}

void check_spot(const umpire::json::Value& j, int expected) {
    const auto& v = at(j, "spot_numbers");
    if (expected == AUTO) {
        REQUIRE(v.is_string());
        CHECK(v.as_string() == "automatic");
    } else if (expected == NEVER) {
        REQUIRE(v.is_string());
        CHECK(v.as_string() == "unspottable");
    } else {
        REQUIRE(v.is_array());
        CHECK(ints(v) == upto(expected));
    }
}

struct Case {
    const char* name;
    Shot shot;
    Column column;
    bool referee_call;  // for ranges where the ruling depends on nothing open
    const char* cite;
};

const int edges[] = {1, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60};

const std::vector<Case>& cases() {
    static const std::vector<Case> c = {
        // ---- a vehicle in open terrain, or moving (13.3) ----
        {"13.5 stationary vehicle in clear (mixed)", Shot().vehicle("M60A2", "front"), vehicle_open, false, "13.5"},
        {"13.3 vehicle plotted to move in woods (closed)", Shot().mode("closed").vehicle("M60A2", "front", "woods").moving(2), vehicle_open, false, "13.3"},
        {"13.3 vehicle plotted to move behind a slope", Shot().vehicle("M60A2", "front").behind("slope").moving(1), vehicle_open, false, "13.3"},
        {"13.3 vehicle plotted to move in a wreck hex", Shot().vehicle("T62", "side", "wreck").moving(4), vehicle_open, false, "13.3"},
        {"10.61 open mode: stationary vehicle in woods is in clear", Shot().mode("open").vehicle("M60A2", "side", "woods"), vehicle_open, false, "13.5"},
        {"10.61 open mode: stationary vehicle behind a berm (ignored)", Shot().mode("open").vehicle("M60A2", "side").behind("berm"), vehicle_open, false, "13.5"},
        {"10.61 open mode: stationary vehicle in rough is in clear", Shot().mode("open").vehicle("M60A2", "side", "rough"), vehicle_open, false, "13.5"},
        // ---- a vehicle in woods or directly behind an obstructing hexside ----
        {"13.5 stationary vehicle in woods (closed)", Shot().mode("closed").vehicle("M60A2", "front", "woods"), vehicle_concealed, false, "13.5"},
        {"13.5 stationary vehicle in woods (mixed)", Shot().mode("mixed").vehicle("JS II", "rear", "woods"), vehicle_concealed, false, "13.5"},
        {"13.5 stationary vehicle behind a berm (mixed)", Shot().mode("mixed").vehicle("JS II", "side").behind("berm"), vehicle_concealed, false, "13.5"},
        {"13.5 stationary vehicle behind a berm (closed)", Shot().mode("closed").vehicle("JS II", "side").behind("berm"), vehicle_concealed, false, "13.5"},
        {"13.5 open mode: stationary vehicle behind a slope (slopes obstruct in all modes)", Shot().mode("open").vehicle("JS II", "side").behind("slope"), vehicle_concealed, false, "13.5"},
        // ---- a non-vehicle in open terrain, not in an improved position ----
        {"13.5 infantry in clear", Shot().soft("infantry"), soft_open, false, "13.5"},
        {"13.5 AT gun in clear", Shot().soft("76AT"), soft_open, false, "13.5"},
        {"13.3 is for vehicles: infantry moving one hex in clear", Shot().soft("infantry").moving(1), soft_open, false, "13.5"},
        {"10.61 open mode: infantry in rough is in clear", Shot().mode("open").soft("infantry", "rough"), soft_open, false, "13.5"},
        {"10.61 open mode: infantry in woods is in clear", Shot().mode("open").soft("infantry", "woods"), soft_open, false, "13.5"},
        {"10.61 open mode: infantry behind a berm (ignored)", Shot().mode("open").soft("infantry").behind("berm"), soft_open, false, "13.5"},
        // ---- a non-vehicle in an improved position, rough, woods, wreck, or behind an obstructing hexside ----
        {"14.1 infantry in an improved position in clear", Shot().soft("infantry", "clear", true), soft_concealed, false, "13.5"},
        {"14.1 AT gun in an improved position, open mode", Shot().mode("open").soft("88AT", "clear", true), soft_concealed, false, "13.5"},
        {"13.5 infantry in rough (closed)", Shot().mode("closed").soft("infantry", "rough"), soft_concealed, false, "13.5"},
        {"13.5 AT gun in woods (mixed)", Shot().mode("mixed").soft("88AT", "woods"), soft_concealed, false, "13.5"},
        {"13.5 infantry in a wreck hex, open mode (wreck is all modes; its defense is a referee's call)", Shot().mode("open").soft("infantry", "wreck"), soft_concealed, true, "13.5"},
        {"13.5 infantry behind a berm (mixed)", Shot().mode("mixed").soft("infantry").behind("berm"), soft_concealed, false, "13.5"},
        {"13.5 infantry behind a slope, open mode", Shot().mode("open").soft("infantry").behind("slope"), soft_concealed, false, "13.5"},
        {"13.5 moving infantry in woods (closed)", Shot().mode("closed").soft("infantry", "woods").moving(1), soft_concealed, false, "13.5"},
    };
    return c;
}

}  // namespace

TEST_CASE("spi-tank 13.5/13.3: every column on both sides of every row edge", "[spi-tank][spotting]") {
    for (const auto& c : cases())
        for (int r : edges) {
            Shot s = c.shot;
            s.range(r);
            INFO(c.name << ", range " << r);
            const auto j = rule(s);
            INFO(j.dump());
            check_spot(j, cell(c.column, r));
            CHECK(at(j, "referee_call").as_bool() == c.referee_call);
            CHECK(contains(strings(at(j, "citations")), c.cite));
        }
}

TEST_CASE("spi-tank 13.5 [choices] vehicle_rough_wreck_spotting: a stationary vehicle in rough or a wreck hex reads the open column",
          "[spi-tank][spotting]") {
    struct Case {
        const char* name;
        const char* mode;
        const char* terrain;
    };
    const Case cases[] = {
        {"13.5 closed: vehicle in rough", "closed", "rough"},
        {"13.5 mixed: vehicle in rough", "mixed", "rough"},
        {"13.5 closed: vehicle in a wreck hex", "closed", "wreck"},
        {"13.5 mixed: vehicle in a wreck hex", "mixed", "wreck"},
        {"13.5 open: vehicle in a wreck hex (wreck is all modes)", "open", "wreck"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            for (int r : edges) {
                INFO("range " << r);
                const auto j = rule(Shot().mode(c.mode).vehicle("M60A2", "side", c.terrain).range(r));
                INFO(j.dump());
                check_spot(j, AUTO);  // the documented choice: as open terrain
                // The choice matters only where the two columns differ (ranges 11 and more); at 1-10
                // both read "automatic", so the text decides and there is no referee's call.
                CHECK(at(j, "referee_call").as_bool() == (r > 10));
            }
        }
    }
}

TEST_CASE("spi-tank 13.5: spotting numbers are shown even when the line is blocked or the shot forbidden",
          "[spi-tank][spotting]") {
    const auto j = rule(Shot().mode("closed").soft("infantry", "woods").range(12).obstacle("woods", "hex", "none"));
    INFO(j.dump());
    CHECK(at(j, "los").as_string() == "blocked");
    check_spot(j, 1);
    CHECK(contains(strings(at(j, "citations")), "13.1"));  // 13.1: no attempt without a clear line; the ruling says so
    const auto k = rule(Shot().firer("CII").soft("infantry").range(25));  // zero HE, 21-30 open: 1
    INFO(k.dump());
    CHECK(at(k, "fire_permitted").as_bool() == false);
    check_spot(k, 1);
    CHECK_FALSE(contains(strings(at(k, "citations")), "13.1"));  // the line is clear there
}
