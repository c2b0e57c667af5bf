"""Write a :class:`~gamecore.model.Pack` into the tables of :mod:`gamecore.store.schema` and
read it back, exactly.

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

from gamecore.errors import PackError
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
        return list(shapely.to_wkb(arr, byte_order=1))
    except (TypeError, shapely.errors.GEOSException) as err:
        raise PackError(f"cannot store a geometry: {err}") from None


def _from_wkb(blobs: list) -> list:
    if not blobs:
        return []
    arr = np.empty(len(blobs), dtype=object)
    arr[:] = blobs
    return list(shapely.from_wkb(arr))


def _check_key(table: str, key: Any, ident: Any) -> None:
    if key != ident:
        raise PackError(f"cannot save an inconsistent pack: {table}[{key!r}] holds id {ident!r}")


def _xy(p) -> tuple:
    return (None, None) if p is None else (p[0], p[1])


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
                _j(z.slots, w + ".slots"),
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
                _j(ln.points, w + ".points"),
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
    return dict(conn.execute("SELECT key, value FROM store_state"))


def read_db(conn: sqlite3.Connection, cache: WkbCache | None = None) -> Pack:
    """The pack held by ``conn`` (current schema). Raises the raw sqlite3/JSON/shapely
    errors; callers turn them into a :class:`PackError` naming the file. ``cache`` learns
    the WKB of every geometry read."""
    q = conn.execute
    pack = Pack()
    pack.meta = {k: _loads(v) for k, v in q("SELECT key, value FROM pack_meta ORDER BY pos")}
    row = q(
        "SELECT name, width, height, crs, transform, wrap_x, props FROM map_info WHERE id = 1"
    ).fetchone()
    m = Map()
    if row is not None:
        m.name, m.width, m.height, m.crs = row[0], row[1], row[2], row[3]
        m.transform = None if row[4] is None else _loads(row[4])
        m.wrap_x = bool(row[5])
        m.props = _loads(row[6])
    pack.map = m

    rows = q(
        "SELECT id, code, name, kind, geometry, value, terrain, region, flags, label_x, "
        "label_y, roundel_x, roundel_y, slots, props FROM zones ORDER BY pos"
    ).fetchall()
    geoms = _from_wkb([r[4] for r in rows])
    if cache is not None:
        for r, g in zip(rows, geoms, strict=True):
            cache.remember(g, r[4])
    zones = m.zones
    for r, g in zip(rows, geoms, strict=True):
        zones[r[0]] = Zone(
            r[0],
            r[1],
            r[2],
            r[3],
            g,
            r[5],
            r[6],
            r[7],
            _loads(r[8]),
            None if r[9] is None else (r[9], r[10]),
            None if r[11] is None else (r[11], r[12]),
            [tuple(p) for p in _loads(r[13])],
            _loads(r[14]),
        )
    for r in q(
        "SELECT a, b, river, mountain, fortified, impassable, rail_gauge, crossing_limit, "
        "props FROM borders ORDER BY pos"
    ):
        m.borders[(r[0], r[1])] = Border(
            r[0],
            r[1],
            bool(r[2]),
            bool(r[3]),
            bool(r[4]),
            bool(r[5]),
            r[6],
            r[7],
            _loads(r[8]),
        )
    for r in q(
        "SELECT id, kind, a, b, name, via, controllers, rule, props FROM links ORDER BY pos"
    ):
        m.links[r[0]] = Link(r[0], r[1], r[2], r[3], r[4], r[5], _loads(r[6]), r[7], _loads(r[8]))
    rows = q("SELECT id, zone, terrain, geometry, props FROM terrain_areas ORDER BY pos").fetchall()
    for r, g in zip(rows, _from_wkb([r[3] for r in rows]), strict=True):
        if cache is not None:
            cache.remember(g, r[3])
        m.terrain_areas[r[0]] = TerrainArea(r[0], r[1], r[2], g, _loads(r[4]))
    for r in q(
        "SELECT id, zone, type, level, damage, serves, owner, props FROM facilities ORDER BY pos"
    ):
        m.facilities[r[0]] = Facility(
            r[0], r[1], r[2], r[3], r[4], _loads(r[5]), r[6], _loads(r[7])
        )
    for r in q(
        "SELECT id, kind, name, points, path, start, [end], [values], gauge, props "
        "FROM lines ORDER BY pos"
    ):
        m.lines[r[0]] = Line(
            r[0],
            r[1],
            r[2],
            [tuple(p) for p in _loads(r[3])],
            _loads(r[4]),
            r[5],
            r[6],
            _loads(r[7]),
            r[8],
            _loads(r[9]),
        )
    for r in q(
        "SELECT id, name, format, data, x, y, width, height, opacity, visible "
        "FROM images ORDER BY pos"
    ):
        m.images[r[0]] = BackgroundImage(
            r[0], r[1], r[2], bytes(r[3] or b""), r[4], r[5], r[6], r[7], r[8], bool(r[9])
        )

    for r in q(
        "SELECT id, name, colour, kind, playable, capital, home_zones, flag_image, props "
        "FROM nations ORDER BY pos"
    ):
        pack.nations[r[0]] = Nation(
            r[0], r[1], r[2], r[3], bool(r[4]), r[5], _loads(r[6]), r[7], _loads(r[8])
        )
    scen = pack.scenarios
    for r in q(
        "SELECT id, name, ruleset, options, start, calendar, rounds, turn_order, props "
        "FROM scenarios ORDER BY pos"
    ):
        scen[r[0]] = Scenario(
            id=r[0],
            name=r[1],
            ruleset=r[2],
            options=_loads(r[3]),
            start=r[4],
            calendar=r[5],
            rounds=r[6],
            turn_order=_loads(r[7]),
            props=_loads(r[8]),
        )
    for r in q("SELECT scenario, id, name, members, colour FROM alliances ORDER BY pos"):
        scen[r[0]].alliances[r[1]] = Alliance(r[1], r[2], _loads(r[3]), r[4])
    for r in q("SELECT scenario, a, b, status, initiated_by FROM relations ORDER BY pos"):
        scen[r[0]].relations[(r[1], r[2])] = Relation(r[1], r[2], r[3], r[4])
    for r in q("SELECT scenario, zone, owner, original FROM ownership ORDER BY pos"):
        scen[r[0]].ownership[r[1]] = Ownership(r[2], r[3])
    for r in q("SELECT scenario, zone, nation, unit_type, count, props FROM units ORDER BY pos"):
        scen[r[0]].units.append(UnitStack(r[1], r[2], r[3], r[4], _loads(r[5])))
    for r in q("SELECT scenario, nation, amount FROM banks ORDER BY pos"):
        scen[r[0]].banks[r[1]] = r[2]
    for r in q("SELECT scenario, nation, amount FROM income_overrides ORDER BY pos"):
        scen[r[0]].income_overrides[r[1]] = r[2]
    for r in q(
        "SELECT scenario, id, name, kind, owner, condition, effect, once, props "
        "FROM objectives ORDER BY pos"
    ):
        scen[r[0]].objectives[r[1]] = Objective(
            r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), _loads(r[8])
        )
    for r in q("SELECT id, text FROM rulesets ORDER BY pos"):
        pack.rulesets[r[0]] = RulesetDoc(r[0], r[1])
    for r in q(
        "SELECT id, scenario, created, params, scenario_hash, results FROM playtests ORDER BY pos"
    ):
        pack.playtests[r[0]] = PlaytestResult(r[0], r[1], r[2], _loads(r[3]), r[4], _loads(r[5]))
    pack.ignored_issues = [r[0] for r in q("SELECT issue FROM ignored_issues ORDER BY pos")]
    return pack
