"""A bundled handbook's victory rules laid over an imported TripleA game (issue #24).

Some TripleA maps do not encode the victory rules of the game they stand for: the 3G40
map (*Young Grasshoppers Tournament Edition*) states its victory tokens only in its notes
and ends with a notification at round 8, so imported it would play to a round limit
decided by victory cities. A handbook (``resources/handbooks/<id>.json``, read by
:mod:`gamecore.validate.handbook`) holds the book's victory rules as data; this module
writes them into the imported scenario:

- each victory token -> a ``victory`` objective of the side's alliance, ``once`` (awarded
  immediately, never twice, never lost), effect ``vp(1)``, its condition in the
  condition language on the map's zone and nation names (the handbook's ``triplea`` name
  map), props naming the handbook line;
- the round limit: ``rounds.short`` (``length="long"``: ``rounds.long``);
- the winner rule: most tokens at the round limit (``round_limit_winner = "vp"``, called
  "victory tokens" in the reason), a tie to the side named by ``winner.tie_side``;
- for the bots, ``vp_worth``: the heuristic bot weighs a zone by the tokens taking it
  would win (gamecore.sim.bots.objective_value), as it does national objectives.

:func:`handbook_for_game` finds the bundled handbook whose ``triplea`` identification
(map folder name, game XML file) matches an imported game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore.conditions.objectives import check_objective
from gamecore.conditions.world import ScenarioWorld
from gamecore.model import Objective, Pack, Scenario
from gamecore.validate.handbook import Handbook, HandbookError, available, load_handbook

#: the reason's name of a victory-point count at the round limit
TOKENS_NAME = "victory tokens"
LENGTHS = ("short", "long")
#: what the bots count a victory token worth, in income per round, when they weigh the
#: zones to take (the option ``vp_worth``): a token decides the game, so more than any
#: national objective (3G40's pay 3-5 a round) — a guess, not a fact of the book
BOT_TOKEN_WORTH = 10


@dataclass(frozen=True)
class Token:
    """One victory token of the book, in the book's names."""

    side: str  # the book's side ("axis", "allies")
    id: str
    text: str
    line: int
    zones: tuple[str, ...] = ()  # named territories: all of them (``need`` "any": one)
    need: str = "all"
    region: str | None = None  # a named list of ``victory.regions``
    count: int | None = None  # how many of the region (None: all of it)
    income: int | None = None  # the powers' combined income at least this
    powers: tuple[str, ...] = ()
    event: str | None = None  # "liberated": the zones liberated by the side


@dataclass
class Applied:
    """What a handbook changed in an imported scenario (the import report's part)."""

    handbook: str
    title: str
    tokens: dict[str, int] = field(default_factory=dict)  # alliance id -> tokens
    rounds: int = 0
    length: str = "short"
    rounds_by_length: dict[str, int] = field(default_factory=dict)
    tie_side: str | None = None
    replaced: list[str] = field(default_factory=list)  # the map's own victory objectives

    def lines(self) -> list[str]:
        toks = ", ".join(f"{side} {n}" for side, n in self.tokens.items())
        other = [f"{k} {v}" for k, v in self.rounds_by_length.items() if k != self.length]
        out = [
            f"handbook {self.handbook} applied ({self.title}): {sum(self.tokens.values())} "
            f"victory tokens as victory objectives ({toks}; once, never lost, 1 each)",
            f"handbook {self.handbook}: round limit {self.rounds} ({self.length} game"
            + (f"; {', '.join(other)} with --handbook-length" if other else "")
            + f"); the winner has the most victory tokens at the round limit, a tie goes to "
            f"{self.tie_side or 'nobody'}",
        ]
        if self.replaced:
            out.append(
                f"handbook {self.handbook}: the map's own victory objectives replaced: "
                + ", ".join(self.replaced)
            )
        return out

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


# ---------------------------------------------------------------------------- reading
def _bad(hb: Handbook, key: str, why: str) -> HandbookError:
    return HandbookError(f"{key}: {why}", hb.path)


