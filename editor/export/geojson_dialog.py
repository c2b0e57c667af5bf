"""File → Export › GeoJSON…: the document's zones as GeoJSON in the map's CRS, with
the links layer beside them (:func:`gamecore.interop.geojson_export.export_geojson`)."""

from __future__ import annotations

from editor.export.common import ExportDialog, open_export_dialog

__all__ = ["GeoJSONExportDialog", "export_geojson_dialog"]


class GeoJSONExportDialog(ExportDialog):
    title = "Export GeoJSON"
    target = "Zone file"
    file_filter = "GeoJSON (*.geojson);;All files (*)"
    scenario_optional = True
    overwrite_text = "Overwrite existing files"

    def make_job(self, output: str, scenario: str | None, overwrite: bool):
        from gamecore.interop.geojson_export import export_geojson

        pack = self.pack

        def run(progress):
            progress("writing", 0.1)
            return None, export_geojson(pack, output, scenario=scenario, force=overwrite)

        return run

    def report_lines(self, report) -> tuple[str, list[str]]:
        lines = [
            f"{report['zones']}: {report['features']} zones"
            + (
                f" (owners and units at the start of {report['scenario']})"
                if report["scenario"]
                else ""
            ),
            f"{report['links']}: {report['links_features']} links, lines, facilities "
            "and terrain areas",
            f"CRS: {report['crs'][:200]}",
        ]
        return f"Exported {report['features']} zones", lines


def export_geojson_dialog(window, dialog: GeoJSONExportDialog | None = None) -> bool:
    """Open the dialog on ``window``'s document; True when something was exported."""
    return open_export_dialog(window, GeoJSONExportDialog, dialog)
