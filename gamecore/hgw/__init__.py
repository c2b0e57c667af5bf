"""The ``hgw`` rule system: Hitler's Global War v1.4b (seeds/001), the Barbarossa rules.

Strength points (SPs) are core units, one unit per SP, of types ``inf`` and ``mech``;
every SP belongs to one army (a state part: army id -> ``Army(nation, name, zone)``); at most 12
armies a side; an army left with no SP vanishes. Rules as data:
``resources/rulesets/hgw.toml`` (the Firepower and Advance tables, costs, stacking, the
Russian winter, the victory hexes). docs/hitlers_global_war.md lists every rule with its
status and the choices made where the rulebook is silent.

Sequence of play, per side (Axis then Soviet), the ruleset's phases:
``movement`` -> ``announce`` -> ``initial`` -> ``exploitation`` -> ``supply`` (automatic)
-> ``production``. Three seasons a year (scenario calendar "3-seasons").

Action vocabulary (fixed; :class:`gamecore.engine.actions.Action` fields):

=================  ======================================================================
kind               fields
=================  ======================================================================
``hgw_move``       ``units``: SP ids, all of one army and unmoved this phase; ``path``:
                   (from hex, to hex), joined by a chain of friendly hexes;
                   ``target``: the army they join in the destination hex, the moving army
                   itself to move it whole, or 0 for a new army. An SP moves once a phase
                   (its move has unlimited length). Stacking (10) is checked when the
                   phase ends: the owner loses the excess, infantry first.
``hgw_attack``     ``units``: (army,), ``zone``: an adjacent enemy hex. Announces the
                   army's initial attack (``announce`` phase); unannounced armies do not
                   attack this turn.
``hgw_defend``     ``zone``: the attacked hex, ``units``: its armies that fire. The answer
                   to the defender's decision ``hgw_defend`` (offered when the game offers
                   it: ``new_game(decisions=["hgw_defend"])``; otherwise every eligible
                   army fires at the first chance).
``hgw_pass``       ``zone``: no defensive assault from that hex now (saved for later).
``hgw_losses``     ``profile``: "inf" or "mech", the SP type lost first. The answer to
                   the decision ``hgw_losses`` of the side losing SPs (offered when the
                   game offers it; otherwise infantry is lost first).
``hgw_assault``    ``units``: armies of one hex, ``zone``: the target. They fire once on
                   the Firepower Table; the defender loses SPs (its choice).
``hgw_advance``    ``units``: (army,), ``zone``: the target. One roll on the Advance
                   Table; success enters the hex, failure ends the army's attacks.
``hgw_exploit``    ``units``: (army,), ``zone``: an adjacent enemy hex. Exploitation: an
                   army that advanced in the initial attack names its next target (the
                   defender's assault, the optional ``hgw_assault``, then ``hgw_advance``
                   must follow). Naming another army ends the previous one's turn.
``hgw_repair``     ``zone``, ``count``: devastated points repaired (3 PP each).
``hgw_build``      ``zone``, ``type`` ("inf"/"mech"; "fort" where the option
                   ``hgw_sp_types`` allows), ``count``, ``target``: the army they join
                   there (0: a new army; forts join the hex's fort, never an army).
``hgw_terms``      ``nation``: the country offering its surrender, ``count``: 1 accept, 0
                   refuse (Campaign Game I, the Soviet Union's terms; in the production
                   phase of the side that took the capitals: gamecore.hgw.politics).
``end_phase``      ends the phase (announcing, attacking, building ...).
=================  ======================================================================

``HgwSystem.describe(state, action)`` gives each action a line for the play mode.
"""

from gamecore.engine.systems import get_system, register_system
from gamecore.hgw import bot, checks, newmap, play
from gamecore.hgw.state import HgwState
from gamecore.hgw.system import HgwSystem


def system() -> HgwSystem:
    """The registered ``hgw`` system."""
    try:
        return get_system("hgw")  # type: ignore[return-value]
    except Exception:  # pragma: no cover - registered at import below
        return register_system(_with_parts(HgwSystem()))  # type: ignore[return-value]


def _with_parts(s: HgwSystem) -> HgwSystem:
    """The system with the parts it brings: its validator checks, its bot (a bot spec's
    ``heuristic`` in hgw games), its play-mode adapter and its New Map layout."""
    for chk in checks.CHECKS:
        s.add_check(chk)
    s.add_bot("heuristic", bot.HgwBot)
    s.set_play_adapter(play.HgwPlay())
    s.add_new_map_layout(newmap.LAYOUT)
    return s


register_system(_with_parts(HgwSystem()))

__all__ = ["HgwState", "HgwSystem", "system"]
