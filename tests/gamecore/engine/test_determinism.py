"""Same pack + scenario + seed + bots -> the same game (docs/architecture.md Invariant 4), on the
bundled sample's two scenarios, and the engine's caches never change an answer: the legal
actions computed with warm caches (movement's per-epoch ``_mcache``, the supply cache of
gamecore.rules.supply) equal those computed from scratch at every step of a seeded game of
the Global War 1936 scenario (seeds/000 §7.3 production, §7.9/§11.4 lend-lease, §1.5
supply paths are all exercised by it)."""

from __future__ import annotations

import pytest

from gamecore.engine import new_game, play, replay
from gamecore.paths import sample_pack
from gamecore.sim.bots import bots_for
from gamecore.store import read_pack

GW = "global-war-1936"


@pytest.fixture(scope="module")
def pack():
    return read_pack(sample_pack())


def _game(pack, scenario: str, bots: str, seed: int, rounds: int):
    s = new_game(pack, scenario, seed=seed, rounds=rounds)
    play(s, bots_for(bots, s, seed))
    return s


@pytest.mark.parametrize(
    ("scenario", "bots", "rounds"),
    [(GW, "random", 2), (GW, "heuristic", 1), ("1939", "random", 2), ("1939", "heuristic", 1)],
)
def test_same_seed_same_game(pack, scenario, bots, rounds):
    a = _game(pack, scenario, bots, 7, rounds)
    b = _game(pack, scenario, bots, 7, rounds)
    assert a.is_terminal() and a.round == rounds
    assert a.log == b.log
    assert a.snapshot() == b.snapshot()


def test_replay_gives_the_same_position(pack):
    s = _game(pack, GW, "random", 3, 2)
    assert replay(pack, s.log).snapshot() == s.snapshot()


def _fresh_legal(s) -> list:
    """The legal actions computed with every cache cold (the warm ones are put back)."""
    saved_m, saved_supply = s._mcache, s.board.cache.pop("supply", None)
    s._mcache = None
    try:
        return s.system.legal_actions(s)
    finally:
        s._mcache = saved_m
        if saved_supply is not None:
            s.board.cache["supply"] = saved_supply


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_caches_never_change_legal_actions(pack, bots):
    s = new_game(pack, GW, seed=11, rounds=2)
    who = bots_for(bots, s, 11)
    phases_seen = set()
    kinds: set[str] = set()
    steps = 0
    while not s.is_terminal():
        warm = s.legal_actions()
        if s.phase in ("purchase", "place", "combat_move", "noncombat_move"):
            assert warm == _fresh_legal(s), (s.round, s.current_nation, s.phase)
            phases_seen.add(s.phase)
            kinds.update(a.kind for a in warm)
        s.apply(who[s.current_player].choose(s), check=False)
        steps += 1
    assert {"purchase", "place"} <= phases_seen and steps > 100
    assert {"buy", "place", "move", "lend_lease"} <= kinds  # the cached queries were asked


def test_lend_lease_paths_shared_per_ipp_class_are_exact(pack):
    """Lend-lease searches are cached per IPP class (the facility limits an amount exceeds,
    seeds/000 §11.4 with the minor ports' limit of T 12-2): every amount gets the path a
    fresh search for exactly that amount finds."""
    from gamecore.rules import supply

    s = new_game(pack, GW, seed=5, rounds=1)
    who = bots_for("random", s, 5)
    checked = 0
    while not s.is_terminal():
        if s.phase == "place" and s.board.nation_kind.get(s.current_nation) == "major":
            n = s.current_nation
            src = tuple(supply.home_factories(s, n))
            for r in sorted(s.board.nations):
                if r == n or not src:
                    continue
                home = supply.home_zones(s, r)
                dst = tuple(sorted(z for z in home if s.owner.get(z) == r))
                for amount in (1, 3, 4, 9):
                    got = supply.lend_lease_path(s, n, r, amount)
                    want = supply._search(s, n, src, dst, amount, extra=(r,)) if dst else None
                    assert got == want, (n, r, amount)
                    checked += want is not None
        s.apply(who[s.current_player].choose(s), check=False)
    assert checked > 50
