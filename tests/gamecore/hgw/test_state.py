"""The hgw state, typed (issue #34): the records the rules keep are named tuples (an army
is ``Army(nation, name, zone)``: seeds/001 ARMIES, "each army ... in one hex"), the typed
:class:`HgwState` names every state part, and a game saved and loaded again holds the
same position, its records written as the plain lists a save always held."""

from __future__ import annotations

import json

from gamecore.engine import new_game
from gamecore.hgw.bot import HgwBot
from gamecore.hgw.state import PARTS, Army, Exploit, HgwGameState, HgwState
from gamecore.sim.session import PlaySession
from tests.gamecore.hgw.hexpack import barbarossa_like

PACK = barbarossa_like()


def test_the_typed_state_names_every_part_and_the_game_is_one():
    """The annotations of HgwState are the parts the kernel stores, one for one, and a
    new game's state is an HgwState."""
    typed = {k for k in HgwState.__annotations__ if not k.startswith("_")}
    assert typed == {p.name for p in PARTS}
    s = new_game(PACK, "barbarossa", seed=1)
    assert type(s) is HgwGameState and isinstance(s, HgwState)
    assert s.armies and all(type(v) is Army for v in s.armies.values())
    assert type(s.exploit) is Exploit


def _midgame(seed: int, actions: int):
    s = new_game(PACK, "barbarossa", seed=seed, log="play")
    bots = {"AXIS": HgwBot(seed), "SOV": HgwBot(seed + 1)}
    for _ in range(actions):
        s.apply(bots[s.current_player].choose(s))
    return s


def test_the_snapshot_writes_an_army_as_its_plain_list():
    """seeds/001 ARMIES: the set-up's Army Group North stands in its hex; the snapshot
    (what replays compare) holds it as [nation, name, hex], as before the named type."""
    s = new_game(PACK, "barbarossa", seed=1)
    snap = json.loads(json.dumps(s.snapshot()))
    for aid, army in s.armies.items():
        assert snap["armies"][str(aid)] == [army.nation, army.name, army.zone]
    assert snap["exploit"] == [0, 0, []]


def test_a_saved_game_loads_to_the_same_position(tmp_path):
    """A game saved in mid-play and loaded again (its log replayed) is the same position,
    and its armies are named records again."""
    s = _midgame(3, 60)
    assert not s.terminal
    path = tmp_path / "game.json"
    PlaySession(PACK, s, {"*": "human"}).save(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["log"] == json.loads(json.dumps(s.log))
    back = PlaySession.load(path, PACK).state
    assert back.snapshot() == s.snapshot()
    assert all(type(v) is Army for v in back.armies.values())
