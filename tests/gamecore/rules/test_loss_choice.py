"""A casualty answer naming the units lost, and the round's dice shown before it
(gamecore.rules.losses, gamecore.rules.battle.casualties).

Rulebook: rules-notes/004 §4.3 (seeds/004 "Summary of play", "Conduct Combat"): "both sides
roll one die per unit ... Casualties are chosen by their owner and removed after both sides
have fired" - so the owner sees the dice, then names the units it loses."""

from __future__ import annotations

import pytest

from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.paths import sample_pack
from gamecore.sim.session import HUMAN, PlaySession
from gamecore.store import read_pack
from tests.gamecore.rules.poland import moves_into_poland

END = Action.end_phase()


@pytest.fixture(scope="module")
def pack():
    return read_pack(sample_pack())


def _battle_in_poland(pack, seed: int = 3) -> tuple[PlaySession, int]:
    """A hot-seat 1939 game at Germany's first casualty choice in a Polish zone."""
    scn = pack.scenarios["1939"]
    seats = {n: HUMAN for slot in scn.turn_order for n in slot}
    s = PlaySession.start(pack, "1939", seed=seed, rounds=1, seats=seats)
    while s.state.phase != "combat_move":
        s.apply(END)
    dest, moves = moves_into_poland(s)
    for a in moves:
        if all(u in s.state.units for u in a.units):
            try:
                s.apply(a)
            except RulesError:
                pass  # (a unit another listed move took already)
    s.apply(END)
    s.apply(Action.fight(dest))
    assert s.state.decision is not None and s.state.decision.kind == "casualties"
    return s, dest


def test_the_dice_shown_are_the_dice_rolled_and_the_named_units_are_lost(pack):
    s, zone = _battle_in_poland(pack)
    ad = s.state.system.play_adapter()
    st = s.state
    view = ad.loss_choice(st)
    assert view is not None and view.side == "att" and view.owner == "GER"
    assert view.certain and view.round == 1 and view.zone == zone
    assert [who for who, _ in view.dice] == ["GER", "POL"]
    assert view.need == view.hits[1] > 0  # the defender's hits, before anyone chooses
    # the attacker names its most expensive units instead of the profile's cheapest
    cost = {u: st.rules.units[st.units[u].type].cost for u, _k, _h in view.units}
    picks = tuple(sorted(cost, key=lambda u: (-cost[u], u))[: view.need])
    assert set(picks) != set(view.profiles[view.default])
    n = len(st.log)
    s.apply(ad.loss_answer(st, view.default, picks))
    # the defender's turn to choose: same dice, its own units
    dview = ad.loss_choice(s.state)
    if dview is not None:
        assert dview.dice == view.dice and dview.side == "def"
        s.apply(ad.loss_answer(s.state, dview.default, dview.profiles[dview.default]))
    log = s.state.log[n:]
    rnd = next(e for e in log if e.get("e") == "round" and e.get("round") == 1)
    assert rnd["hits"] == list(view.hits)
    lost = sorted(e["unit"] for e in log if e.get("e") == "lost" and e.get("nation") == "GER")
    assert lost == sorted(picks)


def test_a_pick_that_is_not_the_sides_unit_is_refused(pack):
    s, _zone = _battle_in_poland(pack)
    st = s.state
    view = st.system.play_adapter().loss_choice(st)
    enemy = next(u.id for u in st.units.values() if u.nation == "POL" and u.zone == view.zone)
    with pytest.raises(RulesError):
        s.apply(Action("casualties", profile=view.default, units=(enemy,)))
    one = view.units[0][0]
    with pytest.raises(RulesError):  # a one-hit unit named for two hits
        s.apply(Action("casualties", profile=view.default, units=(one, one)))
    with pytest.raises(RulesError):  # a profile the ruleset has not
        s.apply(Action("casualties", profile="nonsense", units=(one,)))


def test_a_side_that_loses_everything_has_nothing_to_choose(pack):
    s, _zone = _battle_in_poland(pack)
    ad = s.state.system.play_adapter()
    view = ad.loss_choice(s.state)
    assert not view.trivial and ad.only_answer(s.state, s.legal()) is None
    s.apply(ad.loss_answer(s.state, view.default, view.profiles[view.default]))
    st = s.state
    dview = ad.loss_choice(st)
    # (seed 3: the attacker's 7 hits take all 6 Polish units: any answer loses the same)
    assert dview is not None and dview.need == sum(h for _u, _k, h in dview.units)
    assert dview.trivial
    assert ad.only_answer(st, s.legal()) == ad.default_answer(st, s.legal())


