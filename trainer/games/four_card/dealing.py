"""Dealing a round of Four Card Poker: the three methods of §7-§9, the §10 orders of
decisions, reveals and settlement (with the two alternatives of §10(e)), and the stub
count of §7(e).

Seats are numbered from the dealer's left: seat 1 is "the player farthest to the
dealer's left", the first to receive a card; "clockwise" is increasing seat number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from trainer.core.seats import (
    AUTOMATED_SHOE, DEALER, HAND, MANUAL_SHOE, METHOD_NAMES, Delivery, check_method, check_players,
)
from trainer.core.seats import check_seats as _check_seats
from trainer.games.four_card.hands import DEALER_CARDS, PLAYER_CARDS, cite
from trainer.games.four_card.rules_data import DEALING_METHODS as METHODS
from trainer.games.four_card.rules_data import DECK_SIZE, rules_data

METHOD_SECTIONS = {MANUAL_SHOE: "7(c)", HAND: "8(c)", AUTOMATED_SHOE: "9(c)"}
STACK_SIZE = 5  # §9(a): the automated shoe dispenses stacks of five

CARD = "card"  # one card (manual shoe, hand)
STACK = "stack"  # a stack of five (automated shoe)
EXTRA_STACK = "extra-stack"  # the dealer's second stack: bottom card face up, four to the discard rack


@dataclass(frozen=True)
class DealStep(Delivery):
    """One delivery: a card, a stack of five, or the dealer's extra stack."""

    recipient: int  # seat number, or DEALER
    card_number: int  # which card of the hand (1..6) a single card is; 0 for a stack
    cards: int  # cards the recipient keeps: 1 for a card, 5 for a stack, 1 for the extra stack
    face_up: bool
    kind: str
    citation: str
    discarded: int = 0  # cards of the delivery that go to the discard rack (the extra stack's four)

    def describe(self) -> str:
        if self.kind == EXTRA_STACK:
            return ("the dealer's extra stack: spread it face down, turn its bottom card (far left) face up on the "
                    "dealer's hand, and discard the other four unseen")
        if self.kind == STACK:
            return f"{self.recipient_name}: a stack of five, face down"
        face = "face up" if self.face_up else "face down"
        ordinal = ("first", "second", "third", "fourth", "fifth", "sixth")[self.card_number - 1]
        return f"{self.recipient_name}: {ordinal} card, {face}"


def check_seats(seats: Sequence[int]) -> list[int]:
    return _check_seats(seats, rules_data().seats)


def deal_sequence(method: str, seats: Sequence[int]) -> list[DealStep]:
    """Every delivery of the deal, in order, for the seats holding wagers."""
    players = check_seats(seats)
    check_method(method, METHODS)
    sec = cite(METHOD_SECTIONS[method])
    if method == AUTOMATED_SHOE:
        # §9(c): a stack of five face down to each player from the farthest left, clockwise,
        # then one to the dealer; from the next stack the dealer turns up the bottom card
        # and discards the other four. (§9(c) repeats its sentence on the players' stacks;
        # each player receives one stack: five cards, §7(c), §14(c).)
        steps = [DealStep(s, 0, STACK_SIZE, False, STACK, sec) for s in players]
        steps.append(DealStep(DEALER, 0, STACK_SIZE, False, STACK, sec))
        steps.append(DealStep(DEALER, DEALER_CARDS, 1, True, EXTRA_STACK, sec, discarded=STACK_SIZE - 1))
        return steps
    # §7(c), §8(c): one card at a time, clockwise from the farthest left, to each player
    # and then the dealer, until the players hold five and the dealer six; the dealer's
    # first five face down, the fifth and sixth dealt consecutively and the sixth face up.
    steps = []
    for n in range(1, PLAYER_CARDS + 1):
        steps.extend(DealStep(s, n, 1, False, CARD, sec) for s in players)
        steps.append(DealStep(DEALER, n, 1, False, CARD, sec))
    steps.append(DealStep(DEALER, DEALER_CARDS, 1, True, CARD, sec))
    return steps


def decision_order(seats: Sequence[int]) -> list[int]:
    """§10(b): the play-or-fold choice is offered from the player farthest to the dealer's left, clockwise."""
    return check_seats(seats)


