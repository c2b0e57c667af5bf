"""``warroom render`` (issue #35): the board as PDF sheets, SVG and PNG, read back by
real clients (pdfinfo, pdftoppm, pdftotext, rsvg-convert); bad input is one line and
exit 2. Small sizes: the demo pack (24 zones)."""

from __future__ import annotations

import subprocess

import pytest
from PySide6.QtGui import QImage

from editor.cli import main
from editor.export.layout import plan
from editor.export.options import RenderOptions


def _run(*argv) -> int:
    return main(["render", *map(str, argv)])


def _pdfinfo(path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return dict(ln.split(":", 1) for ln in out.stdout.splitlines() if ":" in ln)


def _pdftext(path) -> str:
    return subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_pdf_one_page_per_sheet_and_an_assembly_page(pack_path, tmp_path, capsys):
    out = tmp_path / "board.pdf"
    assert _run(pack_path, "-o", out, "--sheets", "2x2", "--marks", "--paper", "A3") == 0
    assert "5 pages" in capsys.readouterr().out
    info = _pdfinfo(out)
    assert int(info["Pages"]) == 5
    w, h = (float(v) for v in info["Page size"].split()[0:3:2])
    assert sorted((round(w), round(h))) == [842, 1191]  # A3 in points
    text = _pdftext(out)
    assert "Assembly: 2 x 2 sheets of A3" in text
    for name in ("Sheet A1", "Sheet B1", "Sheet A2", "Sheet B2"):
        assert name in text  # the sheet index of --marks
    assert "Legend" in text and "Political" in text
    # zone names are text in the PDF, not pictures
    from editor.demo import demo_pack

    names = [z.name for z in demo_pack().map.zones.values()]
    assert sum(name in text for name in names) >= len(names) // 2
    # vector throughout: no raster image in the file (names, chips, icons are drawn)
    images = subprocess.run(
        ["pdfimages", "-list", str(out)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert len(images) == 2  # the two header lines
    subprocess.run(["pdftoppm", "-png", "-r", "20", str(out), str(tmp_path / "p")], check=True)
    assert len(list(tmp_path.glob("p-*.png"))) == 5


def test_kit_adds_counters_setup_and_tracks(pack_path, tmp_path):
    out = tmp_path / "kit.pdf"
    assert _run(pack_path, "-o", out, "--kit", "--counter", "20") == 0
    pages = int(_pdfinfo(out)["Pages"])
    assert pages >= 2 + 2 + 1 + 1  # map pages, counter fronts and backs, set-up, tracks
    text = _pdftext(out)
    from editor.canvas.icons import unit_abbrev
    from editor.demo import demo_pack

    pack = demo_pack()
    sc = next(iter(pack.scenarios.values()))
    assert "Counters" in text and "Set-up" in text and "Income track" in text
    for nation in {u.nation for u in sc.units}:
        assert nation in text
    for t in {u.unit_type for u in sc.units}:
        assert unit_abbrev(t) in text


def test_svg_is_vector_with_the_legend(pack_path, tmp_path):
    out = tmp_path / "board.svg"
    assert _run(pack_path, "-o", out, "--mode", "terrain", "--no-units") == 0
    svg = out.read_text()
    assert "<text" in svg and "Terrain" in svg and "Legend" in svg
    assert "<image" not in svg  # names, roundels and icons are drawn, not pasted
    png = tmp_path / "svg.png"
    subprocess.run(["rsvg-convert", str(out), "-o", str(png)], check=True)
    assert QImage(str(png)).width() > 200


def test_png_size_follows_dpi(pack_path, tmp_path, capsys):
    small, big = tmp_path / "a.png", tmp_path / "b.png"
    assert _run(pack_path, "-o", small, "--dpi", "50", "--labels", "none") == 0
    assert _run(pack_path, "-o", big, "--dpi", "100", "--labels", "none") == 0
    a, b = QImage(str(small)), QImage(str(big))
    assert abs(b.width() - 2 * a.width()) <= 2 and abs(b.height() - 2 * a.height()) <= 2
    assert round(b.dotsPerMeterX() * 0.0254) == 100


def test_sheets_tile_with_the_overlap():
    opts = RenderOptions(out="x.pdf", sheets=(3, 2), overlap=12.0)
    lay = plan((0.0, 0.0, 1000.0, 500.0), opts)
    sheets = {(s.col, s.row): s.source for s in lay.sheets()}
    assert len(sheets) == 6
    a, b, c = sheets[(0, 0)], sheets[(1, 0)], sheets[(0, 1)]
    assert (a[0] + a[2] - b[0]) * lay.scale == pytest.approx(12.0)
    assert (a[1] + a[3] - c[1]) * lay.scale == pytest.approx(12.0)
    xs = [s[0] for s in sheets.values()] + [s[0] + s[2] for s in sheets.values()]
    ys = [s[1] for s in sheets.values()] + [s[1] + s[3] for s in sheets.values()]
    assert min(xs) <= 0 and max(xs) >= 1000 and min(ys) <= 0 and max(ys) >= 500
    # a fixed scale picks the sheet count
    fixed = plan((0.0, 0.0, 1000.0, 500.0), RenderOptions(out="x.pdf", scale=1.0))
    assert fixed.cols * (fixed.inner[0] - 10) + 10 >= 1000
    assert fixed.rows * (fixed.inner[1] - 10) + 10 >= 500


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--paper", "B5"], "unknown paper size"),
        (["--paper", "10x10"], "50 to 2000 mm"),
        (["--dpi", "2400", "--scale", "5"], "Mpx limit"),
        (["--scenario", "1066"], "no scenario '1066'"),
        (["--mode", "weather"], "unknown map mode"),
        (["--sheets", "lots"], "columns x rows"),
        (["--counter", "12"], "16 or 20"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(pack_path, tmp_path, capsys, extra, words):
    out = tmp_path / "board.png"
    assert _run(pack_path, "-o", out, *extra) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("warroom: error:") and "\n" not in err and words in err
    assert not out.exists() and not list(tmp_path.glob("*.part"))


def test_unwritable_output_is_one_line(pack_path, tmp_path, capsys):
    for out in (tmp_path / "missing" / "b.pdf", tmp_path / "b.docx", tmp_path):
        assert _run(pack_path, "-o", out) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("warroom: error:") and "\n" not in err
    # a folder that says yes to access() and no to a file, even to root
    assert _run(pack_path, "-o", "/proc/board.pdf") == 2
    err = capsys.readouterr().err.strip()
    assert "/proc/board.pdf: cannot write there" in err and "\n" not in err


def test_a_broken_pack_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.warroom"
    bad.write_bytes(b"not a pack")
    assert _run(bad, "-o", tmp_path / "b.pdf") == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("warroom: error:") and "\n" not in err


def test_a_map_without_zones_prints_blank_sheets(tmp_path):
    """A new map (no zones yet) has its declared size: the sheets are blank, not an error."""
    from gamecore.model import Pack
    from gamecore.store import write_pack

    empty = tmp_path / "empty.warroom"
    write_pack(Pack(), empty)
    assert _run(empty, "-o", tmp_path / "b.svg") == 0
    assert "Legend" in (tmp_path / "b.svg").read_text()


def test_issues_mode_marks_the_validators_findings(pack_path, tmp_path):
    out = tmp_path / "issues.svg"
    assert _run(pack_path, "-o", out, "--mode", "issues") == 0
    svg = out.read_text()
    assert "Validation issues" in svg and "No issue (land)" in svg


def test_a_kit_too_big_to_print_is_one_line(tmp_path, capsys, monkeypatch):
    """A pack's own ruleset may declare any number of unit types: the kit has a bound."""
    from editor.demo import demo_pack
    from editor.export import kit
    from gamecore.store import write_pack

    pack = demo_pack()
    path = tmp_path / "many.warroom"
    write_pack(pack, path)
    monkeypatch.setattr(kit, "MAX_COUNTERS", 3)
    assert _run(path, "-o", tmp_path / "k.pdf", "--kit") == 2
    err = capsys.readouterr().err.strip()
    assert "too many to print" in err and "\n" not in err
    assert not (tmp_path / "k.pdf").exists()
