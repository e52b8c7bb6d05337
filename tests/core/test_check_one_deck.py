"""``check_one_deck``: the cards of a round come from one deck. Its quick reading (every
card's rank and suit at once) and the card-by-card one it falls back on agree: the first
natural card dealt again is named, jokers are counted against the deck's."""

from __future__ import annotations

import pytest

from trainer.core.cards import JOKER, parse_cards, standard_deck
from trainer.core.settlement import SettlementError, check_one_deck


def test_a_round_from_one_deck_passes():
    check_one_deck(standard_deck(), 0, "T")
    check_one_deck(standard_deck(jokers=2), 2, "T")
    check_one_deck(parse_cards("As Kd") + (JOKER,), 1, "T")
    check_one_deck([], 0, "T")


@pytest.mark.parametrize("cards, jokers, message", [
    ("As Kd Qs As", 0, "As is dealt twice; T uses one deck"),
    ("As Kd Kd As", 0, "Kd is dealt twice; T uses one deck"),  # the first card seen again
    ("As JK Kd JK", 1, "2 jokers dealt; the T deck has 1"),
    ("As JK Kd", 0, "1 jokers dealt; the T deck has 0"),
    ("JK As JK As", 2, "As is dealt twice; T uses one deck"),  # a natural twice, jokers allowed
    ("JK JK JK", 2, "3 jokers dealt; the T deck has 2"),
])
def test_cards_not_from_one_deck_are_refused(cards, jokers, message):
    with pytest.raises(SettlementError) as e:
        check_one_deck(parse_cards(cards), jokers, "T")
    assert str(e.value) == message


def test_any_iterable_is_read_once():
    check_one_deck(iter(standard_deck()), 0, "T")
    with pytest.raises(SettlementError, match="2s is dealt twice"):
        check_one_deck(iter(standard_deck() + list(parse_cards("2s"))), 0, "T")
