"""Importing TripleA maps (the fixtures in tests/fixtures/triplea, written for these tests):
zones and geometry, adjacency equal to the XML's connections, territory attributes,
nations, the ruleset, the scenario, the kept-verbatim parts, images, and bad input."""

from __future__ import annotations

import shutil
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
import shapely

from gamecore.cli import main
from gamecore.errors import ImportFormatError
from gamecore.geometry.adjacency import map_adjacency
from gamecore.interop.triplea import ImportOptions, find_map, import_triplea
from gamecore.interop.triplea.gamexml import Game, read_game
from gamecore.interop.triplea.xmlsafe import parse_xml
from gamecore.rules import load_ruleset

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"
MINIMAP = FIX / "minimap"
OLDMAP = FIX / "oldmap"


@pytest.fixture(scope="module")
def mini():
    return import_triplea(MINIMAP)


def zone(pack, name):
    z = pack.map.zone_by_name(name)
    assert z is not None and z.name == name, name
    return z


# ---------------------------------------------------------------------------- zones


def test_zones_keep_names_exactly_and_get_codes(mini):
    pack, rep = mini
    names = [z.name for z in pack.map.zones.values()]
    assert names[:5] == ["1 Sea Zone", "SZ 2", "Sea Zone 3", "SZ 4", "SZ 5"]
    assert "Isle of  Man" in names and "Côte d'Ivoire & Co" in names  # double space, odd chars
    assert [z.code for z in list(pack.map.zones.values())[:5]] == ["1", "2", "3", "4", "5"]
    assert zone(pack, "Côte d'Ivoire & Co").code == "cote_d_ivoire_co"
    assert zone(pack, "SZ 2").kind == "sea" and zone(pack, "Westland").kind == "land"
    assert zone(pack, "Mount Doom").kind == "impassable"  # isImpassable
    assert rep.zones == 12 and rep.sea_zones == 5
    assert any("orphan" in n and "Atlantis" in n for n in rep.notes)


def test_geometry_is_a_whole_pixel_coverage_of_the_frame(mini):
    pack, rep = mini
    m = pack.map
    assert (m.width, m.height) == (640.0, 400.0) and m.wrap_x is False
    geoms = np.array([z.geometry for z in m.zones.values()], dtype=object)
    assert shapely.is_valid(geoms).all() and shapely.coverage_is_valid(geoms)
    assert shapely.area(geoms).sum() == pytest.approx(640 * 400)
    xy = shapely.get_coordinates(geoms)
    assert (xy == np.round(xy)).all()
    assert rep.geometry_mode == "traced" and rep.geometry.get("island_cut") == 2


def test_islands_are_cut_out_of_the_sea_and_rings_become_parts(mini):
    pack, _ = mini
    west = zone(pack, "Westland").geometry
    assert west.geom_type == "MultiPolygon" and len(west.geoms) == 2  # two rings in polygons.txt
    isle = zone(pack, "Isle of  Man").geometry
    sea1 = zone(pack, "1 Sea Zone").geometry
    assert sea1.intersection(isle).area == 0
    assert len(sea1.interiors) == 1 and isle.area > 2000  # the staircase disk kept its size
    sea3 = zone(pack, "Sea Zone 3").geometry
    assert len(sea3.interiors) == 1  # Westland's exclave island


def test_adjacency_equals_the_xml_connections(mini):
    pack, rep = mini
    game = read_game(parse_xml((MINIMAP / "map/games/minimap_war.xml").read_bytes(), "x"))
    ids = {z.name: z.id for z in pack.map.zones.values()}
    want = {tuple(sorted((ids[a], ids[b]))) for a, b in game.connections}
    adj = map_adjacency(pack.map)
    got = {(a, b) for a, nb in adj.items() for b in nb if a < b}
    assert got == want and rep.adjacency_equal
    kinds = {
        (lk.kind, pack.map.zones[lk.a].name, pack.map.zones[lk.b].name)
        for lk in pack.map.links.values()
    }
    assert ("connection", "Westland", "Isle of  Man") in kinds  # the polygons do not touch
    assert ("not_adjacent", "Côte d'Ivoire & Co", "Mount Doom") in kinds  # touch, not connected
    canal = next(lk for lk in pack.map.links.values() if lk.kind == "canal")
    assert canal.name == "Kiel Canal" and canal.controllers == [zone(pack, "Canalia").id]
    assert {canal.a, canal.b} == {zone(pack, "SZ 4").id, zone(pack, "SZ 5").id}
    text = "\n".join(rep.lines())
    assert "connection 'Westland' - 'Isle of  Man'" in text and "not adjacent" in text


