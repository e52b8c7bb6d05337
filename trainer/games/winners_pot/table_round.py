"""Table mode for Winner's Pot Poker: one round as a script of dealer actions (see
trainer/core/table/script.py), and the mistakes the app may make when it deals
the round itself in watch mode.

The round is driven through ``round.Round``, the game's state machine (§6-§12): each
step it expects becomes a dealer action with the step's own text and sections, and the
table after each action is ``table.round_scene`` of the Round (the button, the pot, the
dealer's own wagers and the discard rack included). The Round's steps without a dealer
verb of their own are said in the text of the action they follow: the cards into the
automated shoe after the burn and out of it after the last stack (§9(b)(1), §9(e)). The
stub goes into the discard rack (§7(f), §8(e), §9(e)) as an action of its own (the verb
that clears cards away). Two steps the Round does not hold are added where the rules put
them: the cut (§4(b)(2), §4(c)) after a manual shuffle, and the button (§7(d), §8(c),
§9(c)). The collection of the wagers into the pot (§10(e)) and the award of the pot
(§10(h)) are one step of the Round but one action per position at the table, in any
order.

Orders the text leaves open are accepted either way (``RoundScript.alternatives``):
moving the button and "No more bets", the stub and the collection of the wagers
(trainer ruling 33); the fourth and fifth cards starting with the dealer or with the
first player when the dealer sits right after the button (trainer ruling 29). The
script lists the first of each pair; ``render`` draws the table after the other order.

Every amount comes from the Round (which settles with ``pot.py``): the Jacks Plus
payouts, the pot, the commission and each share; nothing is recomputed here. Watch
mode's wrong amounts are what a confused dealer would pay, also taken from ``pot.py``
(the pot with no commission, the percentage without the fixed cap, a tie paid as a sole
win, the neighbouring pay-table line).

Readings (not ruled):
- The cut depends on how the deck was shuffled, not on the dealing method (§4(b)): the
  house option "Shuffle" chooses a manual shuffle (cut, §4(b)(2)) or an automated card
  shuffling device (no cut, §4(b)(1)). Dealing from the hand requires the automated
  shuffling device (§8(b)(1)), so that method is always shuffled by it, whatever the
  option says. The cut comes before "No more bets": §7(a) and §9(b)(1) put the cards in
  the shoe once Section 4 is complete.
- The button is placed or moved before the first card; the script lists it after "No
  more bets", where §7(b)-(e), §8(b)(3)-(d) and §9(b)(2)-(d) name it, and accepts it
  before (trainer ruling 33).
- In a later round (``config.round_number``) the button lies where §7(d) rotates it
  when the round's players sat through the rounds before (``dealing.button_after_rounds``).
- The dealer's own ante, bet and double (§6(c)) are on the layout before the round
  starts (the first scene); no action places them.

Watch mode: the remedy is the outcome of the game's irregularity data (§12) where one
is written (the button not moved: §12(g) read with trainer ruling 30); a decision asked
out of turn, hands exposed out of order, chips put in the wrong area and a wrong payout
have none: "Refer to floor supervisor". Readings (not
ruled): a position passed over on the fourth or fifth card is §12(f)'s failure to deal
it a card (a misdeal); a burn missed before the fifth card still has §12(e) as its
remedy, although no betting round follows it (``Round.fail_burn``).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from trainer.core.cards import Card, card_label, shuffled, standard_deck
from trainer.core.money import format_cents
from trainer.core.scene import CardView, SeatView
from trainer.core.settlement import WIN
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.dealing import (
    AUTOMATED_SHOE, BUTTON_SECTIONS, DEALER, HAND, MANUAL_SHOE, MAX_SEATS, METHODS, button_after_rounds,
    clockwise_after, position_name, street_order_alternative,
)
from trainer.games.winners_pot.hands import JACKS_OR_BETTER, Category, HandValue, cite
from trainer.games.winners_pot.pot import (
    BASIS_POINTS, FOLD, LABELS, POT, HouseOptions, PotAward, award_pot, jacks_plus_row, limited, percent_text,
    percent_to_basis_points,
)
from trainer.games.winners_pot.round import Policy, Round, Step, simulated_decision
from trainer.games.winners_pot.rules_data import GAME_ID, pot_data, rules_data
from trainer.games.winners_pot.table import NO_BUTTON, WinnersPotScene, round_scene
from trainer.core.table import steps
from trainer.core.table.actions import (
    ANNOUNCE, BUTTON, BURN, CLEAR, COLLECT, DEAL, OFFER, PAY, REVEAL, DealerAction, Effect,
)
from trainer.core.table.script import HouseOption, RoundConfig, RoundScript, WatchMistake, pick_seats, pick_wager

# ---------------------------------------------------------------------------- house options
METHOD_OPTION = "dealing_method"
SHUFFLE_OPTION = "shuffle"
PERCENT_OPTION = "commission_percent"
FIXED_OPTION = "commission_fixed"
MANUAL_SHUFFLE = "manual"
SHUFFLER = "shuffler"
# The commission choices of the "run the round" drill (drill.py): percent in basis points, fixed in cents.
COMMISSION_BASIS_POINTS = (250, 500, 1000)
COMMISSION_FIXED = (500, 1000, 2500)
JACKS_PLUS_WAGERS = (100, 200, 500, 1000, 2500)  # cents; a player's Jacks Plus is at most the ante


def _percent_value(bp: int) -> str:
    return percent_text(bp).rstrip("%")


def _house_options() -> tuple[HouseOption, ...]:
    method = rules_data().house_options[METHOD_OPTION]
    pd = pot_data()
    return (
        HouseOption(METHOD_OPTION, method.title, METHODS, method.default, method.citation,
                    tuple(method.choices[m] for m in METHODS)),
        HouseOption(SHUFFLE_OPTION, "Shuffle", (MANUAL_SHUFFLE, SHUFFLER), MANUAL_SHUFFLE, cite("4(b)"),
                    ("By hand, then cut (§4(b)(2), §4(c))", "Automated card shuffling device, no cut (§4(b)(1))")),
        HouseOption(PERCENT_OPTION, "Commission percentage",
                    tuple(_percent_value(bp) for bp in COMMISSION_BASIS_POINTS), str(pd.default_percent),
                    pd.commission_citation,
                    tuple(percent_text(bp) for bp in COMMISSION_BASIS_POINTS)),
        HouseOption(FIXED_OPTION, "Commission fixed amount", tuple(str(c) for c in COMMISSION_FIXED),
                    str(pd.default_fixed), pd.commission_citation,
                    tuple(format_cents(c) for c in COMMISSION_FIXED)),
    )


HOUSE_OPTIONS: tuple[HouseOption, ...] = _house_options()


def _chosen(config: RoundConfig) -> dict[str, str]:
    """The house options the round is dealt under: dealing from the hand requires the
    automated shuffling device (§8(b)(1)), so the shuffle is the device's (no cut,
    §4(b)(1)) whatever the house option says."""
    chosen = {spec.key: config.option(spec) for spec in HOUSE_OPTIONS}
    if chosen[METHOD_OPTION] == HAND:
        chosen[SHUFFLE_OPTION] = SHUFFLER
    return chosen


def house_options_of(chosen: dict[str, str]) -> HouseOptions:
    """The commission the chosen house options pre-establish (§10(h)(2))."""
    return HouseOptions(commission_bp=percent_to_basis_points(chosen[PERCENT_OPTION]),
                        commission_fixed=int(chosen[FIXED_OPTION]))


# ---------------------------------------------------------------------------- the round's inputs
@dataclass(frozen=True)
class RoundSetup:
    """Everything a round is dealt from: replaying it gives the same round."""

    ante: int
    jacks_plus: tuple[tuple[int, int], ...]  # (seat, cents) for every seated player; 0: no Jacks Plus
    deck: tuple[Card, ...]  # shuffled, top card first
    method: str = MANUAL_SHOE
    shuffle: str = MANUAL_SHUFFLE
    options: HouseOptions = field(default_factory=HouseOptions)
    round_number: int = 1

    @property
    def seats(self) -> list[int]:
        return [s for s, _ in self.jacks_plus]

    @property
    def button(self) -> int:
        """§7(d): before the dealer in the first round, then rotated clockwise each round."""
        return button_after_rounds(self.round_number - 1, self.seats)

    @property
    def previous_button(self) -> int | None:
        """Where the button lay in the round before (None in the first round)."""
        return button_after_rounds(self.round_number - 2, self.seats) if self.round_number > 1 else None

    def __post_init__(self) -> None:
        if self.method == HAND:  # §8(b)(1): dealing from the hand requires the automated shuffler
            object.__setattr__(self, "shuffle", SHUFFLER)

    @property
    def cut(self) -> bool:
        return self.shuffle == MANUAL_SHUFFLE  # §4(b)(2); an automated shuffler needs none (§4(b)(1))

    def new_round(self) -> Round:
        return Round(ante=self.ante, seats=dict(self.jacks_plus), deck=self.deck, button=self.button,
                     method=self.method, options=self.options)


def _jacks_plus_wager(rng: random.Random, rate: float, ante: int) -> int:
    if rng.random() >= rate:
        return 0
    return rng.choice([w for w in JACKS_PLUS_WAGERS if w <= ante] or [JACKS_PLUS_WAGERS[0]])


def setup_for(config: RoundConfig) -> tuple[RoundSetup, random.Random]:
    """The seated players, their wagers and the shuffled deck, from ``config.seed``; the
    random generator goes on to make the players' decisions."""
    chosen = _chosen(config)
    rng = random.Random(config.seed)
    seats = pick_seats(rng, config.level, MAX_SEATS)
    ante = pick_wager(rng, config.level)
    jacks_plus = tuple((s, _jacks_plus_wager(rng, config.level.side_bet_rate, ante)) for s in seats)
    deck = tuple(shuffled(standard_deck(), rng))
    return RoundSetup(ante, jacks_plus, deck, chosen[METHOD_OPTION], chosen[SHUFFLE_OPTION], house_options_of(chosen),
                      max(1, config.round_number)), rng


