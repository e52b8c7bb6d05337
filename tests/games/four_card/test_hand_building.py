"""Four Card hands for questions are built from the cards still available (never dealt
and thrown back): a hand only a few cards left can make is found every time."""

from __future__ import annotations

import random

import pytest

from trainer.core.cards import parse_cards, standard_deck
from trainer.games.four_card.hands import HandError, best_hand, hand_of, key_matches


def all_but(text: str) -> list:
    keep = set(parse_cards(text))
    return [c for c in standard_deck() if c not in keep]


@pytest.mark.parametrize("seed", range(10))
def test_the_only_two_pair_left_is_found(seed):
    avoid = all_but("Ks Kh 4c 4d 9s 7h")
    hand = hand_of("two-pair", random.Random(seed), 5, avoid=avoid)
    assert set(parse_cards("Ks Kh 4c 4d")) <= set(hand) and not set(hand) & set(avoid)
    assert best_hand(hand).describe() == "Two pair, kings and fours"


@pytest.mark.parametrize("seed", range(10))
def test_the_only_royal_flush_left_for_the_dealer(seed):
    avoid = all_but("Ah Kh Qh Jh 3c 5d 8s 9s")
    hand = hand_of("royal-flush", random.Random(seed), 6, avoid=avoid)
    assert len(set(hand)) == 6 and not set(hand) & set(avoid)
    assert key_matches(best_hand(hand), "royal-flush")


def test_nothing_left_to_make_it():
    with pytest.raises(HandError, match="cannot deal two pair"):
        hand_of("two-pair", random.Random(1), 5, avoid=all_but("Ks Kh 4c 5d 9s 7h"))


@pytest.mark.parametrize("key", ["high-card", "pair", "pair-of-aces", "two-pair", "straight", "flush",
                                 "three-of-a-kind", "straight-flush", "four-of-a-kind", "four-aces", "royal-flush"])
@pytest.mark.parametrize("cards", [4, 5, 6])
def test_every_key_on_a_crowded_table(key, cards):
    rng = random.Random(hash((key, cards)) % 1000)
    possible = hand_of(key, rng, cards)  # kept out of the others: a hand of the key stays possible
    used: list = []
    for _ in range(5):  # five other hands already on the table
        used.extend(hand_of(rng.choice(["pair", "high-card", "two-pair"]), rng, 6, avoid=used + list(possible)))
    hand = hand_of(key, rng, cards, avoid=used)
    assert len(set(hand)) == cards and not set(hand) & set(used)
    assert key_matches(best_hand(hand), key)
