"""Playing cards drawn as vector art, crisp at any size.

Suit symbols, the joker emblem and the card back are our own SVG drawings in
``resources/cards`` (rendered with ``QSvgRenderer``, one renderer per file, cached);
rank indexes are text in the default sans font, drawn as outlines so they scale
smoothly. Nothing here depends on a font having suit glyphs.

Public API:
- ``paint_card(painter, rect, view)``: a face, or the back when the card is face down;
- ``paint_cover_card(painter, rect)``: the solid yellow cover card;
- ``paint_card_shadow(painter, rect)``: a soft shadow to put under a card on the felt;
- ``card_image(text_or_none, width, height, face_up=True) -> QImage``;
- ``CARD_ASPECT`` (height / width of a poker-size card, 3.5 / 2.5).

A ``QGuiApplication`` (or ``QApplication``) must exist before anything is drawn.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

from trainer.core.cards import SUIT_NAMES, Card
from trainer.core.scene import CardView
from trainer.paths import resource

CARD_ASPECT = 3.5 / 2.5

RED = QColor("#c8102e")
BLACK = QColor("#141414")
JOKER_INK = QColor("#4a148c")
FACE_WHITE = QColor("#fdfdfa")
EDGE_GREY = QColor("#8d939b")
COURT_TINT = QColor("#fbf1d6")
COVER_YELLOW = QColor("#f7d117")
COVER_EDGE = QColor("#b89400")
CARD_HIGHLIGHT = QColor("#ff8f00")

# Where the pips of A-10 sit, as (column, row) in the pip box: column 0 left, 0.5 middle,
# 1 right; row 0 top, 1 bottom. Pips below the middle are drawn upside down, as printed.
_T = 1 / 3
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    14: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, _T), (1, _T), (0.5, 0.5), (0, 2 * _T), (1, 2 * _T), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, _T), (1, _T), (0, 2 * _T), (1, 2 * _T),
         (0.5, 5 / 6), (0, 1), (1, 1)),
}

# Below this width (in device pixels) a face shows a large index and one large suit
# instead of the full pip layout, which would be too small to read.
COMPACT_WIDTH = 64.0
# The corner index (rank and suit): its centre and widest extent, as fractions of the card's
# width, on a compact (small) card and on a full one.
INDEX_COMPACT = (0.27, 0.48)
INDEX_FULL = (0.105, 0.17)


def index_reach(card_width: float) -> float:
    """How far from its left edge a card of ``card_width`` shows its index ("10" included),
    as a fraction of its width: an overlapping card must leave at least this much in view."""
    mid, width = INDEX_COMPACT if card_width < COMPACT_WIDTH else INDEX_FULL
    return mid + width / 2 + 0.03


# ---------------------------------------------------------------------------------- SVG
@cache
def svg_renderer(name: str) -> QSvgRenderer:
    """The cached renderer for ``resources/cards/<name>.svg`` ('suit-hearts', 'back', ...)."""
    path = resource("cards", f"{name}.svg")
    renderer = QSvgRenderer(str(path))
    if not renderer.isValid():
        raise FileNotFoundError(f"cannot load card art {path}")
    return renderer


def suit_renderer(suit: str) -> QSvgRenderer:
    return svg_renderer(f"suit-{SUIT_NAMES[suit]}")


def paint_suit(painter: QPainter, suit: str, center: QPointF, size: float, upside_down: bool = False) -> None:
    """One suit symbol ('s', 'h', 'd', 'c'), ``size`` pixels square, centred on ``center``."""
    box = QRectF(-size / 2, -size / 2, size, size)
    painter.save()
    painter.translate(center)
    if upside_down:
        painter.rotate(180)
    suit_renderer(suit).render(painter, box)
    painter.restore()


# --------------------------------------------------------------------------------- text
@lru_cache(maxsize=256)
def _glyph_path(text: str, bold: bool) -> QPainterPath:
    """``text`` as an outline at a 100 px reference size (the default sans font)."""
    font = QFont()
    font.setPixelSize(100)
    font.setBold(bold)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    return path


def paint_text_box(painter: QPainter, text: str, box: QRectF, color: QColor, *, bold: bool = True,
                   align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, rotate180: bool = False) -> None:
    """Draw ``text`` as an outline scaled to fit ``box`` (its ink, not its line box)."""
    path = _glyph_path(text, bold)
    ink = path.boundingRect()
    if ink.isEmpty() or box.isEmpty():
        return
    scale = min(box.width() / ink.width(), box.height() / ink.height())
    w, h = ink.width() * scale, ink.height() * scale
    if align & Qt.AlignmentFlag.AlignLeft:
        x = box.left()
    elif align & Qt.AlignmentFlag.AlignRight:
        x = box.right() - w
    else:
        x = box.center().x() - w / 2
    y = box.center().y() - h / 2
    painter.save()
    if rotate180:
        painter.translate(box.center())
        painter.rotate(180)
        painter.translate(-box.center())
    painter.translate(x, y)
    painter.scale(scale, scale)
    painter.translate(-ink.left(), -ink.top())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPath(path)
    painter.restore()


def _text_height_for(text: str, bold: bool, width: float, height: float) -> QRectF:
    """The box ``text`` fills when scaled to at most ``width`` x ``height``, at the origin."""
    ink = _glyph_path(text, bold).boundingRect()
    scale = min(width / ink.width(), height / ink.height())
    return QRectF(0, 0, ink.width() * scale, ink.height() * scale)


# -------------------------------------------------------------------------------- cards
def _corner_radius(rect: QRectF) -> float:
    return rect.width() * 0.075


def _card_outline(painter: QPainter, rect: QRectF, fill: QColor, edge: QColor) -> None:
    r = _corner_radius(rect)
    pen = QPen(edge, max(0.6, rect.width() * 0.012))
    painter.setPen(pen)
    painter.setBrush(fill)
    half = pen.widthF() / 2
    painter.drawRoundedRect(rect.adjusted(half, half, -half, -half), r, r)


def paint_card_shadow(painter: QPainter, rect: QRectF) -> None:
    """A soft shadow below and right of a card lying on the felt."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    r = _corner_radius(rect)
    d = rect.width() * 0.035
    for i, alpha in enumerate((40, 30, 20)):
        painter.setBrush(QColor(0, 0, 0, alpha))
        grow = i * d * 0.5
        painter.drawRoundedRect(rect.translated(d, d * 1.4).adjusted(-grow, -grow, grow, grow), r + grow, r + grow)
    painter.restore()


