// `umpire-cli rule FILE --json` against a yardstick, in one benchmark run (issue 21: the whole
// command may take at most 1.2 times a program that only parses the same TOML files).
//
//   BM_CliProcess/N       the real command: `umpire-cli rule FILE --json` started, run to its end
//                         and waited for, each iteration (wall time; `cpu` is the child's user +
//                         system time per run, which the machine's load disturbs less)
//   BM_ParseOnlyProcess/N/Y the yardstick program (tests/bench/yardstick/) on the same TOML files:
//                         read each whole and parse it with toml++, nothing else. Y picks how it
//                         is linked: 0 umpire_parse_only, as anyone would build it (Debian's
//                         libtomlplusplus.so and the shared C++ runtime); 1 umpire_parse_only_linked,
//                         linked as umpire-cli is (toml++ and the C++ runtime built in)
//   BM_CliRule/N          the command's path inside this process, without starting a program:
//                         find the rules-data folder, the engine (Load::on_demand, as the CLI),
//                         rule the situation file (which reads its game's rules data and, with
//                         `board`, its board file), the JSON
//   BM_CliVsParseInTurn/N/Y the two programs run in turn, one of each per iteration: `ratio` is
//                         the CPU time of umpire-cli over the yardstick Y's, the steadiest figure
//   BM_ParseOnly/N        the in-process yardstick: read the same files, parse them with toml::parse
//                         (BM_ParseFileOnly: toml::parse_file, toml++'s other way, for comparison)
//
// N picks the situation: 0 a TANK! shot given by numbers (examples/spi-tank-t62-vs-m60a2-side.toml:
// rules-data/spi-tank.toml + the situation), 1 a TANK! shot on the 66 x 44 sample board
// (examples/spi-tank-board-sample-map.toml: + boards/sample-66x44.toml). The files each case
// reads are the ones `strace -e openat umpire-cli rule FILE` shows.
// tests/bench/cli-vs-parse.sh runs these with repetitions and prints the ratios of the medians.
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <climits>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "engine/engine.hpp"

