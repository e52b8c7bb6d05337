"""The answer widgets and the quiz screen around them, key by key."""

from __future__ import annotations

import json


from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui import fake_game
from trainer.contracts.question import (
    ORDER, SETTLE, Question, display_answer, order_answer, parse_settle, settle_answer,
)
from trainer.training.session import Session
from trainer.ui.answer_inputs import AmountsInput, ChoiceInput, OrderInput, SettleInput
from trainer.ui.screens.quiz_screen import QuizScreen, answer_html, citations_html


def one_question_quiz(qtbot, kind: str) -> tuple[QuizScreen, list]:
    screen = QuizScreen()
    qtbot.addWidget(screen)
    answered = []
    screen.answered.connect(answered.append)
    screen.start(Session.quiz(fake_game.GAME_ID, 11, 1, kinds=(f"{fake_game.GAME_ID}.{kind}",)))
    screen.resize(1200, 760)
    screen.show()
    qtbot.waitExposed(screen)
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    screen.focus_default()
    return screen, answered


def test_an_invalid_amount_shows_an_inline_error_and_does_not_submit(qtbot, fake_game):
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


def test_an_empty_amount_is_explained_and_letters_cannot_be_typed(qtbot, fake_game):
    screen, answered = one_question_quiz(qtbot, "fake-pay")
    first, second = screen.input.edits
    qtbot.keyClicks(first, "ab5c")
    assert first.text() == "5"
    qtbot.mouseClick(screen.submit_button, Qt.MouseButton.LeftButton)
    assert answered == []
    assert "Pair Up: every amount needs a value" in screen.input.error.text()
    assert second.hasFocus()


def test_choice_number_keys_choose_and_submit(qtbot, fake_game):
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


def test_order_keys_build_the_sequence_and_backspace_undoes(qtbot, fake_game):
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


def test_feedback_shows_both_answers_explanation_and_bold_citations(qtbot, fake_game):
    screen, answered = one_question_quiz(qtbot, "fake-pay")
    question = screen.question
    screen.submit_answer(json.dumps([1, 2]), response_ms=4321)
    fb = screen.feedback
    assert fb.verdict.text() == "Not quite"
    assert "4.3 s" in fb.time_label.text()
    assert fb.explanation.text() == question.explanation
    # bold, and a link to the rule book at the section (issue 18)
    assert "<b><a href=\"rule:two-card-joker/11(c)\">Two Card Joker Poker §11(c)</a></b>" in fb.citations.text()
    assert "<b><a href=\"rule:rulings/3\">trainer ruling 3</a></b>" in fb.citations.text()
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


# ---------------------------------------------------------------- settle: a result per wager

def settle_question(entries, fields) -> Question:
    return Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="Settle the seat.", form=SETTLE,
                    answer=settle_answer(entries), explanation="", citations=("X §1",), fields=fields)


def settle_input(qtbot, question) -> tuple[SettleInput, list]:
    widget = SettleInput(question)
    qtbot.addWidget(widget)
    given: list[str] = []
    widget.submitted.connect(given.append)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    widget.focus_input()
    return widget, given


def focus() -> object:
    return QApplication.focusWidget()


def test_settle_by_the_numpad_collect_push_and_pay(qtbot):
    q = settle_question([("collect",), ("push",), ("pay", 1500), 1500], ("Ante", "Play", "Ante bonus", "Total"))
    widget, given = settle_input(qtbot, q)
    assert [p is None for p in widget.pickers] == [False, False, False, True]  # the total is a plain amount
    assert focus() is widget.pickers[0]
    assert not any(e.isEnabled() for e in widget.edits[:3])  # no amount until the wager is paid
    numpad = Qt.KeyboardModifier.KeypadModifier
    qtbot.keyClick(focus(), Qt.Key.Key_Minus, numpad)  # numpad − collects
    assert widget.results[0] == "collect" and not widget.edits[0].isEnabled()
    qtbot.keyClick(focus(), Qt.Key.Key_Enter, numpad)
    assert focus() is widget.pickers[1]
    qtbot.keyClick(focus(), Qt.Key.Key_Slash, numpad)  # numpad / pushes
    qtbot.keyClick(focus(), Qt.Key.Key_Enter, numpad)
    for ch in "15":  # typing an amount on a wager pays it
        qtbot.keyClick(focus(), ch)
    assert widget.results[2] == "pay" and focus() is widget.edits[2] and widget.edits[2].text() == "15"
    qtbot.keyClick(focus(), Qt.Key.Key_Enter, numpad)
    assert focus() is widget.edits[3]
    qtbot.keyClicks(focus(), "15.00")
    assert given == []
    qtbot.keyClick(focus(), Qt.Key.Key_Enter, numpad)  # Enter on the last field submits
    assert given == ['[["collect"], ["push"], ["pay", 1500], 1500]']
    assert q.is_correct(given[0])
    assert widget.pickers[0].buttons["collect"].property("selected") == "true"
    assert widget.pickers[1].buttons["push"].property("selected") == "true"


