"""Validation: a registry of checks producing :class:`Issue` objects with a stable code,
a severity, a location and, where possible, a :class:`Fix` (an undoable edit).

>>> report = validate(pack)                     # doctest: +SKIP
>>> [i.code for i in report.issues]             # doctest: +SKIP
"""

from gamecore.validate.core import (
    REGISTRY,
    SEVERITIES,
    CheckInfo,
    Context,
    Fix,
    Issue,
    Report,
    Validator,
    check,
    check_info,
    iter_checks,
    validate,
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
