"""``RankPatterns.pick`` skips the rank multisets the cards left cannot make by comparing
two integers (``need_bits``, ``left_bits``) instead of counting each rank's suits left:
the bits skip exactly the multisets counting skips (so the same hands come from the same
random draws), and a pick is made of cards left and has the value asked, or none can."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from trainer.core.cards import SUIT_CHARS, standard_deck
from trainer.games.hand_builder import RankPatterns


def suits_left(patterns: RankPatterns, taken) -> dict[int, list[str]]:
    gone = {(c.rank, c.suit) for c in taken}
    return {r: [s for s in SUIT_CHARS if (r, s) not in gone] for r in patterns.ranks}


def by_pairs(ranks, suited):
    """A made-up value: the shape of the ranks (how many of each), and a flush flag."""
    shape = "".join(str(n) for n in sorted((ranks.count(r) for r in set(ranks)), reverse=True))
    return shape + (" suited" if suited and len(set(ranks)) == len(ranks) else "")


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
def test_pick_makes_the_value_from_the_cards_left_or_says_none_can(n):
    patterns = RankPatterns(n, range(2, 15), by_pairs)
    deck = standard_deck()
    rng = random.Random(n)
    found = refused = 0
    for _ in range(400):
        taken = rng.sample(deck, rng.choice((0, 10, 30, 40, 45, 46, 47)))
        key = rng.choice(list(patterns.by_value))
        hand = patterns.pick(key, random.Random(rng.randrange(2**31)), taken)
        left = [c for c in deck if c not in taken]
        if hand is not None:
            ranks = tuple(sorted((c.rank for c in hand), reverse=True))
            assert len(set(hand)) == n and all(c in left for c in hand), (hand, taken)
            assert by_pairs(ranks, len({c.suit for c in hand}) == 1) == key, (hand, key)
            found += 1
        elif len(left) <= 7:  # few enough cards left to try every hand of them
            assert not any(by_pairs(tuple(sorted((c.rank for c in h), reverse=True)), len({c.suit for c in h}) == 1)
                           == key for h in combinations(left, n)), (key, left)
            refused += 1
    assert found > 200 and refused > 5  # both outcomes were met


def test_a_named_accept_picks_what_asking_it_each_time_picks():
    """``accept_name``: the multisets ``accept`` refuses are marked once; every pick is the
    one asking ``accept`` at each multiset gives (the same cards, the same draws after),
    None when it refuses every multiset the cards left allow."""
    patterns = RankPatterns(5, range(2, 15), by_pairs)
    deck = standard_deck()
    rng = random.Random(11)
    found = none = 0
    for _ in range(300):
        taken = rng.sample(deck, rng.choice((0, 10, 30, 44)))
        key = rng.choice(list(patterns.by_value))
        rank = rng.randrange(2, 15)

        def accept(ranks, rank=rank):
            return ranks.count(rank) >= 2

        seed = rng.randrange(2**31)
        asked, named = random.Random(seed), random.Random(seed)
        hand = patterns.pick(key, asked, taken, accept)
        assert patterns.pick(key, named, taken, accept, accept_name=("pair", rank)) == hand
        assert asked.random() == named.random()
        if hand is None:
            none += 1
        else:
            assert sorted(c.rank for c in hand).count(rank) >= 2
            found += 1
    assert found > 50 and none > 50


def test_the_lacking_bits_are_read_from_the_cards_taken_as_counting_reads_them():
    """``lacking_bits`` works out from one integer of the cards taken, with no loop over
    the ranks, what ``~left_bits`` gives from the suits left of each rank (jokers and a
    card given twice taken as counting takes them)."""
    from trainer.core.cards import JOKER

    for ranks in (range(2, 15), range(3, 15)):
        patterns = RankPatterns(3, ranks, by_pairs)
        deck = standard_deck()
        rng = random.Random(7)
        for size in list(range(0, 53)) * 4:
            taken = rng.sample(deck, size) + rng.choice(([], [JOKER], deck[:3]))
            assert patterns.lacking_bits(patterns.taken_bits(taken)) == ~patterns.left_bits(suits_left(patterns, taken))
        every = patterns.taken_bits(deck)
        assert every == sum(1 << (i * 4 + j) for i in range(len(patterns.ranks)) for j in range(4))
        assert patterns.lacking_bits(every) == -1  # no card of any rank left
        assert patterns.lacking_bits(0) == -(1 << (4 * len(patterns.ranks)))  # all four of each rank left
