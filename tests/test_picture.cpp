// Pictures of rulings (issue 23, docs/window.md "Pictures of a ruling"): the software canvas
// (core/canvas.hpp) and the pictures of board and table rulings (board/picture.hpp,
// tabletop/picture.hpp, engine/picture.hpp), decoded from their PNG and checked pixel by pixel:
// the units' markers in their colours at their hexes, the deciding line along its segment (thick)
// and the others thin, what decided lit, amber only for a real referee's call, the words above
// and below the map, nothing run off the picture's edges; and, with tesseract, that the verdict
// can be read.
//
// Sections
//   canvas       coverage, clipping, text, fonts, PNG, writing files
//   boards       TANK!, PanzerBlitz routes, Panzer Squadron lines of fire
//   tables       GF9 TANKS and A Great Victory! table rulings
//   every ruling every example draws; words alone; OCR
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cmath>
#include <fstream>

#include <stb_image_write.h>

#include "engine/picture.hpp"
#include "picture_support.hpp"
#include "tabletop/picture.hpp"
#include "tabletop/rulings.hpp"

using namespace umpire;
using umpire::test::Decoded;
namespace fs = std::filesystem;
namespace colour = picture::colour;

namespace {

constexpr canvas::Rgba kBlack = canvas::rgba(0, 0, 0), kWhite = canvas::rgba(255, 255, 255);

fs::path fresh_dir(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("umpire-picture-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

// The majority colour test: at least 5 of the 9 pixels around (x, y) are near `c`.
bool mostly(const Decoded& d, canvas::Pt p, canvas::Rgba c) {
    const int x = int(std::lround(p.x)), y = int(std::lround(p.y));
    return test::count_near(d, x - 1, y - 1, x + 2, y + 2, c) >= 5;
}

// How many pixels near `c` lie on the perpendicular through the point `t` of the way from a to b
// (within `reach` px either side): a line's drawn width there.
int across(const Decoded& d, canvas::Pt a, canvas::Pt b, float t, canvas::Rgba c, int reach = 14) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
    const canvas::Pt m{a.x + dx * t, a.y + dy * t}, n{-dy / len, dx / len};
    int count = 0;
    for (int k = -reach; k <= reach; ++k)
        count += test::near(d.at(int(std::lround(m.x + n.x * float(k))), int(std::lround(m.y + n.y * float(k)))), c);
    return count;
}

// The same for a dimmed line in the clear outcome's green (mixed with what lies under it): pixels
// clearly greener than they are red or blue.
int across_green(const Decoded& d, canvas::Pt a, canvas::Pt b, float t, int reach = 14) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
    const canvas::Pt m{a.x + dx * t, a.y + dy * t}, n{-dy / len, dx / len};
    int count = 0;
    for (int k = -reach; k <= reach; ++k) {
        const canvas::Rgba p = d.at(int(std::lround(m.x + n.x * float(k))), int(std::lround(m.y + n.y * float(k))));
        const int r = int(p >> 24), g = int((p >> 16) & 0xFF), bl = int((p >> 8) & 0xFF);
        count += g > r + 40 && g > bl + 30;
    }
    return count;
}

// The words sit inside the picture: its top and bottom rows and the side margins of the words'
// bands are the ground colour (nothing drawn was cut at an edge).
void check_margins(const Decoded& d, float map_top, float map_bottom) {
    CHECK(test::ink_share(d, 0, 8, colour::ground) == 0.0);
    CHECK(test::ink_share(d, d.height - 8, d.height, colour::ground) == 0.0);
    int side_ink = 0;
    for (int y = 0; y < d.height; ++y) {
        if (float(y) >= map_top && float(y) < map_bottom) continue;  // the map runs to both edges
        for (int x : {0, 1, 2, 3, 4, 5, d.width - 6, d.width - 5, d.width - 4, d.width - 3, d.width - 2, d.width - 1})
            side_ink += !test::near(d.at(x, y), colour::ground, 6);
    }
    CHECK(side_ink == 0);
}

board::BoardPicture board_picture(const test::BoardCase& c) {
    const GameSystem* g = test::engine().find(c.ruling.system);
    return board::draw_board(c.board, *c.ruling.board_marks, c.support, c.units, picture::caption_of(c.ruling, g->title(), "test"));
}

// The counter's fill beside its letter (its upper-left part).
canvas::Pt counter_fill(const board::BoardPicture& p, const hex::Cube& h) {
    const float s = std::max(9.0f, p.radius * 0.36f);
    const canvas::Pt c = p.centre(h);
    return {c.x - s * 0.72f, c.y - s * 0.72f};
}

}  // namespace

// =====================================================================================
// canvas
// =====================================================================================

TEST_CASE("canvas: a shape covers exactly its area, its edges anti-aliased", "[picture]") {
    canvas::Canvas c(100, 100, kBlack);
    c.rect(10.5f, 20, 30.25f, 40, kWhite);  // 19.75 x 20 px
    double ink = 0;
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 100; ++x) ink += double(c.at(x, y) >> 24) / 255.0;
    CHECK(ink == Approx(19.75 * 20).margin(20 * 0.01));
    CHECK(int(c.at(10, 30) >> 24) == Approx(128).margin(2));  // half of pixel 10 is covered
    CHECK(int(c.at(30, 30) >> 24) == Approx(64).margin(2));   // a quarter of pixel 30
    CHECK(c.at(20, 30) == kWhite);
    CHECK(c.at(20, 19) == kBlack);
    // Overlapping parts of one shape are painted once: a translucent union stays one shade.
    canvas::Canvas u(40, 20, kBlack);
    u.fill(std::vector<std::vector<canvas::Pt>>{{{0, 0}, {30, 0}, {30, 20}, {0, 20}}, {{10, 0}, {40, 0}, {40, 20}, {10, 20}}}, canvas::rgba(255, 255, 255, 128));
    CHECK(u.at(5, 10) == u.at(20, 10));
}

TEST_CASE("canvas: shapes and text are clipped to the picture and to the clip rectangle", "[picture]") {
    canvas::Canvas c(50, 40, kBlack);
    c.circle({-10, -10}, 30, kWhite);             // mostly outside the picture
    c.stroke({{-100, 20}, {200, 20}}, 4, kWhite);  // across it and beyond both sides
    c.text(*canvas::Fonts::dejavu().regular, 30, {30, 25}, "Umpire runs off", kWhite);
    CHECK(c.at(0, 0) == kWhite);
    CHECK(c.at(49, 20) == kWhite);
    CHECK(c.at(49, 39) != 0);  // every pixel still a colour of the picture
    canvas::Canvas k(50, 50, kBlack);
    k.clip(10, 10, 30, 30);
    k.rect(0, 0, 50, 50, kWhite);
    CHECK(k.at(20, 20) == kWhite);
    CHECK(k.at(5, 5) == kBlack);
    CHECK(k.at(35, 35) == kBlack);
    k.reset_clip();
    k.rect(40, 40, 50, 50, kWhite);
    CHECK(k.at(45, 45) == kWhite);
    CHECK_THROWS_AS(canvas::Canvas(0, 10, kBlack), canvas::PictureError);
    CHECK_THROWS_AS(canvas::Canvas(canvas::Canvas::kMaxSide + 1, 10, kBlack), canvas::PictureError);
}

TEST_CASE("canvas: text through stb_truetype with DejaVu, measured as drawn", "[picture]") {
    const auto& f = *canvas::Fonts::dejavu().bold;
    canvas::Canvas c(400, 60, kBlack);
    const float w = c.text(f, 32, {10, 10}, "BLOCKED", kWhite);
    CHECK(w == Approx(f.width(32, "BLOCKED")));
    int x0 = 400, x1 = -1;
    for (int y = 0; y < 60; ++y)
        for (int x = 0; x < 400; ++x)
            if ((c.at(x, y) >> 24) > 128) x0 = std::min(x0, x), x1 = std::max(x1, x);
    CHECK(x0 >= 10);
    CHECK(x0 <= 14);
    CHECK(float(x1 - 10) == Approx(w).margin(4));
    // The signs the pictures write in words are in the font (no box drawn for them).
    for (char32_t ch : {U'\u2714', U'\u2716', U'\u25B2', U'\u25CF', U'\u2014', U'\u00B7'}) CHECK(f.has(ch));
    // Wrapping keeps every line within the width.
    for (const auto& line : canvas::Canvas::wrap(f, 20, "a sentence long enough to wrap at a narrow width, with a verylongwordthatcannotfit", 120))
        CHECK(f.width(20, line) <= 120);
}

