"""Hitler's Global War in the play mode: the ``hgw`` system's play adapter
(:class:`HgwPlay`, :mod:`gamecore.engine.playview`): map clicks, the dock's words and the
log's (the action vocabulary is in the package's docstring). Qt-free: the editor renders it.

The play mode's click machinery (pick a zone, the reachable zones in green, click one)
asks the adapter what the phase's map actions are:

- ``movement``: click a hex with your army/SPs, then a friendly hex the chain of friendly
  hexes reaches. The stack panel's per-type counts choose the SPs (default: all that may
  move); each army of the source hex that gives SPs is one ``hgw_move``: joining the
  side's army already in the destination hex, else the army moving whole, else a new army.
- ``announce`` / ``exploitation``: click your army's hex, then an adjacent hex it may
  attack: ``hgw_attack`` for every army there that may still announce one on that hex
  (the action list keeps single-army announcements), ``hgw_exploit`` for the army there
  that may exploit.
"""

from __future__ import annotations

from typing import Any

from gamecore.engine.actions import Action
from gamecore.engine.playview import PlayAdapter
from gamecore.hgw import geo
from gamecore.hgw.armies import army_count, building
from gamecore.hgw.odds import advance_odds as rule_advance_odds
from gamecore.hgw.world import stack_limit

#: phase -> the action kind a click makes
CLICK_KINDS = {"movement": "hgw_move", "announce": "hgw_attack", "exploitation": "hgw_exploit"}
#: the SP types the stack panel counts, in order
SP_TYPES = ("inf", "mech")


def hex_label(pack, z: int) -> str:
    """A hex as the player reads it: its id, and its name when it has one ("Moscow 1144")."""
    zone = pack.map.zones.get(z)
    if zone is None:
        return f"zone {z}"
    code = zone.code or str(z)
    name = zone.name or ""
    return f"{name} {code}" if name and name != code else code


def army_name(state, aid) -> str:
    v = getattr(state, "armies", {}).get(aid) if state is not None else None
    return v.name if v else f"army {aid}"


