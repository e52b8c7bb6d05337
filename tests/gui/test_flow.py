"""The whole flow through the GUI, by keyboard: trainee, home, ten questions, summary,
a restart on the same database file, and My progress."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui import fake_game
from trainer.store import Store
from trainer.ui.main_window import MainWindow

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


def open_window(qtbot, db) -> MainWindow:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.trainee_screen.ready, timeout=10_000)
    return window


def focused(window):
    widget = QApplication.focusWidget()
    assert widget is not None and window.isAncestorOf(widget), f"focus is on {widget!r}"
    return widget


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(focused(window), key, modifier)


def type_text(qtbot, window, text: str) -> None:
    qtbot.keyClicks(focused(window), text)


def answer_by_keyboard(qtbot, window, question, right: bool) -> None:
    for kind, value in fake_game.answer_keys(question, right):
        if kind == "text":
            type_text(qtbot, window, value)
        else:
            press(qtbot, window, value)


def feedback_shown(window) -> bool:
    quiz = window.quiz_screen
    return quiz.stack.currentWidget() is quiz.feedback


def add_trainee_by_keyboard(qtbot, window, name: str) -> None:
    assert focused(window) is window.trainee_screen.name_edit  # an empty database starts on the name field
    type_text(qtbot, window, name)
    press(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen, timeout=5000)


def test_new_trainee_by_keyboard_and_the_home_screen(qtbot, tmp_path, fake_game):
    window = open_window(qtbot, tmp_path / "t.sqlite3")
    add_trainee_by_keyboard(qtbot, window, "Alice Martin")

    assert window.trainee.name == "Alice Martin"
    assert "Alice Martin" in window.trainee_status.text()
    assert str(tmp_path / "t.sqlite3") in window.db_status.text()
    assert window.windowTitle() == "Dealer Trainer"
    cards = window.home_screen.cards
    assert [c.info.id for c in cards] == [fake_game.GAME_ID] and not cards[0].coming_soon  # the registry's one game
    assert cards[0].info.title == "Fake Card Poker"  # its game.json's title
    available = cards[0]
    assert available.isEnabled() and available.start_button is not None

    # A duplicate name is refused inline, and what was typed stays.
    window.switch_trainee()
    qtbot.waitUntil(lambda: window.trainee_screen.list.count() == 1)
    screen = window.trainee_screen
    screen.name_edit.setFocus()
    qtbot.keyClicks(screen.name_edit, "alice martin")
    qtbot.keyClick(screen.name_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: screen.error.isVisible())
    assert "already" in screen.error.text()
    assert screen.name_edit.text() == "alice martin"
    assert window.current_screen() is screen


def test_ten_questions_by_keyboard_then_restart_and_progress(qtbot, tmp_path, fake_game):
    db = tmp_path / "trainer.sqlite3"
    window = open_window(qtbot, db)
    add_trainee_by_keyboard(qtbot, window, "Bea")
    press(qtbot, window, Qt.Key.Key_Return)  # Enter on home starts practice
    qtbot.waitUntil(lambda: window.current_screen() is window.quiz_screen)

    wrong_ones = {2, 6}
    forms = set()
    for i in range(10):
        quiz = window.quiz_screen
        question = quiz.question
        forms.add(question.form)
        assert quiz.position_label.text() == f"Question {i + 1} of 10"
        answer_by_keyboard(qtbot, window, question, right=i not in wrong_ones)
        qtbot.waitUntil(lambda: feedback_shown(window), timeout=3000)
        assert quiz.feedback.verdict.text() == ("Not quite" if i in wrong_ones else "Correct")
        assert question.citations[0] in quiz.feedback.citations.text()
        # Recorded as soon as it was submitted: it is in the store before we go on.
        qtbot.waitUntil(lambda: quiz.feedback.save_status.text().startswith("✓"), timeout=5000)
        press(qtbot, window, Qt.Key.Key_Return if i % 2 else Qt.Key.Key_N)
    assert forms == {"choice", "amounts", "order", "settle"}

    qtbot.waitUntil(lambda: window.current_screen() is window.summary_screen)
    summary = window.summary_screen
    assert summary.score_value.text() == "8 / 10"
    assert summary.accuracy_value.text() == "80%"
    assert summary.table.rowCount() == 10
    results = [summary.table.item(r, 4).text() for r in range(10)]
    assert [("Wrong" in t) for t in results] == [i in wrong_ones for i in range(10)]
    assert summary.review_title.text() == "To review (2)"
    assert window.worker.wait_idle()
    window.close()

    with Store.open(db) as store:
        (bea,) = store.trainees()
        (session,) = store.sessions(bea.id)
        assert (session.answered, session.correct, session.question_count) == (10, 8, 10)
        assert session.ended_at is not None

    # A restart: a new window on the same file.
    again = open_window(qtbot, db)
    screen = again.trainee_screen
    assert [screen.list.item(i).text() for i in range(screen.list.count())] == ["Bea"]
    assert focused(again) is screen.list
    press(qtbot, again, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: again.current_screen() is again.home_screen)
    qtbot.waitUntil(lambda: again.home_screen.record.values["answered"].text() == "10")
    qtbot.mouseClick(again.home_screen.progress_button, Qt.MouseButton.LeftButton)
    progress = again.progress_screen
    qtbot.waitUntil(lambda: progress.loaded, timeout=5000)
    assert progress.pages.currentWidget() is progress.tables_page
    assert progress.answered_value.text() == "10"
    assert progress.accuracy_value.text() == "80%"
    assert progress.sessions_value.text() == "1"
    skills = progress.skills_table
    by_skill = {skills.item(r, 1).text(): (int(skills.item(r, 2).text()), skills.item(r, 3).text())
                for r in range(skills.rowCount())}
    assert set(by_skill) == {"Ranking", "Payouts", "Ordering"}
    assert sum(n for n, _acc in by_skill.values()) == 10
    sessions = progress.sessions_table
    assert sessions.rowCount() == 1
    assert sessions.item(0, 2).text() == "8 / 10"
    assert sessions.item(0, 3).text() == "80%"
    press(qtbot, again, Qt.Key.Key_Escape)
    assert again.current_screen() is again.home_screen


def test_progress_empty_state(qtbot, tmp_path, fake_game):
    window = open_window(qtbot, tmp_path / "e.sqlite3")
    add_trainee_by_keyboard(qtbot, window, "Cy")
    window.show_progress()
    progress = window.progress_screen
    qtbot.waitUntil(lambda: progress.loaded)
    assert progress.pages.currentWidget() is progress.message_page
    assert "Nothing answered yet" in progress.message.text()
    assert progress.answered_value.text() == "0"
