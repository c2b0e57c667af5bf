"""Carrying geometry change sets to the Map and undoing them exactly."""

import copy

import shapely

from gamecore.geometry import Coverage, apply_changeset, map_adjacency, synthetic_map
from gamecore.model import Border, Facility, Link


def _snapshot(m):
    return copy.deepcopy(m)


def test_split_creates_a_zone_record_from_the_template_and_undo_restores():
    m = synthetic_map(40, 2000, seed=5)
    before = _snapshot(m)
    cov = Coverage.from_map(m)
    land = next(z for z in sorted(m.zones) if m.zones[z].kind == "land" and m.zones[z].value)
    g = m.zones[land].geometry
    c = g.representative_point()
    x0, _, x1, _ = g.bounds
    cs = cov.split_zone(land, [(x0 - 1, c.y), (x1 + 1, c.y)])
    edit = apply_changeset(m, cs)
    (new,) = cs.created
    zone, tmpl = m.zones[new], m.zones[land]
    assert zone.kind == tmpl.kind and zone.terrain == tmpl.terrain and zone.value == 0
    assert zone.code == f"{tmpl.code}-2" and zone.code != tmpl.code
    assert zone.geometry is cs.created[new] and zone.geometry.contains(shapely.Point(zone.label))
    assert tmpl.geometry.intersects(shapely.Point(tmpl.label))
    assert shapely.coverage_is_valid([z.geometry for z in m.zones.values()])
    edit.undo(m)
    cov.apply(cs.inverse())
    assert m == before
    assert all(cov[z] == m.zones[z].geometry for z in m.zones)


def test_split_and_merge_re_place_the_label_of_the_zone_they_reshape():
    """A split leaves the kept piece's old label wherever it was (often on the cut) and
    a merge leaves it in a corner of the whole: both move it to the new shape's label
    point (issue #37, stale labels); a roundel that sat at the label goes with it, and
    undo puts both back."""
    from gamecore.geometry import label_point

    m = synthetic_map(40, 2000, seed=5)
    land = next(z for z in sorted(m.zones) if m.zones[z].kind == "land" and m.zones[z].value)
    zone = m.zones[land]
    zone.roundel = zone.label
    before = _snapshot(m)
    g = zone.geometry
    x0, y0, x1, y1 = g.bounds
    cov = Coverage.from_map(m)
    # a cut just beside the label, on the side of the smaller piece: the label stays
    # inside the piece the zone keeps, one step from the cut
    lx = zone.label[0]
    step = 0.05 * (x1 - x0)
    cut = lx + step if lx < (x0 + x1) / 2 else lx - step
    cs = cov.split_zone(land, [(cut, y0 - 1), (cut, y1 + 1)])
    edit = apply_changeset(m, cs)
    kept = m.zones[land].geometry
    assert kept.contains(shapely.Point(before.zones[land].label))
    assert m.zones[land].label == label_point(kept) != before.zones[land].label
    assert m.zones[land].roundel == m.zones[land].label
    edit.undo(m)
    cov.apply(cs.inverse())
    assert m == before
    other = next(n for n in sorted(cov.neighbours(land)) if m.zones[n].kind == "land")
    cs = cov.merge_zones([land, other], keep=land)
    edit = apply_changeset(m, cs)
    whole = m.zones[land].geometry
    assert m.zones[land].label == label_point(whole) != before.zones[land].label
    edit.undo(m)
    assert m == before


def test_merge_moves_references_to_the_absorbing_zone():
    m = synthetic_map(30, 1500, seed=6)
    adj = map_adjacency(m)
    a = next(z for z in sorted(m.zones) if m.zones[z].kind == "land")
    b = min(n for n in adj[a] if m.zones[n].kind == "land")
    other = min(n for n in adj[a] if n != b)
    m.facilities[99] = Facility(99, b, "factory")
    m.links[50] = Link(50, "connection", b, other)
    m.links[51] = Link(51, "connection", a, b)  # becomes a self-link: dropped
    m.borders[(min(b, other), max(b, other))] = Border(min(b, other), max(b, other), river=True)
    before = _snapshot(m)
    cov = Coverage.from_map(m)
    cs = cov.merge_zones([a, b], keep=a)
    edit = apply_changeset(m, cs)
    assert b not in m.zones and m.facilities[99].zone == a
    assert {m.links[50].a, m.links[50].b} == {a, other} and 51 not in m.links
    assert m.borders[(min(a, other), max(a, other))].river
    edit.undo(m)
    assert m == before


def test_factory_and_numbered_sea_codes():
    m = synthetic_map(30, 1500, seed=7)
    sea = next(z for z in sorted(m.zones) if m.zones[z].kind == "sea")
    cov = Coverage.from_map(m)
    cs = cov.partition_zone(sea, 3, seed=1)
    apply_changeset(m, cs)
    codes = sorted(int(m.zones[z].code) for z in cs.created)
    top = max(int(z.code) for z in m.zones.values() if z.kind == "sea" and z.id not in cs.created)
    assert codes == [top + 1, top + 2]
    m2 = synthetic_map(10, 500, seed=7)
    cov2 = Coverage.from_map(m2)
    zid = sorted(m2.zones)[0]
    cs2 = cov2.partition_zone(zid, 2, seed=1)
    calls = []

    def factory(new_id, geom, template, mp):
        calls.append((new_id, template.id))
        z = copy.deepcopy(template)
        z.code, z.name = f"X{new_id}", "made"
        return z

    apply_changeset(m2, cs2, factory)
    assert calls == [(min(cs2.created), zid)] and m2.zones[min(cs2.created)].code.startswith("X")
