"""``RankPatterns.pick`` skips the rank multisets the cards left cannot make by comparing
two integers (``need_bits``, ``left_bits``) instead of counting each rank's suits left:
the same multisets are skipped, so the same hands come from the same random draws."""

from __future__ import annotations

import random

import pytest

from trainer.core.cards import SUIT_CHARS, Card, standard_deck
from trainer.games.hand_builder import PLAIN, SUITED, RankPatterns


def suits_left(patterns: RankPatterns, taken) -> dict[int, list[str]]:
    gone = {(c.rank, c.suit) for c in taken}
    return {r: [s for s in SUIT_CHARS if (r, s) not in gone] for r in patterns.ranks}


def pick_by_counting(patterns: RankPatterns, key, rng: random.Random, taken=(), accept=None):
    """``pick`` as it was: each multiset's ranks counted against the suits left."""
    entries = patterns.by_value.get(key)
    if not entries:
        return None
    suits_of = suits_left(patterns, taken)
    start = rng.randrange(len(entries))
    for i in range(len(entries)):
        combo, counts, need = entries[(start + i) % len(entries)]
        if any(len(suits_of.get(r, ())) < m for r, m in counts):
            continue
        if accept is not None and not accept(combo):
            continue
        if need == SUITED:
            common = [s for s in SUIT_CHARS if all(s in suits_of[r] for r in combo)]
            if not common:
                continue
            s = rng.choice(common)
            return [Card(r, s) for r in combo]
        if need == PLAIN and len(counts) == patterns.n and all(len(suits_of[r]) == 1 for r in combo) \
                and len({suits_of[r][0] for r in combo}) == 1:
            continue
        cards = [Card(r, s) for r, m in counts for s in rng.sample(suits_of[r], m)]
        if need == PLAIN and patterns.n > 1 and len({c.suit for c in cards}) == 1:
            i = next(i for i, c in enumerate(cards) if len(suits_of[c.rank]) > 1)
            others = [s for s in suits_of[cards[i].rank] if s != cards[i].suit]
            cards[i] = Card(cards[i].rank, rng.choice(others))
        return cards
    return None


def by_pairs(ranks, suited):
    """A made-up value: the shape of the ranks (how many of each), and a flush flag."""
    shape = tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))
    return (shape, suited and len(set(ranks)) == len(ranks))


def test_the_bits_say_what_counting_says():
    patterns = RankPatterns(4, range(2, 15), by_pairs)
    assert patterns.need_bits(((14, 2), (3, 1))) == (1 << 1) | (1 << (11 * 4))
    rng = random.Random(5)
    deck = standard_deck()
    for _ in range(120):
        taken = rng.sample(deck, rng.randint(0, 48))
        suits_of = suits_left(patterns, taken)
        lacking = ~patterns.left_bits(suits_of)
        for entries in patterns.by_value.values():
            for combo, counts, _ in entries:
                by_counting = all(len(suits_of[r]) >= m for r, m in counts)
                assert (not patterns.need_bits(counts) & lacking) == by_counting, (combo, taken)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_pick_gives_the_hands_it_gave_by_counting(n):
    patterns = RankPatterns(n, range(2, 15), by_pairs)
    deck = standard_deck()
    rng = random.Random(n)
    found = missing = 0
    for _ in range(400):
        taken = rng.sample(deck, rng.choice((0, 10, 30, 40, 45, 48)))
        key = rng.choice(list(patterns.by_value))
        accept = (lambda combo: 14 in combo) if rng.random() < 0.2 else None
        seed = rng.randrange(2**31)
        a = patterns.pick(key, random.Random(seed), taken, accept)
        b = pick_by_counting(patterns, key, random.Random(seed), taken, accept)
        assert a == b, (key, taken)
        found += a is not None
        missing += a is None
    assert found > 100 and missing > 10  # both outcomes were compared
