"""A round of Winner's Pot Poker as a state machine: every step the dealer performs is an
explicit, checkable action (§6-§12).

Each action has a ``can_*`` query (True or False), a ``verify_*`` check that raises
``RoundError`` saying why the rules do not allow it now (with the section), and the
action itself, which performs it and returns an ``Operation`` record: what was done, to
which position, which cards and chips moved where, and the rule. ``expected()`` names the
step the rules require next; ``perform(step)`` does it (a player's decision is passed
in). The quizzes, the "run the round" drill and a round dealt for real all go through it.

The round, dealt from a manual shoe or the hand (§7, §8, §10):
  "No more bets"; burn; from the position after the button, clockwise, a first and a
  second card face down and a third face up to each player and the dealer; each player,
  from the one next to the button, bets (the ante) or folds (the ante to the table
  inventory); burn; a fourth card face up to each remaining player and the dealer; each
  doubles (twice the ante) or folds (ante and bet into the pot); burn; a fifth card face
  up; the stub to the discard rack and every remaining wager into the pot (in either
  order, trainer ruling 33: ``expected()`` names the stub first, and the collection is
  accepted before it); the dealer's hand
  revealed and announced, then each player's from the dealer's right; the Jacks Plus
  wagers settled; the highest hand announced; the pot awarded; the cards collected.
From an automated shoe (§9): burn, load the shoe, "No more bets", a stack of three to each
position (its top card turned face up), the rest of the cards taken out of the shoe, then
the fourth and fifth cards from the hand as above.

Irregularities the machine knows (§12): a failed burn (dealing goes on; after the
betting round two cards are burned before the next card, §12(e)); a hole card turned
face up in the dealing (the hand's third card is dealt face down; both hole cards: the
hand is dead and its wagers void, §12(a), its Jacks Plus settled at §10(g) on the two
cards it held, trainer ruling 32; the dealer's own two: the dealer's hand is dead, its
cards go to the discard rack and the floor supervisor decides the pot, trainer ruling
31); a card found face up in the deck (discarded; a
second one voids the round, §12(b)); a position not dealt a card (a misdeal: every wager
void, §12(f)).

Money never appears or disappears: every cent is on a player's betting area, in the pot
area, back with a player, or in the table inventory (which also holds the commission).
``ledger_balances()`` checks it at any moment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Callable, Mapping, Sequence

from trainer.core.cards import Card, card_label, cards_label, shuffled, standard_deck
from trainer.core.citation import REFER, ruling
from trainer.core.money import format_cents
from trainer.core.settlement import WIN, WagerResult
from trainer.games.winners_pot import dealing
from trainer.games.winners_pot.dealing import (
    AUTOMATED_SHOE, DEALER, HOLE_CARDS, METHODS, UP_CARD, position_name, reveal_order,
)
from trainer.games.winners_pot.hands import HandValue, cite, evaluate, held_value
from trainer.games.winners_pot.pot import (
    BET, DOUBLE, FOLD, HouseOptions, JacksPlusEntry, PotAward, RoundSettlement, SeatPlay, award_pot,
    settle_jacks_plus, settle_round, validate_options, winner_text,
)

_RANK, _SUIT = attrgetter("rank"), attrgetter("suit")
# The 52 cards ``standard_deck`` holds (the same unchangeable objects in every deck it
# makes), by identity: a deck of distinct ones among them is distinct cards without a
# joker, known without reading a card (a round is made for every next-step question).
_STANDARD_IDS = frozenset(map(id, standard_deck()))

# ---- the kinds of step ----------------------------------------------------------------
NO_MORE_BETS = "no-more-bets"
BURN = "burn"
LOAD_SHOE = "load-shoe"
DEAL = "deal"
STACK = "stack"
UNLOAD_SHOE = "unload-shoe"
DECISION = "decision"
COLLECT_FOLD = "collect-fold"
KILL_HAND = "kill-hand"
STUB = "stub"
COLLECT = "collect"
REVEAL = "reveal"
JACKS_PLUS = "jacks-plus"
ANNOUNCE = "announce"
AWARD = "award"
CLEAR = "clear"
# irregularities (§12)
FAILED_BURN = "failed-burn"
FACE_UP_CARD = "face-up-card"
MISDEAL = "misdeal"

# The steps that move cards and never chips (``_record`` checks the ledger after the others).
CARDS_ONLY = frozenset((NO_MORE_BETS, BURN, FAILED_BURN, LOAD_SHOE, DEAL, STACK, UNLOAD_SHOE, STUB, REVEAL, ANNOUNCE,
                        CLEAR))

# ---- phases ----------------------------------------------------------------------------
DEAL_1 = "first-three"
BET_ROUND = "bet"
DEAL_4 = "fourth"
DOUBLE_ROUND = "double"
DEAL_5 = "fifth"
SHOWDOWN = "showdown"
JACKS = "jacks-plus"
FINISH = "finish"
DONE = "done"
VOID = "void"
REFERRED = "refer"
OVER = (DONE, VOID, REFERRED)  # the phases of a finished round

INVENTORY = "the table inventory container"
POT_AREA = "the winner's pot"
DISCARD_RACK = "the discard rack"
UNDER_JP = "under the Jacks Plus wager"
PLAYER = "the player"
STREET_NAMES = {3: "the first three cards", 4: "the fourth card", 5: "the fifth card"}


class RoundError(ValueError):
    """A dealer action the rules do not allow at this point of the round."""


@dataclass(frozen=True, init=False)
class Step:
    """What the rules require next."""

    kind: str
    position: int | None = None
    text: str = ""
    citations: tuple[str, ...] = ()

    def __init__(self, kind: str, position: int | None = None, text: str = "",
                 citations: tuple[str, ...] = ()) -> None:
        # Set at once into the instance's dict, as ``Operation`` is (a test holds this list
        # to the fields).
        self.__dict__.update(kind=kind, position=position, text=text, citations=citations)

    @property
    def position_name(self) -> str:
        return "" if self.position is None else position_name(self.position)


@dataclass(frozen=True, init=False)
class Operation:
    """One thing done at the table, as recorded."""

    kind: str
    position: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0  # cents moved by the step
    destination: str = ""
    text: str = ""
    citations: tuple[str, ...] = ()
    irregular: bool = False
    detail: dict = field(default_factory=dict, compare=False, hash=False)

    def __init__(self, kind: str, position: int | None = None, cards: tuple[Card, ...] = (), amount: int = 0,
                 destination: str = "", text: str = "", citations: tuple[str, ...] = (), irregular: bool = False,
                 detail: dict | None = None) -> None:
        # The fields above, each set once into the instance's dict (a round records an
        # operation at every step; a frozen dataclass's own __init__ sets each field through
        # object.__setattr__, twice as slow). A test holds this list to the fields.
        self.__dict__.update(kind=kind, position=position, cards=cards, amount=amount, destination=destination,
                             text=text, citations=citations, irregular=irregular,
                             detail={} if detail is None else detail)


@dataclass
class HeldCard:
    """A card on the layout. A round never changes one in place (the reveal lays the cards
    anew, face up), so a copy of the round shares them."""

    card: Card
    face_up: bool


@dataclass
class SeatState:
    seat: int
    jacks_plus: int
    decisions: list[str] = field(default_factory=list)
    folded_after: int | None = None  # 3 or 4
    dead: bool = False  # §12(a): both hole cards exposed
    cards_under_jp: bool = False
    cards_discarded: bool = False
    jp_settled: bool = False
    revealed: bool = False

    @property
    def active(self) -> bool:
        return self.folded_after is None and not self.dead

    def copy(self) -> SeatState:
        new = object.__new__(SeatState)
        new.__dict__.update(self.__dict__)
        new.decisions = list(self.decisions)
        return new


Policy = Callable[[random.Random, "Round", int], str]

# The steps a round asks for (a card dealt, a decision ascertained, a burn, a fold
# collected, a hand revealed, ...), made once each and reused, keyed by what their text
# and citations depend on: a step is a frozen value, the same for every round.
_STEPS: dict[tuple, Step] = {}


_DECISION_CITES = {sec: (cite(sec),) for sec in ("10(a)(1)", "10(c)(1)", "10(a)(2)", "10(c)(2)")}


def _step(key: tuple, make: Callable[[], Step]) -> Step:
    step = _STEPS.get(key)
    if step is None:
        step = _STEPS[key] = make()
    return step


class Round:
    """One round, from the wagers to the cards collected.

    ``seats`` maps each seated player's seat number (1..7) to the Jacks Plus wager in
    cents (0 for none); every player antes ``ante`` (§6(c)), the dealer too, with a bet
    and a double. ``deck`` is the shuffled deck, its top card first.

    A round made ``quiet`` (``quiet = True``, as a question playing a round only to know
    its steps does) changes exactly as a loud one but records nothing: its actions return
    None and its log stays as it was (no operation, no text written, no ledger check).
    Its copies are quiet too; a copy made loud again records from there."""

    quiet = False

    def __init__(self, *, ante: int, seats: Mapping[int, int], deck: Sequence[Card], button: int = DEALER,
                 method: str = dealing.MANUAL_SHOE, options: HouseOptions = HouseOptions()) -> None:
        if method not in METHODS:
            raise ValueError(f"unknown dealing method {method!r}; the methods are {', '.join(METHODS)}")
        if not isinstance(ante, int) or isinstance(ante, bool) or ante <= 0:
            raise ValueError("the ante is a positive whole number of cents (§6(c))")
        validate_options(options)
        players = dealing.check_seats(seats)
        dealing.check_button(button, players)
        ids = set(map(id, deck))
        if len(ids) != len(deck) or not ids <= _STANDARD_IDS:
            ranks = list(map(_RANK, deck))  # (read in C)
            if len(set(zip(ranks, map(_SUIT, deck)))) != len(deck) or not all(ranks):
                raise ValueError("the deck holds distinct cards without jokers (§2(a))")
        if len(deck) < dealing.cards_used(len(players), len(players), len(players)) + 2:
            raise ValueError("the deck is too short for the round")
        for s, jp in seats.items():
            if not isinstance(jp, int) or isinstance(jp, bool) or jp < 0:
                raise ValueError(f"seat {s}: the Jacks Plus wager is whole cents, 0 or more")
        self.ante = ante
        self.button = button
        self.method = method
        self.options = options
        self.deck: list[Card] = list(deck)
        self.seats: dict[int, SeatState] = {s: SeatState(s, seats[s]) for s in players}
        # The seats and the button stay put for the round: their orders are worked out once.
        self._players = players
        # (``dealing.deal_order``: the seats and the button are checked above.)
        self._deal_order = dealing.clockwise_after(button, players + [DEALER])
        # Kept as they change (a fold, a dead hand), not worked out at each look: the
        # players still in, the positions still dealt to, and each hand's value by the
        # cards it has been dealt (and whether it is dead).
        self._values: dict[int, tuple[tuple[Card, ...], bool, HandValue]] = {}
        self._active = list(players)
        self._dealt_to = self._deal_order
        # ``decision_order`` and ``street_order`` of every player: the deal's order without
        # the dealer, and the deal's order (a test holds them to those functions).
        self._decision_order = [p for p in self._deal_order if p != DEALER]
        self._street_order = list(self._deal_order)
        self._reveal_order = reveal_order(players)
        self._seats_high_first = sorted(players, reverse=True)  # the order Jacks Plus is looked at
        # ``expected()`` worked out once per state: forgotten whenever the round changes
        # (``_changing``: every change starts with a check, a card drawn, a phase moved on
        # or an irregularity, and ends with its operation recorded).
        self._next: Step | None = None
        self.hands: dict[int, list[HeldCard]] = {p: [] for p in players + [DEALER]}  # on the layout now
        self.dealt: dict[int, list[Card]] = {p: [] for p in players + [DEALER]}  # every card dealt, in order
        self.exposed: dict[int, int] = {}  # position -> hole cards turned face up in the dealing
        self.discards: list[Card] = []
        self.burns = 0
        self.face_up_found = 0
        self.phase = DEAL_1
        self.announced = False
        self.loaded = False
        self.unloaded = False
        self.burns_due = 1
        self.burns_owed = 0  # §12(e): burns to add at the next burn point
        self.pending_fold: int | None = None
        self.pending_kill: int | None = None
        self.stub_placed = False
        self.collected = False
        self.revealed_dealer = False
        self.announced_winner = False
        self.pot_awarded = False
        self.cleared = False
        self.notes: list[str] = []
        self.log: list[Operation] = []
        # chips: what is on each betting area, the pot area, the table inventory's net
        self.layout: dict[tuple[int, str], int] = {}
        self.player_in: dict[int, int] = {s: 0 for s in players}
        self.player_out: dict[int, int] = {s: 0 for s in players}
        self.pot_area = 0
        self.inventory = 0
        self.commission = 0
        self.held_for_floor: dict[int, int] = {}  # chips set aside for the floor supervisor (REFER)
        self._jp_results: dict[int, WagerResult] | None = None
        self._award: PotAward | None = None
        for s, st in self.seats.items():
            self._from_player(s, "ante", ante)
            if st.jacks_plus:
                self._from_player(s, "jacks_plus", st.jacks_plus)
        # §6(c): the dealer's ante, bet and double, from the table inventory
        for spot, amount in (("ante", ante), ("bet", ante), ("double", 2 * ante)):
            self.layout[(DEALER, spot)] = amount
            self.inventory -= amount

    def copy(self) -> Round:
        """The round as it stands, as a round of its own: what either does next leaves the
        other as it was. (The next-step question keeps copies along a round it plays, to
        stop at the step it asks without playing the round again from the start.)"""
        new = object.__new__(Round)
        new.__dict__.update(self.__dict__)  # numbers, flags, and what is replaced, never changed
        new.deck = list(self.deck)
        new.seats = {s: st.copy() for s, st in self.seats.items()}
        new.hands = {p: list(held) for p, held in self.hands.items()}
        new.dealt = {p: list(cards) for p, cards in self.dealt.items()}
        new.exposed, new.layout, new._values = dict(self.exposed), dict(self.layout), dict(self._values)
        new.player_in, new.player_out = dict(self.player_in), dict(self.player_out)
        new.held_for_floor = dict(self.held_for_floor)
        new.discards, new.notes, new.log = list(self.discards), list(self.notes), list(self.log)
        return new

    # ------------------------------------------------------------------ chips
    def _from_player(self, seat: int, spot: str, amount: int) -> None:
        self.player_in[seat] += amount
        self.layout[(seat, spot)] = self.layout.get((seat, spot), 0) + amount

    def _take(self, position: int, spot: str) -> int:
        return self.layout.pop((position, spot), 0)

    def wager(self, position: int, spot: str) -> int:
        return self.layout.get((position, spot), 0)

    def ledger_balances(self) -> bool:
        """Every cent the players put out is on the layout, in the pot area, back with a
        player, or in the table inventory (which paid the dealer's wagers and Jacks Plus wins)."""
        out = sum(self.player_in.values()) - sum(self.player_out.values())
        return out == (sum(self.layout.values()) + self.pot_area + self.inventory
                       + sum(self.held_for_floor.values()))

    def player_net(self, seat: int) -> int:
        return self.player_out[seat] - self.player_in[seat]

    # ------------------------------------------------------------------ views
    @property
    def players(self) -> list[int]:
        return list(self._players)

    def active_players(self) -> list[int]:
        return list(self._active)

    def _out(self, seat: int) -> None:
        """``seat`` folded or its hand died: it leaves the players still in and their orders
        (the others keep their order: each order only ever loses positions), and a dead
        hand the positions dealt to."""
        self._active = [s for s in self._active if s != seat]
        self._decision_order = [s for s in self._decision_order if s != seat]
        self._street_order = [p for p in self._street_order if p != seat]
        self._reveal_order = [p for p in self._reveal_order if p != seat]
        if self.seats[seat].dead:
            self._dealt_to = [p for p in self._dealt_to if p != seat]

    def street_order_is_ambiguous(self) -> bool:
        """``dealing.street_order_is_ambiguous`` for the players still in (trainer ruling 29)."""
        return bool(self._active) and self._street_order[0] == DEALER

    def cards_of(self, position: int) -> tuple[Card, ...]:
        return tuple(h.card for h in self.hands[position])

    def up_cards(self, position: int) -> tuple[Card, ...]:
        return tuple(h.card for h in self.hands[position] if h.face_up)

    def value_of(self, position: int) -> HandValue:
        """The value of every card dealt to ``position`` so far (three to five; the two of a
        hand declared dead, trainer ruling 32)."""
        dealt = tuple(self.dealt[position])
        dead = position != DEALER and self.seats[position].dead
        kept = self._values.get(position)
        if kept is not None and kept[0] == dealt and kept[1] == dead:
            return kept[2]
        value = held_value(dealt) if dead else evaluate(dealt)
        self._values[position] = (dealt, dead, value)
        return value

    @property
    def finished(self) -> bool:
        return self.phase in OVER

    @property
    def street(self) -> int:
        """How many cards the active hands hold so far (0 to 5)."""
        return max((len(self.hands[p]) for p in self._street_order), default=0)  # the players in, the dealer

    def discard_count(self) -> int:
        return len(self.discards)

    # ------------------------------------------------------------------ what comes next
    def expected(self) -> Step:
        """The step the rules require next."""
        if self._next is None:
            self._next = self._expected()
        return self._next

    def _changing(self) -> None:
        self._next = None

    def _expected(self) -> Step:
        if self.phase == DONE:
            return Step("done", None, "The round is over", (cite("10(i)"),))
        if self.phase == VOID:
            return Step("done", None, "The round is void", (cite("12"),))
        if self.phase == REFERRED:
            return Step("done", None, "Refer to floor supervisor", ())
        if self.pending_kill is not None:
            return Step(KILL_HAND, self.pending_kill,
                        f"Call {position_name(self.pending_kill)}'s hand dead: void its wagers and place its two "
                        "cards in the discard rack", (cite("12(a)"),))
        if self.pending_fold is not None:
            return self._fold_step(self.pending_fold)
        if self.phase == DEAL_1:
            return self._first_deal_step()
        if self.phase in (BET_ROUND, DOUBLE_ROUND):
            order = self._decision_order
            choice = "bet or fold" if self.phase == BET_ROUND else "double or fold"
            sec = "10(a)(3)" if self.phase == BET_ROUND else "10(c)(3)"
            need = 1 if self.phase == BET_ROUND else 2
            for s in order:
                if len(self.seats[s].decisions) < need:
                    return _step((DECISION, s, choice), lambda: Step(
                        DECISION, s, f"Ascertain {position_name(s)}'s decision: {choice}", (cite(sec),)))
            raise AssertionError("a betting round with every decision made")
        if self.phase in (DEAL_4, DEAL_5):
            n = 4 if self.phase == DEAL_4 else 5
            sec = "10(b)" if n == 4 else "10(d)"
            if self.burns_due:
                extra = " (a second burn: one was missed before, §12(e))" if self.burns_due > 1 or self.burns_owed else ""
                return _step((BURN, sec, extra), lambda: Step(
                    BURN, None, "Burn a card" + extra, (cite(sec),) + ((cite("12(e)"),) if extra else ())))
            for p in self._street_order:
                if len(self.hands[p]) < n:
                    return _step((DEAL, p, n), lambda: Step(
                        DEAL, p, f"Deal {position_name(p)} the {'fourth' if n == 4 else 'fifth'} card face up",
                        (cite(sec),)))
            raise AssertionError("a street with every card dealt")
        if self.phase == SHOWDOWN:
            if not self.stub_placed:
                sec = {dealing.MANUAL_SHOE: "7(f)", dealing.HAND: "8(e)", AUTOMATED_SHOE: "9(e)"}[self.method]
                return _step((STUB, sec), lambda: Step(
                    STUB, None, "Place the stub face down in the discard rack", (cite(sec),)))
            if not self.collected:
                return _step((COLLECT,), lambda: Step(
                    COLLECT, None, "Collect every remaining ante, bet and double wager into the winner's pot",
                    (cite("10(e)"),)))
            for p in self._reveal_order:
                if not self._revealed(p):
                    return _step((REVEAL, p), lambda: Step(
                        REVEAL, DEALER, "Expose your two down cards and announce your hand", (cite("10(f)"),))
                        if p == DEALER else
                        Step(REVEAL, p, f"Expose {position_name(p)}'s down cards and announce the hand",
                             (cite("10(f)"),)))
            raise AssertionError("a showdown with every hand revealed")
        if self.phase == JACKS:
            for s in self._seats_high_first:
                st = self.seats[s]
                if st.jacks_plus and not st.jp_settled:
                    return _step((JACKS_PLUS, s, bool(st.folded_after), st.dead), lambda: Step(
                        JACKS_PLUS, s, f"Settle {position_name(s)}'s Jacks Plus wager",
                        (cite("10(g)"),) + ((ruling(19),) if st.folded_after else ())
                        + ((cite("12(a)"), ruling(32)) if st.dead else ())))
                if st.folded_after and not st.cards_discarded and not st.dead:
                    return _step((JACKS_PLUS, s, "folded cards"), lambda: Step(
                        JACKS_PLUS, s, f"Place {position_name(s)}'s folded cards in the discard rack",
                        (cite("10(g)"),)))
            raise AssertionError("Jacks Plus with nothing to settle")
        if self.phase == FINISH:
            if not self.announced_winner:
                return _step((ANNOUNCE,), lambda: Step(
                    ANNOUNCE, None, "Announce the highest ranking hand", (cite("10(h)"),)))
            if not self.pot_awarded:
                return Step(AWARD, None, "Award the winner's pot", (self._award or self._award_preview()).rules)
            return _step((CLEAR,), lambda: Step(
                CLEAR, None, "Collect the cards in order into the discard rack", (cite("10(i)"),)))
        raise AssertionError(f"unknown phase {self.phase}")

    def _fold_step(self, s: int) -> Step:
        if self.seats[s].folded_after == 3:
            return _step((COLLECT_FOLD, s, 3), lambda: Step(
                COLLECT_FOLD, s, f"Collect {position_name(s)}'s ante into the table inventory container",
                (cite("10(a)(2)"),)))
        return _step((COLLECT_FOLD, s, 4), lambda: Step(
            COLLECT_FOLD, s, f"Collect {position_name(s)}'s ante and bet into the winner's pot",
            (cite("10(c)(2)"),)))

    def _first_deal_step(self) -> Step:
        if self.method == AUTOMATED_SHOE:
            if self.burns_due:
                return Step(BURN, None, "Burn the top card of the deck", (cite("9(b)(1)"),))
            if not self.loaded:
                return Step(LOAD_SHOE, None, "Place the cards in the automated dealing shoe", (cite("9(b)(1)"),))
            if not self.announced:
                return Step(NO_MORE_BETS, None, "Announce \"No more bets\"", (cite("9(b)(2)"),))
            positions = self._deal_positions()
            for p in positions:
                if not self.hands[p]:
                    # Trainer ruling 28: the first stack goes to the first position after the
                    # button (§9(c)); §9(d)'s "farthest to his or her left" is the first round's.
                    # The later stacks go on clockwise, each turned up as §9(d) says.
                    first = p == positions[0]
                    cites = (cite("9(c)"), ruling(28)) if first else (cite("9(d)"),)
                    return Step(STACK, p, f"Deliver a stack of three to {position_name(p)} and turn its top card "
                                          "face up", cites)
            return Step(UNLOAD_SHOE, None, "Remove the remaining cards from the automated dealing shoe",
                        (cite("9(e)"),))
        sec = dealing.DEAL_SECTIONS[self.method]
        if not self.announced:
            return _step((NO_MORE_BETS, sec), lambda: Step(
                NO_MORE_BETS, None, "Announce \"No more bets\"",
                (cite("7(b)") if self.method == dealing.MANUAL_SHOE else cite("8(b)(3)"),)))
        if self.burns_due:
            return _step((BURN, sec), lambda: Step(BURN, None, "Burn the top card of the deck", (cite(sec),)))
        hands = self.hands
        for n in (1, 2, 3):
            for p in self._dealt_to:  # (``_deal_positions``)
                if len(hands[p]) < n:
                    face_up = n == UP_CARD and not self.exposed.get(p)  # (``_face_up_for``)
                    key = (DEAL, sec, p, n, face_up)
                    step = _STEPS.get(key)  # (``_step``, at every card of the first deal)
                    if step is None:
                        step = _STEPS[key] = self._first_deal(sec, p, n, face_up)
                    return step
        raise AssertionError("the first deal is complete")

    @staticmethod
    def _first_deal(sec: str, p: int, n: int, face_up: bool) -> Step:
        what = ("first", "second", "third")[n - 1]
        cites = (cite(f"{sec}({n})"),) + ((cite("12(a)"),) if n == UP_CARD and not face_up else ())
        extra = " (a hole card was exposed, §12(a))" if n == UP_CARD and not face_up else ""
        return Step(DEAL, p, f"Deal {position_name(p)} the {what} card {'face up' if face_up else 'face down'}{extra}",
                    cites)

    def _deal_positions(self) -> list[int]:
        return self._dealt_to

    def _face_up_for(self, position: int, n: int) -> bool:
        """§7(e): the third card face up, unless a hole card of the hand was turned face up (§12(a))."""
        return n == UP_CARD and not self.exposed.get(position)

    def _revealed(self, p: int) -> bool:
        return self.revealed_dealer if p == DEALER else self.seats[p].revealed

    # ------------------------------------------------------------------ checks
    def _verify(self, kind: str, position: int | None = None) -> Step:
        step = self._next
        if step is not None and step.kind == kind and step.position == position and kind != JACKS_PLUS:
            # The step worked out for this state is the one asked (as a round played by the
            # rules asks at every step): nothing more to check.
            self._next = None  # the caller changes the round next
            return step
        if self.finished:
            raise RoundError("the round is over")
        step = self.expected()
        self._changing()  # the caller changes the round next
        if kind == COLLECT and step.kind == STUB and not self.collected:
            # Trainer ruling 33: the text gives no order between placing the stub and
            # collecting the remaining wagers (§7(f)/§8(e)/§9(e), §10(e)): either comes first.
            return Step(COLLECT, None, "Collect every remaining ante, bet and double wager into the winner's pot",
                        (cite("10(e)"), ruling(33)))
        if step.kind != kind:
            raise RoundError(f"not now: next, {step.text[0].lower() + step.text[1:]} ({'; '.join(step.citations)})")
        if kind == JACKS_PLUS:
            if position is None or position not in self.seats:
                raise RoundError(f"{position_name(position or 0)} has no Jacks Plus wager or folded cards to settle")
            st = self.seats[position]
            if not ((st.jacks_plus and not st.jp_settled) or (st.folded_after and not st.cards_discarded and not st.dead)):
                raise RoundError(f"{position_name(position)} has nothing left to settle (§10(g))")
            return Step(JACKS_PLUS, position, step.text, step.citations)
        if step.position is not None and position != step.position:
            raise RoundError(f"not {position_name(position) if position is not None else 'that'}: next, "
                             f"{step.text[0].lower() + step.text[1:]} ({'; '.join(step.citations)})")
        return step

    def can(self, kind: str, position: int | None = None) -> bool:
        try:
            self._verify(kind, position)
        except RoundError:
            return False
        return True

    def _record(self, op: Operation) -> Operation:
        self._next = None  # (``_changing``, at every step)
        if self.quiet:
            return None  # type: ignore[return-value]
        self.log.append(op)
        # Checked after every step that can move chips; the others move cards only.
        assert op.kind in CARDS_ONLY or self.ledger_balances(), f"money out of balance after {op.kind}"
        return op

    def _draw(self) -> Card:
        self._next = None  # (``_changing``, at every card)
        if not self.deck:
            raise RoundError("the deck is empty")
        return self.deck.pop(0)

    # ------------------------------------------------------------------ the deal
    def verify_announce(self) -> Step:
        return self._verify(NO_MORE_BETS)

    def can_announce(self) -> bool:
        return self.can(NO_MORE_BETS)

    def announce(self) -> Operation:
        step = self.verify_announce()
        self.announced = True
        return self._record(Operation(NO_MORE_BETS, None, text="\"No more bets\"", citations=step.citations))

    def verify_burn(self) -> Step:
        return self._verify(BURN)

    def can_burn(self) -> bool:
        return self.can(BURN)

    def burn(self) -> Operation:
        step = self.verify_burn()
        card = self._draw()
        self.discards.append(card)
        self.burns += 1
        self.burns_due -= 1
        if self.burns_due == 0:
            self.burns_owed = 0
        if self.quiet:
            return None  # type: ignore[return-value]  # (``_draw`` forgot the step)
        return self._record(Operation(BURN, None, (card,), destination=DISCARD_RACK,
                                      text="Burn a card face down into the discard rack", citations=step.citations,
                                      detail={"burns_left": self.burns_due}))

    def can_fail_burn(self) -> bool:
        return self.can(BURN)

    def fail_burn(self) -> Operation:
        """§12(e): the dealer deals on without burning. Dealing continues; after the betting
        round two successive cards are burned before the next card. (Reading: when the burn
        before the fifth card is missed no betting round and no card follow, so the two
        burns never come; the round goes on.)"""
        self.verify_burn()
        self.burns_owed += self.burns_due
        self.burns_due = 0
        if self.phase == DEAL_5:
            self.notes.append("The burn before the fifth card was missed; no card follows, so no extra burn is due "
                              "(§12(e)).")
        return self._record(Operation(FAILED_BURN, None, text="The dealer fails to burn a card: deal on, and burn two "
                                                              "cards after the betting round", citations=(cite("12(e)"),),
                                      irregular=True))

    def can_load_shoe(self) -> bool:
        return self.can(LOAD_SHOE)

    def load_shoe(self) -> Operation:
        step = self._verify(LOAD_SHOE)
        self.loaded = True
        return self._record(Operation(LOAD_SHOE, None, text="Place the cards in the automated dealing shoe",
                                      citations=step.citations))

    def can_deal(self, position: int) -> bool:
        return self.can(DEAL, position)

    def verify_deal(self, position: int) -> Step:
        return self._verify(DEAL, position)

    def deal(self, position: int, *, exposed: bool = False) -> Operation:
        """Deal the next card to ``position`` as the rules require. ``exposed`` turns a
        hole card face up by accident (§12(a))."""
        step = self._verify(DEAL, position)
        held = self.hands[position]
        n = len(held) + 1
        self._next = None  # (``_draw``, at every card dealt)
        if not self.deck:
            raise RoundError("the deck is empty")
        card = self.deck.pop(0)
        if exposed and n > HOLE_CARDS:
            raise RoundError("only a hole card (the first or second) can be exposed by accident (§12(a))")
        face_up = exposed or n > UP_CARD or (n == UP_CARD and not self.exposed.get(position))  # (``_face_up_for``)
        held.append(HeldCard(card, face_up))
        self.dealt[position].append(card)
        if self.quiet and not exposed:
            self._update_phase()  # (``_draw`` forgot the step)
            return None  # type: ignore[return-value]
        op = Operation(DEAL, position, (card,), text=step.text, citations=step.citations,
                       detail={"card_number": n, "face_up": face_up})
        if exposed:
            self.exposed[position] = self.exposed.get(position, 0) + 1
            op = Operation(DEAL, position, (card,), text=f"{position_name(position, capital=True)}'s hole card is "
                           "turned face up by accident", citations=(cite("12(a)"),), irregular=True,
                           detail={"card_number": n, "face_up": True})
            if self.exposed[position] == HOLE_CARDS:
                if position == DEALER:
                    # Trainer ruling 31: the dealer's hand is dead and its cards go to the
                    # discard rack, as a player's would (§12(a)); how the pot is then decided
                    # is not written: the round stops for the floor supervisor.
                    dead = self.cards_of(DEALER)
                    self.discards.extend(dead)
                    self.hands[DEALER] = []
                    self.phase = REFERRED
                    op = Operation(DEAL, position, (card,), text="Both of the dealer's down cards are turned face up: "
                                   "the dealer's hand is dead and its two cards go to the discard rack; how the pot "
                                   f"is decided is not written: {REFER}", citations=(cite("12(a)"), ruling(31)),
                                   irregular=True, detail={"card_number": n, "face_up": True, "dead": dead})
                    self.notes.append(f"Both of the dealer's down cards were exposed: the dealer's hand is dead and its "
                                      f"cards ({cards_label(dead)}) went to the discard rack (§12(a); "
                                      f"{ruling(31)}); how the pot is decided is not written: {REFER}.")
                else:
                    self.pending_kill = position
        self._record(op)
        self._update_phase()
        return op

    def can_deliver_stack(self, position: int) -> bool:
        return self.can(STACK, position)

    def deliver_stack(self, position: int) -> Operation:
        step = self._verify(STACK, position)
        cards = tuple(self._draw() for _ in range(dealing.STACK_SIZE))
        # §9(d): the stack is delivered face down and its top card turned face up: the two
        # below are the hole cards, the top one the up card.
        top, hole = cards[0], cards[1:]
        self.hands[position] = [HeldCard(c, False) for c in hole] + [HeldCard(top, True)]
        self.dealt[position] = list(hole) + [top]
        op = self._record(Operation(STACK, position, cards, text=step.text, citations=step.citations))
        return op

    def can_unload_shoe(self) -> bool:
        return self.can(UNLOAD_SHOE)

    def unload_shoe(self) -> Operation:
        step = self._verify(UNLOAD_SHOE)
        self.unloaded = True
        op = self._record(Operation(UNLOAD_SHOE, None, text=step.text, citations=step.citations))
        self._update_phase()
        return op

    def find_face_up_card(self) -> Operation:
        """§12(b): the next card of the deck is found face up while dealing. It is not used
        (it goes to the discard rack); a second one voids every hand for a reshuffle."""
        self._changing()
        if self.phase not in (DEAL_1, DEAL_4, DEAL_5) or self.finished:
            return self._record(Operation(FACE_UP_CARD, None, text="A card found face up after all cards are dealt: "
                                          "settle the wagers as usual", citations=(cite("12(b)"),), irregular=True))
        card = self._draw()
        self.discards.append(card)
        self.face_up_found += 1
        if self.face_up_found > 1:
            op = self._void(f"A second card ({card_label(card)}) found face up in the deck: every hand is void and the cards are "
                            "reshuffled", (cite("12(b)"),), FACE_UP_CARD)
            return op
        return self._record(Operation(FACE_UP_CARD, None, (card,), destination=DISCARD_RACK,
                                      text=f"{card_label(card)} was face up in the deck: it is not used and goes to the discard "
                                           "rack", citations=(cite("12(b)"),), irregular=True))

    def miss_card(self, position: int) -> Operation:
        """§12(f): the dealer fails to deal ``position`` a card: a misdeal, every wager void."""
        step = self.expected()
        self._changing()
        if step.kind not in (DEAL, STACK):
            raise RoundError("a card can be missed only while dealing")
        return self._void(f"{position_name(position, capital=True)} was not dealt a card: a misdeal; every wager is "
                          "void and the cards are collected for a reshuffle", (cite("12(f)"),), MISDEAL)

    def _void(self, text: str, cites: tuple[str, ...], kind: str) -> Operation:
        self._changing()
        returned = 0
        for (pos, spot), amount in list(self.layout.items()):
            del self.layout[(pos, spot)]
            if pos == DEALER:
                self.inventory += amount
            else:
                self.player_out[pos] += amount
                returned += amount
        self.pot_area = 0  # nothing reaches the pot before the deal is complete
        self.phase = VOID
        return self._record(Operation(kind, None, amount=returned, destination=PLAYER, text=text, citations=cites,
                                      irregular=True))

    def _update_phase(self) -> None:
        """Move on when the current part of the round is complete."""
        self._next = None  # (``_changing``)
        # Each part is complete when every position has its card or decision; the last one
        # to receive it is looked at first (most steps end there).
        hands = self.hands
        while self.pending_kill is None and self.pending_fold is None and self.phase not in OVER:  # (``finished``)
            if self.phase == DEAL_1:
                if self.method == AUTOMATED_SHOE:
                    done = self.unloaded
                else:
                    positions = self._dealt_to
                    done = not self.burns_due and not (positions and len(hands[positions[-1]]) < UP_CARD) \
                        and all(len(hands[p]) >= UP_CARD for p in positions)
                if not done:
                    return
                self.phase = BET_ROUND
            elif self.phase in (BET_ROUND, DOUBLE_ROUND):
                need = 1 if self.phase == BET_ROUND else 2
                order = self._decision_order  # the players still in, as ``_active``
                if order and len(self.seats[order[-1]].decisions) < need:
                    return
                if not all(len(self.seats[s].decisions) >= need for s in self._active):
                    return
                self.phase = DEAL_4 if self.phase == BET_ROUND else DEAL_5
                self.burns_due = 1 + self.burns_owed
            elif self.phase in (DEAL_4, DEAL_5):
                n = 4 if self.phase == DEAL_4 else 5
                order = self._street_order
                if self.burns_due or (order and len(hands[order[-1]]) < n) \
                        or not all(len(hands[p]) >= n for p in order):
                    return
                self.phase = DOUBLE_ROUND if self.phase == DEAL_4 else SHOWDOWN
            else:
                return

    # ------------------------------------------------------------------ dead hands (§12(a))
    def kill_hand(self, position: int) -> Operation:
        self._verify(KILL_HAND, position)
        st = self.seats[position]
        st.dead = True
        self._out(position)
        self.pending_kill = None
        cards = self.cards_of(position)
        self.discards.extend(cards)
        self.hands[position] = []
        ante = self._take(position, "ante")
        self.player_out[position] += ante
        text = (f"{position_name(position, capital=True)}'s hand is dead: the ante of {format_cents(ante)} is void "
                "and returned; the two cards go to the discard rack")
        cites: tuple[str, ...] = (cite("12(a)"),)
        if st.jacks_plus:
            # §12(a): notwithstanding the void, a winning Jacks Plus wager is settled at the
            # odds of §11(b). Trainer ruling 32: on the cards the hand held when it was
            # declared dead (``dealt``), as a fold's is under ruling 19; it stays on the
            # layout and is settled with the others at §10(g).
            text += (f"; the Jacks Plus wager stays in action on the {len(cards)} cards held "
                     f"({cards_label(cards)}), settled with the others")
            cites += (ruling(32),)
        op = self._record(Operation(KILL_HAND, position, cards, ante, PLAYER, text, cites, irregular=True))
        self._update_phase()
        return op

    # ------------------------------------------------------------------ decisions
    def can_decide(self, position: int, choice: str) -> bool:
        try:
            self.verify_decide(position, choice)
        except RoundError:
            return False
        return True

    def verify_decide(self, position: int, choice: str) -> Step:
        step = self._verify(DECISION, position)
        allowed = (BET, FOLD) if self.phase == BET_ROUND else (DOUBLE, FOLD)
        if choice not in allowed:
            sec = "10(a)" if self.phase == BET_ROUND else "10(c)"
            raise RoundError(f"{position_name(position, capital=True)} may {allowed[0]} or fold now, not "
                             f"{choice!r} ({cite(sec)})")
        return step

    def decide(self, position: int, choice: str) -> Operation:
        """A player's decision, ascertained by the dealer in turn: bet (the ante) or fold
        after three cards (§10(a)); double (twice the ante) or fold after four (§10(c))."""
        step = self.verify_decide(position, choice)
        st = self.seats[position]
        st.decisions.append(choice)
        if choice == FOLD:
            st.folded_after = 3 if self.phase == BET_ROUND else 4
            self._out(position)
            self.pending_fold = position
            amount = 0
        elif choice == BET:
            self._from_player(position, "bet", self.ante)
            amount = self.ante
        else:
            self._from_player(position, "double", 2 * self.ante)
            amount = 2 * self.ante
        if self.quiet:
            self._update_phase()
            return None  # type: ignore[return-value]
        name = position_name(position, capital=True)
        text = (f"{name} folds" if choice == FOLD else
                f"{name} bets {format_cents(amount)}, the amount of the ante" if choice == BET else
                f"{name} doubles with {format_cents(amount)}, twice the ante")
        sec = ("10(a)(1)" if choice == BET else "10(c)(1)" if choice == DOUBLE
               else "10(a)(2)" if self.phase == BET_ROUND else "10(c)(2)")
        op = self._record(Operation(DECISION, position, amount=amount, text=text,
                                    citations=_DECISION_CITES[sec] + step.citations, detail={"choice": choice}))
        self._update_phase()
        return op

    def collect_fold(self, position: int) -> Operation:
        step = self._verify(COLLECT_FOLD, position)
        st = self.seats[position]
        cards = self.cards_of(position)
        if st.jacks_plus:
            st.cards_under_jp = True
            where_cards = UNDER_JP
        else:
            st.cards_discarded = True
            self.discards.extend(cards)
            where_cards = DISCARD_RACK
        if st.folded_after == 3:
            amount = self._take(position, "ante")
            self.inventory += amount
            text = (f"Collect {position_name(position)}'s ante ({format_cents(amount)}) into the table inventory "
                    f"container; the three cards go {'under the Jacks Plus wager' if st.jacks_plus else 'to the discard rack'}")
            dest = INVENTORY
            cites = step.citations + ((ruling(19),) if st.jacks_plus else ())
        else:
            amount = self._take(position, "ante") + self._take(position, "bet")
            self.pot_area += amount
            text = (f"Collect {position_name(position)}'s ante and bet ({format_cents(amount)}) into the winner's pot; "
                    f"the four cards go {'under the Jacks Plus wager' if st.jacks_plus else 'to the discard rack'}")
            dest = POT_AREA
            cites = step.citations + ((ruling(19),) if st.jacks_plus else ())
        if not st.jacks_plus:
            self.hands[position] = []
        self.pending_fold = None
        op = self._record(Operation(COLLECT_FOLD, position, cards, amount, dest, text, cites,
                                    detail={"cards_to": where_cards}))
        self._update_phase()
        return op

    # ------------------------------------------------------------------ the showdown
    def place_stub(self) -> Operation:
        step = self._verify(STUB)
        stub = len(self.deck)
        self.discards.extend(self.deck)
        self.deck = []
        self.stub_placed = True
        if self.quiet:
            return self._record(None)  # type: ignore[arg-type]
        return self._record(Operation(STUB, None, amount=0, destination=DISCARD_RACK,
                                      text=f"Place the stub ({stub} cards) face down in the discard rack",
                                      citations=step.citations, detail={"stub": stub}))

    def collect_wagers(self) -> Operation:
        step = self._verify(COLLECT)
        total = 0
        for (pos, spot) in list(self.layout):
            if spot in ("ante", "bet", "double"):
                total += self._take(pos, spot)
        self.pot_area += total
        self.collected = True
        if self.quiet:
            return self._record(None)  # type: ignore[arg-type]
        return self._record(Operation(COLLECT, None, amount=total, destination=POT_AREA,
                                      text=f"Collect {format_cents(total)} of ante, bet and double wagers into the "
                                           f"winner's pot: it holds {format_cents(self.pot_area)}",
                                      citations=step.citations, detail={"pot": self.pot_area}))

    def reveal(self, position: int) -> Operation:
        step = self._verify(REVEAL, position)
        self.hands[position] = [HeldCard(h.card, True) for h in self.hands[position]]
        if position == DEALER:
            self.revealed_dealer = True
        else:
            self.seats[position].revealed = True
        if self.quiet:
            op = self._record(None)  # type: ignore[arg-type]
        else:
            value = self.value_of(position)
            text = (f"The dealer exposes the down cards and announces: {value.describe().lower()}" if position == DEALER
                    else f"Expose {position_name(position)}'s down cards and announce: {value.describe().lower()}")
            op = self._record(Operation(REVEAL, position, self.cards_of(position), text=text,
                                        citations=step.citations, detail={"hand": value}))
        order = self._reveal_order  # revealed in this order: the last one first
        if self._revealed(order[-1]) and all(self._revealed(p) for p in order):
            self.phase = JACKS if self._jacks_plus_work() else FINISH
        return op

    def _jacks_plus_work(self) -> bool:
        return any((st.jacks_plus and not st.jp_settled) or (st.folded_after and not st.cards_discarded and not st.dead)
                   for st in self.seats.values())

    def jacks_plus_results(self) -> dict[int, WagerResult]:
        """Every Jacks Plus result of the round (with the limit of §11(c) over all of them),
        once every hand's cards are known (the showdown)."""
        if self._jp_results is None:
            entries = [JacksPlusEntry(s, st.jacks_plus, self.value_of(s), st.folded_after is not None, st.dead)
                       for s, st in sorted(self.seats.items()) if st.jacks_plus]
            self._jp_results = settle_jacks_plus(entries, self.options)
        return self._jp_results

    def can_settle_jacks_plus(self, seat: int) -> bool:
        return self.can(JACKS_PLUS, seat)

    def settle_jacks_plus(self, seat: int) -> Operation:
        """§10(g): settle one Jacks Plus wager (the rules fix no order among them) and, for
        a player who folded, place the cards in the discard rack."""
        step = self._verify(JACKS_PLUS, seat)
        st = self.seats[seat]
        moved = 0
        text = ""
        dest = ""
        result = None
        if st.jacks_plus and not st.jp_settled:
            result = self.jacks_plus_results()[seat]
            wager = self._take(seat, "jacks_plus")
            if result.result == WIN:
                self.inventory -= result.net
                self.player_out[seat] += wager + result.net
                moved, dest = result.net, PLAYER
                if not self.quiet:
                    text = (f"Pay {position_name(seat)}'s Jacks Plus {format_cents(result.net)} "
                            f"({self.value_of(seat).short()}, {result.odds})")
            else:
                self.inventory += wager
                moved, dest = wager, INVENTORY
                if not self.quiet:
                    text = (f"Collect {position_name(seat)}'s losing Jacks Plus wager ({format_cents(wager)}) into "
                            "the table inventory container")
            st.jp_settled = True
        if st.folded_after and not st.cards_discarded:
            self.discards.extend(self.cards_of(seat))
            self.hands[seat] = []
            st.cards_discarded = True
            text = (text + "; " if text else "") + f"place {position_name(seat)}'s folded cards in the discard rack"
        if self.quiet:
            op = self._record(None)  # type: ignore[arg-type]
        else:
            op = self._record(Operation(JACKS_PLUS, seat, amount=moved, destination=dest,
                                        text=text[0].upper() + text[1:],
                                        citations=step.citations + (result.rules if result else ()),
                                        detail={"result": result}))
        if not self._jacks_plus_work():
            self.phase = FINISH
        return op

    def contenders(self) -> dict[int, HandValue]:
        """The hands competing for the pot: the dealer's and each remaining player's."""
        return {p: self.value_of(p) for p in [DEALER] + self._active}

    def _award_preview(self) -> PotAward:
        values = self.contenders()
        best = max(values.values())
        winners = [p for p, v in values.items() if v == best]
        return award_pot(self.pot_area, winners, self.button, self.options)

    def announce_winner(self) -> Operation:
        step = self._verify(ANNOUNCE)
        self._award = self._award_preview()
        if self.quiet:
            self.announced_winner = True
            return self._record(None)  # type: ignore[arg-type]
        best = self.contenders()[self._award.winners[0]]
        self.announced_winner = True
        tie = " (a tie hand)" if self._award.is_split else ""
        return self._record(Operation(ANNOUNCE, None, text=f"Announce the highest ranking hand: {best.describe().lower()}, "
                                      f"held by {winner_text(self._award)}{tie}", citations=step.citations,
                                      detail={"award": self._award, "hand": best}))

    def award_pot(self) -> Operation:
        step = self._verify(AWARD)
        award = self._award or self._award_preview()
        for share in award.shares:
            if share.position == DEALER:
                self.inventory += share.share
            else:
                self.player_out[share.position] += share.paid
                self.inventory += share.commission
        self.commission = award.commission
        self.pot_area -= award.pot
        self.pot_awarded = True
        if self.quiet:
            return self._record(None)  # type: ignore[arg-type]
        if award.dealer_wins:
            text = f"The dealer's hand is highest: place the pot ({format_cents(award.pot)}) in the table inventory"
        elif not award.is_split:
            (share,) = award.shares
            text = (f"Award the pot of {format_cents(award.pot)} to {position_name(share.position)} less "
                    f"{format_cents(award.commission)} commission: pay {format_cents(share.paid)}")
        else:
            parts = [f"{position_name(s.position)} {format_cents(s.paid)}" for s in award.shares]
            text = (f"Split the pot of {format_cents(award.pot)}: " + ", ".join(parts)
                    + f"; commission {format_cents(award.commission)}")
        return self._record(Operation(AWARD, None, amount=award.pot, text=text, citations=step.citations,
                                      detail={"award": award}))

    def clear_cards(self) -> Operation:
        step = self._verify(CLEAR)
        cards: list[Card] = []
        for p in [DEALER] + self.players:
            cards.extend(self.cards_of(p))
            self.hands[p] = []
        self.discards.extend(cards)
        self.cleared = True
        self.phase = DONE
        return self._record(Operation(CLEAR, None, tuple(cards), destination=DISCARD_RACK, text=step.text,
                                      citations=step.citations))

    # ------------------------------------------------------------------ running it
    def perform(self, step: Step | None = None, choice: str | None = None) -> Operation:
        """Do the expected step (``choice`` for a player's decision)."""
        step = step or self.expected()
        k, p = step.kind, step.position
        if k == DEAL:  # (the most frequent steps first)
            return self.deal(p)
        if k == DECISION:
            if choice is None:
                raise RoundError(f"{position_name(p, capital=True)}'s decision is needed")
            return self.decide(p, choice)
        if k == NO_MORE_BETS:
            return self.announce()
        if k == BURN:
            return self.burn()
        if k == LOAD_SHOE:
            return self.load_shoe()
        if k == STACK:
            return self.deliver_stack(p)
        if k == UNLOAD_SHOE:
            return self.unload_shoe()
        if k == COLLECT_FOLD:
            return self.collect_fold(p)
        if k == KILL_HAND:
            return self.kill_hand(p)
        if k == STUB:
            return self.place_stub()
        if k == COLLECT:
            return self.collect_wagers()
        if k == REVEAL:
            return self.reveal(p)
        if k == JACKS_PLUS:
            return self.settle_jacks_plus(p)
        if k == ANNOUNCE:
            return self.announce_winner()
        if k == AWARD:
            return self.award_pot()
        if k == CLEAR:
            return self.clear_cards()
        raise RoundError(f"nothing to do: {step.text}")

    def settlement(self) -> RoundSettlement | None:
        """The round settled from its hands by ``pot.settle_round`` (None while hands are
        still being dealt, or after a void or a dead hand)."""
        if self.phase not in (SHOWDOWN, JACKS, FINISH, DONE) or any(st.dead for st in self.seats.values()):
            return None
        plays = [SeatPlay(s, tuple(self.dealt[s]), tuple(st.decisions), st.jacks_plus)
                 for s, st in sorted(self.seats.items())]
        return settle_round(self.ante, tuple(self.dealt[DEALER]), plays, button=self.button, options=self.options)


# ---- simulated players --------------------------------------------------------------------

def _strength(cards: Sequence[Card]) -> float:
    """A rough strength in [0, 1] of a partial hand, for simulated players' decisions."""
    ranks = list(map(_RANK, cards))  # (read in C: asked at every decision)
    distinct = set(ranks)
    high = max(distinct)
    score = (high - 2) / 24
    if len(distinct) < len(ranks):  # a pair or more
        counts = list(map(ranks.count, distinct))
        if max(counts) >= 3:
            score += 0.8
        else:
            pairs = [r for r, n in zip(distinct, counts) if n == 2]
            score += 0.45 + (max(pairs) - 2) / 60
            if len(pairs) > 1:  # a second pair
                score += 0.3
    if len(set(map(_SUIT, cards))) == 1:
        score += 0.25
    if len(distinct) == len(ranks) and high - min(distinct) <= 4:
        score += 0.2
    return min(score, 1.0)


def simulated_decision(rng: random.Random, rnd: Round, seat: int) -> str:
    """A simulated player's decision: mostly by the strength of the hand, sometimes not."""
    strength = _strength(rnd.cards_of(seat))
    stay = BET if rnd.phase == BET_ROUND else DOUBLE
    threshold = 0.42 if rnd.phase == BET_ROUND else 0.55
    if rng.random() < 0.12:
        return rng.choice((stay, FOLD))
    return stay if strength + rng.uniform(-0.15, 0.15) >= threshold else FOLD


def play_to(rnd: Round, rng: random.Random, stop: Callable[[Round, Step], bool] | None = None,
            policy: Policy = simulated_decision) -> Round:
    """Run the round by the rules (the dealer never errs; players decide by ``policy``)
    until it is finished or ``stop(round, next_step)`` is true."""
    while not rnd.finished:
        step = rnd.expected()
        if stop is not None and stop(rnd, step):
            break
        choice = policy(rng, rnd, step.position) if step.kind == DECISION else None
        rnd.perform(step, choice)
    return rnd


def random_round(rng: random.Random, *, players: int | None = None, ante: int | None = None,
                 button: int | None = None, method: str | None = None, jacks_plus_rate: float = 0.5,
                 options: HouseOptions | None = None) -> Round:
    """A new round at a random table: seats, wagers, button, dealing method and a shuffled deck."""
    n = players if players is not None else rng.randint(2, dealing.MAX_SEATS)
    seats = sorted(rng.sample(range(1, dealing.MAX_SEATS + 1), n))
    ante = ante if ante is not None else rng.choice((500, 500, 1000, 1000, 1500, 2500))
    jp = {s: (rng.choice((100, 200, 500, 500, 1000)) if rng.random() < jacks_plus_rate else 0) for s in seats}
    if button is None:
        button = rng.choice([DEALER] + seats)
    method = method or rng.choice(METHODS)
    if options is None:
        options = HouseOptions(commission_bp=rng.choice((500, 500, 1000, 250)),
                               commission_fixed=rng.choice((500, 1000, 2500, 5000)))
    return Round(ante=ante, seats=jp, deck=shuffled(standard_deck(), rng), button=button, method=method,
                 options=options)


__all__ = [
    "Round", "RoundError", "Step", "Operation", "simulated_decision", "play_to", "random_round",
    "NO_MORE_BETS", "BURN", "LOAD_SHOE", "DEAL", "STACK", "UNLOAD_SHOE", "DECISION", "COLLECT_FOLD", "KILL_HAND",
    "STUB", "COLLECT", "REVEAL", "JACKS_PLUS", "ANNOUNCE", "AWARD", "CLEAR", "FAILED_BURN", "FACE_UP_CARD", "MISDEAL",
    "DEAL_1", "BET_ROUND", "DEAL_4", "DOUBLE_ROUND", "DEAL_5", "SHOWDOWN", "JACKS", "FINISH", "DONE", "VOID", "REFERRED",
    "INVENTORY", "POT_AREA", "DISCARD_RACK", "UNDER_JP",
]
