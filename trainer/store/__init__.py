"""The SQLite store (sqlite-utils): trainees, sessions and the answer log.

Open it with ``Store.open(path)``; problems are reported as ``StoreError``, whose
message is meant for the user. The schema and its migrations live in ``schema``.
"""

from trainer.store.schema import CURRENT_VERSION
from trainer.store.store import (
    AnswerRecord,
    SessionRow,
    SkillProgress,
    Store,
    StoreError,
    Trainee,
)

__all__ = [
    "CURRENT_VERSION",
    "AnswerRecord",
    "SessionRow",
    "SkillProgress",
    "Store",
    "StoreError",
    "Trainee",
]
