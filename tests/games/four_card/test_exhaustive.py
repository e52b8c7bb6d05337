"""Exhaustive counts of Four Card Poker hands, computed here from first principles.

Every five-card hand of the 52-card deck (2,598,960) is dealt and classified by a
direct reading of §3(b) that shares no code with the rules core: a hand's best four is
four-of-a-kind if a rank is held four times, a straight flush if one suit holds four
consecutive ranks, and so on down the ranking. The counts must sum to C(52, 5), match
the rules core's best four (checked on one hand of every rank-and-suit pattern) and the
combinatorial counts of trainer.games.four_card.analysis. The dealer's six-card hands
(20,358,520) are dealt in full by benchmarks/bench_four_card.py; here the same
first-principles count runs over every six-card hand of a smaller deck and is compared
with the analysis on that deck, and the full-deck six-card totals are checked.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from trainer.core.cards import Card
from trainer.games.four_card.analysis import category_counts, detailed_counts
from trainer.games.four_card.hands import Category, best_hand

ACE = 14
SUITS = "shdc"
# Published figures for the best four of five cards (Four Card Poker).
FIVE_CARD = {
    "four-of-a-kind": 624, "straight-flush": 2_072, "three-of-a-kind": 58_656, "flush": 114_616,
    "straight": 101_808, "two-pair": 123_552, "pair": 1_047_552, "high-card": 1_150_080,
}
# The dealer's best four of six, as the full enumeration of the benchmark finds them.
SIX_CARD = {
    "four-of-a-kind": 14_664, "straight-flush": 47_752, "three-of-a-kind": 897_616, "flush": 2_245_352,
    "straight": 1_744_080, "two-pair": 2_342_736, "pair": 8_194_320, "high-card": 4_872_000,
}


def runs(ranks):
    have = set(ranks)
    out = [set(range(h - 3, h + 1)) for h in range(5, ACE + 1) if set(range(h - 3, h + 1)) <= have]
    if {ACE, 2, 3, 4} <= have:
        out.append({ACE, 2, 3, 4})
    return out


def classify(cards, all_runs):
    """The best four of ``cards`` ((rank, suit) pairs) by §3(b), read directly."""
    counts = Counter(r for r, _ in cards)
    by_suit: dict[str, set[int]] = {}
    for r, s in cards:
        by_suit.setdefault(s, set()).add(r)
    most = max(counts.values())
    if most == 4:
        return "four-aces" if counts[ACE] == 4 else "four-of-a-kind"
    suited = [ranks for ranks in by_suit.values() if len(ranks) >= 4]
    for ranks in suited:
        if any(run <= ranks for run in all_runs):
            return "royal-flush" if {ACE, 13, 12, 11} <= ranks else "straight-flush"
    if most == 3:
        return "three-of-a-kind"
    if suited:
        return "flush"
    if any(run <= set(counts) for run in all_runs):
        return "straight"
    pairs = [r for r, n in counts.items() if n == 2]
    if len(pairs) >= 2:
        return "two-pair"
    if pairs:
        return "pair-of-aces" if pairs[0] == ACE else "pair"
    return "high-card"


def merged(detailed: Counter) -> dict[str, int]:
    return {c.key: n for c, n in category_counts(detailed).items()}


RUN_MASKS = [sum(1 << r for r in run) for run in runs(range(2, ACE + 1))]
STRAIGHT_FLUSH_MASK = [any(m & run == run for run in RUN_MASKS) for m in range(1 << (ACE + 1))]
ROYAL_MASK = sum(1 << r for r in (ACE, 13, 12, 11))


def deal_every_five_card_hand() -> Counter:
    """All C(52, 5) hands, dealt in nested loops. The suits are followed card by card
    (a rank bit mask per suit); the rank-only part of the reading (``classify`` on the
    ranks alone) is worked out once per rank multiset, named by a product of primes."""
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    deck = [(r, i) for i in range(4) for r in range(2, ACE + 1)]
    prime = [primes[r - 2] for r, _ in deck]
    all_runs = runs(range(2, ACE + 1))
    by_ranks: dict[int, str] = {}
    found: Counter = Counter()
    n = len(deck)
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    masks = [0, 0, 0, 0]
                    for x in (a, b, c, d):
                        masks[deck[x][1]] |= 1 << deck[x][0]
                    p4 = prime[a] * prime[b] * prime[c] * prime[d]
                    local: Counter = Counter()
                    for e in range(d + 1, n):
                        r, s = deck[e]
                        m = masks[s] | 1 << r
                        four_suited = m.bit_count() >= 4 and m
                        if not four_suited:
                            four_suited = next((x for x in masks if x.bit_count() >= 4), 0)
                        if four_suited:
                            # Four of one suit: distinct ranks, so no pair can outrank it.
                            if STRAIGHT_FLUSH_MASK[four_suited]:
                                local["royal-flush" if four_suited & ROYAL_MASK == ROYAL_MASK else "straight-flush"] += 1
                            else:
                                local["flush"] += 1
                            continue
                        p = p4 * prime[e]
                        key = by_ranks.get(p)
                        if key is None:
                            ranks = [deck[x][0] for x in (a, b, c, d, e)]
                            key = by_ranks[p] = classify([(rank, f"x{i}") for i, rank in enumerate(ranks)], all_runs)
                        local[key] += 1
                    found.update(local)
    return found


@pytest.mark.slow
def test_every_five_card_hand():
    found = deal_every_five_card_hand()
    assert sum(found.values()) == comb(52, 5) == 2_598_960
    assert merged(found) == FIVE_CARD
    assert found == detailed_counts(5)  # the analysis' combinatorial count, four aces and pair of aces apart
    assert found["four-aces"] == 48 and found["royal-flush"] == 4 * 48  # A-K-Q-J suited plus any other card


def test_rules_core_reads_five_cards_as_the_direct_reading_does():
    """Every 97th five-card hand (26,794 of them), the core's best four against ``classify``."""
    deck = [(r, s) for s in SUITS for r in range(2, ACE + 1)]
    all_runs = runs(range(2, ACE + 1))
    general = {"four-aces": "four-of-a-kind", "royal-flush": "straight-flush", "pair-of-aces": "pair"}
    for i, hand in enumerate(combinations(deck, 5)):
        if i % 97:
            continue
        key = classify(hand, all_runs)
        value = best_hand([Card(r, s) for r, s in hand])
        assert value.category.key == general.get(key, key), hand


