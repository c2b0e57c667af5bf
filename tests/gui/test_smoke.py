"""The editor opens, shows, renders something that is not blank, and closes."""

from PySide6.QtGui import QImage

from editor.cli import main
from editor.mainwindow import MainWindow


def _distinct_colours(image: QImage, step: int = 7) -> int:
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


def test_main_window_opens_renders_and_closes(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_default()
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    window.fit_map()
    image = window.grab().toImage()
    assert image.width() == 1000 and image.height() == 700
    assert _distinct_colours(image) > 3
    window.discard_and_close()
    assert not window.isVisible()


def test_screenshot_command_writes_png(qapp, tmp_path):
    out = tmp_path / "w.png"
    assert main(["edit", "--screenshot", str(out), "--size", "800x600"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 600)
    assert _distinct_colours(image) > 3
