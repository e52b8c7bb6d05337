"""The table seen from the dealer's position: scenes render at any size, seats run left to right."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QImage

from trainer.core.scene import CardView, SeatView, Spot, TableScene
from trainer.ui.table_view import (
    TableView,
    render_scene,
    save_scene_png,
    seat_anchor,
    table_layout,
)

SPOTS = (Spot("ante", "Ante"), Spot("call", "Call"), Spot("pair_up", "Pair Up"), Spot("super_flush", "Super Flush"))
DOWN = (CardView(None, False), CardView(None, False))
SIZES = [(600, 350), (900, 520), (1800, 1000)]
CAPTION = "Pair Up: Table 1 · Dealer qualifies with queen high or better"


def make_scene(occupied: tuple[int, ...] = (), *, cover: bool = False, highlight: int | None = None,
               face_up: dict[int, tuple[str, ...]] | None = None, caption: str = CAPTION,
               dealer_highlight: bool = False) -> TableScene:
    face_up = face_up or {}
    seats = []
    for n in range(1, 7):
        if n not in occupied:
            seats.append(SeatView(n, occupied=False))
            continue
        cards = tuple(CardView(c, True, highlight=c == "JK") for c in face_up[n]) if n in face_up else DOWN
        seats.append(SeatView(n, True, cards, (("ante", 1000), ("call", 1000), ("pair_up", 500)),
                              highlight=n == highlight, note="folded" if n == 2 else ""))
    return TableScene("two-card-joker", "Two Card Joker Poker", SPOTS, tuple(seats), 6,
                      dealer_cards=DOWN, dealer_cover_card=cover, dealer_highlight=dealer_highlight,
                      caption=caption)


SCENES = {
    "none": None,
    "no-players": make_scene(()),
    "one-player": make_scene((3,), face_up={3: ("JK", "Ah")}),
    "six-players": make_scene((1, 2, 3, 4, 5, 6), cover=True, highlight=4, face_up={6: ("Td", "Tc")}),
    "no-caption": make_scene((1, 6), caption="", dealer_highlight=True),
}


def _is_green(c: QColor) -> bool:
    return c.green() > c.red() + 40 and c.green() > c.blue() + 20


def _is_yellow(c: QColor) -> bool:
    return c.red() > 200 and c.green() > 170 and c.blue() < 140


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCENES))
def test_scenes_render_at_every_size(qtbot, name, size):
    image = render_scene(SCENES[name], *size)
    assert not image.isNull() and (image.width(), image.height()) == size
    assert image.pixelColor(2, 2).lightness() < 80, "the room around the table is dark"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_felt_colour_at_a_known_felt_point(qtbot, size):
    lay = table_layout(None, *size)
    point = QPointF(lay.cx, lay.ecy - lay.fry * 0.4)  # middle of the felt, between players and dealer
    assert lay.on_felt(point.x(), point.y())
    image = render_scene(None, *size)
    c = image.pixelColor(point.toPoint())
    assert _is_green(c), c.name()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_seats_run_from_the_dealers_left(qtbot, size):
    view = TableView()
    qtbot.addWidget(view)
    view.set_scene(SCENES["six-players"])
    anchors = [view.seat_anchor(n, QSize(*size)) for n in range(1, 7)]
    assert anchors[0].x() < anchors[5].x(), "seat 1 is on the screen's left, seat 6 on its right"
    assert [a.x() for a in anchors] == sorted(a.x() for a in anchors)
    for a in anchors:
        assert 0 < a.x() < size[0] and 0 < a.y() < size[1]
    # the painted marker sits where seat_anchor says (a gold disc on the rail)
    image = render_scene(SCENES["six-players"], *size)
    lay = table_layout(SCENES["six-players"], *size)
    for n, a in enumerate(anchors, start=1):
        r = lay.seat(n).marker_radius
        c = image.pixelColor(QPointF(a.x() - r * 0.72, a.y()).toPoint())
        assert _is_yellow(c), (n, c.name())


def test_seat_anchor_function_matches_the_widget(qtbot):
    view = TableView()
    qtbot.addWidget(view)
    assert view.seat_anchor(1, QSize(900, 520)) == seat_anchor(None, 1, 900, 520)
    with pytest.raises(ValueError):
        seat_anchor(None, 7, 900, 520)


def test_seat_contents_do_not_overlap(qtbot):
    for size in SIZES + [(1000, 800), (1600, 600), (480, 280)]:
        lay = table_layout(SCENES["six-players"], *size)
        cells = [s.cell for s in lay.seats]
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                assert not a.intersects(b), size
            for zone in lay.dealer_zone:
                assert not a.intersects(zone), size


def test_face_down_cards_show_the_blue_back(qtbot):
    scene = SCENES["six-players"]
    image = render_scene(scene, 1200, 700)
    lay = table_layout(scene, 1200, 700)
    c = image.pixelColor(lay.seat(1).cards_area.center().toPoint() + QPointF(-20, -20).toPoint())
    assert c.blue() > c.red() + 30, c.name()


def test_cover_card_lies_on_the_dealers_cards(qtbot):
    lay = table_layout(SCENES["six-players"], 1200, 700)
    centre = lay.dealer_cards_area.center().toPoint()
    covered = render_scene(SCENES["six-players"], 1200, 700).pixelColor(centre)
    assert _is_yellow(covered), covered.name()
    open_scene = make_scene((1, 2, 3, 4, 5, 6), cover=False)
    assert not _is_yellow(render_scene(open_scene, 1200, 700).pixelColor(centre))


def test_highlighted_seat_has_a_ring(qtbot):
    scene = SCENES["six-players"]
    lay = table_layout(scene, 1200, 700)
    cell = lay.seat(4).cell
    s = lay.scale
    point = QPointF(cell.left() - 3 * s, cell.center().y()).toPoint()
    assert _is_yellow(render_scene(scene, 1200, 700).pixelColor(point))
    plain = make_scene((1, 2, 3, 4, 5, 6), cover=True)
    assert not _is_yellow(render_scene(plain, 1200, 700).pixelColor(point))


def test_caption_and_wagers_change_the_picture(qtbot):
    with_caption = render_scene(make_scene((1,)), 900, 520)
    without = render_scene(make_scene((1,), caption=""), 900, 520)
    assert with_caption != without
    no_bets = TableScene("two-card-joker", "Two Card Joker Poker", SPOTS, (SeatView(1, True, DOWN),), 6)
    bets = TableScene("two-card-joker", "Two Card Joker Poker", SPOTS,
                      (SeatView(1, True, DOWN, (("ante", 2500),)),), 6)
    assert render_scene(no_bets, 900, 520) != render_scene(bets, 900, 520)


def test_widget_api_and_resizing(qtbot):
    view = TableView()
    qtbot.addWidget(view)
    assert view.scene() is None
    assert view.sizeHint() == QSize(900, 520)
    hint = view.minimumSizeHint()
    assert hint.width() < 900 and hint.height() < 520
    scene = SCENES["six-players"]
    view.set_scene(scene)
    assert view.scene() is scene
    view.show()
    qtbot.waitExposed(view)
    for w, h in [(600, 350), (1800, 1000), (900, 520), (480, 280), (1400, 500)]:
        view.resize(w, h)
        qtbot.wait(1)
        shot = view.grab().toImage()
        assert (shot.width(), shot.height()) == (w, h)
        assert _is_green(shot.pixelColor(w // 2, int(table_layout(scene, w, h).ecy)))
    view.set_scene(None)
    assert view.scene() is None
    assert not view.grab().toImage().isNull()


def test_save_scene_png(qtbot, tmp_path):
    path = save_scene_png(SCENES["six-players"], tmp_path / "table.png")
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1200, 700)
    small = save_scene_png(SCENES["one-player"], tmp_path / "sub" / "small.png", 600, 350)
    assert QImage(str(small)).size() == QSize(600, 350)


@pytest.mark.parametrize("game_id", ["two-card-joker", "four-card"])
def test_spot_labels_stay_legible_on_a_1024x700_monitor(qtbot, game_id):
    """Table mode in a 1024x700 window draws the felt at about half its size: the spot labels
    are given room for MIN_SPOT_LABEL_PX type (they were 5-6 px). (DJ Wild's six spots to a
    seat are limited by the labels' own width: larger type would only shrink its cards.)"""
    from trainer.ui.app import ensure_app
    from trainer.ui.table_mode.screen import TableModeScreen
    from trainer.ui.table_view import MIN_SPOT_LABEL_PX, SPOT_LABEL_PX

    ensure_app()
    screen = TableModeScreen(game_id)
    qtbot.addWidget(screen)
    screen.resize(1024, 650)  # the main window's 700 less its menu and status bars
    screen.show()
    qtbot.waitExposed(screen)
    screen.start(11)
    screen.setup.request_start()
    view = screen.table.current_view()
    lay = view.layout_for()
    assert SPOT_LABEL_PX * lay.scale < MIN_SPOT_LABEL_PX  # the case this is about: a small felt
    assert lay.label_px * lay.scale >= MIN_SPOT_LABEL_PX - 0.05


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("area_width", [40.0, 70.0, 120.0, 200.0, 400.0])
@pytest.mark.parametrize("card_width", [30.0, 48.0, 70.0, 110.0])
def test_overlapped_cards_leave_every_index_in_view(qapp, count, area_width, card_width):
    """A fanned hand never hides a card's corner index under the next card ("10" whole)."""
    from trainer.ui.card_art import CARD_ASPECT, COMPACT_WIDTH, INDEX_COMPACT, INDEX_FULL
    from trainer.ui.table_view import TableLayout

    lay = TableLayout(800, 500, 6, ("Ante",), 2, 2)
    area = QRectF(10, 10, area_width, card_width * CARD_ASPECT)
    rects = lay.card_rects(area, count, card_width, card_width * CARD_ASPECT, 4)
    assert len(rects) == count
    for left, right in zip(rects, rects[1:]):
        w = left.width()
        mid, width = INDEX_COMPACT if w < COMPACT_WIDTH else INDEX_FULL
        index_right_edge = left.left() + w * (mid + width / 2)
        assert right.left() >= index_right_edge, (left, right)
    assert rects[0].left() >= area.left() - 0.01 and rects[-1].right() <= area.right() + 0.01 or \
        rects[-1].right() - rects[0].left() <= card_width + 0.01  # one card wider than its area stays as it is
