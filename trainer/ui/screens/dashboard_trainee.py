"""One trainee in the review: every answer (what was asked, what they said, the right
answer and the rule cited), their skills with mastery and certification, their trend
and their exams; with the CSV of their answers and their printable report.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QScrollArea,
    QTableView,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.review.dashboard import TraineeReport
from trainer.training.mastery import speed_grade
from trainer.training.question import display_answer
from trainer.ui import style
from trainer.ui.screens.dashboard_widgets import (
    CERT_COLOURS,
    LEVEL_COLOURS,
    TrendChart,
    accuracy_colour,
    button,
    coloured_item,
    level_text,
    local_style,
    progress_bar,
    screen_header,
)
from trainer.ui.screens.quiz_screen import citations_html, skill_label
from trainer.ui.screens.summary_screen import make_table, stat_card, text_item

ANSWER_COLUMNS = ["When", "Game", "Skill", "Question", "Their answer", "Right answer", "Result", "Time", "Rule"]


class AnswersModel(QAbstractTableModel):
    """The trainee's answers, newest first, for a ``QTableView`` (thousands of rows)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.answers: list = []

    def set_answers(self, answers) -> None:
        self.beginResetModel()
        self.answers = list(answers)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.answers)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return len(ANSWER_COLUMNS)

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                return ANSWER_COLUMNS[section]
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int((Qt.AlignmentFlag.AlignRight if section == 7 else Qt.AlignmentFlag.AlignLeft)
                           | Qt.AlignmentFlag.AlignVCenter)
        return None

    def text(self, a, column: int) -> str:
        if column == 0:
            return style.format_when(a.answered_at)
        if column == 1:
            return registry.title_of(a.game_id)
        if column == 2:
            return skill_label(a.skill)
        if column == 3:
            return a.prompt
        if column == 4:
            return display_answer(a.form, a.given, a.fields) if a.given else "— (shown)"
        if column == 5:
            return display_answer(a.form, a.correct_answer, a.fields)
        if column == 6:
            return "✓ Right" if a.is_correct else "✗ Wrong"
        if column == 7:
            return style.format_ms(a.response_ms)
        return "; ".join(a.citations)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        a = self.answers[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(a, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 7 and a.target_ms:
                return f"Target {style.format_ms(a.target_ms)}: {speed_grade(a.response_ms, a.target_ms)}"
            return self.text(a, col)
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == 6 or (col == 4 and not a.is_correct):
                return QBrush(QColor(style.GOOD if a.is_correct else style.BAD))
            if col == 7 and a.target_ms and a.response_ms > a.target_ms:
                return QBrush(QColor(style.GOLD))
            if col in (0, 8):
                return QBrush(QColor(style.MUTED))
        if role == Qt.ItemDataRole.FontRole and col == 6:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 7:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class TraineeReviewScreen(QWidget):
    back_requested = Signal()
    export_answers_requested = Signal()
    export_pdf_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(local_style())
        self.report: TraineeReport | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(32, 20, 32, 16)
        outer.setSpacing(12)
        head, self.title, self.subtitle = screen_header(self, "SUPERVISOR · TRAINEE", "")
        self.title.setObjectName("trainee-review-title")
        self.busy = progress_bar(self, "trainee-busy")
        self.busy.setFixedWidth(150)
        head.addWidget(self.busy, 0, Qt.AlignmentFlag.AlignVCenter)
        self.csv_button = button("&Answers (CSV)", self, name="trainee-export-answers",
                                 tip="Every answer of this trainee in the period")
        self.csv_button.clicked.connect(self.export_answers_requested)
        head.addWidget(self.csv_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.pdf_button = button("&Report (PDF)", self, name="trainee-export-pdf",
                                 tip="A printable report of this trainee")
        self.pdf_button.clicked.connect(self.export_pdf_requested)
        head.addWidget(self.pdf_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.back_button = button("&Back to the dashboard", self, name="trainee-back", primary=True)
        self.back_button.clicked.connect(self.back_requested)
        head.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(head)

        stats = QHBoxLayout()
        stats.setSpacing(12)
        self.values = {}
        for key, caption in (("answers", "Answers"), ("accuracy", "Accuracy"), ("mean", "Mean time"),
                             ("target", "On target"), ("skills", "Skills proficient"), ("certified", "Certified in")):
            card, value = stat_card(caption, self)
            card.layout().setContentsMargins(16, 10, 16, 10)
            value.setObjectName(f"trainee-{key}")
            self.values[key] = value
            stats.addWidget(card, 1)
        outer.addLayout(stats)

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("trainee-tabs")
        self.tabs.setDocumentMode(True)
        # answers
        answers_page = QWidget()
        arow = QHBoxLayout(answers_page)
        arow.setContentsMargins(0, 8, 0, 0)
        arow.setSpacing(14)
        self.model = AnswersModel(self)
        self.answers_view = QTableView(answers_page)
        self.answers_view.setObjectName("trainee-answers")
        self.answers_view.setModel(self.model)
        self.answers_view.verticalHeader().setVisible(False)
        self.answers_view.verticalHeader().setDefaultSectionSize(34)
        self.answers_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.answers_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.answers_view.setAlternatingRowColors(True)
        self.answers_view.setShowGrid(False)
        self.answers_view.setWordWrap(False)
        self.answers_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.answers_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.answers_view.horizontalHeader()
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for col, width in ((0, 118), (1, 150), (2, 140), (4, 130), (5, 130), (6, 84), (7, 70), (8, 150)):
            self.answers_view.setColumnWidth(col, width)
        self.answers_view.selectionModel().currentRowChanged.connect(lambda cur, _prev: self._show_answer(cur.row()))
        arow.addWidget(self.answers_view, 1)
        detail_card = style.card(answers_page)
        detail_card.setFixedWidth(360)
        dbox = QVBoxLayout(detail_card)
        dbox.setContentsMargins(16, 14, 16, 14)
        self.detail = style.label("", None, wrap=True)
        self.detail.setObjectName("trainee-answer-detail")
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        scroll = QScrollArea(detail_card)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.detail)
        dbox.addWidget(scroll)
        arow.addWidget(detail_card)
        self.tabs.addTab(answers_page, "Answers")
        # skills
        self.skills_tree = QTreeWidget()
        self.skills_tree.setObjectName("trainee-skills")
        self.skills_tree.setHeaderLabels(["Game and skill", "Answers", "Accuracy", "Mean time", "On target",
                                          "Mastery", "Certification"])
        self.skills_tree.setAlternatingRowColors(True)
        self.skills_tree.setUniformRowHeights(True)
        sh = self.skills_tree.header()
        sh.setStretchLastSection(False)
        sh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, 7):
            sh.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tabs.addTab(self._padded(self.skills_tree), "Skills")
        # trend
        self.chart = TrendChart()
        self.chart.setObjectName("trainee-trend")
        chart_card = style.card()
        cbox = QVBoxLayout(chart_card)
        cbox.setContentsMargins(8, 8, 8, 4)
        cbox.addWidget(self.chart)
        self.tabs.addTab(self._padded(chart_card), "Trend")
        # exams
        self.exams_table = make_table(["Date", "Exam", "Score", "Pass mark", "Result"], stretch=1, numeric=(2, 3))
        self.exams_table.setObjectName("trainee-exams")
        self.tabs.addTab(self._padded(self.exams_table), "Exams")
        outer.addWidget(self.tabs, 1)

        foot = QHBoxLayout()
        self.count_label = style.label("", "small")
        self.count_label.setObjectName("trainee-count")
        foot.addWidget(self.count_label, 1)
        self.status = style.label("", "small", wrap=True)
        self.status.setObjectName("trainee-status")
        foot.addWidget(self.status, 1)
        foot.addWidget(style.label("Esc goes back", "hint"))
        outer.addLayout(foot)

    @staticmethod
    def _padded(widget: QWidget) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.setContentsMargins(0, 8, 0, 0)
        box.addWidget(widget)
        return page

    # ---------------------------------------------------------------- states
    def show_loading(self, name: str = "") -> None:
        self.title.setText(name or "Loading…")
        self.busy.setRange(0, 0)
        self.busy.show()
        self.model.set_answers([])
        self.detail.setText("")
        for v in self.values.values():
            v.setText("—")
        self.csv_button.setEnabled(False)
        self.pdf_button.setEnabled(False)

    def show_error(self, message: str) -> None:
        self.busy.hide()
        self.set_status(f"The trainee could not be loaded: {message}", error=True)

    def show_progress(self, done: int, total: int, _text: str = "") -> None:
        self.busy.show()
        self.busy.setRange(0, max(0, total))
        self.busy.setValue(done)

    def hide_progress(self) -> None:
        self.busy.hide()

    def set_status(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        style.set_role(self.status, "error" if error else "small")

    def show_report(self, r: TraineeReport) -> None:
        self.report = r
        self.busy.hide()
        row = r.row
        self.title.setText(row.trainee.name)
        classes = ", ".join(row.classes) if row.classes else "no class"
        self.subtitle.setText(f"{classes} · {r.query.describe(with_class=False)}")
        self.subtitle.show()
        self.values["answers"].setText(f"{r.answer_total:,}")
        self.values["accuracy"].setText(style.format_percent(row.accuracy) if row.answered else "—")
        self.values["mean"].setText(style.format_ms(row.mean_ms) if row.answered else "—")
        self.values["target"].setText(style.format_percent(row.speed) if row.answered else "—")
        self.values["skills"].setText(f"{row.skills_proficient} / {row.skills_total}")
        certified = [registry.title_of(g) for g in row.certified]
        self.values["certified"].setText(str(len(certified)) if certified else "None")
        self.values["certified"].setToolTip(", ".join(certified))
        self.model.set_answers(r.answers)
        shown = len(r.answers)
        self.count_label.setText(f"{r.answer_total:,} answers" if shown == r.answer_total else
                                 f"The {shown:,} most recent of {r.answer_total:,} answers: "
                                 "the CSV export has every one")
        if shown:
            self.answers_view.selectRow(0)
            self._show_answer(0)
        else:
            self.detail.setText(f"<span style='color:{style.MUTED}'>No answers in this period.</span>")
        self._fill_skills(r)
        self.chart.set_points(r.trend, r.bucket)
        self._fill_exams(r)
        self.csv_button.setEnabled(True)
        self.pdf_button.setEnabled(True)

    def _show_answer(self, row: int) -> None:
        if not 0 <= row < len(self.model.answers):
            return
        a = self.model.answers[row]
        given = display_answer(a.form, a.given, a.fields) if a.given else "— (shown)"
        right = display_answer(a.form, a.correct_answer, a.fields)
        verdict = (f"<b style='color:{style.GOOD}'>Right</b>" if a.is_correct
                   else f"<b style='color:{style.BAD}'>Wrong</b>")
        grade = speed_grade(a.response_ms, a.target_ms) if a.target_ms else ""
        self.detail.setText(
            f"<div style='color:{style.MUTED}'>{escape(style.format_when(a.answered_at))} · "
            f"{escape(registry.title_of(a.game_id))} · {escape(skill_label(a.skill))}</div>"
            f"<p style='font-size:12pt'>{escape(a.prompt)}</p>"
            f"<table cellspacing='0' cellpadding='0'>"
            f"<tr><td style='color:{style.MUTED}; padding:2px 12px 2px 0'>Result</td><td>{verdict} in "
            f"{escape(style.format_ms(a.response_ms))}{f' ({grade})' if grade else ''}</td></tr>"
            f"<tr><td style='color:{style.MUTED}; padding:2px 12px 2px 0'>They said</td>"
            f"<td style='color:{style.GOOD if a.is_correct else style.BAD}'><b>{escape(given)}</b></td></tr>"
            f"<tr><td style='color:{style.MUTED}; padding:2px 12px 2px 0'>Right answer</td>"
            f"<td><b>{escape(right)}</b></td></tr></table>"
            f"<p>{escape(a.explanation)}</p>"
            + (f"<p><span style='color:{style.MUTED}'>Rule:</span> {citations_html(a.citations)}</p>"
               if a.citations else ""))

    def _fill_skills(self, r: TraineeReport) -> None:
        tree = self.skills_tree
        tree.clear()
        faint = QBrush(QColor(style.FAINT))
        for g in r.row.games:
            gi = QTreeWidgetItem([g.title, f"{g.answered:,}", style.format_percent(g.accuracy) if g.answered else "—",
                                  style.format_ms(g.mean_ms) if g.answered else "—",
                                  style.format_percent(g.speed) if g.answered else "—",
                                  f"{g.proficient} / {len(g.skills)} proficient", g.certification.text])
            font = QFont(gi.font(0))
            font.setBold(True)
            for col in range(7):
                gi.setFont(col, font)
            gi.setForeground(6, QBrush(QColor(CERT_COLOURS.get(g.certification.status, style.FAINT))))
            gi.setForeground(2, QBrush(QColor(accuracy_colour(g.accuracy))))
            tree.addTopLevelItem(gi)
            for s in g.skills:
                si = QTreeWidgetItem([s.title, f"{s.answered:,}" if s.answered else "—",
                                      style.format_percent(s.accuracy) if s.answered else "—",
                                      style.format_ms(s.mean_ms) if s.answered else "—",
                                      style.format_percent(s.speed) if s.answered else "—", level_text(s.level), ""])
                si.setForeground(5, QBrush(QColor(LEVEL_COLOURS[s.level])))
                si.setForeground(2, QBrush(QColor(accuracy_colour(s.accuracy))) if s.answered else faint)
                if not s.answered:
                    si.setForeground(0, faint)
                gi.addChild(si)
            gi.setExpanded(True)
        for col in range(1, 5):
            for i in range(tree.topLevelItemCount()):
                top = tree.topLevelItem(i)
                top.setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                for j in range(top.childCount()):
                    top.child(j).setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def _fill_exams(self, r: TraineeReport) -> None:
        t = self.exams_table
        t.setRowCount(len(r.attempts))
        for row, a in enumerate(r.attempts):
            t.setItem(row, 0, text_item(style.format_when(a.started_at)))
            t.setItem(row, 1, text_item(a.exam_title))
            t.setItem(row, 2, text_item(f"{a.correct} / {a.question_count} ({style.format_percent(a.score)})",
                                        align_right=True))
            t.setItem(row, 3, text_item(f"{a.pass_mark}%", align_right=True))
            if not a.submitted:
                t.setItem(row, 4, coloured_item("Not submitted", style.GOLD))
            else:
                t.setItem(row, 4, coloured_item("Passed" if a.passed else "Failed",
                                                style.GOOD if a.passed else style.BAD))
        self.tabs.setTabText(3, f"Exams ({len(r.attempts)})")

    def focus_default(self) -> None:
        self.answers_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)
