// Editing and writing boards (src/board/board_edit.hpp; docs/boards.md, "Painting a board").
//
// Sections
//   helpers       the vocabulary, a board from text, a random painter
//   Writing       every shipped board and random boards read back equal; compact; long lists split
//   History       random paint then undo all / redo all; strokes; slopes keep their sloped side
//                 (10.5); bounds; the saved mark
//   Saving        atomic save: read back, and a failed save leaves the old file
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "board/board.hpp"
#include "board/board_edit.hpp"
#include "board/board_support.hpp"
#include "board/underlay.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "support.hpp"

using namespace umpire;
using umpire::hex::Cube;

namespace {

const board::Vocabulary& vocabulary() { return test::tank_vocabulary(); }
board::Board board_from(const std::string& text, const std::string& name = "board.toml") { return test::tank_board(text, name); }

board::Board read_back(const board::Board& b) {
    const std::string text = board::write_board(b);
    INFO(text);
    return board::parse_board(parse_toml_string(text, "written.toml"), "written.toml", b.vocabulary);
}

int feature_index(const std::string& name) {
    const auto& f = vocabulary().hexside_features;
    return int(std::find(f.begin(), f.end(), name) - f.begin());
}
int terrain_index(const std::string& name) {
    const auto& t = vocabulary().hex_terrain;
    return int(std::find(t.begin(), t.end(), name) - t.begin());
}

// One random edit on the board: a hex's terrain, or a hexside's feature (or clearing it).
void random_edit(board::EditHistory& h, board::Board& b, std::mt19937& rng) {
    std::uniform_int_distribution<int> hex(0, b.hex_count() - 1), dir(0, 5);
    const Cube at = b.hex_at(hex(rng));
    const unsigned kind = unsigned(rng() % 3);
    if (kind == 2 && !b.vocabulary.hex_features.empty()) {  // the second per-hex layer (TANK!'s wrecks, 8.62)
        h.set_hex_feature(b, at, int(rng() % (b.vocabulary.hex_features.size() + 1)) - 1);
    } else if (kind != 1) {
        h.set_terrain(b, at, int(rng() % b.vocabulary.hex_terrain.size()));
    } else {
        h.set_side(b, at, dir(rng), int(rng() % (b.vocabulary.hexside_features.size() + 1)) - 1);
    }
}

// Random suggestion marks (board/underlay.hpp) on hexes and hexsides, and sometimes an underlay
// with random clicked points (fractions of a pixel included), so the round trip covers them.
void random_marks(board::Board& b, std::mt19937& rng) {
    for (auto& m : b.suggested_of) m = std::uint8_t(rng() % 3 == 0 ? rng() % 3 : 0);
    for (std::size_t slot = 0; slot < b.sides_of.size(); ++slot)
        if (board::side_of_slot(b, int(slot)) && rng() % 4 == 0) b.sides_of.edit(slot).suggested = std::uint8_t(1 + rng() % 2);
    if (rng() % 2) return;
    board::Underlay u;
    u.image = rng() % 2 ? "scans/my map.jpg" : "/abs/olute \"quoted\".png";
    u.opacity = double(rng() % 101) / 100;
    u.model = rng() % 3 == 0 ? "affine" : "";
    for (int i = 0; i < b.hex_count() && u.points.size() < 9; i += 1 + int(rng() % 7))
        u.points.push_back({b.hex_at(i), double(rng() % 100000) / 7.0, double(rng() % 4000), 0, 0});
    b.underlay = u;
}

const char* kSmall = "system = \"spi-tank\"\ncolumns = 12\nrows = 10\n";

}  // namespace

// ---- Writing ----------------------------------------------------------------------

TEST_CASE("Board edit: every shipped board, written and read back, is the same board", "[boards][board_edit]") {
    namespace fs = std::filesystem;
    int seen = 0;
    for (const auto& entry : fs::directory_iterator(std::string(UMPIRE_SOURCE_DIR) + "/boards")) {
        if (entry.path().extension() != ".toml") continue;
        const std::string name = entry.path().filename().string();
        INFO(name);
        // Each board with its own game's names (TANK!, PanzerBlitz, Panzer Squadron); a joined
        // PanzerBlitz map is read as the one board it makes.
        const std::string system = parse_toml_file(entry.path(), name)["system"].value_or(std::string());
        const GameSystem* game = test::engine().find(system);
        REQUIRE(game);
        REQUIRE(game->board_support());
        const board::Board b = game->board_support()->load(entry.path(), name);
        const board::Board again = read_back(b);
        CHECK(board::equal_boards(b, again));
        // Compact: runs and areas in the shorthand, so the written file is no larger than the
        // hand-written one (whose comments it drops) by more than half again.
        if (b.system == "spi-tank") CHECK(board::write_board(b).size() < entry.file_size() * 3 / 2);
        ++seen;
    }
    CHECK(seen >= 6);
}

