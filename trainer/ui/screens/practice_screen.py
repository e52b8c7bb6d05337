"""Daily practice and My mistakes: the trainee's own adaptive practice.

``PracticeScreen`` shows today's queue (the skills the scheduler brings back, then a few
new ones), every skill's mastery and when it is due, and starts a session of the queue
in practice, learn or speed mode. ``MistakesScreen`` lists the recent wrong answers and
starts a session that asks exactly those questions again.

The screens only show things and say what was asked for (signals); the practice flow
(``practice_flow``) loads the figures through the store's worker and runs the sessions.
"""

from __future__ import annotations

from datetime import datetime, timezone
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.contracts.measures import WINDOW, Level
from trainer.training.practice import AHEAD, DUE, NEW, QUEUE_QUESTIONS, PracticeOverview
from trainer.training.session import LEARN, PRACTICE, SPEED
from trainer.contracts.question import display_answer
from trainer.ui import style
from trainer.ui.keys import back_or_default, click_if_enabled
from trainer.ui.screens.dashboard_widgets import (
    LEVEL_COLOURS,
    accuracy_colour,
    button,
    coloured_item,
    level_item,
    local_style,
    screen_header,
)
from trainer.ui.citation_links import attach, link_html
from trainer.ui.screens.quiz_screen import citations_html, skill_label
from trainer.ui.screens.summary_screen import make_table, stat_card, text_item

PACES = (
    (PRACTICE, "Practice", "The rule after every answer."),
    (LEARN, "Learn", "Untimed, with explanations: press “Show me” when stuck."),
    (SPEED, "Speed", "A timer on every question: fast, normal or slow against its target."),
)
ALL_GAMES = ""


def due_text(state, now: datetime) -> str:
    """'Due now', 'In 3 days', 'Tomorrow', 'In 5 hours'."""
    if state is None:
        return "New"
    delta = state.due - now
    if delta.total_seconds() <= 0:
        return "Due now"
    hours = delta.total_seconds() / 3600
    if hours < 20:
        return f"In {max(1, round(hours))} hour{'s' if round(hours) > 1 else ''}"
    days = round(hours / 24)
    return "Tomorrow" if days <= 1 else f"In {days} days"


def reason_text(item, now: datetime) -> str:
    """Why a skill is in the queue: 'Wrong last time · 31% recall', 'New skill'."""
    if item.reason == NEW:
        return "New skill"
    state = item.state
    if item.reason == AHEAD:
        return f"Ahead of time · due {due_text(state, now).lower()}"
    last = {1: "Wrong last time", 2: "Slow last time"}.get(int(state.last_rating), "Due for review")
    return f"{last} · {round(100 * state.retrievability)}% recall"


class PaceSelector(QWidget):
    """Practice, learn or speed: three buttons of which one is down, and what it means."""

    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(6)
        box.addWidget(style.label("HOW", "stat-label"))
        row = QHBoxLayout()
        row.setSpacing(0)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QPushButton] = {}
        for n, (mode, title, _desc) in enumerate(PACES):
            b = QPushButton(title, self)
            b.setObjectName(f"pace-{mode}")
            b.setCheckable(True)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Enter keeps starting the session
            b.setToolTip(next(d for m, _t, d in PACES if m == mode))
            b.setProperty("role", "segment-first" if n == 0 else ("segment-last" if n == len(PACES) - 1
                                                                  else "segment"))
            b.setMinimumHeight(36)
            self.group.addButton(b)
            self.buttons[mode] = b
            row.addWidget(b, 1)
            b.toggled.connect(lambda on, m=mode: on and self._chosen(m))
        box.addLayout(row)
        self.description = style.label("", "small", wrap=True)
        self.description.setObjectName("pace-description")
        box.addWidget(self.description)
        self.buttons[PRACTICE].setChecked(True)

    def _chosen(self, mode: str) -> None:
        self.description.setText(next(d for m, _t, d in PACES if m == mode))
        self.changed.emit(mode)

    @property
    def mode(self) -> str:
        return next(m for m, b in self.buttons.items() if b.isChecked())

    def set_mode(self, mode: str) -> None:
        self.buttons[mode].setChecked(True)


