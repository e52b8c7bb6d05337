"""Table mode (issue 8): the trainee deals whole rounds as the dealer while the app plays
the players, or watches the app deal and stops it at each mistake.

``TableModeScreen(game_id)`` is a drill screen (trainer/ui/drills.py):

    screen = TableModeScreen("two-card-joker")
    screen.answered.connect(record_answer)        # AnswerResult: every graded action, once, in order
    screen.round_recorded.connect(store_round)    # RoundRecord: a round ended (or was left part-way)
    screen.finished.connect(end_session)          # the last RoundRecord, when the trainee leaves after a round
    screen.back_requested.connect(show_home)      # Leave or Esc
    screen.start(seed)                            # the set-up page; rounds are dealt from ``seed`` on

Pages: the set-up (mode, level, house options, seed: ``setup``), then the
round: the table (``SceneView``) with the dealing bar or the watching bar under it, and
the side panel (``deal`` / ``watch``; the summary at the end:
``summary``), with the house options in force and the players' wagers.

Keys, dealing: 1-9 a seat, 0 the dealer, Tab / Shift+Tab every place in turn, a click
selects too; each verb's letter (N announce, C cut, B burn, D deal, V cover card,
O ask for the decision, R reveal, L collect, P pay, M button, S spin, K mark, T stand,
X clear: trainer.core.table.actions.VERBS) does it on the selection; U face up
or down; H a hint. Watching: Space or → next, S stop, A auto-play, 1-4 answer. At the end
of a round: Enter the next round, Esc leave. Esc leaves at any time (a round left
part-way is recorded as not completed).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.core.rng import fresh_seed
from trainer.games import registry
from trainer.training.table_mode import games
from trainer.core.table.actions import DEAL, VERBS
from trainer.training.table_mode.dealer_round import DealerRound
from trainer.contracts.round_record import DEAL_MODE, WATCH_MODE
from trainer.core.table.script import RoundConfig
from trainer.training.table_mode.watch import WatchRound
from trainer.ui import style
from trainer.ui.confirm import ask_to_leave
from trainer.ui.scene_view import SceneView
from trainer.ui.screens.quiz_screen import Pages
from trainer.ui.table_mode.deal import DealMode
from trainer.ui.table_mode.parts import (
    LOCAL_STYLE,
    PANEL_WIDTH,
    WIDE_PANEL,
    WIDE_WINDOW,
    Clock,
    FactList,
    clock_text,
)
from trainer.ui.table_mode.setup import MODE_TEXTS, Settings, SetupPage
from trainer.ui.table_mode.summary import SummaryPanel
from trainer.ui.table_mode.watch import WatchMode
from trainer.ui.table_mode.wheel import WheelPane, has_wheel, split_wheel

CLOCK_MS = 250
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
HINTS = {
    WATCH_MODE: "Space or → next · S stop the dealer · A auto-play · 1–4 answer · Esc leave",
    "summary": "Enter: next round · Esc: leave",
}


def deal_hint(verbs, *, show_next: bool) -> str:
    """The keys of the dealing screen, as the round uses them."""
    parts = ["Select: click, 1–9 a seat, 0 the dealer, Tab the next place", "the letters do the verbs"]
    if DEAL in verbs:
        parts.append("U face up/down")
    if not show_next:
        parts.append("H hint")
    return " · ".join(parts + ["Esc leave"])


class TableModeScreen(QWidget):
    fills_window = True  # the felt takes the height there is (trainer/ui/screen_stack.py)
    answered = Signal(object)  # AnswerResult of each action done (dealing) or call and answer (watching)
    round_recorded = Signal(object)  # RoundRecord, when a round ends or is left after at least one action
    finished = Signal(object)  # the last RoundRecord, when the trainee leaves after a round was recorded
    back_requested = Signal()

    def __init__(self, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style.screen(self, css=LOCAL_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.game_id = game_id
        self.game_title = registry.title_of(game_id) if registry.is_available(game_id) else game_id
        self.seed = fresh_seed()
        self.settings: Settings | None = None
        self.round: DealerRound | WatchRound | None = None
        self.round_number = 0
        self.round_seed = 0
        self.records: list = []
        self._emitted = 0
        self._recorded = False
        self.clock = Clock()
        self.ticker = QTimer(self)
        self.ticker.setInterval(CLOCK_MS)
        self.ticker.timeout.connect(self._tick)

        outer = style.vbox(self, 0, 0)
        outer.addWidget(self._build_header())
        self.pages = QStackedWidget(self)
        self.setup = SetupPage(self.pages)
        self.setup.setObjectName("table-setup")
        self.setup.start_requested.connect(self.begin)
        self.pages.addWidget(self.setup)
        self.round_page = self._build_round_page()
        self.pages.addWidget(self.round_page)
        outer.addWidget(self.pages, 1)
        try:
            self.setup.set_options(games.house_options(game_id))
        except Exception as exc:  # noqa: BLE001 - a game module that cannot give its options
            self.setup.show_error(f"{self.game_title} has no table mode to offer: {exc}")
            self.setup.start_button.setEnabled(False)

    # ------------------------------------------------------------------ layout
    def _build_header(self) -> QFrame:
        header = QFrame(self)
        header.setProperty("role", "header")
        row = style.hbox(header, (24, 12, 24, 12), 16)
        titles = QVBoxLayout()
        titles.setSpacing(2)
        self.title_label = style.label(f"{self.game_title} · Table mode", "h2", name="table-title")
        titles.addWidget(self.title_label)
        self.subtitle = style.label("Choose the mode, the level and the house options", "muted", name="table-subtitle")
        titles.addWidget(self.subtitle)
        row.addLayout(titles, 1)
        self.clock_label = style.label("", "clock", name="clock")
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row.addWidget(self.clock_label, 0, Qt.AlignmentFlag.AlignVCenter)
        right = QHBoxLayout()
        right.setSpacing(16)
        right.addStretch(1)
        score_box, self.score_label = style.score_box()
        right.addLayout(score_box)
        self.leave_button = style.leave_button(header, "Leave table mode (Esc)", self.leave)
        right.addWidget(self.leave_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(right, 1)
        return header

    def _build_round_page(self) -> QWidget:
        page = QWidget(self.pages)
        body = style.hbox(page, (18, 14, 18, 14), 16)
        left = QVBoxLayout()
        left.setSpacing(10)
        self.table = SceneView(page)
        self.table.setObjectName("table")
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.table.setMinimumSize(480, 300)
        left.addWidget(self.table, 1)
        self.deal = DealMode(self)
        self.deal.attempted.connect(lambda _o: self._after_step())
        self.deal.scene_changed.connect(self._show_scene)
        self.deal.round_over.connect(self._round_over)
        self.watch = WatchMode(self)
        self.watch.changed.connect(self._after_step)
        self.watch.round_over.connect(self._round_over)
        for mode in (self.deal, self.watch):
            mode.reveal.connect(self._reveal)
        self.bars = Pages(page)  # the bar of the mode in hand, as tall as it is
        self.summary_bar = QWidget(page)
        for w in (self.deal.bar, self.watch.bar, self.summary_bar):
            self.bars.addWidget(w)
        left.addWidget(self.bars, 0)
        body.addLayout(left, 1)

        self.panel = style.card(page)
        self.panel.setObjectName("table-panel")
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.panel.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        frame = style.vbox(self.panel, 0, 0)
        self.wheel_holder = style.vbox(margins=(22, 14, 22, 0))
        frame.addLayout(self.wheel_holder)
        self.wheel_pane: WheelPane | None = None  # made for a wheel game (Pokette)
        self.scroll = style.scroll_area(self.panel)
        content = QWidget()
        content.setObjectName("table-panel-content")
        box = style.vbox(content, (22, 18, 22, 14), 14)
        self.summary = SummaryPanel(content)
        self.summary.setObjectName("summary")
        self.summary.next_requested.connect(self.next_round)
        self.summary.leave_requested.connect(self.leave)
        self.summary.setup_requested.connect(self.show_setup)
        self.side_pages = Pages(content)  # as tall as the page shown
        for w in (self.deal.panel, self.watch.panel, self.summary):
            self.side_pages.addWidget(w)
        box.addWidget(self.side_pages)
        box.addWidget(style.rule(content))
        self.players = FactList("Players", content)
        self.players.setObjectName("players")
        box.addWidget(self.players)
        self.option_facts = FactList("House options in force", content)
        self.option_facts.setObjectName("options-in-force")
        box.addWidget(self.option_facts)
        box.addStretch(1)
        self.scroll.setWidget(content)
        frame.addWidget(self.scroll, 1)
        frame.addWidget(self.deal.builder_box)  # a payout in hand: always in sight, the panel's full width
        frame.addWidget(style.rule(self.panel))
        self.key_hint = style.label("", "hint", wrap=True, name="key-hint")
        self.key_hint.setContentsMargins(22, 8, 22, 12)
        frame.addWidget(self.key_hint)
        body.addWidget(self.panel, 0)
        self.table.installEventFilter(self)  # clicks on the table select (its views: see eventFilter)
        for view in self.table.findChildren(QWidget):
            view.installEventFilter(self)
        return page

    def _reveal(self, widget: QWidget) -> None:
        """Scroll the side panel so that ``widget`` shows (once the layout has placed it)."""
        def scroll() -> None:
            self.scroll.ensureWidgetVisible(widget, 0, 12)
            top = self.watch.question if widget is self.watch.choices else widget  # a question above its choices
            bar = self.scroll.verticalScrollBar()
            y = top.mapTo(self.scroll.widget(), QPoint(0, 0)).y() - 12
            if y < bar.value():  # taller than the panel: its top first
                bar.setValue(y)
        QTimer.singleShot(0, self, scroll)

    # ------------------------------------------------------------------ the session
    def start(self, seed: int | None = None) -> None:
        """The set-up page; rounds are dealt from ``seed`` (a fresh one if None)."""
        self._stop_round()
        self.seed = fresh_seed() if seed is None else seed
        self.round = None
        self.round_number = 0
        self.records = []
        self.score_label.setText("0 / 0")
        self.clock_label.setText("")
        self.subtitle.setText("Choose the mode, the level and the house options")
        self.pages.setCurrentWidget(self.setup)
        self.setup.focus_default()

    def show_setup(self) -> None:
        """Back to the set-up page between rounds; the next round is dealt from the next seed."""
        self._leave_round()
        if self.round is not None:
            self.seed = self.round_seed + 1
        self.clock_label.setText("")
        self.subtitle.setText("Choose the mode, the level and the house options")
        self.pages.setCurrentWidget(self.setup)
        self.setup.focus_default()

    def begin(self, settings: Settings | None = None) -> DealerRound | WatchRound | None:
        """Deal the first round with ``settings`` (default: as the set-up page shows)."""
        settings = settings or self.setup.settings()
        if settings is None:
            return None
        self.settings = settings
        self.round_number = 0
        seed = settings.seed if settings.seed is not None else self.seed
        return self._deal(seed)

    def next_round(self) -> DealerRound | WatchRound | None:
        """The next round at the same table: the next seed, the next round number."""
        if self.settings is None:
            return None
        self._leave_round()
        return self._deal(self.round_seed + 1)

    def _deal(self, seed: int) -> DealerRound | WatchRound | None:
        s = self.settings
        config = RoundConfig(self.game_id, seed, s.level, dict(s.options), self.round_number + 1)
        try:
            round_ = games.deal_round(config) if s.mode == DEAL_MODE else games.watch_round(config)
        except Exception as exc:  # noqa: BLE001 - a game module's failure is shown, never a crash
            self.pages.setCurrentWidget(self.setup)
            self.setup.show_error(f"The round cannot be dealt: {type(exc).__name__}: {exc}")
            return None
        self.round = round_
        self.round_seed = seed
        self.round_number += 1
        self._emitted = 0
        self._recorded = False
        script = round_.script
        self.players.set_lines(script.players)
        self.option_facts.set_lines(script.option_lines)
        self.subtitle.setText(f"{MODE_TEXTS[s.mode][0]} · {s.level.title} · round {self.round_number} · "
                              f"seed {seed}")
        self._set_wheel(has_wheel(script.scenes[0]))
        self.pages.setCurrentWidget(self.round_page)
        self.clock.start()
        if s.mode == DEAL_MODE:
            self.bars.setCurrentWidget(self.deal.bar)
            self.side_pages.setCurrentWidget(self.deal.panel)
            self.deal.begin(round_, show_next=s.level.show_next, lap=self.clock.lap)
        else:
            self.bars.setCurrentWidget(self.watch.bar)
            self.side_pages.setCurrentWidget(self.watch.panel)
            self.watch.begin(round_, lap=self.clock.lap)
        self.key_hint.setText(HINTS[WATCH_MODE] if s.mode == WATCH_MODE else
                              deal_hint(self.deal.verb_buttons, show_next=s.level.show_next))
        self.ticker.start()
        self._after_step()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        return round_

    @property
    def mode(self) -> str | None:
        return self.settings.mode if self.settings is not None else None

    @property
    def in_round(self) -> bool:
        return self.round is not None and not self.round.finished and self.pages.currentWidget() is self.round_page

    # ------------------------------------------------------------------ after each step
    def _after_step(self) -> None:
        r = self.round
        if r is None:
            return
        new = r.results[self._emitted:]
        self._emitted = len(r.results)
        for result in new:  # each once, in order, as it appears
            self.answered.emit(result)
        right = sum(res.correct for res in r.results)
        self.score_label.setText(f"{right} / {len(r.results)}")
        if new and isinstance(r, DealerRound):  # an action was completed: its clock starts again
            self.clock.action_done()
        self._show_scene()
        self._tick()

    def _show_scene(self) -> None:
        if self.round is None:
            return
        scene = self.deal.scene() if isinstance(self.round, DealerRound) else self.watch.scene()
        scene, pose = split_wheel(scene)
        self.table.set_scene(scene)
        if self.wheel_pane is not None and self.wheel_pane.isVisibleTo(self) and pose is not None:
            self.wheel_pane.show_pose(pose, animate=True)

    def _set_wheel(self, wheel: bool) -> None:
        """The wheel of a wheel game beside the layout, at rest before the spin."""
        if wheel and self.wheel_pane is None:
            self.wheel_pane = WheelPane(self.panel, self._wheel_height())
            self.wheel_holder.addWidget(self.wheel_pane)
        if self.wheel_pane is not None:
            self.wheel_pane.setVisible(wheel)
            self.wheel_pane.reset()

    def _round_over(self) -> None:
        r = self.round
        if r is None:
            return
        self._after_step()
        self.clock.stop()
        self.ticker.stop()
        self._tick()
        self._record()
        self.bars.setCurrentWidget(self.summary_bar)
        self.side_pages.setCurrentWidget(self.summary)
        self.summary.show_round(r.record, r.script.summary, watch_round=r if isinstance(r, WatchRound) else None,
                                hints=self.deal.hints if isinstance(r, DealerRound) else 0)
        self.key_hint.setText(HINTS["summary"])
        self.scroll.verticalScrollBar().setValue(0)
        self._show_scene()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _record(self) -> None:
        r = self.round
        if r is None or self._recorded:
            return
        self._recorded = True
        self.records.append(r.record)
        self.round_recorded.emit(r.record)

    def _started(self) -> bool:
        r = self.round
        if isinstance(r, DealerRound):
            return r.done > 0
        return r is not None and r.position > 0

    def _leave_round(self) -> None:
        """A round left part-way after at least one action is recorded, not completed."""
        if self.round is not None and not self._recorded and self._started():
            self._record()
        self._stop_round()

    def _stop_round(self) -> None:
        self.ticker.stop()
        self.watch.pause()
        self.deal.close_open()
        if self.wheel_pane is not None:
            self.wheel_pane.finish()

    def save_round(self) -> None:
        """Record the round in progress as it stands (the application is closing)."""
        self._leave_round()

    def leave(self) -> None:
        """Leave table mode (Esc, the Leave buttons). A round under way (an action done or
        watched) is left only when the trainee says so, as a practice session is."""
        if self.in_round and self._started() and not ask_to_leave(
                self, "Leave this round?", "This round is under way. Leave table mode? What you have done so far "
                "is recorded as a round not completed."):
            return
        played = self.round is not None
        self._leave_round()
        if played and self.records:
            self.finished.emit(self.records[-1])
        self.back_requested.emit()

    # ------------------------------------------------------------------ the clock
    def _tick(self) -> None:
        r = self.round
        if r is None:
            self.clock_label.setText("")
            return
        level = self.settings.level
        if isinstance(r, DealerRound):
            action_ms = 0 if r.finished else self.clock.action_ms()
            text = clock_text(action_ms, self.clock.round_ms(), r.record.target_ms,
                              action_target_ms=level.action_target_ms)
            late = bool(r.record.target_ms) and self.clock.round_ms() > r.record.target_ms
        else:
            text = f"Round {style.format_ms(self.clock.round_ms())}"
            late = False
        self.clock_label.setText(text)
        style.set_role(self.clock_label, "clock-late" if late else "clock")

    # ------------------------------------------------------------------ mouse and keys
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent) and \
                event.button() == Qt.MouseButton.LeftButton:
            if self.in_round and self.mode == DEAL_MODE:
                widget = watched if isinstance(watched, QWidget) else self.table
                pos = widget.mapTo(self.table, event.position().toPoint()) if widget is not self.table \
                    else event.position().toPoint()
                self.click_table(QPointF(pos))
                self.setFocus(Qt.FocusReason.MouseFocusReason)
                return True
        if event.type() == QEvent.Type.ChildAdded and watched is self.table:
            child = event.child()
            if isinstance(child, QWidget):
                child.installEventFilter(self)
        return super().eventFilter(watched, event)

    def click_table(self, pos: QPointF):
        """A click at ``pos`` (the table's coordinates): select what is there."""
        return self.deal.select_at(self.table, self.table.scene(), pos)

    def event(self, event: QEvent) -> bool:
        """Tab and Shift+Tab while dealing choose the next place of the table. Only the keys
        do: Qt also moves the focus on when the focused widget is hidden (the chip builder
        after a payout), and that must never move the selection."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and \
                event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and \
                self.in_round and self.mode == DEAL_MODE and self.deal.open_verb is None:
            self.deal.cycle(event.key() == Qt.Key.Key_Tab and
                            not event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            event.accept()
            return True
        return super().event(event)

    def focusNextPrevChild(self, forward: bool) -> bool:
        if self.in_round and self.mode == DEAL_MODE:  # the keys stay with the table
            self.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return super().focusNextPrevChild(forward)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        page = self.pages.currentWidget()
        if page is self.setup:
            if key == Qt.Key.Key_Escape:
                self.leave()
                event.accept()
                return
            if key in ENTER_KEYS:
                self.setup.request_start()
                event.accept()
                return
            return super().keyPressEvent(event)
        if self.in_round:
            handler = self.deal if self.mode == DEAL_MODE else self.watch
            if handler.key(event):
                event.accept()
                return
        elif self.round is not None and key in ENTER_KEYS and not event.isAutoRepeat():
            self.next_round()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            self.leave()
            event.accept()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.panel.setFixedWidth(WIDE_PANEL if self.width() >= WIDE_WINDOW else PANEL_WIDTH)
        if self.wheel_pane is not None:
            self.wheel_pane.set_height(self._wheel_height())

    def _wheel_height(self) -> int:
        return max(140, min(260, int(self.height() * 0.22)))

    def hideEvent(self, event) -> None:
        self.watch.pause()
        super().hideEvent(event)

    def shortcuts(self) -> list[tuple[str, str]]:
        """The keys of the page in front, for Help > Keyboard shortcuts (trainer/ui/menus.py)."""
        if self.pages.currentWidget() is self.setup:
            return [("Enter", "Deal the first round"), ("Esc", "Leave table mode")]
        if not self.in_round:
            return [("Enter", "Next round"), ("Esc", "Leave table mode")]
        if self.mode == WATCH_MODE:
            return [("Space, →", "Next action"), ("S", "Stop the dealer"), ("A", "Auto-play"),
                    ("1–4", "Answer"), ("Esc", "Leave table mode (asks first)")]
        rows = [("1–9", "Select a seat"), ("0", "Select the dealer"), ("Tab, Shift+Tab", "Every place in turn")]
        rows += [(VERBS[verb][1], VERBS[verb][0]) for verb in self.deal.verb_buttons if verb in VERBS]
        if DEAL in self.deal.verb_buttons:
            rows.append(("U", "Deal face up / face down"))
        if not self.settings.level.show_next:
            rows.append(("H", "Show a hint"))
        return rows + [("Esc", "Leave table mode (asks first)")]

    def focus_default(self) -> None:
        if self.pages.currentWidget() is self.setup:
            self.setup.focus_default()
        else:
            self.setFocus(Qt.FocusReason.OtherFocusReason)


__all__ = ["TableModeScreen"]
