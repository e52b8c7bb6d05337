"""The Pokette layout drawn with QPainter: the grid of trainer ruling P3 (jokers above
the clubs and diamonds columns, ace row at the top), the outside wagers around it
(rank groups on the left, single ranks on the right, suits and red/black below), the
card stand and the poker hand wagers beside it, chips of several players, the marker on
the winning card. A ``PoketteScene`` with a ``wheel`` pose shows the wheel at rest
instead (drawn by the pygame renderer of wheel_widget.py).

``PoketteLayoutView`` is a question scene view (``set_scene``) and the drill's playing
surface: ``set_interactive`` lets the trainee click cards (``section_clicked``) and
chips (``chip_clicked``, the chip's index in ``scene.chips``).

Everything is drawn on a fixed design canvas (``CANVAS``) scaled to the widget, so the
view is crisp at any size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor, QFont, QLinearGradient, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen, QRadialGradient,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from trainer.core.scene import CardView
from trainer.games.pokette.layout import (
    BLACK, DOUBLE_RANK, JACER, POKER, RANK_GROUPS, RED, SINGLE_RANK, SUIT, Placement, default_layout,
)
from trainer.games.pokette.table import COLLECTED, PAID, ChipView, PoketteScene
from trainer.games.pokette.wheel import ALL_SECTIONS, Section, rank_text
from trainer.ui import table_view
from trainer.ui.card_art import BLACK as CARD_BLACK
from trainer.ui.card_art import FACE_WHITE as CARD_WHITE
from trainer.ui.card_art import JOKER_INK, paint_card, paint_card_shadow, paint_suit, paint_text_box
from trainer.ui.card_art import RED as CARD_RED
from trainer.ui.chips import amount_label
from trainer.ui.table_view import FELT_COLOUR as FELT
from trainer.ui.table_view import FELT_DARK, FELT_LIGHT, HIGHLIGHT, ROOM_BOTTOM, ROOM_TOP

# ------------------------------------------------------------------ colours and sizes
# The room, the felt and the cards are the card table's (trainer.ui.table_view, card_art).
INK = QColor(236, 222, 160, 225)  # printed lines and words on the felt
INK_FAINT = QColor(236, 222, 160, 90)
JOKER_GOLD = QColor("#e8b41e")
HOVER = QColor(255, 255, 255, 60)
OFFERED = QColor("#ffd43b")

# One colour per seat (§(d)(2): each player's non-value chips differ in colour).
SEAT_COLOURS = {
    1: QColor("#00897b"), 2: QColor("#7b1fa2"), 3: QColor("#ef6c00"), 4: QColor("#1565c0"),
    5: QColor("#c2185b"), 6: QColor("#9e7700"), 7: QColor("#455a64"),
}

CELL_W, CELL_H = 84.0, 44.0
GROUP_W = 76.0
RANK_W = 62.0
MARGIN = 22.0
TOP = 60.0  # the title band above the joker row
BOX_H = 48.0
PANEL_GAP = 34.0
RANK_CHIP_X = 43.0  # a rank box's chip, from its left edge (the rank is printed left of it)
PANEL_W = 300.0
CHIP_R = 15.0
CARD_W, CARD_H = 80.0, 112.0
POKER_ROW_H = 44.0

GRID_X = MARGIN + GROUP_W
JOKER_Y = TOP
GRID_Y = TOP + CELL_H
GRID_W = 4 * CELL_W
GRID_H = 13 * CELL_H
RANK_X = GRID_X + GRID_W
SUIT_Y = GRID_Y + GRID_H + 8.0
COLOUR_Y = SUIT_Y + BOX_H + 6.0
PANEL_X = RANK_X + RANK_W + PANEL_GAP
CANVAS = QSize(int(PANEL_X + PANEL_W + MARGIN + 12), int(COLOUR_Y + BOX_H + MARGIN + 10))


def _font(px: float, bold: bool = False, spacing: float = 0.0) -> QFont:
    f = QFont()
    f.setPixelSize(max(1, int(round(px))))
    f.setBold(bold)
    if spacing:
        f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
    return f


# ------------------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Geometry:
    """Where things are on the design canvas."""

    def cell(self, s: Section) -> QRectF:
        r, c = default_layout().position(s)
        y = JOKER_Y if r < 0 else GRID_Y + r * CELL_H
        return QRectF(GRID_X + c * CELL_W, y, CELL_W, CELL_H)

    def rank_box(self, rank: int) -> QRectF:
        r = default_layout().rows.index(rank)
        return QRectF(RANK_X, GRID_Y + r * CELL_H, RANK_W, CELL_H)

    def group_box(self, wager: str) -> QRectF:
        g = default_layout().group(wager)
        rows = sorted(default_layout().rows.index(r) for r in g.ranks)
        return QRectF(MARGIN, GRID_Y + rows[0] * CELL_H, GROUP_W, (rows[-1] - rows[0] + 1) * CELL_H)

    def suit_box(self, suit: str) -> QRectF:
        c = default_layout().columns.index(suit)
        return QRectF(GRID_X + c * CELL_W, SUIT_Y, CELL_W, BOX_H)

    def colour_box(self, wager: str) -> QRectF:
        cols = default_layout().columns
        blacks = [i for i, s in enumerate(cols) if s in "sc"]
        reds = [i for i, s in enumerate(cols) if s in "hd"]
        idx = blacks if wager == BLACK else reds
        lo, hi = min(idx), max(idx)
        return QRectF(GRID_X + lo * CELL_W, COLOUR_Y, (hi - lo + 1) * CELL_W, BOX_H)

    def stand_slot(self, i: int) -> QRectF:
        gap = (PANEL_W - 3 * CARD_W) / 2
        return QRectF(PANEL_X + i * (CARD_W + gap), TOP + 34, CARD_W, CARD_H)

    def poker_row(self, wager: str) -> QRectF:
        i = POKER.index(wager)
        top = TOP + 34 + CARD_H + 64
        return QRectF(PANEL_X, top + i * POKER_ROW_H, PANEL_W, POKER_ROW_H - 6)

    def anchor(self, p: Placement) -> QPointF:
        """Where a chip on ``p`` sits: on a card, on the line two cards share, on the corner
        four share, or in the outside box."""
        if p.sections:
            pts = [self.cell(s).center() for s in p.sections]
            return QPointF(sum(q.x() for q in pts) / len(pts), sum(q.y() for q in pts) / len(pts))
        if p.wager == SINGLE_RANK:
            box = self.rank_box(p.ranks[0])
            return QPointF(box.left() + RANK_CHIP_X, box.center().y())
        if p.wager == DOUBLE_RANK:
            a, b = (self.rank_box(r) for r in p.ranks)
            return QPointF(a.left() + RANK_CHIP_X, (a.center().y() + b.center().y()) / 2)
        if p.wager in RANK_GROUPS:
            box = self.group_box(p.wager)
            return QPointF(box.center().x(), box.bottom() - 22)
        if p.wager == SUIT:
            box = self.suit_box(p.suit)
            return QPointF(box.right() - 22, box.center().y())
        if p.wager in (RED, BLACK):
            box = self.colour_box(p.wager)
            return QPointF(box.right() - 24, box.center().y())
        if p.wager == JACER:
            jk = [self.cell(s).center() for s in default_layout().jacer]
            return QPointF(sum(q.x() for q in jk) / 4, sum(q.y() for q in jk) / 4)
        row = self.poker_row(p.wager)
        return QPointF(row.right() - 24, row.center().y())

    def chip_centres(self, chips: tuple[ChipView, ...]) -> list[QPointF]:
        """Each chip's centre; chips on the same place fan out so each stays readable."""
        seen: dict[tuple[float, float], int] = {}
        out = []
        for chip in chips:
            a = self.anchor(chip.placement)
            key = (round(a.x(), 1), round(a.y(), 1))
            n = seen.get(key, 0)
            seen[key] = n + 1
            if chip.placement.is_poker:
                out.append(QPointF(a.x() - n * CHIP_R * 1.25, a.y()))
            else:
                out.append(QPointF(a.x() + n * CHIP_R * 0.95, a.y() - n * CHIP_R * 0.5))
        return out


