// Benchmarks for the hex geometry module: tracing a line of sight exactly (every hex, hexside
// and corner it meets) across typical and long TANK! ranges, and a whole ruling that counts
// range and aspect from hex numbers. Run with `./dev bench`.
#include <benchmark/benchmark.h>

#include "engine/engine.hpp"
#include "engine/hex.hpp"

namespace {

void BM_TraceLine(benchmark::State& state) {
    const int n = int(state.range(0));
    // A direction that is neither a hex row nor a hexspine, so every kind of meeting occurs.
    const int r = -(2 * n) / 3;
    const umpire::hex::Cube to{n, r, -n - r};
    for (auto _ : state) {
        auto t = umpire::hex::trace_line({}, to);
        benchmark::DoNotOptimize(t.hexes.size());
    }
}
BENCHMARK(BM_TraceLine)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kMicrosecond);

void BM_RuleFromHexNumbers(benchmark::State& state) {
    static const umpire::Engine e(UMPIRE_SOURCE_RULES_DATA);
    const char* text = R"(system = "spi-tank"
terrain_mode = "mixed"
[firer]
unit = "T62"
hex = "4001"
[target]
unit = "M60A2"
hex = "4523"
facing = "B"
[line]
)";
    for (auto _ : state) {
        auto r = e.rule_text(text, "bench.toml");
        benchmark::DoNotOptimize(r.explanation.size());
    }
}
BENCHMARK(BM_RuleFromHexNumbers)->Unit(benchmark::kMicrosecond);

}  // namespace
