"""A published game's setup as data, and a scenario's start state compared with it.

A *handbook* (``resources/handbooks/<id>.json``, format in that folder's README) holds the
facts of a rule book's setup: each power's units per territory (its National Setup
Chart), starting income and bank, the turn order, the political gates, the victory
conditions and round limit, each marked with the section and line of the book it comes
from. Its ``triplea`` part names the same things as a TripleA map does, and lists the
*known deviations*: where that map itself differs from the book, with the reason.

:func:`compare_setup` compares a scenario of a pack (e.g. the TripleA map imported with
``warroom import triplea``) with a handbook, power by power, and returns every
difference, each tied to the known deviation that explains it if there is one.
``warroom scenario compare-setup`` runs it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamecore import safejson, safepath
from gamecore.errors import WarroomError
from gamecore.model import Pack, Scenario
from gamecore.paths import resource

FORMAT = "warroom-handbook/1"
#: what a known deviation may be about (``Difference.kind``)
KINDS = ("units", "owner", "income", "bank", "turn_order", "original_owner", "zone", "war")
#: facility types of a pack counted as units of the zone's owner (the charts list ICs)
_FACILITY_UNITS = ("major_ic", "minor_ic")


class HandbookError(WarroomError):
    """A handbook data file is malformed (names the file and the key)."""


@dataclass(frozen=True)
class Row:
    zone: str  # the handbook's name
    units: dict[str, int]  # handbook unit id -> count
    line: int
    owner: str | None = None  # power id owning the territory, when not the row's power
    note: str = ""


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    side: str
    income: int
    src: str


@dataclass(frozen=True)
class Deviation:
    """A known difference between a TripleA map and the book, and why."""

    id: str
    kind: str
    reason: str
    power: str | None = None
    zone: str | None = None  # the handbook's name
    unit: str | None = None  # the handbook's unit id
    handbook: Any = None
    map: Any = None


@dataclass
class Handbook:
    id: str
    title: str
    path: Path
    units: dict[str, str]  # unit id -> the book's word
    powers: dict[str, Power]  # in the book's order
    turn_order: list[str]
    bank_equals_income: bool
    setup: dict[str, list[Row]]  # power id -> chart rows, in the book's order
    original_chinese: int | None
    at_war: set[frozenset[str]] | None  # pairs of powers at war at the start (None: not given)
    raw: dict[str, Any]  # the whole file (politics, china, victory: read as data)
    map_powers: dict[str, str] = field(default_factory=dict)
    map_units: dict[str, str] = field(default_factory=dict)
    map_zones: dict[str, str] = field(default_factory=dict)
    sea_zone: tuple[str, str] = ("Sea Zone {n}", "{n} Sea Zone")
    deviations: list[Deviation] = field(default_factory=list)

    # -- the book's names on the map
    def map_zone(self, name: str) -> str:
        """The TripleA map's name of a handbook territory or sea zone."""
        if name in self.map_zones:
            return self.map_zones[name]
        book, mapfmt = self.sea_zone
        return _renumber(name, book, mapfmt)

    def expected_units(self, power: str) -> dict[str, Counter]:
        """The chart of ``power``: handbook zone -> Counter of handbook unit ids (rows of
        the same zone added up: the UK Pacific chart lists Malaya twice)."""
        out: dict[str, Counter] = {}
        for row in self.setup.get(power, []):
            out.setdefault(row.zone, Counter()).update(row.units)
        return out

    def totals(self) -> dict[str, int]:
        """Units (ICs included) per power."""
        return {p: sum(sum(r.units.values()) for r in rows) for p, rows in self.setup.items()}


# -- loading ---------------------------------------------------------------------------------
def handbook_path(name: str) -> Path:
    return resource("handbooks", f"{name}.json")


def available() -> list[str]:
    folder = resource("handbooks")
    return sorted(p.stem for p in Path(str(folder)).glob("*.json")) if folder.is_dir() else []


def load_handbook(name_or_path: str | Path) -> Handbook:
    """A bundled handbook by id (``"3g40"``) or a handbook file by path."""
    p = Path(name_or_path)
    if p.suffix != ".json" and not p.exists():
        p = handbook_path(str(name_or_path))
        if not p.is_file():
            raise HandbookError(
                f"no handbook {str(name_or_path)!r} (bundled: {', '.join(available()) or 'none'})"
            )
    safepath.input_file(p, "handbook")  # a FIFO would block the read for ever
    try:
        data = safejson.loads(p.read_bytes())
    except OSError as e:
        raise HandbookError(f"cannot read: {e.strerror or e}", p) from None
    except ValueError as e:
        raise HandbookError(f"not valid JSON: {str(e).splitlines()[0]}", p) from None
    return _parse(data, p)


