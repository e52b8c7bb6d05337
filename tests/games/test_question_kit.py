"""The question kit every game's question module builds with (trainer/games/common/question_kit.py)."""

import json
import random

from trainer.contracts.question import ORDER
from trainer.games.common.question_kit import QuestionKit, SeatOrder, seat_order

KIT = QuestionKit("toy-poker", "Toy")


def test_skills_questions_and_kinds_carry_the_game_ids():
    s = KIT.skill("payouts", "payouts", "Settle the wagers (§11).")
    assert (s.id, s.title, s.description) == ("toy-poker.payouts", "Toy: payouts", "Settle the wagers (§11).")

    @KIT.kind("seat-payout", "Settle a seat", "payouts")
    def seat_payout(rng):
        return "a question"

    @KIT.kind("stub-count", "Stub count", "dealing")
    def stub_count(rng):
        return "another"

    assert seat_payout(None) == "a question"  # still the generator itself
    k, k2 = KIT.kinds(seat_payout, stub_count)
    assert (k.id, k.title, k.skill, k.make) == ("toy-poker.seat-payout", "Settle a seat", "toy-poker.payouts",
                                                seat_payout)
    assert (k2.id, k2.skill) == ("toy-poker.stub-count", "toy-poker.dealing")


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


def test_a_deal_stopped_part_way():
    from trainer.games.common.question_kit import deal_so_far
    from trainer.games.two_card_joker import dealing
    from trainer.games.two_card_joker.rules_data import rules_data

    d = deal_so_far(random.Random(3), rules_data(), (dealing.MANUAL_SHOE,), dealing.deal_sequence,
                    done=lambda rng, steps, seats: len(seats) + 1)
    # One card to each seat and one to the dealer, then the second round starts again at the first seat.
    assert d.held == {**{n: 1 for n in d.seats}, dealing.DEALER: 1}
    assert d.next.recipient == d.seats[0] and d.next.card_number == 2
    assert d.progress() == (f"{len(d.seats) + 1} deliveries have been made, so next is seat {d.seats[0]}: "
                            "second card, face down.")
    first = deal_so_far(random.Random(3), rules_data(), (dealing.MANUAL_SHOE,), dealing.deal_sequence,
                        done=lambda rng, steps, seats: 1)
    assert first.progress().startswith("1 delivery has been made, so next is ")


def test_which_wins_in_the_games_words():
    from trainer.core.cards import Card
    from trainer.games.common.question_kit import which_wins
    from trainer.games.two_card_joker.hands import evaluate

    words = dict(tie="{p} ties {d}.", above="{hi} beats {lo}.", same="Both {plural} ({kind}); {hi_lower} wins.")
    kings, sevens = evaluate([Card.parse("Ks"), Card.parse("Kd")]), evaluate([Card.parse("7s"), Card.parse("7h")])
    flush = evaluate([Card.parse("9h"), Card.parse("4h")])
    assert which_wins(kings, sevens, **words) == ("Player", "Both pairs (pair); pair of kings wins.")
    assert which_wins(flush, kings, **words) == ("Dealer", "Pair of kings beats nine-four flush.")
    assert which_wins(kings, evaluate([Card.parse("Kh"), Card.parse("Kc")]), **words) == (
        "Tie", "Pair of kings ties pair of kings.")
