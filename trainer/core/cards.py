"""Playing cards and decks shared by every game.

A card prints and parses as two characters, rank then suit: ``As``, ``Td``, ``7c``;
a joker is ``JK``. Ranks are ``A K Q J T 9 8 7 6 5 4 3 2`` and suits ``s h d c``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "shdc"
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SUIT_SINGULAR = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURALS = {r: (n + "es" if n == "six" else n + "s") for r, n in RANK_NAMES.items()}
JOKER_TEXT = "JK"
ACE = 14
KING = 13
QUEEN = 12


class CardError(ValueError):
    """A card text that is not a card."""


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``rank`` is 2..14 (ace 14); a joker has rank 0 and suit ''."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def is_red(self) -> bool:
        return self.suit in ("h", "d")

    @property
    def rank_char(self) -> str:
        return "" if self.is_joker else RANK_CHARS[self.rank - 2]

    @property
    def rank_label(self) -> str:
        """The rank as printed on a card face: A K Q J 10 9 ... 2."""
        if self.is_joker:
            return "JOKER"
        return "10" if self.rank == 10 else self.rank_char

    @classmethod
    def parse(cls, text: str) -> "Card":
        t = text.strip()
        if t.upper() == JOKER_TEXT:
            return JOKER
        if len(t) == 3 and t[:2] == "10":
            t = "T" + t[2]
        if len(t) != 2:
            raise CardError(f"{text!r} is not a card: write rank then suit, e.g. 'As', 'Td', or 'JK' for a joker")
        rank_c, suit_c = t[0].upper(), t[1].lower()
        if rank_c not in RANK_CHARS:
            raise CardError(f"{text!r} is not a card: the rank must be one of {' '.join(reversed(RANK_CHARS))}")
        if suit_c not in SUIT_CHARS:
            raise CardError(f"{text!r} is not a card: the suit must be one of s h d c")
        return cls(RANK_CHARS.index(rank_c) + 2, suit_c)

    def name(self) -> str:
        """A spoken name: 'ace of spades', 'joker'."""
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return JOKER_TEXT if self.is_joker else self.rank_char + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(0, "")


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse 'As Kd' or ['As', 'Kd'] into cards."""
    items = text.split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(t) for t in items)


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}  # ♠ ♥ ♦ ♣


def card_label(card: Card | str) -> str:
    """A card as written in prose: 'A♠', '10♦', 'Joker' (never the code 'As', 'Td', 'JK')."""
    c = Card.parse(card) if isinstance(card, str) else card
    if c.is_joker:
        return "Joker"
    return c.rank_label + SUIT_SYMBOLS[c.suit]


def cards_label(cards: Iterable[Card | str]) -> str:
    """Cards as written in prose, space separated: 'A♠ 3♠'."""
    return " ".join(card_label(c) for c in cards)


_NEW_DECK = tuple(Card(rank, suit) for suit in SUIT_CHARS for rank in range(ACE, 1, -1))


def standard_deck(jokers: int = 0) -> list[Card]:
    """52 cards in new-deck order (spades, hearts, diamonds, clubs; ace to two), then jokers.
    (A new list each time, of the same unchangeable cards.)"""
    deck = list(_NEW_DECK)
    deck.extend([JOKER] * jokers)
    return deck


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``deck``; the only source of randomness is ``rng``."""
    cards = list(deck)
    rng.shuffle(cards)
    return cards
