// A board's picture and its suggestions (src/board/underlay.hpp; docs/boards.md "Underlay and
// suggestions", docs/maps.md): [underlay] and [suggested] read, checked, written back; painting
// or accepting a suggestion confirms it, and undo brings the mark back; rulings read a suggested
// hex as what it suggests.
//
// Sections
//   Reading     both sections read; the calibration from the file's points
//   Bad input   each problem once, located FILE:LINE:COL
//   Editing     paint confirms, accept confirms, undo restores; equal_boards sees the marks;
//               many or all accepted as one undo step, saved: the [suggested] lists shrink
//   Save as     the picture's path rewritten for the new file's folder
//   Rulings     a suggested woods hex blocks as woods; `board check` counts what is unconfirmed
//   Picture     the ruling's picture draws the board's own picture under the hexes
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "board/underlay.hpp"
#include "core/image.hpp"
#include "games/spi_tank/board.hpp"
#include "geometry/hex_layout.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

const board::Vocabulary& vocabulary() { return test::tank_vocabulary(); }
board::Board board_from(const std::string& text) { return test::tank_board(text, "b.toml"); }

// The one diagnostic a bad board gives, as "LINE:COL: message".
std::string problem(const std::string& text) {
    try {
        (void)board_from(text);
    } catch (const InputError& e) {
        REQUIRE(e.diagnostics().size() == 1);
        const auto& d = e.diagnostics()[0];
        return std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message;
    }
    return "(no problem)";
}

Cube at(const board::Board& b, const char* hex) { return *b.parse_hex(hex); }
int terrain(const std::string& name) {
    const auto& t = vocabulary().hex_terrain;
    return int(std::find(t.begin(), t.end(), name) - t.begin());
}

// A 12 x 10 board with a picture 20 pixels a board unit, shifted (10, 20), and suggestions.
const char* kSuggested = R"(system = "spi-tank"
columns = 12
rows = 10

[hexes]
woods = ["0304", "0305"]

[hexsides]
berm = ["0504/B"]

[underlay]
image = "scan.jpg"
opacity = 0.4
points = [
  { hex = "0101", pixel = [40, 37.32050807568877] },
  { hex = "1201", pixel = [370, 54.64101615137754] },
  { hex = "0110", pixel = [40, 349.08965343808666] },
  { hex = "1210", pixel = [370, 366.4101615137754] },
]

[suggested]
hexes = ["0101..1210"]
hexsides = ["0504/B", "0706/C"]
unsure_hexes = ["0305"]
unsure_hexsides = ["0706/C"]
)";

}  // namespace

// ---- Reading ----------------------------------------------------------------------------

TEST_CASE("underlay: the picture, its opacity and its points are read, and the calibration fits them", "[boards][underlay]") {
    const board::Board b = board_from(kSuggested);
    REQUIRE(b.underlay);
    CHECK(b.underlay->image == "scan.jpg");
    CHECK(b.underlay->opacity == 0.4);
    REQUIRE(b.underlay->points.size() == 4);
    CHECK(b.underlay->points[1].hex == at(b, "1201"));
    CHECK(b.underlay->points[3].x == 370);
    CHECK(board::underlay_path(b, "/maps/club/my-map.toml") == std::filesystem::path("/maps/club/scan.jpg"));
    // The points lie on the map 20 px a unit, shifted (10, 20): the fit gives it back.
    const calibration::Fit f = board::underlay_fit(b, plane::Vec2{400, 420});
    REQUIRE(f.ok);
    for (const char* h : {"0505", "1009"}) {
        const plane::Vec2 c = hex::plane_centre(at(b, h)), p = f.to_pixel.apply(c);
        CHECK(p.x == Approx(c.x * 20 + 10).margin(1e-6));
        CHECK(p.y == Approx(c.y * 20 + 20).margin(1e-6));
    }
    // The picture is smaller than the clicks: refused, naming the point.
    CHECK_THAT(board::underlay_fit(b, plane::Vec2{300, 300}).error, Catch::Contains("point 2 (hex 1201)") && Catch::Contains("off the picture"));
}

