"""The casino table, seen from the dealer's position, drawn from a ``TableScene``.

The dealer, the chip tray, the shoe (dealer's left) and the discard rack (dealer's right)
are at the bottom centre; the players sit around the curved far side. Seats are numbered
from the dealer's left, which seen from the dealer is the screen's left: seat 1 is at the
far left of the arc and seat N at the far right.

All geometry is computed from the size on every paint (``TableLayout``) and drawn as
vectors with antialiasing, so the table is crisp at any size. ``render_scene`` and
``save_scene_png`` draw the same picture into an image without a widget on screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from trainer.core.scene import CardView, SeatView, Spot, TableScene
from trainer.ui.card_art import (
    CARD_ASPECT,
    index_reach,
    paint_back,
    paint_card,
    paint_card_shadow,
    paint_cover_card,
)
from trainer.ui.chips import CHIP_TRIM, DENOMINATIONS, paint_chip_stack

# ------------------------------------------------------------------------------ colours
ROOM_TOP = QColor("#262a31")
ROOM_BOTTOM = QColor("#121418")
FELT_COLOUR = QColor("#1d7243")
FELT_LIGHT = QColor("#258650")
FELT_DARK = QColor("#145a33")
FELT_INK = QColor(236, 222, 160, 215)  # the printed lines and words on the felt
FELT_INK_FAINT = QColor(236, 222, 160, 80)
RAIL_LIGHT = QColor("#5b3a24")
RAIL_DARK = QColor("#2b1a0f")
HIGHLIGHT = QColor("#ffd43b")
NOTE_INK = QColor("#ffe08a")

NOMINAL_WIDTH = 1200.0  # the size at which the scale is 1
NOMINAL_HEIGHT = 700.0
SPOT_W = 64.0  # a betting spot's column, at scale 1
SPOT_R = 19.0  # a betting circle's radius, at scale 1
SPOT_LABEL_PX = 13.0  # the spot labels' type size, at scale 1
# ... and the smallest it is drawn: on a 1024x700 lab monitor the table is drawn at about
# half its size; the layout then gives the labels room for this size (wider columns).
MIN_SPOT_LABEL_PX = 7.0
MAX_LABEL_GROWTH = 1.75  # ... by making the labels at most this much larger than the spots around them


def _font(pixel_size: float, *, bold: bool = False, italic: bool = False, small_caps: bool = False,
          condensed: bool = False, spacing: float = 0.0) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    font.setItalic(italic)
    if small_caps:
        font.setCapitalization(QFont.Capitalization.SmallCaps)
    if condensed:
        font.setStretch(QFont.Stretch.SemiCondensed)
    if spacing:
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 100 + spacing)
    return font


def _fit_font(text: str, width: float, pixel_size: float, min_size: float = 6.0, **kw) -> QFont:
    """The font of at most ``pixel_size`` in which ``text`` fits ``width`` (not below ``min_size``)."""
    size = pixel_size
    while True:
        font = _font(size, **kw)
        if QFontMetricsF(font).horizontalAdvance(text) <= width or size <= min_size:
            return font
        size = max(min_size, size * 0.92)


def _spot_font(pixel_size: float) -> QFont:
    return _font(pixel_size, bold=True, small_caps=True, condensed=True, spacing=3)


def label_px(s: float) -> float:
    """The spot labels' type size at scale 1 for a table drawn at scale ``s``: the natural
    size, or larger so that, drawn at ``s``, it is never below MIN_SPOT_LABEL_PX."""
    return min(MAX_LABEL_GROWTH * SPOT_LABEL_PX, max(SPOT_LABEL_PX, MIN_SPOT_LABEL_PX / s)) if s > 0 else SPOT_LABEL_PX


@lru_cache(maxsize=256)
def _label_fit_at(labels: tuple[str, ...], px_quarter: int) -> tuple[float, int]:
    font = _spot_font(px_quarter / 4)
    fm = QFontMetricsF(font)
    width, lines = SPOT_W, 0 if not labels else 1
    for text in labels:
        wrapped = _wrap_label(text, font, SPOT_W - 4)
        lines = max(lines, wrapped.count("\n") + 1)
        width = max(width, max(fm.horizontalAdvance(line) for line in wrapped.split("\n")) + 4)
    return width, lines


def _label_fit(labels: tuple[str, ...], px: float) -> tuple[float, int]:
    """A spot column's width (at least SPOT_W) and the lines its labels take, at scale 1,
    with labels of ``px`` pixels."""
    return _label_fit_at(tuple(labels), round(px * 4))


def _wrap_label(text: str, font: QFont, width: float) -> str:
    """The label on one line if it fits, else broken at the space that best balances two lines."""
    fm = QFontMetricsF(font)
    words = text.split()
    if fm.horizontalAdvance(text) <= width or len(words) < 2:
        return text
    best = min(range(1, len(words)), key=lambda i: max(fm.horizontalAdvance(" ".join(words[:i])),
                                                           fm.horizontalAdvance(" ".join(words[i:]))))
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


# ------------------------------------------------------------------------------- layout
@dataclass
class SpotGeometry:
    spot: Spot
    center: QPointF
    radius: float
    label_rect: QRectF
    chip_center: QPointF
    chip_radius: float


@dataclass
class SeatGeometry:
    number: int
    anchor: QPointF  # the seat number marker, on the rail
    marker_radius: float
    cell: QRectF  # everything the seat has on the felt
    spots: list[SpotGeometry]
    cards_area: QRectF
    note_rect: QRectF


@dataclass
class TableLayout:
    """Where everything goes for a table of ``width`` x ``height`` pixels.

    ``scale`` is 1 at 1200 x 700 for the seat contents; the layout picks the largest scale
    at which the seats fit the felt without touching each other or the dealer's area.
    """

    width: float
    height: float
    seat_count: int = 6
    spot_labels: tuple[str, ...] = ()
    seat_card_count: int = 2
    dealer_card_count: int = 2
    scale: float = field(init=False)
    seats: list[SeatGeometry] = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        self.unit = min(w / NOMINAL_WIDTH, h / NOMINAL_HEIGHT)
        self.cx = w / 2
        self.base_y = h - h * 0.03  # the table's straight edge, in front of the dealer
        self.ecy = self.base_y - h * 0.36  # centre of the ellipse the curved side follows
        self.erx = w * 0.49
        self.ery = self.ecy - h * 0.012
        self.rail_w = max(8.0, 30 * self.unit)
        self.frx, self.fry = self.erx - self.rail_w, self.ery - self.rail_w
        # The labels' size at scale 1: the natural one, or larger where the table is drawn so
        # small that they would fall below MIN_SPOT_LABEL_PX (solved again with room for them;
        # a few rounds settle it, each solve monotonic in the scale).
        self.label_px = SPOT_LABEL_PX
        self.scale, self.spread = self._solve()
        natural = (self.scale, self.spread)
        for _ in range(4):
            wanted = label_px(self.scale)
            if wanted <= self.label_px * 1.02:
                break
            self.label_px = wanted
            self.scale, self.spread = self._solve()
        if self.label_px * self.scale < MIN_SPOT_LABEL_PX * 0.97:
            # Where the labels' own width is what limits the seats (six spots to a seat),
            # larger labels would only shrink the cards: keep the natural layout.
            self.label_px = SPOT_LABEL_PX
            self.scale, self.spread = natural
        self._dealer(self.scale)
        self.seats = [self._seat(i, self.scale, self.spread) for i in range(1, max(1, self.seat_count) + 1)]

    # -- the table's outline
    def felt_top_y(self, x: float) -> float | None:
        """The y of the felt's curved edge at ``x`` (None where the felt does not reach)."""
        d = (x - self.cx) / self.frx
        if abs(d) >= 1:
            return None
        return self.ecy - self.fry * math.sqrt(1 - d * d)

    def on_felt(self, x: float, y: float) -> bool:
        dx, dy = (x - self.cx) / self.frx, (y - self.ecy) / self.fry
        return dx * dx + dy * dy <= 1 and y <= self.base_y

    def rail_point_towards(self, point: QPointF) -> QPointF:
        """The point on the middle of the rail straight out from ``point`` (from the table's centre)."""
        rx, ry = self.erx - self.rail_w / 2, self.ery - self.rail_w / 2
        angle = math.atan2((self.ecy - point.y()) / ry, (point.x() - self.cx) / rx)
        return QPointF(self.cx + rx * math.cos(angle), self.ecy - ry * math.sin(angle))

    def table_path(self, grow: float = 0.0) -> QPainterPath:
        """The table (rail included, or the felt with a negative ``grow``), cut by the straight edge."""
        rx, ry = self.erx + grow, self.ery + grow
        ellipse = QPainterPath()
        ellipse.addEllipse(QPointF(self.cx, self.ecy), rx, ry)
        cut = QPainterPath()
        cut.addRect(QRectF(0, -self.height, self.width, self.base_y + self.height))
        return ellipse.intersected(cut)

    # -- seat sizes at a scale
    def _spot_grid(self) -> tuple[int, int]:
        k = len(self.spot_labels)
        if k == 0:
            return 0, 0
        cols = k if k <= 3 else math.ceil(k / 2)
        return cols, math.ceil(k / cols)

    def _sizes(self, s: float) -> dict[str, float]:
        cols, rows = self._spot_grid()
        col_w, lines = _label_fit(self.spot_labels, self.label_px)
        label_h = lines * self.label_px * 1.12
        sw = col_w * s
        sh = (label_h + 3 + 2 * SPOT_R + 15 + 3) * s
        cw = 48 * s
        ch = cw * CARD_ASPECT
        n_cards = max(2, self.seat_card_count)
        cards_w = min(n_cards * cw + (n_cards - 1) * 4 * s, max(cols * sw, 2 * cw + 4 * s))
        inner_w = max(cols * sw, cards_w)
        cell_w = inner_w + 8 * s
        cell_h = 4 * s + rows * sh + 4 * s + ch + 4 * s + 16 * s
        return {"sw": sw, "sh": sh, "cw": cw, "ch": ch, "cards_w": cards_w, "cell_w": cell_w, "cell_h": cell_h,
                "cols": cols, "rows": rows, "label_h": label_h * s}

    def _seat_angle(self, number: int, spread: tuple[float, float]) -> float:
        """Seat 1 at the left end of the arc: angles run from 180 - end down to end degrees.

        ``spread`` is (end angle, warp): a warp above 1 draws the middle seats together.
        """
        n = max(1, self.seat_count)
        if n == 1:
            return 90.0
        end, warp = spread
        t = 1 - 2 * (number - 1) / (n - 1)  # +1 for seat 1 .. -1 for seat n
        return 90.0 + math.copysign(abs(t) ** warp, t) * (90.0 - end)

    def _cell(self, number: int, s: float, spread: tuple[float, float]) -> QRectF | None:
        z = self._sizes(s)
        angle = math.radians(self._seat_angle(number, spread))
        x = self.cx + self.frx * 0.97 * math.cos(angle)
        left, right = x - z["cell_w"] / 2, x + z["cell_w"] / 2
        ys = [self.felt_top_y(left), self.felt_top_y(right)]
        if None in ys:
            return None
        top = max(ys) + 5 * s
        return QRectF(left, top, z["cell_w"], z["cell_h"])

    # -- the dealer's side at a scale
    def _dealer(self, seat_scale: float) -> None:
        s = min(seat_scale, self.unit)  # the dealer's side never grows past its natural size
        self.dealer_scale = s
        n = max(2, self.dealer_card_count)
        self.tray = QRectF(self.cx - 160 * s, self.base_y - 4 * s - 50 * s, 320 * s, 50 * s)
        self.dealer_label = QRectF(self.cx - 80 * s, self.tray.top() - 21 * s, 160 * s, 16 * s)
        dcw = 52 * s
        dch = dcw * CARD_ASPECT
        row_w = n * dcw + (n - 1) * 6 * s
        self.dealer_card_size = QSizeF(dcw, dch)
        self.dealer_cards_area = QRectF(self.cx - row_w / 2, self.dealer_label.top() - 9 * s - dch, row_w, dch)
        box_w, box_h = 70 * s, 92 * s
        self.shoe = QRectF(self.tray.left() - 40 * s - box_w, self.base_y - 22 * s - box_h, box_w, box_h)
        self.discard = QRectF(self.tray.right() + 40 * s, self.base_y - 22 * s - box_h, box_w, box_h)
        self.dealer_zone = [
            self.tray.adjusted(-4 * s, -4 * s, 4 * s, 0),
            self.dealer_cards_area.adjusted(-30 * s, -14 * s, 30 * s, 0).united(self.dealer_label),
            self.shoe.adjusted(-6 * s, -6 * s, 6 * s, 20 * s),
            self.discard.adjusted(-6 * s, -6 * s, 6 * s, 20 * s),
        ]

    def _fits(self, s: float, spread: tuple[float, float]) -> bool:
        self._dealer(s)
        cells = []
        for number in range(1, max(1, self.seat_count) + 1):
            cell = self._cell(number, s, spread)
            if cell is None or cell.bottom() > self.base_y - 6 * s:
                return False
            for corner in (cell.topLeft(), cell.topRight(), cell.bottomLeft(), cell.bottomRight()):
                if not self.on_felt(corner.x(), corner.y()):
                    return False
            if any(cell.intersects(r) for r in self.dealer_zone):
                return False
            gap = 10 * s
            padded = cell.adjusted(-gap, -gap, gap, gap)
            if any(padded.intersects(other) for other in cells):
                return False
            cells.append(cell)
        return True

    def _solve(self) -> tuple[float, tuple[float, float]]:
        """The largest scale (and the arc of seats that allows it) at which the seats fit."""
        n = max(1, self.seat_count)
        if n <= 3:
            ends = [a for a in (40, 50, 60, 70, 80) if a <= 90 - 10 * (n - 1)] or [90]
        else:
            ends = [a for a in (4, 8, 12, 16, 20, 24, 28, 34, 40, 48, 56, 64) if a <= 90 - 8 * (n - 1)] or [4]
        warps = (1.0,) if n <= 2 else (0.85, 1.0, 1.15, 1.3, 1.5)
        best = (self.unit * 0.2, (ends[0], 1.0))
        for end in ends:
            for warp in warps:
                spread = (end, warp)
                hi, lo = self.unit * 1.3, best[0] * 1.0001
                if not self._fits(lo, spread):
                    continue
                if self._fits(hi, spread):
                    lo = hi
                else:
                    for _ in range(16):
                        mid = (lo + hi) / 2
                        if self._fits(mid, spread):
                            lo = mid
                        else:
                            hi = mid
                best = (lo, spread)
        return best

    def _seat(self, number: int, s: float, spread: tuple[float, float]) -> SeatGeometry:
        z = self._sizes(s)
        cell = self._cell(number, s, spread)
        if cell is None:  # only when nothing fits at all
            x = self.cx + (number - (self.seat_count + 1) / 2) * z["cell_w"]
            cell = QRectF(x - z["cell_w"] / 2, self.rail_w, z["cell_w"], z["cell_h"])
        x = cell.center().x()
        anchor = self.rail_point_towards(QPointF(x, cell.top() + z["sh"] * 0.5))
        cols, rows = int(z["cols"]), int(z["rows"])
        spots: list[SpotGeometry] = []
        top = cell.top() + 4 * s
        for i, label in enumerate(self.spot_labels):
            r, c = divmod(i, cols) if cols else (0, 0)
            in_row = min(cols, len(self.spot_labels) - r * cols)  # a short last row is centred
            sx = x - in_row * z["sw"] / 2 + (c + 0.5) * z["sw"]
            sy_top = top + r * z["sh"]
            label_rect = QRectF(sx - z["sw"] / 2 + 1 * s, sy_top, z["sw"] - 2 * s, z["label_h"])
            radius = SPOT_R * s
            center = QPointF(sx, sy_top + z["label_h"] + 3 * s + radius)
            spots.append(SpotGeometry(Spot(str(i), label), center, radius, label_rect,
                                      QPointF(sx, center.y() + radius * 0.2), radius * 0.7))
        cards_top = top + rows * z["sh"] + 4 * s
        cards_area = QRectF(x - z["cards_w"] / 2, cards_top, z["cards_w"], z["ch"])
        note_rect = QRectF(cell.left(), cards_area.bottom() + 4 * s, cell.width(), 15 * s)
        return SeatGeometry(number, anchor, 12 * s, cell, spots, cards_area, note_rect)

    # -- lookups
    def seat(self, number: int) -> SeatGeometry:
        return self.seats[number - 1]

    def card_rects(self, area: QRectF, count: int, card_w: float, card_h: float, gap: float) -> list[QRectF]:
        """``count`` cards in a row centred in ``area``, overlapped when they do not fit."""
        if count <= 0:
            return []
        full = count * card_w + (count - 1) * gap
        step = card_w + gap if full <= area.width() or count == 1 else (area.width() - card_w) / (count - 1)
        if count > 1 and step < card_w * index_reach(card_w):
            # Overlapped so far that a card's index ("10") would hide under the next one:
            # smaller cards instead, each showing its whole index.
            for _ in range(3):  # the reach depends on the size (compact cards): settle it
                shrunk = area.width() / (1 + (count - 1) * index_reach(card_w))
                card_h, card_w = card_h * shrunk / card_w, shrunk
            step = card_w * index_reach(card_w)
        used = card_w + step * (count - 1)
        left = area.center().x() - used / 2
        return [QRectF(left + i * step, area.top() + (area.height() - card_h) / 2 if card_h < area.height()
                       else area.top(), card_w, card_h) for i in range(count)]


