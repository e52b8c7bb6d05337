"""The trend chart: accuracy (a green line, 0-100%, left axis) and mean answer time (gold
bars, seconds, right axis) per period.

One drawing function, ``paint_trend``, serves the PDF reports (``trend_image``, an image
the report's page embeds) and the supervisor's screens (``trainer.ui.screens.
dashboard_widgets.TrendChart`` paints the same function on itself), so the app needs Qt
GUI only: no Qt Charts, no widgets here (it runs on any thread once a ``QGuiApplication``
exists, for the fonts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

from trainer.store import TrendPoint

# The app's palette (trainer.ui.style), repeated here so that the review layer needs no widgets.
MUTED, BORDER, GOOD, GOLD = "#5c6b64", "#d5ddd8", "#1c7a3d", "#b8891a"
SERIES = ("Mean time (s)", "Accuracy")  # drawn in this order: the bars, then the line over them
EMPTY_TEXT = "No answers in this period"
# Sizes at unit 1 (the screens use about 1.1, the report's image 2): font, the plot's margins
# (left, right, top, bottom), a label's width along the x axis.
FONT_PX, MARGINS, LABEL_W = 10.0, (40.0, 45.0, 10.0, 25.0), 70.0


def nice_axis_top(seconds: float) -> float:
    """A top for the seconds axis that its four intervals divide into whole seconds."""
    for v in (8, 12, 16, 20, 40, 60, 80, 120, 160, 240, 400, 600):
        if seconds <= v:
            return float(v)
    return float(4 * (int(seconds) // 4 + 1))


def period_label(period: str, bucket: str) -> str:
    try:
        d = datetime.strptime(period, "%Y-%m-%d")
    except ValueError:
        return period
    if bucket == "month":
        return d.strftime("%b %Y")
    return f"{d.day} {d.strftime('%b')}"


@dataclass(frozen=True)
class TrendGeometry:
    """Where everything goes in ``rect``: the plot, the top of the seconds axis, and per
    period the centre of its slot, the accuracy point's height and the time bar."""

    plot: QRectF
    seconds_top: float
    centres: tuple[float, ...]
    accuracy_ys: tuple[float, ...]
    bars: tuple[QRectF, ...]
    label_every: int  # one period in this many is named under the axis


def trend_geometry(points: Sequence[TrendPoint], rect: QRectF, unit: float = 1.0) -> TrendGeometry:
    left, right, top, bottom = (m * unit for m in MARGINS)
    plot = QRectF(rect.left() + left, rect.top() + top, max(1.0, rect.width() - left - right),
                  max(1.0, rect.height() - top - bottom))
    pts = list(points)
    if not pts:
        return TrendGeometry(plot, 0.0, (), (), (), 1)
    max_ms = max(pt.mean_ms for pt in pts) or 1
    seconds_top = nice_axis_top(max_ms / 1000)
    n = len(pts)
    step = plot.width() / n
    bar = max(2.0, step * 0.5)
    centres = tuple(plot.left() + step * (i + 0.5) for i in range(n))
    accuracy_ys = tuple(plot.bottom() - plot.height() * pt.accuracy for pt in pts)
    bars = []
    for x, pt in zip(centres, pts):
        h = plot.height() * min(1.0, pt.mean_ms / 1000 / seconds_top)
        bars.append(QRectF(x - bar / 2, plot.bottom() - h, bar, h))
    fits = max(2, min(8, int(plot.width() // (LABEL_W * unit))))
    return TrendGeometry(plot, seconds_top, centres, accuracy_ys, tuple(bars), max(1, math.ceil(n / fits)))


def paint_trend(painter: QPainter, rect: QRectF, points: Sequence[TrendPoint], bucket: str, *,
                unit: float = 1.0, empty_text: str | None = None) -> TrendGeometry:
    """Draw the chart into ``rect`` (nothing behind it: the caller fills the background).
    ``unit`` scales fonts, margins and lines; ``empty_text`` is written across the plot when
    there are no points. Returns the geometry drawn."""
    g = trend_geometry(points, rect, unit)
    plot = g.plot
    left, right = MARGINS[0] * unit, MARGINS[1] * unit
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    font = QFont(painter.font())
    font.setPixelSize(max(1, round(FONT_PX * unit)))
    painter.setFont(font)
    half = 7 * unit
    grid = QPen(QColor(BORDER), 0.75 * unit)
    for i in range(5):
        y = plot.bottom() - plot.height() * i / 4
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(QColor(GOOD))
        painter.drawText(QRectF(rect.left(), y - half, left - 5 * unit, 2 * half),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"{25 * i}%")
    if not g.centres:
        if empty_text:
            painter.setPen(QColor(MUTED))
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, empty_text)
        painter.restore()
        return g
    for i in range(5):
        y = plot.bottom() - plot.height() * i / 4
        painter.setPen(QColor(GOLD))
        painter.drawText(QRectF(plot.right() + 5 * unit, y - half, right - 5 * unit, 2 * half),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"{g.seconds_top * i / 4:g} s")
    gold = QColor(GOLD)
    gold.setAlpha(110)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(gold)
    for bar in g.bars:
        painter.drawRect(bar)
    path = QPainterPath()
    for i, (x, y) in enumerate(zip(g.centres, g.accuracy_ys)):
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(GOOD), 2 * unit))
    painter.drawPath(path)
    if len(g.centres) <= 60:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(GOOD))
        for x, y in zip(g.centres, g.accuracy_ys):
            painter.drawEllipse(QPointF(x, y), 2.5 * unit, 2.5 * unit)
    painter.setPen(QColor(MUTED))
    for i, (x, pt) in enumerate(zip(g.centres, points)):
        if i % g.label_every == 0:
            painter.drawText(QRectF(x - LABEL_W / 2 * unit, plot.bottom() + 4 * unit, LABEL_W * unit, 15 * unit),
                             Qt.AlignmentFlag.AlignHCenter, period_label(pt.period, bucket))
    painter.restore()
    return g


def trend_image(points: Sequence[TrendPoint], bucket: str, width: int = 1520, height: int = 440) -> QImage:
    """The chart on white, for a report's page (drawn at twice the screens' sizes)."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    p = QPainter(image)
    paint_trend(p, QRectF(0, 0, width, height), points, bucket, unit=2.0)
    p.end()
    return image


__all__ = ["EMPTY_TEXT", "SERIES", "TrendGeometry", "nice_axis_top", "paint_trend", "period_label",
           "trend_geometry", "trend_image"]
