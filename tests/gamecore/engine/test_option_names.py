"""Option reads that cannot be misspelt (#34): every option name the code reads by a
literal string is declared by an :class:`OptionSpec` of some rule system (or is an
optional rule a bundled ruleset file declares), and a read of an undeclared name at run
time raises instead of giving None."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from gamecore.engine.options import Options, UndeclaredOption
from gamecore.engine.ruleset import load_ruleset
from gamecore.engine.systems import systems
from gamecore.paths import rulesets_dir

ROOT = Path(__file__).resolve().parents[3] / "gamecore"

#: ``rules.options.get("x")``, ``opts["x"]``, ``opt(s, "x")``, ``rule_on("x")``
READS = re.compile(
    r"""(?:\b(?:options|opts)(?:\.get)?\s*[\[(]\s*|\bopt\(\s*[\w.]+\s*,\s*|rule_on\(\s*)"([A-Za-z0-9_]+)\""""
)


def _declared() -> set[str]:
    names: set[str] = set()
    for system in systems().values():
        names |= set(system.option_specs())
    for path in rulesets_dir().glob("*.toml"):
        names |= set(tomllib.loads(path.read_text(encoding="utf-8")).get("optional", {}))
    return names


def _reads() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in ROOT.rglob("*.py"):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in READS.finditer(line):
                out.setdefault(m.group(1), []).append(f"{path.relative_to(ROOT)}:{i}")
    return out


def test_every_option_the_code_reads_by_name_is_declared():
    reads = _reads()
    assert len(reads) > 150  # the scan sees the reads
    declared = _declared()
    # scenario and pack-level keys read from other mappings named ``options``
    undeclared = {k: v for k, v in reads.items() if k not in declared}
    assert undeclared == {}


def test_a_misspelt_option_raises_instead_of_giving_none():
    rules = load_ruleset("g40")
    assert isinstance(rules.options, Options)
    with pytest.raises(UndeclaredOption, match="aa_shots_per_planee"):
        rules.options.get("aa_shots_per_planee")
    with pytest.raises(UndeclaredOption):
        rules.options["aa_shots_per_planee"]
    some = next(iter(rules.options))
    assert rules.options.get(some) == rules.options[some]


def test_options_survive_copies_and_pickling():
    import pickle

    rules = load_ruleset("global_war")
    for copy in (rules.options.copy(), pickle.loads(pickle.dumps(rules.options))):
        assert isinstance(copy, Options) and copy == rules.options
    # an optional rule of another ruleset is simply off
    assert load_ruleset("g40").options.rule_on("strategic_naval_moves") is False
