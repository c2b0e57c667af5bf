"""What TripleA 1.9's game parser checks on attachments, so that an export passes it.

TripleA 1.9 (Debian's ``triplea`` package) refuses a whole game for one attachment it
does not like. Read from its classes (``javap -c -p`` on triplea.jar: GameParser,
DefaultAttachment and each class in games.strategy.triplea.attachments):

1. ``GameParser.setValues``: every option needs a ``set<Name>(String)`` setter ("misspelled
   or exist only in a future version"): :data:`rulesmap.TRIPLEA_19_OPTIONS`.
2. The setter parses the value (``count:value`` when the option has a count) and throws
   on a bad one: ``getInt`` (``Integer.parseInt``), ``getBool`` (true/false in any case;
   isMarine takes both), the unit types, players (the null player "Neutral" too),
   territories, resources and territory effects it names, and fixed formats
   (movementLimit, whenCapturedChangesInto, whenCombatDamaged, resources, ...):
   :func:`_setter_problem`, for Unit-, Territory-, Player-, TerritoryEffect- and
   CanalAttachment.
3. After the whole game is read, ``GameParser.validate`` calls every attachment's
   ``validate``. In 1.9 TerritoryAttachment, PlayerAttachment, TerritoryEffectAttachment,
   RelationshipTypeAttachment and TechAttachment check nothing there; CanalAttachment
   wants a canalName and landTerritories (the exporter writes both); triggers and
   conditions want a condition (copied as they are). ``UnitAttachment.validate`` is the
   long one, :func:`_unit_violations` in its order: what air, sea and land units may not
   have; hitPoints >= 1; AA values and dice in range; carrierCost beside carrierCapacity
   and transportCost beside transportCapacity; bombing bonus and dice only on bombers and
   rockets, in range; maxBuiltPerPlayer >= -1; isCombatTransport needs transportCapacity;
   restricted transports without attack or defense; complete constructions; damage
   options that agree; then the names in requiresUnits, unitPlacementRestrictions,
   canInvadeOnlyFrom, receivesAbilityWhenWith and whenCombatDamaged.
4. ``checkThatAllUnitsHaveAttachments``: every unit type has its unitAttachment.

Not a parse check, but the game dies on it: a trigger's unitProperty (playerProperty, ...)
naming a property the target attachment class of 1.9 does not have.

:func:`fit_attachments` changes attachments so that all of that passes, by one rule: an
option 1.9 refuses is left out, or a field it refuses is reset to its 1.9 default (an
option of the field's own, after a setter that sets several fields); each change is
reported, and the exporter lists those as losses (exit 1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gamecore.interop.triplea.defaults19 import UNIT_DEFAULTS
from gamecore.interop.triplea.rulesmap import TRIPLEA_19_OPTIONS

_INT = {k for k, v in UNIT_DEFAULTS.items() if isinstance(v, int) and not isinstance(v, bool)}
_BOOL = {k for k, v in UNIT_DEFAULTS.items() if isinstance(v, bool)}
# setters that set other fields (1.9's setIsFactory, setIsAA, setIsTwoHit, setIsAAmovement)
_COMPOSITE_BOOL = {"isFactory", "isAA", "isTwoHit", "isAAmovement"}


@dataclass
class Names:
    """What a game declares, for the setters' lookups."""

    units: set[str] = field(default_factory=set)
    players: set[str] = field(default_factory=set)
    territories: set[str] = field(default_factory=set)
    resources: set[str] = field(default_factory=set)
    effects: set[str] = field(default_factory=set)
    properties: dict[str, str] = field(default_factory=dict)


def _is_int(s: str) -> bool:
    t = s[1:] if s[:1] in "+-" else s
    return t.isascii() and t.isdigit() and -(2**31) <= int(s) < 2**31


def _is_bool(s: str) -> bool:
    return s.lower() in ("true", "false")