# ---------------------------------------------------------------------------- the script
CUT_STEP = "cut"
BUTTON_STEP = "button"
POT_SPOTS = ("ante", "bet", "double")
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
SOURCES = {MANUAL_SHOE: "from the shoe", HAND: "from the deck in your hand"}


@dataclass(frozen=True)
class ActionSource:
    """Where an action comes from in the Round: replaying ``ops`` operations reaches the
    moment before it."""

    ops: int
    kind: str  # the Round's step kind, or CUT_STEP / BUTTON_STEP
    position: int | None = None
    card: int = 0  # DEAL: the card's number in the hand (1-5); 0 for a stack
    phase: str = ""  # the Round's phase when the step came


@dataclass
class WinnersPotScript(RoundScript):
    """A ``RoundScript`` that keeps what it was dealt from, so that watch mode can replay
    the Round up to any action and deal it wrong."""

    setup: RoundSetup | None = None
    decisions: tuple[str, ...] = ()  # the players' decisions, in the order made
    sources: tuple[ActionSource, ...] = ()  # one per action
    button_index: int = -1  # the index of the BUTTON action

    def replay(self, ops: int) -> Round:
        """The Round after its first ``ops`` operations, the players deciding as they did."""
        assert self.setup is not None
        r = self.setup.new_round()
        decisions = iter(self.decisions)
        for _ in range(ops):
            step = r.expected()
            r.perform(step, next(decisions) if step.kind == R.DECISION else None)
        return r

    def final_round(self) -> Round:
        return self.replay(self.sources[-1].ops + 1)

    def dressed(self, scene: WinnersPotScene, index: int) -> WinnersPotScene:
        """A scene of a replayed Round drawn as the script draws the table before action
        ``index`` (the button not yet moved before the BUTTON action)."""
        if index <= self.button_index:
            scene = _edit(scene, button=_shown_button(self.setup))
        return scene


def _shown_button(setup: RoundSetup) -> int:
    return NO_BUTTON if setup.previous_button is None else setup.previous_button


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _who(p: int) -> str:
    return "yourself" if p == DEALER else position_name(p)


def _its(p: int) -> str:
    return "your" if p == DEALER else "its"


def _whose(p: int) -> str:
    return "your" if p == DEALER else f"{position_name(p)}'s"


