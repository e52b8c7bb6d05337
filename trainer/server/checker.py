"""The supervisor's checker: every answer that reaches the server passes the same checks
as a file import (issue 14's ``ResultsCheck`` of ``trainer.review.importer``, reused as it
is): its question is made again from its game, kind and seed by the rules core, its
prompt and right answer must be the ones the station sent, its grade must be the rules'
grade of the answer given; an exam's answers are scored against the server's own copy of
the exam, must be its questions, each at most once, in the attempt the server started.

The start and end of an exam are the server's clock: an exam answer counts only if it
reached the server (``received_at``) within the exam's time limit (with the import's
grace) from the attempt's start by the server (``exam_attempts.started_at``), and before
the exam's window closed (with the same grace). An exam session the server did not start
(a station that wrote one itself) has none of its answers accepted.

Each answer gets one row in ``dealer.answer_checks`` (accepted or not, with the reason),
written by the checker's supervisor role; the dashboard counts only accepted answers (its
summary is kept by a trigger on that table). Checks are append-only: an answer is
checked once, and two checkers at once never check one twice (``ON CONFLICT DO NOTHING``).

Table mode's rounds pass the file import's round check too (``check_table_rounds``,
``trainer.review.round_check``): each is dealt again from its game, level, seed and house
options and refused, with the reason, when its record is not what the replay gives. Those
verdicts are returned and not yet stored: the schema has no table for them (see
``check_table_rounds``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta, timezone
from typing import Any

import psycopg
from psycopg.rows import dict_row

from trainer.review.importer import LATE_GRACE_S, ImportFileError, ResultsCheck, check_answer

BATCH = 2000
NOT_STARTED = "an exam attempt the server did not start"
LATE = "given after the exam's time, by the server's clock"
KEPT = "kept as the station graded it (a step of table mode or a drill, or an older form of its question)"


class _ServerExams:
    """What ``ResultsCheck`` reads of a store: the exam definitions, here the server's."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.conn = conn

    def _rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        if sql.strip() != "SELECT definition FROM exams WHERE id = ?":
            raise NotImplementedError(sql)
        with self.conn.cursor(row_factory=dict_row) as cur:
            return cur.execute("SELECT definition FROM dealer.exams WHERE id = %s", params).fetchall()


@dataclass
class CheckOutcome:
    accepted: int = 0
    refused: int = 0
    reasons: list[str] = field(default_factory=list)

    def text(self) -> str:
        if not self.accepted and not self.refused:
            return "No answer was waiting to be checked."
        out = f"Checked {self.accepted + self.refused:,} answers: {self.accepted:,} accepted, {self.refused:,} refused."
        return out + "".join(f"\n  refused: {r}" for r in self.reasons[:10])


def _iso(moment) -> str | None:
    return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z") if moment is not None else None


def _pending(conn: psycopg.Connection, limit: int) -> list[dict[str, Any]]:
    with conn.cursor(row_factory=dict_row) as cur:
        return cur.execute(
            """SELECT a.*, s.trainee_id AS s_trainee_id, s.game_id AS s_game_id, s.mode AS s_mode, s.seed AS s_seed,
                      s.question_count AS s_question_count, s.started_at AS s_started_at, s.source AS s_source,
                      s.exam_id AS s_exam_id, t.started_at AS exam_started_at, w.closes_at AS exam_closes_at
               FROM dealer.answers a
               JOIN dealer.sessions s ON s.id = a.session_id
               LEFT JOIN dealer.exam_attempts t ON t.session_id = s.id
               LEFT JOIN dealer.exam_windows w ON w.id = t.window_id
               WHERE NOT EXISTS (SELECT 1 FROM dealer.answer_checks c WHERE c.answer_id = a.id)
               ORDER BY a.received_at, a.id LIMIT %s""", [limit]).fetchall()


def _session(row: dict[str, Any]) -> dict[str, Any]:
    return {"id": row["session_id"], "trainee_id": row["s_trainee_id"], "game_id": row["s_game_id"],
            "mode": row["s_mode"], "seed": row["s_seed"], "question_count": row["s_question_count"],
            "started_at": _iso(row["exam_started_at"] or row["s_started_at"]), "ended_at": None,
            "source": row["s_source"], "exam_id": row["s_exam_id"]}


def _answer(row: dict[str, Any], exam: bool) -> dict[str, Any]:
    a = {c: row[c] for c in ("id", "session_id", "trainee_id", "game_id", "skill", "kind", "seed", "prompt", "form",
                             "fields", "given", "correct_answer", "is_correct", "response_ms", "citations",
                             "explanation", "target_ms")}
    # an exam's time is the server's: when the answer reached it
    a["answered_at"] = _iso(row["received_at"] if exam else row["answered_at"])
    return a


def _accepted_exam_questions(conn: psycopg.Connection, session_id: str) -> set[tuple[str, str, int]]:
    return {(g, k, s) for g, k, s in conn.execute(
        "SELECT a.game_id, a.kind, a.seed FROM dealer.answers a JOIN dealer.answer_checks c ON c.answer_id = a.id "
        "AND c.accepted WHERE a.session_id = %s", [session_id])}


