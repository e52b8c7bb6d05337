"""Shows any question's scene with the view made for it.

A scene class names its view in a class attribute ``VIEW`` ("table" for the card-table
``TableScene``); ``VIEWS`` maps each name to the widget that draws it. A game whose
scenes need their own drawing (the Pokette wheel and layout) adds one line here.
Each view is a QWidget with ``set_scene(scene)``, created the first time it is needed.
"""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QStackedWidget, QWidget

VIEWS: dict[str, str] = {
    "table": "trainer.ui.table_view:TableView",
    "pokette": "trainer.ui.pokette.layout_view:PoketteLayoutView",
    "winners-pot": "trainer.ui.winners_pot_view:WinnersPotTableView",
}


def view_name(scene: object) -> str:
    return getattr(type(scene), "VIEW", "table")


def view_class(name: str) -> type[QWidget]:
    if name not in VIEWS:
        raise KeyError(f"no view is registered for scenes of kind {name!r}")
    module, _, attr = VIEWS[name].partition(":")
    return getattr(importlib.import_module(module), attr)


class SceneView(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._views: dict[str, QWidget] = {}
        self._scene: object | None = None
        self.view("table")

    def view(self, name: str) -> QWidget:
        if name not in self._views:
            widget = view_class(name)(self)
            self._views[name] = widget
            self.addWidget(widget)
        return self._views[name]

    def set_scene(self, scene: object | None) -> None:
        self._scene = scene
        name = view_name(scene) if scene is not None else "table"
        widget = self.view(name)
        self.setCurrentWidget(widget)
        widget.set_scene(scene)

    def scene(self) -> object | None:
        return self._scene

    def current_view(self) -> QWidget:
        return self.currentWidget()
