"""Pieces shared by the practice, exam, supervisor and dashboard screens.

- ``Relay``: a long job on the store's worker thread reports its progress through it
  (a queued signal), so the window shows a progress bar and never waits;
- ``TrendChart``: accuracy and mean time over time, drawn by the PDF report's own QPainter
  code (``trainer.review.trend_chart``);
- ``screen_header``, ``level_item`` and friends: the look of the existing screens
  (``trainer.ui.style`` roles), repeated for the new ones.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.review.trend_chart import EMPTY_TEXT, SERIES, paint_trend
from trainer.contracts.measures import Level
from trainer.ui import style
from trainer.ui.flow import HeaderRow
from trainer.ui.screens.summary_screen import stat_card, text_item

LEVEL_COLOURS = {Level.NOT_STARTED: style.FAINT, Level.LEARNING: style.BAD, Level.FAMILIAR: style.GOLD,
                 Level.PROFICIENT: style.ACCENT, Level.MASTERED: style.GOOD}
LEVEL_MARKS = {Level.NOT_STARTED: "○", Level.LEARNING: "◔", Level.FAMILIAR: "◑", Level.PROFICIENT: "◕",
               Level.MASTERED: "●"}
CERT_COLOURS = {"Certified": style.GOOD, "In progress": style.GOLD, "Not started": style.FAINT}

# A few roles the shared stylesheet does not have, for these screens only.
LOCAL_STYLE = f"""
QProgressBar {{
    background: {style.SURFACE_ALT}; border: 1px solid {style.BORDER}; border-radius: 6px;
    height: 12px; text-align: center; font-size: 9pt; color: {style.MUTED};
}}
QProgressBar::chunk {{ background: {style.ACCENT}; border-radius: 5px; }}
QComboBox, QDateEdit, QSpinBox {{
    background: {style.SURFACE}; border: 1px solid {style.BORDER_STRONG}; border-radius: 8px;
    padding: 5px 10px; min-height: 22px;
}}
QComboBox:focus, QDateEdit:focus, QSpinBox:focus {{ border: 2px solid {style.ACCENT}; padding: 4px 9px; }}
QAbstractSpinBox::up-button {{ subcontrol-origin: border; subcontrol-position: top right; width: 24px;
    border: none; background: transparent; }}
QAbstractSpinBox::down-button {{ subcontrol-origin: border; subcontrol-position: bottom right; width: 24px;
    border: none; background: transparent; }}
QAbstractSpinBox::up-arrow {{ image: url("@UP@"); width: 9px; height: 6px; }}
QAbstractSpinBox::down-arrow {{ image: url("@ARROW@"); width: 9px; height: 6px; }}
QComboBox::drop-down, QDateEdit::drop-down {{ subcontrol-origin: padding; subcontrol-position: center right;
    width: 22px; border: none; background: transparent; }}
QComboBox::down-arrow, QDateEdit::down-arrow {{ image: url("@ARROW@"); width: 10px; height: 6px; }}
QComboBox QAbstractItemView {{ background: {style.SURFACE}; selection-background-color: {style.ACCENT_SOFT};
    selection-color: {style.TEXT}; }}
QTreeWidget, QTreeView {{
    background: {style.SURFACE}; alternate-background-color: {style.SURFACE_ALT};
    border: 1px solid {style.BORDER}; border-radius: 10px; font-size: 10.5pt; outline: none;
    selection-background-color: {style.ACCENT_SOFT}; selection-color: {style.TEXT};
}}
QTreeWidget::item, QTreeView::item {{ padding: 4px 2px; border: none; }}
QTabWidget::pane {{ border: none; background: transparent; top: -1px; }}
QTabBar::tab {{
    background: transparent; color: {style.MUTED}; padding: 8px 16px; margin-right: 4px; font-weight: 600;
    border: none; border-bottom: 3px solid transparent;
}}
QTabBar::tab:selected {{ color: {style.ACCENT}; border-bottom: 3px solid {style.ACCENT}; }}
QTabBar::tab:hover {{ color: {style.TEXT}; }}
QCheckBox {{ spacing: 8px; }}
QPushButton[role="segment"] {{ border-radius: 0; padding: 7px 14px; }}
QPushButton[role="segment"]:checked {{ background: {style.ACCENT}; color: white;
    border-color: {style.ACCENT_PRESSED}; }}
