"""Variant packs (issue #36; docs/variants.md) on the small toy pack: a variant stores its
base's id and content hash and only its differences; every command opens it as the base
with the differences applied; ``variant rebase`` is a 3-way merge whose conflicts are
listed place by place and resolved by --ours/--theirs, never dropping a difference
silently; a missing or changed base, an unrelated pack and crafted differences are one
line and exit 2; a variant is saved atomically and survives SIGKILL as packs do."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from gamecore.cli import main
from gamecore.engine.testmaps import synthetic_pack, toy_pack
from gamecore.model import UnitStack
from gamecore.store import open_pack, read_pack, write_pack
from gamecore.store.diff import diff_packs
from gamecore.store.packfile import create_variant, read_stored_variant
from gamecore.store.variant import VARIANT_KEY, differences, tree_of
from tests.gamecore.store.test_sigkill import CHILD as PACK_CHILD
from tests.gamecore.store.test_sigkill import kill_while_saving, state


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def toy(tmp_path):
    base = tmp_path / "toy.warroom"
    write_pack(toy_pack(), base)
    my = tmp_path / "my.warroom"
    create_variant(base, my)
    return base, my


def edit(path, fn) -> None:
    with open_pack(path) as pf:
        fn(pf.pack)
        pf.save()


def test_a_new_variant_is_its_base_and_holds_no_difference(toy):
    base, my = toy
    assert read_pack(my) == read_pack(base)
    v = read_stored_variant(my)
    assert v.base.id == "toy" and v.base.path == "toy.warroom" and v.changes == []
    assert len(v.base.hash) == 64


def test_edits_go_into_the_differences(toy, capsys):
    base, my = toy

    def change(p):
        p.map.zones[3].value = 9
        del p.map.zones[9].props  # (a zone attribute back to its default: no difference)
        p.map.zones[9].props = {}
        p.scenarios["test"].units.append(UnitStack(4, "RED", "tank", 2))
        p.scenarios["test"].options["modifier_policy"] = "highest_only"

    edit(my, change)
    v = read_stored_variant(my)
    places = {c.path for c in v.changes}
    assert ("map", "zones", "3", "value") in places
    assert ("scenarios", "test", "units", "4|RED|tank|0") in places
    assert ("scenarios", "test", "options", "modifier_policy") in places
    assert len(v.changes) == 3
    got, b = read_pack(my), read_pack(base)
    assert got.map.zones[3].value == 9 and b.map.zones[3].value == 5
    # variant diff: in the words of warroom diff, exactly what the variant changes
    code, out, _ = run(capsys, "variant", "diff", my)
    assert code == 0
    assert out.splitlines() == [e.text for e in diff_packs(b, got)]
    assert "zone 3 'Zone A': value 5 -> 9" in out and "RED: +2 tank in Zone B" in out
    # every command opens it as a pack
    code, out, _ = run(capsys, "info", my, "--json")
    assert code == 0 and json.loads(out)["variant"]["changes"] == 3
    code, out, _ = run(capsys, "validate", my, "--json")
    assert code in (0, 1) and json.loads(out)["counts"]["error"] == 0


def test_the_order_of_the_set_up_is_the_variants(toy):
    base, my = toy

    def change(p):
        p.scenarios["test"].units.reverse()

    edit(my, change)
    got = read_pack(my).scenarios["test"].units
    assert got == list(reversed(read_pack(base).scenarios["test"].units))


def test_flatten_gives_a_standalone_pack(toy, tmp_path, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[4], "name", "Zone Bee"))
    full = tmp_path / "full.warroom"
    code, _, _ = run(capsys, "variant", "flatten", my, "-o", full)
    assert code == 0
    flat = read_pack(full)
    assert flat == read_pack(my) and VARIANT_KEY not in flat.meta
    base.unlink()  # standalone: no base needed
    assert read_pack(full) == flat


def test_missing_base_says_which_and_offers_base(toy, tmp_path, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[3], "value", 1))
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    shutil.move(base, moved / "renamed.warroom")
    code, out, err = run(capsys, "validate", my)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "its base 'toy'" in err and "is missing" in err and "--base PATH" in err
    code, out, _ = run(capsys, "info", my, "--base", moved / "renamed.warroom", "--json")
    assert code == 0 and json.loads(out)["variant"]["changes"] == 1


def test_changed_base_says_so_and_offers_rebase(toy, capsys):
    base, my = toy
    edit(base, lambda p: setattr(p.map.zones[5], "name", "Zone Sea"))
    code, out, err = run(capsys, "play", my, "--rounds", "1")
    assert code == 2 and len(err.splitlines()) == 1
    assert "is not the one it was made from" in err
    assert "warroom variant rebase" in err and "--base PATH" in err


def test_rebase_keeps_both_sides_changes(toy, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[3], "value", 9))
    before = run(capsys, "variant", "diff", my)[1]
    edit(base, lambda p: setattr(p.map.zones[5], "name", "Zone Sea"))
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base)
    assert code == 0, out
    got = read_pack(my)
    assert got.map.zones[5].name == "Zone Sea" and got.map.zones[3].value == 9
    assert run(capsys, "variant", "diff", my)[1] == before


def test_a_conflict_is_listed_and_theirs_resolves_it(toy, capsys):
    """Acceptance: both sides change the same zone's value."""
    base, my = toy

    def ours(p):
        p.map.zones[3].value = 9
        p.map.zones[4].value = 7  # no conflict: kept

    edit(my, ours)
    edit(base, lambda p: setattr(p.map.zones[3], "value", 1))
    stored = my.read_bytes()
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base)
    assert code == 1
    assert "1 conflicts; nothing written" in out
    assert "zone 3 value: base 5, ours 9, theirs 1" in out
    assert my.read_bytes() == stored  # nothing written
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base, "--theirs")
    assert code == 0
    assert "the new base's value kept (--theirs): zone 3 value" in out
    got = read_pack(my)
    assert got.map.zones[3].value == 1 and got.map.zones[4].value == 7
    assert [e.text for e in diff_packs(read_pack(base), got)] == ["zone 4 'Zone B': value 2 -> 7"]


