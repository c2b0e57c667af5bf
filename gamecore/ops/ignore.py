"""The pack's list of validation issues the designer chose to ignore."""

from __future__ import annotations

from gamecore.model import Pack
from gamecore.ops.base import Change, Edit, EditError


class IgnoreIssues(Edit):
    """Add (``ignore=True``) or remove issue keys (``Issue.key`` or a bare code) from
    ``pack.ignored_issues``; reverting restores the list exactly."""

    family = "ignore"

    def __init__(self, keys, ignore: bool = True):
        super().__init__()
        self.keys = list(dict.fromkeys(keys))
        if not self.keys:
            raise EditError("no issue to ignore")
        self.ignore = ignore
        self._before: list[str] = []

    @property
    def label(self) -> str:
        what = self.keys[0] if len(self.keys) == 1 else f"{len(self.keys)} issues"
        return f"{'Ignore' if self.ignore else 'Stop ignoring'} {what}"

    def _apply(self, pack: Pack) -> Change:
        self._before = list(pack.ignored_issues)
        if self.ignore:
            pack.ignored_issues = self._before + [k for k in self.keys if k not in self._before]
        else:
            pack.ignored_issues = [k for k in self._before if k not in self.keys]
        return Change(fields={"pack.ignored_issues"})

    def _revert(self, pack: Pack) -> Change:
        pack.ignored_issues = list(self._before)
        return Change(fields={"pack.ignored_issues"})

    def is_noop(self) -> bool:
        return False
