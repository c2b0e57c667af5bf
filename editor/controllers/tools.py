"""The map tools: one instance of each (given the :class:`ToolServices`), their actions
(checkable, one at a time), the Tools menu, and the Tools and Authoring toolbars."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenuBar, QToolBar

from editor.tools import TOOLS, Tool
from editor.tools.services import ToolServices

#: the tools of the main "Tools" toolbar; the others go on the "Authoring" toolbar
NAVIGATION = ("select", "pan")


class ToolsController:
    def __init__(self, window: QMainWindow):
        """``window``: the editor's :class:`~editor.mainwindow.MainWindow` (its map, document
        and status bar), never imported here: the window imports its controllers."""
        self.window = window
        self.services = ToolServices(
            host=window,
            scene=window.scene,
            view=window.view,
            document=lambda: window.document,
            push=window.push,
            show_hint=window.show_hint,
            show_error=window.show_error,
            zoom_to_selection=window.zoom_to_selection,
        )
        self.tools: dict[str, Tool] = {cls.name: cls(self.services) for cls in TOOLS}
        self._tool: Tool | None = None
        self.group = QActionGroup(window)
        self.actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            a = QAction(tool.text, window)
            if tool.shortcut:
                a.setShortcut(QKeySequence(tool.shortcut))
            if tool.hint:
                a.setStatusTip(tool.hint)
                a.setToolTip(tool.hint)
            a.setCheckable(True)
            a.triggered.connect(lambda _checked=False, name=name: self.set_tool(name))
            self.group.addAction(a)
            self.actions[name] = a

    @property
    def tool(self) -> Tool | None:
        return self._tool

    @tool.setter
    def tool(self, tool: Tool | None) -> None:
        """The active tool (play mode puts its own in): the Tool Options bar names it."""
        self._tool = tool
        self.services.set_options_title(tool.text if tool is not None else "")

    def build_menu(self, menubar: QMenuBar) -> None:
        menubar.addMenu("&Tools").addActions(list(self.actions.values()))

    def build_toolbars(self) -> None:
        window = self.window
        tools = window.addToolBar("Tools")
        tools.setObjectName("toolsToolbar")
        tools.addActions([a for n, a in self.actions.items() if n in NAVIGATION])
        authoring = QToolBar("Authoring", window)  # the map authoring tools (editor.tools)
        authoring.setObjectName("authoringToolbar")
        authoring.addActions([a for n, a in self.actions.items() if n not in NAVIGATION])
        window.addToolBar(Qt.ToolBarArea.LeftToolBarArea, authoring)
        self.authoring_toolbar = authoring
        self.services.options_bar()  # always there: the map never moves when tools change

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        if self.tool is tool:
            return
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        view = self.window.view
        view.tool = tool
        tool.activate(view)
        self.actions[name].setChecked(True)

    def reset(self) -> None:
        """Another document: nothing of the old one stays in a tool."""
        for tool in self.tools.values():
            tool.reset()
