"""Winner's Pot hands for questions are built from the cards still available (never
dealt and thrown back): a hand only a few cards left can make is found every time."""

from __future__ import annotations

import random

import pytest

from trainer.core.cards import parse_cards, standard_deck
from trainer.games.winners_pot.hands import Category, HandError, evaluate, hand_of


def all_but(text: str) -> list:
    keep = set(parse_cards(text))
    return [c for c in standard_deck() if c not in keep]


@pytest.mark.parametrize("seed", range(10))
def test_the_only_full_house_left_is_found(seed):
    avoid = all_but("Ks Kh Kd 4c 4d 9s 7h")
    hand = hand_of(Category.FULL_HOUSE, random.Random(seed), avoid=avoid)
    assert sorted(hand) == sorted(parse_cards("Ks Kh Kd 4c 4d"))


@pytest.mark.parametrize("seed", range(10))
def test_the_only_pair_of_jacks_left_for_a_folded_hand(seed):
    avoid = all_but("Js Jd 9h 5c 3s Kd")
    hand = hand_of(Category.PAIR, random.Random(seed), avoid=avoid, size=4, pair_rank=11)
    v = evaluate(hand)
    assert (v.category, v.ranks[0]) == (Category.PAIR, 11) and not set(hand) & set(avoid)


@pytest.mark.parametrize("category", list(Category))
def test_every_category_on_a_crowded_table(category):
    rng = random.Random(int(category))
    possible = hand_of(category, rng)  # kept out of the others: the category stays possible
    used: list = []
    for _ in range(7):
        used.extend(hand_of(rng.choice([Category.PAIR, Category.HIGH_CARD]), rng, avoid=used + list(possible)))
    hand = hand_of(category, rng, avoid=used)
    assert evaluate(hand).category is category and not set(hand) & set(used)


def test_nothing_left_to_make_it():
    with pytest.raises(HandError, match="cannot deal a full house"):
        hand_of(Category.FULL_HOUSE, random.Random(1), avoid=all_but("Ks Kh 4c 5d 9s 7h 8c"))
