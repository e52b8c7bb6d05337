"""The Pokette layout drill: chips of several players on the layout, the wheel spins, and
the trainee calls any irregular spin, marks the winning card, collects the losing wagers
and pays the winning ones in order, and announces the poker hand wagers after the second
card (trainer.games.pokette.drill.LayoutDrill does the rules and the grading).

``PoketteDrillScreen(seed=..., spins=..., players=...)``; ``start()`` begins a run.
Signals:
- ``answered(AnswerResult)``: each graded step, as it is graded (record it like a quiz answer);
- ``finished(DrillSummary)``: the trainee pressed Finish after the last spin;
- ``back_requested()``: the trainee left (Leave or Esc).

Keyboard: Space or Enter spins / goes on; number keys choose a call or an announcement;
a payout is typed and confirmed with Enter.
"""

from __future__ import annotations

from PySide6.QtCore import QElapsedTimer, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.core.money import AmountError, format_cents, parse_cents
from trainer.core.rng import fresh_seed
from trainer.games.pokette.drill import DrillSummary, Feedback, LayoutDrill
from trainer.ui import style
from trainer.ui.answer_inputs import OptionButton
from trainer.ui.confirm import ask_to_leave_round
from trainer.ui.pokette.layout_view import PoketteLayoutView
from trainer.ui.pokette.wheel_widget import WheelWidget
from trainer.ui.screens.quiz_screen import framed

PANEL_WIDTH = 420
WHEEL_HEIGHT = 340
KEYS = (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6, Qt.Key.Key_7,
        Qt.Key.Key_8, Qt.Key.Key_9)


