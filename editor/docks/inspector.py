"""Inspector dock: edits the attributes of the selection through gamecore edits.

One form per kind of selection (zones, links, facilities, lines). A form edits every
selected object of its kind at once where the field allows; a field whose value differs
between them shows "(mixed)" until it is set. Single-object fields (code, name, points)
are disabled for several zones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.canvas import describe
from editor.canvas.hex_layers import is_hex_map
from editor.document import Document
from gamecore.errors import WarroomError
from gamecore.model import LINE_KINDS, LINK_KINDS, ZONE_FLAGS, ZONE_KINDS, Pack
from gamecore.ops import (
    Edit,
    SetFacilityAttrs,
    SetLineAttrs,
    SetLinkAttrs,
    SetOwnership,
    SetTerrainAreaAttrs,
    SetZoneAttrs,
)
from gamecore.ops.hexsides import SetZoneProp
from gamecore.ops.zones import rename_zone_edit

MIXED = "(mixed)"
_NONE = "\x00none"
KNOWN_TERRAIN = (
    "clear",
    "forest",
    "jungle",
    "mountain",
    "hills",
    "desert",
    "urban",
    "swamp",
    "tundra",
)
KNOWN_FACILITIES = (
    "factory",
    "port",
    "naval_base",
    "air_base",
    "shipyard",
    "dockyard",
    "submarine_base",
    "fortification",
    "coastal_guns",
)


@dataclass
class Field:
    """One editable field of a form.

    kind: text | int | choice | edit_choice | bool | point | zones | zone | nation | intmap
    """

    name: str
    label: str
    kind: str
    choices: Callable[[Pack], list[tuple[Any, str]]] | tuple = ()
    single: bool = False  # only for one object at a time
    get: Callable[[Any], Any] | None = None
    lo: int = 0
    hi: int = 100000
    tip: str = ""
    extra: dict = field(default_factory=dict)


def _codes(pack: Pack, ids) -> str:
    zones = pack.map.zones
    return ", ".join(zones[i].code if i in zones else str(i) for i in ids)


def _parse_codes(pack: Pack, text: str) -> list[int]:
    out = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        z = pack.map.find_zone(part)
        if z is None:
            raise WarroomError(f"no zone {part!r}")
        out.append(z.id)
    return out


def _parse_point(text: str) -> tuple[float, float] | None:
    text = text.strip()
    if not text:
        return None
    try:
        x, y = (float(v) for v in text.replace(";", ",").split(","))
    except ValueError:
        raise WarroomError(f"expected a point as 'x, y', got {text!r}") from None
    return (x, y)


def _parse_intmap(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        k, sep, v = part.partition("=")
        try:
            out[k.strip()] = int(v)
        except ValueError:
            raise WarroomError(f"expected NATION=number, got {part!r}") from None
        if not sep:
            raise WarroomError(f"expected NATION=number, got {part!r}")
    return out


class AttrForm(QWidget):
    """A form of :class:`Field` widgets over a list of objects of one kind. Enter
    commits a field and Escape reverts it; either gives the keyboard back (``fieldDone``)."""

    error = Signal(str)
    fieldDone = Signal()

    def __init__(self, fields: list[Field], parent=None):
        super().__init__(parent)
        self.fields = fields
        self.document: Document | None = None
        self.objects: list[Any] = []
        self.widgets: dict[str, QWidget] = {}
        self.shown: dict[str, Any] = {}  # value displayed (MIXED when mixed)
        self._updating = False
        self._field_of: dict[QWidget, Field] = {}
        self.header = QLabel(self)
        self.header.setObjectName("inspectorHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        font = self.header.font()
        font.setBold(True)
        self.header.setFont(font)
        form = self.form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for f in fields:
            w = self._make(f)
            w.setObjectName(f"field_{f.name.replace(':', '_')}")
            if f.tip:
                w.setToolTip(f.tip)
            self.widgets[f.name] = w
            form.addRow(f.label, w)
            self._field_of[w] = f
            w.installEventFilter(self)
            inner = w.lineEdit() if isinstance(w, QComboBox) and w.isEditable() else None
            if inner is not None:
                self._field_of[inner] = f
                inner.installEventFilter(self)
        lay = QVBoxLayout(self)
        lay.addWidget(self.header)
        lay.addLayout(form)
        lay.addStretch(1)

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.KeyPress and obj in self._field_of:
            k = event.key()
            if k == Qt.Key.Key_Escape:
                self._reshow(self._field_of[obj])  # back to the value the pack has
                self.fieldDone.emit()
                return True
            if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                # the field commits on this key (editingFinished); then the map gets it
                QTimer.singleShot(0, self.fieldDone.emit)
        return super().eventFilter(obj, event)

    # -- widgets ---------------------------------------------------------------------------
    def _make(self, f: Field) -> QWidget:
        if f.kind == "int":
            w = QSpinBox(self)
            w.setRange(f.lo - 1, f.hi)
            w.setSpecialValueText(MIXED)
            w.setKeyboardTracking(False)
            w.valueChanged.connect(lambda v, f=f: self._commit(f, v) if v >= f.lo else None)
            return w
        if f.kind == "bool":
            w = QCheckBox(self)
            w.clicked.connect(lambda _c, f=f, w=w: self._bool_clicked(f, w))
            return w
        if f.kind in ("choice", "nation", "zone"):
            w = QComboBox(self)
            w.currentIndexChanged.connect(lambda _i, f=f, w=w: self._choice_changed(f, w))
            # a choice made (mouse or keys): the keyboard goes back to the map, so the
            # next tool letter is a shortcut, not a search in the combo (#37)
            w.activated.connect(lambda _i: QTimer.singleShot(0, self.fieldDone.emit))
            return w
        if f.kind == "edit_choice":
            w = QComboBox(self)
            w.setEditable(True)
            w.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            w.activated.connect(lambda _i, f=f, w=w: self._text_commit(f, w.currentText()))
            w.activated.connect(lambda _i: QTimer.singleShot(0, self.fieldDone.emit))
            w.lineEdit().editingFinished.connect(
                lambda f=f, w=w: self._text_commit(f, w.currentText())
            )
            return w
        w = QLineEdit(self)
        w.editingFinished.connect(lambda f=f, w=w: self._text_commit(f, w.text()))
        return w

    def _choices(self, f: Field) -> list[tuple[Any, str]]:
        pack = self.document.pack if self.document else Pack()
        if f.kind == "nation":
            return [(None, "(none)")] + [
                (n.id, f"{n.id} — {n.name}") for n in pack.nations.values()
            ]
        if f.kind == "zone":
            zones = pack.map.zones.values()
            kinds = f.extra.get("kinds")
            opts = [(z.id, f"{z.code} — {z.name}") for z in zones if not kinds or z.kind in kinds]
            return ([(None, "(none)")] if f.extra.get("optional") else []) + opts
        if callable(f.choices):
            return f.choices(pack)
        return [(c, c) for c in f.choices]

    # -- showing ---------------------------------------------------------------------------
    def value_of(self, f: Field, obj: Any) -> Any:
        return f.get(obj) if f.get else getattr(obj, f.name)

    def show_objects(self, document: Document, objects: list[Any], header: str) -> None:
        self.document = document
        self.objects = objects
        self.header.setText(header)
        self._updating = True
        try:
            for f in self.fields:
                values = [self.value_of(f, o) for o in objects]
                mixed = any(v != values[0] for v in values[1:]) if values else True
                value = MIXED if mixed else values[0]
                self.shown[f.name] = value
                self._show(f, self.widgets[f.name], value)
                self.widgets[f.name].setEnabled(
                    bool(objects) and not (f.single and len(objects) > 1) and not document.readonly
                )
        finally:
            self._updating = False

    def _show(self, f: Field, w: QWidget, value: Any) -> None:
        pack = self.document.pack if self.document else Pack()
        if isinstance(w, QSpinBox):
            w.setValue(w.minimum() if value == MIXED else int(value))
        elif isinstance(w, QCheckBox):
            w.setTristate(value == MIXED)
            w.setCheckState(
                Qt.CheckState.PartiallyChecked
                if value == MIXED
                else (Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
            )
        elif isinstance(w, QComboBox) and not w.isEditable():
            w.clear()
            opts = self._choices(f)
            if value == MIXED:
                w.addItem(MIXED, MIXED)
            for v, label in opts:
                w.addItem(label, _NONE if v is None else v)
            target = MIXED if value == MIXED else (_NONE if value is None else value)
            i = w.findData(target)
            if i < 0 and value not in (MIXED, None):
                w.addItem(str(value), value)
                i = w.count() - 1
            w.setCurrentIndex(max(i, 0))
        elif isinstance(w, QComboBox):
            w.clear()
            w.addItems([c for c, _ in self._choices(f)])
            w.setCurrentText("" if value == MIXED else str(value))
            w.lineEdit().setPlaceholderText(MIXED if value == MIXED else "")
        elif isinstance(w, QLineEdit):
            w.setPlaceholderText(MIXED if value == MIXED else "")
            w.setText("" if value == MIXED else self._format(f, pack, value))
            w.setCursorPosition(0)

    def _format(self, f: Field, pack: Pack, value: Any) -> str:
        if value is None:
            return ""
        if f.kind == "point":
            return f"{value[0]:g}, {value[1]:g}"
        if f.kind == "zones":
            return _codes(pack, value)
        if f.kind == "intmap":
            return ", ".join(f"{k}={v}" for k, v in value.items())
        return str(value)

    # -- committing ------------------------------------------------------------------------------
    def _bool_clicked(self, f: Field, w: QCheckBox) -> None:
        w.setTristate(False)
        on = w.checkState() != Qt.CheckState.Unchecked
        w.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self._commit(f, on)

    def _choice_changed(self, f: Field, w: QComboBox) -> None:
        data = w.currentData()
        if data == MIXED or self._updating:
            return
        self._commit(f, None if data == _NONE else data)

    def _text_commit(self, f: Field, text: str) -> None:
        if self._updating or self.document is None:
            return
        shown = self.shown.get(f.name)
        pack = self.document.pack
        if shown == MIXED and not text.strip():
            return  # left blank: keep the mixed values
        try:
            if f.kind == "point":
                value: Any = _parse_point(text)
            elif f.kind == "zones":
                value = _parse_codes(pack, text)
            elif f.kind == "intmap":
                value = _parse_intmap(text)
            else:
                value = text.strip() if f.name in ("code", "terrain", "type") else text
        except WarroomError as err:
            self.error.emit(str(err))
            self._reshow(f)
            return
        self._commit(f, value)

    def _reshow(self, f: Field) -> None:
        self._updating = True
        try:
            self._show(f, self.widgets[f.name], self.shown.get(f.name))
        finally:
            self._updating = False

    def _commit(self, f: Field, value: Any) -> None:
        if self._updating or self.document is None or not self.objects:
            return
        if self.shown.get(f.name) == value:
            return
        try:
            edit = self.make_edit(f, value)
            self.document.push(edit)
        except WarroomError as err:
            self.error.emit(str(err))
            self._reshow(f)

    def make_edit(self, f: Field, value: Any) -> Edit:  # pragma: no cover - per form
        raise NotImplementedError


# -- the forms -----------------------------------------------------------------------------
def _terrains(pack: Pack) -> list[tuple[str, str]]:
    seen = dict.fromkeys(_ruleset_terrains(pack))
    for t in KNOWN_TERRAIN:
        seen.setdefault(t)
    for z in pack.map.zones.values():
        seen.setdefault(z.terrain)
    return [(t, t) for t in seen]


def _facility_types(pack: Pack) -> list[tuple[str, str]]:
    seen = dict.fromkeys(_rulesets_part(pack, "facility_types"))
    for t in KNOWN_FACILITIES:
        seen.setdefault(t)
    for f in pack.map.facilities.values():
        seen.setdefault(f.type)
    return [(t, t) for t in seen]


_RULESETS: dict[tuple, Any] = {}


def cached_ruleset(pack: Pack, rid: str):
    """``load_ruleset(rid, pack)``, kept while the pack's stored ruleset texts are the same
    (loading one takes tens of milliseconds: too slow for every selection); None when it
    cannot be loaded."""
    from gamecore.rules import load_ruleset

    key = (rid, tuple(sorted((d.id, d.text) for d in pack.rulesets.values())))
    if key not in _RULESETS:
        if len(_RULESETS) > 8:
            _RULESETS.clear()
        try:
            _RULESETS[key] = load_ruleset(rid, pack=pack)
        except WarroomError:
            _RULESETS[key] = None
    return _RULESETS[key]


def _rulesets_part(pack: Pack, part: str) -> list[str]:
    """Ids of ``part`` ("terrain", "facility_types") in the rulesets the pack's scenarios
    use (those that load)."""
    out: dict[str, None] = {}
    for rid in dict.fromkeys(sc.ruleset for sc in pack.scenarios.values()):
        rs = cached_ruleset(pack, rid)
        if rs is not None:
            out.update(dict.fromkeys(getattr(rs, part)))
    return list(out)


def _ruleset_terrains(pack: Pack) -> list[str]:
    return _rulesets_part(pack, "terrain")


def _area_terrains(pack: Pack) -> list[tuple[str, str]]:
    seen = dict.fromkeys(_ruleset_terrains(pack))
    for t in KNOWN_TERRAIN:
        seen.setdefault(t)
    for a in pack.map.terrain_areas.values():
        seen.setdefault(a.terrain)
    return [(t, t) for t in seen]


class TerrainAreaForm(AttrForm):
    """Terrain areas (Global War §1.7): their terrain and the zone they belong to."""

    def __init__(self, parent=None):
        super().__init__(
            [
                Field(
                    "terrain",
                    "Terrain",
                    "edit_choice",
                    _area_terrains,
                    tip="§1.7: a zone whose roundel lies in the area has this terrain",
                ),
                Field("zone", "Zone", "zone", extra={"kinds": ("land",)}),
            ],
            parent,
        )

    def make_edit(self, f: Field, value: Any) -> Edit:
        return SetTerrainAreaAttrs([o.id for o in self.objects], f.name, value)


def _garrison_choices(pack: Pack) -> list[tuple[Any, str]]:
    return [(None, "default (by terrain)"), (1, "1"), (0, "0")]


class ZoneForm(AttrForm):
    def __init__(self, parent=None):
        fields = [
            Field("code", "Code", "text", single=True, tip="Stable code (sea zones are numbered)"),
            Field("name", "Name", "text", single=True),
            Field("kind", "Kind", "choice", ZONE_KINDS),
            Field("value", "Value", "int", tip="Production value (IPP/IPC)"),
            Field("terrain", "Terrain", "edit_choice", _terrains),
            Field("region", "Region / ocean", "text"),
            Field("owner", "Owner", "nation", tip="Owner in the current scenario"),
            Field("original", "Original owner", "nation"),
        ]
        for flag in ZONE_FLAGS:
            fields.append(
                Field(
                    f"flag:{flag}",
                    flag.replace("_", " ").capitalize(),
                    "bool",
                    get=lambda z, flag=flag: flag in z.flags,
                )
            )
        fields += [
            Field(
                "prop:garrison",
                "Garrison",
                "choice",
                _garrison_choices,
                get=lambda z: z.props.get("garrison"),
                tip="Inherent garrison (rules-notes/001 §1.5): by default 1 on a land hex, 0 on"
                " desert, jungle and island terrain; 0 or 1 overrides it",
            ),
            Field("label", "Label point", "point", single=True, tip="x, y in map units"),
            Field("roundel", "Roundel point", "point", single=True, tip="x, y in map units"),
        ]
        super().__init__(fields, parent)

    def value_of(self, f: Field, obj: Any) -> Any:
        if f.name in ("owner", "original"):
            doc = self.document
            sc = doc.pack.scenarios.get(doc.scenario_id) if doc and doc.scenario_id else None
            o = sc.ownership.get(obj.id) if sc else None
            return getattr(o, f.name) if o else None
        return super().value_of(f, obj)

    def show_objects(self, document: Document, objects: list[Any], header: str) -> None:
        super().show_objects(document, objects, header)
        # the garrison override is a hex-map attribute (HGW): shown on hex maps only
        self.form.setRowVisible(self.widgets["prop:garrison"], is_hex_map(document.pack.map))
        no_scenario = document.scenario_id is None
        for name in ("owner", "original"):
            if no_scenario:
                self.widgets[name].setEnabled(False)
                self.widgets[name].setToolTip("The pack has no scenario")

    def make_edit(self, f: Field, value: Any) -> Edit:
        ids = [z.id for z in self.objects]
        if f.name in ("owner", "original"):
            assert self.document is not None and self.document.scenario_id is not None
            return SetOwnership(self.document.scenario_id, ids, f.name, value)
        if f.name == "name" and len(ids) == 1 and self.document is not None:
            # the objectives' conditions that name the zone follow it (one undo step)
            return rename_zone_edit(self.document.pack, ids[0], value)
        if f.name.startswith("prop:"):
            return SetZoneProp(ids, f.name, value)
        return SetZoneAttrs(ids, f.name, value)


class LinkForm(AttrForm):
    def __init__(self, parent=None):
        super().__init__(
            [
                Field("kind", "Kind", "choice", LINK_KINDS),
                Field("name", "Name", "text"),
                Field("a", "From zone", "zone"),
                Field("b", "To zone", "zone"),
                Field(
                    "via",
                    "Through sea zone",
                    "zone",
                    extra={"optional": True, "kinds": ("sea", "lake")},
                    tip="Strait: the sea zone whose enemy control blocks the crossing",
                ),
                Field("controllers", "Controlled by", "zones", tip="Canal: zone codes"),
                Field("rule", "Passage rule", "choice", ("all", "any")),
            ],
            parent,
        )

    def make_edit(self, f: Field, value: Any) -> Edit:
        return SetLinkAttrs([o.id for o in self.objects], f.name, value)


class FacilityForm(AttrForm):
    def __init__(self, parent=None):
        super().__init__(
            [
                Field("type", "Type", "edit_choice", _facility_types),
                Field("zone", "Zone", "zone"),
                Field("level", "Level", "int", hi=1000),
                Field("damage", "Damage", "int", hi=1000),
                Field("serves", "Serves sea zones", "zones", tip="Ports, naval bases: codes"),
                Field("owner", "Owner", "nation", tip="Only when it differs from the zone owner"),
            ],
            parent,
        )

    def show_objects(self, document: Document, objects: list[Any], header: str) -> None:
        super().show_objects(document, objects, header)
        rs = _scenario_ruleset(document)
        tops = set()
        for o in objects:
            ft = rs.facility_type(o.type) if rs is not None else None
            tops.add(getattr(ft, "max_damage", 0) if ft is not None else 0)
        tip = "Damage points"
        if len(tops) == 1 and (top := tops.pop()):
            tip += f" (the ruleset's maximum for this type: {top})"
        self.widgets["damage"].setToolTip(tip)

    def make_edit(self, f: Field, value: Any) -> Edit:
        return SetFacilityAttrs([o.id for o in self.objects], f.name, value)


class LineForm(AttrForm):
    def __init__(self, parent=None):
        super().__init__(
            [
                Field("name", "Name", "text"),
                Field("kind", "Kind", "choice", LINE_KINDS),
                Field("values", "Convoy values", "intmap", tip="e.g. UK=4, FRA=2"),
                Field("gauge", "Rail gauge", "text"),
                Field("path", "Sea-zone path", "zones", single=True),
            ],
            parent,
        )

    def make_edit(self, f: Field, value: Any) -> Edit:
        if f.name == "gauge" and value == "":
            value = None
        return SetLineAttrs([o.id for o in self.objects], f.name, value)


class InspectorPanel(QWidget):
    """Shows the form for the selection; refreshes on changes that touch it."""

    error = Signal(str)
    fieldDone = Signal()  # Enter or Escape in a field: give the keyboard back to the map

    def __init__(self, parent=None):
        super().__init__(parent)
        self.document: Document | None = None
        self.empty = QLabel("Nothing selected.\n\nClick a zone or a feature on the map.", self)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.forms: dict[str, AttrForm] = {
            "zone": ZoneForm(),
            "link": LinkForm(),
            "facility": FacilityForm(),
            "line": LineForm(),
            "terrain_area": TerrainAreaForm(),
        }
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.empty)
        for form in self.forms.values():
            form.error.connect(self.error)
            form.fieldDone.connect(self.fieldDone)
            self.stack.addWidget(form)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.stack)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll)
        self.kind: str | None = None

    @property
    def zone_form(self) -> ZoneForm:
        form = self.forms["zone"]
        assert isinstance(form, ZoneForm)
        return form

    def set_document(self, doc: Document) -> None:
        if self.document is not None:
            self.document.selection.changed.disconnect(self.refresh)
            self.document.changed.disconnect(self._changed)
            self.document.scenarioChanged.disconnect(self.refresh)
        self.document = doc
        doc.selection.changed.connect(self.refresh)
        doc.changed.connect(self._changed)
        doc.scenarioChanged.connect(self.refresh)
        self.refresh()

    def _changed(self, change) -> None:
        if self.document is None:
            return
        sel = self.document.selection
        touched = (
            set(sel.zones()) & (change.zones | change.ownership)
            or set(sel.of_kind("link")) & change.links
            or set(sel.of_kind("facility")) & change.facilities
            or set(sel.of_kind("line")) & change.lines
            or (
                sel.of_kind("terrain_area")
                and any(f.startswith("terrain_area.") for f in change.fields)
            )
            or change.nations
        )
        if touched:
            self.refresh()

    def refresh(self, *_args) -> None:
        doc = self.document
        if doc is None:
            return
        sel = doc.selection
        m = doc.pack.map
        kind = sel.items[0][0] if sel.items else None
        tables = {
            "zone": m.zones,
            "link": m.links,
            "facility": m.facilities,
            "line": m.lines,
            "terrain_area": m.terrain_areas,
        }
        objects = [tables[kind][i] for i in sel.of_kind(kind) if i in tables[kind]] if kind else []
        if not objects:
            self.kind = None
            self.stack.setCurrentWidget(self.empty)
            return
        self.kind = kind
        form = self.forms[kind]
        form.show_objects(doc, objects, self._header(kind, objects))
        self.stack.setCurrentWidget(form)

    def _header(self, kind: str, objects: list[Any]) -> str:
        n = len(objects)
        if kind == "zone":
            if n == 1:
                z = objects[0]
                return f"Zone {z.code} — {z.name} ({z.kind})"
            return f"{n} zones"
        noun = {
            "link": "Link",
            "facility": "Facility",
            "line": "Line",
            "terrain_area": "Terrain area",
        }[kind]
        if n == 1 and self.document is not None and kind != "link":
            o, pack = objects[0], self.document.pack
            if kind == "facility":
                rs = _scenario_ruleset(self.document)
                what = describe.facility_text(pack, o, rs)
            elif kind == "line":
                what = describe.line_text(pack, o)
            else:
                what = describe.terrain_area_text(pack, o)
            return f"{noun} {o.id} — {what}"
        if n == 1:
            o = objects[0]
            what = getattr(o, "name", "") or getattr(o, "type", "") or getattr(o, "kind", "")
            return f"{noun} {o.id}" + (f" — {what}" if what else "")
        return f"{n} {noun.lower()}s" if noun != "Facility" else f"{n} facilities"


def _scenario_ruleset(doc: Document):
    """The ruleset of the document's current scenario, or None."""
    sc = doc.pack.scenarios.get(doc.scenario_id) if doc.scenario_id else None
    return cached_ruleset(doc.pack, sc.ruleset) if sc is not None else None