class HgwPlay(PlayAdapter):
    """The hgw play adapter (see the module's docstring)."""

    click_phases = tuple(CLICK_KINDS)
    map_kinds = ("hgw_move",)
    #: an attack's assault comes before its advance
    section_order = {"hgw_exploit": 6, "hgw_assault": 7, "hgw_advance": 8}
    section_titles = {
        "hgw_attack": "Announce an attack (or click the army's hex, then the target)",
        "hgw_exploit": "Exploit: the army's next target (or click on the map)",
        "hgw_assault": "Assault (Firepower Table; the defender loses SPs)",
        "hgw_advance": "Advance (Advance Table: success enters the hex)",
        "hgw_repair": "Repair devastation",
        "hgw_build": "Build SPs",
        "hgw_terms": "Surrender offered (seeds/001 SURRENDER, Soviet Union): accept or refuse",
    }
    decision_titles = {
        "hgw_losses": "{owner} decides which SPs are lost first",
        "hgw_defend": "{owner} decides which armies make a defensive assault "
        "on the attackers (now or later)",
    }
    bank_title = "PP to spend"
    zone_word, units_word = "Hex", "SPs"
    # (rolls and actions are long lines: wrapped, the dock never widens)
    long_lines = True
    shows_rolls = True
    #: the words of the phase's title in the Play dock
    phase_titles = {
        "movement": "Movement: click a hex with your army, then a highlighted friendly hex "
        "(the counts below choose how many SPs go)",
        "announce": "Announce attacks: click your army's hex, then a highlighted hex to attack",
        "initial": "Initial attack: assault and advance (pick one, then Do)",
        "exploitation": "Exploitation: click the army's hex, then the hex it attacks next; "
        "assault and advance below",
        "production": "Production: repair and build (pick one, then Do)",
    }

    # -- words ---------------------------------------------------------------------------
    def zone_label(self, pack, z: int) -> str:
        return hex_label(pack, z)

    def describe_event(self, pack, e: dict[str, Any], state=None) -> str | None:
        return describe_hgw_event(pack, e, state)

    def hides_event(self, e: dict[str, Any]) -> bool:
        # an action's effect is logged in the system's own event; the kernel's battle
        # entries only count battles (the advance's own line says it)
        act = e.get("a") if e.get("e") == "action" else None
        if isinstance(act, dict) and str(act.get("kind", "")).startswith("hgw_"):
            return True
        return e.get("e") in ("battle", "battle_end")

    def action_note(self, state, a: Action) -> str:
        return odds_text(state, a)

    def rolls(self, state) -> list[str]:
        return rolls_this_turn(state)

    def click_verb(self, phase: str) -> str:
        return "attack" if phase in ("announce", "exploitation") else "move"

    def owns_zone(self, state, player: str, z: int) -> bool:
        return any(v.zone == z and v.nation == player for v in state.armies.values())

    def claim(self, state, a: Action, left: dict[str, int]) -> Any:
        if a.kind != "hgw_move":
            return a.units[0]
        for u in a.units:
            t = state.units[u].type
            left[t] = left.get(t, 0) - 1
        return state.army_of[a.units[0]]

    # -- what a click may do ----------------------------------------------------------
    def actions_from(self, session, zone: int) -> list[Action]:
        """The phase's map actions of the armies in ``zone``."""
        st = session.state
        kind = CLICK_KINDS.get(st.phase)
        if kind is None:
            return []
        out = []
        for a in session.legal():
            if a.kind != kind:
                continue
            if kind == "hgw_move":
                if a.path and a.path[0] == zone:
                    out.append(a)
            elif a.units and a.units[0] in st.armies and st.armies[a.units[0]].zone == zone:
                out.append(a)
        return out

    def target(self, a: Action) -> int:
        return a.path[-1] if a.kind in ("hgw_move", "hgw_rebase") else a.zone

    def route(self, state, a: Action) -> tuple[int, ...]:
        """The arrow the map draws for ``a``: from the army's hex to the destination/target."""
        if a.kind in ("hgw_move", "hgw_rebase"):
            return tuple(a.path)  # a fleet's base change: its port to the new one
        return (state.armies[a.units[0]].zone, a.zone)

    def movable_by_type(self, state, actions: list[Action]) -> dict[str, list[int]]:
        """The SPs that may move (movement only: the other phases pick armies)."""
        ids: set[int] = set()
        for a in actions:
            if a.kind == "hgw_move":
                ids.update(a.units)
        out: dict[str, list[int]] = {}
        for uid in sorted(ids):
            out.setdefault(state.units[uid].type, []).append(uid)
        return out

    def next_action(
        self, session, src: int, dest: int, counts: dict[str, int], done: set
    ) -> Action | None:
        """The next action of the click from ``src`` to ``dest`` in the position now (the
        armies of ``done`` have had theirs), or None when the click is complete. Each
        action is applied before the next is asked for: an army the click formed in the
        destination is the one the next army joins."""
        st = session.state
        acts = [a for a in self.actions_from(session, src) if self.target(a) == dest]
        if st.phase == "announce":
            for a in acts:
                if a.units[0] not in done:
                    return a
            return None
        if st.phase == "exploitation":
            return acts[0] if acts and not done else None
        free = self.movable_by_type(st, acts)
        left = dict(counts)
        for aid in sorted({st.army_of[u] for ids in free.values() for u in ids}):
            if aid in done:
                continue
            take: list[int] = []
            for t in SP_TYPES:
                mine = [u for u in free.get(t, ()) if st.army_of.get(u) == aid]
                k = min(left.get(t, 0), len(mine))
                take += mine[:k]
                left[t] = left.get(t, 0) - k
            if not take:
                continue
            n = st.current_nation
            joinable = sorted(
                b for b, v in st.armies.items() if v.nation == n and v.zone == dest and b != aid
            )
            whole = len(take) == sum(1 for u in st.army_of if st.army_of[u] == aid)
            target = joinable[0] if joinable else (aid if whole else 0)
            return Action("hgw_move", units=tuple(sorted(take)), path=(src, dest), target=target)
        return None

    def overstack(self, state, dest: int, coming: int = 0) -> str:
        """A warning when ``coming`` more SPs in ``dest`` exceed its stacking limit (the
        excess is lost when movement ends, seeds/001 STACKING), else ""."""
        if state.phase != "movement":
            return ""
        lim = stack_limit(state, dest)
        if lim is None:
            return ""
        n = state.current_nation
        there = sum(
            1
            for u in state.at.get(dest, ())
            if state.units[u].nation == n and not building(state, state.units[u])
        )
        over = there + coming - lim
        if over <= 0:
            return ""
        return (
            f"over the stacking limit: {there + coming} SPs in {hex_label(state.pack, dest)} "
            f"(at most {lim}); {over} would be lost when movement ends"
        )

    def standing_arrows(self, state) -> list[tuple[int, int]]:
        """The attacks standing this turn, as (army's hex, target) arrows: in the announce
        and initial phases the announced attacks of armies that have not advanced or
        failed; in exploitation the exploiting army's."""
        out = []
        declared = getattr(state, "declared", {}) if state.phase in ("announce", "initial") else {}
        for aid, t in sorted(declared.items()):
            if aid in state.armies and aid not in state.advanced and aid not in state.failed:
                out.append((state.armies[aid].zone, t))
        xa, xt, _ = getattr(state, "exploit", (0, 0, ()))
        if xa in state.armies and xt:
            out.append((state.armies[xa].zone, xt))
        return [p for p in out if p[0] != p[1]]

    # -- what the stack panel shows --------------------------------------------------------
    def hex_info(self, state, z: int) -> list[str] | None:
        """The hex's terrain, PP, devastation and garrison, then its armies (name, SPs)."""
        pack = state.pack
        zone = pack.map.zones.get(z)
        lines = []
        if zone is not None:
            kind = zone.kind if zone.kind != "land" else (zone.terrain or "clear")
            if zone.kind == "land" and "coastal" in (zone.flags or ()):
                kind += ", coastal"
            owner = state.owner.get(z) or "neutral"
            lines.append(f"{kind.capitalize()} · {zone.region or ''} · held by {owner}".strip())
            value = state.zone_value(z) if hasattr(state, "zone_value") else zone.value
            dev = state.zone_damage.get(z, 0)
            g = geo.graph(state).garrison.get(z, 0)
            garrison = "none" if not g else ("destroyed" if z in state.no_garrison else str(g))
            lines.append(
                f"PP {value}" + (f" ({dev} devastated)" if dev else "") + f" · garrison {garrison}"
            )
        armies = sorted(a for a, v in state.armies.items() if v.zone == z)
        for aid in armies:
            nat, name = state.armies[aid].nation, state.armies[aid].name
            inf, mech = army_count(state, aid)
            notes = []
            if aid in getattr(state, "cut", ()):
                notes.append("out of supply")
            if aid in getattr(state, "declared", {}):
                t = hex_label(pack, state.declared[aid])
                if aid in state.failed:
                    notes.append(f"its attack on {t} failed")
                elif aid in state.advanced:
                    notes.append("advanced")
                else:
                    notes.append(f"attacks {t}")
            extra = f" — {', '.join(notes)}" if notes else ""
            lines.append(f"{name} ({nat}): {inf} inf, {mech} mech{extra}")
        if not armies:
            lines.append("No army")
        return lines