@lru_cache(maxsize=32)
def _layout(width: float, height: float, seat_count: int, spot_labels: tuple[str, ...], seat_cards: int,
            dealer_cards: int) -> TableLayout:
    return TableLayout(width, height, seat_count, spot_labels, seat_cards, dealer_cards)


def table_layout(scene: TableScene | None, width: float, height: float) -> TableLayout:
    if scene is None:
        return _layout(float(width), float(height), 6, (), 2, 2)
    seat_cards = max([len(s.cards) for s in scene.seats] + [2])
    return _layout(float(width), float(height), max(1, scene.seat_count), tuple(sp.label for sp in scene.spots),
                   seat_cards, max(2, len(scene.dealer_cards)))


def seat_anchor(scene: TableScene | None, seat_number: int, width: float, height: float) -> QPointF:
    """Where seat ``seat_number``'s number marker is drawn, for a table of that size."""
    layout = table_layout(scene, width, height)
    if not 1 <= seat_number <= len(layout.seats):
        raise ValueError(f"no seat {seat_number} at a table of {len(layout.seats)} seats")
    return QPointF(layout.seat(seat_number).anchor)


# ------------------------------------------------------------------------------ drawing
def _paint_room_and_table(p: QPainter, lay: TableLayout) -> None:
    w, h = lay.width, lay.height
    room = QLinearGradient(0, 0, 0, h)
    room.setColorAt(0, ROOM_TOP)
    room.setColorAt(1, ROOM_BOTTOM)
    p.fillRect(QRectF(0, 0, w, h), room)
    u = lay.unit
    # a soft shadow under the table
    shadow = lay.table_path(grow=6 * u).translated(0, 5 * u)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawPath(shadow)
    # the padded rail
    rail = QRadialGradient(QPointF(lay.cx, lay.ecy), max(lay.erx, lay.ery))
    rail.setColorAt(0.0, RAIL_LIGHT)
    rail.setColorAt(0.9, RAIL_LIGHT)
    rail.setColorAt(1.0, RAIL_DARK)
    p.setBrush(rail)
    p.setPen(QPen(QColor("#1a0e06"), max(1.0, 1.5 * u)))
    p.drawPath(lay.table_path())
    # a highlight along the rail's crown
    crown = QPainterPath()
    crown.addEllipse(QPointF(lay.cx, lay.ecy), lay.erx - lay.rail_w * 0.42, lay.ery - lay.rail_w * 0.42)
    cut = QPainterPath()
    cut.addRect(QRectF(0, 0, w, lay.base_y))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 220, 180, 40), max(1.0, lay.rail_w * 0.18)))
    p.save()
    p.setClipPath(cut)
    p.drawPath(crown)
    p.restore()
    # the felt
    felt_path = lay.table_path(grow=-lay.rail_w)
    felt = QRadialGradient(QPointF(lay.cx, lay.base_y - lay.fry * 0.45), max(lay.frx, lay.fry) * 1.1)
    felt.setColorAt(0.0, FELT_LIGHT)
    felt.setColorAt(0.6, FELT_COLOUR)
    felt.setColorAt(1.0, FELT_DARK)
    p.setBrush(felt)
    p.setPen(QPen(QColor(0, 0, 0, 120), max(1.0, 2 * u)))
    p.drawPath(felt_path)
    # a printed line following the rail
    inner = QPainterPath()
    inset = lay.rail_w + 9 * u
    inner.addEllipse(QPointF(lay.cx, lay.ecy), lay.erx - inset, lay.ery - inset)
    p.save()
    p.setClipPath(felt_path)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(FELT_INK_FAINT, max(0.8, 1.6 * u)))
    p.drawPath(inner)
    p.restore()
    # the dealer's straight edge: a brass strip
    left_x = lay.cx - math.sqrt(max(0.0, 1 - ((lay.base_y - lay.ecy) / lay.ery) ** 2)) * lay.erx
    strip = QRectF(left_x, lay.base_y - 1.5 * u, 2 * (lay.cx - left_x), 4 * u)
    grad = QLinearGradient(0, strip.top(), 0, strip.bottom())
    grad.setColorAt(0, QColor("#d8b86a"))
    grad.setColorAt(1, QColor("#7d6224"))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(grad)
    p.drawRoundedRect(strip, 2 * u, 2 * u)


