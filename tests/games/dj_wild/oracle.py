"""An independent evaluator for the tests: every wild card tries every card value,
and the best ordinary poker hand wins (five of a kind allowed; a wild card may stand
for a card already held in every category, flushes included, as trainer rulings 13 and
25 have it: beside a natural ace in a flush it is a second ace). Slow, so it serves
sampled hands only."""

from collections import Counter
from itertools import combinations_with_replacement

from trainer.games.dj_wild.hands import Category

RANKS = range(2, 15)


def natural_value(ranks, suits):
    """The category and deciding ranks of five cards read as they are."""
    counts = Counter(ranks)
    by = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in by]
    flush = len(set(suits)) == 1
    high = 0
    if len(counts) == 5:
        s = sorted(ranks)
        if s[-1] - s[0] == 4:
            high = s[-1]
        elif s == [2, 3, 4, 5, 14]:
            high = 5
    desc = tuple(sorted(ranks, reverse=True))
    if shape[0] == 5:
        return Category.FIVE_OF_A_KIND, (by[0][0],)
    if flush and high == 14:
        return Category.ROYAL_FLUSH, ()
    if flush and high:
        return Category.STRAIGHT_FLUSH, (high,)
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND, (by[0][0], by[1][0])
    if shape[:2] == [3, 2]:
        return Category.FULL_HOUSE, (by[0][0], by[1][0])
    if flush:
        return Category.FLUSH, desc
    if high:
        return Category.STRAIGHT, (high,)
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND, (by[0][0], by[1][0], by[2][0])
    if shape[:2] == [2, 2]:
        return Category.TWO_PAIR, (by[0][0], by[1][0], by[2][0])
    if shape[0] == 2:
        return Category.PAIR, (by[0][0], by[1][0], by[2][0], by[3][0])
    return Category.HIGH_CARD, desc


def _key(value):
    category, ranks = value
    # Five of a kind ranks between royal flush and straight flush (ruling 13).
    return (int(category), ranks)


def best_value(cards, deuces_wild=True):
    """The best (category, ranks) with wild cards tried as every rank in two suits:
    the natural cards' suit (when they share one) and another."""
    wild = [c for c in cards if c.is_joker or (deuces_wild and c.rank == 2)]
    natural = [c for c in cards if c not in wild]
    if len(wild) == 5:
        return Category.FIVE_WILDS, ()
    suits = {c.suit for c in natural}
    s0 = next(iter(suits)) if len(suits) == 1 else "s"
    other = "h" if s0 != "h" else "s"
    values = [(r, s) for r in RANKS for s in (s0, other)]
    best = None
    for subs in combinations_with_replacement(values, len(wild)):
        ranks = [c.rank for c in natural] + [r for r, _ in subs]
        suit_list = [c.suit for c in natural] + [s for _, s in subs]
        v = natural_value(ranks, suit_list)
        if best is None or _key(v) > _key(best):
            best = v
    return best