def _value(o: list[str]) -> str:
    """What GameParser passes to the setter: ``count:value`` when there is a count."""
    count = o[2] if len(o) > 2 else ""
    return f"{count}:{o[1]}" if count else o[1]


# ------------------------------------------------------------------ setters
def _setter_problem(cls: str, name: str, value: str, n: Names) -> str | None:
    """Why 1.9's setter for ``cls.name`` throws on ``value``, or None."""
    parts = value.split(":")

    def unknown(kind: str, have: set[str], items: Iterable[str]) -> str | None:
        bad = [x for x in items if x not in have]
        return f"names unknown {kind} '{bad[0]}'" if bad else None

    def counted(kind: str, have: set[str], pairs_max: int = 2) -> str | None:
        # "count:name" (givesMovement, consumesUnits, createsUnitsList, fuelCost, ...)
        if not parts or len(parts) > pairs_max or not _is_int(parts[0]):
            return "is not 'number:name'"
        return unknown(kind, have, parts[1:])

    if cls == "UnitAttachment":
        if name == "isMarine" and _is_bool(value):  # 1.9's setIsMarine: true = 1
            return None
        if name in _INT:
            if not _is_int(value):
                return f"'{value}' is not an integer"
            if name in ("maxAAattacks", "maxRoundsAA") and int(value) < -1:
                return "is below -1"
            return None
        if name in _BOOL or name in _COMPOSITE_BOOL:
            return None if _is_bool(value) else f"'{value}' is not true or false"
        if name in ("requiresUnitsToMove", "bombingTargets", "targetsAA",
                    "willNotFireIfPresent"):  # fmt: skip
            return unknown("unit type", n.units, parts)
        if name == "repairsUnits":
            if _is_int(parts[0]):
                parts = parts[1:]
            return unknown("unit type", n.units, parts)
        if name in ("givesMovement", "consumesUnits", "createsUnitsList"):
            return counted("unit type", n.units)
        if name in ("createsResourcesList", "fuelCost"):
            return counted("resource", n.resources)
        if name == "canBeCapturedOnEnteringBy":
            return unknown("player", n.players, parts)
        if name == "canBeGivenByTerritoryTo":
            return unknown("player", n.players, [p for p in parts if not _is_bool(p)])
        if name == "special":
            bad = [p for p in parts if p not in ("none", "canOnlyPlaceInOriginalTerritories")]
            return f"'{bad[0]}' is no special 1.9 knows" if bad else None
        if name in ("movementLimit", "attackingLimit", "placementLimit"):
            if len(parts) != 2 or not _is_int(parts[0]) or int(parts[0]) < 0:
                return "is not 'count:owned|allied|total'"
            return None if parts[1] in ("owned", "allied", "total") else "has a bad type"
        if name == "whenCombatDamaged":
            if len(parts) not in (3, 4) or not (_is_int(parts[0]) and _is_int(parts[1])):
                return "is not 'from:to:effect[:number]'"
            a, b = int(parts[0]), int(parts[1])
            if a < 0 or b < a:
                return "has bad damage numbers"
            return None
        if name == "unitPlacementOnlyAllowedIn":
            return unknown("territory", n.territories, parts)
        if name in ("whenCapturedChangesInto",):
            if len(parts) < 5 or len(parts) % 2 == 0:
                return "has not 5 or more parts"
            bad = unknown("player", n.players | {"any"}, parts[:2]) or unknown(
                "unit type", n.units, parts[3::2]
            )
            return bad or (None if _is_bool(parts[2]) else "keepAttributes is not true/false")
        if name in ("destroyedWhenCapturedBy", "destroyedWhenCapturedFrom"):
            if parts[0] in ("BY", "FROM"):
                parts = parts[1:]
            return unknown("player", n.players, parts)
        return None
    if cls == "TerritoryAttachment":
        if name in ("capital", "originalOwner"):
            return unknown("player", n.players, [value])
        if name in ("changeUnitOwners",):
            return unknown("player", n.players, [p for p in parts if not _is_bool(p)])
        if name in ("captureUnitOnEnteringBy", "whenCapturedByGoesTo"):
            if name == "whenCapturedByGoesTo" and len(parts) != 2:
                return "has not 2 player names"
            return unknown("player", n.players, parts)
        if name == "territoryEffect":
            return unknown("territory effect", n.effects, parts)
        if name == "convoyAttached":
            return unknown("territory", n.territories, parts)
        if name == "resources":
            if len(parts) != 2 or not _is_int(parts[0]):
                return "is not 'number:resource'"
            if parts[1] == "PUs":
                return "sets PUs (1.9 wants production)"
            return unknown("resource", n.resources, parts[1:])
        if name in ("production", "productionOnly", "victoryCity"):
            return None if _is_int(value) else f"'{value}' is not an integer"
        if name in ("isImpassable", "originalFactory", "convoyRoute", "navalBase",
                    "airBase", "kamikazeZone", "blockadeZone"):  # fmt: skip
            return None if _is_bool(value) else f"'{value}' is not true or false"
        return None
    if cls == "PlayerAttachment":
        if name in ("giveUnitControl", "captureUnitOnEnteringBy", "shareTechnology",
                    "helpPayTechCost"):  # fmt: skip
            return unknown("player", n.players, parts)
        if name in ("placementLimit", "movementLimit", "attackingLimit"):
            if len(parts) < 3 or not _is_int(parts[0]) or int(parts[0]) < 0:
                return "is not 'count:type:units'"
            if parts[1] not in ("owned", "allied", "total"):
                return "has a bad type"
            return None if parts[2:] == ["all"] else unknown("unit type", n.units, parts[2:])
        if name == "suicideAttackTargets":
            return unknown("unit type", n.units, parts)
        if name == "suicideAttackResources":
            if len(parts) != 2 or not _is_int(parts[0]) or int(parts[0]) < 0:
                return "is not 'number:resource'"
            return unknown("resource", n.resources, parts[1:])
        if name in ("vps", "captureVps", "retainCapitalNumber", "retainCapitalProduceNumber"):
            return None if _is_int(value) else f"'{value}' is not an integer"
        if name in ("destroysPUs", "immuneToBlockade"):
            return None if _is_bool(value) else f"'{value}' is not true or false"
        return None
    if cls == "TerritoryEffectAttachment":
        if name in ("noBlitz", "unitsNotAllowed"):
            return unknown("unit type", n.units, parts) if value else "is empty"
        if name in ("combatOffenseEffect", "combatDefenseEffect"):
            if len(parts) < 2 or not _is_int(parts[0]):
                return "is not 'number:units'"
            return unknown("unit type", n.units, parts[1:])
        return None
    if cls == "CanalAttachment":
        if name == "landTerritories":
            return unknown("territory", n.territories, parts)
        if name == "excludedUnits" and value.upper() not in ("NONE", "ALL"):
            return unknown("unit type", n.units, parts)
        return None
    return None


