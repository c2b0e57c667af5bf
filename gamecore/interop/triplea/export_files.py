"""The TripleA exporter's map files: polygons and point files, map.properties,
map.yml, tiles, flags and unit images."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import shapely

from gamecore.interop.triplea import images as img
from gamecore.interop.triplea import mapfiles as mf
from gamecore.interop.triplea import unitart
from gamecore.interop.triplea.export_common import (
    _ExportBase,
)
from gamecore.interop.triplea.import_common import BOXES_KEY
from gamecore.interop.triplea.importer import HASH_KEY, MODELLED_PROPERTIES, POINT_FILES
from gamecore.interop.triplea.pixelgeom import (
    coverage_to_rings,
    snap_to_pixels,
)

#: side in pixels of the square an off-map box is drawn as (TripleA needs a polygon)
BOX_PX = 4


class _FilesExport(_ExportBase):
    """The parts of the export that write the map folder's files."""

    #: zones written with a placeholder polygon (set by the polygon writer)
    boxes: list[int] = []

    # ------------------------------------------------------------------ files
    def _scaled(self, g):
        s = self.scale
        if s == 1.0 or g is None:
            return g
        return shapely.affinity.scale(g, s, s, origin=(0, 0))

    def _point_files(self, content: Path) -> str:
        s = self.scale
        geoms = {
            zid: self._scaled(z.geometry)
            for zid, z in self.m.zones.items()
            if z.geometry is not None
        }
        kinds = {zid: z.kind for zid, z in self.m.zones.items()}
        xy = shapely.get_coordinates(list(geoms.values())) if geoms else None
        if xy is not None and (xy != np.round(xy)).any():
            # a map not drawn in whole pixels: round it as a coverage (shared vertices alike,
            # crossings the rounding makes repaired locally)
            snapped, ok, _made = snap_to_pixels(geoms, kinds)
            if ok:
                geoms = {z: g for z, g in snapped.items() if g is not None and not g.is_empty}
                lost = sorted(
                    set(self.m.zones)
                    - set(geoms)
                    - {z for z, zz in self.m.zones.items() if zz.geometry is None}
                )
                if lost:
                    names = ", ".join(self.m.zones[z].name for z in lost[:5])
                    self.notes.append(f"zones too small for whole pixels: {names}")
            else:
                self.notes.append("the map could not be snapped to whole pixels; rings rounded")
        rings, notes = coverage_to_rings(geoms, kinds)
        self.notes.extend(notes)
        off = [zid for zid, rs in rings.items() for r in rs if (r < 0).any()]
        if off:
            self.notes.append(
                f"{len(set(off))} zone(s) reach left of or above the map: clipped to 0"
            )
            for zid in set(off):
                rings[zid] = [r.clip(min=0) for r in rings[zid]]
        # TripleA needs a polygon for every territory (1.9: "no polygon for territory"):
        # a zone with no shape (an off-map box) gets a small square in the map's corner,
        # named in map.properties so that the importer reads it back as no shape
        self.boxes = [zid for zid in sorted(self.m.zones) if zid not in rings]
        for zid in self.boxes:
            rings[zid] = [np.array([(0, 0), (BOX_PX, 0), (BOX_PX, BOX_PX), (0, BOX_PX)])]
        if self.boxes:
            self.notes.append(
                f"{len(self.boxes)} zone(s) without a shape (off-map boxes) drawn as a "
                f"{BOX_PX}-pixel square in the map's top-left corner"
            )
        polys = {self.tname[zid]: rings[zid] for zid in sorted(rings)}
        poly_text = mf.format_polygons(polys)
        self._write(content / "polygons.txt", poly_text)
        centers = {}
        for zid in sorted(self.m.zones):
            z = self.m.zones[zid]
            pt = z.label
            if pt is None and z.geometry is not None:
                from gamecore.geometry.queries import label_point

                pt = label_point(z.geometry)
            if pt is None and zid in self.boxes:
                pt = (BOX_PX / 2 / s, BOX_PX / 2 / s)
            if pt is not None:
                centers[self.tname[zid]] = (max(0, round(pt[0] * s)), max(0, round(pt[1] * s)))
        self._write(content / "centers.txt", mf.format_points(centers))
        place = {}
        overflow = 0
        for zid in sorted(self.m.zones):
            z = self.m.zones[zid]
            tp = z.props.get("triplea") or {}
            if z.slots:
                # TripleA 1.9's PointFileReaderWriter reads no "| overflowToLeft=..."
                # (a 2.x addition: NumberFormatException on "|"): left out, and said so
                overflow += tp.get("overflow_to_left") is not None
                place[self.tname[zid]] = mf.PlaceEntry(
                    [(round(x * s), round(y * s)) for x, y in z.slots], None
                )
        if overflow:
            self.losses.append(
                f"place.txt: overflowToLeft of {overflow} territories (TripleA 1.9 cannot read it)"
            )
        self._write(content / "place.txt", mf.format_place(place))
        for fname, key in POINT_FILES.items():
            pts = {}
            for zid in sorted(self.m.zones):
                tp = self.m.zones[zid].props.get("triplea") or {}
                if key in tp:
                    x, y = tp[key]
                    pts[self.tname[zid]] = (round(x * s), round(y * s))
            if pts:
                self._write(content / fname, mf.format_points(pts))
        return poly_text

    def _map_properties(self, content: Path, poly_text: str) -> None:
        s = self.scale
        self.width_px = max(1, round(self.m.width * s))
        self.height_px = max(1, round(self.m.height * s))
        items: list[tuple[str, str]] = [
            ("map.width", str(self.width_px)),
            ("map.height", str(self.height_px)),
            ("map.scrollWrapX", "true" if self.m.wrap_x else "false"),
        ]
        for nid, n in self.pack.nations.items():
            items.append((f"color.{self.pname[nid]}", n.colour.lstrip("#").upper()))
        kept = (self.pack.meta.get("triplea") or {}).get("map_properties") or []
        for k, v in kept:
            if (
                k not in MODELLED_PROPERTIES
                and not k.startswith("warroom.")
                and not (k.startswith("color.") and k[6:] in self.pname.values())
            ):
                items.append((k, v))
        digest = hashlib.sha256(poly_text.encode("utf-8")).hexdigest()
        items.append((HASH_KEY, digest))
        if self.boxes:
            items.append((BOXES_KEY, "|".join(self.tname[z] for z in self.boxes)))
        self._write(
            content / "map.properties",
            mf.format_properties(items, header="written by Warroom"),
        )

    def _map_yml(self) -> None:
        meta = (self.pack.meta.get("triplea") or {}).get("map_yml") or {}
        text = mf.format_map_yml(
            self.m.name or self.map_name,
            [(self.sc.name, self.report.game_file)],
            str(meta.get("version") or "1"),
        )
        self._write(self.folder / "map.yml", text)

    def _tiles(self, content: Path) -> None:
        tiles = []
        for col, row, data in img.render_tiles(self.m, self.scale, self.width_px, self.height_px):
            self._write(content / "baseTiles" / f"{col}_{row}.png", data)
            tiles.append((col, row, data))
        self.report.tiles = len(tiles)
        for col, row, data in img.render_tiles(
            self.m, self.scale, self.width_px, self.height_px, layer="relief"
        ):
            self._write(content / "reliefTiles" / f"{col}_{row}.png", data)
        self._write(content / "smallMap.jpeg", img.small_map(tiles, self.width_px, self.height_px))

    def _flags_and_units(self, content: Path) -> None:
        written = set()
        for parts, data in unitart.stored_art(self.m.images.values()):
            self._write(content.joinpath(*parts), data)
            written.add("/".join(parts))
        for nid, n in self.pack.nations.items():
            name = self.pname[nid]
            if f"flags/{name}.png" in written:
                continue
            if n.flag_image is not None and n.flag_image in self.m.images:
                self._write(content / "flags" / f"{name}.png", self.m.images[n.flag_image].data)
                continue
            self._write(content / "flags" / f"{name}.png", img.flag_png(n.colour))
            self._write(content / "flags" / f"{name}_small.png", img.flag_png(n.colour, (16, 12)))
            self._write(content / "flags" / f"{name}_large.png", img.flag_png(n.colour, (64, 48)))
        colours = {self.pname[nid]: n.colour for nid, n in self.pack.nations.items()}
        for parts, data in unitart.unit_images(colours, self.uname.values(), written):
            self._write(content.joinpath(*parts), data)
