"""TripleA rules ↔ Warroom rulesets: unitAttachment options ↔ unit types, facility units,
unit support, game properties ↔ ruleset options, step lists → phases, and the TOML text
of the ruleset an import stores in the pack (it ``extends`` the closest bundled ruleset).

Option names are TripleA's (from its attachment classes); which of them Warroom models is
listed in :data:`UNIT_OPTIONS` and :data:`PROPERTY_OPTIONS`. Everything else stays in the
game's verbatim attachment list and is written back unchanged by the exporter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import ImportFormatError
from gamecore.interop.triplea.defaults19 import UNIT_DEFAULTS
from gamecore.rules.ruleset import UNIT_FLAGS, Ruleset, Support, UnitType

__all__ = [
    "PROPERTY_OPTIONS",
    "closest_ruleset",
    "facility_spec",
    "is_facility_unit",
    "phases_from_steps",
    "sequence_of_play",
    "property_to_option",
    "option_to_property",
    "toml_document",
    "unit_fields",
    "unit_options_patch",
]

TRUE = ("true", "yes", "1")

#: TripleA property name -> (ruleset option, converter kind)
PROPERTY_OPTIONS: dict[str, tuple[str, str]] = {
    "Kamikaze Airplanes": ("kamikaze", "bool"),
    "Neutrals Are Impassable": ("neutrals", "impassable"),
    "Neutral Flyover Allowed": ("air_over_neutral", "bool"),
    "Scramble Rules In Effect": ("scramble", "bool"),
    "Unplaced units live when not placed": ("unplaced_units", "keep"),
    "Air Attack Sub Restricted": ("air_attack_sub_restricted", "bool"),
    "Low Luck": ("low_luck", "bool"),
    "Partial Amphibious Retreat": ("partial_amphibious_retreat", "bool"),
}
#: what TripleA 1.9 plays when a game does not set one of those properties (a property
#: TripleA reads with ``getBooleanProperty(name, false)``)
PROPERTY_DEFAULTS: dict[str, str] = {name: "false" for name in PROPERTY_OPTIONS}


def _b(v: str | None) -> bool:
    return v is not None and v.strip().lower() in TRUE


#: a whole-number option beyond this is refused (no game has a unit stat of a million)
MAX_OPTION_NUMBER = 1_000_000


def _i(v: str | None, default: int = 0) -> int:
    if v is None:
        return default
    try:
        n = int(v.strip())
    except ValueError:
        try:
            n = int(float(v))
        except ValueError:
            return default
        except OverflowError:  # "1e999", "inf"
            n = MAX_OPTION_NUMBER + 1
    if abs(n) > MAX_OPTION_NUMBER:
        raise ImportFormatError(f"option value '{v.strip()[:40]}' is out of range")
    return n


def _u(o: dict[str, str], name: str) -> int:
    """Whole-number unitAttachment option ``name``, TripleA 1.9's own default when the game
    leaves it out (:data:`~.defaults19.UNIT_DEFAULTS`, read from 1.9's classes)."""
    return _i(o.get(name), int(UNIT_DEFAULTS[name]))


def _opts(options: Iterable[list[str]]) -> dict[str, str]:
    """Later options win, like TripleA's setters (list-valued options add up elsewhere)."""
    out: dict[str, str] = {}
    for name, value, *_ in options:
        out[name] = value
    return out


# ---------------------------------------------------------------------------- units
def is_facility_unit(options: Iterable[list[str]]) -> bool:
    """A TripleA unit type that Warroom models as a facility (factory, air/naval base)."""
    o = _opts(options)
    if _b(o.get("isSea")):
        # a sea unit (Pacific Challenge's Harbour: isSea, isAirBase, movement 0, placed in
        # sea zones) is a unit: Warroom's facilities stand on land
        return False
    if _b(o.get("isFactory")):
        return True
    moves = _i(o.get("movement")) > 0
    if (_b(o.get("canProduceUnits")) or _b(o.get("isAirBase"))) and not moves:
        return True  # (one that moves, 270BC's legionaire or Greyhawk's dragon, is a unit)
    return (
        _b(o.get("isConstruction"))
        and _b(o.get("isInfrastructure"))
        and _i(o.get("movement")) == 0
        and not _b(o.get("isAA"))
    )


#: the unitAttachment options Warroom plays (unit_fields, facility_spec, the importer)
PLAYED_UNIT_OPTIONS = frozenset(
    {
        "movement", "attack", "defense", "hitPoints", "isTwoHit", "isAir", "isSea",
        "transportCapacity", "transportCost", "carrierCapacity", "carrierCost", "isAA",
        "isAAforCombatOnly", "isAAforBombingThisUnitOnly", "attackAA", "maxAAattacks",
        "canBlitz", "canBombard", "bombard", "canScramble", "maxScrambleCount",
        "isStrategicBomber", "bombingBonus", "bombingMaxDieSides", "isSub", "canEvade",
        "isFirstStrike", "isDestroyer", "isInfrastructure", "isCombatTransport",
        "canNotMoveDuringCombatMove", "artillery", "artillerySupportable", "isFactory",
        "canProduceUnits", "canProduceXUnits", "isAirBase", "isConstruction", "maxDamage",
        "repairsUnits",
    }
)  # fmt: skip


def unplayed_unit_options(attachments: dict[str, Any]) -> list[str]:
    """``option (units...)`` for each unitAttachment option Warroom does not play."""
    seen: dict[str, list[str]] = {}
    for unit, a in sorted(attachments.items()):
        for name, value, *_ in a.options:
            if name in PLAYED_UNIT_OPTIONS or value.strip().lower() in ("false", "0", ""):
                continue
            seen.setdefault(name, []).append(unit)
    return [
        f"{name} ({', '.join(units[:4])}{', ...' if len(units) > 4 else ''})"
        for name, units in sorted(seen.items())
    ]


def facility_spec(options: Iterable[list[str]]) -> dict[str, Any]:
    """The facility-type table of a facility unit (TOML keys of gamecore.rules)."""
    o = _opts(options)
    spec: dict[str, Any] = {}
    produces = _b(o.get("isFactory")) or _b(o.get("canProduceUnits"))
    if produces:
        x = _u(o, "canProduceXUnits")
        spec["production"] = x if x > 0 else 99
    else:
        spec["production"] = 0
    # 1.9's maxDamage (2) only counts for a unit that canBeDamaged; an old-style factory
    # loses PUs to bombing instead
    md = _u(o, "maxDamage") if _b(o.get("canBeDamaged")) else _i(o.get("maxDamage"), 0)
    if md > 0:
        spec["max_damage"] = md
    if _b(o.get("isAirBase")):
        spec["scramble"] = (
            max(0, _i(o.get("maxScrambleCount"), 99)) if o.get("maxScrambleCount") else 99
        )
    if o.get("repairsUnits"):
        spec["repairs_ships"] = True
    if _b(o.get("isAAforBombingThisUnitOnly")) or _b(o.get("isAA")):
        spec["aa_value"] = _u(o, "attackAA")
    return spec


def unit_fields(
    options: Iterable[list[str]], dice: int, supportable: Iterable[str] = ()
) -> dict[str, Any]:
    """The fields of a Warroom unit type (TOML keys) that a unitAttachment implies."""
    o = _opts(options)
    f: dict[str, Any] = {}
    domain = "air" if _b(o.get("isAir")) else "sea" if _b(o.get("isSea")) else "land"
    f["domain"] = domain
    for key, opt in (("movement", "movement"), ("attack", "attack"), ("defense", "defense")):
        f[key] = max(0, _i(o.get(opt)))
    hits = _i(o.get("hitPoints"), 0)
    if hits <= 0:  # 1.9's setIsTwoHit sets hitPoints 2
        hits = 2 if _b(o.get("isTwoHit")) else int(UNIT_DEFAULTS["hitPoints"])
    f["hits"] = hits
    f["transport_capacity"] = max(0, _i(o.get("transportCapacity"), 0))
    f["transport_cost"] = max(0, _i(o.get("transportCost"), 0)) if domain == "land" else 0
    f["carrier_capacity"] = max(0, _i(o.get("carrierCapacity"), 0))
    f["carrier_cost"] = max(0, _i(o.get("carrierCost"), 0)) if domain == "air" else 0
    aa = _b(o.get("isAA")) or _b(o.get("isAAforCombatOnly"))
    if aa:
        f["aa_value"] = max(0, _u(o, "attackAA"))
        # 1.9's default -1: one die per attacking aircraft (old-style AA)
        shots = _u(o, "maxAAattacks")
        f["aa_shots"] = 99 if shots < 0 else max(1, shots)
    else:
        f["aa_value"] = 0
        f["aa_shots"] = 0
    bombard = _u(o, "bombard")
    if bombard < 0:
        bombard = f["attack"] if _b(o.get("canBombard")) else 0
    f["bombard"] = bombard
    flags = []
    if _b(o.get("isSub")) or _b(o.get("isFirstStrike")):
        flags.append("first_strike")
    if _b(o.get("isDestroyer")):
        flags.append("detector")
    if _b(o.get("isSub")) or _b(o.get("canEvade")):
        flags.append("submerge")
    if _b(o.get("canBlitz")):
        flags.append("blitz")
    if (
        domain == "sea"
        and f["attack"] == 0
        and f["defense"] == 0
        and f["transport_capacity"] > 0
        and not _b(o.get("isCombatTransport"))
    ):
        flags.append("defenseless")
    if _b(o.get("isInfrastructure")):
        flags.append("infrastructure")
    if _b(o.get("canNotMoveDuringCombatMove")):
        flags.append("no_combat_move")
    if f["movement"] == 0 and domain == "land" and not _b(o.get("isInfrastructure")):
        flags.append("immobile")
    if _b(o.get("canScramble")):
        flags.append("scramble")
    if domain == "air" and f["carrier_cost"] == 0:
        flags.append("no_carrier")
    f["flags"] = [x for x in UNIT_FLAGS if x in flags]
    if _b(o.get("isStrategicBomber")):
        sides = _i(o.get("bombingMaxDieSides"), dice) or dice
        bonus = _i(o.get("bombingBonus"), 0)
        f["bombing"] = f"1d{sides}" + (f"{bonus:+d}" if bonus else "")
    if _b(o.get("artillery")):
        targets = sorted(set(supportable))
        if targets:
            f["support"] = [{"targets": targets, "stat": "attack", "value": 1, "count": 1}]
    for stat in ("attack", "defense", "aa_value", "bombard"):
        if f[stat] > dice:
            f[stat] = dice
    return f


def support_from_attachment(options: Iterable[list[str]], units: set[str]) -> dict | None:
    """A Warroom support entry from a UnitSupportAttachment ("allied" faction only)."""
    o = _opts(options)
    if o.get("faction", "allied").strip().lower() != "allied":
        return None
    targets = [t for t in (o.get("unitType") or "").split(":") if t in units]
    if not targets:
        return None
    side = (o.get("side") or "offence").lower()
    stat = "defense" if side.startswith("def") else "attack"
    return {
        "targets": targets,
        "stat": stat,
        "value": _i(o.get("bonus"), 1),
        "count": max(1, _i(o.get("number"), 1)),
    }


#: Warroom unit field -> how to write it as unitAttachment options
_FLAG_OPTION = {
    "first_strike": "isFirstStrike",
    "detector": "isDestroyer",
    "submerge": "canEvade",
    "blitz": "canBlitz",
    "infrastructure": "isInfrastructure",
    "no_combat_move": "canNotMoveDuringCombatMove",
    "scramble": "canScramble",
}


def _set(options: list[list[str]], name: str, value: str | None) -> None:
    """Set option ``name`` (replacing every earlier one in place), or remove it (None)."""
    idx = [i for i, o in enumerate(options) if o[0] == name]
    if value is None:
        for i in reversed(idx):
            del options[i]
        return
    if idx:
        options[idx[0]][1] = value
        for i in reversed(idx[1:]):
            del options[i]
    else:
        options.append([name, value, ""])


def unit_options_patch(
    options: list[list[str]], unit: UnitType, dice: int, supportable: Iterable[str] = ()
) -> tuple[list[list[str]], list[str]]:
    """``options`` changed so that they imply ``unit``'s stats (nothing changes when they
    already do); also what could not be expressed."""
    out = [list(o) for o in options]
    notes: list[str] = []
    want = {
        "domain": unit.domain,
        "movement": unit.movement,
        "attack": unit.attack,
        "defense": unit.defense,
        "hits": unit.hits,
        "transport_capacity": unit.transport_capacity,
        "transport_cost": unit.transport_cost,
        "carrier_capacity": unit.carrier_capacity,
        "carrier_cost": unit.carrier_cost,
        "aa_value": unit.aa_value,
        "aa_shots": unit.aa_shots,
        "bombard": unit.bombard,
    }
    have = unit_fields(out, dice, supportable)
    if have["domain"] != want["domain"]:
        _set(out, "isAir", "true" if unit.domain == "air" else None)
        _set(out, "isSea", "true" if unit.domain == "sea" else None)
    simple = {
        "movement": "movement",
        "attack": "attack",
        "defense": "defense",
        "transport_capacity": "transportCapacity",
        "transport_cost": "transportCost",
        "carrier_capacity": "carrierCapacity",
        "carrier_cost": "carrierCost",
    }
    have = unit_fields(out, dice, supportable)
    for key, opt in simple.items():
        if have[key] != want[key]:
            _set(out, opt, str(want[key]))
    if have["hits"] != want["hits"]:
        _set(out, "isTwoHit", None)
        _set(out, "hitPoints", str(want["hits"]))
    if (have["aa_value"], have["aa_shots"]) != (want["aa_value"], want["aa_shots"]):
        if want["aa_value"] or want["aa_shots"]:
            if not (_b(_opts(out).get("isAA")) or _b(_opts(out).get("isAAforCombatOnly"))):
                _set(out, "isAAforCombatOnly", "true")
            _set(out, "attackAA", str(want["aa_value"]))
            _set(out, "maxAAattacks", str(-1 if want["aa_shots"] >= 99 else want["aa_shots"]))
        else:
            for k in ("isAA", "isAAforCombatOnly", "attackAA", "maxAAattacks"):
                _set(out, k, None)
    if have["bombard"] != want["bombard"]:
        if want["bombard"]:
            _set(out, "canBombard", "true")
            _set(out, "bombard", str(want["bombard"]))
        else:
            _set(out, "canBombard", None)
            _set(out, "bombard", None)
    have = unit_fields(out, dice, supportable)
    flags = set(unit.flags)
    hflags = set(have["flags"])
    sub = {"first_strike", "submerge"}
    if (flags & sub) != (hflags & sub):
        # TripleA 1.9 knows only isSub (both); isFirstStrike / canEvade are newer options
        for k in ("isSub", "isFirstStrike", "canEvade"):
            _set(out, k, None)
        if sub <= flags:
            _set(out, "isSub", "true")
        elif "first_strike" in flags:
            _set(out, "isFirstStrike", "true")
        elif "submerge" in flags:
            _set(out, "canEvade", "true")
        hflags = set(unit_fields(out, dice, supportable)["flags"])
    for flag, opt in _FLAG_OPTION.items():
        if flag not in sub and (flag in flags) != (flag in hflags):
            _set(out, opt, "true" if flag in flags else None)
    final = unit_fields(out, dice, supportable)
    for flag in ("defenseless", "immobile", "no_carrier", "cannot_capture"):
        if (flag in flags) != (flag in final["flags"]):
            notes.append(f"unit {unit.id}: flag '{flag}' has no TripleA option; not exported")
    # "0d6" (an imported unit whose base namesake bombs) is no bombing: not a bomber
    bombs = unit.bombing is not None and (unit.bombing.n > 0 or unit.bombing.plus > 0)
    if bombs and "bombing" not in final:
        _set(out, "isStrategicBomber", "true")
    elif not bombs and "bombing" in final:
        _set(out, "isStrategicBomber", None)
    return out, notes


# ---------------------------------------------------------------------------- options
def property_to_option(name: str, value: str) -> tuple[str, Any] | None:
    """The ruleset option a TripleA game property maps to (None: not modelled)."""
    spec = PROPERTY_OPTIONS.get(name)
    if spec is None:
        return None
    key, kind = spec
    v = value.strip().lower() in TRUE
    if kind == "bool":
        return key, v
    if kind == "impassable":
        return key, "impassable" if v else "attackable"
    if kind == "keep":
        return key, "keep" if v else "refund"
    return None  # pragma: no cover


#: prefix of the ruleset options that hold TripleA game properties Warroom has no rule for
OPTION_PREFIX = "triplea."
#: properties that are not game options (the map folder's name, the game notes)
NOT_OPTIONS = ("mapName", "notes")


def typed_value(text: str, kind: str | None) -> Any:
    """A property value as an option value: booleans and whole numbers typed."""
    t = text.strip()
    if kind == "boolean" or t.lower() in ("true", "false"):
        return t.lower() == "true"
    if kind == "number" or re.fullmatch(r"-?\d+", t):
        try:
            return int(t)
        except ValueError:
            return text
    return text


def generic_option(prop) -> tuple[str, Any] | None:
    """Any other game-wide property as an option ``triplea.<name>`` (so that a scenario
    can see and change it); None for notes, the map name and per-player properties."""
    if prop.name in NOT_OPTIONS or prop.name in PROPERTY_OPTIONS or prop.attrs.get("player"):
        return None
    if prop.text is not None:
        return None
    return OPTION_PREFIX + prop.name, typed_value(prop.attrs.get("value", ""), prop.kind)


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_to_property(name: str, options: dict[str, Any]) -> str | None:
    """The property value for TripleA property ``name`` from ruleset options (None: not
    modelled or not set)."""
    spec = PROPERTY_OPTIONS.get(name)
    if spec is None or spec[0] not in options:
        return None
    key, kind = spec
    v = options[key]
    if kind == "bool":
        return "true" if v else "false"
    if kind == "impassable":
        return "true" if v == "impassable" else "false"
    if kind == "keep":
        return "true" if v == "keep" else "false"
    return None  # pragma: no cover


# ---------------------------------------------------------------------------- phases
_PHASE_OF_CLASS = {
    "PurchaseDelegate": "purchase",
    "NoPUPurchaseDelegate": "purchase",
    "PoliticsDelegate": "politics",
    "BattleDelegate": "combat",
    "PlaceDelegate": "place",
    "NoAirCheckPlaceDelegate": "place",
    "EndTurnDelegate": "collect_income",
    "NoPUEndTurnDelegate": "collect_income",
}


def step_phase(step_name: str, java_class: str, props: Iterable[list[str]] = ()) -> str | None:
    cls = java_class.rsplit(".", 1)[-1]
    if cls in ("MoveDelegate", "SpecialMoveDelegate"):
        if cls == "SpecialMoveDelegate":
            return None
        p = {k: v for k, v in props}
        if p.get("nonCombatMove", "").lower() == "true" or step_name.endswith("NonCombatMove"):
            return "noncombat_move"
        return "combat_move"
    return _PHASE_OF_CLASS.get(cls)


def phases_from_steps(steps, delegate_class) -> list[str]:
    """The ruleset's phase list of a step list (see :func:`sequence_of_play`)."""
    return sequence_of_play(steps, delegate_class).phases


#: TripleA delegates whose steps Warroom does not play as a phase (what they do is
#: reported when a player's every-round steps use them)
_NOT_A_PHASE = {
    "BidPurchaseDelegate": "bid purchase",
    "BidPlaceDelegate": "bid placement",
    "TechnologyDelegate": "research",
    "TechActivationDelegate": "tech activation",
    "UserActionDelegate": "user actions",
    "RandomStartDelegate": "random start",
    "SpecialMoveDelegate": "special move (air-borne)",
}
_QUIET = {"InitializationDelegate", "EndRoundDelegate", ""}


@dataclass
class Sequence:
    """A TripleA step list as Warroom's sequence of play."""

    #: the ruleset's phases: every player's own phases, merged in the order they come
    phases: list[str] = field(default_factory=list)
    #: player -> its own phases, for each player whose phases are not all of :attr:`phases`
    nation_phases: dict[str, list[str]] = field(default_factory=dict)
    #: players whose end of turn is NoPUEndTurnDelegate (no PU income)
    no_income: list[str] = field(default_factory=list)
    #: players whose purchase is NoPUPurchaseDelegate (units per X territories, no PUs)
    no_pu_purchase: list[str] = field(default_factory=list)
    #: what the sequence does that Warroom's does not (the import report lists each)
    losses: list[str] = field(default_factory=list)


def _merge_orders(lists: list[list[str]]) -> list[str] | None:
    """One order that keeps the order of every list (None: two lists disagree), earlier
    lists first on a tie."""
    after: dict[str, set[str]] = {}
    first: dict[str, int] = {}
    for lst in lists:
        for i, p in enumerate(lst):
            after.setdefault(p, set())
            first.setdefault(p, len(first))
            for q in lst[i + 1 :]:
                after[p].add(q)
    out: list[str] = []
    left = set(after)
    while left:
        ready = [p for p in left if not any(p in after[q] for q in left if q != p)]
        if not ready:
            return None
        p = min(ready, key=lambda x: first[x])
        out.append(p)
        left.discard(p)
    return out


def sequence_of_play(steps, delegate_class) -> Sequence:
    """Each player's phases from its own every-round steps (TripleA plays a player's
    steps where the sequence lists them): a neutral with only Battle and EndTurn steps
    plays only those; steps run once (``maxRunCount``: bids, set-up) are not phases.
    What Warroom's turn order (each nation's phases in one turn, nation after nation)
    cannot express is in :attr:`Sequence.losses`, never silently changed."""
    seq = Sequence()
    own: dict[str, list[str]] = {}
    counts: dict[tuple[str, str], int] = {}
    runs: list[str] = []  # the player of each every-round step with a phase, in order
    lost: dict[str, set[str]] = {}
    once: dict[str, set[str]] = {}
    for st in steps:
        cls = delegate_class(st.delegate).rsplit(".", 1)[-1]
        p = st.player
        if not p:
            if cls not in _QUIET:
                lost.setdefault("(no player)", set()).add(cls)
            continue
        if st.attrs.get("maxRunCount"):
            if cls not in _QUIET:
                once.setdefault(p, set()).add(_NOT_A_PHASE.get(cls, st.name))
            continue
        ph = step_phase(st.name, delegate_class(st.delegate), st.props)
        if ph is None:
            if cls not in _QUIET:
                lost.setdefault(p, set()).add(_NOT_A_PHASE.get(cls, cls or st.delegate))
            continue
        if cls == "NoPUEndTurnDelegate" and p not in seq.no_income:
            seq.no_income.append(p)
        if cls == "NoPUPurchaseDelegate" and p not in seq.no_pu_purchase:
            seq.no_pu_purchase.append(p)
        counts[(p, ph)] = counts.get((p, ph), 0) + 1
        lst = own.setdefault(p, [])
        if ph not in lst:
            lst.append(ph)
        if not runs or runs[-1] != p:
            runs.append(p)
    merged = _merge_orders(list(own.values()))
    if merged is None:
        first = next(iter(own), None)
        merged = list(own.get(first, []))
        for lst in own.values():
            merged += [x for x in lst if x not in merged]
        seq.losses.append(
            "sequence: players order their phases differently; every nation plays them in "
            f"the order {', '.join(merged)}"
        )
    seq.phases = merged
    for p, lst in own.items():
        if lst != merged:
            seq.nation_phases[p] = lst
    for p in sorted(once):
        if p not in own:  # a set-up player: bids before round 1, no turn after
            seq.nation_phases[p] = []
    split = sorted({p for p in runs if runs.count(p) > 1})
    for p in split:
        seq.losses.append(
            f"sequence: {p}'s steps are split by other players' steps; Warroom plays them "
            "in one turn"
        )
    for (p, ph), n in sorted(counts.items()):
        if n > 1:
            seq.losses.append(f"sequence: {p}'s {ph} runs {n} times a round; played once")
    for p, what in sorted(lost.items()):
        seq.losses.append(f"sequence: {p}'s steps not played: {', '.join(sorted(what))}")
    for p, what in sorted(once.items()):
        seq.losses.append(f"sequence: {p}'s once-only steps not played: {', '.join(sorted(what))}")
    return seq


# ---------------------------------------------------------------------------- base ruleset
def closest_ruleset(units: dict[str, dict[str, Any]], candidates: dict[str, Ruleset]) -> str:
    """The bundled ruleset whose unit types look most like ``units`` (shared ids, then
    equal stats); ``g40`` on a tie."""
    best, best_score = "g40", (-1, -1)
    for rid, rs in sorted(candidates.items()):
        shared = [u for u in units if u in rs.units]
        same = 0
        for u in shared:
            t = rs.units[u]
            same += sum(
                getattr(t, k) == units[u].get(k)
                for k in ("attack", "defense", "movement", "hits", "domain")
            )
        score = (len(shared), same)
        if score > best_score or (score == best_score and rid == "g40"):
            best, best_score = rid, score
    return best


# ---------------------------------------------------------------------------- TOML
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else _str(k)


def _str(s: str) -> str:
    out = ['"']
    for c in s:
        if c == '"':
            out.append('\\"')
        elif c == "\\":
            out.append("\\\\")
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(str(k))} = {_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, Support):
        return _value(
            {"targets": list(v.targets), "stat": v.stat, "value": v.value, "count": v.count}
        )
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def toml_document(sections: list[tuple[str, dict[str, Any]]], comment: str = "") -> str:
    """TOML text: ``sections`` are (table name or "", keys) in order; the table name is
    given as dotted parts already quoted where needed."""
    lines = [f"# {c}" for c in comment.splitlines()] if comment else []
    for name, keys in sections:
        if name:
            if lines:
                lines.append("")
            lines.append(f"[{name}]")
        for k, v in keys.items():
            lines.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(lines) + "\n"


