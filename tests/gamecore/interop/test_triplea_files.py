"""TripleA map files: point files, map.properties, map.yml, the safe XML reader and the game
XML model (read, write in game.dtd order, read back)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecore.errors import ImportFormatError
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea.gamexml import DTD_ORDER, Game, read_game, write_game
from gamecore.interop.triplea.xmlsafe import parse_xml

# ---------------------------------------------------------------------------- point files


def test_polygons_names_rings_and_notes():
    text = (
        "Isle of  Man   <  (1,2) (5,2) (5,6) >  < (10,10) (12,10) (12,12) (10,12) >\n"
        "\n"
        "  Sea Zone (North)  < (0,0) (9,0) (9,9) > \n"
        "Dot < (1,1) (1,1) (1,1) >\n"
        "Isle of  Man < (20,20) (22,20) (22,22) >\n"
    )
    polys, notes = mf.parse_polygons(text, "polygons.txt")
    assert list(polys) == ["Isle of  Man", "Sea Zone (North)", "Dot"]  # trimmed, inner spaces kept
    assert len(polys["Isle of  Man"]) == 3  # two rings + the merged second line
    assert polys["Isle of  Man"][0].tolist() == [[1, 2], [5, 2], [5, 6]]
    assert polys["Dot"] == []
    assert any("fewer than 3" in n for n in notes)
    assert any("listed twice" in n for n in notes)


@pytest.mark.parametrize(
    "line, what",
    [
        ("NoPolygon (1,2)", "no polygon"),
        ("Open < (1,2) (3,4) (5,6)", "not closed"),
        ("Bad < (1,2) (3,x) (5,6) >", "malformed point"),
        ("< (1,2) (3,4) (5,6) >", "without a territory name"),
    ],
)
def test_polygons_errors_name_file_and_line(line, what):
    with pytest.raises(ImportFormatError) as err:
        mf.parse_polygons("Good < (0,0) (1,0) (1,1) >\n" + line + "\n", "polygons.txt")
    msg = str(err.value)
    assert msg.startswith("polygons.txt: line 2:") and what in msg and "\n" not in msg


def test_polygons_format_round_trip():
    polys = {"A  b": [np.array([[0, 0], [4, 0], [4, 3]]), np.array([[9, 9], [10, 9], [10, 10]])]}
    again, notes = mf.parse_polygons(mf.format_polygons(polys), "p")
    assert not notes
    assert [r.tolist() for r in again["A  b"]] == [r.tolist() for r in polys["A  b"]]


def test_points_names_may_hold_parentheses():
    pts, notes = mf.parse_points("Sea (North)  (10,20)\nX (1,2)\nX (3,4)\n", "centers.txt")
    assert pts == {"Sea (North)": (10, 20), "X": (1, 2)}
    assert notes and "listed twice" in notes[0]
    with pytest.raises(ImportFormatError, match=r"centers.txt: line 1: no point"):
        mf.parse_points("Nowhere\n", "centers.txt")


def test_place_overflow_to_left_round_trip():
    text = "Belarus  (1011,1021)  (1012,1022)  | overflowToLeft=true\nEast (4,5)\nOdd (1,1) | x=1\n"
    place, notes = mf.parse_place(text, "place.txt")
    assert place["Belarus"].points == [(1011, 1021), (1012, 1022)]
    assert place["Belarus"].overflow_to_left is True
    assert place["East"].overflow_to_left is None
    assert notes and "ignored" in notes[0]
    again, _ = mf.parse_place(mf.format_place(place), "place.txt")
    assert again == place


def test_properties_java_syntax():
    text = (
        "# comment\n! also a comment\n"
        "map.width = 640\n"
        "color.Germans:5A5A5A\n"
        "key\\ with\\ spaces=a\\=b\n"
        "long=first \\\n    second\n"
        "unicode=caf\\u00e9\n"
    )
    items = dict(mf.parse_properties(text))
    assert items == {
        "map.width": "640",
        "color.Germans": "5A5A5A",
        "key with spaces": "a=b",
        "long": "first second",
        "unicode": "café",
    }


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12),
            st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
        ),
        max_size=6,
    )
)
def test_properties_round_trip(items):
    assert mf.parse_properties(mf.format_properties(items)) == items


YML = Path(__file__).resolve().parents[2] / "fixtures" / "triplea" / "yml_cases"


def test_map_yml_flow_style_as_current_maps_write_it():
    data = mf.parse_map_yml((YML / "flow.yml").read_text(), "map.yml")
    assert data["map_name"] == "minimap" and data["version"] == ""
    assert data["games"] == [
        {"game_name": "Minimap War : 1939", "file_name": "minimap_war.xml"},
        {
            "game_name": 'Minimap "Quoted"',
            "file_name": "games/minimap_war.xml",
            "notes": "extra field",
        },
    ]


def test_map_yml_block_style_comments_and_extra_keys():
    data = mf.parse_map_yml((YML / "block.yml").read_text(), "map.yml")
    assert data["map_name"] == "My Map: Deluxe" and data["version"] == "3"
    assert data["games"] == [
        {"game_name": "First Game", "file_name": "games/first.xml"},
        {"game_name": "Second", "file_name": "second.xml"},
    ]
    assert data["extra"] == [
        ("description", "hello"),
        ("skins", [{"skin_name": "Night", "file_path": "skins/night"}]),
    ]


@given(
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20),
    st.lists(
        st.tuples(
            st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12),
            st.from_regex(r"[A-Za-z0-9_ ./-]{1,12}\.xml", fullmatch=True),
        ),
        max_size=4,
    ),
)
@settings(max_examples=60, deadline=None)
def test_map_yml_written_reads_back(name, games):
    out = mf.parse_map_yml(mf.format_map_yml(name, games, "7"), "map.yml")
    assert out["map_name"] == name and out["version"] == "7"
    assert out["games"] == [{"game_name": g, "file_name": f} for g, f in games]


@pytest.mark.parametrize(
    "text, match",
    [
        ((YML / "not_yaml.yml").read_text(), r"line \d+: not valid YAML"),
        ("games:\n\t- game_name: x\n", "tabs"),
        ((YML / "aliases.yml").read_text(), "aliases"),
        ("games: " + "[" * 500 + "]" * 500 + "\n", "nested deeper"),
        ("- just\n- a list\n", "expected 'key: value'"),
        ("games: {a: 1}\n", "'games' must be a list"),
        ("games:\n  - just a string\n", "game entry 1"),
        ("map_name: [a, b]\n", "'map_name' must be a single value"),
        ("a: 1\n---\nb: 2\n", "more than one YAML document"),
        ("x: !!python/object:os.system ls\n", "not valid YAML"),
        ("map_name: " + "x" * (mf.MAX_YML_BYTES + 1), "over"),
    ],
)
def test_map_yml_bad_input_is_one_line(text, match):
    with pytest.raises(ImportFormatError, match=match) as err:
        mf.parse_map_yml(text, "map.yml")
    assert "\n" not in str(err.value) and "map.yml" in str(err.value)


# ---------------------------------------------------------------------------- safe XML


def test_xml_doctype_is_read_but_nothing_is_fetched():
    doc = parse_xml(
        b'<?xml version="1.0"?>\n<!DOCTYPE game SYSTEM "http://example.invalid/game.dtd">\n'
        b"<game>\n<info/>\n</game>",
        "g.xml",
    )
    assert doc.doctype == "game"
    assert doc.line(doc.root[0]) == 4


@pytest.mark.parametrize(
    "xml",
    [
        b'<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa">]><game>&a;</game>',
        b'<!DOCTYPE game [<!ENTITY a SYSTEM "file:///etc/passwd">]><game>&a;</game>',
        b'<!DOCTYPE game [<!ENTITY % p SYSTEM "http://example.invalid/x"> %p;]><game/>',
        b'<!DOCTYPE g [<!ENTITY x SYSTEM "u" NDATA png>]><g/>',
    ],
)
def test_xml_entity_declarations_are_refused(xml):
    with pytest.raises(ImportFormatError) as err:
        parse_xml(xml, "games/bad.xml")
    msg = str(err.value)
    assert msg.startswith("games/bad.xml: line 1, column") and "refused" in msg


def test_xml_billion_laughs_is_refused_at_once():
    lol = b'<!DOCTYPE lolz [<!ENTITY lol "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10 if i > 1 else b"&lol;" * 10)
        for i in range(1, 10)
    )
    # refused before anything is expanded (an expanding parser would need ~3 GB here;
    # the suite's per-test timeout catches a hang)
    with pytest.raises(ImportFormatError, match="refused"):
        parse_xml(lol + b"]><lolz>&lol9;</lolz>", "x.xml")


@pytest.mark.parametrize(
    "xml, where",
    [
        (b"<game>\n  <map>\n</game>", "line 3, column 3"),
        (b"<game>\n<a b='1' b='2'/></game>", "line 2"),
        (b"<game>&undefined;</game>", "line 1"),
        (b"", "line 1"),
    ],
)
def test_malformed_xml_names_line_and_column(xml, where):
    with pytest.raises(ImportFormatError) as err:
        parse_xml(xml, "games/g.xml")
    assert where in str(err.value) and "malformed XML" in str(err.value)


# ---------------------------------------------------------------------------- game XML model

SMALL = b"""<?xml version="1.0"?>
<game>
  <info name="Tiny" version="1"/>
  <loader javaClass="games.strategy.triplea.TripleA"/>
  <map><territory name="A"/><territory name="B" water="true"/><connection t1="A" t2="B"/></map>
  <playerList><player name="P" optional="true"/><alliance player="P" alliance="X"/></playerList>
  <unitList><unit name="u"/></unitList>
  <gamePlay><delegate name="d" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
    <sequence><step name="s" delegate="d" player="P"><stepProperty name="k" value="v"/></step>
    </sequence><offset round="2"/></gamePlay>
  <attachmentList><attachment name="unitAttachment" attachTo="u"
     javaClass="games.strategy.triplea.attachments.UnitAttachment" type="unitType">
     <option name="movement" value="1"/><option name="x" value="y" count="2"/></attachment>
  </attachmentList>
  <futureList><future name="v"><element name="A"/></future></futureList>
  <initialize><ownerInitialize><territoryOwner territory="A" owner="P"/></ownerInitialize>
  </initialize>
  <propertyList><property name="notes"><value><![CDATA[<b>hi</b> & bye]]></value></property>
    <property name="n" value="3" editable="true"><number min="1" max="5"/></property>
  </propertyList>
