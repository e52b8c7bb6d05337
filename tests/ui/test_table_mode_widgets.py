"""Table mode widgets: what a click on the table points at (seats, spots, the dealer, the
Pokette layout) at any size, and the payout built from the house's chips."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from trainer.core.chips import Chip, ChipPayout, ChipSet, house_chips
from trainer.games.pokette.drill import LayoutDrill
from trainer.games.pokette.layout import default_layout
from trainer.games.pokette.table import COLLECTED, PoketteScene, WheelPose
from trainer.games.pokette.table_round import wager_key
from trainer.games.pokette.wheel import ALL_SECTIONS
from trainer.games.two_card_joker.table import SeatShow, scene as tcj_scene
from trainer.games.winners_pot.drill import RoundDrill
from trainer.core.table.actions import DEALER
from trainer.ui.pokette.layout_view import CHIP_R, GEOMETRY, PoketteLayoutView, canvas_transform
from trainer.ui.scene_view import SceneView
from trainer.ui.table_mode import ChipBuilder, Target, highlight, point_for, target_at, targets_for
from trainer.ui.table_mode.hit_test import POT, placement_key
from trainer.ui.table_view import TableView, table_layout
from trainer.ui.winners_pot_view import WinnersPotTableView, dealer_spots, pot_rect

SIZES = [(900, 520), (1500, 880)]
WAGERS = (("ante", 1000), ("call", 1000), ("pair_up", 500))


class _Clicks(QObject):
    """Records where the mouse was pressed on a widget (widget coordinates)."""

    def __init__(self, widget) -> None:
        super().__init__(widget)
        self.positions: list[QPointF] = []
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.MouseButtonPress:
            self.positions.append(event.position())
        return False


def click(qtbot, view, scene, point: QPointF) -> Target | None:
    """Click ``view`` at ``point`` with the mouse and hit-test where the press landed."""
    clicks = getattr(view, "_test_clicks", None) or _Clicks(view)
    view._test_clicks = clicks
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(round(point.x()), round(point.y())))
    return target_at(view, scene, clicks.positions[-1])


def show(qtbot, view, scene, size):
    qtbot.addWidget(view)
    view.resize(*size)
    view.set_scene(scene)
    view.show()
    qtbot.waitExposed(view)
    return view


def tcj_round_scene():
    seats = {n: SeatShow(backs=2, face_up=False, wagers=WAGERS) for n in (1, 2, 4, 6)}
    return tcj_scene(seats, dealer_backs=2, dealer_face_up=False, caption="Pair Up: Table 1")


def wp_scene():
    drill = RoundDrill(7, seats=[1, 3, 5, 7])
    drill.run_to_question()
    return drill.scene()


def pokette_scene():
    drill = LayoutDrill(5, spins=3, players=4, irregular_chance=0.0)
    drill.next_round()
    return drill.scene()


def empty_felt(lay) -> QPointF:
    """A point on the felt between the seats and the dealer, where nothing is printed but
    the game's title: no seat's area, no dealer's area."""
    point = QPointF(lay.cx + lay.frx * 0.3, lay.dealer_cards_area.top() - 40 * lay.dealer_scale)
    assert lay.on_felt(point.x(), point.y())
    assert not any(s.cell.adjusted(-6, -6, 6, 6).contains(point) for s in lay.seats)
    assert not any(r.contains(point) for r in lay.dealer_zone)
    return point


# ------------------------------------------------------------------ the card table
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_clicks_on_the_card_table_find_seats_spots_and_the_dealer(qtbot, size):
    scene = tcj_round_scene()
    view = show(qtbot, TableView(), scene, size)
    lay = table_layout(scene, *size)
    for n in range(1, scene.seat_count + 1):
        geo = lay.seat(n)
        assert click(qtbot, view, scene, geo.cards_area.center()) == Target(n)
        assert click(qtbot, view, scene, geo.anchor) == Target(n)  # the seat's number on the rail
        for spot, g in zip(scene.spots, geo.spots):
            hit = click(qtbot, view, scene, g.center)
            assert hit == Target(n, spot.key)
            assert hit.label == f"Seat {n} · {spot.label}"
            assert click(qtbot, view, scene, g.label_rect.center()) == Target(n, spot.key)
    assert click(qtbot, view, scene, lay.dealer_cards_area.center()) == Target(DEALER)
    assert click(qtbot, view, scene, lay.shoe.center()) == Target(DEALER)
    assert click(qtbot, view, scene, lay.tray.center()).label == "Dealer"
    assert click(qtbot, view, scene, empty_felt(lay)) is None
    assert click(qtbot, view, scene, QPointF(4, 4)) is None  # the room behind the table


