"""Every export is loaded by the real TripleA: Debian's ``triplea`` package (TripleA 1.9).

tests/fixtures/triplea/TripleACheck.java is compiled against TripleA's jar; it validates
the game XML against the game.dtd inside the jar (any DTD error is fatal), loads it with
TripleA's own GameParser, reads polygons.txt/centers.txt/place.txt with TripleA's own
PointFileReaderWriter (every territory needs a polygon and a center), and prints a sorted
summary of what TripleA read: territories, connections, owners, units, players, alliances,
relationships, resources, production, steps, properties and every attachment's getters.
For the fixtures, the summary of the export must equal the summary of the original XML.

The tests skip, saying why, when Java or the package is missing. CI installs them with:
``apt-get install -y --no-install-recommends default-jdk-headless triplea``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from gamecore.engine.testmaps import synthetic_pack, toy_pack
from gamecore.interop.triplea import ExportOptions, ImportOptions, export_triplea, import_triplea

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "triplea"
JAR = Path(os.environ.get("TRIPLEA_JAR", "/usr/share/games/triplea/bin/triplea.jar"))


def _missing() -> str | None:
    if not shutil.which("java") or not shutil.which("javac"):
        return "Java (java and javac) is not installed: apt-get install default-jdk-headless"
    if not JAR.is_file():
        return f"TripleA is not installed ({JAR} missing): apt-get install triplea"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _compile(classes: Path) -> None:
    subprocess.run(
        ["javac", "-nowarn", "-cp", str(JAR), "-d", str(classes), str(FIX / "TripleACheck.java")],
        check=True,
        capture_output=True,
        timeout=300,
    )


def _run_triplea(
    classes: Path, home: Path, jobs: list[tuple[Path, Path | None]]
) -> list[list[str]]:
    """One JVM for all jobs (xml, map folder or None): each job's summary lines, or
    ["FAIL\t<reason>"]."""
    specs = [str(x.resolve()) + (f"|{d.resolve()}" if d is not None else "") for x, d in jobs]
    cmd = ["java", "-Djava.awt.headless=true", f"-Duser.home={home}", "-cp",
           f"{JAR}{os.pathsep}{classes}", "TripleACheck", *specs]  # fmt: skip
    # TripleA reads game_engine.properties from the working folder (as its launcher does)
    proc = subprocess.run(cmd, cwd=JAR.parent, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out: list[list[str]] = []
    for line in proc.stdout.splitlines():
        if line.startswith("JOB\t"):
            out.append([])
        elif out:
            out[-1].append(line)
    assert len(out) == len(jobs), proc.stdout[-2000:]
    return out


FIXTURE_GAMES = [
    ("minimap", None, "map/games/minimap_war.xml"),
    ("oldmap", "Old War", "games/old_war.xml"),
    ("oldmap", "Old War Variant", "games/old_war_variant.xml"),
]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Everything TripleA is asked to load, run in one JVM: each fixture game as it is and
    as exported, two packs made in Warroom as exported, and an XML that breaks the DTD."""
    tmp = tmp_path_factory.mktemp("triplea")
    _compile(tmp)
    jobs: dict[str, tuple[Path, Path | None]] = {}
    facts: dict[str, object] = {}
    for folder, game, xml in FIXTURE_GAMES:
        key = f"{folder}:{game}"
        jobs[key + ":original"] = (FIX / folder / xml, None)
        pack, _ = import_triplea(FIX / folder, ImportOptions(game=game))
        out = tmp / slug_of(key)
        rep = export_triplea(pack, out)
        jobs[key + ":export"] = (out / "map" / rep.game_file, out / "map")
        facts[key] = len(pack.map.zones)

    def sample_pack():
        from gamecore.paths import sample_pack as path
        from gamecore.store import read_pack

        return read_pack(path())

    for make in (toy_pack, synthetic_pack, sample_pack):
        if make is sample_pack and not _sample_path().is_file():
            continue
        pack = make()
        out = tmp / make.__name__
        # the sample holds two scenarios (1939 on g40, global-war-1936): export the 1939 one
        scenario = "1939" if make is sample_pack else None
        rep = export_triplea(pack, out, ExportOptions(tiles=False, scenario=scenario))
        jobs[make.__name__] = (out / "map" / rep.game_file, out / "map")
        facts[make.__name__] = (len(pack.map.zones), rep.connections)
    text = (FIX / "oldmap/games/old_war.xml").read_text(encoding="iso-8859-1")
    bad = tmp / "bad.xml"
    bad.write_text(text.replace('<territory name="Alpha"/>', '<territory name="Alpha" water="no"/>'),
                   encoding="iso-8859-1")  # fmt: skip
    jobs["dtd_violation"] = (bad, None)
    lines = _run_triplea(tmp, tmp_path_factory.mktemp("home"), list(jobs.values()))
    return dict(zip(jobs, lines, strict=True)), facts


def slug_of(key: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in key)


def _ok(lines: list[str]) -> list[str]:
    fails = [x for x in lines if x.startswith("FAIL\t")]
    assert not fails, fails[0]
    return lines


def _semantic(lines: list[str]) -> list[str]:
    # a random id per parse, and the map-file lines (the original fixture has no center
    # for one territory on purpose, so only exports are read with their map files)
    return [x for x in lines if not x.startswith(("PROP\tGAME_UUID", "MAPFILE"))]


@pytest.mark.parametrize(
    "folder, game, xml", FIXTURE_GAMES, ids=[f"{f}-{g}" for f, g, _ in FIXTURE_GAMES]
)
def test_triplea_loads_the_export_as_it_loaded_the_original(results, folder, game, xml):
    out, facts = results
    key = f"{folder}:{game}"
    original, exported = _ok(out[key + ":original"]), _ok(out[key + ":export"])
    assert sum(x.startswith("MAPFILE") for x in exported) == facts[key]
    a, b = _semantic(original), _semantic(exported)
    missing = sorted(set(a) - set(b))[:20]
    extra = sorted(set(b) - set(a))[:20]
    assert a == b, f"only in the original: {missing}\nonly in the export: {extra}"


def _sample_path() -> Path:
    from gamecore.paths import sample_pack

    return sample_pack()


@pytest.mark.parametrize("name", ["toy_pack", "synthetic_pack", "sample_pack"])
def test_triplea_loads_exports_of_packs_made_in_warroom(results, name):
    out, facts = results
    if name not in out:
        pytest.skip(f"the bundled sample pack is not built ({_sample_path()})")
    lines = _ok(out[name])
    zones, connections = facts[name]
    assert sum(x.startswith("TERR\t") for x in lines) == zones
    assert sum(x.startswith("MAPFILE\t") for x in lines) == zones
    assert sum(x.startswith("CONN\t") for x in lines) == 2 * connections


def test_the_check_fails_on_a_dtd_violation(results):
    out, _ = results
    assert out["dtd_violation"][0].startswith("FAIL\t") and "DTD: line" in out["dtd_violation"][0]