TEST_CASE("canvas: a missing or broken font is a clear error, not a crash", "[picture]") {
    try {
        canvas::Font::load("/nonexistent/DejaVuSans.ttf");
        FAIL("no error");
    } catch (const canvas::PictureError& e) {
        CHECK(std::string(e.what()).find("/nonexistent/DejaVuSans.ttf") != std::string::npos);
        CHECK(std::string(e.what()).find("fonts-dejavu-core") != std::string::npos);
    }
    const std::string not_a_font = test::temp_file("this is not a font", ".ttf");
    CHECK_THROWS_WITH(canvas::Font::load(not_a_font), Catch::Contains("not a TrueType font"));
    CHECK_THROWS_WITH(canvas::Font::load("/tmp"), Catch::Contains("not a regular file"));
}

TEST_CASE("canvas: PNG bytes decode to the very pixels drawn", "[picture]") {
    canvas::Canvas c(64, 48, colour::ground);
    c.circle({32, 24}, 15.5f, colour::referee_call);
    c.line({0, 0}, {63, 47}, 3, canvas::rgba(10, 200, 30, 200));
    const Decoded d = test::decode(c);
    REQUIRE(d.width == 64);
    REQUIRE(d.height == 48);
    for (int y = 0; y < 48; y += 3)
        for (int x = 0; x < 64; x += 3) CHECK(d.at(x, y) == c.at(x, y));
}

TEST_CASE("canvas: write_file writes atomically and refuses a folder, a device, a pipe or a missing folder", "[picture]") {
    const fs::path dir = fresh_dir("write");
    const std::string png = canvas::encode_png(canvas::Canvas(8, 8, kWhite));
    CHECK_FALSE(canvas::write_file(dir / "a.png", png));
    CHECK(test::decode_png(test::read_text(dir / "a.png")).width == 8);
    // Replacing a file: the new picture, and no temporary file left beside it.
    const std::string other = canvas::encode_png(canvas::Canvas(16, 4, kBlack));
    CHECK_FALSE(canvas::write_file(dir / "a.png", other));
    CHECK(test::decode_png(test::read_text(dir / "a.png")).width == 16);
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
    const auto folder = canvas::write_file(dir, png);
    REQUIRE(folder);
    CHECK(folder->find("folder") != std::string::npos);
    const auto missing = canvas::write_file(dir / "no-such-folder" / "b.png", png);
    REQUIRE(missing);
    CHECK(missing->find("does not exist") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "no-such-folder"));
    CHECK(canvas::write_file("/dev/full", png));
    REQUIRE(::mkfifo((dir / "pipe").c_str(), 0600) == 0);
    CHECK(canvas::write_file(dir / "pipe", png));  // refused without opening it (no hang)
    CHECK(fs::is_fifo(dir / "pipe"));
    CHECK(canvas::write_file("", png));
    fs::remove_all(dir);
}

// =====================================================================================
// boards
// =====================================================================================