TEST_CASE("suggested: the marks are read, counted, and written back", "[boards][underlay]") {
    const board::Board b = board_from(kSuggested);
    const board::Suggestions s = board::count_suggestions(b);
    CHECK(s.hexes == 120);
    CHECK(s.hexsides == 2);
    REQUIRE(s.unsure_hexes.size() == 1);
    CHECK(b.hex_at(s.unsure_hexes[0]) == at(b, "0305"));
    REQUIRE(s.unsure_sides.size() == 1);
    CHECK(b.side_name(s.unsure_sides[0].first, s.unsure_sides[0].second) == "0706/C");
    // A suggested hexside with no feature: "suggested none", unsure.
    CHECK(b.side(at(b, "0706"), 2) == nullptr);
    const std::string text = board::write_board(b);
    CHECK_THAT(text, Catch::Contains("[underlay]\nimage = \"scan.jpg\"\nopacity = 0.4\npoints = [\n  { hex = \"0101\", pixel = [40, 37.32050807568877] },"));
    CHECK_THAT(text, Catch::Contains("[suggested]\nhexes = [\n  \"0101..1210\",\n]"));
    CHECK_THAT(text, Catch::Contains("unsure_hexes = [\n  \"0305\",\n]"));
    const board::Board again = board::parse_board(parse_toml_string(text, "w.toml"), "w.toml", vocabulary());
    CHECK(board::equal_boards(b, again));
}

// ---- Bad input ---------------------------------------------------------------------------

TEST_CASE("underlay and suggested: each problem once, located", "[boards][underlay]") {
    const std::string head = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";
    struct Row { std::string body, expected; };
    const Row rows[] = {
        {"[underlay]\nopacity = 0.5\n", "4:1: underlay.image: missing required key"},
        {"[underlay]\nimage = \"\"\n", "5:9: underlay.image: expected the picture's file name"},
        {"[underlay]\nimage = \"a.png\"\nopacity = 2\n", "6:11: underlay.opacity: 2 is out of range (accepted: 0 to 1)"},
        {"[underlay]\nimage = \"a.png\"\nopacity = nan\n", "6:11: underlay.opacity: expected a number from 0 (hidden) to 1 (opaque)"},
        {"[underlay]\nimage = \"a.png\"\nmodel = \"fisheye\"\n", "6:9: underlay.model:"},
        {"[underlay]\nimage = \"a.png\"\npoints = [{ hex = \"1311\", pixel = [1, 2] }]\n", "6:19: underlay.points[0].hex: \"1311\" is not a hex of this board"},
        {"[underlay]\nimage = \"a.png\"\npoints = [{ hex = \"0101\", pixel = [-1, 2] }]\n", "6:35: underlay.points[0].pixel: expected [x, y]"},
        {"[underlay]\nimage = \"a.png\"\npoints = [{ hex = \"0101\" }]\n", "6:11: underlay.points[0].pixel: missing required key"},
        {"[underlay]\nimage = \"a.png\"\npoints = [{ hex = \"0101\", pixel = [1, 2] }, { hex = \"0101\", pixel = [5, 6] }]\n",
         "6:45: underlay.points: hex 0101 is clicked twice (also line 6): one point a hex"},
        {"[underlay]\nimage = \"a.png\"\nscale = 3\n", "6:9: underlay.scale: unknown key (accepted keys here: image, opacity, model, points)"},
        {"[suggested]\nhexes = [\"0101..1311\"]\n", "5:10: suggested.hexes: hex 1311 is off the board"},
        {"[suggested]\nhexsides = [\"0101/Q\"]\n", "5:13: suggested.hexsides: 'Q' is not a hexside name"},
        {"[suggested]\nhexes = \"0101\"\n", "5:9: suggested.hexes: expected an array of hex strings, got a string"},
        {"[suggested]\nwoods = [\"0101\"]\n", "5:9: suggested.woods: unknown key (accepted keys here: hexes, hexsides, unsure_hexes, unsure_hexsides)"},
    };
    for (const Row& r : rows) {
        INFO(r.body);
        CHECK_THAT(problem(head + r.body), Catch::StartsWith(r.expected));
    }
    // More points than a board keeps.
    std::string many = head + "[underlay]\nimage = \"a.png\"\npoints = [";
    for (int i = 0; i < 65; ++i) many += "{ hex = \"" + board_from(head).name(board_from(head).hex_at(i)) + "\", pixel = [1, 2] },";
    CHECK_THAT(problem(many + "]\n"), Catch::Contains("65 points (accepted: at most 64)"));
}

