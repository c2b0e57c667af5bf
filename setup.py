"""Package discovery lives here because the top-level ``resources/`` folder (see
docs/architecture.md) is installed as the data package ``gamecore.resources``; pyproject.toml
cannot combine automatic discovery with that mapping."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["gamecore*", "editor*"]) + ["gamecore.resources"],
    package_dir={"gamecore.resources": "resources"},
    package_data={"gamecore.resources": ["**/*"]},
)
