"""Work around a reference-count bug of PySide6 6.12 on Python 3.11.

When a Python override of a C++ virtual method returns ``None`` (every ``paint``,
``paintEvent``, ``mousePressEvent`` ..., and ``data()`` of a model for an empty cell),
the binding releases one reference to ``None`` too many. ``None`` starts with a few
thousand references, so after a few thousand paints the interpreter aborts with
"Fatal Python error: none_dealloc". Python 3.12 made ``None`` immortal (PEP 683), which
hides the bug there; on 3.11 we give ``None`` a reference count so large that no session
can exhaust it (the same effect as immortality). Measured: 1 lost reference per
``paintEvent`` and per ``QSortFilterProxyModel.data`` returning None, ~2 per
``QGraphicsItem.paint``.
"""

from __future__ import annotations

import sys

#: references added to None: 2**40 (a thousand paints per frame at 60 fps for 500 years)
_BOOST = 1 << 40


def make_none_immortal() -> bool:
    """Raise None's reference count out of reach; True when it was needed and done."""
    if sys.version_info >= (3, 12) or hasattr(sys, "gettotalrefcount"):
        return False  # immortal already, or a debug build with another object layout
    import ctypes

    refcnt = ctypes.c_ssize_t.from_address(id(None))
    if refcnt.value < _BOOST // 2:
        refcnt.value += _BOOST
    return True
