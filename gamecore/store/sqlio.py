"""Write a :class:`~gamecore.model.Pack` into the tables of :mod:`gamecore.store.schema` and
read it back, exactly, except that map coordinates (zone and terrain geometry, labels,
roundels, slots, line points) are written on the fixed grid of
:mod:`gamecore.geometry.grid`, so that the pack's text form is exact.

Geometry is WKB (little-endian, converted in one vectorised shapely call per table); lists
and dicts (flags, slots, props, …) are JSON text; every row keeps its position in the model
(``pos``) so that dict and list order survive the round trip.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import Any

import numpy as np
import shapely

from gamecore import limits
from gamecore.errors import PackError
from gamecore.geometry.grid import snap, snap_geometries
from gamecore.model import (
    Alliance,
    BackgroundImage,
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Objective,
    Ownership,
    Pack,
    PlaytestResult,
    Relation,
    RulesetDoc,
    Scenario,
    TerrainArea,
    UnitStack,
    Zone,
)
from gamecore.store.columns import COLUMNS, BadCell, check_cell, fail, select
from gamecore.store.schema import TABLES

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads


def _j(value: Any, where: str) -> str:
    if not value:  # the common empty containers, without the encoder
        if type(value) is dict:
            return "{}"
        if type(value) is list:
            return "[]"
    try:
        return _dumps(value)
    except (TypeError, ValueError) as err:
        raise PackError(f"cannot store {where}: {err}") from None


class WkbCache:
    """WKB of geometries already written or read, by object identity (shapely geometries
    are immutable), so that saving a pack whose geometry mostly did not change does not
    encode it all again. Holds the geometries it knows; :meth:`encode` keeps only the
    entries of its last call."""

    def __init__(self) -> None:
        self.known: dict[int, tuple[Any, bytes]] = {}
        self._next: dict[int, tuple[Any, bytes]] = {}

    def remember(self, geom: Any, blob: bytes | None) -> None:
        if geom is not None and blob is not None:
            self.known[id(geom)] = (geom, blob)

    def begin(self) -> None:
        self._next = {}

    def end(self) -> None:
        self.known, self._next = self._next, {}

    def encode(self, geoms: list) -> list:
        out: list = [None] * len(geoms)
        todo: list[int] = []
        known, nxt = self.known, self._next
        for i, g in enumerate(geoms):
            if g is None:
                continue
            hit = known.get(id(g))
            if hit is not None and hit[0] is g:
                out[i] = hit[1]
                nxt[id(g)] = hit
            else:
                todo.append(i)
        if todo:
            for i, blob in zip(todo, _wkb([geoms[i] for i in todo]), strict=True):
                out[i] = blob
                nxt[id(geoms[i])] = (geoms[i], blob)
        return out


def _wkb(geoms: list) -> list:
    if not geoms:
        return []
    arr = np.empty(len(geoms), dtype=object)
    arr[:] = geoms
    try:
        arr[:] = snap_geometries(list(arr))  # stored on the grid (gamecore.geometry.grid)
        return list(shapely.to_wkb(arr, byte_order=1))
    except (TypeError, shapely.errors.GEOSException) as err:
        raise PackError(f"cannot store a geometry: {err}") from None


def _from_wkb(blobs: list) -> list:
    if not blobs:
        return []
    arr = np.empty(len(blobs), dtype=object)
    arr[:] = blobs
    with np.errstate(invalid="ignore"):  # NaN coordinates are refused by check_geometries
        return list(shapely.from_wkb(arr))


def _check_key(table: str, key: Any, ident: Any) -> None:
    if key != ident:
        raise PackError(f"cannot save an inconsistent pack: {table}[{key!r}] holds id {ident!r}")


def _xy(p) -> tuple:
    return (None, None) if p is None else (snap(p[0]), snap(p[1]))


def _points(ps) -> list:
    return [(snap(p[0]), snap(p[1])) if len(p) == 2 else p for p in ps]


def _insert(conn: sqlite3.Connection, table: str, columns: Iterable[str], rows: list) -> None:
    if not rows:
        return
    cols = list(columns)
    sql = (
        f"INSERT INTO {table} ({', '.join(f'[{c}]' for c in cols)}) "
        f"VALUES ({', '.join('?' * len(cols))})"
    )
    conn.executemany(sql, rows)


# -- write ----------------------------------------------------------------------------------


def write_db(
    conn: sqlite3.Connection,
    pack: Pack,
    state: dict[str, str] | None = None,
    cache: WkbCache | None = None,
) -> None:
    """Replace the content of ``conn`` (which has the current schema) with ``pack`` in one
    transaction; ``state`` entries are merged into ``store_state``."""
    cache = cache if cache is not None else WkbCache()
    cache.begin()
    rows = _rows(pack, cache)  # all conversion first: a bad value aborts before any change
    cache.end()
    try:
        _check_rows(pack, rows)
    except BadCell as err:
        raise PackError(f"cannot save: {err}") from None
    conn.execute("BEGIN")
    try:
        for table in TABLES:
            if table != "store_state":
                conn.execute(f"DELETE FROM {table}")
        for table, columns, data in rows:
            _insert(conn, table, columns, data)
        if state:
            conn.executemany(
                "INSERT OR REPLACE INTO store_state (key, value) VALUES (?, ?)", state.items()
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _check_rows(pack: Pack, rows: list[tuple[str, tuple[str, ...], list]]) -> None:
    """What is written is what :func:`read_db` accepts (types, ranges, limits): a pack
    that saves can always be opened. Rows are named by position, from 1."""
    for table, columns, data in rows:
        spec = COLUMNS[table]
        checks = [(i, c, spec.get(c)) for i, c in enumerate(columns) if c in spec]
        for n, row in enumerate(data, 1):
            for i, c, check in checks:
                check_cell(table, n, c, check, row[i])
    m = pack.map
    for table, items in (("zones", m.zones), ("terrain_areas", m.terrain_areas)):
        check_geometries(
            table, [x.geometry for x in items.values()], list(range(1, len(items) + 1))
        )
    for s in pack.scenarios.values():
        total = sum(u.count for u in s.units if type(u.count) is int)
        if total > limits.MAX_SCENARIO_UNITS:
            raise fail(
                "units",
                "*",
                "count",
                f"scenario {s.id[:40]!r} sets up more than {limits.MAX_SCENARIO_UNITS:,} units",
            )


def _rows(pack: Pack, cache: WkbCache) -> list[tuple[str, tuple[str, ...], list]]:
    m = pack.map
    out: list[tuple[str, tuple[str, ...], list]] = []
    out.append(
        (
            "pack_meta",
            ("key", "pos", "value"),
            [(k, i, _j(v, f"meta[{k!r}]")) for i, (k, v) in enumerate(pack.meta.items())],
        )
    )
    out.append(
        (
            "map_info",
            ("id", "name", "width", "height", "crs", "transform", "wrap_x", "props"),
            [
                (
                    1,
                    m.name,
                    m.width,
                    m.height,
                    m.crs,
                    None if m.transform is None else _j(m.transform, "map.transform"),
                    int(bool(m.wrap_x)),
                    _j(m.props, "map.props"),
                )
            ],
        )
    )
    zrows = []
    for pos, (key, z) in enumerate(m.zones.items()):
        _check_key("map.zones", key, z.id)
        w = f"map.zones[{key}]"
        zrows.append(
            [
                z.id,
                pos,
                z.code,
                z.name,
                z.kind,
                z.geometry,
                z.value,
                z.terrain,
                z.region,
                _j(z.flags, w + ".flags"),
                *_xy(z.label),
                *_xy(z.roundel),
                _j(_points(z.slots), w + ".slots"),
                _j(z.props, w + ".props"),
            ]
        )
    for row, blob in zip(zrows, cache.encode([r[5] for r in zrows]), strict=True):
        row[5] = blob
    out.append(
        (
            "zones",
            (
                "id",
                "pos",
                "code",
                "name",
                "kind",
                "geometry",
                "value",
                "terrain",
                "region",
                "flags",
                "label_x",
                "label_y",
                "roundel_x",
                "roundel_y",
                "slots",
                "props",
            ),
            zrows,
        )
    )
    brows = []
    for pos, (key, b) in enumerate(m.borders.items()):
        _check_key("map.borders", tuple(key), (b.a, b.b))
        brows.append(
            (
                b.a,
                b.b,
                pos,
                int(bool(b.river)),
                int(bool(b.mountain)),
                int(bool(b.fortified)),
                int(bool(b.impassable)),
                b.rail_gauge,
                b.crossing_limit,
                _j(b.props, f"map.borders[{key}].props"),
            )
        )
    out.append(
        (
            "borders",
            (
                "a",
                "b",
                "pos",
                "river",
                "mountain",
                "fortified",
                "impassable",
                "rail_gauge",
                "crossing_limit",
                "props",
            ),
            brows,
        )
    )
    lrows = []
    for pos, (key, lk) in enumerate(m.links.items()):
        _check_key("map.links", key, lk.id)
        w = f"map.links[{key}]"
        lrows.append(
            (
                lk.id,
                pos,
                lk.kind,
                lk.a,
                lk.b,
                lk.name,
                lk.via,
                _j(lk.controllers, w + ".controllers"),
                lk.rule,
                _j(lk.props, w + ".props"),
            )
        )
    out.append(
        (
            "links",
            ("id", "pos", "kind", "a", "b", "name", "via", "controllers", "rule", "props"),
            lrows,
        )
    )
    trows = []
    for pos, (key, t) in enumerate(m.terrain_areas.items()):
        _check_key("map.terrain_areas", key, t.id)
        trows.append(
            [
                t.id,
                pos,
                t.zone,
                t.terrain,
                t.geometry,
                _j(t.props, f"map.terrain_areas[{key}].props"),
            ]
        )
    for row, blob in zip(trows, cache.encode([r[4] for r in trows]), strict=True):
        row[4] = blob
    out.append(
        ("terrain_areas", ("id", "pos", "zone", "terrain", "geometry", "props"), trows),
    )
    frows = []
    for pos, (key, f) in enumerate(m.facilities.items()):
        _check_key("map.facilities", key, f.id)
        w = f"map.facilities[{key}]"
        frows.append(
            (
                f.id,
                pos,
                f.zone,
                f.type,
                f.level,
                f.damage,
                _j(f.serves, w + ".serves"),
                f.owner,
                _j(f.props, w + ".props"),
            )
        )
    out.append(
        (
            "facilities",
            ("id", "pos", "zone", "type", "level", "damage", "serves", "owner", "props"),
            frows,
        )
    )
    linerows = []
    for pos, (key, ln) in enumerate(m.lines.items()):
        _check_key("map.lines", key, ln.id)
        w = f"map.lines[{key}]"
        linerows.append(
            (
                ln.id,
                pos,
                ln.kind,
                ln.name,
                _j(_points(ln.points), w + ".points"),
                _j(ln.path, w + ".path"),
                ln.start,
                ln.end,
                _j(ln.values, w + ".values"),
                ln.gauge,
                _j(ln.props, w + ".props"),
            )
        )
    out.append(
        (
            "lines",
            (
                "id",
                "pos",
                "kind",
                "name",
                "points",
                "path",
                "start",
                "end",
                "values",
                "gauge",
                "props",
            ),
            linerows,
        )
    )
    irows = []
    for pos, (key, im) in enumerate(m.images.items()):
        _check_key("map.images", key, im.id)
        irows.append(
            (
                im.id,
                pos,
                im.name,
                im.format,
                bytes(im.data),
                im.x,
                im.y,
                im.width,
                im.height,
                im.opacity,
                int(bool(im.visible)),
            )
        )
    out.append(
        (
            "images",
            (
                "id",
                "pos",
                "name",
                "format",
                "data",
                "x",
                "y",
                "width",
                "height",
                "opacity",
                "visible",
            ),
            irows,
        )
    )
    nrows = []
    for pos, (key, n) in enumerate(pack.nations.items()):
        _check_key("nations", key, n.id)
        w = f"nations[{key!r}]"
        nrows.append(
            (
                n.id,
                pos,
                n.name,
                n.colour,
                n.kind,
                int(bool(n.playable)),
                n.capital,
                _j(n.home_zones, w + ".home_zones"),
                n.flag_image,
                _j(n.props, w + ".props"),
            )
        )
    out.append(
        (
            "nations",
            (
                "id",
                "pos",
                "name",
                "colour",
                "kind",
                "playable",
                "capital",
                "home_zones",
                "flag_image",
                "props",
            ),
            nrows,
        )
    )
    srows, arows, rrows, orows, urows, bkrows, inrows, obrows = [], [], [], [], [], [], [], []
    for pos, (key, s) in enumerate(pack.scenarios.items()):
        _check_key("scenarios", key, s.id)
        w = f"scenarios[{key!r}]"
        srows.append(
            (
                s.id,
                pos,
                s.name,
                s.ruleset,
                _j(s.options, w + ".options"),
                s.start,
                s.calendar,
                s.rounds,
                _j(s.turn_order, w + ".turn_order"),
                _j(s.props, w + ".props"),
            )
        )
        sid = s.id
        for i, (k, al) in enumerate(s.alliances.items()):
            _check_key(w + ".alliances", k, al.id)
            arows.append(
                (sid, al.id, i, al.name, _j(al.members, w + ".alliances.members"), al.colour)
            )
        for i, (k, r) in enumerate(s.relations.items()):
            _check_key(w + ".relations", tuple(k), (r.a, r.b))
            rrows.append((sid, r.a, r.b, i, r.status, r.initiated_by))
        for i, (zone, o) in enumerate(s.ownership.items()):
            orows.append((sid, zone, i, o.owner, o.original))
        for i, u in enumerate(s.units):
            urows.append(
                (sid, i, u.zone, u.nation, u.unit_type, u.count, _j(u.props, w + ".units.props"))
            )
        bkrows.extend((sid, nat, i, amt) for i, (nat, amt) in enumerate(s.banks.items()))
        inrows.extend((sid, nat, i, amt) for i, (nat, amt) in enumerate(s.income_overrides.items()))
        for i, (k, ob) in enumerate(s.objectives.items()):
            _check_key(w + ".objectives", k, ob.id)
            obrows.append(
                (
                    sid,
                    ob.id,
                    i,
                    ob.name,
                    ob.kind,
                    ob.owner,
                    ob.condition,
                    ob.effect,
                    int(bool(ob.once)),
                    _j(ob.props, w + f".objectives[{k!r}].props"),
                )
            )
    out.append(
        (
            "scenarios",
            (
                "id",
                "pos",
                "name",
                "ruleset",
                "options",
                "start",
                "calendar",
                "rounds",
                "turn_order",
                "props",
            ),
            srows,
        )
    )
    out.append(("alliances", ("scenario", "id", "pos", "name", "members", "colour"), arows))
    out.append(("relations", ("scenario", "a", "b", "pos", "status", "initiated_by"), rrows))
    out.append(("ownership", ("scenario", "zone", "pos", "owner", "original"), orows))
    out.append(
        (
            "units",
            ("scenario", "pos", "zone", "nation", "unit_type", "count", "props"),
            urows,
        )
    )
    out.append(("banks", ("scenario", "nation", "pos", "amount"), bkrows))
    out.append(("income_overrides", ("scenario", "nation", "pos", "amount"), inrows))
    out.append(
        (
            "objectives",
            (
                "scenario",
                "id",
                "pos",
                "name",
                "kind",
                "owner",
                "condition",
                "effect",
                "once",
                "props",
            ),
            obrows,
        )
    )
    rsrows = []
    for pos, (key, rs) in enumerate(pack.rulesets.items()):
        _check_key("rulesets", key, rs.id)
        rsrows.append((rs.id, pos, rs.text))
    out.append(("rulesets", ("id", "pos", "text"), rsrows))
    prows = []
    for pos, (key, p) in enumerate(pack.playtests.items()):
        _check_key("playtests", key, p.id)
        w = f"playtests[{key}]"
        prows.append(
            (
                p.id,
                pos,
                p.scenario,
                p.created,
                _j(p.params, w + ".params"),
                p.scenario_hash,
                _j(p.results, w + ".results"),
            )
        )
    out.append(
        (
            "playtests",
            ("id", "pos", "scenario", "created", "params", "scenario_hash", "results"),
            prows,
        )
    )
    out.append(("ignored_issues", ("pos", "issue"), list(enumerate(pack.ignored_issues))))
    return out


# -- read -----------------------------------------------------------------------------------


def read_state(conn: sqlite3.Connection) -> dict[str, str]:
    return {r[1]: r[2] for r in select(conn, "store_state", "key, value")}


def _geometries(table: str, rows: list, col: int, cache: WkbCache | None) -> list:
    """Decode the WKB of column ``col`` of ``rows`` (one vectorised call; on failure one by
    one to name the row) and check them (:func:`check_geometries`)."""
    blobs = [r[col] for r in rows]
    try:
        geoms = _from_wkb(blobs)
    except (shapely.errors.GEOSException, ValueError, TypeError):
        geoms = []
        for r, b in zip(rows, blobs, strict=True):
            try:
                geoms.append(_from_wkb([b])[0])
            except (shapely.errors.GEOSException, ValueError, TypeError) as err:
                raise fail(table, r[0], "geometry", f"not valid WKB ({err})") from None
    check_geometries(table, geoms, [r[0] for r in rows])
    if cache is not None:
        for g, b in zip(geoms, blobs, strict=True):
            cache.remember(g, b)
    return geoms


def check_geometries(table: str, geoms: list, row_ids: list) -> None:
    """Polygonal, finite, within ±MAX_COORD, and not too many vertices (one by one and
    in all); :class:`BadCell` naming ``row_ids[i]`` otherwise."""
    if not geoms:
        return
    arr = np.empty(len(geoms), dtype=object)
    arr[:] = geoms
    types = shapely.get_type_id(arr)
    counts = shapely.get_num_coordinates(arr)
    for i in np.flatnonzero((types != -1) & (types != 3) & (types != 6)):  # -1: None
        raise fail(
            table, row_ids[i], "geometry", f"expected a polygon, found a {geoms[i].geom_type}"
        )
    for i in np.flatnonzero(counts > limits.MAX_GEOMETRY_VERTICES):
        raise fail(
            table,
            row_ids[i],
            "geometry",
            f"{counts[i]:,} vertices (at most {limits.MAX_GEOMETRY_VERTICES:,})",
        )
    if int(counts.sum()) > limits.MAX_TOTAL_VERTICES:
        raise fail(
            table,
            "*",
            "geometry",
            f"{int(counts.sum()):,} vertices in all (at most {limits.MAX_TOTAL_VERTICES:,})",
        )
    with np.errstate(invalid="ignore"):
        coords, owner = shapely.get_coordinates(arr, return_index=True)
        bad = ~np.all(np.isfinite(coords) & (np.abs(coords) <= limits.MAX_COORD), axis=1)
    for i in owner[bad][:1]:
        raise fail(
            table,
            row_ids[i],
            "geometry",
            f"a coordinate is not finite or beyond ±{limits.MAX_COORD:g}",
        )


def _xy_pair(table: str, row: int, name: str, x, y):
    if (x is None) != (y is None):
        raise fail(
            table, row, f"{name}_y" if y is None else f"{name}_x", "only one of x, y is NULL"
        )
    return None if x is None else (x, y)


def read_db(conn: sqlite3.Connection, cache: WkbCache | None = None) -> Pack:
    """The pack held by ``conn`` (current schema). Every cell is checked against
    :data:`gamecore.store.columns.COLUMNS`, and rows of a scenario must name one: a bad
    cell raises :class:`~gamecore.store.columns.BadCell` (table, row, column).
    (References to missing zones or nations are the validator's to report, so that the
    editor can open such a pack and fix it.) Raises sqlite3 errors as they come; callers
    name the file. ``cache`` learns the WKB of every geometry read."""
    pack = Pack()
    pack.meta = {k: v for _, k, v in select(conn, "pack_meta", "key, value")}
    m = Map()
    for _, name, width, height, crs, transform, wrap_x, props in select(
        conn, "map_info", "name, width, height, crs, transform, wrap_x, props"
    ):
        m.name, m.width, m.height, m.crs = name, width, height, crs
        m.transform, m.wrap_x, m.props = transform, wrap_x, props
    pack.map = m

    rows = list(
        select(
            conn,
            "zones",
            "id, code, name, kind, geometry, value, terrain, region, flags, label_x, "
            "label_y, roundel_x, roundel_y, slots, props",
        )
    )
    geoms = _geometries("zones", rows, 5, cache)
    zones = m.zones
    for r, g in zip(rows, geoms, strict=True):
        zones[r[1]] = Zone(
            r[1],
            r[2],
            r[3],
            r[4],
            g,
            r[6],
            r[7],
            r[8],
            r[9],
            _xy_pair("zones", r[0], "label", r[10], r[11]),
            _xy_pair("zones", r[0], "roundel", r[12], r[13]),
            r[14],
            r[15],
        )
    for r in select(
        conn,
        "borders",
        "a, b, river, mountain, fortified, impassable, rail_gauge, crossing_limit, props",
    ):
        m.borders[(r[1], r[2])] = Border(*r[1:])
    for r in select(conn, "links", "id, kind, a, b, name, via, controllers, rule, props"):
        m.links[r[1]] = Link(*r[1:])
    rows = list(select(conn, "terrain_areas", "id, zone, terrain, geometry, props"))
    for r, g in zip(rows, _geometries("terrain_areas", rows, 4, cache), strict=True):
        m.terrain_areas[r[1]] = TerrainArea(r[1], r[2], r[3], g, r[5])
    for r in select(
        conn, "images", "id, name, format, data, x, y, width, height, opacity, visible"
    ):
        m.images[r[1]] = BackgroundImage(*r[1:])

    for r in select(
        conn,
        "nations",
        "id, name, colour, kind, playable, capital, home_zones, flag_image, props",
    ):
        pack.nations[r[1]] = Nation(*r[1:])

    for r in select(conn, "facilities", "id, zone, type, level, damage, serves, owner, props"):
        m.facilities[r[1]] = Facility(*r[1:])
    for r in select(
        conn, "lines", "id, kind, name, points, path, start, [end], [values], gauge, props"
    ):
        m.lines[r[1]] = Line(*r[1:])
    scen = pack.scenarios
    for r in select(
        conn,
        "scenarios",
        "id, name, ruleset, options, start, calendar, rounds, turn_order, props",
    ):
        scen[r[1]] = Scenario(
            id=r[1],
            name=r[2],
            ruleset=r[3],
            options=r[4],
            start=r[5],
            calendar=r[6],
            rounds=r[7],
            turn_order=r[8],
            props=r[9],
        )

    def scenario(table: str, row: int, sid: str) -> Scenario:
        s = scen.get(sid)
        if s is None:
            raise fail(table, row, "scenario", f"unknown scenario {sid[:40]!r}")
        return s

    for r in select(conn, "alliances", "scenario, id, name, members, colour"):
        scenario("alliances", r[0], r[1]).alliances[r[2]] = Alliance(*r[2:])
    for r in select(conn, "relations", "scenario, a, b, status, initiated_by"):
        scenario("relations", r[0], r[1]).relations[(r[2], r[3])] = Relation(*r[2:])
    for r in select(conn, "ownership", "scenario, zone, owner, original"):
        scenario("ownership", r[0], r[1]).ownership[r[2]] = Ownership(r[3], r[4])
    totals: dict[str, int] = {}
    for r in select(conn, "units", "scenario, zone, nation, unit_type, count, props"):
        totals[r[1]] = totals.get(r[1], 0) + r[5]
        if totals[r[1]] > limits.MAX_SCENARIO_UNITS:
            raise fail(
                "units",
                r[0],
                "count",
                f"scenario {r[1][:40]!r} sets up more than {limits.MAX_SCENARIO_UNITS:,} units",
            )
        scenario("units", r[0], r[1]).units.append(UnitStack(*r[2:]))
    for table in ("banks", "income_overrides"):
        for r in select(conn, table, "scenario, nation, amount"):
            getattr(scenario(table, r[0], r[1]), table)[r[2]] = r[3]
    for r in select(
        conn, "objectives", "scenario, id, name, kind, owner, condition, effect, once, props"
    ):
        scenario("objectives", r[0], r[1]).objectives[r[2]] = Objective(*r[2:])
    for r in select(conn, "rulesets", "id, text"):
        pack.rulesets[r[1]] = RulesetDoc(r[1], r[2])
    for r in select(conn, "playtests", "id, scenario, created, params, scenario_hash, results"):
        pack.playtests[r[1]] = PlaytestResult(*r[1:])
    pack.ignored_issues = [r[1] for r in select(conn, "ignored_issues", "issue")]
    return pack
