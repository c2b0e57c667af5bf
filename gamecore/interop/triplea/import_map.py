"""The TripleA importer's map: map.properties and the frame, territories, polygons,
point files, nations, canals and adjacency, images and the pack's meta."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from gamecore.errors import GeometryError, ImportFormatError
from gamecore.interop.triplea import images as img
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea import unitart
from gamecore.interop.triplea.gamexml import Attachment
from gamecore.interop.triplea.import_common import (
    BOXES_KEY,
    DEFAULT_COLOURS,
    HASH_KEY,
    MODELLED_PROPERTIES,
    POINT_FILES,
    _generated_flag,
    _ImportBase,
    _Names,
    _options,
    _sha,
    _true,
    _zone_code,
)
from gamecore.interop.triplea.pixelgeom import polygons_to_coverage, territory_geometries
from gamecore.model import (
    Link,
    Map,
    Nation,
    Zone,
)


class _MapImport(_ImportBase):
    """The parts of the import that make the pack's map and nations."""

    # -- map.properties and the frame
    def _map_properties(self) -> None:
        p = self.folder.content / "map.properties"
        items: list[tuple[str, str]] = []
        if self._present(p):
            items = mf.parse_properties(mf.read_text(p))
        else:
            self.notes.append("map.properties is missing (defaults used)")
        self.props_in = items
        self.mprops = dict(items)

    # -- territories
    def _zones(self) -> None:
        g = self.game
        used: set[str] = set()
        for i, (name, water) in enumerate(g.territories, 1):
            if name in self.zid:
                raise self.fail(f"territory '{name}' is defined twice")
            self.zid[name] = i
            z = Zone(i, _zone_code(name, water, used), name, "sea" if water else "land")
            z.terrain = "sea" if water else "clear"
            self.m.zones[i] = z
        known = set(self.zid)
        for a, b in g.connections + g.removed_connections:
            for t in (a, b):
                if t not in known:
                    raise self.fail(f"connection {a!r} - {b!r} names unknown territory {t!r}")

    def _attachments_index(self) -> None:
        g = self.game
        units = set(g.units)
        for a in g.attachments:
            kind = a.kind
            if kind == "unit" and a.name == "unitAttachment":
                if a.attach_to not in units:
                    raise self.fail(f"unitAttachment attached to unknown unit '{a.attach_to}'")
                self.attachments["unit"][a.attach_to] = a
            elif kind == "territory" and a.name == "territoryAttachment":
                if a.attach_to not in self.zid:
                    raise self.fail(
                        f"territoryAttachment attached to unknown territory '{a.attach_to}'"
                    )
                self.attachments["territory"][a.attach_to] = a
            elif kind == "canal" and a.name.startswith("canalAttachment"):
                self.attachments["canal"].append(a)
        for uname in g.units:
            ua = self.attachments["unit"].get(uname)
            if ua is not None and rm.is_facility_unit(ua.options):
                self.facility_units[uname] = ua.options
        for tname, ta in self.attachments["territory"].items():
            if _true(_options(ta).get("isImpassable")):
                z = self.m.zones[self.zid[tname]]
                if z.kind == "land":
                    z.kind = "impassable"

    # -- geometry
    def _geometry(self) -> None:
        content = self.folder.content
        ppath = content / "polygons.txt"
        if not self._present(ppath):
            self.notes.append("polygons.txt is missing: zones have no geometry")
            self._frame(None)
            return
        self.progress("reading polygons", 0.1)
        text = mf.read_text(ppath)
        polys, notes = mf.parse_polygons(text, ppath)
        self.notes.extend(f"polygons.txt: {n}" for n in notes)
        names = _Names(self.zid)
        rings_of: dict[int, list] = {}
        orphans = []
        # placeholders Warroom's export wrote for off-map boxes: not shapes
        boxes = {b for b in self.mprops.get(BOXES_KEY, "").split("|") if b}
        for name, rings in polys.items():
            if name in boxes:
                continue
            zid = names.get(name, self.notes, "polygons.txt")
            if zid is None:
                orphans.append(name)
                continue
            rings_of.setdefault(zid, []).extend(rings)
        raw: dict[int, Any] = territory_geometries(rings_of)
        for zid in rings_of:
            if zid not in raw:
                self.notes.append(f"polygons.txt: '{self.m.zones[zid].name}' has no usable polygon")
        if orphans:
            shown = ", ".join(repr(o) for o in orphans[:10])
            more = f" and {len(orphans) - 10} more" if len(orphans) > 10 else ""
            self.notes.append(
                f"polygons.txt: {len(orphans)} orphan polygon(s) ignored: {shown}{more}"
            )
        missing = [
            self.m.zones[z].name
            for z in self.m.zones
            if z not in raw and self.m.zones[z].name not in boxes
        ]
        if missing:
            self.notes.append(
                f"{len(missing)} territories have no polygon: "
                + ", ".join(repr(n) for n in missing[:10])
            )
        bounds = shapely.total_bounds(np.array(list(raw.values()), dtype=object)) if raw else None
        self._frame(bounds)
        mode = self.opts.geometry
        if mode == "auto":
            mode = "exact" if self.mprops.get(HASH_KEY) == _sha(text) else "traced"
        if mode not in ("traced", "exact"):
            raise ImportFormatError(f"unknown geometry mode '{mode}' (auto, traced or exact)")
        kinds = {zid: self.m.zones[zid].kind for zid in raw}
        try:
            res = polygons_to_coverage(
                raw,
                kinds,
                (0.0, 0.0, self.m.width, self.m.height),
                mode=mode,
                gap=self.opts.gap,
                simplify=self.opts.simplify,
                progress=self.progress,
            )
        except (GeometryError, shapely.errors.GEOSException, ValueError) as err:
            reason = str(err).splitlines()[0] if str(err) else type(err).__name__
            raise ImportFormatError(f"the polygons cannot be cleaned: {reason}", ppath) from None
        self.report.geometry_mode = mode
        self.report.geometry = res.counts
        self.report.geometry_messages = res.messages
        if mode == "traced":
            self.report.zone_changes = {
                self.m.zones[z].name: round(a, 1) for z, a in res.changed.items()
            }
        for zid, geom in res.geoms.items():
            z = self.m.zones[zid]
            z.geometry = geom
            # a TripleA territory is whatever rings it is drawn in (an island group, or a
            # coast cut by a sea zone's outline): in parts as it is written, and so again
            # when Warroom's export of it is read back
            if geom.geom_type == "MultiPolygon":
                z.props["multipart"] = True
        lost = [self.m.zones[z].name for z in raw if z not in res.geoms]
        if lost:
            self.notes.append(
                f"{len(lost)} territories lost all their area in cleaning: "
                + ", ".join(repr(n) for n in lost[:10])
            )
        self._holding_boxes(boxes)

    def _holding_boxes(self, placeholders: set[str]) -> None:
        """A territory with no shape on the map (no polygon, or one the cleaning emptied)
        and no connection in the XML is a holding box: TripleA keeps counters in it (Civil
        War's "Debt" boxes), placed and removed by purchases and triggers, never moved.
        Warroom's kind for it is the off-map box, a zone outside the map's coverage
        (docs/architecture.md, Glossary). A shapeless territory with connections stays
        what it is, and the validator says it has no shape (MAP008)."""
        connected = {t for pair in self.game.connections for t in pair}
        made = []
        for z in self.m.zones.values():
            if z.kind == "offmap" or z.name in connected:
                continue
            if z.geometry is not None and not z.geometry.is_empty:
                continue
            if z.is_water:  # an off-map box has no water; TripleA's flag is kept for export
                z.props.setdefault("triplea", {})["water"] = True
            z.kind = "offmap"
            z.geometry = None
            if z.name not in placeholders:
                made.append(z.name)
        if made:
            self.notes.append(
                f"{len(made)} territories with no shape and no connection imported as "
                "off-map boxes: "
                + ", ".join(repr(n) for n in made[:10])
                + (f" and {len(made) - 10} more" if len(made) > 10 else "")
            )

    def _frame(self, bounds) -> None:
        w = self.mprops.get("map.width")
        h = self.mprops.get("map.height")
        width = height = None
        try:
            width, height = (int(w), int(h)) if w and h else (None, None)
        except ValueError:
            self.notes.append("map.properties: map.width/map.height are not numbers (ignored)")
        if width is None or height is None or width <= 0 or height <= 0:
            size = self._image_size()
            if size is not None:
                width, height = size
            elif bounds is not None:
                width, height = int(np.ceil(bounds[2])), int(np.ceil(bounds[3]))
            else:
                width, height = 1000, 600
        self.m.width, self.m.height = float(width), float(height)
        self.m.wrap_x = self.mprops.get("map.scrollWrapX", "true").strip().lower() == "true"

    def _image_size(self) -> tuple[int, int] | None:
        tiles = self.folder.content / "baseTiles"
        if tiles.is_dir():
            cols = rows = 0
            last = {}
            for p in tiles.iterdir():
                m = re.match(r"^(\d+)_(\d+)\.", p.name)
                if m:
                    c, r = int(m.group(1)), int(m.group(2))
                    cols, rows = max(cols, c), max(rows, r)
                    last[(c, r)] = p
            if last:
                right = last.get((cols, 0), next(iter(last.values())))
                bottom = last.get((0, rows), next(iter(last.values())))
                self._present(right)
                self._present(bottom)
                _f, w, _h = img.probe(right)
                _f, _w, h = img.probe(bottom)
                return cols * img.TILE + w, rows * img.TILE + h
        full = self._full_image()
        if full is not None:
            _f, w, h = img.probe(full, img.MAX_FULL_PIXELS)
            return w, h
        return None

    def _full_image(self) -> Path | None:
        c = self.folder.content
        for name in (
            "baseMap.png",
            "base.png",
            "map.png",
            f"{c.name}.png",
            f"{self.folder.root.name}.png",
        ):
            if self._present(c / name):
                return c / name
        return None

    # -- point files
    def _points(self) -> None:
        content = self.folder.content
        names = _Names(self.zid)
        centers: dict[str, tuple[int, int]] = {}
        p = content / "centers.txt"
        if self._present(p):
            centers, notes = mf.parse_points(mf.read_text(p), p)
            self.notes.extend(notes)
        else:
            self.notes.append("centers.txt is missing: label points computed")
        for name, pt in centers.items():
            zid = names.get(name, self.notes, "centers.txt")
            if zid is not None:
                self.m.zones[zid].label = (float(pt[0]), float(pt[1]))
        from gamecore.geometry.queries import label_point

        for z in self.m.zones.values():
            if z.label is None and z.geometry is not None:
                x, y = label_point(z.geometry)
                z.label = (float(round(x)), float(round(y)))
        p = content / "place.txt"
        if self._present(p):
            place, notes = mf.parse_place(mf.read_text(p), p)
            self.notes.extend(notes)
            for name, entry in place.items():
                zid = names.get(name, self.notes, "place.txt")
                if zid is None:
                    continue
                z = self.m.zones[zid]
                z.slots = [(float(x), float(y)) for x, y in entry.points]
                if entry.overflow_to_left is not None:
                    z.props.setdefault("triplea", {})["overflow_to_left"] = entry.overflow_to_left
        for fname, key in POINT_FILES.items():
            p = content / fname
            if not self._present(p):
                continue
            pts, notes = mf.parse_points(mf.read_text(p), p)
            self.notes.extend(notes)
            for name, pt in pts.items():
                zid = names.get(name, self.notes, fname)
                if zid is not None:
                    self.m.zones[zid].props.setdefault("triplea", {})[key] = [
                        int(pt[0]),
                        int(pt[1]),
                    ]

    # -- nations
    def _nations(self) -> None:
        g = self.game
        for i, p in enumerate(g.players):
            pid = p["name"]
            colour = self.mprops.get(f"color.{pid}")
            if colour and re.fullmatch(r"#?[0-9A-Fa-f]{6}", colour.strip()):
                colour = "#" + colour.strip().lstrip("#").lower()
            else:
                colour = DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            neutral = p.get("defaultType") == "DoesNothing" or pid.lower().startswith("neutral")
            extra = {k: v for k, v in p.items() if k != "name"}
            n = Nation(
                pid,
                pid.replace("_", " "),
                colour,
                kind="neutral" if neutral else "major",
                playable=not neutral,
            )
            if extra:
                n.props["triplea"] = extra
            self.pack.nations[pid] = n
        players = set(self.pack.nations)
        for player, _alliance in g.alliances:
            if player not in players:
                raise self.fail(f"alliance names unknown player '{player}'")

    # -- canals, connections, adjacency
    def _canals_and_adjacency(self) -> None:
        from gamecore.geometry.adjacency import map_adjacency

        g = self.game
        m = self.m
        by_name: dict[str, list[tuple[int, Attachment]]] = {}
        for a in self.attachments["canal"]:
            zid = self.zid.get(a.attach_to)
            if zid is None:
                raise self.fail(f"canalAttachment attached to unknown territory '{a.attach_to}'")
            cname = _options(a).get("canalName") or a.name
            by_name.setdefault(cname, []).append((zid, a))
        for cname, members in by_name.items():
            zones = sorted({z for z, _ in members})
            if len(zones) != 2:
                self.notes.append(
                    f"canal '{cname}' is attached to {len(zones)} sea zone(s), not 2; skipped"
                )
                continue
            land = _options(members[0][1]).get("landTerritories") or ""
            ctrl = []
            for t in land.split(":"):
                if not t:
                    continue
                zid = self.zid.get(t)
                if zid is None:
                    raise self.fail(f"canal '{cname}' names unknown territory '{t}'")
                ctrl.append(zid)
            lid = m.next_id("links")
            link = Link(lid, "canal", zones[0], zones[1], name=cname, controllers=ctrl, rule="all")
            excl = _options(members[0][1]).get("excludedUnits")
            if excl:
                link.props["exempt"] = [u for u in excl.split(":") if u]
            m.links[lid] = link
        # the XML's connections (minus remove-connection)
        want: set[tuple[int, int]] = set()
        for a, b in g.connections:
            za, zb = self.zid[a], self.zid[b]
            if za != zb:
                want.add((min(za, zb), max(za, zb)))
        for a, b in g.removed_connections:
            za, zb = self.zid[a], self.zid[b]
            want.discard((min(za, zb), max(za, zb)))
        self.progress("computing adjacency", 0.8)
        base = map_adjacency(m)
        have = {(a, b) for a, nb in base.items() for b in nb if a < b}
        geo_only = map_adjacency(
            Map(width=m.width, height=m.height, wrap_x=m.wrap_x, zones=m.zones)
        )
        geo = {(a, b) for a, nb in geo_only.items() for b in nb if a < b}
        self.report.connections = len(want)
        self.report.border_connections = len(want & geo)
        name = lambda z: m.zones[z].name  # noqa: E731
        for a, b in sorted(want - have):
            lid = m.next_id("links")
            m.links[lid] = Link(lid, "connection", a, b)
            self.report.links_added.append(f"connection {name(a)!r} - {name(b)!r}")
        for a, b in sorted(have - want):
            lid = m.next_id("links")
            m.links[lid] = Link(lid, "not_adjacent", a, b)
            self.report.overrides_added.append(f"not adjacent {name(a)!r} - {name(b)!r}")
        final = map_adjacency(m)
        got = {(a, b) for a, nb in final.items() for b in nb if a < b}
        self.report.adjacency_equal = got == want
        # naval bases serve the sea zones next to them
        for f in m.facilities.values():
            if f.type == "naval_base" and f.props.get("triplea") == "navalBase":
                f.serves = sorted(z for z in final.get(f.zone, ()) if m.zones[z].is_water)

    # -- images
    def _images(self) -> None:
        content = self.folder.content
        m = self.m
        count = 0
        for sub in ("baseTiles", "reliefTiles"):
            d = content / sub
            if d.is_dir():
                tiles, notes = img.read_tiles(d, m.next_id("images"), self._present)
                self.notes.extend(notes)
                for t in tiles:
                    m.images[t.id] = t
                count += len(tiles)
        if not (content / "baseTiles").is_dir():
            full = self._full_image()
            if full is not None:
                for t in img.tiles_from_image(full, m.next_id("images")):
                    m.images[t.id] = t
                    count += 1
        fdir = content / "flags"
        if fdir.is_dir():
            for p in sorted(fdir.iterdir()):
                if p.suffix.lower() in (".png", ".gif", ".jpg", ".jpeg") and self._present(p):
                    try:
                        bg = img.image_from_file(
                            p, f"flags/{p.name}", m.next_id("images"), visible=False
                        )
                    except img.DamagedImage as err:
                        self.notes.append(f"flags/{p.name}: {err.message}; skipped")
                        continue
                    if _generated_flag(bg.data, p.stem, self.pack.nations):
                        continue  # a plain flag Warroom made on export: made again next time
                    m.images[bg.id] = bg
                    count += 1
                    nat = self.pack.nations.get(p.stem)
                    if nat is not None:
                        nat.flag_image = bg.id
        udir = content / "units"
        colours = {k: n.colour for k, n in self.pack.nations.items()}
        if udir.is_dir():
            for p in sorted(udir.rglob("*")):
                if p.suffix.lower() in (".png", ".gif") and self._present(p):
                    rel = p.relative_to(content).as_posix()
                    try:
                        bg = img.image_from_file(p, rel, m.next_id("images"), visible=False)
                    except img.DamagedImage as err:
                        self.notes.append(f"{rel}: {err.message}; skipped")
                        continue
                    if unitart.is_generated(rel, bg.data, colours):
                        continue  # a chip Warroom drew on export: drawn again next time
                    m.images[bg.id] = bg
                    count += 1
        self.report.images = count
        skipped = [
            d.name
            for d in sorted(content.iterdir())
            if d.is_dir() and d.name not in ("baseTiles", "reliefTiles", "flags", "units", "games")
        ]
        if skipped:
            self.notes.append("folders not imported: " + ", ".join(skipped))

    # -- pack meta
    def _meta(self) -> None:
        yml = self.folder.yml or {}
        self.m.name = yml.get("map_name") or self.folder.root.name
        kept = [
            [k, v]
            for k, v in self.props_in
            if k not in MODELLED_PROPERTIES
            and not k.startswith("color.")
            and not k.startswith("warroom.")
        ]
        colours_missing = [
            k for k, _ in self.props_in if k.startswith("color.") and k[6:] not in self.pack.nations
        ]
        kept += [[k, self.mprops[k]] for k in colours_missing]
        meta: dict[str, Any] = {"map_properties": kept}
        if yml and (str(yml.get("version", "1")) not in ("", "1") or yml.get("extra")):
            meta["map_yml"] = {
                "version": yml.get("version", ""),
                "extra": [list(x) for x in yml.get("extra", [])],
            }
        self.pack.meta["title"] = self.report.game_name
        self.pack.meta["source"] = "TripleA"
        self.pack.meta["triplea"] = meta
