"""Table mode for DJ Wild Poker: one round as the dealer deals it, with simulated
players (trainer/core/table/script.py describes the contract).

The round: the players' ante, blind and optional Trips, Two Way Bad Beat and Cover All
wagers (§6(b), §10, §11(a)); "No more bets" (§7(b)(3) or §8(b)(2)); the deal, card by
card from the hand (§7(c)(1); trainer ruling 16) or in stacks of five from the automated
dealing shoe (§8(c)-(d)), every card face down; each player's play wager of twice the
ante or fold (§7(c)(2), §8(e)); the dealer's hand turned over and announced (§9(d)); each
player's hand compared and every wager collected or paid (§9(a), §9(d)(1)-(4), §10;
rulings 13-15); the Cover All bets last (§11(j)); the cards picked up to the discard
rack (§9(e)). Dealing is ``dealing.py``'s and every amount ``settlement.py``'s.

Readings (each applied where marked below):

- No cut in either method. A cut is required only after a manual shuffle or a
  pre-shuffled deck (§4(b)(2), (c)). Dealing from the hand requires the automated
  shuffler (§7(b)(1)), and after an automated shuffle the cards go straight to the
  deal (§4(b)(1)); the automated dealing shoe is loaded from the automated shuffler
  (§4(a), §8(b)(1)). So DJ Wild has no cover card on the dealer's hand and no burn.
- The order of the play-or-fold decisions is written only for the automated shoe
  (§8(e): from the player farthest to the left, clockwise). Dealt from the hand, §7(c)(2)
  says only "Players will then decide", so those offers are one any-order group.
- No order of settlement is written (§9(a): "each player's hand shall be compared to
  the dealer's"; §11(h): "according to house procedures"), so the whole player
  settlement (each hand turned over, each wager collected or paid) is one any-order
  group across the seats, and the Cover All bets, which come after every player bet
  (§11(j)), are a second one. Within the group each hand is turned over before its
  wagers are settled (``DealerAction.after``), so a payout made before its hand is turned over is
  stopped.
- A folded hand keeps its cards on the layout while a wager on it is still in action:
  its own Trips (ruling 14) or Two Way Bad Beat (§10(b)), or any Cover All wager at the
  table, for which every hand dealt counts (ruling 11); it is turned over at settlement.
  Its ante and blind lose (ruling 15) and are collected with the settlement.
- A Cover All whose highest hand is five of a kind is referred to the floor supervisor
  (ruling 17): the round has no dealer action for it; the summary says so, and the
  five of a kind, a hand left exposed for the Cover All (§11(h)), stays on the table
  for the floor supervisor.

Cover All (§11), when a Cover All wager is in action:

- §11(d)-(e): the shuffler is the i-Deal Plus set to its "DJ Wild Cover All" mode; once
  the dealer's hand is out of it and its green button is pressed, it shows the payouts
  for the number of players. Pressing the button is a step of the device with no dealer
  action (the table has no verb for it), so, as Four Card Poker's table round does for
  its §12(d)-(e), the option line says so; from the automated shoe, the dealer's own
  hand, the hand taken from the device, says it too.
- §11(h)-(i), the exposed hands: DJ Wild's text is Four Card Poker's §12(h)-(i) in the
  same words, so it is read as trainer ruling 23 reads those (trainer ruling 39): the
  cards left exposed are always the highest hand found so far, a straight or better; a
  later hand of the same rank stays exposed beside it; a later, lower hand is not left
  exposed. Where the texts differ, DJ Wild's own text is followed:
  - DJ Wild's house procedure picks the cards up "in order" (§9(e)) and orders neither
    the seats nor the pickups (§9(a)). Reading: with a Cover All wager in action each
    hand is picked up once its wagers are settled (§9(e)), except that a straight or
    better is left exposed (§11(h)); "leave the cards exposed on the table" implies
    that the other hands are not. The settlement stays one any-order group across the
    seats, pickups included. A hand that is the highest at the table, a straight or
    better, is never picked up before the Cover All bets are settled; a lower straight
    or better is picked up once a higher hand has been found: where one seat alone holds
    a higher hand, that hand's reveal must come first (the order of the rest decides
    whether the lower hand was left exposed and then removed, §11(i), or picked up as
    usual, and both end the same); where several seats do, any one of them may have been
    found first, and the round (a script of fixed actions) accepts the pickup once the
    hand is settled. The order listed (seats from the dealer's left) places each such
    pickup right after the reveal that makes it due.
  - The dealer's hand is turned over first (§9(d)); a straight or better is left
    exposed "even if it's his" (§11(h)). Reading: each player's hand is compared with
    the dealer's (§9(a)), so the dealer's cards stay on the table until every player bet
    is settled, even once a higher hand is found; they are then picked up in any order
    with the Cover All settlement (nothing orders the two: §11(j) orders only the bets),
    or, when they are the exposed highest hand, after it. Four Card Poker's "dealer's
    cards last" comes from its own §10(e), which DJ Wild does not have.
  - §11(j): the Cover All bets after every player bet, in any order; then the exposed
    hand(s) are picked up, in any order.
  When the house offers Cover All but no player makes the wager, the round is dealt as
  without it: §11(h)-(j) change how Cover All bets are settled, and there are none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.core.cards import Card, shuffled
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.settlement import REFER, WIN, WagerResult
from trainer.games.dj_wild.dealing import (
    AUTOMATED_SHOE,
    HAND,
    PLAY_ORDER_CITATIONS,
    DealStep,
    deal_sequence,
)
from trainer.games.dj_wild.hands import HAND_SIZE, TITLE, Category, cite, deck, evaluate, flush_reading_matters
from trainer.games.dj_wild.rules_data import GAME_ID, rules_data
from trainer.games.dj_wild.settlement import (
    FOLD,
    LABELS,
    PLAY,
    HouseOptions,
    RoundSettlement,
    SeatWagers,
    settle_round,
)
from trainer.core.table import steps
from trainer.core.table.actions import CLEAR, COLLECT, DEAL, DEALER, OFFER, PAY, REVEAL, DealerAction, Effect
from trainer.core.table.levels import Level
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake, pick_seats, pick_wager
from trainer.core.table.table_state import TableState

ORDINALS = ("first", "second", "third", "fourth", "fifth")
SIDE_BETS = ("trips", "bad_beat", "cover_all")
OFFERED, NOT_OFFERED = "offered", "not-offered"
DECISIONS_GROUP = "decisions"
SETTLE_GROUP = "settle"
COVER_ALL_GROUP = "cover-all"
EXPOSED_GROUP = "exposed"
EXPOSURE_RULES = (cite("11(h)"), cite("11(i)"), ruling(23), ruling(39))


# ---------------------------------------------------------------- house options

def _house_option(key: str) -> HouseOption:
    """A house option as the rules data states it (resources/games/dj-wild/game.json)."""
    opt = rules_data().house_options[key]
    trips = key == "trips_table"  # each choice shown by its pay table's title
    return HouseOption.from_data(opt, [rules_data().pay_tables[t].title for t in opt.choices.values()] if trips
                                 else None)


DEALING_METHOD = _house_option("dealing_method")
TRIPS_TABLE = _house_option("trips_table")
BAD_BEAT = _house_option("two_way_bad_beat")
COVER_ALL = _house_option("cover_all")
# The Multi Game Link (§12) is not an option here: it prints no pay table and the
# trainer settles no link wager (trainer ruling 18), so it changes nothing the dealer
# does in a round of this table.
HOUSE_OPTIONS: tuple[HouseOption, ...] = (DEALING_METHOD, TRIPS_TABLE, BAD_BEAT, COVER_ALL)
assert set(DEALING_METHOD.choices) == {HAND, AUTOMATED_SHOE}


def house_of(config: RoundConfig) -> tuple[str, HouseOptions]:
    """The dealing method and the settlement's house options in force."""
    return config.option(DEALING_METHOD), HouseOptions(
        trips_table=config.option(TRIPS_TABLE),
        bad_beat=config.option(BAD_BEAT) == OFFERED,
        cover_all=config.option(COVER_ALL) == OFFERED,
    )