# ---- scene edits (the steps the Round does at once, shown one position at a time)
def _edit(scene: WinnersPotScene, *, button: int | None = None, pot: int | None = None,
          seats: tuple[SeatView, ...] | None = None, dealer_wagers: tuple[tuple[str, int], ...] | None = None,
          dealer_cards: tuple[CardView, ...] | None = None) -> WinnersPotScene:
    changes: dict = {}
    extra = dict(scene.extra)
    if button is not None:
        changes["button"] = extra["button"] = button
    if pot is not None:
        changes["pot"] = extra["pot"] = pot
    if dealer_wagers is not None:
        changes["dealer_wagers"] = dealer_wagers
        extra["dealer_wagers"] = dict(dealer_wagers)
    if seats is not None:
        changes["seats"] = seats
    if dealer_cards is not None:
        changes["dealer_cards"] = dealer_cards
    return dataclasses.replace(scene, extra=extra, **changes)


def _edit_seat(scene: WinnersPotScene, seat: int, change: Callable[[SeatView], SeatView]) -> WinnersPotScene:
    return _edit(scene, seats=tuple(change(v) if v.seat == seat else v for v in scene.seats))


def _add_note(view: SeatView, note: str) -> SeatView:
    return dataclasses.replace(view, note=f"{view.note}; {note}" if view.note else note)


def _paid_note(view: SeatView, lines: Sequence[str]) -> SeatView:
    """What a seat has been paid replaces its note ("doubled") once settlement starts."""
    return dataclasses.replace(view, note=" · ".join(lines))


def _annotated(scene: WinnersPotScene, paid: dict[int, list[str]]) -> WinnersPotScene:
    for seat, lines in paid.items():
        scene = _edit_seat(scene, seat, lambda v, lines=lines: _paid_note(v, lines))
    return scene


def _pot_wagers_taken(scene: WinnersPotScene, positions: Sequence[int], amount: int) -> WinnersPotScene:
    seats = tuple(dataclasses.replace(v, wagers=tuple((k, a) for k, a in v.wagers if k not in POT_SPOTS))
                  if v.seat in positions else v for v in scene.seats)
    return _edit(scene, seats=seats, pot=scene.pot + amount,
                 dealer_wagers=() if DEALER in positions else scene.dealer_wagers)


def _card_to(scene: WinnersPotScene, position: int, card: CardView) -> WinnersPotScene:
    if position == DEALER:
        return _edit(scene, dealer_cards=scene.dealer_cards + (card,))
    return _edit_seat(scene, position, lambda v: dataclasses.replace(v, cards=v.cards + (card,)))


def _turned_up(scene: WinnersPotScene, position: int) -> WinnersPotScene:
    def up(cards: tuple[CardView, ...]) -> tuple[CardView, ...]:
        return tuple(dataclasses.replace(c, face_up=True) for c in cards)
    if position == DEALER:
        return _edit(scene, dealer_cards=up(scene.dealer_cards))
    return _edit_seat(scene, position, lambda v: dataclasses.replace(v, cards=up(v.cards)))


def _highlighted(scene: WinnersPotScene, position: int, note: str = "") -> WinnersPotScene:
    if position == DEALER:
        return dataclasses.replace(scene, dealer_highlight=True)
    return _edit_seat(scene, position, lambda v: _add_note(dataclasses.replace(v, highlight=True), note)
                      if note else dataclasses.replace(v, highlight=True))


def highest_wording(value: HandValue, holders: Sequence[int]) -> str:
    """How the highest hand is announced (§10(h)): 'Flush, ace-...: seat 3'; a tie names
    every holder."""
    names = [position_name(p) for p in holders]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] + ", a tie hand"
    return f"{value.describe()}: {who}"


