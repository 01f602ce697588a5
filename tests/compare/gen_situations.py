#!/usr/bin/env python3
"""Write a fixed, deterministic set of situation files for the behaviour comparison (issue 21).

Sections: command line · TOML writing · shared helpers · spi-tank · panzerblitz · gf9-tanks ·
agv · panzer-squadron · tables (generated variants of the shipped ones) · bad input · main

    gen_situations.py OUT_DIR [--repo ROOT] [--per-game N] [--seed S]

OUT_DIR receives boards/ and tables/ (copies of the repository's, plus generated table variants
with more bases) and one folder per game of situation files NNNNN.toml. Situations name their
board or table relatively ("../boards/X.toml"), so any run of any CLI from any folder sees the
same files. Names come from ROOT/rules-data/*.toml and the boards' and tables' own files; the
same seed and the same repository files give the same output byte for byte (standard library
only: random.Random seeded with a string is stable across Python versions and runs).

One situation in 12 (8 %) is made wrong on purpose (a bad name, a number out of range, a
missing or unknown key, a wrong type, a hex off the board, a broken TOML line) so the error
lines are compared too. Everything else is meant to rule (exit 0); compare.sh prints the exit
status distribution per game of the baseline CLI.
"""

import argparse
import json
import os
import random
import shutil
import sys
import tomllib

GAMES = ["spi-tank", "panzerblitz", "gf9-tanks", "agv", "panzer-squadron"]
BAD_EVERY = 12  # one situation in 12 (8 %) is made wrong on purpose


# ---------------------------------------------------------------- TOML writing
class Inline(list):
    """A list of tables written as one inline array ({...}, {...}) instead of [[...]] blocks."""


def value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, Raw):
        return v.text
    raise TypeError(v)


class Raw:
    """A value written exactly as given (a wrong type or broken TOML on purpose)."""

    def __init__(self, text):
        self.text = text


def is_table_array(v):
    return isinstance(v, list) and not isinstance(v, Inline) and v and all(isinstance(x, dict) for x in v)


