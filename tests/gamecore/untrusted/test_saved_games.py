"""Issue #39: a saved game (play mode's Save Game) is untrusted input. Every field is
checked as the file is loaded, so a hostile one is a one-line SaveError naming the file
and the field — never a traceback now or later (a text round limit used to load and
crash at the end of the first round)."""

from __future__ import annotations

import json
import os

import pytest

from gamecore.sim.session import PlaySession, SaveError
from gamecore.store.packfile import read_pack
from tests.gamecore.untrusted import crafted


@pytest.fixture(scope="module")
def pack():
    return read_pack(crafted.SAMPLE)


@pytest.fixture(scope="module")
def saved(pack, tmp_path_factory):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1, seats={"GER": "random"})
    path = tmp_path_factory.mktemp("save") / "g.json"
    s.save(path)
    return json.loads(path.read_text(encoding="utf-8"))


def _start(d):
    return d["log"][0]


def _set(path, value):
    def change(d):
        *keys, last = path
        for k in keys:
            d = d[k]
        d[last] = value

    return change


CHANGES = {
    "seat list": (lambda d: d["seats"].update(GER=["random"]), "seats"),
    "seats list": (_set(["seats"], ["GER"]), "seats"),
    "unknown bot": (lambda d: d["seats"].update(GER="deep-blue"), "seats"),
    "log entry number": (lambda d: d["log"].append(5), "log entry"),
    "log entry list": (lambda d: d["log"].append(["action"]), "log entry"),
    "log entry text e": (lambda d: d["log"].append({"e": 5}), "log entry"),
    "empty log": (_set(["log"], []), "log"),
    "log object": (_set(["log"], {}), "log"),
    "no start": (lambda d: d["log"].pop(0), "start entry"),
    "second start": (lambda d: d["log"].append(dict(d["log"][0])), "second start"),
    "text rounds": (lambda d: _start(d).update(rounds="x"), "rounds"),
    "huge rounds": (lambda d: _start(d).update(rounds=2**62), "rounds"),
    "zero rounds": (lambda d: _start(d).update(rounds=0), "rounds"),
    "text seed": (lambda d: _start(d).update(seed="1"), "seed"),
    "float seed": (lambda d: _start(d).update(seed=1.5), "seed"),
    "list scenario": (lambda d: _start(d).update(scenario=["1939"]), "scenario"),
    "options list": (lambda d: _start(d).update(options=[1]), "options"),
    "options nested": (lambda d: _start(d).update(options={"x": {"y": 1}}), "options"),
    "decisions text": (lambda d: _start(d).update(decisions="retreat"), "decisions"),
    "action text": (lambda d: d["log"].append({"e": "action", "a": "buy"}), "field 'a'"),
    "action field": (
        lambda d: d["log"].append({"e": "action", "a": {"kind": "buy", "rm": 1}}),
        "a.rm",
    ),
    "action count": (
        lambda d: d["log"].append({"e": "action", "a": {"kind": "buy", "count": "9"}}),
        "a.count",
    ),
    "action units": (
        lambda d: d["log"].append({"e": "action", "a": {"kind": "move", "units": [[1]]}}),
        "a.units",
    ),
    "action kind": (lambda d: d["log"].append({"e": "action", "a": {"kind": 5}}), "a.kind"),
    "action nation": (
        lambda d: d["log"].append({"e": "action", "n": 5, "a": {"kind": "end_phase"}}),
        "field 'n'",
    ),
    "pack number": (_set(["pack"], 5), "pack"),
    "position list": (_set(["position"], []), "position"),
    "title number": (_set(["pack_title"], 5), "pack_title"),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_hostile_field_is_one_line_naming_file_and_field(pack, saved, tmp_path, name):
    change, says = CHANGES[name]
    data = json.loads(json.dumps(saved))
    change(data)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        PlaySession.load(path, pack)
    text = str(err.value)
    assert "\n" not in text and str(path) in text and says in text, text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"log": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested deeper"),
        ('{"format": "warroom-game", "version": ' + "9" * 5000 + "}", "digits"),
        ('{"format": "warroom-game", "version": 99999999999999999999}', "too large"),
        ("\xff\xfe", "JSON"),
    ],
)
def test_deep_json_and_huge_integers_are_one_line(pack, tmp_path, text, says):
    path = tmp_path / "g.json"
    path.write_text(text, encoding="latin-1")
    with pytest.raises(SaveError, match=says) as err:
        PlaySession.load(path, pack)
    assert "\n" not in str(err.value) and str(path) in str(err.value)


def test_a_fifo_is_refused_without_blocking(pack, tmp_path):
    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)
    with pytest.raises(Exception, match="not a regular file"):
        PlaySession.load(fifo, pack)


def test_save_into_a_missing_folder_is_a_save_error(pack, tmp_path):
    s = PlaySession.start(pack, "1939", seed=1, rounds=1)
    path = tmp_path / "no" / "such" / "folder" / "g.json"
    with pytest.raises(SaveError, match="cannot save the game") as err:
        s.save(path)
    assert str(path) in str(err.value)
    assert not path.parent.exists()


def test_the_unchanged_save_loads(pack, saved, tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert PlaySession.load(path, pack).seats["GER"] == "random"
