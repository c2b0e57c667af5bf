"""Dock widgets of the main window: Layers, Zones, Inspector, Overview."""
