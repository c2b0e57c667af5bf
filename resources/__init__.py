"""Data files bundled with Warroom (rulesets, sample packs, icons, geodata).

Installed as the package ``gamecore.resources``; use :mod:`gamecore.paths` to find them.
"""
