"""Settling one spin of Pokette for a whole layout of chips of several players
(§(g)(3)-(5), §(h)(2), §(h)(5)-(6); trainer rulings P2, P6, P7, 21).

Every wager is settled strictly by its position on the layout (§(g)(3)): a non-poker
wager wins when its placement covers the winning card, at the odds of the table in
force. A poker hand wager must have been on offer for this spin (the card stand decides,
§(d)(4), §(h)); it is decided by the next winning card that is not a joker; on a joker
it stays in action, untouched (§(g)(5)(iii), ruling P7).

The order of the dealer's work is part of the settlement (``SpinSettlement.phases``):
- on any spin, all losing wagers are collected first, then all winning wagers are paid
  (§(g)(4)); on the spin of the third card this covers the poker hand wagers as well:
  they are "collected immediately" and the winners then paid (§(h)(6)), and §(g)(4) puts
  every collection before any payment. The text fixes no order between the non-poker and
  the poker hand wagers there: trainer ruling 35 accepts this order and also the
  non-poker wagers first (collected, then paid), then the poker hand wagers (table mode
  accepts both; no question asks for one over the other);
- on the spin of the second card, §(h)(2) is specific: the non-poker wagers are settled
  first (collected, then paid), and only then is "pair in 2" collected or paid.
Within a phase the order of the chips does not matter; the phases list them by seat.

Payout odds: the default table is pokette-payouts.md (§(f)(2), trainer ruling 21). A
house may choose another table of the data or raise single odds (``HouseOptions.odds``),
never below the minimum (§(f)(2)), and always worded "to" (§(f)(1)).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.odds import Odds, OddsError
from trainer.core.settlement import (
    SettlementError,
    WagerResult,
    lose,
    validate_amount,
    win,
)
from trainer.games.pokette.layout import (
    NON_POKER,
    PAIR_IN_TWO,
    WAGERS,
    Placement,
    covers_citations,
    default_layout,
)
from trainer.games.pokette.rules_data import MAX_SEATS, minimum_table, odds_value, rules_data
from trainer.games.pokette.stand import (
    JOKER_CITES,
    SETTLE_CITES,
    Stand,
    StandChange,
    poker_wins,
)
from trainer.games.pokette.wheel import PREVIOUS, Section, cite

COLLECT = "collect"
PAY = "pay"
IN_ACTION = "in action"  # a poker hand wager a joker leaves alone (P7): neither collected nor paid


@dataclass(frozen=True)
class HouseOptions:
    pay_table: str = "minimum"  # a table of the data, chosen by the house (§(f)(2))
    odds: tuple[tuple[str, str], ...] = ()  # (wager, "N to 1"): house odds above the table
    clapper_between: str = PREVIOUS  # §(i)(1): "previous" or "void"

    def odds_for(self, wager: str) -> Odds:
        return _odds_for(self, wager)[0]

    def citation_for(self, wager: str) -> tuple[str, ...]:
        return _odds_for(self, wager)[1]


def _odds_for(options: HouseOptions, wager: str) -> tuple[Odds, tuple[str, ...]]:
    for w, text in options.odds:
        if w == wager:
            return Odds.parse(text), (cite("(f)(2)") + " (house odds)",)
    table = rules_data().option_table("pay_table", options.pay_table)
    row = table.row_for(wager)
    return row.odds, (table.citation,) + row.extra_cite


def validate_options(options: HouseOptions) -> None:
    data = rules_data()
    try:
        data.option_table("pay_table", options.pay_table)
    except ValueError as e:
        raise SettlementError(str(e)) from e
    if options.clapper_between not in data.house_options["clapper_between"].choices:
        raise SettlementError(f"clapper_between is previous or void, not {options.clapper_between!r} (§(i)(1))")
    minimum = minimum_table()
    seen: set[str] = set()
    for wager, text in options.odds:
        if wager not in WAGERS:
            raise SettlementError(f"odds: unknown wager {wager!r}; the wagers are {', '.join(WAGERS)}")
        if wager in seen:
            raise SettlementError(f"odds: {wager} is given twice")
        seen.add(wager)
        try:
            odds = Odds.parse(text) if isinstance(text, str) else None
        except OddsError as e:
            raise SettlementError(f"odds: {wager}: {e}") from e
        if odds is None or odds.kind != "to":
            raise SettlementError(f"odds: {wager}: Pokette odds are stated with \"to\", e.g. \"30 to 1\", never "
                                  f"\"for\" (§(f)(1))")
        low = minimum.row_for(wager).odds
        if odds_value(odds) < odds_value(low):
            raise SettlementError(f"odds: {wager} at {odds} is below the minimum of {low}: a house may pay more, "
                                  "never less (§(f)(2))")


@dataclass(frozen=True)
class Bet:
    """One player's chips on one place of the layout."""

    seat: int
    placement: Placement
    amount: int

    @property
    def wager(self) -> str:
        return self.placement.wager

    def describe(self) -> str:
        return f"seat {self.seat} {self.placement.label()} {format_cents(self.amount)}"


