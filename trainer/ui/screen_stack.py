"""The main window's screens, each in its own scroll area.

A window smaller than a screen's content (a 1024x700 lab monitor, text at 150%) scrolls
that screen instead of crushing it: buttons keep their whole labels, titles do not run
into each other and the felt is not cropped. Where a screen fits, the scroll area is
invisible and the screen fills the window as before.

``ScreenStack`` is a QStackedWidget that takes and gives back the screens themselves
(``addWidget``, ``setCurrentWidget``, ``currentWidget``, ``indexOf``), so callers never
see the scroll areas."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QWidget


class ScreenPage(QScrollArea):
    """One screen in a scroll area that lets it be as small as it can be, never smaller."""

    def __init__(self, screen: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("screen-page")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the screen
        self.viewport().setAutoFillBackground(False)
        self.setStyleSheet("QScrollArea#screen-page { background: transparent; border: none; }")
        self.setWidget(screen)

    def screen_widget(self) -> QWidget:
        return self.widget()

    def minimumSizeHint(self) -> QSize:  # the window may be smaller than the screen: it scrolls
        return QSize(0, 0)


class ScreenStack(QStackedWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("screens")
        self._pages: dict[int, ScreenPage] = {}

    def addWidget(self, screen: QWidget) -> int:  # noqa: N802 - Qt's name
        page = ScreenPage(screen, self)
        self._pages[id(screen)] = page
        return super().addWidget(page)

    def _page(self, screen: QWidget) -> QWidget:
        return self._pages.get(id(screen), screen)

    def setCurrentWidget(self, screen: QWidget) -> None:  # noqa: N802
        super().setCurrentWidget(self._page(screen))

    def indexOf(self, screen: QWidget) -> int:  # noqa: N802
        return super().indexOf(self._page(screen))

    def currentWidget(self) -> QWidget | None:  # noqa: N802
        return _screen_of(super().currentWidget())

    def widget(self, index: int) -> QWidget | None:
        return _screen_of(super().widget(index))

    def screens(self) -> list[QWidget]:
        return [self.widget(i) for i in range(self.count())]


def _screen_of(page: QWidget | None) -> QWidget | None:
    return page.screen_widget() if isinstance(page, ScreenPage) else page


def fitted_size(wanted: tuple[int, int], widget: QWidget | None = None) -> QSize:
    """``wanted`` made to fit the available area of the screen the window is on (or the
    primary screen): a 1024x700 monitor gets a window that fits it whole."""
    screen = widget.screen() if widget is not None else QGuiApplication.primaryScreen()
    width, height = wanted
    if screen is None:
        return QSize(width, height)
    area = screen.availableGeometry()
    return QSize(min(width, area.width()), min(height, area.height()))