def victory_rules(
    hb: Handbook,
) -> tuple[list[Token], dict[str, list[str]], dict[str, int], str | None]:
    """The handbook's victory tokens, regions (name -> the book's zone names), round
    limits by length and the side a tie goes to; a malformed part is a one-line
    :class:`HandbookError` naming the file and the key."""
    v = hb.raw.get("victory")
    if not isinstance(v, dict):
        raise _bad(hb, "victory", "missing or not an object")
    rounds = v.get("rounds")
    if not isinstance(rounds, dict):
        raise _bad(hb, "victory.rounds", "missing or not an object")
    by_length: dict[str, int] = {}
    for k in LENGTHS:
        n = rounds.get(k)
        if n is None:
            continue
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 1000:
            raise _bad(hb, f"victory.rounds.{k}", "must be a whole number of rounds 1-1000")
        by_length[k] = n
    if "short" not in by_length:
        raise _bad(hb, "victory.rounds.short", "missing")
    winner = v.get("winner")
    tie = winner.get("tie_side") if isinstance(winner, dict) else None
    sides = {p.side for p in hb.powers.values()}
    if tie is not None and tie not in sides:
        raise _bad(hb, "victory.winner.tie_side", f"{tie!r} is not a side of the powers")
    regions: dict[str, list[str]] = {}
    raw_regions = v.get("regions", {})
    if not isinstance(raw_regions, dict):
        raise _bad(hb, "victory.regions", "not an object")
    for name, r in raw_regions.items():
        if name == "src":
            continue
        zs = r.get("zones") if isinstance(r, dict) else None
        if not isinstance(zs, list) or not zs or not all(isinstance(z, str) and z for z in zs):
            raise _bad(hb, f"victory.regions.{name}.zones", "must be a list of territory names")
        regions[name] = list(zs)
    raw_tokens = v.get("tokens")
    if not isinstance(raw_tokens, list) or not raw_tokens:
        raise _bad(hb, "victory.tokens", "missing or empty")
    tokens: list[Token] = []
    seen: set[tuple[str, str]] = set()
    for i, t in enumerate(raw_tokens):
        key = f"victory.tokens[{i}]"
        if not isinstance(t, dict):
            raise _bad(hb, key, "not an object")
        side, tid, text, line = t.get("side"), t.get("id"), t.get("text", ""), t.get("line", 0)
        if side not in sides:
            raise _bad(hb, key + ".side", f"{side!r} is not a side of the powers")
        if not isinstance(tid, str) or not tid.isidentifier():
            raise _bad(hb, key + ".id", "must be a name (letters, digits, _)")
        if (side, tid) in seen:
            raise _bad(hb, key + ".id", f"{side} {tid} is listed twice")
        seen.add((side, tid))
        if not isinstance(text, str) or not isinstance(line, int) or isinstance(line, bool):
            raise _bad(hb, key, "text must be a string and line a number")
        zones = t.get("zones", [])
        if not isinstance(zones, list) or not all(isinstance(z, str) and z for z in zones):
            raise _bad(hb, key + ".zones", "must be a list of territory names")
        need = t.get("need", "all")
        if need not in ("all", "any"):
            raise _bad(hb, key + ".need", "must be 'all' or 'any'")
        region = t.get("region")
        if region is not None and region not in regions:
            raise _bad(hb, key + ".region", f"{region!r} is not in victory.regions")
        count = t.get("count")
        if count is not None and (
            not isinstance(count, int) or isinstance(count, bool) or count < 1
        ):
            raise _bad(hb, key + ".count", "must be a positive whole number")
        if region is not None and count is not None and count > len(regions[region]):
            raise _bad(
                hb, key + ".count", f"{count} is more than the {len(regions[region])} of {region}"
            )
        if region is None:
            count = None  # a count the book gives beside named zones (the zones are the rule)
        income = t.get("income")
        powers = t.get("powers", [])
        if income is not None:
            if not isinstance(income, int) or isinstance(income, bool) or income < 0:
                raise _bad(hb, key + ".income", "must be a whole number")
            if (
                not isinstance(powers, list)
                or not powers
                or any(p not in hb.powers for p in powers)
            ):
                raise _bad(hb, key + ".powers", "must list powers of the handbook")
        event = t.get("event")
        if event not in (None, "liberated"):
            raise _bad(hb, key + ".event", "only 'liberated' is known")
        if event and not zones:
            raise _bad(hb, key + ".event", "needs the zones liberated")
        if not zones and region is None and income is None:
            raise _bad(hb, key, "names no zones, region or income: cannot be played")
        tokens.append(
            Token(
                side=side,
                id=tid,
                text=text,
                line=line,
                zones=tuple(zones),
                need=need,
                region=region,
                count=count,
                income=income,
                powers=tuple(powers) if income is not None else (),
                event=event,
            )
        )
    return tokens, regions, by_length, tie


def handbook_for_game(map_name: str, game_xml: str, game_name: str = "") -> Handbook | None:
    """The bundled handbook whose ``triplea`` part names this game (``game``), map
    (``map``: the map folder / the game's mapName) or game file (``game_xml``)."""
    for hid in available():
        hb = load_handbook(hid)
        t = hb.raw.get("triplea")
        if not isinstance(t, dict):
            continue
        if (
            (game_name and t.get("game") == game_name) or (map_name and t.get("map") == map_name)
        ) or (game_xml and t.get("game_xml") == Path(game_xml).name):
            return hb
    return None