def reveal_order(seats: Sequence[int]) -> list[int]:
    """§10(d): after the dealer's own cards, the active players' cards are revealed from
    the player farthest to the dealer's right."""
    return list(reversed(check_seats(seats)))


def settlement_order(seats: Sequence[int]) -> list[int]:
    """§10(e)(1)-(2): from the player farthest to the dealer's right, counterclockwise."""
    return list(reversed(check_seats(seats)))


REVEAL = "Reveal the best four card hand"
COLLECT_LOSING = "Collect the losing wagers"
PAY_WINNING = "Pay the winning wagers"
COLLECT_CARDS = "Collect the cards into the discard rack"
ALTERNATIVES = ("1", "2")


@dataclass(frozen=True)
class SettleStep:
    seat: int
    action: str
    citation: str

    def text(self) -> str:
        return f"Seat {self.seat}: {self.action[0].lower() + self.action[1:]}"


def settlement_steps(seats: Sequence[int], alternative: str) -> list[SettleStep]:
    """The dealer's steps after the dealer's own reveal, for the active players ``seats``.

    §10(d) comes first under either alternative: from the player farthest to the dealer's
    right, every active hand is revealed, "then collect all losing ante, play and aces up
    wagers". §10(e) then settles "the wagers remaining on the table", which are the winning
    ones: (1) each procedure for every player, from the dealer's right, before the next
    (pay every winning wager, then collect every hand); (2) every procedure for one player,
    then the next (pay the player's winning wagers, collect the player's cards).

    Reading: §10(e)(1)(i)-(ii) and (2)(i)-(ii) repeat the reveal and the collection of
    losing wagers inside each alternative; §10(d) has already done both for every player,
    so each hand is revealed once and every losing wager is collected before any winning
    wager is paid, whichever the alternative (one order, as the round's order drill
    teaches). The collection goes from the dealer's right, the direction of §10(d)'s
    reveal and of §10(e)(1)(ii)."""
    if alternative not in ALTERNATIVES:
        raise ValueError("the settlement alternative is '1' or '2' (§10(e))")
    order = settlement_order(seats)
    if alternative == "1":
        return ([SettleStep(s, REVEAL, cite("10(e)(1)(i)")) for s in order]
                + [SettleStep(s, COLLECT_LOSING, cite("10(e)(1)(ii)")) for s in order]
                + [SettleStep(s, PAY_WINNING, cite("10(e)(1)(iii)")) for s in order]
                + [SettleStep(s, COLLECT_CARDS, cite("10(e)(1)(iv)")) for s in order])
    return ([SettleStep(s, REVEAL, cite("10(d)")) for s in order]
            + [SettleStep(s, COLLECT_LOSING, cite("10(d)")) for s in order]
            + [step for s in order for step in (SettleStep(s, PAY_WINNING, cite("10(e)(2)(ii)")),
                                                  SettleStep(s, COLLECT_CARDS, cite("10(e)(2)(iii)")))])


def stub_count(players: int, method: str = MANUAL_SHOE) -> int:
    """§7(e): the cards left in the stub after five to each player position and six to
    the dealer; from the automated shoe, the four cards the dealer discards from the
    extra stack (§9(c)) are in the discard rack, not the stub."""
    check_players(players, rules_data().seats, "player positions")
    check_method(method, METHODS)
    dealt = PLAYER_CARDS * players + DEALER_CARDS
    if method == AUTOMATED_SHOE:
        dealt += STACK_SIZE - 1
    return DECK_SIZE - dealt


STUB_CITATIONS = (cite("7(e)"), cite("7(e)a"))

__all__ = ["ALTERNATIVES", "AUTOMATED_SHOE", "CARD", "COLLECT_CARDS", "COLLECT_LOSING", "DEALER", "DECK_SIZE",
           "DealStep", "EXTRA_STACK", "HAND", "MANUAL_SHOE", "METHODS", "METHOD_NAMES", "METHOD_SECTIONS", "PAY_WINNING",
           "REVEAL", "STACK", "STACK_SIZE", "STUB_CITATIONS", "SettleStep", "check_seats", "deal_sequence",
           "decision_order", "reveal_order", "settlement_order", "settlement_steps", "stub_count"]
