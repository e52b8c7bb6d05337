"""Table mode's rounds (a mixin of ``Store``): one row per round the trainee dealt or
watched at the table, with its score (``trainer.contracts.round_record.RoundRecord``).

The answers of table mode are ordinary answers (skills ``<game>.table-procedure``,
``<game>.table-payouts``, ``<game>.table-watch``), so the dashboard's figures per skill
include them; a round's row keeps what the answers cannot: its level and house options,
the errors of each kind, the calls of watch mode, the time of every action against the
level's target, and each mistake with the rule cited; since version 6 also the round's
number at its table and the trainee's attempts in order, from which
``trainer.review.round_check`` replays the round exactly.

Rows are append-only (triggers refuse UPDATE and DELETE, as for the answers) and keep
the id, the ``station_id`` and the time they were given where they were recorded, so an
import adds only the rounds not here yet.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any

from trainer.store.exchange import import_rows
from trainer.store.records import StoreError, utc_now
from trainer.store.stats import sql_where
from trainer.contracts.round_record import MODES, RoundRecord

# The columns of ``table_rounds`` at schema version 3, in order: the round's score, which the
# review reads (also from the classroom server's table, trainer/server).
TABLE_ROUND_COLUMNS = (
    "id", "session_id", "trainee_id", "station_id", "recorded_at", "game_id", "mode", "level", "seed", "options",
    "actions", "procedure_errors", "payout_errors", "extra_chip_payouts", "mistakes_made", "caught", "missed_calls",
    "false_calls", "rule_named", "remedy_named", "total_ms", "target_ms", "action_ms", "mistakes", "completed",
)
# Added at version 6: what replays the round exactly (``trainer.review.round_check``); 0 and ''
# in the rounds recorded before. Stored, exported and imported; not part of ``TableRoundRow``,
# the review's view of a round, read alike from this store and from the classroom server.
REPLAY_COLUMNS = ("round_no", "attempts")
STORED_COLUMNS = TABLE_ROUND_COLUMNS + REPLAY_COLUMNS  # every column of the table, in order
# The columns that are JSON text in the table (decoded in ``TableRoundRow``).
JSON_COLUMNS = ("options", "action_ms", "mistakes")
# The whole-number columns.
INT_COLUMNS = ("trainee_id", "seed", "actions", "procedure_errors", "payout_errors", "extra_chip_payouts",
               "mistakes_made", "caught", "missed_calls", "false_calls", "rule_named", "remedy_named", "total_ms",
               "target_ms", "completed")


@dataclass(frozen=True)
class RoundMistake:
    """One error of a round, as the review shows it: its ``kind`` (wrong-step,
    wrong-position, wrong-face, wrong-amount, extra-chips; in watch mode missed-call or
    false-call), what the rules call for, what was done, why, and the rule cited."""

    kind: str
    expected: str
    attempted: str
    explanation: str = ""
    citations: tuple[str, ...] = ()
    action: int = 0  # the index of the round's dealer action it concerns

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RoundMistake:
        cites = d.get("citations") or ()
        return cls(str(d.get("kind") or ""), str(d.get("expected") or ""), str(d.get("attempted") or ""),
                   str(d.get("explanation") or ""),
                   tuple(str(c) for c in ([cites] if isinstance(cites, str) else cites) if c),
                   int(d.get("action") or 0))


@dataclass(frozen=True)
class TableRoundRow:
    """One stored round: ``RoundRecord``'s figures with the JSON columns decoded."""

    id: str
    session_id: str
    trainee_id: int
    station_id: str
    recorded_at: str
    game_id: str
    mode: str  # deal or watch
    level: str
    seed: int
    options: dict[str, str]
    actions: int
    procedure_errors: int
    payout_errors: int
    extra_chip_payouts: int
    mistakes_made: int
    caught: int
    missed_calls: int
    false_calls: int
    rule_named: int
    remedy_named: int
    total_ms: int
    target_ms: int
    action_ms: tuple[int, ...]
    mistakes: tuple[RoundMistake, ...]
    completed: bool

    # The figures of ``RoundRecord``, by its own definitions.
    errors = property(RoundRecord.errors.fget, doc="Procedure and payout errors, missed and false calls.")
    clean = property(RoundRecord.clean.fget, doc="Completed without an error.")
    on_time = property(RoundRecord.on_time.fget, doc="Untimed, or finished within the target.")

    @property
    def timed(self) -> bool:
        return self.target_ms > 0

    @property
    def mean_action_ms(self) -> int:
        return self.total_ms // len(self.action_ms) if self.action_ms else 0


