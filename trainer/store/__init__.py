"""The SQLite store (sqlite-utils): trainees, sessions and the answer log, and (schema
version 2) exams, supervisors, the audit log, classes, thresholds and imports, and
(version 3) the table mode rounds.

Open it with ``Store.open(path)``; problems are reported as ``StoreError``, whose
message is meant for the user. The schema and its migrations live in ``schema``; all
the SQL lives in this package (``store`` and its query mixins ``practice``,
``supervision``, ``stats`` and ``exchange``).
"""

from trainer.store.exchange import ImportSummary
from trainer.store.practice import AttemptRow, ExamRow, ReviewRow, SkillWindow
from trainer.store.schema import CURRENT_VERSION
from trainer.store.stats import AnswerFilter, SkillStat, TrendPoint
from trainer.store.store import (
    MIXED_GAMES,
    AnswerRecord,
    SessionRow,
    SkillProgress,
    Store,
    StoreError,
    Trainee,
)
from trainer.store.table_rounds import RoundMistake, TableRoundRow, TableRoundSummary
from trainer.store.supervision import AuditEntry, ClassRow, PasswordRecord, Supervisor

__all__ = [
    "RoundMistake",
    "TableRoundRow",
    "TableRoundSummary",
    "CURRENT_VERSION",
    "MIXED_GAMES",
    "AnswerFilter",
    "AnswerRecord",
    "AttemptRow",
    "AuditEntry",
    "ClassRow",
    "ExamRow",
    "ImportSummary",
    "PasswordRecord",
    "ReviewRow",
    "SessionRow",
    "SkillProgress",
    "SkillStat",
    "SkillWindow",
    "Store",
    "StoreError",
    "Supervisor",
    "Trainee",
    "TrendPoint",
]
