"""The FSRS scheduler per skill: a wrong or slow answer brings its skill back sooner."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.contracts.measures import (
    Level,
    Mastery,
    mastery_level,
    speed_grade,
    target_ms,
)
from trainer.training.scheduler import FsrsScheduler, Rating, Review, rating_for, utc

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=timezone.utc)
SKILL = "two-card-joker.payouts"


def review(at: datetime, correct: bool = True, ms: int = 5000, target: int = 8000, **kw) -> Review:
    return Review(kw.pop("skill", SKILL), at, correct, ms, target, **kw)


def test_ratings_follow_right_wrong_and_speed() -> None:
    assert rating_for(review(T0, correct=False, ms=1000)) == Rating.AGAIN
    assert rating_for(review(T0, correct=True, ms=9000)) == Rating.HARD  # over the 8 s target
    assert rating_for(review(T0, correct=True, ms=6000)) == Rating.GOOD
    assert rating_for(review(T0, correct=True, ms=3000)) == Rating.EASY  # within half the target
    assert rating_for(review(T0, correct=True, ms=60_000, timed=False)) == Rating.GOOD  # learn mode: untimed
    assert rating_for(review(T0, correct=False, shown=True, timed=False)) == Rating.AGAIN


def test_a_wrong_answer_comes_back_sooner_than_a_right_one() -> None:
    s = FsrsScheduler()
    history = [review(T0), review(T0 + timedelta(days=2)), review(T0 + timedelta(days=6))]
    at = T0 + timedelta(days=14)
    wrong = s.after(history, review(at, correct=False))
    slow = s.after(history, review(at, correct=True, ms=20_000))
    right = s.after(history, review(at, correct=True, ms=6000))
    fast = s.after(history, review(at, correct=True, ms=2000))
    assert wrong.due < slow.due < right.due < fast.due
    assert wrong.due - at <= timedelta(days=1)
    assert right.due - at >= timedelta(days=7)
    assert wrong.lapses == 1 and right.lapses == 0
    assert wrong.last_rating == Rating.AGAIN and fast.last_rating == Rating.EASY


def test_a_first_answer_wrong_or_right() -> None:
    s = FsrsScheduler()
    wrong = s.after([], review(T0, correct=False))
    right = s.after([], review(T0))
    assert wrong.due < right.due
    assert wrong.reviews == right.reviews == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(500, 30_000), st.integers(0, 20)), min_size=0, max_size=12),
       st.integers(1, 60))
def test_after_any_history_wrong_is_never_later_than_right(history, gap) -> None:
    s = FsrsScheduler()
    at, reviews = T0, []
    for correct, ms, days in history:
        at = at + timedelta(days=days, minutes=1)
        reviews.append(review(at, correct, ms))
    now = at + timedelta(days=gap)
    assert s.after(reviews, review(now, correct=False)).due <= s.after(reviews, review(now, True, 6000)).due
    assert s.after(reviews, review(now, True, 20_000)).due <= s.after(reviews, review(now, True, 6000)).due


def test_replay_is_deterministic_per_skill_and_order_free() -> None:
    s = FsrsScheduler()
    log = [review(T0 + timedelta(days=d), correct=d % 3 != 0, skill=f"g.skill{d % 2}") for d in range(10)]
    a = s.states(log, T0 + timedelta(days=12))
    b = FsrsScheduler().states(list(reversed(log)), T0 + timedelta(days=12))
    assert a == b
    assert set(a) == {"g.skill0", "g.skill1"}
    assert a["g.skill0"].reviews == 5
    assert 0.0 < a["g.skill1"].retrievability <= 1.0


def test_stored_timestamps_are_read_as_utc() -> None:
    assert utc("2025-01-31T09:15:02.041Z") == datetime(2025, 1, 31, 9, 15, 2, 41000, tzinfo=timezone.utc)
    assert utc(datetime(2025, 1, 1)).tzinfo is timezone.utc


# -- mastery ------------------------------------------------------------------------
def test_target_times_grow_with_the_answer() -> None:
    assert target_ms("choice") == 8000
    assert target_ms("amounts", ["Ante", "Play"]) == target_ms("amounts", '["Ante", "Play"]') == 22_000
    assert target_ms("order", (), '["a", "b", "c"]') == 18_000
    assert target_ms("order", (), "not json") == target_ms("unknown") == 15_000


@pytest.mark.parametrize("ms, grade", [(4000, "fast"), (4001, "normal"), (8000, "normal"), (8001, "slow")])
def test_speed_grades(ms, grade) -> None:
    assert speed_grade(ms, 8000) == grade


def test_mastery_levels() -> None:
    assert mastery_level(0, 0, 0) == Level.NOT_STARTED
    assert mastery_level(5, 2, 2) == Level.LEARNING
    assert mastery_level(5, 3, 0) == Level.FAMILIAR
    assert mastery_level(4, 4, 4) == Level.FAMILIAR  # too few answers to be proficient
    assert mastery_level(5, 4, 3) == Level.PROFICIENT
    assert mastery_level(5, 4, 2) == Level.FAMILIAR  # right but too slow
    assert mastery_level(10, 9, 8) == Level.MASTERED
    assert mastery_level(10, 9, 7) == Level.PROFICIENT
    m = Mastery(20, 18, 16)
    assert (m.accuracy, m.speed, m.level, m.level.title) == (0.9, 0.8, Level.MASTERED, "Mastered")