TEST_CASE("board picture: TANK! woods between the units (10.22D): units, line, blocker and words in place", "[picture][board]") {
    const test::BoardCase c = test::board_case("spi-tank-board-woods-blocks");
    const auto pic = board_picture(c);
    const Decoded d = test::decode(pic.canvas);
    REQUIRE(d.width == pic.canvas.width());
    CHECK(d.width >= 1000);
    CHECK(d.width <= 1800);
    CHECK(pic.radius >= 16);  // hexes large enough to read their numbers
    const view::BoardMarks& m = *c.ruling.board_marks;
    // The firer's counter in the firer's colour, the target's in the target's, at their hexes.
    CHECK(mostly(d, counter_fill(pic, m.firer), colour::lit));
    CHECK(mostly(d, counter_fill(pic, m.target), colour::target));
    // Both hexes lie in the map's band.
    for (const hex::Cube& h : {m.firer, m.target}) {
        CHECK(pic.centre(h).y > pic.map_top);
        CHECK(pic.centre(h).y < pic.map_bottom);
    }
    // The line runs from centre to centre, lit and at least 4 px wide along its whole length.
    const canvas::Pt a = pic.centre(m.firer), b = pic.centre(m.target);
    for (int k = 1; k <= 4; ++k) {
        const float t = (float(k) + 0.3f) / 6.0f;
        CHECK(mostly(d, {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}, colour::lit));
        CHECK(across(d, a, b, t, colour::lit) >= 4);
    }
    // The woods in 0305 that block it: the red cross on that hex.
    const hex::Cube woods = *c.board.parse_hex("0305");
    const canvas::Pt w = pic.centre(woods);
    const int r = int(pic.radius * 0.3f);
    CHECK(test::count_near(d, int(w.x) - r, int(w.y) - r, int(w.x) + r, int(w.y) + r, colour::bad) >= 20);
    // The words: the verdict in the banner in its colour, the reasons and the legend under the map.
    CHECK(test::ink_share(d, 0, int(pic.map_top), colour::ground) > 0.05);
    CHECK(test::ink_share(d, int(pic.map_bottom), d.height, colour::ground) > 0.03);
    CHECK(test::count_near(d, 0, 0, d.width, int(pic.map_top), colour::bad) > 200);  // the ✖ and the red headline
    // No amber anywhere: this ruling is no referee's call.
    CHECK(test::count_near(d, 0, 0, d.width, d.height, colour::referee_call, 20) == 0);
    check_margins(d, pic.map_top, pic.map_bottom);
}

TEST_CASE("board picture: PanzerBlitz routes: the deciding route thick and lit, the other thin", "[picture][board]") {
    const test::BoardCase c = test::board_case("panzerblitz-board-tie-for-the-defender");
    const auto pic = board_picture(c);
    const Decoded d = test::decode(pic.canvas);
    const view::BoardMarks& m = *c.ruling.board_marks;
    REQUIRE(m.lines.size() == 2);
    CHECK(mostly(d, counter_fill(pic, m.firer), colour::lit));
    CHECK(mostly(d, counter_fill(pic, m.target), colour::target));
    int deciding = 0;
    for (const auto& l : m.lines) {
        REQUIRE(l.route.size() == 3);
        for (std::size_t i = 0; i + 1 < l.route.size(); ++i) {
            const canvas::Pt a = pic.centre(l.route[i]), b = pic.centre(l.route[i + 1]);
            if (l.decides) {
                CHECK(mostly(d, {(a.x + b.x) / 2, (a.y + b.y) / 2}, colour::lit));
                CHECK(across(d, a, b, 0.5f, colour::lit) >= 4);
            } else {  // thin, in its own outcome's colour (clear), never lit
                CHECK(across(d, a, b, 0.5f, colour::lit) == 0);
                const int thin = across_green(d, a, b, 0.5f);
                CHECK(thin >= 1);
                CHECK(thin <= 4);
            }
        }
        deciding += l.decides;
    }
    CHECK(deciding == 1);
    // The town-hex on the deciding route, which blocks (note O): its red cross.
    for (const auto& h : m.hexes)
        if (h.mark == view::Mark::blocking) {
            const canvas::Pt p = pic.centre(h.hex);
            const int r = int(pic.radius * 0.3f);
            CHECK(test::count_near(d, int(p.x) - r, int(p.y) - r, int(p.x) + r, int(p.y) + r, colour::bad) >= 20);
        }
    check_margins(d, pic.map_top, pic.map_bottom);
}

