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


@pytest.fixture(autouse=True)
def _no_removal_dialog(monkeypatch):
    """Deleting or merging zones that carry units, an owner or a capital asks what
    happens to them: a test that does so answers with ``answer_removal``."""
    from PySide6.QtWidgets import QDialog

    from editor.removal import RemovedZonesDialog

    unexpected: list[str] = []

    def refuse(self):  # raising inside a Qt event handler would take the process down
        unexpected.append(self.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(RemovedZonesDialog, "exec", refuse)
    yield
    assert not unexpected, f"unexpected dialogs {unexpected}"


@pytest.fixture
def answer_removal(qtbot, monkeypatch):
    """``arm(choices, cancel=False)``: answer the next "what happens to the removed
    zones" dialog with real clicks, ``choices`` mapping "units", "ownership" or
    "capital" to an option ("move"/"remove", "survivor"/"removed", "move"/"clear"),
    then Enter (its default button) or Escape. ``asked`` gets, per dialog, the groups it
    showed."""
    from PySide6.QtCore import QPoint, Qt, QTimer
    from PySide6.QtWidgets import QApplication, QDialog, QRadioButton

    from editor.removal import RemovedZonesDialog

    monkeypatch.setattr(RemovedZonesDialog, "exec", QDialog.exec)
    asked: list[list[str]] = []

    def arm(choices: dict | None = None, cancel: bool = False) -> None:
        def answer() -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, RemovedZonesDialog):
                QTimer.singleShot(10, answer)  # not up yet
                return
            asked.append(sorted(dialog.groups))
            for group, value in (choices or {}).items():
                button = dialog.findChild(QRadioButton, f"{group}_{value}")
                assert button is not None, (group, value, sorted(dialog.groups))
                # on its round indicator (a click right of the text misses the button)
                at = QPoint(8, button.height() // 2)
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=at)
                assert button.isChecked(), (group, value)
            qtbot.keyClick(dialog, Qt.Key.Key_Escape if cancel else Qt.Key.Key_Return)

        QTimer.singleShot(0, answer)

    arm.asked = asked
    return arm
