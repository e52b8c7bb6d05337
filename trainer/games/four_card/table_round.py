"""Table mode for Four Card Poker: one round as the dealer's actions, in the rules' order.

The round (``build_round``): simulated players place an ante and, at the level's side
bet rate, an Aces Up wager (now and then an Aces Up wager alone, §6(a)(2)); the deck is
shuffled from the seed; then, as the rules order them:

1. the one-handed cut when the cards were shuffled by hand (§5(b)(2), (c)); none after
   an automated shuffler (§5(b)(1)), which dealing from the hand requires (§8(b)(1));
2. "No more bets" (§7(b), §8(b)(3), §9(b)(2));
3. the deal of ``dealing.deal_sequence``: one card at a time (§7(c), §8(c)) or a stack
   of five per position and the dealer's extra stack (§9(c)); then the stub to the
   discard rack (§7(d), §8(d), §9(d)), counted first every fifth round (§7(e));
4. the play-or-fold offer to each ante from the dealer's left (§10(b));
5. the forfeited antes collected, and the cards of a folded player without an Aces Up
   wager (§10(c)), in any order;
6. the dealer's reveal (§10(d)); then, from the dealer's right (``dealing.settlement_steps``),
   every active player's hand revealed and every losing wager collected (§10(d)), and the
   house's settlement alternative of §10(e) for the wagers remaining: (1) every winning
   wager paid, then every player's cards collected; (2) player by player, the winning
   wagers paid and the cards collected; the dealer's cards last.

Reading (§10(d) against §10(e)): §10(d) has the dealer reveal the active players' hands
from the dealer's right "then collect all losing ante, play and aces up wagers"; §10(e)
then settles "the wagers remaining on the table", and its alternatives repeat the reveal
and the collection. Read as one procedure: each player's hand is revealed once (citing
both) and every losing wager is collected before any winning wager is paid, under either
alternative; alternative (2) differs from (1) in paying and picking up player by player.
This is the order the round's order drill teaches (procedures.json "round").

Payouts are the settlement module's (``settlement.settle_round``); the ante bonus
(§11(a)(2)) is paid on the ante, in one payment with the ante's own 1 to 1 when the
ante wins (ruling 10: paid even when the ante loses).

Player strategy (seeded, one style per player): a *steady* player plays 3x with a pair
of tens or better (two pair or any higher hand included), 1x with a lower pair or an
ace-high hand, and folds anything else; a *cautious* player (one in four) plays 2x
instead of 3x with a single pair of tens to aces. Players without an ante are not
offered the choice (§10(b)).

Cover All (§12) is a house option (off by default). When the house offers it, players
add a Cover All wager at the level's side bet rate (no larger than their ante, as for
Aces Up; never a lone player, §12(k), ruling 11), and the round changes so:

- the cards are shuffled by the i-Deal Plus shuffler, so there is no one-handed cut
  (reading: §12(d) requires the i-Deal Plus in its Cover All mode, an automated card
  shuffling device, §5(b)(1)); its green button, which shows the payouts for the
  number of players (§12(e)), has no dealer action here: the option line says so;
- with a Cover All wager in action, every hand stays on the layout: a folded hand's
  cards are not collected in §10(c) but revealed and collected with the others
  (reading: ruling 11 has every hand dealt count for the highest hand, folded or not,
  and ``settlement.settle_round`` counts every seat's hand; §10(c) alone would collect
  the cards of a folded player without an Aces Up wager, and a hand in the discard
  rack could not be seen to be the highest);
- §12(h)-(i): the hands are picked up as the house procedure has it, except that a
  straight or better is left exposed where it would be picked up (the exposure of
  ``settlement.cover_all_exposure``, taken in the same order: the dealer first, then
  the players from the dealer's right); when a higher hand is found at its pickup, it
  is left and the lower exposed cards are picked up then; an equal hand is left beside
  it; a straight or better after a higher one is picked up as usual (trainer ruling 23:
  the cards left exposed are always the highest hand found so far; cited on those
  hands). Reading: (h)-(i) change the picking up of the cards only, so no cards
  are picked up before their wagers are settled (§10(e)(1)(iv), (2)(iii));
- §12(j): the Cover All bets are settled after every player bet, one any-order group
  (no order among them is written), amounts from the settlement module (the matrix
  column for the number of player positions dealt, ruling 11; the 6 column for six
  players, see ``settlement.cover_all_result``); then the hands still exposed are
  picked up (from the dealer's right, as §10(e)), and the dealer's cards last.
  Reading: the dealer's own cards always go last (§10(e): "after all players' cards
  have been collected"), after the Cover All settlement when they are the exposed
  hand (§12(h)); when a player's higher hand replaces them (§12(i)) they stay where
  they are until then, since §10(e) forbids picking them up before a player's cards.

When the house offers Cover All but no player makes the wager, the round is dealt as
without it (only the shuffle stays the i-Deal Plus's): reading, §12(h)-(j) change the
procedure to settle Cover All bets, and there are none.

The progressive wager (§13) is not dealt in table mode: its meter and Envy Bonus are
not written out as dealer actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Sequence

from trainer.core.cards import ACE, Card, shuffled, standard_deck
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.settlement import LOSE, WagerResult
from trainer.games.four_card import dealing
from trainer.games.four_card.hands import TITLE, Category, HandValue, aces_up_key, best_hand, cite
from trainer.games.four_card.rules_data import GAME_ID, rules_data, side_bets
from trainer.games.four_card.settlement import (
    FOLD, ONE_TO_ONE, HouseOptions, RoundSettlement, SeatSettlement, SeatWagers, cover_all_exposure, settle_pay_table,
    settle_round,
)
from trainer.games.four_card.table import BASE_SPOTS
from trainer.core.table import steps
from trainer.core.table.actions import (
    CLEAR, COLLECT, CUT, DEAL, DEALER, OFFER, PAY, REVEAL, DealerAction, Effect,
)
from trainer.core.table.levels import Level
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake, pick_seats, pick_wager
from trainer.core.table.table_state import TableState

# ---------------------------------------------------------------- house options

MANUAL_SHUFFLE = "manual"
AUTOMATED_SHUFFLE = "automated"


def _data_option(key: str, labels: Sequence[str] | None = None) -> HouseOption:
    return HouseOption.from_data(rules_data().house_options[key], labels)


DEALING_METHOD = _data_option("dealing_method")
SHUFFLE = HouseOption(
    "shuffle", "Shuffle", (MANUAL_SHUFFLE, AUTOMATED_SHUFFLE), MANUAL_SHUFFLE, cite("5(a)-(b)"),
    ("By hand, then the one-handed cut (§5(b)(2), (c))", "Automated card shuffling device, no cut (§5(b)(1))"))
ACES_UP_TABLE = _data_option("aces_up_table",
                             [f"Table {c}" for c in rules_data().house_options["aces_up_table"].choices])
SETTLEMENT_ALTERNATIVE = _data_option("settlement_alternative")
OFFERED, NOT_OFFERED = "offered", "not-offered"
_COVER_ALL_DATA = rules_data().house_options["cover_all"]
# The choices and labels of the rules data, off first and by default: a plain round unless
# the house is set to offer Cover All (the default is a product choice, not a rule).
COVER_ALL = HouseOption("cover_all", _COVER_ALL_DATA.title, (NOT_OFFERED, OFFERED), NOT_OFFERED,
                        _COVER_ALL_DATA.citation, tuple(_COVER_ALL_DATA.choices[c] for c in (NOT_OFFERED, OFFERED)))
HOUSE_OPTIONS: tuple[HouseOption, ...] = (DEALING_METHOD, SHUFFLE, ACES_UP_TABLE, SETTLEMENT_ALTERNATIVE, COVER_ALL)

# ---------------------------------------------------------------- the players

STEADY = "steady"
CAUTIOUS = "cautious"
CAUTIOUS_RATE = 0.25  # players who play 2x rather than 3x with a single pair of tens or better
ACES_UP_ONLY_RATE = 0.15  # of the players who make an Aces Up wager, those who make no ante (§6(a)(2))


@dataclass(frozen=True)
class Player:
    """A simulated player's wagers before "No more bets" (§6(d)) and playing style."""

    seat: int
    ante: int = 0
    aces_up: int = 0
    style: str = STEADY
    cover_all: int = 0

    def line(self) -> str:
        parts = []
        if self.ante:
            parts.append(f"ante {format_cents(self.ante)}")
        if self.aces_up:
            parts.append(f"Aces Up {format_cents(self.aces_up)}" + ("" if self.ante else " only (no ante)"))
        if self.cover_all:
            parts.append(f"Cover All {format_cents(self.cover_all)}")
        return f"Seat {self.seat}: " + ", ".join(parts)


