"""GUI test fixtures: settings in a temporary folder, a main window, a demo pack file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMessageBox

from editor.demo import demo_pack
from editor.mainwindow import MainWindow
from gamecore.store import write_pack


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, qapp):
    """Never read or write the user's real settings."""
    QCoreApplication.setOrganizationName("WarroomTests")
    QCoreApplication.setApplicationName("WarroomTests")
    folder = str(tmp_path / "qsettings")
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, folder)
    yield


@pytest.fixture(scope="session")
def _demo():
    return demo_pack()


@pytest.fixture
def pack_path(tmp_path, _demo):
    path = tmp_path / "channel.warroom"
    write_pack(_demo, path)
    return path


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def _no_modal_dialogs(monkeypatch):
    """A modal dialog nobody answers would hang the suite: fail instead. Tests that
    expect a dialog patch it again with their answer."""

    def unexpected(parent, title, text, *args, **kwargs):
        raise AssertionError(f"unexpected dialog {title!r}: {text}")

    for name in ("question", "critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, name, unexpected)


@pytest.fixture
def make_window(qtbot, settings):
    """Main windows, closed without questions at the end of the test."""
    made = []

    def make(show: bool = True) -> MainWindow:
        w = MainWindow(settings)
        made.append(w)
        if show:
            w.resize(1200, 800)
            w.show()
            qtbot.waitExposed(w)
        return w

    yield make
    for w in made:
        w.discard_and_close()
        w.deleteLater()


@pytest.fixture
def window(make_window):
    return make_window()
