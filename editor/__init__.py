"""Warroom editor (PySide6). Imports gamecore; nothing imports editor."""