def test_a_scene_view_and_its_table_give_the_same_targets(qtbot):
    scene = tcj_round_scene()
    view = SceneView()
    qtbot.addWidget(view)
    view.resize(1000, 600)
    view.set_scene(scene)
    view.show()
    qtbot.waitExposed(view)
    inner = view.current_view()
    for target in targets_for(scene):
        point = point_for(inner, scene, target)
        assert point is not None, target
        assert target_at(view, scene, point) == target_at(inner, scene, point) == target


def test_targets_cycle_through_the_occupied_seats_their_spots_then_the_dealer():
    scene = tcj_round_scene()
    targets = targets_for(scene)
    keys = [s.key for s in scene.spots]
    expected = []
    for n in (1, 2, 4, 6):
        expected += [Target(n)] + [Target(n, k) for k in keys]
    assert targets == expected + [Target(DEALER)]
    assert targets_for(scene) == targets  # stable
    assert [t.label for t in targets[:2]] == ["Seat 1", "Seat 1 · Ante"] and targets[-1].label == "Dealer"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_target_has_a_point_that_clicks_it(qtbot, size):
    for scene, view in ((tcj_round_scene(), TableView()), (wp_scene(), WinnersPotTableView()),
                        (pokette_scene(), PoketteLayoutView())):
        show(qtbot, view, scene, size)
        for target in targets_for(scene):
            point = point_for(view, scene, target)
            assert point is not None, target
            assert click(qtbot, view, scene, point) == target
        assert point_for(view, scene, Target(99)) is None


def test_highlight_rings_the_seat_or_the_dealer_in_a_copy():
    scene = tcj_round_scene()
    ringed = highlight(scene, Target(4, "pair_up"))
    assert ringed.seat(4).highlight and not scene.seat(4).highlight
    assert [s.seat for s in ringed.seats if s.highlight] == [4]
    assert ringed.seats[0] == scene.seats[0] and not ringed.dealer_highlight
    dealer = highlight(scene, Target(DEALER))
    assert dealer.dealer_highlight and not any(s.highlight for s in dealer.seats)
    assert highlight(scene, None) is scene
    assert highlight(scene, Target(None, POT)) is scene
    empty = highlight(scene, Target(3))  # an empty seat can be pointed at, and is ringed
    assert empty.seat(3).highlight and not empty.seat(3).occupied


# ------------------------------------------------------------------ Winner's Pot
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_clicks_on_the_winners_pot_table(qtbot, size):
    scene = wp_scene()
    assert scene.VIEW == "winners-pot"
    view = show(qtbot, WinnersPotTableView(), scene, size)
    lay = table_layout(scene, *size)
    for n in (1, 3, 5, 7):
        geo = lay.seat(n)
        assert click(qtbot, view, scene, geo.cards_area.center()) == Target(n)
        for spot, g in zip(scene.spots, geo.spots):
            assert click(qtbot, view, scene, g.center) == Target(n, spot.key)
    assert click(qtbot, view, scene, lay.seat(2).cell.center()) == Target(2)  # an empty seat is still a seat
    assert click(qtbot, view, scene, lay.dealer_cards_area.center()) == Target(DEALER)
    for key, label, centre, _ in dealer_spots(lay):
        hit = click(qtbot, view, scene, centre)
        assert hit == Target(DEALER, key) and hit.label == f"Dealer · {label}"
    assert click(qtbot, view, scene, pot_rect(lay).center()) == Target(None, POT)
    assert click(qtbot, view, scene, QPointF(4, size[1] / 2)) is None


def test_winners_pot_targets_and_highlight():
    scene = wp_scene()
    targets = targets_for(scene)
    seats = [t.seat for t in targets if t.seat not in (None, DEALER)]
    assert seats == sorted(seats) and set(seats) == {1, 3, 5, 7}
    assert targets[-5:] == [Target(DEALER), Target(DEALER, "ante"), Target(DEALER, "bet"), Target(DEALER, "double"),
                            Target(None, POT)]
    ringed = highlight(scene, Target(5))
    assert type(ringed) is type(scene) and ringed.seat(5).highlight
    assert (ringed.button, ringed.pot, ringed.dealer_wagers) == (scene.button, scene.pot, scene.dealer_wagers)
    assert highlight(scene, Target(DEALER, "ante")).dealer_highlight