# ------------------------------------------------------------------ UnitAttachment.validate
def _unit_state(options: list[list[str]]) -> dict:
    """The fields 1.9's setters leave, options applied in order (each already passed
    its setter's checks)."""
    s: dict = dict(UNIT_DEFAULTS)
    s.update(requiresUnits=[], canInvadeOnlyFrom=None, receivesAbilityWhenWith=[],
             whenCombatDamaged=[], unitPlacementRestrictions=None)  # fmt: skip
    for o in options:
        name, v = o[0], _value(o)
        if name == "isMarine" and _is_bool(v):
            s[name] = 1 if v.lower() == "true" else 0
        elif name in _INT:
            s[name] = int(v)
        elif name in _BOOL:
            s[name] = v.lower() == "true"
        elif name == "isFactory":
            b = v.lower() == "true"
            s.update(canBeDamaged=b, isInfrastructure=b, canProduceUnits=b, isConstruction=b)
            s.update(constructionType="factory" if b else "none")
            s["maxConstructionsPerTypePerTerr"] = s["constructionsPerTerrPerTypePerTurn"] = (
                1 if b else -1
            )
        elif name == "isAA":
            b = v.lower() == "true"
            for k in ("isAAforCombatOnly", "isAAforBombingThisUnitOnly", "isAAforFlyOverOnly",
                      "isRocket", "isInfrastructure", "canNotMoveDuringCombatMove"):  # fmt: skip
                s[k] = b
        elif name == "isAAmovement":
            s["canNotMoveDuringCombatMove"] = v.lower() == "true"
        elif name == "isTwoHit":
            s["hitPoints"] = 2 if v.lower() == "true" else 1
        elif name == "constructionType":
            s[name] = v
        elif name == "requiresUnits":
            s[name].append(v.split(":"))
        elif name == "canInvadeOnlyFrom":
            s[name] = v.split(":")
        elif name == "receivesAbilityWhenWith":
            s[name].append(v)
        elif name == "whenCombatDamaged":
            s[name].append(v.split(":")[2])
        elif name in ("unitPlacementRestrictions",):
            s[name] = v.split(":")
    return s


