"""Every screen whole in a small window: the checks of tests/ui/test_layout_fits.py.

``problems(window)`` lists what a user would see broken on the screen shown: a visible
button whose label is cut (narrower than its own minimum), a label cut short or a wrapped
label cut off at the bottom, a screen that needs sideways scrolling (its content wider
than the window), and a widget outside the window (outside any scroll area).

Run as ``python -m tests.ui.layout_check WxH [SCREEN ...]`` it renders the screens at that
size (QT_SCALE_FACTOR applies, so 1280x720 at 1.5 is a 1920x1080 monitor at 150%) and
prints one JSON object: screen -> problems."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# (screen, game): every screen once, and table mode for a card game and the wheel game
SCREENS = [(s, "two-card-joker") for s in (
    "trainee", "home", "quiz", "feedback", "summary", "progress", "settle", "explorer", "daily", "mistakes",
    "learn", "speed", "exam", "exam-result", "supervisor", "dashboard", "trainee-review", "trainee-rounds",
    "tools", "table-deal", "table-watch")] + [("table-deal", "pokette"), ("table-watch", "winners-pot")]


def _in_scroll_area(widget) -> bool:
    from PySide6.QtWidgets import QAbstractScrollArea

    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def scrolling(window) -> list[str]:
    """The screen shown, if it needs scrolling up and down."""
    from trainer.ui.screen_stack import ScreenPage

    return [f"{type(p.widget()).__name__} scrolls: {p.widget().minimumSizeHint().height()} px in "
            f"{p.viewport().height()}" for p in window.findChildren(ScreenPage)
            if p.isVisible() and p.verticalScrollBar().maximum() > 0]


def problems(window) -> list[str]:
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

    from trainer.ui.screen_stack import ScreenPage

    out: list[str] = []
    area = window.rect()
    for page in window.findChildren(ScreenPage):
        if page.isVisible() and page.horizontalScrollBar().maximum() > 0:
            out.append(f"{type(page.widget()).__name__} is wider than the window: "
                       f"{page.widget().minimumSizeHint().width()} px in {page.viewport().width()}")
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.isWindow() or w.width() <= 0 or w.height() <= 0:
            continue
        name = f"{type(w).__name__}#{w.objectName()}" if w.objectName() else type(w).__name__
        if not _in_scroll_area(w) and not area.contains(QRect(w.mapTo(window, QPoint(0, 0)), w.size())):
            out.append(f"{name} lies outside the window")
        if isinstance(w, QAbstractButton) and w.text():
            need = w.minimumSizeHint().width()
            if w.width() < need - 1:
                out.append(f"button {w.text()!r} is cut: {w.width()} px of {need}")
        elif isinstance(w, QLabel) and w.text():
            if not w.wordWrap() and w.width() < w.minimumSizeHint().width() - 1:
                out.append(f"label {w.text()[:50]!r} is cut: {w.width()} px of {w.minimumSizeHint().width()}")
            elif w.wordWrap() and w.height() < w.heightForWidth(w.width()) - 2:
                out.append(f"label {w.text()[:50]!r} is cut at the bottom: {w.height()} px of "
                           f"{w.heightForWidth(w.width())}")
    return out


def check_all(width: int, height: int, screens=SCREENS, out_dir: Path | None = None, *,
              no_scrolling: bool = False) -> dict[str, list[str]]:
    """Every screen's problems at that size (and, with ``no_scrolling``, a screen that
    needs scrolling is one: the default window shows every screen whole)."""
    from trainer.ui.snapshot import render

    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    found: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = out_dir or Path(tmp)
        for screen, game in screens:
            seen: list[str] = []
            key = f"{screen} ({game}) at {width}x{height}, scale {scale}"
            render(screen, folder / f"{screen}-{game}-{width}x{height}-{scale}.png", width=width, height=height,
                   game_id=game, inspect=lambda window: seen.extend(
                       problems(window) + (scrolling(window) if no_scrolling else [])))
            found[key] = seen
    return found


if __name__ == "__main__":
    w, h = (int(v) for v in sys.argv[1].split("x"))
    out = Path(os.environ["LAYOUT_PNG_DIR"]) if os.environ.get("LAYOUT_PNG_DIR") else None
    print(json.dumps(check_all(w, h, out_dir=out)))
