"""The wheel's frames during a spin are composed by Qt from a disc pygame drew once per
size (issue 17): the composed frame looks like the frame pygame draws whole, at any
position, and the disc is drawn once, not per frame."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter

from trainer.games.pokette.rules_data import wheel
from trainer.ui.pokette.wheel_widget import WheelRenderer, WheelWidget, clapper_deflection, surface_to_qimage

ORDER = tuple(str(s) for s in wheel().order)
SIZE = 300


def composed(renderer: WheelRenderer, position: float, deflection: float, smooth: bool = True) -> QImage:
    img = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(img)
    renderer.paint_frame(painter, position, deflection, smooth=smooth)
    painter.end()
    return img


def difference(a: QImage, b: QImage, step: int = 3) -> tuple[float, float]:
    """Mean absolute channel difference (0-255) over a grid of pixels, and the share of
    pixels that differ by more than 96 in some channel."""
    total = far = n = 0
    for y in range(0, SIZE, step):
        for x in range(0, SIZE, step):
            ca, cb = a.pixelColor(x, y), b.pixelColor(x, y)
            d = [abs(ca.red() - cb.red()), abs(ca.green() - cb.green()), abs(ca.blue() - cb.blue())]
            total += sum(d) / 3
            far += max(d) > 96
            n += 1
    return total / n, far / n


@pytest.mark.parametrize("position", [0.0, 3.3, 20.7, 41.5])
def test_a_composed_frame_looks_like_the_frame_pygame_draws(qapp, position):
    r = WheelRenderer(ORDER, SIZE, (18, 20, 24))
    defl = clapper_deflection(position, 1, 5.0)
    whole = surface_to_qimage(r.render(position, deflection=defl))
    for smooth in (True, False):
        mean, far = difference(composed(r, position, defl, smooth), whole)
        # The same picture: resampling differs only along edges (measured ~4 and ~2%).
        assert mean < 12 and far < 0.06, (position, smooth, mean, far)


def test_the_disc_is_drawn_once_per_size(qapp):
    r = WheelRenderer(ORDER, SIZE)
    first = r.layers()
    composed(r, 1.0, 0.0)
    composed(r, 2.5, 0.3)
    assert r.layers() is first


def test_spin_frames_are_composed_from_the_layers(qtbot):
    widget = WheelWidget(order=ORDER)
    qtbot.addWidget(widget)
    widget.resize(SIZE, SIZE)
    widget.show_rest(4.2)
    frame = widget.grab_frame()
    r = widget._renderer
    assert r is not None and r._layers is not None  # the frame came from the layers
    mean, far = difference(frame.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied),
                           composed(r, 4.2, clapper_deflection(4.2, 1, 0.0)))
    assert mean < 1 and far == 0


def test_the_widget_shows_its_frame_pixel_for_pixel(qtbot):
    """An odd margin (301 - 200 = 101 pixels) puts the frame's corner half way into a
    pixel if centred exactly: it is put on a whole pixel and copied unfiltered, and the
    margins are the background."""
    widget = WheelWidget(order=ORDER, background="#123456")
    qtbot.addWidget(widget)
    widget.resize(301, 200)
    widget.show_rest(7.4)
    shown = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert shown.devicePixelRatio() == 1 and (shown.width(), shown.height()) == (301, 200)
    frame = widget.grab_frame().convertToFormat(QImage.Format.Format_RGB32)
    assert (frame.width(), frame.height()) == (200, 200)
    assert shown.copy(50, 0, 200, 200) == frame
    for x in (0, 49, 250, 300):
        assert {shown.pixelColor(x, y).name() for y in (0, 100, 199)} == {"#123456"}


@pytest.mark.parametrize("position", [0.0, 27.0])  # the wheel turned by 0 and by 180 degrees
def test_a_hair_s_turn_either_side_of_a_half_turn_changes_next_to_nothing(qapp, position):
    """Qt turns the ring from one image by 0 to 180 degrees and from a copy of it turned half
    a turn by 180 to 360: the frames a hair either side of the switch are the same picture
    (a misplaced copy would shift every edge of the ring by a pixel)."""
    r = WheelRenderer(ORDER, SIZE, (18, 20, 24))
    for smooth in (True, False):
        before = composed(r, position - 0.0005, 0.0, smooth)
        after = composed(r, position + 0.0005, 0.0, smooth)
        mean, far = difference(before, after, step=1)
        assert mean < 0.3 and far < 0.001, (position, smooth, mean, far)
