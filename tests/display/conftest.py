"""The real-display lane (`make test-display`): tests that depend on focus, window activation,
key routing and real font metrics, run under a real X server (Xvfb, the xcb platform, a
window manager). They also run in the offscreen suite, where focus is simulated.

Keys are sent the way a keyboard sends them: to the widget that has the keyboard focus now
(``type_key``), never straight to a widget chosen by the test, so a focus that moves away
shows up as a key that lands somewhere else."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

LANE = os.environ.get("DEALER_TRAINER_DISPLAY_LANE") == "1"


@pytest.fixture(autouse=True)
def _real_display_in_the_lane(qapp):
    """In the lane, a test that found itself on the offscreen platform would prove nothing."""
    if LANE:
        assert QApplication.platformName() == "xcb", f"the display lane runs on {QApplication.platformName()}"
    yield


def show_active(qtbot, widget: QWidget, size: tuple[int, int] = (1280, 770)) -> QWidget:
    """Show ``widget`` as the active window, as a user's window is."""
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    widget.raise_()
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget.window(), timeout=5000)
    return widget


def type_key(qtbot, window: QWidget, key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key typed on the keyboard: it goes to the focus widget (or the active window)."""
    QApplication.processEvents()
    target = QApplication.focusWidget() or QApplication.activeWindow() or window
    qtbot.keyClick(target, key, modifier)
    QApplication.processEvents()
