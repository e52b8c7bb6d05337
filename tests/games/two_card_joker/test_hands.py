"""§5 hand ranking, checked over all 1,431 two-card hands of the 54-card deck."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, strategies as st

from trainer.core.cards import parse_cards, standard_deck
from trainer.games.two_card_joker.hands import (
    Category, HandError, compare, dealer_qualifies, evaluate, hand_of,
)
import random

DECK = standard_deck(jokers=2)
ALL_HANDS = list(combinations(DECK, 2))
VALUES = [evaluate(h) for h in ALL_HANDS]


def v(text):
    return evaluate(parse_cards(text))


def test_there_are_1431_hands_with_the_issue_category_counts():
    assert len(ALL_HANDS) == 1431
    counts = Counter(val.category for val in VALUES)
    assert counts == {
        Category.TWO_JOKERS: 1, Category.ROYAL_FLUSH: 4, Category.STRAIGHT_FLUSH: 48,
        Category.STRAIGHT: 156, Category.PAIR: 182, Category.FLUSH: 260, Category.HIGH_CARD: 780,
    }


def test_each_hand_against_each_is_a_total_order():
    ordered = sorted(VALUES)
    # Sorting is consistent with the comparison for every pair (transitivity), and for every
    # pair exactly one of <, ==, > holds (antisymmetry and totality).
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            assert a <= b
            assert (a < b) + (a == b) + (a > b) == 1
            assert (a < b) == (b > a)
    classes = Counter(VALUES)
    # Distinct ranks: two jokers 1, royal 1, straight flushes 12, straights 13, pairs 13,
    # flushes 65, high cards 65 - 13 (ace-two offsuit is a straight... high cards exclude runs) = 65.
    per_category = Counter(val.category for val in classes)
    assert per_category == {
        Category.TWO_JOKERS: 1, Category.ROYAL_FLUSH: 1, Category.STRAIGHT_FLUSH: 12,
        Category.STRAIGHT: 13, Category.PAIR: 13, Category.FLUSH: 65, Category.HIGH_CARD: 65,
    }


def _section_5c(a, b):
    """§5(c) as written for hands with no pair or run: the hand with the highest card not
    contained in the other hand is higher; otherwise a tie."""
    ra, rb = sorted((c.rank for c in a), reverse=True), sorted((c.rank for c in b), reverse=True)
    only_a = [r for r in ra if r not in rb]
    only_b = [r for r in rb if r not in ra]
    if not only_a and not only_b:
        return 0
    return 1 if max(only_a or [0]) > max(only_b or [0]) else -1


def test_flushes_and_high_cards_follow_section_5c_word_for_word():
    for category in (Category.FLUSH, Category.HIGH_CARD):
        hands = [h for h, val in zip(ALL_HANDS, VALUES) if val.category is category]
        for a in hands[::3]:
            for b in hands[::2]:
                assert compare(a, b) == _section_5c(a, b), (a, b)


def test_category_order_of_section_5b():
    ladder = ["JK JK", "Ah Kh", "Kh Qh", "Ac Kd", "2c 2d", "Ah Qh", "Ac Jd"]
    values = [v(t) for t in ladder]
    assert values == sorted(values, reverse=True)
    assert [x.category for x in values] == sorted(Category, reverse=True)


@pytest.mark.parametrize("hi,lo", [
    ("Kh Qh", "Ah 2h"),      # §5(b)(3): K-Q highest straight flush, A-2 lowest
    ("3s 2s", "Ah 2h"),      # ruling 2: the ace plays low with a two
    ("As Kd", "Kc Qd"),      # §5(b)(4): A-K highest straight
    ("3c 2d", "As 2d"),      # A-2 lowest straight
    ("Ac Ad", "Kc Kd"),
    ("JK 3c", "2c 2d"),      # ruling 5: joker pairs the other card
    ("2c 2d", "Ah Qh"),      # a pair beats a flush
    ("Ah Qh", "Kh Jh"),      # A-Q highest flush
    ("Ac Qd", "Kc Jd"),
    ("Ac 5d", "Ac 4d"),      # same high card: the next card decides
])
def test_higher_hand(hi, lo):
    assert compare(parse_cards(hi), parse_cards(lo)) == 1
    assert compare(parse_cards(lo), parse_cards(hi)) == -1


@pytest.mark.parametrize("a,b", [
    ("JK 9c", "9h 9d"),      # ruling 5: joker pair ties a natural pair
    ("JK 9c", "JK 9s"),
    ("Ah Kh", "As Ks"),      # royal flushes tie
    ("Ac Qd", "Ah Qs"),
    ("4h 2h", "4c 2c"),
    ("As 2d", "Ac 2h"),
])
def test_tie_hands(a, b):
    assert compare(parse_cards(a), parse_cards(b)) == 0


def test_lowest_flush_follows_section_5c_per_ruling_6():
    assert v("4h 2h") < v("Ah 3h")
    assert min((val for val in VALUES if val.category is Category.FLUSH)) == v("4d 2d")


def test_descriptions():
    assert v("JK 9c").describe() == "Pair of nines"
    assert v("JK JK").describe() == "Two jokers"
    assert v("Ah 2h").describe() == "Straight flush, ace-two (the lowest)"
    assert v("Kc Jc").describe() == "King-jack flush"
    assert v("Qs 7d").describe() == "Queen high (queen-seven)"


@pytest.mark.parametrize("text,qualifies", [
    ("Qs 7d", True), ("Ks 2d", True), ("Ac 3d", True), ("Js 9d", False), ("Jc 8c", True), ("Tc 4d", False),
    ("4h 2h", True),   # ruling 7: a flush is above high card
    ("3c 2d", True), ("2c 2d", True), ("JK 2c", True),
])
def test_dealer_qualification(text, qualifies):
    assert dealer_qualifies(v(text)) is qualifies


@given(st.sampled_from(list(Category)), st.integers(0, 10**6))
def test_hands_built_on_purpose_have_their_category(category, seed):
    rng = random.Random(seed)
    hand = hand_of(category, rng)
    assert evaluate(hand).category is category
    other = hand_of(Category.PAIR, rng, avoid=hand)
    assert not {c for c in other if not c.is_joker} & {c for c in hand if not c.is_joker}


def test_two_jokers_cannot_be_built_twice():
    jokers = parse_cards("JK JK")
    with pytest.raises(HandError):
        hand_of(Category.TWO_JOKERS, random.Random(1), avoid=jokers)


def test_a_hand_has_two_cards():
    with pytest.raises(HandError):
        evaluate(parse_cards("As Ks Qs"))
