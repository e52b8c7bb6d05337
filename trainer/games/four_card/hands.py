"""Four Card Poker hands: the best four cards of five (a player) or six (the dealer),
ranked by §3 (trainer rulings 1, 2 and 9).

``evaluate`` values exactly four cards; ``best_hand`` picks the highest-ranking four of
five or six. A ``HandValue`` compares by category and then by the ranks that decide
inside the category, so ``a > b`` is exactly "hand a ranks higher than hand b" under
§3(b)-(c) and ruling 1, and equal values are a tie (§3(c), last sentence).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from math import gcd
from typing import Sequence

from trainer.core.cards import (
    ACE,
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_CHARS,
    Card,
)
from trainer.core.categories import HandCategory, by_key, high_first, name_categories
from trainer.core.citation import citer, ruling
from trainer.core.hand_value import RankedHand, comparer
from trainer.games.hand_builder import RankPatterns
from trainer.games.four_card import fast as _fast

TITLE = "Four Card Poker"
JACK = 11
PLAYER_CARDS = 5  # §7(c): five cards to each player
DEALER_CARDS = 6  # §7(c): six cards to the dealer


cite = citer(TITLE)  # cite('5(b)') -> '<title> §5(b)'


class Category(HandCategory):
    """§3(b), highest first; "high card" is a hand with none of them (§3(c), ruling 9)."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    STRAIGHT = 4
    FLUSH = 5
    THREE_OF_A_KIND = 6
    STRAIGHT_FLUSH = 7
    FOUR_OF_A_KIND = 8


name_categories(Category, cite=cite, labels={
    Category.FOUR_OF_A_KIND: "Four-of-a-kind",
    Category.THREE_OF_A_KIND: "Three-of-a-kind",
}, sections={
    Category.FOUR_OF_A_KIND: "3(b)(1)",
    Category.STRAIGHT_FLUSH: "3(b)(2)",
    Category.THREE_OF_A_KIND: "3(b)(3)",
    Category.FLUSH: "3(b)(4)",
    Category.STRAIGHT: "3(b)(5)",
    Category.TWO_PAIR: "3(b)(6)",
    Category.PAIR: "3(b)(7)",
    Category.HIGH_CARD: "3(c)",
})
CATEGORY_BY_KEY = by_key(Category)
CATEGORIES_HIGH_FIRST = high_first(Category)

# Hand keys the pay tables name beyond the categories: Aces Up's "Pair of Aces"
# (§11(a)(3)), "4 Aces" and "Royal Flush" of Cover All (§12; ruling 11: A-K-Q-J suited)
# and "Four aces" of the progressive (§13(a)(1)).
PAIR_OF_ACES = "pair-of-aces"
FOUR_ACES = "four-aces"
ROYAL_FLUSH = "royal-flush"
EXTRA_KEYS = (PAIR_OF_ACES, FOUR_ACES, ROYAL_FLUSH)


class HandError(ValueError):
    pass


@dataclass(frozen=True, eq=False)
class HandValue(RankedHand):
    """Ordered by (category, deciding ranks). The four cards are kept for display only."""

    category: Category

    @property
    def high_rank(self) -> int:
        return self.ranks[0] if self.ranks else 0

    @property
    def is_four_aces(self) -> bool:
        return self.category is Category.FOUR_OF_A_KIND and self.ranks[0] == ACE

    @property
    def is_royal_flush(self) -> bool:
        """Ace, king, queen and jack of one suit (trainer ruling 11)."""
        return self.category is Category.STRAIGHT_FLUSH and self.ranks[0] == ACE

    @property
    def is_pair_of_aces(self) -> bool:
        return self.category is Category.PAIR and self.ranks[0] == ACE

    def describe(self) -> str:
        """'Four aces', 'Straight flush, ace-king-queen-jack', 'Two pair, kings and fives'."""
        c = self.category
        words = [_rank_word(r) for r in self.ranks]
        if c is Category.FOUR_OF_A_KIND:
            return f"Four {RANK_PLURALS[self.ranks[0]]}"
        if c is Category.THREE_OF_A_KIND:
            return f"Three {RANK_PLURALS[self.ranks[0]]}, {words[1]} kicker"
        if c in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
            run = "-".join(words)
            if self.ranks[-1] == 1:
                return f"{c.label}, {run} (the lowest)"
            if self.is_royal_flush:
                return f"{c.label}, {run} (royal)"
            return f"{c.label}, {run}"
        if c is Category.FLUSH:
            return f"{words[0].capitalize()}-high flush ({'-'.join(words)})"
        if c is Category.TWO_PAIR:
            return f"Two pair, {RANK_PLURALS[self.ranks[0]]} and {RANK_PLURALS[self.ranks[1]]}"
        if c is Category.PAIR:
            return f"Pair of {RANK_PLURALS[self.ranks[0]]} ({'-'.join(words[1:])} kickers)"
        return f"{words[0].capitalize()} high ({'-'.join(words)})"

    def short(self) -> str:
        """'four aces', 'royal flush', 'three-of-a-kind': the words pay tables use."""
        if self.is_four_aces:
            return "four aces"
        if self.is_royal_flush:
            return "royal flush"
        if self.is_pair_of_aces:
            return "pair of aces"
        return self.category.label.lower()