# ---------------------------------------------------------------- the players

@dataclass(frozen=True)
class Bets:
    """What a simulated player puts on the layout before "No more bets" (§6(b), §11(a))."""

    seat: int
    ante: int
    blind: int
    trips: int = 0
    bad_beat: int = 0
    cover_all: int = 0


def pick_bets(rng: random.Random, level: Level, seat: int, house: HouseOptions) -> Bets:
    """A player's wagers: an ante from the level's choices; the blind equal to it (the
    text requires both and sets no ratio, §1; players here bet them equal); each side bet
    the house offers at the level's rate, no larger than the ante."""
    ante = pick_wager(rng, level)

    def side(offered: bool) -> int:
        return pick_wager(rng, level, maximum=ante) if offered and rng.random() < level.side_bet_rate else 0

    return Bets(seat, ante, ante, side(True), side(house.bad_beat), side(house.cover_all))


def decide(cards: Sequence[Card]) -> str:
    """The simulated players' strategy: play with a pair or better, else fold. A wild
    card always makes at least a pair, so every hand holding one is played."""
    return PLAY if evaluate(cards).category >= Category.PAIR else FOLD


# ---------------------------------------------------------------- the round dealt

@dataclass(frozen=True)
class Delivery:
    """One delivery of the deal (a card from the hand, or a stack of five) and its cards."""

    step: DealStep
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class WildRound:
    method: str
    house: HouseOptions
    deliveries: tuple[Delivery, ...]
    seats: tuple[SeatWagers, ...]  # from the dealer's left
    dealer_cards: tuple[Card, ...]
    settlement: RoundSettlement

    def seat(self, number: int) -> SeatWagers:
        return next(s for s in self.seats if s.seat == number)

    @property
    def cover_all_in_play(self) -> bool:
        return any(s.cover_all for s in self.seats)

    def keeps_cards(self, seat: SeatWagers) -> bool:
        """A folded hand stays on the layout while a wager on it is in action (Trips,
        ruling 14; Two Way Bad Beat, §10(b); any Cover All at the table, ruling 11)."""
        return bool(seat.trips or seat.bad_beat or self.cover_all_in_play)


DEFAULT_HOUSE = HouseOptions()


def deal(method: str, bets: Sequence[Bets], cards: Sequence[Card], house: HouseOptions = DEFAULT_HOUSE) -> WildRound:
    """Deal ``cards`` (top of the deck first) to the seats of ``bets`` in the order of
    ``dealing.deal_sequence``, let each player decide (``decide``) and settle."""
    by_seat = {b.seat: b for b in bets}
    hands: dict[int, list[Card]] = {n: [] for n in [*by_seat, DEALER]}
    deliveries = []
    for step, got, _ in steps.deliveries(deal_sequence(method, list(by_seat)), cards):
        hands[step.recipient].extend(got)
        deliveries.append(Delivery(step, got))
    seats = tuple(SeatWagers(n, tuple(hands[n]), b.ante, b.blind, b.trips, b.bad_beat, b.cover_all,
                             decide(hands[n])) for n, b in sorted(by_seat.items()))
    dealer = tuple(hands[DEALER])
    return WildRound(method, house, tuple(deliveries), seats, dealer, settle_round(dealer, seats, house))


# ---------------------------------------------------------------- the script

@dataclass
class WildScript(RoundScript):
    """The round's script and the round it was dealt from (for ``watch_mistakes``)."""

    wild: WildRound | None = None