TEST_CASE("Board edit: random boards read back the same, in every numbering", "[boards][board_edit]") {
    struct Row { const char* head; const char* why; };
    const Row rows[] = {
        {"system = \"spi-tank\"\ntitle = \"A \\\"quoted\\\" title\\twith a tab\"\nsample = true\nterrain_mode = \"open\"\ncolumns = 12\nrows = 10\n",
         "title escaped, sample flag and terrain mode kept"},
        {"system = \"spi-tank\"\ncolumns = 7\nrows = 9\n[numbering]\nlower_columns = \"odd\"\nside_names = [\"N\", \"NE\", \"SE\", \"S\", \"SW\", \"NW\"]\n",
         "odd columns lower and other side names"},
        {"system = \"spi-tank\"\ncolumns = 1\nrows = 1\n", "a one-hex board"},
        {"system = \"spi-tank\"\ncolumns = 30\nrows = 3\n[numbering]\ncolumn_digits = 3\nrow_digits = 1\n", "CCCR numbers"},
    };
    std::mt19937 rng(1504);
    for (const Row& r : rows) {
        INFO(r.why);
        for (int round = 0; round < 20; ++round) {
            board::Board b = board_from(r.head);
            board::EditHistory h;
            const int edits = int(rng() % 200);
            for (int i = 0; i < edits; ++i) random_edit(h, b, rng);
            if (round % 2) random_marks(b, rng);  // [suggested] and [underlay] (board/underlay.hpp)
            CHECK(board::equal_boards(b, read_back(b)));
        }
    }
}

TEST_CASE("Board edit: areas are written as areas, runs as runs, whole columns and rows by name", "[boards][board_edit]") {
    struct Row { const char* painted; const char* written; };
    const Row rows[] = {
        {"0305..0608", "woods = [\n  \"0305..0608\",\n]"},
        {"0301-0304", "woods = [\n  \"0301-0304\",\n]"},
        {"0203-0703", "woods = [\n  \"0203-0703\",\n]"},
        {"column 4", "woods = [\n  \"column 4\",\n]"},
        {"row 9", "woods = [\n  \"row 9\",\n]"},
        {"1210", "woods = [\n  \"1210\",\n]"},
    };
    for (const Row& r : rows) {
        INFO(r.painted);
        board::Board b = board_from(kSmall);
        board::EditHistory h;
        REQUIRE(h.fill_hexes(b, r.painted, terrain_index("woods")).empty());
        const std::string text = board::write_board(b);
        CHECK(text.find(r.written) != std::string::npos);
        CHECK(text.find("default = \"clear\"") != std::string::npos);
    }
}

TEST_CASE("Board edit: the commonest terrain becomes the default, and a checkerboard splits its long list", "[boards][board_edit]") {
    board::Board b = board_from("system = \"spi-tank\"\ncolumns = 66\nrows = 44\n");
    board::EditHistory h;
    REQUIRE(h.fill_hexes(b, "0101..6644", terrain_index("woods")).empty());
    for (int c = 2; c <= 66; ++c)  // a checkerboard east of column 1: no two rough hexes in a run
        for (int r = 1; r <= 44; ++r)
            if ((c + r) % 2) h.set_terrain(b, b.numbering.to_cube(c, r), terrain_index("rough"));
    // 1430 rough hexes written one by one: more strings than one array may hold (1000).
    const std::string text = board::write_board(b);
    CHECK(text.find("default = \"woods\"") != std::string::npos);
    CHECK(text.find("\nrough = [") != std::string::npos);
    CHECK(text.find("\nrough- = [") != std::string::npos);
    CHECK(board::equal_boards(b, read_back(b)));
}

// ---- History ----------------------------------------------------------------------

