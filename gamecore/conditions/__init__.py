"""gamecore.conditions — see DESIGN.md."""
