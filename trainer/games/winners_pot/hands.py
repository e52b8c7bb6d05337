"""Winner's Pot Poker hands: the standard five-card ranking of §5 (trainer rulings 1, 2).

A reusable five-card evaluator. ``evaluate`` returns a ``HandValue`` that compares by
category and then by the ranks that decide inside the category (ruling 1), so that
``a > b`` is exactly "hand a ranks higher than hand b" under §5(b)-(c), and equal
values are a tie hand (§1 "Tie hand", §5(c) last sentence).

- Royal flush is a category of its own, above the straight flush (§5(b)(1)-(2)).
- A-2-3-4-5 is the lowest straight and straight flush, the ace playing low; no run
  wraps around (Q-K-A-2-3 is no straight) (§5(a); ruling 2).
- A hand of three or four cards (a player who folded keeps a Jacks Plus wager in action
  on the cards held, trainer ruling 19) can only be high card, a pair, two pairs,
  three-of-a-kind or four-of-a-kind: straights and flushes need five cards (§5(b)(5)-(6)).

The value of a hand's ranks is worked out once per rank pattern (``lru_cache``): five
cards have 6,175 rank patterns, so the evaluator is quick enough to deal rounds in
bulk. ``hand_of`` builds a hand of a wanted category on purpose (rare hands without
dealing thousands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from trainer.core.cards import ACE, RANK_NAMES, RANK_PLURALS, SUIT_CHARS, Card
from trainer.core.categories import HandCategory, by_key, high_first, name_categories
from trainer.core.citation import citer, ruling
from trainer.core.hand_value import RankedHand, comparer
from trainer.games.hand_builder import RankPatterns
from trainer.games.winners_pot import fast as _fast

TITLE = "Winner's Pot Poker"
HAND_SIZE = 5
HOLE_CARD_COUNT = 2  # the two down cards: all a hand holds when §12(a) declares it dead
JACK = 11
TEN = 10
FULL_DECK = tuple(Card(rank, suit) for suit in SUIT_CHARS for rank in range(ACE, 1, -1))


cite = citer(TITLE)  # cite('5(b)') -> '<title> §5(b)'


class Category(HandCategory):
    """§5(b), compared with < and > (royal flush highest). ``key`` is what pay tables name
    hands by ('two-pairs'), ``label`` as §5(b) prints it ('Four-of-a-kind', 'Two pairs')."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIRS = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10


name_categories(Category, cite=cite, labels={
    Category.FOUR_OF_A_KIND: "Four-of-a-kind",
    Category.THREE_OF_A_KIND: "Three-of-a-kind",
}, sections={
    Category.ROYAL_FLUSH: "5(b)(1)",
    Category.STRAIGHT_FLUSH: "5(b)(2)",
    Category.FOUR_OF_A_KIND: "5(b)(3)",
    Category.FULL_HOUSE: "5(b)(4)",
    Category.FLUSH: "5(b)(5)",
    Category.STRAIGHT: "5(b)(6)",
    Category.THREE_OF_A_KIND: "5(b)(7)",
    Category.TWO_PAIRS: "5(b)(8)",
    Category.PAIR: "5(b)(9)",
    Category.HIGH_CARD: "5(c)",
}, plurals={
    Category.ROYAL_FLUSH: "royal flushes", Category.STRAIGHT_FLUSH: "straight flushes",
    Category.FOUR_OF_A_KIND: "four-of-a-kind hands", Category.FULL_HOUSE: "full houses",
    Category.FLUSH: "flushes", Category.STRAIGHT: "straights", Category.THREE_OF_A_KIND: "three-of-a-kind hands",
    Category.TWO_PAIRS: "two-pair hands", Category.PAIR: "pairs", Category.HIGH_CARD: "high-card hands",
})
CATEGORIES = high_first(Category)  # the order of §5(b)
CATEGORY_BY_KEY = by_key(Category)
# The categories three or four cards can form (trainer ruling 19).
SHORT_HAND_CATEGORIES = (Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND, Category.TWO_PAIRS, Category.PAIR,
                         Category.HIGH_CARD)
RANKING_CITATIONS = (cite("5(b)"),)

# Jacks Plus (§11(b)): a pair pays only when it is jacks, queens, kings or aces.
JACKS_OR_BETTER = "jacks-or-better"


class HandError(ValueError):
    pass


@dataclass(frozen=True, eq=False)
class HandValue(RankedHand):
    """Ordered by (category, deciding ranks) (trainer.core.hand_value). The cards are kept
    for display only. A straight's deciding rank is its high card (5 for A-2-3-4-5)."""

    category: Category

    @property
    def high_rank(self) -> int:
        return self.ranks[0] if self.ranks else ACE

    @property
    def is_wheel(self) -> bool:
        """A-2-3-4-5, the lowest straight (flush) with the ace playing low (ruling 2)."""
        return self.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and self.ranks == (5,)

    def describe(self) -> str:
        """How the dealer announces the hand: 'Full house, kings full of fours'."""
        return _described(self.category, self.ranks)

    def short(self) -> str:
        """'pair of jacks', 'two pairs', 'royal flush': the words the Jacks Plus table uses."""
        if self.category is Category.PAIR:
            return f"pair of {RANK_PLURALS[self.ranks[0]]}"
        return self.category.label.lower()