def build_round(config: RoundConfig) -> WildScript:
    rng = random.Random(config.seed)
    method, house = house_of(config)
    seats = pick_seats(rng, config.level, rules_data().seats)
    bets = [pick_bets(rng, config.level, n, house) for n in seats]
    return script_for(deal(method, bets, shuffled(deck(), rng), house), config)


def _who(recipient: int) -> str:
    return "the dealer" if recipient == DEALER else f"seat {recipient}"


def _deal_action(d: Delivery) -> DealerAction:
    step = d.step
    if step.cards == HAND_SIZE:  # a stack from the automated shoe (§8(c)), or the dealer's own hand (§8(d))
        if step.recipient == DEALER:
            # §8(d) does not say "face down" for the dealer's hand; §9(d) (turned over
            # after every decision) and §13(a) (exposed: all hands void) require it.
            text = "Deal yourself your five-card hand from the automated shoe, face down"
            cites = step.citations + (cite("9(d)"), cite("13(a)"))
        else:
            text = f"Deliver seat {step.recipient} its stack of five cards from the automated shoe, face down"
            cites = step.citations
    else:
        nth = ORDINALS[step.card_number - 1]
        who = "yourself your" if step.recipient == DEALER else f"seat {step.recipient} its"
        text = f"Deal {who} {nth} card, face down, from the hand"
        cites = step.citations + (cite("7(b)(3)"),)
    return steps.deal(step.recipient, d.cards, False, text, cites)


def _offer_action(rnd: WildRound, s: SeatWagers) -> DealerAction:
    play = 2 * s.ante
    if rnd.method == AUTOMATED_SHOE:
        cites, group = PLAY_ORDER_CITATIONS + (cite("1"),), ""
    else:
        # Reading: dealt from the hand, §7(c)(2) gives no order for the decisions.
        cites, group = (cite("7(c)(2)"), cite("1")), DECISIONS_GROUP
    if s.decision == PLAY:
        response = f"Seat {s.seat} plays: {format_cents(play)} on Play"
        effects: tuple[Effect, ...] = (Effect("wager", s.seat, "play", amount=play),)
    else:
        response = f"Seat {s.seat} folds"
        effects = ((Effect("note", s.seat, text="folded; wagers in action"),)
                   if rnd.keeps_cards(s) else (Effect("fold", s.seat),))
    return steps.offer(s.seat, f"Offer seat {s.seat} the play wager of twice the ante ({format_cents(play)}) or a fold",
                       cites, response, effects, group)


def _hand_text(value) -> str:
    """'pair of nines', 'ace high', 'straight, five high': the hand's name for a text."""
    return value.describe().split(" (")[0].lower()


def _reveal_seat(rnd: WildRound, s: SeatWagers) -> DealerAction | None:
    hand = _hand_text(rnd.settlement.seat(s.seat).hand)
    if s.decision == PLAY:
        return steps.reveal(s.seat, f"Turn over seat {s.seat}'s hand ({hand}) and compare it with yours",
                            (cite("9(a)"), cite("9(b)")), group=SETTLE_GROUP)
    if not rnd.keeps_cards(s):
        return None
    cites: tuple[str, ...] = ()
    if s.trips:
        cites += (cite("9(d)(4)"), ruling(14))
    if s.bad_beat:
        cites += (cite("10(b)"),)
    if rnd.cover_all_in_play:
        cites += (cite("11(b)"), ruling(11))
    return steps.reveal(s.seat, f"Turn over seat {s.seat}'s folded hand ({hand}): a wager on it is still in action",
                        cites, group=SETTLE_GROUP)


_LOSS_REASONS = {
    "ante": "your hand is higher", "blind": "your hand is higher", "play": "your hand is higher",
    "trips": "no three of a kind or better", "bad_beat": "not both hands three of a kind or better, or a tie",
    "cover_all": "the highest hand at the table is below a full house",
}


def _settle_action(rnd: WildRound, s: SeatWagers, r: WagerResult, group: str) -> DealerAction | None:
    """COLLECT a losing wager, PAY a winning one (the amount is the settlement's); a push
    and a referred wager need no dealer action."""
    label = rules_data().spot_label(r.wager)
    why = "the player folded" if s.decision == FOLD and r.wager in ("ante", "blind") else _LOSS_REASONS[r.wager]
    return steps.settle(s.seat, r, pay_text=f"Pay seat {s.seat}'s {label} {r.odds}{_paid_on(rnd, s, r.wager)}: "
                                            f"{format_cents(r.net)}",
                        collect_text=f"Collect seat {s.seat}'s {label} ({format_cents(r.amount)}): {why}",
                        citations=r.rules, group=group, spot_label=label)


def _paid_on(rnd: WildRound, s: SeatWagers, wager: str) -> str:
    """What a payout is read from, for its text: ' (wild full house)'."""
    settled = rnd.settlement.seat(s.seat)
    if wager == "blind":
        return f" ({settled.hand.category.hand_name})"
    if wager == "trips" and settled.trips_reading is not None:
        return f" ({settled.trips_reading.label.lower()})"
    if wager == "bad_beat":
        return f" (losing hand: {min(settled.hand, rnd.settlement.dealer).category.hand_name})"
    if wager == "cover_all" and rnd.settlement.cover_all is not None:
        return f" (highest hand: {rnd.settlement.cover_all.highest.category.hand_name})"
    return ""


@dataclass(frozen=True)
class CoverAllPlan:
    """§11(h)-(i) read with trainer rulings 23 and 39 (the module's docstring): the
    holders (seat numbers, DEALER) whose cards are still exposed when the Cover All bets
    are settled, the highest hand at the table when it is a straight or better; and for
    every other player hand that is a straight or better, the seats holding a higher hand
    (a hand lower than the dealer's is never left exposed: the dealer's is found first)."""

    exposed: tuple[int, ...]
    higher: dict[int, tuple[int, ...]]

    def left_exposed(self, seat: int) -> bool:
        return seat in self.exposed