def test_points_become_labels_slots_and_props(mini):
    pack, rep = mini
    west = zone(pack, "Westland")
    assert west.label == (240.0, 80.0)
    assert west.slots == [(200.0, 40.0), (260.0, 40.0), (200.0, 100.0), (260.0, 100.0)]
    assert west.props["triplea"] == {
        "capitol": [220, 60],
        "vc": [280, 60],
        "name_place": [210, 130],
        "pu_place": [290, 140],
    }
    nord = zone(pack, "Nordland")  # no center in centers.txt: one is computed
    assert nord.label is not None and nord.geometry.contains(shapely.Point(nord.label))


# ---------------------------------------------------------------------------- attributes


def test_territory_attachment_becomes_zone_attributes(mini):
    pack, _ = mini
    sc = next(iter(pack.scenarios.values()))
    west, east = zone(pack, "Westland"), zone(pack, "Eastmark")
    assert west.value == 10 and west.flags == ["capital", "victory_city"]
    assert east.value == 8 and east.props["victory_points"] == 2
    assert pack.nations["Germans"].capital == west.id
    assert pack.nations["British"].capital == zone(pack, "Canalia").id
    cote = zone(pack, "Côte d'Ivoire & Co")
    assert cote.terrain == "forest" and zone(pack, "Mount Doom").terrain == "mountain"
    assert sc.ownership[cote.id].owner == "Germans" and sc.ownership[cote.id].original == "Russians"
    assert sc.ownership[zone(pack, "Canalia").id].original == "British"
    assert "convoy" in zone(pack, "Sea Zone 3").flags
    assert zone(pack, "SZ 4").props["kamikaze"] is True
    bases = {(f.type, pack.map.zones[f.zone].name) for f in pack.map.facilities.values()}
    assert ("naval_base", "Côte d'Ivoire & Co") in bases and ("air_base", "Canalia") in bases
    naval = next(f for f in pack.map.facilities.values() if f.type == "naval_base")
    assert {pack.map.zones[z].name for z in naval.serves} == {"SZ 2", "Sea Zone 3"}


def test_factories_and_bases_placed_as_units_become_facilities(mini):
    pack, _ = mini
    fac = [
        (f.type, pack.map.zones[f.zone].name, f.owner, f.damage)
        for f in pack.map.facilities.values()
    ]
    assert ("factory", "Westland", None, 0) in fac  # owned by the zone owner
    assert ("factory", "Eastmark", None, 0) in fac and ("factory", "Canalia", None, 0) in fac
    assert ("airfield", "Eastmark", None, 2) in fac  # unitDamage
    assert zone(pack, "Nordland").props["standing_army"] == 2  # units owned by no one


def test_nations_alliances_relations(mini):
    pack, _ = mini
    sc = next(iter(pack.scenarios.values()))
    assert list(pack.nations) == ["Germans", "Russians", "British"]
    assert (
        pack.nations["Germans"].colour == "#5a5a5a" and pack.nations["Russians"].colour == "#af2828"
    )
    assert pack.nations["British"].props["triplea"] == {"optional": "true", "canBeDisabled": "true"}
    assert {a.name: a.members for a in sc.alliances.values()} == {
        "Axis": ["Germans"],
        "Allies": ["Russians", "British"],
    }
    assert sc.relation("Germans", "Russians").status == "war"
    assert sc.relation("Germans", "British").status == "neutral"  # "Neutrality": archeType neutral
    assert sc.relation("Russians", "British").status == "aligned"
    assert sc.turn_order == [["Germans"], ["Russians"], ["British"]]
    assert sc.banks == {"Germans": 30, "Russians": 24, "British": 28}


