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


MIGRATIONS: list[Migration] = [_v1_initial]
CURRENT_VERSION = 1
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
