"""A broken copy of the bundled Barbarossa scenario, made with the editor's own undoable
scenario edits (the CLI test applies them to a pack, the GUI test pushes them): the
Rumanian Army moved into Switzerland, an eleventh SP in Army Group North's hex, eight
more Axis armies (13), and Moscow's victory hex set to 1142 (the rulebook's erratum,
rules-notes/001 §0.3) while the scenario declares 1144."""

from __future__ import annotations

from gamecore.ops.scenario import AddUnits, SetScenarioFields, SetUnits
from gamecore.paths import resource

SCENARIO = "barbarossa"
#: what the edits break, and the check that must say so
EXPECTED = {
    "HGW002": "AXIS sets up 13 armies",
    "HGW003": "stands in 1535",
    "HGW004": "holds 11 ground SPs",
    "HGW010": "one place defined twice",
    "HGW013": "'Rumanian Army' (AXIS) in 1642",
}


def pack_path():
    return resource("samples", "hgw-barbarossa.warroom")


def edits(pack) -> list:
    zone = pack.map.zone_by_code
    sc = pack.scenarios[SCENARIO]
    busy = {st.zone for st in sc.units}
    german = sorted(
        z.code
        for z in pack.map.zones.values()
        if z.region == "Germany" and z.kind == "land" and z.id not in busy
    )[:8]
    return [
        SetUnits(SCENARIO, [zone("1642").id], "AXIS", "inf", 0),
        SetUnits(SCENARIO, [zone("1535").id], "AXIS", "inf", 6),  # Switzerland
        AddUnits(SCENARIO, [zone("1240").id], "AXIS", "inf", 1),  # 5 + 5 + 1
        AddUnits(SCENARIO, [zone(c).id for c in german], "AXIS", "inf", 1),
        SetScenarioFields(SCENARIO, "option:hgw_moscow_hex", "1142"),
    ]