# ---------------------------------------------------------------------------- writing
def _q(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def apply_handbook(pack: Pack, sc: Scenario, hb: Handbook, length: str = "short") -> Applied:
    """Write ``hb``'s victory tokens, round limit and winner rule into ``sc`` (an
    imported game the handbook describes); what it did comes back for the report."""
    if length not in LENGTHS:
        raise HandbookError(f"game length must be one of {', '.join(LENGTHS)}", hb.path)
    tokens, regions, by_length, tie = victory_rules(hb)
    if length not in by_length:
        raise _bad(hb, f"victory.rounds.{length}", "missing")
    by_name: dict[str, int] = {}
    for zid, z in pack.map.zones.items():
        by_name.setdefault(z.name, zid)

    def zone(book: str, key: str) -> str:
        name = hb.map_zone(book)
        if name not in by_name:
            raise _bad(hb, key, f"territory {book!r} ({name!r} on the map) is not in the game")
        return _q(name)

    def nation(power: str) -> str:
        player = (hb.map_powers or {}).get(power, power)
        if player not in pack.nations:
            raise _bad(hb, "triplea.powers", f"{power} ({player!r}) is not a player of the game")
        return player

    # each side of the book -> the alliance of the game holding all its powers
    side_alliance: dict[str, str] = {}
    for side in sorted({p.side for p in hb.powers.values()}):
        players = {nation(p.id) for p in hb.powers.values() if p.side == side}
        al = {sc.alliance_of(n) for n in players}
        if len(al) != 1 or None in al:
            raise _bad(hb, "powers", f"the {side} powers are not one alliance of the game")
        side_alliance[side] = al.pop()  # type: ignore[assignment]

    world = ScenarioWorld(pack, sc, None)
    applied = Applied(handbook=hb.id, title=hb.title, length=length, rounds_by_length=by_length)
    replaced = [oid for oid, o in sc.objectives.items() if o.kind == "victory"]
    for oid in replaced:
        del sc.objectives[oid]
    applied.replaced = replaced
    for i, t in enumerate(tokens):
        key = f"victory.tokens[{i}]"
        al = side_alliance[t.side]
        who = f"alliance({_q(al)})"
        parts: list[str] = []
        if t.event == "liberated":
            zs = ", ".join(zone(z, key + ".zones") for z in t.zones)
            parts.append(f"ever(liberated({{{zs}}}, by={who}))")
        elif t.zones:
            zs = ", ".join(zone(z, key + ".zones") for z in t.zones)
            need = 1 if t.need == "any" else len(t.zones)
            parts.append(f"count(z in {{{zs}}}: controls({who}, z)) >= {need}")
        if t.region is not None:
            rz = regions[t.region]
            zs = ", ".join(zone(z, f"victory.regions.{t.region}") for z in rz)
            need = t.count if t.count is not None else len(rz)
            parts.append(f"count(z in {{{zs}}}: controls({who}, z)) >= {need}")
        if t.income is not None:
            total = " + ".join(f"income({_q(nation(p))})" for p in t.powers)
            parts.append(f"{total} >= {t.income}")
        obj = Objective(
            id=f"token_{t.side}_{t.id}",
            name=f"{t.side.capitalize()} {t.id.capitalize()} (victory token)",
            kind="victory",
            owner=al,
            condition=" and ".join(f"({p})" for p in parts) if len(parts) > 1 else parts[0],
            effect="vp(1)",
            once=True,
            props={"handbook": hb.id, "token": t.id, "text": t.text, "line": t.line},
        )
        errors = check_objective(obj, world)
        if errors:
            raise _bad(hb, key, f"does not translate: {errors[0]}")
        sc.objectives[obj.id] = obj
        applied.tokens[al] = applied.tokens.get(al, 0) + 1
    sc.rounds = by_length[length]
    applied.rounds = sc.rounds
    sc.options["round_limit_winner"] = "vp"
    sc.options["vp_name"] = TOKENS_NAME
    sc.options["vp_worth"] = BOT_TOKEN_WORTH
    tie_al = side_alliance.get(tie) if tie else None
    if tie_al:
        sc.options["vp_tie_winner"] = tie_al
    else:
        sc.options.pop("vp_tie_winner", None)
    applied.tie_side = tie_al
    sc.props["handbook"] = {
        "id": hb.id,
        "length": length,
        "rounds": dict(by_length),
        "tokens": sorted(sc.objectives[o].id for o in sc.objectives if o.startswith("token_")),
    }
    return applied
