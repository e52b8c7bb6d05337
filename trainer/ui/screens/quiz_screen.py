"""The quiz: one question at a time, the table it is about, the answer, then the feedback.

The screen owns no data: the main window (or a flow) gives it a ``Session`` (of one
game or several), and it reports every answer with ``answered``
*before* showing the feedback, so that the window can record it in the store at once.
Response time runs from showing the question to submitting the answer.

Modes (the session's ``mode``, or the one given to ``start``):
- practice: feedback with the rule after every answer;
- learn: untimed, and a "Show me" button that reveals the answer and its explanation
  (recorded as not known);
- speed: a timer bar per question against the question's target time, and every answer
  graded fast, normal or slow.
"""

from __future__ import annotations

import json
import re
from html import escape

from PySide6.QtCore import QElapsedTimer, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.core.money import format_cents
from trainer.games import registry
from trainer.contracts.measures import question_target_ms, skill_title, speed_grade
from trainer.contracts.question import AnswerResult, grade_settle, parse_settle
from trainer.training.session import LEARN, PRACTICE, SPEED, Session
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html
from trainer.ui import pay_cards
from trainer.ui.answer_inputs import AnswerInput, make_input, ordinal
from trainer.ui.scene_view import SceneView

MODE_BADGES = {LEARN: "LEARN · UNTIMED", SPEED: "SPEED"}
SPEED_COLOURS = {"fast": style.GOOD, "normal": style.ACCENT, "slow": style.BAD}
PANEL_WIDTH = 500  # the answer panel beside the table
WIDE_PANEL = 860  # the panel alone, when a question has no table
NEXT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_N)


def explanation_text(text: str) -> str:
    """A numbered explanation ('1. ... 2. ...') gets one line per step."""
    if re.match(r"^1\. ", text):
        return re.sub(r" (?=\d{1,2}\. \S)", "\n", text)
    return text


def citations_html(citations: tuple[str, ...] | list[str]) -> str:
    """Bold citations, with the sections of one rule book run together:
    'Two Card Joker Poker §11(d), §11(e); trainer ruling 8'."""
    groups: dict[str, list[str]] = {}
    for c in citations:
        book, sep, sec = c.partition(" §")
        key = book if sep else c
        groups.setdefault(key, [])
        if sep and sec not in groups[key]:
            groups[key].append(sec)
    parts = []
    for book, sections in groups.items():
        text = f"{book} " + ", ".join(f"§{sec}" for sec in sections) if sections else book
        parts.append(f"<b>{escape(text)}</b>")
    return "; ".join(parts)


def _cell(text: str, colour: str | None = None, *, bold: bool = False, pad: str = "2px 16px 2px 0",
          right: bool = False) -> str:
    style_attr = f"padding:{pad};" + (f" color:{colour};" if colour else "")
    body = f"<b>{text}</b>" if bold else text
    align = " align='right'" if right else ""
    return f"<td{align} style='{style_attr}'>{body}</td>"