TEST_CASE("board picture: Panzer Squadron lines of fire to the target's points, amber only for the real call", "[picture][board]") {
    test::BoardCase c = test::board_case("panzer-squadron-board-line-of-fire-wall-call");
    c.units.faces_corner = true;
    c.units.facing = 0;  // NW, as the example says
    REQUIRE(c.ruling.referee_call);
    const auto pic = board_picture(c);
    const Decoded d = test::decode(pic.canvas);
    const view::BoardMarks& m = *c.ruling.board_marks;
    int lines = 0;
    for (const auto& l : m.lines) {
        if (!l.decides) continue;
        ++lines;
        REQUIRE(l.to.corner >= 0);
        const canvas::Pt a = pic.centre(l.from.hex);
        const canvas::Pt cc = pic.centre(l.to.hex);
        const canvas::Pt corner{cc.x + pic.radius * std::cos(float(M_PI) / 180.0f * (240.0f + 60.0f * float(l.to.corner))),
                                cc.y + pic.radius * std::sin(float(M_PI) / 180.0f * (240.0f + 60.0f * float(l.to.corner)))};
        for (const float t : {0.2f, 0.35f, 0.45f}) CHECK(mostly(d, {a.x + (corner.x - a.x) * t, a.y + (corner.y - a.y) * t}, colour::lit));
    }
    CHECK(lines == 2);
    // The target's facing arrow in the target's colour, beyond its counter towards the NW point.
    const canvas::Pt tc = pic.centre(m.target);
    const canvas::Pt nw{tc.x - pic.radius * 0.5f, tc.y - pic.radius * 0.866f};
    CHECK(test::count_near(d, int(nw.x) - 8, int(nw.y) - 8, int(nw.x) + 8, int(nw.y) + 8, colour::target) >= 10);
    // The referee's call in amber in the words (the ▲ and REFEREE'S CALL, the reasons' box).
    CHECK(test::count_near(d, 0, 0, d.width, int(pic.map_top), colour::referee_call, 20) > 300);
    // The same game's ruling that is no call has no amber at all: from 0302 to 0405 one line
    // crosses the wood in 0304 (the obstacle bonus, PS-obstacle), the other passes it.
    const std::string board = std::string(UMPIRE_SOURCE_DIR) + "/boards/ps-test-small.toml";
    const test::BoardCase plain = test::board_case_at(test::temp_file(
        "system = \"panzer-squadron\"\nquestion = \"line-of-fire\"\nboard = \"" + board + "\"\n[firer]\nhex = \"0302\"\n[target]\nhex = \"0405\"\n"));
    REQUIRE_FALSE(plain.ruling.referee_call);
    const Decoded p = test::decode(board_picture(plain).canvas);
    CHECK(test::count_near(p, 0, 0, p.width, p.height, colour::referee_call, 20) == 0);
}

// =====================================================================================
// tables
// =====================================================================================

namespace {

struct TableCase {
    Ruling ruling;
    tabletop::Sketch sketch;
};

TableCase table_case(const std::string& name) {
    const fs::path file = fs::path(UMPIRE_SOURCE_DIR) / "examples" / (name + ".toml");
    TableCase c;
    c.ruling = test::engine().rule_file(file);
    const toml::table t = parse_toml_file(file, file.string());
    c.sketch = tabletop::load_sketch(file.parent_path() / t["table"].value<std::string>().value_or(""), "table", tabletop::table_systems(test::engine()));
    return c;
}

// A point inside base `b`, a quarter of its width right of its centre (clear of its facing stroke).
plane::Vec2 inside(const tabletop::Base& b) {
    const double f = b.facing * plane::kPi / 180.0;
    const double off = (b.circle ? b.radius : b.width) / 4;
    return {b.at.x + std::cos(f) * off, b.at.y - std::sin(f) * off};
}

}  // namespace

