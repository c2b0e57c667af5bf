"""The question a zone deletion or merge asks first: what happens to the units, ownership
and capital of the zones it removes (gamecore.ops.zones.RemovedZonePolicy). The default
answer, taken with Enter, moves everything to the surviving zone; nothing is asked when
the removed zones carry none of it."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from gamecore.model import Pack
from gamecore.ops.zones import RemovedZonePolicy, RemovedZoneStakes, removed_zone_stakes


def _zone_name(pack: Pack, zid: int) -> str:
    z = pack.map.zones.get(zid)
    return f"{z.name or z.code}" if z is not None else f"zone {zid}"


class RemovedZonesDialog(QDialog):
    """Radio choices for what is at stake (units, ownership, capital); OK names the
    action ("Delete", "Merge")."""

    def __init__(
        self,
        parent: QWidget | None,
        pack: Pack,
        removed: list[int],
        survivor: int | None,
        stakes: RemovedZoneStakes,
        verb: str,
    ):
        super().__init__(parent)
        self.setObjectName("removedZonesDialog")
        names = ", ".join(_zone_name(pack, z) for z in removed)
        there = _zone_name(pack, survivor) if survivor is not None else "the neighbour"
        self.setWindowTitle(f"{verb} {names}")
        lay = QVBoxLayout(self)
        lay.addWidget(
            QLabel(f"{verb} {names}: what happens to what the scenarios put there?", self)
        )
        self.groups: dict[str, QButtonGroup] = {}

        def group(key: str, title: str, options: list[tuple[str, str]]) -> None:
            box = QGroupBox(title, self)
            box.setObjectName(f"{key}Box")
            box_lay = QVBoxLayout(box)
            buttons = QButtonGroup(self)
            for i, (value, text) in enumerate(options):
                b = QRadioButton(text, box)
                b.setObjectName(f"{key}_{value}")
                b.setProperty("choice", value)
                b.setChecked(i == 0)  # the first option is the default
                buttons.addButton(b)
                box_lay.addWidget(b)
            self.groups[key] = buttons
            lay.addWidget(box)

        if stakes.units:
            group(
                "units",
                f"Units ({stakes.units} there"
                + (", over all scenarios)" if len(pack.scenarios) > 1 else ")"),
                [("move", f"&Move them to {there}"), ("remove", "&Remove them from the map")],
            )
        if stakes.owned:
            group(
                "ownership",
                "Ownership",
                [
                    ("survivor", f"{there} &keeps its own owner (takes theirs if it has none)"),
                    ("removed", f"{there} &takes the owner of {names}"),
                ],
            )
        if stakes.capitals:
            nations = ", ".join(
                pack.nations[n].name or n if n in pack.nations else n for n in stakes.capitals
            )
            group(
                "capital",
                f"Capital of {nations}",
                [
                    ("move", f"Move the capital to {there}"),
                    ("clear", "&Leave it without a capital"),
                ],
            )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(verb)
        ok.setObjectName("removeOk")
        ok.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        ok.setFocus()

    def policy(self) -> RemovedZonePolicy:
        picked = {
            key: group.checkedButton().property("choice")
            for key, group in self.groups.items()
            if group.checkedButton() is not None
        }
        return RemovedZonePolicy(**picked)


def ask_removed_zones(
    parent: QWidget | None, pack: Pack, removed: list[int], survivor: int | None, verb: str
) -> RemovedZonePolicy | None:
    """The policy for removing ``removed`` (their area going to ``survivor``): the
    default when they carry no units, owner or capital, else the user's answer; None
    when the user cancels."""
    stakes = removed_zone_stakes(pack, removed)
    if not stakes:
        return RemovedZonePolicy()
    dialog = RemovedZonesDialog(parent, pack, removed, survivor, stakes, verb)
    focus = QApplication.focusWidget()
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.policy()
    finally:
        dialog.hide()
        dialog.deleteLater()
        # the keys go back where they were (without a window manager nothing else
        # gives the main window its activation back)
        if parent is not None:
            parent.window().activateWindow()
        if focus is not None:
            focus.setFocus()


__all__ = ["RemovedZonesDialog", "ask_removed_zones"]
