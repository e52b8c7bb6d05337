"""Home: the games of the catalogue (what can be practised now, what comes next) and
the trainee's record at a glance."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.games import registry
from trainer.contracts.measures import accuracy, percent, skill_title
from trainer.ui import style
from trainer.ui.flow import HeaderRow
from trainer.ui.drills import drills_for
from trainer.ui.keys import back_or_default, click_if_enabled

QUESTIONS_PER_SESSION = 10
RECENT = 5  # sessions listed on the record card


@dataclass(frozen=True)
class SkillInfo:
    title: str
    description: str


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    available: bool
    skills: tuple[SkillInfo, ...] = ()
    problem: str = ""  # why a game that should be available cannot be opened


def game_infos() -> list[GameInfo]:
    """The catalogue, with the skills of each available game. A game whose package fails
    to load is shown as unavailable with the reason; it never breaks the home screen."""
    infos = []
    for entry in registry.catalogue():
        if not registry.is_available(entry.id):
            infos.append(GameInfo(entry.id, entry.title, entry.blurb, False))
            continue
        try:
            # Table mode's skills are practised with the card's "Table mode" button, not listed.
            skills = tuple(SkillInfo(skill_title(s), s.description)
                           for s in registry.get_game(entry.id).skills() if ".table-" not in s.id)
        except Exception as exc:  # a broken game package: say so on its card
            infos.append(GameInfo(entry.id, entry.title, entry.blurb, False, problem=f"Cannot be loaded: {exc}"))
        else:
            infos.append(GameInfo(entry.id, entry.title, entry.blurb, True, skills))
    return infos


SMALL_CARD_SKILLS = 6  # skills named on a small card; the tooltip lists them all


class GameCard(QFrame):
    """One game of the catalogue. An available game lists its skills and has its own
    'Start practice' button; the others are disabled and marked 'Coming soon'."""

    start_requested = Signal(str)
    drill_requested = Signal(str)  # drill key (trainer/ui/drills.py)

    def __init__(self, info: GameInfo, parent: QWidget | None = None, *, featured: bool = True) -> None:
        super().__init__(parent)
        self.info = info
        self.setObjectName(f"game-{info.id}")
        self.setAccessibleName(info.title)
        self.setProperty("role", "game-card" if info.available else "game-card-coming")
        self.start_button: QPushButton | None = None
        self.drill_buttons: list[QPushButton] = []
        self.descriptions: list = []
        if info.available and featured:
            self._build_available()
        elif info.available:
            self._build_small()
        else:
            self._build_coming()
            self.setEnabled(False)

    @property
    def coming_soon(self) -> bool:
        return not self.info.available

    def _build_available(self) -> None:
        info = self.info
        box = style.vbox(self, (28, 24, 28, 24), 6)
        top = QHBoxLayout()
        top.addWidget(style.label(info.title, "h1"), 1)
        self.badge = style.label("Available", "badge-accent", name="status-badge")
        top.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignVCenter)
        box.addLayout(top)
        box.addWidget(style.label(info.blurb, "muted", wrap=True))
        box.addSpacing(12)
        box.addWidget(style.label("SKILLS YOU PRACTISE", "stat-label"))
        box.addSpacing(2)
        grid = QGridLayout()
        grid.setHorizontalSpacing(28)
        grid.setVerticalSpacing(10)
        rows = (len(info.skills) + 1) // 2
        self.descriptions = []
        for n, skill in enumerate(info.skills):
            cell = QVBoxLayout()
            cell.setSpacing(0)
            title = style.label(skill.title, "skill-title")
            title.setToolTip(skill.description)
            cell.addWidget(title)
            desc = style.label(skill.description, "small", wrap=True)
            self.descriptions.append(desc)
            cell.addWidget(desc)
            grid.addLayout(cell, n % rows, n // rows, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        box.addLayout(grid)
        box.addStretch(1)
        row = QHBoxLayout()
        row.setSpacing(14)
        self.start_button = style.button(f"&Start practice ({QUESTIONS_PER_SESSION} questions)", self,
                                         name="start-practice", role="primary", height=46,
                                         on_click=lambda: self.start_requested.emit(info.id))
        row.addWidget(self.start_button)
        for button in self._drill_buttons():
            row.addWidget(button)
        row.addWidget(style.label("Questions from every skill, with the rule behind each answer", "hint",
                                  wrap=True), 1)
        box.addLayout(row)

    def _drill_buttons(self) -> list[QPushButton]:
        """One button per drill the game brings (trainer/ui/drills.py)."""
        buttons = []
        for d in drills_for(self.info.id):
            button = QPushButton(d.title, self)
            button.setObjectName(f"drill-{d.key}")
            button.setToolTip(d.description)
            button.setMinimumHeight(42)
            button.clicked.connect(lambda _=False, key=d.key: self.drill_requested.emit(key))
            buttons.append(button)
        self.drill_buttons = buttons
        return buttons

    def _build_small(self) -> None:
        """One of several available games: its skills by title, and its own start button."""
        info = self.info
        box = style.vbox(self, (22, 18, 22, 18), 6)
        box.addWidget(style.label(info.title, "h2", wrap=True))
        box.addWidget(style.label(info.blurb, "small", wrap=True))
        box.addSpacing(6)
        box.addWidget(style.label("SKILLS", "stat-label"))
        room = SMALL_CARD_SKILLS - 3 * max(0, len(drills_for(info.id)) - 1)  # each extra drill button takes lines
        shown = info.skills if len(info.skills) <= room else info.skills[:room - 1]
        more = len(info.skills) - len(shown)
        skills = style.label(" · ".join(s.title for s in shown) + (f" · and {more} more" if more else ""),
                             "skill", wrap=True)
        skills.setToolTip("\n".join(f"{s.title}: {s.description}" for s in info.skills))
        box.addWidget(skills)
        box.addStretch(1)
        # Alt+S belongs to one card only, the home screen's default (HomeScreen.set_default_game)
        self.start_button = style.button("Start practice", self, name="start-practice", role="primary",
                                         tip=f"{QUESTIONS_PER_SESSION} questions from every skill of {info.title}",
                                         height=42, on_click=lambda: self.start_requested.emit(info.id))
        box.addWidget(self.start_button)
        for button in self._drill_buttons():  # below, full width: card columns can be narrow
            button.setMinimumHeight(36)
            box.addWidget(button)
        # Cards share their row equally, whatever the length of their texts.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_compact(self, compact: bool) -> None:
        """In a small window the skills are listed by title only (the description is a tooltip)."""
        for desc in self.descriptions:
            desc.setVisible(not compact)

    def _build_coming(self) -> None:
        info = self.info
        box = style.vbox(self, (18, 14, 18, 14), 4)
        box.addWidget(style.label(info.title, "h3", wrap=True))
        box.addWidget(style.label(info.problem or info.blurb, "small", wrap=True))
        box.addStretch(1)
        self.badge = style.label("Unavailable" if info.problem else "Coming soon", "badge", name="status-badge")
        box.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)


class RecordCard(QFrame):
    """The trainee's record at a glance, and the ways to their own practice: the daily
    practice queue, their mistakes, an exam, and the full progress screen."""

    progress_requested = Signal()
    daily_requested = Signal()
    mistakes_requested = Signal()
    exam_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "card")
        self.setObjectName("record-card")
        box = style.vbox(self, (24, 22, 24, 22), 10)
        box.addWidget(style.label("Your record", "h2"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(12)
        self.values = {}
        for n, (key, caption) in enumerate((("answered", "Answered"), ("accuracy", "Accuracy"),
                                            ("sessions", "Sessions"), ("last", "Last practised"))):
            cell = QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(style.label(caption.upper(), "stat-label"))
            value = style.label("—", "stat-value-small", name=f"record-{key}")
            cell.addWidget(value)
            self.values[key] = value
            grid.addLayout(cell, n // 2, n % 2)
        box.addLayout(grid)
        box.addSpacing(4)
        box.addWidget(style.rule(self))
        self.advice = style.label("", "muted", wrap=True, name="record-advice")
        self.advice.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.advice)
        box.addSpacing(6)
        self.recent_title = style.label("RECENT SESSIONS", "stat-label")
        box.addWidget(self.recent_title)
        self.recent = style.label("", None, wrap=True, name="record-recent")
        self.recent.setTextFormat(Qt.TextFormat.RichText)
        box.addWidget(self.recent)
        box.addStretch(1)
        self.daily_button = style.button("&Daily practice", self, name="open-daily", role="primary", height=44,
                                         tip="Today's queue: what you got wrong or answered slowly comes back, "
                                             "then new skills", on_click=self.daily_requested)
        box.addWidget(self.daily_button)
        row = QHBoxLayout()
        row.setSpacing(10)
        self.mistakes_button = style.button("My mista&kes", self, name="open-mistakes",
                                            tip="The questions you got wrong lately, to answer again", height=44,
                                            on_click=self.mistakes_requested)
        row.addWidget(self.mistakes_button, 1)
        self.exam_button = style.button("&Exam", self, name="open-exam",
                                        tip="Take the exam your instructor set (open the exam file)", height=44,
                                        on_click=self.exam_requested)
        row.addWidget(self.exam_button, 1)
        box.addLayout(row)
        self.progress_button = style.button("&My progress", self, name="my-progress", height=44,
                                            on_click=self.progress_requested)
        box.addWidget(self.progress_button)
        self.clear()

    def clear(self, text: str = "Loading your record…") -> None:
        for value in self.values.values():
            value.setText("—")
        self.advice.setText(text)
        self.recent_title.hide()
        self.recent.hide()
        self.recent.clear()

    def show_record(self, progress: list, sessions: list) -> None:
        # Question answers only: a table mode skill has none (its rounds are its figures,
        # trainer.contracts.measures), so a round of forty steps moves no accuracy here.
        answered = sum(p.answered for p in progress)
        correct = sum(p.correct for p in progress)
        rounds = sum(getattr(s, "rounds", 0) for s in sessions)
        if not answered and not rounds:
            self.clear("No answers yet. Your first practice session starts your record: "
                       "every answer is counted, skill by skill.")
            self.values["answered"].setText("0")
            self.values["sessions"].setText("0")
            return
        last = max((p.last_answered_at for p in progress if p.last_answered_at), default=None)
        self.values["answered"].setText(str(answered))
        self.values["accuracy"].setText(percent(accuracy(correct, answered)))
        self.values["sessions"].setText(str(sum(1 for s in sessions if s.answered or getattr(s, "rounds", 0))))
        self.values["last"].setText(style.format_day(last))
        tried = [p for p in progress if p.answered >= 2]
        weakest = min(tried, key=lambda p: (p.accuracy, -p.answered), default=None)
        if weakest is not None and weakest.accuracy < 1.0:
            from trainer.ui.screens.quiz_screen import skill_label

            self.advice.setText(
                f"Practise next: <b>{skill_label(weakest.skill)}</b>, "
                f"{style.format_percent(weakest.accuracy)} right so far.")
        elif answered:
            self.advice.setText("Every skill you have practised is at 100%. Keep it up!")
        else:
            self.advice.setText("Your table rounds are counted round by round in <b>My progress</b>.")
        played = [s for s in sessions if s.answered or getattr(s, "rounds", 0)][:RECENT]
        rows = []
        for s in played:
            # a table mode session is scored by its rounds: clean rounds of the rounds dealt
            right, of = (s.correct, s.answered) if s.answered else (s.clean_rounds, s.rounds)
            score = f"{right} / {of}" if s.answered else f"{right} / {of} rounds clean"
            colour = style.GOOD if right / of >= 0.8 else (style.GOLD if right / of >= 0.6 else style.BAD)
            rows.append(f"<tr><td style='color:{style.MUTED}; padding:3px 18px 3px 0'>{style.format_when(s.started_at)}</td>"
                        f"<td align='right' style='padding:3px 14px 3px 0'><b>{score}</b></td>"
                        f"<td align='right' style='color:{colour}; padding:3px 0'><b>"
                        f"{style.format_percent(right / of)}</b></td></tr>")
        self.recent.setText(f"<table cellspacing='0' cellpadding='0'>{''.join(rows)}</table>")
        self.recent_title.setVisible(bool(played))
        self.recent.setVisible(bool(played))


WIDE_HOME = 1180  # from this width the home screen has three game cards to a row


class HomeScreen(QWidget):
    start_requested = Signal(str)  # game id
    drill_requested = Signal(str)  # drill key (trainer/ui/drills.py)
    progress_requested = Signal()
    switch_requested = Signal()
    settle_requested = Signal()  # the settlement calculator
    explorer_requested = Signal()  # the pay table explorer
    daily_requested = Signal()  # daily practice: the scheduler's queue
    mistakes_requested = Signal()  # my mistakes
    exam_requested = Signal()  # classroom exams on this station
    supervisor_requested = Signal()  # the supervisor's review (after signing in)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 18, 40, 14)  # 1280x800 with its menu bar: no scrolling
        outer.setSpacing(16)

        # The greeting, then the buttons (on a second line in a narrow window), then the
        # subtitle under both, so that it keeps to one line.
        head = HeaderRow(self, spacing=12)
        self.greeting = style.label("Welcome", "h1", name="greeting")
        head.add_title(self.greeting)
        # The supervisors' tools, beside the trainee's own things.
        self.supervisor_button = QPushButton("Su&pervisor", self)
        self.supervisor_button.setObjectName("open-supervisor")
        self.supervisor_button.setToolTip("The supervisor's review: every trainee's results, imports, exams and "
                                          "reports (supervisors sign in)")
        self.supervisor_button.clicked.connect(self.supervisor_requested)
        head.addWidget(self.supervisor_button)
        self.settle_button = style.button(
            "Se&ttle a round", self, name="open-settle", on_click=self.settle_requested,
            tip="The settlement calculator: every wager of a round with its odds and rule")
        head.addWidget(self.settle_button)
        self.explorer_button = style.button("Pay table e&xplorer", self, name="open-explorer",
                                            tip="Exact odds and house edge of every pay table, by full enumeration",
                                            on_click=self.explorer_requested)
        head.addWidget(self.explorer_button)
        self.switch_button = style.button("S&witch trainee", self, name="switch-trainee", role="flat",
                                          on_click=self.switch_requested)
        head.addWidget(self.switch_button)
        outer.addLayout(head)
        subtitle = style.label(
            "Choose a game and start a practice session. Every answer is saved to your progress.", "muted", wrap=True)
        outer.addWidget(subtitle)

        self.featured = QHBoxLayout()
        self.featured.setSpacing(16)
        self.games_grid = QGridLayout()
        self.games_grid.setSpacing(16)
        self.featured.addLayout(self.games_grid, 1)
        outer.addLayout(self.featured, 1)
        self.record = RecordCard(self)
        self.record.setFixedWidth(320)
        self.record.progress_requested.connect(self.progress_requested)
        self.record.daily_requested.connect(self.daily_requested)
        self.record.mistakes_requested.connect(self.mistakes_requested)
        self.record.exam_requested.connect(self.exam_requested)
        self.progress_button = self.record.progress_button
        self.daily_button = self.record.daily_button
        self.mistakes_button = self.record.mistakes_button
        self.exam_button = self.record.exam_button
        self.featured.addWidget(self.record, 0)

        self.coming_title = style.label("COMING SOON", "stat-label")
        outer.addWidget(self.coming_title)
        self.coming = QHBoxLayout()
        self.coming.setSpacing(14)
        outer.addLayout(self.coming)

        self.cards: list[GameCard] = []
        self.start_button: QPushButton | None = None
        self.default_game: str | None = None  # the game last practised (MainWindow's settings)
        self.populate()

    def populate(self) -> None:
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []
        infos = game_infos()
        available = [i for i in infos if i.available]
        # One game practised: a large card with every skill described. Several: a grid
        # of smaller cards, two or three to a row.
        for info in available:
            card = GameCard(info, self, featured=len(available) == 1)
            card.start_requested.connect(self.start_requested)
            card.drill_requested.connect(self.drill_requested)
            self.cards.append(card)
        self._columns = 0
        self._arrange()
        if not available:
            empty = style.card(self)
            lay = QVBoxLayout(empty)
            lay.addWidget(style.label("No game can be practised yet.", "empty", wrap=True))
            self.games_grid.addWidget(empty, 0, 0)
        coming = [i for i in infos if not i.available]
        for info in coming:
            card = GameCard(info, self)
            self.coming.addWidget(card, 1)
            self.cards.append(card)
        self.coming_title.setVisible(bool(coming))
        self.set_default_game(self.default_game)

    def set_default_game(self, game_id: str | None) -> None:
        """The game whose Start practice Enter and Alt+S press: ``game_id`` (the last one
        practised) if it is on a card, else the first. The other cards' buttons have no
        mnemonic, so that Alt+S is never shared."""
        self.default_game = game_id
        startable = [c for c in self.cards if c.start_button is not None]
        chosen = next((c for c in startable if c.info.id == game_id), startable[0] if startable else None)
        for card in startable:
            text = card.start_button.text().replace("&", "")
            card.start_button.setText(text.replace("Start", "&Start", 1) if card is chosen else text)
        self.start_button = chosen.start_button if chosen is not None else None

    def _arrange(self) -> None:
        """The game cards two or three to a row: three in a wide window, two in a narrow one
        (a 1024-pixel lab monitor), so that no card is squeezed below its text."""
        playable = [c for c in self.cards if not c.coming_soon]
        n = len(playable)
        columns = 1 if n <= 1 else (2 if n <= 4 or self.width() < WIDE_HOME else 3)
        if columns == self._columns:
            return
        self._columns = columns
        for card in playable:
            self.games_grid.removeWidget(card)
        for c in range(3):
            self.games_grid.setColumnStretch(c, 1 if c < columns else 0)  # equal cards, whatever their texts
        for i, card in enumerate(playable):
            self.games_grid.addWidget(card, i // columns, i % columns)

    def resizeEvent(self, event) -> None:
        self._arrange()
        compact = event.size().height() < 700 or event.size().width() < 1100
        for card in self.cards:
            card.set_compact(compact)
        super().resizeEvent(event)

    def set_trainee(self, name: str) -> None:
        self.greeting.setText(f"Welcome, {name}")
        self.record.clear()

    def show_record(self, progress: list, sessions: list) -> None:
        self.record.show_record(progress, sessions)

    def show_record_error(self, message: str) -> None:
        self.record.clear(f"Your record could not be read: {message}")

    def focus_default(self) -> None:
        if self.start_button is not None:
            self.start_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not back_or_default(self, event, back=None, default=click_if_enabled(self.start_button)):
            super().keyPressEvent(event)
