"""The three answer widgets and the quiz screen around them, key by key."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.gui import fake_game
from trainer.training.question import ORDER, Question, order_answer
from trainer.training.session import QuizSession
from trainer.ui.answer_inputs import AmountsInput, ChoiceInput, OrderInput
from trainer.ui.screens.quiz_screen import QuizScreen, answer_html, citations_html


@pytest.fixture
def fake_games(monkeypatch):
    fake_game.install(monkeypatch)
    yield
    fake_game.uninstall()


def one_question_quiz(qtbot, kind: str) -> tuple[QuizScreen, list]:
    screen = QuizScreen()
    qtbot.addWidget(screen)
    answered = []
    screen.answered.connect(answered.append)
    screen.start(QuizSession(fake_game.GAME_ID, 11, 1, kinds=(f"{fake_game.GAME_ID}.{kind}",)))
    screen.resize(1200, 760)
    screen.show()
    qtbot.waitExposed(screen)
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    screen.focus_default()
    return screen, answered


def test_an_invalid_amount_shows_an_inline_error_and_does_not_submit(qtbot, fake_games):
    screen, answered = one_question_quiz(qtbot, "fake-pay")
    amounts = screen.input
    assert isinstance(amounts, AmountsInput) and len(amounts.edits) == 2
    first, second = amounts.edits
    qtbot.keyClicks(first, "12.5.0")
    qtbot.keyClick(first, Qt.Key.Key_Return)  # Enter on a field that is not the last moves on
    assert second.hasFocus()
    qtbot.keyClicks(second, "$1,000")
    qtbot.keyClick(second, Qt.Key.Key_Enter)  # the numpad's Enter submits on the last field

    assert answered == []
    assert screen.stack.currentWidget() is screen.input_holder
    assert amounts.error.isVisible()
    assert amounts.error.text().startswith("Ante: ") and "is not an amount" in amounts.error.text()
    assert first.property("invalid") == "true" and first.hasFocus()
    assert [e.text() for e in amounts.edits] == ["12.5.0", "$1,000"]  # nothing typed is lost

    qtbot.keyClicks(first, "12.50")  # the bad text was selected: typing replaces it
    assert first.text() == "12.50"
    assert not amounts.error.isVisible()
    qtbot.keyClick(first, Qt.Key.Key_Return)
    qtbot.keyClick(second, Qt.Key.Key_Return)
    assert len(answered) == 1
    assert json.loads(answered[0].given) == [1250, 100000]
    assert screen.stack.currentWidget() is screen.feedback


def test_an_empty_amount_is_explained_and_letters_cannot_be_typed(qtbot, fake_games):
    screen, answered = one_question_quiz(qtbot, "fake-pay")
    first, second = screen.input.edits
    qtbot.keyClicks(first, "ab5c")
    assert first.text() == "5"
    qtbot.mouseClick(screen.submit_button, Qt.MouseButton.LeftButton)
    assert answered == []
    assert "Pair Up: every amount needs a value" in screen.input.error.text()
    assert second.hasFocus()


def test_choice_number_keys_choose_and_submit(qtbot, fake_games):
    screen, answered = one_question_quiz(qtbot, "fake-higher")
    choice = screen.input
    assert isinstance(choice, ChoiceInput) and choice.hasFocus()
    question = screen.question
    index = question.options.index(question.answer)
    qtbot.keyClick(choice, Qt.Key.Key_9)  # no ninth option: nothing happens
    assert answered == []
    qtbot.keyClick(choice, Qt.Key(int(Qt.Key.Key_1) + index), Qt.KeyboardModifier.KeypadModifier)
    assert len(answered) == 1 and answered[0].correct and answered[0].given == question.answer
    assert screen.feedback.verdict.text() == "Correct"
    assert screen.feedback.hasFocus()
    assert screen.score_label.text() == "1 / 1"


def test_order_keys_build_the_sequence_and_backspace_undoes(qtbot, fake_games):
    screen, answered = one_question_quiz(qtbot, "fake-order")
    order = screen.input
    assert isinstance(order, OrderInput)
    right = json.loads(screen.question.answer)
    keys = [Qt.Key(int(Qt.Key.Key_1) + screen.question.options.index(item)) for item in right]
    qtbot.keyClick(order, keys[1])
    qtbot.keyClick(order, keys[1])  # the same item twice counts once
    assert order.chosen() == [right[1]]
    qtbot.keyClick(order, Qt.Key.Key_Backspace)
    assert order.chosen() == []
    for key in keys[:-1]:
        qtbot.keyClick(order, key)
    qtbot.keyClick(order, Qt.Key.Key_Return)  # not complete: Enter does nothing
    assert answered == [] and not screen.submit_button.isEnabled()
    assert order.buttons[screen.question.options.index(right[0])].badge.text() == "1st"
    qtbot.keyClick(order, keys[-1])
    assert screen.submit_button.isEnabled()
    qtbot.keyClick(order, Qt.Key.Key_Return)
    assert len(answered) == 1 and answered[0].correct
    assert answered[0].given == order_answer(right)


def test_feedback_shows_both_answers_explanation_and_bold_citations(qtbot, fake_games):
    screen, answered = one_question_quiz(qtbot, "fake-pay")
    question = screen.question
    screen.submit_answer(json.dumps([1, 2]), response_ms=4321)
    fb = screen.feedback
    assert fb.verdict.text() == "Not quite"
    assert "4.3 s" in fb.time_label.text()
    assert fb.explanation.text() == question.explanation
    assert "<b>Two Card Joker Poker §11(c)</b>" in fb.citations.text()
    assert "<b>trainer ruling 3</b>" in fb.citations.text()
    html = fb.answers.text()
    assert "$0.01" in html and "$0.02" in html  # what was given
    for cents in json.loads(question.answer):
        assert f"${cents // 100}.{cents % 100:02d}" in html  # and what was right
    assert screen.position_label.text() == "Question 1 of 1"
    qtbot.keyClick(fb, Qt.Key.Key_Space)
    assert screen.session.finished


def test_citations_of_one_rule_book_run_together():
    html = citations_html(("Two Card Joker Poker §11(d)", "trainer ruling 8", "Two Card Joker Poker §11(e)"))
    assert html == "<b>Two Card Joker Poker §11(d), §11(e)</b>; <b>trainer ruling 8</b>"


def test_order_feedback_says_where_each_step_went():
    q = Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="Order", form=ORDER,
                 answer=order_answer(["a", "b", "c"]), explanation="", citations=("X §1",), options=("c", "a", "b"))
    html = answer_html(q, order_answer(["b", "a", "c"]), False)
    assert html.count("you: ") == 2 and "you: 2nd" in html and "you: 1st" in html