def table_name(*parts: str) -> str:
    return ".".join(_key(p) for p in parts)


def price_rules(production) -> dict[str, str]:
    """Unit name -> the production rule its price is read from: the first rule (in file
    order) that buys one unit of it in a frontier some player starts with; else its first
    rule. Discount frontiers no player starts with (Global 1940's industrial technology)
    so never set a unit's price, wherever they stand in the file."""
    started = {f for _p, f in production.player_production}
    in_use = {r for name, rules in production.frontiers if name in started for r in rules}
    out: dict[str, str] = {}
    for preferred in (True, False):
        for r in production.rules:
            if len(r.results) != 1:
                continue
            unit = r.results[0][0]
            if unit not in out and (not preferred or r.name in in_use):
                out[unit] = r.name
    return out


#: option names TripleA 1.9's GameParser accepts per attachment class (its String
#: setters, inherited ones included; listed with javap from the Debian package's jar)
TRIPLEA_19_OPTIONS: dict[str, frozenset[str]] = {
    "CanalAttachment": frozenset(
        (
            "canalName",
            "excludedUnits",
            "landTerritories",
            "name",
        )
    ),
    "PlayerAttachment": frozenset(
        (
            "attackingLimit",
            "captureUnitOnEnteringBy",
            "captureVps",
            "destroysPUs",
            "giveUnitControl",
            "helpPayTechCost",
            "immuneToBlockade",
            "movementLimit",
            "name",
            "placementLimit",
            "retainCapitalNumber",
            "retainCapitalProduceNumber",
            "shareTechnology",
            "suicideAttackResources",
            "suicideAttackTargets",
            "vps",
        )
    ),
    "PoliticalActionAttachment": frozenset(
        (
            "actionAccept",
            "attemptsPerTurn",
            "chance",
            "chanceDecrementOnSuccess",
            "chanceIncrementOnFailure",
            "conditionType",
            "conditions",
            "costPU",
            "invert",
            "name",
            "relationshipChange",
            "text",
        )
    ),
    "RelationshipTypeAttachment": frozenset(
        (
            "alliancesCanChainTogether",
            "archeType",
            "canLandAirUnitsOnOwnedLand",
            "canMoveAirUnitsOverOwnedLand",
            "canMoveIntoDuringCombatMove",
            "canMoveLandUnitsOverOwnedLand",
            "canMoveThroughCanals",
            "canTakeOverOwnedTerritory",
            "givesBackOriginalTerritories",
            "isDefaultWarPosition",
            "name",
            "rocketsCanFlyOver",
            "upkeepCost",
        )
    ),
    "RulesAttachment": frozenset(
        (
            "alliedExclusionTerritories",
            "alliedOwnershipTerritories",
            "alliedPresenceTerritories",
            "atWarPlayers",
            "battle",
            "chance",
            "chanceDecrementOnSuccess",
            "chanceIncrementOnFailure",
            "conditionType",
            "conditions",
            "destroyedTUV",
            "directExclusionTerritories",
            "directOwnershipTerritories",
            "directPresenceTerritories",
            "dominatingFirstRoundAttack",
            "enemyExclusionTerritories",
            "enemyPresenceTerritories",
            "enemySurfaceExclusionTerritories",
            "gameProperty",
            "invert",
            "maxPlacePerTerritory",
            "movementRestrictionTerritories",
            "movementRestrictionType",
            "name",
            "negateDominatingFirstRoundAttack",
            "objectiveValue",
            "placementAnySeaZone",
            "placementAnyTerritory",
            "placementCapturedTerritory",
            "placementInCapitalRestricted",
            "placementPerTerritory",
            "players",
            "productionPerXTerritories",
            "relationship",
            "rounds",
            "switch",
            "techs",
            "territoryCount",
            "unitPresence",
            "unlimitedProduction",
            "uses",
        )
    ),
    "TechAbilityAttachment": frozenset(
        (
            "airAttackBonus",
            "airDefenseBonus",
            "airborneBases",
            "airborneCapacity",
            "airborneDistance",
            "airborneForces",
            "airborneTargettedByAA",
            "airborneTypes",
            "attackBonus",
            "attackRollsBonus",
            "bombingBonus",
            "defenseBonus",
            "defenseRollsBonus",
            "minimumTerritoryValueForProductionBonus",
            "movementBonus",
            "name",
            "productionBonus",
            "radarBonus",
            "repairDiscount",
            "rocketDiceNumber",
            "rocketDistance",
            "rocketNumberPerTerritory",
            "unitAbilitiesGained",
            "warBondDiceNumber",
            "warBondDiceSides",
        )
    ),
    "TechAttachment": frozenset(
        (
            "aARadar",
            "destroyerBombard",
            "heavyBomber",
            "improvedArtillerySupport",
            "increasedFactoryProduction",
            "industrialTechnology",
            "jetPower",
            "longRangeAir",
            "mechanizedInfantry",
            "name",
            "paratroopers",
            "rocket",
            "shipyards",
            "superSub",
            "techCost",
            "warBonds",
        )
    ),
    "TerritoryAttachment": frozenset(
        (
            "airBase",
            "blockadeZone",
            "capital",
            "captureUnitOnEnteringBy",
            "changeUnitOwners",
            "convoyAttached",
            "convoyRoute",
            "isImpassable",
            "kamikazeZone",
            "name",
            "navalBase",
            "originalFactory",
            "originalOwner",
            "production",
            "productionOnly",
            "resources",
            "territoryEffect",
            "unitProduction",
            "victoryCity",
            "whenCapturedByGoesTo",
        )
    ),
    "TerritoryEffectAttachment": frozenset(
        (
            "combatDefenseEffect",
            "combatOffenseEffect",
            "name",
            "noBlitz",
            "unitsNotAllowed",
        )
    ),
    "TriggerAttachment": frozenset(
        (
            "activateTrigger",
            "availableTech",
            "chance",
            "chanceDecrementOnSuccess",
            "chanceIncrementOnFailure",
            "changeOwnership",
            "conditionType",
            "conditions",
            "frontier",
            "invert",
            "name",
            "notification",
            "placement",
            "playerAttachmentName",
            "playerProperty",
            "players",
            "productionRule",
            "purchase",
            "relationshipChange",
            "relationshipTypeAttachmentName",
            "relationshipTypeProperty",
            "relationshipTypes",
            "removeUnits",
            "resource",
            "resourceCount",
            "support",
            "tech",
            "territories",
            "territoryAttachmentName",
            "territoryEffectAttachmentName",
            "territoryEffectProperty",
            "territoryEffects",
            "territoryProperty",
            "trigger",
            "unitAttachmentName",
            "unitProperty",
            "unitType",
            "usedThisRound",
            "uses",
            "victory",
            "when",
        )
    ),
    "UnitAttachment": frozenset(
        (
            "airAttack",
            "airDefense",
            "artillery",
            "artillerySupportable",
            "attack",
            "attackAA",
            "attackAAmaxDieSides",
            "attackRolls",
            "attackingLimit",
            "blockade",
            "bombard",
            "bombingBonus",
            "bombingMaxDieSides",
            "bombingTargets",
            "canAirBattle",
            "canBeCapturedOnEnteringBy",
            "canBeDamaged",
            "canBeGivenByTerritoryTo",
            "canBlitz",
            "canBombard",
            "canDieFromReachingMaxDamage",
            "canEscort",
            "canIntercept",
            "canInvadeOnlyFrom",
            "canNotMoveDuringCombatMove",
            "canOnlyBePlacedInTerritoryValuedAtX",
            "canProduceUnits",
            "canProduceXUnits",
            "canScramble",
            "carrierCapacity",
            "carrierCost",
            "chooseBestRoll",
            "constructionType",
            "constructionsPerTerrPerTypePerTurn",
            "consumesUnits",
            "createsResourcesList",
            "createsUnitsList",
            "damageableAA",
            "defense",
            "defenseRolls",
            "destroyedWhenCapturedBy",
            "destroyedWhenCapturedFrom",
            "fuelCost",
            "givesMovement",
            "hitPoints",
            "isAA",
            "isAAforBombingThisUnitOnly",
            "isAAforCombatOnly",
            "isAAforFlyOverOnly",
            "isAAmovement",
            "isAir",
            "isAirBase",
            "isAirTransport",
            "isAirTransportable",
            "isCombatTransport",
            "isConstruction",
            "isDestroyer",
            "isFactory",
            "isInfantry",
            "isInfrastructure",
            "isKamikaze",
            "isLandTransport",
            "isMarine",
            "isMechanized",
            "isParatroop",
            "isRocket",
            "isSea",
            "isStrategicBomber",
            "isSub",
            "isSuicide",
            "isTwoHit",
            "maxAAattacks",
            "maxBuiltPerPlayer",
            "maxConstructionsPerTypePerTerr",
            "maxDamage",
            "maxOperationalDamage",
            "maxRoundsAA",
            "maxScrambleCount",
            "maxScrambleDistance",
            "mayOverStackAA",
            "movement",
            "movementLimit",
            "name",
            "offensiveAttackAA",
            "offensiveAttackAAmaxDieSides",
            "placementLimit",
            "receivesAbilityWhenWith",
            "repairsUnits",
            "requiresUnits",
            "requiresUnitsToMove",
            "special",
            "targetsAA",
            "transportCapacity",
            "transportCost",
            "tuv",
            "typeAA",
            "unitPlacementOnlyAllowedIn",
            "unitPlacementRestrictions",
            "unitSupportCount",
            "whenCapturedChangesInto",
            "whenCombatDamaged",
            "willNotFireIfPresent",
        )
    ),
    "UnitSupportAttachment": frozenset(
        (
            "bonus",
            "bonusType",
            "dice",
            "faction",
            "impArtTech",
            "name",
            "number",
            "players",
            "side",
            "unitType",
        )
    ),
    "UserActionAttachment": frozenset(
        (
            "actionAccept",
            "activateTrigger",
            "attemptsPerTurn",
            "chance",
            "chanceDecrementOnSuccess",
            "chanceIncrementOnFailure",
            "conditionType",
            "conditions",
            "costPU",
            "invert",
            "name",
            "text",
        )
    ),
}
