"""The economy options of the rule system."""

from __future__ import annotations

from gamecore.engine.options import OptionSpec

# ---------------------------------------------------------------------- options
#: the options this module reads (declared for the rule system: typed, checked at load)
OPTIONS = (
    OptionSpec(
        "earmarks",
        "table",
        {},
        doc="earmarked money: purpose -> the unit types money earmarked for it may buy "
        "(empty: no earmarks; other money buys anything)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "earmarked_income",
        "table",
        {},
        doc="nation -> {purpose: amount} earmarked for that purpose each time the nation "
        "collects income (lend-lease aid)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "income_without_capital",
        "bool",
        False,
        doc="a power whose capital is enemy-held collects nothing",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "bank_carry_over",
        "bool",
        True,
        doc="money unspent when a nation's placement ends carries over; false: it is lost (use it or lose it)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "unplaced_units",
        "str",
        "refund",
        choices=("refund", "keep"),
        doc="units bought but not placed: refunded or kept",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "production_limited_by_value",
        "bool",
        False,
        doc="classic rule: factory output <= zone value",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "convoy_disruption",
        "bool",
        True,
        doc="submarines and surface raiders disrupt income in convoy sea zones",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "convoy_hit_max",
        "int",
        3,
        doc="a convoy die showing 1..this takes that many IPCs",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "multi_turn_production",
        "bool",
        False,
        doc="§7.3 props.cost_schedule paid one instalment a turn",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "income_model",
        "str",
        "territory",
        choices=("territory", "peacetime"),
        doc="'territory' | 'peacetime' (§2.4: tracker until at war)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "typed_placement",
        "bool",
        False,
        doc="§11.1 shipyards/sub bases place only some types; militia",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "motorized_upgrade",
        "bool",
        False,
        doc="the optional Infantry -> Motorized upgrade (seeds/000 §11.2)",
        owner="gamecore.rules.economy",
    ),
    OptionSpec(
        "construction_surcharge",
        "table",
        {},
        doc="terrain -> IPP on a facility's first instalment (§1.10)",
        owner="gamecore.rules.economy",
    ),
)
