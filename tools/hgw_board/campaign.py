"""Campaign Game I, The War for Europe (seeds/001 CAMPAIGN GAME I - THE WAR FOR EUROPE,
CAMPAIGN GAME I SET-UP AND SPECIAL RULES): the bundled pack ``hgw-campaign.warroom``, built
by ``python -m tools.hgw_board.campaign OUT.warroom``: the Barbarossa board's grid (the
same fit, so the same hex ids) carried east to hex column 57, "the European theatre
[...] through hex column xx57", the Siberia box beyond it, with the campaign's two
scenarios.

Everything it knows is data in ``data/campaign.json``; each table's ``doc`` cites its
rule and says what is AUTHORED (the printed map is lost: capitals' hexes, the Polish hexes
that were German in 1939, the fleets' bases, the boxes' 1939 mobilisation). The rules
themselves are typed options of the rule system (gamecore.hgw.politics, gamecore.hgw.limits),
set here from the data. The builder checks the printed set-up and start production
(Axis 16, Soviet 8, Allied 23) and fails otherwise."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gamecore.engine import new_game
from gamecore.hgw.production import income
from gamecore.model import Alliance, Ownership, Pack, RulesetDoc, Scenario, UnitStack, Zone
from tools.hgw_board import build as board
from tools.hgw_board.build import build_board
from tools.hgw_board.fall_of_germany import box_production
from tools.sample_world.build import run_build

DATA = Path(__file__).resolve().with_name("data")
SCENARIO_ID = "campaign_1"
RULESET = "hgw"
CAMPAIGN_2 = "campaign_2"
CAMPAIGN_2_RULESET = "hgw_campaign_2"
CAMPAIGN_2_TITLE = "Campaign Game II: The War for Europe (Winter 1939 - Summer 1945)"
#: the European theatre's last hex column (CAMPAIGN GAME I: "through hex column xx57")
LAST_COL = 57


def _tables() -> dict:
    raw = json.loads((DATA / "campaign.json").read_text(encoding="utf-8"))
    return {k: v["value"] for k, v in raw.items()}


_T = _tables()


class CampaignError(ValueError):
    pass


def _fail(message: str) -> None:
    raise CampaignError(f"Campaign Game I: {message}")


def owner_of(z: Zone) -> str | None:
    if z.kind not in ("land", "offmap"):
        return None
    if z.code in _T["AXIS_HEXES"]:
        return "AXIS"
    if z.region in _T["AXIS_FRIENDLY"]:
        return "AXIS"
    if z.region in _T["SOVIET_FRIENDLY"]:
        return "SOV"
    if z.region in _T["ALLIED_FRIENDLY"]:
        return "ALL"
    return None  # unaligned (or impassable)


def options(two_player: bool) -> dict:
    """The scenario's options: Campaign Game I's rules, as data."""
    o = {
        "hgw_victory": "campaign_2p" if two_player else "campaign",
        "hgw_unsupplied_capture": "reach",
        "hgw_income_modifier": {},
        "hgw_siberia_income": _T["SIBERIA"],
        "hgw_siberia_moves_from": "1941-09",  # ACTIVITY LIMITATIONS 10
        "hgw_sp_types": ["inf", "mech", "amph", "fort"],
        "hgw_home": _T["HOME"],
        "hgw_sea_capacity": _T["SEA_CAPACITY"],
        "hgw_sea_supply": _T["SEA_SUPPLY"],
        "hgw_fleets": _T["FLEETS"],
        "hgw_sea_box_limit": {"ALL": {"1909 1614": 3}},
        # Lend-Lease 1: once an Axis army enters a Soviet hex (read: the two at war)
        "hgw_lend_lease": {
            "from": "ALL",
            "to": "SOV",
            "max": 4,
            "depots": {"0646": 2, "1548": 2},
            "at_war": True,
        },
        "hgw_winter_count": "occupied",
        "hgw_unaligned": _T["UNALIGNED"],
        "hgw_country_groups": _T["GROUPS"],
        "hgw_alignment": _T["ALIGNMENT"],
        "hgw_never_align": _T["NEVER_ALIGN"],
        "hgw_swap": _T["SWAP"],
        "hgw_capitals": _T["CAPITALS"],
        "hgw_surrender": _T["SURRENDER"],
        "hgw_entry": _T["ENTRY"],
        "hgw_join_grant": _T["JOIN_GRANT"],
        "hgw_declare": [["AXIS", "SOV"]],
        "hgw_sea_changes": _T["SEA_CHANGES"],
        "hgw_mobilization": _T["MOBILIZATION"],
        "hgw_growth": _T["GROWTH"],
        "hgw_cut_off": _T["CUT_OFF"],
        "hgw_fort_from": _T["FORT_FROM"],
    }
    if two_player:
        o["hgw_separate"] = [["SOV", "ALL"]]
    return o


def campaign(pack: Pack, two_player: bool = False, game: int = 1) -> Scenario:
    """Campaign Game ``game`` (1 or 2: Campaign Game II's set-up is Campaign Game I's,
    with its own ruleset, CAMPAIGN GAME II SET-UP: "Start and finish, player-turn
    sequence, and victory conditions are identical")."""
    m = pack.map
    by_code = {z.code: z for z in m.zones.values()}
    sid = SCENARIO_ID + ("_2p" if two_player else "")
    title = "Campaign Game I: The War for Europe (Winter 1939 - Summer 1945)"
    if two_player:
        title = "Campaign Game I: The War for Europe (Winter 1939 - Spring 1945), two players"
    ruleset = RULESET
    if game == 2:
        sid, title, ruleset = CAMPAIGN_2, CAMPAIGN_2_TITLE, CAMPAIGN_2_RULESET
        pack.rulesets[ruleset] = RulesetDoc(
            ruleset, (DATA / "campaign2.toml").read_text(encoding="utf-8")
        )
    sc = Scenario(sid, title, ruleset=ruleset)
    sc.start = "1939-09"  # Winter 1939 on the "3-seasons" calendar
    sc.calendar = "3-seasons"
    sc.rounds = 17 if two_player else 18  # FIRST TURN - LAST TURN
    sc.turn_order = [["AXIS"], ["SOV"], ["ALL"]]
    sc.set_relation("ALL", "AXIS", "war")  # Initial Belligerents
    sc.set_relation("AXIS", "SOV", "neutral")  # a neutral major power in 1939
    if two_player:
        sc.alliances = {
            "axis": Alliance("axis", "Axis", members=["AXIS"]),
            "allies": Alliance("allies", "Allies and Soviets", members=["SOV", "ALL"]),
        }
    else:
        sc.set_relation("ALL", "SOV", "neutral")  # ALLIED-SOVIET CO-OPERATION
    for region in {*_T["UNALIGNED"], *_T["ALLIED_FRIENDLY"], *_T["AXIS_FRIENDLY"]}:
        if not any(z.region == region for z in m.zones.values()):
            _fail(f"no country {region!r} on the board")
    for z in sorted(m.zones.values(), key=lambda z: z.id):
        if z.kind in ("land", "offmap"):
            o = owner_of(z)
            sc.ownership[z.id] = Ownership(o, o)
    armies = []
    per_side: dict[str, list[int]] = {}
    for nation, name, code, inf, mech, amph in _T["ARMIES"]:
        z = by_code.get(code)
        if z is None:
            _fail(f"{name} at {code}: not on the board")
        if sc.owner_of(z.id) not in (nation, None):
            _fail(f"{name} at {code}: a hex another side holds")
        for typ, n in (("inf", inf), ("mech", mech), ("amph", amph)):
            if n:
                sc.units.append(UnitStack(z.id, nation, typ, int(n)))
        armies.append({"name": name, "nation": nation, "zone_code": code})
        c = per_side.setdefault(nation, [0, 0, 0])
        c[0], c[1], c[2] = c[0] + inf, c[1] + mech, c[2] + amph
    want = {"AXIS": [15, 11, 0], "SOV": [15, 9, 0], "ALL": [15, 7, 2]}
    if per_side != want:
        _fail(f"the set-up has {per_side} SPs, the rulebook {want}")
    for nation, code, n in _T["FORTS"]:
        z = by_code.get(code)
        if z is None or sc.owner_of(z.id) != nation:
            _fail(f"fort at {code}: not a hex {nation} holds")
        sc.units.append(UnitStack(z.id, nation, "fort", int(n)))
    sc.props["hgw_armies"] = armies
    devastated = {}
    for code, points in _T["DEVASTATED_AUTHORED"]:
        z = by_code.get(code)
        if z is None:
            _fail(f"devastated hex {code} is not on the board")
        devastated[code] = {"points": min(z.value, int(points)), "permanent": False}
    sc.props["hgw_devastated"] = devastated
    sc.options = options(two_player)
    printed = dict(_T["START_PRODUCTION"])
    sc.props["hgw_start_production"] = printed
    sc.props["authored"] = (
        "Polish hexes 1238-1240 Axis (German in 1939; the set-up's armies stand there); "
        "the capitals' hexes; Egypt and Transjordan Allied, Iraq and the Low Countries "
        "unaligned; the fleets (8 Allied, 2 Axis points) and their bases; Canada 4 and "
        "British Africa 3 points not yet mobilised (devastated, repairable) for the printed "
        "Allied 23; the victory tie-break (the higher ratio); see data/campaign.json"
    )
    sc.props["sources"] = (
        "seeds/001 CAMPAIGN GAME I - THE WAR FOR EUROPE; CAMPAIGN GAME I SET-UP AND SPECIAL "
        "RULES" + ("; VICTORY CONDITIONS, Two Players" if two_player else "")
    )
    if game == 2:
        sc.props["sources"] += "; CAMPAIGN GAME II; CAMPAIGN GAME II SET-UP AND SPECIAL RULES"
        sc.props["authored"] += (
            "; Campaign Game II: the set-up's tac air SPs and the Axis U-boats (2) are not "
            "placed (tac air and U-boats are not done), the fleets are Campaign Game I's"
        )
    pack.scenarios[sc.id] = sc
    s = new_game(pack, sc.id, log="none")
    got = {n: income(s, n) for n in printed}
    if got != printed:
        _fail(f"start production {got}, the rulebook says {printed}")
    return sc


def build_campaign(geo_dir=None, progress=None) -> Pack:
    """The campaign pack: the board to column 57 with the boxes' production and the
    campaign scenarios (the Barbarossa and Fall of Germany scenarios stay in their own
    pack, whose map this does not change)."""
    pack = build_board(geo_dir, progress, last_col=LAST_COL)
    for sid in list(pack.scenarios):
        del pack.scenarios[sid]
    box_production(pack.map)
    campaign(pack)
    campaign(pack, two_player=True)
    campaign(pack, game=2)
    pack.map.name = "Hitler's Global War: the European theatre (to hex column 57)"
    pack.meta = {
        **pack.meta,
        "title": "Hitler's Global War: Campaign Game I, The War for Europe",
        "description": (
            "Hitler's Global War v1.4b, Campaign Game I (1939-45, three players, and its "
            "two-player variant) on the HGW hex grid fitted to Natural Earth 1:110m "
            "geography, from the Atlantic to hex column 57, with the off-map boxes. "
            "Authored where the rulebook's lost map is silent (docs/hgw_campaign.md)."
        ),
        "built_by": "python -m tools.hgw_board.campaign",
    }
    return pack


def main(argv: list[str] | None = None) -> int:
    return run_build(
        argv,
        "python -m tools.hgw_board.campaign",
        'Build the bundled pack "Hitler\'s Global War: Campaign Game I".',
        build_campaign,
        board._summary,
    )


if __name__ == "__main__":
    sys.exit(main())