def play_decision(hand: HandValue, ante: int, style: str = STEADY) -> int | str:
    """The play wager in cents, or FOLD: 3x with a pair of tens or better (2x with a single
    pair for a cautious player), 1x with a lower pair or an ace-high hand, else fold."""
    if hand.category > Category.PAIR:
        return 3 * ante
    if hand.category is Category.PAIR:
        if hand.high_rank >= 10:
            return (2 if style == CAUTIOUS else 3) * ante
        return ante
    return ante if hand.high_rank == ACE else FOLD


def simulated_players(rng: random.Random, level: Level, cover_all: bool = False) -> list[Player]:
    """The seats filled at this level, each with its wagers (within the level's choices;
    an Aces Up wager no larger than the ante) and its style; where the house offers
    Cover All (``cover_all``), a Cover All wager at the side bet rate, no larger than the
    ante the player chose, made only by a player who is dealt in (an ante or an Aces Up
    wager, §7(c)) and never by a lone player (§12(k); trainer ruling 11). Without Cover
    All the draws are the same as before it was offered, so a seed deals the same round."""
    players = []
    seats = pick_seats(rng, level, rules_data().seats)
    cover_all = cover_all and len(seats) >= side_bets().cover_all.min_players
    for seat in seats:
        ante = base = pick_wager(rng, level)
        aces_up = 0
        if rng.random() < level.side_bet_rate:
            aces_up = pick_wager(rng, level, maximum=ante)
            if rng.random() < ACES_UP_ONLY_RATE:
                ante = 0
        style = CAUTIOUS if rng.random() < CAUTIOUS_RATE else STEADY
        cover = pick_wager(rng, level, maximum=base) if cover_all and rng.random() < level.side_bet_rate else 0
        players.append(Player(seat, ante, aces_up, style, cover))
    return players


# ---------------------------------------------------------------- the round

@dataclass(frozen=True)
class Delivery:
    """One DEAL: a ``dealing.DealStep`` with the cards it puts on the layout."""

    step: dealing.DealStep
    cards: tuple[Card, ...]  # kept by the recipient
    discarded: tuple[Card, ...] = ()  # the extra stack's other four (§9(c))


@dataclass(frozen=True)
class Exposure:
    """§12(h)-(i) where a player's cards would be picked up: ``left`` exposed (a straight
    or better, the highest so far or equal to it), and the players whose exposed cards
    are ``removed`` now, a higher hand having been found."""

    left: bool
    removed: tuple[int, ...]


@dataclass(frozen=True)
class TableRound:
    """What a round is made of, for the script and for watch mode's mistakes."""

    method: str
    shuffle: str
    alternative: str
    aces_up_table: str
    players: tuple[Player, ...]
    deliveries: tuple[Delivery, ...]
    dealer_cards: tuple[Card, ...]
    cards: dict[int, tuple[Card, ...]]  # seat -> five cards
    decisions: dict[int, int | str]  # seat with an ante -> play wager (cents) or FOLD
    settlement: RoundSettlement
    round_number: int = 1  # rounds in a row at the table: the stub is counted every fifth (§7(e))
    cover_all_offered: bool = False  # the house offers Cover All (§12)

    def player(self, seat: int) -> Player:
        return next(p for p in self.players if p.seat == seat)

    @property
    def seats(self) -> list[int]:
        return [p.seat for p in self.players]

    @property
    def cover_all_in_play(self) -> bool:
        """Whether any player made a Cover All wager this round (§12(a))."""
        return any(p.cover_all for p in self.players)

    def folded(self, seat: int) -> bool:
        return self.decisions.get(seat) == FOLD

    def active(self, seat: int) -> bool:
        """Whether the seat's hand stays on the layout after §10(c): not folded, folded
        with an Aces Up wager (§10(b)-(c)), or any hand while a Cover All wager is in action
        (trainer ruling 11: every hand dealt counts for the highest hand, folded or not;
        the reading is in the module's docstring)."""
        return not self.folded(seat) or self.player(seat).aces_up > 0 or self.cover_all_in_play

    def exposures(self) -> tuple[dict[int, Exposure], tuple[int, ...]]:
        """§12(h)-(i) at each active player's pickup (``Exposure``), and the holders whose
        cards are still exposed once every hand has been resolved (the dealer as DEALER).
        Without a Cover All wager in action no hand is left exposed."""
        active = [seat for seat in self.seats if self.active(seat)]
        if not self.cover_all_in_play:
            return {seat: Exposure(False, ()) for seat in active}, ()
        order = dealing.reveal_order(active)  # the order of the pickups too (§10(e)(1)-(2): from the right)
        states = cover_all_exposure([(DEALER, self.settlement.dealer)]
                                    + [(seat, self.settlement.seat(seat).hand) for seat in order])
        out = {}
        for before, now, seat in zip(states, states[1:], order):
            # Reading (module docstring): a dealer's hand that a higher one replaces is not
            # picked up here; §10(e) keeps the dealer's cards until all players' are collected.
            out[seat] = Exposure(seat in now, tuple(h for h in before if h not in now and h != DEALER))
        return out, states[-1]


