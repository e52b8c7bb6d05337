"""A quiz session: a seeded sequence of questions for one game, and its results.

The session knows nothing of Qt or the database. The caller shows each question,
passes back the trainee's answer and response time, and stores the ``AnswerResult``
(the UI records it in the store as soon as it is given).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from trainer.core.rng import derive_seed, make_rng
from trainer.contracts.game import QuestionKind
from trainer.games.registry import get_game
from trainer.contracts.question import AnswerResult, Question


@dataclass
class SessionSummary:
    answered: int
    correct: int
    total_ms: int
    missed: list[AnswerResult]

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def mean_ms(self) -> int:
        return self.total_ms // self.answered if self.answered else 0


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


@dataclass
class QuizSession:
    """``count`` questions of ``game_id`` drawn from the RNG seeded with ``seed``.

    Question i's kind and its own seed both come from the session RNG, so the same
    session seed gives the same questions on every station."""

    game_id: str
    seed: int
    count: int = 10
    skills: tuple[str, ...] | None = None
    kinds: tuple[str, ...] | None = None
    results: list[AnswerResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._kinds = kinds_for(self.game_id, self.skills, self.kinds)
        rng = make_rng(self.seed)
        self._plan = []
        for i in range(self.count):
            kind = self._kinds[i % len(self._kinds)] if i < len(self._kinds) else rng.choice(self._kinds)
            self._plan.append((kind, derive_seed(rng)))
        rng.shuffle(self._plan)
        self._current: Question | None = None
        self._shown_at = 0.0

    @property
    def position(self) -> int:
        """How many questions have been answered."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.position >= self.count

    def current(self) -> Question | None:
        if self.finished:
            return None
        if self._current is None:
            kind, seed = self._plan[self.position]
            self._current = make_question(kind, seed)
            self._shown_at = time.monotonic()
        return self._current

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

    def summary(self) -> SessionSummary:
        return SessionSummary(
            answered=len(self.results),
            correct=sum(r.correct for r in self.results),
            total_ms=sum(r.response_ms for r in self.results),
            missed=[r for r in self.results if not r.correct],
        )
