#!/usr/bin/env python3
"""Run two umpire-cli builds on the same inputs and compare stdout, stderr and exit status byte
for byte (issue 21, point 5: behaviour unchanged by a refactor). See tests/compare/README.md.

Sections: command line · the work folder · cases (examples, corpus, generated situations,
readings, board views, table views, data) · running · report · main

    compare.py OLD_CLI NEW_CLI [--quick] [--rules-data DIR] [--source DIR] [-j N] [--keep DIR]
                               [--per-game N] [--show N] [--only PREFIX,...] [--min-valid PCT]

Exit status: 0 no difference; 1 at least one difference (or, with --min-valid, too few generated
situations ruling); 2 a bad command line or set-up.
"""

import argparse
import difflib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = ["spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"]
TANK_MODES = [None, "closed", "mixed", "open"]
TIMEOUT = 120

# Readings (rules-data [choices]) flipped one at a time; the game's generated situations are
# ruled again under each. Values are the other readings the data accepts (docs/spi-tank.md,
# docs/panzer-squadron.md).
READINGS = {
    "spi-tank": [
        ("double_halving", '"once"'), ("wreck_soft_base", '"rough"'), ("wreck_soft_base", '"woods"'),
        ("vehicle_rough_wreck_spotting", '"concealed"'), ("combined_he_table", '"firer"'),
        ("combined_he_halving", '"combined-range"'), ("aspect_on_boundary", '"weaker"'),
        ("two_terrains_vehicle", '"larger"'), ("field_of_fire_on_boundary", '"out"'),
        ("line_through_corner", '"blocks"'), ("front_arc_degrees", "180"), ("field_of_fire_degrees", "120"),
    ],
    "panzer-squadron": [
        ("turn_over_three", "3"), ("floor_available_at_zero", "false"), ("free_point_after_move", "false"),
        ("stationary_uses_all_points", "true"), ("unlisted_actions_open", "true"), ("line_points", '"outer"'),
        ("touching_passes", "true"), ("own_hexsides_count", "false"), ("target_hexsides_count", "false"),
        ("occupied_hexes_count", "true"),
    ],
}


# ---------------------------------------------------------------- the work folder
class Case:
    """One command line, run by both CLIs. `outfile`: a file the command writes, compared too;
    `timing`: stdout reports a time taken ("in 12 ms"), which is masked before comparing."""

    __slots__ = ("category", "args", "cwd", "stdin", "outfile", "timing", "result")

    def __init__(self, category, args, cwd=".", stdin=None, outfile=None, timing=False):
        self.category, self.args, self.cwd, self.stdin, self.outfile = category, args, cwd, stdin, outfile
        self.timing = timing
        self.result = None

    def label(self):
        where = "" if self.cwd == "." else f"(in {self.cwd}) "
        feed = f" < {self.stdin}" if self.stdin else ""
        return where + "umpire-cli " + " ".join(self.args) + feed


def die(message):
    print("compare: " + message, file=sys.stderr)
    sys.exit(2)


