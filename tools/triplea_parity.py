"""Battle odds of Warroom's calculator against TripleA 1.9's own (issue #38, item 9).

Each battle of :data:`BATTLES` is run twice on the same unit set:

- through TripleA 1.9's odds calculator (``OddsCalculator``, the one behind its
  desktop "Battle Calculator"), on the map's own game XML, with TripleA's default order of
  losses and no retreat: ``tests/fixtures/triplea/TripleAOdds.java``, compiled here against
  the installed ``triplea.jar``;
- through Warroom's calculator (:func:`gamecore.sim.battle.calculate`), with the ruleset
  ``warroom import triplea`` makes of the same XML.

TripleA's results are Monte Carlo; Warroom's are exact when the battle is small enough
(else Monte Carlo too, and both errors count). A battle agrees when the attacker's win,
the defender's and the draw, and the TUV swing (the defender's TUV lost minus the
attacker's) are each within 3 standard errors. TripleA has three outcomes; Warroom's
"stalemate" (both sides left, neither can hurt the other: subs facing aircraft) is the
win of the side without the subs, as TripleA scores it (its subs submerge and leave).

Both sides lose units in the same order: the driver prints the order of unit types
TripleA's default casualty selection takes (its power-then-cost sort), and Warroom is given
that order. The table also shows Warroom's attacker win under the imported ruleset's own
default order of losses, where the two defaults differ.

    TRIPLEA_MAPS=/work/triplea-maps .venv/bin/python tools/triplea_parity.py \\
        [--runs 5000] [--only v3-] [--work DIR] [--json OUT] [--table docs/triplea_fidelity.md]

``--table`` rewrites the text between ``<!-- parity table -->`` and
``<!-- /parity table -->`` in that file. Exit 0 when every battle ran and agrees, 1 when
one differs, 2 when it cannot run (no Java, no jar, no map).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIX = ROOT / "tests" / "fixtures" / "triplea"
JAR = Path(os.environ.get("TRIPLEA_JAR", "/usr/share/games/triplea/bin/triplea.jar"))
#: standard errors within which two figures agree
TOLERANCE = 3.0


@dataclass(frozen=True)
class Game:
    folder: str
    xml: str
    ruleset: str


GAMES = {
    "v3": Game("world_war_ii_v3", "WW2v3-1941.xml", "triplea_world_war_ii_v3_1941"),
    "g40": Game(
        "world_war_ii_global",
        "ww2global40_2nd_edition.xml",
        "triplea_world_war_ii_global_1940_2nd_edition",
    ),
    "bw": Game("big_world", "big_world_1942.xml", "triplea_big_world_1942"),
    "270": Game("270bc", "270BC.xml", "triplea_270bc"),
    "nap": Game("napoleonic_empires", "Napoleonic_Empires.xml", "triplea_napoleonic_empires"),
}


@dataclass(frozen=True)
class Battle:
    id: str
    game: str
    case: str
    attacker: str
    defender: str
    where: str
    attackers: dict
    defenders: dict
    sea: bool = False
    bombard: dict = field(default_factory=dict)
    amphibious: bool = False


def _b(id, game, case, who, where, att, dfn, **kw) -> Battle:
    a, d = who.split("/")
    return Battle(id, game, case, a, d, where, att, dfn, **kw)


V3L, V3S = "Karelia S.S.R.", "5 Sea Zone"
G40L, G40S = "Ukraine", "42 Sea Zone"
BWL, BWS = "Ukraine", "SZ 2 Labrador Sea"
# fmt: off
BATTLES: tuple[Battle, ...] = (
    # World War II v3 1941
    _b("v3-land", "v3", "land", "Germans/Russians", V3L,
       {"infantry": 3, "armour": 2}, {"infantry": 4}),
    _b("v3-art", "v3", "land, artillery support", "Germans/Russians", V3L,
       {"infantry": 2, "artillery": 2}, {"infantry": 3}),
    _b("v3-aa", "v3", "AA against aircraft", "Germans/Russians", V3L,
       {"infantry": 3, "fighter": 1, "bomber": 1}, {"infantry": 4, "aaGun": 1}),
    _b("v3-lone-aa", "v3", "lone AA survivor", "Germans/Russians", V3L,
       {"infantry": 1}, {"infantry": 1, "aaGun": 1}),
    _b("v3-carrier", "v3", "sea order of losses (carrier)", "Germans/British", V3S,
       {"submarine": 2, "fighter": 2}, {"destroyer": 1, "carrier": 1, "fighter": 2}, sea=True),
    _b("v3-subs", "v3", "sub standoff", "Germans/British", V3S,
       {"submarine": 2}, {"destroyer": 1, "fighter": 2}, sea=True),
    _b("v3-bb", "v3", "two-hit battleship", "Germans/British", V3S,
       {"battleship": 1, "destroyer": 2}, {"cruiser": 1, "submarine": 2}, sea=True),
    _b("v3-transports", "v3", "transports chosen last", "Germans/British", V3S,
       {"destroyer": 1, "fighter": 1}, {"transport": 2, "destroyer": 1}, sea=True),
    _b("v3-amphib", "v3", "amphibious with bombard", "Germans/Russians", V3L,
       {"infantry": 3, "armour": 1}, {"infantry": 3}, bombard={"battleship": 1}, amphibious=True),
    # World War II Global 1940 2nd Edition
    _b("g40-land", "g40", "land, mixed", "Germans/Russians", G40L,
       {"infantry": 4, "artillery": 2, "mech_infantry": 2, "armour": 2}, {"infantry": 6, "artillery": 1}),
    _b("g40-tac", "g40", "tactical bomber support, AA", "Germans/Russians", G40L,
       {"armour": 2, "tactical_bomber": 2, "fighter": 1}, {"infantry": 3, "aaGun": 1}),
    _b("g40-lone-aa", "g40", "lone AA survivor", "Germans/Russians", G40L,
       {"infantry": 1}, {"infantry": 1, "aaGun": 1}),
    _b("g40-carrier", "g40", "sea order of losses (carrier)", "Germans/British", G40S,
       {"submarine": 2, "destroyer": 1}, {"destroyer": 1, "carrier": 1, "fighter": 2}, sea=True),
    _b("g40-subs", "g40", "sub standoff", "Germans/British", G40S,
       {"submarine": 3}, {"destroyer": 1, "fighter": 1}, sea=True),
    _b("g40-fleet", "g40", "sea, mixed fleets", "Germans/British", G40S,
       {"battleship": 1, "cruiser": 1, "destroyer": 2, "fighter": 2}, {"carrier": 1, "fighter": 2, "destroyer": 2, "cruiser": 1}, sea=True),
    _b("g40-amphib", "g40", "amphibious with bombard", "Germans/Russians", G40L,
       {"infantry": 2, "artillery": 1, "armour": 1}, {"infantry": 3}, bombard={"battleship": 1, "cruiser": 1}, amphibious=True),
    _b("g40-air", "g40", "air against sea, subs", "Germans/British", G40S,
       {"fighter": 2, "tactical_bomber": 1, "bomber": 1}, {"submarine": 2, "destroyer": 1}, sea=True),
    # Big World 1942
    _b("bw-land", "bw", "land", "Germans/Russians", BWL,
       {"infantry": 5, "artillery": 2, "armour": 2}, {"infantry": 6}),
    _b("bw-aa", "bw", "AA against aircraft", "Germans/Russians", BWL,
       {"infantry": 2, "fighter": 2, "bomber": 1}, {"infantry": 3, "aaGun": 1}),
    _b("bw-sea", "bw", "sea order of losses (carrier)", "Germans/Americans", BWS,
       {"submarine": 2, "destroyer": 1, "battleship": 1}, {"carrier": 1, "fighter": 2, "cruiser": 1}, sea=True),
    _b("bw-subs", "bw", "sub standoff", "Germans/Americans", BWS,
       {"submarine": 2}, {"destroyer": 1, "fighter": 2}, sea=True),
    _b("bw-amphib", "bw", "amphibious with bombard", "Germans/Russians", BWL,
       {"infantry": 3}, {"infantry": 2}, bombard={"battleship": 1}, amphibious=True),
    # 270 BC
    _b("270-cav", "270", "land, cavalry", "Carthage/RomanRepublic", "Roma",
       {"spearman": 3, "cavalry": 2}, {"legionaire": 4}),
    _b("270-ele", "270", "land, elephants", "Carthage/RomanRepublic", "Roma",
       {"archer": 2, "hoplite": 2, "warelephant": 1}, {"legionaire": 3, "velites": 1}),
    _b("270-siege", "270", "land, onager", "Carthage/RomanRepublic", "Roma",
       {"swordman": 2, "slingers": 2, "onager": 1}, {"hoplite": 4}),
    _b("270-chariot", "270", "land, chariots", "Carthage/RomanRepublic", "Roma",
       {"chariot": 2, "horsearcher": 2}, {"spearman": 2, "archer": 2}),
    _b("270-sea", "270", "sea", "Carthage/RomanRepublic", "SZ 78",
       {"trireme": 3}, {"bireme": 2, "trireme": 1}, sea=True),
    # Napoleonic Empires
    _b("nap-line", "nap", "land, artillery", "France/AustrianEmpire", "Bavaria",
       {"Fusiliers": 4, "Artillery": 2}, {"Fusiliers": 5}),
    _b("nap-horse", "nap", "land, cavalry", "France/AustrianEmpire", "Bavaria",
       {"Grenadiers": 2, "Hussars": 2, "Cuirassiers": 1}, {"Fusiliers": 3, "Chasseurs": 1}),
    _b("nap-guns", "nap", "land, howitzer", "France/AustrianEmpire", "Bavaria",
       {"Fusiliers": 3, "Howitzer": 1, "Dragoons": 1}, {"Fusiliers": 3, "Artillery": 1}),
    _b("nap-sea", "nap", "sea", "France/UnitedKingdom", "SZ64",
       {"Frigate": 2, "Battleship": 1}, {"Corvette": 3}, sea=True),
    _b("nap-small", "nap", "sea, small ships", "France/UnitedKingdom", "SZ64",
       {"Brigantine": 2}, {"Frigate": 1, "Cutter": 1}, sea=True),
)
# fmt: on


def _types(text: str) -> tuple[str, ...]:
    return tuple(t for t in text.split(",") if t)


def _units(d: dict) -> str:
    return ";".join(f"{t}*{n}" for t, n in d.items())


# ----------------------------------------------------------------------------- TripleA
def compile_driver(into: Path) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["javac", "-nowarn", "-cp", str(JAR), "-d", str(into), str(FIX / "TripleAOdds.java")],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return into


def triplea_odds(classes: Path, xml: Path, battles, runs: int, home: Path) -> dict[str, dict]:
    """TripleA's figures for ``battles`` (all of one game), by battle id."""
    home.mkdir(parents=True, exist_ok=True)
    spec = home / f"battles-{os.getpid()}.tsv"
    spec.write_text(
        "".join(
            "\t".join(
                (
                    b.id,
                    b.attacker,
                    b.defender,
                    b.where,
                    _units(b.attackers),
                    _units(b.defenders),
                    _units(b.bombard),
                    "1" if b.amphibious else "0",
                    str(runs),
                )  # fmt: skip
            )
            + "\n"
            for b in battles
        ),
        encoding="utf-8",
    )
    cmd = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}", "-cp",
           f"{JAR}{os.pathsep}{classes}", "TripleAOdds", str(xml.resolve()), str(spec)]  # fmt: skip
    # TripleA reads game_engine.properties from the working folder: the jar's own
    proc = subprocess.run(cmd, cwd=JAR.parent, capture_output=True, text=True, timeout=3600)
    out: dict[str, dict] = {}
    orders: dict[str, tuple] = {}
    for line in proc.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "ORDER":
            orders[f[1]] = (_types(f[2]), _types(f[3]))
        elif f[0] == "FAIL":
            out[f[1]] = {"error": f[2] if len(f) > 2 else "failed"}
        elif f[0] == "OK":
            n, aw, dr, dw, sw, sd, al, dl, rounds = f[2:11]
            out[f[1]] = {
                "runs": int(n), "attacker_win": float(aw), "draw": float(dr),
                "defender_win": float(dw), "tuv_swing": float(sw), "tuv_swing_sd": float(sd),
                "attacker_tuv_lost": float(al), "defender_tuv_lost": float(dl),
                "rounds": float(rounds),
            }  # fmt: skip
    for k, order in orders.items():
        if k in out and "error" not in out[k]:
            out[k]["order"] = order
    if not out:
        err = (proc.stderr.strip().splitlines() or ["no output"])[-1][:200]
        out = {b.id: {"error": err} for b in battles}
    return out


