"""Every question generator: replayable from its seed, answers from the rules core, cited."""

import json


from trainer.core.cards import parse_cards
from trainer.games.registry import get_game
from trainer.games.two_card_joker.hands import evaluate
from trainer.games.two_card_joker.settlement import HouseOptions, SeatWagers, settle_round
from trainer.contracts.question import SETTLE
from trainer.training.session import make_question

GAME = get_game("two-card-joker")
KINDS = GAME.question_kinds()
SEEDS = range(120)


# Every kind well formed, cited and replayable, and the skills: tests/contracts/test_every_question.py


def test_seat_payout_answers_match_an_independent_settlement():
    kind = next(k for k in KINDS if k.id.endswith("seat-payout"))
    for seed in SEEDS:
        q = make_question(kind, seed)
        seat = next(s for s in q.scene.seats if s.occupied)
        dealer = parse_cards([c.card for c in q.scene.dealer_cards])
        wagers = dict(seat.wagers)
        decision = "fold" if seat.note == "folded" else "call"
        r = settle_round(dealer, [SeatWagers(seat.seat, parse_cards([c.card for c in seat.cards]),
                                             ante=wagers["ante"], pair_up=wagers.get("pair_up", 0),
                                             super_flush=wagers.get("super_flush", 0), decision=decision)],
                         HouseOptions(q.detail["pair_up_table"]))
        # Each wager's result as a dealer settles it: a loss is collected, a push returned, a win paid.
        settled = {w.wager: {"lose": ["collect"], "push": ["push"], "win": ["pay", w.net]}[w.result]
                   for w in r.seats[0].results}
        labels = {"Ante": "ante", "Call": "call", "Pair Up": "pair_up", "Super Flush": "super_flush"}
        assert q.form == SETTLE
        assert json.loads(q.answer) == [settled[labels[f]] for f in q.fields]


def test_rare_hands_come_up_on_purpose():
    kind = next(k for k in KINDS if k.id.endswith("bonus-payout"))
    categories = set()
    for seed in range(60):
        q = make_question(kind, seed)
        seat = next(s for s in q.scene.seats if s.occupied)
        categories.add(evaluate(parse_cards([c.card for c in seat.cards])).category.key)
    assert {"two-jokers", "royal-flush", "straight-flush"} <= categories


def test_question_texts_write_cards_not_codes():
    """Issue 12: a card in a prompt, option or explanation is written A♠ 10♦, never 'As' 'Td'."""
    import re

    code = re.compile(r"\b(?:[2-9TJQKA][shdc]|JK)\b")
    for kind in KINDS:
        for seed in range(40):
            q = make_question(kind, seed)
            for text in (q.prompt, q.explanation, *q.options, *(q.fields or ())):
                assert not code.search(text or ""), (kind.id, seed, text)
    q = make_question(next(k for k in KINDS if k.id.endswith("name-the-hand")), 0)
    seat = next(s for s in q.scene.seats if s.occupied)
    shown = " ".join("Joker" if c.card == "JK" else c.card[0].replace("T", "10") + {"s": "♠", "h": "♥", "d": "♦",
                                                                                   "c": "♣"}[c.card[1]]
                     for c in seat.cards)
    assert q.explanation.startswith(f"{shown} is ")
