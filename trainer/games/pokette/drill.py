"""The layout drill, without any user interface: chips of several players on the layout,
the wheel spins (its result drawn from the seeded RNG), and the trainee calls any
irregular spin, marks the winning card, collects the losing wagers and pays the winning
ones in the order of §(g)(4) and §(h)(2), and announces the poker hand wagers after
the second card of the stand (§(h)(3)-(4)).

``LayoutDrill`` runs spin after spin, keeping the card stand and the poker hand wagers
a joker leaves in action. Each graded step becomes a ``Question`` and an
``AnswerResult`` (trainer.training), so the application records the drill like a quiz:
- ``pokette.drill-spin`` (choice): what the dealer declares after a short spin or with
  the clapper between two cards (§(g)(2), §(i));
- ``pokette.drill-mark`` (choice): the winning card marked on the layout (§(g)(4));
- ``pokette.drill-collect`` (amounts): what was collected from each seat in a collection
  phase; a winning chip taken, or a payment before the collections end, is wrong;
- ``pokette.drill-pay`` (amounts): the payout typed for one winning wager;
- ``pokette.drill-announce`` (choice): the announcement after the second card.
"""

from __future__ import annotations

import random
from fractions import Fraction
from dataclasses import dataclass, field

from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.rng import SEED_LIMIT, make_rng
from trainer.games.pokette.layout import NON_POKER, default_layout
from trainer.games.pokette.questions import announcement_choices, wager_list_text
from trainer.games.pokette.rules_data import GAME_ID, wheel
from trainer.games.pokette.settlement import COLLECT, PAY, Bet, HouseOptions, Phase, SpinSettlement, settle_spin
from trainer.games.pokette.stand import Stand, settlement_note
from trainer.games.pokette.table import COLLECTED, PAID, ChipView, PoketteScene
from trainer.games.pokette.wheel import (
    NO_SPIN, PREVIOUS, RESPIN_VOID, Section, Spin, SpinOutcome, cite, judge, short_spin, spin_between, spin_to,
)
from trainer.contracts.measures import accuracy
from trainer.contracts.question import AMOUNTS, CHOICE, AnswerResult, Question, amounts_answer

NO_SPIN_CALL = "\"No spin\": re-spin"
VOID_CALL = "Void: re-spin"
SEAT_NUMBERS = tuple(range(1, 8))
CHIP_AMOUNTS = (100, 200, 500, 500, 500, 1000, 1000, 2500)
POKER_RATE = 0.6  # the chance a seat adds a poker hand wager when one is on offer


@dataclass(frozen=True)
class SpinStep:
    """One turn of the wheel in a round: the spin and what the dealer must do with it."""

    spin: Spin
    outcome: SpinOutcome


@dataclass(frozen=True)
class DrillRound:
    number: int
    stand: Stand  # before the spin
    bets: tuple[Bet, ...]
    spins: tuple[SpinStep, ...]  # irregular spins first; the last one valid
    winner: Section
    settlement: SpinSettlement


@dataclass
class Step:
    """The step the trainee is on: ``kind`` 'spin', 'call', 'mark', 'collect', 'pay',
    'announce' or 'done'."""

    kind: str
    title: str
    text: str
    phase: Phase | None = None
    spin_index: int = 0


@dataclass
class Feedback:
    correct: bool
    message: str
    result: AnswerResult | None = None


@dataclass
class DrillSummary:
    spins: int
    steps: int
    correct: int
    results: list[AnswerResult] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return accuracy(self.correct, self.steps) or 0.0


def _name(s: Section) -> str:
    return s.name()[0].upper() + s.name()[1:]


def _section_label(text: str) -> str:
    """A section given as its code ('7s', 'JK1') as written in prose; any other text as given."""
    try:
        return Section.parse(text).label()
    except ValueError:
        return text


def spin_text(sp: SpinStep) -> str:
    """How far the wheel turned and where the clapper rests (a step's prompt, table mode's caption)."""
    from trainer.games.pokette.wheel import revolutions_text

    resting = [s.label() for s in sp.outcome.resting]
    where = (f"between {resting[0]} and {resting[1]}, having passed {resting[0]} last" if sp.spin.between
             else f"on {resting[0]}")
    return f"The wheel turned {revolutions_text(sp.spin.revolutions)} and the clapper rests {where}."


