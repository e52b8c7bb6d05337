"""The fast path of Winner's Pot Poker's §5 ranking: a lookup keyed by the product of
the cards' rank primes, with a flush flag, made at first use from our own ranking
(``hands.rank_value`` and ``hands.value_of``, trainer rulings 1, 2 and 19).

Every multiset of three, four or five ranks has one product of rank primes (unique
factorisation), so the product names the ranks without sorting them; five cards of one
suit look in the flush table instead. Each entry holds the (category, deciding ranks)
of ``hands`` and a ``strength``: one integer that orders hands exactly as
``HandValue`` does (category first, then the deciding ranks, ruling 1), so comparing
two strengths is comparing two hands. The tables hold 6,175 + 1,287 five-card
entries (and the three- and four-card patterns a folded hand can hold, ruling 19) and
take a few milliseconds to make.

``strength5`` takes five cards the caller already knows are valid (dealt from one
deck, no joker) and does no checks: it is the evaluator's inner loop, measured against
treys, phevaluator and pokerkit by ``benchmarks/run.py``. ``entry`` is what
``hands.evaluate`` uses after its checks.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Sequence

# One prime per rank, indexed by rank (2..14); index 0 (a joker) and 1 are 0, so a
# product holding a joker is 0 and is found in neither table.
PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
RANK_BITS = 4  # ranks 1..14 fit four bits
MAX_RANKS = 5

# product -> (category, deciding ranks, strength); filled by _build() at first use.
PLAIN: dict[int, tuple] = {}
FLUSH: dict[int, tuple] = {}
PLAIN_STRENGTH: dict[int, int] = {}
FLUSH_STRENGTH: dict[int, int] = {}


def strength_of(category: int, ranks: tuple[int, ...]) -> int:
    """One integer ordered as (category, ranks) is: ranks padded with zeros (every rank is
    at least 1, so a shorter tuple still sorts below a longer one it begins)."""
    value = int(category)
    for i in range(MAX_RANKS):
        value = (value << RANK_BITS) | (ranks[i] if i < len(ranks) else 0)
    return value


def _build() -> None:
    from trainer.games.winners_pot.hands import rank_value, value_of  # our own §5 ranking

    for n in (3, 4, 5):
        for combo in combinations_with_replacement(range(14, 1, -1), n):  # highest first
            if any(combo.count(r) > 4 for r in set(combo)):
                continue
            product = 1
            for r in combo:
                product *= PRIMES[r]
            category, order, _ = rank_value(combo)
            PLAIN[product] = (category, order, strength_of(category, order))
            PLAIN_STRENGTH[product] = PLAIN[product][2]
            if n == 5 and len(set(combo)) == 5:
                category, order = value_of(combo, True)
                FLUSH[product] = (category, order, strength_of(category, order))
                FLUSH_STRENGTH[product] = FLUSH[product][2]


def entry(product: int, flush: bool) -> tuple:
    """(category, deciding ranks, strength) of the hand whose rank primes multiply to
    ``product``; ``flush``: five cards of one suit."""
    table = FLUSH if flush else PLAIN
    try:
        return table[product]
    except KeyError:
        if PLAIN:
            raise
        _build()
        return table[product]


def strength5(cards: Sequence) -> int:
    """The strength of five valid cards (no checks): higher is a better hand, equal a tie."""
    a, b, c, d, e = cards
    p = PRIMES[a.rank] * PRIMES[b.rank] * PRIMES[c.rank] * PRIMES[d.rank] * PRIMES[e.rank]
    s = a.suit
    try:
        if s == b.suit and s == c.suit and s == d.suit and s == e.suit:
            return FLUSH_STRENGTH[p]
        return PLAIN_STRENGTH[p]
    except KeyError:
        if PLAIN:
            raise
        _build()
        return strength5(cards)


def strength(cards: Sequence) -> int:
    """The strength of three, four or five valid cards (no checks)."""
    if len(cards) == 5:
        return strength5(cards)
    p = 1
    for c in cards:
        p *= PRIMES[c.rank]
    return entry(p, False)[2]
