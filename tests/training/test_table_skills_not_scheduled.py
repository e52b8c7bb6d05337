"""Daily practice never schedules table mode's skills from their steps (issue 12): FSRS
reviews a skill from question answers, and table skills (judged by rounds, see
``trainer.contracts.measures``) have none; a review log that still holds table steps (an
old caller, an import) does not make them due, nor give them a mastery from steps."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from trainer.training.practice import practice_overview

GAME = "two-card-joker"
NOW = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)


def row(skill: str, minutes: int, right: bool) -> SimpleNamespace:
    at = (NOW - timedelta(days=1) + timedelta(minutes=minutes)).isoformat().replace("+00:00", "Z")
    return SimpleNamespace(game_id=GAME, skill=skill, answered_at=at, is_correct=right, response_ms=900,
                           target_ms=8000, mode="drill", shown=False)


def test_table_steps_give_no_schedule_and_no_mastery() -> None:
    log = [row(f"{GAME}.hand-ranking", 0, False)]
    log += [row(f"{GAME}.table-procedure", 1 + n, n != 3) for n in range(40)]  # one wrong step of 40
    log += [row(f"{GAME}.table-watch", 50, False)]
    windows = [SimpleNamespace(game_id=GAME, skill=f"{GAME}.table-procedure", answered=20, correct=20, on_target=20),
               SimpleNamespace(game_id=GAME, skill=f"{GAME}.hand-ranking", answered=1, correct=0, on_target=0)]
    o = practice_overview(log, windows, [], NOW, [GAME])
    assert set(o.states) == {f"{GAME}.hand-ranking"} and o.states[f"{GAME}.hand-ranking"].reviews == 1
    assert set(o.mastery) == {f"{GAME}.hand-ranking"}
    assert not any(".table-" in q.ref.skill for q in o.queue)
    assert o.queue[0].ref.skill == f"{GAME}.hand-ranking" and o.queue[0].reason == "due"


def test_which_skills_are_table_skills() -> None:
    from trainer.contracts.measures import is_table_skill, table_skill_mode, table_skill_sql

    assert [is_table_skill(f"{GAME}.{p}") for p in ("table-procedure", "table-payouts", "table-watch",
                                                     "procedures", "table-limits")] == [True, True, True, False, False]
    assert is_table_skill("table-procedure") is False  # a skill id always names its game
    assert [table_skill_mode(f"{GAME}.{p}") for p in ("table-procedure", "table-payouts", "table-watch")] == \
        ["deal", "deal", "watch"]
    assert table_skill_sql("a.skill") == ("(a.skill LIKE '%.table-procedure' OR a.skill LIKE '%.table-payouts' "
                                          "OR a.skill LIKE '%.table-watch')")