@dataclass(frozen=True)
class TableRoundSummary:
    """A trainee's (or every trainee's) rounds of one game in one mode.

    ``timed_rounds`` are the completed rounds held to a time target (levels above Learn,
    in deal mode); ``rounds_on_time`` those finished within it. ``mean_action_ms`` is over
    every action whose time was recorded (``actions_timed``; floor, as everywhere in
    the review)."""

    game_id: str
    mode: str
    rounds: int
    completed_rounds: int
    clean_rounds: int
    actions: int
    procedure_errors: int
    payout_errors: int
    extra_chip_payouts: int
    mistakes_made: int
    caught: int
    missed_calls: int
    false_calls: int
    rule_named: int
    remedy_named: int
    total_ms: int
    actions_timed: int
    timed_rounds: int
    rounds_on_time: int
    last_recorded_at: str

    @property
    def mean_action_ms(self) -> int:
        return self.total_ms // self.actions_timed if self.actions_timed else 0

    @property
    def clean_share(self) -> float:
        return self.clean_rounds / self.rounds if self.rounds else 0.0

    @property
    def errors(self) -> int:
        return self.procedure_errors + self.payout_errors + self.missed_calls + self.false_calls


def decode_row(row: dict[str, Any]) -> TableRoundRow:
    """A ``table_rounds`` row (as SQLite or a results file gives it) as a ``TableRoundRow``."""
    values = {c: row[c] for c in TABLE_ROUND_COLUMNS}
    options = json.loads(values["options"] or "{}")
    values["options"] = {str(k): str(v) for k, v in options.items()}
    values["action_ms"] = tuple(int(ms) for ms in json.loads(values["action_ms"] or "[]"))
    values["mistakes"] = tuple(RoundMistake.from_dict(m) for m in json.loads(values["mistakes"] or "[]")
                               if isinstance(m, dict))
    values["completed"] = bool(values["completed"])
    return TableRoundRow(**values)


def _where(trainee_id: int | None, game_id: str | None, since: str | None, until: str | None
           ) -> tuple[str, list[Any]]:
    return sql_where((("trainee_id = ?", None if trainee_id is None else int(trainee_id)), ("game_id = ?", game_id),
                      ("recorded_at >= ?", since), ("recorded_at < ?", until)))


_CLEAN = "(completed = 1 AND procedure_errors + payout_errors + missed_calls + false_calls = 0)"
_TIMED = "(completed = 1 AND target_ms > 0)"


