"""The best four found by lookup (four_card.fast) is exactly the best four found by
evaluating every four (the evaluation it replaced): the same value, the same four cards
(the first of the combinations that reaches it) and the same words."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.core.cards import JOKER, parse_cards, standard_deck
from trainer.games.four_card.hands import HandError, best_hand, evaluate


def reference(cards):
    return max(evaluate(four) for four in combinations(cards, 4))


def same(a, b):
    return a == b and a.category is b.category and a.ranks == b.ranks and a.cards == b.cards \
        and a.describe() == b.describe() and a.short() == b.short()


@pytest.mark.parametrize("n", [4, 5, 6])
def test_random_hands_match_the_evaluation_of_every_four(n):
    rng = random.Random(n)
    deck = standard_deck()
    for _ in range(6000):
        hand = tuple(rng.sample(deck, n))
        assert same(best_hand(hand), reference(hand)), hand


def test_ties_choose_the_first_four_and_special_hands():
    hand = parse_cards("As Ah Kd Kc Ks 2h")
    assert same(best_hand(hand), reference(hand))
    assert best_hand(hand).describe() == "Three kings, ace kicker"
    royal = best_hand(parse_cards("Qh Ah 3c Kh Jh 9d"))
    assert royal.is_royal_flush and royal.cards == parse_cards("Qh Ah Kh Jh")
    low = best_hand(parse_cards("As 2s 3s 4s 9c"))
    assert low.ranks == (4, 3, 2, 1)


def test_errors_are_unchanged():
    with pytest.raises(HandError, match="without jokers"):
        best_hand(parse_cards("As Kd Qc Jh") + (JOKER,))
    with pytest.raises(HandError, match="not 7"):
        best_hand(standard_deck()[:7])


@pytest.mark.slow
def test_every_four_card_hand_reads_the_same_in_the_lookup():
    """All 270,725 fours: the lookup's strength orders them exactly as evaluate's values,
    so the best of five or six by lookup is the best by evaluation."""
    from trainer.games.four_card import fast

    fast.best_four(standard_deck()[:4])
    by_value = {}
    for four in combinations(standard_deck(), 4):
        v = evaluate(four)
        p = 1
        for c in four:
            p *= fast.PRIMES[c.rank]
        suited = len({c.suit for c in four}) == 1
        s = (fast.SUITED if suited else fast.PLAIN)[p]
        assert by_value.setdefault((int(v.category), v.ranks), s) == s, four
    keys = sorted(by_value)
    strengths = [by_value[k] for k in keys]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
