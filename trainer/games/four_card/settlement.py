"""Settling a round of Four Card Poker (§10-§13; trainer rulings 3, 9-12).

Each seat's ante and play are settled against the dealer's best four of six (§11(a)(1):
1 to 1 when the player ties or beats the dealer), with the ante bonus of §11(a)(2)
(ruling 10) and Aces Up from the table in force, folded or not (§10(b), §11(a)(3)).
Cover All is settled on the highest hand at the table (§12, ruling 11); the progressive
wager from paytable A or B with "for" odds (ruling 3) and the meter, and the Envy
Bonus for qualifying hands of the other players (§13, ruling 12).

Where neither the text nor a ruling decides, the result is REFER ("refer to floor
supervisor"), never a made-up number. Decisions this module takes on readings the
rulings leave open are marked "Reading:" below and listed in the package report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from trainer.core.cards import Card
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.odds import Odds
from trainer.core.paytable import PayTable
from trainer.core.settlement import (
    REFER,
    RoundResults, SeatResults, checked_seats,
    WIN,
    SettlementError,
    WagerResult,
    check_one_deck,
    lose,
    validate_amount,
    win,
)
from trainer.games.four_card.hands import (
    DEALER_CARDS,
    PLAYER_CARDS,
    Category,
    HandValue,
    aces_up_key,
    best_hand,
    cite,
    cover_all_key,
    progressive_key,
)
from trainer.games.four_card.rules_data import rules_data, side_bets

FOLD = "fold"
DEALER = 0  # the holder number of the dealer's hand
ONE_TO_ONE = Odds("to", 1, 1)  # §11(a)(1)
LABELS = {
    "ante": "Ante", "play": "Play", "ante_bonus": "Ante bonus", "aces_up": "Aces Up", "cover_all": "Cover All",
    "progressive": "Progressive", "envy": "Envy Bonus",
}
WAGER_KEYS = ("ante", "aces_up", "cover_all", "progressive")  # placed before the deal; play comes after
_WAGER_LABELS = {k: LABELS[k] for k in WAGER_KEYS}
RESULT_ORDER = ("ante", "play", "ante_bonus", "aces_up", "cover_all", "progressive", "envy")
ALTERNATIVES = ("1", "2")
BASIS_POINTS = 10_000


@dataclass(frozen=True)
class HouseOptions:
    """The house's choices in its approved gaming submission."""

    aces_up_table: str = "I"  # §11(a)(3): Table I..VII
    progressive_table: str = "A"  # §13(a)(1): Paytable A or B
    progressive_meter: int | None = None  # cents on the meter when the winner is paid (§13(a)(4)); None: the reset
    progressive_reset: int | None = None  # cents, the initial and reset amount; None: the §13(a)(3) minimum
    progressive_rate: int | None = None  # basis points of each progressive wager added to the meter (§13(a)(3))
    progressive_offered: bool = True  # §13(a): "if a licensee offers"
    cover_all_offered: bool = True  # §12
    two_positions: bool = False  # §6(e): one player may wager at two adjacent positions
    settlement_alternative: str = "1"  # §10(e)(1) or (2)

    def reset_amount(self) -> int:
        if self.progressive_reset is not None:
            return self.progressive_reset
        return side_bets().progressive.tables[self.progressive_table].minimum_reset

    def meter_amount(self) -> int:
        return self.progressive_meter if self.progressive_meter is not None else self.reset_amount()


@dataclass(frozen=True)
class SeatWagers:
    seat: int
    cards: tuple[Card, ...]
    ante: int = 0
    aces_up: int = 0
    cover_all: int = 0
    progressive: int = 0
    decision: int | str | None = None  # the play wager in cents, or FOLD; required with an ante (§10(b))
    player: str = ""  # the same text at two adjacent seats: one player at two positions (§6(e))

    @property
    def folded(self) -> bool:
        return self.decision == FOLD

    @property
    def play(self) -> int:
        d = self.decision
        return d if isinstance(d, int) and not isinstance(d, bool) else 0

    @property
    def owner(self) -> str:
        return self.player or f"seat {self.seat}"


