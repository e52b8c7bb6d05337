"""CSV exports: every answer of a filter, the dashboard's summary, and table mode's rounds.

The files are UTF-8 with a byte-order mark (spreadsheets then read the accents and the
"→" of an ordering right), one header row, one row per answer or per trainee and skill.
Every cell goes through ``cell`` (``trainer.core.spreadsheet``, issue 14): the numbers our
code computed (counts, seeds, percentages) are written as numbers, negative ones included;
every text that a spreadsheet could evaluate (=, +, -, @, a tab, CR or LF, also after
leading spaces, "-2+3+cmd|..." and "-$1+..." included) is written with a leading
apostrophe.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from trainer.core import spreadsheet
from trainer.games import registry
from trainer.review.dashboard import (
    Dashboard,
    mistake_expected,
    mode_title,
    round_mistake_title,
    round_option_lines,
    table_level_title,
)
from trainer.review.files import replaced_whole
from trainer.store import AnswerFilter, Store
from trainer.contracts.measures import speed_grade
from trainer.contracts.question import display_answer

ANSWER_HEADERS = ["answered_at", "trainee", "classes", "game", "skill", "question", "given_answer",
                  "correct_answer", "result", "response_s", "target_s", "speed", "rule", "explanation",
                  "question_kind", "question_seed", "session_id", "answer_id"]
TABLE_ROUND_HEADERS = ["recorded_at", "trainee", "classes", "game", "mode", "level", "house_options", "seed",
                       "actions", "completed", "clean", "procedure_errors", "payout_errors", "extra_chip_payouts",
                       "mistakes_made", "caught", "missed_calls", "false_calls", "rule_named", "remedy_named",
                       "total_s", "target_s", "on_time", "mean_action_s", "mistakes", "session_id", "round_id",
                       "station_id"]
# answered/correct/mean_s count question answers only: a table mode skill has none (its
# steps are judged by rounds), and is given by its rounds: rounds, clean_rounds,
# rounds_on_time, mean_round_s; its accuracy_pct is the share of rounds clean and its
# on_target_pct the share of rounds on time (blank for spot the error: untimed).
SUMMARY_HEADERS = ["trainee", "classes", "game", "skill", "answered", "correct", "accuracy_pct", "mean_s",
                   "on_target_pct", "mastery", "game_certification", "last_answered_at", "rounds", "clean_rounds",
                   "rounds_on_time", "mean_round_s"]


def cell(value) -> str | int | float:
    """A cell: a number as a number, a text neutralised (``trainer.core.spreadsheet``)."""
    return spreadsheet.cell(value)


def _atomic_csv(path: Path, write: Callable[[csv.writer], int]) -> int:
    with replaced_whole(Path(path), ".export-", suffix=".csv", encoding="utf-8-sig", newline="") as f:
        return write(csv.writer(f))


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
                    if s.is_table:
                        r = s.table
                        has = r is not None and r.rounds > 0
                        speed = r.speed if has else None
                        w.writerow([cell(v) for v in (
                            t.trainee.name, "; ".join(t.classes), g.title, s.title, 0, 0,
                            round(r.accuracy * 100) if has else "", "",
                            round(speed * 100) if speed is not None else "", s.level.title, g.certification.text,
                            s.last_answered_at, r.rounds if has else 0, r.clean if has else 0,
                            r.on_time if has and r.timed else "", seconds(r.mean_round_ms) if has else "")])
                        n += 1
                        continue
                    w.writerow([cell(v) for v in (
                        t.trainee.name, "; ".join(t.classes), g.title, s.title, s.answered, s.correct,
                        round(s.accuracy * 100) if s.answered else "", seconds(s.mean_ms) if s.answered else "",
                        round(s.speed * 100) if s.answered else "", s.level.title, g.certification.text,
                        s.last_answered_at, "", "", "", "")])
                    n += 1
        return n

    return _atomic_csv(Path(path), write)


def table_rounds_csv(store: Store, path: str | Path, *, trainee_id: int | None = None, game_id: str | None = None,
                     since: str | None = None, until: str | None = None,
                     progress: Callable[[int, int], None] | None = None) -> int:
    """Every table mode round of a trainee (or of everyone), oldest first, one row per
    round with its mistakes in one cell ("Wrong payout: rules … / done … (rule)"); the
    number of rows written. ``since``/``until`` are ISO UTC instants (until excluded)."""
    names = {t.id: t.name for t in store.trainees()}
    classes = store.trainee_classes()
    rounds = list(reversed(store.table_rounds(trainee_id, game_id=game_id, since=since, until=until)))

    def write(w) -> int:
        w.writerow(TABLE_ROUND_HEADERS)
        for n, r in enumerate(rounds, start=1):
            timed = r.target_ms > 0
            mistakes = " | ".join(
                f"{round_mistake_title(m.kind)}: expected {mistake_expected(m)} / done {m.attempted}"
                + (f" ({'; '.join(m.citations)})" if m.citations else "") for m in r.mistakes)
            w.writerow([cell(v) for v in (
                r.recorded_at, names.get(r.trainee_id, r.trainee_id), "; ".join(classes.get(r.trainee_id, [])),
                registry.title_of(r.game_id), mode_title(r.mode), table_level_title(r.level),
                "; ".join(round_option_lines(r.game_id, r.options)), r.seed, r.actions,
                "yes" if r.completed else "no", "yes" if r.clean else "no", r.procedure_errors, r.payout_errors,
                r.extra_chip_payouts, r.mistakes_made, r.caught, r.missed_calls, r.false_calls, r.rule_named,
                r.remedy_named, seconds(r.total_ms), seconds(r.target_ms) if timed else "",
                ("yes" if r.on_time else "no") if timed and r.completed else "",
                seconds(r.mean_action_ms) if r.action_ms else "", mistakes, r.session_id, r.id, r.station_id)])
            if progress is not None and (n % 200 == 0 or n == len(rounds)):
                progress(n, len(rounds))
        return len(rounds)

    return _atomic_csv(Path(path), write)
