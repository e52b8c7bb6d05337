"""My progress: every skill practised, recent sessions, and the totals.

The totals are question answers. Table mode's skills are judged by rounds (see
``trainer.contracts.measures``): their rows say "3 rounds", "2 of 3 clean" (the tooltip
adds the rounds on time and the mastery the rounds give) and the mean round time, and a
table mode session is scored by its clean rounds.

The main window loads the data from the store through the worker (never on the GUI
thread) and hands it to ``show_progress``; until then the screen says it is loading.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QHBoxLayout,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.contracts.measures import accuracy, percent
from trainer.ui import style
from trainer.ui.screens.dashboard_widgets import accuracy_colour
from trainer.ui.screens.quiz_screen import skill_label
from trainer.ui.screens.summary_screen import make_table, results_page, stat_row, text_item

RECENT_SESSIONS = 50


def percent_item(fraction: float):
    item = text_item(style.format_percent(fraction), align_right=True)
    item.setForeground(QBrush(QColor(accuracy_colour(fraction))))
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    return item


SOURCE_TITLES = {"daily": "Daily practice", "mistakes": "My mistakes", "exam": "Exam"}
MODE_WORDS = {"learn": "learn", "speed": "speed"}


def session_title(s) -> str:
    """'Four Card Poker', 'Daily practice (speed)', 'Exam · DJ Wild Poker', 'Several games'."""
    game = "Several games" if s.game_id == "mixed" else registry.title_of(s.game_id)
    source = SOURCE_TITLES.get(getattr(s, "source", "game") or "game")
    mode = MODE_WORDS.get(s.mode)
    text = f"{source} · {game}" if source and s.game_id != "mixed" else (source or game)
    return f"{text} ({mode})" if mode else text


def duration(started: str | None, ended: str | None) -> str:
    from datetime import datetime

    try:
        a = datetime.fromisoformat(str(started).replace("Z", "+00:00"))
        b = datetime.fromisoformat(str(ended).replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return "—"
    ms = (b - a).total_seconds() * 1000
    return style.format_ms(ms) if ms >= 1000 else "—"


class ProgressScreen(QWidget):
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer, titles, self.title = results_page(self, "MY PROGRESS", "progress-title")
        head = QHBoxLayout()
        head.addLayout(titles, 1)
        outer.addLayout(head)

        stats, (self.answered_value, self.accuracy_value, self.mean_value, self.sessions_value) = stat_row(self, [
            ("Questions answered", "total-answered"), ("Accuracy", "total-accuracy"), ("Mean time", "total-mean"),
            ("Sessions", "total-sessions")])
        outer.addLayout(stats)

        self.pages = QStackedWidget(self)
        outer.addWidget(self.pages, 1)

        # Message page: loading, empty, or an error.
        self.message_page = QWidget()
        mbox = QVBoxLayout(self.message_page)
        mbox.addStretch(1)
        self.message = style.label("", "empty", wrap=True)
        self.message.setObjectName("progress-message")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        mbox.addWidget(self.message)
        mbox.addStretch(2)
        self.pages.addWidget(self.message_page)

        # Tables page.
        self.tables_page = QWidget()
        body = QHBoxLayout(self.tables_page)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(18)
        left = QVBoxLayout()
        left.setSpacing(8)
        self.skills_title = style.label("By game and skill", "h3")
        left.addWidget(self.skills_title)
        self.skills_table = make_table(["Game", "Skill", "Answered", "Accuracy", "Mean time", "Last practised"],
                                       stretch=1, numeric=(2, 3, 4))
        self.skills_table.setObjectName("skills-table")
        # The game's name is long and repeats: a fixed width, elided, shown once per game.
        self.skills_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.skills_table.setColumnWidth(0, 140)
        left.addWidget(self.skills_table, 1)
        body.addLayout(left, 2)
        right = QVBoxLayout()
        right.setSpacing(8)
        right.addWidget(style.label("Recent sessions", "h3"))
        self.sessions_table = make_table(["Date", "Game", "Score", "Accuracy", "Duration"], stretch=0,
                                         numeric=(2, 3, 4))
        self.sessions_table.setObjectName("sessions-table")
        right.addWidget(self.sessions_table, 1)
        body.addLayout(right, 1)
        self.pages.addWidget(self.tables_page)

        actions = QHBoxLayout()
        self.back_button = QPushButton("&Back to home", self)
        self.back_button.setObjectName("progress-back")
        self.back_button.setProperty("role", "primary")
        self.back_button.setMinimumHeight(44)
        self.back_button.clicked.connect(self.back_requested)
        actions.addWidget(self.back_button)
        actions.addStretch(1)
        actions.addWidget(style.label("Enter or Esc goes back", "hint"))
        outer.addLayout(actions)
        self.loaded = False
        self.show_loading("")

    # ------------------------------------------------------------------ states
    def _clear_totals(self) -> None:
        for value in (self.answered_value, self.accuracy_value, self.mean_value, self.sessions_value):
            value.setText("—")

    def show_loading(self, trainee_name: str) -> None:
        self.loaded = False
        if trainee_name:
            self.title.setText(trainee_name)
        self._clear_totals()
        self.message.setText("Loading your progress…")
        self.pages.setCurrentWidget(self.message_page)

    def show_error(self, message: str) -> None:
        self.loaded = True
        self._clear_totals()
        style.set_role(self.message, "error")
        self.message.setText(f"Your progress could not be loaded.\n{message}")
        self.pages.setCurrentWidget(self.message_page)

    def show_progress(self, trainee_name: str, progress: list, sessions: list) -> None:
        """``progress``: list of SkillProgress; ``sessions``: list of SessionRow, newest first."""
        self.title.setText(trainee_name)
        style.set_role(self.message, "empty")
        answered = sum(p.answered for p in progress)  # questions: a table skill has none
        correct = sum(p.correct for p in progress)
        total_ms = sum(p.mean_ms * p.answered for p in progress)
        played = [s for s in sessions if s.answered or getattr(s, "rounds", 0)]
        dealt = any(getattr(p, "table", None) is not None for p in progress)
        self.answered_value.setText(str(answered))
        self.accuracy_value.setText(percent(accuracy(correct, answered)))
        self.mean_value.setText(style.format_ms(total_ms / answered) if answered else "—")
        self.sessions_value.setText(str(len(played)))
        self.loaded = True
        if not answered and not dealt:
            self.message.setText("Nothing answered yet.\n\nStart a practice session from the home screen: "
                                 "every answer you give is counted here, skill by skill.")
            self.pages.setCurrentWidget(self.message_page)
            return
        self._fill_skills(progress)
        self._fill_sessions(played[:RECENT_SESSIONS])
        self.pages.setCurrentWidget(self.tables_page)

    def _fill_skills(self, progress: list) -> None:
        """Every skill of every available game, practised or not, and any other skill
        found in the log (a game since removed)."""
        order = {e.id: n for n, e in enumerate(registry.catalogue())}
        by_key = {(p.game_id, p.skill): p for p in progress}
        rows: list[tuple[str, str, object]] = []
        games = sorted({p.game_id for p in progress} | {e.id for e in registry.catalogue()
                                                         if registry.is_available(e.id)},
                       key=lambda g: (order.get(g, 99), g))
        for game_id in games:
            skills: list[str] = []
            try:
                skills = [s.id for s in registry.get_game(game_id).skills()] if registry.is_available(game_id) else []
            except Exception:
                skills = []
            skills += sorted(p.skill for p in progress if p.game_id == game_id and p.skill not in skills)
            rows += [(game_id, skill, by_key.get((game_id, skill))) for skill in skills]
        one_game = len({g for g, _s, _p in rows}) <= 1
        self.skills_table.setColumnHidden(0, one_game)
        self.skills_title.setText(f"{registry.title_of(rows[0][0])} · by skill" if one_game and rows
                                  else "By game and skill")
        t = self.skills_table
        t.setRowCount(len(rows))
        faint = QBrush(QColor(style.FAINT))
        for row, (game_id, skill, p) in enumerate(rows):
            first_of_game = row == 0 or rows[row - 1][0] != game_id
            title = registry.title_of(game_id)
            t.setItem(row, 0, text_item(title if first_of_game else "", tooltip=title))
            t.setItem(row, 1, text_item(skill_label(skill)))
            rounds = getattr(p, "table", None) if p is not None else None
            if rounds is not None and rounds.rounds:
                # A table skill, by rounds: "3 rounds", "2 of 3 rounds clean", the mean round time.
                clean = text_item(f"{rounds.clean} of {rounds.rounds} clean", align_right=True,
                                  tooltip=f"{rounds.clean_text} ({style.format_percent(rounds.accuracy)}); "
                                          f"{rounds.speed_text}; {rounds.level.title}")
                clean.setForeground(QBrush(QColor(accuracy_colour(rounds.accuracy))))
                font = clean.font()
                font.setBold(True)
                clean.setFont(font)
                items = [text_item(rounds.rounds_text, align_right=True), clean,
                         text_item(style.format_ms(rounds.mean_round_ms), align_right=True,
                                   tooltip="Mean time of a round"),
                         text_item(style.format_day(p.last_answered_at), tooltip=style.format_when(p.last_answered_at))]
            elif p is None or not p.answered:
                items = [text_item("0", align_right=True), text_item("—", align_right=True),
                         text_item("—", align_right=True), text_item("never")]
                for item in items:
                    item.setForeground(faint)
                t.item(row, 1).setForeground(faint)
            else:
                items = [text_item(str(p.answered), align_right=True), percent_item(p.accuracy),
                         text_item(style.format_ms(p.mean_ms), align_right=True),
                         text_item(style.format_day(p.last_answered_at),
                                   tooltip=style.format_when(p.last_answered_at))]
            for col, item in enumerate(items, start=2):
                t.setItem(row, col, item)

    def _fill_sessions(self, sessions: list) -> None:
        t = self.sessions_table
        t.setColumnHidden(1, len({session_title(s) for s in sessions}) <= 1)
        t.setRowCount(len(sessions))
        for row, s in enumerate(sessions):
            t.setItem(row, 0, text_item(style.format_when(s.started_at)))
            t.setItem(row, 1, text_item(session_title(s)))
            if not s.answered and getattr(s, "rounds", 0):  # table mode: scored by its clean rounds
                t.setItem(row, 2, text_item(f"{s.clean_rounds} / {s.rounds} rounds", align_right=True,
                                            tooltip=f"{s.clean_rounds} of {s.rounds} table rounds clean"))
                t.setItem(row, 3, percent_item(s.clean_rounds / s.rounds))
                t.setItem(row, 4, text_item(duration(s.started_at, s.ended_at), align_right=True))
                continue
            score = f"{s.correct} / {s.answered}"
            finished = s.answered >= s.question_count
            tip = score if finished else f"{score}: stopped after {s.answered} of {s.question_count} questions"
            t.setItem(row, 2, text_item(score if finished else f"{score} (of {s.question_count})",
                                        align_right=True, tooltip=tip))
            t.setItem(row, 3, percent_item(s.correct / s.answered if s.answered else 0.0))
            t.setItem(row, 4, text_item(duration(s.started_at, s.ended_at), align_right=True))

    def resizeEvent(self, event) -> None:
        # Narrow windows: the session's duration is the first thing to go.
        self.sessions_table.setColumnHidden(4, event.size().width() < 1150)
        super().resizeEvent(event)

    def focus_default(self) -> None:
        self.back_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Backspace):
            self.back_requested.emit()
            event.accept()
            return
        super().keyPressEvent(event)
