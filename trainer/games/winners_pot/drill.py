"""The "run the round" drill, without any user interface: the app deals whole rounds of
Winner's Pot Poker street by street, simulated players decide bet, double or fold, and at
each key step the trainee answers for the dealer: where the button lies, who is dealt
first, who decides first, where a fold goes, how many cards to burn, the pot, the
dealer's hand, each Jacks Plus payout, the highest hand, the commission and each share.

Every graded step is a ``Question`` (choice, amounts or settle) answered into an
``AnswerResult``, so the store records it like a quiz answer. Whatever the trainee
answers, the app then does the step right (``round.Round`` checks every action) and the
round goes on; the rounds follow one another with the button moving as §7(d) says.

``RoundDrill.advance()`` performs one automatic step at a time (so that a screen can
show the cards going out one by one) until the next question is ``pending``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable

from trainer.core.cards import cards_label, shuffled, standard_deck
from trainer.core.citation import ruling
from trainer.core.money import format_cents
from trainer.core.rng import make_rng
from trainer.games.winners_pot import dealing
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.dealing import BUTTON_CITATIONS, DEALER, MAX_SEATS, clockwise_after, next_button, position_name
from trainer.games.winners_pot.hands import cite
from trainer.games.winners_pot.pot import HouseOptions, percent_text
from trainer.games.winners_pot.rules_data import GAME_ID
from trainer.games.winners_pot.round import Operation, Round, Step, simulated_decision
from trainer.games.winners_pot.table import WinnersPotScene, round_scene
from trainer.contracts.question import (
    AMOUNTS, CHOICE, SETTLE, AnswerResult, Question, amounts_answer, settle_answer, wager_entry,
)

SKILL = f"{GAME_ID}.run-the-round"
BURN_OPTIONS = ("None", "One", "Two", "Three")
FAILED_BURN_RATE = 0.2


def _name(p: int) -> str:
    return position_name(p, capital=True)


def _holders(positions, capital: bool = True) -> str:
    names = [position_name(positions[0], capital=capital)] + [position_name(p) for p in positions[1:]]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _award_answer(winners) -> str:
    return _name(winners[0]) if len(winners) == 1 else "Split: " + _holders(winners)


@dataclass
class DrillEvent:
    """A line of the round's story, for the screen: what the app did, or what was asked."""

    text: str
    irregular: bool = False


