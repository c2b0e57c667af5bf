"""Issue #36 point 5: ruleset files from anywhere. ``--ruleset PATH.toml`` (or
``--rules-file PATH``) works in ``battle``, ``play``, ``playtest``, ``rules show`` and
``rules diff``; the file's ``extends`` resolves against the pack's and the bundled
rulesets (or a file of the same folder); a file's errors name the file, the line and the
key; a cycle of ``extends`` is one line and exit 2.

The three house rules used here are seeds/003's (rules-notes/003_house_rules.md):
MULTIPLE MODIFYERS (modifier_policy = highest_only), SUBMARINE SPECIAL RULES (the defender
submerges from round 1) and CONVOY MODIFIERS (+2 for a patrolled convoy zone)."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.engine.testmaps import toy_pack
from gamecore.store import write_pack

HOUSE3 = """# three house rules of seeds/003 on the g40 game
extends = "g40"

[ruleset]
name = "three house rules"

[options]
modifier_policy = "highest_only"
defender_submerge_from_round = 1
convoy_patrol_bonus = 2
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_rules_show_and_diff_read_a_file(tmp_path, capsys):
    path = write(tmp_path, "house3.toml", HOUSE3)
    code, out, _ = run(capsys, "rules", "show", path, "--json")
    assert code == 0
    shown = json.loads(out)["ruleset"]
    assert shown["id"] == "house3" and shown["source"] == path
    sets = {o["name"]: o["value"] for o in shown["sets"]}
    assert sets["modifier_policy"] == "highest_only"
    assert sets["defender_submerge_from_round"] == 1
    code, out, _ = run(capsys, "rules", "show", "--rules-file", path, "--json")
    assert code == 0 and json.loads(out)["ruleset"]["id"] == "house3"
    code, out, _ = run(capsys, "rules", "diff", "g40", path, "--json")
    assert code == 0
    keys = {r["key"] for r in json.loads(out)["differences"]} - {"ruleset.id", "ruleset.name"}
    assert keys == {
        "options.modifier_policy",
        "options.defender_submerge_from_round",
        "options.convoy_patrol_bonus",
    }


def test_battle_reads_a_file_and_extends_a_bundled_ruleset(tmp_path, capsys):
    args = ["battle", "--attacker", "3 infantry", "--defender", "3 infantry", "--json"]
    code, out, _ = run(capsys, *args, "--ruleset", "g40")
    base = json.loads(out)
    same = write(tmp_path, "same.toml", 'extends = "g40"\n')
    code, out, _ = run(capsys, *args, "--ruleset", same)
    assert code == 0 and json.loads(out)["attacker_captures"] == base["attacker_captures"]
    strong = write(tmp_path, "strong.toml", 'extends = "g40"\n[units.infantry]\nattack = 3\n')
    code, out, _ = run(capsys, *args, "--rules-file", strong)
    assert code == 0
    res = json.loads(out)
    assert res["ruleset"] == "strong" and res["attacker_captures"] > base["attacker_captures"] + 0.2


def test_a_file_may_extend_a_file_of_its_folder(tmp_path, capsys):
    write(tmp_path, "house3.toml", HOUSE3)
    more = write(tmp_path, "more.toml", 'extends = "house3.toml"\n[options]\naa_fire = false\n')
    code, out, _ = run(capsys, "rules", "diff", "g40", more, "--json")
    assert code == 0
    keys = {r["key"] for r in json.loads(out)["differences"]}
    assert {"options.aa_fire", "options.modifier_policy"} <= keys


def test_play_with_a_rules_file(tmp_path, capsys):
    pack = tmp_path / "toy.warroom"
    write_pack(toy_pack(), pack)
    args = ["play", str(pack), "--seed", "3", "--json", "--rounds", "4"]
    _, out, _ = run(capsys, *args)
    base = json.loads(out)
    same = write(tmp_path, "same.toml", 'extends = "g40"\n')
    code, out, _ = run(capsys, *args, "--ruleset", same)
    assert code == 0
    again = json.loads(out)
    assert again["actions"] == base["actions"] and again["banks"] == base["banks"]
    # infantry that cost 1 buy another army: the same seed plays another game
    cheap = write(tmp_path, "cheap.toml", 'extends = "g40"\n[units.infantry]\ncost = 1\n')
    code, out, _ = run(capsys, *args, "--rules-file", cheap)
    assert code == 0
    assert json.loads(out)["units"] != base["units"]
    code, out, err = run(capsys, *args, "--ruleset", "no_such_ruleset")
    assert code == 2 and "no ruleset 'no_such_ruleset'" in err and len(err.splitlines()) == 1


