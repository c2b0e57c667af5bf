"""A semantic diff of two packs (``warroom diff A B``).

:func:`diff_packs` returns :class:`DiffEntry` items in a fixed order: map attributes, zones
(by id: added, removed, renamed, geometry changed with the area change, attributes), border
attributes, links, terrain areas, facilities, lines, images, nations, scenarios (fields,
alliances, relations, ownership, the unit setup as per-nation deltas such as
"Germany: +2 tank in Poland", banks, income overrides, objectives), rulesets, playtests,
pack meta and ignored issues. :func:`render_text` prints them one per line;
:meth:`DiffEntry.to_json` gives the ``--json`` form.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gamecore.model import Border, Pack, Scenario, Zone

#: decimals of areas in the text
_AREA_DIGITS = 2


@dataclass
class DiffEntry:
    section: str  # map, zone, border, link, terrain_area, facility, line, image, nation, …
    key: str  # the id (zone id, "3-7" for a border, "1939" for a scenario, …)
    change: str  # added, removed, renamed, geometry, changed, setup, …
    text: str  # one human-readable line
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "key": self.key,
            "change": self.change,
            "text": self.text,
            "details": _jsonable(self.details),
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, bytes):
        return f"<{len(v)} bytes>"
    if hasattr(v, "geom_type"):
        return v.wkt if len(v.wkt) < 200 else f"<{v.geom_type}>"
    return v


def _show(v: Any, limit: int = 80) -> str:
    if isinstance(v, bytes):
        return f"<{len(v)} bytes>"
    if isinstance(v, str) and "\n" in v:
        return f"<{v.count(chr(10)) + 1} lines>"
    text = repr(v) if isinstance(v, str) else str(v)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _same_pixels(a: bytes, b: bytes) -> bool:
    """Whether two encoded images decode to the same pixels (any format Pillow reads;
    False when either does not decode)."""
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(a)) as ia, Image.open(io.BytesIO(b)) as ib:
            if ia.size != ib.size:
                return False
            return ia.convert("RGBA").tobytes() == ib.convert("RGBA").tobytes()
    except Exception:  # noqa: BLE001 - undecodable data: not provably the same
        return False


class _Differ:
    def __init__(self, a: Pack, b: Pack):
        self.a, self.b = a, b
        self.out: list[DiffEntry] = []

    def add(self, section, key, change, text, **details) -> None:
        self.out.append(DiffEntry(section, str(key), change, text, details))

    # -- names ---------------------------------------------------------------------------
    def zone_name(self, zid: int | None) -> str:
        if zid is None:
            return "nowhere"
        z = self.b.map.zones.get(zid) or self.a.map.zones.get(zid)
        return z.name if z else f"zone {zid}"

    def nation_name(self, nid: str | None) -> str:
        if nid is None:
            return "nobody"
        n = self.b.nations.get(nid) or self.a.nations.get(nid)
        return n.name if n else nid

    # -- generic -------------------------------------------------------------------------
    def fields(self, section, key, subject, old, new, skip=()) -> None:
        for f in dataclasses.fields(old):
            if f.name in skip:
                continue
            va, vb = getattr(old, f.name), getattr(new, f.name)
            if va != vb:
                self.add(
                    section,
                    key,
                    "changed",
                    f"{subject}: {f.name} {_show(va)} -> {_show(vb)}",
                    field=f.name,
                    old=va,
                    new=vb,
                )

    def table(self, section, old: dict, new: dict, describe, skip=("id",), prefix="") -> None:
        """Added/removed/changed rows of one keyed table (keys sorted)."""
        for k in sorted(set(old) | set(new), key=_sort_key):
            key = prefix + _key(k)
            if k not in old:
                self.add(section, key, "added", f"{describe(new[k])} added")
            elif k not in new:
                self.add(section, key, "removed", f"{describe(old[k])} removed")
            elif old[k] != new[k]:
                self.fields(section, key, describe(new[k]), old[k], new[k], skip)

    def images(self, old: dict, new: dict) -> None:
        """Images compare by their decoded pixels: a tile re-encoded (another PNG
        compressor, another chunk order) is the same image."""
        same = {}
        for k in set(old) & set(new):
            ia, ib = old[k], new[k]
            if ia != ib and ia.data != ib.data and _same_pixels(ia.data, ib.data):
                same[k] = dataclasses.replace(ib, data=ia.data, format=ia.format)
        self.table(
            "image", old, {**new, **same}, lambda im: f"image {im.id} {im.name!r}", skip=("id",)
        )

    # -- sections ------------------------------------------------------------------------
    def run(self) -> list[DiffEntry]:
        a, b = self.a.map, self.b.map
        for name in ("name", "width", "height", "crs", "transform", "wrap_x", "props"):
            va, vb = getattr(a, name), getattr(b, name)
            if va != vb:
                self.add(
                    "map",
                    name,
                    "changed",
                    f"map: {name} {_show(va)} -> {_show(vb)}",
                    field=name,
                    old=va,
                    new=vb,
                )
        self.zones()
        self.borders()
        self.table("link", a.links, b.links, self.describe_link)
        self.table(
            "terrain_area",
            a.terrain_areas,
            b.terrain_areas,
            lambda t: f"terrain area {t.id} ({t.terrain} in {self.zone_name(t.zone)})",
            skip=("id", "geometry"),
        )
        self.geometry_changes("terrain_area", a.terrain_areas, b.terrain_areas, "terrain area")
        self.table(
            "facility",
            a.facilities,
            b.facilities,
            lambda f: f"facility {f.id} ({f.type} in {self.zone_name(f.zone)})",
        )
        self.table("line", a.lines, b.lines, lambda ln: f"{ln.kind} line {ln.id} {ln.name!r}")
        self.images(a.images, b.images)
        self.table("nation", self.a.nations, self.b.nations, lambda n: f"nation {n.id} ({n.name})")
        self.scenarios()
        self.table(
            "ruleset",
            self.a.rulesets,
            self.b.rulesets,
            lambda r: f"ruleset {r.id}",
        )
        self.table(
            "playtest",
            self.a.playtests,
            self.b.playtests,
            lambda p: f"playtest {p.id} ({p.scenario}, {p.created})",
        )
        for k in sorted(set(self.a.meta) | set(self.b.meta)):
            va, vb = self.a.meta.get(k), self.b.meta.get(k)
            if k not in self.a.meta:
                self.add("meta", k, "added", f"meta {k} = {_show(vb)} added", new=vb)
            elif k not in self.b.meta:
                self.add("meta", k, "removed", f"meta {k} removed", old=va)
            elif va != vb:
                self.add(
                    "meta", k, "changed", f"meta {k}: {_show(va)} -> {_show(vb)}", old=va, new=vb
                )
        ia, ib = set(self.a.ignored_issues), set(self.b.ignored_issues)
        for issue in sorted(ib - ia):
            self.add("ignored_issue", issue, "added", f"ignored issue {issue} added")
        for issue in sorted(ia - ib):
            self.add("ignored_issue", issue, "removed", f"ignored issue {issue} removed")
        return self.out

    def zones(self) -> None:
        old, new = self.a.map.zones, self.b.map.zones
        for zid in sorted(set(old) | set(new)):
            za, zb = old.get(zid), new.get(zid)
            if za is None:
                self.add(
                    "zone",
                    zid,
                    "added",
                    f"zone {zid} {zb.name!r} added ({zb.kind}, code {zb.code!r})",
                    name=zb.name,
                    kind=zb.kind,
                    code=zb.code,
                    area=_area(zb),
                )
                continue
            if zb is None:
                self.add(
                    "zone",
                    zid,
                    "removed",
                    f"zone {zid} {za.name!r} removed",
                    name=za.name,
                    kind=za.kind,
                    code=za.code,
                )
                continue
            if za == zb:
                continue
            subject = f"zone {zid} {zb.name!r}"
            if za.name != zb.name:
                self.add(
                    "zone",
                    zid,
                    "renamed",
                    f"zone {zid} renamed {za.name!r} -> {zb.name!r}",
                    old=za.name,
                    new=zb.name,
                )
            if za.geometry != zb.geometry:
                self.geometry_entry("zone", zid, subject, za.geometry, zb.geometry)
            self.fields("zone", zid, subject, za, zb, skip=("id", "name", "geometry"))

    def geometry_changes(self, section, old: dict, new: dict, noun: str) -> None:
        for k in sorted(set(old) & set(new)):
            if old[k].geometry != new[k].geometry:
                self.geometry_entry(section, k, f"{noun} {k}", old[k].geometry, new[k].geometry)

    def geometry_entry(self, section, key, subject, ga, gb) -> None:
        aa = ga.area if ga is not None else 0.0
        ab = gb.area if gb is not None else 0.0
        d = _AREA_DIGITS
        self.add(
            section,
            key,
            "geometry",
            f"{subject}: geometry changed (area {aa:.{d}f} -> {ab:.{d}f}, {ab - aa:+.{d}f})",
            area_old=aa,
            area_new=ab,
            area_delta=ab - aa,
        )

    def borders(self) -> None:
        old, new = self.a.map.borders, self.b.map.borders
        for k in sorted(set(old) | set(new)):
            ba, bb = old.get(k) or Border(*k), new.get(k) or Border(*k)
            if ba == bb:
                continue
            subject = f"border {k[0]}-{k[1]} ({self.zone_name(k[0])}|{self.zone_name(k[1])})"
            self.fields("border", f"{k[0]}-{k[1]}", subject, ba, bb, skip=("a", "b"))

    def describe_link(self, lk) -> str:
        via = f" via {self.zone_name(lk.via)}" if lk.via is not None else ""
        return f"{lk.kind} link {lk.id} ({self.zone_name(lk.a)} - {self.zone_name(lk.b)}{via})"

    def scenarios(self) -> None:
        old, new = self.a.scenarios, self.b.scenarios
        for sid in list(old) + [s for s in new if s not in old]:
            sa, sb = old.get(sid), new.get(sid)
            if sa is None:
                self.add("scenario", sid, "added", f"scenario {sid} {sb.name!r} added")
                continue
            if sb is None:
                self.add("scenario", sid, "removed", f"scenario {sid} {sa.name!r} removed")
                continue
            if sa != sb:
                self.scenario(sid, sa, sb)

    def scenario(self, sid: str, sa: Scenario, sb: Scenario) -> None:
        subject = f"scenario {sid}"
        self.fields(
            "scenario",
            sid,
            subject,
            sa,
            sb,
            skip=(
                "id",
                "alliances",
                "relations",
                "ownership",
                "units",
                "banks",
                "income_overrides",
                "objectives",
            ),
        )
        self.table(
            "alliance",
            sa.alliances,
            sb.alliances,
            lambda al: f"{subject}: alliance {al.id} ({al.name})",
            prefix=f"{sid}:",
        )
        for k in sorted(set(sa.relations) | set(sb.relations)):
            ra, rb = sa.relations.get(k), sb.relations.get(k)
            if ra == rb:
                continue
            who = f"{self.nation_name(k[0])}-{self.nation_name(k[1])}"
            ta = "none" if ra is None else ra.status
            tb = "none" if rb is None else rb.status
            if ta == tb:
                ta = f"{ta} (initiated by {ra.initiated_by})"
                tb = f"{tb} (initiated by {rb.initiated_by})"
            self.add(
                "relation",
                f"{sid}:{k[0]}-{k[1]}",
                "changed",
                f"{subject}: {who} {ta} -> {tb}",
                scenario=sid,
                a=k[0],
                b=k[1],
                old=None if ra is None else dataclasses.asdict(ra),
                new=None if rb is None else dataclasses.asdict(rb),
            )
        for zid in sorted(set(sa.ownership) | set(sb.ownership)):
            oa, ob = sa.ownership.get(zid), sb.ownership.get(zid)
            if oa == ob:
                continue
            parts = []
            for attr in ("owner", "original"):
                va = getattr(oa, attr) if oa else None
                vb = getattr(ob, attr) if ob else None
                if va != vb:
                    parts.append(f"{attr} {self.nation_name(va)} -> {self.nation_name(vb)}")
            self.add(
                "ownership",
                f"{sid}:{zid}",
                "changed",
                f"{subject}: {self.zone_name(zid)}: {', '.join(parts)}",
                scenario=sid,
                zone=zid,
                old=None if oa is None else dataclasses.asdict(oa),
                new=None if ob is None else dataclasses.asdict(ob),
            )
        self.setup(sid, sa, sb)
        for attr, noun in (("banks", "bank"), ("income_overrides", "income override")):
            da, db = getattr(sa, attr), getattr(sb, attr)
            for n in sorted(set(da) | set(db)):
                va, vb = da.get(n), db.get(n)
                if va != vb:
                    self.add(
                        attr.rstrip("s"),
                        f"{sid}:{n}",
                        "changed",
                        f"{subject}: {self.nation_name(n)} {noun} {va} -> {vb}",
                        scenario=sid,
                        nation=n,
                        old=va,
                        new=vb,
                    )
        self.table(
            "objective",
            sa.objectives,
            sb.objectives,
            lambda o: f"{subject}: {o.kind} {o.id} ({o.name})",
            prefix=f"{sid}:",
        )

    def setup(self, sid: str, sa: Scenario, sb: Scenario) -> None:
        ca, cb = _unit_counts(sa), _unit_counts(sb)
        keys = sorted(set(ca) | set(cb), key=lambda k: (k[0], self.zone_name(k[1]), k[2], k[1]))
        for nation, zid, unit in keys:
            delta = cb.get((nation, zid, unit), 0) - ca.get((nation, zid, unit), 0)
            if not delta:
                continue
            self.add(
                "setup",
                f"{sid}:{nation}:{zid}:{unit}",
                "setup",
                f"scenario {sid}: {self.nation_name(nation)}: {delta:+d} {unit} "
                f"in {self.zone_name(zid)}",
                scenario=sid,
                nation=nation,
                zone=zid,
                unit_type=unit,
                delta=delta,
                old=ca.get((nation, zid, unit), 0),
                new=cb.get((nation, zid, unit), 0),
            )
        if not any(e.section == "setup" and e.key.startswith(f"{sid}:") for e in self.out):
            if sa.units != sb.units:
                self.add(
                    "setup",
                    sid,
                    "changed",
                    f"scenario {sid}: unit stacks reordered or their details changed",
                    scenario=sid,
                )


def _unit_counts(s: Scenario) -> Counter:
    c: Counter = Counter()
    for u in s.units:
        c[(u.nation, u.zone, u.unit_type)] += u.count
    return c


def _area(z: Zone) -> float:
    return z.geometry.area if z.geometry is not None else 0.0


def _sort_key(k: Any) -> tuple:
    return (0, k, "") if isinstance(k, int) else (1, 0, str(k))


def _key(k: Any) -> str:
    if isinstance(k, tuple):
        return "-".join(str(x) for x in k)
    return str(k)


def diff_packs(a: Pack, b: Pack) -> list[DiffEntry]:
    """What changed from pack ``a`` to pack ``b``."""
    return _Differ(a, b).run()


def render_text(entries: list[DiffEntry]) -> str:
    """One line per entry ("no differences" when there are none)."""
    if not entries:
        return "no differences\n"
    return "".join(e.text + "\n" for e in entries)


def diff_to_json(entries: list[DiffEntry]) -> list[dict[str, Any]]:
    return [e.to_json() for e in entries]
