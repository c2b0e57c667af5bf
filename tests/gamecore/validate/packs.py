"""Small hand-built packs for validator tests: a 4 x 3 grid of 100-unit squares.

row 0:  S1  S2  S3  S4        (sea)
row 1:  A   B   C   S5
row 2:  D   E   S6  S7
"""

from shapely.geometry import box

from gamecore.model import (
    Alliance,
    Facility,
    Line,
    Link,
    Nation,
    Ownership,
    Pack,
    Scenario,
    UnitStack,
    Zone,
)

LAYOUT = [["S1", "S2", "S3", "S4"], ["A", "B", "C", "S5"], ["D", "E", "S6", "S7"]]


def grid_pack() -> Pack:
    pack = Pack()
    m = pack.map
    m.width, m.height = 400.0, 300.0
    zid = 0
    for r, row in enumerate(LAYOUT):
        for c, name in enumerate(row):
            zid += 1
            kind = "sea" if name.startswith("S") else "land"
            code = name[1:] if kind == "sea" else name
            g = box(c * 100.0, r * 100.0, c * 100.0 + 100.0, r * 100.0 + 100.0)
            m.zones[zid] = Zone(
                zid,
                code,
                name,
                kind,
                geometry=g,
                value=2 if kind == "land" else 0,
                label=(c * 100.0 + 50.0, r * 100.0 + 50.0),
            )
    pack.nations["X"] = Nation("X", "Xland", "#aa0000", capital=zone(pack, "A"))
    pack.nations["Y"] = Nation("Y", "Yland", "#0000aa", capital=zone(pack, "C"))
    sc = Scenario("s1", "Test", ruleset="g40", turn_order=[["X"], ["Y"]])
    sc.alliances = {"ax": Alliance("ax", "Axis", ["X"]), "al": Alliance("al", "Allies", ["Y"])}
    sc.set_relation("X", "Y", "war")
    for name, owner in (("A", "X"), ("B", "X"), ("D", "X"), ("C", "Y"), ("E", "Y")):
        sc.ownership[zone(pack, name)] = Ownership(owner, owner)
    sc.units = [
        UnitStack(zone(pack, "A"), "X", "infantry", 2),
        UnitStack(zone(pack, "C"), "Y", "infantry", 2),
    ]
    sc.banks = {"X": 10, "Y": 10}
    pack.scenarios[sc.id] = sc
    return pack


def zone(pack: Pack, name: str) -> int:
    return pack.map.zone_by_name(name).id


def add_port(pack: Pack, name: str = "C", serves: str = "S5") -> Facility:
    f = Facility(
        pack.map.next_id("facilities"), zone(pack, name), "naval_base", serves=[zone(pack, serves)]
    )
    pack.map.facilities[f.id] = f
    return f


def add_link(pack: Pack, kind: str, a: str, b: str, **kw) -> Link:
    link = Link(pack.map.next_id("links"), kind, zone(pack, a), zone(pack, b), **kw)
    pack.map.links[link.id] = link
    return link


def add_convoy(pack: Pack, points, path, start, end) -> Line:
    line = Line(
        pack.map.next_id("lines"),
        "convoy",
        "C1",
        points=points,
        path=[zone(pack, p) for p in path],
        start=zone(pack, start),
        end=zone(pack, end),
    )
    pack.map.lines[line.id] = line
    return line
