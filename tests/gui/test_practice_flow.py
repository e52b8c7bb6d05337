"""Daily practice, learn and speed modes, and My mistakes, through the GUI (fake game)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.test_flow import answer_by_keyboard, feedback_shown, focused, open_window, press
from trainer.store import Store

# Keys go to the focus widget: these flows also run in real windows (make test-display).
pytestmark = pytest.mark.display


def shown(quiz) -> bool:
    """The feedback of this quiz screen is showing."""
    return quiz.stack.currentWidget() is quiz.feedback


def window_with_trainee(qtbot, db, name: str = "Dana"):
    with Store.open(db) as s:
        s.add_trainee(name)
    window = open_window(qtbot, db)
    window.choose_trainee(window.trainee_screen.trainees()[0])
    qtbot.waitUntil(lambda: window.current_screen() is window.home_screen)
    return window


def open_daily(qtbot, window):
    qtbot.mouseClick(window.home_screen.daily_button, Qt.MouseButton.LeftButton)
    flow = window.practice
    qtbot.waitUntil(lambda: flow.practice_screen.start_button.isEnabled(), timeout=5000)
    return flow


def test_daily_practice_in_learn_mode_with_show_me(qtbot, tmp_path, fake_game):
    db = tmp_path / "t.sqlite3"
    window = window_with_trainee(qtbot, db)
    flow = open_daily(qtbot, window)
    screen = flow.practice_screen
    assert window.current_screen() is screen
    ov = flow.overview
    assert [q.reason for q in ov.queue] == ["new"] * 3  # a new trainee: the first skills of the game
    assert screen.values["new"].text() == "3" and screen.values["due"].text() == "0"
    assert screen.skills_table.rowCount() == 3
    qtbot.mouseClick(screen.pace.buttons["learn"], Qt.MouseButton.LeftButton)
    assert "Show me" in screen.pace.description.text()
    press(qtbot, window, Qt.Key.Key_Return)
    quiz = flow.quiz_screen
    qtbot.waitUntil(lambda: window.current_screen() is quiz)
    assert quiz.mode == "learn" and quiz.show_me_button.isVisible() and quiz.mode_badge.text().startswith("LEARN")
    assert quiz.game_label.text() == f"{fake_game.TITLE} · Daily practice"
    first = quiz.question
    qtbot.mouseClick(quiz.show_me_button, Qt.MouseButton.LeftButton)  # stuck: show me
    assert shown(quiz)
    assert quiz.feedback.verdict.text() == "Here is the answer"
    assert "untimed" in quiz.feedback.time_label.text()
    assert first.explanation.split(".")[0] in quiz.feedback.explanation.text()
    press(qtbot, window, Qt.Key.Key_Return)
    for _ in range(9):
        answer_by_keyboard(qtbot, window, quiz.question, right=True)
        qtbot.waitUntil(lambda: shown(quiz))
        press(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_screen() is flow.summary_screen)
    assert "Daily practice · learn mode" in flow.summary_screen.title.text()
    assert flow.summary_screen.score_value.text() == "9 / 10"
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        t = s.trainees()[0]
        [session] = s.sessions(t.id)
        assert (session.mode, session.source, session.answered, session.correct) == ("learn", "daily", 10, 9)
        assert session.ended_at is not None
        answers = s.answers(t.id)
        revealed = [a for a in answers if a.given == ""]
        assert len(revealed) == 1 and (revealed[0].kind, revealed[0].seed) == (first.kind, first.seed)
        assert {a.skill for a in answers} == {r.skill for r in ov.skills}
    # back to daily practice: what was right is no longer due, the shown one is
    qtbot.mouseClick(flow.summary_screen.again_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: flow.overview is not ov and window.current_screen() is screen, timeout=5000)
    qtbot.waitUntil(lambda: screen.values["mistakes"].text() == "1", timeout=5000)


def test_speed_mode_grades_every_answer(qtbot, tmp_path, fake_game):
    window = window_with_trainee(qtbot, tmp_path / "t.sqlite3")
    flow = open_daily(qtbot, window)
    flow.practice_screen.pace.set_mode("speed")
    press(qtbot, window, Qt.Key.Key_Return)
    quiz = flow.quiz_screen
    qtbot.waitUntil(lambda: window.current_screen() is quiz)
    assert quiz.speed_bar.isVisible() and quiz.mode_badge.text() == "SPEED" and not quiz.show_me_button.isVisible()
    q = quiz.question
    from trainer.contracts.measures import question_target_ms

    target = question_target_ms(q)
    quiz.submit_answer(q.answer, response_ms=target // 4)
    assert "FAST" in quiz.feedback.time_label.text() and "target" in quiz.feedback.time_label.text()
    quiz.next_question()
    q = quiz.question
    quiz.submit_answer(q.answer, response_ms=question_target_ms(q) * 2)
    assert "SLOW" in quiz.feedback.time_label.text()
    assert quiz.speed_bar.grade == "slow"


def test_my_mistakes_asks_the_same_questions_again(qtbot, tmp_path, fake_game):
    db = tmp_path / "t.sqlite3"
    window = window_with_trainee(qtbot, db)
    window.start_practice(fake_game.GAME_ID, seed=5, count=6)
    quiz = window.quiz_screen
    wrong = []
    for i in range(6):
        q = quiz.question
        if i % 2 == 0:
            wrong.append((q.kind, q.seed))
        answer_by_keyboard(qtbot, window, q, right=i % 2 == 1)
        qtbot.waitUntil(lambda: feedback_shown(window))
        press(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_screen() is window.summary_screen)
    window.show_home()
    qtbot.mouseClick(window.home_screen.mistakes_button, Qt.MouseButton.LeftButton)
    flow = window.practice
    screen = flow.mistakes_screen
    qtbot.waitUntil(lambda: screen.start_button.isEnabled(), timeout=5000)
    assert screen.table.rowCount() == 3
    assert {(m.kind, m.seed) for m in screen.mistakes} == set(wrong)
    assert "Practise 3 questions again" in screen.start_button.text().replace("&", "")
    assert "Rule" in screen.detail.text()
    screen.focus_default()
    assert focused(window) is screen.start_button
    press(qtbot, window, Qt.Key.Key_Return)
    quiz = flow.quiz_screen
    qtbot.waitUntil(lambda: window.current_screen() is quiz)
    assert flow.source == "mistakes", flow.source
    asked = []
    for _ in range(3):
        asked.append((quiz.question.kind, quiz.question.seed))
        answer_by_keyboard(qtbot, window, quiz.question, right=True)
        qtbot.waitUntil(lambda: shown(quiz))
        press(qtbot, window, Qt.Key.Key_Return)
    assert sorted(asked) == sorted(wrong)  # the very same questions
    qtbot.waitUntil(lambda: window.current_screen() is flow.summary_screen)
    press(qtbot, window, Qt.Key.Key_Return)  # back to my mistakes: none left
    qtbot.waitUntil(lambda: window.current_screen() is screen and not screen.mistakes, timeout=5000)
    assert "No mistakes to review" in screen.message.text()
    assert not screen.start_button.isEnabled()
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        t = s.trainees()[0]
        sources = sorted(r.source for r in s.sessions(t.id))
        assert sources == ["game", "mistakes"]


def test_leaving_a_daily_session_keeps_its_answers(qtbot, tmp_path, fake_game, monkeypatch):
    db = tmp_path / "t.sqlite3"
    window = window_with_trainee(qtbot, db)
    flow = open_daily(qtbot, window)
    press(qtbot, window, Qt.Key.Key_Return)
    quiz = flow.quiz_screen
    qtbot.waitUntil(lambda: window.current_screen() is quiz)
    answer_by_keyboard(qtbot, window, quiz.question, right=True)
    qtbot.waitUntil(lambda: shown(quiz))
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "exec", lambda self: QMessageBox.StandardButton.Yes)
    press(qtbot, window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.current_screen() is flow.practice_screen, timeout=5000)
    assert focused(window) is not None
    assert window.worker.wait_idle()
    with Store.open(db) as s:
        t = s.trainees()[0]
        [session] = s.sessions(t.id)
        assert session.answered == 1 and session.ended_at is not None
