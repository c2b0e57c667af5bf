"""A TripleA game's own rules in play (issue #24): relationships, political actions,
national objectives, triggers and the game's victory, mapped to scenario events on import
(gamecore.interop.triplea.rulesxlate) and played by the A&A system (gamecore.rules.politics).

The fixture tests/fixtures/triplea/rules_war/ is invented for Warroom; its attachments
copy the shapes of TripleA's Global 1940 2nd Edition (map/games/ww2global40_2nd_edition.xml:
conditions that reference conditions, conditionType OR, invert, "each" objectives, a
trigger bringing the US in after its place step in round 3, political actions)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.engine.turns import END
from gamecore.interop.triplea import ImportOptions, import_triplea
from gamecore.rules import politics
from gamecore.sim.bots.heuristic import HeuristicBot

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea" / "rules_war"


@pytest.fixture(scope="module")
def imported():
    return import_triplea(FIX, ImportOptions(images=False))


@pytest.fixture
def game(imported):
    pack, _ = imported
    sid = next(iter(pack.scenarios))
    return new_game(pack, sid, seed=1, rounds=6)


def _until(s, test) -> None:
    """End phases (nobody moves or buys) until ``test(s)``."""
    for _ in range(3000):
        if test(s):
            return
        s.apply(END)
    raise AssertionError("never reached")


def _to_phase(s, nation: str, phase: str, rnd: int | None = None) -> None:
    """End phases until ``nation``'s ``phase`` (of round ``rnd``) is current."""
    for _ in range(2000):
        if s.current_nation == nation and s.phase == phase and (rnd is None or s.round == rnd):
            return
        s.apply(END)
    raise AssertionError(f"never reached {nation} {phase}")


def test_the_import_report_counts_the_rules_and_names_what_is_not_mapped(imported):
    pack, rep = imported
    assert rep.rules == {"objective": 6, "political": 3, "trigger": 5, "victory": 1}
    assert any(
        u.startswith("triggerAttachment_Germans_Improved_Mech_Inf") and "techs" in u
        for u in rep.unmapped
    )
    assert any(x.startswith("not mapped: triggerAttachment_Germans_Improved") for x in rep.lines())
    sc = next(iter(pack.scenarios.values()))
    assert sc.options["scenario_events"] is True and sc.options["war_gates"] is True
    assert sc.options["round_limit_winner"] == "victory_cities"


