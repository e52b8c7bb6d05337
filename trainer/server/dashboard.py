"""The supervisor's figures read from the server (issue 19), as fast as locally: they come
from ``dealer.answer_summary`` (per day, trainee, game and skill: the accepted answers,
the right ones, those right within their target time, the response time in all), which
a trigger keeps as each answer's check is recorded, so a figure over a year reads a few
thousand summary rows, never the answers themselves. ``raw_skill_figures`` computes the
same figures from the answers (the tests hold the two equal).

``live_class`` is the view of a class during an exam: who started (by the server's clock),
how many answers reached the server and were accepted, how many right, who finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import psycopg


@dataclass(frozen=True)
class Scope:
    """Which answers: since a day (None: all), of a class and/or of one trainee."""

    since: date | None = None
    class_id: int | None = None
    trainee_id: int | None = None

    def where(self, alias: str, day: str) -> tuple[str, list]:
        parts, params = ["true"], []
        if self.since is not None:
            parts.append(f"{day} >= %s")
            params.append(self.since)
        if self.trainee_id is not None:
            parts.append(f"{alias}.trainee_id = %s")
            params.append(self.trainee_id)
        if self.class_id is not None:
            parts.append(f"{alias}.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m "
                         "WHERE m.class_id = %s)")
            params.append(self.class_id)
        return " AND ".join(parts), params


@dataclass(frozen=True)
class SkillFigure:
    game_id: str
    skill: str
    answered: int
    correct: int
    within_target: int
    response_ms: int  # in all

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def mean_ms(self) -> int:
        return round(self.response_ms / self.answered) if self.answered else 0


def skill_figures(conn: psycopg.Connection, scope: Scope = Scope()) -> list[SkillFigure]:
    where, params = scope.where("s", "s.day")
    return [SkillFigure(*row) for row in conn.execute(
        f"SELECT s.game_id, s.skill, sum(s.answered)::bigint, sum(s.correct)::bigint, sum(s.within_target)::bigint, "
        f"sum(s.response_ms)::bigint FROM dealer.answer_summary s WHERE {where} "
        "GROUP BY s.game_id, s.skill ORDER BY s.game_id, s.skill", params)]


def raw_skill_figures(conn: psycopg.Connection, scope: Scope = Scope()) -> list[SkillFigure]:
    """The same figures from the accepted answers themselves (slow; for the tests)."""
    where, params = scope.where("a", "(a.answered_at AT TIME ZONE 'UTC')::date")
    return [SkillFigure(*row) for row in conn.execute(
        "SELECT a.game_id, a.skill, count(*), sum(a.is_correct)::bigint, "
        "count(*) FILTER (WHERE a.is_correct = 1 AND a.response_ms <= coalesce(a.target_ms, 0)), "
        "sum(a.response_ms)::bigint FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id "
        f"AND c.accepted WHERE {where} GROUP BY a.game_id, a.skill ORDER BY a.game_id, a.skill", params)]


@dataclass(frozen=True)
class TrendPoint:
    day: date
    answered: int
    correct: int


def trend(conn: psycopg.Connection, scope: Scope = Scope()) -> list[TrendPoint]:
    where, params = scope.where("s", "s.day")
    return [TrendPoint(*row) for row in conn.execute(
        f"SELECT s.day, sum(s.answered)::bigint, sum(s.correct)::bigint FROM dealer.answer_summary s WHERE {where} "
        "GROUP BY s.day ORDER BY s.day", params)]


@dataclass(frozen=True)
class LiveRow:
    trainee: str
    started_at: datetime | None  # None: not started
    arrived: int  # answers that reached the server
    accepted: int
    correct: int
    finished: bool
    question_count: int

    @property
    def state(self) -> str:
        if self.started_at is None:
            return "not started"
        if self.finished:
            return "finished"
        return f"answering ({self.arrived} of {self.question_count})"


def live_class(conn: psycopg.Connection, window_id: int) -> list[LiveRow]:
    """Every member of the exam window's class, by name, during (and after) the exam."""
    return [LiveRow(*row) for row in conn.execute(
        """SELECT t.name, x.started_at,
                  count(a.id), count(c.answer_id) FILTER (WHERE c.accepted),
                  count(c.answer_id) FILTER (WHERE c.accepted AND a.is_correct = 1),
                  EXISTS (SELECT 1 FROM dealer.session_ends e WHERE e.session_id = x.session_id),
                  (e.definition::jsonb ->> 'question_count')::integer
           FROM dealer.exam_windows w
           JOIN dealer.exams e ON e.id = w.exam_id
           JOIN dealer.class_members m ON m.class_id = w.class_id
           JOIN dealer.trainees t ON t.id = m.trainee_id
           LEFT JOIN dealer.exam_attempts x ON x.window_id = w.id AND x.trainee_id = t.id
           LEFT JOIN dealer.answers a ON a.session_id = x.session_id
           LEFT JOIN dealer.answer_checks c ON c.answer_id = a.id
           WHERE w.id = %s
           GROUP BY t.name, x.started_at, x.session_id, e.definition
           ORDER BY lower(t.name)""", [window_id])]
