"""Printable reports, per trainee and per class, written with Qt's own PDF writer.

What a report says is plain data (``trainer.review.report_model``: ``trainee_report``,
``class_report``); this module lays it out. A report is an HTML page laid out by
``QTextDocument`` and painted page by page on a ``QPdfWriter`` (A4), with the title and
page number in every page's footer; the trend chart is drawn with ``QPainter``
(``trainer.review.trend_chart``, which the supervisor's screens draw with too) into an
image the page embeds. Nothing here needs a window: it runs on any thread once a
``QGuiApplication`` exists (for the fonts).
"""

from __future__ import annotations

from collections.abc import Callable
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
from trainer.review import report_model as model
from trainer.review.dashboard import Dashboard, TraineeReport
from trainer.review.report_model import Chart, Heading, Line, Note, Report, Stats, Table, Text, class_title

# The trend chart: one QPainter drawing for the reports and the supervisor's screens.
from trainer.review.trend_chart import trend_image

# The app's palette (trainer.ui.style), repeated here so that the review layer needs no widgets.
TEXT, MUTED, FAINT, BORDER = "#1b2a23", "#5c6b64", "#8a9791", "#d5ddd8"
ACCENT, ACCENT_SOFT, GOOD, BAD, GOLD = "#0f6b46", "#e2f0e8", "#1c7a3d", "#b3261e", "#b8891a"
SURFACE_ALT = "#f6f8f7"
TONES = {model.GOOD: GOOD, model.BAD: BAD, model.GOLD: GOLD, model.FAINT: FAINT, model.ACCENT: ACCENT}
CHART_URL = "chart://trend"
PAGE_WIDTH = 760.0  # layout units across a page's text (A4 less the margins)

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


# -- the report as HTML ------------------------------------------------------------------
def text_html(t: Text) -> str:
    if t.tone:
        return f"<span style='color:{TONES[t.tone]};{' font-weight:700;' if t.bold else ''}'>{escape(t.text)}</span>"
    if t.small:
        return f"<span class='small'>{escape(t.text)}</span>"
    return f"<b>{escape(t.text)}</b>" if t.bold else escape(t.text)


def line_html(line: Line) -> str:
    return "".join(text_html(t) for t in line)


def _stats_row(items: tuple[tuple[str, str], ...]) -> str:
    cells = "".join(f"<td width='{100 // len(items)}%' style='padding:8px 12px; background:{SURFACE_ALT}'>"
                    f"<div class='label'>{escape(label.upper())}</div><div class='stat'>{escape(value)}</div></td>"
                    for label, value in items)
    return f"<table width='100%' cellspacing='6' cellpadding='0'><tr>{cells}</tr></table>"


def _table(t: Table) -> str:
    head = "".join(f"<th{' class=num align=right' if c.numeric else ''}"
                   f"{f' width={t.widths[i]}%' if t.widths else ''}>{escape(c.title)}</th>"
                   for i, c in enumerate(t.columns))
    body = []
    for n, row in enumerate(t.rows):
        bg = f" bgcolor='{SURFACE_ALT}'" if n % 2 else ""
        body.append(f"<tr{bg}>" + "".join(f"<td{' align=right' if t.columns[i].numeric else ''}>"
                                          f"{'<br>'.join(line_html(line) for line in c)}</td>"
                                          for i, c in enumerate(row)) + "</tr>")
    return (f"<table width='100%' cellspacing='0' cellpadding='4'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def block_html(block) -> str:
    if isinstance(block, Stats):
        return _stats_row(block.items)
    if isinstance(block, Heading):
        note = f"<div class='small'>{line_html(block.note)}</div>" if block.note else ""
        return f"<h2>{escape(block.title)}</h2>{note}"
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Chart):
        return f"<img src='{CHART_URL}' width='{int(PAGE_WIDTH)}'>"
    if isinstance(block, Note):
        spaced = " style='margin-top:18px'" if block.spaced else ""
        return f"<p class='small'{spaced}>{line_html(block.line)}</p>"
    raise TypeError(f"not a report block: {block!r}")


def report_html(r: Report) -> str:
    return "".join([f"<html><head><style>{CSS}</style></head><body>",
                    f"<div class='brand'>DEALER TRAINER · {escape(r.kind.upper())}</div><h1>{escape(r.title)}</h1>"
                    f"<div class='muted'>{escape(r.subtitle)}</div>",
                    *(block_html(b) for b in r.blocks), "</body></html>"])


def trainee_report_html(report: TraineeReport) -> str:
    return report_html(model.trainee_report(report))


def class_report_html(d: Dashboard) -> str:
    return report_html(model.class_report(d))


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
    return write_pdf(class_report_html(dashboard), path, title=f"Class report · {class_title(dashboard)}",
                     chart=chart)


__all__ = ["class_pdf", "class_report_html", "render_page", "report_html", "trainee_pdf", "trainee_report_html",
           "trend_image", "write_pdf"]
