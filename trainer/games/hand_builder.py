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
from itertools import chain, combinations_with_replacement, compress, islice, repeat
from operator import attrgetter, not_
from typing import Callable, Hashable, Iterable

from trainer.core.cards import SUIT_CHARS, Card, standard_deck

SUITED, PLAIN, ANY = "suited", "plain", "any"

_RANK_SUIT = attrgetter("rank", "suit")
_EVERY_SUIT = (1 << len(SUIT_CHARS)) - 1
# The suits left of a rank (in SUIT_CHARS order) by the bits of the suits taken of it.
_SUITS_LEFT = tuple(tuple(s for j, s in enumerate(SUIT_CHARS) if not g >> j & 1) for g in range(1 << len(SUIT_CHARS)))


class _Cards(dict):
    """(rank, suit) -> the card: made once, shared (a card is an unchangeable value)."""

    def __missing__(self, key: tuple[int, str]) -> Card:
        card = self[key] = Card(*key)
        return card


_CARD = _Cards({(c.rank, c.suit): c for c in standard_deck()})


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
        if max_per_rank > len(SUIT_CHARS):
            raise ValueError(f"a deck holds {len(SUIT_CHARS)} cards of a rank at most, not {max_per_rank}")
        self._width = len(SUIT_CHARS)
        self._place = {r: i * self._width for i, r in enumerate(self.ranks)}
        self._required: dict[Hashable, list[int]] = {}
        # A bit no cards left ever set (above every rank's): a multiset needing it is never made.
        self._never = 1 << (self._width * len(self.ranks))
        # ``pick`` reads the cards taken as one integer laid out as the bits above: bit
        # place + j for the j-th suit of SUIT_CHARS, so a rank's bits hold its suits taken.
        self._beyond = -self._never  # every bit above the ranks' (``_never`` too)
        self._first_bits = sum(1 << p for p in self._place.values())
        self._card_bit = {(r, s): 1 << (p + j) for r, p in self._place.items() for j, s in enumerate(SUIT_CHARS)}
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
        for key in keys:
            self.by_value.setdefault(key, []).append((combo, counts, need))
            self._required.setdefault(key, []).append(bits)

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

    def taken_bits(self, taken: Iterable[Card]) -> int:
        """The cards taken as one integer: bit place + j for the j-th suit of SUIT_CHARS of
        the rank at ``place`` (a card given twice is taken once; a joker is no bit)."""
        return self.bits_of(map(_RANK_SUIT, taken))

    def bits_of(self, rank_suits: Iterable[tuple[int, str]]) -> int:
        """``taken_bits`` of the cards with these (rank, suit) pairs."""
        return sum(map(self._card_bit.get, set(rank_suits), repeat(0)))

    def lacking_bits(self, taken_bits: int) -> int:
        """``~left_bits`` of the cards left when ``taken_bits`` are taken, from the bits with
        no loop over the ranks: every bit above the ranks', and in each rank's the bit of
        k + 1 cards or more where k are left, i.e. bit t where at least 4 - t of its suits
        are taken."""
        f0 = self._first_bits
        a, b, c, d = taken_bits & f0, taken_bits >> 1 & f0, taken_bits >> 2 & f0, taken_bits >> 3 & f0
        ab, cd = a & b, c & d
        either = (a | b) & (c | d)
        return (self._beyond | (ab & cd) | (ab & (c | d) | cd & (a | b)) << 1 | (ab | cd | either) << 2
                | (a | b | c | d) << 3)

    def pick(self, key: Hashable, rng: random.Random, taken: Iterable[Card] = (),
             accept: Callable[[tuple[int, ...]], bool] | None = None,
             accept_name: Hashable = None, *, taken_bits: int | None = None) -> list[Card] | None:
        """``n`` cards not in ``taken`` whose ranks and suits make ``key``, or None when
        none can be made; ``accept`` narrows the rank multisets (e.g. a pair of jacks).
        With ``accept_name`` (the same name always for the same ``accept``), the multisets
        it refuses are marked once, at first use, as never to be made, instead of asking
        ``accept`` about each multiset walked over at each pick. ``taken_bits``: the cards
        taken as ``taken_bits(taken)`` reads them, from a caller that has them (``taken``
        is then not read)."""
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
        if taken_bits is None:
            taken_bits = self.taken_bits(taken)
        lacking = self.lacking_bits(taken_bits)  # a multiset needing one of these bits cannot be made
        # The suits taken of the rank at ``place``: taken_bits >> place & _EVERY_SUIT, and
        # the suits left of it _SUITS_LEFT[those], in SUIT_CHARS order.
        place = self._place
        count = len(patterns)
        start = rng.randrange(count)
        # The multisets from ``start`` on, then from the first, that need no bit lacking
        # (found in C: the walk stops at the first the checks below take).
        needs_nothing_lacking = lacking.__and__
        for at in chain(compress(range(start, count), map(not_, map(needs_nothing_lacking, islice(required, start, None)))),
                        compress(range(start), map(not_, map(needs_nothing_lacking, islice(required, start))))):
            combo, counts, need = patterns[at]
            if accept is not None and not accept(combo):
                continue
            if need == SUITED:
                union = 0  # the suits taken in any rank of the combo
                for r in combo:
                    union |= taken_bits >> place[r]
                common = _SUITS_LEFT[union & _EVERY_SUIT]  # the suits left in every rank of the combo
                if not common:
                    continue
                s = rng.choice(common)
                return [_CARD[r, s] for r in combo]
            if need == PLAIN and len(counts) == self.n:
                gone = {taken_bits >> place[r] & _EVERY_SUIT for r in combo}
                if len(gone) == 1 and len(_SUITS_LEFT[gone.pop()]) == 1:
                    continue  # every rank is left in one suit only, the same one: only a suited hand
            cards = []
            for r, m in counts:
                left = _SUITS_LEFT[taken_bits >> place[r] & _EVERY_SUIT]
                if m == 1:  # rng.choice makes the one draw rng.sample(left, 1) makes
                    cards.append(_CARD[r, rng.choice(left)])
                else:
                    cards.extend([_CARD[r, s] for s in rng.sample(left, m)])
            if need == PLAIN and self.n > 1 and len({c.suit for c in cards}) == 1:
                # All of one suit by chance: move one card to another suit left of its rank.
                i, c = next((i, c) for i, c in enumerate(cards)
                            if len(_SUITS_LEFT[taken_bits >> place[c.rank] & _EVERY_SUIT]) > 1)
                others = [s for s in _SUITS_LEFT[taken_bits >> place[c.rank] & _EVERY_SUIT] if s != c.suit]
                cards[i] = _CARD[c.rank, rng.choice(others)]
            return cards
        return None
