"""The §5 five-card evaluator: categories, the wheel, no wrap-around, ruling 1, short hands."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards, standard_deck
from trainer.games.winners_pot.hands import (
    CATEGORIES, JACKS_OR_BETTER, SHORT_HAND_CATEGORIES, Category, HandError, compare, evaluate, hand_of,
    jacks_plus_key,
)


def cat(text):
    return evaluate(parse_cards(text)).category


@pytest.mark.parametrize("hand,category", [
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
    ("Kh Qh Jh Th 9h", Category.STRAIGHT_FLUSH),
    ("5d 4d 3d 2d Ad", Category.STRAIGHT_FLUSH),   # §5(b)(2): the lowest straight flush
    ("9c 9d 9h 9s 2c", Category.FOUR_OF_A_KIND),
    ("3c 3d 3h 2s 2c", Category.FULL_HOUSE),
    ("Ac Kc Qc Jc 9c", Category.FLUSH),
    ("7s 5s 4s 3s 2s", Category.FLUSH),            # §5(b)(5): the lowest flush
    ("Ac Kd Qh Js Tc", Category.STRAIGHT),
    ("5c 4d 3h 2s Ac", Category.STRAIGHT),         # ace low: the lowest straight
    ("Qc Kd Ah 2s 3c", Category.HIGH_CARD),        # no wrap-around (§5(a))
    ("Kc Ad 2h 3s 4c", Category.HIGH_CARD),
    ("Jc Jd Jh 4s 2c", Category.THREE_OF_A_KIND),
    ("Kc Kd 4h 4s 9c", Category.TWO_PAIRS),
    ("2c 2d Ah Ks Qc", Category.PAIR),
    ("Ac Kd 9h 7s 4c", Category.HIGH_CARD),
])
def test_categories(hand, category):
    assert cat(hand) is category


def test_royal_flush_is_its_own_category_above_the_best_straight_flush():
    assert compare(parse_cards("As Ks Qs Js Ts"), parse_cards("Kh Qh Jh Th 9h")) == 1
    assert compare(parse_cards("As Ks Qs Js Ts"), parse_cards("Ah Kh Qh Jh Th")) == 0


@pytest.mark.parametrize("high,low", [
    ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac"),          # the wheel is the lowest straight (ruling 2)
    ("6s 5s 4s 3s 2s", "5h 4h 3h 2h Ah"),
    ("3c 3d 9h 7s 4c", "2c 2d Ah Ks Qc"),          # ruling 1: a pair of threes beats twos with an ace
    ("Kc Kd 4h 4s 2c", "Qc Qd Jh Js Ac"),          # highest pair first
    ("Kc Kd 5h 5s 2c", "Kh Ks 4c 4d Ac"),          # then the second pair
    ("Kc Kd 5h 5s 3c", "Kh Ks 5c 5d 2h"),          # then the odd card
    ("3c 3d 3h 2s 2c", "2h 2s 2d As Ac"),          # full house: the three of a kind decides
    ("9c 9d 9h 9s 2c", "8c 8d 8h 8s Ac"),
    ("Ac Kc Qc Jc 9c", "Ad Kd Qd Jd 8d"),          # flush: highest card not in the other hand
    ("Ac Qd 9h 7s 4c", "Ac Qd 9h 7s 3d"),
    ("Jc Jd Kh 7s 4c", "Jh Js Qc 9d 8d"),          # pair: kickers from the highest down
])
def test_ruling_1_comparisons(high, low):
    assert compare(parse_cards(high), parse_cards(low)) == 1
    assert compare(parse_cards(low), parse_cards(high)) == -1


@pytest.mark.parametrize("a,b", [
    ("Ac Kd Qh Js Tc", "Ad Kc Qs Jh Th"),
    ("Kc Kd 5h 5s 3c", "Kh Ks 5c 5d 3h"),
    ("Ac Qd 9h 7s 4c", "Ah Qs 9d 7c 4d"),
    ("5c 4d 3h 2s Ac", "5h 4s 3d 2c Ah"),
])
def test_ties(a, b):
    assert compare(parse_cards(a), parse_cards(b)) == 0


@pytest.mark.parametrize("hand,category", [
    ("Jc Jd 4h", Category.PAIR), ("Jc Jd Jh", Category.THREE_OF_A_KIND), ("Ac Kc Qc", Category.HIGH_CARD),
    ("Ac Kc Qc Jc", Category.HIGH_CARD), ("5c 4c 3c 2c", Category.HIGH_CARD),
    ("9c 9d 4h 4s", Category.TWO_PAIRS), ("9c 9d 9h 9s", Category.FOUR_OF_A_KIND),
])
def test_three_and_four_card_hands_know_no_straight_or_flush(hand, category):
    # trainer ruling 19: a folded player's three or four cards form only what so few cards can
    assert cat(hand) is category


@pytest.mark.parametrize("cards,message", [
    ("As Ks", "five cards"), ("As Ks Qs Js Ts 9s", "five cards"), ("As As Qs Js Ts", "twice"),
    ("JK Ks Qs Js Ts", "without jokers"),
])
def test_bad_hands_are_refused(cards, message):
    with pytest.raises(HandError, match=message):
        evaluate(parse_cards(cards))


@pytest.mark.parametrize("hand,key", [
    ("Jc Jd 9h 7s 4c", JACKS_OR_BETTER), ("Ac Ad 9h 7s 4c", JACKS_OR_BETTER), ("Tc Td 9h 7s 4c", "pair"),
    ("Kc Kd 4h 4s 9c", "two-pairs"), ("As Ks Qs Js Ts", "royal-flush"), ("Ac Kd 9h 7s 4c", "high-card"),
])
def test_jacks_plus_key(hand, key):
    assert jacks_plus_key(evaluate(parse_cards(hand))) == key


@pytest.mark.parametrize("category", CATEGORIES)
def test_hand_of_builds_every_category(category):
    rng = random.Random(7)
    for _ in range(40):
        hand = hand_of(category, rng)
        assert len(set(hand)) == 5 and evaluate(hand).category is category


@pytest.mark.parametrize("size", [3, 4])
def test_hand_of_short_hands(size):
    rng = random.Random(size)
    for category in SHORT_HAND_CATEGORIES:
        if size == 3 and category in (Category.TWO_PAIRS, Category.FOUR_OF_A_KIND):
            with pytest.raises(HandError):
                hand_of(category, rng, size=size)
            continue
        hand = hand_of(category, rng, size=size)
        assert len(hand) == size and evaluate(hand).category is category
    with pytest.raises(HandError, match="cannot make"):
        hand_of(Category.FLUSH, rng, size=size)


def test_hand_of_avoids_cards_and_fixes_the_pair_rank():
    rng = random.Random(3)
    avoid = parse_cards("Jc Jd")
    for _ in range(30):
        hand = hand_of(Category.PAIR, rng, avoid=avoid, pair_rank=11)
        assert not set(hand) & set(avoid)
        assert evaluate(hand).ranks[0] == 11


def test_describe():
    assert evaluate(parse_cards("5c 4d 3h 2s Ac")).describe() == \
        "Straight, five high (ace-two-three-four-five, the lowest)"
    assert evaluate(parse_cards("Kc Kd 4h 4s 9c")).describe() == "Two pairs, kings and fours, nine kicker"
    assert evaluate(parse_cards("3c 3d 3h 2s 2c")).describe() == "Full house, threes full of twos"
    assert evaluate(parse_cards("Jc Jd 9h")).describe() == "Pair of jacks, nine"


@settings(max_examples=300, deadline=None)
@given(st.permutations(standard_deck()))
def test_comparison_is_a_total_order_consistent_with_categories(deck):
    a, b, c = evaluate(deck[:5]), evaluate(deck[5:10]), evaluate(deck[10:15])
    if a.category != b.category:
        assert (a > b) == (a.category > b.category)
    if a >= b and b >= c:
        assert a >= c
    assert (a > b) + (b > a) + (a == b) == 1
