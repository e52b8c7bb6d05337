"""Layouts that wrap instead of overflowing a narrow window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Widgets in rows that wrap at the layout's width (the dealer's verb buttons)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _place(self, rect: QRect, *, move: bool) -> int:
        x, y, row_h = rect.x(), rect.y(), 0
        for item in self._items:
            if item.widget() is not None and item.widget().isHidden():
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x, y, row_h = rect.x(), y + row_h + self._spacing, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._spacing
            row_h = max(row_h, hint.height())
        return y + row_h - rect.y()


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