def cover_all_plan(rnd: WildRound) -> CoverAllPlan | None:
    """None when no Cover All wager is in action (the round is dealt as without it)."""
    if not rnd.cover_all_in_play:
        return None
    st = rnd.settlement
    values = {DEALER: st.dealer} | {s.seat: st.seat(s.seat).hand for s in rnd.seats}
    top = max(values.values())
    exposed = tuple(h for h in [DEALER, *(s.seat for s in rnd.seats)] if values[h] == top) \
        if top.category >= Category.STRAIGHT else ()
    higher = {}
    for s in rnd.seats:
        v = values[s.seat]
        if s.seat in exposed or v.category < Category.STRAIGHT or st.dealer > v:
            continue
        higher[s.seat] = tuple(o.seat for o in rnd.seats if values[o.seat] > v)
    return CoverAllPlan(exposed, higher)


def _by_ruling_25(value, others) -> tuple[str, ...]:
    """Trainer ruling 25 where the order of ``value`` and one of ``others`` (two flushes)
    turns on it, so which hand is left exposed does too."""
    return (ruling(25),) if any(flush_reading_matters(value, o) for o in others) else ()


def _whose(holder: int, value) -> str:
    """"seat 5's straight, nine high", "your royal flush"."""
    name = _hand_text(value)
    return f"your {name}" if holder == DEALER else f"seat {holder}'s {name}"


def _pickup(rnd: WildRound, plan: CoverAllPlan, s: SeatWagers) -> DealerAction:
    """A player's cards picked up once the seat is settled (§9(e)), with Cover All in
    action: a hand below a straight is not left exposed (§11(h)); a lower straight or
    better once a higher hand is found (§11(i); rulings 23, 39)."""
    value = rnd.settlement.seat(s.seat).hand
    cites: tuple[str, ...] = (cite("9(e)"),)
    if value.category < Category.STRAIGHT:
        text = f"Pick up seat {s.seat}'s cards into the discard rack: below a straight, they are not left exposed"
        cites += (cite("11(h)"),)
    elif s.seat not in plan.higher:
        text = (f"Pick up seat {s.seat}'s cards into the discard rack: your exposed "
                f"{_hand_text(rnd.settlement.dealer)} is higher, so its {_hand_text(value)} is not left exposed")
        cites += EXPOSURE_RULES + _by_ruling_25(value, [rnd.settlement.dealer])
    else:
        found = " or ".join(_whose(o, rnd.settlement.seat(o).hand) for o in plan.higher[s.seat])
        text = (f"Pick up seat {s.seat}'s {_hand_text(value)} into the discard rack once a higher hand is found "
                f"({found}): the lower cards are not left exposed")
        cites += EXPOSURE_RULES + _by_ruling_25(value, [rnd.settlement.seat(o).hand for o in plan.higher[s.seat]])
    return steps.pick_up(s.seat, text, cites, note=value.describe(), group=SETTLE_GROUP)


def _settlement_actions(rnd: WildRound, plan: CoverAllPlan | None) -> list[DealerAction]:
    """Each seat's hand turned over and its wagers settled, one any-order group (the
    module's readings); with Cover All in action each hand's pickup too (``_pickup``),
    none for a hand left exposed to the end, placed in the order listed where it is due."""
    acts: list[DealerAction] = []
    reveal_at: dict[int, int] = {}
    waiting: dict[int, list[tuple[int, bool]]] = {}  # seat -> pickups due once its hand is turned over
    pickup_of: dict[int, int] = {}  # index in ``acts`` -> the seat of a pickup that waits for a higher hand
    for s in rnd.seats:
        reveal = _reveal_seat(rnd, s)
        first: tuple[int, ...] = ()
        if reveal is not None:
            if plan is not None and rnd.settlement.seat(s.seat).hand.category >= Category.STRAIGHT:
                if plan.left_exposed(s.seat):
                    left = "leave it exposed: the highest hand at the table"
                elif s.seat in plan.higher:
                    left = "leave it exposed while it is the highest hand found"
                else:  # below the dealer's exposed hand, found first
                    left = f"not left exposed, your exposed {_hand_text(rnd.settlement.dealer)} is higher"
                value = rnd.settlement.seat(s.seat).hand
                others = [rnd.settlement.dealer] + [rnd.settlement.seat(o.seat).hand for o in rnd.seats]
                reveal = replace(reveal, text=f"{reveal.text} — a straight or better: {left}",
                                 citations=reveal.citations + EXPOSURE_RULES + _by_ruling_25(value, others))
            first = (len(acts),)
            reveal_at[s.seat] = len(acts)
            acts.append(reveal)
        settled = list(first)
        for r in rnd.settlement.seat(s.seat).results:
            if r.wager != "cover_all":
                a = _settle_action(rnd, s, r, SETTLE_GROUP)
                if a is not None:
                    # A folded hand's ante and blind lose whatever it holds: no need to see it first.
                    by_fold = s.decision == FOLD and r.wager in ("ante", "blind")
                    settled.append(len(acts))
                    acts.append(a if by_fold else replace(a, after=first))
        for k, lone in waiting.pop(s.seat, []):
            due = (reveal_at[s.seat],) if lone else ()
            acts.append(replace(acts[k], after=acts[k].after + due))
            acts[k] = None  # moved here, after the reveal that makes it due
            if k in pickup_of:
                pickup_of[len(acts) - 1] = pickup_of.pop(k)
        if plan is None or plan.left_exposed(s.seat):
            continue
        pickup = replace(_pickup(rnd, plan, s), after=tuple(settled))
        higher = plan.higher.get(s.seat, ())
        if higher:
            pickup_of[len(acts)] = s.seat  # appended just below, whichever branch
        if higher and all(o > s.seat for o in higher):
            # Listed from the dealer's left, this hand is the highest found so far: it is
            # left exposed until the first higher hand is turned over (§11(i)); from any
            # other order only a lone higher seat can be required first (module docstring).
            acts.append(pickup)
            waiting.setdefault(min(higher), []).append((len(acts) - 1, len(higher) == 1))
        elif len(higher) == 1:
            acts.append(replace(pickup, after=pickup.after + (reveal_at[higher[0]],)))
        else:
            acts.append(pickup)
    # A lower straight or better is picked up only once one of the higher hands has been
    # turned over: until then it is the highest hand found and stays exposed (§11(i);
    # trainer rulings 23, 39), whichever order the seats are settled in.
    for k, seat in pickup_of.items():
        acts[k] = replace(acts[k], after_any=tuple(reveal_at[o] for o in plan.higher[seat] if o in reveal_at))
    out = [a for a in acts if a is not None]
    # Indexes inside the list changed where pickups moved: recompute ``after`` by identity.
    return _reindex(acts, out)


