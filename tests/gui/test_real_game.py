"""One full session of the real Two Card Joker game, by keyboard, recorded in the store."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui import fake_game
from trainer.store import Store
from trainer.ui.main_window import MainWindow

pytest.importorskip("trainer.games.two_card_joker")


@pytest.mark.parametrize("seed", [1, 2024])
def test_a_real_two_card_joker_session_by_keyboard(qtbot, tmp_path, seed):
    from trainer.games import registry

    registry.get_game.cache_clear()
    db = tmp_path / "real.sqlite3"
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Real Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    assert [c.info.id for c in window.home_screen.cards if not c.coming_soon] == ["two-card-joker"]

    session = window.start_practice("two-card-joker", seed=seed)
    quiz = window.quiz_screen
    for i in range(10):
        question = quiz.question
        right = i != 3
        for kind, value in fake_game.answer_keys(question, right):
            target = QApplication.focusWidget()
            assert target is not None and window.isAncestorOf(target)
            if kind == "text":
                qtbot.keyClicks(target, value)
            else:
                qtbot.keyClick(target, value)
        qtbot.waitUntil(lambda: quiz.stack.currentWidget() is quiz.feedback, timeout=3000)
        assert quiz.feedback.verdict.text() == ("Correct" if right else "Not quite")
        assert quiz.table.isVisible() == (question.scene is not None)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_screen() is window.summary_screen)
    assert window.summary_screen.score_value.text() == "9 / 10"
    assert session.summary().correct == 9
    assert window.worker.wait_idle()
    window.close()
    with Store.open(db) as store:
        (trainee,) = store.trainees()
        answers = store.answers(trainee.id)
        assert len(answers) == 10 and sum(a.is_correct for a in answers) == 9
        assert all(a.citations for a in answers)
