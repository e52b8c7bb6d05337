"""DJ Wild Poker hands: evaluation with wild cards, comparison, and the natural/wild
reading of the Trips table (§5, §9(d)(1), §9(d)(4)-(5); trainer rulings 1, 2, 13, 14, 25).

A hand is five cards from a 53-card deck (52 + one joker, trainer ruling 4). The joker
and the four deuces are wild (§5; ruling 13) and take whatever values make the best
hand. ``evaluate`` returns a ``HandValue`` that compares by category and then by the
ranks that decide inside the category (ruling 1), so ``a > b`` is exactly "hand a
beats hand b" and equal values tie: a natural hand and a wild hand of the same value
tie (§9(d)(1); ruling 13). A wild card may stand for a card already held in every
category, flushes included: beside a natural ace it is a second ace (ruling 25). Natural
or wild matters only to the Trips table, read by ``trips_readings`` (ruling 14).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import attrgetter
from typing import Sequence

from trainer.core.cards import (
    ACE,
    JOKER,
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_CHARS,
    Card,
    card_label,
    standard_deck,
)
from trainer.core.categories import HandCategory, by_key, high_first, name_categories
from trainer.core.citation import citer, ruling
from trainer.core.hand_value import RankedHand, comparer
from trainer.games.hand_builder import RankPatterns

TITLE = "DJ Wild Poker"
DEUCE = 2
HAND_SIZE = 5
WILD_CARDS = 5  # four deuces and the joker


cite = citer(TITLE)  # cite('5(b)') -> '<title> §5(b)'


class Category(HandCategory):
    """Trainer ruling 13, highest last (compare with < and >)."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10
    ROYAL_FLUSH = 11
    FIVE_WILDS = 12


name_categories(Category, cite=cite, plurals={
    Category.FIVE_WILDS: "five-wild hands", Category.ROYAL_FLUSH: "royal flushes",
    Category.FIVE_OF_A_KIND: "five-of-a-kind hands", Category.STRAIGHT_FLUSH: "straight flushes",
    Category.FOUR_OF_A_KIND: "four-of-a-kind hands", Category.FULL_HOUSE: "full houses",
    Category.FLUSH: "flushes", Category.STRAIGHT: "straights", Category.THREE_OF_A_KIND: "three-of-a-kind hands",
    Category.TWO_PAIR: "two-pair hands", Category.PAIR: "pairs", Category.HIGH_CARD: "high-card hands",
})
CATEGORIES = high_first(Category)  # the order of ruling 13
CATEGORY_BY_KEY = by_key(Category)
RANKING_CITATIONS = (cite("5"), ruling(13))
# Categories with a single printed Trips payout, used whatever the reading (ruling 14).
SINGLE_PAYOUT = frozenset({Category.FIVE_WILDS, Category.FIVE_OF_A_KIND})


class HandError(ValueError):
    pass


def is_wild(card: Card) -> bool:
    """§5: the joker and all deuces are wild."""
    return card.is_joker or card.rank == DEUCE


@dataclass(frozen=True, eq=False)
class HandValue(RankedHand):
    """Ordered by (category, deciding ranks). The cards are kept for display only;
    ``wilds`` is how many wild cards the reading treated as wild."""

    category: Category
    wilds: int = 0

    def describe(self) -> str:
        """'Straight flush, nine high', 'Full house, kings full of fours', 'Pair of aces'.
        A flush made with a wild card is named by all its ranks, a wild card beside a
        natural ace as a second ace: 'Flush, ace-ace-king-nine-five' (trainer ruling 25)."""
        return describe_value(self.category, self.ranks)


def _word(rank: int) -> str:
    return "ace" if rank in (1, ACE) else RANK_NAMES[rank]


def describe_value(category: Category, ranks: tuple[int, ...]) -> str:
    c = category
    if c in (Category.FIVE_WILDS, Category.ROYAL_FLUSH):
        return c.label
    if c is Category.FIVE_OF_A_KIND:
        return f"Five of a kind, {RANK_PLURALS[ranks[0]]}"
    if c in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
        low = " (the lowest, ace playing low)" if ranks[0] == 5 else ""
        return f"{c.label}, {_word(ranks[0])} high{low}"
    if c is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[ranks[0]]}"
    if c is Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[1]]}"
    if c is Category.FLUSH:
        return f"Flush, {'-'.join(_word(r) for r in ranks)}"
    if c is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[ranks[0]]}"
    if c is Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if c is Category.PAIR:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return f"{_word(ranks[0]).capitalize()} high ({'-'.join(_word(r) for r in ranks)})"


