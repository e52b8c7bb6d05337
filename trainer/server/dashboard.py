"""The supervisor's figures read from the server (issue 19), as fast as locally: they come
from ``dealer.answer_summary_month`` and ``dealer.answer_summary`` (per month or day,
trainee, game and skill: the accepted answers, the right ones, those right within their
target time, the response time in all), which a trigger keeps as each answer's check is
recorded, so a figure over a year reads twelve summary rows a trainee and skill, never
the answers themselves (whole months from the monthly summary, a month begun part-way
from the daily one). ``raw_skill_figures`` computes the
same figures from the answers (the tests hold the two equal).

``live_class`` is the view of a class during an exam: who started (by the server's clock),
how many answers reached the server and were accepted, how many right, who finished.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

import psycopg

from trainer.contracts.measures import Accuracy


@dataclass(frozen=True)
class Scope:
    """Which answers: since a day (None: all), of a class and/or of one trainee."""

    since: date | None = None
    class_id: int | None = None
    trainee_id: int | None = None

    def where(self, alias: str, period: str, since: date | None = None, before: date | None = None
              ) -> tuple[str, list]:
        """The conditions on rows ``alias`` whose period (day or month) is ``period``:
        ``since`` (default: the scope's) up to ``before`` (excluded), the trainee, the class."""
        parts, params = ["true"], []
        since = self.since if since is None else since
        if since is not None:
            parts.append(f"{period} >= %s")
            params.append(since)
        if before is not None:
            parts.append(f"{period} < %s")
            params.append(before)
        if self.trainee_id is not None:
            parts.append(f"{alias}.trainee_id = %s")
            params.append(self.trainee_id)
        if self.class_id is not None:
            parts.append(f"{alias}.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m "
                         "WHERE m.class_id = %s)")
            params.append(self.class_id)
        return " AND ".join(parts), params

    def summary_rows(self) -> tuple[str, list]:
        """The summary rows in scope: whole months from the monthly summary, and the days
        of a month begun part-way from the daily one."""
        columns = "trainee_id, game_id, skill, answered, correct, within_target, response_ms"
        if self.since is None or self.since.day == 1:
            where, params = self.where("s", "s.month")
            return f"SELECT {columns} FROM dealer.answer_summary_month s WHERE {where}", params
        next_month = (self.since.replace(day=28) + timedelta(days=4)).replace(day=1)
        months, month_params = self.where("s", "s.month", since=next_month)
        days, day_params = self.where("s", "s.day", before=next_month)
        return (f"SELECT {columns} FROM dealer.answer_summary_month s WHERE {months} UNION ALL "
                f"SELECT {columns} FROM dealer.answer_summary s WHERE {days}", month_params + day_params)


@dataclass(frozen=True)
class SkillFigure(Accuracy):
    game_id: str
    skill: str
    answered: int
    correct: int
    within_target: int
    response_ms: int  # in all

    @property
    def mean_ms(self) -> int:
        return round(self.response_ms / self.answered) if self.answered else 0


def skill_figures(conn: psycopg.Connection, scope: Scope = Scope()) -> list[SkillFigure]:
    rows, params = scope.summary_rows()
    return [SkillFigure(*row) for row in conn.execute(
        f"SELECT s.game_id, s.skill, sum(s.answered)::bigint, sum(s.correct)::bigint, sum(s.within_target)::bigint, "
        f"sum(s.response_ms)::bigint FROM ({rows}) s GROUP BY s.game_id, s.skill ORDER BY s.game_id, s.skill", params)]


def raw_skill_figures(conn: psycopg.Connection, scope: Scope = Scope()) -> list[SkillFigure]:
    """The same figures from the accepted answers themselves (slow; for the tests)."""
    where, params = scope.where("a", "(a.answered_at AT TIME ZONE 'UTC')::date")
    return [SkillFigure(*row) for row in conn.execute(
        "SELECT a.game_id, a.skill, count(*), sum(a.is_correct)::bigint, "
        "count(*) FILTER (WHERE a.is_correct = 1 AND a.response_ms <= a.target_ms), "
        "sum(a.response_ms)::bigint FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id "
        f"AND c.accepted WHERE {where} GROUP BY a.game_id, a.skill ORDER BY a.game_id, a.skill", params)]


@dataclass(frozen=True)
class TrendPoint:
    day: date
    answered: int
    correct: int


def trend(conn: psycopg.Connection, scope: Scope = Scope(), *, by: str = "day") -> list[TrendPoint]:
    """Answered and right per day, or per month (``by="month"``: the first day of each)."""
    table, period = {"day": ("answer_summary", "day"), "month": ("answer_summary_month", "month")}[by]
    since = scope.since.replace(day=1) if by == "month" and scope.since is not None else None
    where, params = scope.where("s", f"s.{period}", since=since)
    return [TrendPoint(*row) for row in conn.execute(
        f"SELECT s.{period}, sum(s.answered)::bigint, sum(s.correct)::bigint FROM dealer.{table} s WHERE {where} "
        f"GROUP BY s.{period} ORDER BY s.{period}", params)]


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


@dataclass(frozen=True)
class ExamWindow:
    id: int
    title: str
    class_name: str
    opens_at: datetime
    closes_at: datetime
    released_at: datetime | None


def exam_windows(conn: psycopg.Connection) -> list[ExamWindow]:
    """Every exam published to a class, the latest first."""
    return [ExamWindow(*row) for row in conn.execute(
        "SELECT w.id, e.title, c.name, w.opens_at, w.closes_at, w.released_at FROM dealer.exam_windows w "
        "JOIN dealer.exams e ON e.id = w.exam_id JOIN dealer.classes c ON c.id = w.class_id "
        "ORDER BY w.opens_at DESC, w.id DESC")]
