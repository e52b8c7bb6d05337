"""CSV exports: every answer of a filter, and the dashboard's summary.

The files are UTF-8 with a byte-order mark (spreadsheets then read the accents and the
"→" of an ordering right), one header row, one row per answer or per trainee and skill.
A cell that a spreadsheet would run as a formula (starting with =, +, @ or a minus sign
that is not a number) is written with a leading apostrophe.
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from trainer.games import registry
from trainer.review.dashboard import Dashboard
from trainer.store import AnswerFilter, Store
from trainer.training.mastery import speed_grade
from trainer.training.question import display_answer

ANSWER_HEADERS = ["answered_at", "trainee", "classes", "game", "skill", "question", "given_answer",
                  "correct_answer", "result", "response_s", "target_s", "speed", "rule", "explanation",
                  "question_kind", "question_seed", "session_id", "answer_id"]
SUMMARY_HEADERS = ["trainee", "classes", "game", "skill", "answered", "correct", "accuracy_pct", "mean_s",
                   "on_target_pct", "mastery", "game_certification", "last_answered_at"]


def cell(value) -> str:
    text = "" if value is None else str(value)
    if text[:1] in ("=", "+", "@", "\t", "\r") or (text[:1] == "-" and not text[1:2].isdigit() and text[1:2] != "$"):
        return "'" + text
    return text


def _atomic_csv(path: Path, write: Callable[[csv.writer], int]) -> int:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=".csv", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8-sig", newline="") as f:
            count = write(csv.writer(f))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return count


def seconds(ms: int) -> str:
    return f"{ms / 1000:.1f}"


def answers_csv(store: Store, f: AnswerFilter, path: str | Path,
                progress: Callable[[int, int], None] | None = None) -> int:
    """Every answer of the filter, oldest first; the number of rows written."""
    names = {t.id: t.name for t in store.trainees()}
    classes = store.trainee_classes()
    total = store.answer_span(f)[0]

    def write(w) -> int:
        w.writerow(ANSWER_HEADERS)
        n = 0
        for batch in store.iter_answer_rows(f):
            for a in batch:
                result = "shown" if a.given == "" else ("right" if a.is_correct else "wrong")
                w.writerow([cell(v) for v in (
                    a.answered_at, names.get(a.trainee_id, a.trainee_id), "; ".join(classes.get(a.trainee_id, [])),
                    registry.title_of(a.game_id), registry.skill_title(a.skill), a.prompt,
                    display_answer(a.form, a.given, a.fields) if a.given else "",
                    display_answer(a.form, a.correct_answer, a.fields), result, seconds(a.response_ms),
                    seconds(a.target_ms) if a.target_ms else "",
                    speed_grade(a.response_ms, a.target_ms) if a.target_ms else "",
                    "; ".join(a.citations), a.explanation, a.kind, a.seed, a.session_id, a.id)])
                n += 1
            if progress is not None:
                progress(n, total)
        return n

    return _atomic_csv(Path(path), write)


def summary_csv(dashboard: Dashboard, path: str | Path) -> int:
    """One row per trainee, game and skill of the dashboard; the number of rows written."""

    def write(w) -> int:
        w.writerow(SUMMARY_HEADERS)
        n = 0
        for t in dashboard.trainees:
            for g in t.games:
                for s in g.skills:
                    w.writerow([cell(v) for v in (
                        t.trainee.name, "; ".join(t.classes), g.title, s.title, s.answered, s.correct,
                        round(s.accuracy * 100) if s.answered else "", seconds(s.mean_ms) if s.answered else "",
                        round(s.speed * 100) if s.answered else "", s.level.title, g.certification.text,
                        s.last_answered_at)])
                    n += 1
        return n

    return _atomic_csv(Path(path), write)
