"""The value of a poker hand, shared by every game's evaluator.

A game's ``HandValue`` subclasses ``RankedHand``: it is ordered by its category (an
IntEnum, higher is better) and then by the ranks that decide inside the category
(trainer ruling 1), so ``a > b`` is exactly "hand a ranks higher than hand b" and
equal values are a tie. The cards are kept for display only and never compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Callable, Sequence

from trainer.core.cards import Card


@dataclass(frozen=True, eq=False)
class RankedHand:
    category: IntEnum
    ranks: tuple[int, ...]  # deciding ranks, highest first; an ace playing low is 1
    cards: tuple[Card, ...] = ()

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return int(self.category), self.ranks

    def __lt__(self, other: RankedHand) -> bool:
        return self.key < other.key

    def __le__(self, other: RankedHand) -> bool:
        return self.key <= other.key

    def __gt__(self, other: RankedHand) -> bool:
        return self.key > other.key

    def __ge__(self, other: RankedHand) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key == other.key  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.key)


def comparer(value: Callable[[Sequence[Card]], RankedHand]) -> Callable[[Sequence[Card], Sequence[Card]], int]:
    """A game's ``compare(a, b)`` for its hand ``value`` (evaluate, or the best hand of the
    cards): 1 if hand a ranks higher, -1 if lower, 0 for a tie hand."""
    def compare(a: Sequence[Card], b: Sequence[Card]) -> int:
        va, vb = value(a), value(b)
        return (va > vb) - (va < vb)
    return compare
