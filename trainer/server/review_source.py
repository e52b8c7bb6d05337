"""The supervisor's dashboard and trainee drill-down read from the classroom server
(issue 19): ``ServerReviewSource`` answers the questions ``trainer.review.dashboard``'s
``load_dashboard`` and ``load_trainee`` ask of a ``Store`` (the same methods, the same
rows), from the server's tables, so the same dashboard code and screens show the
server's data. Only accepted answers count (``dealer.answer_checks``), as in the
server's summaries, and only accepted table rounds (``dealer.table_round_checks``: the
rounds the checker's replay gives; ``round_where``); times come back as the store's
ISO UTC text (milliseconds, ``Z``).

What it serves: ``answer_bounds``, ``skill_figures`` (every answer and each skill's
recent window), ``table_figures``, ``trend``, ``answer_count``, ``answer_rows``,
``answer_span`` and ``iter_answer_rows`` (the answers CSV),
``trainees``, ``trainee``, ``trainee_ids_in``, ``classes``, ``trainee_classes``,
``thresholds``, ``exam_attempts``, ``table_rounds``, ``table_round_count`` and
``table_round_summary``.

The figures come from the summaries of schema version 4 (``trainer.server.schema``, kept
by triggers as each answer's check is recorded) for the whole UTC days of the filter's
range (whole months from the monthly summaries, whole weeks from the weekly trend), and
from the accepted answers only for the parts of days at its ends (the review's range is
the supervisor's local days): those are read per skill in ``answers_skill_time``, for the
skills the day's summary names. Each skill's last ``window`` answers come from
``answer_summary_skill`` when the range ends after the skill's last answer and the window
is the one it keeps, else from the same index, backwards (``FETCH FIRST n ROWS WITH
TIES``: ties at the window's start are in it). Over all time with the kept window the
skills' rows are read as they are. The table skills' figures over all time with the
window of version 7's ``table_round_summary`` come from it, else from the rounds; the
exam attempts' scores from ``exam_session_scores`` (version 7). The ``_..._direct``
methods compute every figure from the answers (and rounds) alone (the tests hold both
equal). Thousands of rows become records with the garbage collector paused
(``skill_pairs``, ``answer_records``), their times read as PostgreSQL's ISO text where
its DateStyle allows (``utc_text``, ``iso_text``).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

import psycopg

from trainer.contracts.measures import (
    TABLE_PAYOUTS,
    TABLE_PROCEDURE,
    TABLE_WATCH,
    TABLE_WINDOW,
    TableSkillFigures,
    default_table_skills,
    question_skill_sql,
    table_skill_figures,
    table_skill_mode,
    table_skill_part,
)
from trainer.store import AnswerFilter, AnswerRecord, AttemptRow, SkillStat, Trainee, TrendPoint
from trainer.store.records import answer_of, paused_gc
from trainer.store.stats import BUCKETS, RoundFact, _periods
from trainer.store.supervision import ClassRow
from trainer.store.table_rounds import TABLE_ROUND_COLUMNS, TableRoundRow, TableRoundSummary, decode_row
from trainer.server.schema import RECENT_WINDOW, ROUND_FIGURES, TABLE_RECENT_WINDOW


def iso(column: str) -> str:
    """SQL giving a timestamptz column as the store's ISO UTC text."""
    return f"to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"


def iso_text(text: str | None) -> str | None:
    """The store's ISO UTC text of PostgreSQL's ISO text of a UTC time (``utc_text``):
    '2026-01-05 10:00:00.12' -> '2026-01-05T10:00:00.120Z' (milliseconds, as ``iso``);
    text already in the store's form (``iso``'s) is kept."""
    if text is None or text.endswith("Z"):
        return text
    if len(text) == 19:
        return f"{text[:10]}T{text[11:]}.000Z"
    return f"{text[:10]}T{text[11:19]}.{text[20:23]:0<3}Z"


ACCEPTED = "EXISTS (SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id AND c.accepted)"
# The table skills' parts in the order of ``schema.ROUND_FIGURES``' clean counts.
TABLE_PARTS = (TABLE_PROCEDURE, TABLE_PAYOUTS, TABLE_WATCH)
# A table round of ``dealer.table_rounds r`` the checker accepted (its replay gives it).
ROUND_ACCEPTED = "EXISTS (SELECT 1 FROM dealer.table_round_checks k WHERE k.round_id = r.id AND k.accepted)"
# The same, as a value looked up per round (a subquery PostgreSQL does not turn into a join).
ROUND_ACCEPTED_ONE = "coalesce((SELECT k.accepted FROM dealer.table_round_checks k WHERE k.round_id = r.id), false)"
ON_TARGET = "CASE WHEN a.is_correct = 1 AND a.response_ms <= a.target_ms THEN 1 ELSE 0 END"


