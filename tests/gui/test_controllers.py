"""The main window's controllers (editor/controllers): the menus they build, the File ›
Export place other features fill, and the services the map tools are given instead of
the window."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from editor.tools.services import ToolServices


def _menus(window) -> dict[str, list[str]]:
    return {
        a.text(): [x.text() for x in a.menu().actions() if not x.isSeparator()]
        for a in window.menuBar().actions()
        if a.menu() is not None
    }


def test_the_menus_keep_their_order_entries_and_shortcuts(window):
    menus = _menus(window)
    assert list(menus) == ["&File", "&Edit", "&View", "&Tools", "&Help", "&Game"]
    assert menus["&File"] == [
        "&New",
        "New &Map…",
        "&Open…",
        "Open &Recent",
        "&Save",
        "Save &As…",
        "New &Variant of This Pack…",
        "&Revert",
        "&Import",
        "&Export",
        "&Quit",
    ]
    assert menus["&Edit"][:2] == ["&Undo", "&Redo"]
    assert {"&Battle Calculator", "&Playtest", "Re&validate", "&Adjacency Overlay"} <= set(
        menus["&View"]
    )
    assert len(menus["&Tools"]) == len(window.tools)
    dc = window.doc_control
    assert dc.act_save.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert window.act_battle.shortcut() == QKeySequence("Ctrl+B")
    assert window.act_refresh_issues.shortcut() == QKeySequence("F5")


def test_the_file_export_submenu_follows_import_and_holds_every_export(window):
    file_menu = window.doc_control.file_menu
    texts = [a.text() for a in file_menu.actions() if not a.isSeparator()]
    assert texts.index("&Export") == texts.index("&Import") + 1
    export = next(a.menu() for a in file_menu.actions() if a.text() == "&Export")
    names = [a.text().replace("&", "") for a in export.actions()]
    assert names == ["TripleA…", "GeoJSON…", "Board (PDF/SVG/PNG)…"]


def test_tools_are_given_services_not_the_window(window, pack_path):
    assert window.open_path(pack_path, interactive=False)
    services = window.tool_control.services
    assert isinstance(services, ToolServices)
    for tool in window.tools.values():
        assert tool.services is services
    assert services.document is window.document
    cov = services.coverage()
    assert services.coverage() is cov  # cached while no zone changed
    assert set(cov.ids()) == {
        z for z, zone in window.document.pack.map.zones.items() if zone.geometry is not None
    }
    bar = services.options_bar()
    assert services.options_bar() is bar and bar.objectName() == "toolOptionsToolbar"


def test_the_scenario_dock_reports_errors_and_new_scenarios_through_signals(window, qtbot):
    panel = window.scenario_panel
    combo = window.scenario_combo
    assert combo.findData("extra") == -1
    assert panel.new_scenario("extra", "Extra scenario")
    assert combo.itemText(combo.findData("extra")) == "Extra scenario (extra)"
    panel.show_message("no such nation", error=True)
    assert "no such nation" in window.statusBar().currentMessage()