_AIR_NOT = ("isSea", "isSub", "transportCost", "carrierCapacity", "canBlitz", "canBombard",
            "isMarine", "isInfantry", "isLandTransport", "isAirTransportable",
            "isCombatTransport")  # fmt: skip
_SEA_NOT = ("canBlitz", "isAir", "isStrategicBomber", "carrierCost", "transportCost",
            "isMarine", "isInfantry", "isLandTransport", "isAirTransportable", "isAirTransport",
            "isKamikaze")  # fmt: skip
_LAND_NOT = ("canBombard", "isStrategicBomber", "isSub", "carrierCapacity", "bombard",
             "transportCapacity", "isAirTransport", "isCombatTransport", "isKamikaze")  # fmt: skip


def _set_away(s: dict, f: str) -> bool:
    return s[f] != UNIT_DEFAULTS[f]


def _unit_violations(s: dict, n: Names, has_attachment: set[str]) -> list[tuple[list[str], str]]:
    """1.9's UnitAttachment.validate, in its order: each refusal as (the fields to reset
    to their defaults, why). Lists (requiresUnits, ...) are handled by the caller."""
    if s["isAir"]:
        bad = [f for f in _AIR_NOT if _set_away(s, f)]
        if bad:
            return [(bad, "not allowed on an air unit")]
    elif s["isSea"]:
        bad = [f for f in _SEA_NOT if _set_away(s, f)]
        if bad:
            return [(bad, "not allowed on a sea unit")]
    else:
        bad = [f for f in _LAND_NOT if _set_away(s, f)]
        if bad:
            return [(bad, "not allowed on a land unit")]
    if s["hitPoints"] < 1:
        return [(["hitPoints"], "below 1")]
    for f, lo, hi in (("attackAA", 0, None), ("attackAAmaxDieSides", -1, 200),
                      ("offensiveAttackAA", 0, None), ("offensiveAttackAAmaxDieSides", -1, 200)):  # fmt: skip
        if s[f] < lo or (hi is not None and s[f] > hi):
            return [([f], "out of range")]
    if s["carrierCapacity"] != -1 and s["carrierCost"] != -1:
        return [(["carrierCapacity"], "beside carrierCost")]
    if s["transportCost"] != -1 and s["transportCapacity"] != -1:
        return [(["transportCapacity"], "beside transportCost")]
    bomb = ("bombingBonus", "bombingMaxDieSides")
    if (s["bombingBonus"] >= 0 or s["bombingMaxDieSides"] >= 0) and not (
        s["isStrategicBomber"] or s["isRocket"]
    ):
        return [(list(bomb), "on a unit that is neither bomber nor rocket")]
    for f, hi in (("bombingBonus", 10000), ("bombingMaxDieSides", 200)):
        if s[f] < -1 or s[f] > hi:
            return [([f], "out of range")]
    if s["maxBuiltPerPlayer"] < -1:
        return [(["maxBuiltPerPlayer"], "below -1")]
    if s["isCombatTransport"] and s["transportCapacity"] < 1:
        return [(["isCombatTransport"], "without transportCapacity")]
    restricted = n.properties.get("Transport Casualties Restricted", "").lower() == "true"
    if (s["isSea"] and s["transportCapacity"] != -1 and restricted
            and (s["attack"] > 0 or s["defense"] > 0) and not s["isCombatTransport"]):  # fmt: skip
        return [(["attack", "defense"], "on a restricted transport")]
    ctype = s["constructionType"] not in (None, "none", "")
    counts = ("constructionsPerTerrPerTypePerTurn", "maxConstructionsPerTypePerTerr")
    construction = ["isConstruction", "constructionType", *counts]
    if s["isConstruction"] and not (ctype and s[counts[0]] >= 0 and s[counts[1]] >= 0):
        return [(construction, "an incomplete construction")]
    if not s["isConstruction"] and (ctype or s[counts[0]] >= 0 or s[counts[1]] >= 0):
        return [(construction[1:], "without isConstruction")]
    if s[counts[0]] > s[counts[1]]:
        return [(construction, "more per turn than at most")]
    if s["canDieFromReachingMaxDamage"] and (not s["canBeDamaged"] or s["maxDamage"] < 1):
        return [(["canDieFromReachingMaxDamage"], "without damage")]
    if s["canBeDamaged"] and s["maxDamage"] < 1:
        return [(["maxDamage"], "below 1")]
    return []


