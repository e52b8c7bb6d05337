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
(a station that wrote one itself) has none of its answers accepted, and an answer that
reached the server before the server started its attempt is refused (a session the station
sent before asking the server to start it is adopted as the attempt's, schema version 6).

Each answer gets one row in ``dealer.answer_checks`` (accepted or not, with the reason),
written by the checker's supervisor role; the dashboard counts only accepted answers (its
summary is kept by a trigger on that table). Checks are append-only: an answer is
checked once, and two checkers at once never check one twice (``ON CONFLICT DO NOTHING``).

Table mode's rounds pass the file import's round check too (``trainer.review.round_check``),
in the same pass (``check_pending``): each round not yet checked is dealt again from its
game, level, seed and house options, and one sent with its number at its table and the
trainee's attempts (the server's schema version 5) is replayed exactly, its attempts fed
again through table mode's engine; a round whose record is not what the replay gives is
refused with the reason. Each verdict is one row in ``dealer.table_round_checks``, written
once per round as for answers, and the review reads the accepted rounds only.
``check_table_rounds`` replays rounds again without storing anything.
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
from trainer.server.schema import SENT_ROUND_COLUMNS

BATCH = 2000
NOT_STARTED = "an exam attempt the server did not start"
# An exam answer that reached the server before the server started its attempt (a session the
# server adopted when it began the attempt, schema version 6): refused whenever it is checked.
BEFORE_START = "it reached the server before the server started the exam attempt"
LATE = "given after the exam's time, by the server's clock"
KEPT = "kept as the station graded it (a step of table mode or a drill, or an older form of its question)"
# A round's columns as the round check reads them (its score and what replays it), and its arrival.
_ROUND_COLUMNS = ", ".join(f"r.{c}" for c in (*SENT_ROUND_COLUMNS, "received_at"))


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
    accepted: int = 0  # answers
    refused: int = 0
    reasons: list[str] = field(default_factory=list)  # the first refusals' reasons, answers' and rounds'
    rounds_accepted: int = 0  # table rounds
    rounds_refused: int = 0

    @property
    def checked(self) -> int:
        return self.accepted + self.refused + self.rounds_accepted + self.rounds_refused

    def text(self) -> str:
        if not self.checked:
            return "No answer or table round was waiting to be checked."
        lines = []
        if self.accepted or self.refused:
            lines.append(f"Checked {self.accepted + self.refused:,} answers: {self.accepted:,} accepted, "
                         f"{self.refused:,} refused.")
        if self.rounds_accepted or self.rounds_refused:
            lines.append(f"Checked {self.rounds_accepted + self.rounds_refused:,} table rounds: "
                         f"{self.rounds_accepted:,} accepted, {self.rounds_refused:,} refused.")
        return "\n".join(lines) + "".join(f"\n  refused: {r}" for r in self.reasons[:10])

    def add(self, verdicts: list[tuple[str, bool, str | None]], *, rounds: bool) -> None:
        for _id, ok, reason in verdicts:
            if rounds:
                self.rounds_accepted += ok
                self.rounds_refused += not ok
            else:
                self.accepted += ok
                self.refused += not ok
            if not ok and reason and len(self.reasons) < 10:
                self.reasons.append(reason)


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
            elif exam and row["received_at"] < row["exam_started_at"]:
                verdicts.append((row["id"], False, BEFORE_START))
            elif not keep or check.late > late:
                verdicts.append((row["id"], False, LATE))
            elif exam and row["received_at"] > row["exam_closes_at"] + timedelta(seconds=LATE_GRACE_S):
                verdicts.append((row["id"], False, LATE))
            else:
                verdicts.append((row["id"], True, KEPT if check.not_replayed > kept else None))
    return verdicts


def check_pending(conn: psycopg.Connection, *, batch: int = BATCH) -> CheckOutcome:
    """Check every answer, then every table round, not yet checked, a batch per
    transaction; each verdict is stored once (two checkers at once never store one twice)."""
    outcome = CheckOutcome()
    for pending, verdicts_of, store, rounds in (
            (_pending, check_rows, "INSERT INTO dealer.answer_checks (answer_id, accepted, reason) "
                                   "VALUES (%s, %s, %s) ON CONFLICT (answer_id) DO NOTHING", False),
            (_pending_rounds, lambda _conn, rows: round_verdicts(rows),
             "INSERT INTO dealer.table_round_checks (round_id, accepted, reason) VALUES (%s, %s, %s) "
             "ON CONFLICT (round_id) DO NOTHING", True)):
        while True:
            with conn.transaction():
                rows = pending(conn, batch)
                verdicts = verdicts_of(conn, rows) if rows else []
                if verdicts:
                    with conn.cursor() as cur:
                        cur.executemany(store, verdicts)
            outcome.add(verdicts, rounds=rounds)
            if len(rows) < batch:
                break
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


def _pending_rounds(conn: psycopg.Connection, limit: int) -> list[dict[str, Any]]:
    """The table rounds not yet checked, in the order they arrived."""
    with conn.cursor(row_factory=dict_row) as cur:
        return cur.execute(
            f"SELECT {_ROUND_COLUMNS} FROM dealer.table_rounds r "
            "WHERE NOT EXISTS (SELECT 1 FROM dealer.table_round_checks c WHERE c.round_id = r.id) "
            "ORDER BY r.received_at, r.id LIMIT %s", [limit]).fetchall()


def check_table_rounds(conn: psycopg.Connection, *, since=None, batch: int = BATCH
                       ) -> list[tuple[str, bool, str | None]]:
    """``round_verdicts`` of every table round that reached the server (at or after
    ``since``, by the server's clock), in the order they arrived, checked or not: the
    rounds replayed again, nothing stored (``check_pending`` stores each round's verdict
    once, in ``dealer.table_round_checks``)."""
    verdicts: list[tuple[str, bool, str | None]] = []
    after: tuple[Any, str] | None = None
    while True:
        with conn.cursor(row_factory=dict_row) as cur:
            rows = cur.execute(
                f"SELECT {_ROUND_COLUMNS} FROM dealer.table_rounds r "
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
        if report is not None and outcome.checked:
            report(outcome.text())
        done += 1
        time.sleep(every_s)
