"""Packs for the store tests: one that uses every table and field, and hypothesis
strategies for random packs."""

from __future__ import annotations

from hypothesis import strategies as st
from shapely.geometry import MultiPolygon, Polygon, box

from gamecore import limits
from gamecore.model import (
    Alliance,
    BackgroundImage,
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Objective,
    Ownership,
    Pack,
    PlaytestResult,
    RulesetDoc,
    Scenario,
    TerrainArea,
    UnitStack,
    Zone,
)

PNG_1x1 = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
    b"\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00"
    b"\x00\x00\x00IEND\xaeB`\x82"
)


def full_pack() -> Pack:
    """A small pack with every table and field set to non-default values. Zone ids are
    inserted out of order so that order preservation is tested too."""
    m = Map(
        name="Europe 1939 – test",
        width=300.5,
        height=200.25,
        crs="EPSG:3035",
        transform=[0.001, 0.0, -2500.125, 0.0, -0.001, 5400.0],
        wrap_x=True,
        props={"source": "unit test", "nested": {"a": [1, 2.5, None, True]}},
    )
    ring_hole = Polygon(
        [(0, 0), (100, 0), (100, 100), (0, 100)],
        [[(40, 40), (60, 40), (60, 60), (40, 60)]],
    )
    m.zones[3] = Zone(
        3,
        "POL",
        "Poland",
        "land",
        ring_hole,
        value=2,
        terrain="plains",
        region="Eastern Europe",
        flags=["capital", "city"],
        label=(50.1, 20.2),
        roundel=(30.0, 70.0),
        slots=[(10.0, 10.0), (20.5, 10.25)],
        props={"triplea": {"name": "Poland"}},
    )
    m.zones[1] = Zone(
        1,
        "GER",
        "Deutschland ü",
        "land",
        MultiPolygon([box(100, 0, 200, 100), box(210, 0, 220, 10)]),
        value=10,
        flags=["victory_city"],
    )
    m.zones[2] = Zone(2, "1", "Sea Zone 1", "sea", box(0, 100, 220, 200), terrain="sea")
    m.zones[7] = Zone(7, "L", "Lake Ladoga", "lake", box(40, 40, 60, 60), terrain="lake")
    m.zones[8] = Zone(8, "X", "Alps", "impassable", None)
    m.zones[9] = Zone(9, "OFF", "Off-map box", "offmap", box(250, 0, 290, 40))
    m.borders[(1, 3)] = Border(1, 3, river=True, fortified=True, rail_gauge="standard")
    m.borders[(2, 3)] = Border(2, 3, crossing_limit=2, props={"bridge": "Vistula"})
    m.links[5] = Link(5, "strait", 1, 3, name="Kiel", via=2, props={"x": 1})
    m.links[2] = Link(2, "canal", 2, 7, name="Canal", controllers=[1, 3], rule="any")
    m.links[3] = Link(3, "not_adjacent", 1, 2)
    m.terrain_areas[1] = TerrainArea(1, 3, "forest", box(0, 0, 10, 10), {"k": "v"})
    m.terrain_areas[2] = TerrainArea(2, 1, "mountain", None)
    m.facilities[4] = Facility(4, 3, "port", level=2, damage=1, serves=[2], owner="GER")
    m.facilities[1] = Facility(1, 1, "factory", props={"major": True})
    m.lines[1] = Line(
        1,
        "convoy",
        "North Atlantic",
        points=[(0.5, 150.0), (100.0, 150.25), (219.0, 199.0)],
        path=[2],
        start=3,
        end=2,
        values={"GER": 3, "POL": 1},
    )
    m.lines[2] = Line(2, "rail", "Ostbahn", points=[(10.0, 10.0), (150.0, 50.0)], gauge="std")
    m.images[1] = BackgroundImage(1, "flag", "png", PNG_1x1, 1.5, 2.5, 30.0, 20.0, 0.5, False)
    pack = Pack(map=m)
    pack.nations["POL"] = Nation(
        "POL",
        "Poland",
        "#dc143c",
        "minor",
        playable=False,
        capital=3,
        home_zones=[3],
        flag_image=1,
        props={"anthem": "Mazurek"},
    )
    pack.nations["GER"] = Nation("GER", "Germany", "#555555", capital=1, home_zones=[1, 2])
    pack.nations["SWE"] = Nation("SWE", "Sweden", kind="neutral")
    s = Scenario(
        "1939",
        "Fall Weiss",
        ruleset="global_war",
        options={"national_objectives": True, "bid": 12},
        start="1939-09",
        calendar="season",
        rounds=12,
        turn_order=[["GER"], ["POL", "SWE"]],
        props={"author": "test"},
    )
    s.alliances["axis"] = Alliance("axis", "Axis", ["GER"], "#333333")
    s.alliances["allies"] = Alliance("allies", "Allies", ["POL"])
    s.set_relation("POL", "GER", "war", initiated_by="GER")
    s.set_relation("SWE", "GER", "pact")
    s.ownership[3] = Ownership("POL", "POL")
    s.ownership[1] = Ownership("GER", None)
    s.ownership[9] = Ownership(None, None)
    s.units = [
        UnitStack(1, "GER", "tank", 2),
        UnitStack(3, "POL", "infantry", 4, {"damage": 0}),
        UnitStack(2, "GER", "submarine", 1, {"carried_by": None}),
        UnitStack(1, "GER", "infantry", 6),
    ]
    s.banks = {"GER": 30, "POL": 5}
    s.income_overrides = {"POL": 3}
    s.objectives["danzig"] = Objective(
        "danzig",
        "Danzig",
        "objective",
        "GER",
        "controls(GER, 'Poland')",
        "income +5",
        once=True,
        props={"note": "x"},
    )
    s.objectives["win"] = Objective("win", "Axis victory", "victory", "axis", "vc(axis) >= 8")
    pack.scenarios["1939"] = s
    pack.scenarios["empty"] = Scenario("empty", "Empty scenario")
    pack.rulesets["house"] = RulesetDoc("house", 'extends = "g40"\n[dice]\nsides = 12\n')
    pack.playtests[1] = PlaytestResult(
        1,
        "1939",
        "2026-01-02T03:04:05",
        {"bots": ["fast", "fast"], "seed": 7, "games": 100},
        "abc123",
        {"axis_wins": 0.55, "rounds": [5, 6, 7]},
    )
    pack.ignored_issues = ["ZONE_NO_NAME:7", "SLIVER"]
    pack.meta = {"title": "Test pack", "author": "Warroom tests", "version": 3, "tags": ["a"]}
    return pack


