"""The bundled Campaign Game I pack (issue #40; seeds/001 CAMPAIGN GAME I - THE WAR FOR
EUROPE): built by tools/hgw_board/campaign.py, reproducible, the Barbarossa board's grid
carried to hex column 57 with the same hex ids, the boxes, and a clean validation."""

from __future__ import annotations

import copy

import pytest

from gamecore.geometry.grid import snap_map
from gamecore.paths import resource
from gamecore.store import read_pack
from gamecore.store.jsonform import dump_json
from tools.hgw_board import campaign as board


@pytest.fixture(scope="module")
def pack():
    return read_pack(resource("samples", "hgw-campaign.warroom"))


def test_rebuilding_gives_the_committed_pack(pack):
    """The committed file is what the builder makes (and the builder checks the printed
    start production, 16 / 8 / 23)."""
    stored = copy.deepcopy(board.build_campaign())
    snap_map(stored.map)
    assert dump_json(stored) == dump_json(pack)


def test_the_theatre_runs_to_column_57_with_the_barbarossa_ids(pack):
    """CAMPAIGN GAME I: "the European theater generally covers the western part of the
    map through hex column xx57"; every hex of the Barbarossa board keeps its id, country
    and kind (one fit), and Siberia borders the last column."""
    barb = read_pack(resource("samples", "hgw-barbarossa.warroom"))
    cols = {z.props["hex"][1] for z in pack.map.zones.values() if "hex" in z.props}
    assert (min(cols), max(cols)) == (26, 57)
    mine = {z.code: (z.kind, z.region, z.value) for z in pack.map.zones.values()}
    for z in barb.map.zones.values():
        if "hex" in z.props and z.props["hex"][1] < 53:
            assert mine[z.code] == (z.kind, z.region, z.value), z.code
    sib = pack.map.zone_by_code("SIB")
    east = {
        pack.map.zones[b.a if b.b == sib.id else b.b].props["hex"][1]
        for b in pack.map.borders.values()
        if sib.id in (b.a, b.b) and b.props.get("offmap_side")
    }
    assert east == {57}
    assert set(pack.scenarios) == {"campaign_1", "campaign_1_2p", "campaign_2"}


def test_the_pack_validates_clean(pack):
    """`warroom validate`: no error, no warning on either campaign scenario."""
    from gamecore.validate import validate

    issues = validate(pack).issues
    assert [i for i in issues if i.severity in ("error", "warning")] == []
