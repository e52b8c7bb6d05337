"""The result of one wager, shared by every game's settlement."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping, Sequence, TypeVar

if TYPE_CHECKING:
    from trainer.core.cards import Card

from trainer.core.money import format_cents
from trainer.core.odds import Odds

WIN = "win"
LOSE = "lose"
PUSH = "push"
REFER = "refer"  # refer to floor supervisor: the rules do not decide


class SettlementError(ValueError):
    """A round that cannot be settled as entered (says exactly what is wrong)."""


@dataclass(frozen=True)
class WagerResult:
    wager: str  # spot key: "ante", "pair_up"
    label: str  # "Pair Up"
    amount: int  # cents wagered
    result: str  # WIN / LOSE / PUSH / REFER
    net: int  # cents: positive paid to the player, negative collected, 0 returned
    odds: str  # as printed: "5 to 1", "Push", "" when lost
    rules: tuple[str, ...]  # citations

    @property
    def paid(self) -> int:
        """What the dealer pays out on the wager (0 when it is collected or returned)."""
        return max(self.net, 0)

    @property
    def rule(self) -> str:
        return "; ".join(self.rules)

    def describe(self) -> str:
        if self.result == WIN:
            return f"{self.label} {format_cents(self.amount)} wins {self.odds}: pay {format_cents(self.net)}"
        if self.result == PUSH:
            return f"{self.label} {format_cents(self.amount)} is a push: return it"
        if self.result == REFER:
            return f"{self.label} {format_cents(self.amount)}: refer to floor supervisor"
        return f"{self.label} {format_cents(self.amount)} loses: collect it"


class SeatResults:
    """For a seat's settlement holding ``results`` (a tuple of WagerResult): look one
    up by wager and total the seat's net. Mixed into each game's SeatSettlement."""

    results: tuple[WagerResult, ...]

    def result(self, wager: str) -> WagerResult | None:
        for r in self.results:
            if r.wager == wager:
                return r
        return None

    @property
    def net(self) -> int:
        return sum(r.net for r in self.results)


class RoundResults:
    """For a round's settlement holding ``seats`` (each with ``seat`` and ``net``): look a
    seat up by number and total what the table inventory gains. Mixed into each game's
    RoundSettlement."""

    seats: tuple

    def seat(self, number: int):
        for s in self.seats:
            if s.seat == number:
                return s
        raise KeyError(number)

    @property
    def house_net(self) -> int:
        """What the table inventory gains (negative: it pays out)."""
        return -sum(s.net for s in self.seats)


def win(wager: str, label: str, amount: int, odds: Odds, rules: tuple[str, ...]) -> WagerResult:
    if odds.is_push:
        return push(wager, label, amount, rules, odds="Push")
    return WagerResult(wager, label, amount, WIN, odds.win_cents(amount), str(odds), rules)


def lose(wager: str, label: str, amount: int, rules: tuple[str, ...]) -> WagerResult:
    return WagerResult(wager, label, amount, LOSE, -amount, "", rules)


def push(wager: str, label: str, amount: int, rules: tuple[str, ...], odds: str = "") -> WagerResult:
    return WagerResult(wager, label, amount, PUSH, 0, odds, rules)


def validate_amount(label: str, amount: object, *, limit: int = 100_000_000) -> int:
    """A wager in whole cents, 0 (not placed) up to ``limit``."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise SettlementError(f"{label}: the amount must be whole cents, got {amount!r}")
    if amount < 0:
        raise SettlementError(f"{label}: a wager cannot be negative ({format_cents(amount)})")
    if amount > limit:
        raise SettlementError(f"{label}: {format_cents(amount)} is more than the {format_cents(limit)} the trainer accepts")
    return amount


S = TypeVar("S")
_RANK, _SUIT = attrgetter("rank"), attrgetter("suit")


def checked_seats(seats: Sequence[S], seat_count: int, cards: int, hand: str, wagers: Mapping[str, str],
                  rule: str = "") -> Iterator[tuple[str, S]]:
    """Each seat of a round entered (objects with ``seat``, ``cards`` and the ``wagers``
    keys as attributes) with how errors name it ('seat 3'), after the checks every game
    makes: no seat twice, each a seat of the layout (1 to ``seat_count``), holding
    ``cards`` cards (``hand`` says so: "a hand has two cards", then the ``rule``: " (§7(c))"),
    each wager whole cents.
    One at a time, so that a game's own checks of a seat come before the next seat's."""
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise SettlementError("a seat is listed twice")
    for s in seats:
        where = f"seat {s.seat}"
        if isinstance(s.seat, bool) or not isinstance(s.seat, int) or not 1 <= s.seat <= seat_count:
            raise SettlementError(f"{where}: seats are numbered 1 to {seat_count} from the dealer's left")
        if len(s.cards) != cards:
            raise SettlementError(f"{where}: {hand}, not {len(s.cards)}{rule}")
        for key, label in wagers.items():
            validate_amount(f"{where} {label}", getattr(s, key))
        yield where, s


def check_one_deck(cards: "Iterable[Card]", jokers: int, title: str) -> None:
    """The cards of one round come from one deck: no natural card twice, and no more
    jokers than the deck holds."""
    cards = list(cards)
    ranks = list(map(_RANK, cards))
    if len(set(zip(ranks, map(_SUIT, cards)))) == len(cards):  # (read in C) no card twice, no joker twice
        joker_count = ranks.count(0)  # (a joker's rank is 0)
    else:  # which card is dealt twice, or how many jokers
        seen: set = set()
        joker_count = 0
        for c in cards:
            if c.is_joker:
                joker_count += 1
            elif c in seen:
                raise SettlementError(f"{c} is dealt twice; {title} uses one deck")
            else:
                seen.add(c)
    if joker_count > jokers:
        raise SettlementError(f"{joker_count} jokers dealt; the {title} deck has {jokers}")
