"""The main window's screens, each in its own scroll area.

A window smaller than a screen's content (a 1024x700 lab monitor, text at 150%) scrolls
that screen instead of crushing it: buttons keep their whole labels, titles do not run
into each other and the felt is not cropped. Where a screen fits, the scroll area is
invisible and the screen fills the window as before.

``ScreenStack`` is a QStackedWidget that takes and gives back the screens themselves
(``addWidget``, ``setCurrentWidget``, ``currentWidget``, ``indexOf``), so callers never
see the scroll areas."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QWidget

from trainer.ui.qt_namespace import NO_FOCUS


class ScreenPage(QScrollArea):
    """One screen in a scroll area that lets it be as small as it can be, never smaller."""

    def __init__(self, screen: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("screen-page")
        # The screen is sized here (``_fit``), not by widgetResizable, which gives a screen
        # holding any height-for-width widget its preferred height (the sum of its parts'
        # size hints, a table's included), so that a screen filling the window scrolled.
        self.setWidgetResizable(False)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setProperty("focusPolicy", NO_FOCUS)  # the keys stay with the screen (by value: qt_namespace)
        # Its own viewport, made here: asking the scroll area for the one it made (``viewport()``)
        # has PySide6 find that widget's class among all of QtWidgets' classes, building
        # their enums (some 25 ms before the first paint; issue 17).
        viewport = QWidget(self)
        viewport.setObjectName("qt_scrollarea_viewport")  # Qt's own viewport's name
        self.setViewport(viewport)
        viewport.setAutoFillBackground(False)
        self.setStyleSheet("QScrollArea#screen-page { background: transparent; border: none; }")
        self.setWidget(screen)
        screen.installEventFilter(self)

    def screen_widget(self) -> QWidget:
        return self.widget()

    def _fit(self) -> None:
        """The screen as large as the window, and never smaller than its least size at that
        width: beyond that, it scrolls. A screen's height at a width is what its layout asks
        for there (wrapped texts included), except on a screen that says it ``fills_window``
        (table mode: the felt takes whatever height there is), where its minimum is enough."""
        screen = self.widget()
        if screen is None:
            return
        view = self.maximumViewportSize()
        least = screen.minimumSizeHint().expandedTo(screen.minimumSize())
        flexible = not getattr(screen, "fills_window", False) and screen.hasHeightForWidth()

        def least_height(width: int) -> int:
            return max(least.height(), screen.heightForWidth(width) if flexible else 0)

        width = max(view.width(), least.width())
        height = least_height(width)
        if height > view.height() and width == view.width():  # the vertical scroll bar takes its room
            width = max(least.width(), width - self.verticalScrollBar().sizeHint().width())
            height = least_height(width)
        size = QSize(width, max(view.height(), height))
        if screen.size() != size:
            screen.resize(size)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self._fit()
        return super().eventFilter(watched, event)

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