ANSWER_FIELDS = tuple(AnswerRecord.__dataclass_fields__)
_TIME_AT = ANSWER_FIELDS.index("answered_at")


def answer_select(time_text) -> str:
    """An answer ``a``'s columns in ``AnswerRecord``'s order, its time as ``time_text(column)``
    gives it (``iso`` or ``ServerReviewSource.utc_text``); ``answer_records`` reads them."""
    return ", ".join(time_text("a.answered_at") if c == "answered_at" else f"a.{c}" for c in ANSWER_FIELDS)


def answer_records(rows) -> list[AnswerRecord]:
    """``AnswerRecord``s of rows of ``answer_select``, as the store makes them
    (``records.answer_of``), the time read by ``iso_text``."""
    with paused_gc():
        return [answer_of((*r[:_TIME_AT], iso_text(r[_TIME_AT]), *r[_TIME_AT + 1:])) for r in rows]


def skill_pairs(rows) -> list[tuple[SkillStat, SkillStat]]:
    """(every answer, the recent window) ``SkillStat`` pairs of rows (trainee, game, skill,
    answered, correct, on target, ms, last time (``iso_text``), then the window's four
    figures): thousands of them, made with the garbage collector paused (``paused_gc``)."""
    with paused_gc():
        return [(SkillStat(t, g, sk, n, c, o, ms, last), SkillStat(t, g, sk, rn, rc, ro, rms, last))
                for t, g, sk, n, c, o, ms, text, rn, rc, ro, rms in rows for last in (iso_text(text),)]


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
        where += " AND " + question_skill_sql("a.skill").replace("%", "%%")  # psycopg reads a lone % as a parameter marker
    return f"{ACCEPTED} AND {where}", params


def round_where(trainee_id: int | None, game_id: str | None, since: str | None, until: str | None,
                class_id: int | None = None) -> tuple[str, list[Any]]:
    """The filter over ``dealer.table_rounds r`` (accepted rounds only: a round not yet
    checked, or refused, is not shown, as answers are not). One trainee's rounds are few:
    each one's check is looked up by its key (``ROUND_ACCEPTED_ONE``), which PostgreSQL
    otherwise joins by reading every check."""
    where, params = _conditions((
        ("r.trainee_id = %s", trainee_id), ("r.game_id = %s", game_id),
        ("r.recorded_at >= %s::timestamptz", since), ("r.recorded_at < %s::timestamptz", until),
        ("r.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m WHERE m.class_id = %s)", class_id)))
    return f"{ROUND_ACCEPTED if trainee_id is None else ROUND_ACCEPTED_ONE} AND {where}", params


def group_where(f: AnswerFilter, alias: str = "s", *, questions: bool = False) -> tuple[str, list[Any]]:
    """The filter's trainee, class, game and skill over summary rows ``alias`` (no dates)."""
    where, params = _conditions((
        (f"{alias}.game_id = %s", f.game_id), (f"{alias}.skill = %s", f.skill),
        (f"{alias}.trainee_id = %s", f.trainee_id),
        (f"{alias}.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m WHERE m.class_id = %s)",
         f.class_id)))
    if questions:
        where += " AND " + question_skill_sql(f"{alias}.skill").replace("%", "%%")
    return where, params


def period_range(column: str, first: date | None, stop: date | None) -> tuple[str, list[Any]]:
    """``column`` from ``first`` up to ``stop`` (excluded); None: open."""
    return _conditions(((f"{column} >= %s", first), (f"{column} < %s", stop)))


def month_start(d: date) -> date:
    return d.replace(day=1)


def next_month(d: date) -> date:
    return (d.replace(day=28) + timedelta(days=4)).replace(day=1)


def week_start(d: date) -> date:
    return d - timedelta(days=d.weekday())


def next_week(d: date) -> date:
    return week_start(d) + timedelta(days=7)


