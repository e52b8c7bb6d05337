"""Every five-card hand of the 53-card deck (2,869,685 hands), counted by category from
first principles (binomial coefficients and the rank windows of a straight) and checked
against the exact enumeration of ``analysis`` and against hand-by-hand evaluation.

The full hand-by-hand enumeration takes about a minute and a half: it is in
benchmarks/bench_dj_wild.py. Here the hands holding the joker (270,725) are enumerated
one by one (marked slow)."""

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from trainer.games.dj_wild import analysis
from trainer.games.dj_wild.analysis import TOTAL_HANDS, analyze, tally
from trainer.games.dj_wild.hands import Category, deck, evaluate, trips_readings

C = Category
RANKS = range(3, 15)  # the ranks that are never wild
ROYAL = set(range(10, 15))
WINDOWS = [set(range(h - 4, h + 1)) for h in range(6, 15)] + [{14, 2, 3, 4, 5}]


def fits(ranks):
    """The distinct natural ranks lie in one straight's window (wild cards fill the rest)."""
    return any(set(ranks) <= w for w in WINDOWS)


def first_principles() -> Counter:
    count: Counter = Counter()
    # Five wild cards: the joker and four deuces.
    count[C.FIVE_WILDS] += 1
    # Four wild cards (5 ways) and one natural card: a royal flush with a ten or higher,
    # else five of a kind.
    count[C.ROYAL_FLUSH] += 5 * 4 * 5
    count[C.FIVE_OF_A_KIND] += 5 * 4 * 7
    # Three wild cards (10 ways) and two natural cards.
    count[C.FIVE_OF_A_KIND] += 10 * 12 * comb(4, 2)
    for pair in combinations(RANKS, 2):
        suited = 4
        offsuit = 16 - 4
        if set(pair) <= ROYAL:
            count[C.ROYAL_FLUSH] += 10 * suited
        elif fits(pair):
            count[C.STRAIGHT_FLUSH] += 10 * suited
        else:
            count[C.FOUR_OF_A_KIND] += 10 * suited
        count[C.FOUR_OF_A_KIND] += 10 * offsuit
    # Two wild cards (10 ways) and three natural cards.
    count[C.FIVE_OF_A_KIND] += 10 * 12 * comb(4, 3)
    count[C.FOUR_OF_A_KIND] += 10 * 12 * comb(4, 2) * 11 * 4
    for trio in combinations(RANKS, 3):
        suited, offsuit = 4, 64 - 4
        if set(trio) <= ROYAL:
            count[C.ROYAL_FLUSH] += 10 * suited
        elif fits(trio):
            count[C.STRAIGHT_FLUSH] += 10 * suited
        else:
            count[C.FLUSH] += 10 * suited
        count[C.STRAIGHT if fits(trio) else C.THREE_OF_A_KIND] += 10 * offsuit
    # One wild card (5 ways) and four natural cards.
    count[C.FIVE_OF_A_KIND] += 5 * 12
    count[C.FOUR_OF_A_KIND] += 5 * 12 * comb(4, 3) * 11 * 4
    count[C.FULL_HOUSE] += 5 * comb(12, 2) * comb(4, 2) ** 2
    count[C.THREE_OF_A_KIND] += 5 * 12 * comb(4, 2) * comb(11, 2) * 4 ** 2
    for four in combinations(RANKS, 4):
        suited, offsuit = 4, 4 ** 4 - 4
        if set(four) <= ROYAL:
            count[C.ROYAL_FLUSH] += 5 * suited
        elif fits(four):
            count[C.STRAIGHT_FLUSH] += 5 * suited
        else:
            count[C.FLUSH] += 5 * suited
        count[C.STRAIGHT if fits(four) else C.PAIR] += 5 * offsuit
    # No wild card: the 48 natural cards, ranks three to ace.
    straights = sum(1 for five in combinations(RANKS, 5) if fits(five))  # 8: three-seven up to ten-ace
    count[C.ROYAL_FLUSH] += 4
    count[C.STRAIGHT_FLUSH] += 4 * (straights - 1)
    count[C.FOUR_OF_A_KIND] += 12 * 44
    count[C.FULL_HOUSE] += 12 * comb(4, 3) * 11 * comb(4, 2)
    count[C.FLUSH] += 4 * (comb(12, 5) - straights)
    count[C.STRAIGHT] += straights * (4 ** 5 - 4)
    count[C.THREE_OF_A_KIND] += 12 * comb(4, 3) * comb(11, 2) * 4 ** 2
    count[C.TWO_PAIR] += comb(12, 2) * comb(4, 2) ** 2 * 40
    count[C.PAIR] += 12 * comb(4, 2) * comb(11, 3) * 4 ** 3
    count[C.HIGH_CARD] += (comb(12, 5) - straights) * (4 ** 5 - 4)
    return count


