"""§3 hand ranking: four-card values, the best four of five and six, ruling 1 and 2."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from trainer.core.cards import parse_cards, standard_deck
from trainer.games.four_card.hands import (
    CATEGORIES_HIGH_FIRST, FOUR_ACES, PAIR_OF_ACES, ROYAL_FLUSH, TARGET_KEYS, Category, HandError, aces_up_key,
    best_choices, best_hand, compare, cover_all_key, evaluate, hand_of, key_matches, progressive_key,
)

DECK = standard_deck()


def v(text):
    return best_hand(parse_cards(text))


def test_category_order_of_section_3b():
    ladder = ["9c 9d 9h 9s", "Js Ts 9s 8s", "Ac Ad Ah 2c", "Ah Jh 6h 2h", "Ac Kd Qh Js", "Ac Ad Kc Kd", "Ac Ad Kc Qd",
              "Ac Kd Qh 9s"]
    values = [v(t) for t in ladder]
    assert values == sorted(values, reverse=True)
    assert [x.category for x in values] == list(CATEGORIES_HIGH_FIRST)


@pytest.mark.parametrize("hi,lo", [
    ("Ac Ad Ah As", "2c 2d 2h 2s"),        # §3(b)(1): four aces highest, four twos lowest
    ("2c 2d 2h 2s", "As Ks Qs Js"),        # four-of-a-kind above the royal straight flush
    ("As Ks Qs Js", "Ks Qs Js Ts"),        # §3(b)(2): A-K-Q-J the highest straight flush
    ("5h 4h 3h 2h", "4h 3h 2h Ah"),        # A-2-3-4 the lowest straight flush (ruling 2)
    ("2c 2d 2h 3s", "Ah Kh Qh 9h"),        # three-of-a-kind above a flush (§3(b)(3)-(4))
    ("Ah 9h 6h 2h", "Ac Kd Qh Js"),        # flush above straight
    ("5c 4d 3h 2s", "4c 3d 2h As"),        # A-2-3-4 the lowest straight
    ("4c 3d 2h As", "Ac Ad Kc Kd"),        # any straight above two pair
    ("3c 3d 2h 2s", "Ac Ad Kc Qd"),        # two pair above a pair
    ("Ac Ad 3c 2d", "Kc Kd Qh Jh"),        # pair of aces highest pair
    ("3c 3d 4h 2s", "2c 2d Ah Kh"),        # ruling 1: pair of threes beats twos with ace-king
    ("Ac Ad 4c 2d", "Ah As 3h 2s"),        # same pair: the kickers decide
    ("Kc Kd 3c 3d", "Qc Qd Jh Jd"),        # two pair: the higher pair first
    ("Kc Kd 4c 4d", "Kh Ks 3h 3d"),        # then the lower pair
    ("Ac Ad Ah 3c", "Kc Kd Kh Qc"),        # three-of-a-kind: the rank of the three first
    ("Ah Th 9h 2h", "Ac 9c 8c 7c"),        # flushes: highest card not in the other hand (§3(c))
    ("Ac Qd Th 3s", "Ac Qd 9h 8s"),
])
def test_higher_hand(hi, lo):
    assert compare(parse_cards(hi), parse_cards(lo)) == 1
    assert compare(parse_cards(lo), parse_cards(hi)) == -1


@pytest.mark.parametrize("a,b", [
    ("Ah Kh Qh Jh", "As Ks Qs Js"),        # suits are equal (§3(a))
    ("Ac Kd Qh Js", "As Kc Qd Jh"),
    ("4c 3d 2h As", "4s 3h 2d Ac"),
    ("Ac Ad 7c 3d", "Ah As 7h 3s"),
    ("Ah 9h 6h 2h", "Ac 9c 6c 2c"),
])
def test_tie_hands(a, b):
    assert compare(parse_cards(a), parse_cards(b)) == 0


def test_no_wrap_around_straight():
    assert v("Kc Ad 2h 3s").category is Category.HIGH_CARD
    assert v("Qs Ks As 2s").category is Category.FLUSH


def test_best_four_of_five_and_six():
    assert v("As Ks Qs Js Ah").describe() == "Straight flush, ace-king-queen-jack (royal)"
    assert v("Ah Ad 2c 3d 4s").describe() == "Straight, four-three-two-ace (the lowest)"
    assert v("9h 9c 9d 2s 2h 5c").describe() == "Three nines, five kicker"
    assert v("Kh Qh 9h 2h 2c 2d").category is Category.THREE_OF_A_KIND  # trips beat the flush
    assert v("7h 8h 9h Th 8c 8d").category is Category.STRAIGHT_FLUSH  # the straight flush beats trips
    assert v("Ac Ad Kc Kd Qs Qh").describe() == "Two pair, aces and kings"
    assert v("Ac Kc 8c 6c 3c").describe() == "Ace-high flush (ace-king-eight-six)"  # the lowest card left out
    assert best_choices(parse_cards("5c 4d 3h 2s 5h")) == [parse_cards("5c 4d 3h 2s"), parse_cards("4d 3h 2s 5h")]


def test_descriptions_and_pay_table_keys():
    assert v("Ac Ad Ah As 2c").describe() == "Four aces"
    assert v("Ac Ad 9h 7s 2c").describe() == "Pair of aces (nine-seven kickers)"
    assert v("Qs 7d 5c 3h 2s").describe() == "Queen high (queen-seven-five-three)"
    assert aces_up_key(v("Ac Ad 9h 7s 2c")) == PAIR_OF_ACES
    assert aces_up_key(v("Kc Kd 9h 7s 2c")) == "pair"
    assert aces_up_key(v("Ac Ad Ah As 2c")) == "four-of-a-kind"
    assert cover_all_key(v("Ac Ad Ah As 2c")) == FOUR_ACES
    assert cover_all_key(v("Ah Kh Qh Jh 2c")) == ROYAL_FLUSH
    assert cover_all_key(v("Kh Qh Jh Th 2c")) == "straight-flush"
    assert progressive_key(v("Ah Kh Qh Jh 2c")) == "straight-flush"
    assert progressive_key(v("Ac Ad Ah As 2c")) == FOUR_ACES


def test_section_3c_word_for_word_for_flushes_and_high_cards():
    """With no pair, the hand holding the highest card the other does not hold is higher."""
    rng = random.Random(3)
    for category in (Category.FLUSH, Category.HIGH_CARD):
        hands = [hand_of(category.key, rng, 4) for _ in range(150)]
        for a in hands[::3]:
            for b in hands[::2]:
                ra, rb = sorted((c.rank for c in a), reverse=True), sorted((c.rank for c in b), reverse=True)
                only_a, only_b = [r for r in ra if r not in rb], [r for r in rb if r not in ra]
                want = 0 if not only_a else (1 if max(only_a) > max(only_b) else -1)
                assert compare(a, b) == want, (a, b)


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK), st.sampled_from([5, 6]))
def test_best_hand_is_the_highest_of_its_fours(deck, n):
    cards = deck[:n]
    best = best_hand(cards)
    assert set(best.cards) <= set(cards)
    assert all(evaluate(four) <= best for four in combinations(cards, 4))
    assert best == evaluate(best.cards)
    other = deck[n:n + 5]
    assert compare(cards, other) == -compare(other, cards)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TARGET_KEYS), st.sampled_from([4, 5, 6]), st.integers(0, 10**6))
def test_hands_built_on_purpose_are_what_was_asked(key, n, seed):
    rng = random.Random(seed)
    hand = hand_of(key, rng, n)
    assert len(hand) == len(set(hand)) == n
    assert key_matches(best_hand(hand), key)
    other = hand_of("pair", rng, 6, avoid=hand)
    assert not set(other) & set(hand)


def test_four_aces_cannot_be_built_twice():
    rng = random.Random(1)
    aces = hand_of(FOUR_ACES, rng)
    with pytest.raises(HandError):
        hand_of(FOUR_ACES, rng, avoid=aces)
    with pytest.raises(HandError, match="unknown hand"):
        hand_of("royal", rng)


def test_hand_sizes():
    with pytest.raises(HandError):
        evaluate(parse_cards("As Ks Qs"))
    with pytest.raises(HandError):
        best_hand(parse_cards("As Ks Qs Js Ts 9s 8s"))
    with pytest.raises(HandError, match="without jokers"):
        evaluate(parse_cards("As Ks Qs JK"))