# ----------------------------------------------------------------------------- Warroom
def import_game(game: Game, maps: Path, work: Path) -> Path:
    """The Warroom pack of ``game`` (imported once into ``work``)."""
    from gamecore.cli import main

    pack = work / f"{game.folder}-{Path(game.xml).stem}.warroom"
    if not pack.is_file():
        xml = maps / game.folder / "map" / "games" / game.xml
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(["import", "triplea", str(xml), "-o", str(pack), "--no-images"])
        if code != 0:
            raise RuntimeError(f"warroom import triplea {xml} exited {code}")
    return pack


def warroom_odds(rules, b: Battle, samples: int, order: tuple | None = None) -> dict:
    """Warroom's figures for ``b``; ``order``: (attacker's, defender's) unit types in the
    order they are lost (None: the ruleset's own default order of losses)."""
    from gamecore.sim.battle import BattleContext, calculate

    kw = {}
    if order is not None:
        att = tuple(t for t in order[0] if t in rules.units)
        dfn = tuple(t for t in order[1] if t in rules.units)
        kw = {"attacker_order": att, "defender_order": dfn}
    ctx = BattleContext(sea=b.sea, amphibious=b.amphibious, bombard=dict(b.bombard), **kw)
    res = calculate(rules, dict(b.attackers), dict(b.defenders), ctx, samples=samples, seed=1)
    a_lost = res.attacker.expected_cost_lost
    d_lost = res.defender.expected_cost_lost
    # a stalemate is subs facing aircraft they cannot hit: TripleA submerges them
    # (MustFightBattle.submergeSubsVsOnlyAir) and the other side holds the battlefield
    subs_attack = any(rules.units[t].submerge for t in b.attackers)
    subs_defend = any(rules.units[t].submerge for t in b.defenders)
    to_attacker = subs_defend and not subs_attack
    return {
        "method": res.method,
        "runs": samples if res.method == "monte_carlo" else 0,
        "attacker_win": res.attacker_win + (res.stalemate if to_attacker else 0.0),
        "draw": res.draw,
        "defender_win": res.defender_win + (0.0 if to_attacker else res.stalemate),
        "stalemate": res.stalemate,
        "tuv_swing": d_lost - a_lost,
        "attacker_tuv_lost": a_lost,
        "defender_tuv_lost": d_lost,
        "rounds": res.expected_rounds,
    }


