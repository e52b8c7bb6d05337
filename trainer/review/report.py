"""Printable reports, per trainee and per class, written with Qt's own PDF writer.

A report is an HTML page laid out by ``QTextDocument`` and painted page by page on a
``QPdfWriter`` (A4), with the title and page number in every page's footer; the trend
chart is drawn with ``QPainter`` (``trainer.review.trend_chart``, which the supervisor's
screens draw with too) into an image the page embeds. Nothing here needs a
window: it runs on any thread once a ``QGuiApplication`` exists (for the fonts).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from html import escape
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)

import trainer
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
# The trend chart: one QPainter drawing for the reports and the supervisor's screens.
from trainer.review.trend_chart import nice_axis_top, period_label, trend_image  # noqa: F401
from trainer.store import AnswerRecord, AttemptRow
from trainer.store.table_rounds import TableRoundRow, TableRoundSummary
from trainer.contracts.measures import TABLE_WINDOW, Level, speed_grade
from trainer.contracts.question import display_answer

# The app's palette (trainer.ui.style), repeated here so that the review layer needs no widgets.
TEXT, MUTED, FAINT, BORDER = "#1b2a23", "#5c6b64", "#8a9791", "#d5ddd8"
ACCENT, ACCENT_SOFT, GOOD, BAD, GOLD = "#0f6b46", "#e2f0e8", "#1c7a3d", "#b3261e", "#b8891a"
SURFACE_ALT = "#f6f8f7"
LEVEL_COLOURS = {Level.NOT_STARTED: FAINT, Level.LEARNING: BAD, Level.FAMILIAR: GOLD, Level.PROFICIENT: ACCENT,
                 Level.MASTERED: GOOD}
CHART_URL = "chart://trend"
PAGE_WIDTH = 760.0  # layout units across a page's text (A4 less the margins)
MISTAKES_SHOWN = 40
ROUNDS_SHOWN = 12
ROUND_MISTAKES_SHOWN = 3  # per round in the report (the review shows them all)


# -- formatting ---------------------------------------------------------------------------
def pct(fraction: float | None) -> str:
    return "—" if fraction is None else f"{round(fraction * 100)}%"


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


def acc_colour(fraction: float) -> str:
    return GOOD if fraction >= 0.8 else (GOLD if fraction >= 0.6 else BAD)


def cert_colour(status: str) -> str:
    return GOOD if status == CERTIFIED else (GOLD if status == IN_PROGRESS else FAINT)


CSS = f"""
body {{ color: {TEXT}; font-size: 10pt; }}
h1 {{ font-size: 20pt; font-weight: 700; margin: 0; }}
h2 {{ font-size: 13pt; font-weight: 700; color: {TEXT}; margin-top: 18px; margin-bottom: 6px; }}
.brand {{ color: {ACCENT}; font-size: 9pt; font-weight: 700; letter-spacing: 1px; }}
.muted {{ color: {MUTED}; }}
.small {{ color: {MUTED}; font-size: 8.5pt; }}
th {{ color: {MUTED}; font-size: 8pt; font-weight: 700; text-align: left; border-bottom: 1px solid {BORDER}; }}
td {{ font-size: 9pt; }}
.num {{ text-align: right; }}
.stat {{ font-size: 17pt; font-weight: 700; }}
.label {{ color: {MUTED}; font-size: 7.5pt; font-weight: 700; letter-spacing: 1px; }}
"""


def _stats_row(items: list[tuple[str, str]]) -> str:
    cells = "".join(f"<td width='{100 // len(items)}%' style='padding:8px 12px; background:{SURFACE_ALT}'>"
                    f"<div class='label'>{escape(label.upper())}</div><div class='stat'>{escape(value)}</div></td>"
                    for label, value in items)
    return f"<table width='100%' cellspacing='6' cellpadding='0'><tr>{cells}</tr></table>"


def _table(headers: list[tuple[str, bool]], rows: list[list[str]], widths: list[int] | None = None) -> str:
    head = "".join(f"<th{' class=num align=right' if num else ''}"
                   f"{f' width={widths[i]}%' if widths else ''}>{escape(h)}</th>"
                   for i, (h, num) in enumerate(headers))
    body = []
    for n, row in enumerate(rows):
        bg = f" bgcolor='{SURFACE_ALT}'" if n % 2 else ""
        body.append(f"<tr{bg}>" + "".join(f"<td{' align=right' if headers[i][1] else ''}>{c}</td>"
                                          for i, c in enumerate(row)) + "</tr>")
    return (f"<table width='100%' cellspacing='0' cellpadding='4'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def _coloured(text: str, colour: str, bold: bool = True) -> str:
    return f"<span style='color:{colour};{' font-weight:700;' if bold else ''}'>{escape(text)}</span>"


def _header(kind: str, title: str, subtitle: str) -> str:
    return (f"<div class='brand'>DEALER TRAINER · {escape(kind.upper())}</div><h1>{escape(title)}</h1>"
            f"<div class='muted'>{escape(subtitle)}</div>")


def _attempts_table(attempts: tuple[AttemptRow, ...] | list[AttemptRow], with_trainee: bool) -> str:
    headers = [("Date", False)] + ([("Trainee", False)] if with_trainee else []) + [
        ("Exam", False), ("Score", True), ("Pass mark", True), ("Result", False)]
    rows = []
    for a in attempts:
        result = (_coloured("Passed", GOOD) if a.passed else _coloured("Failed", BAD)) if a.submitted \
            else _coloured("Not submitted", GOLD)
        rows.append([escape(when(a.started_at))] + ([escape(a.trainee_name)] if with_trainee else []) + [
            escape(f"{a.exam_title} (retake {a.attempt - 1})" if a.retake else a.exam_title),  # issue 14
            f"{a.correct} / {a.question_count} ({pct(a.score)})", f"{a.pass_mark}%", result])
    return _table(headers, rows)


# -- the trainee's report ---------------------------------------------------------------
def trainee_report_html(report: TraineeReport) -> str:
    row = report.row
    t = row.trainee
    classes = ", ".join(row.classes) if row.classes else "no class"
    parts = [f"<html><head><style>{CSS}</style></head><body>",
             _header("Trainee report", t.name, f"{classes} · {report.query.describe(with_class=False)} · "
                                                f"made {when(report.generated_at)}")]
    # question answers: table mode's steps are judged by rounds (trainer.contracts.measures)
    parts.append(_stats_row([("Answers", f"{row.answered:,}"), ("Accuracy", pct(row.accuracy) if row.answered
                                                                  else "—"),
                             ("Mean time", secs(row.mean_ms)), ("On target", pct(row.speed) if row.answered else "—"),
                             ("Skills proficient", f"{row.skills_proficient} / {row.skills_total}")]))
    parts.append("<h2>Certification</h2>")
    parts.append(_table([("Game", False), ("Answers", True), ("Accuracy", True), ("Mean time", True),
                         ("Status", False)],
                        [[escape(g.title), f"{g.answered:,}", _coloured(pct(g.accuracy), acc_colour(g.accuracy))
                          if g.answered else "—", secs(g.mean_ms),
                          _coloured(g.certification.text, cert_colour(g.certification.status))]
                         for g in row.games], [34, 12, 12, 14, 28]))
    if report.trend:
        parts.append(f"<h2>Trend</h2><div class='small'>Accuracy (green) and mean time (gold) per {report.bucket}"
                     f"</div><img src='{CHART_URL}' width='{int(PAGE_WIDTH)}'>")
    parts.append("<h2>By skill</h2>")
    parts.append(_skills_table(row))
    if report.attempts:
        parts.append("<h2>Exams</h2>" + _attempts_table(report.attempts, False))
    if report.table_summary:
        parts.append(_table_rounds_section(report))
    mistakes = [a for a in report.answers if not a.is_correct][:MISTAKES_SHOWN]
    if mistakes:
        parts.append(f"<h2>Recent mistakes</h2><div class='small'>The {len(mistakes)} most recent wrong answers in "
                     "the period, with the rule.</div>")
        parts.append(_mistakes_table(mistakes))
    parts.append(_footer_note())
    parts.append("</body></html>")
    return "".join(parts)


def _table_skill_cells(s) -> list[str]:
    """A table skill's figures, as rounds: "3 rounds", "2 of 3 clean" (rounds), the mean
    round time, the share of rounds on time ("—" untimed)."""
    t = s.table
    if t is None or not t.rounds:
        return ["—", "—", "—", "—"]
    speed = t.speed
    return [f"{t.rounds_text}", _coloured(f"{t.clean} of {t.rounds} clean", acc_colour(t.accuracy)),
            secs(t.mean_round_ms),
            pct(speed) if speed is not None else "—"]


def _skills_table(row: TraineeRow) -> str:
    rows = []
    for g in row.games:
        for s in g.skills:
            if s.is_table:
                rows.append([escape(g.title if len(row.games) > 1 else "") if s is g.skills[0] else "",
                             escape(s.title), *_table_skill_cells(s),
                             _coloured(s.level.title, LEVEL_COLOURS[s.level])])
                continue
            rows.append([escape(g.title if len(row.games) > 1 else "") if s is g.skills[0] else "",
                         escape(s.title), f"{s.answered:,}" if s.answered else "—",
                         _coloured(pct(s.accuracy), acc_colour(s.accuracy)) if s.answered else "—",
                         secs(s.mean_ms), pct(s.speed) if s.answered else "—",
                         _coloured(s.level.title, LEVEL_COLOURS[s.level])])
    headers = [("Game", False), ("Skill", False), ("Answers", True), ("Accuracy", True), ("Mean time", True),
               ("On target", True), ("Mastery", False)]
    return _table(headers, rows, [14, 27, 10, 14, 10, 9, 16])


def _mistakes_table(mistakes: list[AnswerRecord]) -> str:
    rows = []
    for a in mistakes:
        given = display_answer(a.form, a.given, a.fields) if a.given else "(shown)"
        rows.append([escape(when(a.answered_at)),
                     f"{escape(a.prompt)}<br><span style='color:{BAD}'>Said: {escape(given)}</span>"
                     f"<br><span style='color:{GOOD}'>Right: "
                     f"{escape(display_answer(a.form, a.correct_answer, a.fields))}</span>",
                     f"<span class='small'>{escape('; '.join(a.citations))}</span>"])
    return _table([("When", False), ("Question, answer given and right answer", False), ("Rule", False)], rows,
                  [16, 58, 26])


def _summary_errors(s: TableRoundSummary) -> str:
    if s.mode == "watch":
        text = (f"{s.caught} of {s.mistakes_made} caught, {s.missed_calls} missed, "
                f"{s.false_calls} false alarm{'s' if s.false_calls != 1 else ''}")
        return _coloured(text, BAD if s.missed_calls or s.false_calls else GOOD, bold=False)
    text = f"{s.procedure_errors} procedure, {s.payout_errors} payout"
    if s.extra_chip_payouts:
        text += f", {s.extra_chip_payouts} in extra chips"
    return _coloured(text, BAD if s.procedure_errors or s.payout_errors else GOOD, bold=False)


def _round_result(r: TableRoundRow) -> str:
    if not r.completed:
        return _coloured("Left", GOLD)
    return _coloured("Clean", GOOD) if r.clean else _coloured(f"{r.errors} error{'s' if r.errors != 1 else ''}",
                                                             BAD)


def _round_time(r: TableRoundRow) -> str:
    text = round_time_text(r)
    return _coloured(text, GOLD) if r.completed and not r.on_time else escape(text)


def _round_mistakes(r: TableRoundRow) -> str:
    items = [f"<span style='color:{GOLD if m.kind == 'extra-chips' else BAD}'>{escape(round_mistake_title(m.kind))}"
             f"</span>: {escape(mistake_expected(m))}"
             + (f" <span class='small'>({escape('; '.join(m.citations))})</span>" if m.citations else "")
             for m in r.mistakes[:ROUND_MISTAKES_SHOWN]]
    if len(r.mistakes) > ROUND_MISTAKES_SHOWN:
        items.append(f"<span class='small'>and {len(r.mistakes) - ROUND_MISTAKES_SHOWN} more</span>")
    return "<br>".join(items) or _coloured("—", FAINT, bold=False)


def _table_rounds_section(report: TraineeReport) -> str:
    """Table mode: the rounds per game and mode, and the latest rounds with their mistakes."""
    parts = ["<h2>Table rounds</h2><div class='small'>Rounds dealt (Deal) or watched for the dealer's mistakes "
             "(Watch) in table mode. Clean: finished without an error. On time: timed rounds finished within "
             "the level's target.</div>"]
    rows = []
    for s in report.table_summary:
        on_time = f"{s.rounds_on_time} of {s.timed_rounds}" if s.timed_rounds else "untimed"
        rows.append([escape(registry.title_of(s.game_id)), escape(mode_title(s.mode)), _summary_errors(s),
                     f"{s.rounds:,}", _coloured(f"{s.clean_rounds:,} ({pct(s.clean_share)})",
                                                acc_colour(s.clean_share)), secs(s.mean_action_ms), on_time])
    parts.append(_table([("Game", False), ("Mode", False), ("Errors", False), ("Rounds", True), ("Clean", True),
                         ("Per action", True), ("On time", True)], rows, [20, 8, 33, 8, 11, 10, 10]))
    latest = report.table_rounds[:ROUNDS_SHOWN]
    if latest:
        more = (f"The {len(latest)} most recent of {report.table_round_total:,} rounds"
                if report.table_round_total > len(latest) else "Every round of the period")
        parts.append(f"<h2>Latest table rounds</h2><div class='small'>{more}, with their mistakes and the rule. "
                     "Time: the round's time / the level's target (— untimed).</div>")
        parts.append(_table(
            [("When", False), ("Game and mode", False), ("Result", False), ("Time / target", False),
             ("Mistakes", False)],
            [[escape(when(r.recorded_at)),
              f"{escape(registry.title_of(r.game_id))}<br><span class='small'>{escape(mode_title(r.mode))} · "
              f"{escape(table_level_title(r.level))} · {r.actions} actions</span>",
              _round_result(r), _round_time(r), _round_mistakes(r)] for r in latest],
            [14, 23, 9, 13, 41]))
    return "".join(parts)


def _footer_note() -> str:
    return (f"<p class='small' style='margin-top:18px'>Accuracy: answers right. On target: answers right within "
            f"the question's target time. Mastery is judged on each skill's 20 most recent answers: Familiar "
            f"60% right; Proficient 80% right and half on target (5+ answers); Mastered 90% right and 80% on "
            f"target (10+ answers). Table skills are judged by rounds, not by their steps: accuracy is the share "
            f"of rounds clean, on target the share finished within the level's time; mastery on the last "
            f"{TABLE_WINDOW} rounds: Familiar 60% clean; Proficient 80% clean and half on time (3+ rounds); "
            f"Mastered 90% clean and 80% on time (5+ rounds). Dealer Trainer {escape(trainer.__version__)}.</p>")


# -- the class report ----------------------------------------------------------------------
def class_report_html(d: Dashboard) -> str:
    title = f"Class {d.class_name}" if d.class_name else "All trainees"
    parts = [f"<html><head><style>{CSS}</style></head><body>",
             _header("Class report", title, f"{d.query.describe(d.class_name)} · made {when(d.generated_at)}")]
    parts.append(_stats_row([("Active", f"{d.active} / {len(d.trainees)}"), ("Answers", f"{d.answered:,}"),
                             ("Accuracy", pct(d.accuracy) if d.answered else "—"), ("Mean time", secs(d.mean_ms)),
                             ("On target", pct(d.speed) if d.answered else "—"),
                             ("Certified", f"{d.certified_trainees} / {len(d.trainees)}")]))
    games = [g for g in d.games if any(gr.game_id == g and any(sk.practised for sk in gr.skills)
                                       for t in d.trainees for gr in t.games)] \
        or list(d.games)
    parts.append("<h2>Trainees</h2><div class='small'>Per game: <b>Certified</b>, or how many of its skills "
                 "have reached the pass threshold; — not started.</div>")
    headers = [("Trainee", False), ("Answers", True), ("Accuracy", True), ("Mean time", True),
               ("Proficient", True)] + [(registry.title_of(g), True) for g in games]
    rows = []
    for t in sorted(d.trainees, key=lambda t: t.trainee.name.casefold()):
        by_game = {g.game_id: g for g in t.games}
        cells = []
        for g in games:
            c = by_game[g].certification if g in by_game else None
            if c is None or c.status == NOT_STARTED:
                cells.append(_coloured("—", FAINT, bold=False))
            elif c.status == CERTIFIED:
                cells.append(_coloured("Certified", GOOD))
            else:
                cells.append(_coloured(f"{c.skills_passed} / {c.skills_total}", GOLD))
        rows.append([escape(t.trainee.name), f"{t.answered:,}",
                     _coloured(pct(t.accuracy), acc_colour(t.accuracy)) if t.answered else "—", secs(t.mean_ms),
                     f"{t.skills_proficient} / {t.skills_total}"] + cells)
    game_width = 45 // max(1, len(games))  # the columns share the page: 55% for the figures
    parts.append(_table(headers, rows, [20, 8, 9, 9, 9] + [game_width] * len(games)))
    if d.trend:
        parts.append(f"<h2>Trend</h2><div class='small'>Accuracy (green) and mean time (gold) per {d.bucket}</div>"
                     f"<img src='{CHART_URL}' width='{int(PAGE_WIDTH)}'>")
    if d.weakest:
        parts.append("<h2>Weakest skills</h2>")
        parts.append(_table([("Game", False), ("Skill", False), ("Answers", True), ("Accuracy", True),
                             ("Mean time", True), ("Trainees below proficient", True)],
                            [[escape(registry.title_of(w.game_id)), escape(w.title), f"{w.answered:,}",
                              _coloured(pct(w.accuracy), acc_colour(w.accuracy)), secs(w.mean_ms),
                              f"{w.trainees_below} of {w.trainees}"] for w in d.weakest]))
    thresholds = ", ".join(f"{registry.title_of(g)} {d.thresholds.get(g, 80)}%" for g in games)
    parts.append(f"<p class='small'>Certified: every skill of the game answered at least 5 times in the period "
                 f"and right at least as often as the game's pass threshold ({escape(thresholds)}); a table "
                 f"skill dealt or watched at least 5 rounds, clean at least as often.</p>")
    if d.attempts:
        parts.append("<h2>Exams</h2>" + _attempts_table(d.attempts[:60], True))
    parts.append(_footer_note())
    parts.append("</body></html>")
    return "".join(parts)


# -- the document and the PDF ----------------------------------------------------------
def make_document(html: str, chart: QImage | None = None) -> QTextDocument:
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    font = QFont()
    font.setFamilies(["Inter", "Noto Sans", "DejaVu Sans", "Sans Serif"])
    font.setPointSizeF(10)
    doc.setDefaultFont(font)
    if chart is not None:
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(CHART_URL), chart)
    doc.setHtml(html)
    doc.setTextWidth(PAGE_WIDTH)
    return doc


PAGE_MARGIN_MM = 15.0
FOOTER_H = 28.0  # layout units under each page's text


def _page_height() -> float:
    a4 = QPageSize(QPageSize.PageSizeId.A4).size(QPageSize.Unit.Millimeter)
    content_w = a4.width() - 2 * PAGE_MARGIN_MM
    content_h = a4.height() - 2 * PAGE_MARGIN_MM
    return PAGE_WIDTH * content_h / content_w - FOOTER_H


def _paint_pages(painter: QPainter, doc: QTextDocument, scale: float, offset: QPointF, title: str,
                 new_page: Callable[[], None] | None, only: int | None = None) -> int:
    page_h = _page_height()
    doc.setPageSize(QSizeF(PAGE_WIDTH, page_h))
    pages = doc.pageCount()
    footer_font = QFont(doc.defaultFont())
    footer_font.setPixelSize(11)  # in layout units, like the document's own text (not the device's points)
    for n in range(pages):
        if only is not None and n != only:
            continue
        if n and new_page is not None and only is None:
            new_page()
        painter.save()
        painter.translate(offset)
        painter.scale(scale, scale)
        painter.save()
        painter.translate(0, -n * page_h)
        doc.drawContents(painter, QRectF(0, n * page_h, PAGE_WIDTH, page_h))
        painter.restore()
        painter.setFont(footer_font)
        painter.setPen(QPen(QColor(BORDER), 0.8))
        painter.drawLine(QPointF(0, page_h + 8), QPointF(PAGE_WIDTH, page_h + 8))
        painter.setPen(QColor(MUTED))
        painter.drawText(QRectF(0, page_h + 10, PAGE_WIDTH * 0.7, FOOTER_H - 10),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"Dealer Trainer · {title}")
        painter.drawText(QRectF(PAGE_WIDTH * 0.5, page_h + 10, PAGE_WIDTH * 0.5, FOOTER_H - 10),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, f"Page {n + 1} of {pages}")
        painter.restore()
    return pages


def write_pdf(html: str, path: str | Path, *, title: str, chart: QImage | None = None) -> int:
    """Write the report to ``path`` (A4 PDF); return its number of pages."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.part")
    doc = make_document(html, chart)
    writer = QPdfWriter(str(tmp))
    writer.setTitle(f"Dealer Trainer · {title}")
    writer.setCreator(f"Dealer Trainer {trainer.__version__}")
    writer.setResolution(300)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"{path} cannot be written")
    try:
        scale = writer.width() / PAGE_WIDTH
        pages = _paint_pages(painter, doc, scale, QPointF(0, 0), title, writer.newPage)
    finally:
        painter.end()
    del writer
    tmp.replace(path)
    return pages


