"""Two Card Joker Poker hands: evaluation and comparison (§5, trainer rulings 1, 2, 5, 6).

A hand is two cards from a 54-card deck (52 + two jokers). ``evaluate`` returns a
``HandValue`` that compares by category and then by the ranks that decide inside the
category, so that ``a > b`` is exactly "hand a ranks higher than hand b" under §5(c)
and ruling 1, and equal values are a tie (§1 "Tie hand", §11(f)).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from trainer.core.cards import (
    ACE,
    KING,
    QUEEN,
    RANK_NAMES,
    RANK_PLURALS,
    Card,
    standard_deck,
)
from trainer.core.categories import HandCategory, by_key, name_categories
from trainer.core.citation import citer, ruling
from trainer.core.hand_value import RankedHand, comparer

TITLE = "Two Card Joker Poker"


cite = citer(TITLE)  # cite('5(b)') -> '<title> §5(b)'


class Category(HandCategory):
    """§5(b), highest first."""

    HIGH_CARD = 1
    FLUSH = 2
    PAIR = 3
    STRAIGHT = 4
    STRAIGHT_FLUSH = 5
    ROYAL_FLUSH = 6
    TWO_JOKERS = 7


name_categories(Category, cite=cite, sections={
    Category.TWO_JOKERS: "5(b)(1)",
    Category.ROYAL_FLUSH: "5(b)(2)",
    Category.STRAIGHT_FLUSH: "5(b)(3)",
    Category.STRAIGHT: "5(b)(4)",
    Category.PAIR: "5(b)(5)",
    Category.FLUSH: "5(b)(6)",
    Category.HIGH_CARD: "5(b)(7)",
}, plurals={
    Category.TWO_JOKERS: "two jokers", Category.ROYAL_FLUSH: "royal flushes",
    Category.STRAIGHT_FLUSH: "straight flushes", Category.STRAIGHT: "straights", Category.PAIR: "pairs",
    Category.FLUSH: "flushes", Category.HIGH_CARD: "high-card hands",
})
CATEGORY_BY_KEY = by_key(Category)


class HandError(ValueError):
    pass


@dataclass(frozen=True, eq=False)
class HandValue(RankedHand):
    """Ordered by (category, deciding ranks). The cards are kept for display only."""

    category: Category

    @property
    def high_rank(self) -> int:
        return self.ranks[0] if self.ranks else 0

    def describe(self) -> str:
        """'Pair of kings', 'Straight, ace-two', 'King high flush', 'Two jokers'."""
        c = self.category
        if c is Category.TWO_JOKERS or c is Category.ROYAL_FLUSH:
            return c.label
        if c is Category.PAIR:
            return f"Pair of {RANK_PLURALS[self.ranks[0]]}"
        hi, lo = (_rank_word(r) for r in self.ranks)
        if c in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            if self.ranks == (2, 1):
                return f"{c.label}, ace-two (the lowest)"
            return f"{c.label}, {hi}-{lo}"
        if c is Category.FLUSH:
            return f"{hi.capitalize()}-{lo} flush"
        return f"{hi.capitalize()} high ({hi}-{lo})"


def _rank_word(rank: int) -> str:
    return "ace" if rank in (1, ACE) else RANK_NAMES[rank]


def _consecutive(a: int, b: int) -> tuple[int, int] | None:
    """(high, low) if the two ranks are consecutive, the ace playing low with a two
    (§5(a); trainer ruling 2); None otherwise."""
    hi, lo = max(a, b), min(a, b)
    if hi - lo == 1:
        return hi, lo
    if hi == ACE and lo == 2:
        return 2, 1
    return None


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The §5 value of a two-card hand."""
    if len(cards) != 2:
        raise HandError(f"a Two Card Joker Poker hand has two cards, not {len(cards)}")
    a, b = cards
    held = tuple(cards)
    if a.is_joker and b.is_joker:
        return HandValue(Category.TWO_JOKERS, (), held)
    if a.is_joker or b.is_joker:
        # §5(a), §5(b)(5); ruling 5: a joker with a card is a pair of that card's rank.
        other = b if a.is_joker else a
        return HandValue(Category.PAIR, (other.rank,), held)
    if a.rank == b.rank:
        return HandValue(Category.PAIR, (a.rank,), held)
    suited = a.suit == b.suit
    run = _consecutive(a.rank, b.rank)
    hi, lo = max(a.rank, b.rank), min(a.rank, b.rank)
    if suited and run:
        if (hi, lo) == (ACE, KING):
            return HandValue(Category.ROYAL_FLUSH, (), held)
        return HandValue(Category.STRAIGHT_FLUSH, run, held)
    if run:
        return HandValue(Category.STRAIGHT, run, held)
    if suited:
        # §5(c) decides flushes by their higher card, then the lower (trainer ruling 6).
        return HandValue(Category.FLUSH, (hi, lo), held)
    return HandValue(Category.HIGH_CARD, (hi, lo), held)