// ---- Editing -------------------------------------------------------------------------------

TEST_CASE("suggested: painting confirms, accepting confirms, undo brings the mark back", "[boards][underlay]") {
    board::Board b = board_from(kSuggested);
    const board::Board original = b;
    board::EditHistory h;
    const Cube woods = at(b, "0304"), plain = at(b, "0808");
    // Painting a suggested hex the terrain it already has confirms it (one undo step).
    REQUIRE(h.set_terrain(b, woods, terrain("woods")));
    CHECK(b.suggested_of[std::size_t(b.index(woods))] == board::suggestion::none);
    CHECK(board::count_suggestions(b).hexes == 119);
    CHECK_FALSE(board::equal_boards(b, original));
    // Painting it again changes nothing.
    CHECK_FALSE(h.set_terrain(b, woods, terrain("woods")));
    // Accepting a hex as it stands.
    REQUIRE(h.confirm(b, plain));
    CHECK(b.terrain(plain) == "clear");
    CHECK(b.suggested_of[std::size_t(b.index(plain))] == board::suggestion::none);
    CHECK_FALSE(h.confirm(b, plain));
    // A hexside: accepting the suggested berm keeps the berm and clears the mark.
    REQUIRE(h.confirm_side(b, at(b, "0504"), 1));
    REQUIRE(b.side(at(b, "0504"), 1));
    CHECK(b.side(at(b, "0504"), 1)->suggested == board::suggestion::none);
    // Clearing an unsure "none" hexside confirms there is nothing there.
    REQUIRE(h.set_side(b, at(b, "0706"), 2, -1));
    CHECK(board::count_suggestions(b).hexsides == 0);
    // Undo all: every mark is back.
    while (h.undo(b)) {}
    CHECK(board::equal_boards(b, original));
    // A stroke that paints the terrain and then the same hex's feature layer undoes in order.
    while (h.redo(b)) {}
    CHECK(board::count_suggestions(b).hexes == 118);
}

TEST_CASE("suggested: many or all accepted at once, each one undo step, and the saved file's lists shrink", "[boards][underlay]") {
    board::Board b = board_from(kSuggested);
    const board::Board original = b;
    board::EditHistory h;
    // "Accept all shown" in the window: the unsure hex 0305, the unsure hexside 0706/C (a
    // suggested "none") and 0808, accepted a moment before (no longer a suggestion: not counted).
    REQUIRE(h.confirm(b, at(b, "0808")));
    const std::size_t steps = h.undo_steps();
    CHECK(h.confirm_many(b, {at(b, "0305"), at(b, "0808")}, {{at(b, "0706"), 2}}) == 2);  // 0808 was no longer a suggestion
    CHECK(h.undo_steps() == steps + 1);
    board::Suggestions s = board::count_suggestions(b);
    CHECK(s.unsure_hexes.empty());
    CHECK(s.unsure_sides.empty());
    CHECK(s.hexes == 118);
    CHECK(s.hexsides == 1);
    CHECK(b.terrain(at(b, "0305")) == "woods");  // accepted as it stands
    // Saved: the unsure lists are gone, the rest still listed.
    std::string text = board::write_board(b);
    CHECK_THAT(text, !Catch::Contains("unsure_hexes") && !Catch::Contains("unsure_hexsides") && Catch::Contains("[suggested]"));
    // "Accept the rest": every suggestion left, one step; the [suggested] section goes.
    CHECK(h.confirm_all(b) == 119);
    CHECK(h.undo_steps() == steps + 2);
    CHECK_FALSE(board::count_suggestions(b).any());
    text = board::write_board(b);
    CHECK_THAT(text, !Catch::Contains("[suggested]"));
    const board::Board again = board::parse_board(parse_toml_string(text, "w.toml"), "w.toml", vocabulary());
    CHECK(board::equal_boards(b, again));
    CHECK(h.confirm_all(b) == 0);  // nothing left: no step
    CHECK(h.undo_steps() == steps + 2);
    // Ctrl+Z: the marks come back, one step at a time.
    REQUIRE(h.undo(b));
    CHECK(board::count_suggestions(b).hexes == 118);
    REQUIRE(h.undo(b));
    CHECK(board::count_suggestions(b).unsure_hexes.size() == 1);
    REQUIRE(h.undo(b));
    CHECK(board::equal_boards(b, original));
}

