"""The supervisor's trend chart on screen is the reports' QPainter drawing (no Qt Charts)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QRegion
from PySide6.QtWidgets import QWidget

from trainer.review.trend_chart import EMPTY_TEXT, paint_trend
from trainer.store import TrendPoint
from trainer.ui.screens.dashboard_widgets import TrendChart

POINTS = (TrendPoint("2026-03-02", 10, 10, 0, 40_000), TrendPoint("2026-03-09", 4, 2, 0, 40_000),
          TrendPoint("2026-03-16", 5, 0, 0, 10_000))
ROOT = Path(__file__).resolve().parents[2]


def _render(widget: QWidget) -> QImage:
    image = QImage(widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    widget.render(image, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)  # no window background
    return image


def _painted(widget: TrendChart, points, empty_text=None) -> QImage:
    image = QImage(widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(widget.font())
    paint_trend(p, QRectF(0, 0, widget.width(), widget.height()), points, "week", unit=widget.unit,
                empty_text=empty_text)
    p.end()
    return image


def test_the_widget_paints_the_report_drawing(qtbot) -> None:
    chart = TrendChart()
    qtbot.addWidget(chart)
    chart.resize(520, 240)
    chart.set_points(POINTS, "week")
    assert chart.points == list(POINTS)
    assert chart.series_names() == ["Mean time (s)", "Accuracy"]
    assert _render(chart) == _painted(chart, POINTS)
    chart.set_points([], "week")
    assert chart.series_names() == []
    assert _render(chart) == _painted(chart, (), EMPTY_TEXT)
    assert _render(chart) != _painted(chart, ())  # and the empty text is there


def test_no_module_of_the_app_needs_qt_charts() -> None:
    users = [str(p.relative_to(ROOT)) for p in (ROOT / "trainer").rglob("*.py")
             if "QtCharts" in p.read_text(encoding="utf-8")]
    assert users == []
