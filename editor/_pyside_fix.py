"""Guard against the PySide6 reference-count bug on Python 3.11 (seen in 6.12.0).

When a Python override of a C++ virtual method returns ``None`` (every ``paint``,
``paintEvent``, ``mousePressEvent`` ..., and ``data()`` of a model for an empty cell),
PySide6 6.12.0 releases one reference to ``None`` too many. ``None`` starts with a few
thousand references, so after a few thousand paints Python 3.11 aborts with "Fatal
Python error: none_dealloc". Python 3.12 made ``None`` immortal (PEP 683), which hides
the bug there. The project pins PySide6 below 6.12; this module is the safety net for an
installation that has the bug anyway: it measures the leak once (a model whose ``data``
returns None, read 64 times through a proxy) and only then gives ``None`` a reference
count no session can exhaust (the same effect as immortality).
"""

from __future__ import annotations

import sys

#: references added to None: 2**40 (a thousand paints per frame at 60 fps for 500 years)
_BOOST = 1 << 40


def leaks_none() -> bool:
    """True when this PySide6 loses references to None in virtual overrides."""
    from PySide6.QtCore import QAbstractListModel, QSortFilterProxyModel

    class _Empty(QAbstractListModel):
        def rowCount(self, parent=None):  # noqa: N802 - Qt name
            return 1

        def data(self, index, role=0):
            return None

    model = _Empty()
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    index = proxy.index(0, 0)
    before = sys.getrefcount(None)
    for _ in range(64):
        proxy.data(index)
    return sys.getrefcount(None) - before < -32


def make_none_immortal(force: bool = False) -> bool:
    """Raise None's reference count out of reach when the bug is present (or ``force``);
    True when that was done."""
    if sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return False  # immortal already, or a debug build with another object layout
    if not force and not leaks_none():
        return False
    import ctypes

    refcnt = ctypes.c_ssize_t.from_address(id(None))
    if refcnt.value < _BOOST // 2:
        refcnt.value += _BOOST
    return True
