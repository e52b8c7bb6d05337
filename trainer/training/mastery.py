"""Target times, speed grades and mastery levels: pure Python, no Qt, no database.

A question has a *target time*, the time a working dealer takes to answer it at the
table, from its answer form and size: picking one option, typing each amount, putting
each step in order. An answer is *on target* when it is right and given within the
target time. Speed mode grades every answer against the target:

- fast: within half the target;
- normal: within the target;
- slow: over the target.

A trainee's *mastery* of a skill is judged on their most recent answers of that skill
(``WINDOW`` of them): how many are right (accuracy) and how many are right *and* on
target (speed). The levels, from the bottom:

====================  ==========================================================
Not started           no answer yet
Learning              under 60% right
Familiar              at least 60% right
Proficient            at least 5 answers, 80% right and half of them on target
Mastered              at least 10 answers, 90% right and 80% of them on target
====================  ==========================================================
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum

CHOICE_MS = 8_000
AMOUNT_BASE_MS, PER_AMOUNT_MS = 10_000, 6_000
ORDER_BASE_MS, PER_STEP_MS = 6_000, 4_000
OTHER_MS = 15_000

WINDOW = 20  # the recent answers mastery is judged on

FAST, NORMAL, SLOW = "fast", "normal", "slow"


def target_ms(form: str, fields: tuple[str, ...] | list[str] | str = (), answer: str = "") -> int:
    """The target time of a question from its form, its fields (amounts) and its answer
    (the items of an ordering). ``fields`` may be given as stored (a JSON list)."""
    try:
        if form == "choice":
            return CHOICE_MS
        if form == "amounts":
            items = json.loads(fields) if isinstance(fields, str) else fields
            return AMOUNT_BASE_MS + PER_AMOUNT_MS * len(items)
        if form == "order":
            return ORDER_BASE_MS + PER_STEP_MS * len(json.loads(answer))
    except (TypeError, ValueError):
        pass
    return OTHER_MS


def question_target_ms(question) -> int:
    """The target time of a ``trainer.training.question.Question``."""
    return target_ms(question.form, question.fields, question.answer)


def speed_grade(response_ms: int, target: int) -> str:
    """'fast' (within half the target), 'normal' (within it) or 'slow'."""
    if response_ms <= target / 2:
        return FAST
    if response_ms <= target:
        return NORMAL
    return SLOW


class Level(IntEnum):
    NOT_STARTED = 0
    LEARNING = 1
    FAMILIAR = 2
    PROFICIENT = 3
    MASTERED = 4

    @property
    def title(self) -> str:
        return LEVEL_TITLES[self]


LEVEL_TITLES = {
    Level.NOT_STARTED: "Not started",
    Level.LEARNING: "Learning",
    Level.FAMILIAR: "Familiar",
    Level.PROFICIENT: "Proficient",
    Level.MASTERED: "Mastered",
}


@dataclass(frozen=True)
class Mastery:
    """A skill's mastery from ``answered`` recent answers, ``correct`` of them right and
    ``on_target`` of them right within the target time."""

    answered: int
    correct: int
    on_target: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def speed(self) -> float:
        """The share of the answers that were right and on target."""
        return self.on_target / self.answered if self.answered else 0.0

    @property
    def level(self) -> Level:
        return mastery_level(self.answered, self.correct, self.on_target)


def mastery_level(answered: int, correct: int, on_target: int) -> Level:
    if answered <= 0:
        return Level.NOT_STARTED
    accuracy, speed = correct / answered, on_target / answered
    if answered >= 10 and accuracy >= 0.9 and speed >= 0.8:
        return Level.MASTERED
    if answered >= 5 and accuracy >= 0.8 and speed >= 0.5:
        return Level.PROFICIENT
    if accuracy >= 0.6:
        return Level.FAMILIAR
    return Level.LEARNING