def render(doc):
    """doc: dict of root keys; a dict value is a [section], a list of dicts [[blocks]]."""
    out = []
    for k, v in doc.items():
        if not isinstance(v, dict) and not is_table_array(v):
            out.append(f"{k} = {value(v)}")
    for k, v in doc.items():
        if isinstance(v, dict):
            out.append("")
            out.append(f"[{k}]")
            for kk, vv in v.items():
                out.append(f"{kk} = {value(vv)}")
        elif is_table_array(v):
            for item in v:
                out.append("")
                out.append(f"[[{k}]]")
                for kk, vv in item.items():
                    out.append(f"{kk} = {value(vv)}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- shared helpers
def maybe(r, p):
    return r.random() < p


def respell(r, name):
    """The same name as the matcher sees it (case, spaces, '-', '_' ignored), sometimes."""
    k = r.random()
    if k < 0.08:
        return name.upper()
    if k < 0.16:
        return name.lower().replace(" ", "")
    if k < 0.20:
        return name.replace("-", "_")
    return name


def hexname(c, row):
    return f"{c:02d}{row:02d}"


def some(r, items, lo, hi):
    n = r.randint(lo, min(hi, len(items)))
    return r.sample(items, n)


def load(root, game):
    with open(os.path.join(root, "rules-data", game + ".toml"), "rb") as f:
        return tomllib.load(f)


def board_size(boards_dir, name):
    with open(os.path.join(boards_dir, name), "rb") as f:
        b = tomllib.load(f)
    if "columns" in b:
        return b["columns"], b["rows"]
    cols = rows = 0  # a joined map: its boards' extents
    for part in b["boards"]:
        c, rr = board_size(boards_dir, part["file"])
        cols = max(cols, part.get("column", 1) - 1 + c)
        rows = max(rows, part.get("row", 1) - 1 + rr)
    return cols, rows


def random_hex(r, size, margin_bad=0.0):
    cols, rows = size
    if maybe(r, margin_bad):
        return hexname(r.choice([cols + 1, cols + 7, 0 if cols < 99 else 1]), r.randint(1, rows))
    return hexname(r.randint(1, cols), r.randint(1, rows))


def two_hexes(r, size, near=None):
    a = random_hex(r, size)
    while True:
        if near:
            c, rw = int(a[:2]), int(a[2:])
            b = hexname(max(1, min(size[0], c + r.randint(-near, near))), max(1, min(size[1], rw + r.randint(-near, near))))
        else:
            b = random_hex(r, size)
        if b != a:
            return a, b


# ---------------------------------------------------------------- spi-tank
class Tank:
    def __init__(self, root, boards):
        d = load(root, "spi-tank")
        self.units = d["unit"]
        self.boards = boards
        self.aliases = []
        seen = {}
        for u in self.units:
            for a in u.get("aliases") or []:
                seen.setdefault(a, []).append(u["name"])
        self.aliases = sorted(a for a, owners in seen.items() if len(owners) == 1)
        self.ambiguous = sorted(a for a, owners in seen.items() if len(owners) > 1)
        self.he_units = [u["name"] for u in self.units if u.get("he", 0) > 0]
        self.movement = {u["name"]: u["movement"] for u in self.units}
        self.movement["infantry"] = d["infantry"]["max_moving_mp"]

    def unit(self, r, allow_infantry=True):
        if allow_infantry and maybe(r, 0.12):
            return "infantry", "infantry"
        if maybe(r, 0.15):
            a = r.choice(self.aliases)
            owner = next(u["name"] for u in self.units if a in (u.get("aliases") or []))
            return a, owner
        u = r.choice(self.units)["name"]
        return respell(r, u), u

    def obstacle(self, r, rng):
        t = r.choice(["woods", "woods", "rough", "wreck", "berm", "slope"])
        o = {"terrain": t}
        if t in ("berm", "slope"):
            if maybe(r, 0.3):
                o["at"] = r.choice(["hexside", "along-hexside"])
        elif maybe(r, 0.3):
            o["at"] = "hex"
        if maybe(r, 0.5):
            o["touches"] = r.choice(["none", "firer", "target", "both"] if rng == 1 else ["none", "firer", "target"])
        if t in ("woods", "rough") and maybe(r, 0.15):
            o["wreck"] = True
        return o

    def target_keys(self, r, tgt, tunit, firer_unit, aspect_needed=True):
        t = {"unit": tgt}
        if tunit != "infantry" and firer_unit != "infantry" and aspect_needed:
            t["aspect"] = r.choice(["front", "side", "rear"])
        if maybe(r, 0.4):
            t["terrain"] = r.choice(["clear", "rough", "woods", "wreck"])
        if maybe(r, 0.1) and t.get("terrain") != "wreck":
            t["wreck"] = True
        if maybe(r, 0.1):
            t["improved_position"] = True
        if maybe(r, 0.35):
            t["moving_mp"] = r.randint(0, self.movement[tunit])
        if maybe(r, 0.15):
            t["behind"] = r.choice(["none", "berm", "slope"])
        return t

    def firer_keys(self, r, fu):
        f = {"unit": fu}
        if maybe(r, 0.4):
            f["panic_level"] = r.randint(0, 10)
        if maybe(r, 0.15):
            f["preservation"] = r.choice([True, False])
        return f

    def make(self, r, i):
        kind = r.random()
        fu, fname = self.unit(r)
        tu, tname = self.unit(r)
        doc = {"system": "spi-tank"}
        if maybe(r, 0.1):
            doc["title"] = f"generated {i}"
        doc["terrain_mode"] = r.choice(["closed", "mixed", "open"])
        if kind < 0.25:
            return self.on_board(r, doc, fu, fname, tu, tname)
        if kind < 0.40:
            return self.with_hexes(r, doc, fu, fname, tu, tname)
        doc["firer"] = self.firer_keys(r, fu)
        doc["target"] = self.target_keys(r, tu, tname, fname)
        rng = r.choice([1, 1, 2, 3, 5, 8, 12, 18, 25, 33, 45, 60]) if maybe(r, 0.6) else r.randint(1, 80)
        line = {"range": rng}
        if maybe(r, 0.2):
            line["in_field_of_fire"] = r.choice([True, False])
        if maybe(r, 0.2):
            line["friendly_in_line"] = r.choice(["none", "infantry", "other"])
        if maybe(r, 0.55):
            line["obstacles"] = Inline(self.obstacle(r, rng) for _ in range(r.randint(0, 3)))
        doc["line"] = line
        soft = tname == "infantry" or tname.endswith("AT")
        if soft and fname != "infantry" and maybe(r, 0.35):
            extras = []
            for _ in range(r.randint(1, 3)):
                e = {"unit": r.choice(self.he_units + ["CII"]), "range": r.randint(1, 50)}
                if maybe(r, 0.2):
                    e["line_of_sight"] = r.choice([True, False])
                if maybe(r, 0.2):
                    e["in_field_of_fire"] = r.choice([True, False])
                extras.append(e)
            doc["extra_firer"] = extras
        return doc

    def with_hexes(self, r, doc, fu, fname, tu, tname):
        a, b = two_hexes(r, (66, 44), near=r.choice([3, 8, 20]))
        obstacles = []
        if maybe(r, 0.3):
            # Down one column: the hexes between lie on the line and it crosses each one's side D
            # (docs/boards.md), so obstacles can be placed with their map `hex`.
            col, top = r.randint(1, 66), r.randint(1, 36)
            a, b = hexname(col, top), hexname(col, top + r.randint(2, 8))
            for _ in range(r.randint(1, 2)):
                row = r.randint(top + 1, int(b[2:]) - 1)
                if maybe(r, 0.6):
                    obstacles.append({"terrain": r.choice(["woods", "rough", "wreck"]), "hex": hexname(col, row)})
                else:
                    obstacles.append({"terrain": r.choice(["berm", "slope"]), "hex": hexname(col, row) + "/D"})
        f = self.firer_keys(r, fu)
        f["hex"] = a
        if maybe(r, 0.6):
            f["facing"] = r.choice("ABCDEF")
        t = {"unit": tu, "hex": b}
        if tname != "infantry" and maybe(r, 0.8):
            t["facing"] = r.choice("ABCDEF")
        elif tname != "infantry" and fname != "infantry":
            t["aspect"] = r.choice(["front", "side", "rear"])
        if maybe(r, 0.3):
            t["moving_mp"] = r.randint(0, self.movement[tname])
        doc["firer"], doc["target"] = f, t
        line = {}
        if maybe(r, 0.2):
            line["friendly_in_line"] = r.choice(["none", "infantry", "other"])
        if obstacles:
            line["obstacles"] = Inline(obstacles)
        if line:
            doc["line"] = line
        return doc

    def on_board(self, r, doc, fu, fname, tu, tname):
        name = r.choice(["test-small.toml", "sample-66x44.toml", "sample-66x44.toml"])
        size = self.boards[name]
        doc["board"] = "../boards/" + name
        if maybe(r, 0.3):
            doc["terrain_mode"] = r.choice(["closed", "mixed", "open"])
        a, b = two_hexes(r, size, near=r.choice([None, 4, 10]))
        f = self.firer_keys(r, fu)
        f["hex"] = a
        if maybe(r, 0.4):
            f["facing"] = r.choice("ABCDEF")
        t = {"unit": tu, "hex": b}
        if tname != "infantry":
            if maybe(r, 0.85):
                t["facing"] = r.choice("ABCDEF")
            elif fname != "infantry":
                t["aspect"] = r.choice(["front", "side", "rear"])
        if maybe(r, 0.3):
            t["moving_mp"] = r.randint(0, self.movement[tname])
        if maybe(r, 0.05):  # typed as well: must agree with the board (else bad input naming both)
            t["terrain"] = r.choice(["clear", "rough", "woods"])
        doc["firer"], doc["target"] = f, t
        return doc


# ---------------------------------------------------------------- panzerblitz
class Blitz:
    def __init__(self, root, boards):
        d = load(root, "panzerblitz")
        self.elevations = list(d["elevations"])
        self.symbols = list(d["symbols"])
        self.aliases = {k: s.get("aliases") or [] for k, s in d["symbols"].items()}
        self.boards = boards

    def make(self, r, i):
        doc = {"system": "panzerblitz"}
        if maybe(r, 0.1):
            doc["notes"] = f"generated {i}"
        if maybe(r, 0.3):
            name = r.choice(["panzerblitz-test-small.toml", "panzerblitz-sample-board.toml", "panzerblitz-sample-map.toml"])
            doc["board"] = "../boards/" + name
            a, b = two_hexes(r, self.boards[name], near=r.choice([None, 3, 6]))
            doc["firer"], doc["target"] = {"hex": a}, {"hex": b}
            return doc
        for side in ("firer", "target"):
            if maybe(r, 0.85):
                doc[side] = {"elevation": respell(r, r.choice(self.elevations))}
        rng = r.randint(1, 12) if maybe(r, 0.8) else r.randint(13, 40)
        obstacles = []
        for _ in range(r.randint(0, 3)):
            sym = r.choice(self.symbols)
            o = {"symbol": r.choice(self.aliases[sym]) if self.aliases[sym] and maybe(r, 0.3) else respell(r, sym)}
            if sym.endswith("-hex"):
                if rng < 2:
                    continue
                o["hex"] = r.randint(1, rng - 1)
            else:
                o["side"] = r.randint(1, rng)
            if maybe(r, 0.2):
                o["on_hilltop"] = r.choice([True, False])
            obstacles.append(o)
        line = {"range": rng}
        if obstacles or maybe(r, 0.3):
            line["obstacles"] = Inline(obstacles)
        doc["line"] = line
        return doc


# ---------------------------------------------------------------- gf9-tanks
class Gf9:
    def __init__(self, root, tables):
        d = load(root, "gf9-tanks")
        self.move_terrain = list(d["movement"]["terrain"])
        self.vias = list(d["movement"]["vias"])
        self.line_terrain = [t for t in self.move_terrain if t not in ("hill", "escarpment")]
        self.obstacles = ["vehicles", "wrecks", "woods", "buildings"]
        self.max_hills = d["limits"]["max_hills_between"]
        self.tables = tables  # [(file, bases, (w, d))]

    def make(self, r, i):
        doc = {"system": "gf9-tanks"}
        if maybe(r, 0.25):
            return self.on_table(r, doc)
        if maybe(r, 0.5):
            doc["question"] = "movement"
            terr = some(r, self.move_terrain, 1, 3)
            mv = {"terrain": terr if len(terr) > 1 or maybe(r, 0.6) else terr[0]}
            if maybe(r, 0.6):
                vias = some(r, self.vias, 1, 2)
                mv["via"] = vias[0] if len(vias) == 1 and maybe(r, 0.6) else (vias if not maybe(r, 0.1) else "none")
            if maybe(r, 0.4):
                mv["amphibious"] = r.choice([True, False])
            doc["move"] = mv
            return doc
        doc["question"] = "los"
        esc = maybe(r, 0.35)
        f, t, line = {}, {}, {}
        for side in (f, t):
            if maybe(r, 0.6):
                side["on_hill"] = r.choice(["no", "partly", "wholly"])
        if esc:
            shape = r.random()
            if shape < 0.35:  # firer on top, target below
                f["on_escarpment"] = True
                t["on_escarpment"] = False
                t["below_escarpment"] = True
            elif shape < 0.55:
                f["on_escarpment"] = False
                t["on_escarpment"] = True
            elif shape < 0.75:
                f["on_escarpment"] = True
                t["on_escarpment"] = True
                if maybe(r, 0.5):
                    line["same_hill"] = True
            else:
                f["on_escarpment"] = False
                t["on_escarpment"] = False
                line["escarpment_between"] = True
            line["firer_distance_to_escarpment"] = r.choice([0, 0.5, 1, 2, 3, 3.5, 6, 10, 24.25])
            line["target_distance_to_escarpment"] = r.choice([0, 0.5, 1, 2, 3, 3.5, 6, 10, 24.25])
        else:
            if maybe(r, 0.4):
                line["hills_between"] = r.randint(0, 3) if maybe(r, 0.9) else r.randint(0, self.max_hills)
            if maybe(r, 0.2):
                line["partly_hidden"] = r.choice([True, False])
            if maybe(r, 0.1) and f.get("on_hill", "no") != "no" and t.get("on_hill", "no") != "no":
                line["same_hill"] = True
        if maybe(r, 0.3):
            line["terrain"] = some(r, self.line_terrain, 1, 3)
        if maybe(r, 0.3):
            line["obstacles"] = some(r, self.obstacles, 1, 3)
        for k, v in (("firer", f), ("target", t), ("line", line)):
            if v:
                doc[k] = v
        return doc

    def on_table(self, r, doc):
        file, bases, size = r.choice(self.tables)
        doc["table"] = "../tables/" + file
        if maybe(r, 0.35):
            doc["question"] = "movement"
            mv = {"base": r.choice(bases)}
            mv["path"] = [[round(r.uniform(1, size[0] - 1), 1), round(r.uniform(1, size[1] - 1), 1)] for _ in range(r.randint(1, 3))]
            if maybe(r, 0.3):
                mv["amphibious"] = r.choice([True, False])
            doc["move"] = mv
        else:
            doc["question"] = "los"
            a, b = r.sample(bases, 2)
            doc["firer"], doc["target"] = {"base": a}, {"base": b}
            if maybe(r, 0.1):  # typed as well: must agree with the table (else bad input naming both)
                doc["firer"]["on_hill"] = r.choice(["no", "partly", "wholly"])
        return doc


# ---------------------------------------------------------------- agv
class Agv:
    def __init__(self, root, tables):
        d = load(root, "agv")
        self.features = list(d["feature"])
        self.types = ["foot", "mounted", "elephant", "artillery"]
        self.firer_types = self.types + ["light-artillery"]
        self.tables = tables  # [(file, bases, units, (w, d))]

    def feats(self, r, lo, hi):
        return some(r, self.features, lo, hi)

    def make(self, r, i):
        doc = {"system": "agv"}
        if maybe(r, 0.25):
            return self.on_table(r, doc)
        q = r.choice(["movement", "fire", "melee"])
        doc["question"] = q
        if q == "movement":
            u = {"type": r.choice(self.types)}
            if u["type"] == "artillery" or maybe(r, 0.1):
                if maybe(r, 0.6):
                    u["packed"] = r.choice([True, False])
            if maybe(r, 0.2):
                u["block"] = r.choice([True, False])
            terr = self.feats(r, 1, 3)
            mv = {"action": r.choice(["move", "charge", "intercept"]), "terrain": terr}
            if maybe(r, 0.25):
                mv["on_road"] = r.choice([True, False])
            if maybe(r, 0.3):
                starts = [t for t in terr if t not in ("bridge", "ford")]
                if starts:
                    mv["starts_in"] = some(r, starts, 1, 1)
            doc["unit"], doc["move"] = u, mv
        elif q == "fire":
            f = {"type": r.choice(self.firer_types), "dice": r.randint(1, 12)}
            if maybe(r, 0.5):
                f["in"] = self.feats(r, 1, 2)
                if maybe(r, 0.3):
                    f["wholly_in"] = some(r, f["in"], 1, 1)
            doc["firer"] = f
            if maybe(r, 0.9):
                doc["target"] = {"type": r.choice(self.types)}
            stands = []
            for _ in range(r.randint(0, 3)):
                s = {}
                if maybe(r, 0.6):
                    s["in"] = self.feats(r, 1, 2)
                if maybe(r, 0.6):
                    s["between"] = self.feats(r, 1, 2)
                shared = [x for x in s.get("in", []) if x in f.get("in", [])]
                if shared and maybe(r, 0.5):
                    s["apart"] = shared[:1]
                stands.append(s if s else {"in": []})
            if stands:
                doc["stand"] = stands
        else:
            c = {"dice": r.randint(1, 12)}
            if maybe(r, 0.5):
                c["in"] = self.feats(r, 1, 2)
            dfd = {}
            if maybe(r, 0.7):
                dfd["in"] = self.feats(r, 1, 2)
            if maybe(r, 0.6):
                dfd["crossed"] = self.feats(r, 1, 2)
            doc["charger"] = c
            if dfd:
                doc["defender"] = dfd
        return doc

    def on_table(self, r, doc):
        file, bases, units, size = r.choice(self.tables)
        doc["table"] = "../tables/" + file

        def path():
            return [[round(r.uniform(1, size[0] - 1), 1), round(r.uniform(1, size[1] - 1), 1)] for _ in range(r.randint(1, 3))]

        q = r.choice(["movement", "fire", "melee"])
        doc["question"] = q
        if q == "movement":
            u = {"base": r.choice(bases)}
            if maybe(r, 0.2):
                u["packed"] = r.choice([True, False])
            doc["unit"] = u
            doc["move"] = {"action": r.choice(["move", "charge", "intercept"]), "path": path()}
        elif q == "fire":
            a = r.choice(bases)
            tgt = r.choice([u for u in units if u != a] or units)
            doc["firer"] = {"base": a, "dice": r.randint(1, 10)}
            if maybe(r, 0.1):  # typed as well: must agree with the table
                doc["firer"]["type"] = r.choice(self.firer_types)
            doc["target"] = {"unit": tgt}
        else:
            a, b = r.sample(bases, 2)
            c = {"base": a, "dice": r.randint(1, 10)}
            if maybe(r, 0.4):
                c["path"] = path()
            doc["charger"], doc["defender"] = c, {"base": b}
        return doc


# ---------------------------------------------------------------- panzer-squadron
class Squadron:
    STEPS = ["forward-left", "forward-right", "reverse-left", "reverse-right", "turn-left", "turn-right",
             "turn-left-2", "turn-right-2", "turn-3"]

    def __init__(self, root, boards):
        d = load(root, "panzer-squadron")
        self.corners = d["board"]["corner_names"]
        self.faces = sorted(set(d["armour"]["points"]))
        self.boards = boards

    def plan(self, r):
        fwd = [s for s in self.STEPS if not s.startswith("reverse")]
        rev = [s for s in self.STEPS if not s.startswith("forward")]
        pool = r.choice([fwd, fwd, rev, self.STEPS])
        return [r.choice(pool) for _ in range(r.randint(0, 5))]

    def make(self, r, i):
        doc = {"system": "panzer-squadron"}
        q = r.choice(["movement", "movement", "movement", "actions", "opportunity", "line-of-fire", "line-of-fire"])
        doc["question"] = q
        if q == "movement":
            start = r.choice(["stationary", "in-movement"])
            tank = {}
            if maybe(r, 0.8):
                tank["start"] = start
            if maybe(r, 0.5):
                tank["action"] = r.choice(["move", "move-and-fire"])
            tank["dice"] = [r.randint(1, 4) for _ in range(1 if start == "stationary" else 2)]
            if maybe(r, 0.3):
                tank["restriction"] = r.randint(-3, 3)
            tank["steps"] = self.plan(r)
            if maybe(r, 0.35):
                name = r.choice(["ps-test-small.toml", "ps-sample-40x28.toml"])
                doc["board"] = "../boards/" + name
                tank["hex"] = random_hex(r, self.boards[name])
                tank["facing"] = r.choice(self.corners)
            doc["tank"] = tank
        elif q == "actions":
            doc["tank"] = {"start": r.choice(["stationary", "in-movement"])}
        elif q == "opportunity":
            doc["shooter"] = {"state": r.choice(["not-activated", "ambush", "activated"])}
            doc["target"] = {"moving": r.choice([True, False]), "hexagons_moved": r.randint(0, 6)}
        else:
            if maybe(r, 0.6):
                name = r.choice(["ps-test-small.toml", "ps-sample-40x28.toml"])
                doc["board"] = "../boards/" + name
                a, b = two_hexes(r, self.boards[name], near=r.choice([None, 3, 6]))
                doc["firer"] = {"hex": a}
                t = {"hex": b}
                if maybe(r, 0.6):
                    t["facing"] = r.choice(self.corners)
                doc["target"] = t
            else:
                lines = [{"face": r.choice(self.faces), "obstacle": r.choice([True, False])} for _ in range(2)]
                doc["line"] = Inline(lines) if maybe(r, 0.5) else lines
        return doc


# ---------------------------------------------------------------- tables
def table_variants(r, tables_dir, out_dir):
    """Copies of the shipped sound tables with random extra bases, so table situations meet many
    positions (on and off hills, beside the escarpment, in woods, across the stream...)."""
    made = []
    for src, count in (("gf9-sample-ridge.toml", 3), ("agv-sample-village.toml", 3)):
        with open(os.path.join(tables_dir, src), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(tables_dir, src), "rb") as f:
            d = tomllib.load(f)
        w, dep = d["width"], d["depth"]
        for v in range(count):
            extra = []
            for b in range(12):
                name = f"Gen {v}-{b}"
                base = {"name": name, "at": [round(r.uniform(2, w - 2), 2), round(r.uniform(2, dep - 2), 2)]}
                if d["system"] == "agv":
                    if b % 3 == 2:
                        base["unit"] = f"Gen unit {v}-{b // 3}"
                    base["type"] = r.choice(["foot", "mounted", "elephant", "artillery", "light-artillery"])
                    base["size"] = r.choice([[4, 2], [4, 3], [3, 3]])
                elif maybe(r, 0.2):
                    base["radius"] = r.choice([0.75, 1.0])
                else:
                    base["size"] = [1.5, 2.5]
                if maybe(r, 0.7):
                    base["facing"] = r.choice([0, 45, 90, 180, 270, 300])
                if d["system"] == "gf9-tanks" and maybe(r, 0.15):
                    base["wreck"] = True
                extra.append("\n[[base]]\n" + "\n".join(f"{k} = {value(x)}" for k, x in base.items()) + "\n")
            name = src.replace(".toml", f"-gen{v}.toml")
            with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
                f.write(text.rstrip("\n") + "\n\n# Generated bases (tests/compare/gen_situations.py)\n" + "".join(extra))
            made.append(name)
    return made


def table_bases(path):
    with open(path, "rb") as f:
        d = tomllib.load(f)
    bases = [b["name"] for b in d.get("base", [])]
    units = []
    for b in d.get("base", []):
        u = b.get("unit", b["name"])
        if u not in units:
            units.append(u)
    return d["system"], bases, units, (d["width"], d["depth"])


# ---------------------------------------------------------------- bad input
def spoil(r, doc, game, names):
    """Make one situation wrong in one way (sometimes two)."""
    k = r.random()
    sections = [s for s, v in doc.items() if isinstance(v, dict)]
    if k < 0.15 and sections:  # an unknown key
        doc[r.choice(sections)]["colour"] = "red"
    elif k < 0.30:  # a bad name in a string value
        targets = [(s, kk) for s in sections for kk, vv in doc[s].items() if isinstance(vv, str) and kk not in ("hex", "base")]
        if targets:
            s, kk = r.choice(targets)
            doc[s][kk] = r.choice(names)
        else:
            doc["system"] = "tank!"
    elif k < 0.45:  # a number out of range
        targets = [(s, kk) for s in sections for kk, vv in doc[s].items() if isinstance(vv, (int, float)) and not isinstance(vv, bool)]
        if targets:
            s, kk = r.choice(targets)
            doc[s][kk] = r.choice([-1, 0, 1001, 100000, -7.5])
        else:
            doc["question"] = "nothing"
    elif k < 0.60 and sections:  # a missing key
        s = r.choice(sections)
        if doc[s]:
            doc[s].pop(r.choice(list(doc[s])))
        else:
            doc.pop(s)
    elif k < 0.70:  # a wrong type
        targets = [(s, kk) for s in sections for kk in doc[s]]
        if targets:
            s, kk = r.choice(targets)
            doc[s][kk] = r.choice([Raw("true"), Raw("[1, 2]"), Raw('"12"'), Raw("{ a = 1 }"), Raw("1979-05-27")])
    elif k < 0.78:  # a hex off the board or malformed, or a missing board/table file
        for s in sections:
            if "hex" in doc[s]:
                doc[s]["hex"] = r.choice(["9999", "00", "12a4", "0000", "4545"])
                break
            if "base" in doc[s]:
                doc[s]["base"] = "No such base"
                break
        else:
            if "board" in doc:
                doc["board"] = "../boards/missing.toml"
            elif "table" in doc:
                doc["table"] = "../tables/missing.toml"
            else:
                doc.pop("system")
    elif k < 0.86:  # a system missing, or of another game
        doc["system"] = r.choice([g for g in GAMES if g != game])
    else:  # broken TOML: render then break one line
        return "broken"
    return None


def break_text(r, text):
    lines = text.split("\n")
    i = r.randrange(len(lines) - 1)
    choice = r.random()
    if choice < 0.3:
        lines[i] = lines[i] + " = ="
    elif choice < 0.5:
        lines[i] = lines[i].replace('"', "", 1)
    elif choice < 0.7:
        lines.insert(i, "[firer")
    elif choice < 0.85:
        lines.insert(i, lines[i] if " = " in lines[i] else 'system = "spi-tank"')
    else:
        lines[i] = lines[i] + "\x01\u00e9\t\"\\q"
    return "\n".join(lines)


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--repo", default=os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")))
    ap.add_argument("--per-game", type=int, default=2500)
    ap.add_argument("--seed", default="issue-21")
    args = ap.parse_args()

    out = args.out
    for sub in ["boards", "tables"] + GAMES:
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    shutil.copytree(os.path.join(args.repo, "boards"), os.path.join(out, "boards"))
    shutil.copytree(os.path.join(args.repo, "tables"), os.path.join(out, "tables"))
    tables_dir = os.path.join(out, "tables")
    variants = table_variants(random.Random(args.seed + ":tables"), tables_dir, tables_dir)

    boards_dir = os.path.join(out, "boards")
    boards = {n: board_size(boards_dir, n) for n in sorted(os.listdir(boards_dir)) if n.endswith(".toml")}
    gf9_tables, agv_tables = [], []
    for n in ["gf9-sample-ridge.toml", "agv-sample-village.toml"] + variants:
        system, bases, units, size = table_bases(os.path.join(tables_dir, n))
        if system == "gf9-tanks":
            gf9_tables.append((n, bases, size))
        else:
            agv_tables.append((n, bases, units, size))

    makers = {
        "spi-tank": Tank(args.repo, boards),
        "panzerblitz": Blitz(args.repo, boards),
        "gf9-tanks": Gf9(args.repo, gf9_tables),
        "agv": Agv(args.repo, agv_tables),
        "panzer-squadron": Squadron(args.repo, boards),
    }
    bad_names = ["Pz VI", "T34", "Panzer VI", "tiger tank", "nowhere", "l3-hilltop", "pink", "marsh!", "sideways",
                 "ZZ", "north", "\u00fcber", "a\\tb"]
    total = 0
    for game in GAMES:
        r = random.Random(f"{args.seed}:{game}")
        folder = os.path.join(out, game)
        os.makedirs(folder)
        for i in range(args.per_game):
            doc = makers[game].make(r, i)
            broken = None
            if i % BAD_EVERY == BAD_EVERY // 2:  # by index: every prefix (--quick's too) has the same share
                broken = spoil(r, doc, game, bad_names)
            text = render(doc)
            if broken == "broken":
                text = break_text(r, text)
            with open(os.path.join(folder, f"{i:05d}.toml"), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            total += 1
    print(f"wrote {total} situations ({args.per_game} per game) and {len(variants)} table variants to {out}")


if __name__ == "__main__":
    sys.exit(main())
