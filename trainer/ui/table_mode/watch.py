"""Table mode, "Spot the error": the app deals, the trainee stops it at each mistake.

``WatchMode`` drives a ``WatchRound``. Its ``bar`` (under the table) has "Next" (Space or
→), the big "Stop!" button (S) and the auto-play toggle (A: the app deals on by itself
at the level's time per action, or every 2 s at an untimed level); its ``panel`` (beside
the table) shows what the dealer just did, the verdict of a stop, the two questions
after a catch (the rule broken, then the remedy; number keys answer), a mistake let pass
the moment it is passed, and the log of the round.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from trainer.training.table_mode.watch import WatchRound
from trainer.ui import style
from trainer.ui.flow import RowFlowLayout
from trainer.ui.table_mode.parts import Banner, ChoiceList, LogList, paragraph

UNTIMED_STEP_MS = 2000  # auto-play's pace at a level without a time per action
NEXT_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Right)
STOP_KEY = Qt.Key.Key_S
AUTO_KEY = Qt.Key.Key_A


class WatchMode(QObject):
    changed = Signal()  # a new result, a new action shown: the screen refreshes
    round_over = Signal()
    reveal = Signal(object)  # a widget of the panel the trainee must see now (the screen scrolls to it)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.round: WatchRound | None = None
        self.step_ms = UNTIMED_STEP_MS
        self._lap = lambda: 0
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._auto_step)
        self.bar = self._build_bar(parent)
        self.panel = self._build_panel(parent)

    # ------------------------------------------------------------------ widgets
    def _build_bar(self, parent: QWidget) -> QWidget:
        bar = QWidget(parent)
        bar.setObjectName("watch-bar")
        # The buttons wrap onto a second line beside a narrow table (a 1024-pixel window);
        # the auto-play pace goes under them.
        box = style.vbox(bar, 0, 6)
        row = RowFlowLayout(spacing=12)
        box.addLayout(row)
        self.auto_button = style.button("Auto-play (A)", bar, name="auto-play", role="verb")
        self.auto_button.setCheckable(True)
        self.auto_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.auto_button.setToolTip("The dealer deals on by itself at the level's pace (A)")
        self.auto_button.clicked.connect(lambda: self.set_auto(self.auto_button.isChecked()))
        row.addWidget(self.auto_button)
        self.pace_label = style.label("", "hint", wrap=True)
        box.addWidget(self.pace_label)
        self.next_button = style.button("Next  (Space / →)", bar, name="watch-next", height=46, on_click=self.next,
                                        focus=False)
        row.addWidget(self.next_button)
        self.stop_button = style.button("STOP!  (S)", bar, name="watch-stop", role="stop", height=52)
        self.stop_button.setMinimumWidth(200)
        self.stop_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.stop_button.setToolTip("The dealer got that wrong: stop the round (S)")
        self.stop_button.clicked.connect(self.stop)
        row.addWidget(self.stop_button)
        return bar

    def _build_panel(self, parent: QWidget) -> QWidget:
        panel = QWidget(parent)
        panel.setObjectName("watch-panel")
        box = style.vbox(panel, 0, 12)
        box.addWidget(style.label("THE DEALER", "stat-label"))
        self.dealer_says = style.label("", "dealer-says", wrap=True, name="dealer-says")
        box.addWidget(self.dealer_says)
        self.verdict = Banner(panel)
        self.verdict.setObjectName("verdict")
        box.addWidget(self.verdict)
        self.question = style.label("", "h3", wrap=True, name="watch-question")
        box.addWidget(self.question)
        self.choices = ChoiceList(panel)
        self.choices.setObjectName("watch-choices")
        self.choices.chosen.connect(self.answer)
        box.addWidget(self.choices)
        self.answer_banner = Banner(panel)
        self.answer_banner.setObjectName("answer-verdict")
        box.addWidget(self.answer_banner)
        box.addWidget(style.label("AT THE TABLE", "stat-label"))
        self.log = LogList(5, panel)
        self.log.setObjectName("watch-log")
        box.addWidget(self.log)
        return panel

    # ------------------------------------------------------------------ the round
    def begin(self, round_: WatchRound, *, lap) -> None:
        self.round = round_
        self._lap = lap
        target = round_.level.action_target_ms
        self.step_ms = target or UNTIMED_STEP_MS
        self.pace_label.setText(f"auto-play: one action every {style.format_ms(self.step_ms)}")
        self.set_auto(False)
        self.log.clear()
        self.verdict.clear()
        self.answer_banner.clear()
        self._show_question()
        self._show_current()

    @property
    def active(self) -> bool:
        return self.round is not None and not self.round.finished

    @property
    def asking(self) -> bool:
        return self.round is not None and bool(self.round.pending)

    def scene(self) -> object:
        return self.round.scene() if self.round is not None else None

    def _show_current(self) -> None:
        r = self.round
        cur = r.current() if r is not None else None
        if cur is not None:
            self.dealer_says.setText(cur.action.text)
            self.log.add(cur.action.text)
        self._update_buttons()
        self.changed.emit()

    def _update_buttons(self) -> None:
        going = self.active and not self.asking
        self.next_button.setEnabled(going)
        self.stop_button.setEnabled(going and self.round.position not in self.round.stopped)

    # ------------------------------------------------------------------ the trainee
    def next(self) -> None:
        """Let the action shown pass and show the next one."""
        r = self.round
        if r is None or r.finished or r.pending:
            return
        self.answer_banner.clear()
        r.proceed(self._lap())
        missed = r.missed_last()
        if missed is not None:
            self.verdict.show_message("bad", "Missed — that was a mistake", paragraph(
                f"{missed.performed.text}: {missed.rule}") + paragraph(f"Remedy: {missed.remedy}"),
                (missed.rule_citation, missed.remedy_citation))
            self.reveal.emit(self.verdict)
        else:
            self.verdict.clear()
        if r.finished:
            self.set_auto(False)
            self._update_buttons()
            self.changed.emit()
            self.round_over.emit()
            return
        self._show_current()

    def stop(self) -> None:
        """Stop the dealer at the action shown."""
        r = self.round
        if r is None or r.finished or r.pending or r.position in r.stopped:
            return
        self.timer.stop()
        caught, message = r.stop(self._lap())
        if caught:  # the message repeats what the dealer did: the questions say it
            self.verdict.show_message("good", "Caught! The dealer made a mistake")
        else:
            cur = r.current()
            self.verdict.show_message("bad", "False alarm — nothing was wrong", paragraph(message),
                                      cur.action.citations if cur is not None else ())
            self._resume_auto()
        self._show_question()
        self._update_buttons()
        self.changed.emit()
        self.reveal.emit(self.choices if caught else self.verdict)

    def answer(self, given: str) -> None:
        """Answer the question in hand (the rule, then the remedy)."""
        r = self.round
        if r is None or not r.pending:
            return
        q = r.pending[0]
        result = r.answer(given, self._lap())
        if result.correct:
            self.answer_banner.show_message("good", "Right", paragraph(q.explanation), q.citations)
        else:
            self.answer_banner.show_message("bad", "Not that one", paragraph(f"You: {given}", colour=style.MUTED)
                                            + paragraph(f"The answer: {q.explanation}"), q.citations)
        self._show_question()
        self._update_buttons()
        if not r.pending:
            self._resume_auto()
        self.changed.emit()
        self.reveal.emit(self.choices if r.pending else self.answer_banner)

    def _show_question(self) -> None:
        r = self.round
        q = r.pending[0] if r is not None and r.pending else None
        self.question.setVisible(q is not None)
        if q is None:
            self.question.setText("")
            self.choices.set_choices(())
            return
        step = "1 of 2 — the rule" if q.kind.endswith("watch-rule") else "2 of 2 — the remedy"
        self.question.setText(f"{q.prompt}  ({step})")
        self.choices.set_choices(q.options, self.panel.width() or None)

    # ------------------------------------------------------------------ auto-play
    def set_auto(self, on: bool) -> None:
        self.auto_button.setChecked(on)
        if on and self.active and not self.asking:
            self.timer.start(self.step_ms)
        else:
            self.timer.stop()

    def _resume_auto(self) -> None:
        if self.auto_button.isChecked() and self.active and not self.asking:
            self.timer.start(self.step_ms)

    def _auto_step(self) -> None:
        if not self.active or self.asking:
            self.timer.stop()
            return
        self.next()

    def pause(self) -> None:
        self.set_auto(False)

    # ------------------------------------------------------------------ keys
    def key(self, event: QKeyEvent) -> bool:
        r = self.round
        if r is None or r.finished:
            return False
        key = event.key()
        if r.pending:
            return self.choices.choose_key(key)
        if key in NEXT_KEYS:
            if not event.isAutoRepeat():
                self.next()
            return True
        if key == STOP_KEY:
            self.stop()
            return True
        if key == AUTO_KEY:
            self.set_auto(not self.auto_button.isChecked())
            return True
        return False


__all__ = ["UNTIMED_STEP_MS", "WatchMode"]
