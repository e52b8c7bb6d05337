"""Esc (and Leave) in the drills asks before a round under way is abandoned, with the same
question a practice session asks (trainer/ui/confirm.py); nothing is asked before the
first answer of a round or once it is over (issue 12). Table mode's own case is in
tests/gui/test_table_mode.py (test_a_round_left_part_way_is_recorded_not_completed)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from trainer.ui.screens.pokette_drill import PoketteDrillScreen
from trainer.ui.screens.winners_pot_drill import WinnersPotDrillScreen


@pytest.fixture
def answers(monkeypatch):
    """The leave question's answers, in turn; ``asked`` records each question's text."""

    class Answers(list):
        asked: list[str]

    queue = Answers()
    queue.asked = []

    def exec_(box):
        queue.asked.append(box.text())
        return queue.pop(0)

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return queue


def test_pokette_esc_asks_once_a_round_is_under_way(qtbot, answers):
    screen = PoketteDrillScreen(seed=5, spins=2, players=4, spin_ms=40)
    qtbot.addWidget(screen)
    screen.resize(1300, 860)
    screen.show()
    left = []
    screen.back_requested.connect(lambda: left.append(True))
    screen.start()
    d = screen.drill
    with qtbot.waitSignal(screen.wheel.spin_finished, timeout=5000):
        qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert d.step.kind in ("call", "mark") and not d.results
    assert not screen.round_in_progress()  # spun, nothing answered yet
    if d.step.kind == "call":
        screen._choose(d.call_answer())
    else:  # mark the winning card on the layout
        cell = screen.layout_view.cell_rect(str(d.round.winner)).center().toPoint()
        qtbot.mouseClick(screen.layout_view, Qt.MouseButton.LeftButton, pos=cell)
    assert len(d.results) == 1 and screen.round_in_progress()
    answers.append(QMessageBox.StandardButton.No)
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert left == [] and answers.asked == ["You have answered 1 step of this round. Your answers so far are "
                                            "saved. Leave the drill?"]
    answers.append(QMessageBox.StandardButton.Yes)
    screen.leave_button.click()
    assert left == [True] and len(answers.asked) == 2


def test_pokette_esc_before_any_answer_leaves_without_asking(qtbot, answers):
    screen = PoketteDrillScreen(seed=2, spins=2, spin_ms=40)
    qtbot.addWidget(screen)
    screen.show()
    screen.start()
    with qtbot.waitSignal(screen.back_requested):
        qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert answers.asked == []


def test_winners_pot_esc_asks_in_a_round_and_no_keeps_the_round(qtbot, answers):
    screen = WinnersPotDrillScreen(seats=[1, 3, 5], step_ms=0, pause_ms=0)
    qtbot.addWidget(screen)
    screen.show()
    left = []
    screen.back_requested.connect(lambda: left.append(True))
    drill = screen.start(11)
    qtbot.waitUntil(lambda: screen.state == "question", timeout=5000)
    assert not screen.round_in_progress()
    screen.submit_answer(drill.pending.answer)
    qtbot.waitUntil(lambda: screen.state == "feedback")
    assert drill.answered == 1 and screen.round_in_progress()
    answers.append(QMessageBox.StandardButton.No)
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert left == [] and len(answers.asked) == 1 and screen.state == "feedback"
    answers.append(QMessageBox.StandardButton.Yes)
    screen.leave_button.click()
    assert left == [True] and len(answers.asked) == 2