# ----------------------------------------------------------------------------- compare
def _z_share(key: str, t: dict, w: dict) -> float:
    """Standard errors between the two shares of ``key``."""
    p, q = t[key], w[key]
    var = p * (1 - p) / t["runs"]
    if w["runs"]:
        var += q * (1 - q) / w["runs"]
    # a share TripleA never saw still has an error of about 1/runs
    se = max(math.sqrt(var), 1.0 / t["runs"])
    return abs(p - q) / se


def _z_swing(t: dict, w: dict) -> float:
    var = t["tuv_swing_sd"] ** 2 / t["runs"]
    if w["runs"]:
        var *= 2  # the same spread, sampled again on Warroom's side
    se = max(math.sqrt(var), 1e-9)
    return abs(t["tuv_swing"] - w["tuv_swing"]) / se


def compare(t: dict, w: dict) -> dict:
    z = {k: _z_share(k, t, w) for k in ("attacker_win", "draw", "defender_win")}
    z["tuv_swing"] = _z_swing(t, w)
    worst = max(z, key=z.get)
    return {"z": {k: round(v, 2) for k, v in z.items()}, "worst": worst,
            "agrees": z[worst] <= TOLERANCE}  # fmt: skip


def run(maps: Path, work: Path, runs: int, only: str = "", samples: int = 20000) -> list[dict]:
    from gamecore.store import read_pack
    from gamecore.store.rulesfile import resolve_ruleset

    battles = [b for b in BATTLES if b.id.startswith(only)]
    classes = compile_driver(work / "classes")
    rows = []
    for key, game in GAMES.items():
        mine = [b for b in battles if b.game == key]
        if not mine:
            continue
        xml = maps / game.folder / "map" / "games" / game.xml
        t0 = time.perf_counter()
        theirs = triplea_odds(classes, xml, mine, runs, work / "home")
        t_s = time.perf_counter() - t0
        rules = resolve_ruleset(game.ruleset, read_pack(import_game(game, maps, work)))
        for b in mine:
            row = {"id": b.id, "map": game.folder, "case": b.case, "triplea": theirs.get(b.id)}
            row["triplea_s"] = round(t_s / len(mine), 2)
            t1 = time.perf_counter()
            order = (row["triplea"] or {}).get("order")
            try:
                row["warroom"] = warroom_odds(rules, b, samples, order)
                row["warroom_own_order"] = warroom_odds(rules, b, samples)
            except Exception as err:  # a battle Warroom refuses is a row, not a crash
                row["warroom"] = {"error": f"{type(err).__name__}: {err}"}
            row["warroom_s"] = round(time.perf_counter() - t1, 3)
            t, w = row["triplea"] or {"error": "no result"}, row["warroom"]
            if "error" not in t and "error" not in w:
                row.update(compare(t, w))
            else:
                row["agrees"] = False
            rows.append(row)
    return rows