def test_unit_set_up(mini):
    pack, _ = mini
    sc = next(iter(pack.scenarios.values()))
    got = {(s.nation, pack.map.zones[s.zone].name, s.unit_type, s.count) for s in sc.units}
    assert ("Germans", "Westland", "infantry", 4) in got
    assert ("British", "SZ 4", "fighter", 2) in got
    bb = next(s for s in sc.units if s.unit_type == "battleship")
    assert bb.props == {"damage": 1}  # hitsTaken
    assert all(s.unit_type not in ("factory", "airfield") for s in sc.units)


def test_ruleset_extends_g40_with_the_games_units_costs_and_options(mini):
    pack, _ = mini
    sc = next(iter(pack.scenarios.values()))
    doc = pack.rulesets[sc.ruleset]
    assert 'extends = "g40"' in doc.text
    rs = load_ruleset(sc.ruleset, pack)
    assert set(rs.units) == {
        "infantry", "artillery", "armour", "fighter", "bomber", "transport", "submarine",
        "destroyer", "battleship", "carrier", "aaGun",
    }  # fmt: skip
    u = rs.units
    assert (u["infantry"].cost, u["infantry"].nation_costs) == (3, {"Russians": 2})
    assert u["armour"].blitz and (u["armour"].attack, u["armour"].movement) == (3, 2)
    assert u["submarine"].first_strike and u["submarine"].submerge
    assert u["battleship"].hits == 2 and u["battleship"].bombard == 4
    assert u["transport"].defenseless and u["transport"].transport_capacity == 5
    assert u["fighter"].carrier_cost == 1 and u["carrier"].carrier_capacity == 2
    assert u["aaGun"].aa_value == 1 and u["destroyer"].detector
    assert str(u["bomber"].bombing) == "1d6" and set(u["bomber"].bombing_targets) == {
        "factory",
        "airfield",
    }
    assert [(s.targets, s.stat, s.value) for s in u["artillery"].support] == [
        (("infantry",), "attack", 1)
    ]
    assert rs.facility_types["factory"].cost == 15 and rs.facility_types["factory"].max_damage == 20
    assert rs.facility_types["airfield"].scramble == 3
    assert rs.options["kamikaze"] is True and rs.options["low_luck"] is False
    assert rs.options["triplea.Use Triggers"] is True  # properties Warroom has no rule for
    assert rs.options["triplea.Max Factories Per Territory"] == 1
    assert rs.nations["Russians"].can_buy == ("infantry", "artillery", "armour", "fighter")
    assert "mountain" in rs.terrain and "forest" in rs.terrain
    assert rs.phases[:3] == ["purchase", "politics", "combat_move"]


def test_what_is_not_modelled_is_kept_verbatim_in_order(mini):
    pack, _ = mini
    sc = next(iter(pack.scenarios.values()))
    game = Game.from_json(sc.props["triplea"]["game"])
    names = [a.name for a in game.attachments]
    i = names.index("conditionAttachmentGermansHoldEastmark")
    assert names[i : i + 3] == [
        "conditionAttachmentGermansHoldEastmark",
        "triggerAttachmentGermanBonus",
        "politicalActionAttachmentGermansPeace",
    ]
    trig = game.attachments[i + 1]
    assert trig.options[:2] == [
        ["conditions", "conditionAttachmentGermansHoldEastmark", ""],
        ["resource", "PUs", ""],
    ]
    assert "jetPower" in game.technology
    assert [s.name for s in game.gameplay.steps][:3] == [
        "gameInitDelegate",
        "germansTech",
        "germansPurchase",
    ]
    assert game.property("notes").value.startswith("<h1>Minimap War</h1>")
    assert game.resources_given == [["Germans", "techTokens", "1"]]
    assert game.placements == [{"unitType": "infantry", "territory": "Nordland", "quantity": "2"}]
    kept = dict(map(tuple, pack.meta["triplea"]["map_properties"]))
    assert kept["map.showCapitolMarkers"] == "true" and kept["color.Impassable"] == "D8D8D8"