# ------------------------------------------------------------------ Pokette
def _free_chips(scene: PoketteScene) -> list[int]:
    """Indexes of the chips no other chip overlaps (a click on them is unambiguous)."""
    centres = GEOMETRY.chip_centres(scene.chips)
    live = [i for i, c in enumerate(scene.chips) if c.state != COLLECTED]
    reach = 2 * (CHIP_R + 2)
    return [i for i in live if all(i == j or (centres[i] - centres[j]).manhattanLength() > reach * 1.5
                                   for j in live)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_clicks_on_the_pokette_layout(qtbot, size):
    scene = pokette_scene()
    assert scene.chips
    view = show(qtbot, PoketteLayoutView(), scene, size)
    t = canvas_transform(*size)
    centres = GEOMETRY.chip_centres(scene.chips)
    free = _free_chips(scene)
    assert free
    for i in free:
        chip = scene.chips[i]
        hit = click(qtbot, view, scene, t.map(centres[i]))
        assert hit == Target(chip.seat, wager_key(chip.placement))
        assert hit.label == f"Seat {chip.seat} · {chip.placement.label()}"
    chip_points = [t.map(c) for c in centres]
    lay = default_layout()
    # a card of the grid, away from every chip: its section text
    for text in ("7s", "Th", "2c", "JK1", "As"):
        section = next(s for s in lay.in_layout_order(ALL_SECTIONS) if str(s) == text)
        cell = t.mapRect(GEOMETRY.cell(section))
        point = QPointF(cell.left() + cell.width() * 0.2, cell.top() + cell.height() * 0.5)
        if any((point - c).manhattanLength() < (CHIP_R + 4) * t.m11() * 2 for c in chip_points):
            continue
        assert click(qtbot, view, scene, point) == Target(None, text)
    # the outside boxes, clicked where no chip sits: the wager's key
    boxes = {
        "single rank:7": GEOMETRY.rank_box(7), "ace-king-queen rank": GEOMETRY.group_box("ace-king-queen rank"),
        "suit:h": GEOMETRY.suit_box("h"), "red": GEOMETRY.colour_box("red"),
        "black": GEOMETRY.colour_box("black"), "pair in two": GEOMETRY.poker_row("pair in two"),
    }
    for key, box in boxes.items():
        assert click(qtbot, view, scene, t.map(QPointF(box.left() + 8, box.top() + 8))) == Target(None, key)
    assert click(qtbot, view, scene, t.map(GEOMETRY.stand_slot(1).center())) == Target(None, "stand-2")
    assert click(qtbot, view, scene, t.map(QPointF(30, 30))) is None  # the printed title
    assert click(qtbot, view, scene, QPointF(1, 1)) is None


def test_pokette_keys_are_the_table_rounds_keys():
    lay = default_layout()
    for placement in lay.all_placements[::7]:
        assert placement_key(placement) == wager_key(placement)
    scene = pokette_scene()
    targets = targets_for(scene)
    chips = [t for t in targets if t.seat is not None]
    assert [t.seat for t in chips] == sorted(t.seat for t in chips)
    assert {(c.seat, wager_key(c.placement)) for c in scene.chips} == {(t.seat, t.spot) for t in chips}
    rest = targets[len(chips):]
    assert [t.spot for t in rest[:54]] == [str(s) for s in lay.in_layout_order(ALL_SECTIONS)]
    assert rest[54] == Target(None, "single rank:A") and rest[54].label == "Single rank A"
    assert rest[-3:] == [Target(None, "stand-1"), Target(None, "stand-2"), Target(None, "stand-3")]
    assert targets_for(PoketteScene(wheel=WheelPose(("As",), 0.0))) == []


def test_pokette_highlight_outlines_cards_and_lights_chips():
    scene = pokette_scene()
    card = highlight(scene, Target(None, "7s"))
    assert card.selected == ("7s",) and scene.selected == ()
    rank = highlight(scene, Target(None, "single rank:7"))
    assert set(rank.selected) == {"7s", "7c", "7d", "7h"}
    chip = scene.chips[0]
    lit = highlight(scene, Target(chip.seat, wager_key(chip.placement)))
    assert lit.chips[0].highlight and not scene.chips[0].highlight
    assert highlight(scene, Target(None, "pair in two")) is scene  # covers no card
    assert highlight(scene, Target(None, "stand-1")) is scene


def test_the_wheel_pose_has_no_targets(qtbot):
    scene = PoketteScene(wheel=WheelPose(("As", "Kd"), 0.0))
    view = PoketteLayoutView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    assert target_at(view, scene, QPointF(400, 300)) is None
    assert target_at(view, None, QPointF(400, 300)) is None


# ------------------------------------------------------------------ the chip builder
def builder(qtbot, chips: ChipSet | None = None) -> ChipBuilder:
    b = ChipBuilder(chips=chips)
    qtbot.addWidget(b)
    b.set_request("Pay seat 3 — Pair Up")
    b.show()
    qtbot.waitExposed(b)
    b.setFocus()
    return b


def _press_chip(qtbot, b: ChipBuilder, cents: int, button=Qt.MouseButton.LeftButton, times: int = 1) -> None:
    for _ in range(times):
        qtbot.mouseClick(b.buttons[cents], button)


def test_clicks_build_137_50_and_enter_pays(qtbot):
    b = builder(qtbot)
    _press_chip(qtbot, b, 10_000)
    _press_chip(qtbot, b, 2_500)
    _press_chip(qtbot, b, 500, times=2)
    _press_chip(qtbot, b, 100, times=3)
    _press_chip(qtbot, b, 100, Qt.MouseButton.RightButton)  # right click takes one back
    assert b.counts() == {10_000: 1, 2_500: 1, 500: 2, 100: 2}
    qtbot.mouseClick(b.coins, Qt.MouseButton.LeftButton)
    b.coins.lineEdit().selectAll()
    qtbot.keyClicks(b.coins, "50")
    assert b.total() == 13_750
    assert b.total_label.text() == "$137.50"
    with qtbot.waitSignal(b.confirmed, timeout=1000) as blocker:
        qtbot.keyClick(b.coins, Qt.Key.Key_Return)  # Enter from the coins box pays too
    payout = blocker.args[0]
    assert isinstance(payout, ChipPayout)
    assert payout.total == 13_750 and payout.coins == 50
    assert dict(payout.chips) == {10_000: 1, 2_500: 1, 500: 2, 100: 2}
    assert payout.count == 6


def test_keys_build_137_50_and_the_pay_button_pays(qtbot):
    b = builder(qtbot)
    for key in (Qt.Key.Key_4, Qt.Key.Key_3, Qt.Key.Key_2, Qt.Key.Key_2, Qt.Key.Key_2, Qt.Key.Key_1, Qt.Key.Key_1):
        qtbot.keyClick(b, key)
    qtbot.keyClick(b, Qt.Key.Key_2, Qt.KeyboardModifier.ShiftModifier)  # Shift+2 takes a $5 back
    assert b.counts() == {10_000: 1, 2_500: 1, 500: 2, 100: 2}
    qtbot.keyClick(b, Qt.Key.Key_At, Qt.KeyboardModifier.ShiftModifier)  # as a US keyboard reports Shift+2
    qtbot.keyClick(b, Qt.Key.Key_2)
    b.set_coins(50)
    assert b.total() == 13_750 and b.payout() == ChipPayout(((10_000, 1), (2_500, 1), (500, 2), (100, 2)), 50)
    with qtbot.waitSignal(b.confirmed, timeout=1000) as blocker:
        qtbot.mouseClick(b.pay_button, Qt.MouseButton.LeftButton)
    assert blocker.args[0].total == 13_750


def test_backspace_clears_esc_cancels_and_an_empty_payout_is_not_paid(qtbot):
    b = builder(qtbot)
    qtbot.keyClick(b, Qt.Key.Key_5)
    b.set_coins(25)
    assert b.total() == 50_025
    qtbot.keyClick(b, Qt.Key.Key_Backspace)
    assert b.total() == 0 and b.counts() == {} and b.coins.value() == 0
    assert not b.pay_button.isEnabled() and b.total_label.text() == "$0.00"
    with qtbot.assertNotEmitted(b.confirmed):
        qtbot.keyClick(b, Qt.Key.Key_Return)
    with qtbot.waitSignal(b.cancelled, timeout=1000):
        qtbot.keyClick(b, Qt.Key.Key_Escape)
    qtbot.keyClick(b, Qt.Key.Key_9)  # no ninth chip: nothing happens
    assert b.total() == 0


def test_api_counts_and_clear(qtbot):
    b = builder(qtbot)
    b.set_counts({2_500: 3, 100: 1})
    assert b.total() == 7_600 and b.counts() == {2_500: 3, 100: 1}
    b.add_chip(50_000)
    b.remove_chip(100)
    b.remove_chip(100)  # none left: nothing happens
    assert b.counts() == {50_000: 1, 2_500: 3}
    with pytest.raises(ValueError):
        b.add_chip(200)
    with pytest.raises(ValueError):
        b.set_counts({500: -1})
    b.clear()
    assert b.payout() == ChipPayout((), 0)
    assert b.coins.maximum() == house_chips().chips[0].cents - 1


def test_the_builder_shows_what_is_built_never_the_amount_owed(qtbot):
    b = builder(qtbot)
    b.add_chip(10_000)
    texts = [w.text() for w in b.findChildren(type(b.request)) if w.isVisible()]
    assert "Pay seat 3 — Pair Up" in texts and "$100.00" in texts
    assert not hasattr(b, "set_amount") and not hasattr(b, "expected")


def test_chip_colours_come_from_the_house_chip_set(qtbot):
    pink = Chip(200, "$2", "#e91e63", "#ffffff")
    teal = Chip(1_000, "$10", "#00897b", "#ffeb3b")
    b = builder(qtbot, ChipSet((pink, teal)))
    assert list(b.buttons) == [200, 1_000] and b.coins.maximum() == 199
    for chip in (pink, teal):
        button = b.buttons[chip.cents]
        image = button.grab().toImage()
        c, r = button.chip_centre(), button.radius()
        dpr = image.devicePixelRatio()
        sample = QColor(image.pixel(round(c.x() * dpr), round((c.y() - r * 0.85) * dpr)))
        body = QColor(chip.body)
        assert abs(sample.red() - body.red()) < 40 and abs(sample.green() - body.green()) < 40 \
            and abs(sample.blue() - body.blue()) < 40, (chip.label, sample.name())
    qtbot.keyClick(b, Qt.Key.Key_2)
    qtbot.keyClick(b, Qt.Key.Key_1)
    assert b.total() == 1_200


def test_both_widgets_render(qtbot, tmp_path):
    b = builder(qtbot)
    b.set_counts({10_000: 1, 2_500: 1, 500: 2, 100: 2})
    b.set_coins(50)
    assert b.grab().save(str(tmp_path / "chip_builder.png"))
    scene = highlight(tcj_round_scene(), Target(2, "pair_up"))
    view = show(qtbot, TableView(), scene, (1000, 600))
    assert view.grab().save(str(tmp_path / "table.png"))


# ------------------------------------------------------------------ the games' rounds
GAMES = ("two-card-joker", "four-card", "dj-wild", "winners-pot", "pokette")


def _reachable(view, scene, target: Target) -> bool:
    point = point_for(view, scene, target)
    return point is not None and target_at(view, scene, point) == target


@pytest.mark.parametrize("game_id", GAMES)
def test_every_place_a_round_acts_on_can_be_clicked(qtbot, game_id):
    """Each dealer action of a game's round names a place the trainee can click, with the
    keys the round uses: the seat and spot, or (where the action takes any spot) the seat;
    a pot share is paid to a seat from the pot (both clickable). The wordings of an
    announcement are chosen from a list, not on the table; an action at no place of the
    table (the stub to the discard rack) needs no click."""
    from dataclasses import replace as copy

    from trainer.core.table.actions import ANNOUNCE, PAY
    from trainer.training.table_mode.games import build_round, has_table_mode
    from trainer.core.table.levels import levels
    from trainer.core.table.script import RoundConfig

    if not has_table_mode(game_id):
        pytest.skip(f"{game_id} has no table mode yet")
    view = SceneView()
    qtbot.addWidget(view)
    view.resize(1200, 720)
    view.show()
    qtbot.waitExposed(view)
    checked = 0
    for seed in range(4):
        script = build_round(RoundConfig(game_id, seed, levels()[seed % len(levels())], {}, 1))
        for i, action in enumerate(script.actions):
            if action.verb == ANNOUNCE or (action.seat is None and action.spot is None):
                continue
            scene = script.scene_after(i)
            if getattr(scene, "wheel", None) is not None:  # the screen shows the wheel beside the layout
                scene = copy(scene, wheel=None)
            if action.seat is None and Target(None, action.spot) not in targets_for(scene):
                continue  # done from the dealer's place with nothing chosen: the stub to the discard rack
            view.set_scene(scene)
            inner = view.current_view()
            exact = _reachable(inner, scene, Target(action.seat, action.spot))
            if action.verb == PAY:
                ok = exact or (action.spot == POT and _reachable(inner, scene, Target(action.seat))
                               and _reachable(inner, scene, Target(None, POT)))
            else:
                ok = exact or _reachable(inner, scene, Target(action.seat))
            assert ok, (seed, i, action.verb, action.seat, action.spot, action.text)
            checked += 1
    assert checked
