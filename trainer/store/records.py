"""The records the store hands out, its error, and its clock: shared by ``store`` and
the query mixins (``practice``, ``supervision``, ``stats``, ``exchange``)."""

from __future__ import annotations

import dataclasses
import functools
import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from trainer.contracts.measures import quick_init, within_target


class StoreError(Exception):
    """A store problem; ``str(e)`` is a message for a human."""


@dataclass(frozen=True)
class Trainee:
    id: int
    name: str
    created_at: str


@quick_init
@dataclass(frozen=True)
class AnswerRecord:
    """One row of the answer log."""

    id: str
    session_id: str
    trainee_id: int
    game_id: str
    skill: str
    kind: str
    seed: int
    prompt: str
    form: str
    fields: tuple[str, ...]
    given: str
    correct_answer: str
    is_correct: bool
    response_ms: int
    answered_at: str
    citations: tuple[str, ...]
    explanation: str
    target_ms: int = 0  # the response time the answer was held to (mastery, speed grades)

    @property
    def on_target(self) -> bool:
        """Right, and within the target time."""
        return within_target(self.is_correct, self.response_ms, self.target_ms)


ANSWER_COLUMNS = tuple(f.name for f in dataclasses.fields(AnswerRecord))


@contextmanager
def paused_gc() -> Iterator[None]:
    """The garbage collector off while thousands of records are made (the dashboard's:
    its passes over the young objects cost a tenth of making them, issue 17), on again
    after if it was on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def utc_now() -> str:
    """The current time as ISO-8601 UTC with milliseconds, e.g. ``2025-01-31T09:15:02.041Z``."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _answer(row: dict[str, Any]) -> AnswerRecord:
    return AnswerRecord(
        **{
            **row,
            "target_ms": int(row.get("target_ms") or 0),
            "fields": json_tuple(row["fields"]),
            "citations": json_tuple(row["citations"]),
            "is_correct": bool(row["is_correct"]),
        }
    )


def answer_of(row: tuple) -> AnswerRecord:
    """``_answer`` of a row of ``ANSWER_COLUMNS`` selected in their order (a tuple)."""
    (answer_id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, fields, given, correct_answer,
     is_correct, response_ms, answered_at, citations, explanation, target_ms) = row
    return AnswerRecord(answer_id, session_id, trainee_id, game_id, skill, kind, seed, prompt, form, json_tuple(fields),
                        given, correct_answer, bool(is_correct), response_ms, answered_at, json_tuple(citations),
                        explanation, int(target_ms or 0))


@functools.lru_cache(maxsize=4096)
def json_tuple(text: str) -> tuple[str, ...]:
    """A stored JSON list of strings (an answer's fields or citations) as a tuple: decoded
    once per text, as a trainee's answers repeat a few hundred of them (issue 17)."""
    return tuple(json.loads(text))