class _Builder:
    """Drives the Round to its end, one dealer action (or a few) per step."""

    def __init__(self, setup: RoundSetup, rng: random.Random, policy: Policy, caption: str) -> None:
        self.setup = setup
        self.rng = rng
        self.policy = policy
        self.caption = caption
        self.r = setup.new_round()
        self.actions: list[DealerAction] = []
        self.scenes: list[WinnersPotScene] = []
        self.sources: list[ActionSource] = []
        self.decisions: list[str] = []
        self.paid: dict[int, list[str]] = {}
        self.button_index = -1
        self.scenes.append(self.scene())

    # ---- scenes
    def raw_scene(self) -> WinnersPotScene:
        return round_scene(self.r, caption=self.caption)

    def dress(self, scene: WinnersPotScene) -> WinnersPotScene:
        if self.button_index < 0:
            scene = _edit(scene, button=_shown_button(self.setup))
        return _annotated(scene, self.paid)

    def scene(self) -> WinnersPotScene:
        return self.dress(self.raw_scene())

    # ---- recording
    def add(self, action: DealerAction, source: ActionSource, scene: WinnersPotScene | None = None) -> None:
        self.actions.append(dataclasses.replace(action, citations=steps.cites(action.citations)))
        self.sources.append(source)
        self.scenes.append(scene if scene is not None else self.scene())

    def merge(self, op: R.Operation) -> None:
        """A step with no dealer verb of its own, said in the text of the action before it."""
        last = self.actions[-1]
        self.actions[-1] = dataclasses.replace(last, text=f"{last.text}; then {_lower(op.text)}",
                                               citations=steps.cites(last.citations, op.citations))
        self.scenes[-1] = self.scene()

    # ---- the round
    def run(self) -> None:
        r = self.r
        if self.setup.cut:
            self.add(steps.cut("Cut the deck with one hand: the cover card in front of the deck, at least 10 cards "
                               "from the top on it, the rest on top, then the cover card to the discard rack",
                               (cite("4(b)(2)"), cite("4(c)(1)"))), ActionSource(0, CUT_STEP))
        while not r.finished:
            step = r.expected()
            source = ActionSource(len(r.log), step.kind, step.position, phase=r.phase)
            choice = self.policy(self.rng, r, step.position) if step.kind == R.DECISION else None
            before = self.raw_scene() if step.kind in (R.COLLECT, R.AWARD) else None
            layout = dict(r.layout)  # the chips on the layout before the step (the collection into the pot)
            op = r.perform(step, choice)
            if choice is not None:
                self.decisions.append(choice)
            self.record(step, op, source, before, layout)

    def record(self, step: Step, op: R.Operation, source: ActionSource, before: WinnersPotScene | None,
               layout: dict[tuple[int, str], int]) -> None:
        k = step.kind
        if k in (R.LOAD_SHOE, R.UNLOAD_SHOE):
            self.merge(op)
        elif k == R.STUB:
            # No spot: whatever the trainee has selected, clearing away cards now is the stub.
            self.add(steps.stub(op.text, op.citations, spot=None), source)
        elif k == R.NO_MORE_BETS:
            self.add(steps.announce("Announce \"No more bets\"", op.citations), source)
            self.add_button()
        elif k == R.BURN:
            self.add_burn(op, source)
        elif k == R.DEAL:
            self.add_deal(op, source)
        elif k == R.STACK:
            self.add_stack(op, source)
        elif k == R.DECISION:
            self.add_offer(step, op, source)
        elif k == R.COLLECT_FOLD:
            self.add_fold(op, source)
        elif k == R.COLLECT:
            self.add_pot_collection(op, source, before, layout)
        elif k == R.REVEAL:
            self.add_reveal(op, source)
        elif k == R.JACKS_PLUS:
            self.add_jacks_plus(op, source)
        elif k == R.ANNOUNCE:
            self.add_highest(op, source)
        elif k == R.AWARD:
            self.add_award(op, source, before)
        elif k == R.CLEAR:
            self.add(DealerAction(CLEAR, text=op.text, citations=op.citations), source)
        else:
            raise AssertionError(f"a round dealt right has no {k!r} step")

    def add_button(self) -> None:
        s = self.setup
        sec = cite(BUTTON_SECTIONS[s.method])
        if s.previous_button is None:
            text = "Place the button in front of your own position: the dealing starts with the player farthest to " \
                   "your left"
        else:
            to = "your own position" if s.button == DEALER else position_name(s.button)
            frm = "your own position" if s.previous_button == DEALER else position_name(s.previous_button)
            text = f"Move the button clockwise from {frm} to {to}"
        self.button_index = len(self.actions)
        self.add(DealerAction(BUTTON, s.button, text=text, citations=(sec,),
                              effects=(Effect("button", s.button),)),
                 ActionSource(len(self.r.log), BUTTON_STEP, s.button))

    def add_burn(self, op: R.Operation, source: ActionSource) -> None:
        if source.phase == R.DEAL_1:
            text = "Burn the top card of the deck"
        else:
            text = f"Burn a card before the {'fourth' if source.phase == R.DEAL_4 else 'fifth'} cards"
        self.add(steps.burn(text, op.citations, str(op.cards[0])), source)

    def add_deal(self, op: R.Operation, source: ActionSource) -> None:
        p = op.position
        n = op.detail["card_number"]
        face_up = op.detail["face_up"]
        where = SOURCES.get(self.setup.method, "from the cards in your hand")
        text = (f"Deal {_who(p)} {_its(p)} {ORDINALS[n]} card, {'face up' if face_up else 'face down'}, {where}")
        cites = op.citations
        if self.setup.method == AUTOMATED_SHOE:
            cites = cites + (cite("9(e)"),)
        self.add(steps.deal(p, op.cards[:1], face_up, text, cites), dataclasses.replace(source, card=n))

    def add_stack(self, op: R.Operation, source: ActionSource) -> None:
        p = op.position
        top, *hole = op.cards
        text = (f"Deliver {_who(p)} a stack of three from the automated shoe, face down, and turn its top card "
                "face up")
        effects = steps.cards_to(p, hole, False) + steps.cards_to(p, (top,), True)
        self.add(steps.deal(p, (), True, text, op.citations, effects=effects), source)

    def add_offer(self, step: Step, op: R.Operation, source: ActionSource) -> None:
        s = op.position
        ante = self.r.ante
        if source.phase == R.BET_ROUND:
            text = f"Ask {position_name(s)} for the decision: bet {format_cents(ante)} or fold"
        else:
            text = f"Ask {position_name(s)} for the decision: double ({format_cents(2 * ante)}) or fold"
        choice = op.detail["choice"]
        effect = (Effect("fold", s, text="folded") if choice == FOLD
                  else Effect("wager", s, choice, amount=op.amount))
        self.add(steps.offer(s, text, steps.cites(step.citations, op.citations), op.text, (effect,)), source)

    def add_fold(self, op: R.Operation, source: ActionSource) -> None:
        s = op.position
        after_three = op.destination == R.INVENTORY
        spot, label = ("ante", LABELS["ante"]) if after_three else (None, "Ante and Bet")
        spots = ("ante",) if after_three else ("ante", "bet")
        effects = tuple(Effect("collect", s, k, amount=self.r.ante) for k in spots)
        self.add(steps.collect(s, spot, op.text, op.citations, spot_label=label, amount=op.amount, effects=effects),
                 source)

    def add_pot_collection(self, op: R.Operation, source: ActionSource, before: WinnersPotScene,
                           layout: dict[tuple[int, str], int]) -> None:
        """§10(e): every remaining ante, bet and double into the pot, a position at a time
        (the rules set no order among them)."""
        amounts: dict[int, int] = {}
        for (p, spot), v in layout.items():
            if spot in POT_SPOTS and v:
                amounts[p] = amounts.get(p, 0) + v
        order = sorted(p for p in amounts if p != DEALER) + [DEALER]
        assert sum(amounts.values()) == op.amount
        taken: list[int] = []
        for i, p in enumerate(order):
            taken.append(p)
            last = i == len(order) - 1
            scene = None if last else self.dress(_pot_wagers_taken(before, taken, sum(amounts[x] for x in taken)))
            text = f"Collect {_whose(p)} ante, bet and double ({format_cents(amounts[p])}) into the winner's pot"
            self.add(steps.collect(p, None, text, op.citations, group="pot" if len(order) > 1 else "",
                                   spot_label="Ante, Bet and Double", amount=amounts[p],
                                   effects=tuple(Effect("collect", p, k) for k in POT_SPOTS)),
                     source, scene)

    def add_reveal(self, op: R.Operation, source: ActionSource) -> None:
        p = op.position
        value = op.detail["hand"]
        if p == DEALER:
            text = f"Expose your two down cards and announce: {_lower(value.describe())}"
        else:
            text = f"Expose {position_name(p)}'s down cards and announce: {_lower(value.describe())}"
        self.add(steps.reveal(p, text, op.citations), source)

    def add_jacks_plus(self, op: R.Operation, source: ActionSource) -> None:
        """§10(g): each Jacks Plus wager settled (the rules set no order among them)."""
        s = op.position
        result = op.detail["result"]
        if result is None:
            raise AssertionError("a Jacks Plus step without a wager: only a dead hand has one")
        group = "jacks-plus" if sum(1 for _, jp in self.setup.jacks_plus if jp) > 1 else ""
        label = LABELS["jacks_plus"]
        if result.result == WIN:
            self.paid.setdefault(s, []).append(f"JP +{format_cents(result.net)}")
            self.add(steps.pay(s, "jacks_plus", result.net, op.text, op.citations, group=group, spot_label=label),
                     source)
        else:
            self.add(steps.collect(s, "jacks_plus", op.text, op.citations, group=group, spot_label=label,
                                   amount=result.amount,
                                   effects=(Effect("collect", s, "jacks_plus", amount=result.amount),)), source)

    def add_highest(self, op: R.Operation, source: ActionSource) -> None:
        award: PotAward = op.detail["award"]
        values = self.r.contenders()
        right = highest_wording(op.detail["hand"], award.winners)
        choices = [highest_wording(values[p], [p]) for p in clockwise_after(self.r.button, values)]
        self.add(steps.announce(op.text, op.citations, spot=right, choices=steps.cites(choices, [right]),
                                spot_label="Highest hand"), source)

    def add_award(self, op: R.Operation, source: ActionSource, before: WinnersPotScene) -> None:
        """§10(h): the pot to the table inventory when the dealer's hand is highest; else the
        commission (with the dealer's share of a tie) to the table inventory and each
        player's share paid, in any order."""
        award: PotAward = op.detail["award"]
        pot_label = LABELS[POT]
        moves: list[DealerAction] = []
        # What the table inventory receives from the pot (the whole pot, or the commission and
        # the dealer's share of a tie) is one collection from the pot area, the rest is paid.
        if award.dealer_wins:
            text = (f"Your hand is highest: place the winner's pot ({format_cents(award.pot)}) in the table "
                    "inventory container")
        else:
            dealer = award.share_of(DEALER)
            text = f"Take the commission ({format_cents(award.commission)})" + (
                f" and your share of the pot ({format_cents(dealer.share)})" if dealer else "") + (
                f" from the winner's pot into the table inventory container: {award.reason}")
        if award.to_inventory:
            moves.append(steps.collect(None, POT, text, award.rules, spot_label=pot_label, amount=award.to_inventory,
                                       effects=()))
        for share in award.shares:
            if share.position != DEALER and share.paid:
                part = "the winner's pot" if not award.is_split else "a share of the winner's pot"
                moves.append(steps.pay(
                    share.position, POT, share.paid,
                    f"Pay {position_name(share.position)} {part}: {format_cents(share.paid)} "
                    f"({format_cents(share.share)} less {format_cents(share.commission)} commission)",
                    award.rules, spot_label=pot_label))
        assert sum(a.amount for a in moves) == award.pot
        group = "award" if len(moves) > 1 else ""
        taken = 0
        for i, action in enumerate(moves):
            taken += action.amount
            if action.verb == PAY:
                self.paid.setdefault(action.seat, []).append(f"pot +{format_cents(action.amount)}")
            last = i == len(moves) - 1
            scene = None if last else self.dress(_edit(before, pot=before.pot - taken))
            self.add(dataclasses.replace(action, group=group), source, scene)