@dataclass(frozen=True)
class BetResult:
    bet: Bet
    result: WagerResult | None  # None: a poker hand wager left in action by a joker
    rules: tuple[str, ...] = ()  # for a wager in action: why

    @property
    def in_action(self) -> bool:
        return self.result is None

    @property
    def net(self) -> int:
        return self.result.net if self.result else 0


@dataclass(frozen=True)
class Phase:
    """One step of the dealer's work: collect or pay these results, in any order."""

    action: str  # COLLECT or PAY
    title: str  # 'Collect the losing wagers'
    items: tuple[int, ...]  # indexes into SpinSettlement.results
    citations: tuple[str, ...]


@dataclass(frozen=True)
class SpinSettlement:
    section: Section
    stand: StandChange
    results: tuple[BetResult, ...]  # in the order the bets were given
    phases: tuple[Phase, ...]
    options: HouseOptions = field(default_factory=HouseOptions)

    def seat_numbers(self) -> tuple[int, ...]:
        return tuple(sorted({r.bet.seat for r in self.results}))

    def seat(self, number: int) -> tuple[BetResult, ...]:
        return tuple(r for r in self.results if r.bet.seat == number)

    def seat_net(self, number: int) -> int:
        return sum(r.net for r in self.seat(number))

    def seat_paid(self, number: int) -> int:
        """What the dealer pays the seat in all (the winning wagers' payouts)."""
        return sum(r.result.paid for r in self.seat(number) if r.result)

    def seat_collected(self, number: int) -> int:
        return sum(-r.net for r in self.seat(number) if r.result and r.net < 0)

    @property
    def house_net(self) -> int:
        return -sum(r.net for r in self.results)

    def order(self) -> list[tuple[str, BetResult]]:
        """Every collection and payment, phase by phase."""
        return [(ph.action, self.results[i]) for ph in self.phases for i in ph.items]


def settle_bet(bet: Bet, s: Section, stand: Stand, options: HouseOptions) -> BetResult:
    p = bet.placement
    label = p.label()
    odds, table_cites = _odds_for(options, p.wager)
    if not p.is_poker:
        why = covers_citations(p, s)
        if p.covers(s):
            return BetResult(bet, win(p.wager, label, bet.amount, odds,
                                      why + ((cite("(g)(5)(ii)"),) if s.is_joker else (cite("(g)(4)"),)) + table_cites))
        return BetResult(bet, lose(p.wager, label, bet.amount, why + ((cite("(g)(4)"),) if not s.is_joker else ())))
    if s.is_joker:
        return BetResult(bet, None, JOKER_CITES)
    cards = stand.cards + (s.card,)
    rules = SETTLE_CITES[p.wager]
    if poker_wins(p.wager, cards):
        return BetResult(bet, win(p.wager, label, bet.amount, odds, rules + table_cites))
    return BetResult(bet, lose(p.wager, label, bet.amount, rules))


