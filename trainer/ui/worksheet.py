"""A printable worksheet: the questions with their table drawings, then an answer key
with the rule cited for each, written with Qt's own PDF writer (``dealer-trainer
questions GAME --format pdf`` and the supervisor's "Print as worksheet").

Each question's scene is drawn by the same view the quiz uses (``scene_view``), painted
into an image the document holds; the pages are Letter, each question and each answer
kept whole on a page, the answer key starting on a new page, the title and page number
in every footer.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRect, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication

from trainer.contracts.question import AMOUNTS, CHOICE, ORDER, SETTLE
from trainer.core.cards import cards_label
from trainer.core.scene import TableScene
from trainer.ui import style

SCENE_SIZE = (960, 600)  # pixels the view is laid out at; printed about 12 cm wide


def _app() -> None:
    if QApplication.instance() is None:
        QApplication([])


def scene_image(scene: object, size: tuple[int, int] = SCENE_SIZE) -> QImage:
    """The scene as its quiz view draws it."""
    from trainer.ui.scene_view import view_class, view_name

    _app()
    view = view_class(view_name(scene))()
    view.set_scene(scene)
    view.resize(*size)
    image = QImage(size[0], size[1], QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    view.render(painter, QPointF(0, 0).toPoint())
    painter.end()
    view.deleteLater()
    return image


def cards_caption(scene: object) -> str:
    """The face-up cards of a table scene in words ("Seat 1: A♠ K♠ Q♠ J♠ 10♠ · Dealer: …"):
    on paper the drawing's cards are too small to read, a card game's question is not."""
    parts = []
    if isinstance(scene, TableScene):
        for seat in scene.seats:
            shown = [c.card for c in seat.cards if c.shows_face]
            if shown:
                parts.append(f"Seat {seat.seat}: {cards_label(shown)}")
        dealer = [c.card for c in scene.dealer_cards if c.shows_face]
        if dealer:
            parts.append(f"Dealer: {cards_label(dealer)}")
    elif isinstance(stand := getattr(scene, "stand", None), tuple) and stand:
        parts.append(f"Card stand: {cards_label(stand)}")  # Pokette's layout: the cards in the stand
    return " · ".join(parts)


LETTERS = "ABCDEFGHIJKLMNOP"


def _choice_blank(q) -> str:
    """The options lettered, each with a box to tick."""
    return "<p style='margin-left:18px'>" + "<br>".join(
        f"{LETTERS[i]}. {html.escape(o)} &nbsp;☐" for i, o in enumerate(q.options)) + "</p>"


def _order_blank(q) -> str:
    return "<p style='margin-left:18px'>Put in order (number them):<br>" + "<br>".join(
        f"___ {html.escape(o)}" for o in q.options) + "</p>"


def _fields_blank(hint: str):
    """A line to write on per field (or one "Answer" line), saying what to write."""
    def blank(q) -> str:
        labels = q.fields or ("Answer",)
        return "<p style='margin-left:18px'>" + "<br>".join(
            f"{html.escape(f)}{hint}: ______________" for f in labels) + "</p>"
    return blank


def _choice_key(q) -> str:
    letter = LETTERS[q.options.index(q.answer)] if q.answer in q.options else ""
    return f"{letter}. {html.escape(q.answer)}" if letter else html.escape(q.answer)


# What the trainee writes on paper, and the answer key's line, by answer form (the other
# forms' key: the answer as the app shows it).
BLANKS = {CHOICE: _choice_blank, ORDER: _order_blank, AMOUNTS: _fields_blank(" ($)"),
          SETTLE: _fields_blank(" (collect, push, pay $ or refer to floor supervisor)")}
KEYS = {CHOICE: _choice_key}


def _answer_lines(q) -> str:
    key = KEYS.get(q.form)
    return key(q) if key else html.escape(q.display(q.answer))


def question_blocks(title: str, questions: list) -> tuple[list[str], list[str], dict[str, QImage]]:
    """The worksheet as blocks kept whole on a page: (question blocks, answer-key blocks,
    images by name). The first question block carries the title."""
    images: dict[str, QImage] = {}
    blocks: list[str] = []
    for n, q in enumerate(questions, 1):
        out = []
        if n == 1:
            out.append(f"<h1 style='font-size:16pt'>{html.escape(title)}</h1>"
                       "<p>Name: ______________________________ &nbsp;&nbsp; Date: ______________</p>")
        out.append(f"<h3 style='font-size:12pt; margin-top:10px'>Question {n}</h3>")
        if q.scene is not None:
            name = f"scene-{n}"
            images[name] = scene_image(q.scene)
            out.append(f"<p><img src='{name}' width='{SCENE_SIZE[0] * 2 // 5}' height='{SCENE_SIZE[1] * 2 // 5}'></p>")
            if caption := cards_caption(q.scene):
                out.append(f"<p><b>{html.escape(caption)}</b></p>")
        out.append("<p>" + html.escape(q.prompt).replace("\n", "<br>") + "</p>")
        out.append(BLANKS[q.form](q))
        blocks.append("".join(out))
    key = []
    for n, q in enumerate(questions, 1):
        head = "<h1 style='font-size:16pt'>Answer key</h1>" if n == 1 else ""
        key.append(f"{head}<p><b>{n}.</b> {_answer_lines(q)}<br>"
                   f"<span style='color:#333'>{html.escape(q.explanation)}</span><br>"
                   f"<i>Rule: {html.escape('; '.join(q.citations))}</i></p>")
    return blocks, key, images


def worksheet_html(title: str, questions: list) -> tuple[str, dict[str, QImage]]:
    """The whole worksheet as one HTML document (the answer key on a new page)."""
    blocks, key, images = question_blocks(title, questions)
    body = "".join(blocks) + "<div style='page-break-before:always'></div>" + "".join(key)
    return "<html><body style='font-size:10pt'>" + body + "</body></html>", images


def letter_writer(path: Path, title: str, resolution: int,
                  margins_mm: tuple[float, float, float, float]) -> tuple[QPdfWriter, QRect]:
    """A PDF writer of Letter pages (margins left, top, right, bottom in millimetres) and
    the rectangle a page's text fills, in the writer's pixels."""
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("Dealer Trainer")
    writer.setResolution(resolution)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    writer.setPageMargins(QMarginsF(*margins_mm), QPageLayout.Unit.Millimeter)
    return writer, writer.pageLayout().paintRectPixels(writer.resolution())


def text_font() -> QFont:
    """The app's fonts at 10 points: the printed pages' text."""
    font = QFont()
    font.setFamilies(style.FONT_FAMILIES)
    font.setPointSizeF(10)
    return font


def page_document(html: str, writer: QPdfWriter, width: float,
                  images: dict[str, QImage] | None = None) -> QTextDocument:
    """``html`` laid out ``width`` wide for ``writer``'s pages, in ``text_font``, with the
    named ``images`` it shows."""
    doc = QTextDocument()
    doc.setDefaultFont(text_font())
    doc.documentLayout().setPaintDevice(writer)
    for name, image in (images or {}).items():
        doc.addResource(QTextDocument.ResourceType.ImageResource.value, QUrl(name), image)
    doc.setHtml(html)
    doc.setTextWidth(width)
    return doc


def write_worksheet(path: str | Path, title: str, questions: list) -> int:
    """Write the worksheet; the number of pages. Each question and each answer is kept
    whole on a page (a question never starts at the foot of one and ends on the next);
    the answer key starts on a new page. Raises OSError when it cannot be written."""
    _app()
    path = Path(path)
    writer, page = letter_writer(path, title, 150, (15, 15, 15, 18))
    blocks, key, images = question_blocks(title, questions)
    font = text_font()
    footer_h = 40.0
    usable = page.height() - footer_h

    def document(block: str) -> QTextDocument:
        return page_document(f"<html><body style='font-size:10pt'>{block}</body></html>", writer, page.width(),
                             images)

    # lay out: (page number, y, document) for every block
    placed: list[tuple[int, float, QTextDocument]] = []
    page_no, y = 0, 0.0
    for part, group in enumerate((blocks, key)):
        if part == 1 and placed:
            page_no, y = page_no + 1, 0.0
        for block in group:
            doc = document(block)
            h = doc.size().height()
            if y > 0 and y + h > usable:
                page_no, y = page_no + 1, 0.0
            placed.append((page_no, y, doc))
            y += h
    pages = page_no + 1
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write {path}")
    try:
        current = 0
        for number, top, doc in placed:
            while current < number:
                _footer(painter, page, footer_h, font, title, current, pages)
                writer.newPage()
                current += 1
            painter.save()
            painter.translate(0, top)
            doc.drawContents(painter, QRectF(0, 0, page.width(), usable - top))
            painter.restore()
        _footer(painter, page, footer_h, font, title, current, pages)
    finally:
        painter.end()
    return pages


def _footer(painter: QPainter, page, footer_h: float, font: QFont, title: str, index: int, pages: int) -> None:
    painter.setFont(QFont(font.family(), 8))
    painter.setPen(QColor("#555"))
    rect = QRectF(0, page.height() - footer_h + 8, page.width(), footer_h - 8)
    painter.drawText(rect, Qt.AlignmentFlag.AlignLeft, title)
    painter.drawText(rect, Qt.AlignmentFlag.AlignRight, f"Page {index + 1} of {pages}")


def write_exam_worksheet(path: str | Path, spec) -> int:
    """An exam as a worksheet: the exam's own plan (``exam_plan``: same seed, same
    questions, same order as the stations get)."""
    from trainer.training.exams import exam_plan
    from trainer.training.session import make_planned

    questions = [make_planned(p) for p in exam_plan(spec)]
    return write_worksheet(path, f"{spec.title}: worksheet (seed {spec.seed})", questions)