TEST_CASE("table picture: GF9 TANKS hill to hill: the bases in their colours, the sight line lit along its length", "[picture][table]") {
    const TableCase c = table_case("table-gf9-hill-to-hill");
    const auto* view = c.ruling.view_as<tabletop::TableView>();
    REQUIRE(view);
    REQUIRE(view->subjects.size() >= 2);
    const auto pic = tabletop::draw_table(c.sketch, *view, picture::caption_of(c.ruling, "GF9", "test"));
    const Decoded d = test::decode(pic.canvas);
    CHECK(d.width >= 1000);
    CHECK(d.width <= 1800);
    const auto& firer = c.sketch.bases.at(view->subjects[0].index);
    const auto& target = c.sketch.bases.at(view->subjects[1].index);
    CHECK(mostly(d, pic.at(inside(firer)), colour::lit));
    CHECK(mostly(d, pic.at(inside(target)), colour::target));
    REQUIRE(view->sights.size() == 1);
    const canvas::Pt a = pic.at(view->sights[0].line.a), b = pic.at(view->sights[0].line.b);
    int lit = 0, samples = 0;
    for (float t = 0.2f; t <= 0.81f; t += 0.05f, ++samples) lit += mostly(d, {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}, colour::lit);
    CHECK(lit * 10 >= samples * 7);  // names may sit on the line; most of it shows
    CHECK(test::ink_share(d, 0, int(pic.map_top), colour::ground) > 0.05);
    CHECK(test::ink_share(d, int(pic.map_bottom), d.height, colour::ground) > 0.03);
    CHECK(test::count_near(d, 0, 0, d.width, d.height, colour::referee_call, 20) == 0);
    check_margins(d, pic.map_top, pic.map_bottom);
}

TEST_CASE("table picture: A Great Victory! fire over a wall: the wall that gives cover lit in cover's colour", "[picture][table]") {
    const TableCase c = table_case("table-agv-fire-over-the-wall");
    const auto* view = c.ruling.view_as<tabletop::TableView>();
    REQUIRE(view);
    const auto pic = tabletop::draw_table(c.sketch, *view, picture::caption_of(c.ruling, "AGV", "test"));
    const Decoded d = test::decode(pic.canvas);
    std::size_t wall = c.sketch.pieces.size();
    for (const auto& sv : view->sights)
        for (const auto& x : sv.crossed)
            if (x.mark == tabletop::Mark::cover && !x.item.base) wall = x.item.index;
    REQUIRE(wall < c.sketch.pieces.size());
    const auto& piece = c.sketch.pieces[wall];
    const auto& pts = piece.is_line ? piece.line : piece.outline;
    const canvas::Pt p0 = pic.at(pts.front()), p1 = pic.at(pts.back());
    CHECK(test::count_near(d, int(std::min(p0.x, p1.x)) - 6, int(std::min(p0.y, p1.y)) - 6, int(std::max(p0.x, p1.x)) + 6,
                           int(std::max(p0.y, p1.y)) + 6, colour::neutral, 12) > 100);
    for (const auto& sv : view->sights) {  // each stand's line
        const canvas::Pt a = pic.at(sv.line.a), b = pic.at(sv.line.b);
        CHECK(across(d, a, b, 0.4f, colour::lit) >= 3);
    }
    check_margins(d, pic.map_top, pic.map_bottom);
}

// =====================================================================================
// every ruling
// =====================================================================================

TEST_CASE("ruling pictures: every shipped example draws, on its board or table or as words alone", "[picture]") {
    int boards = 0, tables = 0, words = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(UMPIRE_SOURCE_DIR) / "examples")) {
        if (entry.path().extension() != ".toml") continue;
        const toml::table t = parse_toml_file(entry.path(), entry.path().string());
        const Ruling r = test::engine().rule_file(entry.path());
        INFO(entry.path().filename().string());
        const canvas::Canvas c = ruling_picture(test::engine(), {&t, &r, entry.path().parent_path()});
        CHECK(c.width() >= 1000);
        CHECK(c.width() <= 1800);
        CHECK(c.height() < canvas::Canvas::kMaxSide);
        const Decoded d = test::pixels(c);
        CHECK(test::ink_share(d, 0, 200, colour::ground) > 0.03);  // the verdict is drawn
        // Amber only when the ruling is a referee's call.
        if (!r.referee_call) CHECK(test::count_near(d, 0, 0, d.width, d.height, colour::referee_call, 20) == 0);
        (r.board_marks ? boards : r.view_as<tabletop::TableView>() ? tables : words) += 1;
    }
    CHECK(boards >= 6);
    CHECK(tables >= 6);
    CHECK(words >= 10);
}

