"""Tests of gamecore.sim."""