GEOMETRY = Geometry()


def canvas_transform(width: float, height: float, canvas: QSize = CANVAS) -> QTransform:
    """Design canvas -> widget: uniform scale, centred."""
    scale = min(width / canvas.width(), height / canvas.height())
    dx = (width - canvas.width() * scale) / 2
    dy = (height - canvas.height() * scale) / 2
    return QTransform(scale, 0, 0, scale, dx, dy)


# ------------------------------------------------------------------------- painting
def _paint_room(p: QPainter, width: float, height: float) -> None:
    g = QLinearGradient(0, 0, 0, height)
    g.setColorAt(0, ROOM_TOP)
    g.setColorAt(1, ROOM_BOTTOM)
    p.fillRect(QRectF(0, 0, width, height), g)


def _paint_felt(p: QPainter) -> None:
    rect = QRectF(6, 6, CANVAS.width() - 12, CANVAS.height() - 12)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawRoundedRect(rect.translated(0, 5), 22, 22)
    g = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.75)
    g.setColorAt(0, FELT_LIGHT)
    g.setColorAt(0.65, FELT)
    g.setColorAt(1, FELT_DARK)
    p.setBrush(g)
    p.setPen(QPen(QColor("#3b2414"), 7))
    p.drawRoundedRect(rect, 22, 22)
    p.setPen(QPen(INK_FAINT, 1.4))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(rect.adjusted(11, 11, -11, -11), 14, 14)


