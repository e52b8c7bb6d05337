"""Exhaustive counts of five-card hands, computed here from first principles.

Every one of the 2,598,960 five-card hands is dealt (nested loops) and classified by a
direct reading of §5(b) that shares no code with the rules core: four of one rank,
three and two, five of one suit in sequence, and so on. The counts must be the
published ones, agree with the rank-pattern count of ``analysis`` and with the rules
core's evaluator on one hand of every rank pattern and suit class. The three- and
four-card counts (a folded player's Jacks Plus, trainer ruling 19) are dealt in full too.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from trainer.core.cards import Card
from trainer.games.winners_pot.analysis import category_counts, detailed_counts, rank_patterns
from trainer.games.winners_pot.hands import Category, evaluate

ACE = 14
PUBLISHED = {
    "royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pairs": 123_552, "pair": 1_098_240, "high card": 1_302_540,
}
PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]


def read_ranks(ranks: tuple[int, ...]) -> tuple[str, bool, int]:
    """(name without suits, straight?, top card) of five ranks, read straight from §5(b)."""
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 4:
        return "four of a kind", False, 0
    if counts[:2] == [3, 2]:
        return "full house", False, 0
    if counts[0] == 3:
        return "three of a kind", False, 0
    if counts[:2] == [2, 2]:
        return "two pairs", False, 0
    if counts[0] == 2:
        return "pair", False, 0
    s = sorted(ranks)
    if s[4] - s[0] == 4:
        return "straight", True, s[4]
    if s == [2, 3, 4, 5, ACE]:
        return "straight", True, 5
    return "high card", False, 0


def name_of(ranks: tuple[int, ...], suited: bool) -> str:
    name, straight, top = read_ranks(ranks)
    if suited:
        if straight:
            return "royal flush" if top == ACE else "straight flush"
        return "flush"
    return name


def rank_table() -> dict[int, tuple[str, bool, int]]:
    out = {}
    for ranks in rank_patterns(5):
        key = 1
        for r in ranks:
            key *= PRIMES[r - 2]
        out[key] = read_ranks(ranks)
    return out


def deal_every_hand() -> Counter:
    """All C(52, 5) hands, dealt in nested loops; the rank part read once per pattern."""
    deck = [(r, s) for s in range(4) for r in range(2, ACE + 1)]
    prime = [PRIMES[r - 2] for r, _ in deck]
    suit = [s for _, s in deck]
    by_key = rank_table()
    plain: Counter = Counter()
    suited: Counter = Counter()
    n = len(deck)
    for a in range(n - 4):
        pa, sa = prime[a], suit[a]
        for b in range(a + 1, n - 3):
            pb = pa * prime[b]
            sb = sa if suit[b] == sa else -1
            for c in range(b + 1, n - 2):
                pc = pb * prime[c]
                sc = sb if suit[c] == sb else -1
                for d in range(c + 1, n - 1):
                    pd = pc * prime[d]
                    sd = sc if suit[d] == sc else -1
                    if sd < 0:
                        for e in range(d + 1, n):
                            plain[pd * prime[e]] += 1
                    else:
                        for e in range(d + 1, n):
                            if suit[e] == sd:
                                suited[pd * prime[e]] += 1
                            else:
                                plain[pd * prime[e]] += 1
    found: Counter = Counter()
    for key, count in plain.items():
        found[by_key[key][0]] += count
    for key, count in suited.items():
        _, straight, top = by_key[key]
        found["royal flush" if straight and top == ACE else "straight flush" if straight else "flush"] += count
    return found


def test_every_five_card_hand_dealt_one_by_one():
    found = deal_every_hand()
    assert sum(found.values()) == comb(52, 5) == 2_598_960
    assert dict(found) == PUBLISHED
    assert {c.hand_name: n for c, n in category_counts(5).items()} == PUBLISHED


def test_rank_pattern_count_gives_the_published_figures():
    assert {c.hand_name: n for c, n in category_counts(5).items()} == PUBLISHED
    assert sum(category_counts(5).values()) == comb(52, 5)


def test_the_evaluator_agrees_on_every_rank_pattern_and_suit_class():
    checked = 0
    for ranks in rank_patterns(5):
        distinct = len(set(ranks)) == 5
        # an unsuited representative: suits handed out in turn per rank
        used: Counter = Counter()
        cards = []
        for r in ranks:
            cards.append(Card(r, "shdc"[used[r]]))
            used[r] += 1
        if distinct:
            cards[0] = Card(cards[0].rank, "h")  # make sure the five are not all of one suit
        value = evaluate(cards)
        assert value.category.hand_name == name_of(ranks, False), (ranks, value)
        checked += 1
        if distinct:
            value = evaluate([Card(r, "c") for r in ranks])
            assert value.category.hand_name == name_of(ranks, True)
            checked += 1
    assert checked == 6175 + 1287


@pytest.mark.parametrize("n", [3, 4])
def test_short_hands_dealt_in_full(n):
    """Ruling 19: three or four cards, every hand of the deck, by the rules core."""
    deck = [Card(r, s) for s in "shdc" for r in range(2, ACE + 1)]
    found: Counter = Counter()
    for hand in combinations(deck, n):
        v = evaluate(hand)
        if v.category is Category.PAIR:
            found["pair of jacks or better" if v.ranks[0] >= 11 else "pair of tens or lower"] += 1
        else:
            found[v.category.hand_name] += 1
    assert sum(found.values()) == comb(52, n)
    assert found == +detailed_counts(n)


@pytest.mark.slow
def test_the_rules_core_evaluates_every_five_card_hand():
    """The evaluator itself, hand by hand over all 2,598,960 hands (about 20 s)."""
    deck = [Card(r, s) for s in "shdc" for r in range(2, ACE + 1)]
    found: Counter = Counter(evaluate(hand).category.hand_name for hand in combinations(deck, 5))
    assert dict(found) == PUBLISHED