TEST_CASE("ruling pictures: a ruling on neither board nor table is its words alone", "[picture]") {
    const fs::path file = fs::path(UMPIRE_SOURCE_DIR) / "examples" / "spi-tank-t62-vs-m60a2-side.toml";
    const toml::table t = parse_toml_file(file, file.string());
    const Ruling r = test::engine().rule_file(file);
    REQUIRE_FALSE(r.board_marks);
    const Decoded d = test::decode(ruling_picture(test::engine(), {&t, &r, file.parent_path()}));
    CHECK(d.width == int(picture::kMinWidth));
    CHECK(test::count_near(d, 0, 0, d.width, 200, colour::good) > 200);  // a permitted shot: its ✔ and green headline
    check_margins(d, 0, 0);
}

// OCR: the verdict and the referee's call read back from the picture's words by tesseract (Debian
// tesseract-ocr), as a forum reader would read them. Skipped when tesseract is not installed.
TEST_CASE("ruling pictures: the verdict reads back by OCR", "[picture][ocr]") {
    if (std::system("command -v tesseract >/dev/null 2>&1") != 0) {
        WARN("tesseract is not installed (Debian tesseract-ocr): OCR check skipped");
        return;
    }
    const fs::path dir = fresh_dir("ocr");
    auto read_back = [&](const canvas::Canvas& c, float header, const std::string& name) {
        // The words above the map only (the map's hex numbers are not words to read).
        const Decoded d = test::pixels(c);
        const fs::path png = dir / (name + ".png");
        REQUIRE(stbi_write_png(png.c_str(), d.width, int(header), 4, d.px.data(), d.width * 4) != 0);
        REQUIRE(std::system(("tesseract " + png.string() + " " + (dir / name).string() + " >/dev/null 2>&1").c_str()) == 0);
        return test::read_text((dir / name).string() + ".txt");
    };
    auto expect = [](const Ruling& r, const std::string& read) {
        INFO("read as:\n" << read);
        CHECK(read.find(r.verdict.substr(0, r.verdict.find(" \xe2\x80\x94"))) != std::string::npos);  // the headline's first words
        if (r.referee_call) CHECK(read.find("REFEREE'S CALL") != std::string::npos);
    };
    for (const char* name : {"spi-tank-board-woods-blocks", "panzer-squadron-board-line-of-fire-wall-call"}) {
        const test::BoardCase c = test::board_case(name);
        const auto pic = board_picture(c);
        expect(c.ruling, read_back(pic.canvas, pic.map_top, name));
    }
    const TableCase t = table_case("table-gf9-hill-to-hill");
    const auto pic = tabletop::draw_table(t.sketch, *t.ruling.view_as<tabletop::TableView>(), picture::caption_of(t.ruling, "GF9", "test"));
    expect(t.ruling, read_back(pic.canvas, pic.map_top, "table"));
    // A TANK! shot that may not be taken (fire_permitted false; issue 23: no kill roll for it) says
    // so under its verdict, though its Why still walks the chart (engine/picture.cpp).
    const fs::path file = fs::path(UMPIRE_SOURCE_DIR) / "examples" / "spi-tank-board-woods-blocks.toml";
    const toml::table sit = parse_toml_file(file, file.string());
    const Ruling r = test::engine().rule(sit, file.string());
    const canvas::Canvas c = ruling_picture(test::engine(), {&sit, &r, file.parent_path()});
    const std::string read = read_back(c, std::min(float(c.height()), 300.0f), "no-shot");
    INFO("read as:\n" << read);
    CHECK(read.find("No kill numbers and no") != std::string::npos);
    CHECK(read.find("shot may not be taken") != std::string::npos);
    fs::remove_all(dir);
}
