#!/bin/sh
# Issue 21 point 6 in one benchmark run: a TANK! ruling from a parsed situation (BM_TankRuleParsed,
# target <= 5 us) and `umpire-cli rule FILE --json` against a program that only parses the same
# TOML files (BM_CliProcess / BM_ParseOnlyProcess, and the two run in turn, BM_CliVsParseInTurn;
# target <= 1.2x; in-process BM_CliRule / BM_ParseOnly too). Two yardsticks, the same program
# linked two ways: "plain" (umpire_parse_only: Debian's libtomlplusplus.so and the shared C++
# runtime, as anyone would build it) and "linked as umpire-cli" (umpire_parse_only_linked: toml++
# and the C++ runtime built in). Medians of REPS repetitions; prints the table and the ratios.
#
#   tests/bench/cli-vs-parse.sh BUILD_DIR [REPS]
#   (BUILD_DIR holds umpire_bench, umpire-cli, umpire_parse_only, umpire_parse_only_linked)
set -eu
build=${1:?usage: cli-vs-parse.sh BUILD_DIR [REPS]}
reps=${2:-5}
bench="$build/umpire_bench"
[ -x "$bench" ] || { echo "cli-vs-parse.sh: no $bench (configure with -DUMPIRE_BUILD_BENCH=ON)" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$bench" --benchmark_filter='^(BM_TankRuleParsed|BM_CliProcess/.*|BM_ParseOnlyProcess/.*|BM_CliVsParseInTurn/.*|BM_CliRule/.*|BM_ParseOnly/.*)$' \
         --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
         --benchmark_format=json --benchmark_out="$out" --benchmark_out_format=json >/dev/null
python3 - "$out" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
ctx = doc["context"]
print(f"{ctx['date']}  {ctx.get('host_name', '')}  {ctx['num_cpus']} CPUs at {ctx['mhz_per_cpu']} MHz, "
      f"load average {' '.join(f'{x:.1f}' for x in ctx.get('load_avg', []))}")
med = {}
for b in doc["benchmarks"]:
    if b.get("aggregate_name") != "median":
        continue
    name = b["run_name"].replace("/real_time", "")
    unit = b["time_unit"]
    if "ratio" in b:  # BM_CliVsParseInTurn: the two programs in turn
        med[name] = b
        print(f"  {name:24s} umpire-cli {b['cli_cpu'] * 1e3:.3f} ms, parse only {b['parse_cpu'] * 1e3:.3f} ms CPU (in turn)")
        continue
    # the process benchmarks' `cpu` counter: the child's user + system seconds per run
    child = b.get("cpu")
    cpu = child * {"ms": 1e3, "us": 1e6, "ns": 1e9}[unit] if child is not None else b["cpu_time"]
    med[name] = (b["real_time"], cpu, unit)
    print(f"  {name:24s} wall {b['real_time']:9.3f} {unit}   cpu {cpu:9.3f} {unit}" + ("  (the child's)" if child is not None else ""))
yardsticks = (("0", "plain"), ("1", "linked as umpire-cli"))
for n in ("0", "1"):
    for y, how in yardsticks:
        cli, parse = med.get(f"BM_CliProcess/{n}"), med.get(f"BM_ParseOnlyProcess/{n}/{y}")
        if cli and parse:
            print(f"  umpire-cli rule / parse only ({how}), case {n}: wall {cli[0] / parse[0]:.3f}x, cpu {cli[1] / parse[1]:.3f}x")
    for y, how in yardsticks:
        turn = med.get(f"BM_CliVsParseInTurn/{n}/{y}")
        if turn:
            print(f"  umpire-cli rule / parse only ({how}), case {n}, run in turn: cpu {turn['ratio']:.3f}x")
    cli, parse = med.get(f"BM_CliRule/{n}"), med.get(f"BM_ParseOnly/{n}")
    if cli and parse:
        print(f"  in process, case {n}: cpu {cli[1] / parse[1]:.2f}x")
PY