def _reindex(before: list, after_list: list[DealerAction]) -> list[DealerAction]:
    """``after`` holds indexes into ``before`` (with None for moved entries, their copies
    appended later): rewrite them as indexes into ``after_list``."""
    position = {}
    j = 0
    for i, a in enumerate(before):
        if a is not None:
            position[i] = j
            j += 1
    return [replace(a, after=tuple(position[k] for k in a.after), after_any=tuple(position[k] for k in a.after_any))
            for a in after_list]


def round_actions(rnd: WildRound) -> list[DealerAction]:
    """Every dealer action of the round, in the rules' order."""
    if rnd.method == AUTOMATED_SHOE:
        acts = [steps.announce("Announce “No more bets” before the shoe dispenses any stack",
                               (cite("8(b)(2)"), cite("6(b)")))]
    else:
        acts = [steps.announce("Announce “No more bets” before dealing any card", (cite("7(b)(3)"), cite("6(b)")))]
    # No cut, no burn, no cover card: see the module's readings.
    deals = [_deal_action(d) for d in rnd.deliveries]
    if rnd.house.cover_all and rnd.method == AUTOMATED_SHOE:
        # §11(e): the dealer's hand is the last taken from the i-Deal Plus; its green
        # button then shows the payouts (a step of the device: no dealer action).
        d = deals[-1]
        players = len(rnd.seats)
        deals[-1] = replace(d, text=f"{d.text}; then press the i-Deal Plus's green button: it shows the Cover All "
                                    f"payouts for {players} player{'s' if players != 1 else ''}",
                            citations=d.citations + (cite("11(e)"),))
    acts += deals
    acts += [_offer_action(rnd, s) for s in rnd.seats]  # §8(e) order; from the hand, any order
    dealer = rnd.settlement.dealer
    plan = cover_all_plan(rnd)
    reveal_text = f"Turn over your five cards and announce your hand: {_hand_text(dealer)}"
    reveal_cites: tuple[str, ...] = (cite("9(d)"), cite("9(a)"))
    if plan is not None and dealer.category >= Category.STRAIGHT:
        reveal_text += " — a straight or better: leave it exposed, even though it is yours"
        reveal_cites += EXPOSURE_RULES
    acts.append(steps.reveal(DEALER, reveal_text, reveal_cites))
    # Reading: no settlement order is written (§9(a)); the seats are listed from the
    # dealer's left but settled in any order (one group across the seats).
    base = len(acts)
    acts += [replace(a, after=tuple(base + k for k in a.after),
                                 after_any=tuple(base + k for k in a.after_any)) for a in _settlement_actions(rnd, plan)]
    # §11(j): the Cover All bets after every player bet; no order among them is written.
    for s in rnd.seats:
        r = rnd.settlement.seat(s.seat).result("cover_all")
        if r is not None:
            a = _settle_action(rnd, s, r, COVER_ALL_GROUP)
            if a is not None:
                acts.append(replace(a, citations=a.citations + (cite("11(j)"),)))
    if plan is None:
        acts.append(steps.clear_table("Pick up the cards in order and place them in the discard rack", (cite("9(e)"),)))
        return acts
    if not plan.left_exposed(DEALER):
        # Reading (module docstring): the dealer's cards stay until every player bet is
        # settled, then go in any order with the Cover All settlement.
        higher = dealer.category >= Category.STRAIGHT
        acts.append(steps.pick_up(DEALER, "Pick up your own cards into the discard rack: every player's hand has been "
                                          "compared with them" + (", and a higher hand than yours has been found"
                                                                  if higher else ""),
                                  (cite("9(e)"), cite("9(a)")) + (EXPOSURE_RULES if higher else ()),
                                  note="picked up", group=COVER_ALL_GROUP))
    if rnd.settlement.cover_all is not None and rnd.settlement.cover_all.result == REFER:
        return acts  # the exposed five of a kind stays for the floor supervisor (ruling 17)
    for holder in plan.exposed:
        value = dealer if holder == DEALER else rnd.settlement.seat(holder).hand
        acts.append(steps.pick_up(holder, f"Pick up {_whose(holder, value)}, left exposed, into the discard rack, now "
                                          "that the Cover All bets are settled",
                                  (cite("11(j)"), cite("9(e)")) + EXPOSURE_RULES, note="picked up",
                                  group=EXPOSED_GROUP if len(plan.exposed) > 1 else ""))
    return acts