// ---- Save as -------------------------------------------------------------------------------

TEST_CASE("save as: the picture's path is rewritten for the new file, and the picture is still found", "[boards][underlay]") {
    namespace fs = std::filesystem;
    const fs::path root = fs::path(test::temp_file("")).parent_path() / "underlay-save-as";
    fs::remove_all(root);
    fs::create_directories(root / "maps" / "club");
    fs::create_directories(root / "elsewhere");
    {
        std::ofstream(root / "maps" / "scan.jpg") << "not read here";
    }
    board::Board b = board_from(kSuggested);
    b.file = (root / "maps" / "mine.toml").string();
    struct Row { fs::path to; std::string image; };  // where it is saved, the image as written there
    const Row rows[] = {
        {root / "maps" / "mine-2.toml", "scan.jpg"},             // beside it: as written
        {root / "maps" / "club" / "mine.toml", "../scan.jpg"},   // into a subfolder
        {root / "elsewhere" / "mine.toml", "../maps/scan.jpg"},  // into another folder
    };
    for (const Row& r : rows) {
        INFO(r.to.string());
        CHECK(board::underlay_image_for(b, r.to) == r.image);
        board::Board saved = b;
        REQUIRE_FALSE(board::save_board_as(saved, r.to));
        CHECK(saved.file == r.to.string());
        CHECK(saved.underlay->image == r.image);
        // Read back from its new place, the board names the same picture, which exists.
        const board::Board again = board::load_board(r.to, r.to.string(), vocabulary());
        REQUIRE(again.underlay);
        CHECK(again.underlay->image == r.image);
        CHECK(fs::equivalent(board::underlay_path(again, again.file), root / "maps" / "scan.jpg"));
    }
    // Text kept elsewhere (the window's recovered-*.toml): the picture's absolute path.
    CHECK(board::underlay_image_for(b, {}) == (root / "maps" / "scan.jpg").string());
    CHECK_THAT(board::write_board_at(b, {}), Catch::Contains("image = " + board::toml_quoted((root / "maps" / "scan.jpg").string())));
    // An absolute image stays as written; a board without a picture has none to rewrite.
    board::Board absolute = b;
    absolute.underlay->image = "/scans/x.png";
    CHECK(board::underlay_image_for(absolute, root / "elsewhere" / "a.toml") == "/scans/x.png");
    board::Board unfiled = b;  // made in memory (board from-image): its image is for the file it is saved as
    unfiled.file.clear();
    CHECK(board::underlay_image_for(unfiled, root / "elsewhere" / "a.toml") == "scan.jpg");
    board::Board bare = board_from("system = \"spi-tank\"\ncolumns = 2\nrows = 2\n");
    CHECK(board::underlay_image_for(bare, root / "a.toml").empty());
    // A save that fails leaves the board as it was.
    board::Board failing = b;
    CHECK(board::save_board_as(failing, root / "no-such-folder" / "deeper" / "x.toml"));
    CHECK(failing.file == b.file);
    CHECK(failing.underlay->image == "scan.jpg");
    fs::remove_all(root);
}