def test_settle_letters_change_a_result_and_backspace_clears_it(qtbot):
    q = settle_question([("push",), ("pay", 1000)], ("Ante", "Pair Up"))
    widget, given = settle_input(qtbot, q)
    qtbot.keyClick(focus(), Qt.Key.Key_C)
    assert widget.results[0] == "collect"
    qtbot.keyClick(focus(), Qt.Key.Key_P)  # P: push, the row changes its mind
    assert widget.results[0] == "push"
    qtbot.keyClick(focus(), Qt.Key.Key_Down)
    assert focus() is widget.pickers[1]
    qtbot.keyClick(focus(), Qt.Key.Key_Plus)  # + pays: the amount opens, empty
    assert widget.results[1] == "pay" and focus() is widget.edits[1] and widget.edits[1].isEnabled()
    qtbot.keyClicks(focus(), "10")
    qtbot.keyClick(focus(), Qt.Key.Key_C)  # a result key in the amount: collect after all
    assert widget.results[1] == "collect" and focus() is widget.pickers[1] and not widget.edits[1].isEnabled()
    qtbot.keyClick(focus(), Qt.Key.Key_R)
    assert widget.results[1] == "refer"
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)
    assert widget.results[1] is None and not widget.is_ready()
    qtbot.keyClick(focus(), Qt.Key.Key_1)
    qtbot.keyClick(focus(), Qt.Key.Key_0)
    assert widget.edits[1].text() == "10"  # the amount typed again from scratch
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)
    qtbot.keyClick(focus(), Qt.Key.Key_Backspace)  # on the empty amount: the row is cleared
    assert widget.results[1] is None and focus() is widget.pickers[1]
    qtbot.keyClick(focus(), Qt.Key.Key_1)
    qtbot.keyClicks(focus(), "0")
    qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert given == ['[["push"], ["pay", 1000]]']


def test_settle_a_missing_result_or_a_pay_of_nothing_is_explained_inline(qtbot):
    q = settle_question([("collect",), ("pay", 500)], ("Ante", "Pair Up"))
    widget, given = settle_input(qtbot, q)
    qtbot.keyClick(focus(), Qt.Key.Key_Return)  # nothing chosen on the ante: on to the next row
    qtbot.keyClicks(focus(), "0")
    qtbot.keyClick(focus(), Qt.Key.Key_Return)  # the last row: tries to submit
    assert given == []
    assert widget.error.isVisible() and widget.error.text().startswith("Ante: choose")
    assert focus() is widget.pickers[0] and widget.pickers[0].property("invalid") == "true"
    qtbot.keyClick(focus(), Qt.Key.Key_C)
    assert not widget.error.isVisible()
    widget.submit()
    assert given == [] and widget.error.text().startswith("Pair Up: a pay needs an amount above $0.00")
    assert focus() is widget.edits[1] and widget.edits[1].text() == "0"  # nothing typed is lost
    qtbot.keyClicks(focus(), "5")
    qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert given == ['[["collect"], ["pay", 500]]']