def test_images_tiles_flags_icons(mini):
    pack, rep = mini
    imgs = {im.name: im for im in pack.map.images.values()}
    tiles = sorted(n for n in imgs if n.startswith("baseTiles/"))
    assert (
        tiles
        == [f"baseTiles/{c}_{r}.png" for r, c in sorted((r, c) for r in (0, 1) for c in (0, 1, 2))]
        or len(tiles) == 6
    )
    t = imgs["baseTiles/2_1.png"]
    assert (t.x, t.y, t.width, t.height) == (512.0, 256.0, 128.0, 144.0) and t.visible
    flag = imgs["flags/Germans.png"]
    assert not flag.visible and pack.nations["Germans"].flag_image == flag.id
    assert pack.nations["British"].flag_image is None
    assert "units/Germans/infantry.png" in imgs
    assert rep.images == len(imgs) == 10


# ---------------------------------------------------------------------------- the old layout


def test_several_games_need_a_choice():
    with pytest.raises(ImportFormatError) as err:
        import_triplea(OLDMAP)
    assert "--game" in str(err.value) and "'Old War'" in str(err.value)
    with pytest.raises(ImportFormatError, match="no game 'Nope'"):
        import_triplea(OLDMAP, ImportOptions(game="Nope"))


def test_old_layout_full_base_image_and_missing_files():
    pack, rep = import_triplea(OLDMAP, ImportOptions(game="old_war_variant"))  # by file name
    assert pack.meta["title"] == "Old War Variant"
    rs = load_ruleset(next(iter(pack.scenarios.values())).ruleset, pack)
    assert rs.units["tank"].cost == 6
    assert (pack.map.width, pack.map.height) == (300.0, 300.0)  # from the base image
    tiles = [im for im in pack.map.images.values() if im.name.startswith("baseTiles/")]
    assert len(tiles) == 4 and {(t.width, t.height) for t in tiles} == {
        (256, 256),
        (44, 256),
        (256, 44),
        (44, 44),
    }
    assert any("map.properties is missing" in n for n in rep.notes)
    assert all(not z.slots for z in pack.map.zones.values())  # no place.txt
    assert pack.map.wrap_x is True  # TripleA's default without map.properties
    pack2, _ = import_triplea(OLDMAP, ImportOptions(game="Old War"))
    assert load_ruleset(next(iter(pack2.scenarios.values())).ruleset, pack2).units["tank"].cost == 5


def test_a_game_xml_file_can_be_given_directly():
    folder = find_map(OLDMAP / "games" / "old_war.xml")
    assert folder.content == OLDMAP and len(folder.games) == 1


# ---------------------------------------------------------------------------- bad input


@pytest.fixture
def oldcopy(tmp_path):
    dst = tmp_path / "map"
    shutil.copytree(OLDMAP, dst)
    (dst / "games" / "old_war_variant.xml").unlink()
    return dst


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="iso-8859-1")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="iso-8859-1")