@dataclass
class FourCardScript(RoundScript):
    """A ``RoundScript`` that keeps the round it was built from (for watch mode)."""

    table_round: TableRound | None = None


def effective_shuffle(method: str, shuffle: str, cover_all: bool = False) -> str:
    """§8(b)(1): cards dealt from the hand are shuffled by an automated shuffler. §12(d):
    a house offering Cover All sets the i-Deal Plus shuffler to its Cover All mode, so its
    cards are shuffled by that automated device (reading: the module's docstring)."""
    return AUTOMATED_SHUFFLE if method == dealing.HAND or cover_all else shuffle


def deal_cards(method: str, players: Sequence[Player], deck: Sequence[Card]) -> tuple[list[Delivery], tuple[Card, ...],
                                                                                      dict[int, tuple[Card, ...]]]:
    """Deal ``deck`` (top card first) by ``method``: the deliveries, the dealer's six
    cards and each seat's five."""
    steps = dealing.deal_sequence(method, [p.seat for p in players])
    top = iter(deck)
    deliveries = []
    held: dict[int, list[Card]] = {}
    for step in steps:
        if step.kind == dealing.EXTRA_STACK:
            stack = [next(top) for _ in range(dealing.STACK_SIZE)]
            # §9(c): the stack is spread face down, its bottom card (here the stack's first card)
            # far left; that card is turned up on the dealer's hand, the other four discarded unseen.
            kept, discarded = (stack[0],), tuple(stack[1:])
        else:
            kept, discarded = tuple(next(top) for _ in range(step.cards)), ()
        held.setdefault(step.recipient, []).extend(kept)
        deliveries.append(Delivery(step, kept, discarded))
    dealer_cards = tuple(held.pop(DEALER))
    return deliveries, dealer_cards, {s: tuple(c) for s, c in held.items()}


def round_from(config: RoundConfig, players: Sequence[Player], deck: Sequence[Card]) -> TableRound:
    """The round dealt from ``deck`` (top first) to ``players``: decisions by the players'
    strategy and every wager settled by the settlement module."""
    method = config.option(DEALING_METHOD)
    alternative = config.option(SETTLEMENT_ALTERNATIVE)
    aces_up_table = config.option(ACES_UP_TABLE)
    cover_all = config.option(COVER_ALL) == OFFERED
    players = tuple(sorted(players, key=lambda p: p.seat))
    deliveries, dealer_cards, cards = deal_cards(method, players, deck)
    decisions = {p.seat: play_decision(best_hand(cards[p.seat]), p.ante, p.style) for p in players if p.ante}
    wagers = [SeatWagers(p.seat, cards[p.seat], ante=p.ante, aces_up=p.aces_up, cover_all=p.cover_all,
                         decision=decisions.get(p.seat)) for p in players]
    options = HouseOptions(aces_up_table=aces_up_table, settlement_alternative=alternative,
                           progressive_offered=False, cover_all_offered=cover_all)
    settlement = settle_round(dealer_cards, wagers, options)
    return TableRound(method, effective_shuffle(method, config.option(SHUFFLE), cover_all), alternative,
                      aces_up_table, players, tuple(deliveries), dealer_cards, cards, decisions, settlement,
                      config.round_number, cover_all)


def build_round(config: RoundConfig) -> FourCardScript:
    rng = random.Random(config.seed)
    players = simulated_players(rng, config.level, config.option(COVER_ALL) == OFFERED)
    deck = shuffled(standard_deck(), rng)
    return script_for(config, round_from(config, players, deck))


# ---------------------------------------------------------------- the dealer's actions

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
SOURCES = {dealing.MANUAL_SHOE: "from the shoe", dealing.HAND: "from the deck in your hand"}
ANNOUNCE_SECTIONS = {dealing.MANUAL_SHOE: "7(b)", dealing.HAND: "8(b)(3)", dealing.AUTOMATED_SHOE: "9(b)(2)"}
STUB_SECTIONS = {dealing.MANUAL_SHOE: "7(d)", dealing.HAND: "8(d)", dealing.AUTOMATED_SHOE: "9(d)"}
COUNT_SECTIONS = {dealing.MANUAL_SHOE: "7(e)", dealing.HAND: "8(e)", dealing.AUTOMATED_SHOE: "9(e)"}
STUB_COUNT_EVERY = 5  # §7(e), §8(e), §9(e): "at least once every five rounds of play"
STUB = "stub"
# Results of the settlement module by the layout spot they are collected from or paid on:
# the ante bonus is paid "on the ante wager" (§11(a)(2)).
SPOT_OF_RESULT = {"ante": "ante", "play": "play", "ante_bonus": "ante", "aces_up": "aces_up", "cover_all": "cover_all"}
SPOT_ORDER = ("ante", "play", "aces_up")  # the player bets; Cover All is settled after them (§12(j))
WAGER_WORDS = {"ante": "ante", "play": "play wager", "aces_up": "Aces Up wager", "cover_all": "Cover All wager"}
COVER_ALL_GROUP = "cover-all"


def _label(spot: str) -> str:
    return rules_data().spot_label(spot)


def _deal_action(d: Delivery, method: str) -> DealerAction:
    step = d.step
    effects = steps.cards_to(step.recipient, d.cards, step.face_up)
    effects += tuple(Effect("discard", card=str(c)) for c in d.discarded)
    if step.kind == dealing.EXTRA_STACK:
        text = ("Take the next stack from the shoe, spread it face down, turn its bottom card face up on your hand "
                "and put the other four in the discard rack unseen")
    elif step.kind == dealing.STACK:
        whom = "yourself" if step.recipient == DEALER else f"seat {step.recipient}"
        text = f"Deliver {whom} a stack of five from the automated shoe, face down"
    elif step.recipient == DEALER and step.face_up:
        text = f"Deal yourself your sixth card, face up, right after the fifth, {SOURCES[method]}"
    else:
        whom = "yourself your" if step.recipient == DEALER else f"seat {step.recipient} its"
        text = f"Deal {whom} {ORDINALS[step.card_number - 1]} card, face down, {SOURCES[method]}"
    return steps.deal(step.recipient, d.cards, step.face_up, text, (step.citation,), effects=effects)


def _opening(r: TableRound) -> list[DealerAction]:
    acts = []
    if r.shuffle == MANUAL_SHUFFLE:
        # §5(a)-(c): the cut completes the shuffle, before the deck goes in the shoe and
        # before "No more bets" (§7(a)-(b), §9(b)(1)-(2)).
        acts.append(steps.cut("Cut the deck with one hand: the cover card in front of the deck, at least 10 cards "
                              "from the top onto it, the rest on top, then the cover card to the discard rack",
                              (cite("5(b)(2)"), cite("5(c)(1)"))))
    cover_all = (cite("12(a)"),) if r.cover_all_in_play else ()  # Cover All bets before the start of the round
    acts.append(steps.announce("Announce “No more bets”",
                               (cite(ANNOUNCE_SECTIONS[r.method]), cite("6(d)")) + cover_all))
    acts.extend(_deal_action(d, r.method) for d in r.deliveries)
    acts.append(_stub(r))
    return acts


