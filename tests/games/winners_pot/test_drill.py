"""The "run the round" drill without a screen: rounds dealt by the app, the trainee
answering for the dealer at each key step."""

import random

from trainer.games.winners_pot.dealing import DEALER, next_button
from trainer.games.winners_pot.drill import RoundDrill, random_drill_question
from trainer.games.winners_pot.questions import SKILLS
from trainer.contracts.question import CHOICE


def wrong(q):
    if q.form == CHOICE:
        return next(o for o in q.options if o != q.answer)
    return q.answer.replace("[", "[1").replace(", ", ", 1") if q.answer != "[0]" else "[1]"


def test_three_rounds_with_the_button_moving():
    drill = RoundDrill(5, seats=[1, 3, 6])
    buttons = []
    kinds = set()
    for n in range(3):
        buttons.append(drill.round.button)
        while True:
            q = drill.run_to_question()
            if q is None:
                break
            kinds.add(q.kind.split(".drill-")[1])
            assert q.skill in {s.id for s in SKILLS} and q.scene is not None and q.citations
            result = drill.answer(q.answer if len(drill.results) % 4 else wrong(q), 1500)
            assert result.correct == (len(drill.results) % 4 != 1)
        assert drill.round_over and drill.round.ledger_balances()
        drill.start_round()
    assert buttons == [DEALER, 1, 3]
    assert next_button(3, [1, 3, 6]) == drill.round.button == 6
    assert {"button", "first-card", "first-decision", "pot", "dealer-hand", "winner", "award"} <= kinds
    assert drill.answered == len(drill.results) and 0 < drill.correct < drill.answered


def test_advance_steps_one_operation_at_a_time():
    drill = RoundDrill(9, seats=[2, 4])
    assert drill.advance() is None and drill.pending is not None  # the button question comes first
    drill.answer(drill.pending.answer)
    ops = []
    while drill.pending is None:
        op = drill.advance()
        if op is None:
            break
        ops.append(op.kind)
    assert ops[:1] in (["no-more-bets"], ["burn"])
    assert drill.pending.kind.endswith("first-card")


def test_a_failed_burn_is_asked_about():
    drill = RoundDrill(3, seats=[1, 2, 3, 4], failed_burn_rate=1.0)
    asked = []
    while (q := drill.run_to_question()) is not None:
        asked.append(q.kind)
        if q.kind.endswith("burns"):
            assert q.answer == "Two"
        drill.answer(q.answer)
    assert any(e.irregular for e in drill.events)
    assert drill.round_over


def test_random_drill_question_is_reproducible():
    a = random_drill_question(random.Random(4))
    b = random_drill_question(random.Random(4))
    assert a == b and a.kind == "winners-pot.drill-step"