TEST_CASE("Board edit: random paint, undo all gives the original, redo all the painted board", "[boards][board_edit]") {
    struct Row { const char* file; unsigned seed; int steps; };
    const Row rows[] = {{"test-small.toml", 1, 50}, {"test-small.toml", 2, 300}, {"sample-66x44.toml", 3, 200}};
    for (const Row& r : rows) {
        INFO(r.file << " seed " << r.seed);
        const board::Board original = board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/" + r.file, r.file, vocabulary());
        board::Board b = original;
        board::EditHistory h;
        std::mt19937 rng(r.seed);
        for (int i = 0; i < r.steps; ++i) {
            if (rng() % 4 == 0) {  // some strokes of several edits
                h.begin_stroke();
                for (int k = 0; k < 5; ++k) random_edit(h, b, rng);
                h.end_stroke();
            } else {
                random_edit(h, b, rng);
            }
        }
        const board::Board painted = b;
        REQUIRE_FALSE(board::equal_boards(painted, original));
        CHECK(h.unsaved());
        while (h.undo(b)) {}
        CHECK(board::equal_boards(b, original));
        CHECK_FALSE(h.unsaved());  // back where it started
        while (h.redo(b)) {}
        CHECK(board::equal_boards(b, painted));
        CHECK(h.unsaved());
    }
}

TEST_CASE("Board edit: a stroke (one drag) is one undo step, each hex recorded once", "[boards][board_edit]") {
    board::Board b = board_from(kSmall);
    const board::Board original = b;
    board::EditHistory h;
    const int woods = terrain_index("woods"), rough = terrain_index("rough");
    h.set_terrain(b, *b.parse_hex("0101"), rough);  // a step before the stroke
    const board::Board before_stroke = b;
    h.begin_stroke();
    for (const char* at : {"0302", "0303", "0304", "0303", "0302"})  // dragged there and back
        h.set_terrain(b, *b.parse_hex(at), woods);
    h.set_side(b, *b.parse_hex("0304"), 3, feature_index("berm"));
    CHECK(h.can_undo());
    h.end_stroke();
    CHECK(h.undo_steps() == 2);
    CHECK(h.recorded_changes() == 1 + 4);  // 0101; then 0302, 0303, 0304 and one hexside
    REQUIRE(h.undo(b));
    CHECK(board::equal_boards(b, before_stroke));
    REQUIRE(h.undo(b));
    CHECK(board::equal_boards(b, original));
    CHECK_FALSE(h.undo(b));
    // Undo during an open stroke ends it first, then undoes it whole.
    h.begin_stroke();
    h.set_terrain(b, *b.parse_hex("0505"), woods);
    h.set_terrain(b, *b.parse_hex("0506"), woods);
    REQUIRE(h.undo(b));
    CHECK(board::equal_boards(b, original));
    CHECK_FALSE(h.in_stroke());
    // Painting what is already there records nothing: no step.
    h.begin_stroke();
    h.set_terrain(b, *b.parse_hex("0505"), terrain_index("clear"));
    h.end_stroke();
    CHECK(h.undo_steps() == 0);
}

TEST_CASE("Board edit: a slope keeps its sloped side through edits, undo and writing (10.5)", "[boards][board_edit]") {
    board::Board b = board_from(kSmall);
    board::EditHistory h;
    const int slope = feature_index("slope"), berm = feature_index("berm");
    const Cube h0505 = *b.parse_hex("0505"), h0506 = *b.parse_hex("0506");
    struct Row { Cube at; int d; int feature; Cube sloped; const char* why; };
    const Row rows[] = {
        {h0505, 3, slope, h0505, "painted from 0505: 0505 is on the sloped side"},
        {h0506, 0, slope, h0506, "the same hexside painted from 0506 turns the slope round"},
        {h0505, 3, berm, h0505, "a berm replaces it"},
    };
    std::vector<board::Board> states{b};
    for (const Row& r : rows) {
        INFO(r.why);
        REQUIRE(h.set_side(b, r.at, r.d, r.feature));
        const board::SideFeature* f = b.side(h0505, 3);
        REQUIRE(f);
        CHECK(f->feature == r.feature);
        CHECK(f->sloped == r.sloped);
        const board::Board again = read_back(b);
        REQUIRE(again.side(h0505, 3));
        CHECK(again.side(h0505, 3)->feature == r.feature);
        if (r.feature == slope) CHECK(again.side(h0506, 0)->sloped == r.sloped);
        states.push_back(b);
    }
    // The berm painted from the other hex is the same hexside state: nothing to record.
    CHECK_FALSE(h.set_side(b, h0506, 0, berm));
    for (std::size_t i = states.size() - 1; i > 0; --i) {
        REQUIRE(h.undo(b));
        CHECK(board::equal_boards(b, states[i - 1]));
    }
    REQUIRE(h.redo(b));
    REQUIRE(h.redo(b));
    CHECK(b.side(h0505, 3)->sloped == h0506);
    // A slope given by a path does not say its sloped side.
    CHECK(h.fill_sides(b, "0505>0506", slope).find("sloped side") != std::string::npos);
    CHECK(h.fill_sides(b, "0505/D-E", slope).empty());
    CHECK(b.side(h0505, 4)->sloped == h0505);
}

