"""gamecore.sim — see DESIGN.md."""
