"""The game drills are reached from the home screen and every graded step is stored."""

from __future__ import annotations

import pytest

from trainer.games import registry
from trainer.store import Store
from trainer.contracts.question import Question
from trainer.contracts.question import AnswerResult
from trainer.ui.drills import drills, drills_for
from trainer.ui.main_window import MainWindow

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


def test_every_drill_belongs_to_an_available_game():
    for d in drills():
        assert registry.is_available(d.game_id), d.key
        assert d in drills_for(d.game_id)


@pytest.mark.parametrize("key", [d.key for d in drills()])
def test_a_drill_from_the_home_screen_records_its_steps(qtbot, tmp_path, key):
    db = tmp_path / "drill.sqlite3"
    window = MainWindow(db)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    window.add_trainee("Drill Dealer")
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    card = next(c for c in window.home_screen.cards if c.info.id == key.split(".")[0])
    (button,) = [b for b in card.drill_buttons if b.objectName() == f"drill-{key}"]
    button.click()
    screen = window.current_screen()
    assert screen is window.drill_screen(key)
    question = Question(
        game_id=key.split(".")[0], skill=f"{key.split('.')[0]}.procedures", kind=f"{key}-step", seed=1,
        prompt="A graded step", form="choice", answer="Right", explanation="Because the rules say so.",
        citations=("trainer ruling 1",), options=("Right", "Wrong"))
    screen.answered.emit(AnswerResult(question, "Right", True, 1200))
    screen.answered.emit(AnswerResult(question, "Wrong", False, 900))
    screen.back_requested.emit()
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    assert window.worker.wait_idle()
    window.close()
    with Store.open(db) as store:
        (trainee,) = store.trainees()
        (session,) = store.sessions(trainee.id)
        assert session.mode == "drill" and session.ended_at is not None
        answers = store.answers(trainee.id)
        assert [a.is_correct for a in answers] == [False, True]  # newest first
