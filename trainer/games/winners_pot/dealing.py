"""Positions, the button and the orders of a Winner's Pot Poker round (§7-§10, §12(g)).

Positions are numbered from the dealer's left: seat 1 is "the player farthest to the
dealer's left"; "clockwise" is increasing seat number, and after the player farthest to
the dealer's right (the highest occupied seat) comes the dealer, position ``DEALER`` (0).
Going clockwise round the table: the dealer, seat 1, seat 2, ..., the last seat, the
dealer again.

The button (§7(d), §8(c), §9(c)): in the first round it lies in front of the dealer;
each new round it moves clockwise to the next player, or to the dealer when it was at
the player farthest to the dealer's right. Dealing, and every decision, begin with the
position immediately after the button in clockwise rotation.

Trainer ruling 29: §10(b) and (d) deal the fourth and fifth cards "beginning with the
first player after the button". When the position right after the button is the
dealer's (the button lies at the player farthest to the dealer's right) the fourth and
fifth cards may start with the dealer, as the first cards do under §7(d), or with the
first player: both are correct. ``street_order`` lists the dealer first and
``street_order_alternative`` the other order; no question asks it
(``street_order_is_ambiguous``) and table mode accepts either.

Trainer ruling 28: §9(d) delivers the automated shoe's first stack "to the player
farthest to his or her left", while §9(c) starts the dealing immediately after the
button. The button governs: the first stack goes to the first position after the button
(§9(c); §9(d)'s words describe the first round only). The first stack cites §9(c) and
the ruling, not §9(d).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from trainer.core.seats import (
    AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, METHOD_NAMES, check_method, position_name,
)
from trainer.core.seats import check_seats as _check_seats
from trainer.games.winners_pot.hands import cite
from trainer.games.winners_pot.rules_data import DEALING_METHODS as METHODS
from trainer.games.winners_pot.rules_data import DECK_SIZE, MAX_SEATS

UP_CARD = 3  # the third card is dealt face up (§7(e)(3))
HOLE_CARDS = 2
STACK_SIZE = 3  # §9(a): the automated shoe dispenses stacks of three

METHOD_SECTIONS = {MANUAL_SHOE: "7", HAND: "8", AUTOMATED_SHOE: "9"}
BUTTON_SECTIONS = {MANUAL_SHOE: "7(d)", HAND: "8(c)", AUTOMATED_SHOE: "9(c)"}
DEAL_SECTIONS = {MANUAL_SHOE: "7(e)", HAND: "8(d)", AUTOMATED_SHOE: "9(d)"}
BUTTON_CITATIONS = (cite("7(d)"), cite("8(c)"), cite("9(c)"))


def check_seats(seats: Iterable[int]) -> list[int]:
    return _check_seats(seats, MAX_SEATS, holding="an ante")


def check_button(button: int, seats: Sequence[int]) -> None:
    if button != DEALER and button not in seats:
        raise ValueError(f"the button lies before the dealer or at a seated player, not at seat {button}")


def clockwise_after(button: int, positions: Iterable[int]) -> list[int]:
    """``positions`` (seat numbers and/or DEALER) in clockwise order starting with the one
    immediately after ``button`` (a seat number or DEALER; the button's own position, if
    among them, comes last)."""
    pos = sorted(set(positions))
    after = [p for p in pos if p > button and p != DEALER]
    rest = [p for p in pos if p not in after]
    # ``rest`` runs DEALER, then the seats up to the button: the dealer follows the last seat.
    return after + rest


def deal_order(button: int, seats: Sequence[int]) -> list[int]:
    """§7(d)-(e), §8(c)-(d), §9(c)-(d): every position dealt a hand, the dealer included,
    from the one immediately after the button, clockwise."""
    players = check_seats(seats)
    check_button(button, players)
    return clockwise_after(button, players + [DEALER])


def street_order(button: int, remaining: Sequence[int]) -> list[int]:
    """§10(b), §10(d): the fourth and fifth cards go to each remaining player and the
    dealer in clockwise rotation, beginning after the button (the dealer first when it
    sits right after the button; trainer ruling 29 also accepts the other start)."""
    return clockwise_after(button, list(remaining) + [DEALER])


def street_order_alternative(button: int, remaining: Sequence[int]) -> list[int] | None:
    """The other order trainer ruling 29 accepts for the fourth and fifth cards when the
    dealer sits right after the button: the first player first, the dealer last (None
    when there is no such case)."""
    if not street_order_is_ambiguous(button, remaining):
        return None
    order = street_order(button, remaining)
    return order[1:] + order[:1]


def street_order_is_ambiguous(button: int, remaining: Sequence[int]) -> bool:
    """Whether the position right after the button is the dealer's while players remain:
    §10(b)/(d) "beginning with the first player after the button" could then start with
    a player instead (the module's reading deals the dealer first)."""
    return bool(remaining) and street_order(button, remaining)[0] == DEALER


def decision_order(button: int, remaining: Sequence[int]) -> list[int]:
    """§10(a)(3), §10(c)(3): decisions are ascertained clockwise starting with the (first
    remaining) player next to the button. The dealer makes no decision: its ante, bet and
    double are placed before the deal (§6(c))."""
    return clockwise_after(button, [p for p in remaining if p != DEALER])


def reveal_order(remaining: Sequence[int]) -> list[int]:
    """§10(f): the dealer's own hand first, then the remaining players from the one
    farthest to the dealer's right, counterclockwise. The button plays no part."""
    return [DEALER] + sorted((p for p in remaining if p != DEALER), reverse=True)


def next_button(button: int, seats: Sequence[int]) -> int:
    """§7(d): the button's position in the next round: the next player clockwise, or the
    dealer when the button lay at (or after) the player farthest to the dealer's right."""
    players = sorted(seats)
    if not players:
        return DEALER
    if button == DEALER:
        return players[0]
    later = [s for s in players if s > button]
    return later[0] if later else DEALER


def button_after_rounds(rounds: int, seats: Sequence[int]) -> int:
    """Where the button lies in round ``rounds`` + 1 when the same seats play throughout
    (round 1: before the dealer)."""
    button = DEALER
    for _ in range(rounds):
        button = next_button(button, seats)
    return button


@dataclass(frozen=True)
class DealStep:
    """One delivery of the first three cards: a card, or (automated shoe) a stack of three."""

    position: int
    card_number: int  # 1, 2 or 3; 0 for a stack
    cards: int  # 1, or 3 for a stack
    face_up: bool  # the card (a stack: its top card) is turned face up
    citation: str

    def describe(self) -> str:
        who = position_name(self.position)
        if self.cards == STACK_SIZE:
            return f"{who}: a stack of three face down, its top card turned face up"
        ordinal = ("first", "second", "third")[self.card_number - 1]
        return f"{who}: {ordinal} card, {'face up' if self.face_up else 'face down'}"


def deal_sequence(method: str, button: int, seats: Sequence[int]) -> list[DealStep]:
    """Every delivery of the first three cards, in order (the initial burn comes first)."""
    check_method(method, METHODS)
    order = deal_order(button, seats)
    sec = DEAL_SECTIONS[method]
    if method == AUTOMATED_SHOE:
        # trainer ruling 28: the first stack by the button of §9(c); the rest clockwise (§9(d))
        return [DealStep(p, 0, STACK_SIZE, True, f"{cite('9(c)')}; trainer ruling 28" if i == 0 else cite(sec))
                for i, p in enumerate(order)]
    steps = []
    for n in (1, 2, 3):
        steps.extend(DealStep(p, n, 1, n == UP_CARD, cite(f"{sec}({n})")) for p in order)
    return steps


def cards_used(players: int, bettors: int, doublers: int, burns: int = 3) -> int:
    """Cards out of the deck in a complete round: the burns, three to each hand, a fourth
    to each player who bet and the dealer, a fifth to each who doubled and the dealer."""
    return burns + 3 * (players + 1) + (bettors + 1) + (doublers + 1)


def stub_count(players: int, bettors: int, doublers: int) -> int:
    """§7(f): the cards left in the stub after the round's last card."""
    if not 1 <= players <= MAX_SEATS or not 0 <= doublers <= bettors <= players:
        raise ValueError("1 to 7 players, no more bettors than players and no more doublers than bettors")
    return DECK_SIZE - cards_used(players, bettors, doublers)


__all__ = [
    "DEALER", "MAX_SEATS", "METHODS", "MANUAL_SHOE", "HAND", "AUTOMATED_SHOE", "METHOD_NAMES", "DealStep",
    "position_name", "check_seats", "clockwise_after", "deal_order", "street_order", "street_order_is_ambiguous",
    "street_order_alternative",
    "decision_order", "reveal_order", "next_button", "button_after_rounds", "deal_sequence", "stub_count",
    "BUTTON_CITATIONS",
]