def validate_bets(stand: Stand, bets: Sequence[Bet]) -> None:
    offered = stand.offered()
    for b in bets:
        where = f"seat {b.seat}"
        if not isinstance(b.seat, int) or isinstance(b.seat, bool) or not 1 <= b.seat <= MAX_SEATS:
            raise SettlementError(f"{where}: seats are numbered 1 to {MAX_SEATS} from the dealer's left")
        validate_amount(f"{where} {b.placement.label()}", b.amount)
        if b.amount == 0:
            raise SettlementError(f"{where} {b.placement.label()}: a wager of $0.00 is no wager")
        if b.placement.is_poker and b.placement.wager not in offered:
            raise SettlementError(f"{where}: {stand.why_not(b.placement.wager)}")


def _by_seat(indexes: list[int], results: Sequence[BetResult]) -> tuple[int, ...]:
    return tuple(sorted(indexes, key=lambda i: (results[i].bet.seat, i)))


def make_phases(change: StandChange, results: Sequence[BetResult]) -> tuple[Phase, ...]:
    def idx(pred) -> list[int]:
        return [i for i, r in enumerate(results) if r.result is not None and pred(r)]

    def losing(r: BetResult) -> bool:
        return r.result.net < 0

    def winning(r: BetResult) -> bool:
        return r.result.net > 0

    phases: list[Phase] = []
    if change.position == 2:
        # §(h)(2): the non-poker wagers first, then "pair in 2".
        non_poker = lambda r: not r.bet.placement.is_poker  # noqa: E731
        pair = lambda r: r.bet.wager == PAIR_IN_TWO  # noqa: E731
        steps = [
            (COLLECT, "Collect the losing non-poker wagers", idx(lambda r: non_poker(r) and losing(r)),
             (cite("(h)(2)"), cite("(g)(4)"))),
            (PAY, "Pay the winning non-poker wagers", idx(lambda r: non_poker(r) and winning(r)),
             (cite("(h)(2)"), cite("(g)(4)"))),
            (COLLECT, "Collect the losing \"pair in 2\" wagers", idx(lambda r: pair(r) and losing(r)), (cite("(h)(2)"),)),
            (PAY, "Pay the winning \"pair in 2\" wagers", idx(lambda r: pair(r) and winning(r)), (cite("(h)(2)"),)),
        ]
    else:
        # On the third card: the order listed here (every loser, then every winner) is one of
        # the two trainer ruling 35 accepts; table mode accepts the other as well.
        cites = (cite("(g)(4)"),) + ((cite("(h)(6)"), ruling(35)) if change.position == 3 else ()) + (
            (cite("(g)(5)(ii)"),) if change.position is None else ())
        steps = [
            (COLLECT, "Collect the losing wagers", idx(losing), cites),
            (PAY, "Pay the winning wagers", idx(winning), cites),
        ]
    for action, title, items, cites in steps:
        if items:
            phases.append(Phase(action, title, _by_seat(items, results), cites))
    return tuple(phases)


def settle_spin(stand: Stand, winning: Section, bets: Sequence[Bet],
                options: HouseOptions = HouseOptions()) -> SpinSettlement:
    """Every wager on the layout for one spin's winning card."""
    validate_options(options)
    validate_bets(stand, bets)
    change = stand.after(winning)
    results = tuple(settle_bet(b, winning, stand, options) for b in bets)
    return SpinSettlement(winning, change, results, make_phases(change, results), options)


def place(wager: str, **selection) -> Placement:
    """A placement on the shipped layout (see Layout.place)."""
    return default_layout().place(wager, **selection)


def payout(wager: str, amount: int, options: HouseOptions = HouseOptions()) -> int:
    """What a winning ``wager`` of ``amount`` cents is paid (the wager stays with the player)."""
    return options.odds_for(wager).win_cents(amount)


__all__ = [
    "Bet", "BetResult", "HouseOptions", "Phase", "SpinSettlement", "COLLECT", "PAY", "IN_ACTION", "MAX_SEATS",
    "NON_POKER", "make_phases", "payout", "place", "settle_bet", "settle_spin", "validate_bets", "validate_options",
    "ruling",
]
