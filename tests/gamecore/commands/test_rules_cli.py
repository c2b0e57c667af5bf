"""``warroom rules list|show`` and typed options (issue #22 step 3): options are declared
with type, default, choices and doc by the feature that reads them, checked when a
ruleset loads (a bad value names the file and the key), and listed by the CLI."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main
from gamecore.engine.options import OptionSpec
from gamecore.engine.ruleset import load_ruleset, parse_ruleset
from gamecore.errors import RulesError, RulesetError
from gamecore.rules.options import DEFAULT_OPTIONS, SPECS


def test_every_option_is_typed_documented_and_owned():
    assert len(SPECS) >= 119
    for name, spec in SPECS.items():
        assert spec.name == name and spec.doc and spec.owner.startswith("gamecore.")
        assert spec.check(spec.default) is None
    assert DEFAULT_OPTIONS == {n: s.default for n, s in SPECS.items()}
    assert "bot_ferry_share" not in SPECS  # a bot's knob, not a rule


@pytest.mark.parametrize(
    ("toml", "key", "why"),
    [
        ("[options]\nscramble = 1\n", "options.scramble", "must be true or false, not 1"),
        ('[options]\nconvoy_hit_max = "3"\n', "options.convoy_hit_max", "must be an integer"),
        ('[options]\nneutrals = "open"\n', "options.neutrals", "must be one of impassable"),
        ('[options]\ncasualty_order = "random"\n', "options.casualty_order", "must be one of"),
        ('[options]\nresearch_cap_until = "July"\n', "options.research_cap_until", "date"),
        ("[options]\nrail_capacity = 3\n", "options.rail_capacity", "must be a table"),
        ('[options]\ncasualty_profiles = ["cheapest", "x"]\n', "options.casualty_profiles", "'x'"),
    ],
)
def test_a_bad_option_value_names_file_and_key(toml, key, why):
    with pytest.raises(RulesetError) as err:
        parse_ruleset('extends = "g40"\n' + toml, "house.toml")
    msg = str(err.value)
    assert "house.toml" in msg and f"'{key}'" in msg and why in msg


def test_a_bad_scenario_option_is_refused_at_new_game():
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import toy_pack

    with pytest.raises(
        RulesError, match="scenario 'test': option 'scramble' must be true or false"
    ):
        new_game(toy_pack(), "test", options={"scramble": "yes"})


@pytest.mark.parametrize(
    ("options", "words"),
    [
        # the spec says "a string"; only the system's check_options knows the resolvers
        (
            {"combat_resolver": "nope"},
            "option 'combat_resolver' unknown resolver 'nope' (known: dice)",
        ),
        # and only its ruleset check knows the ruleset's terrain tables
        ({"city_terrain": "lava"}, "option 'city_terrain' no [terrain.lava] table"),
    ],
)
def test_scenario_options_go_through_the_systems_own_checks(options, words):
    """A scenario's options are checked as a ruleset file's are (issue #28): by the specs,
    then the system's check_options and check_ruleset, for every system."""
    from gamecore.engine import new_game
    from gamecore.engine.testmaps import toy_pack

    pack = toy_pack()
    pack.scenarios["test"].options.update(options)
    with pytest.raises(RulesError) as err:
        new_game(pack, "test")
    assert str(err.value) == f"scenario 'test': {words}"


def test_spec_checks():
    s = OptionSpec("x", "float", 0.5)
    assert s.check(1) is None and s.check(True) is not None
    with pytest.raises(ValueError):
        OptionSpec("y", "int", "3")  # its default is not of its type
    with pytest.raises(ValueError):
        OptionSpec("z", "colour", 1)


def test_rules_list_json(capsys):
    assert main(["rules", "list", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    aa = next(s for s in out["systems"] if s["name"] == "aa")
    assert "combat" in aa["phases"] and aa["options"] == len(SPECS)
    by_id = {r["id"]: r for r in out["rulesets"]}
    assert by_id["g40"]["system"] == "aa" and by_id["global_war"]["system"] == "aa"


def test_rules_show_system(capsys):
    assert main(["rules", "show", "aa"]) == 0
    text = capsys.readouterr().out
    assert "collect_income (automatic)" in text
    assert 'neutrals (str, default "attackable"): one of "impassable", "attackable";' in text
    assert main(["rules", "show", "aa", "--json"]) == 0
    sysj = json.loads(capsys.readouterr().out)["system"]
    opt = next(o for o in sysj["options"] if o["name"] == "convoy_hit_max")
    assert opt == {
        "name": "convoy_hit_max",
        "type": "int",
        "default": 3,
        "doc": SPECS["convoy_hit_max"].doc,
        "owner": "gamecore.rules.economy",
    }
    assert {a["name"] for a in sysj["actions"]} >= {"move", "buy", "end_phase", "retreat"}


def test_rules_show_ruleset_lists_what_it_sets(capsys):
    assert main(["rules", "show", "global_war", "--json"]) == 0
    rs = json.loads(capsys.readouterr().out)["ruleset"]
    gw = load_ruleset("global_war")
    sets = {o["name"]: o for o in rs["sets"]}
    assert sets["modifier_policy"]["value"] == gw.options["modifier_policy"]
    assert sets["modifier_policy"]["default"] == "sum"
    assert {
        "bot": "heuristic",
        "name": "ferry_share",
        "value": 0.5,
        "type": "float",
        "default": 0.0,
    } in rs["bots"]
    assert main(["rules", "show", "g40"]) == 0
    assert "system aa" in capsys.readouterr().out


def test_rules_show_unknown_is_a_one_line_error(capsys):
    assert main(["rules", "show", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ruleset 'chess'" in err
