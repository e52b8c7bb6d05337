"""The database schema and its migrations: the one place where tables are defined.

``MIGRATIONS[n - 1]`` brings a database from schema version ``n - 1`` to ``n``. The
version is kept in the ``meta`` table (``key = 'schema_version'``), which also records
the app version that created the file (``created_by``) and the one that applied the
latest migration (``migrated_by``). Each migration runs in its own
transaction together with the version bump, so a crash leaves the database at the
last fully applied version.

The file is also marked with ``PRAGMA application_id`` so that a database from another
program that happens to have a ``meta`` table is never taken for ours.

To change the schema: append a function to ``MIGRATIONS`` (never edit a released one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlite_utils import Database

import trainer

Migration = Callable[[Database], None]

# "DTrn" as a big-endian 32-bit integer, stored in the SQLite header (offset 68).
APPLICATION_ID = int.from_bytes(b"DTrn", "big")

META = "meta"
VERSION_KEY = "schema_version"
CREATED_BY_KEY = "created_by"
MIGRATED_BY_KEY = "migrated_by"  # the app version that applied the latest migration
STATION_KEY = "station_id"  # this database's own id (version 2 on), carried by its exported results


def _v1_initial(db: Database) -> None:
    """Trainees, sessions and the answer log."""
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.create_table(
        "trainees",
        {"id": int, "name": str, "created_at": str},
        pk="id",
        not_null={"name", "created_at"},
    )
    # Case-insensitive uniqueness (ASCII); the store also checks with str.casefold().
    db.execute("CREATE UNIQUE INDEX idx_trainees_name_nocase ON trainees (name COLLATE NOCASE)")
    db.create_table(
        "sessions",
        {
            "id": str,
            "trainee_id": int,
            "game_id": str,
            "mode": str,
            "seed": int,
            "question_count": int,
            "started_at": str,
            "ended_at": str,
        },
        pk="id",
        foreign_keys=[("trainee_id", "trainees", "id")],
        not_null={"trainee_id", "game_id", "mode", "seed", "question_count", "started_at"},
    )
    db["sessions"].create_index(["trainee_id", "started_at"], index_name="idx_sessions_trainee_started")
    db.create_table(
        "answers",
        {
            "id": str,
            "session_id": str,
            "trainee_id": int,
            "game_id": str,
            "skill": str,
            "kind": str,
            "seed": int,
            "prompt": str,
            "form": str,
            "fields": str,
            "given": str,
            "correct_answer": str,
            "is_correct": int,
            "response_ms": int,
            "answered_at": str,
            "citations": str,
            "explanation": str,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id"), ("trainee_id", "trainees", "id")],
        not_null={
            "session_id", "trainee_id", "game_id", "skill", "kind", "seed", "prompt", "form",
            "fields", "given", "correct_answer", "is_correct", "response_ms", "answered_at",
            "citations", "explanation",
        },
    )
    answers = db["answers"]
    answers.create_index(["trainee_id", "answered_at"], index_name="idx_answers_trainee_answered")
    answers.create_index(["trainee_id", "game_id", "skill"], index_name="idx_answers_trainee_game_skill")
    answers.create_index(["session_id"], index_name="idx_answers_session")


def _v2_target_ms(form: str, fields: str, correct_answer: str) -> int:
    """The target response time of an answer recorded before version 2, frozen as it was
    when version 2 was released (``trainer.contracts.measures.target_ms`` is the live one)."""
    import json

    try:
        if form == "choice":
            return 8_000
        if form == "amounts":
            return 10_000 + 6_000 * len(json.loads(fields))
        if form == "order":
            return 6_000 + 4_000 * len(json.loads(correct_answer))
    except (TypeError, ValueError):
        pass
    return 15_000


def _v2_review(db: Database) -> None:
    """Adaptive practice, classroom exams and the supervisor's review.

    - ``answers.target_ms``: the response time the answer was held to (filled in for the
      answers already recorded), and two covering indexes for the dashboard's queries
      (by time, and by trainee and skill);
    - ``sessions.source`` (game, daily, mistakes, exam) and ``sessions.exam_id``;
    - ``exams``: exam definitions (the whole definition as JSON, with its fingerprint);
    - ``supervisors`` (salted scrypt hashes and their parameters, never a password),
      ``audit_log`` (every supervisor action that changes data), ``classes`` and
      ``class_members``, ``certification_thresholds`` per game, ``imports``;
    - answers and the audit log become append-only (triggers refuse UPDATE and DELETE);
    - ``meta.station_id``: this database's own id, carried by its exported results.

    Every existing row is kept: only columns, tables, indexes and triggers are added."""
    import uuid

    answers = db["answers"]
    answers.add_column("target_ms", int)
    db.conn.create_function("dt_v2_target_ms", 3, _v2_target_ms, deterministic=True)
    db.execute("UPDATE answers SET target_ms = dt_v2_target_ms(form, fields, correct_answer)")
    answers.create_index(
        ["answered_at", "trainee_id", "game_id", "skill", "is_correct", "response_ms", "target_ms"],
        index_name="idx_answers_dashboard",
    )
    answers.create_index(
        ["trainee_id", "game_id", "skill", "answered_at", "is_correct", "response_ms", "target_ms"],
        index_name="idx_answers_skills",
    )
    answers.create_index(["trainee_id", "is_correct", "answered_at"], index_name="idx_answers_trainee_correct")
    db.execute("CREATE TRIGGER answers_no_update BEFORE UPDATE ON answers "
               "BEGIN SELECT RAISE(ABORT, 'recorded answers cannot be changed'); END")
    db.execute("CREATE TRIGGER answers_no_delete BEFORE DELETE ON answers "
               "BEGIN SELECT RAISE(ABORT, 'recorded answers cannot be deleted'); END")

    sessions = db["sessions"]
    sessions.add_column("source", str)
    sessions.add_column("exam_id", str)
    db.execute("UPDATE sessions SET source = 'game' WHERE source IS NULL")
    sessions.create_index(["exam_id"], index_name="idx_sessions_exam")

    db.create_table(
        "exams",
        {"id": str, "title": str, "definition": str, "fingerprint": str, "created_at": str, "created_by": str,
         "saved_at": str},
        pk="id",
        not_null={"title", "definition", "fingerprint", "created_at", "saved_at"},
    )
    db.create_table(
        "supervisors",
        {"id": int, "name": str, "kdf": str, "salt": str, "password_hash": str, "kdf_n": int, "kdf_r": int,
         "kdf_p": int, "dklen": int, "created_at": str, "password_changed_at": str},
        pk="id",
        not_null={"name", "kdf", "salt", "password_hash", "kdf_n", "kdf_r", "kdf_p", "dklen", "created_at",
                  "password_changed_at"},
    )
    db.execute("CREATE UNIQUE INDEX idx_supervisors_name_nocase ON supervisors (name COLLATE NOCASE)")
    db.create_table(
        "audit_log",
        {"id": int, "at": str, "supervisor_id": int, "supervisor_name": str, "action": str, "target": str,
         "detail": str},
        pk="id",
        foreign_keys=[("supervisor_id", "supervisors", "id")],
        not_null={"at", "supervisor_name", "action", "target", "detail"},
    )
    db["audit_log"].create_index(["at"], index_name="idx_audit_at")
    db.execute("CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log "
               "BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END")
    db.execute("CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log "
               "BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END")
    db.create_table("classes", {"id": int, "name": str, "created_at": str}, pk="id",
                    not_null={"name", "created_at"})
    db.execute("CREATE UNIQUE INDEX idx_classes_name_nocase ON classes (name COLLATE NOCASE)")
    db.create_table(
        "class_members",
        {"class_id": int, "trainee_id": int, "added_at": str},
        pk=("class_id", "trainee_id"),
        foreign_keys=[("class_id", "classes", "id"), ("trainee_id", "trainees", "id")],
        not_null={"added_at"},
    )
    db["class_members"].create_index(["trainee_id"], index_name="idx_class_members_trainee")
    db.create_table(
        "certification_thresholds",
        {"game_id": str, "percent": int, "set_at": str, "set_by": str},
        pk="game_id",
        not_null={"percent", "set_at", "set_by"},
    )
    db.create_table(
        "imports",
        {"id": str, "at": str, "supervisor_name": str, "source": str, "station_id": str, "trainees_added": int,
         "sessions_added": int, "answers_added": int, "answers_skipped": int},
        pk="id",
        not_null={"at", "supervisor_name", "source", "trainees_added", "sessions_added", "answers_added",
                  "answers_skipped"},
    )
    db[META].insert({"key": STATION_KEY, "value": uuid.uuid4().hex}, replace=True)


def _v3_table_rounds(db: Database) -> None:
    """Table mode (issue 8): ``table_rounds``, one row per round dealt or watched at the
    table, with its score (``RoundRecord.as_row()`` of ``trainer.contracts.round_record``
    as it was when version 3 was released: lists and dicts as JSON text).

    - ``id`` (uuid4 hex), the session and trainee it belongs to, the ``station_id`` of the
      station where it was recorded (kept through imports) and ``recorded_at`` (ISO UTC);
    - indexes for the review: by trainee and time, by game, by session;
    - append-only, like the answers (triggers refuse UPDATE and DELETE);
    - ``imports`` counts the table rounds each import added and skipped (0 for the
      imports made before).

    Every existing row is kept: only a table, columns, indexes and triggers are added."""
    db.create_table(
        "table_rounds",
        {
            "id": str,
            "session_id": str,
            "trainee_id": int,
            "station_id": str,
            "recorded_at": str,
            "game_id": str,
            "mode": str,
            "level": str,
            "seed": int,
            "options": str,
            "actions": int,
            "procedure_errors": int,
            "payout_errors": int,
            "extra_chip_payouts": int,
            "mistakes_made": int,
            "caught": int,
            "missed_calls": int,
            "false_calls": int,
            "rule_named": int,
            "remedy_named": int,
            "total_ms": int,
            "target_ms": int,
            "action_ms": str,
            "mistakes": str,
            "completed": int,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id"), ("trainee_id", "trainees", "id")],
        not_null={
            "session_id", "trainee_id", "station_id", "recorded_at", "game_id", "mode", "level", "seed", "options",
            "actions", "procedure_errors", "payout_errors", "extra_chip_payouts", "mistakes_made", "caught",
            "missed_calls", "false_calls", "rule_named", "remedy_named", "total_ms", "target_ms", "action_ms",
            "mistakes", "completed",
        },
    )
    rounds = db["table_rounds"]
    rounds.create_index(["trainee_id", "recorded_at"], index_name="idx_table_rounds_trainee_recorded")
    rounds.create_index(["game_id"], index_name="idx_table_rounds_game")
    rounds.create_index(["session_id"], index_name="idx_table_rounds_session")
    db.execute("CREATE TRIGGER table_rounds_no_update BEFORE UPDATE ON table_rounds "
               "BEGIN SELECT RAISE(ABORT, 'recorded table rounds cannot be changed'); END")
    db.execute("CREATE TRIGGER table_rounds_no_delete BEFORE DELETE ON table_rounds "
               "BEGIN SELECT RAISE(ABORT, 'recorded table rounds cannot be deleted'); END")
    imports = db["imports"]
    imports.add_column("table_rounds_added", int, not_null_default=0)
    imports.add_column("table_rounds_skipped", int, not_null_default=0)


AUDIT_GENESIS = "0" * 64  # the "previous hash" of the first audit entry


def audit_entry_hash(entry: dict, prev_hash: str) -> str:
    """The hash chaining an audit entry to the one before it (issue 14): SHA-256 over the
    entry's canonical form (its id, time, supervisor id and name, action, target and
    detail, as a compact JSON array in this order, UTF-8) followed by a newline and the
    previous entry's hash (``AUDIT_GENESIS`` for the first). Part of the file format:
    never change it, add a new kind of chain instead."""
    import hashlib
    import json

    canonical = json.dumps([entry["id"], entry["at"], entry["supervisor_id"], entry["supervisor_name"],
                            entry["action"], entry["target"], entry["detail"]],
                           ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8") + b"\n" + prev_hash.encode("ascii")).hexdigest()


def _append_only_audit_chain(db: Database) -> None:
    """Who may do what (issue 14, part 2).

    - ``INSERT OR REPLACE`` no longer replaces a recorded answer, table round or audit
      entry: REPLACE deletes the old row without firing the delete triggers (recursive
      triggers are off by default), so BEFORE INSERT triggers now look for the id first.
      An answer or table round whose id is already there is skipped (``RAISE(IGNORE)``:
      what the importers' ``INSERT OR IGNORE`` did already, and nothing stored changes);
      an audit entry whose id is there is refused. The store also turns
      ``recursive_triggers`` on, so that REPLACE's delete fires the delete triggers.
    - ``audit_log.prev_hash`` and ``audit_log.entry_hash``: every entry is chained to the
      one before it (``audit_entry_hash``), computed here for the entries already there
      (in id order); a new entry without its hashes is refused.
    - ``sign_in_attempts``: failed sign-ins per name (case and spaces folded), so that the
      slow-down and the lock survive a restart of the app.

    Every existing row is kept: only columns, a table and triggers are added, and the
    two new columns of the audit log are filled in."""
    for table, what in (("answers", "answers"), ("table_rounds", "table rounds")):
        db.execute(f"CREATE TRIGGER {table}_no_replace BEFORE INSERT ON {table} "
                   f"WHEN EXISTS (SELECT 1 FROM {table} WHERE id = NEW.id) "
                   "BEGIN SELECT RAISE(IGNORE); END")
    audit = db["audit_log"]
    audit.add_column("prev_hash", str)
    audit.add_column("entry_hash", str)
    db.execute("DROP TRIGGER audit_log_no_update")  # only while the chain is filled in, below
    prev = AUDIT_GENESIS
    rows = db.execute("SELECT id, at, supervisor_id, supervisor_name, action, target, detail FROM audit_log "
                      "ORDER BY id").fetchall()
    for row in rows:
        entry = dict(zip(("id", "at", "supervisor_id", "supervisor_name", "action", "target", "detail"), row))
        digest = audit_entry_hash(entry, prev)
        db.execute("UPDATE audit_log SET prev_hash = ?, entry_hash = ? WHERE id = ?", [prev, digest, entry["id"]])
        prev = digest
    db.execute("CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log "
               "BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END")
    db.execute("CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log "
               "WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id) "
               "BEGIN SELECT RAISE(ABORT, 'the audit log cannot be changed'); END")
    db.execute("CREATE TRIGGER audit_log_chained BEFORE INSERT ON audit_log "
               "WHEN NEW.entry_hash IS NULL OR NEW.prev_hash IS NULL "
               "BEGIN SELECT RAISE(ABORT, 'an audit entry is chained to the one before it'); END")
    db.create_table(
        "sign_in_attempts",
        {"name_key": str, "failures": int, "last_failure_at": str, "locked_until": str},
        pk="name_key",
        not_null={"failures"},
    )


SUMMARY_WINDOW = 20  # the recent answers ``summary_skills`` keeps figures of (mastery.WINDOW at version 5)
# A question skill (every skill but table mode's), as ``mastery.question_skill_sql`` said at version 5.
_V5_QUESTION = ("NOT ({c}skill LIKE '%.table-procedure' OR {c}skill LIKE '%.table-payouts' "
                "OR {c}skill LIKE '%.table-watch')")
# The measures every summary keeps, as (column, what it adds for one answer ``{a}``).
_V5_MEASURES = (("answered", "1"), ("correct", "{a}is_correct"),
                ("on_target", "COALESCE({a}is_correct AND {a}response_ms <= {a}target_ms, 0)"),
                ("total_ms", "{a}response_ms"))
# Each summary: its name, its key (the day is the UTC day, the first 10 characters of
# ``answered_at``), whether it counts question answers only, and whether it keeps the last answer time.
_V5_SUMMARIES = (
    ("summary_skills", ("trainee_id", "game_id", "skill"), False, True),
    ("summary_skill_days", ("trainee_id", "game_id", "skill", "day"), False, True),
    ("summary_trainee_days", ("trainee_id", "game_id", "day"), True, False),
    ("summary_days", ("game_id", "day"), True, False),
)
_V5_TYPES = {"trainee_id": "INTEGER", "game_id": "TEXT", "skill": "TEXT", "day": "TEXT"}


def _v5_key_value(column: str, a: str) -> str:
    return f"substr({a}answered_at, 1, 10)" if column == "day" else f"{a}{column}"


def _v5_dashboard_summaries(db: Database) -> None:
    """Summary tables for the dashboard (issue 17), kept by a trigger as answers arrive
    (answers are append-only, so a summary only ever adds) and filled here from the
    answers already recorded:

    - ``summary_skills``: per trainee, game and skill (table mode's too), the answers,
      right ones, right and on target, the summed response time and the last answer time;
      and the same over the skill's most recent answers (``recent_*``: every answer at or
      after ``recent_since``, the time of its ``SUMMARY_WINDOW``-th most recent answer, or
      all of them while it has fewer), which mastery is judged on;
    - ``summary_skill_days``: the same per UTC day (the first 10 characters of
      ``answered_at``), without the recent figures, with a covering index by day;
    - ``summary_trainee_days`` (per trainee, game and day) and ``summary_days`` (per game
      and day): question answers only, for the trend.

    Every existing row is kept: only tables and a trigger are added."""
    for table, key, questions, with_last in _V5_SUMMARIES:
        columns = [f"{k} {_V5_TYPES[k]} NOT NULL" for k in key]
        columns += [f"{m} INTEGER NOT NULL" for m, _add in _V5_MEASURES]
        if with_last:
            columns.append("last_answered_at TEXT NOT NULL")
        if table == "summary_skills":
            columns += ["recent_since TEXT"] + [f"recent_{m} INTEGER NOT NULL DEFAULT 0" for m, _add in _V5_MEASURES]
        db.execute(f"CREATE TABLE {table} ({', '.join(columns)}, PRIMARY KEY ({', '.join(key)})) WITHOUT ROWID")
    # A date range of every trainee reads its days only (covering: no lookups).
    db.execute("CREATE INDEX idx_summary_skill_days_day ON summary_skill_days (day, trainee_id, game_id, skill, "
               "answered, correct, on_target, total_ms, last_answered_at)")
    # The answers are read once, from the covering index by trainee, game, skill and time (version
    # 2), into the days per skill; each other summary sums one made before it.
    sources = {"summary_skill_days": None, "summary_skills": "summary_skill_days",
               "summary_trainee_days": "summary_skill_days", "summary_days": "summary_trainee_days"}
    for table, source in sources.items():
        key, questions, with_last = next(x[1:] for x in _V5_SUMMARIES if x[0] == table)
        keys = ", ".join(k if source else _v5_key_value(k, "") for k in key)
        sums = ", ".join(f"SUM({m if source else add.format(a='')})" for m, add in _V5_MEASURES)
        last = (", MAX(last_answered_at)" if source else ", MAX(answered_at)") if with_last else ""
        only = " WHERE " + _V5_QUESTION.format(c="") if questions and source == "summary_skill_days" else ""
        db.execute(f"INSERT INTO {table} ({', '.join(key)}, {', '.join(m for m, _a in _V5_MEASURES)}"
                   f"{', last_answered_at' if with_last else ''}) "
                   f"SELECT {keys}, {sums}{last} FROM {source or 'answers INDEXED BY idx_answers_skills'}{only} "
                   f"GROUP BY {keys}")
    group = "a.trainee_id = {s}trainee_id AND a.game_id = {s}game_id AND a.skill = {s}skill"
    # The time of the skill's SUMMARY_WINDOW-th most recent answer (NULL while it has fewer),
    # and the figures of the answers from then on, in one statement.
    recent = (f"(recent_since, {', '.join(f'recent_{m}' for m, _a in _V5_MEASURES)}) = (SELECT w.since, "
              + ", ".join(f"SUM({add.format(a='a.')})" for _m, add in _V5_MEASURES)
              + f" FROM (SELECT (SELECT a.answered_at FROM answers AS a WHERE {group} "
              f"ORDER BY a.answered_at DESC LIMIT 1 OFFSET {SUMMARY_WINDOW - 1}) AS since) AS w "
              f"JOIN answers AS a ON {group} AND a.answered_at >= COALESCE(w.since, ''))")
    db.execute(f"UPDATE summary_skills SET {recent.format(s='summary_skills.')}")
    body = []
    for table, key, questions, with_last in _V5_SUMMARIES:
        measures = [m for m, _a in _V5_MEASURES]
        values = [_v5_key_value(k, "NEW.") for k in key] + [add.format(a="NEW.") for _m, add in _V5_MEASURES]
        updates = [f"{m} = {m} + excluded.{m}" for m in measures]
        if with_last:
            measures.append("last_answered_at")
            values.append("NEW.answered_at")
            updates.append("last_answered_at = max(last_answered_at, excluded.last_answered_at)")
        statement = (f"INSERT INTO {table} ({', '.join([*key, *measures])}) "
                     f"{'SELECT ' if questions else 'VALUES ('}{', '.join(values)}{'' if questions else ')'}"
                     f"{' WHERE ' + _V5_QUESTION.format(c='NEW.') if questions else ''} "
                     f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {', '.join(updates)}")
        body.append(statement)
    # The recent figures change only when the new answer is among the skill's most recent.
    mine = ("trainee_id = NEW.trainee_id AND game_id = NEW.game_id AND skill = NEW.skill "
            "AND (recent_since IS NULL OR recent_since <= NEW.answered_at)")
    body.append(f"UPDATE summary_skills SET {recent.format(s='NEW.')} WHERE {mine}")
    db.execute("CREATE TRIGGER answers_summaries AFTER INSERT ON answers BEGIN "
               + "; ".join(body) + "; END")


# The tables that grow with use (a row per session, answer, round or day): a large file's
# check at open leaves their pages to the full check after the first screen.
LOG_TABLES = frozenset({"sessions", "answers", "table_rounds", *(name for name, *_rest in _V5_SUMMARIES)})

def _v6_replayable_rounds(db: Database) -> None:
    """Table rounds that can be replayed exactly (issue 19): ``table_rounds`` gains
    ``round_no`` (the round's number at its table, from 1) and ``attempts`` (the
    trainee's attempts in order, JSON text), as ``RoundRecord.as_row()`` gives them at
    version 6. The rounds recorded before have ``round_no`` 0 and ``attempts`` '' (not
    known: ``trainer.review.round_check`` checks them as before, without the exact replay).

    Every existing row is kept: only two columns are added (ALTER TABLE ADD COLUMN, which
    rewrites no row and fires no trigger), so the append-only triggers stay as they are."""
    db.execute("ALTER TABLE table_rounds ADD COLUMN round_no INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE table_rounds ADD COLUMN attempts TEXT NOT NULL DEFAULT ''")


MIGRATIONS: list[Migration] = [_v1_initial, _v2_review, _v3_table_rounds, _append_only_audit_chain,
                               _v5_dashboard_summaries, _v6_replayable_rounds]
CURRENT_VERSION = 6
assert CURRENT_VERSION == len(MIGRATIONS), "one migration per schema version"


def read_version(db: Database) -> int:
    """The schema version recorded in ``meta``; 0 for a database without one."""
    if not db[META].exists():
        return 0
    row = db.execute(f"SELECT value FROM {META} WHERE key = ?", [VERSION_KEY]).fetchone()
    return int(row[0]) if row else 0


def migrate(db: Database, migrations: Sequence[Migration] | None = None) -> list[int]:
    """Apply the pending migrations, each in its own transaction; return the versions applied.

    ``migrations`` defaults to ``MIGRATIONS``. The caller checks beforehand that the
    database is not newer than ``len(migrations)``."""
    if migrations is None:
        migrations = MIGRATIONS
    applied = []
    version = read_version(db)
    for target in range(version + 1, len(migrations) + 1):
        with db.atomic():
            if not db[META].exists():
                db.create_table(META, {"key": str, "value": str}, pk="key", not_null={"value"})
                db[META].insert({"key": CREATED_BY_KEY, "value": trainer.__version__})
            migrations[target - 1](db)
            db[META].upsert_all(
                [{"key": VERSION_KEY, "value": str(target)}, {"key": MIGRATED_BY_KEY, "value": trainer.__version__}],
                pk="key",
            )
        applied.append(target)
    return applied
