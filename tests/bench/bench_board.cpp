// Benchmarks for boards: the visibility map of the 66 x 44 sample board from one hex (every hex:
// clear, blocked or a referee's call, with 10.22-10.24 applied) and for all pairs, against the naive
// lerp-and-round line doing the same map (BM_VisibilityMap vs BM_VisibilityMapNaive).
// Run with `./dev bench` (or build/umpire_bench --benchmark_filter=Visibility).
#include <benchmark/benchmark.h>

#include "engine/engine.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"
#include "naive_line.hpp"

namespace {

struct Setup {
    umpire::Engine engine{UMPIRE_SOURCE_RULES_DATA};
    const umpire::spi_tank::Data& data = engine.get<umpire::spi_tank::SpiTank>()->data();
    umpire::board::Board board = umpire::board::load_board(std::string(UMPIRE_SOURCE_DIR) + "/boards/sample-66x44.toml",
                                                           "sample-66x44.toml", umpire::spi_tank::board_vocabulary(data));
    umpire::spi_tank::LosRules rules = umpire::spi_tank::los_rules(data, board, umpire::spi_tank::Mode::mixed);
    umpire::hex::Cube centre = *board.parse_hex("3322");
};

const Setup& setup() {
    static const Setup s;
    return s;
}

void BM_VisibilityMap(benchmark::State& state) {
    const Setup& s = setup();
    std::vector<umpire::spi_tank::VisibilityCell> cells;
    for (auto _ : state) {
        umpire::spi_tank::visibility(s.board, s.rules, s.centre, cells);
        benchmark::DoNotOptimize(cells.data());
    }
    state.counters["hexes"] = double(s.board.hex_count());
}
BENCHMARK(BM_VisibilityMap)->Unit(benchmark::kMicrosecond);

// The same map with the naive line: each of its N + 1 hexes checked for obstructing terrain and the
// side between consecutive hexes for an obstructing feature, stopping at the first block.
void BM_VisibilityMapNaive(benchmark::State& state) {
    const Setup& s = setup();
    const auto& b = s.board;
    std::vector<umpire::hex::Cube> line;
    std::vector<std::uint8_t> seen(std::size_t(b.hex_count()));
    for (auto _ : state) {
        for (int i = 0; i < b.hex_count(); ++i) {
            const umpire::hex::Cube to = b.hex_at(i);
            naive_line(s.centre, to, line);
            bool clear = true;
            for (std::size_t k = 0; k < line.size() && clear; ++k) {
                const int t = b.terrain_index(line[k]);
                if (k > 0 && k + 1 < line.size() && t >= 0 && s.rules.hex_obstructs[std::size_t(t)]) clear = false;
                if (k > 1 && k + 1 < line.size()) {
                    auto d = umpire::hex::direction_to(line[k - 1], line[k]);
                    const int slot = d ? b.side_slot(line[k - 1], *d) : -1;
                    if (slot >= 0 && b.sides_of[std::size_t(slot)].feature >= 0 &&
                        s.rules.side_obstructs[std::size_t(b.sides_of[std::size_t(slot)].feature)])
                        clear = false;
                }
            }
            seen[std::size_t(i)] = clear;
        }
        benchmark::DoNotOptimize(seen.data());
    }
}
BENCHMARK(BM_VisibilityMapNaive)->Unit(benchmark::kMicrosecond);

// Every pair of the 66 x 44 board (each unordered pair once), on state.range(0) threads.
void BM_VisibilityAllPairs(benchmark::State& state) {
    const Setup& s = setup();
    for (auto _ : state) {
        auto all = umpire::spi_tank::visibility_all(s.board, s.rules, unsigned(state.range(0)));
        benchmark::DoNotOptimize(all.data());
    }
}
BENCHMARK(BM_VisibilityAllPairs)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace
