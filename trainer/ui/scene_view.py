"""Shows any question's scene with the view made for it.

A scene class names its view in a class attribute ``VIEW`` ("table" for the card-table
``TableScene``); ``views()`` maps each name to the widget that draws it: the card table,
and the views the games' specs bring (``GameSpec.views``: the Pokette layout, the
Winner's Pot table). Each view is a QWidget with ``set_scene(scene)``, created the first
time it is needed.
"""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QStackedWidget, QWidget

from trainer.contracts.game import TABLE, ViewSpec
from trainer.games import registry

TABLE_VIEW = ViewSpec("table", "trainer.ui.table_view:TableView", TABLE)


def views() -> dict[str, ViewSpec]:
    """Every scene kind's view: the card table, then each game's own, by name."""
    out = {TABLE_VIEW.name: TABLE_VIEW}
    for spec in registry.specs():
        for v in spec.views:
            out.setdefault(v.name, v)
    return out


def view_name(scene: object) -> str:
    return getattr(type(scene), "VIEW", "table")


def view_class(name: str) -> type[QWidget]:
    known = views()
    if name not in known:
        raise KeyError(f"no view is registered for scenes of kind {name!r}")
    module, _, attr = known[name].widget.partition(":")
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
