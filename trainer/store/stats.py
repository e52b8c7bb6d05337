"""The dashboard's queries (a mixin of ``Store``): statistics are queries over the
answer log, filtered by date range, class, game and trainee.

Table mode's answers (skills ``<game>.table-procedure``, ``-payouts``, ``-watch``: one
per dealer action) stay in the log and in ``answer_rows``, but every figure here is a
*question* figure and leaves them out (``question_skill_sql``): a table skill is judged
by its rounds, ``table_figures`` (see ``trainer.contracts.measures``).

The figures come from the summary tables (schema version 5, kept by a trigger as answers
arrive) for whole UTC days, and from the answers for the parts of days at the ends of a
date range (``DashboardQueries``). Read from the answers, the filtered aggregates use
only two covering indexes, never the answers' text: ``idx_answers_skills`` (trainee,
game, skill, time, right, response, target) groups by trainee and skill without
sorting, and ``idx_answers_dashboard`` (time first) gives the trend one range per
period (see ``benchmarks/bench_dashboard.py`` and ``make bench``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any

from trainer.store.records import ANSWER_COLUMNS, AnswerRecord, _answer, answer_of
from trainer.store.schema import SUMMARY_WINDOW
from trainer.contracts.measures import (
    AnswerFigures,
    ROUND_CLEAN_SQL,
    ROUND_ON_TIME_SQL,
    TABLE_WINDOW,
    TableSkillFigures,
    default_table_skills,
    question_skill_sql,
    quick_init,
    table_skill_figures,
    table_skill_mode,
    table_skill_part,
    within_target_sql,
)

BUCKETS = ("day", "week", "month")


@dataclass(frozen=True)
class AnswerFilter:
    """Which answers: ``start`` (inclusive) and ``end`` (exclusive) are ISO UTC instants;
    ``None`` leaves that side open."""

    start: str | None = None
    end: str | None = None
    class_id: int | None = None
    game_id: str | None = None
    trainee_id: int | None = None
    skill: str | None = None


@quick_init
@dataclass(frozen=True)
class SkillStat(AnswerFigures):
    """One trainee's answers of one skill (within a filter)."""

    trainee_id: int
    game_id: str
    skill: str
    answered: int
    correct: int
    on_target: int
    total_ms: int
    last_answered_at: str


@quick_init
@dataclass(frozen=True)
class TrendPoint(AnswerFigures):
    period: str  # the first day of the period, YYYY-MM-DD
    answered: int
    correct: int
    on_target: int
    total_ms: int


@quick_init
@dataclass(frozen=True)
class RoundFact:
    """What a table skill's figures need of one stored round."""

    trainee_id: int
    game_id: str
    mode: str
    recorded_at: str
    completed: int
    procedure_errors: int
    payout_errors: int
    missed_calls: int
    false_calls: int
    total_ms: int
    target_ms: int


def sql_where(conditions) -> tuple[str, list[Any]]:
    """`` WHERE `` and the conditions of ``(sql, value)`` pairs whose value is not None
    (a condition without a ``?`` is taken when its sql is given), and their values."""
    where = [sql for sql, value in conditions if value is not None or (sql and "?" not in sql)]
    params = [value for _sql, value in conditions if value is not None]
    return (" WHERE " + " AND ".join(where)) if where else "", params


_ROUND_FACTS = ("trainee_id", "game_id", "mode", "recorded_at", "completed", "procedure_errors", "payout_errors",
                "missed_calls", "false_calls", "total_ms", "target_ms")  # RoundFact's, in its order


def _round_where(f: AnswerFilter) -> tuple[str, list[Any]]:
    """The filter over ``table_rounds`` (trainee, class, game, recorded in the date range)."""
    return sql_where((
        ("recorded_at >= ?", f.start), ("recorded_at < ?", f.end), ("game_id = ?", f.game_id),
        ("trainee_id = ?", f.trainee_id),
        ("trainee_id IN (SELECT trainee_id FROM class_members WHERE class_id = ?)", f.class_id)))