def _word(rank: int) -> str:
    return RANK_NAMES[rank]


def _run(ranks: Sequence[int]) -> str:
    return "-".join(_word(r) for r in ranks)


def describe_value(category: Category, ranks: tuple[int, ...]) -> str:
    c = category
    if c is Category.ROYAL_FLUSH:
        return "Royal flush"
    if c in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
        if ranks == (5,):
            return f"{c.label}, five high (ace-two-three-four-five, the lowest)"
        return f"{c.label}, {_word(ranks[0])} high"
    if c is Category.FOUR_OF_A_KIND:
        kicker = f", {_word(ranks[1])} kicker" if len(ranks) > 1 else ""
        return f"Four {RANK_PLURALS[ranks[0]]}{kicker}"
    if c is Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if c is Category.FLUSH:
        return f"Flush, {_run(ranks)}"
    if c is Category.THREE_OF_A_KIND:
        kickers = f", {_run(ranks[1:])}" if len(ranks) > 1 else ""
        return f"Three {RANK_PLURALS[ranks[0]]}{kickers}"
    if c is Category.TWO_PAIRS:
        kicker = f", {_word(ranks[2])} kicker" if len(ranks) > 2 else ""
        return f"Two pairs, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}{kicker}"
    if c is Category.PAIR:
        kickers = f", {_run(ranks[1:])}" if len(ranks) > 1 else ""
        return f"Pair of {RANK_PLURALS[ranks[0]]}{kickers}"
    return f"{_word(ranks[0]).capitalize()} high, {_run(ranks)}"


_described = lru_cache(maxsize=None)(describe_value)  # the words of each (category, ranks), made once


def straight_high(distinct_desc: Sequence[int]) -> int:
    """The high card of the straight five distinct ranks (highest first) make, or 0.
    A-2-3-4-5 is five high, the ace playing low; no wrap-around (§5(a); ruling 2)."""
    if len(distinct_desc) != 5:
        return 0
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if tuple(distinct_desc) == (ACE, 5, 4, 3, 2):
        return 5
    return 0


@lru_cache(maxsize=None)
def rank_value(ranks: tuple[int, ...]) -> tuple[Category, tuple[int, ...], int]:
    """The value of a hand's ranks (sorted highest first) read without suits: the
    category and deciding ranks it has if its cards are not all of one suit, and the
    high card of the straight the ranks make (0 if none)."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))  # ruling 1: bigger groups first
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND, order, 0
    if shape[:2] == (3, 2):
        return Category.FULL_HOUSE, order, 0
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND, order, 0
    if shape[:2] == (2, 2):
        return Category.TWO_PAIRS, order, 0
    if shape[0] == 2:
        return Category.PAIR, order, 0
    high = straight_high(order)
    if high:
        return Category.STRAIGHT, (high,), high
    return Category.HIGH_CARD, order, 0


def value_of(ranks: tuple[int, ...], suited: bool) -> tuple[Category, tuple[int, ...]]:
    """(category, deciding ranks) of a hand given its ranks (highest first) and whether
    its five cards are all of one suit."""
    category, order, high = rank_value(ranks)
    if suited and len(ranks) == HAND_SIZE:
        if high == ACE:
            return Category.ROYAL_FLUSH, ()
        if high:
            return Category.STRAIGHT_FLUSH, (high,)
        return Category.FLUSH, order
    return category, order


_SUIT_INDEX = {s: i for i, s in enumerate(SUIT_CHARS)}


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The §5 value of five cards (or of the three or four a folded player holds, ruling 19).

    Read from the lookup of ``fast`` (keyed by the product of rank primes and a flush
    flag, made at first use from ``rank_value`` and ``value_of`` below): the same values
    as reading the sorted ranks, checked on every five-card hand by a slow test."""
    n = len(cards)
    if not 3 <= n <= HAND_SIZE:
        raise HandError(f"a Winner's Pot Poker hand is five cards (three or four after a fold), not {n}")
    product, seen, primes, suit_index = 1, 0, _fast.PRIMES, _SUIT_INDEX
    for c in cards:
        r = c.rank
        if not r:
            raise HandError("Winner's Pot Poker is played without jokers (§2(a))")
        product *= primes[r]
        seen |= 1 << (r * 4 + suit_index[c.suit])
    if seen.bit_count() != n:
        raise HandError("a card appears twice in the hand; the game uses one deck (§2(a))")
    s = cards[0].suit
    suited = n == HAND_SIZE and all(c.suit == s for c in cards)
    category, order, _ = _fast.entry(product, suited)
    return HandValue(category, order, tuple(cards))


