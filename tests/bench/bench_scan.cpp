// Boards from a picture (issue 24, docs/maps.md "How well it works"): the suggestion of a whole
// map from a synthetic scan or photo (tests/scan_render.hpp), timed, with its figures as counters:
//   centre_error   the worst hex centre after calibrating from 9 clicks up to 1 px off, in hexes (goal < 0.05)
//   hexes_right    the share of hexes suggested right (goal for TANK!: >= 0.97)
//   side_f1        the hexside features' F1 (goal for TANK!: >= 0.85), with side_precision, side_recall
//   unsure_hexes, unsure_sides   how many the referee is asked to check first
//   wrong_unsure   of the wrong hexes, the share listed unsure
//   wrong_sides, wrong_sides_sure   hexsides suggested wrong, and of them those not listed unsure
//                  (silently wrong: found only by looking over the board)
//   pixels         the picture's size in pixels
//   cpu_ms_all_threads  processor time of one suggestion summed over its threads (the wall time,
//                  "Time", depends on the cores free; "CPU" counts the main thread only)
// Each picture is rendered once (outside the timing); the time is the suggestion alone (sampling,
// light, naming, the board filled), which the goal puts under a second for 66 x 44.
// Run with `./dev bench` (or build/umpire_bench --benchmark_filter=Suggest).
#include <benchmark/benchmark.h>

#include <ctime>
#include <map>
#include <memory>

#include "../scan_render.hpp"
#include "board/board_support.hpp"
#include "engine/engine.hpp"