def _paint_marker(p: QPainter, seat: SeatGeometry, occupied: bool, highlight: bool, s: float) -> None:
    r = max(5.0, seat.marker_radius)
    c = seat.anchor
    if highlight:
        glow = QColor(HIGHLIGHT)
        glow.setAlpha(110)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(glow)
        p.drawEllipse(c, r * 1.55, r * 1.55)
    if occupied:
        fill, ink, edge = QColor("#f1d27a"), QColor("#2b1a0f"), QColor("#8a6a1f")
    else:
        fill, ink, edge = QColor("#4a3a2e"), QColor("#a89a8a"), QColor("#2b1f16")
    p.setPen(QPen(edge, max(0.8, r * 0.14)))
    p.setBrush(fill)
    p.drawEllipse(c, r, r)
    p.setFont(_font(r * 1.25, bold=True))
    p.setPen(ink)
    p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(seat.number))


def _paint_spot(p: QPainter, g: SpotGeometry, s: float, dim: bool, label_size_px: float = SPOT_LABEL_PX) -> None:
    ink = QColor(FELT_INK)
    if dim:
        ink.setAlpha(70)
    p.setBrush(QColor(0, 0, 0, 28 if not dim else 12))
    p.setPen(QPen(ink, max(0.8, 1.6 * s)))
    p.drawEllipse(g.center, g.radius, g.radius)
    thin = QColor(ink)
    thin.setAlpha(ink.alpha() // 2)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(thin, max(0.5, 0.8 * s)))
    p.drawEllipse(g.center, g.radius * 0.82, g.radius * 0.82)
    font = _spot_font(label_size_px * s)  # about MIN_SPOT_LABEL_PX at least: the layout made room
    text = _wrap_label(g.spot.label, font, g.label_rect.width())
    widest = max(QFontMetricsF(font).horizontalAdvance(line) for line in text.split("\n"))
    if widest > g.label_rect.width():  # a single long word: shrink to fit
        font = _spot_font(max(5.0, SPOT_LABEL_PX * s * g.label_rect.width() / widest))
    p.setFont(font)
    p.setPen(ink)
    p.drawText(g.label_rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, text)


def _paint_cards(p: QPainter, rects: list[QRectF], views: tuple[CardView, ...]) -> None:
    for rect in rects:
        paint_card_shadow(p, rect)
    for rect, view in zip(rects, views):
        paint_card(p, rect, view)


def _paint_note(p: QPainter, rect: QRectF, text: str, s: float) -> None:
    font = _fit_font(text, rect.width() - 10 * s, 11 * s, min_size=5, italic=True, bold=True)
    fm = QFontMetricsF(font)
    w = min(rect.width(), fm.horizontalAdvance(text) + 12 * s)
    pill = QRectF(rect.center().x() - w / 2, rect.top(), w, rect.height())
    p.setPen(QPen(QColor(255, 224, 138, 120), max(0.5, 0.8 * s)))
    p.setBrush(QColor(40, 28, 4, 200))
    p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
    p.setFont(font)
    p.setPen(NOTE_INK)
    p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)


