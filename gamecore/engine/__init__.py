"""gamecore.engine — see DESIGN.md."""
