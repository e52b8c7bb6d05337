"""The pygame wheel inside Qt, headless (SDL_VIDEODRIVER=dummy): frames are drawn off
screen, no pygame window opens, and every animated spin lands on its chosen section."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor

from trainer.games.pokette.rules_data import wheel
from trainer.games.pokette.wheel import judge, short_spin, spin_between, spin_to
from trainer.ui.pokette.wheel_widget import (
    WheelRenderer, WheelWidget, clapper_deflection, ease, ease_speed, plan_motion, render_wheel_image,
)

W = wheel()
ORDER = tuple(str(s) for s in W.order)


def test_no_pygame_window_is_ever_opened():
    import os

    import pygame

    assert os.environ["SDL_VIDEODRIVER"] == "dummy"
    WheelRenderer(ORDER, 200).render(3.0)
    assert not pygame.display.get_init()


def test_the_motion_eases_in_and_out_and_ends_exactly():
    assert ease(0) == 0 and ease(1) == pytest.approx(1.0) and ease_speed(1) == 0
    xs = [ease(i / 400) for i in range(401)]
    assert xs == sorted(xs)
    speeds = [ease_speed(i / 400) for i in range(401)]
    peak = speeds.index(max(speeds))
    assert 0 < peak < 100  # accelerates first, then a long deceleration
    assert speeds[:peak + 1] == sorted(speeds[:peak + 1]) and speeds[peak:] == sorted(speeds[peak:], reverse=True)
    for u in (0.119, 0.12, 0.121):  # continuous where the acceleration ends
        assert abs(ease_speed(u) - ease_speed(0.12)) < 0.05


def _section_colour(image, size: int, index: int, rest: float) -> QColor:
    """The colour of section ``index`` where the picture shows it: in the band between the
    gold ring and the card plate, on the line through its centre."""
    c = size / 2
    R = size / 2 * 0.985
    angle = (index - rest) * 2 * math.pi / 54
    r = R * 0.537
    return image.pixelColor(round(c + r * math.sin(angle)), round(c - r * math.cos(angle)))


def _top_colour(image, size: int, rest: float) -> QColor:
    """The section under the clapper."""
    return _section_colour(image, size, round(rest) % 54, rest)


def _kind(colour: QColor) -> str:
    r, g, b = colour.red(), colour.green(), colour.blue()
    if r > 150 and g > 120 and b < 90:
        return "gold"
    if r > 130 and g < 60 and b < 70:
        return "red"
    if r < 50 and g < 50 and b < 50:
        return "black"
    return f"other {colour.name()}"


def _expected(section: str) -> str:
    if section.startswith("JK"):
        return "gold"
    return "red" if section[1] in "hd" else "black"


@pytest.mark.parametrize("direction", [1, -1])
def test_animated_spins_land_on_the_chosen_section(qtbot, direction):
    widget = WheelWidget(order=ORDER, background="#121418")
    qtbot.addWidget(widget)
    widget.resize(400, 400)
    widget.show()
    rng = random.Random(direction + 10)
    position = Fraction(0)
    for target in rng.sample(W.order, 5) + [W.order[0], W.order[27]]:  # both jokers too
        sp = spin_to(W, target, rng, start=position, direction=direction)
        with qtbot.waitSignal(widget.spin_finished, timeout=5000) as blocker:
            motion = widget.spin(sp, duration_ms=250)
        assert abs(motion.end - motion.start) >= 3 * 54  # at least three revolutions
        assert blocker.args[0] == pytest.approx(float(sp.rest))
        assert widget.section_under_clapper() == (str(target),) == (str(judge(W, sp).winner),)
        assert widget.frame_times_ms  # frames were drawn while it turned
        frame = widget.grab_frame()
        assert _kind(_top_colour(frame, frame.width(), widget.position())) == _expected(str(target))
        position = sp.rest


def test_a_staged_landing_between_two_sections(qtbot):
    widget = WheelWidget(order=ORDER)
    qtbot.addWidget(widget)
    widget.resize(240, 240)
    rng = random.Random(3)
    passed = W.order[10]
    sp = spin_between(W, passed, rng, start=0, direction=1)
    with qtbot.waitSignal(widget.spin_finished, timeout=5000):
        widget.spin(sp, duration_ms=150)
    assert widget.section_under_clapper() == (str(passed), str(W.order[11]))
    # at rest on a fret the clapper stays lifted
    assert clapper_deflection(widget.position(), 1, 0.0) != 0


def test_the_event_loop_keeps_running_during_a_spin(qtbot):
    widget = WheelWidget(order=ORDER)
    qtbot.addWidget(widget)
    widget.resize(400, 400)
    widget.show()
    ticks = []
    other = QTimer()
    other.setInterval(20)
    other.timeout.connect(lambda: ticks.append(1))
    other.start()
    sp = spin_to(W, W.order[5], random.Random(1), start=0)
    with qtbot.waitSignal(widget.spin_finished, timeout=5000):
        widget.spin(sp, duration_ms=600)
    other.stop()
    assert len(ticks) >= 10  # other timers fired all through the spin: nothing blocked
    assert len(widget.frame_stamps_ms) >= 15  # and the wheel drew frames on its 16 ms timer
    gaps = [b - a for a, b in zip(widget.frame_stamps_ms, widget.frame_stamps_ms[1:])]
    assert sorted(gaps)[len(gaps) // 2] < 40


def test_a_short_spin_is_animated_too(qtbot):
    widget = WheelWidget(order=ORDER)
    qtbot.addWidget(widget)
    sp = short_spin(random.Random(4), start=0)
    with qtbot.waitSignal(widget.spin_finished, timeout=5000):
        widget.spin(sp, duration_ms=100)
    assert widget.position() == pytest.approx(float(sp.rest))


def test_plan_motion_starts_where_the_wheel_is():
    sp = spin_to(W, W.order[7], random.Random(2), start=Fraction(301, 10))
    motion = plan_motion(30.1 + 54 * 3, sp)
    assert motion.start == pytest.approx(30.1) and motion.end == pytest.approx(float(sp.start) + sp.direction * float(sp.travel))
    assert motion.at(motion.duration_ms) == pytest.approx(motion.end) and motion.speed(motion.duration_ms) == 0


@pytest.mark.parametrize("size", [120, 400, 900])
def test_it_renders_crisply_at_any_size(qapp, size):
    img = render_wheel_image(ORDER, size, 0.0)
    assert img.width() == img.height() == size
    assert img.pixelColor(size // 2, size // 2).alpha() == 255
    if size >= 400:
        assert _kind(_top_colour(img, size, 0.0)) == "gold"  # JK1 is at the top at position 0
        for k in (1, 2, 27):
            assert _kind(_section_colour(img, size, k, 0.0)) == _expected(ORDER[k])
        assert _kind(_top_colour(render_wheel_image(ORDER, size, 1.3), size, 1.3)) == _expected(ORDER[1])


def test_hiding_the_widget_stops_its_timer(qtbot):
    widget = WheelWidget(order=ORDER)
    qtbot.addWidget(widget)
    widget.show()
    widget.spin(spin_to(W, W.order[3], random.Random(0), start=0), duration_ms=5000)
    assert widget.is_spinning()
    widget.hide()
    assert not widget.is_spinning() and widget.section_under_clapper() == (str(W.order[3]),)


@pytest.mark.parametrize("size", [300, 700])
def test_a_six_and_a_nine_are_underlined_as_on_printed_cards(qapp, size):
    """Turned upside down round the wheel, 6 and 9 read as each other: each is marked with a
    line under it, in the card's ink, and no other rank is."""
    from trainer.ui.pokette.wheel_widget import CARD_BLACK, CARD_RED, RANK_H, RANK_Y, SectionFace, underline_rect

    r = WheelRenderer(ORDER, size)
    for text in [t for t in ORDER if not t.startswith("JK")]:
        plate = r._make_plate(SectionFace(text))
        w, h = plate.get_width(), plate.get_height()
        box = underline_rect(w / 2, h * RANK_Y, h * RANK_H).clip(plate.get_rect())
        ink = CARD_RED if text[1] in "hd" else CARD_BLACK
        inked = sum(tuple(plate.get_at((x, y)))[:3] == tuple(ink)[:3]
                    for x in range(box.left, box.right) for y in range(box.top, box.bottom))
        if text[0] in "69":
            assert inked == box.width * box.height > 0, text
        else:
            assert inked < box.width * box.height / 4, text
