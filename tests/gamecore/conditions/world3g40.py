"""A hand-built miniature of the 3G40 board (seeds/004): just the territories its
national objectives and victory tokens name, with original owners, values and regions."""

from gamecore.conditions import ScenarioWorld
from gamecore.model import Alliance, Nation, Ownership, Pack, Scenario, Zone

NATIONS = {
    "GER": "major",
    "UKP": "major",
    "JPN": "major",
    "UKE": "major",
    "ITA": "major",
    "CHN": "major",
    "SOV": "major",
    "USA": "major",
    "FRA": "major",
    "DUT": "minor",
    "PRO_AXIS": "neutral",
    "PRO_ALLIES": "neutral",
    "STRICT": "neutral",
}
ALIGNMENT = {"PRO_AXIS": "pro_axis", "PRO_ALLIES": "pro_allies", "STRICT": "strict"}

# name: (original owner, current owner, value, region tags, flags)
LAND = {
    "Germany": ("GER", "GER", 5, "europe_continent,europe_side", ["capital", "victory_city"]),
    "Western Germany": ("GER", "GER", 5, "europe_continent,europe_side", []),
    "Poland": ("GER", "GER", 2, "europe_continent,europe_side", ["victory_city"]),
    "Denmark": ("GER", "GER", 2, "europe_continent,europe_side", []),
    "Norway": ("GER", "GER", 3, "europe_continent,europe_side", []),
    "Russia": ("SOV", "SOV", 3, "europe_continent,europe_side", ["capital", "victory_city"]),
    "Novgorod": ("SOV", "SOV", 2, "europe_continent,europe_side", ["victory_city"]),
    "Volgograd": ("SOV", "SOV", 2, "europe_continent,europe_side", ["victory_city"]),
    "Caucasus": ("SOV", "SOV", 2, "europe_continent,europe_side", []),
    "Archangel": ("SOV", "SOV", 1, "europe_continent,europe_side", []),
    "Finland": ("PRO_AXIS", None, 2, "europe_continent,europe_side", []),
    "Iraq": ("PRO_AXIS", None, 2, "europe_side", []),
    "Persia": ("PRO_ALLIES", None, 2, "europe_side", []),
    "Northwest Persia": ("PRO_ALLIES", None, 0, "europe_side", []),
    "Greece": ("PRO_ALLIES", None, 2, "europe_continent,europe_side", []),
    "Sweden": ("STRICT", None, 3, "europe_continent,europe_side", []),
    "United Kingdom": ("UKE", "UKE", 6, "europe_side", ["capital", "victory_city"]),
    "Ontario": ("UKE", "UKE", 2, "north_america,europe_side", ["victory_city"]),
    "Gibraltar": ("UKE", "UKE", 0, "europe_continent,europe_side", []),
    "Egypt": ("UKE", "UKE", 2, "africa,europe_side", ["victory_city"]),
    "Alexandria": ("UKE", "UKE", 0, "africa,europe_side", []),
    "Union of South Africa": ("UKE", "UKE", 2, "africa,europe_side", []),
    "Northern Italy": ("ITA", "ITA", 4, "europe_continent,europe_side", []),
    "Southern Italy": (
        "ITA",
        "ITA",
        3,
        "europe_continent,europe_side",
        ["capital", "victory_city"],
    ),
    "Libya": ("ITA", "ITA", 1, "africa,europe_side", []),
    "Tobruk": ("ITA", "ITA", 0, "africa,europe_side", []),
    "France": ("FRA", "FRA", 4, "europe_continent,europe_side", ["capital", "victory_city"]),
    "Southern France": ("FRA", "FRA", 3, "europe_continent,europe_side", []),
    "Morocco": ("FRA", "FRA", 1, "africa,europe_side", []),
    "Algeria": ("FRA", "FRA", 1, "africa,europe_side", []),
    "Tunisia": ("FRA", "FRA", 1, "africa,europe_side", []),
    "French Indo-China": ("FRA", "FRA", 2, "pacific_side", []),
    "India": ("UKP", "UKP", 3, "pacific_side", ["capital", "victory_city"]),
    "Malaya": ("UKP", "UKP", 3, "pacific_side", []),
    "Kwangtung": ("UKP", "UKP", 3, "pacific_side", ["victory_city"]),
    "Burma": ("UKP", "UKP", 1, "pacific_side", []),
    "New South Wales": ("UKP", "UKP", 2, "pacific_side", ["victory_city"]),
    "Borneo": ("UKP", "UKP", 4, "pacific_side,pacific_islands", ["island"]),
    "Gilbert Islands": ("UKP", "UKP", 0, "pacific_side,pacific_islands", ["island"]),
    "Solomon Islands": ("UKP", "UKP", 0, "pacific_side,pacific_islands", ["island"]),
    "Japan": ("JPN", "JPN", 8, "pacific_side", ["capital", "victory_city"]),
    "Iwo Jima": ("JPN", "JPN", 1, "pacific_side,pacific_islands", ["island"]),
    "Kiangsu": ("CHN", "JPN", 3, "pacific_side", ["victory_city"]),
    "Yunnan": ("CHN", "CHN", 1, "pacific_side", []),
    "Szechwan": ("CHN", "CHN", 1, "pacific_side", []),
    "Eastern United States": (
        "USA",
        "USA",
        20,
        "north_america,europe_side",
        ["capital", "victory_city"],
    ),
    "Central United States": ("USA", "USA", 12, "north_america", []),
    "Western United States": ("USA", "USA", 10, "north_america,pacific_side", ["victory_city"]),
    "Alaska": ("USA", "USA", 2, "north_america,pacific_side", []),
    "Mexico": ("USA", "USA", 2, "north_america", []),
    "Southeast Mexico": ("USA", "USA", 1, "north_america", []),
    "Central America": ("USA", "USA", 1, "north_america", []),
    "West Indies": ("USA", "USA", 1, "north_america", []),
    "Philippines": ("USA", "USA", 2, "pacific_side", ["victory_city"]),
    "Aleutian Islands": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Hawaiian Islands": (
        "USA",
        "USA",
        1,
        "pacific_side,pacific_islands",
        ["island", "victory_city"],
    ),
    "Johnston Island": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Line Islands": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Guam": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Midway": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Wake Island": ("USA", "USA", 0, "pacific_side,pacific_islands", ["island"]),
    "Sumatra": ("DUT", "DUT", 4, "pacific_side", ["island"]),
    "Java": ("DUT", "DUT", 4, "pacific_side", ["island"]),
    "Celebes": ("DUT", "DUT", 3, "pacific_side", ["island"]),
}
SEA = [str(n) for n in range(92, 100)] + ["125", "6"]


