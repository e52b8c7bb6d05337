"""The store's queries for adaptive practice and exams (a mixin of ``Store``).

- ``review_log``: a trainee's answers in the order given, as the scheduler replays them;
- ``skill_windows``: each skill's most recent answers, counted (mastery);

Both leave table mode's answers out (one per dealer action): a table skill is judged by
its rounds (``trainer.contracts.measures``) and is never scheduled by FSRS, since the
daily queue asks questions and a table skill has none (a round is dealt again instead).
- ``recent_mistakes``: wrong answers not answered right since (My mistakes);
- exams: definitions saved on this station and the attempts made at them.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from trainer.store.records import (
    ANSWER_COLUMNS,
    AnswerRecord,
    StoreError,
    _answer,
    utc_now,
)
from trainer.contracts.measures import question_skill_sql, within_target_sql


@dataclass(frozen=True)
class ReviewRow:
    """One answer as the scheduler sees it."""

    game_id: str
    skill: str
    answered_at: str
    is_correct: bool
    response_ms: int
    target_ms: int
    mode: str  # the session's mode: practice, learn, speed or exam
    shown: bool  # no answer given: the trainee asked to be shown it (learn mode)


@dataclass(frozen=True)
class SkillWindow:
    """A skill's most recent answers (at most the window asked for), counted."""

    game_id: str
    skill: str
    answered: int
    correct: int
    on_target: int
    mean_ms: int
    last_answered_at: str
    total_answered: int  # every answer of the skill, not only the window's


@dataclass(frozen=True)
class ExamRow:
    """An exam definition saved on this station."""

    id: str
    title: str
    definition: dict[str, Any]
    fingerprint: str
    created_at: str
    created_by: str | None
    saved_at: str


@dataclass(frozen=True)
class AttemptRow:
    """One trainee's attempt at an exam, scored from the answer log. Questions left
    unanswered (time up, or submitted early) count as wrong."""

    session_id: str
    exam_id: str
    exam_title: str
    trainee_id: int
    trainee_name: str
    started_at: str
    ended_at: str | None
    question_count: int
    answered: int
    correct: int
    pass_mark: int  # percent
    total_ms: int
    attempt: int = 1  # the trainee's 1st, 2nd, ... attempt at this exam, by start time (issue 14)

    @property
    def retake(self) -> bool:
        """A later attempt: the first attempt of a trainee at an exam is the one that counts."""
        return self.attempt > 1

    @property
    def submitted(self) -> bool:
        return self.ended_at is not None

    @property
    def score(self) -> float:
        return self.correct / self.question_count if self.question_count else 0.0

    @property
    def passed(self) -> bool:
        return self.submitted and self.correct * 100 >= self.pass_mark * self.question_count


