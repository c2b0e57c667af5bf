"""TripleA 1.9's attachment defaults, read from its classes (``javap -c -p`` on
triplea.jar: the constructor of ``games.strategy.triplea.attachments.UnitAttachment``
sets each field). One source for both directions: the importer reads an option a game
leaves out as this default (:mod:`.rulesmap`), and the exporter's 1.9 checks
(:mod:`.triplea19`) reset a refused field to it.
"""

from __future__ import annotations

__all__ = ["UNIT_DEFAULTS", "unit_default"]

#: UnitAttachment's constructor: every field's 1.9 default (fields not listed are
#: collections or strings whose default neither side needs)
UNIT_DEFAULTS: dict[str, bool | int | str | None] = {
    "isAir": False, "isSea": False, "movement": 0, "canBlitz": False, "isKamikaze": False,
    "canNotMoveDuringCombatMove": False, "attack": 0, "defense": 0,
    "isInfrastructure": False, "canBombard": False, "bombard": -1, "isSub": False,
    "isDestroyer": False, "artillery": False, "artillerySupportable": False,
    "unitSupportCount": -1, "isMarine": 0, "isSuicide": False, "attackRolls": 1,
    "defenseRolls": 1, "chooseBestRoll": False, "isCombatTransport": False,
    "transportCapacity": -1, "transportCost": -1, "carrierCapacity": -1,
    "carrierCost": -1, "isAirTransport": False, "isAirTransportable": False,
    "isInfantry": False, "isLandTransport": False, "isAAforCombatOnly": False,
    "isAAforBombingThisUnitOnly": False, "isAAforFlyOverOnly": False, "isRocket": False,
    "attackAA": 1, "offensiveAttackAA": 0, "attackAAmaxDieSides": -1,
    "offensiveAttackAAmaxDieSides": -1, "maxAAattacks": -1, "maxRoundsAA": 1,
    "mayOverStackAA": False, "damageableAA": False, "isStrategicBomber": False,
    "bombingMaxDieSides": -1, "bombingBonus": -1, "canIntercept": False,
    "canEscort": False, "canAirBattle": False, "airDefense": 0, "airAttack": 0,
    "canProduceUnits": False, "canProduceXUnits": -1, "hitPoints": 1,
    "canBeDamaged": False, "maxDamage": 2, "maxOperationalDamage": -1,
    "canDieFromReachingMaxDamage": False, "isConstruction": False,
    "constructionType": "none", "constructionsPerTerrPerTypePerTurn": -1,
    "maxConstructionsPerTypePerTerr": -1, "canOnlyBePlacedInTerritoryValuedAtX": -1,
    "maxBuiltPerPlayer": -1, "canScramble": False, "isAirBase": False,
    "maxScrambleDistance": -1, "maxScrambleCount": -1, "blockade": 0, "tuv": -1,
}  # fmt: skip


def unit_default(name: str) -> int | bool | str | None:
    """1.9's default of unitAttachment option ``name`` (KeyError: not a field listed)."""
    return UNIT_DEFAULTS[name]