def _caption(setup: RoundSetup) -> str:
    return (f"Round {setup.round_number} · ante {format_cents(setup.ante)} · "
            f"{setup.options.describe()}")


def script_for(setup: RoundSetup, rng: random.Random, *, seed: int = 0, level_id: str = "",
               chosen: dict[str, str] | None = None, policy: Policy = simulated_decision) -> WinnersPotScript:
    """The whole round dealt from ``setup``; the players decide by ``policy`` with ``rng``."""
    b = _Builder(setup, rng, policy, _caption(setup))
    b.run()
    chosen = chosen or {METHOD_OPTION: setup.method, SHUFFLE_OPTION: setup.shuffle,
                        PERCENT_OPTION: _percent_value(setup.options.percent_bp),
                        FIXED_OPTION: str(setup.options.fixed)}
    specs = {spec.key: spec for spec in HOUSE_OPTIONS}
    option_lines = tuple(specs[k].line(v)
                         + (" — dealing from the hand requires the automated shuffler (§8(b)(1))"
                            if k == SHUFFLE_OPTION and chosen.get(METHOD_OPTION) == HAND else "")
                         for k, v in chosen.items() if k in specs)
    players = tuple(f"Seat {s}: ante {format_cents(setup.ante)}"
                    + (f", Jacks Plus {format_cents(jp)}" if jp else "") for s, jp in setup.jacks_plus)
    remedies = steps.remedies(rules_data().irregularities)
    script = WinnersPotScript(GAME_ID, seed, level_id, dict(chosen), option_lines, players, b.actions, b.scenes,
                              render=None, summary=summary_lines(b.r), irregular_remedies=remedies,
                              alternatives=_alternatives(b), setup=setup, decisions=tuple(b.decisions),
                              sources=tuple(b.sources), button_index=b.button_index)
    script.render = lambda done: _render(script, done)
    return script


def _alternatives(b: "_Builder") -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The other orders the rules accept (``RoundScript.alternatives``):
    - the button before "No more bets" (trainer ruling 33);
    - every remaining wager into the pot before the stub (trainer ruling 33);
    - the fourth and fifth cards from the first player, the dealer last, when the dealer
      sits right after the button (trainer ruling 29)."""
    acts, sources = b.actions, b.sources
    out: list[tuple[tuple[int, ...], ...]] = []
    i = b.button_index
    if i > 0 and acts[i - 1].verb == ANNOUNCE:
        out.append(((i,), (i - 1,)))
    stub = next((j for j, src in enumerate(sources) if src.kind == R.STUB), None)
    if stub is not None:
        pot = []
        j = stub + 1
        while j < len(acts) and sources[j].kind == R.COLLECT:
            pot.append(j)
            j += 1
        if pot:
            out.append((tuple(pot), (stub,)))
    for card in (4, 5):
        street = [j for j, (a, src) in enumerate(zip(acts, sources)) if a.verb == DEAL and src.card == card]
        if not street or street != list(range(street[0], street[0] + len(street))):
            continue
        seats = [acts[j].seat for j in street]
        other = street_order_alternative(b.setup.button, [p for p in seats if p != DEALER])
        if other is None or seats[0] != DEALER or len(street) < 2:
            continue
        by_seat = dict(zip(seats, street))
        out.append(tuple((by_seat[p],) for p in other))
    return tuple(out)


def _render(script: WinnersPotScript, done: Sequence[DealerAction]) -> WinnersPotScene:
    """The table after ``done`` (actions of the script, in the order done), when an order
    the rules accept differs from the script's: the scene after the longest run done in
    the script's order, with each later action put on it. An action this cannot draw
    leaves the scene after as many actions in the script's order."""
    index = {id(a): i for i, a in enumerate(script.actions)}
    idx = [index.get(id(a)) for a in done]
    if any(i is None for i in idx):
        return script.scene_after(len(done))
    finished = set(idx)
    k = 0
    while k in finished:
        k += 1
    scene = script.scenes[k]
    for i in idx:
        if i < k:
            continue
        a = script.actions[i]
        before, after = script.scenes[i], script.scenes[i + 1]
        if a.verb == BUTTON:
            scene = _edit(scene, button=a.seat)
        elif a.verb == DEAL:
            for e in a.effects:
                if e.kind == "card":
                    scene = _card_to(scene, e.seat, CardView(e.card, e.face_up))
        elif a.verb == CLEAR and script.sources[i].kind == R.STUB:
            scene = dataclasses.replace(scene, discards=scene.discards + after.discards - before.discards,
                                        extra={**scene.extra, "discards": scene.discards + after.discards
                                               - before.discards})
        elif a.verb == COLLECT and a.spot is None and script.sources[i].kind == R.COLLECT:
            scene = _pot_wagers_taken(scene, [a.seat], a.amount)
        elif a.verb == ANNOUNCE:
            pass  # "No more bets" changes nothing on the layout
        else:
            return script.scene_after(len(done))
    return scene