# ---------------------------------------------------------------- the evaluator

def _straight_high(ranks: tuple[int, ...], wilds: int) -> int:
    """The highest straight the distinct natural ``ranks`` and ``wilds`` make, or 0.
    The ace plays high (ten to ace), or low only in A-2-3-4-5, the lowest straight;
    no wrap-around (trainer ruling 2)."""
    if len(ranks) + wilds != HAND_SIZE or len(set(ranks)) != len(ranks):
        return 0
    for high in range(ACE, 4, -1):
        window = set(range(high - 4, high + 1))
        if high == 5:
            window = {ACE, 2, 3, 4, 5}
        if all(r in window for r in ranks):
            return high
    return 0


@lru_cache(maxsize=None)
def value_of(ranks: tuple[int, ...], suited: bool, wilds: int) -> tuple[Category, tuple[int, ...]]:
    """The best hand that natural cards of ``ranks`` (sorted highest first) and ``wilds``
    wild cards make; ``suited``: every natural card is of one suit (trivially so for
    fewer than two). Pure, cached: the exhaustive enumeration reuses it by rank pattern."""
    if wilds == HAND_SIZE:
        return Category.FIVE_WILDS, ()
    counts = Counter(ranks)
    distinct = len(counts) == len(ranks)
    if suited and distinct and all(r >= 10 for r in ranks):
        return Category.ROYAL_FLUSH, ()
    if wilds and len(counts) == 1:
        return Category.FIVE_OF_A_KIND, (ranks[0],)
    if suited and distinct:
        high = _straight_high(ranks, wilds)
        if high:
            return Category.STRAIGHT_FLUSH, (high,)
    quads = [r for r, n in counts.items() if n + wilds >= 4]
    if quads:
        q = max(quads)
        # The fifth card is the one natural card of another rank (five wilds or five of a
        # kind would have been found above).
        kicker = [r for r in ranks if r != q]
        return Category.FOUR_OF_A_KIND, (q, kicker[0])
    shape = sorted(counts.values(), reverse=True)
    if (wilds == 0 and shape == [3, 2]) or (wilds == 1 and shape == [2, 2]):
        trips = max(r for r, n in counts.items() if n + wilds == 3)
        pair = max(r for r in counts if r != trips)
        return Category.FULL_HOUSE, (trips, pair)
    if suited:
        # Trainer ruling 25 (ruling 13 in every category, flushes included): a wild card
        # may stand for a card already held, as five of a kind already requires, so in a
        # flush each wild card is an ace, even beside a natural ace: A♠ K♠ 9♠ 5♠ with a
        # wild card is an ace-ace-king-nine-five flush and beats A-K-Q-J-9. Comparisons
        # that turn on it cite the ruling (``flush_reading_matters``).
        return Category.FLUSH, tuple(sorted(ranks + (ACE,) * wilds, reverse=True))
    if distinct:
        high = _straight_high(ranks, wilds)
        if high:
            return Category.STRAIGHT, (high,)
    trips = [r for r, n in counts.items() if n + wilds >= 3]
    if trips:
        t = max(trips)
        return Category.THREE_OF_A_KIND, (t,) + tuple(r for r in ranks if r != t)
    if wilds == 0 and shape == [2, 2, 1]:
        hi, lo = sorted((r for r, n in counts.items() if n == 2), reverse=True)
        return Category.TWO_PAIR, (hi, lo, next(r for r, n in counts.items() if n == 1))
    if wilds == 1 or shape[0] == 2:
        p = max(r for r, n in counts.items() if n + wilds == 2)
        return Category.PAIR, (p,) + tuple(r for r in ranks if r != p)
    return Category.HIGH_CARD, ranks


def _split(cards: Sequence[Card], deuces_wild: bool) -> tuple[tuple[int, ...], bool, int]:
    if len(cards) != HAND_SIZE:
        raise HandError(f"a DJ Wild Poker hand has five cards, not {len(cards)}")
    if sum(c.is_joker for c in cards) > 1:
        raise HandError("the deck has one joker (§2(a); trainer ruling 4)")
    if len(set(cards)) != HAND_SIZE:
        dupes = [card_label(c) for c in sorted({c for c in cards if list(cards).count(c) > 1}, reverse=True)]
        raise HandError(f"{', '.join(dupes)} appears twice; the deck has one of each card (§2(a))")
    wild = [c for c in cards if c.is_joker or (deuces_wild and c.rank == DEUCE)]
    natural = [c for c in cards if c not in wild]
    ranks = tuple(sorted((c.rank for c in natural), reverse=True))
    suited = len({c.suit for c in natural}) <= 1
    return ranks, suited, len(wild)