def _stub(r: TableRound) -> DealerAction:
    """§7(d), §8(d), §9(d): the stub to the discard rack unseen; every fifth round at a
    table it is counted face down first (§7(e); the count of ``dealing.stub_count``)."""
    stub = {dealing.MANUAL_SHOE: "Remove the stub from the shoe and place it",
            dealing.HAND: "Place the stub",
            dealing.AUTOMATED_SHOE: "Remove the stub from the automated shoe and place it"}[r.method]
    counted = r.round_number % STUB_COUNT_EVERY == 0
    return steps.stub(f"{stub} in the discard rack without exposing it", (cite(STUB_SECTIONS[r.method]),),
                      count=dealing.stub_count(len(r.players), r.method) if counted else None,
                      count_citations=(cite(COUNT_SECTIONS[r.method]),) + dealing.STUB_CITATIONS)


def _offers(r: TableRound) -> list[DealerAction]:
    acts = []
    antes = [p.seat for p in r.players if p.ante]
    for seat in dealing.decision_order(antes) if antes else ():
        ante = r.player(seat).ante
        decision = r.decisions[seat]
        if decision == FOLD:
            p = r.player(seat)
            keeps = "".join(f"; its {WAGER_WORDS[k]} stays in action" for k in ("aces_up", "cover_all")
                            if getattr(p, k))
            if r.cover_all_in_play and not keeps:
                keeps = "; the hand stays on the layout for Cover All"
            response = f"Seat {seat} folds and forfeits the ante{keeps}"
            effect = Effect("note", seat, text="folds")
        else:
            response = f"Seat {seat} plays {decision // ante}x: {format_cents(decision)} on Play"
            effect = Effect("wager", seat, "play", amount=decision)
        acts.append(steps.offer(seat, f"Offer seat {seat} a play wager of one to three times its "
                                      f"{format_cents(ante)} ante, or a fold", (cite("10(b)"),), response, (effect,)))
    return acts


def _forfeits(r: TableRound) -> list[DealerAction]:
    """§10(c): every forfeited ante, and the cards of a folded player without an Aces Up
    wager (none while a Cover All wager is in action: ``TableRound.active``). The text
    orders neither the seats nor the two duties: one any-order group."""
    acts = []
    for seat in r.seats:
        if not r.folded(seat):
            continue
        acts.append(steps.collect(seat, "ante", f"Collect seat {seat}'s forfeited ante", (cite("10(c)"), cite("10(b)")),
                                  group="forfeits", spot_label=_label("ante")))
        if not r.active(seat):
            acts.append(steps.pick_up(seat, f"Collect seat {seat}'s cards into the discard rack (folded, no Aces Up "
                                            "wager)", (cite("10(c)"),), note="folded", group="forfeits"))
    return acts


def spot_results(s: SeatSettlement, spot: str) -> list[WagerResult]:
    """The settlement results collected from or paid on ``spot`` of the seat."""
    return [x for x in s.results if SPOT_OF_RESULT[x.wager] == spot]


def _collections(s: SeatSettlement, cites: tuple[str, ...], group: str) -> list[DealerAction]:
    acts = []
    for spot in SPOT_ORDER:
        for x in spot_results(s, spot):
            if x.result != LOSE or (spot == "ante" and s.folded):  # a forfeited ante went in §10(c)
                continue
            acts.append(steps.collect(s.seat, spot, f"Collect seat {s.seat}'s losing {WAGER_WORDS[spot]}",
                                      steps.cites(cites, (cite("10(d)"),), x.rules), group=group,
                                      spot_label=_label(spot)))
    return acts


def _pay_text(seat: int, spot: str, paid: list[WagerResult], hand: HandValue) -> str:
    if spot == "ante":
        parts = [f"the ante bonus {x.odds} ({hand.category.label.lower()})" if x.wager == "ante_bonus"
                 else f"the ante {x.odds}" for x in paid]
        return f"Pay seat {seat}'s ante: " + " plus ".join(parts)
    x = paid[0]
    why = f" ({hand.short()})" if spot == "aces_up" else ""
    return f"Pay seat {seat}'s {WAGER_WORDS[spot]} {x.odds}{why}"


def _payments(s: SeatSettlement, cites: tuple[str, ...], group: str) -> list[DealerAction]:
    acts = []
    for spot in SPOT_ORDER:
        paid = [x for x in spot_results(s, spot) if x.paid > 0]
        if not paid:
            continue
        amount = sum(x.paid for x in paid)
        acts.append(steps.pay(s.seat, spot, amount, _pay_text(s.seat, spot, paid, s.hand),
                              steps.cites(cites, *(x.rules for x in paid)), group=group, spot_label=_label(spot)))
    return acts


def _hand_of(holders: Sequence[int], value: HandValue) -> str:
    """"seat 5's straight", "the dealer's and seat 2's three queens": a hand named inside
    a sentence (its description up to the first comma or parenthesis)."""
    words = value.describe().split(" (")[0].split(",")[0]
    whose = " and ".join(("the dealer" if h == DEALER else f"seat {h}") + "'s" for h in holders)
    return f"{whose} {words[0].lower() + words[1:]}"


def _cover_all_settlement(r: TableRound) -> list[DealerAction]:
    """§12(j): once every player bet is settled, each Cover All wager is collected or paid
    on the highest hand at the table (the settlement module's result), from the dealer's
    right; no order among them is written: one any-order group."""
    ca = r.settlement.cover_all
    highest = _hand_of(ca.holders, ca.highest)
    acts = []
    for s in r.settlement.seats:
        x = s.result("cover_all")
        if x is None:
            continue
        cites = steps.cites((cite("12(j)"),), x.rules)
        label = _label("cover_all")
        if x.result == LOSE:
            acts.append(steps.collect(s.seat, "cover_all", f"Collect seat {s.seat}'s losing Cover All wager: the "
                                      f"highest hand at the table, {highest}, is below three-of-a-kind",
                                      cites, group=COVER_ALL_GROUP, spot_label=label))
        else:
            acts.append(steps.pay(s.seat, "cover_all", x.paid, f"Pay seat {s.seat}'s Cover All wager {x.odds}: the "
                                  f"highest hand at the table is {highest} ({ca.label}, {ca.players} players)",
                                  cites, group=COVER_ALL_GROUP, spot_label=label))
    return acts