def build_round(config: RoundConfig) -> WinnersPotScript:
    setup, rng = setup_for(config)
    return script_for(setup, rng, seed=config.seed, level_id=config.level.id, chosen=_chosen(config))


def summary_lines(r: Round) -> tuple[str, ...]:
    """The round's outcome: the pot's award, then each hand, its decisions and its wagers."""
    settlement = r.settlement()
    assert settlement is not None, "the round ended without a settlement"
    award = settlement.award
    lines = []
    if award.dealer_wins:
        lines.append(f"The dealer's hand is highest: the winner's pot of {format_cents(award.pot)} goes to the table "
                     "inventory.")
    elif not award.is_split:
        (share,) = award.shares
        lines.append(f"{position_name(share.position, capital=True)} wins the winner's pot of "
                     f"{format_cents(award.pot)}: paid {format_cents(share.paid)} after "
                     f"{format_cents(award.commission)} commission.")
    else:
        parts = ", ".join(f"{position_name(s.position)} {format_cents(s.paid)}" for s in award.shares)
        lines.append(f"A tie hand splits the winner's pot of {format_cents(award.pot)}: {parts}; commission "
                     f"{format_cents(award.commission)}.")
    lines.append(f"The dealer: {_lower(settlement.dealer.describe())}.")
    for seat in settlement.seats:
        stayed = {3: "folded after three cards", 4: "folded after the fourth card"}.get(seat.folded_after,
                                                                                          "bet and doubled")
        parts = [f"{position_name(seat.seat, capital=True)}: {_lower(seat.hand.describe())}, {stayed}"]
        for result in seat.results:
            if result.wager == POT and result.result == WIN:
                parts.append(f"{'wins' if not award.is_split else 'shares'} the pot, paid {format_cents(result.net)}")
            elif result.wager == "jacks_plus":
                parts.append(f"Jacks Plus paid {format_cents(result.net)} ({result.odds})" if result.result == WIN
                             else "Jacks Plus lost")
        lines.append("; ".join(parts) + ".")
    return tuple(lines)


# ---------------------------------------------------------------------------- watch mode
def _refer(what: str) -> tuple[str, str]:
    """The remedy where §12 writes none: refer to the floor supervisor."""
    return steps.refer(cite("12"), f"no remedy is written for {what}")


def _mistake(kind: str, index: int, performed: DealerAction, rule: str, rule_citation: str, remedy: tuple[str, str],
             scene: WinnersPotScene) -> WatchMistake:
    """Every Winner's Pot mistake carries its own scene (the Round replayed to it)."""
    return steps.mistake(kind, index, performed, rule, rule_citation, remedy, scene=scene)


def _from_data(irregularity_id: str) -> tuple[str, str]:
    return steps.remedy_of(rules_data().irregularities, irregularity_id)


def _missed_burns(script: WinnersPotScript) -> list[WatchMistake]:
    """§12(e): a burn missed, the next card (or the cards into the automated shoe) dealt."""
    out = []
    for i, (a, src) in enumerate(zip(script.actions, script.sources)):
        if a.verb != BURN:
            continue
        r = script.replay(src.ops)
        r.fail_burn()
        nxt = r.expected()
        op = r.perform(nxt)
        if nxt.kind == R.LOAD_SHOE:
            performed = DealerAction(BURN, text="Places the cards in the automated dealing shoe without burning the "
                                                "top card", citations=a.citations)
            before = "the cards go into the automated dealing shoe"
        else:
            n = len(r.hands[nxt.position])
            what = "its stack" if nxt.kind == R.STACK else f"its {ORDINALS[n]} card"
            who = "the dealer's hand" if nxt.position == DEALER else position_name(nxt.position)
            performed = DealerAction(DEAL, nxt.position, face_up=op.detail.get("face_up", True), citations=a.citations,
                                     text=f"Deals {who} {what} without burning a card first",
                                     effects=tuple(Effect("card", nxt.position, card=str(c)) for c in op.cards))
            before = {R.DEAL_1: "the first cards are dealt", R.DEAL_4: "the fourth cards are dealt",
                      R.DEAL_5: "the fifth cards are dealt"}[src.phase]
        rule = f"A card is burned before {before}"
        out.append(_mistake("missed-burn", i, performed, rule, a.citations[0], _from_data("failed-burn"),
                            script.dressed(round_scene(r, caption=script.scenes[0].caption), i)))
    return out


def _exposed_hole_cards(script: WinnersPotScript) -> list[WatchMistake]:
    """§12(a): a first or second card turned face up in the dealing."""
    out = []
    for i, (a, src) in enumerate(zip(script.actions, script.sources)):
        if a.verb != DEAL or src.kind != R.DEAL or src.card not in (1, 2):
            continue
        r = script.replay(src.ops)
        op = r.deal(a.seat, exposed=True)
        who = "the dealer's hand" if a.seat == DEALER else position_name(a.seat)
        performed = steps.deal(a.seat, op.cards[:1], True,
                               f"Deals {who} its {ORDINALS[src.card]} card face up ({card_label(op.cards[0])})",
                               a.citations)
        rule = "The first and second cards go face down to each player and the dealer, without disclosing their value"
        remedy = _from_data("dealer-hole-exposed" if a.seat == DEALER else "first-hole-exposed")
        out.append(_mistake("card-exposed", i, performed, rule, a.citations[0], remedy,
                            script.dressed(round_scene(r, caption=script.scenes[0].caption), i)))
    return out


