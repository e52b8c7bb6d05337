"""One full session of each real game in the registry, by keyboard, recorded in the store."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui import fake_game
from trainer.store import Store
from trainer.ui.main_window import MainWindow

from trainer.games import registry

GAMES = sorted(s.id for s in registry.specs())


@pytest.mark.parametrize("game_id,seed", [("two-card-joker", 1), ("two-card-joker", 2024)]
                         + [(g, 5) for g in GAMES if g != "two-card-joker"])
def test_a_real_session_by_keyboard(qtbot, tmp_path, game_id, seed):
    db = tmp_path / "real.sqlite3"
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Real Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    available = [c.info.id for c in window.home_screen.cards if not c.coming_soon]
    assert available == [e.id for e in registry.catalogue() if registry.is_available(e.id)]
    assert "two-card-joker" in available

    session = window.start_practice(game_id, seed=seed)
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