def settlement_plan(r: TableRound) -> tuple[list[DealerAction], dict[int, int]]:
    """The dealer's reveal and everything after it (§10(d)-(f), §12(h)-(j)), and where a
    player's pickup was left out because its hand is left exposed (§12(h)): seat -> the
    index, in these actions, of the action that follows the pickup left out."""
    for s in r.settlement.seats:
        if s.refer:  # never: Cover All always has a column here (no lone player) and the progressive is not dealt
            raise ValueError(f"seat {s.seat}: the settlement refers to the floor supervisor")
    exposures, still_exposed = r.exposures()
    dealer = r.settlement.dealer
    dealer_left = r.cover_all_in_play and dealer.category >= Category.STRAIGHT  # §12(h): "even if it's his"
    acts = [steps.reveal(DEALER, "Reveal your cards and select your best four"
                         + (" — a straight or better: leave it exposed" if dealer_left else ""),
                         (cite("10(d)"),) + ((cite("12(h)"),) if dealer_left else ()))]
    left_out: dict[int, int] = {}
    active = [seat for seat in r.seats if r.active(seat)]
    for step in dealing.settlement_steps(active, r.alternative) if active else ():
        s = r.settlement.seat(step.seat)
        seat, cites = s.seat, (step.citation,)
        exposure = exposures[seat]
        if step.action == dealing.REVEAL:
            text, extra = f"Reveal seat {seat}'s cards and select its best four", ()
            if r.folded(seat) and not r.player(seat).aces_up:
                # Ruling 11: every hand dealt counts for the highest hand, folded or not.
                text, extra = text + " (folded: the hand counts for Cover All)", (cite("12(b)"), ruling(11))
            if exposure.left:
                text += " — a straight or better: leave it exposed when the cards are picked up"
                extra += (cite("12(h)"), ruling(23))
            elif r.cover_all_in_play and s.hand.category >= Category.STRAIGHT:
                # Trainer ruling 23: a later, lower hand is not left exposed.
                text += " — a straight or better, but lower than the hand left exposed: picked up as usual"
                extra += (ruling(23),)
            acts.append(steps.reveal(seat, text, steps.cites((step.citation, cite("10(d)"),
                                                              cite(f"10(e)({r.alternative})(i)")), extra),
                                     note=s.hand.describe()))
        elif step.action == dealing.COLLECT_LOSING:
            acts.extend(_collections(s, cites, f"collect-{seat}"))
        elif step.action == dealing.PAY_WINNING:
            acts.extend(_payments(s, cites, f"pay-{seat}"))
        elif step.action == dealing.COLLECT_CARDS:
            # §12(i): a higher hand found: the lower exposed cards are picked up now (in any order).
            group = f"replaced-{seat}" if len(exposure.removed) > 1 else ""
            for other in exposure.removed:
                lower = r.settlement.seat(other).hand
                acts.append(steps.pick_up(
                    other, f"Pick up {_hand_of([other], lower)}, left exposed, into the discard rack: "
                           f"{_hand_of([seat], s.hand)} is higher and stays exposed",
                    (cite("12(i)"), step.citation, cite("10(f)"), ruling(23)), note=lower.describe(), group=group))
            if exposure.left:
                left_out[seat] = len(acts)  # §12(h): left exposed instead of picked up
            else:
                acts.append(steps.pick_up(seat, f"Collect seat {seat}'s cards into the discard rack",
                                          (step.citation, cite("10(f)")), note=s.hand.describe()))
        else:
            raise ValueError(f"unknown settlement step {step.action!r}")
    acts.extend(_cover_all_settlement(r))
    for seat in still_exposed:
        if seat == DEALER:
            continue
        hand = r.settlement.seat(seat).hand
        acts.append(steps.pick_up(seat, f"Pick up {_hand_of([seat], hand)}, left exposed, into the discard rack, "
                                        "now that the Cover All bets are settled",
                                  (cite("12(h)"), cite("12(j)"), cite("10(e)"), cite("10(f)")), note=hand.describe()))
    acts.append(steps.clear_table("Place your own cards in the discard rack, after all the players' cards",
                                  (cite("10(e)"), cite("10(f)")) + ((cite("12(h)"), cite("12(j)"))
                                                                    if DEALER in still_exposed else ()), DEALER))
    for seat, k in left_out.items():
        # The step that comes where the pickup was left out says why (a trainee who picks
        # the exposed hand up there is stopped with §12(h)).
        acts[k] = replace(acts[k], text=f"{acts[k].text} (seat {seat}'s cards stay exposed)",
                          citations=steps.cites(acts[k].citations, (cite("12(h)"),)))
    return acts, left_out


def _settlement(r: TableRound) -> list[DealerAction]:
    return settlement_plan(r)[0]


def round_actions(r: TableRound) -> list[DealerAction]:
    return _opening(r) + _offers(r) + _forfeits(r) + _settlement(r)


# ---------------------------------------------------------------- the script

def option_lines(r: TableRound) -> tuple[str, ...]:
    shuffle = SHUFFLE.label(r.shuffle)
    if r.method == dealing.HAND:
        shuffle += " — dealing from the hand requires the automated shuffler (§8(b)(1))"
    if r.cover_all_offered:
        shuffle += " — Cover All is offered with the i-Deal Plus shuffler (§12(d))"
    cover_all = COVER_ALL.line(OFFERED if r.cover_all_offered else NOT_OFFERED)
    if r.cover_all_offered:
        cover_all += (" — the i-Deal Plus is set to its “Four Card Poker Cover All” mode; once you take your hand "
                      "from the shuffler and press its green button it shows the payouts for the number of players "
                      "(§12(d)-(e)): a step of the device, with no dealer action here")
    return (DEALING_METHOD.line(r.method),
            f"{SHUFFLE.title}: {shuffle}",
            f"{ACES_UP_TABLE.line(r.aces_up_table)} ({cite('11(a)(3)')})",
            SETTLEMENT_ALTERNATIVE.line(r.alternative),
            cover_all,
            "Not dealt in table mode: the progressive wager (§13)")


def cover_all_line(r: TableRound) -> str:
    """The Cover All outcome: the highest hand at the table and what the bets get (§12)."""
    ca = r.settlement.cover_all
    highest = f"the highest hand at the table is {_hand_of(ca.holders, ca.highest)}"
    if not ca.wins:
        return f"Cover All: {highest}, below three-of-a-kind: every Cover All wager loses"
    return f"Cover All: {highest} ({ca.label}, {ca.players} players): every Cover All wager wins {ca.odds}"


def summary(r: TableRound) -> tuple[str, ...]:
    lines = [f"Dealer: {r.settlement.dealer.describe()}"]
    for seat in r.seats:
        s = r.settlement.seat(seat)
        d = r.decisions.get(seat)
        how = "folds" if d == FOLD else (f"plays {d // r.player(seat).ante}x" if d else "Aces Up only")
        results = "; ".join(x.describe() for x in s.results)
        lines.append(f"Seat {seat}: {s.hand.describe()} — {how}. {results}. Net {format_cents(s.net, sign=True)}")
    if r.cover_all_in_play:
        lines.append(cover_all_line(r))
    return tuple(lines)


