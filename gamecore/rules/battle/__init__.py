"""The battle of the A&A family (per-unit dice), as an ordered table of small steps.

A round is a pass over the steps the ruleset plays (``steps.steps_for(rules)``; printed by
``python -m gamecore.rules.battle RULESET``). From the ground up: ``units`` (sides, hits,
losses), ``options``, ``terrain``, ``casualties``, ``fire``, ``ask`` (decisions),
``context`` (what steps share), ``before`` (before round 1), ``core``, ``global_war`` and
:mod:`gamecore.rules.wargame_battle` (the steps), ``steps`` (their table), ``retreat``,
``end``, ``raids``, ``answer``, ``flow`` (the driver) and ``actions`` (the combat phase's
actions). ``gamecore.rules.combat`` hands the names on to callers.
"""