@dataclass(frozen=True)
class SeatSettlement(SeatResults):
    seat: int
    cards: tuple[Card, ...]
    hand: HandValue
    folded: bool
    results: tuple[WagerResult, ...]

    def results_of(self, wager: str) -> tuple[WagerResult, ...]:
        return tuple(r for r in self.results if r.wager == wager)

    def paid(self, wager: str) -> int:
        """What the dealer pays on a wager (all Envy Bonuses together for 'envy')."""
        return sum(r.paid for r in self.results_of(wager))


    @property
    def refer(self) -> bool:
        return any(r.result == REFER for r in self.results)


@dataclass(frozen=True)
class CoverAllResult:
    """§12: the bet wins when the highest hand at the table is three-of-a-kind or better;
    only the highest hand pays, at the odds for the number of players (ruling 11)."""

    players: int  # player positions dealt a hand (ruling 11)
    highest: HandValue
    holders: tuple[int, ...]  # seat numbers holding it; DEALER (0) for the dealer
    table: PayTable | None  # None when the matrix has no column for this many players
    key: str | None  # the row paid, None when the highest hand is below three-of-a-kind
    odds: Odds | None
    label: str  # the row as printed, '' when nothing pays
    rules: tuple[str, ...]

    @property
    def wins(self) -> bool:
        return self.odds is not None

    def holder_names(self) -> str:
        return " and ".join("the dealer" if h == DEALER else f"seat {h}" for h in self.holders)


@dataclass(frozen=True)
class EnvyBonus:
    seat: int  # paid to this progressive wager
    source: int  # the seat holding the qualifying hand
    hand: HandValue
    result: WagerResult


@dataclass(frozen=True)
class RoundSettlement(RoundResults):
    dealer_cards: tuple[Card, ...]
    dealer: HandValue
    seats: tuple[SeatSettlement, ...]  # in settlement order: from the dealer's right (§10(e))
    cover_all: CoverAllResult
    envy: tuple[EnvyBonus, ...]
    meter_before: int
    meter_after: int | None  # None when a four-aces payout is referred to the floor supervisor
    options: HouseOptions = field(default_factory=HouseOptions)


# ---------------------------------------------------------------- pay tables

def settle_pay_table(wager: str, amount: int, table: PayTable, hand_key: str, extra: tuple[str, ...] = (),
                     label: str | None = None) -> WagerResult:
    """A wager paid from a posted pay table: the row for the hand wins, no row loses."""
    label = label or LABELS[wager]
    row = table.row_for(hand_key)
    if row is None:
        return lose(wager, label, amount, (table.citation,) + extra)
    return win(wager, label, amount, row.odds, (table.citation,) + row.extra_cite + extra)


def ante_bonus_row(hand: HandValue):
    return rules_data().pay_tables["ante_bonus"].row_for(hand.category.key)


def cover_all_result(hands: Sequence[tuple[int, HandValue]], players: int) -> CoverAllResult:
    """The highest of ``hands`` ((holder, value) pairs, the dealer's as DEALER) by §3(b)
    (ruling 11), paid from the Cover All column for ``players`` positions.

    Reading (not ruled): §12(f) introduces "the paytable for six players" but prints the
    matrix's 7-player column (100/50/35/20/3), while the matrix itself gives six players
    100/50/30/15/4. The matrix is the complete, column-headed schedule the shuffler
    displays (§12(c), (e)), and §12(f)'s own column header reads 7, so six players are
    paid from the matrix's 6 column; "six" in §12(f) is taken as a drafting slip."""
    sb = side_bets().cover_all
    highest = max(v for _, v in hands)
    holders = tuple(h for h, v in hands if v == highest)
    table = sb.columns.get(players)
    rules = (cite("12(b)"), cite("12(g)"), ruling(11))
    if table is None:
        return CoverAllResult(players, highest, holders, None, None, None, "", rules)
    key = cover_all_key(highest)
    row = table.row_for(key)
    if row is None:
        return CoverAllResult(players, highest, holders, table, None, None, "", (table.citation,) + rules)
    return CoverAllResult(players, highest, holders, table, key, row.odds, row.label,
                          (table.citation,) + row.extra_cite + rules)


