"""Settling a round of Two Card Joker Poker (§10, §11; trainer rulings 7, 8).

Each seat's ante and call are settled against the dealer's hand (§10(d), §11(b)-(c),
§11(f)); Pair Up and Super Flush against their pay tables, whatever happened to the
ante, folded or not (§6(d), §10(c)(1), ruling 8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from trainer.core.cards import ACE, KING, Card
from trainer.core.citation import ruling
from trainer.core.odds import Odds
from trainer.core.paytable import PayTable
from trainer.core.settlement import (
    RoundResults, SeatResults, checked_seats,
    SettlementError,
    WagerResult,
    check_one_deck,
    lose,
    push,
    win,
)
from trainer.games.two_card_joker.hands import (
    QUALIFY_CITATIONS,
    Category,
    HandValue,
    cite,
    dealer_qualifies,
    evaluate,
)
from trainer.games.two_card_joker.rules_data import rules_data

CALL = "call"
FOLD = "fold"
ONE_TO_ONE = Odds("to", 1, 1)  # §10(d)(1)(i), §11(b): the ante pays 1 to 1
LABELS = {"ante": "Ante", "call": "Call", "pair_up": "Pair Up", "super_flush": "Super Flush"}


@dataclass(frozen=True)
class HouseOptions:
    pair_up_table: str = "1"  # §11(d): the table pre-selected by the licensee


@dataclass(frozen=True)
class SeatWagers:
    seat: int
    cards: tuple[Card, ...]
    ante: int = 0
    pair_up: int = 0
    super_flush: int = 0
    decision: str | None = None  # CALL or FOLD; required when an ante is placed

    @property
    def call(self) -> int:
        """§10(b): the call wager equals the ante."""
        return self.ante if self.decision == CALL else 0


@dataclass(frozen=True)
class SeatSettlement(SeatResults):
    seat: int
    hand: HandValue
    results: tuple[WagerResult, ...]


@dataclass(frozen=True)
class RoundSettlement(RoundResults):
    dealer: HandValue
    dealer_qualifies: bool
    seats: tuple[SeatSettlement, ...]
    options: HouseOptions = field(default_factory=HouseOptions)


def super_flush_key(value: HandValue) -> str:
    """The §11(e) row a hand is paid on: flushes graded by their higher card (ruling 8)."""
    if value.category is Category.FLUSH:
        if value.high_rank == ACE:
            return "ace-high-flush"
        if value.high_rank == KING:
            return "king-high-flush"
    return value.category.key


def settle_pay_table(wager: str, amount: int, table: PayTable, hand_key: str, extra: tuple[str, ...] = ()) -> WagerResult:
    """A wager paid from a posted pay table: the row for the hand wins, no row loses."""
    label = LABELS[wager]
    row = table.row_for(hand_key)
    if row is None:
        return lose(wager, label, amount, (table.citation,) + extra)
    return win(wager, label, amount, row.odds, (table.citation,) + row.extra_cite + extra)


def settle_seat(dealer: HandValue, qualifies: bool, seat: SeatWagers, options: HouseOptions) -> SeatSettlement:
    data = rules_data()
    hand = evaluate(seat.cards)
    results: list[WagerResult] = []
    bonus_extra = (cite("10(c)(1)"), ruling(8))
    if seat.pair_up:
        table = data.option_table("pair_up_table", options.pair_up_table)
        results.append(settle_pay_table("pair_up", seat.pair_up, table, hand.category.key, bonus_extra))
    if seat.super_flush:
        results.append(settle_pay_table("super_flush", seat.super_flush, data.pay_tables["super_flush"],
                                        super_flush_key(hand), bonus_extra))
    if seat.ante:
        results.extend(_ante_and_call(dealer, qualifies, hand, seat, data.pay_tables["call"]))
    return SeatSettlement(seat.seat, hand, tuple(results))


def _ante_and_call(dealer: HandValue, qualifies: bool, hand: HandValue, seat: SeatWagers,
                   call_table: PayTable) -> list[WagerResult]:
    ante, call = seat.ante, seat.call
    if seat.decision == FOLD:
        return [lose("ante", "Ante", ante, (cite("10(b)"), cite("10(c)(2)")))]
    if not qualifies:
        return [
            win("ante", "Ante", ante, ONE_TO_ONE, (cite("11(b)(1)"), cite("10(d)(1)(i)")) + QUALIFY_CITATIONS),
            push("call", "Call", call, (cite("11(c)"), cite("10(d)(1)(ii)")) + QUALIFY_CITATIONS),
        ]
    if hand > dealer:
        row = call_table.row_for(hand.category.key)
        assert row is not None, "the call table pays every hand (straight or less)"
        return [
            win("ante", "Ante", ante, ONE_TO_ONE, (cite("11(b)(2)"), cite("10(d)(2)(iii)"))),
            win("call", "Call", call, row.odds, (call_table.citation, cite("10(d)(2)(iii)"))),
        ]
    if hand < dealer:
        return [
            lose("ante", "Ante", ante, (cite("10(d)(2)(ii)"),)),
            lose("call", "Call", call, (cite("10(d)(2)(ii)"),)),
        ]
    return [
        push("ante", "Ante", ante, (cite("11(f)"),)),
        push("call", "Call", call, (cite("11(f)"),)),
    ]


def validate_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers], options: HouseOptions) -> None:
    data = rules_data()
    if len(dealer_cards) != 2:
        raise SettlementError(f"the dealer holds two cards, not {len(dealer_cards)} (§7(d))")
    data.option_table("pair_up_table", options.pair_up_table)
    all_cards = list(dealer_cards)
    wagers = {k: LABELS[k] for k in ("ante", "pair_up", "super_flush")}
    for where, s in checked_seats(seats, data.seats, 2, "a hand has two cards", wagers):
        all_cards.extend(s.cards)
        if s.ante and s.decision not in (CALL, FOLD):
            raise SettlementError(f"{where}: a player with an ante must call or fold (§10(b))")
        if not s.ante and s.decision is not None:
            raise SettlementError(f"{where}: only a player with an ante may call or fold (§1 'Call wager', §10(b))")
        if not (s.ante or s.pair_up or s.super_flush):
            raise SettlementError(f"{where}: no wager placed; only seats with wagers are dealt in (§9(c))")
    check_one_deck(all_cards, data.jokers, f"{data.title} (§2(a))")


def settle_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers],
                 options: HouseOptions = HouseOptions()) -> RoundSettlement:
    """Every wager of every seat, in the §10(c)-(d) order: from the dealer's right
    (the highest seat number) counterclockwise."""
    validate_round(dealer_cards, seats, options)
    dealer = evaluate(dealer_cards)
    qualifies = dealer_qualifies(dealer)
    ordered = sorted(seats, key=lambda s: -s.seat)
    return RoundSettlement(dealer, qualifies, tuple(settle_seat(dealer, qualifies, s, options) for s in ordered), options)
