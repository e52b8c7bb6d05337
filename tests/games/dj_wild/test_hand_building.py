"""Hands for questions are built from the cards still available (hand_builder), never
dealt and thrown back: a hand that only a few cards left can make is found every time,
and a hand none can make is refused at once."""

from __future__ import annotations

import random

import pytest

from trainer.core.cards import parse_cards
from trainer.games.dj_wild.hands import Category, HandError, deck, evaluate, hand_of, natural_with_deuces


def all_but(text: str) -> list:
    keep = set(parse_cards(text))
    return [c for c in deck() if c not in keep]


@pytest.mark.parametrize("seed", range(12))
def test_the_only_full_house_left_is_found(seed):
    # Left: three kings, two fours, a nine and a seven of different suits; no wild card.
    avoid = all_but("Ks Kh Kd 4c 4d 9s 7h")
    hand = hand_of(Category.FULL_HOUSE, random.Random(seed), avoid=avoid)
    assert sorted(hand) == sorted(parse_cards("Ks Kh Kd 4c 4d"))
    assert evaluate(hand).category is Category.FULL_HOUSE


@pytest.mark.parametrize("seed", range(12))
def test_the_only_wild_royal_flush_left_is_found(seed):
    # Left: the joker, A-K-Q-J of hearts and some low cards: a royal flush needs the joker.
    avoid = all_but("JK Ah Kh Qh Jh 3c 5d 8s")
    hand = hand_of(Category.ROYAL_FLUSH, random.Random(seed), avoid=avoid)
    assert sorted(hand) == sorted(parse_cards("JK Ah Kh Qh Jh"))


def test_a_hand_nothing_left_can_make_is_refused():
    avoid = all_but("Ks Kh 4c 4d 9s 7h 8c")
    with pytest.raises(HandError, match="cannot deal a full house"):
        hand_of(Category.FULL_HOUSE, random.Random(1), avoid=avoid)


@pytest.mark.parametrize("seed", range(8))
def test_natural_deuce_hands_from_what_is_left(seed):
    # Left: only the deuces of spades, hearts and clubs and a few others.
    avoid = all_but("2s 2h 2c 9d 9h Kc 6s")
    hand = natural_with_deuces(random.Random(seed), avoid=avoid)
    assert not set(hand) & set(avoid) and len(set(hand)) == 5
    assert sum(c.rank == 2 for c in hand) == 3