def cover_all_exposure(reveals: Sequence[tuple[int, HandValue]]) -> list[tuple[int, ...]]:
    """§12(h)-(i) and trainer ruling 23: the holders whose cards lie exposed after each
    hand, in order (the dealer first, then the players from the dealer's right, §10(d)).

    A straight or better is left exposed (§12(h)); ruling 23: the cards left exposed are
    always the highest hand found so far, so a higher one replaces those left before
    (§12(i)), a later hand of the same rank stays exposed beside it, and a later, lower
    hand is not left exposed."""
    exposed: list[tuple[int, HandValue]] = []
    states = []
    for holder, value in reveals:
        if value.category >= Category.STRAIGHT:
            if not exposed or value > exposed[0][1]:
                exposed = [(holder, value)]
            elif value == exposed[0][1]:
                exposed.append((holder, value))
        states.append(tuple(h for h, _ in exposed))
    return states


# ---------------------------------------------------------------- one seat

def _ante_and_play(dealer: HandValue, hand: HandValue, seat: SeatWagers) -> list[WagerResult]:
    ante, play = seat.ante, seat.play
    if seat.folded:
        return [lose("ante", "Ante", ante, (cite("10(b)"), cite("10(c)")))]
    if hand >= dealer:
        why = (cite("11(a)(1)"), ruling(9)) + ((cite("3(c)"),) if hand == dealer else ())
        return [win("ante", "Ante", ante, ONE_TO_ONE, why), win("play", "Play", play, ONE_TO_ONE, why)]
    return [lose("ante", "Ante", ante, (cite("10(d)"), ruling(9))), lose("play", "Play", play, (cite("10(d)"), ruling(9)))]


def _progressive(seat: SeatWagers, hand: HandValue, options: HouseOptions) -> WagerResult:
    pt = side_bets().progressive
    table = pt.tables[options.progressive_table]
    amount = seat.progressive
    key = progressive_key(hand)
    meter_hit = key in pt.meter_hands
    row = table.pay_table.row_for(key)
    rules = (pt.meter_citation if meter_hit else table.pay_table.citation, cite("13(a)(2)"))
    if seat.folded:
        # Reading: neither §10 nor §13 says whether a progressive wager stays in action
        # when its player folds (ruling 11 keeps only Cover All, §10(b) only Aces Up).
        # A hand that would not qualify loses either way; a qualifying one is referred.
        if meter_hit or row is not None:
            return WagerResult("progressive", LABELS["progressive"], amount, REFER, 0, "",
                               rules + (cite("10(b)"),))
        return lose("progressive", LABELS["progressive"], amount, rules)
    if meter_hit:
        # §13(a)(1), (4): four aces is paid the meter when the player's turn comes. Trainer
        # ruling 22: "100% of meter" is read with ruling 3 (the table is a "for" table), so the
        # meter is what the player receives in all, the wager included: the dealer pays the
        # meter less the wager and the wager stays with the player.
        meter = options.meter_amount()
        return WagerResult("progressive", LABELS["progressive"], amount, WIN, meter - amount, pt.meter_pays,
                           rules + (cite("13(a)(4)"), ruling(22), ruling(3)))
    if row is None:
        return lose("progressive", LABELS["progressive"], amount, rules)
    return win("progressive", LABELS["progressive"], amount, row.odds, rules + (ruling(3),))


def _envy(payee: SeatWagers, hands: dict[int, HandValue], seats: dict[int, SeatWagers],
          options: HouseOptions, keys: dict[int, str] | None = None) -> list[EnvyBonus]:
    """Ruling 12: an Envy Bonus for each qualifying hand held by another player; the
    dealer's hand and the player's own do not count. Reading: a player at two positions
    (§6(e)) owns both hands, so the other position's hand is the player's own."""
    table = side_bets().progressive.tables[options.progressive_table]
    out = []
    for number in sorted(hands):
        other = seats[number]
        if other.owner == payee.owner:
            continue
        row = table.envy_row(payee.progressive, keys[number] if keys else progressive_key(hands[number]))
        if row is None:
            continue
        label = f"{LABELS['envy']} (seat {number})"
        rules = (table.envy_citation, ruling(12))
        if payee.folded or other.folded:
            # Reading: ruling 12 does not say whether a folded hand, or a folded player's
            # progressive wager, takes part in the Envy Bonus: refer to floor supervisor.
            result = WagerResult("envy", label, payee.progressive, REFER, 0, "", rules + (cite("10(b)"),))
        else:
            result = WagerResult("envy", label, payee.progressive, WIN, row.amount, format_cents(row.amount), rules)
        out.append(EnvyBonus(payee.seat, number, hands[number], result))
    return out


