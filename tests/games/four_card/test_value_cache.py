"""``evaluate`` keeps each value per rank multiset and suitedness (the product of the
ranks' primes, all of one suit or not): what it returns is what reading the four cards
(``read``) gives, for every hand, with the hand's own cards kept."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.core.cards import JOKER, parse_cards, standard_deck
from trainer.games.four_card.hands import Category, HandError, evaluate, read


def check(four):
    v = evaluate(four)
    assert (v.category, v.ranks) == read(four), four
    assert v.cards == tuple(four)
    return v


def test_random_fours_read_the_same_as_kept():
    rng = random.Random(11)
    deck = standard_deck()
    for _ in range(20000):
        check(rng.sample(deck, 4))


def test_same_ranks_other_suits_share_a_value_but_keep_their_cards():
    a = check(parse_cards("Ah Kh Qh Jh"))
    b = check(parse_cards("As Ks Qs Js"))
    c = check(parse_cards("As Kh Qs Js"))
    assert a.category is b.category is Category.STRAIGHT_FLUSH and a.ranks == (14, 13, 12, 11)
    assert c.category is Category.STRAIGHT and a.cards != b.cards
    low = check(parse_cards("2d Ad 4d 3d"))
    assert low.category is Category.STRAIGHT_FLUSH and low.ranks == (4, 3, 2, 1)
    pair = check(parse_cards("9c 9d 5c 2c"))
    assert pair.category is Category.PAIR and pair.ranks == (9, 5, 2)


def test_errors_are_unchanged():
    with pytest.raises(HandError, match="without jokers"):
        evaluate(parse_cards("As Kd Qc") + (JOKER,))
    with pytest.raises(HandError, match="four cards, not 3"):
        evaluate(parse_cards("As Kd Qc"))


@pytest.mark.slow
def test_every_four_card_hand_reads_the_same_as_kept():
    for four in combinations(standard_deck(), 4):
        v = evaluate(four)
        assert (v.category, v.ranks) == read(four), four
