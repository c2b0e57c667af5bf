"""The A&A family's log in words (gamecore.engine.logwords, gamecore.rules.logwords):
turn headers and summaries, a battle's forces and losses, nation tags, the same words
fed action by action or read at once.

Rulebook: rules-notes/004 §4.3 (a battle's rounds and losses) and seeds/004 "Summary of
play" (the turn: purchase, moves, combat, placement, income)."""

from __future__ import annotations

import re

import pytest

from gamecore.engine.logwords import LogWords
from gamecore.paths import sample_pack
from gamecore.sim.session import PlaySession
from gamecore.store import read_pack


def _kernel_words(pack, e, state) -> str:
    return f"{e.get('e')}"


@pytest.fixture(scope="module")
def game():
    pack = read_pack(sample_pack())
    scn = pack.scenarios["1939"]
    seats = {n: "heuristic" for slot in scn.turn_order for n in slot}
    s = PlaySession.start(pack, "1939", seed=1, rounds=1, seats=seats)
    lw = LogWords(pack, s.state.system.play_adapter(), _kernel_words)
    while s.bot_to_move:
        s.step_bot()
        lw.feed(s.state)  # (as the play mode does, action by action)
    return pack, s, lw


def test_turns_have_a_header_and_a_summary(game):
    pack, s, lw = game
    nations = [n for slot in pack.scenarios["1939"].turn_order for n in slot]
    heads = [x for x in lw.lines if x.kind == "turn"]
    sums = [x for x in lw.lines if x.kind == "summary"]
    assert [x.nations[0] for x in heads] == nations
    # each turn but the last (closed by the next turn's header) has its summary
    assert [x.nations[0] for x in sums] == nations[:-1]
    ger = sums[0].text
    assert ger.startswith("Summary of Germany's turn 1: bought ")
    assert "battles: Belgium (won), Poland (won), Eastern Poland (won)" in ger
    assert re.search(r"collected \d+$", ger)


def test_a_battle_in_words(game):
    _pack, _s, lw = game
    texts = [x.text for x in lw.lines]
    # seed 1: Germany sends 9 infantry, 2 artillery and a mech infantry into Poland
    assert "Germany attacks Poland with 9 infantry, 2 artillery, 1 mech infantry" in texts
    assert (
        "Germany wins in Poland after 3 rounds: Germany lost 2 infantry; Poland lost 4 "
        "infantry, 1 artillery, 1 fighter"
    ) in texts
    assert "Germany moves 4 infantry, 2 artillery from Germany to Poland" in texts
    attack = next(x for x in lw.lines if x.text.startswith("Germany attacks Poland"))
    assert set(attack.nations) == {"GER", "POL"} and isinstance(attack.zone, int)
    # an action entry is in words only when no event tells it (a press on, not a move)
    told = [e for e in _s.state.log if e.get("e") == "action"]
    kept = [e for e in told if e["a"]["kind"] not in ("move", "buy", "place", "fight", "end_phase")]
    assert sum(1 for x in lw.lines if x.text == "action") == len(kept) < len(told)


def test_read_at_once_it_says_the_same(game):
    pack, s, lw = game
    again = LogWords(pack, s.state.system.play_adapter(), _kernel_words)
    again.feed(s.state)
    assert [x.text for x in again.lines] == [x.text for x in lw.lines]


def test_a_shorter_log_is_read_again(game):
    pack, s, lw = game
    copy = s.state.clone()
    words = LogWords(pack, copy.system.play_adapter(), _kernel_words)
    words.feed(copy)
    copy._log_len = 10  # (an undo took the log back)
    reset, new = words.feed(copy)
    assert reset and len(words.lines) == len(new) < len(lw.lines)
