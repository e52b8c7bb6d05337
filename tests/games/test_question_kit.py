"""The question kit every game's question module builds with (trainer/games/common/question_kit.py)."""

import json
import random

from trainer.contracts.question import ORDER
from trainer.games.common.question_kit import QuestionKit, SeatOrder, seat_order

KIT = QuestionKit("toy-poker", "Toy")


def test_skills_questions_and_kinds_carry_the_game_ids():
    s = KIT.skill("payouts", "payouts", "Settle the wagers (§11).")
    assert (s.id, s.title, s.description) == ("toy-poker.payouts", "Toy: payouts", "Settle the wagers (§11).")
    (k,) = KIT.kinds(("seat-payout", "Settle a seat", "payouts", print))
    assert (k.id, k.title, k.skill, k.make) == ("toy-poker.seat-payout", "Settle a seat", "toy-poker.payouts", print)


def test_seat_order_asks_the_chosen_procedure_in_its_order():
    drawn = []
    procedures = {
        "left": SeatOrder(lambda seats: sorted(seats), "From the left?", "Clockwise.", ("Toy Poker §10(b)",)),
        "right": SeatOrder(lambda seats: sorted(seats, reverse=True), "From the right?", "Counterclockwise.",
                           ("Toy Poker §10(d)",)),
    }
    seen = set()
    for seed in range(40):
        q = seat_order(KIT, random.Random(seed), [2, 5, 6], procedures, lambda key: drawn.append(key) or None)
        key = drawn[-1]
        seen.add(key)
        expected = ["Seat 2", "Seat 5", "Seat 6"] if key == "left" else ["Seat 6", "Seat 5", "Seat 2"]
        assert q.kind == "toy-poker.seat-order" and q.skill == "toy-poker.procedures" and q.form == ORDER
        assert q.prompt == procedures[key].prompt and q.citations == procedures[key].citations
        assert q.explanation == procedures[key].why + " Seats are numbered from the dealer's left."
        assert sorted(q.options) == sorted(expected) and list(q.options) != expected  # shown shuffled
        assert json.loads(q.answer) == expected
    assert seen == {"left", "right"}