def start_state(r: TableRound) -> TableState:
    """The layout before "No more bets": the base spots, Cover All's where the house
    offers it, and the players' wagers."""
    data = rules_data()
    shown = BASE_SPOTS + (("cover_all",) if r.cover_all_offered else ())
    spots = tuple(s for s in data.spots if s.key in shown)
    wagers = {p.seat: {k: v for k, v in (("ante", p.ante), ("aces_up", p.aces_up), ("cover_all", p.cover_all)) if v}
              for p in r.players}
    caption = f"{TITLE}: {dealing.METHOD_NAMES[r.method]}, Aces Up Table {r.aces_up_table}, §10(e)({r.alternative})"
    if r.cover_all_offered:
        caption += ", Cover All"
    return TableState(GAME_ID, TITLE, spots, data.seats, wagers, caption)


def script_for(config: RoundConfig, r: TableRound) -> FourCardScript:
    actions = round_actions(r)
    start = start_state(r)
    options = {DEALING_METHOD.key: r.method, SHUFFLE.key: r.shuffle, ACES_UP_TABLE.key: r.aces_up_table,
               SETTLEMENT_ALTERNATIVE.key: r.alternative,
               COVER_ALL.key: OFFERED if r.cover_all_offered else NOT_OFFERED}
    return steps.table_script(config, start, actions, options=options, option_lines=option_lines(r),
                              players=[p.line() for p in r.players], summary=summary(r),
                              irregularities=rules_data().irregularities, script=FourCardScript, table_round=r)


# ---------------------------------------------------------------- watch mode

def _irregularity(irregularity_id: str) -> tuple[str, str]:
    return steps.remedy_of(rules_data().irregularities, irregularity_id)


def _refer(section: str) -> tuple[str, str]:
    return steps.refer(cite(section))


def _deal_mistakes(script: RoundScript, r: TableRound) -> list[WatchMistake]:
    acts = script.actions
    out = []
    stacks = r.method == dealing.AUTOMATED_SHOE
    order_rule = ("Each player receives a stack of five in turn, from the player farthest to the dealer's left, "
                  "clockwise" if stacks else
                  "Cards are dealt one at a time, in order, from the player farthest to the dealer's left, clockwise")
    for i, a in enumerate(acts):
        if a.verb != DEAL:
            continue
        sec = a.citations[0]
        cards = [e for e in a.effects if e.kind == "card"]
        nxt = acts[i + 1] if i + 1 < len(acts) else None
        thing = "stack" if stacks else "card"
        if a.seat != DEALER:
            if nxt is not None and nxt.verb == DEAL and nxt.seat not in (None, DEALER):
                wrong = DealerAction(DEAL, nxt.seat, face_up=False,
                                     effects=tuple(replace(e, seat=nxt.seat) for e in cards),
                                     text=f"Deals seat {nxt.seat} the next {thing} before seat {a.seat}")
                # §14(b) for a stack too (trainer ruling 39): Two Card Joker answers a stack out
                # of turn with §12(b), the same provision in the same words; the texts differ by
                # one word ("dealt" there, "drawn" here), read as the same provision.
                remedy = _irregularity("dealt-in-error")
                out.append(steps.mistake("wrong-order", i, wrong, order_rule, sec, remedy))
            exposed = DealerAction(DEAL, a.seat, face_up=True, effects=tuple(replace(e, face_up=True) for e in cards),
                                   text=f"Deals seat {a.seat}'s {thing} face up")
            out.append(steps.mistake("card-exposed", i, exposed, "Every card dealt to a player is dealt face down", sec,
                                     _irregularity("player-card-exposed"), replaces=False))
        elif not a.face_up:
            exposed = DealerAction(DEAL, DEALER, face_up=True, effects=tuple(replace(e, face_up=True) for e in cards),
                                   text=f"Deals its own {thing} face up")
            out.append(steps.mistake("dealer-card-exposed", i, exposed,
                                     "The dealer's first five cards are dealt face down", sec,
                                     _irregularity("dealer-exposed"), replaces=False))
        elif stacks:
            others = [e.card for e in a.effects if e.kind == "discard" and e.card]
            wrong = DealerAction(DEAL, DEALER, face_up=True,
                                 effects=(Effect("card", DEALER, card=others[-1], face_up=True), Effect("discard")),
                                 text="Turns up the top card of the extra stack instead of its bottom card")
            out.append(steps.mistake("extra-stack-exposed", i, wrong,
                                     "Only the bottom card of the extra stack is turned face up; the other four go to "
                                     "the discard rack unseen", sec, _irregularity("extra-stack-exposed")))
        else:
            wrong = DealerAction(DEAL, DEALER, face_up=False, effects=tuple(replace(e, face_up=False) for e in cards),
                                 text="Deals its sixth card face down")
            out.append(steps.mistake("sixth-face-down", i, wrong, "The dealer's sixth card is dealt face up", sec,
                                     _irregularity("sixth-face-down")))
    return out


def _cut_mistakes(script: RoundScript) -> list[WatchMistake]:
    out = []
    for i, a in enumerate(script.actions):
        if a.verb != CUT:
            continue
        out.append(steps.skipped(i, script.actions[i + 1], "Announces “No more bets” without cutting the "
                                                           "hand-shuffled cards",
                                 "Cards shuffled by hand are cut before they are dealt", cite("5(b)(2)"),
                                 _refer("5(c)"), kind="missed-cut"))
        short = DealerAction(CUT, text="Cuts only six cards from the top onto the cover card")
        out.append(steps.mistake("bad-cut", i, short,
                                 "The cut takes a stack of at least 10 cards from the top of the deck",
                                 cite("5(c)(1)(ii)"), _irregularity("bad-cut")))
    return out


def _next_same(acts: list[DealerAction], i: int, verb: str) -> int | None:
    """The next action after ``i`` with ``verb`` at another player seat (a player bet's
    settlement is not followed into the Cover All bets, settled after them, §12(j))."""
    for j in range(i + 1, len(acts)):
        if acts[j].group == COVER_ALL_GROUP and acts[i].group != COVER_ALL_GROUP:
            return None
        if acts[j].verb == verb and acts[j].seat not in (None, DEALER, acts[i].seat):
            return j
    return None


def _player_bet(i: int, a: DealerAction, settle_from: int) -> bool:
    """Whether action ``i`` collects or pays a player bet in the settlement (§10(d)-(e)),
    not a forfeited ante (§10(c)) or a Cover All bet (§12(j))."""
    return a.verb in (COLLECT, PAY) and i > settle_from and a.group != COVER_ALL_GROUP


