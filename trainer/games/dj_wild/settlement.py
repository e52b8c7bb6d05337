"""Settling a round of DJ Wild Poker (§9-§11; trainer rulings 11, 13-15, 17, 25).

Each seat's ante, blind and play are settled against the dealer's hand (§9(d)(1)-(3));
the dealer needs no qualifying hand and a fold loses ante and blind (ruling 15). Trips
is paid on the player's own hand from the table in force, whatever happened to the
ante, folded or not (§9(d)(4)-(5); ruling 14). Two Way Bad Beat stays in action after
a fold and is paid on the losing hand (§10). Cover All is paid, after every player
bet, on the highest hand at the table from the column for the number of players
(§11; rulings 11 and 17). The Multi Game Link (§12) is never settled (ruling 18).
Where a result turns on a wild card standing for a card already held in a flush, it
cites trainer ruling 25.

The rules prescribe no order in which the seats are settled (§9(a): "each player's
hand shall be compared to the dealer's"; §11(h): "according to house procedures"), so
seats are listed from the dealer's left; Cover All comes last (§11(j)).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from operator import attrgetter
from typing import Sequence

from trainer.core.cards import Card, card_label
from trainer.core.citation import ruling
from trainer.core.odds import Odds
from trainer.core.paytable import PayTable
from trainer.core.settlement import (
    LOSE, REFER, WIN, RoundResults, SeatResults, SettlementError, WagerResult, checked_seats, lose, push,
    win,
)
from trainer.games.dj_wild.hands import (
    TRIPS_CITATIONS, Category, HandError, HandValue, TripsReading, cite, evaluate, flush_reading_matters,
    trips_readings,
)
from trainer.games.dj_wild.rules_data import rules_data

PLAY = "play"
FOLD = "fold"
DEALER = 0  # the holder number of the dealer's hand in the Cover All result
ONE_TO_ONE = Odds("to", 1, 1)  # §9(d)(3): ante and play win even money
LABELS = {"ante": "Ante", "blind": "Blind", "play": "Play", "trips": "Trips", "bad_beat": "Two Way Bad Beat",
          "cover_all": "Cover All"}
WAGER_KEYS = ("ante", "blind", "trips", "bad_beat", "cover_all")  # what a player places before the deal
_WAGER_LABELS = {k: LABELS[k] for k in WAGER_KEYS}
_RANK_SUIT = attrgetter("rank", "suit")
_RANK = attrgetter("rank")


@dataclass(frozen=True)
class HouseOptions:
    trips_table: str = "01"  # §9(d)(4): the licensee's Trips pay table, "01" to "07"
    bad_beat: bool = True  # §10(a): the optional Two Way Bad Beat upgrade is offered
    cover_all: bool = True  # §11(d): the shuffler is set to DJ Wild Cover All mode


@dataclass(frozen=True)
class SeatWagers:
    seat: int
    cards: tuple[Card, ...]
    ante: int = 0
    blind: int = 0
    trips: int = 0
    bad_beat: int = 0
    cover_all: int = 0
    decision: str | None = None  # PLAY or FOLD

    @property
    def play(self) -> int:
        """§1 "Play bet", §8(e)(1): the play wager is twice the ante."""
        return 2 * self.ante if self.decision == PLAY else 0


@dataclass(frozen=True)
class SeatSettlement(SeatResults):
    seat: int
    hand: HandValue
    trips_reading: TripsReading | None  # the reading Trips was paid on (None: no Trips wager)
    results: tuple[WagerResult, ...]


@dataclass(frozen=True)
class CoverAllOutcome:
    """§11: the highest hand at the table and what every Cover All wager gets."""

    highest: HandValue
    holders: tuple[int, ...]  # seat numbers, DEALER (0) for the dealer
    players: int  # player positions dealt a hand (ruling 11)
    result: str  # WIN / LOSE / REFER
    odds: str  # "40 to 1"; "" when lost or referred
    rules: tuple[str, ...]

    def describe(self) -> str:
        who = ", ".join("the dealer" if h == DEALER else f"seat {h}" for h in self.holders)
        head = f"Highest hand: {self.highest.describe().lower()} ({who}); {self.players} player" \
               f"{'s' if self.players != 1 else ''}"
        if self.result == REFER:
            return head + ": five of a kind is not on the Cover All table, refer to floor supervisor"
        if self.result == LOSE:
            return head + ": below a full house, Cover All loses"
        return head + f": Cover All pays {self.odds}"


@dataclass(frozen=True)
class RoundSettlement(RoundResults):
    dealer: HandValue
    seats: tuple[SeatSettlement, ...]
    cover_all: CoverAllOutcome | None
    options: HouseOptions = field(default_factory=HouseOptions)


def refer(wager: str, amount: int, rules: tuple[str, ...]) -> WagerResult:
    """The rules do not decide: the wager waits for the floor supervisor."""
    return WagerResult(wager, LABELS[wager], amount, REFER, 0, "", rules)


def odds_ratio(odds: Odds) -> Fraction:
    """What a winning wager of 1 is paid, exactly (ruling 3)."""
    if odds.is_push:
        return Fraction(0)
    if odds.kind == "for":
        return Fraction(odds.numerator - odds.denominator, odds.denominator)
    return Fraction(odds.numerator, odds.denominator)


def choose_trips(readings: Sequence[TripsReading], table: PayTable) -> tuple[TripsReading, Odds | None, tuple[str, ...]]:
    """Trainer ruling 14: the better of the readings on ``table``; (reading, odds or None
    when it loses, the row's extra citations). On equal payouts the first reading, the
    hand with deuces wild (the hand as it ranks), is the one named."""
    best: tuple[TripsReading, Odds, tuple[str, ...]] | None = None
    for reading in readings:
        row = table.row_for(reading.key)
        if row is not None and (best is None or odds_ratio(row.odds) > odds_ratio(best[1])):
            best = (reading, row.odds, row.extra_cite)
    if best is None:
        return readings[0], None, ()
    return best


def trips_payout(cards: Sequence[Card], table: PayTable) -> tuple[TripsReading, Odds | None, tuple[str, ...]]:
    """The Trips result of a hand on ``table``: (reading paid, odds or None, citations)."""
    reading, odds, extra = choose_trips(trips_readings(cards), table)
    return reading, odds, tuple(dict.fromkeys((table.citation,) + TRIPS_CITATIONS + extra))


def settle_trips(cards: Sequence[Card], amount: int, table: PayTable, folded: bool) -> tuple[WagerResult, TripsReading]:
    reading, odds, cites = trips_payout(cards, table)
    if folded:
        cites += (ruling(14),)
    cites = tuple(dict.fromkeys(cites))
    if odds is None:
        return lose("trips", "Trips", amount, cites), reading
    return win("trips", "Trips", amount, odds, cites), reading


def settle_bad_beat(hand: HandValue, dealer: HandValue, amount: int, table: PayTable, folded: bool) -> WagerResult:
    """§10: wins when both hands are three of a kind or better and do not tie; paid on
    the losing hand, the player's or the dealer's. In action after a fold (§10(b))."""
    cites = (cite("10(a)"),) + ((cite("10(b)"),) if folded else ()) + _ruling_25(hand, dealer)
    both = min(hand, dealer).category >= Category.THREE_OF_A_KIND
    if not both or hand == dealer:
        return lose("bad_beat", LABELS["bad_beat"], amount, cites)
    loser = min(hand, dealer)
    row = table.row_for(loser.category.key)
    if row is None:  # no hand below five wilds is missing from §10(c); kept for safety
        return refer("bad_beat", amount, cites + (table.citation,))
    return win("bad_beat", LABELS["bad_beat"], amount, row.odds, cites + (table.citation,))


def _ruling_25(hand: HandValue, other: HandValue) -> tuple[str, ...]:
    """Trainer ruling 25, cited where a comparison of two flushes turns on it: a wild
    card beside a natural ace is a second ace."""
    return (ruling(25),) if flush_reading_matters(hand, other) else ()


def _ante_blind_play(hand: HandValue, dealer: HandValue, seat: SeatWagers, blind_table: PayTable) -> list[WagerResult]:
    ante, blind, play = seat.ante, seat.blind, seat.play
    if seat.decision == FOLD:
        cites = (cite("7(c)(2)"), cite("8(e)(2)"), ruling(15))
        return [lose("ante", "Ante", ante, cites), lose("blind", "Blind", blind, cites)]
    by_25 = _ruling_25(hand, dealer)
    if hand > dealer:
        row = blind_table.row_for(hand.category.key)
        assert row is not None, "the blind table pays or pushes every hand (§9(d)(3) 'Others')"
        wins = (cite("9(d)(3)"), ruling(15)) + by_25
        return [
            win("ante", "Ante", ante, ONE_TO_ONE, wins),
            win("blind", "Blind", blind, row.odds, (blind_table.citation,) + wins[1:]),
            win("play", "Play", play, ONE_TO_ONE, wins),
        ]
    if hand < dealer:
        loses = (cite("9(d)(2)"),) + by_25
        return [lose("ante", "Ante", ante, loses), lose("blind", "Blind", blind, loses),
                lose("play", "Play", play, loses)]
    ties = (cite("9(d)(1)"), ruling(13))
    return [push("ante", "Ante", ante, ties), push("blind", "Blind", blind, ties), push("play", "Play", play, ties)]


def cover_all_outcome(hands: dict[int, HandValue], players: int) -> CoverAllOutcome:
    """§11(b), (g), (k); ruling 11 (every hand dealt counts, folded or not; the number of
    players is the number of player positions dealt a hand) and ruling 17 (only the
    table's hands pay; five of a kind refers to the floor supervisor)."""
    data = rules_data()
    highest = max(hands.values())
    holders = tuple(sorted((n for n, v in hands.items() if v == highest), key=lambda n: (n == DEALER, n)))
    table = data.pay_tables[f"cover_all_{players}"]
    cites = (cite("11(b)"), cite("11(g)"), table.citation, ruling(11), ruling(17))
    if any(flush_reading_matters(highest, v) for v in hands.values()):
        cites += (ruling(25),)  # which flush is the highest turns on it
    if highest.category is Category.FIVE_OF_A_KIND:
        return CoverAllOutcome(highest, holders, players, REFER, "", cites)
    row = table.row_for(highest.category.key)
    if row is None:
        return CoverAllOutcome(highest, holders, players, LOSE, "", cites)
    return CoverAllOutcome(highest, holders, players, WIN, str(row.odds), cites)


def settle_cover_all(outcome: CoverAllOutcome, amount: int) -> WagerResult:
    if outcome.result == REFER:
        return refer("cover_all", amount, outcome.rules)
    if outcome.result == LOSE:
        return lose("cover_all", "Cover All", amount, outcome.rules)
    return win("cover_all", "Cover All", amount, _odds(outcome.odds), outcome.rules)


_odds = lru_cache(maxsize=None)(Odds.parse)  # odds as printed -> Odds (an unchangeable value), read once each


def validate_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers], options: HouseOptions) -> None:
    data = rules_data()
    if len(dealer_cards) != 5:
        raise SettlementError(f"the dealer holds five cards, not {len(dealer_cards)} (§7(c)(1))")
    data.option_table("trips_table", options.trips_table)
    if not seats:
        raise SettlementError("no player was dealt a hand")
    all_cards = list(dealer_cards)
    for where, s in checked_seats(seats, data.seats, 5, "a hand has five cards", _WAGER_LABELS,
                                  " (§7(c)(1); §13(c))"):
        all_cards.extend(s.cards)
        if not (s.ante and s.blind):
            raise SettlementError(f"{where}: an ante and a blind are both required to receive a hand "
                                  "(§1 'Ante wager', 'Blind wager')")
        if s.decision not in (PLAY, FOLD):
            raise SettlementError(f"{where}: the player must place the play wager or fold (§7(c)(2); §8(e))")
        if s.bad_beat and not options.bad_beat:
            raise SettlementError(f"{where}: the Two Way Bad Beat wager is not offered at this table (§10(a))")
        if s.cover_all and not options.cover_all:
            raise SettlementError(f"{where}: the Cover All wager is not offered at this table (§11(d))")
    jokers = list(map(_RANK, all_cards)).count(0)  # a joker is rank 0
    if jokers > data.jokers:
        raise SettlementError(f"{jokers} jokers dealt; the deck has {data.jokers} (§2(a))")
    natural = set(map(_RANK_SUIT, all_cards))  # the natural cards, each its (rank, suit), once
    if jokers:
        natural = {k for k in natural if k[0]}
    if len(natural) != len(all_cards) - jokers:  # a natural card dealt twice
        naturals = [c for c in all_cards if not c.is_joker]
        dupes = [card_label(c) for c in sorted({c for c in naturals if naturals.count(c) > 1}, reverse=True)]
        raise SettlementError(f"{', '.join(dupes)} dealt twice; the game uses one deck (§2(a))")


