"""The supervisor's dashboard: every trainee's accuracy, speed and mastery per game and
skill, their certification per game, the class's trend and its weakest skills, filtered by
dates, class and game; with the ways to the trainee drill-down, the exports and the tools.

The screen shows a ``trainer.review.dashboard.Dashboard`` that the supervisor flow
loads on the store's thread (a progress bar runs meanwhile; the window never waits).
"""

from __future__ import annotations

from datetime import date, timedelta
from html import escape

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.review.dashboard import CERTIFIED, Dashboard, Query
from trainer.ui import style
from trainer.ui.screens.dashboard_widgets import (
    stat_row,
    CERT_COLOURS,
    LEVEL_COLOURS,
    TrendChart,
    accuracy_colour,
    button,
    level_text,
    table_skill_texts,
    local_style,
    progress_bar,
    screen_header,
)

PERIODS = (("Last 7 days", 7), ("Last 30 days", 30), ("Last 90 days", 90), ("Last 12 months", 365),
           ("All time", None), ("Custom dates", -1))
DEFAULT_PERIOD = 4  # all time
COLUMNS = ["Trainee", "Answers", "Accuracy", "Mean time", "On target", "Mastery", "Certification"]
WIDTHS = {1: 84, 2: 86, 3: 96, 4: 90, 5: 106, 6: 108}
WEAKEST_SHOWN = 3
SIDE_WIDTH = 420
NUMERIC = (1, 2, 3, 4)
TRAINEE_ROLE = Qt.ItemDataRole.UserRole + 1


def _pct(fraction: float, answered: int) -> str:
    return style.format_percent(fraction) if answered else "—"


