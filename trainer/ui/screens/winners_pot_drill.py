"""Winner's Pot Poker: "run the round". The app deals whole rounds street by street on the
table (the button, the pot, the discard rack, each seat's down and up cards), simulated
players bet, double or fold, and at each key step the trainee answers for the dealer:
where the button lies, who is dealt first, who decides first, where a fold goes, the
pot, the dealer's hand, each Jacks Plus payout, the highest hand, the commission and
the shares. Each answer is graded at once, with the rule, then the app does the step
right and deals on.

The screen owns no store: every graded step is emitted as ``answered(AnswerResult)``
before its feedback is shown (connect it to the same recording path as the quiz), and
``answer_saved(index)`` / ``answer_not_saved(index, message)`` show the result of saving.

    screen = WinnersPotDrillScreen()
    screen.answered.connect(record_answer)        # AnswerResult, one per graded step
    screen.finished.connect(show_summary)         # the RoundDrill, when the trainee finishes
    screen.back_requested.connect(show_home)      # Leave or Esc
    screen.start(seed)                            # seed None: a fresh one

Keys: number keys and the numpad answer (as in the quiz); Enter, Space or N go on after
the feedback; Space while the cards go out deals straight to the next question; Esc leaves.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from trainer.core.money import format_cents
from trainer.core.rng import fresh_seed
from trainer.games.winners_pot import dealing
from trainer.games.winners_pot import round as R
from trainer.games.winners_pot.drill import RoundDrill
from trainer.games.winners_pot.pot import percent_text
from trainer.contracts.question import AnswerResult
from trainer.ui import style
from trainer.ui.answer_inputs import AnswerInput
from trainer.ui.confirm import ask_to_leave_round
from trainer.ui.screens.quiz_screen import Answering, Pages, framed
from trainer.ui.winners_pot_view import WinnersPotTableView

PANEL_WIDTH = 480
STEP_MS = 110  # between cards going out
PAUSE_MS = 480  # after a player's decision, a collection, a reveal
QUICK = {R.DEAL, R.STACK, R.BURN, R.NO_MORE_BETS, R.LOAD_SHOE, R.UNLOAD_SHOE}
GO_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_N)
LOG_LINES = 4

LOCAL_STYLE = f"""
QLabel[role="fact"] {{
    background: {style.SURFACE_ALT}; color: {style.TEXT}; border: 1px solid {style.BORDER};
    border-radius: 10px; padding: 3px 10px; font-size: 9.5pt; font-weight: 600;
}}
QLabel[role="log"] {{ color: {style.MUTED}; font-size: 10pt; }}
QLabel[role="log-new"] {{ color: {style.TEXT}; font-size: 10pt; font-weight: 600; }}
QLabel[role="log-irregular"] {{ color: {style.BAD}; font-size: 10pt; font-weight: 600; }}
QLabel[role="dealing"] {{ color: {style.ACCENT}; font-size: 12pt; font-weight: 600; }}
"""


class WinnersPotDrillScreen(Answering, QWidget):
    answered = Signal(object)  # AnswerResult of each graded step, emitted before its feedback
    finished = Signal(object)  # the RoundDrill, when the trainee chooses Finish after a round
    back_requested = Signal()  # Leave or Esc

    def __init__(self, parent: QWidget | None = None, *, seats: list[int] | None = None, method: str | None = None,
                 step_ms: int = STEP_MS, pause_ms: int = PAUSE_MS) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.setStyleSheet(LOCAL_STYLE)
        self.seats = seats
        self.method = method
        self.step_ms, self.pause_ms = step_ms, pause_ms
        self.drill: RoundDrill | None = None
        self.input: AnswerInput | None = None
        self.last_result: AnswerResult | None = None
        self.save_state: dict[int, str | None] = {}
        self.elapsed = QElapsedTimer()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._tick)

        body = framed(self)
        self.table = WinnersPotTableView(self)
        self.table.setObjectName("table")
        self.table.setMinimumSize(560, 360)
        body.addWidget(self.table, 1)
        self.panel = style.card(self)
        self.panel.setObjectName("drill-panel")
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.panel.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        body.addWidget(self.panel, 0)
        self.layout().addLayout(body, 1)
        self._build_panel()

    # ---------------------------------------------------------------- layout
    def _build_header(self) -> QFrame:
        header, row, titles = self._header()
        titles.addWidget(style.label("Winner's Pot Poker", "h2"))
        titles.addWidget(style.label("Run the round: you are the dealer", "muted"))
        row.addLayout(titles, 1)
        middle = QVBoxLayout()
        middle.setSpacing(2)
        self.round_label = style.label("", "h3")
        self.round_label.setObjectName("round")
        self.round_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        middle.addWidget(self.round_label)
        self.street_label = style.label("", "small")
        self.street_label.setObjectName("street")
        self.street_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        middle.addWidget(self.street_label)
        row.addLayout(middle, 0)
        self._score_and_leave(header, row, "Stop the drill and go back (Esc)", self.leave)
        return header

    def _build_panel(self) -> None:
        outer, scroll = self._scrolling_panel()
        self.scroll = scroll
        content = QWidget()
        box = QVBoxLayout(content)
        box.setContentsMargins(24, 20, 24, 16)
        box.setSpacing(14)
        self.fact_labels = [style.label("", "fact") for _ in range(3)]
        for n, f in enumerate(self.fact_labels):
            f.setObjectName(("fact-ante", "fact-commission", "fact-method")[n])
        rows = QVBoxLayout()
        rows.setSpacing(6)
        for members in ((0, 2), (1,)):
            line = QHBoxLayout()
            line.setSpacing(6)
            for i in members:
                line.addWidget(self.fact_labels[i])
            line.addStretch(1)
            rows.addLayout(line)
        box.addLayout(rows)
        self._answer_parts(self.go_on)
        box.addWidget(self.prompt)
        self.pages = Pages(content)
        self.dealing_page = QWidget()
        dbox = QVBoxLayout(self.dealing_page)
        dbox.setContentsMargins(0, 0, 0, 0)
        self.dealing_label = style.label("Dealing…", "dealing", wrap=True)
        self.dealing_label.setObjectName("dealing")
        dbox.addWidget(self.dealing_label)
        self.round_page = QWidget()
        rbox = QVBoxLayout(self.round_page)
        rbox.setContentsMargins(0, 0, 0, 0)
        rbox.setSpacing(8)
        self.round_summary = style.label("", "explanation", wrap=True)
        self.round_summary.setObjectName("round-summary")
        rbox.addWidget(self.round_summary)
        for page in (self.dealing_page, self.input_holder, self.feedback, self.round_page):
            self.pages.addWidget(page)
        box.addWidget(self.pages)
        box.addWidget(style.rule(content))
        box.addWidget(style.label("AT THE TABLE", "stat-label"))
        self.log_labels = [style.label("", "log", wrap=True) for _ in range(LOG_LINES)]
        for lab in self.log_labels:
            box.addWidget(lab)
        box.addStretch(1)
        scroll.setWidget(content)
        outer.addWidget(scroll, 1)

        footer, row = self._footer(24)
        self.finish_button = QPushButton("Finish", footer)
        self.finish_button.setObjectName("finish")
        self.finish_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.finish_button.clicked.connect(self._finish)
        row.addWidget(self.finish_button)
        self.go_button = QPushButton("Submit", footer)
        self.go_button.setObjectName("go")
        self.go_button.setProperty("role", "primary")
        self.go_button.setMinimumHeight(42)
        self.go_button.setMinimumWidth(150)
        self.go_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.go_button.clicked.connect(self._go_clicked)
        row.addWidget(self.go_button)
        outer.addWidget(style.rule(self.panel))
        outer.addWidget(footer)

    # ---------------------------------------------------------------- the drill
    def start(self, seed: int | None = None, *, recording: bool = True) -> RoundDrill:
        """A new drill at a new table; returns it (``drill.seed`` replays it)."""
        self.timer.stop()
        self.drill = RoundDrill(fresh_seed() if seed is None else seed, seats=self.seats, method=self.method)
        self.round_start = 0  # the drill's answers when this round began
        self.feedback.recording = recording
        self.save_state = {}
        self.last_result = None
        self._refresh()
        self._deal_on()
        return self.drill

    @property
    def state(self) -> str:
        """'dealing', 'question', 'feedback' or 'round-over'."""
        current = self.pages.currentWidget()
        return {self.dealing_page: "dealing", self.input_holder: "question", self.feedback: "feedback",
                self.round_page: "round-over"}.get(current, "dealing")

    def _deal_on(self) -> None:
        self.pages.setCurrentWidget(self.dealing_page)
        self.prompt.setText("")
        self.prompt.hide()
        self.dealing_label.setText("Dealing…")
        self.go_button.setText("Deal to the next step")
        self.go_button.setEnabled(True)
        self.finish_button.hide()
        self.hint.setText("Space deals straight to the next step")
        self.timer.start(0)

    def _tick(self) -> None:
        drill = self.drill
        if drill is None:
            return
        op = drill.advance()
        self._refresh()
        if drill.pending is not None:
            self._show_question()
        elif drill.round_over:
            self._show_round_over()
        elif op is not None:
            self.dealing_label.setText(op.text)
            self.timer.start(self.step_ms if op.kind in QUICK else self.pause_ms)
        else:
            self.timer.start(self.pause_ms)

    def fast_forward(self) -> None:
        """Deal straight to the next question (or the end of the round)."""
        drill = self.drill
        if drill is None or self.state != "dealing":
            return
        self.timer.stop()
        drill.run_to_question()
        self._refresh()
        if drill.pending is not None:
            self._show_question()
        else:
            self._show_round_over()

    def _show_question(self) -> None:
        q = self.drill.pending
        self.prompt.setText(q.prompt)
        self.prompt.show()
        self.replace_input(q, self._update_go)
        self.pages.setCurrentWidget(self.input_holder)
        self.input.show()
        self.go_button.setText("Submit")
        self.hint.setText(self.input.hint)
        self._update_go()
        self.scroll.verticalScrollBar().setValue(0)
        self.input.focus_input()
        self.elapsed.start()

    def _update_go(self) -> None:
        if self.state == "question" and self.input is not None:
            self.go_button.setEnabled(self.drill.pending.form in ("amounts", "settle") or self.input.is_ready())
        else:
            self.go_button.setEnabled(True)

    def submit_answer(self, given: str, response_ms: int | None = None) -> None:
        """Grade the step, report it (so it is recorded at once), then show the feedback."""
        drill = self.drill
        if drill is None or drill.pending is None or self.state != "question":
            return
        ms = response_ms if response_ms is not None else (int(self.elapsed.elapsed()) if self.elapsed.isValid() else 0)
        result = drill.answer(given, ms)
        self.last_result = result
        index = drill.answered - 1
        self.answered.emit(result)
        self.feedback.show_result(result)
        self._show_saved(index)
        self.pages.setCurrentWidget(self.feedback)
        self.go_button.setText("Continue")
        self.go_button.setEnabled(True)
        self.hint.setText("Enter, Space or N to deal on")
        self._refresh()
        self.scroll.verticalScrollBar().setValue(0)
        self.feedback.setFocus(Qt.FocusReason.OtherFocusReason)

    def go_on(self) -> None:
        """After the feedback (or the end of a round): deal on."""
        if self.state == "feedback":
            self._deal_on()
        elif self.state == "round-over":
            self.next_round()

    def next_round(self) -> None:
        if self.drill is None:
            return
        self.drill.start_round()
        self.round_start = self.drill.answered
        self._refresh()
        self._deal_on()

    def _show_round_over(self) -> None:
        drill = self.drill
        lines = drill.round_summary()
        n = self._round_answers()
        this_round = drill.results[-n:] if n else []
        right = sum(res.correct for res in this_round)
        html = []
        for i, line in enumerate(lines):
            text = escape(line)
            html.append(f"<p style='margin:0 0 8px 0'>{'<b>' + text + '</b>' if i == 0 else text}</p>")
        html.append(f"<p style='margin:6px 0 0 0; color:{style.MUTED}'>This round: <b>{right} of {len(this_round)}"
                    "</b> steps right.</p>")
        self.prompt.setText(f"Round {drill.round_no} is over")
        self.prompt.show()
        self.round_summary.setTextFormat(Qt.TextFormat.RichText)
        self.round_summary.setText("".join(html))
        self.pages.setCurrentWidget(self.round_page)
        self.go_button.setText("Deal the next round")
        self.go_button.setEnabled(True)
        self.finish_button.show()
        self.hint.setText("Enter for the next round")
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _round_answers(self) -> int:
        drill = self.drill
        n = 0
        for res in reversed(drill.results):
            n += 1
            if res.question.kind.endswith("drill-button"):
                break
        return n

    def _finish(self) -> None:
        self.timer.stop()
        if self.drill is not None:
            self.finished.emit(self.drill)

    def _go_clicked(self) -> None:
        state = self.state
        if state == "dealing":
            self.fast_forward()
        elif state == "question" and self.input is not None:
            self.input.submit()
        else:
            self.go_on()

    # ---------------------------------------------------------------- showing
    def _refresh(self) -> None:
        drill = self.drill
        if drill is None:
            return
        r = drill.round
        self.table.set_scene(drill.scene(caption=self._caption()))
        self.round_label.setText(f"Round {drill.round_no}")
        self.street_label.setText(self._street_text())
        self.score_label.setText(f"{drill.correct} / {drill.answered}")
        self.fact_labels[0].setText(f"Ante {format_cents(r.ante)}")
        opts = r.options
        self.fact_labels[1].setText(f"Commission {percent_text(opts.percent_bp)} or {format_cents(opts.fixed)}, "
                                    "whichever is less")
        self.fact_labels[1].setToolTip("The lesser of the percentage and the fixed amount (§10(h)(2); ruling 20)")
        self.fact_labels[2].setText({dealing.MANUAL_SHOE: "Manual shoe", dealing.HAND: "From the hand",
                                     dealing.AUTOMATED_SHOE: "Automated shoe"}[r.method])
        events = drill.events[-LOG_LINES:]
        for i, lab in enumerate(self.log_labels):
            if i < len(events):
                e = events[-1 - i]
                lab.setText(e.text)
                style.set_role(lab, "log-irregular" if e.irregular else "log-new" if i == 0 else "log")
                lab.show()
            else:
                lab.hide()

    def _caption(self) -> str:
        r = self.drill.round
        return "Button " + ("before the dealer" if r.button == dealing.DEALER else f"at seat {r.button}")

    def _street_text(self) -> str:
        r = self.drill.round
        if self.drill.round_over:
            return "Round complete"
        return {R.DEAL_1: "The first three cards", R.BET_ROUND: "Bet or fold", R.DEAL_4: "The fourth card",
                R.DOUBLE_ROUND: "Double or fold", R.DEAL_5: "The fifth card", R.SHOWDOWN: "The showdown",
                R.JACKS: "Jacks Plus", R.FINISH: "The winner's pot"}.get(r.phase, "")

    # ---------------------------------------------------------------- saving
    def _showing(self, index: int) -> bool:
        return self.drill is not None and self.state == "feedback" and self.drill.answered - 1 == index

    # ---------------------------------------------------------------- keys
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.leave()
            event.accept()
            return
        if key in GO_KEYS and not event.isAutoRepeat():
            if self.state == "dealing":
                self.fast_forward()
                event.accept()
                return
            if self.state == "round-over":
                self.next_round()
                event.accept()
                return
        super().keyPressEvent(event)

    def round_in_progress(self) -> bool:
        """A step of this round answered and the round not over."""
        return self.drill is not None and self.state != "round-over" and \
            self.drill.answered > getattr(self, "round_start", 0)

    def leave(self) -> None:
        """Esc and Leave: back, after asking when a round is under way (trainer/ui/confirm.py)."""
        if self.round_in_progress() and not ask_to_leave_round(self, self.drill.answered - self.round_start):
            return
        self.timer.stop()
        self.back_requested.emit()

    def hideEvent(self, event) -> None:
        self.timer.stop()
        super().hideEvent(event)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.drill is not None and self.state == "dealing" and not self.timer.isActive():
            self.timer.start(self.step_ms)


__all__ = ["WinnersPotDrillScreen"]