def _button_not_moved(script: WinnersPotScript) -> list[WatchMistake]:
    """§12(g): the button left where it lay in the round before."""
    setup = script.setup
    i = script.button_index
    if setup.previous_button is None or i < 0:
        return []
    prev, now = setup.previous_button, setup.button
    where = "before the dealer" if prev == DEALER else f"at {position_name(prev)}"
    to = "the dealer" if now == DEALER else position_name(now)
    performed = DealerAction(BUTTON, prev, text=f"Leaves the button {where} instead of moving it to {to}",
                             citations=script.actions[i].citations)
    rule = ("Each new round the button rotates clockwise to the next player, or to the dealer after the player "
            "farthest to the dealer's right")
    return [_mistake("button-not-moved", i, performed, rule, script.actions[i].citations[0],
                     _from_data("button-not-moved"), script.scenes[i])]


def _skipped_players(script: WinnersPotScript) -> list[WatchMistake]:
    """§12(f): on the fourth or fifth card a position is skipped, the next one dealt instead."""
    out = []
    acts = script.actions
    for i, (a, src) in enumerate(zip(acts, script.sources)):
        if a.verb != DEAL or src.card not in (4, 5) or i + 1 >= len(acts):
            continue
        nxt, nsrc = acts[i + 1], script.sources[i + 1]
        if nxt.verb != DEAL or nsrc.card != src.card:
            continue
        first_of_street = i == 0 or script.sources[i - 1].card != src.card or acts[i - 1].verb != DEAL
        if a.seat == DEALER and first_of_street and \
                street_order_alternative(script.setup.button, _street_players(script, i)) is not None:
            continue  # trainer ruling 29: starting the street with the first player is right
        card = a.effects[0].card
        skipped = "the dealer's hand" if a.seat == DEALER else position_name(a.seat)
        dealt = "the dealer's hand" if nxt.seat == DEALER else position_name(nxt.seat)
        performed = steps.deal(nxt.seat, (card,), True,
                               f"Skips {skipped}: deals the {ORDINALS[src.card]} card to {dealt}", a.citations)
        rule = (f"The {ORDINALS[src.card]} card goes face up to each remaining player and the dealer in clockwise "
                "rotation, beginning with the first position after the button")
        out.append(_mistake("skipped-player", i, performed, rule, a.citations[0], _from_data("missed-card"),
                            _card_to(script.scenes[i], nxt.seat, CardView(card, True))))
    return out


def _street_players(script: WinnersPotScript, i: int) -> list[int]:
    """The players dealt the street (fourth or fifth card) that action ``i`` belongs to."""
    card = script.sources[i].card
    return [a.seat for a, src in zip(script.actions, script.sources)
            if a.verb == DEAL and src.card == card and a.seat != DEALER]


def _decisions_out_of_turn(script: WinnersPotScript) -> list[WatchMistake]:
    """§10(a)(3), §10(c)(3): a later player asked for the decision first."""
    out = []
    offers = [(i, a, src) for i, (a, src) in enumerate(zip(script.actions, script.sources)) if a.verb == OFFER]
    for (i, a, src), (j, b, bsrc) in zip(offers, offers[1:]):
        if bsrc.phase != src.phase:
            continue
        performed = DealerAction(OFFER, b.seat, citations=a.citations,
                                 text=f"Asks {position_name(b.seat)} for the decision before {position_name(a.seat)}")
        first = "the player next to the button" if src.phase == R.BET_ROUND else \
            "the first remaining player after the button"
        rule = f"Each player's decision is ascertained in clockwise rotation, starting with {first}"
        out.append(_mistake("wrong-order", i, performed, rule, a.citations[0],
                            _refer("a decision ascertained out of turn"),
                            _highlighted(script.scenes[i], b.seat, "asked first")))
    return out


def _reveals_out_of_order(script: WinnersPotScript) -> list[WatchMistake]:
    """§10(f): the dealer's hand first, then the players from the dealer's right."""
    out = []
    reveals = [(i, a) for i, a in enumerate(script.actions) if a.verb == REVEAL]
    for (i, a), (_, b) in zip(reveals, reveals[1:]):
        mine = "the dealer's own" if a.seat == DEALER else f"{position_name(a.seat)}'s"
        performed = DealerAction(REVEAL, b.seat, citations=a.citations,
                                 text=f"Exposes {position_name(b.seat)}'s down cards before {mine}")
        rule = ("The dealer exposes the dealer's own down cards first, then each remaining player's from the one "
                "farthest to the dealer's right, counterclockwise")
        out.append(_mistake("wrong-order", i, performed, rule, a.citations[0], _refer("hands exposed out of order"),
                            _turned_up(script.scenes[i], b.seat)))
    return out


def _folds_misplaced(script: WinnersPotScript) -> list[WatchMistake]:
    """§10(a)(2), §10(c)(2): a folded player's chips put in the wrong place."""
    out = []
    for i, (a, src) in enumerate(zip(script.actions, script.sources)):
        if src.kind != R.COLLECT_FOLD:
            continue
        after = script.scenes[i + 1]
        if a.spot == "ante":  # folded after three cards: the ante goes to the table inventory, not the pot
            text = f"Puts {position_name(a.seat)}'s folded ante ({format_cents(a.amount)}) into the winner's pot"
            rule = ("The ante of a player who folds after the first three cards goes into the table inventory "
                    "container, not the winner's pot")
            scene = _edit(after, pot=after.pot + a.amount)
        else:
            text = (f"Puts {position_name(a.seat)}'s folded ante and bet ({format_cents(a.amount)}) into the table "
                    "inventory container")
            rule = "The ante and bet of a player who folds after the fourth card go into the winner's pot"
            scene = _edit(after, pot=after.pot - a.amount)
        performed = DealerAction(COLLECT, a.seat, a.spot, amount=a.amount, text=text, citations=a.citations)
        out.append(_mistake("wrong-destination", i, performed, rule, a.citations[0],
                            _refer("chips placed in the wrong area"), scene))
    return out