class PracticeScreen(QWidget):
    """Today's queue and every skill's mastery."""

    start_requested = Signal(str, str)  # mode, game scope ("" for every game practised)
    mistakes_requested = Signal()
    scope_changed = Signal(str)
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(local_style())
        self.overview: PracticeOverview | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 26, 40, 22)
        outer.setSpacing(16)

        head, self.title, self.subtitle = screen_header(self, "DAILY PRACTICE", "Daily practice")
        self.title.setObjectName("practice-title")
        head.addWidget(style.label("Games", "muted"), 0, Qt.AlignmentFlag.AlignVCenter)
        self.scope = QComboBox(self)
        self.scope.setObjectName("practice-scope")
        self.scope.setMinimumWidth(230)
        self.scope.setToolTip("The games whose skills come into your daily practice")
        self.scope.activated.connect(lambda _i: self.scope_changed.emit(self.scope.currentData() or ALL_GAMES))
        head.addWidget(self.scope, 0, Qt.AlignmentFlag.AlignVCenter)
        outer.addLayout(head)

        stats = QHBoxLayout()
        stats.setSpacing(14)
        self.values = {}
        for key, caption in (("due", "Due today"), ("new", "New skills"), ("mistakes", "Recent mistakes"),
                             ("mastered", "Skills mastered")):
            card, value = stat_card(caption, self)
            value.setObjectName(f"practice-{key}")
            self.values[key] = value
            stats.addWidget(card, 1)
        outer.addLayout(stats)

        self.pages = QStackedWidget(self)
        outer.addWidget(self.pages, 1)
        self.message = style.label("Loading your practice…", "empty", wrap=True)
        self.message.setObjectName("practice-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(self.message)

        body_page = QWidget()
        body = QHBoxLayout(body_page)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(18)
        left = QVBoxLayout()
        left.setSpacing(8)
        self.skills_title = style.label("Your skills", "h3")
        left.addWidget(self.skills_title)
        self.skills_table = make_table(["Skill", "Mastery", "Accuracy", "On target", "Next review"],
                                       stretch=0, numeric=(2, 3))
        self.skills_table.horizontalHeaderItem(2).setToolTip(f"Right answers among your last {WINDOW} of the skill")
        self.skills_table.horizontalHeaderItem(3).setToolTip(
            f"Right answers within the target time, among your last {WINDOW}")
        self.skills_table.setObjectName("practice-skills")
        left.addWidget(self.skills_table, 1)
        body.addLayout(left, 3)

        side = style.card(self)
        side.setObjectName("queue-card")
        side.setMinimumWidth(380)
        side.setMaximumWidth(440)
        sbox = QVBoxLayout(side)
        sbox.setContentsMargins(22, 18, 22, 18)
        sbox.setSpacing(10)
        self.queue_title = style.label("Today's queue", "h2")
        sbox.addWidget(self.queue_title)
        self.queue_list = style.label("", None, wrap=True)
        self.queue_list.setObjectName("queue-list")
        self.queue_list.setTextFormat(Qt.TextFormat.RichText)
        self.queue_list.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea(side)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.queue_list)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        sbox.addWidget(scroll, 1)
        sbox.addWidget(style.rule(side))
        self.pace = PaceSelector(side)
        sbox.addWidget(self.pace)
        self.start_button = button("&Start daily practice", side, name="start-daily", primary=True, height=46)
        self.start_button.clicked.connect(lambda: self.start_requested.emit(self.pace.mode, self.current_scope()))
        sbox.addWidget(self.start_button)
        body.addWidget(side, 2)
        self.pages.addWidget(body_page)
        self.body_page = body_page

        actions = QHBoxLayout()
        actions.setSpacing(12)
        self.back_button = button("&Back to home", self, name="practice-back", height=44)
        self.back_button.clicked.connect(self.back_requested)
        actions.addWidget(self.back_button)
        self.mistakes_button = button("My &mistakes", self, name="open-mistakes", height=44)
        self.mistakes_button.clicked.connect(self.mistakes_requested)
        actions.addWidget(self.mistakes_button)
        actions.addStretch(1)
        actions.addWidget(style.label("Enter starts · Esc goes back", "hint"))
        outer.addLayout(actions)

    # ------------------------------------------------------------------ data
    def current_scope(self) -> str:
        return self.scope.currentData() or ALL_GAMES

    def set_scopes(self, selected: str = ALL_GAMES) -> None:
        self.scope.blockSignals(True)
        self.scope.clear()
        self.scope.addItem("Every game I practise", ALL_GAMES)
        for e in registry.catalogue():
            if registry.is_available(e.id):
                self.scope.addItem(e.title, e.id)
        index = self.scope.findData(selected)
        self.scope.setCurrentIndex(max(0, index))
        self.scope.blockSignals(False)

    def show_loading(self, name: str) -> None:
        self.title.setText(f"{name}'s practice" if name else "Daily practice")
        for v in self.values.values():
            v.setText("—")
        style.set_role(self.message, "empty")
        self.message.setText("Loading your practice…")
        self.pages.setCurrentWidget(self.message)
        self.start_button.setEnabled(False)

    def show_error(self, message: str) -> None:
        style.set_role(self.message, "error")
        self.message.setText(f"Your practice could not be loaded.\n{message}")
        self.pages.setCurrentWidget(self.message)

    def show_overview(self, name: str, ov: PracticeOverview) -> None:
        self.overview = ov
        self.title.setText(f"{name}'s practice")
        mastered = sum(1 for s in ov.skills if ov.mastery.get(s.skill) and ov.mastery[s.skill].level == Level.MASTERED)
        self.values["due"].setText(str(ov.due))
        self.values["new"].setText(str(ov.new))
        self.values["mistakes"].setText(str(len(ov.mistakes)))
        self.values["mastered"].setText(f"{mastered} / {len(ov.skills)}")
        self.mistakes_button.setText(f"My &mistakes ({len(ov.mistakes)})")
        self._fill_skills(ov)
        self._fill_queue(ov)
        self.pages.setCurrentWidget(self.body_page)
        self.start_button.setEnabled(bool(ov.queue))
        self.start_button.setText(f"&Start daily practice ({QUEUE_QUESTIONS} questions)")
        self.start_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fill_skills(self, ov: PracticeOverview) -> None:
        """One row per skill, under a row naming its game when there are several."""
        t = self.skills_table
        t.clearSpans()
        several = len(ov.scope) > 1
        self.skills_title.setText(f"{registry.title_of(ov.scope[0])} · your skills" if len(ov.scope) == 1
                                  else "Your skills")
        queued = {q.ref.skill for q in ov.queue}
        rows: list = []
        for game_id in ov.scope:
            refs = [r for r in ov.skills if r.game_id == game_id]
            if several and refs:
                rows.append(game_id)
            rows += refs
        t.setRowCount(len(rows))
        faint = QBrush(QColor(style.FAINT))
        self.skill_rows = rows
        for row, ref in enumerate(rows):
            if isinstance(ref, str):  # a game's heading
                heading = text_item(registry.title_of(ref).upper())
                heading.setForeground(QBrush(QColor(style.ACCENT)))
                font = heading.font()
                font.setBold(True)
                font.setPointSizeF(9.5 * style.text_scale())  # View > text size
                heading.setFont(font)
                heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
                t.setItem(row, 0, heading)
                for col in range(1, t.columnCount()):
                    t.setItem(row, col, text_item(""))
                t.setSpan(row, 0, 1, t.columnCount())
                continue
            m = ov.mastery.get(ref.skill)
            state = ov.states.get(ref.skill)
            name = text_item(skill_label(ref.skill),
                             tooltip=ref.title + ("\nIn today's queue" if ref.skill in queued else ""))
            if ref.skill in queued:
                font = name.font()
                font.setBold(True)
                name.setFont(font)
            t.setItem(row, 0, name)
            t.setItem(row, 1, level_item(m.level if m else Level.NOT_STARTED))
            if m and m.answered:
                t.setItem(row, 2, coloured_item(style.format_percent(m.accuracy), accuracy_colour(m.accuracy),
                                                right=True, tooltip=f"{m.correct} of your last {m.answered} right"))
                t.setItem(row, 3, text_item(style.format_percent(m.speed), align_right=True,
                                            tooltip=f"{m.on_target} of your last {m.answered} right within "
                                                    "the target time"))
            else:
                for col in (2, 3):
                    item = text_item("—", align_right=True)
                    item.setForeground(faint)
                    t.setItem(row, col, item)
            due = due_text(state, ov.now)
            colour = style.BAD if due == "Due now" else (style.ACCENT if due == "New" else style.MUTED)
            t.setItem(row, 4, coloured_item(due, colour, bold=due in ("Due now", "New"),
                                            tooltip=style.format_when(state.due.isoformat()) if state else
                                            "Not practised yet"))
        header = t.horizontalHeader()
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)

    def _fill_queue(self, ov: PracticeOverview) -> None:
        if not ov.queue:
            self.queue_title.setText("Today's queue")
            self.queue_list.setText(f"<p style='color:{style.MUTED}'>Nothing to practise in these games.</p>")
            return
        ahead = ov.queue[0].reason == AHEAD
        self.queue_title.setText("Nothing due today: practise ahead" if ahead
                                 else f"Today's queue · {len(ov.queue)} skill{'s' if len(ov.queue) > 1 else ''}")
        rows = []
        for n, item in enumerate(ov.queue, start=1):
            level = ov.mastery[item.ref.skill].level if item.ref.skill in ov.mastery else Level.NOT_STARTED
            game = registry.title_of(item.ref.game_id) if len(ov.scope) > 1 else ""
            colour = {DUE: style.BAD, NEW: style.ACCENT, AHEAD: style.MUTED}[item.reason]
            game_html = f" <span style='color:{style.MUTED}'>· {escape(game)}</span>" if game else ""
            rows.append(
                f"<tr><td valign='top' style='padding:5px 10px 5px 0; color:{colour}; font-weight:700'>{n}</td>"
                f"<td style='padding:5px 0'><b>{escape(skill_label(item.ref.skill))}</b>"
                f"{game_html}<br>"
                f"<span style='color:{style.MUTED}; font-size:9.5pt'>{escape(reason_text(item, ov.now))}"
                f" · <span style='color:{LEVEL_COLOURS[level]}'>{escape(level.title)}</span></span>"
                f"</td></tr>")
        self.queue_list.setText(f"<table width='100%' cellspacing='0' cellpadding='0'>{''.join(rows)}</table>")

    def focus_default(self) -> None:
        target = self.start_button if self.start_button.isEnabled() else self.back_button
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not back_or_default(self, event, back=self.back_requested.emit,
                               default=click_if_enabled(self.start_button)):
            super().keyPressEvent(event)


