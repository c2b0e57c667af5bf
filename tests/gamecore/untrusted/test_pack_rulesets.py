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