namespace {

namespace scan = umpire::test::scan;
using namespace umpire;

const Engine& engine() {
    static const Engine e(UMPIRE_SOURCE_RULES_DATA);
    return e;
}

board::Board shipped(const std::string& system, const std::string& file) {
    return engine().find(system)->board_support()->load(std::string(UMPIRE_SOURCE_DIR) + "/boards/" + file, file);
}

// One picture with its calibration and examples, made once per case.
struct Case {
    board::Board truth;
    scan::Scan picture;
    calibration::Fit fit;
    std::vector<board::Example> examples;
    double centre_error = 0;
};

Case make(const std::string& system, const std::string& file, const scan::Style& style, const scan::Shot& shot) {
    Case c;
    c.truth = shipped(system, file);
    c.picture = scan::render(c.truth, style, shot);
    const auto& b = c.truth;
    c.fit = calibration::calibrate_board(scan::clicks(b, c.picture, 1.0, shot.seed + 11),
                                         {b.numbering.to_cube(1, 1), b.numbering.to_cube(b.columns, 1), b.numbering.to_cube(b.columns, b.rows),
                                          b.numbering.to_cube(1, b.rows)},
                                         calibration::Model::automatic,
                                         plane::Vec2{double(c.picture.picture.width), double(c.picture.picture.height)});
    for (int i = 0; i < b.hex_count(); ++i) {
        const plane::Vec2 p = hex::plane_centre(b.hex_at(i));
        c.centre_error = std::max(c.centre_error, plane::distance(c.fit.to_pixel.apply(p), c.picture.to_pixel.apply(p)) /
                                                      (c.picture.to_pixel.scale_at(p) * hex::kHexSpacing));
    }
    c.examples = scan::examples(b, c.picture, 2, 1.0, shot.seed + 23);
    return c;
}

void run(benchmark::State& state, const Case& c) {
    if (!c.fit.ok) {
        state.SkipWithError(("calibration refused: " + c.fit.error).c_str());
        return;
    }
    board::Board got;
    board::Suggestion s;
    const std::clock_t cpu0 = std::clock();  // the whole process: every thread's time
    for (auto _ : state) {
        got = board::Board{};
        got.system = c.truth.system, got.vocabulary = c.truth.vocabulary, got.numbering = c.truth.numbering;
        got.resize(c.truth.columns, c.truth.rows);
        s = board::suggest(got, c.picture.picture, c.fit.to_pixel, c.examples);
        benchmark::DoNotOptimize(got.terrain_of.data());
    }
    if (!s.ok()) {
        state.SkipWithError(s.error.c_str());
        return;
    }
    state.counters["cpu_ms_all_threads"] = 1000.0 * double(std::clock() - cpu0) / CLOCKS_PER_SEC / double(state.iterations());
    const scan::Score score = scan::score(c.truth, got);
    state.counters["centre_error"] = c.centre_error;
    state.counters["hexes_right"] = score.hex_accuracy();
    state.counters["side_f1"] = score.side_f1();
    state.counters["side_precision"] = score.side_precision();
    state.counters["side_recall"] = score.side_recall();
    state.counters["unsure_hexes"] = double(s.unsure_hexes.size());
    state.counters["unsure_sides"] = double(s.unsure_sides.size());
    const int wrong = score.hexes - score.hexes_right;
    state.counters["wrong_unsure"] = wrong ? double(score.wrong_hexes_unsure) / wrong : 1.0;
    state.counters["wrong_sides"] = score.wrong_sides;
    state.counters["wrong_sides_sure"] = score.wrong_sides - score.wrong_sides_unsure;
    state.counters["hexes"] = double(c.truth.hex_count());
    state.counters["pixels"] = double(c.picture.picture.width) * c.picture.picture.height;
}

// The pictures measured, each registered as BM_Suggest<name>.
struct Spec {
    const char* name;
    const char* system;
    const char* file;
    scan::Style (*style)();
    scan::Shot shot;
};
scan::Shot poor() {
    scan::Shot s = scan::photo(0.2, 3.5, 0.5, 9);
    s.scale = 16, s.noise = 8, s.jpeg_quality = 60;
    return s;
}
const Spec kSpecs[] = {
    // TANK!'s 66 x 44 sample map scanned at 24 px a board unit (a hex 42 px across: a 22 x 34 in
    // map at about 70 dpi), turned 2.5 degrees, the light falling 30% across it, noise 4, JPEG 80.
    {"TankScan", "spi-tank", "sample-66x44.toml", scan::tank_style, scan::Shot{}},
    // The same map photographed: the far side 15% smaller, turned -4 degrees, the light falling 40%.
    {"TankPhoto", "spi-tank", "sample-66x44.toml", scan::tank_style, scan::photo(0.15, -4, 0.4, 7)},
    // A poor picture: 16 px a board unit (about 47 dpi), the far side 20% smaller, light falling
    // 50%, noise 8 levels, JPEG 60. Where the method starts to miss.
    {"TankPoor", "spi-tank", "sample-66x44.toml", scan::tank_style, poor()},
    // PanzerBlitz: the two-board sample map (20 x 16): six elevations as shades of brown, single-hex
    // woods and towns, seven kinds of coloured hexside symbol (green and hilltop-green alike, note N).
    {"PanzerBlitzScan", "panzerblitz", "panzerblitz-sample-map.toml", scan::panzerblitz_style, scan::photo(0, 2.5, 0.3, 3)},
    {"PanzerBlitzPhoto", "panzerblitz", "panzerblitz-sample-map.toml", scan::panzerblitz_style, scan::photo(0.15, -3, 0.4, 4)},
    // Panzer Squadron's 40 x 28 sample board: obstacle hexes and obstacle hexsides.
    {"PanzerSquadronScan", "panzer-squadron", "ps-sample-40x28.toml", scan::panzer_squadron_style, scan::photo(0, 2.5, 0.3, 5)},
};

[[maybe_unused]] const bool kRegistered = [] {
    for (const Spec& spec : kSpecs)
        benchmark::RegisterBenchmark((std::string("BM_Suggest") + spec.name).c_str(),
                                     [&spec](benchmark::State& state) {
                                         static std::map<const Spec*, Case> made;  // rendered once each
                                         auto it = made.find(&spec);
                                         if (it == made.end()) it = made.emplace(&spec, make(spec.system, spec.file, spec.style(), spec.shot)).first;
                                         run(state, it->second);
                                     })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(3);
    return true;
}();

// Calibration alone: 9 clicks, perspective, least squares with the refinement.
void BM_CalibrateBoard(benchmark::State& state) {
    static const Case c = make("spi-tank", "test-small.toml", scan::tank_style(), scan::Shot{});
    const auto clicks = scan::clicks(c.truth, c.picture, 1.0, 3);
    const std::vector<hex::Cube> corners = {c.truth.numbering.to_cube(1, 1), c.truth.numbering.to_cube(12, 10)};
    for (auto _ : state) {
        auto f = calibration::calibrate_board(clicks, corners, calibration::Model::automatic, std::nullopt);
        benchmark::DoNotOptimize(f.to_pixel.m.data());
    }
}
BENCHMARK(BM_CalibrateBoard)->Unit(benchmark::kMicrosecond);

}  // namespace
