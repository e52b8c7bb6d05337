"""The supervisor's dashboard and trainee drill-down read from the classroom server
(issue 19): ``ServerReviewSource`` answers the questions ``trainer.review.dashboard``'s
``load_dashboard`` and ``load_trainee`` ask of a ``Store`` (the same methods, the same
rows), from the server's tables, so the same dashboard code and screens show the
server's data. Only accepted answers count (``dealer.answer_checks``), as in the
server's summaries; times come back as the store's ISO UTC text (milliseconds, ``Z``).

What it serves: ``answer_bounds``, ``skill_figures`` (every answer and each skill's
recent window), ``table_figures``, ``trend``, ``answer_count``, ``answer_rows``,
``answer_span`` and ``iter_answer_rows`` (the answers CSV),
``trainees``, ``trainee``, ``trainee_ids_in``, ``classes``, ``trainee_classes``,
``thresholds``, ``exam_attempts``, ``table_rounds``, ``table_round_count`` and
``table_round_summary``. The figures are summed by PostgreSQL over the accepted answers
in the filter (the review's date range is local days, so the UTC day summaries do not
cover its ends).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

import psycopg

from trainer.contracts.measures import TABLE_WINDOW, default_table_skills, question_skill_sql, table_skill_figures
from trainer.store import AnswerFilter, AnswerRecord, AttemptRow, SkillStat, Trainee, TrendPoint
from trainer.store.records import _answer
from trainer.store.stats import BUCKETS, RoundFact, _periods
from trainer.store.supervision import ClassRow
from trainer.store.table_rounds import TABLE_ROUND_COLUMNS, TableRoundRow, TableRoundSummary, decode_row


def iso(column: str) -> str:
    """SQL giving a timestamptz column as the store's ISO UTC text."""
    return f"to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"


ACCEPTED = "EXISTS (SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id AND c.accepted)"
ON_TARGET = "CASE WHEN a.is_correct = 1 AND a.response_ms <= a.target_ms THEN 1 ELSE 0 END"


def _conditions(pairs) -> tuple[str, list[Any]]:
    where = [sql for sql, value in pairs if value is not None]
    return " AND ".join(where) or "true", [value for _sql, value in pairs if value is not None]


def answer_where(f: AnswerFilter, *, questions: bool = False) -> tuple[str, list[Any]]:
    """The filter over ``dealer.answers a`` (accepted answers only)."""
    where, params = _conditions((
        ("a.answered_at >= %s::timestamptz", f.start), ("a.answered_at < %s::timestamptz", f.end),
        ("a.game_id = %s", f.game_id), ("a.skill = %s", f.skill), ("a.trainee_id = %s", f.trainee_id),
        ("a.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m WHERE m.class_id = %s)", f.class_id)))
    if questions:
        where += " AND " + question_skill_sql("a.skill").replace("%", "%%")  # psycopg's placeholders
    return f"{ACCEPTED} AND {where}", params


def round_where(trainee_id: int | None, game_id: str | None, since: str | None, until: str | None,
                class_id: int | None = None) -> tuple[str, list[Any]]:
    return _conditions((
        ("r.trainee_id = %s", trainee_id), ("r.game_id = %s", game_id),
        ("r.recorded_at >= %s::timestamptz", since), ("r.recorded_at < %s::timestamptz", until),
        ("r.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m WHERE m.class_id = %s)", class_id)))