def _png_header(w: int, h: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def test_malformed_xml_is_one_line_with_line_and_column(oldcopy, capsys):
    _edit(oldcopy / "games/old_war.xml", "<map>", "<map><territory name='x'>")
    code = main(["import", "triplea", str(oldcopy), "-o", str(oldcopy / "x.warroom")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err
    assert (
        "old_war.xml: line" in err and "column" in err and "malformed XML (mismatched tag)" in err
    )
    assert not (oldcopy / "x.warroom").exists()


def test_entity_declarations_are_refused(oldcopy):
    _edit(
        oldcopy / "games/old_war.xml",
        '<!DOCTYPE game SYSTEM "game.dtd">',
        '<!DOCTYPE game SYSTEM "game.dtd" [<!ENTITY sea "North Sea">]>',
    )
    _edit(oldcopy / "games/old_war.xml", '<territory name="North Sea"', '<territory name="&sea;"')
    with pytest.raises(
        ImportFormatError,
        match=r"old_war.xml: line 2, column \d+: entity declaration 'sea' refused",
    ):
        import_triplea(oldcopy)


def test_image_over_the_size_limit_is_refused_before_decoding(oldcopy):
    (oldcopy / "baseMap.png").write_bytes(_png_header(60000, 60000))
    with pytest.raises(
        ImportFormatError, match=r"baseMap.png: image of 60000 x 60000 pixels is over the limit"
    ):
        import_triplea(oldcopy)
    (oldcopy / "baseMap.png").write_bytes(b"not an image at all")
    with pytest.raises(ImportFormatError, match="baseMap.png: not a readable image"):
        import_triplea(oldcopy)


def test_tile_over_the_size_limit_is_refused(tmp_path):
    dst = tmp_path / "mini"
    shutil.copytree(MINIMAP, dst)
    (dst / "map/baseTiles/9_9.png").write_bytes(_png_header(5000, 5000))
    with pytest.raises(
        ImportFormatError, match=r"9_9.png: image of 5000 x 5000 pixels is over the limit"
    ):
        import_triplea(dst)


def test_unknown_names_in_the_xml(oldcopy):
    _edit(
        oldcopy / "games/old_war.xml",
        '<connection t1="Beta" t2="Gamma"/>',
        '<connection t1="Beta" t2="Gama"/>',
    )
    with pytest.raises(
        ImportFormatError,
        match=r"old_war.xml: connection 'Beta' - 'Gama' names unknown territory 'Gama'",
    ):
        import_triplea(oldcopy)


def test_unknown_owner(oldcopy):
    _edit(oldcopy / "games/old_war.xml", 'owner="Blues"/>', 'owner="Greens"/>')
    with pytest.raises(ImportFormatError, match="unknown player 'Greens'"):
        import_triplea(oldcopy)


def test_bad_polygon_line(oldcopy):
    (oldcopy / "polygons.txt").write_text("Alpha < (0,0) (5,0) (5,5) >\nBeta < (1,2 >\n")
    with pytest.raises(ImportFormatError, match=r"polygons.txt: line 2: malformed point"):
        import_triplea(oldcopy)


def test_missing_optional_files_and_loose_names(oldcopy):
    (oldcopy / "centers.txt").unlink()
    text = (oldcopy / "polygons.txt").read_text().replace("North Sea", "north   SEA")
    (oldcopy / "polygons.txt").write_text(text)
    pack, rep = import_triplea(oldcopy)
    assert any("centers.txt is missing" in n for n in rep.notes)
    assert any("'north   SEA' matched territory by loose spelling" in n for n in rep.notes)
    sea = pack.map.zone_by_name("North Sea")
    assert sea.geometry is not None and sea.label is not None


def test_missing_polygons_leaves_zones_without_geometry(oldcopy):
    (oldcopy / "polygons.txt").unlink()
    pack, rep = import_triplea(oldcopy)
    assert all(z.geometry is None for z in pack.map.zones.values())
    assert any("polygons.txt is missing" in n for n in rep.notes)


def test_not_a_map_folder(tmp_path, capsys):
    assert (
        main(["import", "triplea", str(tmp_path / "nope"), "-o", str(tmp_path / "x.warroom")]) == 2
    )
    assert "no such map folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    with pytest.raises(ImportFormatError, match="no game XML found"):
        import_triplea(tmp_path / "empty")


def test_grid_maps_are_refused_clearly(oldcopy):
    _edit(oldcopy / "games/old_war.xml", "<map>", '<map><grid name="g" type="square" x="2" y="2"/>')
    with pytest.raises(ImportFormatError, match="grid maps"):
        import_triplea(oldcopy)


# ---------------------------------------------------------------------------- fuzzing

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gamecore.errors import WarroomError  # noqa: E402

_FILES = ["games/old_war.xml", "polygons.txt", "centers.txt", "baseMap.png"]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    which=st.sampled_from(_FILES),
    cuts=st.lists(st.tuples(st.floats(0, 1), st.binary(max_size=6)), min_size=1, max_size=4),
)
def test_damaged_files_end_in_a_warroom_error_or_a_pack(tmp_path_factory, which, cuts):
    """Bytes overwritten anywhere in a map file: the import either succeeds or raises one
    WarroomError naming a file, never anything else (docs/architecture.md, Invariant 5)."""
    folder = tmp_path_factory.mktemp("fuzz") / "map"
    shutil.copytree(OLDMAP, folder)
    (folder / "games" / "old_war_variant.xml").unlink()
    path = folder / which
    data = bytearray(path.read_bytes())
    for where, junk in cuts:
        i = int(where * max(0, len(data) - 1))
        data[i : i + len(junk)] = junk
    path.write_bytes(bytes(data))
    try:
        pack, _ = import_triplea(folder)
    except WarroomError as err:
        assert "\n" not in str(err) and str(folder) in str(err)
    else:
        assert pack.scenarios


# ---------------------------------------------------------------------------- map.yml


@pytest.fixture
def minicopy(tmp_path):
    dst = tmp_path / "minimap"
    shutil.copytree(MINIMAP, dst)
    return dst


def test_flow_style_map_yml_as_current_maps_write_it(minicopy):
    shutil.copy(FIX / "yml_cases" / "flow.yml", minicopy / "map.yml")
    folder = find_map(minicopy)
    assert [n for n, _p in folder.games] == ["Minimap War : 1939", 'Minimap "Quoted"']
    assert folder.notes == []
    pack, rep = import_triplea(minicopy, ImportOptions(game="Minimap War : 1939", images=False))
    assert rep.game_file == "map/games/minimap_war.xml" and pack.map.name == "minimap"


@pytest.mark.parametrize(
    "content, note",
    [
        (None, "map.yml is missing: games found in games/"),
        (b"\xff\xfe\x00binary", "map.yml is not UTF-8 text: games found in games/"),
        (b"map_name: x\n", "map.yml lists no games: games found in games/"),
    ],
)
def test_without_a_usable_map_yml_the_games_are_found_and_it_says_so(minicopy, content, note):
    yml = minicopy / "map.yml"
    if content is None:
        yml.unlink()
    else:
        yml.write_bytes(content)
    _pack, rep = import_triplea(minicopy, ImportOptions(images=False))
    assert note in rep.notes and rep.game_file == "map/games/minimap_war.xml"


@pytest.mark.parametrize(
    "yml, message",
    [
        ((FIX / "yml_cases" / "not_yaml.yml").read_text(), "map.yml: line 3: not valid YAML"),
        (
            "games:\n- {game_name: Gone, file_name: gone.xml}\n",
            "map.yml: game 'Gone': file 'gone.xml' not found",
        ),
    ],
)
def test_a_broken_map_yml_is_one_line_exit_2(minicopy, capsys, yml, message):
    (minicopy / "map.yml").write_text(yml)
    code = main(["import", "triplea", str(minicopy), "-o", str(minicopy / "x.warroom")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and message in err, err


# ---------------------------------------------------------------------------- gaps


def _rect(x0, y0, x1, y1):
    return shapely.box(x0, y0, x1, y1)


def test_wide_border_lines_and_lakes_go_to_the_nearest_neighbours():
    """What real maps have (World War II Classic's Great Lakes between East Canada and
    East US, 12-px border lines on Global 1940): an uncovered lake between three zones
    and a wide border line, an island on its sea zone. All of it is given away, each
    point to the nearest zone; the island stays cut out; the report says by how much
    each zone changed."""
    from gamecore.interop.triplea.pixelgeom import polygons_to_coverage

    raw = {
        1: _rect(0, 0, 100, 100),  # west
        2: _rect(112, 0, 300, 60),  # north-east, a 12-px line from the west
        3: _rect(112, 80, 300, 100),  # south-east; a 20-px lake between 2 and 3
        4: _rect(0, 100, 300, 200),  # the sea
        5: _rect(140, 140, 160, 160),  # an island drawn over the sea
    }
    kinds = {1: "land", 2: "land", 3: "land", 4: "sea", 5: "land"}
    res = polygons_to_coverage(raw, kinds, (0, 0, 300, 200), gap=4.0)
    geoms = np.array([res.geoms[z] for z in sorted(res.geoms)], dtype=object)
    assert shapely.coverage_is_valid(geoms) and shapely.area(geoms).sum() == 300 * 200
    assert res.counts.get("gap_split", 0) >= 1 and res.counts.get("island_cut") == 1
    g = res.geoms
    # (traced outlines lie inside the border line: every zone grows by half the gap)
    assert g[4].intersection(g[5]).area == 0 and g[5].area == 24 * 24
    # the line between west and east is split down its middle (x = 106)
    assert g[1].contains(shapely.Point(104, 30)) and g[2].contains(shapely.Point(108, 30))
    # the lake: its upper half to the north-east zone, its lower half to the south-east
    assert g[2].contains(shapely.Point(200, 65)) and g[3].contains(shapely.Point(200, 75))
    assert set(res.changed) == {1, 2, 3, 4, 5}
    assert res.changed[2] >= 8 * 188  # at least its half of the lake
    assert res.changed[5] == 24 * 24 - 20 * 20


def test_base_ruleset_stays_valid_without_the_units_the_game_lacks():
    """Real games (270BC, Greyhawk Wars, Napoleonic Empires) have none of the base
    ruleset's units: the base's nation rules, terrain modifiers, technologies and
    options that name them are pruned instead of failing the import."""
    from gamecore.interop.triplea.importer import _prune_base

    raw = {
        "options": {"amphibious_double_exempt": ["marine", "tank"], "dice": 6},
        "terrain": {"mountain": {"attack": {"land": -1, "mountain_infantry": 1}}},
        "nations": {"CHN": {"can_buy": ["infantry"]}, "GER": {"can_buy": ["tank", "marine"]}},
        "technologies": {"lra": {"effects": [{"add": {"bomber": 1, "tank": 2}}]}},
    }
    out = _prune_base(raw, {"marine", "mountain_infantry", "bomber"}, {"GER"})
    assert out == {
        "options": {"amphibious_double_exempt": ["tank"]},
        "terrain.mountain": {"attack": {"mountain_infantry": {"remove": True}}},
        "nations.CHN": {"remove": True},
        "nations.GER": {"can_buy": ["tank"]},
        "technologies.lra": {"effects": [{"add": {"tank": 2}}]},
    }


def test_a_unit_that_moves_and_produces_is_a_unit_not_a_facility():
    from gamecore.interop.triplea.rulesmap import is_facility_unit

    assert not is_facility_unit([["movement", "1"], ["canProduceUnits", "true"]])
    assert not is_facility_unit([["movement", "6"], ["isAir", "true"], ["isAirBase", "true"]])
    assert is_facility_unit([["isAirBase", "true"]])
    assert is_facility_unit([["canProduceUnits", "true"]])
    assert is_facility_unit([["isFactory", "true"]])


def test_imported_maps_are_validated_as_triplea_maps(oldcopy):
    """Global 1940 keeps the Dutch and the Mongolians out of its step list and places
    unit slots in the sea beside small islands: neither is a problem of the map."""
    from gamecore.validate import validate

    _edit(
        oldcopy / "games/old_war.xml",
        '<player name="Blues"/>',
        '<player name="Blues"/>\n    <player name="Greens"/>',
    )
    pack, _rep = import_triplea(oldcopy, ImportOptions(images=False))
    assert pack.nations["Greens"].playable is False and pack.nations["Reds"].playable
    z = next(iter(pack.map.zones.values()))
    z.slots = [(-50.0, -50.0)]  # beside the zone, as TripleA maps do for small islands
    issues = validate(pack).issues
    assert not [i for i in issues if i.code == "SCN007"]
    (slot,) = [i for i in issues if i.code == "ATT005"]
    assert slot.severity == "info" and "as TripleA maps place them" in slot.message
    pack.meta["source"] = "hand-made"  # the same slot on a map drawn in Warroom: a warning
    (slot,) = [i for i in validate(pack).issues if i.code == "ATT005"]
    assert slot.severity == "warning"


def _nest(text: str) -> str:
    at = text.index("</game>")
    return text[:at] + "<x>" * 200_000 + "</x>" * 200_000 + text[at:]


@pytest.mark.parametrize(
    "file, change, message",
    [
        (
            "games/old_war.xml",
            lambda t: '<?xml version="1.0" encoding="UTF-7"?>' + t[t.index("?>") + 2 :],
            "unsupported XML encoding",
        ),
        ("games/old_war.xml", _nest, "nested deeper than 64 levels"),
        (
            "games/old_war.xml",
            lambda t: t.replace('name="attack" value="1"', 'name="attack" value="1e999"', 1),
            "option value '1e999' is out of range",
        ),
        (
            "polygons.txt",
            lambda t: t.replace("(0,", "(99999999999999999999999,", 1),
            "line 1: a coordinate of 'North Sea' is out of range",
        ),
        (
            "centers.txt",
            lambda t: t.replace("(", "(-99999999999999999999999", 1),
            "line 1: a coordinate of 'North Sea' is out of range",
        ),
    ],
    ids=["utf7", "deep_nesting", "attack_1e999", "polygon_beyond_int64", "center_beyond_int64"],
)
def test_hostile_input_is_one_line_exit_2(oldcopy, capsys, file, change, message):
    path = oldcopy / file
    path.write_text(change(path.read_text(encoding="iso-8859-1")), encoding="iso-8859-1")
    code = main(["import", "triplea", str(oldcopy), "-o", str(oldcopy / "x.warroom")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and message in err and file in err, err


def test_take_over_relationship_types_are_imported(tmp_path):
    """canTakeOverOwnedTerritory (Global 1940's Custodianship of the Dutch lands) names the
    relationship types under which entering a friend's zone takes it over."""
    dst = tmp_path / "minimap"
    shutil.copytree(MINIMAP, dst)
    xml = dst / "map" / "games" / "minimap_war.xml"
    _edit(
        xml,
        '<relationshipType name="Neutrality"/>',
        '<relationshipType name="Neutrality"/><relationshipType name="Custodianship"/>',
    )
    _edit(
        xml,
        '<attachment name="relationshipTypeAttachment" attachTo="Neutrality"',
        '<attachment name="relationshipTypeAttachment" attachTo="Custodianship" '
        'javaClass="games.strategy.triplea.attachments.RelationshipTypeAttachment" '
        'type="relationship"><option name="archeType" value="allied"/>'
        '<option name="canTakeOverOwnedTerritory" value="true"/></attachment>'
        '<attachment name="relationshipTypeAttachment" attachTo="Neutrality"',
    )
    _edit(
        xml,
        '<relationship type="Allied" player1="Russians" player2="British"',
        '<relationship type="Custodianship" player1="Russians" player2="British"',
    )
    pack, _ = import_triplea(dst)
    sc = next(iter(pack.scenarios.values()))
    assert sc.props["takeover_relation_types"] == ["Custodianship"]
    assert sc.props["relation_types"]["British|Russians"] == "Custodianship"
    assert sc.relation("Russians", "British").status == "aligned"
    # a game without one has no such prop
    plain, _ = import_triplea(MINIMAP)
    assert "takeover_relation_types" not in next(iter(plain.scenarios.values())).props
