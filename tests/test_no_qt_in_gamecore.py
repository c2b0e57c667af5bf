"""gamecore must never import Qt (docs/architecture.md, Layers), nor the build tools beside it
(``tools``: the sample pack they build is data)."""

import json
import subprocess
import sys
from pathlib import Path

import gamecore

SCRIPT = r"""
import importlib, json, pkgutil, sys
import gamecore
names = []
for info in pkgutil.walk_packages(gamecore.__path__, "gamecore."):
    importlib.import_module(info.name)
    names.append(info.name)
qt = sorted(m for m in sys.modules if m == "PySide6" or m.startswith("PySide6.") or m == "editor" or m.startswith("editor."))
tools = sorted(m for m in sys.modules if m == "tools" or m.startswith("tools."))
print(json.dumps({"modules": names, "qt": qt, "tools": tools}))
"""


def test_importing_all_of_gamecore_loads_no_qt():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(gamecore.__file__).parents[1],
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert "gamecore.cli" in result["modules"]
    assert len(result["modules"]) >= 5
    assert result["qt"] == []
    assert result["tools"] == []
