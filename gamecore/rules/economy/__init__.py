"""Production and income: purchase and repair, mobilisation at factories, income with
national objectives, convoy disruption.

Sources: seeds/004 "Summary of play" (buy at the start, place at the end, then collect
income including territories taken this turn), "China rules" (no factories, places in
any Chinese territory it controls, keeps its IPCs, immune to convoy disruption);
rules-notes/004 §4.1 (phases; production caps major 10 / minor 3 minus damage; ships in an
adjacent sea zone; unplaced units refunded; no income while the capital is enemy-held),
§4.9 (convoy disruption dice per unit type, 1-3 lose that many IPCs, capped by the
exposed territories' value), §4.10 (facility placement limits), §4.6 (repair 1 IPC a point).

Modules: :mod:`.placement` (production sites, capacity, where units and facilities are
placed), :mod:`.purchase` (buying, repair, multi-turn production), :mod:`.upgrades` (unit
upgrades, end of placement), :mod:`.income` (income, national objectives, convoy losses,
peace-time income), :mod:`.options` (the system's economy options). Every name stays
importable from here.
"""

from gamecore.rules.economy.income import (
    at_peace,
    at_war_with_major,
    collect_income,
    convoy_losses,
    income_level,
    initial_peace_income,
    objectives_income,
    peace_capture,
    production_capacity,
    purchase_permissions,
    raise_peace_income,
    war_bonus_income,
)
from gamecore.rules.economy.options import (
    OPTIONS,
)
from gamecore.rules.economy.placement import (
    _accepts,
    _rule_room,
    _rule_sites,
    _sites_for,
    apply_place,
    construction_surcharge,
    facility_sites,
    factories,
    home_country,
    place_actions,
    placement_capacity,
    site_capacity,
)
from gamecore.rules.economy.purchase import (
    _cost,
    _full_cost,
    advance_actions,
    advance_cost,
    apply_advance,
    apply_buy,
    apply_repair,
    can_buy,
    capture_construction,
    instalment,
    purchase_actions,
    purposes,
    repair_ships_at_bases,
    schedule,
    under_construction,
)
from gamecore.rules.economy.upgrades import (
    apply_upgrade,
    end_placement,
    lose_unspent,
    upgrade_actions,
)

__all__ = [
    "OPTIONS",
    "_cost",
    "_full_cost",
    "_rule_room",
    "_rule_sites",
    "_sites_for",
    "advance_actions",
    "advance_cost",
    "apply_advance",
    "apply_buy",
    "apply_place",
    "apply_repair",
    "apply_upgrade",
    "at_peace",
    "at_war_with_major",
    "can_buy",
    "capture_construction",
    "collect_income",
    "construction_surcharge",
    "convoy_losses",
    "end_placement",
    "facility_sites",
    "factories",
    "home_country",
    "income_level",
    "initial_peace_income",
    "instalment",
    "lose_unspent",
    "objectives_income",
    "peace_capture",
    "place_actions",
    "placement_capacity",
    "production_capacity",
    "purchase_actions",
    "purchase_permissions",
    "purposes",
    "raise_peace_income",
    "repair_ships_at_bases",
    "schedule",
    "site_capacity",
    "under_construction",
    "upgrade_actions",
    "war_bonus_income",
    "_accepts",
]
