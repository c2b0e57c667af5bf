"""The rule-system registry (issue #22): rulesets name their system, the kernel plays a
ruleset through it, and the engine package imports no rule system."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import gamecore
from gamecore.engine.ruleset import parse_ruleset
from gamecore.engine.systems import RuleSystem, get_system, register_system, systems
from gamecore.errors import RulesError, RulesetError

ROOT = Path(gamecore.__file__).parent


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_bundled_rulesets_name_the_aa_system():
    from gamecore.engine.ruleset import load_ruleset

    assert "aa" in systems()
    for rid in ("g40", "global_war"):
        rs = load_ruleset(rid)
        assert rs.system == "aa"
        assert get_system(rs.system).name == "aa"


def test_an_unknown_system_is_a_ruleset_error_naming_file_and_key():
    with pytest.raises(RulesetError) as err:
        parse_ruleset('[ruleset]\nid = "x"\nsystem = "chess"\n', "variant.toml")
    msg = str(err.value)
    assert "variant.toml" in msg and "ruleset.system" in msg and "chess" in msg
    assert "aa" in msg  # the known systems are named


def test_a_phase_the_system_does_not_have_is_refused():
    with pytest.raises(RulesetError, match=r"phases\[1\].*unknown phase 'supply' of system 'aa'"):
        parse_ruleset('phases = ["purchase", "supply"]\n', "x.toml")


def test_unknown_system_lookup_names_the_known_ones():
    with pytest.raises(RulesError, match="unknown rule system 'nope'.*aa"):
        get_system("nope")


def test_a_name_cannot_be_taken_by_another_system():
    class Other(RuleSystem):
        name = "aa"

    with pytest.raises(ValueError, match="registered already"):
        register_system(Other())


def test_a_game_started_through_the_engine_alone_finds_its_system():
    """``from gamecore.engine import new_game`` is enough: the bundled systems are found
    by name (gamecore.RULE_SYSTEM_PACKAGES) the first time one is needed."""
    code = (
        "import sys\n"
        "from gamecore.engine import new_game\n"
        "from gamecore.engine.testmaps import toy_pack\n"
        "assert 'gamecore.rules' not in sys.modules\n"
        "s = new_game(toy_pack(), 'test', seed=1)\n"
        "print(s.system.name, len(s.legal_actions()) > 0)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["aa", "True"]


def test_state_parts_are_declared_once_and_checked():
    from gamecore.engine.parts import Part
    from gamecore.engine.state import state_class
    from gamecore.rules.state import AAState

    assert {"queue", "techs", "battle", "pending"} <= {p.name for p in AAState.PARTS}
    with pytest.raises(ValueError, match="not an identifier"):
        Part("no-dash", lambda s: 0)
    with pytest.raises(ValueError, match="declared twice"):
        state_class("Bad", (Part("units", lambda s: {}),), __name__)  # a core field
    with pytest.raises(ValueError, match="copy must be"):
        Part("x", lambda s: 0, "deep")


def test_an_aa_clone_copies_its_parts():
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import toy_pack

    s = new_game(toy_pack(), "test", seed=1)
    c = s.clone()
    assert type(c) is type(s) and c.snapshot() == s.snapshot()
    c.pending["RED"] = {"infantry": 1}
    c.vp["reds"] = 3
    assert "RED" not in s.pending and "reds" not in s.vp


def test_the_aa_phases_are_registered_in_their_default_order():
    from gamecore.rules import KNOWN_PHASES
    from gamecore.rules.aa import SYSTEM

    assert SYSTEM.phase_names() == KNOWN_PHASES
    assert [p for p in SYSTEM.phase_names() if SYSTEM.phases[p].automatic] == ["collect_income"]
    assert {"move", "buy", "place", "fight", "end_phase"} <= set(SYSTEM.actions)


def test_no_table_of_systems_outside_their_packages():
    """A rule system brings its own parts (#34): outside the systems' packages no module
    of the validator, the simulator's session and playtest, or the play mode names a
    bundled system (the app's configuration, gamecore/__init__.py, lists them)."""
    repo = ROOT.parent
    names = [s for s in systems() if s != "toy"]
    files = [
        *(ROOT / "validate").glob("*.py"),
        ROOT / "sim" / "session.py",
        *(ROOT / "sim" / "playtest").glob("*.py"),
        *(repo / "editor" / "play").glob("*.py"),
        repo / "editor" / "wizards.py",
    ]
    for f in files:
        text = f.read_text(encoding="utf-8")
        for n in names:
            assert f'"{n}"' not in text and f"gamecore.{n}" not in text, (f.name, n)
    assert "hgw" not in (repo / "editor" / "play" / "mode.py").read_text(encoding="utf-8")


def test_the_parts_a_system_brings_and_their_defaults():
    from gamecore.engine import new_game
    from gamecore.engine.playview import PlayAdapter
    from gamecore.engine.systems import SystemCheck
    from gamecore.engine.testmaps import grid_pack
    from gamecore.sim.bots import make_bot

    class Bare(RuleSystem):
        name = "bare"

    s = Bare()  # (not registered)
    assert s.validator_checks() == () and s.bots() == {} and s.new_map_layouts() == ()
    ad = s.play_adapter()
    assert type(ad) is PlayAdapter and ad.click_phases == () and not ad.route_moves
    pack = grid_pack(
        ["ab"],
        zones={"a": {"owner": "X", "value": 3}, "b": {"owner": "Y", "value": 2}},
        nations={"X": {"alliance": "x"}, "Y": {"alliance": "y"}},
    )
    st = new_game(pack, "test")
    assert [s.income(st, n) for n in ("X", "Y")] == [3, 2]  # (the zones' values)

    def fn(ctx):
        return iter(())

    chk = s.add_check(SystemCheck("BARE001", "error", "t", fn))
    s.add_check(chk)  # the same check again: kept once
    with pytest.raises(ValueError, match="BARE001 registered twice"):
        s.add_check(SystemCheck("BARE001", "warning", "another", fn))
    assert s.validator_checks() == (chk,)
    # the hgw system's parts, asked through the registry
    hgw = get_system("hgw")
    assert {c.code for c in hgw.validator_checks()} >= {"HGW001", "HGW017"}
    assert make_bot("heuristic", 1, "hgw") is not None and "heuristic" in hgw.bots()
    assert type(make_bot("heuristic", 1, "hgw")) is hgw.bots()["heuristic"]
    assert hgw.play_adapter().click_phases and [x.key for x in hgw.new_map_layouts()] == ["hgw"]