namespace {

struct CliCase {
    std::string situation;
    std::vector<std::string> toml_files;  // every TOML file `umpire-cli rule` reads for it
};

const CliCase& cli_case(std::int64_t n) {
    static const std::string src = UMPIRE_SOURCE_DIR;
    static const std::vector<CliCase> cases = {
        {src + "/examples/spi-tank-t62-vs-m60a2-side.toml",
         {src + "/rules-data/spi-tank.toml", src + "/examples/spi-tank-t62-vs-m60a2-side.toml"}},
        {src + "/examples/spi-tank-board-sample-map.toml",
         {src + "/rules-data/spi-tank.toml", src + "/examples/spi-tank-board-sample-map.toml",
          src + "/boards/sample-66x44.toml"}},
    };
    return cases.at(std::size_t(n));
}

// One run of each, as functions of their own so that callgrind can count them
// (valgrind --tool=callgrind --toggle-collect='*cli_rule_once*' build/umpire_bench ...).
[[gnu::noinline]] std::size_t cli_rule_once(const CliCase& c) {
    const umpire::Engine engine(umpire::default_rules_dir(), umpire::Engine::Load::on_demand);
    const std::string out = engine.rule_file(c.situation).to_json().dump() + "\n";
    return out.size();
}

[[gnu::noinline]] std::size_t parse_only_once(const CliCase& c) {
    std::size_t n = 0;
    for (const auto& f : c.toml_files) {
        std::ifstream in(f, std::ios::binary);
        std::string text(std::filesystem::file_size(f), '\0');
        in.read(text.data(), std::streamsize(text.size()));
        n += toml::parse(text, f).size();
    }
    return n;
}

[[gnu::noinline]] std::size_t parse_file_only_once(const CliCase& c) {
    std::size_t n = 0;
    for (const auto& f : c.toml_files) n += toml::parse_file(f).size();
    return n;
}

void BM_CliRule(benchmark::State& state) {
    const CliCase& c = cli_case(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(cli_rule_once(c));
}
BENCHMARK(BM_CliRule)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_ParseOnly(benchmark::State& state) {
    const CliCase& c = cli_case(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(parse_only_once(c));
}
BENCHMARK(BM_ParseOnly)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_ParseFileOnly(benchmark::State& state) {
    const CliCase& c = cli_case(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(parse_file_only_once(c));
}
BENCHMARK(BM_ParseFileOnly)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// ---- the programs themselves -------------------------------------------------------------

// The folder of this benchmark program: umpire-cli and umpire_parse_only are built beside it.
std::string build_dir() {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) throw std::runtime_error("cannot find this program's folder");
    buf[n] = '\0';
    return std::filesystem::path(buf).parent_path().string();
}

// Runs `argv` with its standard output on /dev/null and waits for it; returns the child's user +
// system CPU time in seconds. The state is told of a failure (the figures would mean nothing).
double run_program(benchmark::State& state, const std::vector<std::string>& argv) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t io;
    posix_spawn_file_actions_init(&io);
    posix_spawn_file_actions_addopen(&io, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int err = posix_spawn(&pid, args[0], &io, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&io);
    int status = 0;
    rusage use{};
    if (err != 0 || ::wait4(pid, &status, 0, &use) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        state.SkipWithError(("could not run " + argv[0]).c_str());
        return 0;
    }
    const auto secs = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return secs(use.ru_utime) + secs(use.ru_stime);
}

// The yardstick program `y` picks (BM_ParseOnlyProcess), with the case's TOML files.
std::vector<std::string> parse_only_argv(const CliCase& c, std::int64_t y) {
    std::vector<std::string> argv = {build_dir() + (y == 0 ? "/umpire_parse_only" : "/umpire_parse_only_linked")};
    argv.insert(argv.end(), c.toml_files.begin(), c.toml_files.end());
    return argv;
}

void run_processes(benchmark::State& state, const std::vector<std::string>& argv) {
    double cpu = 0;
    for (auto _ : state) cpu += run_program(state, argv);
    state.counters["cpu"] = benchmark::Counter(cpu, benchmark::Counter::kAvgIterations);
}

void BM_CliProcess(benchmark::State& state) {
    const CliCase& c = cli_case(state.range(0));
    run_processes(state, {build_dir() + "/umpire-cli", "rule", c.situation, "--json"});
}
BENCHMARK(BM_CliProcess)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ParseOnlyProcess(benchmark::State& state) {
    run_processes(state, parse_only_argv(cli_case(state.range(0)), state.range(1)));
}
BENCHMARK(BM_ParseOnlyProcess)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

// Both programs in turn, each iteration one run of each: the machine's drift (other work, the CPU's
// clock) then falls on both alike, so the ratio of their CPU times (`ratio`) is steadier than the
// ratio of two benchmarks run one after the other.
void BM_CliVsParseInTurn(benchmark::State& state) {
    const CliCase& c = cli_case(state.range(0));
    const std::vector<std::string> cli = {build_dir() + "/umpire-cli", "rule", c.situation, "--json"};
    const std::vector<std::string> parse = parse_only_argv(c, state.range(1));
    double cli_cpu = 0, parse_cpu = 0;
    for (auto _ : state) {
        cli_cpu += run_program(state, cli);
        parse_cpu += run_program(state, parse);
    }
    state.counters["cli_cpu"] = benchmark::Counter(cli_cpu, benchmark::Counter::kAvgIterations);
    state.counters["parse_cpu"] = benchmark::Counter(parse_cpu, benchmark::Counter::kAvgIterations);
    state.counters["ratio"] = parse_cpu > 0 ? cli_cpu / parse_cpu : 0;
}
BENCHMARK(BM_CliVsParseInTurn)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
