"""gamecore.interop — see docs/architecture.md."""
