"""Issue #39: a pack's own ruleset is TOML from a stranger. Nesting, size and values are
limited before and after parsing (gamecore/safetoml.py), so 100,000 nested '[', an integer
of 5,000 digits or a TOML date is one line naming the file and key with exit 2 — never a
RecursionError, a ValueError or a traceback from `rules show --json`."""

from __future__ import annotations

import sqlite3

import pytest

from tests.gamecore.untrusted import crafted


def with_ruleset(tmp_path, text: str, rid: str = "evil"):
    p = tmp_path / "world.warroom"
    p.write_bytes(crafted.SAMPLE.read_bytes())
    conn = sqlite3.connect(p)
    try:
        with conn:
            conn.execute("INSERT INTO rulesets (id, pos, text) VALUES (?, 99, ?)", (rid, text))
    finally:
        conn.close()
    return p


HOSTILE = {
    "deep arrays": ("dice = " + "[" * 100_000, "nested deeper"),
    "deep inline tables": ("x = " + "{a = " * 100_000, "nested deeper"),
    "long dotted key": ("a" + ".a" * 100_000 + " = 1", "nested deeper"),
    "long dotted table": ("[" + ".".join(["u"] * 100_000) + "]", "nested deeper"),
    "5000 digits": ('extends = "g40"\ndice = ' + "9" * 5000, "thousands of digits"),
    "beyond int64": ('extends = "g40"\ndice = 9223372036854775808', "key 'dice'"),
    "datetime": ('extends = "g40"\nwhen = 1939-09-01T04:45:00Z', "key 'when'"),
    "date in table": ('extends = "g40"\n[units.tank]\nsince = 1939-09-01', "units.tank.since"),
    "local time": ('extends = "g40"\nat = 04:45:00', "key 'at'"),
    "nan": ('extends = "g40"\n[units.tank]\nattack = nan', "units.tank.attack"),
    "inf": ('extends = "g40"\nx = -inf', "key 'x'"),
    "huge text": ('extends = "g40"\n# ' + "x" * 2_000_000, "longer than"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("json", [False, True])
def test_a_hostile_pack_ruleset_is_one_line_naming_it(tmp_path, name, json):
    text, says = HOSTILE[name]
    pack = with_ruleset(tmp_path, text)
    argv = ["rules", "show", "evil", "--pack", pack] + (["--json"] if json else [])
    rc, err = crafted.run(argv)
    assert rc == 2 and err.count("\n") == 1, err[:500]
    assert says in err and "evil" in err and str(pack) in err, err[:500]


def _fast_pack(tmp_path, body):
    pack = with_ruleset(tmp_path, f'extends = "g40"\n{body}\n', rid="fast")
    conn = sqlite3.connect(pack)
    with conn:
        conn.execute("UPDATE scenarios SET ruleset = 'fast' WHERE id = ?", (crafted.SCENARIO,))
    conn.close()
    return pack


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ("[units.infantry]\nmovement = 1000000000", "units.infantry.movement"),
        ("[units.infantry]\nmovement = 1001", "units.infantry.movement"),
        ("[units.artillery]\ntowed_movement = 99999", "units.artillery.towed_movement"),
        ("[units.carrier.damaged]\nmovement = 5000", "units.carrier.damaged.movement"),
    ],
)
def test_a_movement_past_the_limit_is_a_ruleset_error(tmp_path, body, key):
    """A pack's ruleset with infantry movement 1,000,000,000 used to be accepted, and
    `play --rounds 1` searched a billion steps per move."""
    pack = _fast_pack(tmp_path, body)
    for argv in (
        ["rules", "show", "fast", "--pack", pack],
        *crafted.commands(pack, tmp_path, ("play",)),
    ):
        rc, err = crafted.run(argv)
        assert rc == 2 and err.count("\n") == 1 and key in err and "must be <=" in err, err
        assert "fast" in err and pack.name in err, err


def test_validate_reports_the_movement_past_the_limit(tmp_path):
    import contextlib
    import io

    from gamecore.cli import main

    pack = _fast_pack(tmp_path, "[units.infantry]\nmovement = 1000000000")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["validate", str(pack)])
    found = [x for x in out.getvalue().splitlines() if "units.infantry.movement" in x]
    assert rc == 1 and found and "must be <= 1000" in found[0], out.getvalue()[-2000:]


def test_the_longest_bundled_moves_are_within_the_limit():
    from gamecore.engine.ruleset import MAX_MOVEMENT, bundled_rulesets, load_ruleset

    for rid in bundled_rulesets():
        for u in load_ruleset(rid).units.values():
            assert 0 <= u.movement <= MAX_MOVEMENT and u.towed_movement <= MAX_MOVEMENT
