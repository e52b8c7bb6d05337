"""The winner's pot, the commission, split pots and the Jacks Plus wager, in exact cents
(§1 "Winner's pot", §10, §11; trainer rulings 19, 20, 26, 27 and 32).

The pot (§1): the ante, bet and double wagers of all players and the dealer, except the
ante of a player who folds after the first three cards (that ante goes to the table
inventory, §10(a)(2)). The dealer antes, bets and doubles before the deal (§6(c)); a
player who folds after the fourth card puts ante and bet into the pot (§10(c)(2)).

The award (§10(h); ruling 20): the dealer's hand highest: the pot goes to the table
inventory. One player highest: the pot less the commission, the lesser of the house
percentage (at most 10%) of the pot and the house fixed amount. A tie: the pot is split
equally among the tied hands; the commission is the lesser of the percentage of the
players' shares taken together (the dealer's share is never charged) and the fixed
amount, borne equally by the tied players; an odd cent goes to the first tied position
clockwise from the button.

Trainer ruling 26: the commission is computed in cents and a fraction of a cent is
dropped (2.5% of $125.00 is $3.12). The tied players' commission is split equally; an
odd cent of it is borne by the first tied position clockwise from the button, the one
that received the odd cent of the pot. Reading (the ruling speaks of one odd cent): with
three tied players two odd cents can be left; each goes, one by one, to the tied players
in clockwise order from the button. When the dealer is the first tied position (it takes
the pot's odd cent but is never charged), the commission's odd cent is borne by the first
tied player after it. Ruling 26 is cited wherever it decides the amount: a fraction of a
cent dropped from the percentage charged, or a commission that does not divide equally.

Jacks Plus (§11(b)-(c); ruling 19): paid once for the highest qualifying hand of the
cards the player holds (five, or the three or four held when folding), from the table
inventory; a losing wager goes to the table inventory. The payout limit for a player is
$50,000 or the most one patron could win in a round betting the minimum wager,
whichever is greater; trainer ruling 27: that second amount is the minimum Jacks Plus
wager times the royal flush odds (400 to 1), cited wherever the limit is applied. A dead
hand's wager (§12(a)) is settled on the cards it held when declared dead (trainer ruling
32). When two or more players' royal flushes
would together be paid more than the limit, the limit is paid to them in proportion to
their Jacks Plus wagers (§11(c)); each proportional share is rounded down to the cent so
that the total never exceeds the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Sequence

from trainer.core.cards import Card
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.settlement import (
    LOSE,
    PUSH,
    WIN,
    RoundResults, SeatResults,
    SettlementError,
    WagerResult,
    check_one_deck,
    lose,
    validate_amount,
)
from trainer.games.winners_pot.dealing import (
    DEALER,
    MAX_SEATS,
    clockwise_after,
    position_name,
)
from trainer.games.winners_pot.hands import (
    HAND_SIZE,
    TITLE,
    Category,
    HandValue,
    cite,
    evaluate,
    jacks_plus_key,
)
from trainer.games.winners_pot.rules_data import pot_data, rules_data

BET = "bet"
DOUBLE = "double"
FOLD = "fold"
STAYED = (BET, DOUBLE)
FOLDED_AFTER_FOUR = (BET, FOLD)
FOLDED_AFTER_THREE = (FOLD,)
DECISIONS = (STAYED, FOLDED_AFTER_FOUR, FOLDED_AFTER_THREE)
BASIS_POINTS = 10_000
LABELS = {"ante": "Ante", "bet": "Bet", "double": "Double", "jacks_plus": "Jacks Plus", "pot": "Winner's pot"}
POT = "pot"
COMMISSION_CITATIONS = (cite("10(h)(2)(i)"), ruling(20))
SPLIT_CITATIONS = (cite("10(h)(2)(ii)"), ruling(20))
ROUNDING_RULING = ruling(26)  # a fraction of a cent dropped; the odd cent of a tie's commission


# ---------------------------------------------------------------- house options

def percent_to_basis_points(value: object, where: str = "commission_percent") -> int:
    """5 -> 500, '2.5' -> 250: a percentage (at most two decimals) as basis points."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise SettlementError(f"{where}: the commission percentage is a number such as 5 or 2.5")
    try:
        d = Decimal(str(value).strip().rstrip("%"))
    except InvalidOperation:
        raise SettlementError(f"{where}: {value!r} is not a percentage") from None
    bp = d * 100
    if bp != bp.to_integral_value():
        raise SettlementError(f"{where}: {value!r}: the percentage may have at most two decimals")
    return int(bp)