def _parse(data: Any, p: Path) -> Handbook:
    def bad(key: str, why: str) -> HandbookError:
        return HandbookError(f"{key}: {why}", p)

    def obj(v: Any, key: str) -> dict:
        if not isinstance(v, dict):
            raise bad(key, "must be an object")
        return v

    def text(v: Any, key: str) -> str:
        if not isinstance(v, str) or not v.strip():
            raise bad(key, "must be a non-empty string")
        return v

    def count(v: Any, key: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise bad(key, "must be a whole number >= 0")
        return v

    def src(v: dict, key: str) -> str:
        return text(v.get("src"), f"{key}.src (every fact names its section)")

    data = obj(data, "(top level)")
    if data.get("format") != FORMAT:
        raise bad("format", f"must be {FORMAT!r}, not {data.get('format')!r}")
    hid = text(data.get("id"), "id")
    units = obj(data.get("units"), "units")
    src(units, "units")
    unit_words = {k: text(v, f"units.{k}") for k, v in units.items() if k != "src"}
    powers: dict[str, Power] = {}
    plist = data.get("powers")
    if not isinstance(plist, list) or not plist:
        raise bad("powers", "must be a non-empty list")
    for i, pw in enumerate(plist):
        key = f"powers[{i}]"
        pw = obj(pw, key)
        pid = text(pw.get("id"), f"{key}.id")
        if pid in powers:
            raise bad(f"{key}.id", f"{pid!r} twice")
        powers[pid] = Power(
            pid,
            text(pw.get("name"), f"{key}.name"),
            text(pw.get("side"), f"{key}.side"),
            count(pw.get("income"), f"{key}.income"),
            src(pw, key),
        )
    to = obj(data.get("turn_order"), "turn_order")
    src(to, "turn_order")
    order = to.get("value")
    if not isinstance(order, list) or sorted(order) != sorted(powers):
        raise bad("turn_order.value", "must list every power once")
    beq = obj(data.get("bank_equals_income", {"value": False, "src": "-"}), "bank_equals_income")
    src(beq, "bank_equals_income")
    setup: dict[str, list[Row]] = {}
    for pid, chart in obj(data.get("setup"), "setup").items():
        key = f"setup.{pid}"
        if pid not in powers:
            raise bad(key, f"{pid!r} is not one of the powers")
        chart = obj(chart, key)
        src(chart, key)
        rows = []
        for j, r in enumerate(chart.get("rows") or []):
            rk = f"{key}.rows[{j}]"
            r = obj(r, rk)
            line = r.get("line")
            if isinstance(line, bool) or not isinstance(line, int) or line < 1:
                raise bad(f"{rk}.line", "must be the line of the book (a number)")
            us = obj(r.get("units"), f"{rk}.units")
            for u, n in us.items():
                if u not in unit_words:
                    raise bad(f"{rk}.units", f"unknown unit {u!r} (not in `units`)")
                count(n, f"{rk}.units.{u}")
            owner = r.get("owner")
            if owner is not None and owner not in powers:
                raise bad(f"{rk}.owner", f"{owner!r} is not one of the powers")
            rows.append(
                Row(text(r.get("zone"), f"{rk}.zone"), dict(us), line, owner, r.get("note", ""))
            )
        setup[pid] = rows
    missing = [pw for pw in powers if pw not in setup]
    if missing:
        raise bad("setup", f"no chart for {', '.join(missing)}")
    chinese = data.get("originally_chinese_held_by_japan")
    n_chinese = None
    if chinese is not None:
        src(obj(chinese, "originally_chinese_held_by_japan"), "originally_chinese_held_by_japan")
        n_chinese = count(
            chinese.get("count_of_original_chinese_territories"),
            "originally_chinese_held_by_japan.count_of_original_chinese_territories",
        )
    at_war = None
    pol = data.get("politics")
    if pol is not None and "at_war_at_start" in obj(pol, "politics"):
        aw = obj(pol["at_war_at_start"], "politics.at_war_at_start")
        src(aw, "politics.at_war_at_start")
        pairs = aw.get("value")
        if not isinstance(pairs, list) or not all(
            isinstance(x, list) and len(x) == 2 and all(p in powers for p in x) for x in pairs
        ):
            raise bad("politics.at_war_at_start.value", "must be a list of pairs of powers")
        at_war = {frozenset(x) for x in pairs}
    hb = Handbook(
        hid,
        text(data.get("title"), "title"),
        p,
        unit_words,
        powers,
        list(order),
        bool(beq.get("value")),
        setup,
        n_chinese,
        at_war,
        data,
    )
    t = data.get("triplea")
    if t is not None:
        t = obj(t, "triplea")
        src(t, "triplea")
        hb.map_powers = {
            k: text(v, f"triplea.powers.{k}")
            for k, v in obj(t.get("powers"), "triplea.powers").items()
        }
        if sorted(hb.map_powers) != sorted(powers):
            raise bad("triplea.powers", "must name every power")
        hb.map_units = {
            k: text(v, f"triplea.units.{k}")
            for k, v in obj(t.get("units"), "triplea.units").items()
        }
        unknown = sorted(set(hb.map_units) - set(unit_words))
        if unknown or sorted(hb.map_units) != sorted(unit_words):
            raise bad("triplea.units", "must name every unit of `units` and no other")
        hb.map_zones = {
            k: text(v, f"triplea.zones.{k}")
            for k, v in obj(t.get("zones", {}), "triplea.zones").items()
        }
        sz = obj(
            t.get("sea_zone", {"handbook": "Sea Zone {n}", "map": "{n} Sea Zone"}),
            "triplea.sea_zone",
        )
        hb.sea_zone = (
            text(sz.get("handbook"), "triplea.sea_zone.handbook"),
            text(sz.get("map"), "triplea.sea_zone.map"),
        )
        for k, d in enumerate(t.get("deviations") or []):
            dk = f"triplea.deviations[{k}]"
            d = obj(d, dk)
            kind = text(d.get("kind"), f"{dk}.kind")
            if kind not in KINDS:
                raise bad(f"{dk}.kind", f"must be one of {', '.join(KINDS)}")
            if d.get("power") is not None and d["power"] not in powers:
                raise bad(f"{dk}.power", f"{d['power']!r} is not one of the powers")
            if d.get("unit") is not None and d["unit"] not in unit_words:
                raise bad(f"{dk}.unit", f"unknown unit {d['unit']!r}")
            hb.deviations.append(
                Deviation(
                    text(d.get("id"), f"{dk}.id"),
                    kind,
                    text(d.get("reason"), f"{dk}.reason"),
                    d.get("power"),
                    d.get("zone"),
                    d.get("unit"),
                    d.get("handbook"),
                    d.get("map"),
                )
            )
    return hb


# -- comparing ------------------------------------------------------------------------------
@dataclass
class Difference:
    kind: str  # KINDS
    power: str | None  # the handbook's power id
    message: str
    zone: str | None = None  # the handbook's name
    unit: str | None = None  # the handbook's unit id (or the pack's type when unknown)
    handbook: Any = None
    pack: Any = None
    deviation: Deviation | None = None  # the known deviation explaining it

    def to_json(self) -> dict[str, Any]:
        out = {
            "kind": self.kind,
            "power": self.power,
            "zone": self.zone,
            "unit": self.unit,
            "handbook": self.handbook,
            "pack": self.pack,
            "message": self.message,
        }
        if self.deviation:
            out["deviation"] = {"id": self.deviation.id, "reason": self.deviation.reason}
        return out


@dataclass
class Comparison:
    handbook: Handbook
    scenario: str
    differences: list[Difference]
    checked: dict[str, int]  # what was compared: powers, zones, unit counts

    @property
    def unexplained(self) -> list[Difference]:
        return [d for d in self.differences if d.deviation is None]

    @property
    def unused_deviations(self) -> list[Deviation]:
        used = {id(d.deviation) for d in self.differences if d.deviation}
        return [d for d in self.handbook.deviations if id(d) not in used]

    def by_power(self) -> dict[str, list[Difference]]:
        out: dict[str, list[Difference]] = {p: [] for p in self.handbook.powers}
        out[""] = []
        for d in self.differences:
            out[d.power or ""].append(d)
        return out

    def lines(self) -> list[str]:
        hb = self.handbook
        out = [
            f"scenario {self.scenario} against {hb.title} ({hb.path.name}): "
            f"{self.checked['powers']} powers, {self.checked['zones']} zones, "
            f"{self.checked['units']} units compared"
        ]
        groups = self.by_power()
        for pid, p in hb.powers.items():
            ds = groups.get(pid, [])
            bad = [d for d in ds if d.deviation is None]
            known = [d for d in ds if d.deviation is not None]
            state = f"{len(bad)} differences" if bad else "equal"
            extra = f" ({len(known)} known deviations)" if known else ""
            out.append(f"{p.name} ({hb.map_powers.get(pid, pid)}): {state}{extra}")
            for d in bad:
                out.append(f"  - {d.message}")
            for d in known:
                out.append(
                    f"  ~ {d.message} [known deviation {d.deviation.id}: {d.deviation.reason}]"
                )
        for d in groups[""]:
            tag = (
                f" [known deviation {d.deviation.id}: {d.deviation.reason}]" if d.deviation else ""
            )
            out.append(f"{'~' if d.deviation else '-'} {d.message}{tag}")
        for dv in self.unused_deviations:
            out.append(f"note: known deviation {dv.id} no longer occurs (the data can drop it)")
        n = len(self.unexplained)
        out.append(
            "the start state equals the handbook"
            if n == 0
            else f"{n} differences from the handbook"
        )
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "handbook": self.handbook.id,
            "scenario": self.scenario,
            "checked": self.checked,
            "equal": not self.unexplained,
            "differences": [d.to_json() for d in self.differences],
            "unused_deviations": [d.id for d in self.unused_deviations],
        }


