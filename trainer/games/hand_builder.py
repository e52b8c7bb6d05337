"""Building a hand of a wanted value from the cards still available, never by rejection.

A game's ranking reads a hand's natural cards as a multiset of ranks plus one fact about
suits: whether they are all of one suit. So every multiset of ``n`` ranks falls in one
value when its cards are all of one suit and one when they are not; ``RankPatterns``
lists, per wanted value, the multisets that reach it and what they need of the suits
("suited": all of one suit; "plain": not all of one suit; "any": either), worked out at
first use by the game's own ranking function.

``pick`` then walks that list from a random place and takes the first multiset the
available cards can make, and deals its suits from what is available: the result has the
wanted value by construction, and when no hand of the value can be made from what is
left, it says so (None) after one pass. No deal-and-check loop, so a rare hand or a
crowded table costs no more than a common hand.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Callable, Hashable, Iterable

from trainer.core.cards import SUIT_CHARS, Card

SUITED, PLAIN, ANY = "suited", "plain", "any"


class RankPatterns:
    """The rank multisets of ``n`` cards from ``ranks`` by the value ``value(ranks, suited)``
    gives them (ranks highest first); each multiset is listed with what it needs of the
    suits. ``value`` may return several keys (an iterable) when a hand answers to more
    than one name (e.g. 'pair' and 'pair-of-aces')."""

    def __init__(self, n: int, ranks: Iterable[int], value: Callable[[tuple[int, ...], bool], object],
                 max_per_rank: int = 4) -> None:
        self.n = n
        self.ranks = tuple(sorted(set(ranks), reverse=True))
        self.by_value: dict[Hashable, list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], str]]] = {}
        # ``pick`` reads what the cards left allow as one integer (``left_bits``): for the
        # i-th rank, bit i * width + k is set when at least k + 1 cards of it are left. A
        # multiset needs, for each of its ranks held m times, bit i * width + m - 1
        # (``need_bits``), so it can be made when it needs no bit the cards left lack.
        self._width = max(max_per_rank, len(SUIT_CHARS))
        self._place = {r: i * self._width for i, r in enumerate(self.ranks)}
        self._required: dict[Hashable, list[int]] = {}
        # A suited multiset's ranks as one integer (bit i for the i-th rank), to find the
        # suits left in all of them at once.
        self._rank_bit = {r: 1 << i for i, r in enumerate(self.ranks)}
        self._suited_masks: dict[Hashable, list[int]] = {}
        # A bit no cards left ever set (above every rank's): a multiset needing it is never made.
        self._never = 1 << (self._width * len(self.ranks))
        self._narrowed: dict[tuple[Hashable, Hashable], list[int]] = {}
        for combo in combinations_with_replacement(self.ranks, n):
            pairs: dict[int, int] = {}
            for r in combo:
                pairs[r] = pairs.get(r, 0) + 1
            if any(m > max_per_rank for m in pairs.values()):
                continue
            counts = tuple(pairs.items())
            if n <= 1:  # one card (or none) is of one suit, trivially
                self._add(value(combo, True), combo, counts, ANY)
            elif len(pairs) < n:  # a rank twice: never all of one suit
                self._add(value(combo, False), combo, counts, ANY)
            else:
                suited, plain = value(combo, True), value(combo, False)
                if suited == plain:
                    self._add(suited, combo, counts, ANY)
                else:
                    self._add(suited, combo, counts, SUITED)
                    self._add(plain, combo, counts, PLAIN)

    def _add(self, keys, combo, counts, need) -> None:
        if isinstance(keys, (str, int)) or not isinstance(keys, Iterable):
            keys = (keys,)
        bits = self.need_bits(counts)
        mask = 0
        for r, _ in counts:
            mask |= self._rank_bit[r]
        for key in keys:
            self.by_value.setdefault(key, []).append((combo, counts, need))
            self._required.setdefault(key, []).append(bits)
            self._suited_masks.setdefault(key, []).append(mask)

    def need_bits(self, counts: Iterable[tuple[int, int]]) -> int:
        """The bits of the cards left a multiset (rank, times held) needs (see ``pick``)."""
        bits = 0
        for r, m in counts:
            bits |= 1 << (self._place[r] + m - 1)
        return bits

    def left_bits(self, suits_of: dict[int, list[str]]) -> int:
        """The bits of the cards left: at least k + 1 of the rank left, for each rank."""
        bits = 0
        for r, suits in suits_of.items():
            bits |= ((1 << len(suits)) - 1) << self._place[r]
        return bits

    def pick(self, key: Hashable, rng: random.Random, taken: Iterable[Card] = (),
             accept: Callable[[tuple[int, ...]], bool] | None = None,
             accept_name: Hashable = None) -> list[Card] | None:
        """``n`` cards not in ``taken`` whose ranks and suits make ``key``, or None when
        none can be made; ``accept`` narrows the rank multisets (e.g. a pair of jacks).
        With ``accept_name`` (the same name always for the same ``accept``), the multisets
        it refuses are marked once, at first use, as never to be made, instead of asking
        ``accept`` about each multiset walked over at each pick."""
        patterns = self.by_value.get(key)
        if not patterns:
            return None
        required = self._required[key]
        if accept is not None and accept_name is not None:
            narrowed = self._narrowed.get((key, accept_name))
            if narrowed is None:
                narrowed = self._narrowed[(key, accept_name)] = [
                    bits if accept(combo) else bits | self._never for (combo, _, _), bits in zip(patterns, required)]
            required, accept = narrowed, None
        # The suits left of each rank, in SUIT_CHARS order: every suit, less those taken.
        suits_of = {r: list(SUIT_CHARS) for r in self.ranks}
        for c in taken:  # (a card given twice is taken once)
            left = suits_of.get(c.rank)
            if left is not None and c.suit in left:
                left.remove(c.suit)
        lacking = ~self.left_bits(suits_of)  # a multiset needing one of these bits cannot be made
        suits_having: dict[str, int] | None = None  # suit -> the ranks left in it (bits), made when first needed
        count = len(patterns)
        start = rng.randrange(count)
        for i in range(count):
            at = (start + i) % count
            if required[at] & lacking:
                continue
            combo, counts, need = patterns[at]
            if accept is not None and not accept(combo):
                continue
            if need == SUITED:
                if suits_having is None:
                    suits_having = dict.fromkeys(SUIT_CHARS, 0)
                    for r, suits in suits_of.items():
                        for s in suits:
                            suits_having[s] |= self._rank_bit[r]
                mask = self._suited_masks[key][at]  # the suits left in every rank of the combo
                common = [s for s in SUIT_CHARS if not mask & ~suits_having[s]]
                if not common:
                    continue
                s = rng.choice(common)
                return [Card(r, s) for r in combo]
            if need == PLAIN and len(counts) == self.n and all(len(suits_of[r]) == 1 for r in combo) \
                    and len({suits_of[r][0] for r in combo}) == 1:
                continue  # every rank is left in one suit only, the same one: only a suited hand
            cards = [Card(r, s) for r, m in counts for s in rng.sample(suits_of[r], m)]
            if need == PLAIN and self.n > 1 and len({c.suit for c in cards}) == 1:
                # All of one suit by chance: move one card to another suit left of its rank.
                i = next(i for i, c in enumerate(cards) if len(suits_of[c.rank]) > 1)
                others = [s for s in suits_of[cards[i].rank] if s != cards[i].suit]
                cards[i] = Card(cards[i].rank, rng.choice(others))
            return cards
        return None