def _order_mistakes(script: RoundScript, r: TableRound) -> list[WatchMistake]:
    acts = script.actions
    out = []
    alt = cite(f"10(e)({r.alternative})")
    settle_from = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    for i, a in enumerate(acts):
        if a.verb == OFFER:
            j = _next_same(acts, i, OFFER)
            if j is not None:
                t = acts[j].seat
                offered = replace(acts[j], text=f"Offers seat {t} the play wager before seat {a.seat}")
                out.append(steps.mistake("wrong-order", i, offered,
                                         "The play-or-fold choice is offered from the player farthest to the dealer's "
                                         "left, clockwise", cite("10(b)"), _refer("10(b)")))
        elif a.verb == REVEAL and a.seat == DEALER:
            j = _next_same(acts, i, REVEAL)
            if j is not None:
                out.append(steps.mistake("wrong-order", i, replace(acts[j], text=f"Reveals seat {acts[j].seat}'s cards "
                                                                                  "before its own"),
                                         "The dealer reveals its own cards before any player's", cite("10(d)"),
                                         _refer("10(d)")))
        elif a.verb == REVEAL:
            j = _next_same(acts, i, REVEAL)
            if j is not None:
                out.append(steps.mistake("wrong-order", i, replace(acts[j], text=f"Reveals seat {acts[j].seat}'s cards "
                                                                                  f"before seat {a.seat}'s"),
                                         "Players' hands are revealed from the player farthest to the dealer's right, "
                                         "counterclockwise", cite("10(d)"), _refer("10(d)")))
        elif _player_bet(i, a, settle_from) and acts[i - 1].group != a.group:
            # The first action of a seat's settlement: another seat's done first instead.
            j = _next_same(acts, i, a.verb)
            if j is not None and acts[j].citations[0] == a.citations[0]:
                done = "Pays" if a.verb == PAY else "Collects"
                what = WAGER_WORDS[acts[j].spot]
                out.append(steps.mistake("wrong-order", i, replace(acts[j], text=f"{done} seat {acts[j].seat}'s {what} "
                                                                                  f"before settling seat {a.seat}"),
                                         "Wagers are settled from the player farthest to the dealer's right, "
                                         "counterclockwise", cite("10(d)") if a.verb == COLLECT and r.alternative == "2"
                                         else alt, _refer("10(e)")))
    # §10(d): every losing wager is collected before any winning wager is paid, whichever
    # the alternative of §10(e) (the reading in the module's docstring).
    first_collect = next((i for i, a in enumerate(acts) if a.verb == COLLECT and _player_bet(i, a, settle_from)),
                         None)
    first_pay = next((i for i, a in enumerate(acts) if a.verb == PAY and _player_bet(i, a, settle_from)), None)
    if first_collect is not None and first_pay is not None and first_pay > first_collect:
        p = acts[first_pay]
        out.append(steps.mistake("wrong-order", first_collect,
                                 replace(p, text=f"Pays seat {p.seat}'s {WAGER_WORDS[p.spot]} before collecting "
                                                 "the losing wagers"),
                                 "All losing wagers are collected before any winning wager is paid",
                                 cite("10(d)"), _refer("10(d)")))
    clears = [i for i, a in enumerate(acts) if a.verb == CLEAR and a.seat not in (None, DEALER) and i > settle_from]
    if clears:
        dealer_clear = next(a for a in acts if a.verb == CLEAR and a.seat == DEALER)
        out.append(steps.mistake("wrong-order", clears[0],
                                 replace(dealer_clear, effects=(Effect("fold", DEALER),),
                                         text="Puts its own cards in the discard rack before the players' cards"),
                                 "The dealer's cards go to the discard rack after all players' cards have been "
                                 "collected", cite("10(e)"), _refer("10(e)")))
    return out


def _fold_mistakes(script: RoundScript, r: TableRound) -> list[WatchMistake]:
    acts = script.actions
    out = []
    for i, a in enumerate(acts):
        if a.verb == COLLECT and a.group == "forfeits" and r.player(a.seat).aces_up:
            wrong = steps.pick_up(a.seat, f"Collects seat {a.seat}'s cards with the forfeited ante, though its Aces "
                                          "Up wager is in action", (), note="folded")
            out.append(steps.mistake("aces-up-hand-collected", i, wrong,
                                     "A player who folds forfeits the ante but not the Aces Up wager; only the cards "
                                     "of a folded player without one are collected", cite("10(c)"),
                                     _refer("10(c)")))
        elif a.verb == COLLECT and a.group == "forfeits" and r.cover_all_in_play:
            wrong = steps.pick_up(a.seat, f"Collects seat {a.seat}'s cards with the forfeited ante, though a Cover "
                                          "All wager is in action", (), note="folded")
            out.append(steps.mistake("cover-all-hand-collected", i, wrong,
                                     "Every hand dealt counts for the Cover All's highest hand, folded or not: a "
                                     "folded hand stays on the layout", f"{cite('12(b)')}; {ruling(11)}",
                                     _refer("12(b)")))
    offers = [i for i, a in enumerate(acts) if a.verb == OFFER]
    after_offers = (offers[-1] + 1) if offers else next(i for i, a in enumerate(acts) if a.verb == REVEAL)
    for p in r.players:
        if p.ante:
            continue
        at = next((i for i in offers if acts[i].seat > p.seat), after_offers)
        wrong = DealerAction(OFFER, p.seat, text=f"Offers seat {p.seat} a play wager, though it has no ante",
                             effects=(Effect("note", p.seat, text="play?"),))
        out.append(steps.mistake("offer-without-ante", at, wrong,
                                 "The play wager is offered only to players who placed an ante", cite("10(b)"),
                                 _refer("10(b)")))
    return out


def _wrong_amounts(r: TableRound, s: SeatSettlement, spot: str, right: int) -> list[tuple[int, str, str, str]]:
    """Amounts a confused dealer would pay on ``spot`` instead of ``right``: (amount, what
    it did, the rule it breaks, the rule's section)."""
    out = []
    results = {x.wager: x for x in spot_results(s, spot)}
    p = r.player(s.seat)
    if spot == "ante" and "ante_bonus" in results and results["ante"].paid:
        bonus = results["ante_bonus"]
        out.append((results["ante"].paid, "leaves out the ante bonus",
                    (f"A player who made the play wager with {s.hand.category.label.lower()} is paid the ante "
                     f"bonus {bonus.odds} besides the ante's own result"), bonus.rules[0]))
    if spot == "ante" and "ante_bonus" in results and not results["ante"].paid:
        bonus = results["ante_bonus"]
        out.append((ONE_TO_ONE.win_cents(bonus.amount), "pays the ante bonus 1 to 1 instead of its odds",
                    (f"The ante bonus pays {bonus.odds} for {s.hand.category.label.lower()}, even when the dealer's "
                     "hand is higher"), bonus.rules[0]))
    if spot == "play" and results["play"].amount != p.ante:
        play = results["play"]
        out.append((ONE_TO_ONE.win_cents(p.ante), "pays the play wager as if it were the size of the ante",
                    "The play wager is paid 1 to 1 on its own amount", play.rules[0]))
    if spot == "aces_up":
        x = results["aces_up"]
        data = rules_data()
        rule = f"Aces Up pays {x.odds} for {s.hand.short()} on the house's Table {r.aces_up_table}"
        for choice in data.house_options["aces_up_table"].choices:
            other = settle_pay_table("aces_up", x.amount, data.option_table("aces_up_table", choice),
                                     aces_up_key(s.hand))
            if other.paid != right:
                did = f"pays from Table {choice} ({other.odds}) instead of Table {r.aces_up_table}"
                out.append((other.paid, did, rule, x.rules[0]))
        out.append((ONE_TO_ONE.win_cents(x.amount), "pays 1 to 1 instead of the odds", rule, x.rules[0]))
    return [w for w in out if w[0] != right]


