"""Map and scenario data The War Game adds (seeds/002, rules-notes/002 §1.1, §2.3).

- **Hostile-terrain lines** (§1.1, §4.9): a land-land border may carry
  ``Border.props["hostile_terrain"]``, one of :data:`HOSTILE_TERRAIN` (Sahara, Siberia,
  Outback, Himalayas). Stored in the border's props (no schema change); edited with
  ``SetBorderAttrs(..., "hostile_terrain", kind or None)``.
- **Island groups** (§1.1): a land zone of several islands that is one movement space,
  flagged ``island_group`` (``Zone.flags``).
- **The sharing matrix** (§2.3): which nations may share a sea zone, land, an airfield,
  and who liberates whose original territory. Not derived from the teams (Japan and the
  U.S.S.R. share land with no one), so a scenario lists it:
  ``Scenario.props["sharing"] = {kind: [[a, b], ...]}`` with ``kind`` in
  :data:`SHARING_KINDS`. Pairs of the symmetric kinds are stored sorted; ``liberate``
  pairs are ``[liberator, original owner]``. A scenario without the property lets every
  pair of one alliance share everything (the A&A default).
"""

from __future__ import annotations

from typing import Any

HOSTILE_TERRAIN = ("sahara", "siberia", "outback", "himalayas")
#: the kinds of the sharing matrix: sea zones, land, aircraft landing, liberation
SHARING_KINDS = ("sea", "land", "air", "liberate")
#: kinds whose pairs are ordered (the first acts for the second)
ORDERED_SHARING = ("liberate",)


def sharing_pair(kind: str, a: str, b: str) -> tuple[str, str]:
    """The stored form of a pair: sorted unless ``kind`` is ordered."""
    if kind in ORDERED_SHARING or a <= b:
        return (a, b)
    return (b, a)


def sharing_pairs(props: dict[str, Any], kind: str) -> set[tuple[str, str]] | None:
    """The pairs of ``kind`` in a scenario's props, or None when it has no matrix."""
    matrix = props.get("sharing")
    if not isinstance(matrix, dict):
        return None
    out = set()
    for pair in matrix.get(kind, ()):
        if isinstance(pair, (list, tuple)) and len(pair) == 2:
            out.add(sharing_pair(kind, str(pair[0]), str(pair[1])))
    return out


def shares(scenario, kind: str, a: str, b: str) -> bool:
    """Whether ``a`` may share ``kind`` with ``b`` (for ``liberate``: whether ``a`` hands a
    territory it frees back to its original owner ``b``). A nation shares with itself; a
    scenario without a matrix shares within an alliance."""
    if a == b:
        return True
    pairs = sharing_pairs(scenario.props, kind)
    if pairs is None:
        ta, tb = scenario.alliance_of(a), scenario.alliance_of(b)
        return ta is not None and ta == tb
    return sharing_pair(kind, a, b) in pairs


__all__ = [
    "HOSTILE_TERRAIN",
    "ORDERED_SHARING",
    "SHARING_KINDS",
    "sharing_pair",
    "sharing_pairs",
    "shares",
]
