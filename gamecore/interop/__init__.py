"""gamecore.interop — see DESIGN.md."""