def build_pack() -> Pack:
    pack = Pack()
    zid = 0
    for name, (_orig, _owner, value, region, flags) in LAND.items():
        zid += 1
        pack.map.zones[zid] = Zone(
            zid, f"L{zid:03d}", name, "land", value=value, region=region, flags=sorted(flags)
        )
    for code in SEA:
        zid += 1
        region = "mediterranean" if 92 <= int(code) <= 99 else "ocean"
        pack.map.zones[zid] = Zone(zid, code, f"Sea Zone {code}", "sea", region=region)
    for code, kind in NATIONS.items():
        pack.nations[code] = Nation(
            code,
            code,
            kind=kind,
            playable=kind != "neutral",
            props={"alignment": ALIGNMENT[code]} if code in ALIGNMENT else {},
        )
    for name, (_o, _c, _v, _r, flags) in LAND.items():
        if "capital" in flags:
            z = pack.map.zone_by_name(name)
            pack.nations[LAND[name][0]].capital = z.id
    pack.map.props["regions"] = {"burma_road": ["India", "Burma", "Yunnan", "Szechwan"]}
    sc = Scenario("1940", "Global 1940", ruleset="g40", options={"axis_economy_ipc": 140})
    sc.alliances = {
        "axis": Alliance("axis", "Axis", ["GER", "ITA", "JPN"]),
        "allies": Alliance("allies", "Allies", ["UKP", "UKE", "CHN", "SOV", "USA", "FRA", "DUT"]),
    }
    for z in pack.map.zones.values():
        if z.kind == "land":
            orig, owner = LAND[z.name][0], LAND[z.name][1]
            sc.ownership[z.id] = Ownership(owner, orig)
    # seeds/004 "THE POLITICAL SITUATION": Germany and Italy at war with France, UKE, UKP;
    # Japan at war with China; everyone else at peace.
    for a in ("GER", "ITA"):
        for b in ("FRA", "UKE", "UKP", "DUT"):
            sc.set_relation(a, b, "war")
    sc.set_relation("JPN", "CHN", "war")
    pack.scenarios[sc.id] = sc
    return pack


def world() -> ScenarioWorld:
    return ScenarioWorld(build_pack(), "1940")


def zid(w: ScenarioWorld, name: str) -> int:
    z = w.pack.map.find_zone(name)
    assert z is not None, name
    return z.id
