"""The map scene: the pack drawn as layers; picking; redraw of what a Change touched."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene

from editor.canvas import style
from editor.canvas.gw_layers import (
    CitiesLayer,
    CrossingsLayer,
    RoundelPointsLayer,
    TerrainAreasLayer,
)
from editor.canvas.hex_layers import HexLabelsLayer, HexsidesLayer
from editor.canvas.layers import (
    LAYERS,
    BackgroundLayer,
    BordersLayer,
    FacilitiesLayer,
    HighlightLayer,
    IssuesLayer,
    LabelsLayer,
    Layer,
    LinesLayer,
    LinksLayer,
    UnitsLayer,
    ZonesLayer,
    device_scale,
)
from editor.canvas.mapgeom import MapGeometry
from editor.canvas.symbols import ROUNDEL, Placer
from gamecore.model import Pack, Scenario, in_scenario
from gamecore.ops import Change

Hit = tuple[str, int]
#: a repaint of more than this share of the view is done band by band
BAND_SHARE = 0.2
#: between two bands of a large repaint (ms): a frame, room for the window's own events
BAND_MS = 15


class MapScene(QGraphicsScene):
    """Holds the pack being shown (never edits it) and one item per layer."""

    #: the map mode changed (political, terrain, ...)
    modeChanged = Signal(str)
    #: the layers' visibility or lock changed
    layersChanged = Signal()

    def __init__(self, parent=None):
        self.changed_area: QRectF | None = None  # see apply_change
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # a dozen items
        self.setBackgroundBrush(QBrush(QColor(style.MAP_BACKGROUND)))
        self.pack = Pack()
        self.geom = MapGeometry(self.pack.map)
        self.layer_rect = QRectF()
        self.mode = "political"
        self.scenario_id: str | None = None
        self.scenario: Scenario | None = None
        self.issues: dict[int, str] = {}
        #: playtest heatmap: zone -> battles (or captures) per game
        self.heatmap: dict[int, float] = {}
        #: play mode: the game's position drawn in place of the pack's scenario (ownership
        #: and unit stacks), the stack picked and the zones it may move to
        self.play_scenario: Scenario | None = None
        self.play_source: int | None = None
        self.play_targets: frozenset[int] = frozenset()
        self.colour_names: dict[int, str] = {}
        self.brushes: dict[int, QBrush] = {}
        self.selection: set[Hit] = set()
        self.hover: int | None = None
        #: True while the overview renders the scene: only the map itself is drawn
        self.overview_pass = False
        self._nation_colours: dict[str, QColor] = {}
        self._rulesets: dict[str, object] = {}
        self.symbols = Placer(self)
        #: (play mode) repaints of the map collected while a position is shown, and the
        #: bands of a large one still to repaint (one band per frame: the window never
        #: waits for a whole-map repaint)
        self._collect: list[QRectF] | None = None
        self._bands: list[list[QRectF]] = []
        self._band_timer = QTimer(self)
        self._band_timer.setSingleShot(True)
        self._band_timer.setInterval(BAND_MS)
        self._band_timer.timeout.connect(self._next_band)
        self.layers: dict[str, Layer] = {}
        for i, key in enumerate(LAYERS):
            z = 10.0 * (i + 1)
            if key == "zones":
                layer: Layer = ZonesLayer(self, z)
            elif key == "borders":
                layer = BordersLayer(self, z)
            elif key == "background":
                layer = BackgroundLayer(self, z)
            elif key == "links":
                layer = LinksLayer(self, 1000.0)
            elif key == "convoy":
                layer = LinesLayer(self, z, "convoy", "convoy")
            elif key == "rail":
                layer = LinesLayer(self, z, "rail", "rail")
            elif key == "rivers":
                layer = LinesLayer(self, z, "rivers", "river")
            elif key == "facilities":
                layer = FacilitiesLayer(self, z)
            elif key == "labels":
                layer = LabelsLayer(self, z)
            elif key == "units":
                layer = UnitsLayer(self, z)
            elif key == "terrain":
                layer = TerrainAreasLayer(self, z)
            elif key == "crossings":
                layer = CrossingsLayer(self, z)
            elif key == "roundels":
                layer = RoundelPointsLayer(self, z)
            elif key == "cities":
                layer = CitiesLayer(self, z)
            elif key == "hexes":
                layer = HexLabelsLayer(self, z)
            elif key == "hexsides":
                layer = HexsidesLayer(self, z)
            else:
                layer = IssuesLayer(self, 3000.0)
            self.layers[key] = layer
            self.addItem(layer)
        self.highlight = HighlightLayer(self, 2000.0)
        self.addItem(self.highlight)
        self.static_layers = [layer for layer in self.layers.values() if layer.STATIC]

    # -- content -------------------------------------------------------------------------
    def set_pack(self, pack: Pack, scenario: str | None = None) -> None:
        """Show ``pack`` (rebuilds everything)."""
        self.pack = pack
        self.selection = set()
        self.hover = None
        self.issues = {}
        self.heatmap = {}
        self._pick_scenario(scenario)
        m = pack.map
        self.geom = MapGeometry(m)
        frame = self.geom.frame
        margin = 0.05 * max(frame.width(), frame.height(), 1.0)
        self.prepareGeometryChange_all()
        self.layer_rect = frame.adjusted(-margin, -margin, margin, margin)
        # room to pan past the edges, so zooming keeps any point under the cursor
        room = 0.6 * max(frame.width(), frame.height(), 1.0)
        self.setSceneRect(frame.adjusted(-room, -room, room, room))
        self._nation_colours = {}
        self._rulesets = {}
        self.symbols.clear()
        self._recolour(None)
        for layer in self.layers.values():
            layer.rebuild()
        self.invalidate_static()
        self.update()

    def prepareGeometryChange_all(self) -> None:
        for layer in (*self.layers.values(), self.highlight):
            layer.prepareGeometryChange()

    # -- the cached map (static layers) -----------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QColor(style.MAP_BACKGROUND))
        scale = device_scale(painter)
        for layer in self.static_layers:
            if layer.isVisible() and (layer.IN_OVERVIEW or not self.overview_pass):
                painter.save()
                layer.draw(painter, rect, scale)
                painter.restore()

    def invalidate_static(self, rect: QRectF | None = None) -> None:
        """Redraw the cached map in ``rect`` (scene coordinates; all when None)."""
        if self._collect is not None and rect is not None:
            self._collect.append(QRectF(rect))
            return
        self.invalidate(
            rect if rect is not None else self.sceneRect(),
            QGraphicsScene.SceneLayer.BackgroundLayer,
        )

    def background_shown(self) -> bool:
        layer = self.layers["background"]
        assert isinstance(layer, BackgroundLayer)
        return layer.isVisible() and bool(layer.tiles)

    def _pick_scenario(self, scenario: str | None) -> None:
        scs = self.pack.scenarios
        if scenario not in scs:
            scenario = next(iter(scs), None)
        self.scenario_id = scenario
        self.scenario = scs.get(scenario) if scenario else None

    def set_scenario(self, scenario: str | None) -> None:
        self._pick_scenario(scenario)
        self._recolour(None)
        # lines and facilities may belong to some scenarios only (props.scenarios)
        keys = ("units", "labels", "facilities", "roundels", "cities", "convoy", "rail", "rivers")
        for key in keys:
            self.layers[key].rebuild()
        self.invalidate_static()

    def show_position(self, scenario: Scenario | None, full: bool = False) -> None:
        """Play mode: draw ``scenario`` (a game's position: ownership, unit stacks) in
        place of the pack's; None goes back to the pack's scenario. Only what changed
        since the position drawn before is repainted: the zones whose owner changed and
        every unit chip that appeared, went, moved or changed (the placement at the zoom
        levels on screen is computed before and after, so a chip another zone's change
        pushed aside is repainted too). ``full`` repaints the whole map."""
        prev = self.scenario
        scales = self._shown_scales()
        before = {sc: self._chip_spots(sc) for sc in scales} if not full else {}
        self.play_scenario = scenario
        self.scenario = (
            scenario if scenario is not None else self.pack.scenarios.get(self.scenario_id or "")
        )
        if scenario is None:
            self.play_source, self.play_targets = None, frozenset()
        if full or prev is None or self.scenario is None:
            self._recolour(None)
            self.symbols._cache.clear()
            self.layers["units"].rebuild()
            self.invalidate_static()
            self.highlight.update()
            return
        self._collect = rects = []
        try:
            self._position_changed(prev, before)
        finally:
            self._collect = None
        self._repaint_in_bands(rects)
        self.highlight.update()

    def _position_changed(self, prev: Scenario, before: dict[float, set]) -> None:
        assert self.scenario is not None
        self._recolour(None)  # repaints the zones whose colour changed
        # the placements go (the chips moved); the zone names' sizes stay
        self.symbols._cache.clear()
        # roundels and city pennants are in the owner's colour, whatever the map mode
        owners = {
            z
            for z in set(prev.ownership) | set(self.scenario.ownership)
            if prev.owner_of(z) != self.scenario.owner_of(z)
        }
        pad = self._pixels(ROUNDEL + 4)
        for zid in owners:
            r = self.geom.rect(zid)
            if not r.isNull():
                self.invalidate_static(r.adjusted(-pad, -pad, pad, pad))
        for sc, old in before.items():
            new = self._chip_spots(sc)
            w, h = 130.0 / sc, 44.0 / sc  # a chip with its halo, generously
            for _zid, _stack, x, y in old ^ new:
                self.invalidate_static(QRectF(x - w / 2, y - h / 2, w, h))

    def _repaint_in_bands(self, rects: list[QRectF]) -> None:
        """Repaint ``rects`` of the map: at once when they cover little of what the views
        show, else band by band, one band a frame (a whole-map repaint holds the window
        for ~0.1 s; Qt repaints the bounding box of everything invalidated together)."""
        shown = QRectF()
        for v in self.views():
            r = v.mapToScene(v.viewport().rect()).boundingRect()
            shown = r if shown.isNull() else shown.united(r)
        seen = [r.intersected(shown) for r in rects if r.intersects(shown)]
        for r in rects:
            if not r.intersects(shown):
                self._invalidate_now(r)  # off screen: nothing to draw now
        if not seen:
            return
        box = seen[0]
        for r in seen[1:]:
            box = box.united(r)
        limit = BAND_SHARE * shown.width() * shown.height()
        n = math.ceil(box.width() * box.height() / limit) if limit > 0 else 1
        if n <= 1:
            for r in seen:
                self._invalidate_now(r)
            return
        step = box.height() / n
        for k in range(n):
            band = QRectF(box.left(), box.top() + k * step, box.width(), step)
            part = [r.intersected(band) for r in seen if r.intersects(band)]
            if part:
                self._bands.append(part)
        self._next_band()

    def _next_band(self) -> None:
        if self._bands:
            for r in self._bands.pop(0):
                self._invalidate_now(r)
        if self._bands:
            self._band_timer.start()

    def flush_repaints(self) -> None:
        """Repaint at once what is still waiting for its band (tests, screenshots)."""
        self._band_timer.stop()
        while self._bands:
            for r in self._bands.pop(0):
                self._invalidate_now(r)

    def _invalidate_now(self, rect: QRectF) -> None:
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)

    def _shown_scales(self) -> list[float]:
        """The zoom levels the views draw the map at now (device pixels included)."""
        out: list[float] = []
        for v in self.views():
            t = v.transform()
            scale = math.hypot(t.m11(), t.m12())
            if scale > 0:
                for k in (scale, scale * v.viewport().devicePixelRatioF()):
                    if k not in out:
                        out.append(k)
        return out

    def _chip_spots(self, scale: float) -> set[tuple]:
        """Where the unit chips of the scenario shown are placed at ``scale``: (zone,
        what the chip says, x, y) per chip; two positions' sets differ where a chip must
        be repainted."""
        scn = self.scenario
        if scn is None or not self.layers["units"].isVisible():
            return set()
        units = scn.units
        syms = self.symbols.get(scale)
        return {
            (zid, _stack_key(units[i]), x, y) for zid, i, x, y in syms.units if i < len(units)
        } | {
            (zid, ("marker", n, nation, side), x, y) for zid, x, y, side, n, nation in syms.markers
        }

    def set_play_targets(self, source: int | None, targets) -> None:
        """Play mode: the zone of the stack picked and the zones it may move to."""
        self.play_source = source
        self.play_targets = frozenset(targets)
        self.highlight.update()

    def shows(self, props: dict) -> bool:
        """Whether a map item (line, facility) with these ``props`` belongs to the scenario
        shown (``props.scenarios``, :func:`gamecore.model.in_scenario`): the 1939 convoys
        are not drawn over the 1936 ones."""
        return in_scenario(props, self.scenario_id)

    def set_mode(self, mode: str) -> None:
        if mode not in style.MAP_MODES:
            raise ValueError(f"unknown map mode {mode!r} (known: {', '.join(style.MAP_MODES)})")
        if mode != self.mode:
            self.mode = mode
            self._recolour(None)
            self.modeChanged.emit(mode)

    def set_issues(self, issues: dict[int, str]) -> None:
        """Zones with validation issues: ``{zone id: "error" | "warning" | "info"}``."""
        flipped = set(self.issues) ^ set(issues)
        self.issues = dict(issues)
        if self.mode == "issues":
            self._recolour(None)
        self.layers["issues"].refresh()
        if flipped and self.symbols._cache:
            # chips keep clear of the markers: place those zones' symbols again
            spots = self.symbols.refresh(names=False, zones=flipped)
            if len(spots) > 40:
                self.invalidate_static()
            else:
                self._invalidate_symbols(spots)

    def set_heatmap(self, values: dict[int, float]) -> None:
        """Values per zone for the "heatmap" map mode (e.g. battles per playtest game)."""
        self.heatmap = dict(values)
        if self.mode == "heatmap":
            self._recolour(None)

    def ruleset(self):
        """The current scenario's ruleset (None without a scenario or when it cannot be
        loaded: the validator reports that)."""
        rid = self.scenario.ruleset if self.scenario is not None else None
        if rid is None:
            return None
        if rid not in self._rulesets:
            from gamecore.errors import WarroomError
            from gamecore.rules import load_ruleset

            try:
                self._rulesets[rid] = load_ruleset(rid, pack=self.pack)
            except WarroomError:
                self._rulesets[rid] = None
        return self._rulesets[rid]

    def facility_type(self, name: str):
        """The current ruleset's facility type ``name`` (id or alias), or None."""
        rs = self.ruleset()
        return rs.facility_type(name) if rs is not None else None

    def nation_colour(self, nation: str | None) -> QColor:
        if not nation:
            return QColor(style.NEUTRAL_LAND)
        c = self._nation_colours.get(nation)
        if c is None:
            n = self.pack.nations.get(nation)
            c = QColor(n.colour if n else style.hashed_colour(nation))
            if not c.isValid():
                c = QColor(style.NEUTRAL_LAND)
            self._nation_colours[nation] = c
        return c

    def _recolour(self, zone_ids) -> list[int]:
        """Recompute fill colours (all zones when ``zone_ids`` is None); repaint those
        whose colour changed; returns those zones."""
        new = style.zone_colours(
            self.pack,
            self.mode,
            self.scenario_id,
            self.issues,
            heatmap=self.heatmap,
            position=self.play_scenario,
        )
        changed = [zid for zid, c in new.items() if self.colour_names.get(zid) != c]
        self.colour_names = new
        for zid in changed:
            self.brushes[zid] = QBrush(QColor(new[zid]))
        for zid in list(self.brushes):
            if zid not in new:
                del self.brushes[zid]
        if changed:
            self.layers["zones"].colours_changed(changed)
        return changed

    # -- changes ---------------------------------------------------------------------------
    def apply_change(self, change: Change) -> None:
        """Redraw what ``change`` touched (the pack has already changed).
        ``changed_area`` is then the map area where the zones' fills, borders or outlines
        changed, for the overview: None when that may be anywhere, a null rectangle when
        nothing of them changed."""
        self.changed_area: QRectF | None = None
        if change.geometry or change.created_zones or change.deleted_zones:
            self._geometry_changed(change)
            return
        if change.nations:
            self._nation_colours = {}
        recoloured: list[int] = []
        if change.zones or change.ownership or change.nations or change.scenarios:
            recoloured = self._recolour(None)
        if not (
            change.nations
            or change.images
            or change.borders
            or "zone.kind" in change.fields
            or len(recoloured) > 200
        ):
            self.changed_area = self.geom.union_rect(recoloured)
        if change.zones:
            if change.fields & {"zone.kind", "zone.props"}:
                hexes = self.layers["hexes"]
                assert isinstance(hexes, HexLabelsLayer)
                hexes.forget_hexes()  # which zones are hexes may have changed
            self.geom.refresh_anchors(self.pack.map, change.zones)
            labels = self.layers["labels"]
            assert isinstance(labels, LabelsLayer)
            labels.forget(change.zones, change.fields)
            if "zone.kind" in change.fields:
                self.layers["borders"].rebuild()
        # symbols (names, roundels, icons, chips) are placed for the whole map: an edit
        # redraws the edited zones and the places where symbols appeared, went or moved
        moved: list = []
        if self._may_move_symbols(change):
            names = bool("zone.name" in change.fields or change.nations)
            if change.nations:  # colours and names of every nation's zones
                moved = self.symbols.refresh(names=names)
            else:  # those zones and their neighbours (stacks that changed are found too)
                moved = self.symbols.refresh(names=names, zones=change.zones | change.ownership)
        zone_rect = self.geom.union_rect(change.zones | change.ownership)
        if change.nations or len(moved) > 40:
            self.invalidate_static()
        else:
            self._invalidate_symbols(moved)
            if (
                change.fields <= {"zone.value"}
                and not change.ownership
                and not set(recoloured) & change.zones
                and not self._hex_ids_shown()
            ):
                # a new value changes the number in the zone's roundel, nothing else
                self.invalidate_static(self._roundel_rect(change.zones))
            elif (change.zones or change.ownership) and not zone_rect.isNull():
                pad = 0.15 * max(zone_rect.width(), zone_rect.height(), 1.0)
                self.invalidate_static(zone_rect.adjusted(-pad, -pad, pad, pad))
        if change.zones or change.ownership:
            self.layers["issues"].refresh()
            self.highlight.update()
        if change.borders:
            self.layers["borders"].rebuild()
            self.layers["crossings"].rebuild()
            self.layers["rail"].rebuild()  # rail crossings on borders
        if "zone.roundel" in change.fields:  # border rails run between roundels
            self.layers["rail"].rebuild()
        if any(f.startswith("terrain_area.") for f in change.fields):
            self.layers["terrain"].rebuild()
        if change.scenarios:  # a scenario may name another ruleset (or edit its own)
            self._rulesets = {}
            self.layers["facilities"].rebuild()
            self.layers["convoy"].refresh()  # relations open or close convoy lines
        elif change.ownership and any(
            ln.kind == "convoy" and {ln.start, ln.end} & change.ownership
            for ln in self.pack.map.lines.values()
        ):
            self.layers["convoy"].refresh()  # §1.10: an enemy-held end closes a line
        if change.links:
            self.layers["links"].refresh()
        if change.facilities:
            self.layers["facilities"].rebuild()
        if change.lines:
            for key in ("convoy", "rail", "rivers"):
                self.layers[key].rebuild()
        if change.images:
            self.layers["background"].rebuild()
            self.layers["zones"].rebuild()
        if change.nations:
            for layer in self.layers.values():
                layer.rebuild()
        if change.scenarios:
            self.layers["units"].refresh()

    def _hex_ids_shown(self) -> bool:
        """Whether the hex layer draws on this map (its production points are not in a
        roundel: a value change repaints the hex)."""
        layer = self.layers["hexes"]
        return layer.isVisible() and bool(len(layer.arrays()[0]))

    def _geometry_changed(self, change: Change) -> None:
        """Zones were reshaped, created or deleted: update only those zones' drawing
        data, then repaint the area they cover (old and new bounds)."""
        touched = change.geometry | change.created_zones | change.deleted_zones
        dirty = self.geom.update(self.pack.map, touched)
        # names, roundels, icons and chips: when the edit may move any of them (a label
        # point follows its zone), the touched zones and those whose symbols could meet
        # theirs are placed again (stacks that moved between zones are found too)
        structural = bool(change.created_zones or change.deleted_zones or change.scenarios)
        if structural or not self.symbols.unchanged(touched):
            spots = self.symbols.refresh(
                names=bool(change.created_zones), zones=touched | change.zones
            )
        else:
            spots = []  # no anchor moved, no width changed: every symbol stays
        moved = len(spots) > 40
        if not moved:
            self._invalidate_symbols(spots)
        self._recolour(None)
        zones = self.layers["zones"]
        assert isinstance(zones, ZonesLayer)
        zones._groups = zones._groups_lod = None
        borders = self.layers["borders"]
        assert isinstance(borders, BordersLayer)
        borders.geometry_changed(dirty, touched | change.zones, change.borders)
        labels = self.layers["labels"]
        assert isinstance(labels, LabelsLayer)
        labels.forget(touched | change.zones, change.fields)
        # the items drawn over the cached map (issue markers above the anchors, the
        # selection and hover outlines) change where the zones changed; link arrows
        # run from a zone's anchor to another zone's, anywhere
        near = QRectF() if dirty.isNull() else dirty.adjusted(*self._pad_px(40))
        links = any(link.a in touched or link.b in touched for link in self.pack.map.links.values())
        for layer in self.layers.values():  # caches built from positions: drop them
            if isinstance(layer, LinesLayer):
                if change.lines:
                    layer._paths = None  # a line's drawing changed with the zones
                layer.zones_moved()
            if not layer.STATIC:
                if near.isNull() or (links and isinstance(layer, LinksLayer)):
                    layer.update()
                else:
                    layer.update(near)
        if dirty.isNull() or moved:
            self.invalidate_static()
        else:
            # border pens and the selection outline are a few px wide
            self.invalidate_static(dirty.adjusted(*self._pad_px(12)))
        if near.isNull():
            self.highlight.update()
        else:
            self.highlight.update(near)
        if not dirty.isNull():
            self.changed_area = dirty.adjusted(*self._pad_px(12))

    def _pad_px(self, n: float) -> tuple[float, float, float, float]:
        """Margins of ``n`` px (of the most zoomed-out view) for ``QRectF.adjusted``."""
        pad = self._pixels(n)
        return (-pad, -pad, pad, pad)

    def _invalidate_symbols(self, spots) -> None:
        """Redraw where symbols appeared, went or moved (Placer.refresh)."""
        for x, y, w, h in spots:
            self.invalidate_static(QRectF(x, y, w, h))

    def _roundel_rect(self, zone_ids) -> QRectF:
        """Where the roundels of ``zone_ids`` are drawn (at every cached zoom level)."""
        pad = self._pixels(ROUNDEL + 4)
        out = QRectF()
        for syms in self.symbols._cache.values():
            for zid, x, y in syms.roundels:
                if zid in zone_ids:
                    r = QRectF(x - pad, y - pad, 2 * pad, 2 * pad)
                    out = r if out.isNull() else out.united(r)
        return out if not out.isNull() else self.geom.union_rect(zone_ids)

    def _pixels(self, n: float) -> float:
        """``n`` pixels of the most zoomed-out view, in map units."""
        scales = [v.transform().m11() for v in self.views() if v.transform().m11() > 0]
        return n / min(scales) if scales else n

    PLACEMENT_FIELDS = {
        "zone.name",
        "zone.code",
        "zone.kind",
        "zone.label",
        "zone.roundel",
        "zone.slots",
        "facility.zone",
        "facility.added_or_removed",
    }

    def _may_move_symbols(self, change: Change) -> bool:
        """Whether an edit can change where names, roundels, icons or chips go."""
        if change.nations or change.scenarios or change.fields & self.PLACEMENT_FIELDS:
            return True
        if "zone.value" in change.fields:  # a roundel appears or disappears at 0
            zones = self.pack.map.zones
            shown = self.symbols.roundel_zones()
            return any((zones[z].value > 0) != (z in shown) for z in change.zones if z in zones)
        return False

    # -- selection and hover ------------------------------------------------------------------
    def set_selection(self, items) -> None:
        items = set(items)
        if items == self.selection:
            return
        old = self.selection
        self.selection = items
        touched = old ^ items
        zones = [i for k, i in touched if k == "zone"]
        if zones:
            r = self.geom.union_rect(zones)
            if r.isNull():
                self.highlight.update()
            else:
                pad = 0.02 * max(r.width(), r.height())
                self.highlight.update(r.adjusted(-pad, -pad, pad, pad))
        kinds = {k for k, _ in touched}
        if "link" in kinds:
            self.layers["links"].refresh()
        if kinds & {"line", "facility", "terrain_area"}:
            self.highlight.update()

    def set_hover(self, zid: int | None) -> None:
        if zid == self.hover:
            return
        for z in (self.hover, zid):
            if z is not None:
                r = self.geom.rect(z)
                if not r.isNull():
                    pad = 0.02 * max(r.width(), r.height())
                    self.highlight.update(r.adjusted(-pad, -pad, pad, pad))
        self.hover = zid

    # -- layers ----------------------------------------------------------------------------
    def set_layer_visible(self, key: str, visible: bool) -> None:
        layer = self.layers[key]
        layer.setVisible(visible)
        if layer.STATIC:
            self.invalidate_static()
        if key == "background":
            self.layers["zones"].rebuild()  # zones turn translucent over an image
        self.highlight.update()
        self.layersChanged.emit()

    def set_layer_locked(self, key: str, locked: bool) -> None:
        self.layers[key].locked = locked
        self.layersChanged.emit()

    def layer_state(self) -> dict[str, tuple[bool, bool]]:
        return {k: (layer.isVisible(), layer.locked) for k, layer in self.layers.items()}

    # -- picking ---------------------------------------------------------------------------
    PICK_ORDER = ("facilities", "units", "links", "convoy", "rail", "rivers", "terrain", "zones")

    def feature_at(self, pos: QPointF, scale: float) -> Hit | None:
        """The topmost selectable feature at ``pos`` (scene coordinates) in visible,
        unlocked layers; ``scale`` is view pixels per map unit. Terrain areas lie inside
        their zones: a click there means the zone, so they are picked only while the
        zones layer is hidden or locked (their own layer's turn, from the Layers dock)."""
        zones = self.layers["zones"]
        zones_pickable = zones.isVisible() and not zones.locked
        for key in self.PICK_ORDER:
            layer = self.layers[key]
            if not layer.isVisible() or layer.locked:
                continue
            if key == "terrain" and zones_pickable:
                continue
            hit = layer.hit(pos, scale)
            if hit is not None:
                return hit
        return None

    def tooltip_at(self, pos: QPointF, scale: float) -> str:
        """What lies at ``pos`` in visible layers, one line per feature (the topmost
        first): facility, narrow crossing, line, terrain area, zone."""
        from editor.canvas import describe

        m = self.pack.map
        out: list[str] = []

        def shown(key: str) -> bool:
            return self.layers[key].isVisible()

        if shown("facilities"):
            hit = self.layers["facilities"].hit(pos, scale)
            if hit is not None and hit[1] in m.facilities:
                out.append(describe.facility_text(self.pack, m.facilities[hit[1]], self.ruleset()))
        crossings = self.layers["crossings"]
        if shown("crossings"):
            assert isinstance(crossings, CrossingsLayer)
            b = crossings.crossing_at(pos, scale)
            if b is not None:
                out.append(describe.crossing_text(self.pack, b))
        for key in ("convoy", "rail", "rivers"):
            if shown(key):
                hit = self.layers[key].hit(pos, scale)
                if hit is not None and hit[1] in m.lines:
                    out.append(describe.line_text(self.pack, m.lines[hit[1]], self.scenario))
        terrain = self.layers["terrain"]
        if shown("terrain"):
            assert isinstance(terrain, TerrainAreasLayer)
            aid = terrain.area_at(pos)
            if aid is not None:
                out.append(describe.terrain_area_text(self.pack, m.terrain_areas[aid]))
        zid = self.zone_at(pos)
        if zid is not None and zid in m.zones:
            out.append(describe.zone_text(self.pack, m.zones[zid], self.scenario))
        return "\n".join(out)

    def zone_at(self, pos: QPointF) -> int | None:
        """The zone at ``pos``; on a hex map, the hex of the unit chip or stack marker
        there, when there is one (a click on a chip selects its hex's stack, #37)."""
        units = self.layers.get("units")
        if units is not None and units.isVisible() and self.views() and self._hex_stacks():
            t = self.views()[0].transform()
            hit = units.hit(pos, math.hypot(t.m11(), t.m12()))
            if hit is not None:
                return hit[1]
        return self.geom.zone_at(pos.x(), pos.y())

    def _hex_stacks(self) -> bool:
        return self.scenario is not None and bool(self.layers["hexes"].hex_ids())

    def zones_in_rect(self, rect: QRectF) -> list[int]:
        layer = self.layers["zones"]
        if not layer.isVisible() or layer.locked:
            return []
        return self.geom.zones_in_rect(rect)

    def selection_rect(self, items=None) -> QRectF:
        """Bounds of the selected zones and features (map coordinates)."""
        items = self.selection if items is None else items
        m = self.pack.map
        rect = self.geom.union_rect([i for k, i in items if k == "zone"])

        def add(x: float, y: float) -> None:
            nonlocal rect
            r = QRectF(x - 1, y - 1, 2, 2)
            rect = r if rect.isNull() else rect.united(r)

        for kind, i in items:
            if kind == "link" and i in m.links:
                for zid in (m.links[i].a, m.links[i].b):
                    if zid in self.geom.anchor:
                        add(*self.geom.anchor[zid])
            elif kind == "line" and i in m.lines:
                for x, y in m.lines[i].points:
                    add(x, y)
            elif kind == "terrain_area" and i in m.terrain_areas:
                g = m.terrain_areas[i].geometry
                if g is not None and not g.is_empty:
                    x0, y0, x1, y1 = g.bounds
                    add(x0, y0)
                    add(x1, y1)
            elif kind == "facility" and i in m.facilities:
                zid = m.facilities[i].zone
                if zid in self.geom.anchor:
                    add(*self.geom.anchor[zid])
        return rect

    def ensure_lod(self) -> None:
        """Compute the coarse level of detail now (called when the GUI is idle)."""
        if not self.geom.has_lod() and self.geom.ids:
            self.geom.lod()
            self.invalidate_static()


def _stack_key(u) -> tuple:
    """What a unit chip shows of a stack (its nation's colour, type, count, damage)."""
    return (u.nation, u.unit_type, u.count, tuple(sorted(u.props.items())))