class LayoutDrill:
    """A seeded run of ``spins`` spins for ``players`` seats; the same seed gives the same
    chips, spins and results."""

    def __init__(self, seed: int, *, spins: int = 6, players: int = 4, options: HouseOptions = HouseOptions(),
                 irregular_chance: float = 0.25, chip_amounts: tuple[int, ...] = CHIP_AMOUNTS,
                 poker_rate: float = POKER_RATE):
        self.seed = int(seed)
        self.rng = make_rng(self.seed)
        self.total_spins = spins
        self.seats = tuple(sorted(self.rng.sample(SEAT_NUMBERS, max(1, min(players, len(SEAT_NUMBERS))))))
        self.options = options
        self.irregular_chance = irregular_chance
        self.chip_amounts = tuple(chip_amounts)
        self.poker_rate = poker_rate
        self.wheel = wheel()
        self.stand = Stand()
        self.in_action: list[Bet] = []  # poker hand wagers a joker left on the layout
        self.position: Fraction = Fraction(0)  # the wheel position under the clapper (the last rest)
        self.round: DrillRound | None = None
        self.step: Step = Step("spin", "", "")
        self.results: list[AnswerResult] = []
        self.rounds_done = 0
        self._step_no = 0
        self._chip_state: dict[int, tuple[str, int]] = {}  # chip index -> (state, paid)
        self._collected: dict[int, int] = {}  # this collection phase: seat -> cents taken
        self._phase_wrong: list[str] = []
        self._phase_index = 0
        self._phases: list[Phase] = []  # this spin's phases (the settlement's, or ruling 35's other order)
        self._spin_index = 0

    # ------------------------------------------------------------------ rounds
    def _place_bets(self, rng: random.Random) -> tuple[Bet, ...]:
        lay = default_layout()
        bets: list[Bet] = []
        for seat in self.seats:
            mine: set = set()
            for _ in range(rng.randint(1, 3)):
                kind = rng.choice(NON_POKER)
                p = rng.choice(lay.placements(kind))
                if p not in mine:  # a player stacks chips on one place as one wager
                    mine.add(p)
                    bets.append(Bet(seat, p, rng.choice(self.chip_amounts)))
        offered = self.stand.offered()
        open_keys = {(b.seat, b.wager) for b in self.in_action}
        if offered:
            for seat in self.seats:
                if rng.random() < self.poker_rate:
                    w = rng.choice(offered)
                    if (seat, w) not in open_keys:
                        bets.append(Bet(seat, lay.place(w), rng.choice(self.chip_amounts)))
        return tuple(self.in_action) + tuple(bets)

    def _spins(self, rng: random.Random, drawn: Section, start: Fraction) -> tuple[tuple[SpinStep, ...], Section]:
        """The spins of a round: now and then an irregular one first (§(i)), then the valid
        spin. ``drawn`` is the first spin's draw of the wheel: the card a valid spin lands
        on, or the card passed when the clapper stops between two cards (with the house
        option "previous", the winning card). A re-spin, after "No spin" or a void spin,
        is a new draw of the wheel (trainer rulings 36 and P1): never the card the spin it
        replaces showed or passed."""
        out: list[SpinStep] = []
        w = self.wheel
        current = start
        winner = drawn
        if rng.random() < self.irregular_chance:
            if rng.random() < 0.5:
                sp = short_spin(rng, start=current)
            else:
                sp = spin_between(w, drawn, rng, start=current)
            outcome = judge(w, sp, self.options.clapper_between)
            out.append(SpinStep(sp, outcome))
            if not outcome.respin:
                return tuple(out), outcome.winner
            current = sp.rest
            winner = rng.choice(w.order)  # the re-spin's own draw: every section equally likely (ruling 36)
        sp = spin_to(w, winner, rng, start=current)
        out.append(SpinStep(sp, judge(w, sp, self.options.clapper_between)))
        return tuple(out), winner

    def next_round(self) -> DrillRound:
        """Chips down and the spins of the next round, from where the wheel rests now."""
        rng = self.rng
        bets = self._place_bets(rng)
        drawn = rng.choice(self.wheel.order)  # every section equally likely (trainer ruling P1)
        spins, winner = self._spins(rng, drawn, self.position)
        self.position = spins[-1].spin.rest
        settlement = settle_spin(self.stand, winner, bets, self.options)
        self.round = DrillRound(self.rounds_done + 1, self.stand, bets, spins, winner, settlement)
        self._chip_state = {}
        self._spin_index = 0
        self._phase_index = 0
        self._phases = list(settlement.phases)
        self.step = Step("spin", "Spin the wheel", "All bets are down. Announce \"No more bets\" and spin.")
        return self.round

    @property
    def finished(self) -> bool:
        return self.rounds_done >= self.total_spins and self.step.kind in ("spin", "done")

    # ------------------------------------------------------------------ the scene
    def scene(self) -> PoketteScene:
        """The layout now: before the winning card is marked, the stand as it was and the
        poker hand wagers on offer for this spin; after it, the marker, the stand with the
        new card (all three until the next spin clears them) and the chips' states."""
        r = self.round
        if r is None:
            return PoketteScene(stand=tuple(str(c) for c in self.stand.cards), offered=self.stand.offered())
        chips = []
        for i, b in enumerate(r.bets):
            state, paid = self._chip_state.get(i, ("", 0))
            chips.append(ChipView(b.seat, b.placement, b.amount, state=state, paid=paid))
        caption = f"Spin {r.number} of {self.total_spins}"
        if self.step.kind in ("spin", "call", "mark"):
            return PoketteScene(chips=tuple(chips), stand=tuple(str(c) for c in r.stand.cards),
                                offered=r.stand.offered(), caption=caption)
        change = r.settlement.stand
        offered = change.after.offered() if self.step.kind in ("next", "done") else ()
        return PoketteScene(chips=tuple(chips), stand=tuple(str(c) for c in change.cards),
                            stand_new=change.position is not None, marker=str(r.winner), offered=offered,
                            caption=caption)

    # ------------------------------------------------------------------ grading
    def _question(self, kind: str, skill: str, **kw) -> Question:
        self._step_no += 1
        seed = (self.seed * 7919 + self._step_no) % SEED_LIMIT
        return Question(game_id=GAME_ID, skill=f"{GAME_ID}.{skill}", kind=f"{GAME_ID}.drill-{kind}", seed=seed,
                        scene=self.scene(), **kw)

    def _record(self, q: Question, given: str, ms: int) -> AnswerResult:
        result = AnswerResult(q, given, q.is_correct(given), max(0, int(ms)))
        self.results.append(result)
        return result

    def current_spin(self) -> SpinStep:
        return self.round.spins[self._spin_index]

    def spun(self) -> Step:
        """The wheel has stopped after the current spin: an irregular one must be called,
        a valid one marked."""
        sp = self.current_spin()
        if sp.outcome.respin or sp.spin.between:
            self.step = Step("call", "Call the spin", f"{spin_text(sp)} The sign at this table: "
                             f"\"{self.sign()}\". What do you declare?", spin_index=self._spin_index)
        else:
            self.step = Step("mark", "Mark the winning card",
                             "Click the winning card on the layout to place the marker on it.")
        return self.step

    def sign(self) -> str:
        """The sign posted at the table (§(i)(2))."""
        return ("The card previously passed is the winning card" if self.options.clapper_between == PREVIOUS
                else "The spin is void and the wheel re-spun")

    def call_options(self) -> tuple[str, ...]:
        sp = self.current_spin()
        names = [_name(s) for s in sp.outcome.resting]
        return tuple(dict.fromkeys(names + [NO_SPIN_CALL, VOID_CALL]))

    def call_answer(self) -> str:
        o = self.current_spin().outcome
        if o.kind == NO_SPIN:
            return NO_SPIN_CALL
        if o.kind == RESPIN_VOID:
            return VOID_CALL
        return _name(o.winner)

    def call(self, given: str, ms: int = 0) -> Feedback:
        sp = self.current_spin()
        q = self._question("spin", "wheel", prompt=f"{spin_text(sp)} The sign at the table: \"{self.sign()}\". "
                                                   "What do you declare?",
                           form=CHOICE, options=self.call_options(), answer=self.call_answer(),
                           explanation=sp.outcome.explanation, citations=sp.outcome.citations)
        result = self._record(q, given, ms)
        if sp.outcome.respin:
            self._spin_index += 1
            self.step = Step("spin", "Re-spin the wheel", sp.outcome.explanation + " Announce \"No more bets\" and "
                             "spin again: it is announced before every spin, a re-spin included (trainer ruling 34).")
        else:
            self.step = Step("mark", "Mark the winning card",
                             sp.outcome.explanation + " Click it on the layout to place the marker.")
        return Feedback(result.correct, sp.outcome.explanation, result)

    def mark(self, section: str, ms: int = 0) -> Feedback:
        r = self.round
        w = r.winner
        options = [str(w)] + [str(s) for s in self.wheel.neighbours(w, 2)]
        if section not in options:
            options.append(section)
        q = self._question("mark", "layout", prompt="Mark the winning card on the layout.", form=CHOICE,
                           options=tuple(options), answer=str(w),
                           explanation=f"The clapper rests on {w.name()}: announce it with its suit and mark "
                                       f"{w.label()} on the layout.",
                           citations=(cite("(g)(4)"), cite("(a)(1)(vi)")))
        result = self._record(q, section, ms)
        message = (f"Right: {w.name()}." if result.correct else
                   f"The winning card is {w.name()} ({w.label()}), not {_section_label(section)}. The marker goes on "
                   f"{w.label()}.")
        self._start_phases()
        return Feedback(result.correct, message, result)

    # -- collecting and paying
    def _start_phases(self) -> None:
        self._phase_index = 0
        self._enter_phase()

    def _enter_phase(self) -> None:
        phases = self._phases
        while self._phase_index < len(phases):
            ph = phases[self._phase_index]
            if any(self._chip_state.get(i, ("", 0))[0] == "" for i in ph.items):
                break
            self._phase_index += 1
        if self._phase_index >= len(phases):
            self._after_phases()
            return
        ph = phases[self._phase_index]
        self._collected = {}
        self._phase_wrong = []
        if ph.action == COLLECT:
            self.step = Step("collect", ph.title, "Click each losing chip to take it off the layout.", ph)
        else:
            self.step = Step("pay", ph.title, "Click a winning chip and type its payout.", ph)
        in_action = [r for r in self.round.settlement.results if r.in_action]
        if in_action and self._phase_index == 0:
            self.step.text += " The poker hand wagers stay in action: a joker has no bearing on them."

    def remaining(self) -> list[int]:
        """The chips of the current phase still to collect or pay."""
        ph = self.step.phase
        if ph is None:
            return []
        return [i for i in ph.items if self._chip_state.get(i, ("", 0))[0] == ""]

    def click_chip(self, index: int, ms: int = 0) -> Feedback:
        """A chip clicked in a collection phase (in a payment phase, see ``pay``)."""
        r = self.round
        res = r.settlement.results[index]
        if self.step.kind != "collect":
            return Feedback(False, "")
        if self._chip_state.get(index, ("", 0))[0]:
            return Feedback(True, "")
        if res.in_action:
            return Feedback(False, "That poker hand wager stays in action: a joker has no bearing on it (§(g)(5)(iii)).")
        if index not in self.step.phase.items and self._other_order(index):
            return self._switch_to_other_order(index, ms)
        if index in self.step.phase.items:
            self._chip_state[index] = (COLLECTED, 0)
            self._collected[res.bet.seat] = self._collected.get(res.bet.seat, 0) + res.bet.amount
            fb = Feedback(True, f"Collected {res.bet.describe()}.")
            if not self.remaining():
                fb.result = self._close_collection(ms)
                fb.correct = fb.result.correct
                fb.message = ("Every losing wager of this phase is collected." if fb.correct else
                              "All collected, with a mistake: " + "; ".join(self._phase_wrong) + ".")
                self._phase_index += 1
                self._enter_phase()
            return fb
        third = r.settlement.stand.position == 3 and not res.bet.placement.is_poker
        why = ("it wins: pay it once the losing non-poker wagers are collected (§(g)(4), trainer ruling 35)"
               if res.net > 0 and third else
               "it wins: pay it once every losing wager is collected (§(g)(4))" if res.net > 0 else
               "it is settled later: \"pair in 2\" comes after the non-poker wagers (§(h)(2))")
        self._phase_wrong.append(f"{res.bet.describe()}: {why}")
        self._collected[res.bet.seat] = self._collected.get(res.bet.seat, 0) + res.bet.amount
        return Feedback(False, f"Do not take {res.bet.describe()}: {why}.")

    # -- the third card: trainer ruling 35
    def _other_order(self, index: int) -> bool:
        """On the third card the settlement lists every loser, then every winner (§(g)(4),
        §(h)(6)); trainer ruling 35 accepts as well the non-poker wagers first (losers,
        then winners), then the poker hand wagers. A non-poker winner clicked once every
        non-poker loser is collected, while poker hand losers are still down, is that
        other order: the trainee is paying it, not taking it."""
        r = self.round
        if (r.settlement.stand.position != 3 or self.step.kind != "collect"
                or self._phases != list(r.settlement.phases) or len(self._phases) != 2):
            return False
        res = r.settlement.results[index]
        if res.in_action or res.bet.placement.is_poker or res.net <= 0:
            return False
        left = self.remaining()
        results = r.settlement.results
        return (all(results[i].bet.placement.is_poker for i in left)
                and any(results[i].bet.placement.is_poker for i in left))

    def _switch_to_other_order(self, index: int, ms: int) -> Feedback:
        results = self.round.settlement.results
        collect, pay = self._phases
        cites = tuple(dict.fromkeys(collect.citations + (ruling(35),)))

        def part(ph: Phase, poker: bool) -> tuple[int, ...]:
            return tuple(i for i in ph.items if results[i].bet.placement.is_poker == poker)

        kinds = ("non-poker", "poker hand")
        phases = [Phase(COLLECT, f"Collect the losing {kinds[0]} wagers", part(collect, False), cites),
                  Phase(PAY, f"Pay the winning {kinds[0]} wagers", part(pay, False), cites),
                  Phase(COLLECT, f"Collect the losing {kinds[1]} wagers", part(collect, True), cites),
                  Phase(PAY, f"Pay the winning {kinds[1]} wagers", part(pay, True), cites)]
        self._phases = [ph for ph in phases if ph.items]
        result = None
        if phases[0].items:  # the non-poker losers, all collected: that collection is graded now
            self.step.phase = self._phases[0]
            result = self._close_collection(ms)
            self._phase_index = 1
        else:
            self._phase_index = 0
        self._enter_phase()
        return Feedback(result.correct if result else True,
                        "The losing non-poker wagers are in: pay the winning non-poker wagers, then settle the poker "
                        "hand wagers (either order is right on the third card, trainer ruling 35).", result)

    def _close_collection(self, ms: int) -> AnswerResult:
        ph = self.step.phase
        results = self.round.settlement.results
        seats = sorted({results[i].bet.seat for i in ph.items} | set(self._collected))
        right = [sum(results[i].bet.amount for i in ph.items if results[i].bet.seat == s) for s in seats]
        given = [self._collected.get(s, 0) for s in seats]
        why = "Collect: " + "; ".join(results[i].bet.describe() for i in ph.items) + "."
        if self._phase_wrong:
            why += " Taken by mistake: " + "; ".join(self._phase_wrong) + "."
        note = settlement_note([results[i].bet.wager for i in ph.items])
        cites = ph.citations
        if note:
            why += " " + note
            cites += (ruling(37), ruling("P6"))
        q = self._question("collect", "payouts", prompt=ph.title + ": what do you collect from each seat?",
                           form=AMOUNTS, fields=tuple(f"Seat {s}" for s in seats), answer=amounts_answer(right),
                           explanation=why, citations=tuple(dict.fromkeys(cites)))
        return self._record(q, amounts_answer(given), ms)

    def payout(self, index: int) -> int:
        return self.round.settlement.results[index].result.paid

    def pay(self, index: int, cents: int, ms: int = 0) -> Feedback:
        """The trainee pays ``cents`` on chip ``index`` in a payment phase."""
        res = self.round.settlement.results[index]
        if self.step.kind != "pay" or index not in self.remaining():
            return Feedback(False, "That chip is not paid now.")
        right = res.result.paid
        q = self._question("pay", "payouts",
                           prompt=f"Pay seat {res.bet.seat}'s {res.bet.placement.label()} of "
                                  f"{format_cents(res.bet.amount)}.",
                           form=AMOUNTS, fields=(f"Seat {res.bet.seat} · {res.bet.placement.label()}",),
                           answer=amounts_answer([right]),
                           explanation=" ".join(filter(None, (res.result.describe() + ".",
                                                              settlement_note((res.bet.wager,))))),
                           citations=res.result.rules)
        result = self._record(q, amounts_answer([int(cents)]), ms)
        self._chip_state[index] = (PAID, right)
        message = (f"Right: {format_cents(right)} ({res.result.odds})." if result.correct else
                   f"{res.result.describe()}, not {format_cents(int(cents))}.")
        if not self.remaining():
            self._phase_index += 1
            self._enter_phase()
        return Feedback(result.correct, message, result)

    def is_winner_now(self, index: int) -> bool:
        return self.step.kind == "pay" and index in self.remaining()

    # -- after the settlement
    def _after_phases(self) -> None:
        change = self.round.settlement.stand
        if change.announcement is not None:
            self.step = Step("announce", "Announce the poker hand wagers",
                             f"{change.section.label()} is the second card in the stand. What do you announce?")
        else:
            self._end_round()

    def announce_options(self) -> tuple[str, ...]:
        ann = self.round.settlement.stand.announcement
        return announcement_choices(ann.wagers, random.Random(self.seed * 31 + self.rounds_done))

    def announce(self, given: str, ms: int = 0) -> Feedback:
        ann = self.round.settlement.stand.announcement
        right = wager_list_text(ann.wagers)
        q = self._question("announce", "poker-hands", prompt="Which poker hand wagers do you announce?", form=CHOICE,
                           options=self.announce_options(), answer=right,
                           explanation=f"{ann.explain()} Announce: {ann.text()}", citations=ann.citations)
        result = self._record(q, given, ms)
        self._end_round()
        return Feedback(result.correct, ann.text() if result.correct else f"{ann.explain()} {ann.text()}", result)

    def _end_round(self) -> None:
        r = self.round
        change = r.settlement.stand
        self.stand = change.after
        self.in_action = [res.bet for res in r.settlement.results if res.in_action]
        self.rounds_done += 1
        self.step = Step("done" if self.rounds_done >= self.total_spins else "next", "Spin settled",
                         change.describe())

    def summary(self) -> DrillSummary:
        return DrillSummary(self.rounds_done, len(self.results), sum(r.correct for r in self.results),
                            list(self.results))


def play_perfectly(drill: LayoutDrill) -> None:
    """Drive a drill to its end with every step right (for tests and demos)."""
    while not drill.finished:
        if drill.step.kind in ("spin", "next"):
            if drill.step.kind == "next" or drill.round is None:
                drill.next_round()
            drill.spun()
        elif drill.step.kind == "call":
            drill.call(drill.call_answer())
        elif drill.step.kind == "mark":
            drill.mark(str(drill.round.winner))
        elif drill.step.kind == "collect":
            for i in drill.remaining():
                drill.click_chip(i)
        elif drill.step.kind == "pay":
            for i in drill.remaining():
                drill.pay(i, drill.payout(i))
        elif drill.step.kind == "announce":
            drill.announce(wager_list_text(drill.round.settlement.stand.announcement.wagers))
        else:
            break


__all__ = ["DrillRound", "DrillSummary", "Feedback", "LayoutDrill", "Step", "play_perfectly", "spin_text",
           "NO_SPIN_CALL", "VOID_CALL", "CHIP_AMOUNTS", "POKER_RATE"]
