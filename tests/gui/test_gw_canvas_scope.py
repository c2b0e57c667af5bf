"""The canvas shows the map items of the scenario shown (``props.scenarios``: the 1939
convoys and factories are not drawn over the 1936 Global War ones), and a zone's name
moves off its value roundel instead of being covered by it."""

from __future__ import annotations

import copy

from PySide6.QtCore import QRectF

from editor.canvas import symbols
from gamecore.model import Facility
from gamecore.store import write_pack


def _two_scenarios(demo, tmp_path):
    pack = copy.deepcopy(demo)
    gw = copy.deepcopy(pack.scenarios["1939"])
    gw.id, gw.name = "gw", "Global War"
    pack.scenarios[gw.id] = gw
    m = pack.map
    convoy = next(ln for ln in m.lines.values() if ln.kind == "convoy")
    convoy.props["scenarios"] = ["1939"]
    rail = next(ln for ln in m.lines.values() if ln.kind == "rail")
    rail.props["scenarios"] = ["gw"]
    par = m.zone_by_code("PAR")
    f = Facility(m.next_id("facilities"), par.id, "air_base", props={"scenarios": ["gw"]})
    m.facilities[f.id] = f
    path = tmp_path / "two.warroom"
    write_pack(pack, path)
    return path, convoy.id, rail.id, f.id


def test_lines_and_facilities_of_other_scenarios_are_not_drawn(window, tmp_path, _demo):
    path, convoy, rail, fac = _two_scenarios(_demo, tmp_path)
    assert window.open_path(path)
    scene = window.scene

    def shown():
        lines = {ln.id for key in ("convoy", "rail") for ln in scene.layers[key].lines()}
        facs = {fid for fid, _x, _y in scene.symbols.get(4.0).facilities}
        return lines, facs

    lines, facs = shown()
    assert convoy in lines and rail not in lines and fac not in facs
    window.document.set_scenario("gw")
    lines, facs = shown()
    assert convoy not in lines and rail in lines and fac in facs
    assert rail in scene.layers["rail"].paths() and convoy not in scene.layers["convoy"].paths()


def test_a_zone_name_moves_off_its_value_roundel(window, pack_path):
    assert window.open_path(pack_path)
    scene = window.scene
    z = next(z for z in window.document.pack.map.zones.values() if z.kind == "land" and z.value)
    z.roundel = tuple(scene.geom.anchor[z.id])  # the designer put the roundel on the name
    scene.symbols.clear()
    scale = 4.0
    placed = scene.symbols.get(scale)
    (name,) = [(x, y) for zid, x, y in placed.names if zid == z.id]
    (roundel,) = [(x, y) for zid, x, y in placed.roundels if zid == z.id]
    w, h = scene.symbols.name_size(z.id)

    def box(x, y, bw, bh):
        return QRectF(x * scale - bw / 2, y * scale - bh / 2, bw, bh)

    assert roundel == z.roundel  # the roundel stays where the designer put it
    assert name[1] < roundel[1]  # the name goes above it
    assert not box(*name, w, h).intersects(box(*roundel, symbols.ROUNDEL, symbols.ROUNDEL))


def test_unit_chips_of_every_bundled_ruleset_are_distinct_and_short():
    """Global War's 46 unit types (seeds/000 §6) had chips like "1 ear", "1 lig", "1 hea"
    (first three letters): early war fighter and heavy armour must read differently."""
    from editor.canvas.icons import unit_abbrev
    from gamecore.rules import load_ruleset

    for rid in ("g40", "global_war"):
        units = load_ruleset(rid).units
        chips = {unit_abbrev(u) for u in units}
        assert len(chips) == len(units), rid
        assert all(len(c) <= 8 for c in chips)
    assert unit_abbrev("early_war_fighter") == "eftr"
    assert unit_abbrev("heavy_cruiser") == "hCA"
    assert unit_abbrev("heavy_strategic_bomber") == "hbmb"
    assert unit_abbrev("zeppelin") == "zep"  # unknown: the first three letters


def test_a_canal_arrow_crosses_its_controlling_land(window, pack_path):
    """seeds/000 §1.15: a canal joins two sea zones where its controlling land zone is;
    the arrow is drawn there, not between the middles of the two seas."""
    import math

    assert window.open_path(pack_path)
    m = window.document.pack.map
    canal = next(lk for lk in m.links.values() if lk.kind == "canal" and lk.controllers)
    layer = window.scene.layers["links"]
    anchor = window.scene.geom.anchor
    cx, cy = anchor[canal.controllers[0]]
    # (as drawn: kept off the names and ids, #37, so maybe a few px aside or shorter)
    ((a, b, _both),) = layer.pieces(canal, 1.0)
    mid = ((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
    seas = [anchor[canal.a], anchor[canal.b]]
    old_mid = ((seas[0][0] + seas[1][0]) / 2, (seas[0][1] + seas[1][1]) / 2)
    assert math.dist(mid, (cx, cy)) < math.dist(old_mid, (cx, cy))
    assert layer.hit((a + b) / 2, 1.0) == ("link", canal.id)  # picked where it is drawn


def test_convoy_lines_on_the_same_sea_zones_keep_their_labels_apart(window, tmp_path, _demo):
    """seeds/000 §1.10: each convoy line shows its name and values; two lines along the
    same sea zones (the 1936 Japanese oil and Indies lines) must not print them on top of
    each other."""
    pack = copy.deepcopy(_demo)
    m = pack.map
    first = next(ln for ln in m.lines.values() if ln.kind == "convoy")
    twin = copy.deepcopy(first)
    twin.id, twin.name = m.next_id("lines"), "Twin line"
    m.lines[twin.id] = twin
    path = tmp_path / "twin.warroom"
    write_pack(pack, path)
    assert window.open_path(path)
    spots = window.scene.layers["convoy"].label_spots(2.0)
    assert spots[first.id] == 0.5 and spots[twin.id] != 0.5