def paint_highlight_outline(painter: QPainter, rect: QRectF, color: QColor = CARD_HIGHLIGHT) -> None:
    """A coloured outline just outside a card, for a card the question points at."""
    painter.save()
    width = max(2.0, rect.width() * 0.07)
    grow = width * 0.55
    r = _corner_radius(rect) + grow
    glow = QColor(color)
    glow.setAlpha(90)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(glow, width * 2.2))
    painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), r, r)
    painter.setPen(QPen(color, width))
    painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), r, r)
    painter.restore()


def paint_back(painter: QPainter, rect: QRectF) -> None:
    """The back of a card (``back.svg``), stretched to ``rect``."""
    svg_renderer("back").render(painter, rect)


def paint_cover_card(painter: QPainter, rect: QRectF) -> None:
    """The regulation solid yellow cover card."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    _card_outline(painter, rect, COVER_YELLOW, COVER_EDGE)
    inset = rect.width() * 0.07
    r = _corner_radius(rect) * 0.6
    painter.setPen(QPen(QColor(255, 255, 255, 110), max(0.5, rect.width() * 0.02)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), r, r)
    painter.restore()


def _ink(card: Card) -> QColor:
    if card.is_joker:
        return JOKER_INK
    return RED if card.is_red else BLACK


def _paint_index(painter: QPainter, rect: QRectF, card: Card, compact: bool, rotate180: bool) -> None:
    """The rank and small suit in the top-left corner (or, rotated, bottom-right)."""
    w, h = rect.width(), rect.height()
    painter.save()
    if rotate180:
        painter.translate(rect.center())
        painter.rotate(180)
        painter.translate(-rect.center())
    ink = _ink(card)
    if card.is_joker:
        # The word JOKER written down the corner, one letter under another.
        letter_h = h * (0.062 if not compact else 0.09)
        x_mid = rect.left() + w * (0.11 if not compact else 0.15)
        y = rect.top() + h * 0.05
        for ch in "JOKER":
            box = QRectF(x_mid - w * 0.1, y, w * 0.2, letter_h)
            paint_text_box(painter, ch, box, ink)
            y += letter_h * 1.28
        painter.restore()
        return
    label = card.rank_label
    mid, width = INDEX_COMPACT if compact else INDEX_FULL
    cap_h, x_mid, max_w = h * (0.22 if compact else 0.095), rect.left() + w * mid, w * width
    suit_size = w * (0.32 if compact else 0.125)
    top = rect.top() + h * 0.055
    size = _text_height_for(label, True, max_w, cap_h)
    box = QRectF(x_mid - size.width() / 2, top + (cap_h - size.height()), size.width(), size.height())
    paint_text_box(painter, label, box, ink)
    suit_center = QPointF(x_mid, top + cap_h + h * 0.02 + suit_size / 2)
    paint_suit(painter, card.suit, suit_center, suit_size)
    painter.restore()


def _paint_pips(painter: QPainter, rect: QRectF, card: Card) -> None:
    w, h = rect.width(), rect.height()
    layout = PIP_LAYOUTS[card.rank]
    if card.rank == 14:
        paint_suit(painter, card.suit, rect.center(), w * 0.42)
        return
    size = w * 0.19
    left, right = rect.left() + w * 0.32, rect.left() + w * 0.68
    top, bottom = rect.top() + h * 0.205, rect.top() + h * 0.795
    for col, row in layout:
        x = left + (right - left) * col
        y = top + (bottom - top) * row
        paint_suit(painter, card.suit, QPointF(x, y), size, upside_down=row > 0.5)


def _paint_court(painter: QPainter, rect: QRectF, card: Card) -> None:
    """J, Q, K: a framed panel with the letter at each end and a large suit between."""
    w, h = rect.width(), rect.height()
    ink = _ink(card)
    frame = QRectF(rect.left() + w * 0.235, rect.top() + h * 0.12, w * 0.53, h * 0.76)
    painter.save()
    painter.setPen(QPen(ink, max(0.6, w * 0.014)))
    painter.setBrush(COURT_TINT)
    painter.drawRoundedRect(frame, w * 0.03, w * 0.03)
    inner = frame.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03)
    painter.setPen(QPen(QColor(ink.red(), ink.green(), ink.blue(), 90), max(0.4, w * 0.006)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, w * 0.02, w * 0.02)
    painter.restore()
    letter = card.rank_label
    letter_box = QRectF(frame.left(), frame.top() + h * 0.05, frame.width(), h * 0.15)
    paint_text_box(painter, letter, letter_box, ink)
    low_box = QRectF(frame.left(), frame.bottom() - h * 0.2, frame.width(), h * 0.15)
    paint_text_box(painter, letter, low_box, ink, rotate180=True)
    paint_suit(painter, card.suit, frame.center(), w * 0.3)


def _paint_joker_face(painter: QPainter, rect: QRectF, compact: bool) -> None:
    w, h = rect.width(), rect.height()
    if compact:
        emblem = w * 0.62
        center = QPointF(rect.center().x() + w * 0.1, rect.top() + h * 0.42)
        word = QRectF(rect.left() + w * 0.08, rect.top() + h * 0.74, w * 0.84, h * 0.13)
    else:
        emblem = w * 0.58
        center = QPointF(rect.center().x(), rect.top() + h * 0.43)
        word = QRectF(rect.left() + w * 0.24, rect.top() + h * 0.7, w * 0.52, h * 0.09)
    svg_renderer("joker").render(painter, QRectF(center.x() - emblem / 2, center.y() - emblem / 2, emblem, emblem))
    paint_text_box(painter, "JOKER", word, JOKER_INK)


def paint_face(painter: QPainter, rect: QRectF, card: Card) -> None:
    """The face of ``card`` filling ``rect``."""
    compact = rect.width() < COMPACT_WIDTH
    _card_outline(painter, rect, FACE_WHITE, EDGE_GREY)
    if card.is_joker:
        _paint_joker_face(painter, rect, compact)
        _paint_index(painter, rect, card, compact, rotate180=False)
        if not compact:
            _paint_index(painter, rect, card, compact, rotate180=True)
        return
    _paint_index(painter, rect, card, compact, rotate180=False)
    if compact:
        # One large suit in the lower right, as on a miniature card.
        size = rect.width() * 0.5
        paint_suit(painter, card.suit, QPointF(rect.left() + rect.width() * 0.62,
                                               rect.top() + rect.height() * 0.7), size)
        return
    _paint_index(painter, rect, card, compact, rotate180=True)
    if card.rank in (11, 12, 13):
        _paint_court(painter, rect, card)
    else:
        _paint_pips(painter, rect, card)


def paint_card(painter: QPainter, rect: QRectF, view: CardView) -> None:
    """A card of the layout: its face when ``view.shows_face``, otherwise its back.

    A highlighted view gets a coloured outline around the card.
    """
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    if view.shows_face:
        paint_face(painter, rect, Card.parse(view.card))
    else:
        paint_back(painter, rect)
    if view.highlight:
        paint_highlight_outline(painter, rect)
    painter.restore()


def card_image(text_or_none: str | None, width: int, height: int, face_up: bool = True) -> QImage:
    """One card drawn on a transparent image of ``width`` x ``height`` pixels."""
    image = QImage(int(width), int(height), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        paint_card(painter, QRectF(0, 0, width, height), CardView(text_or_none, face_up))
    finally:
        painter.end()
    return image


__all__ = [
    "CARD_ASPECT", "CARD_HIGHLIGHT", "COVER_YELLOW", "PIP_LAYOUTS", "card_image", "paint_back", "paint_card",
    "paint_card_shadow", "paint_cover_card", "paint_face", "paint_highlight_outline", "paint_suit",
    "paint_text_box", "suit_renderer", "svg_renderer",
]
