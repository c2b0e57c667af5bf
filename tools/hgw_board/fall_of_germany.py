"""The Fall of Germany scenario on the bundled HGW board (seeds/001 THE FALL OF GERMANY
SCENARIO, SET-UP AND SPECIAL RULES; rules-notes/001 §2.2, §2.8).

Everything it knows is data in ``data/fall_of_germany.json``; the free set-up of the
rulebook ("place in any Axis armies in Axis friendly hexes") is an AUTHORED concrete
set-up, and so are the boxes' production (the printed map is lost). The map's
production points were placed for Barbarossa's start figures (34/16); the Fall of Germany
start figures (Axis 30, Soviet 23, Allied 35) are met by a constant income modifier per
side, computed here and recorded in ``Scenario.props["authored"]``."""

from __future__ import annotations

from pathlib import Path

from gamecore.model import Alliance, Ownership, Pack, Scenario, UnitStack, Zone
from tools.sample_world.build import _load_tables

DATA = Path(__file__).resolve().with_name("data")
_T = _load_tables(DATA / "fall_of_germany.json")
SCENARIO_ID = "fall_of_germany"
RULESET = "hgw"
SIBERIA = "SIB"
#: Siberia's production in this scenario (authored, data SIBERIA)
SIBERIA_1944 = int(_T["SIBERIA"])


class FallOfGermanyError(ValueError):
    pass


def _fail(message: str) -> None:
    raise FallOfGermanyError(f"Fall of Germany: {message}")


def box_production(m) -> None:
    """The authored production of the boxes the Allies hold in Fall of Germany."""
    by_code = {z.code: z for z in m.zones.values()}
    for code, value in sorted(_T["BOX_PRODUCTION"].items()):
        z = by_code.get(code)
        if z is None or z.kind != "offmap":
            _fail(f"box {code} is not on the map")
        z.value = int(value)
        z.props["authored"] = sorted({*z.props.get("authored", []), "value"})


def owner_of(z: Zone) -> str | None:
    if z.kind not in ("land", "offmap"):
        return None
    if z.code in _T["AXIS_HEXES"]:
        return "AXIS"
    if z.code in _T["ALLIED_HEXES"]:
        return "ALL"
    if z.region in _T["NEUTRAL"]:
        return None
    if z.region in _T["AXIS_FRIENDLY"]:
        return "AXIS"
    if z.region == "USSR":
        return "SOV"  # "all hexes of the Soviet Union not friendly to the Axis"
    if z.region in _T["ALLIED_FRIENDLY"]:
        return "ALL"
    return None


def start_production(pack: Pack, sc: Scenario) -> dict[str, int]:
    """Undevastated PP each side holds at the start (Siberia: its 1944 production)."""
    dev = sc.props["hgw_devastated"]
    out: dict[str, int] = {}
    for zid, o in sc.ownership.items():
        z = pack.map.zones[zid]
        if o.owner is None:
            continue
        value = SIBERIA_1944 if z.code == SIBERIA else z.value
        out[o.owner] = out.get(o.owner, 0) + value - int(dev.get(z.code, {}).get("points", 0))
    return out