def _fit_unit(a, n: Names, has_attachment: set[str]) -> list[tuple[str, str]]:
    """Makes one UnitAttachment pass 1.9's validate: (option, why) for each change."""
    lost: list[tuple[str, str]] = []
    # the lists validate() looks names up in: unknown names leave
    keep = []
    for o in a.options:
        v = _value(o)
        if o[0] == "requiresUnits" and any(u not in n.units for u in v.split(":")):
            lost.append((o[0], "names a unit type the game has not"))
            continue
        if o[0] == "unitPlacementRestrictions" and any(
            t not in n.territories for t in v.split(":")
        ):
            lost.append((o[0], "names a territory the game has not"))
            continue
        if o[0] == "canInvadeOnlyFrom" and v.split(":")[0].lower() not in ("all", "none"):
            if any(u not in has_attachment for u in v.split(":")):
                lost.append((o[0], "names a unit type without attachment"))
                continue
        if o[0] == "receivesAbilityWhenWith":
            p = v.split(":")
            if len(p) != 2 or p[0] != "canBlitz" or p[1] not in n.units:
                lost.append((o[0], "is not 'canBlitz:unit type'"))
                continue
        if o[0] == "whenCombatDamaged" and v.split(":")[2] not in (
            "unitsMayNotLandOnCarrier",
            "unitsMayNotLeaveAlliedCarrier",
        ):
            lost.append((o[0], "has an effect 1.9 does not know"))
            continue
        keep.append(o)
    a.options = keep
    for _ in range(20):
        s = _unit_state(a.options)
        found = _unit_violations(s, n, has_attachment)
        if not found:
            break
        for fields, why in found:
            for f in fields:
                if s[f] == UNIT_DEFAULTS[f]:
                    continue
                a.options = [o for o in a.options if o[0] != f]
                if _unit_state(a.options)[f] != UNIT_DEFAULTS[f]:
                    # set by a setter that sets several fields (isFactory, isAA, ...):
                    # the field's own option, last, puts its default back
                    d = UNIT_DEFAULTS[f]
                    a.options.append([f, str(d).lower() if isinstance(d, bool) else str(d), ""])
                lost.append((f, why))
    return lost