def simple_pack(n_zones: int = 4, tag: str = "") -> Pack:
    """A row of square zones, a nation and a scenario with units."""
    pack = Pack()
    for i in range(1, n_zones + 1):
        pack.map.zones[i] = Zone(
            i, f"Z{i}", f"Zone {i}{tag}", geometry=box(10 * (i - 1), 0, 10 * i, 10)
        )
    pack.nations["GER"] = Nation("GER", "Germany")
    s = Scenario("s", "Scenario")
    s.units = [UnitStack(1, "GER", "infantry", 3)]
    pack.scenarios["s"] = s
    pack.meta["tag"] = tag
    return pack


# -- hypothesis strategies ------------------------------------------------------------------

_names = st.text(min_size=0, max_size=12)
_ids = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789", min_size=1, max_size=6)
# within what a pack may hold (gamecore.limits): coordinates, amounts, counts
_floats = st.floats(allow_nan=False, allow_infinity=False, width=64, min_value=-1e6, max_value=1e6)
_ints = st.integers(min_value=-limits.MAX_AMOUNT, max_value=limits.MAX_AMOUNT)
_json_ints = st.integers(min_value=-(2**62), max_value=2**62)
_counts = st.integers(min_value=0, max_value=limits.MAX_STACK_COUNT)
_json = st.recursive(
    st.none() | st.booleans() | _json_ints | _floats | _names,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(_names, kids, max_size=3),
    max_leaves=6,
)
_props = st.dictionaries(_names, _json, max_size=3)
_xy = st.tuples(_floats, _floats)