class DashboardScreen(QWidget):
    refresh_requested = Signal(object)  # Query
    trainee_requested = Signal(int)  # trainee id
    import_requested = Signal()
    tools_requested = Signal()
    lock_requested = Signal()
    export_answers_requested = Signal()
    export_summary_requested = Signal()
    export_pdf_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, css=local_style())
        self.dashboard: Dashboard | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(32, 14, 32, 8)  # 1280x800 with its menu bar: no scrolling
        outer.setSpacing(10)

        head, self.title, self.subtitle = screen_header(self, "SUPERVISOR · DASHBOARD", "All trainees")
        self.title.setObjectName("dashboard-title")
        self.signed_in = style.label("", "muted", name="signed-in")
        head.addWidget(self.signed_in, 0, Qt.AlignmentFlag.AlignVCenter)
        self.import_button = button("&Import results…", self, name="dashboard-import",
                                    tip="Add the results of stations: results files, database files or a folder")
        self.import_button.clicked.connect(self.import_requested)
        head.addWidget(self.import_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.tools_button = button("E&xams, classes and settings", self, name="dashboard-tools",
                                   tip="Build exams, manage classes, pass thresholds, accounts and the audit log")
        self.tools_button.clicked.connect(self.tools_requested)
        head.addWidget(self.tools_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.lock_button = button("&Lock", self, name="dashboard-lock", flat=True, tip="Sign out and go home")
        self.lock_button.clicked.connect(self.lock_requested)
        head.addWidget(self.lock_button, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(head)

        # -- filters
        bar = style.card(self, "filter-bar")
        bar.setObjectName("dashboard-filters")
        frow = style.hbox(bar, (16, 10, 16, 10), 10)
        frow.addWidget(style.label("Period", "muted"))
        self.period = QComboBox(bar)
        self.period.setObjectName("filter-period")
        for text, days in PERIODS:
            self.period.addItem(text, days)
        self.period.setCurrentIndex(DEFAULT_PERIOD)
        frow.addWidget(self.period)
        today = QDate.currentDate()
        self.first_day = QDateEdit(today.addDays(-29), bar)
        self.last_day = QDateEdit(today, bar)
        for edit, name in ((self.first_day, "filter-from"), (self.last_day, "filter-to")):
            edit.setObjectName(name)
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("d MMM yyyy")
            edit.setMaximumDate(today.addYears(1))
        frow.addWidget(self.first_day)
        self.to_label = style.label("to", "muted")
        frow.addWidget(self.to_label)
        frow.addWidget(self.last_day)
        frow.addSpacing(10)
        frow.addWidget(style.label("Class", "muted"))
        self.klass = QComboBox(bar)
        self.klass.setObjectName("filter-class")
        self.klass.setMinimumWidth(150)
        frow.addWidget(self.klass)
        frow.addWidget(style.label("Game", "muted"))
        self.game = QComboBox(bar)
        self.game.setObjectName("filter-game")
        self.game.addItem("Every game", None)
        for e in registry.catalogue():
            if registry.is_available(e.id):
                self.game.addItem(e.title, e.id)
        frow.addWidget(self.game)
        frow.addStretch(1)
        self.busy = progress_bar(bar, "dashboard-busy")
        self.busy.setFixedWidth(150)
        frow.addWidget(self.busy)
        self.busy_text = style.label("", "small", name="dashboard-busy-text")
        frow.addWidget(self.busy_text)
        self.refresh_button = button("&Refresh", bar, name="dashboard-refresh", height=34)
        self.refresh_button.clicked.connect(self.refresh)
        frow.addWidget(self.refresh_button)
        outer.addWidget(bar)
        self.period.currentIndexChanged.connect(self._period_changed)
        self.klass.activated.connect(lambda _i: self.refresh())
        self.game.activated.connect(lambda _i: self.refresh())
        self.first_day.dateChanged.connect(lambda _d: self._custom_dates())
        self.last_day.dateChanged.connect(lambda _d: self._custom_dates())
        self._period_changed()

        # -- figures
        stats, self.values = stat_row(self, "dashboard", (
            ("trainees", "Trainees active"), ("answers", "Answers"), ("accuracy", "Accuracy"), ("mean", "Mean time"),
            ("target", "On target"), ("certified", "Certified")))
        outer.addLayout(stats)

        # -- body
        self.pages = QStackedWidget(self)
        self.message = style.label("Loading the dashboard…", "empty", wrap=True, name="dashboard-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(self.message)
        body_page = QWidget()
        body = style.hbox(body_page, 0, 16)
        left = QVBoxLayout()
        left.setSpacing(6)
        trow = QHBoxLayout()
        trow.addWidget(style.label("Trainees", "h3"))
        trow.addStretch(1)
        trow.addWidget(style.label("Double-click a trainee for every answer", "small"))
        left.addLayout(trow)
        self.tree = QTreeWidget(body_page)
        self.tree.setObjectName("dashboard-tree")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(COLUMNS)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        for col, width in WIDTHS.items():
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            self.tree.setColumnWidth(col, width)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        for col in NUMERIC:
            self.tree.headerItem().setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.itemActivated.connect(self._double_clicked)
        left.addWidget(self.tree, 1)
        body.addLayout(left, 1)

        right = QVBoxLayout()
        right.setSpacing(6)
        self.trend_title = style.label("Trend", "h3")
        right.addWidget(self.trend_title)
        chart_card = style.card(body_page)
        cbox = style.vbox(chart_card, (6, 6, 6, 4))
        self.chart = TrendChart(chart_card)
        self.chart.setObjectName("dashboard-trend")
        self.chart.setMinimumHeight(225)
        cbox.addWidget(self.chart)
        right.addWidget(chart_card, 1)
        right.addSpacing(4)
        right.addWidget(style.label("Weakest skills", "h3"))
        weak_card = style.card(body_page)
        wbox = style.vbox(weak_card, (16, 10, 16, 10))
        self.weakest = style.label("", None, wrap=True, name="dashboard-weakest")
        self.weakest.setTextFormat(Qt.TextFormat.RichText)
        self.weakest.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        wbox.addWidget(self.weakest)
        right.addWidget(weak_card, 0)
        side = QWidget(body_page)
        side.setLayout(right)
        right.setContentsMargins(0, 0, 0, 0)
        side.setFixedWidth(SIDE_WIDTH)
        body.addWidget(side)
        self.pages.addWidget(body_page)
        self.body_page = body_page
        outer.addWidget(self.pages, 1)

        # -- exports
        actions = QHBoxLayout()
        actions.setSpacing(10)
        actions.addWidget(style.label("EXPORT", "stat-label"))
        self.answers_button = button("&Answers (CSV)", self, name="export-answers",
                                     tip="Every answer of the filter: what was asked, said, right, and the rule")
        self.answers_button.clicked.connect(self.export_answers_requested)
        actions.addWidget(self.answers_button)
        self.summary_button = button("&Summary (CSV)", self, name="export-summary",
                                     tip="One row per trainee, game and skill, as on this dashboard")
        self.summary_button.clicked.connect(self.export_summary_requested)
        actions.addWidget(self.summary_button)
        self.pdf_button = button("Class re&port (PDF)", self, name="export-class-pdf",
                                 tip="A printable report of the class for the filter")
        self.pdf_button.clicked.connect(self.export_pdf_requested)
        actions.addWidget(self.pdf_button)
        self.status = style.label("", "small", wrap=True, name="dashboard-status")
        actions.addWidget(self.status, 1)
        outer.addLayout(actions)
        self._set_exports(False)

    # ------------------------------------------------------------ filters
    def set_classes(self, classes: list, selected: int | None = None) -> None:
        current = selected if selected is not None else self.klass.currentData()
        self.klass.blockSignals(True)
        self.klass.clear()
        self.klass.addItem("Every class", None)
        for c in classes:
            self.klass.addItem(f"{c.name} ({c.members})", c.id)
        index = self.klass.findData(current) if current is not None else 0
        self.klass.setCurrentIndex(max(0, index))
        self.klass.blockSignals(False)

    def _period_changed(self) -> None:
        days = self.period.currentData()
        custom = days == -1
        self.first_day.setVisible(custom)
        self.last_day.setVisible(custom)
        self.to_label.setVisible(custom)
        if not custom:
            self.refresh()

    def _custom_dates(self) -> None:
        if self.period.currentData() == -1:
            self.refresh()

    def query(self) -> Query:
        days = self.period.currentData()
        today = date.today()
        if days == -1:
            first = self.first_day.date().toPython()
            last = self.last_day.date().toPython()
            first, last = min(first, last), max(first, last)
        elif days is None:
            first = last = None
        else:
            first, last = today - timedelta(days=days - 1), today
        return Query(first, last, self.klass.currentData(), self.game.currentData())

    def set_query(self, query: Query) -> None:
        """Show a filter (the snapshot command and tests)."""
        if query.first_day is None and query.last_day is None:
            self.period.setCurrentIndex(DEFAULT_PERIOD)
        else:
            self.period.blockSignals(True)
            self.period.setCurrentIndex(len(PERIODS) - 1)
            self.period.blockSignals(False)
            for edit, day in ((self.first_day, query.first_day), (self.last_day, query.last_day)):
                edit.blockSignals(True)
                edit.setDate(QDate(day or date.today()))
                edit.blockSignals(False)
            for w in (self.first_day, self.to_label, self.last_day):
                w.show()
        self.klass.setCurrentIndex(max(0, self.klass.findData(query.class_id)))
        self.game.setCurrentIndex(max(0, self.game.findData(query.game_id)))

    def refresh(self) -> None:
        self.refresh_requested.emit(self.query())

    # ------------------------------------------------------------ states
    def set_supervisor(self, name: str) -> None:
        self.signed_in.setText(f"Signed in as <b>{escape(name)}</b>")

    def show_progress(self, done: int, total: int, text: str) -> None:
        """The bar of long work: a known amount (``total``), or running until done (0)."""
        self.busy.progress(done, total)
        self.busy_text.setText(text)
        self.busy_text.show()

    def hide_progress(self) -> None:
        self._done()

    def show_loading(self) -> None:
        self.busy.running()
        self.busy_text.setText("Loading…")
        self.busy_text.show()
        self.refresh_button.setEnabled(False)
        if self.dashboard is None:
            style.set_role(self.message, "empty")
            self.message.setText("Loading the dashboard…")
            self.pages.setCurrentWidget(self.message)

    def _done(self) -> None:
        self.busy.hide()
        self.busy_text.hide()
        self.refresh_button.setEnabled(True)

    def show_error(self, message: str) -> None:
        self._done()
        style.set_role(self.message, "error")
        self.message.setText(f"The dashboard could not be loaded.\n{message}")
        self.pages.setCurrentWidget(self.message)
        self._set_exports(False)

    def set_status(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        style.set_role(self.status, "error" if error else "small")

    def _set_exports(self, on: bool) -> None:
        for b in (self.answers_button, self.summary_button, self.pdf_button):
            b.setEnabled(on)

    def show_dashboard(self, d: Dashboard) -> None:
        self._done()
        self.dashboard = d
        self.title.setText(f"Class {d.class_name}" if d.class_name else "All trainees")
        self.subtitle.setText(d.query.describe(d.class_name))
        self.subtitle.show()
        self.values["trainees"].setText(f"{d.active} / {len(d.trainees)}")
        self.values["answers"].setText(f"{d.answered:,}")
        self.values["accuracy"].setText(_pct(d.accuracy, d.answered))
        self.values["mean"].setText(style.format_ms(d.mean_ms) if d.answered else "—")
        self.values["target"].setText(_pct(d.speed, d.answered))
        self.values["certified"].setText(f"{d.certified_trainees} / {len(d.trainees)}")
        self._set_exports(True)
        if not d.trainees:
            style.set_role(self.message, "empty")
            self.message.setText("No trainee here yet.\n\nImport the results of the class's stations "
                                 "(Import results…), or choose another class.")
            self.pages.setCurrentWidget(self.message)
            return
        self._fill_tree(d)
        self.trend_title.setText(f"Trend per {d.bucket} · <span style='color:{style.GOOD}'>accuracy</span> and "
                                 f"<span style='color:{style.GOLD}'>mean time</span>")
        self.chart.set_points(d.trend, d.bucket)
        self._fill_weakest(d)
        self.pages.setCurrentWidget(self.body_page)

    def _item(self, texts: list[str], colours: dict[int, str] | None = None, bold: bool = False) -> QTreeWidgetItem:
        item = QTreeWidgetItem(texts)
        for col in NUMERIC:
            item.setTextAlignment(col, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for col, colour in (colours or {}).items():
            item.setForeground(col, QBrush(QColor(colour)))
        if bold:
            font = QFont(item.font(0))
            font.setBold(True)
            for col in range(len(texts)):
                item.setFont(col, font)
        return item

    def _fill_tree(self, d: Dashboard) -> None:
        tree = self.tree
        tree.clear()
        faint = style.FAINT
        for t in sorted(d.trainees, key=lambda t: t.trainee.name.casefold()):
            certified = [registry.title_of(g) for g in t.certified]
            started = t.answered or t.skills_practised
            cert_text = (f"{len(certified)} game{'s' if len(certified) > 1 else ''}" if certified
                         else ("In progress" if started else "Not started"))
            top = self._item([t.trainee.name, f"{t.answered:,}", _pct(t.accuracy, t.answered),
                              style.format_ms(t.mean_ms) if t.answered else "—", _pct(t.speed, t.answered),
                              f"{t.skills_proficient} / {t.skills_total}", cert_text],
                             {2: accuracy_colour(t.accuracy) if t.answered else faint,
                              6: style.GOOD if certified else (style.GOLD if started else faint)}, bold=True)
            top.setData(0, TRAINEE_ROLE, t.trainee.id)
            top.setToolTip(0, f"{t.trainee.name}" + (f" · {', '.join(t.classes)}" if t.classes else "")
                           + ": double-click for every answer")
            top.setToolTip(5, "Skills at Proficient or Mastered")
            top.setToolTip(6, ("Certified in " + ", ".join(certified)) if certified else cert_text)
            tree.addTopLevelItem(top)
            for g in t.games:
                if d.query.game_id is None and not any(sk.practised for sk in g.skills) and len(t.games) > 1:
                    continue
                gi = self._item([g.title, f"{g.answered:,}", _pct(g.accuracy, g.answered),
                                 style.format_ms(g.mean_ms) if g.answered else "—", _pct(g.speed, g.answered),
                                 f"{g.proficient} / {len(g.skills)}", g.certification.short],
                                {0: style.ACCENT, 2: accuracy_colour(g.accuracy) if g.answered else faint,
                                 6: CERT_COLOURS.get(g.certification.status, faint)})
                gi.setData(0, TRAINEE_ROLE, t.trainee.id)
                gi.setToolTip(6, g.certification.text)
                top.addChild(gi)
                for s in g.skills:
                    if s.is_table:  # judged by rounds: "3 rounds", "2 of 3 clean" (trainer.contracts.measures)
                        si = self._item(table_skill_texts(s), {0: style.TEXT if s.practised else faint,
                                                               2: accuracy_colour(s.table.accuracy) if s.practised
                                                               else faint, 5: LEVEL_COLOURS[s.level]})
                        if s.practised:
                            si.setToolTip(2, f"{s.table.clean_text}; {s.table.speed_text}")
                        si.setData(0, TRAINEE_ROLE, t.trainee.id)
                        gi.addChild(si)
                        continue
                    si = self._item([s.title, f"{s.answered:,}" if s.answered else "—", _pct(s.accuracy, s.answered),
                                     style.format_ms(s.mean_ms) if s.answered else "—", _pct(s.speed, s.answered),
                                     level_text(s.level), ""],
                                    {0: style.TEXT if s.answered else faint,
                                     2: accuracy_colour(s.accuracy) if s.answered else faint,
                                     5: LEVEL_COLOURS[s.level]})
                    si.setData(0, TRAINEE_ROLE, t.trainee.id)
                    gi.addChild(si)
        if tree.topLevelItemCount():
            tree.setCurrentItem(tree.topLevelItem(0))

    def _fill_weakest(self, d: Dashboard) -> None:
        if not d.weakest:
            self.weakest.setText(f"<span style='color:{style.MUTED}'>Not enough answers yet: a skill needs 10 "
                                 "answers in the period to be compared.</span>")
            return
        rows = []
        for n, w in enumerate(d.weakest[:WEAKEST_SHOWN], start=1):
            game = registry.title_of(w.game_id)
            rows.append(
                f"<tr><td valign='top' style='padding:4px 10px 4px 0; color:{style.MUTED}'>{n}</td>"
                f"<td style='padding:4px 0'><b>{escape(w.title)}</b><br>"
                f"<span style='color:{style.MUTED}; font-size:9.5pt'>{escape(game)} · "
                f"{w.trainees_below} of {w.trainees} below proficient</span></td>"
                f"<td valign='top' align='right' style='padding:4px 0 4px 10px; color:{accuracy_colour(w.accuracy)};"
                f" font-weight:700; font-size:12pt'>{style.format_percent(w.accuracy)}</td></tr>")
        self.weakest.setText(f"<table width='100%' cellspacing='0' cellpadding='0'>{''.join(rows)}</table>")
        self.weakest.setToolTip("\n".join(f"{w.title} ({registry.title_of(w.game_id)}): {w.answered:,} answers, "
                                           f"{style.format_percent(w.accuracy)} right, {style.format_ms(w.mean_ms)} "
                                           f"mean" for w in d.weakest))

    def _double_clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        trainee_id = item.data(0, TRAINEE_ROLE)
        if trainee_id is not None:
            self.trainee_requested.emit(int(trainee_id))

    def selected_trainee(self) -> int | None:
        item = self.tree.currentItem()
        value = item.data(0, TRAINEE_ROLE) if item is not None else None
        return int(value) if value is not None else None

    def focus_default(self) -> None:
        self.tree.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F5:
            self.refresh()
            event.accept()
            return
        super().keyPressEvent(event)


__all__ = ["CERTIFIED", "DashboardScreen"]
