"""The main window's controllers: each builds and owns its own actions and menus.

- :class:`~editor.controllers.documents.DocumentsController`: the File menu (new, open,
  recent, save, save as, revert, import, and the place for exports), unsaved-changes
  prompts, autosave and crash recovery;
- :class:`~editor.controllers.tools.ToolsController`: the map tools, the Tools menu and
  toolbars, and the :class:`~editor.tools.services.ToolServices` the tools are given;
- :class:`~editor.controllers.docks.DocksController`: the docks (Layers, Zones, Inspector,
  Overview, History, Issues, Scenario, Battle, Playtest) and what the Issues dock asks for;
- :class:`~editor.controllers.play.PlayController`: the Game menu and play mode.

:class:`editor.mainwindow.MainWindow` makes them and keeps the map, the Edit and View menus,
the status bar and the settings.
"""