def toml_files(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(f for f in os.listdir(folder) if os.path.isfile(os.path.join(folder, f)))


def prepare(work, source, rules_data, per_game, seed):
    """Lay out the work folder both CLIs run in: rules-data/ and boards/ side by side (so a
    shipped board's name is found in boards/ by both), examples/, tables/, corpus/, gen/."""
    shutil.copytree(rules_data, os.path.join(work, "rules-data"))
    for sub in ("boards", "tables", "examples"):
        shutil.copytree(os.path.join(source, sub), os.path.join(work, sub))
    shutil.copytree(os.path.join(source, "tests", "fuzz", "corpus"), os.path.join(work, "corpus"))
    gen = subprocess.run([sys.executable, os.path.join(HERE, "gen_situations.py"), os.path.join(work, "gen"),
                          "--repo", source, "--per-game", str(per_game), "--seed", seed],
                         capture_output=True, text=True)
    if gen.returncode != 0:
        die(f"the generator failed:\n{gen.stderr}")
    # One rules-data folder per fuzz corpus file: the shipped data with that file put in place of
    # its game's file (the corpus file's first line names it, as the fuzz harness reads it).
    for name in toml_files(os.path.join(work, "corpus", "rules_data")):
        path = os.path.join(work, "corpus", "rules_data", name)
        with open(path, "rb") as f:
            first = f.readline().decode("utf-8", "replace")
        m = re.match(r"#\s*rules-data:\s*(\S+)", first)
        target = m.group(1) if m else name
        d = os.path.join(work, "rd-corpus", name.replace(".toml", ""))
        shutil.copytree(os.path.join(work, "rules-data"), d)
        shutil.copyfile(path, os.path.join(d, os.path.basename(target)))
    # One rules-data folder per reading flipped.
    for game, flips in READINGS.items():
        with open(os.path.join(work, "rules-data", game + ".toml"), encoding="utf-8") as f:
            text = f.read()
        for key, val in flips:
            new, n = re.subn(rf"(?m)^{re.escape(key)}\s*=\s*[^#\n]*?(\s*(#.*)?)$", f"{key} = {val}\\1", text, count=1)
            if n != 1:
                die(f"rules-data {game}.toml has no [choices] key {key} (update READINGS in {__file__})")
            d = os.path.join(work, "rd-readings", f"{game}-{key}-{val.strip(chr(34))}")
            shutil.copytree(os.path.join(work, "rules-data"), d)
            with open(os.path.join(d, game + ".toml"), "w", encoding="utf-8") as f:
                f.write(new)


# ---------------------------------------------------------------- cases
def board_info(work):
    """(name, system, columns, rows) of every shipped board, read by the generator's reader."""
    sys.path.insert(0, HERE)
    import gen_situations as g
    import tomllib
    out = []
    for name in toml_files(os.path.join(work, "boards")):
        with open(os.path.join(work, "boards", name), "rb") as f:
            system = tomllib.load(f).get("system")
        cols, rows = g.board_size(os.path.join(work, "boards"), name)
        out.append((name, system, cols, rows))
    return out


def hexes(r, cols, rows, n):
    return [f"{r.randint(1, cols):02d}{r.randint(1, rows):02d}" for _ in range(n)]


WORK = ""  # the work folder (absolute); set by main()


def rd(case_args, folder="rules-data"):
    # An absolute --rules-data: a shipped board's name is then found in WORK/boards (beside it) by
    # both CLIs, whatever folder a case runs in, never in the source tree either was built from.
    return ["--rules-data", os.path.join(WORK, folder)] + case_args


def example_cases(work):
    cases = []
    for name in toml_files(os.path.join(work, "examples")):
        f = "examples/" + name
        cases.append(Case("examples --json", rd(["rule", f, "--json"])))
        cases.append(Case("examples text", rd(["rule", f])))
        cases.append(Case("examples stdin", rd(["rule", "-", "--json"]), cwd="examples", stdin=name))
    return cases


def corpus_cases(work):
    cases = []
    for name in toml_files(os.path.join(work, "corpus", "situation")):
        cases.append(Case("corpus situation", rd(["rule", "corpus/situation/" + name, "--json"])))
    for name in toml_files(os.path.join(work, "corpus", "board")):
        cases.append(Case("corpus board", rd(["board", "check", "corpus/board/" + name])))
    for name in toml_files(os.path.join(work, "corpus", "table")):
        cases.append(Case("corpus table", rd(["table", "check", "corpus/table/" + name])))
    for name in sorted(os.listdir(os.path.join(work, "rd-corpus"))):
        cases.append(Case("corpus rules-data", rd(["check-data", "rd-corpus/" + name])))
    return cases


def generated_cases(work, per_game):
    cases = []
    for game in GAMES:
        names = toml_files(os.path.join(work, "gen", game))[:per_game]
        cases += [Case("generated " + game, rd(["rule", f"gen/{game}/{n}", "--json"])) for n in names]
    return cases


def reading_cases(work, per_variant):
    cases = []
    for variant in sorted(os.listdir(os.path.join(work, "rd-readings"))):
        folder = "rd-readings/" + variant
        game = next(g for g in READINGS if variant.startswith(g + "-"))
        cases.append(Case("readings check-data", rd(["check-data", folder])))
        names = toml_files(os.path.join(work, "gen", game))
        step = max(1, len(names) // max(1, per_variant))
        for n in names[::step][:per_variant]:
            cases.append(Case("readings " + game, rd(["rule", f"gen/{game}/{n}", "--json"], folder)))
    return cases


def board_cases(work, pairs, views, seed):
    cases = []
    for name, system, cols, rows in board_info(work):
        b = "boards/" + name
        r = random.Random(f"{seed}:board:{name}")
        cases.append(Case("board check", rd(["board", "check", b])))
        modes = TANK_MODES if system == "spi-tank" else [None]
        for mode in modes:
            extra = ["--mode", mode] if mode else []
            for i in range(pairs):
                a, z = hexes(r, cols, rows, 2)
                if i % 5 == 1:  # a near pair: short lines meet hexsides and corners often
                    z = f"{max(1, min(cols, int(a[:2]) + r.randint(-3, 3))):02d}{max(1, min(rows, int(a[2:]) + r.randint(-3, 3))):02d}"
                more = list(extra)
                if system == "panzer-squadron" and i % 3 == 0:
                    more += ["--facing", r.choice(["NW", "NE", "E", "SE", "SW", "W"])]
                cases.append(Case(f"los {system}", rd(["los", b, a, z, "--json"] + more)))
                if i % 4 == 0:
                    cases.append(Case(f"los {system} text", rd(["los", b, a, z] + more)))
            for i, h in enumerate(hexes(r, cols, rows, views)):
                cases.append(Case(f"visibility {system}", rd(["visibility", b, h, "--json"] + extra)))
                if i % 6 == 0:
                    cases.append(Case(f"visibility {system} text", rd(["visibility", b, h] + extra)))
        # A few wrong command lines on a board: off the board, the same hex, a bad mode.
        cases.append(Case("board errors", rd(["los", b, "0101", f"{cols + 1:02d}01", "--json"])))
        cases.append(Case("board errors", rd(["los", b, "0101", "0101", "--json"])))
        cases.append(Case("board errors", rd(["visibility", b, "9999", "--json"])))
        if system == "spi-tank":  # a bad option value: its usage text may change with the parser (issue 21, 7)
            cases.append(Case("command-line errors", rd(["los", b, "0101", "0203", "--mode", "dense"])))
        if cols * rows <= 200:  # every pair, written to a file (compared with the output)
            for mode in modes[:2]:
                extra = ["--mode", mode] if mode else []
                cases.append(Case("visibility --all", rd(["visibility", b, "--all", "out-all.txt"] + extra),
                                  outfile="out-all.txt", timing=True))
    return cases


def table_cases(work):
    cases = []
    for name in toml_files(os.path.join(work, "tables")):
        cases.append(Case("table check", rd(["table", "check", "tables/" + name])))
    for name in toml_files(os.path.join(work, "gen", "tables")):
        if "-gen" in name:  # the generated variants (the rest are copies of tables/)
            cases.append(Case("table check", rd(["table", "check", "gen/tables/" + name])))
    return cases


def data_cases():
    return [Case("data", rd(["systems"])), Case("data", rd(["check-data"])), Case("data", rd(["check-data", "rules-data"])),
            Case("data", ["--rules-data", "no-such-folder", "systems"]),
            Case("data", rd(["rule", "no-such-file.toml", "--json"])),
            # A wrong command line: the exit status must stay; the usage text may change with the
            # parser (issue 21, 7), so these have their own category.
            Case("command-line errors", rd(["rule"])), Case("command-line errors", rd(["frobnicate"])),
            Case("command-line errors", rd(["los", "boards/test-small.toml", "0101"])),
            Case("command-line errors", rd(["board"])), Case("command-line errors", rd(["table", "check"])),
            Case("command-line errors", rd(["rule", "examples/spi-tank-t62-vs-m60a2-side.toml", "--jsn"]))]


# ---------------------------------------------------------------- running
def run_one(binary, case, work):
    cwd = os.path.join(work, case.cwd)
    stdin = open(os.path.join(cwd, case.stdin), "rb") if case.stdin else subprocess.DEVNULL
    out_path = os.path.join(cwd, case.outfile) if case.outfile else None
    try:
        if out_path and os.path.exists(out_path):
            os.remove(out_path)
        p = subprocess.run([binary] + case.args, cwd=cwd, stdin=stdin, capture_output=True, timeout=TIMEOUT)
        res = [p.stdout, p.stderr, p.returncode]
        if case.timing:
            res[0] = re.sub(rb" in [0-9]+ ms\b", b" in (time) ms", res[0])
    except subprocess.TimeoutExpired:
        res = [b"", b"", "timeout"]
    finally:
        if case.stdin:
            stdin.close()
    if out_path:
        try:
            with open(out_path, "rb") as f:
                res.append(f.read())
            os.remove(out_path)
        except FileNotFoundError:
            res.append(None)
    return res


def run_case(old, new, case, work, lock):
    # Old then new, one after the other, in the same folder: a case writing a file uses one name.
    with lock(case):
        case.result = (run_one(old, case, work), run_one(new, case, work))
    return case


class FileLocks:
    """Cases writing a file run one at a time (they share the name out-all.txt)."""

    def __init__(self):
        self.lock = threading.Lock()

    def __call__(self, case):
        return self.lock if case.outfile else _NoLock()


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


# ---------------------------------------------------------------- report
def short_diff(a, b, what, limit):
    if a is None or b is None:
        return [f"  {what}: old {'absent' if a is None else 'written'}, new {'absent' if b is None else 'written'}"]
    ta, tb = a.decode("utf-8", "replace"), b.decode("utf-8", "replace")
    la, lb = ta.splitlines(), tb.splitlines()
    if len(la) <= 2 and len(lb) <= 2 and max(map(len, la + lb), default=0) > 200:
        # One long JSON line: split before each key and array string so the diff shows what changed.
        la, lb = ta.replace(',"', ',\n"').splitlines(), tb.replace(',"', ',\n"').splitlines()
    lines = list(difflib.unified_diff(la, lb, f"old {what}", f"new {what}", n=1, lineterm=""))
    out = ["  " + (x if len(x) <= 200 else x[:200] + " ...") for x in lines[:limit]]
    if len(lines) > limit:
        out.append(f"  ... ({len(lines) - limit} more diff lines)")
    return out


def describe(case):
    old, new = case.result
    lines = [f"DIFFERENT [{case.category}] {case.label().replace(WORK + os.sep, '')}"]
    if old[2] != new[2]:
        lines.append(f"  exit status: old {old[2]}, new {new[2]}")
    for i, what in ((0, "stdout"), (1, "stderr"), (3, case.outfile)):
        if i < len(old) and old[i] != new[i]:
            lines += short_diff(old[i], new[i], what, 24)
    return "\n".join(lines)


def report(cases, show, elapsed, min_valid):
    cats = {}
    for c in cases:
        s = cats.setdefault(c.category, {"n": 0, "diff": 0, "rc": {}})
        s["n"] += 1
        same = c.result[0] == c.result[1]
        s["diff"] += 0 if same else 1
        rc = c.result[0][2]
        s["rc"][rc] = s["rc"].get(rc, 0) + 1
    width = max(len(k) for k in cats)
    print(f"{'category':<{width}}  {'cases':>6}  {'differ':>6}  old exit statuses")
    for k in sorted(cats):
        s = cats[k]
        rcs = "  ".join(f"{rc}: {n}" for rc, n in sorted(s["rc"].items(), key=lambda x: str(x[0])))
        ok0 = s["rc"].get(0, 0) * 100 // s["n"]
        extra = f"  ({ok0} % exit 0)" if k.startswith("generated") else ""
        print(f"{k:<{width}}  {s['n']:>6}  {s['diff']:>6}  {rcs}{extra}")
    diffs = [c for c in cases if c.result[0] != c.result[1]]
    print(f"total: {len(cases)} cases, {len(diffs)} different, {elapsed:.1f} s")
    thin = [k for k, s in cats.items() if k.startswith("generated") and s["rc"].get(0, 0) * 100 < min_valid * s["n"]]
    for k in sorted(thin):
        print(f"compare: {k}: under {min_valid} % rule with exit 0 (tests/compare/gen_situations.py needs updating)")
    for c in diffs[:show]:
        print()
        print(describe(c))
    if len(diffs) > show:
        print(f"\n... and {len(diffs) - show} more differences (--show N to see more)")
    return len(diffs) + len(thin)


# ---------------------------------------------------------------- main
def main():
    repo = os.path.normpath(os.path.join(HERE, "..", ".."))
    ap = argparse.ArgumentParser(description="Compare two umpire-cli builds byte for byte (tests/compare/README.md).")
    ap.add_argument("old", help="the baseline umpire-cli")
    ap.add_argument("new", help="the umpire-cli to check")
    ap.add_argument("--quick", action="store_true", help="a small deterministic subset (a few hundred cases)")
    ap.add_argument("--rules-data", default=os.path.join(repo, "rules-data"), help="the rules data both read (default: this repository's)")
    ap.add_argument("--source", default=repo, help="the tree whose examples/, boards/, tables/, tests/fuzz/corpus/ are used (default: this repository)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="cases run at once (default 2)")
    ap.add_argument("--per-game", type=int, help="generated situations per game (default 2000; --quick 40)")
    ap.add_argument("--show", type=int, default=10, help="differences printed in full (default 10)")
    ap.add_argument("--only", help="comma-separated category prefixes to run (e.g. 'generated,los')")
    ap.add_argument("--min-valid", type=int, default=0, metavar="PCT",
                    help="also fail when under PCT %% of a game's generated situations rule (exit 0) with OLD")
    ap.add_argument("--keep", metavar="DIR", help="build the work folder in DIR (emptied first) and keep it")
    ap.add_argument("--seed", default="issue-21", help=argparse.SUPPRESS)
    a = ap.parse_args()

    for b in (a.old, a.new):
        if not (os.path.isfile(b) and os.access(b, os.X_OK)):
            die(f"{b} is not an executable file")
    old, new = os.path.abspath(a.old), os.path.abspath(a.new)
    per_game = a.per_game or (40 if a.quick else 2000)
    pairs, views, per_variant = (6, 2, 4) if a.quick else (200, 30, 100)

    if a.keep:
        shutil.rmtree(a.keep, ignore_errors=True)
        os.makedirs(a.keep)
        work = os.path.abspath(a.keep)
    else:
        # In memory when the machine has /dev/shm: some 20,000 small files, written and removed
        # once, are slow on a disk other builds are busy with.
        shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
        work = tempfile.mkdtemp(prefix="umpire-compare-", dir=shm)
    global WORK
    WORK = work
    started = time.monotonic()
    try:
        prepare(work, os.path.abspath(a.source), os.path.abspath(a.rules_data), per_game, a.seed)
        cases = (data_cases() + example_cases(work) + corpus_cases(work) + generated_cases(work, per_game)
                 + reading_cases(work, per_variant) + board_cases(work, pairs, views, a.seed) + table_cases(work))
        if a.only:
            prefixes = [p.strip() for p in a.only.split(",") if p.strip()]
            cases = [c for c in cases if any(c.category.startswith(p) for p in prefixes)]
        print(f"compare: {len(cases)} cases, old {old}, new {new}, work folder {work}, -j{a.jobs}", flush=True)
        print(f"compare: set up in {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
        locks = FileLocks()
        with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            for i, _ in enumerate(pool.map(lambda c: run_case(old, new, c, work, locks), cases), 1):
                if i % 2000 == 0:
                    print(f"compare: {i} of {len(cases)} cases run, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
        n = report(cases, a.show, time.monotonic() - started, a.min_valid)
        sys.stdout.flush()
    finally:
        if not a.keep:
            t = time.monotonic()
            shutil.rmtree(work, ignore_errors=True)
            print(f"compare: work folder removed in {time.monotonic() - t:.1f} s", file=sys.stderr)
    return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main())