def fall_of_germany(pack: Pack, two_player: bool = False) -> Scenario:
    m = pack.map
    by_code = {z.code: z for z in m.zones.values()}
    sid = SCENARIO_ID + ("_2p" if two_player else "")
    title = "The Fall of Germany (Spring 1944 - Winter 1945)"
    sc = Scenario(sid, title + (", two players" if two_player else ""), ruleset=RULESET)
    sc.start = "1944-01"  # Spring 1944 on the "3-seasons" calendar
    sc.calendar = "3-seasons"
    sc.rounds = 6  # Spring 1944 .. Winter 1945
    sc.turn_order = [["AXIS"], ["SOV"], ["ALL"]]  # FIRST TURN - FINAL TURN
    sc.set_relation("AXIS", "SOV", "war")
    sc.set_relation("ALL", "AXIS", "war")
    if two_player:
        sc.alliances = {
            "axis": Alliance("axis", "Axis", members=["AXIS"]),
            "allies": Alliance("allies", "Allies and Soviets", members=["SOV", "ALL"]),
        }
    else:
        sc.set_relation("ALL", "SOV", "neutral")  # ALLIED-SOVIET CO-OPERATION
    for z in sorted(m.zones.values(), key=lambda z: z.id):
        if z.kind in ("land", "offmap"):
            o = owner_of(z)
            sc.ownership[z.id] = Ownership(o, o)
    armies = []
    count: dict[str, list[int]] = {}
    per_hex: dict[str, int] = {}
    for nation, name, code, inf, mech, amph in _T["ARMIES"]:
        z = by_code.get(code)
        if z is None or sc.owner_of(z.id) != nation:
            _fail(f"{name} at {code}: not a hex its side holds")
        for typ, n in (("inf", inf), ("mech", mech), ("amph", amph)):
            if n:
                sc.units.append(UnitStack(z.id, nation, typ, int(n)))
        armies.append({"name": name, "nation": nation, "zone_code": code, "authored": True})
        c = count.setdefault(nation, [0, 0, 0, 0])
        c[0] += 1
        c[1] += inf
        c[2] += mech
        c[3] += amph
        per_hex[code] = per_hex.get(code, 0) + inf + mech + amph
    for nation, code, n in _T["FORTS"]:
        z = by_code.get(code)
        if z is None or sc.owner_of(z.id) != nation:
            _fail(f"fort at {code}: not a hex {nation} holds")
        sc.units.append(UnitStack(z.id, nation, "fort", int(n)))
        per_hex[code] = per_hex.get(code, 0) + n
    want = {"AXIS": (29, 14, 0), "SOV": (40, 16, 0), "ALL": (28, 12, 12)}
    for nation, (inf, mech, amph) in want.items():
        c = count.get(nation, [0, 0, 0, 0])
        if tuple(c[1:]) != (inf, mech, amph) or c[0] > 12:
            _fail(f"{nation} sets up {c[1:]} SPs in {c[0]} armies, the rulebook {inf, mech, amph}")
    for code, n in per_hex.items():
        if n > 10 and by_code[code].kind != "offmap":
            _fail(f"{n} SPs in {code}: more than 10")
    sc.props["hgw_armies"] = armies
    devastated = {}
    for code, points in (*_T["DEVASTATED"], *_T["DEVASTATED_AUTHORED"]):
        z = by_code.get(code)
        if z is None:
            _fail(f"devastated hex {code} is not on the map")
        pts = min(z.value, int(points)) if points is not None else z.value
        if pts:
            devastated[code] = {"points": pts, "permanent": z.region == "France"}
    sc.props["hgw_devastated"] = dict(sorted(devastated.items()))
    printed = dict(_T["START_PRODUCTION"])
    got = start_production(pack, sc)
    if got != printed:
        _fail(f"start production {got}, the rulebook says {printed}")
    sc.options = {
        "hgw_victory": "fall_of_germany",
        "hgw_unsupplied_capture": "closest_pp",
        "hgw_income_modifier": {},  # "the seventeen points reduction no longer applies"
        "hgw_siberia_income": [[sc.start, SIBERIA_1944]],
        "hgw_siberia_moves_from": sc.start,
        "hgw_sp_types": ["inf", "mech", "amph", "fort"],
        "hgw_home": {k: list(v) for k, v in _T["HOME"].items()},
        "hgw_sea_capacity": {k: dict(v) for k, v in _T["SEA_CAPACITY"].items()},
        "hgw_sea_supply": {k: list(v) for k, v in _T["SEA_SUPPLY"].items()},
        "hgw_fleets": {k: dict(v) for k, v in _T["FLEETS"].items()},
        # Lend-Lease 1-2 (the Axis entered Soviet hexes long before 1944): up to 4 PP a
        # turn, 2 through each depot the Soviets still hold
        "hgw_lend_lease": {
            "from": "ALL",
            "to": "SOV",
            "max": 4,
            "depots": {"0646": 2, "1548": 2},
        },
        # ATLANTIC OCEAN: at most 3 SPs a turn to or from the U.S. or Canada
        "hgw_sea_box_limit": {"ALL": {"1909 1614": 3}},
        # 1944-45 are the fourth and fifth Russian winters: "+1 every later one"
        "hgw_winter": [1],
    }
    if two_player:
        sc.options["hgw_separate"] = [["SOV", "ALL"]]
    sc.props["hgw_start_production"] = printed
    sc.props["authored"] = (
        "The set-up (the rulebook places the SPs freely: hgw_armies are marked authored); "
        "1536 Axis (the printed Italy split omits it); the British-allied and Free French "
        "countries; the boxes' production (US 12, Canada 6, British Africa 4, French Africa "
        "3); the map's points were placed for Barbarossa, so to make the printed start "
        "production 30/23/35: 4 more devastated Axis points (Kiev 1342, Ploesti 1641, Warsaw "
        "1339) and Siberia 10; hexes 1443, 1542, 1635 are on the devastation list but hold "
        "no PP on this map; the USSR hexes west of the printed Axis line (1141, 1241, 1341, "
        "1440, 1441, 1442) Axis; the fleets' bases; the Russian winter +1; the seas' "
        "passages and their controlling hexes are the board's (docs/hgw_board.md)"
    )
    sc.props["sources"] = (
        "seeds/001 THE FALL OF GERMANY SET-UP AND SPECIAL RULES; rules-notes/001 §2.2, §2.8"
    )
    if two_player:
        sc.props["sources"] += "; SPECIAL RULES FOR THE FALL OF GERMANY 1 (two players)"
    pack.scenarios[sc.id] = sc
    return sc
