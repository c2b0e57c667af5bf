"""Benchmarks: each ``bench_*.py`` module here defines ``run() -> dict`` of figures.

Run with ``python -m tests.benchmarks [NAME ...] [--json]`` (``make bench``). They are
not part of ``make test``: speed is reported, never asserted.
"""
