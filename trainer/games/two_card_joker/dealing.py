"""Dealing a round of Two Card Joker Poker: the three methods of §7-§9, the §10 order
of decisions and settlement, and the stub count of §7(f).

Seats are numbered from the dealer's left: seat 1 is "the player farthest to the
dealer's left", the first to receive a card; "clockwise" is increasing seat number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.seats import (
    AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, METHOD_NAMES, Delivery, check_method, check_players, check_seats,
)
from trainer.games.two_card_joker.hands import cite
from trainer.games.two_card_joker.rules_data import DEALING_METHODS as METHODS
from trainer.games.two_card_joker.rules_data import DECK_SIZE, rules_data

METHOD_SECTIONS = {MANUAL_SHOE: "7(d)", HAND: "8(c)", AUTOMATED_SHOE: "9(c)"}


@dataclass(frozen=True)
class DealStep(Delivery):
    """One delivery: a card (or, from the automated shoe, a stack of two)."""

    recipient: int  # seat number, or DEALER
    card_number: int  # 1 or 2: the first or second card of the hand; 0 for a two-card stack
    cards: int  # how many cards this delivery carries (1, or 2 for a stack)
    face_up: bool
    cover_card: bool  # dealt under (or delivered with) the cover card
    citation: str

    def describe(self) -> str:
        what = "a stack of two cards" if self.cards == 2 else ("first card" if self.card_number == 1 else "second card")
        face = "face up" if self.face_up else "face down"
        cover = ", with the cover card on top" if self.cover_card and self.cards == 2 else (
            ", under the cover card" if self.cover_card else "")
        return f"{self.recipient_name}: {what}, {face}{cover}"


def _check_seats(seats: Sequence[int]) -> list[int]:
    return check_seats(seats, rules_data().seats)


def deal_sequence(method: str, seats: Sequence[int]) -> list[DealStep]:
    """Every delivery of the deal, in order, for the seats holding wagers."""
    players = _check_seats(seats)
    check_method(method, METHODS)
    sec = METHOD_SECTIONS[method]
    if method == AUTOMATED_SHOE:
        # §9(c): a stack of two to each player from the farthest left, clockwise; the
        # dealer's stack last, with the cover card placed on top of it.
        steps = [DealStep(s, 0, 2, False, False, cite(sec)) for s in players]
        steps.append(DealStep(DEALER, 0, 2, False, True, cite(sec)))
        return steps
    # §7(d)(1)-(4) and §8(c)(1)-(4): one card face down to each player, one to the
    # dealer under the cover card, then the second round the same way.
    steps = []
    for n in (1, 2):
        steps.extend(DealStep(s, n, 1, False, False, cite(f"{sec}({2 * n - 1})")) for s in players)
        steps.append(DealStep(DEALER, n, 1, False, True, cite(f"{sec}({2 * n})")))
    return steps


def call_order(seats: Sequence[int]) -> list[int]:
    """§10(b): decisions are offered from the player farthest to the dealer's left, clockwise."""
    return _check_seats(seats)


def settlement_order(seats: Sequence[int]) -> list[int]:
    """§10(c)-(d): bonus settlement, reveals and ante/call settlement go from the
    player farthest to the dealer's right, counterclockwise."""
    return list(reversed(_check_seats(seats)))


def stub_count(players: int) -> int:
    """§7(f): the cards left in the stub after two to each player and two to the dealer."""
    check_players(players, rules_data().seats)
    return DECK_SIZE - 2 * (players + 1)


STUB_CITATIONS = (cite("7(f)"), cite("7(f)(1)"))

__all__ = ["AUTOMATED_SHOE", "DEALER", "DECK_SIZE", "DealStep", "HAND", "MANUAL_SHOE", "METHODS", "METHOD_NAMES",
           "METHOD_SECTIONS", "STUB_CITATIONS", "call_order", "deal_sequence", "settlement_order", "stub_count"]
