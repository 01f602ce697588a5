// Benchmarks: a referee tool must feel instant. These measure a whole ruling
// (parse a situation + rule it), the rules-data load at start-up, and the JSON
// rendering. Run with `./dev bench`.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "board/board_support.hpp"
#include "engine/engine.hpp"
#include "games/spi_tank/board.hpp"
#include "games/spi_tank/rules.hpp"

namespace {

const char* kSituation = R"(system = "spi-tank"
terrain_mode = "mixed"
[firer]
unit = "T62"
panic_level = 2
[target]
unit = "M60A2"
aspect = "side"
terrain = "woods"
moving_mp = 7
[line]
range = 22
obstacles = [ { terrain = "woods", at = "hex", touches = "target" }, { terrain = "berm", at = "hexside", touches = "firer" } ]
)";

const umpire::Engine& engine() {
    static const umpire::Engine e(UMPIRE_SOURCE_RULES_DATA);
    return e;
}

void BM_LoadRulesData(benchmark::State& state) {
    for (auto _ : state) {
        umpire::Engine e(UMPIRE_SOURCE_RULES_DATA);
        benchmark::DoNotOptimize(e.systems().size());
    }
}
BENCHMARK(BM_LoadRulesData)->Unit(benchmark::kMillisecond);

void BM_TankRuleFromText(benchmark::State& state) {
    const auto& e = engine();
    for (auto _ : state) {
        auto r = e.rule_text(kSituation, "bench.toml");
        benchmark::DoNotOptimize(r.explanation.size());
    }
}
BENCHMARK(BM_TankRuleFromText)->Unit(benchmark::kMicrosecond);

// What the window does on every edit: rule an already-parsed situation.
void BM_TankRuleParsed(benchmark::State& state) {
    const auto* sys = engine().get<umpire::spi_tank::SpiTank>();
    umpire::spi_tank::Situation s;
    s.firer = "T62";
    s.target = "M60A2";
    s.aspect = umpire::spi_tank::Aspect::side;
    s.terrain = "woods";
    s.moving_mp = 7;
    s.range = 22;
    for (auto _ : state) {
        auto r = umpire::spi_tank::rule(sys->data(), s);
        benchmark::DoNotOptimize(r.fields.size());
    }
}
BENCHMARK(BM_TankRuleParsed)->Unit(benchmark::kMicrosecond);

// What the window does on a click on the board (issue 21): rule the held 66 x 44 sample board with
// the units placed typed (a long line, 40 hexes), the ruling building the marks the view draws.
void BM_TankRuleOnBoard(benchmark::State& state) {
    const auto& e = engine();
    const umpire::view::BoardSupport& support = *e.find("spi-tank")->board_support();
    const std::string path = std::string(UMPIRE_SOURCE_DIR) + "/boards/sample-66x44.toml";
    const umpire::board::Board b = support.load(path, path);
    const toml::table t = umpire::parse_toml_string("system = \"spi-tank\"\nterrain_mode = \"mixed\"\nboard = \"" + path +
                                                        "\"\n[firer]\nunit = \"T62\"\n[target]\nunit = \"M60A2\"\naspect = \"front\"\n",
                                                    "bench.toml");
    umpire::view::Placement place;
    place.firer = b.parse_hex("1010");
    place.target = b.parse_hex("3024");
    for (auto _ : state) {
        auto r = e.rule_on_board(t, "bench.toml", b, &place);
        benchmark::DoNotOptimize(r.board_marks.get());
    }
}
BENCHMARK(BM_TankRuleOnBoard)->Unit(benchmark::kMicrosecond);

// The marks alone (the share of the board ruling above that feeds the view).
void BM_TankBoardMarks(benchmark::State& state) {
    const auto& e = engine();
    const auto& d = e.get<umpire::spi_tank::SpiTank>()->data();
    const std::string path = std::string(UMPIRE_SOURCE_DIR) + "/boards/sample-66x44.toml";
    const umpire::board::Board b = e.find("spi-tank")->board_support()->load(path, path);
    const auto los = umpire::spi_tank::line_of_sight(b, umpire::spi_tank::los_rules(d, b, umpire::spi_tank::Mode::mixed),
                                                     *b.parse_hex("1010"), *b.parse_hex("3024"));
    for (auto _ : state) {
        auto m = umpire::spi_tank::board_marks(b, los);
        benchmark::DoNotOptimize(m.hexes.size());
    }
}
BENCHMARK(BM_TankBoardMarks)->Unit(benchmark::kMicrosecond);

void BM_RulingToJson(benchmark::State& state) {
    const auto r = engine().rule_text(kSituation, "bench.toml");
    for (auto _ : state) {
        auto s = r.to_json().dump();
        benchmark::DoNotOptimize(s.size());
    }
}
BENCHMARK(BM_RulingToJson)->Unit(benchmark::kMicrosecond);

}  // namespace
