"""The Issues dock (issue #9, editor): live validation after edits, click-to-locate,
fixes as one undo step, an ignore list kept in the pack."""

from __future__ import annotations

from gamecore.ops import SetZoneAttrs
from gamecore.store import read_pack


def zone(window, code):
    return window.document.pack.map.zone_by_code(code)


def issues_of(window, code):
    return [i for i in window.issues_panel.model.issues if i.code == code]


def wait_for(qtbot, window, predicate, timeout=20_000):
    qtbot.waitUntil(lambda: window.validation.report is not None and predicate(), timeout=timeout)


def test_an_edit_is_validated_and_its_fix_is_one_undo_step(window, pack_path, qtbot):
    window.open_path(pack_path)
    wait_for(qtbot, window, lambda: not issues_of(window, "ATT003"))
    bav = zone(window, "BAV")
    window.push(SetZoneAttrs([bav.id], "value", 3))
    bav.value = -2  # a bad value only a script could write: the validator must catch it
    window.push(SetZoneAttrs([bav.id], "name", "Bavaria!"))  # an edit that triggers a run
    wait_for(qtbot, window, lambda: bool(issues_of(window, "ATT003")))
    (issue,) = issues_of(window, "ATT003")
    assert issue.zones == [bav.id] and issue.fix is not None
    assert "Bavaria!" in window.issues_panel.model.data(
        window.issues_panel.model.index(window.issues_panel.model.issues.index(issue), 4)
    )
    steps = window.document.undo_stack.count()
    window.fix_issue(issue)
    assert bav.value == 0 and window.document.undo_stack.count() == steps + 1
    wait_for(qtbot, window, lambda: not issues_of(window, "ATT003"))
    window.document.undo_stack.undo()
    assert bav.value == -2


def test_double_click_selects_and_zooms_to_the_problem(window, pack_path, qtbot):
    window.open_path(pack_path)
    bav = zone(window, "BAV")
    bav.slots = [(0.0, 0.0)]  # outside the zone: a warning (ATT005)
    window.refresh_issues()
    wait_for(qtbot, window, lambda: bool(issues_of(window, "ATT005")))
    panel = window.issues_panel
    row = next(
        r
        for r in range(panel.proxy.rowCount())
        if panel.model.issues[panel.proxy.mapToSource(panel.proxy.index(r, 0)).row()].code
        == "ATT005"
    )
    panel.select_row(row)
    assert panel.fix_button.isEnabled() is False and panel.ignore_button.isEnabled()
    panel.table.doubleClicked.emit(panel.proxy.index(row, 2))
    assert window.document.selection.zones() == [bav.id]
    assert window.scene.issues[bav.id] == "warning"


def test_ignore_list_is_kept_in_the_pack_and_undoable(window, pack_path, qtbot, tmp_path):
    window.open_path(pack_path)
    bav = zone(window, "BAV")
    bav.slots = [(0.0, 0.0)]
    window.refresh_issues()
    wait_for(qtbot, window, lambda: bool(issues_of(window, "ATT005")))
    (issue,) = issues_of(window, "ATT005")
    window.ignore_issue(issue)
    assert window.document.pack.ignored_issues == [issue.key]
    wait_for(qtbot, window, lambda: not issues_of(window, "ATT005"))
    assert "1 ignored" in window.issues_panel.summary.text()
    out = tmp_path / "saved.warroom"
    assert window.save_as(str(out))
    assert read_pack(out).ignored_issues == [issue.key]
    window.document.undo_stack.undo()
    assert window.document.pack.ignored_issues == []
    wait_for(qtbot, window, lambda: bool(issues_of(window, "ATT005")))


def test_filter_and_sort(window, pack_path, qtbot):
    window.open_path(pack_path)
    for code in ("BAV", "PAR"):
        zone(window, code).slots = [(0.0, 0.0)]
    zone(window, "PAR").value = -1
    window.refresh_issues()
    wait_for(qtbot, window, lambda: bool(issues_of(window, "ATT003")))
    panel = window.issues_panel
    first = panel.proxy.index(0, 0)
    assert panel.proxy.data(first) == "error"  # errors sort first
    panel.filter.setText("ATT005")
    assert panel.proxy.rowCount() == 2
    panel.filter.setText("")
    assert panel.proxy.rowCount() == len(panel.model.issues)