def answer_html(question, given: str, correct: bool) -> str:
    """The trainee's answer next to the correct one, laid out for the answer form."""
    muted, good, bad = style.MUTED, style.GOOD, style.BAD
    if given == "" and not correct:  # learn mode's "show me", or no answer
        return ("<table cellspacing='0' cellpadding='0'><tr>" + _cell("Your answer", muted)
                + _cell("— (shown)", muted) + "</tr><tr>" + _cell("Correct answer", muted)
                + _cell(escape(question.display(question.answer)), None, bold=True) + "</tr></table>")
    if question.form == "settle":
        return settle_html(question, given, correct)
    try:
        given_values = json.loads(given) if question.form != "choice" else None
        right_values = json.loads(question.answer) if question.form != "choice" else None
    except (TypeError, ValueError):
        given_values = right_values = None
    if question.form == "amounts" and isinstance(given_values, list) and isinstance(right_values, list):
        rows = ["<tr>" + _cell("") + _cell("", pad="0") + _cell("You paid", muted, right=True)
                + _cell("Correct", muted, right=True) + "</tr>"]
        for label, g, r in zip(question.fields, given_values, right_values):
            ok = g == r
            rows.append("<tr>" + _cell(escape(label), muted, pad="2px 24px 2px 0")
                        + _cell("✓" if ok else "✗", good if ok else bad, bold=True, pad="2px 6px 2px 0")
                        + _cell(format_cents(int(g)), good if ok else bad, bold=True, right=True, pad="2px 0 2px 12px")
                        + _cell(format_cents(int(r)), None, bold=True, right=True, pad="2px 0 2px 28px") + "</tr>")
        return f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>"
    if question.form == "order" and isinstance(given_values, list) and isinstance(right_values, list):
        heading = "You put every step in the right place." if correct else "The correct order, and where you put each:"
        rows = []
        for n, item in enumerate(right_values):
            placed = given_values.index(item) if item in given_values else None
            if placed == n:
                mark = _cell("✓", good, bold=True, pad="3px 10px 3px 0")
            else:
                where = ordinal(placed + 1) if placed is not None else "missing"
                mark = _cell(f"you: {where}", bad, bold=True, pad="3px 10px 3px 0")
            rows.append("<tr>" + _cell(f"{n + 1}.", muted, pad="3px 8px 3px 0") + _cell(escape(str(item)), None, pad="3px 12px 3px 0")
                        + mark + "</tr>")
        return (f"<div style='color:{muted}; margin-bottom:4px'>{heading}</div>"
                f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>")
    given_text = escape(question.display(given))
    rows = ["<tr>" + _cell("Your answer", muted) + _cell(given_text, good if correct else bad, bold=True) + "</tr>"]
    if not correct:
        rows.append("<tr>" + _cell("Correct answer", muted) + _cell(escape(question.display(question.answer)), None,
                                                                    bold=True) + "</tr>")
    return f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>"


def settle_html(question, given: str, correct: bool) -> str:
    """A SETTLE answer wager by wager: what was done, what is right, and what was wrong
    (the result, or only the amount of a pay)."""
    muted, good, bad = style.MUTED, style.GOOD, style.BAD
    grades = grade_settle(question.fields, question.answer, given)
    if parse_settle(given) is None:
        grades = []
    if not grades:
        rows = ["<tr>" + _cell("Your answer", muted) + _cell(escape(question.display(given)), bad, bold=True) + "</tr>",
                "<tr>" + _cell("Correct answer", muted)
                + _cell(escape(question.display(question.answer)), None, bold=True) + "</tr>"]
        return f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>"
    def text(s: str) -> str:
        return escape(s).replace(" ", "&nbsp;")  # '$119.00' never apart from 'pay'

    rows = ["<tr>" + _cell("") + _cell("", pad="0") + _cell("You", muted) + _cell("Correct", muted)
            + _cell("", pad="0") + "</tr>"]
    for g in grades:
        rows.append("<tr>" + _cell(escape(g.label), muted, pad="2px 20px 2px 0")
                    + _cell("✓" if g.ok else "✗", good if g.ok else bad, bold=True, pad="2px 6px 2px 0")
                    + _cell(text(g.given_text), good if g.ok else bad, bold=True, pad="2px 16px 2px 0")
                    + _cell(text(g.right_text), None, bold=True, pad="2px 16px 2px 0")
                    + _cell(text(g.problem()), bad, pad="2px 0 2px 0") + "</tr>")
    return f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>"


def skill_label(skill_id: str) -> str:
    """The title of the skill under its game (``trainer.contracts.measures.skill_title``)."""
    try:
        return skill_title(registry.skill_title(skill_id))
    except Exception:
        return skill_id


class Pages(QWidget):
    """One child shown at a time, like QStackedWidget, except that the hidden pages take
    no room: the panel is as tall as what it shows, never as its tallest page."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._box = QVBoxLayout(self)
        self._box.setContentsMargins(0, 0, 0, 0)
        self._pages: list[QWidget] = []
        self._current: QWidget | None = None

    def addWidget(self, page: QWidget) -> None:  # noqa: N802 (the QStackedWidget name)
        self._pages.append(page)
        self._box.addWidget(page)
        page.setVisible(self._current is None)
        if self._current is None:
            self._current = page

    def setCurrentWidget(self, page: QWidget) -> None:  # noqa: N802
        self._current = page
        for p in self._pages:
            if p is not page:
                p.hide()
        page.show()

    def currentWidget(self) -> QWidget | None:  # noqa: N802
        return self._current


class ProgressDots(QWidget):
    """One dot per question: green right, red wrong, ringed current, grey to come."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = 0
        self.results: list[bool] = []
        self.current = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_state(self, count: int, results: list[bool], current: int) -> None:
        self.count, self.results, self.current = count, list(results), current
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(max(1, self.count) * 18, 16)

    def answered_colour(self, right: bool) -> str:
        """The colour of an answered question's dot."""
        return style.GOOD if right else style.BAD

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(self.count):
            rect = QRectF(i * 18 + 3, 3, 10, 10)
            if i < len(self.results):
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(self.answered_colour(self.results[i])))
            elif i == self.current:
                p.setPen(QPen(QColor(style.ACCENT), 2))
                p.setBrush(QColor(style.ACCENT_SOFT))
            else:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(style.BORDER))
            p.drawEllipse(rect)
        p.end()


