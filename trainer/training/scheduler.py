"""Spaced repetition per skill, with the FSRS algorithm behind a small interface.

Each skill of each game is one FSRS *card* per trainee; every answer of that skill is
one *review* of it. The card's state is never stored: it is replayed from the answer
log each time it is needed (statistics are queries over the log, never counters), so
importing answers from another station or changing the mapping below never leaves a
stale state behind.

An answer becomes an FSRS rating like this (``rating_for``):

==============================================  ==============
no answer (learn mode's "show me") or wrong      Again
right, slower than the target time               Hard
right, within the target time                    Good
right, within half the target time               Easy
==============================================  ==============

In learn mode, which is untimed, a right answer is Good whatever its time. A wrong or
slow answer therefore brings its skill back sooner than a quick right one.

A daily queue counts in days, not minutes, so the scheduler has one learning and one
relearning step of 12 hours: a skill answered wrong is due again by the next day (and
slowly right, the day after), one answered right after some days, growing with every
right answer. Fuzzing is off, so that the same log always gives the same schedule.
Other schedulers can stand in for FSRS by implementing ``SkillScheduler``.

Table mode's skills are not scheduled at all: their answers are the dealer actions of a
round (forty of them in one round), not reviews of a skill, and the daily queue asks
questions, which table skills have none of. The store's ``review_log`` leaves them out
and ``practice_overview`` drops any that reach it; a table skill's standing comes from
its rounds (``trainer.contracts.measures.table_skill_figures``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from enum import IntEnum
from typing import Protocol

import fsrs

from trainer.contracts.measures import speed_grade

STEP = timedelta(hours=12)  # the one (re)learning step: a mistake is due again by the next day


class Rating(IntEnum):
    AGAIN = 1
    HARD = 2
    GOOD = 3
    EASY = 4


@dataclass(frozen=True)
class Review:
    """One answer of a skill, as the scheduler sees it."""

    skill: str
    at: datetime  # timezone-aware
    correct: bool
    response_ms: int
    target_ms: int
    timed: bool = True  # False in learn mode
    shown: bool = False  # the trainee asked to be shown the answer


@dataclass(frozen=True)
class SkillState:
    """Where a skill stands for a trainee after all their reviews of it."""

    skill: str
    reviews: int
    lapses: int  # reviews rated Again
    due: datetime
    stability: float  # days for recall to fall to 90%
    difficulty: float  # 1 (easy) to 10 (hard)
    last_review: datetime
    last_rating: Rating
    retrievability: float  # the chance of answering right at the time asked about

    def is_due(self, now: datetime) -> bool:
        return self.due <= now


def rating_for(review: Review) -> Rating:
    if review.shown or not review.correct:
        return Rating.AGAIN
    if not review.timed or review.target_ms <= 0:
        return Rating.GOOD
    grade = speed_grade(review.response_ms, review.target_ms)
    return {"fast": Rating.EASY, "normal": Rating.GOOD}.get(grade, Rating.HARD)


class SkillScheduler(Protocol):
    """What the practice queue needs from a scheduler."""

    def states(self, reviews: Iterable[Review], now: datetime) -> dict[str, SkillState]:
        """Every reviewed skill's state after replaying ``reviews`` (oldest first)."""
        ...


def utc(when: datetime | str) -> datetime:
    """A timezone-aware UTC datetime from a datetime or a stored ISO timestamp."""
    if isinstance(when, str):
        when = datetime.fromisoformat(when.replace("Z", "+00:00"))
    if when.tzinfo is None:
        return when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc)


class FsrsScheduler:
    """``SkillScheduler`` on the ``fsrs`` package (FSRS-6, default parameters)."""

    def __init__(self, desired_retention: float = 0.9, maximum_interval: int = 365) -> None:
        self._fsrs = fsrs.Scheduler(desired_retention=desired_retention, learning_steps=(STEP,),
                                    relearning_steps=(STEP,), maximum_interval=maximum_interval,
                                    enable_fuzzing=False)

    def states(self, reviews: Iterable[Review], now: datetime) -> dict[str, SkillState]:
        now = utc(now)
        cards: dict[str, fsrs.Card] = {}
        counts: dict[str, list[int]] = {}
        last: dict[str, Rating] = {}
        for review in sorted(reviews, key=lambda r: utc(r.at)):
            at = utc(review.at)
            card = cards.get(review.skill)
            if card is None:
                card = fsrs.Card(card_id=len(cards) + 1, due=at)
            rating = rating_for(review)
            cards[review.skill], _log = self._fsrs.review_card(card, fsrs.Rating(int(rating)), review_datetime=at)
            tally = counts.setdefault(review.skill, [0, 0])
            tally[0] += 1
            tally[1] += rating == Rating.AGAIN
            last[review.skill] = rating
        return {
            skill: SkillState(
                skill=skill, reviews=counts[skill][0], lapses=counts[skill][1], due=utc(card.due),
                stability=float(card.stability or 0.0), difficulty=float(card.difficulty or 0.0),
                last_review=utc(card.last_review), last_rating=last[skill],
                retrievability=float(self._fsrs.get_card_retrievability(card, max(now, utc(card.last_review)))),
            )
            for skill, card in cards.items()
        }

    def after(self, reviews: Iterable[Review], review: Review) -> SkillState:
        """The state of ``review.skill`` if ``review`` came after ``reviews`` (what-if)."""
        return self.states([*reviews, review], review.at)[review.skill]