def start_table(rnd: WildRound) -> TableState:
    """The layout before "No more bets": the spots the house offers and the wagers."""
    data = rules_data()
    hidden = {k for k, on in (("bad_beat", rnd.house.bad_beat), ("cover_all", rnd.house.cover_all)) if not on}
    spots = tuple(s for s in data.spots if s.key not in hidden)
    wagers = {s.seat: {k: getattr(s, k) for k in ("ante", "blind", *SIDE_BETS) if getattr(s, k)} for s in rnd.seats}
    return TableState(GAME_ID, TITLE, spots, data.seats, wagers)


def _player_line(s: SeatWagers) -> str:
    """'Seat 2: Ante $10.00, Blind $10.00, Trips $5.00'."""
    parts = [f"{LABELS[k]} {format_cents(getattr(s, k))}" for k in ("ante", "blind", *SIDE_BETS) if getattr(s, k)]
    return f"Seat {s.seat}: " + ", ".join(parts)


def summary_lines(rnd: WildRound) -> tuple[str, ...]:
    st = rnd.settlement
    lines = [f"Dealer: {st.dealer.describe()}"]
    for s in rnd.seats:
        settled = st.seat(s.seat)
        did = "plays" if s.decision == PLAY else "folds"
        lines.append(f"Seat {s.seat}: {settled.hand.describe()}, {did}. "
                     + "; ".join(r.describe() for r in settled.results) + ".")
    if rnd.cover_all_in_play and st.cover_all is not None:
        lines.append(st.cover_all.describe() + ".")
        plan = cover_all_plan(rnd)
        if plan is not None and plan.exposed:
            held = " and ".join(("the dealer's" if h == DEALER else f"seat {h}'s") + " "
                                + _hand_text(st.dealer if h == DEALER else st.seat(h).hand) for h in plan.exposed)
            when = ("stays exposed for the floor supervisor" if st.cover_all.result == REFER
                    else "was left exposed until the Cover All bets were settled")
            lines.append(f"The highest hand, {held}, {when} (§11(h)-(j)).")
    lines.append(f"The house {'wins' if st.house_net >= 0 else 'pays'} {format_cents(abs(st.house_net))} net.")
    return tuple(lines)


def option_lines(rnd: WildRound, config: RoundConfig) -> tuple[str, ...]:
    """The house options in force, as shown; Cover All's with the i-Deal Plus's steps of
    §11(d)-(e), which have no dealer action (the module's docstring)."""
    lines = []
    for o in HOUSE_OPTIONS:
        line = o.line(config.option(o))
        if o is COVER_ALL and rnd.house.cover_all:
            n = len(rnd.seats)
            line += (f" — once your hand is out of the i-Deal Plus and you press its green button, it shows the "
                     f"payouts for the number of players, here {n} (§11(e)): a step of the device, with no dealer "
                     "action here")
        lines.append(line)
    return tuple(lines)


def script_for(rnd: WildRound, config: RoundConfig) -> WildScript:
    actions = round_actions(rnd)
    start = start_table(rnd)
    return steps.table_script(config, start, actions, options={o.key: config.option(o) for o in HOUSE_OPTIONS},
                              option_lines=option_lines(rnd, config), players=[_player_line(s) for s in rnd.seats],
                              summary=summary_lines(rnd), irregularities=rules_data().irregularities,
                              script=WildScript, wild=rnd)


# ---------------------------------------------------------------- watch mode

def _remedy(rule_citation: str, remedy_id: str | None = None) -> tuple[str, str]:
    """The irregularity ``remedy_id`` of the rules data, or, where none is written, "Refer
    to floor supervisor" citing the rule broken."""
    return (steps.refer(rule_citation) if remedy_id is None
            else steps.remedy_of(rules_data().irregularities, remedy_id))


def _mistake(kind: str, index: int, performed: DealerAction, rule: str, rule_citation: str,
             remedy_id: str | None = None, replaces: bool = True) -> WatchMistake:
    return steps.mistake(kind, index, performed, rule, rule_citation, _remedy(rule_citation, remedy_id),
                         replaces=replaces)


def _joined(*secs: str) -> str:
    """'DJ Wild Poker §7(c)(1); §9(d)' (more than one section, the game named once)."""
    return cite(secs[0]) + "".join(f"; §{s}" for s in secs[1:])


def _card_name(step: DealStep) -> str:
    return "stack of five" if step.cards == HAND_SIZE else f"{ORDINALS[step.card_number - 1]} card"


def _gets(recipient: int, step: DealStep) -> str:
    """'seat 4 its first card', 'himself his first card', 'seat 4 its stack of five'."""
    if recipient == DEALER:
        return f"himself his {'five-card hand' if step.cards == HAND_SIZE else _card_name(step)}"
    return f"seat {recipient} its {_card_name(step)}"


