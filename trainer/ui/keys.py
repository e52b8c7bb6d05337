"""Keyboard handling shared by the screens: Esc goes back, Enter presses the focused
button or else the screen's main action."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QPushButton, QWidget


def back_or_default(screen: QWidget, event: QKeyEvent, *, back: Callable[[], None] | None,
                    default: Callable[[], None] | None) -> bool:
    """Handle Esc (``back``) and Enter (the focused button, else ``default``); True if handled."""
    key = event.key()
    if key == Qt.Key.Key_Escape and back is not None:
        back()
        event.accept()
        return True
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        focused = screen.focusWidget()
        if isinstance(focused, QPushButton):
            focused.click()
        elif default is not None:
            default()
        event.accept()
        return True
    return False


class EscapeGoesBack:
    """A screen's mixin (before QWidget in its bases): Esc emits its ``back_requested``;
    any other key goes to the widget as before."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


def click_if_enabled(button: QPushButton | None) -> Callable[[], None]:
    return lambda: button.click() if button is not None and button.isEnabled() else None
