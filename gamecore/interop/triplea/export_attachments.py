"""The TripleA exporter's attachments (units, territories, canals, rules and what an
import kept verbatim) and the initialize section (ownership, units, resources)."""

from __future__ import annotations

from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea.export_common import (
    ARCHETYPE_OF_STATUS,
    ATT,
    _ExportBase,
    _set,
)
from gamecore.interop.triplea.gamexml import (
    Attachment,
    Game,
)
from gamecore.interop.triplea.importer import slug
from gamecore.model import Zone, in_scenario


class _AttachmentsExport(_ExportBase):
    """The parts of the export that write the attachments and the set-up."""

    # ------------------------------------------------------------------ attachments
    def _attachments(self, g: Game) -> None:
        out: list[Attachment] = []
        done_units: set[str] = set()
        done_zones: set[int] = set()
        done_canals: set[int] = set()
        last = {"unit": -1, "territory": -1, "canal": -1}
        zone_of_old = {}
        if self.base is not None:
            for i, (old, _w) in enumerate(self.base.territories, 1):
                zone_of_old[old] = i
        canal_links = {lid: lk for lid, lk in self.m.links.items() if lk.kind == "canal"}
        base_atts = self.base.attachments if self.base is not None else []
        supportable = self._supportable()
        # a game may attach the same attachment twice (Napoleonic Empires' Caucasus):
        # TripleA keeps the last, so only that one is written from the model
        last_of = {(a.kind, a.name, a.attach_to): i for i, a in enumerate(base_atts)}
        for i, a in enumerate(base_atts):
            kind = a.kind
            if (
                kind in ("unit", "territory")
                and a.name in ("unitAttachment", "territoryAttachment")
                and last_of[(kind, a.name, a.attach_to)] != i
            ):
                opts = [[o[0], self._rename(o[1]), o[2]] for o in a.options]
                out.append(
                    Attachment(a.name, self._rename(a.attach_to), a.java_class, a.type, opts)
                )
                continue
            if kind == "unit" and a.name == "unitAttachment":
                uid = a.attach_to
                if uid not in self.uname:
                    self.notes.append(f"unitAttachment of removed unit '{uid}' dropped")
                    continue
                if uid in self.rules.units:
                    opts, notes = rm.unit_options_patch(
                        a.options, self.rules.units[uid], self.rules.dice, supportable
                    )
                    self.losses.extend(notes)
                else:
                    opts = [list(o) for o in a.options]
                out.append(Attachment(a.name, self.uname[uid], a.java_class, a.type, opts))
                done_units.add(uid)
                last["unit"] = len(out) - 1
            elif kind == "territory" and a.name == "territoryAttachment":
                zid = zone_of_old.get(a.attach_to)
                if zid is None or zid not in self.m.zones:
                    self.notes.append(
                        f"territoryAttachment of removed territory '{a.attach_to}' dropped"
                    )
                    continue
                opts = self._territory_options(zid, a.options)
                out.append(Attachment(a.name, self.tname[zid], a.java_class, a.type, opts))
                done_zones.add(zid)
                last["territory"] = len(out) - 1
            elif kind == "canal" and a.name.startswith("canalAttachment"):
                zid = zone_of_old.get(a.attach_to)
                cname = a.get("canalName") or a.name
                link = next(
                    (lk for lk in canal_links.values() if lk.name == cname and zid in (lk.a, lk.b)),
                    None,
                )
                if link is None:
                    self.notes.append(f"canal '{cname}' no longer exists; its attachment dropped")
                    continue
                opts = [list(o) for o in a.options]
                _set(opts, "canalName", link.name or cname)
                _set(
                    opts,
                    "landTerritories",
                    ":".join(self.tname[c] for c in link.controllers if c in self.tname),
                )
                exempt = link.props.get("exempt")
                if exempt:
                    _set(opts, "excludedUnits", ":".join(self.uname.get(u, u) for u in exempt))
                out.append(Attachment(a.name, self.tname[zid], a.java_class, a.type, opts))
                done_canals.add(link.id)
                last["canal"] = len(out) - 1
            else:
                opts = [[o[0], self._rename(o[1]), o[2]] for o in a.options]
                out.append(
                    Attachment(a.name, self._rename(a.attach_to), a.java_class, a.type, opts)
                )
        # new attachments, each family after its last member
        new_units = []
        for uid in self._unit_ids():
            if uid in done_units:
                continue
            if uid in self.rules.units:
                opts, notes = rm.unit_options_patch(
                    [], self.rules.units[uid], self.rules.dice, supportable
                )
                self.losses.extend(notes)
            else:
                opts = self._facility_options(uid)
            new_units.append(
                Attachment(
                    "unitAttachment", self.uname[uid], ATT + "UnitAttachment", "unitType", opts
                )
            )
        known_zones = set(zone_of_old.values())
        new_terr = []
        for zid in sorted(self.m.zones):
            if zid in done_zones:
                continue
            z = self.m.zones[zid]
            opts = self._territory_options(zid, [])
            if opts or (zid not in known_zones and not z.is_water):
                if not opts:
                    opts = [["production", "0", ""]]
                new_terr.append(
                    Attachment(
                        "territoryAttachment",
                        self.tname[zid],
                        ATT + "TerritoryAttachment",
                        "territory",
                        opts,
                    )
                )
        new_canals = []
        for lid, lk in canal_links.items():
            if lid in done_canals or lk.a not in self.tname or lk.b not in self.tname:
                continue
            cname = lk.name or f"Canal {lid}"
            for zid in (lk.a, lk.b):
                opts = [
                    ["canalName", cname, ""],
                    [
                        "landTerritories",
                        ":".join(self.tname[c] for c in lk.controllers if c in self.tname),
                        "",
                    ],
                ]
                if lk.props.get("exempt"):
                    opts.append(
                        [
                            "excludedUnits",
                            ":".join(self.uname.get(u, u) for u in lk.props["exempt"]),
                            "",
                        ]
                    )
                new_canals.append(
                    Attachment(
                        f"canalAttachment{slug(cname).title().replace('_', '')}",
                        self.tname[zid],
                        ATT + "CanalAttachment",
                        "territory",
                        opts,
                    )
                )
            if not lk.controllers:
                self.notes.append(
                    f"canal '{cname}' has no controlling territories (TripleA needs some)"
                )
        # insert from the back so earlier positions stay valid
        inserts = sorted(
            [
                (last["unit"], 0, new_units),
                (max(last["territory"], last["unit"]), 1, new_terr),
                (max(last["canal"], last["territory"], last["unit"]), 2, new_canals),
            ],
            key=lambda t: (t[0], t[1]),
            reverse=True,
        )
        for pos, _k, items in inserts:
            out[pos + 1 : pos + 1] = items
        out = self.rel_attachments + out + self._effect_attachments(base_atts)
        g.attachments = self._known_to_triplea_19(out)

    def _known_to_triplea_19(self, atts: list[Attachment]) -> list[Attachment]:
        """The attachments without the options TripleA 1.9's parser does not know (it
        refuses the whole game for one of them, "misspelled or exist only in a future
        version"): a game written for a newer TripleA, or a Warroom rule such as first
        strike without submerging, loses them, and the report lists each as a loss."""
        dropped: dict[tuple[str, str], list[str]] = {}
        for a in atts:
            known = rm.TRIPLEA_19_OPTIONS.get(a.java_class.rsplit(".", 1)[-1])
            if known is None:
                continue
            keep = [o for o in a.options if o[0] in known]
            if len(keep) != len(a.options):
                for o in a.options:
                    if o[0] not in known:
                        dropped.setdefault((a.java_class.rsplit(".", 1)[-1], o[0]), []).append(
                            a.attach_to
                        )
                a.options = keep
        for (cls, name), where in sorted(dropped.items()):
            shown = ", ".join(sorted(set(where))[:3]) + (" ..." if len(set(where)) > 3 else "")
            self.losses.append(
                f"{cls} option '{name}' ({shown}) is not known to TripleA 1.9: dropped"
            )
        # every unit type needs its unitAttachment (fit_attachments gives an empty one an
        # option that changes nothing)
        return [a for a in atts if a.options or a.java_class.endswith(".UnitAttachment")]

    def _effect_attachments(self, base_atts) -> list[Attachment]:
        """A territoryEffectAttachment for every territory effect the base game did not
        give one (TripleA's battle code asks every effect of a territory for its
        attachment and dies without it): the terrain's combat modifiers per unit type
        and its no-blitz rule; what TripleA cannot express is reported as a loss."""
        have = {a.attach_to for a in base_atts if a.name == "territoryEffectAttachment"}
        out: list[Attachment] = []
        for tid, ename in self.effect_name.items():
            if ename in have:
                continue
            t = self.rules.terrain.get(tid)
            opts: list[list[str]] = []
            if t is not None:
                for option, table in (
                    ("combatOffenseEffect", t.attack),
                    ("combatDefenseEffect", t.defense),
                ):
                    by_value: dict[int, list[str]] = {}
                    for uid in self._unit_ids():
                        u = self.rules.units.get(uid)
                        if u is None:
                            continue
                        v = table.get(uid, table.get(u.domain, 0))
                        if v:
                            by_value.setdefault(v, []).append(self.uname[uid])
                    for v, names in sorted(by_value.items()):
                        opts.append([option, ":".join(names), str(v)])
                if t.no_blitz:
                    blitzers = [
                        self.uname[u]
                        for u in self._unit_ids()
                        if u in self.rules.units and self.rules.units[u].blitz
                    ]
                    if blitzers:
                        opts.append(["noBlitz", ":".join(blitzers), ""])
                lost = [
                    what
                    for what, on in (
                        (f"move cost {t.move_cost}", t.move_cost != 1),
                        ("slow movement", t.slow),
                        ("defender target selection", bool(t.defense_target_selection)),
                        (f"breakdown on {t.breakdown}", bool(getattr(t, "breakdown", 0))),
                    )
                    if on
                ]
                if lost:
                    self.losses.append(f"terrain '{tid}': {', '.join(lost)} (TripleA has none)")
            units = [self.uname[u] for u in self._unit_ids() if u in self.rules.units]
            if not opts and units:  # game.dtd wants an option: "no modifier", said once
                opts.append(["combatOffenseEffect", units[0], "0"])
            out.append(
                Attachment(
                    "territoryEffectAttachment",
                    ename,
                    ATT + "TerritoryEffectAttachment",
                    "territoryEffect",
                    opts,
                )
            )
        return out

    def _extra_capitals(self) -> dict[int, str]:
        """Capitals TripleA needs that the pack does not name (zone -> nation): every
        player that owns territories needs one (TripleA's battle code looks up the
        capital of a territory's owner when the territory is taken, and dies on a player
        without any, such as a neutral nation). Its most valuable zone is used. Only for
        packs not imported from TripleA: an imported game is written as it was."""
        if hasattr(self, "_capitals_added"):
            return self._capitals_added
        added: dict[int, str] = {}
        if self.base is None:
            has = {n for n, nat in self.pack.nations.items() if nat.capital in self.m.zones}
            taken = {nat.capital for nat in self.pack.nations.values()}
            for zid, z in self.m.zones.items():
                if z.has_flag("capital") and z.props.get("capital_of") in self.pack.nations:
                    has.add(z.props["capital_of"])
                    taken.add(zid)
            owned: dict[str, list[int]] = {}
            for zid, o in sorted(self.sc.ownership.items()):
                if o.owner in self.pname and zid in self.m.zones and not self.m.zones[zid].is_water:
                    owned.setdefault(o.owner, []).append(zid)
            for nid, zones in owned.items():
                zones = [z for z in zones if z not in taken]
                if nid in has or not zones:
                    continue
                zid = max(zones, key=lambda z: (self.m.zones[z].value, -z))
                added[zid] = nid
                self.notes.append(
                    f"{nid} has no capital; '{self.m.zones[zid].name}' is its capital in "
                    "TripleA (TripleA needs one for every player that owns territories)"
                )
        self._capitals_added = added
        return added

    def _supportable(self) -> list[str]:
        return []

    def _facility_options(self, ftype: str) -> list[list[str]]:
        ft = self.rules.facility_type(ftype)
        opts = [
            ["movement", "0", ""],
            ["attack", "0", ""],
            ["defense", "0", ""],
            ["isInfrastructure", "true", ""],
            ["isConstruction", "true", ""],
            ["constructionType", ftype, ""],
            ["constructionsPerTerrPerTypePerTurn", "1", ""],
            ["maxConstructionsPerTypePerTerr", "1", ""],
        ]
        if ft is not None:
            if ft.production:
                opts.append(["canProduceUnits", "true", ""])
                opts.append(["canProduceXUnits", str(ft.production), ""])
            if ft.max_damage:
                opts += [["canBeDamaged", "true", ""], ["maxDamage", str(ft.max_damage), ""]]
            if ft.scramble or ft.air_move_bonus:
                opts.append(["isAirBase", "true", ""])
        return opts

    def _territory_options(self, zid: int, options: list[list[str]]) -> list[list[str]]:
        """territoryAttachment options: ``options`` with the modelled ones set from the
        zone (unchanged when they already agree, so a round trip writes them back as they
        were)."""
        z: Zone = self.m.zones[zid]
        out = [[o[0], self._rename(o[1]), o[2]] for o in options]
        have = {o[0]: o[1] for o in out}

        def agree(name: str, value: str | None, implied) -> None:
            if implied(have.get(name)) != implied(value):
                _set(out, name, value)

        as_int = lambda v: int(v) if v and v.strip().lstrip("-").isdigit() else 0  # noqa: E731
        as_bool = lambda v: bool(v) and v.strip().lower() == "true"  # noqa: E731
        agree("production", str(z.value) if z.value else None, as_int)
        cap = None
        for nid, n in self.pack.nations.items():
            if n.capital == zid:
                cap = self.pname[nid]
        if cap is None and zid in self._extra_capitals():
            cap = self.pname[self._extra_capitals()[zid]]
        if cap is None and z.has_flag("capital") and z.props.get("capital_of") in self.pname:
            cap = self.pname[z.props["capital_of"]]
        agree("capital", cap, lambda v: v or None)
        vc = (z.props.get("victory_points") or 1) if z.has_flag("victory_city") else 0

        def vc_of(v):
            if v is None:
                return 0
            if v.strip().lower() in ("true", "false"):
                return 1 if v.strip().lower() == "true" else 0
            return as_int(v)

        agree("victoryCity", str(vc) if vc else None, vc_of)
        own = self.sc.ownership.get(zid)
        orig = self.pname.get(own.original) if own and own.original else None
        agree("originalOwner", orig, lambda v: v or None)
        agree("convoyRoute", "true" if z.has_flag("convoy") else None, as_bool)
        agree("kamikazeZone", "true" if z.props.get("kamikaze") else None, as_bool)
        agree("isImpassable", "true" if z.kind == "impassable" else None, as_bool)
        effects = list(z.props.get("terrain_effects") or [])
        if not effects or effects[0] != z.terrain:
            effects = [z.terrain] if z.terrain and z.terrain not in ("clear", "sea") else []
        names = ":".join(self.effect_name.get(e, e) for e in effects) or None
        agree("territoryEffect", names, lambda v: v or None)
        for opt, ftype in (("navalBase", "naval_base"), ("airBase", "air_base")):
            has = any(
                f.zone == zid and f.type == ftype and f.props.get("triplea") == opt
                for f in self.m.facilities.values()
            )
            agree(opt, "true" if has else None, as_bool)
        return out

    # ------------------------------------------------------------------ initialize
    def _initialize(self, g: Game) -> None:
        sc = self.sc
        g.has_initialize = True
        for zid in sorted(sc.ownership):
            o = sc.ownership[zid]
            if zid in self.tname and o.owner in self.pname:
                g.owners.append([self.tname[zid], self.pname[o.owner]])
        for st in sc.units:
            if (
                st.zone not in self.tname
                or st.nation not in self.pname
                or st.unit_type not in self.uname
            ):
                self.notes.append(
                    f"unit stack {st.count} {st.unit_type} in zone {st.zone} skipped (unknown)"
                )
                continue
            if st.count <= 0:
                continue
            p = {
                "unitType": self.uname[st.unit_type],
                "territory": self.tname[st.zone],
                "quantity": str(st.count),
                "owner": self.pname[st.nation],
            }
            if st.props.get("damage"):
                p["hitsTaken"] = str(int(st.props["damage"]))
            if st.props.get("unit_damage"):
                p["unitDamage"] = str(int(st.props["unit_damage"]))
            g.placements.append(p)
        for fid in sorted(self.m.facilities):
            f = self.m.facilities[fid]
            if f.props.get("triplea") or f.zone not in self.tname or f.type not in self.uname:
                continue
            if not in_scenario(f.props, sc.id):
                continue  # a facility of another scenario on the same map
            p = {"unitType": self.uname[f.type], "territory": self.tname[f.zone], "quantity": "1"}
            owner = f.owner or sc.owner_of(f.zone)
            if owner in self.pname and not f.props.get("unowned"):
                p["owner"] = self.pname[owner]
            if f.props.get("hits_taken"):
                p["hitsTaken"] = str(f.props["hits_taken"])
            if f.damage:
                p["unitDamage"] = str(f.damage)
            g.placements.append(p)
        if self.base is not None:
            for p in self.base.placements:  # units owned by no one, kept verbatim
                q = dict(p)
                q["territory"] = self._rename(q.get("territory", ""))
                g.placements.append(q)
        elif any("standing_army" in z.props for z in self.m.zones.values()):
            typ = self.rules.options.get("standing_army_unit", "infantry")
            if typ in self.uname:
                for zid in sorted(self.m.zones):
                    n = self.m.zones[zid].props.get("standing_army")
                    o = sc.owner_of(zid)
                    if o is not None and o in self.pack.nations:
                        if self.pack.nations[o].kind != "neutral":
                            continue  # as in the engine: only a neutral zone has one
                    if isinstance(n, int) and n > 0:
                        g.placements.append(
                            {
                                "unitType": self.uname[typ],
                                "territory": self.tname[zid],
                                "quantity": str(n),
                            }
                        )
        for nid, amount in sc.banks.items():
            if nid in self.pname:
                g.resources_given.append([self.pname[nid], "PUs", str(amount)])
        if self.base is not None:
            g.resources_given += [list(r) for r in self.base.resources_given if r[1] != "PUs"]
        stored = self.stored.get("relationship_types") or {}
        by_arche: dict[str, str] = {}
        for t in g.relationship_types:
            by_arche.setdefault(self.arche.get(t, ""), t)
        for (a, b), rel in sorted(sc.relations.items()):
            if (
                a not in self.pname
                or b not in self.pname
                or not self._written_relation(a, b, rel.status)
            ):
                continue
            arche = ARCHETYPE_OF_STATUS.get(rel.status, "war")
            key = "|".join(sorted((a, b)))
            typ, rv = stored.get(key, [None, "0"])
            if typ is None or self.arche.get(typ) != arche:
                typ, rv = by_arche.get(arche), "0"
            if typ is None:
                self.notes.append(f"no relationship type for {rel.status} ({a}-{b}); skipped")
                continue
            g.relationships.append(
                {
                    "player1": self.pname[a],
                    "player2": self.pname[b],
                    "type": typ,
                    "roundValue": rv or "0",
                }
            )