# ----------------------------------------------------------------------------- table
def _units_text(d: dict) -> str:
    return ", ".join(f"{n} {t}" for t, n in d.items())


def table(rows: list[dict]) -> str:
    by_id = {b.id: b for b in BATTLES}
    head = (
        "| battle | map | case | attacker | defender | TripleA win / draw / loss | Warroom win / draw / loss"
        " (stalemate) | TUV swing TripleA / Warroom | worst (SE) | agrees | Warroom win, own order |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for r in rows:
        b = by_id[r["id"]]
        att = _units_text(b.attackers) + (
            f"; bombard {_units_text(b.bombard)}" if b.bombard else ""
        )
        t, w = r.get("triplea") or {}, r.get("warroom") or {}
        if "error" in t or "error" in w or not t:
            why = t.get("error") or w.get("error") or "no result"
            lines.append(f"| {b.id} | {r['map']} | {b.case} | {att} | {_units_text(b.defenders)} "
                         f"| {why[:80]} | | | | no | |")  # fmt: skip
            continue
        tw = f"{t['attacker_win']:.3f} / {t['draw']:.3f} / {t['defender_win']:.3f}"
        ww = f"{w['attacker_win']:.3f} / {w['draw']:.3f} / {w['defender_win']:.3f}"
        if w["stalemate"] > 5e-4:
            ww += f" ({w['stalemate']:.3f})"
        sw = f"{t['tuv_swing']:.2f} / {w['tuv_swing']:.2f}"
        worst = f"{r['worst'].replace('_', ' ')} {r['z'][r['worst']]:.1f}"
        own = (r.get("warroom_own_order") or {}).get("attacker_win")
        own_text = "" if own is None else f"{own:.3f}"
        lines.append(f"| {b.id} | {r['map']} | {b.case} | {att} | {_units_text(b.defenders)} "
                     f"| {tw} | {ww} | {sw} | {worst} | {'yes' if r['agrees'] else '**no**'} | {own_text} |")  # fmt: skip
    return head + "\n".join(lines) + "\n"


def write_table(path: Path, text: str) -> None:
    doc = path.read_text(encoding="utf-8")
    start, end = "<!-- parity table -->", "<!-- /parity table -->"
    if start in doc and end in doc:
        a = doc.index(start) + len(start)
        doc = doc[:a] + "\n" + text + doc[doc.index(end) :]
    else:
        doc = doc.rstrip("\n") + f"\n\n{start}\n{text}{end}\n"
    path.write_text(doc, encoding="utf-8")


def missing(maps: Path | None) -> str | None:
    if not shutil.which("java") or not shutil.which("javac"):
        return "needs java and javac (apt-get install default-jdk-headless)"
    if not JAR.is_file():
        return f"needs TripleA 1.9's jar ({JAR})"
    if maps is None:
        return "needs TRIPLEA_MAPS, a folder of TripleA map folders"
    for g in GAMES.values():
        if not (maps / g.folder / "map" / "games" / g.xml).is_file():
            return f"needs {g.folder}/map/games/{g.xml} under TRIPLEA_MAPS ({maps})"
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5000, help="TripleA's battles per case")
    p.add_argument("--only", default="", help="battles whose id starts with this")
    p.add_argument("--work", help="folder for imports and the compiled driver (default: temp)")
    p.add_argument("--json", help="write the rows as JSON here")
    p.add_argument("--table", help="write the Markdown table into this file")
    args = p.parse_args(argv)
    root = os.environ.get("TRIPLEA_MAPS")
    maps = Path(root) if root else None
    why = missing(maps)
    if why:
        print(f"triplea_parity: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="parity-") as tmp:
        work = Path(args.work) if args.work else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        rows = run(maps, work, args.runs, args.only)
    text = table(rows)
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    if args.table:
        write_table(Path(args.table), text)
    bad = [r["id"] for r in rows if not r["agrees"]]
    print(f"{len(rows) - len(bad)} of {len(rows)} agree within {TOLERANCE:g} SE"
          + (f"; differ: {', '.join(bad)}" if bad else ""))  # fmt: skip
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