def _cover_all_columns(r: TableRound, wager: int, right: int) -> list[tuple[int, str, str, str]]:
    """Cover All paid from the column of a player count off by one (the dealer counted as
    a player, a folded hand or an Aces Up only position left out), or for six players from
    the paytable §12(f) prints (its 7 column): (amount, what it did, rule, section)."""
    ca = r.settlement.cover_all
    rule = (f"Cover All pays from the matrix column for the number of player positions dealt a hand: "
            f"{ca.players} here, {ca.odds} for {ca.label}")
    section = f"{cite('12(c)')}; §12(k); {ruling(11)}"
    out = []
    for players in (ca.players - 1, ca.players + 1):
        table = side_bets().cover_all.columns.get(players)
        row = table.row_for(ca.key) if table is not None else None
        if row is None:
            continue
        printed = " (the paytable §12(f) prints)" if players == 7 and ca.players == 6 else ""
        did = f"from the {players}-player column{printed} ({row.odds}) instead of the {ca.players}-player column"
        out.append((row.odds.win_cents(wager), did, rule, section))
    return [w for w in out if w[0] != right]


def _payout_mistakes(script: RoundScript, r: TableRound, rng: random.Random) -> list[WatchMistake]:
    out = []
    for i, a in enumerate(script.actions):
        if a.verb == PAY and a.spot == "cover_all":
            x = r.settlement.seat(a.seat).result("cover_all")
            wrongs = _cover_all_columns(r, x.amount, a.amount)
            if wrongs:
                amount, did, rule, section = rng.choice(wrongs)
                out.append(steps.wrong_payout(i, a, amount, f"Pays seat {a.seat}'s Cover All wager "
                                                            f"{format_cents(amount)}: {did}", rule, section,
                                              _refer("12")))
        elif a.verb == PAY:
            wrongs = _wrong_amounts(r, r.settlement.seat(a.seat), a.spot, a.amount)
            if not wrongs:
                continue
            amount, did, rule, section = rng.choice(wrongs)
            out.append(steps.wrong_payout(i, a, amount, f"Pays seat {a.seat}'s {WAGER_WORDS[a.spot]} "
                                                        f"{format_cents(amount)}: {did}", rule, section, _refer("11")))
        elif a.verb == COLLECT and a.spot == "play":
            amount = ONE_TO_ONE.win_cents(r.decisions[a.seat])
            out.append(steps.wrong_wager_paid(
                i, a.seat, "play", amount, f"Pays seat {a.seat}'s play wager {format_cents(amount)} though the "
                                           "dealer's hand is higher",
                "A player whose hand ranks below the dealer's loses the ante and the play wager; the dealer collects "
                "them", cite("10(d)"), _refer("10(d)"), spot_label=a.spot_label, kind="paid-loser", replaces=True))
    return out


def _cover_all_mistakes(script: RoundScript, r: TableRound) -> list[WatchMistake]:
    """§12(h), (j): the Cover All bets settled before the player bets, and a hand left
    exposed for the Cover All picked up before the Cover All bets are settled."""
    if not r.cover_all_in_play:
        return []
    acts = script.actions
    out = []
    settle_from = next(i for i, a in enumerate(acts) if a.verb == REVEAL and a.seat == DEALER)
    cover = [i for i, a in enumerate(acts) if a.group == COVER_ALL_GROUP]
    bets = [i for i, a in enumerate(acts) if _player_bet(i, a, settle_from)]
    if bets:
        a = acts[cover[0]]
        done = "Pays" if a.verb == PAY else "Collects"
        early = a.with_text(f"{done} seat {a.seat}'s Cover All wager before the player bets are settled")
        out.append(steps.mistake("wrong-order", bets[0], early,
                                 "The Cover All bets are reconciled only once all player bets are", cite("12(j)"),
                                 _refer("12(j)"), replaces=False))
    left_out = settlement_plan(r)[1]
    for seat, at in left_out.items():
        hand = r.settlement.seat(seat).hand
        early = steps.pick_up(seat, f"Picks up seat {seat}'s {hand.short()} with the other hands, though a straight "
                                    "or better is left exposed for the Cover All", (), note=hand.describe())
        out.append(steps.mistake("exposed-hand-picked-up", settle_from + at, early,
                                 "A straight or better is left exposed on the table, not picked up, until a higher "
                                 "hand is found or the Cover All bets are settled", cite("12(h)"), _refer("12(h)"),
                                 replaces=False))
    if DEALER in r.exposures()[1]:
        early = steps.pick_up(DEALER, f"Puts its own {r.settlement.dealer.short()} in the discard rack before the "
                                      "Cover All bets are settled", ())
        out.append(steps.mistake("exposed-hand-picked-up", cover[0], early,
                                 "A straight or better, the dealer's too, stays exposed on the table until the Cover "
                                 "All bets are settled", cite("12(h)"), _refer("12(h)"), replaces=False))
    return out


def watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    """Every mistake the app could make dealing this round (watch mode picks a few): the
    cut, the deal, the order of decisions, reveals and settlement, a folded hand
    collected while a wager on it is in action, wrong payouts (Cover All from the wrong
    player-count column among them), and with Cover All the bets settled before the
    player bets (§12(j)) and an exposed straight or better picked up too early (§12(h))."""
    r = getattr(script, "table_round", None)
    if r is None:
        raise ValueError("watch mode needs the round built by build_round")
    return (_cut_mistakes(script) + _deal_mistakes(script, r) + _order_mistakes(script, r)
            + _fold_mistakes(script, r) + _payout_mistakes(script, r, rng) + _cover_all_mistakes(script, r))


__all__ = ["HOUSE_OPTIONS", "Player", "TableRound", "FourCardScript", "play_decision", "simulated_players",
           "deal_cards", "round_from", "build_round", "script_for", "round_actions", "settlement_plan", "spot_results",
           "watch_mistakes", "COVER_ALL", "Exposure"]