def test_the_owner_names_its_losses_before_the_profile_and_the_absorbing_unit():
    """rules-notes/004 §4.3: casualties are chosen by their owner; the default policy
    lets a two-hit unit absorb the first hit and the profile take the cheapest."""
    from gamecore.rules.battle.casualties import assign_hits
    from gamecore.rules.battle.units import Hit
    from tests.gamecore.rules.test_gw_combat import setup

    s, z = setup(
        [("infantry", 1)], [("infantry", 2), ("tank", 1), ("battleship", 1)], ruleset="g40"
    )
    dfn = [s.units[u] for u in s.units_in(z["B"]) if s.units[u].nation == "BLU"]
    ids = {u.type: u.id for u in dfn}
    hit = Hit((), "land", False)
    # the policy: the battleship absorbs the hit as damage
    policy = assign_hits(s, dfn, [hit], "cheapest", False, z["B"])
    assert not policy.killed and list(policy.damaged) == [ids["battleship"]]
    # the owner names the tank: the tank is lost, nothing else is touched
    named = assign_hits(s, dfn, [hit], "cheapest", False, z["B"], picks=(ids["tank"],))
    assert [u.id for u in named.killed] == [ids["tank"]] and not named.damaged
    # the battleship named twice for two hits: it sinks
    sunk = assign_hits(
        s, dfn, [hit, hit], "cheapest", False, z["B"], picks=(ids["battleship"],) * 2
    )
    assert [u.id for u in sunk.killed] == [ids["battleship"]]
    # more hits than units named: the rest follow the profile (the cheapest: infantry)
    more = assign_hits(s, dfn, [hit, hit], "cheapest", False, z["B"], picks=(ids["tank"],))
    lost = sorted(s.units[u.id].type for u in more.killed) + sorted(
        s.units[u].type for u in more.damaged
    )
    assert "tank" in lost and len(lost) == 2


def _aa_battle():
    """RED attacks BLU's zone with fighters, infantry and a tank; BLU has an AA gun
    (g40 ``aaa``: it fires at the attacking aircraft before round 1)."""
    from gamecore.engine.testmaps import grid_pack, zone_ids

    two = {"RED": {"alliance": "reds"}, "BLU": {"alliance": "blues"}}
    units = [
        ("A", "RED", "fighter", 2),
        ("A", "RED", "infantry", 3),
        ("A", "RED", "tank", 1),
        ("B", "BLU", "infantry", 2),
        ("B", "BLU", "aaa", 1),
    ]
    zones = {"A": {"owner": "RED"}, "B": {"owner": "BLU"}}
    pack = grid_pack(["AB"], zones, two, units, ruleset="g40")
    return pack, zone_ids(pack)


def test_the_aa_dice_and_hits_are_shown_before_the_choice():
    """rules-notes/004 §4.4: defending AA fires at attacking aircraft before the first
    round. Its dice do not depend on the losses chosen, so they are shown (with its hits)
    before the attacker chooses (#37), and they are the dice the game then rolls."""
    from gamecore.engine import new_game

    pack, z = _aa_battle()
    s = new_game(pack, "test", seed=1, decisions=("casualties",), log="play")
    while s.phase != "combat_move":
        s.apply(END)
    for a in sorted(
        (a for a in s.legal_actions() if a.kind == "move" and a.path[-1] == z["B"]),
        key=lambda a: -len(a.units),
    ):
        if all(u in s.units and s.units[u].zone == z["A"] for u in a.units):
            s.apply(a)
    if s.phase == "combat_move":
        s.apply(END)
    if s.decision is None:
        s.apply(Action.fight(z["B"]))
    view = s.system.play_adapter().loss_choice(s)
    assert view is not None and not view.certain and view.side == "att"
    (line,) = [w for who, w in view.dice if who == "before round 1"]
    assert line.startswith("AA fire: ") and "The fire above rolls the same" in view.note
    faces = [int(f) for f in line.split(": ")[1].split(" - ")[0].split()]
    hits = int(line.split(" - ")[1].split()[0])
    # the real game's next dice are these (the AA guns roll first), with these hits
    rng = s.rng.copy()
    assert [rng.roll(s.rules.dice) for _ in faces] == faces
    n = len(s.log)
    s.apply(Action.casualties(view.default))
    while s.decision is not None and s.decision.kind == "casualties" and s.battle is not None:
        s.apply(Action.casualties("cheapest"))
        if any(e.get("e") == "aa" for e in s.log[n:]):
            break
    aa = next(e for e in s.log[n:] if e.get("e") == "aa")
    assert aa["shots"] == len(faces) and aa["hits"] == hits
