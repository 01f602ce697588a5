// Benchmarks for the hex geometry module: tracing a line of sight exactly (every hex, hexside
// and corner it meets) across typical and long TANK! ranges — against the naive lerp-and-round
// line as the yardstick (BM_TraceLine vs BM_TraceLineNaive, the same lines) — and a whole ruling
// that counts range and aspect from hex numbers. Run with `./dev bench`.
#include <benchmark/benchmark.h>

#include "engine/engine.hpp"
#include "geometry/hex.hpp"
#include "geometry/trace.hpp"
#include "naive_line.hpp"

namespace {

// A direction that is neither a hex row nor a hexspine, so every kind of meeting occurs.
umpire::hex::Cube line_end(int n) {
    const int r = -(2 * n) / 3;
    return {n, r, -n - r};
}

// The exact walk (trace.hpp) listing every hex the line meets into a reused vector: the same
// output as the naive line's, but exact (it also decides each hexside and corner as it goes).
struct HexList {
    std::vector<umpire::hex::Cube>& out;
    bool on_hex(const umpire::hex::Cube& h, umpire::hex::Contact, umpire::hex::Frac, umpire::hex::Frac) {
        out.push_back(h);
        return true;
    }
    bool on_side(const umpire::hex::Cube&, int, umpire::hex::SideMeet::Kind, umpire::hex::Frac, umpire::hex::Frac) { return true; }
    bool on_vertex(umpire::hex::Frac, const umpire::hex::Cube&, const umpire::hex::Cube&, const umpire::hex::Cube&) { return true; }
};

void BM_TraceLine(benchmark::State& state) {
    const umpire::hex::Cube to = line_end(int(state.range(0)));
    std::vector<umpire::hex::Cube> out;
    for (auto _ : state) {
        out.clear();
        HexList v{out};
        umpire::hex::walk_line({}, to, v);
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["hexes"] = double(out.size());
}
BENCHMARK(BM_TraceLine)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kNanosecond);

// The whole Trace (every hex with its exact interval, hexsides crossed and along, corners) into
// a reused Trace: what rulings and `umpire-cli los` use.
void BM_TraceLineFull(benchmark::State& state) {
    const umpire::hex::Cube to = line_end(int(state.range(0)));
    umpire::hex::Trace t;
    for (auto _ : state) {
        umpire::hex::trace_into({}, to, t);
        benchmark::DoNotOptimize(t.hexes.data());
    }
    state.counters["hexes"] = double(t.hexes.size());
}
BENCHMARK(BM_TraceLineFull)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kNanosecond);

// The yardstick only (never used for rulings): Red Blob's lerp-and-round line, N + 1 hexes, an
// epsilon nudge instead of an answer at corners, into a reused vector.
void BM_TraceLineNaive(benchmark::State& state) {
    const umpire::hex::Cube to = line_end(int(state.range(0)));
    std::vector<umpire::hex::Cube> out;
    for (auto _ : state) {
        naive_line({}, to, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.counters["hexes"] = double(out.size());
}
BENCHMARK(BM_TraceLineNaive)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kNanosecond);

// The allocating interface (a fresh Trace per call) and the first tracer, for the README's history.
void BM_TraceLineFresh(benchmark::State& state) {
    const umpire::hex::Cube to = line_end(int(state.range(0)));
    for (auto _ : state) {
        auto t = umpire::hex::trace_line({}, to);
        benchmark::DoNotOptimize(t.hexes.size());
    }
}
BENCHMARK(BM_TraceLineFresh)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kNanosecond);

void BM_TraceLineReference(benchmark::State& state) {
    const umpire::hex::Cube to = line_end(int(state.range(0)));
    for (auto _ : state) {
        auto t = umpire::hex::trace_line_reference({}, to);
        benchmark::DoNotOptimize(t.hexes.size());
    }
}
BENCHMARK(BM_TraceLineReference)->Arg(6)->Arg(22)->Arg(50)->Unit(benchmark::kNanosecond);

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