class MistakesScreen(QWidget):
    """The recent wrong answers (not answered right since), and a session of them again."""

    start_requested = Signal(str)  # mode
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(local_style())
        self.mistakes: list = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 26, 40, 22)
        outer.setSpacing(16)
        head, self.title, self.subtitle = screen_header(self, "MY MISTAKES", "My mistakes")
        self.title.setObjectName("mistakes-title")
        outer.addLayout(head)
        self.subtitle.setText("Questions you answered wrong in the last 30 days and have not answered right since. "
                              "Practise them again: the very same questions.")
        self.subtitle.show()

        body = QHBoxLayout()
        body.setSpacing(18)
        self.pages = QStackedWidget(self)
        self.message = style.label("Loading your mistakes…", "empty", wrap=True)
        self.message.setObjectName("mistakes-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(self.message)
        self.table = make_table(["When", "Skill", "Question", "You said", "Right answer"], stretch=2)
        self.table.setObjectName("mistakes-table")
        header = self.table.horizontalHeader()
        for col, width in ((1, 170), (3, 130), (4, 130)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            self.table.setColumnWidth(col, width)
        self.table.currentCellChanged.connect(lambda row, *_: self._show_detail(row))
        self.pages.addWidget(self.table)
        body.addWidget(self.pages, 3)

        side = style.card(self)
        side.setMinimumWidth(360)
        side.setMaximumWidth(420)
        sbox = QVBoxLayout(side)
        sbox.setContentsMargins(22, 18, 22, 18)
        sbox.setSpacing(10)
        sbox.addWidget(style.label("The question", "h3"))
        self.detail = style.label("Choose a mistake to see it with its rule.", "muted", wrap=True)
        self.detail.setObjectName("mistake-detail")
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        attach(self.detail)  # each citation opens the rule book at its section (issue 18)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.detail)
        sbox.addWidget(scroll, 1)
        sbox.addWidget(style.rule(side))
        self.pace = PaceSelector(side)
        sbox.addWidget(self.pace)
        self.start_button = button("&Practise my mistakes", side, name="start-mistakes", primary=True, height=46)
        self.start_button.clicked.connect(lambda: self.start_requested.emit(self.pace.mode))
        sbox.addWidget(self.start_button)
        body.addWidget(side, 2)
        outer.addLayout(body, 1)

        actions = QHBoxLayout()
        self.back_button = button("&Back", self, name="mistakes-back", height=44)
        self.back_button.clicked.connect(self.back_requested)
        actions.addWidget(self.back_button)
        actions.addStretch(1)
        actions.addWidget(style.label("Enter practises · Esc goes back", "hint"))
        outer.addLayout(actions)

    def show_loading(self, name: str) -> None:
        self.title.setText(f"{name}'s mistakes" if name else "My mistakes")
        style.set_role(self.message, "empty")
        self.message.setText("Loading your mistakes…")
        self.pages.setCurrentWidget(self.message)
        self.start_button.setEnabled(False)

    def show_error(self, message: str) -> None:
        style.set_role(self.message, "error")
        self.message.setText(f"Your mistakes could not be loaded.\n{message}")
        self.pages.setCurrentWidget(self.message)

    def show_mistakes(self, name: str, mistakes: list, session_size: int) -> None:
        self.title.setText(f"{name}'s mistakes")
        self.mistakes = list(mistakes)
        if not mistakes:
            style.set_role(self.message, "empty")
            self.message.setText("No mistakes to review.\n\nEvery question you got wrong in the last 30 days "
                                 "you have since answered right. Well dealt!")
            self.pages.setCurrentWidget(self.message)
            self.start_button.setEnabled(False)
            self.start_button.setText("&Practise my mistakes")
            self.detail.setText("")
            return
        t = self.table
        t.setRowCount(len(mistakes))
        for row, m in enumerate(mistakes):
            t.setItem(row, 0, text_item(style.format_when(m.answered_at)))
            t.setItem(row, 1, text_item(skill_label(m.skill), tooltip=registry.skill_title(m.skill)))
            t.setItem(row, 2, text_item(m.prompt))
            said = display_answer(m.form, m.given, m.fields) if m.given else "(shown)"
            t.setItem(row, 3, coloured_item(said, style.BAD, bold=False))
            t.setItem(row, 4, coloured_item(display_answer(m.form, m.correct_answer, m.fields), style.GOOD,
                                            bold=False))
        self.pages.setCurrentWidget(self.table)
        n = min(len(mistakes), session_size)
        self.start_button.setText(f"&Practise {n} question{'s' if n > 1 else ''} again")
        self.start_button.setEnabled(True)
        t.setCurrentCell(0, 2)
        self._show_detail(0)
        if self.isVisible():
            self.start_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_detail(self, row: int) -> None:
        if not 0 <= row < len(self.mistakes):
            return
        m = self.mistakes[row]
        said = display_answer(m.form, m.given, m.fields) if m.given else "— (shown)"
        self.detail.setText(
            f"<div style='color:{style.MUTED}'>{escape(registry.title_of(m.game_id))} · "
            f"{escape(skill_label(m.skill))} · {escape(style.format_when(m.answered_at))}</div>"
            f"<p style='font-size:12pt'>{escape(m.prompt)}</p>"
            f"<p><span style='color:{style.MUTED}'>You said</span> "
            f"<b style='color:{style.BAD}'>{escape(said)}</b><br>"
            f"<span style='color:{style.MUTED}'>Right answer</span> "
            f"<b style='color:{style.GOOD}'>{escape(display_answer(m.form, m.correct_answer, m.fields))}</b></p>"
            f"<p>{escape(m.explanation)}</p>"
            + (f"<p><span style='color:{style.MUTED}'>Rule:</span> "
               f"{link_html(citations_html(m.citations), m.game_id)}</p>"
               if m.citations else ""))

    def focus_default(self) -> None:
        (self.start_button if self.start_button.isEnabled() else self.back_button).setFocus(
            Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not back_or_default(self, event, back=self.back_requested.emit,
                               default=click_if_enabled(self.start_button)):
            super().keyPressEvent(event)


def utc_now() -> datetime:
    return datetime.now(timezone.utc)
