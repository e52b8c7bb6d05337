"""The answer forms as objects (issue 16): each form validates a question's answer, grades
a given one, shows a stored one, reads what the trainee entered and makes a demo wrong
answer; ``form_of`` finds it by the id that questions and stored answers hold.

The expected values are written out here (cents, JSON, messages), not computed with the
code under test."""

from __future__ import annotations

import json
import random

import pytest

from trainer.contracts import ANSWER_FORMS, FORMS, AnswerForm, form_of
from trainer.contracts.question import (
    AMOUNTS, CHOICE, ORDER, SETTLE, AmountsForm, ChoiceForm, InputError, OrderForm, Question, SettleForm,
    display_answer,
)


def question(form: str, answer: str, options=(), fields=()) -> Question:
    return Question(game_id="g", skill="g.s", kind="g.k", seed=1, prompt="?", form=form, answer=answer,
                    explanation="", citations=("X §1",), options=tuple(options), fields=tuple(fields))


CHOOSE = question(CHOICE, "Pair", options=("High card", "Pair", "Flush"))
PAY = question(AMOUNTS, "[1500, 0]", fields=("Ante", "Play"))
STEPS = question(ORDER, '["Cut", "Burn", "Deal"]', options=("Deal", "Cut", "Burn"))
SETTLE_Q = question(SETTLE, '[["collect"], ["push"], ["pay", 1500], 700]', fields=("Ante", "Play", "Bonus", "Total"))


# ---------------------------------------------------------------- the lookup

def test_the_stored_ids_are_unchanged_and_each_has_its_form():
    assert FORMS == ("choice", "amounts", "order", "settle")
    assert tuple(ANSWER_FORMS) == FORMS
    assert [type(form_of(f)) for f in FORMS] == [ChoiceForm, AmountsForm, OrderForm, SettleForm]
    assert all(isinstance(form_of(f), AnswerForm) and form_of(f).id == f for f in FORMS)


def test_an_unknown_form_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown answer form 'essay'"):
        form_of("essay")
    with pytest.raises(ValueError, match="unknown answer form 'essay'"):
        question("essay", "x")


def test_an_answer_stored_under_a_form_this_version_does_not_know_is_shown_as_a_list():
    assert display_answer("essay", '["a", "b"]') == "a → b"
    assert display_answer("essay", "not json") == "not json"


# ---------------------------------------------------------------- validation

def test_each_form_checks_the_answer_of_its_question():
    with pytest.raises(ValueError, match="is not among the options"):
        question(CHOICE, "Straight", options=("Pair", "Flush"))
    with pytest.raises(ValueError, match="one amount per field"):
        question(AMOUNTS, "[100]", fields=("Ante", "Play"))
    with pytest.raises(ValueError, match="exactly the items offered"):
        question(ORDER, '["Cut", "Deal"]', options=("Cut", "Burn", "Deal"))
    with pytest.raises(ValueError, match="one result per field"):
        question(SETTLE, '[["collect"]]', fields=("Ante", "Play"))
    with pytest.raises(ValueError, match="Play: a pay needs an amount above"):
        question(SETTLE, '[["collect"], ["pay", 0]]', fields=("Ante", "Play"))


# ---------------------------------------------------------------- grading

def test_choice_is_graded_by_the_option_text():
    assert CHOOSE.is_correct("Pair")
    assert not CHOOSE.is_correct("pair")
    assert not CHOOSE.is_correct("Flush")


def test_amounts_and_order_are_graded_by_their_values_not_their_spelling():
    assert PAY.is_correct("[1500,0]")
    assert not PAY.is_correct("[1500, 1]")
    assert not PAY.is_correct("[0, 1500]")
    assert not PAY.is_correct("fifteen dollars")
    assert STEPS.is_correct('["Cut","Burn","Deal"]')
    assert not STEPS.is_correct('["Burn", "Cut", "Deal"]')
    assert not STEPS.is_correct("")


def test_settle_is_graded_wager_by_wager():
    assert SETTLE_Q.is_correct('[["collect"], ["push"], ["pay", 1500], 700]')
    assert not SETTLE_Q.is_correct('[["push"], ["push"], ["pay", 1500], 700]')
    grades = form_of(SETTLE).grade(SETTLE_Q.fields, SETTLE_Q.answer, '[["collect"], ["collect"], ["pay", 1000], 700]')
    assert [(g.label, g.ok, g.problem()) for g in grades] == [
        ("Ante", True, ""), ("Play", False, "wrong result"), ("Bonus", False, "wrong amount"), ("Total", True, "")]


# ---------------------------------------------------------------- display

