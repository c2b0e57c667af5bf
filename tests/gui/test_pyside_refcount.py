"""Guard against PySide6 releases that leak references to None from Python overrides of
virtual methods (6.12.0 did: every paintEvent returning None released one reference too
many, and Python 3.11 aborts with "none_dealloc" after a few thousand repaints)."""

import sys

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget


class _Painted(QWidget):
    def paintEvent(self, event):  # noqa: N802 - Qt name
        painter = QPainter(self)
        painter.end()


def test_paint_overrides_do_not_consume_references_to_none(qtbot):
    w = _Painted()
    qtbot.addWidget(w)
    w.resize(40, 40)
    w.show()
    w.repaint()
    before = sys.getrefcount(None)
    for _ in range(300):
        w.repaint()
    drift = sys.getrefcount(None) - before
    assert drift > -50, f"None lost {-drift} references in 300 repaints: a buggy PySide6"
