"""Dealer actions: what the dealer does at the table, and the table effects an action
has (cards out, chips in and out). What the trainee attempts is
trainer/training/table_mode/actions.py.

Positions: ``seat`` is a seat number from the dealer's left (1..N), ``DEALER`` (0) the
dealer's own hand, ``None`` the table as a whole ("No more bets", the cut). ``spot`` names
a wager's betting area (the game's spot key, e.g. "ante", "pair_up"), or for Pokette a
section of the layout.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

DEALER = 0

# The dealer's verbs, in the order a round usually uses them, with the key that does
# each in the table screen.
ANNOUNCE = "announce"  # "No more bets"
BUTTON = "button"  # move or place the button (Winner's Pot)
CUT = "cut"
BURN = "burn"
DEAL = "deal"  # a card (or an automated shoe's stack) to a position
COVER = "cover"  # the cover card on the dealer's hand
OFFER = "offer"  # ask a player for the decision (call/fold, play, bet/double)
REVEAL = "reveal"  # turn a hand face up
COLLECT = "collect"  # take a losing wager (or a folded hand's wagers)
PAY = "pay"  # pay a winning wager in chips
SPIN = "spin"  # spin the wheel (Pokette)
MARK = "mark"  # mark the winning card on the layout (Pokette)
STAND = "stand"  # place the winning card in the card stand (Pokette)
CLEAR = "clear"  # clear the cards / the stand after the round

VERBS: dict[str, tuple[str, str]] = {
    ANNOUNCE: ("Announce", "N"),
    BUTTON: ("Move the button", "M"),
    CUT: ("Cut", "C"),
    BURN: ("Burn", "B"),
    DEAL: ("Deal", "D"),
    COVER: ("Cover card", "V"),
    OFFER: ("Ask for the decision", "O"),
    REVEAL: ("Reveal", "R"),
    COLLECT: ("Collect", "L"),
    PAY: ("Pay", "P"),
    SPIN: ("Spin the wheel", "S"),
    MARK: ("Mark the winning card", "K"),
    STAND: ("Card to the stand", "T"),
    CLEAR: ("Clear away cards", "X"),
}


def verb_title(verb: str) -> str:
    return VERBS.get(verb, (verb, ""))[0]


def position_text(seat: int | None, spot_label: str | None = None) -> str:
    if seat is None:
        where = "the table"
    elif seat == DEALER:
        where = "the dealer"
    else:
        where = f"seat {seat}"
    return f"{where} ({spot_label})" if spot_label else where


@dataclass(frozen=True)
class Effect:
    """One change an action makes to the table, for drawing it (``table_state``).

    kinds: "card" (``seat`` gets ``card``, face up or down), "cover" (the cover card goes
    on the dealer's hand), "uncover", "reveal" (``seat``'s cards turn face up), "wager"
    (``seat`` puts ``amount`` on ``spot``: a call, a play), "fold" (``seat``'s cards go to
    the discard), "collect" (``spot`` of ``seat`` goes to the rack), "pay" (``amount`` is
    added beside the wager on ``spot``), "note" (``text`` shown at ``seat``), "discard"
    (a burn card), and any game-specific kind its own scene builder understands."""

    kind: str
    seat: int | None = None
    spot: str | None = None
    card: str | None = None
    face_up: bool = False
    amount: int = 0
    text: str = ""


@dataclass(frozen=True)
class DealerAction:
    """One thing the dealer must do, in its place in the round."""

    verb: str
    seat: int | None = None
    spot: str | None = None
    face_up: bool | None = None  # DEAL: the card's face must be up (True) or down (False); None: not asked
    amount: int = 0  # PAY: the payout in cents (winnings only; the wager stays)
    text: str = ""  # "Deal seat 3 its first card, face down"
    citations: tuple[str, ...] = ()
    group: str = ""  # consecutive actions sharing a non-empty group may be done in any order
    payout: bool = False  # graded as a payout (amount), not a procedure step
    effects: tuple[Effect, ...] = ()  # what the table shows after it (player responses included)
    response: str = ""  # what a simulated player says or does after it: "Seat 3 calls $10"
    spot_label: str = ""  # how the spot is named on the layout: "Pair Up"
    after: tuple[int, ...] = ()  # in an any-order group: indexes of actions that must be done first
    # ... and indexes of which at least one must be done first (a hand picked up once any
    # higher hand has been turned over)
    after_any: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()  # ANNOUNCE with words to choose (``spot`` is the right one): the wordings offered

    def where(self) -> str:
        return position_text(self.seat, self.spot_label or self.spot)

    def ready(self, done) -> bool:
        """May it be done once the actions ``done`` (indexes) are done? Every ``after`` and,
        when there are any, one of ``after_any``."""
        return all(j in done for j in self.after) and (not self.after_any or any(j in done for j in self.after_any))

    def with_text(self, text: str) -> "DealerAction":
        return replace(self, text=text)
