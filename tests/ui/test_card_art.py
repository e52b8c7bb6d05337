"""Cards and chips drawn as vector art: every face, the back, the cover card, the chip stacks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from trainer.core.cards import CardError, standard_deck
from trainer.core.scene import CardView
from trainer.paths import resource
from trainer.ui.card_art import (
    CARD_ASPECT,
    COMPACT_WIDTH,
    card_image,
    paint_card,
    paint_cover_card,
)
from trainer.ui.chips import (
    DENOMINATIONS,
    amount_label,
    chip_breakdown,
    chip_remainder,
    paint_chip_stack,
)

FACES = [str(c) for c in standard_deck()] + ["JK"]  # 52 cards and the joker
SIZES = [(30, 42), (60, 84), (250, 350)]  # below and above COMPACT_WIDTH


@pytest.fixture
def app(qtbot):
    """Every drawing needs a QApplication; qtbot provides one."""
    return qtbot


def _bgra(image: QImage) -> bytes:
    """The pixels as B, G, R, A bytes (not premultiplied), row after row."""
    img = image.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(img.constBits())[: img.width() * img.height() * 4]


def _red_count(image: QImage) -> int:
    data = _bgra(image)
    return sum(1 for b, g, r, a in zip(data[0::4], data[1::4], data[2::4], data[3::4])
               if a > 200 and r > 150 and g < 90 and b < 100)


def _is_red(c: QColor) -> bool:
    return c.alpha() > 200 and c.red() > 150 and c.green() < 90 and c.blue() < 100


def _opaque_fraction(image: QImage) -> float:
    alpha = _bgra(image)[3::4]
    return (len(alpha) - alpha.count(0)) / len(alpha)


def test_the_deck_has_53_distinct_faces():
    assert len(FACES) == 53 and len(set(FACES)) == 53


def test_svg_art_has_no_text_and_draws_from_paths():
    for name in ("suit-spades", "suit-hearts", "suit-diamonds", "suit-clubs", "joker", "back"):
        text = resource("cards", f"{name}.svg").read_text(encoding="utf-8")
        assert "<text" not in text and "font" not in text, f"{name}.svg must not depend on a font"
        assert "<path" in text or "<circle" in text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("card", FACES)
def test_every_face_renders(app, card, size):
    w, h = size
    image = card_image(card, w, h)
    assert not image.isNull() and (image.width(), image.height()) == (w, h)
    assert image.pixelColor(0, 0).alpha() < 40, "the corners are rounded"
    centre = image.pixelColor(w // 2, h // 2)
    assert centre.alpha() == 255
    assert _opaque_fraction(image) > 0.9


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_back_renders_and_face_down_shows_the_back(app, size):
    w, h = size
    back = card_image(None, w, h)
    assert not back.isNull() and _opaque_fraction(back) > 0.9
    assert card_image("As", w, h, face_up=False) == back
    assert card_image("As", w, h) != back
    centre_band = back.pixelColor(w // 4, h // 4)
    assert centre_band.blue() > centre_band.red(), "the back is dark blue"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("card", ["Ah", "Kd", "Td", "2h", "Qh"])
def test_red_suits_are_red(app, card, size):
    assert _red_count(card_image(card, *size)) > 5


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("card", ["As", "Kc", "Ts", "2c", "Js"])
def test_black_suits_have_no_red(app, card, size):
    assert _red_count(card_image(card, *size)) == 0


def test_cards_differ_from_each_other(app):
    images = {card: card_image(card, 100, 140) for card in ("As", "Ah", "Ad", "Ac", "Ks", "JK", "Ts", "9s")}
    keys = list(images)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert images[a] != images[b], (a, b)


def test_compact_and_full_layouts_both_exist():
    assert SIZES[0][0] < COMPACT_WIDTH < SIZES[-1][0]
    assert CARD_ASPECT == pytest.approx(3.5 / 2.5)


def test_bad_card_text_is_an_error(app):
    with pytest.raises(CardError):
        card_image("Xz", 50, 70)


def _canvas(w: int, h: int) -> tuple[QImage, QPainter]:
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#1d7243"))
    return image, QPainter(image)


def test_highlighted_card_gets_an_outline(app):
    plain, p = _canvas(140, 180)
    paint_card(p, QRectF(20, 20, 100, 140), CardView("9c"))
    p.end()
    lit, p = _canvas(140, 180)
    paint_card(p, QRectF(20, 20, 100, 140), CardView("9c", highlight=True))
    p.end()
    edge = lit.pixelColor(70, 15)  # just above the card's top edge
    assert edge.red() > 200 and edge.green() > 100 and edge.blue() < 80, edge.name()
    assert plain.pixelColor(70, 15) == QColor("#1d7243")


def test_cover_card_is_solid_yellow(app):
    image, p = _canvas(120, 160)
    paint_cover_card(p, QRectF(10, 10, 100, 140))
    p.end()
    c = image.pixelColor(60, 80)
    assert c.red() > 220 and c.green() > 180 and c.blue() < 80, c.name()


# ---------------------------------------------------------------------------------- chips
def test_denominations_and_colours():
    assert sorted(DENOMINATIONS) == [100, 500, 2_500, 10_000, 50_000, 100_000]
    colour = {v: QColor(c) for v, c in DENOMINATIONS.items()}
    assert colour[100].lightness() > 220  # $1 white
    assert colour[500].red() > 150 and colour[500].green() < 80  # $5 red
    assert colour[2_500].green() > colour[2_500].red() + 40  # $25 green
    assert colour[10_000].lightness() < 50  # $100 black
    assert colour[50_000].blue() > colour[50_000].green() + 40 and colour[50_000].red() > 80  # $500 purple
    assert colour[100_000].red() > 200 and 80 < colour[100_000].green() < 180 and colour[100_000].blue() < 80


@pytest.mark.parametrize("cents, chips", [
    (53_700, [(50_000, 1), (2_500, 1), (500, 2), (100, 2)]),
    (1_000, [(500, 2)]),
    (1_250, [(500, 2), (100, 2)]),
    (100_000, [(100_000, 1)]),
    (123_456, [(100_000, 1), (10_000, 2), (2_500, 1), (500, 1), (100, 4)]),
    (50, []),
    (0, []),
])
def test_chip_breakdown(cents, chips):
    assert chip_breakdown(cents) == chips


def test_chip_breakdown_adds_up_and_uses_the_fewest_chips():
    values = sorted(DENOMINATIONS)
    limit = 3_000  # dollars
    fewest = [0] + [10**9] * limit
    for d in range(1, limit + 1):
        fewest[d] = 1 + min(fewest[d - v // 100] for v in values if v // 100 <= d)
    for dollars in range(0, limit + 1, 7):
        cents = dollars * 100 + dollars % 100
        parts = chip_breakdown(cents)
        assert sum(v * n for v, n in parts) + chip_remainder(cents) == cents
        assert sum(n for _, n in parts) == fewest[dollars]
        assert [v for v, _ in parts] == sorted((v for v, _ in parts), reverse=True)


def test_chip_breakdown_rejects_bad_amounts():
    with pytest.raises(ValueError):
        chip_breakdown(-100)
    with pytest.raises(TypeError):
        chip_breakdown(12.5)


def test_amount_label():
    assert amount_label(1_250) == "$12.50"
    assert amount_label(1_000) == "$10"
    assert amount_label(100_000) == "$1,000"
    assert amount_label(50) == "$0.50"


@pytest.mark.parametrize("cents", [100, 500, 2_500, 10_000, 50_000, 100_000, 53_700, 1_250, 50, 999_999])
@pytest.mark.parametrize("radius", [8.0, 40.0])
def test_chip_stacks_render(app, cents, radius):
    image = QImage(300, 300, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    area = paint_chip_stack(p, QPointF(150, 150), radius, cents)
    p.end()
    assert area.width() > 0 and area.height() > 0
    assert QRectF(0, 0, 300, 300).contains(area)
    assert _opaque_fraction(image) > 0.001
    if cents >= 100:
        assert image.pixelColor(150, 150).alpha() == 255  # the bottom chip's face


def test_chip_stack_colour_and_nothing_for_zero(app):
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    p = QPainter(image)
    assert paint_chip_stack(p, QPointF(100, 100), 30, 0).isEmpty()
    p.end()
    assert _opaque_fraction(image) == 0
    p = QPainter(image)
    paint_chip_stack(p, QPointF(100, 100), 30, 500, label=False)  # one red $5 chip
    p.end()
    assert _red_count(image) > 50