def _wrong_pot_payouts(script: WinnersPotScript) -> list[WatchMistake]:
    """§10(h)(2); ruling 20: the pot paid without the commission, with the percentage
    where the fixed amount is less (or the reverse), or a tie paid as a sole win."""
    out = []
    final = script.final_round()
    award: PotAward = next(op.detail["award"] for op in final.log if op.kind == R.AWARD)
    options = script.setup.options
    button = script.setup.button
    for i, a in enumerate(script.actions):
        if a.verb != PAY or a.spot != POT:
            continue
        share = award.share_of(a.seat)
        who = position_name(a.seat)
        wrong: list[tuple[int, str]] = []
        if award.commission:
            wrong.append((share.share, f"Pays {who} {format_cents(share.share)} from the pot without taking the "
                                       "commission"))
        pct = award_pot(award.pot, award.winners, button, dataclasses.replace(options, commission_fixed=award.pot))
        fixed = award_pot(award.pot, award.winners, button, dataclasses.replace(options, commission_bp=BASIS_POINTS))
        pct_text = percent_text(options.percent_bp)
        wrong.append((pct.share_of(a.seat).paid, f"Pays {who} {format_cents(pct.share_of(a.seat).paid)}: takes "
                                                  f"{pct_text} as commission though the fixed "
                                                  f"{format_cents(options.fixed)} is less"))
        wrong.append((fixed.share_of(a.seat).paid, f"Pays {who} {format_cents(fixed.share_of(a.seat).paid)}: takes "
                                                    f"the fixed {format_cents(options.fixed)} as commission though "
                                                    f"{pct_text} is less"))
        if award.is_split:
            alone = award_pot(award.pot, [a.seat], button, options).share_of(a.seat).paid
            wrong.append((alone, f"Pays {who} {format_cents(alone)}, the whole pot less commission, though the "
                                 "highest hand is a tie"))
        rule = (f"The winner's pot is paid less the commission, the lesser of {pct_text} and "
                f"{format_cents(options.fixed)}" + (", the tied hands sharing it equally" if award.is_split else "")
                + f": {format_cents(a.amount)} to {who}")
        seen = {a.amount}
        for amount, text in wrong:
            if amount in seen or amount <= 0:
                continue
            seen.add(amount)
            performed = DealerAction(PAY, a.seat, POT, amount=amount, payout=True, text=text, citations=a.citations,
                                     spot_label=a.spot_label)
            scene = _edit_seat(_edit(script.scenes[i], pot=script.scenes[i].pot - amount), a.seat,
                               lambda v, amount=amount: _paid_note(v, [f"pot +{format_cents(amount)}"]))
            out.append(_mistake("wrong-payout", i, performed, rule, a.citations[0], _refer("a wrong payout"), scene))
    return out


def _wrong_jacks_plus(script: WinnersPotScript) -> list[WatchMistake]:
    """§11(b): a Jacks Plus wager paid at the neighbouring line of the pay table, or a pair
    below jacks paid."""
    out = []
    final = script.final_round()
    results = final.jacks_plus_results()
    table = rules_data().pay_tables["jacks_plus"]
    rows = list(table.rows)
    for i, a in enumerate(script.actions):
        if a.spot != "jacks_plus" or a.verb not in (PAY, COLLECT):
            continue
        seat = a.seat
        result = results[seat]
        value = final.value_of(seat)
        wager = result.amount
        who = position_name(seat)
        wrong: list[tuple[int, str]] = []
        if a.verb == PAY:
            if limited(result):
                continue
            row = jacks_plus_row(value)
            k = rows.index(row)
            for other in (rows[k - 1] if k > 0 else None, rows[k + 1] if k + 1 < len(rows) else None):
                if other is not None:
                    wrong.append((other.odds.win_cents(wager),
                                  f"Pays {who}'s Jacks Plus {format_cents(other.odds.win_cents(wager))} at "
                                  f"{other.odds}, the {other.label.lower()} line; the hand is {value.short()}"))
            rule = (f"Jacks Plus pays {row.odds} for {row.label.lower()}: {format_cents(a.amount)} on "
                    f"{format_cents(wager)}")
        elif value.category is Category.PAIR:
            row = next(r for r in rows if JACKS_OR_BETTER in r.hands)
            paid = row.odds.win_cents(wager)
            wrong.append((paid, f"Pays {who}'s Jacks Plus {format_cents(paid)} at {row.odds} on a {value.short()}"))
            rule = "Jacks Plus pays a pair only when it is jacks, queens, kings or aces; a lower pair loses"
        else:
            continue
        right = a.amount if a.verb == PAY else 0  # a COLLECT's amount is the wager taken, nothing is paid
        for amount, text in wrong:
            if amount == right or amount <= 0:
                continue
            performed = DealerAction(PAY, seat, "jacks_plus", amount=amount, payout=True, text=text,
                                     citations=a.citations, spot_label=a.spot_label)
            scene = _edit_seat(script.scenes[i], seat,
                               lambda v, amount=amount: _paid_note(v, [f"JP +{format_cents(amount)}"]))
            out.append(_mistake("wrong-payout", i, performed, rule, table.citation, _refer("a wrong payout"), scene))
    return out


MISTAKE_MAKERS = (_missed_burns, _exposed_hole_cards, _button_not_moved, _skipped_players, _decisions_out_of_turn,
                  _reveals_out_of_order, _folds_misplaced, _wrong_pot_payouts, _wrong_jacks_plus)


def watch_mistakes(script: RoundScript, rng: random.Random) -> list[WatchMistake]:
    """Every mistake the app could make in this round (watch mode chooses among them with
    its own generator; ``rng`` is not needed: the candidates follow from the round)."""
    if not isinstance(script, WinnersPotScript) or script.setup is None:
        raise TypeError("watch mistakes need a round built by winners_pot.table_round")
    out: list[WatchMistake] = []
    for make in MISTAKE_MAKERS:
        out.extend(make(script))
    return out


__all__ = [
    "HOUSE_OPTIONS", "RoundSetup", "WinnersPotScript", "ActionSource", "build_round", "script_for", "setup_for",
    "watch_mistakes", "summary_lines", "highest_wording", "house_options_of", "METHOD_OPTION", "SHUFFLE_OPTION",
    "PERCENT_OPTION", "FIXED_OPTION", "MANUAL_SHUFFLE", "SHUFFLER",
]
