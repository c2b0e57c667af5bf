"""Warroom editor (PySide6). Imports gamecore; nothing imports editor."""

from editor._pyside_fix import make_none_immortal

make_none_immortal()
