"""A rule system the engine has never heard of (issue #22 acceptance): the test-only toy
system of :mod:`tests.gamecore.engine.toy_system` — its own phases, action kinds, a combat
results table as a typed option and its own victory rule — plays through the engine
(legal actions, apply, clone, replay), the CLI (``warroom play``, ``warroom rules``) and a
batch playtest, registered from outside the engine package."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.engine import Action, new_game, play, replay
from gamecore.engine.bots import make_bots
from gamecore.errors import RulesError, RulesetError
from gamecore.model import RulesetDoc
from gamecore.store import write_pack
from tests.gamecore.engine import toy_system
from tests.gamecore.engine.toy_system import TOY_RULESET, toy_pack


def _played(seed: int, rounds: int = 4):
    s = new_game(toy_pack(rounds), "test", seed=seed)
    play(s, make_bots("random", s, seed))
    return s


def test_a_toy_game_plays_its_own_phases_to_its_own_end():
    s = new_game(toy_pack(), "test", seed=3)
    assert s.system.name == "toy" and s.rules.phases == ["levy", "assault", "tribute"]
    assert s.phase == "levy"
    kinds = {a.kind for a in s.legal_actions()}
    assert kinds == {"levy", "end_phase"}
    with pytest.raises(RulesError, match="illegal action"):
        s.apply(Action.buy("soldier"))  # an A&A kind means nothing here
    play(s, make_bots("random", s, 3))
    assert s.is_terminal() and s.round == 4
    assert s.end_reason == "round limit: most zones"
    held = {n: len(s.zones_of(n)) for n in ("NOR", "SOU")}
    if held["NOR"] != held["SOU"]:
        assert s.winner == ("north" if held["NOR"] > held["SOU"] else "south")
    events = {e["e"] for e in s.log}
    assert {"levy", "assault", "income", "game_end"} <= events
    # the combat results table decided every assault (from one zone or several)
    for e in s.log:
        if e["e"] == "assault":
            assert e["result"] == toy_system.CRT[e["column"]][e["roll"] - 1]


def test_toy_games_are_deterministic_clone_and_replay():
    a, b = _played(5), _played(5)
    assert a.log == b.log and a.snapshot() == b.snapshot()
    assert replay(toy_pack(), a.log).snapshot() == a.snapshot()
    mid = new_game(toy_pack(), "test", seed=9)
    play(mid, make_bots("random", mid, 9), max_actions=10)
    c = mid.clone()
    assert c.system is mid.system and c.snapshot() == mid.snapshot()
    c.apply(c.legal_actions()[0])
    assert c.snapshot() != mid.snapshot()  # the clone is its own game


def test_the_toy_keeps_its_own_state_part_and_the_core_none_of_aa():
    from gamecore.engine.state import GameState

    s = _played(6)
    assert type(s).__name__ == "ToyState" and "losses" in s.snapshot()
    lost = sum(1 for e in s.log if e["e"] == "assault" and e["result"] in ("A1", "EX"))
    assert sum(s.losses.values()) >= lost
    assert not hasattr(s, "queue") and not hasattr(s, "techs")  # A&A parts are not here
    for name in ("queue", "techs", "raiders", "pending", "battle", "vp", "alignment"):
        assert name not in GameState.__slots__
    c = s.clone()
    c.losses = {**c.losses, "NOR": 99}
    assert s.losses.get("NOR") != 99


def test_the_toy_crt_is_a_typed_option_checked_at_load():
    pack = toy_pack()
    pack.rulesets["toy"] = RulesetDoc("toy", TOY_RULESET + '\n[options.crt]\n"1:1" = ["AE"]\n')
    with pytest.raises(RulesetError, match=r"options.crt.1:1.*six of"):
        new_game(pack, "test")
    pack.rulesets["toy"] = RulesetDoc(
        "toy", TOY_RULESET.replace("levy_cost = 2", "levy_cost = 'two'")
    )
    with pytest.raises(RulesetError, match=r"options.levy_cost.*must be an integer"):
        new_game(pack, "test")
    pack.rulesets["toy"] = RulesetDoc(
        "toy", TOY_RULESET.replace('"tribute"]', '"tribute", "combat"]')
    )
    with pytest.raises(RulesetError, match=r"unknown phase 'combat' of system 'toy'"):
        new_game(pack, "test")


def test_the_toy_plays_through_the_cli(tmp_path, capsys):
    path = tmp_path / "toy.warroom"
    write_pack(toy_pack(), path)
    log = tmp_path / "game.jsonl"
    rc = main(
        [
            "play",
            str(path),
            "--scenario",
            "test",
            "--seed",
            "4",
            "--bots",
            "random",
            "--log",
            str(log),
            "--json",
        ]
    )
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["rounds"] == 4
    assert out["reason"] == "round limit: most zones"
    assert set(out["territory"]) == {"NOR", "SOU"}
    from gamecore.store import read_pack

    assert replay(read_pack(path), log).snapshot()["round"] == 4
    assert main(["rules", "list", "--pack", str(path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {"id": "toy", "name": "Toy war", "system": "toy", "where": "pack"}.items() <= next(
        r for r in listed["rulesets"] if r["id"] == "toy"
    ).items()
    assert main(["rules", "show", "toy", "--pack", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["ruleset"]
    assert shown["system"] == "toy" and shown["phases"] == ["levy", "assault", "tribute"]
    assert {"name": "levy_cost", "value": 2, "type": "int", "default": 3}.items() <= shown["sets"][
        0
    ].items()
    assert main(["rules", "show", "toy", "--json"]) == 0
    sysj = json.loads(capsys.readouterr().out)["system"]
    assert [p["name"] for p in sysj["phases"]] == ["levy", "assault", "tribute"]
    assert {o["name"] for o in sysj["options"]} >= {"crt", "levy_cost"}


def test_a_toy_playtest(tmp_path):
    from gamecore.sim.playtest.results import PlaytestParams
    from gamecore.sim.playtest.run import run_playtest

    run = run_playtest(toy_pack(), PlaytestParams("test", bots="random", seed=2), 6)
    assert run.played == 6 and len(run.records) == 6
    winners = {r.get("winner") for r in run.records}
    assert winners <= {"north", "south", None}
    assert all(r.get("rounds") == 4 for r in run.records)


def test_a_bot_that_knows_only_aa_refuses_the_toy_by_name():
    from gamecore.sim.bots import BotSpecError, bots_for

    s = new_game(toy_pack(), "test", seed=1)
    with pytest.raises(
        BotSpecError, match="bot 'heuristic' does not play rule system 'toy'.*random"
    ):
        bots_for("heuristic", s, 1)
    assert set(bots_for("random", s, 1)) == {"NOR", "SOU"}


def test_the_toy_devastates_stormed_zones_through_the_kernels_zone_economy():
    s = next(g for g in (_played(seed) for seed in range(1, 30)) if g.zone_damage)
    storms = [e for e in s.log if e["e"] == "devastation"]
    assert storms and all(e["damage"] == 1 for e in storms)
    for n in ("NOR", "SOU"):
        held = s.zones_of(n)
        assert s.territory_income(n) == sum(s.zone_value(z) for z in held)
        assert s.territory_income(n) == len(held) - sum(1 for z in held if z in s.zone_damage)
    assert s.snapshot()["zone_damage"] == {str(z): d for z, d in sorted(s.zone_damage.items())}
    c = s.clone()
    c.devastate(next(iter(c.zone_damage)), -1)  # repaired in the clone only
    assert len(c.zone_damage) == len(s.zone_damage) - 1


def test_an_engagement_whose_attackers_stand_in_several_zones():
    pack = toy_pack()
    s = new_game(pack, "test", seed=1)
    z = pack.meta["zone_ids"]
    # NOR also holds d and f, with a soldier in each: both stand next to e, the middle
    s.owner[z["d"]] = s.owner[z["f"]] = "NOR"
    s.add_unit("NOR", "soldier", z["d"])
    s.add_unit("NOR", "soldier", z["f"])
    s.bump()
    s._legal = None
    while s.phase != "assault":
        s.apply(Action.end_phase())
    conv = [a for a in s.legal_actions() if a.kind == "converge" and a.zone == z["e"]]
    assert conv and {s.units[u].zone for u in conv[0].units} >= {z["d"], z["f"]}
    s.apply(conv[0])
    ev = [e for e in s.log if e["e"] == "assault"][-1]
    assert ev["zone"] == z["e"] and len(ev["from"]) >= 2
    assert ev["result"] == toy_system.CRT[ev["column"]][ev["roll"] - 1]


def test_the_toys_own_validator_check_is_run_by_the_validator():
    """TOY001 lives in the toy's module alone (toy_system.py): the validator asks the
    system for it and runs it on the toy's scenarios."""
    from gamecore.validate import iter_checks, validate

    assert "TOY001" in {c.code for c in iter_checks()}
    pack = toy_pack()
    assert validate(pack, select=["TOY001"]).issues == []
    pack.scenarios["test"].banks["SOU"] = 1  # levy_cost is 2
    issues = validate(pack, select=["TOY001"]).issues
    assert [(i.code, i.severity, i.scenario) for i in issues] == [("TOY001", "warning", "test")]
    assert issues[0].message == "SOU starts with 1, less than a soldier (2)"
    # another system's scenario with the same banks: not the toy's check's
    pack.scenarios["test"].ruleset = "war_game"
    assert validate(pack, select=["TOY001"]).issues == []


def test_the_toys_play_adapter_lists_the_assaults_a_click_starts():
    """The toy's play adapter (toy_system.ToyPlay), asked through the system: a zone with
    the player's soldiers starts the assaults on its neighbours, in the assault phase."""
    from gamecore.sim.session import PlaySession

    pack = toy_pack()
    z = pack.meta["zone_ids"]
    s = PlaySession.start(pack, "test", seed=1)
    ad = s.state.system.play_adapter()
    assert isinstance(ad, toy_system.ToyPlay) and ad.click_phases == ("assault",)
    s.apply(Action.end_phase())  # levy
    assert s.state.phase == "assault"
    got = ad.actions_from(s, z["b"])
    assert {ad.target(a) for a in got} == {z["e"]}  # (a and c are NOR's own)
    assert ad.next_action(s, z["b"], z["e"], {}, set()) == Action(
        "assault", units=got[0].units, path=(z["b"], z["e"])
    )
    assert ad.actions_from(s, z["h"]) == []  # (the other nation's soldiers)