def _ink_text(p: QPainter, rect: QRectF, text: str, px: float, *, bold: bool = True, colour: QColor = INK,
              align=Qt.AlignmentFlag.AlignCenter, spacing: float = 0.0) -> None:
    p.setFont(_font(px, bold, spacing))
    p.setPen(colour)
    p.drawText(rect, int(align), text)


def _paint_cell_face(p: QPainter, rect: QRectF, s: Section, dim: bool = False) -> None:
    """A small landscape card face: rank on the left, suit on the right."""
    face = rect.adjusted(5, 5, -5, -5)
    p.setPen(QPen(QColor(0, 0, 0, 70), 1))
    p.setBrush(CARD_WHITE if not dim else QColor("#e9e9e4"))
    p.drawRoundedRect(face, 5, 5)
    if s.is_joker:
        paint_text_box(p, "JOKER", QRectF(face.left() + 8, face.top() + 8, face.width() * 0.56, face.height() - 16),
                       JOKER_INK)
        paint_text_box(p, str(s.joker), QRectF(face.right() - 24, face.top() + 6, 16, face.height() - 12), JOKER_GOLD)
        return
    ink = CARD_RED if s.is_red else CARD_BLACK
    paint_text_box(p, rank_text(s.rank), QRectF(face.left() + 10, face.top() + 7, face.width() * 0.36,
                                                face.height() - 14), ink, align=Qt.AlignmentFlag.AlignLeft)
    paint_suit(p, s.suit, QPointF(face.right() - 21, face.center().y()), face.height() * 0.62)