def _where(f: AnswerFilter, alias: str = "answers", *, questions: bool = False, time: str = "answered_at",
           start: str | None = None, end: str | None = None, skill: bool = True) -> tuple[str, list[Any]]:
    """The filter as SQL; ``questions`` leaves table mode's answers out. A summary table
    gives its ``time`` column (``day``) and the ``start`` and ``end`` days in place of the
    filter's instants; ``skill`` False for one without skills."""
    conditions = ((question_skill_sql(f"{alias}.skill") if questions else None, None),
                  (f"{alias}.{time} >= ?", f.start if time == "answered_at" else start),
                  (f"{alias}.{time} < ?", f.end if time == "answered_at" else end),
                  (f"{alias}.game_id = ?", f.game_id), (f"{alias}.skill = ?", f.skill if skill else None),
                  (f"{alias}.trainee_id = ?", f.trainee_id),
                  (f"{alias}.trainee_id IN (SELECT trainee_id FROM class_members WHERE class_id = ?)", f.class_id))
    return sql_where(conditions)


_AGGREGATES = ("COUNT(*) AS answered, SUM(is_correct) AS correct, "
               f"SUM({within_target_sql()}) AS on_target, SUM(response_ms) AS total_ms, "
               "MAX(answered_at) AS last_answered_at")


def _periods(first_day: str, last_day: str, bucket: str) -> list[tuple[str, str]]:
    """(start day, next start day) of every period from the one holding ``first_day`` to
    the one holding ``last_day``: days, weeks from Monday, or months."""
    first, last = date.fromisoformat(first_day), date.fromisoformat(last_day)
    if bucket == "day":
        start, step = first, lambda d: d + timedelta(days=1)
    elif bucket == "week":
        start, step = first - timedelta(days=first.weekday()), lambda d: d + timedelta(days=7)
    else:
        start = first.replace(day=1)
        step = lambda d: (d.replace(day=28) + timedelta(days=4)).replace(day=1)  # noqa: E731
    out = []
    while start <= last:
        nxt = step(start)
        out.append((start.isoformat(), nxt.isoformat()))
        start = nxt
    return out


def _whole_days(f: AnswerFilter) -> tuple[str | None, str | None, list[AnswerFilter]] | None:
    """The UTC days wholly inside the filter's range, as the first day and the day after
    the last (``None``: open), and filters for the rest of the range (the parts of days
    at its ends, read from the answers). ``None`` when no whole day fits."""
    try:
        first = (date.fromisoformat(f.start[:10]) + timedelta(days=1)).isoformat() if f.start is not None else None
        stop = date.fromisoformat(f.end[:10]).isoformat() if f.end is not None else None
    except ValueError:
        return None
    if first is not None and stop is not None and first > stop:
        return None
    edges = [replace(f, end=first if f.end is None else min(first, f.end))] if first is not None else []
    edges += [replace(f, start=stop if f.start is None else max(stop, f.start))] if stop is not None else []
    return first, stop, edges


def _add(into: dict, key: tuple, answered: int, correct: int, on_target: int, total_ms: int,
         last: str | None = None) -> None:
    """Add one group's figures to ``into[key]`` ([answered, correct, on target, ms, last])."""
    got = into.setdefault(key, [0, 0, 0, 0, None])
    got[0] += answered
    got[1] += correct
    got[2] += on_target or 0
    got[3] += total_ms
    got[4] = last if got[4] is None or (last is not None and last > got[4]) else got[4]