def check_rows(conn: psycopg.Connection, rows: list[dict[str, Any]]) -> list[tuple[str, bool, str | None]]:
    """(answer id, accepted, reason) of each row, by ``ResultsCheck``."""
    exams = _ServerExams(conn)
    by_session: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_session.setdefault(row["session_id"], []).append(row)
    verdicts: list[tuple[str, bool, str | None]] = []
    for session_id, answers in by_session.items():
        first = answers[0]
        exam = first["s_exam_id"] is not None
        if exam and first["exam_started_at"] is None:
            verdicts += [(r["id"], False, NOT_STARTED) for r in answers]
            continue
        name = f"the answers of session {session_id[:8]}"
        try:
            check = ResultsCheck(exams, name, {"sessions": [_session(first)], "exams": []})
        except ImportFileError as e:
            verdicts += [(r["id"], False, str(e)) for r in answers]
            continue
        session_problem = check.problems[0] if check.problem_count else None
        if exam:
            check._exam_seen[session_id] = _accepted_exam_questions(conn, session_id)
        for n, row in enumerate(answers, start=1):
            if session_problem is not None:
                verdicts.append((row["id"], False, session_problem))
                continue
            check.problems, check.problem_count, kept, late = [], 0, check.not_replayed, check.late
            try:
                a = check_answer(name, n, _answer(row, exam))
                keep = check.check(n, a)
            except ImportFileError as e:
                verdicts.append((row["id"], False, str(e)))
                continue
            if check.problem_count:
                verdicts.append((row["id"], False, check.problems[0]))
            elif not keep or check.late > late:
                verdicts.append((row["id"], False, LATE))
            elif exam and row["received_at"] > row["exam_closes_at"] + timedelta(seconds=LATE_GRACE_S):
                verdicts.append((row["id"], False, LATE))
            else:
                verdicts.append((row["id"], True, KEPT if check.not_replayed > kept else None))
    return verdicts


def check_pending(conn: psycopg.Connection, *, batch: int = BATCH) -> CheckOutcome:
    """Check every answer not yet checked, a batch per transaction."""
    outcome = CheckOutcome()
    while True:
        with conn.transaction():
            rows = _pending(conn, batch)
            if not rows:
                return outcome
            verdicts = check_rows(conn, rows)
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO dealer.answer_checks (answer_id, accepted, reason) VALUES (%s, %s, %s) "
                                "ON CONFLICT (answer_id) DO NOTHING", verdicts)
        for _id, ok, reason in verdicts:
            if ok:
                outcome.accepted += 1
            else:
                outcome.refused += 1
                if reason and len(outcome.reasons) < 10:
                    outcome.reasons.append(reason)
        if len(rows) < batch:
            return outcome


# -- table mode's rounds ---------------------------------------------------------------------
def round_verdicts(rows: list[dict[str, Any]]) -> list[tuple[str, bool, str | None]]:
    """(round id, accepted, reason) of each of the server's table rounds, by the file
    import's own check (``trainer.review.round_check``): a round is dealt again from its
    game, level, seed and house options, and a record that is not what the replay gives is
    refused, the reason naming the round and what differs. The times a round holds are the
    trainee's and cannot be re-derived (only their number and sum are checked)."""
    from trainer.review.round_check import check_round

    return [(r["id"], why is None, why) for r in rows for why in (check_round(r),)]


def check_table_rounds(conn: psycopg.Connection, *, since=None, batch: int = BATCH
                       ) -> list[tuple[str, bool, str | None]]:
    """``round_verdicts`` of every table round that reached the server (at or after
    ``since``, by the server's clock), in the order they arrived.

    The verdicts are returned, not stored: the server's schema (``server.schema``) has no
    table for checks of rounds yet, so the review (``server.review_source``) still reads
    every round; storing them needs a migration (``dealer.table_round_checks``, append-only,
    written by the supervisor role) and the review reading accepted rounds only."""
    from trainer.server.schema import TABLE_ROUND_COLUMNS

    columns = ", ".join(f"r.{c}" for c in TABLE_ROUND_COLUMNS)
    verdicts: list[tuple[str, bool, str | None]] = []
    after: tuple[Any, str] | None = None
    while True:
        with conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                f"SELECT {columns}, r.received_at FROM dealer.table_rounds r "
                "WHERE (%(since)s::timestamptz IS NULL OR r.received_at >= %(since)s) "
                "AND (%(at)s::timestamptz IS NULL OR (r.received_at, r.id) > (%(at)s, %(id)s)) "
                "ORDER BY r.received_at, r.id LIMIT %(batch)s",
                {"since": since, "at": after and after[0], "id": after and after[1], "batch": batch}).fetchall()
        verdicts += round_verdicts(rows)
        if len(rows) < batch:
            return verdicts
        after = (rows[-1]["received_at"], rows[-1]["id"])


def check_forever(conn: psycopg.Connection, every_s: float, *, report: Callable[[str], None] | None = None,
                  rounds: int | None = None) -> None:
    """``check_pending`` every ``every_s`` seconds (``rounds`` times, or until interrupted)."""
    done = 0
    while rounds is None or done < rounds:
        outcome = check_pending(conn)
        if report is not None and (outcome.accepted or outcome.refused):
            report(outcome.text())
        done += 1
        time.sleep(every_s)