# a trigger's <x>Property option names a property (its value; the new value is its count)
# of the attachment class its <x>AttachmentName option names (value: the class, count: the
# attachment's name), by default TriggerAttachment's
_TRIGGER_TARGETS = {
    "unitProperty": ("unitAttachmentName", "UnitAttachment"),
    "territoryProperty": ("territoryAttachmentName", "TerritoryAttachment"),
    "playerProperty": ("playerAttachmentName", "PlayerAttachment"),
    "relationshipTypeProperty": ("relationshipTypeAttachmentName", "RelationshipTypeAttachment"),
    "territoryEffectProperty": ("territoryEffectAttachmentName", "TerritoryEffectAttachment"),
}


def _trigger_problems(a) -> list[tuple[list[str], str]]:
    """Trigger options that set a property 1.9's attachment class has no setter for:
    TripleA 1.9 reads them, then its game dies when the trigger fires."""
    named = {o[0]: o[1] for o in a.options}
    bad = []
    for o in a.options:
        target = _TRIGGER_TARGETS.get(o[0])
        if target is None:
            continue
        att_option, cls = target
        cls = named.get(att_option, cls)
        known = TRIPLEA_19_OPTIONS.get(cls)
        if known is not None and o[1] not in known:
            bad.append((o, f"{o[0]} '{o[1]}' (a {cls} property 1.9 does not know)"))
    return bad


def fit_attachments(atts: list, n: Names) -> list[str]:
    """Changes ``atts`` (gamexml Attachments) so that TripleA 1.9's parser accepts them;
    one line per kind of change, naming where (at most three places)."""
    lost: dict[tuple[str, str, str], list[str]] = {}
    for a in atts:
        cls = a.java_class.rsplit(".", 1)[-1]
        keep = []
        for o in a.options:
            why = _setter_problem(cls, o[0], _value(o), n)
            if why:
                lost.setdefault((cls, o[0], why), []).append(a.attach_to)
            else:
                keep.append(o)
        a.options = keep
    for a in atts:
        if a.java_class.rsplit(".", 1)[-1] != "TriggerAttachment":
            continue
        for o, why in _trigger_problems(a):
            a.options = [x for x in a.options if x is not o]
            lost.setdefault(("TriggerAttachment", o[0], why), []).append(a.name)
    has_attachment = {a.attach_to for a in atts if a.type == "unitType" and a.options}
    for a in atts:
        if a.java_class.rsplit(".", 1)[-1] != "UnitAttachment":
            continue
        for opt, why in _fit_unit(a, n, has_attachment):
            lost.setdefault(("UnitAttachment", opt, why), []).append(a.attach_to)
    for a in atts:
        # 1.9 refuses a unit type without unitAttachment (checkThatAllUnitsHaveAttachments)
        # and game.dtd an attachment without option: the default movement says nothing
        if not a.options and a.java_class.rsplit(".", 1)[-1] == "UnitAttachment":
            a.options.append(["movement", "0", ""])
    out = []
    for (cls, opt, why), where in sorted(lost.items()):
        places = sorted(set(where))
        shown = ", ".join(places[:3]) + (" ..." if len(places) > 3 else "")
        out.append(f"{cls} option '{opt}' ({shown}): {why}, refused by TripleA 1.9: dropped")
    return out


def names_of(game) -> Names:
    """The names a gamexml Game declares."""
    return Names(
        units=set(game.units),
        # PlayerList.getPlayerId knows the null player, "Neutral", besides the declared
        players={p["name"] for p in game.players} | {"Neutral"},
        territories={t[0] for t in game.territories},
        resources=set(game.resources),
        effects=set(game.territory_effects),
        properties={p.attrs.get("name", ""): p.attrs.get("value", "") for p in game.properties},
    )