// ---- Rulings ---------------------------------------------------------------------------------

TEST_CASE("suggested: rulings read a suggested hex as what it suggests, and board check counts them", "[boards][underlay]") {
    const board::Board b = board_from(kSuggested);
    const spi_tank::Data& d = test::engine().get<spi_tank::SpiTank>()->data();
    // 0304 is suggested woods: it blocks the line from 0303 to 0306 across it as woods does (10.22D).
    const auto los = spi_tank::line_of_sight(b, spi_tank::los_rules(d, b, spi_tank::Mode::mixed), at(b, "0303"), at(b, "0306"));
    CHECK(los.verdict == spi_tank::Sight::blocked);
    const std::string file = test::temp_file(kSuggested);
    const test::CliResult r = test::run_cli("board check " + file);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("suggested from the picture, not yet confirmed: 120 hexes, 2 hexsides"));
    CHECK_THAT(r.out, Catch::Contains("check these first: 0305, 0706/C"));
    CHECK_THAT(r.err, Catch::Contains(":21:1: warning: suggested: 120 hexes and 2 hexsides are suggestions from the picture"));
}

// ---- The ruling's picture ----------------------------------------------------------------------

TEST_CASE("underlay: the ruling's picture draws the board's own picture under the hexes", "[boards][underlay][picture]") {
    // Issue 24: the picture under the hexes in the board view, Paint mode and the ruling's picture.
    // A plain magenta scan at opacity 1 shows wherever no hex glyph, number or line is drawn; with
    // the picture unreadable the ruling's picture is still drawn, without it (exit 0).
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(test::temp_file("")).parent_path() / "underlay-picture";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::string board = kSuggested;
    const std::string was = "image = \"scan.jpg\"\nopacity = 0.4";
    board.replace(board.find(was), was.size(), "image = \"scan.png\"\nopacity = 1.0");
    board.erase(board.find("\n[suggested]"));
    std::ofstream(dir / "mine.toml") << board << "\n";
    std::ofstream(dir / "sit.toml") << "system = \"spi-tank\"\nterrain_mode = \"open\"\nboard = \"mine.toml\"\n"
                                       "[firer]\nunit = \"T62\"\nhex = \"0203\"\n[target]\nunit = \"M60A2\"\nhex = \"0808\"\naspect = \"front\"\n";
    auto magenta_share = [&](const char* scan_text) {
        if (scan_text) {
            std::ofstream(dir / "scan.png", std::ios::binary) << scan_text;
        } else {
            image::Image scan = image::blank(400, 420, 3);
            for (int y = 0; y < scan.height; ++y)
                for (int x = 0; x < scan.width; ++x) {
                    std::uint8_t* p = scan.at(x, y);
                    p[0] = 255, p[1] = 0, p[2] = 255;
                }
            REQUIRE_FALSE(image::write_png(dir / "scan.png", scan));
        }
        const auto r = test::run_cli("rule " + (dir / "sit.toml").string() + " --png=" + (dir / "out.png").string());
        INFO(r.err);
        REQUIRE(r.status == 0);
        const image::Image out = image::read_image(dir / "out.png", "out.png");
        long magenta = 0;
        for (int y = 0; y < out.height; ++y)
            for (int x = 0; x < out.width; ++x) {
                const std::uint8_t* p = out.at(x, y);
                magenta += p[0] == 255 && p[1] == 0 && p[2] == 255;
            }
        return double(magenta) / double(out.width * out.height);
    };
    CHECK(magenta_share("not a picture") == 0);  // unreadable: drawn without it
    CHECK(magenta_share(nullptr) > 0.15);        // the map is a good part of the picture
    fs::remove_all(dir);
}