class ServerReviewSource:
    """What the review reads of a ``Store``, read from a server connection (a supervisor's)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn

    def _all(self, sql: str, params: list[Any] | tuple = ()) -> list[tuple]:
        return self.conn.execute(sql, params).fetchall()

    # -- figures ----------------------------------------------------------------------
    def answer_bounds(self, f: AnswerFilter) -> tuple[str | None, str | None]:
        where, params = answer_where(f)
        [(first, last)] = self._all(
            f"SELECT {iso('min(a.answered_at)')}, {iso('max(a.answered_at)')} FROM dealer.answers a WHERE {where}",
            params)
        return first, last

    def skill_figures(self, f: AnswerFilter, window: int) -> list[tuple[SkillStat, SkillStat]]:
        """Every (trainee, game, question skill) of the filter: over all its answers, and
        over its last ``window`` (ties at the window's start in it: ``rank``)."""
        where, params = answer_where(f, questions=True)
        rows = self._all(
            f"""
            WITH x AS (
                SELECT a.trainee_id, a.game_id, a.skill, a.is_correct, a.response_ms, a.answered_at,
                       {ON_TARGET} AS on_target,
                       rank() OVER (PARTITION BY a.trainee_id, a.game_id, a.skill ORDER BY a.answered_at DESC)
                         AS back
                FROM dealer.answers a WHERE {where})
            SELECT trainee_id, game_id, skill, count(*), sum(is_correct), sum(on_target), sum(response_ms),
                   {iso('max(answered_at)')},
                   count(*) FILTER (WHERE back <= %s), coalesce(sum(is_correct) FILTER (WHERE back <= %s), 0),
                   coalesce(sum(on_target) FILTER (WHERE back <= %s), 0),
                   coalesce(sum(response_ms) FILTER (WHERE back <= %s), 0)
            FROM x GROUP BY trainee_id, game_id, skill ORDER BY trainee_id, game_id, skill""",
            [*params, window, window, window, window])
        out = []
        for r in rows:
            key, figures, last = (int(r[0]), r[1], r[2]), [int(v) for v in r[3:7]], r[7]
            out.append((SkillStat(*key, *figures, last), SkillStat(*key, *(int(v) for v in r[8:12]), last)))
        return out

    def round_facts(self, f: AnswerFilter) -> list[RoundFact]:
        where, params = round_where(f.trainee_id, f.game_id, f.start, f.end, f.class_id)
        return [RoundFact(*r) for r in self._all(
            f"SELECT r.trainee_id, r.game_id, r.mode, {iso('r.recorded_at')}, r.completed, r.procedure_errors, "
            "r.payout_errors, r.missed_calls, r.false_calls, r.total_ms, r.target_ms FROM dealer.table_rounds r "
            f"WHERE {where} ORDER BY r.recorded_at DESC, r.received_at DESC, r.id DESC", params)]

    def table_figures(self, f: AnswerFilter, window: int = TABLE_WINDOW, skills_of=default_table_skills):
        figures = table_skill_figures(self.round_facts(f), skills_of, window)
        return [x for x in figures if f.skill is None or x.skill == f.skill]

    def trend(self, f: AnswerFilter, bucket: str = "week") -> list[TrendPoint]:
        """Question answers per period (day, week from Monday, month) of UTC days, oldest first."""
        if bucket not in BUCKETS:
            raise ValueError(f"unknown period {bucket!r}; use one of {', '.join(BUCKETS)}")
        first, last = self.answer_bounds(f)
        if first is None or last is None:
            return []
        periods = [start for start, _stop in _periods(first[:10], last[:10], bucket)]
        where, params = answer_where(f, questions=True)
        sums: dict[str, list[int]] = {}
        for day, *figures in self._all(
                "SELECT to_char((a.answered_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), count(*), "
                f"sum(a.is_correct), sum({ON_TARGET}), sum(a.response_ms) FROM dealer.answers a WHERE {where} "
                "GROUP BY 1", params):
            got = sums.setdefault(periods[bisect_right(periods, day) - 1], [0, 0, 0, 0])
            for i, v in enumerate(figures):
                got[i] += int(v)
        return [TrendPoint(period, *got) for period, got in sorted(sums.items())]

    def answer_count(self, f: AnswerFilter) -> int:
        where, params = answer_where(f)
        return int(self._all(f"SELECT count(*) FROM dealer.answers a WHERE {where}", params)[0][0])

    def answer_rows(self, f: AnswerFilter, *, limit: int | None = None, offset: int = 0,
                    newest_first: bool = True) -> list[AnswerRecord]:
        where, params = answer_where(f)
        order = "DESC" if newest_first else "ASC"
        columns = [iso("a.answered_at") if c == "answered_at" else f"a.{c}"
                   for c in AnswerRecord.__dataclass_fields__]
        sql = (f"SELECT {', '.join(columns)} FROM dealer.answers a WHERE {where} "
               f"ORDER BY a.answered_at {order}, a.received_at {order}, a.id {order}")
        if limit is not None:
            sql += " LIMIT %s OFFSET %s"
            params += [limit, offset]
        names = list(AnswerRecord.__dataclass_fields__)
        return [_answer(dict(zip(names, r))) for r in self._all(sql, params)]

    def answer_span(self, f: AnswerFilter) -> tuple[int, str | None, str | None]:
        return (self.answer_count(f), *self.answer_bounds(f))

    def iter_answer_rows(self, f: AnswerFilter, batch: int = 5000):
        """The answers of the filter, oldest first, ``batch`` at a time (for exports): keyset
        pagination on (time, arrival, id)."""
        where, params = answer_where(f)
        names = list(AnswerRecord.__dataclass_fields__)
        columns = [iso("a.answered_at") if c == "answered_at" else f"a.{c}" for c in names]
        last: tuple | None = None
        while True:
            extra, extra_params = "", []
            if last is not None:
                extra, extra_params = " AND (a.answered_at, a.received_at, a.id) > (%s, %s, %s)", list(last)
            rows = self._all(f"SELECT a.answered_at, a.received_at, {', '.join(columns)} FROM dealer.answers a "
                             f"WHERE {where}{extra} ORDER BY a.answered_at, a.received_at, a.id LIMIT %s",
                             [*params, *extra_params, batch])
            if not rows:
                return
            last = (rows[-1][0], rows[-1][1], rows[-1][2 + names.index("id")])
            yield [_answer(dict(zip(names, r[2:]))) for r in rows]
            if len(rows) < batch:
                return

    # -- trainees, classes, thresholds, exams --------------------------------------------
    def trainees(self) -> list[Trainee]:
        return [Trainee(int(i), n, c) for i, n, c in self._all(
            f"SELECT id, name, {iso('created_at')} FROM dealer.trainees ORDER BY lower(name), id")]

    def trainee(self, trainee_id: int) -> Trainee:
        from trainer.store import StoreError

        rows = self._all(f"SELECT id, name, {iso('created_at')} FROM dealer.trainees WHERE id = %s", [trainee_id])
        if not rows:
            raise StoreError(f"There is no trainee with id {trainee_id}.")
        return Trainee(int(rows[0][0]), rows[0][1], rows[0][2])

    def trainee_ids_in(self, class_id: int | None) -> list[int]:
        if class_id is None:
            return [int(r[0]) for r in self._all("SELECT id FROM dealer.trainees ORDER BY id")]
        return [int(r[0]) for r in self._all(
            "SELECT trainee_id FROM dealer.class_members WHERE class_id = %s ORDER BY trainee_id", [class_id])]

    def classes(self) -> list[ClassRow]:
        return [ClassRow(int(i), n, c, int(m)) for i, n, c, m in self._all(
            f"SELECT c.id, c.name, {iso('c.created_at')}, count(m.trainee_id) FROM dealer.classes c "
            "LEFT JOIN dealer.class_members m ON m.class_id = c.id GROUP BY c.id ORDER BY lower(c.name)")]

    def trainee_classes(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for trainee_id, name in self._all("SELECT m.trainee_id, c.name FROM dealer.class_members m "
                                          "JOIN dealer.classes c ON c.id = m.class_id ORDER BY lower(c.name)"):
            out.setdefault(int(trainee_id), []).append(name)
        return out

    def thresholds(self) -> dict[str, int]:
        return {g: int(p) for g, p in self._all("SELECT game_id, percent FROM dealer.certification_thresholds")}

    def exam_attempts(self, *, exam_id: str | None = None, trainee_id: int | None = None,
                      start: str | None = None, end: str | None = None,
                      trainee_ids: list[int] | None = None) -> list[AttemptRow]:
        """Attempts at exams (sessions with an exam), newest first, scored from their
        accepted answers."""
        where, params = _conditions((
            ("s.exam_id = %s", exam_id), ("s.trainee_id = %s", trainee_id),
            ("s.started_at >= %s::timestamptz", start), ("s.started_at < %s::timestamptz", end),
            ("s.trainee_id = ANY(%s)", None if trainee_ids is None else list(trainee_ids))))
        rows = self._all(
            f"""
            SELECT s.id, s.exam_id, coalesce(e.title, 'Unknown exam'), s.trainee_id, t.name, {iso('s.started_at')},
                   {iso('x.ended_at')},
                   coalesce((e.definition::jsonb ->> 'question_count')::integer, s.question_count),
                   (SELECT count(*) FROM dealer.answers a WHERE a.session_id = s.id AND {ACCEPTED}),
                   (SELECT coalesce(sum(a.is_correct), 0) FROM dealer.answers a WHERE a.session_id = s.id
                      AND {ACCEPTED}),
                   coalesce((e.definition::jsonb ->> 'pass_mark')::integer, 0),
                   (SELECT coalesce(sum(a.response_ms), 0) FROM dealer.answers a WHERE a.session_id = s.id
                      AND {ACCEPTED}),
                   (SELECT count(*) FROM dealer.sessions p WHERE p.exam_id = s.exam_id AND p.trainee_id = s.trainee_id
                      AND (p.started_at, p.id) <= (s.started_at, s.id))
            FROM dealer.sessions s JOIN dealer.trainees t ON t.id = s.trainee_id
            LEFT JOIN dealer.exams e ON e.id = s.exam_id
            LEFT JOIN dealer.session_ends x ON x.session_id = s.id
            WHERE s.exam_id IS NOT NULL AND {where}
            ORDER BY s.started_at DESC, s.id DESC""", params)
        return [AttemptRow(r[0], r[1], r[2], int(r[3]), r[4], r[5], r[6], int(r[7]), int(r[8]), int(r[9]),
                           int(r[10]), int(r[11]), int(r[12])) for r in rows]

    # -- table rounds ---------------------------------------------------------------------
    def table_rounds(self, trainee_id: int | None = None, *, game_id: str | None = None, since: str | None = None,
                     until: str | None = None, limit: int | None = None) -> list[TableRoundRow]:
        where, params = round_where(trainee_id, game_id, since, until)
        columns = [iso("r.recorded_at") if c == "recorded_at" else f"r.{c}" for c in TABLE_ROUND_COLUMNS]
        sql = (f"SELECT {', '.join(columns)} FROM dealer.table_rounds r WHERE {where} "
               "ORDER BY r.recorded_at DESC, r.received_at DESC, r.id DESC")
        if limit is not None:
            sql += " LIMIT %s"
            params.append(int(limit))
        return [decode_row(dict(zip(TABLE_ROUND_COLUMNS, r))) for r in self._all(sql, params)]

    def table_round_count(self, trainee_id: int | None = None, *, game_id: str | None = None,
                          since: str | None = None, until: str | None = None) -> int:
        where, params = round_where(trainee_id, game_id, since, until)
        return int(self._all(f"SELECT count(*) FROM dealer.table_rounds r WHERE {where}", params)[0][0])

    def table_round_summary(self, trainee_id: int | None, game_id: str | None = None, *, since: str | None = None,
                            until: str | None = None) -> list[TableRoundSummary]:
        """The rounds counted per game and mode (deal, then watch), games in id order."""
        where, params = round_where(trainee_id, game_id, since, until)
        clean = ("CASE WHEN r.completed = 1 AND r.procedure_errors + r.payout_errors + r.missed_calls "
                 "+ r.false_calls = 0 THEN 1 ELSE 0 END")
        timed = "(r.completed = 1 AND r.target_ms > 0)"
        names = ("game_id", "mode", "rounds", "completed_rounds", "clean_rounds", "actions", "procedure_errors",
                 "payout_errors", "extra_chip_payouts", "mistakes_made", "caught", "missed_calls", "false_calls",
                 "rule_named", "remedy_named", "total_ms", "actions_timed", "timed_rounds", "rounds_on_time",
                 "last_recorded_at")
        rows = self._all(
            f"""
            SELECT r.game_id, r.mode, count(*), sum(r.completed), sum({clean}), sum(r.actions),
                   sum(r.procedure_errors), sum(r.payout_errors), sum(r.extra_chip_payouts), sum(r.mistakes_made),
                   sum(r.caught), sum(r.missed_calls), sum(r.false_calls), sum(r.rule_named), sum(r.remedy_named),
                   sum(r.total_ms), sum(json_array_length(r.action_ms::json)),
                   count(*) FILTER (WHERE {timed}), count(*) FILTER (WHERE {timed} AND r.total_ms <= r.target_ms),
                   {iso('max(r.recorded_at)')}
            FROM dealer.table_rounds r WHERE {where}
            GROUP BY r.game_id, r.mode
            ORDER BY r.game_id, CASE r.mode WHEN 'deal' THEN 0 WHEN 'watch' THEN 1 ELSE 2 END, r.mode""", params)
        return [TableRoundSummary(**{k: (v if k in ("game_id", "mode", "last_recorded_at") else int(v or 0))
                                     for k, v in zip(names, r)}) for r in rows]