def _deal_mistakes(rnd: WildRound, acts: list[DealerAction]) -> list[WatchMistake]:
    out = []
    shoe = rnd.method == AUTOMATED_SHOE
    if shoe:
        order_rule = (("Deliver the stacks face down clockwise from the player farthest to the left who has wagered, "
                      "then deal yourself your hand"), _joined("8(c)", "8(d)"))
    else:
        order_rule = (("Deal one card at a time clockwise from the player farthest to the left, yourself last in "
                      "each round"), _joined("7(c)(1)") + "; " + ruling(16))
    deals = [i for i, a in enumerate(acts) if a.verb == DEAL]
    for k, i in enumerate(deals):
        d = rnd.deliveries[k]
        step, a = d.step, acts[i]
        # A card (or stack) face up.
        if step.recipient == DEALER:
            rule = (("The dealer's hand stays face down until every player has played or folded",
                     _joined("8(d)", "9(d)")) if shoe else
                    ("The dealer's five cards are dealt face down", _joined("7(c)(1)", "9(d)")))
            out.append(steps.card_exposed(i, a, f"Deals {_gets(DEALER, step)} face up", *rule,
                                          _remedy(rule[1], "dealer-exposed"), kind="dealer-exposed"))
        else:
            rule = (("Each stack is delivered face down, not disclosing the cards", cite("8(c)")) if shoe else
                    ("Every card is dealt face down, not disclosing its value", _joined("7(b)(3)", "7(c)(3)")))
            out.append(steps.card_exposed(i, a, f"Deals {_gets(step.recipient, step)} face up", *rule,
                                          _remedy(rule[1], "player-card-exposed")))
        if k + 1 == len(deals):
            continue
        nxt = rnd.deliveries[k + 1].step
        # The next position dealt first, out of turn (within one round of the hand deal).
        if nxt.card_number == step.card_number:
            out.append(steps.dealt_out_of_turn(i, a, nxt.recipient,
                                               f"Deals {_gets(nxt.recipient, nxt)} before {_who(step.recipient)}",
                                               *order_rule, _remedy(order_rule[1])))
        # A second card (or stack) to a player who has had this round's.
        if step.recipient != DEALER:
            nxt_act = acts[deals[k + 1]]
            what = "a second stack" if shoe else "a second card in the same round"
            rule_cite = _joined("8(c)") if shoe else _joined("7(c)(1)") + "; " + ruling(16)
            out.append(steps.dealt_out_of_turn(
                deals[k + 1], nxt_act, step.recipient, f"Deals seat {step.recipient} {what}, before "
                                                       f"{_who(nxt.recipient)}",
                "Five cards to each player" + (", one stack each" if shoe else ", one at a time in turn"), rule_cite,
                _remedy(rule_cite, "wrong-count"), kind="wrong-count", replaces=False))
    return out


def _payout_mistakes(rnd: WildRound, acts: list[DealerAction]) -> list[WatchMistake]:
    """Wrong payouts a confused dealer makes, and wagers in action collected."""
    data = rules_data()
    st = rnd.settlement
    out = []

    def pays(i: int, a: DealerAction, amount: int, why: str, rule: str, sec: str) -> None:
        if amount != a.amount:
            out.append(steps.wrong_payout(i, a, amount, f"Pays seat {a.seat}'s {a.spot_label} {format_cents(amount)}"
                                                        f"{why}", rule, sec, _remedy(sec)))

    for i, a in enumerate(acts):
        if a.verb != PAY:
            continue
        s = rnd.seat(a.seat)
        settled = st.seat(a.seat)
        r = settled.result(a.spot)
        if a.spot == "blind":
            pays(i, a, s.blind, " at 1 to 1", f"The blind pays {r.odds} on a {settled.hand.category.hand_name}",
                 cite("9(d)(3)"))
        elif a.spot == "play":
            pays(i, a, s.ante, ", the size of the ante",
                 "The play wager is twice the ante and wins even money", _joined("1", "9(d)(3)"))
        elif a.spot == "trips" and settled.trips_reading is not None:
            reading = settled.trips_reading
            other = reading.category.key if not reading.natural else "wild-" + reading.category.key
            row = data.option_table("trips_table", rnd.house.trips_table).row_for(other)
            if row is not None:
                pays(i, a, row.odds.win_cents(s.trips), f" at {row.odds}, the {row.label.lower()} line",
                     f"Trips pays {r.odds} on a {reading.label.lower()} (table {rnd.house.trips_table})",
                     _joined("9(d)(4)", "9(d)(5)") + "; " + ruling(14))
        elif a.spot == "bad_beat":
            winner = max(settled.hand, st.dealer).category
            row = data.pay_tables["bad_beat"].row_for(winner.key)
            if row is not None:
                pays(i, a, row.odds.win_cents(s.bad_beat), f" at {row.odds}, on the winning hand",
                     "Two Way Bad Beat pays on the losing hand", cite("10(c)"))
        elif a.spot == "cover_all" and st.cover_all is not None and st.cover_all.players != 6:
            row = data.pay_tables["cover_all_6"].row_for(st.cover_all.highest.category.key)
            if row is not None:
                pays(i, a, row.odds.win_cents(s.cover_all), f" at {row.odds}, the six-player payout",
                     f"Cover All pays from the column for {st.cover_all.players} player"
                     f"{'s' if st.cover_all.players != 1 else ''}", _joined("11(c)", "11(k)") + "; " + ruling(11))
        # A wager still in action after a fold, collected with the folded hand.
        if s.decision == FOLD and a.spot in SIDE_BETS:
            why = {"trips": ("Trips is settled whether or not the player folds", _joined("9(d)(4)") + "; " + ruling(14)),
                   "bad_beat": ("Two Way Bad Beat stays in action after a fold", cite("10(b)")),
                   "cover_all": ("Every hand dealt counts for Cover All, folded or not", cite("11(b)") + "; " + ruling(11))}
            taken = steps.collect(a.seat, a.spot, f"Collects seat {a.seat}'s {a.spot_label} with the folded hand", (),
                                  spot_label=a.spot_label)
            out.append(_mistake("wager-in-action-collected", i, taken, *why[a.spot]))
    # A blind that pushes ("Others", §9(d)(3)) paid even money with the ante.
    for i, a in enumerate(acts):
        if a.verb == PAY and a.spot == "ante":
            s = rnd.seat(a.seat)
            blind = st.seat(a.seat).result("blind")
            if blind is not None and blind.result != WIN:
                hand = st.seat(a.seat).hand.category.hand_name
                out.append(steps.wrong_wager_paid(
                    i, a.seat, "blind", s.blind, f"Pays seat {a.seat}'s blind {format_cents(s.blind)} on a {hand}",
                    "Below a straight the blind pushes (“Others”)", cite("9(d)(3)"), _remedy(cite("9(d)(3)")),
                    spot_label=LABELS["blind"], kind="wrong-payout"))
    return out