class TableRoundQueries:
    """Mixed into ``Store``: uses its ``db``, ``path``, ``_rows``, ``_session`` and ``station_id``."""

    def record_table_round(self, session_id: str, trainee_id: int, record: RoundRecord) -> str:
        """Append one round's score to ``table_rounds`` in one transaction, committed before
        returning; return the new row's id (uuid4 hex).

        ``StoreError`` if the session is unknown, belongs to another trainee or has ended,
        or the record's mode is not one of table mode's."""
        session = self._session(session_id)
        if session["trainee_id"] != trainee_id:
            raise StoreError(f"Session {session_id} belongs to another trainee.")
        if session["ended_at"] is not None:
            raise StoreError(f"Session {session_id} has ended; its rounds can no longer change.")
        if record.mode not in MODES:
            raise StoreError(f"Unknown table mode {record.mode!r}; the modes are: {', '.join(MODES)}.")
        round_id = uuid.uuid4().hex
        row = {"id": round_id, "session_id": session_id, "trainee_id": int(trainee_id),
               "station_id": self.station_id, "recorded_at": utc_now(), **record.as_row()}
        try:
            with self.db.atomic() as db:
                db["table_rounds"].insert({c: row[c] for c in STORED_COLUMNS})
        except sqlite3.Error as e:
            raise StoreError(f"Saving the table round to {self.path} failed: {e}.") from e
        return round_id

    def table_rounds(self, trainee_id: int | None = None, *, game_id: str | None = None, since: str | None = None,
                     until: str | None = None, limit: int | None = None) -> list[TableRoundRow]:
        """The rounds, newest first: of one trainee or all, of one game or all, recorded at
        or after ``since`` and before ``until`` (ISO UTC), at most ``limit`` of them."""
        where, params = _where(trainee_id, game_id, since, until)
        sql = f"SELECT {', '.join(TABLE_ROUND_COLUMNS)} FROM table_rounds{where} ORDER BY recorded_at DESC, rowid DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        return [decode_row(r) for r in self._rows(sql, params)]

    def table_round_count(self, trainee_id: int | None = None, *, game_id: str | None = None,
                          since: str | None = None, until: str | None = None) -> int:
        where, params = _where(trainee_id, game_id, since, until)
        return int(self._rows(f"SELECT COUNT(*) AS n FROM table_rounds{where}", params)[0]["n"])

    def table_round_summary(self, trainee_id: int | None, game_id: str | None = None, *, since: str | None = None,
                            until: str | None = None) -> list[TableRoundSummary]:
        """The rounds counted per game and mode (deal, then watch), games in id order."""
        where, params = _where(trainee_id, game_id, since, until)
        rows = self._rows(
            f"""
            SELECT game_id, mode, COUNT(*) AS rounds, SUM(completed) AS completed_rounds,
                   SUM({_CLEAN}) AS clean_rounds, SUM(actions) AS actions,
                   SUM(procedure_errors) AS procedure_errors, SUM(payout_errors) AS payout_errors,
                   SUM(extra_chip_payouts) AS extra_chip_payouts, SUM(mistakes_made) AS mistakes_made,
                   SUM(caught) AS caught, SUM(missed_calls) AS missed_calls, SUM(false_calls) AS false_calls,
                   SUM(rule_named) AS rule_named, SUM(remedy_named) AS remedy_named,
                   SUM(total_ms) AS total_ms, SUM(json_array_length(action_ms)) AS actions_timed,
                   SUM({_TIMED}) AS timed_rounds, SUM({_TIMED} AND total_ms <= target_ms) AS rounds_on_time,
                   MAX(recorded_at) AS last_recorded_at
            FROM table_rounds{where}
            GROUP BY game_id, mode
            ORDER BY game_id, CASE mode WHEN 'deal' THEN 0 WHEN 'watch' THEN 1 ELSE 2 END, mode
            """,
            params,
        )
        return [TableRoundSummary(**{k: (v if k in ("game_id", "mode", "last_recorded_at") else int(v or 0))
                                     for k, v in r.items()}) for r in rows]

    # -- moving rounds between stations (see ``exchange``) -------------------------------
    def iter_results_table_rounds(self, batch: int = 2000):
        """Every round as stored (JSON columns left as text), oldest first, in batches."""
        last = 0
        cols = ", ".join(STORED_COLUMNS)
        while True:
            rows = self._rows(f"SELECT rowid AS _rowid, {cols} FROM table_rounds WHERE rowid > ? "
                              "ORDER BY rowid LIMIT ?", [last, batch])
            if not rows:
                return
            last = rows[-1]["_rowid"]
            yield [{k: v for k, v in r.items() if k != "_rowid"} for r in rows]

    def _import_table_rounds(self, chunks, trainee_map: dict[int, int], station_id: str | None) -> tuple[int, int]:
        """Add the rounds of an import (inside its transaction); (added, skipped). A round of
        an older file has no ``round_no`` and ``attempts``: 0 and '' (not known)."""
        added, seen = import_rows(self.db, "table_rounds", STORED_COLUMNS, chunks, trainee_map, "table round",
                                  defaults=lambda r: {"station_id": r.get("station_id") or station_id or "",
                                                      "round_no": r.get("round_no") or 0,
                                                      "attempts": r.get("attempts") or ""})
        return added, seen - added


__all__ = ["REPLAY_COLUMNS", "STORED_COLUMNS", "TABLE_ROUND_COLUMNS", "RoundMistake", "TableRoundQueries", "TableRoundRow", "TableRoundSummary",
           "decode_row"]
