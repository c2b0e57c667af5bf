"""The TripleA exporter's game: players, relationships, the gamePlay steps,
production frontiers and the game's properties."""

from __future__ import annotations

import re

from gamecore.geometry.adjacency import map_adjacency
from gamecore.interop.triplea import rulesmap as rm
from gamecore.interop.triplea.export_common import (
    ARCHETYPE_OF_STATUS,
    ATT,
    DEL,
    _ExportBase,
    _set_pus,
    _typed_property,
    _xml_name,
)
from gamecore.interop.triplea.gamexml import (
    Attachment,
    Game,
    GamePlay,
    Production,
    Property,
    Rule,
    Step,
)
from gamecore.interop.triplea.triplea19 import fit_attachments, names_of


class _GameExport(_ExportBase):
    """The parts of the export that write the game XML's frame and economy."""

    # ------------------------------------------------------------------ the game
    def _game(self) -> Game:
        base = self.base
        g = Game()
        if base is not None:
            g.info = dict(base.info)
            g.loader = base.loader
            g.min_version = base.min_version
            g.technology = base.technology
            g.unknown = [list(x) for x in base.unknown]
            g.held_units = [dict(h) for h in base.held_units]
        g.info["name"] = self.sc.name
        g.info.setdefault("version", "1.0")
        if self.rules.dice != 6 or (base is not None and base.dice_sides is not None):
            g.dice_sides = str(self.rules.dice)
        zones = self.m.zones
        water = {
            zid
            for zid, z in zones.items()
            if z.is_water or z.kind == "offmap" and (z.props.get("triplea") or {}).get("water")
        }
        g.territories = [[self.tname[zid], zid in water] for zid in sorted(zones)]
        self.report.territories = len(g.territories)
        adj = map_adjacency(self.m)
        pairs = sorted((a, b) for a, nb in adj.items() for b in nb if a < b)
        g.connections = [[self.tname[a], self.tname[b]] for a, b in pairs]
        self.report.connections = len(pairs)
        self.adjacency = adj
        g.resources = list(base.resources) if base is not None and base.resources else []
        if "PUs" not in g.resources:
            g.resources.insert(0, "PUs")
        self._players(g)
        g.units = [self.uname[u] for u in self._unit_ids()]
        self._relationship_types(g)
        self._effects(g)
        self._gameplay(g)
        self._production(g)
        self._attachments(g)
        self._initialize(g)
        self._properties(g)
        # what 1.9's setters and validate() refuse (read from its classes): left out
        self.losses.extend(fit_attachments(g.attachments, names_of(g)))
        g.attachments = [a for a in g.attachments if a.options]
        return g

    def _players(self, g: Game) -> None:
        order: list[str] = []
        if self.base is not None:
            order = [
                p.get("name", "") for p in self.base.players if p.get("name") in self.pack.nations
            ]
        order += [n for n in self.pack.nations if n not in order]
        for nid in order:
            n = self.pack.nations[nid]
            attrs = {"name": self.pname[nid]}
            extra = n.props.get("triplea")
            if isinstance(extra, dict):
                attrs.update({k: str(v) for k, v in extra.items() if k != "name"})
            elif n.kind == "neutral" or not n.playable:
                attrs["defaultType"] = "DoesNothing"
            g.players.append(attrs)
        for al in self.sc.alliances.values():
            for member in al.members:
                if member in self.pname:
                    g.alliances.append([self.pname[member], al.name])

    def _relationship_types(self, g: Game) -> None:
        self.arche: dict[str, str] = {}
        self.rel_attachments: list[Attachment] = []
        if self.base is not None and self.base.relationship_types:
            g.relationship_types = list(self.base.relationship_types)
            for a in self.base.attachments:
                if a.java_class.endswith("RelationshipTypeAttachment"):
                    at = a.get("archeType")
                    if at:
                        self.arche[a.attach_to] = at.strip().lower()
        for archetype, name in (("war", "War"), ("allied", "Allied"), ("neutral", "Neutral")):
            if archetype in self.arche.values():
                continue
            if not self._needs_archetype(archetype):
                continue
            tname = name if name not in self.ids_used else f"{name}_relation"
            self.ids_used.add(tname)
            g.relationship_types.append(tname)
            self.arche[tname] = archetype
            self.rel_attachments.append(
                Attachment(
                    "relationshipTypeAttachment",
                    tname,
                    ATT + "RelationshipTypeAttachment",
                    "relationship",
                    [["archeType", archetype, ""]],
                )
            )

    def _needs_archetype(self, archetype: str) -> bool:
        for (a, b), rel in self.sc.relations.items():
            if a in self.pname and b in self.pname and self._written_relation(a, b, rel.status):
                if ARCHETYPE_OF_STATUS.get(rel.status, "war") == archetype:
                    return True
        return False

    def _default_status(self, a: str, b: str) -> str:
        same = any(a in al.members and b in al.members for al in self.sc.alliances.values())
        return "aligned" if same else "war"

    def _written_relation(self, a: str, b: str, status: str) -> bool:
        key = "|".join(sorted((a, b)))
        stored = (self.stored.get("relationship_types") or {}).get(key)
        if stored and self.arche.get(stored[0]) == ARCHETYPE_OF_STATUS.get(status):
            return True
        return ARCHETYPE_OF_STATUS.get(status) != ARCHETYPE_OF_STATUS[self._default_status(a, b)]

    def _effects(self, g: Game) -> None:
        effects = list(self.base.territory_effects) if self.base is not None else []
        for z in self.m.zones.values():
            for t in [z.terrain, *z.props.get("terrain_effects", [])]:
                if t and t not in effects and t not in ("clear", "sea"):
                    effects.append(t)
        self.effect_name = {}
        for e in effects:
            if self.base is not None and e in self.base.territory_effects:
                self.effect_name[e] = e
                self.ids_used.add(e)
            else:
                self.effect_name[e] = _xml_name(e, self.ids_used, "effect")
        g.territory_effects = [self.effect_name[e] for e in effects]

    # ------------------------------------------------------------------ gamePlay
    def _turn_order(self) -> list[str]:
        return [n for slot in self.sc.turn_order for n in slot if n in self.pname]

    def _gameplay(self, g: Game) -> None:
        base = self.base
        want = self._turn_order()
        if not want:
            want = [
                n for n, nat in self.pack.nations.items() if nat.playable and nat.kind != "neutral"
            ]
        if base is not None and base.gameplay.steps:
            seen = base.gameplay.player_order()
            if seen == [self.pname[n] for n in want if n in self.pname] or not self.sc.turn_order:
                g.gameplay = base.gameplay
                return
            self.notes.append("turn order changed: a standard step list was generated")
        g.gameplay = self._standard_gameplay([self.pname[n] for n in want])

    def _standard_gameplay(self, players: list[str]) -> GamePlay:
        delegates = [
            ("initDelegate", "InitializationDelegate", "Initializing Delegates"),
            ("tech", "TechnologyDelegate", "Research Technology"),
            ("tech_activation", "TechActivationDelegate", "Activate Technology"),
            ("battle", "BattleDelegate", "Combat"),
            ("move", "MoveDelegate", "Combat Move"),
            ("place", "PlaceDelegate", "Place Units"),
            ("purchase", "PurchaseDelegate", "Purchase Units"),
            ("endTurn", "EndTurnDelegate", "Turn Complete"),
            ("endRound", "EndRoundDelegate", "Round Complete"),
            ("politics", "PoliticsDelegate", "Politics"),
        ]
        gp = GamePlay()
        for name, cls, display in delegates:
            gp.delegates.append({"name": name, "javaClass": DEL + cls, "display": display})
        gp.steps.append(Step({"name": "gameInitDelegate", "delegate": "initDelegate"}))
        phases = self.rules.phases
        for p in players:
            key = re.sub(r"[^A-Za-z0-9]", "", p)
            for ph in phases:
                if ph == "purchase":
                    gp.steps.append(
                        Step({"name": f"{key}Purchase", "delegate": "purchase", "player": p})
                    )
                elif ph == "politics":
                    gp.steps.append(
                        Step({"name": f"{key}Politics", "delegate": "politics", "player": p})
                    )
                elif ph == "combat_move":
                    gp.steps.append(
                        Step({"name": f"{key}CombatMove", "delegate": "move", "player": p})
                    )
                elif ph == "combat":
                    gp.steps.append(
                        Step({"name": f"{key}Battle", "delegate": "battle", "player": p})
                    )
                elif ph == "noncombat_move":
                    gp.steps.append(
                        Step(
                            {
                                "name": f"{key}NonCombatMove",
                                "delegate": "move",
                                "player": p,
                                "display": "Non Combat Move",
                            }
                        )
                    )
                elif ph == "place":
                    gp.steps.append(Step({"name": f"{key}Place", "delegate": "place", "player": p}))
                elif ph == "collect_income":
                    gp.steps.append(
                        Step({"name": f"{key}EndTurn", "delegate": "endTurn", "player": p})
                    )
        gp.steps.append(Step({"name": "endRoundStep", "delegate": "endRound"}))
        # step names are XML IDs too
        for s in gp.steps:
            s.attrs["name"] = _xml_name(s.attrs["name"], self.ids_used, "step")
        for d in gp.delegates:
            self.ids_used.add(d["name"])
        return gp

    # ------------------------------------------------------------------ production
    def _production(self, g: Game) -> None:
        rules = self.rules
        buyable = [u for u in self._unit_ids() if u in rules.units and rules.units[u].cost > 0]
        buyable += [
            u
            for u in self._unit_ids()
            if u not in rules.units
            and (ft := rules.facility_type(u))
            and ft.cost > 0
            and ft.buildable
        ]
        if self.base is not None and self.base.production is not None:
            p = Production()
            b = self.base.production
            p.rules = [
                Rule(r.name, [list(c) for c in r.costs], [list(x) for x in r.results])
                for r in b.rules
            ]
            p.repair_rules = b.repair_rules
            p.repair_frontiers = b.repair_frontiers
            p.frontiers = [[n, list(rs)] for n, rs in b.frontiers]
            p.player_production = [
                list(x) for x in b.player_production if x[0] in self.pname.values()
            ]
            p.player_repair = [list(x) for x in b.player_repair if x[0] in self.pname.values()]
            players_of: dict[str, list[str]] = {}
            for pl, fr in p.player_production:
                players_of.setdefault(fr, []).append(pl)

            def pus(r) -> tuple[int | None, int]:
                qty = r.results[0][1] if r.results else "1"
                q = max(1, int(qty) if qty.lstrip("-").isdigit() else 1)
                for c in r.costs:
                    if c[0] == "PUs":
                        v = c[1].strip()
                        return (int(v) if v.lstrip("-").isdigit() else None), q
                return None, q

            # the cost the import read for a unit: its first rule's (per unit bought)
            first = rm.price_rules(b)
            read_cost = {}
            for r in b.rules:
                if len(r.results) == 1 and first.get(r.results[0][0]) == r.name:
                    have, q = pus(r)
                    if have is not None:
                        read_cost[r.results[0][0]] = -(-have // q)
            for r in p.rules:
                if len(r.results) != 1 or r.results[0][0] not in self.uname.values():
                    continue
                uid = next(k for k, v in self.uname.items() if v == r.results[0][0])
                have, qty = pus(r)
                cost = self._cost(uid, None)
                users = [
                    pl
                    for fr, pls in players_of.items()
                    if r.name in dict(p.frontiers).get(fr, [])
                    for pl in pls
                ]
                other = not users or uid not in rules.units  # (facilities: one cost)
                if other and first.get(r.results[0][0]) != r.name and have is not None:
                    # a frontier no player starts with (an industrial-technology discount),
                    # or a nation's own price of a facility: it moves with the unit's
                    # price, the difference stays
                    delta = cost - read_cost.get(r.results[0][0], cost)
                    if delta:
                        _set_pus(r, max(0, have + delta * qty))
                    continue
                costs = {self._cost(uid, self._nation_of(pl)) for pl in users} or {cost}
                if len(costs) == 1:
                    cost = costs.pop()
                if not any(c[0] == "PUs" for c in r.costs):
                    continue  # paid in other resources only: not a price Warroom models
                if have is None or -(-have // qty) != cost:  # the import's reading
                    _set_pus(r, cost * qty)
            have = {r.results[0][0] for r in p.rules if len(r.results) == 1}
            for u in buyable:
                if self.uname[u] not in have:
                    rule = self._rule_for(u, None, p)
                    for fr in p.frontiers:
                        fr[1].append(rule.name)
                    self.notes.append(f"unit '{u}' added to every production frontier")
            g.production = p
            return
        if not buyable:
            return
        p = Production()
        main = []
        for u in buyable:
            main.append(self._rule_for(u, None, p).name)
        frontier = _xml_name("production", self.ids_used, "frontier")
        p.frontiers.append([frontier, main])
        for nid in self.pack.nations:
            nr = rules.nation_rules(nid)
            special = [
                u
                for u in buyable
                if nid in (rules.units[u].nation_costs if u in rules.units else {})
            ]
            if nr.can_buy is None and not special:
                p.player_production.append([self.pname[nid], frontier])
                continue
            allowed = [u for u in buyable if nr.can_buy is None or u in nr.can_buy]
            names = []
            for u in allowed:
                if u in special:
                    names.append(self._rule_for(u, nid, p).name)
                else:
                    names.append(next(r.name for r in p.rules if r.results[0][0] == self.uname[u]))
            fname = _xml_name(f"production{self.pname[nid]}", self.ids_used, "frontier")
            p.frontiers.append([fname, names])
            p.player_production.append([self.pname[nid], fname])
        g.production = p

    def _nation_of(self, player: str) -> str | None:
        for k, v in self.pname.items():
            if v == player:
                return k
        return None

    def _cost(self, uid: str, nation: str | None) -> int:
        t = self.rules.units.get(uid)
        if t is not None:
            return t.cost_for(nation) if nation else t.cost
        ft = self.rules.facility_type(uid)
        return ft.cost if ft is not None else 0

    def _rule_for(self, uid: str, nation: str | None, p: Production) -> Rule:
        base = "buy" + self.uname[uid][:1].upper() + self.uname[uid][1:]
        if nation:
            base += self.pname[nation]
        name = _xml_name(base, self.ids_used, "rule")
        r = Rule(name, [["PUs", str(self._cost(uid, nation))]], [[self.uname[uid], "1"]])
        p.rules.append(r)
        return r

    # ------------------------------------------------------------------ properties
    def _properties(self, g: Game) -> None:
        opts = self.rules.options
        props: list[Property] = []
        seen = set()
        base_props = self.base.properties if self.base is not None else []
        for p in base_props:
            q = Property(dict(p.attrs), p.kind, dict(p.kind_attrs), p.text)
            v = rm.option_to_property(p.name, opts)
            key = rm.OPTION_PREFIX + p.name
            generic = rm.generic_option(p)
            if v is None and generic is not None and key in opts and generic[1] != opts[key]:
                v = rm.option_text(opts[key])
            if v is not None and v != p.value.strip().lower():
                if q.text is not None:
                    q.text = v
                else:
                    q.attrs["value"] = v
            props.append(q)
            seen.add(p.name)
        at = min(int(self.stored.get("map_name_index") or 0), len(props))
        props.insert(at, Property({"name": "mapName", "value": self.map_name, "editable": "false"}))
        for name in rm.PROPERTY_OPTIONS:
            if name in seen:
                continue
            v = rm.option_to_property(name, opts)
            key = rm.PROPERTY_OPTIONS[name][0]
            from gamecore.rules.ruleset import DEFAULT_OPTIONS

            if v is not None and (
                key not in DEFAULT_OPTIONS
                or opts.get(key) != DEFAULT_OPTIONS[key]
                or self.base is None
            ):
                if self.base is not None:
                    continue  # not in the original game: TripleA's default stands
                props.append(_typed_property(name, v))
        g.properties = props