def _exposure_mistakes(rnd: WildRound, acts: list[DealerAction], cover: list[int]) -> list[WatchMistake]:
    """§11(h)-(i) (rulings 23, 39): the highest hand, a straight or better, picked up
    before the Cover All bets are settled; and a straight or better that is the highest
    found so far picked up with its seat, before a higher hand is found. No remedy is
    written for either: refer to floor supervisor."""
    plan = cover_all_plan(rnd)
    if plan is None:
        return []
    rule_cite = _joined("11(h)", "11(i)") + f"; {ruling(23)}; {ruling(39)}"
    out = []
    if cover:
        for holder in plan.exposed:
            value = rnd.settlement.dealer if holder == DEALER else rnd.settlement.seat(holder).hand
            whose = "its own" if holder == DEALER else f"seat {holder}'s"
            early = steps.pick_up(holder, f"Picks up {whose} {_hand_text(value)} before the Cover All bets are "
                                          "settled", (), note="picked up")
            out.append(_mistake("exposed-hand-picked-up", cover[0], early,
                                "The highest hand at the table, a straight or better, stays exposed on the table "
                                "until the Cover All bets are reconciled", rule_cite + "; §11(j)", replaces=False))
    for seat in plan.higher:
        pickup = next((i for i, a in enumerate(acts) if a.verb == CLEAR and a.seat == seat), None)
        own = [i for i, a in enumerate(acts) if a.group == SETTLE_GROUP and a.seat == seat and a.verb != CLEAR]
        if pickup is None or not own or pickup == own[-1] + 1:
            continue  # listed from the dealer's left, a higher hand was found before this one
        value = rnd.settlement.seat(seat).hand
        early = steps.pick_up(seat, f"Picks up seat {seat}'s {_hand_text(value)} once it is settled, though no "
                                    "higher hand has been found yet", (), note="picked up")
        out.append(_mistake("exposed-hand-picked-up", own[-1] + 1, early,
                            "A straight or better, the highest hand found so far, is left exposed until a higher hand "
                            "is found", rule_cite, replaces=False))
    return out


def watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    """Every mistake the app may make dealing this round: a card or stack dealt out of
    turn, a second one to a player, a player's or the dealer's card face up, no "No
    more bets", decisions asked out of the §8(e) order (automated shoe only), the
    dealer's hand turned over before the decisions or after a player's, a wrong payout
    (blind at 1 to 1, play at the ante's size, Trips from the other column, Bad Beat on
    the winning hand, Cover All from the six-player column, a pushing blind paid), a
    wager in action collected with a folded hand, Cover All settled before the player
    bets, and an exposed straight or better picked up too early (§11(h)-(i)). DJ Wild has no burn, no cover card on the dealer's hand and no button.
    The watch round chooses among them (``rng`` is not needed: every candidate is
    listed)."""
    rnd = getattr(script, "wild", None)
    if rnd is None:
        raise ValueError("a DJ Wild Poker watch round needs the script of table_round.build_round")
    acts = script.actions
    shoe = rnd.method == AUTOMATED_SHOE
    out = []
    first_deal = next(i for i, a in enumerate(acts) if a.verb == DEAL)
    announce_cite = cite("8(b)(2)") if shoe else cite("7(b)(3)")
    out.append(steps.skipped(
        0, acts[first_deal], f"Deals {_gets(acts[first_deal].seat, rnd.deliveries[0].step)} without announcing "
                             "“No more bets”",
        "Announce “No more bets” before " + ("the shoe dispenses any stack" if shoe else "dealing any card"),
        announce_cite, _remedy(announce_cite), kind="missed-announce"))
    out += _deal_mistakes(rnd, acts)
    offers = [i for i, a in enumerate(acts) if a.verb == OFFER]
    dealer_reveal = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    early = steps.reveal(DEALER, "Turns over the dealer's hand before every player has decided", ())
    out.append(_mistake("dealer-exposed", offers[0], early,
                        "The dealer turns over the hand only after every player has played or folded",
                        cite("9(d)"), "dealer-exposed", replaces=False))
    if shoe:  # §8(e) orders the decisions; from the hand they are asked in any order
        for i, j in steps.in_turn(acts, OFFER):
            wrong = replace(acts[j], text=f"Asks seat {acts[j].seat} for the decision before seat {acts[i].seat}")
            out.append(_mistake("wrong-order", i, wrong,
                                "Offer the play wager or fold from the player farthest to the left, clockwise",
                                cite("8(e)")))
    first_player_reveal = next((a for a in acts[dealer_reveal + 1:] if a.verb == REVEAL), None)
    if first_player_reveal is not None:
        out.append(_mistake("wrong-order", dealer_reveal, first_player_reveal.with_text(
            f"Turns over seat {first_player_reveal.seat}'s hand before the dealer's"),
            "The dealer turns over and announces the dealer's hand, then compares each player's hand with it",
            _joined("9(a)", "9(d)")))
    out += _payout_mistakes(rnd, acts)
    cover = [i for i, a in enumerate(acts) if a.group == COVER_ALL_GROUP and a.verb in (PAY, COLLECT)]
    settle = [i for i, a in enumerate(acts) if a.group == SETTLE_GROUP]
    out += _exposure_mistakes(rnd, acts, cover)
    if cover and settle:
        a = acts[cover[0]]
        out.append(_mistake("wrong-order", settle[0], a.with_text(f"Settles seat {a.seat}'s Cover All before the "
                                                                   "player bets"),
                            "The Cover All bets are reconciled after every player bet", cite("11(j)"),
                            replaces=False))
    return out


__all__ = ["HOUSE_OPTIONS", "Bets", "WildRound", "WildScript", "CoverAllPlan", "build_round", "cover_all_plan", "deal",
           "decide", "house_of", "round_actions", "script_for", "watch_mistakes"]
