"""``warroom battle``: text and JSON output, method choice, one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest

from gamecore.cli import main


def run(capsys, *argv):
    code = main(["battle", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_output_names_the_method(capsys):
    code, out, err = run(
        capsys,
        "--ruleset",
        "g40",
        "--attacker",
        "3 infantry, 2 tank, 1 fighter",
        "--defender",
        "4 infantry, 1 aaa",
    )
    assert code == 0, err
    assert "method: exact" in out and "attacker wins" in out and "defender wins" in out
    assert "expected loss" in out


def test_json_output_of_exact_and_monte_carlo(capsys):
    code, out, _ = run(capsys, "--attacker", "1 infantry", "--defender", "1 infantry", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "exact" and data["ruleset"] == "g40" and data["dice"] == 6
    assert data["outcomes"]["attacker_win"] == pytest.approx(0.25)
    code, out, _ = run(
        capsys,
        "--attacker",
        "3 inf, 1 art",
        "--defender",
        "3 inf",
        "--samples",
        "2000",
        "--seed",
        "5",
        "--json",
    )
    data = json.loads(out)
    assert data["method"] == "monte_carlo" and data["samples"] == 2000 and data["seed"] == 5
    lo, hi = data["intervals"]["attacker_win"]
    assert lo <= data["outcomes"]["attacker_win"] <= hi


def test_context_options(capsys):
    code, out, err = run(
        capsys,
        "--attacker",
        "2 infantry",
        "--defender",
        "2 infantry",
        "--amphibious",
        "--bombard",
        "1 cruiser",
        "--retreat",
        "after:1",
        "--exact",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["outcomes"]["retreat"] == 0.0  # amphibious attackers cannot retreat
    code, out, _ = run(
        capsys, "--attacker", "2 infantry", "--defender", "2 infantry", "--retreat", "after:1"
    )
    assert "attacker retreats" in out
    code, out, _ = run(capsys, "--attacker", "1 fighter", "--defender", "1 sub", "--sea")
    assert "stalemate" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--attacker", "3 tnak", "--defender", "1 infantry"], "did you mean 'tank'?"),
        (["--attacker", "1 tank", "--defender", "1 infantry", "--ruleset", "nope"], "no ruleset"),
        (["--attacker", "1 tank", "--defender", "1 destroyer", "--land"], "land battle"),
        (["--attacker", "1 tank", "--defender", "1 inf", "--terrain", "swamp"], "terrain"),
        (["--attacker", "1 tank", "--defender", "1 inf", "--retreat", "maybe"], "retreat"),
        (["--attacker", "1 tank", "--defender", "1 inf", "--samples", "0"], "--samples"),
        (["--attacker", "1 tank", "--defender", "1 inf", "--bombard", "1 tank"], "bombard"),
        (["--attacker", "1 tank", "--defender", "1 inf", "--border", "moat"], "unknown border"),
    ],
)
def test_bad_input_is_a_one_line_error(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