class PracticeQueries:
    """Mixed into ``Store``: uses its ``db``, ``path`` and ``_rows``."""

    # -- the scheduler and mastery ----------------------------------------------------
    def review_log(self, trainee_id: int, game_ids: list[str] | tuple[str, ...] | None = None) -> list[ReviewRow]:
        """The trainee's answers of question skills (not table mode's steps), oldest first,
        with the mode of the session they were given in."""
        sql = ("SELECT a.game_id, a.skill, a.answered_at, a.is_correct, a.response_ms, a.target_ms, s.mode, "
               "a.given = '' AS shown FROM answers AS a JOIN sessions AS s ON s.id = a.session_id "
               f"WHERE a.trainee_id = ? AND {question_skill_sql('a.skill')}")
        params: list[Any] = [trainee_id]
        if game_ids is not None:
            sql += f" AND a.game_id IN ({', '.join('?' for _ in game_ids)})"
            params += list(game_ids)
        sql += " ORDER BY a.answered_at, a.rowid"
        return [ReviewRow(r["game_id"], r["skill"], r["answered_at"], bool(r["is_correct"]), int(r["response_ms"]),
                          int(r["target_ms"] or 0), r["mode"], bool(r["shown"]))
                for r in self._rows(sql, params)]

    def skill_windows(self, trainee_id: int, window: int) -> list[SkillWindow]:
        """For every (game, question skill) the trainee has answered: the last ``window``
        answers, counted (table mode's skills are judged by rounds)."""
        rows = self._rows(
            f"""
            SELECT game_id, skill, COUNT(*) AS answered, SUM(is_correct) AS correct,
                   SUM({within_target_sql()}) AS on_target,
                   SUM(response_ms) / COUNT(*) AS mean_ms, MAX(answered_at) AS last_answered_at,
                   MAX(total) AS total_answered
            FROM (SELECT game_id, skill, is_correct, response_ms, target_ms, answered_at,
                         ROW_NUMBER() OVER (PARTITION BY game_id, skill ORDER BY answered_at DESC, rowid DESC) AS n,
                         COUNT(*) OVER (PARTITION BY game_id, skill) AS total
                  FROM answers WHERE trainee_id = ? AND {question_skill_sql()})
            WHERE n <= ?
            GROUP BY game_id, skill
            ORDER BY game_id, skill
            """,
            [trainee_id, window],
        )
        return [SkillWindow(**r) for r in rows]

    def recent_mistakes(self, trainee_id: int, *, since: str, limit: int = 20,
                        game_ids: list[str] | tuple[str, ...] | None = None) -> list[AnswerRecord]:
        """Wrong answers given since ``since`` (ISO UTC) whose question (kind and seed) the
        trainee has not answered right since: newest first, one per question. Table mode's
        graded actions are left out: a round is practised by dealing another one."""
        cols = ", ".join(f"a.{c}" for c in ANSWER_COLUMNS)
        sql = f"""
            SELECT {cols} FROM answers AS a
            WHERE a.trainee_id = ? AND a.is_correct = 0 AND a.answered_at >= ?
              AND a.kind NOT LIKE '%.table-%'  -- table mode steps are dealt again, not replayed as questions
              AND NOT EXISTS (SELECT 1 FROM answers AS b
                              WHERE b.trainee_id = a.trainee_id AND b.is_correct = 1
                                AND b.answered_at > a.answered_at AND b.kind = a.kind AND b.seed = a.seed)
        """
        params: list[Any] = [trainee_id, since]
        if game_ids is not None:
            sql += f" AND a.game_id IN ({', '.join('?' for _ in game_ids)})"
            params += list(game_ids)
        sql += " ORDER BY a.answered_at DESC, a.rowid DESC"
        seen: set[tuple[str, int]] = set()
        mistakes = []
        for row in self._rows(sql, params):
            key = (row["kind"], row["seed"])
            if key in seen:
                continue
            seen.add(key)
            mistakes.append(_answer(row))
            if len(mistakes) >= limit:
                break
        return mistakes

    # -- exams ------------------------------------------------------------------------
    def remember_exam(self, definition: dict[str, Any], fingerprint: str) -> bool:
        """Keep an exam opened on this station (from a file) so that its attempts can name
        it; an exam already known is left as it is. True if it was new."""
        try:
            with self.db.atomic() as db:
                cur = db.execute(
                    "INSERT OR IGNORE INTO exams (id, title, definition, fingerprint, created_at, created_by, saved_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [definition["id"], definition["title"], json.dumps(definition, sort_keys=True), fingerprint,
                     definition.get("created_at") or utc_now(), definition.get("created_by"), utc_now()])
                return cur.rowcount == 1
        except sqlite3.Error as e:
            raise StoreError(f"Saving the exam to {self.path} failed: {e}.") from e

    def save_exam(self, definition: dict[str, Any], fingerprint: str, *, by: Any) -> None:
        """Save (or replace) an exam definition the supervisor ``by`` built; audited.

        An exam that has attempts keeps its questions: its seed, games, skills and count
        cannot change (save it as a new exam instead)."""
        from trainer.store.supervision import require_supervisor

        require_supervisor(by)
        try:
            with self.db.atomic() as db:
                existing = self._rows("SELECT definition FROM exams WHERE id = ?", [definition["id"]])
                if existing:
                    old = json.loads(existing[0]["definition"])
                    taken = self._rows("SELECT 1 FROM sessions WHERE exam_id = ? LIMIT 1", [definition["id"]])
                    fixed = ("seed", "games", "skills", "question_count")
                    if taken and any(old.get(k) != definition.get(k) for k in fixed):
                        raise StoreError(f"The exam {old.get('title')!r} has already been taken, so its questions "
                                         "cannot change: save it as a new exam instead.")
                    db.execute("UPDATE exams SET title = ?, definition = ?, fingerprint = ?, saved_at = ? WHERE id = ?",
                               [definition["title"], json.dumps(definition, sort_keys=True), fingerprint, utc_now(),
                                definition["id"]])
                else:
                    db["exams"].insert({
                        "id": definition["id"], "title": definition["title"],
                        "definition": json.dumps(definition, sort_keys=True), "fingerprint": fingerprint,
                        "created_at": definition.get("created_at") or utc_now(),
                        "created_by": definition.get("created_by"), "saved_at": utc_now(),
                    })
                self._audit(by, "exam.save", definition["title"],
                            {"exam_id": definition["id"], "replaced": bool(existing),
                             **{k: definition.get(k) for k in ("games", "skills", "question_count", "time_limit_s",
                                                                "pass_mark", "seed", "class_name")}})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the exam to {self.path} failed: {e}.") from e

    def exams(self) -> list[ExamRow]:
        """Every exam known on this station, newest first."""
        return [_exam(r) for r in self._rows("SELECT * FROM exams ORDER BY saved_at DESC, title")]

    def exam(self, exam_id: str) -> ExamRow:
        rows = self._rows("SELECT * FROM exams WHERE id = ?", [exam_id])
        if not rows:
            raise StoreError(f"There is no exam with id {exam_id}.")
        return _exam(rows[0])

    def exam_attempts(self, *, exam_id: str | None = None, trainee_id: int | None = None,
                      start: str | None = None, end: str | None = None,
                      trainee_ids: list[int] | None = None) -> list[AttemptRow]:
        """Attempts at exams, newest first, scored from the answer log.

        An attempt's number counts the trainee's sessions of the exam up to it, before the
        period too: numbered in one pass over the exam sessions (``idx_sessions_exam``),
        whose count is small, rather than by a count per attempt over all the trainee's
        sessions (a trainee practises hundreds of sessions for each exam taken)."""
        where, params = ["s.exam_id IS NOT NULL"], []
        numbered, numbered_params = ["exam_id IS NOT NULL"], []
        for value, condition in ((exam_id, "exam_id = ?"), (trainee_id, "trainee_id = ?")):
            if value is not None:  # the numbering's partitions: the same attempts, fewer read
                numbered.append(condition)
                numbered_params.append(value)
        for value, condition in ((exam_id, "s.exam_id = ?"), (trainee_id, "s.trainee_id = ?"),
                                 (start, "s.started_at >= ?"), (end, "s.started_at < ?")):
            if value is not None:
                where.append(condition)
                params.append(value)
        if trainee_ids is not None:
            where.append(f"s.trainee_id IN ({', '.join('?' for _ in trainee_ids) or 'NULL'})")
            params += list(trainee_ids)
        rows = self._rows(
            f"""
            WITH n AS (
                SELECT rowid AS session_rowid,
                       ROW_NUMBER() OVER (PARTITION BY exam_id, trainee_id ORDER BY started_at, rowid) AS attempt
                FROM sessions WHERE {' AND '.join(numbered)})
            SELECT s.id AS session_id, s.exam_id, e.title AS exam_title, s.trainee_id, t.name AS trainee_name,
                   s.started_at, s.ended_at,
                   CAST(COALESCE(json_extract(e.definition, '$.question_count'), s.question_count) AS INTEGER)
                     AS question_count,
                   (SELECT COUNT(*) FROM answers AS a WHERE a.session_id = s.id) AS answered,
                   (SELECT COALESCE(SUM(a.is_correct), 0) FROM answers AS a WHERE a.session_id = s.id) AS correct,
                   (SELECT COALESCE(SUM(a.response_ms), 0) FROM answers AS a WHERE a.session_id = s.id) AS total_ms,
                   CAST(COALESCE(json_extract(e.definition, '$.pass_mark'), 0) AS INTEGER) AS pass_mark,
                   n.attempt
            FROM sessions AS s
            JOIN n ON n.session_rowid = s.rowid
            JOIN trainees AS t ON t.id = s.trainee_id
            LEFT JOIN exams AS e ON e.id = s.exam_id
            WHERE {' AND '.join(where)}
            ORDER BY s.started_at DESC, s.rowid DESC
            """,
            [*numbered_params, *params],
        )
        return [AttemptRow(**{**r, "exam_title": r["exam_title"] or "Unknown exam"}) for r in rows]


def _exam(row: dict[str, Any]) -> ExamRow:
    return ExamRow(row["id"], row["title"], json.loads(row["definition"]), row["fingerprint"], row["created_at"],
                   row["created_by"], row["saved_at"])
