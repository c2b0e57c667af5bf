"""The play mode's threads: bots think one decision at a time on a worker thread, and
sessions (new game, load) are built off the GUI thread."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, Signal, Slot

from gamecore.errors import WarroomError
from gamecore.sim.session import PlaySession


class _BotSignals(QObject):
    done = Signal(int, object)
    failed = Signal(int, str)
    started = Signal(int, object)  # a session built off the GUI thread (new game, load)


class _StartTask(QRunnable):
    """Build a session off the GUI thread: a new game loads the ruleset and places the
    set-up, a loaded one replays its whole log (seconds for a long game)."""

    def __init__(self, make, token: int, signals: _BotSignals):
        super().__init__()
        self.make, self.token, self.signals = make, token, signals
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            session = self.make()
        except WarroomError as err:
            self.signals.failed.emit(self.token, str(err))
            return
        except Exception as err:  # noqa: BLE001 - reported to the window, never lost
            self.signals.failed.emit(self.token, f"{type(err).__name__}: {err}")
            return
        self.signals.started.emit(self.token, session)


class _BotWorker(QObject):
    """Lives on the play mode's worker thread: thinks one bot decision at a time on a
    copy of the game (the window keeps the real one)."""

    def __init__(self, signals: _BotSignals):
        super().__init__()
        self.signals = signals

    @Slot(int, object, object)
    def think(self, token: int, session: PlaySession, state) -> None:
        try:
            action = session.choose_bot(state)
        except Exception as err:  # noqa: BLE001 - reported to the window, never lost
            self.signals.failed.emit(token, f"{type(err).__name__}: {err}")
            return
        self.signals.done.emit(token, action)