def _paint_highlight_ring(p: QPainter, rect: QRectF, s: float) -> None:
    glow = QColor(HIGHLIGHT)
    glow.setAlpha(70)
    radius = 10 * s
    p.setBrush(QColor(255, 212, 59, 22))
    p.setPen(QPen(glow, max(2.0, 7 * s)))
    p.drawRoundedRect(rect, radius, radius)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(HIGHLIGHT, max(1.2, 2.2 * s)))
    p.drawRoundedRect(rect, radius, radius)


def _paint_seat(p: QPainter, lay: TableLayout, scene: TableScene | None, number: int) -> None:
    s = lay.scale
    geo = lay.seat(number)
    view: SeatView | None = scene.seat(number) if scene is not None else None
    occupied = view is not None and view.occupied
    highlight = view is not None and view.highlight
    if highlight:
        _paint_highlight_ring(p, geo.cell.adjusted(-3 * s, -3 * s, 3 * s, 3 * s), s)
    _paint_marker(p, geo, occupied, highlight, s)
    spots = scene.spots if scene is not None else ()
    for spot, g in zip(spots, geo.spots):
        _paint_spot(p, SpotGeometry(spot, g.center, g.radius, g.label_rect, g.chip_center, g.chip_radius), s,
                    dim=not occupied, label_size_px=lay.label_px)
    if view is None:
        return
    if occupied:
        by_key = {g_spot.key: g for g_spot, g in zip(spots, geo.spots)}
        for key, cents in view.wagers:
            g = by_key.get(key)
            if g is None or cents <= 0:
                continue
            paint_chip_stack(p, g.chip_center, g.chip_radius, cents, label=True, label_size=max(5.0, 11.5 * s))
    if view.cards:
        cw = lay._sizes(s)["cw"]
        rects = lay.card_rects(geo.cards_area, len(view.cards), cw, cw * CARD_ASPECT, 4 * s)
        _paint_cards(p, rects, view.cards)
    if view.note:
        _paint_note(p, geo.note_rect, view.note, s)


