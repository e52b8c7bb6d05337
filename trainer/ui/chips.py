"""Casino chips: the denominations and colours, a change breakdown, and stacks drawn in vector.

``DENOMINATIONS`` maps a chip's value in cents to its body colour, taken like the edge
stripes from the house chip set (resources/table-mode/chips.json; shipped with the usual
US colours: $1 white, $5 red, $25 green, $100 black, $500 purple, $1,000 orange). ``chip_breakdown``
pays an amount in the fewest chips; what is left below $1 is not a chip: a stack draws
it as a small coin beside the chips, and the amount label always shows the exact sum.
"""

from __future__ import annotations

from math import cos, radians, sin

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from trainer.core.chips import Chip, house_chips
from trainer.core.money import format_cents
from trainer.ui.card_art import paint_text_box

def _luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def chip_ink(chip: Chip) -> QColor:
    """The colour of the value printed on ``chip``: its trim colour when that reads well on
    the body, else white or near-black, whichever reads better."""
    body, trim = QColor(chip.body), QColor(chip.trim)
    if _contrast(body, trim) >= 4.5:
        return trim
    return max((QColor("#ffffff"), QColor("#1f2a44")), key=lambda c: _contrast(body, c))


def face_text(chip: Chip) -> str:
    """What is printed on the chip's face: its value without '$' or separators ('1000')."""
    return format_cents(chip.cents).removesuffix(".00").removeprefix("$").replace(",", "")


# The house's chips (resources/table-mode/chips.json), highest value first:
# cents -> body colour; cents -> (edge-stripe colour, ink of the value); cents -> face text.
_HOUSE = house_chips()
DENOMINATIONS: dict[int, str] = {c.cents: c.body for c in reversed(_HOUSE.chips)}
CHIP_TRIM: dict[int, tuple[str, str]] = {c.cents: (c.trim, chip_ink(c).name()) for c in reversed(_HOUSE.chips)}
CHIP_FACE_TEXT: dict[int, str] = {c.cents: face_text(c) for c in reversed(_HOUSE.chips)}

COIN_COLOUR = "#cfb048"
MAX_DRAWN_CHIPS = 8
SQUASH = 0.62  # a chip's face seen at a slant: height / width of its ellipse
THICKNESS = 0.17  # a chip's edge, as a fraction of its radius


def chip_breakdown(cents: int) -> list[tuple[int, int]]:
    """``cents`` in the fewest chips, highest value first: [(denomination, count), ...].

    The part below the smallest chip (``chip_remainder``) is not a chip and is left out.
    >>> chip_breakdown(53_700)
    [(50000, 1), (2500, 1), (500, 2), (100, 2)]
    """
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise TypeError(f"money is integer cents, got {cents!r}")
    if cents < 0:
        raise ValueError(f"a stack of chips cannot be negative: {cents}")
    return sorted(_HOUSE.fewest(cents).items(), reverse=True)


def chip_remainder(cents: int) -> int:
    """The cents below the smallest chip that no chip pays (drawn as a coin)."""
    return _HOUSE.coins_of(cents)


def amount_label(cents: int) -> str:
    """'$10', '$12.50', '$1,000': whole dollars without the cents."""
    return format_cents(cents).removesuffix(".00")


def _drawn_chips(cents: int) -> list[int]:
    """The chips a stack shows, bottom (highest value) to top, at most MAX_DRAWN_CHIPS.

    A tall stack is shortened, keeping at least one chip of every denomination in it.
    """
    parts = chip_breakdown(cents)
    total = sum(n for _, n in parts)
    if total > MAX_DRAWN_CHIPS:
        shown = [1] * len(parts)
        spare = MAX_DRAWN_CHIPS - len(parts)
        extra = sorted(range(len(parts)), key=lambda i: -parts[i][1])
        while spare > 0 and any(shown[i] < parts[i][1] for i in extra):
            for i in extra:
                if spare > 0 and shown[i] < parts[i][1]:
                    shown[i] += 1
                    spare -= 1
        parts = [(v, k) for (v, _), k in zip(parts, shown)]
    chips: list[int] = []
    for value, count in parts:
        chips.extend([value] * count)
    return chips