def compare_setup(pack: Pack, scenario: Scenario, hb: Handbook) -> Comparison:
    """Every difference between the start state of ``scenario`` and the handbook: units
    per territory per power (ICs included), territory owners, incomes, banks, turn order
    and the number of originally Chinese territories. Nation, zone and unit names are the
    handbook's ``triplea`` names (a pack imported from the TripleA map)."""
    from gamecore.ops.scenario import computed_income

    zones = pack.map.zones
    by_name: dict[str, int] = {}
    for zid, z in zones.items():
        by_name.setdefault(z.name, zid)
    map_power = hb.map_powers or {p: p for p in hb.powers}
    book_power = {v: k for k, v in map_power.items()}
    map_unit = hb.map_units or {u: u for u in hb.units}
    book_unit = {v: k for k, v in map_unit.items()}
    diffs: list[Difference] = []
    checked = {"powers": len(hb.powers), "zones": 0, "units": 0}

    # what the pack has: (book power, zone id) -> Counter of book unit ids (or pack types)
    have: dict[tuple[str, int], Counter] = {}
    for st in scenario.units:
        bp = book_power.get(st.nation)
        if bp is None:
            continue
        have.setdefault((bp, st.zone), Counter())[book_unit.get(st.unit_type, st.unit_type)] += (
            st.count
        )
    for f in pack.map.facilities.values():
        bu = book_unit.get(f.type)
        if bu not in _FACILITY_UNITS:
            continue
        owner = f.owner or scenario.owner_of(f.zone)
        bp = book_power.get(owner or "")
        if bp is not None:
            have.setdefault((bp, f.zone), Counter())[bu] += 1

    seen: set[tuple[str, int]] = set()
    zones_seen: set[int] = set()
    for pid in hb.powers:
        mp = map_power[pid]
        for zname, want in hb.expected_units(pid).items():
            mz = hb.map_zone(zname)
            zid = by_name.get(mz)
            if zid is None:
                diffs.append(
                    Difference("zone", pid, f"{zname}: no zone named {mz!r} in the pack", zname)
                )
                continue
            zones_seen.add(zid)
            checked["units"] += sum(want.values())
            seen.add((pid, zid))
            got = have.get((pid, zid), Counter())
            for u in sorted(set(want) | set(got)):
                if want[u] != got[u]:
                    word = hb.units.get(u, u)
                    diffs.append(
                        Difference(
                            "units",
                            pid,
                            f"{mz}: {want[u]} {word} in the handbook, {got[u]} in the pack",
                            zname,
                            u,
                            want[u],
                            got[u],
                        )
                    )
            if not zones[zid].is_water:
                rows = [r for r in hb.setup[pid] if r.zone == zname]
                owner_pid = next((r.owner for r in rows if r.owner), pid)
                owner = scenario.owner_of(zid)
                if owner != map_power[owner_pid]:
                    diffs.append(
                        Difference(
                            "owner",
                            pid,
                            f"{mz}: owned by {owner or 'nobody'} in the pack; the handbook "
                            f"places {hb.powers[pid].name} units in "
                            f"{hb.powers[owner_pid].name} territory",
                            zname,
                            None,
                            map_power[owner_pid],
                            owner,
                        )
                    )
        # units the chart does not list
        for (bp, zid), got in sorted(have.items(), key=lambda kv: (kv[0][0], zones[kv[0][1]].name)):
            if bp != pid or (bp, zid) in seen:
                continue
            for u, n in sorted(got.items()):
                word = hb.units.get(u, u)
                name = zones[zid].name
                diffs.append(
                    Difference(
                        "units",
                        pid,
                        f"{name}: 0 {word} in the handbook, {n} in the pack",
                        _book_zone(hb, name),
                        u,
                        0,
                        n,
                    )
                )
        # income and bank
        income = scenario.income_overrides.get(mp, computed_income(pack, scenario, mp))
        if income != hb.powers[pid].income:
            diffs.append(
                Difference(
                    "income",
                    pid,
                    f"income {hb.powers[pid].income} in the handbook, {income} in the pack",
                    None,
                    None,
                    hb.powers[pid].income,
                    income,
                )
            )
        if hb.bank_equals_income:
            bank = scenario.banks.get(mp, 0)
            if bank != hb.powers[pid].income:
                diffs.append(
                    Difference(
                        "bank",
                        pid,
                        f"starting bank {hb.powers[pid].income} in the handbook, {bank} in the pack",
                        None,
                        None,
                        hb.powers[pid].income,
                        bank,
                    )
                )
    # who is at war with whom at the start, among the handbook's powers
    if hb.at_war is not None:
        ids = list(hb.powers)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                rel = scenario.relation(map_power[a], map_power[b])
                war = rel is not None and rel.status == "war"
                want = frozenset((a, b)) in hb.at_war
                if war != want:
                    diffs.append(
                        Difference(
                            "war",
                            a,
                            f"{hb.powers[a].name} and {hb.powers[b].name}: "
                            f"{'at war' if want else 'not at war'} in the handbook, "
                            f"{rel.status if rel else 'no relation'} in the pack",
                            None,
                            None,
                            {"with": b, "war": want},
                            {"with": b, "war": war},
                        )
                    )
    # turn order of the handbook's powers
    order = [book_power[n] for slot in scenario.turn_order for n in slot if n in book_power]
    if order != hb.turn_order:
        names = lambda ps: ", ".join(map_power.get(p, p) for p in ps)  # noqa: E731
        diffs.append(
            Difference(
                "turn_order",
                None,
                f"turn order {names(hb.turn_order)} in the handbook, {names(order)} in the pack",
                None,
                None,
                list(hb.turn_order),
                order,
            )
        )
    if hb.original_chinese is not None and "CHN" in map_power:
        # (an ownership without an original owner is its owner's, as the engine reads it)
        n = sum(
            1
            for o in scenario.ownership.values()
            if (o.original if o.original is not None else o.owner) == map_power["CHN"]
        )
        if n != hb.original_chinese:
            diffs.append(
                Difference(
                    "original_owner",
                    "CHN",
                    f"{hb.original_chinese} originally Chinese territories in the handbook, {n} in the pack",
                    None,
                    None,
                    hb.original_chinese,
                    n,
                )
            )
    checked["zones"] = len(zones_seen)
    for d in diffs:
        d.deviation = _explained(hb, d)
    return Comparison(hb, scenario.id, diffs, checked)


def _book_zone(hb: Handbook, map_name: str) -> str:
    for book, mapped in hb.map_zones.items():
        if mapped == map_name:
            return book
    book, mapfmt = hb.sea_zone
    return _renumber(map_name, mapfmt, book)


def _renumber(name: str, source: str, target: str) -> str:
    """A sea zone's name in the ``target`` pattern (``"Sea Zone {n}"`` ->
    ``"{n} Sea Zone"``) when it has the ``source`` pattern; any other name as it is."""
    prefix, _, suffix = source.partition("{n}")
    if name.startswith(prefix) and name.endswith(suffix):
        number = name[len(prefix) : len(name) - len(suffix) if suffix else None]
        if number.isdigit():
            return target.replace("{n}", number)
    return name


def _explained(hb: Handbook, d: Difference) -> Deviation | None:
    for dv in hb.deviations:
        if (
            dv.kind == d.kind
            and dv.power == d.power
            and dv.zone == d.zone
            and dv.unit == d.unit
            and dv.handbook == d.handbook
            and dv.map == d.pack
        ):
            return dv
    return None