def test_ours_keeps_the_variants_value(toy, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[3], "value", 9))
    edit(base, lambda p: setattr(p.map.zones[3], "value", 1))
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base, "--ours", "--json")
    assert code == 0
    res = json.loads(out)
    assert res["written"] and res["ours"][0]["place"] == "zone 3 value"
    assert read_pack(my).map.zones[3].value == 9
    v = read_stored_variant(my)
    assert [(c.path, c.before, c.after) for c in v.changes] == [
        (("map", "zones", "3", "value"), 1, 9)
    ]


def test_a_change_to_what_the_base_removed_needs_theirs(toy, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[9], "value", 8))
    assert run(capsys, "zone", "delete", base, "G")[0] == 0  # zone 9
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base, "--ours")
    assert code == 1
    assert (
        "zone 9 value: base 3, ours 8, theirs (none)" in out and "resolve them with --theirs" in out
    )
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base, "--theirs")
    assert code == 0 and 9 not in read_pack(my).map.zones


def test_already_in_the_new_base_is_reported_not_dropped(toy, capsys):
    base, my = toy
    edit(my, lambda p: setattr(p.map.zones[3], "value", 9))
    edit(base, lambda p: setattr(p.map.zones[3], "value", 9))
    code, out, _ = run(capsys, "variant", "rebase", my, "--onto", base)
    assert code == 0 and "already in the new base: zone 3 value" in out
    assert read_stored_variant(my).changes == []


def test_rebase_onto_an_unrelated_pack_is_refused(toy, tmp_path, capsys):
    _, my = toy
    other = tmp_path / "other.warroom"
    write_pack(synthetic_pack(50, seed=1), other)
    stored = my.read_bytes()
    code, out, err = run(capsys, "variant", "rebase", my, "--onto", other)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "not a version of the variant's base 'toy'" in err
    assert my.read_bytes() == stored


def test_set_rules_stores_the_file_in_the_variant(toy, tmp_path, capsys):
    base, my = toy
    rules = tmp_path / "house.toml"
    rules.write_text('extends = "g40"\n[options]\nmodifier_policy = "highest_only"\n')
    code, out, _ = run(capsys, "variant", "set-rules", my, rules)
    assert code == 0 and "played by test" in out
    rules.unlink()  # stored: the file is no longer needed
    got = read_pack(my)
    assert got.scenarios["test"].ruleset == "house" and "house" in got.rulesets
    code, out, _ = run(capsys, "rules", "show", "house", "--pack", my, "--json")
    sets = {o["name"]: o["value"] for o in json.loads(out)["ruleset"]["sets"]}
    assert code == 0 and sets["modifier_policy"] == "highest_only"
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "g40"\n[options]\nmodifier_policy = 3\n')
    stored = my.read_bytes()
    code, _, err = run(capsys, "variant", "set-rules", my, bad)
    assert code == 2 and "bad.toml: line 3, key 'options.modifier_policy'" in err
    assert my.read_bytes() == stored


def test_differences_of_equal_trees_are_none_and_types_count():
    t = tree_of(toy_pack())
    assert differences(t, json.loads(json.dumps(t))) == []
    u = json.loads(json.dumps(t))
    u["map"]["zones"]["3"]["value"] = 5.0  # 5 and 5.0 are different JSON
    assert [c.path for c in differences(t, u)] == [("map", "zones", "3", "value")]


# -- crafted variants -------------------------------------------------------------------------


def _craft(path, record) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "UPDATE pack_meta SET value = ? WHERE key = ?", (json.dumps(record), VARIANT_KEY)
        )
    conn.close()


