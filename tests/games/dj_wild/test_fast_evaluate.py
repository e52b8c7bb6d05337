"""DJ Wild's evaluate reads a table keyed by the natural cards' rank primes, whether they
are of one suit and the number of wild cards: exactly the values of the evaluation it
replaced (sort the natural ranks, then value_of), kept here as the reference."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.core.cards import JOKER, parse_cards
from trainer.games.dj_wild.hands import HandError, _split, deck, evaluate, value_of


def reference(cards):
    ranks, suited, wilds = _split(cards, True)
    return value_of(ranks, suited, wilds), wilds


def test_random_hands_match_the_reference():
    rng = random.Random(13)
    d = deck()
    for _ in range(30_000):
        hand = tuple(rng.sample(d, 5))
        v = evaluate(hand)
        (category, ranks), wilds = reference(hand)
        assert (v.category, v.ranks, v.wilds, v.cards) == (category, ranks, wilds, hand)


def test_errors_are_unchanged():
    with pytest.raises(HandError, match="one joker"):
        evaluate(parse_cards("As Kd Qc") + (JOKER, JOKER))
    with pytest.raises(HandError, match="appears twice"):
        evaluate(parse_cards("As As Qc Jh 2d"))
    with pytest.raises(HandError, match="five cards, not 4"):
        evaluate(parse_cards("As Kd Qc Jh"))
    # a deuce before the joker is still one joker
    assert evaluate(parse_cards("2s Kd Qc Jh") + (JOKER,)).wilds == 2


@pytest.mark.slow
def test_every_hand_matches_the_reference():
    count = 0
    for hand in combinations(deck(), 5):
        v = evaluate(hand)
        (category, ranks), wilds = reference(hand)
        assert (v.category, v.ranks, v.wilds) == (category, ranks, wilds), hand
        count += 1
    assert count == 2_869_685
