"""The live validator's snapshot of the pack (editor.validation.Frozen): an equal copy
that shares the immutable geometries, frozen on the GUI thread and thawed once."""

from __future__ import annotations

from editor.demo import demo_pack
from editor.validation import _SHARED, Frozen, snapshot


def test_the_snapshot_is_an_equal_copy_sharing_the_geometries():
    pack = demo_pack()
    copy = snapshot(pack)
    assert copy == pack and copy is not pack
    for zid, z in pack.map.zones.items():
        assert copy.map.zones[zid] is not z
        assert copy.map.zones[zid].geometry is z.geometry  # shared, not copied
    copy.scenarios["1939"].units.clear()  # the copy is the worker's own
    assert pack.scenarios["1939"].units
    assert not _SHARED  # nothing kept once thawed


def test_a_snapshot_never_thawed_lets_its_geometries_go():
    frozen = Frozen(demo_pack())
    assert frozen.token in _SHARED
    del frozen
    assert not _SHARED