</game>"""


def test_game_reads_writes_in_dtd_order_and_keeps_unknown_elements():
    g = read_game(parse_xml(SMALL, "tiny.xml"))
    assert g.territories == [["A", False], ["B", True]]
    assert g.gameplay.steps[0].props == [["k", "v"]] and g.gameplay.offset == "2"
    assert g.attachments[0].options == [["movement", "1", ""], ["x", "y", "2"]]
    # (an element of a later TripleA; variableList is expanded instead, see variables.py)
    assert g.unknown[0][0] == "attachmentList" and "futureList" in g.unknown[0][1]
    assert g.property("notes").value == "<b>hi</b> & bye"
    text = write_game(g)
    tags = [el.tag for el in parse_xml(text.encode(), "out.xml").root]
    known = [t for t in tags if t in DTD_ORDER]
    assert known == sorted(known, key=DTD_ORDER.index)
    assert tags.index("futureList") == tags.index("attachmentList") + 1
    again = read_game(parse_xml(text.encode(), "out.xml"))
    assert again.to_json() == g.to_json()
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize(
    "xml, what",
    [
        (b"<notgame/>", "not a TripleA game"),
        (b"<game><map/></game>", "no <info>"),
        (
            b'<game><info name="x"/><map><territory/></map></game>',
            "line 1: <territory> has no 'name'",
        ),
        (b'<game><info name="x"/><info name="y"/><map/></game>', "<info> appears twice"),
    ],
)
def test_game_structure_errors(xml, what):
    with pytest.raises(ImportFormatError) as err:
        read_game(parse_xml(xml, "g.xml"))
    assert what in str(err.value) and str(err.value).startswith("g.xml: ")
