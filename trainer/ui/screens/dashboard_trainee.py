"""One trainee in the review: every answer (what was asked, what they said, the right
answer and the rule cited), their skills with mastery and certification, their trend,
their exams and their table mode rounds (per game and mode, the latest rounds, and each
round's mistakes with the rule); with the CSV of their answers and their printable report.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QMetaMethod, QModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QTableView,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.review.dashboard import (
    TraineeReport,
    mistake_expected,
    mode_title,
    round_errors_text,
    round_mistake_title,
    round_option_lines,
    round_time_text,
    table_level_title,
)
from trainer.store.table_rounds import TableRoundRow, TableRoundSummary
from trainer.contracts.measures import speed_grade
from trainer.contracts.question import display_answer
from trainer.ui import style
from trainer.ui.citation_links import attach, link_html
from trainer.ui.keys import EscapeGoesBack
from trainer.ui.screens.dashboard_widgets import (
    stat_row,
    CERT_COLOURS,
    LEVEL_COLOURS,
    TrendChart,
    accuracy_colour,
    button,
    coloured_item,
    level_text,
    table_skill_texts,
    local_style,
    progress_bar,
    screen_header,
)
from trainer.ui.screens.quiz_screen import citations_html, skill_label
from trainer.ui.screens.summary_screen import make_table, text_item

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


ROUND_COLUMNS = ["When", "Game", "Mode", "Level", "Actions", "Errors", "Time / target", "Clean"]
ROUND_TIPS = {"Errors": "Deal: procedure errors (a wrong step, seat or spot, or a card dealt the wrong way up) and "
                        "payouts of the wrong amount. Watch: the app's mistakes let pass (missed) and stops where "
                        "nothing was wrong (false alarms)",
              "Time / target": "The round's time against the level's target (— untimed)",
              "Clean": "✓ finished without an error; ✗ with errors; Left: not finished"}
SUMMARY_COLUMNS = ["Game", "Mode", "Rounds", "Clean", "Procedure", "Payout", "Extra chips", "Caught", "Missed",
                   "False alarms", "Per action", "On time"]
SUMMARY_ROWS_SHOWN = 4
SUMMARY_TIPS = {
    "Clean": "Rounds finished without an error (procedure, payout, missed or false call)",
    "Procedure": "Procedure errors: a wrong step, seat or spot, or a card face up that goes face down",
    "Payout": "Payouts of the wrong amount",
    "Extra chips": "Right payouts made in more chips than needed (the softer grade)",
    "Caught": "Watch mode: the app's mistakes stopped, of those it made",
    "Missed": "Watch mode: mistakes let pass",
    "False alarms": "Watch mode: stops where nothing was wrong",
    "Per action": "Mean time per dealer action",
    "On time": "Timed rounds finished within the level's target",
}


class TableRoundsPanel(QWidget):
    """The "Table rounds" tab: a summary per game and mode, the latest rounds, and the
    selected round's house options and mistakes (kind, what the rules call for, what was
    done, the rule)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rounds: list[TableRoundRow] = []
        outer = style.vbox(self, (0, 8, 0, 0), 10)
        self.summary_table = make_table(SUMMARY_COLUMNS, stretch=0, numeric=tuple(range(2, 12)))
        self.summary_table.setObjectName("trainee-table-summary")
        self.summary_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.summary_table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.summary_table.verticalHeader().setDefaultSectionSize(30)
        for col, caption in enumerate(SUMMARY_COLUMNS):
            if caption in SUMMARY_TIPS:
                self.summary_table.horizontalHeaderItem(col).setToolTip(SUMMARY_TIPS[caption])
        outer.addWidget(self.summary_table)
        row = QHBoxLayout()
        row.setSpacing(14)
        left = QVBoxLayout()
        left.setSpacing(6)
        self.rounds_title = style.label("Latest rounds", "h3", parent=self)
        left.addWidget(self.rounds_title)
        self.rounds_table = make_table(ROUND_COLUMNS, stretch=1, numeric=(4,))
        self.rounds_table.setObjectName("trainee-table-rounds")
        self.rounds_table.verticalHeader().setDefaultSectionSize(32)
        for col, caption in enumerate(ROUND_COLUMNS):
            if caption in ROUND_TIPS:
                self.rounds_table.horizontalHeaderItem(col).setToolTip(ROUND_TIPS[caption])
        self.rounds_table.currentCellChanged.connect(lambda r, _c, _pr, _pc: self.show_round(r))
        left.addWidget(self.rounds_table, 1)
        row.addLayout(left, 1)
        self.empty = style.label("", "empty", wrap=True, parent=self, name="trainee-table-empty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.hide()
        outer.addWidget(self.empty, 1)
        self.detail_card = style.card(self)
        self.detail_card.setFixedWidth(290)
        dbox = style.vbox(self.detail_card, (16, 14, 16, 14))
        self.detail = style.label("", None, wrap=True, name="trainee-round-detail")
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        attach(self.detail)  # each citation opens the rule book at its section (issue 18)
        scroll = style.scroll_area(self.detail_card, self.detail)
        dbox.addWidget(scroll)
        row.addWidget(self.detail_card)
        outer.addLayout(row, 1)

    def set_report(self, summary: tuple[TableRoundSummary, ...], rounds: tuple[TableRoundRow, ...],
                   total: int) -> None:
        self.rounds = list(rounds)
        has = bool(self.rounds)
        for w in (self.summary_table, self.rounds_title, self.rounds_table, self.detail_card):
            w.setVisible(has)
        self.empty.setVisible(not has)
        self.empty.setText("No table mode rounds in this period. The rounds a trainee deals or watches at the "
                           "table appear here, with every mistake and the rule.")
        self._fill_summary(summary)
        self.rounds_title.setText("Latest rounds" if len(rounds) == total else
                                  f"The {len(rounds):,} most recent of {total:,} rounds")
        t = self.rounds_table
        t.setRowCount(len(self.rounds))
        for n, r in enumerate(self.rounds):
            t.setItem(n, 0, coloured_item(style.format_when(r.recorded_at), style.MUTED, bold=False))
            t.setItem(n, 1, text_item(registry.title_of(r.game_id)))
            t.setItem(n, 2, text_item(mode_title(r.mode)))
            t.setItem(n, 3, text_item(table_level_title(r.level)))
            t.setItem(n, 4, text_item(f"{r.actions:,}", align_right=True))
            errors = round_errors_text(r)
            t.setItem(n, 5, coloured_item(errors, style.BAD if r.errors else style.FAINT, bold=False,
                                          tooltip=round_errors_text(r, every=True)))
            late = r.timed and r.completed and not r.on_time
            t.setItem(n, 6, coloured_item(round_time_text(r), style.GOLD if late else style.TEXT, bold=late,
                                          tooltip="Over the level's time target" if late else None))
            if not r.completed:
                t.setItem(n, 7, coloured_item("Left", style.GOLD, tooltip="Left before the end of the round"))
            else:
                t.setItem(n, 7, coloured_item("✓" if r.clean else "✗", style.GOOD if r.clean else style.BAD,
                                              tooltip="Clean: no error" if r.clean else f"{r.errors} errors"))
        if self.rounds:
            t.selectRow(0)
            self.show_round(0)

    def _fill_summary(self, summary: tuple[TableRoundSummary, ...]) -> None:
        t = self.summary_table
        t.setRowCount(len(summary))
        for n, s in enumerate(summary):
            watch = s.mode == "watch"
            t.setItem(n, 0, coloured_item(registry.title_of(s.game_id), style.TEXT))
            t.setItem(n, 1, text_item(mode_title(s.mode)))
            t.setItem(n, 2, text_item(f"{s.rounds:,}", align_right=True))
            t.setItem(n, 3, coloured_item(f"{s.clean_rounds:,} ({style.format_percent(s.clean_share)})",
                                          accuracy_colour(s.clean_share), right=True))
            values = {4: None if watch else s.procedure_errors, 5: None if watch else s.payout_errors,
                      6: None if watch else s.extra_chip_payouts, 8: s.missed_calls if watch else None,
                      9: s.false_calls if watch else None}
            for col, value in values.items():
                if value is None:
                    t.setItem(n, col, coloured_item("—", style.FAINT, bold=False, right=True))
                else:
                    colour = (style.GOLD if col == 6 else style.BAD) if value else style.FAINT
                    t.setItem(n, col, coloured_item(f"{value:,}", colour, bold=bool(value), right=True))
            if watch:
                share = s.caught / s.mistakes_made if s.mistakes_made else 1.0
                t.setItem(n, 7, coloured_item(f"{s.caught:,} of {s.mistakes_made:,}", accuracy_colour(share),
                                              right=True))
            else:
                t.setItem(n, 7, coloured_item("—", style.FAINT, bold=False, right=True))
            t.setItem(n, 10, text_item(style.format_ms(s.mean_action_ms) if s.actions_timed else "—",
                                       align_right=True))
            on_time = (f"{s.rounds_on_time:,} of {s.timed_rounds:,}" if s.timed_rounds else "untimed")
            t.setItem(n, 11, coloured_item(on_time, accuracy_colour(s.rounds_on_time / s.timed_rounds)
                                           if s.timed_rounds else style.FAINT, bold=False, right=True))
        # as tall as its rows (up to SUMMARY_ROWS_SHOWN of them; it scrolls beyond)
        shown = min(len(summary), SUMMARY_ROWS_SHOWN)
        t.setFixedHeight(t.horizontalHeader().sizeHint().height() + 30 * shown + 2 * t.frameWidth())

    def show_round(self, row: int) -> None:
        if not 0 <= row < len(self.rounds):
            return
        r = self.rounds[row]
        muted = f"color:{style.MUTED}; padding:2px 12px 2px 0"
        lines = [f"<div style='color:{style.MUTED}'>{escape(style.format_when(r.recorded_at))} · "
                 f"{escape(registry.title_of(r.game_id))}</div>",
                 f"<p style='font-size:12pt'><b>{escape(mode_title(r.mode))}</b> · "
                 f"{escape(table_level_title(r.level))} level · {r.actions} dealer actions</p>"]
        if not r.completed:
            verdict = f"<b style='color:{style.GOLD}'>Left before the end</b>"
        elif r.clean:
            verdict = f"<b style='color:{style.GOOD}'>Clean round</b>"
        else:
            verdict = f"<b style='color:{style.BAD}'>{r.errors} error{'s' if r.errors != 1 else ''}</b>"
        rows = [("Result", verdict), ("Time", escape(round_time_text(r)))]
        if r.mode == "watch":
            rows.append(("Calls", escape(f"{r.caught} of {r.mistakes_made} caught, {r.missed_calls} missed, "
                                         f"{r.false_calls} false alarm{'s' if r.false_calls != 1 else ''}")))
            if r.caught:
                rows.append(("Named", escape(f"rule {r.rule_named} of {r.caught}, "
                                             f"remedy {r.remedy_named} of {r.caught}")))
        else:
            rows.append(("Errors", escape(f"{r.procedure_errors} procedure, {r.payout_errors} payout")
                         + (escape(f"; {r.extra_chip_payouts} paid in extra chips") if r.extra_chip_payouts
                            else "")))
        lines.append("<table cellspacing='0' cellpadding='0'>" + "".join(
            f"<tr><td style='{muted}'>{k}</td><td>{v}</td></tr>" for k, v in rows) + "</table>")
        if r.mistakes:
            lines.append("<p style='margin-top:10px'><b>Mistakes</b></p>")
            for m in r.mistakes:
                colour = style.GOLD if m.kind == "extra-chips" else style.BAD
                if m.kind == "false-call":  # nothing was wrong: say what the dealer rightly did
                    what = [("Stopped", mistake_expected(m))]
                else:
                    what = [("Expected", m.expected), ("Done", m.attempted)]
                lines.append(
                    f"<p style='margin-top:6px'><b style='color:{colour}'>{escape(round_mistake_title(m.kind))}</b>"
                    + "".join(f"<br><span style='color:{style.MUTED}'>{k}:</span> {escape(v)}" for k, v in what)
                    + (f"<br><span style='color:{style.MUTED}'>Rule:</span> {link_html(citations_html(m.citations))}"
                       if m.citations else "") + "</p>")
        elif r.completed:
            lines.append(f"<p style='color:{style.GOOD}'>No mistakes in this round.</p>")
        options = round_option_lines(r.game_id, r.options)
        if options:  # after the mistakes: what the supervisor looks for first
            lines.append(f"<p style='margin-top:10px'><b>House options</b><br><span style='color:{style.MUTED}'>"
                         + "<br>".join(escape(o) for o in options) + "</span></p>")
        self.detail.setText("".join(lines))


class TraineeReviewScreen(EscapeGoesBack, QWidget):
    back_requested = Signal()
    export_answers_requested = Signal()
    export_pdf_requested = Signal()
    export_table_rounds_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, css=local_style())
        self.report: TraineeReport | None = None
        outer = style.vbox(self, (32, 20, 32, 16), 12)
        head, self.title, self.subtitle = screen_header(self, "SUPERVISOR · TRAINEE", "")
        self.title.setObjectName("trainee-review-title")
        self.busy = progress_bar(self, "trainee-busy")
        self.busy.setFixedWidth(150)
        head.addWidget(self.busy, 0, Qt.AlignmentFlag.AlignVCenter)
        self.csv_button = button("&Answers (CSV)", self, name="trainee-export-answers",
                                 tip="Every answer of this trainee in the period")
        self.csv_button.clicked.connect(self.export_answers_requested)
        head.addWidget(self.csv_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.rounds_button = button("&Table rounds (CSV)", self, name="trainee-export-rounds",
                                    tip="Every table mode round of this trainee in the period, with its mistakes")
        self.rounds_button.clicked.connect(self.export_table_rounds_requested)
        self.rounds_button.hide()
        head.addWidget(self.rounds_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.pdf_button = button("&Report (PDF)", self, name="trainee-export-pdf",
                                 tip="A printable report of this trainee")
        self.pdf_button.clicked.connect(self.export_pdf_requested)
        head.addWidget(self.pdf_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.back_button = button("&Back to the dashboard", self, name="trainee-back", primary=True)
        self.back_button.clicked.connect(self.back_requested)
        head.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(head)

        stats, self.values = stat_row(self, "trainee", (
            ("answers", "Answers"), ("accuracy", "Accuracy"), ("mean", "Mean time"), ("target", "On target"),
            ("skills", "Skills proficient"), ("certified", "Certified in")))
        outer.addLayout(stats)

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("trainee-tabs")
        self.tabs.setDocumentMode(True)
        # answers
        answers_page = QWidget()
        arow = style.hbox(answers_page, (0, 8, 0, 0), 14)
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
        dbox = style.vbox(detail_card, (16, 14, 16, 14))
        self.detail = style.label("", None, wrap=True, name="trainee-answer-detail")
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        attach(self.detail)  # each citation opens the rule book at its section (issue 18)
        scroll = style.scroll_area(detail_card, self.detail)
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
        cbox = style.vbox(chart_card, (8, 8, 8, 4))
        cbox.addWidget(self.chart)
        self.tabs.addTab(self._padded(chart_card), "Trend")
        # exams
        self.exams_table = make_table(["Date", "Exam", "Score", "Pass mark", "Result"], stretch=1, numeric=(2, 3))
        self.exams_table.setObjectName("trainee-exams")
        self.tabs.addTab(self._padded(self.exams_table), "Exams")
        # table mode
        self.table_panel = TableRoundsPanel()
        self.table_panel.setObjectName("trainee-table-panel")
        self.tabs.addTab(self.table_panel, "Table rounds")
        outer.addWidget(self.tabs, 1)

        foot = QHBoxLayout()
        self.count_label = style.label("", "small", name="trainee-count")
        foot.addWidget(self.count_label, 1)
        self.status = style.label("", "small", wrap=True, name="trainee-status")
        foot.addWidget(self.status, 1)
        foot.addWidget(style.label("Esc goes back", "hint"))
        outer.addLayout(foot)

    @staticmethod
    def _padded(widget: QWidget) -> QWidget:
        page = QWidget()
        box = style.vbox(page, (0, 8, 0, 0))
        box.addWidget(widget)
        return page

    # ---------------------------------------------------------------- states
    def show_loading(self, name: str = "") -> None:
        self.title.setText(name or "Loading…")
        self.busy.running()
        self.model.set_answers([])
        self.detail.setText("")
        for v in self.values.values():
            v.setText("—")
        self.table_panel.set_report((), (), 0)
        for b in (self.csv_button, self.pdf_button, self.rounds_button):
            b.setEnabled(False)

    def show_error(self, message: str) -> None:
        self.busy.hide()
        self.set_status(f"The trainee could not be loaded: {message}", error=True)

    def show_progress(self, done: int, total: int, _text: str = "") -> None:
        self.busy.progress(done, total)

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
        # question answers, beside their accuracy; the answers tab lists table mode's steps too
        self.values["answers"].setText(f"{row.answered:,}")
        self.values["answers"].setToolTip(f"{r.answer_total:,} answers in the log, table mode's steps included")
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
        self.table_panel.set_report(r.table_summary, r.table_rounds, r.table_round_total)
        self.tabs.setTabText(self.tabs.indexOf(self.table_panel), f"Table rounds ({r.table_round_total:,})")
        self.csv_button.setEnabled(True)
        self.pdf_button.setEnabled(True)
        # shown once the review writes the file (it listens to export_table_rounds_requested)
        self.rounds_button.setVisible(self.isSignalConnected(
            QMetaMethod.fromSignal(self.export_table_rounds_requested)))
        self.rounds_button.setEnabled(bool(r.table_round_total))

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
            + (f"<p><span style='color:{style.MUTED}'>Rule:</span> {link_html(citations_html(a.citations))}</p>"
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
                if s.is_table:  # judged by rounds: "3 rounds", "2 of 3 clean" (trainer.contracts.measures)
                    si = QTreeWidgetItem(table_skill_texts(s))
                    si.setForeground(5, QBrush(QColor(LEVEL_COLOURS[s.level])))
                    if s.practised:
                        si.setForeground(2, QBrush(QColor(accuracy_colour(s.table.accuracy))))
                        si.setToolTip(2, f"{s.table.clean_text}; {s.table.speed_text}")
                    else:
                        si.setForeground(0, faint)
                        si.setForeground(2, faint)
                    gi.addChild(si)
                    continue
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
            # the first attempt counts; later ones are retakes (issue 14)
            t.setItem(row, 1, text_item(f"{a.exam_title} (retake {a.attempt - 1})" if a.retake else a.exam_title))
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