compare = comparer(evaluate)  # 1 if hand a ranks higher, -1 if lower, 0 for a tie hand


def comparison_citations(a: HandValue, b: HandValue) -> tuple[str, ...]:
    if a.category != b.category:
        return (cite("5(b)"),)
    cites = [cite("5(c)"), ruling(1)]
    if a.category is Category.PAIR:
        cites.append(ruling(5))
    if a.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and 1 in a.ranks + b.ranks:
        cites.append(ruling(2))
    return tuple(cites)


def dealer_qualifies(value: HandValue) -> bool:
    """§10(d): 'queen or higher'; trainer ruling 7: any hand above high card, or a
    high-card hand whose higher card is a queen, king or ace."""
    if value.category is not Category.HIGH_CARD:
        return True
    return value.high_rank >= QUEEN


QUALIFY_CITATIONS = (cite("10(d)"), ruling(7))


def is_lowest_flush_ambiguous(value: HandValue) -> bool:
    """Trainer ruling 6: §5(b)(6) calls ace-three the lowest flush while §5(c) ranks a
    four-two flush lower. Questions avoid comparing such a flush to another flush."""
    return value.category is Category.FLUSH and value.ranks == (ACE, 3)


def turns_on_lowest_flush(a: HandValue, b: HandValue) -> bool:
    """Trainer ruling 6: whether §5(b)(6) ("an ace and a three being the lowest ranking
    flush") and §5(c), which the trainer follows, order hands ``a`` and ``b`` differently:
    an ace-three flush against a flush without an ace (below it by (b)(6), above it by
    (c)). No question, table round or watch mistake may turn on that."""
    if not (a.category is Category.FLUSH and b.category is Category.FLUSH):
        return False
    ace_three = (ACE, 3)
    return (a.ranks == ace_three and b.high_rank != ACE) or (b.ranks == ace_three and a.high_rank != ACE)


# ---- constructing hands of a chosen category (rare hands on purpose) ----

@lru_cache(maxsize=None)
def _hands_by_category() -> dict[tuple[Category, bool], tuple[tuple[Card, Card], ...]]:
    """Every two-card hand of the 54-card deck (the two jokers alike) by its category and
    whether it holds a joker: 1,431 hands, read once by ``evaluate``."""
    out: dict[tuple[Category, bool], list[tuple[Card, Card]]] = {}
    deck = standard_deck(jokers=2)
    seen: set[tuple[Card, Card]] = set()
    for i, a in enumerate(deck):
        for b in deck[i + 1:]:
            if (a, b) in seen:
                continue
            seen.add((a, b))
            out.setdefault((evaluate((a, b)).category, a.is_joker or b.is_joker), []).append((a, b))
    return {k: tuple(v) for k, v in out.items()}


def hand_of(category: Category, rng: random.Random, avoid: Sequence[Card] = ()) -> tuple[Card, Card]:
    """A random hand of exactly ``category``, sharing no non-joker card with ``avoid``
    and using only as many jokers as remain in a 54-card deck. Taken from the hands the
    cards still available make (walked from a random place), never dealt and thrown back;
    a pair holds a joker three times in ten when one is left."""
    jokers_left = 2 - sum(1 for c in avoid if c.is_joker)
    gone = {(c.rank, c.suit) for c in avoid if not c.is_joker}
    hands = _hands_by_category()
    with_joker = category is Category.PAIR and jokers_left > 0 and rng.random() < 0.3
    for joker in ((with_joker, not with_joker) if category is Category.PAIR else (True, False)):
        pool = hands.get((category, joker), ())
        if not pool:
            continue
        start = rng.randrange(len(pool))
        for i in range(len(pool)):
            a, b = pool[(start + i) % len(pool)]
            if a.is_joker + b.is_joker > jokers_left or (a.rank, a.suit) in gone or (b.rank, b.suit) in gone:
                continue
            hand = [a, b]
            rng.shuffle(hand)
            return hand[0], hand[1]
    raise HandError(f"cannot deal a {category.label.lower()} from what is left of the deck")