def cover(first: date | None, stop: date | None, start_of, next_of
          ) -> tuple[tuple[date | None, date | None] | None, list[tuple[date | None, date | None]]]:
    """The days from ``first`` up to ``stop`` (None: open) as the whole periods (months,
    weeks: ``start_of``, ``next_of``) wholly inside them, as (first, stop) period starts,
    and the ranges of days left at either end; (None, [the days]) when no period fits."""
    big_first = None if first is None else (first if start_of(first) == first else next_of(first))
    big_stop = None if stop is None else start_of(stop)
    if big_first is not None and big_stop is not None and big_first >= big_stop:
        return None, [(first, stop)]
    days = [(first, big_first)] if first is not None and first < big_first else []
    days += [(big_stop, stop)] if stop is not None and big_stop < stop else []
    return (big_first, big_stop), days


@dataclass(frozen=True)
class Split:
    """A filter's range: its instants (UTC; None: open), the whole UTC days inside it (from
    ``first`` up to ``stop``, None: open; ``whole`` False when none), and the parts of days
    at its ends, read from the answers: (from, to, the day they are in)."""

    lo: datetime | None
    hi: datetime | None
    whole: bool
    first: date | None = None
    stop: date | None = None
    edges: tuple[tuple[datetime, datetime, date], ...] = ()


def _midnight(d: date) -> datetime:
    return datetime.combine(d, time(), timezone.utc)


