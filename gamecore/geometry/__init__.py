"""gamecore.geometry — see DESIGN.md."""