def test_playtest_with_a_rules_file(tmp_path, capsys):
    pack = tmp_path / "toy.warroom"
    write_pack(toy_pack(), pack)
    path = write(tmp_path, "house3.toml", HOUSE3)
    args = ["playtest", str(pack), "--games", "2", "--bot", "random", "--json"]
    code, out, _ = run(capsys, *args, "--max-rounds", "3", "--ruleset", path)
    assert code == 0
    assert json.loads(out)["completed"] == 2
    bad = write(tmp_path, "bad.toml", 'extends = "g40"\n[options]\nscramble = 1\n')
    code, _, err = run(capsys, *args, "--rules-file", bad)
    assert code == 2 and "bad.toml: line 3, key 'options.scramble'" in err


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a syntax error: the file, its line and the key written there
        (
            'extends = "g40"\n[options]\nmodifier_policy = \n',
            "line 3, key 'options.modifier_policy': not valid TOML",
        ),
        # a value a rule cannot take: the line that sets it
        (
            'extends = "g40"\n\n[units.tank]\nattack = "x"\n',
            "line 4, key 'units.tank.attack': must be an integer",
        ),
        (
            'extends = "g40"\n[options]\nmodifier_policy = "bogus"\n',
            "line 3, key 'options.modifier_policy': must be one of",
        ),
        # extends a ruleset that is nowhere
        ('\n\nextends = "nowhere"\n', "line 3, key 'extends' (nowhere)"),
        # extends itself by id
        (
            '[ruleset]\nid = "g40"\nextends = "g40"\n',
            "line 3, key 'extends': cycle g40 -> g40",
        ),
        # extends a path: only a file of the same folder, by name
        ('extends = "../elsewhere.toml"\n', "name a file of the same folder, not a path"),
        ("extends = 3\n", "key 'extends': must be a ruleset id"),
        ('[ruleset]\nid = "a b"\n', "key 'ruleset.id': not a ruleset id"),
    ],
)
def test_a_bad_file_is_one_line_naming_file_line_and_key(tmp_path, capsys, text, words):
    path = write(tmp_path, "house.toml", text)
    for argv in (
        ["rules", "show", path],
        ["rules", "diff", "g40", path],
        ["battle", "--ruleset", path, "--attacker", "1 infantry", "--defender", "1 infantry"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == ""
        assert len(err.splitlines()) == 1 and "Traceback" not in err
        assert f"{path}: " in err and words in err, err


def test_a_cycle_of_files_is_one_line(tmp_path, capsys):
    write(tmp_path, "a.toml", '[ruleset]\nid = "a"\nextends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    code, _, err = run(capsys, "rules", "show", str(tmp_path / "a.toml"))
    assert code == 2 and len(err.splitlines()) == 1
    assert "a.toml: line 3, key 'extends': cycle a -> b.toml -> a.toml -> b.toml" in err


def test_a_cycle_through_the_pack_is_one_line(tmp_path, capsys):
    from gamecore.model import RulesetDoc

    p = toy_pack()
    p.rulesets["b"] = RulesetDoc("b", 'extends = "a"\n')
    pack = tmp_path / "toy.warroom"
    write_pack(p, pack)
    path = write(tmp_path, "a.toml", 'extends = "b"\n')
    code, _, err = run(capsys, "rules", "show", path, "--pack", str(pack))
    assert code == 2 and len(err.splitlines()) == 1 and "cycle a -> b -> a" in err


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda d: d / "missing.toml", "no such file"),
        (lambda d: d, "is a folder"),
        (lambda d: _bytes(d, b'extends = "g40"\n# \xff\xfe\n'), "line 2: not UTF-8 text"),
        (lambda d: _bytes(d, b"x = " + b"[" * 50_000), "nested deeper"),
    ],
)
def test_an_unreadable_file_is_one_line(tmp_path, capsys, make, words):
    path = str(make(tmp_path))
    code, _, err = run(capsys, "rules", "show", "--ruleset", path)
    assert code == 2 and len(err.splitlines()) == 1 and words in err


def _bytes(d, data: bytes):
    p = d / "raw.toml"
    p.write_bytes(data)
    return p