class ServerReviewSource:
    """What the review reads of a ``Store``, read from a server connection (a supervisor's)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn
        self._iso_style: bool | None = None

    def utc_text(self, column: str) -> str:
        """SQL giving a timestamptz column as text ``iso_text`` reads: PostgreSQL's own text
        of the UTC time where the session's DateStyle is ISO (as by default; ``to_char``
        costs about 2 µs a row, thousands of rows), else ``iso``'s."""
        if self._iso_style is None:
            self._iso_style = str(self._all("SHOW DateStyle")[0][0]).startswith("ISO")
        return f"({column} AT TIME ZONE 'UTC')::text" if self._iso_style else iso(column)

    def _all(self, sql: str, params: list[Any] | tuple = ()) -> list[tuple]:
        """The rows of ``sql``, in binary (numbers are read without parsing text)."""
        return self.conn.execute(sql, params, binary=True).fetchall()

    # -- figures ----------------------------------------------------------------------
    def split(self, f: AnswerFilter) -> Split:
        """The filter's range cut into whole UTC days and the parts of days at its ends (its
        instants read by PostgreSQL, as the answers' filter reads them)."""
        lo = hi = None
        if f.start is not None or f.end is not None:
            [(lo, hi)] = self._all("SELECT %s::timestamptz, %s::timestamptz", [f.start, f.end])
            lo, hi = (None if t is None else t.astimezone(timezone.utc) for t in (lo, hi))
        if lo is not None and hi is not None and lo >= hi:
            return Split(lo, hi, False)
        first = None if lo is None else (lo.date() if lo == _midnight(lo.date()) else lo.date() + timedelta(days=1))
        stop = None if hi is None else hi.date()
        if first is not None and stop is not None and first >= stop:  # within one or two days
            return Split(lo, hi, False, edges=tuple((lo, hi, d) for d in sorted({lo.date(), hi.date()})
                                                    if _midnight(d) < hi))
        edges = []
        if lo is not None and lo < _midnight(first):
            edges.append((lo, _midnight(first), lo.date()))
        if hi is not None and hi > _midnight(stop):
            edges.append((_midnight(stop), hi, stop))
        return Split(lo, hi, True, first, stop, tuple(edges))

    def _edge_rows(self, f: AnswerFilter, edge: tuple[datetime, datetime, date], columns: str, group: str, *,
                   questions: bool) -> list[tuple]:
        """``columns`` of the accepted answers of the filter in a part of a day, grouped by
        ``group``: read per skill in ``answers_skill_time``, for the skills of the filter
        the day's summary names."""
        return self._all(*self._edge_sql(f, edge, columns, group, questions=questions))

    @staticmethod
    def _edge_sql(f: AnswerFilter, edge: tuple[datetime, datetime, date], columns: str, group: str, *,
                  questions: bool) -> tuple[str, list[Any]]:
        lo, hi, day = edge
        where, params = group_where(f, questions=questions)
        return (
            f"""
            SELECT {columns}
            FROM (SELECT DISTINCT s.trainee_id, s.game_id, s.skill FROM dealer.answer_summary s
                  WHERE s.day = %s AND {where}) g
            JOIN dealer.answers a ON a.trainee_id = g.trainee_id AND a.game_id = g.game_id AND a.skill = g.skill
                 AND a.answered_at >= greatest(%s::timestamptz, %s) AND a.answered_at < least(%s::timestamptz, %s)
            WHERE {ACCEPTED} GROUP BY {group}""",
            [day, *params, lo, _midnight(day), hi, _midnight(day + timedelta(days=1))])

    def _parts(self, f: AnswerFilter, split: Split, *, questions: bool) -> tuple[str, list[Any]] | None:
        """SQL giving (trainee, game, skill, answered, correct, on target, ms) rows that sum
        to the filter's figures per skill: whole days from the summaries (all time from
        ``answer_summary_skill``; whole months from the monthly summary, other days from
        the daily one), the parts of days at the ends from the answers. None: no answers."""
        columns = "s.trainee_id, s.game_id, s.skill, s.answered, s.correct, s.within_target, s.response_ms"
        where, params = group_where(f, questions=questions)
        parts, part_params = [], []
        if split.whole and split.first is None and split.stop is None:
            parts.append(f"SELECT {columns} FROM dealer.answer_summary_skill s WHERE {where}")
            part_params += params
        elif split.whole:
            months, days = cover(split.first, split.stop, month_start, next_month)
            for table, column, first, stop in ([("answer_summary_month", "month", *months)] if months else []) + [
                    ("answer_summary", "day", *d) for d in days]:
                period, period_params = period_range(f"s.{column}", first, stop)
                parts.append(f"SELECT {columns} FROM dealer.{table} s WHERE {period} AND {where}")
                part_params += [*period_params, *params]
        for edge in split.edges:
            sql, edge_params = self._edge_sql(f, edge, f"a.trainee_id, a.game_id, a.skill, count(*), "
                                              f"sum(a.is_correct), sum({ON_TARGET}), sum(a.response_ms)", "1, 2, 3",
                                              questions=questions)
            parts.append(sql)
            part_params += edge_params
        return (" UNION ALL ".join(f"({p})" for p in parts), part_params) if parts else None

    def answer_bounds(self, f: AnswerFilter) -> tuple[str | None, str | None]:
        """The first and last accepted answer times of the filter: where the range is open,
        the skills' first and last times (``answer_summary_skill``); else the first (last)
        day the summaries name in the range, and the skills of that day sought in the
        answers (the next such day when the range's end cuts off all of that one's)."""
        split = self.split(f)
        if not split.whole and not split.edges:
            return None, None
        if split.lo is None and split.hi is None:  # all time: the skills' first and last, in one read
            where, params = group_where(f)
            [(first, last)] = self._all(f"SELECT {iso('min(s.first_answered_at)')}, {iso('max(s.last_answered_at)')} "
                                        f"FROM dealer.answer_summary_skill s WHERE {where}", params)
            return first, last
        return self._bound(f, split, first=True), self._bound(f, split, first=False)

    def _bound(self, f: AnswerFilter, split: Split, *, first: bool) -> str | None:
        where, params = group_where(f)
        edge, pick, order = (split.lo, "min", "ASC") if first else (split.hi, "max", "DESC")
        if edge is None:
            column = "first_answered_at" if first else "last_answered_at"
            extra, extra_params = _conditions(((f"s.{column} < %s", split.hi if first else None),
                                               (f"s.{column} >= %s", None if first else split.lo)))
            [(got,)] = self._all(f"SELECT {iso(f'{pick}(s.{column})')} FROM dealer.answer_summary_skill s "
                                 f"WHERE {where} AND {extra}", [*params, *extra_params])
            return got
        days, day_params = period_range("s.day", None if split.lo is None else split.lo.date(),
                                        None if split.hi is None else split.hi.date() + timedelta(days=1))
        cmp = ">" if first else "<"
        after: date | None = None
        while True:
            beyond, beyond_params = _conditions(((f"s.day {cmp} %s", after),))
            [(day,)] = self._all(f"SELECT {pick}(s.day) FROM dealer.answer_summary s WHERE {days} AND {where} "
                                 f"AND {beyond}", [*day_params, *params, *beyond_params])
            if day is None:
                return None
            [(got,)] = self._all(
                f"""
                SELECT {iso(f'{pick}(x.t)')} FROM (SELECT DISTINCT s.trainee_id, s.game_id, s.skill
                    FROM dealer.answer_summary s WHERE s.day = %s AND {where}) g
                CROSS JOIN LATERAL (SELECT a.answered_at AS t FROM dealer.answers a
                    WHERE a.trainee_id = g.trainee_id AND a.game_id = g.game_id AND a.skill = g.skill
                      AND a.answered_at >= greatest(%s::timestamptz, %s) AND a.answered_at < least(%s::timestamptz, %s)
                      AND {ACCEPTED}
                    ORDER BY a.answered_at {order} LIMIT 1) x""",
                [day, *params, split.lo, _midnight(day), split.hi, _midnight(day + timedelta(days=1))])
            if got is not None:
                return got
            after = day

    def skill_figures(self, f: AnswerFilter, window: int) -> list[tuple[SkillStat, SkillStat]]:
        """Every (trainee, game, question skill) of the filter: over all its answers, and
        over its last ``window`` (ties at the window's start in it). The sums from the
        summaries (``_parts``); each skill's window from ``answer_summary_skill`` where it
        serves, else from ``answers_skill_time`` backwards; the last answer time likewise."""
        split = self.split(f)
        if split.whole and split.first is None and split.stop is None and window == RECENT_WINDOW:
            return self._skill_figures_kept(f)
        parts = self._parts(f, split, questions=True)
        if parts is None:
            return []
        sql, params = parts
        lo_sql = "" if split.lo is None else " AND a.answered_at >= %s"
        hi_sql = "" if split.hi is None else " AND a.answered_at < %s"
        recent = ("recent_answered", "recent_correct", "recent_within_target", "recent_response_ms")
        every = ("answered", "correct", "on_target", "ms")
        # the summary's window serves when it is this window and the range ends after the
        # skill's last answer: then the range holds all of it, or (it starts after the
        # window's start) fewer than the window's answers, all of them in the filter's window
        rows = self._all(
            f"""
            WITH g AS (
                SELECT trainee_id, game_id, skill, sum(answered)::bigint AS answered, sum(correct)::bigint AS correct,
                       sum(within_target)::bigint AS on_target, sum(response_ms)::bigint AS ms
                FROM ({sql}) s (trainee_id, game_id, skill, answered, correct, within_target, response_ms)
                GROUP BY 1, 2, 3),
            h AS (
                SELECT g.*, k.last_answered_at, {', '.join(f'k.{c}' for c in recent)},
                       (%s AND (%s::timestamptz IS NULL OR k.last_answered_at < %s)) AS kept,
                       (%s::timestamptz IS NULL OR k.recent_since >= %s) AS whole_window
                FROM g JOIN dealer.answer_summary_skill k
                  ON k.trainee_id = g.trainee_id AND k.game_id = g.game_id AND k.skill = g.skill)
            SELECT h.trainee_id, h.game_id, h.skill, h.answered, h.correct, h.on_target, h.ms,
                   CASE WHEN h.kept THEN {self.utc_text('h.last_answered_at')} ELSE {self.utc_text('w.last')} END,
                   {', '.join(f'CASE WHEN NOT h.kept THEN w.{e} WHEN h.whole_window THEN h.{r} ELSE h.{e} END'
                              for r, e in zip(recent, every))}
            FROM h LEFT JOIN LATERAL (
                SELECT count(*) AS answered, coalesce(sum(r.is_correct), 0)::bigint AS correct,
                       coalesce(sum(r.on_target), 0)::bigint AS on_target, coalesce(sum(r.response_ms), 0)::bigint AS ms,
                       max(r.answered_at) AS last
                FROM (SELECT a.is_correct, {ON_TARGET} AS on_target, a.response_ms, a.answered_at
                      FROM dealer.answers a
                      WHERE NOT h.kept AND a.trainee_id = h.trainee_id AND a.game_id = h.game_id
                        AND a.skill = h.skill{lo_sql}{hi_sql} AND {ACCEPTED}
                      ORDER BY a.answered_at DESC FETCH FIRST %s ROWS WITH TIES) r) w ON true
            ORDER BY h.trainee_id, h.game_id, h.skill""",
            [*params, window == RECENT_WINDOW, split.hi, split.hi, split.lo, split.lo,
             *([split.lo] if split.lo is not None else []), *([split.hi] if split.hi is not None else []),
             max(0, window)])
        # (every value a bigint or text already: thousands of rows, no conversions)
        return skill_pairs(rows)

    def _skill_figures_kept(self, f: AnswerFilter) -> list[tuple[SkillStat, SkillStat]]:
        """``skill_figures`` over all time with the window ``answer_summary_skill`` keeps:
        its rows as they are (in its key's order)."""
        where, params = group_where(f, "k", questions=True)
        rows = self._all(
            f"""
            SELECT k.trainee_id, k.game_id, k.skill, k.answered, k.correct, k.within_target, k.response_ms,
                   {self.utc_text('k.last_answered_at')}, k.recent_answered, k.recent_correct, k.recent_within_target,
                   k.recent_response_ms
            FROM dealer.answer_summary_skill k WHERE {where} ORDER BY k.trainee_id, k.game_id, k.skill""", params)
        return skill_pairs(rows)

    def _skill_figures_direct(self, f: AnswerFilter, window: int) -> list[tuple[SkillStat, SkillStat]]:
        """``skill_figures`` from the accepted answers alone (``rank`` over all of them)."""
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

    def _table_figures_direct(self, f: AnswerFilter, window: int = TABLE_WINDOW, skills_of=default_table_skills):
        """``table_figures`` summed in Python over every round of the filter."""
        figures = table_skill_figures(self.round_facts(f), skills_of, window)
        return [x for x in figures if f.skill is None or x.skill == f.skill]

    def table_figures(self, f: AnswerFilter, window: int = TABLE_WINDOW, skills_of=default_table_skills):
        """Every (trainee, game, table skill) with rounds in the filter, as
        ``table_skill_figures`` gives them (in the order each is first met, newest round
        first), summed by PostgreSQL per trainee, game and mode: the rounds, those clean
        for each table skill, on time, their time, and the same over the last ``window``
        rounds (newest first: time, arrival, id)."""
        if f.start is None and f.end is None and window == TABLE_RECENT_WINDOW:
            rows = self._table_summary_rows(f)
        else:
            rows = self._table_rows(f, window)
        parts = list(TABLE_PARTS)
        games: dict[str, list[tuple[str, str | None, int]]] = {}  # a game's table skills: (id, mode, count)
        out = []
        for trainee, game, mode, last, n, ms, *figures in rows:
            every, recent_n, latest = figures[:4], figures[4], figures[5:]
            if game not in games:
                games[game] = [(skill, table_skill_mode(skill), parts.index(table_skill_part(skill)))
                               for skill in skills_of(game) if table_skill_part(skill) is not None]
            for skill, skill_mode, i in games[game]:
                if skill_mode != mode or (f.skill is not None and skill != f.skill):
                    continue
                out.append(TableSkillFigures(int(trainee), game, skill, int(n), int(every[i]), int(every[3]), int(ms),
                                             last, int(recent_n), int(latest[i]), int(latest[3])))
        return out

    def _table_summary_rows(self, f: AnswerFilter) -> list[tuple]:
        """``_table_rows`` over all time with the window ``table_round_summary`` keeps: read
        from it (schema version 7)."""
        where, params = _conditions((
            ("s.trainee_id = %s", f.trainee_id), ("s.game_id = %s", f.game_id),
            ("s.trainee_id IN (SELECT m.trainee_id FROM dealer.class_members m WHERE m.class_id = %s)", f.class_id)))
        figures = [c for c, _w in ROUND_FIGURES]
        return self._all(
            f"""
            SELECT s.trainee_id, s.game_id, s.mode, {iso('s.last_recorded_at')}, s.rounds, s.total_ms,
                   {', '.join(f's.{c}' for c in figures)}, s.recent_rounds, {', '.join(f's.recent_{c}' for c in figures)}
            FROM dealer.table_round_summary s WHERE {where}
            ORDER BY s.last_recorded_at DESC, s.last_received_at DESC, s.last_id DESC""", params)

    def _table_rows(self, f: AnswerFilter, window: int) -> list[tuple]:
        """Per trainee, game and mode with accepted rounds in the filter: (trainee, game,
        mode, last time, rounds, their time, the clean rounds of each part and those on
        time, the last ``window`` rounds, the same four over them), newest first."""
        where, params = round_where(f.trainee_id, f.game_id, f.start, f.end, f.class_id)
        counts = [w for _c, w in ROUND_FIGURES]  # each part's clean rounds, on time
        recent = "r.back <= %s"
        return self._all(
            f"""
            SELECT r.trainee_id, r.game_id, r.mode, {iso('max(r.recorded_at)')}, count(*), sum(r.total_ms),
                   {', '.join(f'count(*) FILTER (WHERE {c})' for c in counts)},
                   count(*) FILTER (WHERE {recent}),
                   {', '.join(f'count(*) FILTER (WHERE {recent} AND {c})' for c in counts)}
            FROM (SELECT r.*, row_number() OVER (PARTITION BY r.trainee_id, r.game_id, r.mode
                                                 ORDER BY r.recorded_at DESC, r.received_at DESC, r.id DESC) AS back
                  FROM dealer.table_rounds r WHERE {where}) r
            GROUP BY r.trainee_id, r.game_id, r.mode
            ORDER BY max(r.recorded_at) DESC, max(r.received_at) FILTER (WHERE r.back = 1) DESC,
                     max(r.id) FILTER (WHERE r.back = 1) DESC""",
            [*[window] * (1 + len(counts)), *params])

    def trend(self, f: AnswerFilter, bucket: str = "week") -> list[TrendPoint]:
        """Question answers per period (day, week from Monday, month) of UTC days, oldest
        first: whole days from the trend's summaries (whole weeks or months of the period
        from the weekly or monthly one; for one skill, the day summary), the parts of days
        at the range's ends from the answers. A day's period is its calendar's (as the
        periods from the first answer's to the last one's are), so the bounds are not read."""
        if bucket not in BUCKETS:
            raise ValueError(f"unknown period {bucket!r}; use one of {', '.join(BUCKETS)}")
        start_of = {"day": lambda d: d, "week": week_start, "month": month_start}[bucket]
        split = self.split(f)
        sums: dict[str, list[int]] = {}

        def add(rows) -> None:
            for day, *figures in rows:
                day = date.fromisoformat(day) if isinstance(day, str) else day
                got = sums.setdefault(start_of(day).isoformat(), [0, 0, 0, 0])
                for i, v in enumerate(figures):
                    got[i] += int(v)

        if split.whole:
            if f.skill is not None:  # the trend's summaries have no skills
                sources = [("answer_summary", "day", (split.first, split.stop))]
            elif bucket == "day":
                sources = [("answer_trend_day", "period", (split.first, split.stop))]
            else:
                big, days = cover(split.first, split.stop, *((month_start, next_month) if bucket == "month"
                                                              else (week_start, next_week)))
                sources = [(f"answer_trend_{bucket}", "period", big)] if big else []
                sources += [("answer_trend_day", "period", d) for d in days]
            where, params = group_where(f, questions=f.skill is not None)
            parts, part_params = [], []
            for table, column, (lo, hi) in sources:
                period, period_params = period_range(f"s.{column}", lo, hi)
                parts.append(f"SELECT s.{column} AS period, s.answered, s.correct, s.within_target, s.response_ms "
                             f"FROM dealer.{table} s WHERE {period} AND {where}")
                part_params += [*period_params, *params]
            add(self._all("SELECT period, sum(answered), sum(correct), sum(within_target), sum(response_ms) "
                          f"FROM ({' UNION ALL '.join(parts)}) s GROUP BY 1", part_params))
        for edge in split.edges:
            add(self._edge_rows(f, edge, "(a.answered_at AT TIME ZONE 'UTC')::date, count(*), sum(a.is_correct), "
                                f"sum({ON_TARGET}), sum(a.response_ms)", "1", questions=True))
        return [TrendPoint(period, *got) for period, got in sorted(sums.items())]

    def answer_count(self, f: AnswerFilter) -> int:
        """The accepted answers of the filter, table mode's steps too, from the summaries."""
        parts = self._parts(f, self.split(f), questions=False)
        if parts is None:
            return 0
        return int(self._all(f"SELECT coalesce(sum(s.answered), 0) FROM ({parts[0]}) s (trainee_id, game_id, skill, "
                             "answered, correct, within_target, response_ms)", parts[1])[0][0])

    def _answer_bounds_direct(self, f: AnswerFilter) -> tuple[str | None, str | None]:
        where, params = answer_where(f)
        [(first, last)] = self._all(
            f"SELECT {iso('min(a.answered_at)')}, {iso('max(a.answered_at)')} FROM dealer.answers a WHERE {where}",
            params)
        return first, last

    def _trend_direct(self, f: AnswerFilter, bucket: str = "week") -> list[TrendPoint]:
        """Question answers per period (day, week from Monday, month) of UTC days, oldest first."""
        if bucket not in BUCKETS:
            raise ValueError(f"unknown period {bucket!r}; use one of {', '.join(BUCKETS)}")
        first, last = self._answer_bounds_direct(f)
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

    def _answer_count_direct(self, f: AnswerFilter) -> int:
        where, params = answer_where(f)
        return int(self._all(f"SELECT count(*) FROM dealer.answers a WHERE {where}", params)[0][0])

    def answer_rows(self, f: AnswerFilter, *, limit: int | None = None, offset: int = 0,
                    newest_first: bool = True) -> list[AnswerRecord]:
        where, params = answer_where(f)
        order = "DESC" if newest_first else "ASC"
        sql = (f"SELECT {answer_select(self.utc_text)} FROM dealer.answers a WHERE {where} "
               f"ORDER BY a.answered_at {order}, a.received_at {order}, a.id {order}")
        if limit is not None:
            sql += " LIMIT %s OFFSET %s"
            params += [limit, offset]
        return answer_records(self._all(sql, params))

    def answer_span(self, f: AnswerFilter) -> tuple[int, str | None, str | None]:
        return (self.answer_count(f), *self.answer_bounds(f))

    def iter_answer_rows(self, f: AnswerFilter, batch: int = 5000):
        """The answers of the filter, oldest first, ``batch`` at a time (for exports): keyset
        pagination on (time, arrival, id)."""
        where, params = answer_where(f)
        last: tuple | None = None
        while True:
            extra, extra_params = "", []
            if last is not None:
                extra, extra_params = " AND (a.answered_at, a.received_at, a.id) > (%s, %s, %s)", list(last)
            rows = self._all(f"SELECT a.answered_at, a.received_at, {answer_select(self.utc_text)} FROM dealer.answers a "
                             f"WHERE {where}{extra} ORDER BY a.answered_at, a.received_at, a.id LIMIT %s",
                             [*params, *extra_params, batch])
            if not rows:
                return
            last = (rows[-1][0], rows[-1][1], rows[-1][2 + ANSWER_FIELDS.index("id")])
            yield answer_records(r[2:] for r in rows)
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
        """Attempts at exams, newest first, scored from their accepted answers (kept summed
        per exam session: ``exam_session_scores``, schema version 7): the
        sessions the server started as attempts (``dealer.exam_attempts``; a session a
        station says was an exam but the server never started is none), numbered among
        the trainee's attempts at the same exam."""
        where, params = _conditions((
            ("s.exam_id = %s", exam_id), ("s.trainee_id = %s", trainee_id),
            ("s.started_at >= %s::timestamptz", start), ("s.started_at < %s::timestamptz", end),
            ("s.trainee_id = ANY(%s)", None if trainee_ids is None else list(trainee_ids))))
        rows = self._all(
            f"""
            WITH n AS (  -- every attempt numbered (the attempts are few; the sessions are not)
                SELECT p.id, row_number() OVER (PARTITION BY p.exam_id, p.trainee_id ORDER BY p.started_at, p.id) AS n
                FROM dealer.exam_attempts pa JOIN dealer.sessions p ON p.id = pa.session_id
                WHERE p.exam_id IS NOT NULL)
            SELECT s.id, s.exam_id, coalesce(e.title, 'Unknown exam'), s.trainee_id, t.name, {iso('s.started_at')},
                   {iso('x.ended_at')},
                   coalesce((e.definition::jsonb ->> 'question_count')::integer, s.question_count),
                   coalesce(sc.answered, 0), coalesce(sc.correct, 0),
                   coalesce((e.definition::jsonb ->> 'pass_mark')::integer, 0), coalesce(sc.ms, 0), n.n
            FROM n JOIN dealer.sessions s ON s.id = n.id
            LEFT JOIN (SELECT x.session_id, x.answered, x.correct, x.response_ms AS ms
                       FROM dealer.exam_session_scores x) sc ON sc.session_id = s.id
            JOIN dealer.trainees t ON t.id = s.trainee_id
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


class DirectReviewSource(ServerReviewSource):
    """``ServerReviewSource`` computing every figure from the accepted answers alone, as
    before schema version 4 (for the tests, which hold both equal, and the benchmark)."""

    skill_figures = ServerReviewSource._skill_figures_direct
    trend = ServerReviewSource._trend_direct
    answer_bounds = ServerReviewSource._answer_bounds_direct
    answer_count = ServerReviewSource._answer_count_direct
    table_figures = ServerReviewSource._table_figures_direct
