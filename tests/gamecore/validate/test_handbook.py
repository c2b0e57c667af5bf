"""Handbook data (resources/handbooks/) and the start-state comparison with it.

The 3G40 handbook data is a transcription of seeds/004_e79f22d5c6f862ad.txt, "NATIONAL
SETUP CHARTS" (l. 366-532), "THE POLITICAL SITUATION", "CHINA RULES" and "VICTORY
OBJECTIVES & TOKENS". The transcription is checked against the seed's own lines when the
seed file is at hand (WARROOM_SEEDS, or the shared folder beside the repository).
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.model import Alliance, Facility, Nation, Ownership, Pack, Scenario, UnitStack, Zone
from gamecore.validate.handbook import HandbookError, compare_setup, load_handbook

ROOT = Path(__file__).resolve().parents[3]
SEED = "004_e79f22d5c6f862ad.txt"


def _seed() -> Path | None:
    for d in (os.environ.get("WARROOM_SEEDS"), ROOT.parent / "shared" / "seeds",
              ROOT.parent.parent / "shared" / "seeds"):  # fmt: skip
        if d and (Path(d) / SEED).is_file():
            return Path(d) / SEED
    return None


@pytest.fixture(scope="module")
def hb():
    return load_handbook("3g40")


# -- the 3G40 data --------------------------------------------------------------------------
def test_3g40_powers_incomes_and_turn_order(hb):
    # seeds/004 NATIONAL SETUP CHARTS: "GERMANY:30 IPCs" ... "FRANCE: 19 IPCs"
    assert {p: x.income for p, x in hb.powers.items()} == {
        "GER": 30, "UKP": 27, "JPN": 26, "UKE": 28, "ITA": 10,
        "CHN": 12, "SOV": 37, "USA": 52, "FRA": 19,
    }  # fmt: skip
    assert hb.turn_order == ["GER", "UKP", "JPN", "UKE", "ITA", "CHN", "SOV", "USA", "FRA"]
    assert hb.bank_equals_income
    sides = Counter(p.side for p in hb.powers.values())
    assert sides == {"axis": 3, "allies": 6}


def test_3g40_unit_totals_per_power(hb):
    """Units per power, ICs included, as rules-notes/004 §2.5 counted them independently
    from the same charts (and checked unit for unit against the TripleA map)."""
    assert hb.totals() == {
        "GER": 85, "UKP": 44, "JPN": 90, "UKE": 53, "ITA": 44,
        "CHN": 18, "SOV": 68, "USA": 43, "FRA": 29,
    }  # fmt: skip
    # the UK Pacific chart lists Malaya twice (l. 396 and l. 401): the counts add up
    assert hb.expected_units("UKP")["Malaya"] == {"infantry": 4}
    # ICs (rules-notes/004 §1.6 "Starting ICs [H]"): 7 major, 13 minor
    ics = Counter()
    for rows in hb.setup.values():
        for r in rows:
            ics.update({k: v for k, v in r.units.items() if k.endswith("_ic")})
    assert ics == {"major_ic": 7, "minor_ic": 13}


def test_every_fact_names_its_section(hb):
    raw = hb.raw

    def walk(v, key):
        if isinstance(v, dict):
            if "value" in v or "rows" in v:
                assert "src" in v, key
            for k, x in v.items():
                walk(x, f"{key}.{k}")
        elif isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, dict):  # a setup row has its line, a deviation its reason
                    assert "src" in x or "line" in x or "reason" in x, f"{key}[{i}]"
                walk(x, f"{key}[{i}]")

    walk(raw, "")
    for rows in hb.setup.values():
        assert all(366 <= r.line <= 532 for r in rows)  # the NATIONAL SETUP CHARTS
    for t in raw["victory"]["tokens"]:
        assert 856 <= t["line"] <= 929


def _chart_line(text: str) -> tuple[str, Counter]:
    """``"Sea Zone 6: 1 Transport, 2 Carriers each with 1 Tac Bomber & 1 Fighter"`` ->
    (zone, Counter of lower-case singular unit words). "N X [each] with A & B": A and B
    ride on the X (N times each when "each")."""
    zone, _, rest = text.strip().partition(":")
    out: Counter = Counter()
    for part in rest.split(","):
        if not part.strip():
            continue
        m = re.fullmatch(r"\s*(\d+)\s+(.+?)(?:\s+(each\s+)?with\s+(.+))?\s*", part)
        assert m, part
        n = int(m.group(1))
        out[_singular(m.group(2))] += n
        per = n if m.group(3) else 1
        for cargo in (m.group(4) or "").split("&"):
            if cargo.strip():
                c = re.fullmatch(r"\s*(\d+)\s+(.+?)\s*", cargo)
                out[_singular(c.group(2))] += int(c.group(1)) * per
    return zone.strip(), out


def _singular(word: str) -> str:
    w = word.strip().lower()
    w = re.sub(r"s$", "", w) if not w.endswith("ss") else w
    return {"tank": "tank", "aa gun": "aa gun"}.get(w, w)


def test_3g40_setup_is_the_seed_line_for_line(hb):
    seed = _seed()
    if seed is None:
        pytest.skip(f"the seed {SEED} is not at hand (set WARROOM_SEEDS)")
    lines = seed.read_text(encoding="utf-8").splitlines()
    words = {k: _singular(v) for k, v in hb.units.items()}
    by_word = {v: k for k, v in words.items()}
    for pid, rows in hb.setup.items():
        for r in rows:
            zone, units = _chart_line(lines[r.line - 1])
            assert zone == r.zone, (pid, r.line, zone)
            got = Counter({by_word[w]: n for w, n in units.items()})
            assert got == Counter(r.units), (pid, r.zone, r.line)
    # the incomes are in each chart's title line
    for p in hb.powers.values():
        line = int(re.search(r"l\. (\d+)", p.src).group(1))
        assert re.search(rf"{p.income}\s*IPCs", lines[line - 1]), (p.id, lines[line - 1])


def test_3g40_politics_agree_with_the_condition_file(hb):
    """Each declaration the data allows from turn N > 1 is gated at turn N in the condition
    language file the engine plays (resources/conditions/3g40_politics.txt)."""
    from gamecore.paths import resource

    text = resource("conditions", "3g40_politics.txt").read_text(encoding="utf-8")
    decl = hb.raw["politics"]["declarations"]
    late = [(d["power"], d["earliest_turn"]) for d in decl if d.get("earliest_turn", 1) > 1]
    assert sorted(late) == [("SOV", 4), ("UKE", 3), ("UKP", 3)]
    for power, turn in late:
        assert f"turn({power}) >= {turn}" in text, power
    us = next(d for d in decl if d["power"] == "USA")
    assert us["fallback"]["turn"] == 3 and us["fallback"]["phase"] == "collect_income"
    assert hb.raw["victory"]["rounds"] == {"short": 8, "long": 10, "src": "l. 862"}


# -- loading errors -------------------------------------------------------------------------
def _write(tmp_path, data) -> Path:
    p = tmp_path / "hb.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="x"), "format: must be"),
        (lambda d: d["powers"][0].pop("src"), "powers[0].src"),
        (lambda d: d["setup"]["GER"]["rows"][0].update(line="372"), "rows[0].line"),
        (lambda d: d["setup"]["GER"]["rows"][0]["units"].update(jet=1), "unknown unit 'jet'"),
        (lambda d: d["setup"]["GER"]["rows"][0]["units"].update(infantry=-1), "whole number"),
        (lambda d: d["setup"].pop("FRA"), "no chart for FRA"),
        (lambda d: d["turn_order"].update(value=["GER"]), "every power once"),
        (
            lambda d: d["triplea"]["deviations"].append({"id": "x", "kind": "mood", "reason": "r"}),
            "kind: must be one of",
        ),  # fmt: skip
        (lambda d: d["triplea"]["units"].pop("tank"), "triplea.units"),
    ],
)
def test_a_bad_handbook_is_one_line_naming_file_and_key(tmp_path, change, message):
    data = copy.deepcopy(load_handbook("3g40").raw)
    change(data)
    p = _write(tmp_path, data)
    with pytest.raises(HandbookError) as e:
        load_handbook(p)
    assert message in str(e.value) and str(p) in str(e.value) and "\n" not in str(e.value)


def test_unknown_handbook_and_broken_json(tmp_path):
    with pytest.raises(HandbookError, match="no handbook 'nope'.*3g40"):
        load_handbook("nope")
    p = tmp_path / "x.json"
    p.write_text("{", encoding="utf-8")
    with pytest.raises(HandbookError, match="not valid JSON"):
        load_handbook(p)


# -- comparing ------------------------------------------------------------------------------
MINI = {
    "format": "warroom-handbook/1",
    "id": "mini",
    "title": "Mini",
    "source": "-",
    "units": {"src": "s", "infantry": "Infantry", "tank": "Tank", "major_ic": "Major IC"},
    "powers": [
        {"id": "RED", "name": "Red", "side": "a", "income": 5, "src": "s"},
        {"id": "BLU", "name": "Blue", "side": "b", "income": 3, "src": "s"},
    ],
    "bank_equals_income": {"value": True, "src": "s"},
    "turn_order": {"value": ["RED", "BLU"], "src": "s"},
    "setup": {
        "RED": {
            "src": "s",
            "rows": [
                {"zone": "Red Home", "units": {"infantry": 2, "major_ic": 1}, "line": 1},
                {"zone": "Sea Zone 7", "units": {"tank": 1}, "line": 2},
                {"zone": "Red/Field", "units": {"infantry": 1}, "line": 3},
                {"zone": "Blue Home", "units": {"tank": 1}, "line": 4, "owner": "BLU"},
            ],
        },
        "BLU": {
            "src": "s",
            "rows": [
                {"zone": "Blue Home", "units": {"infantry": 3}, "line": 5},
            ],
        },
    },  # fmt: skip
    "triplea": {
        "src": "s",
        "powers": {"RED": "Reds", "BLU": "Blues"},
        "units": {"infantry": "infantry", "tank": "armour", "major_ic": "factory_major"},
        "sea_zone": {"handbook": "Sea Zone {n}", "map": "{n} Sea Zone"},
        "zones": {"Red/Field": "Red Field"},
        "deviations": [],
    },
}


def mini_pack() -> Pack:
    pack = Pack()
    for i, (name, kind, value) in enumerate(
        [("Red Home", "land", 3), ("Red Field", "land", 2), ("Blue Home", "land", 3),
         ("7 Sea Zone", "sea", 0)], start=1):  # fmt: skip
        pack.map.zones[i] = Zone(i, f"z{i}", name, kind, value=value)
    for n in ("Reds", "Blues"):
        pack.nations[n] = Nation(n, n)
    sc = Scenario("s", "S")
    sc.turn_order = [["Reds"], ["Blues"]]
    sc.alliances = {"a": Alliance("a", "A", ["Reds"]), "b": Alliance("b", "B", ["Blues"])}
    sc.ownership = {1: Ownership("Reds"), 2: Ownership("Reds"), 3: Ownership("Blues")}
    sc.units = [
        UnitStack(1, "Reds", "infantry", 2),
        UnitStack(4, "Reds", "armour", 1),
        UnitStack(2, "Reds", "infantry", 1),
        UnitStack(3, "Reds", "armour", 1),
        UnitStack(3, "Blues", "infantry", 3),
    ]
    pack.map.facilities[1] = Facility(1, 1, "factory_major")
    pack.map.facilities[2] = Facility(2, 3, "harbour")  # not a chart unit: not compared
    sc.banks = {"Reds": 5, "Blues": 3}
    pack.scenarios["s"] = sc
    return pack


@pytest.fixture
def mini(tmp_path):
    return load_handbook(_write(tmp_path, MINI))


def test_an_equal_start_state_has_no_difference(mini):
    pack = mini_pack()
    c = compare_setup(pack, pack.scenarios["s"], mini)
    assert c.differences == [] and c.checked == {"powers": 2, "zones": 4, "units": 9}
    assert c.lines()[-1] == "the start state equals the handbook"


def test_every_kind_of_difference_is_reported(mini):
    pack = mini_pack()
    sc = pack.scenarios["s"]
    sc.units[0].count = 1  # Red Home: 1 infantry, not 2
    sc.units.append(UnitStack(2, "Reds", "armour", 2))  # Red Field: 2 tanks not charted
    sc.units.append(UnitStack(4, "Blues", "infantry", 1))  # a zone Blue has no chart row for
    del pack.map.facilities[1]  # the major IC is gone
    sc.ownership[2] = Ownership("Blues")  # Red Field changes hands: owner, both incomes
    sc.banks["Blues"] = 4
    sc.turn_order = [["Blues"], ["Reds"]]
    c = compare_setup(pack, sc, mini)
    t = lambda v: tuple(v) if isinstance(v, list) else v  # noqa: E731
    got = {(d.kind, d.power, d.zone, d.unit, t(d.handbook), t(d.pack)) for d in c.differences}
    assert got == {
        ("units", "RED", "Red Home", "infantry", 2, 1),
        ("units", "RED", "Red Home", "major_ic", 1, 0),
        ("units", "RED", "Red/Field", "tank", 0, 2),
        ("units", "BLU", "Sea Zone 7", "infantry", 0, 1),
        ("owner", "RED", "Red/Field", None, "Reds", "Blues"),
        ("income", "RED", None, None, 5, 3),
        ("income", "BLU", None, None, 3, 5),
        ("bank", "BLU", None, None, 3, 4),
        ("turn_order", None, None, None, ("RED", "BLU"), ("BLU", "RED")),
    }
    assert len(c.unexplained) == 9
    text = "\n".join(c.lines())
    assert (
        "Red (Reds): 5 differences" in text
        and "Red Home: 2 Infantry in the handbook, 1 in the pack" in text
    )
    assert text.endswith("9 differences from the handbook")


def test_who_is_at_war_at_the_start_is_compared(tmp_path):
    data = copy.deepcopy(MINI)
    data["politics"] = {"at_war_at_start": {"value": [["RED", "BLU"]], "src": "s"}}
    hb = load_handbook(_write(tmp_path, data))
    pack = mini_pack()
    sc = pack.scenarios["s"]
    (d,) = compare_setup(pack, sc, hb).differences  # no relation stored: not at war
    assert d.message == "Red and Blue: at war in the handbook, no relation in the pack"
    sc.set_relation("Reds", "Blues", "war")
    assert compare_setup(pack, sc, hb).differences == []
    sc.set_relation("Reds", "Blues", "peace")
    (d,) = compare_setup(pack, sc, hb).differences
    assert (d.kind, d.power, d.handbook, d.pack) == (
        "war",
        "RED",
        {"with": "BLU", "war": True},
        {"with": "BLU", "war": False},
    )
    assert d.message == "Red and Blue: at war in the handbook, peace in the pack"
    data["politics"]["at_war_at_start"]["value"] = [["RED", "NOPE"]]
    with pytest.raises(HandbookError, match="pairs of powers"):
        load_handbook(_write(tmp_path, data))


def test_a_missing_zone_is_named(mini):
    pack = mini_pack()
    pack.map.zones[2].name = "Somewhere"
    c = compare_setup(pack, pack.scenarios["s"], mini)
    assert any(d.kind == "zone" and "no zone named 'Red Field'" in d.message for d in c.differences)


def test_a_known_deviation_explains_exactly_its_difference(tmp_path):
    data = copy.deepcopy(MINI)
    data["triplea"]["deviations"] = [
        {"id": "fewer", "kind": "units", "power": "RED", "zone": "Red Home", "unit": "infantry",
         "handbook": 2, "map": 1, "reason": "the map has one fewer"},
        {"id": "stale", "kind": "bank", "power": "BLU", "handbook": 3, "map": 9, "reason": "r"},
    ]  # fmt: skip
    hb = load_handbook(_write(tmp_path, data))
    pack = mini_pack()
    sc = pack.scenarios["s"]
    sc.units[0].count = 1
    c = compare_setup(pack, sc, hb)
    assert [d.deviation.id for d in c.differences] == ["fewer"] and c.unexplained == []
    assert [d.id for d in c.unused_deviations] == ["stale"]
    assert any("known deviation stale no longer occurs" in x for x in c.lines())
    sc.units[0].count = 0  # another value: no longer the known deviation
    c = compare_setup(pack, sc, hb)
    assert len(c.unexplained) == 1 and c.unexplained[0].pack == 0


def test_compare_setup_command(mini, tmp_path, capsys):
    from gamecore.store import write_pack

    pack = mini_pack()
    path = tmp_path / "mini.warroom"
    write_pack(pack, path)
    hbfile = str(mini.path)
    assert main(["scenario", "compare-setup", str(path), "--handbook", hbfile]) == 0
    assert "the start state equals the handbook" in capsys.readouterr().out
    pack.scenarios["s"].banks["Reds"] = 0
    write_pack(pack, path)
    assert main(["scenario", "compare-setup", str(path), "s", "--handbook", hbfile, "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["equal"] is False
    assert out["differences"] == [
        {"kind": "bank", "power": "RED", "zone": None, "unit": None, "handbook": 5, "pack": 0,
         "message": "starting bank 5 in the handbook, 0 in the pack"}
    ]  # fmt: skip
    assert main(["scenario", "compare-setup", str(path), "nope", "--handbook", hbfile]) == 2
    assert "no scenario 'nope'" in capsys.readouterr().err
