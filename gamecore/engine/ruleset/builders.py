"""Building each part of a ruleset from its table: units, facilities, terrain, borders,
nations."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from gamecore.engine.ruleset.checker import (
    _FAC_BOOL_KEYS,
    _FAC_INT_KEYS,
    _UNIT_INT_KEYS,
    MAX_MOVEMENT,
    _Checker,
)
from gamecore.engine.ruleset.parts import (
    DOMAINS,
    UNIT_FLAGS,
    BorderEffect,
    DiceExpr,
    FacilityType,
    FireMode,
    NationRules,
    Support,
    Terrain,
    UnitType,
)
from gamecore.model import BORDER_FLAGS


def _build_unit(c: _Checker, uid: str, raw: dict, dice: int) -> UnitType:
    key = f"units.{uid}"
    kw: dict[str, Any] = {"id": uid}
    allowed = {f.name for f in fields(UnitType)} - {"id"} | {"flags"}
    for k, v in raw.items():
        if k not in allowed:
            c.fail(f"{key}.{k}", "unknown key")
        if k in _UNIT_INT_KEYS:
            lo, hi = _UNIT_INT_KEYS[k]
            kw[k] = c.int_(v, f"{key}.{k}", lo, hi)
        elif k in ("name", "domain"):
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k in (
            "aa_targets",
            "cannot_target",
            "hits_only",
            "towed_by",
            "hidden_from",
            "blitz_with",
            "bombing_targets",
            "target_selection_of",
        ):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "flags":
            for i, fl in enumerate(c.strs(v, f"{key}.flags")):
                if fl not in UNIT_FLAGS:
                    c.fail(
                        f"{key}.flags[{i}]", f"unknown flag '{fl}' (known: {', '.join(UNIT_FLAGS)})"
                    )
                kw[fl] = True
        elif k in UNIT_FLAGS:
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "bombing":
            try:
                kw[k] = DiceExpr.parse(c.str_(v, f"{key}.{k}"))
            except ValueError as err:
                c.fail(f"{key}.{k}", str(err))
        elif k == "support":
            items = v if isinstance(v, list) else [v]
            sup = []
            for i, s in enumerate(items):
                sk = f"{key}.support[{i}]"
                s = c.table(s, sk)
                for kk in s:
                    if kk not in ("targets", "stat", "value", "count"):
                        c.fail(f"{sk}.{kk}", "unknown key")
                if "targets" not in s:
                    c.fail(f"{sk}.targets", "missing")
                stat = c.str_(s.get("stat", "attack"), f"{sk}.stat")
                if stat not in ("attack", "defense"):
                    c.fail(f"{sk}.stat", "must be 'attack' or 'defense'")
                sup.append(
                    Support(
                        targets=c.strs(s["targets"], f"{sk}.targets"),
                        stat=stat,
                        value=c.int_(s.get("value", 1), f"{sk}.value", None),
                        count=c.int_(s.get("count", 1), f"{sk}.count", 1),
                    )
                )
            kw[k] = tuple(sup)
        elif k in ("damaged", "nation_costs"):
            t = c.table(v, f"{key}.{k}")
            for kk, vv in t.items():
                # a damaged stat keeps its stat's range (movement: at most MAX_MOVEMENT)
                hi = _UNIT_INT_KEYS.get(kk, (0, None))[1] if k == "damaged" else None
                c.int_(vv, f"{key}.{k}.{kk}", 0, hi)
            kw[k] = dict(t)
        elif k in ("attack_rolls", "defense_rolls", "damaged_rolls", "bombard_rolls"):
            kw[k] = _rolls(c, v, f"{key}.{k}", dice)
        elif k == "default_fire_mode":
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k == "fire_modes":
            modes = {}
            for mid, m in c.table(v, f"{key}.fire_modes").items():
                mk = f"{key}.fire_modes.{mid}"
                m = c.table(m, mk)
                for kk in m:
                    if kk not in ("rolls", "targets"):
                        c.fail(f"{mk}.{kk}", "unknown key (known: rolls, targets)")
                if "rolls" not in m:
                    c.fail(f"{mk}.rolls", "missing")
                targets = c.strs(m.get("targets", []), f"{mk}.targets")
                for t in targets:
                    if t not in DOMAINS:
                        c.fail(f"{mk}.targets", f"unknown domain {t!r}")
                modes[mid] = FireMode(mid, _rolls(c, m["rolls"], f"{mk}.rolls", dice), targets)
            kw[k] = modes
        elif k == "props":
            kw[k] = dict(c.table(v, f"{key}.props"))
    if kw.get("fire_modes"):
        kw.setdefault("default_fire_mode", next(iter(kw["fire_modes"])))
        if kw["default_fire_mode"] not in kw["fire_modes"]:
            c.fail(f"{key}.default_fire_mode", f"no fire mode {kw['default_fire_mode']!r}")
    elif kw.get("default_fire_mode"):
        c.fail(f"{key}.default_fire_mode", "the unit has no fire_modes")
    kw.setdefault("name", uid.replace("_", " ").capitalize())
    if "domain" not in kw:
        c.fail(f"{key}.domain", f"missing (one of {', '.join(DOMAINS)})")
    if kw["domain"] not in DOMAINS:
        c.fail(f"{key}.domain", f"must be one of {', '.join(DOMAINS)}, not '{kw['domain']}'")
    for stat in ("attack", "defense", "aa_value", "bombard", "air_battle"):
        if kw.get(stat, 0) > dice:
            c.fail(f"{key}.{stat}", f"{kw[stat]} is more than the die size {dice}")
    for k in kw.get("damaged", {}):
        if k not in _UNIT_INT_KEYS:
            c.fail(f"{key}.damaged.{k}", "unknown stat")
    u = UnitType(**kw)
    if u.carrier_cost and u.domain != "air":
        c.fail(f"{key}.carrier_cost", "only air units land on carriers")
    if u.transport_cost and u.domain != "land":
        c.fail(f"{key}.transport_cost", "only land units ride transports")
    return u


def _rolls(c: _Checker, v: Any, key: str, dice: int) -> tuple[int, ...]:
    """A list of die values, one per roll, each 1..dice."""
    if not isinstance(v, list) or not v:
        c.fail(key, "must be a non-empty list of die values")
    return tuple(c.int_(x, f"{key}[{i}]", 1, dice) for i, x in enumerate(v))


def _build_facility(c: _Checker, fid: str, raw: dict) -> FacilityType:
    key = f"facilities.{fid}"
    kw: dict[str, Any] = {"id": fid}
    allowed = {f.name for f in fields(FacilityType)} - {"id"}
    for k, v in raw.items():
        if k not in allowed:
            c.fail(f"{key}.{k}", "unknown key")
        if k in _FAC_INT_KEYS:
            hi = MAX_MOVEMENT if k.endswith("_move_bonus") else None
            kw[k] = c.int_(v, f"{key}.{k}", 0, hi)
        elif k in _FAC_BOOL_KEYS:
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k in ("name", "captured_becomes", "upgrade_from", "border_effect"):
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k in ("places", "aliases"):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "nation_costs":
            t = c.table(v, f"{key}.{k}")
            for kk, vv in t.items():
                c.int_(vv, f"{key}.{k}.{kk}")
            kw[k] = dict(t)
        elif k == "props":
            kw[k] = dict(c.table(v, f"{key}.props"))
    kw.setdefault("name", fid.replace("_", " ").capitalize())
    for d in kw.get("places", ()):
        if d not in DOMAINS:
            c.fail(f"{key}.places", f"unknown domain '{d}'")
    return FacilityType(**kw)


def _modifier_table(c: _Checker, v: Any, key: str, units: dict) -> dict[str, int]:
    """``{ land = -1, marine = 0 }``: a modifier by the fighting unit's domain; a unit type
    id overrides its domain's entry for that type (Global War: Marines ignore rivers)."""
    t = c.table(v, key)
    for name, val in t.items():
        if name not in DOMAINS and name not in units:
            c.fail(f"{key}.{name}", f"unknown domain or unit type (domains: {', '.join(DOMAINS)})")
        c.int_(val, f"{key}.{name}", None)
    return dict(t)