def percent_text(bp: int) -> str:
    """500 -> '5%', 250 -> '2.5%'."""
    whole, frac = divmod(bp, 100)
    return f"{whole}%" if not frac else f"{whole}.{frac:02d}".rstrip("0") + "%"


@dataclass(frozen=True)
class HouseOptions:
    """The house's pre-established commission (§10(h)(2)) and the minimum Jacks Plus
    wager that fixes its payout limit (§11(c)). ``None`` takes the shipped default."""

    commission_bp: int | None = None  # basis points of the pot: 500 is 5%
    commission_fixed: int | None = None  # cents
    minimum_wager: int = 100  # cents: the minimum Jacks Plus wager

    @property
    def percent_bp(self) -> int:
        return pot_data().default_percent * 100 if self.commission_bp is None else self.commission_bp

    @property
    def fixed(self) -> int:
        return pot_data().default_fixed if self.commission_fixed is None else self.commission_fixed

    def describe(self) -> str:
        return f"commission {percent_text(self.percent_bp)} or {format_cents(self.fixed)}, whichever is less"


def validate_options(options: HouseOptions) -> None:
    pd = pot_data()
    if isinstance(options.percent_bp, bool) or not isinstance(options.percent_bp, int) or options.percent_bp < 0:
        raise SettlementError("the commission percentage is 0 or more")
    if options.percent_bp > pd.max_percent * 100:
        raise SettlementError(f"the commission percentage is at most {pd.max_percent}% (§10(h)(2)), "
                              f"not {percent_text(options.percent_bp)}")
    validate_amount("the fixed commission", options.fixed)
    minimum = validate_amount("the minimum wager", options.minimum_wager)
    if minimum <= 0:
        raise SettlementError("the minimum wager is a positive amount")