def test_each_form_shows_a_stored_answer():
    assert CHOOSE.display("Flush") == "Flush"
    assert PAY.display("[1500, 0]") == "Ante $15.00, Play $0.00"
    assert form_of(AMOUNTS).display("[1500, 25]") == "$15.00, $0.25"
    assert STEPS.display(STEPS.answer) == "Cut → Burn → Deal"
    assert SETTLE_Q.display(SETTLE_Q.answer) == "Ante: collect, Play: push, Bonus: pay $15.00, Total: $7.00"
    assert form_of(SETTLE).display('[["refer"]]') == "refer to floor supervisor"
    assert SETTLE_Q.display("garbage") == "garbage"


# ---------------------------------------------------------------- reading the input

def test_choice_and_order_read_what_was_pressed():
    assert form_of(CHOICE).parse_input(CHOOSE, 2) == "Flush"
    # the options are Deal, Cut, Burn: pressing 2, 3, 1 puts Cut, Burn, Deal
    given = form_of(ORDER).parse_input(STEPS, [1, 2, 0])
    assert json.loads(given) == ["Cut", "Burn", "Deal"]
    assert STEPS.is_correct(given)


def test_amounts_read_the_typed_text_or_point_at_the_first_field_that_is_wrong():
    assert json.loads(form_of(AMOUNTS).parse_input(PAY, ["$15", "0"])) == [1500, 0]
    assert json.loads(form_of(AMOUNTS).parse_input(PAY, ["1,250.5", ".75"])) == [125050, 75]
    with pytest.raises(InputError) as empty:
        form_of(AMOUNTS).parse_input(PAY, ["15", "  "])
    assert (empty.value.index, str(empty.value)) == (
        1, "Play: every amount needs a value — type 0 for a wager that is not paid.")
    with pytest.raises(InputError) as bad:
        form_of(AMOUNTS).parse_input(PAY, ["1.2.3", "x"])
    assert bad.value.index == 0 and str(bad.value).startswith("Ante: ")


def test_settle_reads_each_result_and_pay_or_points_at_the_first_field_that_is_wrong():
    results = ["collect", "push", "pay", None]
    given = form_of(SETTLE).parse_input(SETTLE_Q, (results, ["", "", "15", "7"]))
    assert json.loads(given) == [["collect"], ["push"], ["pay", 1500], 700]
    assert SETTLE_Q.is_correct(given)
    cases = [
        ([None, "push", "pay", None], ["", "", "15", "7"], 0, "Ante: choose collect, push or pay"),
        (["collect", "push", "pay", None], ["", "", "0", "7"], 2, "Bonus: a pay needs an amount above $0.00"),
        (["collect", "push", "pay", None], ["", "", "", "7"], 2, "Bonus: type the amount you pay"),
        (["collect", "push", "pay", None], ["", "", "15", ""], 3, "Total: every amount needs a value"),
    ]
    for results, texts, index, message in cases:
        with pytest.raises(InputError) as err:
            form_of(SETTLE).parse_input(SETTLE_Q, (results, texts))
        assert err.value.index == index and str(err.value).startswith(message), (results, texts, str(err.value))


# ---------------------------------------------------------------- demo wrong answers

@pytest.mark.parametrize("q", [CHOOSE, PAY, STEPS, SETTLE_Q], ids=lambda q: q.form)
def test_a_demo_wrong_answer_is_wrong_in_the_questions_form_and_replays_from_its_seed(q):
    for seed in range(40):
        wrong = form_of(q.form).wrong_answer(q, random.Random(seed))
        assert wrong == form_of(q.form).wrong_answer(q, random.Random(seed))
        assert not q.is_correct(wrong), (seed, wrong)
        assert q.display(wrong) != q.display(q.answer)


def test_the_demo_wrong_answers_are_the_ways_trainees_get_it_wrong():
    rng = random.Random(3)
    assert form_of(CHOICE).wrong_answer(CHOOSE, rng) in ("High card", "Flush")
    # one amount raised by $5 (always when it is 0) or halved
    amounts = {form_of(AMOUNTS).wrong_answer(PAY, random.Random(s)) for s in range(60)}
    assert amounts == {"[2000, 0]", "[750, 0]", "[1500, 500]"}
    # two neighbouring steps swapped
    orders = {form_of(ORDER).wrong_answer(STEPS, random.Random(s)) for s in range(60)}
    assert orders == {'["Burn", "Cut", "Deal"]', '["Cut", "Deal", "Burn"]'}
    one = question(CHOICE, "Yes", options=("Yes",))
    assert form_of(CHOICE).wrong_answer(one, rng) == "Yes"  # no other option to give


def test_only_settle_asks_a_different_thing_of_each_field():
    assert SETTLE_Q.settle_kinds() == ("wager", "wager", "wager", "amount")
    assert [q.settle_kinds() for q in (CHOOSE, PAY, STEPS)] == [(), (), ()]