def _build_terrain(c: _Checker, tid: str, raw: dict, units: dict | None = None) -> Terrain:
    key = f"terrain.{tid}"
    kw: dict[str, Any] = {"id": tid}
    for k, v in raw.items():
        if k in ("attack", "defense", "defense_target_selection"):
            kw[k] = _modifier_table(c, v, f"{key}.{k}", units or {})
        elif k in ("target_selection_of", "breakdown_of"):
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "target_selection_of_types":
            tab = c.table(v, f"{key}.{k}")
            for name in tab:
                if name not in DOMAINS and name not in (units or {}):
                    c.fail(f"{key}.{k}.{name}", "unknown domain or unit type")
            kw[k] = {name: tuple(c.strs(x, f"{key}.{k}.{name}")) for name, x in tab.items()}
        elif k == "breakdown":
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "move_cost":
            kw[k] = c.int_(v, f"{key}.{k}", 1)
        elif k in ("impassable", "no_blitz", "no_blitz_out", "slow"):
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "name":
            kw[k] = c.str_(v, f"{key}.{k}")
        elif k == "slow_exempt":
            kw[k] = c.strs(v, f"{key}.{k}")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return Terrain(**kw)


def _build_border(c: _Checker, bid: str, raw: dict, units: dict | None = None) -> BorderEffect:

    key = f"borders.{bid}"
    # besides the typed attributes, an effect may be keyed by a boolean border prop
    # (``prop = true``; Global War: ``maginot``)
    if bid not in BORDER_FLAGS and raw.get("prop") is not True:
        c.fail(
            key,
            f"unknown border attribute (one of {', '.join(BORDER_FLAGS)}; "
            "a border prop needs prop = true)",
        )
    kw: dict[str, Any] = {"id": bid}
    for k, v in raw.items():
        if k in ("attack", "defense"):
            kw[k] = _modifier_table(c, v, f"{key}.{k}", units or {})
        elif k in ("rounds", "first_strike_rolls", "first_strike_value"):
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "prop":
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k in ("first_strike_targets", "double_casualties"):
            kw[k] = c.strs(v, f"{key}.{k}")
            for d in kw[k]:
                if d not in DOMAINS:
                    c.fail(f"{key}.{k}", f"unknown domain '{d}'")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return BorderEffect(**kw)


def _build_nation(c: _Checker, nid: str, raw: dict) -> NationRules:
    key = f"nations.{nid}"
    kw: dict[str, Any] = {"id": nid}
    for k, v in raw.items():
        if k == "can_buy":
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k in (
            "uses_factories",
            "convoy_immune",
            "keeps_bank_on_capital_loss",
            "transportable",
            "collects_income",
        ):
            kw[k] = c.bool_(v, f"{key}.{k}")
        elif k == "place_limit_per_zone":
            kw[k] = c.int_(v, f"{key}.{k}")
        elif k == "phases":
            kw[k] = c.strs(v, f"{key}.{k}")
        elif k == "free_units":
            kw[k] = {
                str(t): c.int_(x, f"{key}.{k}.{t}", 1, 1_000_000)
                for t, x in c.table(v, f"{key}.{k}").items()
            }
        elif k == "capital_bank_to":
            kw[k] = c.str_(v, f"{key}.{k}")
            if kw[k] not in ("conqueror", "bank"):
                c.fail(f"{key}.{k}", f"must be 'conqueror' or 'bank', not {kw[k]!r}")
        else:
            c.fail(f"{key}.{k}", "unknown key")
    return NationRules(**kw)