def commission_on(amount: int, options: HouseOptions) -> int:
    """§10(h)(2); ruling 20: the lesser of the percentage of ``amount`` (fractions of a
    cent not charged) and the fixed amount."""
    return min(amount * options.percent_bp // BASIS_POINTS, options.fixed)


def fraction_dropped(amount: int, options: HouseOptions) -> bool:
    """Whether the commission charged on ``amount`` is the percentage with a fraction of a
    cent dropped (trainer ruling 26)."""
    return (amount * options.percent_bp % BASIS_POINTS != 0
            and amount * options.percent_bp // BASIS_POINTS <= options.fixed)


def commission_reason(amount: int, options: HouseOptions) -> str:
    pct = amount * options.percent_bp // BASIS_POINTS
    pct_text = f"{percent_text(options.percent_bp)} of {format_cents(amount)} is {format_cents(pct)}"
    if fraction_dropped(amount, options):
        pct_text += " (the fraction of a cent is dropped)"
    if pct <= options.fixed:
        return f"{pct_text}, no more than the fixed {format_cents(options.fixed)}: the commission is {format_cents(pct)}"
    return (f"{pct_text}, more than the fixed {format_cents(options.fixed)}: the commission is the fixed "
            f"{format_cents(options.fixed)}")


# ---------------------------------------------------------------- the pot

def contribution(ante: int, decisions: Sequence[str]) -> tuple[int, int]:
    """(into the pot, into the table inventory) of a player's ante, bet and double."""
    d = tuple(decisions)
    if d == FOLDED_AFTER_THREE:
        return 0, ante  # §10(a)(2); §1 "Winner's pot"
    if d == FOLDED_AFTER_FOUR:
        return 2 * ante, 0  # §10(c)(2)
    if d == STAYED:
        return 4 * ante, 0  # §10(e): ante, bet and double (twice the ante)
    raise ValueError(f"decisions {list(d)} are not a player's round: ['bet', 'double'], ['bet', 'fold'] or ['fold']")


def dealer_contribution(ante: int) -> int:
    """§6(c): the dealer's ante, bet (the ante) and double (twice the ante)."""
    return 4 * ante


def pot_total(ante: int, decisions: Sequence[Sequence[str]]) -> int:
    """The winner's pot of a round: the dealer's wagers and each player's part (§1, §10(e))."""
    return dealer_contribution(ante) + sum(contribution(ante, d)[0] for d in decisions)


def split_evenly(amount: int, holders: Sequence[int]) -> dict[int, int]:
    """``amount`` in equal parts among ``holders`` (already in clockwise order from the
    button); each odd cent to the first holders in that order (ruling 20)."""
    base, extra = divmod(amount, len(holders))
    return {h: base + (1 if i < extra else 0) for i, h in enumerate(holders)}


@dataclass(frozen=True)
class PotShare:
    position: int  # a seat number, or DEALER
    share: int  # the part of the pot awarded, before commission
    commission: int  # borne by this position (never the dealer)
    paid: int  # share less commission: to the player; the dealer's goes to the table inventory


@dataclass(frozen=True)
class PotAward:
    pot: int
    winners: tuple[int, ...]  # the positions holding the highest hand, clockwise from the button
    shares: tuple[PotShare, ...]
    commission: int
    commission_base: int  # the part of the pot not awarded to the dealer
    rules: tuple[str, ...]
    reason: str  # how the commission came about ('' when there is none)

    @property
    def dealer_wins(self) -> bool:
        return self.winners == (DEALER,)

    @property
    def is_split(self) -> bool:
        return len(self.winners) > 1

    def share_of(self, position: int) -> PotShare | None:
        for s in self.shares:
            if s.position == position:
                return s
        return None

    @property
    def to_inventory(self) -> int:
        """The dealer's share and the commission: what the table inventory receives from the pot."""
        dealer = self.share_of(DEALER)
        return self.commission + (dealer.share if dealer else 0)

    @property
    def to_players(self) -> int:
        return sum(s.paid for s in self.shares if s.position != DEALER)


def award_pot(pot: int, winners: Sequence[int], button: int, options: HouseOptions) -> PotAward:
    """§10(h); ruling 20: the award of ``pot`` to the positions holding the highest hand."""
    if not winners:
        raise ValueError("someone holds the highest hand")
    order = tuple(clockwise_after(button, winners))
    if order == (DEALER,):
        return PotAward(pot, order, (PotShare(DEALER, pot, 0, pot),), 0, 0, (cite("10(h)(1)"),), "")
    if len(order) == 1:
        (p,) = order
        c = commission_on(pot, options)
        rules = COMMISSION_CITATIONS + ((ROUNDING_RULING,) if fraction_dropped(pot, options) else ())
        return PotAward(pot, order, (PotShare(p, pot, c, pot - c),), c, pot, rules, commission_reason(pot, options))
    shares = split_evenly(pot, order)
    players = [p for p in order if p != DEALER]
    base = sum(shares[p] for p in players)
    c = commission_on(base, options)
    # Trainer ruling 26: the commission split equally among the tied players, an odd cent
    # borne by the first tied player clockwise from the button.
    borne = split_evenly(c, players)
    out = tuple(PotShare(p, shares[p], 0, shares[p]) if p == DEALER else
                PotShare(p, shares[p], borne[p], shares[p] - borne[p]) for p in order)
    decided = fraction_dropped(base, options) or c % len(players) != 0
    rules = SPLIT_CITATIONS + ((ROUNDING_RULING,) if decided else ())
    reason = commission_reason(base, options)
    if c % len(players):
        reason += (f", borne equally by the tied players, the odd cent{'s' if c % len(players) > 1 else ''} by "
                   + ", ".join(position_name(q) for q in players[:c % len(players)])
                   + ", first clockwise from the button")
    return PotAward(pot, order, out, c, base, rules, reason)


# ---------------------------------------------------------------- Jacks Plus

def jacks_plus_limit(options: HouseOptions) -> int:
    """§11(c): $50,000 or the minimum wager at the top Jacks Plus odds, whichever is greater."""
    table = rules_data().pay_tables["jacks_plus"]
    top = max(row.odds.win_cents(options.minimum_wager) for row in table.rows)
    return max(pot_data().limit_floor, top)


def jacks_plus_row(value: HandValue):
    return rules_data().pay_tables["jacks_plus"].row_for(jacks_plus_key(value))


@dataclass(frozen=True)
class JacksPlusEntry:
    seat: int
    wager: int
    hand: HandValue
    folded: bool
    dead: bool = False  # §12(a): a dead hand's wager, on the two cards it held (trainer ruling 32)


def settle_jacks_plus(entries: Sequence[JacksPlusEntry], options: HouseOptions) -> dict[int, WagerResult]:
    """Every Jacks Plus wager of a round, with the payout limit of §11(c)."""
    table = rules_data().pay_tables["jacks_plus"]
    limit = jacks_plus_limit(options)
    limit_cites = (pot_data().limit_citation, ruling(27))
    out: dict[int, WagerResult] = {}
    royals = []
    for e in entries:
        extra = (cite("10(g)"),) + ((ruling(19),) if e.folded else ()) + ((cite("12(a)"), ruling(32)) if e.dead else ())
        row = table.row_for(jacks_plus_key(e.hand))
        if row is None:
            out[e.seat] = lose("jacks_plus", LABELS["jacks_plus"], e.wager, (table.citation,) + extra)
            continue
        raw = row.odds.win_cents(e.wager)
        rules = (table.citation,) + extra
        if raw > limit:
            out[e.seat] = WagerResult("jacks_plus", LABELS["jacks_plus"], e.wager, WIN, limit, str(row.odds),
                                      rules + limit_cites)
        else:
            out[e.seat] = WagerResult("jacks_plus", LABELS["jacks_plus"], e.wager, WIN, raw, str(row.odds), rules)
        if e.hand.category is Category.ROYAL_FLUSH:
            royals.append((e, raw))
    if len(royals) >= 2 and sum(raw for _, raw in royals) > limit:
        total = sum(e.wager for e, _ in royals)
        for e, _ in royals:
            r = out[e.seat]
            share = limit * e.wager // total
            out[e.seat] = WagerResult("jacks_plus", r.label, r.amount, WIN, share, r.odds,
                                      tuple(dict.fromkeys(r.rules + limit_cites)))
    return out


def limited(result: WagerResult) -> bool:
    return any(c.endswith("§11(c)") for c in result.rules)


# ---------------------------------------------------------------- a whole round

@dataclass(frozen=True)
class SeatPlay:
    """One player's round: the cards in the order dealt (two down, then the up cards:
    three, four or five in all as the decisions allow), the decisions and the Jacks Plus."""

    seat: int
    cards: tuple[Card, ...]
    decisions: tuple[str, ...] = STAYED
    jacks_plus: int = 0

    @property
    def folded_after(self) -> int | None:
        """3 or 4: the cards held when folding; None for a player who stayed."""
        if self.decisions == FOLDED_AFTER_THREE:
            return 3
        if self.decisions == FOLDED_AFTER_FOUR:
            return 4
        return None

    @property
    def stayed(self) -> bool:
        return self.decisions == STAYED


def cards_for(decisions: Sequence[str]) -> int:
    return {FOLDED_AFTER_THREE: 3, FOLDED_AFTER_FOUR: 4, STAYED: HAND_SIZE}[tuple(decisions)]


@dataclass(frozen=True)
class SeatSettlement(SeatResults):
    seat: int
    cards: tuple[Card, ...]
    hand: HandValue
    folded_after: int | None
    results: tuple[WagerResult, ...]


@dataclass(frozen=True)
class RoundSettlement(RoundResults):
    """``house_net`` (RoundResults): the folded antes, the Jacks Plus results, the commission
    and the dealer's share, less the dealer's wagers."""

    ante: int
    button: int
    dealer_cards: tuple[Card, ...]
    dealer: HandValue
    seats: tuple[SeatSettlement, ...]  # in seat order
    highest: HandValue
    award: PotAward
    folded_antes: int  # the antes of players who folded after three cards: to the table inventory
    jacks_plus_limit: int
    options: HouseOptions = field(default_factory=HouseOptions)

    @property
    def pot(self) -> int:
        return self.award.pot

    @property
    def dealer_results(self) -> tuple[WagerResult, ...]:
        rules = (cite("6(c)"), cite("10(e)"))
        out = [lose("ante", "Ante", self.ante, rules), lose("bet", "Bet", self.ante, rules),
               lose("double", "Double", 2 * self.ante, rules)]
        share = self.award.share_of(DEALER)
        if share:
            out.append(WagerResult(POT, LABELS[POT], share.share, WIN, share.share, "", self.award.rules))
        return tuple(out)

    @property
    def dealer_net(self) -> int:
        """What the dealer's own wagers (taken from the table inventory) bring back to it."""
        return sum(r.net for r in self.dealer_results)

    def ledger(self) -> dict[str, int]:
        """Where every cent wagered ends: with the players (their pot awards and the
        Jacks Plus wagers returned with their winnings), the commission, or the table
        inventory (everything else it received)."""
        wagered_players = sum(sum(r.amount for r in s.results if r.wager != POT) for s in self.seats)
        wagered_dealer = dealer_contribution(self.ante)
        jp_paid = sum(r.net for s in self.seats for r in s.results if r.wager == "jacks_plus" and r.result == WIN)
        jp_returned = sum(r.amount for s in self.seats for r in s.results if r.wager == "jacks_plus" and r.result == WIN)
        jp_lost = sum(r.amount for s in self.seats for r in s.results if r.wager == "jacks_plus" and r.result == LOSE)
        to_players = self.award.to_players + jp_returned + jp_paid
        dealer_share = self.award.share_of(DEALER)
        inventory = self.folded_antes + jp_lost + (dealer_share.share if dealer_share else 0)
        return {
            "wagered_by_players": wagered_players,
            "wagered_by_dealer": wagered_dealer,
            "jacks_plus_paid_from_inventory": jp_paid,
            "pot": self.pot,
            "to_players": to_players,
            "commission": self.award.commission,
            "to_inventory": inventory,
        }


def validate_round(ante: int, dealer_cards: Sequence[Card], seats: Sequence[SeatPlay], button: int,
                   options: HouseOptions) -> None:
    validate_options(options)
    validate_amount("the ante", ante)
    if ante <= 0:
        raise SettlementError("the ante is required of every player and the dealer (§6(c)): it must be more than $0.00")
    if len(dealer_cards) != HAND_SIZE:
        raise SettlementError(f"the dealer holds five cards at the reveal (§10(d)), not {len(dealer_cards)}")
    if not seats:
        raise SettlementError("at least one player is needed: each player places an ante (§6(c))")
    numbers = [s.seat for s in seats]
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SEATS:
            raise SettlementError(f"seat {n!r}: seats are numbered 1 to {MAX_SEATS} from the dealer's left")
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        raise SettlementError(f"seat {dup} appears twice; a player wagers on one position only (§13)")
    if button != DEALER and button not in numbers:
        raise SettlementError(f"the button lies before the dealer (0) or at a seated player, not at {button!r} "
                              "(§7(d))")
    all_cards: list[Card] = list(dealer_cards)
    for s in seats:
        where = f"seat {s.seat}"
        if tuple(s.decisions) not in DECISIONS:
            raise SettlementError(f"{where}: the decisions are [\"bet\", \"double\"], [\"bet\", \"fold\"] or "
                                  f"[\"fold\"] (§10(a), §10(c)), not {list(s.decisions)}")
        need = cards_for(s.decisions)
        if len(s.cards) != need:
            what = {3: "folds after the first three cards", 4: "folds after the fourth card",
                    5: "bets and doubles"}[need]
            raise SettlementError(f"{where}: a player who {what} holds {need} cards, not {len(s.cards)}")
        validate_amount(f"{where}: jacks_plus", s.jacks_plus)
        all_cards.extend(s.cards)
    check_one_deck(all_cards, 0, f"{TITLE} (§2(a))")


def _seat_results(ante: int, s: SeatPlay, award: PotAward, jp: dict[int, WagerResult]) -> list[WagerResult]:
    out: list[WagerResult] = []
    if s.decisions == FOLDED_AFTER_THREE:
        out.append(lose("ante", "Ante", ante, (cite("10(a)(2)"), cite("1"))))
    elif s.decisions == FOLDED_AFTER_FOUR:
        rules = (cite("10(c)(2)"),)
        out += [lose("ante", "Ante", ante, rules), lose("bet", "Bet", ante, rules)]
    else:
        rules = (cite("10(e)"),)
        out += [lose("ante", "Ante", ante, rules), lose("bet", "Bet", ante, rules),
                lose("double", "Double", 2 * ante, rules)]
        share = award.share_of(s.seat)
        if share is not None:
            result = WIN if share.paid > 0 else PUSH
            out.append(WagerResult(POT, LABELS[POT], share.share, result, share.paid, "", award.rules))
    if s.seat in jp:
        out.append(jp[s.seat])
    return out


def settle_round(ante: int, dealer_cards: Sequence[Card], seats: Sequence[SeatPlay], *, button: int = DEALER,
                 options: HouseOptions = HouseOptions()) -> RoundSettlement:
    """The whole round from its final hands: the pot, its award, every Jacks Plus wager."""
    validate_round(ante, dealer_cards, seats, button, options)
    dealer = evaluate(dealer_cards)
    values = {DEALER: dealer}
    hands = {}
    for s in seats:
        hands[s.seat] = evaluate(s.cards)
        if s.stayed:
            values[s.seat] = hands[s.seat]
    highest = max(values.values())
    winners = [p for p, v in values.items() if v == highest]
    pot = pot_total(ante, [s.decisions for s in seats])
    award = award_pot(pot, winners, button, options)
    jp = settle_jacks_plus([JacksPlusEntry(s.seat, s.jacks_plus, hands[s.seat], not s.stayed)
                            for s in sorted(seats, key=lambda s: s.seat) if s.jacks_plus], options)
    settled = tuple(SeatSettlement(s.seat, tuple(s.cards), hands[s.seat], s.folded_after,
                                   tuple(_seat_results(ante, s, award, jp)))
                    for s in sorted(seats, key=lambda s: s.seat))
    folded_antes = sum(contribution(ante, s.decisions)[1] for s in seats)
    return RoundSettlement(ante, button, tuple(dealer_cards), dealer, settled, highest, award, folded_antes,
                           jacks_plus_limit(options), options)


def winner_text(award: PotAward) -> str:
    names = [position_name(p) for p in award.winners]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


__all__ = [
    "BET", "DOUBLE", "FOLD", "STAYED", "FOLDED_AFTER_FOUR", "FOLDED_AFTER_THREE", "DECISIONS", "POT", "LABELS",
    "HouseOptions", "PotShare", "PotAward", "SeatPlay", "SeatSettlement", "RoundSettlement", "JacksPlusEntry",
    "commission_on", "commission_reason", "fraction_dropped", "contribution", "dealer_contribution", "pot_total", "split_evenly",
    "award_pot", "jacks_plus_limit", "jacks_plus_row", "settle_jacks_plus", "settle_round", "validate_round",
    "validate_options", "percent_to_basis_points", "percent_text", "limited", "winner_text", "cards_for",
]
