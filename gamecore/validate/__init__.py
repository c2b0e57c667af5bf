"""Validation: a registry of checks producing :class:`Issue` objects with a stable code,
a severity, a location and, where possible, a :class:`Fix` (an undoable edit).

>>> report = validate(pack)                     # doctest: +SKIP
>>> [i.code for i in report.issues]             # doctest: +SKIP
"""

from gamecore.validate.core import Report, Validator, iter_checks, validate
from gamecore.validate.registry import (
    REGISTRY,
    SEVERITIES,
    CheckInfo,
    Context,
    Fix,
    Issue,
    check,
    check_info,
)

__all__ = [
    "REGISTRY",
    "SEVERITIES",
    "CheckInfo",
    "Context",
    "Fix",
    "Issue",
    "Report",
    "Validator",
    "check",
    "check_info",
    "iter_checks",
    "validate",
]
