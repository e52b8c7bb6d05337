"""The fast §5 evaluator (a lookup by the product of rank primes and a flush flag) gives
exactly the values of the evaluator it replaced, which read the sorted ranks: the
reference below is that evaluator, kept here as it was."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.core.cards import JOKER, Card, parse_cards, standard_deck
from trainer.games.winners_pot import fast
from trainer.games.winners_pot.hands import Category, HandError, evaluate, value_of


def reference(cards):
    """The evaluator before the lookup: sort the ranks, read them (rank_value), then the suit."""
    ranks = tuple(sorted((c.rank for c in cards), reverse=True))
    suited = len(cards) == 5 and len({c.suit for c in cards}) == 1
    return value_of(ranks, suited)


def check_order(keys_to_strength: dict) -> None:
    """Strengths order the hands exactly as (category, ranks) do, ties included."""
    ordered = sorted(keys_to_strength)
    strengths = [keys_to_strength[k] for k in ordered]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)  # different values never share a strength


def test_random_hands_of_three_four_and_five_cards_match_the_reference():
    rng = random.Random(17)
    deck = standard_deck()
    seen = {}
    for _ in range(20_000):
        n = rng.choice((3, 4, 5))
        hand = rng.sample(deck, n)
        v = evaluate(hand)
        category, ranks = reference(hand)
        assert (v.category, v.ranks) == (category, ranks)
        assert v.cards == tuple(hand)
        s = fast.strength(hand)
        assert seen.setdefault((int(category), ranks), s) == s
    check_order(seen)


def test_named_hands():
    assert evaluate(parse_cards("Ah Kh Qh Jh Th")).category is Category.ROYAL_FLUSH
    wheel = evaluate(parse_cards("5s 4h 3d 2c As"))
    assert (wheel.category, wheel.ranks) == (Category.STRAIGHT, (5,))
    sf = evaluate(parse_cards("5d 4d 3d 2d Ad"))
    assert (sf.category, sf.ranks) == (Category.STRAIGHT_FLUSH, (5,))
    assert evaluate(parse_cards("Qs Kh Ad 2c 3s")).category is Category.HIGH_CARD  # no wrap-around (ruling 2)
    fh = evaluate(parse_cards("4s 4h Kd Kc Ks"))
    assert (fh.category, fh.ranks, fh.describe()) == (Category.FULL_HOUSE, (13, 4), "Full house, kings full of fours")
    assert fast.strength5(parse_cards("As Ad Kc Kh 2s")) > fast.strength5(parse_cards("Ks Kd Qc Qh As"))
    assert fast.strength5(parse_cards("As Ad Kc Kh 2s")) == fast.strength5(parse_cards("Ah Ac Ks Kd 2h"))


def test_the_checks_and_their_messages_are_unchanged():
    with pytest.raises(HandError, match="played without jokers"):
        evaluate(parse_cards("As Kd Qc Jh") + (JOKER,))
    with pytest.raises(HandError, match="appears twice"):
        evaluate(parse_cards("As As Qc Jh Th"))
    with pytest.raises(HandError, match="not 6"):
        evaluate(parse_cards("As Ks Qc Jh Th 9s"))
    with pytest.raises(HandError, match="not 2"):
        evaluate((Card(14, "s"), Card(13, "s")))


@pytest.mark.slow
def test_every_five_card_hand_matches_the_reference():
    seen = {}
    count = 0
    for hand in combinations(standard_deck(), 5):
        v = evaluate(hand)
        key = reference(hand)
        assert (v.category, v.ranks) == key, hand
        s = fast.strength5(hand)
        assert seen.setdefault((int(key[0]), key[1]), s) == s, hand
        count += 1
    assert count == 2_598_960
    assert len(seen) == 7462  # the distinct values of five-card poker
    check_order(seen)
