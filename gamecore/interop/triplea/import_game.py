"""The TripleA importer's game: the ruleset (units, costs, options), the scenario,
facilities and units placed, and the territoryAttachment's attributes."""

from __future__ import annotations

import dataclasses
from typing import Any

from gamecore.conditions.objectives import check_objective
from gamecore.conditions.world import ScenarioWorld
from gamecore.errors import WarroomError
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea.import_common import (
    STATUS_OF_ARCHETYPE,
    _alliances_of,
    _ImportBase,
    _int,
    _options,
    _prune_base,
    _true,
    _unit_table,
    slug,
)
from gamecore.interop.triplea.rulesxlate import translate_rules
from gamecore.model import (
    Alliance,
    Facility,
    Ownership,
    RulesetDoc,
    Scenario,
    UnitStack,
)


class _GameImport(_ImportBase):
    """The parts of the import that make the ruleset and the scenario."""

    # -- the ruleset
    def _ruleset(self) -> str:
        from gamecore.rules import bundled_rulesets, load_ruleset

        g = self.game
        dice = _int(g.dice_sides, "diceSides", self.gpath, 6) if g.dice_sides else 6
        if not 2 <= dice <= 100:
            raise self.fail(f"diceSides {dice} is out of range (2-100)")
        self.dice = dice
        supportable = [
            u
            for u, a in self.attachments["unit"].items()
            if _true(_options(a).get("artillerySupportable"))
        ]
        unit_set = set(g.units)
        supports: dict[str, list[dict]] = {}
        for a in g.attachments:
            if a.java_class.endswith("UnitSupportAttachment") and a.attach_to in unit_set:
                s = rm.support_from_attachment(a.options, unit_set - set(self.facility_units))
                if s:
                    supports.setdefault(a.attach_to, []).append(s)
        costs, nation_costs, can_buy = self._costs()
        units: dict[str, dict[str, Any]] = {}
        # TripleA 1.9's MustFightBattle: subs fire at non-air units only, always; aircraft
        # cannot hit subs (without a destroyer) only under "Air Attack Sub Restricted",
        # false when the game leaves it out (games.strategy.triplea.Properties)
        restricted = g.property("Air Attack Sub Restricted")
        air_sub = restricted is not None and str(restricted.value).strip().lower() == "true"
        for u in g.units:
            if u in self.facility_units:
                continue
            a = self.attachments["unit"].get(u)
            f = rm.unit_fields(a.options if a else [], dice, supportable)
            f["cost"] = costs.get(u, 0)
            if nation_costs.get(u):
                f["nation_costs"] = nation_costs[u]
            if u in supports:
                f["support"] = f.get("support", []) + supports[u]
            if a is not None and _true(_options(a).get("isSub")):
                f["cannot_target"] = ["air"]
                f["hidden_from"] = ["air"] if air_sub else []
            units[u] = f
        bundled = {}
        for rid in bundled_rulesets():
            try:
                rs = load_ruleset(rid)
            except WarroomError:
                continue
            # a base whose units roll several dice or choose a fire mode (The War Game)
            # would lend those mechanisms to TripleA units, which have none
            if not any(t.multi_die for t in rs.units.values()):
                bundled[rid] = rs
        base_id = rm.closest_ruleset(units, bundled) if bundled else "g40"
        base = bundled.get(base_id)
        self.base_ruleset = base_id
        rid = "triplea_" + slug(self.report.game_name, "game")
        sections: list[tuple[str, dict[str, Any]]] = []
        head: dict[str, Any] = {
            "id": rid,
            "name": f"{self.report.game_name} (TripleA)",
            "description": f"Imported from TripleA game '{self.report.game_name}'.",
            "sources": [self.gpath.name],
        }
        sections.append(("ruleset", head))
        top: dict[str, Any] = {"extends": base_id, "dice": dice}
        seq = rm.sequence_of_play(g.gameplay.steps, g.gameplay.delegate_class)
        if seq.phases:
            top["phases"] = seq.phases
        self.report.unmapped.extend(seq.losses)
        options: dict[str, Any] = {}
        for prop in g.properties:
            mapped = rm.property_to_option(prop.name, prop.value) or rm.generic_option(prop)
            if mapped:
                options[mapped[0]] = mapped[1]
                if mapped[0].startswith(rm.OPTION_PREFIX):
                    self.report.unplayed_options.append(f"{prop.name} = {prop.value}")
        luck = [p.value for p in g.properties if p.name == "Low Luck"]  # the last one holds
        if luck and str(luck[-1]).strip().lower() in rm.TRUE:
            # no battle rule plays low luck: every die is rolled
            self.report.unplayed_options.append("Low Luck = true (Warroom rolls every die)")
        back = g.property("Naval Bombard Casualties Return Fire")
        if back is None or str(back.value).strip().lower() != "true":
            # TripleA 1.9 (MustFightBattle.fireNavalBombardment): casualties of a shore
            # bombardment fire back only when this is true; false when left out
            self.report.unplayed_options.append(
                "Naval Bombard Casualties Return Fire = false (Warroom: they fire back)"
            )
        self._triplea_defaults(options, base)
        ownerless = [p for p in g.placements if not p.get("owner")]
        if ownerless:
            types = [p["unitType"] for p in ownerless if p["unitType"] in units]
            if types:
                options["standing_army_unit"] = max(set(types), key=types.count)
        if (
            any(rm.facility_spec(o).get("production") == 99 for o in self.facility_units.values())
            or not self.facility_units
        ):
            options["production_limited_by_value"] = True
        # a ruleset is TOML: top-level keys first, then tables
        doc: list[tuple[str, dict[str, Any]]] = [("", top), *sections]
        if options:
            doc.append(("options", options))
        facility_ids = list(self.facility_units)
        for u, f in units.items():
            if f.get("bombing"):
                f["bombing_targets"] = [
                    fid
                    for fid in facility_ids
                    if rm.facility_spec(self.facility_units[fid]).get("max_damage")
                ]
            doc.append((rm.table_name("units", u), _unit_table(u, f, base)))
        prune: dict[str, dict[str, Any]] = {}
        if base is not None:
            removed = set(base.units) - set(units)
            for old in base.units:
                if old in removed:
                    doc.append((rm.table_name("units", old), {"remove": True}))
            prune = _prune_base(base.raw, removed, set(self.pack.nations))
        for fid, opts in self.facility_units.items():
            spec = rm.facility_spec(opts)
            spec = {"name": fid.replace("_", " ").capitalize(), "cost": costs.get(fid, 0), **spec}
            if base is not None and fid in base.facility_types:
                bt = base.facility_types[fid]
                spec.setdefault("max_damage", 0)
                spec.setdefault("aa_value", 0)
                spec.setdefault("scramble", 0)
                spec.setdefault("repairs_ships", False)
                if bt.aliases:
                    spec["aliases"] = list(bt.aliases)
            doc.append((rm.table_name("facilities", fid), spec))
        effects = list(g.territory_effects)
        for e in effects:
            name = rm.table_name("terrain", e)
            doc.append((name, {**prune.pop(name, {}), "name": e}))
        nation_tables: dict[str, dict[str, Any]] = {
            pid: {"can_buy": allowed} for pid, allowed in can_buy.items()
        }
        for pid, rules in self._placement_rules().items():
            nation_tables.setdefault(pid, {}).update(rules)
        for pid, rules in self._sequence_rules(seq).items():
            if pid in self.pack.nations:
                nation_tables.setdefault(pid, {}).update(rules)
        for pid, table in nation_tables.items():
            name = rm.table_name("nations", pid)
            doc.append((name, {**prune.pop(name, {}), **table}))
        kept_options = prune.pop("options", None)
        if kept_options:
            at = next((i for i, (n, _k) in enumerate(doc) if n == "options"), None)
            if at is None:
                doc.insert(1 + len(sections), ("options", kept_options))
            else:
                doc[at] = ("options", {**kept_options, **doc[at][1]})
        doc.extend(prune.items())
        text = rm.toml_document(
            doc, comment=f"Ruleset of the TripleA game '{self.report.game_name}'"
        )
        self.pack.rulesets[rid] = RulesetDoc(rid, text)
        try:
            self.rules = load_ruleset(rid, self.pack)
        except WarroomError as err:  # a bug in the mapping, or a game beyond it
            raise self.fail(f"the game's rules cannot be expressed as a ruleset: {err}") from None
        return rid

    def _costs(self):
        g = self.game
        costs: dict[str, int] = {}
        nation_costs: dict[str, dict[str, int]] = {}
        can_buy: dict[str, list[str]] = {}
        if g.production is None:
            return costs, nation_costs, can_buy
        rules = {r.name: r for r in g.production.rules}

        def unit_cost(r) -> tuple[str, int] | None:
            if len(r.results) != 1:
                return None
            item, qty = r.results[0]
            pus = sum(
                _int(q, f"productionRule {r.name}", self.gpath)
                for res, q in r.costs
                if res == "PUs"
            )
            q = max(1, _int(qty, f"productionRule {r.name}", self.gpath, 1))
            return item, -(-pus // q)

        price_rule = rm.price_rules(g.production)
        for r in g.production.rules:
            uc = unit_cost(r)
            if uc and uc[0] not in costs and price_rule.get(uc[0]) == r.name:
                costs[uc[0]] = uc[1]
        frontiers = {name: rls for name, rls in g.production.frontiers}
        for name, rls in frontiers.items():
            self.frontier_units[name] = {
                uc[0] for rn in rls if (r := rules.get(rn)) and (uc := unit_cost(r))
            }
        every = {u for u in g.units}
        for player, frontier in g.production.player_production:
            rls = frontiers.get(frontier, [])
            bought = []
            for rn in rls:
                r = rules.get(rn)
                uc = unit_cost(r) if r else None
                if uc is None:
                    continue
                bought.append(uc[0])
                if uc[0] in costs and uc[1] != costs[uc[0]]:
                    nation_costs.setdefault(uc[0], {})[player] = uc[1]
            buyable = [u for u in g.units if u in bought]
            # a trigger that changes the player's frontier (G40's Burma Road): what the
            # player buys for good is what every one of its frontiers buys; the rest is
            # bought while the trigger's condition holds (rulesxlate: allow_purchase)
            for fname in self._frontier_triggers().get(player, ()):
                units_of = self.frontier_units.get(fname)
                if units_of is not None:
                    buyable = [u for u in buyable if u in units_of]
            if set(buyable) != every and player in self.pack.nations:
                can_buy[player] = buyable
        return costs, nation_costs, can_buy

    def _placement_rules(self) -> dict[str, dict[str, Any]]:
        """A player's ``rulesAttachment`` ``placementAnyTerritory`` (G40's China: no
        factories, units placed in its own territories, ``placementPerTerritory`` each)
        -> the nation's ``uses_factories = false`` and ``place_limit_per_zone``."""
        out: dict[str, dict[str, Any]] = {}
        if not _true(
            next(
                (p.value for p in self.game.properties if p.name == "Place in Any Territory"), None
            )
        ):
            return out
        for a in self.game.attachments:
            if a.name != "rulesAttachment" or a.attach_to not in self.pack.nations:
                continue
            o = _options(a)
            if not _true(o.get("placementAnyTerritory")):
                continue
            per = _int(o.get("placementPerTerritory"), "placementPerTerritory", self.gpath, 3)
            out[a.attach_to] = {
                "uses_factories": False,
                "place_limit_per_zone": min(max(1, per), 99),
            }
        return out

    def _triplea_defaults(self, options: dict[str, Any], base) -> None:
        """A property the game leaves out is played at TripleA's default, not at the base
        ruleset's value (g40's partial amphibious retreat is on; TripleA's is off); each
        change is reported, and so are the base's options TripleA has no property for."""
        if base is None:
            return
        mapped = set()
        for name, default in rm.PROPERTY_DEFAULTS.items():
            key, value = rm.property_to_option(name, default) or (None, None)
            if key is None:
                continue
            mapped.add(key)
            if key in options or key not in base.options:
                continue
            if base.options[key] != value:
                options[key] = value
                self.report.defaults_differ.append(
                    f"{key} = {rm.option_text(value)} (TripleA's '{name}' when the game "
                    f"leaves it out; the base ruleset {base.id} has {rm.option_text(base.options[key])})"
                )
        raw = (base.raw or {}).get("options") or {}
        self.report.base_options = sorted(
            f"{k} = {rm.option_text(base.options[k])}"
            for k in raw
            if k not in mapped and k not in options and k in base.options
        )

    def _sequence_rules(self, seq: rm.Sequence) -> dict[str, dict[str, Any]]:
        """Each player's own phases, and its NoPU delegates: ``collects_income = false``
        (NoPUEndTurnDelegate), ``free_units`` from its rulesAttachment's
        productionPerXTerritories (NoPUPurchaseDelegate, when the game property
        "Production Per X Territories Restricted" is on, as 1.9 requires)."""
        out: dict[str, dict[str, Any]] = {}
        for pid, phases in seq.nation_phases.items():
            out.setdefault(pid, {})["phases"] = phases
        for pid in seq.no_income:
            out.setdefault(pid, {})["collects_income"] = False
        props = {p.name: p.value for p in self.game.properties}
        valued = _true(props.get("Production Per Valued Territory Restricted"))
        per_x = valued or _true(props.get("Production Per X Territories Restricted"))
        units = set(self.game.units) - set(self.facility_units)
        for pid in seq.no_pu_purchase:
            free: dict[str, int] = {}
            for a in self.game.attachments:
                if a.name != "rulesAttachment" or a.attach_to != pid or not per_x:
                    continue
                for name, value, count, *_ in a.options:
                    if name == "productionPerXTerritories" and value in units:
                        free[value] = max(1, _int(count or "1", name, self.gpath, 1))
            if valued and not free and "infantry" in units:
                free = {"infantry": 1}  # 1.9's NoPUPurchaseDelegate default
            if free:
                out.setdefault(pid, {})["free_units"] = free
                if valued:
                    self.report.unmapped.append(
                        f"sequence: {pid}'s NoPU purchase counts every territory it holds "
                        "(TripleA: only those with a production value)"
                    )
            else:
                self.report.unmapped.append(
                    f"sequence: {pid}'s NoPU purchase gives no units here (no "
                    "productionPerXTerritories of a unit type, or the property is off)"
                )
        return out

    def _frontier_triggers(self) -> dict[str, list[str]]:
        """player -> the production frontiers its triggers may give it."""
        out: dict[str, list[str]] = {}
        for a in self.game.attachments:
            if not a.java_class.endswith("TriggerAttachment"):
                continue
            names = [o[1] for o in a.options if o[0] == "frontier"]
            if not names:
                continue
            players = [p for o in a.options if o[0] == "players" for p in o[1].split(":") if p]
            for p in players or [a.attach_to]:
                out.setdefault(p, []).extend(names)
        return out

    # -- the scenario
    def _scenario(self, ruleset_id: str) -> None:
        g = self.game
        sid = slug(self.report.game_name, "triplea")
        sc = Scenario(sid, self.report.game_name, ruleset=ruleset_id)
        self.sc = sc
        self.pack.scenarios[sid] = sc
        # turn order: players in the order of their first step that runs every round
        order = [p for p in g.gameplay.player_order() if p in self.pack.nations]
        sc.turn_order = [[p] for p in order]
        # a player the step list never gives a turn (Global 1940's Dutch and Mongolians,
        # moved by their allies' rules) is not playable: it is not missing from the order
        for pid, n in self.pack.nations.items():
            if pid not in order and n.playable:
                n.playable = False
        for player, alliance in g.alliances:
            aid = slug(alliance, "alliance")
            al = sc.alliances.get(aid)
            if al is None:
                colour = self.pack.nations[player].colour
                al = sc.alliances[aid] = Alliance(aid, alliance, [], colour)
            if player not in al.members:
                al.members.append(player)
        # relationships: explicit ones by their type's archetype, the rest as TripleA does
        arche: dict[str, str] = {}
        takeover: set[str] = set()  # canTakeOverOwnedTerritory: Global 1940's Dutch lands
        for a in g.attachments:
            if a.type == "relationship" or a.java_class.endswith("RelationshipTypeAttachment"):
                props = _options(a)
                at = props.get("archeType")
                if at:
                    arche[a.attach_to] = at.strip().lower()
                if str(props.get("canTakeOverOwnedTerritory", "")).strip().lower() == "true":
                    takeover.add(a.attach_to)
        rel_types: dict[str, list[str]] = {}
        players = list(self.pack.nations)
        for r in g.relationships:
            p1, p2, typ = r["player1"], r["player2"], r["type"]
            for p in (p1, p2):
                if p not in self.pack.nations:
                    raise self.fail(f"relationship names unknown player '{p}'")
            status = STATUS_OF_ARCHETYPE.get(arche.get(typ, "war"), "war")
            sc.set_relation(p1, p2, status)
            key = "|".join(sorted((p1, p2)))
            rel_types[key] = [typ, r.get("roundValue", "")]
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if sc.relation(a, b) is None:
                    same = bool(_alliances_of(g, a) & _alliances_of(g, b))
                    sc.set_relation(a, b, "aligned" if same else "war")
        # ownership
        owners: dict[int, str] = {}
        for terr, owner in g.owners:
            zid = self.zid.get(terr)
            if zid is None:
                raise self.fail(f"territoryOwner names unknown territory '{terr}'")
            if owner not in self.pack.nations:
                raise self.fail(f"territoryOwner of '{terr}' names unknown player '{owner}'")
            owners[zid] = owner
        originals: dict[int, str] = {}
        for terr, ta in self.attachments["territory"].items():
            oo = _options(ta).get("originalOwner")
            if oo:
                if oo not in self.pack.nations:
                    raise self.fail(f"originalOwner of '{terr}' names unknown player '{oo}'")
                originals[self.zid[terr]] = oo
        for zid in sorted(set(owners) | set(originals)):
            sc.ownership[zid] = Ownership(owners.get(zid), originals.get(zid))
        # banks and other resources
        for player, res, qty in g.resources_given:
            if player not in self.pack.nations:
                raise self.fail(f"resourceGiven names unknown player '{player}'")
            if res == "PUs":
                sc.banks[player] = sc.banks.get(player, 0) + _int(qty, "resourceGiven", self.gpath)
        # politics, national objectives, triggers, victory: the condition language
        tr = translate_rules(
            g,
            self.zid,
            set(self.pack.nations),
            self.facility_units,
            lambda name: slug(name, "alliance"),
            self.frontier_units,
            {p: set(self.rules.nation_rules(p).can_buy or ()) for p in self.pack.nations}
            if self.rules is not None
            else {},
        )
        scope = ScenarioWorld(self.pack, sc, self.rules)
        for obj in tr.objectives:
            errors = check_objective(obj, scope)
            if errors:  # a translation the condition language refuses: named, not played
                tr.unmapped.append(f"{obj.props.get('triplea', obj.id)}: {errors[0]}")
                continue
            sc.objectives[obj.id] = obj
        sc.options.update(tr.options)
        sc.props["relation_types"] = {
            **{k: v[0] for k, v in sorted(rel_types.items())},
            "@status": {t: STATUS_OF_ARCHETYPE.get(a, "war") for t, a in sorted(arche.items())},
        }
        if takeover:
            sc.props["takeover_relation_types"] = sorted(takeover)
        if any(
            _options(ta).get("victoryCity") not in (None, "0", "false")
            for ta in self.attachments["territory"].values()
        ):
            # a game that ends at a round limit without the game's own victory: the
            # side holding more of its victory cities (TripleA's measure of the war)
            sc.options.setdefault("round_limit_winner", "victory_cities")
        kept: dict[str, int] = {}
        for obj in tr.objectives:
            if obj.id in sc.objectives:
                k = (
                    obj.kind
                    if obj.kind != "event"
                    else ("political" if obj.props.get("check") == "political" else "trigger")
                )
                kept[k] = kept.get(k, 0) + 1
        self.report.rules = dict(sorted(kept.items()))
        self.report.unmapped.extend(tr.unmapped)
        unplayed = rm.unplayed_unit_options(self.attachments["unit"])
        if unplayed:
            self.report.unmapped.append("unit options not played: " + "; ".join(unplayed))
        # what Warroom does not model, verbatim
        # (a shallow copy: the parts replaced here are rebuilt from the model on export)
        keep = dataclasses.replace(
            g,
            connections=[],
            removed_connections=[],
            owners=[],
            # (ownerless facility units are facilities: written back from the model)
            placements=[
                p
                for p in g.placements
                if not p.get("owner") and p.get("unitType") not in self.facility_units
            ],
            resources_given=[r for r in g.resources_given if r[1] != "PUs"],
            relationships=[],
            properties=[p for p in g.properties if p.name != "mapName"],
        )
        # mapName is the map folder's name: kept only where it is not what the exporter
        # derives from the map's name anyway
        title = (self.folder.yml or {}).get("map_name") or self.folder.root.name
        map_prop = next((i for i, p in enumerate(g.properties) if p.name == "mapName"), None)
        sc.props["triplea"] = {
            "game": keep.to_json(),
            "relationship_types": rel_types,
            "base_ruleset": self.base_ruleset,
            "xml_file": self.gpath.name,
            "map_name": None
            if map_prop is None or g.properties[map_prop].value == slug(title, "map")
            else g.properties[map_prop].value,
            "map_name_index": map_prop or 0,
        }

    # -- units and facilities
    def _facilities_and_units(self) -> None:
        g = self.game
        sc = self.sc
        standing: dict[int, int] = {}
        for i, p in enumerate(g.placements):
            utype, terr = p["unitType"], p["territory"]
            zid = self.zid.get(terr)
            if zid is None:
                raise self.fail(f"unitPlacement {i + 1} names unknown territory '{terr}'")
            if utype not in g.units:
                raise self.fail(f"unitPlacement {i + 1} names unknown unit type '{utype}'")
            owner = p.get("owner")
            if owner and owner not in self.pack.nations:
                raise self.fail(f"unitPlacement {i + 1} names unknown player '{owner}'")
            qty = _int(p.get("quantity"), f"unitPlacement {i + 1} quantity", self.gpath, 1)
            if qty < 0:
                raise self.fail(f"unitPlacement {i + 1}: negative quantity {qty}")
            extra = {
                k: v
                for k, v in p.items()
                if k not in ("unitType", "territory", "quantity", "owner")
            }
            if utype in self.facility_units:
                zone_owner = sc.owner_of(zid)
                for _ in range(qty):
                    fid = self.m.next_id("facilities")
                    f = Facility(fid, zid, utype)
                    f.damage = _int(p.get("unitDamage"), "unitDamage", self.gpath)
                    if not owner:
                        f.props["unowned"] = True
                    elif owner != zone_owner:
                        f.owner = owner
                    if "hitsTaken" in extra:
                        f.props["hits_taken"] = extra["hitsTaken"]
                    self.m.facilities[fid] = f
                continue
            if not owner:
                if self.rules.units.get(utype) and self.rules.units[utype].domain == "land":
                    standing[zid] = standing.get(zid, 0) + qty
                continue
            st = UnitStack(zid, owner, utype, qty)
            ht = _int(p.get("hitsTaken"), "hitsTaken", self.gpath)
            if ht:
                st.props["damage"] = ht
            if p.get("unitDamage"):
                st.props["unit_damage"] = _int(p.get("unitDamage"), "unitDamage", self.gpath)
            sc.units.append(st)
        for zid, n in standing.items():
            self.m.zones[zid].props["standing_army"] = n

    # -- territoryAttachment
    def _territory_attributes(self) -> None:
        for terr, ta in self.attachments["territory"].items():
            zid = self.zid[terr]
            z = self.m.zones[zid]
            o = _options(ta)
            z.value = _int(o.get("production"), f"production of '{terr}'", self.gpath)
            cap = o.get("capital")
            if cap:
                if cap not in self.pack.nations:
                    raise self.fail(f"capital of '{terr}' names unknown player '{cap}'")
                z.set_flag("capital")
                nat = self.pack.nations[cap]
                if z.kind == "impassable":
                    # an impassable territory (Global 1940's Chinese capital in the
                    # Himalayas, "until the engine supports capitals not on the map"):
                    # a capital nobody can take; Warroom plays it as none on the map
                    z.props["capital_of"] = cap
                    self.notes.append(
                        f"the capital of {cap} is '{terr}', impassable: played as no "
                        "capital on the map (never lost)"
                    )
                elif nat.capital is None:
                    nat.capital = zid
                else:
                    z.props["capital_of"] = cap
            vc = (
                _int(o.get("victoryCity"), f"victoryCity of '{terr}'", self.gpath)
                if (o.get("victoryCity", "").strip().lower() not in ("true", "false"))
                else (1 if _true(o.get("victoryCity")) else 0)
            )
            if vc:
                z.set_flag("victory_city")
                if vc != 1:
                    z.props["victory_points"] = vc
            if _true(o.get("convoyRoute")):
                z.set_flag("convoy")
            if _true(o.get("kamikazeZone")):
                z.props["kamikaze"] = True
            effects = [e for e in (o.get("territoryEffect") or "").split(":") if e]
            for e in effects:
                if e not in self.game.territory_effects:
                    raise self.fail(f"territoryEffect of '{terr}' names unknown effect '{e}'")
            if effects:
                z.terrain = effects[0]
                if len(effects) > 1:
                    z.props["terrain_effects"] = effects
            for opt, ftype in (("navalBase", "naval_base"), ("airBase", "air_base")):
                if _true(o.get(opt)):
                    fid = self.m.next_id("facilities")
                    self.m.facilities[fid] = Facility(fid, zid, ftype, props={"triplea": opt})
        for n in self.pack.nations.values():
            n.home_zones = sorted(
                z for z, o in self.sc.ownership.items() if (o.original or o.owner) == n.id
            )
