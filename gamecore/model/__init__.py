"""gamecore.model — see DESIGN.md."""
