import subprocess
import sys

from editor.cli import main
from gamecore import __version__


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
    for module in ("editor.cli", "gamecore.cli"):
        out = subprocess.run(
            [sys.executable, "-m", module, "--version"], capture_output=True, text=True
        )
        assert out.returncode == 0
        assert __version__ in out.stdout


def test_the_core_command_line_loads_no_qt_and_has_no_editor_commands():
    """``warroom --help`` starts without Qt; the core alone lists no ``edit``."""
    script = (
        "import sys, contextlib, io\n"
        "from editor.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: main([])\n"
        "assert 'edit' in out.getvalue()\n"
        "from gamecore.cli import main as core\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out: core([])\n"
        "assert ' edit ' not in out.getvalue()\n"
        "print(any(m.startswith('PySide6') for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_help_loads_no_numerical_or_geometry_library():
    """Issue #39: ``warroom --help`` builds every command's parser and nothing else: the
    libraries a command works with (numpy, shapely, PROJ, the engine) load when it runs."""
    script = (
        "import sys, contextlib, io\n"
        "from editor.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['--help'])\n"
        "heavy = ('numpy', 'shapely', 'pyproj', 'PIL', 'gamecore.engine', 'gamecore.ops')\n"
        "print(sorted({m for m in sys.modules for h in heavy if m == h}))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_bad_screenshot_size_is_one_line_error(tmp_path, capsys):
    code = main(["edit", "--screenshot", str(tmp_path / "x.png"), "--size", "huge"])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("warroom: error:") and "\n" not in err


def test_playtest_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    """Issue #33: an unknown bot in --bots, --games 0 and bids that are not numbers are
    refused before any game, each with one line and exit 2."""
    import pytest

    from gamecore.sim.playtest.samples import symmetric_pack
    from gamecore.store import write_pack

    path = str(tmp_path / "sym.warroom")
    write_pack(symmetric_pack(rounds=1), path)
    cases = [
        (["playtest", "ladder", path, "--bots", "heuristic,deep-blue"], "unknown bot 'deep-blue'"),
        (["playtest", "ladder", path, "--bots", "heuristic,random", "--games", "0"], "--games"),
        (["playtest", path, "--games", "0"], "--games must be at least 1"),
        (["playtest", "bid", path, "--games", "0"], "--games must be at least 1"),
        (["playtest", "bid", path, "--bids", "0,1.5"], "give whole numbers"),
        (["playtest", "bid", path, "--bids", "ten"], "give whole numbers"),
    ]
    for argv, words in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("warroom: error:") and words in err and err.count("\n") == 1
    assert not (tmp_path / "sym.warroom.playtests").exists()  # nothing was played
    with pytest.raises(SystemExit):
        main(["playtest", "ladder", path])  # --bots is required (argparse's own exit 2)