# ---------------------------------------------------------------- validation

def validate_options(options: HouseOptions) -> None:
    data = rules_data()
    try:
        data.option_table("aces_up_table", options.aces_up_table)
        data.option_table("progressive_table", options.progressive_table)
    except ValueError as e:
        raise SettlementError(str(e)) from e
    if options.settlement_alternative not in ALTERNATIVES:
        raise SettlementError(f"the settlement alternative is (1) or (2) of §10(e), not {options.settlement_alternative!r}")
    table = side_bets().progressive.tables[options.progressive_table]
    reset = validate_amount("progressive reset", options.reset_amount(), limit=10**11)
    if reset < table.minimum_reset:
        raise SettlementError(f"the progressive reset for Paytable {options.progressive_table} is at least "
                              f"{format_cents(table.minimum_reset)} (§13(a)(3)), not {format_cents(reset)}")
    meter = validate_amount("progressive meter", options.meter_amount(), limit=10**11)
    if meter < reset:
        raise SettlementError(f"the meter ({format_cents(meter)}) cannot stand below its reset amount "
                              f"({format_cents(reset)}) (§13(a)(3))")
    rate = options.progressive_rate
    if rate is not None and (isinstance(rate, bool) or not isinstance(rate, int) or not 0 < rate <= BASIS_POINTS):
        raise SettlementError(f"the rate of progression is 1 to {BASIS_POINTS} basis points of each wager, not {rate!r}")


def play_allowed(ante: int, play: int) -> bool:
    """§10(b): a play wager of one to three times the ante."""
    return ante > 0 and ante <= play <= 3 * ante


def validate_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers], options: HouseOptions) -> None:
    data = rules_data()
    validate_options(options)
    if len(dealer_cards) != DEALER_CARDS:
        raise SettlementError(f"the dealer holds six cards, not {len(dealer_cards)} (§7(c))")
    if not seats:
        raise SettlementError("a round needs at least one player position with a wager (§7(c))")
    all_cards = list(dealer_cards)
    for where, s in checked_seats(seats, data.seats, PLAYER_CARDS, "a player holds five cards",
                                  _WAGER_LABELS, " (§7(c))"):
        all_cards.extend(s.cards)
        if not (s.ante or s.aces_up):
            raise SettlementError(f"{where}: only players with an ante or an Aces Up wager are dealt in (§7(c))")
        if s.ante:
            if s.decision != FOLD:
                if isinstance(s.decision, bool) or not isinstance(s.decision, int):
                    raise SettlementError(f"{where}: a player with an ante makes a play wager or folds (§10(b))")
                if not play_allowed(s.ante, s.decision):
                    raise SettlementError(
                        f"{where}: a play wager of {format_cents(s.decision)} on a {format_cents(s.ante)} ante; it "
                        f"must be one to three times the ante, {format_cents(s.ante)} to {format_cents(3 * s.ante)} (§10(b))")
        elif s.decision is not None:
            raise SettlementError(f"{where}: only a player with an ante makes a play wager or folds (§10(b))")
        if s.cover_all:
            if not options.cover_all_offered:
                raise SettlementError(f"{where}: this house does not offer the Cover All wager (§12)")
            if len(seats) < side_bets().cover_all.min_players:
                raise SettlementError(f"{where}: Cover All is not offered to a lone player (§12(k); trainer ruling 11)")
        if s.progressive:
            pt = side_bets().progressive
            if not options.progressive_offered:
                raise SettlementError(f"{where}: this house does not offer the progressive wager (§13(a))")
            if s.progressive not in pt.wagers:
                amounts = " or ".join(format_cents(w) for w in pt.wagers)
                raise SettlementError(f"{where}: the progressive wager is {amounts}, not "
                                      f"{format_cents(s.progressive)} (§13(a)(5); trainer ruling 12)")
    owners: dict[str, list[int]] = {}
    for s in seats:
        if s.player:
            owners.setdefault(s.player, []).append(s.seat)
    for player, positions in owners.items():
        if len(positions) == 1:
            continue
        if not options.two_positions:
            raise SettlementError(f"{player} wagers at seats {' and '.join(map(str, sorted(positions)))}: this house "
                                  "allows one betting position per player (§6(e))")
        if len(positions) > 2:
            raise SettlementError(f"{player} wagers at {len(positions)} positions; at most two (§6(e))")
        a, b = sorted(positions)
        if b - a != 1:
            raise SettlementError(f"{player} wagers at seats {a} and {b}: the two positions must be adjacent (§6(e))")
    check_one_deck(all_cards, 0, f"{data.title} (§2(a))")


