"""Layouts that wrap instead of overflowing a narrow window."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QWidget

from trainer.ui.table_mode.parts import FlowLayout


class RowFlowLayout(FlowLayout):
    """A row of widgets (a screen's header buttons) that asks for one line and wraps onto
    more lines when it is given less width."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        width, height = 0, 0
        shown = [i for i in self._items if i.widget() is None or not i.widget().isHidden()]
        for item in shown:
            hint = item.sizeHint()
            width += hint.width()
            height = max(height, hint.height())
        width += self._spacing * max(0, len(shown) - 1)
        return QSize(width, height)


class HeaderRow(QHBoxLayout):
    """A screen's header: the titles on the left, the buttons after them in a
    ``RowFlowLayout`` (``addWidget`` puts a widget there), which wraps in a narrow window."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 10) -> None:
        super().__init__()
        self.setSpacing(spacing)
        self.actions = RowFlowLayout(spacing=spacing)
        self._placed = False

    def add_title(self, widget: QWidget, stretch: int = 1) -> None:
        """A widget on the left of the buttons (the titles take the room that is left)."""
        QBoxLayout.addWidget(self, widget, stretch)

    def addWidget(self, widget: QWidget, stretch: int = 0, alignment=None) -> None:  # noqa: N802
        self._place_actions()
        self.actions.addWidget(widget)

    def _place_actions(self) -> None:
        if not self._placed:
            self._placed = True
            QBoxLayout.addLayout(self, self.actions, 0)