class DashboardQueries:
    """Mixed into ``Store``: uses its ``_rows``.

    The figures are read from the summary tables (schema version 5, kept by a trigger as
    answers arrive: ``schema._v5_dashboard_summaries``) where they serve: whole UTC days
    from the day tables, the parts of days at the ends of a date range from the answers.
    ``use_summaries = False`` reads everything from the answers (the same figures; a
    test compares them, and the benchmark measures both)."""

    use_summaries = True

    def skill_stats(self, f: AnswerFilter) -> list[SkillStat]:
        """Every (trainee, game, question skill) with answers in the filter, counted (table
        mode's skills are judged by rounds: ``table_figures``)."""
        if self.use_summaries:
            return [SkillStat(*key, *got) for key, got in sorted(self._summed_skills(f, questions=True).items())]
        return self._skill_stats_direct(f)

    def _skill_stats_direct(self, f: AnswerFilter, index: str = "idx_answers_skills", *,
                            questions: bool = True) -> list[SkillStat]:
        where, params = _where(f, questions=questions)
        rows = self._rows(
            f"""
            SELECT trainee_id, game_id, skill, {_AGGREGATES}
            FROM answers INDEXED BY {index}{where}
            GROUP BY trainee_id, game_id, skill
            """,
            params,
        )
        return [SkillStat(**r) for r in rows]

    def _summed_skills(self, f: AnswerFilter, *, questions: bool) -> dict[tuple, list]:
        """(trainee, game, skill) -> [answered, correct, on target, ms, last answer time]
        of the filter: whole days from the summary tables, the parts of days at the ends of
        a date range from the answers."""
        split = _whole_days(f)
        first, stop, edges = split if split is not None else (None, None, [f])
        out: dict[tuple, list] = {}
        if split is not None and not (first is not None and stop is not None and first >= stop):
            where, params = _where(f, "s", questions=questions, time="day", start=first, end=stop)
            sql = ("SELECT trainee_id, game_id, skill, answered, correct, on_target, total_ms, last_answered_at "
                   f"FROM summary_skills AS s{where}")
            if first is not None or stop is not None:
                sql = ("SELECT trainee_id, game_id, skill, SUM(answered), SUM(correct), SUM(on_target), "
                       f"SUM(total_ms), MAX(last_answered_at) FROM summary_skill_days AS s{where} "
                       "GROUP BY trainee_id, game_id, skill")
            for r in self.db.execute(sql, params).fetchall():
                _add(out, r[:3], *r[3:])
        for edge in edges:
            for x in self._skill_stats_direct(edge, "idx_answers_dashboard", questions=questions):
                _add(out, (x.trainee_id, x.game_id, x.skill), x.answered, x.correct, x.on_target, x.total_ms,
                     x.last_answered_at)
        return out

    def skill_recent(self, f: AnswerFilter, window: int) -> list[SkillStat]:
        """Like ``skill_stats``, over each (trainee, skill)'s last ``window`` answers in the
        filter only: what mastery is judged on."""
        return [recent for _all, recent in self.skill_figures(f, window)]

    def skill_figures(self, f: AnswerFilter, window: int) -> list[tuple[SkillStat, SkillStat]]:
        """For every (trainee, game, skill) of the filter: its figures over all the filter's
        answers, and over its last ``window`` of them (ties at the window's start are in it).

        From the summary tables, which keep each skill's last ``SUMMARY_WINDOW`` answers:
        they are the filter's last ones unless the filter ends before the skill's last
        answer (then each skill's window is sought in the answers: ``_recent_windows``);
        when the filter starts after the first of them, the filter holds fewer than
        ``window`` answers of the skill, all of them in its window. Question skills only."""
        if not self.use_summaries:
            return self._skill_figures_direct(f, window)
        if f.start is None and f.end is None and window == SUMMARY_WINDOW:
            return self._skill_figures_ever(f)
        groups = self._summed_skills(f, questions=True)
        where, params = _where(replace(f, start=None, end=None), "s", questions=True)
        recent = {tuple(r[:3]): r[3:] for r in self.db.execute(
            "SELECT trainee_id, game_id, skill, last_answered_at, recent_since, recent_answered, recent_correct, "
            f"recent_on_target, recent_total_ms FROM summary_skills AS s{where}", params).fetchall()}
        windows = None
        if window != SUMMARY_WINDOW or (f.end is not None and any(recent[key][0] >= f.end for key in groups)):
            windows = self._recent_windows(f, window)
        out = []
        for key, (answered, correct, on_target, total_ms, last) in sorted(groups.items()):
            every = SkillStat(*key, answered, correct, on_target, total_ms, last)
            if windows is not None:
                out.append((every, SkillStat(*key, *windows[key], last)))
                continue
            _last_ever, since, *figures = recent[key]
            whole = since is not None and (f.start is None or since >= f.start)
            out.append((every, SkillStat(*key, *figures, last) if whole else every))
        return out

    def _skill_figures_ever(self, f: AnswerFilter) -> list[tuple[SkillStat, SkillStat]]:
        """``skill_figures`` of a filter without dates, over the window the summaries keep:
        both from ``summary_skills`` in one read, in its key's order (as sorted)."""
        where, params = _where(f, "s", questions=True)
        rows = self.db.execute(
            "SELECT trainee_id, game_id, skill, answered, correct, COALESCE(on_target, 0), total_ms, "
            "last_answered_at, recent_since, recent_answered, recent_correct, recent_on_target, recent_total_ms "
            f"FROM summary_skills AS s{where} ORDER BY trainee_id, game_id, skill", params).fetchall()
        out = []
        for t, g, sk, n, c, o, ms, last, since, rn, rc, ro, rms in rows:
            every = SkillStat(t, g, sk, n, c, o, ms, last)
            out.append((every, every if since is None else SkillStat(t, g, sk, rn, rc, ro, rms, last)))
        return out

    def _recent_windows(self, f: AnswerFilter, window: int) -> dict[tuple, tuple]:
        """(trainee, game, skill) -> (answered, correct, on target, ms) over each question
        skill's last ``window`` answers in the filter (ties at the window's start in it):
        for each skill of ``summary_skills``, the time of its ``window``-th most recent
        answer in the filter is sought in ``idx_answers_skills``, and the answers from
        there on are summed."""
        where, params = _where(replace(f, start=None, end=None), "g", questions=True)
        inner, inner_params = _where(f, "a", questions=True)
        also = " AND " + inner[len(" WHERE "):]
        rows = self.db.execute(
            f"""
            WITH cut AS (
                SELECT g.trainee_id, g.game_id, g.skill,
                       (SELECT a.answered_at FROM answers AS a INDEXED BY idx_answers_skills
                        WHERE a.trainee_id = g.trainee_id AND a.game_id = g.game_id AND a.skill = g.skill{also}
                        ORDER BY a.answered_at DESC LIMIT 1 OFFSET ?) AS since
                FROM summary_skills AS g{where})
            SELECT cut.trainee_id, cut.game_id, cut.skill, COUNT(*), SUM(a.is_correct),
                   SUM({within_target_sql('a')}), SUM(a.response_ms)
            FROM cut JOIN answers AS a INDEXED BY idx_answers_skills
              ON a.trainee_id = cut.trainee_id AND a.game_id = cut.game_id AND a.skill = cut.skill
                 AND a.answered_at >= COALESCE(cut.since, ''){also}
            GROUP BY cut.trainee_id, cut.game_id, cut.skill
            """,
            [*inner_params, max(0, window - 1), *params, *inner_params],
        ).fetchall()
        return {tuple(r[:3]): tuple(r[3:]) for r in rows}

    def _skill_figures_direct(self, f: AnswerFilter, window: int) -> list[tuple[SkillStat, SkillStat]]:
        """``skill_figures`` from the answers, in one query.

        Each group's window starts at the time of its ``window``-th most recent answer,
        found by a seek in ``idx_answers_skills``; no window function sorts the log.
        Question skills only: table mode's skills are judged by rounds (``table_figures``)."""
        where, params = _where(f, questions=True)
        inner, inner_params = _where(f, "a", questions=True)
        also = (" AND " + inner[len(" WHERE "):]) if inner else ""
        rows = self.db.execute(
            f"""
            WITH g AS (
                SELECT trainee_id, game_id, skill, {_AGGREGATES}
                FROM answers INDEXED BY idx_answers_skills{where}
                GROUP BY trainee_id, game_id, skill),
            cut AS (
                SELECT g.*, (SELECT a.answered_at FROM answers AS a INDEXED BY idx_answers_skills
                             WHERE a.trainee_id = g.trainee_id AND a.game_id = g.game_id AND a.skill = g.skill{also}
                             ORDER BY a.answered_at DESC LIMIT 1 OFFSET ?) AS since
                FROM g)
            SELECT cut.trainee_id, cut.game_id, cut.skill, cut.answered, cut.correct, cut.on_target, cut.total_ms,
                   cut.last_answered_at,
                   COUNT(*), SUM(a.is_correct), SUM({within_target_sql('a')}),
                   SUM(a.response_ms)
            FROM cut JOIN answers AS a INDEXED BY idx_answers_skills
              ON a.trainee_id = cut.trainee_id AND a.game_id = cut.game_id AND a.skill = cut.skill
                 AND a.answered_at >= COALESCE(cut.since, ''){also}
            GROUP BY cut.trainee_id, cut.game_id, cut.skill
            """,
            [*params, *inner_params, max(0, window - 1), *inner_params],
        ).fetchall()
        return [(SkillStat(*r[:8]), SkillStat(*r[:3], *r[8:12], r[7])) for r in rows]

    def round_facts(self, f: AnswerFilter) -> list[RoundFact]:
        """The table rounds of the filter (trainee, class, game, recorded in the date range),
        newest first, with what their skills' figures need."""
        where, params = _round_where(f)
        sql = (f"SELECT {', '.join(_ROUND_FACTS)} FROM table_rounds{where} ORDER BY recorded_at DESC, rowid DESC")
        return [RoundFact(*r) for r in self.db.execute(sql, params).fetchall()]

    def table_figures(self, f: AnswerFilter, window: int = TABLE_WINDOW,
                      skills_of=default_table_skills) -> list[TableSkillFigures]:
        """Every (trainee, game, table skill) with rounds in the filter: its rounds, clean
        rounds, rounds on time, and the same over its last ``window`` rounds (mastery), in
        the order ``table_skill_figures`` gives them (each first met in the rounds, newest
        first).

        Summed by SQLite per trainee, game and mode (each round's place from its newest in
        ``back``), with the rules of ``measures.ROUND_CLEAN_SQL`` and ``ROUND_ON_TIME_SQL``;
        ``use_summaries = False`` sums ``table_skill_figures`` in Python over every round
        (the same figures; a test compares them)."""
        if not self.use_summaries:
            return self._table_figures_direct(f, window, skills_of)
        where, params = _round_where(f)
        parts = list(ROUND_CLEAN_SQL)
        counts = [*ROUND_CLEAN_SQL.values(), ROUND_ON_TIME_SQL]
        recent = f"back <= {int(window)}"
        # every round of the year is read: the table in its order, not by an index's random
        # seeks; one trainee's (the drill-down) by their index
        scan = "" if f.trainee_id is not None else " NOT INDEXED"
        rows = self.db.execute(
            f"""
            SELECT trainee_id, game_id, mode, MAX(recorded_at), COUNT(*), SUM(total_ms),
                   {', '.join(f'SUM({c})' for c in counts)}, SUM({recent}),
                   {', '.join(f'SUM({recent} AND {c})' for c in counts)}
            FROM (SELECT {', '.join(_ROUND_FACTS)}, rowid AS round_rowid,
                         ROW_NUMBER() OVER (PARTITION BY trainee_id, game_id, mode
                                            ORDER BY recorded_at DESC, rowid DESC) AS back
                  FROM table_rounds{scan}{where})
            GROUP BY trainee_id, game_id, mode
            ORDER BY MAX(recorded_at) DESC, MAX(CASE WHEN back = 1 THEN round_rowid END) DESC
            """, params).fetchall()
        games: dict[str, list[tuple[str, str | None, int]]] = {}  # a game's table skills: (id, mode, part)
        out = []
        for trainee, game, mode, last, n, ms, *figures in rows:
            skills = games.get(game)
            if skills is None:
                skills = games[game] = [(sk, table_skill_mode(sk), parts.index(table_skill_part(sk)))
                                        for sk in skills_of(game) if table_skill_part(sk) is not None]
            clean, on_time, recent_n = figures[:3], figures[3], figures[4]
            recent_clean, recent_on_time = figures[5:8], figures[8]
            out += [TableSkillFigures(int(trainee), game, sk, n, clean[k], on_time, ms, last, recent_n,
                                      recent_clean[k], recent_on_time)
                    for sk, skill_mode, k in skills if skill_mode == mode and (f.skill is None or sk == f.skill)]
        return out

    def _table_figures_direct(self, f: AnswerFilter, window: int = TABLE_WINDOW,
                              skills_of=default_table_skills) -> list[TableSkillFigures]:
        """``table_figures`` summed in Python (``table_skill_figures``) over every round."""
        figures = table_skill_figures(self.round_facts(f), skills_of, window)
        return [x for x in figures if f.skill is None or x.skill == f.skill]

    def answer_bounds(self, f: AnswerFilter) -> tuple[str | None, str | None]:
        """The first and last answer times of the filter (two index seeks, no count)."""
        where, params = _where(f)
        first = self._rows(f"SELECT answered_at FROM answers INDEXED BY idx_answers_dashboard{where} "
                           "ORDER BY answered_at LIMIT 1", params)
        last = self._rows(f"SELECT answered_at FROM answers INDEXED BY idx_answers_dashboard{where} "
                          "ORDER BY answered_at DESC LIMIT 1", params)
        return (first[0]["answered_at"] if first else None, last[0]["answered_at"] if last else None)

    def trend(self, f: AnswerFilter, bucket: str = "week") -> list[TrendPoint]:
        """Answers per period (day, week or month, of UTC days), oldest first; periods
        without answers are left out. Question answers only: table mode's steps are not
        questions.

        Whole days from the summary tables (per game and day, or per trainee, game and day
        for a trainee or a class), the parts of days at the ends of a date range from the
        answers; everything from the answers for one skill."""
        if bucket not in BUCKETS:
            raise ValueError(f"unknown period {bucket!r}; use one of {', '.join(BUCKETS)}")
        if not self.use_summaries or f.skill is not None:
            return self._trend_direct(f, bucket)
        first, last = self.answer_bounds(f)
        if first is None or last is None:
            return []
        periods = [start for start, _stop in _periods(first[:10], last[:10], bucket)]
        split = _whole_days(f)
        whole_first, stop, edges = split if split is not None else (None, None, [f])
        sums: dict[tuple, list] = {}
        if split is not None and not (whole_first is not None and stop is not None and whole_first >= stop):
            table = "summary_days" if f.trainee_id is None and f.class_id is None else "summary_trainee_days"
            where, params = _where(f, "s", time="day", start=whole_first, end=stop, skill=False)
            for day, *figures in self.db.execute(
                    "SELECT day, SUM(answered), SUM(correct), SUM(on_target), SUM(total_ms) "
                    f"FROM {table} AS s{where} GROUP BY day", params).fetchall():
                _add(sums, (periods[bisect_right(periods, day) - 1],), *figures)
        for edge in edges:
            for p in self._trend_direct(edge, "day"):
                _add(sums, (periods[bisect_right(periods, p.period) - 1],), p.answered, p.correct, p.on_target,
                     p.total_ms)
        return [TrendPoint(period, *got[:4]) for (period,), got in sorted(sums.items())]

    def _trend_direct(self, f: AnswerFilter, bucket: str) -> list[TrendPoint]:
        """``trend`` from the answers.

        The periods are listed first and each is one range of ``idx_answers_dashboard``,
        so the log is read in order once and never sorted."""
        first, last = self.answer_bounds(f)
        if first is None or last is None:
            return []
        periods = _periods(first[:10], last[:10], bucket)
        where, params = _where(f, "a", questions=True)
        also = (" AND " + where[len(" WHERE "):]) if where else ""
        values = ", ".join("(?, ?)" for _ in periods)
        rows = self._rows(
            f"""
            WITH p(period, stop) AS (VALUES {values})
            SELECT p.period AS period, COUNT(*) AS answered, SUM(a.is_correct) AS correct,
                   SUM({within_target_sql('a')}) AS on_target, SUM(a.response_ms) AS total_ms
            FROM p JOIN answers AS a INDEXED BY idx_answers_dashboard
              ON a.answered_at >= p.period AND a.answered_at < p.stop{also}
            GROUP BY p.period ORDER BY p.period
            """,
            [v for pair in periods for v in pair] + params,
        )
        return [TrendPoint(**r) for r in rows]

    def answer_count(self, f: AnswerFilter) -> int:
        """How many answers the filter holds, table mode's steps included (SQLite picks
        the index: by trainee and time for one trainee), from the summary tables."""
        if self.use_summaries:
            return sum(got[0] for got in self._summed_skills(f, questions=False).values())
        where, params = _where(f)
        return int(self._rows(f"SELECT COUNT(*) AS n FROM answers{where}", params)[0]["n"])

    def answer_span(self, f: AnswerFilter) -> tuple[int, str | None, str | None]:
        """How many answers the filter holds, and the first and last answer times."""
        if self.use_summaries:
            return (self.answer_count(f), *self.answer_bounds(f))
        where, params = _where(f)
        row = self._rows(f"SELECT COUNT(*) AS n FROM answers INDEXED BY idx_answers_dashboard{where}", params)[0]
        return (int(row["n"]), *self.answer_bounds(f))

    def answer_rows(self, f: AnswerFilter, *, limit: int | None = None, offset: int = 0,
                    newest_first: bool = True) -> list[AnswerRecord]:
        """The answers themselves (what was asked, said, right, the rule)."""
        where, params = _where(f)
        order = "DESC" if newest_first else "ASC"
        sql = (f"SELECT {', '.join(ANSWER_COLUMNS)} FROM answers{where} "
               f"ORDER BY answered_at {order}, rowid {order}")
        if limit is not None:
            sql += " LIMIT ? OFFSET ?"
            params += [limit, offset]
        return [answer_of(r) for r in self._tuples(sql, params)]

    def iter_answer_rows(self, f: AnswerFilter, batch: int = 5000) -> Iterator[list[AnswerRecord]]:
        """The answers of the filter, oldest first, ``batch`` at a time (for exports):
        keyset pagination, so each batch costs the same however far in it is."""
        where, params = _where(f)
        cols = ", ".join(ANSWER_COLUMNS)
        last: tuple[str, int] | None = None
        while True:
            extra, extra_params = "", []
            if last is not None:
                extra = (" AND " if where else " WHERE ") + "(answered_at > ? OR (answered_at = ? AND rowid > ?))"
                extra_params = [last[0], last[0], last[1]]
            rows = self._rows(f"SELECT rowid AS _rowid, {cols} FROM answers{where}{extra} "
                              f"ORDER BY answered_at, rowid LIMIT ?", [*params, *extra_params, batch])
            if not rows:
                return
            last = (rows[-1]["answered_at"], rows[-1]["_rowid"])
            yield [_answer({k: v for k, v in r.items() if k != "_rowid"}) for r in rows]
            if len(rows) < batch:
                return

    def trainee_ids_in(self, class_id: int | None) -> list[int]:
        """Every trainee, or the members of a class."""
        if class_id is None:
            return [int(r["id"]) for r in self._rows("SELECT id FROM trainees ORDER BY id")]
        return [int(r["trainee_id"]) for r in self._rows(
            "SELECT trainee_id FROM class_members WHERE class_id = ? ORDER BY trainee_id", [class_id])]
