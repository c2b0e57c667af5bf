"""Application entry points: ``warroom-editor`` and ``warroom edit``."""

from __future__ import annotations

import argparse
import os
import sys

from gamecore import __version__
from gamecore.errors import WarroomError


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise WarroomError(f"--size expects WxH such as 1600x1000, got {text!r}") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise WarroomError(f"--size {text}: width and height must be between 200 and 8000")
    return w, h


def apply_view_arguments(window, args: argparse.Namespace) -> None:
    """``--scenario``, ``--hide-layers`` and ``--zoom-to``: bad names raise WarroomError."""
    pack = window.document.pack
    scenario = getattr(args, "scenario", None)
    if scenario:
        if scenario not in pack.scenarios:
            known = ", ".join(pack.scenarios) or "none"
            raise WarroomError(f"--scenario {scenario}: no such scenario (known: {known})")
        window.document.set_scenario(scenario)
    hide = getattr(args, "hide_layers", None)
    if hide:
        from editor.canvas.layers import LAYERS

        for key in (k.strip() for k in hide.split(",") if k.strip()):
            if key not in LAYERS:
                raise WarroomError(
                    f"--hide-layers: unknown layer {key!r} (known: {', '.join(LAYERS)})"
                )
            window.scene.set_layer_visible(key, False)
            window.layers_panel.set_state(key, False, window.scene.layers[key].locked)
    zoom = getattr(args, "zoom_to", None)
    if zoom:
        ids = []
        for ref in (r.strip() for r in zoom.split(",") if r.strip()):
            z = pack.map.find_zone(ref)
            if z is None:
                raise WarroomError(f"--zoom-to: no zone {ref!r}")
            ids.append(z.id)
        rect = window.scene.geom.union_rect(ids)
        if not rect.isNull():
            window.view.zoom_to(rect, margin=0.25)


def run_editor(args: argparse.Namespace) -> int:
    """Open the main window; with ``--screenshot`` render it to a PNG and exit."""
    if args.screenshot and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    size = _parse_size(args.size) if args.screenshot else None

    from PySide6.QtWidgets import QApplication

    from editor.mainwindow import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Warroom")
    app.setOrganizationName("Warroom")
    app.setApplicationVersion(__version__)
    mode = getattr(args, "mode", None)
    if not args.screenshot:
        window = MainWindow()
        if args.pack:
            window.open_path(args.pack)
        elif not window.recover_unsaved():  # an untitled document a crash left behind
            window.open_default()
        if mode:
            window.set_map_mode(mode)
        window.show()
        apply_view_arguments(window, args)
        return app.exec()

    # --screenshot: reproducible pictures with the default layout; user settings untouched
    import shutil
    import tempfile
    import time

    from PySide6.QtCore import QSettings

    scratch = tempfile.mkdtemp(prefix="warroom-shot-")
    window = None
    try:
        settings = QSettings(os.path.join(scratch, "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        if mode:
            window.set_map_mode(mode)
        if args.pack:
            window.open_path(args.pack, interactive=False)
        else:
            window.open_default()
        window.resize(*size)
        window.show()
        window.fit_map()
        for _ in range(5):
            app.processEvents()
        apply_view_arguments(window, args)
        for _ in range(5):
            app.processEvents()
        # show the validator's findings and let deferred renders (the overview) run, as a
        # user would see the window after a moment
        window.validation.wait(30_000)
        settle = time.monotonic() + 0.8
        while time.monotonic() < settle:
            app.processEvents()
            time.sleep(0.02)
        image = window.grab().toImage()
        if not image.save(args.screenshot, "PNG"):
            raise WarroomError("cannot write the screenshot", args.screenshot)
        print(f"wrote {args.screenshot} ({image.width()}x{image.height()})")
        return 0
    finally:
        if window is not None:
            window.discard_and_close()
        shutil.rmtree(scratch, ignore_errors=True)


def add_editor_arguments(p) -> None:
    p.add_argument("pack", nargs="?", help="map pack to open (default: a copy of the sample)")
    p.add_argument("--screenshot", metavar="PNG", help="render the main window to PNG and exit")
    p.add_argument(
        "--size", metavar="WxH", default="1600x1000", help="window size for --screenshot"
    )
    p.add_argument("--mode", metavar="MODE", help="map mode to show (political, terrain, value, …)")
    p.add_argument("--scenario", metavar="ID", help="scenario to show (default: the first)")
    p.add_argument(
        "--zoom-to",
        metavar="ZONES",
        help="zoom to these zones (comma-separated codes or names) instead of the whole map",
    )
    p.add_argument(
        "--hide-layers",
        metavar="KEYS",
        help="layers to hide, comma-separated (terrain, rail, convoy, crossings, cities, …)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="warroom-editor", description="Warroom map editor")
    parser.add_argument("--version", action="version", version=f"warroom {__version__}")
    add_editor_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run_editor(args)
    except WarroomError as err:
        print(f"warroom-editor: error: {err}", file=sys.stderr)
        return err.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