def held_value(cards: Sequence[Card]) -> HandValue:
    """The value of the cards a hand held when it was declared dead (§12(a)): the two down
    cards, or more. Trainer ruling 32 settles the dead hand's Jacks Plus wager on them, so
    only a pair can qualify from two (jacks or better, §11(b))."""
    if len(cards) == HOLE_CARD_COUNT:
        if any(c.is_joker for c in cards):
            raise HandError("Winner's Pot Poker is played without jokers (§2(a))")
        if len(set(cards)) != HOLE_CARD_COUNT:
            raise HandError("a card appears twice in the hand; the game uses one deck (§2(a))")
        ranks = tuple(sorted((c.rank for c in cards), reverse=True))
        category, order, _ = rank_value(ranks)
        return HandValue(category, order, tuple(cards))
    return evaluate(cards)


compare = comparer(evaluate)  # 1 if hand a ranks higher, -1 if lower, 0 for a tie hand


def comparison_citations(a: HandValue, b: HandValue) -> tuple[str, ...]:
    if a.category != b.category:
        return (cite("5(b)"),)
    cites = [cite("5(c)"), ruling(1)]
    if a.is_wheel or b.is_wheel:
        cites += [cite("5(a)"), ruling(2)]
    return tuple(cites)


def best_of(values: dict[int, HandValue]) -> tuple[HandValue, tuple[int, ...]]:
    """The highest value among ``values`` (holder -> value) and every holder who has it."""
    best = max(values.values())
    return best, tuple(h for h, v in values.items() if v == best)


# ---- Jacks Plus (§11(b)) --------------------------------------------------------------

def jacks_plus_key(value: HandValue) -> str:
    """The §11(b) row a hand is paid on: the category, except that a pair is paid only
    when it is jacks or better ('jacks-or-better'); a lower pair has no row."""
    if value.category is Category.PAIR:
        return JACKS_OR_BETTER if value.ranks[0] >= JACK else Category.PAIR.key
    return value.category.key


# ---- constructing hands on purpose ----------------------------------------------------

@lru_cache(maxsize=None)
def _patterns(size: int) -> RankPatterns:
    """Every rank multiset of ``size`` cards by its §5 category, all of one suit or not
    (made at first use by ``value_of``)."""
    return RankPatterns(size, range(2, ACE + 1), lambda ranks, suited: value_of(ranks, suited)[0])


def hand_of(category: Category, rng: random.Random, *, avoid: Sequence[Card] = (), size: int = HAND_SIZE,
            pair_rank: int | None = None) -> tuple[Card, ...]:
    """A random hand of ``size`` cards (3, 4 or 5) of exactly ``category``, sharing no card
    with ``avoid``. ``pair_rank`` fixes the rank of the pair, trips or quads (or of one
    pair of two pairs), e.g. a pair of jacks for the Jacks Plus line. Built from the cards
    still available (``hand_builder``), never dealt and thrown back."""
    if size not in (3, 4, HAND_SIZE):
        raise HandError("a hand is built of three, four or five cards")
    if size < HAND_SIZE and category not in SHORT_HAND_CATEGORIES:
        raise HandError(f"{size} cards cannot make a {category.label.lower()} (trainer ruling 19)")
    if (size == 3 and category in (Category.TWO_PAIRS, Category.FOUR_OF_A_KIND)):
        raise HandError(f"three cards cannot make {category.label.lower()}")
    accept = None
    if pair_rank is not None and category in (Category.FOUR_OF_A_KIND, Category.THREE_OF_A_KIND,
                                              Category.TWO_PAIRS, Category.PAIR):
        def accept(ranks: tuple[int, ...]) -> bool:
            return ranks.count(pair_rank) >= 2
    hand = _patterns(size).pick(category, rng, avoid, accept, accept_name=("pair rank", pair_rank))
    if hand is None:
        raise HandError(f"cannot deal a {category.label.lower()} from what is left of the deck")
    rng.shuffle(hand)
    return tuple(hand)


def remaining_deck(avoid: Sequence[Card] = ()) -> list[Card]:
    used = set(avoid)
    return [c for c in FULL_DECK if c not in used]


__all__ = [
    "TITLE", "HAND_SIZE", "Category", "HandValue", "HandError", "CATEGORIES", "CATEGORY_BY_KEY", "JACKS_OR_BETTER",
    "evaluate", "held_value", "compare", "comparison_citations", "best_of", "jacks_plus_key", "hand_of", "value_of", "rank_value",
    "straight_high", "describe_value", "cite", "FULL_DECK", "remaining_deck",
]