class RoundDrill:
    """Consecutive rounds at one table, the trainee dealing.

    ``seats``: the seated players (default: three to six, at random); ``method``: the
    dealing method (default: at random each round). A ``quiet`` drill (a question taken
    from a random step, no screen) plays quiet rounds (``Round.quiet``): the same rounds,
    steps and questions, without the rounds' logs or the drill's story (``events``) and
    summary."""

    def __init__(self, seed: int, *, seats: list[int] | None = None, method: str | None = None,
                 ante: int | None = None, options: HouseOptions | None = None,
                 failed_burn_rate: float = FAILED_BURN_RATE, quiet: bool = False) -> None:
        self.seed = seed
        self.quiet = quiet
        self.rng = make_rng(seed)
        self.seats = sorted(seats) if seats else sorted(self.rng.sample(range(1, MAX_SEATS + 1), self.rng.randint(3, 6)))
        self.fixed_method = method
        self.ante = ante or self.rng.choice((500, 1000, 1500, 2500))
        self.options = options or HouseOptions(commission_bp=self.rng.choice((500, 1000, 250)),
                                               commission_fixed=self.rng.choice((500, 1000, 2500)))
        self.failed_burn_rate = failed_burn_rate
        self.round_no = 0
        self.round: Round | None = None
        self.pending: Question | None = None
        self._pending_key: tuple | None = None
        self._pending_step: Step | None = None
        self._answered_step: Step | None = None  # answered, not yet done: the table still shows it
        self._asked: set[tuple] = set()
        self.results: list[AnswerResult] = []
        self.events: list[DrillEvent] = []
        self.start_round()

    # ------------------------------------------------------------------ rounds
    def start_round(self) -> None:
        """Deal a new round: the button moved on (§7(d)), fresh Jacks Plus wagers, a shuffled deck."""
        if self.round is not None and not self.round.finished and self.round.pot_awarded:
            cleared = self.round.clear_cards()
            if not self.quiet:
                self.events.append(DrillEvent(cleared.text))
        button = DEALER if self.round is None else next_button(self.round.button, self.seats)
        self.round_no += 1
        method = self.fixed_method or self.rng.choice(dealing.METHODS)
        jp = {s: (self.rng.choice((100, 500, 500, 1000)) if self.rng.random() < 0.45 else 0) for s in self.seats}
        self.round = Round(ante=self.ante, seats=jp, deck=shuffled(standard_deck(), self.rng), button=button,
                           method=method, options=self.options)
        self.round.quiet = self.quiet
        self._asked = set()
        self.pending = None
        self._answered_step = None
        if not self.quiet:
            self.events.append(DrillEvent(f"Round {self.round_no}: dealt {dealing.METHOD_NAMES[method]}; ante "
                                          f"{format_cents(self.ante)}; {self.options.describe()}"))
        self._failed_burn_planned = self.rng.random() < self.failed_burn_rate

    @property
    def round_over(self) -> bool:
        """The pot is awarded (the hands stay on the table until the next round is dealt), or
        the round ended otherwise (void, referred)."""
        r = self.round
        return r is not None and (r.finished or r.pot_awarded)

    def round_summary(self) -> list[str]:
        """The round's outcome in a few lines: the pot, the Jacks Plus wagers, any notes."""
        r = self.round
        assert r is not None
        lines = []
        award_op = next((op for op in reversed(r.log) if op.kind == R.AWARD), None)
        if award_op is not None:
            award = award_op.detail["award"]
            if award.dealer_wins:
                lines.append(f"The dealer's hand wins: the pot of {format_cents(award.pot)} goes to the table "
                             "inventory.")
            elif not award.is_split:
                (sh,) = award.shares
                lines.append(f"{_name(sh.position)} wins the pot of {format_cents(award.pot)}: paid "
                             f"{format_cents(sh.paid)} after {format_cents(award.commission)} commission.")
            else:
                parts = ", ".join(f"{position_name(x.position)} {format_cents(x.paid)}" for x in award.shares)
                lines.append(f"Split pot of {format_cents(award.pot)}: {parts}; commission "
                             f"{format_cents(award.commission)}.")
        paid, lost = [], []
        for op in r.log:
            res = op.detail.get("result") if op.kind == R.JACKS_PLUS else None
            if res is None:
                continue
            if res.net > 0:
                paid.append(f"{position_name(op.position)} {format_cents(res.net)} ({r.value_of(op.position).short()}, "
                            f"{res.odds})")
            else:
                lost.append(position_name(op.position))
        if paid:
            lines.append("Jacks Plus paid: " + "; ".join(paid) + ".")
        if lost:
            lines.append("Jacks Plus lost: " + ", ".join(lost) + ".")
        lines.extend(r.notes)
        return lines

    @property
    def answered(self) -> int:
        return len(self.results)

    @property
    def correct(self) -> int:
        return sum(r.correct for r in self.results)

    def scene(self, caption: str = "") -> WinnersPotScene:
        """The table as it stands, the position a pending question is about ringed."""
        step = self._pending_step if self.pending is not None else self._answered_step
        return self._scene_at(step, caption)

    def _scene_at(self, step: Step | None, caption: str = "") -> WinnersPotScene:
        r = self.round
        assert r is not None
        highlight: list[int] = []
        show: list[int] = []
        if step is not None and step.position is not None:
            if step.kind == R.JACKS_PLUS:
                highlight, show = [step.position], [step.position]
            elif step.kind == R.COLLECT_FOLD or (step.kind == R.REVEAL and step.position == DEALER):
                highlight = [step.position]
        elif (step is not None and step.kind == R.AWARD) or (step is None and r.pot_awarded and r._award):
            award = r._award or r._award_preview()
            highlight = list(award.winners)
        return round_scene(r, caption=caption or self._caption(), highlight=highlight, show_hole_cards=show)

    def _caption(self) -> str:
        r = self.round
        assert r is not None
        return f"Round {self.round_no} · ante {format_cents(r.ante)} · {self.options.describe()}"

    # ------------------------------------------------------------------ stepping
    def advance(self) -> Operation | None:
        """One automatic step; None when a question is pending or the round is over."""
        r = self.round
        if self.pending is not None or r is None or self.round_over:
            return None
        self._answered_step = None
        step = r.expected()
        question = self._question_for(step)
        if question is not None:
            self.pending = question
            self._pending_step = step
            return None
        return self._perform(step)

    def run_to_question(self) -> Question | None:
        """Advance until a question is pending (or the round is over)."""
        while self.pending is None and self.round is not None and not self.round_over:
            self.advance()
        return self.pending

    def _perform(self, step: Step) -> Operation:
        r = self.round
        assert r is not None
        if step.kind == R.BURN and r.phase == R.DEAL_4 and self._failed_burn_planned and not r.burns_owed:
            self._failed_burn_planned = False
            op = r.fail_burn()
            if not self.quiet:
                self.events.append(DrillEvent("The fourth cards were dealt without a burn first (§12(e)): dealing goes "
                                              "on, and two cards are burned before the fifth card.", True))
            return op
        choice = simulated_decision(self.rng, r, step.position) if step.kind == R.DECISION else None
        op = r.perform(step, choice)
        if op is not None and op.kind not in (R.DEAL, R.STACK, R.BURN):
            self.events.append(DrillEvent(op.text, op.irregular))
        return op

    def answer(self, given: str, response_ms: int = 0) -> AnswerResult:
        """Grade the pending question; the step itself is then done right by ``advance``."""
        q = self.pending
        if q is None:
            raise RuntimeError("no question is pending")
        result = AnswerResult(q, given, q.is_correct(given), max(0, int(response_ms)))
        self.results.append(result)
        self._asked.add(self._pending_key)
        self._answered_step = self._pending_step
        self.pending = None
        return result

    # ------------------------------------------------------------------ questions
    def _q(self, name: str, key: tuple, **kw) -> Question:
        self._pending_key = key
        return Question(game_id=GAME_ID, skill=SKILL, kind=f"{GAME_ID}.drill-{name}", seed=self.seed,
                        scene=None, **kw)

    def _positions(self, positions) -> tuple[str, ...]:
        return tuple(_name(p) for p in [DEALER] + sorted(p for p in positions if p != DEALER))

    def _question_for(self, step: Step) -> Question | None:
        r = self.round
        assert r is not None
        routed = self._route(step)
        if routed is None or routed[0] in self._asked:
            return None  # done by the app: no question built (issue 17)
        q = routed[1]()
        return dataclasses.replace(q, scene=self._scene_at(step))

    def _make_question(self, step: Step) -> Question | None:
        routed = self._route(step)
        return None if routed is None else routed[1]()

    def _route(self, step: Step) -> tuple[tuple, Callable[[], Question]] | None:
        """Whether ``step`` is asked: the key of its question (what ``_q`` records) and how
        to build it; None when the app does the step itself. Deciding costs little; only
        the question asked is built (``random_drill_question`` skips the others unbuilt)."""
        r = self.round
        assert r is not None
        k = step.kind
        n = self.round_no
        # (The button question is every round's first: asked, or skipped as asked, at its
        # first step, so a quiet round's log, always empty, asks it no more than once.)
        if not r.log and ("button", n) not in self._asked:
            return ("button", n), self._button_question
        if k == R.DEAL or k == R.STACK:  # (the most frequent steps first)
            if r.phase == R.DEAL_1:
                if not any(r.hands.values()):  # no card out yet
                    return ("first-card", n), lambda: self._first_card_question(step)
                return None
            if k == R.DEAL and r.phase in (R.DEAL_4, R.DEAL_5):
                n_card = 4 if r.phase == R.DEAL_4 else 5
                if all(len(r.hands[p]) < n_card for p in r.active_players() + [DEALER]) and r.active_players() and \
                        not r.street_order_is_ambiguous():
                    return ("street", n, n_card), lambda: self._street_question(step, n_card)
            return None
        if k == R.DECISION:
            need = 1 if r.phase == R.BET_ROUND else 2
            if all(len(r.seats[s].decisions) < need for s in r.active_players()) and len(r.active_players()) > 1:
                return ("first-decision", n, r.phase), lambda: self._first_decision_question(step)
            return None
        if k == R.COLLECT_FOLD:
            return ("fold", n, step.position), lambda: self._fold_question(step)
        if k == R.BURN and r.phase in (R.DEAL_4, R.DEAL_5) and r.burns_due > 1:
            return ("burns", n, r.phase), lambda: self._burn_question(step)
        if k == R.COLLECT:
            return ("pot", n), lambda: self._pot_question(step)
        if k == R.REVEAL:
            if step.position == DEALER:
                return ("dealer-hand", n), lambda: self._dealer_hand_question(step)
            if len(r.active_players()) > 1 and not any(r.seats[s].revealed for s in r.active_players()):
                return ("reveal", n), lambda: self._reveal_question(step)
            return None
        if k == R.JACKS_PLUS and step.position is not None:
            st = r.seats[step.position]
            if st.jacks_plus and not st.jp_settled:
                return ("jacks-plus", n, step.position), lambda: self._jacks_plus_question(step)
            return None
        if k == R.ANNOUNCE:
            return (("winner", n), lambda: self._winner_question(step)) if r.active_players() else None
        if k == R.AWARD:
            return ("award", n), lambda: self._award_question(step)
        return None

    def skip_question(self) -> bool:
        """Advance to the next step that would be asked and do it right, as answering its
        question rightly would, without building the question or its scene; False when the
        round is over first."""
        r = self.round
        while self.pending is None and r is not None and not self.round_over:
            self._answered_step = None
            step = r.expected()
            routed = self._route(step)
            if routed is not None and routed[0] not in self._asked:
                self._asked.add(routed[0])
                self._pending_key = routed[0]
                self._answered_step = step
                return True
            self._perform(step)
        return False

    def _button_question(self) -> Question:
        r = self.round
        n = self.round_no
        if n == 1:
            why = ("In the first round of play the dealer places the button in front of the dealer's own position: "
                   "dealing starts with the player farthest to the dealer's left.")
        else:
            why = ("Each new round the button rotates clockwise to the next player, or to the dealer after the player "
                   "farthest to the dealer's right: " + ("before the dealer" if r.button == DEALER else
                                                          position_name(r.button)) + ".")
        answer = _name(r.button)
        return self._q("button", ("button", n),
                       prompt=f"Round {n} begins. Where does the button lie for this round?",
                       form=CHOICE, options=self._positions(self.seats), answer=answer, explanation=why,
                       citations=BUTTON_CITATIONS)

    def _first_card_question(self, step: Step) -> Question:
        r = self.round
        stack = step.kind == R.STACK
        order = dealing.deal_order(r.button, r.players)
        why = ("Dealing begins with the position immediately after the button, clockwise: "
               + ", ".join(position_name(p) for p in order) + ".")
        if stack:
            # Trainer ruling 28: the button governs the first stack (§9(c)); §9(d)'s "farthest
            # to his or her left" describes the first round only.
            why += (" From the automated shoe the first stack too goes to the first position after the button; each "
                    "position gets a stack of three, its top card turned face up.")
            cites = step.citations
        else:
            cites = step.citations + (cite(dealing.BUTTON_SECTIONS[r.method]),)
        return self._q("first-card", ("first-card", self.round_no),
                       prompt=f"The top card is burned. Who receives the first {'stack' if stack else 'card'}?",
                       form=CHOICE, options=self._positions(r.players), answer=_name(step.position),
                       explanation=why, citations=tuple(dict.fromkeys(cites)))

    def _first_decision_question(self, step: Step) -> Question:
        r = self.round
        bet = r.phase == R.BET_ROUND
        order = dealing.decision_order(r.button, r.active_players())
        why = (("Decisions start with the player next to the button" if bet else
                "The double decisions start with the first remaining player after the button")
               + ", clockwise: " + ", ".join(position_name(p) for p in order)
               + ". The dealer decides nothing: its ante, bet and double were placed before the deal.")
        return self._q("first-decision", ("first-decision", self.round_no, r.phase),
                       prompt=("Every hand holds three cards. Whose decision, bet or fold, do you ascertain first?"
                               if bet else "The fourth cards are out. Whose decision, double or fold, comes first?"),
                       form=CHOICE, options=self._positions(r.active_players()), answer=_name(step.position),
                       explanation=why, citations=step.citations + (cite("6(c)"),))

    def _fold_question(self, step: Step) -> Question:
        r = self.round
        s = step.position
        st = r.seats[s]
        street = st.folded_after
        jp = bool(st.jacks_plus)
        chips = "Ante" if street == 3 else "Ante and bet"
        where = "to the table inventory" if street == 3 else "into the winner's pot"
        cards = "cards under the Jacks Plus wager" if jp else "cards to the discard rack"
        answer = f"{chips} {where}; {cards}"
        options = tuple(f"{chips} {w}; {c}" for w in ("to the table inventory", "into the winner's pot",
                                                      "returned to the player")
                        for c in ("cards to the discard rack", "cards under the Jacks Plus wager"))
        amount = r.ante if street == 3 else 2 * r.ante
        why = (f"{_name(s)} folds after {'three' if street == 3 else 'four'} cards: "
               + (f"the ante ({format_cents(amount)}) goes into the table inventory container, not the pot"
                  if street == 3 else f"ante and bet ({format_cents(amount)}) go into the winner's pot")
               + ("; the cards go face down under the Jacks Plus wager, which stays in action on them."
                  if jp else "; the cards go face down into the discard rack."))
        return self._q("fold", ("fold", self.round_no, s),
                       prompt=f"{_name(s)} folds. Where do the chips and the cards go?", form=CHOICE, options=options,
                       answer=answer, explanation=why,
                       citations=step.citations + ((cite("1"),) if street == 3 else ()) + ((ruling(19),) if jp else ()))

    def _burn_question(self, step: Step) -> Question:
        r = self.round
        due = r.burns_due
        nxt = "fourth" if r.phase == R.DEAL_4 else "fifth"
        return self._q("burns", ("burns", self.round_no, r.phase),
                       prompt=f"A burn was missed earlier this round. How many cards do you burn before the {nxt} "
                              "card?",
                       form=CHOICE, options=BURN_OPTIONS, answer=BURN_OPTIONS[due],
                       explanation=("When the dealer fails to burn a card, dealing goes on and, after the betting "
                                    f"round, two successive cards are burned before the next card: {BURN_OPTIONS[due].lower()}."),
                       citations=(cite("12(e)"),))

    def _street_question(self, step: Step, n_card: int) -> Question:
        r = self.round
        order = dealing.street_order(r.button, r.active_players())
        word = "fourth" if n_card == 4 else "fifth"
        return self._q("street", ("street", self.round_no, n_card),
                       prompt=f"A card is burned. Who receives the first {word} card?", form=CHOICE,
                       options=self._positions(r.active_players()), answer=_name(step.position),
                       explanation=(f"The {word} card goes face up to each remaining player and the dealer, clockwise "
                                    "from the first position after the button: "
                                    + ", ".join(position_name(p) for p in order) + "."),
                       citations=step.citations + BUTTON_CITATIONS[:1])

    def _pot_question(self, step: Step) -> Question:
        r = self.round
        on_layout = sum(v for (p, spot), v in r.layout.items() if spot in ("ante", "bet", "double"))
        total = r.pot_area + on_layout
        stayed = r.active_players()
        a = r.ante
        parts = [f"the dealer's ante, bet and double {format_cents(4 * a)}"]
        if stayed:
            parts.append(f"{len(stayed)} player{'s' if len(stayed) > 1 else ''} who doubled, {format_cents(4 * a)} each")
        if r.pot_area:
            parts.append(f"{format_cents(r.pot_area)} already in the pot from folds after the fourth card")
        return self._q("pot", ("pot", self.round_no),
                       prompt="The fifth cards are out and the stub is away. How much does the winner's pot hold "
                              "once you collect the wagers?",
                       form=AMOUNTS, fields=("Winner's pot",), answer=amounts_answer([total]),
                       explanation="The pot: " + "; ".join(parts) + f": {format_cents(total)}. Antes of players who "
                                   "folded after three cards went to the table inventory instead.",
                       citations=step.citations + (cite("1"),))

    def _dealer_hand_question(self, step: Step) -> Question:
        from trainer.games.winners_pot.questions import category_options

        r = self.round
        value = r.value_of(DEALER)
        return self._q("dealer-hand", ("dealer-hand", self.round_no),
                       prompt="Expose your two down cards. What hand do you announce?", form=CHOICE,
                       options=category_options(value.category, self.rng), answer=value.category.label,
                       explanation=f"{cards_label(r.cards_of(DEALER))}: {value.describe().lower()}.",
                       citations=step.citations + (value.category.citation,))

    def _reveal_question(self, step: Step) -> Question:
        r = self.round
        order = dealing.reveal_order(r.active_players())
        return self._q("reveal", ("reveal", self.round_no),
                       prompt="Your hand is announced. Whose down cards do you expose next?", form=CHOICE,
                       options=self._positions(r.active_players()), answer=_name(step.position),
                       explanation=("After your own hand, start with the remaining player farthest to your right and go "
                                    "counterclockwise: " + ", ".join(position_name(p) for p in order[1:]) + "."),
                       citations=step.citations)

    def _jacks_plus_question(self, step: Step) -> Question:
        r = self.round
        s = step.position
        st = r.seats[s]
        result = r.jacks_plus_results()[s]
        value = r.value_of(s)
        pay = result.net if result.net > 0 else 0
        if pay:
            why = f"{value.describe()} pays {result.odds}: {format_cents(pay)} on {format_cents(st.jacks_plus)}."
        else:
            why = (f"{value.describe()} does not qualify (a pair pays only as jacks or better): collect the wager of "
                   f"{format_cents(st.jacks_plus)} for the table inventory.")
        if st.folded_after:
            why = (f"{_name(s)} folded with {st.folded_after} cards and kept the Jacks Plus in action on them. " + why)
        return self._q("jacks-plus", ("jacks-plus", self.round_no, s),
                       prompt=f"Settle {position_name(s)}'s Jacks Plus wager of {format_cents(st.jacks_plus)}: collect "
                              "it, or what do you pay?",
                       form=SETTLE, fields=(f"Jacks Plus, {position_name(s)}",), answer=settle_answer([wager_entry(result)]),
                       explanation=why,
                       citations=step.citations + result.rules)

    def _winner_question(self, step: Step) -> Question:
        r = self.round
        values = r.contenders()
        best = max(values.values())
        winners = clockwise_after(r.button, [p for p, v in values.items() if v == best])
        answer = _award_answer(winners)
        options = list(self._positions([p for p in values if p != DEALER]))
        ranked = sorted(values, key=lambda p: values[p], reverse=True)
        if len(winners) > 1:
            options.append(answer)
        elif len(ranked) >= 2:
            options.append(_award_answer(clockwise_after(r.button, ranked[:2])))
        lines = [f"{_name(p)}: {values[p].describe().lower()}." for p in [DEALER] + sorted(p for p in values if p)]
        lines.append(f"Highest: {best.describe().lower()}, held by {_holders(winners, capital=False)}"
                     + (" (a tie hand: they share the pot)." if len(winners) > 1 else "."))
        return self._q("winner", ("winner", self.round_no), prompt="Every hand is exposed. Who holds the highest hand?",
                       form=CHOICE, options=tuple(dict.fromkeys(options)), answer=answer, explanation=" ".join(lines),
                       citations=step.citations + (cite("5(b)"), cite("5(c)"), ruling(1)))

    def _award_question(self, step: Step) -> Question:
        r = self.round
        award = r._award or r._award_preview()
        if award.dealer_wins:
            return self._q("award", ("award", self.round_no),
                           prompt="Your hand is highest. How much goes from the pot to the table inventory?",
                           form=AMOUNTS, fields=("To the table inventory",), answer=amounts_answer([award.pot]),
                           explanation=(f"The dealer's hand wins: the whole pot, {format_cents(award.pot)}, goes into "
                                        "the table inventory container. No commission is taken."),
                           citations=step.citations)
        fields = ["Commission"]
        values = [award.commission]
        for sh in award.shares:
            if sh.position != DEALER:
                fields.append(f"Pay {position_name(sh.position)}")
                values.append(sh.paid)
        if award.share_of(DEALER):
            fields.append("Dealer's share (to the inventory)")
            values.append(award.share_of(DEALER).share)
        why = [f"The pot is {format_cents(award.pot)}."]
        if award.is_split:
            why.append("Tied hands share it equally: " + ", ".join(
                f"{position_name(s.position)} {format_cents(s.share)}" for s in award.shares) + ".")
        why.append(award.reason[0].upper() + award.reason[1:] + ".")
        why.append("Pay " + ", ".join(f"{position_name(s.position)} {format_cents(s.paid)}" for s in award.shares
                                      if s.position != DEALER) + ".")
        return self._q("award", ("award", self.round_no),
                       prompt=f"Award the pot (commission {percent_text(r.options.percent_bp)} or "
                              f"{format_cents(r.options.fixed)}, whichever is less).",
                       form=AMOUNTS, fields=tuple(fields), answer=amounts_answer(values), explanation=" ".join(why),
                       citations=step.citations)


def random_drill_question(rng: random.Random) -> Question:
    """One question of the drill, from a random round at a random step (the quiz kind
    'winners-pot.drill-step')."""
    drill = RoundDrill(rng.randrange(2**31), failed_burn_rate=0.3, quiet=True)
    skip = rng.randint(0, 16)
    for _ in range(40):
        if skip > 0:  # the steps before the one asked are done right, their questions never built
            if drill.skip_question():
                skip -= 1
            else:
                drill.start_round()
            continue
        q = drill.run_to_question()
        if q is None:
            drill.start_round()
            continue
        return dataclasses.replace(q, kind=f"{GAME_ID}.drill-step")
    q = drill.run_to_question()
    assert q is not None
    return dataclasses.replace(q, kind=f"{GAME_ID}.drill-step")


__all__ = ["RoundDrill", "DrillEvent", "random_drill_question", "SKILL"]
