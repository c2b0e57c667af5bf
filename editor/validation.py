"""Live validation: the validator runs after each edit, off the GUI thread.

One :class:`gamecore.validate.Validator` lives per document. After an edit it re-runs
only what the edit touched (``Validator.update``) on a snapshot of the pack, in a worker
thread of its own; edits that arrive while a run is going on are gathered and validated
together when it ends. Results that an edit made stale are never shown: each run carries
the document's edit counter.
"""

from __future__ import annotations

import copy
import copyreg
import io
import pickle

import shapely
from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from gamecore.errors import WarroomError
from gamecore.model import Pack
from gamecore.ops import Change

#: geometries shared between a pack and its frozen copy, per Frozen (by token): the
#: pickle stores an index into them instead of the geometry itself
_SHARED: dict[int, list] = {}
_GEOMETRY_TYPES = (
    shapely.Point,
    shapely.LineString,
    shapely.LinearRing,
    shapely.Polygon,
    shapely.MultiPoint,
    shapely.MultiLineString,
    shapely.MultiPolygon,
    shapely.GeometryCollection,
)


def _shared_geometry(token: int, index: int):
    return _SHARED[token][index]


class Frozen:
    """A pack frozen as bytes on the GUI thread (the consistent moment), thawed into a
    copy on the worker thread (the costly half). Geometries are immutable: they are not
    copied but shared, through a dispatch table that only they reach (a per-object
    ``persistent_id`` hook ran Python code for each of the pack's objects)."""

    def __init__(self, pack: Pack):
        self.shared: list = []
        self.token = id(self.shared)
        _SHARED[self.token] = self.shared
        shared, token = self.shared, self.token

        def share(geometry):
            shared.append(geometry)
            return _shared_geometry, (token, len(shared) - 1)

        buf = io.BytesIO()
        pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
        table = copyreg.dispatch_table.copy()
        table.update({cls: share for cls in _GEOMETRY_TYPES})
        pickler.dispatch_table = table
        try:
            pickler.dump(pack)
            self.data: bytes | None = buf.getvalue()
            self.copy: Pack | None = None
        except (pickle.PicklingError, TypeError, AttributeError):
            self.data, self.copy = None, _deepcopy(pack)
            _SHARED.pop(self.token, None)

    def thaw(self) -> Pack:
        if self.copy is not None:
            return self.copy
        try:
            return pickle.loads(self.data)
        finally:
            _SHARED.pop(self.token, None)  # thawed once: the geometries are in the copy

    def __del__(self) -> None:  # never thawed (a run dropped): let the geometries go
        _SHARED.pop(self.token, None)


def _deepcopy(pack: Pack) -> Pack:
    memo = {id(z.geometry): z.geometry for z in pack.map.zones.values()}
    return copy.deepcopy(pack, memo)


def snapshot(pack: Pack) -> Pack:
    """A copy of the pack for a worker thread (geometries are immutable: shared, which
    also lets the validator's per-geometry caches carry over). A pickle round trip in
    memory of our own objects (never of a file): two to three times faster than
    ``copy.deepcopy`` on the bundled sample, and it runs on the GUI thread."""
    return Frozen(pack).thaw()


#: how long the validator waits after an edit before it runs (a burst of edits, e.g.
#: typing or dragging, is validated once, after the window has repainted)
SETTLE_MS = 150


class _Sink(QObject):
    done = Signal(int, object, str)  # generation, Report or None, error


class _Job(QRunnable):
    def __init__(self, validator, pack, zones, geometry, full, generation, sink, fields=None):
        super().__init__()
        self.validator, self.pack, self.zones, self.fields = validator, pack, zones, fields
        self.geometry, self.full, self.generation, self.sink = geometry, full, generation, sink

    def run(self) -> None:
        try:
            if isinstance(self.pack, Frozen):
                self.pack = self.pack.thaw()
            self.validator.pack = self.pack
            if self.full:
                report = self.validator.run()
            else:
                report = self.validator.update(
                    self.zones, geometry_changed=self.geometry, fields=self.fields
                )
            error = ""
        except WarroomError as err:
            report, error = None, str(err)
        except Exception as err:  # the validator must never take the editor down
            report, error = None, f"{type(err).__name__}: {err}"
        try:
            self.sink.done.emit(self.generation, report, error)
        except RuntimeError:  # the window is gone
            pass