class PoketteDrillScreen(QWidget):
    answered = Signal(object)  # trainer.training.session.AnswerResult
    finished = Signal(object)  # DrillSummary
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, seed: int | None = None, spins: int = 6, players: int = 4,
                 spin_ms: int | None = None) -> None:
        super().__init__(parent)
        self.setProperty("role", "screen")
        self.seed = seed
        self.spins = spins
        self.players = players
        self.spin_ms = spin_ms  # None: the wheel's own length (about five seconds)
        self.drill: LayoutDrill | None = None
        self.timer = QElapsedTimer()
        self.paying: int | None = None  # the chip whose payout is being typed
        self.choices: list[OptionButton] = []

        body = framed(self)
        self.layout_view = PoketteLayoutView(self)
        self.layout_view.setObjectName("pokette-layout")
        self.layout_view.section_clicked.connect(self._section_clicked)
        self.layout_view.chip_clicked.connect(self._chip_clicked)
        body.addWidget(self.layout_view, 1)
        body.addWidget(self._build_panel(), 0)
        self.layout().addLayout(body, 1)

    # ------------------------------------------------------------------ building
    def _build_header(self) -> QFrame:
        header = QFrame(self)
        header.setProperty("role", "header")
        row = QHBoxLayout(header)
        row.setContentsMargins(24, 12, 24, 12)
        titles = QVBoxLayout()
        titles.setSpacing(2)
        titles.addWidget(style.label("Pokette · Layout drill", "h2"))
        self.subtitle = style.label("", "muted")
        self.subtitle.setObjectName("drill-subtitle")
        titles.addWidget(self.subtitle)
        row.addLayout(titles, 1)
        score, self.score_label = style.score_box()
        row.addLayout(score)
        self.leave_button = style.leave_button(header, "Stop the drill and go back (Esc)", self._leave)
        row.addSpacing(16)
        row.addWidget(self.leave_button, 0, Qt.AlignmentFlag.AlignVCenter)
        return header

    def _build_panel(self) -> QWidget:
        column = QWidget(self)
        column.setFixedWidth(PANEL_WIDTH)
        box = QVBoxLayout(column)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(14)
        self.wheel = WheelWidget(column, background=style.BG)
        self.wheel.setObjectName("pokette-wheel")
        self.wheel.setFixedSize(PANEL_WIDTH, WHEEL_HEIGHT)
        self.wheel.spin_finished.connect(self._spin_finished)
        box.addWidget(self.wheel, 0, Qt.AlignmentFlag.AlignHCenter)

        self.panel = style.card(column)
        self.panel.setObjectName("drill-panel")
        frame = QVBoxLayout(self.panel)
        frame.setContentsMargins(0, 0, 0, 0)
        frame.setSpacing(0)
        scroll = QScrollArea(self.panel)  # a step with long options scrolls; nothing overlaps
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        content = QWidget()
        content.setObjectName("drill-panel-content")
        inner = QVBoxLayout(content)
        inner.setContentsMargins(22, 18, 22, 8)
        inner.setSpacing(10)
        self.content = content
        self.step_label = style.label("", "h2", wrap=True)
        self.step_label.setObjectName("step-title")
        inner.addWidget(self.step_label)
        self.step_text = style.label("", "explanation", wrap=True)
        self.step_text.setObjectName("step-text")
        inner.addWidget(self.step_text)
        self.choice_box = QVBoxLayout()
        self.choice_box.setSpacing(6)
        inner.addLayout(self.choice_box)

        self.pay_row = QWidget(self.panel)
        pay = QHBoxLayout(self.pay_row)
        pay.setContentsMargins(0, 0, 0, 0)
        pay.setSpacing(8)
        self.pay_label = style.label("", "h3", wrap=True)
        self.pay_label.setObjectName("pay-label")
        self.pay_edit = QLineEdit(self.pay_row)
        self.pay_edit.setObjectName("pay-amount")
        self.pay_edit.setPlaceholderText("0.00")
        self.pay_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.pay_edit.setFixedWidth(130)
        self.pay_edit.returnPressed.connect(self._pay_entered)
        self.pay_button = QPushButton("Pay", self.pay_row)
        self.pay_button.setObjectName("pay-button")
        self.pay_button.setProperty("role", "primary")
        self.pay_button.clicked.connect(self._pay_entered)
        pay_col = QVBoxLayout()
        pay_col.setSpacing(6)
        pay_col.addWidget(self.pay_label)
        line = QHBoxLayout()
        line.addWidget(self.pay_edit)
        line.addWidget(self.pay_button)
        line.addStretch(1)
        pay_col.addLayout(line)
        pay.addLayout(pay_col, 1)
        inner.addWidget(self.pay_row)

        self.feedback = QFrame(self.panel)
        self.feedback.setObjectName("drill-feedback")
        fb = QVBoxLayout(self.feedback)
        fb.setContentsMargins(12, 8, 12, 8)
        self.feedback_label = style.label("", "explanation", wrap=True)
        self.feedback_label.setObjectName("feedback-text")
        fb.addWidget(self.feedback_label)
        inner.addWidget(self.feedback)
        inner.addStretch(1)
        scroll.setWidget(content)
        frame.addWidget(scroll, 1)
        footer = QVBoxLayout()
        footer.setContentsMargins(22, 6, 22, 16)
        footer.setSpacing(8)
        frame.addLayout(footer)
        inner = footer
        self.hint = style.label("Space: spin or go on · 1-9: choose · Enter: pay · Esc: leave", "hint", wrap=True)
        self.hint.setObjectName("hint")
        inner.addWidget(self.hint)
        self.action_button = QPushButton("Spin", self.panel)
        self.action_button.setObjectName("action")
        self.action_button.setProperty("role", "primary")
        self.action_button.setMinimumHeight(42)
        self.action_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.action_button.clicked.connect(self._action)
        inner.addWidget(self.action_button)
        self.panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        box.addWidget(self.panel, 1)
        return column

    # ------------------------------------------------------------------ running
    def start(self, seed: int | None = None) -> None:
        """Begin a run (a fresh seed unless one is given)."""
        if seed is not None:
            self.seed = seed
        if self.seed is None:
            self.seed = fresh_seed()
        self.drill = LayoutDrill(self.seed, spins=self.spins, players=self.players)
        self.round_start = 0  # the drill's answers when this round began
        self.wheel.show_rest(float(self.drill.position))
        self.drill.next_round()
        self._show_feedback(None)
        self._refresh()

    def summary(self) -> DrillSummary | None:
        return self.drill.summary() if self.drill else None

    def _refresh(self) -> None:
        d = self.drill
        step = d.step
        self.layout_view.set_scene(d.scene())
        self.layout_view.set_interactive(cells=step.kind == "mark", chips=step.kind in ("collect", "pay"))
        self.step_label.setText(step.title)
        self.step_text.setText(self._step_text())
        seats = ", ".join(str(s) for s in d.seats)
        number = d.round.number if d.round else 1
        self.subtitle.setText(f"Spin {min(number, d.total_spins)} of {d.total_spins} · seats {seats} · "
                              f"seed {d.seed}")
        summary = d.summary()
        self.score_label.setText(f"{summary.correct} / {summary.steps}")
        self._set_choices(self._choices())
        self.pay_row.setVisible(step.kind == "pay" and self.paying is not None)
        action = {"spin": "Spin", "next": "Next spin", "done": "Finish"}.get(step.kind)
        self.action_button.setVisible(action is not None)
        self.action_button.setEnabled(action is not None and not self.wheel.is_spinning())
        if action:
            self.action_button.setText(action)
        self.timer.restart()

    def _step_text(self) -> str:
        d = self.drill
        step = d.step
        if step.kind in ("collect", "pay"):
            left = d.remaining()
            noun = "chip" if len(left) == 1 else "chips"
            return f"{step.text} {len(left)} {noun} left."
        if step.kind == "spin" and self.wheel.is_spinning():
            return "The wheel is turning…"
        return step.text

    def _choices(self) -> tuple[str, ...]:
        d = self.drill
        if d.step.kind == "call":
            return d.call_options()
        if d.step.kind == "announce":
            return d.announce_options()
        return ()

    def _set_choices(self, options: tuple[str, ...]) -> None:
        if tuple(b.option_text for b in self.choices) == options:
            return
        for b in self.choices:
            self.choice_box.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.choices = []
        for n, text in enumerate(options, 1):
            b = OptionButton(n, text, self.content)
            b.clicked.connect(lambda _=False, t=text: self._choose(t))
            self.choice_box.addWidget(b)
            self.choices.append(b)
        width = PANEL_WIDTH - 48  # the panel's inner width
        for b in self.choices:  # wrapped options get the height their text needs
            b.setMinimumHeight(b.heightForWidth(width))
        self.content.layout().activate()

    def _show_feedback(self, fb: Feedback | None) -> None:
        if fb is None or not fb.message:
            self.feedback.setVisible(False)
            return
        self.feedback.setVisible(True)
        self.feedback.setProperty("role", "banner-good" if fb.correct else "banner-bad")
        style.repolish(self.feedback)
        self.feedback_label.setText(fb.message)

    def _graded(self, fb: Feedback) -> None:
        if fb.result is not None:
            self.answered.emit(fb.result)
        self._show_feedback(fb)
        self._refresh()

    def _ms(self) -> int:
        return int(self.timer.elapsed()) if self.timer.isValid() else 0

    # ------------------------------------------------------------------ actions
    def _action(self) -> None:
        d = self.drill
        if d is None or self.wheel.is_spinning():
            return
        kind = d.step.kind
        if kind == "spin":
            self._show_feedback(None)
            self.wheel.spin(d.current_spin().spin, self.spin_ms)
            self._refresh()
        elif kind == "next":
            self._show_feedback(None)
            d.next_round()
            self.round_start = len(d.results)
            self._refresh()
            self._action()  # straight into the spin: the bets are down
        elif kind == "done":
            self.finished.emit(d.summary())

    def _spin_finished(self, _position: float) -> None:
        d = self.drill
        if d is None or d.round is None:
            return
        d.spun()
        if d.step.kind == "mark":
            self.wheel.set_highlight(str(d.round.winner))
        self._refresh()

    def _choose(self, text: str) -> None:
        d = self.drill
        if d.step.kind == "call":
            fb = d.call(text, self._ms())
            if d.step.kind == "mark":
                self.wheel.set_highlight(str(d.round.winner))
        elif d.step.kind == "announce":
            fb = d.announce(text, self._ms())
        else:
            return
        self._graded(fb)

    def _section_clicked(self, section: str) -> None:
        d = self.drill
        if d is None or d.step.kind != "mark":
            return
        self._graded(d.mark(section, self._ms()))

    def _chip_clicked(self, index: int) -> None:
        d = self.drill
        if d is None:
            return
        if d.step.kind == "collect":
            fb = d.click_chip(index, self._ms())
            self._graded(fb)
        elif d.step.kind == "pay":
            if d.is_winner_now(index):
                self.paying = index
                res = d.round.settlement.results[index]
                self.pay_label.setText(f"Seat {res.bet.seat} · {res.bet.placement.label()} · "
                                       f"{format_cents(res.bet.amount)}")
                self.pay_edit.clear()
                style.set_flag(self.pay_edit, "invalid", False)
                self._refresh_highlight(index)
                self.pay_row.setVisible(True)
                self.pay_edit.setFocus()
            else:
                self._show_feedback(Feedback(False, "That chip is not paid now: pay the highlighted phase's "
                                                    "winning wagers."))

    def _refresh_highlight(self, index: int) -> None:
        from dataclasses import replace

        scene = self.drill.scene()
        chips = tuple(replace(c, highlight=i == index) for i, c in enumerate(scene.chips))
        self.layout_view.set_scene(replace(scene, chips=chips))

    def _pay_entered(self) -> None:
        d = self.drill
        if d is None or self.paying is None:
            return
        try:
            cents = parse_cents(self.pay_edit.text() or "0")
        except AmountError as e:
            style.set_flag(self.pay_edit, "invalid", True)
            self._show_feedback(Feedback(False, str(e)))
            return
        index, self.paying = self.paying, None
        fb = d.pay(index, cents, self._ms())
        self._graded(fb)

    def round_in_progress(self) -> bool:
        """A step of this round answered and the round not settled."""
        d = self.drill
        return d is not None and d.step.kind not in ("next", "done") and \
            len(d.results) > getattr(self, "round_start", 0)

    def _leave(self) -> None:
        """Esc and Leave: back, after asking when a round is under way (trainer/ui/confirm.py)."""
        if self.round_in_progress() and not ask_to_leave_round(self, len(self.drill.results) - self.round_start):
            return
        self.wheel.finish_now()
        self.back_requested.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self._leave()
            return
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.action_button.isVisible():
            self._action()
            return
        if key in KEYS and self.choices:
            n = KEYS.index(key)
            if n < len(self.choices):
                self._choose(self.choices[n].option_text)
                return
        super().keyPressEvent(event)


__all__ = ["PoketteDrillScreen"]
