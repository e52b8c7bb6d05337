"""After the last question: the score, the times, every question, and what to review."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.contracts.measures import accuracy, percent, speed_of
from trainer.contracts.question import AnswerResult
from trainer.training.session import Session
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html
from trainer.ui.screens.quiz_screen import answer_html, citations_html, skill_label

MODE_WORDS = {"practice": "practice", "learn": "learn mode", "speed": "speed mode", "exam": "exam"}


def stat_card(caption: str, parent: QWidget | None = None) -> tuple[QFrame, QLabel]:
    frame = style.card(parent)
    box = QVBoxLayout(frame)
    box.setContentsMargins(20, 14, 20, 14)
    box.setSpacing(2)
    box.addWidget(style.label(caption.upper(), "stat-label"))
    value = style.label("—", "stat-value")
    box.addWidget(value)
    return frame, value


def stat_row(parent: QWidget, cards: list[tuple[str, str]]) -> tuple[QHBoxLayout, list[QLabel]]:
    """A row of equal stat cards, given (caption, object name) pairs; returns the value labels."""
    row = QHBoxLayout()
    row.setSpacing(14)
    values = []
    for caption, name in cards:
        frame, value = stat_card(caption, parent)
        value.setObjectName(name)
        row.addWidget(frame, 1)
        values.append(value)
    return row, values


def results_page(screen: QWidget, brand: str, title_name: str) -> tuple[QVBoxLayout, QVBoxLayout, QLabel]:
    """The frame of a screen of results (the session summary, my progress): its layout,
    and the titles (the brand line over an empty ``h1`` title named ``title_name``)."""
    screen.setProperty("role", "screen")
    outer = QVBoxLayout(screen)
    outer.setContentsMargins(40, 26, 40, 22)
    outer.setSpacing(16)
    titles = QVBoxLayout()
    titles.setSpacing(2)
    titles.addWidget(style.label(brand, "brand"))
    title = style.label("", "h1")
    title.setObjectName(title_name)
    titles.addWidget(title)
    return outer, titles, title


def result_item(correct: bool) -> QTableWidgetItem:
    item = QTableWidgetItem("✓  Right" if correct else "✗  Wrong")
    item.setForeground(QBrush(QColor(style.GOOD if correct else style.BAD)))
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    return item


def text_item(text: str, *, align_right: bool = False, tooltip: str | None = None) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    item.setToolTip(tooltip if tooltip is not None else text)
    return item


def make_table(headers: list[str], parent: QWidget | None = None, *, stretch: int = 0,
               numeric: tuple[int, ...] = ()) -> QTableWidget:
    """A read-only table: ``stretch`` takes the spare width, the other columns fit their
    contents; ``numeric`` columns are right-aligned, header included."""
    table = QTableWidget(0, len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.verticalHeader().setDefaultSectionSize(36)
    header = table.horizontalHeader()
    header.setHighlightSections(False)
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    header.setMinimumSectionSize(48)
    for col in range(len(headers)):
        if col in numeric:
            table.horizontalHeaderItem(col).setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == stretch
                                    else QHeaderView.ResizeMode.ResizeToContents)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return table


class SummaryScreen(QWidget):
    again_requested = Signal()
    home_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer, head, self.title = results_page(self, "SESSION COMPLETE", "summary-title")
        outer.addLayout(head)

        stats, (self.score_value, self.accuracy_value, self.mean_value, self.total_value) = stat_row(self, [
            ("Score", "summary-score"), ("Accuracy", "summary-accuracy"), ("Mean time", "summary-mean"),
            ("Total time", "summary-total")])
        outer.addLayout(stats)

        self.warning = style.label("", "error", wrap=True)
        self.warning.setObjectName("summary-warning")
        self.warning.hide()
        outer.addWidget(self.warning)

        body = QHBoxLayout()
        body.setSpacing(18)
        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(style.label("Every question", "h3"))
        self.table = make_table(["#", "Question", "Skill", "Time", "Result"], self, stretch=1, numeric=(3,))
        self.table.setObjectName("summary-table")
        left.addWidget(self.table, 1)
        body.addLayout(left, 3)

        right = QVBoxLayout()
        right.setSpacing(8)
        self.review_title = style.label("To review", "h3")
        right.addWidget(self.review_title)
        self.review_scroll = QScrollArea(self)
        self.review_scroll.setWidgetResizable(True)
        self.review_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder = QWidget()
        self.review_box = QVBoxLayout(holder)
        self.review_box.setContentsMargins(0, 0, 6, 0)
        self.review_box.setSpacing(10)
        self.review_scroll.setWidget(holder)
        right.addWidget(self.review_scroll, 1)
        body.addLayout(right, 2)
        outer.addLayout(body, 1)

        actions = QHBoxLayout()
        actions.setSpacing(12)
        self.again_button = QPushButton("&Practise again", self)
        self.again_button.setObjectName("practise-again")
        self.again_button.setProperty("role", "primary")
        self.again_button.setMinimumHeight(44)
        self.again_button.clicked.connect(self.again_requested)
        actions.addWidget(self.again_button)
        self.home_button = QPushButton("H&ome", self)
        self.home_button.setObjectName("home")
        self.home_button.setMinimumHeight(44)
        self.home_button.clicked.connect(self.home_requested)
        actions.addWidget(self.home_button)
        actions.addStretch(1)
        actions.addWidget(style.label("Enter practises again · Esc goes home", "hint"))
        outer.addLayout(actions)
        self.session: Session | None = None
        self.mode = "practice"

    def show_session(self, session: Session, unsaved: dict[int, str] | None = None) -> None:
        self.session = session
        summary = session.summary()
        try:
            game_title = registry.get_game(session.game_id).title
        except Exception:
            game_title = registry.title_of(session.game_id)
        title = session.title or game_title
        self.mode = session.mode
        self.title.setText(f"{title} · {MODE_WORDS.get(self.mode, self.mode)}")
        self.score_value.setText(f"{summary.correct} / {summary.answered}")
        self.accuracy_value.setText(percent(accuracy(summary.correct, summary.answered)))
        self.mean_value.setText(style.format_ms(summary.mean_ms) if summary.answered else "—")
        self.total_value.setText(style.format_ms(summary.total_ms))
        self.set_unsaved(unsaved or {})
        self._fill_table(session.results)
        self._fill_review(summary.missed)
        self.again_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_unsaved(self, unsaved: dict[int, str]) -> None:
        """Answers the store refused: they count here but are not in the trainee's progress."""
        if unsaved:
            first = next(iter(unsaved.values()))
            self.warning.setText(f"{len(unsaved)} answer{'s were' if len(unsaved) > 1 else ' was'} not saved "
                                 f"to your progress: {first}")
        self.warning.setVisible(bool(unsaved))

    def focus_default(self) -> None:
        self.again_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fill_table(self, results: list[AnswerResult]) -> None:
        self.table.setRowCount(len(results))
        for row, r in enumerate(results):
            q = r.question
            self.table.setItem(row, 0, text_item(str(row + 1)))
            self.table.setItem(row, 1, text_item(q.prompt, tooltip=f"{q.prompt}\nYour answer: {r.given_display}"))
            self.table.setItem(row, 2, text_item(skill_label(q.skill)))
            time_text = style.format_ms(r.response_ms)
            if self.mode == "speed" and r.correct:
                time_text = f"{time_text} · {speed_of(r)}"
            elif self.mode == "learn":
                time_text = "shown" if r.given == "" else "—"
            self.table.setItem(row, 3, text_item(time_text, align_right=True))
            self.table.setItem(row, 4, result_item(r.correct))

    def _fill_review(self, missed: list[AnswerResult]) -> None:
        while self.review_box.count():
            item = self.review_box.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.review_title.setText(f"To review ({len(missed)})" if missed else "To review")
        if not missed:
            done = style.label("Nothing to review: every answer was right. Well dealt!", "empty", wrap=True)
            done.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.review_box.addWidget(done)
            self.review_box.addStretch(1)
            return
        index = {id(r): i for i, r in enumerate(self.session.results)} if self.session else {}
        for r in missed:
            self.review_box.addWidget(self._review_card(r, index.get(id(r))))
        self.review_box.addStretch(1)

    def _review_card(self, r: AnswerResult, number: int | None) -> QFrame:
        frame = style.card()
        frame.setObjectName("missed")
        box = QVBoxLayout(frame)
        box.setContentsMargins(16, 12, 16, 12)
        box.setSpacing(6)
        prefix = f"{number + 1}. " if number is not None else ""
        box.addWidget(style.label(prefix + r.question.prompt, "h3", wrap=True))
        details = style.label("", None, wrap=True)
        details.setTextFormat(Qt.TextFormat.RichText)
        details.setText(answer_html(r.question, r.given, r.correct))
        box.addWidget(details)
        if r.question.citations:
            cites = style.label(link_html(citations_html(r.question.citations), r.question.game_id),
                                "citations", wrap=True)
            cites.setTextFormat(Qt.TextFormat.RichText)
            attach(cites)  # each citation opens the rule book at its section (issue 18)
            box.addWidget(cites)
        return frame

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            focused = self.focusWidget()
            (self.home_button if focused is self.home_button else self.again_button).click()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            self.home_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)