def settle_seat(dealer: HandValue, seat: SeatWagers, options: HouseOptions,
                cover_all: CoverAllOutcome | None, hand: HandValue | None = None) -> SeatSettlement:
    """One seat's wagers; ``hand``: the value of its cards when the caller has it."""
    data = rules_data()
    if hand is None:
        try:
            hand = evaluate(seat.cards)
        except HandError as e:
            raise SettlementError(f"seat {seat.seat}: {e}") from e
    folded = seat.decision == FOLD
    results = _ante_blind_play(hand, dealer, seat, data.pay_tables["blind"])
    reading = None
    if seat.trips:
        table = data.option_table("trips_table", options.trips_table)
        result, reading = settle_trips(seat.cards, seat.trips, table, folded)
        results.append(result)
    if seat.bad_beat:
        results.append(settle_bad_beat(hand, dealer, seat.bad_beat, data.pay_tables["bad_beat"], folded))
    if seat.cover_all:
        assert cover_all is not None
        results.append(settle_cover_all(cover_all, seat.cover_all))
    return SeatSettlement(seat.seat, hand, reading, tuple(results))


def settle_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers],
                 options: HouseOptions = HouseOptions()) -> RoundSettlement:
    """Every wager of every seat (§9-§11). ``seats`` are the players dealt a hand."""
    validate_round(dealer_cards, seats, options)
    dealer = evaluate(dealer_cards)
    hands = {s.seat: evaluate(s.cards) for s in seats}
    outcome = None
    if options.cover_all:
        outcome = cover_all_outcome({**hands, DEALER: dealer}, len(seats))
    ordered = sorted(seats, key=lambda s: s.seat)
    return RoundSettlement(dealer, tuple(settle_seat(dealer, s, options, outcome, hands[s.seat]) for s in ordered),
                           outcome, options)


__all__ = ["PLAY", "FOLD", "DEALER", "LABELS", "HouseOptions", "SeatWagers", "SeatSettlement", "CoverAllOutcome",
           "RoundSettlement", "settle_round", "trips_payout", "choose_trips", "odds_ratio", "cover_all_outcome"]