EXPECTED = first_principles()


def test_first_principles_sum_to_every_hand_of_53_cards():
    assert sum(EXPECTED.values()) == comb(53, 5) == TOTAL_HANDS == 2_869_685
    assert EXPECTED[C.FIVE_WILDS] == 1 and EXPECTED[C.ROYAL_FLUSH] == 1004 and EXPECTED[C.FIVE_OF_A_KIND] == 1400


def test_the_exact_enumeration_has_the_first_principles_counts():
    result = analyze()
    counts = {h["hand"]: h["count"] for h in result["hands"]}
    assert counts == {c.hand_name: EXPECTED[c] for c in Category}
    assert [h["hand"] for h in result["hands"]] == [c.hand_name for c in sorted(Category, reverse=True)]
    assert result["total"] == sum(counts.values()) == 2_869_685


def test_natural_trips_hands_from_first_principles():
    """The natural column of every Trips table: 4 natural royal flushes; 36 natural
    straight flushes (28 without a deuce, 8 with a natural two: A-2-3-4-5 and 2-3-4-5-6
    suited); 528 natural quads of three to ace (quads of twos, or quads with a deuce,
    are five of a kind or a royal, which pay more on every table); 3,168 natural full
    houses (full houses with twos are five of a kind)."""
    for bet in analyze()["bets"]:
        outcomes = {o["hand"]: o["count"] for o in bet["outcomes"]}
        assert outcomes["natural royal flush"] == 4
        assert outcomes["natural straight flush"] == 36
        assert outcomes["natural four of a kind"] == 528
        assert outcomes["natural full house"] == 3168
        assert outcomes["five wilds"] == 1 and outcomes["five of a kind"] == 1400
        assert outcomes["two pair"] == EXPECTED[C.TWO_PAIR]
        assert outcomes["pair"] == EXPECTED[C.PAIR] and outcomes["high card"] == EXPECTED[C.HIGH_CARD]


@pytest.mark.slow
def test_hands_holding_the_joker_one_by_one():
    """270,725 hands evaluated card by card agree with the enumeration by rank pattern."""
    d = deck()
    joker = next(c for c in d if c.is_joker)
    others = [c for c in d if not c.is_joker]
    by_hand: Counter = Counter()
    for four in combinations(others, 4):
        hand = four + (joker,)
        by_hand[trips_readings(hand)] += 1
    assert sum(by_hand.values()) == comb(52, 4)
    assert by_hand == tally(jokers=(1,))


@pytest.mark.slow
def test_hands_holding_the_two_of_spades_without_the_joker():
    """The 2 of spades with four of the other 51 non-joker cards (249,900 hands), one by
    one, against the enumeration by rank pattern: by the symmetry of the suits, a
    no-joker hand with k deuces holds the 2 of spades in k of every 4 such hands."""
    d = deck()
    deuce = next(c for c in d if c.rank == 2 and c.suit == "s")
    pool = [c for c in d if not c.is_joker and c != deuce]
    by_hand: Counter = Counter()
    for four in combinations(pool, 4):
        by_hand[evaluate(four + (deuce,)).category] += 1
    weighted: Counter = Counter()
    for joker, deuces, ranks in analysis._patterns((0,)):
        for suited_a, suited_b, n in analysis._suit_classes(deuces, ranks):
            reading, _ = analysis._readings(joker, deuces, ranks, suited_a, suited_b)
            weighted[reading.category] += n * deuces
    assert sum(by_hand.values()) == comb(51, 4)
    assert {c: 4 * n for c, n in by_hand.items()} == +weighted