# The fast path of ``evaluate``: the natural cards' rank primes multiplied (one product
# per multiset of ranks), whether they are of one suit and how many wild cards, looked up
# in a table filled from ``value_of`` as hands come (at most 2 x 6,188 x 6 entries).
_PRIMES = (0, 0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)  # by rank; deuces and the joker are wild
_SUIT_BIT = {s: i for i, s in enumerate(SUIT_CHARS)}
_READINGS: dict[tuple[int, bool, int], tuple[Category, tuple[int, ...]]] = {}


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The hand's value with the joker and the deuces wild (§5; ruling 13): the value
    that decides against the dealer and the blind, Two Way Bad Beat and Cover All."""
    if len(cards) == HAND_SIZE:
        product, wilds, seen, suit, suited = 1, 0, 0, None, True
        for c in cards:
            r = c.rank
            if r <= DEUCE:  # the joker (rank 0) or a deuce
                wilds += 1
                seen |= 1 << 60 if r == 0 else 1 << (r * 4 + _SUIT_BIT[c.suit])  # a second joker: a bit twice
                continue
            product *= _PRIMES[r]
            seen |= 1 << (r * 4 + _SUIT_BIT[c.suit])
            if suit is None:
                suit = c.suit
            elif c.suit != suit:
                suited = False
        if seen.bit_count() == HAND_SIZE:  # five different cards, one joker at most
            key = (product, suited, wilds)
            value = _READINGS.get(key)
            if value is None:
                ranks, _, _ = _split(cards, True)
                value = _READINGS[key] = value_of(ranks, suited, wilds)
            return HandValue(value[0], value[1], tuple(cards), wilds)
    ranks, suited, wilds = _split(cards, True)  # reports what is wrong with the hand
    category, deciding = value_of(ranks, suited, wilds)
    return HandValue(category, deciding, tuple(cards), wilds)


def evaluate_deuces_natural(cards: Sequence[Card]) -> HandValue:
    """The hand read with every deuce as a natural two and only the joker wild: the
    second Trips reading of trainer ruling 14 (§9(d)(5))."""
    ranks, suited, wilds = _split(cards, False)
    category, deciding = value_of(ranks, suited, wilds)
    return HandValue(category, deciding, tuple(cards), wilds)


compare = comparer(evaluate)  # 1 if hand a ranks higher, -1 if lower, 0 for a tie (§9(d)(1); rulings 1, 13)


RULING_25_NOTE = ("A wild card in a flush may stand for a card already held: beside a natural ace it is a second "
                  "ace, so A-A-K-9-5 beats A-K-Q-J-9")


def comparison_citations(a: HandValue, b: HandValue) -> tuple[str, ...]:
    """The rules a comparison of ``a`` and ``b`` rests on: the category order, or inside a
    category §9(d)(1) and rulings 1 and 13 (2 for the lowest straight); ruling 25 where
    the result turns on a wild card standing for a card already held in a flush."""
    if a.category != b.category:
        return RANKING_CITATIONS
    cites = [cite("9(d)(1)"), ruling(1), ruling(13)]
    if a.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and 5 in (a.ranks[0], b.ranks[0]):
        cites.append(ruling(2))
    if flush_reading_matters(a, b):
        cites.append(ruling(25))
    return tuple(cites)


# ------------------------------------------- wild cards in a flush (trainer ruling 25)

def _flush_without_duplicates(value: HandValue) -> tuple[int, ...] | None:
    """The reading ruling 25 rejects, for finding where it decides: each wild card of a
    wild flush the highest rank not held."""
    if value.category is not Category.FLUSH or not value.wilds:
        return None
    held = list(value.ranks[value.wilds:])  # the wild aces sort first
    missing = [r for r in range(ACE, 2, -1) if r not in held]
    return tuple(sorted(held + missing[:value.wilds], reverse=True))


def flush_reading_matters(a: HandValue, b: HandValue) -> bool:
    """True when two flushes compare differently if a wild card could not stand for a
    card already held: the comparison turns on trainer ruling 25, and its explanation
    cites it."""
    if a.category is not Category.FLUSH or b.category is not Category.FLUSH:
        return False
    ra = _flush_without_duplicates(a) or a.ranks
    rb = _flush_without_duplicates(b) or b.ranks
    return ((a.ranks > b.ranks) - (a.ranks < b.ranks)) != ((ra > rb) - (ra < rb))


# ---------------------------------------------------------------- Trips readings

@dataclass(frozen=True)
class TripsReading:
    """One reading of the hand for the Trips table: its category and column."""

    category: Category
    natural: bool
    how: str  # "deuces wild" or "deuces natural"

    @property
    def key(self) -> str:
        """The pay-table hand key: 'royal-flush' (natural), 'wild-royal-flush'; five
        wilds and five of a kind have one printed payout (ruling 14)."""
        if self.category in SINGLE_PAYOUT or self.natural:
            return self.category.key
        return "wild-" + self.category.key

    @property
    def label(self) -> str:
        """'Natural straight flush', 'Wild four of a kind', 'Five wilds'."""
        if self.category in SINGLE_PAYOUT:
            return self.category.label
        return f"{'Natural' if self.natural else 'Wild'} {self.category.hand_name}"


def trips_readings(cards: Sequence[Card]) -> tuple[TripsReading, TripsReading]:
    """Trainer ruling 14 (§9(d)(4)-(5)): the hand with deuces wild, in the natural
    column when no wild card is used (the same value is made with every deuce as its
    natural two), else the wild column; and the hand with every deuce a natural two, in
    the natural column. A hand holding the joker is always wild."""
    a = evaluate(cards)
    b = evaluate_deuces_natural(cards)
    joker = any(c.is_joker for c in cards)
    natural_a = not joker and a == b
    return (TripsReading(a.category, natural_a, "deuces wild"),
            TripsReading(b.category, not joker, "deuces natural"))


TRIPS_CITATIONS = (cite("9(d)(4)"), cite("9(d)(5)"), ruling(14))


# ---------------------------------------------------------------- building hands

NATURAL_RANKS = tuple(range(3, ACE + 1))  # ranks that are never wild


def deck() -> list[Card]:
    """The 53-card deck (§2(a); trainer ruling 4)."""
    return standard_deck(jokers=1)


_WILD_CARDS = (JOKER,) + tuple(Card(DEUCE, s) for s in SUIT_CHARS)  # the pool of wild cards, in the order drawn from
_RANK_SUIT = attrgetter("rank", "suit")


# How many wild cards a built hand of each category may hold (weights per count).
_WILD_WEIGHTS = {
    Category.FIVE_WILDS: {5: 1},
    Category.ROYAL_FLUSH: {0: 3, 1: 3, 2: 2, 3: 1, 4: 1},
    Category.FIVE_OF_A_KIND: {1: 3, 2: 3, 3: 2, 4: 1},
    Category.STRAIGHT_FLUSH: {0: 3, 1: 3, 2: 2, 3: 1},
    Category.FOUR_OF_A_KIND: {0: 3, 1: 3, 2: 2, 3: 1},
    Category.FULL_HOUSE: {0: 3, 1: 2},
    Category.FLUSH: {0: 3, 1: 3, 2: 1},
    Category.STRAIGHT: {0: 3, 1: 3, 2: 1},
    Category.THREE_OF_A_KIND: {0: 3, 1: 3, 2: 1},
    Category.TWO_PAIR: {0: 1},
    Category.PAIR: {0: 3, 1: 2},
    Category.HIGH_CARD: {0: 1},
}


def wild_counts(category: Category) -> tuple[int, ...]:
    """The numbers of wild cards a hand of ``category`` can hold."""
    return tuple(_WILD_WEIGHTS[category])


@lru_cache(maxsize=None)
def _patterns(wilds: int) -> RankPatterns:
    """The natural ranks (never a deuce) of a hand holding ``wilds`` wild cards, by the
    category ``value_of`` reads with those wilds (made at first use)."""
    return RankPatterns(HAND_SIZE - wilds, NATURAL_RANKS, lambda ranks, suited: value_of(ranks, suited, wilds)[0])


@lru_cache(maxsize=None)
def _wild_choices(category: Category, left: int) -> tuple[list[int], list[int], list[int]]:
    """The counts of wild cards a hand of ``category`` may hold with ``left`` wild cards
    left, their weights added up in turn, and the counts by weight, the highest first."""
    choices = _WILD_WEIGHTS[category]
    possible = [w for w in choices if w <= left]
    return possible, list(accumulate(choices[w] for w in possible)), sorted(possible, key=lambda w: -choices[w])


def hand_of(category: Category, rng: random.Random, avoid: Sequence[Card] = (),
            wilds: int | None = None) -> tuple[Card, ...]:
    """A random hand of exactly ``category`` (deuces and joker wild), sharing no card
    with ``avoid``; ``wilds`` fixes how many wild cards it holds. Built from the cards
    still available (``hand_builder``), so a royal flush costs no more than a pair and a
    crowded table no more than an empty one."""
    taken = set(map(_RANK_SUIT, avoid))  # (rank, suit) of each card to avoid
    choices = _WILD_WEIGHTS[category]
    if wilds is not None and wilds not in choices:
        raise HandError(f"a {category.hand_name} cannot hold {wilds} wild cards")
    pool = [c for c in _WILD_CARDS if (c.rank, c.suit) not in taken]
    taken_bits = None  # the natural cards taken as the patterns read them (the same ranks for every count of wilds)
    if wilds is not None:
        counts = [wilds]
    else:
        possible, cum_weights, by_weight = _wild_choices(category, len(pool))
        if not possible:
            raise HandError(f"cannot deal a {category.hand_name} from what is left of the deck")
        first = rng.choices(possible, cum_weights=cum_weights)[0]  # the draw the weights make
        counts = [first] + [w for w in by_weight if w != first]
    for w in counts:
        if w > len(pool):
            continue
        patterns = _patterns(w)
        if taken_bits is None:
            taken_bits = patterns.bits_of(taken)
        natural = patterns.pick(category, rng, taken_bits=taken_bits)
        if natural is None:
            continue
        hand = rng.sample(pool, w) + natural
        rng.shuffle(hand)
        return tuple(hand)
    raise HandError(f"cannot deal a {category.hand_name} from what is left of the deck")


def natural_with_deuces(rng: random.Random, avoid: Sequence[Card] = ()) -> tuple[Card, ...]:
    """A hand whose deuces can play as natural twos for Trips (§9(d)(5)): the lowest
    straights and straight flushes, and trips, full houses or quads of twos. Built from
    the cards still available: the shape is drawn first, then the next shape in turn
    when what is left cannot make it."""
    gone = {(c.rank, c.suit) for c in avoid}
    suits_of = {r: [s for s in SUIT_CHARS if (r, s) not in gone] for r in range(DEUCE, ACE + 1)}
    first = rng.randrange(5)
    for kind in (first, *(k for k in range(5) if k != first)):
        hand: list[Card] = []
        if kind == 0:  # A-2-3-4-5 or 2-3-4-5-6, suited
            runs = [ranks for ranks in ([ACE, 2, 3, 4, 5], [2, 3, 4, 5, 6])
                    if any(all(s in suits_of[r] for r in ranks) for s in SUIT_CHARS)]
            if not runs:
                continue
            ranks = rng.choice(runs)
            suit = rng.choice([s for s in SUIT_CHARS if all(s in suits_of[r] for r in ranks)])
            hand = [Card(r, suit) for r in ranks]
        elif kind == 1:  # the same runs off suit
            runs = [ranks for ranks in ([ACE, 2, 3, 4, 5], [2, 3, 4, 5, 6]) if all(suits_of[r] for r in ranks)]
            if not runs:
                continue
            hand = [Card(r, rng.choice(suits_of[r])) for r in rng.choice(runs)]
        else:
            twos = {2: 3, 3: 3, 4: 4}[kind]
            if len(suits_of[DEUCE]) < twos:
                continue
            hand = [Card(DEUCE, s) for s in rng.sample(suits_of[DEUCE], twos)]
            if kind == 3:  # twos full of a pair
                pairs = [r for r in NATURAL_RANKS if len(suits_of[r]) >= 2]
                if not pairs:
                    continue
                a = rng.choice(pairs)
                hand += [Card(a, s) for s in rng.sample(suits_of[a], 2)]
            else:
                left = [r for r in NATURAL_RANKS if suits_of[r]]
                if len(left) < HAND_SIZE - twos:
                    continue
                hand += [Card(r, rng.choice(suits_of[r])) for r in rng.sample(left, HAND_SIZE - twos)]
        rng.shuffle(hand)
        return tuple(hand)
    raise HandError("cannot deal such a hand from what is left of the deck")


__all__ = [
    "TITLE", "Category", "CATEGORIES", "HandValue", "HandError", "TripsReading", "evaluate",
    "evaluate_deuces_natural", "compare", "trips_readings", "hand_of", "natural_with_deuces", "is_wild",
    "flush_reading_matters", "value_of", "deck", "cite", "comparison_citations", "RULING_25_NOTE",
]