def test_settle_buttons_work_by_mouse(qtbot):
    q = settle_question([("push",), ("pay", 250)], ("Ante", "Pair Up"))
    widget, given = settle_input(qtbot, q)
    qtbot.mouseClick(widget.pickers[0].buttons["push"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(widget.pickers[1].buttons["pay"], Qt.MouseButton.LeftButton)
    assert focus() is widget.edits[1]
    qtbot.keyClicks(focus(), "2.50")
    assert widget.is_ready()
    qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert given == ['[["push"], ["pay", 250]]']


def test_settle_in_the_quiz_grades_and_explains_each_wager(qtbot, fake_game):
    screen, answered = one_question_quiz(qtbot, "fake-settle")
    question = screen.question
    assert isinstance(screen.input, SettleInput) and screen.submit_button.isEnabled()
    right = parse_settle(question.answer)
    # Collect for a push (or push for a collect), and a pay a dollar short when the Pair Up pays.
    wrong = [("collect", 0) if right[0][0] != "collect" else ("push", 0),
             ("pay", right[1][1] - 100) if right[1][0] == "pay" else ("push", 0)]
    screen.submit_answer(settle_answer(wrong), response_ms=3000)
    assert answered[0].correct is False
    html = screen.feedback.answers.text()
    assert "wrong&nbsp;result" in html
    if right[1][0] == "pay":
        assert "wrong&nbsp;amount" in html
        assert f"pay&nbsp;${right[1][1] // 100}.{right[1][1] % 100:02d}" in html  # the right amount shown
    assert question.display(question.answer).split(", ")[0].split(": ")[1].replace(" ", "&nbsp;") in html


def test_old_amounts_answers_still_display():
    assert display_answer("amounts", "[1000, 0]", ("Ante", "Pair Up")) == "Ante $10.00, Pair Up $0.00"
    assert display_answer("settle", '[["collect"], ["push"], ["pay", 1500]]', ("Ante", "Play", "Bonus")) == \
        "Ante: collect, Play: push, Bonus: pay $15.00"


def test_settle_rows_scroll_into_view_as_enter_moves_on(qtbot):
    from PySide6.QtWidgets import QScrollArea

    fields = tuple(f"Wager {n}" for n in range(1, 9))
    q = settle_question([("collect",)] * 8, fields)
    area = QScrollArea()
    area.setWidgetResizable(True)
    widget = SettleInput(q)
    area.setWidget(widget)
    area.resize(480, 200)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    area.activateWindow()
    qtbot.waitUntil(area.isActiveWindow)
    widget.focus_input()
    assert area.verticalScrollBar().value() == 0
    for _ in range(7):
        qtbot.keyClick(focus(), Qt.Key.Key_C)
        qtbot.keyClick(focus(), Qt.Key.Key_Return)
    assert focus() is widget.pickers[7]
    assert area.verticalScrollBar().value() > 0
    top_left = widget.pickers[7].mapTo(area.viewport(), widget.pickers[7].rect().topLeft())
    assert 0 <= top_left.y() and top_left.y() + widget.pickers[7].height() <= area.viewport().height()


def test_each_answer_form_has_its_input_widget(qtbot):
    from trainer.contracts.question import FORMS, form_of
    from trainer.ui.answer_inputs import INPUTS, make_input

    assert INPUTS == {"choice": ChoiceInput, "amounts": AmountsInput, "order": OrderInput, "settle": SettleInput}
    assert tuple(INPUTS) == FORMS
    q = Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="?", form=ORDER, answer=order_answer(["A", "B"]),
                 explanation="", citations=(), options=("B", "A"))
    widget = make_input(q)
    qtbot.addWidget(widget)
    assert isinstance(widget, OrderInput) and widget.form is form_of(ORDER)


def test_each_answer_form_has_its_blank_on_a_worksheet():
    from trainer.contracts.question import CHOICE, FORMS
    from trainer.ui.worksheet import BLANKS, _answer_lines

    assert set(BLANKS) == set(FORMS)
    q = Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="?", form=SETTLE,
                 answer=settle_answer([("collect",), ("pay", 1500)]), explanation="", citations=(),
                 fields=("Ante", "Play"))
    assert BLANKS[SETTLE](q) == ("<p style='margin-left:18px'>Ante (collect, push, pay $ or refer to floor supervisor): "
                                 "______________<br>Play (collect, push, pay $ or refer to floor supervisor): "
                                 "______________</p>")
    assert _answer_lines(q) == "Ante: collect, Play: pay $15.00"
    choice = Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="?", form=CHOICE, answer="B & C",
                      explanation="", citations=(), options=("A", "B & C"))
    assert _answer_lines(choice) == "B. B &amp; C"
