"""What the supervisor's printable reports say, as plain data (no Qt, no HTML).

A report is a header (its kind, title and subtitle) and blocks in order: a row of
figures (``Stats``), headings with a short note, tables, the trend chart's place and
small paragraphs. A table's cell is lines of ``Text``; a text may carry a tone (good,
bad, gold, faint, accent: the writer gives each its colour), be bold or be small.
``trainee_report`` and ``class_report`` build them from the dashboard's figures;
``trainer.review.report`` lays them out and writes the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import trainer
from trainer.contracts.question import display_answer
from trainer.games import registry
from trainer.review.dashboard import (
    CERTIFIED,
    IN_PROGRESS,
    NOT_STARTED,
    Dashboard,
    TraineeReport,
    TraineeRow,
    mistake_expected,
    mode_title,
    round_mistake_title,
    round_time_text,
    table_level_title,
)
from trainer.store import AnswerRecord, AttemptRow
from trainer.store.table_rounds import TableRoundRow, TableRoundSummary
from trainer.contracts.measures import TABLE_WINDOW, Level
from trainer.contracts.measures import percent as pct  # a share shown as a percent, one way for every layer

# Tones: what a text's colour says. The writer gives each its colour.
GOOD, BAD, GOLD, FAINT, ACCENT = "good", "bad", "gold", "faint", "accent"
LEVEL_TONES = {Level.NOT_STARTED: FAINT, Level.LEARNING: BAD, Level.FAMILIAR: GOLD, Level.PROFICIENT: ACCENT,
               Level.MASTERED: GOOD}
MISTAKES_SHOWN = 40
ROUNDS_SHOWN = 12
ROUND_MISTAKES_SHOWN = 3  # per round in the report (the review shows them all)
EXAMS_SHOWN = 60  # in the class report


# -- the blocks ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    text: str
    tone: str = ""  # "" (the text's own colour) or a tone
    bold: bool = False
    small: bool = False


Line = tuple[Text, ...]
Cell = tuple[Line, ...]  # a table cell: its lines


@dataclass(frozen=True)
class Column:
    title: str
    numeric: bool = False  # right-aligned


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    widths: tuple[int, ...] = ()  # per cent of the page, per column; () lets the writer choose


@dataclass(frozen=True)
class Stats:
    items: tuple[tuple[str, str], ...]  # (label, value)


@dataclass(frozen=True)
class Heading:
    title: str
    note: Line = ()  # a small line under it


@dataclass(frozen=True)
class Chart:
    """The trend chart: accuracy and mean time per period."""


@dataclass(frozen=True)
class Note:
    line: Line  # a small paragraph
    spaced: bool = False  # set apart from what is above it


Block = Stats | Heading | Table | Chart | Note


@dataclass(frozen=True)
class Report:
    kind: str  # "Trainee report", "Class report"
    title: str
    subtitle: str
    blocks: tuple[Block, ...]


# -- formatting ------------------------------------------------------------------------------
def secs(ms: int | float | None) -> str:
    if not ms:
        return "—"
    s = ms / 1000
    return f"{s:.1f} s" if s < 60 else f"{int(s // 60)} min {int(round(s % 60)):02d} s"


def when(text: str | None) -> str:
    if not text:
        return "—"
    try:
        d = datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return text
    return f"{d.day} {d.strftime('%b %Y, %H:%M')}"


def acc_tone(fraction: float) -> str:
    return GOOD if fraction >= 0.8 else (GOLD if fraction >= 0.6 else BAD)


def cert_tone(status: str) -> str:
    return GOOD if status == CERTIFIED else (GOLD if status == IN_PROGRESS else FAINT)


def cell(text: str, tone: str = "", bold: bool = False, small: bool = False) -> Cell:
    """A cell of one text."""
    return ((Text(text, tone, bold, small),),)


def marked(text: str, tone: str) -> Cell:
    """A cell of one bold text in a tone ("Passed" in green)."""
    return cell(text, tone, bold=True)


def table(columns: list[tuple[str, bool]], rows: list[list[Cell]], widths: list[int] | None = None) -> Table:
    return Table(tuple(Column(t, n) for t, n in columns), tuple(tuple(r) for r in rows), tuple(widths or ()))


def chart_heading(bucket: str) -> Heading:
    return Heading("Trend", (Text(f"Accuracy (green) and mean time (gold) per {bucket}"),))


def _attempts_table(attempts: tuple[AttemptRow, ...] | list[AttemptRow], with_trainee: bool) -> Table:
    headers = [("Date", False)] + ([("Trainee", False)] if with_trainee else []) + [
        ("Exam", False), ("Score", True), ("Pass mark", True), ("Result", False)]
    rows = []
    for a in attempts:
        result = (marked("Passed", GOOD) if a.passed else marked("Failed", BAD)) if a.submitted \
            else marked("Not submitted", GOLD)
        rows.append([cell(when(a.started_at))] + ([cell(a.trainee_name)] if with_trainee else []) + [
            cell(f"{a.exam_title} (retake {a.attempt - 1})" if a.retake else a.exam_title),  # issue 14
            cell(f"{a.correct} / {a.question_count} ({pct(a.score)})"), cell(f"{a.pass_mark}%"), result])
    return table(headers, rows)


def _footer_note() -> Note:
    return Note((Text(
        f"Accuracy: answers right. On target: answers right within the question's target time. Mastery is "
        f"judged on each skill's 20 most recent answers: Familiar 60% right; Proficient 80% right and half on "
        f"target (5+ answers); Mastered 90% right and 80% on target (10+ answers). Table skills are judged by "
        f"rounds, not by their steps: accuracy is the share of rounds clean, on target the share finished within "
        f"the level's time; mastery on the last {TABLE_WINDOW} rounds: Familiar 60% clean; Proficient 80% clean "
        f"and half on time (3+ rounds); Mastered 90% clean and 80% on time (5+ rounds). "
        f"Dealer Trainer {trainer.__version__}."),), spaced=True)


# -- the trainee's report --------------------------------------------------------------------
def trainee_report(report: TraineeReport) -> Report:
    row = report.row
    classes = ", ".join(row.classes) if row.classes else "no class"
    blocks: list[Block] = [
        # question answers: table mode's steps are judged by rounds (trainer.contracts.measures)
        Stats((("Answers", f"{row.answered:,}"), ("Accuracy", pct(row.accuracy) if row.answered else "—"),
               ("Mean time", secs(row.mean_ms)), ("On target", pct(row.speed) if row.answered else "—"),
               ("Skills proficient", f"{row.skills_proficient} / {row.skills_total}"))),
        Heading("Certification"),
        table([("Game", False), ("Answers", True), ("Accuracy", True), ("Mean time", True), ("Status", False)],
              [[cell(g.title), cell(f"{g.answered:,}"),
                marked(pct(g.accuracy), acc_tone(g.accuracy)) if g.answered else cell("—"), cell(secs(g.mean_ms)),
                marked(g.certification.text, cert_tone(g.certification.status))] for g in row.games],
              [34, 12, 12, 14, 28]),
    ]
    if report.trend:
        blocks += [chart_heading(report.bucket), Chart()]
    blocks += [Heading("By skill"), _skills_table(row)]
    if report.attempts:
        blocks += [Heading("Exams"), _attempts_table(report.attempts, False)]
    if report.table_summary:
        blocks += _table_rounds_blocks(report)
    mistakes = [a for a in report.answers if not a.is_correct][:MISTAKES_SHOWN]
    if mistakes:
        blocks += [Heading("Recent mistakes", (Text(f"The {len(mistakes)} most recent wrong answers in the period, "
                                                     "with the rule."),)),
                   _mistakes_table(mistakes)]
    blocks.append(_footer_note())
    subtitle = f"{classes} · {report.query.describe(with_class=False)} · made {when(report.generated_at)}"
    return Report("Trainee report", row.trainee.name, subtitle, tuple(blocks))


def _table_skill_cells(s) -> list[Cell]:
    """A table skill's figures, as rounds: "3 rounds", "2 of 3 clean" (rounds), the mean
    round time, the share of rounds on time ("—" untimed)."""
    t = s.table
    if t is None or not t.rounds:
        return [cell("—")] * 4
    speed = t.speed
    return [cell(t.rounds_text), marked(f"{t.clean} of {t.rounds} clean", acc_tone(t.accuracy)),
            cell(secs(t.mean_round_ms)), cell(pct(speed) if speed is not None else "—")]


def _skills_table(row: TraineeRow) -> Table:
    rows = []
    for g in row.games:
        for s in g.skills:
            first = cell(g.title if len(row.games) > 1 and s is g.skills[0] else "")
            if s.is_table:
                figures = _table_skill_cells(s)
            else:
                figures = [cell(f"{s.answered:,}" if s.answered else "—"),
                           marked(pct(s.accuracy), acc_tone(s.accuracy)) if s.answered else cell("—"),
                           cell(secs(s.mean_ms)), cell(pct(s.speed) if s.answered else "—")]
            rows.append([first, cell(s.title), *figures, marked(s.level.title, LEVEL_TONES[s.level])])
    headers = [("Game", False), ("Skill", False), ("Answers", True), ("Accuracy", True), ("Mean time", True),
               ("On target", True), ("Mastery", False)]
    return table(headers, rows, [14, 27, 10, 14, 10, 9, 16])


def _mistakes_table(mistakes: list[AnswerRecord]) -> Table:
    rows = []
    for a in mistakes:
        given = display_answer(a.form, a.given, a.fields) if a.given else "(shown)"
        rows.append([cell(when(a.answered_at)),
                     ((Text(a.prompt),), (Text(f"Said: {given}", BAD),),
                      (Text(f"Right: {display_answer(a.form, a.correct_answer, a.fields)}", GOOD),)),
                     cell("; ".join(a.citations), small=True)])
    return table([("When", False), ("Question, answer given and right answer", False), ("Rule", False)], rows,
                 [16, 58, 26])


def _summary_errors(s: TableRoundSummary) -> Cell:
    if s.mode == "watch":
        text = (f"{s.caught} of {s.mistakes_made} caught, {s.missed_calls} missed, "
                f"{s.false_calls} false alarm{'s' if s.false_calls != 1 else ''}")
        return cell(text, BAD if s.missed_calls or s.false_calls else GOOD)
    text = f"{s.procedure_errors} procedure, {s.payout_errors} payout"
    if s.extra_chip_payouts:
        text += f", {s.extra_chip_payouts} in extra chips"
    return cell(text, BAD if s.procedure_errors or s.payout_errors else GOOD)


def _round_result(r: TableRoundRow) -> Cell:
    if not r.completed:
        return marked("Left", GOLD)
    return marked("Clean", GOOD) if r.clean else marked(f"{r.errors} error{'s' if r.errors != 1 else ''}", BAD)


def _round_time(r: TableRoundRow) -> Cell:
    text = round_time_text(r)
    return marked(text, GOLD) if r.completed and not r.on_time else cell(text)


def _round_mistakes(r: TableRoundRow) -> Cell:
    lines: list[Line] = []
    for m in r.mistakes[:ROUND_MISTAKES_SHOWN]:
        line = (Text(round_mistake_title(m.kind), GOLD if m.kind == "extra-chips" else BAD),
                Text(f": {mistake_expected(m)}"))
        if m.citations:
            line += (Text(" "), Text(f"({'; '.join(m.citations)})", small=True))
        lines.append(line)
    if len(r.mistakes) > ROUND_MISTAKES_SHOWN:
        lines.append((Text(f"and {len(r.mistakes) - ROUND_MISTAKES_SHOWN} more", small=True),))
    return tuple(lines) or cell("—", FAINT)


def _table_rounds_blocks(report: TraineeReport) -> list[Block]:
    """Table mode: the rounds per game and mode, and the latest rounds with their mistakes."""
    rows = []
    for s in report.table_summary:
        on_time = f"{s.rounds_on_time} of {s.timed_rounds}" if s.timed_rounds else "untimed"
        rows.append([cell(registry.title_of(s.game_id)), cell(mode_title(s.mode)), _summary_errors(s),
                     cell(f"{s.rounds:,}"), marked(f"{s.clean_rounds:,} ({pct(s.clean_share)})",
                                                   acc_tone(s.clean_share)),
                     cell(secs(s.mean_action_ms)), cell(on_time)])
    blocks: list[Block] = [
        Heading("Table rounds", (Text("Rounds dealt (Deal) or watched for the dealer's mistakes (Watch) in table "
                                      "mode. Clean: finished without an error. On time: timed rounds finished "
                                      "within the level's target."),)),
        table([("Game", False), ("Mode", False), ("Errors", False), ("Rounds", True), ("Clean", True),
               ("Per action", True), ("On time", True)], rows, [20, 8, 33, 8, 11, 10, 10])]
    latest = report.table_rounds[:ROUNDS_SHOWN]
    if latest:
        more = (f"The {len(latest)} most recent of {report.table_round_total:,} rounds"
                if report.table_round_total > len(latest) else "Every round of the period")
        blocks.append(Heading("Latest table rounds", (Text(f"{more}, with their mistakes and the rule. Time: the "
                                                           "round's time / the level's target (— untimed)."),)))
        blocks.append(table(
            [("When", False), ("Game and mode", False), ("Result", False), ("Time / target", False),
             ("Mistakes", False)],
            [[cell(when(r.recorded_at)),
              ((Text(registry.title_of(r.game_id)),),
               (Text(f"{mode_title(r.mode)} · {table_level_title(r.level)} · {r.actions} actions", small=True),)),
              _round_result(r), _round_time(r), _round_mistakes(r)] for r in latest],
            [14, 23, 9, 13, 41]))
    return blocks


# -- the class report ------------------------------------------------------------------------
def class_title(d: Dashboard) -> str:
    return f"Class {d.class_name}" if d.class_name else "All trainees"


def class_report(d: Dashboard) -> Report:
    games = [g for g in d.games if any(gr.game_id == g and any(sk.practised for sk in gr.skills)
                                       for t in d.trainees for gr in t.games)] \
        or list(d.games)
    blocks: list[Block] = [
        Stats((("Active", f"{d.active} / {len(d.trainees)}"), ("Answers", f"{d.answered:,}"),
               ("Accuracy", pct(d.accuracy) if d.answered else "—"), ("Mean time", secs(d.mean_ms)),
               ("On target", pct(d.speed) if d.answered else "—"),
               ("Certified", f"{d.certified_trainees} / {len(d.trainees)}"))),
        Heading("Trainees", (Text("Per game: "), Text("Certified", bold=True),
                             Text(", or how many of its skills have reached the pass threshold; — not started."))),
    ]
    headers = [("Trainee", False), ("Answers", True), ("Accuracy", True), ("Mean time", True),
               ("Proficient", True)] + [(registry.title_of(g), True) for g in games]
    rows = []
    for t in sorted(d.trainees, key=lambda t: t.trainee.name.casefold()):
        by_game = {g.game_id: g for g in t.games}
        cells = []
        for g in games:
            c = by_game[g].certification if g in by_game else None
            if c is None or c.status == NOT_STARTED:
                cells.append(cell("—", FAINT))
            elif c.status == CERTIFIED:
                cells.append(marked("Certified", GOOD))
            else:
                cells.append(marked(f"{c.skills_passed} / {c.skills_total}", GOLD))
        rows.append([cell(t.trainee.name), cell(f"{t.answered:,}"),
                     marked(pct(t.accuracy), acc_tone(t.accuracy)) if t.answered else cell("—"),
                     cell(secs(t.mean_ms)), cell(f"{t.skills_proficient} / {t.skills_total}")] + cells)
    game_width = 45 // max(1, len(games))  # the columns share the page: 55% for the figures
    blocks.append(table(headers, rows, [20, 8, 9, 9, 9] + [game_width] * len(games)))
    if d.trend:
        blocks += [chart_heading(d.bucket), Chart()]
    if d.weakest:
        blocks += [Heading("Weakest skills"),
                   table([("Game", False), ("Skill", False), ("Answers", True), ("Accuracy", True),
                          ("Mean time", True), ("Trainees below proficient", True)],
                         [[cell(registry.title_of(w.game_id)), cell(w.title), cell(f"{w.answered:,}"),
                           marked(pct(w.accuracy), acc_tone(w.accuracy)), cell(secs(w.mean_ms)),
                           cell(f"{w.trainees_below} of {w.trainees}")] for w in d.weakest])]
    thresholds = ", ".join(f"{registry.title_of(g)} {d.thresholds.get(g, 80)}%" for g in games)
    blocks.append(Note((Text(f"Certified: every skill of the game answered at least 5 times in the period and "
                             f"right at least as often as the game's pass threshold ({thresholds}); a table "
                             f"skill dealt or watched at least 5 rounds, clean at least as often."),)))
    if d.attempts:
        blocks += [Heading("Exams"), _attempts_table(d.attempts[:EXAMS_SHOWN], True)]
    blocks.append(_footer_note())
    return Report("Class report", class_title(d), f"{d.query.describe(d.class_name)} · made {when(d.generated_at)}",
                  tuple(blocks))


__all__ = ["Block", "Cell", "Chart", "Column", "Heading", "Line", "Note", "Report", "Stats", "Table", "Text",
           "class_report", "pct", "secs", "trainee_report", "when"]
