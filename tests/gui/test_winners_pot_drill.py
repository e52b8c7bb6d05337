"""The Winner's Pot "run the round" drill screen, on its own (pytest-qt, offscreen)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.gui.fake_game import settle_keys
from trainer.contracts.question import AnswerResult
from trainer.ui.screens.winners_pot_drill import WinnersPotDrillScreen

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


@pytest.fixture
def screen(qtbot):
    w = WinnersPotDrillScreen(seats=[1, 3, 5], step_ms=0, pause_ms=0)
    qtbot.addWidget(w)
    w.resize(1300, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def keys_for(q, right: bool):
    """Key presses answering question ``q`` right or wrong."""
    if q.form == "choice":
        index = q.options.index(q.answer)
        if not right:
            index = (index + 1) % len(q.options)
        return [getattr(Qt.Key, f"Key_{index + 1}")]
    if q.form == "settle":  # Jacks Plus: C collects, an amount pays
        return [value for _kind, value in settle_keys(q, right)]
    values = json.loads(q.answer)
    if not right:
        values[0] += 100
    out = []
    for v in values:
        out.append(f"{v // 100}.{v % 100:02d}")
        out.append(Qt.Key.Key_Return)
    return out


def answer(qtbot, screen, right=True):
    q = screen.drill.pending
    for k in keys_for(q, right):
        target = screen.focusWidget() or screen
        if isinstance(k, str):
            qtbot.keyClicks(target, k)
        else:
            qtbot.keyClick(target, k)
    return q


def test_a_round_by_keyboard_records_every_step(qtbot, screen):
    recorded: list[AnswerResult] = []
    screen.answered.connect(recorded.append)
    drill = screen.start(7)
    qtbot.waitUntil(lambda: screen.state == "question", timeout=5000)
    assert screen.drill.pending.kind == "winners-pot.drill-button"
    assert screen.table.scene() is not None and screen.table.scene().VIEW == "winners-pot"
    n = 0
    while True:
        qtbot.waitUntil(lambda: screen.state in ("question", "round-over"), timeout=5000)
        if screen.state == "round-over":
            break
        right = n != 2
        answer(qtbot, screen, right)
        qtbot.waitUntil(lambda: screen.state == "feedback", timeout=2000)
        assert screen.feedback.verdict.text() == ("Correct" if right else "Not quite")
        n += 1
        qtbot.keyClick(screen.feedback, Qt.Key.Key_Return)
    assert len(recorded) == n == drill.answered >= 8
    assert [r.correct for r in recorded].count(False) == 1
    assert screen.score_label.text() == f"{n - 1} / {n}"
    assert all(r.question.skill == "winners-pot.run-the-round" for r in recorded)
    assert "Round 1 is over" in screen.prompt.text()
    button_before = drill.round.button
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # the next round
    qtbot.waitUntil(lambda: screen.state == "question", timeout=5000)
    assert drill.round_no == 2 and drill.round.button == 1 and button_before == 0


def test_space_deals_straight_to_the_question(qtbot):
    w = WinnersPotDrillScreen(step_ms=10_000, pause_ms=10_000)
    qtbot.addWidget(w)
    w.show()
    w.start(3)
    qtbot.waitUntil(lambda: w.state == "question", timeout=3000)  # the button question needs no dealing
    answer(qtbot, w)
    qtbot.waitUntil(lambda: w.state == "feedback")
    qtbot.keyClick(w.feedback, Qt.Key.Key_Space)
    assert w.state == "dealing"
    qtbot.keyClick(w, Qt.Key.Key_Space)
    assert w.state == "question" and w.drill.pending.kind.endswith("first-card")


def test_save_status_and_leave(qtbot, screen, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    asked = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: (asked.append(box.text()), QMessageBox.StandardButton.Yes)[1])
    left = []
    screen.back_requested.connect(lambda: left.append(True))
    screen.start(11)
    qtbot.waitUntil(lambda: screen.state == "question", timeout=5000)
    answer(qtbot, screen)
    qtbot.waitUntil(lambda: screen.state == "feedback")
    screen.answer_saved(0)
    assert "Saved" in screen.feedback.save_status.text()
    screen.answer_not_saved(0, "disk full")
    assert "NOT saved" in screen.feedback.save_status.text()
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert left == [True]
    assert len(asked) == 1 and "answered 1 step of this round" in asked[0]  # a round under way: asked first


def test_finish_emits_the_drill(qtbot, screen):
    done = []
    screen.finished.connect(done.append)
    drill = screen.start(5)
    for _ in range(60):
        qtbot.waitUntil(lambda: screen.state in ("question", "round-over"), timeout=5000)
        if screen.state == "round-over":
            break
        screen.submit_answer(screen.drill.pending.answer, 1000)
        screen.go_on()
    assert screen.finish_button.isVisible()
    qtbot.mouseClick(screen.finish_button, Qt.MouseButton.LeftButton)
    assert done == [drill]


def test_renders_offscreen(qtbot, screen, tmp_path):
    screen.start(21)
    qtbot.waitUntil(lambda: screen.state == "question", timeout=5000)
    path = tmp_path / "drill.png"
    assert screen.grab().save(str(path)) and path.stat().st_size > 10_000