def _paint_grid(p: QPainter, scene: PoketteScene | None, hover: str | None) -> None:
    lay = default_layout()
    g = GEOMETRY
    # the printed frame of the grid and its outside boxes
    p.setPen(QPen(INK, 1.6))
    p.setBrush(QColor(0, 0, 0, 22))
    p.drawRect(QRectF(GRID_X, GRID_Y, GRID_W, GRID_H))
    for s in lay.in_layout_order(ALL_SECTIONS):  # every card and joker
        rect = g.cell(s)
        p.setPen(QPen(INK, 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect)
        _paint_cell_face(p, rect, s)
        if hover == str(s):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(HOVER)
            p.drawRect(rect)
    # jacer: the block of the two jokers and the aces beneath them
    jk = [g.cell(s) for s in lay.jacer]
    block = jk[0]
    for r in jk[1:]:
        block = block.united(r)
    p.setPen(QPen(HIGHLIGHT.darker(120), 2.2, Qt.PenStyle.DashLine))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(block.adjusted(-2, -2, 2, 2))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    _ink_text(p, QRectF(block.left() - 86, block.top() + 3, 78, 20), "JACER", 12.5, spacing=1.2, align=right)
    _ink_text(p, QRectF(block.left() - 86, block.top() + 21, 78, 16), f"{_odds_texts()[JACER]} ▸", 11,
              bold=False, align=right)
    # single ranks (right), rank groups (left)
    for rank in lay.rows:
        rect = g.rank_box(rank)
        p.setPen(QPen(INK, 1.2))
        p.setBrush(QColor(0, 0, 0, 30))
        p.drawRect(rect)
        _ink_text(p, QRectF(rect.left() + 2, rect.top(), 26, rect.height()), rank_text(rank), 16)
    _ink_text(p, QRectF(RANK_X, GRID_Y - CELL_H * 0.62, RANK_W, CELL_H * 0.5), "RANK", 11, spacing=1.0)
    for wager in RANK_GROUPS:
        rect = g.group_box(wager)
        grp = lay.group(wager)
        p.setPen(QPen(INK, 1.2))
        p.setBrush(QColor(0, 0, 0, 30))
        p.drawRect(rect)
        ranks = "-".join(rank_text(r) for r in grp.ranks)
        _ink_text(p, QRectF(rect.left(), rect.top() + 12, rect.width(), 22), ranks, 15)
        _ink_text(p, QRectF(rect.left(), rect.top() + 34, rect.width(), 16), "+", 12, bold=False)
        plus = QRectF(rect.left() + rect.width() / 2 - 18, rect.top() + 50, 36, 22)
        paint_text_box(p, "2", QRectF(plus.left(), plus.top() + 3, 12, 16), INK)
        paint_suit(p, grp.deuce.suit, QPointF(plus.left() + 26, plus.center().y()), 16)
    _ink_text(p, QRectF(MARGIN, GRID_Y - CELL_H * 0.62, GROUP_W, CELL_H * 0.5), "3 RANKS", 11, spacing=1.0)
    # suits and colours below
    for suit in lay.columns:
        rect = g.suit_box(suit)
        p.setPen(QPen(INK, 1.2))
        p.setBrush(QColor(0, 0, 0, 30))
        p.drawRect(rect)
        paint_suit(p, suit, QPointF(rect.left() + 28, rect.center().y()), 24)
    for wager, colour in ((BLACK, QColor("#161616")), (RED, QColor("#b3121f"))):
        rect = g.colour_box(wager)
        p.setPen(QPen(INK, 1.2))
        p.setBrush(QColor(0, 0, 0, 30))
        p.drawRect(rect)
        lozenge = QPainterPath()
        c = QPointF(rect.left() + 66, rect.center().y())
        lozenge.moveTo(c.x() - 56, c.y())
        lozenge.lineTo(c.x(), c.y() - 16)
        lozenge.lineTo(c.x() + 56, c.y())
        lozenge.lineTo(c.x(), c.y() + 16)
        lozenge.closeSubpath()
        p.setPen(QPen(INK, 1.2))
        p.setBrush(colour)
        p.drawPath(lozenge)
        _ink_text(p, QRectF(c.x() - 50, rect.top(), 100, rect.height()), wager.upper(), 13,
                  colour=QColor("#ffffff"), spacing=1.5)
    # the title
    _ink_text(p, QRectF(MARGIN, 14, GROUP_W + CELL_W * 1.0, 32), "POKETTE", 22, spacing=3.0,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


def _paint_selection(p: QPainter, scene: PoketteScene) -> None:
    for text in scene.selected:
        try:
            rect = GEOMETRY.cell(Section.parse(text))
        except Exception:
            continue
        p.setPen(QPen(HIGHLIGHT, 3.2))
        p.setBrush(QColor(255, 212, 59, 70))
        p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))


