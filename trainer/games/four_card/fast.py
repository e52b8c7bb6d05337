"""The fast path of Four Card Poker's best four (§3, §10(d); trainer rulings 1, 2, 9, 11):
lookups keyed by the product of four cards' rank primes, one for four cards not all of
one suit and one for four of one suit, made at first use by our own ``hands.evaluate``.

The best four of five or six cards is the first of the ``combinations`` of four whose
strength is highest, as ``max`` over them finds it; each four costs three
multiplications, a suit check and a dictionary read instead of a whole evaluation, and
only the four chosen are evaluated in full (so the value, its cards and its words are
exactly those of the evaluation over every four).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Sequence

PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # by rank; a joker is 0
COMBOS = {n: tuple(combinations(range(n), 4)) for n in (4, 5, 6)}
RANK_BITS = 4

PLAIN: dict[int, int] = {}   # product of four ranks -> strength, four cards not of one suit
SUITED: dict[int, int] = {}  # product of four distinct ranks -> strength, four of one suit


def strength_of(category: int, ranks: tuple[int, ...]) -> int:
    """One integer ordered as (category, ranks) is (four deciding ranks at most, each 1..14)."""
    value = int(category)
    for i in range(4):
        value = (value << RANK_BITS) | (ranks[i] if i < len(ranks) else 0)
    return value


def build() -> None:
    """Fill PLAIN and SUITED (at first use)."""
    from trainer.core.cards import Card
    from trainer.games.four_card.hands import evaluate

    suits = "shdc"
    for combo in combinations_with_replacement(range(14, 1, -1), 4):
        seen: dict[int, int] = {}
        cards = []
        for r in combo:  # the n-th card of a rank in the n-th suit: no card twice
            seen[r] = seen.get(r, -1) + 1
            cards.append(Card(r, suits[seen[r]]))
        if len(set(combo)) == 4:  # four spades: make one a heart, so not of one suit
            cards[0] = Card(combo[0], "h")
        v = evaluate(cards)
        product = PRIMES[combo[0]] * PRIMES[combo[1]] * PRIMES[combo[2]] * PRIMES[combo[3]]
        PLAIN[product] = strength_of(v.category, v.ranks)
        if len(set(combo)) == 4:
            v = evaluate([Card(r, "s") for r in combo])
            SUITED[product] = strength_of(v.category, v.ranks)


def best_four(cards: Sequence) -> tuple | None:
    """The four of ``cards`` (four, five or six) that ``max`` over their combinations
    chooses, or None when the lookup cannot read them (a joker, a card given twice):
    the caller then evaluates every four and reports the error as before."""
    if not PLAIN:
        build()
    primes = [PRIMES[c.rank] for c in cards]
    suits = [c.suit for c in cards]
    best, chosen = -1, None
    plain, suited = PLAIN, SUITED
    for i, j, k, m in COMBOS[len(cards)]:
        p = primes[i] * primes[j] * primes[k] * primes[m]
        s = suits[i]
        v = (suited if s == suits[j] and s == suits[k] and s == suits[m] else plain).get(p)
        if v is None:
            return None
        if v > best:
            best, chosen = v, (i, j, k, m)
    return tuple(cards[i] for i in chosen)
