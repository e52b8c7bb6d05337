"""The Pokette layout drill screen, driven by clicks and keys as a trainee would."""

from __future__ import annotations

import pytest

from PySide6.QtCore import Qt

from trainer.ui.screens.pokette_drill import PoketteDrillScreen

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


def _spin(qtbot, screen):
    with qtbot.waitSignal(screen.wheel.spin_finished, timeout=5000):
        qtbot.keyClick(screen, Qt.Key.Key_Space)


def _click_chip(qtbot, screen, i):
    qtbot.mouseClick(screen.layout_view, Qt.MouseButton.LeftButton, pos=screen.layout_view.chip_centre(i).toPoint())


def test_a_whole_drill_by_mouse_and_keyboard(qtbot):
    screen = PoketteDrillScreen(seed=21, spins=3, players=3, spin_ms=60)
    qtbot.addWidget(screen)
    screen.resize(1400, 900)
    screen.show()
    qtbot.waitExposed(screen)
    answered = []
    screen.answered.connect(answered.append)
    screen.start()
    d = screen.drill
    while d.step.kind != "done":
        kind = d.step.kind
        if kind in ("spin", "next"):
            _spin(qtbot, screen)
        elif kind in ("call", "announce"):
            right = d.call_answer() if kind == "call" else None
            options = [b.option_text for b in screen.choices]
            if right is None:
                from trainer.games.pokette.questions import wager_list_text

                right = wager_list_text(d.round.settlement.stand.announcement.wagers)
            qtbot.keyClick(screen, getattr(Qt.Key, f"Key_{options.index(right) + 1}"))
        elif kind == "mark":
            cell = screen.layout_view.cell_rect(str(d.round.winner)).center().toPoint()
            qtbot.mouseClick(screen.layout_view, Qt.MouseButton.LeftButton, pos=cell)
        elif kind == "collect":
            _click_chip(qtbot, screen, d.remaining()[0])
        elif kind == "pay":
            i = d.remaining()[0]
            _click_chip(qtbot, screen, i)
            assert screen.pay_row.isVisible()
            qtbot.keyClicks(screen.pay_edit, f"{d.payout(i) / 100:.2f}")
            qtbot.keyClick(screen.pay_edit, Qt.Key.Key_Return)
    assert answered and all(r.correct for r in answered)
    assert screen.score_label.text() == f"{len(answered)} / {len(answered)}"
    with qtbot.waitSignal(screen.finished) as got:
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert got.args[0].steps == len(answered) == got.args[0].correct


def test_mistakes_are_reported_and_shown(qtbot):
    screen = PoketteDrillScreen(seed=5, spins=2, players=4, spin_ms=40)
    qtbot.addWidget(screen)
    screen.resize(1300, 860)
    screen.show()
    answered = []
    screen.answered.connect(answered.append)
    screen.start()
    d = screen.drill
    d.irregular_chance = 0.0
    while d.step.kind in ("spin", "call"):
        if d.step.kind == "spin":
            _spin(qtbot, screen)
        else:
            screen._choose(d.call_answer())
    wrong = "2c" if str(d.round.winner) != "2c" else "3c"
    qtbot.mouseClick(screen.layout_view, Qt.MouseButton.LeftButton,
                     pos=screen.layout_view.cell_rect(wrong).center().toPoint())
    assert answered[-1].question.kind == "pokette.drill-mark" and not answered[-1].correct
    assert screen.feedback.isVisible() and screen.feedback.property("role") == "banner-bad"
    assert d.round.winner.label() in screen.feedback_label.text()


def test_leaving_stops_the_wheel(qtbot):
    screen = PoketteDrillScreen(seed=2, spins=2, spin_ms=5000)
    qtbot.addWidget(screen)
    screen.show()
    screen.start()
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert screen.wheel.is_spinning()
    with qtbot.waitSignal(screen.back_requested):
        qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert not screen.wheel.is_spinning()
