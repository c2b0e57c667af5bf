"""One-line descriptions of map features for tooltips and the inspector's header, e.g.
"Major port 2/5 dmg" or "Convoy line North Run: UK 4, FRA 2". Pure functions of the pack
(and the scenario's ruleset when there is one): no Qt."""

from __future__ import annotations

from gamecore.model import Pack


def _nice(text: str) -> str:
    return text.replace("_", " ")


def facility_text(pack: Pack, f, ruleset=None) -> str:
    """ "Major port 2/5 dmg", "Air base", "Minor factory level 2, 1/5 dmg"."""
    ft = ruleset.facility_type(f.type) if ruleset is not None else None
    name = (ft.name if ft is not None and ft.name else _nice(f.type)).capitalize()
    parts = []
    if f.level != 1:
        parts.append(f"level {f.level}")
    top = getattr(ft, "max_damage", 0) if ft is not None else 0
    if f.damage or top:
        parts.append(f"{f.damage}/{top} dmg" if top else f"{f.damage} dmg")
    text = name + (" " + ", ".join(parts) if parts else "")
    if f.serves:
        zones = pack.map.zones
        text += " · serves " + ", ".join(zones[s].code if s in zones else str(s) for s in f.serves)
    return text


def line_text(pack: Pack, ln, scenario=None) -> str:
    what = {"convoy": "Convoy line", "rail": "Rail line", "river": "River"}.get(ln.kind, ln.kind)
    text = f"{what} {ln.name}".strip() if ln.name else what
    if ln.kind == "convoy":
        values = ", ".join(f"{n} {v}" for n, v in sorted(ln.values.items()))
        text += f": {values}" if values else ": no values"
        if scenario is not None:
            from gamecore.validate.checks_gw import closed_ends

            closed = closed_ends(pack.map, scenario, ln)
            if closed:
                _label, _end, holder, _enemies = closed[0]
                text += f" — closed ({holder} holds an end)"
    elif ln.kind == "rail":
        text += f" ({_nice(ln.gauge or 'standard')} gauge)"
    return text


def terrain_area_text(pack: Pack, a) -> str:
    z = pack.map.zones.get(a.zone)
    where = z.name if z is not None else f"zone {a.zone}"
    return f"{_nice(a.terrain).capitalize()} area in {where}"


def crossing_text(pack: Pack, border) -> str:
    zones = pack.map.zones

    def name(z: int) -> str:
        return zones[z].name if z in zones else str(z)

    return (
        f"Narrow crossing {name(border.a)} – {name(border.b)}: "
        f"{border.crossing_limit} unit(s) per turn"
    )


def zone_text(pack: Pack, z, scenario=None) -> str:
    """ "Romania (land, 3 IPP) — mountain · city · owner ROM"."""
    bits = [_nice(z.terrain)] if z.terrain else []
    bits += [_nice(f) for f in z.flags]
    if scenario is not None:
        owner = scenario.owner_of(z.id)
        if owner:
            bits.append(f"owner {owner}")
    head = f"{z.name} ({z.kind}" + (f", {z.value} IPP)" if z.value else ")")
    return head + (" — " + " · ".join(bits) if bits else "")


__all__ = ["crossing_text", "facility_text", "line_text", "terrain_area_text", "zone_text"]
