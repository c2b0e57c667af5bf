"""Where bundled resources live, in a source tree and in an installed package."""

from __future__ import annotations

from pathlib import Path


def resources_dir() -> Path:
    """The folder of bundled data (``resources/`` in the source tree)."""
    # importlib.resources brings tempfile, shutil, zipfile and random: not at start-up
    # (``warroom --help`` reads only this module's constants, #39)
    from importlib import resources

    return Path(str(resources.files("gamecore.resources")))


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def sample_pack() -> Path:
    """The bundled sample pack the editor opens by default (may not exist yet)."""
    return resource("samples", "world-1939.warroom")


def rulesets_dir() -> Path:
    return resource("rulesets")


#: the environment variable that says where a variant's base is (``--base PATH`` sets it
#: for the command and its worker processes; docs/variants.md)
VARIANT_BASE_ENV = "WARROOM_BASE"