def _rank_word(rank: int) -> str:
    return "ace" if rank in (1, ACE) else RANK_NAMES[rank]


def _run_high(distinct_desc: Sequence[int]) -> tuple[int, ...] | None:
    """The run's ranks, highest first, if four distinct ranks are consecutive; A-2-3-4
    plays the ace low (§3(a), (b)(2), (b)(5); ruling 2). No wrap-around."""
    a, b, c, d = distinct_desc
    if a - d == 3:
        return (a, b, c, d)
    if (a, b, c, d) == (ACE, 4, 3, 2):
        return (4, 3, 2, 1)
    return None


# (product of the four ranks' primes, all of one suit) -> (category, deciding ranks):
# ``read`` below, remembered per rank multiset and suitedness at first use.
_VALUES: dict[tuple[int, bool], tuple[Category, tuple[int, ...]]] = {}


def evaluate(cards: Sequence[Card]) -> HandValue:
    """The §3 value of exactly four cards.

    A value depends only on the multiset of the ranks and on whether the four cards are
    all of one suit, so ``read``'s answer is kept per (product of the ranks' primes, one
    suit): each of those few thousand keys is read once."""
    if len(cards) != 4:
        raise HandError(f"a Four Card Poker hand is four cards, not {len(cards)}")
    product, primes = 1, _fast.PRIMES
    for c in cards:
        if not c.rank:
            raise HandError("Four Card Poker is played without jokers (§2(a))")
        product *= primes[c.rank]
    s = cards[0].suit
    key = (product, cards[1].suit == s and cards[2].suit == s and cards[3].suit == s)
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = read(cards)
    return HandValue(value[0], value[1], tuple(cards))


def read(cards: Sequence[Card]) -> tuple[Category, tuple[int, ...]]:
    """The §3 category and deciding ranks of four cards (no jokers), read from their ranks
    and suits: what ``evaluate`` keeps per rank multiset and suitedness."""
    counts = Counter(c.rank for c in cards)
    # Ranks grouped: the most cards first, then the higher rank (ruling 1).
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if shape == (4,):
        return Category.FOUR_OF_A_KIND, order
    if shape == (3, 1):
        return Category.THREE_OF_A_KIND, order
    if shape == (2, 2):
        return Category.TWO_PAIR, order
    if shape == (2, 1, 1):
        return Category.PAIR, order
    suited = len({c.suit for c in cards}) == 1
    run = _run_high(order)
    if run and suited:
        return Category.STRAIGHT_FLUSH, run
    if suited:
        return Category.FLUSH, order
    if run:
        return Category.STRAIGHT, run
    return Category.HIGH_CARD, order


def best_hand(cards: Sequence[Card]) -> HandValue:
    """The highest-ranking four cards of a player's five or the dealer's six (§10(d); ruling 9)."""
    if len(cards) not in (4, PLAYER_CARDS, DEALER_CARDS):
        raise HandError(f"the best four are chosen from five (a player) or six (the dealer) cards, not {len(cards)}")
    four = _fast.best_four(cards)  # the four max() below would choose, found by lookup
    if four is not None:
        return evaluate(four)
    return max(evaluate(four) for four in combinations(cards, 4))


