"""gamecore.rules — see DESIGN.md."""
