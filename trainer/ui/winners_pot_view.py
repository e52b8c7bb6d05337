"""The Winner's Pot Poker table: the generic card table (``TableView``) with what this
game adds drawn on top of it, from a ``WinnersPotScene``:

- the button, a white puck by the seat that holds it (or before the dealer);
- the winner's pot, a printed area in the middle of the felt with the chips in it;
- the dealer's own ante, bet and double (§6(c)), on three small spots beside the
  dealer's cards, until they are collected into the pot;
- the count of cards in the discard rack (the burns, folded hands, the stub).

Everything is placed from the table's own layout (``TableLayout``) so it follows the
seats at any size. ``render_winners_pot`` draws the same picture into an image.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen, QRadialGradient

from trainer.core.money import format_cents
from trainer.core.scene import TableScene
from trainer.ui.chips import paint_chip_stack
from trainer.ui.table_view import FELT_INK, HIGHLIGHT, TableLayout, TableView, paint_table, render_scene, save_scene_png

DEALER = 0
NO_BUTTON = -1
POT_INK = QColor(236, 222, 160, 225)
POT_INK_FAINT = QColor(236, 222, 160, 90)
# The dealer's own wagers on the layout (§6(c)): spot key and label, left to right.
DEALER_SPOTS: tuple[tuple[str, str], ...] = (("ante", "Ante"), ("bet", "Bet"), ("double", "Double"))


def _font(px: float, *, bold: bool = True, spacing: float = 0.0, caps: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    if spacing:
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 100 + spacing)
    if caps:
        f.setCapitalization(QFont.Capitalization.SmallCaps)
    return f


def _scene_value(scene: TableScene, name: str, default):
    if hasattr(scene, name):
        return getattr(scene, name)
    return (scene.extra or {}).get(name, default)


# ----------------------------------------------------------------------------- geometry
def pot_rect(lay: TableLayout) -> QRectF:
    """The winner's pot area: centred between the seats in the middle of the arc and the
    game's name above the dealer's cards."""
    s = lay.dealer_scale
    bottom = lay.dealer_cards_area.top() - 90 * s  # room for the caption sign and the title
    width = 250 * s
    left, right = lay.cx - width / 2, lay.cx + width / 2
    top = lay.rail_w + 20 * s
    for seat in lay.seats:
        c = seat.cell
        if c.right() > left and c.left() < right:
            top = max(top, c.bottom() + 14 * s)
    height = min(bottom - top, 120 * s)
    if height < 46 * s:  # no room in the middle: just above the dealer's cards, over the title
        height = 56 * s
        top = lay.dealer_cards_area.top() - 30 * s - height
    else:
        top = top + (bottom - top - height) / 2
    return QRectF(lay.cx - width / 2, top, width, height)


def dealer_spot_centres(lay: TableLayout) -> tuple[list[QPointF], float]:
    """Where the dealer's ante, bet and double lie: a row to the left of the dealer's cards."""
    s = lay.dealer_scale
    area = lay.dealer_cards_area
    r = 17 * s
    gap = 46 * s
    right = area.left() - 26 * s - r
    y = area.center().y() - 20 * s
    return [QPointF(right - (2 - i) * gap, y) for i in range(3)], r


def dealer_spots(lay: TableLayout) -> list[tuple[str, str, QPointF, float]]:
    """The dealer's ante, bet and double spots: (spot key, label, centre, radius) each."""
    centres, r = dealer_spot_centres(lay)
    return [(key, label, c, r) for (key, label), c in zip(DEALER_SPOTS, centres)]


def button_radius(lay: TableLayout) -> float:
    return max(10.0, lay.rail_w * 0.62)


def button_centre(lay: TableLayout, button: int) -> QPointF:
    """The button's place: on the rail beside the seat's number (towards the middle of the
    arc), or on the felt to the right of the dealer's cards."""
    s = lay.dealer_scale
    r = button_radius(lay)
    if button == DEALER:
        area = lay.dealer_cards_area
        return QPointF(area.right() + 14 * s + r, area.bottom() - r)
    seat = lay.seat(button)
    anchor = seat.anchor
    rx, ry = lay.erx - lay.rail_w / 2, lay.ery - lay.rail_w / 2
    theta = math.atan2((lay.ecy - anchor.y()) / ry, (anchor.x() - lay.cx) / rx)
    speed = math.hypot(rx * math.sin(theta), ry * math.cos(theta))
    delta = (seat.marker_radius + r * 1.25) / max(1.0, speed)
    towards_middle = 1 if theta < math.pi / 2 else -1
    if abs(theta - math.pi / 2) < 1e-6:
        towards_middle = -1
    t = theta + towards_middle * delta
    return QPointF(lay.cx + rx * math.cos(t), lay.ecy - ry * math.sin(t))


# ----------------------------------------------------------------------------- drawing
def paint_button(p: QPainter, centre: QPointF, r: float, highlight: bool = False) -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawEllipse(centre + QPointF(0, r * 0.16), r * 1.02, r * 1.02)
    face = QRadialGradient(centre - QPointF(r * 0.3, r * 0.35), r * 1.5)
    face.setColorAt(0, QColor("#ffffff"))
    face.setColorAt(1, QColor("#d9dde2"))
    p.setBrush(face)
    p.setPen(QPen(QColor("#8d949c"), max(0.8, r * 0.07)))
    p.drawEllipse(centre, r, r)
    p.setPen(QPen(QColor("#1b2a23"), max(0.6, r * 0.05)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, r * 0.8, r * 0.8)
    p.setFont(_font(r * 0.4, spacing=2))
    p.setPen(QColor("#1b2a23"))
    p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, "BUTTON")
    if highlight:
        glow = QColor(HIGHLIGHT)
        glow.setAlpha(160)
        p.setPen(QPen(glow, max(1.5, r * 0.14)))
        p.drawEllipse(centre, r * 1.22, r * 1.22)
    p.restore()


