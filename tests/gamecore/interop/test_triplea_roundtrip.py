"""TripleA export, and the acceptance pipeline of issue #12 on the fixtures:
import → validate → playtest smoke → export → re-import → no semantic difference."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from gamecore.cli import main
from gamecore.engine import make_bots, new_game, play
from gamecore.engine.testmaps import toy_pack
from gamecore.geometry.adjacency import map_adjacency
from gamecore.interop.triplea import (
    ExportError,
    ExportOptions,
    ImportOptions,
    export_triplea,
    import_triplea,
)
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea.gamexml import DTD_ORDER, read_game
from gamecore.interop.triplea.xmlsafe import parse_xml
from gamecore.rules import parse_ruleset
from gamecore.store import read_pack, write_pack
from gamecore.store.diff import diff_packs, render_text
from gamecore.validate import validate

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"
CASES = [
    ("minimap", FIX / "minimap", None),
    ("old_war", FIX / "oldmap", "Old War"),
    ("old_war_variant", FIX / "oldmap", "Old War Variant"),
]


def _errors(report):
    return [i for i in report.issues if i.severity == "error"]


@pytest.mark.parametrize("name, folder, game", CASES, ids=[c[0] for c in CASES])
def test_acceptance_pipeline(tmp_path, name, folder, game):
    # import and store
    pack, rep = import_triplea(folder, ImportOptions(game=game))
    assert rep.adjacency_equal
    write_pack(pack, tmp_path / "a.warroom")
    pack = read_pack(tmp_path / "a.warroom")
    # validate
    report = validate(pack)
    assert _errors(report) == []
    # playtest smoke: the engine's new game and a few random rounds
    sid = next(iter(pack.scenarios))
    state = new_game(pack, sid, seed=7, rounds=3)
    actions = play(state, make_bots("random", state, 7), max_actions=5000)
    assert actions > 0 and state.round >= 2
    # export, re-import: no semantic difference
    out = tmp_path / "export"
    export_triplea(pack, out)
    again, rep2 = import_triplea(out)
    assert rep2.geometry_mode == "exact"
    diff = diff_packs(pack, again)
    assert diff == [], render_text(diff)


def test_cli_round_trip_and_warroom_diff(tmp_path, capsys):
    a, b = tmp_path / "a.warroom", tmp_path / "b.warroom"
    assert main(["import", "triplea", str(FIX / "minimap"), "-o", str(a)]) == 0
    assert "adjacency: 23 connections" in capsys.readouterr().out
    assert main(["export", "triplea", str(a), "-o", str(tmp_path / "out")]) == 0
    assert "12 territories, 23 connections, 6 base tiles" in capsys.readouterr().out
    assert main(["import", "triplea", str(tmp_path / "out"), "-o", str(b), "--json"]) == 0
    capsys.readouterr()
    assert main(["diff", str(a), str(b)]) == 0
    assert capsys.readouterr().out.strip() == "no differences"
    # refusals are one line, exit 2
    assert main(["export", "triplea", str(a), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip()
    assert "not empty" in err and "\n" not in err
    assert main(["import", "triplea", str(FIX / "minimap"), "-o", str(a)]) == 2
    assert "already exists" in capsys.readouterr().err


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    pack, _ = import_triplea(FIX / "minimap")
    out = tmp_path_factory.mktemp("tx") / "minimap"
    rep = export_triplea(pack, out)
    return pack, out, rep


def test_export_layout(exported):
    pack, out, rep = exported
    assert mf.parse_map_yml((out / "map.yml").read_text(), "map.yml")["games"] == [
        {"game_name": "Minimap War", "file_name": "games/minimap_war.xml"}
    ]
    content = out / "map"
    for f in ("polygons.txt", "centers.txt", "place.txt", "capitols.txt", "vc.txt", "name_place.txt",
              "pu_place.txt", "map.properties", "smallMap.jpeg", "flags/British.png",
              "flags/Germans.png", "units/Germans/infantry.png"):  # fmt: skip
        assert (content / f).is_file(), f
    tiles = sorted((content / "baseTiles").iterdir())
    assert len(tiles) == 6
    with Image.open(content / "baseTiles/0_0.png") as im:
        assert im.size == (256, 256)
    with Image.open(content / "baseTiles/2_1.png") as im:
        assert im.size == (128, 144)
    with Image.open(content / "smallMap.jpeg") as im:
        assert im.size[0] == 250
    props = dict(mf.parse_properties((content / "map.properties").read_text()))
    assert props["map.width"] == "640" and props["color.British"] == "C8A078"
    assert props["map.showCapitolMarkers"] == "true"
    doc = parse_xml((content / "games/minimap_war.xml").read_bytes(), "x")
    tags = [el.tag for el in doc.root]
    assert tags == sorted(tags, key=DTD_ORDER.index) and doc.doctype == "game"
    polys, _ = mf.parse_polygons((content / "polygons.txt").read_text(), "p")
    assert set(polys) == {z.name for z in pack.map.zones.values()}
    assert all((r >= 0).all() for rs in polys.values() for r in rs)
    assert len(polys["Westland"]) == 2 and "Atlantis" not in polys


def test_islands_are_written_over_their_sea_zone(exported):
    _pack, out, _rep = exported
    polys, _ = mf.parse_polygons((out / "map/polygons.txt").read_text(), "p")
    from shapely.geometry import Polygon

    sea = Polygon(polys["1 Sea Zone"][0])
    isle = Polygon(polys["Isle of  Man"][0])
    assert sea.is_valid and sea.contains(isle)  # no hole: the island is drawn over the sea


def test_renamed_zone_is_renamed_in_the_kept_parts_too(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    cote = pack.map.zone_by_name("Côte d'Ivoire & Co")
    cote.name = "Ivory Coast"
    export_triplea(pack, tmp_path / "out")
    xml = (tmp_path / "out/map/games/minimap_war.xml").read_text()
    assert "Côte" not in xml
    assert 'value="Eastmark:Ivory Coast" count="2"' in xml  # the rules attachment's condition
    assert 'value="Nordland:Ivory Coast"' in xml  # convoyAttached
    again, _ = import_triplea(tmp_path / "out")
    assert again.map.zone_by_name("Ivory Coast").value == 3


def test_edited_unit_stats_costs_and_options_are_written(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    sc = next(iter(pack.scenarios.values()))
    doc = pack.rulesets[sc.ruleset]
    text = doc.text.replace(
        '[units.armour]\nname = "Armour"\ndomain = "land"\ncost = 5\nattack = 3',
        '[units.armour]\nname = "Armour"\ndomain = "land"\ncost = 6\nattack = 4',
    )
    text = text.replace("kamikaze = true", "kamikaze = false")
    text = text.replace(
        '"triplea.Max Factories Per Territory" = 1', '"triplea.Max Factories Per Territory" = 2'
    )
    assert text != doc.text
    doc.text = text
    parse_ruleset(text, "edited", pack)
    export_triplea(pack, tmp_path / "out")
    game = read_game(parse_xml((tmp_path / "out/map/games/minimap_war.xml").read_bytes(), "x"))
    armour = next(
        a for a in game.attachments if a.name == "unitAttachment" and a.attach_to == "armour"
    )
    assert armour.get("attack") == "4" and armour.get("canBlitz") == "true"
    rule = next(r for r in game.production.rules if r.name == "buyArmour")
    assert rule.costs == [["PUs", "6"]]
    assert game.property("Kamikaze Airplanes").value == "false"
    assert game.property("Max Factories Per Territory").value == "2"
    assert game.property("Use Triggers").value == "true"
    again, _ = import_triplea(tmp_path / "out")
    from gamecore.rules import load_ruleset

    rs = load_ruleset(next(iter(again.scenarios.values())).ruleset, again)
    assert (rs.units["armour"].attack, rs.units["armour"].cost, rs.options["kamikaze"]) == (
        4,
        6,
        False,
    )


def test_changed_turn_order_gets_a_standard_step_list(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    sc = next(iter(pack.scenarios.values()))
    sc.turn_order = [["Russians"], ["Germans"], ["British"]]
    rep = export_triplea(pack, tmp_path / "out")
    assert any("turn order changed" in n for n in rep.notes)
    again, _ = import_triplea(tmp_path / "out")
    assert next(iter(again.scenarios.values())).turn_order == sc.turn_order


def test_export_of_a_pack_not_from_triplea(tmp_path):
    pack = toy_pack()
    rep = export_triplea(pack, tmp_path / "out")
    assert rep.territories == len(pack.map.zones) and rep.tiles > 0 and rep.scale == 333
    again, rep2 = import_triplea(tmp_path / "out")
    assert rep2.geometry_mode == "exact" and rep2.adjacency_equal
    m1, m2 = pack.map, again.map
    by_name = {z.name: z for z in m2.zones.values()}
    assert set(by_name) == {z.name for z in m1.zones.values()}
    for z in m1.zones.values():
        z2 = by_name[z.name]
        assert (z2.kind, z2.value) == (z.kind, z.value)
        s = rep.scale  # small maps are scaled up to about 2000 px
        assert z2.geometry.area == pytest.approx(z.geometry.area * s * s, rel=1e-6)
    adj1 = {
        frozenset((m1.zones[a].name, m1.zones[b].name))
        for a, nb in map_adjacency(m1).items()
        for b in nb
    }
    adj2 = {
        frozenset((m2.zones[a].name, m2.zones[b].name))
        for a, nb in map_adjacency(m2).items()
        for b in nb
    }
    assert adj1 == adj2
    s1, s2 = next(iter(pack.scenarios.values())), next(iter(again.scenarios.values()))
    own1 = {m1.zones[z].name: o.owner for z, o in s1.ownership.items() if o.owner}
    own2 = {m2.zones[z].name: o.owner for z, o in s2.ownership.items() if o.owner}
    assert own1 == own2
    units1 = sorted((m1.zones[u.zone].name, u.nation, u.unit_type, u.count) for u in s1.units)
    units2 = sorted((m2.zones[u.zone].name, u.nation, u.unit_type, u.count) for u in s2.units)
    assert units1 == units2 and s1.banks == s2.banks


def test_export_refusals(tmp_path):
    pack, _ = import_triplea(FIX / "minimap")
    sc = next(iter(pack.scenarios.values()))
    with pytest.raises(ExportError, match="no scenario 'nope'"):
        export_triplea(pack, tmp_path / "a", ExportOptions(scenario="nope"))
    import copy

    pack.scenarios["second"] = copy.deepcopy(sc)
    pack.scenarios["second"].id = "second"
    with pytest.raises(ExportError, match="choose one with --scenario"):
        export_triplea(pack, tmp_path / "b")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "x").write_text("x")
    with pytest.raises(ExportError, match="not empty"):
        export_triplea(pack, tmp_path / "c", ExportOptions(scenario="second"))
    rep = export_triplea(pack, tmp_path / "c", ExportOptions(scenario="second", force=True))
    assert rep.scenario == "second"


def test_awkward_names_are_made_safe_for_triplea(tmp_path):
    pack, _ = import_triplea(FIX / "oldmap", ImportOptions(game="Old War"))
    m = pack.map
    m.zone_by_name("Alpha").name = "  Alpha (east) <1> "
    m.zone_by_name("Beta").name = "Gamma"  # a duplicate name
    rep = export_triplea(pack, tmp_path / "out", ExportOptions(tiles=False))
    assert rep.renamed["  Alpha (east) <1> "] == "Alpha [east] [1]"
    assert rep.renamed["Gamma"].startswith("Gamma - ")
    centers, _ = mf.parse_points((tmp_path / "out/map/centers.txt").read_text(), "c")
    assert "Alpha [east] [1]" in centers
    again, _ = import_triplea(tmp_path / "out")
    assert len({z.name for z in again.map.zones.values()}) == 4


def test_keyholes_keep_holes_that_are_not_islands(tmp_path):
    """A land zone with a lake (a sea zone) inside: TripleA cannot draw land over water, so
    the hole is written as a zero-width cut; it reads back as the same hole."""
    from shapely.geometry import Polygon, box

    pack, _ = import_triplea(FIX / "oldmap", ImportOptions(game="Old War"))
    m = pack.map
    gamma, sea = m.zone_by_name("Gamma"), m.zone_by_name("North Sea")
    lake = box(100, 240, 140, 270)
    gamma.geometry = Polygon(gamma.geometry.exterior.coords, [lake.exterior.coords])
    sea.geometry = sea.geometry.union(lake)  # a sea zone in two parts, one of them the lake
    import shapely

    gamma.geometry, sea.geometry = (
        shapely.normalize(gamma.geometry),
        shapely.normalize(sea.geometry),
    )
    export_triplea(pack, tmp_path / "out", ExportOptions(tiles=False))
    again, _ = import_triplea(tmp_path / "out")
    g2 = again.map.zone_by_name("Gamma").geometry
    assert len(g2.interiors) == 1 and g2.equals(gamma.geometry)
    assert again.map.zone_by_name("North Sea").geometry.equals(sea.geometry)


def test_generated_flags_are_not_imported_back(exported, tmp_path):
    _pack, out, _rep = exported
    again, _ = import_triplea(out)
    names = {im.name for im in again.map.images.values()}
    assert "flags/Germans.png" in names and "flags/British.png" not in names
    data = (out / "map/flags/British.png").read_bytes()
    assert re.match(rb"\x89PNG", data)
    assert np.asarray(Image.open(out / "map/flags/British.png")).shape[:2] == (24, 32)


def _real_map_names() -> list[str]:
    import os

    root = os.environ.get("TRIPLEA_MAPS")
    if not root or not Path(root).is_dir():
        return ["(TRIPLEA_MAPS not set)"]
    return sorted(p.name for p in Path(root).iterdir() if p.is_dir())


@pytest.mark.slow
@pytest.mark.parametrize("name", _real_map_names())
def test_real_maps_from_triplea_maps(tmp_path, name):
    """Real TripleA maps are not redistributable: set TRIPLEA_MAPS to a folder of map
    folders (the triplea-maps organisation's repositories). Each map's first game:
    imports with 0 geometry errors and adjacency equal to the XML, exports, and reads
    back with no semantic difference, unless the export reported losses (options newer
    than TripleA 1.9), which then are the only difference."""
    import os

    from gamecore.interop.triplea import find_map

    if not os.environ.get("TRIPLEA_MAPS"):
        pytest.skip("TRIPLEA_MAPS is not set (a folder of downloaded TripleA map folders)")
    folder = Path(os.environ["TRIPLEA_MAPS"]) / name
    game = find_map(folder).games[0][1].name
    pack, rep = import_triplea(folder, ImportOptions(game=game, images=False))
    assert rep.adjacency_equal
    geometry = [
        i for i in validate(pack).issues if i.severity == "error" and i.code.startswith("MAP")
    ]
    assert geometry == [], [i.message for i in geometry[:5]]
    out = tmp_path / "out"
    erep = export_triplea(pack, out, ExportOptions(tiles=False))
    again, _ = import_triplea(out, ImportOptions(images=False))
    diff = diff_packs(pack, again)
    if erep.losses:
        assert {e.section for e in diff} <= {"scenario", "ruleset"}, render_text(diff)[:2000]
    else:
        assert diff == [], render_text(diff)[:2000]


def test_base_tiles_are_rendered_from_background_images(tmp_path):
    """A background image anywhere on the map (not on TripleA's tile grid, another
    resolution) is drawn into the 256-px tiles at its place."""
    import io

    from gamecore.model import BackgroundImage

    pack = toy_pack()  # 6 x 5 map units
    buf = io.BytesIO()
    Image.new("RGB", (60, 40), (255, 0, 0)).save(buf, "PNG")
    pack.map.images[1] = BackgroundImage(1, "red", "png", buf.getvalue(), 1.0, 1.0, 3.0, 2.0)
    rep = export_triplea(pack, tmp_path / "out", ExportOptions(scale=100))
    assert rep.scale == 100 and rep.tiles == 6  # 600 x 500 px: 3 x 2 tiles
    with Image.open(tmp_path / "out/map/baseTiles/1_0.png") as im:
        px = im.convert("RGB").load()
        assert px[50, 150] == (255, 0, 0)  # map (3.06, 1.5): inside the image
        assert px[200, 50] != (255, 0, 0)  # map (4.56, 0.5): outside it


def _minicopy(tmp_path) -> Path:
    dst = tmp_path / "minimap"
    shutil.copytree(FIX / "minimap", dst)
    return dst


def _edit_game(folder: Path, old: str, new: str) -> None:
    xml = folder / "map" / "games" / "minimap_war.xml"
    text = xml.read_text(encoding="utf-8")
    assert old in text, old
    xml.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_tech_discount_frontiers_and_duplicate_attachments_survive_the_round_trip(tmp_path):
    """What real maps have: Global 1940's industrial-technology frontier (cheaper rules no
    player starts with) and Napoleonic Empires' territory attached twice (TripleA keeps
    the last). Exported and read back, nothing changes; a unit's new price moves the
    discounted rule along and keeps the discount."""
    src = _minicopy(tmp_path)
    _edit_game(
        src,
        '<productionRule name="buyFighter">',
        '<productionRule name="buyFighterIndustrialTechnology"><cost resource="PUs" '
        'quantity="8"/><result resourceOrUnit="fighter" quantity="1"/></productionRule>\n'
        '<productionRule name="buyFighter">',
    )
    _edit_game(src, '<productionRule name="buyFighter"><cost resource="PUs" quantity="10"/>',
               '<productionRule name="buyFighter"><cost resource="PUs" quantity="10"/>')  # fmt: skip
    _edit_game(
        src,
        '<productionFrontier name="productionRussians">',
        '<productionFrontier name="productionIndustrialTechnology">'
        '<frontierRules name="buyFighterIndustrialTechnology"/></productionFrontier>\n'
        '<productionFrontier name="productionRussians">',
    )
    _edit_game(
        src,
        '<attachment name="territoryAttachment" attachTo="Westland"',
        '<attachment name="territoryAttachment" attachTo="Westland" javaClass="games.strategy'
        '.triplea.attachments.TerritoryAttachment" type="territory"><option name="production" '
        'value="9"/></attachment>\n<attachment name="territoryAttachment" attachTo="Westland"',
    )
    pack, _ = import_triplea(src, ImportOptions(images=False))
    out = tmp_path / "out"
    # a TripleA map is in pixels: written at scale 1 even without its images (the real
    # minimap, 900 px wide, came back twice its size)
    assert export_triplea(pack, out, ExportOptions(tiles=False)).scale == 1.0
    again, _ = import_triplea(out, ImportOptions(images=False))
    assert diff_packs(pack, again) == [], render_text(diff_packs(pack, again))
    # the fighter's price goes up by 2: the discounted rule follows (8 -> 10)
    sc = next(iter(pack.scenarios.values()))
    rid = sc.ruleset
    text = pack.rulesets[rid].text
    pack.rulesets[rid].text = re.sub(
        r"(\[units\.fighter\][^\[]*?cost = )10", r"\g<1>12", text, count=1, flags=re.S
    )
    assert pack.rulesets[rid].text != text
    shutil.rmtree(out)
    export_triplea(pack, out, ExportOptions(tiles=False))
    game = read_game(parse_xml((out / "map/games/minimap_war.xml").read_bytes(), "g.xml"))
    cost = {r.name: r.costs[0][1] for r in game.production.rules}
    assert cost["buyFighter"] == "12" and cost["buyFighterIndustrialTechnology"] == "10"
    westland = [a for a in game.attachments if a.attach_to == "Westland" and a.kind == "territory"]
    assert westland[0].options == [["production", "9", ""]]  # the shadowed one, verbatim


def test_options_tripleA_1_9_does_not_know_are_losses_and_exit_1(tmp_path, capsys):
    """Greyhawk Wars and Total World War use options newer than TripleA 1.9: the export
    leaves them out (1.9 refuses the whole game for one), lists each, and exits 1."""
    src = _minicopy(tmp_path)
    _edit_game(
        src,
        '<attachment name="territoryAttachment" attachTo="Westland" javaClass="games.strategy'
        '.triplea.attachments.TerritoryAttachment" type="territory">',
        '<attachment name="territoryAttachment" attachTo="Westland" javaClass="games.strategy'
        '.triplea.attachments.TerritoryAttachment" type="territory">'
        '<option name="isLandTransportable" value="true"/>',
    )
    a = tmp_path / "a.warroom"
    assert main(["import", "triplea", str(src), "-o", str(a), "--no-images"]) == 0
    capsys.readouterr()
    assert main(["export", "triplea", str(a), "-o", str(tmp_path / "out"), "--no-tiles"]) == 1
    out = capsys.readouterr().out
    assert "exported with losses: 1 thing(s)" in out
    assert "TerritoryAttachment option 'isLandTransportable' (Westland)" in out
    text = (tmp_path / "out/map/games/minimap_war.xml").read_text(encoding="utf-8")
    assert "isLandTransportable" not in text


def test_warroom_diff_compares_images_by_their_pixels():
    """A tile written again by another PNG encoder is the same image; a changed pixel is
    a change."""
    import io

    from gamecore.model import BackgroundImage

    def png(colour, level):
        buf = io.BytesIO()
        Image.new("RGB", (40, 30), colour).save(buf, "PNG", compress_level=level)
        return buf.getvalue()

    a, b = toy_pack(), toy_pack()
    a.map.images[1] = BackgroundImage(1, "baseTiles/0_0.png", "png", png((9, 9, 9), 1))
    b.map.images[1] = BackgroundImage(1, "baseTiles/0_0.png", "png", png((9, 9, 9), 9))
    assert a.map.images[1].data != b.map.images[1].data
    assert diff_packs(a, b) == []
    b.map.images[1] = BackgroundImage(1, "baseTiles/0_0.png", "png", png((9, 9, 10), 9))
    (entry,) = diff_packs(a, b)
    assert entry.section == "image" and "data" in entry.text


def test_base_tiles_of_a_triplea_map_are_written_back_as_they_were(tmp_path):
    """Real maps leave blank tiles out (World War II Classic has 98 of 112) and make the
    last column full 256-px tiles reaching past the map's edge (minimap): the export
    writes the same tiles, byte for byte, so the images and their numbering (flags come
    after the tiles) read back the same."""
    src = _minicopy(tmp_path)
    tiles = src / "map" / "baseTiles"
    (tiles / "1_1.png").unlink()  # a blank tile left out
    Image.new("RGB", (256, 256), (10, 120, 200)).save(tiles / "2_0.png")  # past the edge
    pack, _ = import_triplea(src)
    out = tmp_path / "out"
    export_triplea(pack, out)
    written = sorted(p.name for p in (out / "map" / "baseTiles").iterdir())
    assert written == sorted(p.name for p in tiles.iterdir())
    for name in written:
        assert (out / "map/baseTiles" / name).read_bytes() == (tiles / name).read_bytes()
    again, _ = import_triplea(out)
    assert diff_packs(pack, again) == [], render_text(diff_packs(pack, again))