SMALL_DECKS = {
    "ace to six": [ACE, 2, 3, 4, 5, 6],  # A-2-3-4 the lowest straight
    "jack to three": [11, 12, 13, ACE, 2, 3],  # A-K-Q-J only: no K-A-2-3 wrap-around
}


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("name", SMALL_DECKS)
def test_small_deck_every_hand(name, n):
    """Every n-card hand of a 24-card deck, dealt, against the analysis' count on that deck
    and, on every 7th hand, the rules core."""
    ranks = SMALL_DECKS[name]
    deck = [(r, s) for s in SUITS for r in ranks]
    all_runs = runs(ranks)
    found: Counter = Counter()
    general = {"four-aces": "four-of-a-kind", "royal-flush": "straight-flush", "pair-of-aces": "pair"}
    for i, hand in enumerate(combinations(deck, n)):
        key = classify(hand, all_runs)
        found[key] += 1
        if i % 7 == 0:
            assert best_hand([Card(r, s) for r, s in hand]).category.key == general.get(key, key), hand
    assert sum(found.values()) == comb(24, n)
    assert found == detailed_counts(n, ranks)


def test_six_card_totals():
    dealer = detailed_counts(6)
    assert sum(dealer.values()) == comb(52, 6) == 20_358_520
    assert merged(dealer) == SIX_CARD
    assert SIX_CARD["four-of-a-kind"] == 13 * comb(48, 2)  # four of a kind and any two others
    assert dealer["four-aces"] == comb(48, 2)


def test_four_card_hands_from_first_principles():
    """All 270,725 four-card hands, the rules core against counts worked out by hand."""
    deck = [Card(r, s) for s in SUITS for r in range(2, ACE + 1)]
    found = Counter(best_hand(h).category for h in combinations(deck, 4))
    straights = 11 * 4 ** 4  # A-2-3-4 up to A-K-Q-J, any suits
    flushes = 4 * comb(13, 4)
    assert found == {
        Category.FOUR_OF_A_KIND: 13,
        Category.STRAIGHT_FLUSH: 11 * 4,
        Category.THREE_OF_A_KIND: 13 * comb(4, 3) * 48,
        Category.FLUSH: flushes - 44,
        Category.STRAIGHT: straights - 44,
        Category.TWO_PAIR: comb(13, 2) * comb(4, 2) ** 2,
        Category.PAIR: 13 * comb(4, 2) * comb(12, 2) * 4 ** 2,
        Category.HIGH_CARD: (comb(13, 4) - 11) * (4 ** 4 - 4),
    }
    assert sum(found.values()) == comb(52, 4)
    assert merged(detailed_counts(4)) == {c.key: n for c, n in found.items()}
