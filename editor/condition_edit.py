"""A text editor for the condition language (objectives, victory conditions, events).

:class:`ConditionHighlighter` colours keywords, functions, numbers, quoted names,
relations and operators; :class:`ConditionEdit` underlines the error of the text as you
type (checked on a short timer by a ``checker`` callable that raises
:class:`gamecore.errors.ConditionError` with line and column), and shows its message.
Unknown zone, nation and region names are errors of the compiler, so they are flagged
the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QRegularExpression, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit

from gamecore.conditions.evaluator import EFFECTS, SIGNATURES
from gamecore.errors import ConditionError, WarroomError

KEYWORDS = ("and", "or", "not", "in", "true", "false", "self", "by", "board", "this_round")
#: every function and effect the condition language knows (from gamecore, so a new one is
#: highlighted without touching the editor)
FUNCTIONS = tuple(sorted(set(SIGNATURES) | set(EFFECTS)))
RELATION_WORDS = ("war", "peace", "aligned", "neutral", "pact", "pro_axis", "pro_allies", "strict")
CHECK_DELAY_MS = 300


def _fmt(colour: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    f = QTextCharFormat()
    f.setForeground(QColor(colour))
    if bold:
        f.setFontWeight(QFont.Weight.Bold)
    f.setFontItalic(italic)
    return f


class ConditionHighlighter(QSyntaxHighlighter):
    """Syntax colours of the condition language (token classes, no parsing)."""

    def __init__(self, document: QTextDocument):
        super().__init__(document)
        words = lambda ws: QRegularExpression(r"\b(" + "|".join(ws) + r")\b")  # noqa: E731
        self.rules: list[tuple[QRegularExpression, QTextCharFormat]] = [
            (words(FUNCTIONS), _fmt("#1f5fa8")),
            (words(KEYWORDS), _fmt("#7a2b9a", bold=True)),
            (words(RELATION_WORDS), _fmt("#a85a00")),
            (QRegularExpression(r"\b\d+(\.\d+)?\b"), _fmt("#0a7d4a")),
            (QRegularExpression(r"[=!<>]=|[<>]|[|&{}]"), _fmt("#666666", bold=True)),
            (QRegularExpression(r'"[^"]*"'), _fmt("#b03030", italic=True)),
            (QRegularExpression(r"#[^\n]*"), _fmt("#888888", italic=True)),
        ]

    def highlightBlock(self, text: str) -> None:
        for rx, fmt in self.rules:
            it = rx.globalMatch(text)
            while it.hasNext():
                m = it.next()
                self.setFormat(m.capturedStart(), m.capturedLength(), fmt)


class ConditionEdit(QPlainTextEdit):
    """Condition text with highlighting and live error underlining.

    ``checker(text)`` raises ConditionError (or returns None when the text is fine); it
    runs :data:`CHECK_DELAY_MS` after the last keystroke, or at once with :meth:`check`.
    ``checked(message)`` reports "" or "line L, column C: reason"."""

    checked = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("conditionEdit")
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.setFont(font)
        self.setTabChangesFocus(True)
        self.highlighter = ConditionHighlighter(self.document())
        self.checker: Callable[[str], object] | None = None
        self.error: ConditionError | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check)
        self.textChanged.connect(self._timer.start)

    def set_text(self, text: str) -> None:
        """Replace the text (when it differs, so the cursor stays while typing)."""
        if text != self.toPlainText():
            self.blockSignals(True)
            self.setPlainText(text)
            self.blockSignals(False)
        self.check()

    def check(self) -> str:
        """Check the text now; returns (and emits) the error message or ""."""
        self._timer.stop()
        self.error = None
        message = ""
        if self.checker is not None:
            try:
                self.checker(self.toPlainText())
            except ConditionError as err:
                self.error = err
                message = str(err)
            except WarroomError as err:  # e.g. the scenario's ruleset cannot be loaded
                message = str(err)
            except Exception as err:  # a bug in the checker must not end in a traceback
                message = f"cannot check: {type(err).__name__}: {err}"
        self._underline()
        self.checked.emit(message)
        return message

    def error_span(self) -> tuple[int, int] | None:
        """(start, length) in the text of the token the error points at."""
        if self.error is None:
            return None
        doc = self.document()
        block = doc.findBlockByNumber(max(0, self.error.line - 1))
        if not block.isValid():
            block = doc.lastBlock()
        text = block.text()
        col = min(max(0, self.error.column - 1), len(text))
        m = re.match(r'"[^"]*"?|[A-Za-z_][\w]*|\S', text[col:])
        length = len(m.group(0)) if m else 0
        if length == 0 and col > 0:  # at the end of the line: mark the last character
            col, length = col - 1, 1
        return block.position() + col, max(length, 1)

    def _underline(self) -> None:
        span = self.error_span()
        if span is None:
            self.setExtraSelections([])
            return
        sel = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        fmt.setUnderlineColor(QColor("#d01010"))
        fmt.setBackground(QColor(255, 220, 220))
        sel.format = fmt
        cur = QTextCursor(self.document())
        start, length = span
        end = min(start + length, max(0, self.document().characterCount() - 1))
        cur.setPosition(min(start, end))
        cur.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        sel.cursor = cur
        self.setExtraSelections([sel])
        self.setToolTip(str(self.error))

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.check()
            return
        super().keyPressEvent(event)


__all__ = ["ConditionEdit", "ConditionHighlighter"]