def _paint_panel(p: QPainter, scene: PoketteScene | None) -> None:
    g = GEOMETRY
    _ink_text(p, QRectF(PANEL_X, TOP, PANEL_W, 26), "CARD STAND", 13, spacing=2.0,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    stand = scene.stand if scene else ()
    for i in range(3):
        slot = g.stand_slot(i)
        p.setPen(QPen(INK_FAINT, 1.4, Qt.PenStyle.DashLine))
        p.setBrush(QColor(0, 0, 0, 40))
        p.drawRoundedRect(slot.adjusted(-4, -4, 4, 4), 9, 9)
        if i < len(stand):
            paint_card_shadow(p, slot)
            highlight = bool(scene and scene.stand_new and i == len(stand) - 1)
            paint_card(p, slot, CardView(stand[i], True, highlight=highlight))
        else:
            _ink_text(p, slot, str(i + 1), 30, colour=INK_FAINT)
    top = g.poker_row(POKER[0]).top() - 32
    _ink_text(p, QRectF(PANEL_X, top, PANEL_W, 26), "POKER HAND WAGERS", 13, spacing=2.0,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    odds = _odds_texts()
    offered = set(scene.offered) if scene else set()
    for wager in POKER:
        row = g.poker_row(wager)
        lit = wager in offered
        p.setPen(QPen(OFFERED if lit else INK_FAINT, 2.2 if lit else 1.2))
        p.setBrush(QColor(255, 212, 59, 40) if lit else QColor(0, 0, 0, 30))
        p.drawRoundedRect(row, 7, 7)
        colour = QColor("#ffffff") if lit else INK
        _ink_text(p, QRectF(row.left() + 11, row.top(), 172, row.height()), wager.upper(), 11.5,
                  colour=colour, spacing=0.3, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        _ink_text(p, QRectF(row.left() + 176, row.top(), 52, row.height()), odds.get(wager, ""), 11.5, bold=False,
                  colour=colour, align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    _paint_legend(p, scene)


def _paint_legend(p: QPainter, scene: PoketteScene | None) -> None:
    """Which colour is which seat, for the seats with chips on the layout."""
    seats = scene.seats() if scene else ()
    if not seats:
        return
    top = GEOMETRY.poker_row(POKER[-1]).bottom() + 22
    _ink_text(p, QRectF(PANEL_X, top, PANEL_W, 22), "PLAYERS", 13, spacing=2.0,
              align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    per_row = 4
    for i, seat in enumerate(seats):
        x = PANEL_X + (i % per_row) * (PANEL_W / per_row)
        y = top + 36 + (i // per_row) * 30
        paint_chip(p, QPointF(x + 11, y), seat, 0, radius=10)
        _ink_text(p, QRectF(x + 25, y - 11, PANEL_W / per_row - 26, 22), f"Seat {seat}", 12.5,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)


@lru_cache(maxsize=1)
def _odds_texts() -> dict[str, str]:
    from trainer.games.pokette.rules_data import rules_data

    table = rules_data().option_table("pay_table", rules_data().house_options["pay_table"].default)
    return {w: str(table.row_for(w).odds) for w in POKER + (JACER,)}


def _chip_text(cents: int) -> str:
    text = amount_label(cents).removeprefix("$")
    return text


def paint_chip(p: QPainter, centre: QPointF, seat: int, cents: int, *, tag: str = "", highlight: bool = False,
               radius: float = CHIP_R, hover: bool = False) -> None:
    """A player's chip seen from above: the seat's colour, white inserts on the edge, the
    amount on top; ``tag`` a letter in a badge."""
    colour = SEAT_COLOURS.get(seat, QColor("#607d8b"))
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 110))
    p.drawEllipse(centre + QPointF(1.2, 2.2), radius, radius)
    if highlight or hover:
        p.setBrush(HIGHLIGHT if highlight else QColor(255, 255, 255, 180))
        p.drawEllipse(centre, radius + 3.4, radius + 3.4)
    p.setBrush(colour)
    p.setPen(QPen(colour.darker(170), 1.0))
    p.drawEllipse(centre, radius, radius)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 230))
    for k in range(6):
        p.save()
        p.translate(centre)
        p.rotate(k * 60 + 15)
        p.drawRect(QRectF(-radius * 0.16, -radius * 0.98, radius * 0.32, radius * 0.26))
        p.restore()
    p.setBrush(colour.lighter(118))
    p.setPen(QPen(QColor(255, 255, 255, 150), 0.9, Qt.PenStyle.DashLine))
    p.drawEllipse(centre, radius * 0.64, radius * 0.64)
    text = _chip_text(cents) if cents else ""
    if text:
        box = QRectF(centre.x() - radius * 0.56, centre.y() - radius * 0.36, radius * 1.12, radius * 0.72)
        if len(text) <= 2:
            box = box.adjusted(radius * 0.12, 0, -radius * 0.12, 0)
        paint_text_box(p, text, box, QColor("#ffffff"))
    if tag:
        b = QPointF(centre.x() + radius * 0.82, centre.y() - radius * 0.82)
        p.setPen(QPen(QColor("#1b2a23"), 1.0))
        p.setBrush(QColor("#fff8d6"))
        p.drawEllipse(b, radius * 0.55, radius * 0.55)
        paint_text_box(p, tag, QRectF(b.x() - radius * 0.28, b.y() - radius * 0.3, radius * 0.56, radius * 0.6),
                       QColor("#1b2a23"))
    p.restore()


def _paint_payout(p: QPainter, centre: QPointF, cents: int) -> None:
    text = "+" + amount_label(cents)
    font = _font(11.5, True)
    p.setFont(font)
    width = p.fontMetrics().horizontalAdvance(text) + 12
    rect = QRectF(centre.x() + CHIP_R * 0.7, centre.y() + CHIP_R * 0.35, width, 17)
    p.setPen(QPen(QColor("#7d6224"), 1))
    p.setBrush(QColor("#fff3c4"))
    p.drawRoundedRect(rect, 8, 8)
    p.setPen(QColor("#3b2a00"))
    p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), text)


