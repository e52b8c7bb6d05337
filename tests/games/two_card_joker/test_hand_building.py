"""Two Card Joker hands for questions are taken from the hands the cards still available
make, never dealt and thrown back: the only hand of a category left is found every time."""

from __future__ import annotations

import random

import pytest

from trainer.core.cards import JOKER, parse_cards, standard_deck
from trainer.games.two_card_joker.hands import Category, HandError, evaluate, hand_of


def all_but(text: str) -> list:
    keep = set(parse_cards(text))
    return [c for c in standard_deck() if c not in keep] + [JOKER, JOKER]


@pytest.mark.parametrize("seed", range(10))
def test_the_only_royal_flush_left_is_found(seed):
    hand = hand_of(Category.ROYAL_FLUSH, random.Random(seed), avoid=all_but("Ad Kd 7c 2h"))
    assert sorted(hand) == sorted(parse_cards("Ad Kd"))


@pytest.mark.parametrize("seed", range(10))
def test_the_only_pair_left_is_found(seed):
    hand = hand_of(Category.PAIR, random.Random(seed), avoid=all_but("9s 9c Kd 4h 2c"))
    assert sorted(hand) == sorted(parse_cards("9s 9c"))


def test_every_category_from_a_full_deck_and_none_from_nothing():
    rng = random.Random(5)
    for category in Category:
        assert evaluate(hand_of(category, rng)).category is category
    with pytest.raises(HandError):
        hand_of(Category.STRAIGHT_FLUSH, rng, avoid=all_but("As Kd 7c 2h"))
