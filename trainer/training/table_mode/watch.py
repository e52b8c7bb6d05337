"""Spot the error: the app deals a round as the dealer and makes a few mistakes drawn
from the rules; the trainee stops the round at each one and names the rule broken and
the remedy of the irregularity sections. Misses and false alarms count.

The round shows one performed action at a time (``current``). ``stop()`` calls a
mistake on it: a real mistake is caught and two questions follow (the rule, the
remedy); anything else is a false alarm. ``proceed()`` moves on; moving past a mistake
without stopping it is a miss. After a mistake the app puts things right and deals on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.contracts.question import CHOICE, AnswerResult, Question
from trainer.core.table.actions import DealerAction
from trainer.core.table.levels import Level
from trainer.core.table.script import REFER_REMEDY, RoundScript, WatchMistake
from trainer.games.common.rules_questions import remedies_differ
from trainer.training.table_mode.dealer_round import watch_skill
from trainer.contracts.round_record import WATCH_MODE, RoundRecord

# What the trainee does in a watched round, as its record keeps it (``RoundRecord.attempts``).
STOP, MOVE_ON, RULE, REMEDY = "stop", "move-on", "rule", "remedy"


@dataclass
class Shown:
    """One performed action of the watched round."""

    action: DealerAction
    scene: object
    mistake: WatchMistake | None = None  # the app got this one wrong
    script_index: int = 0  # the right action's index in the script (after the mistake is put right)


@dataclass
class WatchRound:
    script: RoundScript
    level: Level
    mistakes: list[WatchMistake]
    position: int = 0  # index into ``shown``
    record: RoundRecord = field(init=False)
    results: list[AnswerResult] = field(default_factory=list)
    shown: list[Shown] = field(default_factory=list)
    pending: list[Question] = field(default_factory=list)  # rule and remedy questions after a catch
    stopped: set[int] = field(default_factory=set)
    _ms: int = 0

    def __post_init__(self) -> None:
        s = self.script
        self.record = RoundRecord(s.game_id, WATCH_MODE, self.level.id, s.seed, dict(s.options),
                                  actions=len(s.actions), mistakes_made=len(self.mistakes))
        by_index = {m.index: m for m in self.mistakes}
        done: list[DealerAction] = []
        for i, action in enumerate(s.actions):
            m = by_index.get(i)
            if m is not None:
                scene = m.scene if m.scene is not None else (
                    s.render(done + [m.performed]) if s.render else s.scene_after(i))
                # The mistake is shown, then the right action: the app puts it right and deals on.
                self.shown.append(Shown(m.performed, scene, m, i))
            done.append(action)
            self.shown.append(Shown(action, s.scene_after(i + 1), None, i))

    # ------------------------------------------------------------------ state
    @property
    def finished(self) -> bool:
        return self.position >= len(self.shown)

    def current(self) -> Shown | None:
        return None if self.finished else self.shown[self.position]

    def scene(self) -> object:
        cur = self.current()
        return cur.scene if cur is not None else self.script.scene_after(len(self.script.actions))

    # ------------------------------------------------------------------ the trainee
    def stop(self, elapsed_ms: int = 0) -> tuple[bool, str]:
        """Call a mistake on the current action. Returns (caught, message); a catch queues
        the rule and remedy questions in ``pending``."""
        cur = self.current()
        if cur is None or self.pending:
            raise RuntimeError("nothing to stop")
        self.record.attempts.append({"do": STOP})  # the trainee's calls, in order: the round can be replayed
        self._ms += max(0, int(elapsed_ms))
        if self.position in self.stopped:
            return False, "You have already stopped this action."
        self.stopped.add(self.position)
        if cur.mistake is None:
            self.record.false_calls += 1
            self.record.mistakes.append({"kind": "false-call", "expected": "no mistake", "attempted": "stop",
                                         "explanation": f"Nothing was wrong: {cur.action.text}.",
                                         "citations": list(cur.action.citations), "action": cur.script_index})
            self.results.append(self._call_result(cur, False))
            return False, f"That was right: {cur.action.text} ({'; '.join(cur.action.citations)})."
        self.record.caught += 1
        self.results.append(self._call_result(cur, True))
        self.pending = self._questions(cur.mistake)
        return True, f"Stopped: {cur.mistake.performed.text}."

    def answer(self, given: str, elapsed_ms: int = 0) -> AnswerResult:
        """Answer the first pending question (the rule, then the remedy)."""
        q = self.pending.pop(0)
        self.record.attempts.append({"do": RULE if q.kind.endswith("watch-rule") else REMEDY, "named": given})
        result = AnswerResult(q, given, q.is_correct(given), max(0, int(elapsed_ms)))
        self.results.append(result)
        if result.correct:
            if q.kind.endswith("watch-rule"):
                self.record.rule_named += 1
            else:
                self.record.remedy_named += 1
        return result

    def proceed(self, elapsed_ms: int = 0) -> Shown | None:
        """Let the current action pass and show the next. Passing a mistake is a miss."""
        if self.pending:
            raise RuntimeError("answer the questions about the mistake first")
        cur = self.current()
        if cur is None:
            return None
        self.record.attempts.append({"do": MOVE_ON})
        self._ms += max(0, int(elapsed_ms))
        self.record.action_ms.append(self._ms)
        self._ms = 0
        if cur.mistake is not None and self.position not in self.stopped:
            m = cur.mistake
            self.record.missed_calls += 1
            self.record.mistakes.append({"kind": "missed-call", "expected": m.rule, "attempted": "let pass",
                                         "explanation": f"{m.performed.text}: {m.rule} ({m.rule_citation}). "
                                                        f"Remedy: {m.remedy} ({m.remedy_citation}).",
                                         "citations": [m.rule_citation, m.remedy_citation], "action": cur.script_index})
            self.results.append(self._call_result(cur, False))
        self.position += 1
        if self.finished:
            self.record.completed = True
        return self.current()

    def missed_last(self) -> WatchMistake | None:
        """The mistake just let pass, if the last ``proceed`` passed one."""
        if self.position == 0:
            return None
        prev = self.shown[self.position - 1]
        return prev.mistake if prev.mistake is not None and (self.position - 1) not in self.stopped else None

    # ------------------------------------------------------------------ questions
    def _call_result(self, shown: Shown, correct: bool) -> AnswerResult:
        game = self.script.game_id
        truth = "Stop: a mistake" if shown.mistake is not None else "Let it pass"
        given = truth if correct else ("Let it pass" if shown.mistake is not None else "Stop: a mistake")
        m = shown.mistake
        why = (f"{m.performed.text}: {m.rule}." if m is not None else f"Right as dealt: {shown.action.text}.")
        cites = (m.rule_citation,) if m is not None else (shown.action.citations or ("",))
        q = Question(game_id=game, skill=watch_skill(game), kind=f"{game}.table-watch-call", seed=self.script.seed,
                     prompt=f"Watch the dealer: {shown.action.text}", form=CHOICE,
                     options=("Stop: a mistake", "Let it pass"), answer=truth, explanation=why,
                     citations=tuple(cites))
        return AnswerResult(q, given, correct, 0)

    def _questions(self, m: WatchMistake) -> list[Question]:
        game = self.script.game_id
        rng = random.Random(self.script.seed * 7919 + m.index)
        rule_answer = m.rule_answer
        others = list(m.rule_options) or self._other_rules(m)
        rule_opts = [rule_answer] + [o for o in others if o != rule_answer][:3]
        rng.shuffle(rule_opts)
        remedy_answer = m.remedy
        remedies = list(m.remedy_options) or list(self.script.irregular_remedies)
        # trainer ruling 38: no other option is the answer's remedy in other words or a part of it
        remedy_opts = [remedy_answer] + [r for r in dict.fromkeys(remedies + [REFER_REMEDY])
                                         if r != remedy_answer and remedies_differ(game, remedy_answer, r)][:3]
        rng.shuffle(remedy_opts)
        q1 = Question(game_id=game, skill=watch_skill(game), kind=f"{game}.table-watch-rule", seed=self.script.seed,
                      prompt=f"You stopped the dealer: {m.performed.text}. Which rule was broken?", form=CHOICE,
                      options=tuple(rule_opts), answer=rule_answer,
                      explanation=f"{m.rule} ({m.rule_citation}).", citations=(m.rule_citation,))
        q2 = Question(game_id=game, skill=watch_skill(game), kind=f"{game}.table-watch-remedy", seed=self.script.seed,
                      prompt="And the remedy?", form=CHOICE, options=tuple(remedy_opts), answer=remedy_answer,
                      explanation=f"{m.remedy} ({m.remedy_citation}).",
                      citations=tuple(c for c in (m.remedy_citation,) if c and m.remedy != REFER_REMEDY)
                      or (m.remedy_citation,))
        return [q1, q2]

    def _other_rules(self, m: WatchMistake) -> list[str]:
        seen = {m.rule_citation}
        out = []
        for a in self.script.actions:
            for c in a.citations[:1]:
                if c not in seen:
                    seen.add(c)
                    out.append(f"{a.text} ({c})")
        random.Random(self.script.seed).shuffle(out)
        return out


def choose_mistakes(candidates: list[WatchMistake], level: Level, rng: random.Random) -> list[WatchMistake]:
    """The mistakes of one watched round: the level's number of them, at distinct actions,
    of as many different kinds as there are."""
    lo, hi = level.watch_mistakes
    want = min(rng.randint(lo, hi), len(candidates))
    pool = list(candidates)
    rng.shuffle(pool)
    chosen: list[WatchMistake] = []
    kinds: set[str] = set()
    for pass_ in (0, 1):
        for m in pool:
            if len(chosen) >= want:
                break
            if m in chosen or any(abs(c.index - m.index) < 1 for c in chosen):
                continue
            if pass_ == 0 and m.kind in kinds:
                continue
            chosen.append(m)
            kinds.add(m.kind)
    return sorted(chosen, key=lambda m: m.index)


def start_watch(script: RoundScript, level: Level, candidates: list[WatchMistake], seed: int) -> WatchRound:
    rng = random.Random(seed ^ 0x5EED)
    return WatchRound(script, level, choose_mistakes(candidates, level, rng))