def _paint_tray(p: QPainter, lay: TableLayout) -> None:
    s = lay.dealer_scale
    tray = lay.tray
    p.setPen(QPen(QColor("#0d0d0d"), max(0.8, 1.5 * s)))
    grad = QLinearGradient(0, tray.top(), 0, tray.bottom())
    grad.setColorAt(0, QColor("#3a3f47"))
    grad.setColorAt(1, QColor("#1c1f24"))
    p.setBrush(grad)
    p.drawRoundedRect(tray, 6 * s, 6 * s)
    order = [100_000, 50_000, 10_000, 10_000, 2_500, 2_500, 500, 500, 100, 100]
    n = len(order)
    pad = 5 * s
    slot_w = (tray.width() - 2 * pad) / n
    for i, value in enumerate(order):
        slot = QRectF(tray.left() + pad + i * slot_w + 1 * s, tray.top() + pad, slot_w - 2 * s,
                      tray.height() - 2 * pad)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#101215"))
        p.drawRoundedRect(slot, slot.width() / 2, slot.width() / 2)
        # chips lying on edge in the slot: a column of coloured edges
        body = QColor(DENOMINATIONS[value])
        stripe = QColor(CHIP_TRIM[value][0])
        chip = slot.adjusted(1.5 * s, 3 * s, -1.5 * s, -3 * s)
        fill_to = chip.top() + chip.height() * (0.1 + 0.08 * (i % 3))
        y = chip.bottom()
        edge_h = max(1.2, 2.6 * s)
        k = 0
        while y - edge_h >= fill_to:
            band = QRectF(chip.left(), y - edge_h, chip.width(), edge_h)
            p.setBrush(body if k % 2 == 0 else body.darker(125))
            p.drawRect(band)
            if k % 3 == 1:
                p.setBrush(stripe)
                p.drawRect(QRectF(band.center().x() - band.width() * 0.12, band.top(), band.width() * 0.24,
                                  band.height()))
            y -= edge_h
            k += 1