QPushButton[role="segment-first"] {{ border-top-right-radius: 0; border-bottom-right-radius: 0; padding: 7px 14px; }}
QPushButton[role="segment-first"]:checked {{ background: {style.ACCENT}; color: white;
    border-color: {style.ACCENT_PRESSED}; }}
QPushButton[role="segment-last"] {{ border-top-left-radius: 0; border-bottom-left-radius: 0; padding: 7px 14px; }}
QPushButton[role="segment-last"]:checked {{ background: {style.ACCENT}; color: white;
    border-color: {style.ACCENT_PRESSED}; }}
QLabel[role="pill-good"] {{ background: {style.GOOD_SOFT}; color: {style.GOOD}; border-radius: 10px;
    padding: 2px 10px; font-size: 9.5pt; font-weight: 700; }}
QLabel[role="pill-bad"] {{ background: {style.BAD_SOFT}; color: {style.BAD}; border-radius: 10px;
    padding: 2px 10px; font-size: 9.5pt; font-weight: 700; }}
QLabel[role="pill-gold"] {{ background: {style.GOLD_SOFT}; color: {style.GOLD}; border-radius: 10px;
    padding: 2px 10px; font-size: 9.5pt; font-weight: 700; }}
QFrame[role="banner-gold"] {{
    background: {style.GOLD_SOFT}; border: 1px solid #ecd9a4; border-left: 6px solid {style.GOLD}; border-radius: 8px;
}}
QFrame[role="filter-bar"] {{ background: {style.SURFACE}; border: 1px solid {style.BORDER}; border-radius: 12px; }}
"""


_ARROW: str | None = None


def arrow_file(up: bool = False) -> str:
    """A small arrow image for the combo and spin boxes (drawn once, kept in the temp folder)."""
    global _ARROW
    if _ARROW is None:
        import tempfile
        from pathlib import Path

        from PySide6.QtGui import QImage, QPainterPath

        folder = Path(tempfile.gettempdir())
        for name, points in (("down", ((2, 2), (18, 2), (10, 11))), ("up", ((2, 11), (18, 11), (10, 2)))):
            image = QImage(20, 13, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            p = QPainter(image)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(style.MUTED))
            tri = QPainterPath()
            tri.moveTo(*points[0])
            for point in points[1:]:
                tri.lineTo(*point)
            tri.closeSubpath()
            p.drawPath(tri)
            p.end()
            image.save(str(folder / f"dealer-trainer-arrow-{name}.png"), "PNG")
        _ARROW = (folder / "dealer-trainer-arrow-down.png").as_posix()
    return _ARROW.replace("-down.png", "-up.png") if up else _ARROW


def local_style() -> str:
    """``LOCAL_STYLE`` with the arrow images in place."""
    return LOCAL_STYLE.replace("@ARROW@", arrow_file()).replace("@UP@", arrow_file(up=True))


class Relay(QObject):
    """Progress of a job on the worker thread, delivered on the GUI thread (queued)."""

    progressed = Signal(int, int, str)  # done, total, what

    def report(self, done: int, total: int, text: str = "") -> None:
        self.progressed.emit(int(done), int(total), text)


class ImportRelay(QObject):
    """Progress of an import: (file number, files, answers done, answers in the file, file name)."""

    progressed = Signal(int, int, int, int, str)

    def report(self, file_no: int, files: int, done: int, total: int, name: str) -> None:
        self.progressed.emit(int(file_no), int(files), int(done), int(total), name)


def screen_header(parent: QWidget, brand: str, title: str = "") -> tuple[QHBoxLayout, QLabel, QLabel]:
    """The brand line and the big title, as on the progress screen; returns the row (to
    add buttons to: they wrap onto a second line in a narrow window), the title label and
    a muted subtitle label under it."""
    row = HeaderRow(parent)
    titles = QVBoxLayout()
    titles.setSpacing(2)
    titles.addWidget(style.label(brand, "brand", parent=parent))
    title_label = style.label(title, "h1", wrap=True, parent=parent)  # wraps in a narrow window
    titles.addWidget(title_label)
    # Parented at once: a label shown before the layout reaches its widget would be a window.
    subtitle = style.label("", "muted", wrap=True, parent=parent)
    subtitle.hide()
    titles.addWidget(subtitle)
    row.addLayout(titles, 1)
    return row, title_label, subtitle


def button(text: str, parent: QWidget, *, name: str, primary: bool = False, flat: bool = False,
           tip: str = "", height: int = 40) -> QPushButton:
    role = "primary" if primary else ("flat" if flat else None)
    return style.button(text, parent, name=name, role=role, tip=tip, height=height)


class BusyBar(QProgressBar):
    """The thin bar of a supervisor's screen while work runs on the worker thread."""

    def running(self) -> None:
        """Shown, moving, for work of unknown length."""
        self.setRange(0, 0)
        self.show()

    def progress(self, done: int, total: int) -> None:
        """Shown at ``done`` of ``total`` (moving when ``total`` is 0)."""
        self.show()
        self.setRange(0, max(0, total))
        self.setValue(done)