@st.composite
def _polygon(draw):
    x, y = draw(_floats), draw(_floats)
    w = draw(st.floats(min_value=0.001, max_value=1e4))
    h = draw(st.floats(min_value=0.001, max_value=1e4))
    shell = box(x, y, x + w, y + h)
    if draw(st.booleans()):
        return shell
    return MultiPolygon([shell, box(x + w + 1, y, x + 2 * w + 1, y + h)])


@st.composite
def packs(draw) -> Pack:
    """Random packs whose references are consistent (so they also survive load_json)."""
    n_zones = draw(st.integers(min_value=0, max_value=6))
    zone_ids = draw(
        st.lists(st.integers(1, 10_000), min_size=n_zones, max_size=n_zones, unique=True)
    )
    pack = Pack()
    pack.map.name = draw(_names)
    pack.map.width = abs(draw(_floats))
    pack.map.props = draw(_props)
    pack.meta = draw(_props)
    for zid in zone_ids:
        pack.map.zones[zid] = Zone(
            zid,
            draw(_names),
            draw(_names),
            draw(st.sampled_from(["land", "sea", "lake", "impassable", "offmap"])),
            draw(st.none() | _polygon()),
            value=draw(_ints),
            flags=draw(st.lists(_names, max_size=3)),
            label=draw(st.none() | _xy),
            slots=draw(st.lists(_xy, max_size=3)),
            props=draw(_props),
        )
    nation_ids = draw(st.lists(_ids, max_size=4, unique=True))
    for nid in nation_ids:
        pack.nations[nid] = Nation(
            nid,
            draw(_names),
            capital=draw(st.none() | st.sampled_from(zone_ids)) if zone_ids else None,
            props=draw(_props),
        )
    if len(zone_ids) >= 2:
        for i in range(draw(st.integers(0, 3))):
            a, b = draw(st.lists(st.sampled_from(zone_ids), min_size=2, max_size=2, unique=True))
            pack.map.links[i + 1] = Link(
                i + 1, draw(st.sampled_from(["strait", "canal", "connection"])), a, b
            )
            a, b = sorted((a, b))
            pack.map.borders[(a, b)] = Border(a, b, river=draw(st.booleans()))
        for i in range(draw(st.integers(0, 2))):
            pack.map.lines[i + 1] = Line(
                i + 1,
                "convoy",
                draw(_names),
                points=draw(st.lists(_xy, max_size=4)),
                path=draw(st.lists(st.sampled_from(zone_ids), max_size=3)),
                values={n: draw(_ints) for n in nation_ids[:2]},
            )
    for sid in draw(st.lists(_ids, max_size=2, unique=True)):
        s = Scenario(sid, draw(_names), options=draw(_props), rounds=draw(st.none() | _counts))
        if zone_ids and nation_ids:
            s.units = [
                UnitStack(
                    draw(st.sampled_from(zone_ids)),
                    draw(st.sampled_from(nation_ids)),
                    draw(_names),
                    draw(_counts),
                    draw(_props),
                )
                for _ in range(draw(st.integers(0, 4)))
            ]
            for zid in draw(st.lists(st.sampled_from(zone_ids), max_size=3, unique=True)):
                s.ownership[zid] = Ownership(draw(st.sampled_from(nation_ids)), None)
            s.banks = {n: draw(_ints) for n in nation_ids}
        if len(nation_ids) >= 2:
            s.set_relation(nation_ids[0], nation_ids[1], draw(st.sampled_from(["war", "pact"])))
        s.turn_order = [[n] for n in nation_ids]
        pack.scenarios[sid] = s
    pack.ignored_issues = draw(st.lists(_names, max_size=2))
    return pack
