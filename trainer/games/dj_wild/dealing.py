"""Dealing a round of DJ Wild Poker: from the hand (§7(c); trainer ruling 16) or from
the automated dealing shoe in stacks of five (§8(c)-(d)), the play/fold offer order of
§8(e), and the stub count of §7(d) and §8(f)-(g) on a 53-card deck (ruling 4).

Seats are numbered from the dealer's left: seat 1 is "the player farthest to the
dealer's left", the first to receive cards; "clockwise" is increasing seat number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.citation import ruling
from trainer.core.seats import AUTOMATED_SHOE, DEALER, HAND, Delivery, check_method, check_players, check_seats
from trainer.games.dj_wild.hands import HAND_SIZE, cite
from trainer.games.dj_wild.rules_data import DEALING_METHODS as METHODS
from trainer.games.dj_wild.rules_data import DECK_SIZE, rules_data

METHOD_NAMES = {HAND: "from the hand", AUTOMATED_SHOE: "from the automated dealing shoe"}


@dataclass(frozen=True)
class DealStep(Delivery):
    """One delivery: a card from the hand, or a stack of five from the shoe."""

    recipient: int  # seat number, or DEALER
    card_number: int  # 1..5 from the hand; 0 for a stack of five
    cards: int  # 1, or 5 for a stack
    citations: tuple[str, ...]

    def describe(self) -> str:
        if self.cards == HAND_SIZE:
            what = "the dealer's own five-card hand" if self.recipient == DEALER else "a stack of five cards"
        else:
            what = f"card {self.card_number} of five"
        return f"{self.recipient_name}: {what}, face down"


def _check_seats(seats: Sequence[int]) -> list[int]:
    return check_seats(seats, rules_data().seats)


def deal_sequence(method: str, seats: Sequence[int]) -> list[DealStep]:
    """Every delivery of the deal, in order, for the seats holding wagers."""
    players = _check_seats(seats)
    check_method(method, METHODS)
    if method == AUTOMATED_SHOE:
        # §8(c): the first stack to the player farthest to the left who has wagered,
        # then clockwise to each other player who has wagered; §8(d): then the dealer
        # deals himself his five-card hand.
        steps = [DealStep(s, 0, HAND_SIZE, (cite("8(c)"),)) for s in players]
        steps.append(DealStep(DEALER, 0, HAND_SIZE, (cite("8(d)"),)))
        return steps
    # §7(c)(1), trainer ruling 16: one card at a time, clockwise from the player farthest
    # to the dealer's left, the dealer last in each round, until all hold five.
    steps = []
    for n in range(1, HAND_SIZE + 1):
        steps.extend(DealStep(s, n, 1, (cite("7(c)(1)"), ruling(16))) for s in players)
        steps.append(DealStep(DEALER, n, 1, (cite("7(c)(1)"), ruling(16))))
    return steps


def play_order(seats: Sequence[int]) -> list[int]:
    """§8(e): the play-or-fold option is offered from the player farthest to the
    dealer's left who has wagered, clockwise."""
    return _check_seats(seats)


PLAY_ORDER_CITATIONS = (cite("8(e)"),)


def stub_count(players: int) -> int:
    """§7(d), §8(f): the cards left in the stub after five to each player and five to
    the dealer, from a 53-card deck."""
    check_players(players, rules_data().seats)
    return DECK_SIZE - HAND_SIZE * (players + 1)


STUB_CITATIONS = (cite("7(d)"), cite("8(f)"), cite("8(g)"), ruling(4))
