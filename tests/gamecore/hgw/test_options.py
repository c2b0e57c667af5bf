"""A scenario's hgw options go through the rule system's own checks at new_game (issue
#28): the option specs say only the type, ``check_options`` the inner shape (Siberia's
[date, PP] rows, whole numbers, lists of countries). A value only the system's check
refuses is a one-line error at `warroom play`/`playtest` (exit 2), never a traceback in
the middle of a game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamecore.cli import main
from gamecore.engine import new_game
from gamecore.engine.actions import Action
from gamecore.errors import RulesError
from gamecore.store import write_pack
from tests.gamecore.hgw.hexpack import barbarossa_like

#: values of the right type (their option spec accepts them) but of a shape the rule
#: system cannot play with: option -> (value, words of the error)
SHAPES = {
    "hgw_siberia_income": ([[]], "option 'hgw_siberia_income[0]' must be [date, PP]"),
    "hgw_home": ({"AXIS": "Germany"}, "option 'hgw_home.AXIS' must be a list of country"),
    "hgw_income_modifier": ({"AXIS": "-17"}, "option 'hgw_income_modifier.AXIS' must be"),
    "hgw_winter": (["4", 2, 1], "option 'hgw_winter' must be whole numbers"),
    "hgw_stacking": (0, "option 'hgw_stacking' must be at least 1"),
}


def _pack(options):
    pack = barbarossa_like()
    pack.scenarios["barbarossa"].options.update(options)
    return pack


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_scenario_option_the_system_refuses_is_refused_at_new_game(name):
    value, words = SHAPES[name]
    with pytest.raises(RulesError) as err:
        new_game(_pack({name: value}), "barbarossa")
    assert str(err.value).startswith("scenario 'barbarossa': ")
    assert words in str(err.value)
    # the same value passed by a caller (playtest's --option) is checked the same way
    with pytest.raises(RulesError, match=words.split("'")[1].split("[")[0]):
        new_game(barbarossa_like(), "barbarossa", options={name: value})


def test_an_option_naming_what_the_ruleset_lacks_is_refused():
    """The system's ruleset check runs on the scenario's options too: forts switched on
    in a ruleset without a fort unit type."""
    from gamecore.model import RulesetDoc
    from gamecore.paths import rulesets_dir

    pack = _pack({"hgw_sp_types": ["inf", "mech", "fort"]})
    text = (rulesets_dir() / "hgw.toml").read_text().replace("[units.fort]", "[units.fortx]")
    pack.rulesets["hgw"] = RulesetDoc("hgw", text)
    with pytest.raises(
        RulesError, match="the ruleset's 'units': the hgw system needs unit type 'fort'"
    ):
        new_game(pack, "barbarossa")
    pack.scenarios["barbarossa"].options.pop("hgw_sp_types")
    assert new_game(pack, "barbarossa").current_nation == "AXIS"


def test_play_and_playtest_on_such_a_pack_are_one_line_exit_2(tmp_path, capsys):
    """`hgw_siberia_income = [[]]` used to pass the type check and crash the game at its
    first production phase (ValueError: not enough values to unpack)."""
    path = tmp_path / "siberia.warroom"
    write_pack(_pack({"hgw_siberia_income": [[]]}), path)
    for argv in (
        ["play", str(path)],
        ["playtest", str(path), "--scenario", "barbarossa", "--games", "1"],
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and "Traceback" not in err, err
        assert "siberia.warroom" in err and "hgw_siberia_income[0]" in err, err


def test_accepted_options_still_play():
    """The checks refuse only what the game cannot use: the default values and a well-
    formed override start a game that plays its first turn."""
    s = new_game(
        _pack({"hgw_siberia_income": [["1941-09", 6]], "hgw_winter": [3, 2, 1]}), "barbarossa"
    )
    while s.current_nation == "AXIS":
        s.apply(Action.end_phase())
    assert s.current_nation == "SOV"


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["hgw_siberia_income", "hgw_home", "hgw_income_modifier", "hgw_winter"]),
    _json,
)
def test_any_option_value_is_refused_or_plays_a_round(name, value):
    """Hostile option values: new_game refuses them with a RulesError, or the game they
    set up plays a whole round (both sides' phases, production included)."""
    pack = _pack({name: value})
    try:
        s = new_game(pack, "barbarossa", log="none")
    except RulesError:
        return
    for _ in range(200):
        if s.terminal or s.round > 1:
            break
        s.apply(Action.end_phase())
    assert s.terminal or s.round > 1
