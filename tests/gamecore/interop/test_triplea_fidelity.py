"""Imported TripleA games play as TripleA 1.9 plays them (issue #38), each class of
departure on a small crafted game: a copy of the minimap fixture (tests/fixtures/triplea,
invented for Warroom) with its XML changed in the way a real map is.

The source of each rule is TripleA 1.9 itself (Debian's triplea.jar, read with
``javap -c -p``): ``GameSequence``/``GameStep`` (a step plays its delegate for its own
player, where the sequence lists it), ``NoPUPurchaseDelegate`` and ``NoPUEndTurnDelegate``,
the ``UnitAttachment`` constructor (field defaults), and TripleA 2.x's ``GameParser``
(``variableList``/``foreach``, short ``javaClass`` names) for the files 1.9 cannot read.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gamecore.engine import new_game
from gamecore.engine.turns import END
from gamecore.errors import ImportFormatError
from gamecore.interop.triplea import ExportOptions, ImportOptions, export_triplea, import_triplea
from gamecore.rules import load_ruleset
from gamecore.sim.bots import bots_for

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"
XML = ("map", "games", "minimap_war.xml")


def crafted(tmp_path: Path, edit) -> Path:
    """A copy of the minimap fixture whose game XML is ``edit(text)``."""
    dst = tmp_path / "minimap"
    shutil.copytree(FIX / "minimap", dst)
    xml = dst.joinpath(*XML)
    text = xml.read_text(encoding="utf-8")
    new = edit(text)
    assert new != text, "the edit changed nothing"
    xml.write_text(new, encoding="utf-8")
    return dst


def _steps(text: str, steps: str) -> str:
    """The game with its <sequence> replaced by ``steps``."""
    return re.sub(
        r"<sequence>.*?</sequence>", f"<sequence>\n{steps}\n</sequence>", text, flags=re.S
    )


def _turn(player: str, *parts: str) -> str:
    names = {
        "purchase": ("Purchase", "purchase"), "combatmove": ("CombatMove", "move"),
        "battle": ("Battle", "battle"), "noncombatmove": ("NonCombatMove", "move"),
        "place": ("Place", "place"), "endturn": ("EndTurn", "endTurn"),
    }  # fmt: skip
    out = []
    for p in parts:
        step, delegate = names[p]
        out.append(f'<step name="{player.lower()}{step}" delegate="{delegate}" player="{player}"/>')
    return "\n".join(out)


FULL = ("purchase", "combatmove", "battle", "noncombatmove", "place", "endturn")


def _rules(pack):
    return load_ruleset(next(iter(pack.rulesets)), pack)


def _play(pack, rounds: int, bots: str = "random", seed: int = 3):
    sid = next(iter(pack.scenarios))
    s = new_game(pack, sid, seed=seed, rounds=rounds)
    b = bots_for(bots, s, seed)
    acted: dict[str, int] = {}
    phases: dict[str, set[str]] = {}
    while not s.is_terminal():
        who = s.current_player
        phases.setdefault(s.current_nation, set()).add(s.phase)
        s.apply(b[who].choose(s), check=False)
        acted[who] = acted.get(who, 0) + 1
    return s, acted, phases


# ------------------------------------------------------------------ 1. phases per player
def test_a_neutral_with_only_battle_steps_first_does_not_stop_the_others(tmp_path):
    """The first player of the sequence (British here, like Age of Tribes' AI) has only
    Battle and EndTurn steps: it plays those; the others keep their whole turn."""
    seq = "\n".join(
        [
            '<step name="gameInitDelegate" delegate="initDelegate" maxRunCount="1"/>',
            _turn("British", "battle", "endturn"),
            _turn("Germans", *FULL),
            _turn("Russians", *FULL),
            '<step name="endRoundStep" delegate="endRound"/>',
        ]
    )
    pack, rep = import_triplea(
        crafted(tmp_path, lambda t: _steps(t, seq)), ImportOptions(images=False)
    )
    rules = _rules(pack)
    assert rules.phases[:2] == ["purchase", "combat_move"]
    assert rules.nations["British"].phases == ("combat", "collect_income")
    assert "Germans" not in rules.nations or rules.nations["Germans"].phases is None
    start = new_game(pack, next(iter(pack.scenarios)), seed=3).banks["British"]
    s, acted, seen = _play(pack, 3)
    assert s.round == 3 and "stalemate" not in (s.end_reason or "")
    assert acted.get("Germans", 0) > 0 and acted.get("Russians", 0) > 0
    # the British never stood in a phase its steps do not have: it never bought (the
    # random bot spends whenever it may), it only collected
    assert seen.get("British", set()) <= {"combat", "collect_income"}
    assert s.banks["British"] > start
    assert "purchase" in seen["Germans"] and "place" in seen["Russians"]


def test_every_player_buying_first_is_reported_not_silently_reordered(tmp_path):
    """A sequence where every player buys and places before anyone moves (a set-up
    sequence): Warroom's turns cannot interleave players, so the report says so."""
    seq = "\n".join(
        [
            _turn("Germans", "purchase", "place"),
            _turn("Russians", "purchase", "place"),
            _turn("British", "purchase", "place"),
            _turn("Germans", "combatmove", "battle", "noncombatmove", "endturn"),
            _turn("Russians", "combatmove", "battle", "noncombatmove", "endturn"),
            _turn("British", "combatmove", "battle", "noncombatmove", "endturn"),
        ]
    )
    pack, rep = import_triplea(
        crafted(tmp_path, lambda t: _steps(t, seq)), ImportOptions(images=False)
    )
    lines = [u for u in rep.unmapped if u.startswith("sequence:")]
    assert any("Germans's steps are split" in u for u in lines), lines
    assert _rules(pack).phases == [
        "purchase", "place", "combat_move", "combat", "noncombat_move", "collect_income"
    ]  # fmt: skip


def test_bid_steps_are_not_phases_and_set_up_players_get_no_turn(tmp_path):
    """3G40-style bids (BidPurchaseDelegate / BidPlaceDelegate, maxRunCount 1) before
    round 1: not the game's phases (before #38 the first player's bid decided them)."""

    def edit(t: str) -> str:
        t = t.replace(
            '<delegate name="politics"',
            '<delegate name="bid" javaClass="games.strategy.triplea.delegate.BidPurchaseDelegate" display="Bid"/>\n'
            '<delegate name="placeBid" javaClass="games.strategy.triplea.delegate.BidPlaceDelegate" display="Bid Place"/>\n'
            '<delegate name="politics"',
        )
        bids = (
            '<step name="britishBid" delegate="bid" player="British" maxRunCount="1"/>\n'
            '<step name="britishBidPlace" delegate="placeBid" player="British" maxRunCount="1"/>\n'
        )
        return t.replace('<step name="germansTech"', bids + '<step name="germansTech"', 1)

    pack, rep = import_triplea(crafted(tmp_path, edit), ImportOptions(images=False))
    assert _rules(pack).phases[0] == "purchase"
    assert any(
        "British's once-only steps not played: bid placement, bid purchase" in u
        for u in rep.unmapped
    )


# ------------------------------------------------------------------ 2. NoPU delegates
def _no_pu(t: str) -> str:
    t = t.replace(
        '<delegate name="politics"',
        '<delegate name="nopuPurchase" javaClass="games.strategy.triplea.delegate.NoPUPurchaseDelegate" display="Purchase"/>\n'
        '<delegate name="nopuEndTurn" javaClass="games.strategy.triplea.delegate.NoPUEndTurnDelegate" display="End"/>\n'
        '<delegate name="politics"',
    )
    t = t.replace(
        'name="britishPurchase" delegate="purchase"',
        'name="britishPurchase" delegate="nopuPurchase"',
    )
    t = t.replace(
        'name="britishEndTurn" delegate="endTurn"', 'name="britishEndTurn" delegate="nopuEndTurn"'
    )
    t = t.replace(
        "</attachmentList>",
        '<attachment name="rulesAttachment" attachTo="British" javaClass="games.strategy.triplea.attachments.RulesAttachment" type="player">\n'
        '<option name="productionPerXTerritories" value="infantry" count="2"/>\n</attachment>\n</attachmentList>',
    )
    return t.replace(
        "</propertyList>",
        '<property name="Production Per X Territories Restricted" value="true" editable="false"/>\n</propertyList>',
    )


def test_no_pu_players_collect_no_income_and_receive_units_per_territories(tmp_path):
    """NoPUEndTurnDelegate collects no PUs; NoPUPurchaseDelegate gives one unit of each
    productionPerXTerritories type per X territories held (here infantry per 2)."""
    pack, rep = import_triplea(crafted(tmp_path, _no_pu), ImportOptions(images=False))
    nr = _rules(pack).nations["British"]
    assert nr.collects_income is False and nr.free_units == {"infantry": 2}
    sid = next(iter(pack.scenarios))
    s = new_game(pack, sid, seed=1, rounds=2)
    bank = s.banks["British"]
    held = sum(1 for o in s.owner.values() if o == "British")
    while not (s.current_nation == "British" and s.phase == "purchase"):
        s.apply(END)
    assert s.pending["British"].get("infantry", 0) == held // 2 > 0
    while s.current_nation == "British":
        s.apply(END)
    assert s.banks["British"] == bank  # no income at its end of turn
    assert s.income.get("British") == 0
    # the others still collect
    while s.current_nation != "Germans":
        s.apply(END)
    assert s.income.get("Russians", 0) > 0


# ------------------------------------------------------------------ 3. 1.9's defaults
def test_old_style_aa_fires_at_every_attacking_aircraft_by_default(tmp_path):
    """UnitAttachment's constructor sets maxAAattacks = -1 (iconst_m1): an AA gun with no
    maxAAattacks fires one die per attacking aircraft, not one per battle."""
    pack, _ = import_triplea(FIX / "minimap", ImportOptions(images=False))
    assert _rules(pack).units["aaGun"].aa_shots == 99
    one = crafted(
        tmp_path,
        lambda t: t.replace(
            '<option name="isAA" value="true"/>',
            '<option name="isAA" value="true"/>\n<option name="maxAAattacks" value="1"/>',
        ),
    )
    pack1, _ = import_triplea(one, ImportOptions(images=False))
    assert _rules(pack1).units["aaGun"].aa_shots == 1


def test_the_importer_and_the_exporters_1_9_checks_share_one_defaults_table():
    from gamecore.interop.triplea import defaults19, rulesmap, triplea19

    assert triplea19.UNIT_DEFAULTS is defaults19.UNIT_DEFAULTS
    f = rulesmap.unit_fields([["isAA", "true", ""]], 6)
    assert f["aa_value"] == defaults19.unit_default("attackAA")
    assert f["aa_shots"] == 99 and defaults19.unit_default("maxAAattacks") == -1
    assert f["hits"] == defaults19.unit_default("hitPoints")


# ------------------------------------------------------------------ 4. hyphenated names
def test_a_hyphenated_unit_name_is_quoted_in_conditions(tmp_path):
    """``SS-Potential`` in a unitPresence: one unit type, not SS minus Potential."""

    def edit(t: str) -> str:
        t = t.replace('<unit name="aaGun"/>', '<unit name="aaGun"/>\n<unit name="SS-Potential"/>')
        t = t.replace(
            "</propertyList>",
            '<property name="National Objectives" value="true" editable="false"/>\n</propertyList>',
        )
        return t.replace(
            '<attachment name="triggerAttachmentGermanBonus"',
            '<attachment name="unitAttachment" attachTo="SS-Potential" javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">\n'
            '<option name="movement" value="1"/><option name="attack" value="1"/><option name="defense" value="1"/>\n'
            "</attachment>\n"
            '<attachment name="conditionAttachmentSS" attachTo="Germans" javaClass="games.strategy.triplea.attachments.RulesAttachment" type="player">\n'
            '<option name="directPresenceTerritories" value="Westland" count="1"/>\n'
            '<option name="unitPresence" value="SS-Potential" count="1"/>\n'
            "</attachment>\n"
            '<attachment name="objectiveAttachmentSS" attachTo="Germans" javaClass="games.strategy.triplea.attachments.RulesAttachment" type="player">\n'
            '<option name="conditions" value="conditionAttachmentSS"/>\n'
            '<option name="objectiveValue" value="3"/>\n'
            "</attachment>\n"
            '<attachment name="triggerAttachmentGermanBonus"',
        )

    pack, rep = import_triplea(crafted(tmp_path, edit), ImportOptions(images=False))
    assert not [u for u in rep.unmapped if "SS" in u and "objectiveAttachmentSS" in u], rep.unmapped
    sc = next(iter(pack.scenarios.values()))
    (obj,) = [o for o in sc.objectives.values() if "SS" in (o.condition or "")]
    assert '"SS-Potential"' in obj.condition


# ------------------------------------------------------------------ 5. base-ruleset keys
def test_a_units_table_neutralises_base_keys_naming_other_unit_types():
    """Global War's artillery is towed_by motorized_infantry: a TripleA game with
    artillery and no motorized_infantry must still load on that base."""
    from gamecore.interop.triplea import rulesmap as rm
    from gamecore.interop.triplea.import_common import _prune_base, _unit_table
    from gamecore.model import Pack, RulesetDoc

    base = load_ruleset("global_war")
    assert base.units["artillery"].towed_by == ("motorized_infantry",)
    f = rm.unit_fields([["movement", "1", ""], ["attack", "2", ""], ["defense", "2", ""]], 6)
    doc = [("", {"extends": "global_war", "dice": 6}), ("ruleset", {"id": "t", "name": "t"})]
    doc.append((rm.table_name("units", "artillery"), _unit_table("artillery", f, base)))
    removed = set(base.units) - {"artillery"}
    for u in sorted(removed):
        doc.append((rm.table_name("units", u), {"remove": True}))
    doc.extend(_prune_base(base.raw, removed, set()).items())
    pack = Pack()
    pack.rulesets["t"] = RulesetDoc("t", rm.toml_document(doc))
    rs = load_ruleset("t", pack)
    assert rs.units["artillery"].towed_by == () and set(rs.units) == {"artillery"}


# ------------------------------------------------------------------ 6. TripleA 2.x files
FOREACH = """
<variableList>
  <variable name="pieces"><element name="1"/><element name="2"/><element name="3"/></variable>
  <variable name="sides"><element name="Germans"/><element name="Russians"/></variable>
  <variable name="everyone"><element name="$sides$"/><element name="British"/></variable>
</variableList>
"""


def _two_x(t: str) -> str:
    t = t.replace("<map>", FOREACH + "<map>", 1)
    t = t.replace(
        '<unit name="aaGun"/>',
        '<unit name="aaGun"/>\n<unit name="token_1"/>\n<unit name="token_2"/>\n<unit name="token_3"/>',
    )
    return t.replace(
        '<attachment name="triggerAttachmentGermanBonus"',
        '<attachment name="unitAttachment" attachTo="token_@pieces@" foreach="$pieces$" javaClass="UnitAttachment">\n'
        '<option name="movement" value="@pieces@"/><option name="attack" value="1"/><option name="defense" value="1"/>\n'
        "</attachment>\n"
        '<attachment name="cond_@pieces@_@sides@" attachTo="@sides@" foreach="$sides$^$pieces$" javaClass="RulesAttachment" type="player">\n'
        '<option name="rounds" value="@pieces@"/>\n'
        '<option name="atWarPlayers" value="$everyone$" count="1"/>\n'
        "</attachment>\n"
        '<attachment name="triggerAttachmentGermanBonus"',
    )


def test_foreach_loops_and_short_class_names_are_expanded(tmp_path):
    pack, rep = import_triplea(crafted(tmp_path, _two_x), ImportOptions(images=False))
    rules = _rules(pack)
    assert [rules.units[f"token_{i}"].movement for i in (1, 2, 3)] == [1, 2, 3]
    from gamecore.interop.triplea.gamexml import read_game
    from gamecore.interop.triplea.xmlsafe import parse_xml

    path = tmp_path.joinpath("minimap", *XML)
    g = read_game(parse_xml(path.read_bytes(), path))
    conds = [a for a in g.attachments if a.name.startswith("cond_")]
    assert len(conds) == 6 and {a.attach_to for a in conds} == {"Germans", "Russians"}
    assert conds[0].get("atWarPlayers") == "Germans:Russians:British"
    assert all(a.java_class == "games.strategy.triplea.attachments.RulesAttachment" for a in conds)
    out = tmp_path / "out"
    export_triplea(pack, out, ExportOptions(tiles=False))
    text = next((out / "map" / "games").glob("*.xml")).read_text(encoding="utf-8")
    assert "variableList" not in text and "foreach" not in text and "@pieces@" not in text
    assert not re.search(r'javaClass="[A-Za-z]+"', text)  # 1.9 wants package names


def test_a_loop_over_an_unknown_variable_is_one_line(tmp_path):
    src = crafted(tmp_path, lambda t: _two_x(t).replace('foreach="$pieces$"', 'foreach="$nope$"'))
    with pytest.raises(ImportFormatError, match="unknown variable"):
        import_triplea(src, ImportOptions(images=False))


def test_foreach_expansion_is_bounded(tmp_path, monkeypatch):
    from gamecore.interop.triplea import variables

    monkeypatch.setattr(variables, "MAX_EXPANDED", 10)
    with pytest.raises(ImportFormatError, match="more than 10"):
        import_triplea(crafted(tmp_path, _two_x), ImportOptions(images=False))


# ------------------------------------------------------------------ 8. the import report
def test_the_report_lists_stored_options_and_plays_tripleas_defaults(tmp_path):
    """Properties no rule plays are stored (``triplea.<name>``) and listed; a property
    the game leaves out is played at TripleA's default (false), not at the base
    ruleset's value, and the change is listed."""
    pack, rep = import_triplea(FIX / "minimap", ImportOptions(images=False))
    assert "Use Triggers = true" in rep.unplayed_options
    assert "Max Factories Per Territory = 1" in rep.unplayed_options
    rules = _rules(pack)
    assert rules.options["triplea.Max Factories Per Territory"] == 1
    # minimap sets no "Partial Amphibious Retreat"; its base (g40) has it on
    assert rules.options["partial_amphibious_retreat"] is False
    assert any(d.startswith("partial_amphibious_retreat = false") for d in rep.defaults_differ)
    # a property the game sets is the game's
    assert rules.options["kamikaze"] is True
    assert not any(d.startswith("kamikaze") for d in rep.defaults_differ)
    lines = rep.lines()
    # the two stored ones, and "Naval Bombard Casualties Return Fire" left out (false)
    assert any(x.startswith("3 game options stored, not played:") for x in lines), lines
    assert any(x.startswith("played with the base ruleset's values") for x in lines)
    on = crafted(
        tmp_path,
        lambda t: t.replace(
            "</propertyList>",
            '<property name="Partial Amphibious Retreat" value="true" editable="true"/>\n</propertyList>',
        ),
    )
    pack2, rep2 = import_triplea(on, ImportOptions(images=False))
    assert _rules(pack2).options["partial_amphibious_retreat"] is True


# ------------------------------------------------------------------ 10. politics
def _political(name: str, change: str, accept: str = "", cost: int = 0) -> str:
    extra = f'<option name="actionAccept" value="{accept}"/>\n' if accept else ""
    extra += f'<option name="costPUs" value="{cost}"/>\n' if cost else ""
    return (
        f'<attachment name="politicalActionAttachment{name}" attachTo="Germans" '
        'javaClass="games.strategy.triplea.attachments.PoliticalActionAttachment" type="player">\n'
        f'<option name="relationshipChange" value="{change}"/>\n'
        f'<option name="text" value="{name}"/>\n<option name="attemptsPerTurn" value="1"/>\n'
        f"{extra}</attachment>\n"
    )


def _politics_game(t: str) -> str:
    acts = (
        _political("Peace", "Germans:Russians:Neutrality", accept="Russians", cost=2)
        + _political("Alliance", "Germans:British:Allied")
        + _political("War", "Germans:British:War")
        + _political("Split", "Russians:British:War")
    )
    t = t.replace("</attachmentList>", acts + "</attachmentList>")
    return t.replace(
        "</propertyList>",
        '<property name="Use Politics" value="true" editable="false"/>\n</propertyList>',
    )


def _at_german_politics(pack):
    s = new_game(pack, next(iter(pack.scenarios)), seed=1, rounds=3)
    while not (s.current_nation == "Germans" and s.phase == "politics"):
        s.apply(END)
    return s


def test_every_relationship_change_a_game_allows_is_offered_and_played(tmp_path):
    """PoliticalActionAttachment.getValidActions: every action of the player whose
    conditions hold and attempts are left is offered; taking it pays costPUs and sets
    each relationshipChange's pair to the named type: war to peace, neutral to allied,
    neutral to war, and a change between two other players."""
    pack, rep = import_triplea(crafted(tmp_path, _politics_game), ImportOptions(images=False))
    assert not [u for u in rep.unmapped if "politicalAction" in u and "Germans_Peace" not in u]
    s = _at_german_politics(pack)
    offered = {a.type: a for a in s.legal_actions() if a.kind == "declare_war" and a.type}
    ids = {k.split("__")[0].removeprefix("politicalActionAttachment") for k in offered}
    assert {"Peace", "Alliance", "War", "Split"} <= ids
    cases = {
        "Peace": (("Germans", "Russians"), "neutral", "Neutrality"),
        "Alliance": (("Germans", "British"), "aligned", "Allied"),
        "War": (("Germans", "British"), "war", "War"),
        "Split": (("Russians", "British"), "war", "War"),
    }
    for key, act in offered.items():
        name = key.split("__")[0].removeprefix("politicalActionAttachment")
        if name not in cases:
            continue
        (a, b), status, typ = cases[name]
        c = s.clone()
        bank = c.banks["Germans"]
        c.apply(act)
        assert c.relation(a, b) == status, name
        assert c.banks["Germans"] == bank - (2 if name == "Peace" else 0)
        # taken once a turn (attemptsPerTurn 1): not offered again
        assert key not in {x.type for x in c.legal_actions() if x.kind == "declare_war"}
    # at peace, the German army can no longer attack Russian Eastmark
    zid = {z.name: z.id for z in pack.map.zones.values()}
    peace = next(a for k, a in offered.items() if "Peace" in k)
    s.apply(peace)
    while s.phase != "combat_move":
        s.apply(END)
    assert zid["Eastmark"] not in {a.path[-1] for a in s.legal_actions() if a.kind == "move"}


def test_political_actions_need_use_politics_as_in_triplea_1_9(tmp_path):
    """Properties.getUsePolitics reads 'Use Politics' with default false: a game that
    does not switch it on has no politics (and says so), nor national objectives."""
    src = crafted(
        tmp_path,
        lambda t: _politics_game(t).replace(
            '<property name="Use Politics" value="true" editable="false"/>\n', ""
        ),
    )
    pack, rep = import_triplea(src, ImportOptions(images=False))
    assert "political actions: the game option 'Use Politics' is off" in rep.unmapped
    s = _at_german_politics(pack) if "politics" in _rules(pack).phases else None
    assert s is None or not [a for a in s.legal_actions() if a.kind == "declare_war" and a.type]


# ------------------------------------------------------------------ 7. our validator
def test_a_sea_base_unit_in_a_sea_zone_is_a_unit_not_a_facility(tmp_path):
    """Pacific Challenge's Harbour (isSea, isAirBase, movement 0) placed in sea zones:
    imported as a facility it failed our validator (ATT008, a facility in a sea zone)."""
    from gamecore.validate import validate

    def edit(t: str) -> str:
        t = t.replace('<unit name="aaGun"/>', '<unit name="aaGun"/>\n<unit name="Harbour"/>')
        t = t.replace(
            '<attachment name="triggerAttachmentGermanBonus"',
            '<attachment name="unitAttachment" attachTo="Harbour" javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">\n'
            '<option name="movement" value="0"/><option name="defense" value="3"/>\n'
            '<option name="isSea" value="true"/><option name="isAirBase" value="true"/>\n'
            '<option name="carrierCapacity" value="4"/>\n'
            "</attachment>\n"
            '<attachment name="triggerAttachmentGermanBonus"',
        )
        return t.replace(
            "</unitInitialize>",
            '<unitPlacement unitType="Harbour" territory="SZ 2" quantity="1" owner="Germans"/>\n</unitInitialize>',
        )

    pack, _ = import_triplea(crafted(tmp_path, edit), ImportOptions(images=False))
    rules = _rules(pack)
    assert rules.units["Harbour"].domain == "sea" and "Harbour" not in rules.facility_types
    sc = next(iter(pack.scenarios.values()))
    assert any(st.unit_type == "Harbour" for st in sc.units)
    assert not [i for i in validate(pack).issues if i.severity == "error"]


def test_a_unit_that_does_not_bomb_is_not_exported_as_a_strategic_bomber():
    """An imported unit whose base namesake bombs gets ``bombing = "0d6"``: written back
    as isStrategicBomber it re-imported as a 1d6 bomber (G40 Original's round trip)."""
    from gamecore.engine.ruleset.parts import DiceExpr, UnitType
    from gamecore.interop.triplea import rulesmap as rm

    opts = [["movement", "4", ""], ["attack", "3", ""], ["defense", "4", ""], ["isAir", "true", ""]]
    u = UnitType(
        "fighter", "Fighter", "air", attack=3, defense=4, movement=4, bombing=DiceExpr(0, 6, 0)
    )
    out, _ = rm.unit_options_patch(opts, u, 6)
    assert not any(o[0] == "isStrategicBomber" for o in out)
    u2 = UnitType(
        "bomber", "Bomber", "air", attack=4, defense=1, movement=6, bombing=DiceExpr(1, 6, 0)
    )
    out2, _ = rm.unit_options_patch(opts, u2, 6)
    assert ["isStrategicBomber", "true", ""] in out2


def test_overflow_to_left_is_left_out_of_a_1_9_export_and_reported(tmp_path):
    """Total World War's place.txt ends lines with '| overflowToLeft=false' (TripleA
    2.x); 1.9's PointFileReaderWriter dies on it (NumberFormatException: '|'), so the
    export leaves it out and counts it as a loss instead of '0 losses'."""
    src = crafted(tmp_path, lambda t: t.replace("</propertyList>", "\n</propertyList>"))
    place = src / "map" / "place.txt"
    lines = place.read_text(encoding="utf-8").splitlines()
    place.write_text(
        "\n".join(x + "  | overflowToLeft=true" for x in lines) + "\n", encoding="utf-8"
    )
    pack, _ = import_triplea(src, ImportOptions(images=False))
    out = tmp_path / "out"
    rep = export_triplea(pack, out, ExportOptions(tiles=False))
    assert "|" not in (out / "map" / "place.txt").read_text(encoding="utf-8")
    assert any(x.startswith("place.txt: overflowToLeft of") for x in rep.losses), rep.losses


def _debt_box(t: str) -> str:
    """Civil War's holding boxes: a water territory with no polygon and no connection,
    holding a counter from the start."""
    t = t.replace(
        '<territory name="1 Sea Zone" water="true"/>',
        '<territory name="1 Sea Zone" water="true"/>\n<territory name="Debt" water="true"/>',
    )
    return t.replace(
        "</unitInitialize>",
        '<unitPlacement unitType="infantry" territory="Debt" quantity="1" owner="Germans"/>\n'
        "</unitInitialize>",
    )


def test_a_territory_drawn_nowhere_and_unconnected_is_an_off_map_box(tmp_path):
    """Class 7: a holding box (Civil War's "Debt" boxes: no polygon in polygons.txt, no
    connection in the XML) is imported as an off-map box, so the fresh import passes the
    validator (no MAP008 "no shape", no GRA001 "isolated"). The export draws it as a small
    square (TripleA 1.9's MapData refuses a territory without a polygon: "no polygon for
    territory: Debt2"), keeps its water flag, and the re-import reads it back as a box."""
    pack, rep = import_triplea(crafted(tmp_path, _debt_box), ImportOptions(images=False))
    debt = next(z for z in pack.map.zones.values() if z.name == "Debt")
    assert debt.kind == "offmap" and debt.geometry is None
    assert any("imported as off-map boxes: 'Debt'" in n for n in rep.notes), rep.notes
    from gamecore.validate import validate

    errors = [i for i in validate(pack).issues if i.severity == "error"]
    assert not [i for i in errors if debt.id in (i.zones or [])], errors
    out = tmp_path / "out"
    export_triplea(pack, out, ExportOptions(tiles=False))
    polys = (out / "map" / "polygons.txt").read_text(encoding="utf-8")
    assert any(line.startswith("Debt ") for line in polys.splitlines())
    assert "warroom.offmap_boxes=Debt" in (out / "map" / "map.properties").read_text()
    xml = next((out / "map" / "games").glob("*.xml")).read_text(encoding="utf-8")
    assert '<territory name="Debt" water="true"/>' in xml
    back, rep2 = import_triplea(out, ImportOptions(images=False))
    again = next(z for z in back.map.zones.values() if z.name == "Debt")
    assert again.kind == "offmap" and again.geometry is None
    assert not any("Debt" in n for n in rep2.notes), rep2.notes


def test_a_shapeless_territory_with_connections_stays_a_zone(tmp_path):
    """Only an unconnected territory is a box: one that TripleA lets units move in and
    out of keeps its kind, and the validator still says it has no shape."""

    def edit(t: str) -> str:
        t = _debt_box(t)
        return t.replace(
            '<connection t1="1 Sea Zone" t2="SZ 2"/>',
            '<connection t1="1 Sea Zone" t2="SZ 2"/>\n<connection t1="Debt" t2="1 Sea Zone"/>',
        )

    from gamecore.validate import validate

    pack, _ = import_triplea(crafted(tmp_path, edit), ImportOptions(images=False))
    debt = next(z for z in pack.map.zones.values() if z.name == "Debt")
    assert debt.kind == "sea"
    assert any(i.code == "MAP008" and debt.id in i.zones for i in validate(pack).issues)


def test_aircraft_hit_subs_unless_the_game_restricts_it(tmp_path):
    """TripleA 1.9's MustFightBattle: subs never fire at aircraft; aircraft cannot hit subs
    (without a destroyer) only under "Air Attack Sub Restricted", false when a game leaves
    it out (Big World 1942). The import took both from the base ruleset, so in Big World
    subs under air attack were untouchable and the battle a stalemate (the parity table
    against TripleA's calculator, bw-sea: 0.140 attacker win against TripleA's 0.329)."""
    pack, _ = import_triplea(FIX / "minimap", ImportOptions(images=False))
    sub = _rules(pack).units["submarine"]
    assert sub.cannot_target == ("air",) and sub.hidden_from == ()
    on = crafted(
        tmp_path,
        lambda t: t.replace(
            "</propertyList>",
            '<property name="Air Attack Sub Restricted" value="true" editable="false"/>\n'
            "</propertyList>",
        ),
    )
    pack2, _ = import_triplea(on, ImportOptions(images=False))
    sub2 = _rules(pack2).units["submarine"]
    assert sub2.cannot_target == ("air",) and sub2.hidden_from == ("air",)


def test_low_luck_is_listed_as_not_played(tmp_path):
    """Napoleonic Empires plays with "Low Luck" (TripleA: hits = power / dice sides, a die
    only for the remainder). Warroom stores the option but rolls every die, so the report
    lists it: the parity table found nap-line at 0.672 attacker win against TripleA's
    0.852."""
    _, rep = import_triplea(FIX / "minimap", ImportOptions(images=False))
    assert not any(x.startswith("Low Luck") for x in rep.unplayed_options)
    on = crafted(
        tmp_path,
        lambda t: t.replace(
            "</propertyList>",
            '<property name="Low Luck" value="true" editable="true"/>\n</propertyList>',
        ),
    )
    _, rep2 = import_triplea(on, ImportOptions(images=False))
    assert "Low Luck = true (Warroom rolls every die)" in rep2.unplayed_options


def test_bombardment_casualties_that_do_not_fire_back_are_listed(tmp_path):
    """TripleA 1.9 lets casualties of a shore bombardment fire back only under "Naval
    Bombard Casualties Return Fire" (false when left out, as in Big World); Warroom's
    always do, so the report lists the property (parity table: bw-amphib)."""
    _, rep = import_triplea(FIX / "minimap", ImportOptions(images=False))
    line = "Naval Bombard Casualties Return Fire = false (Warroom: they fire back)"
    assert line in rep.unplayed_options
    on = crafted(
        tmp_path,
        lambda t: t.replace(
            "</propertyList>",
            '<property name="Naval Bombard Casualties Return Fire" value="true" editable="false"/>'
            "\n</propertyList>",
        ),
    )
    _, rep2 = import_triplea(on, ImportOptions(images=False))
    assert line not in rep2.unplayed_options
