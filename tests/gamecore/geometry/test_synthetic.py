"""The synthetic coverage generator other benchmarks rely on."""

import shapely

from gamecore.geometry.adjacency import compute_adjacency
from gamecore.geometry.synthetic import synthetic_coverage, synthetic_map


def _nverts(geoms):
    return sum(
        len(g.exterior.coords) - 1 + sum(len(r.coords) - 1 for r in g.interiors)
        for g in geoms.values()
    )


def test_coverage_is_valid_gap_free_and_sized():
    geoms = synthetic_coverage(120, 12_000, seed=3, width=1000, height=500)
    assert sorted(geoms) == list(range(1, 121))
    polys = list(geoms.values())
    assert all(p.is_valid and p.geom_type == "Polygon" for p in polys)
    assert shapely.coverage_is_valid(polys)
    union = shapely.coverage_union_all(polys)
    assert union.equals(shapely.box(0, 0, 1000, 500))
    assert abs(sum(p.area for p in polys) - 500_000) < 1e-6
    assert abs(_nverts(geoms) - 12_000) < 12_000 * 0.02


def test_coverage_is_deterministic_and_seeded():
    a = synthetic_coverage(30, 900, seed=5)
    b = synthetic_coverage(30, 900, seed=5)
    c = synthetic_coverage(30, 900, seed=6)
    assert all(a[i] == b[i] for i in a)
    assert any(a[i] != c[i] for i in a)


def test_tiny_coverages():
    one = synthetic_coverage(1, 10, width=10, height=10)
    assert one[1].area == 100
    few = synthetic_coverage(3, 3, seed=1)
    assert shapely.coverage_is_valid(list(few.values()))


def test_synthetic_map_has_sea_land_links_facilities_convoy():
    m = synthetic_map(80, 4000, seed=2, sea_fraction=0.3)
    kinds = [z.kind for z in m.zones.values()]
    assert kinds.count("sea") == 24
    seas = sorted(int(z.code) for z in m.zones.values() if z.kind == "sea")
    assert seas == list(range(1, 25))
    assert all(z.code.startswith("L") for z in m.zones.values() if z.kind == "land")
    assert all(shapely.Point(z.label).within(z.geometry) for z in m.zones.values())
    assert {link.kind for link in m.links.values()} == {"strait", "canal"}
    assert any(f.type == "factory" for f in m.facilities.values())
    convoy = m.lines[1]
    assert convoy.kind == "convoy" and all(m.zones[z].kind == "sea" for z in convoy.path)
    adj = compute_adjacency({z.id: z.geometry for z in m.zones.values()})
    strait = next(link for link in m.links.values() if link.kind == "strait")
    assert (min(strait.a, strait.b), max(strait.a, strait.b)) not in adj