def paint_marker(p: QPainter, rect: QRectF) -> None:
    """The marker (dolly) on the winning card."""
    c = QPointF(rect.center().x() + 2, rect.top() + 9)
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 110))
    p.drawEllipse(c + QPointF(1.5, 2.5), 9, 9)
    g = QRadialGradient(c - QPointF(3, 3), 11)
    g.setColorAt(0, QColor("#ffffff"))
    g.setColorAt(0.6, QColor("#e8eef5"))
    g.setColorAt(1, QColor("#9aa7b5"))
    p.setBrush(g)
    p.setPen(QPen(QColor("#4d5a66"), 1.2))
    p.drawEllipse(c, 9, 9)
    p.setBrush(QColor("#c9a227"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(c, 3.8, 3.8)
    p.restore()
    p.save()
    p.setPen(QPen(HIGHLIGHT, 3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
    p.restore()


def _paint_chips(p: QPainter, scene: PoketteScene, hover_chip: int | None) -> None:
    centres = GEOMETRY.chip_centres(scene.chips)
    for i, (chip, c) in enumerate(zip(scene.chips, centres)):
        if chip.state == COLLECTED:
            continue
        paint_chip(p, c, chip.seat, chip.amount, tag=chip.tag, highlight=chip.highlight, hover=i == hover_chip)
        if chip.state == PAID and chip.paid:
            _paint_payout(p, c, chip.paid)


def _paint_caption(p: QPainter, scene: PoketteScene | None) -> None:
    if not scene or not scene.caption:
        return
    rect = QRectF(GRID_X + CELL_W * 1.6, 14, RANK_X + RANK_W - GRID_X - CELL_W * 1.6 + PANEL_GAP + PANEL_W, 32)
    p.setFont(_font(14, True))
    width = min(rect.width(), p.fontMetrics().horizontalAdvance(scene.caption) + 28)
    pill = QRectF(rect.right() - width, rect.top() + 2, width, 28)
    p.setPen(QPen(QColor(0, 0, 0, 120), 1))
    p.setBrush(QColor(0, 0, 0, 90))
    p.drawRoundedRect(pill, 14, 14)
    p.setPen(QColor("#ffe08a"))
    p.drawText(pill, int(Qt.AlignmentFlag.AlignCenter), scene.caption)


def paint_layout(p: QPainter, width: float, height: float, scene: PoketteScene | None, *,
                 hover_section: str | None = None, hover_chip: int | None = None) -> QTransform:
    """The whole layout scaled into ``width`` x ``height``; returns the canvas transform."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    _paint_room(p, width, height)
    t = canvas_transform(width, height)
    p.setTransform(t)
    _paint_felt(p)
    _paint_grid(p, scene, hover_section)
    if scene is not None:
        _paint_selection(p, scene)
    _paint_panel(p, scene)
    if scene is not None:
        _paint_chips(p, scene, hover_chip)
        if scene.marker:
            try:
                paint_marker(p, GEOMETRY.cell(Section.parse(scene.marker)))
            except Exception:
                pass
    _paint_caption(p, scene)
    p.restore()
    return t


# --------------------------------------------------------------------- the wheel pose
WHEEL_CANVAS = QSize(820, 900)
_wheel_cache: dict[tuple, object] = {}


def _wheel_image(order: tuple[str, ...], size: int, rest: float):
    key = (order, size, round(rest, 4))
    img = _wheel_cache.get(key)
    if img is None:
        from trainer.ui.pokette.wheel_widget import render_wheel_image  # pygame only when a wheel is shown

        if len(_wheel_cache) > 8:
            _wheel_cache.clear()
        img = render_wheel_image(order, size, rest, background=(24, 27, 32))
        _wheel_cache[key] = img
    return img


def paint_wheel_pose(p: QPainter, width: float, height: float, scene: PoketteScene) -> None:
    """The wheel at rest filling the view, the posted sign under it."""
    pose = scene.wheel
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.fillRect(QRectF(0, 0, width, height), QColor(24, 27, 32))
    caption_h = 96.0 if pose.caption else 40.0
    side = max(64.0, min(width - 24, height - caption_h - 24))
    x = (width - side) / 2
    ratio = p.device().devicePixelRatioF() if p.device() is not None else 1.0
    img = _wheel_image(pose.order, int(side * ratio), pose.rest)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.drawImage(QRectF(x, 12, side, side), img, QRectF(0, 0, img.width(), img.height()))
    if pose.caption:
        sign = QRectF(width / 2 - min(width - 40, 560) / 2, 12 + side + 14, min(width - 40, 560), 58)
        p.setPen(QPen(QColor("#c9a227"), 2))
        p.setBrush(QColor("#1a1206"))
        p.drawRoundedRect(sign, 8, 8)
        p.setPen(QColor("#ffe08a"))
        p.setFont(_font(max(11.0, min(18.0, sign.width() / 34)), True))
        p.drawText(sign.adjusted(12, 4, -12, -4), int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                   pose.caption)
    p.restore()


# --------------------------------------------------------------------------- the widget
class PoketteLayoutView(QWidget):
    """Draws a ``PoketteScene``. Interactive when asked: cards and chips can be clicked."""

    section_clicked = Signal(str)
    chip_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._scene: PoketteScene | None = None
        self._cells_active = False
        self._chips_active = False
        self._hover_section: str | None = None
        self._hover_chip: int | None = None
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(360, 320)
        self.setMouseTracking(True)
        self.setAccessibleName("Pokette layout")

    # -- scene
    def set_scene(self, scene: PoketteScene | None) -> None:
        self._scene = scene
        self._hover_chip = None
        self.setAccessibleDescription(describe(scene))
        self.update()

    def scene(self) -> PoketteScene | None:
        return self._scene

    def set_interactive(self, cells: bool, chips: bool) -> None:
        self._cells_active = cells
        self._chips_active = chips
        self._hover_section = None
        self._hover_chip = None
        self.setCursor(Qt.CursorShape.PointingHandCursor if (cells or chips) else Qt.CursorShape.ArrowCursor)
        self.update()

    # -- geometry in widget coordinates
    def transform(self) -> QTransform:
        return canvas_transform(self.width(), self.height())

    def cell_rect(self, section: str) -> QRectF:
        return self.transform().mapRect(GEOMETRY.cell(Section.parse(section)))

    def chip_centre(self, index: int) -> QPointF:
        return self.transform().map(GEOMETRY.chip_centres(self._scene.chips)[index])

    def section_at(self, pos: QPointF) -> str | None:
        inv, ok = self.transform().inverted()
        if not ok:
            return None
        q = inv.map(QPointF(pos))
        for s in ALL_SECTIONS:
            if GEOMETRY.cell(s).contains(q):
                return str(s)
        return None

    def chip_at(self, pos: QPointF) -> int | None:
        if self._scene is None:
            return None
        inv, ok = self.transform().inverted()
        if not ok:
            return None
        q = inv.map(QPointF(pos))
        centres = GEOMETRY.chip_centres(self._scene.chips)
        for i in reversed(range(len(centres))):  # the topmost chip first
            if self._scene.chips[i].state == COLLECTED:
                continue
            d = centres[i] - q
            if d.x() * d.x() + d.y() * d.y() <= (CHIP_R + 2) ** 2:
                return i
        return None

    # -- events
    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pos = event.position()
        chip = self.chip_at(pos) if self._chips_active else None
        section = self.section_at(pos) if self._cells_active and chip is None else None
        if chip != self._hover_chip or section != self._hover_section:
            self._hover_chip, self._hover_section = chip, section
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        self._hover_chip = self._hover_section = None
        self.update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        pos = event.position()
        if self._chips_active:
            chip = self.chip_at(pos)
            if chip is not None:
                self.chip_clicked.emit(chip)
                return
        if self._cells_active:
            section = self.section_at(pos)
            if section is not None:
                self.section_clicked.emit(section)
                return
        super().mousePressEvent(event)

    # -- painting
    def sizeHint(self) -> QSize:
        return QSize(CANVAS.width(), CANVAS.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(360, 320)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            if self._scene is not None and self._scene.wheel is not None:
                paint_wheel_pose(painter, self.width(), self.height(), self._scene)
            else:
                paint_layout(painter, self.width(), self.height(), self._scene,
                             hover_section=self._hover_section, hover_chip=self._hover_chip)
        finally:
            painter.end()


def describe(scene: PoketteScene | None) -> str:
    """A short text of the scene for screen readers."""
    if scene is None:
        return "Pokette layout"
    parts = ["Pokette layout"]
    if scene.wheel is not None:
        parts.append("the wheel at rest")
    if scene.marker:  # cards as cards, never as codes
        parts.append(f"marker on {Section.parse(scene.marker).label()}")
    if scene.stand:
        parts.append("card stand: " + " ".join(Section.parse(c).label() for c in scene.stand))
    for chip in scene.chips:
        if chip.state != COLLECTED:
            parts.append(f"seat {chip.seat}: {chip.placement.label()} {amount_label(chip.amount)}"
                         + (f" ({chip.tag})" if chip.tag else ""))
    if scene.caption:
        parts.append(scene.caption)
    return ". ".join(parts)


def paint_scene(painter: QPainter, width: float, height: float, scene: PoketteScene | None) -> None:
    """The layout, or the wheel's pose when the scene has the wheel turning."""
    if scene is not None and scene.wheel is not None:
        paint_wheel_pose(painter, width, height, scene)
    else:
        paint_layout(painter, width, height, scene)


def render_scene(scene: PoketteScene | None, width: int, height: int):
    """The scene drawn into a ``width`` x ``height`` QImage (a QGuiApplication must exist)."""
    return table_view.render_scene(scene, width, height, paint_scene)


__all__ = [
    "CANVAS", "GEOMETRY", "Geometry", "PoketteLayoutView", "SEAT_COLOURS", "canvas_transform", "describe",
    "paint_chip", "paint_layout", "paint_marker", "render_scene",
]