class SpeedBar(QWidget):
    """Speed mode: the time taken so far against the question's target. The bar fills to
    the target (green up to half of it, the accent up to it) and turns red past it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target_ms = 1
        self.elapsed_ms = 0
        self.setFixedHeight(30)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_state(self, elapsed_ms: int, target_ms: int) -> None:
        self.elapsed_ms, self.target_ms = max(0, int(elapsed_ms)), max(1, int(target_ms))
        self.update()

    @property
    def grade(self) -> str:
        return speed_grade(self.elapsed_ms, self.target_ms)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        track = QRectF(0, h - 8, w, 8)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.BORDER))
        p.drawRoundedRect(track, 4, 4)
        fraction = min(1.0, self.elapsed_ms / self.target_ms)
        p.setBrush(QColor(SPEED_COLOURS[self.grade]))
        p.drawRoundedRect(QRectF(0, h - 8, w * fraction, 8), 4, 4)
        p.setPen(QPen(QColor(style.MUTED), 1))
        half = w / 2
        p.drawLine(int(half), h - 11, int(half), h)
        font = p.font()
        font.setPointSizeF(9.5)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor(SPEED_COLOURS[self.grade]))
        label = f"{style.format_ms(self.elapsed_ms)} · {self.grade}"
        p.drawText(QRectF(0, 0, w, h - 11), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        p.setPen(QColor(style.MUTED))
        font.setBold(False)
        p.setFont(font)
        p.drawText(QRectF(0, 0, w, h - 11), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                   f"target {style.format_ms(self.target_ms)}")
        p.end()


class FeedbackPanel(QFrame):
    """After submitting: right or wrong, both answers, why, and the rules that say so."""

    next_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(12)

        self.banner = QFrame(self)
        self.banner.setProperty("role", "banner-good")
        banner_row = QHBoxLayout(self.banner)
        banner_row.setContentsMargins(16, 10, 16, 10)
        self.verdict = style.label("Correct", "banner-title-good")
        self.verdict.setObjectName("verdict")
        banner_row.addWidget(self.verdict, 1)
        self.time_label = style.label("", "muted")
        banner_row.addWidget(self.time_label, 0, Qt.AlignmentFlag.AlignVCenter)
        box.addWidget(self.banner)

        self.answers = style.label("", None, wrap=True)
        self.answers.setObjectName("answers")
        self.answers.setTextFormat(Qt.TextFormat.RichText)
        self.answers.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.answers)

        self.explanation = style.label("", "explanation", wrap=True)
        self.explanation.setObjectName("explanation")
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(self.explanation)

        self.citations = style.label("", "citations", wrap=True)
        self.citations.setObjectName("citations")
        self.citations.setTextFormat(Qt.TextFormat.RichText)
        attach(self.citations)  # each citation opens the rule book at its section
        box.addWidget(self.citations)

        self.recording = True
        self.save_status = style.label("", "small", wrap=True)
        self.save_status.setObjectName("save-status")
        box.addWidget(self.save_status)

    def show_result(self, result: AnswerResult, mode: str = PRACTICE) -> None:
        good = result.correct
        shown = result.given == "" and not good
        style.set_role(self.banner, "banner-good" if good else "banner-bad")
        self.verdict.setText("Correct" if good else ("Here is the answer" if shown else "Not quite"))
        style.set_role(self.verdict, "banner-title-good" if good else "banner-title-bad")
        if mode == LEARN:
            self.time_label.setText("learn mode · untimed")
        elif mode == SPEED:
            target = question_target_ms(result.question)
            grade = speed_grade(result.response_ms, target) if good else "slow"
            colour = SPEED_COLOURS[grade] if good else style.MUTED
            grade_text = grade if good else "—"
            self.time_label.setText(f"<span style='color:{colour}; font-weight:700'>{grade_text.upper()}</span>"
                                    f" · {style.format_ms(result.response_ms)} (target {style.format_ms(target)})")
        else:
            self.time_label.setText(f"answered in {style.format_ms(result.response_ms)}")
        if shown:
            self.answers.setText("<table cellspacing='0' cellpadding='0'><tr>"
                                 + _cell("Correct answer", style.MUTED)
                                 + _cell(escape(result.question.display(result.question.answer)), None, bold=True)
                                 + "</tr></table>")
        else:
            self.answers.setText(answer_html(result.question, result.given, good))
        self.explanation.setText(explanation_text(result.question.explanation))
        cites = result.question.citations
        label = "Rules" if len(cites) > 1 else "Rule"
        self.citations.setText(f"<span style='color:{style.MUTED}'>{label}:</span> "
                               f"{link_html(citations_html(cites), result.question.game_id)}" if cites else "")
        self.citations.setVisible(bool(cites))
        self.set_saving()

    def set_saving(self) -> None:
        self.save_status.setText("Saving…" if self.recording else "Practice only: this answer is not saved")
        style.set_role(self.save_status, "small")

    def set_saved(self) -> None:
        self.save_status.setText("✓ Saved to your progress")
        style.set_role(self.save_status, "small")

    def set_save_failed(self, message: str) -> None:
        self.save_status.setText(f"This answer was NOT saved: {message}")
        style.set_role(self.save_status, "error")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in NEXT_KEYS and not event.isAutoRepeat():
            self.next_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


def framed(screen: QWidget) -> QHBoxLayout:
    """A question screen's layout (the quiz, the exam, the drills): its header
    (``screen._build_header()``) over its body, which is returned to be filled and then
    added with ``screen.layout().addLayout(body, 1)``."""
    outer = QVBoxLayout(screen)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.setSpacing(0)
    outer.addWidget(screen._build_header())
    body = QHBoxLayout()
    body.setContentsMargins(20, 16, 20, 16)
    body.setSpacing(18)
    return body


class Answering:
    """Mixed into a screen that asks questions and records the answers (the quiz, the
    exam, a drill): the answer input for each question, and whether answer ``index``
    reached the store, shown on its feedback. The screen has ``input``, ``input_holder``,
    ``input_box``, ``submit_answer``, ``feedback`` (a ``FeedbackPanel``), ``save_state``
    and ``_showing(index)``: whether the feedback of answer ``index`` is on screen."""

    def _header(self) -> tuple[QFrame, QHBoxLayout, QVBoxLayout]:
        """The header bar, its row and the column of titles at its left (not yet in the row)."""
        header = QFrame(self)
        header.setProperty("role", "header")
        row = QHBoxLayout(header)
        row.setContentsMargins(24, 12, 24, 12)
        row.setSpacing(16)
        titles = QVBoxLayout()
        titles.setSpacing(2)
        return header, row, titles

    def _score_and_leave(self, header: QFrame, row: QHBoxLayout, tip: str, leave) -> None:
        """The right of the header: the score and the leave button (``leave`` on a click)."""
        right = QHBoxLayout()
        right.setSpacing(16)
        right.addStretch(1)
        score_box, self.score_label = style.score_box()
        right.addLayout(score_box)
        self.leave_button = style.leave_button(header, tip, leave)
        right.addWidget(self.leave_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(right, 1)

    def _scrolling_panel(self) -> tuple[QVBoxLayout, QScrollArea]:
        """The answer panel's layout and the scroll area it shows its content in."""
        outer = QVBoxLayout(self.panel)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        scroll = QScrollArea(self.panel)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        return outer, scroll

    def _answer_parts(self, on_next) -> None:
        """The prompt, the holder of the answer input and the feedback (``on_next`` goes on)."""
        self.prompt = style.label("", "prompt", wrap=True)
        self.prompt.setObjectName("prompt")
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.input_holder = QWidget()
        self.input_box = QVBoxLayout(self.input_holder)
        self.input_box.setContentsMargins(0, 0, 0, 0)
        self.feedback = FeedbackPanel()
        self.feedback.setObjectName("feedback")
        self.feedback.next_requested.connect(on_next)

    def _footer(self, margin: int) -> tuple[QFrame, QHBoxLayout]:
        """The panel's footer with its hint at the left; the buttons go on its row."""
        footer = QFrame(self.panel)
        row = QHBoxLayout(footer)
        row.setContentsMargins(margin, 12, margin, 18)
        row.setSpacing(12)
        self.hint = style.label("", "hint", wrap=True)
        self.hint.setObjectName("hint")
        row.addWidget(self.hint, 1)
        return footer, row

    def replace_input(self, question, on_ready_changed) -> AnswerInput:
        """The answer input of ``question`` in place of the last one's."""
        if self.input is not None:
            old, self.input = self.input, None
            self.input_box.removeWidget(old)
            old.hide()
            old.setParent(None)
            old.deleteLater()
        self.input = make_input(question, self.input_holder)
        self.input.setObjectName(f"answer-{question.form}")
        self.input.submitted.connect(self.submit_answer)
        self.input.ready_changed.connect(lambda _ready: on_ready_changed())
        self.input_box.addWidget(self.input)
        return self.input

    def answer_saved(self, index: int) -> None:
        self.save_state[index] = None
        if self._showing(index):
            self._show_save_state(None)

    def answer_not_saved(self, index: int, message: str) -> None:
        self.save_state[index] = message
        if self._showing(index):
            self._show_save_state(message)

    def _show_saved(self, index: int | None) -> None:
        """On showing answer ``index``'s feedback: what the store said of it, if it has yet."""
        if index is not None and index in self.save_state:
            self._show_save_state(self.save_state[index])

    def _show_save_state(self, message: str | None) -> None:
        if message is None:
            self.feedback.set_saved()
        else:
            self.feedback.set_save_failed(message)

    def unsaved(self) -> dict[int, str]:
        return {i: m for i, m in self.save_state.items() if m is not None}


