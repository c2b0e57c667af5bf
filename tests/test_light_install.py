"""The light install (#39 item 8): the core runs without Qt, plotly and Dask.

A Dask worker or a CI script installs ``warroom`` without extras (~100 MB instead of
~500 MB). These tests run the real CLI in a child process whose imports of PySide6,
plotly and dask fail as they would on such an install, and check that every core
command works, the report keeps its figures, and the editor's commands say in one line
what to install.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "resources" / "samples" / "world-1939.warroom"
EXTRAS = ("PySide6", "plotly", "dask", "distributed")

# A child interpreter on which the extras are not installed: a None in sys.modules makes
# `import X` raise ModuleNotFoundError and importlib.util.find_spec(X) answer None, as for
# a package that is not there.
BOOTSTRAP = f"""
import sys
for _name in {EXTRAS!r}:
    sys.modules[_name] = None
"""


def core_only(code: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    return subprocess.run(
        [sys.executable, "-c", BOOTSTRAP + code, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )


def warroom_core(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return core_only("from editor.cli import main; sys.exit(main(sys.argv[1:]))", *args, cwd=cwd)


def test_core_dependencies_leave_the_extras_out():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = " ".join(meta["dependencies"]).lower()
    for extra in ("pyside6", "plotly", "dask"):
        assert extra not in core
    extras = meta["optional-dependencies"]
    assert any("PySide6" in r for r in extras["editor"])
    assert any("plotly" in r for r in extras["report"])
    # `all` (what make installs) is every extra, so make run/test keep everything
    wanted = {r for name in ("editor", "report", "cluster") for r in extras[name]}
    assert wanted <= set(extras["all"])
    assert ".[all," in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_every_core_module_imports_without_the_extras(tmp_path):
    code = """
import pkgutil, importlib, gamecore
bad = []
for m in pkgutil.walk_packages(gamecore.__path__, "gamecore."):
    if m.name == "gamecore.sim.playtest.charts":  # plotly's own module: the report guards it
        continue
    try:
        importlib.import_module(m.name)
    except ModuleNotFoundError as err:
        bad.append(f"{m.name}: {err}")
print("\\n".join(bad))
sys.exit(1 if bad else 0)
"""
    r = core_only(code, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr


def test_core_commands_run_and_the_report_says_what_is_missing(tmp_path):
    assert warroom_core("--help", cwd=tmp_path).returncode == 0
    r = warroom_core("validate", str(SAMPLE), "--quick", cwd=tmp_path)
    assert r.returncode in (0, 1), r.stderr  # 1 = the pack has issues; never a traceback
    assert "Traceback" not in r.stderr
    report = tmp_path / "report"
    r = warroom_core(
        "playtest",
        str(SAMPLE),
        "--scenario",
        "1939",
        "--games",
        "1",
        "--max-rounds",
        "1",
        "--bot",
        "random",
        "--results",
        str(tmp_path / "r.jsonl"),
        "--report",
        str(report),
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "pip install &#x27;warroom[report]&#x27;" in page
    assert "plotly.min.js" not in page  # no script tag pointing at a file not written
    assert not (report / "plotly.min.js").exists()
    assert (report / "winrates.png").stat().st_size > 0  # the PNG charts stay


@pytest.mark.parametrize("cmd", [["edit"], ["render", str(SAMPLE), "-o", "board.png"]])
def test_editor_commands_say_what_to_install(tmp_path, cmd):
    r = warroom_core(*cmd, cwd=tmp_path)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr
    assert "pip install 'warroom[editor]'" in lines[0]
    assert not (tmp_path / "board.png").exists()