def paint_pot(p: QPainter, rect: QRectF, cents: int, s: float, label: str = "") -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setBrush(QColor(0, 0, 0, 34))
    p.setPen(QPen(POT_INK, max(1.0, 1.8 * s)))
    p.drawEllipse(rect)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(POT_INK_FAINT, max(0.6, 1.0 * s)))
    p.drawEllipse(rect.adjusted(5 * s, 5 * s, -5 * s, -5 * s))
    title_h = 16 * s
    p.setFont(_font(11.5 * s, spacing=14))
    p.setPen(POT_INK)
    p.drawText(QRectF(rect.left(), rect.top() + 9 * s, rect.width(), title_h), Qt.AlignmentFlag.AlignCenter,
               (label or "Winner's pot").upper())
    if cents > 0:
        r = min(17 * s, rect.height() * 0.2)
        paint_chip_stack(p, QPointF(rect.center().x(), rect.center().y() + r * 0.5), r, cents, label=True,
                         label_size=max(6.0, 12 * s))
    else:
        p.setFont(_font(11 * s, bold=False))
        p.setPen(POT_INK_FAINT)
        p.drawText(rect.adjusted(0, title_h, 0, 0), Qt.AlignmentFlag.AlignCenter, "empty")
    p.restore()


def paint_dealer_wagers(p: QPainter, lay: TableLayout, wagers: dict[str, int]) -> None:
    s = lay.dealer_scale
    centres, r = dealer_spot_centres(lay)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for (key, label), c in zip(DEALER_SPOTS, centres):
        p.setBrush(QColor(0, 0, 0, 28))
        p.setPen(QPen(FELT_INK, max(0.8, 1.4 * s)))
        p.drawEllipse(c, r, r)
        p.setFont(_font(10 * s, caps=True, spacing=3))
        p.setPen(FELT_INK)
        p.drawText(QRectF(c.x() - 30 * s, c.y() - r - 16 * s, 60 * s, 14 * s), Qt.AlignmentFlag.AlignCenter, label)
        cents = wagers.get(key, 0)
        if cents > 0:
            paint_chip_stack(p, QPointF(c.x(), c.y() + r * 0.2), r * 0.72, cents, label=True,
                             label_size=max(5.0, 10.5 * s))
    p.restore()


def paint_discard_count(p: QPainter, lay: TableLayout, count: int) -> None:
    if count <= 0:
        return
    s = lay.dealer_scale
    r = lay.discard
    text = f"{count} card{'s' if count != 1 else ''}"
    font = _font(10 * s)
    fm = QFontMetricsF(font)
    w = fm.horizontalAdvance(text) + 14 * s
    pill = QRectF(r.center().x() - w / 2, r.top() - 20 * s, w, 16 * s)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(QColor(220, 230, 240, 160), max(0.6, 0.8 * s)))
    p.setBrush(QColor(18, 28, 38, 210))
    p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
    p.setFont(font)
    p.setPen(QColor("#e8eef5"))
    p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def paint_additions(p: QPainter, lay: TableLayout, scene: TableScene | None) -> None:
    """Everything this game adds to the card table, for ``scene``."""
    if scene is None:
        return
    s = lay.dealer_scale
    pot = int(_scene_value(scene, "pot", 0) or 0)
    paint_pot(p, pot_rect(lay), pot, s, _scene_value(scene, "pot_label", ""))
    wagers = _scene_value(scene, "dealer_wagers", ())
    paint_dealer_wagers(p, lay, dict(wagers) if not isinstance(wagers, dict) else wagers)
    paint_discard_count(p, lay, int(_scene_value(scene, "discards", 0) or 0))
    button = _scene_value(scene, "button", NO_BUTTON)
    if button is not None and button != NO_BUTTON and (button == DEALER or 1 <= button <= len(lay.seats)):
        paint_button(p, button_centre(lay, button), button_radius(lay))


def paint_winners_pot_table(p: QPainter, width: float, height: float, scene: TableScene | None) -> TableLayout:
    lay = paint_table(p, width, height, scene)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    paint_additions(p, lay, scene)
    p.restore()
    return lay


class WinnersPotTableView(TableView):
    """The card table with the button, the pot and the dealer's wagers."""

    def set_scene(self, scene) -> None:
        super().set_scene(scene)
        if scene is not None:
            pot = int(_scene_value(scene, "pot", 0) or 0)
            button = _scene_value(scene, "button", NO_BUTTON)
            where = "" if button in (None, NO_BUTTON) else (
                "; the button lies before the dealer" if button == DEALER else f"; the button is at seat {button}")
            self.setAccessibleDescription(self.accessibleDescription() + f". Winner's pot {format_cents(pot)}{where}")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        try:
            paint_winners_pot_table(painter, self.width(), self.height(), self.scene())
        finally:
            painter.end()


def render_winners_pot(scene: TableScene | None, width: int, height: int) -> QImage:
    return render_scene(scene, width, height, paint_winners_pot_table)


def save_winners_pot_png(scene: TableScene | None, path: str | Path, width: int = 1200, height: int = 700) -> Path:
    return save_scene_png(scene, path, width, height, paint_winners_pot_table)


__all__ = ["WinnersPotTableView", "paint_winners_pot_table", "render_winners_pot", "save_winners_pot_png",
           "pot_rect", "button_centre", "dealer_spot_centres", "dealer_spots", "DEALER_SPOTS"]