class QuizScreen(Answering, QWidget):
    answered = Signal(object)  # AnswerResult, emitted before the feedback is shown
    session_finished = Signal(object)  # the Session, after the last feedback
    leave_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.session: Session | None = None
        self.question = None
        self.input: AnswerInput | None = None
        self.last_result: AnswerResult | None = None
        self.save_state: dict[int, str | None] = {}  # answer index -> None saved / message failed
        self.timer = QElapsedTimer()
        self.game_title = ""
        self.mode = PRACTICE
        self.ticker = QTimer(self)  # speed mode: redraws the timer bar
        self.ticker.setInterval(100)
        self.ticker.timeout.connect(self._tick)

        self.body = body = framed(self)
        self.left_space = QWidget(self)
        self.left_space.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        body.addWidget(self.left_space, 1)
        self.table = SceneView(self)
        self.table.setObjectName("table")
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.table.setMinimumSize(420, 300)
        body.addWidget(self.table, 3)
        self.panel = style.card(self)
        self.panel.setObjectName("quiz-panel")
        body.addWidget(self.panel, 0)
        self.right_space = QWidget(self)
        self.right_space.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        body.addWidget(self.right_space, 1)
        self.layout().addLayout(body, 1)
        self._build_panel()
        # learn and practice: the pay cards at the foot of the answer panel; Ctrl+P (issue 18)
        self.pay_cards = pay_cards.install(self, self.panel.layout(), self.panel.layout().count())

    # ---------------------------------------------------------------- layout
    def _build_header(self) -> QFrame:
        header, row, titles = self._header()
        self.game_label = style.label("", "h2", wrap=True)  # wraps, not crushed, in a narrow window
        self.game_label.setObjectName("game-title")
        title_row = QHBoxLayout()
        title_row.setSpacing(10)
        title_row.addWidget(self.game_label)
        self.mode_badge = style.label("", "badge-accent")
        self.mode_badge.setObjectName("mode-badge")
        self.mode_badge.hide()
        title_row.addWidget(self.mode_badge, 0, Qt.AlignmentFlag.AlignVCenter)
        title_row.addStretch(1)
        titles.addLayout(title_row)
        self.skill_label = style.label("", "muted", wrap=True)
        self.skill_label.setObjectName("skill-title")
        titles.addWidget(self.skill_label)
        row.addLayout(titles, 1)

        middle = QVBoxLayout()
        middle.setSpacing(4)
        self.position_label = style.label("", "h3")
        self.position_label.setObjectName("position")
        self.position_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        middle.addWidget(self.position_label)
        self.dots = ProgressDots(header)
        middle.addWidget(self.dots, 0, Qt.AlignmentFlag.AlignHCenter)
        row.addLayout(middle, 0)
        self._score_and_leave(header, row, "Stop this session and go back home (Esc)", self.leave_requested)
        return header

    def _build_panel(self) -> None:
        outer, self.scroll = self._scrolling_panel()
        content = QWidget()
        content.setObjectName("quiz-panel-content")
        self.content_box = QVBoxLayout(content)
        self.content_box.setContentsMargins(26, 22, 26, 18)
        self.content_box.setSpacing(16)
        self.speed_bar = SpeedBar(content)
        self.speed_bar.setObjectName("speed-bar")
        self.speed_bar.hide()
        self.content_box.addWidget(self.speed_bar)
        self._answer_parts(self.next_question)
        self.content_box.addWidget(self.prompt)
        self.stack = Pages(content)
        self.stack.addWidget(self.input_holder)
        self.stack.addWidget(self.feedback)
        self.content_box.addWidget(self.stack)
        self.content_box.addStretch(1)
        self.scroll.setWidget(content)
        outer.addWidget(self.scroll, 1)

        footer, row = self._footer(26)
        footer.setObjectName("quiz-footer")
        self.show_me_button = QPushButton("&Show me", footer)
        self.show_me_button.setObjectName("show-me")
        self.show_me_button.setToolTip("Learn mode: see the answer and why (Alt+S). It counts as not known.")
        self.show_me_button.setMinimumHeight(42)
        self.show_me_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.show_me_button.clicked.connect(self.show_me)
        self.show_me_button.hide()
        row.addWidget(self.show_me_button)
        self.submit_button = QPushButton("Submit", footer)
        self.submit_button.setObjectName("submit")
        self.submit_button.setProperty("role", "primary")
        self.submit_button.setMinimumHeight(42)
        self.submit_button.setMinimumWidth(150)
        self.submit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the answer input
        self.submit_button.clicked.connect(self._submit_clicked)
        row.addWidget(self.submit_button)
        outer.addWidget(style.rule(self.panel))
        outer.addWidget(footer)

    def _set_wide(self, wide: bool) -> None:
        """With a table, the panel sits beside it; without one it is centred and wider."""
        self.table.setVisible(not wide)
        self.left_space.setVisible(wide)
        self.right_space.setVisible(wide)
        if wide:
            self.panel.setMinimumWidth(min(WIDE_PANEL, 640))
            self.panel.setMaximumWidth(WIDE_PANEL)
            self.panel.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        else:
            self.panel.setMinimumWidth(PANEL_WIDTH)
            self.panel.setMaximumWidth(PANEL_WIDTH)
            self.panel.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.body.setStretchFactor(self.panel, 3 if wide else 0)

    # --------------------------------------------------------------- session
    def start(self, session: Session, *, recording: bool = True, mode: str | None = None) -> None:
        """Run ``session``; ``mode`` defaults to the session's own."""
        self.session = session
        self.mode = mode or session.mode
        self.feedback.recording = recording
        self.save_state = {}
        self.last_result = None
        title = session.title
        try:
            game_title = registry.get_game(session.game_id).title
        except Exception:
            game_title = registry.title_of(session.game_id)
        self.game_title = title if title and not registry.is_available(session.game_id) \
            else (f"{game_title} · {title}" if title and title != game_title else game_title)
        self.game_label.setText(self.game_title)
        badge = MODE_BADGES.get(self.mode, "")
        self.mode_badge.setText(badge)
        self.mode_badge.setVisible(bool(badge))
        self.show_me_button.setVisible(self.mode == LEARN)
        self.speed_bar.setVisible(self.mode == SPEED)
        self.show_question()

    def show_question(self) -> None:
        assert self.session is not None
        question = self.session.current()
        if question is None:
            self.session_finished.emit(self.session)
            return
        self.question = question
        self.stack.setCurrentWidget(self.input_holder)
        self._update_header()
        several = not registry.is_available(self.session.game_id)
        self.skill_label.setText(f"{registry.title_of(question.game_id)} · {skill_label(question.skill)}"
                                 if several else skill_label(question.skill))
        self.prompt.setText(question.prompt)
        self.table.set_scene(question.scene)
        self.pay_cards.show_question(question, pay_cards.allowed_for(self))
        self._set_wide(question.scene is None)
        self.replace_input(question, self._update_submit)
        self.input.show()  # now, not when the layout gets round to it, so that it can take the focus
        self.hint.setText(self.input.hint + (" · Alt+S shows the answer" if self.mode == LEARN else ""))
        self.submit_button.setText("Submit")
        self._update_submit()
        self.scroll.verticalScrollBar().setValue(0)
        self.input.focus_input()
        self.timer.start()
        self.show_me_button.setEnabled(True)
        if self.mode == SPEED:
            self.speed_bar.set_state(0, question_target_ms(question))
            self.ticker.start()

    def _tick(self) -> None:
        if self.question is not None and self.timer.isValid() and self.stack.currentWidget() is not self.feedback:
            self.speed_bar.set_state(int(self.timer.elapsed()), question_target_ms(self.question))

    def show_me(self) -> None:
        """Learn mode: reveal the answer (recorded as not known) and explain it."""
        if self.mode != LEARN or self.stack.currentWidget() is self.feedback:
            return
        self.submit_answer("")

    def focus_default(self) -> None:
        if self.stack.currentWidget() is self.feedback:
            self.feedback.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.input is not None:
            self.input.focus_input()

    def _update_header(self) -> None:
        s = self.session
        if s is None:
            return
        in_feedback = self.stack.currentWidget() is self.feedback
        shown = min(s.position if in_feedback else s.position + 1, s.count)
        self.position_label.setText(f"Question {shown} of {s.count}")
        correct = sum(r.correct for r in s.results)
        self.score_label.setText(f"{correct} / {s.position}")
        current = -1 if in_feedback else s.position
        self.dots.set_state(s.count, [r.correct for r in s.results], current)

    def _update_submit(self) -> None:
        if self.stack.currentWidget() is self.feedback:
            self.submit_button.setEnabled(True)
        else:
            # Amounts and settlements can always be tried (an empty field is explained inline).
            self.submit_button.setEnabled(self.input is not None and (
                self.question.form in ("amounts", "settle") or self.input.is_ready()))

    def _submit_clicked(self) -> None:
        if self.stack.currentWidget() is self.feedback:
            self.next_question()
        elif self.input is not None:
            self.input.submit()

    def submit_answer(self, given: str, response_ms: int | None = None) -> None:
        """Grade, report (so the window records it at once), then show the feedback.
        ``response_ms`` defaults to the time since the question was shown."""
        if self.session is None or self.question is None or self.stack.currentWidget() is self.feedback:
            return
        elapsed = response_ms if response_ms is not None else (
            int(self.timer.elapsed()) if self.timer.isValid() else None)
        self.ticker.stop()
        if self.mode == SPEED and elapsed is not None and self.question is not None:
            self.speed_bar.set_state(elapsed, question_target_ms(self.question))
        result = self.session.answer(given, elapsed)
        self.last_result = result
        index = self.session.position - 1
        self.answered.emit(result)
        self.show_feedback(result, index)

    def show_feedback(self, result: AnswerResult, index: int | None = None) -> None:
        self.feedback.show_result(result, self.mode)
        self.show_me_button.setEnabled(False)
        self._show_saved(index)
        self.stack.setCurrentWidget(self.feedback)
        last = self.session is not None and self.session.finished
        self.submit_button.setText("See summary" if last else "Next question")
        self.hint.setText("Enter, Space or N to " + ("see your summary" if last else "go on"))
        self._update_header()
        self._update_submit()
        self.scroll.verticalScrollBar().setValue(0)
        self.feedback.setFocus(Qt.FocusReason.OtherFocusReason)

    def next_question(self) -> None:
        if self.stack.currentWidget() is not self.feedback:
            return
        self.show_question()

    # ------------------------------------------------------------ saving
    def _showing(self, index: int) -> bool:
        return (self.session is not None and self.stack.currentWidget() is self.feedback
                and self.session.position - 1 == index)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.leave_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)
