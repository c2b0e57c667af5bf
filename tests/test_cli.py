import subprocess
import sys

from gamecore import __version__
from gamecore.cli import main


def test_version_flag(capsys):
    try:
        main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert capsys.readouterr().out.strip() == f"warroom {__version__}"


def test_help_lists_edit(capsys):
    assert main([]) == 0
    assert "edit" in capsys.readouterr().out


def test_console_entry_point_runs():
    out = subprocess.run(
        [sys.executable, "-m", "gamecore.cli", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert __version__ in out.stdout


def test_bad_screenshot_size_is_one_line_error(tmp_path, capsys):
    code = main(["edit", "--screenshot", str(tmp_path / "x.png"), "--size", "huge"])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("warroom: error:") and "\n" not in err