# ------------------------------------------------------------------------- advance odds
def advance_odds(state, aid: int, target: int) -> tuple[int, int]:
    """(the die faces of six that succeed, the roll's modifiers) of army ``aid``'s advance
    into ``target`` now: the rule system's :func:`gamecore.hgw.odds.advance_odds`, the
    same helpers apply_advance rolls with; tests check it against the dice for every
    face."""
    o = rule_advance_odds(state, aid, target)
    return o.faces, o.modifier


def odds_text(state, a: Action) -> str:
    """ " — succeeds on 4 of 6 (modifiers +1)" for an hgw advance, else ""."""
    if a.kind != "hgw_advance" or not a.units or a.units[0] not in state.armies:
        return ""
    wins, mods = advance_odds(state, a.units[0], a.zone)
    m = f", modifiers {mods:+d}" if mods else ""
    return f" — succeeds on {wins} of 6{m}"


# ------------------------------------------------------------------------- the log's words
def describe_hgw_event(pack, e: dict[str, Any], state=None) -> str | None:
    """One hgw event in words (the rolls with their numbers); None: not an hgw event."""
    kind = e.get("e", "")
    z = e.get("zone")
    here = hex_label(pack, z) if isinstance(z, int) else ""

    def army(aid):
        return army_name(state, aid)

    if kind == "hgw_fire":
        who = ", ".join(army(a) for a in e.get("armies") or ())
        forts = e.get("forts") or 0
        if forts:
            who = (who + " and " if who else "") + f"{forts} fort SP(s)"
        what = "Defensive assault from" if e.get("kind") == "defensive" else "Assault on"
        mods = e.get("roll", 0) - e.get("die", 0)
        roll = f"die {e.get('die')}" + (f" {mods:+d} = {e.get('roll')}" if mods else "")
        text = (
            f"{what} {here} by {who}: strength column {e.get('strength')}, {roll}: "
            f"{e.get('hits')} hit(s), {e.get('lost')} SP(s) lost"
        )
        if e.get("absorbed"):
            text += f", {e['absorbed']} absorbed by forts"
        if e.get("garrison"):
            text += ", the garrison destroyed"
        if e.get("chooser"):
            text += f": {e['chooser']} chooses the losses"
        return text
    if kind == "hgw_advance":
        dfn = e.get("defence")
        mods = e.get("roll", 0) - e.get("die", 0)
        roll = f"die {e.get('die')}" + (f", modifiers {mods:+d} = {e.get('roll')}" if mods else "")
        against = "a friendly hex" if dfn == "friendly" else f"defence {dfn}"
        ok = "success: the army enters" if e.get("success") else "failure: its attacks end"
        return f"Advance of {army(e.get('army'))} into {here}: mech {e.get('mech')} vs {against}, {roll}: {ok}"
    if kind == "hgw_bomb":
        hit = ", ".join(
            f"{hex_label(pack, x)}: {k}" for x, k in (e.get("devastated") or {}).items()
        )
        dice = "; ".join(
            f"{who.replace('_', ' ')} die {', '.join(map(str, d))}"
            for who, d in (e.get("dice") or {}).items()
        )
        return (
            f"{e.get('nation')} bombing raid on {here}: {e.get('bombers')} bomber(s), "
            f"{e.get('defence')} air defence ({dice}): {e.get('bombers_lost')} "
            f"bomber(s) lost, {e.get('hits')} PP devastated" + (f" ({hit})" if hit else "")
        )
    if kind == "hgw_research":
        return f"{e.get('nation')} research: {e.get('pp')} PP into {e.get('item')} (marker on {e.get('space')})"
    if kind == "hgw_resolve":
        got = e.get("as")
        res = e.get("result") + (f" (counts as {got}: another side is ahead)" if got else "")
        return (
            f"{e.get('nation')} {e.get('item')} research: die {e.get('die')}, {res}: tech level "
            f"{e.get('level')}, cost {e.get('cost')} PP, marker on {e.get('space')}"
        )
    if kind == "hgw_uboat":
        how = (
            f"{e.get('uboats_left')} left, {e.get('loss')} PP lost"
            if e.get("intercepted")
            else f"no interception ({e.get('uboats_left')} U-boat(s) left)"
        )
        return (
            f"{e.get('nation')} U-boats ({e.get('uboats')}) from "
            f"{hex_label(pack, e.get('base'))} on the {e.get('route')} route, escort "
            f"{e.get('escort')}, dice {e.get('dice')}: {how}"
        )
    if kind == "hgw_shipping_loss":
        return f"{e.get('nation')} loses {e.get('amount')} PP to U-boats this production"
    if kind == "hgw_morale":
        return f"{e.get('country')} morale {e.get('change'):+d} ({e.get('why')}): now {e.get('morale')}"
    if kind == "hgw_rebase" and len(e.get("path") or ()) == 2:
        src, dst = (hex_label(pack, x) for x in e["path"])
        return (
            f"{e.get('nation')} fleet: {e.get('points')} point(s) change base from {src} to {dst}"
        )
    if kind == "hgw_move":
        frm = e.get("from")
        src = hex_label(pack, frm) if isinstance(frm, int) else "?"
        dst = hex_label(pack, e.get("to")) if isinstance(e.get("to"), int) else "?"
        return f"{e.get('nation')} moves {e.get('sps')} SP(s) {src} → {dst} ({army(e.get('army'))})"
    if kind == "hgw_attack":
        return f"{e.get('nation')} announces: {army(e.get('army'))} attacks {here}"
    if kind == "hgw_amph_advance":
        return f"Exploitation: {army(e.get('army'))} advances amphibiously on {here}"
    if kind == "hgw_exploit":
        return f"Exploitation: {army(e.get('army'))} attacks {here}"
    if kind == "hgw_pass":
        return f"No defensive assault from {here}"
    if kind == "hgw_enter":
        return f"{army(e.get('army'))} enters {here}"
    if kind == "hgw_retreat":
        if e.get("to") is None:
            return f"{army(e.get('army'))} cannot retreat from {here}: {e.get('lost')} SP(s) lost"
        return f"{army(e.get('army'))} retreats from {here} to {hex_label(pack, e['to'])}"
    if kind == "hgw_losses":
        return f"Losses ({e.get('reason')}): {e.get('lost')} SP(s), {e.get('first')} first"
    if kind == "hgw_unsupplied":
        return f"{army(e.get('army'))} in {here} out of supply: {e.get('lost')} SP(s) lost"
    if kind == "hgw_overstack":
        return f"{e.get('nation')} over-stacked in {here}: {e.get('lost')} SP(s) lost"
    if kind == "hgw_army_gone":
        return f"{e.get('nation')}'s {e.get('name')} in {here} is gone"
    if kind == "hgw_build":
        into = f" ({army(e['army'])})" if e.get("army") else ""
        return f"{e.get('nation')} builds {e.get('count')} {e.get('type')} in {here}{into}"
    if kind == "hgw_repair":
        return f"{e.get('nation')} repairs {e.get('points')} point(s) in {here}"
    if kind == "hgw_unspent":
        return f"{e.get('nation')} loses {e.get('amount')} unspent PP"
    if kind == "turn" and "season" in e:
        return f"Turn of {e.get('nation')}, round {e.get('round')}"
    if kind == "income" and "amount" in e:
        return f"{e.get('nation')} collects {e.get('amount')} PP"
    if kind == "round_end":
        return f"End of round {e.get('round')}"
    if kind == "capture":
        why = {"unsupplied": " (out of supply)"}.get(e.get("why"), "")
        return f"{e.get('nation')} takes {here}{why}"
    if kind == "hgw_violation":
        return f"{e.get('nation')} attacks unaligned {e.get('country')}"
    if kind == "hgw_join":
        return f"{e.get('country')} joins {e.get('side')} ({e.get('why')})"
    if kind == "hgw_surrender":
        to = f" to {e['to']}" if e.get("to") else ""
        return f"{e.get('country')} surrenders{to}"
    if kind == "hgw_offer":
        return f"{e.get('country')} offers {e.get('to')} its surrender"
    if kind == "hgw_refused":
        return f"{e.get('nation')} refuses the surrender of {e.get('country')}"
    if kind == "hgw_grant":
        what = ", ".join(f"{e[t]} {t}" for t in ("inf", "mech") if e.get(t))
        return f"{e.get('nation')} receives {what} in {here} ({e.get('country')} joins)"
    if kind == "hgw_army_switch":
        return f"{army(e.get('army'))} changes side: now {e.get('nation')}"
    if kind == "hgw_mobilized":
        return f"{e.get('nation')} mobilises its whole production ({e.get('why')})"
    if kind == "hgw_mobilization_extended":
        return f"{e.get('nation')}'s mobilisation is delayed (it attacked outside the Baltic)"
    if kind == "relation" and e.get("status") == "war":
        return f"{e.get('by')} declares war: {e.get('a')} and {e.get('b')} at war"
    if kind == "game_over":
        return f"Game over: {e.get('winner') or 'no winner'} — {e.get('reason')}"
    return None


#: the events the battle panel shows: each roll of the turn
ROLL_EVENTS = ("hgw_fire", "hgw_advance")


def rolls_this_turn(state, last: int = 3) -> list[str]:
    """The turn's last rolls (assaults and advances) in words, the latest last."""
    log = state.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("e") == "turn"), 0)
    lines: list[str] = []
    for e in log[start:]:
        if e.get("e") in ROLL_EVENTS:
            lines.append(describe_hgw_event(state.pack, e, state) or "")
        elif e.get("e") == "hgw_losses" and lines:
            # (the type the side that chose its losses lost first)
            lines[-1] += f" ({e.get('first')} first)"
    return lines[-last:]