def _paint_box_label(p: QPainter, rect: QRectF, text: str, s: float) -> None:
    p.setFont(_font(10 * s, bold=True, spacing=12))
    p.setPen(FELT_INK)
    p.drawText(QRectF(rect.left() - 20 * s, rect.bottom() + 2 * s, rect.width() + 40 * s, 14 * s),
               Qt.AlignmentFlag.AlignCenter, text)


def _paint_shoe(p: QPainter, lay: TableLayout) -> None:
    s = lay.dealer_scale
    r = lay.shoe
    # the shoe's body, with the mouth (and the next card) facing the dealer's right
    body = QPainterPath()
    body.moveTo(r.left(), r.top() + r.height() * 0.1)
    body.lineTo(r.right() - r.width() * 0.12, r.top())
    body.lineTo(r.right(), r.top() + r.height() * 0.22)
    body.lineTo(r.right(), r.bottom())
    body.lineTo(r.left(), r.bottom())
    body.closeSubpath()
    grad = QLinearGradient(r.left(), 0, r.right(), 0)
    grad.setColorAt(0, QColor("#4a1010"))
    grad.setColorAt(1, QColor("#7a1c1c"))
    p.setPen(QPen(QColor("#1a0505"), max(0.8, 1.4 * s)))
    p.setBrush(grad)
    p.drawPath(body)
    # the card at the mouth
    cw = r.width() * 0.62
    card = QRectF(r.center().x() - cw / 2, r.top() + r.height() * 0.2, cw, cw * CARD_ASPECT)
    paint_back(p, card)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(120, 20, 20, 210))
    p.drawRect(QRectF(r.left() + 1, card.top() + card.height() * 0.55, r.width() - 2, r.bottom() - card.top()
                      - card.height() * 0.55 - 1))
    _paint_box_label(p, r, "SHOE", s)


