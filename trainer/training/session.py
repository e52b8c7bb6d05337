"""A session of questions and the recorder that writes it to the store.

One ``Session`` serves the quiz, daily practice, "my mistakes" and exams: they differ by
data only, namely where the questions come from (``plan``: a game's questions drawn from
a seed, the daily queue, past mistakes, an exam's plan; ``source``), how it is run
(``mode``: practice, learn, speed or exam, which sets the timing and whether feedback
shows), and its title. A question is its game, kind and seed (``PlannedQuestion``), so a
session's seed replays every question exactly, on every station.

The session knows nothing of Qt or the database: the caller shows each question, passes
back the trainee's answer and response time, and gets the ``AnswerResult``. A
``Recorder`` writes a session to the store (its start, each answer the moment it is
given, its end) through a ``submit(job, on_result=None, on_error=None)`` that runs
``job(store)`` jobs in order: the UI's worker thread, or a function running them at once.
A drill's session is recorded the same way; its steps come from the drill itself.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from trainer.contracts.game import QuestionKind
from trainer.contracts.measures import AnswerFigures
from trainer.contracts.question import AnswerResult, Question
from trainer.core.rng import derive_seed, make_rng
from trainer.games.registry import get_game

PRACTICE, LEARN, SPEED, EXAM = "practice", "learn", "speed", "exam"
MODES = (PRACTICE, LEARN, SPEED, EXAM)
MODE_TITLES = {PRACTICE: "Practice", LEARN: "Learn", SPEED: "Speed", EXAM: "Exam"}
DRILL = "drill"  # the mode of a drill's session (its steps come from the drill screen)
GAME, DAILY, MISTAKES = "game", "daily", "mistakes"  # sources of questions (and EXAM)
MIXED = "mixed"  # the game of a session whose questions come from several games
SHOWN = ""  # the "given" answer of a question the trainee asked to be shown


@dataclass
class SessionSummary(AnswerFigures):
    answered: int
    correct: int
    total_ms: int
    missed: list[AnswerResult]


@dataclass(frozen=True)
class PlannedQuestion:
    game_id: str
    kind: str
    seed: int


def kinds_for(game_id: str, skills: tuple[str, ...] | None = None,
              kinds: tuple[str, ...] | None = None) -> list[QuestionKind]:
    game = get_game(game_id)
    chosen = [k for k in game.question_kinds()
              if (skills is None or k.skill in skills) and (kinds is None or k.id in kinds)]
    if not chosen:
        raise ValueError(f"no question kinds match in {game_id}")
    return chosen


def make_question(kind: QuestionKind, seed: int) -> Question:
    """Replays one question exactly from its kind and seed."""
    return dataclasses.replace(kind.make(make_rng(seed)), seed=seed)


def question_from(game_id: str, kind_id: str, seed: int) -> Question:
    for k in get_game(game_id).question_kinds():
        if k.id == kind_id:
            return make_question(k, seed)
    raise KeyError(f"unknown question kind {kind_id!r} in {game_id}")


def make_planned(q: PlannedQuestion) -> Question:
    return question_from(q.game_id, q.kind, q.seed)


def game_plan(game_id: str, seed: int, count: int = 10, skills: tuple[str, ...] | None = None,
              kinds: tuple[str, ...] | None = None) -> list[PlannedQuestion]:
    """``count`` questions of ``game_id`` drawn from the RNG seeded with ``seed``: every
    kind once while there are questions for it, then kinds at random. Question i's kind
    and its own seed both come from the session RNG, so the same session seed gives the
    same questions on every station."""
    chosen = kinds_for(game_id, skills, kinds)
    rng = make_rng(seed)
    plan = []
    for i in range(count):
        kind = chosen[i % len(chosen)] if i < len(chosen) else rng.choice(chosen)
        plan.append(PlannedQuestion(game_id, kind.id, derive_seed(rng)))
    rng.shuffle(plan)
    return plan


@dataclass(frozen=True)
class SessionStart:
    """What the store records when a session starts (``Store.start_session``)."""

    game_id: str
    seed: int
    question_count: int
    mode: str = PRACTICE
    source: str = GAME
    exam_id: str | None = None


@dataclass
class Session:
    """The planned questions of a quiz, daily practice, my mistakes or an exam, and the
    answers given. ``mode`` is how it is run (practice, learn, speed, exam); ``source``
    where its questions come from (game, daily, mistakes, exam); ``title`` names it on
    screen (None: the game's title)."""

    plan: list[PlannedQuestion]
    seed: int
    mode: str = PRACTICE
    source: str = GAME
    title: str | None = None
    exam_id: str | None = None
    results: list[AnswerResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        if not self.plan:
            raise ValueError("a session needs at least one question")
        self._current: Question | None = None
        self._shown_at = 0.0

    @classmethod
    def quiz(cls, game_id: str, seed: int, count: int = 10, *, skills: tuple[str, ...] | None = None,
             kinds: tuple[str, ...] | None = None) -> Session:
        """A game's quiz: ``count`` questions drawn from ``seed`` (``game_plan``)."""
        return cls(game_plan(game_id, seed, count, skills, kinds), seed)

    @property
    def count(self) -> int:
        return len(self.plan)

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(q.game_id for q in self.plan))

    @property
    def game_id(self) -> str:
        """The one game of the session, or ``MIXED``."""
        games = self.games
        return games[0] if len(games) == 1 else MIXED

    @property
    def feedback(self) -> bool:
        """Whether each answer is explained as it is given (an exam explains at the end)."""
        return self.mode != EXAM

    @property
    def timed(self) -> bool:
        """Whether answers are held to their target times (learn mode is untimed)."""
        return self.mode != LEARN

    @property
    def position(self) -> int:
        """How many questions have been answered."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.position >= self.count

    def start_record(self) -> SessionStart:
        return SessionStart(self.game_id, self.seed, self.count, self.mode, self.source, self.exam_id)

    def current(self) -> Question | None:
        if self.finished:
            return None
        if self._current is None:
            self._current = make_planned(self.plan[self.position])
            self._shown_at = time.monotonic()
        return self._current

    def questions(self) -> list[Question]:
        """Every question of the plan (for an exam's fingerprint and its final review)."""
        return [make_planned(q) for q in self.plan]

    def answer(self, given: str, response_ms: int | None = None) -> AnswerResult:
        question = self.current()
        if question is None:
            raise RuntimeError("the session is finished")
        if response_ms is None:
            response_ms = int((time.monotonic() - self._shown_at) * 1000)
        result = AnswerResult(question, given, question.is_correct(given), max(0, int(response_ms)))
        self.results.append(result)
        self._current = None
        return result

    def show_me(self, response_ms: int | None = None) -> AnswerResult:
        """Learn mode: give up on the question and see the answer (recorded as not known)."""
        if self.mode != LEARN:
            raise RuntimeError("only learn mode shows answers before they are given")
        return self.answer(SHOWN, response_ms)

    def summary(self) -> SessionSummary:
        return SessionSummary(
            answered=len(self.results),
            correct=sum(r.correct for r in self.results),
            total_ms=sum(r.response_ms for r in self.results),
            missed=[r for r in self.results if not r.correct],
        )


Submit = Callable[..., Any]  # submit(job, on_result=None, on_error=None): job(store) runs in order


@dataclass(eq=False)
class Recorder:
    """Records one session in the store: ``start`` it, hand it each answer (``answered``)
    or table mode round (``round_played``) the moment it is given, ``end`` it once.

    Every write is a job handed to ``submit``; the store's id of the session is set by the
    start job and read by the jobs queued after it, so the caller never waits for it.
    ``on_saved(index)`` and ``on_not_saved(index, message)`` say whether answer ``index``
    (0, 1, ... in the order given) was saved. With ``record=False`` nothing is written."""

    submit: Submit
    trainee_id: int
    start_record: SessionStart
    _: dataclasses.KW_ONLY
    record: bool = True
    on_saved: Callable[[int], Any] | None = None
    on_not_saved: Callable[[int, str], Any] | None = None
    id: str | None = field(default=None, init=False)  # the store's id, once started
    answers: int = field(default=0, init=False)  # answers handed over so far
    ended: bool = field(default=False, init=False)

    def require(self) -> str:
        if self.id is None:
            raise RuntimeError("the session was not started in the database")
        return self.id

    def start(self, *, then: Callable[[Any], Any] | None = None, on_result: Callable[[Any], Any] | None = None,
              on_error: Callable[[str], Any] | None = None) -> None:
        """Record the start; ``then(store)`` runs in the same job after it (its result goes
        to ``on_result``; without it, the session's id does)."""
        if not self.record:
            return
        s = self.start_record

        def job(store):
            self.id = store.start_session(self.trainee_id, s.game_id, seed=s.seed, question_count=s.question_count,
                                          mode=s.mode, source=s.source, exam_id=s.exam_id)
            return then(store) if then is not None else self.id

        self.submit(job, on_result=on_result, on_error=on_error)

    def answered(self, result: AnswerResult) -> AnswerResult:
        """Hand the answer to the store at once (its feedback is shown after this)."""
        index = self.answers
        self.answers += 1
        if self.record:
            saved, not_saved = self.on_saved, self.on_not_saved
            self.submit(lambda store: store.record_answer(self.require(), self.trainee_id, result),
                         on_result=(lambda _id: saved(index)) if saved is not None else None,
                         on_error=(lambda m: not_saved(index, m)) if not_saved is not None else None)
        return result

    def round_played(self, record: Any, *, on_error: Callable[[str], Any] | None = None) -> None:
        """Store a table mode round (its ``RoundRecord``) whole, in this session."""
        if self.record:
            self.submit(lambda store: store.record_table_round(self.require(), self.trainee_id, record),
                         on_error=on_error)

    def end(self, *, on_error: Callable[[str], Any] | None = None) -> bool:
        """Record the end, once; False if it had already ended."""
        if self.ended:
            return False
        self.ended = True
        if self.record:
            self.submit(lambda store: store.end_session(self.require()) if self.id else None, on_error=on_error)
        return True