TEST_CASE("Board edit: bad edits change nothing", "[boards][board_edit]") {
    board::Board b = board_from(kSmall);
    const board::Board original = b;
    board::EditHistory h;
    struct Row { bool changed; const char* why; };
    const Row rows[] = {
        {h.set_terrain(b, Cube{40, 0, -40}, 1), "a hex off the board"},
        {h.set_terrain(b, *b.parse_hex("0101"), 99), "an unknown terrain"},
        {h.set_terrain(b, *b.parse_hex("0101"), -1), "a negative terrain"},
        {h.set_side(b, *b.parse_hex("0101"), 6, 0), "a direction past F"},
        {h.set_side(b, *b.parse_hex("0101"), 1, 99), "an unknown feature"},
        {h.set_side(b, Cube{0, 0, 0}, 3, 0), "a hexside named from a hex off the board"},
        {h.fill_hexes(b, "0101..1399", 1).empty(), "a shorthand reaching off the board"},
        {h.fill_sides(b, "0101/Q", 0).empty(), "a side name that is none"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        CHECK_FALSE(r.changed);
    }
    CHECK(h.fill_hexes(b, "0101..1399", 1).find("off the board") != std::string::npos);
    CHECK(board::equal_boards(b, original));
    CHECK(h.undo_steps() == 0);
    CHECK_FALSE(h.unsaved());
}

TEST_CASE("Board edit: the history is bounded, oldest steps first", "[boards][board_edit]") {
    struct Row { std::size_t steps, changes; int strokes, per_stroke; std::size_t kept; };
    const Row rows[] = {
        {10, 1000, 25, 1, 10},   // by the number of steps
        {100, 12, 25, 4, 3},     // by the changes recorded: 3 steps of 4
        {100, 2, 3, 5, 1},       // a step larger than the bound is still kept (the newest)
    };
    for (const Row& r : rows) {
        board::Board b = board_from(kSmall);
        board::EditHistory h({r.steps, r.changes});
        int next = 0;
        for (int s = 0; s < r.strokes; ++s) {
            h.begin_stroke();
            for (int k = 0; k < r.per_stroke; ++k) h.set_terrain(b, b.hex_at(next++ % b.hex_count()), 1 + s % 3);
            h.end_stroke();
        }
        CHECK(h.undo_steps() == r.kept);
        CHECK(h.recorded_changes() <= std::max(r.changes, std::size_t(r.per_stroke)));
        while (h.undo(b)) {}
        CHECK(h.unsaved());  // the saved state was dropped: it cannot be reached again
    }
}

TEST_CASE("Board edit: the saved mark and the revision", "[boards][board_edit]") {
    board::Board b = board_from(kSmall);
    board::EditHistory h;
    const Cube at = *b.parse_hex("0606");
    const auto r0 = h.revision();
    CHECK_FALSE(h.unsaved());
    h.set_terrain(b, at, 1);
    CHECK(h.revision() != r0);
    CHECK(h.unsaved());
    h.mark_saved();
    CHECK_FALSE(h.unsaved());
    h.set_terrain(b, at, 2);
    CHECK(h.unsaved());
    h.undo(b);
    CHECK_FALSE(h.unsaved());  // undone back to what was saved
    h.undo(b);
    CHECK(h.unsaved());
    h.redo(b);
    CHECK_FALSE(h.unsaved());
    h.set_terrain(b, at, 2);  // a new edit drops the redo step
    CHECK_FALSE(h.can_redo());
    h.reset();
    CHECK_FALSE(h.unsaved());
    CHECK_FALSE(h.can_undo());
}

// ---- Saving -----------------------------------------------------------------------

TEST_CASE("Board edit: save_board writes atomically and a failed save keeps the old file", "[boards][board_edit]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("umpire-board-edit-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    board::Board b = board_from(kSmall);
    board::EditHistory h;
    h.fill_hexes(b, "0202..0404", terrain_index("woods"));
    h.set_side(b, *b.parse_hex("0808"), 2, feature_index("slope"));
    const fs::path file = dir / "painted.toml";
    REQUIRE_FALSE(board::save_board(b, file));
    const board::Board loaded = board::load_board(file, "painted.toml", vocabulary());
    CHECK(board::equal_boards(b, loaded));

    struct Row { fs::path where; const char* says; };
    const Row rows[] = {
        {dir / "no-such-folder" / "x.toml", "cannot create a file in"},
        {dir, "cannot replace"},  // a folder in the way: the rename fails
    };
    for (const Row& r : rows) {
        INFO(r.where.string());
        const auto err = board::save_board(b, r.where);
        REQUIRE(err);
        CHECK(err->find(r.says) != std::string::npos);
    }
    // Nothing half-written left behind, and the saved file untouched.
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    CHECK(files == 1);
    CHECK(board::equal_boards(board::load_board(file, "painted.toml", vocabulary()), b));
    fs::remove_all(dir);
}

// ---- The second per-hex layer ----------------------------------------------------------

// PanzerBlitz keeps single-hex woods and town ([hex_features]; a woods or
// town hex blocks sight, notes A, B, N of the line-of-sight chart) apart from the hex's elevation terrain; painting one, clearing it, undo
// and redo must move only that layer and survive writing the board back.
TEST_CASE("Board edit: set_hex_feature paints, clears, undoes and writes the second layer", "[boards][board_edit]") {
    const GameSystem* game = test::engine().find("panzerblitz");
    REQUIRE(game);
    REQUIRE(game->board_support());
    const std::string file = std::string(UMPIRE_SOURCE_DIR) + "/boards/panzerblitz-test-small.toml";
    const board::Board original = game->board_support()->load(file, "panzerblitz-test-small.toml");
    board::Board b = original;
    const auto& names = b.vocabulary.hex_features;
    const int woods = int(std::find(names.begin(), names.end(), "woods-hex") - names.begin());
    const int town = int(std::find(names.begin(), names.end(), "town-hex") - names.begin());
    REQUIRE(woods < int(names.size()));
    REQUIRE(town < int(names.size()));
    const Cube h0808 = *b.parse_hex("0808"), h0502 = *b.parse_hex("0502"), h0101 = *b.parse_hex("0101");
    REQUIRE(b.hex_feature(h0808) == woods);
    const int terrain_0808 = b.terrain_index(h0808);

    board::EditHistory h;
    struct Row { Cube at; int feature; bool changes; const char* why; };
    const Row rows[] = {
        {h0101, town, true, "a bare hex gets a town"},
        {h0101, town, false, "painting the same feature again is no change"},
        {h0808, -1, true, "clearing the woods"},
        {h0502, woods, true, "town becomes woods"},
        {h0502, int(names.size()), false, "an unknown feature changes nothing"},
        {hex::Cube{-50, 25, 25}, woods, false, "off the board changes nothing"},
    };
    for (const Row& r : rows) {
        INFO(r.why);
        CHECK(h.set_hex_feature(b, r.at, r.feature) == r.changes);
    }
    CHECK(b.hex_feature(h0101) == town);
    CHECK(b.hex_feature(h0808) == -1);
    CHECK(b.hex_feature(h0502) == woods);
    CHECK(b.terrain_index(h0808) == terrain_0808);  // the elevation layer is untouched
    CHECK(h.undo_steps() == 3);
    CHECK(board::equal_boards(read_back(b), b));
    CHECK_FALSE(board::equal_boards(b, original));

    while (h.undo(b)) {}
    CHECK(board::equal_boards(b, original));
    CHECK(b.hex_feature(h0808) == woods);
    while (h.redo(b)) {}
    CHECK(b.hex_feature(h0101) == town);
    CHECK(b.hex_feature(h0502) == woods);

    // A board whose game has no second layer: nothing to paint. (TANK! has one since issue 22:
    // its wrecks, 8.62.)
    board::Vocabulary plain = vocabulary();
    plain.hex_features.clear();
    board::Board none = board::parse_board(parse_toml_string(kSmall, "plain.toml"), "plain.toml", plain);
    CHECK_FALSE(h.set_hex_feature(none, none.hex_at(0), 0));
    board::Board tank = board_from(kSmall);
    CHECK(h.set_hex_feature(tank, tank.hex_at(0), 0));
}