def _paint_discard(p: QPainter, lay: TableLayout) -> None:
    s = lay.dealer_scale
    r = lay.discard
    p.setPen(QPen(QColor(220, 230, 240, 200), max(0.8, 1.4 * s)))
    p.setBrush(QColor(210, 225, 240, 45))
    p.drawRoundedRect(r, 5 * s, 5 * s)
    # a few used cards lying in the rack
    cw = r.width() * 0.7
    ch = cw * CARD_ASPECT
    for i in range(3):
        card = QRectF(r.center().x() - cw / 2, r.bottom() - ch - 6 * s - i * 3 * s, cw, ch)
        paint_back(p, card)
    p.setPen(QPen(QColor(235, 240, 250, 150), max(0.6, 1 * s)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(r.adjusted(3 * s, 3 * s, -3 * s, -3 * s), 3 * s, 3 * s)
    _paint_box_label(p, r, "DISCARD", s)


def _paint_dealer(p: QPainter, lay: TableLayout, scene: TableScene | None) -> None:
    s = lay.dealer_scale
    _paint_tray(p, lay)
    _paint_shoe(p, lay)
    _paint_discard(p, lay)
    p.setFont(_font(12 * s, bold=True, spacing=30))
    p.setPen(FELT_INK)
    p.drawText(lay.dealer_label, Qt.AlignmentFlag.AlignCenter, "DEALER")
    area = lay.dealer_cards_area
    cw, ch = lay.dealer_card_size.width(), lay.dealer_card_size.height()
    if scene is not None and scene.dealer_highlight:
        _paint_highlight_ring(p, area.adjusted(-7 * s, -7 * s, 7 * s, 7 * s), s)
    # the place where the dealer's hand lies, printed on the felt
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(FELT_INK_FAINT, max(0.6, 1.2 * s), Qt.PenStyle.DashLine))
    p.drawRoundedRect(area.adjusted(-5 * s, -5 * s, 5 * s, 5 * s), 6 * s, 6 * s)
    if scene is None:
        return
    rects = lay.card_rects(area, len(scene.dealer_cards), cw, ch, 6 * s)
    _paint_cards(p, rects, scene.dealer_cards)
    if scene.dealer_cover_card:
        cover = QRectF(0, 0, cw * 1.02, ch * 1.02)
        cover.moveCenter(area.center() + QPointF(0, -2 * s))
        p.save()
        p.translate(cover.center())
        p.rotate(-9)
        p.translate(-cover.center())
        paint_card_shadow(p, cover)
        paint_cover_card(p, cover)
        p.restore()


def _free_band(lay: TableLayout, top: float, bottom: float) -> tuple[float, float]:
    """The widest span of x around the centre line that no seat's cell covers between top and bottom."""
    left, right = lay.cx - lay.frx, lay.cx + lay.frx
    for seat in lay.seats:
        c = seat.cell
        if c.bottom() < top or c.top() > bottom:
            continue
        if c.right() <= lay.cx:
            left = max(left, c.right())
        elif c.left() >= lay.cx:
            right = min(right, c.left())
        else:
            return lay.cx, lay.cx
    return left, right


def _paint_signs(p: QPainter, lay: TableLayout, scene: TableScene | None) -> None:
    """The game's name printed on the felt and the caption on a pay-table style sign."""
    s = lay.dealer_scale
    if scene is None:
        return
    pad = 10 * s
    y_bottom = lay.dealer_cards_area.top() - 18 * s
    if scene.caption:
        sign_h = 26 * s
        top = y_bottom - sign_h
        left, right = _free_band(lay, top, y_bottom)
        width = min(right - left - 2 * pad, 2 * min(lay.cx - left, right - lay.cx) - 2 * pad, lay.width * 0.62)
        if width > 40 * s:
            font = _fit_font(scene.caption, width - 2 * pad, 13 * s, min_size=6, bold=True)
            fm = QFontMetricsF(font)
            text = fm.elidedText(scene.caption, Qt.TextElideMode.ElideRight, width - 2 * pad)
            w = fm.horizontalAdvance(text) + 2 * pad
            sign = QRectF(lay.cx - w / 2, top, w, sign_h)
            p.setPen(QPen(FELT_INK, max(0.8, 1.4 * s)))
            p.setBrush(QColor(8, 40, 22, 170))
            p.drawRoundedRect(sign, 5 * s, 5 * s)
            p.setPen(QPen(FELT_INK_FAINT, max(0.5, 0.8 * s)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(sign.adjusted(3 * s, 3 * s, -3 * s, -3 * s), 3 * s, 3 * s)
            p.setFont(font)
            p.setPen(QColor("#f3e7b5"))
            p.drawText(sign, Qt.AlignmentFlag.AlignCenter, text)
            y_bottom = top - 8 * s
    if scene.game_title:
        title = scene.game_title.upper()
        h = 30 * s
        top = y_bottom - h
        left, right = _free_band(lay, top, y_bottom)
        width = min(2 * min(lay.cx - left, right - lay.cx) - 2 * pad, lay.width * 0.6)
        if width > 60 * s:
            font = _fit_font(title, width, 24 * s, min_size=7, bold=True, spacing=12)
            if QFontMetricsF(font).horizontalAdvance(title) <= width:
                p.setFont(font)
                p.setPen(QColor(236, 222, 160, 120))
                p.drawText(QRectF(lay.cx - width / 2, top, width, h), Qt.AlignmentFlag.AlignCenter, title)


def paint_table(p: QPainter, width: float, height: float, scene: TableScene | None) -> TableLayout:
    """Draw the whole table for ``scene`` (the empty felt for None) into ``width`` x ``height``."""
    lay = table_layout(scene, width, height)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    _paint_room_and_table(p, lay)
    _paint_signs(p, lay, scene)
    _paint_dealer(p, lay, scene)
    for number in range(1, len(lay.seats) + 1):
        _paint_seat(p, lay, scene, number)
    p.restore()
    return lay


# ------------------------------------------------------------------------------- widget
class TableView(QWidget):
    """A widget showing one ``TableScene`` from the dealer's position."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scene: TableScene | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(self.minimumSizeHint())

    def set_scene(self, scene: TableScene | None) -> None:
        self._scene = scene
        self.setAccessibleDescription(_describe(scene))
        self.update()

    def scene(self) -> TableScene | None:
        return self._scene

    def sizeHint(self) -> QSize:
        return QSize(900, 520)

    def minimumSizeHint(self) -> QSize:
        return QSize(480, 280)

    def hasHeightForWidth(self) -> bool:
        return False

    def seat_anchor(self, seat_number: int, size: QSize | QSizeF | None = None) -> QPointF:
        """The centre of seat ``seat_number``'s number marker when the table is ``size`` (default: now)."""
        size = self.size() if size is None else size
        return seat_anchor(self._scene, seat_number, size.width(), size.height())

    def layout_for(self, size: QSize | QSizeF | None = None) -> TableLayout:
        size = self.size() if size is None else size
        return table_layout(self._scene, size.width(), size.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            paint_table(painter, self.width(), self.height(), self._scene)
        finally:
            painter.end()


def _describe(scene: TableScene | None) -> str:
    """A short text of the scene for screen readers."""
    if scene is None:
        return "Empty table"
    parts = [scene.game_title]
    for seat in scene.seats:
        if not seat.occupied:
            continue
        cards = " ".join(c.card if c.shows_face else "face down" for c in seat.cards)
        parts.append(f"Seat {seat.seat}: {cards}".strip())
    if scene.dealer_cards:
        parts.append("Dealer: " + " ".join(c.card if c.shows_face else "face down" for c in scene.dealer_cards))
    if scene.caption:
        parts.append(scene.caption)
    return ". ".join(parts)


# ------------------------------------------------------------------------------- images
def render_scene(scene: TableScene | None, width: int, height: int, paint=paint_table) -> QImage:
    """The table for ``scene`` drawn into a ``width`` x ``height`` image (no widget needed)
    by ``paint`` (``paint_table``, or a game's own table such as Winner's Pot's).

    A QGuiApplication (or QApplication) must exist.
    """
    if QGuiApplication.instance() is None:
        raise RuntimeError(f"{paint.__name__} needs a QGuiApplication (or QApplication) to exist first")
    image = QImage(int(width), int(height), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(ROOM_BOTTOM)
    painter = QPainter(image)
    try:
        paint(painter, width, height, scene)
    finally:
        painter.end()
    return image


def save_scene_png(scene: TableScene | None, path: str | Path, width: int = 1200, height: int = 700,
                   paint=paint_table) -> Path:
    """Render ``scene`` (by ``paint``) and save it as a PNG at ``path``; returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not render_scene(scene, width, height, paint).save(str(path), "PNG"):
        raise OSError(f"could not write {path}")
    return path


__all__ = [
    "FELT_COLOUR", "HIGHLIGHT", "SeatGeometry", "SpotGeometry", "TableLayout", "TableView", "paint_table",
    "render_scene", "save_scene_png", "seat_anchor", "table_layout",
]
