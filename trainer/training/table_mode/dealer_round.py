"""The trainee deals: each attempt is checked against the round's next dealer action
as it happens. A wrong attempt is stopped (the round does not move), explained with its
section and counted; a payout is checked for its amount and, as a softer grade, for
being made in the fewest chips.

Each action, once done, gives one ``AnswerResult`` (right when it was done right the
first time) so that the store and the supervisor's review see table mode per skill:
``<game>.table-procedure`` for the steps, ``<game>.table-payouts`` for the payouts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from trainer.contracts.question import AMOUNTS, CHOICE, AnswerResult, Question, amounts_answer
from trainer.core.chips import ChipPayout, check_payout, house_chips
from trainer.core.money import format_cents
from trainer.core.table.actions import DEAL, PAY, DealerAction, verb_title
from trainer.core.table.levels import Level
from trainer.core.table.script import RoundScript
from trainer.training.table_mode.actions import (
    EXTRA_CHIPS, WRONG_AMOUNT, WRONG_FACE, WRONG_POSITION, WRONG_STEP, Attempt, Mistake,
)
from trainer.contracts.round_record import DEAL_MODE, RoundRecord


def procedure_skill(game_id: str) -> str:
    return f"{game_id}.table-procedure"


def payout_skill(game_id: str) -> str:
    return f"{game_id}.table-payouts"


def watch_skill(game_id: str) -> str:
    return f"{game_id}.table-watch"


@dataclass
class Outcome:
    """What an attempt did: ``accepted`` (the action is done and the round moved on) or
    stopped with a ``mistake``; ``note`` is the softer chip grade of a right payout."""

    accepted: bool
    action: DealerAction | None
    mistake: Mistake | None = None
    note: str = ""
    response: str = ""  # the simulated player's answer, e.g. "Seat 3 calls"
    result: AnswerResult | None = None  # set when the action was completed
    finished: bool = False


@dataclass
class DealerRound:
    script: RoundScript
    level: Level
    done: int = 0  # actions completed
    record: RoundRecord = field(init=False)
    results: list[AnswerResult] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)  # action indexes, in the order done
    _pending_ms: int = 0
    _errors_on: dict[int, list[str]] = field(default_factory=dict)  # action index -> wrong attempts
    _amount_given: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        s = self.script
        self.record = RoundRecord(s.game_id, DEAL_MODE, self.level.id, s.seed, dict(s.options),
                                  actions=len(s.actions), target_ms=self.level.target_ms(len(s.actions)))

    # ------------------------------------------------------------------ where we are
    @property
    def finished(self) -> bool:
        return self.done >= len(self.script.actions)

    def pending(self) -> list[int]:
        """Indexes of the actions that may be done now: the next one, or every action left
        of its any-order group."""
        acts = self.script.actions
        if self.finished:
            return []
        done = set(self.completed)
        first = next(i for i in range(len(acts)) if i not in done)
        orders = self.script.alternative_runs(first)
        allowed = _pending_in(orders, done, acts) if orders else []
        if allowed:
            return allowed
        group = acts[first].group
        if not group:
            return [first]
        out = []
        i = first
        while i < len(acts) and acts[i].group == group:
            if i not in done and acts[i].ready(done):
                out.append(i)
            i += 1
        return out

    def next_action(self) -> DealerAction | None:
        p = self.pending()
        return self.script.actions[p[0]] if p else None

    def scene(self) -> object:
        """The table now. Actions of an any-order group done out of order are drawn by the
        script's ``render`` when it has one."""
        in_order = self.completed == list(range(len(self.completed)))
        if in_order or self.script.render is None:
            return self.script.scene_after(self.done)
        return self.script.render([self.script.actions[i] for i in self.completed])

    def hint(self) -> str:
        a = self.next_action()
        if a is None:
            return "The round is over."
        return f"{a.text} ({'; '.join(a.citations)})" if a.citations else a.text

    # ------------------------------------------------------------------ attempts
    def attempt(self, attempt: Attempt, elapsed_ms: int = 0) -> Outcome:
        """Check ``attempt`` against the rules; ``elapsed_ms`` is the time since the last
        completed action (it is added to the action's time when the action is done)."""
        if self.finished:
            raise RuntimeError("the round is over")
        self.record.attempts.append(attempt.as_record())  # so that the round can be replayed (round_check)
        acts = self.script.actions
        pending = self.pending()
        self._pending_ms += max(0, int(elapsed_ms))
        match = next((i for i in pending if _same_place(acts[i], attempt)), None)
        if match is None:
            return self._stop(pending[0], attempt, self._classify(acts[pending[0]], attempt, pending))
        action = acts[match]
        if action.face_up is not None and attempt.face_up is not None and attempt.face_up != action.face_up:
            return self._stop(match, attempt, WRONG_FACE)
        note = ""
        if action.verb == PAY:
            given = ChipPayout(attempt.chips, attempt.coins) if attempt.chips or attempt.coins else None
            amount = given.total if given is not None else (attempt.amount or 0)
            self._amount_given.setdefault(match, amount)
            if amount != action.amount:
                return self._stop(match, attempt, WRONG_AMOUNT)
            if given is not None:
                check = check_payout(house_chips(), action.amount, given)
                if not check.fewest:
                    note = check.message
                    self.record.extra_chip_payouts += 1
                    self.record.mistakes.append(Mistake(EXTRA_CHIPS, action.text, given.describe(), check.message,
                                                        action.citations, match, True).as_dict())
        return self._complete(match, attempt, note)

    def perform_next(self, elapsed_ms: int = 0) -> Outcome:
        """Do the next action right (tests, and "show me" at the learn level)."""
        from trainer.training.table_mode.actions import attempt_for

        return self.attempt(attempt_for(self.next_action()), elapsed_ms)

    def _classify(self, expected: DealerAction, attempt: Attempt, pending: list[int]) -> str:
        acts = self.script.actions
        if any(acts[i].verb == attempt.verb for i in pending):
            return WRONG_POSITION
        return WRONG_STEP

    def _stop(self, index: int, attempt: Attempt, kind: str) -> Outcome:
        action = self.script.actions[index]
        pending = self.pending()
        if kind == WRONG_POSITION:
            same = [self.script.actions[i] for i in pending if self.script.actions[i].verb == attempt.verb]
            action = same[0] if same else action
            index = next(i for i in pending if self.script.actions[i] is action)
        attempted = attempt.describe()
        if kind == WRONG_AMOUNT:
            given = attempt.amount if not attempt.chips else ChipPayout(attempt.chips, attempt.coins).total
            why = (f"The payout is {format_cents(action.amount)}, not {format_cents(given or 0)}: {action.text}.")
        elif kind == WRONG_FACE:
            face = "face up" if action.face_up else "face down"
            why = f"This card is dealt {face}: {action.text}."
        elif kind == WRONG_POSITION:
            choices = [self.script.actions[i] for i in pending if self.script.actions[i].verb == attempt.verb]
            why = "Not there, or not yet: " + (" or ".join(a.text for a in choices) if len(choices) > 1
                                                 else choices[0].text) + "."
        else:
            options = [self.script.actions[i].text for i in pending]
            why = f"Not now ({verb_title(attempt.verb).lower()}): the next step is " + (
                "one of: " + "; ".join(options) if len(options) > 1 else options[0]) + "."
        mistake = Mistake(kind, action.text, attempted, why, action.citations, index, kind == WRONG_AMOUNT)
        if kind == WRONG_AMOUNT:
            self.record.payout_errors += 1
        else:
            self.record.procedure_errors += 1
        self.record.mistakes.append(mistake.as_dict())
        self._errors_on.setdefault(index, []).append(attempted if kind != WRONG_AMOUNT
                                                     else str(self._amount_given.get(index, 0)))
        return Outcome(False, action, mistake)

    def _complete(self, index: int, attempt: Attempt, note: str) -> Outcome:
        action = self.script.actions[index]
        self.completed.append(index)
        self.done = len(self.completed)
        ms = self._pending_ms
        self._pending_ms = 0
        self.record.action_ms.append(ms)
        result = self._answer(index, action, ms)
        self.results.append(result)
        if self.finished:
            self.record.completed = True
        return Outcome(True, action, note=note, response=action.response, result=result, finished=self.finished)

    def _answer(self, index: int, action: DealerAction, ms: int) -> AnswerResult:
        wrong = self._errors_on.get(index, [])
        game = self.script.game_id
        cites = action.citations or ("",)
        if action.verb == PAY:
            given_amount = self._amount_given.get(index, action.amount)
            q = Question(game_id=game, skill=payout_skill(game), kind=f"{game}.table-pay", seed=self.script.seed,
                         prompt=f"Table mode: {action.text}", form=AMOUNTS, fields=(f"Pay {action.where()}",),
                         answer=amounts_answer([action.amount]),
                         explanation=f"{action.text}: {format_cents(action.amount)}.", citations=tuple(cites))
            given = amounts_answer([given_amount])
            return AnswerResult(q, given, q.is_correct(given), ms)
        options = tuple(dict.fromkeys([action.text] + wrong))
        q = Question(game_id=game, skill=procedure_skill(game), kind=f"{game}.table-{action.verb}",
                     seed=self.script.seed, prompt="Table mode: the dealer's next action", form=CHOICE,
                     options=options, answer=action.text, explanation=action.text + ".", citations=tuple(cites))
        given = wrong[0] if wrong else action.text
        return AnswerResult(q, given, not wrong, ms)


def _pending_in(orders, done: set[int], acts) -> list[int]:
    """The actions that may be done next in a run with several accepted orders: for every
    order the actions done so far agree with (its earlier steps all done, none of its
    later steps begun), what is left of its current step."""
    out: set[int] = set()
    for steps in orders:
        k = next((n for n, step in enumerate(steps) if not set(step) <= done), None)
        if k is None or any(i in done for step in steps[k + 1:] for i in step):
            continue
        out.update(i for i in steps[k] if i not in done and acts[i].ready(done))
    return sorted(out)


def _same_place(action: DealerAction, attempt: Attempt) -> bool:
    if attempt.verb != action.verb:
        return False
    if action.seat is not None and attempt.seat != action.seat:
        return False
    if action.seat is None and attempt.seat is not None and action.verb not in (DEAL,):
        return False
    if action.spot is not None and attempt.spot is not None and attempt.spot != action.spot:
        return False
    if action.spot is not None and attempt.spot is None and (action.verb == PAY or action.choices):
        return False  # a payout needs its wager; an announcement with wordings needs the words
    return True