def _paint_chip(painter: QPainter, center: QPointF, radius: float, value: int, top: bool) -> None:
    """One chip lying flat, its face centred on ``center`` and its edge below it."""
    body = QColor(DENOMINATIONS[value])
    stripe_c, ink_c = (QColor(c) for c in CHIP_TRIM[value])
    ry = radius * SQUASH
    t = radius * THICKNESS
    outline = QPen(body.darker(260) if body.lightness() > 60 else QColor("#000000"), max(0.5, radius * 0.04))
    side = body.darker(135)
    # the edge: the lower half of the face ellipse pushed down by the thickness
    painter.setPen(outline)
    painter.setBrush(side)
    painter.drawEllipse(QPointF(center.x(), center.y() + t), radius, ry)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawRect(QRectF(center.x() - radius, center.y(), 2 * radius, t))
    # edge stripes, seen where they face us
    painter.setBrush(stripe_c)
    for deg in (-62, -20, 20, 62):
        a = radians(deg)
        x = center.x() + radius * sin(a)
        y = center.y() + ry * cos(a)
        half = radius * 0.11 * cos(a)
        painter.drawRect(QRectF(x - half, y, 2 * half, t))
    # the face
    painter.setPen(outline)
    painter.setBrush(body)
    painter.drawEllipse(center, radius, ry)
    if not top:
        return
    painter.save()
    painter.translate(center)
    painter.scale(1.0, SQUASH)
    pen = QPen(stripe_c, radius * 0.2)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    ring = QRectF(-radius * 0.86, -radius * 0.86, radius * 1.72, radius * 1.72)
    for k in range(6):
        painter.drawArc(ring, (k * 60 + 15) * 16, 26 * 16)
    inlay = QColor(body).lighter(112) if body.lightness() < 200 else QColor("#ffffff")
    painter.setPen(QPen(stripe_c, max(0.4, radius * 0.05)))
    painter.setBrush(inlay)
    painter.drawEllipse(QPointF(0, 0), radius * 0.6, radius * 0.6)
    text = CHIP_FACE_TEXT[value]
    tw = radius * (0.62 if len(text) <= 2 else 0.86)
    paint_text_box(painter, text, QRectF(-tw / 2, -radius * 0.3, tw, radius * 0.6), ink_c)
    painter.restore()


def _paint_coin(painter: QPainter, center: QPointF, radius: float) -> None:
    coin = QColor(COIN_COLOUR)
    ry = radius * SQUASH
    t = radius * 0.22
    painter.setPen(QPen(coin.darker(220), max(0.5, radius * 0.08)))
    painter.setBrush(coin.darker(130))
    painter.drawEllipse(QPointF(center.x(), center.y() + t), radius, ry)
    painter.setBrush(coin)
    painter.drawEllipse(center, radius, ry)
    painter.setPen(QPen(coin.darker(150), max(0.4, radius * 0.06)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(center, radius * 0.7, ry * 0.7)


def label_font(pixel_size: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    return font


def paint_amount_label(painter: QPainter, anchor_top_center: QPointF, text: str, pixel_size: float) -> QRectF:
    """A dark pill with ``text`` in white, its top edge centred on ``anchor_top_center``."""
    font = label_font(pixel_size)
    fm = QFontMetricsF(font)
    w = fm.horizontalAdvance(text) + pixel_size * 0.9
    h = fm.height() * 1.1
    rect = QRectF(anchor_top_center.x() - w / 2, anchor_top_center.y(), w, h)
    painter.save()
    painter.setPen(QPen(QColor(255, 255, 255, 70), max(0.5, pixel_size * 0.08)))
    painter.setBrush(QColor(10, 20, 14, 200))
    painter.drawRoundedRect(rect, h / 2, h / 2)
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
    return rect


def stack_bounds(center: QPointF, radius: float, cents: int) -> QRectF:
    """The area a stack's chips cover (without the label), for layout."""
    n = max(1, len(_drawn_chips(cents)))
    t = radius * THICKNESS
    top = center.y() - (n - 1) * t - radius * SQUASH
    bottom = center.y() + radius * SQUASH + t
    return QRectF(center.x() - radius, top, 2 * radius, bottom - top)


def paint_chip_stack(painter: QPainter, center: QPointF, radius: float, cents: int, label: bool = True,
                     label_size: float | None = None) -> QRectF:
    """A short stack of chips for ``cents``: the bottom chip's face centred on ``center``.

    Chips of the highest value are at the bottom; a tall stack is drawn shortened (the
    label carries the exact amount). Cents below $1 are drawn as a small coin beside the
    stack. With ``label`` the amount ('$12.50') is printed in a pill under the stack.
    Returns the area drawn.
    """
    if cents <= 0:
        return QRectF(center, center)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    chips = _drawn_chips(cents)
    t = radius * THICKNESS
    area = stack_bounds(center, radius, cents)
    for i, value in enumerate(chips):
        _paint_chip(painter, QPointF(center.x(), center.y() - i * t), radius, value, top=i == len(chips) - 1)
    if chip_remainder(cents):
        coin_r = radius * 0.42
        coin_c = QPointF(center.x() + radius * (1.0 if chips else 0.0), center.y() + radius * 0.32)
        _paint_coin(painter, coin_c, coin_r)
        area = area.united(QRectF(coin_c.x() - coin_r, coin_c.y() - coin_r, 2 * coin_r, 2 * coin_r))
    if label:
        size = label_size if label_size is not None else max(7.0, radius * 0.62)
        pill = paint_amount_label(painter, QPointF(center.x(), center.y() + radius * SQUASH + t + radius * 0.08),
                                  amount_label(cents), size)
        area = area.united(pill)
    painter.restore()
    return area


__all__ = [
    "CHIP_TRIM", "DENOMINATIONS", "chip_ink", "face_text", "amount_label", "chip_breakdown", "chip_remainder", "paint_amount_label",
    "paint_chip_stack", "stack_bounds",
]