class LiveValidation(QObject):
    """Runs the validator for the editor; emits ``updated(report)`` or ``failed(text)``."""

    updated = Signal(object)  # gamecore.validate.Report
    failed = Signal(str)
    running = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)  # one validator, one run at a time
        self._sink = _Sink(self)
        self._sink.done.connect(self._done)
        self.validator = None
        self.pack: Pack | None = None
        self.generation = 0
        self._busy = False
        self._pending_zones: set[int] = set()
        self._pending_geometry = False
        self._pending_full = False
        self._pending_fields: set[str] = set()
        self._needs_full = False
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._kick)
        self.include_slow = False
        self.report = None

    # -- requests
    def reset(self, pack: Pack | None) -> None:
        """A new or reloaded document: validate everything."""
        from gamecore.validate import Validator

        self.pack = pack
        self.generation += 1
        self.report = None
        if pack is None:
            self.validator = None
            return
        self.validator = Validator(snapshot(pack), include_slow=self.include_slow)
        self._pending_full = True
        self._kick()

    def validate_now(self, include_slow: bool | None = None) -> None:
        """Run every check again (F5, "Validate now")."""
        if include_slow is not None and include_slow != self.include_slow:
            self.include_slow = include_slow
            self.reset(self.pack)
            return
        self.generation += 1
        self._pending_full = True
        self._kick()

    def edited(self, change: Change) -> None:
        """The document changed: re-validate what the change touched."""
        if self.validator is None:
            return
        self.generation += 1
        zones = change.zones | change.geometry | change.created_zones | change.deleted_zones
        zones |= change.ownership
        for kind in ("links", "facilities", "lines"):
            if getattr(change, kind):
                self._pending_full = True  # features are checked by whole-pack checks
        if change.nations or change.scenarios or change.borders or change.images:
            self._pending_full = True
        if self._needs_full:
            self._pending_full, self._needs_full = True, False
        self._pending_zones |= zones
        self._pending_fields |= change.fields
        self._pending_geometry |= bool(
            change.geometry or change.created_zones or change.deleted_zones
        )
        if not zones and not self._pending_full:
            self._pending_full = True  # e.g. the ignore list: cheap, and always right
        self.running.emit(True)  # busy from the edit on: the Issues dock says "validating"
        self._settle.start()

    def pending(self) -> bool:
        """Whether edits wait to be validated."""
        return bool(self._pending_full or self._pending_zones)

    def wait(self, msecs: int = 30_000) -> bool:
        if self._settle.isActive():  # an edit waits to be validated: start it now
            self._settle.stop()
            self._kick()
        return self.pool.waitForDone(msecs)

    # -- machinery
    def _kick(self) -> None:
        if self._busy or self.validator is None or self.pack is None:
            return
        self._settle.stop()
        full = self._pending_full
        zones, geometry = set(self._pending_zones), self._pending_geometry
        fields = set(self._pending_fields)
        self._pending_full, self._pending_zones, self._pending_geometry = False, set(), False
        self._pending_fields = set()
        if not full and not zones:
            self.running.emit(False)
            return
        self._busy = True
        self.running.emit(True)
        job = _Job(
            self.validator,
            Frozen(self.pack),
            zones,
            geometry,
            full,
            self.generation,
            self._sink,
            fields,
        )
        self.pool.start(job)

    def _done(self, generation: int, report, error: str) -> None:
        self._busy = False
        if not self.pending():
            self.running.emit(False)
        if error:
            self.failed.emit(error)
            self._needs_full = True  # the incremental state is unknown: redo it all next time
        elif generation == self.generation:
            self.report = report
            self.updated.emit(report)
        if self.pending() and not self._settle.isActive():
            self._kick()


def zone_severities(report) -> dict[int, str]:
    """The worst severity per zone, for the issues map mode."""
    rank = {"error": 0, "warning": 1, "info": 2}
    out: dict[int, str] = {}
    for issue in report.issues:
        for zid in issue.zones:
            cur = out.get(zid)
            if cur is None or rank[issue.severity] < rank[cur]:
                out[zid] = issue.severity
    return out
