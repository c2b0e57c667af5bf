"""File → Export › TripleA…: the document's scenario as a TripleA map folder
(:func:`gamecore.interop.triplea.export_triplea`), its report — what was renamed and
what TripleA cannot express — shown in the dialog."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout

from editor.export.common import ExportDialog, open_export_dialog

__all__ = ["TripleAExportDialog", "export_triplea_dialog"]


class TripleAExportDialog(ExportDialog):
    title = "Export TripleA map"
    target = "Map folder"
    folder = True
    overwrite_text = "Write into a folder that is not empty"

    def add_options(self, form: QFormLayout) -> None:
        self.tiles = QCheckBox("Render the map's base tiles")
        self.tiles.setObjectName("exportTiles")
        self.tiles.setChecked(True)
        form.addRow("", self.tiles)

    def make_job(self, output: str, scenario: str | None, overwrite: bool):
        from gamecore.interop.triplea import ExportOptions, export_triplea

        pack, tiles = self.pack, self.tiles.isChecked()

        def run(progress):
            opts = ExportOptions(scenario=scenario, tiles=tiles, force=overwrite, progress=progress)
            return None, export_triplea(pack, output, opts)

        return run

    def report_lines(self, report) -> tuple[str, list[str]]:
        if report.losses:
            summary = (
                f"Exported with losses: {len(report.losses)} thing(s) TripleA cannot express "
                "(the map plays without them)"
            )
        else:
            summary = "Exported: TripleA can express everything in this scenario"
        return summary, report.lines()


def export_triplea_dialog(window, dialog: TripleAExportDialog | None = None) -> bool:
    """Open the dialog on ``window``'s document; True when something was exported."""
    return open_export_dialog(window, TripleAExportDialog, dialog)
