"""Playtest parameters, the scenario hash, and the results file that makes runs resumable.

A run is identified by its :class:`PlaytestParams` (scenario, bots, base seed, round limit)
and the hash of what the games run on (ruleset + scenario + map, :func:`scenario_hash`).
The number of games is not part of the identity: game ``i`` always gets the seed
``game_seed(seed, i)``, so asking for 200 games after 100 plays only the 100 new ones.

The results file is JSON lines, beside the pack by default
(``<pack>.playtests/<scenario>-<key>.jsonl``): a header line with the parameters and the
hash, then one record per finished game, appended as games finish, so a run that is
stopped (Ctrl+C, a crash, a kill) keeps every game it finished. An empty file or a torn
last line (a crash or a full disk in the middle of a write) is reported and cut back to
the last complete record when the file is read back; the game is played again.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import sys
from dataclasses import asdict, dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any

from gamecore import safejson, safepath
from gamecore.errors import WarroomError
from gamecore.model import Pack

FORMAT = 1


# ---------------------------------------------------------------------- record fields
# A results file is untrusted input: every field the summary reads is checked as the
# file is read, so a bad one is a one-line error, never a traceback later. Fields a
# record lacks (older records lack ``end``, ``first_attack``, ``nations_start``,
# ``cap_source``) are fine: the summary reads what an old record has.
def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _num(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _text(v: Any) -> bool:
    return isinstance(v, str)


def _zone_key(k: Any) -> bool:
    return isinstance(k, str) and k.lstrip("-").isdigit() and len(k) < 12


def _map(check, key=_text):
    return lambda v: isinstance(v, dict) and all(key(k) and check(x) for k, x in v.items())


def _seq(check):
    return lambda v: isinstance(v, list) and all(check(x) for x in v)


def _row(*checks):
    return lambda v: (
        isinstance(v, list)
        and len(v) == len(checks)
        and all(c(x) for c, x in zip(checks, v, strict=True))
    )


def _figures(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and all(_num(v.get(k, 0)) for k in ("income", "units", "tuv", "zones"))
        and (v.get("eliminated") is None or _int(v["eliminated"]))
    )


_RECORD_FIELDS = {
    "status": lambda v: v in ("ok", "stalled", "stuck", "error"),
    "seed": _int,
    "rounds": _int,
    "round_cap": _int,
    "actions": _int,
    "bot_errors": _int,
    "seconds": _num,
    "winner": lambda v: v is None or _text(v),
    "reason": _text,
    "error": _text,
    "digest": _text,
    "sides": _map(_text),
    "income": _map(_seq(_num)),
    "final_income": _map(_num),
    "captures": _map(_int, _zone_key),
    "battles": _map(_int, _zone_key),
    "fights": _seq(_row(_int, _text, _int, _text)),
    "curves": _map(_map(_seq(_num))),
    "nations_end": _map(_figures),
    "nations_start": _map(_figures),
    "first_attack": _map(_int),
    "end": lambda v: v in ("victory", "conquest", "cap", "other"),
    "cap_source": lambda v: v in ("scenario", "option", "default"),
    "vp": _map(_num),
    "vp_awards": _seq(_row(_int, _text, _text, _int)),
    "stalled_at": lambda v: isinstance(v, dict),
}


#: the highest game number a record may carry (game seeds use the index's low 32 bits)
MAX_INDEX = 2**31 - 1
#: the most rounds a record of a run without a recorded round limit may carry
MAX_ROUNDS = 10_000


def _rounds_problem(rec: dict[str, Any], cap: int) -> str | None:
    """A round count past the run's limit (a game ends at the cap, or one round after it
    for an end-of-round check); the report draws one bar per round, so a huge count
    would never finish."""
    for key in ("rounds", "round_cap"):
        v = rec.get(key)
        if v is not None and not 0 <= v <= cap + 1:
            return f"field '{key}' of game {rec.get('index')} is {v}, past the round limit {cap}"
    return None


def _torn_header(line: str) -> bool:
    """A first line that is the start of a header this module writes (a crash while the
    file was created), not a foreign file."""
    line = line.strip()
    start = '{"created": "'
    return (
        bool(line)
        and (start.startswith(line) or line.startswith(start))
        and (not line.endswith("}"))
    )


def record_problem(rec: dict[str, Any]) -> str | None:
    """What is wrong with a game record read from a results file (None: nothing)."""
    for key, check in _RECORD_FIELDS.items():
        if key in rec and not check(rec[key]):
            return f"field '{key}' of game {rec.get('index')} is not what a game record holds"
    return None


@dataclass(frozen=True)
class PlaytestParams:
    scenario: str
    bots: str = "heuristic"
    seed: int = 1
    max_rounds: int | None = None
    #: thinking per decision of the bots that think (None: their own default)
    think_ms: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if out["think_ms"] is None:  # runs without a budget keep their key and file
            del out["think_ms"]
        return out

    def key(self, scn_hash: str) -> str:
        text = json.dumps({"p": self.to_json(), "h": scn_hash}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


#: fields that do not change how a game plays (drawing, provenance)
_NOT_HASHED = frozenset({"geometry", "label", "roundel", "slots", "points", "source_path"})


def _canon(obj: Any) -> Any:
    """A canonical JSON-able form: dataclasses as sorted fields, dicts as sorted pairs,
    geometry left out (it matters only through adjacency)."""
    from shapely.geometry.base import BaseGeometry

    if is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: _canon(getattr(obj, f.name)) for f in fields(obj) if f.name not in _NOT_HASHED
        }
    if isinstance(obj, dict):
        items = [(json.dumps(_canon(k), sort_keys=True), _canon(v)) for k, v in obj.items()]
        return sorted(items, key=lambda kv: kv[0])
    if isinstance(obj, (list, tuple)):
        return [_canon(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((_canon(x) for x in obj), key=repr)
    if isinstance(obj, BaseGeometry):
        return None
    if isinstance(obj, (bytes, bytearray, memoryview)):
        return hashlib.sha256(bytes(obj)).hexdigest()
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return repr(obj)


def scenario_hash(pack: Pack, scenario: str) -> str:
    """Hash of everything a game of ``scenario`` depends on: the resolved ruleset (with
    the scenario's options), the scenario, the nations and the map's playing data (zones,
    adjacency, borders, links, facilities, lines). Geometry counts only through
    adjacency, so redrawing a coastline does not invalidate results."""
    from gamecore.geometry.adjacency import map_adjacency
    from gamecore.rules import load_ruleset

    scn = pack.scenarios.get(scenario)
    if scn is None:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"the pack has no scenario '{scenario}' (scenarios: {known})")
    rules = load_ruleset(scn.ruleset, pack).with_options(dict(scn.options))
    m = pack.map
    adj = map_adjacency(m)
    data = {
        "ruleset": _canon(rules),
        "scenario": _canon(scn),
        "nations": _canon(pack.nations),
        "zones": _canon(m.zones),
        "borders": _canon(m.borders),
        "links": _canon(m.links),
        "facilities": _canon(m.facilities),
        "lines": _canon(m.lines),
        "adjacency": sorted([a, b] for a, ns in adj.items() for b in ns if a < b),
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def default_results_path(pack_path: str | os.PathLike, params: PlaytestParams, key: str) -> Path:
    p = Path(pack_path)
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in params.scenario)
    return p.with_name(p.name + ".playtests") / f"{safe}-{key}.jsonl"


class ResultsFile:
    """The JSON-lines results of one run (see the module text)."""

    def __init__(self, path: str | os.PathLike, params: PlaytestParams, scn_hash: str):
        self.path = Path(path)
        self.params = params
        self.scn_hash = scn_hash

    def header(self) -> dict[str, Any]:
        return {
            "warroom_playtest": FORMAT,
            "params": self.params.to_json(),
            "scenario_hash": self.scn_hash,
            "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        }

    def _regular(self) -> None:
        """Refuse a results path that is a FIFO, device or folder (opening it would
        block or fail later) before anything is read or written."""
        if os.path.lexists(self.path):
            safepath.regular_file(self.path, "results file")
        else:
            safepath.check_length(self.path, "results file")

    def _heal(self, keep: int, why: str) -> None:
        """Cut the file back to its first ``keep`` bytes (the last complete record), and
        say so in one line on stderr: what a crash or a full disk left is played again."""
        try:
            with open(self.path, "rb+") as fh:
                fh.truncate(keep)
        except OSError as err:
            raise WarroomError(f"cannot repair the results: {err.strerror}", self.path) from None
        where = "the header is written again" if keep == 0 else "cut back to the last record"
        self.warn(f"warroom: {self.path}: {why}; {where}")

    warn = staticmethod(lambda line: print(line, file=sys.stderr, flush=True))

    def load(self) -> dict[int, dict[str, Any]]:
        """Finished games by index ({} when the file does not exist yet). An empty file,
        a torn header or a torn last record (a crash or a full disk in the middle of a
        write) is reported on stderr and cut back to the last complete record."""
        self._regular()
        if not self.path.exists():
            return {}
        try:
            with open(self.path, "rb") as fh:
                raw = fh.read()
        except OSError as err:
            raise WarroomError(f"cannot read the results: {err.strerror}", self.path) from None
        if not raw.strip():
            self._heal(0, "the file is empty" if not raw else "the file holds only blank space")
            return {}
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise WarroomError("not a playtest results file (not UTF-8 text)", self.path) from None
        lines = text.split("\n")
        if len(lines) == 1 and _torn_header(lines[0]):
            self._heal(0, "the header line is torn")
            return {}
        try:
            head = safejson.loads(lines[0])
        except safejson.JsonLimitError:
            raise WarroomError("not a playtest results file (bad header)", self.path) from None
        if not isinstance(head, dict) or head.get("warroom_playtest") != FORMAT:
            raise WarroomError("not a playtest results file of this version", self.path)
        if head.get("params") != self.params.to_json() or head.get("scenario_hash") != (
            self.scn_hash
        ):
            raise WarroomError(
                "the results file belongs to another run (different parameters or scenario);"
                " use another file or --fresh",
                self.path,
            )
        cap = self.params.max_rounds if self.params.max_rounds is not None else MAX_ROUNDS
        out: dict[int, dict[str, Any]] = {}
        for no, line in enumerate(lines[1:], 2):
            line = line.strip()
            if not line:
                continue
            try:
                rec = safejson.loads(line)
            except safejson.JsonLimitError:
                if no == len(lines):  # the last line, with no newline after it: torn
                    self._heal(len(raw) - len(lines[-1].encode("utf-8")), f"line {no} is torn")
                    break
                raise WarroomError(f"line {no}: not JSON", self.path) from None
            if not isinstance(rec, dict) or not _int(rec.get("index")):
                raise WarroomError(f"line {no}: not a game record", self.path)
            index = rec["index"]
            if not 0 <= index <= MAX_INDEX:
                raise WarroomError(
                    f"line {no}: field 'index' is {index}, not a game number (0 to {MAX_INDEX:,})",
                    self.path,
                )
            if index in out:
                raise WarroomError(f"line {no}: game {index} is recorded twice", self.path)
            problem = record_problem(rec) or _rounds_problem(rec, cap)
            if problem:
                raise WarroomError(f"line {no}: {problem}", self.path)
            out[index] = rec
        return out

    def start(self, fresh: bool = False) -> None:
        """Create the file with its header (or keep it, unless ``fresh``)."""
        self._regular()
        if self.path.exists() and not fresh and self.path.stat().st_size > 0:
            # make sure a last record without its newline does not glue onto the next one
            try:
                with open(self.path, "rb+") as fh:
                    fh.seek(-1, os.SEEK_END)
                    if fh.read(1) != b"\n":
                        fh.write(b"\n")
            except OSError as err:
                raise WarroomError(f"cannot write the results: {err.strerror}", self.path) from None
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(self.header(), sort_keys=True) + "\n")
        except OSError as err:
            raise WarroomError(f"cannot write the results: {err.strerror}", self.path) from None

    def append(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n"
        try:
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(line)
                fh.flush()
        except OSError as err:
            raise WarroomError(f"cannot write the results: {err.strerror}", self.path) from None