def best_choices(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every four-card choice that makes the best hand (several when they tie)."""
    best = best_hand(cards)
    return [four for four in combinations(cards, 4) if evaluate(four) == best]


compare = comparer(best_hand)  # 1 if hand a ranks higher, -1 if lower, 0 for a tie (best four of each)


def comparison_citations(a: HandValue, b: HandValue) -> tuple[str, ...]:
    if a.category != b.category:
        return (cite("3(b)"), ruling(9))
    cites = [cite("3(c)"), ruling(1)]
    if a.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and 1 in a.ranks + b.ranks:
        cites += [cite("3(a)"), ruling(2)]
    return tuple(cites)


# ---- the keys pay tables are read with --------------------------------------------------

def aces_up_key(value: HandValue) -> str:
    """§11(a)(3): a pair is paid only when it is a pair of aces."""
    return PAIR_OF_ACES if value.is_pair_of_aces else value.category.key


def cover_all_key(value: HandValue) -> str:
    """§12 Cover All rows: 4 aces, royal flush (A-K-Q-J suited, ruling 11), the rest by category."""
    if value.is_four_aces:
        return FOUR_ACES
    if value.is_royal_flush:
        return ROYAL_FLUSH
    return value.category.key


def progressive_key(value: HandValue) -> str:
    """§13(a)(1): four aces is its own row (100% of meter)."""
    return FOUR_ACES if value.is_four_aces else value.category.key


# ---- constructing hands on purpose (rare hands without dealing thousands) ------------

FULL_DECK = tuple(Card(rank, suit) for suit in SUIT_CHARS for rank in range(ACE, 1, -1))
TARGET_KEYS = tuple(c.key for c in Category) + EXTRA_KEYS


def key_matches(value: HandValue, key: str) -> bool:
    """Whether a hand is of ``key``: a category key, or one of the named special hands."""
    if key == PAIR_OF_ACES:
        return value.is_pair_of_aces
    if key == FOUR_ACES:
        return value.is_four_aces
    if key == ROYAL_FLUSH:
        return value.is_royal_flush
    return value.category.key == key


def _keys_of(value: HandValue) -> tuple[str, ...]:
    """Every key ``key_matches`` accepts for ``value``."""
    return tuple(k for k in TARGET_KEYS if key_matches(value, k))


@lru_cache(maxsize=None)
def _core_patterns() -> RankPatterns:
    """Four ranks by the keys their hand has, all of one suit or not (made at first use by
    ``evaluate``)."""
    def value(ranks: tuple[int, ...], suited: bool) -> tuple[str, ...]:
        if suited:
            return _keys_of(evaluate([Card(r, "s") for r in ranks]))
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:  # the n-th card of a rank in the n-th suit; four ranks: one heart
            seen[r] = seen.get(r, -1) + 1
            cards.append(Card(r, SUIT_CHARS[seen[r]]))
        if len(seen) == 4:
            cards[0] = Card(ranks[0], "h")
        return _keys_of(evaluate(cards))

    return RankPatterns(4, range(2, ACE + 1), value)


def hand_of(key: str, rng: random.Random, cards: int = PLAYER_CARDS, avoid: Sequence[Card] = ()) -> tuple[Card, ...]:
    """``cards`` cards (4, 5 or 6) whose best four is exactly ``key`` (a category key,
    'pair-of-aces', 'four-aces' or 'royal-flush'), sharing no card with ``avoid``.

    Built from the cards still available: four cards of the wanted hand
    (``hand_builder``), then each other card the first, in a shuffled order of what is
    left, that keeps the best four at ``key``."""
    if key not in TARGET_KEYS:
        raise HandError(f"unknown hand {key!r}; the hands are {', '.join(TARGET_KEYS)}")
    if cards not in (4, PLAYER_CARDS, DEALER_CARDS):
        raise HandError("a hand is built of four, five or six cards")
    patterns = _core_patterns()
    used = list(map(_RANK_SUIT, avoid))  # (rank, suit) of each card to avoid
    taken_bits = patterns.bits_of(used)
    gone = set(map(_DECK_PLACE.get, used))  # places in FULL_DECK (None: not of it)
    # A core that no other card can complete (a crowded deck) gives way to another core;
    # the cores are walked, never dealt and thrown back.
    for _ in range(3):
        core = patterns.pick(key, rng, taken_bits=taken_bits)
        if core is None:
            break
        rest = sorted(_PLACES.difference(gone, map(_DECK_PLACE.get, map(_RANK_SUIT, core))))
        n = len(rest)
        # What is left in a random order that takes two draws of the RNG, not one per card:
        # from a random place, by a random step prime to their number.
        start, step = (rng.randrange(n), rng.choice(_coprimes(n))) if n >= 2 else (0, 1)
        more = _complete(core, rest, start, step, cards - 4, key)
        if more is not None:
            hand = core + list(map(FULL_DECK.__getitem__, more))
            rng.shuffle(hand)
            return tuple(hand)
    raise HandError(f"cannot deal {key.replace('-', ' ')} from what is left of the deck")


@lru_cache(maxsize=None)
def _coprimes(n: int) -> tuple[int, ...]:
    return tuple(k for k in range(1, max(n, 2)) if gcd(k, n) == 1)


# The deck by place: each card's rank prime and suit, for ``_complete``'s lookups.
_DECK_PLACE = {(c.rank, c.suit): i for i, c in enumerate(FULL_DECK)}
_PLACES = frozenset(range(len(FULL_DECK)))
_RANK_SUIT = attrgetter("rank", "suit")
_DECK_PRIME = tuple(_fast.PRIMES[c.rank] for c in FULL_DECK)
_DECK_SUIT = tuple(c.suit for c in FULL_DECK)


def _key_test(key: str) -> tuple[int, int]:
    """(shift, top): a best four's strength (``fast.strength_of``) is of ``key`` exactly
    when ``strength >> shift == top`` (the category, or the category and its first rank)."""
    category_bits = _fast.RANK_BITS * 4
    if key in (PAIR_OF_ACES, FOUR_ACES, ROYAL_FLUSH):
        category = {PAIR_OF_ACES: Category.PAIR, FOUR_ACES: Category.FOUR_OF_A_KIND,
                    ROYAL_FLUSH: Category.STRAIGHT_FLUSH}[key]
        return category_bits - _fast.RANK_BITS, (int(category) << _fast.RANK_BITS) | ACE
    return category_bits, int(CATEGORY_BY_KEY[key])


_KEY_TESTS = {k: _key_test(k) for k in TARGET_KEYS}


def _complete(core: list[Card], rest: list[int], start: int, step: int, more: int, key: str) -> list[int] | None:
    """The places in FULL_DECK of ``more`` (0, 1 or 2) cards of ``rest`` (places) that added
    to the four cards ``core`` keep its best four at ``key``, or None: the first that fit,
    in the order rest[start], rest[start + step], ... (modulo its length).

    The best four of the bigger hand is read as ``best_hand`` reads it, by strength
    (``fast``): the highest of the strength before and of each new four, each a lookup of
    three cards held (their rank primes multiplied, their suit if all of one) with the card
    added; the hand is of ``key`` exactly when that strength is (``_key_test``). A new four
    not of one suit is read once per rank added; one of one suit (three held of the added
    card's suit) is read beside it, and is never lower than the same ranks not of one suit."""
    if more == 0:
        return []
    if not _fast.PLAIN:
        _fast.build()
    plain, suited = _fast.PLAIN, _fast.SUITED
    shift, top = _KEY_TESTS[key]
    ranks = _fast.PRIMES
    c0, c1, c2, c3 = core
    p0, p1, p2, p3 = primes = (ranks[c0.rank], ranks[c1.rank], ranks[c2.rank], ranks[c3.rank])
    s0, s1, s2, s3 = suits = (c0.suit, c1.suit, c2.suit, c3.suit)
    base = (suited if s0 == s1 == s2 == s3 else plain)[p0 * p1 * p2 * p3]
    # Each three cards of the core (their product; their suit if all of one, else None),
    # and those of one suit.
    t0, t1, t2, t3 = p0 * p1 * p2, p0 * p1 * p3, p0 * p2 * p3, p1 * p2 * p3
    threes = [(t0, s0 if s0 == s1 == s2 else None), (t1, s0 if s0 == s1 == s3 else None),
              (t2, s0 if s0 == s2 == s3 else None), (t3, s1 if s1 == s2 == s3 else None)]
    flush_threes = [(p, s) for p, s in threes if s is not None] if len({s0, s1, s2, s3}) < 3 else ()
    by_rank: dict[int, int] = {}  # a rank prime -> the strength with a card of it, no new four of one suit
    n = len(rest)
    for i in range(n):
        x = rest[(start + i * step) % n]
        px, sx = _DECK_PRIME[x], _DECK_SUIT[x]
        value = by_rank.get(px)
        if value is None:
            value = by_rank[px] = max(base, plain[t0 * px], plain[t1 * px], plain[t2 * px], plain[t3 * px])
        for p, s in flush_threes:
            if s == sx:
                v = suited[p * px]
                if v > value:
                    value = v
        if value >> shift != top:
            continue
        if more == 1:
            return [x]
        # A sixth card: the new fours are three of these five with it.
        threes5 = threes + [(p * px, s if s == sx else None) for p, s in
                            ((primes[a] * primes[b], suits[a] if suits[a] == suits[b] else None) for a, b in _TWOS)]
        products5 = [p for p, _ in threes5]
        flush_threes5 = [(p, s) for p, s in threes5 if s is not None]
        by_rank6: dict[int, int] = {}
        for j in range(i + 1, n):
            y = rest[(start + j * step) % n]
            py, sy = _DECK_PRIME[y], _DECK_SUIT[y]
            value6 = by_rank6.get(py)
            if value6 is None:
                value6 = by_rank6[py] = max(value, *[plain[p * py] for p in products5])
            for p, s in flush_threes5:
                if s == sy:
                    v = suited[p * py]
                    if v > value6:
                        value6 = v
            if value6 >> shift == top:
                return [x, y]
    return None


_TWOS = tuple(combinations(range(4), 2))


def random_key(rng: random.Random) -> str:
    return rng.choice(TARGET_KEYS[: len(Category)])


__all__ = [
    "TITLE", "Category", "HandValue", "HandError", "evaluate", "best_hand", "best_choices", "compare",
    "comparison_citations", "aces_up_key", "cover_all_key", "progressive_key", "hand_of", "key_matches",
    "cite", "CATEGORIES_HIGH_FIRST", "PAIR_OF_ACES", "FOUR_ACES", "ROYAL_FLUSH",
]
