"""The battle as an ordered table of steps (gamecore.rules.battle.steps): which steps each
ruleset plays, that a ruleset's own mechanisms are its own steps, and that hits are named.

Rulebooks: seeds/004 (3G40 handbook, rules-notes/004 §4.3-§4.8) for the A&A steps every
ruleset plays; seeds/000 (Global War, rules-notes/000 §1.9, §9.2, §9.8, §12.2, §12.7,
§12.9); seeds/003 (house rules: SUBMARINE SPECIAL RULES, SHORE BOMBARDMENT); seeds/002
(The War Game, rules-notes/002 §3, §4.4-§4.10, "Submarine")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gamecore.rules import load_ruleset
from gamecore.rules.battle.casualties import assign_hits
from gamecore.rules.battle.steps import STAGES, STEPS, describe, stage, steps_for
from gamecore.rules.battle.units import Hit
from tests.gamecore.rules.test_gw_combat import setup

BATTLE = Path(__file__).resolve().parents[3] / "gamecore" / "rules" / "battle"
FAMILY = ("g40", "global_war", "global_war_house", "war_game")

# rules-notes/004 §4.3: every round both sides fire (first strike first), losses go after
CORE_ROUND = ["first_strike", "general_fire", "general_casualties", "doomed", "round_report"]
# seeds/002 §4.5 (loss of surprise), "Submarine", §4.9 hostile terrain, §4.8, §4.6, §4.10
WAR_GAME_ONLY = {
    "neutral_invasion",
    "support_fire",
    "scorch_decision",
    "air_vs_lone_sub",
    "loss_of_surprise",
    "subs_before_transports",
    "hostile_terrain",
    "scorch",
    "pass_through",
    "note_cleared",
    "no_retreat_over_hostile_terrain",
    "sea_retreat_limits",
    "passed_zones_first",
}
# seeds/000 §12.7/§1.23 border dice, §9.2 doubles, §9.8 amphibious, §1.9 breakdown,
# §12.2 attacking AA, §9.9/§12.9 coastal artillery
GLOBAL_WAR_ONLY = {
    "border_dice",
    "border_doubles",
    "amphibious_doubles",
    "breakdown",
    "attacker_aa_fire",
    "coastal_fire",
    "coastal_losses",
    "amphibious_hold_out",
    "release_waiting",
}
# seeds/003 SUBMARINE SPECIAL RULES, SHORE BOMBARDMENT
HOUSE_ONLY = {"first_strike_every_round", "shell_facilities"}


def _names(ruleset: str, where: str | None = None) -> list[str]:
    return [st.name for st in steps_for(load_ruleset(ruleset)) if where in (None, st.stage)]


def test_every_step_has_a_known_stage_a_unique_name_and_a_line_to_print():
    names = [st.name for st in STEPS]
    assert len(names) == len(set(names))
    for st in STEPS:
        assert st.stage in STAGES, st
        assert st.doc and "\n" not in st.doc, st


@pytest.mark.parametrize("ruleset", FAMILY)
def test_a_round_keeps_the_a_and_a_order_in_every_ruleset(ruleset):
    # rules-notes/004 §4.3: first strike, then the others, casualties after both fired
    names = _names(ruleset, "round")
    general = "subs_before_transports" if ruleset == "war_game" else "general_fire"
    want = [general if n == "general_fire" else n for n in CORE_ROUND]
    assert [n for n in names if n in want] == want


def test_the_war_game_brings_its_own_steps_and_g40_plays_none_of_them():
    wg = set(_names("war_game"))
    assert WAR_GAME_ONLY <= wg
    # seeds/002 "Submarine": the subs-before-transports fire stands in for the general fire
    assert "general_fire" not in wg
    assert not WAR_GAME_ONLY & set(_names("g40"))
    assert not GLOBAL_WAR_ONLY & wg and not HOUSE_ONLY & wg


def test_global_war_and_its_house_rules_add_their_steps():
    gw, house = set(_names("global_war")), set(_names("global_war_house"))
    assert GLOBAL_WAR_ONLY <= gw and GLOBAL_WAR_ONLY <= house
    assert HOUSE_ONLY <= house and not HOUSE_ONLY & gw
    assert not GLOBAL_WAR_ONLY & set(_names("g40"))
    # seeds/000 §12.7: the fortification's dice are rolled with the first strike, before it
    r = _names("global_war", "round")
    assert r.index("border_dice") < r.index("first_strike") < r.index("breakdown")


def test_the_printed_list_names_each_stage_and_step():
    text = describe(load_ruleset("war_game"))
    assert text.splitlines()[0] == "battle steps of war_game:"
    for name in WAR_GAME_ONLY:
        assert f"    {name} " in text
    assert "[wargame_battle]" in text and "general_fire" not in text


def test_the_steps_of_a_game_are_computed_once(monkeypatch):
    s, _ = setup([("infantry", 1)], [("infantry", 1)])
    first = stage(s, "round")
    calls = []
    monkeypatch.setattr(type(STEPS[0]), "applies", lambda self, rules: calls.append(1))
    assert stage(s, "round") is first and not calls


def test_the_shared_battle_code_never_imports_the_war_game():
    # the War Game's steps are listed by the table (steps.py) from wargame_battle; no
    # module of the battle imports the War Game's own rules module
    for path in sorted(BATTLE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for n in names:
                assert not n.startswith("gamecore.rules.wargame") or (
                    path.name == "steps.py" and n == "gamecore.rules.wargame_battle"
                ), f"{path.name} imports {n}"


def test_a_hit_keeps_the_order_of_the_tuples_it_replaced():
    # T 9-1 (seeds/000): target-selection hits go first, then by how few units fit; ties
    # fall to the same order as before hits had names, so the same dice take the same units
    plain = Hit(("air",), "land", False)
    air_first = Hit(("air",), "land", False, "air")
    picked = Hit(("air",), "land", False, "", ("vehicle",))
    assert plain.order() == repr((("air",), "land", False))
    assert air_first.order() == repr((("air",), "land", False, "air"))
    assert picked.order() == repr((("air",), "land", False, "", ("vehicle",)))
    assert Hit(*(("air",), "land", False)) == plain


def test_a_plain_tuple_is_taken_as_the_hit_it_spells():
    s, z = setup([("infantry", 1)], [("infantry", 2), ("artillery", 1)])
    dfn = [s.units[u] for u in s.units_in(z["B"]) if s.units[u].nation == "BLU"]
    as_hit = assign_hits(s, dfn, [Hit((), "land", False)] * 2, "cheapest", False, z["B"])
    as_tuple = assign_hits(s, dfn, [((), "land", False)] * 2, "cheapest", False, z["B"])
    assert as_hit == as_tuple and len(as_hit.killed) == 2


# options whose rule one ruleset (or the family's base) plays: read only by its own step
# (#34: no option gate in the shared battle code)
GATES = {
    "defender_retreat": "wargame_battle.py",  # seeds/002 §4.4 (rules-notes/002 §4.4)
    "air_retreat_apart": "house.py",  # seeds/003 RETREATING FROM ATTACKS
    "partial_amphibious_retreat": "core.py",  # G40 2E, issue #23 point 4
}


@pytest.mark.parametrize("option", sorted(GATES))
def test_a_rule_s_option_is_read_by_its_own_step_only(option):
    readers = set()
    for path in [*sorted(BATTLE.glob("*.py")), BATTLE.parent / "wargame_battle.py"]:
        if path.name in ("options.py", "steps.py"):  # declared; the table of step names
            continue
        if f'"{option}"' in path.read_text(encoding="utf-8"):
            readers.add(path.name)
    assert readers == {GATES[option]}
    owner = [st for st in STEPS if getattr(st, "option", "") == option]
    assert [st.name for st in owner] == [option]


def test_the_retreat_stages_are_played_only_by_the_rulesets_that_own_them():
    # the War Game's defender retreats (seeds/002 §4.4); the house rules' aircraft leave
    # apart (seeds/003); G40 2E lets all but the landed units go (g40 and what extends it)
    assert _names("war_game", "defender_zones") == ["defender_retreat"]
    assert _names("g40", "defender_zones") == _names("global_war", "defender_zones") == []
    assert _names("global_war_house", "retreat_answers") == ["air_retreat_apart"]
    assert _names("global_war", "retreat_answers") == _names("war_game", "retreat_answers") == []
    assert _names("g40", "retreat_stay") == ["partial_amphibious_retreat"]