def _record(my):
    conn = sqlite3.connect(my)
    (text,) = conn.execute("SELECT value FROM pack_meta WHERE key = ?", (VARIANT_KEY,)).fetchone()
    conn.close()
    return json.loads(text)


CRAFTED = {
    "not a table": (lambda r: [1, 2], "the variant record is not a table"),
    "other format": (lambda r: {**r, "format": "x"}, "format 'x'"),
    "newer": (lambda r: {**r, "version": 99}, "written by a newer Warroom"),
    "no base": (lambda r: {**r, "base": None}, "no base"),
    "bad hash": (lambda r: {**r, "base": {**r["base"], "hash": "zz"}}, "not a SHA-256"),
    "changes not a list": (lambda r: {**r, "changes": {}}, "changes is not a list"),
    "bad path": (lambda r: {**r, "changes": [{"path": [1], "after": 2}]}, "changes[0].path"),
    "deep path": (
        lambda r: {**r, "changes": [{"path": ["a"] * 40, "after": 2}]},
        "changes[0].path",
    ),
    "no before nor after": (lambda r: {**r, "changes": [{"path": ["map"]}]}, "neither"),
    "nowhere": (
        lambda r: {**r, "changes": [{"path": ["map", "zones", "77", "value"], "after": 1}]},
        "the variant changes zone 77 value, which the base does not have",
    ),
    "a bad value": (
        lambda r: {**r, "changes": [{"path": ["map", "zones", "3", "value"], "after": "x"}]},
        "value",
    ),
    "a unit in no zone": (
        lambda r: {
            **r,
            "changes": [
                {
                    "path": ["scenarios", "test", "units", "x"],
                    "after": {"zone": 999, "nation": "RED", "unit_type": "tank", "count": 1},
                }
            ],
        },
        "unknown zone 999",
    ),
    "a base path outside": (
        lambda r: {**r, "base": {**r["base"], "path": "../../etc/toy.warroom"}},
        "is missing",
    ),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_a_crafted_variant_is_one_line(toy, capsys, name):
    _, my = toy
    craft, words = CRAFTED[name]
    if name == "a base path outside":
        toy[0].rename(toy[0].with_name("moved.warroom"))
    _craft(my, craft(_record(my)))
    for argv in (["info", my], ["validate", my], ["variant", "diff", my]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, err
        assert "Traceback" not in err and str(my) in err and words in err, err


def test_a_variant_that_is_its_own_base_is_one_line(toy, capsys):
    _, my = toy
    r = _record(my)
    _craft(my, {**r, "base": {**r["base"], "path": "my.warroom", "id": "my"}})
    code, _, err = run(capsys, "info", my, "--base", my)
    assert code == 2 and len(err.splitlines()) == 1 and "is missing" in err


# -- crash safety -----------------------------------------------------------------------------


def _variant_child() -> str:
    """test_sigkill's saving child, which must have opened a variant."""
    opened = "pf = open_pack(sys.argv[1])\n"
    assert opened in PACK_CHILD
    return PACK_CHILD.replace(opened, opened + "assert pf.variant is not None\n")


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs POSIX signals")
def test_a_variant_survives_sigkill_during_save(tmp_path):
    """As packs do (tests/gamecore/store/test_sigkill.py): killed at random moments while
    saving over and over, the variant always opens as the save before or the one being
    written."""
    base, my = tmp_path / "base.warroom", tmp_path / "my.warroom"
    write_pack(state(0), base)
    create_variant(base, my)
    kill_while_saving(my, _variant_child(), 36, sleep=(0.05, 0.8))
    assert read_stored_variant(my).base.id == "base"


# -- reverting to the base (the editor's Differences dock) -----------------------------------


def test_revert_to_base_is_an_exact_undoable_edit(toy):
    from gamecore.ops.variant import RevertToBase, variant_changes

    base, my = toy

    def change(p):
        p.map.zones[3].value = 9
        p.scenarios["test"].units.append(UnitStack(4, "RED", "tank", 2))

    edit(my, change)
    with open_pack(my) as pf:
        pack, base_tree = pf.pack, pf.variant.base_tree
        rows = variant_changes(base_tree, pack)
        assert [w for _, w in rows] == ["zone 3 value", "scenario test: set-up RED tank in zone 4"]
        before = tree_of(pack)
        e = RevertToBase(base_tree, [rows[1][0]])
        e.apply(pack)
        assert [w for _, w in variant_changes(base_tree, pack)] == ["zone 3 value"]
        assert pack.map.zones[3].value == 9
        e.revert(pack)
        assert tree_of(pack) == before
        RevertToBase(base_tree, [p for p, _ in rows]).apply(pack)
        assert pack == read_pack(base)
        pf.save()
    assert read_stored_variant(my).changes == []
