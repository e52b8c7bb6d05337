"""Seats, the dealer and the dealing methods the card games share.

Seats are numbered from the dealer's left: seat 1 is "the player farthest to the
dealer's left", the first to receive a card; "clockwise" is increasing seat number and
"from the dealer's right, counterclockwise" the reverse. The dealer is position
``DEALER`` (0). How many seats a layout has is the rules data's (game.json ``seats``),
never a number written in the code.

The dealing methods are the keys of each game's ``dealing_method`` house option in
game.json; a game's dealing code names the methods it is written for, and its rules
data module checks them against the data at load (trainer/core/mirrors.py).
"""

from __future__ import annotations

from typing import Iterable

DEALER = 0  # the recipient (position) number of the dealer's hand

MANUAL_SHOE = "manual-shoe"
HAND = "hand"
AUTOMATED_SHOE = "automated-shoe"
METHOD_NAMES = {
    MANUAL_SHOE: "from a manual dealing shoe",
    HAND: "from the hand",
    AUTOMATED_SHOE: "from an automated dealing shoe",
}


def position_name(position: int, *, capital: bool = False) -> str:
    """'the dealer', 'seat 3' ('The dealer', 'Seat 3' with ``capital``)."""
    if position == DEALER:
        return "The dealer" if capital else "the dealer"
    return f"Seat {position}" if capital else f"seat {position}"


class Delivery:
    """Mixed into each game's DealStep, which holds the ``recipient`` of a card or stack
    (a seat number, or DEALER)."""

    recipient: int

    @property
    def recipient_name(self) -> str:
        """'the dealer', 'seat 3'."""
        return position_name(self.recipient)


def check_seats(seats: Iterable[int], seat_count: int, *, holding: str = "a wager") -> list[int]:
    """The seats in clockwise order (from the dealer's left), refused unless there is at
    least one, each is a seat of the layout (1 to ``seat_count``) and none is twice."""
    ordered = sorted(seats)
    if not ordered:
        raise ValueError(f"at least one seated player with {holding} is needed to deal a round")
    if len(set(ordered)) != len(ordered) or ordered[0] < 1 or ordered[-1] > seat_count:
        raise ValueError(f"seats are distinct numbers from 1 to {seat_count}")
    return ordered


def check_method(method: str, methods: Iterable[str]) -> None:
    methods = tuple(methods)
    if method not in methods:
        raise ValueError(f"unknown dealing method {method!r}; the methods are {', '.join(methods)}")


def check_players(players: int, seat_count: int, what: str = "seated players") -> None:
    """How many players a stub count is asked for: one to the layout's ``seat_count``."""
    if not 1 <= players <= seat_count:
        raise ValueError(f"one to {seat_count} {what}")


__all__ = ["AUTOMATED_SHOE", "DEALER", "Delivery", "HAND", "MANUAL_SHOE", "METHOD_NAMES", "check_method", "check_players",
           "check_seats", "position_name"]