def test_import_json_report_lists_the_unmapped_rules(tmp_path, capsys):
    out = tmp_path / "r.warroom"
    code = main(["import", "triplea", str(FIX), "-o", str(out), "--no-images", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    report = data.get("report", data)
    assert report["rules"]["political"] == 3
    assert any("Improved_Mech_Inf" in u for u in report["unmapped"])


def test_initial_relationships_decide_who_may_attack_whom(game, imported):
    s = game
    assert s.at_war("Germans", "British")
    assert s.relation("Germans", "Russians") == "neutral"
    assert s.relation("Germans", "Americans") == "neutral"
    zid = {z.name: z.id for z in s.pack.map.zones.values()}
    # neutral Russia is no target: Germany has no combat move at all (Britain is overseas)
    _to_phase(s, "Germans", "purchase")
    s.apply(END)
    assert s.phase == "noncombat_move"
    # at war (the political action), the German army may attack Russia and Ukraine
    pack, _ = imported
    s2 = new_game(pack, s.scenario.id, seed=1, rounds=6)
    s2.apply(s2.legal_actions()[0])  # Germans_To_War_With_Russians
    assert s2.phase == "purchase"  # (nothing else to do in politics)
    s2.apply(END)
    assert s2.phase == "combat_move"
    targets = {a.path[-1] for a in s2.legal_actions() if a.kind == "move"}
    assert {zid["Russia"], zid["Ukraine"]} <= targets


def test_a_political_action_is_offered_paid_for_and_changes_every_relationship(game):
    s = game
    _to_phase(s, "Germans", "politics")
    pid = "politicalActionAttachment_Germans_To_War_With_Russians__Germans"
    acts = [a for a in s.legal_actions() if a.kind == "declare_war"]
    assert acts == [Action("declare_war", nation="Russians", type=pid)]
    bank = s.banks["Germans"]
    s.apply(acts[0])
    assert s.banks["Germans"] == bank - 4  # costPUs
    assert s.at_war("Germans", "Russians")
    assert s.relation("Russians", "British") == "aligned"  # the action's second change
    # its condition (not yet at war) is gone: no second declaration
    assert not [a for a in s.legal_actions() if a.kind == "declare_war"]


def test_a_political_action_waits_for_its_condition_and_money(game):
    s = game
    s.banks["Germans"] = 3  # the declaration costs 4
    s._legal = None
    assert [a for a in s.legal_actions() if a.kind == "declare_war"] == []
    # the Americans may not declare before round 4 (or a provocation, or London's fall):
    # conditions referencing conditions with conditionType OR
    _to_phase(s, "Americans", "politics", 1)
    # British:Germans is the named type War: the OR already holds in round 1
    assert politics.political_actions(s, "Americans")
    s.set_relation("Germans", "British", "neutral")
    s.remember("relation_type", pair="British|Germans", name="Neutrality")
    assert not politics.political_actions(s, "Americans")


def test_attempts_per_turn_count_per_round(game):
    s = game
    _to_phase(s, "British", "politics")
    oid = "politicalActionAttachment_British_To_War_With_Spain__British"
    obj = s.scenario.objectives[oid]
    assert obj.props["attempts"] == 2 and obj.props["accept"] == ["Americans"]
    assert [o.id for o in politics.political_actions(s, "British")] == [oid]
    s.apply(Action("declare_war", nation="Neutral_True", type=oid))
    assert s.at_war("British", "Neutral_True")


def test_the_trigger_brings_the_us_in_after_its_place_step_of_round_3(game):
    s = game
    _until(s, lambda s: s.round == 3 and s.current_nation == "Americans")
    assert not s.at_war("Americans", "Germans")
    _until(s, lambda s: s.current_nation != "Americans")
    assert s.at_war("Americans", "Germans")  # after:americansPlace, round 3
    assert s.relation("Americans", "British") == "aligned"
    fired = [h for h in s.history if h.get("type") == "event"]
    assert ("triggerAttachment_Americans_War", 3, "Americans") in [
        (h["id"], h["round"], h["nation"]) for h in fired
    ]


def test_a_when_trigger_places_units_once(game):
    s = game
    zid = {z.name: z.id for z in s.pack.map.zones.values()}

    def russians_in_russia():
        return sum(
            1 for u in s.units.values() if u.nation == "Russians" and u.zone == zid["Russia"]
        )

    start = russians_in_russia()
    _until(s, lambda s: s.round == 3 and s.current_nation == "Russians")
    assert russians_in_russia() == start + 2  # before:russiansPurchase, round 3
    _until(s, lambda s: s.round == 5)
    assert russians_in_russia() == start + 2  # uses: 1


def test_national_objectives_are_paid_at_income_each_and_conditions(game):
    s = game
    _until(s, lambda s: s.current_nation == "Russians")
    inc = [e for e in s.log if e.get("e") == "income" and e["nation"] == "Germans"][-1]
    # trade with Russia (+5, not at war) and 3 per Poland/Russia/Ukraine owned (Poland)
    assert set(inc["objectives"]) == {
        "objectiveAttachment_Germans_1_Trade_with_Russia",
        "objectiveAttachment_Germans_2_East",
    }
    assert inc["amount"] == inc["territory"] + 5 + 3
    _until(s, lambda s: s.current_nation == "British")
    inc = [e for e in s.log if e.get("e") == "income" and e["nation"] == "Russians"][-1]
    # all its original territories, no enemy units in Russia and Ukraine
    assert inc["objectives"] == ["objectiveAttachment_Russians_1_Homeland"]


def test_a_resource_trigger_pays_with_the_end_turn_income(game):
    """A trigger that only pays PUs and has no 'when' (G40's Swedish iron ore): TripleA
    pays it with the end-turn income: a national objective, listed with the income."""
    s = game
    zid = {z.name: z.id for z in s.pack.map.zones.values()}
    obj = s.scenario.objectives["triggerAttachment_Germans_In_Ukraine"]
    assert (obj.kind, obj.owner, obj.effect) == ("objective", "Germans", "income(5)")
    tank = next(u for u in s.units.values() if u.nation == "Germans" and u.type == "armour")
    s.move_unit(tank.id, zid["Ukraine"])
    _until(s, lambda s: s.current_nation == "Russians")
    inc = [e for e in s.log if e.get("e") == "income" and e["nation"] == "Germans"][-1]
    assert "triggerAttachment_Germans_In_Ukraine" in inc["objectives"]
    # (Poland: 3, and the 5 of this trigger; the trade with Russia holds too)
    assert inc["amount"] == inc["territory"] + 5 + 3 + 5


def test_the_games_victory_trigger_ends_the_game(game):
    s = game
    zid = {z.name: z.id for z in s.pack.map.zones.values()}
    taken = {zid["Russia"], zid["United Kingdom"]}
    for z in taken:
        s.owner[z] = "Germans"
    for u in sorted(s.units.values()):
        if u.zone in taken and u.id in s.units:
            s.remove_unit(u.id, "test")
    s.bump()
    _until(s, lambda s: s.is_terminal() or s.current_nation == "Americans")
    assert not s.is_terminal()  # TripleA's victory triggers fire when the round ends
    _until(s, lambda s: s.is_terminal())
    assert s.round == 1
    assert s.winner == "axis"
    assert "triggerAttachmentAxisVictory_victory" in s.end_reason


def test_relation_type_reads_the_named_type_not_the_archetype(game):
    s = game
    assert politics.relation_type(s, "British", "Germans") == "War"
    # an Unprovoked war is a war, but not the type "War"
    s.remember("relation_type", pair="British|Germans", name="Unprovoked")
    assert politics.relation_type(s, "British", "Germans") == "Unprovoked"
    # a relation changed another way: the stale name gives way to the relation
    s.set_relation("British", "Germans", "neutral")
    assert politics.relation_type(s, "British", "Germans") == "neutral"


def test_the_heuristic_bot_declares_when_the_gate_opens_and_it_pays(game):
    s = game
    bot = HeuristicBot(1)
    # Germany: at peace with Russia its trade objective pays 5: no war on Russia
    _to_phase(s, "Germans", "politics")
    assert politics.suggested_wars(s, "Germans") == set()
    assert bot.choose(s) == END
    # the US, round 4: the gate is open, an ally (Britain) is at war with Germany and
    # the war objective pays 10: it declares
    s2 = new_game(s.pack, s.scenario.id, seed=1, rounds=6)
    _until(s2, lambda s: s.current_nation == "Americans" and s.phase == "politics")
    assert politics.suggested_wars(s2, "Americans") == {"Germans"}
    a = bot.choose(s2)
    assert a.kind == "declare_war" and a.nation == "Germans"


def test_heuristic_games_of_the_fixture_bring_the_us_in_and_pay_objectives(imported):
    from gamecore.engine.bots import play
    from gamecore.sim.bots import bots_for

    pack, _ = imported
    s = new_game(pack, next(iter(pack.scenarios)), seed=3, rounds=5)
    play(s, bots_for("heuristic", s, 3))
    assert s.is_terminal()
    war = [
        h
        for h in s.history
        if h.get("type") == "declared_war" and {h.get("by"), h.get("against")} >= {"Americans"}
    ]
    assert war and min(h["round"] for h in war) <= 3
    paid = {o for e in s.log if e.get("e") == "income" for o in e.get("objectives", [])}
    assert "objectiveAttachment_Americans_1_At_War" in paid
    assert s.end_reason


def test_victory_city_options_become_victory_objectives(tmp_path):
    """TripleA's "Honorable Surrender" with "<Alliance> Honorable Victory VCs": the side
    holding that many victory cities wins."""
    import shutil

    folder = tmp_path / "rules_war"
    shutil.copytree(FIX, folder)
    xml = folder / "map" / "games" / "rules_war.xml"
    text = xml.read_text(encoding="utf-8").replace(
        "  </propertyList>",
        '    <property name="Honorable Surrender" value="true" editable="true"><boolean/></property>\n'
        '    <property name="Axis Honorable Victory VCs" value="2" editable="true"><number min="1" max="4"/></property>\n'
        "  </propertyList>",
    )
    xml.write_text(text, encoding="utf-8")
    pack, rep = import_triplea(folder, ImportOptions(images=False))
    assert rep.rules["victory"] == 2
    sc = next(iter(pack.scenarios.values()))
    vc = sc.objectives["vc_Honorable_Surrender_Axis"]
    assert vc.kind == "victory" and vc.owner == "axis"
    s = new_game(pack, sc.id, seed=1, rounds=6)
    zid = {z.name: z.id for z in pack.map.zones.values()}
    s.owner[zid["United Kingdom"]] = "Germans"  # Germany + London: 2 victory cities
    for u in sorted(s.units.values()):
        if u.zone == zid["United Kingdom"] and u.id in s.units:
            s.remove_unit(u.id, "test")
    s.bump()
    _until(s, lambda s: s.is_terminal())
    assert s.winner == "axis" and "vc_Honorable_Surrender_Axis" in s.end_reason


def test_use_politics_off_maps_no_political_action(tmp_path):
    import shutil

    folder = tmp_path / "rules_war"
    shutil.copytree(FIX, folder)
    xml = folder / "map" / "games" / "rules_war.xml"
    xml.write_text(
        xml.read_text(encoding="utf-8").replace(
            '<property name="Use Politics" value="true"',
            '<property name="Use Politics" value="false"',
        ),
        encoding="utf-8",
    )
    pack, rep = import_triplea(folder, ImportOptions(images=False))
    assert "political" not in rep.rules
    assert any("Use Politics" in u for u in rep.unmapped)


def test_a_frontier_trigger_becomes_a_purchase_permission(game):
    """G40's Burma Road shape: a trigger switching a player's production frontier. The
    player always buys what all its frontiers share; the rest while the condition holds."""
    from gamecore.rules.economy import purchase_permissions

    s = game
    assert set(s.rules.nation_rules("Russians").can_buy) == {"infantry", "armour"}
    assert purchase_permissions(s, "Russians") == set()
    s.set_relation("Germans", "Russians", "war")
    assert purchase_permissions(s, "Russians") == {"fighter"}


def test_movement_restrictions_hold_until_the_trigger_lifts_them(game):
    """G40's US and Japanese fleets (disallowed sea zones before the war) and China
    (allowed territories only): the option movement_restrictions, lifted by the trigger
    that empties the player's movementRestrictionTerritories."""
    s = game
    zid = {z.name: z.id for z in s.pack.map.zones.values()}
    assert s.rules.options["movement_restrictions"] == {
        "Americans": {"mode": "disallowed", "zones": [zid["1 Sea Zone"]]}
    }

    def transport_ends():
        _until(s, lambda s: s.current_nation == "Americans" and s.phase == "noncombat_move")
        return {a.path[-1] for a in s.legal_actions() if a.kind == "move"}

    assert zid["1 Sea Zone"] not in transport_ends()
    s.apply(END)
    s.set_relation("Germans", "Americans", "war")
    # the next American turn: the trigger fires before combat move
    _until(s, lambda s: s.current_nation == "Germans")
    assert zid["1 Sea Zone"] in transport_ends()
    assert "movement_free:Americans" in s.awards


def test_facility_triggers_upgrade_the_factory_when_the_us_goes_to_war(game):
    """G40's US war production: at war, the minor factories become major ones (a trigger
    removing one facility unit and placing another; facility presence in conditions)."""
    s = game
    zid = {z.name: z.id for z in s.pack.map.zones.values()}
    eus = zid["Eastern United States"]
    assert [f.type for f in s.facilities_in(eus)] == ["factory"]
    _until(s, lambda s: s.current_nation == "Russians")
    assert [f.type for f in s.facilities_in(eus)] == ["factory"]  # at peace
    s.set_relation("Germans", "Americans", "war")
    _until(s, lambda s: s.current_nation == "Americans" and s.phase != "politics")
    assert [f.type for f in s.facilities_in(eus)] == ["factory_major"]
    _until(s, lambda s: s.round == 3)
    assert [f.type for f in s.facilities_in(eus)] == ["factory_major"]


def test_placement_in_any_territory_needs_no_factory(game):
    """G40's China: placementAnyTerritory + placementPerTerritory (game option "Place in
    Any Territory"): no factories, a limit per original territory."""
    from gamecore.rules.economy import placement_capacity

    nr = game.rules.nation_rules("Russians")
    assert (nr.uses_factories, nr.place_limit_per_zone) == (False, 2)
    assert placement_capacity(game, "Russians")[0] == 2 * 2  # Russia and Ukraine


# ---------------------------------------------------------------------- the translator
def _translate(*extra):
    """The fixture's rules plus ``extra`` attachments, translated."""
    import dataclasses

    from gamecore.interop.triplea.gamexml import Attachment, read_game
    from gamecore.interop.triplea.rulesxlate import translate_rules
    from gamecore.interop.triplea.xmlsafe import parse_xml

    path = FIX / "map" / "games" / "rules_war.xml"
    g = read_game(parse_xml(path.read_bytes(), path))
    atts = [
        Attachment(name, player, "games.strategy.triplea.attachments." + cls, "player", opts)
        for name, player, cls, opts in extra
    ]
    g = dataclasses.replace(g, attachments=[*g.attachments, *atts])
    zones = {name: i for i, (name, _w) in enumerate(g.territories, 1)}
    nations = {p["name"] for p in g.players}
    return translate_rules(g, zones, nations, {"factory", "factory_major"})


def _objective(name, player, *opts):
    return (name, player, "RulesAttachment", [["objectiveValue", "2", ""], *map(list, opts)])


def test_translation_of_counts_ranges_and_condition_types():
    tr = _translate(
        _objective("o1", "Germans", ["atWarPlayers", "Russians:British:Americans", "2"]),
        _objective("o2", "Germans", ["rounds", "2-4:7", ""]),
        ("c1", "Germans", "RulesAttachment", [["rounds", "1", ""]]),
        ("c2", "Germans", "RulesAttachment", [["rounds", "2", ""]]),
        ("c3", "Germans", "RulesAttachment", [["rounds", "3", ""]]),
        _objective("o3", "Germans", ["conditions", "c1:c2:c3", ""], ["conditionType", "2-3", ""]),
        _objective("o4", "Germans", ["alliedExclusionTerritories", "Poland:Germany", "2"]),
        _objective("o5", "Germans", ["battle", "Germans:Russians:any:currentRound:Russia", ""]),
    )
    by_id = {o.id: o for o in tr.objectives}
    assert by_id["o1"].condition == (
        "((at_war({Germans}, {Russians}) and at_war({Germans}, {British})) or "
        "(at_war({Germans}, {Russians}) and at_war({Germans}, {Americans})) or "
        "(at_war({Germans}, {British}) and at_war({Germans}, {Americans})))"
    )
    assert by_id["o2"].condition == "(((round() >= 2 and round() <= 4)) or (round() == 7))"
    # "2-3": two or three of the three conditions hold (never all three in one round)
    assert by_id["o3"].condition.count(" or ") == 3
    assert "none((allies_of(Germans)), t, any)" in by_id["o4"].condition
    assert "o5" not in by_id
    assert any(u.startswith("o5 (Germans): national objective not mapped") for u in tr.unmapped)


def test_translation_refuses_a_condition_cycle_and_names_it():
    tr = _translate(
        ("ca", "Germans", "RulesAttachment", [["conditions", "cb", ""]]),
        ("cb", "Germans", "RulesAttachment", [["conditions", "ca", ""]]),
        _objective("oc", "Germans", ["conditions", "ca", ""]),
    )
    assert "oc" not in {o.id for o in tr.objectives}
    assert any("refers to itself" in u for u in tr.unmapped)


def test_translated_conditions_evaluate_on_the_start_state(game):
    """Every condition the import wrote compiles and evaluates on the fixture's start."""
    from gamecore.rules import politics as pol

    s = game
    for obj in s.scenario.objectives.values():
        ok, _effects = pol._evaluate(s, obj)
        assert ok in (True, False), obj.id


def test_a_true_neutral_is_attacked_only_once_at_war(game):
    """TripleA: entering a neutral player's territory needs the War relationship (G40's
    "war with the true neutrals" political action); the war gate is the relation."""
    from gamecore.rules.movement import MoveContext

    s = game
    spain = {z.name: z.id for z in s.pack.map.zones.values()}["Spain"]
    assert politics.war_targets(s, "Germans") == {"British"}
    assert MoveContext(s, "Germans", True).status(spain) == "X"
    s.set_relation("Germans", "Neutral_True", "war")
    s.bump()
    assert MoveContext(s, "Germans", True).status(spain) in ("N", "H")


def test_translation_of_hostile_rules_is_bounded():
    """Untrusted maps: a 200-deep chain of conditions and a "5-10" of 20 conditions are
    named as not mapped, never a crash or an expression of millions of terms."""
    chain = [
        (f"d{i}", "Germans", "RulesAttachment", [["conditions", f"d{i + 1}", ""]])
        for i in range(200)
    ]
    chain.append(("d200", "Germans", "RulesAttachment", [["rounds", "1", ""]]))
    many = [(f"m{i}", "Germans", "RulesAttachment", [["rounds", str(i), ""]]) for i in range(20)]
    names = ":".join(f"m{i}" for i in range(20))
    tr = _translate(
        *chain,
        *many,
        _objective("deep", "Germans", ["conditions", "d0", ""]),
        _objective("wide", "Germans", ["conditions", names, ""], ["conditionType", "5-10", ""]),
    )
    ids = {o.id for o in tr.objectives}
    assert "deep" not in ids and "wide" not in ids
    assert any("nest deeper" in u for u in tr.unmapped)
    assert any("too many ways" in u for u in tr.unmapped)
