"""What TripleA 1.9's parser refuses on attachments (its setters and UnitAttachment's
validate, read from triplea.jar) is left out of an export and reported: the shapes of
tests/fixtures/triplea/refused_by_1_9.xml, each one refused by the real 1.9 on its own,
export to a game 1.9 loads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.cli import main
from gamecore.interop.triplea import ExportOptions, ImportOptions, export_triplea, import_triplea
from gamecore.interop.triplea import triplea19 as t19
from gamecore.interop.triplea.gamexml import Attachment
from gamecore.store.diff import diff_packs
from tests.gamecore.interop import test_triplea_java as tj
from tests.gamecore.interop.refused19 import minimap_with, refused_units

UA = "games.strategy.triplea.attachments.UnitAttachment"


def _options(xml: Path, unit: str) -> dict[str, str]:
    text = xml.read_text(encoding="utf-8")
    m = re.search(rf'attachTo="{unit}" javaClass="{re.escape(UA)}".*?</attachment>', text, re.S)
    assert m, unit
    return dict(re.findall(r'<option name="([^"]+)" value="([^"]*)"', m.group(0)))


def test_refused_shapes_are_left_out_reported_and_exit_1(tmp_path, capsys):
    minimap_with(tmp_path / "src")
    a = tmp_path / "a.warroom"
    assert main(["import", "triplea", str(tmp_path / "src"), "-o", str(a), "--no-images"]) == 0
    capsys.readouterr()
    assert main(["export", "triplea", str(a), "-o", str(tmp_path / "out"), "--no-tiles"]) == 1
    out = capsys.readouterr().out
    for line in (
        "option 'transportCapacity' (mechInfantry, truck): not allowed on a land unit",
        "option 'bombingBonus' (rocketSite): out of range",
        "option 'bombingMaxDieSides' (zeppelin): on a unit that is neither bomber nor rocket",
        "option 'canBlitz' (zeppelin): not allowed on an air unit",
        "option 'isCombatTransport' (cruiser): without transportCapacity",
        "option 'attackAAmaxDieSides' (cruiser): out of range",
        "option 'bombard' (flak): not allowed on a land unit",
        "option 'isConstruction' (depot): an incomplete construction",
        "option 'requiresUnits' (depot): names a unit type the game has not",
        "option 'canDieFromReachingMaxDamage' (ruin): without damage",
        "option 'hitPoints' (ruin): below 1",
        "option 'receivesAbilityWhenWith' (engineer)",
        "option 'whenCombatDamaged' (engineer)",
    ):
        assert line in out, line
    xml = tmp_path / "out/map/games/minimap_war.xml"
    truck = _options(xml, "truck")
    # what 1.9 accepts stays: the truck is still a land transport and can be shipped
    assert "transportCapacity" not in truck
    assert truck["isLandTransport"] == "true" and truck["transportCost"] == "2"
    assert _options(xml, "rocketSite")["bombingMaxDieSides"] == "6"  # a rocket may
    assert "bombingBonus" not in _options(xml, "rocketSite")
    assert _options(xml, "flak")["isAA"] == "true" and "bombard" not in _options(xml, "flak")
    # the bomber of the fixture keeps its bombing options
    assert "canBlitz" not in _options(xml, "zeppelin")
    assert "zeppelin" in out and "fighter" not in out


def test_the_round_trip_differs_only_in_what_was_reported(tmp_path):
    minimap_with(tmp_path / "src")
    pack, _ = import_triplea(tmp_path / "src", ImportOptions(images=False))
    rep = export_triplea(pack, tmp_path / "out", ExportOptions(tiles=False))
    assert rep.losses
    again, _ = import_triplea(tmp_path / "out", ImportOptions(images=False))
    assert {e.section for e in diff_packs(pack, again)} <= {"scenario", "ruleset"}
    # exported again, nothing more is lost and the game is the same
    rep2 = export_triplea(again, tmp_path / "out2", ExportOptions(tiles=False))
    assert not [x for x in rep2.losses if "refused by TripleA 1.9" in x]
    assert (tmp_path / "out/map/games/minimap_war.xml").read_text() == (
        tmp_path / "out2/map/games/minimap_war.xml"
    ).read_text()


def test_a_field_set_by_a_composite_setter_is_put_back_by_its_own_option():
    """1.9's setIsFactory sets a construction (1 per turn, at most 1): a map that then
    lowers the maximum below the per-turn count is refused; the fix resets the counts
    with options of their own after isFactory, and then the incomplete construction."""
    a = Attachment("unitAttachment", "plant", UA, "unitType",
                   [["isFactory", "true", ""], ["maxConstructionsPerTypePerTerr", "0", ""]])  # fmt: skip
    lost = t19.fit_attachments([a], t19.Names(units={"plant"}))
    s = t19._unit_state(a.options)
    assert t19._unit_violations(s, t19.Names(), set()) == []
    assert a.options[0] == ["isFactory", "true", ""]
    assert ["constructionsPerTerrPerTypePerTurn", "-1", ""] in a.options
    assert s["canProduceUnits"] and s["canBeDamaged"]  # the factory is still one
    assert lost and all("plant" in x for x in lost)


_VALUES = st.sampled_from(["true", "false", "-3", "-1", "0", "1", "2", "250", "x"])
_NAMES = sorted(t19.UNIT_DEFAULTS) + ["isFactory", "isAA", "isTwoHit", "isAAmovement"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_NAMES), _VALUES), max_size=12))
def test_any_unit_attachment_passes_19s_checks_after_fitting(pairs):
    a = Attachment("unitAttachment", "u", UA, "unitType", [[k, v, ""] for k, v in pairs])
    names = t19.Names(units={"u"})
    t19.fit_attachments([a], names)
    assert all(t19._setter_problem("UnitAttachment", o[0], o[1], names) is None
               for o in a.options)  # fmt: skip
    assert t19._unit_violations(t19._unit_state(a.options), names, {"u"}) == []


def test_every_fixture_shape_is_one_1_9_refuses():
    """Keeps the fixture honest where Java is missing: each shape breaks some check."""
    names = t19.Names(units=set(refused_units()) | {"armour"})
    for unit in refused_units():
        text = (
            Path(__file__).resolve().parents[2] / "fixtures/triplea/refused_by_1_9.xml"
        ).read_text()
        m = re.search(rf'attachTo="{unit}".*?</attachment>', text, re.S)
        opts = [[k, v, c] for k, v, c in re.findall(
            r'<option name="([^"]+)" value="([^"]*)"(?: count="([^"]*)")?', m.group(0))]  # fmt: skip
        a = Attachment("unitAttachment", unit, UA, "unitType", opts)
        assert t19.fit_attachments([a], names), unit


@pytest.mark.skipif(tj._missing() is not None, reason=tj._missing() or "")
def test_real_triplea_1_9_refuses_each_shape_and_loads_the_export(tmp_path):
    """The real 1.9 (one JVM): each fixture unit type alone makes it refuse the game,
    which is what the fixture is for; the export of all of them together loads."""
    tj._compile(tmp_path)
    units = refused_units()
    jobs = [(minimap_with(tmp_path / f"only_{u}", [u]), None) for u in units]
    minimap_with(tmp_path / "src")
    pack, _ = import_triplea(tmp_path / "src", ImportOptions(images=False))
    rep = export_triplea(pack, tmp_path / "out", ExportOptions(tiles=False))
    jobs.append((tmp_path / "out/map" / rep.game_file, tmp_path / "out/map"))
    results = tj._run_triplea(tmp_path, tmp_path / "home", jobs)
    for unit, lines in zip(units, results[:-1], strict=True):
        fail = [x for x in lines if x.startswith("FAIL\t")]
        assert fail and f"UnitType{{name={unit}}}" in fail[0], (unit, fail or lines[:3])
    assert not any(x.startswith("FAIL\t") for x in results[-1]), results[-1][:3]
    assert any("truck" in x for x in results[-1])


def test_what_1_9_accepts_is_kept():
    """Shapes real maps have that 1.9 takes (its setters' special cases): isMarine as
    true/false, the null player "Neutral" in player lists, true/false among the players
    of canBeGivenByTerritoryTo, a factory's implied construction."""
    opts = [["isMarine", "true", ""], ["destroyedWhenCapturedBy", "BY:Neutral", ""],
            ["canBeGivenByTerritoryTo", "Germany:true", ""], ["isFactory", "true", ""],
            ["bombingBonus", "-1", ""], ["isLandTransport", "true", ""],
            ["transportCost", "2", ""], ["whenCombatDamaged", "unitsMayNotLandOnCarrier", "1:2"]]  # fmt: skip
    a = Attachment("unitAttachment", "u", UA, "unitType", [list(o) for o in opts])
    t = Attachment("territoryAttachment", "Westland", UA.replace("Unit", "Territory"), "territory",
                   [["whenCapturedByGoesTo", "Neutral:Germany", ""], ["capital", "Germany", ""]])  # fmt: skip
    names = t19.Names(units={"u"}, players={"Germany", "Neutral"})
    assert t19.fit_attachments([a, t], names) == []
    assert a.options == opts and len(t.options) == 2


def test_a_unit_attachment_left_empty_keeps_a_neutral_option():
    """1.9 refuses a unit type without attachment: one whose every option is refused
    keeps the default movement."""
    a = Attachment("unitAttachment", "u", UA, "unitType", [["hitPoints", "0", ""]])
    lost = t19.fit_attachments([a], t19.Names(units={"u"}))
    assert a.options == [["movement", "0", ""]] and lost
