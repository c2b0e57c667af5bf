"""gamecore.store — see DESIGN.md."""