def render_page(html: str, *, title: str, chart: QImage | None = None, page: int = 0,
                width: int = 1240) -> QImage:
    """One page of the report as an image (A4 proportions, white, with its margins)."""
    a4 = QPageSize(QPageSize.PageSizeId.A4).size(QPageSize.Unit.Millimeter)
    height = int(width * a4.height() / a4.width())
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    margin = width * PAGE_MARGIN_MM / a4.width()
    doc = make_document(html, chart)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    _paint_pages(p, doc, (width - 2 * margin) / PAGE_WIDTH, QPointF(margin, margin), title, None, only=page)
    p.end()
    return image


def trainee_pdf(report: TraineeReport, path: str | Path) -> int:
    chart = trend_image(report.trend, report.bucket) if report.trend else None
    return write_pdf(trainee_report_html(report), path, title=f"Trainee report · {report.row.trainee.name}",
                     chart=chart)


def class_pdf(dashboard: Dashboard, path: str | Path) -> int:
    chart = trend_image(dashboard.trend, dashboard.bucket) if dashboard.trend else None
    name = f"Class {dashboard.class_name}" if dashboard.class_name else "All trainees"
    return write_pdf(class_report_html(dashboard), path, title=f"Class report · {name}", chart=chart)


__all__ = ["class_pdf", "class_report_html", "render_page", "speed_grade", "trainee_pdf", "trainee_report_html",
           "trend_image", "write_pdf"]
