"""Read-only questions about an hgw game that tools outside the rule system ask (the
playtest's income per side, the bots): thin, documented entry points over
:mod:`gamecore.hgw.production`, so callers do not reach into its helpers."""

from __future__ import annotations

from gamecore.hgw.production import income
from gamecore.hgw.state import HgwState


def nation_income(state: HgwState, nation: str) -> int:
    """The production ``nation`` would collect now (seeds/001 PRODUCTION: undevastated PP
    traced to a friendly home-country PP, plus the scenario's modifier, e.g. Barbarossa's
    Axis -17), the figure the playtest reports as the side's income."""
    return income(state, nation)


__all__ = ["nation_income"]