# ---------------------------------------------------------------- the round

def settle_round(dealer_cards: Sequence[Card], seats: Sequence[SeatWagers],
                 options: HouseOptions = HouseOptions()) -> RoundSettlement:
    """Every wager of every seat, in the §10(e) order: from the dealer's right (the
    highest seat number) counterclockwise. Cover All is settled after the player bets
    (§12(j)); its result is in each Cover All seat's results and in ``cover_all``."""
    validate_round(dealer_cards, seats, options)
    data = rules_data()
    dealer = best_hand(dealer_cards)
    by_seat = {s.seat: s for s in seats}
    hands = {s.seat: best_hand(s.cards) for s in seats}
    # Ruling 11: every hand dealt counts for the highest hand, the dealer's too, folded or
    # not; the number of players is the number of player positions dealt (two positions
    # of one player under §6(e) count as two).
    cover = cover_all_result([(DEALER, dealer)] + sorted(hands.items()), len(seats))
    envy: list[EnvyBonus] = []
    envy_keys = None
    settled = []
    for s in sorted(seats, key=lambda x: -x.seat):
        hand = hands[s.seat]
        results: list[WagerResult] = []
        if s.ante:
            results.extend(_ante_and_play(dealer, hand, s))
            if not s.folded:
                row = ante_bonus_row(hand)
                if row is not None:
                    # §11(a)(2); ruling 10: paid on top of the ante's own result, even when the dealer is higher.
                    results.append(win("ante_bonus", LABELS["ante_bonus"], s.ante, row.odds,
                                       (data.pay_tables["ante_bonus"].citation, ruling(10))))
        if s.aces_up:
            table = data.option_table("aces_up_table", options.aces_up_table)
            extra = (cite("10(b)"),) if s.folded else ()
            results.append(settle_pay_table("aces_up", s.aces_up, table, aces_up_key(hand), extra))
        if s.cover_all:
            if cover.wins:
                results.append(win("cover_all", LABELS["cover_all"], s.cover_all, cover.odds, cover.rules))
            else:
                results.append(lose("cover_all", LABELS["cover_all"], s.cover_all, cover.rules))
        if s.progressive:
            results.append(_progressive(s, hand, options))
            if envy_keys is None:  # each hand's progressive row, read once for every payee
                envy_keys = {n: progressive_key(v) for n, v in hands.items()}
            bonuses = _envy(s, hands, by_seat, options, envy_keys)
            envy.extend(bonuses)
            results.extend(b.result for b in bonuses)
        settled.append(SeatSettlement(s.seat, tuple(s.cards), hand, s.folded, tuple(results)))
    meter = options.meter_amount()
    meter_after: int | None = meter
    for s in settled:
        r = s.result("progressive")
        if r is not None and r.odds == side_bets().progressive.meter_pays:
            meter_after = options.reset_amount()  # §13(a)(3): the meter starts again at the reset amount
        elif r is not None and r.result == REFER and progressive_key(s.hand) in side_bets().progressive.meter_hands:
            meter_after = None
    return RoundSettlement(tuple(dealer_cards), dealer, tuple(settled), cover, tuple(envy), meter, meter_after, options)


def meter_after_wagers(meter: int, wagers: int, rate: int) -> int:
    """The meter after ``wagers`` cents of progressive wagers at ``rate`` basis points
    (§13(a)(3)); the trainer shows whole cents, rounding the contribution down."""
    if not 0 < rate <= BASIS_POINTS:
        raise ValueError("the rate is 1 to 10,000 basis points")
    return meter + wagers * rate // BASIS_POINTS


__all__ = [
    "FOLD", "DEALER", "LABELS", "HouseOptions", "SeatWagers", "SeatSettlement", "RoundSettlement", "CoverAllResult",
    "EnvyBonus", "settle_round", "validate_round", "play_allowed", "cover_all_result", "cover_all_exposure",
    "meter_after_wagers",
]
