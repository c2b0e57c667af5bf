"""Validator.update with the edit's fields: whole-pack checks that declare what they read
keep their last result after an edit that changed none of it, and the report is still
the full run's (on the bundled sample, with its scenarios, objectives and lines)."""

from __future__ import annotations

import pytest
import shapely

from gamecore.geometry.coverage import Coverage
from gamecore.ops import SetZoneAttrs
from gamecore.ops.authoring import geometry_edit
from gamecore.paths import sample_pack
from gamecore.store import read_pack
from gamecore.validate import Validator, core


@pytest.fixture(scope="module")
def sample():
    path = sample_pack()
    if not path.exists():
        pytest.skip("the bundled sample is not built")
    return path


def _keys(report):
    return sorted((i.key, i.message) for i in report.issues)


def _land(pack):
    land = [z for z in pack.map.zones.values() if z.kind == "land" and z.geometry is not None]
    return max(land, key=lambda z: z.geometry.area)


def test_value_edit_skips_checks_that_do_not_read_values(sample, monkeypatch):
    pack = read_pack(sample)
    v = Validator(pack)
    v.run()
    ran: list[str] = []
    real = Validator._run_check

    def spy(self, info, zones):
        ran.append(info.code)
        return real(self, info, zones)

    monkeypatch.setattr(Validator, "_run_check", spy)
    z = _land(pack)
    change = SetZoneAttrs([z.id], "value", z.value + 7).apply(pack)
    inc = v.update(change.zones, geometry_changed=False, fields=change.fields)
    assert "SCN009" not in ran and "GW003" not in ran  # they read no zone value
    assert "SCN010" in ran  # objectives may count zone values
    monkeypatch.setattr(Validator, "_run_check", real)
    assert _keys(inc) == _keys(Validator(pack).run())


def test_name_and_geometry_edits_still_match_a_full_run(sample):
    pack = read_pack(sample)
    v = Validator(pack)
    v.run()
    z = _land(pack)
    # renaming a zone that conditions may name: SCN009 runs again
    change = SetZoneAttrs([z.id], "name", "Nowhere Land").apply(pack)
    inc = v.update(change.zones, geometry_changed=False, fields=change.fields)
    assert _keys(inc) == _keys(Validator(pack).run())
    # a shared vertex moved: every check reading shapes runs again
    cov = Coverage.from_map(pack.map)
    x, y = shapely.get_coordinates(z.geometry)[3]
    cs = cov.move_vertices({(x, y): (x + 0.5, y + 0.25)}, dry_run=True)
    change = geometry_edit(cs, None, "Move vertex").apply(pack)
    touched = change.geometry | change.zones
    inc = v.update(touched, geometry_changed=True, fields=change.fields)
    assert _keys(inc) == _keys(Validator(pack).run())


def test_reads_are_zone_fields_only():
    for info in core.REGISTRY.values():
        if info.reads is not None:
            assert not info.per_zone
            assert all(r.startswith(core.LOCAL_FAMILIES) for r in info.reads), info.code


def test_convoy_paths_synced_near_an_edit_match_a_full_sync(sample):
    """geometry_edit re-syncs only the convoy lines near the reshaped zones: the result is
    the same as re-syncing every line, for vertex moves across the sample's sea zones."""
    from gamecore.ops.authoring import SyncConvoyPaths

    pack = read_pack(sample)
    SyncConvoyPaths().apply(pack)  # the sample stores some paths by hand: start in sync
    cov = Coverage.from_map(pack.map)
    convoy = [ln for ln in pack.map.lines.values() if ln.kind == "convoy" and ln.path]
    assert convoy
    moved = 0
    for line in convoy[:6]:
        zid = line.path[len(line.path) // 2]
        for x, y in shapely.get_coordinates(pack.map.zones[zid].geometry)[:12:3]:
            try:
                cs = cov.move_vertices({(x, y): (x + 6.0, y - 4.0)}, dry_run=True)
            except Exception:  # a move the coverage refuses: try another vertex
                continue
            geometry_edit(cs, None, "Move vertex").apply(pack)
            cov.apply(cs, check=False)
            moved += 1
            full = SyncConvoyPaths()
            full.apply(pack)
            assert full.is_noop(), f"lines left stale: {sorted(full._old)}"
    assert moved >= 6
