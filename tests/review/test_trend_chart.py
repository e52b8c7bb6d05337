"""The trend chart drawn with QPainter: one drawing for the PDF reports and the supervisor's
screens (issue 15: Qt Charts and PySide6-Addons are no longer needed)."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from trainer.review import report
from trainer.review.trend_chart import MARGINS, nice_axis_top, paint_trend, trend_geometry, trend_image
from trainer.store import TrendPoint

# Three days: all right in 4 s, half right in 10 s, none right in 2 s (per answer, on average).
POINTS = (TrendPoint("2026-03-02", 10, 10, 0, 40_000), TrendPoint("2026-03-03", 4, 2, 0, 40_000),
          TrendPoint("2026-03-04", 5, 0, 0, 10_000))


def test_the_geometry_of_accuracy_points_and_time_bars() -> None:
    rect = QRectF(0, 0, 400, 200)
    g = trend_geometry(POINTS, rect, unit=1.0)
    left, right, top, bottom = MARGINS
    assert (g.plot.left(), g.plot.top(), g.plot.width(), g.plot.height()) == (left, top, 400 - left - right,
                                                                                200 - top - bottom)
    assert g.seconds_top == 12.0  # the slowest day's 10 s: the first top that 4 intervals cut into whole seconds
    step = (400 - left - right) / 3
    assert g.centres == (left + step / 2, left + 1.5 * step, left + 2.5 * step)
    h = 200 - top - bottom
    assert g.accuracy_ys == (top, top + h / 2, top + h)  # 100%, 50%, 0%
    assert [round(b.height(), 6) for b in g.bars] == [round(h * 4 / 12, 6), round(h * 10 / 12, 6),
                                                       round(h * 2 / 12, 6)]
    assert all(b.bottom() == top + h for b in g.bars)
    assert all(abs(b.center().x() - x) < 1e-9 for b, x in zip(g.bars, g.centres))


def test_nice_axis_tops_divide_into_whole_seconds() -> None:
    assert [nice_axis_top(s) for s in (0.5, 8, 8.1, 19.9, 41, 600, 601)] == [8, 8, 12, 20, 60, 600, 604]


def test_the_report_image_draws_the_points_where_the_geometry_says(qapp) -> None:
    image = trend_image(POINTS, "day", width=800, height=300)
    g = trend_geometry(POINTS, QRectF(0, 0, 800, 300), unit=2.0)
    for x, y in zip(g.centres, g.accuracy_ys):
        c = image.pixelColor(round(x), round(y) if y < g.plot.bottom() else round(y) - 2)
        assert (c.red(), c.green(), c.blue()) == (0x1c, 0x7a, 0x3d)  # the green accuracy dot
    # the middle day's bar (10 s of 12) is gold below the 50% point, white above its top
    bar = g.bars[1]
    inside = image.pixelColor(round(bar.left()) + 2, round(bar.bottom()) - 5)
    assert inside.blue() < inside.red() and inside.green() < inside.red()
    above = image.pixelColor(round(bar.left()) + 2, round(bar.top()) - 6)
    assert above == QColor("white")
    assert report.trend_image is trend_image  # the reports use the same drawing


def test_no_points_write_the_empty_text(qapp) -> None:
    blank = QImage(400, 200, QImage.Format.Format_ARGB32_Premultiplied)
    blank.fill(QColor("white"))
    p = QPainter(blank)
    g = paint_trend(p, QRectF(0, 0, 400, 200), (), "day", empty_text=None)
    p.end()
    written = QImage(400, 200, QImage.Format.Format_ARGB32_Premultiplied)
    written.fill(QColor("white"))
    p = QPainter(written)
    paint_trend(p, QRectF(0, 0, 400, 200), (), "day", empty_text="No answers in this period")
    p.end()
    assert g.centres == () and g.bars == ()
    centre = g.plot.toRect()
    differs = [(x, y) for x in range(centre.left(), centre.right()) for y in range(centre.top(), centre.bottom())
               if blank.pixelColor(x, y) != written.pixelColor(x, y)]
    assert differs  # the text is in the plot
