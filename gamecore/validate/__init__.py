"""gamecore.validate — see DESIGN.md."""
