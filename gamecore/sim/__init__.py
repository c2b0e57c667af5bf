"""gamecore.sim — see docs/architecture.md."""