def stat_row(parent: QWidget, prefix: str, items: tuple[tuple[str, str], ...]) -> tuple[QHBoxLayout, dict]:
    """The figures across the top of a supervisor's screen: a stat card per (key, caption);
    returns the row and each card's value label by key (named ``prefix-key``)."""
    row = style.hbox(spacing=12)
    values = {}
    for key, caption in items:
        card, value = stat_card(caption, parent)
        card.layout().setContentsMargins(16, 10, 16, 10)
        value.setObjectName(f"{prefix}-{key}")
        values[key] = value
        row.addWidget(card, 1)
    return row, values


def progress_bar(parent: QWidget, name: str) -> BusyBar:
    bar = BusyBar(parent)
    bar.setObjectName(name)
    bar.setTextVisible(False)
    bar.setFixedHeight(10)
    bar.setRange(0, 0)
    bar.hide()
    return bar


def coloured_item(text: str, colour: str, *, bold: bool = True, right: bool = False,
                  tooltip: str | None = None) -> QTableWidgetItem:
    item = text_item(text, align_right=right, tooltip=tooltip)
    item.setForeground(QBrush(QColor(colour)))
    if bold:
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    return item


def level_text(level: Level) -> str:
    return f"{LEVEL_MARKS[level]}  {level.title}"


def table_skill_texts(s) -> list[str]:
    """A table skill's row (a ``SkillRow`` judged by rounds) in the dashboard's columns:
    title, "5 rounds", "3 of 5" (rounds clean: the tooltip says it whole), mean round time,
    share of rounds on time ("—" untimed), mastery, and an empty certification cell."""
    t = s.table
    if t is None or not t.rounds:
        return [s.title, "—", "—", "—", "—", level_text(s.level), ""]
    speed = t.speed
    return [s.title, t.rounds_text, f"{t.clean} of {t.rounds}", style.format_ms(t.mean_round_ms),
            style.format_percent(speed) if speed is not None else "—", level_text(s.level), ""]


def level_item(level: Level) -> QTableWidgetItem:
    return coloured_item(level_text(level), LEVEL_COLOURS[level], bold=level >= Level.PROFICIENT)


def accuracy_colour(fraction: float) -> str:
    return style.GOOD if fraction >= 0.8 else (style.GOLD if fraction >= 0.6 else style.BAD)


def pill(text: str, tone: str, parent: QWidget | None = None) -> QLabel:
    """A small rounded label: tone good, bad or gold."""
    lab = style.label(text, f"pill-{tone}", parent=parent)
    lab.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    return lab


def message_card(parent: QWidget, text: str, name: str) -> tuple[QFrame, QLabel]:
    frame = style.card(parent)
    box = QVBoxLayout(frame)
    box.addStretch(1)
    label = style.label(text, "empty", wrap=True)
    label.setObjectName(name)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    box.addWidget(label)
    box.addStretch(1)
    return frame, label


class TrendChart(QWidget):
    """Accuracy (a green line, 0-100%, left) and mean answer time (gold bars, right) per
    period: the PDF report's chart (``paint_trend``), painted on the widget."""

    unit = 1.1  # the chart's sizes against the report's image (drawn at 2)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.points: list = []
        self.bucket = "week"
        self.empty_text = EMPTY_TEXT

    def set_points(self, points, bucket: str = "week") -> None:
        """``points``: ``TrendPoint``s (period, answered, correct, total_ms), oldest first."""
        self.points = list(points)
        self.bucket = bucket
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        paint_trend(p, QRectF(self.rect()), self.points, self.bucket, unit=self.unit, empty_text=self.empty_text)
        p.end()

    def series_names(self) -> list[str]:
        """The series drawn: the time bars, then the accuracy line over them (none when empty)."""
        return list(SERIES) if self.points else []
